"""tfe.metrics (tf.contrib.eager.metrics) beyond TF's own test: what a call returns, result() before
the first call, variables, init_variables and aggregate."""

import numpy as np
import pytest

import tfcompat as tf

metrics = tf.contrib.eager.metrics


def test_result_before_first_call_raises_attribute_error():
    with pytest.raises(AttributeError, match="'Mean' object has no attribute 'numer'"):
        metrics.Mean("loss").result()


def test_call_returns_the_summed_values_or_the_weighted_pair():
    m = metrics.Mean()
    assert m([1, 2, 3]).numpy() == 6
    values, weights = m([1.0, 2.0], weights=[0.5, 0.5])
    np.testing.assert_allclose(values.numpy(), [0.5, 1.0])
    assert weights.dtype == tf.float64


def test_accuracy_call_returns_labels_and_predictions():
    labels, predictions = metrics.Accuracy()([1, 2], [1, 3])
    assert (labels, predictions) == ([1, 2], [1, 3])


def test_variables_are_non_trainable_float64_in_the_metric_scope():
    m = metrics.Mean("loss")
    assert m.variables == []
    m(1.0)
    assert [v.name for v in m.variables] == ["loss/numer:0", "loss/denom:0"]
    assert all(not v.trainable and v.dtype == tf.float64 for v in m.variables)


def test_value_is_the_result_method_under_eager():
    m = metrics.Mean()
    m(4.0)
    assert m.value()().numpy() == 4.0


def test_add_variable_outside_build_raises():
    m = metrics.Mean()
    m(1.0)
    with pytest.raises(RuntimeError, match=r"Can't call add_variable\(\) except in build\(\)."):
        m.add_variable("x", shape=())


def test_aggregate_sums_the_state_of_metrics_of_the_same_type():
    a, b = metrics.Mean(), metrics.Mean()
    a([1.0, 2.0])
    b([6.0])
    a.aggregate([b])
    assert a.result().numpy() == 3.0
    with pytest.raises(TypeError, match="All metrics must be the same type"):
        a.aggregate([metrics.Accuracy()])


def test_binary_accuracy_threshold_on_logits():
    m = metrics.BinaryAccuracy(threshold=0)
    m([1, 0, 1], [2.0, -1.0, -0.5])
    assert m.result().numpy() == pytest.approx(2 / 3)
