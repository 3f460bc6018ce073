"""Ported behaviours of tensorflow/python/training/rmsprop_test.py (TF 1.15), eager mode.

Expected values come from the NumPy reference of TF's test (``_rmsprop_update_numpy`` and its
sparse twin, restated below from their formulas: ``rms`` starts at ones) and TF's literal asserts.
"""

import itertools

import numpy as np
from numpy.testing import assert_allclose

import tfcompat as tf

DTYPES = (tf.float16, tf.float32, tf.float64)
TOL = {tf.float16: 1e-3, tf.float32: 1e-6, tf.float64: 1e-6}
# (learning_rate, decay, momentum, epsilon, centered), TF's _TESTPARAMS
_TESTPARAMS = [
    (0.5, 0.9, 0.0, 1e-3, True),
    (0.5, 0.9, 0.0, 1e-3, False),
    (0.1, 0.9, 0.0, 1e-3, True),
    (0.01, 0.9, 0.0, 1e-5, True),
    (0.01, 0.9, 0.9, 1e-5, True),
]


def _rmsprop_update_numpy(var, g, mg, rms, mom, lr, decay, momentum, epsilon, centered):
    rms_t = rms * decay + (1 - decay) * g * g
    denom_t = rms_t + epsilon
    if centered:
        mg_t = mg * decay + (1 - decay) * g
        denom_t = denom_t - mg_t * mg_t
    else:
        mg_t = mg
    mom_t = momentum * mom + lr * g / np.sqrt(denom_t, dtype=denom_t.dtype)
    return var - mom_t, mg_t, rms_t, mom_t


def _sparse_rmsprop_update_numpy(var, gindexs, gvalues, mg, rms, mom, lr, decay, momentum, epsilon, centered):
    var_t, mg_t, rms_t, mom_t = np.copy(var), np.copy(mg), np.copy(rms), np.copy(mom)
    for i, gindex in enumerate(gindexs):
        gvalue = gvalues[i]
        rms_t[gindex] = rms[gindex] * decay + (1 - decay) * gvalue * gvalue
        denom_t = rms_t[gindex] + epsilon
        if centered:
            mg_t[gindex] = mg_t[gindex] * decay + (1 - decay) * gvalue
            denom_t -= mg_t[gindex] * mg_t[gindex]
        mom_t[gindex] = momentum * mom[gindex] + lr * gvalue / np.sqrt(denom_t)
        var_t[gindex] = var[gindex] - mom_t[gindex]
    return var_t, mg_t, rms_t, mom_t


def _check_slots(opt, var, centered, mg_np, rms_np, mom_np, tol):
    if centered:
        assert_allclose(opt.get_slot(var, "mg").numpy(), mg_np, rtol=tol, atol=tol)
    else:
        assert opt.get_slot(var, "mg") is None
    assert_allclose(opt.get_slot(var, "rms").numpy(), rms_np, rtol=tol, atol=tol)
    assert_allclose(opt.get_slot(var, "momentum").numpy(), mom_np, rtol=tol, atol=tol)


def test_RMSPropOptimizerTest_testDense():
    for (dtype, (learning_rate, decay, momentum, epsilon, centered)) in itertools.product(DTYPES, _TESTPARAMS):
        np_dtype = dtype.as_numpy_dtype
        var_np = [np.array([1.0, 2.0], np_dtype), np.array([3.0, 4.0], np_dtype)]
        grads_np = [np.array([0.1, 0.2], np_dtype), np.array([0.01, 0.2], np_dtype)]
        variables = [tf.Variable(v) for v in var_np]
        grads = [tf.constant(g) for g in grads_np]
        opt = tf.train.RMSPropOptimizer(learning_rate=learning_rate, decay=decay, momentum=momentum,
                                        epsilon=epsilon, centered=centered)
        mg = [np.zeros(2, np_dtype) for _ in range(2)]
        rms = [np.ones(2, np_dtype) for _ in range(2)]
        mom = [np.zeros(2, np_dtype) for _ in range(2)]
        tol = 1e-2 if dtype == tf.float16 else TOL[dtype]
        for _ in range(4):
            opt.apply_gradients(zip(grads, variables))
            for k in range(2):
                var_np[k], mg[k], rms[k], mom[k] = _rmsprop_update_numpy(
                    var_np[k], grads_np[k], mg[k], rms[k], mom[k], learning_rate, decay, momentum, epsilon,
                    centered)
                _check_slots(opt, variables[k], centered, mg[k], rms[k], mom[k], tol)
                assert_allclose(variables[k].numpy(), var_np[k], rtol=tol, atol=tol)


def _minimize_sparse(centered, epsilon, expected):
    for dtype in DTYPES:
        var0 = tf.Variable([[1.0, 2.0]], dtype=dtype)
        x = tf.constant([[4.0], [5.0]], dtype=dtype)

        def loss():
            pred = tf.matmul(tf.nn.embedding_lookup([var0], [0]), x)
            return pred * pred

        tf.train.RMSPropOptimizer(learning_rate=1.0, decay=0.0, momentum=0.0, epsilon=epsilon,
                                  centered=centered).minimize(loss)
        assert_allclose(var0.numpy(), expected, atol=0.01)


def test_RMSPropOptimizerTest_testMinimizeSparseResourceVariable():
    _minimize_sparse(centered=False, epsilon=0.0, expected=[[0.0, 1.0]])


def test_RMSPropOptimizerTest_testMinimizeSparseResourceVariableCentered():
    _minimize_sparse(centered=True, epsilon=1.0, expected=[[-111, -138]])


def test_RMSPropOptimizerTest_testSparse():
    for (dtype, (learning_rate, decay, momentum, epsilon, centered)) in itertools.product(DTYPES, _TESTPARAMS):
        np_dtype = dtype.as_numpy_dtype
        var_np = [np.array([1.0, 2.0], np_dtype), np.array([3.0, 4.0], np_dtype)]
        grads_np = [np.array([0.1], np_dtype), np.array([0.01], np_dtype)]
        indices_np = [np.array([0], np.int32), np.array([1], np.int32)]
        variables = [tf.Variable(v) for v in var_np]
        grads = [tf.IndexedSlices(tf.constant(g), tf.constant(i), tf.constant([1])) for g, i in zip(grads_np, indices_np)]
        opt = tf.train.RMSPropOptimizer(learning_rate=learning_rate, decay=decay, momentum=momentum,
                                        epsilon=epsilon, centered=centered)
        mg = [np.zeros(2, np_dtype) for _ in range(2)]
        rms = [np.ones(2, np_dtype) for _ in range(2)]
        mom = [np.zeros(2, np_dtype) for _ in range(2)]
        tol = 1e-2 if dtype == tf.float16 else TOL[dtype]
        for _ in range(4):
            opt.apply_gradients(zip(grads, variables))
            for k in range(2):
                var_np[k], mg[k], rms[k], mom[k] = _sparse_rmsprop_update_numpy(
                    var_np[k], indices_np[k], grads_np[k], mg[k], rms[k], mom[k], learning_rate, decay, momentum,
                    epsilon, centered)
                _check_slots(opt, variables[k], centered, mg[k], rms[k], mom[k], tol)
                assert_allclose(variables[k].numpy(), var_np[k], rtol=tol, atol=tol)


def _two_steps(momentum, rms_expected, mom_expected, var0_expected, var1_expected, learning_rate=2.0):
    for dtype in DTYPES:
        var0 = tf.Variable([1.0, 2.0], dtype=dtype)
        var1 = tf.Variable([3.0, 4.0], dtype=dtype)
        grads0 = tf.constant([0.1, 0.1], dtype=dtype)
        grads1 = tf.constant([0.01, 0.01], dtype=dtype)
        opt = tf.train.RMSPropOptimizer(learning_rate=learning_rate, decay=0.9, momentum=momentum, epsilon=1.0)
        tol = TOL[dtype]
        for step in range(2):
            opt.apply_gradients(zip([grads0, grads1], [var0, var1]))
            assert_allclose(opt.get_slot(var0, "rms").numpy(), rms_expected[step][0], rtol=tol, atol=tol)
            assert_allclose(opt.get_slot(var1, "rms").numpy(), rms_expected[step][1], rtol=tol, atol=tol)
            if mom_expected is not None:
                assert_allclose(opt.get_slot(var0, "momentum").numpy(), mom_expected[step][0], rtol=tol, atol=tol)
            assert_allclose(var0.numpy(), var0_expected[step], rtol=tol, atol=tol)
            assert_allclose(var1.numpy(), var1_expected[step], rtol=tol, atol=tol)


def test_RMSPropOptimizerTest_testWithoutMomentum():
    s0, s1 = np.sqrt(0.901 + 1.0), np.sqrt(0.90001 + 1.0)
    t0, t1 = np.sqrt(0.8119 + 1.0), np.sqrt(0.810019 + 1.0)
    _two_steps(
        0.0,
        [([0.901, 0.901], [0.90001, 0.90001]), ([0.901 * 0.9 + 0.001] * 2, [0.90001 * 0.9 + 1e-5] * 2)],
        None,
        [[1.0 - 0.1 * 2.0 / s0, 2.0 - 0.1 * 2.0 / s0],
         [1.0 - 0.1 * 2.0 / s0 - 0.1 * 2.0 / t0, 2.0 - 0.1 * 2.0 / s0 - 0.1 * 2.0 / t0]],
        [[3.0 - 0.01 * 2.0 / s1, 4.0 - 0.01 * 2.0 / s1],
         [3.0 - 0.01 * 2.0 / s1 - 0.01 * 2.0 / t1, 4.0 - 0.01 * 2.0 / s1 - 0.01 * 2.0 / t1]])


def test_RMSPropOptimizerTest_testWithMomentum():
    s0, s1 = np.sqrt(0.901 + 1.0), np.sqrt(0.90001 + 1.0)
    t0, t1 = np.sqrt(0.8119 + 1.0), np.sqrt(0.810019 + 1.0)
    m0 = 0.1 * 2.0 / s0
    _two_steps(
        0.5,
        [([0.901, 0.901], [0.90001, 0.90001]), ([0.901 * 0.9 + 0.001] * 2, [0.90001 * 0.9 + 1e-5] * 2)],
        [([m0, m0],), ([0.5 * m0 + 0.1 * 2.0 / t0] * 2,)],
        [[1.0 - m0, 2.0 - m0],
         [1.0 - m0 - (0.5 * m0 + 0.1 * 2.0 / t0), 2.0 - m0 - (0.5 * m0 + 0.1 * 2.0 / t0)]],
        [[3.0 - 0.01 * 2.0 / s1, 4.0 - 0.01 * 2.0 / s1],
         [3.0 - 0.01 * 2.0 / s1 - (0.5 * (0.01 * 2.0 / s1) + 0.01 * 2.0 / t1),
          4.0 - 0.01 * 2.0 / s1 - (0.5 * (0.01 * 2.0 / s1) + 0.01 * 2.0 / t1)]])


def test_RMSPropOptimizerTest_testCallableParams():
    var0 = tf.Variable([1.0, 2.0])
    var1 = tf.Variable([3.0, 4.0])
    grads0, grads1 = tf.constant([0.1, 0.1]), tf.constant([0.01, 0.01])
    opt = tf.train.RMSPropOptimizer(learning_rate=lambda: 2.0, decay=lambda: 0.9, momentum=lambda: 0.0,
                                    epsilon=lambda: 1.0)
    opt.apply_gradients(zip([grads0, grads1], [var0, var1]))
    s0, s1 = np.sqrt(0.901 + 1.0), np.sqrt(0.90001 + 1.0)
    assert_allclose(var0.numpy(), [1.0 - 0.1 * 2.0 / s0, 2.0 - 0.1 * 2.0 / s0], rtol=1e-6)
    assert_allclose(var1.numpy(), [3.0 - 0.01 * 2.0 / s1, 4.0 - 0.01 * 2.0 / s1], rtol=1e-6)
