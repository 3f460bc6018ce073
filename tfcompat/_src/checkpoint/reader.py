"""Reading checkpoints as TF's checkpoint_utils does: tf.train.load_checkpoint / NewCheckpointReader,
list_variables and load_variable, for tfcompat's checkpoints and TF's V2 checkpoints alike (read
without TensorFlow, checksums verified).  init_from_checkpoint: warm_start.py."""

import os

import numpy as np
import torch

from ..framework.dtypes import as_dtype
from ..framework.errors import NotFoundError
from ..registry import export
from . import file_format, management, tf_bundle
from .tf_bundle import OBJECT_GRAPH_KEY


class CheckpointReader:
    """The tensors of one checkpoint: names, shapes, dtypes, values (NumPy)."""

    def __init__(self, prefix):
        self._prefix = os.fspath(prefix)
        if file_format.exists(self._prefix) or not tf_bundle.is_tf_checkpoint(self._prefix):
            if not file_format.exists(self._prefix):
                tf_bundle.refuse_v1_checkpoint(self._prefix)
            contents = file_format.read(self._prefix)
            self._bundle = None
            self._tensors = contents.tensors
            self._graph_bytes = None
            if contents.object_graph is not None:
                self._graph_bytes = tf_bundle.graph_to_proto(contents.object_graph).SerializeToString()
        else:
            self._bundle = tf_bundle.Bundle(self._prefix)

    def _names(self):
        if self._bundle is not None:
            return list(self._bundle.entries)
        return list(self._tensors) + ([OBJECT_GRAPH_KEY] if self._graph_bytes is not None else [])

    def has_tensor(self, tensor_str):
        return tensor_str in self._names()

    def get_variable_to_shape_map(self):
        if self._bundle is not None:
            return {name: self._bundle.shape(name) for name in self._bundle.entries}
        shapes = {name: list(tensor.shape) for name, tensor in self._tensors.items()}
        if self._graph_bytes is not None:
            shapes[OBJECT_GRAPH_KEY] = []
        return shapes

    def get_variable_to_dtype_map(self):
        if self._bundle is not None:
            return {name: as_dtype(self._bundle.dtype_enum(name)) for name in self._bundle.entries}
        dtypes = {name: as_dtype(tensor.dtype) for name, tensor in self._tensors.items()}
        if self._graph_bytes is not None:
            dtypes[OBJECT_GRAPH_KEY] = as_dtype("string")
        return dtypes

    def get_tensor(self, tensor_str):
        """The value of ``tensor_str`` as a NumPy array (a scalar string as bytes)."""
        if not self.has_tensor(tensor_str):
            raise NotFoundError(None, None, f"Key {tensor_str} not found in checkpoint")
        if self._bundle is not None:
            return self._bundle.numpy(tensor_str)
        if tensor_str == OBJECT_GRAPH_KEY:
            return self._graph_bytes
        tensor = self._tensors[tensor_str]
        if type(tensor) is np.ndarray:  # tf.string: an object array of bytes
            value = tensor.copy()
        else:
            value = (tensor.float() if tensor.dtype == torch.bfloat16 else tensor).numpy()  # NumPy has no bfloat16
        return value[()] if value.ndim == 0 else value

    def debug_string(self):
        return "".join(f"{name} ({self.get_variable_to_dtype_map()[name].name}) {shape}\n"
                       for name, shape in sorted(self.get_variable_to_shape_map().items())).encode("utf-8")


def checkpoint_prefix(ckpt_dir_or_file):
    path = os.fspath(ckpt_dir_or_file)
    if os.path.isdir(path):
        latest = management.latest_checkpoint(path)
        if latest is None:
            raise ValueError(f"Couldn't find 'checkpoint' file or checkpoints in given directory {path}")
        return latest
    return path


@export("train.NewCheckpointReader")
def NewCheckpointReader(filepattern):  # noqa: N802 - TF's name
    """A CheckpointReader for the checkpoint at ``filepattern`` (NotFoundError when there is none)."""
    return CheckpointReader(filepattern)


@export("train.load_checkpoint")
def load_checkpoint(ckpt_dir_or_file):
    """A CheckpointReader for a checkpoint, or the latest one of a directory."""
    return CheckpointReader(checkpoint_prefix(ckpt_dir_or_file))


@export("train.list_variables")
def list_variables(ckpt_dir_or_file):
    """``[(name, shape)]`` of the checkpoint's tensors, sorted by name."""
    shapes = load_checkpoint(ckpt_dir_or_file).get_variable_to_shape_map()
    return [(name, shapes[name]) for name in sorted(shapes)]


@export("train.load_variable")
def load_variable(ckpt_dir_or_file, name):
    """The value of tensor ``name`` (``:0`` ignored) as a NumPy array."""
    if not isinstance(name, str):
        raise TypeError(f"load_variable: name must be a string, got {name!r}")
    if name.endswith(":0"):
        name = name[:-2]
    return load_checkpoint(ckpt_dir_or_file).get_tensor(name)
