"""Indexing ops: slice and strided_slice, gathers and scatters, one_hot, sequence_mask and unique (see array_ops)."""

import builtins
import collections
import collections.abc
import math

import numpy as np
import torch

from ..framework import context, dtypes
from ..framework.dtypes import as_dtype
from ..framework.errors import attr_error, invalid_argument
from ..framework.kernel_dtypes import INDEX_DTYPES, ONE_HOT_INDICES, dtypes_in
from ..framework.tensor import _slice, convert, dtype_mismatch, dtype_of, is_tensor, translate_error, wrap
from ..framework.tensor_shape import TensorShape, shape_text
from ..eager.op_gradients import no_registered_gradient
from ..eager.recording import record_gather
from ..registry import export
from . import creation_ops as _creation
from .arguments import check_size, int_arg, is_int_list, matching, numel, python_int, scalar_int, shape_dims
from .array_ops import (
    _NUMPY, _SIGNED, _TORCH, _axis, _first_true, _full_slice, _indices, _lib, _numeric, _on_signed, _position,
    _result)

_state = context.state

_ONE_HOT_INDICES = dtypes_in(ONE_HOT_INDICES)


# --- slicing ------------------------------------------------------------------------------------

@export("slice")
def slice_(input_, begin, size, name=None):
    """tf.slice: ``size[i]`` elements from ``begin[i]`` (-1: all the rest)."""
    backing = convert(input_)
    shape = backing.shape
    rank = len(shape)
    starts = int_arg(begin, "Slice", "Index")
    sizes = int_arg(size, "Slice", "Index")
    if not (is_int_list(starts) and is_int_list(sizes)) or len(starts) != rank or len(sizes) != rank:
        raise invalid_argument(f"Expected begin and size arguments to be 1-D tensors of size {rank}, but got "
                               f"shapes {shape_text(np.shape(starts))} and {shape_text(np.shape(sizes))} instead.",
                               "Slice")
    key = []
    for index, (start, count) in enumerate(zip(starts, sizes)):
        dim = shape[index]
        if count == -1:
            count = dim - start
        if not 0 <= start <= dim:
            raise invalid_argument(f"Expected begin[{index}] in [0, {dim}], but got {start}", "Slice")
        if not 0 <= count <= dim - start:
            raise invalid_argument(f"Expected size[{index}] in [0, {dim - start}], but got {count}", "Slice")
        key.append(builtins.slice(start, start + count))
    return wrap(backing[tuple(key)])


@export("strided_slice")
def strided_slice(input_, begin, end, strides=None, begin_mask=0, end_mask=0, ellipsis_mask=0,
                  new_axis_mask=0, shrink_axis_mask=0, var=None, name=None):
    """TF's StridedSlice: Python slicing spelled as begin/end/strides vectors and bit masks."""
    backing = convert(input_)
    starts = int_arg(begin, "StridedSlice", "Index")
    stops = int_arg(end, "StridedSlice", "Index")
    if strides is None:
        steps = [1] * len(starts) if type(starts) is list else starts
    else:
        steps = int_arg(strides, "StridedSlice", "Index")
    if not (is_int_list(starts) and is_int_list(stops) and is_int_list(steps)) or \
            not len(starts) == len(stops) == len(steps):
        raise invalid_argument("Expected begin, end, and strides to be 1D equal size tensors, but got shapes "
                               f"{shape_text(np.shape(starts))}, {shape_text(np.shape(stops))}, and "
                               f"{shape_text(np.shape(steps))} instead.", "StridedSlice")
    if bin(ellipsis_mask).count("1") > 1:
        raise invalid_argument("Multiple ellipses in slice spec not allowed", "StridedSlice")
    key = []
    for index, (start, stop, step) in enumerate(zip(starts, stops, steps)):
        bit = 1 << index
        if ellipsis_mask & bit:
            key.append(Ellipsis)
        elif new_axis_mask & bit:
            key.append(None)
        elif step == 0:
            raise invalid_argument(f"strides[{index}] must be non-zero", "StridedSlice")
        elif shrink_axis_mask & bit:
            key.append(start)
        else:
            key.append(builtins.slice(None if begin_mask & bit else start, None if end_mask & bit else stop, step))
    try:
        return _slice(wrap(backing), tuple(key))
    except RuntimeError as error:  # torch cannot flip uint16/32/64
        return wrap(_on_signed(error, "StridedSlice", _sliced, backing, tuple(key)))


def _sliced(backing, key):
    return _slice(wrap(backing), key)._t


@export("boolean_mask")
def boolean_mask(tensor, mask, name="boolean_mask", axis=None):
    """The entries of ``tensor`` where ``mask`` is true (mask covers dims axis .. axis+rank(mask))."""
    values = convert(tensor)
    flags = convert(mask)
    mask_rank = len(flags.shape)
    if mask_rank == 0:
        raise ValueError("mask cannot be scalar.")
    axis = 0 if axis is None else python_int(axis, "BooleanMask", "axis")
    covered = TensorShape._from_sizes(values.shape)[axis:axis + mask_rank]
    if not covered.is_compatible_with(TensorShape._from_sizes(flags.shape)):
        raise ValueError(f"Shapes {covered} and {TensorShape._from_sizes(flags.shape)} are incompatible")
    flags = _numeric(flags, "Where")
    if flags.dtype is not torch.bool:
        flags = flags != 0
    if axis < 0:
        axis += len(values.shape)
    lib = _lib(values)
    return _result(values[(_full_slice,) * axis + (lib.index(flags),)])


# --- gathers and scatters --------------------------------------------------------------------

def _check_gather_bounds(indices, size, op):
    if not numel(indices):
        return
    low, high = torch.aminmax(indices)
    if low.item() < 0 or high.item() >= size:
        bad = (indices < 0) | (indices >= size)
        flat = _first_true(bad)
        raise invalid_argument(f"indices{_position(flat, indices.shape)} = {indices.reshape(-1)[flat].item()} "
                               f"is not in [0, {size})", op)


def _batch_key(lib, params, indices, batch_dims, axis, index):
    """An advanced-indexing key gathering ``index`` along ``axis`` per batch entry."""
    out_rank = axis + indices.ndim - batch_dims
    key = []
    for dim in builtins.range(axis):
        layout = [1] * out_rank
        layout[dim] = params.shape[dim]
        positions = torch.arange(params.shape[dim], device=indices.device).reshape(layout)
        key.append(lib.index(positions))
    layout = list(indices.shape[:batch_dims]) + [1] * (axis - batch_dims) + list(indices.shape[batch_dims:])
    key.append(index.reshape(layout))
    return tuple(key)


def _check_batch_dims(params, indices, batch_dims, op):
    for dim in builtins.range(batch_dims):
        if params.shape[dim] != indices.shape[dim]:
            raise invalid_argument(f"params.shape[{dim}]: {params.shape[dim]} should be equal to "
                                   f"indices.shape[{dim}]: {indices.shape[dim]}", op)


@export("gather")
def gather(params, indices, validate_indices=None, name=None, axis=None, batch_dims=0):
    """Slices of ``params`` along ``axis`` at ``indices`` (out-of-range indices are an error, like TF on CPU)."""
    values = convert(params)
    index = _indices(indices, "GatherV2")
    rank = len(values.shape)
    if batch_dims is None:
        batch_dims = 0
    if axis is None:
        axis = batch_dims
    elif type(axis) is not int:
        axis = scalar_int(axis, "GatherV2", "Taxis", "axis must be scalar, but got shape {shape}")
    if rank == 0:
        raise invalid_argument("params must be at least 1 dimensional", "GatherV2")
    if axis >= rank:
        raise invalid_argument(f"Shape must be at least rank {axis + 1} but is rank {rank}", "GatherV2")
    axis = _axis(axis, rank, "GatherV2", "Expected axis in the range [-{rank}, {rank}), but got {axis}")
    if batch_dims < 0:
        batch_dims += index.ndim
    if batch_dims:
        if not 0 <= batch_dims <= index.ndim:
            raise invalid_argument(f"Expected batch_dims in the range [{-index.ndim}, {index.ndim}], but got "
                                   f"{batch_dims}", "GatherV2")
        if batch_dims > axis:
            raise invalid_argument(f"batch_dims ({batch_dims}) must be less than or equal to axis ({axis}).",
                                   "GatherV2")
        _check_batch_dims(values, index, batch_dims, "GatherV2")
    _check_gather_bounds(index, values.shape[axis], "GatherV2")
    lib = _lib(values)
    if batch_dims:
        return _result(values[_batch_key(lib, values, index, batch_dims, axis, lib.index(index))])
    if lib is _NUMPY:
        return _result(values[(_full_slice,) * axis + (lib.index(index),)])
    shape = list(values.shape)
    flat = index.reshape(-1).to(values.device)
    try:
        picked = torch.index_select(values, axis, flat)
    except RuntimeError as error:
        picked = _on_signed(error, "GatherV2", torch.index_select, values, axis, flat)
    if axis == 0 and values.requires_grad and _state.tapes:
        record_gather(values, flat, picked)
    return wrap(picked.reshape(shape[:axis] + list(index.shape) + shape[axis + 1:]))


@export("batch_gather")
def batch_gather(params, indices, name=None):
    """Deprecated TF 1.x batch gather: tf.gather with batch_dims = rank(indices) - 1."""
    batch_dims = len(convert(indices).shape) - 1
    return gather(params, indices, axis=batch_dims, batch_dims=batch_dims)


def _index_tuples(indices, limits, what, op):
    """Check each innermost index vector of ``indices`` against ``limits``; return them unbound."""
    if numel(indices):
        bounds = torch.tensor(limits, dtype=indices.dtype, device=indices.device)
        bad = ((indices < 0) | (indices >= bounds)).any(-1)
        if bool(bad.any()):
            flat = _first_true(bad)
            vector = ", ".join(map(str, indices.reshape(-1, len(limits))[flat].tolist()))
            raise invalid_argument(f"indices{_position(flat, indices.shape[:-1])} = [{vector}] does not index into "
                                   f"{what}", op)
    return indices.unbind(-1)


@export("gather_nd", "manip.gather_nd")
def gather_nd(params, indices, name=None, batch_dims=0, bad_indices_policy=""):
    """Slices of ``params`` at the index vectors in the innermost dimension of ``indices``."""
    values = convert(params)
    index = _indices(indices, "GatherNd")
    if index.ndim == 0:
        raise invalid_argument("indices must be at least a vector", "GatherNd")
    depth = index.shape[-1]
    rank = len(values.shape)
    if depth > rank - batch_dims:
        raise invalid_argument(f"index innermost dimension length must be <= params rank; saw: {depth} vs. "
                               f"{rank - batch_dims}", "GatherNd")
    _check_batch_dims(values, index, batch_dims, "GatherNd")
    if not numel(values) and math.prod(index.shape[:-1]):
        raise invalid_argument(f"Requested more than 0 entries, but params is empty.  Params shape: "
                               f"{shape_text(values.shape)}", "GatherNd")
    vectors = _index_tuples(index, values.shape[batch_dims:batch_dims + depth],
                            f"param shape {shape_text(values.shape)}, node name: GatherNd", "GatherNd")
    lib = _lib(values)
    outer = index.shape[:-1]
    if depth == 0:  # every index vector selects all of params (per batch entry)
        lead, rest = list(values.shape[:batch_dims]), list(values.shape[batch_dims:])
        middle = list(outer[batch_dims:])
        expanded = values.reshape(lead + [1] * len(middle) + rest)
        return _result(lib.broadcast_to(expanded, lead + middle + rest))
    key = []
    for dim in builtins.range(batch_dims):
        layout = [1] * len(outer)
        layout[dim] = values.shape[dim]
        key.append(lib.index(torch.arange(values.shape[dim], device=index.device).reshape(layout)))
    key.extend(lib.index(v) for v in vectors)
    if lib is not _NUMPY and values.requires_grad and _state.tapes and index.ndim == 2 and depth == 1 \
            and not batch_dims:  # rows of params: TF's gradient is an IndexedSlices, as for gather
        picked = torch.index_select(values, 0, key[0].reshape(-1))
        record_gather(values, key[0].reshape(-1), picked)
        return wrap(picked)
    return _result(values[tuple(key)])


def _scatter_key(indices, updates, shape, op, input_name):
    """The validated index tuple of a scatter of ``updates`` into a tensor of ``shape``."""
    index = _indices(indices, op)
    if index.ndim == 0:
        raise invalid_argument("Indices shape must have rank at least one.", op)
    depth = index.shape[-1]
    outer = list(index.shape[:-1])
    if depth > len(shape) or depth == 0:
        raise invalid_argument(f"Index innermost dimension length must be <= output rank and > 0; saw: {depth} "
                               f"vs. {len(shape)}", op)
    updates_shape = list(updates.shape)
    if updates_shape[:len(outer)] != outer:
        raise invalid_argument(f"Dimensions [0,{len(outer)}) of indices[shape={shape_text(index.shape)}] must match "
                               f"dimensions [0,{len(outer)}) of updates[shape={shape_text(updates_shape)}]", op)
    if updates_shape[len(outer):] != list(shape[depth:]):
        raise invalid_argument(f"Dimensions [{depth},{len(shape)}) of {input_name}[shape={shape_text(shape)}] must "
                               f"match dimensions [{len(outer)},{len(updates_shape)}) of updates"
                               f"[shape={shape_text(updates_shape)}]", op)
    return _index_tuples(index, list(shape[:depth]), f"shape {shape_text(shape)}", op)


@export("scatter_nd", "manip.scatter_nd")
def scatter_nd(indices, updates, shape, bad_indices_policy="", name=None):
    """A zero tensor of ``shape`` with ``updates`` added at ``indices`` (duplicates sum; strings concatenate)."""
    values = convert(updates)
    dims = shape_dims(shape, "ScatterNd", "Tindices")
    lib = _lib(values)
    if not math.prod(dims):  # nothing to write into: only empty indices and updates are fine
        index = _indices(indices, "ScatterNd")
        if numel(index) or numel(values):
            raise invalid_argument(f"Indices and updates specified for empty output.  indices shape: "
                                   f"{shape_text(index.shape)}", "ScatterNd")
        return wrap(lib.zeros(values, dims))
    key = _scatter_key(indices, values, dims, "ScatterNd", "input")
    base = lib.zeros(values, dims)
    if lib is _NUMPY:
        np.add.at(base, tuple(k.cpu().numpy() for k in key), values)
        return wrap(base)
    try:
        return wrap(base.index_put_(key, values, accumulate=True))
    except RuntimeError as error:
        return wrap(_on_signed(error, "ScatterNd", _put, base, key, values, True))


def _put(base, key, values, accumulate):
    return base.index_put_(key, values, accumulate=accumulate)


def _tensor_scatter(tensor, indices, updates, op, accumulate, sign=1):
    base = _numeric(convert(tensor), op)
    values = convert(updates) if is_tensor(updates) else convert(updates, dtype_of(base))
    if dtype_of(values) is not dtype_of(base):
        raise dtype_mismatch(op, 2, dtype_of(base), dtype_of(values))
    key = _scatter_key(indices, values, list(base.shape), op, "tensor")
    base = base.clone()
    try:
        return wrap(_put(base, key, values if sign > 0 else -values, accumulate))
    except RuntimeError as error:
        if sign < 0 and base.dtype in _SIGNED:  # -values wraps around, as in TF's unsigned arithmetic
            return wrap(_on_signed(error, op, lambda b, v: _put(b, key, -v, accumulate), base, values))
        return wrap(_on_signed(error, op, _put, base, key, values, accumulate))


@export("tensor_scatter_nd_update", "tensor_scatter_update")
def tensor_scatter_nd_update(tensor, indices, updates, name=None):
    """A copy of ``tensor`` with ``updates`` written at ``indices``."""
    return _tensor_scatter(tensor, indices, updates, "TensorScatterUpdate", False)


@export("tensor_scatter_nd_add", "tensor_scatter_add")
def tensor_scatter_nd_add(tensor, indices, updates, bad_indices_policy="", name=None):
    """A copy of ``tensor`` with ``updates`` added at ``indices``."""
    return _tensor_scatter(tensor, indices, updates, "TensorScatterAdd", True)


@export("tensor_scatter_nd_sub", "tensor_scatter_sub")
def tensor_scatter_nd_sub(tensor, indices, updates, bad_indices_policy="", name=None):
    """A copy of ``tensor`` with ``updates`` subtracted at ``indices``."""
    return _tensor_scatter(tensor, indices, updates, "TensorScatterSub", True, -1)


@export("unravel_index")
def unravel_index(indices, dims, name=None):
    """Flat indices -> coordinate arrays for an array of shape ``dims`` (C order)."""
    flat, sizes = matching([indices, dims], "UnravelIndex")
    if type(flat) is np.ndarray or flat.dtype not in INDEX_DTYPES:
        raise attr_error("UnravelIndex", "Tidx", dtype_of(flat))
    if flat.ndim > 1:
        raise invalid_argument(f'The indices can only be scalar or vector, got "{shape_text(flat.shape)}"',
                               "UnravelIndex")
    if sizes.ndim != 1:
        raise invalid_argument(f'The indices can only be 1-D, got "{shape_text(sizes.shape)}"', "UnravelIndex")
    extents = sizes.tolist()
    if 0 in extents:
        raise invalid_argument(f"Input dims cannot contain a dim of zero, but dims contains zero at index "
                               f"{extents.index(0)}", "UnravelIndex")
    if numel(flat) and bool((flat >= int(np.prod(extents))).any()):
        raise invalid_argument("index is out of bound as with dims", "UnravelIndex")
    coordinates = []
    remainder = flat
    for extent in reversed(extents):
        coordinates.append(torch.fmod(remainder, extent))
        remainder = torch.div(remainder, extent, rounding_mode="trunc")
    return wrap(torch.stack(coordinates[::-1]))


# --- one_hot, sequence_mask, unique -----------------------------------------------------------

def _hot_value(value, dtype, what):
    """on_value/off_value as TF 1.x reads them: converted on their own, then held to ``dtype``."""
    if value is None:
        return None
    backing = convert(value)
    if dtype is not None and dtype_of(backing) is not dtype:
        raise TypeError(f"dtype {dtype_of(backing)} of {what} does not match dtype parameter {dtype}")
    return backing


@export("one_hot")
def one_hot(indices, depth, on_value=None, off_value=None, axis=None, dtype=None, name=None):
    """One-hot rows (``on_value`` at the index, ``off_value`` elsewhere; out-of-range rows are all off)."""
    index = convert(indices)
    if type(index) is np.ndarray or index.dtype not in _ONE_HOT_INDICES:
        raise attr_error("OneHot", "TI", dtype_of(index), ONE_HOT_INDICES)
    depth = scalar_int(depth, "OneHot", "depth", "depth must be a scalar, but got: {shape}")
    if depth < 0:
        raise invalid_argument(f"depth must be non-negative, got: {depth}", "OneHot")
    dtype = None if dtype is None else as_dtype(dtype)
    on = _hot_value(on_value, dtype, "on_value")
    off = _hot_value(off_value, dtype, "off_value")
    rank = index.ndim + 1
    axis = -1 if axis is None else axis
    if axis != -1 and not 0 <= axis < rank:
        raise invalid_argument(f"Expected axis to be -1 or between [0, {rank}).  But received: {axis}", "OneHot")
    check_size([*index.shape, depth], "OneHot", (dtype or dtypes.float32)._torch)
    hot = index.unsqueeze(-1) == torch.arange(depth, device=index.device)
    if on is None and off is None and (dtype is None or dtype._kind in "iufc"):
        result = hot.to((dtype or dtypes.float32)._torch)  # the default on/off values are 1 and 0
        return wrap(result if axis == -1 else result.movedim(-1, axis))
    if dtype is None:
        dtype = dtype_of(on) if on is not None else dtype_of(off) if off is not None else dtypes.float32
    on = convert(1, dtype) if on is None else on
    off = convert(0, dtype) if off is None else off
    if dtype_of(on) is not dtype_of(off):
        raise TypeError(f"dtype {dtype_of(on)} of on_value does not match dtype {dtype_of(off)} of off_value")
    for backing, what in ((on, "on_value"), (off, "off_value")):
        if backing.shape:
            raise invalid_argument(f"{what} must be a scalar, but got: {shape_text(backing.shape)}", "OneHot")
    lib = _lib(on)
    if lib is _TORCH:
        on, off = on.to(index.device), off.to(index.device)
    result = lib.where(lib.index(hot), on, off)
    if lib is _TORCH and result.requires_grad:
        result = result.detach()  # TF registers OneHot as not differentiable
    return wrap(result if axis == -1 else lib.movedim(result, -1, axis))


@export("sequence_mask")
def sequence_mask(lengths, maxlen=None, dtype=dtypes.bool_, name=None):
    """``mask[..., j] = j < lengths[...]`` for j in range(maxlen) (default: max(lengths))."""
    lengths = _numeric(convert(lengths), "SequenceMask")
    if maxlen is None:
        try:
            limit = lengths.max() if numel(lengths) else torch.zeros((), dtype=lengths.dtype, device=lengths.device)
            limit = torch.clamp(limit, min=0)
        except RuntimeError as error:
            raise translate_error(error, "Max", lengths) from None
    else:
        limit = _numeric(convert(maxlen), "SequenceMask")
        if limit.ndim != 0:
            raise ValueError("maxlen must be scalar for sequence_mask")
    limit_dtype = dtype_of(limit)
    row = _creation.range_(0, wrap(limit), 1, dtype=limit_dtype)._t
    result = row < lengths.unsqueeze(-1).to(limit.dtype)
    dtype = as_dtype(dtype)
    return wrap(result if dtype is dtypes.bool_ else result.to(dtype._torch))


Unique = collections.namedtuple("Unique", ["y", "idx"])
UniqueWithCounts = collections.namedtuple("UniqueWithCounts", ["y", "idx", "count"])


def _unique(x, out_idx, op):
    backing = convert(x)
    index_dtype = as_dtype(out_idx)
    if index_dtype is not dtypes.int32 and index_dtype is not dtypes.int64:
        raise attr_error(op, "out_idx", index_dtype)
    if len(backing.shape) != 1:
        raise invalid_argument("unique expects a 1D vector.", op)
    lib = _lib(backing)
    try:
        values, first, inverse, counts = lib.unique(backing)
    except RuntimeError as error:  # complex values have no order
        raise translate_error(error, op, backing) from None
    order = lib.argsort(first)  # TF lists values in order of first appearance
    rank = lib.argsort(order)
    device = context.current_device() if lib is _NUMPY else backing.device
    as_index = lambda v: torch.as_tensor(v, device=device).to(index_dtype._torch)  # noqa: E731
    return (wrap(no_registered_gradient(op, values[order])), wrap(as_index(rank[inverse])),
            wrap(as_index(counts[order])))


@export("unique")
def unique(x, out_idx=dtypes.int32, name=None):
    """(y, idx): the distinct values of 1-D ``x`` in order of appearance, and each entry's position in y."""
    y, idx, _ = _unique(x, out_idx, "Unique")
    return Unique(y, idx)


@export("unique_with_counts")
def unique_with_counts(x, out_idx=dtypes.int32, name=None):
    """(y, idx, count): tf.unique plus how often each value occurs."""
    return UniqueWithCounts(*_unique(x, out_idx, "UniqueWithCounts"))


ListDiff = collections.namedtuple("ListDiff", ["out", "idx"])


def _absent(values, excluded):
    return torch.isin(values, excluded, invert=True)


@export("setdiff1d")
def setdiff1d(x, y, index_dtype=dtypes.int32, name=None):
    """(out, idx): the entries of 1-D ``x`` that are not in ``y``, in order, and their positions in x."""
    first, second = matching([x, y], "ListDiff")
    index_dtype = as_dtype(index_dtype)
    if index_dtype is not dtypes.int32 and index_dtype is not dtypes.int64:
        raise attr_error("ListDiff", "out_idx", index_dtype)
    for backing, what in ((first, "x"), (second, "y")):
        if backing.ndim != 1:
            raise invalid_argument(f"{what} should be a 1D vector.", "ListDiff")
    lib = _lib(first)
    try:
        absent = lib.isin(first, second, invert=True)
    except RuntimeError as error:
        absent = _on_signed(error, "ListDiff", _absent, first, second)
    except TypeError as error:
        raise translate_error(error, "ListDiff", first, second) from None
    positions = lib.flatnonzero(absent)
    device = first.device if lib is _TORCH else context.current_device()
    indices = torch.as_tensor(positions, device=device).to(index_dtype._torch)
    return ListDiff(wrap(no_registered_gradient("ListDiff", first[positions])), wrap(indices))


@export("invert_permutation", "math.invert_permutation")
def invert_permutation(x, name=None):
    """The inverse of the permutation ``x``: ``y[x[i]] = i``."""
    permutation = convert(x, dtypes.int32) if isinstance(x, list) and not x else convert(x)
    if type(permutation) is np.ndarray or permutation.dtype not in INDEX_DTYPES:
        raise attr_error("InvertPermutation", "T", dtype_of(permutation))
    if permutation.ndim != 1:
        raise invalid_argument("invert_permutation expects a 1D vector.", "InvertPermutation")
    size = permutation.shape[0]
    for index, value in enumerate(permutation.tolist()):  # TF reports the first bad entry
        if not 0 <= value < size:
            raise invalid_argument(f"{value} is not between 0 and {size}", "InvertPermutation")
    counts = torch.bincount(permutation.long(), minlength=size)
    if size and bool((counts > 1).any()):
        raise invalid_argument(f"{_first_true(counts > 1)} is duplicated in the input.", "InvertPermutation")
    inverse = torch.empty_like(permutation)
    inverse[permutation.long()] = torch.arange(size, dtype=permutation.dtype, device=permutation.device)
    return wrap(inverse)


__all__ = ["gather", "gather_nd", "slice_", "strided_slice", "boolean_mask", "one_hot", "sequence_mask", "unique",
           "unique_with_counts", "scatter_nd", "unravel_index", "Unique", "UniqueWithCounts"]
