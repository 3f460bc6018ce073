"""The tf.ragged functions of TF 1.15: constant, constant_value, range, the segment id conversions,
stack and boolean_mask."""

import numpy as np
import torch

from ...framework import dtypes
from ...framework.allocation import check_size
from ...framework.constant_op import constant as dense_constant
from ...framework.dtypes import as_dtype, dtype_of
from ...framework.errors import InvalidArgumentError, dtype_mismatch, invalid_argument
from ...framework.tensor import Tensor, convert, wrap
from ...registry import PARTIAL, export, unsupported
from ..array_ops import stack as dense_stack
from ..indexing_ops import boolean_mask as dense_boolean_mask
from .ragged_conversion import from_tensor
from .ragged_getitem import gather_rows
from .ragged_tensor import RaggedTensor, _build, concat, convert_values, is_ragged, rowids_of, splits_of_lengths
from .ragged_tensor_value import RaggedTensorValue


# --- constant, constant_value --------------------------------------------------------------------

def _is_scalar(item):
    return not isinstance(item, (list, tuple)) and np.ndim(item) == 0


def _depths(pylist):
    """(depth of the scalars or None when there are none, deepest nesting counting empty lists)."""
    if _is_scalar(pylist):
        return 0, 0
    scalar_depth, max_depth = None, 1
    for child in pylist:
        child_scalar, child_max = _depths(child)
        if child_scalar is not None:
            if scalar_depth is not None and scalar_depth != child_scalar + 1:
                raise ValueError("all scalar values must have the same nesting depth")
            scalar_depth = child_scalar + 1
        max_depth = max(max_depth, child_max + 1)
    return scalar_depth, max_depth


def _inner_shape_of(pylist, ragged_rank):
    """The uniform shape below ``ragged_rank`` ragged levels of ``pylist`` (checked to be uniform)."""
    items = pylist
    for level in range(ragged_rank):
        if not all(not _is_scalar(item) for item in items):
            raise ValueError(f"pylist has scalar values depth {level + 1}, but ragged_rank={ragged_rank} "
                             f"requires scalar value depth greater than {ragged_rank}")
        items = [child for item in items for child in item]

    def shape_of(item):
        if _is_scalar(item):
            return ()
        return (len(item),) + (shape_of(item[0]) if len(item) else ())

    def check(item, shape):
        if _is_scalar(item) == bool(shape):
            raise ValueError("inner values have inconsistent shape")
        if shape:
            if shape[0] != len(item):
                raise ValueError("inner values have inconsistent shape")
            for child in item:
                check(child, shape[1:])

    shape = shape_of(items)
    check(items, shape)
    return shape[1:]


def _constant_value(make_ragged, make_inner, pylist, dtype, ragged_rank, inner_shape):
    """TF's ragged constant algorithm, building with ``make_ragged(values, splits)`` and
    ``make_inner(pylist, dtype, shape)``."""
    if is_ragged(pylist):
        raise TypeError("pylist may not be a RaggedTensor or RaggedTensorValue.")
    if ragged_rank is not None and (not isinstance(ragged_rank, int) or isinstance(ragged_rank, bool)):
        raise TypeError(f"ragged_rank must be an int, got {ragged_rank!r}")
    if inner_shape is not None and (not isinstance(inner_shape, (list, tuple)) or not all(
            isinstance(size, int) and not isinstance(size, bool) for size in inner_shape)):
        raise TypeError(f"inner_shape must be a tuple of ints, got {inner_shape!r}")
    if _is_scalar(pylist):
        if ragged_rank is not None and ragged_rank != 0:
            raise ValueError(f"Invalid pylist={pylist!r}: incompatible with ragged_rank={ragged_rank}")
        if inner_shape:
            raise ValueError(f"Invalid pylist={pylist!r}: incompatible with dim(inner_shape)={len(inner_shape)}")
        return make_inner(pylist, dtype, ())
    if ragged_rank is not None and ragged_rank < 0:
        raise ValueError(f"Invalid ragged_rank={ragged_rank!r}: must be nonnegative")
    scalar_depth, max_depth = _depths(pylist)
    if scalar_depth is not None and max_depth > scalar_depth:
        raise ValueError(f"Invalid pylist={pylist!r}: empty list nesting is greater than scalar value nesting")
    if inner_shape is not None:
        inner_shape = tuple(inner_shape)
    if inner_shape is not None and ragged_rank is not None:
        expected = ragged_rank + len(inner_shape) + 1
        if (scalar_depth is not None and expected != scalar_depth) or (scalar_depth is None and expected < max_depth):
            raise ValueError(f"Invalid pylist={pylist!r}: incompatible with ragged_rank={ragged_rank} and "
                             f"dim(inner_shape)={len(inner_shape)}")
    if ragged_rank == 0 or (ragged_rank is None and (
            max_depth < 2 or (inner_shape is not None and max_depth - len(inner_shape) < 2))):
        return make_inner(pylist, dtype, inner_shape)
    if inner_shape is None:
        inner_shape = () if ragged_rank is None else _inner_shape_of(pylist, ragged_rank)
    if ragged_rank is None:
        ragged_rank = max(1, (max_depth if scalar_depth is None else scalar_depth - len(inner_shape)) - 1)
    nested_splits, values = [], list(pylist)
    for _ in range(ragged_rank):
        splits, flat = [0], []
        for row in values:
            if _is_scalar(row):
                raise ValueError("all scalar values must have the same nesting depth")
            splits.append(splits[-1] + len(row))
            flat.extend(row)
        nested_splits.append(splits)
        values = flat
    result = make_inner(values, dtype, (len(values),) + tuple(inner_shape))
    for splits in reversed(nested_splits):
        result = make_ragged(result, splits)
    return result


def _split_dtype(row_splits_dtype):
    dtype = as_dtype(row_splits_dtype)
    if dtype not in (dtypes.int32, dtypes.int64):
        raise ValueError("row_splits_dtype must be int32 or int64")
    return dtype


@export("ragged.constant")
def constant(pylist, dtype=None, ragged_rank=None, inner_shape=None, name=None, row_splits_dtype=dtypes.int64):
    """A RaggedTensor (or, with no ragged dimension, a Tensor) from a nested Python list."""
    split_dtype = _split_dtype(row_splits_dtype)

    def make_ragged(values, splits):
        return _build(values, torch.tensor(splits, dtype=split_dtype._torch, device=_device_of(values)))

    def make_inner(items, item_dtype, shape):
        return dense_constant(items, dtype=item_dtype, shape=shape)

    return _constant_value(make_ragged, make_inner, pylist, dtype, ragged_rank, inner_shape)


def _device_of(values):
    backing = values.flat_values._t if type(values) is RaggedTensor else values._t
    return torch.device("cpu") if type(backing) is np.ndarray else backing.device


@export("ragged.constant_value")
def constant_value(pylist, dtype=None, ragged_rank=None, inner_shape=None, row_splits_dtype="int64"):
    """A RaggedTensorValue (or, with no ragged dimension, an ndarray) from a nested Python list."""
    split_dtype = _split_dtype(row_splits_dtype)
    if dtype is not None and isinstance(dtype, dtypes.DType):
        dtype = dtype.as_numpy_dtype

    def make_ragged(values, splits):
        return RaggedTensorValue(values, np.array(splits, dtype=split_dtype.as_numpy_dtype))

    def make_inner(items, item_dtype, shape):
        array = np.array(items, dtype=item_dtype)
        return array if shape is None else np.reshape(array, shape)

    return _constant_value(make_ragged, make_inner, pylist, dtype, ragged_rank, inner_shape)


# --- range, segment ids ---------------------------------------------------------------------------

_RANGE_ORDER = (dtypes.int32, dtypes.int64, dtypes.float32, dtypes.float64)


@export("ragged.range")
def ragged_range(starts, limits=None, deltas=1, dtype=None, name=None, row_splits_dtype=dtypes.int64):
    """Row i is ``range(starts[i], limits[i], deltas[i])``; scalars broadcast against vectors."""
    split_dtype = _split_dtype(row_splits_dtype)
    if limits is None:
        starts, limits = 0, starts
    parts = [convert(value) if dtype is None else convert(value, as_dtype(dtype)) for value in (starts, limits, deltas)]
    if dtype is None:
        found = [dtype_of(part) for part in parts]
        if any(d not in _RANGE_ORDER for d in found):
            raise TypeError(f"Value passed to parameter 'starts' has DataType {found[0].name} not in list of "
                            "allowed values: bfloat16, float32, float64, int32, int64")
        widest = max(found, key=_RANGE_ORDER.index)
        parts = [part.to(widest._torch) for part in parts]
    elif as_dtype(dtype) not in _RANGE_ORDER:
        raise TypeError(f"Value passed to parameter 'starts' has DataType {as_dtype(dtype).name} not in list of "
                        "allowed values: bfloat16, float32, float64, int32, int64")
    for part in parts:
        if part.ndim > 1:
            raise invalid_argument("starts must be a scalar or vector", "RaggedRange")
    sizes = {part.shape[0] for part in parts if part.ndim == 1}
    if len(sizes) > 1:
        raise invalid_argument("starts, limits, and deltas must have the same shape", "RaggedRange")
    count = sizes.pop() if sizes else 1
    device = parts[0].device
    begin, end, step = (part.to(device).expand(count) for part in parts)
    if bool((step == 0).any()):
        raise invalid_argument("Requires delta != 0", "RaggedRange")
    if step.dtype.is_floating_point:
        if not all(bool(torch.isfinite(part).all()) for part in (begin, end, step)):
            raise invalid_argument("starts, limits and deltas must be finite", "RaggedRange")
        lengths = torch.ceil((end - begin) / step).clamp(min=0).long()
    else:
        span, stride = (end - begin).long(), step.long()
        lengths = torch.where((span > 0) == (stride > 0), (span.abs() + stride.abs() - 1) // stride.abs(),
                              torch.zeros_like(span)).clamp(min=0)
    check_size([int(lengths.sum())], "RaggedRange", begin.dtype)
    splits = splits_of_lengths(lengths, split_dtype._torch)
    rows = rowids_of(splits)
    offsets = torch.arange(rows.shape[0], device=device) - splits[:-1].long()[rows]
    values = begin[rows] + offsets.to(begin.dtype) * step[rows]
    return _build(wrap(values), splits)


@export("ragged.row_splits_to_segment_ids")
def row_splits_to_segment_ids(splits, name=None, out_type=None):
    """The segment id (row) of each value for the row splits ``splits``."""
    backing = convert(splits) if type(splits) is Tensor else convert(splits, dtypes.int64)
    if type(backing) is np.ndarray or backing.dtype not in (torch.int32, torch.int64):
        raise ValueError("splits must have dtype int32 or int64")
    if backing.ndim != 1:
        raise ValueError(f"Shape {list(backing.shape)} must have rank 1")
    if backing.shape[0] == 0:
        raise ValueError("splits may not be empty")
    target = backing.dtype if out_type is None else _split_dtype(out_type)._torch
    if backing.shape[0] and bool((backing[1:] < backing[:-1]).any()):
        raise invalid_argument("splits must be sorted in ascending order", "RowSplitsToSegmentIds")
    check_size([int(backing[-1] - backing[0])], "RowSplitsToSegmentIds", target)
    return wrap(rowids_of(backing).to(target))


@export("ragged.segment_ids_to_row_splits")
def segment_ids_to_row_splits(segment_ids, num_segments=None, out_type=None, name=None):
    """The row splits of the sorted ``segment_ids`` (``num_segments`` rows, default last id + 1)."""
    if out_type is None:
        if type(segment_ids) is Tensor:
            out_type = segment_ids.dtype
        elif type(num_segments) is Tensor:
            out_type = num_segments.dtype
        else:
            out_type = dtypes.int64
    target = _split_dtype(out_type)._torch
    ids = convert(segment_ids) if type(segment_ids) is Tensor else convert(segment_ids, dtypes.TORCH_TO_TF[target])
    if type(ids) is np.ndarray or ids.dtype not in (torch.int32, torch.int64):
        raise ValueError("segment_ids must have dtype int32 or int64")
    if ids.ndim != 1:
        raise ValueError(f"Shape {list(ids.shape)} must have rank 1")
    if bool((ids < 0).any()):
        raise invalid_argument("Input must be non-negative", "Bincount")
    count = int(ids.max()) + 1 if ids.shape[0] else 0
    if num_segments is not None:
        segments = convert(num_segments, dtypes.TORCH_TO_TF[target])
        if segments.ndim:
            raise ValueError(f"Shape {list(segments.shape)} must have rank 0")
        count = int(segments)
        if count < 0:
            raise invalid_argument(f"num_segments must be non-negative, got {count}", "Bincount")
    check_size([count + 1], "Bincount", target)
    lengths = torch.bincount(ids.long(), minlength=count)[:count]
    return wrap(splits_of_lengths(lengths, target))


# --- stack, boolean_mask --------------------------------------------------------------------------

def _raise_rank(rt, ragged_rank):
    """``rt`` with its outer uniform value dimensions turned ragged until it has ``ragged_rank``."""
    while rt.ragged_rank < ragged_rank:
        rt = rt.with_flat_values(from_tensor(rt.flat_values, None, None, 1, rt.row_splits.dtype))
    return rt


def _concat_rows(inputs):
    """The RaggedTensors ``inputs`` (one ragged rank, one dtype) concatenated along the outer dimension."""
    dtype = inputs[0].dtype
    for index, item in enumerate(inputs):
        if item.dtype != dtype:
            raise dtype_mismatch("ConcatV2", index, dtype, item.dtype)
        if type(item) is RaggedTensor and item.row_splits.dtype != inputs[0].row_splits.dtype:
            raise ValueError("Input RaggedTensors have mismatched row_splits dtypes; use "
                             "RaggedTensor.with_row_splits_dtype() to convert them to compatible dtypes.")
    if type(inputs[0]) is not RaggedTensor:
        shapes = {tuple(item._t.shape[1:]) for item in inputs}
        if len(shapes) > 1:
            raise invalid_argument("ConcatOp : Dimensions of inputs should match", "ConcatV2")
        return wrap(concat([item._t for item in inputs]))
    pieces, offset = [], 0
    for item in inputs:
        splits = item._row_splits._t
        pieces.append((splits[1:] if pieces else splits) + offset)
        offset += int(splits[-1])
    return _build(_concat_rows([item._values for item in inputs]), torch.cat(pieces))


@export("ragged.stack", status=PARTIAL, note="axis 0 and 1 (every TF 1.15 axis when no input is ragged).")
def stack(values, axis=0, name=None):
    """``values`` (RaggedTensors and Tensors of one rank) stacked along a new ``axis``."""
    if not isinstance(values, (list, tuple)):
        raise TypeError("values must be a list of tensors")
    if not values:
        raise ValueError("rt_inputs may not be empty.")
    items = [convert_values(value) for value in values]
    if not any(type(item) is RaggedTensor for item in items):
        return dense_stack(items, axis)
    rank = items[0].shape.ndims
    for item in items[1:]:
        if item.shape.ndims != rank:
            raise ValueError(f"Shape {item.shape} must have rank {rank}")
    if not isinstance(axis, int) or isinstance(axis, bool):
        raise TypeError("axis must be an int")
    if not -(rank + 1) <= axis <= rank:
        raise ValueError(f"axis={axis} out of bounds: expected {-(rank + 1)}<=axis<{rank + 1}")
    axis %= rank + 1
    split_dtype = next(item.row_splits.dtype for item in items if type(item) is RaggedTensor)
    items = [item if type(item) is RaggedTensor else from_tensor(item, None, None, 1, split_dtype)
             for item in items]
    ragged_rank = max(item.ragged_rank for item in items)
    items = [_raise_rank(item, ragged_rank) for item in items]
    joined = _concat_rows(items)
    device = joined._row_splits._t.device
    count = len(items)
    if axis == 0:
        nrows = [item._row_splits._t.shape[0] - 1 for item in items]
        return _build(joined, torch.tensor([0] + list(np.cumsum(nrows)), dtype=split_dtype._torch, device=device))
    if axis != 1:
        raise invalid_argument("tfcompat: tf.ragged.stack of ragged inputs supports axis 0 and 1 only",
                               "RaggedStack")
    nrows = {item._row_splits._t.shape[0] - 1 for item in items}
    if len(nrows) > 1:
        raise InvalidArgumentError(None, None, "Input tensors at index 0 (=x) and 1 (=y) have incompatible shapes.")
    rows = nrows.pop()
    order = torch.arange(count * rows, device=device).reshape(count, rows).t().reshape(-1)
    return _build(gather_rows(joined, order), torch.arange(0, count * rows + 1, count, dtype=split_dtype._torch,
                                                           device=device))


def _mask_operand(mask):
    is_value = type(mask) is Tensor or type(mask) is RaggedTensor or isinstance(mask, RaggedTensorValue)
    flags = convert_values(mask) if is_value else wrap(convert(mask, dtypes.bool_))
    if flags.dtype != dtypes.bool_:
        raise ValueError(f"mask.dtype={flags.dtype} is not bool")
    if flags.shape.ndims == 0:
        raise ValueError("mask.shape.ndims must be greater than 0")
    return flags


@export("ragged.boolean_mask")
def boolean_mask(data, mask, name=None):
    """``data`` with the entries where ``mask`` is False dropped; a mask of rank k keeps the outer k - 1
    dimensions, so the result is ragged in dimension k - 1."""
    flags = _mask_operand(mask)
    data = convert_values(data)
    rank = flags.shape.ndims
    if rank > data.shape.ndims:
        raise ValueError(f"Shapes {flags.shape} and {data.shape} are incompatible")
    if type(data) is not RaggedTensor and type(flags) is not RaggedTensor:
        if rank == 1:
            return dense_boolean_mask(data, flags)
        data = from_tensor(data, None, None, rank - 1, dtypes.int64)
    if type(flags) is not RaggedTensor and rank > 1:
        flags = from_tensor(flags, None, None, rank - 1, data.row_splits.dtype)
    if type(data) is not RaggedTensor:
        data = from_tensor(data, None, None, rank - 1, flags.row_splits.dtype)
    return _masked(data, flags)


def _masked(data, flags):
    if type(flags) is not RaggedTensor:  # rank 1: keep the outer rows where flags hold
        if flags._t.shape[0] != data.shape[0]:
            raise ValueError(f"Shapes {flags.shape} and {data.shape[:1]} are incompatible")
        index = torch.nonzero(flags._t.reshape(-1)).reshape(-1)
        return gather_rows(data, index)
    if type(data) is not RaggedTensor:
        raise ValueError(f"Shapes {flags.shape} and {data.shape} are incompatible")
    if data._row_splits._t.shape != flags._row_splits._t.shape or not bool(
            (data._row_splits._t.long() == flags._row_splits._t.long().to(data._row_splits._t.device)).all()):
        raise InvalidArgumentError(None, None, "Inputs must have identical ragged splits")
    if type(flags._values) is RaggedTensor:
        return data.with_values(_masked(data._values, flags._values))
    keep = flags._values._t
    rows = rowids_of(flags._row_splits._t)
    counts = torch.bincount(rows[keep.to(rows.device)], minlength=data._row_splits._t.shape[0] - 1)
    values = gather_rows(data._values, torch.nonzero(keep).reshape(-1))
    return _build(values, splits_of_lengths(counts, data._row_splits._t.dtype))



unsupported("ragged.placeholder", "a graph-mode placeholder; tfcompat runs TF 1.x eager code only.")
for _name in ("cross", "cross_hashed", "stack_dynamic_partitions"):
    unsupported(f"ragged.{_name}", "added in TF 2.x; TF 1.15's tf.ragged has no " + _name)
