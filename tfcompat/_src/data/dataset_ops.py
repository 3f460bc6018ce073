"""tf.data.Dataset: the TF 1.x API over lazy Python pipelines.

A Dataset is an immutable description of a pipeline; iterating it (a fresh
Python generator each time, from ``_elements()``) streams elements one at a
time, so nothing is materialised unless a transformation needs it (``cache``,
``shuffle``'s buffer).  Sources live in ``sources.py``, transformations in
``transformations.py`` and ``batching.py``, iterators in ``iterator_ops.py``.

Those classes subclass Dataset, so they import this module and this module
imports none of them: each enters itself in ``_IMPLEMENTATIONS`` under the name
of the Dataset method it implements (``@implements("batch")``) when its module
is imported, and the method (its signature and TF's argument names stay here, the
one place a reader looks for them) builds it through that table.  tfcompat's
import walks every ``_src`` module, so the table is full before any program runs.

Datasets over rows of tensors (``from_tensor_slices``, then ``shuffle``,
``repeat``, ``take``, ``skip``, ``shard``) also offer an index plan (``_index_plan``):
the stream of row numbers they would produce, so ``batch`` gathers rows by
index in one op instead of slicing and stacking element by element.
"""

import numpy as np
import torch

from ..framework.errors import invalid_argument
from ..framework.sparse_tensor import SparseTensor
from ..framework.tensor import Tensor, convert
from ..registry import PARTIAL, export, export_constant
from . import structure
from .structure import DatasetSpec, SparseSpec

_IMPLEMENTATIONS = {}  # Dataset method name -> the class (or function) that implements it


def implements(method_name):
    """Decorator: the decorated class (or function) implements Dataset's method ``method_name``."""
    def register(implementation):
        _IMPLEMENTATIONS[method_name] = implementation
        return implementation
    return register


AUTOTUNE = -1
for _name in ("data.experimental.AUTOTUNE", "contrib.data.AUTOTUNE"):
    export_constant(_name, AUTOTUNE)


@export("data.Dataset", status=PARTIAL,
        note="Eager only. Ragged components are not supported, nor batches of datasets. A "
             "`map`/`interleave` function's output types and shapes (`output_shapes`) are found by calling it, "
             "when first asked, on stand-in elements of the input's spec (unknown dims and values 1, then 2; "
             "dims that change are unknown), so the function's Python side effects run then too.")
class Dataset:
    """A lazy pipeline of elements (TF 1.x DatasetV1, eager)."""

    # --- what subclasses provide ------------------------------------------------------------

    def _elements(self):
        """A fresh Python iterator over the elements (nested backing values)."""
        raise NotImplementedError

    def _compute_spec(self):
        raise NotImplementedError

    def _index_plan(self):
        """(rows, make_indices) where rows is an element of stacked backing values and
        make_indices() a fresh iterator of row numbers; None when elements are not rows."""
        return None

    @property
    def _spec(self):
        try:
            return self._spec_cache
        except AttributeError:
            self._spec_cache = self._compute_spec()
            return self._spec_cache

    # --- structure ------------------------------------------------------------------------------

    @property
    def output_types(self):
        return structure.output_types(self._spec)

    @property
    def output_shapes(self):
        return structure.output_shapes(self._spec)

    @property
    def output_classes(self):
        return structure.map_spec(_output_class, self._spec)

    def __repr__(self):
        # TF 1.x's text; every eager dataset was a DatasetV1Adapter there.
        shapes = str(structure.map_spec(str, self.output_shapes)).replace("'", "")
        types = str(structure.map_spec(repr, self.output_types)).replace("'", "")
        return f"<DatasetV1Adapter shapes: {shapes}, types: {types}>"

    # --- iteration ------------------------------------------------------------------------------

    def __iter__(self):
        return _IMPLEMENTATIONS["make_one_shot_iterator"](self)

    def make_one_shot_iterator(self):
        return _IMPLEMENTATIONS["make_one_shot_iterator"](self)

    def make_initializable_iterator(self, shared_name=None):
        raise RuntimeError("dataset.make_initializable_iterator is not supported when eager "
                           "execution is enabled. Use `for element in dataset` instead.")

    # --- sources ---------------------------------------------------------------------------------

    @staticmethod
    def from_tensors(tensors):
        return _IMPLEMENTATIONS["from_tensors"](tensors)

    @staticmethod
    def from_tensor_slices(tensors):
        return _IMPLEMENTATIONS["from_tensor_slices"](tensors)

    @staticmethod
    def from_generator(generator, output_types, output_shapes=None, args=None):
        return _IMPLEMENTATIONS["from_generator"](generator, output_types, output_shapes, args)

    @staticmethod
    def range(*args):
        return _IMPLEMENTATIONS["range"](*args)

    @staticmethod
    def zip(datasets):
        return _IMPLEMENTATIONS["zip"](datasets)

    @staticmethod
    def list_files(file_pattern, shuffle=None, seed=None):
        return _IMPLEMENTATIONS["list_files"](file_pattern, shuffle, seed)

    # --- transformations -------------------------------------------------------------------------

    def concatenate(self, dataset):
        return _IMPLEMENTATIONS["concatenate"](self, dataset)

    def map(self, map_func, num_parallel_calls=None):
        return _IMPLEMENTATIONS["map"](self, map_func, num_parallel_calls)

    def filter(self, predicate):
        return _IMPLEMENTATIONS["filter"](self, predicate)

    def flat_map(self, map_func):
        return _IMPLEMENTATIONS["interleave"](self, map_func, cycle_length=1, block_length=1)

    def interleave(self, map_func, cycle_length=AUTOTUNE, block_length=1, num_parallel_calls=None):
        return _IMPLEMENTATIONS["interleave"](self, map_func, cycle_length, block_length)

    def batch(self, batch_size, drop_remainder=False):
        return _IMPLEMENTATIONS["batch"](self, batch_size, drop_remainder)

    def padded_batch(self, batch_size, padded_shapes, padding_values=None, drop_remainder=False):
        return _IMPLEMENTATIONS["padded_batch"](self, batch_size, padded_shapes, padding_values,
                                                drop_remainder)

    def unbatch(self):
        return _IMPLEMENTATIONS["unbatch"](self)

    def window(self, size, shift=None, stride=1, drop_remainder=False):
        return _IMPLEMENTATIONS["window"](self, size, shift, stride, drop_remainder)

    def shuffle(self, buffer_size, seed=None, reshuffle_each_iteration=None):
        return _IMPLEMENTATIONS["shuffle"](self, buffer_size, seed, reshuffle_each_iteration)

    def repeat(self, count=None):
        return _IMPLEMENTATIONS["repeat"](self, count)

    def take(self, count):
        return _IMPLEMENTATIONS["take"](self, count)

    def skip(self, count):
        return _IMPLEMENTATIONS["skip"](self, count)

    def shard(self, num_shards, index):
        return _IMPLEMENTATIONS["shard"](self, num_shards, index)

    def prefetch(self, buffer_size):
        return _IMPLEMENTATIONS["prefetch"](self, buffer_size)

    def cache(self, filename=""):
        return _IMPLEMENTATIONS["cache"](self, filename)

    def apply(self, transformation_func):
        dataset = transformation_func(self)
        if not isinstance(dataset, Dataset):
            raise TypeError("`transformation_func` must return a Dataset. Got {}.".format(dataset))
        return dataset

    # --- reductions and options (scanning.py, options.py) ---------------------------------------

    def reduce(self, initial_state, reduce_func):
        return _IMPLEMENTATIONS["reduce"](self, initial_state, reduce_func)

    def enumerate(self, start=0):
        return _IMPLEMENTATIONS["enumerate"](self, start)

    def options(self):
        return _IMPLEMENTATIONS["options"](self)

    def with_options(self, options):
        return _IMPLEMENTATIONS["with_options"](self, options)


# --- sparse components: the class a leaf spec stands for ------------------------------------------

def _output_class(leaf):
    kind = type(leaf)
    if kind is DatasetSpec:
        return Dataset
    return SparseTensor if kind is SparseSpec else Tensor


def scalar_int(value, name, op_name):
    """An integer argument of a dataset op (a Python/NumPy integer or a scalar integer tensor)."""
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool):
        return int(value)
    backing = convert(value)
    if type(backing) is np.ndarray or backing.dtype not in (torch.int32, torch.int64) or backing.ndim != 0:
        raise invalid_argument(f"{name} must be a scalar integer", op_name)
    return int(backing.item())


# TF 1.3-1.4 kept the same classes under tf.contrib.data.
export("contrib.data.Dataset", status=PARTIAL, note="TF 1.3-1.4's name for tf.data.Dataset: see it.")(Dataset)
