"""Reductions, scans and segment ops: tf.reduce_sum, tf.argmax, tf.cumsum, tf.top_k, tf.norm ...

All reductions share one argument parser (TF 1.x's ``axis`` / ``reduction_indices``
and ``keepdims`` / ``keep_dims`` spellings; an int, list, tuple, ndarray or
Tensor axis; negative axes; TF's "Invalid reduction dimension" errors) and one
driver; each op then is one torch call that keeps the input dtype, as TF does
(``tf.reduce_sum`` of int32 is int32, ``tf.reduce_mean`` of int32 truncates).
"""

import collections
import math

import numpy as np
import torch

from ..framework import dtypes
from ..framework.composite import CompositeInput
from ..framework.dtypes import as_dtype
from ..framework.errors import attr_error, invalid_argument
from ..framework.kernel_dtypes import (ABS, ARG, BOOL, FLOAT, FLOAT_COMPLEX, INDEX, INDEX_DTYPES, MAX, REAL, SUM,
                                      TOP_K_INDEX_OUTPUT, allowed, dtypes_in, is_floating, type_error)
from ..framework.tensor import (Tensor, convert, dtype_mismatch, dtype_of, translate_error, unsigned_retry,
                                wrap)
from ..eager.op_gradients import no_registered_gradient
from ..registry import export
from ..framework.tensor_shape import shape_text
from .arguments import check_size, deprecated_argument_lookup

_CAUGHT = (RuntimeError, TypeError, ValueError, IndexError)



def _int_values(value, attr, op_name):
    """The Python ints in an axis-like argument (int, sequence, ndarray or integer Tensor)."""
    if type(value) is int:
        return [value]
    if type(value) in (list, tuple) and all(type(v) is int for v in value):
        return list(value)
    if isinstance(value, Tensor):
        backing = convert(value)
        if backing.dtype not in INDEX_DTYPES:
            raise attr_error(op_name, attr, dtype_of(backing), INDEX)
    else:
        backing = convert(value, dtypes.int32)
    return backing.reshape(-1).tolist()


def reduction_dims(a, axis, op_name):
    """The normalized tuple of dimensions an ``axis`` argument names (all for None)."""
    rank = a.ndim
    if axis is None:
        return tuple(range(rank))
    dims = []
    for d in _int_values(axis, "Tidx", op_name):
        if not -rank <= d < rank:
            raise invalid_argument(f"Invalid reduction dimension ({d} for input with {rank} dimension(s)",
                                   op_name)
        d %= rank
        if d in dims:
            raise invalid_argument(f"Invalid reduction arguments: Axes contains duplicate dimension: {d}",
                                   op_name)
        dims.append(d)
    return tuple(dims)


def _reduced_shape(a, dims, keepdims):
    if keepdims:
        return [1 if d in dims else size for d, size in enumerate(a.shape)]
    return [size for d, size in enumerate(a.shape) if d not in dims]


def _count(a, dims):
    return math.prod(a.shape[d] for d in dims)


# Reductions of composite inputs, TF 1.15's dispatch of tf.reduce_* on RaggedTensors: filled by
# ops/ragged/ragged_reductions.py as {input type: function(op_name, input, axis, keepdims)}; reached when
# converting the input raises CompositeInput (framework/composite.py).
COMPOSITE_REDUCERS = {}


def _reduce(op_name, types, compute, error_op, x, axis, keepdims, dtype=None):
    # A bool-only kernel (All, Any) converts Python and NumPy values to bool, as TF's op does.
    try:
        a = convert(x) if dtype is None or isinstance(x, Tensor) else convert(x, dtype)
    except CompositeInput:  # a RaggedTensor: its own reduction (the dense path pays nothing for this)
        composite = COMPOSITE_REDUCERS.get(type(x))
        if composite is None:
            raise
        return composite(op_name, x, axis, keepdims)
    if a.dtype not in types[1]:
        raise type_error(error_op, types[0], a)
    dims = reduction_dims(a, axis, op_name)
    if not dims:  # TF's reduction over no axes is the identity
        return wrap(a.clone())
    try:
        return wrap(compute(a, dims, bool(keepdims)))
    except _CAUGHT as error:
        return wrap(unsigned_retry(compute, error, op_name, (a, dims, bool(keepdims))))


def _reduction(op_name, types, compute, error_op=None):
    types = allowed(types)
    error_op = error_op or op_name
    dtype = dtypes.bool_ if types[0] == BOOL else None

    def reduce(input_tensor, axis=None, keepdims=None, name=None, reduction_indices=None, keep_dims=None):
        if reduction_indices is not None:
            axis = deprecated_argument_lookup("axis", axis, "reduction_indices", reduction_indices)
        if keep_dims is not None:
            keepdims = deprecated_argument_lookup("keepdims", keepdims, "keep_dims", keep_dims)
        return _reduce(op_name, types, compute, error_op, input_tensor, axis, keepdims, dtype)
    return reduce


# --- the torch side of each reduction ------------------------------------------------------------

def _sum(a, dims, keepdims):
    return torch.sum(a, dims, keepdims, dtype=a.dtype)


def _prod(a, dims, keepdims):
    if len(dims) == 1:
        return torch.prod(a, dims[0], keepdims, dtype=a.dtype)
    kept = [d for d in range(a.ndim) if d not in dims]
    flat = a.permute(kept + list(dims)).reshape([a.shape[d] for d in kept] + [_count(a, dims)])
    return torch.prod(flat, -1, dtype=a.dtype).reshape(_reduced_shape(a, dims, keepdims))


def _mean(a, dims, keepdims):
    if is_floating(a):
        return torch.mean(a, dims, keepdims)
    total = torch.sum(a, dims, keepdims, dtype=a.dtype)
    count = _count(a, dims)
    return torch.div(total, count, rounding_mode="trunc") if count else total  # C++ integer division


def _extreme(function, largest):
    def compute(a, dims, keepdims):
        if any(a.shape[d] == 0 for d in dims):  # TF's identity: -inf / the dtype's lowest value
            info = torch.finfo(a.dtype) if a.dtype.is_floating_point else torch.iinfo(a.dtype)
            fill = (-math.inf if largest else math.inf) if a.dtype.is_floating_point else (
                info.min if largest else info.max)
            return torch.full(_reduced_shape(a, dims, keepdims), fill, dtype=a.dtype, device=a.device)
        return function(a, dims, keepdims)
    return compute


def _euclidean(a, dims, keepdims):
    if a.dtype.is_floating_point:
        return torch.linalg.vector_norm(a, 2, dims, keepdims)
    source = a if a.dtype.is_complex else a.to(torch.float64)
    return torch.linalg.vector_norm(source, 2, dims, keepdims).to(a.dtype)


_REDUCTIONS = [
    # TF names, TF kernel, allowed dtypes, torch side, kernel named in dtype errors
    (("reduce_sum", "math.reduce_sum"), "Sum", SUM, _sum, None),
    (("reduce_prod", "math.reduce_prod"), "Prod", SUM, _prod, None),
    (("reduce_mean", "math.reduce_mean"), "Mean", SUM, _mean, None),
    (("reduce_max", "math.reduce_max"), "Max", MAX, _extreme(torch.amax, True), None),
    (("reduce_min", "math.reduce_min"), "Min", MAX, _extreme(torch.amin, False), None),
    (("reduce_all", "math.reduce_all"), "All", BOOL, torch.all, None),
    (("reduce_any", "math.reduce_any"), "Any", BOOL, torch.any, None),
    # TF 1.x computes logsumexp from reduce_max, is_finite, exp, sum and log.
    (("reduce_logsumexp", "math.reduce_logsumexp"), "Sum", FLOAT, torch.logsumexp, "IsFinite"),
]

for _names, _op, _types, _compute, _error_op in _REDUCTIONS:
    _function = _reduction(_op, _types, _compute, _error_op)
    _function.__name__ = _function.__qualname__ = _names[0]
    _function.__doc__ = f"tf.{_names[0]}: TF's {_op} reduction over ``axis`` (all axes for None)."
    globals()[_names[0]] = export(*_names)(_function)

_EUCLIDEAN = allowed(SUM)


@export("math.reduce_euclidean_norm")
def reduce_euclidean_norm(input_tensor, axis=None, keepdims=False, name=None):
    """tf.math.reduce_euclidean_norm: sqrt of the sum of squares (integers truncate, as in TF)."""
    return _reduce("EuclideanNorm", _EUCLIDEAN, _euclidean, "EuclideanNorm", input_tensor, axis, keepdims)


def _moment(input_tensor, axis, keepdims, root):
    a = convert(input_tensor)
    kind = dtype_of(a)
    if kind.is_integer:
        raise TypeError(f"Input must be either real or complex. Received integer type {kind}.")
    if type(a) is np.ndarray or not is_floating(a):
        raise type_error("Mean", SUM, a)
    dims = reduction_dims(a, axis, "Mean")
    if not dims:
        result = torch.zeros_like(a.real if a.dtype.is_complex else a)
    else:
        result = torch.var(a, dims, correction=0, keepdim=bool(keepdims))
    return wrap(torch.sqrt(result) if root else result)


@export("math.reduce_variance")
def reduce_variance(input_tensor, axis=None, keepdims=False, name=None):
    """tf.math.reduce_variance: the population variance (complex inputs give a real result)."""
    return _moment(input_tensor, axis, keepdims, False)


@export("math.reduce_std")
def reduce_std(input_tensor, axis=None, keepdims=False, name=None):
    """tf.math.reduce_std: the population standard deviation."""
    return _moment(input_tensor, axis, keepdims, True)


@export("count_nonzero", "math.count_nonzero")
def count_nonzero(input_tensor=None, axis=None, keepdims=None, dtype=dtypes.int64, name=None,
                  reduction_indices=None, keep_dims=None, input=None):
    """tf.count_nonzero: how many elements are not 0 (not "" for strings), as ``dtype``."""
    input_tensor = deprecated_argument_lookup("input", input, "input_tensor", input_tensor)
    axis = deprecated_argument_lookup("axis", axis, "reduction_indices", reduction_indices)
    keepdims = deprecated_argument_lookup("keepdims", keepdims, "keep_dims", keep_dims)
    a = convert(input_tensor)
    if type(a) is np.ndarray:
        nonzero = torch.from_numpy(np.asarray(np.not_equal(a, b""), dtype=bool))
    else:
        nonzero = torch.ne(a, 0)
    dims = reduction_dims(nonzero, axis, "Sum")
    counts = torch.sum(nonzero, dims, bool(keepdims), dtype=torch.int64) if dims else nonzero.to(torch.int64)
    return wrap(counts.to(as_dtype(dtype)._torch))


# --- argmax / argmin -------------------------------------------------------------------------

_ARG = allowed(ARG)


def _scalar_int(value, op_name, what):
    """A Python int from an int, NumPy integer or 0-D integer Tensor argument."""
    if type(value) is int:
        return value
    values = _int_values(value, "Tidx", op_name)
    shape = np.shape(value) if not isinstance(value, Tensor) else tuple(value.shape)
    if len(shape) != 0:
        raise invalid_argument(f"{what}{shape_text(shape)}", op_name)
    return values[0]


def _arg_reduce(op_name, function, nan, x, axis, output_type):
    a = convert(x)
    if a.dtype not in _ARG[1]:
        raise type_error(op_name, ARG, a)
    output = as_dtype(output_type)._torch
    if output not in INDEX_DTYPES:  # ArgMax's output_type
        raise attr_error(op_name, "output_type", as_dtype(output_type), INDEX)
    axis = 0 if axis is None else _scalar_int(axis, op_name, "dim must be a scalar, but received tensor of shape: ")
    rank = a.ndim
    if not -rank <= axis < rank:
        raise invalid_argument(f"Expected dimension in the range [{-rank}, {rank}), but got {axis}", op_name)
    if a.shape[axis] == 0:
        raise invalid_argument(f"Reduction axis {axis} is empty in shape {shape_text(a.shape)}", op_name)
    if a.dtype is torch.bool:
        a = a.to(torch.uint8)
    elif a.dtype.is_floating_point:  # TF's kernels never pick a NaN
        a = torch.nan_to_num(a, nan=nan, posinf=math.inf, neginf=-math.inf)
    try:
        index = function(a, axis)
    except _CAUGHT as error:
        index = unsigned_retry(function, error, op_name, (a, axis), cast_back=False)
    return wrap(index.to(output))


@export("argmax", "math.argmax")
def argmax(input, axis=None, name=None, dimension=None, output_type=dtypes.int64):
    """tf.argmax: the index of the largest value along ``axis`` (0 when None), as int64."""
    return _arg_reduce("ArgMax", torch.argmax, -math.inf, input,
                       deprecated_argument_lookup("axis", axis, "dimension", dimension), output_type)


@export("argmin", "math.argmin")
def argmin(input, axis=None, name=None, dimension=None, output_type=dtypes.int64):
    """tf.argmin: the index of the smallest value along ``axis`` (0 when None), as int64."""
    return _arg_reduce("ArgMin", torch.argmin, math.inf, input,
                       deprecated_argument_lookup("axis", axis, "dimension", dimension), output_type)


@export("arg_max")
def arg_max(input, dimension, output_type=dtypes.int64, name=None):
    """tf.arg_max: the raw ArgMax op (deprecated alias of tf.argmax)."""
    return _arg_reduce("ArgMax", torch.argmax, -math.inf, input, dimension, output_type)


@export("arg_min")
def arg_min(input, dimension, output_type=dtypes.int64, name=None):
    """tf.arg_min: the raw ArgMin op (deprecated alias of tf.argmin)."""
    return _arg_reduce("ArgMin", torch.argmin, math.inf, input, dimension, output_type)


# --- scans ----------------------------------------------------------------------------------

def _scan(op_name, types, function, identity):
    text, kinds = allowed(types)

    def scan(x, axis=0, exclusive=False, reverse=False, name=None):
        a = convert(x)
        if a.dtype not in kinds:
            raise type_error(op_name, text, a)
        axis = _scalar_int(axis, op_name, "ScanOp: axis must be a scalar, not ")
        rank = a.ndim
        if not -rank <= axis < rank:
            shown = axis + rank if axis < 0 else axis  # TF prints the axis after adding the rank
            raise invalid_argument(f"ScanOp: Expected scan axis in the range [{-rank}, {rank}), but got {shown}",
                                   op_name)
        try:
            return wrap(compute(a, axis, exclusive, reverse))
        except _CAUGHT as error:
            return wrap(unsigned_retry(compute, error, op_name, (a, axis, exclusive, reverse)))

    def compute(a, axis, exclusive, reverse):
        if reverse:
            a = a.flip(axis)
        result = function(a, axis)
        size = a.shape[axis]
        if exclusive and size:
            first = torch.full_like(result.narrow(axis, 0, 1), identity)
            result = torch.cat([first, result.narrow(axis, 0, size - 1)], axis)
        return result.flip(axis) if reverse else result
    return scan


cumsum = export("cumsum", "math.cumsum")(
    _scan("Cumsum", SUM, lambda a, axis: torch.cumsum(a, axis, dtype=a.dtype), 0))
cumprod = export("cumprod", "math.cumprod")(
    _scan("Cumprod", SUM, lambda a, axis: torch.cumprod(a, axis, dtype=a.dtype), 1))
cumulative_logsumexp = export("math.cumulative_logsumexp")(
    _scan("CumulativeLogsumexp", FLOAT, torch.logcumsumexp, -math.inf))
for _function, _name in ((cumsum, "cumsum"), (cumprod, "cumprod"), (cumulative_logsumexp, "cumulative_logsumexp")):
    _function.__name__ = _function.__qualname__ = _name
    _function.__doc__ = f"tf.{_name}: the running reduction along ``axis``; ``exclusive`` and ``reverse`` as in TF."


# --- top_k ---------------------------------------------------------------------------------

TopKV2 = collections.namedtuple("TopKV2", ["values", "indices"])
_TOP_K = allowed(REAL)
_TOP_K_INDEX_OUTPUT = dtypes_in(TOP_K_INDEX_OUTPUT)


@export("nn.top_k", "math.top_k")
def top_k(input, k=1, sorted=True, index_type=dtypes.int32, name=None):
    """tf.nn.top_k: the ``k`` largest entries of the last axis, largest first; ties keep index order."""
    a = convert(input)
    if a.dtype not in _TOP_K[1]:
        raise type_error("TopKV2", REAL, a)
    k = _scalar_int(k, "TopKV2", "k must be scalar, got shape ")
    index = as_dtype(index_type)._torch
    if index not in _TOP_K_INDEX_OUTPUT:
        raise attr_error("TopKV2", "index_type", as_dtype(index_type), TOP_K_INDEX_OUTPUT)
    if k < 0:
        raise invalid_argument(f"Need k >= 0, got {k}", "TopKV2")
    if a.ndim < 1:
        raise invalid_argument(f"input must be >= 1-D, got shape {shape_text(a.shape)}", "TopKV2")
    if a.shape[-1] < k:
        raise invalid_argument(f"input must have at least k columns. Had {a.shape[-1]}, needed {k}", "TopKV2")
    try:
        values, indices = torch.sort(a, dim=-1, descending=True, stable=True)
    except _CAUGHT as error:
        raise translate_error(error, "TopKV2", a) from None
    return TopKV2(wrap(values[..., :k]), wrap(indices[..., :k].to(index)))


# --- tf.norm -------------------------------------------------------------------------------

_MATRIX_ORDS = ["euclidean", "fro", 1, 2, np.inf]
_VECTOR_ORDS = ["euclidean", 1, 2, np.inf]


_REAL_ORD = (int, float, np.integer, np.floating)


def _order(ord):
    """``ord`` as a Python value (a 0-d tensor gives its value; TF uses it in pow(|x|, ord))."""
    if isinstance(ord, Tensor) and type(ord._t) is not np.ndarray and ord._t.ndim == 0:
        return ord._t.item()
    if type(ord) is int and ord > 2 ** 53:  # a p-norm past float precision: torch wants a float
        return float(ord)
    return ord


def _supported(ord, supported):
    return isinstance(ord, (str,) + _REAL_ORD) and ord in supported


def _norm_axis(axis, ord):
    """(is_matrix_norm, axis, ord's value) after TF's checks of ``axis`` and ``ord``.

    TF 1.x compares tensors by identity, so a tensor ``ord`` is never one of the named
    norms: no matrix norm takes one, and a vector norm computes pow(|x|, ord) with it.
    """
    order = _order(ord)
    if isinstance(axis, (tuple, list)) and len(axis) == 2:
        axis = tuple(axis)
        if not all(isinstance(d, int) for d in axis) or axis[0] == axis[1]:
            raise ValueError(f"'axis' must be None, an integer, or a tuple of 2 unique integers, got {axis}")
        if isinstance(ord, Tensor) or not _supported(order, _MATRIX_ORDS):
            raise ValueError(f"'ord' must be a supported matrix norm in {_MATRIX_ORDS}, got {ord}")
        return True, axis, order
    if not (isinstance(axis, int) or axis is None):
        raise ValueError(f"'axis' must be None, an integer, or a tuple of 2 unique integers, got {axis}")
    if (not isinstance(order, _REAL_ORD) or order <= 0) and not _supported(order, _VECTOR_ORDS):
        raise ValueError(f"'ord' must be a supported vector norm, got {ord}")
    return False, axis, order


def _check_tensor_order(a, ord):
    """TF's errors for pow(abs(a), ord) ** (1.0 / ord) with a tensor ``ord``."""
    expected = dtype_of(a.real if a.dtype.is_complex else a)
    if ord.dtype != expected:
        raise dtype_mismatch("Pow", 1, expected, ord.dtype)
    if not is_floating(a):
        raise TypeError(f"Cannot convert 1.0 to EagerTensor of dtype {dtype_of(a).name}")


@export("norm", "linalg.norm")
def norm(tensor, ord="euclidean", axis=None, keepdims=None, name=None, keep_dims=None):
    """tf.norm: vector norms (``axis`` None or an int) and matrix norms (``axis`` a pair)."""
    keepdims = bool(deprecated_argument_lookup("keepdims", keepdims, "keep_dims", keep_dims))
    is_matrix, axis, order = _norm_axis(axis, ord)
    a = convert(tensor)
    if type(a) is np.ndarray or a.dtype is torch.bool:
        raise type_error("Abs", ABS, a)
    if isinstance(ord, Tensor):
        _check_tensor_order(a, ord)
    euclidean = order in ("euclidean", "fro") or order == 2 and not isinstance(ord, Tensor)
    if not is_floating(a) and euclidean:
        raise type_error("Sqrt", FLOAT_COMPLEX, a)
    if not is_floating(a) and order not in (1, np.inf):
        raise TypeError(f"Cannot convert {float(order)!r} to EagerTensor of dtype {dtype_of(a).name}")
    source = a if is_floating(a) else a.to(torch.float64)  # integer norms: exact, then back to the input dtype
    try:
        if is_matrix:
            dims = reduction_dims(a, list(axis), "Sum")
            result = torch.linalg.matrix_norm(source, "fro" if order == "euclidean" else order, dims, keepdims)
        else:
            dims = None if axis is None else reduction_dims(a, axis, "Sum")
            result = torch.linalg.vector_norm(source, 2 if order == "euclidean" else order, dims, keepdims)
            if axis is None and keepdims:
                result = result.reshape([1] * a.ndim)
    except _CAUGHT as error:
        raise translate_error(error, "Norm", a) from None
    # TF keeps the input dtype: complex stays complex for the euclidean norm, ints stay ints.
    return wrap(result.to(a.dtype) if a.dtype.is_complex and euclidean or not is_floating(a) else result)


# --- segment reductions --------------------------------------------------------------------

_SEGMENT_SUM = allowed(SUM)
_SEGMENT_MAX = allowed(REAL)


def _segment_ids(segment_ids, op_name):
    ids = convert(segment_ids)
    if ids.dtype not in INDEX_DTYPES:
        raise attr_error(op_name, "Tindices", dtype_of(ids), INDEX)
    return ids


def _sorted_count(a, ids, op_name):
    """The number of output rows of a sorted segment op, after TF's checks of ``ids``."""
    if ids.ndim != 1:
        raise invalid_argument("segment_ids should be a vector.", op_name)
    if a.ndim < 1 or ids.shape[0] != a.shape[0]:
        raise invalid_argument("segment_ids should be the same size as dimension 0 of input.", op_name)
    if ids.shape[0] == 0:
        return 0
    count = int(ids[-1]) + 1
    if bool(torch.any(ids[1:] < ids[:-1])):
        raise invalid_argument("segment ids are not increasing", op_name)
    if int(ids[0]) < 0:
        raise invalid_argument(f"Segment id {int(ids[0])} out of range [0, {count}), possibly because "
                               f"'segment_ids' input is not sorted.", op_name)
    return count


def _unsorted_count(a, ids, num_segments, op_name):
    count = _scalar_int(num_segments, op_name, "num_segments should be a scalar, not shape ")
    if tuple(a.shape[:ids.ndim]) != tuple(ids.shape):
        raise invalid_argument(f"data.shape = {shape_text(a.shape)} does not start with segment_ids.shape = "
                               f"{shape_text(ids.shape)}", op_name)
    flat = ids.reshape(-1)
    outside = torch.nonzero(flat >= count)
    if outside.numel():
        index = int(outside[0, 0])
        raise invalid_argument(f"segment_ids[{index}] = {int(flat[index])} is out of range [0, {count})", op_name)
    return count


def _segment(op_name, types, data, segment_ids, num_segments, mode):
    a = convert(data)
    if a.dtype not in types[1]:
        raise type_error(op_name, types[0], a)
    ids = _segment_ids(segment_ids, op_name)
    if num_segments is None:
        count = _sorted_count(a, ids, op_name)
    else:
        count = _unsorted_count(a, ids, num_segments, op_name)
    id_rank = ids.ndim
    ids = ids.reshape(-1).to(device=a.device, dtype=torch.int64)
    rows = a.reshape((ids.shape[0],) + tuple(a.shape[id_rank:]))
    if num_segments is not None:
        keep = ids >= 0  # the unsorted ops drop negative ids
        if not bool(torch.all(keep)):
            ids, rows = ids[keep], rows[keep]
    shape = (count,) + tuple(rows.shape[1:])
    if mode in ("max", "min"):
        if num_segments is None:
            empty = 0  # sorted segment max/min give 0 to empty segments, unsorted ones the dtype's limit
        else:
            info = torch.finfo(a.dtype) if a.dtype.is_floating_point else torch.iinfo(a.dtype)
            empty = info.min if mode == "max" else info.max
        reduce = "amax" if mode == "max" else "amin"
    else:
        empty = 1 if mode == "prod" else 0
        reduce = "prod" if mode == "prod" else "sum"
    index = ids.reshape((-1,) + (1,) * (rows.ndim - 1)).expand_as(rows)
    try:
        result = torch.full(shape, empty, dtype=a.dtype, device=a.device).scatter_reduce_(
            0, index, rows, reduce, include_self=False)
    except _CAUGHT as error:
        raise translate_error(error, op_name, a) from None
    if mode in ("mean", "sqrt_n"):
        counts = torch.zeros(count, dtype=torch.int64, device=a.device).index_add_(
            0, ids, torch.ones_like(ids)).clamp_(min=1).reshape((count,) + (1,) * (rows.ndim - 1))
        if mode == "sqrt_n":
            result = result / torch.sqrt(counts.to(a.dtype))
        elif num_segments is None and not is_floating(a):
            result = torch.div(result, counts.to(a.dtype), rounding_mode="trunc")
        else:  # TF divides with truediv: integer data gives float64
            result = result / counts.to(result.dtype if is_floating(a) else torch.float64)
    return wrap(result)


def _segment_op(name, op_name, types, mode, sorted_ids):
    if sorted_ids:
        def op(data, segment_ids, name=None):
            return _segment(op_name, types, data, segment_ids, None, mode)
    else:
        def op(data, segment_ids, num_segments, name=None):
            return _segment(op_name, types, data, segment_ids, num_segments, mode)
    op.__name__ = op.__qualname__ = name
    op.__doc__ = f"tf.{name}: the {mode} of the rows of ``data`` that share a segment id."
    return export(name, f"math.{name}")(op)


segment_sum = _segment_op("segment_sum", "SegmentSum", _SEGMENT_SUM, "sum", True)
segment_prod = _segment_op("segment_prod", "SegmentProd", _SEGMENT_SUM, "prod", True)
segment_mean = _segment_op("segment_mean", "SegmentMean", _SEGMENT_SUM, "mean", True)
segment_max = _segment_op("segment_max", "SegmentMax", _SEGMENT_MAX, "max", True)
segment_min = _segment_op("segment_min", "SegmentMin", _SEGMENT_MAX, "min", True)
unsorted_segment_sum = _segment_op("unsorted_segment_sum", "UnsortedSegmentSum", _SEGMENT_SUM, "sum", False)
unsorted_segment_prod = _segment_op("unsorted_segment_prod", "UnsortedSegmentProd", _SEGMENT_SUM, "prod", False)
unsorted_segment_max = _segment_op("unsorted_segment_max", "UnsortedSegmentMax", _SEGMENT_MAX, "max", False)
unsorted_segment_min = _segment_op("unsorted_segment_min", "UnsortedSegmentMin", _SEGMENT_MAX, "min", False)
unsorted_segment_mean = _segment_op("unsorted_segment_mean", "UnsortedSegmentSum", _SEGMENT_SUM, "mean", False)
unsorted_segment_sqrt_n = _segment_op("unsorted_segment_sqrt_n", "UnsortedSegmentSum",
                                      allowed(FLOAT_COMPLEX), "sqrt_n", False)


def _length(value, what):
    backing = convert(value, dtypes.int32)
    if backing.dim() != 0:
        raise invalid_argument(f"{what} must be a scalar, got shape {shape_text(backing.shape)}", "Bincount")
    return int(backing)


@export("bincount", "math.bincount")
def bincount(arr, weights=None, minlength=None, maxlength=None, dtype=dtypes.int32):
    """tf.bincount: how often each value 0..max(arr) occurs (or the sum of its ``weights``)."""
    values = convert(arr, dtypes.int32).reshape(-1)  # TF 1.15: convert_to_tensor(arr, dtype=int32)
    size = int(values.max()) + 1 if values.numel() else 0
    if minlength is not None:
        size = max(size, _length(minlength, "minlength"))
    if maxlength is not None:
        size = min(size, _length(maxlength, "maxlength"))
    check_size([size], "Bincount", torch.int64)
    if weights is not None:
        summed = unsorted_segment_sum(weights, wrap(values), size)
        return wrap(no_registered_gradient("Bincount", summed._t))
    if values.numel() and int(values.min()) < 0:
        raise invalid_argument("Input arr must be non-negative!", "Bincount")
    counts = torch.bincount(values[values < size], minlength=size)
    return wrap(counts.to(as_dtype(dtype)._torch))
