"""tf.losses beyond the goldens and TF's ported asserts: eager collections, reductions, the float32 rule."""

import numpy as np
import pytest

import tfcompat as tf


def test_eager_losses_are_not_collected():
    tf.losses.mean_squared_error([1.0, 2.0], [2.0, 2.0])
    tf.losses.add_loss(tf.constant(3.0))
    assert tf.losses.get_losses() == [] and tf.losses.get_regularization_losses() == []
    assert tf.losses.get_regularization_loss().numpy() == 0.0
    with pytest.raises(ValueError, match="at least one"):
        tf.losses.get_total_loss()


def test_float64_inputs_are_computed_in_float32_and_returned_as_float64():
    loss = tf.losses.sigmoid_cross_entropy(np.array([[1.0, 0.0]]), np.array([[0.3, -0.2]]))
    assert loss.dtype == tf.float64
    assert loss.numpy() == np.float64(np.float32(loss.numpy()))


def test_every_reduction_key_is_accepted_and_others_rejected():
    for key in tf.losses.Reduction.all():
        tf.losses.absolute_difference([1.0], [2.0], reduction=key)
    with pytest.raises(ValueError, match="Invalid Reduction Key mean."):
        tf.losses.absolute_difference([1.0], [2.0], reduction="mean")


def test_sparse_softmax_cross_entropy_trains_with_gradient_descent():
    w = tf.Variable(tf.zeros([4, 3]))
    x = tf.constant(np.eye(4, dtype=np.float32))
    labels = tf.constant([0, 1, 2, 1])
    opt = tf.train.GradientDescentOptimizer(1.0)
    step = tf.Variable(0, dtype=tf.int64)
    first = tf.losses.sparse_softmax_cross_entropy(labels, tf.matmul(x, w)).numpy()
    for _ in range(20):
        opt.minimize(lambda: tf.losses.sparse_softmax_cross_entropy(labels, tf.matmul(x, w)), global_step=step)
    assert tf.losses.sparse_softmax_cross_entropy(labels, tf.matmul(x, w)).numpy() < first / 5
