"""Array manipulation ops: reshape, transpose, concat, gather, pad, strided_slice ...

Every op works on numeric tensors (torch) and tf.string tensors (object ndarrays
of bytes) through one table of primitives, ``_lib(backing)``, instead of
per-op branches.  Arguments TF validates are validated here with TF's error
class and message; where torch itself detects a bad input, the TF message is
worked out only after torch has failed, so valid calls pay nothing for it.
"""

import builtins
import collections
import collections.abc
import math
from types import SimpleNamespace

import numpy as np
import torch

from ..framework import context, dtypes
from ..framework.dtypes import as_dtype
from ..framework.errors import attr_error, invalid_argument
from ..framework.kernel_dtypes import (FLOAT, GATHER_INDICES, INDEX, INDEX_DTYPES, NN_FLOAT, ONE_HOT_INDICES,
                                      dtypes_in)
from ..framework.tensor import (Tensor, _slice, binary_operands, convert, dtype_mismatch, dtype_of, is_tensor,
                                translate_error, wrap)
from ..framework.tensor_shape import Dimension, TensorShape, shape_text
from ..eager.op_gradients import no_registered_gradient
from ..eager.recording import record_gather
from ..registry import export
from . import creation_ops as _creation  # also registers the creation ops
from .arguments import (attr_int, check_size, deprecated_argument_lookup, int_arg, int_vector, is_int_list, list_input, matching, numel, python_int, scalar_int, shape_dims, static_shape)
from .reduction_ops import reduction_dims

_state = context.state

_full_slice = builtins.slice(None)
_GATHER_INDICES = dtypes_in(GATHER_INDICES)
_ONE_HOT_INDICES = dtypes_in(ONE_HOT_INDICES)


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
        d = _axis(attr_int(requested, "squeeze_dims", "Squeeze"), rank, "Squeeze", "Tried to squeeze dim index {axis} for tensor with {rank} dimensions.")
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
        axis = scalar_int(axis, "ConcatV2", "Tidx", "Concat dim tensor should be a scalar integer, but got shape {shape}")
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
                               f"shapes {shape_text(np.shape(starts))} and {shape_text(np.shape(sizes))} instead.", "Slice")
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
            raise invalid_argument(f"batch_dims ({batch_dims}) must be less than or equal to axis ({axis}).", "GatherV2")
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
        raise invalid_argument(f'The indices can only be scalar or vector, got "{shape_text(flat.shape)}"', "UnravelIndex")
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
    return ListDiff(wrap(no_registered_gradient("ListDiff", first[positions])), wrap(torch.as_tensor(positions, device=device).to(index_dtype._torch)))


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


# --- clipping ----------------------------------------------------------------------------------

def _shape_changed(values, result):
    """TF's error when clipping bounds would broadcast ``values`` to a bigger shape."""
    return ValueError(f"Shapes {TensorShape._from_sizes(values)} and "
                      f"{TensorShape._from_sizes(result)} are not compatible")


@export("clip_by_value")
def clip_by_value(t, clip_value_min, clip_value_max, name=None):
    """min(max(t, clip_value_min), clip_value_max) computed as TF does (Minimum, then Maximum)."""
    values, high = binary_operands(t, clip_value_max, "Minimum")
    low = binary_operands(wrap(values), clip_value_min, "Maximum")[1]
    try:
        if type(high) is not torch.Tensor and type(low) is not torch.Tensor and low <= high:
            result = torch.clamp(values, low, high)  # one call gives the same values when min <= max
        else:
            result = torch.clamp(torch.clamp(values, max=high), min=low)
    except (RuntimeError, TypeError) as error:
        raise translate_error(error, "Minimum", values, high) from None
    if result.shape != values.shape:
        raise _shape_changed(values.shape, result.shape)
    return wrap(result)


def _floating(backing, op, allowed):
    if type(backing) is np.ndarray or dtype_of(backing)._kind != "f":
        raise attr_error(op, "T", dtype_of(backing), allowed)
    return backing


def _operand(value, dtype, op, index):
    """``value`` as a ``dtype`` operand of a binary op (a tensor of another dtype is TF's error)."""
    backing = convert(value) if is_tensor(value) else convert(value, dtype)
    if dtype_of(backing) is not dtype:
        raise dtype_mismatch(op, index, dtype, dtype_of(backing))
    return backing


@export("clip_by_norm")
def clip_by_norm(t, clip_norm, axes=None, name=None):
    """``t * clip_norm / max(l2norm(t, axes), clip_norm)``."""
    values = _floating(convert(t), "Sqrt", FLOAT)
    dims = reduction_dims(values, axes, "Sum")
    bound = _operand(clip_norm, dtype_of(values), "Mul", 1)
    product = _broadcast_shape(values.shape, bound.shape, "Mul")
    if product != list(values.shape):  # TF merges the shapes of t and t * clip_norm
        raise _shape_changed(values.shape, product)
    squares = values * values
    l2sum = squares.sum(dim=dims, keepdim=True) if dims else squares
    positive = l2sum > 0
    l2norm = torch.where(positive, torch.sqrt(torch.where(positive, l2sum, torch.ones_like(l2sum))), l2sum)
    return wrap(values * bound / torch.maximum(l2norm, bound))


@export("clip_by_average_norm")
def clip_by_average_norm(t, clip_norm, name=None):
    """Deprecated: clip so that the L2 norm divided by the element count is at most ``clip_norm``."""
    values = _floating(convert(t), "Rsqrt", FLOAT)
    bound = _operand(clip_norm, dtype_of(values), "Mul", 1)
    _broadcast_shape(values.shape, bound.shape, "Mul")
    inverse_norm = torch.rsqrt((values * values).sum())
    return wrap(values * bound * torch.minimum(inverse_norm * float(numel(values)), 1.0 / bound))


def _check_sequence(t_list):
    if not isinstance(t_list, collections.abc.Sequence) or isinstance(t_list, (str, bytes)):
        raise TypeError("t_list should be a sequence")


@export("global_norm", "linalg.global_norm")
def global_norm(t_list, name=None):
    """sqrt(sum of squares of every entry of every tensor in ``t_list``); None entries are skipped."""
    _check_sequence(t_list)
    halves = []
    first = None
    for index, t in enumerate(v for v in t_list if v is not None):
        values = _floating(convert(t), "L2Loss", NN_FLOAT)
        if first is None:
            first = dtype_of(values)
        elif dtype_of(values) is not first:
            raise dtype_mismatch("Pack", index, first, dtype_of(values))
        halves.append((values * values).sum() / 2)
    if not halves:
        return wrap(torch.zeros((), dtype=torch.float32, device=context.current_device()))
    return wrap(torch.sqrt(torch.stack(halves).sum() * 2))


@export("clip_by_global_norm")
def clip_by_global_norm(t_list, clip_norm, use_norm=None, name=None):
    """(clipped tensors, global norm): every tensor scaled by clip_norm / max(global_norm, clip_norm)."""
    _check_sequence(t_list)
    norm = global_norm(t_list) if use_norm is None else wrap(convert(use_norm))
    total = _floating(norm._t, "Minimum", FLOAT)
    bound = _operand(clip_norm, dtype_of(total), "Mul", 1)
    _broadcast_shape(total.shape, bound.shape, "Minimum")
    scale = bound * torch.minimum(1.0 / total, 1.0 / bound)
    scale = scale + (total - total)  # NaN when the norm is inf or NaN, as in TF
    clipped = []
    for t in t_list:
        if t is None:
            clipped.append(None)
            continue
        values = convert(t)
        if dtype_of(values) is not dtype_of(scale):
            raise dtype_mismatch("Mul", 1, dtype_of(values), dtype_of(scale))
        _broadcast_shape(values.shape, scale.shape, "Mul")
        clipped.append(wrap(values * scale))
    return clipped, norm


# --- static shape helpers ------------------------------------------------------------------------

@export("ensure_shape")
def ensure_shape(x, shape, name=None):
    """``x`` unchanged when its shape is compatible with ``shape`` (None entries match anything)."""
    backing = convert(x)
    expected = static_shape(shape)
    actual = TensorShape._from_sizes(backing.shape)
    if not actual.is_compatible_with(expected):
        wanted = "<unknown>" if expected.dims is None else shape_text("?" if d is None else d for d in expected.as_list())
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


__all__ = ["reshape", "transpose", "expand_dims", "squeeze", "concat", "stack", "unstack", "split", "tile",
           "pad", "gather", "gather_nd", "slice_", "strided_slice", "boolean_mask", "one_hot", "reverse",
           "sequence_mask", "unique", "unique_with_counts", "meshgrid", "clip_by_value", "clip_by_norm",
           "clip_by_global_norm", "global_norm", "space_to_depth", "depth_to_space", "broadcast_to",
           "scatter_nd", "unravel_index", "roll", "Unique", "UniqueWithCounts"]
