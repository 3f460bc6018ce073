"""tf.contrib.summary: TF 1.15's summary_ops_v2 under eager execution.

A writer made by ``create_file_writer`` writes one event file through TensorBoard's own
``EventFileWriter``; writers are shared by name (``logdir:<logdir>`` by default) until closed,
as TF's writer resources were.  The default writer and the recording condition are per thread.
A summary function returns None without a default writer, else a bool tensor: True when it
wrote (recording was on), False when not.  Recording is off unless ``always_record_summaries``
or ``record_summaries_every_n_global_steps`` says otherwise (TF 1.15's should_record_summaries).
"""

import atexit
import contextlib
import os
import re
import threading
import time

from ..framework import dtypes
from ..framework.constant_op import constant, convert_to_tensor
from ..framework.context import name_scope
from ..framework.errors import DataLossError, NotFoundError, dtype_mismatch
from ..framework.tensor import is_tensor
from ..ops import math_ops
from ..ops.arguments import attr_int
from ..platform import tf_logging
from ..registry import PARTIAL, export, unsupported
from ..training.training_util import get_or_create_global_step
from . import converters
from ._tensorboard import tensorboard


class _State(threading.local):
    writer = None  # the default SummaryWriter of this thread
    recording = None  # None (off), a bool, a bool tensor, or a callable giving one


_state = _State()


# --- names and tags -----------------------------------------------------------------------

_INVALID_TAG_CHARACTERS = re.compile(r"[^-/\w\.]")


def clean_tag(name):
    """TF's summary_op_util.clean_tag: illegal characters become '_', leading slashes go."""
    if name is not None:
        new_name = _INVALID_TAG_CHARACTERS.sub("_", name).lstrip("/")
        if new_name != name:
            tf_logging.info("Summary name %s is illegal; using %s instead." % (name, new_name))
            name = new_name
    return name


@contextlib.contextmanager
def summary_scope(name, family=None, default_name=None):
    """TF's summary_op_util.summary_scope: yields (tag, scope); a family prefixes both."""
    if name is not None and not isinstance(name, str):
        raise TypeError(f"Summary name must be a string, got {name!r}")
    if family is not None and not isinstance(family, str):
        raise TypeError(f"Summary family must be a string, got {family!r}")
    name, family = clean_tag(name), clean_tag(family)
    base = name if family is None else f"{family}/{name}"
    with name_scope(base, default_name) as scope:
        tag = scope.rstrip("/")
        yield (tag if family is None else f"{family}/{tag}"), scope


# --- recording conditions ------------------------------------------------------------------

@contextlib.contextmanager
def _record_if(condition):
    old = _state.recording
    _state.recording = condition
    try:
        yield
    finally:
        _state.recording = old


def _recording():
    condition = _state.recording
    if callable(condition):
        condition = condition()
    if condition is None:
        return False
    return bool(convert_to_tensor(condition, dtypes.bool_).numpy()) if is_tensor(condition) else bool(condition)


@export("contrib.summary.should_record_summaries")
def should_record_summaries():
    """A bool tensor: whether summary functions record now (False unless a recording context says so)."""
    return constant(_recording())


@export("contrib.summary.record_summaries_every_n_global_steps")
def record_summaries_every_n_global_steps(n, global_step=None):
    """Record while ``global_step % n == 0``, read at each summary call."""
    if global_step is None:
        global_step = get_or_create_global_step()
    return _record_if(lambda: math_ops.equal(math_ops.floormod(global_step, n), 0))


@export("contrib.summary.always_record_summaries")
def always_record_summaries():
    return _record_if(True)


@export("contrib.summary.never_record_summaries")
def never_record_summaries():
    return _record_if(False)


# --- writers ------------------------------------------------------------------------------

_ONE_DAY = 86400.0  # for TensorBoard's own timed flush: _EventFile decides when events are written, as TF did


class _EventFile:
    """One event file shared by the writers of one name, with TF's queue: events wait in it until more
    than ``max_queue`` are pending, or a write comes ``flush_secs`` after the last flush, or a flush;
    then TensorBoard's EventFileWriter writes them all and flushes."""

    def __init__(self, logdir, max_queue, flush_secs, filename_suffix):
        self.writer = tensorboard().event_file_writer.EventFileWriter(
            logdir, max_queue_size=max(max_queue, 10), flush_secs=_ONE_DAY, filename_suffix=filename_suffix)
        self.max_queue = max_queue
        self.flush_secs = flush_secs
        self.pending = []
        self.last_flush = time.monotonic()
        self.lock = threading.Lock()
        self.users = 0
        self.closed = False

    def add(self, event):
        with self.lock:
            if self.closed:
                raise _closed_error()
            self.pending.append(event)
            if len(self.pending) > self.max_queue or time.monotonic() - self.last_flush > self.flush_secs:
                self._flush()

    def flush(self):
        with self.lock:
            if not self.closed:
                self._flush()

    def _flush(self):
        for event in self.pending:
            self.writer.add_event(event)
        self.pending = []
        self.writer.flush()
        self.last_flush = time.monotonic()

    def close(self):
        with self.lock:
            if not self.closed:
                self._flush()
                self.closed = True
                self.writer.close()


_FILES = {}  # shared name -> _EventFile, while open
_FILES_LOCK = threading.Lock()


@atexit.register
def _flush_open_files():
    """What TF's writer resources did when the process ended: write the events still queued."""
    for shared in list(_FILES.values()):
        shared.flush()


@export("contrib.summary.SummaryWriter")
class SummaryWriter:
    """TF 1.15's interface of a stateful summary writer; create_file_writer makes the writers."""

    def set_as_default(self):
        """Make this the default writer of the current thread."""
        raise NotImplementedError()

    def as_default(self):
        """A context manager making this the default writer of the current thread."""
        raise NotImplementedError()

    def init(self):
        raise NotImplementedError()

    def flush(self):
        raise NotImplementedError()

    def close(self):
        raise NotImplementedError()


class _FileSummaryWriter(SummaryWriter):
    """A writer of one event file, shared with the other writers of its name (TF's shared writer resource)."""

    def __init__(self, shared_name, open_file):
        self._name = shared_name
        self._open_file = open_file
        self._file = None
        self.init()

    def set_as_default(self):
        _state.writer = self

    @contextlib.contextmanager
    def as_default(self):
        old = _state.writer
        _state.writer = self
        try:
            yield self
            self.flush()
        finally:
            _state.writer = old

    def init(self):
        """(Re)open the shared event file (TF 1.x's writer init op)."""
        with _FILES_LOCK:
            shared = _FILES.get(self._name)
            if shared is None:
                shared = _FILES[self._name] = self._open_file()
            if shared is not self._file:
                shared.users += 1
                self._file = shared

    def flush(self):
        if self._file is not None:
            self._file.flush()

    def close(self):
        """Flush, close the event file and forget it: a later writer of the same name opens a new one."""
        shared, self._file = self._file, None
        if shared is not None:
            with _FILES_LOCK:
                if _FILES.get(self._name) is shared:
                    del _FILES[self._name]
            shared.close()

    def __del__(self):
        shared = self._file
        if shared is not None:
            with _FILES_LOCK:
                shared.users -= 1
                if shared.users > 0:
                    return
                if _FILES.get(self._name) is shared:
                    del _FILES[self._name]
            shared.close()

    def _write(self, event, stamp=True):
        if self._file is None:
            raise _closed_error()
        if stamp:
            event.wall_time = time.time()
        self._file.add(event)


def _closed_error():
    return NotFoundError(None, None, "Resource does not exist: the summary writer is closed")


class _NoopSummaryWriter(SummaryWriter):
    """create_file_writer(None): a writer that writes nothing."""

    def set_as_default(self):
        pass

    @contextlib.contextmanager
    def as_default(self):
        yield

    def init(self):
        pass

    def flush(self):
        pass

    def close(self):
        pass


@export("contrib.summary.create_file_writer", status=PARTIAL,
        note="The event file is named as TensorBoard's writer names it (its name adds the process id and a "
             "counter to TF's), so two writers never share a file name.")
def create_file_writer(logdir, max_queue=None, flush_millis=None, filename_suffix=None, name=None):
    """A SummaryWriter for ``logdir`` (a writer that writes nothing when ``logdir`` is None)."""
    if logdir is None:
        return _NoopSummaryWriter()
    logdir = _text(logdir, "logdir")
    max_queue = 10 if max_queue is None else _positive_int(max_queue, "max_queue")
    flush_secs = 120.0 if flush_millis is None else _positive_int(flush_millis, "flush_millis") / 1000.0
    filename_suffix = ".v2" if filename_suffix is None else _text(filename_suffix, "filename_suffix")
    name = "logdir:" + logdir if name is None else _text(name, "name")
    return _FileSummaryWriter(name, lambda: _EventFile(logdir, max_queue, flush_secs, filename_suffix))


@export("contrib.summary.create_summary_file_writer")
def create_summary_file_writer(*args, **kwargs):
    """Deprecated: renamed to create_file_writer."""
    tf_logging.warning("Deprecation Warning: create_summary_file_writer was renamed to create_file_writer")
    return create_file_writer(*args, **kwargs)


def _text(value, argument):
    if is_tensor(value):
        value = convert_to_tensor(value, dtypes.string).numpy()
    if isinstance(value, bytes):
        value = value.decode("utf-8")
    if isinstance(value, os.PathLike):
        value = os.fspath(value)
    if not isinstance(value, str):
        raise TypeError(f"create_file_writer: {argument} must be a string, got {value!r}")
    return value


def _positive_int(value, argument):
    number = int(convert_to_tensor(value, dtypes.int32).numpy()) if is_tensor(value) else value
    if isinstance(number, bool) or not isinstance(number, int) or number < 0:
        raise ValueError(f"create_file_writer: {argument} must be a non-negative integer, got {value!r}")
    return number


unsupported("contrib.summary.create_db_writer",
            "TF's SQLite summary database writer has no TensorBoard-package equivalent; use create_file_writer.")


@export("contrib.summary.initialize")
def initialize(graph=None, session=None):
    """A no-op under eager execution, as in TF."""


@export("contrib.summary.all_summary_ops")
def all_summary_ops():
    """None under eager execution, as in TF."""
    return None


@export("contrib.summary.summary_writer_initializer_op")
def summary_writer_initializer_op():
    raise RuntimeError("tf.contrib.summary.summary_writer_initializer_op is only supported in graph mode.")


@export("contrib.summary.eval_dir")
def eval_dir(model_dir, name=None):
    """The log directory of an eval writer: ``model_dir/eval`` or ``model_dir/eval_<name>``."""
    return os.path.join(model_dir, "eval" if not name else "eval_" + name)


@export("contrib.summary.flush")
def flush(writer=None, name=None):
    """Flush ``writer`` (the default one when None; nothing to do without one)."""
    if writer is None:
        writer = _state.writer
        if writer is None:
            return None
    if not isinstance(writer, SummaryWriter):
        raise TypeError(f"flush: writer must be a tf.contrib.summary.SummaryWriter, got {writer!r}")
    writer.flush()
    return None


# --- summary functions --------------------------------------------------------------------

def _choose_step(step, op_name):
    """The int64 step: the global step when None, else ``step`` (an int64 tensor or variable, or a number)."""
    if step is None:
        step = get_or_create_global_step()
    if not is_tensor(step):
        return int(convert_to_tensor(step, dtypes.int64).numpy())
    tensor = convert_to_tensor(step)
    if tensor.dtype != dtypes.int64:
        raise dtype_mismatch(op_name, 1, dtypes.int64, tensor.dtype)
    return int(tensor.numpy())


def _summary_writer_function(name, family, step, op_name, make_values):
    """TF's summary_writer_function: None without a default writer, False when not recording, else write
    ``make_values(tag)`` (a list of Summary.Value) at the step and return True."""
    writer = _state.writer
    if writer is None:
        return None
    if not _recording():
        return constant(False)
    with summary_scope(name, family) as (tag, _):
        values = make_values(tag)
        _write_values(writer, values, _choose_step(step, op_name))
    return constant(True)


def _write_values(writer, values, step):
    modules = tensorboard()
    event = modules.event_pb2.Event(step=step, summary=modules.summary_pb2.Summary(value=values))
    writer._write(event)


@export("contrib.summary.scalar")
def scalar(name, tensor, family=None, step=None):
    """Write the first element of ``tensor`` (a real number type) as a scalar summary."""
    def values(tag):
        array = converters.real_numbers(tensor, "WriteScalarSummary")
        return [converters.scalar_value(tag, array, "WriteScalarSummary")]

    return _summary_writer_function(name, family, step, "WriteScalarSummary", values)


@export("contrib.summary.histogram")
def histogram(name, tensor, family=None, step=None):
    """Write a histogram of ``tensor``'s values with TF's default buckets."""
    def values(tag):
        array = converters.real_numbers(tensor, "WriteHistogramSummary")
        histo = converters.histogram_proto(
            array, lambda kind: f"{kind} in summary histogram for: {tag} [Op:WriteHistogramSummary]")
        return [tensorboard().summary_pb2.Summary.Value(tag=tag, histo=histo)]

    return _summary_writer_function(name, family, step, "WriteHistogramSummary", values)


_DEFAULT_BAD_COLOR = (255, 0, 0, 255)


@export("contrib.summary.image")
def image(name, tensor, bad_color=None, max_images=3, family=None, step=None):
    """Write up to ``max_images`` images of a [batch, height, width, channels] tensor as PNGs."""
    def values(tag):
        color = constant(_DEFAULT_BAD_COLOR, dtypes.uint8) if bad_color is None else bad_color
        count = _count(max_images, "max_images", "WriteImageSummary")
        return converters.image_values(tag, tensor, count, color, "WriteImageSummary")

    return _summary_writer_function(name, family, step, "WriteImageSummary", values)


@export("contrib.summary.audio")
def audio(name, tensor, sample_rate, max_outputs, family=None, step=None):
    """Write up to ``max_outputs`` clips of a float32 [batch, frames(, channels)] tensor as WAV audio."""
    def values(tag):
        count = _count(max_outputs, "max_outputs", "WriteAudioSummary")
        return converters.audio_values(tag, tensor, sample_rate, count, "WriteAudioSummary")

    return _summary_writer_function(name, family, step, "WriteAudioSummary", values)


def _count(value, attr, op_name):
    return attr_int(value, attr, op_name, minimum=1)


@export("contrib.summary.generic")
def generic(name, tensor, metadata=None, family=None, step=None):
    """Write ``tensor`` itself (a TensorProto), with optional SummaryMetadata (a proto or its bytes)."""
    def values(tag):
        value = tensorboard().summary_pb2.Summary.Value(tag=tag, tensor=converters.tensor_proto(tensor))
        serialized = _serialized_metadata(metadata)
        if serialized:
            value.metadata.ParseFromString(serialized)
        return [value]

    return _summary_writer_function(name, family, step, "WriteSummary", values)


def _serialized_metadata(metadata):
    if metadata is None:
        return b""
    if hasattr(metadata, "SerializeToString"):
        return metadata.SerializeToString()
    if is_tensor(metadata):
        metadata = convert_to_tensor(metadata, dtypes.string).numpy()
    if isinstance(metadata, str):
        metadata = metadata.encode("utf-8")
    if not isinstance(metadata, bytes):
        raise TypeError(f"metadata must be a SummaryMetadata proto or its serialization, got {metadata!r}")
    return metadata


@export("contrib.summary.graph")
def graph(param, step=None, name=None):
    """Write a serialized GraphDef (a GraphDef proto, bytes or a string tensor) to the default writer."""
    writer = _state.writer
    if writer is None:
        return None
    if hasattr(param, "SerializeToString"):
        data = param.SerializeToString()
    else:
        data = convert_to_tensor(param, dtypes.string).numpy()
        if not isinstance(data, bytes):
            raise TypeError(f"graph() needs a serialized GraphDef, got {param!r}")
    event = tensorboard().event_pb2.Event(step=_choose_step(step, "WriteGraphSummary"), graph_def=data)
    writer._write(event)
    return None


@export("contrib.summary.import_event", status=PARTIAL,
        note="Without a default writer it does nothing (TF 1.15 failed with an AttributeError).")
def import_event(tensor, name=None):
    """Write a serialized Event (a string tensor or bytes) to the default writer, as it is."""
    writer = _state.writer
    if writer is None:
        return None
    data = convert_to_tensor(tensor, dtypes.string).numpy()
    if not isinstance(data, bytes):
        raise TypeError(f"import_event needs one serialized Event, got {tensor!r}")
    event = tensorboard().event_pb2.Event()
    try:
        event.ParseFromString(data)
    except Exception:  # noqa: BLE001 - protobuf's DecodeError, whose module differs by implementation
        raise DataLossError(None, None, "Bad tf.Event binary proto [Op:ImportEvent]") from None
    writer._write(event, stamp=False)
    return None
