"""tf.keras.utils: to_categorical and normalize (NumPy in, NumPy out, as in TF 1.x Keras)."""

import numpy as np

from ..framework.allocation import check_size
from ..registry import export, unsupported
from . import generic_utils


@export("keras.utils.to_categorical")
def to_categorical(y, num_classes=None, dtype="float32"):
    """One-hot rows for the class indices ``y`` (a trailing axis of size 1 is dropped)."""
    try:
        y = np.array(y, dtype="int")
    except OverflowError:  # NumPy's for an index past int64 (or an infinite one)
        raise ValueError(f"to_categorical: class indices must be integers in the int64 range, got {y!r}") from None
    if num_classes is not None and (not isinstance(num_classes, (int, np.integer)) or num_classes < 0):
        raise ValueError(f"num_classes must be a non-negative integer, got {num_classes!r}")
    input_shape = y.shape
    if input_shape and input_shape[-1] == 1 and len(input_shape) > 1:
        input_shape = tuple(input_shape[:-1])
    y = y.ravel()
    if not num_classes:
        num_classes = int(np.max(y)) + 1
    n = y.shape[0]
    if n and (y.min() < 0 or y.max() >= num_classes):
        raise ValueError(f"to_categorical: class indices must be in [0, {num_classes}), got {y.min()}..{y.max()}")
    dtype = np.dtype(dtype)
    check_size([n, int(num_classes)], "to_categorical", dtype)
    categorical = np.zeros((n, num_classes), dtype=dtype)
    categorical[np.arange(n), y] = 1
    return np.reshape(categorical, input_shape + (num_classes,))


@export("keras.utils.normalize")
def normalize(x, axis=-1, order=2):
    """``x`` divided by its ``order``-norm along ``axis`` (zero norms left as 1)."""
    if not isinstance(axis, (int, np.integer)) or not (order is None or isinstance(order, (int, float, str))):
        raise TypeError(f"normalize: axis must be an int and order a number, got axis={axis!r}, order={order!r}")
    x = np.asarray(x)
    if not -max(x.ndim, 1) <= axis < max(x.ndim, 1):
        raise ValueError(f"normalize: axis {axis} is out of bounds for an array of rank {x.ndim}")
    l2 = np.atleast_1d(np.linalg.norm(x, order, axis))
    l2[l2 == 0] = 1
    return x / np.expand_dims(l2, axis)


unsupported("keras.utils.plot_model", "Drawing models needs pydot and graphviz; tfcompat does not draw models "
            "(use model.summary()).")


@export("keras.utils.get_custom_objects")
def get_custom_objects():
    """The global dict of names Keras deserialization looks up before its own."""
    return generic_utils._custom_objects


@export("keras.utils.CustomObjectScope", "keras.utils.custom_object_scope")
class CustomObjectScope:
    """``with CustomObjectScope({'name': obj}):`` makes the names known to Keras deserialization."""

    def __init__(self, *args):
        self.custom_objects = args
        self._scope = None

    def __enter__(self):
        self._scope = generic_utils.custom_objects_added(*self.custom_objects)
        self._scope.__enter__()
        return self

    def __exit__(self, *exc):
        self._scope.__exit__(*exc)


export("keras.utils.serialize_keras_object")(generic_utils.serialize_keras_object)
export("keras.utils.deserialize_keras_object")(generic_utils.deserialize_keras_object)


@export("keras.utils.get_source_inputs")
def get_source_inputs(tensor, layer=None, node_index=None):
    """The Keras inputs ``tensor`` is computed from."""
    if getattr(tensor, "_keras_history", None) is None:
        return tensor
    if layer is None or node_index:
        layer, node_index, _ = tensor._keras_history
    if not layer._inbound_nodes:
        return [tensor]
    node = layer._inbound_nodes[node_index]
    if node.is_input:
        return list(node.input_tensors) if isinstance(node.input_tensors, list) else [node.input_tensors]
    sources = []
    for inbound_layer, inbound_index, _, x in node.iterate_inbound():
        for source in get_source_inputs(x, inbound_layer, inbound_index):
            if not any(source is s for s in sources):
                sources.append(source)
    return sources
