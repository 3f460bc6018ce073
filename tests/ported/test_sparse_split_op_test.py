"""Ports of TF 1.15's tensorflow/python/kernel_tests/sparse_split_op_test.py (SparseSplitOpTest),
under eager execution, with TF 1.15's keyword-only call (sp_input=, num_split=, axis=)."""

import numpy as np

import tfcompat as tf


def _sparse_4x6():
    indices = [[0, 0], [0, 2], [0, 4], [0, 5], [1, 1], [1, 3], [1, 4], [2, 0], [2, 3], [2, 5], [3, 0], [3, 2],
               [3, 3], [3, 5]]
    values = [0, 2, 4, 5, 11, 13, 14, 20, 23, 25, 30, 32, 33, 35]
    return tf.SparseTensor(np.array(indices, np.int64), np.array(values, np.int64), np.array([4, 6], np.int64))


def _sparse_5x7():
    indices = [[0, 0], [0, 2], [0, 4], [0, 5], [1, 1], [1, 3], [1, 4], [1, 6], [2, 0], [2, 3], [2, 5], [3, 0],
               [3, 2], [3, 3], [3, 5], [4, 1], [4, 4], [4, 6]]
    values = [0, 2, 4, 5, 11, 13, 14, 16, 20, 23, 25, 30, 32, 33, 35, 41, 44, 46]
    return tf.SparseTensor(np.array(indices, np.int64), np.array(values, np.int64), np.array([5, 7], np.int64))


def _sparse_3x4x2():
    indices = [[0, 0, 0], [0, 0, 1], [0, 2, 0], [0, 2, 1], [1, 1, 0], [1, 1, 1], [1, 3, 0], [1, 3, 1], [2, 2, 0],
               [2, 2, 1]]
    values = np.array(["a0", "a1", "b0", "b1", "c0", "c1", "d0", "d1", "e0", "e1"])
    return tf.SparseTensor(np.array(indices, np.int64), values, np.array([3, 4, 2], np.int64))


def _check(sparse, indices, values, shape):
    if indices is not None:
        assert sparse.indices.numpy().tolist() == indices
    assert sparse.values.numpy().tolist() == values
    assert sparse.dense_shape.numpy().tolist() == shape


def test_SparseSplitOpTest_testSplitMatrixRows():
    parts = tf.sparse_split(sp_input=_sparse_4x6(), num_split=2, axis=0)
    assert len(parts) == 2
    _check(parts[0], [[0, 0], [0, 2], [0, 4], [0, 5], [1, 1], [1, 3], [1, 4]], [0, 2, 4, 5, 11, 13, 14], [2, 6])
    _check(parts[1], [[0, 0], [0, 3], [0, 5], [1, 0], [1, 2], [1, 3], [1, 5]], [20, 23, 25, 30, 32, 33, 35], [2, 6])


def test_SparseSplitOpTest_testSplitMatrixUnevenCols():
    parts = tf.sparse_split(sp_input=_sparse_5x7(), num_split=3, axis=1)
    assert len(parts) == 3
    _check(parts[0], [[0, 0], [0, 2], [1, 1], [2, 0], [3, 0], [3, 2], [4, 1]], [0, 2, 11, 20, 30, 32, 41], [5, 3])
    _check(parts[1], [[0, 1], [1, 0], [1, 1], [2, 0], [3, 0], [4, 1]], [4, 13, 14, 23, 33, 44], [5, 2])
    _check(parts[2], [[0, 0], [1, 1], [2, 0], [3, 0], [4, 1]], [5, 16, 25, 35, 46], [5, 2])
    parts = tf.sparse_split(sp_input=_sparse_5x7(), num_split=4, axis=1)
    assert len(parts) == 4
    _check(parts[0], [[0, 0], [1, 1], [2, 0], [3, 0], [4, 1]], [0, 11, 20, 30, 41], [5, 2])
    _check(parts[1], [[0, 0], [1, 1], [2, 1], [3, 0], [3, 1]], [2, 13, 23, 32, 33], [5, 2])
    _check(parts[2], [[0, 0], [0, 1], [1, 0], [2, 1], [3, 1], [4, 0]], [4, 5, 14, 25, 35, 44], [5, 2])
    _check(parts[3], [[1, 0], [4, 0]], [16, 46], [5, 1])


def test_SparseSplitOpTest_testSplitMatrixUnevenRows():
    parts = tf.sparse_split(sp_input=_sparse_5x7(), num_split=2, axis=0)
    assert len(parts) == 2
    _check(parts[0], [[0, 0], [0, 2], [0, 4], [0, 5], [1, 1], [1, 3], [1, 4], [1, 6], [2, 0], [2, 3], [2, 5]],
           [0, 2, 4, 5, 11, 13, 14, 16, 20, 23, 25], [3, 7])
    _check(parts[1], [[0, 0], [0, 2], [0, 3], [0, 5], [1, 1], [1, 4], [1, 6]], [30, 32, 33, 35, 41, 44, 46], [2, 7])
    parts = tf.sparse_split(sp_input=_sparse_5x7(), num_split=3, axis=0)
    assert len(parts) == 3
    _check(parts[0], [[0, 0], [0, 2], [0, 4], [0, 5], [1, 1], [1, 3], [1, 4], [1, 6]], [0, 2, 4, 5, 11, 13, 14, 16],
           [2, 7])
    _check(parts[1], None, [20, 23, 25, 30, 32, 33, 35], [2, 7])
    _check(parts[2], [[0, 1], [0, 4], [0, 6]], [41, 44, 46], [1, 7])


def test_SparseSplitOpTest_testSplitAllRows():
    parts = tf.sparse_split(sp_input=_sparse_4x6(), num_split=4, axis=0)
    assert len(parts) == 4
    _check(parts[0], [[0, 0], [0, 2], [0, 4], [0, 5]], [0, 2, 4, 5], [1, 6])
    _check(parts[1], [[0, 1], [0, 3], [0, 4]], [11, 13, 14], [1, 6])
    _check(parts[2], [[0, 0], [0, 3], [0, 5]], [20, 23, 25], [1, 6])
    _check(parts[3], [[0, 0], [0, 2], [0, 3], [0, 5]], [30, 32, 33, 35], [1, 6])


def test_SparseSplitOpTest_testSplitColumns():
    parts = tf.sparse_split(sp_input=_sparse_4x6(), num_split=3, axis=1)
    assert len(parts) == 3
    _check(parts[0], [[0, 0], [1, 1], [2, 0], [3, 0]], [0, 11, 20, 30], [4, 2])
    _check(parts[1], [[0, 0], [1, 1], [2, 1], [3, 0], [3, 1]], [2, 13, 23, 32, 33], [4, 2])
    _check(parts[2], [[0, 0], [0, 1], [1, 0], [2, 1], [3, 1]], [4, 5, 14, 25, 35], [4, 2])


def test_SparseSplitOpTest_testSplitAllColumns():
    parts = tf.sparse_split(sp_input=_sparse_4x6(), num_split=6, axis=1)
    assert len(parts) == 6
    _check(parts[0], [[0, 0], [2, 0], [3, 0]], [0, 20, 30], [4, 1])
    _check(parts[1], [[1, 0]], [11], [4, 1])
    _check(parts[2], [[0, 0], [3, 0]], [2, 32], [4, 1])
    _check(parts[3], [[1, 0], [2, 0], [3, 0]], [13, 23, 33], [4, 1])
    _check(parts[4], [[0, 0], [1, 0]], [4, 14], [4, 1])
    _check(parts[5], [[0, 0], [2, 0], [3, 0]], [5, 25, 35], [4, 1])


def test_SparseSplitOpTest_testSliceConcat():
    parts = tf.sparse_split(sp_input=_sparse_3x4x2(), num_split=2, axis=1)
    concat = tf.sparse_concat(1, parts)
    assert concat.indices.numpy().tolist() == _sparse_3x4x2().indices.numpy().tolist()

