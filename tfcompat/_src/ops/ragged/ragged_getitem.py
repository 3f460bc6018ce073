"""RaggedTensor.__getitem__ with TF 1.15's rules (ragged_getitem.py): the outer dimension takes ints
and slices, a ragged inner dimension takes slices only ("Cannot index into an inner ragged
dimension."), uniform inner dimensions take whatever a Tensor takes; Ellipsis and tf.newaxis work.
"""

import torch

from ...framework.tensor import Tensor, convert, wrap
from .ragged_tensor import RaggedTensor, _build, concat, take


def ragged_getitem(rt, key):
    keys = list(key) if isinstance(key, (list, tuple)) else [key]
    return _getitem(rt, keys)


def _key_int(key):
    """An int key (a Python int or integer scalar Tensor), or None for other keys."""
    if isinstance(key, bool):
        return None
    if isinstance(key, int):
        return key
    if type(key) is Tensor and key.dtype.is_integer and key._t.ndim == 0:
        return int(key._t)
    if hasattr(key, "__index__") and not isinstance(key, (Tensor, slice)):
        return key.__index__()
    return None


def _bound(value):
    if value is None:
        return None
    if type(value) is Tensor:
        return int(convert(value))
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise TypeError("slice offsets must be integers or None")


def _step(value):
    if value is None:
        return 1
    if type(value) is Tensor and value.dtype.is_integer:
        return int(convert(value))
    if isinstance(value, int) and not isinstance(value, bool):
        if value == 0:
            raise ValueError("slice step cannot be zero")
        return value
    raise TypeError("slice strides must be integers or None")


def _expand_ellipsis(keys, remaining):
    count = sum(1 for key in keys if key is not None)
    if count > remaining + 1:
        raise IndexError("Too many indices for RaggedTensor")
    if count == remaining + 1:
        return keys[1:]
    return [slice(None)] + keys


def _getitem(rt, keys):
    if not keys:
        return rt
    key, rest = keys[0], keys[1:]
    if key is Ellipsis:
        return _getitem(rt, _expand_ellipsis(keys, rt.shape.ndims))
    if key is None:
        inner = _getitem(rt, rest)
        if type(inner) is RaggedTensor:
            nrows = inner._row_splits._t.shape[0] - 1
            return _build(inner, torch.tensor([0, nrows], dtype=inner._row_splits._t.dtype,
                                              device=inner._row_splits._t.device))
        return inner[None]
    if isinstance(key, slice):
        return _inner(_slice_rows(rt, key), rest)
    index = _key_int(key)
    if index is None:
        raise TypeError("Only integers, slices (`:`), ellipsis (`...`), tf.newaxis (`None`) and scalar "
                        f"tf.int32/tf.int64 tensors are valid indices, got {key!r}")
    bounds = rt._row_splits._t.tolist()
    nrows = len(bounds) - 1
    if index >= nrows or index < -nrows:
        raise IndexError(f"Row key {key} out of bounds")
    index %= nrows
    row = _slice_values(rt._values, bounds[index], bounds[index + 1])
    if not rest:
        return row
    return _getitem(row, rest) if type(row) is RaggedTensor else row[tuple(rest)]


def _slice_values(values, start, limit):
    if type(values) is RaggedTensor:
        return _slice_rows(values, slice(start, limit))
    return wrap(values._t[start:limit])


def _slice_rows(rt, key):
    """``rt[key]`` for a slice of the outer dimension."""
    if key.start is None and key.stop is None and key.step is None:
        return rt
    step = _step(key.step)
    bounds = rt._row_splits._t.tolist()
    starts = bounds[:-1][_bound(key.start):_bound(key.stop):step]
    limits = bounds[1:][_bound(key.start):_bound(key.stop):step]
    if step == 1:
        splits = [starts[0]] + limits if starts else [0]
        offset = splits[0]
        values = _slice_values(rt._values, offset, splits[-1])
        return _build(values, torch.tensor([s - offset for s in splits], dtype=rt._row_splits._t.dtype,
                                           device=rt._row_splits._t.device))
    return _from_value_ranges(rt, starts, limits, 1)


def _from_value_ranges(rt, starts, limits, step):
    """The RaggedTensor whose row i is ``rt.values[starts[i]:limits[i]:step]``."""
    rows = [list(range(start, limit, step)) for start, limit in zip(starts, limits)]
    splits = [0]
    for row in rows:
        splits.append(splits[-1] + len(row))
    device = rt._row_splits._t.device
    index = torch.tensor([i for row in rows for i in row], dtype=torch.int64, device=device)
    return _build(gather_rows(rt._values, index), torch.tensor(splits, dtype=rt._row_splits._t.dtype,
                                                                device=device))


def gather_rows(values, index):
    """``values`` (a Tensor or RaggedTensor) at the outer positions ``index`` (a torch long vector)."""
    if type(values) is not RaggedTensor:
        return wrap(take(values._t, index))
    bounds = values._row_splits._t.tolist()
    pieces, splits = [], [0]
    for i in index.tolist():
        pieces.append(torch.arange(bounds[i], bounds[i + 1], dtype=torch.int64))
        splits.append(splits[-1] + bounds[i + 1] - bounds[i])
    inner = concat(pieces) if pieces else torch.zeros(0, dtype=torch.int64)
    device = values._row_splits._t.device
    return _build(gather_rows(values._values, inner.to(device)),
                  torch.tensor(splits, dtype=values._row_splits._t.dtype, device=device))


def _inner(rt, keys):
    """``rt`` with ``keys`` applied to its inner dimensions, its outer dimension kept."""
    if not keys:
        return rt
    if type(rt) is not RaggedTensor:
        return rt[tuple([slice(None)] + keys)]
    key, rest = keys[0], keys[1:]
    if key is Ellipsis:
        return _inner(rt, _expand_ellipsis(keys, rt._values.shape.ndims))
    if key is None:
        inner = _inner(rt, rest)
        nrows = inner.shape[0] if type(inner) is not RaggedTensor else inner._row_splits._t.shape[0] - 1
        splits = rt._row_splits._t
        return _build(inner, torch.arange(nrows + 1, dtype=splits.dtype, device=splits.device))
    if not isinstance(key, slice):
        raise ValueError("Cannot index into an inner ragged dimension.")
    if key.start is None and key.stop is None and key.step is None:
        return rt.with_values(_inner(rt._values, rest))
    start, stop, step = _bound(key.start), _bound(key.stop), _step(key.step)
    bounds = rt._row_splits._t.tolist()
    row_starts, row_limits = [], []
    for first, limit in zip(bounds[:-1], bounds[1:]):
        # Python's slice rules on each row, shifted to the row's place in the values.
        begin, end, _ = slice(start, stop, step).indices(limit - first)
        row_starts.append(first + begin)
        row_limits.append(first + end if end >= 0 else first - 1)
    sliced = _from_value_ranges(rt, row_starts, row_limits, step)
    return sliced.with_values(_inner(sliced._values, rest))


RaggedTensor.__getitem__ = ragged_getitem
