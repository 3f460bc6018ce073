"""Ported behaviours of tensorflow/python/training/adagrad_test.py (TF 1.15), eager mode.

Left out: testDynamicShapeVariable_Ok and testDynamicShapeVariableWithCallableInit (placeholders
and variables of unknown shape, graph mode), the graph halves (sessions, RefVariables).
"""

import numpy as np
import pytest
from numpy.testing import assert_allclose

import tfcompat as tf

DTYPES = (tf.float16, tf.float32, tf.float64)
RTOL = {tf.float16: 1e-3, tf.float32: 1e-6, tf.float64: 1e-6}


def _basic(dtype, learning_rate=3.0):
    var0 = tf.Variable([1.0, 2.0], dtype=dtype)
    var1 = tf.Variable([3.0, 4.0], dtype=dtype)
    grads0 = tf.constant([0.1, 0.1], dtype=dtype)
    grads1 = tf.constant([0.01, 0.01], dtype=dtype)
    opt = tf.train.AdagradOptimizer(learning_rate, initial_accumulator_value=0.1)
    for _ in range(3):
        opt.apply_gradients(zip([grads0, grads1], [var0, var1]))
    assert_allclose(var0.numpy(), np.array([-1.6026098728179932, -0.6026098728179932]), rtol=RTOL[dtype], atol=RTOL[dtype])
    assert_allclose(var1.numpy(), np.array([2.715679168701172, 3.715679168701172]), rtol=RTOL[dtype], atol=RTOL[dtype])


def test_AdagradOptimizerTest_testBasic():
    for dtype in DTYPES:
        _basic(dtype)


def test_AdagradOptimizerTest_testBasicResource():
    for dtype in DTYPES:
        _basic(dtype)


def test_AdagradOptimizerTest_testBasicCallableParams():
    for dtype in DTYPES:
        _basic(dtype, learning_rate=lambda: 3.0)


def test_AdagradOptimizerTest_testTensorLearningRate():
    for dtype in DTYPES:
        _basic(dtype, learning_rate=tf.constant(3.0))


def test_AdagradOptimizerTest_testMinimizeSparseResourceVariable():
    for dtype in DTYPES:
        var0 = tf.Variable([[1.0, 2.0], [3.0, 4.0]], dtype=dtype)
        x = tf.constant([[4.0], [5.0]], dtype=dtype)

        def loss():
            pred = tf.matmul(tf.nn.embedding_lookup([var0], [0]), x)
            return pred * pred

        tf.train.AdagradOptimizer(1.0).minimize(loss)
        assert_allclose(var0.numpy(), [[0, 1], [3, 4]], atol=0.01)


def test_AdagradOptimizerTest_testSparseBasic():
    for dtype in DTYPES:
        var0 = tf.Variable([[1.0], [2.0]], dtype=dtype)
        var1 = tf.Variable([[3.0], [4.0]], dtype=dtype)
        grads0 = tf.IndexedSlices(tf.constant([0.1], shape=[1, 1], dtype=dtype), tf.constant([0]),
                                  tf.constant([2, 1]))
        grads1 = tf.IndexedSlices(tf.constant([0.01], shape=[1, 1], dtype=dtype), tf.constant([1]),
                                  tf.constant([2, 1]))
        opt = tf.train.AdagradOptimizer(3.0, initial_accumulator_value=0.1)
        for _ in range(3):
            opt.apply_gradients(zip([grads0, grads1], [var0, var1]))
        assert_allclose(var0.numpy(), np.array([[-1.6026098728179932], [2.0]]), rtol=RTOL[dtype], atol=RTOL[dtype])
        assert_allclose(var1.numpy(), np.array([[3.0], [3.715679168701172]]), rtol=RTOL[dtype], atol=RTOL[dtype])


def _repeated_indices(dtype):
    repeated_index_update_var = tf.Variable([[1.0], [2.0]], dtype=dtype)
    aggregated_update_var = tf.Variable([[1.0], [2.0]], dtype=dtype)
    grad_repeated_index = tf.IndexedSlices(tf.constant([0.1, 0.1], shape=[2, 1], dtype=dtype),
                                           tf.constant([1, 1]), tf.constant([2, 1]))
    grad_aggregated = tf.IndexedSlices(tf.constant([0.2], shape=[1, 1], dtype=dtype), tf.constant([1]),
                                       tf.constant([2, 1]))
    repeated, aggregated = tf.train.AdagradOptimizer(3.0), tf.train.AdagradOptimizer(3.0)
    assert_allclose(aggregated_update_var.numpy(), repeated_index_update_var.numpy())
    for _ in range(3):
        repeated.apply_gradients([(grad_repeated_index, repeated_index_update_var)])
        aggregated.apply_gradients([(grad_aggregated, aggregated_update_var)])
        assert_allclose(aggregated_update_var.numpy(), repeated_index_update_var.numpy())


def test_AdagradOptimizerTest_testSparseRepeatedIndices():
    for dtype in DTYPES:
        _repeated_indices(dtype)


def test_AdagradOptimizerTest_testSparseRepeatedIndicesResourceVariable():
    for dtype in DTYPES:
        var_repeated = tf.Variable([1.0, 2.0], dtype=dtype)
        var_aggregated = tf.Variable([1.0, 2.0], dtype=dtype)
        repeated = tf.train.AdagradOptimizer(2.0)
        aggregated = tf.train.AdagradOptimizer(2.0)
        for _ in range(10):
            repeated.minimize(lambda: tf.reduce_sum(tf.nn.embedding_lookup(var_repeated, [0, 0])))
            aggregated.minimize(lambda: 2 * tf.reduce_sum(tf.nn.embedding_lookup(var_aggregated, [0])))
            assert_allclose(var_repeated.numpy(), var_aggregated.numpy(), rtol=RTOL[dtype], atol=RTOL[dtype])


def test_AdagradOptimizerTest_testSparseStability():
    # TF's assert on the accumulator: tiny half-precision gradients leave it at its initial value
    shape = [1, 6]
    var0 = tf.Variable([[0.00872496, -0.106952, 0.110467, 0.226505, -0.0147257, -0.0105945]], dtype=tf.float16)
    grads0 = tf.IndexedSlices(
        tf.constant([[-5.91278e-05, 5.31673e-05, -2.5779e-06, 4.29153e-05, -8.4877e-05, -9.48906e-05]],
                    shape=shape, dtype=tf.float16),
        tf.constant([0]), tf.constant(shape))
    opt = tf.train.AdagradOptimizer(1.0, initial_accumulator_value=0.1)
    for _ in range(100):
        opt.apply_gradients([(grads0, var0)])
        assert_allclose(opt.get_slot(var0, "accumulator").numpy(), [[0.1] * 6], rtol=1e-3, atol=1e-3)
    assert np.isfinite(var0.numpy()).all()


def test_AdagradOptimizerTest_testSharing():
    for dtype in DTYPES:
        var0 = tf.Variable([1.0, 2.0], dtype=dtype)
        var1 = tf.Variable([3.0, 4.0], dtype=dtype)
        grads0 = tf.constant([0.1, 0.1], dtype=dtype)
        grads1 = tf.constant([0.01, 0.01], dtype=dtype)
        opt = tf.train.AdagradOptimizer(3.0)
        opt.apply_gradients(zip([grads0, grads1], [var0, var1]))
        slot0 = opt.get_slot(var0, "accumulator")
        assert slot0.get_shape() == var0.get_shape()
        for _ in range(2):  # TF alternates two update ops of the one optimizer: both share the slots
            opt.apply_gradients(zip([grads0, grads1], [var0, var1]))
        assert_allclose(var0.numpy(), np.array([-1.6026098728179932, -0.6026098728179932]), rtol=RTOL[dtype], atol=RTOL[dtype])
        assert_allclose(var1.numpy(), np.array([2.715679168701172, 3.715679168701172]), rtol=RTOL[dtype], atol=RTOL[dtype])


def test_AdagradOptimizerTest_testConstructAdagradWithLR():
    opt = tf.train.AdagradOptimizer(learning_rate=1.0)
    assert opt.get_name() == "Adagrad"
    with pytest.raises(ValueError, match="initial_accumulator_value must be positive: -0.1"):
        tf.train.AdagradOptimizer(1.0, initial_accumulator_value=-0.1)
