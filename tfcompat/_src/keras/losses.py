"""tf.keras.losses: TF 1.15's Keras loss functions, the Loss classes with their reductions, and
the backend cross-entropy kernels (K.categorical_crossentropy ...) they rest on.

A loss function maps ``(y_true, y_pred)`` to one loss per sample (the last axis reduced); a
``Loss`` object then weights and reduces those with ``compute_weighted_loss`` (TF 1.15's
keras/utils/losses_utils.py: the losses and weights are cast to float32, weighted, reduced, and
cast back).  Written over tfcompat's ops, so dtypes, broadcasting, errors and gradients are the
ops' own.
"""

from ..framework import dtypes
from ..framework.tensor import Tensor, convert, wrap
from ..ops import array_ops, clip_ops, creation_ops, math_ops, nn_ops, reduction_ops
from ..ops.losses.util import squeeze_or_expand_dimensions
from ..registry import export, unsupported
from .backend import epsilon, floatx
from .generic_utils import deserialize_keras_object, serialize_keras_object


def _tensor(value):
    return value if type(value) is Tensor else wrap(convert(value))


def _pred_and_true(y_true, y_pred):
    """``y_pred`` as a tensor and ``y_true`` cast to its dtype, as every Keras loss starts."""
    y_pred = _tensor(y_pred)
    return creation_ops.cast(y_true, y_pred.dtype), y_pred


def _mean(x):
    return reduction_ops.reduce_mean(x, -1)


# --- the reductions (TF 1.15's losses_utils) -----------------------------------------------------------------

class ReductionV2:
    """The reductions a Keras ``Loss`` applies (``tf.keras.losses.Reduction`` in TF 2.x; TF 1.15's v1 API
    does not export it, its strings are what v1 programs pass)."""

    AUTO = "auto"
    NONE = "none"
    SUM = "sum"
    SUM_OVER_BATCH_SIZE = "sum_over_batch_size"

    @classmethod
    def all(cls):
        return (cls.AUTO, cls.NONE, cls.SUM, cls.SUM_OVER_BATCH_SIZE)

    @classmethod
    def validate(cls, key):
        if key not in cls.all():
            raise ValueError(f"Invalid Reduction Key {key}.")


def compute_weighted_loss(losses, sample_weight=None, reduction=ReductionV2.SUM_OVER_BATCH_SIZE, name=None):
    """Weight ``losses`` by ``sample_weight`` (broadcast as above) and reduce them, in float32."""
    ReductionV2.validate(reduction)
    if reduction == ReductionV2.AUTO:
        reduction = ReductionV2.SUM_OVER_BATCH_SIZE
    losses = _tensor(losses)
    input_dtype = losses.dtype
    losses = creation_ops.cast(losses, dtypes.float32)
    sample_weight = creation_ops.cast(1.0 if sample_weight is None else sample_weight, dtypes.float32)
    losses, _, sample_weight = squeeze_or_expand_dimensions(losses, None, sample_weight)
    loss = math_ops.multiply(losses, sample_weight)
    if reduction != ReductionV2.NONE:
        total = reduction_ops.reduce_sum(loss)
        loss = total
        if reduction == ReductionV2.SUM_OVER_BATCH_SIZE:
            count = creation_ops.cast(creation_ops.size(losses), dtypes.float32)
            loss = math_ops.div_no_nan(total, count)
    return creation_ops.cast(loss, input_dtype)


# --- the backend kernels --------------------------------------------------------------------------------------

def _clipped(output):
    eps = creation_ops.cast(epsilon(), output.dtype)
    return clip_ops.clip_by_value(output, eps, 1. - eps)


@export("keras.backend.categorical_crossentropy")
def categorical_crossentropy_backend(target, output, from_logits=False, axis=-1):
    """-sum(target * log(p)) with ``output`` rescaled to sum to 1 and clipped to [eps, 1 - eps]."""
    target, output = _tensor(target), _tensor(output)
    if from_logits:
        return nn_ops.softmax_cross_entropy_with_logits_v2(labels=target, logits=output, axis=axis)
    output = math_ops.truediv(output, reduction_ops.reduce_sum(output, axis, True))
    return math_ops.negative(reduction_ops.reduce_sum(math_ops.multiply(target, math_ops.log(_clipped(output))),
                                                      axis))


@export("keras.backend.sparse_categorical_crossentropy")
def sparse_categorical_crossentropy_backend(target, output, from_logits=False, axis=-1):
    """Sparse softmax cross entropy of (the log of the clipped) ``output`` against int labels."""
    target, output = _tensor(target), _tensor(output)
    if not from_logits:
        output = math_ops.log(_clipped(output))
    rank = output.shape.ndims
    axis %= max(rank, 1)
    if axis != rank - 1:
        output = array_ops.transpose(output, [*range(axis), *range(axis + 1, rank), axis])
    target = creation_ops.cast(target, dtypes.int64)
    output_shape = output.shape.as_list()
    update_shape = target.shape.ndims != rank - 1
    if update_shape:
        target = array_ops.reshape(target, [-1])
        output = array_ops.reshape(output, [-1, output_shape[-1]])
    result = nn_ops.sparse_softmax_cross_entropy_with_logits(labels=target, logits=output)
    if update_shape and rank >= 3:
        return array_ops.reshape(result, output_shape[:-1])
    return result


@export("keras.backend.binary_crossentropy")
def binary_crossentropy_backend(target, output, from_logits=False):
    """Sigmoid cross entropy; probabilities are clipped to [eps, 1 - eps] and turned into logits
    (TF 1.15; TF 2.2+ computes ``-(t * log(p + eps) + (1 - t) * log(1 - p + eps))`` instead)."""
    target, output = _tensor(target), _tensor(output)
    if not from_logits:
        output = _clipped(output)
        output = math_ops.log(math_ops.truediv(output, math_ops.subtract(1., output)))
    return nn_ops.sigmoid_cross_entropy_with_logits(labels=target, logits=output)


# --- the loss functions ---------------------------------------------------------------------------------------

@export("keras.losses.mean_squared_error", "keras.losses.mse", "keras.losses.MSE")
def mean_squared_error(y_true, y_pred):
    y_true, y_pred = _pred_and_true(y_true, y_pred)
    return _mean(math_ops.squared_difference(y_pred, y_true))


@export("keras.losses.mean_absolute_error", "keras.losses.mae", "keras.losses.MAE")
def mean_absolute_error(y_true, y_pred):
    y_true, y_pred = _pred_and_true(y_true, y_pred)
    return _mean(math_ops.abs(math_ops.subtract(y_pred, y_true)))


@export("keras.losses.mean_absolute_percentage_error", "keras.losses.mape", "keras.losses.MAPE")
def mean_absolute_percentage_error(y_true, y_pred):
    y_true, y_pred = _pred_and_true(y_true, y_pred)
    scale = math_ops.maximum(math_ops.abs(y_true), epsilon())
    return math_ops.multiply(100., _mean(math_ops.abs(math_ops.truediv(math_ops.subtract(y_true, y_pred), scale))))


@export("keras.losses.mean_squared_logarithmic_error", "keras.losses.msle", "keras.losses.MSLE")
def mean_squared_logarithmic_error(y_true, y_pred):
    y_true, y_pred = _pred_and_true(y_true, y_pred)
    first = math_ops.log(math_ops.add(math_ops.maximum(y_pred, epsilon()), 1.))
    second = math_ops.log(math_ops.add(math_ops.maximum(y_true, epsilon()), 1.))
    return _mean(math_ops.squared_difference(first, second))


def _maybe_convert_labels(y_true):
    """Labels that are all 0 or 1 become -1 or 1 (hinge losses)."""
    binary = reduction_ops.reduce_all(math_ops.logical_or(math_ops.equal(y_true, 0), math_ops.equal(y_true, 1)))
    return math_ops.subtract(math_ops.multiply(2., y_true), 1.) if bool(binary) else y_true


def _margins(y_true, y_pred):
    y_true, y_pred = _pred_and_true(y_true, y_pred)
    y_true = _maybe_convert_labels(y_true)
    return math_ops.maximum(math_ops.subtract(1., math_ops.multiply(y_true, y_pred)), 0.)


@export("keras.losses.squared_hinge")
def squared_hinge(y_true, y_pred):
    return _mean(math_ops.square(_margins(y_true, y_pred)))


@export("keras.losses.hinge")
def hinge(y_true, y_pred):
    return _mean(_margins(y_true, y_pred))


@export("keras.losses.categorical_hinge")
def categorical_hinge(y_true, y_pred):
    y_true, y_pred = _pred_and_true(y_true, y_pred)
    positive = reduction_ops.reduce_sum(math_ops.multiply(y_true, y_pred), -1)
    negative = reduction_ops.reduce_max(math_ops.multiply(math_ops.subtract(1., y_true), y_pred), -1)
    return math_ops.maximum(0., math_ops.add(math_ops.subtract(negative, positive), 1.))


def huber_loss(y_true, y_pred, delta=1.0):
    """0.5 * x ** 2 for |x| <= delta, else delta * (|x| - 0.5 * delta), per element (TF 1.15 does not
    average the last axis; TF 2.2+ does).  Computed in floatx, as TF 1.15 casts both to it."""
    y_pred = creation_ops.cast(y_pred, floatx())
    y_true = creation_ops.cast(y_true, floatx())
    abs_error = math_ops.abs(math_ops.subtract(y_pred, y_true))
    quadratic = math_ops.minimum(abs_error, delta)
    linear = math_ops.subtract(abs_error, quadratic)
    return math_ops.add(math_ops.multiply(0.5, math_ops.multiply(quadratic, quadratic)),
                        math_ops.multiply(delta, linear))


@export("keras.losses.logcosh")
def logcosh(y_true, y_pred):
    """log(cosh(x)) as x + softplus(-2x) - log(2), averaged over the last axis."""
    y_true, y_pred = _pred_and_true(y_true, y_pred)
    x = math_ops.subtract(y_pred, y_true)
    value = math_ops.add(x, nn_ops.softplus(math_ops.multiply(-2., x)))
    return _mean(math_ops.subtract(value, math_ops.log(creation_ops.cast(2., x.dtype))))


def _smoothing(label_smoothing):
    return creation_ops.cast(label_smoothing, floatx())


@export("keras.losses.categorical_crossentropy")
def categorical_crossentropy(y_true, y_pred, from_logits=False, label_smoothing=0):
    y_true, y_pred = _pred_and_true(y_true, y_pred)
    smoothing = _smoothing(label_smoothing)
    if bool(smoothing):
        classes = creation_ops.cast(creation_ops.shape(y_true)[1], y_pred.dtype)
        y_true = math_ops.add(math_ops.multiply(y_true, math_ops.subtract(1.0, smoothing)),
                              math_ops.truediv(smoothing, classes))
    return categorical_crossentropy_backend(y_true, y_pred, from_logits=from_logits)


@export("keras.losses.sparse_categorical_crossentropy")
def sparse_categorical_crossentropy(y_true, y_pred, from_logits=False, axis=-1):
    return sparse_categorical_crossentropy_backend(y_true, y_pred, from_logits=from_logits, axis=axis)


@export("keras.losses.binary_crossentropy")
def binary_crossentropy(y_true, y_pred, from_logits=False, label_smoothing=0):
    y_true, y_pred = _pred_and_true(y_true, y_pred)
    smoothing = _smoothing(label_smoothing)
    if bool(smoothing):
        y_true = math_ops.add(math_ops.multiply(y_true, math_ops.subtract(1.0, smoothing)),
                              math_ops.multiply(0.5, smoothing))
    return _mean(binary_crossentropy_backend(y_true, y_pred, from_logits=from_logits))


@export("keras.losses.kullback_leibler_divergence", "keras.losses.kld", "keras.losses.KLD")
def kullback_leibler_divergence(y_true, y_pred):
    y_true, y_pred = _pred_and_true(y_true, y_pred)
    y_true = clip_ops.clip_by_value(y_true, epsilon(), 1)
    y_pred = clip_ops.clip_by_value(y_pred, epsilon(), 1)
    return reduction_ops.reduce_sum(math_ops.multiply(y_true, math_ops.log(math_ops.truediv(y_true, y_pred))), -1)


@export("keras.losses.poisson")
def poisson(y_true, y_pred):
    y_true, y_pred = _pred_and_true(y_true, y_pred)
    log_pred = math_ops.log(math_ops.add(y_pred, epsilon()))
    return _mean(math_ops.subtract(y_pred, math_ops.multiply(y_true, log_pred)))


@export("keras.losses.cosine_similarity", "keras.losses.cosine_proximity", "keras.losses.cosine")
def cosine_proximity(y_true, y_pred, axis=-1):
    """Minus the cosine similarity of the two along ``axis``."""
    y_true, y_pred = _pred_and_true(y_true, y_pred)
    y_true = nn_ops.l2_normalize(y_true, axis=axis)
    y_pred = nn_ops.l2_normalize(y_pred, axis=axis)
    return math_ops.negative(reduction_ops.reduce_sum(math_ops.multiply(y_true, y_pred), axis))


# --- the Loss classes -----------------------------------------------------------------------------------------

@export("keras.losses.Loss")
class Loss:
    """Base class: ``loss(y_true, y_pred, sample_weight=None)`` is ``compute_weighted_loss`` of
    ``call(y_true, y_pred)`` under the instance's ``reduction`` ('auto' is 'sum_over_batch_size')."""

    def __init__(self, reduction=ReductionV2.AUTO, name=None):
        ReductionV2.validate(reduction)
        self.reduction = reduction
        self.name = name

    def __call__(self, y_true, y_pred, sample_weight=None):
        losses = self.call(y_true, y_pred)
        return compute_weighted_loss(losses, sample_weight, reduction=self._get_reduction())

    @classmethod
    def from_config(cls, config):
        return cls(**config)

    def get_config(self):
        return {"reduction": self.reduction, "name": self.name}

    def call(self, y_true, y_pred):
        raise NotImplementedError("Must be implemented in subclasses.")

    def _get_reduction(self):
        return ReductionV2.SUM_OVER_BATCH_SIZE if self.reduction == ReductionV2.AUTO else self.reduction


class LossFunctionWrapper(Loss):
    """A ``Loss`` calling ``fn(y_true, y_pred, **kwargs)``; tensor labels and predictions whose ranks
    differ by one first lose a trailing axis of size 1."""

    def __init__(self, fn, reduction=ReductionV2.AUTO, name=None, **kwargs):
        super().__init__(reduction=reduction, name=name)
        self.fn = fn
        self._fn_kwargs = kwargs

    def call(self, y_true, y_pred):
        if isinstance(y_pred, Tensor) and isinstance(y_true, Tensor):
            y_pred, y_true = squeeze_or_expand_dimensions(y_pred, y_true)
        return self.fn(y_true, y_pred, **self._fn_kwargs)

    def get_config(self):
        config = {key: value.numpy() if isinstance(value, Tensor) else value
                  for key, value in self._fn_kwargs.items()}
        return {**super().get_config(), **config}


def _wrapper(class_name, fn, default_name, doc):
    """A LossFunctionWrapper subclass with TF 1.15's ``(reduction, name)`` constructor."""

    def __init__(self, reduction=ReductionV2.AUTO, name=default_name):
        LossFunctionWrapper.__init__(self, fn, reduction=reduction, name=name)

    cls = type(class_name, (LossFunctionWrapper,), {"__init__": __init__, "__doc__": doc, "__module__": __name__})
    __init__.__qualname__ = f"{class_name}.__init__"
    return export(f"keras.losses.{class_name}")(cls)


MeanSquaredError = _wrapper("MeanSquaredError", mean_squared_error, "mean_squared_error", "square(y_true - y_pred)")
MeanAbsoluteError = _wrapper("MeanAbsoluteError", mean_absolute_error, "mean_absolute_error",
                             "abs(y_true - y_pred)")
MeanAbsolutePercentageError = _wrapper("MeanAbsolutePercentageError", mean_absolute_percentage_error,
                                       "mean_absolute_percentage_error", "100 * abs((y_true - y_pred) / y_true)")
MeanSquaredLogarithmicError = _wrapper("MeanSquaredLogarithmicError", mean_squared_logarithmic_error,
                                       "mean_squared_logarithmic_error", "square(log(y_true + 1) - log(y_pred + 1))")
Hinge = _wrapper("Hinge", hinge, "hinge", "max(1 - y_true * y_pred, 0)")
SquaredHinge = _wrapper("SquaredHinge", squared_hinge, "squared_hinge", "square(max(1 - y_true * y_pred, 0))")
CategoricalHinge = _wrapper("CategoricalHinge", categorical_hinge, "categorical_hinge", "max(neg - pos + 1, 0)")
Poisson = _wrapper("Poisson", poisson, "poisson", "y_pred - y_true * log(y_pred)")
LogCosh = _wrapper("LogCosh", logcosh, "logcosh", "log(cosh(y_pred - y_true))")
KLDivergence = _wrapper("KLDivergence", kullback_leibler_divergence, "kullback_leibler_divergence",
                        "y_true * log(y_true / y_pred)")


@export("keras.losses.BinaryCrossentropy")
class BinaryCrossentropy(LossFunctionWrapper):
    def __init__(self, from_logits=False, label_smoothing=0, reduction=ReductionV2.AUTO,
                 name="binary_crossentropy"):
        super().__init__(binary_crossentropy, reduction=reduction, name=name, from_logits=from_logits,
                         label_smoothing=label_smoothing)
        self.from_logits = from_logits


@export("keras.losses.CategoricalCrossentropy")
class CategoricalCrossentropy(LossFunctionWrapper):
    def __init__(self, from_logits=False, label_smoothing=0, reduction=ReductionV2.AUTO,
                 name="categorical_crossentropy"):
        super().__init__(categorical_crossentropy, reduction=reduction, name=name, from_logits=from_logits,
                         label_smoothing=label_smoothing)


@export("keras.losses.SparseCategoricalCrossentropy")
class SparseCategoricalCrossentropy(LossFunctionWrapper):
    def __init__(self, from_logits=False, reduction=ReductionV2.AUTO, name="sparse_categorical_crossentropy"):
        super().__init__(sparse_categorical_crossentropy, reduction=reduction, name=name, from_logits=from_logits)


@export("keras.losses.Huber")
class Huber(LossFunctionWrapper):
    def __init__(self, delta=1.0, reduction=ReductionV2.AUTO, name="huber_loss"):
        super().__init__(huber_loss, reduction=reduction, name=name, delta=delta)


@export("keras.losses.CosineSimilarity")
class CosineSimilarity(LossFunctionWrapper):
    def __init__(self, axis=-1, reduction=ReductionV2.AUTO, name="cosine_similarity"):
        super().__init__(cosine_proximity, reduction=reduction, name=name, axis=axis)


# --- by name ----------------------------------------------------------------------------------------------------

_LOSSES = {
    **{fn.__name__: fn for fn in (
        mean_squared_error, mean_absolute_error, mean_absolute_percentage_error, mean_squared_logarithmic_error,
        squared_hinge, hinge, categorical_hinge, logcosh, categorical_crossentropy, sparse_categorical_crossentropy,
        binary_crossentropy, kullback_leibler_divergence, poisson, cosine_proximity)},
    "mse": mean_squared_error, "MSE": mean_squared_error, "mae": mean_absolute_error, "MAE": mean_absolute_error,
    "mape": mean_absolute_percentage_error, "MAPE": mean_absolute_percentage_error,
    "msle": mean_squared_logarithmic_error, "MSLE": mean_squared_logarithmic_error,
    "kld": kullback_leibler_divergence, "KLD": kullback_leibler_divergence, "cosine": cosine_proximity,
    "cosine_similarity": cosine_proximity,
    **{cls.__name__: cls for cls in (
        Loss, MeanSquaredError, MeanAbsoluteError, MeanAbsolutePercentageError, MeanSquaredLogarithmicError, Hinge,
        SquaredHinge, CategoricalHinge, Poisson, LogCosh, KLDivergence, BinaryCrossentropy, CategoricalCrossentropy,
        SparseCategoricalCrossentropy, Huber, CosineSimilarity)},
}


@export("keras.losses.serialize")
def serialize(loss):
    return serialize_keras_object(loss)


@export("keras.losses.deserialize")
def deserialize(name, custom_objects=None):
    return deserialize_keras_object(name, _LOSSES, custom_objects, "loss function")


@export("keras.losses.get")
def get(identifier):
    """A loss from its name, its config dict or itself (a callable); None stays None."""
    if identifier is None:
        return None
    if isinstance(identifier, str):
        return deserialize(str(identifier))
    if isinstance(identifier, dict):
        return deserialize(identifier)
    if callable(identifier):
        return identifier
    raise ValueError(f"Could not interpret loss function identifier: {identifier}")



# TF 2.2 added these spellings; TF 1.15's Keras has logcosh and kld / kullback_leibler_divergence only.
for _namespace in ("losses", "metrics"):
    unsupported(f"keras.{_namespace}.log_cosh", f"added in TF 2.2; TF 1.15 spells it tf.keras.{_namespace}.logcosh")
    unsupported(f"keras.{_namespace}.kl_divergence",
                f"added in TF 2.2; TF 1.15 spells it tf.keras.{_namespace}.kld (or kullback_leibler_divergence)")
