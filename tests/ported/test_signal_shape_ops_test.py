"""Ported from TF 1.15 tensorflow/python/kernel_tests/signal/shape_ops_test.py (FrameTest).

The file is named after TF's test with a ``signal_`` prefix: tests/ported/test_shape_ops_test.py
already ports the array shape_ops_test.  Not ported: test_shape_inference and
test_constant_folding (graph placeholders and grappler, which have no eager counterpart) and the
placeholder half of test_invalid_inputs; test_dynamic_tensor runs on a concrete tensor.
"""

import numpy as np
import pytest

import tfcompat as tf


def test_FrameTest_test_mapping_of_indices_without_padding():
    tensor = tf.expand_dims(tf.constant(np.arange(9152), tf.int32), 0)
    result = tf.signal.frame(tensor, 512, 180, pad_end=False)
    expected = np.tile(np.arange(512), (49, 1)) + np.tile(np.arange(49) * 180, (512, 1)).T
    np.testing.assert_array_equal(np.expand_dims(expected, 0).astype(np.int32), result.numpy())


def test_FrameTest_test_mapping_of_indices_with_padding():
    tensor = tf.expand_dims(tf.constant(np.arange(10000), tf.int32), 0)
    result = tf.signal.frame(tensor, 512, 192, pad_end=True)
    expected = np.tile(np.arange(512), (53, 1)) + np.tile(np.arange(53) * 192, (512, 1)).T
    expected[expected >= 10000] = 0
    np.testing.assert_array_equal(np.expand_dims(expected, 0).astype(np.int32), result.numpy())


def test_FrameTest_test_invalid_inputs():
    with pytest.raises(ValueError):
        tf.signal.frame(1, 1, 1)
    with pytest.raises(ValueError):
        tf.signal.frame([1], [1], 1)
    with pytest.raises(ValueError):
        tf.signal.frame([1], 1, [1])
    with pytest.raises(ValueError):
        tf.signal.frame([1], 1, 1, pad_end=True, pad_value=[1])


def test_FrameTest_test_length_zero():
    signal = tf.constant([], dtype=tf.float32)
    assert tf.signal.frame(signal, 2, 1, pad_end=True, pad_value=99).numpy().shape == (0, 2)
    assert tf.signal.frame(signal, 2, 1, pad_end=False).numpy().shape == (0, 2)


def test_FrameTest_test_shape_inference_concrete_part():
    # The last loop of TF's test_shape_inference: the static shape is the returned one.
    for signal_length in range(2):
        for frame_length in range(2):
            for pad_end in (False, True):
                op = tf.signal.frame([0] * signal_length, frame_length, 1, pad_end=pad_end, pad_value=99)
                assert op.shape.as_list() == list(op.numpy().shape)


@pytest.mark.parametrize("rank", range(5))
def test_FrameTest_test_basic_mono(rank):
    nd_signal = np.reshape(np.arange(6), (1,) * rank + (6,))
    expected = np.array([[0, 1, 2], [2, 3, 4], [4, 5, 99]])
    result = tf.signal.frame(nd_signal, 3, 2, pad_end=True, pad_value=99)
    np.testing.assert_array_equal(np.reshape(expected, (1,) * rank + expected.shape), result.numpy())
    expected = np.array([[0, 1, 2], [2, 3, 4]])
    result = tf.signal.frame(nd_signal, 3, 2, pad_end=False)
    np.testing.assert_array_equal(np.reshape(expected, (1,) * rank + expected.shape), result.numpy())


@pytest.mark.parametrize("rank", range(5))
def test_FrameTest_test_basic_stereo(rank):
    signal = np.vstack([np.arange(6), np.arange(6) + 10])
    nd_signal = np.reshape(signal, (1,) * rank + signal.shape)
    expected = np.array([[[0, 1, 2], [2, 3, 4], [4, 5, 99]], [[10, 11, 12], [12, 13, 14], [14, 15, 99]]])
    result = tf.signal.frame(nd_signal, 3, 2, pad_end=True, pad_value=99)
    np.testing.assert_array_equal(np.reshape(expected, (1,) * rank + expected.shape), result.numpy())
    expected = np.array([[[0, 1, 2], [2, 3, 4]], [[10, 11, 12], [12, 13, 14]]])
    result = tf.signal.frame(nd_signal, 3, 2, pad_end=False)
    np.testing.assert_array_equal(np.reshape(expected, (1,) * rank + expected.shape), result.numpy())


def test_FrameTest_test_complex_shape():
    signal = np.reshape(np.vstack([np.arange(6) + 10 * i for i in range(6)]), (2, 1, 3, 1, 6))
    result = tf.signal.frame(signal, 3, 2, pad_end=True, pad_value=99)
    expected = [[[[[[0, 1, 2], [2, 3, 4], [4, 5, 99]]],
                  [[[10, 11, 12], [12, 13, 14], [14, 15, 99]]],
                  [[[20, 21, 22], [22, 23, 24], [24, 25, 99]]]]],
                [[[[[30, 31, 32], [32, 33, 34], [34, 35, 99]]],
                  [[[40, 41, 42], [42, 43, 44], [44, 45, 99]]],
                  [[[50, 51, 52], [52, 53, 54], [54, 55, 99]]]]]]
    np.testing.assert_array_equal(expected, result.numpy())
    result = tf.signal.frame(signal, 3, 2, pad_end=False)
    expected = [[[[[[0, 1, 2], [2, 3, 4]]], [[[10, 11, 12], [12, 13, 14]]], [[[20, 21, 22], [22, 23, 24]]]]],
                [[[[[30, 31, 32], [32, 33, 34]]], [[[40, 41, 42], [42, 43, 44]]], [[[50, 51, 52], [52, 53, 54]]]]]]
    np.testing.assert_array_equal(expected, result.numpy())


def test_FrameTest_test_axis():
    signal = np.reshape(np.arange(16), (2, 4, 2))
    result = tf.signal.frame(signal, frame_length=2, frame_step=2, pad_end=True, axis=1)
    np.testing.assert_array_equal(np.reshape(np.arange(16), (2, 2, 2, 2)), result.numpy())
    result = tf.signal.frame(signal, frame_length=2, frame_step=1, pad_end=True, axis=1)
    expected = [[[[0, 1], [2, 3]], [[2, 3], [4, 5]], [[4, 5], [6, 7]], [[6, 7], [0, 0]]],
                [[[8, 9], [10, 11]], [[10, 11], [12, 13]], [[12, 13], [14, 15]], [[14, 15], [0, 0]]]]
    np.testing.assert_array_equal(expected, result.numpy())
    result = tf.signal.frame(signal, frame_length=3, frame_step=1, pad_end=True, axis=1)
    expected = [[[[0, 1], [2, 3], [4, 5]], [[2, 3], [4, 5], [6, 7]], [[4, 5], [6, 7], [0, 0]],
                 [[6, 7], [0, 0], [0, 0]]],
                [[[8, 9], [10, 11], [12, 13]], [[10, 11], [12, 13], [14, 15]], [[12, 13], [14, 15], [0, 0]],
                 [[14, 15], [0, 0], [0, 0]]]]
    np.testing.assert_array_equal(expected, result.numpy())


def test_FrameTest_test_window_larger_than_signal():
    signal = tf.constant([[1, 2], [11, 12]], dtype=tf.float32)
    result = tf.signal.frame(signal, 4, 1, pad_end=True, pad_value=99)
    np.testing.assert_allclose(result.numpy(), [[[1, 2, 99, 99], [2, 99, 99, 99]], [[11, 12, 99, 99], [12, 99, 99, 99]]])
    assert tf.signal.frame(signal, 4, 1, pad_end=False).numpy().shape == (2, 0, 4)
    result = tf.signal.frame(signal, 4, 2, pad_end=True, pad_value=99)
    np.testing.assert_allclose(result.numpy(), [[[1, 2, 99, 99]], [[11, 12, 99, 99]]])
    assert tf.signal.frame(signal, 4, 2, pad_end=False).numpy().shape == (2, 0, 4)


def test_FrameTest_test_preserves_type():
    signal = tf.range(10, dtype=tf.float64)
    assert tf.signal.frame(signal, 2, 3).dtype == signal.dtype


def test_FrameTest_test_dynamic_tensor():
    input_signal = np.vstack([np.arange(4), np.arange(4) + 10, np.arange(4) + 20]).astype(np.float32)
    result = tf.signal.frame(tf.constant(input_signal), 2, 2)
    np.testing.assert_array_equal([[[0, 1], [2, 3]], [[10, 11], [12, 13]], [[20, 21], [22, 23]]], result.numpy())


def test_FrameTest_test_gradient_numerical():
    # TF 1.15's graph form compute_gradient_error(x, shape, y, shape) is the eager form (f, [x]) here.
    signal = tf.ones((2, 128))
    error = tf.test.compute_gradient_error(lambda x: tf.signal.frame(x, 33, 9), [signal])
    assert error < 2e-5
