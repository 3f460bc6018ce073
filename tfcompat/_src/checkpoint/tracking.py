"""What checkpoints know of the objects they save: the tracking data structures of
``tf.contrib.checkpoint`` and the one hook through which layers and optimizers report the variables
they create.

Layers call ``variable_created(layer, name, variable)`` from ``add_weight`` and optimizers call it for
their slots (name ``(slot name, variable id)``) and non-slot variables (``beta1_power``).  The hook
records a layer's weight names (the names checkpoint keys use: ``dense/kernel`` is ``kernel`` in
``model/layer_with_weights-0/kernel/...``) and runs a restoration a checkpoint deferred to that
variable's creation ("deferred restoration": ``restore`` before the model is built).

This module imports no Keras and no optimizer code, so both can import it.
"""

import weakref

from ..registry import PARTIAL, export

_weight_names = weakref.WeakKeyDictionary()  # layer -> [(add_weight name, variable)], creation order
_deferred = weakref.WeakKeyDictionary()  # owner -> {name: restore(created object)}


def variable_created(owner, name, variable):
    """``owner`` (a layer or optimizer) made ``variable`` under the local ``name``."""
    if isinstance(name, str):
        _weight_names.setdefault(owner, []).append((name, variable))
    if _deferred:
        pending = _deferred.get(owner)
        if pending:
            restore = pending.pop(name, None)
            if not pending:
                del _deferred[owner]
            if restore is not None:
                restore(variable)


def weight_names(layer):
    """``[(name, variable)]`` of the weights ``layer`` made with ``add_weight``."""
    return _weight_names.get(layer, ())


def defer(owner, name, restore):
    """Run ``restore(obj)`` when ``owner`` creates or attaches ``obj`` under ``name``."""
    _deferred.setdefault(owner, {})[name] = restore


def take_deferred(owner, name):
    """The restoration waiting for ``owner``'s ``name``, removed, or None."""
    pending = _deferred.get(owner)
    if not pending:
        return None
    restore = pending.pop(name, None)
    if not pending:
        del _deferred[owner]
    return restore


def pending_names(owner):
    return list(_deferred.get(owner, ()))


# --- tf.contrib.checkpoint's data structures ---------------------------------------------------------

@export("contrib.checkpoint.NoDependency", status=PARTIAL,
        note="tf.train.Checkpoint, tf.contrib.checkpoint.Checkpointable and UniqueNameTracker store the wrapped "
             "value untracked; a Keras layer's attribute keeps the wrapper itself.")
class NoDependency:
    """Wraps a value that a checkpointable object must not track when it is assigned to an attribute."""

    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value


@export("contrib.checkpoint.Checkpointable", "contrib.eager.Checkpointable", status=PARTIAL,
        note="Tracks the checkpointable values assigned to its attributes (layers, variables, optimizers, "
             "tf.contrib.checkpoint structures, other Checkpointables); a plain list or dict assigned to it "
             "is not tracked (use tf.contrib.checkpoint.List / Mapping).")
class Checkpointable:
    """Base class of objects whose attributes a checkpoint saves (TF 1.x's ``Checkpointable``)."""

    def __setattr__(self, name, value):
        if type(value) is NoDependency:
            object.__setattr__(self, name, value.value)
            self.__dict__.setdefault("_untracked_names", set()).add(name)
            return
        object.__setattr__(self, name, value)
        untracked = self.__dict__.get("_untracked_names")
        if untracked:
            untracked.discard(name)
        if not name.startswith("_"):
            restore = take_deferred(self, name)
            if restore is not None:
                restore(value)

    def _checkpoint_children(self):
        untracked = self.__dict__.get("_untracked_names", ())
        return [(name, value) for name, value in self.__dict__.items()
                if not name.startswith("_") and name not in untracked]


@export("contrib.checkpoint.List", status=PARTIAL,
        note="A list whose checkpointable elements a checkpoint saves under their indices; elements added "
             "after a restore are not restored.")
class List(list):
    """A list tracked by index (``0``, ``1`` ...) in checkpoints."""

    def _checkpoint_children(self):
        return [(str(index), value) for index, value in enumerate(self)]


@export("contrib.checkpoint.Mapping", status=PARTIAL,
        note="A dict whose checkpointable values a checkpoint saves under their (string) keys; values added "
             "after a restore are not restored.")
class Mapping(dict):
    """A dict tracked by key in checkpoints (keys must be strings)."""

    def __setitem__(self, key, value):
        if not isinstance(key, str):
            raise TypeError(f"Mapping keys must be strings to be checkpointed, got {key!r}")
        super().__setitem__(key, value)

    def _checkpoint_children(self):
        return [(key, value) for key, value in self.items()]


@export("contrib.checkpoint.UniqueNameTracker")
class UniqueNameTracker(Checkpointable):
    """Gives each tracked object a unique name from a base name (``x``, ``x_1``, ``x_2``)."""

    def __init__(self):
        object.__setattr__(self, "_tracked", [])
        object.__setattr__(self, "_name_counts", {})

    def track(self, checkpointable, base_name):
        if not isinstance(base_name, str):
            raise TypeError(f"Expected a string base_name, got {base_name!r}")
        count = self._name_counts.get(base_name, 0)
        names = {name for name, _ in self._tracked}
        name = base_name if count == 0 else f"{base_name}_{count}"
        while name in names:
            count += 1
            name = f"{base_name}_{count}"
        self._name_counts[base_name] = count + 1
        self._tracked.append((name, checkpointable))
        restore = take_deferred(self, name)
        if restore is not None:
            restore(checkpointable)
        return checkpointable

    def _checkpoint_children(self):
        return list(self._tracked)
