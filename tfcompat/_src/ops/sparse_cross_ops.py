"""Feature crosses of sparse and dense columns (sparse.cross, sparse.cross_hashed, TF's SparseCross
kernel) and tf.edit_distance (Levenshtein distances between the sequences of two SparseTensors).

Each batch row's features are crossed in TF's order: the SparseTensor inputs first, then the dense
ones, the last input varying fastest.  Hashed crosses chain TF's FingerprintCat64 over the features'
fingerprints (FarmHash Fingerprint64 of strings, int64 features as they are), vectorized with NumPy
over all of a row's crosses.
"""

import itertools

import numpy as np
import torch

from ..framework import context, errors
from ..framework.dtypes import dtype_of
from ..framework.errors import dtype_mismatch, invalid_argument
from ..framework.sparse_tensor import SparseTensor, SparseTensorValue, as_sparse, components, from_components
from ..framework.tensor import Tensor, convert, wrap
from ..registry import export
from .arguments import attr_int, check_size
from .sparse_ops import linear_positions, reordered
from .string_hashing import fingerprint64, fingerprint_cat64
from .string_ops import _as_bytes, string_array

_DEFAULT_HASH_KEY = 0xDECAFCAFFE
_INT64_MAX = np.uint64(2 ** 63 - 1)


def _host_values(values):
    """Feature values on the host: a list of bytes, or an int64 ndarray (other dtypes cast as TF casts)."""
    if type(values) is np.ndarray:
        return values
    return values.detach().to(torch.int64).cpu().numpy()


def _columns(inputs, op):
    """Each input's features per batch row (a list of arrays), sparse inputs first, and the batch size."""
    if type(inputs) is not list:
        raise TypeError("Inputs must be a list")
    if not all(isinstance(i, (SparseTensor, SparseTensorValue, Tensor)) for i in inputs):
        raise TypeError("All inputs must be SparseTensors")
    sparse = [as_sparse(i, op) for i in inputs if isinstance(i, (SparseTensor, SparseTensorValue))]
    dense = [convert(i) for i in inputs if type(i) is Tensor]
    batch = None
    columns = []
    for position, item in enumerate(sparse):
        indices, values, shape = components(item)
        if len(shape) != 2:
            raise invalid_argument(f"Expected D2 of index to be 2 got {len(shape)} at position {position}", op)
        batch = _check_batch(batch, shape[0], f"position {position}", op)
        rows = indices[:, 0].cpu().numpy()
        order = np.argsort(rows, kind="stable")
        host = _host_values(values)[order]
        bounds = np.searchsorted(rows[order], np.arange(shape[0] + 1))
        columns.append([host[bounds[r]:bounds[r + 1]] for r in range(shape[0])])
    for position, item in enumerate(dense):
        if item.ndim != 2:
            raise invalid_argument(f"Dense inputs should be a matrix but received shape "
                                   f"{list(item.shape)} at position {position}", op)
        batch = _check_batch(batch, item.shape[0], f"dense tensor {position}", op)
        host = _host_values(item)
        columns.append(list(host))
    return columns, batch or 0


def _check_batch(batch, size, where, op):
    if batch is not None and size != batch:
        raise invalid_argument(f"Expected batch size {batch} got {size} at {where}", op)
    return size


def _as_text(feature):
    return feature if isinstance(feature, bytes) else str(int(feature)).encode()


def _as_hash(features):
    """The uint64 hash of each feature: Fingerprint64 of a string, an int64 as it is."""
    if features.dtype == object:
        return fingerprint64(list(features))
    return features.astype(np.int64).view(np.uint64)


def _cross_result(rows, values):
    """The SparseTensor [batch, widest row] of each row's crosses ``rows`` (counts) and ``values``."""
    counts = np.array(rows, dtype=np.int64)
    row_index = np.repeat(np.arange(len(counts)), counts)
    starts = np.repeat(np.cumsum(counts) - counts, counts)
    indices = np.stack([row_index, np.arange(len(row_index)) - starts], 1) if len(row_index) else \
        np.zeros((0, 2), np.int64)
    device = context.current_device()
    shape = [len(counts), int(counts.max()) if len(counts) else 0]
    return from_components(torch.from_numpy(indices.astype(np.int64)).to(device), values, shape)


@export("sparse.cross")
def sparse_cross(inputs, name=None, separator=None):
    """The string crosses of each batch row's features (``separator``-joined, default "_X_"): a
    SparseTensor [batch, crosses]."""
    op = "SparseCross"
    separator = b"_X_" if separator is None else _as_bytes(separator, "separator", "SparseCrossV2")
    columns, batch = _columns(inputs, op)
    counts, values = [], []
    for row in range(batch):
        features = [[_as_text(f) for f in column[row]] for column in columns]
        crosses = [separator.join(parts) for parts in itertools.product(*features)]
        counts.append(len(crosses))
        values += crosses
    return _cross_result(counts, string_array(values, (len(values),)))


@export("sparse.cross_hashed")
def sparse_cross_hashed(inputs, num_buckets=0, hash_key=None, name=None):
    """The hashed crosses of each batch row's features: FingerprintCat64 chained from ``hash_key``
    over the features' hashes, modulo ``num_buckets`` (int64 max when 0): a SparseTensor of int64."""
    op = "SparseCross"
    buckets = attr_int(num_buckets, "num_buckets", op, minimum=0)
    key = np.uint64(attr_int(hash_key or _DEFAULT_HASH_KEY, "hash_key", op) % 2 ** 64)
    columns, batch = _columns(inputs, op)
    counts, values = [], []
    for row in range(batch):
        hashes = [_as_hash(np.asarray(column[row])) for column in columns]
        grid = np.meshgrid(*hashes, indexing="ij") if all(len(h) for h in hashes) else []
        combined = np.full(grid[0].size if grid else 0, key, dtype=np.uint64)
        for part in grid:
            combined = fingerprint_cat64(combined, part.reshape(-1))
        counts.append(len(combined))
        values.append(combined % (np.uint64(buckets) if buckets else _INT64_MAX))
    flat = np.concatenate(values).astype(np.int64) if values else np.zeros(0, np.int64)
    return _cross_result(counts, torch.from_numpy(flat).to(context.current_device()))


# --- edit_distance ------------------------------------------------------------------------------------

def _levenshtein(first, second):
    """The edit distance of two 1-D arrays, one NumPy step per element of ``first``."""
    if not len(first) or not len(second):
        return max(len(first), len(second))
    steps = np.arange(len(second) + 1)
    previous = steps.copy()
    for index, item in enumerate(first, 1):
        substitution = previous[:-1] + (second != item)
        current = np.empty_like(previous)
        current[0] = index
        current[1:] = np.minimum(previous[1:] + 1, substitution)
        current = np.minimum.accumulate(current - steps) + steps  # insertions along the row
        previous = current
    return int(previous[-1])


def _sequences(sparse):
    """The sorted indices, values and shape of a SparseTensor, and the start of each sequence."""
    indices, values, shape = components(sparse)
    indices, values = reordered(indices, values, shape)
    host = values if type(values) is np.ndarray else values.detach().cpu().numpy()
    return indices.cpu().numpy(), host, shape


@export("edit_distance")
def edit_distance(hypothesis, truth, normalize=True, name="edit_distance"):
    """The Levenshtein distance between the sequences (along the last dimension) of ``hypothesis``
    and ``truth`` at each index of their other dimensions, divided by the truth's length when
    ``normalize``: a float32 tensor."""
    op = "EditDistance"
    if not isinstance(hypothesis, (SparseTensor, SparseTensorValue)):
        raise TypeError("Hypothesis must be a SparseTensor.")
    if not isinstance(truth, (SparseTensor, SparseTensorValue)):
        raise TypeError("Truth must be a SparseTensor.")
    hypothesis, truth = as_sparse(hypothesis, op), as_sparse(truth, op)
    if dtype_of(truth._values._t) != dtype_of(hypothesis._values._t):
        raise dtype_mismatch(op, 4, dtype_of(hypothesis._values._t), dtype_of(truth._values._t))
    h_indices, h_values, h_shape = _sequences(hypothesis)
    t_indices, t_values, t_shape = _sequences(truth)
    if len(h_shape) != len(t_shape):
        raise invalid_argument(f"Expected truth and hypothesis to have matching ranks, but their shapes are: "
                               f"[{len(t_shape)}] and [{len(h_shape)}]", op)
    out_shape = [max(h, t) for h, t in zip(h_shape[:-1], t_shape[:-1])]
    size = int(np.prod(out_shape, dtype=np.int64))
    if size == 0:
        raise invalid_argument(f"Got output shape [{','.join(map(str, out_shape))}] which has 0 elements", op)
    check_size(out_shape, op, torch.float32, context.current_device())
    output = np.zeros(size, dtype=np.float32)
    h_groups = _group_map(h_indices, out_shape)
    t_groups = _group_map(t_indices, out_shape)
    for group in h_groups.keys() | t_groups.keys():
        if not 0 <= group < size:  # an index out of its dimension's bounds
            raise errors.InternalError(None, None, f"Got an inner product {group} which would require writing to "
                                                   f"outside of the buffer for the output tensor (max elements "
                                                   f"{size}) [Op:{op}]")
        h_seq = h_values[h_groups[group]] if group in h_groups else h_values[:0]
        t_seq = t_values[t_groups[group]] if group in t_groups else t_values[:0]
        distance = np.float32(_levenshtein(h_seq, t_seq))
        if normalize:
            distance = np.float32(np.inf) if not len(t_seq) else distance / np.float32(len(t_seq))
        output[group] = distance
    return wrap(torch.from_numpy(output.reshape(out_shape)).to(context.current_device()))


def _group_map(indices, out_shape):
    """{linear index of the leading dimensions: slice of its entries} for sorted ``indices``."""
    if not len(indices):
        return {}
    linear = linear_positions(torch.from_numpy(indices[:, :-1]), out_shape).numpy()
    starts = np.flatnonzero(np.r_[True, linear[1:] != linear[:-1]])
    ends = np.r_[starts[1:], len(linear)]
    return {int(linear[s]): slice(int(s), int(e)) for s, e in zip(starts, ends)}
