"""tf.keras.utils: to_categorical and normalize (NumPy in, NumPy out, as in TF 1.x Keras)."""

import numpy as np

from ..registry import export, unsupported


@export("keras.utils.to_categorical")
def to_categorical(y, num_classes=None, dtype="float32"):
    """One-hot rows for the class indices ``y`` (a trailing axis of size 1 is dropped)."""
    y = np.array(y, dtype="int")
    if num_classes is not None and (not isinstance(num_classes, (int, np.integer)) or num_classes < 0):
        raise ValueError(f"num_classes must be a non-negative integer, got {num_classes!r}")
    input_shape = y.shape
    if input_shape and input_shape[-1] == 1 and len(input_shape) > 1:
        input_shape = tuple(input_shape[:-1])
    y = y.ravel()
    if not num_classes:
        num_classes = np.max(y) + 1
    n = y.shape[0]
    if n and (y.min() < 0 or y.max() >= num_classes):
        raise ValueError(f"to_categorical: class indices must be in [0, {num_classes}), got {y.min()}..{y.max()}")
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
