"""Keras recurrent layers beyond the golden cases: cuDNN's equations against the oracle's canonical
conversion (keras_rnn_goldens.json, cases ``cudnn_*``), the fused torch path against the per-step
loop, masks through the engine, stateful layers and errors."""

import json
from pathlib import Path

import numpy as np
import pytest

import tfcompat as tf
from tfcompat._src.keras.layers import recurrent

GOLDENS = {case["id"]: case["outcome"] for case in json.loads(
    (Path(__file__).parent / "conformance" / "golden" / "keras_rnn_goldens.json").read_text())["cases"]}
X = np.linspace(-1.0, 1.0, 24).reshape(2, 4, 3).astype(np.float32)


def ramp(shape, dtype=None, partition_info=None):
    shape = tf.TensorShape(shape).as_list()
    return tf.constant(0.5 * np.sin(np.arange(np.prod(shape)) + len(shape)).reshape(shape), dtype=dtype or tf.float32)


def _values(outcome):
    if outcome["kind"] == "list":
        return [_values(item) for item in outcome["items"]]
    return np.array(outcome["values"], dtype=outcome["dtype"]).reshape(outcome["shape"])


def _outcome_items(outcome):
    return outcome["items"]


@pytest.mark.parametrize("kind", ["lstm", "gru"])
def test_cudnn_layers_compute_cudnns_equations(kind):
    """The golden case ran tf_keras's LSTM/GRU with the CuDNN weights converted canonically; the
    CuDNN layer with the unconverted weights must give the same outputs and gradients."""
    outcome = GOLDENS[f"keras_rnn_cudnn_{kind}_equations"]
    outputs, grads = _outcome_items(outcome)
    expected_outputs = [_values(o) for o in _outcome_items(outputs)]
    expected_grads = [_values(g) for g in _outcome_items(grads)]
    width = 12 if kind == "lstm" else 9
    cls = tf.keras.layers.CuDNNLSTM if kind == "lstm" else tf.keras.layers.CuDNNGRU
    layer = cls(3, return_sequences=True, return_state=True)
    x = tf.constant(X)
    layer(x[:, :1])
    layer.set_weights([ramp([3, width]).numpy(), ramp([3, width]).numpy(), ramp([2 * width]).numpy()])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = layer(x)
        loss = tf.add_n([tf.reduce_sum(v * v) for v in y])
    grads = tape.gradient(loss, [x] + layer.trainable_weights)
    for actual, expected in zip(y, expected_outputs):
        np.testing.assert_allclose(actual.numpy(), expected, rtol=1e-5, atol=1e-6)
    for actual, expected in zip(grads[:3], expected_grads[:3]):
        np.testing.assert_allclose(actual.numpy(), expected, rtol=1e-4, atol=1e-6)
    bias_grad = grads[3].numpy()
    # Each half of cuDNN's bias enters the equations as the converted bias does.
    expected_bias = expected_grads[3].reshape(-1) if kind == "gru" else np.concatenate([expected_grads[3]] * 2)
    np.testing.assert_allclose(bias_grad, expected_bias, rtol=1e-4, atol=1e-6)


def test_cudnn_weights_names_shapes_and_forget_bias():
    tf.keras.backend.clear_session()
    layer = tf.keras.layers.CuDNNLSTM(2)
    layer(tf.zeros([1, 3, 4]))
    assert [(w.name, w.shape.as_list()) for w in layer.weights] == [
        ("cu_dnnlstm/kernel:0", [4, 8]), ("cu_dnnlstm/recurrent_kernel:0", [2, 8]), ("cu_dnnlstm/bias:0", [16])]
    np.testing.assert_array_equal(layer.bias.numpy(), [0] * 10 + [1, 1] + [0] * 4)
    gru = tf.keras.layers.CuDNNGRU(2)
    gru(tf.zeros([1, 3, 4]))
    assert [w.shape.as_list() for w in gru.weights] == [[4, 6], [2, 6], [12]]


@pytest.mark.parametrize("kind", ["lstm", "gru"])
def test_fused_path_equals_per_step_loop(kind, monkeypatch):
    """With sigmoid/tanh (and reset_after for GRU) the layer runs torch's fused kernel; the per-step
    loop gives the same values and gradients."""
    extra = {"reset_after": True} if kind == "gru" else {}
    cls = tf.keras.layers.LSTM if kind == "lstm" else tf.keras.layers.GRU

    def run():
        layer = cls(3, recurrent_activation="sigmoid", kernel_initializer=ramp, recurrent_initializer=ramp,
                    bias_initializer=ramp, return_sequences=True, return_state=True, go_backwards=True, **extra)
        x = tf.constant(X)
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = layer(x)
            loss = tf.add_n([tf.reduce_sum(v * v) for v in y])
        return [v.numpy() for v in y] + [g.numpy() for g in tape.gradient(loss, [x] + layer.trainable_weights)]

    fused = run()
    calls = []
    monkeypatch.setattr(recurrent, "_fused", lambda *args: calls.append(1))
    monkeypatch.setattr(type(cls(1).cell), "uses_torch_kernel", lambda self: False)
    looped = run()
    assert not calls
    for a, b in zip(fused, looped):
        np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-6)


def test_dropout_runs_only_in_training():
    layer = tf.keras.layers.LSTM(4, dropout=0.5, recurrent_dropout=0.5, kernel_initializer=ramp,
                                 recurrent_initializer=ramp)
    x = tf.constant(X)
    inference = layer(x).numpy()
    np.testing.assert_array_equal(layer(x, training=False).numpy(), inference)
    trained = [layer(x, training=True).numpy() for _ in range(3)]
    assert any(not np.allclose(t, inference) for t in trained)


def test_mask_propagates_through_sequential_functional_and_subclassed_models():
    ids = tf.constant([[1, 2, 0], [3, 0, 0]])
    emb = tf.keras.layers.Embedding(4, 2, mask_zero=True, embeddings_initializer=ramp)
    rnn = tf.keras.layers.SimpleRNN(2, return_sequences=True, kernel_initializer=ramp, recurrent_initializer=ramp)
    sequential = tf.keras.Sequential([emb, rnn])
    y = sequential(ids)
    np.testing.assert_array_equal(y._keras_mask.numpy(), [[True, True, False], [True, False, False]])
    # masked steps repeat the last unmasked output
    np.testing.assert_array_equal(y.numpy()[1, 1], y.numpy()[1, 0])
    inputs = tf.keras.Input((None,), dtype="int32")
    functional = tf.keras.Model(inputs, rnn(emb(inputs)))
    np.testing.assert_allclose(functional(ids).numpy(), y.numpy())

    class Subclassed(tf.keras.Model):
        def __init__(self):
            super().__init__()
            self.emb, self.rnn = emb, rnn

        def call(self, x):
            return self.rnn(self.emb(x))

    np.testing.assert_allclose(Subclassed()(ids).numpy(), y.numpy())


def test_layer_without_masking_support_drops_the_mask():
    ids = tf.constant([[1, 0]])
    out = tf.keras.layers.Lambda(lambda v: v * 2.0)(tf.keras.layers.Embedding(3, 2, mask_zero=True)(ids))
    assert getattr(out, "_keras_mask", None) is None


def test_stateful_layer_carries_states_until_reset():
    layer = tf.keras.layers.GRU(2, stateful=True, kernel_initializer=ramp, recurrent_initializer=ramp)
    x = tf.constant(X)
    first = layer(x).numpy()
    second = layer(x).numpy()
    assert not np.allclose(first, second)
    layer.reset_states()
    np.testing.assert_allclose(layer(x).numpy(), first)
    layer.reset_states([np.ones((2, 2), np.float32)])
    np.testing.assert_array_equal(layer.states[0].numpy(), np.ones((2, 2)))
    with pytest.raises(ValueError):
        layer.reset_states([np.ones((3, 2), np.float32)])


def test_functional_initial_state_as_keras_tensors():
    inputs = tf.keras.Input((4, 3))
    h = tf.keras.Input((2,))
    c = tf.keras.Input((2,))
    out = tf.keras.layers.LSTM(2, kernel_initializer=ramp, recurrent_initializer=ramp)(inputs, initial_state=[h, c])
    model = tf.keras.Model([inputs, h, c], out)
    zeros = np.zeros((2, 2), np.float32)
    direct = tf.keras.layers.LSTM(2, kernel_initializer=ramp, recurrent_initializer=ramp)
    np.testing.assert_allclose(model([X, zeros, zeros]).numpy(), direct(tf.constant(X)).numpy(), rtol=1e-6)


def test_errors_are_tf_style():
    with pytest.raises(ValueError, match="should have a `call` method"):
        tf.keras.layers.RNN(3)
    with pytest.raises(ValueError, match="Invalid merge mode"):
        tf.keras.layers.Bidirectional(tf.keras.layers.LSTM(2), merge_mode="max")
    with pytest.raises(ValueError, match="expected ndim=3"):
        tf.keras.layers.LSTM(2)(tf.zeros([2, 3]))
    with pytest.raises(AttributeError, match="Layer must be stateful"):
        tf.keras.layers.LSTM(2).reset_states()
    layer = tf.keras.layers.LSTM(2)
    layer(tf.zeros([1, 2, 3]))
    with pytest.raises(TypeError, match="dtype"):
        layer(tf.zeros([1, 2, 3], dtype=tf.float64))


# --- tf.contrib.cudnn_rnn -----------------------------------------------------------------------------

def test_contrib_cudnn_lstm_weights_and_shapes_as_tf():
    tf.keras.backend.clear_session()
    layer = tf.contrib.cudnn_rnn.CudnnLSTM(2, 4, direction="bidirectional")
    x = tf.constant(np.linspace(-1, 1, 5 * 3 * 6).reshape(5, 3, 6).astype(np.float32))
    outputs, (h, c) = layer(x)
    assert outputs.shape.as_list() == [5, 3, 8]
    assert h.shape.as_list() == c.shape.as_list() == [4, 3, 4]
    # TF's parameter count: per direction 4 * units * (input + units) weights, 8 * units biases
    assert [(w.name, w.shape.as_list()) for w in layer.weights] == [("cudnn_lstm/opaque_kernel:0", [832])]
    assert layer.canonical_weight_shapes[:5] == [[4, 6]] * 4 + [[4, 4]]
    assert layer.state_shape(3) == ([4, 3, 4], [4, 3, 4])


def test_contrib_cudnn_lstm_runs_the_keras_cudnn_equations():
    """A one-layer CudnnLSTM and a Keras CuDNNLSTM given the same canonical weights agree."""
    x = tf.constant(np.linspace(-1, 1, 5 * 3 * 6).reshape(5, 3, 6).astype(np.float32))
    contrib = tf.contrib.cudnn_rnn.CudnnLSTM(1, 4, bias_initializer=tf.constant_initializer(0.1))
    expected, (h, _) = contrib(x)
    flat = contrib.kernel.numpy()
    w_i, w_r = flat[:96].reshape(16, 6), flat[96:160].reshape(16, 4)
    b_i, b_r = flat[160:176], flat[176:]
    keras_layer = tf.keras.layers.CuDNNLSTM(4, return_sequences=True, time_major=True)
    keras_layer(x)
    keras_layer.set_weights([w_i.T, w_r.T, np.concatenate([b_i, b_r])])
    np.testing.assert_allclose(keras_layer(x).numpy(), expected.numpy(), rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(h.numpy()[0], expected.numpy()[-1], rtol=1e-6)


def test_contrib_cudnn_gru_sequence_lengths_and_gradients():
    x = tf.constant(np.linspace(-1, 1, 4 * 2 * 3).reshape(4, 2, 3).astype(np.float32))
    layer = tf.contrib.cudnn_rnn.CudnnGRU(1, 3)
    full, _ = layer(x)
    with tf.GradientTape() as tape:
        outputs, (h,) = layer(x, sequence_lengths=tf.constant([4, 2]))
        loss = tf.reduce_sum(outputs * outputs)
    np.testing.assert_allclose(outputs.numpy()[:, 0], full.numpy()[:, 0], rtol=1e-6)
    np.testing.assert_array_equal(outputs.numpy()[2:, 1], 0)
    np.testing.assert_allclose(h.numpy()[0, 1], outputs.numpy()[1, 1], rtol=1e-6)
    assert tape.gradient(loss, layer.kernel).shape.as_list() == [layer.kernel.shape[0].value]


def test_contrib_cudnn_rnn_legacy_import_path():
    import tfcompat.alias as alias
    installed = alias.installed()
    alias.install(force=True)
    try:
        from tensorflow.contrib.cudnn_rnn.python.layers import cudnn_rnn
        assert cudnn_rnn.CudnnLSTM is tf.contrib.cudnn_rnn.CudnnLSTM
        assert cudnn_rnn.CUDNN_RNN_BIDIRECTION == "bidirectional"
    finally:
        if not installed:
            alias.uninstall()


def test_contrib_cudnn_rnn_bad_arguments():
    with pytest.raises(ValueError, match="Invalid direction"):
        tf.contrib.cudnn_rnn.CudnnLSTM(1, 2, direction="sideways")
    with pytest.raises(ValueError, match="skip_input"):
        tf.contrib.cudnn_rnn.CudnnGRU(1, 2, input_mode="skip_input")
    with pytest.raises(ValueError, match="3 dims"):
        tf.contrib.cudnn_rnn.CudnnGRU(1, 2)(tf.zeros([2, 3]))
