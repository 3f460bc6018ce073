"""Ported behaviours of TF 1.15's tensorflow/python/kernel_tests/rnn_test.py (RNNTest), the
methods that run under eager execution (``run_in_graph_and_eager_modes``), in their eager
branch."""

import numpy as np
import pytest

import tfcompat as tf


@pytest.fixture(autouse=True)
def _fresh_names():
    tf.keras.backend.clear_session()
    tf.reset_default_graph()
    yield


class Plus1RNNCell(tf.nn.rnn_cell.RNNCell):
    """(output, new_state) = (input + 1, state + 1)."""

    @property
    def output_size(self):
        return 5

    @property
    def state_size(self):
        return 5

    def __call__(self, input_, state, scope=None):
        return (input_ + 1, state + 1)


class ScalarStateRNNCell(tf.nn.rnn_cell.RNNCell):
    """An int32 scalar state counting the steps."""

    @property
    def output_size(self):
        return 1

    @property
    def state_size(self):
        return tf.TensorShape([])

    def zero_state(self, batch_size, dtype):
        return tf.zeros([], dtype=tf.int32)

    def __call__(self, input_, state, scope=None):
        return (input_, state + 1)


class UnbalancedOutputRNNCell(tf.nn.rnn_cell.RNNCell):
    """Two outputs of different sizes and a scalar state."""

    @property
    def output_size(self):
        return tf.TensorShape(1), tf.TensorShape((2))

    @property
    def state_size(self):
        return tf.TensorShape([])

    def zero_state(self, batch_size, dtype):
        return tf.zeros([], dtype=tf.int32)

    def __call__(self, input_, state, scope=None):
        concatenated = tf.concat((input_, input_), axis=-1)
        return (input_, concatenated), state + 1


def test_RNNTest_testInvalidSequenceLengthShape():
    inputs = [tf.constant(np.ones((3, 4)))]
    with pytest.raises(ValueError, match="must be a vector"):
        tf.nn.dynamic_rnn(Plus1RNNCell(), tf.stack(inputs), dtype=tf.float32, sequence_length=[[4]])


def test_RNNTest_testBatchSizeFromInput():
    cell = Plus1RNNCell()
    inputs = np.zeros((3, 4, 5), dtype=np.float32)
    initial_state = np.zeros((3, 5), dtype=np.float32)
    outputs, state = tf.nn.dynamic_rnn(cell, inputs, dtype=tf.float32)
    assert outputs.shape[0] == 3
    assert state.shape[0] == 3
    outputs, state = tf.nn.dynamic_rnn(cell, inputs, initial_state=initial_state)
    assert outputs.shape[0] == 3
    assert state.shape[0] == 3
    # Without static batch size (the same in eager mode), time major.
    outputs, state = tf.nn.dynamic_rnn(cell, np.transpose(inputs, [1, 0, 2]), dtype=tf.float32, time_major=True)
    assert outputs.shape[1] == 3
    assert state.shape[0] == 3


def test_RNNTest_testScalarStateIsAccepted():
    inputs = np.array([[[1], [2], [3], [4]]], dtype=np.float32)
    outputs, state = tf.nn.dynamic_rnn(ScalarStateRNNCell(), inputs, dtype=tf.float32, sequence_length=[4])
    np.testing.assert_array_equal(outputs.numpy(), [[[1], [2], [3], [4]]])
    assert int(state) == 4


def test_RNNTest_testUnbalancedOutputIsAccepted():
    inputs = np.array([[[1], [2], [3], [4]]], dtype=np.float32)
    outputs, state = tf.nn.dynamic_rnn(UnbalancedOutputRNNCell(), inputs, dtype=tf.float32, sequence_length=[4])
    assert isinstance(outputs, tuple)
    np.testing.assert_array_equal(outputs[0].numpy(), [[[1], [2], [3], [4]]])
    np.testing.assert_array_equal(outputs[1].numpy(), [[[1, 1], [2, 2], [3, 3], [4, 4]]])
    assert int(state) == 4


def test_RNNTest_testCellGetInitialState():
    cell = tf.nn.rnn_cell.BasicRNNCell(5)
    with pytest.raises(ValueError, match="batch_size and dtype cannot be None"):
        cell.get_initial_state(None, None, None)
    inputs = tf.ones((3, 4, 1))
    with pytest.raises(ValueError, match="batch size from input tensor is different from"):
        cell.get_initial_state(inputs=inputs, batch_size=50, dtype=None)
    with pytest.raises(ValueError, match="batch size from input tensor is different from"):
        cell.get_initial_state(inputs=inputs, batch_size=tf.constant(50), dtype=None)
    with pytest.raises(ValueError, match="dtype from input tensor is different from"):
        cell.get_initial_state(inputs=inputs, batch_size=None, dtype=tf.int16)
    initial_state = cell.get_initial_state(inputs=inputs, batch_size=None, dtype=None)
    assert initial_state.shape.as_list() == [3, 5]
    assert initial_state.dtype == inputs.dtype
    initial_state = cell.get_initial_state(None, tf.shape(inputs)[0], inputs.dtype)
    assert initial_state.shape.as_list() == [3, 5]
    assert initial_state.dtype == inputs.dtype
