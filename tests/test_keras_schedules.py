"""tf.keras.optimizers.schedules beyond the goldens (keras_schedules_goldens.json): the optimizer
holds the schedule itself, evaluates it at ``iterations`` each step, and round-trips it in its config."""

import numpy as np
import pytest

import tfcompat as tf

schedules = tf.keras.optimizers.schedules


def test_optimizer_learning_rate_is_the_schedule():
    schedule = schedules.ExponentialDecay(0.1, 2, 0.5)
    opt = tf.keras.optimizers.SGD(schedule)
    assert opt.lr is schedule and opt.learning_rate is schedule


def test_sgd_steps_follow_the_schedule_at_iterations():
    schedule = schedules.PiecewiseConstantDecay([1, 2], [0.5, 0.25, 0.125])
    v = tf.Variable([0.0])
    opt = tf.keras.optimizers.SGD(schedule)
    seen = []
    for _ in range(4):
        before = v.numpy()[0]
        opt.apply_gradients([(tf.constant([1.0]), v)])
        seen.append(before - v.numpy()[0])
    np.testing.assert_allclose(seen, [0.5, 0.5, 0.25, 0.125])


def test_config_round_trip_with_a_custom_schedule():
    class Halving(schedules.LearningRateSchedule):
        def __init__(self, start):
            self.start = start

        def __call__(self, step):
            return self.start * 0.5 ** tf.cast(step, tf.float32)

        def get_config(self):
            return {"start": self.start}

    config = tf.keras.optimizers.Adam(Halving(0.2)).get_config()
    assert config["learning_rate"] == {"class_name": "Halving", "config": {"start": 0.2}}
    again = tf.keras.optimizers.Adam.from_config(config, custom_objects={"Halving": Halving})
    assert isinstance(again.learning_rate, Halving) and again.learning_rate.start == 0.2
    with pytest.raises(ValueError, match="Unknown decay: Halving"):
        tf.keras.optimizers.Adam.from_config(config)


def test_schedule_reads_a_step_variable():
    step = tf.Variable(0, dtype=tf.int64)
    schedule = schedules.InverseTimeDecay(1.0, 1, 1.0)
    step.assign(3)
    assert float(schedule(step)) == pytest.approx(0.25)
