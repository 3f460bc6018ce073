"""Clipping ops: clip_by_value, clip_by_norm, clip_by_average_norm, clip_by_global_norm, global_norm."""

import collections
import collections.abc

import numpy as np
import torch

from ..framework import context
from ..framework.errors import attr_error
from ..framework.kernel_dtypes import FLOAT, NN_FLOAT
from ..framework.tensor import binary_operands, convert, dtype_mismatch, dtype_of, translate_error, wrap
from ..framework.tensor_shape import TensorShape
from ..registry import export
from .arguments import numel
from .array_ops import _broadcast_shape, _operand
from .reduction_ops import reduction_dims


# --- clipping ----------------------------------------------------------------------------------

def _shape_changed(values, result):
    """TF's error when clipping bounds would broadcast ``values`` to a bigger shape."""
    return ValueError(f"Shapes {TensorShape._from_sizes(values)} and "
                      f"{TensorShape._from_sizes(result)} are not compatible")


@export("clip_by_value")
def clip_by_value(t, clip_value_min, clip_value_max, name=None):
    """min(max(t, clip_value_min), clip_value_max) computed as TF does (Minimum, then Maximum)."""
    values, high = binary_operands(t, clip_value_max, "Minimum")
    low = binary_operands(wrap(values), clip_value_min, "Maximum")[1]
    try:
        if type(high) is not torch.Tensor and type(low) is not torch.Tensor and low <= high:
            result = torch.clamp(values, low, high)  # one call gives the same values when min <= max
        else:
            result = torch.clamp(torch.clamp(values, max=high), min=low)
    except (RuntimeError, TypeError) as error:
        raise translate_error(error, "Minimum", values, high) from None
    if result.shape != values.shape:
        raise _shape_changed(values.shape, result.shape)
    return wrap(result)


def _floating(backing, op, allowed):
    if type(backing) is np.ndarray or dtype_of(backing)._kind != "f":
        raise attr_error(op, "T", dtype_of(backing), allowed)
    return backing


@export("clip_by_norm")
def clip_by_norm(t, clip_norm, axes=None, name=None):
    """``t * clip_norm / max(l2norm(t, axes), clip_norm)``."""
    values = _floating(convert(t), "Sqrt", FLOAT)
    dims = reduction_dims(values, axes, "Sum")
    bound = _operand(clip_norm, dtype_of(values), "Mul", 1)
    product = _broadcast_shape(values.shape, bound.shape, "Mul")
    if product != list(values.shape):  # TF merges the shapes of t and t * clip_norm
        raise _shape_changed(values.shape, product)
    squares = values * values
    l2sum = squares.sum(dim=dims, keepdim=True) if dims else squares
    positive = l2sum > 0
    l2norm = torch.where(positive, torch.sqrt(torch.where(positive, l2sum, torch.ones_like(l2sum))), l2sum)
    return wrap(values * bound / torch.maximum(l2norm, bound))


@export("clip_by_average_norm")
def clip_by_average_norm(t, clip_norm, name=None):
    """Deprecated: clip so that the L2 norm divided by the element count is at most ``clip_norm``."""
    values = _floating(convert(t), "Rsqrt", FLOAT)
    bound = _operand(clip_norm, dtype_of(values), "Mul", 1)
    _broadcast_shape(values.shape, bound.shape, "Mul")
    inverse_norm = torch.rsqrt((values * values).sum())
    return wrap(values * bound * torch.minimum(inverse_norm * float(numel(values)), 1.0 / bound))


def _check_sequence(t_list):
    if not isinstance(t_list, collections.abc.Sequence) or isinstance(t_list, (str, bytes)):
        raise TypeError("t_list should be a sequence")


@export("global_norm", "linalg.global_norm")
def global_norm(t_list, name=None):
    """sqrt(sum of squares of every entry of every tensor in ``t_list``); None entries are skipped."""
    _check_sequence(t_list)
    halves = []
    first = None
    for index, t in enumerate(v for v in t_list if v is not None):
        values = _floating(convert(t), "L2Loss", NN_FLOAT)
        if first is None:
            first = dtype_of(values)
        elif dtype_of(values) is not first:
            raise dtype_mismatch("Pack", index, first, dtype_of(values))
        halves.append((values * values).sum() / 2)
    if not halves:
        return wrap(torch.zeros((), dtype=torch.float32, device=context.current_device()))
    return wrap(torch.sqrt(torch.stack(halves).sum() * 2))


@export("clip_by_global_norm")
def clip_by_global_norm(t_list, clip_norm, use_norm=None, name=None):
    """(clipped tensors, global norm): every tensor scaled by clip_norm / max(global_norm, clip_norm)."""
    _check_sequence(t_list)
    norm = global_norm(t_list) if use_norm is None else wrap(convert(use_norm))
    total = _floating(norm._t, "Minimum", FLOAT)
    bound = _operand(clip_norm, dtype_of(total), "Mul", 1)
    _broadcast_shape(total.shape, bound.shape, "Minimum")
    scale = bound * torch.minimum(1.0 / total, 1.0 / bound)
    scale = scale + (total - total)  # NaN when the norm is inf or NaN, as in TF
    clipped = []
    for t in t_list:
        if t is None:
            clipped.append(None)
            continue
        values = convert(t)
        if dtype_of(values) is not dtype_of(scale):
            raise dtype_mismatch("Mul", 1, dtype_of(values), dtype_of(scale))
        _broadcast_shape(values.shape, scale.shape, "Mul")
        clipped.append(wrap(values * scale))
    return clipped, norm


__all__ = ["clip_by_value", "clip_by_norm", "clip_by_global_norm", "global_norm"]
