"""tf.keras.activations (TF 1.x Keras): the activation functions, and get/serialize/deserialize.

Each takes and returns a tensor; the common ones go straight to torch (layers call them on
every forward pass).
"""

import numbers

import numpy as np
import torch
import torch.nn.functional as F

from ..framework.tensor import convert, dtype_of, wrap
from ..ops import math_ops, nn_ops
from ..registry import export
from .generic_utils import deserialize_keras_object


@export("keras.activations.softmax")
def softmax(x, axis=-1):
    """Softmax over ``axis``; a 1-D input raises, as in TF 1.x Keras."""
    a = convert(x)
    if a.ndim < 2:
        raise ValueError(f"Cannot apply softmax to a tensor that is 1D. Received input: {x}")
    if type(a) is np.ndarray or not a.is_floating_point() or type(axis) is not int:
        return nn_ops.softmax(x, axis)  # TF's dtype and axis errors
    return wrap(torch.softmax(a, axis))


@export("keras.activations.elu")
def elu(x, alpha=1.0):
    """x for x > 0, alpha * (exp(x) - 1) otherwise."""
    result = nn_ops.elu(x)
    alpha = _scalar(alpha, result._t, "alpha")
    if isinstance(alpha, numbers.Number) and alpha == 1:
        return result
    a, r = convert(x), result._t
    return wrap(torch.where(a > 0, r, alpha * r))


def _scalar(value, like, name):
    """A Python number as it is; anything else as a torch value of ``like``'s dtype (TF's errors)."""
    if isinstance(value, numbers.Number) and not isinstance(value, bool):
        return value
    if isinstance(value, np.generic):
        return value.item()
    converted = convert(value, dtype_of(like))
    if type(converted) is np.ndarray or converted.dim() != 0:
        raise ValueError(f"`{name}` must be a scalar, got {value!r}")
    return converted


@export("keras.activations.selu")
def selu(x):
    return nn_ops.selu(x)


@export("keras.activations.softplus")
def softplus(x):
    return nn_ops.softplus(x)


@export("keras.activations.softsign")
def softsign(x):
    return nn_ops.softsign(x)


@export("keras.activations.relu")
def relu(x, alpha=0., max_value=None, threshold=0):
    """max(x, threshold), with slope ``alpha`` below the threshold and clipped at ``max_value``
    (TF 1.x Keras's backend.relu)."""
    if type(alpha) in (int, float) and alpha == 0 and max_value is None and threshold == 0:
        return nn_ops.relu(x)
    nn_ops.relu(x)  # TF's input checks
    a = convert(x)
    alpha, threshold = _scalar(alpha, a, "alpha"), _scalar(threshold, a, "threshold")
    if max_value is not None:
        max_value = _scalar(max_value, a, "max_value")
    if isinstance(alpha, numbers.Number) and alpha != 0 and max_value is None and \
            isinstance(threshold, numbers.Number) and threshold == 0:
        return nn_ops.leaky_relu(x, alpha=alpha)
    if alpha != 0:
        negative = F.relu(-a + threshold) if threshold != 0 else F.relu(-a)
    if threshold != 0:
        a = a * (a > threshold).to(a.dtype)
    elif isinstance(max_value, numbers.Number) and max_value == 6:
        a = F.relu6(a)
        max_value = None
    else:
        a = torch.relu(a)
    if max_value is not None:
        a = torch.clamp(a, 0, max_value)
    if alpha != 0:
        a = a - alpha * negative
    return wrap(a)


@export("keras.activations.tanh")
def tanh(x):
    return math_ops.tanh(x)


@export("keras.activations.sigmoid")
def sigmoid(x):
    return math_ops.sigmoid(x)


@export("keras.activations.exponential")
def exponential(x):
    return math_ops.exp(x)


@export("keras.activations.hard_sigmoid")
def hard_sigmoid(x):
    """clip(0.2 * x + 0.5, 0, 1)."""
    a = convert(x)
    return wrap(torch.clamp(a * 0.2 + 0.5, 0., 1.))


@export("keras.activations.linear")
def linear(x):
    return x


_ACTIVATIONS = {f.__name__: f for f in (softmax, elu, selu, softplus, softsign, relu, tanh, sigmoid,
                                       exponential, hard_sigmoid, linear)}


@export("keras.activations.serialize")
def serialize(activation):
    name = getattr(activation, "__name__", None)
    if not callable(activation) or name is None:
        raise ValueError(f"Cannot serialize {activation!r}: not a named activation function")
    return name


@export("keras.activations.deserialize")
def deserialize(name, custom_objects=None):
    return deserialize_keras_object(name, _ACTIVATIONS, custom_objects, "activation function")


@export("keras.activations.get")
def get(identifier):
    """None -> linear; a name -> its function; a callable as it is."""
    if identifier is None:
        return linear
    if isinstance(identifier, str):
        return deserialize(identifier)
    if callable(identifier):
        return identifier
    raise ValueError("Could not interpret activation function identifier:", identifier)
