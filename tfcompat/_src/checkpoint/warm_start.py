"""Initializing variables from a checkpoint by name: tf.train.init_from_checkpoint, tf.train.warm_start
and tf.train.VocabInfo, as TF 1.15's checkpoint_utils.py and warm_starting_util.py under eager
execution, where the checkpoint's values are assigned at once (TF's initializers run when made).

Names in an assignment map, and the ``vars_to_warm_start`` patterns, are looked up where TF 1.15 eager
looks them up: in the default variable store, which holds the variables ``tf.get_variable`` makes while a
``tfe.EagerVariableStore`` is the default (outside one, TF's eager store holds none).  A list of
variables stands for the parts of one partitioned variable: tfcompat's eager ``get_variable`` makes
whole variables, so the parts are taken in order along the one axis where their shapes differ from the
checkpoint tensor's.
"""

import re

import numpy as np

from ..framework import context
from ..framework.tensor import convert
from ..platform import tf_logging as logging
from ..registry import PARTIAL, export
from . import graph
from .reader import checkpoint_prefix, load_checkpoint
from .restore import assign, checked_value
from .tf_bundle import OBJECT_GRAPH_KEY


def _store_variables():
    """``{name: variable}`` of the default variable store (the active tfe.EagerVariableStore's)."""
    store = getattr(context.state, "eager_variable_store", None)
    return dict(store) if store else {}


def _is_variable_or_parts(value):
    return graph.is_variable(value) or (isinstance(value, list) and bool(value)
                                        and all(graph.is_variable(item) for item in value))


def _variable_or_parts(name, store):
    """The store's variable ``name``, or the variables TF saves as its partitions (``name/part_0``,
    ``name/part_1`` ...), or None."""
    variable = store.get(name)
    if variable is not None:
        return variable
    parts, index = [], 0
    while f"{name}/part_{index}" in store:
        parts.append(store[f"{name}/part_{index}"])
        index += 1
    return parts or None


# --- init_from_checkpoint ----------------------------------------------------------------------------

@export("train.init_from_checkpoint", status=PARTIAL,
        note="Eager execution: values are assigned at once. TF 1.15's assignment_map forms: 'ckpt_scope/': "
             "'scope/', '/': 'scope/', 'name': 'scope/var', 'name': Variable, 'name': [partition variables]; "
             "names are found in the active tfe.EagerVariableStore (TF 1.15 eager keeps no other store). A "
             "list is taken as the parts of a variable partitioned along one axis, in order (eager variables "
             "carry no save-slice info).")
def init_from_checkpoint(ckpt_dir_or_file, assignment_map):
    """Give variables their values from a checkpoint (``assignment_map``: ``{checkpoint name or scope:
    variable, list of partitions, variable name or scope}``, or a list of such pairs); every name, shape
    and dtype is checked before anything is assigned."""
    if isinstance(assignment_map, dict):
        pairs = list(assignment_map.items())
    elif isinstance(assignment_map, (list, tuple)) and all(isinstance(p, (list, tuple)) and len(p) == 2
                                                          for p in assignment_map):
        pairs = list(assignment_map)
    else:
        raise TypeError(f"assignment_map must be a dict or a list of (name, variable) pairs, got "
                        f"{type(assignment_map).__name__}")
    prefix = checkpoint_prefix(ckpt_dir_or_file)
    reader = load_checkpoint(prefix)
    shapes = {name: shape for name, shape in reader.get_variable_to_shape_map().items() if name != OBJECT_GRAPH_KEY}
    store = _store_variables()
    planned = []
    for tensor_name, target in sorted(pairs, key=lambda pair: str(pair[0])):
        if not isinstance(tensor_name, str):
            raise TypeError(f"assignment_map keys must be checkpoint names (strings), got {tensor_name!r}")
        planned += _planned(tensor_name, target, shapes, store, ckpt_dir_or_file)
    checked = []
    for tensor_name, target in planned:
        value = convert(np.asarray(reader.get_tensor(tensor_name)))
        checked += _checked_parts(prefix, tensor_name, target, value)
    for variable, value in checked:
        assign(variable, value)


def _planned(tensor_name, target, shapes, store, ckpt_dir_or_file):
    """``[(checkpoint name, variable or parts)]`` for one entry of the assignment map, as TF resolves it."""
    if not _is_variable_or_parts(target):
        if not isinstance(target, str):
            raise ValueError(f"assignment_map values must be variables, lists of variables or names, got {target!r}")
        found = _variable_or_parts(target, store)
        if found is None:
            return _scope_planned(tensor_name, target, shapes, store, ckpt_dir_or_file)
        target = found
    if tensor_name not in shapes:
        raise ValueError(f"Tensor {tensor_name} is not found in {ckpt_dir_or_file} checkpoint {shapes}")
    if graph.is_variable(target) and not target.shape.is_compatible_with(shapes[tensor_name]):
        raise ValueError(f"Shape of variable {target.name} ({target.shape}) doesn't match with shape of tensor "
                         f"{tensor_name} ({shapes[tensor_name]}) from checkpoint reader.")
    return [(tensor_name, target)]


def _scope_planned(tensor_name, scope_name, shapes, store, ckpt_dir_or_file):
    """TF's scope forms: ``'ckpt_scope/': 'scope/'`` and ``'/': 'scope/'`` map every variable of the store
    under ``scope`` (partitions as one) to the checkpoint name with the scope replaced."""
    scopes = scope_name[:scope_name.rindex("/")] if "/" in scope_name else ""
    if not tensor_name.endswith("/"):
        raise ValueError(f"Assignment map with scope only name {scopes} should map to scope only {tensor_name}. "
                         f"Should be 'scope/': 'other_scope/'.")
    names = set()
    for name in store:
        if not scopes or name.startswith(scopes + "/"):
            names.add(name[:name.index("/part_")] if "/part_" in name else name)
    planned = []
    for name in sorted(names):
        full_tensor_name = name[len(scopes):]
        if scope_name != "/":
            full_tensor_name = full_tensor_name[1:]
        if tensor_name != "/":
            full_tensor_name = tensor_name + full_tensor_name
        if full_tensor_name.endswith("/"):
            full_tensor_name = full_tensor_name[:-1]
        if full_tensor_name not in shapes:
            raise ValueError(f"Tensor {full_tensor_name} ({name[len(scopes) + 1:]} in {tensor_name}) is not found in "
                             f"{ckpt_dir_or_file} checkpoint")
        planned.append((full_tensor_name, _variable_or_parts(name, store)))
    return planned


def _checked_parts(prefix, tensor_name, target, value):
    """``[(variable, checked value)]``: the whole value, or its slices for a list of partitions."""
    if graph.is_variable(target):
        return [(target, checked_value(prefix, tensor_name, target, value))]
    full = tuple(value.shape)
    shapes = [tuple(part.shape.as_list()) for part in target]
    differing = {axis for shape in shapes if len(shape) == len(full)
                 for axis, size in enumerate(shape) if size != full[axis]}
    axis = min(differing) if differing else 0
    if not full or len(differing) > 1 or any(len(shape) != len(full) for shape in shapes) \
            or sum(shape[axis] for shape in shapes) != full[axis]:
        raise ValueError(f"The partitions {[part.name for part in target]} of shapes {[list(s) for s in shapes]} "
                         f"do not tile tensor {tensor_name} of shape {list(full)} along one axis")
    checked, start = [], 0
    for part, shape in zip(target, shapes):
        piece = value[(slice(None),) * axis + (slice(start, start + shape[axis]),)]
        piece = np.ascontiguousarray(piece) if type(piece) is np.ndarray else piece.contiguous()
        checked.append((part, checked_value(prefix, tensor_name, part, piece)))
        start += shape[axis]
    return checked


# --- warm_start --------------------------------------------------------------------------------------

@export("train.VocabInfo")
class VocabInfo(tuple):
    """How to warm-start a variable whose rows (``axis=0``) or columns (``axis=1``) follow a vocabulary:
    the new vocabulary file and size, its OOV buckets, the old vocabulary file (and size, -1 for all of it),
    and the initializer of entries the old checkpoint has no value for (zeros by default)."""

    __slots__ = ()
    _fields = ("new_vocab", "new_vocab_size", "num_oov_buckets", "old_vocab", "old_vocab_size",
               "backup_initializer", "axis")

    def __new__(cls, new_vocab, new_vocab_size, num_oov_buckets, old_vocab, old_vocab_size=-1,
                backup_initializer=None, axis=0):
        if axis != 0 and axis != 1:
            raise ValueError(f"The only supported values for the axis argument are 0 and 1.  Provided axis: {axis}")
        return super().__new__(cls, (new_vocab, new_vocab_size, num_oov_buckets, old_vocab, old_vocab_size,
                                     backup_initializer, axis))

    new_vocab = property(lambda self: self[0])
    new_vocab_size = property(lambda self: self[1])
    num_oov_buckets = property(lambda self: self[2])
    old_vocab = property(lambda self: self[3])
    old_vocab_size = property(lambda self: self[4])
    backup_initializer = property(lambda self: self[5])
    axis = property(lambda self: self[6])

    def __repr__(self):
        return "VocabInfo(" + ", ".join(f"{name}={value!r}" for name, value in zip(self._fields, self)) + ")"


@export("train.warm_start", status=PARTIAL,
        note="Eager execution: values are assigned at once. vars_to_warm_start as a regex or list of regexes "
             "matches the variables of the active tfe.EagerVariableStore (TF 1.15 eager has no collections), or "
             "is a list of variables; VocabInfo remaps rows (axis 0) or columns (axis 1) of one variable by "
             "vocabulary files, with OOV buckets and the backup initializer for new entries.")
def warm_start(ckpt_to_initialize_from, vars_to_warm_start=".*", var_name_to_vocab_info=None,
               var_name_to_prev_var_name=None):
    """Initialize variables from the checkpoint ``ckpt_to_initialize_from`` (renamed by
    ``var_name_to_prev_var_name``, vocabulary-remapped by ``var_name_to_vocab_info``)."""
    logging.info("Warm-starting from: %s", ckpt_to_initialize_from)
    grouped = _grouped_variables(vars_to_warm_start)
    vocab_infos = dict(var_name_to_vocab_info or {})
    previous_names = dict(var_name_to_prev_var_name or {})
    vocabless, count = {}, 0
    for name, parts in grouped.items():
        previous_name = previous_names.get(name) or name
        vocab_info = vocab_infos.get(name)
        if vocab_info is not None:
            count += 1
            _warm_start_with_vocab(parts, ckpt_to_initialize_from, previous_name, vocab_info)
        elif vars_to_warm_start:
            count += 1
            vocabless[previous_name] = parts[0] if len(parts) == 1 else parts
    init_from_checkpoint(ckpt_to_initialize_from, vocabless)
    logging.info("Warm-started %d variables.", count)
    for unused, what in ((set(previous_names) - set(grouped), "var_name_to_prev_var_name"),
                         (set(vocab_infos) - set(grouped), "var_name_to_vocab_info")):
        if unused:
            raise ValueError(f"You provided the following variables in {what} that were not used: {unused}.  "
                             f"Perhaps you misspelled them?  Here is the list of viable variable names: "
                             f"{list(grouped)}")


def _grouped_variables(vars_to_warm_start):
    """``{variable name: [variable]}`` of the variables to warm-start (TF's _get_grouped_variables)."""
    store = _store_variables()
    if vars_to_warm_start is None or isinstance(vars_to_warm_start, str):
        pattern = vars_to_warm_start or ""
        found = [variable for name, variable in sorted(store.items())
                 if variable.trainable and re.match(pattern, name)]
    elif isinstance(vars_to_warm_start, list) and all(isinstance(item, str) for item in vars_to_warm_start):
        found = [variable for pattern in vars_to_warm_start for name, variable in sorted(store.items())
                 if re.match(pattern, name)]
    elif isinstance(vars_to_warm_start, list) and all(graph.is_variable(item) for item in vars_to_warm_start):
        found = list(vars_to_warm_start)
    elif isinstance(vars_to_warm_start, list):
        raise ValueError(f"If `vars_to_warm_start` is a list, it must be all `Variable` or all `str`.  Given types "
                         f"are {[type(item) for item in vars_to_warm_start]}")
    else:
        raise ValueError(f"`vars_to_warm_start must be a `list` or `str`.  Given type is {type(vars_to_warm_start)}")
    grouped = {}
    for variable in found:
        name = variable.name.rsplit(":", 1)[0]
        name = name[:name.index("/part_")] if "/part_" in name else name
        parts = grouped.setdefault(name, [])
        if not any(part is variable for part in parts):
            parts.append(variable)
    return grouped


def _vocabulary(path, size):
    """The first ``size`` lines (all for -1) of the vocabulary file ``path``, as bytes."""
    from ..platform.gfile import GFile
    with GFile(path, "rb") as stream:
        lines = stream.read().split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    lines = [line[:-1] if line.endswith(b"\r") else line for line in lines]
    if size is not None and size >= 0:
        if size > len(lines):
            raise ValueError(f"Vocabulary file {path} has {len(lines)} entries, fewer than the {size} asked for")
        lines = lines[:size]
    return lines


def _warm_start_with_vocab(parts, checkpoint, previous_name, info):
    """TF's _warm_start_var_with_vocab: each entry of the new vocabulary takes the old checkpoint's row (or
    column) of the same word; new words and OOV buckets take the backup initializer's values."""
    if not (info.new_vocab and info.new_vocab_size and checkpoint and info.old_vocab):
        raise ValueError("Invalid args: Must provide all of [current_vocab_path, current_vocab_size, prev_ckpt, "
                         "prev_vocab_path}.")
    reader = load_checkpoint(checkpoint)
    old = np.asarray(reader.get_tensor(previous_name))
    old_index = {}
    for index, word in enumerate(_vocabulary(info.old_vocab, info.old_vocab_size)):
        old_index.setdefault(word, index)
    mapping = [old_index.get(word, -1) for word in _vocabulary(info.new_vocab, info.new_vocab_size)]
    mapping += [-1] * info.num_oov_buckets
    variable = parts[0] if len(parts) == 1 else None
    if variable is None:
        raise ValueError(f"warm_start with a vocabulary: {previous_name} must be one variable in tfcompat's eager "
                         f"execution (get_variable makes whole variables)")
    shape = variable.shape.as_list()
    if len(shape) != 2 or shape[info.axis] != len(mapping):
        raise ValueError(f"Variable {variable.name} of shape {shape} does not fit the vocabulary remapping: "
                         f"{len(mapping)} entries along axis {info.axis}")
    moved = old if info.axis == 0 else old.T
    rows = np.zeros([len(mapping), shape[1 - info.axis]], dtype=variable.dtype.as_numpy_dtype)
    missing = [index for index, source in enumerate(mapping) if source < 0]
    for index, source in enumerate(mapping):
        if source >= 0:
            if source >= moved.shape[0] or moved.shape[1] != rows.shape[1]:
                raise ValueError(f"Checkpoint tensor {previous_name} of shape {list(old.shape)} does not fit variable "
                                 f"{variable.name} of shape {shape}")
            rows[index] = moved[source]
    if missing and info.backup_initializer is not None:
        initial = np.asarray(info.backup_initializer([len(missing) * rows.shape[1], 1], dtype=variable.dtype))
        rows[missing] = initial.reshape(len(missing), rows.shape[1])
    variable.assign(rows if info.axis == 0 else rows.T)
