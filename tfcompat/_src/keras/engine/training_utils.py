"""What Model.compile resolves and what Model.fit feeds, as TF 1.15's Keras (training_utils.py) does.

``CompiledLoss``/``compile_outputs``: the loss of each output (a function, a Loss object or a name),
its weight, and the metric objects (TF 1.x names: ``'accuracy'`` is ``acc`` and picks binary, sparse
or categorical accuracy from the loss and the output's shape).  ``ArrayData``: NumPy arrays or tensors
held as torch tensors once, cut into batches (shuffled each epoch, the last batch short), with the
validation split, class weights and sample weights TF applies.
"""

import numpy as np
import torch

from ...framework import dtypes
from ...framework.tensor import Tensor, convert, wrap
from ...ops.losses.util import squeeze_or_expand_dimensions
from ...util import nest
from ..backend import floatx
from ..losses import (BinaryCrossentropy, Loss, ReductionV2, SparseCategoricalCrossentropy,
                      binary_crossentropy, categorical_crossentropy, compute_weighted_loss,
                      get as get_loss, sparse_categorical_crossentropy)
from ..metrics import (MeanMetricWrapper, Metric, binary_accuracy, categorical_accuracy,
                       sparse_categorical_accuracy)
from ..metrics_serialization import get as get_metric

# --- losses and metrics ------------------------------------------------------------------------------


def resolve_loss(identifier):
    """A loss function or Loss object for ``identifier`` (None: no loss for that output)."""
    if identifier is None:
        return None
    if isinstance(identifier, (str, dict)):
        return get_loss(identifier)
    if callable(identifier):
        return identifier
    raise ValueError(f"Could not interpret loss function identifier: {identifier}")


def per_output(value, output_names, what):
    """``value`` given once, as a list (one per output) or as a dict by output name: one per output."""
    count = len(output_names)
    if isinstance(value, dict):
        unknown = [key for key in value if key not in output_names]
        if unknown:
            raise ValueError(f"Unknown entries in {what} dictionary: {unknown}. Only expected following keys: "
                             f"{output_names}")
        return [value.get(name) for name in output_names]
    if isinstance(value, (list, tuple)) and what != "metrics":
        if len(value) != count:
            raise ValueError(f"When passing a list as {what}, it should have one entry per model output. The model "
                             f"has {count} outputs, but you passed {what}={value}")
        return list(value)
    return [value] * count


def _loss_kind(loss):
    """'binary', 'sparse' or None: the crossentropy ``loss`` is (a function, wrapper or Loss object)."""
    if isinstance(loss, BinaryCrossentropy) or getattr(loss, "fn", loss) is binary_crossentropy:
        return "binary"
    if isinstance(loss, SparseCategoricalCrossentropy) or getattr(loss, "fn", loss) is sparse_categorical_crossentropy:
        return "sparse"
    return None


def _accuracy_function(output_shape, loss):
    """TF 1.15's choice for 'accuracy'/'acc': binary for one unit or binary crossentropy, sparse for sparse
    categorical crossentropy, else categorical."""
    kind = _loss_kind(loss)
    if (output_shape and output_shape[-1] == 1) or kind == "binary":
        return binary_accuracy
    return sparse_categorical_accuracy if kind == "sparse" else categorical_accuracy


def _crossentropy_function(output_shape, loss):
    kind = _loss_kind(loss)
    if (output_shape and output_shape[-1] == 1) or kind == "binary":
        return binary_crossentropy
    return sparse_categorical_crossentropy if kind == "sparse" else categorical_crossentropy


def metric_object(metric, output_shape, loss, weighted=False):
    """The Metric compile makes of ``metric`` (a name, a function or a Metric), named as TF 1.15 names it."""
    if isinstance(metric, Metric):
        return metric
    prefix = "weighted_" if weighted else ""
    if metric in ("accuracy", "acc"):
        return MeanMetricWrapper(_accuracy_function(output_shape, loss), name=prefix + "acc")
    if metric in ("crossentropy", "ce"):
        return MeanMetricWrapper(_crossentropy_function(output_shape, loss), name=prefix + "ce")
    function = get_metric(metric)
    if isinstance(function, Metric):
        return function
    name = getattr(function, "name", None) or function.__name__
    return MeanMetricWrapper(function, name=prefix + name)


class OutputSpec:
    """One model output's loss, loss weight and metrics (unweighted, then weighted)."""

    __slots__ = ("name", "loss", "loss_weight", "metrics", "weighted_metrics", "loss_metric")

    def __init__(self, name, loss, loss_weight, metrics, weighted_metrics):
        self.name, self.loss, self.loss_weight = name, loss, loss_weight
        self.metrics, self.weighted_metrics = metrics, weighted_metrics
        self.loss_metric = None


def compile_outputs(output_names, output_shapes, loss, metrics, loss_weights, weighted_metrics):
    """The OutputSpec of each output from compile's arguments."""
    losses = per_output(loss, output_names, "loss")
    if loss_weights is None:
        weights = [1.0] * len(output_names)
    elif isinstance(loss_weights, dict):
        weights = [loss_weights.get(name, 1.0) for name in output_names]
    elif isinstance(loss_weights, (list, tuple)):
        if len(loss_weights) != len(output_names):
            raise ValueError(f"When passing a list as loss_weights, it should have one entry per model output. The "
                             f"model has {len(output_names)} outputs, but you passed loss_weights={loss_weights}")
        weights = list(loss_weights)
    else:
        raise TypeError(f"Could not interpret loss_weights argument: {loss_weights} - expected a list of dicts.")
    metric_lists = _metric_lists(metrics, output_names)
    weighted_lists = _metric_lists(weighted_metrics, output_names)
    specs = []
    for index, name in enumerate(output_names):
        output_loss = resolve_loss(losses[index])
        shape = output_shapes[index]
        specs.append(OutputSpec(
            name, output_loss, weights[index],
            [metric_object(m, shape, output_loss) for m in metric_lists[index]],
            [metric_object(m, shape, output_loss, weighted=True) for m in weighted_lists[index]]))
    if len(specs) > 1:
        _prefix_metric_names(specs)
    return specs


def _metric_lists(metrics, output_names):
    if not metrics:
        return [[] for _ in output_names]
    if isinstance(metrics, dict):
        return [list(nest.flatten(metrics.get(name, []))) for name in output_names]
    if isinstance(metrics, (list, tuple)) and metrics and all(isinstance(m, (list, tuple)) for m in metrics):
        if len(metrics) != len(output_names):
            raise ValueError(f"When passing a list of lists as `metrics`, it should have one entry per model output. "
                             f"The model has {len(output_names)} outputs, but you passed metrics={metrics}")
        return [list(m) for m in metrics]
    if not isinstance(metrics, (list, tuple)):
        raise TypeError(f"Type of `metrics` argument not understood. Expected a list or dictionary, found: {metrics}")
    return [list(metrics) for _ in output_names]


def _prefix_metric_names(specs):
    """Several outputs: metric ``acc`` of output ``dense_1`` is ``dense_1_acc``."""
    for spec in specs:
        for metric in spec.metrics + spec.weighted_metrics:
            if not metric.name.startswith(spec.name + "_"):
                metric._name = f"{spec.name}_{metric.name}"


def masked_weights(y_pred, sample_weight):
    """The weights an output's loss and metrics take: ``sample_weight`` times the output's Keras mask,
    when it has one (TF 1.15's _prepare_total_loss and call_metric_function: masked steps count for
    nothing; the mask alone when there are no weights)."""
    mask = getattr(y_pred, "_keras_mask", None)
    if mask is None:
        return sample_weight
    mask = wrap(convert(mask).to(convert(y_pred).dtype))
    if sample_weight is None:
        return mask
    if not isinstance(sample_weight, Tensor):
        sample_weight = wrap(sample_weight)
    mask, _, weights = squeeze_or_expand_dimensions(mask, sample_weight=sample_weight)
    return wrap(convert(weights) * convert(mask).to(convert(weights).dtype))


def output_loss(spec, y_true, y_pred, sample_weight):
    """The loss of one output, as TF 1.15's compiled loss: the per-sample losses weighted by
    ``sample_weight`` and reduced by the Loss object's reduction (a function's: SUM_OVER_BATCH_SIZE), in
    float32 (compute_weighted_loss).  Unweighted float32 losses take the same sum / count directly."""
    loss = spec.loss
    if isinstance(loss, Loss):
        per_sample, reduction = loss.call(y_true, y_pred), loss.reduction
    else:
        per_sample, reduction = loss(y_true, y_pred), ReductionV2.SUM_OVER_BATCH_SIZE
    values = convert(per_sample)
    if sample_weight is None and values.dtype == torch.float32 and reduction in (ReductionV2.AUTO,
                                                                                 ReductionV2.SUM_OVER_BATCH_SIZE):
        return values.sum() / values.numel() if values.numel() else values.sum()
    return convert(compute_weighted_loss(wrap(values), sample_weight, reduction=reduction))


# --- data ------------------------------------------------------------------------------------------


def as_tensors(data, floatx_cast=True):
    """``data`` (an array, a tensor, or a list/tuple/dict of them) as a flat list of torch tensors; floating
    values cast to floatx, as TF 1.15's cast_if_floating_dtype does."""
    if data is None:
        return None
    float_type = dtypes.as_dtype(floatx())._torch
    tensors = []
    for value in nest.flatten(data):
        backing = convert(value) if not isinstance(value, Tensor) else convert(value)
        if isinstance(backing, np.ndarray):
            raise ValueError(f"Failed to convert a NumPy array to a Tensor (Unsupported object type "
                             f"{backing.dtype}).")
        if floatx_cast and backing.is_floating_point() and backing.dtype != float_type:
            backing = backing.to(float_type)
        tensors.append(backing)
    return tensors


def check_lengths(inputs, targets, weights):
    """The number of samples, TF 1.15's checks that all arrays hold the same number."""
    lengths = {int(t.shape[0]) for t in inputs if t.dim()}
    if len(lengths) > 1:
        raise ValueError(f"All input arrays (x) should have the same number of samples. Got array shapes: "
                         f"{[tuple(t.shape) for t in inputs]}")
    target_lengths = {int(t.shape[0]) for t in targets or [] if t.dim()}
    if len(target_lengths) > 1:
        raise ValueError(f"All target arrays (y) should have the same number of samples. Got array shapes: "
                         f"{[tuple(t.shape) for t in targets]}")
    if lengths and target_lengths and lengths != target_lengths:
        raise ValueError(f"Input arrays should have the same number of samples as target arrays. Found "
                         f"{lengths.pop()} input samples and {target_lengths.pop()} target samples.")
    if weights is not None and lengths and int(weights.shape[0]) not in lengths:
        raise ValueError(f"Found a sample_weight array with shape {tuple(weights.shape)} for an input with shape "
                         f"{tuple(inputs[0].shape)}. sample_weight cannot be broadcast.")
    return lengths.pop() if lengths else 0


def class_weights_for(targets, class_weight):
    """Per-sample weights from ``class_weight`` ({class: weight}) for the single output's targets."""
    if len(targets) != 1:
        raise ValueError("`class_weight` is only supported for Models with a single output.")
    y = targets[0]
    if y.dim() == 2 and y.shape[1] > 1:
        classes = y.argmax(dim=1)
    elif y.dim() == 2 and y.shape[1] == 1:
        classes = y.reshape(-1)
    else:
        classes = y
    classes = classes.to(torch.int64).tolist()
    missing = sorted(set(classes) - set(class_weight))
    if missing:
        raise ValueError(f"`class_weight` must contain all classes in the data. The classes {set(missing)} exist "
                         f"in the data but not in `class_weight`.")
    return torch.tensor([class_weight[c] for c in classes], dtype=dtypes.as_dtype(floatx())._torch)


class ArrayData:
    """Inputs, targets and sample weights held as torch tensors, served in batches."""

    def __init__(self, inputs, targets, weights, size):
        self.inputs, self.targets, self.weights, self.size = inputs, targets, weights, size

    def split(self, validation_split):
        """(training part, validation part): the last ``validation_split`` of the samples validate."""
        split_at = int(self.size * (1.0 - validation_split))
        if split_at == 0 or split_at == self.size:
            raise ValueError(f"Training data contains {self.size} samples, which is not sufficient to split it "
                             f"into a validation and training set as specified by `validation_split={validation_split}"
                             f"`. Either provide more data, or a different value for the `validation_split` "
                             f"argument.")

        def cut(tensors, start, stop):
            return None if tensors is None else [t[start:stop] for t in tensors]
        weights = self.weights
        return (ArrayData(cut(self.inputs, 0, split_at), cut(self.targets, 0, split_at),
                          None if weights is None else weights[:split_at], split_at),
                ArrayData(cut(self.inputs, split_at, None), cut(self.targets, split_at, None),
                          None if weights is None else weights[split_at:], self.size - split_at))

    def batches(self, batch_size, shuffle):
        """(inputs, targets, weights, size) per batch; ``shuffle`` reorders the samples each call."""
        order = torch.randperm(self.size) if shuffle else None
        for start in range(0, self.size, batch_size):
            stop = min(start + batch_size, self.size)
            if order is None:
                pick = slice(start, stop)
            else:
                pick = order[start:stop].to(self.inputs[0].device) if self.inputs else order[start:stop]
            yield (_take(self.inputs, pick), _take(self.targets, pick),
                   None if self.weights is None else wrap(self.weights[pick]), stop - start)


def _take(tensors, pick):
    return None if tensors is None else [wrap(t[pick]) for t in tensors]


def unpack_element(element):
    """(x, y, sample_weight) of a dataset element or generator output: ``(x, y)``, ``(x, y, w)`` or ``x``."""
    if isinstance(element, tuple) and len(element) in (2, 3):
        return element if len(element) == 3 else (element[0], element[1], None)
    if isinstance(element, list) and len(element) in (2, 3):
        return tuple(element) if len(element) == 3 else (element[0], element[1], None)
    return element, None, None
