"""tf.keras.metrics as TF 1.15's Keras had them under eager execution.

A metric is a Layer whose non-trainable weights (``total:0``, ``count:0`` ...) hold its state:
``update_state`` accumulates, ``result`` reads, ``reset_states`` zeroes, and calling the metric
updates it and returns the result.  The metric functions (``accuracy``, ``binary_accuracy`` ...)
give one value per example; ``MeanMetricWrapper`` averages such a function.  The confusion-count
metrics (TruePositives ..., Precision, Recall, AUC) share one counting routine, ``_confusion_counts``.
"""

import numpy as np

from ..framework import dtypes
from ..framework.errors import InvalidArgumentError
from ..framework.tensor import Tensor, convert, wrap
from ..framework.tensor_shape import TensorShape
from ..ops.arguments import int_arg
from ..ops.array_ops import squeeze
from ..ops.creation_ops import cast, size
from ..ops.losses.util import remove_squeezable_dimensions
from ..ops.math_ops import abs as abs_, div_no_nan, equal, greater, sqrt
from ..ops.nn_ops import in_top_k, l2_normalize
from ..ops.reduction_ops import argmax, reduce_mean, reduce_sum
from ..registry import PARTIAL, export
from . import backend
from .losses import squeeze_or_expand_dimensions
from .engine.base_layer import Layer
from ..eager.variables import VariableAggregation, VariableSynchronization

# --- metric functions ------------------------------------------------------------------------------


def _floatx(value):
    return cast(value, backend.floatx())


@export("keras.metrics.binary_accuracy")
def binary_accuracy(y_true, y_pred, threshold=0.5):
    """1.0 where ``y_pred > threshold`` equals ``y_true``, averaged over the last axis."""
    y_pred = wrap(convert(y_pred))
    threshold = cast(threshold, y_pred.dtype)
    y_pred = cast(greater(y_pred, threshold), y_pred.dtype)
    return reduce_mean(_floatx(equal(y_true, y_pred)), axis=-1)


@export("keras.metrics.categorical_accuracy")
def categorical_accuracy(y_true, y_pred):
    """1.0 where the argmax of ``y_pred`` is that of the one-hot ``y_true``."""
    return _floatx(equal(argmax(y_true, axis=-1), argmax(y_pred, axis=-1)))


@export("keras.metrics.sparse_categorical_accuracy")
def sparse_categorical_accuracy(y_true, y_pred):
    """1.0 where the argmax of ``y_pred`` is the integer class in ``y_true`` (a trailing axis of 1 dropped)."""
    y_true, y_pred = _tensor(y_true), _tensor(y_pred)
    if y_true.shape.ndims == y_pred.shape.ndims:
        y_true = squeeze(y_true, [-1])
    y_pred = argmax(y_pred, axis=-1)
    if y_pred.dtype != y_true.dtype:
        y_pred = cast(y_pred, y_true.dtype)
    return _floatx(equal(y_true, y_pred))


@export("keras.metrics.top_k_categorical_accuracy")
def top_k_categorical_accuracy(y_true, y_pred, k=5):
    """1.0 where the class of the one-hot ``y_true`` is among the ``k`` largest ``y_pred``."""
    return _floatx(in_top_k(y_pred, argmax(y_true, axis=-1), int_arg(k, "InTopKV2", "k")))


@export("keras.metrics.sparse_top_k_categorical_accuracy")
def sparse_top_k_categorical_accuracy(y_true, y_pred, k=5):
    """1.0 where the integer class ``y_true`` is among the ``k`` largest ``y_pred``."""
    y_true, y_pred = _tensor(y_true), _tensor(y_pred)
    if y_true.shape.ndims == y_pred.shape.ndims:
        y_true = squeeze(y_true, [-1])
    return _floatx(in_top_k(y_pred, cast(y_true, "int32"), int_arg(k, "InTopKV2", "k")))


@export("keras.metrics.cosine_proximity", "keras.metrics.cosine")
def cosine_proximity(y_true, y_pred, axis=-1):
    """The cosine similarity of ``y_true`` and ``y_pred`` along ``axis`` (the metric's sign: +1 when equal)."""
    return reduce_sum(l2_normalize(y_true, axis=axis) * l2_normalize(y_pred, axis=axis), axis=axis)


def accuracy(y_true, y_pred):
    """1.0 where ``y_pred`` equals ``y_true`` (cast to its dtype)."""
    y_true, y_pred = wrap(convert(y_true)), wrap(convert(y_pred))
    if not y_pred.shape.is_compatible_with(y_true.shape):
        raise ValueError(f"Shapes {y_pred.shape} and {y_true.shape} are incompatible")
    if y_true.dtype != y_pred.dtype:
        y_pred = cast(y_pred, y_true.dtype)
    return _floatx(equal(y_true, y_pred))


def _tensor(value):
    return value if isinstance(value, Tensor) else wrap(convert(value))


def _squeeze_last(backing, function):
    if not backing.dim() or backing.shape[-1] != 1:
        raise InvalidArgumentError(None, None, f"{function}: can not squeeze dim[{backing.dim() - 1}], expected a "
                                               f"dimension of 1, got {backing.shape[-1]}")
    return backing.squeeze(-1)


# --- the base classes ----------------------------------------------------------------------------

@export("keras.metrics.Metric", status=PARTIAL,
        note="Eager execution: update_state/result run as Python, not as tf.functions; no distribution "
             "strategies.")
class Metric(Layer):
    """Encapsulates a metric's state (its weights) and logic (update_state, result)."""

    def __init__(self, name=None, dtype=None, **kwargs):
        super().__init__(name=name, dtype=dtype, **kwargs)
        self.stateful = True
        self.built = True
        self._dtype = dtypes.as_dtype(dtype or backend.floatx()).name

    def __call__(self, *args, **kwargs):
        """Update the state with these inputs and return the result."""
        self.update_state(*args, **kwargs)
        return self.result()

    @property
    def dtype(self):
        return self._dtype

    def get_config(self):
        return {"name": self.name, "dtype": self._dtype}

    def reset_states(self):
        """Every state variable back to zero."""
        for variable in self.variables:
            variable.assign(np.zeros(variable.shape.as_list(), dtype=variable.dtype.as_numpy_dtype))

    def update_state(self, *args, **kwargs):
        raise NotImplementedError("Must be implemented in subclasses.")

    def result(self):
        raise NotImplementedError("Must be implemented in subclasses.")

    def add_weight(self, name, shape=(), aggregation=VariableAggregation.SUM,
                   synchronization=VariableSynchronization.ON_READ, initializer=None, dtype=None):
        return super().add_weight(name=name, shape=shape, dtype=self._dtype if dtype is None else dtype,
                                  trainable=False, initializer=initializer, synchronization=synchronization,
                                  aggregation=aggregation)

    @property
    def variables(self):
        return self.weights


_SUM, _SUM_OVER_BATCH_SIZE, _WEIGHTED_MEAN = "sum", "sum_over_batch_size", "weighted_mean"


class Reduce(Metric):
    """Reduces the values given to ``total`` (and ``count``) as ``reduction`` says."""

    def __init__(self, reduction, name, dtype=None):
        super().__init__(name=name, dtype=dtype)
        self.reduction = reduction
        self.total = self.add_weight("total", initializer="zeros")
        if reduction in (_SUM_OVER_BATCH_SIZE, _WEIGHTED_MEAN):
            self.count = self.add_weight("count", initializer="zeros")

    def update_state(self, values, sample_weight=None):
        values = cast(values, self._dtype)
        if sample_weight is not None:
            values, sample_weight = _weighted(values, cast(sample_weight, self._dtype), self.reduction)
        self.total.assign_add(reduce_sum(values))
        if self.reduction == _SUM:
            return None
        if self.reduction == _WEIGHTED_MEAN and sample_weight is not None:
            self.count.assign_add(reduce_sum(sample_weight))
        else:
            self.count.assign_add(cast(size(values), self._dtype))
        return None

    def result(self):
        if self.reduction == _SUM:
            return wrap(convert(self.total).clone())
        return div_no_nan(self.total, self.count)


def _weighted(values, sample_weight, reduction):
    """(values * broadcast sample_weight, the broadcast weights): TF's squeeze_or_expand_dimensions (weights
    one rank short get a last axis, one rank over lose it), then the weights broadcast to the values where
    TF's broadcast_weights allows it (rank 0, or the same rank with each size 1 or equal), else the values
    reduced over their extra axes."""
    values_backing, weight_backing = convert(values), convert(sample_weight)
    rank_difference = weight_backing.dim() - values_backing.dim()
    if rank_difference == 1:
        weight_backing = _squeeze_last(weight_backing, "squeeze_or_expand_dimensions")
    elif rank_difference == -1:
        weight_backing = weight_backing.unsqueeze(-1)
    if _broadcastable(weight_backing.shape, values_backing.shape):
        weight_backing = weight_backing.expand(values_backing.shape)
    else:
        axes = tuple(range(weight_backing.dim(), values_backing.dim()))
        if weight_backing.dim() > values_backing.dim() or not _broadcastable(
                weight_backing.shape, values_backing.shape[:weight_backing.dim()]):
            raise ValueError(f"weights can not be broadcast to values. values.shape={list(values_backing.shape)}, "
                             f"weights.shape={list(weight_backing.shape)}")
        values_backing = values_backing.sum(axes) if reduction == _SUM else values_backing.mean(axes)
        weight_backing = weight_backing.expand(values_backing.shape)
    return wrap(values_backing * weight_backing), wrap(weight_backing)


def _broadcastable(weights_shape, values_shape):
    if not len(weights_shape):
        return True
    return len(weights_shape) == len(values_shape) and all(w in (1, v) for w, v in zip(weights_shape, values_shape))


@export("keras.metrics.Sum")
class Sum(Reduce):
    """The (weighted) sum of the values given."""

    def __init__(self, name="sum", dtype=None):
        super().__init__(_SUM, name, dtype=dtype)


@export("keras.metrics.Mean")
class Mean(Reduce):
    """The (weighted) mean of the values given."""

    def __init__(self, name="mean", dtype=None):
        super().__init__(_WEIGHTED_MEAN, name, dtype=dtype)


@export("keras.metrics.MeanMetricWrapper")
class MeanMetricWrapper(Mean):
    """The mean of ``fn(y_true, y_pred, **kwargs)`` over the examples given."""

    def __init__(self, fn, name=None, dtype=None, **kwargs):
        super().__init__(name=name, dtype=dtype)
        self._fn = fn
        self._fn_kwargs = kwargs

    def update_state(self, y_true, y_pred, sample_weight=None):
        y_true, y_pred = cast(y_true, self._dtype), cast(y_pred, self._dtype)
        y_pred, y_true = squeeze_or_expand_dimensions(y_pred, y_true)
        return super().update_state(self._fn(y_true, y_pred, **self._fn_kwargs), sample_weight=sample_weight)

    def get_config(self):
        # TF evaluates the tensors and variables among the function's arguments (K.eval)
        config = {key: value.numpy() if hasattr(value, "numpy") else value for key, value in self._fn_kwargs.items()}
        config.update(super().get_config())
        return config


def _wrapper_class(class_name, fn, default_name, tf_name):
    """A MeanMetricWrapper subclass of ``fn`` registered as ``keras.metrics.<tf_name>``, with TF 1.15's
    constructor ``(name=default_name, dtype=None)``."""
    def __init__(self, name=default_name, dtype=None):
        MeanMetricWrapper.__init__(self, fn, name, dtype=dtype)

    cls = type(class_name, (MeanMetricWrapper,), {"__init__": __init__, "__doc__": f"The mean of {fn.__name__}."})
    return export(f"keras.metrics.{tf_name}")(cls)


Accuracy = _wrapper_class("Accuracy", accuracy, "accuracy", "Accuracy")
CategoricalAccuracy = _wrapper_class("CategoricalAccuracy", categorical_accuracy, "categorical_accuracy",
                                     "CategoricalAccuracy")
SparseCategoricalAccuracy = _wrapper_class("SparseCategoricalAccuracy", sparse_categorical_accuracy,
                                           "sparse_categorical_accuracy", "SparseCategoricalAccuracy")


@export("keras.metrics.BinaryAccuracy")
class BinaryAccuracy(MeanMetricWrapper):
    """How often ``y_pred > threshold`` matches the binary ``y_true``."""

    def __init__(self, name="binary_accuracy", dtype=None, threshold=0.5):
        super().__init__(binary_accuracy, name, dtype=dtype, threshold=threshold)


@export("keras.metrics.CosineSimilarity")
class CosineSimilarity(MeanMetricWrapper):
    """The mean cosine similarity of targets and predictions along ``axis``."""

    def __init__(self, name="cosine_similarity", dtype=None, axis=-1):
        super().__init__(cosine_proximity, name, dtype=dtype, axis=axis)


@export("keras.metrics.TopKCategoricalAccuracy")
class TopKCategoricalAccuracy(MeanMetricWrapper):
    """How often the one-hot target is among the ``k`` top predictions."""

    def __init__(self, k=5, name="top_k_categorical_accuracy", dtype=None):
        super().__init__(top_k_categorical_accuracy, name, dtype=dtype, k=k)


@export("keras.metrics.SparseTopKCategoricalAccuracy")
class SparseTopKCategoricalAccuracy(MeanMetricWrapper):
    """How often the integer target is among the ``k`` top predictions."""

    def __init__(self, k=5, name="sparse_top_k_categorical_accuracy", dtype=None):
        super().__init__(sparse_top_k_categorical_accuracy, name, dtype=dtype, k=k)


@export("keras.metrics.RootMeanSquaredError")
class RootMeanSquaredError(Mean):
    """sqrt of the (weighted) mean of the squared errors."""

    def __init__(self, name="root_mean_squared_error", dtype=None):
        super().__init__(name, dtype=dtype)

    def update_state(self, y_true, y_pred, sample_weight=None):
        y_true, y_pred = cast(y_true, self._dtype), cast(y_pred, self._dtype)
        y_pred, y_true = squeeze_or_expand_dimensions(y_pred, y_true)
        error = y_pred - y_true
        return super().update_state(error * error, sample_weight=sample_weight)

    def result(self):
        return sqrt(div_no_nan(self.total, self.count))


@export("keras.metrics.MeanRelativeError")
class MeanRelativeError(Mean):
    """The (weighted) mean of ``|y_true - y_pred| / normalizer`` (0 where the normalizer is 0)."""

    def __init__(self, normalizer, name=None, dtype=None):
        super().__init__(name=name, dtype=dtype)
        self.normalizer = cast(normalizer, self._dtype)

    def update_state(self, y_true, y_pred, sample_weight=None):
        y_true, y_pred = cast(y_true, self._dtype), cast(y_pred, self._dtype)
        y_pred, y_true = squeeze_or_expand_dimensions(y_pred, y_true)
        y_pred, normalizer = remove_squeezable_dimensions(y_pred, self.normalizer)
        if not y_pred.shape.is_compatible_with(y_true.shape):
            raise ValueError(f"Shapes {y_pred.shape} and {y_true.shape} are incompatible")
        relative_errors = div_no_nan(abs_(y_true - y_pred), normalizer)
        return super().update_state(relative_errors, sample_weight=sample_weight)

    def get_config(self):
        return {"normalizer": self.normalizer.numpy(), **super().get_config()}


@export("keras.metrics.MeanTensor")
class MeanTensor(Metric):
    """The element-wise (weighted) mean of the tensors given, which must all have the shape of the first;
    its ``total`` and ``count`` variables are made at the first update."""

    def __init__(self, name="mean_tensor", dtype=None, shape=None):
        super().__init__(name=name, dtype=dtype)
        self._shape = self._total = self._count = None
        if shape is not None:
            self._build(TensorShape(shape))

    def _build(self, shape):
        self._shape = shape
        self._total = self.add_weight("total", shape=shape, initializer="zeros")
        self._count = self.add_weight("count", shape=shape, initializer="zeros")

    @property
    def total(self):
        return self._total

    @property
    def count(self):
        return self._count

    def update_state(self, values, sample_weight=None):
        values = cast(values, self._dtype)
        if self._shape is None:
            self._build(values.shape)
        elif values.shape != self._shape:
            raise ValueError(f"MeanTensor input values must always have the same shape. Expected shape (set during "
                             f"the first call): {self._shape}. Got: {values.shape}")
        if sample_weight is None:
            counts = wrap(convert(values).new_ones(values.shape.as_list()))
        else:
            values, counts = _weighted(values, cast(sample_weight, self._dtype), _WEIGHTED_MEAN)
            if values.shape != self._shape:
                raise ValueError(f"MeanTensor: weights of shape {sample_weight.shape} reduce the values to "
                                 f"{values.shape}, not {self._shape}")
        self._total.assign_add(values)
        return self._count.assign_add(counts)

    def result(self):
        if self._shape is None:
            raise ValueError("MeanTensor does not have any result yet. Please call the MeanTensor instance or use "
                             "`.update_state(value)` before retrieving the result.")
        return div_no_nan(self._total, self._count)
