"""tf.keras convolution, pooling and reshaping layers: what the goldens (recorded on TF's CPU, which
has no channels_first convolutions) cannot cover: channels_first against channels_last, a CNN in
a Sequential model, get_config round trips and input checks."""

import numpy as np
import pytest

import tfcompat as tf

keras = tf.keras
layers = keras.layers


@pytest.fixture(autouse=True)
def fresh_session():
    keras.backend.clear_session()
    yield
    keras.backend.clear_session()


def ramp(shape, dtype=None, partition_info=None):
    return tf.constant(np.sin(np.arange(int(np.prod(shape))) * 0.7).reshape(shape).astype(np.float32))


IMAGES = np.cos(np.arange(2 * 7 * 6 * 3)).reshape(2, 7, 6, 3).astype(np.float32)


@pytest.mark.parametrize("make", [
    lambda fmt: layers.Conv2D(4, 3, strides=2, padding="same", data_format=fmt, kernel_initializer=ramp,
                              bias_initializer=ramp),
    lambda fmt: layers.Conv2D(4, 2, dilation_rate=2, data_format=fmt, kernel_initializer=ramp),
    lambda fmt: layers.Conv2DTranspose(4, 3, strides=2, padding="same", data_format=fmt, kernel_initializer=ramp,
                                       bias_initializer=ramp),
    lambda fmt: layers.SeparableConv2D(4, 3, strides=2, padding="same", data_format=fmt, depth_multiplier=2,
                                       depthwise_initializer=ramp, pointwise_initializer=ramp, bias_initializer=ramp),
    lambda fmt: layers.DepthwiseConv2D(3, padding="same", depth_multiplier=2, data_format=fmt,
                                       depthwise_initializer=ramp, bias_initializer=ramp),
    lambda fmt: layers.MaxPooling2D(3, 2, padding="same", data_format=fmt),
    lambda fmt: layers.AveragePooling2D(3, 2, padding="same", data_format=fmt),
    lambda fmt: layers.GlobalMaxPooling2D(data_format=fmt),
    lambda fmt: layers.ZeroPadding2D(((1, 2), (0, 1)), data_format=fmt),
    lambda fmt: layers.Cropping2D(((1, 0), (2, 1)), data_format=fmt),
    lambda fmt: layers.UpSampling2D((2, 3), data_format=fmt),
    lambda fmt: layers.UpSampling2D((2, 3), data_format=fmt, interpolation="bilinear"),
])
def test_channels_first_matches_channels_last(make):
    last_layer, first_layer = make("channels_last"), make("channels_first")
    last = last_layer(tf.constant(IMAGES)).numpy()
    first = first_layer(tf.constant(IMAGES.transpose(0, 3, 1, 2))).numpy()
    if last.ndim == 4:
        first = first.transpose(0, 2, 3, 1)
    np.testing.assert_allclose(first, last, rtol=1e-5, atol=1e-5)
    expected_shape = first_layer.compute_output_shape(IMAGES.transpose(0, 3, 1, 2).shape).as_list()
    assert expected_shape == list(first_layer(tf.constant(IMAGES.transpose(0, 3, 1, 2))).shape)


def test_conv1d_channels_first_and_causal():
    steps = np.cos(np.arange(2 * 9 * 3)).reshape(2, 9, 3).astype(np.float32)
    for padding in ("valid", "same", "causal"):
        last = layers.Conv1D(2, 3, padding=padding, dilation_rate=2, kernel_initializer=ramp)(tf.constant(steps))
        first = layers.Conv1D(2, 3, padding=padding, dilation_rate=2, data_format="channels_first",
                              kernel_initializer=ramp)(tf.constant(steps.transpose(0, 2, 1)))
        np.testing.assert_allclose(first.numpy().transpose(0, 2, 1), last.numpy(), rtol=1e-5, atol=1e-6)
    causal = layers.Conv1D(1, 2, padding="causal", kernel_initializer="ones", use_bias=False)
    out = causal(tf.constant(np.arange(4, dtype=np.float32).reshape(1, 4, 1)))
    assert out.numpy().ravel().tolist() == [0.0, 1.0, 3.0, 5.0]  # y[t] = x[t - 1] + x[t]


def test_small_cnn_trains_in_sequential():
    model = keras.Sequential([layers.Conv2D(8, 3, activation="relu", input_shape=(12, 12, 1)),
                              layers.MaxPooling2D(), layers.Flatten(), layers.Dense(3)])
    assert [w.name for w in model.weights] == ["conv2d/kernel:0", "conv2d/bias:0", "dense/kernel:0",
                                               "dense/bias:0"]
    x = tf.constant(np.cos(np.arange(4 * 144)).reshape(4, 12, 12, 1).astype(np.float32))
    losses = []
    for _ in range(5):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(model(x) - 1.0))
        grads = tape.gradient(loss, model.trainable_weights)
        for weight, grad in zip(model.trainable_weights, grads):
            weight.assign_sub(0.05 * grad)
        losses.append(float(loss.numpy()))
    assert losses[-1] < losses[0]


@pytest.mark.parametrize("make", [
    lambda: layers.Conv2D(4, (2, 3), strides=2, padding="same", dilation_rate=1, activation="relu"),
    lambda: layers.Conv2DTranspose(4, 3, strides=2, output_padding=1),
    lambda: layers.SeparableConv2D(4, 3, depth_multiplier=2),
    lambda: layers.DepthwiseConv2D(3, depth_multiplier=3),
    lambda: layers.MaxPooling1D(3, padding="same"),
    lambda: layers.AveragePooling3D(),
    lambda: layers.GlobalAveragePooling1D(),
    lambda: layers.ZeroPadding2D(((1, 2), (3, 4))),
    lambda: layers.Cropping2D(2),
    lambda: layers.UpSampling1D(3),
])
def test_get_config_round_trip(make):
    layer = make()
    config = layer.get_config()
    assert type(layer).from_config(config).get_config() == config


def test_bad_arguments_raise_value_errors():
    with pytest.raises(ValueError, match="kernel_size"):
        layers.Conv2D(4, (1, 2, 3))
    with pytest.raises(ValueError, match="padding"):
        layers.MaxPooling2D(padding="full")
    with pytest.raises(ValueError, match="data_format"):
        layers.Conv2D(4, 3, data_format="NHWC")
    with pytest.raises(ValueError, match="output padding"):
        layers.Conv2DTranspose(4, 3, output_padding=1)
    with pytest.raises(ValueError, match="channel dimension"):
        layers.Conv2D(4, 3).build(tf.TensorShape([None, 5, 5, None]))
    with pytest.raises(ValueError, match="interpolation"):
        layers.UpSampling2D(interpolation="cubic")
    assert layers.Conv2D(4, 3)(tf.zeros([1, 2, 2, 1])).shape == (1, 0, 0, 4)  # TF's empty VALID output


def test_awkward_inputs_raise_tf_errors():
    with pytest.raises(tf.errors.InvalidArgumentError):
        layers.GlobalAveragePooling2D()(tf.constant([[[["a"]]]]))
    with pytest.raises(tf.errors.InvalidArgumentError):
        layers.ZeroPadding2D(-1)(tf.zeros([1, 4, 4, 1]))
    with pytest.raises(tf.errors.InvalidArgumentError):
        layers.AveragePooling2D()(tf.zeros([1, 4, 4, 1], tf.int32))
    with pytest.raises(tf.errors.InvalidArgumentError):  # a mask that does not fit the steps
        layers.GlobalAveragePooling1D()(tf.zeros([2, 3, 4]), mask=tf.constant([[True]]))
    with pytest.raises(ValueError, match="size"):
        layers.UpSampling1D(-1)
    assert layers.UpSampling2D()(tf.constant([[[["a"]]]])).numpy().ravel().tolist() == [b"a"] * 4
    assert layers.Cropping2D(3)(tf.zeros([1, 4, 4, 1])).shape == (1, 0, 0, 1)
