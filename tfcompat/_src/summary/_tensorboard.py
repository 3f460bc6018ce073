"""The tensorboard package, imported on first use so that ``import tfcompat`` stays fast."""

import functools
import sys
import types


@functools.cache
def tensorboard():
    """tensorboard's event writer, protos and tensor_util, as one namespace; one clear line if it is missing."""
    # tensorboard.compat.tf imports `tensorflow` unless tensorboard.compat.notf exists (TensorBoard's own
    # "no TensorFlow" switch); under tfcompat's alias that import is tfcompat, so select TensorBoard's stub.
    sys.modules.setdefault("tensorboard.compat.notf", types.ModuleType("tensorboard.compat.notf"))
    try:
        from tensorboard.compat.proto import event_pb2, summary_pb2
        from tensorboard.summary.writer import event_file_writer
        from tensorboard.util import tensor_util
    except ImportError as error:
        raise ImportError("tfcompat's summaries need the tensorboard package: pip install tensorboard") from error
    return _Modules(event_pb2, summary_pb2, event_file_writer, tensor_util)


class _Modules:
    __slots__ = ("event_pb2", "summary_pb2", "event_file_writer", "tensor_util")

    def __init__(self, event_pb2, summary_pb2, event_file_writer, tensor_util):
        self.event_pb2 = event_pb2
        self.summary_pb2 = summary_pb2
        self.event_file_writer = event_file_writer
        self.tensor_util = tensor_util
