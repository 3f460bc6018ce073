"""tf.SparseTensor components of dataset elements: their specs, slicing, batching and unbatching.

A sparse leaf of an element is a ``SparseTensor`` whose backings sit where the pipeline keeps
its tensors.  TF 1.15 moves sparse components through its pipelines as serialized variants
(``serialize_many_sparse`` to slice or unbatch, ``deserialize_sparse`` to batch); the rules those
kernels impose are kept here: a slice or an unbatched row has the dense shape ``dense_shape[1:]``
(however few values it holds), slicing needs rank > 1 and indices in row-major order, and a batch
is a SparseTensor of rank + 1 whose dense shape is the batch size then each dimension's maximum.
"""

import numpy as np
import torch

from ..framework.dtypes import to_torch_dtype
from ..framework.errors import InvalidArgumentError
from ..framework.sparse_tensor import SparseTensor, SparseTensorValue, components, from_components, is_string
from ..framework.tensor import convert
from ..framework.tensor_shape import TensorShape
from ..ops.sparse_ops import check_indices
from .structure import SparseSpec


def to_component(value):
    """A SparseTensor or SparseTensorValue as an element's sparse leaf (backings under the current device scope)."""
    sparse = SparseTensor.from_value(value) if type(value) is SparseTensorValue else value
    return from_components(convert(sparse.indices), convert(sparse.values), convert(sparse.dense_shape))


def is_component(value):
    return isinstance(value, (SparseTensor, SparseTensorValue))


def spec_of(sparse):
    return SparseSpec(sparse.dtype, TensorShape(_dense_shape(sparse)))


def on_device(sparse, device):
    indices, values, shape = sparse._indices._t, sparse._values._t, sparse._dense_shape._t
    if indices.device == device:
        return sparse
    values = values if is_string(values) else values.to(device)
    return from_components(indices.to(device), values, shape.to(device))


def stand_in(spec, unknown_size, device):
    """A SparseTensor matching ``spec`` for tracing: unknown dims (and the rank, when unknown: 1) are
    ``unknown_size``, and so are its values and their number (as far as the dense shape holds them)."""
    shape = spec.shape.as_list() if spec.shape.dims is not None else [None]
    sizes = [unknown_size if size is None else size for size in shape]
    count = min(unknown_size, int(np.prod(sizes, dtype=np.int64)))
    positions = np.unravel_index(np.arange(count), sizes) if sizes else ()
    indices = torch.from_numpy(np.stack(positions, 1).astype(np.int64) if sizes else np.zeros((count, 0), np.int64))
    if spec.dtype.name == "string":
        values = np.full([count], b"x" * unknown_size, dtype=object)
    else:
        values = torch.full([count], unknown_size, dtype=to_torch_dtype(spec.dtype), device=device)
    return from_components(indices.reshape(count, len(sizes)).to(device), values, sizes)


def _dense_shape(sparse):
    return [int(size) for size in sparse._dense_shape._t.tolist()]


# --- slicing and unbatching ---------------------------------------------------------------------------

def check_sliceable(sparse):
    """TF's SerializeManySparse checks: rank > 1, indices in bounds, unique and in row-major order."""
    indices, _, shape = components(sparse)
    if len(shape) < 2:
        raise InvalidArgumentError(None, None, f"Rank of input SparseTensor should be > 1, but saw rank: "
                                   f"{len(shape)}")
    check_indices(indices, shape, None)


def rows(sparse):
    """The slices of ``sparse`` along dimension 0 (checked with ``check_sliceable`` first)."""
    indices, values, shape = components(sparse)
    count = shape[0]
    inner_shape = sparse._dense_shape._t[1:]
    sizes = torch.bincount(indices[:, 0], minlength=count).tolist() if indices.shape[0] else [0] * count
    inner = indices[:, 1:].split(sizes)
    if is_string(values):
        parts = np.split(values, np.cumsum(sizes)[:-1].tolist()) if sizes else []
    else:
        parts = values.split(sizes)
    return (from_components(row_indices, row_values, inner_shape) for row_indices, row_values in zip(inner, parts))


def unbatched(sparse):
    """``rows(sparse)``, or the error TF's unbatch reports for that element."""
    check_sliceable(sparse)
    return rows(sparse)


# --- batching ------------------------------------------------------------------------------------------------

def batch(parts):
    """The SparseTensor stacking ``parts``: rank + 1, dense shape [len(parts), max of each dim]."""
    shapes = [_dense_shape(part) for part in parts]
    rank = len(shapes[0])
    for position, shape in enumerate(shapes):
        if len(shape) != rank:
            raise InvalidArgumentError(None, None, f"Inconsistent shape across SparseTensors: rank prior to "
                                       f"SparseTensor[{position}] was: {rank} but rank of "
                                       f"SparseTensor[{position}] is: {len(shape)}")
    dense_shape = [len(parts)] + [max(sizes) for sizes in zip(*shapes)] if rank else [len(parts)]
    indices = [part._indices._t for part in parts]
    positions = torch.repeat_interleave(torch.arange(len(parts), device=indices[0].device),
                                        torch.tensor([len(i) for i in indices], device=indices[0].device))
    stacked = torch.cat([positions.unsqueeze(1), torch.cat(indices)], 1)
    values = [part._values._t for part in parts]
    joined = np.concatenate(values) if is_string(values[0]) else torch.cat(values)
    return from_components(stacked, joined, dense_shape)
