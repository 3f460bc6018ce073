"""Recording: what the active GradientTapes note while user code runs.

The one meeting point of tapes, variables and ops; it imports none of them.

The protocol
------------
* ``context.state.tapes`` is this thread's tuple of active ``Recorder``\\ s,
  outermost first (tapes are thread-local).  Empty means nothing records:
  ops test ``if _state.tapes:`` and otherwise do no bookkeeping at all.
  Only ``start`` and ``stop`` change it.
* ``context.state.tape_epoch`` changes whenever what a variable read would
  record changes: a recorder starts or stops, or starts watching a variable.
  A variable may reuse what ``read_variable`` gave it while both the epoch and
  its storage tensor are unchanged (so writing new storage invalidates reuse).
* Variables call ``read_variable(variable, value, trainable)`` for a read while
  recorders are active; it returns the value to hand out: a new source (see
  ``new_source``) for each active recorder that watches ``variable``, noted in
  that recorder's ``variable_sources``.  ``variable`` is the object that owns
  the storage (an UnreadVariable's parent), used only as a key.
* Ops that gather rows call ``record_gather(params, indices, gathered)`` when
  ``params`` requires grad and recorders are active (the tape answers a
  gather's gradient with an IndexedSlices, as TF does).
* A tape owns one ``Recorder`` and reads what it noted; nothing else does.
"""

import numpy as np

from ..framework import context

_state = context.state


class Recorder:
    """What one tape notes while it records."""

    __slots__ = ("watch_accessed_variables", "variable_sources", "gathers")

    def __init__(self, watch_accessed_variables):
        self.watch_accessed_variables = watch_accessed_variables
        self.variable_sources = {}  # variable -> the torch sources its reads gave this recorder
        self.gathers = []  # (params, indices, gathered rows): see record_gather

    def clear(self):
        self.variable_sources.clear()
        self.gathers.clear()

    def watch_variable(self, variable):
        """Watch ``variable`` (whether or not it is trainable) from the next read on."""
        self.variable_sources.setdefault(variable, [])
        _state.tape_epoch = object()  # reads cached before this watch gave this recorder no source


def start(recorder):
    """Make ``recorder`` the innermost active recorder of this thread."""
    _state.tapes = _state.tapes + (recorder,)
    _state.tape_epoch = object()


def stop(recorder):
    """Deactivate ``recorder`` (usually the innermost one)."""
    tapes = _state.tapes
    if tapes and tapes[-1] is recorder:
        _state.tapes = tapes[:-1]
    else:
        _state.tapes = tuple(tape for tape in tapes if tape is not recorder)
    _state.tape_epoch = object()


def new_source(value):
    """A torch value that tapes can differentiate back to, distinct from ``value``: a detached leaf
    that requires grad or, when ``value`` already requires grad (an outer tape watches it), an
    identity view, so outer tapes still see through it."""
    if value.requires_grad:
        return value.view_as(value)
    if value.is_floating_point() or value.is_complex():
        return value.detach().requires_grad_()
    return value  # integer and bool values have no gradient


def read_variable(variable, value, trainable):
    """The value a read of ``variable`` (holding ``value``) hands out while recorders are active."""
    if type(value) is np.ndarray:  # tf.string
        return value
    for recorder in _state.tapes:
        sources = recorder.variable_sources
        if variable in sources or (trainable and recorder.watch_accessed_variables):
            value = new_source(value)
            sources.setdefault(variable, []).append(value)
    return value


def record_gather(params, indices, gathered):
    """Note that ``gathered`` holds rows ``indices`` of ``params`` for every active recorder."""
    for recorder in _state.tapes:
        recorder.gathers.append((params, indices, gathered))
