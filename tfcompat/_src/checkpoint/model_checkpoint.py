"""tf.keras.callbacks.ModelCheckpoint: TF 1.15's callback, saving the model (``Model.save``, HDF5) or its weights
(``save_weights_only=True``) during ``fit``.

``filepath`` may hold ``str.format`` fields filled with the epoch (counted from 1) and the epoch's logs
(``weights.{epoch:02d}-{val_loss:.2f}.hdf5``).  ``save_best_only`` keeps the best value of ``monitor``
so far (``mode`` min / max / auto: max when the name holds ``acc`` or starts with ``fmeasure``);
``period`` (deprecated) saves every N epochs, ``save_freq`` every epoch or every N samples.  A subclassed model,
which has no whole-model format, saves its weights.  ``load_weights_on_restart`` loads, when training begins,
the most recently modified file that matches ``filepath`` (its format fields standing for anything).
"""

import os
import re

import numpy as np

from ..keras.callbacks import Callback, monitor_direction
from ..platform import tf_logging as logging
from ..registry import export
from . import file_format, management


@export("keras.callbacks.ModelCheckpoint")
class ModelCheckpoint(Callback):
    """Saves the model (or its weights) after every epoch (or every ``save_freq`` samples)."""

    def __init__(self, filepath, monitor="val_loss", verbose=0, save_best_only=False, save_weights_only=False,
                 mode="auto", save_freq="epoch", load_weights_on_restart=False, **kwargs):
        super().__init__()
        self.monitor = monitor
        self.verbose = verbose
        self.filepath = filepath
        self.save_best_only = save_best_only
        self.save_weights_only = save_weights_only
        self.save_freq = save_freq
        self.load_weights_on_restart = load_weights_on_restart
        self.epochs_since_last_save = 0
        self._samples_seen_since_last_saving = 0
        self._current_epoch = 0
        if "period" in kwargs:
            self.period = kwargs.pop("period")
            logging.warning("`period` argument is deprecated. Please use `save_freq` to specify the frequency in "
                            "number of samples seen.")
        else:
            self.period = 1
        if kwargs:
            raise TypeError(f"Unexpected keyword argument passed to ModelCheckpoint: {sorted(kwargs)[0]}")
        self.monitor_op = monitor_direction(mode, "ModelCheckpoint", "acc" in monitor or monitor.startswith("fmeasure"))
        self.best = -np.inf if self.monitor_op is np.greater else np.inf
        if save_freq != "epoch" and (not isinstance(save_freq, int) or isinstance(save_freq, bool)):
            raise ValueError(f"Unrecognized save_freq: {save_freq}")

    def set_model(self, model):
        self.model = model
        if not self.save_weights_only and not model._is_graph_network and type(model).__name__ != "Sequential":
            self.save_weights_only = True  # a subclassed model has no whole-model file

    def on_train_begin(self, logs=None):
        if not self.load_weights_on_restart:
            return
        filepath = self._get_most_recently_modified_file_matching_pattern(self.filepath)
        if filepath is not None and _checkpoint_exists(filepath):
            try:
                self.model.load_weights(filepath)
            except (OSError, ValueError) as error:
                raise ValueError(f"Error loading file from {filepath}. Reason: {error}") from None

    def _get_most_recently_modified_file_matching_pattern(self, pattern):
        """The checkpoint ``latest_checkpoint`` names when it matches ``pattern``, else the matching file modified
        last (of several modified at that same time, the largest path)."""
        directory = os.path.dirname(pattern)
        regex = "^" + re.sub(r"{.*}", r".*", os.path.basename(pattern)) + "$"
        latest = management.latest_checkpoint(directory)
        if latest is not None and re.match(regex, os.path.basename(latest)):
            return latest
        latest_time, latest_path, count_at_latest, largest_path = 0, None, 0, None
        if os.path.exists(directory or "."):
            for name in os.listdir(directory or "."):
                if not re.match(regex, name):
                    continue
                path = os.path.join(directory, name)
                modified = os.path.getmtime(path)
                if largest_path is None or path > largest_path:
                    largest_path = path
                if modified > latest_time:
                    latest_time, latest_path, count_at_latest = modified, path, 1
                elif modified == latest_time:
                    count_at_latest += 1
        return latest_path if count_at_latest == 1 else largest_path

    def on_batch_end(self, batch, logs=None):
        logs = logs or {}
        if isinstance(self.save_freq, int):
            self._samples_seen_since_last_saving += logs.get("size", 1)
            if self._samples_seen_since_last_saving >= self.save_freq:
                self._save_model(self._current_epoch, logs)
                self._samples_seen_since_last_saving = 0

    def on_epoch_begin(self, epoch, logs=None):
        self._current_epoch = epoch

    def on_epoch_end(self, epoch, logs=None):
        self.epochs_since_last_save += 1
        if self.save_freq == "epoch":
            self._save_model(epoch, logs)

    def _save_model(self, epoch, logs):
        logs = logs or {}
        if not (isinstance(self.save_freq, int) or self.epochs_since_last_save >= self.period):
            return
        self.epochs_since_last_save = 0
        filepath = self.filepath.format(epoch=epoch + 1, **logs)
        if not self.save_best_only:
            if self.verbose > 0:
                print("\nEpoch %05d: saving model to %s" % (epoch + 1, filepath))
            self._write(filepath)
            return
        current = logs.get(self.monitor)
        if current is None:
            logging.warning("Can save best model only with %s available, skipping.", self.monitor)
        elif self.monitor_op(current, self.best):
            if self.verbose > 0:
                print("\nEpoch %05d: %s improved from %0.5f to %0.5f, saving model to %s"
                      % (epoch + 1, self.monitor, self.best, current, filepath))
            self.best = current
            self._write(filepath)
        elif self.verbose > 0:
            print("\nEpoch %05d: %s did not improve from %0.5f" % (epoch + 1, self.monitor, self.best))

    def _write(self, filepath):
        if self.save_weights_only:
            self.model.save_weights(filepath, overwrite=True)
        else:
            self.model.save(filepath, overwrite=True)


def _checkpoint_exists(filepath):
    """TF's training_state.checkpoint_exists: an .h5 file, or a whole-model file or a TF-format checkpoint
    (tfcompat's ``PREFIX.safetensors`` where TF has ``PREFIX.index``)."""
    if filepath.endswith(".h5"):
        return os.path.exists(filepath)
    return os.path.exists(filepath) or os.path.exists(filepath + file_format.SUFFIX)
