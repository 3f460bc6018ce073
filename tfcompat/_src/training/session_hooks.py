"""The session-run-hook side of tf.train under eager execution.

The two pieces that need no session, ``SecondOrStepTimer`` (TF 1.15's basic_session_run_hooks timer,
which custom training loops use to act every N steps or seconds) and ``NanLossDuringTrainingError``,
are here; the hooks, monitored sessions, supervisors, servers and queue runners run on graph sessions,
which tfcompat does not have yet, and are declared unsupported with the reason.
"""

import time

from ..registry import export, unsupported


@export("train.SecondOrStepTimer")
class SecondOrStepTimer:
    """Triggers every ``every_secs`` seconds or every ``every_steps`` steps (exactly one of them)."""

    def __init__(self, every_secs=None, every_steps=None):
        self.reset()
        self._every_secs = every_secs
        self._every_steps = every_steps
        if every_secs is None and every_steps is None:
            raise ValueError("Either every_secs or every_steps should be provided.")
        if every_secs is not None and every_steps is not None:
            raise ValueError("Can not provide both every_secs and every_steps.")

    def reset(self):
        self._last_triggered_step = None
        self._last_triggered_time = None

    def should_trigger_for_step(self, step):
        """True the first time, never twice for one step, then once the interval has passed."""
        if self._last_triggered_step is None:
            return True
        if self._last_triggered_step == step:
            return False
        if self._every_secs is not None and time.time() >= self._last_triggered_time + self._every_secs:
            return True
        return self._every_steps is not None and step >= self._last_triggered_step + self._every_steps

    def update_last_triggered_step(self, step):
        """Record a trigger at ``step``; returns (seconds, steps) since the last one, (None, None) the first time."""
        now = time.time()
        if self._last_triggered_time is None:
            elapsed = (None, None)
        else:
            elapsed = (now - self._last_triggered_time, step - self._last_triggered_step)
        self._last_triggered_time = now
        self._last_triggered_step = step
        return elapsed

    def last_triggered_step(self):
        return self._last_triggered_step


@export("train.NanLossDuringTrainingError")
class NanLossDuringTrainingError(RuntimeError):
    def __str__(self):
        return "NaN loss during training."


_SESSION_HOOKS = "a SessionRunHook runs inside MonitoredSession.run, which needs a graph Session; tfcompat " \
                 "is eager-only for now (call the code from the training loop instead)"
for _name in ("SessionRunHook", "SessionRunArgs", "SessionRunContext", "SessionRunValues", "CheckpointSaverHook",
              "CheckpointSaverListener", "FeedFnHook", "FinalOpsHook", "GlobalStepWaiterHook", "LoggingTensorHook",
              "NanTensorHook", "ProfilerHook", "StepCounterHook", "StopAtStepHook", "SummarySaverHook"):
    unsupported(f"train.{_name}", _SESSION_HOOKS)

_SESSIONS = "runs a graph through tf.Session; tfcompat is eager-only for now (write the loop in Python)"
for _name in ("MonitoredSession", "SingularMonitoredSession", "MonitoredTrainingSession", "Scaffold",
              "SessionCreator", "ChiefSessionCreator", "WorkerSessionCreator", "SessionManager", "Supervisor"):
    unsupported(f"train.{_name}", _SESSIONS)
unsupported("train.basic_train_loop", "needs a tf.train.Supervisor and its managed graph Session; tfcompat is "
                                      "eager-only for now (write the loop in Python)")
unsupported("train.Server", "an in-process TF server for distributed graph execution; tfcompat has no distributed "
                            "runtime")

_QUEUES = "queue runners feed graph queues through a Session; TF 1.x eager rejects queue-based input pipelines " \
          "too (use tf.data)"
for _name in ("QueueRunner", "add_queue_runner", "start_queue_runners", "queue_runner.QueueRunner",
              "queue_runner.add_queue_runner", "queue_runner.start_queue_runners", "input_producer",
              "string_input_producer", "range_input_producer", "slice_input_producer", "batch", "batch_join",
              "shuffle_batch", "shuffle_batch_join", "maybe_batch", "maybe_batch_join", "maybe_shuffle_batch",
              "maybe_shuffle_batch_join"):
    unsupported(f"train.{_name}", _QUEUES)
