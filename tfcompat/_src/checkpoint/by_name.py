"""Restoring by variable name: the keys of name-based (tf.train.Saver) checkpoints, a Saver's
``var_list``, and a name-based checkpoint restored through tf.train.Checkpoint.

A variable's checkpoint key is its name without ``:0`` (``dense/kernel``), or its key in a ``var_list``
dict.  An object-based checkpoint restores by name too: its object graph records each value's variable
name (``full_name``), as TF's object_graph_key_mapping reads it.
"""

from ..framework.errors import NotFoundError
from . import graph
from .restore import assign, checked_value
from .statuses import NameBasedSaverStatus

_RESTORE_FAILED = ("Restoring from checkpoint failed. This is most likely due to a Variable name or other graph key "
                   "that is missing from the checkpoint. Please ensure that you have not altered the graph expected "
                   "based on the checkpoint. Original error:\n\n")


def variable_name(variable):
    return variable.name[:-2] if variable.name.endswith(":0") else variable.name.rsplit(":", 1)[0]


def names_to_variables(var_list):
    """``{checkpoint name: variable}`` from a list or dict of variables, as TF's op_list_to_dict."""
    if isinstance(var_list, dict):
        found = {}
        for name, variable in var_list.items():
            if not isinstance(name, str):
                raise TypeError(f"Saver var_list keys must be strings, got {name!r}")
            found[name] = _checked_variable(variable)
        return found
    if not isinstance(var_list, (list, tuple, set, frozenset)):
        raise TypeError(f"Variables to save should be passed in a dict or a list: {var_list}")
    found = {}
    for variable in sorted(var_list, key=lambda v: variable_name(_checked_variable(v))) \
            if isinstance(var_list, (set, frozenset)) else var_list:
        name = variable_name(_checked_variable(variable))
        if name in found:
            if found[name] is variable:
                continue
            raise ValueError(f"At least two variables have the same name: {name}")
        found[name] = variable
    return found


def _checked_variable(variable):
    if not graph.is_variable(variable):
        raise TypeError(f"Saver var_list must contain tf.Variables, got {variable!r}")
    return variable


def restore_names(path, tensors, named, object_graph=None):
    """Check every named variable's value in ``tensors`` (keys, or ``full_name``s of an object graph), then
    assign them all; NotFoundError for a missing name."""
    keys = dict(_full_names(object_graph)) if object_graph is not None else {}
    values = []
    for name, variable in named.items():
        key = keys.get(name, name)
        value = tensors.get(key)
        if value is None:
            raise NotFoundError(None, None, f"{_RESTORE_FAILED}Key {name} not found in checkpoint {path}")
        values.append((variable, checked_value(path, key, variable, value)))
    for variable, value in values:
        assign(variable, value)


def _full_names(object_graph):
    for node in object_graph["nodes"]:
        for attribute in node.get("attributes", ()):
            if attribute.get("full_name"):
                yield attribute["full_name"], attribute["checkpoint_key"]


def restore_by_name(root, contents):
    """A name-based checkpoint restored through tf.train.Checkpoint: every variable of ``root``'s graph
    found under its name gets its value."""
    object_graph = graph.ObjectGraph(root)
    named = {}
    for variable in object_graph.variables.values():
        name = variable_name(variable)
        if name in contents.tensors:
            named[name] = variable
    restore_names(contents.path, contents.tensors, named)
    missing = [variable for variable in object_graph.variables.values() if variable_name(variable) not in named]
    return NameBasedSaverStatus(missing)
