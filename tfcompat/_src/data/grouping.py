"""Grouping transformations: group_by_window, bucket_by_sequence_length, group_by_reducer.

Both groupers key each element with ``key_func`` (a scalar tf.int64).  ``group_by_window``
hands a group to ``reduce_func`` as a dataset as soon as it holds its window's size of
elements, and what is left at the end in ascending key order (TF keeps its groups in a
``std::map``); ``group_by_reducer`` folds every element into its key's state and emits the
finalized states, in ascending key order, once the input is exhausted.
"""

import numpy as np
import torch

from ..framework import dtypes
from ..framework.errors import InvalidArgumentError, OpError
from ..framework.tensor import Tensor, convert, dtype_of, wrap
from ..framework.tensor_shape import TensorShape
from ..ops.check_ops import assert_less
from ..registry import PARTIAL, export
from . import elements, structure
from .dataset_ops import Dataset
from .experimental import get_single_element
from .functions import first_real, int64_scalar, is_int64_scalar, relaxed_state, trace, value_spec
from .structure import Failed


class GroupDataset(Dataset):
    """The elements of one group, with the input's spec (what ``reduce_func`` receives)."""

    def __init__(self, spec, items):
        self._spec_cache, self._items = spec, items

    def _compute_spec(self):
        return self._spec_cache

    def _elements(self):
        return iter(self._items)


def _key_spec(key_func, dataset):
    if not callable(key_func):
        raise TypeError(f"`key_func` must be callable, got {key_func!r}")
    return trace(key_func, dataset._spec, real_args=lambda: first_real(dataset))


def _key_value(key_func, element, dtype=None):
    """The key of ``element`` as a Python int (``dtype``: what TF converts the result to)."""
    backing = convert(elements.call(key_func, element), dtype)
    if type(backing) is np.ndarray or backing.dtype is not torch.int64:
        raise InvalidArgumentError(None, None, "`key_func` must return a single tf.int64 scalar tensor.")
    if backing.ndim != 0:
        raise InvalidArgumentError(None, None, f"`key_func` must return a scalar, got shape {list(backing.shape)}")
    return int(backing.item())


def _on_keys(call, result_spec):
    """The joined spec of ``call(key)`` for the stand-in keys 0 and 1 (one of them may fail)."""
    specs, error = [], None
    for key in (0, 1):
        try:
            specs.append(result_spec(call(int64_scalar(key))))
        except Exception as caught:  # noqa: BLE001 - the other key may be the valid one
            error = caught
    if not specs:
        raise error
    joined = structure.most_specific_compatible(specs[0], specs[-1])
    return specs[0] if joined is None else joined


# --- group_by_window ----------------------------------------------------------------------------------

class GroupByWindowDataset(Dataset):
    def __init__(self, dataset, key_func, reduce_func, window_size_func):
        if not callable(reduce_func):
            raise TypeError(f"`reduce_func` must be callable, got {reduce_func!r}")
        if not callable(window_size_func):
            raise TypeError(f"`window_size_func` must be callable, got {window_size_func!r}")
        if not callable(key_func):
            raise TypeError(f"`key_func` must be callable, got {key_func!r}")
        # TF converts what key_func and window_size_func return to int64 tensors (a Python int
        # passes, an int32 tensor fails the conversion).
        self._input, self._key_func, self._reduce_func = dataset, key_func, reduce_func
        self._window_size_func = lambda key: wrap(convert(window_size_func(key), dtypes.int64))
        if not is_int64_scalar(_key_spec(lambda *args: wrap(convert(key_func(*args), dtypes.int64)), dataset)):
            raise ValueError("`key_func` must return a single tf.int64 scalar tensor.")
        if not is_int64_scalar(_on_keys(self._window_size_func, value_spec)):
            raise ValueError("`window_size_func` must return a single tf.int64 scalar tensor.")
        self._spec_cache = _on_keys(lambda key: reduce_func(key, GroupDataset(dataset._spec, [])), _dataset_spec)

    def _window_size(self, key):
        size = int(self._window_size_func(int64_scalar(key))._t.item())
        if size <= 0:
            raise InvalidArgumentError(None, None, f"Window size must be greater than zero, but got {size}.")
        return size

    def _compute_spec(self):
        return self._spec_cache

    def _reduce(self, key, group):
        try:
            dataset = self._reduce_func(int64_scalar(key), GroupDataset(self._input._spec, group))
        except OpError as error:
            return iter((Failed(error),))
        _dataset_spec(dataset)
        return dataset._elements()

    def _elements(self):
        groups, sizes = {}, {}
        for element in self._input._elements():
            if type(element) is Failed:
                yield element
                continue
            try:
                key = _key_value(self._key_func, element, dtypes.int64)
                if key not in sizes:
                    sizes[key] = self._window_size(key)
            except OpError as error:
                yield Failed(error)
                continue
            group = groups.setdefault(key, [])
            group.append(element)
            if len(group) == sizes[key]:
                del groups[key], sizes[key]
                yield from self._reduce(key, group)
        for key in sorted(groups):
            yield from self._reduce(key, groups[key])


def _dataset_spec(value):
    if not isinstance(value, Dataset):
        raise TypeError("`reduce_func` must return a `Dataset` object.")
    return value._spec


@export("data.experimental.group_by_window", "contrib.data.group_by_window")
def group_by_window(key_func, reduce_func, window_size=None, window_size_func=None):
    """Groups elements by ``key_func`` into windows of ``window_size`` (or ``window_size_func(key)``)
    elements and maps each window dataset with ``reduce_func(key, window)``."""
    if (window_size is not None and window_size_func) or not (window_size is not None or window_size_func):
        raise ValueError("Must pass either window_size or window_size_func.")
    if window_size is not None:
        def window_size_func(unused_key):
            return wrap(convert(window_size, dtypes.int64))
    return lambda dataset: GroupByWindowDataset(dataset, key_func, reduce_func, window_size_func)


# --- bucket_by_sequence_length -------------------------------------------------------------------------

_INT32_MIN, _INT32_MAX = int(np.iinfo(np.int32).min), int(np.iinfo(np.int32).max)


@export("data.experimental.bucket_by_sequence_length", "contrib.data.bucket_by_sequence_length",
        status=PARTIAL,
        note="Built on group_by_window as TF builds it; the batch dimension of `output_shapes` is the bucket "
             "batch size where every bucket has the same one and `drop_remainder` is set (TF: unknown).")
def bucket_by_sequence_length(element_length_func, bucket_boundaries, bucket_batch_sizes, padded_shapes=None,
                              padding_values=None, pad_to_bucket_boundary=False, no_padding=False,
                              drop_remainder=False):
    """Buckets elements by ``element_length_func``'s length and batches (pads) each bucket."""
    if len(bucket_batch_sizes) != len(bucket_boundaries) + 1:
        raise ValueError("len(bucket_batch_sizes) must equal len(bucket_boundaries) + 1")
    boundaries = [int(b) for b in bucket_boundaries]
    batch_sizes = [int(b) for b in bucket_batch_sizes]
    lows, highs = [_INT32_MIN] + boundaries, boundaries + [_INT32_MAX]

    def element_to_bucket_id(*args):
        length = element_length_func(*args)
        backing = convert(length, dtypes.int32) if type(length) is not Tensor else convert(length)
        if type(backing) is np.ndarray or backing.dtype is not torch.int32:
            # TF compares the int32 bucket bounds with the length: any other dtype fails there
            raise TypeError(f"Input 'y' of 'LessEqual' Op has type {dtype_of(backing).name} that does not "
                            f"match type int32 of argument 'x'.")
        if backing.ndim != 0:
            raise InvalidArgumentError(None, None, f"`element_length_func` must return a scalar, got shape "
                                       f"{list(backing.shape)}")
        length = int(backing.item())
        bucket = next((i for i, (low, high) in enumerate(zip(lows, highs)) if low <= length < high), None)
        if bucket is None:  # TF: the minimum over no bucket is int64's max, an index past the table
            raise InvalidArgumentError(None, None, f"indices = {np.iinfo(np.int64).max} is not in "
                                       f"[0, {len(batch_sizes)})")
        return int64_scalar(bucket)

    def window_size_fn(bucket_id):
        return int64_scalar(batch_sizes[int(bucket_id)])

    def make_padded_shapes(shapes, none_filler=None):
        def fill(shape):
            shape = TensorShape(shape)
            return [none_filler if size is None else size for size in shape.as_list()]
        return structure.map_structure(fill, shapes)

    def batching_fn(bucket_id, grouped_dataset):
        batch_size = batch_sizes[int(bucket_id)]
        if no_padding:
            return grouped_dataset.batch(batch_size, drop_remainder=drop_remainder)
        none_filler = None
        if pad_to_bucket_boundary:
            assert_less(bucket_id, int64_scalar(len(bucket_batch_sizes) - 1),
                        message="When pad_to_bucket_boundary=True, elements must have length < "
                                "max(bucket_boundaries).")
            none_filler = boundaries[int(bucket_id)] - 1
        shapes = make_padded_shapes(padded_shapes or grouped_dataset.output_shapes, none_filler=none_filler)
        return grouped_dataset.padded_batch(batch_size, shapes, padding_values, drop_remainder=drop_remainder)

    return group_by_window(element_to_bucket_id, batching_fn, window_size_func=window_size_fn)


# --- group_by_reducer -----------------------------------------------------------------------------------

@export("data.experimental.Reducer", "contrib.data.Reducer")
class Reducer:
    """How ``group_by_reducer`` folds a group: ``init_func(key)`` gives the initial state,
    ``reduce_func(state, element)`` the next one, ``finalize_func(state)`` the group's output."""

    def __init__(self, init_func, reduce_func, finalize_func):
        self._init_func, self._reduce_func, self._finalize_func = init_func, reduce_func, finalize_func

    init_func = property(lambda self: self._init_func)
    reduce_func = property(lambda self: self._reduce_func)
    finalize_func = property(lambda self: self._finalize_func)


def _state_mismatch(expected, got):
    return TypeError(f"The element types for the new state must match the initial state. Expected {expected}; "
                     f"got {got}.")


class GroupByReducerDataset(Dataset):
    def __init__(self, dataset, key_func, reducer):
        if not isinstance(reducer, Reducer):
            raise TypeError(f"`reducer` must be a tf.data.experimental.Reducer, got {reducer!r}")
        for name in ("init_func", "reduce_func", "finalize_func"):
            if not callable(getattr(reducer, name)):
                raise TypeError(f"`{name}` must be callable, got {getattr(reducer, name)!r}")
        self._input, self._key_func, self._reducer = dataset, key_func, reducer
        key_spec = _key_spec(key_func, dataset)
        if not is_int64_scalar(key_spec):
            raise ValueError(f"`key_func` must return a single tf.int64 tensor. Got type="
                             f"{structure.output_types(key_spec)} and shape={structure.output_shapes(key_spec)}")
        initial = value_spec(reducer.init_func(int64_scalar(0)))
        self._state_spec, _ = relaxed_state(
            initial, lambda state: (trace(reducer.reduce_func, (state, dataset._spec)), None), _state_mismatch)

    def _compute_spec(self):
        return trace(self._reducer.finalize_func, self._state_spec)

    def _elements(self):
        states, reducer = {}, self._reducer
        for element in self._input._elements():
            if type(element) is Failed:
                yield element
                continue
            try:
                key = _key_value(self._key_func, element)
                state = states[key] if key in states else elements.to_element(reducer.init_func(int64_scalar(key)))
                states[key] = elements.to_element(elements.call(reducer.reduce_func, (state, element)))
            except OpError as error:
                yield Failed(error)
        for key in sorted(states):
            try:
                yield elements.to_element(elements.call(reducer.finalize_func, states[key]))
            except OpError as error:
                yield Failed(error)


@export("data.experimental.group_by_reducer", "contrib.data.group_by_reducer")
def group_by_reducer(key_func, reducer):
    """Groups elements by ``key_func`` and folds each group with ``reducer``."""
    return lambda dataset: GroupByReducerDataset(dataset, key_func, reducer)


@export("contrib.data.reduce_dataset")
def reduce_dataset(dataset, reducer):
    """TF 1.x contrib: the finalized state of ``reducer`` folded over every element (one group)."""
    if not isinstance(dataset, Dataset):
        raise TypeError("`dataset` must be a `tf.data.Dataset` object.")
    return get_single_element(dataset.apply(group_by_reducer(lambda *unused: np.int64(0), reducer)))

