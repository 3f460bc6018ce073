"""Ported from TF 1.15 tensorflow/python/kernel_tests/signal/reconstruction_ops_test.py
(ReconstructionOpsTest): tf.signal.overlap_and_add.  tf.gradients is graph-only: the gradient
tests use a GradientTape, as TF's eager mode would."""

import numpy as np

import tfcompat as tf

BATCH_SIZE, FRAMES, SAMPLES = 3, 3, 5
BASES = np.array(range(2, 5))
POWERS = np.reshape(np.power(BASES[:, np.newaxis], np.array(range(FRAMES * SAMPLES))[np.newaxis, :]),
                    [BATCH_SIZE, FRAMES, SAMPLES])
FRAME_HOP = 2
EXPECTED_STRING = ["1", "10", "100100", "1001000", "10010010000", "100100000000", "1001000000000",
                   "10000000000000", "100000000000000"]


def test_ReconstructionOpsTest_test_all_ones():
    signal = tf.constant(np.ones((3, 5)), dtype=tf.int64)
    output = tf.signal.overlap_and_add(signal, 2).numpy()
    np.testing.assert_allclose(output, np.array([1, 1, 2, 2, 3, 2, 2, 1, 1]))


def _make_input(frame_length, num_frames=3):
    return np.reshape(np.arange(1, num_frames * frame_length + 1), (-1, frame_length))


def test_ReconstructionOpsTest_test_simple():
    configurations = [
        (_make_input(2), [1, 5, 9, 6], 1),
        (_make_input(2), [1, 2, 3, 4, 5, 6], 2),
        (_make_input(3), [1, 6, 15, 14, 9], 1),
        (_make_input(3), [1, 2, 7, 5, 13, 8, 9], 2),
        (_make_input(3), [1, 2, 3, 4, 5, 6, 7, 8, 9], 3),
        (_make_input(4), [1, 7, 18, 21, 19, 12], 1),
        (_make_input(4), [1, 2, 8, 10, 16, 18, 11, 12], 2),
        (_make_input(4), [1, 2, 3, 9, 6, 7, 17, 10, 11, 12], 3),
        (_make_input(4), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], 4),
    ]
    for signal, expected, frame_hop in configurations:
        reconstruction = tf.signal.overlap_and_add(np.array(signal), frame_hop).numpy()
        np.testing.assert_allclose(reconstruction, np.array(expected))


def test_ReconstructionOpsTest_test_powers():
    signal = tf.constant(np.squeeze(POWERS[0, :, :]), dtype=tf.int64)
    output = tf.signal.overlap_and_add(signal, FRAME_HOP).numpy()
    assert [np.base_repr(x, BASES[0]) for x in output] == EXPECTED_STRING


def test_ReconstructionOpsTest_test_batch():
    signal = tf.constant(POWERS, dtype=tf.int64)
    output = tf.signal.overlap_and_add(signal, FRAME_HOP).numpy()
    for i in range(BATCH_SIZE):
        assert [np.base_repr(x, BASES[i]) for x in output[i, :]] == EXPECTED_STRING


def test_ReconstructionOpsTest_test_one_element_batch():
    input_matrix = np.squeeze(POWERS[0, :, :])[np.newaxis, :, :].astype(float)
    signal = tf.constant(input_matrix, dtype=tf.float32)
    output = tf.signal.overlap_and_add(signal, FRAME_HOP).numpy()
    assert output.shape == (1, 9)
    assert [np.base_repr(int(x), BASES[0]) for x in np.squeeze(output)] == EXPECTED_STRING


def _gradient(signal, loss_fn):
    with tf.GradientTape() as tape:
        tape.watch(signal)
        loss = loss_fn(signal)
    return tape.gradient(loss, signal).numpy()


def test_ReconstructionOpsTest_test_gradient():
    configurations = [((1, 128), 1), ((5, 35), 17), ((10, 128), 128), ((2, 10, 128), 127),
                      ((2, 2, 10, 128), 126), ((2, 2, 2, 10, 128), 125)]
    for shape, frame_hop in configurations:
        gradient = _gradient(tf.zeros(shape), lambda s: tf.reduce_sum(tf.signal.overlap_and_add(s, frame_hop)))
        assert (gradient == 1.0).all()


def test_ReconstructionOpsTest_test_gradient_batch():
    def loss(signal):
        reconstruction = tf.signal.overlap_and_add(signal, 10)
        reconstruction *= tf.stack([tf.zeros((100,)), tf.to_float(tf.range(100))])
        return tf.reduce_sum(reconstruction)

    gradient = _gradient(tf.zeros((2, 10, 10)), loss)
    expected = np.stack([np.zeros((10, 10)), np.reshape(np.arange(100).astype(np.float32), (10, 10))])
    np.testing.assert_array_equal(expected, gradient)


def test_ReconstructionOpsTest_test_gradient_numerical():
    error = tf.test.compute_gradient_error(lambda s: tf.signal.overlap_and_add(s, 10), [tf.zeros((2, 10, 10))])
    assert error < 2e-5
