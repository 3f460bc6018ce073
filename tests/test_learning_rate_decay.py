"""tf.train's learning-rate schedules driving optimizers, and what the goldens cannot record."""

import pytest
from numpy.testing import assert_allclose

import tfcompat as tf


def test_exponential_decay_drives_gradient_descent_over_steps():
    global_step = tf.Variable(0, dtype=tf.int64, trainable=False)
    learning_rate = tf.train.exponential_decay(0.5, global_step, 2, 0.5, staircase=True)
    var = tf.Variable([1.0])
    opt = tf.train.GradientDescentOptimizer(learning_rate)
    expected = 1.0
    for step in range(6):
        opt.apply_gradients([(tf.constant([1.0]), var)], global_step=global_step)
        expected -= 0.5 * 0.5 ** (step // 2)  # the rate read at this step, before the increment
        assert_allclose(var.numpy(), [expected], rtol=1e-6)
    assert int(global_step.numpy()) == 6


def test_piecewise_constant_drives_momentum_minimize():
    global_step = tf.train.get_or_create_global_step()
    global_step.assign(0)
    learning_rate = tf.train.piecewise_constant(global_step, [1], [0.1, 0.01])
    var = tf.Variable(2.0)
    opt = tf.train.MomentumOptimizer(learning_rate, 0.0)
    opt.minimize(lambda: var * 3.0, global_step=global_step)  # rate 0.1: 2 - 0.3
    opt.minimize(lambda: var * 3.0, global_step=global_step)  # step 1 <= boundary: still 0.1
    opt.minimize(lambda: var * 3.0, global_step=global_step)  # step 2: 0.01
    assert_allclose(var.numpy(), 2.0 - 0.3 - 0.3 - 0.03, rtol=1e-6)


def test_learning_rate_variable_reread_each_call():
    lr = tf.Variable(1.0)
    step = tf.Variable(4)
    decayed_lr = tf.train.inverse_time_decay(lr, step, 4, 1.0)
    assert_allclose(decayed_lr().numpy(), 0.5)
    lr.assign(3.0)
    step.assign(8)
    assert_allclose(decayed_lr().numpy(), 1.0)


def test_result_follows_learning_rate_dtype():
    step = tf.Variable(3, dtype=tf.int64)
    for fn in (tf.train.exponential_decay, tf.train.natural_exp_decay, tf.train.inverse_time_decay):
        assert fn(tf.constant(0.1, tf.float64), step, 10, 0.5)().dtype == tf.float64
    assert tf.train.polynomial_decay(tf.constant(0.1, tf.float64), step, 10)().dtype == tf.float64


def test_noisy_linear_cosine_without_variance_is_linear_cosine():
    step = tf.Variable(300, dtype=tf.int64)
    noisy = tf.train.noisy_linear_cosine_decay(1.0, step, 1000, initial_variance=0.0)
    assert_allclose(noisy().numpy(), tf.train.linear_cosine_decay(1.0, step, 1000)().numpy(), rtol=1e-6)


def test_noisy_linear_cosine_follows_the_random_seed():
    step = tf.Variable(10, dtype=tf.int64)
    values = []
    for _ in range(2):
        tf.set_random_seed(7)
        values.append(tf.train.noisy_linear_cosine_decay(1.0, step, 1000)().numpy())
    assert values[0] == values[1]


def test_bad_learning_rate_raises_tf_errors():
    with pytest.raises(TypeError, match="exponential_decay: learning_rate"):
        tf.train.exponential_decay("fast", tf.Variable(1), 10, 0.5)()
    with pytest.raises(TypeError, match="exponential_decay: learning_rate"):
        tf.train.exponential_decay(1, tf.Variable(1), 10, 0.5)()
    with pytest.raises(ValueError, match=r"Attempt to convert a value \(None\)"):
        tf.train.exponential_decay(None, tf.Variable(1), 10, 0.5)()


def test_string_decay_steps_raises_tf_error():
    with pytest.raises(tf.errors.UnimplementedError, match="Cast string to float"):
        tf.train.cosine_decay(0.1, tf.Variable(1), "ten")()


def test_piecewise_constant_flattens_scalars_and_needs_a_scalar_step():
    assert_allclose(tf.train.piecewise_constant(tf.Variable(3), 2, [0.1, 0.2])().numpy(), 0.2)
    with pytest.raises(ValueError, match="x must be a scalar"):
        tf.train.piecewise_constant(tf.constant([1, 2]), [1], [0.1, 0.2])()
