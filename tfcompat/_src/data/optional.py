"""tf.data.experimental.Optional, get_next_as_optional and get_structure: an element that may
be absent, and element specs as tf.TensorSpec structures."""

import torch

from ..eager.function import TensorSpec
from ..framework import context
from ..framework.errors import InvalidArgumentError
from ..framework.tensor import wrap
from ..registry import export
from . import elements, structure
from .dataset_ops import Dataset
from .iterator_ops import Iterator
from .structure import ComponentSpec, DatasetSpec, Failed


def type_specs(spec):
    """An element spec as TF's: a tf.TensorSpec for each tensor component."""
    return structure.map_spec(
        lambda leaf: leaf if isinstance(leaf, DatasetSpec) else TensorSpec(leaf.shape, leaf.dtype), spec)


def _component_specs(value_structure):
    def component(leaf):
        if not isinstance(leaf, TensorSpec):
            raise TypeError(f"`value_structure` must be a (nested) structure of tf.TensorSpec, got {leaf!r}")
        return ComponentSpec(leaf.dtype, leaf.shape)
    return structure.map_structure(component, value_structure)


@export("data.experimental.Optional", "contrib.data.Optional")
class Optional:
    """A value that may be absent: ``has_value()`` says which, ``get_value()`` returns it.
    TF's class is abstract: ``from_value`` and ``none_from_structure`` make them."""

    _element = _spec = None

    @staticmethod
    def from_value(value):
        element = elements.to_element(value)
        return _OptionalImpl(element, elements.spec_of(element))

    @staticmethod
    def none_from_structure(value_structure):
        return _OptionalImpl(None, _component_specs(value_structure))

    def has_value(self, name=None):
        return wrap(torch.tensor(self._element is not None, device=context.current_device()))

    def get_value(self, name=None):
        if self._element is None:
            raise InvalidArgumentError(None, None, "The given optional does not have a value.")
        return elements.to_user(self._element)

    @property
    def value_structure(self):
        return type_specs(self._spec)

    def __repr__(self):
        return f"<tf.data.experimental.Optional value_structure={self.value_structure!r}>"


class _OptionalImpl(Optional):
    def __init__(self, element, spec):
        self._element, self._spec = element, spec


_END = object()


@export("data.experimental.get_next_as_optional", "contrib.data.get_next_as_optional")
def get_next_as_optional(iterator):
    """The iterator's next element as an Optional (empty at the end of the dataset)."""
    if not isinstance(iterator, Iterator):
        raise TypeError(f"`iterator` must be a tf.data.Iterator, got {type(iterator).__name__}")
    element = next(iterator._elements, _END)
    if element is _END:
        return _OptionalImpl(None, iterator._dataset._spec)
    if type(element) is Failed:
        raise element.error
    return _OptionalImpl(element, iterator._dataset._spec)


@export("data.experimental.get_structure")
def get_structure(dataset_or_iterator):
    """The element spec of a dataset or iterator, as tf.TensorSpec structures."""
    if isinstance(dataset_or_iterator, Iterator):
        dataset_or_iterator = dataset_or_iterator._dataset
    if not isinstance(dataset_or_iterator, Dataset):
        raise TypeError(f"`dataset_or_iterator` must be a Dataset or Iterator object, but got "
                        f"{type(dataset_or_iterator)}.")
    return type_specs(dataset_or_iterator._spec)


@export("data.experimental.TensorStructure")
def TensorStructure(dtype, shape):  # noqa: N802 - TF's name
    """TF 1.15's name for ``tf.TensorSpec(shape, dtype)`` (the structure of one tensor)."""
    return TensorSpec(shape, dtype)
