"""tf.IndexedSlices: rows ``values`` at ``indices`` of a tensor of shape ``dense_shape``.

TF's gradient of a gather with respect to its params; converting it to a tensor
scatters the rows (summing repeated indices).
"""

import torch

from .tensor import convert, dense_readers, dtype_of
from ..registry import export


@export("IndexedSlices")
class IndexedSlices:
    """A sparse representation of a set of tensor slices at given indices."""

    def __init__(self, values, indices, dense_shape=None):
        self._values = values
        self._indices = indices
        self._dense_shape = dense_shape

    @property
    def values(self):
        return self._values

    @property
    def indices(self):
        return self._indices

    @property
    def dense_shape(self):
        return self._dense_shape

    @property
    def dtype(self):
        return self._values.dtype

    @property
    def device(self):
        return self._values.device

    @property
    def shape(self):
        from .tensor_shape import TensorShape
        if self._dense_shape is None:
            return TensorShape(None)
        return TensorShape(self._dense_shape.numpy().tolist())

    def __neg__(self):
        return IndexedSlices(-self._values, self._indices, self._dense_shape)

    def __str__(self):
        shape = "" if self._dense_shape is None else f", dense_shape={self._dense_shape!s}"
        return f"IndexedSlices(indices={self._indices!s}, values={self._values!s}{shape})"

    __repr__ = __str__


def _to_dense(slices, dtype=None):
    """The dense torch tensor ``slices`` stands for."""
    values = convert(slices.values)
    if dtype is not None and dtype_of(values) != dtype:
        raise ValueError(f"Tensor conversion requested dtype {dtype.name} for IndexedSlices with "
                         f"dtype {dtype_of(values).name}")
    if slices.dense_shape is None:
        raise ValueError(f"Tensor conversion requested for IndexedSlices without dense_shape: {slices}")
    shape = [int(size) for size in convert(slices.dense_shape).tolist()]
    dense = torch.zeros(shape, dtype=values.dtype, device=values.device)
    return dense.index_add(0, convert(slices.indices).reshape(-1).to(values.device), values.reshape([-1] + shape[1:]))


dense_readers[IndexedSlices] = _to_dense
