"""Choosing among datasets and random sources: choose_from_datasets, sample_from_datasets,
RandomDataset and rejection_resample.

Random draws follow TF's seed rule (``tf.get_seed`` on the op seed): with a seed, each pass
over the dataset draws the same sequence; without one (and no graph seed), each pass draws a
new one.  The values cannot match TF's generator; their distribution does.
"""

import numpy as np
import torch

from ..framework import dtypes
from ..framework.errors import InvalidArgumentError
from ..framework.tensor import convert
from ..framework.tensor_shape import TensorShape
from ..ops.random_ops import get_seed
from ..registry import PARTIAL, export
from . import elements, structure
from .dataset_ops import Dataset, scalar_int
from .functions import is_int64_scalar
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


class _ClassDistributions(Dataset):
    """Per element, the class distribution and acceptance probabilities: fixed ones, or TF's running
    estimate (class counts from 10 each, updated every 32 elements, that batch included)."""

    def __init__(self, class_values, target, initial=None):
        self._class_values, self._target, self._initial = class_values, target, initial

    def _compute_spec(self):
        vector = ComponentSpec(dtypes.as_dtype(self._target.dtype), TensorShape([len(self._target)]))
        return vector, vector

    def _elements(self):
        if self._initial is not None:
            accept, _ = _acceptance_and_original(self._initial, self._target)
            pair = (torch.from_numpy(self._initial), torch.from_numpy(accept))
            while True:
                yield pair
        counts = np.full(len(self._target), 10, dtype=np.int64)
        values = self._class_values._elements()
        while True:
            batch = [value for value in (next(values, _END) for _ in range(32)) if value is not _END]
            if not batch:
                return
            for value in batch:
                if type(value) is not Failed:
                    counts[int(value.item())] += 1
            initial = (counts / counts.sum()).astype(np.float32)
            accept, _ = _acceptance_and_original(initial.astype(self._target.dtype), self._target)
            pair = (torch.from_numpy(initial), torch.from_numpy(accept))
            yield from (pair for _ in batch)


class _RejectionFilter(_Seeded, Dataset):
    """(class, element) pairs, each kept with its class's acceptance probability."""

    def __init__(self, dataset, class_values, distributions, seed):
        self._input, self._class_values, self._distributions = dataset, class_values, distributions
        self._set_seed(seed, "RandomUniform")

    def _compute_spec(self):
        return self._class_values._spec, self._input._spec

    def _elements(self):
        generator = self._generator()
        for value, (_, accept), element in zip(self._class_values._elements(), self._distributions._elements(),
                                               self._input._elements()):
            if type(value) is Failed or type(element) is Failed:
                yield value if type(value) is Failed else element
                continue
            if torch.rand((), generator=generator, dtype=torch.float64).item() < float(accept[int(value.item())]):
                yield value, element


@export("data.experimental.rejection_resample", "contrib.data.rejection_resample", status=PARTIAL,
        note="TF's algorithm (rejection mixed with unfiltered draws; the class distribution estimated from "
             "counts when `initial_dist` is not given) with torch's generator: the output class proportions "
             "follow `target_dist`, the sequence differs from TF's.")
def rejection_resample(class_func, target_dist, initial_dist=None, seed=None):
    """A transformation that resamples the input so its classes follow ``target_dist``; elements
    become (class, element) pairs."""
    if not callable(class_func):
        raise TypeError(f"`class_func` must be callable, got {class_func!r}")
    target = _distribution(target_dist, "target_dist")
    initial = None if initial_dist is None else _distribution(initial_dist, "initial_dist")

    def apply(dataset):
        class_values = dataset.map(class_func)
        spec = class_values._spec
        if not (type(spec) is ComponentSpec and spec.dtype in (dtypes.int32, dtypes.int64)):
            raise ValueError("`class_func` must return a scalar integer class tensor.")
        unfiltered = Dataset.zip((class_values, dataset))
        filtered = _RejectionFilter(dataset, class_values, _ClassDistributions(class_values, target, initial), seed)
        if initial is None:
            original = _ClassDistributions(class_values, target).map(
                lambda initial_dist_t, _: _mixing_weights(initial_dist_t.numpy(), target))
            return sample_from_datasets([unfiltered, filtered], weights=original, seed=seed)
        _, prob_original = _acceptance_and_original(initial, target)
        if prob_original == 1:
            return unfiltered
        if prob_original == 0:
            return filtered
        return sample_from_datasets([unfiltered, filtered], weights=[prob_original, 1.0 - prob_original],
                                    seed=seed)

    return apply


def _mixing_weights(initial, target):
    _, prob_original = _acceptance_and_original(initial.astype(target.dtype), target)
    return np.array([prob_original, 1.0 - prob_original], dtype=target.dtype)


def _distribution(value, name):
    backing = convert(value)
    if type(backing) is np.ndarray or not backing.dtype.is_floating_point or backing.ndim != 1:
        raise ValueError(f"`{name}` must be a vector of class probabilities (float32 or float64).")
    return backing.cpu().numpy()


