"""TF 1.x's tf.summary under eager execution: the summary ops, FileWriter, FileWriterCache, the protos.

Under eager execution TF 1.15's ``tf.summary.scalar`` / ``histogram`` / ``image`` / ``audio`` /
``text`` / ``tensor_summary`` return a scalar string tensor holding a serialized ``Summary``
(which ``FileWriter.add_summary`` takes), and ``merge`` / ``merge_all`` raise.  The protos are
TensorBoard's copies of TF's (``tensorboard.compat.proto``), the same messages on the wire.
"""

import threading
import time

from ..data.tf_record import tf_record_iterator
from ..framework import dtypes
from ..framework.constant_op import constant, convert_to_tensor
from ..framework.errors import invalid_argument
from ..framework.tensor import is_tensor
from ..ops.arguments import attr_int
from ..registry import PARTIAL, export, export_lazy
from ..util.user_warnings import warn
from . import converters
from ._tensorboard import tensorboard
from .summary_ops import summary_scope

_COLLECTIONS_NOTE = "The result is not added to graph collections (merge_all raises under eager execution)."


def _serialized(values):
    """A scalar tf.string tensor holding the serialized Summary of ``values``."""
    return constant(tensorboard().summary_pb2.Summary(value=values).SerializeToString())


@export("summary.scalar", status=PARTIAL, note=_COLLECTIONS_NOTE)
def scalar(name, tensor, collections=None, family=None):
    """A serialized Summary with one scalar: ``tensor`` must be a real-number scalar."""
    with summary_scope(name, family) as (tag, _):
        array = converters.real_numbers(tensor, "ScalarSummary")
        if array.ndim != 0:
            raise invalid_argument(f"tags and values are not the same shape: [] != "
                                   f"{converters.shape_text(array.shape)} (tag '{tag}')", "ScalarSummary")
        return _serialized([converters.scalar_value(tag, array, "ScalarSummary")])


@export("summary.histogram", status=PARTIAL, note=_COLLECTIONS_NOTE)
def histogram(name, values, collections=None, family=None):
    """A serialized Summary with a histogram of ``values`` (TF's default buckets)."""
    messages = {"Nan": "Nan in summary histogram for: HistogramSummary [Op:HistogramSummary]",
                "Infinity": "Infinity in Histogram for: HistogramSummary [Op:HistogramSummary]"}
    with summary_scope(name, family) as (tag, _):
        array = converters.real_numbers(values, "HistogramSummary")
        histo = converters.histogram_proto(array, messages.__getitem__)
        return _serialized([tensorboard().summary_pb2.Summary.Value(tag=tag, histo=histo)])


_BAD_COLOR = (255, 0, 0, 255)


@export("summary.image", status=PARTIAL, note=_COLLECTIONS_NOTE)
def image(name, tensor, max_outputs=3, collections=None, family=None):
    """A serialized Summary with up to ``max_outputs`` PNG images of a [batch, height, width, 1|3|4] tensor."""
    with summary_scope(name, family) as (tag, _):
        count = attr_int(max_outputs, "max_images", "ImageSummary", minimum=1)
        bad_color = constant(_BAD_COLOR, dtypes.uint8)
        return _serialized(converters.image_values(tag, tensor, count, bad_color, "ImageSummary"))


@export("summary.audio", status=PARTIAL, note=_COLLECTIONS_NOTE)
def audio(name, tensor, sample_rate, max_outputs=3, collections=None, family=None):
    """A serialized Summary with up to ``max_outputs`` WAV clips of a float32 [batch, frames(, channels)] tensor."""
    with summary_scope(name, family) as (tag, _):
        count = attr_int(max_outputs, "max_outputs", "AudioSummaryV2", minimum=1)
        return _serialized(converters.audio_values(tag, tensor, sample_rate, count, "AudioSummaryV2"))


@export("summary.tensor_summary", status=PARTIAL, note=_COLLECTIONS_NOTE)
def tensor_summary(name, tensor, summary_description=None, collections=None, summary_metadata=None, family=None,
                   display_name=None):
    """A serialized Summary holding ``tensor`` as a TensorProto, with its SummaryMetadata."""
    summary_pb2 = tensorboard().summary_pb2
    metadata = summary_pb2.SummaryMetadata()
    if summary_metadata is not None:
        if not isinstance(summary_metadata, summary_pb2.SummaryMetadata):
            raise TypeError(f"summary_metadata must be a SummaryMetadata proto, got {summary_metadata!r}")
        metadata.CopyFrom(summary_metadata)
    if summary_description is not None:
        metadata.summary_description = summary_description
    if display_name is not None:
        metadata.display_name = display_name
    with summary_scope(name, family) as (tag, _):
        value = summary_pb2.Summary.Value(tag=tag, tensor=converters.tensor_proto(tensor))
        value.metadata.CopyFrom(metadata)
        return _serialized([value])


@export("summary.text", status=PARTIAL, note=_COLLECTIONS_NOTE)
def text(name, tensor, collections=None):
    """A serialized Summary of a string tensor for TensorBoard's text plugin."""
    tensor = convert_to_tensor(tensor)
    if tensor.dtype != dtypes.string:
        # TF 1.15's ValueError, which under eager failed to format itself (it reads tensor.name).
        raise ValueError(f"Expected tensor {name} to have dtype string, got {tensor.dtype}")
    summary_pb2 = tensorboard().summary_pb2
    metadata = summary_pb2.SummaryMetadata(plugin_data=summary_pb2.SummaryMetadata.PluginData(plugin_name="text"))
    return tensor_summary(name, tensor, summary_metadata=metadata, collections=collections)


_MERGE_MESSAGE = ("Merging tf.summary.* ops is not compatible with eager execution. "
                  "Use tf.contrib.summary instead.")


@export("summary.merge")
def merge(inputs, collections=None, name=None):
    raise RuntimeError(_MERGE_MESSAGE)


@export("summary.merge_all")
def merge_all(key="summaries", scope=None, name=None):
    raise RuntimeError(_MERGE_MESSAGE)


@export("summary.all_v2_summary_ops")
def all_v2_summary_ops():
    """None under eager execution, as in TF."""
    return None


@export("summary.initialize")
def initialize(graph=None, session=None):
    """A no-op under eager execution, as in TF."""


# --- FileWriter ---------------------------------------------------------------------------

@export("summary.FileWriter", status=PARTIAL,
        note="TF 1.15 raised RuntimeError when a FileWriter was made under eager execution; tfcompat, "
             "which has no graph mode, writes the events as graph-mode TF did. `graph`/`add_graph` take a "
             "GraphDef proto; `session` is not supported.")
class FileWriter:
    """Writes Summary and Event protos to an event file in ``logdir`` (TensorBoard's EventFileWriter)."""

    def __init__(self, logdir, graph=None, max_queue=10, flush_secs=120, graph_def=None, filename_suffix=None,
                 session=None):
        if session is not None:
            raise ValueError("FileWriter(session=...) shares a graph-mode writer resource, which eager "
                             "execution has not; leave session unset.")
        if not isinstance(logdir, (str, bytes)) and not hasattr(logdir, "__fspath__"):
            raise TypeError(f"FileWriter: logdir must be a string, got {logdir!r}")
        self._options = (logdir if isinstance(logdir, str) else str(logdir, "utf-8")
                         if isinstance(logdir, bytes) else str(logdir.__fspath__()),
                         int(max_queue), float(flush_secs), filename_suffix or "")
        self._writer = self._open()
        self._closed = False
        self._seen_summary_tags = set()
        self._session_run_tags = set()
        if graph is not None or graph_def is not None:
            self.add_graph(graph, graph_def=graph_def)
            from tensorboard.compat.proto import meta_graph_pb2

            self.add_meta_graph(meta_graph_pb2.MetaGraphDef(graph_def=graph if graph_def is None else graph_def))

    def _open(self):
        logdir, max_queue, flush_secs, suffix = self._options
        return tensorboard().event_file_writer.EventFileWriter(
            logdir, max_queue_size=max_queue, flush_secs=flush_secs, filename_suffix=suffix)

    def __enter__(self):
        return self

    def __exit__(self, unused_type, unused_value, unused_traceback):
        self.close()

    def get_logdir(self):
        return self._options[0]

    def _warn_if_closed(self):
        if self._closed:
            warn("Attempting to use a closed FileWriter. The operation will be a noop unless the FileWriter is "
                 "explicitly reopened.")
        return self._closed

    def add_summary(self, summary, global_step=None):
        """Add a Summary proto (or its serialization, as bytes or a string tensor, what tf.summary.* return)."""
        if self._warn_if_closed():
            return
        summary_pb2 = tensorboard().summary_pb2
        if is_tensor(summary):
            summary = convert_to_tensor(summary, dtypes.string).numpy()
        if isinstance(summary, bytes):
            summary = summary_pb2.Summary.FromString(summary)
        if not isinstance(summary, summary_pb2.Summary):
            raise TypeError(f"add_summary needs a Summary protocol buffer or its serialization, got {summary!r}")
        for value in summary.value:  # metadata is kept on the first value of each tag only
            if not value.HasField("metadata"):
                continue
            if value.tag in self._seen_summary_tags:
                value.ClearField("metadata")
            else:
                self._seen_summary_tags.add(value.tag)
        self._add_event(tensorboard().event_pb2.Event(summary=summary), global_step)

    def add_session_log(self, session_log, global_step=None):
        if self._warn_if_closed():
            return
        self._add_event(tensorboard().event_pb2.Event(session_log=session_log), global_step)

    def add_graph(self, graph, global_step=None, graph_def=None):
        """Add a GraphDef proto (eager execution has no tf.Graph to serialize)."""
        if self._warn_if_closed():
            return
        if graph is not None and graph_def is not None:
            raise ValueError("Please pass only graph, or graph_def (deprecated), but not both.")
        from tensorboard.compat.proto import graph_pb2

        given = graph if graph is not None else graph_def
        if not isinstance(given, graph_pb2.GraphDef):
            raise TypeError("The passed graph must be an instance of `Graph` or the deprecated `GraphDef`")
        self._add_event(tensorboard().event_pb2.Event(graph_def=given.SerializeToString()), global_step)

    def add_meta_graph(self, meta_graph_def, global_step=None):
        if self._warn_if_closed():
            return
        from tensorboard.compat.proto import meta_graph_pb2

        if not isinstance(meta_graph_def, meta_graph_pb2.MetaGraphDef):
            raise TypeError(f"meta_graph_def must be type MetaGraphDef, saw type: {type(meta_graph_def)}")
        self._add_event(tensorboard().event_pb2.Event(meta_graph_def=meta_graph_def.SerializeToString()),
                        global_step)

    def add_run_metadata(self, run_metadata, tag, global_step=None):
        if self._warn_if_closed():
            return
        if tag in self._session_run_tags:
            raise ValueError("The provided tag was already used for this event type")
        self._session_run_tags.add(tag)
        event_pb2 = tensorboard().event_pb2
        tagged = event_pb2.TaggedRunMetadata(tag=tag, run_metadata=run_metadata.SerializeToString())
        self._add_event(event_pb2.Event(tagged_run_metadata=tagged), global_step)

    def add_event(self, event):
        """Add an Event proto as it is."""
        if self._warn_if_closed():
            return
        if not isinstance(event, tensorboard().event_pb2.Event):
            raise TypeError(f"add_event needs an Event protocol buffer, got {event!r}")
        self._writer.add_event(event)

    def _add_event(self, event, step):
        event.wall_time = time.time()
        if step is not None:
            event.step = int(convert_to_tensor(step).numpy()) if is_tensor(step) else int(step)
        self._writer.add_event(event)

    def flush(self):
        if self._warn_if_closed():
            return
        self._writer.flush()

    def close(self):
        """Flush and close the event file; ``reopen`` starts a new one."""
        if not self._closed:
            self._writer.close()
        self._closed = True

    def reopen(self):
        """After ``close``: open a new event file in the same directory."""
        if self._closed:
            self._writer = self._open()
            self._closed = False


@export("summary.FileWriterCache")
class FileWriterCache:
    """One FileWriter per log directory."""

    _cache = {}
    _lock = threading.RLock()

    @staticmethod
    def clear():
        """Close and forget every cached writer."""
        with FileWriterCache._lock:
            for writer in FileWriterCache._cache.values():
                writer.close()
            FileWriterCache._cache = {}

    @staticmethod
    def get(logdir):
        with FileWriterCache._lock:
            if logdir not in FileWriterCache._cache:
                FileWriterCache._cache[logdir] = FileWriter(logdir)
            return FileWriterCache._cache[logdir]


@export("summary.get_summary_description")
def get_summary_description(node_def):
    """The SummaryDescription in a TensorSummary NodeDef's ``description`` attr (JSON), as TF parses it."""
    from google.protobuf import json_format

    op = getattr(node_def, "op", None)
    if not isinstance(op, str):
        raise TypeError(f"get_summary_description needs a NodeDef proto, got {node_def!r}")
    if op != "TensorSummary":
        raise ValueError(f"Can't get_summary_description on {op}")
    description = tensorboard().summary_pb2.SummaryDescription()
    json_format.Parse(node_def.attr["description"].s.decode("utf-8", "replace"), description)
    return description


@export("train.summary_iterator")
def summary_iterator(path):
    """The Event protos of an event file, in order (a damaged record is tf_record's DataLossError)."""
    event_pb2 = tensorboard().event_pb2
    for record in tf_record_iterator(path):
        yield event_pb2.Event.FromString(record)


# --- protos -------------------------------------------------------------------------------

_PROTOS = {
    "Summary": ("summary_pb2", "Summary"), "summary.Summary": ("summary_pb2", "Summary"),
    "SummaryMetadata": ("summary_pb2", "SummaryMetadata"), "HistogramProto": ("summary_pb2", "HistogramProto"),
    "summary.SummaryDescription": ("summary_pb2", "SummaryDescription"),
    "Event": ("event_pb2", "Event"), "summary.Event": ("event_pb2", "Event"),
    "summary.SessionLog": ("event_pb2", "SessionLog"), "summary.TaggedRunMetadata": ("event_pb2", "TaggedRunMetadata"),
}


def _load_protos():
    modules = tensorboard()
    return {name: getattr(getattr(modules, module), message) for name, (module, message) in _PROTOS.items()}


export_lazy(tuple(_PROTOS), _load_protos)
