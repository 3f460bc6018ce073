"""Ported behaviours of tensorflow/python/keras/metrics_test.py and metrics_confusion_matrix_test.py
(TF 1.15), eager mode.  Left out: the graph/tf.function, distribution, serialization-to-h5 and
model-saving tests."""

import numpy as np
import pytest

import tfcompat as tf

metrics = tf.keras.metrics


def test_KerasSumTest_test_sum():
    m = metrics.Sum(name="my_sum")
    assert m.name == "my_sum"
    assert m.stateful
    assert m.dtype == tf.float32
    assert len(m.variables) == 1
    assert m.total.numpy() == 0
    assert m(100).numpy() == 100
    assert m.total.numpy() == 100
    m.update_state(tf.convert_to_tensor([1, 5]))
    assert m.result().numpy() == pytest.approx(106)
    assert m.total.numpy() == 106
    m.reset_states()
    assert m.total.numpy() == 0


def test_KerasSumTest_test_sum_with_sample_weight():
    m = metrics.Sum(dtype=tf.float64)
    assert m.dtype == tf.float64
    assert m(100, sample_weight=0.5).numpy() == 50
    assert m.total.numpy() == 50
    assert m([1, 5], sample_weight=[1, 0.2]).numpy() == pytest.approx(52.0, abs=1e-4)  # 50 + 1 + 5 * 0.2
    assert m([1, 2], sample_weight=0.5).numpy() == pytest.approx(53.5, abs=0.1)  # weights broadcast
    assert m([1, 5], sample_weight=[[1], [0.2]]).numpy() == pytest.approx(55.5, abs=0.1)  # weights squeezed
    assert m([[1], [5]], sample_weight=[1, 0.2]).numpy() == pytest.approx(57.5, abs=0.01)  # weights expanded
    # values reduced to the weights' dimensions: [[1, 2], [3, 4]] summed over the last axis, then weighted
    assert m([[[1.0, 2.0]], [[3.0, 4.0]]], sample_weight=[[1], [0.5]]).numpy() == pytest.approx(57.5 + 3 + 3.5)


def test_KerasMeanTest_test_mean():
    m = metrics.Mean(name="my_mean")
    assert m.name == "my_mean"
    assert m.stateful
    assert m.dtype == tf.float32
    assert len(m.variables) == 2
    assert m.total.numpy() == 0 and m.count.numpy() == 0
    assert m(100).numpy() == 100
    assert m.total.numpy() == 100 and m.count.numpy() == 1
    m.update_state([1, 5])
    assert m.result().numpy() == pytest.approx(106 / 3, abs=1e-5)
    assert m.total.numpy() == 106 and m.count.numpy() == 3
    m.reset_states()
    assert m.total.numpy() == 0 and m.count.numpy() == 0


def test_KerasMeanTest_test_mean_with_sample_weight():
    m = metrics.Mean(dtype=tf.float64)
    assert m.dtype == tf.float64
    assert m(100, sample_weight=0.5).numpy() == 100
    assert m.total.numpy() == 50 and m.count.numpy() == 0.5
    assert m([1, 5], sample_weight=[1, 0.2]).numpy() == pytest.approx(52 / 1.7, abs=1e-5)
    assert m.total.numpy() == pytest.approx(52) and m.count.numpy() == pytest.approx(1.7)
    assert m([1, 2], sample_weight=0.5).numpy() == pytest.approx(53.5 / 2.7, abs=0.01)
    assert m([1, 5], sample_weight=[[1], [0.2]]).numpy() == pytest.approx(55.5 / 3.9, abs=0.01)
    assert m([[1], [5]], sample_weight=[1, 0.2]).numpy() == pytest.approx(57.5 / 5.1, abs=0.01)


def test_KerasAccuracyTest_test_accuracy():
    acc_obj = metrics.Accuracy(name="my_acc")
    assert acc_obj.name == "my_acc"
    assert acc_obj.stateful
    assert len(acc_obj.variables) == 2
    assert acc_obj.dtype == tf.float32
    assert acc_obj([[1], [2], [3], [4]], [[1], [2], [3], [4]]).numpy() == 1
    result_t = acc_obj([[2], [1]], [[2], [0]], sample_weight=[[0.5], [0.2]])
    assert result_t.numpy() == pytest.approx(0.96, abs=0.01)  # 4.5 / 4.7


def test_KerasAccuracyTest_test_binary_accuracy():
    acc_obj = metrics.BinaryAccuracy(name="my_acc")
    assert acc_obj.name == "my_acc"
    assert acc_obj([[1], [0]], [[1], [0]]).numpy() == 1
    acc_obj.reset_states()
    assert acc_obj([1, 0], [1, 0]).numpy() == 1  # rank 1
    acc_obj.reset_states()
    assert acc_obj([[1], [0]], [[1]] * 2).numpy() == pytest.approx(0.5)  # y_pred rank 2
    acc_obj.reset_states()
    assert acc_obj([[1], [0]], [[0.5], [0.2]], sample_weight=[[0.5], [0.2]]).numpy() == pytest.approx(0.2 / 0.7,
                                                                                                       abs=0.01)


def test_KerasAccuracyTest_test_binary_accuracy_threshold():
    acc_obj = metrics.BinaryAccuracy(threshold=0.7)
    assert acc_obj([[1], [1], [0], [0]], [[0.9], [0.6], [0.4], [0.8]]).numpy() == pytest.approx(0.5)


def test_KerasAccuracyTest_test_categorical_accuracy():
    acc_obj = metrics.CategoricalAccuracy(name="my_acc")
    assert acc_obj([[0, 0, 1], [0, 1, 0]], [[0.1, 0.1, 0.8], [0.05, 0.95, 0]]).numpy() == 1
    result_t = acc_obj([[0, 0, 1], [0, 1, 0]], [[0.1, 0.1, 0.8], [0.05, 0, 0.95]], sample_weight=[[0.5], [0.2]])
    assert result_t.numpy() == pytest.approx(2.5 / 2.7, abs=0.01)


def test_KerasAccuracyTest_test_sparse_categorical_accuracy():
    acc_obj = metrics.SparseCategoricalAccuracy(name="my_acc")
    assert acc_obj([[2], [1]], [[0.1, 0.1, 0.8], [0.05, 0.95, 0]]).numpy() == 1
    result_t = acc_obj([[2], [1]], [[0.1, 0.1, 0.8], [0.05, 0, 0.95]], sample_weight=[[0.5], [0.2]])
    assert result_t.numpy() == pytest.approx(2.5 / 2.7, abs=0.01)


def test_TopKCategoricalAccuracyTest_test_correctness():
    a_obj = metrics.TopKCategoricalAccuracy()
    y_true = tf.constant([[0, 0, 1], [0, 1, 0]])
    y_pred = tf.constant([[0.1, 0.9, 0.8], [0.05, 0.95, 0]])
    assert a_obj(y_true, y_pred).numpy() == 1  # both the samples match
    a_obj = metrics.TopKCategoricalAccuracy(k=1)
    assert a_obj(y_true, y_pred).numpy() == 0.5  # only sample #2 matches


def test_SparseTopKCategoricalAccuracyTest_test_correctness():
    a_obj = metrics.SparseTopKCategoricalAccuracy()
    y_true = tf.constant([2, 1])
    y_pred = tf.constant([[0.1, 0.9, 0.8], [0.05, 0.95, 0]])
    assert a_obj(y_true, y_pred).numpy() == 1
    a_obj = metrics.SparseTopKCategoricalAccuracy(k=1)
    assert a_obj(y_true, y_pred).numpy() == 0.5


def test_RootMeanSquaredErrorTest_test_unweighted():
    rmse_obj = metrics.RootMeanSquaredError()
    y_true = tf.constant((2, 4, 6))
    y_pred = tf.constant((1, 3, 2))
    assert rmse_obj(y_true, y_pred).numpy() == pytest.approx(np.sqrt(6), abs=1e-3)


def test_RootMeanSquaredErrorTest_test_weighted():
    rmse_obj = metrics.RootMeanSquaredError()
    y_true = tf.constant((2, 4, 6, 8))
    y_pred = tf.constant((1, 3, 2, 3))
    sample_weight = tf.constant((0, 1, 0, 1))
    assert rmse_obj(y_true, y_pred, sample_weight=sample_weight).numpy() == pytest.approx(np.sqrt(13), abs=1e-3)


def test_MeanIoUTest_test_unweighted():
    m_obj = metrics.MeanIoU(num_classes=2)
    result = m_obj([0, 0, 1, 1], [0, 1, 0, 1]).numpy()
    # cm = [[1, 1], [1, 1]]; sum_row = [2, 2], sum_col = [2, 2], true_positives = [1, 1]
    assert result == pytest.approx((1 / (2 + 2 - 1) + 1 / (2 + 2 - 1)) / 2, abs=1e-3)


def test_MeanIoUTest_test_weighted():
    m_obj = metrics.MeanIoU(num_classes=2)
    result = m_obj(tf.constant([0, 0, 1, 1]), tf.constant([0, 1, 0, 1]),
                   sample_weight=tf.constant([0.2, 0.3, 0.4, 0.1])).numpy()
    # cm = [[0.2, 0.3], [0.4, 0.1]]; sum_row = [0.6, 0.4], sum_col = [0.5, 0.5], true_positives = [0.2, 0.1]
    assert result == pytest.approx((0.2 / (0.6 + 0.5 - 0.2) + 0.1 / (0.4 + 0.5 - 0.1)) / 2, abs=1e-3)


def test_MeanIoUTest_test_zero_valid_entries():
    assert metrics.MeanIoU(num_classes=2).result().numpy() == 0


def test_TruePositivesTest_test_unweighted():
    tp_obj = metrics.TruePositives()
    y_true = tf.constant(((0, 1, 0, 1, 0), (0, 0, 1, 1, 1), (1, 1, 1, 1, 0), (0, 0, 0, 0, 1)))
    y_pred = tf.constant(((0, 0, 1, 1, 0), (1, 1, 1, 1, 1), (0, 1, 0, 1, 0), (1, 1, 1, 1, 1)))
    assert tp_obj(y_true, y_pred).numpy() == 7.0


def test_TruePositivesTest_test_weighted():
    tp_obj = metrics.TruePositives()
    y_true = tf.constant(((0, 1, 0, 1, 0), (0, 0, 1, 1, 1), (1, 1, 1, 1, 0), (0, 0, 0, 0, 1)))
    y_pred = tf.constant(((0, 0, 1, 1, 0), (1, 1, 1, 1, 1), (0, 1, 0, 1, 0), (1, 1, 1, 1, 1)))
    sample_weight = tf.constant((1.0, 1.5, 2.0, 2.5))
    assert tp_obj(y_true, y_pred, sample_weight=sample_weight).numpy() == 12.0


def test_TruePositivesTest_test_unweighted_with_thresholds():
    tp_obj = metrics.TruePositives(thresholds=[0.15, 0.5, 0.85])
    y_pred = tf.constant(((0.9, 0.2, 0.8, 0.1), (0.2, 0.9, 0.7, 0.6), (0.1, 0.2, 0.4, 0.3), (0, 1, 0.7, 0.3)))
    y_true = tf.constant(((0, 1, 1, 0), (1, 0, 0, 0), (0, 0, 0, 0), (0, 1, 1, 1)))
    np.testing.assert_allclose(tp_obj(y_true, y_pred).numpy(), [6.0, 3.0, 1.0])


def test_FalsePositivesTest_test_unweighted():
    fp_obj = metrics.FalsePositives()
    y_true = tf.constant(((0, 1, 0, 1, 0), (0, 0, 1, 1, 1), (1, 1, 1, 1, 0), (0, 0, 0, 0, 1)))
    y_pred = tf.constant(((0, 0, 1, 1, 0), (1, 1, 1, 1, 1), (0, 1, 0, 1, 0), (1, 1, 1, 1, 1)))
    assert fp_obj(y_true, y_pred).numpy() == 7.0


def test_FalseNegativesTest_test_unweighted():
    fn_obj = metrics.FalseNegatives()
    y_true = tf.constant(((0, 1, 0, 1, 0), (0, 0, 1, 1, 1), (1, 1, 1, 1, 0), (0, 0, 0, 0, 1)))
    y_pred = tf.constant(((0, 0, 1, 1, 0), (1, 1, 1, 1, 1), (0, 1, 0, 1, 0), (1, 1, 1, 1, 1)))
    assert fn_obj(y_true, y_pred).numpy() == 3.0


def test_TrueNegativesTest_test_unweighted():
    tn_obj = metrics.TrueNegatives()
    y_true = tf.constant(((0, 1, 0, 1, 0), (0, 0, 1, 1, 1), (1, 1, 1, 1, 0), (0, 0, 0, 0, 1)))
    y_pred = tf.constant(((0, 0, 1, 1, 0), (1, 1, 1, 1, 1), (0, 1, 0, 1, 0), (1, 1, 1, 1, 1)))
    assert tn_obj(y_true, y_pred).numpy() == 3.0


def test_PrecisionTest_test_unweighted():
    p_obj = metrics.Precision()
    y_pred = tf.constant([1, 0, 1, 0], shape=(1, 4))
    y_true = tf.constant([0, 1, 1, 0], shape=(1, 4))
    assert p_obj(y_true, y_pred).numpy() == pytest.approx(0.5)


def test_PrecisionTest_test_unweighted_top_k():
    p_obj = metrics.Precision(top_k=3)
    y_pred = tf.constant([0.2, 0.1, 0.5, 0, 0.2], shape=(1, 5))
    y_true = tf.constant([0, 1, 1, 0, 0], shape=(1, 5))
    assert p_obj(y_true, y_pred).numpy() == pytest.approx(1.0 / 3)


def test_PrecisionTest_test_unweighted_class_id():
    p_obj = metrics.Precision(class_id=2)
    y_pred = tf.constant([0.2, 0.1, 0.6, 0, 0.2], shape=(1, 5))
    y_true = tf.constant([0, 1, 1, 0, 0], shape=(1, 5))
    assert p_obj(y_true, y_pred).numpy() == 1
    assert p_obj.true_positives.numpy() == 1
    assert p_obj.false_positives.numpy() == 0


def test_PrecisionTest_test_zero_division():
    assert metrics.Precision().result().numpy() == 0


def test_RecallTest_test_unweighted():
    r_obj = metrics.Recall()
    y_pred = tf.constant([1, 0, 1, 0], shape=(1, 4))
    y_true = tf.constant([0, 1, 1, 0], shape=(1, 4))
    assert r_obj(y_true, y_pred).numpy() == pytest.approx(0.5)


def test_RecallTest_test_invalid_thresholds():
    with pytest.raises(ValueError, match=r"Threshold values must be in \[0, 1\]. Invalid values: \[-1.0\]"):
        metrics.Recall(thresholds=[-1.0])


def test_AUCTest_test_config():
    auc_obj = metrics.AUC(num_thresholds=100, curve="PR", summation_method="majoring", name="auc_1")
    assert auc_obj.name == "auc_1"
    assert len(auc_obj.variables) == 4
    assert auc_obj.num_thresholds == 100
    assert auc_obj.curve == "PR"
    assert auc_obj.summation_method == "majoring"


def test_AUCTest_test_unweighted_all_correct():
    auc_obj = metrics.AUC()
    y_true = tf.constant([0, 0, 1, 1])
    assert auc_obj(y_true, tf.cast(y_true, tf.float32)).numpy() == 1


def test_AUCTest_test_invalid_num_thresholds():
    with pytest.raises(ValueError, match="`num_thresholds` must be > 1."):
        metrics.AUC(num_thresholds=-1)


def test_AUCTest_test_invalid_curve():
    with pytest.raises(ValueError, match='Invalid AUC curve value "Invalid".'):
        metrics.AUC(curve="Invalid")


def test_AUCTest_test_invalid_summation_method():
    with pytest.raises(ValueError, match='Invalid AUC summation method value "Invalid".'):
        metrics.AUC(summation_method="Invalid")


# --- MeanRelativeError, MeanTensor (metrics_test.py) --------------------------------------------------

def test_MeanRelativeErrorTest_test_config():
    normalizer = tf.constant([1, 3], dtype=tf.float32)
    mre_obj = metrics.MeanRelativeError(normalizer=normalizer, name="mre")
    assert mre_obj.name == "mre"
    np.testing.assert_allclose(mre_obj.normalizer.numpy(), [1, 3], atol=1e-1)
    mre_obj2 = metrics.MeanRelativeError.from_config(mre_obj.get_config())
    assert mre_obj2.name == "mre"
    np.testing.assert_allclose(mre_obj2.normalizer.numpy(), [1, 3], atol=1e-1)


def test_MeanRelativeErrorTest_test_unweighted():
    np_y_pred = np.asarray([2, 4, 6, 8], dtype=np.float32)
    np_y_true = np.asarray([1, 3, 2, 3], dtype=np.float32)
    expected_error = np.mean(np.divide(np.absolute(np_y_pred - np_y_true), np_y_true))
    y_pred = tf.constant(np_y_pred, shape=(1, 4), dtype=tf.float32)
    y_true = tf.constant(np_y_true, shape=(1, 4))
    mre_obj = metrics.MeanRelativeError(normalizer=y_true)
    np.testing.assert_allclose(mre_obj(y_true, y_pred).numpy(), expected_error, atol=1e-3)


def test_MeanRelativeErrorTest_test_weighted():
    np_y_pred = np.asarray([2, 4, 6, 8], dtype=np.float32)
    np_y_true = np.asarray([1, 3, 2, 3], dtype=np.float32)
    sample_weight = np.asarray([0.2, 0.3, 0.5, 0], dtype=np.float32)
    rel_errors = np.divide(np.absolute(np_y_pred - np_y_true), np_y_true)
    expected_error = np.sum(rel_errors * sample_weight)
    y_pred = tf.constant(np_y_pred, dtype=tf.float32)
    y_true = tf.constant(np_y_true)
    mre_obj = metrics.MeanRelativeError(normalizer=y_true)
    result = mre_obj(y_true, y_pred, sample_weight=tf.constant(sample_weight))
    np.testing.assert_allclose(result.numpy(), expected_error, atol=1e-3)


def test_MeanRelativeErrorTest_test_zero_normalizer():
    y_pred = tf.constant([2, 4], dtype=tf.float32)
    y_true = tf.constant([1, 3])
    mre_obj = metrics.MeanRelativeError(normalizer=tf.zeros_like(y_true))
    assert mre_obj(y_true, y_pred).numpy() == 0


def test_MeanTensorTest_test_config():
    m = metrics.MeanTensor(name="mean_by_element")
    assert m.name == "mean_by_element"
    assert m.stateful
    assert m.dtype == tf.float32
    assert len(m.variables) == 0
    with pytest.raises(ValueError, match="does not have any result yet"):
        m.result()
    m([[3], [5], [3]])
    assert m._shape.as_list() == [3, 1]
    m2 = metrics.MeanTensor.from_config(m.get_config())
    assert m2.name == "mean_by_element"
    assert m2.stateful
    assert m2.dtype == tf.float32
    assert len(m2.variables) == 0


def test_MeanTensorTest_test_unweighted():
    m = metrics.MeanTensor(dtype=tf.float64)
    np.testing.assert_allclose(m([100, 40]).numpy(), [100, 40])
    np.testing.assert_allclose(m.total.numpy(), [100, 40])
    np.testing.assert_allclose(m.count.numpy(), [1, 1])
    m.update_state(tf.convert_to_tensor([1, 5]))
    np.testing.assert_allclose(m.result().numpy(), [50.5, 22.5])
    np.testing.assert_allclose(m.total.numpy(), [101, 45])
    np.testing.assert_allclose(m.count.numpy(), [2, 2])
    m.reset_states()
    np.testing.assert_allclose(m.total.numpy(), [0, 0])
    np.testing.assert_allclose(m.count.numpy(), [0, 0])


def test_MeanTensorTest_test_weighted():
    m = metrics.MeanTensor(dtype=tf.float64)
    assert m.dtype == tf.float64
    np.testing.assert_allclose(m([100, 30], sample_weight=0.5).numpy(), [100, 30])  # scalar weight
    np.testing.assert_allclose(m.total.numpy(), [50, 15])
    np.testing.assert_allclose(m.count.numpy(), [0.5, 0.5])
    np.testing.assert_allclose(m([1, 5], sample_weight=[1, 0.2]).numpy(), [51 / 1.5, 16 / 0.7], rtol=1e-6)
    np.testing.assert_allclose(m.total.numpy(), [51, 16], rtol=1e-6)
    np.testing.assert_allclose(m.count.numpy(), [1.5, 0.7], rtol=1e-6)
    np.testing.assert_allclose(m([1, 2], sample_weight=0.5).numpy(), [51.5 / 2, 17 / 1.2], rtol=1e-6)  # broadcast
    np.testing.assert_allclose(m.total.numpy(), [51.5, 17], rtol=1e-6)
    np.testing.assert_allclose(m.count.numpy(), [2, 1.2], rtol=1e-6)
    np.testing.assert_allclose(m([1, 5], sample_weight=[[1], [0.2]]).numpy(), [52.5 / 3, 18 / 1.4],
                               rtol=1e-6)  # weights squeezed
    np.testing.assert_allclose(m.total.numpy(), [52.5, 18], rtol=1e-6)
    np.testing.assert_allclose(m.count.numpy(), [3, 1.4], rtol=1e-6)
    m = metrics.MeanTensor(dtype=tf.float64)  # weights expanded
    np.testing.assert_allclose(m([[1], [5]], sample_weight=[1, 0.2]).numpy(), [[1], [5]], rtol=1e-6)
    np.testing.assert_allclose(m.total.numpy(), [[1], [1]], rtol=1e-6)
    np.testing.assert_allclose(m.count.numpy(), [[1], [0.2]], rtol=1e-6)


def test_MeanTensorTest_test_invalid_value_shape():
    m = metrics.MeanTensor(dtype=tf.float64)
    m([1])
    with pytest.raises(ValueError, match="MeanTensor input values must always have the same shape"):
        m([1, 5])


# --- SensitivityAtSpecificity, SpecificityAtSensitivity (metrics_confusion_matrix_test.py) -----------------

_HIGH = [0.0, 0.1, 0.2, 0.3, 0.4, 0.1, 0.45, 0.5, 0.8, 0.9]
_LOW = [0.0, 0.1, 0.2, 0.3, 0.4, 0.01, 0.02, 0.25, 0.26, 0.26]
_LABELS = [0, 0, 0, 0, 0, 1, 1, 1, 1, 1]


@pytest.mark.parametrize("cls, attribute", [("SensitivityAtSpecificity", "specificity"),
                                            ("SpecificityAtSensitivity", "sensitivity")])
def test_SensitivityAtSpecificityTest_test_config(cls, attribute):
    name = f"{attribute}_at_x_1"
    s_obj = getattr(metrics, cls)(0.4, num_thresholds=100, name=name)
    assert s_obj.name == name and len(s_obj.variables) == 4
    assert getattr(s_obj, attribute) == 0.4 and s_obj.num_thresholds == 100
    s_obj2 = getattr(metrics, cls).from_config(s_obj.get_config())
    assert s_obj2.name == name and len(s_obj2.variables) == 4
    assert getattr(s_obj2, attribute) == 0.4 and s_obj2.num_thresholds == 100


@pytest.mark.parametrize("cls", ["SensitivityAtSpecificity", "SpecificityAtSensitivity"])
def test_SensitivityAtSpecificityTest_test_value_is_idempotent(cls):
    s_obj = getattr(metrics, cls)(0.7)
    y_pred = tf.random.uniform((10, 3), maxval=1, dtype=tf.float32, seed=1)
    y_true = tf.random.uniform((10, 3), maxval=2, dtype=tf.int64, seed=1)
    for _ in range(10):
        s_obj.update_state(y_true, y_pred)
    initial = s_obj.result().numpy()
    for _ in range(10):
        assert s_obj.result().numpy() == pytest.approx(initial, abs=1e-3)


@pytest.mark.parametrize("cls", ["SensitivityAtSpecificity", "SpecificityAtSensitivity"])
def test_SensitivityAtSpecificityTest_test_unweighted_all_correct(cls):
    inputs = np.random.RandomState(0).randint(0, 2, size=(100, 1))
    result = getattr(metrics, cls)(0.7)(tf.constant(inputs), tf.constant(inputs, dtype=tf.float32))
    assert result.numpy() == pytest.approx(1)


@pytest.mark.parametrize("cls, value, predictions, expected", [
    ("SensitivityAtSpecificity", 0.8, _HIGH, 0.8),  # test_unweighted_high_specificity
    ("SensitivityAtSpecificity", 0.4, _LOW, 0.6),  # test_unweighted_low_specificity
    ("SpecificityAtSensitivity", 0.8, _HIGH, 0.4),  # test_unweighted_high_sensitivity
    ("SpecificityAtSensitivity", 0.4, _LOW, 0.6),  # test_unweighted_low_sensitivity
])
def test_SensitivityAtSpecificityTest_test_unweighted(cls, value, predictions, expected):
    s_obj = getattr(metrics, cls)(value)
    result = s_obj(tf.constant(_LABELS), tf.constant(predictions, dtype=tf.float32))
    assert result.numpy() == pytest.approx(expected, abs=1e-6)


@pytest.mark.parametrize("label_dtype", [tf.bool, tf.int32, tf.float32])
@pytest.mark.parametrize("cls, expected", [("SensitivityAtSpecificity", 0.675), ("SpecificityAtSensitivity", 0.4)])
def test_SensitivityAtSpecificityTest_test_weighted(cls, expected, label_dtype):
    s_obj = getattr(metrics, cls)(0.4)
    y_true = tf.cast(_LABELS, dtype=label_dtype)
    result = s_obj(y_true, tf.constant(_LOW, dtype=tf.float32), sample_weight=tf.constant(list(range(1, 11))))
    assert result.numpy() == pytest.approx(expected, abs=1e-6)


@pytest.mark.parametrize("cls, attribute", [("SensitivityAtSpecificity", "specificity"),
                                            ("SpecificityAtSensitivity", "sensitivity")])
def test_SensitivityAtSpecificityTest_test_invalid_value(cls, attribute):
    with pytest.raises(ValueError, match=rf"`{attribute}` must be in the range \[0, 1\]."):
        getattr(metrics, cls)(-1)
    with pytest.raises(ValueError, match="`num_thresholds` must be > 0."):
        getattr(metrics, cls)(0.4, num_thresholds=-1)
