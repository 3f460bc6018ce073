"""Restoring an object graph onto live objects: match saved nodes to objects by local names, check
every value against its variable, then assign them all (or nothing).

The saved graph is a dict shaped like TF's ``TrackableObjectGraph`` (tfcompat's own checkpoints and
real TF ones alike) and values come from a ``source`` mapping checkpoint keys to torch tensors.
Objects that do not exist yet (a layer's weights before it is built, an optimizer's slots before its
first step, a ``save_counter`` made after ``restore``) are restored when they are created, through
``tracking.variable_created``: TF's deferred restoration.
"""

import itertools
import os
import weakref

import numpy as np
import torch

from ..eager.variables import owner, read_storage, write_storage
from ..framework.dtypes import dtype_of
from ..framework.errors import InvalidArgumentError
from ..framework.tensor_shape import shape_string
from ..training.optimizer import Optimizer
from . import file_format, tf_bundle, tracking
from .graph import VARIABLE_VALUE, children, is_variable


def read_checkpoint(save_path):
    """The validated contents of the checkpoint at ``save_path``: tfcompat's file, or a TF V2 checkpoint
    (``.index`` and ``.data-*`` files) read without TensorFlow."""
    save_path = os.fspath(save_path)
    if file_format.exists(save_path) or not tf_bundle.is_tf_checkpoint(save_path):
        if not file_format.exists(save_path):
            tf_bundle.refuse_v1_checkpoint(save_path)
        return file_format.read(save_path)
    bundle = tf_bundle.Bundle(save_path)
    tensors = {}
    for name in bundle.entries:
        if name != tf_bundle.OBJECT_GRAPH_KEY:
            tensors[name] = bundle.value(name)
    return file_format.Contents(save_path, tensors, bundle.object_graph())


_restore_uids = itertools.count()
_restored_by = weakref.WeakKeyDictionary()  # variable -> uid of the newest restoration that assigned it


class Restoration:
    """One ``restore`` call: the saved graph, the values, which nodes matched which objects.

    Restorations are numbered; a variable that an older restoration reaches later (several restorations
    deferred to one object) is matched but keeps the newer one's value, as TF's restore_uid rule."""

    def __init__(self, path, object_graph, tensors):
        self.uid = next(_restore_uids)
        self.path = path
        self.nodes = object_graph["nodes"]
        self.tensors = tensors
        self.matched = {}  # node id -> live object
        self.restored = set()  # node ids whose variable got its value
        self.unused_keys = set()
        self.slots_of = {}  # original variable node id -> [(optimizer node id, slot name, slot node id)]
        for optimizer_id, node in enumerate(self.nodes):
            for slot in node.get("slot_variables", ()):
                self.slots_of.setdefault(slot["original_variable_node_id"], []).append(
                    (optimizer_id, slot["slot_name"], slot["slot_variable_node_id"]))

    # --- matching --------------------------------------------------------------------------------

    def restore_root(self, root):
        """Match the graph from ``root``, then assign every matched variable (all checked first)."""
        work = _Work()
        self._match(0, root, work)
        self._finish(work)

    def _match(self, node_id, obj, work):
        if node_id in self.matched:
            return
        self.matched[node_id] = obj
        node = self.nodes[node_id]
        if is_variable(obj):
            self._collect_value(node_id, obj, work)
            self._match_slots_of(node_id, work)
            return
        live = {}
        for name, child in children(obj):
            live.setdefault(name, child)
        for child in node.get("children", ()):
            child_id, name = child["node_id"], child["local_name"]
            if name in live:
                self._match(child_id, live[name], work)
            elif child_id not in self.matched:
                work.deferrals.append((obj, name, child_id))
        if isinstance(obj, Optimizer):
            for slot in node.get("slot_variables", ()):
                self._match_slot(node_id, slot["original_variable_node_id"], slot["slot_name"],
                                 slot["slot_variable_node_id"], work)

    def _match_slots_of(self, variable_id, work):
        for optimizer_id, slot_name, slot_id in self.slots_of.get(variable_id, ()):
            self._match_slot(optimizer_id, variable_id, slot_name, slot_id, work)

    def _match_slot(self, optimizer_id, variable_id, slot_name, slot_id, work):
        optimizer, variable = self.matched.get(optimizer_id), self.matched.get(variable_id)
        if not isinstance(optimizer, Optimizer) or variable is None or slot_id in self.matched:
            return
        slot = optimizer._slots.get(slot_name, {}).get(owner(variable)._unique_id)  # tf.keras' get_slot raises
        if slot is None:
            slot = _make_slot(optimizer, owner(variable), slot_name)
        if slot is not None:
            self._match(slot_id, slot, work)
        else:
            work.deferrals.append((optimizer, (slot_name, owner(variable)._unique_id), slot_id))

    def _deferred(self, node_id):
        def restore(created):
            if node_id not in self.matched:
                work = _Work()
                self._match(node_id, created, work)
                self._finish(work)
        return restore

    def _finish(self, work):
        """Assign the checked values, then register the restorations waiting for objects to come."""
        for node_id, variable, _, value in work.assignments:
            if _restored_by.get(variable, -1) < self.uid:
                assign(variable, value)
                _restored_by[variable] = self.uid
            self.restored.add(node_id)
        for owner_object, name, node_id in work.deferrals:
            if node_id not in self.matched:
                tracking.defer(owner_object, name, self._deferred(node_id))

    # --- values ----------------------------------------------------------------------------------

    def _collect_value(self, node_id, variable, work):
        for attribute in self.nodes[node_id].get("attributes", ()):
            if attribute.get("name", VARIABLE_VALUE) != VARIABLE_VALUE:
                self.unused_keys.add(attribute["checkpoint_key"])
                continue
            key = attribute["checkpoint_key"]
            work.assignments.append((node_id, variable, key, self._checked_value(variable, key)))

    def _checked_value(self, variable, key):
        value = self.tensors.get(key)
        if value is None:
            raise InvalidArgumentError(None, None, f"Checkpoint {self.path} has no value for {key} "
                                                   f"(variable {variable.name}) although its object graph lists it")
        return checked_value(self.path, key, variable, value)



def _make_slot(optimizer, variable, slot_name):
    """The slot ``slot_name`` of ``variable``, made now (TF eager makes a slot it restores at once, before
    the optimizer's first step), or None for a slot this optimizer does not make."""
    initial = dict(optimizer._slot_specs).get(slot_name)
    if initial is None:
        return None
    slot = optimizer._slots.setdefault(slot_name, {})[variable._unique_id] = \
        optimizer._make_slot(variable, slot_name, initial)
    return slot


class _Work:
    """What one matching pass found: checked assignments, and restorations to defer."""

    __slots__ = ("assignments", "deferrals")

    def __init__(self):
        self.assignments = []
        self.deferrals = []


def checked_value(path, key, variable, value):
    """``value`` (a CPU torch tensor, or an object ndarray for tf.string) for ``variable``, or
    InvalidArgumentError naming both."""
    storage = read_storage(variable)
    if type(storage) is not type(value) or type(value) is torch.Tensor and value.dtype != storage.dtype:
        saved = dtype_of(value).name
        raise InvalidArgumentError(None, None, f"Checkpoint {path}: tensor {key} has dtype {saved}, which does not "
                                               f"match variable {variable.name} of dtype {variable.dtype.name}")
    if not variable.shape.is_compatible_with(tuple(value.shape)):
        raise InvalidArgumentError(None, None, f"Checkpoint {path}: tensor {key} has shape "
                                               f"{shape_string(tuple(value.shape))}, which does not match variable "
                                               f"{variable.name} of shape {variable.shape}")
    return value


def assign(variable, value):
    """Give ``variable`` ``value`` (a tensor read from a file, which nothing else changes), keeping its
    storage's device and memory layout (a column-major Dense kernel stays column-major)."""
    if type(value) is np.ndarray:  # tf.string
        variable.assign(value)
        return
    storage = read_storage(variable)
    if storage.shape != value.shape:  # a variable of partly unknown shape
        new = value.to(storage.device, copy=True)
    elif value.stride() == storage.stride() and value.device == storage.device:
        new = value
    else:
        new = torch.empty_like(storage).copy_(value)
    write_storage(variable, new)
