"""tf.io.serialize_sparse, serialize_many_sparse and deserialize_many_sparse: a SparseTensor as three
serialized TensorProtos (indices, values, dense_shape), the bytes of TF's SerializeSparse kernels."""

import numpy as np
import torch

from ..framework import context, dtypes
from ..framework.dtypes import as_dtype
from ..framework.errors import UnimplementedError, invalid_argument, kernel_name
from ..framework.sparse_tensor import SparseTensor, SparseTensorValue, components, from_components
from ..framework.tensor import wrap
from ..framework.tensor_shape import TensorShape, shape_text
from ..protos.tensor import TENSOR
from ..registry import export
from .io_ops import proto_dtype, tensor_from_proto, tensor_proto_bytes
from .string_ops import string_array, string_input


def _sparse_input(sp_input):
    if isinstance(sp_input, SparseTensorValue):
        return SparseTensor.from_value(sp_input)
    if not isinstance(sp_input, SparseTensor):
        raise TypeError("Input must be a SparseTensor.")
    return sp_input


def _string_out_type(out_type, op):
    if as_dtype(out_type) != dtypes.string:
        raise UnimplementedError(None, None, f"{op} with out_type {as_dtype(out_type).name}: tfcompat serializes "
                                             "to tf.string only (it has no variant tensors)")


def _serialized(indices, values, dense_shape):
    shape = torch.tensor(dense_shape, dtype=torch.int64)
    return [tensor_proto_bytes(part, strings_as_content=True) for part in (indices, values, shape)]


@export("io.serialize_sparse", "serialize_sparse")
def serialize_sparse(sp_input, name=None, out_type=dtypes.string):
    """The three serialized TensorProtos of ``sp_input``, as a string vector."""
    _string_out_type(out_type, "SerializeSparse")
    indices, values, dense_shape = components(_sparse_input(sp_input))
    return wrap(string_array(_serialized(indices, values, dense_shape), (3,)))


@export("io.serialize_many_sparse", "serialize_many_sparse")
def serialize_many_sparse(sp_input, name=None, out_type=dtypes.string):
    """One serialized SparseTensor per row of the first dimension (the minibatch), as an [N, 3] string
    matrix: row ``r`` holds the entries whose first index is ``r``, without that index."""
    op = "SerializeManySparse"
    _string_out_type(out_type, op)
    indices, values, dense_shape = components(_sparse_input(sp_input))
    if len(dense_shape) < 2:
        raise invalid_argument(f"Rank of input SparseTensor should be > 1, but saw rank: {len(dense_shape)}", op)
    rows = indices[:, 0].cpu().numpy()
    rows_out = []
    for row in range(dense_shape[0]):
        entries = np.flatnonzero(rows == row)
        picked = torch.from_numpy(entries).to(indices.device)
        row_values = values[entries] if type(values) is np.ndarray else values[picked]
        rows_out.extend(_serialized(indices[picked, 1:], row_values, dense_shape[1:]))
    return wrap(string_array(rows_out, (dense_shape[0], 3)))


@export("io.deserialize_many_sparse", "deserialize_many_sparse")
def deserialize_many_sparse(serialized_sparse, dtype, rank=None, name=None):
    """The SparseTensors serialized in ``serialized_sparse`` ([..., 3]) joined into one whose leading
    dimensions are the serialized array's and whose other sizes are the largest of theirs; a single
    [3] vector is that one SparseTensor."""
    op = "DeserializeSparse"
    dtype = as_dtype(dtype)
    serialized = string_input(serialized_sparse, op)
    if serialized.ndim == 0 or serialized.shape[-1] != 3:
        raise invalid_argument(f"Serialized sparse should have 3 as the last dimension "
                               f"{shape_text(serialized.shape)}", op)
    if 0 in serialized.shape:
        raise invalid_argument(f"Serialized sparse should have at least 1 serialized tensor, but has a zero "
                               f"dimension {shape_text(serialized.shape)}", op)
    batch_shape = serialized.shape[:-1]
    parts = [_deserialized(item, position, dtype, op) for position, item in enumerate(serialized.reshape(-1, 3))]
    if not batch_shape:
        indices, values, dense_shape = parts[0]
    else:
        indices, values, dense_shape = _joined(parts, batch_shape, op)
    if rank is not None and int(rank) != indices.shape[1]:
        raise ValueError(f"Tensor's shape {TensorShape(list(indices.shape))} is not compatible with supplied "
                         f"shape {TensorShape([None, int(rank)])}.")
    return from_components(indices, values, dense_shape)


def _deserialized(item, position, dtype, op):
    """(indices, values, dense_shape) of one serialized SparseTensor, its values checked to be ``dtype``."""
    protos = []
    for data in item:
        proto = TENSOR.TensorProto()
        try:
            proto.ParseFromString(data)
        except Exception:  # noqa: BLE001 - protobuf's DecodeError and the bytes-type errors alike
            raise invalid_argument("Could not parse serialized proto", op) from None
        protos.append(proto)
    indices_proto, values_proto, shape_proto = protos
    stored = proto_dtype(values_proto)
    if stored != dtype:
        raise invalid_argument(f"Requested SparseTensor of type {kernel_name(dtype)} but "
                               f"SparseTensor[{position}].values.dtype() == {kernel_name(stored)}", op)
    indices = tensor_from_proto(indices_proto, proto_dtype(indices_proto))._t
    shape = tensor_from_proto(shape_proto, proto_dtype(shape_proto))._t
    if indices.dtype is not torch.int64 or indices.dim() != 2 or shape.dtype is not torch.int64 or shape.dim() != 1:
        raise invalid_argument(f"Serialized SparseTensor[{position}] does not hold an int64 index matrix and "
                               "shape vector", op)
    return indices, tensor_from_proto(values_proto, stored)._t, shape.tolist()


def _joined(parts, batch_shape, op):
    """One SparseTensor of the parts: each part's indices prefixed with its position in ``batch_shape``."""
    rank = len(parts[0][2])
    for position, (_, _, shape) in enumerate(parts):
        if len(shape) != rank:
            raise invalid_argument(f"Inconsistent shape across SparseTensors: rank prior to SparseTensor[{position}] "
                                   f"was: {rank} but rank of SparseTensor[{position}] is: {len(shape)}", op)
    device = context.current_device()
    positions = np.array(list(np.ndindex(*batch_shape)), dtype=np.int64).reshape(len(parts), len(batch_shape))
    indices = torch.cat([torch.cat([torch.from_numpy(positions[p]).expand(part.shape[0], -1), part.cpu()], dim=1)
                         for p, (part, _, _) in enumerate(parts)]).to(device)
    values = [part_values for _, part_values, _ in parts]
    if type(values[0]) is np.ndarray:
        values = np.concatenate(values)
    else:
        values = torch.cat([v.cpu() for v in values]).to(device)
    dense_shape = list(batch_shape) + [max(shape[d] for _, _, shape in parts) for d in range(rank)]
    return indices, values, dense_shape
