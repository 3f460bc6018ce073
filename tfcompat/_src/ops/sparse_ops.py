"""The sparse ops of TF 1.x eager code: to_dense, sparse_to_dense, reorder, reshape, concat,
sparse_tensor_dense_matmul, from_dense, retain, add, eye.

Indices stay int64 torch tensors on the values' device; string values are object ndarrays.
Work that TF's kernels do per index (bounds and order checks) runs vectorized over linear
indices; values flow through differentiable torch ops (index_put, index_add), so tapes see
gradients for ``values`` and dense operands as TF defines them.
"""

import numpy as np
import torch

from ..framework import context, dtypes
from ..framework.allocation import check_size
from ..framework.dtypes import as_dtype, dtype_of
from ..framework.errors import dtype_mismatch, invalid_argument
from ..framework.sparse_tensor import as_sparse, components, from_components, is_sparse
from ..framework.tensor import convert, wrap
from ..registry import export
from .arguments import deprecated_argument_lookup


def take_values(values, index):
    """``values[index]`` for a torch or object-ndarray ``values`` and a torch long ``index``."""
    if type(values) is np.ndarray:
        return values[index.cpu().numpy()]
    return values[index.to(values.device)]


def _concat_values(parts):
    if type(parts[0]) is np.ndarray:
        return np.concatenate(parts)
    return torch.cat([part.to(parts[0].device) for part in parts])


def row_major_strides(shape, device):
    strides = [1] * len(shape)
    for axis in range(len(shape) - 2, -1, -1):
        strides[axis] = strides[axis + 1] * shape[axis + 1]
    return torch.tensor(strides, dtype=torch.int64, device=device)


def linear_positions(indices, shape):
    """Row-major linear positions of ``indices`` ([N, rank]) in ``shape``."""
    if indices.shape[0] == 0 or not shape:
        return torch.zeros(indices.shape[0], dtype=torch.int64, device=indices.device)
    return (indices * row_major_strides(shape, indices.device)).sum(1)


def index_text(row):
    return "[" + ",".join(str(int(i)) for i in row) + "]"


def check_indices(indices, shape, op):
    """TF's SparseToDense checks: every index in bounds, strictly increasing in row-major order."""
    if indices.shape[0] == 0:
        return
    bounds = torch.tensor(shape, dtype=torch.int64, device=indices.device)
    out_of_bounds = ((indices < 0) | (indices >= bounds)).any(1)
    linear = linear_positions(indices, shape)
    not_increasing = torch.zeros_like(out_of_bounds)
    not_increasing[1:] = linear[1:] <= linear[:-1]
    bad = (out_of_bounds | not_increasing).nonzero()
    if bad.numel() == 0:
        return
    i = int(bad[0, 0])
    row = index_text(indices[i].tolist())
    if bool(out_of_bounds[i]):
        raise invalid_argument(f"indices[{i}] = {row} is out of bounds: need 0 <= index < {index_text(shape)}", op)
    if int(linear[i]) == int(linear[i - 1]):
        raise invalid_argument(f"indices[{i}] = {row} is repeated", op)
    raise invalid_argument(f"indices[{i}] = {row} is out of order. Many sparse ops require sorted indices.\n"
                           "    Use `tf.sparse.reorder` to create a correctly ordered copy.", op)


def _scalar_default(default_value, dtype, op):
    if default_value is None:
        default_value = "" if dtype == dtypes.string else 0
    default = convert(default_value, dtype)
    if len(default.shape) != 0:
        raise invalid_argument("default_value should be a scalar.", op)
    return default


def dense_of(indices, values, shape, default, op, validate):
    """The dense tensor of ``shape`` with ``values`` at ``indices`` and ``default`` elsewhere."""
    if validate:
        check_indices(indices, shape, op)
    elif indices.shape[0]:
        bounds = torch.tensor(shape, dtype=torch.int64, device=indices.device)
        if ((indices < 0) | (indices >= bounds)).any():
            raise invalid_argument(f"Indices are not valid (out of bounds).  Shape: {index_text(shape)}", op)
    check_size(shape, op, None if type(values) is np.ndarray else values.dtype, context.current_device())
    if type(values) is np.ndarray:
        dense = np.full(shape, default.item() if type(default) is np.ndarray else default, dtype=object)
        dense[tuple(indices.cpu().numpy().T)] = values
        return wrap(dense)
    dense = torch.full(shape, 0, dtype=values.dtype, device=values.device) + default.to(values.device)
    if values.dim() == 0:
        values = values.expand(indices.shape[0])
    return wrap(dense.index_put(tuple(indices.to(values.device).T), values))


@export("sparse_tensor_to_dense", "sparse.to_dense")
def sparse_tensor_to_dense(sp_input, default_value=None, validate_indices=True, name=None):
    """The dense tensor ``sp_input`` stands for, ``default_value`` (0 or "") where it has no value."""
    sparse = as_sparse(sp_input, "sparse_tensor_to_dense")
    indices, values, shape = components(sparse)
    default = _scalar_default(default_value, sparse.dtype, "SparseToDense")
    return dense_of(indices, values, shape, default, "SparseToDense", validate_indices)


@export("sparse_to_dense")
def sparse_to_dense(sparse_indices, output_shape, sparse_values, default_value=0, validate_indices=True, name=None):
    """A dense ``output_shape`` tensor with ``sparse_values`` (one per index, or one for all) at
    ``sparse_indices`` (a scalar, a vector of positions in a vector, or an [N, rank] matrix)."""
    indices = convert(sparse_indices)
    if type(indices) is np.ndarray or dtype_of(indices) not in (dtypes.int32, dtypes.int64):
        raise invalid_argument(f"Value for attr 'Tindices' of {dtype_of(indices).name} is not in the list of "
                               "allowed values: int32, int64", "SparseToDense")
    indices = indices.to(torch.int64).reshape(-1, 1) if indices.dim() < 2 else indices.to(torch.int64)
    shape_backing = convert(output_shape)
    if type(shape_backing) is np.ndarray or shape_backing.dim() > 1:
        raise invalid_argument(f"output_shape must be rank 1, got shape {index_text(list(shape_backing.shape))}",
                               "SparseToDense")
    shape = [int(size) for size in shape_backing.reshape(-1).tolist()]
    values = convert(sparse_values)
    count = indices.shape[0]
    if len(values.shape) > 1 or (len(values.shape) == 1 and values.shape[0] != count):
        raise invalid_argument(f"sparse_values has incorrect shape {index_text(values.shape)}, should be [] or "
                               f"[{count}]", "SparseToDense")
    if indices.shape[1] != len(shape):
        raise invalid_argument(f"sparse_indices should be a scalar, vector, or matrix, with {len(shape)} "
                               f"columns to index output_shape, got shape {list(indices.shape)}", "SparseToDense")
    default = _scalar_default(default_value, dtype_of(values), "SparseToDense")
    return dense_of(indices.to(context.current_device()), values, shape, default, "SparseToDense", validate_indices)


def reordered(indices, values, shape):
    order = torch.sort(linear_positions(indices, shape), stable=True).indices
    return indices[order], take_values(values, order)


@export("sparse.reorder", "sparse_reorder")
def sparse_reorder(sp_input, name=None):
    """``sp_input`` with its indices in row-major order."""
    indices, values, shape = components(as_sparse(sp_input, "sparse_reorder"))
    indices, values = reordered(indices, values, shape)
    return from_components(indices, values, shape)


def _new_shape(requested, total, old_shape, op):
    sizes = [int(size) for size in convert(requested, dtypes.int64).reshape(-1).tolist()]
    unknown = [axis for axis, size in enumerate(sizes) if size == -1]
    if len(unknown) > 1:
        raise invalid_argument(f"only one output dimension may be -1, not both {unknown[0]} and {unknown[1]}", op)
    for axis, size in enumerate(sizes):
        if size < -1:
            raise invalid_argument(f"size {axis} must be non-negative, not {size}", op)
    known = int(np.prod([size for size in sizes if size != -1], dtype=np.int64))
    if unknown:
        if known == 0 or total % known:
            raise invalid_argument(f"Input to reshape is a SparseTensor with {total} dense values, but the "
                                   f"requested shape requires a multiple of {known}. input_shape="
                                   f"{index_text(old_shape)} output_shape={index_text(sizes)}", op)
        sizes[unknown[0]] = total // known
    elif known != total:
        raise invalid_argument(f"Input to reshape is a tensor with {total} dense values, but the requested shape "
                               f"has {known}. input_shape={index_text(old_shape)} "
                               f"output_shape={index_text(sizes)}", op)
    return sizes


@export("sparse.reshape", "sparse_reshape")
def sparse_reshape(sp_input, shape, name=None):
    """``sp_input`` reshaped to ``shape`` (one size may be -1), its values in the same row-major places."""
    indices, values, old_shape = components(as_sparse(sp_input, "sparse_reshape"))
    total = int(np.prod(old_shape, dtype=np.int64))
    sizes = _new_shape(shape, total, old_shape, "SparseReshape")
    linear = linear_positions(indices, old_shape)
    strides = row_major_strides(sizes, indices.device)
    bounds = torch.tensor(sizes, dtype=torch.int64, device=indices.device)
    new_indices = (linear.unsqueeze(1) // strides) % bounds if sizes else linear.new_zeros((len(linear), 0))
    return from_components(new_indices, values, sizes)


@export("sparse_concat", "sparse.concat")
def sparse_concat(axis, sp_inputs, name=None, expand_nonconcat_dim=False, concat_dim=None,
                  expand_nonconcat_dims=None):
    """The SparseTensors ``sp_inputs`` joined along ``axis``; with ``expand_nonconcat_dim`` the other
    dimensions grow to the largest input's."""
    axis = deprecated_argument_lookup("axis", axis, "concat_dim", concat_dim)
    expand = deprecated_argument_lookup("expand_nonconcat_dims", expand_nonconcat_dims,
                                        "expand_nonconcat_dim", expand_nonconcat_dim)
    if not isinstance(sp_inputs, (list, tuple)) or not sp_inputs:
        raise TypeError("sparse_concat: sp_inputs must be a non-empty list of SparseTensors")
    parts = [components(as_sparse(sp, "sparse_concat")) for sp in sp_inputs]
    rank = len(parts[0][2])
    axis = int(axis)
    if not -rank <= axis < rank:
        raise invalid_argument(f"Concat dimension must be in range [{-rank}, {rank}), got {axis}", "SparseConcat")
    axis %= rank
    first_dtype = dtype_of(parts[0][1])
    for position, (_, values, shape) in enumerate(parts):
        if dtype_of(values) != first_dtype:
            raise dtype_mismatch("SparseConcat", len(parts) + position, first_dtype, dtype_of(values))
        if len(shape) != rank:
            raise invalid_argument(f"Ranks of all input tensors must match: expected {rank} but got {len(shape)} "
                                   f"at position {position}", "SparseConcat")
    out_shape = list(parts[0][2])
    for position, (_, _, shape) in enumerate(parts[1:], 1):
        for dim in range(rank):
            if dim != axis and shape[dim] != out_shape[dim]:
                if not expand:
                    raise invalid_argument(f"Input shapes must match: expected {out_shape[dim]} for dimension {dim} "
                                           f"but got {shape[dim]} at position {position}", "SparseConcat")
                out_shape[dim] = max(out_shape[dim], shape[dim])
    offset, shifted = 0, []
    for indices, _, shape in parts:
        moved = indices.clone()
        moved[:, axis] += offset
        shifted.append(moved.to(parts[0][0].device))
        offset += shape[axis]
    out_shape[axis] = offset
    indices, values = reordered(torch.cat(shifted), _concat_values([part[1] for part in parts]), out_shape)
    return from_components(indices, values, out_shape)


@export("sparse_tensor_dense_matmul", "sparse.sparse_dense_matmul", "sparse.matmul")
def sparse_tensor_dense_matmul(sp_a, b, adjoint_a=False, adjoint_b=False, name=None):
    """The dense product of the rank-2 SparseTensor ``sp_a`` (or its adjoint) and ``b`` (or its adjoint)."""
    op = "SparseTensorDenseMatMul"
    indices, values, shape = components(as_sparse(sp_a, "sparse_tensor_dense_matmul"))
    dense = convert(b)
    if type(values) is np.ndarray or type(dense) is np.ndarray:
        raise invalid_argument("Value for attr 'T' of string is not in the list of allowed values", op)
    if dtype_of(dense) != dtype_of(values):
        raise dtype_mismatch(op, 3, dtype_of(values), dtype_of(dense))
    if len(shape) != 2 or dense.dim() != 2:
        raise invalid_argument(f"Tensor 'a_shape' is not a vector of length 2 or 'b' is not a matrix: a_shape="
                               f"{index_text(shape)}, b shape={list(dense.shape)}", op)
    if adjoint_b:
        dense = dense.mT.conj() if dense.is_complex() else dense.mT
    rows, columns = (1, 0) if adjoint_a else (0, 1)
    out_rows, inner = shape[rows], shape[columns]
    if dense.shape[0] != inner:
        raise invalid_argument(f"Cannot multiply A and B because inner dimension does not match: {inner} vs. "
                               f"{dense.shape[0]}.  Did you forget a transpose?  Dimensions of A: [{shape[0]}, "
                               f"{shape[1]}).  Dimensions of B: {index_text(list(dense.shape))}", op)
    device = dense.device
    row_index, column_index = indices[:, rows].to(device), indices[:, columns].to(device)
    for name_, index, bound, column in (("k", column_index, inner, columns), ("i", row_index, out_rows, rows)):
        bad = ((index < 0) | (index >= bound)).nonzero()
        if bad.numel():
            position = int(bad[0, 0])
            raise invalid_argument(f"{name_} ({int(index[position])}) from index[{position},{column}] out of bounds "
                                   f"(>={bound})", op)
    values = values.to(device)
    if adjoint_a and values.is_complex():
        values = values.conj()
    products = values.unsqueeze(1) * dense[column_index]
    out = torch.zeros((out_rows, dense.shape[1]), dtype=dense.dtype, device=device)
    return wrap(out.index_add(0, row_index, products))


@export("sparse.from_dense")
def from_dense(tensor, name=None):
    """The SparseTensor of ``tensor``'s non-zero (non-empty, for strings) elements."""
    dense = convert(tensor)
    if type(dense) is np.ndarray:
        mask = torch.from_numpy(np.vectorize(bool, otypes=[bool])(dense) if dense.size else np.zeros(dense.shape, bool))
        indices = mask.nonzero().to(context.current_device())
        values = dense[mask.numpy()]
    else:
        indices = (dense != 0).nonzero()
        values = dense[dense != 0]
    return from_components(indices, values, list(dense.shape))


@export("sparse.retain", "sparse_retain")
def sparse_retain(sp_input, to_retain):
    """The entries of ``sp_input`` where the boolean vector ``to_retain`` is True."""
    indices, values, shape = components(as_sparse(sp_input, "sparse_retain"))
    keep = convert(to_retain, dtypes.bool_)
    if keep.dim() != 1:
        raise ValueError(f"Shape {tuple(keep.shape)} must have rank 1")
    if keep.shape[0] != indices.shape[0]:
        raise ValueError(f"Dimensions {indices.shape[0]} and {keep.shape[0]} are not compatible")
    where = keep.nonzero().reshape(-1).to(indices.device)
    return from_components(indices[where], take_values(values, where), shape)


@export("sparse.add", "sparse_add")
def sparse_add(a, b, threshold=None, thresh=None):
    """SparseTensor + SparseTensor (sums of magnitude below ``threshold`` dropped) is a SparseTensor;
    SparseTensor + dense tensor is a dense tensor."""
    threshold = deprecated_argument_lookup("threshold", threshold, "thresh", thresh)
    if not (is_sparse(a) or is_sparse(b)):
        raise TypeError("At least one input should be SparseTensor; do you mean to use tf.add()?")
    if not (is_sparse(a) and is_sparse(b)):
        sparse, dense = (as_sparse(a, "sparse_add"), b) if is_sparse(a) else (as_sparse(b, "sparse_add"), a)
        indices, values, shape = components(sparse)
        dense = convert(dense, sparse.dtype)
        if list(dense.shape) != shape:
            raise invalid_argument(f"Operands do not have the same shape: {index_text(shape)} vs. "
                                   f"{index_text(list(dense.shape))}", "SparseTensorDenseAdd")
        _validate_bounds_only(indices, shape, "SparseTensorDenseAdd")
        return wrap(dense.index_put(tuple(indices.to(dense.device).T), values.to(dense.device), accumulate=True))
    a_indices, a_values, a_shape = components(as_sparse(a, "sparse_add"))
    b_indices, b_values, b_shape = components(as_sparse(b, "sparse_add"))
    if a_shape != b_shape:
        raise invalid_argument(f"Operands do not have the same shape: {index_text(a_shape)} vs. "
                               f"{index_text(b_shape)}", "SparseAdd")
    if dtype_of(a_values) != dtype_of(b_values):
        raise dtype_mismatch("SparseAdd", 4, dtype_of(a_values), dtype_of(b_values))
    linear = torch.cat([linear_positions(a_indices, a_shape),
                        linear_positions(b_indices, b_shape).to(a_indices.device)])
    unique, inverse = torch.unique(linear, return_inverse=True)
    values = torch.cat([a_values, b_values.to(a_values.device)])
    sums = torch.zeros(len(unique), dtype=values.dtype, device=values.device).index_add(0, inverse, values)
    indices = torch.cat([a_indices, b_indices.to(a_indices.device)])
    first = torch.full((len(unique),), len(linear), dtype=torch.int64, device=linear.device)
    first = first.scatter_reduce(0, inverse, torch.arange(len(linear), device=linear.device), "amin")
    indices = indices[first]
    if threshold is not None:
        keep = (sums.abs() >= convert(threshold, dtype_of(sums)).abs()).nonzero().reshape(-1)
        indices, sums = indices[keep], sums[keep]
    return from_components(indices, sums, a_shape)


def _validate_bounds_only(indices, shape, op):
    bounds = torch.tensor(shape, dtype=torch.int64, device=indices.device)
    bad = ((indices < 0) | (indices >= bounds)).any(1).nonzero()
    if bad.numel():
        i = int(bad[0, 0])
        raise invalid_argument(f"Index {index_text(indices[i].tolist())} at position {i} is out of bounds: "
                               f"{index_text(shape)}", op)


@export("sparse.eye")
def eye(num_rows, num_columns=None, dtype=dtypes.float32, name=None):
    """The SparseTensor of a [num_rows, num_columns] identity matrix."""
    rows = int(convert(num_rows, dtypes.int64))
    columns = rows if num_columns is None else int(convert(num_columns, dtypes.int64))
    if rows < 0 or columns < 0:
        raise invalid_argument(f"Dimension -1 must be >= 0, got [{rows}, {columns}]", "SparseEye")
    dtype = as_dtype(dtype)
    check_size([min(rows, columns), 2], "SparseEye", torch.int64, context.current_device())
    diagonal = torch.arange(min(rows, columns), dtype=torch.int64, device=context.current_device())
    ones = torch.ones(len(diagonal), dtype=dtype._torch, device=diagonal.device)
    return from_components(torch.stack([diagonal, diagonal], 1), ones, [rows, columns])

