"""tf.keras.metrics built on tf.keras.losses: the loss functions TF 1.15's keras.metrics re-exported
(``mse``, ``binary_crossentropy`` ...) and the mean metrics of them (MeanSquaredError, Hinge,
BinaryCrossentropy ...), each a MeanMetricWrapper of its loss function, named as TF 1.15 named them."""

from ..registry import export
from . import losses
from .metrics import MeanMetricWrapper

for _names, _function in [
        (("mean_squared_error", "mse", "MSE"), losses.mean_squared_error),
        (("mean_absolute_error", "mae", "MAE"), losses.mean_absolute_error),
        (("mean_absolute_percentage_error", "mape", "MAPE"), losses.mean_absolute_percentage_error),
        (("mean_squared_logarithmic_error", "msle", "MSLE"), losses.mean_squared_logarithmic_error),
        (("hinge",), losses.hinge),
        (("squared_hinge",), losses.squared_hinge),
        (("logcosh",), losses.logcosh),
        (("kullback_leibler_divergence", "kld", "KLD"), losses.kullback_leibler_divergence),
        (("poisson",), losses.poisson),
        (("binary_crossentropy",), losses.binary_crossentropy),
        (("categorical_crossentropy",), losses.categorical_crossentropy),
        (("sparse_categorical_crossentropy",), losses.sparse_categorical_crossentropy)]:
    export(*(f"keras.metrics.{name}" for name in _names))(_function)
    globals().update(dict.fromkeys(_names, _function))  # keras.metrics.get('mse') finds them here


def _mean_of(class_name, function, default_name):
    """A MeanMetricWrapper subclass of a loss function with TF 1.15's ``(name, dtype)`` constructor."""
    def __init__(self, name=default_name, dtype=None):
        MeanMetricWrapper.__init__(self, function, name, dtype=dtype)
    cls = type(class_name, (MeanMetricWrapper,), {"__init__": __init__,
                                                  "__doc__": f"The mean of {function.__name__}."})
    return export(f"keras.metrics.{class_name}")(cls)


MeanSquaredError = _mean_of("MeanSquaredError", losses.mean_squared_error, "mean_squared_error")
MeanAbsoluteError = _mean_of("MeanAbsoluteError", losses.mean_absolute_error, "mean_absolute_error")
MeanAbsolutePercentageError = _mean_of("MeanAbsolutePercentageError", losses.mean_absolute_percentage_error,
                                       "mean_absolute_percentage_error")
MeanSquaredLogarithmicError = _mean_of("MeanSquaredLogarithmicError", losses.mean_squared_logarithmic_error,
                                       "mean_squared_logarithmic_error")
Hinge = _mean_of("Hinge", losses.hinge, "hinge")
SquaredHinge = _mean_of("SquaredHinge", losses.squared_hinge, "squared_hinge")
CategoricalHinge = _mean_of("CategoricalHinge", losses.categorical_hinge, "categorical_hinge")
LogCoshError = _mean_of("LogCoshError", losses.logcosh, "logcosh")
Poisson = _mean_of("Poisson", losses.poisson, "poisson")
KLDivergence = _mean_of("KLDivergence", losses.kullback_leibler_divergence, "kullback_leibler_divergence")


@export("keras.metrics.BinaryCrossentropy")
class BinaryCrossentropy(MeanMetricWrapper):
    """The mean binary crossentropy."""

    def __init__(self, name="binary_crossentropy", dtype=None, from_logits=False, label_smoothing=0):
        super().__init__(losses.binary_crossentropy, name, dtype=dtype, from_logits=from_logits,
                         label_smoothing=label_smoothing)


@export("keras.metrics.CategoricalCrossentropy")
class CategoricalCrossentropy(MeanMetricWrapper):
    """The mean categorical crossentropy."""

    def __init__(self, name="categorical_crossentropy", dtype=None, from_logits=False, label_smoothing=0):
        super().__init__(losses.categorical_crossentropy, name, dtype=dtype, from_logits=from_logits,
                         label_smoothing=label_smoothing)


@export("keras.metrics.SparseCategoricalCrossentropy")
class SparseCategoricalCrossentropy(MeanMetricWrapper):
    """The mean sparse categorical crossentropy."""

    def __init__(self, name="sparse_categorical_crossentropy", dtype=None, from_logits=False, axis=-1):
        super().__init__(losses.sparse_categorical_crossentropy, name, dtype=dtype, from_logits=from_logits,
                         axis=axis)
