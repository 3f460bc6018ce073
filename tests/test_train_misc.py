"""tf.train's training-loop utilities: ExponentialMovingAverage with checkpoints, SecondOrStepTimer,
NanLossDuringTrainingError, and the session-only names declared unsupported."""

import time

import numpy as np
import pytest

import tfcompat as tf
from tfcompat._src import registry


def test_ema_shadows_save_and_restore_through_saver(tmp_path):
    v = tf.Variable([1.0, 2.0], name="ema_ckpt_v")
    ema = tf.train.ExponentialMovingAverage(0.5)
    ema.apply([v])
    v.assign([3.0, 6.0])
    ema.apply([v])  # shadow: [2, 4]
    saver = tf.train.Saver([v, ema.average(v)])
    path = saver.save(None, str(tmp_path / "model"))
    names = sorted(name for name, _ in tf.train.list_variables(path))
    assert names == ["ema_ckpt_v", "ema_ckpt_v/ExponentialMovingAverage"]
    # evaluation: load the averages into the model's variables, by the shadows' names
    evaluated = tf.Variable([0.0, 0.0], name="ema_ckpt_v")
    tf.train.Saver(tf.train.ExponentialMovingAverage(0.5).variables_to_restore([evaluated])).restore(None, path)
    np.testing.assert_allclose(evaluated.numpy(), [2.0, 4.0])


def test_ema_variables_to_restore_defaults_to_its_variables():
    v, u = tf.Variable(1.0, name="ema_default_v"), tf.Variable(2.0, name="ema_default_u")
    ema = tf.train.ExponentialMovingAverage(0.9)
    assert ema.variables_to_restore() == {}
    ema.apply([v, u])
    assert ema.variables_to_restore() == {"ema_default_v/ExponentialMovingAverage": v,
                                          "ema_default_u/ExponentialMovingAverage": u}


def test_ema_decay_from_callable_arguments_is_read_each_step():
    v = tf.Variable(0.0, name="ema_step_v")
    step = tf.Variable(0, name="ema_step_counter")
    ema = tf.train.ExponentialMovingAverage(0.99, num_updates=step)
    ema.apply([v])
    v.assign(10.0)
    step.assign(90)  # decay min(0.99, 91/100) = 0.91
    ema.apply([v])
    np.testing.assert_allclose(ema.average(v).numpy(), 0.9, rtol=1e-6)


def test_ema_rejects_bad_decay():
    v = tf.Variable(0.0, name="ema_bad_decay_v")
    with pytest.raises(ValueError, match="decay must be a number or a scalar"):
        tf.train.ExponentialMovingAverage([0.5, 0.5]).apply([v])


def test_second_or_step_timer_steps():
    timer = tf.train.SecondOrStepTimer(every_steps=3)
    assert timer.last_triggered_step() is None
    assert timer.should_trigger_for_step(0)
    assert timer.update_last_triggered_step(0) == (None, None)
    assert not timer.should_trigger_for_step(0)
    assert not timer.should_trigger_for_step(2)
    assert timer.should_trigger_for_step(3)
    elapsed_secs, elapsed_steps = timer.update_last_triggered_step(3)
    assert elapsed_steps == 3 and elapsed_secs >= 0
    assert timer.last_triggered_step() == 3
    timer.reset()
    assert timer.should_trigger_for_step(4)


def test_second_or_step_timer_seconds():
    timer = tf.train.SecondOrStepTimer(every_secs=0.05)
    timer.update_last_triggered_step(1)
    assert not timer.should_trigger_for_step(2)
    time.sleep(0.06)
    assert timer.should_trigger_for_step(2)
    assert not timer.should_trigger_for_step(1)  # never twice for one step


def test_second_or_step_timer_needs_one_interval():
    with pytest.raises(ValueError, match="Either every_secs or every_steps should be provided."):
        tf.train.SecondOrStepTimer()
    with pytest.raises(ValueError, match="Can not provide both every_secs and every_steps."):
        tf.train.SecondOrStepTimer(every_secs=1, every_steps=1)


def test_nan_loss_error():
    error = tf.train.NanLossDuringTrainingError()
    assert isinstance(error, RuntimeError)
    assert str(error) == "NaN loss during training."


@pytest.mark.parametrize("name", ["MonitoredTrainingSession", "StopAtStepHook", "Supervisor", "start_queue_runners",
                                  "basic_train_loop", "Server", "shuffle_batch"])
def test_session_only_names_say_why(name):
    with pytest.raises(AttributeError, match=f"tf.train.{name} is not supported by tfcompat: "):
        getattr(tf.train, name)


def test_queue_runner_names_say_why():
    message = registry.not_provided_message("train.queue_runner.QueueRunner")
    assert message.startswith("tf.train.queue_runner.QueueRunner is not supported by tfcompat: queue runners")


def test_ema_is_not_trackable_but_its_shadows_are(tmp_path):
    v = tf.Variable(1.0, name="ema_trackable_v")
    ema = tf.train.ExponentialMovingAverage(0.9)
    ema.apply([v])
    with pytest.raises(ValueError, match="`Checkpoint` was expecting a trackable object"):  # as in TF 1.15
        tf.train.Checkpoint(ema=ema)
    path = tf.train.Checkpoint(v=v, shadow=ema.average(v)).save(str(tmp_path / "ckpt"))
    assert "shadow/.ATTRIBUTES/VARIABLE_VALUE" in dict(tf.train.list_variables(path))
