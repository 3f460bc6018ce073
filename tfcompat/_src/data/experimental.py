"""The ``tf.data.experimental`` / ``tf.contrib.data`` transformations (functions returning a
``dataset -> dataset`` function for ``Dataset.apply``), and ``tf.data.experimental.TFRecordWriter``."""

import numpy as np

from ..framework import dtypes
from ..framework.errors import InvalidArgumentError
from ..framework.tensor import convert
from ..framework.tensor_shape import TensorShape
from ..registry import PARTIAL, export
from . import elements, structure
from .dataset_ops import Dataset
from .sources import RangeDataset
from .structure import ComponentSpec, Failed
from .tf_record import TFRecordWriter as _RecordFileWriter
from .transformations import IgnoreErrorsDataset

_INT64_MAX = 2 ** 63 - 1


@export("data.experimental.shuffle_and_repeat", "contrib.data.shuffle_and_repeat")
def shuffle_and_repeat(buffer_size, count=None, seed=None):
    """Shuffle (reshuffled each epoch) then repeat."""
    return lambda dataset: dataset.shuffle(buffer_size, seed, reshuffle_each_iteration=True).repeat(count)


@export("data.experimental.map_and_batch", "contrib.data.map_and_batch")
def map_and_batch(map_func, batch_size, num_parallel_batches=None, drop_remainder=False,
                  num_parallel_calls=None):
    if num_parallel_batches is not None and num_parallel_calls is not None:
        raise ValueError("The `num_parallel_batches` and `num_parallel_calls` arguments are mutually exclusive.")
    if num_parallel_batches is not None:
        num_parallel_calls = num_parallel_batches * batch_size
    return lambda dataset: dataset.map(map_func, num_parallel_calls).batch(batch_size, drop_remainder)


@export("contrib.data.batch_and_drop_remainder")
def batch_and_drop_remainder(batch_size):
    return lambda dataset: dataset.batch(batch_size, drop_remainder=True)


@export("contrib.data.padded_batch_and_drop_remainder")
def padded_batch_and_drop_remainder(batch_size, padded_shapes, padding_values=None):
    return lambda dataset: dataset.padded_batch(batch_size, padded_shapes, padding_values, drop_remainder=True)


@export("data.experimental.unbatch", "contrib.data.unbatch")
def unbatch():
    return lambda dataset: dataset.unbatch()


@export("data.experimental.ignore_errors", "contrib.data.ignore_errors")
def ignore_errors():
    return IgnoreErrorsDataset


@export("data.experimental.parallel_interleave", "contrib.data.parallel_interleave", status=PARTIAL,
        note="Runs as `interleave` does, in its deterministic order (`sloppy` and the buffer sizes are accepted "
             "and change nothing).")
def parallel_interleave(map_func, cycle_length, block_length=1, sloppy=False, buffer_output_elements=None,
                        prefetch_input_elements=None):
    return lambda dataset: dataset.interleave(map_func, cycle_length, block_length)


@export("data.experimental.enumerate_dataset", "contrib.data.enumerate_dataset")
def enumerate_dataset(start=0):
    return lambda dataset: Dataset.zip((RangeDataset(start, _INT64_MAX), dataset))


@export("data.experimental.get_single_element", "contrib.data.get_single_element")
def get_single_element(dataset):
    if not isinstance(dataset, Dataset):
        raise TypeError("`dataset` must be a `tf.data.Dataset` object.")
    stream = dataset._elements()
    first = next(stream, _NONE)
    if first is _NONE:
        raise InvalidArgumentError(None, None, "Dataset was empty.")
    if next(stream, _NONE) is not _NONE:
        raise InvalidArgumentError(None, None, "Dataset had more than one element.")
    if type(first) is Failed:
        raise first.error
    return elements.to_user(first)


_NONE = object()


@export("data.experimental.TFRecordWriter", "contrib.data.TFRecordWriter")
class TFRecordWriter:
    """Writes a dataset of tf.string scalars to a TFRecord file (``write`` runs at once, under eager)."""

    def __init__(self, filename, compression_type=None):
        self._filename = _string_argument(filename, "filename")
        self._compression_type = "" if compression_type is None else _string_argument(compression_type,
                                                                                      "compression_type")

    def write(self, dataset):
        if not isinstance(dataset, Dataset):
            raise TypeError("`dataset` must be a `tf.data.Dataset` object.")
        spec = dataset._spec
        if not (type(spec) is ComponentSpec and spec.dtype == dtypes.string
                and spec.shape.is_compatible_with(TensorShape([]))):
            raise TypeError(f"`dataset` must produce scalar `DT_STRING` tensors whereas it produces shape "
                            f"{dataset.output_shapes} and types {dataset.output_types}")
        with _RecordFileWriter(self._filename, self._compression_type) as writer:
            for element in dataset._elements():
                if type(element) is Failed:
                    raise element.error
                writer.write(element.item())


def _string_argument(value, name):
    backing = convert(value)
    if type(backing) is not np.ndarray or backing.dtype != object or backing.ndim != 0:
        raise TypeError(f"`{name}` must be a scalar tf.string, got {value!r}")
    text = backing.item()
    return text.decode() if isinstance(text, bytes) else text


@export("contrib.data.sliding_window_batch")
def sliding_window_batch(window_size, stride=None, window_shift=None, window_stride=1):
    """TF 1.x contrib: batches of ``window_size`` elements ``window_stride`` apart, one starting every
    ``window_shift`` (formerly ``stride``) elements; only full windows."""
    if stride is not None and window_shift is not None:
        raise ValueError("Cannot specify both `stride` and `window_shift`")
    shift = window_shift if window_shift is not None else (1 if stride is None else stride)

    def batch_window(*window):
        window = window[0] if len(window) == 1 else window
        if isinstance(window, Dataset):
            return window.batch(window_size)
        return Dataset.zip(structure.map_structure(lambda component: component.batch(window_size), window))

    return lambda dataset: dataset.window(window_size, shift, window_stride, drop_remainder=True).flat_map(
        batch_window)
