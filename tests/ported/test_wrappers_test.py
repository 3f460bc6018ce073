"""Ported behaviours of TF's tensorflow/python/keras/layers/wrappers_test.py (eager mode).  Where TF
trains with compile/fit (the training stack, not here yet) the port runs the model forward and keeps
the asserts that do not depend on training; ``keras.backend.function`` / placeholders become eager
calls and ``keras.Input``."""

import numpy as np
import pytest

import tfcompat as tf

keras = tf.keras


class _RNNCellWithConstants(keras.layers.Layer):

    def __init__(self, units, constant_size, **kwargs):
        self.units = units
        self.state_size = units
        self.constant_size = constant_size
        super().__init__(**kwargs)

    def build(self, input_shape):
        self.input_kernel = self.add_weight(shape=(input_shape[-1], self.units), initializer="uniform", name="kernel")
        self.recurrent_kernel = self.add_weight(shape=(self.units, self.units), initializer="uniform",
                                                name="recurrent_kernel")
        self.constant_kernel = self.add_weight(shape=(self.constant_size, self.units), initializer="uniform",
                                               name="constant_kernel")
        self.built = True

    def call(self, inputs, states, constants):
        [prev_output] = states
        [constant] = constants
        output = (keras.backend.dot(inputs, self.input_kernel) + keras.backend.dot(prev_output, self.recurrent_kernel)
                  + keras.backend.dot(constant, self.constant_kernel))
        return output, [output]

    def get_config(self):
        return {**super().get_config(), "units": self.units, "constant_size": self.constant_size}


class _AddOneCell(keras.layers.AbstractRNNCell):
    """Increments inputs and state by one on each call."""

    @property
    def state_size(self):
        return 1

    @property
    def output_size(self):
        return 1

    def call(self, inputs, state):
        inputs = tf.reduce_mean(inputs, axis=1, keepdims=True)
        return inputs + 1.0, tf.nest.map_structure(lambda t: t + 1.0, state)


def _to_list(ls):
    return ls if isinstance(ls, list) else [ls]


# --- TimeDistributed ------------------------------------------------------------------------------

def test_TimeDistributedTest_test_timedistributed_dense():
    model = keras.models.Sequential()
    model.add(keras.layers.TimeDistributed(keras.layers.Dense(2), input_shape=(3, 4)))
    assert model.predict(np.random.random((10, 3, 4)).astype(np.float32)).shape == (10, 3, 2)
    model.get_config()


def test_TimeDistributedTest_test_timedistributed_static_batch_size():
    model = keras.models.Sequential()
    model.add(keras.layers.TimeDistributed(keras.layers.Dense(2), input_shape=(3, 4), batch_size=10))
    assert model.predict(np.random.random((10, 3, 4)).astype(np.float32)).shape == (10, 3, 2)


def test_TimeDistributedTest_test_timedistributed_invalid_init():
    x = tf.constant(np.zeros((1, 1)).astype("float32"))
    with pytest.raises(ValueError, match="Please initialize `TimeDistributed` layer with a `Layer` instance."):
        keras.layers.TimeDistributed(x)


def test_TimeDistributedTest_test_timedistributed_conv2d():
    model = keras.models.Sequential()
    model.add(keras.layers.TimeDistributed(keras.layers.Conv2D(5, (2, 2), padding="same"),
                                           input_shape=(2, 4, 4, 3)))
    model.add(keras.layers.Activation("relu"))
    assert model.predict(np.random.random((1, 2, 4, 4, 3)).astype(np.float32)).shape == (1, 2, 4, 4, 5)
    model.summary(print_fn=lambda line: None)


def test_TimeDistributedTest_test_timedistributed_stacked():
    model = keras.models.Sequential()
    model.add(keras.layers.TimeDistributed(keras.layers.Dense(2), input_shape=(3, 4)))
    model.add(keras.layers.TimeDistributed(keras.layers.Dense(3)))
    model.add(keras.layers.Activation("relu"))
    assert model.predict(np.random.random((10, 3, 4)).astype(np.float32)).shape == (10, 3, 3)


def test_TimeDistributedTest_test_regularizers():
    model = keras.models.Sequential()
    model.add(keras.layers.TimeDistributed(keras.layers.Dense(2, kernel_regularizer="l1", activity_regularizer="l1"),
                                           input_shape=(3, 4)))
    model.add(keras.layers.Activation("relu"))
    model(np.random.random((2, 3, 4)).astype(np.float32))
    assert len(model.losses) == 2


def test_TimeDistributedTest_test_TimeDistributed_learning_phase():
    np.random.seed(1234)
    x = keras.layers.Input(shape=(3, 2))
    y = keras.layers.TimeDistributed(keras.layers.Dropout(.999))(x, training=True)
    model = keras.models.Model(x, y)
    y = model.predict(np.random.random((10, 3, 2)).astype(np.float32))
    np.testing.assert_allclose(np.mean(y), 0., atol=1e-1, rtol=1e-1)


def test_TimeDistributedTest_test_TimeDistributed_trainable():
    x = keras.layers.Input(shape=(3, 2))
    layer = keras.layers.TimeDistributed(keras.layers.BatchNormalization())
    _ = layer(x)
    assert len(layer.trainable_weights) == 2
    layer.trainable = False
    assert not layer.trainable_weights
    layer.trainable = True
    assert len(layer.trainable_weights) == 2


def test_TimeDistributedTest_test_TimeDistributed_with_different_time_shapes():
    time_dist = keras.layers.TimeDistributed(keras.layers.Dense(5))
    out_1 = time_dist(keras.Input((10, 13)))
    assert out_1.shape.as_list() == [None, 10, 5]
    out_2 = time_dist(keras.Input((1, 13)))
    assert out_2.shape.as_list() == [None, 1, 5]
    with pytest.raises(ValueError, match="is incompatible with"):
        time_dist(keras.Input((1, 18)))


def test_TimeDistributedTest_test_TimeDistributed_with_invalid_dimensions():
    time_dist = keras.layers.TimeDistributed(keras.layers.Dense(5))
    with pytest.raises(ValueError, match="`TimeDistributed` Layer should be passed an `input_shape `"):
        time_dist(keras.Input((10,)))


def test_TimeDistributedTest_test_TimeDistributed_output_shape_return_types():

    class TestLayer(keras.layers.Layer):

        def call(self, inputs):
            return tf.concat([inputs, inputs], axis=-1)

        def compute_output_shape(self, input_shape):
            output_shape = tf.TensorShape(input_shape).as_list()
            output_shape[-1] = output_shape[-1] * 2
            return tf.TensorShape(output_shape)

    class TestListLayer(TestLayer):

        def compute_output_shape(self, input_shape):
            return super().compute_output_shape(input_shape).as_list()

    class TestTupleLayer(TestLayer):

        def compute_output_shape(self, input_shape):
            return tuple(super().compute_output_shape(input_shape).as_list())

    for layer in (TestLayer, TestListLayer, TestTupleLayer):
        input_layer = keras.layers.TimeDistributed(layer())
        output = input_layer(keras.Input((2, 4)))
        assert output.shape.as_list() == [None, 2, 8]
        assert input_layer.compute_output_shape([None, 2, 4]).as_list() == [None, 2, 8]


# --- Bidirectional --------------------------------------------------------------------------------

@pytest.mark.parametrize("mode", ["sum", "concat", "ave", "mul"])
def test_BidirectionalTest_test_bidirectional(mode):
    x = np.random.random((2, 2, 2)).astype(np.float32)
    model = keras.models.Sequential()
    model.add(keras.layers.Bidirectional(keras.layers.SimpleRNN(2), merge_mode=mode, input_shape=(2, 2)))
    target_dim = 4 if mode == "concat" else 2
    assert model.predict(x).shape == (2, target_dim)
    ref_shape = model.layers[-1].output.shape
    shape = model.layers[-1].compute_output_shape((None, 2, 2))
    assert shape.as_list() == ref_shape.as_list()
    model.get_config()
    model.summary(print_fn=lambda line: None)


def test_BidirectionalTest_test_bidirectional_invalid_init():
    x = tf.constant(np.zeros((1, 1)).astype("float32"))
    with pytest.raises(ValueError, match="Please initialize `Bidirectional` layer with a `Layer` instance."):
        keras.layers.Bidirectional(x)


def test_BidirectionalTest_test_bidirectional_weight_loading():
    x = np.random.random((2, 2, 2)).astype(np.float32)
    model = keras.models.Sequential()
    model.add(keras.layers.Bidirectional(keras.layers.SimpleRNN(2), input_shape=(2, 2)))
    y_ref = model.predict(x)
    weights = model.layers[-1].get_weights()
    model.layers[-1].set_weights(weights)
    np.testing.assert_allclose(model.predict(x), y_ref)


def test_BidirectionalTest_test_bidirectional_stacked():
    x = np.random.random((2, 2, 2)).astype(np.float32)
    model = keras.models.Sequential()
    model.add(keras.layers.Bidirectional(keras.layers.SimpleRNN(2, return_sequences=True), merge_mode="sum",
                                         input_shape=(2, 2)))
    model.add(keras.layers.Bidirectional(keras.layers.SimpleRNN(2), merge_mode="sum"))
    assert model.predict(x).shape == (2, 2)
    inputs = keras.layers.Input((2, 2))
    output = keras.layers.Bidirectional(keras.layers.SimpleRNN(2), merge_mode="sum")(inputs)
    assert keras.models.Model(inputs, output).predict(x).shape == (2, 2)


def test_BidirectionalTest_test_bidirectional_statefulness():
    x = np.random.random((2, 2, 2)).astype(np.float32)
    inputs = keras.layers.Input(batch_shape=(1, 2, 2))
    bidi_rnn = keras.layers.Bidirectional(keras.layers.SimpleRNN(2, stateful=True), merge_mode="sum")
    assert bidi_rnn.stateful
    model = keras.models.Model(inputs, bidi_rnn(inputs))
    y_1 = model.predict(x, batch_size=1)
    model.reset_states()
    y_2 = model.predict(x, batch_size=1)
    np.testing.assert_allclose(y_1, y_2)


@pytest.mark.parametrize("merge_mode", ["sum", "mul", "ave", "concat", None])
def test_BidirectionalTest_test_Bidirectional_merged_value(merge_mode):
    x = tf.constant(np.random.rand(2, 3, 5).astype(np.float32))
    merge_func = {"sum": lambda y, y_rev: y + y_rev, "mul": lambda y, y_rev: y * y_rev,
                  "ave": lambda y, y_rev: (y + y_rev) / 2,
                  "concat": lambda y, y_rev: np.concatenate((y, y_rev), axis=-1),
                  None: lambda y, y_rev: [y, y_rev]}[merge_mode]
    layer = keras.layers.Bidirectional(keras.layers.LSTM(3, return_sequences=True), merge_mode=merge_mode)
    y_merged = [y.numpy() for y in _to_list(layer(x))]
    forward = layer.forward_layer(x).numpy()
    backward = layer.backward_layer(x).numpy()[:, ::-1]
    y_expected = _to_list(merge_func(forward, backward))
    assert len(y_merged) == len(y_expected)
    for x1, x2 in zip(y_merged, y_expected):
        np.testing.assert_allclose(x1, x2, atol=1e-5)
    # return_state
    layer = keras.layers.Bidirectional(keras.layers.LSTM(3, return_state=True), merge_mode=merge_mode)
    y_merged = [y.numpy() for y in layer(x)]
    y_forward = [y.numpy() for y in layer.forward_layer(x)]
    y_backward = [y.numpy() for y in layer.backward_layer(x)]
    n_states = len(layer.layer.states)
    y_expected = _to_list(merge_func(y_forward[0], y_backward[0]))
    assert len(y_merged) == len(y_expected) + n_states * 2
    for x1, x2 in zip(y_merged, y_expected):
        np.testing.assert_allclose(x1, x2, atol=1e-5)
    for state_birnn, state_inner in zip(y_merged[-n_states * 2:], y_forward[-n_states:] + y_backward[-n_states:]):
        np.testing.assert_allclose(state_birnn, state_inner, atol=1e-5)


@pytest.mark.parametrize("time_major", [True, False])
def test_BidirectionalTest_test_Bidirectional_with_time_major_input(time_major):
    batch_size, time, input_dim = 2, 3, 1
    inputs = tf.zeros((batch_size, time, input_dim))
    lengths = tf.range(1, 1 + batch_size)
    mask = tf.sequence_mask(lengths, maxlen=time, dtype=tf.float32)
    layer = keras.layers.Bidirectional(
        layer=keras.layers.RNN(_AddOneCell(name="forward"), time_major=time_major, return_sequences=True),
        backward_layer=keras.layers.RNN(_AddOneCell(name="backward"), time_major=time_major, return_sequences=True,
                                        go_backwards=True))
    if time_major:
        inputs = tf.transpose(inputs, [1, 0, 2])
        mask = tf.transpose(mask, [1, 0])
    keras_outputs = layer(inputs, mask=mask)
    if time_major:
        keras_outputs = tf.transpose(keras_outputs, [1, 0, 2])
    expected_result = np.array([[[1., 1.], [0., 0.], [0., 0.]], [[1., 1.], [1., 1.], [0., 0.]]])
    np.testing.assert_allclose(expected_result, keras_outputs.numpy())


def test_BidirectionalTest_test_Bidirectional_dropout():
    x = np.random.rand(2, 3, 5).astype(np.float32)
    inputs = keras.Input((3, 5))
    wrapped = keras.layers.Bidirectional(keras.layers.LSTM(3, dropout=0.2, recurrent_dropout=0.2), merge_mode="sum")
    _to_list(wrapped(inputs, training=True))
    inputs = keras.Input((3, 5))
    wrapped = keras.layers.Bidirectional(keras.layers.LSTM(3, dropout=0.2, return_state=True), merge_mode="sum")
    model = keras.Model(inputs, _to_list(wrapped(inputs)))
    y1 = _to_list(model.predict(x))
    y2 = _to_list(model.predict(x))
    for x1, x2 in zip(y1, y2):
        np.testing.assert_allclose(x1, x2, atol=1e-5)


def test_BidirectionalTest_test_Bidirectional_state_reuse():
    input1 = keras.layers.Input((3, 5))
    layer = keras.layers.Bidirectional(keras.layers.LSTM(3, return_state=True, return_sequences=True))
    state = layer(input1)[1:]
    input2 = keras.layers.Input((3, 5))
    with pytest.raises(ValueError):
        keras.layers.Bidirectional(keras.layers.LSTM(3))(input2, initial_state=state[0])
    output = keras.layers.Bidirectional(keras.layers.LSTM(3))(input2, initial_state=state)
    model = keras.models.Model([input1, input2], output)
    assert len(model.layers) == 4
    assert isinstance(model.layers[-1].input, list)
    inputs = [np.random.rand(2, 3, 5).astype(np.float32), np.random.rand(2, 3, 5).astype(np.float32)]
    assert model.predict(inputs).shape == (2, 6)


def test_BidirectionalTest_test_Bidirectional_state_reuse_with_np_input():
    input1 = np.random.rand(2, 3, 5).astype(np.float32)
    layer = keras.layers.Bidirectional(keras.layers.LSTM(3, return_state=True, return_sequences=True))
    state = layer(input1)[1:]
    input2 = np.random.rand(2, 3, 5).astype(np.float32)
    assert keras.layers.Bidirectional(keras.layers.LSTM(3))(input2, initial_state=state).shape.as_list() == [2, 6]


def test_BidirectionalTest_test_Bidirectional_trainable():
    x = keras.layers.Input(shape=(3, 2))
    layer = keras.layers.Bidirectional(keras.layers.SimpleRNN(3))
    _ = layer(x)
    assert len(layer.trainable_weights) == 6
    layer.trainable = False
    assert not layer.trainable_weights
    layer.trainable = True
    assert len(layer.trainable_weights) == 6


def test_BidirectionalTest_test_Bidirectional_losses():
    x = np.random.rand(2, 3, 2).astype(np.float32)
    layer = keras.layers.Bidirectional(keras.layers.SimpleRNN(3, kernel_regularizer="l1", bias_regularizer="l1",
                                                              activity_regularizer="l1"))
    _ = layer(x)
    assert len(layer.losses) == 6
    loss = tf.constant(x) * x
    layer.forward_layer.add_loss(loss)
    layer.backward_layer.add_loss(loss, inputs=x)
    assert len(layer.losses) == 8


def test_BidirectionalTest_test_Bidirectional_with_constants():
    x = keras.Input((5, 5))
    c = keras.Input((3,))
    layer = keras.layers.Bidirectional(keras.layers.RNN(_RNNCellWithConstants(32, 3)))
    y = layer(x, constants=c)
    model = keras.Model([x, c], y)
    x_np = np.random.random((6, 5, 5)).astype(np.float32)
    c_np = np.random.random((6, 3)).astype(np.float32)
    y_np = model.predict([x_np, c_np])
    assert y_np.shape == (6, 64)
    # flat list inputs
    y = layer([x, c])
    model = keras.Model([x, c], y)
    np.testing.assert_allclose(model.predict([x_np, c_np]), y_np, atol=1e-4)


def test_TimeDistributedTest_test_TimeDistributed_with_masked_embedding_and_unspecified_shape():
    model = keras.models.Sequential()
    model.add(keras.layers.TimeDistributed(keras.layers.Embedding(5, 6, mask_zero=True), input_shape=(None, None)))
    model.add(keras.layers.TimeDistributed(keras.layers.SimpleRNN(7, return_sequences=True)))
    model.add(keras.layers.TimeDistributed(keras.layers.SimpleRNN(8, return_sequences=False)))
    model.add(keras.layers.SimpleRNN(1, return_sequences=False))
    model_input = np.random.randint(low=1, high=5, size=(10, 3, 4), dtype="int32")
    for i in range(4):
        model_input[i, i:, i:] = 0
    assert model.predict(model_input).shape == (10, 1)
    x = tf.constant(model_input)
    mask_outputs = [model.layers[0].compute_mask(x)]
    values = [model.layers[0](x)]
    for layer in model.layers[1:]:
        mask_outputs.append(layer.compute_mask(values[-1], mask_outputs[-1]))
        values.append(layer(values[-1], mask=mask_outputs[-2]))
    ref_mask_val_0 = model_input > 0
    ref_mask_val_1 = ref_mask_val_0
    ref_mask_val_2 = np.any(ref_mask_val_1, axis=-1)
    for i, ref in enumerate([ref_mask_val_0, ref_mask_val_1, ref_mask_val_2]):
        np.testing.assert_array_equal(mask_outputs[i].numpy(), ref)
    assert mask_outputs[-1] is None


def test_TimeDistributedTest_test_TimeDistributed_with_masking_layer():
    model = keras.models.Sequential()
    model.add(keras.layers.TimeDistributed(keras.layers.Masking(mask_value=0.), input_shape=(None, 4)))
    model.add(keras.layers.TimeDistributed(keras.layers.Dense(5)))
    model_input = np.random.randint(low=1, high=5, size=(10, 3, 4)).astype(np.float32)
    for i in range(4):
        model_input[i, i:, :] = 0.
    assert model.predict(model_input).shape == (10, 3, 5)
    x = tf.constant(model_input)
    mask_outputs = [model.layers[0].compute_mask(x)]
    mask_outputs.append(model.layers[1].compute_mask(model.layers[0](x), mask_outputs[-1]))
    assert mask_outputs[0].numpy().all() == model_input.all()
    assert mask_outputs[1].numpy().all() == model_input.all()
