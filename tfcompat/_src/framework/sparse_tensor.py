"""tf.SparseTensor and tf.SparseTensorValue: ``values`` at ``indices`` of a tensor of shape ``dense_shape``.

As in TF 1.15 (tensorflow/python/framework/sparse_tensor.py): ``indices`` is an int64 matrix
[N, rank], ``values`` a vector of N elements of any dtype, ``dense_shape`` an int64 vector; the
constructor checks their ranks and that they agree.  The sparse ops are in ops/sparse_ops.py.
"""

import collections

import numpy as np
import torch

from . import dtypes
from .tensor import Tensor, convert, wrap
from .tensor_shape import TensorShape
from ..registry import export

SparseTensorValue = export("SparseTensorValue")(
    collections.namedtuple("SparseTensorValue", ["indices", "values", "dense_shape"]))


def _static_shape(backing):
    return tuple(backing.shape)


@export("SparseTensor", "sparse.SparseTensor")
class SparseTensor:
    """A sparse tensor: ``indices`` (int64 [N, rank]), ``values`` ([N]) and ``dense_shape`` (int64 [rank])."""

    __slots__ = ("_indices", "_values", "_dense_shape")

    def __init__(self, indices, values, dense_shape):
        indices_backing = convert(indices, dtypes.int64)
        values_backing = convert(values)
        shape_backing = convert(dense_shape, dtypes.int64)
        _check_rank(indices_backing, 2)
        _check_rank(values_backing, 1)
        _check_rank(shape_backing, 1)
        count, rank = _static_shape(indices_backing)
        if _static_shape(values_backing)[0] != count:
            raise ValueError(f"Dimensions {count} and {_static_shape(values_backing)[0]} are not compatible")
        if _static_shape(shape_backing)[0] != rank:
            raise ValueError(f"Dimensions {rank} and {_static_shape(shape_backing)[0]} are not compatible")
        self._indices = wrap(indices_backing)
        self._values = wrap(values_backing)
        self._dense_shape = wrap(shape_backing)

    @classmethod
    def from_value(cls, sparse_tensor_value):
        if isinstance(sparse_tensor_value, SparseTensor):
            return sparse_tensor_value
        if not isinstance(sparse_tensor_value, SparseTensorValue):
            raise TypeError(f"Neither a SparseTensor nor SparseTensorValue: {sparse_tensor_value}.")
        return cls(sparse_tensor_value.indices, sparse_tensor_value.values, sparse_tensor_value.dense_shape)

    @property
    def indices(self):
        return self._indices

    @property
    def values(self):
        return self._values

    @property
    def dense_shape(self):
        return self._dense_shape

    @property
    def dtype(self):
        return self._values.dtype

    @property
    def shape(self):
        return TensorShape([int(size) for size in self._dense_shape._t.tolist()])

    def get_shape(self):
        return self.shape

    @property
    def device(self):
        return self._values.device

    def consumers(self):
        return []

    def __str__(self):
        return f"SparseTensor(indices={self._indices}, values={self._values}, dense_shape={self._dense_shape})"

    __repr__ = __str__


def _check_rank(backing, rank):
    shape = _static_shape(backing)
    if len(shape) != rank:
        raise ValueError(f"Shape {TensorShape(list(shape))} must have rank {rank}")


def as_sparse(value, function):
    """``value`` as a SparseTensor (a SparseTensorValue is converted); anything else is TF's TypeError."""
    if type(value) is SparseTensor:
        return value
    if isinstance(value, SparseTensorValue):
        return SparseTensor.from_value(value)
    if isinstance(value, SparseTensor):
        return value
    raise TypeError(f"{function}: Input must be a SparseTensor, got {type(value).__name__}")


def is_sparse(value):
    return isinstance(value, (SparseTensor, SparseTensorValue))


def components(sparse):
    """The backing (indices, values, dense_shape) of a SparseTensor: torch int64, torch or object ndarray, host ints."""
    return sparse._indices._t, sparse._values._t, [int(size) for size in sparse._dense_shape._t.tolist()]


def from_components(indices, values, dense_shape):
    """A SparseTensor around already-checked backings (no conversion, no checks)."""
    sparse = object.__new__(SparseTensor)
    sparse._indices = wrap(indices)
    sparse._values = wrap(values)
    sparse._dense_shape = wrap(dense_shape) if not isinstance(dense_shape, (list, tuple)) else wrap(
        _int64_vector(dense_shape, indices))
    return sparse


def _int64_vector(sizes, like):
    return torch.tensor(list(sizes), dtype=torch.int64, device=like.device)


def is_string(values):
    return type(values) is np.ndarray


# --- conversion and type specs ------------------------------------------------------------------------

@export("convert_to_tensor_or_sparse_tensor")
def convert_to_tensor_or_sparse_tensor(value, dtype=None, name=None):
    """``value`` itself when sparse (a SparseTensorValue as a SparseTensor), else ``value`` as a Tensor."""
    if dtype is not None:
        dtype = dtypes.as_dtype(dtype)
    if isinstance(value, SparseTensorValue):
        value = SparseTensor.from_value(value)
    if isinstance(value, SparseTensor):
        if dtype is not None and dtype != value.dtype:
            raise RuntimeError(f"Sparse dtype: requested = {dtype.name}, actual = {value.dtype.name}")
        return value
    if type(value) is Tensor and dtype is None:
        return value
    return wrap(convert(value, dtype, name))


@export("SparseTensorSpec")
class SparseTensorSpec:
    """The type of a SparseTensor: the dtype of its values and its (possibly partial) dense shape."""

    __slots__ = ("_shape", "_dtype")

    def __init__(self, shape=None, dtype=dtypes.float32):
        self._shape = TensorShape(shape)
        self._dtype = dtypes.as_dtype(dtype)

    @property
    def shape(self):
        return self._shape

    @property
    def dtype(self):
        return self._dtype

    @property
    def value_type(self):
        return SparseTensor

    @classmethod
    def from_value(cls, value):
        sparse = SparseTensor.from_value(value)
        return cls(sparse.shape, sparse.dtype)

    def is_compatible_with(self, spec_or_value):
        other = spec_or_value if isinstance(spec_or_value, SparseTensorSpec) else (
            SparseTensorSpec.from_value(spec_or_value) if is_sparse(spec_or_value) else None)
        return (other is not None and other._dtype == self._dtype
                and other._shape.is_compatible_with(self._shape))

    def most_specific_compatible_type(self, other):
        if not isinstance(other, SparseTensorSpec) or other._dtype != self._dtype:
            raise ValueError(f"No TypeSpec is compatible with both {self!r} and {other!r}")
        return SparseTensorSpec(self._shape.most_specific_compatible_shape(other._shape), self._dtype)

    def __eq__(self, other):
        if not isinstance(other, SparseTensorSpec) or other._dtype != self._dtype:
            return False
        mine, theirs = self._shape, other._shape
        if mine.dims is None or theirs.dims is None:
            return mine.dims is None and theirs.dims is None
        return mine.as_list() == theirs.as_list()

    def __ne__(self, other):
        return not self == other

    def __hash__(self):
        return hash((SparseTensorSpec, self._dtype))

    def __repr__(self):
        return f"SparseTensorSpec({self._shape!r}, {self._dtype!r})"


@export("data.experimental.SparseTensorStructure")
def sparse_tensor_structure(dtype, shape):
    """TF 1.15's name for ``tf.SparseTensorSpec(shape, dtype)``."""
    return SparseTensorSpec(shape, dtype)
