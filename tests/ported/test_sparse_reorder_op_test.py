"""Ports of TF 1.15's tensorflow/python/kernel_tests/sparse_reorder_op_test.py (SparseReorderTest),
under eager execution (the testFeed* methods feed placeholders: under eager execution they are the
same calls as testAlreadyInOrder and testOutOfOrder)."""

import numpy as np

import tfcompat as tf


def _sparse_value_5x6(permutation):
    indices = np.array([[0, 0], [1, 0], [1, 3], [1, 4], [3, 2], [3, 3]], np.int64)[permutation]
    values = np.array([0, 10, 13, 14, 32, 33], np.float64)[permutation]
    return tf.SparseTensorValue(indices, values, np.array([5, 6], np.int64))


def _assert_equal(output, expected):
    assert output.indices.numpy().tolist() == np.asarray(expected.indices).tolist()
    assert output.values.numpy().tolist() == np.asarray(expected.values).tolist()
    assert output.dense_shape.numpy().tolist() == np.asarray(expected.dense_shape).tolist()


def test_SparseReorderTest_testStaticShapeInfoPreserved():
    sp_input = tf.SparseTensor.from_value(_sparse_value_5x6(np.arange(6)))
    assert sp_input.get_shape().as_list() == [5, 6]
    assert tf.sparse_reorder(sp_input).get_shape().as_list() == [5, 6]


def test_SparseReorderTest_testAlreadyInOrder():
    input_val = _sparse_value_5x6(np.arange(6))
    _assert_equal(tf.sparse_reorder(input_val), input_val)


def test_SparseReorderTest_testOutOfOrder():
    expected = _sparse_value_5x6(np.arange(6))
    rng = np.random.default_rng(0)
    for _ in range(5):  # various random permutations
        _assert_equal(tf.sparse_reorder(_sparse_value_5x6(rng.permutation(6))), expected)


def test_SparseReorderTest_testGradients():
    rng = np.random.default_rng(1)
    for _ in range(5):
        input_val = _sparse_value_5x6(rng.permutation(6))
        values = tf.constant(input_val.values)
        with tf.GradientTape(persistent=True) as tape:
            tape.watch(values)
            output = tf.sparse_reorder(tf.SparseTensor(input_val.indices, values, input_val.dense_shape)).values
            rows = [output[i] for i in range(6)]
        jacobian = np.stack([tape.gradient(row, values).numpy() for row in rows])
        # reorder permutes the values: its Jacobian is the permutation matrix (TF: error < 1e-11)
        expected = np.zeros((6, 6))
        order = np.lexsort((input_val.indices[:, 1], input_val.indices[:, 0]))
        expected[np.arange(6), order] = 1
        np.testing.assert_array_equal(jacobian, expected)
