"""tf.data.experimental.dense_to_sparse_batch: dense elements of varying shape batched into SparseTensors."""

import itertools

import numpy as np
import torch

from ..framework.errors import DataLossError, InvalidArgumentError, OpError, invalid_argument
from ..framework.sparse_tensor import from_components
from ..framework.tensor import convert
from ..framework.tensor_shape import TensorShape
from ..registry import export
from .dataset_ops import Dataset, scalar_int
from .structure import ComponentSpec, Failed, SparseSpec


@export("data.experimental.dense_to_sparse_batch", "contrib.data.dense_to_sparse_batch")
def dense_to_sparse_batch(batch_size, row_shape):
    """Batches of ``batch_size`` elements as one SparseTensor each, every element one row of ``row_shape``
    (a None size: the batch's largest)."""
    return lambda dataset: DenseToSparseBatchDataset(dataset, batch_size, row_shape)


def _row_shape(row_shape):
    if isinstance(row_shape, (TensorShape, list, tuple)):
        return TensorShape(row_shape)
    sizes = convert(row_shape)
    if type(sizes) is np.ndarray or sizes.ndim != 1 or sizes.dtype not in (torch.int32, torch.int64):
        raise ValueError(f"row_shape must be a TensorShape or a vector of integers, got {row_shape!r}")
    return TensorShape(sizes.tolist())


def _shape_text(sizes):
    return "[" + ",".join(str(size) for size in sizes) + "]"


class DenseToSparseBatchDataset(Dataset):
    """TF's DenseToSparseBatchDataset: each batch of dense elements, all of ``row_shape``'s rank and no
    larger, as a SparseTensor holding every value of each element (zeros included)."""

    def __init__(self, dataset, batch_size, row_shape):
        if not isinstance(dataset, Dataset):
            raise TypeError("`dense_to_sparse_batch` applies to a tf.data.Dataset.")
        spec = dataset._spec
        if type(spec) is not ComponentSpec:
            raise TypeError("DenseToSparseDataset requires an input whose elements have a single component, "
                            f"whereas the input has {dataset.output_types!r}.")
        self._input = dataset
        self._size = scalar_int(batch_size, "batch_size", "DenseToSparseBatchDataset")
        if self._size <= 0:
            raise invalid_argument("Batch size must be greater than zero.", "DenseToSparseBatchDataset")
        self._row_shape = _row_shape(row_shape)

    def _compute_spec(self):
        return SparseSpec(self._input._spec.dtype, TensorShape([None]).concatenate(self._row_shape))

    def _elements(self):
        elements = self._input._elements()
        while True:
            chunk = list(itertools.islice(elements, self._size))
            if not chunk:
                return
            failed = next((element for element in chunk if type(element) is Failed), None)
            if failed is not None:
                yield failed
                continue
            try:
                yield self._batch(chunk)
            except OpError as error:
                yield Failed(error)

    def _batch(self, chunk):
        wanted = self._row_shape.as_list()
        for element in chunk:
            shape = list(element.shape)
            if len(shape) != len(wanted):
                raise InvalidArgumentError(None, None, f"Input element had shape ({_shape_text(shape)}) that is "
                                           f"incompatible with the row shape ({_shape_text(_known(wanted))}).")
            if any(size is not None and have > size for have, size in zip(shape, wanted)):
                raise DataLossError(None, None, f"Input element had shape ({_shape_text(shape)}) that is larger "
                                    f"than the row shape ({_shape_text(_known(wanted))}).")
        dense_shape = [len(chunk)] + [size if size is not None else max(element.shape[axis] for element in chunk)
                                      for axis, size in enumerate(wanted)]
        indices, values = [], []
        for row, element in enumerate(chunk):
            grid = np.indices(element.shape).reshape(len(wanted), -1).T
            indices.append(np.concatenate([np.full((len(grid), 1), row), grid], 1))
            values.append(element.reshape(-1))
        joined = np.concatenate(values) if type(values[0]) is np.ndarray else torch.cat(values)
        device = None if type(joined) is np.ndarray else joined.device
        stacked = torch.from_numpy(np.concatenate(indices).astype(np.int64)).to(device or "cpu")
        return from_components(stacked, joined, dense_shape)


def _known(sizes):
    return [-1 if size is None else size for size in sizes]
