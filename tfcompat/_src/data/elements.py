"""Elements as user values: converting values into a pipeline's elements and back, their
specs, stand-in elements for tracing, and calling a dataset function on an element.

Here, unlike in ``structure.py`` (nesting and specs only), a leaf may be a Dataset
(``window``'s elements), so this module builds on ``dataset_ops``.
"""

import numpy as np
import torch

from ..framework import context
from ..framework.dtypes import to_torch_dtype
from ..framework.tensor import Tensor, convert, dtype_of, wrap
from ..framework.tensor_shape import TensorShape
from ..framework.sparse_tensor import SparseTensor, SparseTensorValue
from . import sparse_components
from .dataset_ops import Dataset
from .structure import ComponentSpec, DatasetSpec, SparseSpec, map_spec, map_structure, sorted_keys


# --- values in and out -------------------------------------------------------------------------------

def _leaf_in(value):
    if type(value) is Tensor:
        return convert(value)
    if isinstance(value, Dataset):
        return value
    if sparse_components.is_component(value):
        return sparse_components.to_component(value)
    if value is None:
        raise TypeError("Failed to convert object of type <class 'NoneType'> to Tensor. "
                        "Contents: None. Consider casting elements to a supported type.")
    return convert(value)


def to_element(value):
    """A user value (tensors, arrays, numbers, lists; nested) as an element of backing values."""
    kind = type(value)
    if kind is tuple:
        return tuple([to_element(item) for item in value])
    if kind is SparseTensorValue:  # a namedtuple, yet one sparse component
        return _leaf_in(value)
    if isinstance(value, tuple):
        items = [to_element(item) for item in value]
        return kind(*items) if hasattr(value, "_fields") else tuple(items)
    if isinstance(value, dict):
        return kind((key, to_element(value[key])) for key in sorted_keys(value))
    return _leaf_in(value)


def to_user(element):
    """An element as the user sees it: tfcompat tensors on the current device."""
    return _user(element, context.current_device())


def to_host_element(value):
    """``to_element`` with the backing values on the CPU, where TF keeps a dataset's tensors."""
    with context.device("/cpu:0"):
        return to_element(value)


def _user(element, device):
    kind = type(element)
    if kind is torch.Tensor:
        return wrap(element if element.device == device else element.to(device))
    if kind is tuple:
        return tuple([_user(item, device) for item in element])
    if kind is np.ndarray:
        return wrap(element)
    if kind is SparseTensor:
        return sparse_components.on_device(element, device)
    if isinstance(element, (tuple, dict)):
        return map_structure(lambda item: _user(item, device), element)
    return element  # a nested Dataset


# --- specs and stand-ins -------------------------------------------------------------------------------

def leaf_spec(backing):
    if isinstance(backing, Dataset):
        return DatasetSpec(backing._spec)
    if type(backing) is SparseTensor:
        return sparse_components.spec_of(backing)
    return ComponentSpec(dtype_of(backing), TensorShape(list(backing.shape)))


def spec_of(element):
    return map_structure(leaf_spec, element)


def dummy_element(spec, unknown_size):
    """An element matching ``spec`` for tracing: unknown dims, and every value, are ``unknown_size``, and
    an unknown rank is ``unknown_size`` (two traces at different sizes reveal dims that depend on shapes
    or values)."""
    def make(leaf):
        if isinstance(leaf, DatasetSpec):
            return Dataset.from_tensors(to_user(dummy_element(leaf.spec, unknown_size)))
        if type(leaf) is SparseSpec:
            return sparse_components.stand_in(leaf, unknown_size, context.current_device())
        dtype, shape = leaf.dtype, leaf.shape
        # an unknown rank is rank 1, then rank 2: results whose rank follows it get an unknown rank
        sizes = [unknown_size if size is None else size for size in shape.as_list()] if shape.dims is not None \
            else [unknown_size] * unknown_size
        if dtype.name == "string":
            return np.full(sizes, b"x" * unknown_size, dtype=object)
        return torch.full(sizes, unknown_size, dtype=to_torch_dtype(dtype), device=context.current_device())

    return map_spec(make, spec)


# --- calling dataset functions -------------------------------------------------------------------------

def call(function, element):
    """``function`` on an element as TF calls dataset functions: a tuple is unpacked into arguments."""
    args = to_user(element)
    result = function(*args) if type(element) is tuple else function(args)
    if isinstance(result, list):  # TF 1.x reads a returned list as a tuple of components
        result = tuple(result)
    return result
