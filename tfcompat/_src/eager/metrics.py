"""tf.contrib.eager.metrics (tfe.metrics): TF 1.15's contrib/eager/python/metrics_impl.py under eager.

A metric creates its variables (non-trainable, in a variable scope named after the metric) on its
first call, accumulates with ``assign_add`` on every call and returns the call's arguments, as
TF 1.15 does.  ``Mean`` and the accuracies accumulate in float64 unless given another dtype, so
``result()`` is float64.  Before the first call the metric has no variables, and ``result()``
raises the AttributeError TF 1.15 raised (``'Mean' object has no attribute 'numer'``).
"""

import re

from ..checkpoint.tracking import variable_created
from ..framework import dtypes
from ..framework.tensor import convert, wrap
from ..ops.check_ops import assert_equal
from ..ops.creation_ops import cast, shape as _shape, size, zeros
from ..ops.math_ops import equal, greater
from ..ops.reduction_ops import argmax, reduce_sum
from ..registry import PARTIAL, export
from ..summary import summary_ops
from .variable_scope import get_variable, variable_scope

_INVALID_SCOPE_CHARACTERS = re.compile("[^A-Za-z0-9.]")


@export("contrib.eager.metrics.Metric", status=PARTIAL,
        note="Eager execution only; `aggregate` sums the variables of metrics of the same type as TF 1.15's does.")
class Metric:
    """Holds state for aggregating statistics over an evaluation run: ``build`` creates the
    variables (on the first call), ``call`` updates them, ``result`` reads the value."""

    def __init__(self, name=None, use_global_variables=False):
        self._built = False
        self._vars = []
        self._initial_values = {}
        self._use_global_variables = use_global_variables
        name = name or type(self).__name__
        self._name = name
        self._scope_name = _INVALID_SCOPE_CHARACTERS.sub("_", name)

    def __call__(self, *args, **kwargs):
        if not self._built:
            with variable_scope(self._scope_name):
                self.build(*args, **kwargs)
            self._built = True
        return self.call(*args, **kwargs)

    @property
    def name(self):
        return self._name

    @property
    def variables(self):
        return self._vars

    def init_variables(self):
        """Resets the variables to their initial values (eager: returns None)."""
        for variable in self._vars:
            variable.assign(self._initial_values[id(variable)])

    def build(self, *args, **kwargs):
        raise NotImplementedError("Metrics must define a build() member function")

    def call(self, *args, **kwargs):
        raise NotImplementedError("Metrics must define a call() member function")

    def result(self):
        raise NotImplementedError("Metrics must define a result() member function")

    def value(self):
        """Under eager execution, the ``result`` method itself (TF 1.15)."""
        return self.result

    def aggregate(self, metrics):
        """Adds the state of ``metrics`` (of this metric's type) to this one's."""
        for metric in metrics:
            if type(self) is not type(metric):
                raise TypeError(f"All metrics must be the same type, '{type(self)}' != '{type(metric)}'.")
        for index, variable in enumerate(self._vars):
            if any(metric._vars[index].name != variable.name for metric in metrics):
                raise ValueError("All metrics must have variables in the same order.")
            for metric in metrics:
                variable.assign_add(metric._vars[index])

    def add_variable(self, name, shape=None, dtype=None, initializer=None):
        """Only for use by subclasses, in ``build``: a new non-trainable variable of this metric."""
        if self._built:
            raise RuntimeError("Can't call add_variable() except in build().")
        variable = get_variable(name, shape=shape, dtype=dtype, initializer=initializer, trainable=False)
        self._vars.append(variable)
        self._initial_values[id(variable)] = variable.value()
        variable_created(self, name, variable)  # checkpoints: the variable's name, a deferred restore
        return variable


@export("contrib.eager.metrics.Mean")
class Mean(Metric):
    """The (weighted) mean of the values given, accumulated in ``dtype`` (float64)."""

    def __init__(self, name=None, dtype=dtypes.float64, use_global_variables=False):
        super().__init__(name=name, use_global_variables=use_global_variables)
        self.dtype = dtype

    def build(self, *args, **kwargs):
        self.numer = self.add_variable("numer", shape=(), dtype=self.dtype, initializer=_zeros)
        self.denom = self.add_variable("denom", shape=(), dtype=self.dtype, initializer=_zeros)

    def call(self, values, weights=None):
        """Adds ``values`` (each weighted by ``weights``, default 1); returns the summed values
        without weights, ``(weighted values, weights)`` with them (TF 1.15's return)."""
        if weights is None:
            self.denom.assign_add(cast(size(values), self.dtype))
            values = reduce_sum(values)
            self.numer.assign_add(cast(values, self.dtype))
            return values
        weights = cast(weights, self.dtype)
        self.denom.assign_add(reduce_sum(weights))
        values = cast(values, self.dtype) * weights
        self.numer.assign_add(reduce_sum(values))
        return values, weights

    def result(self, write_summary=True):
        """numer / denom.  With ``write_summary`` (a bool or a bool tensor) it is also written as a
        ``tf.contrib.summary.scalar`` named after the metric, at the global step: written when a default
        summary writer records, as in TF 1.15."""
        if not isinstance(write_summary, bool) and not hasattr(write_summary, "numpy"):
            raise TypeError(f"write_summary must be a bool, got {write_summary!r}")
        result = self.numer / self.denom
        if write_summary if isinstance(write_summary, bool) else bool(write_summary.numpy()):
            summary_ops.scalar(name=self.name, tensor=result)
        return result


def _zeros(shape, dtype=None, partition_info=None):
    return zeros(shape, dtype=dtype)


class _MatchMean(Mean):
    """A Mean of the 0/1 matches between labels and predictions, as ``_matches`` computes them."""

    def __init__(self, name=None, dtype=dtypes.float64):
        super().__init__(name=name, dtype=dtype)

    def call(self, labels, predictions, weights=None):
        labels, predictions, matches = self._matches(labels, predictions)
        super().call(cast(matches, self.dtype), weights=weights)
        if weights is None:
            return labels, predictions
        return labels, predictions, weights


@export("contrib.eager.metrics.Accuracy")
class Accuracy(_MatchMean):
    """How often ``predictions`` equals ``labels`` (same shape and type)."""

    def _matches(self, labels, predictions):
        assert_equal(_shape(labels), _shape(predictions), message="Shapes of labels and predictions are unequal")
        return labels, predictions, equal(labels, predictions)


@export("contrib.eager.metrics.CategoricalAccuracy")
class CategoricalAccuracy(_MatchMean):
    """How often the argmax of ``predictions`` is that of the one-hot ``labels``."""

    def _matches(self, labels, predictions):
        assert_equal(_shape(labels), _shape(predictions), message="Shapes of labels and predictions are unequal")
        labels, predictions = argmax(labels, axis=-1), argmax(predictions, axis=-1)
        return labels, predictions, equal(labels, predictions)


@export("contrib.eager.metrics.BinaryAccuracy")
class BinaryAccuracy(_MatchMean):
    """How often ``predictions > threshold`` equals the 0/1 ``labels``."""

    def __init__(self, threshold, name=None, dtype=dtypes.float64):
        super().__init__(name=name, dtype=dtype)
        self.threshold = threshold

    def _matches(self, labels, predictions):
        assert_equal(_shape(labels), _shape(predictions), message="Shapes of labels and predictions are unequal")
        predictions = greater(wrap(convert(predictions)), self.threshold)
        labels = cast(labels, dtypes.bool_)
        return labels, predictions, equal(labels, predictions)


@export("contrib.eager.metrics.SparseAccuracy")
class SparseAccuracy(_MatchMean):
    """How often the argmax of ``predictions`` is the integer label."""

    def _matches(self, labels, predictions):
        assert_equal(_shape(labels), _shape(predictions)[0],
                     message="First axis of labels and predictions is unequal")
        predictions = argmax(predictions, axis=-1)
        labels = cast(labels, dtypes.int64)
        return labels, predictions, equal(labels, predictions)
