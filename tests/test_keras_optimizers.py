"""tf.keras.optimizers beyond the goldens: TF 1.15's OptimizerV2 hyperparameters, names and lookups."""

import numpy as np
import pytest

import tfcompat as tf


def test_lr_is_a_float32_variable_that_set_value_and_assignment_change():
    opt = tf.keras.optimizers.SGD(0.5)
    assert isinstance(opt.lr, tf.Variable) and opt.lr is opt.learning_rate
    tf.keras.backend.set_value(opt.lr, 0.25)
    v = tf.Variable([1.0])
    opt.apply_gradients([(tf.constant([1.0]), v)])
    np.testing.assert_allclose(v.numpy(), [0.75])
    opt.learning_rate = 0.5
    opt.apply_gradients([(tf.constant([1.0]), v)])
    np.testing.assert_allclose(v.numpy(), [0.25])
    assert float(tf.keras.backend.get_value(opt.lr)) == 0.5


def test_callable_learning_rate_is_called_every_step():
    rates = iter([0.5, 0.25])
    opt = tf.keras.optimizers.SGD(lambda: next(rates))
    v = tf.Variable([1.0])
    for _ in range(2):
        opt.apply_gradients([(tf.constant([1.0]), v)])
    np.testing.assert_allclose(v.numpy(), [0.25])


def test_iterations_count_steps_and_apply_returns_them():
    opt = tf.keras.optimizers.Adam()
    v = tf.Variable([1.0, 2.0])
    opt.apply_gradients([(tf.constant([1.0, 1.0]), v)])
    opt.apply_gradients([(tf.constant([1.0, 1.0]), v)])
    assert opt.iterations.numpy() == 2 and opt.iterations.dtype == tf.int64
    with pytest.raises(RuntimeError, match="Cannot set `iterations`"):
        opt.iterations = tf.Variable(0, dtype=tf.int64)


def test_get_by_name_uses_tf_1_15_v1_keras_defaults():
    adagrad = tf.keras.optimizers.get("adagrad")
    assert isinstance(adagrad, tf.keras.optimizers.Adagrad)
    assert adagrad.get_config()["learning_rate"] == pytest.approx(0.01)
    assert adagrad.get_config()["initial_accumulator_value"] == 0.0
    assert tf.keras.optimizers.get("Adadelta").get_config()["learning_rate"] == 1.0
    assert tf.keras.optimizers.get("nadam").get_config()["learning_rate"] == pytest.approx(0.002)
    with pytest.raises(ValueError, match="Unknown optimizer: ftrl"):
        tf.keras.optimizers.get("ftrl")


def test_get_returns_a_tf_train_optimizer_as_it_is():
    opt = tf.train.GradientDescentOptimizer(0.1)
    assert tf.keras.optimizers.get(opt) is opt


def test_serialize_round_trip():
    opt = tf.keras.optimizers.RMSprop(0.05, momentum=0.5, centered=True, clipnorm=1.0)
    again = tf.keras.optimizers.deserialize(tf.keras.optimizers.serialize(opt))
    assert type(again) is tf.keras.optimizers.RMSprop
    assert again.get_config() == opt.get_config()


def test_minimize_needs_a_callable_loss_and_takes_float64():
    v = tf.Variable(np.array([1.0, 2.0]))
    opt = tf.keras.optimizers.Adam(0.1)
    opt.minimize(lambda: tf.reduce_sum(v * v), [v])
    np.testing.assert_allclose(v.numpy(), [0.9, 1.9], rtol=1e-6)
    with pytest.raises(TypeError):
        opt.minimize(tf.reduce_sum(v * v), [v])


def test_keras_optimizer_trains_a_keras_model():
    tf.keras.backend.clear_session()
    model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(2,), kernel_initializer="zeros")])
    x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    y = tf.constant([[1.0], [2.0]])
    opt = tf.keras.optimizers.Adam(0.1)
    loss_fn = tf.keras.losses.MeanSquaredError()
    first = None
    for _ in range(20):
        with tf.GradientTape() as tape:
            loss = loss_fn(y, model(x))
        first = first if first is not None else float(loss)
        opt.apply_gradients(zip(tape.gradient(loss, model.trainable_variables), model.trainable_variables))
    assert float(loss) < first / 10
    assert [s.name for s in opt.weights][:2] == ["Adam/iter:0", "Adam/dense/kernel/m:0"]
