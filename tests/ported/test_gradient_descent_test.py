"""Ported behaviours of tensorflow/python/training/gradient_descent_test.py (TF 1.15), eager mode.

Each TF test ran its graph half in a session; under eager the same steps run directly and the
variables are read after each.  ``ResourceVariable`` is ``tf.Variable``.  Left out: testGradWrtRef
(graph-mode ``compute_gradients`` of a tensor loss, which eager rejects: tests/test_training.py
checks that error).
"""

import numpy as np
from numpy.testing import assert_allclose

import tfcompat as tf

DTYPES = (tf.float16, tf.float32, tf.float64)
RTOL = {tf.float16: 1e-3, tf.float32: 1e-6, tf.float64: 1e-6}


def _basic(dtype, learning_rate=3.0):
    var0 = tf.Variable([1.0, 2.0], dtype=dtype)
    var1 = tf.Variable([3.0, 4.0], dtype=dtype)
    grads0 = tf.constant([0.1, 0.1], dtype=dtype)
    grads1 = tf.constant([0.01, 0.01], dtype=dtype)
    opt = tf.train.GradientDescentOptimizer(learning_rate)
    assert opt.apply_gradients(zip([grads0, grads1], [var0, var1])) is None
    assert_allclose(var0.numpy(), [1.0 - 3.0 * 0.1, 2.0 - 3.0 * 0.1], rtol=RTOL[dtype], atol=RTOL[dtype])
    assert_allclose(var1.numpy(), [3.0 - 3.0 * 0.01, 4.0 - 3.0 * 0.01], rtol=RTOL[dtype], atol=RTOL[dtype])
    assert opt.variables() == []


def test_GradientDescentOptimizerTest_testBasic():
    for dtype in DTYPES:
        _basic(dtype)


def test_GradientDescentOptimizerTest_testBasicResourceVariable():
    for dtype in DTYPES:
        _basic(dtype)


def test_GradientDescentOptimizerTest_testBasicCallableParams():
    for dtype in DTYPES:
        _basic(dtype, learning_rate=lambda: 3.0)


def test_GradientDescentOptimizerTest_testTensorLearningRate():
    for dtype in DTYPES:
        _basic(dtype, learning_rate=tf.constant(3.0))


def _minimize(dtype, sparse):
    var0 = tf.Variable([[1.0, 2.0]], dtype=dtype)
    var1 = tf.Variable([3.0], dtype=dtype)
    x = tf.constant([[4.0], [5.0]], dtype=dtype)

    def loss():
        rows = tf.nn.embedding_lookup([var0], [0]) if sparse else var0
        pred = tf.matmul(rows, x) + var1
        return pred * pred

    tf.train.GradientDescentOptimizer(1.0).minimize(loss)
    np_pred = 1.0 * 4.0 + 2.0 * 5.0 + 3.0
    np_grad = 2 * np_pred
    assert_allclose(var0.numpy(), [[1.0 - np_grad * 4.0, 2.0 - np_grad * 5.0]], rtol=RTOL[dtype], atol=RTOL[dtype])
    assert_allclose(var1.numpy(), [3.0 - np_grad], rtol=RTOL[dtype], atol=RTOL[dtype])


def test_GradientDescentOptimizerTest_testMinimizeResourceVariable():
    for dtype in DTYPES:
        _minimize(dtype, sparse=False)


def test_GradientDescentOptimizerTest_testMinimizeSparseResourceVariable():
    for dtype in DTYPES:
        _minimize(dtype, sparse=True)


def test_GradientDescentOptimizerTest_testWithGlobalStep():
    for dtype in DTYPES:
        global_step = tf.Variable(0, trainable=False)
        var0 = tf.Variable([1.0, 2.0], dtype=dtype)
        var1 = tf.Variable([3.0, 4.0], dtype=dtype)
        grads0 = tf.constant([0.1, 0.1], dtype=dtype)
        grads1 = tf.constant([0.01, 0.01], dtype=dtype)
        tf.train.GradientDescentOptimizer(3.0).apply_gradients(zip([grads0, grads1], [var0, var1]),
                                                                global_step=global_step)
        assert_allclose(var0.numpy(), [1.0 - 3.0 * 0.1, 2.0 - 3.0 * 0.1], rtol=RTOL[dtype], atol=RTOL[dtype])
        assert_allclose(var1.numpy(), [3.0 - 3.0 * 0.01, 4.0 - 3.0 * 0.01], rtol=RTOL[dtype], atol=RTOL[dtype])
        assert global_step.numpy() == 1


def test_GradientDescentOptimizerTest_testSparseBasic():
    for dtype in DTYPES:
        var0 = tf.Variable([[1.0], [2.0]], dtype=dtype)
        var1 = tf.Variable([[3.0], [4.0]], dtype=dtype)
        grads0 = tf.IndexedSlices(tf.constant([0.1], shape=[1, 1], dtype=dtype), tf.constant([0]),
                                  tf.constant([2, 1]))
        grads1 = tf.IndexedSlices(tf.constant([0.01], shape=[1, 1], dtype=dtype), tf.constant([1]),
                                  tf.constant([2, 1]))
        tf.train.GradientDescentOptimizer(3.0).apply_gradients(zip([grads0, grads1], [var0, var1]))
        assert_allclose(var0.numpy(), [[1.0 - 3.0 * 0.1], [2.0]], rtol=RTOL[dtype], atol=RTOL[dtype])
        assert_allclose(var1.numpy(), [[3.0], [4.0 - 3.0 * 0.01]], rtol=RTOL[dtype], atol=RTOL[dtype])
        assert var0.numpy().dtype == np.dtype(dtype.as_numpy_dtype)
