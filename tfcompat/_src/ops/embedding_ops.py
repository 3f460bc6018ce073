"""tf.nn.embedding_lookup and its relatives: row gathers with TF's partition strategies and max_norm."""

import numpy as np
import torch

from ..eager.recording import record_gather
from ..framework import context
from ..framework.errors import invalid_argument
from ..framework.kernel_dtypes import INDEX, INDEX_DTYPES
from ..framework.tensor import convert, dtype_mismatch, dtype_of, translate_error, wrap
from ..registry import PARTIAL, export
from .nn_ops import (
    _EXP, _EXP_NAMES, _MUL, _MUL_NAMES, _REAL_NAMES, _REALS, _check, _dims, _first_bad, _input, _on, _same_dtype,
    _sum)

_state = context.state


# --- embeddings ------------------------------------------------------------------------------------------------

def _gather_rows(table, ids, op_name="GatherV2"):
    """table[ids]: out-of-range ids raise on the CPU and give zero rows on a GPU, like TF's gather.

    A tf.string table (an object ndarray) is gathered by NumPy.
    """
    if table.ndim == 0:
        raise invalid_argument("params must be at least 1 dimensional", op_name)
    rows = _on(table, ids).reshape(-1)
    limit = table.shape[0]
    strings = type(table) is np.ndarray
    if not strings and table.is_cuda:
        if limit == 0:  # every id is out of range (and row 0 does not exist to stand in for them)
            result = table.new_zeros((rows.shape[0],) + tuple(table.shape[1:]))
        else:  # out-of-range ids must never reach the kernel: a device-side assert ends the process' CUDA
            valid = (rows >= 0) & (rows < limit)
            safe_rows = torch.where(valid, rows, 0)
            result = _index_rows(table, safe_rows)
            result = result * valid.reshape((-1,) + (1,) * (table.dim() - 1)).to(result.dtype)
    else:
        position = _first_bad(rows, limit)
        if position is not None:
            where = ",".join(str(int(i)) for i in np.unravel_index(position, tuple(ids.shape)))
            raise invalid_argument(f"indices{f'[{where}]' if where else ''} = {int(rows[position])} is not "
                                   f"in [0, {limit})", op_name)
        result = table[rows.cpu().numpy()] if strings else _index_rows(table, rows)
    return result.reshape(tuple(ids.shape) + tuple(table.shape[1:]))


def _index_rows(table, rows):
    """torch.index_select on rows, noted for the recording tapes (TF's gather gradient is IndexedSlices)."""
    result = torch.index_select(table, 0, rows)
    if table.requires_grad and _state.tapes:
        record_gather(table, rows, result)
    return result


def _partition_rows(ids, sizes, strategy):
    """Flat row numbers into the concatenated partitions for TF's 'mod' / 'div' strategies."""
    count = len(sizes)
    total = sum(sizes)
    if strategy == "mod":
        partition, local = ids % count, ids // count
    elif strategy == "div":
        per, extras = divmod(total, count)
        partition = torch.maximum(ids // (per + 1), (ids - extras) // max(per, 1))
        local = torch.where(partition < extras, ids % (per + 1), (ids - extras) % max(per, 1))
    else:
        raise ValueError(f"Unrecognized partition strategy: {strategy}")
    offsets = torch.tensor([0] + list(np.cumsum(sizes)[:-1]), dtype=ids.dtype, device=ids.device)
    return offsets[partition] + local


def _concat_partitions(parts):
    """(the partitions of a sharded embedding concatenated, their sizes), with ConcatV2's checks."""
    first = parts[0]
    for index, part in enumerate(parts):
        if part.dtype != first.dtype:
            raise dtype_mismatch("ConcatV2", index, dtype_of(first), dtype_of(part))
        if part.ndim == 0:
            raise invalid_argument("params must be at least 1 dimensional", "GatherV2")
        if part.shape[1:] != first.shape[1:]:
            what = "Ranks of all input tensors" if part.ndim != first.ndim else "Dimensions of inputs"
            raise invalid_argument(f"ConcatOp : {what} should match: shape[0] = {_dims(first.shape)} vs. "
                                   f"shape[{index}] = {_dims(part.shape)}", "ConcatV2")
    if type(first) is np.ndarray:
        return np.concatenate(parts), [p.shape[0] for p in parts]
    return torch.cat([_on(first, p) for p in parts]), [p.shape[0] for p in parts]


_CLIP_KERNELS = (("Mul", _MUL, _MUL_NAMES), ("Greater", _REALS, _REAL_NAMES), ("Sqrt", _EXP, _EXP_NAMES))


@export("nn.embedding_lookup", status=PARTIAL,
        note="Gradients are dense (TF returns IndexedSlices); partitioned params are concatenated per call.")
def embedding_lookup(params, ids, partition_strategy="mod", name=None, validate_indices=True, max_norm=None):
    """Rows of ``params`` (a tensor or a list of partitions) selected by ``ids``."""
    tables = list(params) if isinstance(params, (list, tuple)) else [params]
    if not tables:
        raise ValueError("Need at least one param")
    i = _input(ids, "GatherV2", INDEX_DTYPES, INDEX, attr="Tindices")
    if len(tables) == 1:
        result = _gather_rows(convert(tables[0]), i)
    else:
        table, sizes = _concat_partitions([convert(t) for t in tables])
        ids64 = i.to(torch.int64)
        valid = (ids64 >= 0) & (ids64 < table.shape[0])  # out-of-range ids are passed on unmapped
        rows = torch.where(valid, _partition_rows(ids64, sizes, partition_strategy), ids64)
        result = _gather_rows(table, rows)
    if max_norm is not None:  # TF's clip_by_norm: Mul, Greater and Sqrt kernels
        for op_name, types, names in _CLIP_KERNELS:
            _check(result, op_name, types, names)
        limit = _same_dtype(result, max_norm, "Mul")
        dims = tuple(range(i.dim(), result.dim()))
        square_sum = _sum(result.square(), dims, True)  # no dims (scalar rows): elementwise
        positive = square_sum > 0
        norm = torch.where(positive, torch.where(positive, square_sum, 1).sqrt(), square_sum)
        try:
            result = result * limit / torch.clamp_min(norm, limit)
        except RuntimeError as error:
            raise translate_error(error, "Mul", result, limit) from None
    return wrap(result)
