"""Dense and sparse conversions of RaggedTensors: RaggedTensor.from_tensor, to_tensor and to_sparse.

TF 1.15 builds the uniform outer dimensions of ``from_tensor(ragged_rank > 1)`` from plain row
splits (every dimension but the outermost reads None in the shape), not from TF 2.x's
uniform_row_length; tfcompat follows 1.15.
"""

import numpy as np
import torch

from ...framework import dtypes
from ...framework.dtypes import as_dtype, dtype_of
from ...framework.sparse_tensor import from_components
from ...framework.tensor import convert, wrap
from ...framework.tensor_shape import TensorShape
from .ragged_tensor import RaggedTensor, _bounding_dims, _build, rowids_of, splits_of_lengths


def from_tensor(tensor, lengths, padding, ragged_rank, row_splits_dtype):
    split_dtype = as_dtype(row_splits_dtype)
    if split_dtype not in (dtypes.int32, dtypes.int64):
        raise ValueError("row_splits_dtype must be int32 or int64")
    if lengths is not None and padding is not None:
        raise ValueError("Specify lengths or padding, but not both")
    if not isinstance(ragged_rank, int) or isinstance(ragged_rank, bool):
        raise TypeError(f"ragged_rank expected int, got {ragged_rank!r}")
    if ragged_rank <= 0:
        raise ValueError(f"ragged_rank must be greater than 0; got {ragged_rank}")
    dense = convert(tensor)
    rank = dense.ndim
    if rank < 2:
        raise ValueError("The rank of a RaggedTensor must be greater than 1, i.e., a list of scalars won't have "
                         f"ragged dimensions. Received argument `tensor` with rank {rank}.")
    if rank < ragged_rank + 1:
        raise ValueError(f"Shape {TensorShape(list(dense.shape))} must have rank at least {ragged_rank + 1}")
    sizes = list(dense.shape)
    outer = int(np.prod(sizes[:ragged_rank], dtype=np.int64))
    flat = dense.reshape([outer] + sizes[ragged_rank:])
    result = _from_matrix_rows(flat, lengths, padding, split_dtype._torch)
    for axis in range(ragged_rank - 1, 0, -1):
        count = int(np.prod(sizes[:axis], dtype=np.int64))
        uniform = torch.full((count,), sizes[axis], dtype=split_dtype._torch, device=_device(dense))
        result = _build(result, splits_of_lengths(uniform, split_dtype._torch))
    return result


def _device(backing):
    return torch.device("cpu") if type(backing) is np.ndarray else backing.device


def _from_matrix_rows(dense, lengths, padding, split_dtype):
    """Rank-1 ragged tensor from ``dense`` [nrows, ncols, ...]: each row cut at its length."""
    nrows, ncols = dense.shape[0], dense.shape[1]
    device = _device(dense)
    if lengths is not None:
        row_lengths = convert(lengths)
        if type(row_lengths) is np.ndarray or row_lengths.dtype not in (torch.int32, torch.int64):
            raise ValueError("lengths must have dtype int32 or int64")
        row_lengths = row_lengths.reshape(-1).to(device).long()
        if row_lengths.shape[0] != nrows:
            raise ValueError(f"Shapes ({row_lengths.shape[0]},) and ({nrows},) are incompatible")
        row_lengths = row_lengths.clamp(0, ncols)
    elif padding is not None:
        pad = convert(padding, dtype_of(dense))
        if tuple(pad.shape) != tuple(dense.shape[2:]):
            raise ValueError(f"Shapes {TensorShape(list(pad.shape))} and {TensorShape(list(dense.shape[2:]))} "
                             "are incompatible")
        row_lengths = _lengths_without_padding(dense, pad)
    else:
        row_lengths = torch.full((nrows,), ncols, dtype=torch.int64, device=device)
    keep = torch.arange(ncols, device=device).unsqueeze(0) < row_lengths.unsqueeze(1)
    values = dense[keep.cpu().numpy()] if type(dense) is np.ndarray else dense[keep]
    return _build(wrap(values), splits_of_lengths(row_lengths, split_dtype))


def _lengths_without_padding(dense, pad):
    """Each row's length once its trailing elements equal to ``pad`` are dropped."""
    if type(dense) is np.ndarray:
        equal = torch.from_numpy(np.asarray(dense == pad, dtype=bool))
    else:
        equal = dense == pad.to(dense.device)
    if equal.ndim > 2:
        equal = equal.reshape(equal.shape[0], equal.shape[1], -1).all(2)
    ncols = equal.shape[1]
    positions = torch.arange(1, ncols + 1, device=equal.device).unsqueeze(0)
    return torch.where(equal, torch.zeros_like(positions), positions).amax(1) if ncols else torch.zeros(
        equal.shape[0], dtype=torch.int64, device=equal.device)


def _positions(rt):
    """For each flat value: its index tuple columns [outer row, column at each ragged level] (torch long)."""
    splits = [s._t.long() for s in rt.nested_row_splits]
    position = torch.arange(int(splits[-1][-1]), device=splits[-1].device)
    columns = []
    for level in reversed(splits):
        row = rowids_of(level)[position] if position.shape[0] else position
        columns.append(position - level[row])
        position = row
    columns.append(position)
    return columns[::-1]


def to_tensor(rt, default_value):
    flat = rt.flat_values._t
    dims = _bounding_dims(rt)
    inner = list(flat.shape[1:])
    if default_value is None:
        fill = b"" if type(flat) is np.ndarray else 0
    else:
        fill = convert(default_value, dtype_of(flat))
        fill_shape = tuple(fill.shape)
        if len(fill_shape) > len(inner) or any(f not in (1, d) for f, d in zip(fill_shape[::-1], inner[::-1])):
            raise ValueError(f"Shapes {TensorShape(list(fill_shape))} and {TensorShape(inner)} are incompatible")
    index = tuple(_positions(rt))
    if type(flat) is np.ndarray:
        out = np.empty(dims, dtype=object)
        out[...] = fill if not isinstance(fill, np.ndarray) else fill
        out[tuple(i.cpu().numpy() for i in index)] = flat
        return wrap(out)
    out = torch.empty(dims, dtype=flat.dtype, device=flat.device)
    out[...] = fill if not isinstance(fill, torch.Tensor) else fill.to(flat.device)
    return wrap(out.index_put(tuple(i.to(flat.device) for i in index), flat))


def to_sparse(rt):
    flat = rt.flat_values._t
    dims = _bounding_dims(rt)
    columns = _positions(rt)
    inner = list(flat.shape[1:])
    count = flat.shape[0]
    device = columns[0].device
    ragged_index = torch.stack(columns, 1) if count else torch.zeros((0, len(columns)), dtype=torch.int64,
                                                                      device=device)
    if inner:
        grid = torch.stack([g.reshape(-1) for g in torch.meshgrid(
            *[torch.arange(d, device=device) for d in inner], indexing="ij")], 1)
        per = grid.shape[0]
        ragged_index = torch.cat([ragged_index.repeat_interleave(per, 0), grid.repeat(count, 1)], 1)
        values = flat.reshape(-1) if type(flat) is not np.ndarray else flat.reshape(-1)
    else:
        values = flat
    return from_components(ragged_index.to(_device(flat)), values, dims)



def _from_tensor_method(cls, tensor, lengths=None, padding=None, ragged_rank=1, name=None,
                        row_splits_dtype=dtypes.int64):
    return from_tensor(tensor, lengths, padding, ragged_rank, row_splits_dtype)


def _to_tensor_method(self, default_value=None, name=None):
    return to_tensor(self, default_value)


def _to_sparse_method(self, name=None):
    return to_sparse(self)


RaggedTensor.from_tensor = classmethod(_from_tensor_method)
RaggedTensor.to_tensor = _to_tensor_method
RaggedTensor.to_sparse = _to_sparse_method
