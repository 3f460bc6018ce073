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
from .dataset_ops import Dataset
from .structure import ComponentSpec, DatasetSpec, map_spec, map_structure


# --- values in and out -------------------------------------------------------------------------------

def _leaf_in(value):
    if type(value) is Tensor:
        return convert(value)
    if isinstance(value, Dataset):
        return value
    if value is None:
        raise TypeError("Failed to convert object of type <class 'NoneType'> to Tensor. "
                        "Contents: None. Consider casting elements to a supported type.")
    return convert(value)


def to_element(value):
    """A user value (tensors, arrays, numbers, lists; nested) as an element of backing values."""
    if type(value) is tuple:
        return tuple([to_element(item) for item in value])
    if isinstance(value, (tuple, dict)):
        return map_structure(_leaf_in, value)
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
    if isinstance(element, (tuple, dict)):
        return map_structure(lambda item: _user(item, device), element)
    return element  # a nested Dataset


# --- specs and stand-ins -------------------------------------------------------------------------------

def leaf_spec(backing):
    if isinstance(backing, Dataset):
        return DatasetSpec(backing._spec)
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
