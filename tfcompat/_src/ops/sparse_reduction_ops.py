"""Reductions over SparseTensors (sparse.reduce_sum / reduce_max and their _sparse forms,
sparse.softmax, sparse.maximum / minimum) and the sparse segment reductions of dense data
(sparse.segment_sum / mean / sqrt_n).

Entries are grouped by the linear index of the dimensions that stay; torch's index_add and
scatter_reduce reduce each group, so gradients reach ``values`` (and ``data``) through autograd.
Where TF registers no gradient (SparseReduceMax, the _sparse reductions) differentiating raises
TF's LookupError.
"""

import math

import numpy as np
import torch

from ..eager.op_gradients import no_registered_gradient
from ..framework import dtypes, errors
from ..framework.dtypes import dtype_of, kernel_name
from ..framework.errors import attr_error, dtype_mismatch, invalid_argument
from ..framework.kernel_dtypes import FLOAT, REAL, SUM
from ..framework.sparse_tensor import as_sparse, components, from_components
from ..framework.tensor import convert, wrap
from ..registry import PARTIAL, export
from .arguments import check_size, deprecated_argument_lookup, int_arg
from .sparse_ops import index_text, linear_positions, row_major_strides


def _check_dtype(values, op, allowed):
    if type(values) is np.ndarray or kernel_name(dtype_of(values)) not in allowed.split(", "):
        raise attr_error(op, "T", dtype_of(values), allowed)


# --- sparse.reduce_sum, reduce_max ----------------------------------------------------------------

def _reduction_axes(axis, rank, op):
    """The sorted distinct axes ``axis`` names (all when None); TF's message for one out of range."""
    if axis is None:
        return list(range(rank))
    requested = int_arg(axis, op, "reduction_axes")
    axes = set()
    for a in np.ravel(requested).tolist():
        if not -rank <= a < rank:
            raise invalid_argument(f"Invalid reduction dimension {a}, for input with {rank} dimensions.", op)
        axes.add(a % rank)
    return sorted(axes)


def _grouped(sp_input, axis, keepdims, keep_dims, reduction_axes, op, allowed):
    """The parts of a sparse reduction: values, the group of each entry, the kept dimensions' sizes,
    the output shape and the reduced axes."""
    keepdims = deprecated_argument_lookup("keepdims", keepdims, "keep_dims", keep_dims)
    axis = deprecated_argument_lookup("axis", axis, "reduction_axes", reduction_axes)
    indices, values, shape = components(as_sparse(sp_input, op))
    _check_dtype(values, op, allowed)
    axes = _reduction_axes(axis, len(shape), op)
    kept = [d for d in range(len(shape)) if d not in axes]
    kept_shape = [shape[d] for d in kept]
    groups = linear_positions(indices[:, kept], kept_shape).to(values.device)
    out_shape = [1 if d in axes else size for d, size in enumerate(shape)] if keepdims else kept_shape
    return values, groups, kept_shape, out_shape, kept


def _reduce(values, groups, size, mode):
    """Each group's sum or max (0 for a group without entries), over ``size`` groups."""
    out = torch.zeros(size, dtype=values.dtype, device=values.device)
    if mode == "sum":
        return out.index_add(0, groups, values)
    return out.scatter_reduce(0, groups, values, "amax", include_self=False)


def _dense_reduction(mode, op, allowed):
    def reduction(sp_input, axis=None, keepdims=None, reduction_axes=None, keep_dims=None):
        values, groups, kept_shape, out_shape, _ = _grouped(sp_input, axis, keepdims, keep_dims, reduction_axes,
                                                            op, allowed)
        check_size(kept_shape, op, values.dtype, values.device)
        size = math.prod(kept_shape)
        outside = ((groups < 0) | (groups >= size)).nonzero()
        if outside.numel():  # an index out of its dimension's bounds
            raise errors.InternalError(None, None, f"Obtained a write index of {int(groups[outside[0, 0]])} which is "
                                                   f"outside of bounds of [0, {size}) [Op:{op}]")
        result = _reduce(values, groups, size, mode).reshape(out_shape)
        return wrap(result if mode == "sum" else no_registered_gradient(op, result))
    return reduction


def _sparse_reduction(mode, op, allowed):
    def reduction(sp_input, axis=None, keepdims=None, reduction_axes=None, keep_dims=None):
        values, groups, kept_shape, out_shape, kept = _grouped(sp_input, axis, keepdims, keep_dims, reduction_axes,
                                                               op, allowed)
        present, inverse = torch.unique(groups, sorted=True, return_inverse=True)
        reduced = no_registered_gradient(op, _reduce(values, inverse, len(present), mode))
        coordinates = _unravel(present, kept_shape)
        if len(out_shape) != len(kept_shape):  # keepdims: zeros in the reduced columns
            full = present.new_zeros((len(present), len(out_shape)))
            full[:, kept] = coordinates
            coordinates = full
        return from_components(coordinates, reduced, out_shape)
    return reduction


def _runs(keys):
    """The run number of each element of the non-decreasing ``keys``, and the number of runs."""
    if not len(keys):
        return keys, 0
    starts = torch.ones(len(keys), dtype=torch.int64, device=keys.device)
    starts[1:] = keys[1:] != keys[:-1]
    runs = torch.cumsum(starts, 0) - 1
    return runs, int(runs[-1]) + 1


def _unravel(linear, sizes):
    """The [N, len(sizes)] indices of the row-major positions ``linear`` in a tensor of shape ``sizes``."""
    if not sizes:
        return linear.new_zeros((len(linear), 0))
    bounds = torch.tensor(sizes, dtype=torch.int64, device=linear.device)
    return (linear.unsqueeze(1) // row_major_strides(sizes, linear.device)) % bounds


sparse_reduce_sum = export("sparse.reduce_sum", "sparse_reduce_sum")(_dense_reduction("sum", "SparseReduceSum", SUM))
sparse_reduce_max = export("sparse.reduce_max", "sparse_reduce_max")(_dense_reduction("max", "SparseReduceMax", REAL))
sparse_reduce_sum_sparse = export("sparse.reduce_sum_sparse", "sparse_reduce_sum_sparse")(
    _sparse_reduction("sum", "SparseReduceSumSparse", SUM))
sparse_reduce_max_sparse = export("sparse.reduce_max_sparse", "sparse_reduce_max_sparse")(
    _sparse_reduction("max", "SparseReduceMaxSparse", REAL))
for _function, _text in ((sparse_reduce_sum, "sum"), (sparse_reduce_max, "maximum")):
    _function.__name__ = f"sparse_reduce_{_text[:3]}"
    _function.__doc__ = (f"The {_text} of ``sp_input``'s entries along ``axis`` (all axes when None): a dense "
                         "tensor; dimensions reduced away unless ``keepdims``; 0 where a group has no entries.")
for _function, _text in ((sparse_reduce_sum_sparse, "sum"), (sparse_reduce_max_sparse, "maximum")):
    _function.__name__ = f"sparse_reduce_{_text[:3]}_sparse"
    _function.__doc__ = (f"The {_text} of ``sp_input``'s entries along ``axis``: a SparseTensor with one entry per "
                         "group that has entries, in row-major order.")


# --- sparse.softmax, maximum, minimum --------------------------------------------------------------

@export("sparse.softmax", "sparse_softmax")
def sparse_softmax(sp_input, name=None):
    """Softmax over each innermost row's entries (missing entries take no part).  As TF's kernel,
    the values are computed in row-major order and returned with ``sp_input``'s indices."""
    op = "SparseSoftmax"
    indices, values, shape = components(as_sparse(sp_input, "sparse_softmax"))
    original_indices = indices
    _check_dtype(values, op, "half, float, double")
    if len(shape) < 2:
        shown = " ".join(str(size) for size in shape)  # TF prints the dense shape's values
        raise invalid_argument(f"Input should have rank >= 2, but received shape: {shown}", op)
    linear = linear_positions(indices, shape)
    if len(linear) > 1 and not bool((linear[1:] >= linear[:-1]).all()):
        order = torch.sort(linear, stable=True).indices
        indices, values = indices[order], values[order.to(values.device)]
    groups, count = _runs(linear_positions(indices[:, :-1], shape[:-1]))
    groups = groups.to(values.device)
    peak = torch.full((count,), -math.inf, dtype=values.dtype, device=values.device)
    peak = peak.scatter_reduce(0, groups, values.detach(), "amax", include_self=True)
    exps = torch.exp(values - peak[groups])
    sums = torch.zeros(count, dtype=values.dtype, device=values.device).index_add(0, groups, exps)
    return from_components(original_indices, exps / sums[groups], shape)


def _sparse_extremum(mode, op):
    def extremum(sp_a, sp_b, name=None):
        a_indices, a_values, a_shape = components(as_sparse(sp_a, op))
        b_indices, b_values, b_shape = components(as_sparse(sp_b, op))
        _check_dtype(a_values, op, REAL)
        if dtype_of(b_values) != dtype_of(a_values):
            raise dtype_mismatch(op, 4, dtype_of(a_values), dtype_of(b_values))
        if len(a_shape) != len(b_shape):
            raise invalid_argument(f"Operands do not have the same ranks; got shapes: {index_text(a_shape)} and "
                                   f"{index_text(b_shape)}", op)
        for dim, (a_size, b_size) in enumerate(zip(a_shape, b_shape)):
            if a_size != b_size:
                raise invalid_argument(f"Operands' shapes do not match: got {a_size} and {b_size} for dimension "
                                       f"{dim}", op)
        device = a_values.device
        linear = torch.cat([linear_positions(a_indices, a_shape),
                        linear_positions(b_indices, b_shape).to(a_indices.device)])
        present, inverse = torch.unique(linear, sorted=True, return_inverse=True)
        inverse = inverse.to(device)
        # an index missing from one operand is an implicit zero there
        a_side = torch.zeros(len(present), dtype=a_values.dtype, device=device).index_put(
            (inverse[:len(a_values)],), a_values)
        b_side = torch.zeros(len(present), dtype=a_values.dtype, device=device).index_put(
            (inverse[len(a_values):],), b_values.to(device))
        result = torch.maximum(a_side, b_side) if mode == "max" else torch.minimum(a_side, b_side)
        return from_components(_unravel(present, a_shape), result, a_shape)
    return extremum


sparse_maximum = export("sparse.maximum", "sparse_maximum", status=PARTIAL, note=(
    "inputs whose indices are not in row-major order give the sorted union (TF's kernel assumes sorted inputs)"))(
    _sparse_extremum("max", "SparseSparseMaximum"))
sparse_minimum = export("sparse.minimum", "sparse_minimum", status=PARTIAL, note=(
    "inputs whose indices are not in row-major order give the sorted union (TF's kernel assumes sorted inputs)"))(
    _sparse_extremum("min", "SparseSparseMinimum"))
sparse_maximum.__name__, sparse_minimum.__name__ = "sparse_maximum", "sparse_minimum"
sparse_maximum.__doc__ = "The elementwise maximum of two SparseTensors of one shape (missing entries are 0)."
sparse_minimum.__doc__ = "The elementwise minimum of two SparseTensors of one shape (missing entries are 0)."


# --- sparse.segment_sum, segment_mean, segment_sqrt_n -----------------------------------------------

def _index_vector(value, attr, op):
    backing = convert(value, dtypes.int32) if isinstance(value, (list, tuple)) and not value else convert(value)
    if type(backing) is np.ndarray or backing.dtype not in (torch.int32, torch.int64):
        raise attr_error(op, attr, dtype_of(backing))
    return backing


def _segment_reduction(mode, base_op, allowed):
    def reduction(data, indices, segment_ids, name=None, num_segments=None, sparse_gradient=False):
        op = base_op + ("WithNumSegments" if num_segments is not None else "")
        values = convert(data)
        _check_dtype(values, op, allowed)
        rows = _index_vector(indices, "Tidx", op)
        ids = _index_vector(segment_ids, "Tsegmentids", op)
        if values.dim() < 1:
            raise invalid_argument("Shape must be at least rank 1", op)
        if rows.dim() != 1:
            raise invalid_argument("indices should be a vector.", op)
        if ids.dim() != 1:
            raise invalid_argument("segment_ids should be a vector.", op)
        if len(rows) != len(ids):
            raise invalid_argument("segment_ids and indices should have same size.", op)
        rows, ids = rows.to(torch.int64).to(values.device), ids.to(torch.int64).to(values.device)
        count = _segment_count(ids, num_segments, op)
        check_size([count] + list(values.shape[1:]), op, values.dtype, values.device)
        bad_rows = ((rows < 0) | (rows >= values.shape[0])).nonzero()
        if bad_rows.numel():
            i = int(bad_rows[0, 0])
            raise invalid_argument(f"Bad: indices[{i}] == {int(rows[i])} out of range [0, {values.shape[0]})", op)
        out = torch.zeros((count,) + tuple(values.shape[1:]), dtype=values.dtype, device=values.device)
        sums = out.index_add(0, ids, values[rows])
        if mode == "sum":
            return wrap(sums)
        sizes = torch.zeros(count, dtype=torch.float64, device=values.device).index_add(
            0, ids, torch.ones(len(ids), dtype=torch.float64, device=values.device)).clamp(min=1)
        # TF scales by 1 / n (1 / sqrt(n)) computed in double, then rounded to the data's dtype
        scale = (1 / (sizes if mode == "mean" else sizes.sqrt())).to(values.dtype)
        return wrap(sums * scale.reshape((count,) + (1,) * (values.dim() - 1)))
    return reduction


def _segment_count(ids, num_segments, op):
    """The number of output rows: ``num_segments``, or the last segment id + 1; TF's id checks."""
    if len(ids) and bool((ids < 0).any()):
        raise invalid_argument("segment ids must be >= 0", op)
    if len(ids) and bool((ids[1:] < ids[:-1]).any()):
        raise invalid_argument("segment ids are not increasing", op)
    if num_segments is None:
        return int(ids[-1]) + 1 if len(ids) else 0
    count = int_arg(num_segments, op, "Tnumsegments")
    if not isinstance(count, int):
        raise invalid_argument(f"num_segments should be a scalar, not shape {index_text(np.shape(count))}", op)
    if len(ids) and int(ids[-1]) >= count:
        raise invalid_argument("segment ids must be < num_segments", op)
    return count


_SEGMENT_NOTE = "sparse_gradient=True (a TF 2.x argument) changes nothing: the gradient of data is dense"
sparse_segment_sum = export("sparse.segment_sum", "sparse_segment_sum", status=PARTIAL, note=_SEGMENT_NOTE)(
    _segment_reduction("sum", "SparseSegmentSum", REAL))
sparse_segment_mean = export("sparse.segment_mean", "sparse_segment_mean", status=PARTIAL, note=_SEGMENT_NOTE)(
    _segment_reduction("mean", "SparseSegmentMean", FLOAT))
sparse_segment_sqrt_n = export("sparse.segment_sqrt_n", "sparse_segment_sqrt_n", status=PARTIAL,
                               note=_SEGMENT_NOTE)(_segment_reduction("sqrt_n", "SparseSegmentSqrtN", FLOAT))
for _function, _text in ((sparse_segment_sum, "sum"), (sparse_segment_mean, "mean"),
                         (sparse_segment_sqrt_n, "sum divided by the square root of the count")):
    _function.__name__ = "sparse_segment_" + ("sqrt_n" if "root" in _text else _text)
    _function.__doc__ = (f"The {_text} of the rows ``data[indices]`` per sorted segment id of ``segment_ids``: "
                         "[num_segments or last id + 1] + data.shape[1:], empty segments 0.")
