"""Ports of TF 1.15's tensorflow/python/kernel_tests/sparse_ops_test.py, under eager execution:
the classes of the ops tfcompat implements (SparseToIndicatorTest, SparseMergeTest,
SparseMergeHighDimTest, SparseResetShapeTest, SparseFillEmptyRowsTest, SparseReduceTest,
SparseSoftmaxTest, SparseMinimumMaximumTest, SparseTransposeTest).  Methods that only exist for
graph mode (placeholders fed later, static-shape inference) are not ported; gradient-error checks
compare the tape's gradient with central finite differences."""

import numpy as np
import pytest

import tfcompat as tf


def _sparsify(x, thresh=0.5, index_dtype=np.int64):
    x[x < thresh] = 0
    non_zero = np.where(x)
    x_indices = np.vstack(non_zero).astype(index_dtype).T
    x_values = x[non_zero]
    return tf.SparseTensor(indices=x_indices, values=x_values, dense_shape=x.shape), len(x_values)


def _parts(sparse):
    return sparse.indices.numpy().tolist(), sparse.values.numpy().tolist(), sparse.dense_shape.numpy().tolist()


def _max_gradient_error(function, values):
    """The largest difference between the tape's Jacobian of ``function(values)`` and central differences."""
    values = np.asarray(values, np.float64)
    x = tf.constant(values)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = function(x)
    analytic = np.stack([tape.gradient(y[i], x).numpy() for i in range(int(y.shape[0]))]) if y.shape[0] else None
    delta = 1e-6
    numeric = []
    for j in range(values.size):
        plus, minus = values.copy(), values.copy()
        plus[j] += delta
        minus[j] -= delta
        numeric.append((function(tf.constant(plus)).numpy() - function(tf.constant(minus)).numpy()) / (2 * delta))
    return 0.0 if analytic is None else float(np.abs(analytic - np.stack(numeric, 1)).max())


# --- SparseToIndicatorTest -------------------------------------------------------------------------

def _indicator_5x6(dtype):
    return tf.SparseTensor(tf.constant([[0, 0], [1, 0], [1, 3], [1, 4], [3, 2], [3, 3]], tf.int64),
                           tf.constant([0, 10, 13, 14, 32, 33], dtype), tf.constant([5, 6], tf.int64))


def _expected_indicator(shape, trues):
    expected = np.zeros(shape, dtype=bool)
    for true in trues:
        expected[true] = True
    return expected


def test_SparseToIndicatorTest_testInt32():
    output = tf.sparse_to_indicator(_indicator_5x6(tf.int32), 50)
    expected = _expected_indicator((5, 50), ((0, 0), (1, 10), (1, 13), (1, 14), (3, 32), (3, 33)))
    np.testing.assert_array_equal(output.numpy(), expected)


def test_SparseToIndicatorTest_testInt64():
    output = tf.sparse_to_indicator(_indicator_5x6(tf.int64), 50)
    expected = _expected_indicator((5, 50), [(0, 0), (1, 10), (1, 13), (1, 14), (3, 32), (3, 33)])
    np.testing.assert_array_equal(output.numpy(), expected)


def test_SparseToIndicatorTest_testHigherRank():
    sp_input = tf.SparseTensor(
        tf.constant([[0, 0, 1], [0, 1, 0], [0, 1, 2], [1, 0, 3], [1, 1, 0], [1, 1, 1], [1, 1, 2], [1, 2, 2]],
                    tf.int64), tf.constant([1, 10, 12, 103, 150, 149, 150, 122], tf.int64),
        tf.constant([2, 3, 4], tf.int64))
    output = tf.sparse_to_indicator(sp_input, 200)
    expected = _expected_indicator((2, 3, 200), [(0, 0, 1), (0, 1, 10), (0, 1, 12), (1, 0, 103), (1, 1, 149),
                                                 (1, 1, 150), (1, 2, 122)])
    np.testing.assert_array_equal(output.numpy(), expected)


# --- SparseMergeTest, SparseMergeHighDimTest -------------------------------------------------------

_MERGE_IND = np.array([[0, 0], [1, 0], [1, 2], [2, 0], [2, 1], [1, 1]], np.int64)  # intentionally unsorted


def _merge_values(indices_dtype, values_dtype):
    ids = tf.SparseTensorValue(_MERGE_IND, np.array([0, 13, 10, 33, 32, 14], indices_dtype), np.array([3, 3]))
    values = tf.SparseTensorValue(_MERGE_IND, np.array([-3, 4, 1, 9, 5, 1], values_dtype), np.array([3, 3]))
    return ids, values


def _merge_tensors(indices_dtype, values_dtype):
    ids, values = _merge_values(indices_dtype, values_dtype)
    return tf.SparseTensor.from_value(ids), tf.SparseTensor.from_value(values)


def _assert_sorted(output, vocab_size):
    assert _parts(output) == ([[0, 0], [1, 10], [1, 13], [1, 14], [2, 32], [2, 33]], [-3, 1, 4, 1, 5, 9],
                              [3, vocab_size])


def _assert_not_sorted(output, vocab_size):
    assert _parts(output) == ([[0, 0], [1, 13], [1, 10], [2, 33], [2, 32], [1, 14]], [-3, 4, 1, 9, 5, 1],
                              [3, vocab_size])


def test_SparseMergeTest_testInt32AndFloat32():
    ids_value, values_value = _merge_values(np.int32, np.float32)
    for ids in (ids_value, tf.SparseTensor.from_value(ids_value)):
        for values in (values_value, tf.SparseTensor.from_value(values_value)):
            _assert_sorted(tf.sparse_merge(ids, values, 50), 50)


def test_SparseMergeTest_testInt64AndFloat32():
    _assert_sorted(tf.sparse_merge(*_merge_tensors(np.int64, np.float32), 50), 50)


def test_SparseMergeTest_testInt64AndFloat64():
    _assert_sorted(tf.sparse_merge(*_merge_tensors(np.int64, np.float64), 50), 50)


def test_SparseMergeTest_testInt32AndFloat32NonCanonicalOrder():
    _assert_not_sorted(tf.sparse_merge(*_merge_tensors(np.int32, np.float32), 50, already_sorted=True), 50)


def test_SparseMergeTest_testInt64AndFloat32NonCanonicalOrder():
    _assert_not_sorted(tf.sparse_merge(*_merge_tensors(np.int64, np.float32), 50, already_sorted=True), 50)


def test_SparseMergeTest_testInt64AndFloat64NonCanonicalOrder():
    vocab_size_tensor = tf.constant(50, tf.int64)
    ids, values = _merge_tensors(np.int64, np.float64)
    _assert_not_sorted(tf.sparse_merge(ids, values, vocab_size_tensor, already_sorted=True), 50)


def test_SparseMergeTest_testShouldSetLastDimensionInDynamicShape():
    ids = tf.SparseTensor(indices=[[0, 0], [0, 1]], values=[1, 3], dense_shape=[2, 2])
    values = tf.SparseTensor(indices=[[0, 0], [0, 1]], values=[0.4, 0.7], dense_shape=[2, 2])
    merged = tf.sparse_merge(sp_ids=ids, sp_values=values, vocab_size=5)
    assert merged.get_shape()[1] == 5


def _merge_high_dim(values_dtype):
    ids0 = tf.SparseTensor(_MERGE_IND, np.array([0, 13, 10, 33, 32, 14], np.int64), [3, 3])
    ids1 = tf.SparseTensor(_MERGE_IND, np.array([12, 4, 0, 0, 1, 30], np.int64), [3, 3])
    values = tf.SparseTensor(_MERGE_IND, np.array([-3, 4, 1, 9, 5, 1], values_dtype), [3, 3])
    return [ids0, ids1], values


def _assert_high_dim_sorted(output, vocab_size):
    assert _parts(output) == ([[0, 0, 12], [1, 10, 0], [1, 13, 4], [1, 14, 30], [2, 32, 1], [2, 33, 0]],
                              [-3, 1, 4, 1, 5, 9], [3] + vocab_size)


def test_SparseMergeHighDimTest_testInt64AndFloat32():
    _assert_high_dim_sorted(tf.sparse_merge(*_merge_high_dim(np.float32), [50, 31]), [50, 31])


def test_SparseMergeHighDimTest_testInt64AndFloat64():
    _assert_high_dim_sorted(tf.sparse_merge(*_merge_high_dim(np.float64), [50, 31]), [50, 31])


def test_SparseMergeHighDimTest_testInt64AndFloat64Shape():
    _assert_high_dim_sorted(tf.sparse_merge(*_merge_high_dim(np.float64), [50, 30]), [50, 30])


# --- SparseResetShapeTest --------------------------------------------------------------------------

_IND_2_5_6 = np.array([[0, 0, 0], [0, 1, 0], [0, 1, 3], [1, 1, 4], [1, 3, 2], [1, 3, 3]], dtype=np.int64)
_VAL_2_5_6 = np.array([0, 10, 13, 14, 32, 33], dtype=np.int32)
_SHP_2_5_6 = np.array([2, 5, 6], dtype=np.int64)


def _sparse_2x5x6():
    return tf.SparseTensor(tf.constant(_IND_2_5_6, tf.int64), tf.constant(_VAL_2_5_6, tf.int32),
                           tf.constant(_SHP_2_5_6, tf.int64))


def test_SparseResetShapeTest_testStaticShapeInfoPreservedWhenNewShapeIsProvidedAndStatic():
    sp_output = tf.sparse_reset_shape(_sparse_2x5x6(), np.array([3, 6, 7], dtype=np.int64))
    assert sp_output.get_shape().as_list() == [3, 6, 7]


def test_SparseResetShapeTest_testBasic():
    sp_output = tf.sparse_reset_shape(_sparse_2x5x6(), np.array([3, 6, 7], dtype=np.int64))
    assert _parts(sp_output) == (_IND_2_5_6.tolist(), _VAL_2_5_6.tolist(), [3, 6, 7])


def test_SparseResetShapeTest_testInputUnavailableInGraphConstructionOk():
    sp_input = tf.SparseTensorValue(_IND_2_5_6, _VAL_2_5_6, _SHP_2_5_6)
    sp_output = tf.sparse_reset_shape(sp_input, np.array([3, 6, 7], dtype=np.int64))
    assert _parts(sp_output) == (_IND_2_5_6.tolist(), _VAL_2_5_6.tolist(), [3, 6, 7])


def test_SparseResetShapeTest_testTightBoundingBox():
    assert _parts(tf.sparse_reset_shape(_sparse_2x5x6())) == (_IND_2_5_6.tolist(), _VAL_2_5_6.tolist(), [2, 4, 5])


def test_SparseResetShapeTest_testTightBoundingBoxEmpty():
    sp_input = tf.SparseTensor(tf.constant(np.empty([0, 3], np.int64)), tf.constant(np.empty([0], np.int32)),
                               tf.constant(_SHP_2_5_6))
    output = tf.sparse_reset_shape(sp_input)
    assert output.indices.numpy().shape == (0, 3)
    assert output.values.numpy().shape == (0,)
    assert output.dense_shape.numpy().tolist() == [0, 0, 0]


def test_SparseResetShapeTest_testInvalidRank():
    with pytest.raises(ValueError):
        tf.sparse_reset_shape(_sparse_2x5x6(), np.array([3, 7], dtype=np.int64))


def test_SparseResetShapeTest_testInvalidDimensionSizeStatic():
    with pytest.raises(ValueError, match="should have dimension sizes"):
        tf.sparse_reset_shape(_sparse_2x5x6(), np.array([3, 7, 5], dtype=np.int64))


# --- SparseFillEmptyRowsTest -----------------------------------------------------------------------

def _fill_5x6(dtype=np.int32):
    return tf.SparseTensorValue(np.array([[0, 0], [1, 0], [1, 3], [1, 4], [3, 2], [3, 3]], np.int64),
                                np.array([0, 10, 13, 14, 32, 33], dtype), np.array([5, 6], np.int64))


_FILLED_5X6 = [[0, 0], [1, 0], [1, 3], [1, 4], [2, 0], [3, 2], [3, 3], [4, 0]]


def test_SparseFillEmptyRowsTest_testFillNumber():
    for sp_input in (_fill_5x6(), tf.SparseTensor.from_value(_fill_5x6())):
        sp_output, empty_row_indicator = tf.sparse_fill_empty_rows(sp_input, -1)
        assert _parts(sp_output) == (_FILLED_5X6, [0, 10, 13, 14, -1, 32, 33, -1], [5, 6])
        assert empty_row_indicator.numpy().tolist() == [False, False, True, False, True]


def test_SparseFillEmptyRowsTest_testFillFloat():
    values = tf.constant([0.0, 10.0, 13.0, 14.0, 32.0, 33.0], dtype=tf.float64)
    default_value = tf.constant(-1.0, dtype=tf.float64)
    indices = np.array([[0, 0], [1, 0], [1, 3], [1, 4], [3, 2], [3, 3]])
    sp_output, empty_row_indicator = tf.sparse_fill_empty_rows(
        tf.SparseTensorValue(indices=indices, values=values, dense_shape=np.array([5, 6])), default_value)
    assert sp_output.indices.numpy().tolist() == _FILLED_5X6
    np.testing.assert_allclose(sp_output.values.numpy(), [0, 10, 13, 14, -1, 32, 33, -1])
    assert empty_row_indicator.numpy().tolist() == [False, False, True, False, True]

    def filled(new_values=values, new_default=default_value):
        return tf.sparse_fill_empty_rows(tf.SparseTensor(indices, new_values, [5, 6]), new_default)[0].values

    # the gradients are exact (0/1 Jacobians): the errors are tiny but the checks see both inputs
    assert _max_gradient_error(lambda v: filled(new_values=v), values.numpy()) < 1e-8
    assert _max_gradient_error(lambda d: filled(new_default=tf.reshape(d, [])), [-1.0]) < 1e-8


def test_SparseFillEmptyRowsTest_testFillString():
    sp_input = tf.SparseTensor(tf.constant([[0, 0], [1, 0], [1, 3], [1, 4], [3, 2], [3, 3]], tf.int64),
                               tf.constant(["a", "b", "c", "d", "e", "f"], tf.string), tf.constant([5, 6], tf.int64))
    sp_output, empty_row_indicator = tf.sparse_fill_empty_rows(sp_input, "")
    assert _parts(sp_output) == (_FILLED_5X6, [b"a", b"b", b"c", b"d", b"", b"e", b"f", b""], [5, 6])
    assert empty_row_indicator.numpy().tolist() == [False, False, True, False, True]


def test_SparseFillEmptyRowsTest_testNoEmptyRows():
    sp_input = tf.SparseTensor(tf.constant([[0, 0], [1, 0], [1, 3], [1, 4]], tf.int64),
                               tf.constant([0, 10, 13, 14], tf.int32), tf.constant([2, 6], tf.int64))
    sp_output, empty_row_indicator = tf.sparse_fill_empty_rows(sp_input, -1)
    assert _parts(sp_output) == ([[0, 0], [1, 0], [1, 3], [1, 4]], [0, 10, 13, 14], [2, 6])
    assert empty_row_indicator.numpy().tolist() == [False, False]


def test_SparseFillEmptyRowsTest_testNoEmptyRowsAndUnordered():
    sp_input = tf.SparseTensor(indices=np.array([[1, 2], [1, 3], [0, 1], [0, 3]]), values=np.array([1, 3, 2, 4]),
                               dense_shape=np.array([2, 5]))
    sp_output, empty_row_indicator = tf.sparse_fill_empty_rows(sp_input, -1)
    assert _parts(sp_output) == ([[0, 1], [0, 3], [1, 2], [1, 3]], [2, 4, 1, 3], [2, 5])
    assert empty_row_indicator.numpy().tolist() == [False, False]


def test_SparseFillEmptyRowsTest_testUnordered():
    sp_input = tf.SparseTensor(indices=np.array([[2, 3], [2, 2], [0, 1], [0, 3]]), values=np.array([1, 3, 2, 4]),
                               dense_shape=np.array([3, 5]))
    sp_output, empty_row_indicator = tf.sparse_fill_empty_rows(sp_input, -1)
    assert _parts(sp_output) == ([[0, 1], [0, 3], [1, 0], [2, 3], [2, 2]], [2, 4, -1, 1, 3], [3, 5])
    assert empty_row_indicator.numpy().tolist() == [False, True, False]


def test_SparseFillEmptyRowsTest_testEmptyIndicesTensor():
    sp_input = tf.SparseTensor(indices=np.ones([0, 2]), values=np.ones([0]), dense_shape=np.array([2, 5]))
    sp_output, empty_row_indicator = tf.sparse_fill_empty_rows(sp_input, -1)
    assert _parts(sp_output) == ([[0, 0], [1, 0]], [-1, -1], [2, 5])
    assert empty_row_indicator.numpy().tolist() == [True, True]


def test_SparseFillEmptyRowsTest_testEmptyOutput():
    sp_input = tf.SparseTensor(indices=np.ones([0, 2]), values=np.ones([0]), dense_shape=np.array([0, 3]))
    sp_output, empty_row_indicator = tf.sparse_fill_empty_rows(sp_input, -1)
    assert sp_output.indices.numpy().shape == (0, 2)
    assert _parts(sp_output)[1:] == ([], [0, 3])
    assert empty_row_indicator.numpy().tolist() == []


def test_SparseFillEmptyRowsTest_testInvalidIndices():
    sp_input = tf.SparseTensor(indices=np.array([[1, 2], [1, 3], [99, 1], [99, 3]]), values=np.array([1, 3, 2, 4]),
                               dense_shape=np.array([2, 5]))
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"indices\(2, 0\) is invalid"):
        tf.sparse_fill_empty_rows(sp_input, -1)


# --- SparseReduceTest ------------------------------------------------------------------------------

def test_SparseReduceTest_testInvalidAxes():
    sp_t = tf.SparseTensor(np.array([[0, 0], [0, 2], [1, 1]], np.int64), np.array([1, 1, 1], np.int32),
                           np.array([2, 3], np.int64))
    for reduce in (tf.sparse_reduce_sum, tf.sparse_reduce_max):
        with pytest.raises(tf.errors.InvalidArgumentError, match="Invalid reduction dimension -3"):
            reduce(sp_t, -3)
        with pytest.raises(tf.errors.InvalidArgumentError, match="Invalid reduction dimension 2"):
            reduce(sp_t, 2)


def test_SparseReduceTest_testGradient():
    np.random.seed(8161)
    for dims in [(11, 1, 5, 7, 1), (2, 2)]:
        sp_t, _ = _sparsify(np.random.randn(*dims))
        indices, values, shape = sp_t.indices, sp_t.values.numpy(), sp_t.dense_shape
        axes_choices = [np.random.choice(len(dims), size=d, replace=False).tolist() for d in range(1, len(dims) + 1)]
        for axes in axes_choices + [-1]:
            def reduced(v, axes=axes):
                return tf.reshape(tf.sparse_reduce_sum(tf.SparseTensor(indices, v, shape), axes), [-1])
            assert _max_gradient_error(reduced, values) < 1e-3


# --- SparseSoftmaxTest -----------------------------------------------------------------------------

def test_SparseSoftmaxTest_testEquivalentToDensified():
    np.random.seed(1618)
    n, m = np.random.choice(20, size=2)
    for dtype in [np.float32, np.float64]:
        sp_vals_np = np.random.rand(n, m).astype(dtype)
        batched_sp_t, _ = _sparsify(sp_vals_np.reshape((1, n, m)), thresh=0.)  # no masking
        sp_result = tf.sparse_softmax(batched_sp_t).values.numpy().reshape((n, m))
        dense_result = tf.nn.softmax(tf.constant(sp_vals_np)).numpy()
        np.testing.assert_allclose(dense_result, sp_result, rtol=1e-6, atol=1e-6)


def test_SparseSoftmaxTest_testHigherRanks():
    for shape in [[2, 2, 2], [2, 1, 2, 2]]:
        values = np.asarray([0., np.e, 1., 0., np.e, 0., np.e, np.e]).reshape(shape)
        sp_t, _ = _sparsify(values, thresh=1e-2)
        result = tf.sparse_softmax(sp_t)
        assert result.values.numpy().tolist() == [1., 1., 1., .5, .5]
        assert result.indices.numpy().tolist() == sp_t.indices.numpy().tolist()
        assert result.dense_shape.numpy().tolist() == shape


def test_SparseSoftmaxTest_testGradient():
    for dtype in [np.float32, np.float64]:
        x_tf, _ = _sparsify(np.random.randn(2, 5, 10).astype(dtype))
        indices, shape = x_tf.indices, x_tf.dense_shape
        error = _max_gradient_error(lambda v: tf.sparse_softmax(tf.SparseTensor(indices, v, shape)).values,
                                    x_tf.values.numpy())
        assert error < 1e-4


# --- SparseMinimumMaximumTest ----------------------------------------------------------------------

def test_SparseMinimumMaximumTest_testBasic():
    sp_zero = tf.SparseTensor([[0]], [0], [7])
    sp_one = tf.SparseTensor([[0]], [1], [7])
    assert _parts(tf.sparse_maximum(sp_zero, sp_one)) == _parts(sp_one)
    assert _parts(tf.sparse_minimum(sp_zero, sp_one)) == _parts(sp_zero)
    sp_zero_2 = tf.SparseTensor([[1]], [0], [7])
    expected = tf.SparseTensor([[0], [1]], [0, 0], [7])
    assert _parts(tf.sparse_maximum(sp_zero, sp_zero_2)) == _parts(expected)
    assert _parts(tf.sparse_minimum(sp_zero, sp_zero_2)) == _parts(expected)


def test_SparseMinimumMaximumTest_testRandom():
    np.random.seed(1618)
    for shape in [(13,), (6, 8), (1, 7, 1)]:
        for dtype in [np.int32, np.int64, np.float16, np.float32, np.float64]:
            sp_a, _ = _sparsify(np.random.randn(*shape).astype(dtype), thresh=-.5)
            sp_b, _ = _sparsify(np.random.randn(*shape).astype(dtype), thresh=-.5)
            maximum = tf.sparse_tensor_to_dense(tf.sparse_maximum(sp_a, sp_b)).numpy()
            minimum = tf.sparse_tensor_to_dense(tf.sparse_minimum(sp_a, sp_b)).numpy()
            a_dense = tf.sparse_tensor_to_dense(sp_a).numpy()
            b_dense = tf.sparse_tensor_to_dense(sp_b).numpy()
            np.testing.assert_array_equal(np.maximum(a_dense, b_dense), maximum)
            np.testing.assert_array_equal(np.minimum(a_dense, b_dense), minimum)


def test_SparseMinimumMaximumTest_testMismatchedShapes():
    with pytest.raises(tf.errors.InvalidArgumentError, match="Operands do not have the same ranks"):
        tf.sparse_maximum(tf.SparseTensor([[0, 0]], [0], [1, 1]), tf.SparseTensor([[0]], [1], [2]))
    with pytest.raises(tf.errors.InvalidArgumentError, match="Operands' shapes do not match"):
        tf.sparse_maximum(tf.SparseTensor([[0]], [0], [1]), tf.SparseTensor([[0]], [1], [2]))


# --- SparseTransposeTest ---------------------------------------------------------------------------

def test_SparseTransposeTest_testTranspose():
    np.random.seed(1618)
    shapes = [np.random.randint(1, 10, size=rank) for rank in range(1, 6)]
    for shape in shapes:
        for dtype in [np.int32, np.int64, np.float32, np.float64]:
            dn_input = np.random.randn(*shape).astype(dtype)
            perm = np.random.choice(dn_input.ndim, dn_input.ndim, False)
            sp_input, _ = _sparsify(dn_input)
            sp_trans = tf.sparse_transpose(sp_input, perm=perm)
            expected = np.transpose(dn_input, perm)
            assert sp_trans.get_shape().as_list() == list(expected.shape)
            np.testing.assert_array_equal(tf.sparse_tensor_to_dense(sp_trans).numpy(), expected)
