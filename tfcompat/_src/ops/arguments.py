"""Argument helpers shared by the op modules: TF's readings of integer, shape, list and
renamed arguments, and TF's input dtype matching.

Every integer an op reads (shapes, sizes, axes, counts, seeds) goes through ``int_arg`` /
``shape_dims`` (values that TF converts to an int32/int64 tensor), ``attr_int`` (int attrs,
read with TF's make_int) or ``python_int`` (integers TF's Python code uses directly); every
output size an op allocates through ``check_size`` (framework/allocation.py).  So hostile values (floats, inf, nan,
2**64, strings) get TF's errors, never Python's or torch's.
"""

import math

import numpy as np
import torch

from ..framework import context, dtypes
from ..framework.conversion import cannot_convert
from ..framework.allocation import check_size  # noqa: F401 - the ops import it from here
from ..framework.errors import InvalidArgumentError, attr_error, invalid_argument
from ..framework.kernel_dtypes import INDEX_DTYPES
from ..framework.tensor import Tensor, convert, dtype_mismatch, dtype_of, is_tensor, wrap
from ..framework.tensor_shape import Dimension, TensorShape, shape_text

_INT32_MIN, _INT32_MAX = -(2 ** 31), 2 ** 31 - 1


def deprecated_argument_lookup(new_name, new_value, old_name, old_value):
    """TF's deprecated_argument_lookup: the new or the old spelling of an argument, never both."""
    if old_value is None:
        return new_value
    if new_value is not None:
        raise ValueError(f"Cannot specify both '{old_name}' and '{new_name}'")
    return old_value


def numel(backing):
    return math.prod(backing.shape)


def _plain_int(item):
    if isinstance(item, Dimension):
        return item.value
    return item


_INT64_MIN, _INT64_MAX = -(2 ** 63), 2 ** 63 - 1


def _in_int64(value, op, attr):
    """``value`` (a Python int) if an int64 tensor can hold it; TF's conversion ValueError if not."""
    if not _INT64_MIN <= value <= _INT64_MAX:
        raise ValueError(f"Can't convert Python sequence with out-of-range integer to Tensor: {value} "
                         f"[Op:{op}]")
    return value


def int_arg(value, op, attr):
    """An integer argument (a shape, begin, axis ...) as a Python int or (nested) list of ints.

    Lists, tuples, TensorShapes, NumPy arrays and int32/int64 tensors are accepted;
    any other dtype raises TF's attr-type InvalidArgumentError for ``op``/``attr``, and an
    integer no int64 tensor holds TF's conversion ValueError.
    """
    kind = type(value)
    if kind is int:
        return _in_int64(value, op, attr)
    if kind is list or kind is tuple:
        if all(type(v) is int for v in value):
            return [_in_int64(v, op, attr) for v in value]
        if all(type(v) in (list, tuple) and all(type(i) is int for i in v) for v in value) and \
                len({len(v) for v in value}) == 1:  # a matrix such as paddings
            return [[_in_int64(i, op, attr) for i in v] for v in value]
        value = [_plain_int(v) for v in value]
        for v in value:
            if type(v) is int:
                _in_int64(v, op, attr)
    elif kind is TensorShape:
        return value.as_list()
    elif kind is Dimension:
        return value.value
    try:
        backing = convert(value)
    except OverflowError:  # NumPy refuses 2**64 in a list with other ints
        raise ValueError(f"Can't convert Python sequence with out-of-range integer to Tensor "
                         f"[Op:{op}]") from None
    if type(backing) is np.ndarray or backing.dtype not in INDEX_DTYPES:
        raise attr_error(op, attr, dtype_of(backing))
    return backing.tolist()


def is_int_list(value):
    return type(value) is list and all(type(v) is int for v in value)


def int_vector(value, op, attr, rank_message):
    """``int_arg`` that must be a 1-D list; ``rank_message(shape)`` words the error."""
    ints = int_arg(value, op, attr)
    if not is_int_list(ints):
        raise invalid_argument(rank_message(np.shape(ints)), op)
    return ints


def scalar_int(value, op, attr, message):
    """``int_arg`` that must hold one value (TF's legacy scalars accept [n])."""
    ints = int_arg(value, op, attr)
    if type(ints) is list:
        flat = np.ravel(ints).tolist()
        if len(flat) != 1:
            raise invalid_argument(message.format(shape=shape_text(np.shape(ints))), op)
        return flat[0]
    return ints


def shape_dims(shape, op="Fill", attr="index_type", strict=False, dtype=None):
    """The sizes of a requested output shape of torch ``dtype`` (see check_size); a plain int n
    means [n] (tf.zeros(5))."""
    kind = type(shape)
    if (kind is list or kind is tuple) and all(type(d) is int and 0 <= d <= _INT64_MAX for d in shape):
        return check_size(shape, op, dtype)
    try:
        dims = int_arg(shape, op, attr)
    except InvalidArgumentError:
        if strict:
            raise cannot_convert(shape, dtypes.int32) from None
        raise
    if type(dims) is int:
        dims = [dims]
    if not is_int_list(dims):
        raise invalid_argument(f"dims must be a vector, got shape {shape_text(np.shape(dims))}", op)
    for d in dims:
        if d < 0:
            raise invalid_argument(f"Dimension {d} must be >= 0", op)
    return check_size(dims, op, dtype)


def string_attr(value, attr, op):
    """A string attr (data_format, padding ...) as TF's make_str reads it: str, or bytes decoded;
    TF's TypeError for anything else (a tf.string tensor included)."""
    if type(value) is str or value is None:
        return value
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    raise TypeError(f"Expected string for argument '{attr}' not {value!r}. [Op:{op}]")


def python_int(value, op, attr):
    """An integer that TF's Python code uses as such (an axis, a count, a seed): a Python or NumPy
    integer, a Dimension, or a 0-D int32/int64 tensor.  Anything else (1.5, inf, nan, a string)
    is TF's TypeError, never Python's OverflowError/ValueError."""
    kind = type(value)
    if kind is int:
        return value
    if isinstance(value, (int, np.integer)):
        return int(value)
    if kind is Dimension and value.value is not None:
        return value.value
    if is_tensor(value):
        backing = convert(value)
        if type(backing) is not np.ndarray and backing.dtype in INDEX_DTYPES and backing.dim() == 0:
            return int(backing)
    raise TypeError(f"Expected int for argument '{attr}' not {value!r}. [Op:{op}]")


def attr_int(value, attr, op, minimum=None):
    """An int attr as TF's op wrappers read it (``int(value)``, so 2.5 and a scalar tensor pass);
    TypeError for anything else, TF's InvalidArgumentError below the op's ``minimum``."""
    try:
        if isinstance(value, (str, bytes)):
            raise TypeError
        result = int(value)
    except (TypeError, ValueError, OverflowError):
        raise TypeError(f"Expected int for argument '{attr}' not {value!r}.") from None
    if minimum is not None and result < minimum:
        raise invalid_argument(f"Value for attr '{attr}' of {result} must be at least minimum {minimum}", op)
    return result


def rows(value):
    """The tensors ``value[0]``, ``value[1]`` ... of a tensor of rank >= 1 (what iterating it gives)."""
    backing = convert(value)
    if type(backing) is np.ndarray:
        return [wrap(np.asarray(row, dtype=object)) for row in backing]
    return [wrap(row) for row in backing.unbind(0)]


def list_input(values, arg, function, op):
    """A list-typed input (TF's ``N * T``) as a non-empty list: a list or tuple, or a tensor's rows."""
    if is_tensor(values) and convert(values).ndim:
        values = rows(values)
    elif type(values) is not list and type(values) is not tuple:
        raise TypeError(f"Expected list for '{arg}' argument to '{function}' Op, not {values!r}.")
    if not values:
        raise invalid_argument("Value for attr 'N' of 0 must be at least minimum 1", op)
    return values


def static_shape(value):
    """``value`` as a TensorShape, read as tf.TensorShape(value) reads it (a tensor gives its rows)."""
    if is_tensor(value) and convert(value).ndim:
        value = rows(value)
    return value if type(value) is TensorShape else TensorShape(value)


def matching(values, op):
    """The backings of a list input, by TF's rule: all take the first tensor's dtype
    (or the first value's), a tensor of another dtype is an InvalidArgumentError."""
    first = values[0] if len(values) else None
    if type(first) is Tensor:  # fast path: a list of tensors of one dtype
        backings = [v._t if type(v) is Tensor else None for v in values]
        kind = type(first._t)
        if kind is torch.Tensor and all(type(b) is kind and b.dtype == first._t.dtype for b in backings):
            return backings if context.state.scope is None else [convert(v) for v in values]
    dtype = None
    for value in values:
        if is_tensor(value):
            dtype = dtype_of(convert(value))
            break
    backings = []
    for index, value in enumerate(values):
        if is_tensor(value):
            backing = convert(value)
            if dtype_of(backing) is not dtype:
                raise dtype_mismatch(op, index, dtype, dtype_of(backing))
        else:
            backing = convert(value, dtype)
            dtype = dtype_of(backing)
        backings.append(backing)
    return backings


def number_text(value):
    """A number as TF's StrCat prints it (5, 1.5, 0.1)."""
    return "%g" % value if isinstance(value, float) else str(value)
