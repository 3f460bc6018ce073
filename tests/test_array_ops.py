"""Array manipulation ops against TF 1.x's documented results and errors.

Expected values come from the examples in the TF API docs of each op and from
TF itself (eager); error classes and messages are TF's.
"""

import re

import numpy as np
import pytest

import tfcompat as tf

InvalidArgument = tf.errors.InvalidArgumentError


def check(tensor, expected, dtype):
    """``tensor`` is a Tensor of TF dtype ``dtype`` holding exactly ``expected``."""
    assert isinstance(tensor, tf.Tensor) and tensor.dtype == dtype, (tensor, dtype)
    np.testing.assert_array_equal(tensor.numpy(), np.asarray(expected, dtype=dtype.as_numpy_dtype))
    assert tensor.shape.as_list() == list(np.shape(expected))


def raises(kind, message):
    return pytest.raises(kind, match=re.escape(message))


T3 = [[[1, 1, 1], [2, 2, 2]], [[3, 3, 3], [4, 4, 4]], [[5, 5, 5], [6, 6, 6]]]  # the docs' 3x2x3 tensor
R24 = np.arange(24).reshape([1, 2, 3, 4])


# --- reshape / transpose / expand_dims / squeeze ----------------------------------------------

def test_reshape_doc_examples():
    check(tf.reshape([1, 2, 3, 4, 5, 6, 7, 8, 9], [3, 3]), [[1, 2, 3], [4, 5, 6], [7, 8, 9]], tf.int32)
    check(tf.reshape([[[1, 1], [2, 2]], [[3, 3], [4, 4]]], [2, 4]), [[1, 1, 2, 2], [3, 3, 4, 4]], tf.int32)
    check(tf.reshape(T3, [-1]), np.ravel(T3), tf.int32)
    check(tf.reshape(T3, [2, -1]), np.reshape(T3, [2, 9]), tf.int32)
    check(tf.reshape(T3, [-1, 9]), np.reshape(T3, [2, 9]), tf.int32)
    check(tf.reshape(T3, [2, -1, 3]), np.reshape(T3, [2, 3, 3]), tf.int32)
    check(tf.reshape([7], []), 7, tf.int32)
    assert tf.manip.reshape is tf.reshape


def test_reshape_shape_forms():
    x = tf.zeros([2, 3])
    assert tf.reshape(x, tf.shape(tf.zeros([3, 2]))).shape.as_list() == [3, 2]
    assert tf.reshape(x, tf.constant([3, 2], tf.int64)).shape.as_list() == [3, 2]
    assert tf.reshape(x, (6,)).shape.as_list() == [6]
    assert tf.reshape(x, tf.TensorShape([3, 2])).shape.as_list() == [3, 2]
    assert tf.reshape(x, [tf.constant(3), -1]).shape.as_list() == [3, 2]
    assert tf.reshape(x, [x.shape[1], -1]).shape.as_list() == [3, 2]  # a Dimension entry
    check(tf.reshape([["a", "b"]], [2]), [b"a", b"b"], tf.string)


def test_reshape_errors():
    six = tf.range(6)
    with raises(InvalidArgument, "Input to reshape is a tensor with 6 values, but the requested shape has 4 "
                                 "[Op:Reshape]"):
        tf.reshape(six, [2, 2])
    with raises(InvalidArgument, "Input to reshape is a tensor with 6 values, but the requested shape requires a "
                                 "multiple of 4 [Op:Reshape]"):
        tf.reshape(six, [-1, 4])
    with raises(InvalidArgument, "Only one input size may be -1, not both 0 and 1 [Op:Reshape]"):
        tf.reshape(six, [-1, -1])
    with raises(InvalidArgument, "Size 1 must be non-negative, not -2 [Op:Reshape]"):
        tf.reshape(six, [3, -2])
    with raises(InvalidArgument, "sizes input must be 1-D, not [1,2] [Op:Reshape]"):
        tf.reshape(six, [[2, 3]])
    with raises(InvalidArgument, "Value for attr 'Tshape' of float is not in the list of allowed values: int32, int64"):
        tf.reshape(six, [2.0, 3])
    with raises(InvalidArgument, "Input to reshape is a tensor with 2 values, but the requested shape has 3"):
        tf.reshape(["a", "b"], [3])


def test_transpose_doc_examples():
    x = [[1, 2, 3], [4, 5, 6]]
    check(tf.transpose(x), [[1, 4], [2, 5], [3, 6]], tf.int32)
    check(tf.transpose(x, perm=[1, 0]), [[1, 4], [2, 5], [3, 6]], tf.int32)
    c = [[1 + 1j, 2 + 2j, 3 + 3j], [4 + 4j, 5 + 5j, 6 + 6j]]
    check(tf.transpose(c, conjugate=True), [[1 - 1j, 4 - 4j], [2 - 2j, 5 - 5j], [3 - 3j, 6 - 6j]], tf.complex128)
    check(tf.transpose([[1.0]], conjugate=True), [[1.0]], tf.float32)
    y = [[[1, 2, 3], [4, 5, 6]], [[7, 8, 9], [10, 11, 12]]]
    check(tf.transpose(y, perm=[0, 2, 1]), [[[1, 4], [2, 5], [3, 6]], [[7, 10], [8, 11], [9, 12]]], tf.int32)
    assert tf.transpose(tf.zeros([2, 3, 4])).shape.as_list() == [4, 3, 2]
    check(tf.transpose([["a", "b"]]), [[b"a"], [b"b"]], tf.string)


def test_transpose_errors():
    x = tf.zeros([2, 3, 4])
    with raises(InvalidArgument, "transpose expects a vector of size 3. But input(1) is a vector of size 2 "
                                 "[Op:Transpose]"):
        tf.transpose(x, [0, 2])
    with raises(InvalidArgument, "1 is missing from {0,2,2}. [Op:Transpose]"):
        tf.transpose(x, [0, 2, 2])
    with raises(InvalidArgument, "3 is out of range [0 .. 3) [Op:Transpose]"):
        tf.transpose(x, [0, 2, 3])


def test_expand_dims_doc_examples():
    t = tf.constant([1, 2])
    assert tf.expand_dims(t, 0).shape.as_list() == [1, 2]
    assert tf.expand_dims(t, 1).shape.as_list() == [2, 1]
    assert tf.expand_dims(t, -1).shape.as_list() == [2, 1]
    t2 = tf.zeros([2, 3, 5])
    assert tf.expand_dims(t2, 0).shape.as_list() == [1, 2, 3, 5]
    assert tf.expand_dims(t2, 2).shape.as_list() == [2, 3, 1, 5]
    assert tf.expand_dims(t2, 3).shape.as_list() == [2, 3, 5, 1]
    check(tf.expand_dims([1, 2], dim=1), [[1], [2]], tf.int32)
    check(tf.expand_dims([1, 2], tf.constant(1)), [[1], [2]], tf.int32)
    check(tf.expand_dims(["a"], 0), [[b"a"]], tf.string)


def test_expand_dims_errors():
    with raises(InvalidArgument, "Tried to expand dim index 3 for tensor with 1 dimensions. [Op:ExpandDims]"):
        tf.expand_dims([1, 2], 3)
    with raises(InvalidArgument, "Tried to expand dim index -3 for tensor with 1 dimensions. [Op:ExpandDims]"):
        tf.expand_dims([1, 2], -3)
    with raises(InvalidArgument, "'dim' must be a tensor with a single value [Op:ExpandDims]"):
        tf.expand_dims([1, 2], [1, 0])
    with raises(ValueError, "Must specify an axis argument to tf.expand_dims()"):
        tf.expand_dims([1, 2])
    with raises(ValueError, "Cannot specify both 'dim' and 'axis'"):
        tf.expand_dims([1, 2], axis=0, dim=0)


def test_squeeze_doc_examples():
    t = tf.zeros([1, 2, 1, 3, 1, 1])
    assert tf.squeeze(t).shape.as_list() == [2, 3]
    assert tf.squeeze(t, [2, 4]).shape.as_list() == [1, 2, 3, 1]
    assert tf.squeeze(t, axis=2).shape.as_list() == [1, 2, 3, 1, 1]
    assert tf.squeeze(t, squeeze_dims=[-1]).shape.as_list() == [1, 2, 1, 3, 1]
    check(tf.squeeze([["a"]]), b"a", tf.string)


def test_squeeze_errors():
    x = tf.zeros([1, 3, 1])
    with raises(InvalidArgument, "Can not squeeze dim[1], expected a dimension of 1, got 3 [Op:Squeeze]"):
        tf.squeeze(x, [1])
    with raises(InvalidArgument, "Tried to squeeze dim index 3 for tensor with 3 dimensions. [Op:Squeeze]"):
        tf.squeeze(x, [3])
    with raises(InvalidArgument, "Tried to squeeze dim index -4 for tensor with 3 dimensions. [Op:Squeeze]"):
        tf.squeeze(x, -4)
    with raises(ValueError, "Cannot specify both 'squeeze_dims' and 'axis'"):
        tf.squeeze(x, axis=[0], squeeze_dims=[0])


# --- concat / stack / unstack / split / tile ------------------------------------------------------

def test_concat_doc_examples():
    t1 = [[1, 2, 3], [4, 5, 6]]
    t2 = [[7, 8, 9], [10, 11, 12]]
    check(tf.concat([t1, t2], 0), [[1, 2, 3], [4, 5, 6], [7, 8, 9], [10, 11, 12]], tf.int32)
    check(tf.concat([t1, t2], 1), [[1, 2, 3, 7, 8, 9], [4, 5, 6, 10, 11, 12]], tf.int32)
    t3 = [[[1, 2], [2, 3]], [[4, 4], [5, 3]]]
    t4 = [[[7, 4], [8, 4]], [[2, 10], [15, 11]]]
    check(tf.concat([t3, t4], -1), [[[1, 2, 7, 4], [2, 3, 8, 4]], [[4, 4, 2, 10], [5, 3, 15, 11]]], tf.int32)
    check(tf.concat([["a"], ["b"]], 0), [b"a", b"b"], tf.string)
    check(tf.concat([[1]], 5), [1], tf.int32)  # one input: returned as is, axis unchecked
    check(tf.concat([[1], [2]], tf.constant(0, tf.int64)), [1, 2], tf.int32)


def test_concat_dtype_follows_the_first_tensor():
    check(tf.concat([tf.constant([1], tf.int64), [2]], 0), [1, 2], tf.int64)
    check(tf.concat([[2], tf.constant([1], tf.int64)], 0), [2, 1], tf.int64)
    with raises(InvalidArgument, "cannot compute ConcatV2 as input #1(zero-based) was expected to be a int32 tensor "
                                 "but is a float tensor [Op:ConcatV2]"):
        tf.concat([tf.constant([1]), tf.constant([1.0])], 0)
    with raises(TypeError, "Cannot convert [[3.0, 4]] to EagerTensor of dtype int32"):
        tf.concat([[[1, 2]], [[3.0, 4]]], 0)


def test_concat_shape_errors():
    with raises(InvalidArgument, "ConcatOp : Dimension 1 in both shapes must be equal: shape[0] = [1,2] vs. shape[1] = "
                                 "[1,3] [Op:ConcatV2]"):
        tf.concat([[[1, 2]], [[3, 4, 5]]], 0)
    with raises(InvalidArgument, "ConcatOp : Ranks of all input tensors should match: shape[0] = [1,2] vs. shape[1] = "
                                 "[2] [Op:ConcatV2]"):
        tf.concat([[[1, 2]], [3, 4]], 0)
    with raises(InvalidArgument, "ConcatOp : Ranks of all input tensors should match: shape[0] = [0] vs. shape[1] = "
                                 "[1,2]"):
        tf.concat([tf.zeros([0]), tf.ones([1, 2])], 0)
    with raises(InvalidArgument, "ConcatOp : Expected concatenating dimensions in the range [-2, 2), but got 2 "
                                 "[Op:ConcatV2]"):
        tf.concat([[[1, 2]], [[3, 4]]], 2)
    with raises(InvalidArgument, "ConcatOp : Can't concatenate scalars (use tf.stack instead) [Op:ConcatV2]"):
        tf.concat([1, 2], 0)
    with raises(InvalidArgument, "Value for attr 'Tidx' of float is not in the list of allowed values: int32, int64"):
        tf.concat([[1], [2]], 0.0)
    with raises(ValueError, "Shape (2, 1) must have rank 0"):  # TF 0.x's concat(axis, values) order
        tf.concat(0, [tf.constant([1]), tf.constant([2])])


def test_stack_doc_examples():
    x, y, z = tf.constant([1, 4]), tf.constant([2, 5]), tf.constant([3, 6])
    check(tf.stack([x, y, z]), [[1, 4], [2, 5], [3, 6]], tf.int32)
    check(tf.stack([x, y, z], axis=1), [[1, 2, 3], [4, 5, 6]], tf.int32)
    check(tf.stack([[1, 2], [3, 4]], -2), [[1, 2], [3, 4]], tf.int32)
    check(tf.stack([1, 2.0]), [1, 2], tf.float32)  # a constant list converts as a whole
    check(tf.stack([]), np.zeros([0]), tf.float32)
    check(tf.stack([["a"], ["b"]], 1), [[b"a", b"b"]], tf.string)


def test_stack_errors():
    with raises(InvalidArgument, "Shapes of all inputs must match: values[0].shape = [2] != values[1].shape = [1] "
                                 "[Op:Pack]"):
        tf.stack([[1, 2], [3]])
    with raises(ValueError, "axis = 2 not in [-2, 2)"):
        tf.stack([[1, 2], [3, 4]], 2)
    with raises(InvalidArgument, "cannot compute Pack as input #1(zero-based) was expected to be a int32 tensor but is "
                                 "a float tensor [Op:Pack]"):
        tf.stack([tf.constant(1), tf.constant(1.0)])
    with raises(RuntimeError, "tf.parallel_stack() is not compatible with eager execution."):
        tf.parallel_stack([[1, 2], [3, 4]])


def test_unstack():
    parts = tf.unstack([[1, 2, 3], [4, 5, 6]])
    assert len(parts) == 2
    check(parts[1], [4, 5, 6], tf.int32)
    columns = tf.unstack([[1, 2, 3], [4, 5, 6]], axis=-1)
    check(columns[2], [3, 6], tf.int32)
    assert tf.unstack(tf.zeros([0, 2])) == []
    strings = tf.unstack(["a", "b"])
    check(strings[0], b"a", tf.string)
    with raises(InvalidArgument, "Input shape axis 0 must equal 3, got shape [2,3] [Op:Unpack]"):
        tf.unstack([[1, 2, 3], [4, 5, 6]], num=3)
    with raises(ValueError, "axis = 2 not in [-2, 2)"):
        tf.unstack([[1, 2, 3], [4, 5, 6]], axis=2)
    with raises(ValueError, "axis = 0 not in [0, 0)"):
        tf.unstack(1)


def test_unstack_int_attrs():
    # num and axis are int attrs: int() of the value (TF: 0.5 -> 0, a scalar tensor -> its value).
    image = tf.zeros([1, 4, 4, 3])
    assert [p.shape.as_list() for p in tf.unstack(image, 1, 0.5)] == [[4, 4, 3]]
    assert len(tf.unstack(tf.zeros([2, 3]), tf.constant(2))) == 2
    assert len(tf.unstack(image, None, tf.constant(1))) == 4
    with raises(InvalidArgument, "Input shape axis 2 must equal 1, got shape [1,4,4,3] [Op:Unpack]"):
        tf.unstack(image, 1, tf.constant(2.5))
    with raises(InvalidArgument, "Value for attr 'num' of -1 must be at least minimum 0 [Op:Unpack]"):
        tf.unstack(image, -1)
    with raises(TypeError, "Expected int for argument 'num' not <tf.Tensor"):
        tf.unstack(image, tf.constant([[1.0, 2.0], [3.0, 4.0]]))
    with raises(TypeError, "Expected int for argument 'axis' not 'SAME'."):
        tf.unstack(image, None, "SAME")


def test_split_doc_examples():
    value = tf.zeros([5, 30])
    assert [p.shape.as_list() for p in tf.split(value, [4, 15, 11], 1)] == [[5, 4], [5, 15], [5, 11]]
    assert [p.shape.as_list() for p in tf.split(value, num_or_size_splits=3, axis=1)] == [[5, 10]] * 3
    parts = tf.split(tf.range(5), [2, -1])
    check(parts[0], [0, 1], tf.int32)
    check(parts[1], [2, 3, 4], tf.int32)
    check(tf.split(tf.range(6), tf.constant([1, 5]))[1], [1, 2, 3, 4, 5], tf.int32)
    check(tf.split(["a", "b"], 2)[1], [b"b"], tf.string)


def test_split_errors():
    with raises(InvalidArgument, "Number of ways to split should evenly divide the split dimension, but got split_dim "
                                 "0 (size = 5) and num_split 2 [Op:Split]"):
        tf.split(tf.range(5), 2)
    with raises(InvalidArgument, "Determined shape must either match input shape along split_dim exactly if fully "
                                 "specified, or be less than the size of the input along split_dim if not fully "
                                 "specified.  Got: 4 [Op:SplitV]"):
        tf.split(tf.range(5), [2, 2])
    with raises(InvalidArgument, "There can only be one -1 in the input. [Op:SplitV]"):
        tf.split(tf.range(5), [-1, -1])
    with raises(InvalidArgument, "-input rank(-2) <= split_dim < input rank (2), but got 2 [Op:Split]"):
        tf.split(tf.zeros([2, 3]), 3, axis=2)
    with raises(InvalidArgument, "Value for attr 'num_split' of 0 must be at least minimum 1"):
        tf.split(tf.range(5), 0)
    with raises(ValueError, "Rank-0 tensors are not supported as the num_or_size_splits argument to split"):
        tf.split(tf.range(6), tf.constant(3))


def test_tile():
    a = [[1, 2, 3], [4, 5, 6]]
    check(tf.tile(a, [1, 2]), [[1, 2, 3, 1, 2, 3], [4, 5, 6, 4, 5, 6]], tf.int32)
    check(tf.tile(a, [2, 1]), [[1, 2, 3], [4, 5, 6], [1, 2, 3], [4, 5, 6]], tf.int32)
    check(tf.tile([[1, 2]], [0, 1]), np.zeros([0, 2]), tf.int32)
    check(tf.tile(["a"], [2]), [b"a", b"a"], tf.string)
    assert tf.manip.tile is tf.tile
    with raises(InvalidArgument, "Expected multiples argument to be a vector of length 2 but got length 1 [Op:Tile]"):
        tf.tile([[1, 2]], [2])
    with raises(InvalidArgument, "Expected multiples[0] >= 0, but got -1 [Op:Tile]"):
        tf.tile([[1, 2]], [-1, 1])


# --- pad ------------------------------------------------------------------------------------------

def test_pad_doc_example():
    t = [[1, 2, 3], [4, 5, 6]]
    paddings = [[1, 1], [2, 2]]
    check(tf.pad(t, paddings, "CONSTANT"),
          [[0, 0, 0, 0, 0, 0, 0], [0, 0, 1, 2, 3, 0, 0], [0, 0, 4, 5, 6, 0, 0], [0, 0, 0, 0, 0, 0, 0]], tf.int32)
    check(tf.pad(t, paddings, "REFLECT"),
          [[6, 5, 4, 5, 6, 5, 4], [3, 2, 1, 2, 3, 2, 1], [6, 5, 4, 5, 6, 5, 4], [3, 2, 1, 2, 3, 2, 1]], tf.int32)
    check(tf.pad(t, paddings, "SYMMETRIC"),
          [[2, 1, 1, 2, 3, 3, 2], [2, 1, 1, 2, 3, 3, 2], [5, 4, 4, 5, 6, 6, 5], [5, 4, 4, 5, 6, 6, 5]], tf.int32)
    check(tf.pad(t, paddings, "reflect"), tf.pad(t, paddings, "REFLECT").numpy(), tf.int32)


def test_pad_symmetric_up_to_the_dimension_size_and_constant_values():
    check(tf.pad([[1, 2, 3]], [[0, 0], [3, 2]], "SYMMETRIC"), [[3, 2, 1, 1, 2, 3, 3, 2]], tf.int32)
    cube = tf.reshape(tf.range(8.0), [2, 2, 2])
    np.testing.assert_array_equal(tf.pad(cube, [[0, 1], [1, 0], [1, 1]], "SYMMETRIC").numpy(),
                                  np.pad(np.arange(8.0).reshape([2, 2, 2]), [[0, 1], [1, 0], [1, 1]], "symmetric"))
    check(tf.pad([[1, 2, 3]], [[1, 1], [2, 2]], constant_values=9)[0], [9] * 7, tf.int32)
    check(tf.pad([[1.0, 2.0]], [[0, 0], [1, 1]], constant_values=tf.constant(3.0)), [[3, 1, 2, 3]], tf.float32)
    check(tf.pad([True], [[1, 0]]), [False, True], tf.bool)
    check(tf.pad([["a"]], [[1, 0], [0, 1]]), [[b"", b""], [b"a", b""]], tf.string)
    check(tf.pad([["a"]], [[1, 0], [0, 1]], constant_values="z"), [[b"z", b"z"], [b"a", b"z"]], tf.string)
    check(tf.pad(["a", "b"], [[1, 1]], "REFLECT"), [b"b", b"a", b"b", b"a"], tf.string)


def test_pad_errors():
    t = [[1, 2, 3], [4, 5, 6]]
    with raises(InvalidArgument, "paddings must be less than the dimension size: 3, 2 not less than 3 [Op:MirrorPad]"):
        tf.pad(t, [[1, 1], [3, 2]], "REFLECT")
    with raises(InvalidArgument, "paddings must be no greater than the dimension size: 4, 2 greater than 3 "
                                 "[Op:MirrorPad]"):
        tf.pad(t, [[1, 1], [4, 2]], "SYMMETRIC")
    with raises(InvalidArgument, "The first dimension of paddings must be the rank of inputs[1,2] [2,3] [Op:Pad]"):
        tf.pad(t, [[1, 1]])
    with raises(InvalidArgument, "paddings must be a matrix with 2 columns: [2] [Op:Pad]"):
        tf.pad(t, [1, 1])
    with raises(InvalidArgument, "Paddings must be non-negative: -1 0 [Op:Pad]"):
        tf.pad(t, [[1, 1], [-1, 0]])
    with raises(ValueError, 'Value of argument `mode` expected to be one of "CONSTANT", "REFLECT", or "SYMMETRIC". '
                            'Received `mode` = FOO'):
        tf.pad(t, [[1, 1], [2, 2]], "FOO")
    with raises(TypeError, "Cannot convert 1.5 to EagerTensor of dtype int32"):
        tf.pad(t, [[1, 1], [2, 2]], constant_values=1.5)


# --- gather / gather_nd / scatter_nd -----------------------------------------------------------------

def test_gather():
    check(tf.gather([[1, 2, 3], [4, 5, 6]], [2, 0], axis=1), [[3, 1], [6, 4]], tf.int32)
    check(tf.gather([[1, 2, 3], [4, 5, 6]], [2, 0], axis=-1), [[3, 1], [6, 4]], tf.int32)
    check(tf.gather([10, 20, 30], [[0, 1], [2, 2]]), [[10, 20], [30, 30]], tf.int32)
    check(tf.gather([1, 2, 3], 1), 2, tf.int32)
    check(tf.gather([1, 2, 3], tf.constant([1], tf.int64)), [2], tf.int32)
    check(tf.gather(["a", "b"], [1, 1, 0]), [b"b", b"b", b"a"], tf.string)
    check(tf.gather(["a", "b"], 1), b"b", tf.string)
    assert tf.gather(tf.zeros([3, 0]), [1, 2]).shape.as_list() == [2, 0]


def test_gather_batch_dims():
    params = [[1, 2, 3], [4, 5, 6]]
    check(tf.gather(params, [[2, 0], [1, 1]], axis=1, batch_dims=1), [[3, 1], [5, 5]], tf.int32)
    check(tf.gather(params, [2, 0], axis=1, batch_dims=1), [3, 4], tf.int32)
    cube = [[[1, 2], [3, 4]], [[5, 6], [7, 8]]]
    check(tf.gather(cube, [[1], [0]], axis=2, batch_dims=1), [[[2], [4]], [[5], [7]]], tf.int32)
    check(tf.batch_gather(params, [[2], [0]]), [[3], [4]], tf.int32)
    with raises(InvalidArgument, "params.shape[0]: 2 should be equal to indices.shape[0]: 1 [Op:GatherV2]"):
        tf.gather(params, [[0, 1]], batch_dims=1)


def test_gather_errors():
    with raises(InvalidArgument, "indices[1] = 7 is not in [0, 3) [Op:GatherV2]"):
        tf.gather([1, 2, 3], [1, 7])
    with raises(InvalidArgument, "indices[1,1] = -1 is not in [0, 3) [Op:GatherV2]"):
        tf.gather([1, 2, 3], [[0, 1], [2, -1]])
    with raises(InvalidArgument, "indices[1,1] = 9 is not in [0, 3) [Op:GatherV2]"):
        tf.gather([[1, 2, 3], [4, 5, 6]], [[2, 0], [1, 9]], axis=1, batch_dims=1)
    with raises(InvalidArgument, "Value for attr 'Tindices' of float is not in the list of allowed values: int16, "
                                 "int32, int64"):
        tf.gather([1, 2, 3], [1.0])
    with raises(InvalidArgument, "Value for attr 'Tindices' of uint8 is not in the list of allowed values"):
        tf.gather([1, 2, 3], tf.constant([1], tf.uint8))
    with raises(InvalidArgument, "params must be at least 1 dimensional [Op:GatherV2]"):
        tf.gather(5, [0])
    with raises(InvalidArgument, "Shape must be at least rank 3 but is rank 2 [Op:GatherV2]"):
        tf.gather([[1, 2]], [0], axis=2)
    with raises(InvalidArgument, "Expected axis in the range [-2, 2), but got -3 [Op:GatherV2]"):
        tf.gather([[1, 2]], [0], axis=-3)


def test_gather_nd_doc_examples():
    matrix = [["a", "b"], ["c", "d"]]
    check(tf.gather_nd(matrix, [[0, 0], [1, 1]]), [b"a", b"d"], tf.string)
    check(tf.gather_nd(matrix, [[1], [0]]), [[b"c", b"d"], [b"a", b"b"]], tf.string)
    check(tf.gather_nd(matrix, [[[0, 0]], [[0, 1]]]), [[b"a"], [b"b"]], tf.string)
    cube = [[["a0", "b0"], ["c0", "d0"]], [["a1", "b1"], ["c1", "d1"]]]
    check(tf.gather_nd(cube, [[1]]), [[[b"a1", b"b1"], [b"c1", b"d1"]]], tf.string)
    check(tf.gather_nd(cube, [[0, 1], [1, 0]]), [[b"c0", b"d0"], [b"a1", b"b1"]], tf.string)
    check(tf.gather_nd(cube, [[0, 0, 1], [1, 0, 1]]), [b"b0", b"b1"], tf.string)
    check(tf.gather_nd([[1, 2], [3, 4]], [1]), [3, 4], tf.int32)
    assert tf.manip.gather_nd is tf.gather_nd


def test_gather_nd_batch_dims_and_errors():
    cube = [[[1, 2], [3, 4]], [[5, 6], [7, 8]]]
    check(tf.gather_nd(cube, [[1], [0]], batch_dims=1), [[3, 4], [5, 6]], tf.int32)
    check(tf.gather_nd(cube, [[0, 1], [1, 0]], batch_dims=1), [2, 7], tf.int32)
    with raises(InvalidArgument, "indices[1] = [2, 1] does not index into param shape [2,2], node name: GatherNd "
                                 "[Op:GatherNd]"):
        tf.gather_nd([[1, 2], [3, 4]], [[1, 0], [2, 1]])
    with raises(InvalidArgument, "indices[1,1] = [5, 0] does not index into param shape [2,2]"):
        tf.gather_nd([[1, 2], [3, 4]], [[[0, 0], [1, 1]], [[0, 1], [5, 0]]])
    with raises(InvalidArgument, "index innermost dimension length must be <= params rank; saw: 3 vs. 2 [Op:GatherNd]"):
        tf.gather_nd([[1, 2], [3, 4]], [[1, 0, 0]])
    with raises(InvalidArgument, "indices must be at least a vector [Op:GatherNd]"):
        tf.gather_nd([[1, 2], [3, 4]], 1)


def test_scatter_nd_doc_examples():
    check(tf.scatter_nd([[4], [3], [1], [7]], [9, 10, 11, 12], [8]), [0, 11, 0, 10, 9, 0, 0, 12], tf.int32)
    block = [[5, 5, 5, 5], [6, 6, 6, 6], [7, 7, 7, 7], [8, 8, 8, 8]]
    result = tf.scatter_nd([[0], [2]], [block, block], tf.constant([4, 4, 4]))
    expected = np.zeros([4, 4, 4], np.int32)
    expected[0] = expected[2] = block
    check(result, expected, tf.int32)
    check(tf.scatter_nd([[0], [0]], [1.0, 2.0], [3]), [3, 0, 0], tf.float32)  # duplicates add up
    assert tf.manip.scatter_nd is tf.scatter_nd


def test_scatter_nd_errors_and_tensor_scatter():
    with raises(InvalidArgument, "indices[1] = [5] does not index into shape [3] [Op:ScatterNd]"):
        tf.scatter_nd([[0], [5]], [1.0, 2.0], [3])
    with raises(InvalidArgument, "Dimensions [0,1) of indices[shape=[2,1]] must match dimensions [0,1) of "
                                 "updates[shape=[3]] [Op:ScatterNd]"):
        tf.scatter_nd([[0], [2]], [1, 2, 3], [4])
    check(tf.tensor_scatter_nd_update([0] * 8, [[1], [3], [4], [7]], [9, 10, 11, 12]),
          [0, 9, 0, 10, 11, 0, 0, 12], tf.int32)
    check(tf.tensor_scatter_nd_add([1, 2, 3, 4], [[1], [1]], [9, 10]), [1, 21, 3, 4], tf.int32)
    check(tf.tensor_scatter_sub([1, 2, 3, 4], [[1], [3]], [9, 10]), [1, -7, 3, -6], tf.int32)
    assert tf.tensor_scatter_update is tf.tensor_scatter_nd_update


# --- slicing ---------------------------------------------------------------------------------------

def test_slice_doc_examples():
    check(tf.slice(T3, [1, 0, 0], [1, 1, 3]), [[[3, 3, 3]]], tf.int32)
    check(tf.slice(T3, [1, 0, 0], [1, 2, 3]), [[[3, 3, 3], [4, 4, 4]]], tf.int32)
    check(tf.slice(T3, [1, 0, 0], [2, 1, 3]), [[[3, 3, 3]], [[5, 5, 5]]], tf.int32)
    check(tf.slice([[1, 2, 3], [4, 5, 6]], [0, 1], [-1, -1]), [[2, 3], [5, 6]], tf.int32)
    check(tf.slice([["a", "b"]], [0, 1], [1, 1]), [[b"b"]], tf.string)


def test_slice_errors():
    m = [[1, 2, 3], [4, 5, 6]]
    with raises(InvalidArgument, "Expected size[0] in [0, 1], but got 2 [Op:Slice]"):
        tf.slice(m, [1, 0], [2, 2])
    with raises(InvalidArgument, "Expected begin[0] in [0, 2], but got -1 [Op:Slice]"):
        tf.slice(m, [-1, 0], [1, 1])
    with raises(InvalidArgument, "Expected begin and size arguments to be 1-D tensors of size 2, but got shapes [2] "
                                 "and [1] instead. [Op:Slice]"):
        tf.slice(m, [1, 0], [1])


def test_strided_slice_doc_examples():
    check(tf.strided_slice(T3, [1, 0, 0], [2, 1, 3], [1, 1, 1]), [[[3, 3, 3]]], tf.int32)
    check(tf.strided_slice(T3, [1, 0, 0], [2, 2, 3], [1, 1, 1]), [[[3, 3, 3], [4, 4, 4]]], tf.int32)
    check(tf.strided_slice(T3, [1, -1, 0], [2, -3, 3], [1, -1, 1]), [[[4, 4, 4], [3, 3, 3]]], tf.int32)


def test_strided_slice_masks():
    r = tf.range(10)
    check(tf.strided_slice(r, [8], [2], [-2]), [8, 6, 4], tf.int32)
    check(tf.strided_slice(r, [0], [0], [-1], begin_mask=1, end_mask=1), np.arange(10)[::-1], tf.int32)
    check(tf.strided_slice(r, [-1], [0], [1], shrink_axis_mask=1), 9, tf.int32)
    check(tf.strided_slice(r, [100], [-100], [-3]), [9, 6, 3, 0], tf.int32)
    x = tf.reshape(tf.range(24), [2, 3, 4])
    values = np.arange(24).reshape([2, 3, 4])
    check(tf.strided_slice(x, [0, 1], [0, 2], [1, 1], ellipsis_mask=1), values[..., 1:2], tf.int32)
    check(tf.strided_slice(x, [0, 1], [0, 2], [1, 1], new_axis_mask=1), values[None, 1:2], tf.int32)
    check(tf.strided_slice(x, [1, 0, 1], [0, 0, 2], [1, 1, 1], new_axis_mask=2, shrink_axis_mask=1),
          [[[16, 17, 18, 19]]], tf.int32)  # begin/end of the new axis are ignored
    check(tf.strided_slice(["a", "b", "c"], [2], [0], [-1]), [b"c", b"b"], tf.string)


def test_strided_slice_errors():
    r = tf.range(10)
    with raises(InvalidArgument, "strides[0] must be non-zero [Op:StridedSlice]"):
        tf.strided_slice(r, [8], [2], [0])
    with raises(InvalidArgument, "Expected begin, end, and strides to be 1D equal size tensors, but got shapes [1], "
                                 "[2], and [1] instead. [Op:StridedSlice]"):
        tf.strided_slice(r, [8], [2, 3], [1])
    with raises(InvalidArgument, "slice index 12 of dimension 0 out of bounds. [Op:StridedSlice]"):
        tf.strided_slice(r, [12], [2], [1], shrink_axis_mask=1)
    with raises(InvalidArgument, "Multiple ellipses in slice spec not allowed [Op:StridedSlice]"):
        tf.strided_slice(tf.zeros([2, 3, 4]), [0, 1, 0], [0, 2, 0], [1, 1, 1], ellipsis_mask=5)
    with raises(InvalidArgument, "Index out of range using input dim 3; input has only 3 dims [Op:StridedSlice]"):
        tf.strided_slice(tf.zeros([2, 3, 4]), [0, 0, 0, 0], [1, 1, 1, 1], [1, 1, 1, 1])


def test_boolean_mask_doc_examples():
    check(tf.boolean_mask([0, 1, 2, 3], np.array([True, False, True, False])), [0, 2], tf.int32)
    check(tf.boolean_mask([[1, 2], [3, 4], [5, 6]], np.array([True, False, True])), [[1, 2], [5, 6]], tf.int32)
    check(tf.boolean_mask([[1, 2], [3, 4]], [[True, False], [False, True]]), [1, 4], tf.int32)
    check(tf.boolean_mask([[1, 2], [3, 4]], [True, False], axis=1), [[1], [3]], tf.int32)
    check(tf.boolean_mask(["a", "b"], [False, True]), [b"b"], tf.string)
    check(tf.boolean_mask([[1, 2], [3, 4]], [1, 0]), [[1, 2]], tf.int32)
    assert tf.boolean_mask(tf.zeros([2, 3, 4]), [True, False, True], axis=1).shape.as_list() == [2, 2, 4]


def test_boolean_mask_errors():
    with raises(ValueError, "Shapes (2,) and (3,) are incompatible"):
        tf.boolean_mask([[1, 2], [3, 4]], [True, False, True])
    with raises(ValueError, "mask cannot be scalar."):
        tf.boolean_mask([[1, 2], [3, 4]], tf.reshape(tf.constant([True]), []))


def test_reverse_doc_examples():
    t = R24
    check(tf.reverse(t, [3]), t[:, :, :, ::-1], tf.int64)
    check(tf.reverse(t, [1]), t[:, ::-1], tf.int64)
    check(tf.reverse(t, [2]), t[:, :, ::-1], tf.int64)
    check(tf.reverse(t, [-1, 1]), t[:, ::-1, :, ::-1], tf.int64)
    check(tf.reverse([[1, 2], [3, 4]], []), [[1, 2], [3, 4]], tf.int32)
    check(tf.reverse_v2(["a", "b"], [0]), [b"b", b"a"], tf.string)
    assert tf.manip.reverse is tf.reverse


def test_reverse_errors():
    with raises(InvalidArgument, "axis 0 specified more than once. [Op:ReverseV2]"):
        tf.reverse([[1, 2], [3, 4]], [0, 0])
    with raises(InvalidArgument, "'axis'[0] = 2 is out of valid range [0, 1 [Op:ReverseV2]"):
        tf.reverse([[1, 2], [3, 4]], [2])
    with raises(InvalidArgument, "'dims' must be 1-dimension, not 0 [Op:ReverseV2]"):
        tf.reverse([[1, 2], [3, 4]], 0)


def test_reverse_sequence():
    check(tf.reverse_sequence(tf.reshape(tf.range(6), [2, 3]), [2, 3], seq_axis=1, batch_axis=0),
          [[1, 0, 2], [5, 4, 3]], tf.int32)
    x = np.arange(24).reshape([4, 3, 2])
    expected = x.copy()
    for b, length in enumerate([3, 1, 4]):
        expected[:length, b] = x[:length, b][::-1]
    check(tf.reverse_sequence(x, [3, 1, 4], seq_axis=0, batch_axis=1), expected, tf.int64)
    check(tf.reverse_sequence([["a", "b", "c"]], tf.constant([2], tf.int64), seq_dim=1),
          [[b"b", b"a", b"c"]], tf.string)
    with raises(InvalidArgument, "seq_lens(1) > input.dims(1) [Op:ReverseSequence]"):
        tf.reverse_sequence(tf.reshape(tf.range(6), [2, 3]), [2, 4], 1)
    with raises(InvalidArgument, "Length of seq_lengths != input.dims(0), (1 vs. 2) [Op:ReverseSequence]"):
        tf.reverse_sequence(tf.reshape(tf.range(6), [2, 3]), [2], 1)


def test_setdiff1d_and_invert_permutation():
    out, idx = tf.setdiff1d([1, 2, 3, 4, 5, 6], [1, 3, 5])  # TF doc example
    check(out, [2, 4, 6], tf.int32)
    check(idx, [1, 3, 5], tf.int32)
    result = tf.setdiff1d(["a", "b", "c", "b"], ["b"], index_dtype=tf.int64)
    check(result.out, [b"a", b"c"], tf.string)
    check(result.idx, [0, 2], tf.int64)
    check(tf.invert_permutation([3, 4, 0, 2, 1]), [2, 4, 3, 0, 1], tf.int32)  # TF doc example
    assert tf.math.invert_permutation is tf.invert_permutation
    with raises(InvalidArgument, "3 is not between 0 and 3 [Op:InvertPermutation]"):
        tf.invert_permutation([2, 0, 3])
    with raises(InvalidArgument, "0 is duplicated in the input. [Op:InvertPermutation]"):
        tf.invert_permutation([2, 0, 0])


def test_sort_argsort_searchsorted():
    check(tf.sort(tf.constant([3, 1, 2]), direction="DESCENDING"), [3, 2, 1], tf.int32)
    check(tf.sort([[3.0, 1.0, 2.0], [0.0, -1.0, 5.0]], axis=0), [[0, -1, 2], [3, 1, 5]], tf.float32)
    check(tf.argsort(tf.constant([3, 1, 2])), [1, 2, 0], tf.int32)
    check(tf.argsort([1, 1, 0, 1], direction="DESCENDING"), [0, 1, 3, 2], tf.int32)  # ties keep their order
    check(tf.searchsorted(tf.constant([1, 3, 5]), tf.constant([0, 3, 6])), [0, 1, 3], tf.int32)
    check(tf.searchsorted([[0, 3, 9, 9, 10], [1, 2, 3, 4, 5]], [[2, 4, 9], [0, 2, 6]], side="right"),
          [[1, 2, 4], [0, 2, 5]], tf.int32)  # TF doc example
    with raises(ValueError, "UP should be one of ASCENDING, DESCENDING"):
        tf.sort([1], direction="UP")
    with raises(InvalidArgument, "cannot compute LowerBound as input #1(zero-based) was expected to be a int32 tensor "
                                 "but is a float tensor"):
        tf.searchsorted([1, 2], [1.5])


def test_dynamic_partition_and_stitch_doc_examples():
    parts = tf.dynamic_partition([10, 20, 30, 40, 50], [0, 0, 1, 1, 0], 2)
    check(parts[0], [10, 20, 50], tf.int32)
    check(parts[1], [30, 40], tf.int32)
    rows = tf.dynamic_partition([[1, 2], [3, 4], [5, 6]], [1, 0, 1], 3)
    check(rows[1], [[1, 2], [5, 6]], tf.int32)
    check(rows[2], np.zeros([0, 2]), tf.int32)
    merged = tf.dynamic_stitch([[6], [4, 1], [[5, 2], [0, 3]]],
                               [[[61, 62]], [[41, 42], [11, 12]], [[[51, 52], [21, 22]], [[1, 2], [31, 32]]]])
    check(merged, [[1, 2], [11, 12], [21, 22], [31, 32], [41, 42], [51, 52], [61, 62]], tf.int32)
    check(tf.dynamic_stitch([[0, 1], [1]], [[1.0, 2.0], [3.0]]), [1, 3], tf.float32)  # later entries win
    with raises(InvalidArgument, "partitions[1] = 5 is not in [0, 2) [Op:DynamicPartition]"):
        tf.dynamic_partition([1, 2], [0, 5], 2)


def test_dynamic_partition_and_stitch_bad_arguments():
    # num_partitions is an int attr: int() of the value, at least 1.
    parts = tf.dynamic_partition([[1.0, 2.0], [3.0, 4.0]], [0, 1], tf.constant(2))
    check(parts[1], [[3, 4]], tf.float32)
    with raises(InvalidArgument, "Value for attr 'num_partitions' of 0 must be at least minimum 1 "
                                 "[Op:DynamicPartition]"):
        tf.dynamic_partition([1, 2], [0, 1], 0.5)
    with raises(TypeError, "Expected int for argument 'num_partitions' not 'SAME'."):
        tf.dynamic_partition([1, 2], [0, 1], "SAME")
    with raises(TypeError, "Expected int for argument 'num_partitions' not None."):
        tf.dynamic_partition([1, 2], [0, 1], None)
    # dynamic_stitch takes lists (a tensor gives its rows) and string data.
    check(tf.dynamic_stitch(tf.constant([1, 2, 3]), tf.constant([1, 2, 3])), [0, 1, 2, 3], tf.int32)
    check(tf.dynamic_stitch([[1, 2, 3]], [tf.constant(["a", "b", "c"])]), [b"", b"a", b"b", b"c"], tf.string)
    with raises(TypeError, "Expected list for 'indices' argument to 'dynamic_stitch' Op, not -1."):
        tf.dynamic_stitch(-1, -1)
    with raises(InvalidArgument, "Value for attr 'N' of 0 must be at least minimum 1 [Op:DynamicStitch]"):
        tf.dynamic_stitch(tf.zeros([0, 3]), tf.zeros([0, 3]))
    with raises(InvalidArgument, "indices[1] is out of range [Op:DynamicStitch]"):
        tf.dynamic_stitch([[5, -1]], [[1.0, 2.0]])
    with raises(InvalidArgument, "indices[0] is out of range [Op:DynamicStitch]"):
        tf.dynamic_stitch(tf.constant([5, -1]), tf.constant([5, -1]))
    with raises(InvalidArgument, "data[0].shape = [2,2] does not start with indices[0].shape = [3] [Op:DynamicStitch]"):
        tf.dynamic_stitch([[1, 2, 3]], [tf.constant([[1.0, 2.0], [3.0, 4.0]])])
    with raises(InvalidArgument, "cannot compute DynamicStitch as input #0(zero-based) was expected to be a int32 "
                                 "tensor but is a string tensor [Op:DynamicStitch]"):
        tf.dynamic_stitch(tf.constant(["a", "b"]), tf.constant([[1.0, 2.0], [3.0, 4.0]]))
    with raises(InvalidArgument, "cannot compute DynamicPartition as input #1(zero-based) was expected to be a int32 "
                                 "tensor but is a string tensor [Op:DynamicPartition]"):
        tf.dynamic_partition([[1.0, 2.0], [3.0, 4.0]], tf.constant(["a", "b"]), 2)


def test_roll_doc_examples():
    check(tf.roll([0, 1, 2, 3, 4], shift=2, axis=0), [3, 4, 0, 1, 2], tf.int32)
    m = [[0, 1, 2, 3, 4], [5, 6, 7, 8, 9]]
    check(tf.roll(m, shift=[1, -2], axis=[0, 1]), [[7, 8, 9, 5, 6], [2, 3, 4, 0, 1]], tf.int32)
    check(tf.roll(m, shift=[2, -3], axis=[1, 1]), [[1, 2, 3, 4, 0], [6, 7, 8, 9, 5]], tf.int32)
    with raises(InvalidArgument, "shift and axis must have the same size [Op:Roll]"):
        tf.roll(m, [1], [0, 1])


# --- one_hot / sequence_mask / unique / meshgrid ----------------------------------------------------

def test_one_hot_doc_examples():
    check(tf.one_hot([0, 1, 2], 3), np.eye(3), tf.float32)
    check(tf.one_hot([0, 2, -1, 1], 3, 5.0, 0.0, axis=-1), [[5, 0, 0], [0, 0, 5], [0, 0, 0], [0, 5, 0]], tf.float32)
    check(tf.one_hot([[0, 2], [1, -1]], 3, 1.0, 0.0, axis=-1),
          [[[1, 0, 0], [0, 0, 1]], [[0, 1, 0], [0, 0, 0]]], tf.float32)
    check(tf.one_hot([0, 2, -1, 1], 3, 5.0, 0.0, axis=0), [[5, 0, 0, 0], [0, 0, 0, 5], [0, 5, 0, 0]], tf.float32)


def test_one_hot_dtypes():
    check(tf.one_hot([0, 2], 3, on_value=5), [[5, 0, 0], [0, 0, 5]], tf.int32)
    check(tf.one_hot([0, 2], 3, off_value=-1), [[1, -1, -1], [-1, -1, 1]], tf.int32)
    check(tf.one_hot([0, 2], 3, dtype=tf.int64), [[1, 0, 0], [0, 0, 1]], tf.int64)
    check(tf.one_hot(tf.constant([0, 2], tf.uint8), 3), [[1, 0, 0], [0, 0, 1]], tf.float32)
    check(tf.one_hot([1, 5], 3, on_value=True, off_value=False), [[False, True, False], [False] * 3], tf.bool)
    check(tf.one_hot([0, 1], 2, on_value="a", off_value="b"), [[b"a", b"b"], [b"b", b"a"]], tf.string)
    with raises(TypeError, "dtype <dtype: 'int32'> of on_value does not match dtype <dtype: 'float32'> of off_value"):
        tf.one_hot([0, 2], 3, on_value=5, off_value=0.0)
    with raises(TypeError, "dtype <dtype: 'float32'> of on_value does not match dtype parameter <dtype: 'int32'>"):
        tf.one_hot([0, 2], 3, on_value=5.0, dtype=tf.int32)
    with raises(TypeError, "Cannot convert 1 to EagerTensor of dtype bool"):
        tf.one_hot([0, 1], 3, dtype=tf.bool)


def test_one_hot_errors():
    with raises(InvalidArgument, "Value for attr 'TI' of float is not in the list of allowed values: uint8, int8, "
                                 "int32, int64"):
        tf.one_hot([0.0, 2], 3)
    with raises(InvalidArgument, "depth must be non-negative, got: -1 [Op:OneHot]"):
        tf.one_hot([0, 2], -1)
    with raises(InvalidArgument, "Expected axis to be -1 or between [0, 2).  But received: 2 [Op:OneHot]"):
        tf.one_hot([0, 2], 3, axis=2)


def test_sequence_mask_doc_examples():
    check(tf.sequence_mask([1, 3, 2], 5),
          [[True, False, False, False, False],
           [True, True, True, False, False],
           [True, True, False, False, False]], tf.bool)
    check(tf.sequence_mask([[1, 3], [2, 0]]),
          [[[True, False, False], [True, True, True]], [[True, True, False], [False, False, False]]], tf.bool)
    check(tf.sequence_mask([2, 0], dtype=tf.int32), [[1, 1], [0, 0]], tf.int32)
    check(tf.sequence_mask([1], 2.5), [[True, False, False]], tf.bool)  # range(0., 2.5) has 3 entries
    check(tf.sequence_mask(tf.constant([1], tf.int64), tf.constant(2, tf.int64)), [[True, False]], tf.bool)
    with raises(ValueError, "maxlen must be scalar for sequence_mask"):
        tf.sequence_mask([1, 3, 2], [5])
    with raises(InvalidArgument, "Requires start <= limit when delta > 0: 0/-1 [Op:Range]"):
        tf.sequence_mask([1, 3, 2], -1)


def test_unique_doc_example():
    y, idx = tf.unique([1, 1, 2, 4, 4, 4, 7, 8, 8])
    check(y, [1, 2, 4, 7, 8], tf.int32)
    check(idx, [0, 0, 1, 2, 2, 2, 3, 4, 4], tf.int32)
    result = tf.unique([3.0, 1.0, 3.0], out_idx=tf.int64)  # order of first appearance, not sorted
    check(result.y, [3, 1], tf.float32)
    check(result.idx, [0, 1, 0], tf.int64)
    strings = tf.unique(["b", "a", "b"])
    check(strings.y, [b"b", b"a"], tf.string)
    check(strings.idx, [0, 1, 0], tf.int32)
    y, idx, count = tf.unique_with_counts([1, 1, 2, 4, 4, 4, 7, 8, 8])
    check(count, [2, 1, 3, 1, 2], tf.int32)
    with raises(InvalidArgument, "unique expects a 1D vector. [Op:Unique]"):
        tf.unique([[1, 1]])
    with raises(InvalidArgument, "Value for attr 'out_idx' of float is not in the list of allowed values: int32, "
                                 "int64"):
        tf.unique([1], out_idx=tf.float32)


def test_meshgrid_doc_example():
    X, Y = tf.meshgrid([1, 2, 3], [4, 5, 6])
    check(X, [[1, 2, 3], [1, 2, 3], [1, 2, 3]], tf.int32)
    check(Y, [[4, 4, 4], [5, 5, 5], [6, 6, 6]], tf.int32)
    X, Y = tf.meshgrid([1, 2, 3], [4, 5], indexing="ij")
    check(X, [[1, 1], [2, 2], [3, 3]], tf.int32)
    check(Y, [[4, 5], [4, 5], [4, 5]], tf.int32)
    assert tf.meshgrid([1, 2], [3, 4, 5], [6])[2].shape.as_list() == [3, 2, 1]
    assert tf.meshgrid() == []
    with raises(ValueError, "indexing parameter must be either 'xy' or 'ij'"):
        tf.meshgrid([1], [2], indexing="foo")
    with raises(TypeError, "'foo' is an invalid keyword argument for this function"):
        tf.meshgrid([1], [2], foo=1)
    with raises(InvalidArgument, "cannot compute Mul as input #1(zero-based) was expected to be a float tensor but is "
                                 "a int32 tensor"):
        tf.meshgrid([1, 2, 3], [4.0, 5.0])


# --- clipping -------------------------------------------------------------------------------------

def test_clip_by_value():
    check(tf.clip_by_value([1, 5, 9], 2, 6), [2, 5, 6], tf.int32)
    check(tf.clip_by_value([1.0, 5, 9], 6, 2), [6, 6, 6], tf.float32)  # min > max: everything is min
    check(tf.clip_by_value([1.0, 5, 9], [2, 3, 4], 6), [2, 5, 6], tf.float32)
    with raises(ValueError, "Shapes (3,) and (1, 3) are not compatible"):
        tf.clip_by_value([1.0, 5, 9], [[2, 3, 4]], 6)
    with raises(TypeError, "Cannot convert 2.5 to EagerTensor of dtype int32"):
        tf.clip_by_value([1, 5, 9], 2.5, 6)
    with raises(InvalidArgument, "cannot compute Maximum as input #1(zero-based) was expected to be a float tensor but "
                                 "is a int32 tensor"):
        tf.clip_by_value([1.0, 5, 9], tf.constant(2), 6)


def test_clip_by_norm():
    check(tf.clip_by_norm([[3.0, 4.0]], 2.0), np.float32([[3, 4]]) * np.float32(2) / np.float32(5), tf.float32)
    check(tf.clip_by_norm([[3.0, 4.0]], 10.0), [[3, 4]], tf.float32)
    check(tf.clip_by_norm([[3.0, 4.0], [0.0, 0.0]], 2.0, axes=[1]),
          np.float32([[3, 4], [0, 0]]) * np.float32(2) / np.float32([[5], [2]]), tf.float32)
    check(tf.clip_by_norm([[0.0, 0.0]], 2.0), [[0, 0]], tf.float32)
    with raises(InvalidArgument, "Value for attr 'T' of int32 is not in the list of allowed values"):
        tf.clip_by_norm([[3, 4]], 2)


def test_clip_by_global_norm_and_global_norm():
    a, b = tf.constant([3.0, 4.0]), tf.constant([0.0, 12.0])
    clipped, norm = tf.clip_by_global_norm([a, None, b], 6.5)
    check(norm, 13, tf.float32)
    assert clipped[1] is None
    np.testing.assert_allclose(clipped[0].numpy(), [1.5, 2.0])
    np.testing.assert_allclose(clipped[2].numpy(), [0.0, 6.0])
    clipped, norm = tf.clip_by_global_norm([a], 10.0)
    check(clipped[0], [3, 4], tf.float32)
    clipped, norm = tf.clip_by_global_norm((tf.constant([np.inf, 1.0]),), 1.0)
    assert np.isnan(clipped[0].numpy()).all() and norm.numpy() == np.inf
    check(tf.global_norm([a, None, b]), 13, tf.float32)
    check(tf.global_norm([None]), 0, tf.float32)
    assert tf.linalg.global_norm is tf.global_norm
    with raises(TypeError, "t_list should be a sequence"):
        tf.clip_by_global_norm(a, 1.0)
    with raises(InvalidArgument, "cannot compute Pack as input #1(zero-based) was expected to be a float tensor but is "
                                 "a double tensor"):
        tf.global_norm([a, tf.constant([1.0], tf.float64) * 1])


def test_clip_by_norms_incompatible_shapes_and_bad_axes():
    m = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    image = tf.zeros([1, 4, 4, 3])
    with raises(InvalidArgument, "Incompatible shapes: [2,2] vs. [1,4,4,3] [Op:Mul]"):
        tf.clip_by_norm(m, image)
    with raises(InvalidArgument, "Incompatible shapes: [0,3] vs. [2,2] [Op:Mul]"):
        tf.clip_by_norm(tf.zeros([0, 3]), m)
    with raises(InvalidArgument, "Invalid reduction dimension (5 for input with 2 dimension(s) [Op:Sum]"):
        tf.clip_by_norm(m, 2.5, [5, -1])
    with raises(InvalidArgument, "Invalid reduction dimension (1 for input with 0 dimension(s) [Op:Sum]"):
        tf.clip_by_norm(2.5, 2.5, 1)
    with raises(InvalidArgument, "Invalid reduction arguments: Axes contains duplicate dimension: 0 [Op:Sum]"):
        tf.clip_by_norm(m, 2.5, [0, 0])
    # A clip_norm that broadcasts against t is TF's elementwise result (values from TF).
    np.testing.assert_allclose(tf.clip_by_norm(m, [1.0, 2.0]).numpy(),
                               [[0.18257418, 0.73029673], [0.5477225, 1.4605935]], rtol=1e-6)
    with raises(InvalidArgument, "Incompatible shapes: [1,4,4,3] vs. [2,2] [Op:Mul]"):
        tf.clip_by_average_norm(image, m)
    np.testing.assert_allclose(tf.clip_by_average_norm(m, [1.0, 2.0]).numpy(),
                               [[0.73029673, 2.0], [2.1908903, 4.0]], rtol=1e-6)
    with raises(InvalidArgument, "Incompatible shapes: [2,2] vs. [1,4,4,3] [Op:Mul]"):
        tf.clip_by_global_norm([m], image)
    with raises(InvalidArgument, "Incompatible shapes: [2,2] vs. [1,4,4,3] [Op:Mul]"):
        tf.clip_by_global_norm([m], 2.5, image)
    with raises(InvalidArgument, "Incompatible shapes: [0,3] vs. [1,4,4,3] [Op:Minimum]"):
        tf.clip_by_global_norm([m], image, tf.zeros([0, 3]))


# --- space/depth, broadcast_to, unravel_index ---------------------------------------------------------

def test_space_to_depth_and_depth_to_space_doc_examples():
    check(tf.space_to_depth([[[[1], [2]], [[3], [4]]]], 2), [[[[1, 2, 3, 4]]]], tf.int32)
    check(tf.space_to_depth([[[[1, 2, 3], [4, 5, 6]], [[7, 8, 9], [10, 11, 12]]]], 2),
          [[[list(range(1, 13))]]], tf.int32)
    big = [[[[1], [2], [5], [6]], [[3], [4], [7], [8]], [[9], [10], [13], [14]], [[11], [12], [15], [16]]]]
    check(tf.space_to_depth(big, 2), [[[[1, 2, 3, 4], [5, 6, 7, 8]], [[9, 10, 11, 12], [13, 14, 15, 16]]]], tf.int32)
    check(tf.depth_to_space([[[[1, 2, 3, 4]]]], 2), [[[[1], [2]], [[3], [4]]]], tf.int32)
    check(tf.depth_to_space([[[[1, 2, 3, 4], [5, 6, 7, 8]], [[9, 10, 11, 12], [13, 14, 15, 16]]]], 2), big, tf.int32)
    assert tf.nn.space_to_depth is tf.space_to_depth


def test_space_to_depth_nchw_matches_nhwc_and_errors():
    nhwc = tf.reshape(tf.range(2 * 4 * 6 * 3), [2, 4, 6, 3])
    nchw = tf.transpose(nhwc, [0, 3, 1, 2])
    expected = tf.transpose(tf.space_to_depth(nhwc, 2), [0, 3, 1, 2]).numpy()
    np.testing.assert_array_equal(tf.space_to_depth(nchw, 2, data_format="NCHW").numpy(), expected)
    back = tf.depth_to_space(tf.space_to_depth(nchw, 2, data_format="NCHW"), 2, data_format="NCHW")
    np.testing.assert_array_equal(back.numpy(), nchw.numpy())
    with raises(InvalidArgument, "Image width 4 and height 4 should be divisible by block_size: 3 [Op:SpaceToDepth]"):
        tf.space_to_depth(tf.zeros([1, 4, 4, 1]), 3)
    with raises(InvalidArgument, "Input depth dimension 3 should be divisible by: 4 [Op:DepthToSpace]"):
        tf.depth_to_space(tf.zeros([1, 2, 2, 3]), 2)
    with raises(InvalidArgument, "Input rank should be 4 instead of 3"):
        tf.space_to_depth(tf.zeros([4, 4, 1]), 2)


def test_broadcast_to():
    check(tf.broadcast_to([1, 2, 3], [3, 3]), [[1, 2, 3]] * 3, tf.int32)  # TF doc example
    check(tf.broadcast_to(["a"], [2]), [b"a", b"a"], tf.string)
    with raises(InvalidArgument, "Incompatible shapes: [3] vs. [2,2] [Op:BroadcastTo]"):
        tf.broadcast_to([1, 2, 3], [2, 2])
    with raises(InvalidArgument, "Dimension -1 must be >= 0 [Op:BroadcastTo]"):
        tf.broadcast_to([1, 2], [-1, 2])


def test_unravel_index():
    check(tf.unravel_index([2, 5, 7], [3, 3]), [[0, 1, 2], [2, 2, 1]], tf.int32)  # TF doc example
    check(tf.unravel_index(5, [3, 3]), [1, 2], tf.int32)
    check(tf.unravel_index(tf.constant([1], tf.int64), [3, 3]), [[0], [1]], tf.int64)
    with raises(InvalidArgument, "index is out of bound as with dims [Op:UnravelIndex]"):
        tf.unravel_index([9], [3, 3])
    with raises(InvalidArgument, "Input dims cannot contain a dim of zero, but dims contains zero at index 1"):
        tf.unravel_index([1], [3, 0])


def test_ensure_shape_and_broadcast_shapes():
    check(tf.ensure_shape([1, 2], [None]), [1, 2], tf.int32)
    with raises(InvalidArgument, "Shape of tensor input [2] is not compatible with expected shape [3]. "
                                 "[Op:EnsureShape]"):
        tf.ensure_shape([1, 2], [3])
    assert tf.broadcast_static_shape(tf.TensorShape([2, 1]), tf.TensorShape([3])).as_list() == [2, 3]
    check(tf.broadcast_dynamic_shape([2, 1], [3]), [2, 3], tf.int32)
    with raises(ValueError, "Incompatible shapes for broadcasting"):
        tf.broadcast_static_shape(tf.TensorShape([2, 1]), tf.TensorShape([3, 3]))
    with raises(InvalidArgument, "Incompatible shapes: [2,1] vs. [3,3] [Op:BroadcastArgs]"):
        tf.broadcast_dynamic_shape([2, 1], [3, 3])


def test_shape_arguments_given_as_tensors():
    # A tensor shape argument is read entry by entry, as tf.TensorShape(tensor) reads it.
    check(tf.ensure_shape(tf.zeros([2, 3]), tf.constant([2, 3])), np.zeros([2, 3]), tf.float32)
    assert tf.broadcast_static_shape(tf.constant([2, 1]), tf.constant([3])).as_list() == [2, 3]
    with raises(InvalidArgument, "Shape of tensor input [2,2] is not compatible with expected shape [1,2,3]."):
        tf.ensure_shape(tf.zeros([2, 2]), tf.constant([1, 2, 3]))
    with raises(TypeError, "Dimension value must be integer or None or have an __index__ method, got value "
                           "'<tf.Tensor"):
        tf.ensure_shape(tf.zeros([2, 2]), tf.constant(["a", "b"]))
    with raises(TypeError, "Dimension value must be integer or None or have an __index__ method"):
        tf.ensure_shape(tf.zeros([2, 2]), tf.constant(2.5))
    with raises(TypeError, "Dimension value must be integer or None or have an __index__ method"):
        tf.broadcast_static_shape(tf.constant(["a", "b"]), tf.constant(["a", "b"]))
    with raises(ValueError, "Dimension -1 must be >= 0"):
        tf.ensure_shape(tf.zeros([2, 2]), tf.constant([5, -1]))
