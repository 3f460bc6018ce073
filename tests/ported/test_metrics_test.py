"""Ported behaviours of tensorflow/contrib/eager/python/metrics_test.py (TF 1.15), eager mode.

Left out: the graph-mode tests (testVariableCollections, testUseGlobalVariablesCollections,
testMetricsChain, testGraphWithPlaceholder, testTwoMeansGraph), testWriteSummaries (summaries
arrive with the summaries work) and testSaveRestore (checkpoints).
"""

import pytest

import tfcompat as tf

metrics = tf.contrib.eager.metrics


def test_MetricsTest_testMean():
    m = metrics.Mean()
    m([1, 10, 100])
    m(1000)
    m([10000.0, 100000.0])
    assert m.result().numpy() == 111111.0 / 6
    assert m.dtype == tf.float64
    assert m.result().dtype == tf.float64


def test_MetricsTest_testInitVariables():
    m = metrics.Mean()
    m([1, 10, 100, 1000])
    m([10000.0, 100000.0])
    assert m.result().numpy() == 111111.0 / 6
    m.init_variables()
    m(7)
    assert m.result().numpy() == 7.0


def test_MetricsTest_testWeightedMean():
    m = metrics.Mean()
    m([1, 100, 100000], weights=[1, 0.2, 0.3])
    m([500000, 5000, 500])  # weights of 1 each
    assert m.result().numpy() == pytest.approx(535521 / 4.5, abs=0.001)


def test_MetricsTest_testMeanDtype():
    m = metrics.Mean(dtype=tf.float32)
    m([0, 2])
    assert m.result().numpy() == 1
    assert m.dtype == tf.float32
    assert m.result().dtype == tf.float32


def test_MetricsTest_testAccuracy():
    m = metrics.Accuracy()
    m([0, 1, 2, 3], [0, 0, 0, 0])  # 1 correct
    m([4], [4])  # 1 correct
    m([5], [0])  # 0 correct
    m([6], [6])  # 1 correct
    m([7], [2])  # 0 correct
    assert m.result().numpy() == 3.0 / 8
    assert m.dtype == tf.float64
    assert m.result().dtype == tf.float64


def test_MetricsTest_testCategoricalAccuracy():
    m = metrics.CategoricalAccuracy()
    m([[1, 0, 0, 0], [0, 1, 0, 0]], [[0.6, 0.1, 0.25, 0.05], [0.4, 0.05, 0.45, 0.0]])  # 1/2 correct
    m([[0, 0, 0, 1]], [[0.25, 0.95, 0.25, 0.0]])  # 0/1 correct
    m([[1, 0, 0, 0], [0, 1, 0, 0]], [[0.99, 0.01, 0.0, 0.0], [0.35, 0.35, 0.3, 0.0]])  # 1/2 correct
    assert m.result().numpy() == 2.0 / 5
    assert m.dtype == tf.float64
    assert m.result().dtype == tf.float64


def test_MetricsTest_testBinaryAccuracyPredictionsAsProbabilities():
    m = metrics.BinaryAccuracy(threshold=0.5)
    m([[0, 0, 1, 0]], [[0.6, 0.1, 0.25, 0.05]])  # 2/4 correct
    m([[1, 0], [0, 1]], [[0.8, 0.1], [0.45, 0.55]])  # 4/4 correct
    assert m.result().numpy() == 6.0 / 8
    assert m.result().dtype == tf.float64


def test_MetricsTest_testSparseAccuracy():
    m = metrics.SparseAccuracy()
    m([0, 2], [[0.6, 0.1, 0.25, 0.05], [0.4, 0.05, 0.45, 0.0]])  # 2/2 correct
    m([1], [[0.25, 0.95, 0.25, 0.0]])  # 1/1 correct
    m([0, 3], [[0.99, 0.01, 0.0, 0.0], [0.35, 0.35, 0.3, 0.0]])  # 1/2 correct
    assert m.result().numpy() == 4.0 / 5
    assert m.dtype == tf.float64
    assert m.result().dtype == tf.float64


def test_MetricsTest_testAccuracyDifferentShapes():
    m = metrics.Accuracy()
    with pytest.raises(tf.errors.InvalidArgumentError):
        m([[0], [0]], [0, 1])


def test_MetricsTest_testTwoMeans():
    # Two metrics of the same class and name do not share state.
    m1 = metrics.Mean()
    m1(0)
    m2 = metrics.Mean()
    m2(2)
    assert m1.result().numpy() == 0.0
    assert m2.result().numpy() == 2.0


def test_MetricsTest_testNamesWithSpaces():
    m1 = metrics.Mean("has space")
    m1(0)
    assert m1.name == "has space"
    assert m1.numer.name == "has_space/numer:0"
