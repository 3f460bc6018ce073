"""Dataset sources: from_tensors, from_tensor_slices, from_generator, range, list_files."""

import glob as _glob

import numpy as np
import torch

from ..framework import context, dtypes
from ..framework.errors import (InvalidArgumentError, OpError, OutOfRangeError, ResourceExhaustedError,
                                UnimplementedError, UnknownError, invalid_argument)
from ..framework.sparse_tensor import SparseTensor
from ..framework.tensor import convert
from ..framework.tensor_shape import TensorShape
from . import elements, sparse_components, structure
from .dataset_ops import Dataset, implements
from .structure import ComponentSpec, Failed


def _rows_of(backing, chunk=1024):
    """The slices of ``backing`` along dimension 0, made a chunk at a time (views, no copies)."""
    if type(backing) is np.ndarray:
        return (backing[i, ...] for i in range(backing.shape[0]))
    if type(backing) is SparseTensor:
        return sparse_components.rows(backing)
    return (row for block in torch.split(backing, chunk) for row in block.unbind(0))


def _leading_size(leaf):
    return int(leaf.dense_shape._t[0]) if type(leaf) is SparseTensor else leaf.shape[0]


@implements("from_tensors")
class TensorDataset(Dataset):
    """One element: ``tensors``."""

    def __init__(self, tensors):
        self._element = elements.to_host_element(tensors)

    def _compute_spec(self):
        return elements.spec_of(self._element)

    def _elements(self):
        return iter((self._element,))


@implements("from_tensor_slices")
class TensorSliceDataset(Dataset):
    """The rows (slices along dimension 0) of each component."""

    def __init__(self, tensors):
        self._rows = elements.to_host_element(tensors)
        leaves = structure.flatten(self._rows)
        if not leaves:
            raise ValueError("Expected at least one tensor")
        if any(isinstance(leaf, Dataset) for leaf in leaves):
            raise TypeError("from_tensor_slices does not take Datasets as components.")
        if any(len(leaf.shape) == 0 for leaf in leaves):
            raise ValueError("Unbatching a tensor is only supported for rank >= 1")
        self._sparse = any(type(leaf) is SparseTensor for leaf in leaves)
        if self._sparse:
            for leaf in leaves:
                if type(leaf) is SparseTensor:
                    sparse_components.check_sliceable(leaf)
        sizes = [_leading_size(leaf) for leaf in leaves]
        for size in sizes[1:]:
            if size != sizes[0]:
                raise ValueError(f"Dimensions {sizes[0]} and {size} are not compatible")
        self._size = sizes[0]
        self._flat = leaves

    def _compute_spec(self):
        return structure.map_spec(lambda leaf: leaf.with_shape(leaf.shape[1:]), elements.spec_of(self._rows))

    def _elements(self):
        rows, flat = self._rows, self._flat
        if not structure.is_structure(rows):
            return _rows_of(rows)
        columns = zip(*[_rows_of(leaf) for leaf in flat])
        if type(rows) is tuple and not any(structure.is_structure(item) for item in rows):
            # a flat tuple: the columns are the elements
            return columns
        return (structure.pack_as(rows, list(row)) for row in columns)

    def _index_plan(self):
        if self._sparse:  # sparse rows are not gathered by index
            return None
        return self._rows, lambda: iter(range(self._size))


@implements("range")
class RangeDataset(Dataset):
    """int64 scalars start, start + step, ... before stop (Python's range rule)."""

    def __init__(self, *args):
        if not 1 <= len(args) <= 3:
            raise ValueError("Invalid arguments to RangeDataset: " + str(args))
        values = [_int64_scalar(arg) for arg in args]
        start, stop, step = (0, values[0], 1) if len(values) == 1 else (values + [1])[:3]
        if step == 0:
            raise invalid_argument("step must be a non-zero integer.", "RangeDataset")
        self._range = range(start, stop, step)

    def _compute_spec(self):
        return ComponentSpec(dtypes.int64, TensorShape([]))

    def _elements(self, chunk=1024):
        numbers, step = self._range, self._range.step
        bound = max if step < 0 else min
        for first in range(numbers.start, numbers.stop, chunk * step):
            yield from torch.arange(first, bound(first + chunk * step, numbers.stop), step,
                                    dtype=torch.int64).unbind(0)


def _int64_scalar(value):
    backing = convert(value, dtypes.int64) if not isinstance(value, (int, np.integer)) else value
    if isinstance(backing, torch.Tensor):
        if backing.ndim != 0:
            raise invalid_argument(f"Expected a scalar argument, got shape {list(backing.shape)}", "RangeDataset")
        return int(backing.item())
    return int(backing)


@implements("from_generator")
class GeneratorDataset(Dataset):
    """Elements from a Python generator, converted to ``output_types``, checked against ``output_shapes``."""

    def __init__(self, generator, output_types, output_shapes=None, args=None):
        if not callable(generator):
            raise TypeError("`generator` must be callable.")
        types = structure.map_structure(dtypes.as_dtype, _as_structure(output_types))
        flat_types = structure.flatten(types)
        shapes = ([TensorShape(None)] * len(flat_types) if output_shapes is None
                  else [TensorShape(shape) for shape in structure.flatten_up_to(types, output_shapes)])
        self._generator = generator
        self._args = () if args is None else tuple(convert(arg) for arg in args)
        self._spec_value = structure.pack_as(types, [ComponentSpec(t, s) for t, s in zip(flat_types, shapes)])

    def _compute_spec(self):
        return self._spec_value

    def _elements(self):
        from ..framework.tensor import wrap  # noqa: PLC0415
        spec = self._spec_value
        try:
            values = iter(self._generator(*[wrap(arg).numpy() for arg in self._args]))
        except Exception as error:  # noqa: BLE001 - reported as TF's py_func reports it
            yield Failed(_py_func_error(error))
            return
        while True:
            try:
                value = next(values)
            except StopIteration:
                return
            except Exception as error:  # noqa: BLE001 - the generator is finished after an error
                yield Failed(_py_func_error(error))
                return
            try:
                element = _generator_element(value, spec)
            except OpError as error:  # a bad element is reported in its place; the generator goes on
                element = Failed(error)
            yield element


# How TF's py_func reports a Python exception raised by the generator.
_PY_FUNC_ERRORS = ((StopIteration, OutOfRangeError), (IndexError, OutOfRangeError),
                   (ValueError, InvalidArgumentError), (TypeError, InvalidArgumentError),
                   (MemoryError, ResourceExhaustedError), (NotImplementedError, UnimplementedError))


def _py_func_error(error):
    kind = next((tf_error for python_error, tf_error in _PY_FUNC_ERRORS if isinstance(error, python_error)),
                UnknownError)
    wrapped = kind(None, None, f"{type(error).__name__}: {error}")
    wrapped.__cause__ = error
    return wrapped


def _as_structure(output_types):
    """output_types as a tf.data structure: a list of types is a tuple."""
    return tuple(output_types) if isinstance(output_types, list) else output_types


def _generator_element(value, spec):
    if structure.is_leaf_spec(spec):
        return _generator_leaf(value, spec)
    if isinstance(spec, tuple):
        if not isinstance(value, (tuple, list)) or len(value) != len(spec):
            raise _structure_error(value, spec)
        items = [_generator_element(v, s) for v, s in zip(value, spec)]
        return type(spec)(*items) if hasattr(spec, "_fields") else tuple(items)
    if not isinstance(value, dict) or sorted(value) != sorted(spec):
        raise _structure_error(value, spec)
    return type(spec)((key, _generator_element(value[key], spec[key])) for key in sorted(spec))


def _structure_error(value, spec):
    types = str(structure.map_spec(repr, structure.output_types(spec))).replace("'", "")
    return InvalidArgumentError(None, None, f"TypeError: `generator` yielded an element that did not match the "
                                f"expected structure. The expected structure was {types}, but the yielded "
                                f"element was {value}.")


def _generator_leaf(value, spec):
    dtype, shape = spec.dtype, spec.shape
    try:
        with context.device("/cpu:0"):
            backing = convert(value, dtype)
    except (TypeError, ValueError) as error:
        raise InvalidArgumentError(None, None, f"TypeError: `generator` yielded an element that could not "
                                   f"be converted to the expected type. The expected type was "
                                   f"{dtype.name}, but the yielded element was {value}.") from error
    if not shape.is_compatible_with(TensorShape(list(backing.shape))):
        raise InvalidArgumentError(None, None, f"ValueError: `generator` yielded an element of shape "
                                   f"{_shape_text(backing.shape)} where an element of shape "
                                   f"{_shape_text(shape)} was expected.")
    return backing


def _shape_text(shape):
    sizes = shape.as_list() if isinstance(shape, TensorShape) and shape.dims is not None else list(shape)
    return "(" + ", ".join("?" if s is None else str(s) for s in sizes) + ("," if len(sizes) == 1 else "") + ")"


@implements("list_files")
def list_files(file_pattern, shuffle=None, seed=None):
    """The files matching ``file_pattern`` (a pattern or a list of them), as tf.string scalars.

    Like TF, the names are shuffled unless ``shuffle=False``; unsorted otherwise, so they
    are sorted here for a stable order.
    """
    patterns = convert(file_pattern, dtypes.string)
    patterns = [patterns.item()] if patterns.ndim == 0 else list(patterns.ravel())
    names = sorted({name for pattern in patterns
                    for name in _glob.glob(_text(pattern))})
    if not names:
        joined = ", ".join(_text(p) for p in patterns)
        raise InvalidArgumentError(None, None, "Expected 'tf.Tensor(False, shape=(), dtype=bool)' to be true. "
                                   f"Summarized data: b'No files matched pattern: {joined}'")
    dataset = TensorSliceDataset(np.array([name.encode() for name in names], dtype=object))
    if shuffle is None or shuffle:
        dataset = dataset.shuffle(len(names), seed=seed)
    return dataset


def _text(value):
    return value.decode() if isinstance(value, bytes) else str(value)
