"""The tf.keras.backend math helpers Keras code calls (K.sum, K.mean, K.dot, K.concatenate ...),
as TF 1.15's keras/backend.py defines them over the TF ops."""

import numpy as np

from ..framework import dtypes
from ..registry import export
from ..ops import array_ops, creation_ops, linalg_ops, math_ops, nn_ops, reduction_ops
from ..eager import backprop
from . import activations
from .backend import floatx, int_shape, ndim


def _reduction(reduce, cast_bool_to=None):
    def backend_reduction(x, axis=None, keepdims=False):
        if cast_bool_to is not None and getattr(x, "dtype", None) == dtypes.bool_:
            x = creation_ops.cast(x, cast_bool_to())
        return reduce(x, axis, keepdims)
    return backend_reduction


for _name, _reduce, _cast in (("sum", reduction_ops.reduce_sum, None), ("prod", reduction_ops.reduce_prod, None),
                              ("max", reduction_ops.reduce_max, None), ("min", reduction_ops.reduce_min, None),
                              ("mean", reduction_ops.reduce_mean, floatx),
                              ("var", reduction_ops.reduce_variance, floatx),
                              ("std", reduction_ops.reduce_std, floatx)):
    _function = _reduction(_reduce, _cast)
    _function.__name__ = _name
    _function.__doc__ = f"tf.keras.backend.{_name}: {_reduce.__name__} over ``axis``."
    export(f"keras.backend.{_name}")(_function)


@export("keras.backend.any")
def any_(x, axis=None, keepdims=False):  # noqa: A001
    return reduction_ops.reduce_any(creation_ops.cast(x, dtypes.bool_), axis, keepdims)


@export("keras.backend.all")
def all_(x, axis=None, keepdims=False):
    return reduction_ops.reduce_all(creation_ops.cast(x, dtypes.bool_), axis, keepdims)


@export("keras.backend.argmax")
def argmax(x, axis=-1):
    return reduction_ops.argmax(x, axis)


@export("keras.backend.argmin")
def argmin(x, axis=-1):
    return reduction_ops.argmin(x, axis)


for _name in ("square", "abs", "exp", "log", "round", "sign", "sin", "cos", "equal", "not_equal", "greater",
              "greater_equal", "less", "less_equal", "maximum", "minimum", "pow"):
    export(f"keras.backend.{_name}")(getattr(math_ops, _name))


@export("keras.backend.sqrt")
def sqrt(x):
    """sqrt of ``x`` clipped to [0, inf) first, as Keras does."""
    return math_ops.sqrt(array_ops.clip_by_value(x, 0., np.inf))


@export("keras.backend.clip")
def clip(x, min_value, max_value):
    if isinstance(min_value, (int, float)) and isinstance(max_value, (int, float)) and max_value < min_value:
        max_value = min_value
    min_value = -np.inf if min_value is None else min_value
    max_value = np.inf if max_value is None else max_value
    return array_ops.clip_by_value(x, min_value, max_value)


@export("keras.backend.dot")
def dot(x, y):
    """Matrix product; for inputs of rank > 2, x's last axis against y's second-to-last (Theano's dot)."""
    if (ndim(x) > 2 or ndim(y) > 2) and ndim(x) >= 1 and ndim(y) >= 2:
        x_shape, y_shape = int_shape(x), int_shape(y)
        y_permute_dim = list(range(ndim(y)))
        y_permute_dim = [y_permute_dim.pop(-2)] + y_permute_dim
        xt = array_ops.reshape(x, [-1, x_shape[-1]])
        yt = array_ops.reshape(array_ops.transpose(y, perm=y_permute_dim), [y_shape[-2], -1])
        return array_ops.reshape(linalg_ops.matmul(xt, yt), list(x_shape[:-1] + y_shape[:-2] + y_shape[-1:]))
    return linalg_ops.matmul(x, y)


@export("keras.backend.transpose")
def transpose(x):
    return array_ops.transpose(x)


@export("keras.backend.permute_dimensions")
def permute_dimensions(x, pattern):
    return array_ops.transpose(x, perm=pattern)


@export("keras.backend.gather")
def gather(reference, indices):
    return array_ops.gather(reference, indices)


@export("keras.backend.concatenate")
def concatenate(tensors, axis=-1):
    if axis < 0:
        rank = ndim(tensors[0])
        axis = axis % rank if rank else 0
    return array_ops.concat(list(tensors), axis)


@export("keras.backend.reshape")
def reshape(x, shape):
    return array_ops.reshape(x, shape)


@export("keras.backend.expand_dims")
def expand_dims(x, axis=-1):
    return array_ops.expand_dims(x, axis)


@export("keras.backend.squeeze")
def squeeze(x, axis):
    return array_ops.squeeze(x, [axis])


@export("keras.backend.stack")
def stack(x, axis=0):
    return array_ops.stack(x, axis=axis)


@export("keras.backend.flatten")
def flatten(x):
    return array_ops.reshape(x, [-1])


@export("keras.backend.batch_flatten")
def batch_flatten(x):
    if ndim(x) == 0:
        raise ValueError(f"batch_flatten needs a tensor with a batch dimension, got a scalar: {x!r}")
    return array_ops.reshape(x, [_batch_size(x), -1])


def _batch_size(x):
    from ..framework.tensor import convert
    return int(convert(x).shape[0])


@export("keras.backend.zeros_like")
def zeros_like(x, dtype=None, name=None):
    return creation_ops.zeros_like(x, dtype=dtype)


@export("keras.backend.ones_like")
def ones_like(x, dtype=None, name=None):
    return creation_ops.ones_like(x, dtype=dtype)


@export("keras.backend.one_hot")
def one_hot(indices, num_classes):
    return array_ops.one_hot(indices, depth=num_classes, axis=-1)


@export("keras.backend.stop_gradient")
def stop_gradient(variables):
    if isinstance(variables, (list, tuple)):
        return [backprop.stop_gradient(v) for v in variables]
    return backprop.stop_gradient(variables)


@export("keras.backend.tile")
def tile(x, n):
    return array_ops.tile(x, [n] if isinstance(n, int) else n)


@export("keras.backend.repeat")
def repeat(x, n):
    """(batch, dim) -> (batch, n, dim)."""
    return array_ops.tile(array_ops.expand_dims(x, 1), [1, n, 1])


@export("keras.backend.arange")
def arange(start, stop=None, step=1, dtype="int32"):
    if stop is None and start < 0:
        start = 0
    result = creation_ops.range_(start, limit=stop, delta=step)
    return result if dtype == "int32" else creation_ops.cast(result, dtype)


@export("keras.backend.cast_to_floatx")
def cast_to_floatx(x):
    return np.asarray(x, dtype=floatx())


@export("keras.backend.l2_normalize")
def l2_normalize(x, axis=None):
    return nn_ops.l2_normalize(x, axis=axis)


@export("keras.backend.softmax")
def softmax(x, axis=-1):
    return nn_ops.softmax(x, axis)


for _name in ("relu", "elu", "softplus", "softsign", "sigmoid", "hard_sigmoid", "tanh"):
    export(f"keras.backend.{_name}")(getattr(activations, _name))
