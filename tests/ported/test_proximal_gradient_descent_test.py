"""Ported behaviours of tensorflow/python/training/proximal_gradient_descent_test.py (TF 1.15), eager
mode: the literal values of its asserts (the ref-variable and resource-variable halves are the same
eagerly)."""

import numpy as np
from numpy.testing import assert_allclose

import tfcompat as tf


def _steps(opt, var0, var1, steps, grads1=(0.01, 0.02)):
    grads0 = tf.constant([0.1, 0.2])
    grads1 = tf.constant(list(grads1))
    for _ in range(steps):
        opt.apply_gradients(zip([grads0, grads1], [var0, var1]))
    return var0.numpy(), var1.numpy()


def test_ProximalGradientDescentOptimizerTest_testProximalGradientDescentwithoutRegularization():
    var0, var1 = tf.Variable([0.0, 0.0]), tf.Variable([0.0, 0.0])
    opt = tf.train.ProximalGradientDescentOptimizer(3.0, l1_regularization_strength=0.0,
                                                    l2_regularization_strength=0.0)
    v0, v1 = _steps(opt, var0, var1, 3)
    assert_allclose(v0, [-0.9, -1.8], rtol=1e-6)
    assert_allclose(v1, [-0.09, -0.18], rtol=1e-6)


def test_ProximalGradientDescentOptimizerTest_testProximalGradientDescentwithoutRegularization2():
    var0, var1 = tf.Variable([1.0, 2.0]), tf.Variable([4.0, 3.0])
    opt = tf.train.ProximalGradientDescentOptimizer(3.0, l1_regularization_strength=0.0,
                                                    l2_regularization_strength=0.0)
    v0, v1 = _steps(opt, var0, var1, 3)
    assert_allclose(v0, [0.1, 0.2], rtol=1e-5)
    assert_allclose(v1, [3.91, 2.82], rtol=1e-6)


def test_ProximalGradientDescentOptimizerTest_testMinimizeSparseResourceVariable():
    for dtype in (tf.float32, tf.float64):
        var0 = tf.Variable([[1.0, 2.0]], dtype=dtype)
        x = tf.constant([[4.0], [5.0]], dtype=dtype)

        def loss():
            pred = tf.matmul(tf.nn.embedding_lookup([var0], [0]), x)
            return pred * pred
        lr = 1.0 if dtype == tf.float32 else tf.constant(1.0, tf.float64)
        l1l2 = {} if dtype == tf.float32 else {"l1_regularization_strength": tf.constant(0.0, tf.float64),
                                               "l2_regularization_strength": tf.constant(0.0, tf.float64)}
        tf.train.ProximalGradientDescentOptimizer(lr, **l1l2).minimize(loss)
        assert_allclose(var0.numpy(), [[-111, -138]])


def test_ProximalGradientDescentOptimizerTest_testProximalGradientDescentWithL1_L2():
    var0, var1 = tf.Variable([1.0, 2.0]), tf.Variable([4.0, 3.0])
    opt = tf.train.ProximalGradientDescentOptimizer(3.0, l1_regularization_strength=0.001,
                                                    l2_regularization_strength=2.0)
    v0, v1 = _steps(opt, var0, var1, 10)
    assert_allclose(v0, [-0.0495, -0.0995], rtol=1e-4, atol=1e-6)
    assert_allclose(v1, [-0.0045, -0.0095], rtol=1e-4, atol=1e-6)


def _apply(opt, steps=5, is_sparse=False):
    if is_sparse:
        var0, var1 = tf.Variable([[1.0], [2.0]]), tf.Variable([[3.0], [4.0]])
        grads0 = tf.IndexedSlices(tf.constant([0.1], shape=[1, 1]), tf.constant([0]), tf.constant([2, 1]))
        grads1 = tf.IndexedSlices(tf.constant([0.02], shape=[1, 1]), tf.constant([1]), tf.constant([2, 1]))
    else:
        var0, var1 = tf.Variable([1.0, 2.0]), tf.Variable([3.0, 4.0])
        grads0, grads1 = tf.constant([0.1, 0.2]), tf.constant([0.01, 0.02])
    for _ in range(steps):
        opt.apply_gradients(zip([grads0, grads1], [var0, var1]))
    return var0.numpy(), var1.numpy()


def test_ProximalGradientDescentOptimizerTest_testEquivSparseGradientDescentwithoutRegularization():
    val0, val1 = _apply(tf.train.ProximalGradientDescentOptimizer(3.0, l1_regularization_strength=0.0,
                                                                  l2_regularization_strength=0.0), is_sparse=True)
    val2, val3 = _apply(tf.train.GradientDescentOptimizer(3.0), is_sparse=True)
    np.testing.assert_allclose(val0, val2)
    np.testing.assert_allclose(val1, val3)


def test_ProximalGradientDescentOptimizerTest_testEquivGradientDescentwithoutRegularization():
    val0, val1 = _apply(tf.train.ProximalGradientDescentOptimizer(3.0, l1_regularization_strength=0.0,
                                                                  l2_regularization_strength=0.0))
    val2, val3 = _apply(tf.train.GradientDescentOptimizer(3.0))
    np.testing.assert_allclose(val0, val2)
    np.testing.assert_allclose(val1, val3)
