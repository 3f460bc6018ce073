"""The checkpoint state file and checkpoint bookkeeping: tf.train.latest_checkpoint,
get_checkpoint_state, update_checkpoint_state, checkpoint_exists, remove_checkpoint and
tf.train.CheckpointManager, as TF 1.15's checkpoint_management.py.

The state file (``<dir>/checkpoint``) is a ``CheckpointState`` message in protobuf text format::

    model_checkpoint_path: "ckpt-2"
    all_model_checkpoint_paths: "ckpt-1"
    all_model_checkpoint_paths: "ckpt-2"

It is written atomically and always after the checkpoint it names, so it never points at a checkpoint
that is not complete on disk.
"""

import collections
import glob
import os
import time

from ..platform import tf_logging as logging
from ..registry import PARTIAL, export
from . import file_format
from .state_proto import ParseError, new_state, parse_state, state_text


def _state_filename(save_dir, latest_filename):
    return os.path.join(save_dir, latest_filename or "checkpoint")


@export("train.generate_checkpoint_state_proto")
def generate_checkpoint_state_proto(save_dir, model_checkpoint_path, all_model_checkpoint_paths=None,
                                    all_model_checkpoint_timestamps=None, last_preserved_timestamp=None):
    """A CheckpointState whose last path is ``model_checkpoint_path`` (relative paths made relative to a
    relative ``save_dir``)."""
    # TF appends to the caller's list itself (its own tests count on it)
    paths = all_model_checkpoint_paths if isinstance(all_model_checkpoint_paths, list) else \
        list(all_model_checkpoint_paths or [])
    if not paths or paths[-1] != model_checkpoint_path:
        paths.append(model_checkpoint_path)
    timestamps = list(all_model_checkpoint_timestamps or [])
    if timestamps and len(timestamps) != len(paths):
        raise ValueError(f"Checkpoint timestamps, if provided, must match checkpoint paths "
                         f"({len(timestamps)} vs {len(paths)})")
    if not os.path.isabs(save_dir):
        if not os.path.isabs(model_checkpoint_path):
            model_checkpoint_path = os.path.relpath(model_checkpoint_path, save_dir)
        paths = [path if os.path.isabs(path) else os.path.relpath(path, save_dir) for path in paths]
    return new_state(model_checkpoint_path, paths, timestamps, last_preserved_timestamp)


@export("train.update_checkpoint_state")
def update_checkpoint_state(save_dir, model_checkpoint_path, all_model_checkpoint_paths=None, latest_filename=None,
                            all_model_checkpoint_timestamps=None, last_preserved_timestamp=None):
    """Write ``<save_dir>/checkpoint`` (or ``latest_filename``) naming the newest checkpoint, atomically."""
    update_checkpoint_state_internal(save_dir, model_checkpoint_path, all_model_checkpoint_paths, latest_filename,
                                     save_relative_paths=False,
                                     all_model_checkpoint_timestamps=all_model_checkpoint_timestamps,
                                     last_preserved_timestamp=last_preserved_timestamp)


def update_checkpoint_state_internal(save_dir, model_checkpoint_path, all_model_checkpoint_paths=None,
                                     latest_filename=None, save_relative_paths=False,
                                     all_model_checkpoint_timestamps=None, last_preserved_timestamp=None):
    state_path = _state_filename(save_dir, latest_filename)
    paths = list(all_model_checkpoint_paths or [])
    if save_relative_paths:
        model_checkpoint_path = _relative(model_checkpoint_path, save_dir)
        paths = [_relative(path, save_dir) for path in paths]
    state = generate_checkpoint_state_proto(save_dir, model_checkpoint_path, paths,
                                            all_model_checkpoint_timestamps, last_preserved_timestamp)
    if state_path == state.model_checkpoint_path:
        raise RuntimeError(f"Save path '{model_checkpoint_path}' conflicts with path used for checkpoint state.  "
                           "Please use a different save path.")
    file_format.atomic_write_text(state_path, state_text(state))


def _relative(path, save_dir):
    return os.path.relpath(path, save_dir) if os.path.isabs(path) else path


@export("train.get_checkpoint_state")
def get_checkpoint_state(checkpoint_dir, latest_filename=None):
    """The CheckpointState in ``checkpoint_dir`` (relative paths joined to it), or None."""
    state_path = _state_filename(os.fspath(checkpoint_dir), latest_filename)
    if not os.path.isfile(state_path):
        return None
    try:
        with open(state_path, encoding="utf-8") as stream:
            state = parse_state(stream.read())
        if not state.model_checkpoint_path:
            raise ValueError("Invalid checkpoint state loaded from " + os.fspath(checkpoint_dir))
    except (ParseError, UnicodeDecodeError) as error:
        logging.warning("%s: %s", type(error).__name__, error)
        logging.warning("%s: Checkpoint ignored", state_path)
        return None
    except OSError as error:
        logging.warning("%s: %s", type(error).__name__, error)
        return None
    if not os.path.isabs(state.model_checkpoint_path):
        state.model_checkpoint_path = os.path.join(checkpoint_dir, state.model_checkpoint_path)
    state.all_model_checkpoint_paths[:] = [
        path if os.path.isabs(path) else os.path.join(checkpoint_dir, path)
        for path in state.all_model_checkpoint_paths]
    return state


@export("train.latest_checkpoint")
def latest_checkpoint(checkpoint_dir, latest_filename=None):
    """The prefix of the newest checkpoint the state file names, if its files exist; else None."""
    state = get_checkpoint_state(checkpoint_dir, latest_filename)
    if state and state.model_checkpoint_path:
        if checkpoint_exists_internal(state.model_checkpoint_path):
            return state.model_checkpoint_path
        logging.error("Couldn't match files for checkpoint %s", state.model_checkpoint_path)
    return None


def checkpoint_exists_internal(prefix):
    """Whether a checkpoint (tfcompat's file, or TF's ``.index`` / V1 file) exists at ``prefix``."""
    prefix = os.fspath(prefix)
    return file_format.exists(prefix) or bool(glob.glob(glob.escape(prefix) + ".index")) or \
        bool(glob.glob(prefix))


@export("train.checkpoint_exists")
def checkpoint_exists(checkpoint_prefix):
    return checkpoint_exists_internal(checkpoint_prefix)


@export("train.get_checkpoint_mtimes")
def get_checkpoint_mtimes(checkpoint_prefixes):
    """The modification time of each existing checkpoint among ``checkpoint_prefixes``."""
    times = []
    for prefix in checkpoint_prefixes:
        for candidate in (file_format.path_of(prefix), os.fspath(prefix) + ".index", os.fspath(prefix)):
            if os.path.isfile(candidate):
                times.append(os.path.getmtime(candidate))
                break
    return times


@export("train.remove_checkpoint")
def remove_checkpoint(checkpoint_prefix, checkpoint_format_version=2, meta_graph_suffix="meta"):
    """Delete the files of the checkpoint at ``checkpoint_prefix`` (and its meta graph)."""
    prefix = os.fspath(checkpoint_prefix)
    _delete_matching(file_format.path_of(prefix))
    _delete_matching(prefix + ".index")
    _delete_matching(prefix + ".data-?????-of-?????", pattern=True)
    _delete_matching(f"{prefix}.{meta_graph_suffix}")


def _delete_matching(path, pattern=False):
    names = glob.glob(glob.escape(path[:path.rfind(".data-")]) + path[path.rfind(".data-"):]) if pattern else [path]
    for name in names:
        try:
            os.remove(name)
        except FileNotFoundError:
            pass
        except OSError as error:
            logging.warning("Ignoring: %s", error)


@export("train.CheckpointManager", status=PARTIAL,
        note="TF 1.15's CheckpointManager(checkpoint, directory, max_to_keep, keep_checkpoint_every_n_hours, "
             "checkpoint_name); TF 2.x's step_counter, checkpoint_interval and init_fn are not supported.")
class CheckpointManager:
    """Keeps the newest ``max_to_keep`` checkpoints of ``checkpoint`` in ``directory`` (and one every
    ``keep_checkpoint_every_n_hours``), recording them in the state file."""

    def __init__(self, checkpoint, directory, max_to_keep, keep_checkpoint_every_n_hours=None,
                 checkpoint_name="ckpt"):
        if max_to_keep is not None and (not isinstance(max_to_keep, int) or max_to_keep <= 0):
            raise ValueError(f"Expected a positive integer or `None` for `max_to_max_to_keep`, got {max_to_keep}.")
        self._checkpoint = checkpoint
        self._max_to_keep = max_to_keep
        self._keep_checkpoint_every_n_hours = keep_checkpoint_every_n_hours
        self._directory = os.fspath(directory)
        self._checkpoint_prefix = os.path.join(self._directory, checkpoint_name)
        recovered = get_checkpoint_state(self._directory)
        now = time.time()
        self._maybe_delete = collections.OrderedDict()
        if recovered is None:
            self._latest_checkpoint = None
            self._last_preserved_timestamp = now - 1.0  # a manager re-created at once keeps its first save
            return
        self._latest_checkpoint = recovered.model_checkpoint_path
        self._last_preserved_timestamp = recovered.last_preserved_timestamp or 0.0
        if now < self._last_preserved_timestamp:
            logging.warning("time.time() returned a value %f seconds behind the last preserved checkpoint "
                            "timestamp.", self._last_preserved_timestamp - now)
            self._last_preserved_timestamp = now
        paths = list(recovered.all_model_checkpoint_paths)
        timestamps = list(recovered.all_model_checkpoint_timestamps) or [self._last_preserved_timestamp] * len(paths)
        for path, timestamp in zip(paths, timestamps):
            timestamp = min(timestamp, now)
            if timestamp > self._last_preserved_timestamp:
                self._maybe_delete[path] = timestamp

    @property
    def latest_checkpoint(self):
        return self._latest_checkpoint

    @property
    def checkpoints(self):
        """The checkpoints this manager may still delete, oldest first."""
        return list(self._maybe_delete)

    @property
    def directory(self):
        return self._directory

    def save(self, checkpoint_number=None):
        """Save a checkpoint numbered ``checkpoint_number`` (default: the next save counter), then delete the
        ones past ``max_to_keep``; returns its prefix."""
        self._checkpoint.save_counter.assign_add(1)  # counted even when the number is given, as in TF
        checkpoint_number = _as_int(self._checkpoint.save_counter if checkpoint_number is None else checkpoint_number)
        save_path = self._checkpoint.write(f"{self._checkpoint_prefix}-{checkpoint_number}")
        self._maybe_delete.pop(save_path, None)
        self._maybe_delete[save_path] = time.time()
        self._latest_checkpoint = save_path
        self._record_state()  # the new checkpoint is recorded before anything is deleted
        self._sweep()
        self._record_state()
        return save_path

    def _sweep(self):
        if not self._max_to_keep:
            return
        while len(self._maybe_delete) > self._max_to_keep:
            path, timestamp = self._maybe_delete.popitem(last=False)
            if (self._keep_checkpoint_every_n_hours
                    and timestamp - self._keep_checkpoint_every_n_hours * 3600.0 >= self._last_preserved_timestamp):
                self._last_preserved_timestamp = timestamp
                continue
            remove_checkpoint(path)

    def _record_state(self):
        paths, timestamps = zip(*self._maybe_delete.items())
        update_checkpoint_state_internal(self._directory, self._latest_checkpoint, list(paths),
                                         save_relative_paths=True, all_model_checkpoint_timestamps=list(timestamps),
                                         last_preserved_timestamp=self._last_preserved_timestamp)


def _as_int(number):
    try:
        return int(number.numpy()) if hasattr(number, "numpy") else int(number)
    except (TypeError, ValueError):
        raise TypeError(f"checkpoint_number must be an integer or an integer tensor, got {number!r}") from None



# --- waiting for checkpoints (TF 1.15's checkpoint_utils) --------------------------------------------

def wait_for_new_checkpoint(checkpoint_dir, last_checkpoint=None, seconds_to_sleep=1, timeout=None):
    """The directory's latest checkpoint once it is not ``last_checkpoint``; None after ``timeout`` seconds."""
    logging.info("Waiting for new checkpoint at %s", checkpoint_dir)
    stop_time = time.time() + timeout if timeout is not None else None
    while True:
        checkpoint_path = latest_checkpoint(checkpoint_dir)
        if checkpoint_path is not None and checkpoint_path != last_checkpoint:
            logging.info("Found new checkpoint at %s", checkpoint_path)
            return checkpoint_path
        if stop_time is not None and time.time() + seconds_to_sleep > stop_time:
            return None
        time.sleep(seconds_to_sleep)


@export("train.checkpoints_iterator")
def checkpoints_iterator(checkpoint_dir, min_interval_secs=0, timeout=None, timeout_fn=None):
    """Yield each new latest checkpoint of ``checkpoint_dir`` as it appears, at most one per
    ``min_interval_secs``; after ``timeout`` seconds without one, stop (or ask ``timeout_fn`` whether to)."""
    checkpoint_path = None
    while True:
        new_checkpoint_path = wait_for_new_checkpoint(checkpoint_dir, checkpoint_path, timeout=timeout)
        if new_checkpoint_path is None:
            if timeout_fn is None:
                logging.info("Timed-out waiting for a checkpoint.")
                return
            if timeout_fn():
                logging.info("Done. No new checkpoints will be generated.")
                return
            continue
        start = time.time()
        checkpoint_path = new_checkpoint_path
        yield checkpoint_path
        time_to_next_eval = start + min_interval_secs - time.time()
        if time_to_next_eval > 0:
            time.sleep(time_to_next_eval)
