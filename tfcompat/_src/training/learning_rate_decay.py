"""tf.train's learning-rate schedules (TF 1.15's learning_rate_decay.py) under eager execution.

As in TF 1.x eager, each function returns a zero-argument callable (TF's ``decayed_lr``) that
re-reads ``learning_rate`` and ``global_step`` on every call, so an optimizer given it sees the
schedule follow the global step.  The result has ``learning_rate``'s dtype: the step and the
other arguments are cast to it, as TF's schedules cast them.
"""

import math

import numpy as np
import torch

from ..framework import dtypes
from ..framework.dtypes import dtype_of
from ..framework.errors import UnimplementedError, dtype_mismatch
from ..framework.tensor import convert, wrap
from ..framework.tensor_shape import shape_string
from ..ops import random_ops
from ..registry import export
from ..util import nest


def operand(value, dtype, device):
    """``value`` as a torch tensor of ``dtype`` (TF's ``math_ops.cast``)."""
    tensor = convert(value)
    if type(tensor) is np.ndarray:
        raise UnimplementedError(None, None, "Cast string to float is not supported")
    return tensor.detach().to(device=device, dtype=dtype)


def learning_rate_tensor(value, function_name):
    tensor = convert(value)
    if type(tensor) is np.ndarray or not tensor.dtype.is_floating_point:
        raise TypeError(f"{function_name}: learning_rate must be a float32 or float64 scalar, got {value!r}")
    return tensor.detach()


def _schedule(function_name, learning_rate, global_step, decay):
    """The ``decayed_lr`` callable: ``decay(lr, step)`` over torch tensors of lr's dtype."""
    if global_step is None:
        raise ValueError(f"global_step is required for {function_name}.")

    def decayed_lr():
        lr = learning_rate_tensor(learning_rate, function_name)
        step = operand(global_step, lr.dtype, lr.device)
        return wrap(decay(lr, step))

    return decayed_lr


def _fraction(step, decay_steps, staircase):
    p = step / decay_steps
    return torch.floor(p) if staircase else p


@export("train.exponential_decay")
def exponential_decay(learning_rate, global_step, decay_steps, decay_rate, staircase=False, name=None):
    """``learning_rate * decay_rate ** (global_step / decay_steps)`` (floored exponent with staircase)."""
    def decay(lr, step):
        return exponential_rule(lr, step, decay_steps, decay_rate, staircase)
    return _schedule("exponential_decay", learning_rate, global_step, decay)


def exponential_rule(lr, step, decay_steps, decay_rate, staircase):
    """exponential_decay's formula over torch tensors (``step`` of lr's dtype); Keras's ExponentialDecay's too."""
    steps = operand(decay_steps, lr.dtype, lr.device)
    rate = operand(decay_rate, lr.dtype, lr.device)
    return lr * torch.pow(rate, _fraction(step, steps, staircase))


@export("train.natural_exp_decay")
def natural_exp_decay(learning_rate, global_step, decay_steps, decay_rate, staircase=False, name=None):
    """``learning_rate * exp(-decay_rate * global_step / decay_steps)``.

    As TF 1.15, ``exp(-decay_rate)`` is computed once, in decay_rate's own dtype (float32 for a
    Python number), then used as an exponential decay's rate."""
    if global_step is None:
        raise ValueError("global_step is required for natural_exp_decay.")
    rate = convert(decay_rate)
    if type(rate) is np.ndarray or not rate.dtype.is_floating_point:
        raise TypeError(f"natural_exp_decay: decay_rate must be a float32 or float64 scalar, got {decay_rate!r}")
    natural_rate = wrap(torch.exp(-rate.detach()))

    def decay(lr, step):
        steps = operand(decay_steps, lr.dtype, lr.device)
        return lr * torch.pow(operand(natural_rate, lr.dtype, lr.device), _fraction(step, steps, staircase))
    return _schedule("natural_exp_decay", learning_rate, global_step, decay)


@export("train.inverse_time_decay")
def inverse_time_decay(learning_rate, global_step, decay_steps, decay_rate, staircase=False, name=None):
    """``learning_rate / (1 + decay_rate * global_step / decay_steps)``."""
    def decay(lr, step):
        return inverse_time_rule(lr, step, decay_steps, decay_rate, staircase)
    return _schedule("inverse_time_decay", learning_rate, global_step, decay)


def inverse_time_rule(lr, step, decay_steps, decay_rate, staircase):
    """inverse_time_decay's formula over torch tensors; Keras's InverseTimeDecay's too."""
    steps = operand(decay_steps, lr.dtype, lr.device)
    rate = operand(decay_rate, lr.dtype, lr.device)
    return lr / (1 + rate * _fraction(step, steps, staircase))


@export("train.polynomial_decay")
def polynomial_decay(learning_rate, global_step, decay_steps, end_learning_rate=0.0001, power=1.0, cycle=False,
                     name=None):
    """``(lr - end) * (1 - step / decay_steps) ** power + end``; with ``cycle`` the decay restarts
    every ``decay_steps`` (decay_steps scaled by ``ceil(step / decay_steps)``, 1 at step 0),
    without it the step stops at ``decay_steps``."""
    def decay(lr, step):
        return polynomial_rule(lr, step, decay_steps, end_learning_rate, power, cycle)
    return _schedule("polynomial_decay", learning_rate, global_step, decay)


def polynomial_rule(lr, step, decay_steps, end_learning_rate, power, cycle):
    """polynomial_decay's formula over torch tensors; Keras's PolynomialDecay's too."""
    steps = operand(decay_steps, lr.dtype, lr.device)
    end = operand(end_learning_rate, lr.dtype, lr.device)
    exponent = operand(power, lr.dtype, lr.device)
    if cycle:
        multiplier = torch.where(step == 0, torch.ones_like(step), torch.ceil(step / steps))
        steps = steps * multiplier
    else:
        step = torch.minimum(step, steps)
    return (lr - end) * torch.pow(1 - step / steps, exponent) + end


def _cosine(fraction):
    """``0.5 * (1 + cos(pi * fraction))``; TF's pi is a float32 constant, so float64 schedules fail here as in TF."""
    if fraction.dtype != torch.float32:
        raise dtype_mismatch("Mul", 1, dtypes.float32, dtype_of(fraction))
    return 0.5 * (1.0 + torch.cos(math.pi * fraction))


@export("train.cosine_decay")
def cosine_decay(learning_rate, global_step, decay_steps, alpha=0.0, name=None):
    """``lr * ((1 - alpha) * 0.5 * (1 + cos(pi * step / decay_steps)) + alpha)``, step capped at decay_steps."""
    def decay(lr, step):
        return cosine_rule(lr, step, decay_steps, alpha)
    return _schedule("cosine_decay", learning_rate, global_step, decay)


def cosine_rule(lr, step, decay_steps, alpha):
    """cosine_decay's formula over torch tensors; Keras's CosineDecay's too."""
    steps = operand(decay_steps, lr.dtype, lr.device)
    floor = operand(alpha, lr.dtype, lr.device)
    cosine_decayed = _cosine(torch.minimum(step, steps) / steps)
    return lr * ((1 - floor) * cosine_decayed + floor)


@export("train.cosine_decay_restarts")
def cosine_decay_restarts(learning_rate, global_step, first_decay_steps, t_mul=2.0, m_mul=1.0, alpha=0.0, name=None):
    """SGDR: cosine decay restarted after periods ``first_decay_steps * t_mul ** i``, each restart's
    peak scaled by ``m_mul ** i``."""
    def decay(lr, step):
        return cosine_restarts_rule(lr, step, first_decay_steps, t_mul, m_mul, alpha)
    return _schedule("cosine_decay_restarts", learning_rate, global_step, decay)


def cosine_restarts_rule(lr, step, first_decay_steps, t_mul, m_mul, alpha):
    """cosine_decay_restarts's formula over torch tensors; Keras's CosineDecayRestarts's too."""
    first = operand(first_decay_steps, lr.dtype, lr.device)
    period_mul = operand(t_mul, lr.dtype, lr.device)
    peak_mul = operand(m_mul, lr.dtype, lr.device)
    floor = operand(alpha, lr.dtype, lr.device)
    fraction = step / first
    if bool(period_mul == 1.0):
        restart = torch.floor(fraction)
        fraction = fraction - restart
    else:
        restart = torch.floor(torch.log(1.0 - fraction * (1.0 - period_mul)) / torch.log(period_mul))
        restarts_sum = (1.0 - period_mul ** restart) / (1.0 - period_mul)
        fraction = (fraction - restarts_sum) / period_mul ** restart
    cosine_decayed = peak_mul ** restart * _cosine(fraction)
    return lr * ((1 - floor) * cosine_decayed + floor)


def _linear_cosine(lr, step, decay_steps, num_periods, alpha, beta, variance=None):
    """Linear cosine decay's shared formula; ``variance(step)`` adds TF's noise to the linear part."""
    steps = operand(decay_steps, lr.dtype, lr.device)
    step = torch.minimum(step, steps)
    linear_decayed = (steps - step) / steps
    if variance is not None:
        stddev = wrap(torch.sqrt(variance(step)))
        linear_decayed = linear_decayed + convert(random_ops.random_normal([], stddev=stddev))
    periods = operand(num_periods, lr.dtype, lr.device)
    cosine_decayed = _cosine(2.0 * periods * step / steps)
    shift = operand(alpha, lr.dtype, lr.device)
    offset = operand(beta, lr.dtype, lr.device)
    return lr * ((shift + linear_decayed) * cosine_decayed + offset)


@export("train.linear_cosine_decay")
def linear_cosine_decay(learning_rate, global_step, decay_steps, num_periods=0.5, alpha=0.0, beta=0.001,
                        name=None):
    """``lr * ((alpha + linear) * cosine + beta)``, with ``linear = (decay_steps - step) / decay_steps``
    and ``cosine = 0.5 * (1 + cos(2 pi num_periods step / decay_steps))``."""
    def decay(lr, step):
        return _linear_cosine(lr, step, decay_steps, num_periods, alpha, beta)
    return _schedule("linear_cosine_decay", learning_rate, global_step, decay)


@export("train.noisy_linear_cosine_decay")
def noisy_linear_cosine_decay(learning_rate, global_step, decay_steps, initial_variance=1.0, variance_decay=0.55,
                              num_periods=0.5, alpha=0.0, beta=0.001, name=None):
    """Linear cosine decay with normal noise of variance ``initial_variance / (1 + step) ** variance_decay``
    added to the linear part (drawn with tf.random_normal, so tf.set_random_seed applies)."""
    def decay(lr, step):
        def variance(capped_step):
            initial = operand(initial_variance, lr.dtype, lr.device)
            rate = operand(variance_decay, lr.dtype, lr.device)
            return initial / torch.pow(1.0 + capped_step, rate)
        return _linear_cosine(lr, step, decay_steps, num_periods, alpha, beta, variance)
    return _schedule("noisy_linear_cosine_decay", learning_rate, global_step, decay)


@export("train.piecewise_constant", "train.piecewise_constant_decay")
def piecewise_constant(x, boundaries, values, name=None):
    """``values[0]`` for ``x <= boundaries[0]``, ``values[i]`` for ``boundaries[i-1] < x <= boundaries[i]``,
    ``values[-1]`` past the last boundary.  Boundaries take x's dtype only from int32 to int64, as TF."""
    boundaries, values = nest.flatten(boundaries), nest.flatten(values)
    if len(boundaries) != len(values) - 1:
        raise ValueError("The length of boundaries should be 1 less than the length of values")
    step_dtype = _dtype_name(convert(x))
    bounds = [_piecewise_boundary(boundary, step_dtype) for boundary in boundaries]
    levels = [convert(value) for value in values]
    level_dtypes = [_dtype_name(level) for level in levels]
    for level_dtype in level_dtypes[1:]:
        if level_dtype != level_dtypes[0]:
            raise ValueError(f"Values must have elements all with the same dtype ({level_dtypes[0]} vs "
                             f"{level_dtype}).")

    def decayed_lr():
        step = convert(x).detach()
        if step.dim() != 0:
            raise ValueError(f"piecewise_constant: x must be a scalar, got shape {shape_string(tuple(step.shape))}")
        for boundary, level in zip(bounds, levels):
            if bool(step <= boundary.to(step.device)):
                return wrap(level)
        return wrap(levels[-1])

    return decayed_lr


def _dtype_name(tensor):
    return str(dtype_of(tensor))


def _piecewise_boundary(boundary, step_dtype):
    tensor = convert(boundary)
    dtype = _dtype_name(tensor)
    if dtype != step_dtype:
        if dtype == str(dtypes.int32) and step_dtype == str(dtypes.int64):
            return tensor.to(torch.int64)
        raise ValueError(f"Boundaries ({dtype}) must have the same dtype as x ({step_dtype}).")
    return tensor
