"""Ports of TF 1.15's tensorflow/python/kernel_tests/sparse_cross_op_test.py (SparseCrossOpTest),
under eager execution: sparse_ops._sparse_cross / _sparse_cross_hashed are tf.sparse.cross /
tf.sparse.cross_hashed."""

import itertools

import numpy as np

import tfcompat as tf

_DEFAULT_HASH_KEY = 0xDECAFCAFFE


def _sparse_tensor(data, batch_size=-1):
    """TF's helper: row ``b`` of ``data`` holds batch b's features (strings or int64)."""
    indices, values, max_col_count = [], [], 0
    for batch_ix, batch in enumerate(data):
        for column_ix, item in enumerate(batch):
            indices.append([batch_ix, column_ix])
            values.append(item)
        max_col_count = max(max_col_count, len(batch))
    shape = [batch_size if batch_size != -1 else len(data), max_col_count]
    value_type = np.int64 if values and isinstance(values[0], int) else (object if values else np.int64)
    return tf.SparseTensor(np.array(indices, np.int64).reshape(-1, 2),
                           np.array(values, dtype=value_type) if value_type is not object
                           else np.array([v.encode() for v in values], dtype=object), shape)


def _assert_equals(expected, actual):
    assert actual.indices.numpy().tolist() == expected.indices.numpy().tolist()
    assert actual.values.numpy().tolist() == expected.values.numpy().tolist()
    assert actual.dense_shape.numpy().tolist() == expected.dense_shape.numpy().tolist()


def _assert_empty(sparse):
    assert sparse.indices.numpy().size == 0
    assert sparse.values.numpy().size == 0
    assert sparse.dense_shape.numpy()[1] == 0


def test_SparseCrossOpTest_test_simple():
    op = tf.sparse.cross([_sparse_tensor([["batch1-FC1-F1"], ["batch2-FC1-F1", "batch2-FC1-F2"]]),
                          _sparse_tensor([["batch1-FC2-F1"], ["batch2-FC2-F1", "batch2-FC2-F2"]])])
    expected = _sparse_tensor([["batch1-FC1-F1_X_batch1-FC2-F1"],
                               ["batch2-FC1-F1_X_batch2-FC2-F1", "batch2-FC1-F1_X_batch2-FC2-F2",
                                "batch2-FC1-F2_X_batch2-FC2-F1", "batch2-FC1-F2_X_batch2-FC2-F2"]])
    _assert_equals(expected, op)


def test_SparseCrossOpTest_test_dense():
    op = tf.sparse.cross([tf.constant([["batch1-FC1-F1", "batch1-FC1-F2"], ["batch2-FC1-F1", "batch2-FC1-F2"]],
                                      tf.string),
                          tf.constant([["batch1-FC2-F1", "batch1-FC2-F2"], ["batch2-FC2-F1", "batch2-FC2-F2"]],
                                      tf.string)])
    expected = _sparse_tensor([
        ["batch1-FC1-F1_X_batch1-FC2-F1", "batch1-FC1-F1_X_batch1-FC2-F2", "batch1-FC1-F2_X_batch1-FC2-F1",
         "batch1-FC1-F2_X_batch1-FC2-F2"],
        ["batch2-FC1-F1_X_batch2-FC2-F1", "batch2-FC1-F1_X_batch2-FC2-F2", "batch2-FC1-F2_X_batch2-FC2-F1",
         "batch2-FC1-F2_X_batch2-FC2-F2"]])
    _assert_equals(expected, op)


def test_SparseCrossOpTest_test_integer_mixed_string_sparse():
    op = tf.sparse.cross([_sparse_tensor([[11], [333, 55555]]),
                          _sparse_tensor([["batch1-FC2-F1"], ["batch2-FC2-F1", "batch2-FC2-F2"]])])
    expected = _sparse_tensor([["11_X_batch1-FC2-F1"],
                               ["333_X_batch2-FC2-F1", "333_X_batch2-FC2-F2", "55555_X_batch2-FC2-F1",
                                "55555_X_batch2-FC2-F2"]])
    _assert_equals(expected, op)


def test_SparseCrossOpTest_test_integer_mixed_string_dense():
    op = tf.sparse.cross([tf.constant([[11, 333], [55555, 999999]], tf.int64),
                          tf.constant([["batch1-FC2-F1", "batch1-FC2-F2"], ["batch2-FC2-F1", "batch2-FC2-F2"]],
                                      tf.string)])
    expected = _sparse_tensor([
        ["11_X_batch1-FC2-F1", "11_X_batch1-FC2-F2", "333_X_batch1-FC2-F1", "333_X_batch1-FC2-F2"],
        ["55555_X_batch2-FC2-F1", "55555_X_batch2-FC2-F2", "999999_X_batch2-FC2-F1", "999999_X_batch2-FC2-F2"]])
    _assert_equals(expected, op)


def test_SparseCrossOpTest_test_sparse_cross_dense():
    op = tf.sparse.cross([_sparse_tensor([["batch1-FC1-F1"], ["batch2-FC1-F1", "batch2-FC1-F2"]]),
                          tf.constant([["batch1-FC2-F1", "batch1-FC2-F2"], ["batch2-FC2-F1", "batch2-FC2-F2"]],
                                      tf.string)])
    expected = _sparse_tensor([
        ["batch1-FC1-F1_X_batch1-FC2-F1", "batch1-FC1-F1_X_batch1-FC2-F2"],
        ["batch2-FC1-F1_X_batch2-FC2-F1", "batch2-FC1-F1_X_batch2-FC2-F2", "batch2-FC1-F2_X_batch2-FC2-F1",
         "batch2-FC1-F2_X_batch2-FC2-F2"]])
    _assert_equals(expected, op)


def test_SparseCrossOpTest_test_integer_sparse_input():
    op = tf.sparse.cross([_sparse_tensor([[11], [333, 5555]]),
                          tf.constant([["batch1-FC2-F1", "batch1-FC2-F2"], ["batch2-FC2-F1", "batch2-FC2-F2"]],
                                      tf.string)])
    expected = _sparse_tensor([
        ["11_X_batch1-FC2-F1", "11_X_batch1-FC2-F2"],
        ["333_X_batch2-FC2-F1", "333_X_batch2-FC2-F2", "5555_X_batch2-FC2-F1", "5555_X_batch2-FC2-F2"]])
    _assert_equals(expected, op)


def test_SparseCrossOpTest_test_permutation_3x3x3():
    columns = [[f"batch1-FC{c}-F{f}" for f in (1, 2, 3)] for c in (1, 2, 3)]
    op = tf.sparse.cross([_sparse_tensor([column]) for column in columns])
    # TF's test spells out the 27 crosses: the first column varies slowest
    expected = _sparse_tensor([["_X_".join(parts) for parts in itertools.product(*columns)]])
    assert expected.values.numpy()[1] == b"batch1-FC1-F1_X_batch1-FC2-F1_X_batch1-FC3-F2"
    assert expected.values.numpy()[9] == b"batch1-FC1-F2_X_batch1-FC2-F1_X_batch1-FC3-F1"
    _assert_equals(expected, op)


def test_SparseCrossOpTest_test_permutation_3x1x2():
    op = tf.sparse.cross([_sparse_tensor([["batch1-FC1-F1", "batch1-FC1-F2", "batch1-FC1-F3"]]),
                          _sparse_tensor([["batch1-FC2-F1"]]),
                          _sparse_tensor([["batch1-FC3-F1", "batch1-FC3-F2"]])])
    expected = _sparse_tensor([[
        "batch1-FC1-F1_X_batch1-FC2-F1_X_batch1-FC3-F1", "batch1-FC1-F1_X_batch1-FC2-F1_X_batch1-FC3-F2",
        "batch1-FC1-F2_X_batch1-FC2-F1_X_batch1-FC3-F1", "batch1-FC1-F2_X_batch1-FC2-F1_X_batch1-FC3-F2",
        "batch1-FC1-F3_X_batch1-FC2-F1_X_batch1-FC3-F1", "batch1-FC1-F3_X_batch1-FC2-F1_X_batch1-FC3-F2"]])
    _assert_equals(expected, op)


def test_SparseCrossOpTest_test_large_batch():
    batch_size = 5000
    col1 = [[f"batch{b}-FC1-F1", f"batch{b}-FC1-F2", f"batch{b}-FC1-F3"] for b in range(batch_size)]
    col2 = [[f"batch{b}-FC2-F1"] for b in range(batch_size)]
    col3 = [[f"batch{b}-FC3-F1", f"batch{b}-FC3-F2"] for b in range(batch_size)]
    op = tf.sparse.cross([_sparse_tensor(col1), _sparse_tensor(col2), _sparse_tensor(col3)])
    col_out = [[f"batch{b}-FC1-F{i}_X_batch{b}-FC2-F1_X_batch{b}-FC3-F{j}" for i in (1, 2, 3) for j in (1, 2)]
               for b in range(batch_size)]
    _assert_equals(_sparse_tensor(col_out), op)


def test_SparseCrossOpTest_test_one_column_empty():
    op = tf.sparse.cross([_sparse_tensor([["batch1-FC1-F1", "batch1-FC1-F2"]]), _sparse_tensor([], 1),
                          _sparse_tensor([["batch1-FC3-F1", "batch1-FC3-F2"]])])
    _assert_empty(op)


def test_SparseCrossOpTest_test_some_columns_empty():
    op = tf.sparse.cross([_sparse_tensor([["batch1-FC1-F1", "batch1-FC1-F2"]], 2),
                          _sparse_tensor([["batch1-FC2-F1"], ["batch2-FC2-F1"]], 2),
                          _sparse_tensor([["batch1-FC3-F1", "batch1-FC3-F2"]], 2)])
    expected = _sparse_tensor([[
        "batch1-FC1-F1_X_batch1-FC2-F1_X_batch1-FC3-F1", "batch1-FC1-F1_X_batch1-FC2-F1_X_batch1-FC3-F2",
        "batch1-FC1-F2_X_batch1-FC2-F1_X_batch1-FC3-F1", "batch1-FC1-F2_X_batch1-FC2-F1_X_batch1-FC3-F2"]], 2)
    _assert_equals(expected, op)


def test_SparseCrossOpTest_test_all_columns_empty():
    _assert_empty(tf.sparse.cross([_sparse_tensor([]), _sparse_tensor([]), _sparse_tensor([])]))


def _three_single_features():
    return [_sparse_tensor([["batch1-FC1-F1"]]), _sparse_tensor([["batch1-FC2-F1"]]),
            _sparse_tensor([["batch1-FC3-F1"]])]


def test_SparseCrossOpTest_test_hashed_zero_bucket_no_hash_key():
    _assert_equals(_sparse_tensor([[1971693436396284976]]), tf.sparse.cross_hashed(_three_single_features()))


def test_SparseCrossOpTest_test_hashed_zero_bucket():
    op = tf.sparse.cross_hashed(_three_single_features(), hash_key=_DEFAULT_HASH_KEY + 1)
    _assert_equals(_sparse_tensor([[4847552627144134031]]), op)


def test_SparseCrossOpTest_test_hashed_no_hash_key():
    _assert_equals(_sparse_tensor([[83]]), tf.sparse.cross_hashed(_three_single_features(), num_buckets=100))


def test_SparseCrossOpTest_test_hashed_output():
    op = tf.sparse.cross_hashed(_three_single_features(), num_buckets=100, hash_key=_DEFAULT_HASH_KEY + 1)
    _assert_equals(_sparse_tensor([[31]]), op)


def test_SparseCrossOpTest_test_hashed__has_no_collision():
    t1 = tf.constant([[359], [359 + 1024]])
    t2 = tf.constant([list(range(10)), list(range(10))])
    cross = tf.sparse.cross_hashed([t2, t1], num_buckets=1024, hash_key=_DEFAULT_HASH_KEY + 1)
    values = tf.sparse_tensor_to_dense(cross).numpy()
    assert np.not_equal(values[0], values[1]).all()


def test_SparseCrossOpTest_test_hashed_3x1x2():
    out = tf.sparse.cross_hashed([_sparse_tensor([["batch1-FC1-F1", "batch1-FC1-F2", "batch1-FC1-F3"]]),
                                  _sparse_tensor([["batch1-FC2-F1"]]),
                                  _sparse_tensor([["batch1-FC3-F1", "batch1-FC3-F2"]])], num_buckets=1000)
    values = out.values.numpy().tolist()
    assert len(values) == 6
    assert out.indices.numpy().tolist() == [[0, i] for i in range(6)]
    assert all(0 <= x < 1000 for x in values)
    assert len(values) == len(set(values))
