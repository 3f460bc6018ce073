"""Ported behaviours of tensorflow/python/training/adagrad_da_test.py (TF 1.15), eager mode: the literal
values of its asserts, for float64 and float32 as TF's test runs them."""

from numpy.testing import assert_allclose

import tfcompat as tf

DTYPES = (tf.float64, tf.float32)


def _one_step(dtype, initial0, initial1, **options):
    global_step = tf.Variable(0, dtype=tf.int64)
    var0 = tf.Variable(initial0, dtype=dtype)
    var1 = tf.Variable(initial1, dtype=dtype)
    grads0 = tf.constant([0.1, 0.2], dtype=dtype)
    grads1 = tf.constant([0.01, 0.02], dtype=dtype)
    opt = tf.train.AdagradDAOptimizer(3.0, global_step, initial_gradient_squared_accumulator_value=0.1, **options)
    opt.apply_gradients(zip([grads0, grads1], [var0, var1]), global_step=global_step)
    return var0.numpy(), var1.numpy()


def test_AdagradDAOptimizerTest_testAdagradDAWithoutRegularizationBasic1():
    for dtype in DTYPES:
        v0, v1 = _one_step(dtype, [0.0, 0.0], [0.0, 0.0], l1_regularization_strength=0.0,
                           l2_regularization_strength=0.0)
        assert_allclose(v0, [-0.904534, -1.603567], rtol=1e-5)
        assert_allclose(v1, [-0.094821, -0.189358], rtol=1e-5)


def test_AdagradDAOptimizerTest_testMinimizeSparseResourceVariable():
    for dtype in DTYPES:
        var0 = tf.Variable([[1.0, 2.0]], dtype=dtype)
        global_step = tf.Variable(0, dtype=tf.int64)
        x = tf.constant([[4.0], [5.0]], dtype=dtype)

        def loss():
            pred = tf.matmul(tf.nn.embedding_lookup([var0], [0]), x)
            return pred * pred
        tf.train.AdagradDAOptimizer(1.0, global_step).minimize(loss)
        assert_allclose(var0.numpy(), [[-1, -1]], atol=0.01)


def test_AdagradDAOptimizerTest_testAdagradDAwithoutRegularizationBasic2():
    for dtype in DTYPES:
        v0, v1 = _one_step(dtype, [1.0, 2.0], [4.0, 3.0], l1_regularization_strength=0.0,
                           l2_regularization_strength=0.0)
        assert_allclose(v0, [-0.904534, -1.603567], rtol=1e-5)
        assert_allclose(v1, [-0.094821, -0.189358], rtol=1e-5)


def test_AdagradDAOptimizerTest_testAdagradDAWithL1():
    for dtype in DTYPES:
        v0, v1 = _one_step(dtype, [1.0, 2.0], [4.0, 3.0], l1_regularization_strength=0.001,
                           l2_regularization_strength=0.0)
        assert_allclose(v0, [-0.895489, -1.59555], rtol=1e-5)
        assert_allclose(v1, [-0.085339, -0.17989], rtol=1e-5)


def test_AdagradDAOptimizerTest_testAdagradDAWithL1_L2():
    for dtype in DTYPES:
        v0, v1 = _one_step(dtype, [1.0, 2.0], [4.0, 3.0], l1_regularization_strength=0.001,
                           l2_regularization_strength=2.0)
        assert_allclose(v0, [-0.046907, -0.093659], rtol=1e-5, atol=1e-6)
        assert_allclose(v1, [-0.004275, -0.009023], rtol=1e-5, atol=1e-6)
