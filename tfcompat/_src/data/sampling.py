"""Choosing among datasets and random sources: choose_from_datasets, sample_from_datasets,
RandomDataset and rejection_resample.

Random draws follow TF's seed rule (``tf.get_seed`` on the op seed): with a seed, each pass
over the dataset draws the same sequence; without one (and no graph seed), each pass draws a
new one.  The values cannot match TF's generator; their distribution does.
"""

import numpy as np
import torch

from ..framework import dtypes
from ..framework.errors import InvalidArgumentError, OpError
from ..framework.tensor import convert
from ..framework.tensor_shape import TensorShape
from ..ops.random_ops import get_seed
from ..registry import PARTIAL, export
from . import elements, structure
from .dataset_ops import Dataset, scalar_int
from .functions import first_real, is_int64_scalar, trace
from .structure import ComponentSpec, Failed

_END = object()


class _Seeded:
    """A Dataset mixin: ``_generator()`` is a torch.Generator for one pass, from TF's seed rule."""

    def _set_seed(self, seed, op_name):
        seed1, seed2 = get_seed(None if seed is None else scalar_int(seed, "seed", op_name))
        self._seeds = None if seed1 is None else (seed1, seed2)

    def _generator(self):
        generator = torch.Generator()
        if self._seeds is None:
            generator.seed()
        else:
            state = np.random.SeedSequence(list(self._seeds)).generate_state(2, dtype=np.uint32)
            generator.manual_seed(int(state[0]) << 31 | int(state[1]) >> 1)
        return generator


# --- RandomDataset -------------------------------------------------------------------------------------

@export("data.experimental.RandomDataset", "contrib.data.RandomDataset", status=PARTIAL,
        note="Uniform int64 scalars from torch's generator, not TF's Philox stream; seeds follow TF's rule.")
class RandomDataset(_Seeded, Dataset):
    """An infinite dataset of pseudorandom int64 scalars."""

    def __init__(self, seed=None):
        self._set_seed(seed, "RandomDataset")

    def _compute_spec(self):
        return ComponentSpec(dtypes.int64, TensorShape([]))

    def _elements(self, chunk=1024):
        generator = self._generator()
        low, high = np.iinfo(np.int64).min, np.iinfo(np.int64).max
        while True:
            yield from torch.randint(low, high, (chunk,), generator=generator, dtype=torch.int64).unbind(0)


# --- directed interleave ---------------------------------------------------------------------------------

class DirectedInterleaveDataset(Dataset):
    """Each element of ``selector`` (an int64 scalar) picks the dataset the next element comes from;
    a picked dataset that is exhausted is passed over, and the stream ends with the selector or
    when every dataset is exhausted."""

    def __init__(self, selector, datasets):
        datasets = list(datasets)
        if not datasets or not all(isinstance(d, Dataset) for d in datasets):
            raise TypeError("`datasets` must be a non-empty list of `tf.data.Dataset` objects.")
        first = datasets[0]
        for index, dataset in enumerate(datasets[1:], 1):
            if dataset.output_types != first.output_types or dataset.output_classes != first.output_classes:
                raise TypeError(f"All datasets must have the same type and class.\ndataset 0 vs dataset {index} "
                                f"types: {first.output_types} ; {dataset.output_types}\nclasses: "
                                f"{first.output_classes} ; {dataset.output_classes}")
        self._input, self._inputs_list = selector, datasets

    def _compute_spec(self):
        spec = self._inputs_list[0]._spec
        for dataset in self._inputs_list[1:]:
            spec = structure.most_specific_compatible(spec, dataset._spec)
        return spec

    def _elements(self):
        iterators = [dataset._elements() for dataset in self._inputs_list]
        active = len(iterators)
        for choice in self._input._elements():
            if type(choice) is Failed:
                yield choice
                continue
            index = int(choice.item())
            if not 0 <= index < len(iterators):
                yield Failed(InvalidArgumentError(None, None, f"Selector index out of range: {index} >= "
                                                  f"{len(iterators)}"))
                continue
            if iterators[index] is None:
                continue
            element = next(iterators[index], _END)
            if element is not _END:
                yield element
                continue
            iterators[index] = None
            active -= 1
            if active == 0:
                return


@export("data.experimental.choose_from_datasets", "contrib.data.choose_from_datasets")
def choose_from_datasets(datasets, choice_dataset):
    """The elements of ``datasets`` in the order the int64 scalars of ``choice_dataset`` pick them."""
    if not isinstance(choice_dataset, Dataset) or not is_int64_scalar(choice_dataset._spec):
        raise TypeError("`choice_dataset` must be a dataset of scalar `tf.int64` tensors.")
    return DirectedInterleaveDataset(choice_dataset, datasets)


class _SelectorDataset(_Seeded, Dataset):
    """Indices drawn with probabilities proportional to ``weights`` (a vector), or to each element
    of ``weights_dataset`` in turn."""

    def __init__(self, seed, weights=None, weights_dataset=None):
        self._weights, self._weights_dataset = weights, weights_dataset
        self._set_seed(seed, "RandomDataset")

    def _compute_spec(self):
        return ComponentSpec(dtypes.int64, TensorShape([]))

    def _elements(self):
        generator = self._generator()
        if self._weights_dataset is None:
            cumulative = torch.cumsum(self._weights, 0)
            while True:
                draws = torch.rand(1024, generator=generator, dtype=torch.float64) * cumulative[-1]
                yield from torch.searchsorted(cumulative, draws, right=True).clamp_(max=len(cumulative) - 1).unbind(0)
        for weights in self._weights_dataset._elements():
            if type(weights) is Failed:
                yield weights
                continue
            cumulative = torch.cumsum(torch.as_tensor(weights, dtype=torch.float64).reshape(-1).cpu(), 0)
            draw = torch.rand((), generator=generator, dtype=torch.float64) * cumulative[-1]
            yield torch.searchsorted(cumulative, draw.reshape(1), right=True).clamp_(max=len(cumulative) - 1)[0]


@export("data.experimental.sample_from_datasets", "contrib.data.sample_from_datasets", status=PARTIAL,
        note="Draws with torch's generator (TF's seed rule, not TF's sequence): the proportions follow "
             "`weights`, the order differs from TF's.")
def sample_from_datasets(datasets, weights=None, seed=None):
    """Elements drawn from ``datasets`` at random, dataset ``i`` with probability ``weights[i]``
    (normalized; ``weights`` may be a dataset of such vectors)."""
    datasets = list(datasets)
    if isinstance(weights, Dataset):
        selector = _SelectorDataset(seed, weights_dataset=weights)
        return DirectedInterleaveDataset(selector, datasets)
    if weights is None:
        vector = torch.ones(len(datasets), dtype=torch.float64)
    else:
        backing = convert(weights)
        dtype = elements.leaf_spec(backing).dtype
        if dtype not in (dtypes.float32, dtypes.float64):
            raise TypeError("`weights` must be convertible to a tensor of `tf.float32` or `tf.float64` elements.")
        if not TensorShape(list(backing.shape)).is_compatible_with(TensorShape([len(datasets)])):
            raise ValueError("`weights` must be a vector of length `len(datasets)`.")
        vector = backing.to(device="cpu", dtype=torch.float64)
    if len(datasets) == 1:
        return datasets[0]
    return DirectedInterleaveDataset(_SelectorDataset(seed, weights=vector), datasets)


# --- rejection_resample ----------------------------------------------------------------------------------

def _acceptance_and_original(initial, target):
    """TF's ``_calculate_acceptance_probs_with_mixing``: per-class acceptance probabilities of the
    rejection branch, and the probability of taking an element unfiltered (the least ratio)."""
    ratio = target / (initial + np.finfo(initial.dtype).tiny)
    least, most = ratio.min(), ratio.max()
    with np.errstate(invalid="ignore", divide="ignore"):
        return (ratio - least) / (most - least), least


class RejectionResampleDataset(_Seeded, Dataset):
    """(class, element) pairs whose classes follow ``target``: TF's mix of two branches, each output
    taken with probability ``m`` (the least target/initial ratio) as the next element unfiltered, else
    as the next element that passes rejection with its class's acceptance probability.  TF runs the
    branches as separate passes over the input; here they share one pass, which gives the same
    distribution and keeps each class with its own element whatever the input's order.  Without
    ``initial``, the class distribution is TF's running estimate: counts from 10 each, updated every
    32 elements read."""

    def __init__(self, dataset, class_func, target, initial, seed):
        self._input, self._class_func, self._target, self._initial = dataset, class_func, target, initial
        self._set_seed(seed, "RandomUniform")
        self._class_spec = trace(class_func, dataset._spec, real_args=lambda: first_real(dataset))
        spec = self._class_spec
        if not (type(spec) is ComponentSpec and spec.dtype in (dtypes.int32, dtypes.int64)):
            raise ValueError("`class_func` must return a scalar integer class tensor.")

    def _compute_spec(self):
        return self._class_spec, self._input._spec

    def _classified(self):
        for element in self._input._elements():
            if type(element) is Failed:
                yield element, None, None
                continue
            try:
                value = elements.to_element(elements.call(self._class_func, element))
            except OpError as error:
                yield Failed(error), None, None
                continue
            yield element, value, int(value.item())

    def _elements(self):
        generator, target = self._generator(), self._target
        counts = np.full(len(target), 10, dtype=np.int64)
        if self._initial is not None:
            accept, original = _acceptance_and_original(self._initial, target)
        stream, read, refresh = self._classified(), 0, 0
        while True:
            if self._initial is None and read >= refresh:
                refresh = read - read % 32 + 32
                estimate = (counts / counts.sum()).astype(np.float32).astype(target.dtype)
                accept, original = _acceptance_and_original(estimate, target)
            unfiltered = torch.rand((), generator=generator, dtype=torch.float64).item() < original
            while True:
                item = next(stream, _END)
                if item is _END:
                    return
                element, value, label = item
                read += 1
                if type(element) is Failed:
                    yield element
                    break
                if not 0 <= label < len(target):
                    yield Failed(InvalidArgumentError(None, None, f"indices = {label} is not in [0, {len(target)})"))
                    break
                counts[label] += 1
                if unfiltered or torch.rand((), generator=generator, dtype=torch.float64).item() < accept[label]:
                    yield value, element
                    break


@export("data.experimental.rejection_resample", "contrib.data.rejection_resample", status=PARTIAL,
        note="TF's algorithm (rejection mixed with unfiltered draws; the class distribution estimated from "
             "counts when `initial_dist` is not given) in one pass over the input, with torch's generator: the "
             "output class proportions follow `target_dist`, the sequence differs from TF's.")
def rejection_resample(class_func, target_dist, initial_dist=None, seed=None):
    """A transformation that resamples the input so its classes follow ``target_dist``; elements
    become (class, element) pairs."""
    if not callable(class_func):
        raise TypeError(f"`class_func` must be callable, got {class_func!r}")
    target = _distribution(target_dist, "target_dist")
    initial = None if initial_dist is None else _distribution(initial_dist, "initial_dist")
    return lambda dataset: RejectionResampleDataset(dataset, class_func, target, initial, seed)


def _distribution(value, name):
    backing = convert(value)
    if type(backing) is np.ndarray or not backing.dtype.is_floating_point or backing.ndim != 1:
        raise ValueError(f"`{name}` must be a vector of class probabilities (float32 or float64).")
    return backing.cpu().numpy()
