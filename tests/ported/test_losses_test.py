"""Ported behaviours of tensorflow/python/kernel_tests/losses_test.py (TF 1.15), eager mode: the literal
values of its asserts.  Left out: the graph-only halves (placeholders of unknown shape, collections,
feeds) and the tests that compare against a second graph."""

import numpy as np
import pytest
from numpy.testing import assert_allclose

import tfcompat as tf

PREDICTIONS = [[4, 8, 12], [8, 1, 3]]
LABELS = [[1, 9, 2], [-5, -2, 6]]


def _close(loss, expected, places=3):
    assert_allclose(float(loss), expected, atol=0.5 * 10 ** -places, rtol=0)


# --- AbsoluteDifferenceLossTest ------------------------------------------------------------------------------------

def _abs(**kw):
    return tf.losses.absolute_difference(tf.constant(LABELS, tf.float32), tf.constant(PREDICTIONS, tf.float32), **kw)


def test_AbsoluteDifferenceLossTest_testValueErrorThrownWhenWeightIsNone():
    with pytest.raises(ValueError):
        _abs(weights=None)


def test_AbsoluteDifferenceLossTest_testAllCorrectNoLossWeight():
    p = tf.constant(PREDICTIONS, tf.float32)
    _close(tf.losses.absolute_difference(p, p), 0.0)


def test_AbsoluteDifferenceLossTest_testNonZeroLoss():
    _close(_abs(), 5.5)


def test_AbsoluteDifferenceLossTest_testNonZeroLossWithPythonScalarWeight():
    _close(_abs(weights=2.3), 5.5 * 2.3)


def test_AbsoluteDifferenceLossTest_testNonZeroLossWithScalarTensorWeight():
    _close(_abs(weights=tf.constant(2.3)), 5.5 * 2.3)


def test_AbsoluteDifferenceLossTest_testNonZeroLossWithOneDimBatchSpecificWeights():
    _close(_abs(weights=tf.reshape(tf.constant([1.2, 0.0]), [2, 1])), 5.6)


def test_AbsoluteDifferenceLossTest_testNonZeroLossWithTwoDimBatchSpecificWeights():
    _close(_abs(weights=tf.constant([1.2, 0.0], shape=[2, 1])), 5.6)


def test_AbsoluteDifferenceLossTest_testNonZeroLossWithSampleSpecificWeights():
    _close(_abs(weights=tf.constant([3, 6, 5, 0, 4, 2], shape=[2, 3], dtype=tf.float32)), 16.6)


def test_AbsoluteDifferenceLossTest_testNonZeroLossWithSampleSpecificWeightsMostZero():
    _close(_abs(weights=tf.constant([0, 0, 0, 0, 0, 2], shape=[2, 3], dtype=tf.float32)), 6.0)


def test_AbsoluteDifferenceLossTest_testLossWithSampleSpecificWeightsAllZero():
    _close(_abs(weights=tf.zeros((2, 3))), 0.0)


# --- SoftmaxCrossEntropyLossTest -----------------------------------------------------------------------------------

LOGITS3 = [[10.0, 0.0, 0.0], [0.0, 10.0, 0.0], [0.0, 0.0, 10.0]]
WRONG3 = [[0, 0, 1], [1, 0, 0], [0, 1, 0]]


def test_SoftmaxCrossEntropyLossTest_testNoneWeightRaisesValueError():
    with pytest.raises(ValueError):
        tf.losses.softmax_cross_entropy(tf.eye(3), tf.constant(LOGITS3), weights=None)


def test_SoftmaxCrossEntropyLossTest_testAllCorrect():
    loss = tf.losses.softmax_cross_entropy(tf.constant([[1, 0, 0], [0, 1, 0], [0, 0, 1]]), tf.constant(LOGITS3))
    _close(loss, 0.0)


def test_SoftmaxCrossEntropyLossTest_testAllWrong():
    _close(tf.losses.softmax_cross_entropy(tf.constant(WRONG3), tf.constant(LOGITS3)), 10.0)


def test_SoftmaxCrossEntropyLossTest_testNonZeroLossWithPythonScalarWeight():
    _close(tf.losses.softmax_cross_entropy(tf.constant(WRONG3), tf.constant(LOGITS3), weights=2.3), 2.3 * 10.0)


def test_SoftmaxCrossEntropyLossTest_testNonZeroLossWithScalarTensorWeight():
    loss = tf.losses.softmax_cross_entropy(tf.constant(WRONG3), tf.constant(LOGITS3), weights=tf.constant(2.3))
    _close(loss, 2.3 * 10.0)


def test_SoftmaxCrossEntropyLossTest_testNonZeroLossWith1DTensorWeight():
    loss = tf.losses.softmax_cross_entropy(tf.constant(WRONG3), tf.constant(LOGITS3),
                                           weights=tf.constant((1.2, 3.4, 5.6)))
    _close(loss, (1.2 + 3.4 + 5.6) * 10.0 / 3.0)


def test_SoftmaxCrossEntropyLossTest_testAllWrongAllWeightsMissing():
    loss = tf.losses.softmax_cross_entropy(tf.constant(WRONG3), tf.constant(LOGITS3), weights=tf.constant([0, 0, 0],
                                                                                                          tf.float32))
    _close(loss, 0.0)


def test_SoftmaxCrossEntropyLossTest_testSomeWeightsMissing():
    loss = tf.losses.softmax_cross_entropy(tf.constant(WRONG3), tf.constant(LOGITS3),
                                           weights=tf.constant([1.2, 0, 0], tf.float32))
    _close(loss, 12.0)


def test_SoftmaxCrossEntropyLossTest_testSoftmaxWithMeasurementSpecificWeightsRaisesException():
    with pytest.raises(ValueError):
        tf.losses.softmax_cross_entropy(tf.constant(WRONG3), tf.constant(LOGITS3),
                                        weights=tf.constant([[0.1, 0.3, 0.1], [0.1, 0.4, 0.1], [0.7, 0.3, 0.0]]))


def test_SoftmaxCrossEntropyLossTest_testSoftmaxLabelSmoothing():
    logits = tf.constant([[100.0, -100.0, -100.0]])
    loss = tf.losses.softmax_cross_entropy(tf.constant([[1, 0, 0]]), logits, label_smoothing=0.1)
    _close(loss, 400.0 * 0.1 / 3.0)


# --- SparseSoftmaxCrossEntropyLossTest -----------------------------------------------------------------------------

def _sparse(labels, **kw):
    return tf.losses.sparse_softmax_cross_entropy(labels, tf.constant(LOGITS3), **kw)


def test_SparseSoftmaxCrossEntropyLossTest_testAllCorrectInt32Labels():
    _close(_sparse(tf.constant([[0], [1], [2]], dtype=tf.int32)), 0.0)


def test_SparseSoftmaxCrossEntropyLossTest_testAllCorrectInt64Labels():
    _close(_sparse(tf.constant([[0], [1], [2]], dtype=tf.int64)), 0.0)


def test_SparseSoftmaxCrossEntropyLossTest_testAllCorrectNonColumnLabels():
    _close(_sparse(tf.constant([0, 1, 2])), 0.0)


def test_SparseSoftmaxCrossEntropyLossTest_testAllWrongInt32Labels():
    _close(_sparse(tf.constant([[2], [0], [1]], dtype=tf.int32)), 10.0)


def test_SparseSoftmaxCrossEntropyLossTest_testAllWrongInt64Labels():
    _close(_sparse(tf.constant([[2], [0], [1]], dtype=tf.int64)), 10.0)


def test_SparseSoftmaxCrossEntropyLossTest_testAllWrongNonColumnLabels():
    _close(_sparse(tf.constant([2, 0, 1])), 10.0)


def test_SparseSoftmaxCrossEntropyLossTest_testNonZeroLossWithPythonScalarWeight():
    _close(_sparse(tf.constant([[2], [0], [1]]), weights=2.3), 2.3 * 10.0)


def test_SparseSoftmaxCrossEntropyLossTest_testNonZeroLossWithScalarTensorWeight():
    _close(_sparse(tf.constant([[2], [0], [1]]), weights=tf.constant(2.3)), 2.3 * 10.0)


def test_SparseSoftmaxCrossEntropyLossTest_testNonZeroLossWith1DTensorWeight():
    _close(_sparse(tf.constant([[2], [0], [1]]), weights=tf.constant([1.2, 3.4, 5.6])), (1.2 + 3.4 + 5.6) * 10 / 3)


def test_SparseSoftmaxCrossEntropyLossTest_testNonZeroLossWithColumnWeights():
    loss = _sparse(tf.constant([[2], [0], [1]]), weights=tf.constant([[1.2], [3.4], [5.6]]))
    _close(loss, (1.2 + 3.4 + 5.6) * 10.0 / 3.0)


def test_SparseSoftmaxCrossEntropyLossTest_testAllWrongAllWeightsMissing():
    _close(_sparse(tf.constant([[2], [0], [1]]), weights=tf.constant([0, 0, 0], tf.float32)), 0.0)


def test_SparseSoftmaxCrossEntropyLossTest_testSomeWeightsMissing():
    _close(_sparse(tf.constant([[2], [0], [1]]), weights=tf.constant([1.2, 0, 0], tf.float32)), 12.0)


# TF's test runs in graph mode, where Squeeze's shape function raises ValueError for the weights' last
# axis of size 3; eagerly TF's Squeeze kernel raises InvalidArgumentError (checked against TF 2.21's compat.v1)
def test_SparseSoftmaxCrossEntropyLossTest_testMeasurementSpecificWeightsRaisesException():
    with pytest.raises(tf.errors.InvalidArgumentError, match="Can not squeeze dim"):
        _sparse(tf.constant([[0], [1], [2]]),
                weights=tf.constant([[0.1, 0.3, 0.1], [0.1, 0.4, 0.1], [0.7, 0.3, 0.0]]))


def test_SparseSoftmaxCrossEntropyLossTest_testInconsistentWeightSizeRaisesException():
    with pytest.raises(ValueError):
        _sparse(tf.constant([[0], [1], [2]]), weights=tf.constant([1.2, 3.4, 5.6, 7.8]))


def test_SparseSoftmaxCrossEntropyLossTest_testInconsistentLabelSizeRaisesException():
    with pytest.raises(ValueError):
        _sparse(tf.constant([[0], [1], [2], [3]]), weights=tf.constant([1.2, 3.4, 5.6]))


def test_SparseSoftmaxCrossEntropyLossTest_testInconsistentWeightShapeRaisesException():
    with pytest.raises(tf.errors.InvalidArgumentError, match="Can not squeeze dim"):  # eagerly, as above
        tf.losses.sparse_softmax_cross_entropy(tf.constant([[0], [1], [2], [3]]), tf.constant(np.eye(4) * 10.0,
                                                                                              tf.float32),
                                               weights=tf.constant([[1.2, 3.4], [5.6, 7.8]]))


def test_SparseSoftmaxCrossEntropyLossTest_testInconsistentLabelShapeRaisesException():
    with pytest.raises((ValueError, tf.errors.InvalidArgumentError)):
        tf.losses.sparse_softmax_cross_entropy(tf.constant([[0, 1], [2, 3]]),
                                               tf.constant(np.eye(4) * 10.0, tf.float32),
                                               weights=tf.constant([1.2, 3.4, 5.6, 7.8]))


# --- SigmoidCrossEntropyLossTest -----------------------------------------------------------------------------------

SIG_LOGITS = [[100.0, -100.0, -100.0], [-100.0, 100.0, -100.0], [-100.0, -100.0, 100.0]]


def test_SigmoidCrossEntropyLossTest_testAllCorrectSigmoid():
    labels = tf.constant([[1, 0, 0], [0, 1, 0], [0, 0, 1]])
    _close(tf.losses.sigmoid_cross_entropy(labels, tf.constant(SIG_LOGITS)), 0.0)


def test_SigmoidCrossEntropyLossTest_testAllWrongSigmoid():
    _close(tf.losses.sigmoid_cross_entropy(tf.constant(WRONG3), tf.constant(SIG_LOGITS)), 600.0 / 9.0)


def test_SigmoidCrossEntropyLossTest_testAllWrongSigmoidWithMeasurementSpecificWeights():
    weights = tf.constant([[3, 4, 5], [2, 6, 0], [8, 0, 1]], tf.float32)
    _close(tf.losses.sigmoid_cross_entropy(tf.constant(WRONG3), tf.constant(SIG_LOGITS), weights), 1700.0 / 7.0)


def test_SigmoidCrossEntropyLossTest_testMultiCorrectSigmoid():
    logits = tf.constant([[100.0, -100.0, 100.0], [100.0, 100.0, -100.0], [-100.0, 100.0, 100.0]])
    labels = tf.constant([[1, 0, 1], [1, 1, 0], [0, 1, 1]])
    _close(tf.losses.sigmoid_cross_entropy(labels, logits), 0.0)


def test_SigmoidCrossEntropyLossTest_testSigmoidLabelSmoothingCorrect():
    logits = tf.constant([[100.0, -100.0, -100.0]])
    labels = tf.constant([[1, 0, 1]])
    loss = tf.losses.sigmoid_cross_entropy(labels, logits, label_smoothing=0.1)
    _close(loss, (100.0 + 50.0 * 0.1) / 3.0)


# --- LogLossTest ---------------------------------------------------------------------------------------------------

LOG_PRED = np.asarray([.9, .2, .2, .8, .4, .6]).reshape((2, 3))
LOG_LABELS = np.asarray([1.0, 0.0, 1.0, 1.0, 0.0, 0.0]).reshape((2, 3))
EXPECTED_LOG = np.multiply(LOG_LABELS, np.log(LOG_PRED + 1e-7)) + np.multiply(1 - LOG_LABELS,
                                                                             np.log(1 - LOG_PRED + 1e-7))


def test_LogLossTest_testAllCorrectNoLossWeight():
    _close(tf.losses.log_loss(tf.constant(LOG_LABELS), tf.constant(LOG_LABELS)), 0.0)


def test_LogLossTest_testNonZeroLoss():
    _close(tf.losses.log_loss(tf.constant(LOG_LABELS), tf.constant(LOG_PRED)), -np.sum(EXPECTED_LOG) / 6.0)


def test_LogLossTest_testNonZeroLossWithPythonScalarWeight():
    loss = tf.losses.log_loss(tf.constant(LOG_LABELS), tf.constant(LOG_PRED), weights=2.3)
    _close(loss, 2.3 * -np.sum(EXPECTED_LOG) / 6.0)


def test_LogLossTest_testNonZeroLossWithOneDimBatchSpecificWeights():
    weights = tf.constant((1.2, 3.4), shape=(2, 1))
    expected = np.multiply(EXPECTED_LOG, np.asarray([1.2, 1.2, 1.2, 3.4, 3.4, 3.4]).reshape((2, 3)))
    _close(tf.losses.log_loss(tf.constant(LOG_LABELS), tf.constant(LOG_PRED), weights), -np.sum(expected) / 6.0)


def test_LogLossTest_testNonZeroLossWithSampleSpecificWeightsMostZero():
    weights = np.array([0, 0, 0, 0, 0, 2]).reshape((2, 3))
    expected = np.multiply(EXPECTED_LOG, weights)
    loss = tf.losses.log_loss(tf.constant(LOG_LABELS), tf.constant(LOG_PRED), tf.constant(weights, tf.float32))
    _close(loss, -np.sum(expected), places=2)


def test_LogLossTest_testLossWithSampleSpecificWeightsAllZero():
    loss = tf.losses.log_loss(tf.constant(LOG_LABELS), tf.constant(LOG_PRED), tf.constant(np.zeros((2, 3)), tf.float32))
    _close(loss, 0.0)


# --- HingeLossTest -------------------------------------------------------------------------------------------------

def test_HingeLossTest_testIncompatibleShapes():
    with pytest.raises(ValueError):
        tf.losses.hinge_loss(tf.constant([0.0, 1.0]), tf.constant([[-1.0], [2.1]]))


def test_HingeLossTest_testAllOutsideMargin():
    _close(tf.losses.hinge_loss(tf.constant([1, 0, 0, 1]), tf.constant([1.2, -1.4, -1.0, 2.1])), 0.0)


def test_HingeLossTest_testSomeInsideMargin():
    loss = tf.losses.hinge_loss(tf.constant([[0.0], [0.0], [1.0], [1.0]]), tf.constant([[-0.7], [-1.4], [1.4], [0.6]]))
    _close(loss, 0.175)


def test_HingeLossTest_testSomeMisclassified():
    loss = tf.losses.hinge_loss(tf.constant([[[1.0], [0.0], [0.0], [1.0]]]),
                                tf.constant([[[1.2], [0.4], [-1.0], [-1.1]]]))
    _close(loss, 0.875)


# --- MeanSquaredErrorTest ------------------------------------------------------------------------------------------

def _mse(**kw):
    return tf.losses.mean_squared_error(tf.constant(LABELS, tf.float32), tf.constant(PREDICTIONS, tf.float32), **kw)


def test_MeanSquaredErrorTest_testValueErrorThrownWhenWeightIsNone():
    with pytest.raises(ValueError):
        _mse(weights=None)


def test_MeanSquaredErrorTest_testAllCorrectNoLossWeight():
    p = tf.constant(PREDICTIONS, tf.float32)
    _close(tf.losses.mean_squared_error(p, p), 0.0)


def test_MeanSquaredErrorTest_testNonZeroLoss():
    _close(_mse(), 49.5)


def test_MeanSquaredErrorTest_testNonZeroLossWithPythonScalarWeight():
    _close(_mse(weights=2.3), 49.5 * 2.3)


def test_MeanSquaredErrorTest_testNonZeroLossWithScalarTensorWeight():
    _close(_mse(weights=tf.constant(2.3)), 49.5 * 2.3)


def test_MeanSquaredErrorTest_testNonZeroLossWithOneDimBatchSpecificWeights():
    _close(_mse(weights=tf.constant([1.2, 3.4], shape=(2, 1))), 767.8 / 6.0)


def test_MeanSquaredErrorTest_testNonZeroLossWithSampleSpecificWeights():
    _close(_mse(weights=tf.constant([3, 6, 5, 0, 4, 2], shape=[2, 3], dtype=tf.float32)), 587 / 5.0)


def test_MeanSquaredErrorTest_testNonZeroLossWithSampleSpecificWeightsMostZero():
    _close(_mse(weights=tf.constant([0, 0, 0, 0, 0, 2], shape=[2, 3], dtype=tf.float32)), 18.0)


def test_MeanSquaredErrorTest_testLossWithSampleSpecificWeightsAllZero():
    _close(_mse(weights=tf.zeros((2, 3))), 0.0)


# --- MeanPairwiseSquaredErrorTest ----------------------------------------------------------------------------------

def _pairwise_expected(labels, predictions, count=None):
    """TF's test: per example, the squared differences of differences summed over the pairs i < j and
    divided by 3.  TF's formula divides by the number of present elements per example; under eager
    execution with a scalar nonzero weight, _num_present returns all the elements of the batch instead
    (``count``), so eager TF gives 2 / (N (N - 1)) * (N * sum(d ** 2) - sum(d) ** 2) per example."""
    expected = []
    for label_row, prediction_row in zip(np.asarray(labels, float), np.asarray(predictions, float)):
        diffs = (prediction_row - label_row).ravel()
        if count is None:
            total = sum((diffs[i] - diffs[j]) ** 2 for i in range(diffs.size - 1) for j in range(i + 1, diffs.size))
            expected.append(total / 3.0)
        else:
            expected.append(2.0 / (count * (count - 1)) * (count * np.sum(diffs ** 2) - np.sum(diffs) ** 2))
    return np.array(expected)


def test_MeanPairwiseSquaredErrorTest_testAllCorrectNoLossWeight():
    p = tf.constant(PREDICTIONS, tf.float32)
    _close(tf.losses.mean_pairwise_squared_error(p, p), 0.0)


# TF's scalar-weight asserts hold in graph mode; eagerly TF counts the batch's 6 elements (golden-confirmed)
def test_MeanPairwiseSquaredErrorTest_testNonZeroLoss():
    loss = tf.losses.mean_pairwise_squared_error(tf.constant(LABELS), tf.constant(PREDICTIONS))
    _close(loss, np.sum(_pairwise_expected(LABELS, PREDICTIONS, count=6)))


def test_MeanPairwiseSquaredErrorTest_testNonZeroLossWithPythonScalarWeight():
    loss = tf.losses.mean_pairwise_squared_error(tf.constant(LABELS), tf.constant(PREDICTIONS), weights=2.3)
    _close(loss, 2.3 * np.sum(_pairwise_expected(LABELS, PREDICTIONS, count=6)), places=2)


def test_MeanPairwiseSquaredErrorTest_testNonZeroLossWithOneDimBatchSpecificWeights():
    weights = np.asarray([2.0, 1.0]).reshape((2, 1))
    loss = tf.losses.mean_pairwise_squared_error(tf.constant(LABELS), tf.constant(PREDICTIONS),
                                                 weights=tf.constant(weights, tf.float32))
    _close(loss, np.sum(np.multiply(weights.ravel(), _pairwise_expected(LABELS, PREDICTIONS))))


def test_MeanPairwiseSquaredErrorTest_testLossWithAllZeroBatchSpecificWeights():
    loss = tf.losses.mean_pairwise_squared_error(tf.constant(LABELS), tf.constant(PREDICTIONS),
                                                 weights=tf.zeros((2, 1)))
    _close(loss, 0.0)


# --- CosineDistanceLossTest ----------------------------------------------------------------------------------------

COS_PRED = np.asarray([[1, 0, 0], [0, 0, -1], [1, 0, 0], [1, 0, 0], [0, 0, -1], [1, 0, 0]]).reshape((3, 2, 3))
COS_LABELS = np.asarray([[1, 0, 0], [0, 0, 1], [0, 1, 0], [1, 0, 0], [0, 0, 1], [0, 1, 0]]).reshape((3, 2, 3))


def _cos(**kw):
    return tf.losses.cosine_distance(tf.constant(COS_LABELS, tf.float32), tf.constant(COS_PRED, tf.float32), dim=2,
                                     **kw)


def test_CosineDistanceLossTest_testValueErrorThrownWhenWeightIsNone():
    with pytest.raises(ValueError):
        _cos(weights=None)


def test_CosineDistanceLossTest_testAllCorrectNoWeights():
    labels = tf.constant(COS_LABELS, tf.float32)
    _close(tf.losses.cosine_distance(labels, labels, dim=2), 0.0, places=5)


def test_CosineDistanceLossTest_testPartiallyCorrectWithIntegerValues():
    _close(_cos(), 1.0, places=5)


def test_CosineDistanceLossTest_testPartiallyCorrectFloatingPointValues():
    predictions = np.array([[0.819031913261206, 0.567041924552012, 0.087465312324590],
                            [-0.665139432070255, -0.739487441769973, -0.103671883216994],
                            [0.707106781186548, -0.707106781186548, 0]]).reshape((3, 1, 3))
    labels = np.array([[0.819031913261206, 0.567041924552012, 0.087465312324590],
                       [0.665139432070255, 0.739487441769973, 0.103671883216994],
                       [0.707106781186548, 0.707106781186548, 0]]).reshape((3, 1, 3))
    loss = tf.losses.cosine_distance(tf.constant(labels, tf.float32), tf.constant(predictions, tf.float32), dim=2)
    _close(loss, 1.0, places=5)


def test_CosineDistanceLossTest_testSampleSpecificWeights():
    _close(_cos(weights=np.asarray((1, 0, 0)).reshape((3, 1, 1))), 1.0)


def test_CosineDistanceLossTest_testMeasurementSpecificWeights():
    _close(_cos(weights=tf.constant([1, 0, 0, 1, 1, 1], shape=(3, 2, 1), dtype=tf.float32)), 3.0 / 4.0)


def test_CosineDistanceLossTest_testZeroLossWhenAllSampleSpecificWeightsAreZero():
    _close(_cos(weights=tf.zeros((3, 1, 1))), 0)


def test_CosineDistanceLossTest_testZeroLossWhenAllMeasurementSpecificWeightsAreZero():
    _close(_cos(weights=tf.zeros((3, 2, 1))), 0)


# --- ComputeWeightedLossTest (eager parts) -------------------------------------------------------------------------

RAW = np.asarray(((12, 4, 8), (1, 11, 2)), dtype=np.float32)


def test_ComputeWeightedLossTest_testInvalidWeightTooManyDims():
    with pytest.raises(ValueError):
        tf.losses.compute_weighted_loss(tf.constant(RAW), weights=tf.constant(((((0.5,),),),)) * np.ones((1, 1, 1, 1)))


def test_ComputeWeightedLossTest_testInvalidWeightMismatchedDim():
    with pytest.raises(ValueError):
        tf.losses.compute_weighted_loss(tf.constant(RAW), weights=tf.constant(((17.0, 5.0),)))


def test_ComputeWeightedLossTest_testScalarWeight():
    for reduction, expected in ((tf.losses.Reduction.NONE, RAW * 2.0), (tf.losses.Reduction.SUM, RAW.sum() * 2.0),
                                (tf.losses.Reduction.MEAN, RAW.mean()),
                                (tf.losses.Reduction.SUM_OVER_BATCH_SIZE, RAW.mean() * 2.0),
                                (tf.losses.Reduction.SUM_BY_NONZERO_WEIGHTS, RAW.mean() * 2.0)):
        loss = tf.losses.compute_weighted_loss(tf.constant(RAW), weights=2.0, reduction=reduction)
        assert_allclose(loss.numpy(), expected, rtol=1e-6)


def test_ComputeWeightedLossTest_testZeroWeightsNonzeroCount():
    weights = tf.constant([[0.0, 1.0, 0.0], [0.0, 0.0, 2.0]])
    loss = tf.losses.compute_weighted_loss(tf.constant(RAW), weights=weights)
    assert_allclose(loss.numpy(), (4.0 + 2.0 * 2.0) / 2.0)
    loss = tf.losses.compute_weighted_loss(tf.constant(RAW), weights=weights, reduction=tf.losses.Reduction.MEAN)
    assert_allclose(loss.numpy(), (4.0 + 2.0 * 2.0) / 3.0)
