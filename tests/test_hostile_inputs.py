"""The hostile inputs of issue 8, item 6, each with the TF error class and message it must give.

Where TF's own outcome was checked (TF 2.21 CPU through tf.compat.v1 in eager mode, in a throwaway
virtual environment), the comment says what it gave; tfcompat follows TF 1.15 where they differ.
"""

import numpy as np
import pytest

import tfcompat as tf
from tfcompat._src.framework.allocation import memory_bytes

INF = float("inf")
OOM = r"OOM when allocating tensor with shape\[{shape}\].* on /job:localhost/replica:0/task:0/device:\w+:0 by allocator"


def x():
    return tf.ones([2])


CASES = [
    # Shape mismatches in batch normalization: TF's "Incompatible shapes" from the Mul/Sub it runs
    # (oracle: InvalidArgumentError "Incompatible shapes: [4] vs. [3] [Op:Mul]" for all four).
    ("bn_mean", lambda: tf.nn.batch_normalization(tf.ones([2, 3]), tf.ones([4]), tf.ones([3]), None, None, 1e-3),
     tf.errors.InvalidArgumentError, r"Incompatible shapes: \[4\] vs. \[3\] \[Op:Mul\]"),
    ("bn_offset", lambda: tf.nn.batch_normalization(tf.ones([2, 3]), tf.ones([3]), tf.ones([3]), tf.ones([4]),
                                                    None, 1e-3),
     tf.errors.InvalidArgumentError, r"Incompatible shapes: \[4\] vs. \[3\] \[Op:Sub\]"),
    ("bn_scale", lambda: tf.nn.batch_normalization(tf.ones([2, 3]), tf.ones([3]), tf.ones([3]), None, tf.ones([4]),
                                                   1e-3),
     tf.errors.InvalidArgumentError, r"Incompatible shapes: \[3\] vs. \[4\] \[Op:Mul\]"),
    ("bn_global", lambda: tf.nn.batch_norm_with_global_normalization(
        tf.ones([2, 3]), tf.ones([4]), tf.ones([3]), tf.ones([3]), tf.ones([3]), 1e-3, True),
     tf.errors.InvalidArgumentError, r"Incompatible shapes: \[4\] vs. \[3\] \[Op:Mul\]"),
    # Huge sizes (oracle: ResourceExhaustedError "OOM when allocating tensor with shape[...]" for
    # ones, zeros, range, eye, tile, random_normal, sequence_mask; InvalidArgumentError for fill).
    ("ones_2_31_squared", lambda: tf.ones([2 ** 31, 2 ** 31]),
     tf.errors.ResourceExhaustedError, OOM.format(shape="2147483648,2147483648") + r".*\[Op:Fill\]"),
    ("zeros_2_62", lambda: tf.zeros([2 ** 62]),
     tf.errors.ResourceExhaustedError, OOM.format(shape="4611686018427387904") + r".*\[Op:Fill\]"),
    ("range_2_62", lambda: tf.range(2 ** 62),
     tf.errors.ResourceExhaustedError, OOM.format(shape="4611686018427387904") + r".*\[Op:Range\]"),
    # (oracle: ValueError "Dimension -1 must be >= 0")
    ("constant_negative_shape", lambda: tf.constant(1, shape=[2, -1]), ValueError, r"Dimension -1 must be >= 0"),
    # (oracle: ResourceExhaustedError for the [2**40] diagonal; the [2**40, 2**40] matrix is past 2**63 - 1)
    ("eye_2_40", lambda: tf.eye(2 ** 40),
     tf.errors.InvalidArgumentError, r"Shape \[1099511627776,1099511627776\] would have more than 2\*\*63 - 1 "
                                     r"elements \[Op:MatrixDiag\]"),
    ("fill_2_33_squared", lambda: tf.fill([2 ** 33] * 2, 1.),
     tf.errors.InvalidArgumentError, r"Shape \[8589934592,8589934592\] would have more than 2\*\*63 - 1 elements "
                                     r"\[Op:Fill\]"),
    # (oracle: a [1, 0] tensor: TF 2.21 wraps the int32 depth; an int32 attr cannot hold 2**40)
    ("one_hot_2_40", lambda: tf.one_hot([1], 2 ** 40),
     tf.errors.ResourceExhaustedError, OOM.format(shape="1,1099511627776") + r".*\[Op:OneHot\]"),
    ("tile_2_40", lambda: tf.tile(x(), [2 ** 40]),
     tf.errors.ResourceExhaustedError, OOM.format(shape="2199023255552") + r".*\[Op:Tile\]"),
    ("random_normal_2_40", lambda: tf.random_normal([2 ** 40]),
     tf.errors.ResourceExhaustedError, OOM.format(shape="1099511627776") + r".*\[Op:RandomStandardNormal\]"),
    ("sequence_mask_int64_max", lambda: tf.sequence_mask([2, 2], 2 ** 63 - 1),
     tf.errors.ResourceExhaustedError, OOM.format(shape="9223372036854775807") + r".*\[Op:Range\]"),
    # Python overflow (oracle: InvalidArgumentError "Requires ((limit - start) / delta) <= ..." for range).
    ("range_1e20", lambda: tf.range(1e20),
     tf.errors.InvalidArgumentError, r"Requires \(\(limit - start\) / delta\) <= 2\^63 - 1 \[Op:Range\]"),
    # tfcompat converts Python ints as tf.constant does: no int64 holds 2**64 (oracle: ValueError
    # "Can't convert Python sequence with out-of-range integer to Tensor." for assert_equal; the
    # TF 2.21 operators turn 2**64 into a float32 1.8446744e+19).
    ("float_plus_2_64", lambda: tf.constant(1.) + 2 ** 64,
     ValueError, r"Can't convert Python sequence with out-of-range integer to Tensor"),
    ("pow_2_64", lambda: tf.pow(x(), 2 ** 64),
     ValueError, r"Can't convert Python sequence with out-of-range integer to Tensor"),
    ("assert_equal_2_64", lambda: tf.assert_equal(x(), 2 ** 64),
     ValueError, r"Can't convert Python sequence with out-of-range integer to Tensor"),
    # Float axes: TF's make_int wording (oracle: InvalidArgumentError "`dim` must be in the range" for
    # softmax, ValueError "Argument `axis` = inf not in range [-2, 2)" for stack; TF 1.15 itself
    # formats them with %d, which raises OverflowError for inf).
    ("softmax_axis_inf", lambda: tf.nn.softmax(x(), axis=INF),
     TypeError, r"Expected int for argument 'axis' not inf\. \[Op:Softmax\]"),
    ("stack_axis_inf", lambda: tf.stack([x()], axis=INF),
     TypeError, r"Expected int for argument 'axis' not inf\. \[Op:Pack\]"),
    ("softmax_axis_1_5", lambda: tf.nn.softmax(x(), axis=1.5),
     TypeError, r"Expected int for argument 'axis' not 1\.5\. \[Op:Softmax\]"),
    # Past int64 in a shape (oracle: ValueError "Can't convert Python sequence with out-of-range integer").
    ("zeros_2_64", lambda: tf.zeros([2 ** 64]),
     ValueError, r"Can't convert Python sequence with out-of-range integer to Tensor: 18446744073709551616 "
                 r"\[Op:Fill\]"),
    ("broadcast_to_2_64", lambda: tf.broadcast_to(x(), [2 ** 64]),
     ValueError, r"Can't convert Python sequence with out-of-range integer to Tensor: 18446744073709551616 "
                 r"\[Op:BroadcastTo\]"),
    # A string attr given as a tensor (oracle: AttributeError, TF's own leak; TF's make_str says this).
    ("conv2d_transpose_tensor_data_format", lambda: tf.nn.conv2d_transpose(
        tf.ones([1, 2, 2, 1]), tf.ones([2, 2, 1, 1]), [1, 4, 4, 1], [1, 2, 2, 1], data_format=tf.constant("NHWC")),
     TypeError, r"Expected string for argument 'data_format' not .*\[Op:Conv2DBackpropInput\]"),
    # TF 1.15's bincount converts arr with dtype=int32 (TF 2.21 casts instead and counts [0 1]).
    ("bincount_float", lambda: tf.bincount([1.5]), TypeError, r"Cannot convert \[1\.5\] to EagerTensor of dtype int32"),
]


@pytest.mark.parametrize("case", CASES, ids=[case[0] for case in CASES])
def test_hostile_input_raises_tf_error(case):
    _, call, error_class, pattern = case
    with pytest.raises(error_class, match=pattern):
        call()


def test_oom_threshold_is_the_device_memory():
    too_many = memory_bytes() // 4 + 1
    with pytest.raises(tf.errors.ResourceExhaustedError, match=rf"shape\[{too_many}\] and type float"):
        tf.zeros([too_many])
    assert tf.zeros([0, 2 ** 62]).shape.as_list() == [0, 2 ** 62]  # nothing to allocate


def test_seed_of_a_numpy_integer_reads_as_make_int_reads_it():
    # oracle: NumPy's OverflowError (TF's _truncate_seed computes in uint8); TF's make_int gives 3.
    first = tf.random_shuffle(tf.range(10), seed=np.uint8(3))
    assert sorted(first.numpy().tolist()) == list(range(10))
    with pytest.raises(TypeError, match=r"Expected int for argument 'seed' not inf"):
        tf.random_shuffle(tf.range(10), seed=INF)


def test_narrow_float_scalars_round_to_inf_as_tf_converts_them():
    # oracle: [1. 1.] and [0. 0.] (1e10 is inf in half precision), as tf.maximum(f16, 1e10) gives inf.
    half = tf.ones([2], tf.float16)
    assert tf.clip_by_value(half, -1e10, 1e10).numpy().tolist() == [1.0, 1.0]
    assert tf.nn.l2_normalize(half, epsilon=1e10).numpy().tolist() == [0.0, 0.0]
    assert np.isinf(tf.maximum(half, 1e10).numpy()).all()
    assert np.isinf((half + 1e10).numpy()).all()


def test_float_strides_are_read_with_make_int():
    # TF 1.15's make_int (and the oracle) truncate: strides [1, 1.5, 1, 1] run as [1, 1, 1, 1].
    image, kernel = tf.ones([1, 2, 2, 1]), tf.ones([1, 1, 1, 1])
    truncated = tf.nn.conv2d(image, kernel, strides=[1, 1.5, 1, 1], padding="SAME")
    assert truncated.numpy().tolist() == tf.nn.conv2d(image, kernel, [1, 1, 1, 1], "SAME").numpy().tolist()
    with pytest.raises(TypeError, match=r"Expected int for argument 'strides' not inf"):
        tf.nn.conv2d(image, kernel, strides=[1, INF, 1, 1], padding="SAME")


def test_custom_gradient_returning_a_string_is_a_type_error():
    @tf.custom_gradient
    def double(v):
        return v * 2, lambda dy: "abc"

    value = tf.constant(1.0)
    with tf.GradientTape() as tape:
        tape.watch(value)
        result = double(value)
    with pytest.raises(TypeError, match=r"custom_gradient grad_fn returned a string gradient for input #0"):
        tape.gradient(result, value)


@pytest.mark.parametrize("call, op_name", [
    (lambda: tf.linspace(0., 1., 2 ** 40), "LinSpace"),
    (lambda: tf.pad(x(), [[0, 2 ** 40]]), "Pad"),
    (lambda: tf.matrix_diag(tf.ones([2 ** 17])), "MatrixDiagV2"),
    (lambda: tf.diag(tf.ones([2 ** 17])), "Diag"),
    (lambda: tf.scatter_nd([[0]], [1.], [2 ** 40]), "ScatterNd"),
    (lambda: tf.broadcast_to(x(), [2 ** 20, 2 ** 20, 2]), "BroadcastTo"),
    (lambda: tf.eye(3, batch_shape=[2 ** 40]), "Fill"),
    (lambda: tf.as_string(x(), width=2 ** 40), "AsString"),
    # Sizes torch finds too large itself come back through translate_error.
    (lambda: tf.multinomial(tf.ones([1, 2]), 2 ** 40), "Multinomial"),
    (lambda: tf.nn.max_pool(tf.ones([1, 2, 2, 1]), [1, 2 ** 40, 1, 1], [1, 1, 1, 1], "SAME"), "MaxPool"),
], ids=["linspace", "pad", "matrix_diag", "diag", "scatter_nd", "broadcast_to", "eye_batch", "as_string_width",
        "multinomial", "max_pool_window"])
def test_every_allocation_site_refuses_impossible_sizes(call, op_name):
    with pytest.raises(tf.errors.ResourceExhaustedError, match=rf"OOM when allocating .*\[Op:{op_name}\]"):
        call()
