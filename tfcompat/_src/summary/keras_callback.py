"""tf.keras.callbacks.TensorBoard: TF 1.15's callbacks_v1.TensorBoard as it ran under eager execution.

Under eager execution TF 1.15's callback wrote the logs' scalars through tf.contrib.summary: per
epoch as ``epoch_<name>`` (step: the epoch, or the samples seen when ``update_freq`` is a number or
'batch') and, with ``update_freq``, per batch as ``batch_<name>`` (step: the batches seen).  It
turned weight histograms off (``histogram_freq`` set to 0, with a warning), wrote no graph for an
eager model, and profiled nothing that tfcompat has (``profile_batch`` is accepted and unused).
"""

import numpy as np

from ..keras.callbacks import Callback
from ..platform import tf_logging
from ..registry import PARTIAL, export
from . import summary_ops

_NOT_LOGGED = ("batch", "size", "num_steps")


@export("keras.callbacks.TensorBoard", status=PARTIAL,
        note="Eager execution, as TF 1.15 ran it: epoch and batch scalars; histogram_freq is set to 0 with TF's "
             "warning; no graph, profile or embeddings (graph-mode features).")
class TensorBoard(Callback):
    """Writes the training logs' scalars to TensorBoard event files in ``log_dir``."""

    def __init__(self, log_dir="./logs", histogram_freq=0, batch_size=32, write_graph=True, write_grads=False,
                 write_images=False, embeddings_freq=0, embeddings_layer_names=None, embeddings_metadata=None,
                 embeddings_data=None, update_freq="epoch", profile_batch=2):
        super().__init__()
        self.log_dir = log_dir
        self.histogram_freq = histogram_freq
        if self.histogram_freq:
            tf_logging.warning(UserWarning("Weight and gradient histograms not supported for eagerexecution, "
                                           "setting `histogram_freq` to `0`."))
            self.histogram_freq = 0
        self.write_graph = write_graph
        self.write_grads = write_grads
        self.write_images = write_images
        self.batch_size = batch_size
        self.embeddings_freq = embeddings_freq
        self.embeddings_layer_names = embeddings_layer_names
        self.embeddings_metadata = embeddings_metadata
        self.embeddings_data = embeddings_data
        if update_freq != "epoch" and update_freq != "batch" and (
                isinstance(update_freq, bool) or not isinstance(update_freq, int)):
            raise ValueError(f"update_freq must be 'epoch', 'batch' or an integer, got {update_freq!r}")
        self.update_freq = 1 if update_freq == "batch" else update_freq
        self._total_batches_seen = 0
        self._samples_seen = 0
        self._samples_seen_at_last_write = 0
        self._profile_batch = profile_batch
        self.writer = None

    def set_model(self, model):
        self.model = model
        self.writer = summary_ops.create_file_writer(self.log_dir)
        if self.embeddings_freq and self.embeddings_data is not None:
            raise ValueError("TensorBoard embeddings need graph mode (a session and a Saver), which tfcompat has "
                             "not; leave embeddings_freq at 0.")

    def _write_custom_summaries(self, step, logs):
        with self.writer.as_default(), summary_ops.always_record_summaries():
            for name, value in logs.items():
                if isinstance(value, np.ndarray):
                    value = value.item()
                summary_ops.scalar(name, value, step=step)
        self.writer.flush()

    def on_batch_end(self, batch, logs=None):
        logs = logs or {}
        self._samples_seen += logs.get("size", 1)
        since = self._samples_seen - self._samples_seen_at_last_write
        if self.update_freq != "epoch" and since >= self.update_freq:
            batch_logs = {"batch_" + key: value for key, value in logs.items() if key not in _NOT_LOGGED}
            self._write_custom_summaries(self._total_batches_seen, batch_logs)
            self._samples_seen_at_last_write = self._samples_seen
        self._total_batches_seen += 1

    def on_epoch_end(self, epoch, logs=None):
        logs = {"epoch_" + key: value for key, value in (logs or {}).items() if key not in _NOT_LOGGED}
        step = epoch if self.update_freq == "epoch" else self._samples_seen
        self._write_custom_summaries(step, logs)
        if self.embeddings_data is None and self.embeddings_freq:
            raise ValueError("To visualize embeddings, embeddings_data must be provided.")

    def on_train_end(self, logs=None):
        if self.writer is not None:
            self.writer.close()
