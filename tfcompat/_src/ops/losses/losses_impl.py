"""tf.losses: TF 1.15's losses_impl.py under eager execution.

Each loss casts its inputs (to float32, or to the logits' dtype for the cross entropies), computes one
loss per element and hands them to ``compute_weighted_loss``: losses and weights in float32, weights
checked broadcastable (rank 0, or the losses' rank with each dimension 1 or equal), weighted, reduced
by ``reduction`` (default SUM_BY_NONZERO_WEIGHTS: the sum over the number of elements whose broadcast
weight is nonzero; every "mean" is ``div_no_nan``), cast back to the losses' dtype.  Under eager
execution TF adds nothing to the loss collections (``util.add_loss`` skips eager), so
``loss_collection`` is accepted and unused, and ``get_losses`` / ``get_regularization_losses`` are
empty.
"""

import torch

from ...framework import dtypes
from ...eager.backprop import stop_gradient
from ...framework.tensor import Tensor, convert, wrap
from ...registry import PARTIAL, export
from .. import array_ops, creation_ops, math_ops, nn_ops
from ..arguments import deprecated_argument_lookup
from .util import remove_squeezable_dimensions

LOSSES = "losses"  # tf.GraphKeys.LOSSES


@export("losses.Reduction")
class Reduction:
    """Types of loss reduction (TF 1.x's ``tf.losses.Reduction``)."""

    NONE = "none"
    SUM = "weighted_sum"
    SUM_OVER_BATCH_SIZE = "weighted_sum_over_batch_size"
    MEAN = "weighted_mean"
    SUM_BY_NONZERO_WEIGHTS = "weighted_sum_by_nonzero_weights"
    SUM_OVER_NONZERO_WEIGHTS = SUM_BY_NONZERO_WEIGHTS

    @classmethod
    def all(cls):
        return (cls.NONE, cls.SUM, cls.MEAN, cls.SUM_OVER_BATCH_SIZE, cls.SUM_OVER_NONZERO_WEIGHTS,
                cls.SUM_BY_NONZERO_WEIGHTS)

    @classmethod
    def validate(cls, key):
        if key not in cls.all():
            raise ValueError(f"Invalid Reduction Key {key}.")


_DEFAULT = Reduction.SUM_BY_NONZERO_WEIGHTS
# The reductions that, with the weight 1.0, are the plain mean or sum of the losses.
_FUSED_REDUCTIONS = {Reduction.SUM_BY_NONZERO_WEIGHTS: "mean", Reduction.SUM_OVER_BATCH_SIZE: "mean",
                     Reduction.MEAN: "mean", Reduction.SUM: "sum"}
_PREFIX = "weights can not be broadcast to values."


def _float32(value):
    """``value`` cast to float32 (tf.cast's rules), as a torch tensor."""
    if type(value) is float or type(value) is int:
        return torch.tensor(float(value), dtype=torch.float32)
    if type(value) is Tensor and value._t.dtype is torch.float32:
        return value._t
    return creation_ops.cast(value, dtypes.float32)._t


def _check_broadcastable(weights, losses):
    """TF's weights_broadcast_ops.assert_broadcastable, statically (eager shapes are known)."""
    if weights.dim() == 0:
        return
    if weights.dim() != losses.dim():
        raise ValueError(f"{_PREFIX} values.rank={losses.dim()}. weights.rank={weights.dim()}. "
                         f"values.shape={_shape(losses)}. weights.shape={_shape(weights)}.")
    for index, (value, weight) in enumerate(zip(losses.shape, weights.shape)):
        if weight not in (1, value):
            raise ValueError(f"{_PREFIX} Mismatch at dim {index}. values.shape={_array_text(losses)} "
                             f"weights.shape={_array_text(weights)}.")


def _array_text(tensor):
    """A shape as NumPy prints TF's constant-folded shape vector: ``[2 3]``."""
    return "[" + " ".join(str(d) for d in tensor.shape) + "]"


def _shape(tensor):
    return "(" + ", ".join(str(d) for d in tensor.shape) + ("," if tensor.dim() == 1 else "") + ")"


def _num_present(losses, weights, per_batch=False):
    """How many losses have a nonzero (broadcast) weight: all of them for a nonzero scalar weight (TF's
    eager shortcut, per_batch or not)."""
    if weights.dim() == 0 and bool(weights != 0):
        return torch.tensor(float(losses.numel()), dtype=losses.dtype, device=losses.device)
    present = (weights != 0).to(torch.float32).expand(losses.shape)
    if per_batch:
        return present.sum(dim=tuple(range(1, present.dim())), keepdim=True)
    return present.sum()


def _div_no_nan(total, count):
    return torch.where(count == 0, torch.zeros_like(total), total / torch.where(count == 0, 1, count))


def _unweighted(values, reduction):
    """``_weighted`` for the default weight 1.0: every element counts once, nothing to multiply."""
    if reduction == Reduction.NONE:
        return values
    if reduction == Reduction.SUM:
        return values.sum()
    return values.mean() if values.numel() else values.new_zeros(())  # the sum over the count: div_no_nan


def _weights(weights):
    """Python's 1.0 stays as it is (the fast path), anything else becomes a float32 torch tensor."""
    return weights if type(weights) is float and weights == 1.0 else _float32(weights)


def _weighted(losses, weights, reduction):
    """``compute_weighted_loss`` on torch tensors: ``losses`` in the input dtype, ``weights`` float32 (or
    the Python float 1.0)."""
    input_dtype = losses.dtype
    values = losses if input_dtype is torch.float32 else losses.to(torch.float32)
    if type(weights) is float:
        loss = _unweighted(values, reduction)
        return wrap(loss if input_dtype is torch.float32 else loss.to(input_dtype))
    weights = weights.to(values.device)
    _check_broadcastable(weights, values)
    weighted = values * weights
    if reduction == Reduction.NONE:
        loss = weighted
    else:
        loss = weighted.sum()
        if reduction == Reduction.SUM_BY_NONZERO_WEIGHTS:
            loss = _div_no_nan(loss, _num_present(values, weights))
        elif reduction == Reduction.MEAN:
            loss = _div_no_nan(loss, (torch.ones_like(values) * weights).sum())
        elif reduction == Reduction.SUM_OVER_BATCH_SIZE:
            loss = _div_no_nan(loss, torch.tensor(float(values.numel()), device=values.device))
    return wrap(loss if input_dtype is torch.float32 else loss.to(input_dtype))


@export("losses.compute_weighted_loss")
def compute_weighted_loss(losses, weights=1.0, scope=None, loss_collection=LOSSES, reduction=_DEFAULT):
    """``losses`` times ``weights``, reduced by ``reduction``."""
    Reduction.validate(reduction)
    backing = convert(losses)
    if backing.dtype is not torch.float32:
        creation_ops.cast(wrap(backing), dtypes.float32)  # TF's Cast errors for non-numeric losses
    return _weighted(backing, _weights(weights), reduction)


@export("losses.add_loss", status=PARTIAL,
        note="Eager execution: as TF 1.x's util.add_loss under eager, adds nothing to a collection.")
def add_loss(loss, loss_collection=LOSSES):
    """TF adds ``loss`` to ``loss_collection`` in graph mode only."""


@export("losses.get_losses", status=PARTIAL,
        note="Eager execution: TF 1.x adds no loss to a collection under eager, so the list is empty.")
def get_losses(scope=None, loss_collection=LOSSES):
    return []


@export("losses.get_regularization_losses", status=PARTIAL,
        note="Eager execution: no regularization loss collection under eager (Keras layers keep theirs in "
             "`layer.losses`), so the list is empty.")
def get_regularization_losses(scope=None):
    return []


@export("losses.get_regularization_loss", status=PARTIAL,
        note="Eager execution: the regularization collection is empty, so this is the float32 zero TF returns then.")
def get_regularization_loss(scope=None, name="total_regularization_loss"):
    losses = get_regularization_losses(scope)
    return math_ops.add_n(losses, name=name) if losses else wrap(convert(0.0))


@export("losses.get_total_loss", status=PARTIAL,
        note="Eager execution: the loss collections are empty, so TF's add_n of no losses raises ValueError.")
def get_total_loss(add_regularization_losses=True, name="total_loss", scope=None):
    losses = get_losses(scope=scope)
    if add_regularization_losses:
        losses += get_regularization_losses(scope=scope)
    return math_ops.add_n(losses, name=name)


# --- the losses ---------------------------------------------------------------------------------------------------

def _required(**values):
    for name, value in values.items():
        if value is None:
            raise ValueError(f"{name} must not be None.")


def _float32_pair(labels, predictions):
    """Both cast to float32, with compatible shapes (TF's assert_is_compatible_with)."""
    labels = creation_ops.cast(labels, dtypes.float32)
    predictions = creation_ops.cast(predictions, dtypes.float32)
    predictions.shape.assert_is_compatible_with(labels.shape)
    return labels._t, predictions._t


def _finish(losses, weights, reduction):
    return _finish_float32(losses, _weights(weights), reduction)


def _finish_float32(losses, weights, reduction):
    Reduction.validate(reduction)
    return _weighted(losses, weights, reduction)


@export("losses.absolute_difference")
def absolute_difference(labels, predictions, weights=1.0, scope=None, loss_collection=LOSSES, reduction=_DEFAULT):
    _required(labels=labels, predictions=predictions)
    labels, predictions = _float32_pair(labels, predictions)
    return _finish((predictions - labels).abs(), weights, reduction)


@export("losses.mean_squared_error")
def mean_squared_error(labels, predictions, weights=1.0, scope=None, loss_collection=LOSSES, reduction=_DEFAULT):
    _required(labels=labels, predictions=predictions)
    labels, predictions = _float32_pair(labels, predictions)
    return _finish((predictions - labels).square(), weights, reduction)


@export("losses.huber_loss")
def huber_loss(labels, predictions, weights=1.0, delta=1.0, scope=None, loss_collection=LOSSES,
               reduction=_DEFAULT):
    """0.5 * x ** 2 for |x| <= delta, else delta * (|x| - 0.5 * delta), with a zero gradient from the
    linear part at |x| == delta (TF's minimum-based form)."""
    _required(labels=labels, predictions=predictions)
    labels, predictions = _float32_pair(labels, predictions)
    abs_error = (predictions - labels).abs()
    quadratic = torch.clamp(abs_error, max=float(delta))
    linear = abs_error - quadratic
    return _finish(0.5 * quadratic * quadratic + float(delta) * linear, weights, reduction)


@export("losses.log_loss")
def log_loss(labels, predictions, weights=1.0, epsilon=1e-7, scope=None, loss_collection=LOSSES, reduction=_DEFAULT):
    _required(labels=labels, predictions=predictions)
    labels, predictions = _float32_pair(labels, predictions)
    labels, predictions = wrap(labels), wrap(predictions)
    positive = math_ops.multiply(labels, math_ops.log(math_ops.add(predictions, epsilon)))
    negative = math_ops.multiply(math_ops.subtract(1, labels),
                                 math_ops.log(math_ops.add(math_ops.subtract(1, predictions), epsilon)))
    return _finish(math_ops.subtract(math_ops.negative(positive), negative)._t, weights, reduction)


@export("losses.hinge_loss")
def hinge_loss(labels, logits, weights=1.0, scope=None, loss_collection=LOSSES, reduction=_DEFAULT):
    """relu(1 - (2 * labels - 1) * logits): labels in {0, 1} become {-1, 1}."""
    _required(labels=labels, logits=logits)
    labels, logits = _float32_pair(labels, logits)
    return _finish(torch.relu(1 - (2 * labels - 1) * logits), weights, reduction)


@export("losses.cosine_distance")
def cosine_distance(labels, predictions, axis=None, weights=1.0, scope=None, loss_collection=LOSSES,
                    reduction=_DEFAULT, dim=None):
    """1 - sum(labels * predictions) along ``axis`` (the inputs are expected unit-normalized)."""
    axis = deprecated_argument_lookup("axis", axis, "dim", dim)
    if axis is None:
        raise ValueError("You must specify 'axis'.")
    _required(labels=labels, predictions=predictions)
    labels, predictions = _float32_pair(labels, predictions)
    products = creation_ops.cast(wrap(predictions * labels), dtypes.float32)
    from ..reduction_ops import reduce_sum  # noqa: PLC0415 - TF's axis checks
    losses = 1 - reduce_sum(products, axis=(axis,), keepdims=True)._t
    return _finish(losses, weights, reduction)


@export("losses.mean_pairwise_squared_error")
def mean_pairwise_squared_error(labels, predictions, weights=1.0, scope=None, loss_collection=LOSSES):
    """Per example, the mean of (diff_i - diff_j) ** 2 over the pairs of its elements, weighted and summed."""
    _required(labels=labels, predictions=predictions)
    labels = creation_ops.cast(labels, dtypes.float32)
    predictions = creation_ops.cast(predictions, dtypes.float32)
    weights = _float32(weights)
    labels.shape.assert_is_compatible_with(predictions.shape)
    diffs = predictions._t - labels._t
    _check_broadcastable(weights, diffs)
    axes = tuple(range(1, diffs.dim()))
    sum_squares = diffs.square().sum(dim=axes, keepdim=True)
    present = _num_present(diffs, weights, per_batch=True)
    term1 = 2.0 * _div_no_nan(sum_squares, torch.clamp(present - 1, min=0))
    term2 = 2.0 * _div_no_nan(diffs.sum(dim=axes, keepdim=True).square(), torch.clamp(present * (present - 1), min=0))
    loss = ((term1 - term2) * weights.to(diffs.device)).sum()
    return wrap(torch.where(present.sum() > 0, loss, torch.zeros_like(loss)))


def _logits_and_labels(labels, logits):
    """``logits`` as a tensor and ``labels`` cast to its dtype, with compatible shapes."""
    logits = logits if type(logits) is Tensor else wrap(convert(logits))
    labels = creation_ops.cast(labels, logits.dtype)
    logits.shape.assert_is_compatible_with(labels.shape)
    return labels, logits


@export("losses.sigmoid_cross_entropy")
def sigmoid_cross_entropy(multi_class_labels, logits, weights=1.0, label_smoothing=0, scope=None,
                          loss_collection=LOSSES, reduction=_DEFAULT):
    """Sigmoid cross entropy; smoothed labels are ``labels * (1 - s) + 0.5 * s``."""
    _required(multi_class_labels=multi_class_labels, logits=logits)
    labels, logits = _logits_and_labels(multi_class_labels, logits)
    if label_smoothing > 0:
        labels = math_ops.add(math_ops.multiply(labels, 1 - label_smoothing), 0.5 * label_smoothing)
    losses = nn_ops.sigmoid_cross_entropy_with_logits(labels=labels, logits=logits)
    return _finish(losses._t, weights, reduction)


@export("losses.softmax_cross_entropy")
def softmax_cross_entropy(onehot_labels, logits, weights=1.0, label_smoothing=0, scope=None,
                          loss_collection=LOSSES, reduction=_DEFAULT):
    """Softmax cross entropy of one-hot (smoothed: ``labels * (1 - s) + s / classes``) labels; no gradient
    flows into the labels."""
    _required(onehot_labels=onehot_labels, logits=logits)
    labels, logits = _logits_and_labels(onehot_labels, logits)
    if label_smoothing > 0:
        classes = creation_ops.cast(creation_ops.shape(labels)[-1], logits.dtype)
        labels = math_ops.add(math_ops.multiply(labels, 1.0 - label_smoothing),
                              math_ops.truediv(label_smoothing, classes))
    losses = nn_ops.softmax_cross_entropy_with_logits_v2(labels=stop_gradient(labels), logits=logits)
    return _finish(losses._t, weights, reduction)


@export("losses.sparse_softmax_cross_entropy")
def sparse_softmax_cross_entropy(labels, logits, weights=1.0, scope=None, loss_collection=LOSSES,
                                 reduction=_DEFAULT):
    """Softmax cross entropy against integer class ids (a trailing axis of size 1 on the labels or on
    the weights is squeezed first, as TF's _remove_squeezable_dimensions does)."""
    _required(labels=labels, logits=logits)
    labels = labels if type(labels) is Tensor else wrap(convert(labels))
    logits = logits if type(logits) is Tensor else wrap(convert(logits))
    if labels._t.ndim != logits._t.ndim - 1:
        labels, logits = remove_squeezable_dimensions(labels, logits, expected_rank_diff=1)
    weights = _weights(weights)
    if type(weights) is not float and weights.dim() - labels._t.ndim == 1:
        weights = array_ops.squeeze(wrap(weights), [-1])._t
    Reduction.validate(reduction)
    fused = _FUSED_REDUCTIONS.get(reduction) if type(weights) is float and logits._t.dtype is torch.float32 else None
    if fused is not None:
        return wrap(nn_ops.sparse_softmax_xent(labels, logits, fused))
    return _weighted(nn_ops.sparse_softmax_xent(labels, logits), weights, reduction)
