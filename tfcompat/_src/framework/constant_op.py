"""tf.constant, tf.convert_to_tensor and tf.register_tensor_conversion_function.

The public faces of tensor.py's ``convert``: TF's conversion entry points, the
table of user conversion functions they fill, and the conversions TF registers
for TensorShape and Dimension.
"""

import math

import numpy as np

from . import context, dtypes
from .allocation import check_size
from .conversion import cannot_convert, is_compatible, value_to_torch
from .dtypes import as_dtype, dtype_of
from .tensor import Tensor, conversion_functions, convert, wrap
from .tensor_shape import Dimension, TensorShape, shape_string
from ..registry import export


@export("convert_to_tensor")
def convert_to_tensor(value, dtype=None, name=None, preferred_dtype=None, dtype_hint=None):
    """TF's convert_to_tensor: Tensors pass through; other values convert by TF's rules."""
    preferred_dtype = preferred_dtype or dtype_hint
    if dtype is None and preferred_dtype is not None and not isinstance(value, Tensor):
        try:
            return wrap(convert(value, preferred_dtype))
        except (TypeError, ValueError):
            pass
    if type(value) is Tensor and dtype is None:
        return value
    return wrap(convert(value, dtype, name))


@export("register_tensor_conversion_function")
def register_tensor_conversion_function(base_type, conversion_func, priority=100):
    """Teach ``convert_to_tensor`` a new type: ``conversion_func(value, dtype, name)``."""
    if not (isinstance(base_type, type) or isinstance(base_type, tuple)
            and all(isinstance(kind, type) for kind in base_type)):
        raise TypeError("base_type must be a type or a tuple of types.")
    if not callable(conversion_func):
        raise TypeError("conversion_func must be callable.")
    if isinstance(base_type, tuple):
        for kind in base_type:
            register_tensor_conversion_function(kind, conversion_func, priority)
        return
    conversion_functions.append((base_type, lambda value, dtype=None, name=None, as_ref=False:
                                  conversion_func(value, dtype=dtype, name=name, as_ref=False)))


@export("constant")
def constant(value, dtype=None, shape=None, name="Const", verify_shape=False):
    """tf.constant: a Tensor from a Python or NumPy value, optionally cast and reshaped."""
    if isinstance(value, Tensor):
        backing = value._t
        if dtype is not None and as_dtype(dtype) != dtype_of(backing):
            if not is_compatible(as_dtype(dtype), dtype_of(backing)):
                raise cannot_convert(value, as_dtype(dtype))
            backing = backing.to(as_dtype(dtype)._torch)
    else:
        backing = convert(value, dtype)
    if shape is None:
        return wrap(backing)
    return wrap(_fit_shape(value, backing, shape, verify_shape))


def _fit_shape(value, backing, shape, verify_shape):
    if not isinstance(shape, (list, tuple, TensorShape)):
        shape = np.asarray(shape).reshape(-1).tolist()  # an int, NumPy array or int tensor
    target = [d.value if type(d) is Dimension else d for d in shape]
    for d in target:
        if not isinstance(d, (int, np.integer)) or isinstance(d, bool) or d < 0:
            raise ValueError(f"Dimension {d!r} must be >= 0" if isinstance(d, (int, np.integer))
                             else f"Ambiguous dimension: {d!r}")  # TF's Dimension() for 1.5, inf ...
    target = [int(d) for d in target]
    count = math.prod(check_size(target, "Const", None if type(backing) is np.ndarray else backing.dtype))
    size = backing.size if type(backing) is np.ndarray else backing.numel()
    if list(backing.shape) == target:
        return backing
    if verify_shape:
        raise TypeError(f"Expected Tensor's shape: {tuple(target)}, got {tuple(backing.shape)}.")
    if size == 1:
        if type(backing) is np.ndarray:
            return np.full(target, backing.reshape(()).item(), dtype=object)
        return backing.reshape(()).expand(target).clone()
    if size != count:
        raise TypeError(f"Eager execution of tf.constant with unsupported shape. Tensor "
                        f"{wrap(backing).numpy()} (converted from {value}) has {size} elements, but got "
                        f"`shape` {shape_string(target)} with {count} elements).")
    return backing.reshape(target)


def _shape_to_tensor(shape, dtype=None, name=None, as_ref=False):
    """TF's conversion of a fully known TensorShape to an int32 (int64 when large) vector."""
    if not shape.is_fully_defined():
        raise ValueError(f"Cannot convert a partially known TensorShape to a Tensor: {shape}")
    return _dimensions_to_tensor(shape.as_list(), dtype)


def _dimension_to_tensor(dimension, dtype=None, name=None, as_ref=False):
    if dimension.value is None:
        raise ValueError(f"Cannot convert an unknown Dimension to a Tensor: {dimension}")
    return _dimensions_to_tensor(dimension.value, dtype)


def _dimensions_to_tensor(sizes, dtype):
    wide = any(size >= 2 ** 31 for size in (sizes if isinstance(sizes, list) else [sizes]))
    if dtype is None:
        dtype = dtypes.int64 if wide else dtypes.int32
    elif dtype not in (dtypes.int32, dtypes.int64):
        raise TypeError(f"Cannot convert a TensorShape to dtype: {dtype}")
    return wrap(value_to_torch(sizes, dtype, context.current_device()))


register_tensor_conversion_function(TensorShape, _shape_to_tensor)
register_tensor_conversion_function(Dimension, _dimension_to_tensor)
