"""The tf.keras.backend math helpers Keras code calls (K.sum, K.mean, K.dot, K.concatenate ...),
as TF 1.15's keras/backend.py defines them over the TF ops."""

import numpy as np
import torch

from ..eager import backprop
from ..framework import context, dtypes
from ..framework.constant_op import constant as _constant
from ..framework.tensor import convert, wrap
from ..ops import (array_ops, clip_ops, creation_ops, indexing_ops, init_ops, linalg_ops, math_ops, nn_ops, random_ops,
                   reduction_ops)
from ..ops.arguments import list_input, python_int
from ..registry import export
from . import activations, backend
from .backend import _check_variable, floatx, int_shape, ndim, variable


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


def _unary(op):
    def backend_op(x):
        return op(x)
    return backend_op


def _binary(op):
    def backend_op(x, y):
        return op(x, y)
    return backend_op


# TF 1.15's backend helpers take no name: K.abs(x), K.equal(x, y).
for _names, _factory in ((("square", "abs", "exp", "log", "round", "sign", "sin", "cos"), _unary),
                         (("equal", "not_equal", "greater", "greater_equal", "less", "less_equal", "maximum",
                           "minimum"), _binary)):
    for _name in _names:
        _function = _factory(getattr(math_ops, _name))
        _function.__name__ = _name
        _function.__doc__ = f"tf.keras.backend.{_name}: tf.math.{_name}."
        export(f"keras.backend.{_name}")(_function)


@export("keras.backend.pow")
def pow(x, a):  # noqa: A001 - TF's name
    """``x`` to the power ``a``."""
    return math_ops.pow(x, a)


@export("keras.backend.sqrt")
def sqrt(x):
    """sqrt of ``x`` clipped to [0, inf) first, as Keras does."""
    return math_ops.sqrt(clip_ops.clip_by_value(x, 0., np.inf))


@export("keras.backend.clip")
def clip(x, min_value, max_value):
    if isinstance(min_value, (int, float)) and isinstance(max_value, (int, float)) and max_value < min_value:
        max_value = min_value
    min_value = -np.inf if min_value is None else min_value
    max_value = np.inf if max_value is None else max_value
    return clip_ops.clip_by_value(x, min_value, max_value)


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
    return indexing_ops.gather(reference, indices)


@export("keras.backend.concatenate")
def concatenate(tensors, axis=-1):
    tensors = list_input(tensors, "values", "ConcatV2", "ConcatV2")
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
    return int(convert(x).shape[0])


@export("keras.backend.zeros_like")
def zeros_like(x, dtype=None, name=None):
    return creation_ops.zeros_like(x, dtype=dtype)


@export("keras.backend.ones_like")
def ones_like(x, dtype=None, name=None):
    return creation_ops.ones_like(x, dtype=dtype)


@export("keras.backend.one_hot")
def one_hot(indices, num_classes):
    return indexing_ops.one_hot(indices, depth=num_classes, axis=-1)


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


# --- scopes, random values, updates ------------------------------------------------------------------

export("keras.backend.name_scope")(context.name_scope)


@export("keras.backend.learning_phase_scope")
class learning_phase_scope:  # noqa: N801 - TF's name
    """``with learning_phase_scope(1):`` sets the learning phase inside the block."""

    def __init__(self, value):
        if value not in {0, 1}:
            raise ValueError("Expected learning phase to be 0 or 1.")
        self._value = value

    def __enter__(self):
        self._previous = backend._session.learning_phase
        backend._session.learning_phase = self._value

    def __exit__(self, *exc):
        backend._session.learning_phase = self._previous


def _seed(seed):
    """Keras draws an op seed from NumPy when none is given (so the graph seed does not apply)."""
    return np.random.randint(10e6) if seed is None else seed


@export("keras.backend.random_normal")
def random_normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None):
    return random_ops.random_normal(shape, mean, stddev, dtype or floatx(), seed=_seed(seed))


@export("keras.backend.random_uniform")
def random_uniform(shape, minval=0.0, maxval=1.0, dtype=None, seed=None):
    return random_ops.random_uniform(shape, minval, maxval, dtype or floatx(), seed=_seed(seed))


@export("keras.backend.truncated_normal")
def truncated_normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None):
    return random_ops.truncated_normal(shape, mean, stddev, dtype or floatx(), seed=_seed(seed))


@export("keras.backend.eye")
def eye(size, dtype=None, name=None):
    """A variable holding the ``size`` x ``size`` identity matrix."""
    return variable(creation_ops.eye(size, dtype=dtype or floatx()), dtype, name)


@export("keras.backend.reverse")
def reverse(x, axes):
    return array_ops.reverse(x, [axes] if isinstance(axes, int) else list(axes))


@export("keras.backend.switch")
def switch(condition, then_expression, else_expression):
    """``then_expression`` where ``condition`` holds, else ``else_expression`` (a scalar condition
    picks one whole branch; callables are called)."""
    then_value = then_expression() if callable(then_expression) else then_expression
    else_value = else_expression() if callable(else_expression) else else_expression
    if isinstance(condition, bool) or ndim(condition) == 0:
        return then_value if bool(condition) else else_value
    return math_ops.where(condition, then_value, else_value)


@export("keras.backend.bias_add")
def bias_add(x, bias, data_format=None):
    return nn_ops.bias_add(x, bias, data_format="NCHW" if data_format == "channels_first" and ndim(x) == 4
                           else None)


@export("keras.backend.is_sparse")
def is_sparse(tensor):
    return False  # tfcompat has no sparse tensors under Keras


@export("keras.backend.to_dense")
def to_dense(tensor):
    return tensor


@export("keras.backend.update")
def update(x, new_x):
    return _check_variable(x, "update").assign(new_x)


@export("keras.backend.update_add")
def update_add(x, increment):
    return _check_variable(x, "update_add").assign_add(increment)


@export("keras.backend.update_sub")
def update_sub(x, decrement):
    return _check_variable(x, "update_sub").assign_sub(decrement)


@export("keras.backend.manual_variable_initialization")
def manual_variable_initialization(value):
    """Eager variables are initialized when created: nothing to change."""


@export("keras.backend.batch_dot")
def batch_dot(x, y, axes=None):
    """Per-sample dot product of ``x`` and ``y`` over ``axes`` (TF 1.15's rule: the lower-rank input gets
    trailing size-1 axes, rank-2 pairs multiply and sum, others go through matmul with adjoints chosen by
    whether each axis is the last one, as given: a negative axis counts as not last), then the added axes
    are squeezed and a rank-1 result becomes (batch, 1)."""
    if isinstance(axes, int):
        axes = (axes, axes)
    x, y = wrap(convert(x)), wrap(convert(y))
    x_ndim, y_ndim = ndim(x), ndim(y)
    if x_ndim < 2 or y_ndim < 2:
        raise ValueError(f"batch_dot requires inputs of rank 2 or more, got ranks {x_ndim} and {y_ndim}")
    if axes is None:
        axes = [x_ndim - 1, y_ndim - 2]
    if len(axes) != 2 or not all(isinstance(a, (int, np.integer)) for a in axes):
        raise ValueError(f"Multiple target dimensions are not supported. Expected: None, int, (int, int), "
                         f"Provided: {axes}")
    diff = abs(x_ndim - y_ndim)
    if x_ndim > y_ndim:
        y = array_ops.reshape(y, y.shape.as_list() + [1] * diff)
    elif y_ndim > x_ndim:
        x = array_ops.reshape(x, x.shape.as_list() + [1] * diff)
    if ndim(x) == 2 and ndim(y) == 2:
        if axes[0] == axes[1]:
            out = reduction_ops.reduce_sum(math_ops.multiply(x, y), axes[0])
        else:
            out = reduction_ops.reduce_sum(math_ops.multiply(array_ops.transpose(x, [1, 0]), y), axes[1])
    else:
        out = linalg_ops.matmul(x, y, adjoint_a=axes[0] != ndim(x) - 1, adjoint_b=axes[1] == ndim(y) - 1)
    if diff:
        first = x_ndim + y_ndim - 3 if x_ndim > y_ndim else x_ndim - 1
        out = array_ops.squeeze(out, list(range(first, first + diff)))
    if ndim(out) == 1:
        out = array_ops.expand_dims(out, 1)
    return out


@export("keras.backend.cumsum")
def cumsum(x, axis=0):
    return reduction_ops.cumsum(x, axis=axis)


@export("keras.backend.cumprod")
def cumprod(x, axis=0):
    return reduction_ops.cumprod(x, axis=axis)


@export("keras.backend.repeat_elements")
def repeat_elements(x, rep, axis):
    """Each element repeated ``rep`` times along ``axis``, as np.repeat."""
    backing = convert(x)
    rep = python_int(rep, "repeat_elements", "rep")
    axis = python_int(axis, "repeat_elements", "axis")
    if not -backing.dim() <= axis < backing.dim():
        raise ValueError(f"repeat_elements: axis {axis} is out of range for a tensor of rank {backing.dim()}")
    if rep < 0:
        raise ValueError(f"repeat_elements: rep must be non-negative, got {rep}")
    return wrap(torch.repeat_interleave(backing, rep, dim=axis))


def _variable_seed(seed):
    return np.random.randint(10e8) if seed is None else seed  # Keras: randomness follows NumPy's generator


@export("keras.backend.random_normal_variable")
def random_normal_variable(shape, mean, scale, dtype=None, name=None, seed=None):
    """A variable of ``shape`` drawn from N(mean, scale**2)."""
    dtype = dtypes.as_dtype(dtype or floatx())
    value = init_ops.RandomNormal(mean, scale, dtype=dtype, seed=_variable_seed(seed))(shape)
    return variable(value, dtype=dtype, name=name)


@export("keras.backend.random_uniform_variable")
def random_uniform_variable(shape, low, high, dtype=None, name=None, seed=None):
    """A variable of ``shape`` drawn uniformly from [low, high)."""
    dtype = dtypes.as_dtype(dtype or floatx())
    value = init_ops.RandomUniform(low, high, dtype=dtype, seed=_variable_seed(seed))(shape)
    return variable(value, dtype=dtype, name=name)


@export("keras.backend.random_binomial", "keras.backend.random_bernoulli")
def random_binomial(shape, p=0.0, dtype=None, seed=None):
    """1 with probability ``p``, else 0 (a uniform draw <= p), of ``dtype`` (floatx() by default)."""
    dtype = dtype or floatx()
    draw = random_ops.random_uniform(shape, dtype=dtype, seed=_seed(seed))
    return math_ops.where(math_ops.less_equal(draw, p), creation_ops.ones(shape, dtype),
                          creation_ops.zeros(shape, dtype))


@export("keras.backend.moving_average_update")
def moving_average_update(x, value, momentum):
    """TF 1.15's ``assign_moving_average(x, value, momentum, zero_debias=True)`` under eager execution:
    its zero-debiasing variables are made afresh at every call (eager variable scopes keep no variables),
    so the debiased average is ``value`` itself and ``x`` becomes ``value`` (up to rounding), as in TF."""
    _check_variable(x, "moving_average_update")
    decay = momentum if isinstance(momentum, (int, float)) else creation_ops.cast(momentum, dtypes.float32)
    decay = math_ops.subtract(1.0, decay) if not isinstance(decay, (int, float)) else _constant(1.0 - decay)
    if decay.dtype != x.dtype.base_dtype:
        decay = creation_ops.cast(decay, x.dtype.base_dtype)
    current = x.read_value()
    zeros = creation_ops.zeros_like(current)
    biased = math_ops.subtract(zeros, math_ops.multiply(math_ops.subtract(zeros, value), decay))
    local_step = creation_ops.ones_like(current)
    debiased = math_ops.truediv(biased, math_ops.subtract(1.0, math_ops.pow(math_ops.subtract(1.0, decay), local_step)))
    return x.assign_sub(math_ops.subtract(current, debiased))
