"""tf.keras.losses beyond the goldens: TF 1.15's reductions, dtypes and lookups."""

import numpy as np
import pytest

import tfcompat as tf
from tfcompat._src.keras.losses import ReductionV2, compute_weighted_loss


def test_reduction_keys_are_tf_1_15s():
    assert ReductionV2.all() == ("auto", "none", "sum", "sum_over_batch_size")
    with pytest.raises(ValueError, match="Invalid Reduction Key mean."):
        ReductionV2.validate("mean")


def test_weighted_loss_runs_in_float32_and_casts_back():
    losses = tf.constant(np.array([1.0 + 1e-12, 2.0]))
    result = compute_weighted_loss(losses, reduction="sum")
    assert result.dtype == tf.float64
    assert result.numpy() == np.float64(np.float32(3.0))


def test_sum_over_batch_size_of_zero_elements_is_zero():
    assert compute_weighted_loss(tf.zeros([0])).numpy() == 0.0


def test_label_smoothing_is_float32_as_in_tf_1_15():
    with pytest.raises(tf.errors.InvalidArgumentError):
        tf.keras.losses.binary_crossentropy(np.ones((1, 2)), np.full((1, 2), 0.5), label_smoothing=0.1)


def test_loss_object_is_callable_from_get_and_keeps_its_config():
    loss = tf.keras.losses.get("BinaryCrossentropy")
    assert isinstance(loss, tf.keras.losses.BinaryCrossentropy)
    assert loss.get_config() == {"reduction": "auto", "name": "binary_crossentropy", "from_logits": False,
                                 "label_smoothing": 0}
    again = tf.keras.losses.deserialize(tf.keras.losses.serialize(loss))
    assert again.get_config() == loss.get_config()


def test_gradient_reaches_the_model_through_a_loss_object():
    w = tf.Variable([[1.0], [2.0]])
    x = tf.constant([[1.0, 0.5], [0.0, 1.0]])
    with tf.GradientTape() as tape:
        loss = tf.keras.losses.MeanSquaredError()(tf.constant([[1.0], [0.0]]), tf.matmul(x, w))
    np.testing.assert_allclose(tape.gradient(loss, w).numpy(), [[1.0], [2.5]])
