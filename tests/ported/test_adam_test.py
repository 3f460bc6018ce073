"""Ported behaviours of tensorflow/python/training/adam_test.py (TF 1.15), eager mode.

The expected values come from the NumPy reference of TF's test (``adam_update_numpy``, restated
below from its formulas).  Graph-only tests run their steps eagerly; RefVariable halves are
resource variables here.  Left out: testTwoSessions (graph sessions).
"""

import numpy as np
from numpy.testing import assert_allclose

import tfcompat as tf

DTYPES = (tf.float16, tf.float32, tf.float64)
RTOL = {tf.float16: 1e-3, tf.float32: 1e-6, tf.float64: 1e-6}


def adam_update_numpy(param, g_t, t, m, v, alpha=0.001, beta1=0.9, beta2=0.999, epsilon=1e-8):
    alpha_t = alpha * np.sqrt(1 - beta2 ** t) / (1 - beta1 ** t)
    m_t = beta1 * m + (1 - beta1) * g_t
    v_t = beta2 * v + (1 - beta2) * g_t * g_t
    return param - alpha_t * m_t / (np.sqrt(v_t) + epsilon), m_t, v_t


def _start(dtype, name=""):
    np_dtype = dtype.as_numpy_dtype
    arrays = [np.array(a, np_dtype) for a in ([1.0, 2.0], [0.1, 0.1], [3.0, 4.0], [0.01, 0.01])]
    var0 = tf.Variable(arrays[0], name=f"var0_{name}" if name else None)
    var1 = tf.Variable(arrays[2], name=f"var1_{name}" if name else None)
    return arrays, var0, var1


def _check_steps(dtype, opt, grads, var0, var1, arrays, sparse=False):
    var0_np, grads0_np, var1_np, grads1_np = arrays
    m0 = v0 = m1 = v1 = 0.0
    for t in range(1, 4):
        opt.apply_gradients(zip(grads, [var0, var1]))
        beta1_power, beta2_power = opt._get_beta_accumulators()
        assert_allclose(beta1_power.numpy(), 0.9 ** (t + 1), rtol=1e-6)
        assert_allclose(beta2_power.numpy(), 0.999 ** (t + 1), rtol=1e-6)
        var0_np, m0, v0 = adam_update_numpy(var0_np, grads0_np, t, m0, v0)
        var1_np, m1, v1 = adam_update_numpy(var1_np, grads1_np, t, m1, v1)
        assert_allclose(var0.numpy(), var0_np, rtol=RTOL[dtype], atol=RTOL[dtype])
        assert_allclose(var1.numpy(), var1_np, rtol=RTOL[dtype], atol=RTOL[dtype])


def _sparse_grads(arrays):
    return [tf.IndexedSlices(tf.constant(arrays[i]), tf.constant(np.array([0, 1], np.int32)), tf.constant([2]))
            for i in (1, 3)]


def test_AdamOptimizerTest_testSparse():
    for dtype in DTYPES:
        arrays, var0, var1 = _start(dtype)
        _check_steps(dtype, tf.train.AdamOptimizer(), _sparse_grads(arrays), var0, var1, arrays)


def test_AdamOptimizerTest_testResourceSparse():
    test_AdamOptimizerTest_testSparse()


def test_AdamOptimizerTest_testSparseDevicePlacement():
    for index_dtype in (tf.int32, tf.int64):
        var = tf.Variable([[1.0], [2.0]])
        indices = tf.constant([0, 1], dtype=index_dtype)
        tf.train.AdamOptimizer(3.0).minimize(lambda: tf.reduce_sum(tf.gather(var, indices)))
        assert var.numpy().shape == (2, 1)


def test_AdamOptimizerTest_testSparseRepeatedIndices():
    for dtype in DTYPES:
        repeated_index_update_var = tf.Variable([[1.0], [2.0]], dtype=dtype)
        aggregated_update_var = tf.Variable([[1.0], [2.0]], dtype=dtype)
        grad_repeated_index = tf.IndexedSlices(tf.constant([0.1, 0.1], shape=[2, 1], dtype=dtype),
                                               tf.constant([1, 1]), tf.constant([2, 1]))
        grad_aggregated = tf.IndexedSlices(tf.constant([0.2], shape=[1, 1], dtype=dtype), tf.constant([1]),
                                           tf.constant([2, 1]))
        repeated, aggregated = tf.train.AdamOptimizer(), tf.train.AdamOptimizer()
        for _ in range(3):
            repeated.apply_gradients([(grad_repeated_index, repeated_index_update_var)])
            aggregated.apply_gradients([(grad_aggregated, aggregated_update_var)])
            assert_allclose(aggregated_update_var.numpy(), repeated_index_update_var.numpy())


def _basic(callable_params):
    for i, dtype in enumerate(DTYPES):
        tf.reset_default_graph()  # TF's test runs each dtype in a new graph, so slot names start afresh
        arrays, var0, var1 = _start(dtype, name=str(i))
        learning_rate = (lambda: 0.001) if callable_params else 0.001
        opt = tf.train.AdamOptimizer(learning_rate=learning_rate)
        grads = [tf.constant(arrays[1]), tf.constant(arrays[3])]
        _check_steps(dtype, opt, grads, var0, var1, arrays)
        beta1_power, beta2_power = opt._get_beta_accumulators()
        assert beta1_power in opt.variables() and beta2_power in opt.variables()
        assert opt.get_slot(var=var0, name="m").name == f"var0_{i}/Adam:0"


def test_AdamOptimizerTest_testResourceBasic():
    _basic(callable_params=False)


def test_AdamOptimizerTest_testBasic():
    _basic(callable_params=False)


def test_AdamOptimizerTest_testBasicCallableParams():
    _basic(callable_params=True)


def test_AdamOptimizerTest_testTensorLearningRate():
    for dtype in DTYPES:
        arrays, var0, var1 = _start(dtype)
        opt = tf.train.AdamOptimizer(tf.constant(0.001))
        _check_steps(dtype, opt, [tf.constant(arrays[1]), tf.constant(arrays[3])], var0, var1, arrays)


def test_AdamOptimizerTest_testSharing():
    # TF interleaves two update ops of one optimizer; eagerly, both are apply_gradients calls on it
    for dtype in DTYPES:
        arrays, var0, var1 = _start(dtype)
        opt = tf.train.AdamOptimizer()
        _check_steps(dtype, opt, [tf.constant(arrays[1]), tf.constant(arrays[3])], var0, var1, arrays)


def test_AdamOptimizerTest_testSlotsUniqueEager():
    v1, v2 = tf.Variable(1.0), tf.Variable(1.0)
    opt = tf.train.AdamOptimizer(1.0)
    opt.minimize(lambda: v1 + v2)
    assert len({id(v) for v in opt.variables()}) == 6
