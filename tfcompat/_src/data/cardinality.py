"""tf.data.experimental.cardinality and assert_cardinality: the number of elements a dataset
has, as TF 1.15's kernels compute it (INFINITE_CARDINALITY, or UNKNOWN_CARDINALITY where the
count depends on the values: filter, flat_map, readers, generators, unbatch ...)."""

import torch

from ..framework import context
from ..framework.errors import FailedPreconditionError
from ..framework.tensor import wrap
from ..registry import export, export_constant
from . import batching, grouping, options, sampling, scanning, sources, structure, transformations
from .dataset_ops import Dataset, scalar_int
from .structure import Failed

INFINITE = -1
UNKNOWN = -2
export_constant("data.experimental.INFINITE_CARDINALITY", INFINITE)
export_constant("data.experimental.UNKNOWN_CARDINALITY", UNKNOWN)


def count(dataset):
    """The cardinality of ``dataset`` as a Python int."""
    rule = _RULES.get(type(dataset))
    return UNKNOWN if rule is None else rule(dataset)


def _same_as_input(dataset):
    return count(dataset._input)


def _slices(dataset):
    return int(structure.flatten(dataset._rows)[0].shape[0])


def _zip(dataset):
    result = INFINITE
    for n in map(count, dataset._leaves):
        if n == UNKNOWN:
            return UNKNOWN
        if n != INFINITE and (result == INFINITE or n < result):
            result = n
    return result


def _concatenate(dataset):
    counts = [count(part) for part in dataset.operands()]
    if INFINITE in counts:
        return INFINITE
    if UNKNOWN in counts:
        return UNKNOWN
    return sum(counts)


def _repeat(dataset):
    n, times = count(dataset._input), dataset._count
    if times < 0:
        return 0 if n == 0 else INFINITE
    if times == 0:
        return 0
    return n if n in (INFINITE, UNKNOWN) else n * times


def _take(dataset):
    n, (limit,) = count(dataset._input), dataset._bounds
    if limit is None or n == UNKNOWN:
        return n
    return limit if n == INFINITE else min(n, limit)


def _skip(dataset):
    n, (start, stop) = count(dataset._input), dataset._bounds
    if n in (INFINITE, UNKNOWN):
        return n
    return 0 if stop == 0 else max(0, n - start)


def _shard(dataset):
    n, (index, _, shards) = count(dataset._input), dataset._bounds
    if n in (INFINITE, UNKNOWN):
        return n
    return n // shards + (1 if index < n % shards else 0)


def _batch(dataset):
    n, size = count(dataset._input), dataset._size
    if n in (INFINITE, UNKNOWN):
        return n
    return n // size + (1 if n % size and not dataset._drop else 0)


def _window(dataset):
    n = count(dataset._input)
    if n in (INFINITE, UNKNOWN):
        return n
    if dataset._drop:
        rest = n - ((dataset._size - 1) * dataset._stride + 1)
        return 0 if rest < 0 else rest // dataset._shift + 1
    return n // dataset._shift + (1 if n % dataset._shift else 0)


_RULES = {
    sources.TensorDataset: lambda dataset: 1,
    sources.TensorSliceDataset: _slices,
    sources.RangeDataset: lambda dataset: len(dataset._range),
    transformations.ZipDataset: _zip,
    transformations.ConcatenateDataset: _concatenate,
    transformations.MapDataset: _same_as_input,
    transformations.ShuffleDataset: _same_as_input,
    transformations.PrefetchDataset: _same_as_input,
    transformations.CacheDataset: _same_as_input,
    transformations.RepeatDataset: _repeat,
    transformations.TakeDataset: _take,
    transformations.SkipDataset: _skip,
    transformations.ShardDataset: _shard,
    batching.BatchDataset: _batch,
    batching.PaddedBatchDataset: _batch,
    batching.WindowDataset: _window,
    batching.ListDataset: lambda dataset: len(dataset._list),
    grouping.GroupDataset: lambda dataset: len(dataset._items),
    scanning.ScanDataset: _same_as_input,
    scanning.CounterDataset: lambda dataset: INFINITE,
    sampling.RandomDataset: lambda dataset: INFINITE,
    options.OptionsDataset: _same_as_input,
}


@export("data.experimental.cardinality")
def cardinality(dataset):
    """The number of elements of ``dataset`` as an int64 scalar tensor: INFINITE_CARDINALITY (-1)
    for an infinite dataset, UNKNOWN_CARDINALITY (-2) where it cannot be known without running it."""
    if not isinstance(dataset, Dataset):
        raise TypeError(f"`dataset` must be a `tf.data.Dataset` object, got {type(dataset).__name__}.")
    return wrap(torch.tensor(count(dataset), dtype=torch.int64, device=context.current_device()))


# --- assert_cardinality ---------------------------------------------------------------------------------

def _expected_text(expected):
    return "an infinite number of" if expected == INFINITE else str(expected)


class AssertCardinalityDataset(Dataset):
    """The input, failing with FailedPreconditionError once it has more or fewer elements than expected."""

    def __init__(self, dataset, expected):
        self._input, self._expected = dataset, expected

    def _compute_spec(self):
        return self._input._spec

    def _elements(self):
        produced, expected = 0, self._expected
        for element in self._input._elements():
            produced += 1
            if expected != INFINITE and produced > expected:
                yield Failed(FailedPreconditionError(
                    None, None, f"Input dataset was expected to contain {_expected_text(expected)} elements but "
                    f"contained at least {produced} elements."))
                return
            yield element
        if produced != expected:
            yield Failed(FailedPreconditionError(
                None, None, f"Input dataset was expected to contain {_expected_text(expected)} elements but "
                f"contained only {produced} elements."))


_RULES[AssertCardinalityDataset] = lambda dataset: dataset._expected


@export("data.experimental.assert_cardinality")
def assert_cardinality(expected_cardinality):
    """A transformation asserting that the dataset has ``expected_cardinality`` elements (TF 2.2+)."""
    expected = scalar_int(expected_cardinality, "expected_cardinality", "AssertCardinalityDataset")
    return lambda dataset: AssertCardinalityDataset(dataset, expected)
