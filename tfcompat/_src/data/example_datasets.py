"""Datasets of parsed tf.train.Examples: tf.data.experimental.parse_example_dataset and
make_batched_features_dataset (TF 1.15's parsing_ops.py and readers.py in tf.data.experimental).

``parse_example_dataset`` maps ``tf.parse_example`` over batches of serialized Examples; its
element spec comes from the feature configurations, as TF's kernel declares it (a VarLenFeature is
a SparseTensor of shape [batch, ?], a SparseFeature one of [batch] + its sizes).
"""

from ..framework import dtypes
from ..framework.dtypes import as_dtype
from ..framework.tensor_shape import TensorShape
from ..ops.example_parsing_ops import (FixedLenFeature, FixedLenSequenceFeature, SparseFeature, VarLenFeature,
                                       parse_example)
from ..registry import PARTIAL, export
from .dataset_ops import AUTOTUNE, Dataset
from .experimental import shuffle_and_repeat
from .readers import TFRecordDataset
from .structure import ComponentSpec, SparseSpec
from .transformations import MapDataset


def _feature_spec(feature, batch):
    """The spec of one parsed feature over a batch of ``batch`` (a Dimension) Examples."""
    dtype = as_dtype(feature.dtype)
    if isinstance(feature, VarLenFeature):
        return SparseSpec(dtype, TensorShape([batch, None]))
    if isinstance(feature, SparseFeature):
        sizes = [feature.size] if isinstance(feature.index_key, str) else list(feature.size)
        return SparseSpec(dtype, TensorShape([batch] + sizes))
    if isinstance(feature, FixedLenSequenceFeature):
        return ComponentSpec(dtype, TensorShape([batch, None]).concatenate(TensorShape(feature.shape)))
    return ComponentSpec(dtype, TensorShape([batch]).concatenate(TensorShape(feature.shape)))


class ParseExampleDataset(MapDataset):
    """``tf.parse_example(batch, features)`` over a dataset of string vectors."""

    def __init__(self, dataset, features, num_parallel_calls):
        spec = dataset._spec
        if not (type(spec) is ComponentSpec and spec.dtype == dtypes.string
                and spec.shape.is_compatible_with(TensorShape([None]))):
            raise TypeError("Input dataset should be a dataset of vectors of strings")
        if not isinstance(features, dict) or not features:
            raise ValueError(f"Missing: features was {features}.")
        for key, feature in features.items():
            if not isinstance(feature, (FixedLenFeature, FixedLenSequenceFeature, VarLenFeature, SparseFeature)):
                raise ValueError(f"Unsupported {type(feature).__name__} {feature}.")
        super().__init__(dataset, lambda serialized: parse_example(serialized, features), num_parallel_calls)
        batch = spec.shape[0] if spec.shape.dims is not None else None
        self._parsed_spec = {key: _feature_spec(features[key], batch) for key in sorted(features)}

    def _compute_spec(self):
        return self._parsed_spec


@export("data.experimental.parse_example_dataset", "contrib.data.parse_example_dataset")
def parse_example_dataset(features, num_parallel_calls=1, deterministic=None):
    """A transformation: batches of serialized Examples (string vectors) to dicts of parsed features."""
    if features is None:
        raise ValueError("Missing: features was None.")
    return lambda dataset: ParseExampleDataset(dataset, features, num_parallel_calls)


def _read(reader, filename, reader_args):
    dataset = reader(filename, *reader_args)
    if not isinstance(dataset, Dataset):
        raise TypeError("The `reader` argument must return a `Dataset` object. `tf.ReaderBase` subclasses are not "
                        "supported. For example, pass `tf.data.TFRecordDataset` instead of `tf.TFRecordReader`.")
    return dataset


@export("data.experimental.make_batched_features_dataset", "contrib.data.make_batched_features_dataset",
        status=PARTIAL, note="`sloppy_ordering` and the thread counts are accepted and keep the deterministic "
                             "order; parsing runs in `parser_num_threads` threads.")
def make_batched_features_dataset(file_pattern, batch_size, features, reader=None, label_key=None,
                                  reader_args=None, num_epochs=None, shuffle=True, shuffle_buffer_size=10000,
                                  shuffle_seed=None, prefetch_buffer_size=None, reader_num_threads=None,
                                  parser_num_threads=None, sloppy_ordering=False, drop_final_batch=False):
    """Batches of dicts of features parsed from the Examples in the files matching ``file_pattern``
    (TF 1.15's pipeline: list_files, interleaved reads, shuffle-and-repeat, batch, parse, prefetch)."""
    reader = TFRecordDataset if reader is None else reader
    reader_args = list(reader_args or [])
    reader_num_threads = 1 if reader_num_threads is None else reader_num_threads
    parser_num_threads = 2 if parser_num_threads is None else parser_num_threads
    prefetch_buffer_size = AUTOTUNE if prefetch_buffer_size is None else prefetch_buffer_size
    dataset = Dataset.list_files(file_pattern, shuffle=shuffle, seed=shuffle_seed)
    dataset = dataset.interleave(lambda filename: _read(reader, filename, reader_args),
                                 cycle_length=reader_num_threads)
    if dataset.output_types == (dtypes.string, dtypes.string):  # (key, value) records
        dataset = dataset.map(lambda _, value: value)
    if shuffle:
        dataset = dataset.apply(shuffle_and_repeat(shuffle_buffer_size, num_epochs, shuffle_seed))
    elif num_epochs != 1:
        dataset = dataset.repeat(num_epochs)
    # As in TF, an endless input (num_epochs None) gives full batches only, so the batch size is static.
    dataset = dataset.batch(batch_size, drop_remainder=drop_final_batch or num_epochs is None)
    dataset = dataset.apply(parse_example_dataset(features, num_parallel_calls=parser_num_threads))
    if label_key:
        if label_key not in features:
            raise ValueError(f"The `label_key` provided ({label_key!r}) must be one of the `features` keys.")
        dataset = dataset.map(lambda parsed: (parsed, parsed.pop(label_key)))
    return dataset.prefetch(prefetch_buffer_size)
