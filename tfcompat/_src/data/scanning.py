"""Transformations that carry state along the stream: scan, take_while, unique, Counter, and
``Dataset.reduce`` / ``Dataset.enumerate``."""

import numpy as np

from ..framework import context, dtypes
from ..framework.errors import InvalidArgumentError, OpError, OutOfRangeError
from ..framework.tensor import convert
from ..registry import export
from . import elements
from .dataset_ops import Dataset, implements
from .experimental import enumerate_dataset as _enumerate
from .functions import relaxed_state, trace, value_spec
from .structure import ComponentSpec, Failed


def _state_mismatch(expected, got):
    return TypeError(f"The element types for the new state must match the initial state. Expected {expected}; "
                     f"got {got}.")


def _initial_state(initial_state):
    state = elements.to_element(initial_state)
    return state, elements.spec_of(state)


# --- scan ----------------------------------------------------------------------------------------------------

def _scan_pair(result):
    if not (isinstance(result, tuple) and len(result) == 2):
        raise TypeError("The scan function must return a pair comprising the new state and the output value.")
    return result


def _calling(scan_func):
    """``scan_func`` whose OutOfRangeError becomes InvalidArgumentError: TF's scan keeps its input's
    cardinality, so a function may not end the sequence early."""
    def call(state, element):
        try:
            return scan_func(state, element)
        except OutOfRangeError as error:
            raise InvalidArgumentError(None, None, f"Function invocation produced OutOfRangeError: {error}") \
                from error
    return call


def _scan_specs(result):
    new_state, output = _scan_pair(result)
    return value_spec(new_state), value_spec(output)


class ScanDataset(Dataset):
    """Each output is ``scan_func(state, element)[1]``; its ``[0]`` is the state for the next element."""

    def __init__(self, dataset, initial_state, scan_func):
        if not callable(scan_func):
            raise TypeError(f"`scan_func` must be callable, got {scan_func!r}")
        self._input, self._function = dataset, _calling(scan_func)
        self._initial, state_spec = _initial_state(initial_state)
        self._state_spec, self._output_spec = relaxed_state(
            state_spec, lambda state: trace(self._function, (state, dataset._spec), _scan_specs), _state_mismatch)

    def _compute_spec(self):
        return self._output_spec

    def _elements(self):
        state = self._initial
        for element in self._input._elements():
            if type(element) is Failed:
                yield element
                continue
            try:
                new_state, output = _scan_pair(elements.call(self._function, (state, element)))
                state, output = elements.to_element(new_state), elements.to_element(output)
            except OpError as error:
                yield Failed(error)
                continue
            yield output


@export("data.experimental.scan", "contrib.data.scan")
def scan(initial_state, scan_func):
    """A transformation that scans ``scan_func`` across the input, from ``initial_state``."""
    return lambda dataset: ScanDataset(dataset, initial_state, scan_func)


# --- take_while ------------------------------------------------------------------------------------------

def _predicate_spec(result):
    spec = value_spec(result)
    if not (type(spec) is ComponentSpec and spec.dtype == dtypes.bool_ and spec.shape.ndims in (0, None)):
        raise ValueError("`predicate` must return a scalar boolean tensor.")
    return spec


class TakeWhileDataset(Dataset):
    """The input's elements up to (not including) the first for which ``predicate`` is False."""

    def __init__(self, dataset, predicate):
        if not callable(predicate):
            raise TypeError(f"`predicate` must be callable, got {predicate!r}")
        self._input, self._predicate = dataset, predicate
        trace(predicate, dataset._spec, _predicate_spec)

    def _compute_spec(self):
        return self._input._spec

    def _elements(self):
        for element in self._input._elements():
            if type(element) is Failed:
                yield element
                continue
            try:
                keep = bool(convert(elements.call(self._predicate, element), dtypes.bool_).item())
            except OpError as error:
                yield Failed(error)
                continue
            if not keep:
                return
            yield element


@export("data.experimental.take_while")
def take_while(predicate):
    """A transformation that stops the dataset at the first element ``predicate`` rejects."""
    return lambda dataset: TakeWhileDataset(dataset, predicate)


# --- unique ------------------------------------------------------------------------------------------------

_UNIQUE_DTYPES = (dtypes.int32, dtypes.int64, dtypes.string)


def _identity(value):
    """A hashable identity of a component's value: its shape and contents."""
    if type(value) is np.ndarray:
        return value.shape, tuple(value.ravel().tolist())
    return tuple(value.shape), value.cpu().numpy().tobytes()


class UniqueDataset(Dataset):
    """The input's elements without repeats (first occurrences, in order)."""

    def __init__(self, dataset):
        spec = dataset._spec
        if not (type(spec) is ComponentSpec and spec.dtype in _UNIQUE_DTYPES):
            raise TypeError("`tf.data.experimental.unique()` only supports inputs with a single `tf.int32`, "
                            "`tf.int64`, or `tf.string` component.")
        self._input = dataset

    def _compute_spec(self):
        return self._input._spec

    def _elements(self):
        seen = set()
        for element in self._input._elements():
            if type(element) is Failed:
                yield element
                continue
            identity = _identity(element)
            if identity not in seen:
                seen.add(identity)
                yield element


@export("data.experimental.unique", "contrib.data.unique")
def unique():
    """A transformation that drops repeated elements (int32, int64 or string components)."""
    return UniqueDataset


# --- Counter -------------------------------------------------------------------------------------------------

class CounterDataset(Dataset):
    """``start``, ``start + step``, ... forever; each value is the previous one plus ``step`` (TF's scan)."""

    def __init__(self, start, step):
        self._start, self._step = start, step

    def _compute_spec(self):
        return elements.spec_of(self._start)

    def _elements(self):
        value, step = self._start, self._step
        while True:
            yield value
            value = value + step


@export("data.experimental.Counter", "contrib.data.Counter")
def Counter(start=0, step=1, dtype=dtypes.int64):  # noqa: N802 - TF's name
    """An infinite dataset counting from ``start`` by ``step`` (scalars of ``dtype``)."""
    with context.device("/cpu:0"):
        start, step = convert(start, dtype), convert(step, dtype)
    if type(start) is np.ndarray or start.ndim != 0 or step.ndim != 0:
        raise ValueError("`start` and `step` of Counter must be numeric scalars.")
    return CounterDataset(start, step)


# --- Dataset.reduce and Dataset.enumerate -----------------------------------------------------------------

@implements("reduce")
def reduce_dataset(dataset, initial_state, reduce_func):
    """The state after ``reduce_func(state, element)`` has seen every element, as tensors."""
    if not callable(reduce_func):
        raise TypeError(f"`reduce_func` must be callable, got {reduce_func!r}")
    state, state_spec = _initial_state(initial_state)
    relaxed_state(state_spec, lambda spec: (trace(reduce_func, (spec, dataset._spec)), None), _state_mismatch)
    for element in dataset._elements():
        if type(element) is Failed:
            raise element.error
        state = elements.to_element(elements.call(reduce_func, (state, element)))
    return elements.to_user(state)


@implements("enumerate")
def enumerate_dataset(dataset, start=0):
    return _enumerate(start)(dataset)

