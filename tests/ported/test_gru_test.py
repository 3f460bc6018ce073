"""Ported behaviours of TF's tensorflow/python/keras/layers/gru_test.py (eager mode).  Where TF trains
with compile/fit/train_on_batch (the training stack, not here yet) the port runs the same model
forward and keeps the asserts that do not depend on training."""

import numpy as np
import pytest

import tfcompat as tf
from _keras_layer_test import layer_test

keras = tf.keras
NUM_SAMPLES, TIMESTEPS, EMBEDDING_DIM = 2, 3, 4
SHAPE = (NUM_SAMPLES, TIMESTEPS, EMBEDDING_DIM)


def test_GRULayerTest_test_return_sequences_GRU():
    layer_test(keras.layers.GRU, {"units": 2, "return_sequences": True}, SHAPE)


def test_GRULayerTest_test_float64_GRU():
    layer_test(keras.layers.GRU, {"units": 2, "return_sequences": True, "dtype": "float64"}, SHAPE,
               input_dtype="float64")


def test_GRULayerTest_test_dynamic_behavior_GRU():
    model = keras.models.Sequential()
    model.add(keras.layers.GRU(2, input_shape=(None, EMBEDDING_DIM)))
    x = np.random.random(SHAPE).astype(np.float32)
    assert model(x).shape.as_list() == [NUM_SAMPLES, 2]


def test_GRULayerTest_test_dropout_GRU():
    layer_test(keras.layers.GRU, {"units": 2, "dropout": 0.1, "recurrent_dropout": 0.1}, SHAPE)


def test_GRULayerTest_test_recurrent_dropout_with_implementation_restriction():
    layer = keras.layers.GRU(2, recurrent_dropout=0.1, implementation=2)
    assert layer.implementation == 1


@pytest.mark.parametrize("implementation_mode", [0, 1, 2])
def test_GRULayerTest_test_implementation_mode_GRU(implementation_mode):
    layer_test(keras.layers.GRU, {"units": 2, "implementation": implementation_mode}, SHAPE)


def test_GRULayerTest_test_reset_after_GRU():
    x_train = np.random.random((NUM_SAMPLES, TIMESTEPS, EMBEDDING_DIM)).astype(np.float32)
    inputs = keras.layers.Input(shape=[TIMESTEPS, EMBEDDING_DIM])
    gru_layer = keras.layers.GRU(2, reset_after=True)
    gru_model = keras.models.Model(inputs, gru_layer(inputs))
    assert gru_model.predict(x_train).shape == (NUM_SAMPLES, 2)
    assert gru_layer.cell.bias.shape.as_list() == [2, 6]


def test_GRULayerTest_test_with_masking_layer_GRU():
    model = keras.models.Sequential()
    model.add(keras.layers.Masking(input_shape=(3, 4)))
    model.add(keras.layers.GRU(units=5, return_sequences=True, unroll=False))
    assert model.predict(np.random.random((2, 3, 4)).astype(np.float32)).shape == (2, 3, 5)


def test_GRULayerTest_test_statefulness_GRU():
    model = keras.models.Sequential()
    model.add(keras.layers.Embedding(4, EMBEDDING_DIM, mask_zero=True, input_length=TIMESTEPS,
                                     batch_input_shape=(NUM_SAMPLES, TIMESTEPS)))
    layer = keras.layers.GRU(2, return_sequences=False, stateful=True, weights=None)
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


def test_GRULayerTest_test_get_initial_states():
    batch_size = 4
    cell = keras.layers.GRUCell(20)
    initial_state = cell.get_initial_state(batch_size=batch_size, dtype=tf.float32)
    _, state = cell(np.ones((batch_size, 20), dtype=np.float32), initial_state)
    assert len(state) == 1
    assert state[0].shape == initial_state.shape


def test_GRULayerGenericTest_test_constraints_GRU():
    k_constraint = keras.constraints.max_norm(0.01)
    r_constraint = keras.constraints.max_norm(0.01)
    b_constraint = keras.constraints.max_norm(0.01)
    layer = keras.layers.GRU(5, return_sequences=False, weights=None, input_shape=(None, EMBEDDING_DIM),
                             kernel_constraint=k_constraint, recurrent_constraint=r_constraint,
                             bias_constraint=b_constraint)
    layer.build((None, None, EMBEDDING_DIM))
    assert layer.cell.kernel.constraint is k_constraint
    assert layer.cell.recurrent_kernel.constraint is r_constraint
    assert layer.cell.bias.constraint is b_constraint


def test_GRULayerGenericTest_test_from_config_GRU():
    for stateful in (False, True):
        l1 = keras.layers.GRU(units=1, stateful=stateful)
        l2 = keras.layers.GRU.from_config(l1.get_config())
        assert l1.get_config() == l2.get_config()


def test_GRULayerGenericTest_test_regularizers_GRU():
    layer = keras.layers.GRU(5, return_sequences=False, weights=None, input_shape=(None, EMBEDDING_DIM),
                             kernel_regularizer=keras.regularizers.l1(0.01),
                             recurrent_regularizer=keras.regularizers.l1(0.01), bias_regularizer="l2",
                             activity_regularizer="l1")
    layer.build((None, None, 2))
    assert len(layer.losses) == 3
    layer(keras.backend.variable(np.ones((2, 3, 2))))
    assert len(layer.losses) == 4
