"""Ported behaviours of tensorflow/python/training/proximal_adagrad_test.py (TF 1.15), eager mode: the
literal values of its asserts (ref and resource variables behave the same eagerly)."""

import numpy as np
from numpy.testing import assert_allclose

import tfcompat as tf


def _steps(opt, var0, var1, steps):
    grads0, grads1 = tf.constant([0.1, 0.2]), tf.constant([0.01, 0.02])
    for _ in range(steps):
        opt.apply_gradients(zip([grads0, grads1], [var0, var1]))
    return var0.numpy(), var1.numpy()


def test_ProximalAdagradOptimizerTest_testProximalAdagradwithoutRegularization():
    var0, var1 = tf.Variable([0.0, 0.0]), tf.Variable([0.0, 0.0])
    opt = tf.train.ProximalAdagradOptimizer(3.0, initial_accumulator_value=0.1, l1_regularization_strength=0.0,
                                            l2_regularization_strength=0.0)
    v0, v1 = _steps(opt, var0, var1, 3)
    assert_allclose(v0, [-2.60260963, -4.29698515], rtol=1e-6)
    assert_allclose(v1, [-0.28432083, -0.56694895], rtol=1e-6)
    opt_vars = opt.variables()
    assert opt_vars[0].name.startswith(var0.name[:-2])
    assert opt_vars[1].name.startswith(var1.name[:-2])
    assert len(opt_vars) == 2


def test_ProximalAdagradOptimizerTest_testProximalAdagradwithoutRegularization2():
    var0, var1 = tf.Variable([1.0, 2.0]), tf.Variable([4.0, 3.0])
    opt = tf.train.ProximalAdagradOptimizer(3.0, initial_accumulator_value=0.1, l1_regularization_strength=0.0,
                                            l2_regularization_strength=0.0)
    v0, v1 = _steps(opt, var0, var1, 3)
    assert_allclose(v0, [-1.60261, -2.296985], rtol=1e-5)
    assert_allclose(v1, [3.715679, 2.433051], rtol=1e-5)


def test_ProximalAdagradOptimizerTest_testMinimizeSparseResourceVariable():
    var0 = tf.Variable([[1.0, 2.0]])
    x = tf.constant([[4.0], [5.0]])

    def loss():
        pred = tf.matmul(tf.nn.embedding_lookup([var0], [0]), x)
        return pred * pred
    tf.train.ProximalAdagradOptimizer(1.0).minimize(loss)
    assert_allclose(var0.numpy(), [[0, 1]], atol=0.01)


def test_ProximalAdagradOptimizerTest_testProximalAdagradWithL1():
    var0, var1 = tf.Variable([1.0, 2.0]), tf.Variable([4.0, 3.0])
    opt = tf.train.ProximalAdagradOptimizer(3.0, initial_accumulator_value=0.1, l1_regularization_strength=0.001,
                                            l2_regularization_strength=0.0)
    v0, v1 = _steps(opt, var0, var1, 10)
    assert_allclose(v0, [-6.663634, -9.190331], rtol=1e-5)
    assert_allclose(v1, [2.959304, 1.029232], rtol=1e-5)


def test_ProximalAdagradOptimizerTest_testProximalAdagradWithL1_L2():
    var0, var1 = tf.Variable([1.0, 2.0]), tf.Variable([4.0, 3.0])
    opt = tf.train.ProximalAdagradOptimizer(3.0, initial_accumulator_value=0.1, l1_regularization_strength=0.001,
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


def test_ProximalAdagradOptimizerTest_testEquivAdagradwithoutRegularization():
    val0, val1 = _apply(tf.train.ProximalAdagradOptimizer(3.0, initial_accumulator_value=0.1,
                                                          l1_regularization_strength=0.0,
                                                          l2_regularization_strength=0.0))
    val2, val3 = _apply(tf.train.AdagradOptimizer(3.0, initial_accumulator_value=0.1))
    np.testing.assert_allclose(val0, val2, rtol=1e-6)
    np.testing.assert_allclose(val1, val3, rtol=1e-6)


def test_ProximalAdagradOptimizerTest_testEquivSparseAdagradwithoutRegularization():
    val0, val1 = _apply(tf.train.ProximalAdagradOptimizer(3.0, initial_accumulator_value=0.1,
                                                          l1_regularization_strength=0.0,
                                                          l2_regularization_strength=0.0), is_sparse=True)
    val2, val3 = _apply(tf.train.AdagradOptimizer(3.0, initial_accumulator_value=0.1), is_sparse=True)
    np.testing.assert_allclose(val0, val2, rtol=1e-6)
    np.testing.assert_allclose(val1, val3, rtol=1e-6)
