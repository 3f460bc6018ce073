"""tf.reduce_sum / prod / mean / max / min / any / all over RaggedTensors, as TF 1.15 dispatches them
(ragged_math_ops.ragged_reduce_aggregate): axis 0 reduces each column across the rows, axis 1 each row,
deeper axes reduce inside the values; missing entries do not take part, so an empty row's max is the
dtype's lowest value and its mean NaN.  The mean is the sum over the count, divided with truediv
(an int32 mean is float64, as in TF).
"""

import torch

from ...framework import dtypes
from ...framework.tensor import Tensor, convert, truediv, wrap
from ..reduction_ops import COMPOSITE_REDUCERS
from .ragged_tensor import RaggedTensor, _build, rowids_of, splits_of_lengths

_SCATTER = {"Sum": "sum", "Prod": "prod", "Max": "amax", "Min": "amin", "Any": "amax", "All": "amin"}
_OPS = {"Sum": torch.sum, "Prod": torch.prod, "Max": torch.amax, "Min": torch.amin, "Any": torch.any,
        "All": torch.all}


def _identity(op_name, dtype):
    if op_name in ("Sum", "Any"):
        return 0
    if op_name in ("Prod", "All"):
        return 1
    info = torch.finfo(dtype) if dtype.is_floating_point else torch.iinfo(dtype)
    return info.min if op_name == "Max" else info.max


def _segment_reduce(op_name, data, segments, count):
    """Row ``i`` of the result reduces the rows ``j`` of ``data`` (a Tensor or RaggedTensor) with
    ``segments[j] == i``, elementwise; ``count`` rows."""
    if type(data) is RaggedTensor:
        splits = data._row_splits._t.long()
        lengths = splits[1:] - splits[:-1]
        longest = torch.zeros(count, dtype=torch.long, device=splits.device)
        if lengths.shape[0]:
            longest = longest.scatter_reduce(0, segments, lengths, "amax", include_self=True)
        out_splits = splits_of_lengths(longest, torch.long)
        rows = rowids_of(splits)
        columns = torch.arange(rows.shape[0], device=splits.device) - splits[rows]
        inner = _segment_reduce(op_name, data._values, out_splits[segments[rows]] + columns, int(out_splits[-1]))
        return _build(inner, out_splits.to(data._row_splits._t.dtype))
    values = data._t
    work = values.to(torch.uint8) if values.dtype is torch.bool else values
    out = torch.full((count,) + tuple(work.shape[1:]), _identity(op_name, work.dtype), dtype=work.dtype,
                     device=work.device)
    index = segments.to(work.device).reshape((-1,) + (1,) * (work.ndim - 1)).expand_as(work)
    out = out.scatter_reduce(0, index, work, _SCATTER[op_name], include_self=True)
    return wrap(out.to(torch.bool) if values.dtype is torch.bool else out)


def _reduce_axis(op_name, rt, axis):
    if type(rt) is not RaggedTensor:  # a uniform dimension: every row takes part
        backing = rt._t
        if backing.shape[axis] == 0:
            shape = backing.shape[:axis] + backing.shape[axis + 1:]
            return wrap(torch.full(shape, _identity(op_name, backing.dtype), dtype=backing.dtype,
                                   device=backing.device))
        if op_name in ("Sum", "Prod"):
            return wrap(_OPS[op_name](backing, axis, dtype=backing.dtype))
        return wrap(_OPS[op_name](backing, axis))
    splits = rt._row_splits._t.long()
    if axis == 0:
        lengths = splits[1:] - splits[:-1]
        count = int(lengths.max()) if lengths.shape[0] else 0
        rows = rowids_of(splits)
        columns = torch.arange(rows.shape[0], device=splits.device) - splits[rows]
        return _segment_reduce(op_name, rt._values, columns, count)
    if axis == 1:
        return _segment_reduce(op_name, rt._values, rowids_of(splits), splits.shape[0] - 1)
    return rt.with_values(_reduce_axis(op_name, rt._values, axis - 1))


def _expand(value, axis):
    """``value`` with a new dimension of size 1 at ``axis`` (keepdims)."""
    if type(value) is not RaggedTensor:
        return wrap(value._t.unsqueeze(axis))
    splits = value._row_splits._t
    nrows = splits.shape[0] - 1
    if axis == 0:
        return _build(value, torch.tensor([0, nrows], dtype=splits.dtype, device=splits.device))
    if axis == 1:
        return _build(value, torch.arange(nrows + 1, dtype=splits.dtype, device=splits.device))
    return value.with_values(_expand(value._values, axis - 1))


def _axes(axis, rank):
    if axis is None:
        return list(range(rank - 1, -1, -1))
    if type(axis) is Tensor:
        axis = convert(axis).reshape(-1).tolist()
    items = list(axis) if isinstance(axis, (list, tuple)) else [axis]
    result = []
    for item in items:
        if not isinstance(item, int) or isinstance(item, bool):
            raise TypeError(f"axis must be an int or a list of ints, got {axis!r}")
        if not -rank <= item < rank:
            raise ValueError(f"axis={item} out of bounds: expected {-rank}<=axis<{rank}")
        result.append(item % rank)
    return sorted(set(result), reverse=True)


def _ragged_reduce(op_name, rt, axis, keepdims):
    reduce_name = "Sum" if op_name == "Mean" else op_name
    if op_name in ("Any", "All") and rt.dtype != dtypes.bool_:
        raise TypeError(f"reduce_{op_name.lower()} of a RaggedTensor needs bool values, got {rt.dtype.name}")
    axes = _axes(axis, rt.shape.ndims)
    result = rt
    for item in axes:
        result = _reduce_axis(reduce_name, result, item)
    if op_name == "Mean":
        ones = rt.with_flat_values(wrap(torch.ones_like(rt.flat_values._t)))
        count = ones
        for item in axes:
            count = _reduce_axis("Sum", count, item)
        if type(result) is RaggedTensor:
            result = result.with_flat_values(wrap(truediv(result.flat_values._t, count.flat_values._t)))
        else:
            result = wrap(truediv(result._t, count._t))
    if keepdims:
        for item in sorted(axes):
            result = _expand(result, item)
    return result


COMPOSITE_REDUCERS[RaggedTensor] = _ragged_reduce
