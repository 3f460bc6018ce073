"""tf.keras.callbacks.ModelCheckpoint: TF 1.15's callback, saving the model's weights during ``fit``.

``filepath`` may hold ``str.format`` fields filled with the epoch (counted from 1) and the epoch's logs
(``weights.{epoch:02d}-{val_loss:.2f}.hdf5``).  ``save_best_only`` keeps the best value of ``monitor``
so far (``mode`` min / max / auto: max when the name holds ``acc`` or starts with ``fmeasure``);
``period`` (deprecated) saves every N epochs, ``save_freq`` every epoch or every N samples.
"""

import numpy as np

from ..keras.callbacks import Callback, monitor_direction
from ..platform import tf_logging as logging
from ..registry import PARTIAL, export


@export("keras.callbacks.ModelCheckpoint", status=PARTIAL,
        note="Saves weights (save_weights_only=True: TF format, or HDF5 for .h5 names); whole-model saving "
             "(save_weights_only=False, Model.save) and load_weights_on_restart=True are not supported by tfcompat and "
             "raise NotImplementedError.")
class ModelCheckpoint(Callback):
    """Saves the model's weights after every epoch (or every ``save_freq`` samples)."""

    def __init__(self, filepath, monitor="val_loss", verbose=0, save_best_only=False, save_weights_only=False,
                 mode="auto", save_freq="epoch", load_weights_on_restart=False, **kwargs):
        super().__init__()
        if not save_weights_only:
            raise NotImplementedError("ModelCheckpoint(save_weights_only=False) saves whole models (Model.save), "
                                      "which tfcompat does not support; use save_weights_only=True")
        if load_weights_on_restart:
            raise NotImplementedError("ModelCheckpoint(load_weights_on_restart=True) is not supported by tfcompat; "
                                      "call model.load_weights before fit")
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
            self.model.save_weights(filepath, overwrite=True)
            return
        current = logs.get(self.monitor)
        if current is None:
            logging.warning("Can save best model only with %s available, skipping.", self.monitor)
        elif self.monitor_op(current, self.best):
            if self.verbose > 0:
                print("\nEpoch %05d: %s improved from %0.5f to %0.5f, saving model to %s"
                      % (epoch + 1, self.monitor, self.best, current, filepath))
            self.best = current
            self.model.save_weights(filepath, overwrite=True)
        elif self.verbose > 0:
            print("\nEpoch %05d: %s did not improve from %0.5f" % (epoch + 1, self.monitor, self.best))
