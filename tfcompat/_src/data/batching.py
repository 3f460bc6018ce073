"""batch, padded_batch, unbatch and window."""

import itertools

import numpy as np
import torch

from ..framework import dtypes
from ..framework.errors import DataLossError, InvalidArgumentError, OpError, invalid_argument
from ..framework.sparse_tensor import SparseTensor
from ..framework.tensor import convert
from ..framework.tensor_shape import TensorShape
from . import elements, sparse_components, structure
from .dataset_ops import Dataset, implements, scalar_int
from .structure import ComponentSpec, DatasetSpec, Failed


def _batch_size(value, op_name):
    size = scalar_int(value, "batch_size", op_name)
    if size <= 0:
        raise invalid_argument("Batch size must be greater than zero.", op_name)
    return size


def _batched_spec(spec, size):
    def batched(leaf):
        if isinstance(leaf, DatasetSpec):
            raise TypeError("Batching a dataset of datasets is not supported.")
        return leaf.with_shape(TensorShape([size]).concatenate(leaf.shape))
    return structure.map_spec(batched, spec)


def _shape_mismatch(component, shapes):
    """TF's InvalidArgumentError naming the first element whose shape differs, or None."""
    first = shapes[0]
    for position, shape in enumerate(shapes):
        if shape != first:
            return InvalidArgumentError(
                None, None, f"Cannot batch tensors with different shapes in component {component}. "
                f"First element had shape {list(first)} and element {position} had shape {list(shape)}.")
    return None


def _stack(component, values):
    if isinstance(values[0], Dataset):
        raise TypeError("Batching a dataset of datasets is not supported.")
    if type(values[0]) is SparseTensor:
        return sparse_components.batch(values)
    error = _shape_mismatch(component, [tuple(v.shape) for v in values])
    if error is not None:
        raise error
    if type(values[0]) is np.ndarray:
        return np.stack(values)
    return torch.stack(values)


def _batch(elements):
    """One element whose components stack those of ``elements``, or the first failure."""
    for element in elements:
        if type(element) is Failed:
            return element
    first = elements[0]
    try:
        if not structure.is_structure(first):
            return _stack(0, elements)
        flats = [structure.flatten(element) for element in elements]
        return structure.pack_as(first, [_stack(i, [flat[i] for flat in flats]) for i in range(len(flats[0]))])
    except OpError as error:
        return Failed(error)


def _gather(backing, indices, chunk):
    start = chunk[0]
    if chunk[-1] - start == len(chunk) - 1 and chunk == list(range(start, start + len(chunk))):
        return backing[start:start + len(chunk)]  # consecutive rows: a view, no copy
    if type(backing) is np.ndarray:
        return backing[np.asarray(chunk)]
    if backing.device != indices.device:
        indices = indices.to(backing.device)
    return backing.index_select(0, indices)


@implements("batch")
class BatchDataset(Dataset):
    """Consecutive elements stacked ``batch_size`` at a time (the short last batch unless
    ``drop_remainder``).  Over an index plan, rows are gathered by index in one op."""

    def __init__(self, dataset, batch_size, drop_remainder=False):
        self._input = dataset
        self._size = _batch_size(batch_size, "BatchDataset")
        self._drop = bool(drop_remainder)

    def _compute_spec(self):
        return _batched_spec(self._input._spec, self._size if self._drop else None)

    def _elements(self):
        plan = self._input._index_plan()
        if plan is not None:
            return self._gathered(*plan)
        return self._stacked(self._input._elements())

    def _stacked(self, elements):
        size, drop = self._size, self._drop
        while True:
            chunk = list(itertools.islice(elements, size))
            if not chunk or (drop and len(chunk) < size):
                return
            yield _batch(chunk)

    def _gathered(self, rows, make_indices):
        size, drop = self._size, self._drop
        leaves = structure.flatten(rows)
        single = not structure.is_structure(rows)
        indices = make_indices()
        while True:
            chunk = list(itertools.islice(indices, size))
            if not chunk or (drop and len(chunk) < size):
                return
            index_tensor = torch.tensor(chunk, dtype=torch.int64)
            if single:
                yield _gather(rows, index_tensor, chunk)
            else:
                yield structure.pack_as(rows, [_gather(leaf, index_tensor, chunk) for leaf in leaves])


@implements("padded_batch")
class PaddedBatchDataset(Dataset):
    """Batches whose components are padded to ``padded_shapes`` (-1 / None: the batch's longest)."""

    def __init__(self, dataset, batch_size, padded_shapes, padding_values=None, drop_remainder=False):
        self._input = dataset
        self._size = _batch_size(batch_size, "PaddedBatchDataset")
        self._drop = bool(drop_remainder)
        spec = dataset._spec
        if structure.has_sparse(spec):  # TF 1.15's PaddedBatchDataset
            raise TypeError("Batching of padded sparse tensors is not currently supported")
        shapes = [_padded_shape(shape) for shape in structure.flatten_up_to(spec, padded_shapes)]
        for leaf, shape in zip(structure.spec_leaves(spec), shapes):
            if not _can_pad(shape, leaf.shape):
                raise ValueError(f"The padded shape {shape} is not compatible with the corresponding "
                                 f"input component shape {leaf.shape}.")
        self._shapes = shapes
        if padding_values is None:
            values = [b"" if leaf.dtype == dtypes.string else 0 for leaf in structure.spec_leaves(spec)]
        else:
            values = structure.flatten_up_to(spec, padding_values)
        self._values = [_padding_value(leaf.dtype, value) for leaf, value in zip(structure.spec_leaves(spec), values)]

    def _compute_spec(self):
        spec = self._input._spec
        padded = [ComponentSpec(leaf.dtype, TensorShape([self._size if self._drop else None]).concatenate(shape))
                  for leaf, shape in zip(structure.spec_leaves(spec), self._shapes)]
        return structure.pack_spec(spec, padded)

    def _elements(self):
        elements = self._input._elements()
        shapes, values = self._shapes, self._values
        while True:
            chunk = list(itertools.islice(elements, self._size))
            if not chunk or (self._drop and len(chunk) < self._size):
                return
            failed = next((element for element in chunk if type(element) is Failed), None)
            if failed is not None:
                yield failed
                continue
            flats = [structure.flatten(element) for element in chunk]
            try:
                leaves = [_pad_stack([flat[i] for flat in flats], shapes[i], values[i])
                          for i in range(len(shapes))]
            except OpError as error:
                yield Failed(error)
                continue
            yield structure.pack_as(chunk[0], leaves)


def _padded_shape(value):
    """A padded_shapes entry as a TensorShape (-1 and None: unknown), read as TF reads it."""
    if isinstance(value, TensorShape):
        return value
    if isinstance(value, (list, tuple)) and all(s is None or isinstance(s, (int, np.integer)) for s in value):
        return TensorShape([None if s is None or s == -1 else int(s) for s in value])
    backing = convert(value)
    shape = TensorShape(list(backing.shape))
    if len(backing.shape) != 1:
        raise ValueError(f"Padded shape {value} must be a 1-D tensor of tf.int64 values, but its shape was {shape}.")
    dtype = elements.leaf_spec(backing).dtype
    if dtype not in (dtypes.int64, dtypes.int32):
        raise TypeError(f"Padded shape {value} must be a 1-D tensor of tf.int64 values, but its element type "
                        f"was {dtype.name}.")
    return TensorShape([None if s == -1 else s for s in backing.tolist()])


def _can_pad(padded, shape):
    """TF's rule: same rank, and no known padded dim smaller than the known input dim."""
    if padded.dims is None or shape.dims is None:
        return True
    if len(padded.dims) != len(shape.dims):
        return False
    return not any(want is not None and have is not None and want < have
                   for want, have in zip(padded.as_list(), shape.as_list()))


def _padding_value(dtype, value):
    backing = convert(value, dtype)
    if len(backing.shape) != 0:
        raise ValueError(f"Padding value should be a scalar, but is not: {value}")
    return backing


def _pad_stack(values, shape, padding):
    sizes = shape.as_list()
    for value in values:
        if len(value.shape) != len(sizes):
            raise InvalidArgumentError(None, None, f"All elements in a batch must have the same rank as the "
                                       f"padded shape for component0: expected rank {len(sizes)} but got "
                                       f"element with rank {len(value.shape)}")
    target = [size if size is not None else max(v.shape[d] for v in values) for d, size in enumerate(sizes)]
    for value in values:
        if any(have > want for have, want in zip(value.shape, target)):
            raise DataLossError(None, None, "Attempted to pad to a smaller size than the input element.")
    if type(padding) is np.ndarray:
        out = np.full([len(values)] + target, padding.item(), dtype=object)
    else:
        out = torch.full([len(values)] + target, padding.item(), dtype=padding.dtype, device=values[0].device)
    for row, value in enumerate(values):
        out[(row,) + tuple(slice(0, d) for d in value.shape)] = value
    return out


@implements("unbatch")
class UnbatchDataset(Dataset):
    """Each element split along its first dimension into that many elements."""

    def __init__(self, dataset):
        self._input = dataset
        for leaf in structure.spec_leaves(dataset._spec):
            if isinstance(leaf, DatasetSpec) or leaf.shape.ndims == 0:
                raise ValueError("Cannot unbatch an input with scalar components.")

    def _compute_spec(self):
        return structure.map_spec(lambda leaf: leaf.with_shape(leaf.shape[1:]), self._input._spec)

    def _elements(self):
        sparse = structure.has_sparse(self._input._spec)
        for element in self._input._elements():
            if type(element) is Failed:
                yield element
                continue
            leaves = structure.flatten(element)
            if sparse:
                yield from _unbatched_with_sparse(element, leaves)
                continue
            sizes = {leaf.shape[0] for leaf in leaves}
            if len(sizes) != 1:
                yield Failed(_unequal_batch_sizes())
                continue
            for i in range(sizes.pop()):
                yield structure.pack_as(element, [leaf[i, ...] for leaf in leaves])


def _unequal_batch_sizes():
    return InvalidArgumentError(None, None, "Input element must have the same batch size in each component.")


def _unbatched_with_sparse(element, leaves):
    """The rows of an element with sparse components (each sparse row keeps the dense shape [1:])."""
    try:
        columns = [sparse_components.unbatched(leaf) if type(leaf) is SparseTensor
                   else [leaf[i, ...] for i in range(leaf.shape[0])] for leaf in leaves]
    except OpError as error:
        yield Failed(error)
        return
    sizes = {int(leaf.dense_shape._t[0]) if type(leaf) is SparseTensor else leaf.shape[0] for leaf in leaves}
    if len(sizes) != 1:
        yield Failed(_unequal_batch_sizes())
        return
    for row in zip(*columns):
        yield structure.pack_as(element, list(row))


class ListDataset(Dataset):
    """The elements of a Python list (a window's contents)."""

    def __init__(self, elements, spec):
        self._list, self._spec_value = elements, spec

    def _compute_spec(self):
        return self._spec_value

    def _elements(self):
        return iter(self._list)


@implements("window")
class WindowDataset(Dataset):
    """Windows of ``size`` elements ``stride`` apart, starting every ``shift`` elements; each
    window is the input's structure with a Dataset for each component."""

    def __init__(self, dataset, size, shift=None, stride=1, drop_remainder=False):
        self._input = dataset
        self._size = scalar_int(size, "size", "WindowDataset")
        self._shift = self._size if shift is None else scalar_int(shift, "shift", "WindowDataset")
        self._stride = scalar_int(stride, "stride", "WindowDataset")
        self._drop = bool(drop_remainder)
        for name, value in (("size", self._size), ("shift", self._shift), ("stride", self._stride)):
            if value <= 0:
                raise invalid_argument(f"Window {name} must be greater than zero, but got {value}.",
                                       "WindowDataset")

    def _compute_spec(self):
        return structure.map_spec(DatasetSpec, self._input._spec)

    def _window(self, elements):
        spec = self._input._spec
        leaves = structure.spec_leaves(spec)
        columns = list(zip(*[structure.flatten(element) for element in elements]))
        return structure.pack_spec(spec, [ListDataset(list(column), leaf) for column, leaf in zip(columns, leaves)])

    def _elements(self):
        span = (self._size - 1) * self._stride + 1
        buffer = []
        elements = self._input._elements()
        exhausted = False
        while True:
            if not exhausted:
                buffer.extend(itertools.islice(elements, span - len(buffer)))
                exhausted = len(buffer) < span
            if not buffer or (exhausted and self._drop):
                return
            window = buffer[:span:self._stride]
            failed = next((e for e in window if type(e) is Failed), None)
            yield failed if failed is not None else self._window(window)
            if self._shift >= len(buffer):
                if not exhausted:
                    for _ in itertools.islice(elements, self._shift - len(buffer)):
                        pass
                buffer = []
            else:
                buffer = buffer[self._shift:]
