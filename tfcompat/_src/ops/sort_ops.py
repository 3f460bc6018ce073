"""Sorting and partitioning ops: sort, argsort, searchsorted, dynamic_partition, dynamic_stitch (see array_ops)."""

import builtins

import torch

from ..framework import dtypes
from ..framework.dtypes import as_dtype
from ..framework.errors import invalid_argument
from ..framework.tensor import convert, dtype_mismatch, dtype_of, is_tensor, translate_error, wrap
from ..framework.tensor_shape import shape_text
from ..registry import export
from .arguments import attr_int, list_input, matching, numel
from .array_ops import _axis, _first_true, _lib, _numeric, _on_signed, _operand, _position, _result


# --- sorting, partitioning -------------------------------------------------------------------------

_DIRECTIONS = {"ASCENDING": False, "DESCENDING": True}


def _sorted(values, axis, direction):
    if direction not in _DIRECTIONS:
        raise ValueError(f"{direction} should be one of ASCENDING, DESCENDING")
    backing = _numeric(convert(values), "TopKV2")
    if not (type(axis) is int or (is_tensor(axis) and convert(axis).ndim == 0)):
        raise ValueError("axis must be a constant scalar")
    rank = len(backing.shape)
    axis = _axis(int(axis), rank, "TopKV2", "axis {axis} is out of range for a tensor of rank {rank}")
    try:
        return torch.sort(backing, dim=axis, descending=_DIRECTIONS[direction], stable=True)
    except RuntimeError as error:
        raise translate_error(error, "TopKV2", backing) from None


@export("sort")
def sort(values, axis=-1, direction="ASCENDING", name=None):
    """The values sorted along ``axis`` (ties keep their order)."""
    return wrap(_sorted(values, axis, direction)[0])


@export("argsort")
def argsort(values, axis=-1, direction="ASCENDING", stable=False, name=None):
    """int32 indices that sort ``values`` along ``axis`` (a stable sort, as TF's is in practice)."""
    return wrap(_sorted(values, axis, direction)[1].to(torch.int32))


@export("searchsorted")
def searchsorted(sorted_sequence, values, side="left", out_type=dtypes.int32, name=None):
    """Insertion points of ``values`` into the innermost dimension of ``sorted_sequence``."""
    if side not in ("left", "right"):
        raise ValueError(f"side must be either 'right' or 'left'.  Saw: {side}.")
    op = "LowerBound" if side == "left" else "UpperBound"
    sequence, queries = _numeric(convert(sorted_sequence), op), _numeric(convert(values), op)
    if sequence.dtype != queries.dtype:
        raise dtype_mismatch(op, 1, dtype_of(sequence), dtype_of(queries))
    out_type = as_dtype(out_type)
    try:
        result = torch.searchsorted(sequence, queries, right=side == "right")
    except RuntimeError:
        raise invalid_argument(f"Leading dim_size of both tensors must match: {shape_text(sequence.shape)} vs. "
                               f"{shape_text(queries.shape)}", op) from None
    return wrap(result.to(out_type._torch))


@export("dynamic_partition")
def dynamic_partition(data, partitions, num_partitions, name=None):
    """``num_partitions`` tensors: partition i holds the slices of ``data`` whose ``partitions`` entry is i."""
    values = convert(data)
    parts = _operand(partitions, dtypes.int32, "DynamicPartition", 1)
    num_partitions = attr_int(num_partitions, "num_partitions", "DynamicPartition", minimum=1)
    if list(values.shape[:parts.ndim]) != list(parts.shape):
        raise invalid_argument(f"data.shape must start with partitions.shape, got data.shape = "
                               f"{shape_text(values.shape)}, partitions.shape = {shape_text(parts.shape)}",
                               "DynamicPartition")
    if numel(parts):
        bad = (parts < 0) | (parts >= num_partitions)
        if bool(bad.any()):
            flat = _first_true(bad)
            raise invalid_argument(f"partitions{_position(flat, parts.shape)} = {parts.reshape(-1)[flat].item()} "
                                   f"is not in [0, {num_partitions})", "DynamicPartition")
    lib = _lib(values)
    return [_result(values[lib.index(parts == i)]) for i in builtins.range(num_partitions)]


@export("dynamic_stitch")
def dynamic_stitch(indices, data, name=None):
    """Interleave ``data`` so that ``merged[indices[m][i]] = data[m][i]`` (later entries win)."""
    indices = list_input(indices, "indices", "dynamic_stitch", "DynamicStitch")
    data = list_input(data, "data", "dynamic_stitch", "DynamicStitch")
    if len(indices) != len(data):
        raise ValueError(f"List argument 'data' to 'DynamicStitch' Op with length {len(data)} must match "
                         f"length {len(indices)} of argument 'indices'.")
    positions = [_operand(index, dtypes.int32, "DynamicStitch", m) for m, index in enumerate(indices)]
    values = matching(data, "DynamicStitch")
    inner = list(values[0].shape[positions[0].ndim:])
    for index, (where, backing) in enumerate(zip(positions, values)):
        if list(backing.shape) != list(where.shape) + inner:
            raise invalid_argument(f"data[{index}].shape = {shape_text(backing.shape)} does not start with "
                                   f"indices[{index}].shape = {shape_text(where.shape)}", "DynamicStitch")
    for where in positions:
        if numel(where) and bool((where < 0).any()):
            raise invalid_argument(f"indices[{_first_true(where < 0)}] is out of range", "DynamicStitch")
    lib = _lib(values[0])
    flat_index = torch.cat([p.reshape(-1).long() for p in positions])
    flat_data = lib.cat([v.reshape([-1] + inner) for v in values])
    size = int(flat_index.max()) + 1 if numel(flat_index) else 0
    last = torch.full((size,), -1, dtype=torch.int64, device=flat_index.device)
    last.scatter_reduce_(0, flat_index, torch.arange(flat_index.shape[0], device=flat_index.device), "amax")
    merged = lib.zeros(flat_data, [size] + inner)
    filled = last >= 0
    targets, sources = lib.index(filled), lib.index(last[filled])
    try:
        return wrap(_stitch(merged, flat_data, targets, sources))
    except RuntimeError as error:
        return wrap(_on_signed(error, "DynamicStitch", _stitch, merged, flat_data, targets, sources))


def _stitch(merged, flat_data, targets, sources):
    merged[targets] = flat_data[sources]
    return merged
