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



class _ByIdentity:
    """A dict keyed by objects' identity whose entries go with their objects: tf.contrib.checkpoint's List
    and Mapping are unhashable, so a WeakKeyDictionary cannot hold them."""

    __slots__ = ("_entries",)

    def __init__(self):
        self._entries = {}  # id(owner) -> (weak reference to owner, value)

    def __bool__(self):
        return bool(self._entries)

    def get(self, owner, default=None):
        entry = self._entries.get(id(owner))
        return default if entry is None or entry[0]() is not owner else entry[1]

    def setdefault(self, owner, value):
        """``owner``'s value, ``value`` stored first if it has none; TypeError for an owner that cannot
        be weakly referenced (a plain list)."""
        key = id(owner)
        entry = self._entries.get(key)
        if entry is None or entry[0]() is not owner:
            entries = self._entries

            def forget(reference):
                if entries.get(key, (None,))[0] is reference:
                    del entries[key]
            entry = entries[key] = (weakref.ref(owner, forget), value)
        return entry[1]

    def pop(self, owner):
        if self.get(owner) is not None:
            del self._entries[id(owner)]


_weight_names = weakref.WeakKeyDictionary()  # layer -> [(add_weight name, variable)], creation order
_deferred = _ByIdentity()  # owner -> {name: [restore(created object)]}
_no_dependency = _ByIdentity()  # owner -> {attribute names assigned a NoDependency}


def variable_created(owner, name, variable):
    """``owner`` (a layer or optimizer) made ``variable`` under the local ``name``."""
    if isinstance(name, str):
        _weight_names.setdefault(owner, []).append((name, variable))
    if _deferred:
        restore = take_deferred(owner, name)
        if restore is not None:
            restore(variable)


def weight_names(layer):
    """``[(name, variable)]`` of the weights ``layer`` made with ``add_weight``."""
    return _weight_names.get(layer, ())


def defer(owner, name, restore):
    """Run ``restore(obj)`` when ``owner`` creates or attaches ``obj`` under ``name`` (after the
    restorations deferred to it later: several ``restore`` calls may wait for one object)."""
    try:
        pending = _deferred.setdefault(owner, {})
    except TypeError:  # a plain list or dict held by a layer: nothing it gains later can be seen
        return
    pending.setdefault(name, []).append(restore)


def take_deferred(owner, name):
    """One callable running the restorations waiting for ``owner``'s ``name``, newest first (removed), or None."""
    pending = _deferred.get(owner)
    if not pending:
        return None
    restores = pending.pop(name, None)
    if not pending:
        _deferred.pop(owner)
    if not restores:
        return None

    def restore(created):
        for each in reversed(restores):
            each(created)
    return restore


def pending_names(owner):
    return list(_deferred.get(owner, ()))


# --- attribute assignment (TF's sticky_attribute_assignment) ------------------------------------------

def unwrap_assignment(owner, name, value):
    """The value ``owner.name = value`` stores: a ``NoDependency``'s wrapped value, whose attribute then
    gives ``owner`` no checkpoint dependency (until another value is assigned to it), or ``value``."""
    if type(value) is NoDependency:
        _no_dependency.setdefault(owner, set()).add(name)
        return value.value
    names = _no_dependency.get(owner)
    if names:
        names.discard(name)
    return value


def attribute_assigned(owner, name, value):
    """After ``owner.name = value``: the restoration a checkpoint deferred to ``name`` runs on ``value``
    (a layer or variable assigned after ``restore`` takes its saved value), unless it was a NoDependency."""
    if _deferred and not is_no_dependency(owner, name):
        restore = take_deferred(owner, name)
        if restore is not None:
            restore(value)


def is_no_dependency(owner, name):
    """Whether ``owner``'s attribute ``name`` holds a value assigned through ``NoDependency``."""
    names = _no_dependency.get(owner)
    return bool(names) and name in names


# --- tf.contrib.checkpoint's data structures ---------------------------------------------------------

@export("contrib.checkpoint.NoDependency")
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
        value = unwrap_assignment(self, name, value)
        object.__setattr__(self, name, value)
        if not name.startswith("_"):
            attribute_assigned(self, name, value)

    def _checkpoint_children(self):
        return [(name, value) for name, value in self.__dict__.items()
                if not name.startswith("_") and not is_no_dependency(self, name)]


@export("contrib.checkpoint.List", status=PARTIAL,
        note="A list whose checkpointable elements a checkpoint saves under their indices; elements appended "
             "after a restore are restored; TF's errors for replaced or reordered elements are not raised.")
class List(list):
    """A list tracked by index (``0``, ``1`` ...) in checkpoints."""

    def append(self, value):
        super().append(value)
        attribute_assigned(self, str(len(self) - 1), value)

    def extend(self, values):
        for value in values:
            self.append(value)

    def _checkpoint_children(self):
        return [(str(index), value) for index, value in enumerate(self)]


@export("contrib.checkpoint.Mapping", status=PARTIAL,
        note="A dict whose checkpointable values a checkpoint saves under their (string) keys; values set "
             "after a restore are restored; update() and setdefault() bypass that.")
class Mapping(dict):
    """A dict tracked by key in checkpoints (keys must be strings)."""

    def __setitem__(self, key, value):
        if not isinstance(key, str):
            raise TypeError(f"Mapping keys must be strings to be checkpointed, got {key!r}")
        super().__setitem__(key, value)
        attribute_assigned(self, key, value)

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
