"""Ported behaviours of TF 1.15's tensorflow/python/layers/pooling_test.py (PoolingTest), in
eager mode (op-name asserts are graph-only and dropped)."""

import pytest

import tfcompat as tf

pooling_layers = tf.layers


def _images(*shape):
    return tf.random_uniform(shape, seed=1)


def test_PoolingTest_testInvalidDataFormat():
    with pytest.raises(ValueError, match="data_format"):
        pooling_layers.max_pooling2d(_images(5, 7, 9, 3), 3, strides=2, data_format="invalid")


def test_PoolingTest_testInvalidStrides():
    with pytest.raises(ValueError, match="strides"):
        pooling_layers.max_pooling2d(_images(5, 7, 9, 3), 3, strides=(1, 2, 3))
    with pytest.raises(ValueError, match="strides"):
        pooling_layers.max_pooling2d(_images(5, 7, 9, 3), 3, strides=None)


def test_PoolingTest_testInvalidPoolSize():
    with pytest.raises(ValueError, match="pool_size"):
        pooling_layers.max_pooling2d(_images(5, 7, 9, 3), (1, 2, 3), strides=2)
    with pytest.raises(ValueError, match="pool_size"):
        pooling_layers.max_pooling2d(_images(5, 7, 9, 3), None, strides=2)


def test_PoolingTest_testCreateMaxPooling2D():
    layer = pooling_layers.MaxPooling2D([2, 2], strides=2)
    assert layer.apply(_images(5, 7, 9, 4)).get_shape().as_list() == [5, 3, 4, 4]


def test_PoolingTest_testCreateAveragePooling2D():
    layer = pooling_layers.AveragePooling2D([2, 2], strides=2)
    assert layer.apply(_images(5, 7, 9, 4)).get_shape().as_list() == [5, 3, 4, 4]


def test_PoolingTest_testMaxPooling2DChannelsFirst():
    layer = pooling_layers.MaxPooling2D([2, 2], strides=1, data_format="channels_first")
    assert layer.apply(_images(5, 2, 7, 9)).get_shape().as_list() == [5, 2, 6, 8]


def test_PoolingTest_testAveragePooling2DChannelsFirst():
    layer = pooling_layers.AveragePooling2D((2, 2), strides=(1, 1), padding="valid", data_format="channels_first")
    assert layer.apply(_images(5, 2, 7, 9)).get_shape().as_list() == [5, 2, 6, 8]


def test_PoolingTest_testCreateMaxPooling2DIntegerPoolSize():
    layer = pooling_layers.MaxPooling2D(2, strides=2)
    assert layer.apply(_images(5, 7, 9, 4)).get_shape().as_list() == [5, 3, 4, 4]


def test_PoolingTest_testMaxPooling2DPaddingSame():
    images = _images(5, 7, 9, 4)
    layer = pooling_layers.MaxPooling2D(images.get_shape()[1:3], strides=2, padding="same")
    assert layer.apply(images).get_shape().as_list() == [5, 4, 5, 4]


def test_PoolingTest_testCreatePooling2DWithStrides():
    images = _images(5, 6, 8, 3)
    assert pooling_layers.MaxPooling2D([2, 2], strides=(2, 2), padding="same").apply(images).shape.as_list() == \
        [5, 3, 4, 3]
    assert pooling_layers.MaxPooling2D([2, 2], strides=2, padding="same").apply(images).shape.as_list() == \
        [5, 3, 4, 3]
    assert pooling_layers.MaxPooling2D([2, 2], strides=(2, 1), padding="same").apply(images).shape.as_list() == \
        [5, 3, 8, 3]


def test_PoolingTest_testCreateMaxPooling1D():
    assert pooling_layers.MaxPooling1D(2, strides=2).apply(_images(5, 9, 4)).shape.as_list() == [5, 4, 4]


def test_PoolingTest_testCreateAveragePooling1D():
    assert pooling_layers.AveragePooling1D(2, strides=2).apply(_images(5, 9, 4)).shape.as_list() == [5, 4, 4]


def test_PoolingTest_testCreateMaxPooling1DChannelsFirst():
    layer = pooling_layers.MaxPooling1D(2, strides=2, data_format="channels_first")
    assert layer.apply(_images(5, 9, 4)).get_shape().as_list() == [5, 9, 2]


def test_PoolingTest_testCreateAveragePooling1DChannelsFirst():
    layer = pooling_layers.AveragePooling1D(2, strides=2, data_format="channels_first")
    assert layer.apply(_images(5, 9, 4)).get_shape().as_list() == [5, 9, 2]


def test_PoolingTest_testCreateMaxPooling3D():
    layer = pooling_layers.MaxPooling3D([2, 2, 2], strides=2)
    assert layer.apply(_images(5, 6, 7, 9, 4)).get_shape().as_list() == [5, 3, 3, 4, 4]


def test_PoolingTest_testCreateAveragePooling3D():
    layer = pooling_layers.AveragePooling3D([2, 2, 2], strides=2)
    assert layer.apply(_images(5, 6, 7, 9, 4)).get_shape().as_list() == [5, 3, 3, 4, 4]


def test_PoolingTest_testMaxPooling3DChannelsFirst():
    layer = pooling_layers.MaxPooling3D([2, 2, 2], strides=2, data_format="channels_first")
    assert layer.apply(_images(5, 2, 6, 7, 9)).get_shape().as_list() == [5, 2, 3, 3, 4]


def test_PoolingTest_testAveragePooling3DChannelsFirst():
    layer = pooling_layers.AveragePooling3D([2, 2, 2], strides=2, data_format="channels_first")
    assert layer.apply(_images(5, 2, 6, 7, 9)).get_shape().as_list() == [5, 2, 3, 3, 4]
