"""Tracing the user functions of dataset transformations (map and interleave through
transformations.traced_spec; scan, reduce, group_by_window, group_by_reducer directly): the spec of
what a function returns for arguments of a given spec, and TF's fixpoint that relaxes a state's
shapes until the function keeps them.

A function is called on stand-in arguments whose unknown dims and values are 1, then 2; dims that
change between the two calls are unknown.
"""

import torch

from ..framework import context, dtypes
from ..framework.tensor import wrap
from ..framework.tensor_shape import TensorShape
from . import elements, structure
from .structure import ComponentSpec, DatasetSpec, Failed, SparseSpec

INT64_SCALAR = ComponentSpec(dtypes.int64, TensorShape([]))


def value_spec(value):
    """The spec of a function's returned value (TF 1.x reads a returned list as a tuple)."""
    return elements.spec_of(elements.to_element(value))


def trace(function, arg_spec, result_spec=value_spec, real_args=None):
    """``result_spec`` of ``function`` called (tuple arguments unpacked) on stand-ins of ``arg_spec``;
    if that fails and ``real_args()`` gives real arguments (an element), on those instead."""
    specs = []
    try:
        for size in (1, 2):
            specs.append(result_spec(elements.call(function, elements.dummy_element(arg_spec, size))))
    except Exception:  # noqa: BLE001 - the function may need real values
        args = None if real_args is None else real_args()
        if args is None:
            raise
        return structure.map_spec(_runtime_shaped, result_spec(elements.call(function, args)))
    joined = structure.most_specific_compatible(specs[0], specs[1])
    return specs[0] if joined is None else joined


def _runtime_shaped(leaf):
    """A sparse result's dense shape is a value computed at run time: TF knows its rank only."""
    if type(leaf) is SparseSpec and leaf.shape.dims is not None:
        return leaf.with_shape(TensorShape([None] * len(leaf.shape.dims)))
    return leaf


def first_real(dataset):
    """The first element of ``dataset`` that did not fail, or None (a trace's last resort)."""
    for element in dataset._elements():
        if type(element) is not Failed:
            return element
    return None


def is_int64_scalar(spec):
    return (type(spec) is ComponentSpec and spec.dtype == dtypes.int64
            and spec.shape.is_compatible_with(TensorShape([])))


def int64_scalar(value):
    """An int64 scalar tensor on the current device (a key handed to a user function)."""
    return wrap(torch.tensor(value, dtype=torch.int64, device=context.current_device()))


def _types(spec):
    return structure.output_types(spec)


def _classes(spec):
    return structure.map_spec(lambda leaf: "Dataset" if isinstance(leaf, DatasetSpec) else "Tensor", spec)


def same_kind(old_spec, new_spec):
    """True when two specs have the same structure, classes and dtypes (shapes may differ)."""
    return _classes(old_spec) == _classes(new_spec) and _types(old_spec) == _types(new_spec)


def relaxed_state(state_spec, new_state_spec_of, mismatch):
    """TF's state fixpoint: trace with ``state_spec``, and while the new state's shapes differ,
    retrace with the shapes that cover both.  ``new_state_spec_of(state_spec)`` returns
    (new state spec, the trace's other results); ``mismatch(old, new)`` builds the TypeError raised
    when the new state's structure or dtypes differ.  Returns (state spec, the last other results)."""
    while True:
        new_state, others = new_state_spec_of(state_spec)
        if not same_kind(state_spec, new_state):
            raise mismatch(_types(state_spec), _types(new_state))
        relaxed = structure.most_specific_compatible(state_spec, new_state)
        if relaxed == state_spec:
            return state_spec, others
        state_spec = relaxed

