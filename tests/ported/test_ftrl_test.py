"""Ported behaviours of tensorflow/python/training/ftrl_test.py (TF 1.15), eager mode: the literal
values of its asserts.  Left out: the tests comparing Ftrl with GradientDescent/Adagrad through
graph sessions (testEquivAdagradwithoutRegularization and friends), the graph halves."""

import pytest
from numpy.testing import assert_allclose

import tfcompat as tf

DTYPES = (tf.float16, tf.float32)
TOL = {tf.float16: 1e-3, tf.float32: 1e-6}


def _run(dtype, initial0, initial1, steps, **options):
    var0 = tf.Variable(initial0, dtype=dtype)
    var1 = tf.Variable(initial1, dtype=dtype)
    grads0 = tf.constant([0.1, 0.2], dtype=dtype)
    grads1 = tf.constant([0.01, 0.02], dtype=dtype)
    opt = tf.train.FtrlOptimizer(3.0, initial_accumulator_value=0.1, **options)
    for _ in range(steps):
        opt.apply_gradients(zip([grads0, grads1], [var0, var1]))
    return var0.numpy(), var1.numpy()


def test_FtrlOptimizerTest_testFtrlwithoutRegularization():
    for dtype in DTYPES:
        var0, var1 = _run(dtype, [0.0, 0.0], [0.0, 0.0], 3, l1_regularization_strength=0.0,
                          l2_regularization_strength=0.0)
        assert_allclose(var0, [-2.60260963, -4.29698515], rtol=TOL[dtype], atol=TOL[dtype])
        assert_allclose(var1, [-0.28432083, -0.56694895], rtol=TOL[dtype], atol=TOL[dtype])


def test_FtrlOptimizerTest_testFtrlWithL1():
    for dtype in DTYPES:
        var0, var1 = _run(dtype, [1.0, 2.0], [4.0, 3.0], 10, l1_regularization_strength=0.001,
                          l2_regularization_strength=0.0)
        assert_allclose(var0, [-7.66718769, -10.91273689], rtol=TOL[dtype], atol=TOL[dtype])
        assert_allclose(var1, [-0.93460727, -1.86147261], rtol=TOL[dtype], atol=TOL[dtype])


def test_FtrlOptimizerTest_testFtrlWithL1_L2():
    for dtype in DTYPES:
        var0, var1 = _run(dtype, [1.0, 2.0], [4.0, 3.0], 10, l1_regularization_strength=0.001,
                          l2_regularization_strength=2.0)
        assert_allclose(var0, [-0.24059935, -0.46829352], rtol=TOL[dtype], atol=TOL[dtype])
        assert_allclose(var1, [-0.02406147, -0.04830509], rtol=TOL[dtype], atol=TOL[dtype])


def test_FtrlOptimizerTest_testMinimizeSparseResourceVariable():
    for dtype in (tf.float16, tf.float32, tf.float64):
        var0 = tf.Variable([[1.0, 2.0]], dtype=dtype)
        x = tf.constant([[4.0], [5.0]], dtype=dtype)

        def loss():
            pred = tf.matmul(tf.nn.embedding_lookup([var0], [0]), x)
            return pred * pred

        tf.train.FtrlOptimizer(1.0).minimize(loss)
        assert_allclose(var0.numpy(), [[0, 1]], atol=0.01)


def test_FtrlOptimizerTest_testConstructorChecks():
    # TF's constructor checks (ftrl.py), each with its message
    with pytest.raises(ValueError, match="learning_rate_power 0.500000 needs to be negative or zero"):
        tf.train.FtrlOptimizer(1.0, learning_rate_power=0.5)
    with pytest.raises(ValueError, match="l2_shrinkage_regularization_strength -1.000000 needs to be positive or zero"):
        tf.train.FtrlOptimizer(1.0, l2_shrinkage_regularization_strength=-1.0)
