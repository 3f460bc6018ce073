"""Iterators over datasets: one-shot iterators, ``tfe.Iterator`` and Python iteration."""

from ..framework.errors import OutOfRangeError
from ..registry import PARTIAL, export
from . import elements
from .dataset_ops import Dataset, implements
from .structure import Failed


@implements("make_one_shot_iterator")
@export("data.Iterator", "contrib.eager.Iterator", "contrib.data.Iterator", status=PARTIAL,
        note="Eager iterators only: `Iterator(dataset)`, `get_next()`, `next()` and Python iteration; "
             "the graph constructors `from_structure` and `from_string_handle` are not available.")
class Iterator:
    """Streams a dataset's elements: ``get_next()`` raises OutOfRangeError at the end,
    Python iteration (``next(it)``, ``it.next()``) raises StopIteration."""

    def __init__(self, dataset):
        if not isinstance(dataset, Dataset):
            raise TypeError(f"`dataset` must be a tf.data.Dataset, got {type(dataset).__name__}")
        self._dataset = dataset
        self._elements = dataset._elements()

    def __iter__(self):
        return self

    def __next__(self):
        try:
            element = next(self._elements)
        except StopIteration:
            self._elements = iter(())  # the pipeline (its generators, threads, files) is released at the end
            raise
        if type(element) is Failed:
            raise element.error
        return elements.to_user(element)

    next = __next__

    def get_next(self, name=None):
        try:
            return self.__next__()
        except StopIteration:
            raise OutOfRangeError(None, None, "End of sequence") from None

    @property
    def output_types(self):
        return self._dataset.output_types

    @property
    def output_shapes(self):
        return self._dataset.output_shapes

    @property
    def output_classes(self):
        return self._dataset.output_classes


@export("data.make_one_shot_iterator")
def make_one_shot_iterator(dataset):
    return Iterator(dataset)


@export("data.make_initializable_iterator")
def make_initializable_iterator(dataset, shared_name=None):
    if not isinstance(dataset, Dataset):
        raise TypeError(f"`dataset` must be a tf.data.Dataset, got {type(dataset).__name__}")
    return dataset.make_initializable_iterator(shared_name)


def _spec_holder(dataset_or_iterator, what):
    if not isinstance(dataset_or_iterator, (Dataset, Iterator)):
        raise TypeError(f"`dataset_or_iterator` must be a `tf.data.Dataset` or tf.data.Iterator object, "
                        f"but got {type(dataset_or_iterator)}.")
    return getattr(dataset_or_iterator, what)


@export("data.get_output_types")
def get_output_types(dataset_or_iterator):
    return _spec_holder(dataset_or_iterator, "output_types")


@export("data.get_output_shapes")
def get_output_shapes(dataset_or_iterator):
    return _spec_holder(dataset_or_iterator, "output_shapes")


@export("data.get_output_classes")
def get_output_classes(dataset_or_iterator):
    return _spec_holder(dataset_or_iterator, "output_classes")
