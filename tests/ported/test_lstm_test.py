"""Ported behaviours of TF's tensorflow/python/keras/layers/lstm_test.py (eager mode).  Where TF trains
with compile/fit/train_on_batch (the training stack, not here yet) the port runs the same model
forward (``model(x)`` / ``predict``) and keeps the asserts that do not depend on training."""

import copy

import numpy as np
import pytest

import tfcompat as tf
from _keras_layer_test import layer_test

keras = tf.keras
NUM_SAMPLES, TIMESTEPS, EMBEDDING_DIM = 2, 3, 4


def test_LSTMLayerTest_test_return_sequences_LSTM():
    y = layer_test(keras.layers.LSTM, {"units": 2, "return_sequences": True}, (NUM_SAMPLES, TIMESTEPS, EMBEDDING_DIM))
    assert y.shape.as_list() == [NUM_SAMPLES, TIMESTEPS, 2]


def test_LSTMLayerTest_test_float64_LSTM():
    layer_test(keras.layers.LSTM, {"units": 2, "return_sequences": True, "dtype": "float64"},
                (NUM_SAMPLES, TIMESTEPS, EMBEDDING_DIM), input_dtype="float64")


def test_LSTMLayerTest_test_static_shape_inference_LSTM():
    model = keras.models.Sequential()
    model.add(keras.layers.Dense(EMBEDDING_DIM, input_shape=(TIMESTEPS, EMBEDDING_DIM)))
    model.add(keras.layers.LSTM(2, return_sequences=True))
    assert model.layers[-1].output.shape.as_list() == [None, TIMESTEPS, 2]


def test_LSTMLayerTest_test_dynamic_behavior_LSTM():
    layer = keras.layers.LSTM(2, input_shape=(None, EMBEDDING_DIM))
    model = keras.models.Sequential()
    model.add(layer)
    x = np.random.random((NUM_SAMPLES, TIMESTEPS, EMBEDDING_DIM)).astype(np.float32)
    assert model(x).shape.as_list() == [NUM_SAMPLES, 2]
    assert model(x[:, :1]).shape.as_list() == [NUM_SAMPLES, 2]


def test_LSTMLayerTest_test_recurrent_dropout_with_implementation_restriction():
    layer = keras.layers.LSTM(2, recurrent_dropout=0.1, implementation=2)
    assert layer.implementation == 1


def test_LSTMLayerTest_test_dropout_LSTM():
    layer_test(keras.layers.LSTM, {"units": 2, "dropout": 0.1, "recurrent_dropout": 0.1},
                (NUM_SAMPLES, TIMESTEPS, EMBEDDING_DIM))


@pytest.mark.parametrize("implementation_mode", [0, 1, 2])
def test_LSTMLayerTest_test_implementation_mode_LSTM(implementation_mode):
    layer_test(keras.layers.LSTM, {"units": 2, "implementation": implementation_mode},
                (NUM_SAMPLES, TIMESTEPS, EMBEDDING_DIM))


def test_LSTMLayerTest_test_constraints_LSTM():
    k_constraint = keras.constraints.max_norm(0.01)
    r_constraint = keras.constraints.max_norm(0.01)
    b_constraint = keras.constraints.max_norm(0.01)
    layer = keras.layers.LSTM(5, return_sequences=False, weights=None, input_shape=(None, EMBEDDING_DIM),
                              kernel_constraint=k_constraint, recurrent_constraint=r_constraint,
                              bias_constraint=b_constraint)
    layer.build((None, None, EMBEDDING_DIM))
    assert layer.cell.kernel.constraint is k_constraint
    assert layer.cell.recurrent_kernel.constraint is r_constraint
    assert layer.cell.bias.constraint is b_constraint


@pytest.mark.parametrize("unroll", [True, False])
def test_LSTMLayerTest_test_with_masking_layer_LSTM(unroll):
    inputs = np.random.random((2, 3, 4)).astype(np.float32)
    model = keras.models.Sequential()
    model.add(keras.layers.Masking(input_shape=(3, 4)))
    model.add(keras.layers.LSTM(units=5, return_sequences=True, unroll=unroll))
    assert model.predict(inputs).shape == (2, 3, 5)


@pytest.mark.parametrize("unroll", [True, False])
def test_LSTMLayerTest_test_masking_with_stacking_LSTM(unroll):
    inputs = np.random.random((2, 3, 4)).astype(np.float32)
    model = keras.models.Sequential()
    model.add(keras.layers.Masking(input_shape=(3, 4)))
    model.add(keras.layers.RNN([keras.layers.LSTMCell(10), keras.layers.LSTMCell(5)], return_sequences=True,
                               unroll=unroll))
    assert model.predict(inputs).shape == (2, 3, 5)


def test_LSTMLayerTest_test_from_config_LSTM():
    for stateful in (False, True):
        l1 = keras.layers.LSTM(units=1, stateful=stateful)
        l2 = keras.layers.LSTM.from_config(l1.get_config())
        assert l1.get_config() == l2.get_config()


def test_LSTMLayerTest_test_deep_copy_LSTM():
    cell = keras.layers.LSTMCell(5)
    copied_cell = copy.deepcopy(cell)
    assert copied_cell.units == 5
    assert cell.get_config() == copied_cell.get_config()


def test_LSTMLayerTest_test_specify_initial_state_keras_tensor():
    inputs = keras.Input((TIMESTEPS, EMBEDDING_DIM))
    initial_state = [keras.Input((3,)) for _ in range(2)]
    layer = keras.layers.LSTM(3)
    output = layer(inputs, initial_state=initial_state)
    assert any(initial_state[0] is t for t in layer._inbound_nodes[0].input_tensors)
    model = keras.models.Model([inputs] + initial_state, output)
    x = np.random.random((NUM_SAMPLES, TIMESTEPS, EMBEDDING_DIM)).astype(np.float32)
    states = [np.random.random((NUM_SAMPLES, 3)).astype(np.float32) for _ in range(2)]
    np.testing.assert_allclose(model.predict([x] + states), layer(tf.constant(x), initial_state=states).numpy(),
                               rtol=1e-5)


def test_LSTMLayerTest_test_specify_initial_state_non_keras_tensor():
    # TF uses keras.backend.random_normal_variable, which tfcompat's backend does not have yet
    initial_state = [keras.backend.variable(np.random.normal(0, 1, (NUM_SAMPLES, 3)).astype(np.float32))
                     for _ in range(2)]
    layer = keras.layers.LSTM(3)
    x = np.random.random((NUM_SAMPLES, TIMESTEPS, EMBEDDING_DIM)).astype(np.float32)
    assert layer(tf.constant(x), initial_state=initial_state).shape.as_list() == [NUM_SAMPLES, 3]


def test_LSTMLayerTest_test_reset_states_with_values():
    layer = keras.layers.LSTM(3, stateful=True)
    layer.build((NUM_SAMPLES, TIMESTEPS, EMBEDDING_DIM))
    layer.reset_states()
    assert len(layer.states) == 2
    assert layer.states[0] is not None
    np.testing.assert_allclose(keras.backend.eval(layer.states[0]),
                               np.zeros(keras.backend.int_shape(layer.states[0])), atol=1e-4)
    values = [np.ones(keras.backend.int_shape(state)) for state in layer.states]
    layer.reset_states(values)
    np.testing.assert_allclose(keras.backend.eval(layer.states[0]),
                               np.ones(keras.backend.int_shape(layer.states[0])), atol=1e-4)
    with pytest.raises(ValueError):
        layer.reset_states([1] * (len(layer.states) + 1))


def test_LSTMLayerTest_test_specify_state_with_masking():
    inputs = keras.Input((TIMESTEPS, EMBEDDING_DIM))
    _ = keras.layers.Masking()(inputs)
    initial_state = [keras.Input((3,)) for _ in range(2)]
    output = keras.layers.LSTM(3)(inputs, initial_state=initial_state)
    model = keras.models.Model([inputs] + initial_state, output)
    x = np.random.random((NUM_SAMPLES, TIMESTEPS, EMBEDDING_DIM)).astype(np.float32)
    states = [np.random.random((NUM_SAMPLES, 3)).astype(np.float32) for _ in range(2)]
    assert model.predict([x] + states).shape == (NUM_SAMPLES, 3)


def test_LSTMLayerTest_test_return_state():
    inputs = keras.Input(batch_shape=(NUM_SAMPLES, TIMESTEPS, EMBEDDING_DIM))
    layer = keras.layers.LSTM(3, return_state=True, stateful=True)
    outputs = layer(inputs)
    state = outputs[1:]
    assert len(state) == 2
    model = keras.models.Model(inputs, state[0])
    x = np.random.random((NUM_SAMPLES, TIMESTEPS, EMBEDDING_DIM)).astype(np.float32)
    state = model.predict(x)
    np.testing.assert_allclose(keras.backend.eval(layer.states[0]), state, atol=1e-4)


def test_LSTMLayerTest_test_state_reuse():
    inputs = keras.Input(batch_shape=(NUM_SAMPLES, TIMESTEPS, EMBEDDING_DIM))
    layer = keras.layers.LSTM(3, return_state=True, return_sequences=True)
    outputs = layer(inputs)
    output, state = outputs[0], outputs[1:]
    output = keras.layers.LSTM(3)(output, initial_state=state)
    model = keras.models.Model(inputs, output)
    x = np.random.random((NUM_SAMPLES, TIMESTEPS, EMBEDDING_DIM)).astype(np.float32)
    assert model.predict(x).shape == (NUM_SAMPLES, 3)


def test_LSTMLayerTest_test_initial_states_as_other_inputs():
    main_inputs = keras.Input((TIMESTEPS, EMBEDDING_DIM))
    initial_state = [keras.Input((3,)) for _ in range(2)]
    inputs = [main_inputs] + initial_state
    layer = keras.layers.LSTM(3)
    output = layer(inputs)
    assert any(initial_state[0] is t for t in layer._inbound_nodes[0].input_tensors)
    model = keras.models.Model(inputs, output)
    x = np.random.random((NUM_SAMPLES, TIMESTEPS, EMBEDDING_DIM)).astype(np.float32)
    states = [np.random.random((NUM_SAMPLES, 3)).astype(np.float32) for _ in range(2)]
    assert model.predict([x] + states).shape == (NUM_SAMPLES, 3)


def test_LSTMLayerTest_test_regularizers_LSTM():
    layer = keras.layers.LSTM(5, return_sequences=False, weights=None, input_shape=(None, EMBEDDING_DIM),
                              kernel_regularizer=keras.regularizers.l1(0.01),
                              recurrent_regularizer=keras.regularizers.l1(0.01), bias_regularizer="l2",
                              activity_regularizer="l1")
    layer.build((None, None, 2))
    assert len(layer.losses) == 3
    x = keras.backend.variable(np.ones((2, 3, 2)))
    layer(x)
    assert len(layer.losses) == 4


def test_LSTMLayerTest_test_statefulness_LSTM():
    model = keras.models.Sequential()
    model.add(keras.layers.Embedding(4, EMBEDDING_DIM, mask_zero=True, input_length=TIMESTEPS,
                                     batch_input_shape=(NUM_SAMPLES, TIMESTEPS)))
    layer = keras.layers.LSTM(2, return_sequences=False, stateful=True, weights=None)
    model.add(layer)
    ones = np.ones((NUM_SAMPLES, TIMESTEPS))
    out1 = model.predict(ones)
    assert out1.shape == (NUM_SAMPLES, 2)
    out2 = model.predict(ones)  # TF trains once in between; the states alone change the output here
    assert out1.max() != out2.max()
    layer.reset_states()
    out3 = model.predict(ones)
    assert out2.max() != out3.max()
    model.reset_states()
    out4 = model.predict(ones)
    np.testing.assert_allclose(out3, out4, atol=1e-5)
    out5 = model.predict(ones)
    assert out4.max() != out5.max()
    layer.reset_states()
    left_padded_input = np.ones((NUM_SAMPLES, TIMESTEPS))
    left_padded_input[0, :1] = 0
    left_padded_input[1, :2] = 0
    out6 = model.predict(left_padded_input)
    layer.reset_states()
    right_padded_input = np.ones((NUM_SAMPLES, TIMESTEPS))
    right_padded_input[0, -1:] = 0
    right_padded_input[1, -2:] = 0
    out7 = model.predict(right_padded_input)
    np.testing.assert_allclose(out7, out6, atol=1e-5)
