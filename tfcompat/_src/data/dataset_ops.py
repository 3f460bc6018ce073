"""tf.data.Dataset: the TF 1.x API over lazy Python pipelines.

A Dataset is an immutable description of a pipeline; iterating it (a fresh
Python generator each time, from ``_elements()``) streams elements one at a
time, so nothing is materialised unless a transformation needs it (``cache``,
``shuffle``'s buffer).  Sources live in ``sources.py``, transformations in
``transformations.py`` and ``batching.py``, iterators in ``iterator_ops.py``.

Datasets over rows of tensors (``from_tensor_slices``, then ``shuffle``,
``repeat``, ``take``, ``skip``, ``shard``) also offer an index plan (``_index_plan``):
the stream of row numbers they would produce, so ``batch`` gathers rows by
index in one op instead of slicing and stacking element by element.
"""

import numpy as np
import torch

from ..framework.errors import invalid_argument
from ..framework.tensor import convert
from ..registry import PARTIAL, export, export_constant
from . import structure

AUTOTUNE = -1
for _name in ("data.experimental.AUTOTUNE", "contrib.data.AUTOTUNE"):
    export_constant(_name, AUTOTUNE)


@export("data.Dataset", status=PARTIAL,
        note="Eager only. Sparse and ragged components are not supported, nor batches of datasets. A "
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
        return structure.output_classes(self._spec)

    def __repr__(self):
        # TF 1.x's text; every eager dataset was a DatasetV1Adapter there.
        shapes = str(structure.map_spec(str, self.output_shapes)).replace("'", "")
        types = str(structure.map_spec(repr, self.output_types)).replace("'", "")
        return f"<DatasetV1Adapter shapes: {shapes}, types: {types}>"

    # --- iteration ------------------------------------------------------------------------------

    def __iter__(self):
        from .iterator_ops import Iterator  # noqa: PLC0415
        return Iterator(self)

    def make_one_shot_iterator(self):
        from .iterator_ops import Iterator  # noqa: PLC0415
        return Iterator(self)

    def make_initializable_iterator(self, shared_name=None):
        raise RuntimeError("dataset.make_initializable_iterator is not supported when eager "
                           "execution is enabled. Use `for element in dataset` instead.")

    # --- sources ---------------------------------------------------------------------------------

    @staticmethod
    def from_tensors(tensors):
        from .sources import TensorDataset  # noqa: PLC0415
        return TensorDataset(tensors)

    @staticmethod
    def from_tensor_slices(tensors):
        from .sources import TensorSliceDataset  # noqa: PLC0415
        return TensorSliceDataset(tensors)

    @staticmethod
    def from_generator(generator, output_types, output_shapes=None, args=None):
        from .sources import GeneratorDataset  # noqa: PLC0415
        return GeneratorDataset(generator, output_types, output_shapes, args)

    @staticmethod
    def range(*args):
        from .sources import RangeDataset  # noqa: PLC0415
        return RangeDataset(*args)

    @staticmethod
    def zip(datasets):
        from .transformations import ZipDataset  # noqa: PLC0415
        return ZipDataset(datasets)

    @staticmethod
    def list_files(file_pattern, shuffle=None, seed=None):
        from .sources import list_files  # noqa: PLC0415
        return list_files(file_pattern, shuffle, seed)

    # --- transformations -------------------------------------------------------------------------

    def concatenate(self, dataset):
        from .transformations import ConcatenateDataset  # noqa: PLC0415
        return ConcatenateDataset(self, dataset)

    def map(self, map_func, num_parallel_calls=None):
        from .transformations import MapDataset  # noqa: PLC0415
        return MapDataset(self, map_func, num_parallel_calls)

    def filter(self, predicate):
        from .transformations import FilterDataset  # noqa: PLC0415
        return FilterDataset(self, predicate)

    def flat_map(self, map_func):
        from .transformations import InterleaveDataset  # noqa: PLC0415
        return InterleaveDataset(self, map_func, cycle_length=1, block_length=1)

    def interleave(self, map_func, cycle_length=AUTOTUNE, block_length=1, num_parallel_calls=None):
        from .transformations import InterleaveDataset  # noqa: PLC0415
        return InterleaveDataset(self, map_func, cycle_length, block_length)

    def batch(self, batch_size, drop_remainder=False):
        from .batching import BatchDataset  # noqa: PLC0415
        return BatchDataset(self, batch_size, drop_remainder)

    def padded_batch(self, batch_size, padded_shapes, padding_values=None, drop_remainder=False):
        from .batching import PaddedBatchDataset  # noqa: PLC0415
        return PaddedBatchDataset(self, batch_size, padded_shapes, padding_values, drop_remainder)

    def unbatch(self):
        from .batching import UnbatchDataset  # noqa: PLC0415
        return UnbatchDataset(self)

    def window(self, size, shift=None, stride=1, drop_remainder=False):
        from .batching import WindowDataset  # noqa: PLC0415
        return WindowDataset(self, size, shift, stride, drop_remainder)

    def shuffle(self, buffer_size, seed=None, reshuffle_each_iteration=None):
        from .transformations import ShuffleDataset  # noqa: PLC0415
        return ShuffleDataset(self, buffer_size, seed, reshuffle_each_iteration)

    def repeat(self, count=None):
        from .transformations import RepeatDataset  # noqa: PLC0415
        return RepeatDataset(self, count)

    def take(self, count):
        from .transformations import TakeDataset  # noqa: PLC0415
        return TakeDataset(self, count)

    def skip(self, count):
        from .transformations import SkipDataset  # noqa: PLC0415
        return SkipDataset(self, count)

    def shard(self, num_shards, index):
        from .transformations import ShardDataset  # noqa: PLC0415
        return ShardDataset(self, num_shards, index)

    def prefetch(self, buffer_size):
        from .transformations import PrefetchDataset  # noqa: PLC0415
        return PrefetchDataset(self, buffer_size)

    def cache(self, filename=""):
        from .transformations import CacheDataset  # noqa: PLC0415
        return CacheDataset(self, filename)

    def apply(self, transformation_func):
        dataset = transformation_func(self)
        if not isinstance(dataset, Dataset):
            raise TypeError("`transformation_func` must return a Dataset. Got {}.".format(dataset))
        return dataset

    def with_options(self, options):
        return self


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
