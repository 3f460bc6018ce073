"""Creation, cast and shape-query ops against TF 1.x's documented results and errors.

Expected values come from the TF API docs' examples and from TF itself (eager).
"""

import re

import numpy as np
import pytest

import tfcompat as tf

InvalidArgument = tf.errors.InvalidArgumentError


def check(tensor, expected, dtype):
    """``tensor`` is a Tensor of TF dtype ``dtype`` holding exactly ``expected``."""
    assert isinstance(tensor, tf.Tensor) and tensor.dtype == dtype, (tensor, dtype)
    kind = np.float32 if dtype == tf.bfloat16 else dtype.as_numpy_dtype
    np.testing.assert_array_equal(tensor.numpy(), np.asarray(expected, dtype=kind))
    assert tensor.shape.as_list() == list(np.shape(expected))


def raises(kind, message):
    return pytest.raises(kind, match=re.escape(message))


# --- zeros / ones / *_like / fill ----------------------------------------------------------------

def test_zeros_and_ones_default_to_float32():
    check(tf.zeros([2, 3]), np.zeros([2, 3]), tf.float32)
    check(tf.ones([2]), [1, 1], tf.float32)
    check(tf.zeros([3, 4], tf.int32), np.zeros([3, 4]), tf.int32)  # TF doc example
    check(tf.ones((2, 1), dtype=tf.bool), [[True], [True]], tf.bool)
    check(tf.zeros([]), 0, tf.float32)


def test_zeros_shape_forms():
    check(tf.zeros(5), np.zeros(5), tf.float32)  # an int n means [n]
    check(tf.zeros(tf.constant([2, 1])), [[0], [0]], tf.float32)
    check(tf.ones(tf.TensorShape([1, 2]), tf.int64), [[1, 1]], tf.int64)
    check(tf.zeros([0, 2]), np.zeros([0, 2]), tf.float32)


def test_zeros_of_strings_and_errors():
    check(tf.zeros([2], tf.string), [b"", b""], tf.string)
    with raises(TypeError, "Cannot convert 1 to EagerTensor of dtype string"):
        tf.ones([2], tf.string)
    with raises(InvalidArgument, "Dimension -1 must be >= 0 [Op:Fill]"):
        tf.zeros([2, -1])
    with raises(TypeError, "Cannot convert [2.0] to EagerTensor of dtype int32"):
        tf.zeros([2.0])


def test_zeros_like_and_ones_like_keep_dtype():
    check(tf.ones_like(tf.constant([[1, 2, 3], [4, 5, 6]])), [[1, 1, 1], [1, 1, 1]], tf.int32)  # TF doc
    check(tf.zeros_like([1, 2]), [0, 0], tf.int32)
    check(tf.zeros_like(tf.constant([1.5]), dtype=tf.int32), [0], tf.int32)
    check(tf.ones_like(tf.constant([True, False]), optimize=False), [True, True], tf.bool)
    check(tf.zeros_like(tf.constant([["a", "b"]])), [[b"", b""]], tf.string)
    with raises(TypeError, "Cannot convert 1 to EagerTensor of dtype string"):
        tf.ones_like(tf.constant(["a"]))


def test_fill():
    check(tf.fill([2, 3], 9), [[9, 9, 9], [9, 9, 9]], tf.int32)  # TF doc example
    check(tf.fill([2], 1.5), [1.5, 1.5], tf.float32)
    check(tf.fill([2], "a"), [b"a", b"a"], tf.string)
    check(tf.fill([], 3), 3, tf.int32)
    check(tf.fill(tf.constant([1, 2], tf.int64), tf.constant(2, tf.int64)), [[2, 2]], tf.int64)
    with raises(InvalidArgument, "value must represent a scalar, got shape [2] [Op:Fill]"):
        tf.fill([2], [1, 2])
    with raises(InvalidArgument, "Dimension -1 must be >= 0 [Op:Fill]"):
        tf.fill([2, -1], 1)
    with raises(InvalidArgument, "Value for attr 'index_type' of float is not in the list of allowed values: int32, "
                                 "int64"):
        tf.fill([2.0], 1)


# --- range / linspace / eye --------------------------------------------------------------------

def test_range_doc_examples():
    check(tf.range(3, 18, 3), [3, 6, 9, 12, 15], tf.int32)
    check(tf.range(3, 1, -0.5), [3, 2.5, 2, 1.5], tf.float32)
    check(tf.range(5), [0, 1, 2, 3, 4], tf.int32)


def test_range_dtype_inference():
    check(tf.range(1.0, 5.0), [1, 2, 3, 4], tf.float32)
    check(tf.range(1, 5, 0.5), np.arange(1, 5, 0.5), tf.float32)  # widest of the three
    check(tf.range(np.int64(4)), [0, 1, 2, 3], tf.int64)
    check(tf.range(tf.constant(2.5, tf.float64), 5), [2.5, 3.5, 4.5], tf.float64)
    check(tf.range(5, dtype=tf.float32), [0, 1, 2, 3, 4], tf.float32)
    check(tf.range(4, dtype=tf.float64), [0, 1, 2, 3], tf.float64)
    check(tf.range(tf.constant(4, tf.int64), dtype=tf.int32), [0, 1, 2, 3], tf.int32)
    check(tf.range(10, 0, -3), [10, 7, 4, 1], tf.int32)
    check(tf.range(0), np.zeros([0]), tf.int32)
    check(tf.range(4.5), [0, 1, 2, 3, 4], tf.float32)


def test_range_float_values_are_start_plus_i_delta_in_float32():
    values = tf.range(0.3, 100.0, 0.7).numpy()
    expected = np.float32(0.3) + np.arange(len(values), dtype=np.float32) * np.float32(0.7)
    assert len(values) == 143
    np.testing.assert_array_equal(values, expected)
    check(tf.range(0.1, 0.5, 0.1), np.float32([0.1, 0.2, 0.3, 0.4]), tf.float32)


def test_range_errors():
    with raises(InvalidArgument, "Requires delta != 0: 0 [Op:Range]"):
        tf.range(1, 5, 0)
    with raises(InvalidArgument, "Requires start <= limit when delta > 0: 5/1 [Op:Range]"):
        tf.range(5, 1)
    with raises(InvalidArgument, "Requires start >= limit when delta < 0: 1/5 [Op:Range]"):
        tf.range(1, 5, -1)
    with raises(TypeError, "Cannot convert 0 to EagerTensor of dtype bool"):
        tf.range(4, dtype=tf.bool)
    with raises(InvalidArgument, "Value for attr 'Tidx' of uint8 is not in the list of allowed values"):
        tf.range(4, dtype=tf.uint8)


def test_linspace():
    check(tf.linspace(10.0, 12.0, 3), [10, 11, 12], tf.float32)  # TF doc example
    assert tf.lin_space is tf.linspace
    check(tf.lin_space(1.0, 5.0, 1), [1], tf.float32)
    check(tf.linspace(tf.constant(1.0, tf.float64), 5.0, 3), [1, 3, 5], tf.float64)
    values = tf.linspace(-3.0, 17.3, 11).numpy()
    step = (np.float32(17.3) - np.float32(-3.0)) / np.float32(10)
    np.testing.assert_array_equal(values[:-1], np.float32(-3.0) + np.arange(10, dtype=np.float32) * step)
    assert values[-1] == np.float32(17.3)  # the last value is exactly stop


def test_linspace_errors_tf1():
    with raises(InvalidArgument, "Value for attr 'T' of int32 is not in the list of allowed values: bfloat16, float, "
                                 "double"):
        tf.linspace(1, 5, 3)
    with raises(InvalidArgument, "Requires num > 0: 0 [Op:LinSpace]"):
        tf.linspace(1.0, 5.0, 0)


def test_eye():
    check(tf.eye(2), [[1, 0], [0, 1]], tf.float32)  # TF doc examples
    check(tf.eye(2, num_columns=3), [[1, 0, 0], [0, 1, 0]], tf.float32)
    batch = tf.eye(2, batch_shape=[3])
    check(batch, np.broadcast_to(np.eye(2), [3, 2, 2]), tf.float32)
    check(tf.eye(2, 3, dtype=tf.int32), [[1, 0, 0], [0, 1, 0]], tf.int32)
    check(tf.eye(2, dtype=tf.bool), [[True, False], [False, True]], tf.bool)
    assert tf.eye(2, 2, batch_shape=[2, 1], dtype=tf.complex64).shape.as_list() == [2, 1, 2, 2]
    assert tf.linalg.eye is tf.eye
    with raises(InvalidArgument, "Dimension -1 must be >= 0"):
        tf.eye(-1)


def test_identity():
    x = tf.constant([[1, 2]])
    y = tf.identity(x)
    assert y is not x
    check(y, [[1, 2]], tf.int32)
    check(tf.identity(["a"]), [b"a"], tf.string)
    ys = tf.identity_n([[1], ["a"]])
    check(ys[0], [1], tf.int32)
    check(ys[1], [b"a"], tf.string)


# --- casts ---------------------------------------------------------------------------------------

def test_cast_doc_example_truncates_toward_zero():
    check(tf.cast(tf.constant([1.8, 2.2]), tf.int32), [1, 2], tf.int32)
    check(tf.cast([-1.7, 2.5], tf.int32), [-1, 2], tf.int32)
    check(tf.cast(1.7, tf.int32), 1, tf.int32)
    check(tf.cast([0.5, -0.5], tf.int64), [0, 0], tf.int64)


def test_cast_bool_complex_and_wraparound():
    check(tf.cast([0.0, 2.0, -0.5], tf.bool), [False, True, True], tf.bool)
    check(tf.cast([True, False], tf.float32), [1, 0], tf.float32)
    check(tf.cast([1 + 2j], tf.float32), [1], tf.float32)  # complex -> real keeps the real part
    check(tf.cast(tf.constant([1.5 + 2j]), tf.int32), [1], tf.int32)
    check(tf.cast([1.5], tf.complex64), [1.5 + 0j], tf.complex64)
    check(tf.cast([300], tf.uint8), [44], tf.uint8)
    check(tf.cast(tf.constant(2 ** 40 + 5, tf.int64), tf.int32), 5, tf.int32)
    check(tf.cast([1.7], tf.bfloat16), [1.703125], tf.bfloat16)


def test_cast_same_dtype_is_the_input_and_strings_are_unimplemented():
    x = tf.constant([1.0])
    assert tf.cast(x, tf.float32) is x
    assert tf.dtypes.cast is tf.cast
    check(tf.cast(x, "float64"), [1], tf.float64)
    with raises(tf.errors.UnimplementedError, "Cast string to float is not supported [Op:Cast]"):
        tf.cast(["a"], tf.float32)
    with raises(tf.errors.UnimplementedError, "Cast int32 to string is not supported [Op:Cast]"):
        tf.cast([1], tf.string)


def test_saturate_cast():
    check(tf.saturate_cast([300, -5], tf.uint8), [255, 0], tf.uint8)
    check(tf.saturate_cast([3e10, -3e10], tf.int32), [2147483520, -2147483648], tf.int32)
    check(tf.saturate_cast([1 + 2j], tf.float32), [1], tf.float32)
    check(tf.saturate_cast(tf.constant([70000, -70000]), tf.float16), [65504, -65504], tf.float16)
    check(tf.saturate_cast(tf.constant([2 ** 40], tf.int64), tf.int32), [2 ** 31 - 1], tf.int32)
    f32 = np.finfo(np.float32)
    check(tf.saturate_cast(np.array([1e300, -np.inf]), tf.float32), [f32.max, f32.min], tf.float32)
    assert tf.dtypes.saturate_cast is tf.saturate_cast


@pytest.mark.parametrize("name, dtype, expected", [
    ("to_float", tf.float32, 1.7), ("to_double", tf.float64, float(np.float32(1.7))), ("to_int32", tf.int32, 1),
    ("to_int64", tf.int64, 1), ("to_bfloat16", tf.bfloat16, 1.703125),
    ("to_complex64", tf.complex64, 1.7), ("to_complex128", tf.complex128, float(np.float32(1.7)))])
def test_deprecated_tf1_casts(name, dtype, expected):
    check(getattr(tf, name)(tf.constant([1.7]), name="x"), [expected], dtype)


# --- shape queries ---------------------------------------------------------------------------------

def test_shape_size_rank_doc_examples():
    t = tf.constant([[[1, 1, 1], [2, 2, 2]], [[3, 3, 3], [4, 4, 4]]])
    check(tf.shape(t), [2, 2, 3], tf.int32)
    check(tf.size(t), 12, tf.int32)
    check(tf.rank(t), 3, tf.int32)


def test_shape_out_type_scalars_and_strings():
    check(tf.shape([[1, 2, 3]], out_type=tf.int64), [1, 3], tf.int64)
    check(tf.size([[1, 2, 3]], out_type=tf.int64), 3, tf.int64)
    check(tf.shape(1), np.zeros([0]), tf.int32)
    check(tf.rank(5), 0, tf.int32)
    check(tf.shape([["a"]]), [1, 1], tf.int32)
    check(tf.size(tf.zeros([0, 3])), 0, tf.int32)
    with raises(InvalidArgument, "Value for attr 'out_type' of float is not in the list of allowed values: int32, "
                                 "int64 [Op:Shape]"):
        tf.shape([1], out_type=tf.float32)
    shapes = tf.shape_n([tf.zeros([2, 3]), 5], out_type=tf.int64)
    check(shapes[0], [2, 3], tf.int64)
    check(shapes[1], np.zeros([0]), tf.int64)


def test_shape_n_list_input():
    # TF iterates a tensor argument (string tensors included): one shape per row.
    shapes = tf.shape_n(tf.constant(["a", "b"]))
    assert len(shapes) == 2
    check(shapes[0], np.zeros([0]), tf.int32)
    rows = tf.shape_n([[1, 2], [3]])
    check(rows[0], [2], tf.int32)
    check(rows[1], [1], tf.int32)
    with raises(TypeError, "Expected list for 'input' argument to 'shape_n' Op, not 'SAME'."):
        tf.shape_n("SAME")
    with raises(TypeError, "Expected list for 'input' argument to 'shape_n' Op, not None."):
        tf.shape_n(None)
    with raises(TypeError, "Expected list for 'input' argument to 'shape_n' Op, not <tf.Tensor"):
        tf.shape_n(tf.constant(2.5))
    with raises(InvalidArgument, "Value for attr 'N' of 0 must be at least minimum 1 [Op:ShapeN]"):
        tf.shape_n([])


def test_newaxis():
    assert tf.newaxis is None
    assert tf.zeros([2, 3])[tf.newaxis, :, tf.newaxis].shape.as_list() == [1, 2, 1, 3]


def test_compat_v1_exposes_the_same_functions():
    assert tf.compat.v1.zeros is tf.zeros
    assert tf.compat.v1.range is tf.range
