"""tf.keras.callbacks as TF 1.15's Keras had them (tensorflow/python/keras/callbacks.py).

``configure_callbacks`` builds what ``fit`` runs: BaseLogger, the user's callbacks, the model's
History and (verbose) a ProgbarLogger, with TF 1.15's ``params`` (``batch_size``, ``epochs``,
``steps``, ``samples``, ``verbose``, ``do_validation``, ``metrics``).  The compiled metrics other
than the loss are stateful (their value is the running result), so the loggers show them as given.
"""

import collections
import csv
import os

import numpy as np

from ..platform import tf_logging
from ..registry import export, unsupported
from . import backend
from .progbar import Progbar

TRAIN, TEST, PREDICT = "train", "test", "predict"


def configure_callbacks(callbacks, model, do_validation=False, batch_size=None, epochs=None, steps_per_epoch=None,
                        samples=None, verbose=1, count_mode="steps", mode=TRAIN):
    """The CallbackList a training, evaluation or prediction loop calls (TF 1.15's)."""
    if isinstance(callbacks, CallbackList):
        return callbacks
    callbacks = list(callbacks or [])
    if mode == TRAIN:
        model.history = History()
        callbacks = [BaseLogger()] + callbacks + [model.history]
        if verbose:
            callbacks.append(ProgbarLogger(count_mode))
    callback_list = CallbackList(callbacks)
    callback_list.set_model(model)
    metric_names = model.metrics_names
    for callback in callback_list:
        if isinstance(callback, (BaseLogger, ProgbarLogger)):
            callback.stateful_metrics = metric_names[1:]
    callback_metrics = []
    if mode != PREDICT:
        callback_metrics = list(metric_names)
        if do_validation:
            callback_metrics += ["val_" + name for name in metric_names]
    callback_list.set_params({"batch_size": batch_size, "epochs": epochs, "steps": steps_per_epoch,
                              "samples": samples, "verbose": verbose, "do_validation": do_validation,
                              "metrics": callback_metrics})
    model.stop_training = False
    return callback_list


@export("keras.callbacks.CallbackList")
class CallbackList:
    """Calls each hook of a list of callbacks in order."""

    def __init__(self, callbacks=None, queue_length=10):
        self.callbacks = list(callbacks or [])
        self.queue_length = queue_length
        self.params = {}
        self.model = None

    def append(self, callback):
        self.callbacks.append(callback)

    def set_params(self, params):
        self.params = params
        for callback in self.callbacks:
            callback.set_params(params)

    def set_model(self, model):
        self.model = model
        for callback in self.callbacks:
            callback.set_model(model)

    def _call(self, hook, *args):
        for callback in self.callbacks:
            getattr(callback, hook)(*args)

    def on_batch_begin(self, batch, logs=None):
        self._call("on_train_batch_begin", batch, logs or {})

    def on_batch_end(self, batch, logs=None):
        self._call("on_train_batch_end", batch, logs or {})

    def on_epoch_begin(self, epoch, logs=None):
        self._call("on_epoch_begin", epoch, logs or {})

    def on_epoch_end(self, epoch, logs=None):
        self._call("on_epoch_end", epoch, logs or {})

    def on_train_batch_begin(self, batch, logs=None):
        self._call("on_train_batch_begin", batch, logs or {})

    def on_train_batch_end(self, batch, logs=None):
        self._call("on_train_batch_end", batch, logs or {})

    def on_test_batch_begin(self, batch, logs=None):
        self._call("on_test_batch_begin", batch, logs or {})

    def on_test_batch_end(self, batch, logs=None):
        self._call("on_test_batch_end", batch, logs or {})

    def on_predict_batch_begin(self, batch, logs=None):
        self._call("on_predict_batch_begin", batch, logs or {})

    def on_predict_batch_end(self, batch, logs=None):
        self._call("on_predict_batch_end", batch, logs or {})

    def on_train_begin(self, logs=None):
        self._call("on_train_begin", logs)

    def on_train_end(self, logs=None):
        self._call("on_train_end", logs)

    def on_test_begin(self, logs=None):
        self._call("on_test_begin", logs)

    def on_test_end(self, logs=None):
        self._call("on_test_end", logs)

    def on_predict_begin(self, logs=None):
        self._call("on_predict_begin", logs)

    def on_predict_end(self, logs=None):
        self._call("on_predict_end", logs)

    def __iter__(self):
        return iter(self.callbacks)


@export("keras.callbacks.Callback")
class Callback:
    """Base class of callbacks: every hook does nothing; ``params`` and ``model`` are set by the loop."""

    def __init__(self):
        self.validation_data = None
        self.model = None

    def set_params(self, params):
        self.params = params

    def set_model(self, model):
        self.model = model

    def on_batch_begin(self, batch, logs=None):
        """The old name of ``on_train_batch_begin``."""

    def on_batch_end(self, batch, logs=None):
        """The old name of ``on_train_batch_end``."""

    def on_epoch_begin(self, epoch, logs=None):
        pass

    def on_epoch_end(self, epoch, logs=None):
        pass

    def on_train_batch_begin(self, batch, logs=None):
        self.on_batch_begin(batch, logs=logs)

    def on_train_batch_end(self, batch, logs=None):
        self.on_batch_end(batch, logs=logs)

    def on_test_batch_begin(self, batch, logs=None):
        pass

    def on_test_batch_end(self, batch, logs=None):
        pass

    def on_predict_batch_begin(self, batch, logs=None):
        pass

    def on_predict_batch_end(self, batch, logs=None):
        pass

    def on_train_begin(self, logs=None):
        pass

    def on_train_end(self, logs=None):
        pass

    def on_test_begin(self, logs=None):
        pass

    def on_test_end(self, logs=None):
        pass

    def on_predict_begin(self, logs=None):
        pass

    def on_predict_end(self, logs=None):
        pass


@export("keras.callbacks.BaseLogger")
class BaseLogger(Callback):
    """Puts the epoch averages (weighted by batch size) of the batch values in the epoch's logs."""

    def __init__(self, stateful_metrics=None):
        super().__init__()
        self.stateful_metrics = set(stateful_metrics or [])

    def on_epoch_begin(self, epoch, logs=None):
        self.seen = 0
        self.totals = {}

    def on_batch_end(self, batch, logs=None):
        logs = logs or {}
        batch_size = logs.get("size", 0)
        self.seen += batch_size * logs.get("num_steps", 1)
        for key, value in logs.items():
            if key in self.stateful_metrics:
                self.totals[key] = value
            else:
                self.totals[key] = self.totals.get(key, 0) + value * batch_size

    def on_epoch_end(self, epoch, logs=None):
        if logs is None:
            return
        for key in self.params["metrics"]:
            if key in self.totals:
                logs[key] = self.totals[key] if key in self.stateful_metrics else self.totals[key] / self.seen


@export("keras.callbacks.TerminateOnNaN")
class TerminateOnNaN(Callback):
    """Stops training when a batch's loss is NaN or infinite."""

    def on_batch_end(self, batch, logs=None):
        loss = (logs or {}).get("loss")
        if loss is not None and (np.isnan(loss) or np.isinf(loss)):
            print("Batch %d: Invalid loss, terminating training" % batch)
            self.model.stop_training = True


@export("keras.callbacks.ProgbarLogger")
class ProgbarLogger(Callback):
    """Prints ``Epoch i/n`` (for more than one epoch) and a Progbar of samples or steps."""

    def __init__(self, count_mode="samples", stateful_metrics=None):
        super().__init__()
        if count_mode == "samples":
            self.use_steps = False
        elif count_mode == "steps":
            self.use_steps = True
        else:
            raise ValueError("Unknown `count_mode`: " + str(count_mode))
        self.stateful_metrics = set(stateful_metrics or [])

    def on_train_begin(self, logs=None):
        self.verbose = self.params["verbose"]
        self.epochs = self.params["epochs"]

    def on_epoch_begin(self, epoch, logs=None):
        self.seen = 0
        self.target = self.params["steps"] if self.use_steps else self.params["samples"]
        if self.verbose and self.epochs > 1:
            print("Epoch %d/%d" % (epoch + 1, self.epochs))
        self.progbar = Progbar(target=self.target, verbose=self.verbose, stateful_metrics=self.stateful_metrics,
                               unit_name="step" if self.use_steps else "sample")

    def on_batch_begin(self, batch, logs=None):
        self.log_values = []

    def on_batch_end(self, batch, logs=None):
        logs = logs or {}
        num_steps = logs.get("num_steps", 1)
        self.seen += num_steps if self.use_steps else logs.get("size", 0) * num_steps
        self.log_values.extend((key, logs[key]) for key in self.params["metrics"] if key in logs)
        if self.verbose and (self.target is None or self.seen < self.target):  # the last is on_epoch_end's
            self.progbar.update(self.seen, self.log_values)

    def on_epoch_end(self, epoch, logs=None):
        logs = logs or {}
        self.log_values.extend((key, logs[key]) for key in self.params["metrics"] if key in logs)
        if self.verbose:
            self.progbar.update(self.seen, self.log_values)


@export("keras.callbacks.History")
class History(Callback):
    """Records the logs of each epoch: ``history.history['loss']`` ..., ``history.epoch``."""

    def on_train_begin(self, logs=None):
        self.epoch = []
        self.history = {}

    def on_epoch_end(self, epoch, logs=None):
        self.epoch.append(epoch)
        for key, value in (logs or {}).items():
            self.history.setdefault(key, []).append(value)


def monitor_direction(mode, callback_name, auto_greater):
    """np.less or np.greater for ``mode`` ('auto': greater when ``auto_greater``, the callback's own rule),
    TF's warning for an unknown mode."""
    if mode not in ("auto", "min", "max"):
        tf_logging.warning("%s mode %s is unknown, fallback to auto mode.", callback_name, mode)
        mode = "auto"
    if mode == "min":
        return np.less
    if mode == "max":
        return np.greater
    return np.greater if auto_greater else np.less


@export("keras.callbacks.EarlyStopping")
class EarlyStopping(Callback):
    """Stops training once ``monitor`` has not improved by ``min_delta`` for ``patience`` epochs."""

    def __init__(self, monitor="val_loss", min_delta=0, patience=0, verbose=0, mode="auto", baseline=None,
                 restore_best_weights=False):
        super().__init__()
        self.monitor = monitor
        self.patience = patience
        self.verbose = verbose
        self.baseline = baseline
        self.min_delta = abs(min_delta)
        self.wait = 0
        self.stopped_epoch = 0
        self.restore_best_weights = restore_best_weights
        self.best_weights = None
        self.monitor_op = monitor_direction(mode, "EarlyStopping", "acc" in monitor)
        self.min_delta *= 1 if self.monitor_op == np.greater else -1

    def on_train_begin(self, logs=None):
        self.wait = 0
        self.stopped_epoch = 0
        if self.baseline is not None:
            self.best = self.baseline
        else:
            self.best = np.inf if self.monitor_op == np.less else -np.inf

    def on_epoch_end(self, epoch, logs=None):
        current = self.get_monitor_value(logs)
        if current is None:
            return
        if self.monitor_op(current - self.min_delta, self.best):
            self.best = current
            self.wait = 0
            if self.restore_best_weights:
                self.best_weights = self.model.get_weights()
        else:
            self.wait += 1
            if self.wait >= self.patience:
                self.stopped_epoch = epoch
                self.model.stop_training = True
                if self.restore_best_weights:
                    if self.verbose > 0:
                        print("Restoring model weights from the end of the best epoch.")
                    self.model.set_weights(self.best_weights)

    def on_train_end(self, logs=None):
        if self.stopped_epoch > 0 and self.verbose > 0:
            print("Epoch %05d: early stopping" % (self.stopped_epoch + 1))

    def get_monitor_value(self, logs):
        logs = logs or {}
        value = logs.get(self.monitor)
        if value is None:
            tf_logging.warning("Early stopping conditioned on metric `%s` which is not available. "
                               "Available metrics are: %s", self.monitor, ",".join(list(logs.keys())))
        return value


def _optimizer_lr(model):
    optimizer = model.optimizer
    if not hasattr(optimizer, "lr"):
        raise ValueError('Optimizer must have a "lr" attribute.')
    return optimizer.lr


@export("keras.callbacks.LearningRateScheduler")
class LearningRateScheduler(Callback):
    """Sets the optimizer's ``lr`` to ``schedule(epoch[, lr])`` at the start of each epoch."""

    def __init__(self, schedule, verbose=0):
        super().__init__()
        self.schedule = schedule
        self.verbose = verbose

    def on_epoch_begin(self, epoch, logs=None):
        lr_variable = _optimizer_lr(self.model)
        try:
            lr = self.schedule(epoch, float(backend.get_value(lr_variable)))
        except TypeError:  # the old form, schedule(epoch)
            lr = self.schedule(epoch)
        if not isinstance(lr, (float, np.float32, np.float64)):
            raise ValueError('The output of the "schedule" function should be float.')
        backend.set_value(lr_variable, lr)
        if self.verbose > 0:
            print("\nEpoch %05d: LearningRateScheduler reducing learning rate to %s." % (epoch + 1, lr))

    def on_epoch_end(self, epoch, logs=None):
        logs = logs if logs is not None else {}
        logs["lr"] = backend.get_value(self.model.optimizer.lr)


@export("keras.callbacks.ReduceLROnPlateau")
class ReduceLROnPlateau(Callback):
    """Multiplies the optimizer's ``lr`` by ``factor`` once ``monitor`` has not improved for ``patience``
    epochs, then waits ``cooldown`` epochs; never below ``min_lr``."""

    def __init__(self, monitor="val_loss", factor=0.1, patience=10, verbose=0, mode="auto", min_delta=1e-4,
                 cooldown=0, min_lr=0, **kwargs):
        super().__init__()
        self.monitor = monitor
        if factor >= 1.0:
            raise ValueError("ReduceLROnPlateau does not support a factor >= 1.0.")
        if "epsilon" in kwargs:
            min_delta = kwargs.pop("epsilon")
            tf_logging.warning("`epsilon` argument is deprecated and will be removed, use `min_delta` instead.")
        self.factor = factor
        self.min_lr = min_lr
        self.min_delta = min_delta
        self.patience = patience
        self.verbose = verbose
        self.cooldown = cooldown
        self.cooldown_counter = 0
        self.wait = 0
        self.best = 0
        self.mode = mode
        self.monitor_op = None
        self._reset()

    def _reset(self):
        if self.mode not in ("auto", "min", "max"):
            tf_logging.warning("Learning Rate Plateau Reducing mode %s is unknown, fallback to auto mode.",
                               self.mode)
            self.mode = "auto"
        if self.mode == "min" or (self.mode == "auto" and "acc" not in self.monitor):
            self.monitor_op = lambda a, b: np.less(a, b - self.min_delta)
            self.best = np.inf
        else:
            self.monitor_op = lambda a, b: np.greater(a, b + self.min_delta)
            self.best = -np.inf
        self.cooldown_counter = 0
        self.wait = 0

    def on_train_begin(self, logs=None):
        self._reset()

    def on_epoch_end(self, epoch, logs=None):
        logs = logs if logs is not None else {}
        logs["lr"] = backend.get_value(_optimizer_lr(self.model))
        current = logs.get(self.monitor)
        if current is None:
            tf_logging.warning("Reduce LR on plateau conditioned on metric `%s` which is not available. "
                               "Available metrics are: %s", self.monitor, ",".join(list(logs.keys())))
            return
        if self.in_cooldown():
            self.cooldown_counter -= 1
            self.wait = 0
        if self.monitor_op(current, self.best):
            self.best = current
            self.wait = 0
        elif not self.in_cooldown():
            self.wait += 1
            if self.wait >= self.patience:
                old_lr = float(backend.get_value(self.model.optimizer.lr))
                if old_lr > self.min_lr:
                    new_lr = max(old_lr * self.factor, self.min_lr)
                    backend.set_value(self.model.optimizer.lr, new_lr)
                    if self.verbose > 0:
                        print("\nEpoch %05d: ReduceLROnPlateau reducing learning rate to %s." % (epoch + 1, new_lr))
                    self.cooldown_counter = self.cooldown
                    self.wait = 0

    def in_cooldown(self):
        return self.cooldown_counter > 0


@export("keras.callbacks.CSVLogger")
class CSVLogger(Callback):
    """Writes each epoch's logs as a row of a CSV file (``epoch`` first, then the keys sorted)."""

    def __init__(self, filename, separator=",", append=False):
        super().__init__()
        self.sep = separator
        self.filename = os.fspath(filename)
        self.append = append
        self.writer = None
        self.keys = None
        self.append_header = True
        self.csv_file = None

    def on_train_begin(self, logs=None):
        if self.append:
            if os.path.exists(self.filename):
                with open(self.filename) as existing:
                    self.append_header = not bool(len(existing.readline()))
            mode = "a"
        else:
            mode = "w"
        self.csv_file = open(self.filename, mode, newline="")  # noqa: SIM115 - kept open for the run

    def on_epoch_end(self, epoch, logs=None):
        logs = logs or {}
        if self.keys is None:
            self.keys = sorted(logs.keys())
        if self.model.stop_training:  # validation values may be missing when training stops early
            logs = {key: logs.get(key, "NA") for key in self.keys}
        if not self.writer:
            self.writer = csv.DictWriter(self.csv_file, fieldnames=["epoch"] + self.keys, delimiter=self.sep,
                                         lineterminator="\n")
            if self.append_header:
                self.writer.writeheader()
        row = collections.OrderedDict({"epoch": epoch})
        row.update((key, _csv_value(logs[key])) for key in self.keys)
        self.writer.writerow(row)
        self.csv_file.flush()

    def on_train_end(self, logs=None):
        self.csv_file.close()
        self.writer = None


def _csv_value(value):
    if isinstance(value, str):
        return value
    if isinstance(value, collections.abc.Iterable) and not (isinstance(value, np.ndarray) and value.ndim == 0):
        return '"[%s]"' % ", ".join(map(str, value))
    return value


@export("keras.callbacks.LambdaCallback")
class LambdaCallback(Callback):
    """A callback made of the functions given for some hooks (the others do nothing)."""

    def __init__(self, on_epoch_begin=None, on_epoch_end=None, on_batch_begin=None, on_batch_end=None,
                 on_train_begin=None, on_train_end=None, **kwargs):
        super().__init__()
        self.__dict__.update(kwargs)
        self.on_epoch_begin = on_epoch_begin or (lambda epoch, logs: None)
        self.on_epoch_end = on_epoch_end or (lambda epoch, logs: None)
        self.on_batch_begin = on_batch_begin or (lambda batch, logs: None)
        self.on_batch_end = on_batch_end or (lambda batch, logs: None)
        self.on_train_begin = on_train_begin or (lambda logs: None)
        self.on_train_end = on_train_end or (lambda logs: None)


unsupported("keras.callbacks.RemoteMonitor", "It posts each epoch's logs over HTTP with the `requests` package, "
            "which tfcompat does not depend on; use a LambdaCallback that posts them.")
