"""Array manipulation ops: reshape, transpose, concat, stack, split, tile, pad ...

Every op works on numeric tensors (torch) and tf.string tensors (object ndarrays
of bytes) through one table of primitives, ``_lib(backing)``, instead of
per-op branches, which indexing_ops, sort_ops and clip_ops share.  Arguments TF
validates are validated here with TF's error class and message; where torch
itself detects a bad input, the TF message is worked out only after torch has
failed, so valid calls pay nothing for it.
"""

import builtins
from types import SimpleNamespace

import numpy as np
import torch

from ..framework import dtypes
from ..framework.errors import attr_error, invalid_argument
from ..framework.kernel_dtypes import GATHER_INDICES, INDEX, INDEX_DTYPES, dtypes_in
from ..framework.tensor import Tensor, convert, dtype_mismatch, dtype_of, is_tensor, translate_error, wrap
from ..framework.tensor_shape import Dimension, TensorShape, shape_text
from ..registry import export
from .arguments import (
    attr_int, check_size, deprecated_argument_lookup, int_arg, int_vector, is_int_list, matching, numel, python_int,
    scalar_int, shape_dims, static_shape)

_full_slice = builtins.slice(None)
_GATHER_INDICES = dtypes_in(GATHER_INDICES)


# --- one table of primitives for torch tensors and string (object ndarray) tensors -------------

def _np_take(array, index, dim):
    return np.take(array, index, axis=dim)


def _np_unbind(array, dim):
    lead = (_full_slice,) * dim
    return [array[lead + (i, Ellipsis)] for i in builtins.range(array.shape[dim])]


def _np_split(array, sizes, dim):
    return np.split(array, np.cumsum(sizes)[:-1], axis=dim)


def _np_unique(array):
    return np.unique(array, return_index=True, return_inverse=True, return_counts=True)


def _torch_take(tensor, index, dim):
    return torch.index_select(tensor, dim, torch.as_tensor(index, device=tensor.device))


def _torch_unique(tensor):
    values, inverse, counts = torch.unique(tensor, sorted=True, return_inverse=True, return_counts=True)
    count = tensor.shape[0]
    first = torch.full((values.shape[0],), count, dtype=torch.int64, device=tensor.device)
    first.scatter_reduce_(0, inverse, torch.arange(count, device=tensor.device), "amin")
    return values, first, inverse, counts


def _torch_meshgrid(*tensors, indexing):
    return [grid.contiguous() for grid in torch.meshgrid(*tensors, indexing=indexing)]


_TORCH = SimpleNamespace(
    cat=torch.cat, stack=torch.stack, permute=torch.permute, flip=torch.flip, tile=torch.tile,
    unsqueeze=torch.unsqueeze, squeeze=torch.squeeze, broadcast_to=torch.broadcast_to, roll=torch.roll,
    unbind=torch.unbind, split=torch.split, take=_torch_take, unique=_torch_unique, argsort=torch.argsort,
    meshgrid=_torch_meshgrid, where=torch.where, movedim=torch.movedim,
    take_along=lambda tensor, index, dim: torch.gather(tensor, dim, index.to(tensor.device)),
    isin=torch.isin, flatnonzero=lambda mask: mask.nonzero().reshape(-1),
    index=lambda index: index,
    zeros=lambda like, shape: torch.zeros(shape, dtype=like.dtype, device=like.device),
)
_NUMPY = SimpleNamespace(
    cat=np.concatenate, stack=np.stack, permute=np.transpose, flip=np.flip, tile=np.tile,
    unsqueeze=np.expand_dims, squeeze=np.squeeze, broadcast_to=np.broadcast_to, roll=np.roll,
    unbind=_np_unbind, split=_np_split, take=_np_take, unique=_np_unique, argsort=np.argsort,
    meshgrid=np.meshgrid, where=np.where, movedim=np.moveaxis,
    take_along=lambda array, index, dim: np.take_along_axis(array, index, dim),
    isin=np.isin, flatnonzero=np.flatnonzero,
    index=lambda index: index.cpu().numpy(),
    zeros=lambda like, shape: np.full(shape, b"", dtype=object),
)


def _lib(backing):
    return _NUMPY if type(backing) is np.ndarray else _TORCH


_SIGNED = {torch.uint16: torch.int16, torch.uint32: torch.int32, torch.uint64: torch.int64}


def _on_signed(error, op, compute, *args):
    """``compute(*args)`` again with the tensors of the first argument's dtype viewed as signed
    integers of the same width: torch lacks flip/index/scatter kernels for uint16/32/64, and
    moving (or modular adding of) bits does not depend on the sign.  TF's error for other dtypes."""
    first = args[0]
    signed = _SIGNED.get(first.dtype) if type(first) is torch.Tensor else None
    if signed is None:
        raise translate_error(error, op, first) from None
    dtype = first.dtype
    result = compute(*(a.view(signed) if type(a) is torch.Tensor and a.dtype == dtype else a for a in args))
    return result.view(dtype) if type(result) is torch.Tensor and result.dtype == signed else result


def _result(value):
    """A Tensor for a primitive's result (NumPy indexing may hand back a bare bytes scalar)."""
    if type(value) is torch.Tensor or type(value) is np.ndarray:
        return wrap(value)
    return wrap(np.array(value, dtype=object))


def _numeric(backing, op):
    if type(backing) is np.ndarray:
        raise invalid_argument(f"{op} is not defined for string tensors", op)
    return backing


def _indices(value, op, attr="Tindices"):
    backing = convert(value)
    if type(backing) is np.ndarray or backing.dtype not in _GATHER_INDICES:
        raise attr_error(op, attr, dtype_of(backing), GATHER_INDICES)
    return backing if backing.dtype is not torch.int16 else backing.long()


def _position(flat, shape):
    """TF's "[i,j]" for the ``flat``-th element of an array of ``shape``."""
    if not shape:
        return ""
    return shape_text(np.unravel_index(flat, tuple(shape)))


def _first_true(mask):
    return int(mask.reshape(-1).nonzero()[0])


def _axis(axis, rank, op, message):
    """``axis`` normalized to [0, rank); ``message`` words the out-of-range error."""
    if not -rank <= axis < rank:
        raise invalid_argument(message.format(axis=axis, rank=rank), op)
    return axis + rank if axis < 0 else axis


def _operand(value, dtype, op, index):
    """``value`` as a ``dtype`` operand of a binary op (a tensor of another dtype is TF's error)."""
    backing = convert(value) if is_tensor(value) else convert(value, dtype)
    if dtype_of(backing) is not dtype:
        raise dtype_mismatch(op, index, dtype, dtype_of(backing))
    return backing


# --- shape manipulation ----------------------------------------------------------------------------

def _reshape_check(backing, dims):
    unknown = None
    product = 1
    for index, size in enumerate(dims):
        if size == -1:
            if unknown is not None:
                raise invalid_argument(f"Only one input size may be -1, not both {unknown} and {index}", "Reshape")
            unknown = index
        elif size < 0:
            raise invalid_argument(f"Size {index} must be non-negative, not {size}", "Reshape")
        else:
            product *= size
    if product >= 2 ** 63:
        raise invalid_argument(f"Shape [{', '.join(map(str, dims))}] has too many elements", "Reshape")
    count = numel(backing)
    if unknown is None and product != count:
        raise invalid_argument(f"Input to reshape is a tensor with {count} values, but the requested "
                               f"shape has {product}", "Reshape")
    if unknown is not None and product == 0:
        raise invalid_argument("Reshape cannot infer the missing input size for an empty tensor unless "
                               "all specified input sizes are non-zero", "Reshape")
    if unknown is not None and count % product:
        raise invalid_argument(f"Input to reshape is a tensor with {count} values, but the requested "
                               f"shape requires a multiple of {product}", "Reshape")


@export("reshape", "manip.reshape")
def reshape(tensor, shape, name=None):
    """tf.reshape: one -1 is inferred; the element count must match."""
    backing = convert(tensor)
    kind = type(shape)
    if (kind is list or kind is tuple) and all(type(d) is int and -1 <= d <= 2 ** 62 for d in shape):
        dims = shape
    else:
        dims = int_vector(shape, "Reshape", "Tshape", lambda s: f"sizes input must be 1-D, not {shape_text(s)}")
    if type(backing) is np.ndarray:
        _reshape_check(backing, dims)
    try:
        return wrap(backing.reshape(dims))
    except (RuntimeError, ValueError) as error:
        _reshape_check(backing, dims)
        raise translate_error(error, "Reshape", backing) from None


def _perm_error(dims, rank):
    if len(dims) != rank:
        return invalid_argument(f"transpose expects a vector of size {rank}. But input(1) is a vector of "
                                f"size {len(dims)}", "Transpose")
    for d in dims:
        if not -rank <= d < rank:
            return invalid_argument(f"{d} is out of range [0 .. {rank})", "Transpose")
    missing = min(set(builtins.range(rank)) - {d % rank for d in dims})
    return invalid_argument(f"{missing} is missing from {{{','.join(map(str, dims))}}}.", "Transpose")


@export("transpose")
def transpose(a, perm=None, name="transpose", conjugate=False):
    """tf.transpose: ``perm`` defaults to reversing the dimensions; ``conjugate`` for complex."""
    backing = convert(a)
    rank = len(backing.shape)
    if perm is None:
        dims = list(builtins.range(rank - 1, -1, -1))
    else:
        dims = int_vector(perm, "Transpose", "Tperm", lambda s: f"perm must be rank 1, got shape {shape_text(s)}")
    try:
        result = _lib(backing).permute(backing, dims)
    except (RuntimeError, ValueError, IndexError):
        raise _perm_error(dims, rank) from None
    if conjugate and type(result) is torch.Tensor and result.is_complex():
        result = torch.conj_physical(result)
    return wrap(result)


@export("expand_dims")
def expand_dims(input, axis=None, name=None, dim=None):  # noqa: A002 - TF's argument name
    """Insert a size-1 dimension at ``axis`` (``dim`` is its deprecated name)."""
    axis = deprecated_argument_lookup("axis", axis, "dim", dim)
    if axis is None:
        raise ValueError("Must specify an axis argument to tf.expand_dims()")
    backing = convert(input)
    if type(axis) is not int:
        axis = scalar_int(axis, "ExpandDims", "Tdim", "'dim' must be a tensor with a single value")
    rank = len(backing.shape)
    if not -rank - 1 <= axis <= rank:
        raise invalid_argument(f"Tried to expand dim index {axis} for tensor with {rank} dimensions.", "ExpandDims")
    return wrap(_lib(backing).unsqueeze(backing, axis))


@export("squeeze")
def squeeze(input, axis=None, name=None, squeeze_dims=None):  # noqa: A002
    """Remove size-1 dimensions (all of them, or those in ``axis``)."""
    axis = deprecated_argument_lookup("axis", axis, "squeeze_dims", squeeze_dims)
    backing = convert(input)
    lib = _lib(backing)
    if axis is None:
        return wrap(lib.squeeze(backing))
    axes = int_arg(axis, "Squeeze", "squeeze_dims")
    axes = [axes] if type(axes) is int else list(np.ravel(axes))
    if not axes:
        return wrap(lib.squeeze(backing))
    shape = backing.shape
    rank = len(shape)
    dims = []
    for requested in axes:
        d = _axis(attr_int(requested, "squeeze_dims", "Squeeze"), rank, "Squeeze",
                  "Tried to squeeze dim index {axis} for tensor with {rank} dimensions.")
        if shape[d] != 1:
            raise invalid_argument(f"Can not squeeze dim[{d}], expected a dimension of 1, got {shape[d]}", "Squeeze")
        if d not in dims:
            dims.append(d)
    return wrap(lib.squeeze(backing, tuple(dims)))


def _concat_error(backings, axis):
    first = backings[0]
    rank = first.ndim
    if rank == 0:
        return invalid_argument("ConcatOp : Can't concatenate scalars (use tf.stack instead)", "ConcatV2")
    if not -rank <= axis < rank:
        return invalid_argument(f"ConcatOp : Expected concatenating dimensions in the range [{-rank}, {rank}), "
                                f"but got {axis}", "ConcatV2")
    for index, backing in enumerate(backings[1:], 1):
        pair = f"shape[0] = {shape_text(first.shape)} vs. shape[{index}] = {shape_text(backing.shape)}"
        if backing.ndim != rank:
            return invalid_argument(f"ConcatOp : Ranks of all input tensors should match: {pair}", "ConcatV2")
        for d, (a, b) in enumerate(zip(first.shape, backing.shape)):
            if a != b and d != axis % rank:
                return invalid_argument(f"ConcatOp : Dimension {d} in both shapes must be equal: {pair}", "ConcatV2")
    return invalid_argument("ConcatOp : inputs could not be concatenated: " + ", ".join(
        shape_text(b.shape) for b in backings), "ConcatV2")


@export("concat")
def concat(values, axis, name="concat"):
    """Join tensors along ``axis`` (all inputs share the first tensor's dtype)."""
    if not isinstance(values, (list, tuple)):
        values = [values]
    if len(values) == 1:
        if type(axis) is not int:  # TF checks the axis anyway: convert_to_tensor(axis, int32), a scalar
            axis = convert(axis, dtypes.int32)  # (catches TF 0.x's concat(axis, values) order)
            if axis.ndim:
                raise ValueError(f"Shape {TensorShape._from_sizes(axis.shape)} must have rank 0")
        return wrap(convert(values[0]))
    if not values:
        raise invalid_argument("Value for attr 'N' of 0 must be at least minimum 2", "ConcatV2")
    backings = matching(values, "ConcatV2")
    if type(axis) is not int:
        axis = scalar_int(axis, "ConcatV2", "Tidx",
                          "Concat dim tensor should be a scalar integer, but got shape {shape}")
    rank = backings[0].ndim
    if rank == 0 or any(b.ndim != rank for b in backings):
        raise _concat_error(backings, axis)
    try:
        return wrap(_lib(backings[0]).cat(backings, axis))
    except (RuntimeError, IndexError, ValueError, TypeError):
        raise _concat_error(backings, axis) from None


@export("stack")
def stack(values, axis=0, name="stack"):
    """Pack rank-R tensors into one rank-(R+1) tensor along ``axis``."""
    if type(axis) is not int:
        axis = python_int(axis, "Pack", "axis")
    if axis == 0 and not (len(values) and type(values[0]) is Tensor) and not any(is_tensor(v) for v in values):
        try:  # a constant nested list converts as a whole, like TF
            return wrap(convert(values))
        except (TypeError, ValueError):
            pass
    backings = matching(values, "Pack")
    if not backings:
        raise ValueError("tf.stack needs at least one value to stack along a nonzero axis")
    rank = backings[0].ndim + 1
    if not -rank <= axis < rank:
        raise ValueError(f"axis = {axis} not in [{-rank}, {rank})")
    first = backings[0].shape
    for index, backing in enumerate(backings):
        if backing.shape != first:
            raise invalid_argument(f"Shapes of all inputs must match: values[0].shape = {shape_text(first)} != "
                                   f"values[{index}].shape = {shape_text(backing.shape)}", "Pack")
    return wrap(_lib(backings[0]).stack(backings, axis))


@export("parallel_stack")
def parallel_stack(values, name="parallel_stack"):
    raise RuntimeError("tf.parallel_stack() is not compatible with eager execution.")


@export("unstack")
def unstack(value, num=None, axis=0, name="unstack"):
    """Split ``value`` along ``axis`` into a list of rank-(R-1) tensors."""
    backing = convert(value)
    shape = backing.shape
    rank = len(shape)
    axis = attr_int(axis, "axis", "Unpack")
    if num is not None:
        num = attr_int(num, "num", "Unpack", minimum=0)
    if not -rank <= axis < rank:
        if num is None:
            raise ValueError(f"axis = {axis} not in [{-rank}, {rank})")
        raise invalid_argument(f"axis = {axis} not in [{-rank}, {rank})", "Unpack")
    axis = axis + rank if axis < 0 else axis
    if num is not None and num != shape[axis]:
        raise invalid_argument(f"Input shape axis {axis} must equal {num}, got shape {shape_text(shape)}", "Unpack")
    return [wrap(part) for part in _lib(backing).unbind(backing, axis)]


def _split_sizes(sizes, total):
    """TF's SplitV checks, in TF's order, on the sizes; the one -1 becomes what is left."""
    if len(sizes) == 1 and sizes[0] != total:
        raise invalid_argument(f"If there is only one output, it must have the same size as the input. Input size: "
                               f"{total} output size: {sizes[0]}", "SplitV")
    unknown = [i for i, s in enumerate(sizes) if s == -1]
    if len(unknown) > 1:
        raise invalid_argument("There can only be one -1 in the input.", "SplitV")
    known = sum(s for s in sizes if s != -1)
    if known > total or (not unknown and known != total):
        raise invalid_argument("Determined shape must either match input shape along split_dim exactly if "
                               "fully specified, or be less than the size of the input along split_dim if "
                               f"not fully specified.  Got: {known}", "SplitV")
    if unknown:
        sizes[unknown[0]] = total - known
    for index, size in enumerate(sizes):
        if size < 0:
            raise invalid_argument(f"Split size at index {index} must be >= 0. Got: {size}", "SplitV")
    return sizes


def _split_axis(axis, op):
    """The split_dim input: Split wants a scalar, SplitV one element of any shape."""
    if type(axis) is int:
        return axis
    backing = convert(axis) if is_tensor(axis) else convert(axis, dtypes.int32)
    if type(backing) is np.ndarray or backing.dtype is not torch.int32:
        raise dtype_mismatch(op, 0 if op == "Split" else 2, dtypes.int32, dtype_of(backing))
    if op == "Split" and backing.ndim:
        raise invalid_argument(f"split_dim must be a scalar but has rank {backing.ndim}", op)
    if numel(backing) != 1:
        raise invalid_argument("split_dim_tensor must have exactly one element.", op)
    return int(backing.reshape(-1)[0])


@export("split")
def split(value, num_or_size_splits, axis=0, num=None, name="split"):
    """Split into ``num_or_size_splits`` equal parts, or parts of the given sizes (one may be -1)."""
    backing = convert(value)
    rank = len(backing.shape)
    if type(num_or_size_splits) is int or isinstance(num_or_size_splits, Dimension):
        op = "Split"
        count = int(num_or_size_splits)
        if count < 1:
            raise invalid_argument(f"Value for attr 'num_split' of {count} must be at least minimum 1", op)
    else:
        op = "SplitV"
        if type(num_or_size_splits) in (list, tuple) and not num_or_size_splits:  # converts to float32
            raise attr_error(op, "Tlen", dtypes.float32, INDEX)
        sizes = int_arg(num_or_size_splits, op, "Tlen")
        if type(sizes) is int:
            raise ValueError("Rank-0 tensors are not supported as the num_or_size_splits argument to split. "
                             f"Argument provided: {num_or_size_splits!s}")
        if num is None:
            num = len(sizes)
        if not is_int_list(sizes) or len(sizes) != num:
            raise invalid_argument(f"size of the split_tensor must be 1-D and have the same elements as outputs "
                                   f"got {len(np.shape(sizes))} -D and {np.size(sizes)} elements", op)
    axis = _split_axis(axis, op)
    axis = _axis(axis, rank, op, "-input rank(-{rank}) <= split_dim < input rank ({rank}), but got {axis}")
    total = backing.shape[axis]
    if op == "Split":
        if total % count:
            raise invalid_argument(f"Number of ways to split should evenly divide the split dimension, but got "
                                   f"split_dim {axis} (size = {total}) and num_split {count}", op)
        sizes = [total // count] * count
    else:
        sizes = _split_sizes(sizes, total)
    return [wrap(part) for part in _lib(backing).split(backing, sizes, axis)]


@export("tile", "manip.tile")
def tile(input, multiples, name=None):  # noqa: A002
    """Repeat ``input`` ``multiples[i]`` times along dimension i."""
    backing = convert(input)
    rank = len(backing.shape)
    reps = int_arg(multiples, "Tile", "Tmultiples")
    if not is_int_list(reps):
        raise invalid_argument(f"Expected multiples to be 1-D, but got shape {shape_text(np.shape(reps))}", "Tile")
    if len(reps) != rank:
        raise invalid_argument(f"Expected multiples argument to be a vector of length {rank} but got length "
                               f"{len(reps)}", "Tile")
    for index, count in enumerate(reps):
        if count < 0:
            raise invalid_argument(f"Expected multiples[{index}] >= 0, but got {count}", "Tile")
    check_size([size * count for size, count in zip(backing.shape, reps)], "Tile",
               None if type(backing) is np.ndarray else backing.dtype)
    return wrap(_lib(backing).tile(backing, reps))


@export("broadcast_to")
def broadcast_to(input, shape, name=None):  # noqa: A002
    """``input`` broadcast to ``shape`` by NumPy's rules."""
    backing = convert(input)
    dims = shape_dims(shape, "BroadcastTo", "Tidx")
    try:
        return wrap(_lib(backing).broadcast_to(backing, dims))
    except (RuntimeError, ValueError):
        raise invalid_argument(f"Incompatible shapes: {shape_text(backing.shape)} vs. {shape_text(dims)}",
                               "BroadcastTo") from None


@export("reverse", "reverse_v2", "manip.reverse")
def reverse(tensor, axis, name=None):
    """Reverse the dimensions listed in ``axis`` (TF 1.x's ReverseV2)."""
    backing = convert(tensor)
    axes = int_arg(axis, "ReverseV2", "Tidx")
    if not is_int_list(axes):
        raise invalid_argument(f"'dims' must be 1-dimension, not {len(np.shape(axes))}", "ReverseV2")
    rank = len(backing.shape)
    dims = []
    for index, requested in enumerate(axes):
        d = requested + rank if requested < 0 else requested
        if not 0 <= d < rank:
            raise invalid_argument(f"'axis'[{index}] = {requested} is out of valid range [0, {rank - 1}", "ReverseV2")
        if d in dims:
            raise invalid_argument(f"axis {d} specified more than once.", "ReverseV2")
        dims.append(d)
    flip = _lib(backing).flip
    try:
        return wrap(flip(backing, dims))
    except RuntimeError as error:  # a dtype torch cannot flip (uint16 ...)
        return wrap(_on_signed(error, "ReverseV2", flip, backing, dims))


@export("reverse_sequence")
def reverse_sequence(input, seq_lengths, seq_axis=None, batch_axis=None, name=None, seq_dim=None,  # noqa: A002
                     batch_dim=None):
    """Reverse the first ``seq_lengths[b]`` entries along ``seq_axis`` of each batch entry b."""
    seq_axis = deprecated_argument_lookup("seq_axis", seq_axis, "seq_dim", seq_dim)
    batch_axis = deprecated_argument_lookup("batch_axis", batch_axis, "batch_dim", batch_dim)
    batch_axis = 0 if batch_axis is None else batch_axis
    if seq_axis is None:
        raise TypeError("reverse_sequence() missing the required argument 'seq_axis'")
    values = convert(input)
    lengths = convert(seq_lengths)
    if type(lengths) is np.ndarray or lengths.dtype not in INDEX_DTYPES:
        raise attr_error("ReverseSequence", "Tlen", dtype_of(lengths))
    rank = len(values.shape)
    if batch_axis == seq_axis:
        raise invalid_argument(f"batch_dim == seq_dim == {seq_axis}", "ReverseSequence")
    for what, axis in (("seq_dim", seq_axis), ("batch_dim", batch_axis)):
        if not 0 <= axis < rank:
            raise invalid_argument(f"{what} must be < input rank ( {axis} vs. {rank})", "ReverseSequence")
    if lengths.ndim != 1:
        raise invalid_argument(f"seq_lengths must be 1-dim, not {lengths.ndim}", "ReverseSequence")
    if lengths.shape[0] != values.shape[batch_axis]:
        raise invalid_argument(f"Length of seq_lengths != input.dims({batch_axis}), ({lengths.shape[0]} vs. "
                               f"{values.shape[batch_axis]})", "ReverseSequence")
    steps = values.shape[seq_axis]
    low, high = (int(v) for v in torch.aminmax(lengths)) if numel(lengths) else (0, 0)
    if low < 0 or high > steps:
        bad = int(((lengths < 0) | (lengths > steps)).nonzero()[0])
        sign = "<" if lengths[bad] < 0 else ">"
        raise invalid_argument(f"seq_lens({bad}) {sign} {'0' if sign == '<' else f'input.dims({seq_axis})'}",
                               "ReverseSequence")
    positions = torch.arange(steps, device=lengths.device)
    counts = lengths.long().unsqueeze(1)
    source = torch.where(positions < counts, counts - 1 - positions, positions)  # [batch, steps]
    layout = [1] * rank
    layout[batch_axis], layout[seq_axis] = values.shape[batch_axis], steps
    index = (source if batch_axis < seq_axis else source.T).reshape(layout)
    lib = _lib(values)
    index = lib.index(index.expand(values.shape))
    try:
        return _result(lib.take_along(values, index, seq_axis))
    except RuntimeError as error:
        return wrap(_on_signed(error, "ReverseSequence", lib.take_along, values, index, seq_axis))


@export("roll", "manip.roll")
def roll(input, shift, axis, name=None):  # noqa: A002
    """Rotate elements by ``shift`` along ``axis`` (shifts on a repeated axis add up)."""
    backing = convert(input)
    shifts = int_arg(shift, "Roll", "Tshift")
    axes = int_arg(axis, "Roll", "Taxis")
    shifts = [shifts] if type(shifts) is int else shifts
    axes = [axes] if type(axes) is int else axes
    if len(shifts) != len(axes):
        raise invalid_argument("shift and axis must have the same size", "Roll")
    rank = len(backing.shape)
    total = {}
    for amount, requested in zip(shifts, axes):
        d = requested + rank if requested < 0 else requested
        if not 0 <= d < rank:
            raise invalid_argument(f"axis {requested} is out of range", "Roll")
        total[d] = total.get(d, 0) + amount
    if not total:
        return wrap(backing)
    return wrap(_lib(backing).roll(backing, tuple(total.values()), tuple(total)))


def _space_depth_input(input, block_size, data_format, op):
    backing = convert(input)
    if len(backing.shape) != 4:
        raise invalid_argument(f"Input rank should be 4 instead of {len(backing.shape)}", op)
    block = attr_int(block_size, "block_size", op)
    if block < 2:
        raise invalid_argument(f"Value for attr 'block_size' of {block} must be at least minimum 2", op)
    if data_format not in ("NHWC", "NCHW"):
        raise invalid_argument(f"Value for attr 'data_format' of \"{data_format}\" is not in the list of allowed "
                               "values: \"NHWC\", \"NCHW\"", op)
    if data_format == "NCHW":
        n, c, h, w = backing.shape
    else:
        n, h, w, c = backing.shape
    return backing, block, data_format == "NCHW", (n, h, w, c)


@export("space_to_depth", "nn.space_to_depth")
def space_to_depth(input, block_size, name=None, data_format="NHWC"):  # noqa: A002
    """Move ``block_size`` x ``block_size`` spatial blocks into the depth dimension."""
    backing, b, nchw, (n, h, w, c) = _space_depth_input(input, block_size, data_format, "SpaceToDepth")
    if h % b or w % b:
        raise invalid_argument(f"Image width {w} and height {h} should be divisible by block_size: {b}", "SpaceToDepth")
    permute = _lib(backing).permute
    if nchw:
        blocks = permute(backing.reshape(n, c, h // b, b, w // b, b), (0, 3, 5, 1, 2, 4))
        return wrap(blocks.reshape(n, b * b * c, h // b, w // b))
    blocks = permute(backing.reshape(n, h // b, b, w // b, b, c), (0, 1, 3, 2, 4, 5))
    return wrap(blocks.reshape(n, h // b, w // b, b * b * c))


@export("depth_to_space", "nn.depth_to_space")
def depth_to_space(input, block_size, name=None, data_format="NHWC"):  # noqa: A002
    """Move depth into ``block_size`` x ``block_size`` spatial blocks (inverse of space_to_depth)."""
    backing, b, nchw, (n, h, w, c) = _space_depth_input(input, block_size, data_format, "DepthToSpace")
    if c % (b * b):
        raise invalid_argument(f"Input depth dimension {c} should be divisible by: {b * b}", "DepthToSpace")
    depth = c // (b * b)
    permute = _lib(backing).permute
    if nchw:
        blocks = permute(backing.reshape(n, b, b, depth, h, w), (0, 3, 4, 1, 5, 2))
        return wrap(blocks.reshape(n, depth, h * b, w * b))
    blocks = permute(backing.reshape(n, h, w, b, b, depth), (0, 1, 3, 2, 4, 5))
    return wrap(blocks.reshape(n, h * b, w * b, depth))


@export("meshgrid")
def meshgrid(*args, **kwargs):
    """Coordinate grids from 1-D inputs, 'xy' (Cartesian, default) or 'ij' (matrix) indexing."""
    indexing = kwargs.pop("indexing", "xy")
    kwargs.pop("name", None)
    if kwargs:
        raise TypeError(f"'{next(iter(kwargs))}' is an invalid keyword argument for this function")
    if indexing not in ("xy", "ij"):
        raise ValueError("indexing parameter must be either 'xy' or 'ij'")
    if not args:
        return []
    backings = [convert(arg) for arg in args]
    first = dtype_of(backings[0])
    for backing in backings[1:]:
        if dtype_of(backing) is not first:
            raise dtype_mismatch("Mul", 1, dtype_of(backing), first)
    flat = [backing.reshape(-1) for backing in backings]
    return [wrap(grid) for grid in _lib(flat[0]).meshgrid(*flat, indexing=indexing)]


# --- padding -----------------------------------------------------------------------------------

_PAD_MODES = ("CONSTANT", "REFLECT", "SYMMETRIC")


def _pad_fill(backing, constant_values):
    """The fill value of a CONSTANT pad as a Python scalar (TF's Pad fills with the dtype's zero)."""
    dtype = dtype_of(backing)
    if type(constant_values) is int and constant_values == 0:
        return b"" if dtype is dtypes.string else 0
    fill = convert(constant_values) if is_tensor(constant_values) else convert(constant_values, dtype)
    if dtype_of(fill) is not dtype:
        raise dtype_mismatch("PadV2", 2, dtype, dtype_of(fill))
    if fill.shape:
        raise invalid_argument(f"constant_values must be a scalar. Shape of constant_values: "
                               f"{shape_text(fill.shape)}", "PadV2")
    return fill.item()


def _pad_constant(backing, pads, constant_values):
    fill = _pad_fill(backing, constant_values)
    if type(backing) is torch.Tensor and not backing.is_complex():
        return torch.nn.functional.pad(backing, [n for pair in reversed(pads) for n in pair], value=fill)
    shape = [size + before + after for size, (before, after) in zip(backing.shape, pads)]
    if type(backing) is np.ndarray:
        result = np.full(shape, fill, dtype=object)
    else:
        result = torch.full(shape, fill, dtype=backing.dtype, device=backing.device)
    result[tuple(builtins.slice(before, before + size) for size, (before, _) in zip(backing.shape, pads))] = backing
    return result


def _mirror_index(size, before, after, offset):
    """Source positions of a mirror-padded dimension (offset 1: REFLECT, 0: SYMMETRIC)."""
    return (list(builtins.range(before - 1 + offset, offset - 1, -1)) + list(builtins.range(size))
            + list(builtins.range(size - 1 - offset, size - 1 - offset - after, -1)))


@export("pad")
def pad(tensor, paddings, mode="CONSTANT", name=None, constant_values=0):
    """tf.pad: CONSTANT, REFLECT (edge not repeated) or SYMMETRIC (edge repeated), any case."""
    upper = mode.upper() if isinstance(mode, str) else mode
    if upper not in _PAD_MODES:
        raise ValueError('Value of argument `mode` expected to be one of "CONSTANT", "REFLECT", or "SYMMETRIC". '
                         f"Received `mode` = {mode}")
    op = "Pad" if upper == "CONSTANT" else "MirrorPad"
    backing = convert(tensor)
    shape = backing.shape
    rank = len(shape)
    pads = int_arg(paddings, op, "Tpaddings")
    layout = np.shape(pads)
    if not (rank == 0 and pads == []):
        if len(layout) != 2 or layout[1] != 2:
            raise invalid_argument(f"paddings must be a matrix with 2 columns: {shape_text(layout)}", op)
        if layout[0] != rank:
            raise invalid_argument(f"The first dimension of paddings must be the rank of inputs"
                                   f"{shape_text(layout)} {shape_text(shape)}", op)
    for before, after in pads:
        if before < 0 or after < 0:
            raise invalid_argument(f"Paddings must be non-negative: {before} {after}", op)
    check_size([size + before + after for size, (before, after) in zip(shape, pads)], op,
               None if type(backing) is np.ndarray else backing.dtype)
    if upper == "CONSTANT":
        return wrap(_pad_constant(backing, pads, constant_values))
    offset = 1 if upper == "REFLECT" else 0
    for dim, (before, after) in enumerate(pads):
        size = shape[dim]
        if offset and (before >= size or after >= size):
            raise invalid_argument(f"paddings must be less than the dimension size: {before}, {after} not less "
                                   f"than {size}", op)
        if before > size or after > size:
            raise invalid_argument(f"paddings must be no greater than the dimension size: {before}, {after} "
                                   f"greater than {size}", op)
    try:
        return wrap(_mirror_pad(backing, pads, offset))
    except RuntimeError as error:
        return wrap(_on_signed(error, op, _mirror_pad, backing, pads, offset))


def _mirror_pad(backing, pads, offset):
    take = _lib(backing).take
    for dim, (before, after) in enumerate(pads):
        if before or after:
            backing = take(backing, _mirror_index(backing.shape[dim], before, after, offset), dim)
    return backing


# --- static shape helpers ------------------------------------------------------------------------

@export("ensure_shape")
def ensure_shape(x, shape, name=None):
    """``x`` unchanged when its shape is compatible with ``shape`` (None entries match anything)."""
    backing = convert(x)
    expected = static_shape(shape)
    actual = TensorShape._from_sizes(backing.shape)
    if not actual.is_compatible_with(expected):
        wanted = ("<unknown>" if expected.dims is None
                  else shape_text("?" if d is None else d for d in expected.as_list()))
        raise invalid_argument(f"Shape of tensor input {shape_text(backing.shape)} is not compatible with expected "
                               f"shape {wanted}.", "EnsureShape")
    return wrap(backing)


def _broadcast_dim(a, b):
    if a is None:
        return None if b is None or b == 1 else b
    if b is None:
        return None if a == 1 else a
    if a == 1 or a == b:
        return b
    if b == 1:
        return a
    raise ValueError


def _broadcast_lists(a, b):
    """NumPy's broadcast of two shapes given as lists (None: unknown); ValueError if incompatible."""
    width = max(len(a), len(b))
    a, b = [1] * (width - len(a)) + a, [1] * (width - len(b)) + b
    return [_broadcast_dim(p, q) for p, q in zip(a, b)]


def _broadcast_shape(a, b, op):
    """The broadcast of the sizes ``a`` and ``b``; TF's "Incompatible shapes" error for ``op`` otherwise."""
    try:
        return _broadcast_lists(list(a), list(b))
    except ValueError:
        raise invalid_argument(f"Incompatible shapes: {shape_text(a)} vs. {shape_text(b)}", op) from None


@export("broadcast_static_shape")
def broadcast_static_shape(shape_x, shape_y):
    """The TensorShape of broadcasting ``shape_x`` against ``shape_y``."""
    x, y = static_shape(shape_x), static_shape(shape_y)
    if x.dims is None or y.dims is None:
        return TensorShape(None)
    try:
        return TensorShape(_broadcast_lists(x.as_list(), y.as_list()))
    except ValueError:
        raise ValueError(f"Incompatible shapes for broadcasting: {x} and {y}") from None


@export("broadcast_dynamic_shape")
def broadcast_dynamic_shape(shape_x, shape_y):
    """The broadcast shape of two 1-D shape tensors, as a tensor."""
    x, y = matching([shape_x, shape_y], "BroadcastArgs")
    if type(x) is np.ndarray or x.dtype not in INDEX_DTYPES:
        raise attr_error("BroadcastArgs", "T", dtype_of(x))
    result = _broadcast_shape(x.tolist(), y.tolist(), "BroadcastArgs")
    return wrap(torch.tensor(result, dtype=x.dtype, device=x.device))


__all__ = ["reshape", "transpose", "expand_dims", "squeeze", "concat", "stack", "unstack", "split", "tile", "pad",
           "reverse", "meshgrid", "space_to_depth", "depth_to_space", "broadcast_to", "roll"]
