"""Ports of TF 1.15's tensorflow/python/kernel_tests/sparse_slice_op_test.py (SparseSliceOpTest),
under eager execution."""

import numpy as np

import tfcompat as tf


def _sparse_4x6(dtype=np.int64):
    indices = [[0, 0], [0, 2], [0, 4], [0, 5], [1, 1], [1, 3], [1, 4], [2, 0], [2, 3], [2, 5], [3, 0], [3, 2],
               [3, 3], [3, 5]]
    values = np.array([0, 2, 4, 5, 11, 13, 14, 20, 23, 25, 30, 32, 33, 35]).astype(dtype)
    return tf.SparseTensor(np.array(indices, np.int64), values, np.array([4, 6], np.int64))


def _sparse_5x7():
    indices = [[0, 0], [0, 2], [0, 4], [0, 5], [1, 1], [1, 3], [1, 4], [1, 6], [2, 0], [2, 3], [2, 5], [3, 0],
               [3, 2], [3, 3], [3, 5], [4, 1], [4, 4], [4, 6]]
    values = [0, 2, 4, 5, 11, 13, 14, 16, 20, 23, 25, 30, 32, 33, 35, 41, 44, 46]
    return tf.SparseTensor(np.array(indices, np.int64), np.array(values, np.int64), np.array([5, 7], np.int64))


def _check(sparse, indices, values, shape):
    if indices is not None:
        assert sparse.indices.numpy().tolist() == indices
    assert sparse.values.numpy().tolist() == values
    assert sparse.dense_shape.numpy().tolist() == shape


def test_SparseSliceOpTest_testSliceMatrixRows():
    sp_input = _sparse_4x6()
    _check(tf.sparse_slice(sp_input, [0, 0], [2, 6]), [[0, 0], [0, 2], [0, 4], [0, 5], [1, 1], [1, 3], [1, 4]],
           [0, 2, 4, 5, 11, 13, 14], [2, 6])
    _check(tf.sparse_slice(sp_input, [2, 0], [3, 7]), [[0, 0], [0, 3], [0, 5], [1, 0], [1, 2], [1, 3], [1, 5]],
           [20, 23, 25, 30, 32, 33, 35], [2, 6])


def test_SparseSliceOpTest_testSliceMatrixUnevenCols():
    sp_input = _sparse_5x7()
    _check(tf.sparse_slice(sp_input, [0, 0], [5, 3]), [[0, 0], [0, 2], [1, 1], [2, 0], [3, 0], [3, 2], [4, 1]],
           [0, 2, 11, 20, 30, 32, 41], [5, 3])
    _check(tf.sparse_slice(sp_input, [0, 3], [5, 2]), [[0, 1], [1, 0], [1, 1], [2, 0], [3, 0], [4, 1]],
           [4, 13, 14, 23, 33, 44], [5, 2])
    _check(tf.sparse_slice(sp_input, [0, 5], [5, 2]), [[0, 0], [1, 1], [2, 0], [3, 0], [4, 1]],
           [5, 16, 25, 35, 46], [5, 2])
    _check(tf.sparse_slice(sp_input, [0, 0], [5, 2]), [[0, 0], [1, 1], [2, 0], [3, 0], [4, 1]],
           [0, 11, 20, 30, 41], [5, 2])
    _check(tf.sparse_slice(sp_input, [0, 2], [5, 2]), [[0, 0], [1, 1], [2, 1], [3, 0], [3, 1]],
           [2, 13, 23, 32, 33], [5, 2])
    _check(tf.sparse_slice(sp_input, [0, 4], [5, 2]), [[0, 0], [0, 1], [1, 0], [2, 1], [3, 1], [4, 0]],
           [4, 5, 14, 25, 35, 44], [5, 2])
    _check(tf.sparse_slice(sp_input, [0, 6], [5, 2]), [[1, 0], [4, 0]], [16, 46], [5, 1])


def test_SparseSliceOpTest_testSliceMatrixUnevenRows():
    sp_input = _sparse_5x7()
    _check(tf.sparse_slice(sp_input, [0, 0], [3, 7]),
           [[0, 0], [0, 2], [0, 4], [0, 5], [1, 1], [1, 3], [1, 4], [1, 6], [2, 0], [2, 3], [2, 5]],
           [0, 2, 4, 5, 11, 13, 14, 16, 20, 23, 25], [3, 7])
    _check(tf.sparse_slice(sp_input, [3, 0], [3, 7]), [[0, 0], [0, 2], [0, 3], [0, 5], [1, 1], [1, 4], [1, 6]],
           [30, 32, 33, 35, 41, 44, 46], [2, 7])
    _check(tf.sparse_slice(sp_input, [0, 0], [2, 7]),
           [[0, 0], [0, 2], [0, 4], [0, 5], [1, 1], [1, 3], [1, 4], [1, 6]], [0, 2, 4, 5, 11, 13, 14, 16], [2, 7])
    _check(tf.sparse_slice(sp_input, [2, 0], [2, 7]), None, [20, 23, 25, 30, 32, 33, 35], [2, 7])
    _check(tf.sparse_slice(sp_input, [4, 0], [2, 7]), [[0, 1], [0, 4], [0, 6]], [41, 44, 46], [1, 7])


def test_SparseSliceOpTest_testSliceAllRows():
    sp_input = _sparse_4x6()
    _check(tf.sparse_slice(sp_input, [0, 0], [1, 6]), [[0, 0], [0, 2], [0, 4], [0, 5]], [0, 2, 4, 5], [1, 6])
    _check(tf.sparse_slice(sp_input, [1, 0], [1, 6]), [[0, 1], [0, 3], [0, 4]], [11, 13, 14], [1, 6])
    _check(tf.sparse_slice(sp_input, [2, 0], [1, 7]), [[0, 0], [0, 3], [0, 5]], [20, 23, 25], [1, 6])
    _check(tf.sparse_slice(sp_input, [3, 0], [2, 7]), [[0, 0], [0, 2], [0, 3], [0, 5]], [30, 32, 33, 35], [1, 6])


def test_SparseSliceOpTest_testSliceColumns():
    sp_input = _sparse_4x6()
    _check(tf.sparse_slice(sp_input, [0, 0], [4, 2]), [[0, 0], [1, 1], [2, 0], [3, 0]], [0, 11, 20, 30], [4, 2])
    _check(tf.sparse_slice(sp_input, [0, 2], [5, 2]), [[0, 0], [1, 1], [2, 1], [3, 0], [3, 1]], [2, 13, 23, 32, 33],
           [4, 2])
    _check(tf.sparse_slice(sp_input, [0, 4], [5, 3]), [[0, 0], [0, 1], [1, 0], [2, 1], [3, 1]], [4, 5, 14, 25, 35],
           [4, 2])


def test_SparseSliceOpTest_testSliceAllColumns():
    sp_input = _sparse_4x6()
    _check(tf.sparse_slice(sp_input, [0, 0], [4, 1]), [[0, 0], [2, 0], [3, 0]], [0, 20, 30], [4, 1])
    _check(tf.sparse_slice(sp_input, [0, 1], [4, 1]), [[1, 0]], [11], [4, 1])
    _check(tf.sparse_slice(sp_input, [0, 2], [4, 1]), [[0, 0], [3, 0]], [2, 32], [4, 1])
    _check(tf.sparse_slice(sp_input, [0, 3], [4, 1]), [[1, 0], [2, 0], [3, 0]], [13, 23, 33], [4, 1])
    _check(tf.sparse_slice(sp_input, [0, 4], [5, 1]), [[0, 0], [1, 0]], [4, 14], [4, 1])
    _check(tf.sparse_slice(sp_input, [0, 5], [6, 3]), [[0, 0], [2, 0], [3, 0]], [5, 25, 35], [4, 1])


def test_SparseSliceOpTest_testSliceEmpty():
    empty = tf.SparseTensor(np.empty((0, 2), np.int64), np.array([], np.int64), np.array([4, 6], np.int64))
    sp_input = _sparse_4x6()
    for sparse, shape in ((tf.sparse_slice(empty, [0, 0], [4, 1]), [4, 1]),
                          (tf.sparse_slice(sp_input, [1, 1], [0, 0]), [0, 0]),
                          (tf.sparse_slice(sp_input, [2, 1], [2, 1]), [2, 1])):
        assert sparse.indices.numpy().shape == (0, 2)
        _check(sparse, [], [], shape)


def test_SparseSliceOpTest_testGradients():
    sp_input = _sparse_4x6(np.float32)
    for start, size in (([0, 0], [4, 2]), ([0, 2], [5, 2]), ([0, 4], [5, 3])):
        values = tf.constant(sp_input.values.numpy())
        with tf.GradientTape() as tape:
            tape.watch(values)
            sliced = tf.sparse_slice(tf.SparseTensor(sp_input.indices, values, sp_input.dense_shape), start, size)
            weights = tf.range(1.0, 1.0 + int(sliced.values.shape[0]))
            loss = tf.reduce_sum(sliced.values * weights)
        gradient = tape.gradient(loss, values).numpy()
        # d loss / d value: the value's weight where it was kept, 0 elsewhere
        kept = [i for i, (r, col) in enumerate(sp_input.indices.numpy().tolist())
                if start[0] <= r < start[0] + size[0] and start[1] <= col < start[1] + size[1]]
        expected = np.zeros(14, np.float32)
        expected[kept] = np.arange(1, len(kept) + 1)
        np.testing.assert_allclose(gradient, expected)
