"""Ported behaviours of TF's tensorflow/python/keras/layers/recurrent_test.py (eager mode).  Where TF
trains with compile/train_on_batch (the training stack, not here yet) the port runs the model forward;
the serialization round trips through CustomObjectScope are left out (tfcompat has no custom-object
deserialization of cells yet)."""

import numpy as np
import pytest

import tfcompat as tf

keras = tf.keras


class MinimalRNNCell(keras.layers.Layer):

    def __init__(self, units, **kwargs):
        self.units = units
        self.state_size = units
        super().__init__(**kwargs)

    def build(self, input_shape):
        self.kernel = self.add_weight(shape=(input_shape[-1], self.units), initializer="uniform", name="kernel")
        self.recurrent_kernel = self.add_weight(shape=(self.units, self.units), initializer="uniform",
                                                name="recurrent_kernel")
        self.built = True

    def call(self, inputs, states):
        prev_output = states[0]
        h = keras.backend.dot(inputs, self.kernel)
        output = h + keras.backend.dot(prev_output, self.recurrent_kernel)
        return output, [output]


class RNNCellWithConstants(keras.layers.Layer):

    def __init__(self, units, **kwargs):
        self.units = units
        self.state_size = units
        super().__init__(**kwargs)

    def build(self, input_shape):
        if not isinstance(input_shape, list):
            raise TypeError("expects constants shape")
        [input_shape, constant_shape] = input_shape
        self.input_kernel = self.add_weight(shape=(input_shape[-1], self.units), initializer="uniform", name="kernel")
        self.recurrent_kernel = self.add_weight(shape=(self.units, self.units), initializer="uniform",
                                                name="recurrent_kernel")
        self.constant_kernel = self.add_weight(shape=(constant_shape[-1], self.units), initializer="uniform",
                                               name="constant_kernel")
        self.built = True

    def call(self, inputs, states, constants):
        [prev_output] = states
        [constant] = constants
        output = (keras.backend.dot(inputs, self.input_kernel) + keras.backend.dot(prev_output, self.recurrent_kernel)
                  + keras.backend.dot(constant, self.constant_kernel))
        return output, [output]


def _zeros(*shape):
    return np.zeros(shape, np.float32)


def test_RNNTest_test_minimal_rnn_cell_non_layer():

    class MinimalNonLayerCell:

        def __init__(self, units, input_dim):
            self.units = units
            self.state_size = units
            self.kernel = keras.backend.variable(np.random.random((input_dim, units)))

        def call(self, inputs, states):
            output = keras.backend.dot(inputs, self.kernel) + states[0]
            return output, [output]

    x = keras.Input((None, 5))
    model = keras.models.Model(x, keras.layers.RNN(MinimalNonLayerCell(32, 5))(x))
    assert model.predict(_zeros(6, 5, 5)).shape == (6, 32)
    cells = [MinimalNonLayerCell(8, 5), MinimalNonLayerCell(32, 8), MinimalNonLayerCell(32, 32)]
    model = keras.models.Model(x, keras.layers.RNN(cells)(x))
    assert model.predict(_zeros(6, 5, 5)).shape == (6, 32)


def test_RNNTest_test_minimal_rnn_cell_non_layer_multiple_states():

    class MinimalNonLayerCell:

        def __init__(self, units, input_dim):
            self.units = units
            self.state_size = (units, units)
            self.kernel = keras.backend.variable(np.random.random((input_dim, units)))

        def call(self, inputs, states):
            output = keras.backend.dot(inputs, self.kernel) + states[0] - states[1]
            return output, [output * 2, output * 3]

    x = keras.Input((None, 5))
    model = keras.models.Model(x, keras.layers.RNN(MinimalNonLayerCell(32, 5))(x))
    assert model.predict(_zeros(6, 5, 5)).shape == (6, 32)
    cells = [MinimalNonLayerCell(8, 5), MinimalNonLayerCell(16, 8), MinimalNonLayerCell(32, 16)]
    layer = keras.layers.RNN(cells)
    # TF 1.15's StackedRNNCells keeps the cells' order (reverse_state_order=False)
    assert layer.cell.state_size == ((8, 8), (16, 16), (32, 32))
    model = keras.models.Model(x, layer(x))
    assert model.predict(_zeros(6, 5, 5)).shape == (6, 32)


def test_RNNTest_test_minimal_rnn_cell_layer():
    x = keras.Input((None, 5))
    layer = keras.layers.RNN(MinimalRNNCell(32))
    model = keras.models.Model(x, layer(x))
    x_np = np.random.random((6, 5, 5)).astype(np.float32)
    assert model.predict(x_np).shape == (6, 32)
    layer = keras.layers.RNN([MinimalRNNCell(8), MinimalRNNCell(12), MinimalRNNCell(32)])
    model = keras.models.Model(x, layer(x))
    assert model.predict(x_np).shape == (6, 32)
    assert len(model.weights) == 6


def test_RNNTest_test_rnn_cell_with_constants_layer():
    x = keras.Input((None, 5))
    c = keras.Input((3,))
    layer = keras.layers.RNN(RNNCellWithConstants(32))
    model = keras.models.Model([x, c], layer(x, constants=c))
    x_np = np.random.random((6, 5, 5)).astype(np.float32)
    c_np = np.random.random((6, 3)).astype(np.float32)
    y_np = model.predict([x_np, c_np])
    assert y_np.shape == (6, 32)
    # flat list inputs: the same layer, the same weights
    model = keras.models.Model([x, c], layer([x, c]))
    np.testing.assert_allclose(model.predict([x_np, c_np]), y_np, atol=1e-4)
    # stacking
    layer = keras.layers.RNN([keras.layers.GRUCell(8), RNNCellWithConstants(12), RNNCellWithConstants(32)])
    model = keras.models.Model([x, c], layer(x, constants=c))
    assert model.predict([x_np, c_np]).shape == (6, 32)
    # GRUCell reset_after
    layer = keras.layers.RNN([keras.layers.GRUCell(32, reset_after=True)])
    model = keras.models.Model([x, c], layer(x, constants=c))
    assert model.predict([x_np, c_np]).shape == (6, 32)


def test_RNNTest_test_rnn_cell_with_constants_layer_passing_initial_state():
    x = keras.Input((None, 5))
    c = keras.Input((3,))
    s = keras.Input((32,))
    layer = keras.layers.RNN(RNNCellWithConstants(32))
    model = keras.models.Model([x, s, c], layer(x, initial_state=s, constants=c))
    x_np = np.random.random((6, 5, 5)).astype(np.float32)
    s_np = np.random.random((6, 32)).astype(np.float32)
    c_np = np.random.random((6, 3)).astype(np.float32)
    y_np = model.predict([x_np, s_np, c_np])
    # the state is used
    y_np_different_s = model.predict([x_np, s_np + 10., c_np])
    with pytest.raises(AssertionError):
        np.testing.assert_allclose(y_np, y_np_different_s, atol=1e-4)
    # flat list inputs
    model = keras.models.Model([x, s, c], layer([x, s, c]))
    np.testing.assert_allclose(model.predict([x_np, s_np, c_np]), y_np, atol=1e-4)


def test_RNNTest_test_stacked_rnn_attributes():
    cells = [keras.layers.LSTMCell(1), keras.layers.LSTMCell(1)]
    layer = keras.layers.RNN(cells)
    layer.build((None, None, 1))
    assert len(layer.trainable_weights) == 6
    cells[0].trainable = False
    assert len(layer.trainable_weights) == 3
    assert len(layer.non_trainable_weights) == 3
    loss = tf.reduce_sum(cells[0].kernel)
    cells[0].add_loss(loss)
    cells[0].add_loss(loss)
    assert len(layer.losses) == 2
