"""tf.RaggedTensor as TF 1.15 has it: ``values`` (a Tensor or another RaggedTensor) split into rows
by ``row_splits`` (an int64 or int32 vector [nrows + 1], starting at 0, ascending, ending at nvals).

A RaggedTensor holds tfcompat Tensors, so its flat values stay torch tensors (or, for tf.string,
object ndarrays) on their device and torch autograd sees the ops that map them.  Indexing lives in
ragged_getitem.py, the operators in ragged_operators.py and the dense and sparse conversions
(from_tensor, to_tensor, to_sparse) in ragged_conversion.py, which attach themselves to the class as
TF's own modules attach __getitem__ and the operators.
"""

import numpy as np
import torch

from ...framework import dtypes
from ...framework.dtypes import as_dtype
from ...framework.errors import InvalidArgumentError
from ...framework.sparse_tensor import SparseTensor, as_sparse, components
from ...framework.tensor import Tensor, convert, wrap
from ...framework.tensor_shape import TensorShape
from ...registry import PARTIAL, export
from .ragged_tensor_value import RaggedTensorValue

_SPLIT_DTYPES = (torch.int64, torch.int32)


# --- backings (torch tensors, or object ndarrays for tf.string) -----------------------------------

def take(backing, index):
    """``backing[index]`` along axis 0 for a torch or object-ndarray ``backing`` and a torch long ``index``."""
    if type(backing) is np.ndarray:
        return backing[index.cpu().numpy()]
    return backing[index.to(backing.device)]


def concat(parts):
    if type(parts[0]) is np.ndarray:
        return np.concatenate(parts)
    return torch.cat([part.to(parts[0].device) for part in parts])


def rowids_of(splits):
    """The row of each value (a torch long vector) for the torch ``splits`` (a binary search: CPU
    repeat_interleave is far slower for this)."""
    splits = splits.long()
    positions = torch.arange(int(splits[0]), int(splits[-1]), device=splits.device)
    return torch.searchsorted(splits, positions, right=True) - 1


def splits_of_lengths(lengths, dtype):
    zero = torch.zeros(1, dtype=dtype, device=lengths.device)
    return torch.cat([zero, torch.cumsum(lengths, 0, dtype=dtype)])


def _nvals(values):
    """The size of the outer dimension of ``values`` (a RaggedTensor or Tensor)."""
    if type(values) is RaggedTensor:
        return values._row_splits._t.shape[0] - 1
    return values._t.shape[0]


# --- conversion of arguments -----------------------------------------------------------------------

def convert_values(values):
    """``values`` as a RaggedTensor or a Tensor of rank >= 1 (TF's convert_to_tensor_or_ragged_tensor)."""
    if type(values) is RaggedTensor:
        return values
    if isinstance(values, RaggedTensorValue):
        return RaggedTensor.from_nested_row_splits(values.flat_values, values.nested_row_splits, validate=False)
    tensor = values if type(values) is Tensor else wrap(convert(values))
    if tensor._t.ndim == 0:
        raise ValueError("Shape () must have rank at least 1")
    return tensor


def _partition(value, name, values):
    """A row-partitioning argument as an int32/int64 torch vector: Python values take the row splits
    dtype of a ragged ``values`` (int64 otherwise), as TF's dtype hint does."""
    hint = values._row_splits._t.dtype if type(values) is RaggedTensor else torch.int64
    if type(value) is Tensor or isinstance(value, np.ndarray) and value.dtype in (np.int32, np.int64):
        backing = convert(value)  # a dtype hint does not change a tensor's (or an integer ndarray's) dtype
    else:
        try:
            backing = convert(value, dtypes.TORCH_TO_TF[hint])
        except (TypeError, ValueError):
            backing = convert(value)
    if type(backing) is np.ndarray or backing.dtype not in _SPLIT_DTYPES:
        raise ValueError(f"{name} must have dtype int32 or int64")
    if backing.ndim != 1:
        raise ValueError(f"Shape {TensorShape(list(backing.shape))} must have rank 1")
    if type(values) is RaggedTensor and values._row_splits._t.dtype != backing.dtype:
        raise ValueError("dtype mismatch: " + dtypes.TORCH_TO_TF[backing.dtype].name + " vs " +
                         values.row_splits.dtype.name)
    return backing


def _check_validate(validate):
    if not isinstance(validate, bool):
        raise TypeError("validate must have type bool")


def _invalid(factory, condition):
    """TF 1.15's failed validation: its check_ops message, then the condition that did not hold."""
    return InvalidArgumentError(None, None, f"Arguments to {factory} do not form a valid RaggedTensor\n"
                                            f"Condition {condition} did not hold element-wise")


def _check_splits(splits, nvals, factory):
    if splits.shape[0] == 0:
        raise ValueError("row_splits tensor may not be empty.")
    host = splits.cpu()
    if int(host[0]) != 0:
        raise _invalid(factory, "row_splits[0] == 0")
    if bool((host[1:] < host[:-1]).any()):
        raise _invalid(factory, "row_splits[1:] - row_splits[:-1] >= 0")
    if int(host[-1]) != nvals:
        raise _invalid(factory, "row_splits[-1] == nvals")


def ragged_rows(rows, flat):
    """The RaggedTensor whose rows have the lengths of the lists ``rows`` and whose values are the backing
    ``flat`` (the rows' items, concatenated); int64 row splits on ``flat``'s device."""
    lengths = torch.tensor([len(row) for row in rows], dtype=torch.int64)
    device = torch.device("cpu") if type(flat) is np.ndarray else flat.device
    return _build(wrap(flat), splits_of_lengths(lengths, torch.int64).to(device))


def _build(values, splits):
    """A RaggedTensor around already-checked ``values`` and ``splits`` (a torch vector, or the caller's
    Tensor, kept as it is: TF returns the very row_splits tensor it was given)."""
    rt = object.__new__(RaggedTensor)
    rt._values = values
    rt._row_splits = splits if type(splits) is Tensor else wrap(splits)
    return rt


# --- the class -----------------------------------------------------------------------------------------

@export("RaggedTensor", status=PARTIAL,
        note="Eager only, TF 1.15's API (no uniform_row_length, RowPartition or TF 2.x methods); validate=True "
             "checks run at once. The operators, tf.cast, tf.reduce_* and the elementwise tf.math ops (tf.add, "
             "tf.math.log ...) take RaggedTensors as TF 1.15 dispatches them, a dense operand only when it "
             "broadcasts against one flat value; other tf.* ops (tf.concat, tf.gather ...) and tf.data do not.")
class RaggedTensor:
    """A tensor with one or more ragged dimensions: ``values`` split into rows by ``row_splits``."""

    __slots__ = ("_values", "_row_splits", "__weakref__")

    def __init__(self, values, row_partition, internal=False):
        if not internal:
            raise ValueError("RaggedTensor constructor is private; please use one of the factory methods "
                             "instead (e.g., RaggedTensor.from_row_lengths())")
        values = convert_values(values)
        self._values = values
        self._row_splits = wrap(_partition(row_partition, "row_splits", values))

    # --- factories ---

    @classmethod
    def from_row_splits(cls, values, row_splits, name=None, validate=True):
        _check_validate(validate)
        values = convert_values(values)
        splits = _partition(row_splits, "row_splits", values)
        if splits.shape[0] == 0:
            raise ValueError("row_splits tensor may not be empty.")
        if validate:
            _check_splits(splits, _nvals(values), "from_row_splits")
        return _build(values, row_splits if type(row_splits) is Tensor and row_splits._t is splits else splits)

    @classmethod
    def from_row_lengths(cls, values, row_lengths, name=None, validate=True):
        _check_validate(validate)
        values = convert_values(values)
        lengths = _partition(row_lengths, "row_lengths", values)
        if validate:
            if bool((lengths < 0).any()):
                raise _invalid("from_row_lengths", "row_lengths >= 0")
            if int(lengths.sum()) != _nvals(values):
                raise _invalid("from_row_lengths", "sum(row_lengths) == nvals")
        return _build(values, splits_of_lengths(lengths, lengths.dtype))

    @classmethod
    def from_value_rowids(cls, values, value_rowids, nrows=None, name=None, validate=True):
        _check_validate(validate)
        values = convert_values(values)
        rowids = _partition(value_rowids, "value_rowids", values)
        host = rowids.cpu()
        if nrows is None:
            count = int(host[-1]) + 1 if host.shape[0] else 0
        else:
            count = int(_partition([nrows] if not isinstance(nrows, Tensor) else wrap(convert(nrows).reshape(1)),
                                   "nrows", values)[0])
            if count < 0:
                raise ValueError(f"Expected nrows >= 0; got {count}")
        if validate:
            if host.shape[0] and (int(host[0]) < 0 or bool((host[1:] < host[:-1]).any())):
                raise _invalid("from_value_rowids", "value_rowids[1:] - value_rowids[:-1] >= 0")
            if host.shape[0] and int(host[-1]) >= count:
                raise _invalid("from_value_rowids", "value_rowids[-1] < nrows")
            if host.shape[0] != _nvals(values):
                raise _invalid("from_value_rowids", "size(value_rowids) == nvals")
        lengths = torch.bincount(rowids.long().clamp(0, max(count - 1, 0)), minlength=count)[:count]
        return _build(values, splits_of_lengths(lengths, rowids.dtype))

    @classmethod
    def from_row_starts(cls, values, row_starts, name=None, validate=True):
        _check_validate(validate)
        values = convert_values(values)
        starts = _partition(row_starts, "row_starts", values)
        nvals = torch.tensor([_nvals(values)], dtype=starts.dtype, device=starts.device)
        splits = torch.cat([starts, nvals])
        if validate:
            host = starts.cpu()
            if host.shape[0] and (int(host[0]) != 0 or bool((host[1:] < host[:-1]).any())
                                  or int(host[-1]) > int(nvals[0])):
                raise _invalid("from_row_starts", "row_starts[0] == 0, ascending, <= nvals")
        return _build(values, splits)

    @classmethod
    def from_row_limits(cls, values, row_limits, name=None, validate=True):
        _check_validate(validate)
        values = convert_values(values)
        limits = _partition(row_limits, "row_limits", values)
        splits = torch.cat([torch.zeros(1, dtype=limits.dtype, device=limits.device), limits])
        if validate:
            host = limits.cpu()
            if host.shape[0] and (int(host[0]) < 0 or bool((host[1:] < host[:-1]).any())):
                raise _invalid("from_row_limits", "row_limits >= 0, ascending")
            if int(splits[-1]) != _nvals(values):
                raise _invalid("from_row_limits", "row_limits[-1] == nvals")
        return _build(values, splits)

    @classmethod
    def from_nested_row_splits(cls, flat_values, nested_row_splits, name=None, validate=True):
        _check_validate(validate)
        if isinstance(nested_row_splits, (Tensor, np.ndarray)) or not isinstance(nested_row_splits, (list, tuple)):
            raise TypeError("nested_row_splits must be a list of Tensors")
        result = flat_values
        for splits in reversed(nested_row_splits):
            result = cls.from_row_splits(result, splits, validate=validate)
        return convert_values(result)

    @classmethod
    def from_nested_row_lengths(cls, flat_values, nested_row_lengths, name=None, validate=True):
        _check_validate(validate)
        if isinstance(nested_row_lengths, (Tensor, np.ndarray)) or not isinstance(nested_row_lengths, (list, tuple)):
            raise TypeError("nested_row_lengths must be a list of Tensors")
        result = flat_values
        for lengths in reversed(nested_row_lengths):
            result = cls.from_row_lengths(result, lengths, validate=validate)
        return convert_values(result)

    @classmethod
    def from_nested_value_rowids(cls, flat_values, nested_value_rowids, nested_nrows=None, name=None,
                                 validate=True):
        _check_validate(validate)
        if isinstance(nested_value_rowids, (Tensor, np.ndarray)) or not isinstance(nested_value_rowids,
                                                                                 (list, tuple)):
            raise TypeError("nested_value_rowids must be a list of Tensors")
        if nested_nrows is None:
            nested_nrows = [None] * len(nested_value_rowids)
        elif isinstance(nested_nrows, (Tensor, np.ndarray)) or not isinstance(nested_nrows, (list, tuple)):
            raise TypeError("nested_nrows must be a list of Tensors")
        if len(nested_nrows) != len(nested_value_rowids):
            raise ValueError("nested_nrows must have the same length as nested_value_rowids")
        result = flat_values
        for rowids, nrows in reversed(list(zip(nested_value_rowids, nested_nrows))):
            result = cls.from_value_rowids(result, rowids, nrows, validate=validate)
        return convert_values(result)

    @classmethod
    def from_sparse(cls, st_input, name=None, row_splits_dtype=dtypes.int64):
        if not isinstance(st_input, SparseTensor):
            raise TypeError(f"st_input must be a SparseTensor; got {type(st_input).__name__}")
        indices, values, dense_shape = components(as_sparse(st_input, "from_sparse"))
        if len(dense_shape) != 2:
            raise ValueError("rank(st_input) must be 2.")
        if indices.shape[0]:
            rows, cols = indices[:, 0], indices[:, 1]
            linear = rows * max(dense_shape[1], 1) + cols
            expected_cols = torch.arange(indices.shape[0], device=indices.device) - splits_of_lengths(
                torch.bincount(rows, minlength=dense_shape[0]), torch.int64)[rows]
            if bool((linear[1:] <= linear[:-1]).any()) or not torch.equal(cols, expected_cols):
                raise InvalidArgumentError(None, None, "Expected 'tf.Tensor(False, shape=(), dtype=bool)' to be true. "
                                                       "Summarized data: b'SparseTensor is not right-ragged'")
        split_dtype = as_dtype(row_splits_dtype)._torch
        counts = torch.bincount(indices[:, 0], minlength=dense_shape[0]) if indices.shape[0] else torch.zeros(
            dense_shape[0], dtype=torch.int64, device=indices.device)
        return _build(wrap(values), splits_of_lengths(counts, split_dtype))

    # --- accessors ---

    @property
    def dtype(self):
        return self._values.dtype

    @property
    def shape(self):
        nrows = self._row_splits._t.shape[0] - 1
        return TensorShape([nrows, None] + list(self._values.shape.as_list()[1:]))

    def get_shape(self):
        return self.shape

    @property
    def ragged_rank(self):
        values = self._values
        return values.ragged_rank + 1 if type(values) is RaggedTensor else 1

    @property
    def values(self):
        return self._values

    @property
    def row_splits(self):
        return self._row_splits

    @property
    def flat_values(self):
        values = self._values
        while type(values) is RaggedTensor:
            values = values._values
        return values

    @property
    def nested_row_splits(self):
        splits, rt = [self._row_splits], self._values
        while type(rt) is RaggedTensor:
            splits.append(rt._row_splits)
            rt = rt._values
        return tuple(splits)

    def value_rowids(self, name=None):
        splits = self._row_splits._t
        return wrap(rowids_of(splits).to(splits.dtype))

    def nrows(self, out_type=None, name=None):
        splits = self._row_splits._t
        dtype = splits.dtype if out_type is None else as_dtype(out_type)._torch
        return wrap(torch.tensor(splits.shape[0] - 1, dtype=dtype, device=splits.device))

    def row_starts(self, name=None):
        return wrap(self._row_splits._t[:-1])

    def row_limits(self, name=None):
        return wrap(self._row_splits._t[1:])

    def row_lengths(self, axis=1, name=None):
        if not isinstance(axis, int) or isinstance(axis, bool):
            raise TypeError("axis must be an integer")
        rank = self.shape.ndims
        if axis < 0:
            axis += rank
        if axis == 0:
            return self.nrows()
        if axis == 1:
            splits = self._row_splits._t
            return wrap(splits[1:] - splits[:-1])
        if type(self._values) is RaggedTensor:
            return self.with_values(self._values.row_lengths(axis - 1))
        if not 0 <= axis < rank:
            raise ValueError(f"axis={axis} out of bounds: expected 0 <= axis < {rank}")
        shape = self._values.shape.as_list()
        size = shape[axis - 1]
        filled = torch.full(self._values._t.shape[:axis - 1], size, dtype=self._row_splits._t.dtype,
                            device=self._row_splits._t.device)
        return self.with_values(wrap(filled))

    def nested_row_lengths(self, name=None):
        return tuple(wrap(s._t[1:] - s._t[:-1]) for s in self.nested_row_splits)

    def bounding_shape(self, axis=None, name=None, out_type=None):
        dims = _bounding_dims(self)
        dtype = self._row_splits._t.dtype if out_type is None else as_dtype(out_type)._torch
        shape = torch.tensor(dims, dtype=dtype, device=self._row_splits._t.device)
        return wrap(shape if axis is None else shape[axis])

    def with_values(self, new_values):
        new_values = convert_values(new_values)
        if _nvals(new_values) != _nvals(self._values):
            raise ValueError(f"Shapes ({_nvals(self._values)},) and ({_nvals(new_values)},) are incompatible")
        if type(new_values) is RaggedTensor and new_values._row_splits._t.dtype != self._row_splits._t.dtype:
            raise ValueError("self and new_values have mismatched row_splits dtypes; use "
                             "RaggedTensor.with_row_splits_dtype() to convert them to compatible dtypes.")
        return _build(new_values, self._row_splits._t)

    def with_flat_values(self, new_values):
        values = self._values
        if type(values) is RaggedTensor:
            return self.with_values(values.with_flat_values(new_values))
        return self.with_values(new_values)

    def with_row_splits_dtype(self, dtype):
        dtype = as_dtype(dtype)
        if dtype not in (dtypes.int32, dtypes.int64):
            raise ValueError("dtype must be int32 or int64")
        values = self._values
        if type(values) is RaggedTensor:
            values = values.with_row_splits_dtype(dtype)
        return _build(values, self._row_splits._t.to(dtype._torch))

    # --- conversion ---

    def to_list(self):
        flat = self.flat_values._t
        rows = flat.tolist() if type(flat) is np.ndarray else flat.detach().cpu().numpy().tolist()
        for splits in reversed(self.nested_row_splits):
            bounds = splits._t.tolist()
            rows = [rows[start:limit] for start, limit in zip(bounds[:-1], bounds[1:])]
        return rows

    def numpy(self):
        flat = self.flat_values.numpy()
        rows = [flat]
        for splits in reversed(self.nested_row_splits):
            bounds = splits._t.tolist()
            parts = [rows[0][start:limit] if len(rows) == 1 else rows[start:limit]
                     for start, limit in zip(bounds[:-1], bounds[1:])]
            rows = _object_vector(parts)
        return rows

    def _to_value(self):
        """The RaggedTensorValue of this tensor (NumPy components), as TF's eager evaluation gives it."""
        value = self.flat_values.numpy()
        for splits in reversed(self.nested_row_splits):
            value = RaggedTensorValue(value, splits.numpy())
        return value

    # --- printing, Python protocol ---

    def __repr__(self):
        return f"<tf.RaggedTensor {self.to_list()}>"

    __str__ = __repr__

    def __bool__(self):
        raise TypeError("RaggedTensor may not be used as a boolean.")

    __nonzero__ = __bool__

    def __iter__(self):
        raise TypeError("'RaggedTensor' object is not iterable")

    def __hash__(self):
        return id(self)

    def consumers(self):
        return []

    @property
    def device(self):
        return self.flat_values.device


def _object_vector(items):
    vector = np.empty(len(items), dtype=object)
    vector[:] = items
    return vector


def _bounding_dims(rt):
    """[nrows, max row length at each ragged level, inner dims...] of ``rt``."""
    dims = [rt._row_splits._t.shape[0] - 1]
    level = rt
    while type(level) is RaggedTensor:
        splits = level._row_splits._t
        lengths = splits[1:] - splits[:-1]
        dims.append(int(lengths.max()) if lengths.shape[0] else 0)
        level = level._values
    return dims + list(level._t.shape[1:])


def is_ragged(value):
    return type(value) is RaggedTensor or isinstance(value, RaggedTensorValue)

