"""tf.keras.activations (TF 1.x Keras): the activation functions, and get/serialize/deserialize.

Each takes and returns a tensor; the common ones go straight to torch (layers call them on
every forward pass).
"""

import numpy as np
import torch

from ..framework.constant_op import convert_to_tensor
from ..framework.tensor import convert, wrap
from ..ops import clip_ops, creation_ops, math_ops, nn_ops
from ..registry import export
from .generic_utils import deserialize_keras_object


@export("keras.activations.softmax")
def softmax(x, axis=-1):
    """Softmax over ``axis``; a 1-D input raises, as in TF 1.x Keras."""
    a = convert(x)
    if a.ndim < 2:
        raise ValueError(f"Cannot apply softmax to a tensor that is 1D. Received input: {x}")
    if type(a) is np.ndarray or not a.is_floating_point() or type(axis) is not int or not -a.ndim <= axis < a.ndim:
        return nn_ops.softmax(x, axis)  # TF's dtype and axis errors
    return wrap(torch.softmax(a, axis))


@export("keras.activations.elu")
def elu(x, alpha=1.0):
    """x for x > 0, alpha * (exp(x) - 1) otherwise (TF 1.15's backend.elu)."""
    result = nn_ops.elu(x)
    if type(alpha) in (int, float) and alpha == 1:
        return result
    return math_ops.where(math_ops.greater(result, 0), result, math_ops.multiply(alpha, result))


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
    (TF 1.15's backend.relu, on the TF ops, so odd arguments get their errors)."""
    if type(alpha) in (int, float) and alpha == 0 and max_value is None and threshold == 0:
        return nn_ops.relu(x)
    x = convert_to_tensor(x)
    if alpha != 0:
        if max_value is None and threshold == 0:
            return nn_ops.leaky_relu(x, alpha=alpha)
        negative = nn_ops.relu(math_ops.add(math_ops.negative(x), threshold) if threshold != 0
                               else math_ops.negative(x))
    clip = max_value is not None
    if threshold != 0:
        # TF 1.15 casts the mask to floatx(), which fails for float64 inputs; the input's dtype serves both
        x = math_ops.multiply(x, creation_ops.cast(math_ops.greater(x, threshold), x.dtype))
    elif clip and type(max_value) in (int, float) and max_value == 6:
        x, clip = nn_ops.relu6(x), False
    else:
        x = nn_ops.relu(x)
    if clip:
        x = clip_ops.clip_by_value(x, convert_to_tensor(0., x.dtype), convert_to_tensor(max_value, x.dtype))
    if alpha != 0:
        x = math_ops.subtract(x, math_ops.multiply(convert_to_tensor(alpha, x.dtype), negative))
    return x


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
