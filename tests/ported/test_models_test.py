"""Ported behaviours of TF 1.15's tensorflow/python/keras/models_test.py (TestModelCloning, eager mode):
clone_model makes new layers (new weights) of the same config, replays a functional graph with its shared
layers, takes new input tensors, and refuses what it cannot clone."""

import numpy as np
import pytest

import tfcompat as tf
from tfcompat._src.keras import models as models_module

keras = tf.keras


@pytest.fixture(autouse=True)
def fresh_session():
    keras.backend.clear_session()


def _sequential():
    return keras.Sequential([keras.layers.Dense(4, input_shape=(4,)), keras.layers.BatchNormalization(),
                             keras.layers.Dropout(0.5), keras.layers.Dense(4)])


def test_TestModelCloning_test_clone_sequential_model():
    val_a = np.random.random((10, 4)).astype(np.float32)
    val_out = np.random.random((10, 4)).astype(np.float32)
    model = _sequential()
    # Everything should work in a new session.
    keras.backend.clear_session()
    new_model = keras.models.clone_model(model)
    assert len(new_model.get_updates_for(new_model.inputs)) == len(model.get_updates_for(model.inputs))
    new_model.compile("rmsprop", "mse")
    new_model.train_on_batch(val_a, val_out)
    assert [type(layer) for layer in new_model.layers] == [type(layer) for layer in model.layers]
    assert all(a is not b for a, b in zip(new_model.layers, model.layers))
    # On top of new tensors.
    input_a = keras.Input(shape=(4,))
    new_model = keras.models.clone_model(model, input_tensors=input_a)
    assert new_model.inputs[0] is input_a
    new_model.compile("rmsprop", "mse")
    new_model.train_on_batch(val_a, val_out)


def test_TestModelCloning_test_clone_functional_model():
    val_a = np.random.random((10, 4)).astype(np.float32)
    val_b = np.random.random((10, 4)).astype(np.float32)
    val_out = np.random.random((10, 4)).astype(np.float32)
    input_a = keras.Input(shape=(4,))
    input_b = keras.Input(shape=(4,))
    dense_1 = keras.layers.Dense(4)
    dense_2 = keras.layers.Dense(4)
    x_a = dense_1(input_a)
    x_a = keras.layers.Dropout(0.5)(x_a)
    x_a = keras.layers.BatchNormalization()(x_a)
    x_b = dense_1(input_b)
    x_a = dense_2(x_a)
    outputs = keras.layers.add([x_a, x_b])
    model = keras.models.Model([input_a, input_b], outputs)
    keras.backend.clear_session()
    new_model = keras.models.clone_model(model)
    new_model.compile("rmsprop", "mse")
    new_model.train_on_batch([val_a, val_b], val_out)
    # the shared Dense is one new layer, called twice
    shared = [layer for layer in new_model.layers if len(layer._inbound_nodes) == 2]
    assert len(shared) == 1 and shared[0] is not dense_1
    assert new_model.get_config() == model.get_config()
    # On top of new, reusable inputs.
    input_a = keras.Input(shape=(4,), name="a")
    input_b = keras.Input(shape=(4,), name="b")
    new_model = keras.models.clone_model(model, input_tensors=[input_a, input_b])
    assert new_model.inputs == [input_a, input_b]
    new_model.compile("rmsprop", "mse")
    new_model.train_on_batch([val_a, val_b], val_out)


def test_TestModelCloning_test_clone_functional_with_masking():
    x = np.array([[[1.0], [1.0]], [[0.0], [0.0]]], np.float32)
    inputs = keras.Input((2, 1))
    outputs = keras.layers.Masking(mask_value=0)(inputs)
    outputs = keras.layers.TimeDistributed(keras.layers.Dense(1, kernel_initializer="one"))(outputs)
    original = keras.Model(inputs, outputs)
    model = keras.models.clone_model(original)
    model.compile(tf.train.GradientDescentOptimizer(0.01), "mse")
    y = np.array([[[1], [1]], [[1], [1]]], np.float32)
    assert model.train_on_batch(x, y) == 0  # TF's assert: the masked steps count for nothing
    assert [type(layer).__name__ for layer in model.layers] == ["InputLayer", "Masking", "TimeDistributed"]
    np.testing.assert_array_equal(model.predict(x), original.predict(x))
    np.testing.assert_array_equal(model.layers[1].compute_mask(tf.constant(x)).numpy(), [[True, True], [False, False]])


def test_TestModelCloning_test_model_cloning_invalid_use_cases():
    seq_model = keras.models.Sequential()
    seq_model.add(keras.layers.Dense(4, input_shape=(4,)))
    x = keras.Input((4,))
    y = keras.layers.Dense(4)(x)
    fn_model = keras.models.Model(x, y)
    with pytest.raises(ValueError):
        models_module._clone_functional_model(seq_model)
    with pytest.raises(ValueError):
        models_module._clone_functional_model(None)
    with pytest.raises(ValueError):
        models_module._clone_sequential_model(fn_model)
    with pytest.raises(ValueError):
        models_module._clone_sequential_model(seq_model, input_tensors=[x, x])
    with pytest.raises(ValueError):
        models_module._clone_sequential_model(seq_model, input_tensors=y)
