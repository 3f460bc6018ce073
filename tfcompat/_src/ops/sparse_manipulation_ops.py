"""SparseTensor manipulations: sparse.slice, split, transpose, expand_dims, fill_empty_rows,
reset_shape, merge, to_indicator, and sparse_mask on IndexedSlices.

Index arithmetic runs vectorized on the int64 index matrix; values are selected with one index
per op, so gradients reach ``values`` through torch autograd.  SparseSplit has no gradient in TF:
differentiating through it raises TF's LookupError.
"""

import numpy as np
import torch

from ..eager.op_gradients import no_registered_gradient
from ..framework import dtypes, errors
from ..framework.dtypes import dtype_of
from ..framework.errors import invalid_argument
from ..framework.indexed_slices import IndexedSlices
from ..framework.sparse_tensor import as_sparse, components, from_components, is_sparse
from ..framework.tensor import Tensor, convert, is_tensor, wrap
from ..registry import export
from .arguments import check_size, deprecated_argument_lookup, int_arg, python_int
from .sparse_ops import dense_of, index_text, reordered, take_values


def _vector(value, length, attr, op):
    ints = int_arg(value, op, attr)
    ints = [ints] if isinstance(ints, int) else ints
    if np.ndim(ints) != 1 or len(ints) != length:
        raise invalid_argument(f"Expected {attr} to be a vector of length {length} but got length "
                               f"{np.size(ints)}", op)
    return ints


def _select(indices, values, keep):
    """The entries where the boolean vector ``keep`` holds."""
    where = keep.nonzero().reshape(-1)
    return indices[where], take_values(values, where)


def _slice(indices, values, shape, start, size):
    """TF's SparseTensor::Slice: the entries in [start, start + size), shifted, in input order."""
    begin = torch.tensor(start, dtype=torch.int64, device=indices.device)
    end = begin + torch.tensor(size, dtype=torch.int64, device=indices.device)
    keep = ((indices >= begin) & (indices < end)).all(1) if len(shape) else \
        torch.ones(len(indices), dtype=torch.bool, device=indices.device)
    kept_indices, kept_values = _select(indices, values, keep)
    out_shape = [max(min(b + s, dim) - b, 0) for b, s, dim in zip(start, size, shape)]
    return from_components(kept_indices - begin, kept_values, out_shape)


@export("sparse.slice", "sparse_slice")
def sparse_slice(sp_input, start, size, name=None):
    """The entries of ``sp_input`` in the box [start, start + size), its shape clipped to the input's."""
    op = "SparseSlice"
    indices, values, shape = components(as_sparse(sp_input, "sparse_slice"))
    start = _vector(start, len(shape), "start", op)
    size = _vector(size, len(shape), "size", op)
    return _slice(indices, values, shape, start, size)


class KeywordRequired:
    """TF's marker that a function's arguments must be given by keyword."""

    def __repr__(self):
        return "KeywordRequired()"


@export("sparse.split", "sparse_split")
def sparse_split(keyword_required=KeywordRequired(), sp_input=None, num_split=None, axis=None, name=None,
                 split_dim=None):
    """``sp_input`` split along ``axis`` into ``num_split`` SparseTensors (the first ones one larger
    when the size does not divide); arguments by keyword only, as TF 1.x requires."""
    op = "SparseSplit"
    if not isinstance(keyword_required, KeywordRequired):
        raise ValueError("Keyword arguments are required for this function.")
    if sp_input is None:
        raise ValueError("sp_input is required")
    if num_split is None:
        raise ValueError("num_split is required")
    if axis is None:  # TF 1.x checks ``axis`` before reading ``split_dim``
        raise ValueError("axis is required")
    axis = deprecated_argument_lookup("axis", axis, "split_dim", split_dim)
    indices, values, shape = components(as_sparse(sp_input, "sparse_split"))
    count = python_int(num_split, op, "num_split")
    axis = python_int(axis, op, "split_dim") if not is_tensor(axis) else int(convert(axis))
    rank = len(shape)
    if not -rank <= axis < rank:
        raise invalid_argument(f"Input split_dim should be between -{rank} and {rank}, got {axis}", op)
    axis %= rank
    if not 1 <= count <= shape[axis]:
        raise invalid_argument(f"Input num_split should be between 1 and the splitting dimension size "
                               f"({shape[axis]}), got {count}", op)
    base, extra = divmod(shape[axis], count)
    pieces, begin = [], 0
    for piece in range(count):
        width = base + (piece < extra)
        start = [0] * rank
        size = list(shape)
        start[axis], size[axis] = begin, width
        part = _slice(indices, values, shape, start, size)
        if type(part._values._t) is torch.Tensor:
            part._values._t = no_registered_gradient(op, part._values._t)
        pieces.append(part)
        begin += width
    return pieces


@export("sparse.transpose", "sparse_transpose")
def sparse_transpose(sp_input, perm=None, name=None):
    """``sp_input`` with its dimensions permuted by ``perm`` (reversed when None), in row-major order."""
    op = "SparseTranspose"
    indices, values, shape = components(as_sparse(sp_input, "sparse_transpose"))
    rank = len(shape)
    perm = list(range(rank - 1, -1, -1)) if perm is None else int_arg(perm, op, "Tperm")
    perm = [perm] if isinstance(perm, int) else perm
    if np.ndim(perm) != 1 or len(perm) != rank:
        raise invalid_argument(f"transpose expects a vector of size {rank}. But input(1) is a vector of size "
                               f"{np.size(perm)}", "Transpose")
    for p in perm:
        if not 0 <= p < rank:
            raise invalid_argument(f"indices[{perm.index(p)}] = {p} is not in [0, {rank})", "GatherV2")
    moved = indices[:, perm]
    out_shape = [shape[p] for p in perm]
    moved, values = reordered(moved, values, out_shape)
    return from_components(moved, values, out_shape)


@export("sparse.expand_dims")
def sparse_expand_dims(sp_input, axis=None, name=None):
    """``sp_input`` with a dimension of size 1 inserted at ``axis`` (default -1: at the end)."""
    indices, values, shape = components(as_sparse(sp_input, "sparse.expand_dims"))
    rank = len(shape)
    axis = -1 if axis is None else axis
    if isinstance(axis, (int, np.integer)) or type(axis) is Tensor:
        axis = int(convert(axis, dtypes.int32)) if type(axis) is Tensor else int(axis)
    else:
        raise TypeError(f"axis must be an int or tensor, not {type(axis)}")
    position = axis if axis >= 0 else axis + rank + 1
    if position > rank or position < -1:
        raise invalid_argument(f"Expected size[1] in [0, {rank}], but got {position}", "Slice")
    if position < 0:
        raise invalid_argument(f"Expected begin[1] in [0, {rank}], but got {position}", "Slice")
    column = indices.new_zeros((len(indices), 1))
    new_indices = torch.cat([indices[:, :position], column, indices[:, position:]], 1)
    return from_components(new_indices, values, shape[:position] + [1] + shape[position:])


@export("sparse.fill_empty_rows", "sparse_fill_empty_rows")
def sparse_fill_empty_rows(sp_input, default_value, name=None):
    """``sp_input`` with ``default_value`` at [row, 0, ...] for each empty row, entries in row order
    (each row's in input order), and the bool vector of the rows that were empty."""
    op = "SparseFillEmptyRows"
    sparse = as_sparse(sp_input, "sparse_fill_empty_rows")
    indices, values, shape = components(sparse)
    default = convert(default_value, sparse.dtype)
    if len(default.shape):
        raise invalid_argument(f"default_value must be a scalar, saw: {index_text(default.shape)}", op)
    if not shape:
        raise invalid_argument("SparseTensor must have rank >= 1", op)
    rows = shape[0]
    check_size([rows], op, torch.int64, indices.device)
    row_of = indices[:, 0]
    if len(row_of) and bool(((row_of < 0) | (row_of >= rows)).any()):
        i = int(((row_of < 0) | (row_of >= rows)).nonzero()[0, 0])
        raise invalid_argument(f"indices({i}, 0) is invalid: {int(row_of[i])} >= {rows}", op)
    counts = torch.zeros(rows, dtype=torch.int64, device=indices.device).index_add(
        0, row_of, torch.ones_like(row_of))
    empty = counts == 0
    empty_rows = empty.nonzero().reshape(-1)
    filler = indices.new_zeros((len(empty_rows), len(shape)))
    filler[:, 0] = empty_rows
    all_indices = torch.cat([indices, filler])
    order = torch.sort(all_indices[:, 0], stable=True).indices
    if type(values) is np.ndarray:
        fill_values = np.array([default.item()] * len(empty_rows) + [None], dtype=object)[:-1]
        all_values = np.concatenate([values, fill_values])[order.cpu().numpy()]
    else:
        fill_values = default.to(values.device).expand(len(empty_rows))
        all_values = torch.cat([values, fill_values])[order.to(values.device)]
    return from_components(all_indices[order], all_values, shape), wrap(empty)


@export("sparse.reset_shape", "sparse_reset_shape")
def sparse_reset_shape(sp_input, new_shape=None):
    """``sp_input`` with dense shape ``new_shape`` (no smaller than its own), or the tightest shape
    that holds its indices when None."""
    indices, values, shape = components(as_sparse(sp_input, "sparse_reset_shape"))
    if new_shape is None:
        tight = (indices.max(0).values + 1).tolist() if len(indices) else [0] * len(shape)
        return from_components(indices, values, tight)
    requested = int_arg(new_shape, "SparseResetShape", "new_shape")
    requested = [requested] if isinstance(requested, int) else requested
    if np.ndim(requested) != 1:
        raise ValueError(f"Shape {list(np.shape(requested))} must have rank 1")
    if len(requested) != len(shape):
        raise ValueError(f"Dimensions {len(requested)} and {len(shape)} are not compatible")
    if any(new < old for new, old in zip(requested, shape)):
        raise ValueError("Requested new_shape should have dimension sizes >= sp_input.shape.  Found new_shape "
                         f"({np.array(shape)}), sp_input.shape ({np.array(requested)}).")
    return from_components(indices, values, requested)


def _id_columns(sp_ids, vocab_size):
    """The id vectors of ``sp_ids`` (one SparseTensor or a list) as int64 columns, and the vocabulary sizes."""
    if is_sparse(sp_ids):
        if not (is_tensor(vocab_size) or isinstance(vocab_size, (int, np.integer))):
            raise TypeError(f"vocab_size has to be a Tensor or Python int. Found {type(vocab_size)}")
        sp_ids, vocab_size = [sp_ids], [vocab_size]
    else:
        if not isinstance(sp_ids, (list, tuple)):
            raise TypeError(f"sp_ids has to be a SparseTensor or list thereof. Found {type(sp_ids)}")
        if not isinstance(vocab_size, (list, tuple)):
            raise TypeError(f"vocab_size has to be a list of Tensors or Python ints. Found {type(vocab_size)}")
        for size in vocab_size:
            if not (is_tensor(size) or isinstance(size, (int, np.integer))):
                raise TypeError(f"vocab_size has to be a list of Tensors or Python ints. Found {type(size)}")
    if len(sp_ids) != len(vocab_size):
        raise ValueError("sp_ids and vocab_size have to have equal lengths.")
    columns = []
    for ids in sp_ids:
        values = components(as_sparse(ids, "sparse_merge"))[1]
        if type(values) is np.ndarray:
            raise errors.UnimplementedError(None, None, "Cast string to int64 is not supported [Op:Cast]")
        columns.append(values.detach().real.to(torch.int64).reshape(-1, 1))  # TF casts the ids to int64
    sizes = [int(convert(size)) for size in vocab_size]
    return columns, sizes


@export("sparse.merge", "sparse_merge")
def sparse_merge(sp_ids, sp_values, vocab_size, name=None, already_sorted=False):
    """The SparseTensor whose last dimension is indexed by the ids of ``sp_ids`` (one or several
    SparseTensors) with the values of ``sp_values``: [batch..., vocab_size...], in row-major order
    unless ``already_sorted``."""
    columns, sizes = _id_columns(sp_ids, vocab_size)
    indices, values, shape = components(as_sparse(sp_values, "sparse_merge"))
    for column in columns:
        if len(column) != len(indices):
            raise invalid_argument(f"ConcatOp : Dimension 0 in both shapes must be equal: shape[0] = "
                                   f"[{len(indices)},{len(shape) - 1}] vs. shape[1] = [{len(column)},1]", "ConcatV2")
    new_indices = torch.cat([indices[:, :-1]] + [column.to(indices.device) for column in columns], 1)
    new_shape = shape[:-1] + sizes
    if not already_sorted:
        new_indices, values = reordered(new_indices, values, new_shape)
    return from_components(new_indices, values, new_shape)


@export("sparse.to_indicator", "sparse_to_indicator")
def sparse_to_indicator(sp_input, vocab_size, name=None):
    """The dense bool [batch..., vocab_size] tensor that is True at each row's ids."""
    sparse = as_sparse(sp_input, "sparse_to_indicator")
    indices, values, shape = components(sparse)
    columns, sizes = _id_columns(sparse, vocab_size)
    new_indices = torch.cat([indices[:, :-1], columns[0].to(indices.device)], 1)
    trues = torch.ones(len(new_indices), dtype=torch.bool, device=new_indices.device)
    return dense_of(new_indices, trues, shape[:-1] + sizes, torch.tensor(False), "SparseToDense", validate=False)


@export("sparse.mask", "sparse_mask")
def sparse_mask(a, mask_indices, name=None):
    """The IndexedSlices ``a`` without the slices whose index is in ``mask_indices``."""
    if not isinstance(a, IndexedSlices):
        raise TypeError(f"sparse_mask: a must be an IndexedSlices, got {type(a).__name__}")
    indices = convert(a.indices)
    masked = convert(mask_indices, dtype_of(indices))
    keep = ~torch.isin(indices, masked.to(indices.device))
    where = keep.nonzero().reshape(-1)
    values = convert(a.values)
    return IndexedSlices(wrap(values[where.to(values.device)]), wrap(indices[where]), a.dense_shape)
