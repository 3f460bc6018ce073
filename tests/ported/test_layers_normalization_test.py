"""Ported behaviours of TF 1.15's tensorflow/python/layers/normalization_test.py (BNTest), in
eager mode: the training placeholder becomes ``training=True/False`` and each ``sess.run`` of
the outputs with ``bn.updates`` one training-mode call (updates run during the call under eager
execution).  The renorm, virtual-batch and adjustment tests are left out (refused by tfcompat),
as are the float16 and graph-collection ones."""

import numpy as np
import pytest

import tfcompat as tf

normalization_layers = tf.layers


@pytest.fixture(autouse=True)
def _fresh_names():
    tf.keras.backend.clear_session()
    tf.reset_default_graph()
    np.random.seed(1)
    yield


def _check_axis_normalized(shape, axis, reduce_axes, gamma_shape, fused=None):
    epsilon = 1e-3
    bn = normalization_layers.BatchNormalization(axis=axis, epsilon=epsilon, momentum=0.9, fused=fused)
    inputs = tf.Variable(np.random.random(shape) + 100, dtype=tf.float32)
    bn.apply(inputs, training=True)
    np_gamma = np.reshape(bn.gamma.numpy(), gamma_shape)
    np_beta = np.reshape(bn.beta.numpy(), gamma_shape)
    for _ in range(100):
        np_output = bn.apply(inputs, training=True).numpy()
        normed_np_output = ((np_output - epsilon) * np_gamma) + np_beta
        assert np.mean(normed_np_output) == pytest.approx(0.0, abs=0.05)
        assert np.std(normed_np_output) == pytest.approx(1.0, abs=0.05)
    np_inputs = inputs.numpy()
    np.testing.assert_allclose(bn.moving_mean.numpy(), np.mean(np_inputs, axis=reduce_axes), atol=1e-2)
    np.testing.assert_allclose(bn.moving_variance.numpy(), np.square(np.std(np_inputs, axis=reduce_axes)), atol=1e-2)
    np_output = bn.apply(inputs, training=False).numpy()
    normed_np_output = ((np_output - epsilon) * np_gamma) + np_beta
    assert np.mean(normed_np_output) == pytest.approx(0.0, abs=0.05)
    assert np.std(normed_np_output) == pytest.approx(1.0, abs=0.05)


def test_BNTest_testCreateBN():
    bn = normalization_layers.BatchNormalization(axis=1)
    bn.apply(tf.random_uniform((5, 4, 3), seed=1), training=True)
    assert bn.built
    assert [v.name for v in bn.variables] == ["batch_normalization/gamma:0", "batch_normalization/beta:0",
                                              "batch_normalization/moving_mean:0",
                                              "batch_normalization/moving_variance:0"]
    assert bn.trainable_variables == [bn.gamma, bn.beta]
    assert bn.non_trainable_variables == [bn.moving_mean, bn.moving_variance]


def test_BNTest_test3DInputAxis1():
    _check_axis_normalized((5, 4, 3), 1, (0, 2), (1, 4, 1))


def test_BNTest_test3DInputAxis2():
    _check_axis_normalized((5, 4, 3), 2, (0, 1), (1, 1, 3))


def test_BNTest_test4DInputAxis3():
    _check_axis_normalized((5, 4, 3, 6), 3, (0, 1, 2), (1, 1, 1, 6))


def test_BNTest_test4DInputAxis3Fused():
    _check_axis_normalized((5, 4, 3, 6), 3, (0, 1, 2), (1, 1, 1, 6), fused=True)


def test_BNTest_testNegativeAxis():
    _check_axis_normalized((5, 4, 3, 6), -1, (0, 1, 2), (1, 1, 1, 6))


def test_BNTest_testFunctionalNoReuse():
    inputs = tf.Variable(np.random.random((5, 4, 3, 6)), dtype=tf.float32)
    store = tf.contrib.eager.EagerVariableStore()
    with store.as_default():
        normalization_layers.batch_normalization(inputs, training=True)
        normalization_layers.batch_normalization(inputs, training=True)
    assert len(store.variables()) == 8  # two layers, four variables each
