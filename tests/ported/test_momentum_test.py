"""Ported behaviours of tensorflow/python/training/momentum_test.py (TF 1.15), eager mode.

Expected values: the literal ones of TF's asserts, and for Nesterov its NumPy reference
(``accum = accum * momentum + g; var -= lr * accum * momentum + lr * g``), restated below.
Left out: testVariablesAcrossGraphs and the graph halves (sessions, RefVariables).
"""

import numpy as np
from numpy.testing import assert_allclose

import tfcompat as tf

DTYPES = (tf.float16, tf.float32, tf.float64)
RTOL = {tf.float16: 1e-3, tf.float32: 1e-6, tf.float64: 1e-6}


def _update_nesterov_momentum_numpy(var, accum, g, lr, momentum):
    accum = accum * momentum + g
    return var - lr * accum * momentum - lr * g, accum


def _basic(dtype, learning_rate=2.0, momentum=0.9):
    tf.reset_default_graph()
    var0 = tf.Variable([1.0, 2.0], dtype=dtype, name="var0")
    var1 = tf.Variable([3.0, 4.0], dtype=dtype, name="var1")
    grads0 = tf.constant([0.1, 0.1], dtype=dtype)
    grads1 = tf.constant([0.01, 0.01], dtype=dtype)
    opt = tf.train.MomentumOptimizer(learning_rate=learning_rate, momentum=momentum)
    opt.apply_gradients(zip([grads0, grads1], [var0, var1]))
    slot0, slot1 = opt.get_slot(var0, "momentum"), opt.get_slot(var1, "momentum")
    assert slot0.get_shape() == var0.get_shape() and slot1.get_shape() == var1.get_shape()
    assert opt.get_slot_names() == ["momentum"]
    assert slot0.name == "var0/Momentum:0" and slot1.name == "var1/Momentum:0"
    rtol = RTOL[dtype]
    assert_allclose(slot0.numpy(), [0.1, 0.1], rtol=rtol, atol=rtol)
    assert_allclose(slot1.numpy(), [0.01, 0.01], rtol=rtol, atol=rtol)
    assert_allclose(var0.numpy(), [1.0 - 0.1 * 2.0, 2.0 - 0.1 * 2.0], rtol=rtol, atol=rtol)
    assert_allclose(var1.numpy(), [3.0 - 0.01 * 2.0, 4.0 - 0.01 * 2.0], rtol=rtol, atol=rtol)
    opt.apply_gradients(zip([grads0, grads1], [var0, var1]))
    assert_allclose(slot0.numpy(), [0.9 * 0.1 + 0.1, 0.9 * 0.1 + 0.1], rtol=rtol, atol=rtol)
    assert_allclose(slot1.numpy(), [0.9 * 0.01 + 0.01, 0.9 * 0.01 + 0.01], rtol=rtol, atol=rtol)
    assert_allclose(var0.numpy(), [1.0 - 0.1 * 2.0 - (0.9 * 0.1 + 0.1) * 2.0,
                                   2.0 - 0.1 * 2.0 - (0.9 * 0.1 + 0.1) * 2.0], rtol=rtol, atol=rtol)
    assert_allclose(var1.numpy(), [2.98 - (0.9 * 0.01 + 0.01) * 2.0, 3.98 - (0.9 * 0.01 + 0.01) * 2.0], rtol=rtol, atol=rtol)


def test_MomentumOptimizerTest_testBasic():
    for dtype in DTYPES:
        _basic(dtype)


def test_MomentumOptimizerTest_testResourceBasic():
    for dtype in DTYPES:
        _basic(dtype)


def test_MomentumOptimizerTest_testBasicCallableParams():
    for dtype in DTYPES:
        _basic(dtype, learning_rate=lambda: 2.0, momentum=lambda: 0.9)


def test_MomentumOptimizerTest_testTensorLearningRateAndMomentum():
    for dtype in DTYPES:
        _basic(dtype, learning_rate=tf.constant(2.0), momentum=tf.constant(0.9))


def _nesterov(sparse):
    for dtype in (tf.float32, tf.float64):
        var0_np = np.array([1.0, 2.0], dtype.as_numpy_dtype)
        var1_np = np.array([3.0, 4.0], dtype.as_numpy_dtype)
        accum0_np = np.zeros(2, dtype.as_numpy_dtype)
        accum1_np = np.zeros(2, dtype.as_numpy_dtype)
        var0, var1 = tf.Variable(var0_np), tf.Variable(var1_np)
        opt = tf.train.MomentumOptimizer(learning_rate=2.0, momentum=0.9, use_nesterov=True)
        grads = [np.array([0.1, 0.1], dtype.as_numpy_dtype), np.array([0.01, 0.01], dtype.as_numpy_dtype)]
        for _ in range(1, 5):
            if sparse:
                given = [tf.IndexedSlices(tf.constant(g), tf.constant([0, 1]), tf.constant([2])) for g in grads]
                opt.apply_gradients(zip(given, [var0, var1]))
            else:
                opt.minimize(lambda: 5 * var0 * var0 + 3 * var1)
                grads = [10 * var0_np, np.array([3.0, 3.0], dtype.as_numpy_dtype)]
            var0_np, accum0_np = _update_nesterov_momentum_numpy(var0_np, accum0_np, grads[0], 2.0, 0.9)
            var1_np, accum1_np = _update_nesterov_momentum_numpy(var1_np, accum1_np, grads[1], 2.0, 0.9)
            assert_allclose(var0.numpy(), var0_np, rtol=1e-5)
            assert_allclose(var1.numpy(), var1_np, rtol=1e-5)


def test_MomentumOptimizerTest_testNesterovMomentum():
    _nesterov(sparse=False)


def test_MomentumOptimizerTest_testSparseNesterovMomentum():
    _nesterov(sparse=True)


def test_MomentumOptimizerTest_testMinimizeSparseResourceVariable():
    for dtype in DTYPES:
        var0 = tf.Variable([[1.0, 2.0]], dtype=dtype)
        x = tf.constant([[4.0], [5.0]], dtype=dtype)

        def loss():
            pred = tf.matmul(tf.nn.embedding_lookup([var0], [0]), x)
            return pred * pred

        tf.train.MomentumOptimizer(learning_rate=1.0, momentum=0.0).minimize(loss)
        assert_allclose(var0.numpy(), [[-111, -138]], rtol=RTOL[dtype], atol=RTOL[dtype])


def test_MomentumOptimizerTest_testMinimizeWith2DIndicesForEmbeddingLookup():
    var0 = tf.Variable(tf.ones([2, 2]))
    tf.train.MomentumOptimizer(learning_rate=1.0, momentum=0.0).minimize(
        lambda: tf.reduce_sum(tf.nn.embedding_lookup(var0, [[1]])))
    assert_allclose(var0.numpy(), [[1, 1], [0, 0]])


def test_MomentumOptimizerTest_testSparse():
    for dtype in DTYPES:
        var0 = tf.Variable(tf.zeros([4, 2], dtype=dtype))
        var1 = tf.Variable(tf.constant(1.0, dtype, [4, 2]))
        grads0 = tf.IndexedSlices(tf.constant([[0.1, 0.1]], dtype=dtype), tf.constant([1]), tf.constant([4, 2]))
        grads1 = tf.IndexedSlices(tf.constant([[0.01, 0.01], [0.01, 0.01]], dtype=dtype), tf.constant([2, 3]),
                                  tf.constant([4, 2]))
        opt = tf.train.MomentumOptimizer(learning_rate=2.0, momentum=0.9)
        opt.apply_gradients(zip([grads0, grads1], [var0, var1]))
        slot0, slot1 = opt.get_slot(var0, "momentum"), opt.get_slot(var1, "momentum")
        rtol = RTOL[dtype]
        assert_allclose(slot0.numpy()[0], [0, 0])
        assert_allclose(slot0.numpy()[1], [0.1, 0.1], rtol=rtol, atol=rtol)
        assert_allclose(slot1.numpy()[2], [0.01, 0.01], rtol=rtol, atol=rtol)
        assert_allclose(var0.numpy()[0], [0, 0])
        assert_allclose(var0.numpy()[1], [-(0.1 * 2.0), -(0.1 * 2.0)], rtol=rtol, atol=rtol)
        assert_allclose(var1.numpy()[2], [1.0 - (0.01 * 2.0), 1.0 - (0.01 * 2.0)], rtol=rtol, atol=rtol)
        opt.apply_gradients(zip([grads0, grads1], [var0, var1]))
        assert_allclose(slot0.numpy()[1], [0.19, 0.19], rtol=rtol, atol=rtol)
        assert_allclose(slot1.numpy()[2], [0.019, 0.019], rtol=rtol, atol=rtol)
        assert_allclose(var0.numpy()[1], [-0.2 - 2.0 * 0.19] * 2, rtol=rtol, atol=rtol)
        assert_allclose(var1.numpy()[2], [0.98 - 2.0 * 0.019] * 2, rtol=rtol, atol=rtol)


def test_MomentumOptimizerTest_testSharing():
    for dtype in DTYPES:
        var0 = tf.Variable([1.0, 2.0], dtype=dtype)
        grads0 = tf.constant([0.1, 0.1], dtype=dtype)
        opt = tf.train.MomentumOptimizer(learning_rate=2.0, momentum=0.9)
        opt.apply_gradients([(grads0, var0)])
        opt.apply_gradients([(grads0, var0)])  # TF's second update op of the same optimizer shares the slot
        assert_allclose(opt.get_slot(var0, "momentum").numpy(), [0.19, 0.19], rtol=RTOL[dtype], atol=RTOL[dtype])
        assert_allclose(var0.numpy(), [1.0 - 0.2 - 0.38, 2.0 - 0.2 - 0.38], rtol=RTOL[dtype], atol=RTOL[dtype])
