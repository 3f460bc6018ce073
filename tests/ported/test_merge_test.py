"""Ported behaviours of TF's tensorflow/python/keras/layers/merge_test.py (eager mode; the
masking and graph-only placeholder cases are left out: Masking arrives later)."""

import numpy as np
import pytest

import tfcompat as tf

keras = tf.keras


def _inputs(*shapes):
    return [keras.layers.Input(shape=shape) for shape in shapes]


def _data(count, shape):
    return [np.random.random(shape) for _ in range(count)]


def _check_elementwise(merge, reference, count):
    inputs = _inputs(*[(4, 5)] * count)
    o = merge(inputs)
    assert o.get_shape().as_list() == [None, 4, 5]
    model = keras.models.Model(inputs, o)
    xs = _data(count, (2, 4, 5))
    out = model.predict(xs)
    assert out.shape == (2, 4, 5)
    np.testing.assert_allclose(out, reference(*xs), atol=1e-4)


def test_MergeLayersTest_test_merge_add():
    _check_elementwise(keras.layers.add, lambda a, b, c: a + b + c, 3)


def test_MergeLayersTest_test_merge_elementwise_errors():
    i1, i2 = _inputs((4, 5), (4, 6))
    with pytest.raises(ValueError):
        keras.layers.add([i1, i2])
    with pytest.raises(ValueError):
        keras.layers.add([i1])
    with pytest.raises(ValueError):
        keras.layers.add(i1)


def test_MergeLayersTest_test_merge_multiply():
    _check_elementwise(keras.layers.multiply, lambda a, b, c: a * b * c, 3)


def test_MergeLayersTest_test_merge_average():
    _check_elementwise(keras.layers.average, lambda a, b: 0.5 * (a + b), 2)


def test_MergeLayersTest_test_merge_maximum():
    _check_elementwise(keras.layers.maximum, np.maximum, 2)


def test_MergeLayersTest_test_merge_minimum():
    _check_elementwise(keras.layers.minimum, np.minimum, 2)


def test_MergeLayersTest_test_merge_concatenate():
    i1, i2 = _inputs((4, 5), (4, 5))
    o = keras.layers.concatenate([i1, i2], axis=1)
    assert o.get_shape().as_list() == [None, 8, 5]
    model = keras.models.Model([i1, i2], o)
    x1, x2 = _data(2, (2, 4, 5))
    out = model.predict([x1, x2])
    assert out.shape == (2, 8, 5)
    np.testing.assert_allclose(out, np.concatenate([x1, x2], axis=1), atol=1e-4)


def test_MergeLayersTest_test_concatenate_errors():
    i1, i2 = _inputs((4, 5), (3, 5))
    with pytest.raises(ValueError, match="inputs with matching shapes"):
        keras.layers.concatenate([i1, i2], axis=-1)
    with pytest.raises(ValueError, match="called on a list"):
        keras.layers.concatenate(i1, axis=-1)
    with pytest.raises(ValueError, match="called on a list"):
        keras.layers.concatenate([i1], axis=-1)


def test_MergeLayersTest_test_merge_dot():
    i1, i2 = _inputs((4,), (4,))
    o = keras.layers.dot([i1, i2], axes=1)
    assert o.get_shape().as_list() == [None, 1]
    model = keras.models.Model([i1, i2], o)
    keras.layers.Dot(axes=1).get_config()
    x1, x2 = _data(2, (2, 4))
    out = model.predict([x1, x2])
    assert out.shape == (2, 1)
    expected = np.array([[np.dot(x1[0], x2[0])], [np.dot(x1[1], x2[1])]])
    np.testing.assert_allclose(out, expected, atol=1e-4)
    o = keras.layers.dot([i1, i2], axes=(-1, -1))
    assert o.get_shape().as_list() == [None, 1]
    out = keras.models.Model([i1, i2], o).predict([x1, x2])
    assert out.shape == (2, 1)
    np.testing.assert_allclose(out, expected, atol=1e-4)
    assert keras.layers.Dot(axes=-1).compute_output_shape([(4, 5), (4, 5)]) == (4, 1)


def test_MergeLayersTest_test_dot_errors():
    i1, i2, i3 = _inputs((4, 5), (4, 6), (4, 6))
    with pytest.raises(ValueError):
        keras.layers.dot([i1, i2], axes=-1)
    with pytest.raises(ValueError):
        keras.layers.dot(i1, axes=-1)
    with pytest.raises(ValueError):
        keras.layers.dot([i1], axes=-1)
    with pytest.raises(ValueError):
        keras.layers.dot([i1, i2, i3], axes=-1)
    with pytest.raises(ValueError):
        keras.layers.Dot(1).compute_output_shape(1)


def test_MergeLayersTest_test_merge_subtract():
    i1, i2 = _inputs((4, 5), (4, 5))
    assert keras.layers.subtract([i1, i2]).get_shape().as_list() == [None, 4, 5]
    i1, i2 = _inputs((4, 5), (3, 5))
    with pytest.raises(ValueError):
        keras.layers.subtract([i1, i2])
    with pytest.raises(ValueError):
        keras.layers.subtract([i1, i1, i1])
