"""Ports of TF 1.15's tensorflow/python/ops/ragged/ragged_tensor_test.py (RaggedTensorTest), under eager
execution: assertAllEqual(rt, pylist) compares rt.to_list().

TF's assertIs checks on cached value_rowids / nrows / row_lengths (TF keeps the tensors it was given) are checked as
equal values: tfcompat computes them from the row splits.  The uniform_row_length, placeholder and graph-only tests
are TF 2.x or graph-mode behaviour and are not ported.
"""

import numpy as np
import pytest

import tfcompat as tf

RT = tf.RaggedTensor
LETTERS = ["a", "b", "c", "d", "e", "f", "g"]
ROWS = [[b"a", b"b"], [], [b"c", b"d", b"e"], [b"f"], [b"g"]]


def _values():
    return tf.constant(LETTERS)


def test_RaggedTensorTest_testRaggedTensorConstructionErrors():
    with pytest.raises(ValueError, match="RaggedTensor constructor is private"):
        RT(_values(), tf.constant([0, 2, 2, 5, 6, 7], tf.int64))


def test_RaggedTensorTest_testFromValueRowIdsWithDerivedNRows():
    values = _values()
    value_rowids = tf.constant([0, 0, 2, 2, 2, 3, 4], tf.int64)
    rt = RT.from_value_rowids(values, value_rowids, validate=False)
    assert rt.dtype == tf.string
    assert rt.shape.as_list() == [5, None]
    assert rt.ragged_rank == 1
    assert rt.values is values
    assert rt.value_rowids().numpy().tolist() == value_rowids.numpy().tolist()
    assert int(rt.nrows()) == 5
    assert rt.to_list() == ROWS


def test_RaggedTensorTest_testFromValueRowIdsWithExplicitNRows():
    values = _values()
    value_rowids = tf.constant([0, 0, 2, 2, 2, 3, 4], tf.int64)
    rt = RT.from_value_rowids(values, value_rowids, tf.constant(7, tf.int64), validate=False)
    assert rt.dtype == tf.string
    assert rt.shape.as_list() == [7, None]
    assert rt.ragged_rank == 1
    assert rt.values is values
    assert int(rt.nrows()) == 7
    assert rt.to_list() == ROWS + [[], []]


def test_RaggedTensorTest_testFromValueRowIdsWithExplicitNRowsEqualToDefault():
    values = _values()
    value_rowids = tf.constant([0, 0, 2, 2, 2, 3, 4], tf.int64)
    rt = RT.from_value_rowids(values, value_rowids, tf.constant(5, tf.int64), validate=False)
    assert rt.shape.as_list() == [5, None]
    assert rt.value_rowids().numpy().tolist() == value_rowids.numpy().tolist()
    assert int(rt.nrows()) == 5
    assert rt.to_list() == ROWS


def test_RaggedTensorTest_testFromValueRowIdsWithEmptyValues():
    rt = RT.from_value_rowids([], [])
    assert rt.dtype == tf.float32
    assert rt.shape.as_list() == [0, None]
    assert rt.ragged_rank == 1
    assert rt.values.shape.as_list() == [0]
    assert rt.value_rowids().shape.as_list() == [0]
    assert int(rt.nrows()) == 0
    assert rt.to_list() == []


def test_RaggedTensorTest_testFromRowSplits():
    values = _values()
    row_splits = tf.constant([0, 2, 2, 5, 6, 7], tf.int64)
    rt = RT.from_row_splits(values, row_splits, validate=False)
    assert rt.dtype == tf.string
    assert rt.shape.as_list() == [5, None]
    assert rt.ragged_rank == 1
    assert rt.values is values
    assert rt.row_splits is row_splits
    assert int(rt.nrows()) == 5
    assert rt.to_list() == ROWS


def test_RaggedTensorTest_testFromRowSplitsWithDifferentSplitTypes():
    values = _values()
    splits = [[0, 2, 2, 5, 6, 7], np.array([0, 2, 2, 5, 6, 7], np.int64), np.array([0, 2, 2, 5, 6, 7], np.int32),
              tf.constant([0, 2, 2, 5, 6, 7], tf.int64), tf.constant([0, 2, 2, 5, 6, 7], tf.int32)]
    dtypes = [RT.from_row_splits(values, s).row_splits.dtype for s in splits]
    assert dtypes == [tf.int64, tf.int64, tf.int32, tf.int64, tf.int32]


def test_RaggedTensorTest_testFromRowSplitsWithEmptySplits():
    with pytest.raises(ValueError, match="row_splits tensor may not be empty"):
        RT.from_row_splits([], [])


def test_RaggedTensorTest_testFromRowStarts():
    values = _values()
    row_starts = tf.constant([0, 2, 2, 5, 6], tf.int64)
    rt = RT.from_row_starts(values, row_starts, validate=False)
    assert rt.shape.as_list() == [5, None]
    assert rt.values is values
    assert int(rt.nrows()) == 5
    assert rt.row_starts().numpy().tolist() == row_starts.numpy().tolist()
    assert rt.to_list() == ROWS


def test_RaggedTensorTest_testFromRowLimits():
    values = _values()
    row_limits = tf.constant([2, 2, 5, 6, 7], tf.int64)
    rt = RT.from_row_limits(values, row_limits, validate=False)
    assert rt.shape.as_list() == [5, None]
    assert rt.values is values
    assert int(rt.nrows()) == 5
    assert rt.row_limits().numpy().tolist() == row_limits.numpy().tolist()
    assert rt.to_list() == ROWS


def test_RaggedTensorTest_testFromRowLengths():
    values = _values()
    row_lengths = tf.constant([2, 0, 3, 1, 1], tf.int64)
    rt = RT.from_row_lengths(values, row_lengths, validate=False)
    assert rt.shape.as_list() == [5, None]
    assert rt.values is values
    assert int(rt.nrows()) == 5
    assert rt.row_lengths().numpy().tolist() == row_lengths.numpy().tolist()
    assert rt.to_list() == ROWS


def test_RaggedTensorTest_testFromNestedValueRowIdsWithDerivedNRows():
    values = _values()
    nested = [tf.constant([0, 0, 1, 3, 3], tf.int64), tf.constant([0, 0, 2, 2, 2, 3, 4], tf.int64)]
    rt = RT.from_nested_value_rowids(values, nested)
    assert rt.dtype == tf.string
    assert rt.shape.as_list() == [4, None, None]
    assert rt.ragged_rank == 2
    assert rt.values.values is values
    assert rt.value_rowids().numpy().tolist() == nested[0].numpy().tolist()
    assert rt.values.value_rowids().numpy().tolist() == nested[1].numpy().tolist()
    assert rt.to_list() == [[[b"a", b"b"], []], [[b"c", b"d", b"e"]], [], [[b"f"], [b"g"]]]


def test_RaggedTensorTest_testFromNestedValueRowIdsWithExplicitNRows():
    values = _values()
    nested = [tf.constant([0, 0, 1, 3, 3, 3], tf.int64), tf.constant([0, 0, 2, 2, 2, 3, 4], tf.int64)]
    nrows = [tf.constant(6, tf.int64), tf.constant(6, tf.int64)]
    rt = RT.from_nested_value_rowids(values, nested, nrows)
    assert rt.shape.as_list() == [6, None, None]
    assert rt.ragged_rank == 2
    assert rt.values.values is values
    assert int(rt.nrows()) == 6
    assert int(rt.values.nrows()) == 6
    assert rt.to_list() == [[[b"a", b"b"], []], [[b"c", b"d", b"e"]], [], [[b"f"], [b"g"], []], [], []]


def test_RaggedTensorTest_testFromNestedValueRowIdsWithExplicitNRowsMismatch():
    nested = [tf.constant([0, 0, 1, 3, 3, 3], tf.int64), tf.constant([0, 0, 2, 2, 2, 3, 4], tf.int64)]
    with pytest.raises(ValueError, match="nested_nrows must have the same length as nested_value_rowids"):
        RT.from_nested_value_rowids(_values(), nested, [tf.constant(6, tf.int64)])


def test_RaggedTensorTest_testFromNestedRowSplits():
    values = _values()
    nested = [tf.constant([0, 2, 3, 3, 5], tf.int64), tf.constant([0, 2, 2, 5, 6, 7], tf.int64)]
    rt = RT.from_nested_row_splits(values, nested, validate=False)
    assert rt.shape.as_list() == [4, None, None]
    assert rt.ragged_rank == 2
    assert rt.values.values is values
    assert rt.row_splits is nested[0]
    assert rt.values.row_splits is nested[1]
    assert rt.to_list() == [[[b"a", b"b"], []], [[b"c", b"d", b"e"]], [], [[b"f"], [b"g"]]]


def test_RaggedTensorTest_testFromNestedRowSplitsWithNonListInput():
    with pytest.raises(TypeError, match="nested_row_splits must be a list of Tensors"):
        RT.from_nested_row_splits([1, 2], tf.constant([[0, 1, 2], [0, 1, 2]], tf.int64))


def test_RaggedTensorTest_testFromValueRowIdsWithBadNRows():
    values = tf.constant(["a", "b", "c", "d", "e"])
    rowids = tf.constant([0, 0, 2, 3, 3], tf.int64)
    with pytest.raises(ValueError, match=r"Expected nrows >= 0; got -2"):
        RT.from_value_rowids(values, rowids, tf.constant(-2, tf.int64))
    with pytest.raises(tf.errors.InvalidArgumentError):
        RT.from_value_rowids(values, rowids, tf.constant(2, tf.int64))


def test_RaggedTensorTest_testRaggedValues():
    rt = tf.ragged.constant([[b"a", b"b"], [], [b"c", b"d", b"e"], [b"f"], [b"g"]])
    assert rt.values.numpy().tolist() == [b"a", b"b", b"c", b"d", b"e", b"f", b"g"]
    assert rt.row_splits.numpy().tolist() == [0, 2, 2, 5, 6, 7]
    assert rt.value_rowids().numpy().tolist() == [0, 0, 2, 2, 2, 3, 4]
    assert rt.row_lengths().numpy().tolist() == [2, 0, 3, 1, 1]
    assert rt.row_starts().numpy().tolist() == [0, 2, 2, 5, 6]
    assert rt.row_limits().numpy().tolist() == [2, 2, 5, 6, 7]
    assert int(rt.nrows()) == 5


def test_RaggedTensorTest_testRaggedTensorStr():
    rt1 = tf.ragged.constant([[1, 2, 3], [4], [], [5, 6]])
    assert str(rt1) == "<tf.RaggedTensor [[1, 2, 3], [4], [], [5, 6]]>"
    rt2 = tf.ragged.constant([[[1], [2, 3]], [[4]], [], [[5, 6]]])
    assert repr(rt2) == "<tf.RaggedTensor [[[1], [2, 3]], [[4]], [], [[5, 6]]]>"


def test_RaggedTensorTest_testBoolean():
    rt = tf.ragged.constant([[1, 2], [3]])
    with pytest.raises(TypeError, match="RaggedTensor may not be used as a boolean."):
        bool(rt)


def test_RaggedTensorTest_testWithValues():
    rt = tf.ragged.constant([[1, 2], [3]])
    assert rt.with_values(rt.values * 2).to_list() == [[2, 4], [6]]
    assert rt.with_flat_values(tf.constant([5, 6, 7])).to_list() == [[5, 6], [7]]


def test_RaggedTensorTest_testToTensor():
    rt = tf.ragged.constant([[1, 2, 3], [4], [], [5, 6]])
    assert rt.to_tensor().numpy().tolist() == [[1, 2, 3], [4, 0, 0], [0, 0, 0], [5, 6, 0]]
    assert rt.to_tensor(default_value=9).numpy().tolist() == [[1, 2, 3], [4, 9, 9], [9, 9, 9], [5, 6, 9]]


def test_RaggedTensorTest_testToSparse():
    rt = tf.ragged.constant([[1, 2, 3], [4], [], [5, 6]])
    sparse = rt.to_sparse()
    assert sparse.indices.numpy().tolist() == [[0, 0], [0, 1], [0, 2], [1, 0], [3, 0], [3, 1]]
    assert sparse.values.numpy().tolist() == [1, 2, 3, 4, 5, 6]
    assert sparse.dense_shape.numpy().tolist() == [4, 3]


def test_RaggedTensorTest_testFromSparse():
    st = tf.SparseTensor(indices=[[0, 0], [0, 1], [0, 2], [1, 0], [3, 0]], values=[1, 2, 3, 4, 5],
                         dense_shape=[4, 3])
    rt = RT.from_sparse(st)
    assert rt.to_list() == [[1, 2, 3], [4], [], [5]]


def test_RaggedTensorTest_testFromTensor():
    dt = tf.constant([[5, 7, 0], [0, 3, 0], [6, 0, 0]])
    assert RT.from_tensor(dt).to_list() == [[5, 7, 0], [0, 3, 0], [6, 0, 0]]
    assert RT.from_tensor(dt, lengths=[1, 0, 3]).to_list() == [[5], [], [6, 0, 0]]
    assert RT.from_tensor(dt, padding=0).to_list() == [[5, 7], [0, 3], [6]]
    with pytest.raises(ValueError, match="Specify lengths or padding, but not both"):
        RT.from_tensor(dt, lengths=[1, 0, 3], padding=0)
