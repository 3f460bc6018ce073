"""Ported behaviours of TF 1.15's tensorflow/python/layers/convolutional_test.py (ConvTest), in
eager mode: op-name asserts (graph-only) are dropped, collection counts become the layer's own
``losses``/variables, and sessions become ``.numpy()``."""

import numpy as np
import pytest

import tfcompat as tf

conv_layers = tf.layers


@pytest.fixture(autouse=True)
def _fresh_names():
    tf.keras.backend.clear_session()
    tf.reset_default_graph()
    yield


def _images(*shape):
    return tf.random_uniform(shape, seed=1)


def test_ConvTest_testInvalidDataFormat():
    with pytest.raises(ValueError, match="data_format"):
        conv_layers.conv2d(_images(5, 7, 9, 3), 32, 3, data_format="invalid")


def test_ConvTest_testInvalidStrides():
    with pytest.raises(ValueError, match="strides"):
        conv_layers.conv2d(_images(5, 7, 9, 3), 32, 3, strides=(1, 2, 3))
    with pytest.raises(ValueError, match="strides"):
        conv_layers.conv2d(_images(5, 7, 9, 3), 32, 3, strides=None)


def test_ConvTest_testInvalidKernelSize():
    with pytest.raises(ValueError, match="kernel_size"):
        conv_layers.conv2d(_images(5, 7, 9, 3), 32, (1, 2, 3))
    with pytest.raises(ValueError, match="kernel_size"):
        conv_layers.conv2d(_images(5, 7, 9, 3), 32, None)


def test_ConvTest_testCreateConv2D():
    layer = conv_layers.Conv2D(32, [3, 3], activation=tf.nn.relu)
    output = layer.apply(_images(5, 7, 9, 4))
    assert output.get_shape().as_list() == [5, 5, 7, 32]
    assert layer.kernel.get_shape().as_list() == [3, 3, 4, 32]
    assert layer.bias.get_shape().as_list() == [32]
    assert layer.kernel.name == "conv2d/kernel:0"


def test_ConvTest_testCreateConv2DIntegerKernelSize():
    layer = conv_layers.Conv2D(32, 3)
    assert layer.apply(_images(5, 7, 9, 4)).get_shape().as_list() == [5, 5, 7, 32]
    assert layer.kernel.get_shape().as_list() == [3, 3, 4, 32]
    assert layer.bias.get_shape().as_list() == [32]


def test_ConvTest_testCreateConv2DChannelsFirst():
    layer = conv_layers.Conv2D(32, [3, 3], data_format="channels_first")
    assert layer.apply(_images(5, 4, 7, 9)).get_shape().as_list() == [5, 32, 5, 7]
    assert layer.kernel.get_shape().as_list() == [3, 3, 4, 32]
    assert layer.bias.get_shape().as_list() == [32]


def test_ConvTest_testConv2DPaddingSame():
    images = _images(5, 7, 9, 32)
    layer = conv_layers.Conv2D(64, images.get_shape()[1:3], padding="same")
    assert layer.apply(images).get_shape().as_list() == [5, 7, 9, 64]


def test_ConvTest_testCreateConvWithStrides():
    images = _images(5, 6, 8, 3)
    assert conv_layers.Conv2D(32, [3, 3], strides=(2, 2), padding="same").apply(images).shape.as_list() == \
        [5, 3, 4, 32]
    assert conv_layers.Conv2D(32, [3, 3], strides=2, padding="same").apply(images).shape.as_list() == [5, 3, 4, 32]
    assert conv_layers.Conv2D(32, [3, 3], strides=(2, 1), padding="same").apply(images).shape.as_list() == \
        [5, 3, 8, 32]


def test_ConvTest_testCreateConv1D():
    layer = conv_layers.Conv1D(32, 3, activation=tf.nn.relu)
    assert layer.apply(_images(5, 7, 4)).get_shape().as_list() == [5, 5, 32]
    assert layer.kernel.get_shape().as_list() == [3, 4, 32]
    assert layer.bias.get_shape().as_list() == [32]


def test_ConvTest_testCreateConv1DChannelsFirst():
    layer = conv_layers.Conv1D(32, 3, data_format="channels_first")
    assert layer.apply(_images(5, 4, 7)).get_shape().as_list() == [5, 32, 5]
    assert layer.kernel.get_shape().as_list() == [3, 4, 32]


def test_ConvTest_testConv1DWithCausalPadding():
    x = tf.expand_dims(tf.expand_dims(tf.constant([1, 2, 3, 4], dtype=tf.float32), 0), 2)
    filters = tf.constant_initializer(np.array([2, 1], dtype=np.float32)[..., np.newaxis, np.newaxis])
    layer = conv_layers.Conv1D(1, 2, padding="causal", kernel_initializer=filters, activation=None, use_bias=False)
    output = tf.squeeze(layer.apply(x)).numpy()
    np.testing.assert_allclose(output, [2 * 0 + 1 * 1, 2 * 1 + 1 * 2, 2 * 2 + 1 * 3, 2 * 3 + 1 * 4])
    layer = conv_layers.Conv1D(1, 2, padding="causal", dilation_rate=2, kernel_initializer=filters, activation=None,
                               use_bias=False)
    output = tf.squeeze(layer.apply(x)).numpy()
    np.testing.assert_allclose(output, [2 * 0 + 1 * 1, 2 * 0 + 1 * 2, 2 * 1 + 1 * 3, 2 * 2 + 1 * 4])


def test_ConvTest_testCreateConv3D():
    layer = conv_layers.Conv3D(32, [3, 3, 3], activation=tf.nn.relu)
    assert layer.apply(_images(5, 6, 7, 9, 4)).get_shape().as_list() == [5, 4, 5, 7, 32]
    assert layer.kernel.get_shape().as_list() == [3, 3, 3, 4, 32]
    assert layer.bias.get_shape().as_list() == [32]


def test_ConvTest_testConv2DKernelRegularizer():
    layer = conv_layers.Conv2D(32, [3, 3], kernel_regularizer=lambda x: 0.1 * tf.reduce_sum(x))
    layer.apply(_images(5, 7, 9, 4))
    assert len(layer.losses) == 1


def test_ConvTest_testConv2DBiasRegularizer():
    layer = conv_layers.Conv2D(32, [3, 3], bias_regularizer=lambda x: 0.1 * tf.reduce_sum(x))
    layer.apply(_images(5, 7, 9, 4))
    assert len(layer.losses) == 1


def test_ConvTest_testConv2DNoBias():
    layer = conv_layers.Conv2D(32, [3, 3], activation=tf.nn.relu, use_bias=False)
    assert layer.apply(_images(5, 7, 9, 4)).get_shape().as_list() == [5, 5, 7, 32]
    assert layer.kernel.get_shape().as_list() == [3, 3, 4, 32]
    assert layer.bias is None


def test_ConvTest_testDilatedConv2D():
    images = _images(5, 7, 9, 4)
    layer = conv_layers.Conv2D(32, [3, 3], dilation_rate=3)
    assert layer.apply(images).get_shape().as_list() == [5, 1, 3, 32]
    assert layer.kernel.get_shape().as_list() == [3, 3, 4, 32]
    assert conv_layers.Conv2D(32, [3, 3], dilation_rate=(1, 3)).apply(images).shape.as_list() == [5, 5, 3, 32]


def test_ConvTest_testFunctionalConv2DInitializerFromScope():
    store = tf.contrib.eager.EagerVariableStore()
    with store.as_default(), tf.variable_scope("scope", initializer=tf.ones_initializer()):
        conv_layers.conv2d(_images(5, 7, 9, 3), 32, [3, 3], name="conv1")
    weights = store.trainable_variables()
    assert [w.name for w in weights] == ["scope/conv1/bias:0", "scope/conv1/kernel:0"]  # the store sorts by name
    np.testing.assert_allclose(weights[1].numpy(), np.ones((3, 3, 3, 32)))
    np.testing.assert_allclose(weights[0].numpy(), np.zeros(32))


def test_ConvTest_testFunctionalConv2DNoReuse():
    store = tf.contrib.eager.EagerVariableStore()
    with store.as_default():
        conv_layers.conv2d(_images(5, 7, 9, 3), 32, [3, 3])
        assert len(store.trainable_variables()) == 2
        conv_layers.conv2d(_images(5, 7, 9, 3), 32, [3, 3])
        assert len(store.trainable_variables()) == 4


def test_ConvTest_testConstraints():
    def k_constraint(x):
        return x / tf.reduce_sum(x)

    def b_constraint(x):
        return x / tf.reduce_max(x)

    for layer, inputs in ((conv_layers.Conv1D(2, 3, kernel_constraint=k_constraint, bias_constraint=b_constraint),
                           _images(5, 3, 5)),
                          (conv_layers.Conv2D(2, 3, kernel_constraint=k_constraint, bias_constraint=b_constraint),
                           _images(5, 3, 3, 5)),
                          (conv_layers.Conv3D(2, 3, kernel_constraint=k_constraint, bias_constraint=b_constraint),
                           _images(5, 3, 3, 3, 5))):
        layer(inputs)
        assert layer.kernel_constraint == k_constraint
        assert layer.bias_constraint == b_constraint
