"""Tensor creation, casts and shape queries: tf.zeros, tf.range, tf.cast, tf.shape ..."""


import numpy as np
import torch

from ..framework import context, dtypes
from ..framework.conversion import cannot_convert
from ..framework.dtypes import as_dtype, kernel_name
from ..framework.errors import UnimplementedError, attr_error, invalid_argument
from ..framework.kernel_dtypes import LIN_SPACE, RANGE, dtypes_in
from ..framework.tensor import Tensor, convert, dtype_of, is_tensor, translate_error, wrap
from ..framework.tensor_shape import shape_text
from ..framework.composite import CompositeInput
from ..framework.sparse_tensor import SparseTensor
from ..registry import export, export_constant
from .arguments import check_size, list_input, matching, number_text, numel, scalar_int, shape_dims

_INT32_MIN, _INT32_MAX = -(2 ** 31), 2 ** 31 - 1
_STRING = dtypes.string


# --- filled tensors ------------------------------------------------------------------------------

def _filled(shape, dtype, value):
    dtype = as_dtype(dtype)
    dims = shape_dims(shape, strict=True, dtype=dtype._torch)
    if dtype._kind == "s":
        if value:
            raise cannot_convert(value, dtype)
        return wrap(np.full(dims, b"", dtype=object))
    return wrap((torch.ones if value else torch.zeros)(dims, dtype=dtype._torch, device=context.current_device()))


@export("zeros")
def zeros(shape, dtype=dtypes.float32, name=None, layout=None):
    """A ``dtype`` tensor of zeros (b"" for tf.string)."""
    return _filled(shape, dtype, 0)


@export("ones")
def ones(shape, dtype=dtypes.float32, name=None, layout=None):
    """A ``dtype`` tensor of ones."""
    return _filled(shape, dtype, 1)


def _filled_like(tensor, dtype, value):
    backing = convert(tensor)
    dtype = dtype_of(backing) if dtype is None else as_dtype(dtype)
    if dtype._kind == "s":
        if value:
            raise cannot_convert(value, dtype)
        return wrap(np.full(backing.shape, b"", dtype=object))
    if type(backing) is np.ndarray:
        return wrap(torch.full(backing.shape, value, dtype=dtype._torch, device=context.current_device()))
    return wrap(torch.full_like(backing, value, dtype=dtype._torch))


@export("zeros_like")
def zeros_like(tensor, dtype=None, name=None, optimize=True):
    """Zeros with the shape of ``tensor`` and its dtype (or ``dtype``)."""
    return _filled_like(tensor, dtype, 0)


@export("ones_like")
def ones_like(tensor, dtype=None, name=None, optimize=True):
    """Ones with the shape of ``tensor`` and its dtype (or ``dtype``)."""
    return _filled_like(tensor, dtype, 1)


@export("fill")
def fill(dims, value, name=None, layout=None):
    """A tensor of shape ``dims`` filled with the scalar ``value`` (dtype from ``value``)."""
    dims = shape_dims(dims)
    backing = convert(value)
    if backing.shape:
        raise invalid_argument(f"value must represent a scalar, got shape {shape_text(backing.shape)}", "Fill")
    if type(backing) is np.ndarray:
        return wrap(np.full(dims, backing.item(), dtype=object))
    return wrap(backing.expand(dims).contiguous())


# --- sequences ------------------------------------------------------------------------------------

_RANGE_ORDER = {dtypes.int32: 0, dtypes.int64: 1, dtypes.float32: 2, dtypes.float64: 3}
_RANGE_TYPES = dtypes_in(RANGE)


def _range_scalar(value, dtype, what):
    backing = convert(value) if is_tensor(value) or dtype is None else convert(value, dtype)
    if type(backing) is np.ndarray:
        raise attr_error("Range", "Tidx", _STRING, RANGE)
    if numel(backing) != 1 or backing.dim() > 1:
        raise invalid_argument(f"{what} must be a scalar, not shape {shape_text(backing.shape)}", "Range")
    return backing


def _float_count(start, limit, delta, dtype):
    """ceil(|(limit - start) / delta|) computed in ``dtype`` as TF's kernel does."""
    kind = np.float64 if dtype is dtypes.float64 else np.float32
    with np.errstate(all="ignore"):
        count = np.ceil(np.abs((kind(limit) - kind(start)) / kind(delta)))
    if not np.isfinite(count) or count > 2 ** 63 - 1:
        raise invalid_argument("Requires ((limit - start) / delta) <= 2^63 - 1", "Range")
    return int(count)


@export("range")
def range_(start, limit=None, delta=1, dtype=None, name="range"):
    """tf.range: int32 for Python ints, float32 for floats, the widest of the three otherwise."""
    if limit is None:
        start, limit = 0, start
    if dtype is not None:
        dtype = as_dtype(dtype)
    if (type(start) is int and type(limit) is int and type(delta) is int
            and (dtype is None or dtype is dtypes.int32)
            and _INT32_MIN <= min(start, limit) and max(start, limit) <= _INT32_MAX):
        return wrap(_int_range(start, limit, delta, torch.int32))
    backings = [_range_scalar(v, dtype, what) for v, what in ((start, "start"), (limit, "limit"), (delta, "delta"))]
    if dtype is None:
        kinds = [dtype_of(b) for b in backings]
        dtype = next((d for d in kinds if d not in _RANGE_ORDER), None) or max(kinds, key=_RANGE_ORDER.get)
    if dtype._torch not in _RANGE_TYPES:
        raise attr_error("Range", "Tidx", dtype, RANGE)
    start, limit, delta = (b.item() for b in backings)
    if dtype._kind in "iu":
        return wrap(_int_range(int(start), int(limit), int(delta), dtype._torch))
    start, limit, delta = float(start), float(limit), float(delta)
    _check_range(start, limit, delta)
    count = _float_count(start, limit, delta, dtype)
    check_size([count], "Range", dtype._torch)
    return wrap(torch.arange(count, dtype=dtype._torch, device=context.current_device()).mul_(delta).add_(start))


def _check_range(start, limit, delta):
    if delta == 0:
        raise invalid_argument(f"Requires delta != 0: {number_text(delta)}", "Range")
    bounds = f"{number_text(start)}/{number_text(limit)}"
    if delta > 0 and start > limit:
        raise invalid_argument(f"Requires start <= limit when delta > 0: {bounds}", "Range")
    if delta < 0 and start < limit:
        raise invalid_argument(f"Requires start >= limit when delta < 0: {bounds}", "Range")


def _int_range(start, limit, delta, torch_dtype):
    _check_range(start, limit, delta)
    check_size([-((start - limit) // delta)], "Range", torch_dtype)
    return torch.arange(start, limit, delta, dtype=torch_dtype, device=context.current_device())


@export("lin_space", "linspace")
def lin_space(start, stop, num, name=None, axis=0):
    """TF's LinSpace: ``num`` evenly spaced floats from ``start`` to ``stop`` inclusive."""
    first, last = matching([start, stop], "LinSpace")
    dtype = dtype_of(first)
    if dtype not in (dtypes.float32, dtypes.float64, dtypes.bfloat16):
        raise attr_error("LinSpace", "T", dtype, LIN_SPACE)
    for backing, what in ((first, "start"), (last, "stop")):
        if backing.dim() != 0:
            raise invalid_argument(f"{what} must be a scalar, not shape {shape_text(backing.shape)}", "LinSpace")
    count = scalar_int(num, "LinSpace", "Tidx", "num must be a scalar, not shape {shape}")
    if count <= 0:
        raise invalid_argument(f"Requires num > 0: {count}", "LinSpace")
    check_size([count], "LinSpace", first.dtype)
    if count == 1:
        return wrap(first.reshape(1))
    step = (last - first) / (count - 1)
    values = torch.arange(count, dtype=first.dtype, device=first.device) * step + first
    values[-1] = last
    return wrap(values)


@export("eye", "linalg.eye")
def eye(num_rows, num_columns=None, batch_shape=None, dtype=dtypes.float32, name=None):
    """An identity matrix (or a batch of them)."""
    dtype = as_dtype(dtype)
    rows = scalar_int(num_rows, "Fill", "index_type", "num_rows must be a scalar, not shape {shape}")
    columns = rows if num_columns is None else scalar_int(
        num_columns, "Fill", "index_type", "num_columns must be a scalar, not shape {shape}")
    batch = [] if batch_shape is None else shape_dims(batch_shape)
    for size in (rows, columns):
        if size < 0:
            raise invalid_argument(f"Dimension {size} must be >= 0", "Fill")
    if dtype._kind == "s":
        raise cannot_convert(1, dtype)
    check_size(batch + [rows, columns], "MatrixDiag", dtype._torch)
    matrix = torch.eye(rows, columns, device=context.current_device()).to(dtype._torch)
    if batch:
        matrix = matrix.expand(*batch, rows, columns).contiguous()
    return wrap(matrix)


@export("identity")
def identity(input, name=None):  # noqa: A002 - TF's argument name
    """The same value as a new tensor (a Variable's current value)."""
    return wrap(convert(input))


@export("identity_n")
def identity_n(input, name=None):  # noqa: A002
    return [identity(value) for value in input]


# --- casts ---------------------------------------------------------------------------------------

def cast_backing(backing, source, dtype):
    """``backing`` (of DType ``source``) as ``dtype``: C casts, complex -> real keeps the real part."""
    if source._kind == "s" or dtype._kind == "s":
        raise UnimplementedError(None, None,
                                 f"Cast {kernel_name(source)} to {kernel_name(dtype)} is not supported [Op:Cast]")
    if source._kind == "c" and dtype._kind != "c":
        backing = backing.real
    return backing.to(dtype._torch)


@export("cast", "dtypes.cast")
def cast(x, dtype, name=None):
    """tf.cast: floats truncate toward zero, nonzero -> True, complex -> real part."""
    dtype = as_dtype(dtype)
    try:
        backing = convert(x)
    except CompositeInput as composite:  # a RaggedTensor: its flat values are cast
        return composite.dispatch(cast, (x,), {"dtype": dtype})
    except (TypeError, ValueError):
        if not isinstance(x, SparseTensor):
            raise
        return SparseTensor(x.indices, cast(x.values, dtype), x.dense_shape)  # TF casts a SparseTensor's values
    source = dtype_of(backing)
    if source is dtype:
        return x if type(x) is Tensor else wrap(backing)
    return wrap(cast_backing(backing, source, dtype))


def _exact(limit):
    """A dtype limit as a Python int or float (Python compares those exactly)."""
    return int(limit) if isinstance(limit, (int, np.integer)) else float(limit)


def _saturation_bounds(source, dtype):
    """The clamp bounds of saturate_cast, as values exactly representable in ``source``."""
    low = high = None
    if source._kind in "iuf" and dtype._kind in "iuf":
        if _exact(source.min) < _exact(dtype.min):
            low = _exact(dtype.min)
        if _exact(source.max) > _exact(dtype.max):
            high = _exact(dtype.max)
        if source._kind == "f":
            kind = torch.float64 if source is dtypes.float64 else torch.float32
            if high is not None and torch.tensor(high, dtype=kind).item() > high:
                high = torch.nextafter(torch.tensor(high, dtype=kind), torch.tensor(0, dtype=kind)).item()
            if low is not None and torch.tensor(low, dtype=kind).item() < low:
                low = torch.nextafter(torch.tensor(low, dtype=kind), torch.tensor(0, dtype=kind)).item()
    return low, high


@export("saturate_cast", "dtypes.saturate_cast")
def saturate_cast(value, dtype, name=None):
    """Cast that clamps to the target's range first (complex -> real part)."""
    dtype = as_dtype(dtype)
    backing = convert(value)
    source = dtype_of(backing)
    if source._kind == "c" and dtype._kind != "c":
        backing = backing.real
        source = source.real_dtype
    low, high = _saturation_bounds(source, dtype)
    if low is not None or high is not None:
        try:
            backing = torch.clamp(backing, low, high)
        except RuntimeError as error:  # a dtype torch cannot clamp (uint16 ...)
            raise translate_error(error, "Maximum", backing) from None
    if source is dtype:
        return wrap(backing)
    return wrap(cast_backing(backing, source, dtype))


def _legacy_cast(tf_name, dtype, default_name):
    def legacy_cast(x, name=default_name):
        return cast(x, dtype, name)

    legacy_cast.__name__ = tf_name
    legacy_cast.__doc__ = f"Deprecated TF 1.x cast: tf.cast(x, tf.{dtype.name})."
    export(tf_name)(legacy_cast)
    return legacy_cast


to_float = _legacy_cast("to_float", dtypes.float32, "ToFloat")
to_double = _legacy_cast("to_double", dtypes.float64, "ToDouble")
to_int32 = _legacy_cast("to_int32", dtypes.int32, "ToInt32")
to_int64 = _legacy_cast("to_int64", dtypes.int64, "ToInt64")
to_bfloat16 = _legacy_cast("to_bfloat16", dtypes.bfloat16, "ToBFloat16")
to_complex64 = _legacy_cast("to_complex64", dtypes.complex64, "ToComplex64")
to_complex128 = _legacy_cast("to_complex128", dtypes.complex128, "ToComplex128")


# --- shape queries -------------------------------------------------------------------------------

def _out_type(out_type, op):
    dtype = dtypes.int32 if out_type is None else as_dtype(out_type)
    if dtype is not dtypes.int32 and dtype is not dtypes.int64:
        raise attr_error(op, "out_type", dtype)
    return dtype._torch


@export("shape")
def shape(input, name=None, out_type=None):  # noqa: A002
    """The dynamic shape of ``input`` as a 1-D int32 (or ``out_type``) tensor."""
    backing = convert(input)
    return wrap(torch.tensor(tuple(backing.shape), dtype=_out_type(out_type, "Shape"),
                             device=context.current_device()))


@export("shape_n")
def shape_n(input, out_type=dtypes.int32, name=None):  # noqa: A002
    """The shapes of the tensors in the list ``input``."""
    return [shape(value, out_type=out_type) for value in list_input(input, "input", "shape_n", "ShapeN")]


@export("size")
def size(input, name=None, out_type=None):  # noqa: A002
    """The number of elements of ``input`` as a scalar int32 (or ``out_type``) tensor."""
    backing = convert(input)
    return wrap(torch.tensor(numel(backing), dtype=_out_type(out_type, "Size"), device=context.current_device()))


@export("rank")
def rank(input, name=None):  # noqa: A002
    """The number of dimensions of ``input`` as a scalar int32 tensor."""
    backing = convert(input)
    return wrap(torch.tensor(len(backing.shape), dtype=torch.int32, device=context.current_device()))


export_constant("newaxis", None)

__all__ = ["zeros", "ones", "zeros_like", "ones_like", "fill", "range_", "lin_space", "eye",
           "identity", "identity_n", "cast", "saturate_cast", "shape", "shape_n", "size", "rank",
           "to_float", "to_double", "to_int32", "to_int64", "to_bfloat16", "to_complex64", "to_complex128"]
