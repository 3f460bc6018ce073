"""Ported behaviours of TF 1.15's tensorflow/python/kernel_tests/rnn_cell_test.py, in eager mode:
placeholders become the constant the graph test fed, ``sess.run`` becomes ``.numpy()``.  The
state-saving RNN tests (static_state_saving_rnn is not provided) and the sharded-LSTM tests
(num_unit_shards / num_proj_shards, partitioned variables, refused by tfcompat) are left out."""

import numpy as np
import pytest

import tfcompat as tf

rnn_cell = tf.nn.rnn_cell


@pytest.fixture(autouse=True)
def _fresh_names():
    tf.keras.backend.clear_session()
    tf.reset_default_graph()
    np.random.seed(23489)
    yield


class Plus1RNNCell(rnn_cell.RNNCell):
    """(output, new_state) = (input + 1, state + 1)."""

    @property
    def output_size(self):
        return 5

    @property
    def state_size(self):
        return 5

    def __call__(self, input_, state, scope=None):
        return (input_ + 1, state + 1)


def _inputs(batch_size=2, input_size=5, max_length=8, dtype=np.float32):
    value = np.random.randn(batch_size, input_size).astype(dtype)
    return value, max_length * [tf.constant(value)]


def test_RNNTest_testInvalidSequenceLengthShape():
    _, inputs = _inputs(3, 4, 1)
    with pytest.raises(ValueError, match="must be a vector"):
        tf.nn.static_rnn(Plus1RNNCell(), inputs, dtype=tf.float32, sequence_length=4)


def test_RNNTest_testRNN():
    input_value, inputs = _inputs()
    outputs, state = tf.nn.static_rnn(Plus1RNNCell(), inputs, dtype=tf.float32)
    assert len(outputs) == len(inputs)
    for out, inp in zip(outputs, inputs):
        assert out.get_shape() == inp.get_shape()
        assert out.dtype == inp.dtype
    for v in outputs:
        np.testing.assert_allclose(v.numpy(), input_value + 1.0, rtol=1e-6)
    np.testing.assert_allclose(state.numpy(), 8 * np.ones((2, 5), dtype=np.float32))


def test_RNNTest_testDropout():
    cell = Plus1RNNCell()
    full_dropout_cell = rnn_cell.DropoutWrapper(cell, input_keep_prob=1e-6, seed=0)
    assert full_dropout_cell.wrapped_cell is cell
    input_value, inputs = _inputs()
    with tf.variable_scope("share_scope"):
        outputs, state = tf.nn.static_rnn(cell, inputs, dtype=tf.float32)
    with tf.variable_scope("drop_scope"):
        dropped_outputs, _ = tf.nn.static_rnn(full_dropout_cell, inputs, dtype=tf.float32)
    assert len(outputs) == len(inputs)
    for out, inp in zip(outputs, inputs):
        assert out.get_shape().as_list() == inp.get_shape().as_list()
        assert out.dtype == inp.dtype
    for v in outputs:
        np.testing.assert_allclose(v.numpy(), input_value + 1.0, rtol=1e-6)
    for d_v in dropped_outputs[:-1]:
        np.testing.assert_allclose(d_v.numpy(), np.ones_like(input_value))


def test_RNNTest_testDynamicCalculation():
    input_value, inputs = _inputs()
    with tf.variable_scope("drop_scope"):
        dynamic_outputs, dynamic_state = tf.nn.static_rnn(
            Plus1RNNCell(), inputs, sequence_length=tf.constant([2, 3], tf.int64), dtype=tf.float32)
    assert len(dynamic_outputs) == len(inputs)
    values = [v.numpy() for v in dynamic_outputs]
    for v in values[:2]:
        np.testing.assert_allclose(v, input_value + 1.0, rtol=1e-6)
    np.testing.assert_allclose(values[2], np.vstack((np.zeros(5), 1.0 + input_value[1, :])), rtol=1e-6)
    for v in values[3:]:
        np.testing.assert_array_equal(v, np.zeros_like(input_value))
    np.testing.assert_array_equal(dynamic_state.numpy(), np.vstack((2 * np.ones(5), 3 * np.ones(5))))


def test_RNNTest_testScope():
    # TF checks that every variable is named under the scope; Plus1RNNCell has none, so the
    # variables of an LSTM cell run the same way are checked instead.
    def factory(scope):
        cell = rnn_cell.LSTMCell(3)
        _, inputs = _inputs()
        tf.nn.static_rnn(cell, inputs, dtype=tf.float32, scope=scope)
        return cell

    for prefix, use_outer_scope in (("prefix", True), ("prefix", False), (None, False)):
        tf.reset_default_graph()
        if use_outer_scope:
            with tf.variable_scope(prefix) as scope:
                cell = factory(scope)
        else:
            cell = factory(prefix)
        assert all(v.name.startswith((prefix or "rnn") + "/") for v in cell.variables)
        assert len(cell.variables) == 2


def test_LSTMTest_testDType():
    lstm = rnn_cell.LSTMCell(10)
    lstm.build(tf.ones([10, 50]).get_shape())
    assert lstm._bias.dtype.base_dtype == tf.float32
    for dtype in (tf.float16, tf.float32, tf.float64):
        lstm = rnn_cell.LSTMCell(10, dtype=dtype)
        lstm.build(tf.ones([10, 50]).get_shape())
        assert lstm._bias.dtype.base_dtype == dtype


def test_LSTMTest_testNoProjNoSharding():
    initializer = tf.random_uniform_initializer(-0.01, 0.01, seed=23489)
    cell = rnn_cell.LSTMCell(3, initializer=initializer, state_is_tuple=False)
    _, inputs = _inputs()
    outputs, _ = tf.nn.static_rnn(cell, inputs, dtype=tf.float32)
    assert len(outputs) == len(inputs)
    for out in outputs:
        assert out.get_shape().as_list() == [2, 3]


def test_LSTMTest_testCellClipping():
    initializer = tf.random_uniform_initializer(-0.01, 0.01, seed=23489)
    cell = rnn_cell.LSTMCell(3, use_peepholes=True, cell_clip=0.0, initializer=initializer, state_is_tuple=False)
    _, inputs = _inputs()
    outputs, _ = tf.nn.static_rnn(cell, inputs, dtype=tf.float32)
    assert len(outputs) == len(inputs)
    for out in outputs:
        assert out.get_shape().as_list() == [2, 3]
        np.testing.assert_array_equal(out.numpy(), np.zeros((2, 3)))


def test_LSTMTest_testProjNoSharding():
    initializer = tf.random_uniform_initializer(-0.01, 0.01, seed=23489)
    cell = rnn_cell.LSTMCell(3, use_peepholes=True, num_proj=4, initializer=initializer, state_is_tuple=False)
    _, inputs = _inputs()
    outputs, _ = tf.nn.static_rnn(cell, inputs, dtype=tf.float32)
    assert len(outputs) == len(inputs)
    assert outputs[0].shape.as_list() == [2, 4]


def test_LSTMTest_testSharingWeightsWithReuse():
    initializer = tf.random_uniform_initializer(-1, 1, seed=23489)
    initializer_d = tf.random_uniform_initializer(-1, 1, seed=23490)
    cell = rnn_cell.LSTMCell(3, use_peepholes=True, num_proj=4, initializer=initializer, state_is_tuple=False)
    cell_d = rnn_cell.LSTMCell(3, use_peepholes=True, num_proj=4, initializer=initializer_d, state_is_tuple=False)
    _, inputs = _inputs()
    with tf.variable_scope("share_scope"):
        outputs0, _ = tf.nn.static_rnn(cell, inputs, dtype=tf.float32)
    with tf.variable_scope("share_scope", reuse=True):
        outputs1, _ = tf.nn.static_rnn(cell, inputs, dtype=tf.float32)
    with tf.variable_scope("diff_scope"):
        outputs2, _ = tf.nn.static_rnn(cell_d, inputs, dtype=tf.float32)
    for o0, o1, o2 in zip(outputs0, outputs1, outputs2):
        np.testing.assert_array_equal(o0.numpy(), o1.numpy())
        assert np.linalg.norm(o0.numpy() - o2.numpy()) > 1e-6
