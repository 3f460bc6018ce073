"""tf.keras.metrics.get / serialize / deserialize: a metric function or class by name or config, from
the names TF 1.15's keras/metrics.py module holds (its metric functions and classes, and the loss
functions it imported: ``get('mse')`` is ``mean_squared_error``)."""

from ..registry import export
from . import generic_utils, metrics, metrics_confusion, metrics_losses


def _module_objects():
    objects = {}
    for module in (metrics, metrics_confusion, metrics_losses):
        for name, value in vars(module).items():
            if not name.startswith("_") and callable(value) and name not in ("export", "losses"):
                objects[name] = value
    return objects


@export("keras.metrics.serialize")
def serialize(metric):
    """A metric's name (a function) or ``{'class_name', 'config'}`` (a Metric)."""
    return generic_utils.serialize_keras_object(metric)


@export("keras.metrics.deserialize")
def deserialize(config, custom_objects=None):
    """The metric function or Metric a name or config stands for."""
    return generic_utils.deserialize_keras_object(config, module_objects=_module_objects(),
                                                  custom_objects=custom_objects,
                                                  printable_module_name="metric function")


@export("keras.metrics.get")
def get(identifier):
    """A metric function or Metric from a name, a config dict, or a callable (returned as it is)."""
    if isinstance(identifier, dict):
        return deserialize(identifier)
    if isinstance(identifier, str):
        return deserialize(str(identifier))
    if callable(identifier):
        return identifier
    raise ValueError(f"Could not interpret metric function identifier: {identifier}")
