"""tf.layers, tfe.Network / tfe.Sequential and tf.nn.rnn_cell behaviours that the goldens and the
ported TF tests do not cover: deprecation notices, Keras-style scopes, tfe.Sequential, dropout
wrappers' masks, the contrib.rnn aliases and TF-style errors."""

import logging

import numpy as np
import pytest

import tfcompat as tf
from tfcompat._src.util import deprecation

tfe = tf.contrib.eager


@pytest.fixture(autouse=True)
def _fresh_names():
    tf.keras.backend.clear_session()
    tf.reset_default_graph()
    yield


def test_functional_form_logs_tf_deprecation_once(caplog):
    deprecation._warned.discard(("tensorflow.python.layers.core", "dense"))
    with caplog.at_level(logging.WARNING, logger="tensorflow"):
        tf.layers.dense(tf.ones([1, 2]), 3)
        tf.layers.dense(tf.ones([1, 2]), 3)
    notices = [r.getMessage() for r in caplog.records if "dense (from" in r.getMessage()]
    assert len(notices) == 1
    assert notices[0].startswith(f"From {__file__}:")
    assert notices[0].endswith("dense (from tensorflow.python.layers.core) is deprecated and will be removed in a "
                               "future version.\nInstructions for updating:\nUse keras.layers.dense instead.")


def test_network_logs_tfe_deprecation(caplog):
    deprecation._warned.discard(("tensorflow.contrib.eager.python.network", "Network.__init__"))
    with caplog.at_level(logging.WARNING, logger="tensorflow"):
        tfe.Network()
    assert any("Network.__init__ (from tensorflow.contrib.eager.python.network) is deprecated" in r.getMessage()
               and "track_layer` is no longer necessary" in r.getMessage() for r in caplog.records)


def test_blog_network_names_and_variables():
    class MNISTModel(tfe.Network):
        def __init__(self):
            super().__init__()
            self.layer1 = self.track_layer(tf.layers.Dense(units=10))
            self.layer2 = self.track_layer(tf.layers.Dense(units=10))

        def call(self, input):  # noqa: A002 - the blog's name
            return self.layer2(self.layer1(input))

    model = MNISTModel()
    result = model(tf.zeros([1, 1, 784]))
    assert result.shape.as_list() == [1, 1, 10]
    np.testing.assert_array_equal(result.numpy(), np.zeros((1, 1, 10)))
    assert [v.name for v in model.variables] == ["mnist_model_1/dense_1/kernel:0", "mnist_model_1/dense_1/bias:0",
                                                 "mnist_model_1/dense_2/kernel:0", "mnist_model_1/dense_2/bias:0"]
    assert model.variables == model.trainable_variables
    assert [layer.name for layer in model.layers] == ["dense_1", "dense_2"]
    assert model.get_layer(index=1) is model.layer2
    assert model.get_layer(name="dense_1") is model.layer1
    with pytest.raises(RuntimeError, match="add_variable not supported in Network class yet"):
        model.add_variable("v", [1])


def test_network_gradients_reach_tracked_layers():
    class Net(tfe.Network):
        def __init__(self):
            super().__init__()
            self.dense = self.track_layer(tf.layers.Dense(2, kernel_initializer=tf.ones_initializer()))

        def call(self, x):
            return self.dense(x)

    net = Net()
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(net(tf.constant([[1.0, 2.0]])))
    grads = tape.gradient(loss, net.trainable_variables)
    np.testing.assert_allclose(grads[0].numpy(), [[1.0, 1.0], [2.0, 2.0]])
    np.testing.assert_allclose(grads[1].numpy(), [1.0, 1.0])


def test_track_layer_refuses_non_layers():
    with pytest.raises(TypeError, match="not a tf.layers.Layer"):
        tfe.Network().track_layer(lambda x: x)


def test_sequential_applies_layers_and_callables_in_order():
    seq = tfe.Sequential([tf.layers.Dense(2, kernel_initializer=tf.ones_initializer()), tf.nn.relu,
                          tf.layers.Dropout(0.5)])
    x = tf.constant([[1.0, -3.0]])
    np.testing.assert_allclose(seq(x).numpy(), [[0.0, 0.0]])
    np.testing.assert_allclose(seq(-x, training=False).numpy(), [[2.0, 2.0]])
    assert [v.name for v in seq.variables] == ["sequential_1/dense_1/kernel:0", "sequential_1/dense_1/bias:0"]
    with pytest.raises(TypeError, match="takes only tf.layers.Layer objects or callables"):
        seq.add(3)


def test_keras_style_scope_makes_plain_keras_layers():
    with tf.layers.experimental.keras_style_scope():
        layer = tf.layers.Dense(2, name="keras_dense")
        with pytest.raises(ValueError, match="reuse argument not allowed"):
            tf.layers.Dense(2, _reuse=True)
    layer(tf.ones([1, 3]))
    assert [v.name for v in layer.weights] == ["keras_dense/kernel:0", "keras_dense/bias:0"]


def test_layer_graph_property_raises_under_eager():
    with pytest.raises(RuntimeError, match="Layer.graph not supported when executing eagerly"):
        tf.layers.Dense(1).graph  # noqa: B018


def test_contrib_rnn_aliases():
    for name in ("BasicRNNCell", "BasicLSTMCell", "LSTMCell", "GRUCell", "MultiRNNCell", "DropoutWrapper",
                 "ResidualWrapper", "DeviceWrapper", "LSTMStateTuple", "RNNCell"):
        assert getattr(tf.contrib.rnn, name) is getattr(tf.nn.rnn_cell, name)
    assert tf.contrib.rnn.static_rnn is tf.nn.static_rnn
    assert tf.contrib.rnn.static_bidirectional_rnn is tf.nn.static_bidirectional_rnn


def test_dropout_wrapper_keeps_lstm_cell_state():
    cell = tf.nn.rnn_cell.DropoutWrapper(tf.nn.rnn_cell.BasicLSTMCell(4), state_keep_prob=1e-6)
    inner = tf.nn.rnn_cell.BasicLSTMCell(4)
    x = tf.ones([3, 2])
    _, state = cell(x, cell.zero_state(3, tf.float32))
    inner.build(tf.TensorShape([3, 2]))
    for ours, theirs in zip(inner.weights, cell.wrapped_cell.weights):
        ours.assign(theirs)
    _, expected = inner(x, inner.zero_state(3, tf.float32))
    np.testing.assert_allclose(state.c.numpy(), expected.c.numpy(), rtol=1e-6)  # c is never dropped
    np.testing.assert_array_equal(state.h.numpy(), np.zeros((3, 4)))


def test_variational_dropout_reuses_one_mask_across_steps():
    tf.set_random_seed(3)
    cell = tf.nn.rnn_cell.DropoutWrapper(tf.nn.rnn_cell.BasicRNNCell(6), output_keep_prob=0.5,
                                         variational_recurrent=True, dtype=tf.float32)
    outputs, _ = tf.nn.dynamic_rnn(cell, tf.ones([2, 5, 3]), dtype=tf.float32)
    dropped = outputs.numpy() == 0.0
    assert dropped.any()
    assert (dropped == dropped[:1, :1]).all()  # the same units of every entry at every step
    with pytest.raises(ValueError, match="input_size must be provided"):
        tf.nn.rnn_cell.DropoutWrapper(tf.nn.rnn_cell.GRUCell(2), input_keep_prob=0.5, variational_recurrent=True,
                                      dtype=tf.float32)


def test_residual_and_device_wrappers():
    cell = tf.nn.rnn_cell.ResidualWrapper(tf.nn.rnn_cell.GRUCell(2))
    x = tf.constant([[1.0, 2.0]])
    output, state = cell(x, cell.zero_state(1, tf.float32))
    np.testing.assert_allclose(output.numpy(), (x + state).numpy(), rtol=1e-6)
    device_cell = tf.nn.rnn_cell.DeviceWrapper(tf.nn.rnn_cell.GRUCell(2), "/cpu:0")
    assert device_cell.zero_state(1, tf.float32).device.endswith("CPU:0")


def test_cell_errors_are_tf_errors():
    cell = tf.nn.rnn_cell.BasicLSTMCell(2)
    with pytest.raises(tf.errors.InvalidArgumentError):
        cell(tf.ones([1, 3], tf.float64), cell.zero_state(1, tf.float32))
    with pytest.raises(ValueError, match="Expected inputs.shape\\[-1\\] to be known|expected ndim=2"):
        tf.nn.rnn_cell.GRUCell(2)(tf.ones([3]), tf.zeros([1, 2]))
    with pytest.raises(TypeError, match="is not an RNNCell"):
        tf.nn.bidirectional_dynamic_rnn(tf.nn.rnn_cell.GRUCell(2), "cell", tf.ones([1, 2, 2]), dtype=tf.float32)
    with pytest.raises(NotImplementedError, match="num_unit_shards"):
        tf.nn.rnn_cell.LSTMCell(2, num_unit_shards=2)


def test_dynamic_rnn_matches_unrolled_cell_calls():
    cell = tf.nn.rnn_cell.LSTMCell(3, use_peepholes=True, num_proj=2)
    x = tf.random_uniform([2, 4, 5], seed=2)
    outputs, state = tf.nn.dynamic_rnn(cell, x, dtype=tf.float32)
    step_state = cell.zero_state(2, tf.float32)
    for t in range(4):
        step_output, step_state = cell(x[:, t], step_state)
        np.testing.assert_allclose(outputs[:, t].numpy(), step_output.numpy(), rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(state.h.numpy(), step_state.h.numpy(), rtol=1e-5, atol=1e-6)
    assert [v.name for v in cell.variables] == ["rnn/lstm_cell/kernel:0", "rnn/lstm_cell/bias:0",
                                                "rnn/lstm_cell/w_f_diag:0", "rnn/lstm_cell/w_i_diag:0",
                                                "rnn/lstm_cell/w_o_diag:0", "rnn/lstm_cell/projection/kernel:0"]


def test_set_keras_style_is_a_process_wide_switch():
    # Run in a fresh interpreter: TF 1.15's set_keras_style cannot be undone. Keras-style, the layer's own
    # name (dense_1) prefixes its weights, as the oracle prints it.
    import subprocess
    import sys
    code = ("import tfcompat as tf\ntf.layers.experimental.set_keras_style()\nlayer = tf.layers.Dense(2)\n"
            "layer(tf.ones([1, 3]))\nprint(layer.name, [v.name for v in layer.weights])")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    assert result.stdout.strip() == "dense_1 ['dense_1/kernel:0', 'dense_1/bias:0']"  # as TF 2.21's compat.v1


@pytest.mark.parametrize("make_cell", [
    lambda: tf.nn.rnn_cell.BasicLSTMCell(3, forget_bias=0.5),
    lambda: tf.nn.rnn_cell.BasicLSTMCell(3, state_is_tuple=False),
    lambda: tf.nn.rnn_cell.LSTMCell(3)])
def test_fused_lstm_path_matches_step_by_step_cell_calls(make_cell):
    from tfcompat._src.ops import rnn_cell_impl
    cell = make_cell()
    x = tf.random_uniform([2, 5, 4], seed=7, dtype=tf.float64)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        outputs, state = tf.nn.dynamic_rnn(cell, x, dtype=tf.float64)
        fused_loss = tf.reduce_sum(outputs * outputs) + tf.reduce_sum(tf.concat(tf.nest.flatten(state), 1))
        step_state = cell.zero_state(2, tf.float64)
        step_outputs = []
        for t in range(5):
            step_output, step_state = cell(x[:, t], step_state)
            step_outputs.append(step_output)
        stepped = tf.stack(step_outputs, 1)
        step_loss = tf.reduce_sum(stepped * stepped) + tf.reduce_sum(tf.concat(tf.nest.flatten(step_state), 1))
    time_major = [tf.to_torch(x).transpose(0, 1)]
    assert rnn_cell_impl.fused_lstm_steps(cell, time_major, cell.zero_state(2, tf.float64)) is not None  # fused
    np.testing.assert_allclose(outputs.numpy(), stepped.numpy(), rtol=1e-10, atol=1e-12)
    for fused, stepped_grad in zip(tape.gradient(fused_loss, [x] + cell.trainable_variables),
                                   tape.gradient(step_loss, [x] + cell.trainable_variables)):
        np.testing.assert_allclose(fused.numpy(), stepped_grad.numpy(), rtol=1e-9, atol=1e-12)
