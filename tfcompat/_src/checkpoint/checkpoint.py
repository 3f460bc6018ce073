"""tf.train.Checkpoint (tfe.Checkpoint): object-based saving of models, layers, optimizers and
variables, as TF 1.15's tracking/util.py under eager (the statuses ``restore`` returns: statuses.py).

``save(prefix)`` adds 1 to ``save_counter``, writes ``<prefix>-<counter>`` and then records it in the
directory's ``checkpoint`` state file; ``write(prefix)`` writes ``prefix`` alone.  ``restore(path)``
reads and checks the whole file first, assigns every value whose object exists (all or nothing) and
defers the others until their objects are created.
"""

import os

import torch

from ..eager.variables import Variable, read_storage
from ..framework.tensor import wrap
from ..registry import PARTIAL, export, unsupported
from . import file_format, graph, management, tracking
from .by_name import restore_by_name
from .restore import Restoration, read_checkpoint
from .statuses import CheckpointLoadStatus, InitializationOnlyStatus


def save_object_graph(root, file_prefix):
    """Write the object graph of ``root`` and its variables' values to ``file_prefix``."""
    object_graph = graph.ObjectGraph(root)
    tensors = {key: read_storage(variable) for key, variable in object_graph.variables.items()}
    return file_format.write(file_prefix, tensors, object_graph.saved())


@export("train.Checkpoint", "contrib.eager.Checkpoint", status=PARTIAL,
        note="Eager execution: save/write/restore of models, layers, optimizers (slots and non-slot "
             "variables), variables and tf.contrib.checkpoint structures, with deferred restoration of "
             "weights, slots and attributes (sub-layers, variables) created or assigned later. The file is "
             "tfcompat's safetensors format; restore also reads TF checkpoints (.index/.data). An element "
             "appended to a plain list held by a Keras layer after restore is not restored (TF's ListWrapper "
             "restores it).")
class Checkpoint(tracking.Checkpointable):
    """Groups checkpointable objects (``Checkpoint(model=m, optimizer=o)``) saved and restored together."""

    def __init__(self, **kwargs):
        object.__setattr__(self, "_save_counter", None)
        for name, value in sorted(kwargs.items()):
            if not graph.is_trackable(value):
                raise ValueError(f"`Checkpoint` was expecting a trackable object (an object derived from "
                                 f"`TrackableBase`), got {value}. If you believe this object should be "
                                 f"trackable (i.e. it is part of the TensorFlow Python API and manages "
                                 f"state), please open an issue.")
            setattr(self, name, value)

    def _checkpoint_children(self):
        found = super()._checkpoint_children()
        if self._save_counter is not None:
            found.append(("save_counter", self._save_counter))
        return found

    def _maybe_create_save_counter(self):
        if self._save_counter is None:
            counter = Variable(wrap(torch.zeros((), dtype=torch.int64)), trainable=False, name="save_counter")
            counter._name = "save_counter:0"
            object.__setattr__(self, "_save_counter", counter)
            restore = tracking.take_deferred(self, "save_counter")
            if restore is not None:
                restore(counter)

    @property
    def save_counter(self):
        """An int64 variable counting the calls of ``save`` (created on first use)."""
        self._maybe_create_save_counter()
        return self._save_counter

    def write(self, file_prefix, session=None):
        """Write a checkpoint at ``file_prefix`` (no counter, no state file); returns ``file_prefix``."""
        return save_object_graph(self, os.fspath(file_prefix))

    def save(self, file_prefix, session=None):
        """Write ``<file_prefix>-<save_counter>`` and record it as the directory's latest checkpoint."""
        file_prefix = os.fspath(file_prefix)
        self._maybe_create_save_counter()
        self._save_counter.assign_add(1)
        path = self.write(f"{file_prefix}-{int(self._save_counter.numpy())}")
        management.update_checkpoint_state_internal(os.path.dirname(file_prefix), path,
                                                    all_model_checkpoint_paths=[path], save_relative_paths=True)
        return path

    def restore(self, save_path):
        """Restore the checkpoint at ``save_path`` onto these objects; None restores nothing."""
        status = restore_object_graph(self, save_path)
        self._maybe_create_save_counter()
        return status


def restore_object_graph(root, save_path):
    """Restore ``save_path`` onto ``root``'s object graph; returns the status."""
    if save_path is None:
        return InitializationOnlyStatus(root)
    contents = read_checkpoint(save_path)
    if contents.object_graph is None:
        return restore_by_name(root, contents)
    restoration = Restoration(contents.path, contents.object_graph, contents.tensors)
    restoration.restore_root(root)
    return CheckpointLoadStatus(root, restoration)


@export("contrib.eager.CheckpointableSaver", status=PARTIAL,
        note="Eager execution: save/restore of the object graph under a root checkpointable, as TF 1.15's "
             "tracking/util.CheckpointableSaver (no state file, no save counter); freeze() is graph-only.")
class CheckpointableSaver:
    """Saves and restores the object graph under ``root_checkpointable`` (what tf.train.Checkpoint uses)."""

    def __init__(self, root_checkpointable):
        if not graph.is_trackable(root_checkpointable):
            raise ValueError(f"CheckpointableSaver expects a checkpointable object, got {root_checkpointable!r}")
        self._root = root_checkpointable

    def save(self, file_prefix, checkpoint_number=None, session=None):
        """Write ``file_prefix`` (``<file_prefix>-<checkpoint_number>`` when a number is given); returns the path."""
        file_prefix = os.fspath(file_prefix)
        if checkpoint_number is not None:
            file_prefix = f"{file_prefix}-{int(checkpoint_number)}"
        return save_object_graph(self._root, file_prefix)

    def restore(self, save_path):
        """Restore ``save_path`` onto the root's object graph (deferred for objects created later)."""
        return restore_object_graph(self._root, save_path)


_NETWORK_CHECKPOINTS = ("TF 1.5-1.7's name-based tfe.Network checkpoints were deprecated in favour of "
                        "object-based ones: use tf.train.Checkpoint(model=network).save/restore (or "
                        "tf.train.Saver(network.variables))")
unsupported("contrib.eager.save_network_checkpoint", _NETWORK_CHECKPOINTS)
unsupported("contrib.eager.restore_network_checkpoint", _NETWORK_CHECKPOINTS)
