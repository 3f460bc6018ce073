"""Element-wise and ordering transformations: zip, concatenate, map, filter, interleave,
shuffle, repeat, take, skip, shard, prefetch, cache, ignore_errors."""

import contextlib
import itertools
import os
import queue
import threading
from collections import deque
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import torch

from ..framework import context
from ..framework.errors import OpError, invalid_argument
from ..framework.tensor import convert
from ..ops.random_ops import get_seed
from . import elements, structure
from .dataset_ops import AUTOTUNE, Dataset, implements, scalar_int
from .functions import first_real, trace, value_spec
from .structure import Failed


def _device_scope():
    """A factory of context managers putting a worker thread under the reader's tf.device scope."""
    scope = context.state.scope
    if scope is None:
        return contextlib.nullcontext
    name = context.device_name(scope)
    return lambda: context.device(name)


def traced_spec(function, dataset, result_spec):
    """The spec of ``function``'s results on ``dataset``'s elements (``result_spec`` reads one result):
    called on stand-in elements of the input spec whose unknown dims and values are 1, then 2 (dims
    that change are unknown); if that fails, on the first real element."""
    return trace(function, dataset._spec, result_spec, real_args=lambda: first_real(dataset))


def _dataset_spec(value):
    if not isinstance(value, Dataset):
        raise TypeError("`map_func` must return a `Dataset` object.")
    return value._spec


# --- combining --------------------------------------------------------------------------------------------

@implements("zip")
class ZipDataset(Dataset):
    def __init__(self, datasets):
        leaves = structure.flatten(datasets)
        if not leaves or not all(isinstance(d, Dataset) for d in leaves):
            raise TypeError("The argument to `Dataset.zip()` must be a (nested) structure of `Dataset` objects.")
        self._datasets = datasets
        self._leaves = leaves

    def _compute_spec(self):
        return structure.map_structure(lambda d: d._spec, self._datasets)

    def _elements(self):
        iterators = [d._elements() for d in self._leaves]
        for items in zip(*iterators):
            failed = next((item for item in items if type(item) is Failed), None)
            yield failed if failed is not None else structure.pack_as(self._datasets, list(items))


@implements("concatenate")
class ConcatenateDataset(Dataset):
    def __init__(self, first, second):
        if not isinstance(second, Dataset):
            raise TypeError("`dataset` must be a Dataset.")
        types_a, types_b = first.output_types, second.output_types
        if types_a != types_b:
            raise TypeError(f"Two datasets to concatenate have different types {types_a} and {types_b}")
        self._first, self._second = first, second
        self._joined = structure.most_specific_compatible(first._spec, second._spec)
        if self._joined is None:
            raise TypeError(f"Two datasets to concatenate have different classes "
                            f"{first.output_classes} and {second.output_classes}")

    def _compute_spec(self):
        return self._joined

    def operands(self):
        """The datasets a chain of concatenations joins, in order (walked without recursion, so a
        chain of a thousand concatenations is fine)."""
        parts, dataset = [], self
        while type(dataset) is ConcatenateDataset:
            parts.append(dataset._second)
            dataset = dataset._first
        parts.append(dataset)
        return parts[::-1]

    def _elements(self):
        return itertools.chain.from_iterable(part._elements() for part in self.operands())


# --- functions -----------------------------------------------------------------------------------------------

@implements("map")
class MapDataset(Dataset):
    """``map_func`` on every element; ``num_parallel_calls`` threads keep the input order."""

    def __init__(self, dataset, map_func, num_parallel_calls=None):
        if not callable(map_func):
            raise TypeError(f"`map_func` must be callable, got {map_func!r}")
        self._input, self._function = dataset, map_func
        parallel = None if num_parallel_calls is None else scalar_int(num_parallel_calls, "num_parallel_calls",
                                                                    "MapDataset")
        if parallel == AUTOTUNE:
            parallel = os.cpu_count() or 1
        elif parallel is not None and parallel <= 0:
            raise invalid_argument("num_parallel_calls must be greater than zero.", "ParallelMapDataset")
        self._parallel = parallel if parallel and parallel > 1 else None

    def _compute_spec(self):
        return traced_spec(self._function, self._input, value_spec)

    def _apply(self, element):
        if type(element) is Failed:
            return element
        try:
            result = elements.call(self._function, element)
        except OpError as error:
            return Failed(error)
        if result is None:
            raise TypeError("Unsupported return value from function passed to Dataset.map(): None.")
        return elements.to_element(result)

    def _elements(self):
        if self._parallel is None:
            return map(self._apply, self._input._elements())
        return _ordered_parallel(self._apply, self._input._elements(), self._parallel)


def _ordered_parallel(function, elements, workers):
    """function over elements in ``workers`` threads, results in input order."""
    scope = _device_scope()

    def run(element):
        with scope():
            return function(element)

    executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="tfcompat-map")
    pending = deque()
    try:
        for element in elements:
            pending.append(executor.submit(run, element))
            if len(pending) >= workers * 2:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()
    finally:
        executor.shutdown(wait=False, cancel_futures=True)


@implements("filter")
class FilterDataset(Dataset):
    def __init__(self, dataset, predicate):
        if not callable(predicate):
            raise TypeError(f"`predicate` must be callable, got {predicate!r}")
        self._input, self._predicate = dataset, predicate

    def _compute_spec(self):
        return self._input._spec

    def _keep(self, element):
        result = elements.to_element(elements.call(self._predicate, element))
        if type(result) is np.ndarray or getattr(result, "dtype", None) is not torch.bool or result.ndim != 0:
            raise ValueError("`predicate` must return a scalar boolean tensor.")
        return bool(result)

    def _elements(self):
        for element in self._input._elements():
            if type(element) is Failed:
                yield element
                continue
            try:
                keep = self._keep(element)
            except OpError as error:
                yield Failed(error)
                continue
            if keep:
                yield element


@implements("interleave")
class InterleaveDataset(Dataset):
    """TF's interleave: ``cycle_length`` open datasets, ``block_length`` elements from each in turn
    (``flat_map`` is cycle_length 1)."""

    def __init__(self, dataset, map_func, cycle_length, block_length):
        if not callable(map_func):
            raise TypeError(f"`map_func` must be callable, got {map_func!r}")
        self._input, self._function = dataset, map_func
        cycle = scalar_int(cycle_length, "cycle_length", "InterleaveDataset")
        self._cycle = (os.cpu_count() or 1) if cycle == AUTOTUNE else cycle
        self._block = scalar_int(block_length, "block_length", "InterleaveDataset")
        if self._cycle <= 0:
            raise invalid_argument("cycle_length must be greater than zero.", "InterleaveDataset")
        if self._block <= 0:
            raise invalid_argument("block_length must be greater than zero.", "InterleaveDataset")

    def _open(self, element):
        dataset = elements.call(self._function, element)
        if not isinstance(dataset, Dataset):
            raise TypeError("`map_func` must return a `Dataset` object.")
        return dataset._elements()

    def _compute_spec(self):
        return traced_spec(self._function, self._input, _dataset_spec)

    def _elements(self):
        inputs = self._input._elements()
        slots = [None] * self._cycle
        open_count, index, block, input_done = 0, 0, 0, False
        while not input_done or open_count:
            current = slots[index]
            if current is not None:
                element = next(current, _END)
                if element is not _END:
                    yield element
                    block += 1
                    if block == self._block:
                        index, block = (index + 1) % self._cycle, 0
                    continue
                slots[index] = None
                open_count -= 1
                index, block = (index + 1) % self._cycle, 0
            elif not input_done:
                element = next(inputs, _END)
                if element is _END:
                    input_done = True
                elif type(element) is Failed:
                    yield element
                else:
                    try:
                        slots[index] = self._open(element)
                        open_count += 1
                    except OpError as error:
                        yield Failed(error)
            else:
                index, block = (index + 1) % self._cycle, 0


_END = object()


# --- order and count ----------------------------------------------------------------------------------------

@implements("shuffle")
class ShuffleDataset(Dataset):
    """A buffer of ``buffer_size`` elements; each output is drawn uniformly from it and its slot
    refilled from the input.  Seeds follow TF's rule (``tf.get_seed``)."""

    def __init__(self, dataset, buffer_size, seed=None, reshuffle_each_iteration=None):
        self._input = dataset
        self._buffer = scalar_int(buffer_size, "buffer_size", "ShuffleDataset")
        if self._buffer <= 0:
            raise invalid_argument("buffer_size must be greater than zero.", "ShuffleDataset")
        seed1, seed2 = get_seed(None if seed is None else scalar_int(seed, "seed", "ShuffleDataset"))
        self._reshuffle = True if reshuffle_each_iteration is None else bool(reshuffle_each_iteration)
        if seed1 is None and not self._reshuffle:  # TF draws random seeds once for the dataset
            seed1, seed2 = (int(x) for x in np.random.SeedSequence().generate_state(2) >> 1)
        self._seeds = None if seed1 is None else (seed1, seed2)
        self._iterations = itertools.count()

    def _compute_spec(self):
        return self._input._spec

    def _generator(self):
        generator = torch.Generator()
        if self._seeds is None:
            generator.seed()
        else:
            epoch = next(self._iterations) if self._reshuffle else 0
            state = np.random.SeedSequence([*self._seeds, epoch]).generate_state(2, dtype=np.uint32)
            generator.manual_seed(int(state[0]) << 31 | int(state[1]) >> 1)
        return generator

    def _elements(self):
        return _shuffled(self._input._elements(), self._buffer, self._generator())

    def _index_plan(self):
        plan = self._input._index_plan()
        if plan is None:
            return None
        rows, make_indices = plan
        return rows, lambda: _shuffled(make_indices(), self._buffer, self._generator())


def _uniforms(generator):
    while True:
        yield from torch.rand(4096, generator=generator, dtype=torch.float64).tolist()


def _shuffled(items, buffer_size, generator):
    buffer = list(itertools.islice(items, buffer_size))
    if len(buffer) == buffer_size:
        draws = _uniforms(generator)
        for item in items:
            slot = int(next(draws) * buffer_size)
            yield buffer[slot]
            buffer[slot] = item
    # The input is exhausted: draining by uniform draws is a uniform permutation of the rest.
    for slot in torch.randperm(len(buffer), generator=generator).tolist():
        yield buffer[slot]


@implements("repeat")
class RepeatDataset(Dataset):
    def __init__(self, dataset, count=None):
        self._input = dataset
        self._count = -1 if count is None else scalar_int(count, "count", "RepeatDataset")

    def _compute_spec(self):
        return self._input._spec

    def _epochs(self, make):
        epochs = itertools.count() if self._count < 0 else range(self._count)
        for _ in epochs:
            produced = False
            for item in make():
                produced = True
                yield item
            if not produced:  # an empty input repeated forever is empty
                return

    def _elements(self):
        return self._epochs(self._input._elements)

    def _index_plan(self):
        plan = self._input._index_plan()
        return None if plan is None else (plan[0], lambda: self._epochs(plan[1]))


class _SliceDataset(Dataset):
    """take / skip / shard: an islice of the input (elements and index plans alike)."""

    def _compute_spec(self):
        return self._input._spec

    def _elements(self):
        return itertools.islice(self._input._elements(), *self._bounds)

    def _index_plan(self):
        plan = self._input._index_plan()
        if plan is None:
            return None
        rows, make_indices = plan
        return rows, lambda: itertools.islice(make_indices(), *self._bounds)


@implements("take")
class TakeDataset(_SliceDataset):
    def __init__(self, dataset, count):
        self._input = dataset
        count = scalar_int(count, "count", "TakeDataset")
        self._bounds = (None,) if count < 0 else (count,)


@implements("skip")
class SkipDataset(_SliceDataset):
    def __init__(self, dataset, count):
        self._input = dataset
        count = scalar_int(count, "count", "SkipDataset")
        self._bounds = (0, 0) if count < 0 else (count, None)


@implements("shard")
class ShardDataset(_SliceDataset):
    def __init__(self, dataset, num_shards, index):
        self._input = dataset
        num_shards = scalar_int(num_shards, "num_shards", "ShardDataset")
        index = scalar_int(index, "index", "ShardDataset")
        if num_shards <= 0:
            raise invalid_argument(f"Number of shards must be greater than zero (currently num_shards = "
                                   f"{num_shards}).", "ShardDataset")
        if not 0 <= index < num_shards:
            raise invalid_argument(f"Index must be between 0 and {num_shards - 1} (currently index = {index}).",
                                   "ShardDataset")
        self._bounds = (index, None, num_shards)


# --- buffering -------------------------------------------------------------------------------------------------

@implements("prefetch")
class PrefetchDataset(Dataset):
    """A background thread keeps up to ``buffer_size`` elements ready."""

    def __init__(self, dataset, buffer_size):
        self._input = dataset
        size = scalar_int(buffer_size, "buffer_size", "PrefetchDataset")
        if size < AUTOTUNE:
            raise invalid_argument("buffer_size must be >= 0 or AUTOTUNE (-1).", "PrefetchDataset")
        self._size = 8 if size == AUTOTUNE else size

    def _compute_spec(self):
        return self._input._spec

    def _elements(self):
        if self._size == 0:
            return self._input._elements()
        return _prefetched(self._input._elements(), self._size)


_DONE = object()


def _prefetched(elements, size):
    """``elements`` produced by a background thread at most ``size`` ahead of the reader (the
    thread waits for a free slot before it computes the next element, as TF's prefetch does)."""
    ready = queue.SimpleQueue()
    free_slots = threading.Semaphore(size)
    stop = threading.Event()
    scope = _device_scope()

    def wait_for_slot():
        while not free_slots.acquire(timeout=0.05):
            if stop.is_set():
                return False
        return not stop.is_set()

    def produce():
        with scope():
            try:
                while wait_for_slot():
                    element = next(elements, _DONE)
                    ready.put(element)
                    if element is _DONE:
                        return
            except BaseException as error:  # noqa: BLE001 - handed to the reader
                ready.put(_Raised(error))

    worker = threading.Thread(target=produce, name="tfcompat-prefetch", daemon=True)
    worker.start()
    try:
        while True:
            item = ready.get()
            free_slots.release()
            if item is _DONE:
                return
            if type(item) is _Raised:
                raise item.error
            yield item
    finally:
        stop.set()


class _Raised:
    __slots__ = ("error",)

    def __init__(self, error):
        self.error = error


@implements("cache")
class CacheDataset(Dataset):
    """Elements of the first complete pass, replayed: in memory, or in files named ``filename``."""

    def __init__(self, dataset, filename=""):
        self._input = dataset
        backing = convert(filename)
        self._filename = backing.item() if type(backing) is np.ndarray and backing.ndim == 0 else None
        if self._filename is None:
            raise invalid_argument("filename must be a scalar string", "CacheDataset")
        if isinstance(self._filename, bytes):
            self._filename = self._filename.decode()
        self._memory = None

    def _compute_spec(self):
        return self._input._spec

    def _elements(self):
        if not self._filename:
            return self._memory_pass()
        from .cache_files import file_cached  # noqa: PLC0415
        return file_cached(self._input, self._filename)

    def _memory_pass(self):
        if self._memory is not None:
            yield from self._memory
            return
        recorded = []
        for element in self._input._elements():
            recorded.append(element)
            yield element
        self._memory = recorded


class IgnoreErrorsDataset(Dataset):
    """The input without the elements whose computation raised a TF error."""

    def __init__(self, dataset):
        self._input = dataset

    def _compute_spec(self):
        return self._input._spec

    def _elements(self):
        for element in self._input._elements():
            if type(element) is Failed:
                if isinstance(element.error, OpError):
                    continue
                raise element.error
            yield element
