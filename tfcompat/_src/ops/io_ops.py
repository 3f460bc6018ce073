"""tf.io's file and tensor-bytes ops: read_file, write_file, matching_files, decode_compressed, and the
TensorProto conversions serialize_tensor / parse_tensor (the bytes of TF's SerializeTensor kernel) and
make_tensor_proto / make_ndarray (TF's tensor_util rules)."""

import builtins
import glob as _glob
import os
import zlib

import numpy as np
import torch

from ..framework import context, dtypes
from ..framework.dtypes import as_dtype, dtype_of
from ..framework.errors import DataLossError, invalid_argument, kernel_name
from ..framework.tensor import Tensor, convert, is_tensor, wrap
from ..platform.gfile import _local, io_error
from ..protos.tensor import TENSOR
from ..framework.tensor_shape import shape_text
from ..registry import export
from .string_ops import string_array, string_input


def _scalar_string(value, op, name):
    strings = string_input(value, op)
    if strings.ndim != 0:
        raise invalid_argument(f"Input {name} tensor must be scalar, but had shape: {shape_text(strings.shape)}", op)
    return strings.item()


def _string_tensor(items, shape=()):
    return wrap(string_array(list(items), shape))


# --- files --------------------------------------------------------------------------------------------

@export("io.read_file", "read_file")
def read_file(filename, name=None):
    """The bytes of the file ``filename``: a scalar tf.string."""
    path = _scalar_string(filename, "ReadFile", "filename").decode("utf-8", "replace")
    try:
        with open(_local(path), "rb") as handle:
            return _string_tensor([handle.read()])
    except OSError as error:
        raise io_error(path, error) from None


@export("io.write_file", "write_file")
def write_file(filename, contents, name=None):
    """Writes the scalar string ``contents`` to the file ``filename``, creating its directory if needed."""
    path = _scalar_string(filename, "WriteFile", "filename").decode("utf-8", "replace")
    data = _scalar_string(contents, "WriteFile", "contents")
    local = _local(path)
    try:
        directory = os.path.dirname(local)
        if directory:
            os.makedirs(directory, exist_ok=True)
        with open(local, "wb") as handle:
            handle.write(data)
    except OSError as error:
        raise io_error(path, error) from None
    return None


@export("io.matching_files", "matching_files")
def matching_files(pattern, name=None):
    """The sorted names of the files matching the glob ``pattern`` (a scalar or a vector of patterns): 1-D."""
    patterns = string_input(pattern, "MatchingFiles")
    if patterns.ndim > 1:
        raise invalid_argument(f"Input patterns tensor must be scalar or vector, but had shape: "
                               f"{list(patterns.shape)}", "MatchingFiles")
    found = []
    for item in patterns.reshape(-1):
        text = item.decode("utf-8", "replace")
        local = _local(text)
        prefix = text[:len(text) - len(local)]
        found += [(prefix + match).encode("utf-8") for match in _glob.glob(local, include_hidden=True)]
    found.sort()
    return _string_tensor(found, (len(found),))


# --- decode_compressed --------------------------------------------------------------------------------

_WINDOW_BITS = {"ZLIB": zlib.MAX_WBITS, "GZIP": 16 + zlib.MAX_WBITS}


def _inflate(data, window_bits):
    try:
        decompressor = zlib.decompressobj(window_bits)
        return decompressor.decompress(data) + decompressor.flush()
    except zlib.error as error:  # "Error -3 while decompressing data: incorrect header check"
        text = str(error)
        code = text.split()[1] if text.startswith("Error ") else "?"
        reason = text.partition(": ")[2] or text
        raise DataLossError(None, None, f"inflate() failed with error {code}: {reason} [Op:DecodeCompressed]") \
            from None


@export("io.decode_compressed", "decode_compressed")
def decode_compressed(bytes, compression_type="", name=None):  # noqa: A002 - TF's parameter name
    """Each string of ``bytes`` decompressed (``compression_type`` "", "ZLIB" or "GZIP"), same shape."""
    kind = compression_type.decode() if isinstance(compression_type, (builtins.bytes, np.bytes_)) else compression_type
    if not isinstance(kind, str):
        raise TypeError(f"Expected string for argument 'compression_type' not {compression_type!r}.")
    if kind not in ("", "ZLIB", "GZIP"):
        raise invalid_argument("Only ZLIB, GZIP or NONE are supported compressions", "DecodeCompressed")
    strings = string_input(bytes, "DecodeCompressed")
    if not kind:
        return wrap(strings)
    bits = _WINDOW_BITS[kind]
    return _string_tensor((_inflate(item, bits) for item in strings.reshape(-1)), strings.shape)


# --- TensorProto --------------------------------------------------------------------------------------

def _new_proto(dtype, shape):
    proto = TENSOR.TensorProto(dtype=dtype.as_datatype_enum)
    proto.tensor_shape.SetInParent()  # TF always writes the shape, an empty message for a scalar
    for size in shape:
        proto.tensor_shape.dim.add(size=int(size))
    return proto


def _raw_bytes(backing):
    host = backing.detach().cpu().contiguous()
    return host.reshape(-1).view(torch.uint8).numpy().tobytes() if host.numel() else b""


@export("io.serialize_tensor", "serialize_tensor")
def serialize_tensor(tensor, name=None):
    """The serialized TensorProto of ``tensor`` (its raw bytes in tensor_content, strings in string_val), as
    TF's SerializeTensor writes it: a scalar tf.string."""
    return _string_tensor([tensor_proto_bytes(convert(tensor))])


def tensor_proto_bytes(backing, strings_as_content=False):
    """The serialized TensorProto of a backing (torch tensor, or a tf.string's object ndarray).  Strings go
    in string_val (TF's AsProtoField), or with ``strings_as_content`` in tensor_content (AsProtoTensorContent,
    as the SerializeSparse kernels write them)."""
    if type(backing) is np.ndarray:
        proto = _new_proto(dtypes.string, backing.shape)
        items = backing.reshape(-1).tolist()
        if not strings_as_content:
            proto.string_val.extend(items)
        elif items:
            proto.tensor_content = _encoded_strings(items)
    else:
        proto = _new_proto(dtype_of(backing), backing.shape)
        content = _raw_bytes(backing)
        if content:
            proto.tensor_content = content
    return proto.SerializeToString()


def _parse_proto(data, op):
    from google.protobuf.message import DecodeError
    proto = TENSOR.TensorProto()
    try:
        proto.ParseFromString(data)
    except DecodeError:
        raise invalid_argument(f"Could not parse `serialized` as TensorProto: '{data.decode('latin-1')}'", op) \
            from None
    return proto


def proto_dtype(proto):
    try:
        return dtypes.as_dtype(proto.dtype)
    except (TypeError, ValueError):
        raise TypeError(f"Unsupported tensor dtype enum {proto.dtype} in a TensorProto") from None


@export("io.parse_tensor", "parse_tensor")
def parse_tensor(serialized, out_type, name=None):
    """The tensor of a serialized TensorProto, which must hold ``out_type``."""
    op = "ParseTensor"
    dtype = as_dtype(out_type)
    strings = string_input(serialized, op)
    if strings.ndim != 0:
        raise invalid_argument(f"Expected `serialized` to be a scalar, got shape: {shape_text(strings.shape)}", op)
    proto = _parse_proto(strings.item(), op)
    stored = proto_dtype(proto)
    if stored != dtype:
        raise invalid_argument(f"Type mismatch between parsed tensor ({kernel_name(stored)}) and dtype "
                               f"({kernel_name(dtype)})", op)
    return tensor_from_proto(proto, stored)


def tensor_from_proto(proto, dtype):
    shape = [d.size for d in proto.tensor_shape.dim]
    if dtype == dtypes.string and proto.tensor_content:
        return wrap(string_array(_decoded_strings(proto.tensor_content, int(np.prod(shape, dtype=np.int64))), shape))
    if dtype == dtypes.string or dtype._torch is None or dtype._numpy is not None and not proto.tensor_content:
        array = make_ndarray(proto)
        if dtype == dtypes.string:
            return wrap(array)
        return wrap(torch.from_numpy(array.copy(order="C")).to(context.current_device()))
    count = int(np.prod(shape, dtype=np.int64))
    content = bytearray(proto.tensor_content)
    values = torch.frombuffer(content, dtype=dtype._torch) if content else torch.empty(0, dtype=dtype._torch)
    if values.numel() != count:
        raise invalid_argument(f"Could not parse a {dtype.name} tensor of shape {shape} from "
                               f"{len(content)} bytes", "ParseTensor")
    return wrap(values.reshape(shape).clone().to(context.current_device()))


def _encoded_strings(items):
    """TF's string-list encoding of tensor_content: every length as a varint, then every string."""
    lengths = bytearray()
    for item in items:
        length = len(item)
        while length >= 0x80:
            lengths.append(length & 0x7F | 0x80)
            length >>= 7
        lengths.append(length)
    return bytes(lengths) + b"".join(items)


def _decoded_strings(content, count):
    """The ``count`` strings of TF's string-list encoding (``_encoded_strings``)."""
    lengths, position = [], 0
    for _ in range(count):
        length = shift = 0
        while True:
            if position >= len(content):
                raise DataLossError(None, None, "Could not decode the strings of a TensorProto's tensor_content")
            byte = content[position]
            position += 1
            length |= (byte & 0x7F) << shift
            shift += 7
            if byte < 0x80:
                break
        lengths.append(length)
    if position + sum(lengths) != len(content):
        raise DataLossError(None, None, "Could not decode the strings of a TensorProto's tensor_content")
    items = []
    for length in lengths:
        items.append(bytes(content[position:position + length]))
        position += length
    return items


_CONTENT_TYPES = frozenset([dtypes.float16, dtypes.float32, dtypes.float64, dtypes.int32, dtypes.uint8, dtypes.int16,
                            dtypes.int8, dtypes.int64, dtypes.uint32, dtypes.uint64])
_VALUE_FIELDS = {dtypes.float32: "float_val", dtypes.float64: "double_val", dtypes.int32: "int_val",
                 dtypes.uint8: "int_val", dtypes.uint16: "int_val", dtypes.int16: "int_val", dtypes.int8: "int_val",
                 dtypes.int64: "int64_val", dtypes.bool_: "bool_val", dtypes.uint32: "uint32_val",
                 dtypes.uint64: "uint64_val", dtypes.complex64: "scomplex_val", dtypes.complex128: "dcomplex_val",
                 dtypes.float16: "half_val"}


def _array_of(values, dtype):
    """``values`` as a NumPy array by make_tensor_proto's rules (Python floats float32, ints int32 if they fit)."""
    if is_tensor(values):
        backing = convert(values)
        array = backing if type(backing) is np.ndarray else backing.detach().cpu().numpy()
        return array.astype(dtype._numpy) if dtype is not None and dtype._numpy is not None else array
    if isinstance(values, (np.ndarray, np.generic)):
        return values.astype(dtype._numpy) if dtype is not None and dtype._numpy is not None else np.asarray(values)
    if values is None:
        raise ValueError("None values not supported.")
    if dtype is not None:
        _check_compatible(values, dtype)
    try:
        array = np.array(values, dtype=dtype._numpy if dtype is not None else None)
    except (TypeError, ValueError, OverflowError) as error:
        raise TypeError(f"Failed to convert object of type {type(values)} to Tensor. Contents: {values}. "
                        f"{error}") from None
    if array.dtype.kind in "US":
        return np.array(np.vectorize(lambda s: s.encode() if isinstance(s, str) else s, otypes=[object])(array),
                        dtype=object)
    if dtype is None and array.dtype == np.float64:
        return array.astype(np.float32)
    if dtype is None and array.dtype == np.int64:
        narrow = array.astype(np.int32)
        return narrow if np.array_equal(narrow, array) else array
    return array


def _check_compatible(values, dtype):
    """TF 1.15's _AssertCompatible: a Python value of a kind ``dtype`` cannot hold is a TypeError."""
    if isinstance(values, (list, tuple)):
        for item in values:
            _check_compatible(item, dtype)
        return
    if dtype == dtypes.string:
        ok = isinstance(values, (str, builtins.bytes))
    elif dtype == dtypes.bool_:
        ok = isinstance(values, (bool, np.bool_))
    elif dtype.is_integer:
        ok = isinstance(values, (int, np.integer))
    elif dtype.is_floating:
        ok = isinstance(values, (int, float, np.integer, np.floating))
    elif dtype.is_complex:
        ok = isinstance(values, (int, float, complex, np.number))
    else:
        ok = True
    if not ok:
        raise TypeError(f"Expected {dtype.name}, got {values!r} of type '{type(values).__name__}' instead.")


@export("make_tensor_proto")
def make_tensor_proto(values, dtype=None, shape=None, verify_shape=False, allow_broadcast=False):
    """A TensorProto of ``values`` by TF's tensor_util rules: tensor_content for numeric arrays of more than one
    element, the typed value fields otherwise; a smaller ``values`` fills ``shape`` with its last element."""
    dtype = as_dtype(dtype) if dtype is not None else None
    array = _array_of(values, dtype)
    stored = dtypes.string if array.dtype == object else as_dtype(array.dtype)
    if dtype is not None and dtype != stored:
        raise TypeError(f"Incompatible types: {dtype!r} vs. {stored.name}. Value is {values}")
    if shape is None:
        shape, same_size = list(array.shape), True
    else:
        try:
            shape = [int(d) for d in shape]
            size = int(np.prod(shape, dtype=np.int64))
        except OverflowError:  # TF's own int() / np.prod raise it; the guard wants TF's classes
            raise ValueError(f"make_tensor_proto: the shape {shape} has a dimension no int64 holds") from None
        same_size = size == array.size
        if allow_broadcast:
            if array.shape not in ((1,), ()) and array.size != size:
                raise TypeError(f"Expected Tensor's shape: {tuple(shape)}, got {array.shape}.")
        else:
            if verify_shape and array.shape != tuple(shape):
                raise TypeError(f"Expected Tensor's shape: {tuple(shape)}, got {array.shape}.")
            if array.size > size:
                raise ValueError(f"Too many elements provided. Needed at most {size}, but received {array.size}")
    proto = _new_proto(stored, shape)
    if same_size and stored in _CONTENT_TYPES and array.size > 1:
        proto.tensor_content = np.ascontiguousarray(array).tobytes()
        return proto
    flat = array.reshape(-1)
    if stored == dtypes.string:
        proto.string_val.extend(flat.tolist())
    elif stored in (dtypes.complex64, dtypes.complex128):
        getattr(proto, _VALUE_FIELDS[stored]).extend(np.stack([flat.real, flat.imag], -1).reshape(-1).tolist())
    elif stored == dtypes.float16:
        proto.half_val.extend(flat.view(np.uint16).tolist())
    elif stored in _VALUE_FIELDS:
        getattr(proto, _VALUE_FIELDS[stored]).extend(flat.tolist())
    else:
        raise TypeError(f"Element type not supported in TensorProto: {stored.name}")
    return proto


@export("make_ndarray")
def make_ndarray(tensor):
    """The NumPy array a TensorProto holds (a short value list is padded with its last element)."""
    if isinstance(tensor, Tensor) or not hasattr(tensor, "tensor_shape"):
        raise TypeError(f"make_ndarray takes a TensorProto, not {type(tensor).__name__}")
    shape = [d.size for d in tensor.tensor_shape.dim]
    count = int(np.prod(shape, dtype=np.int64))
    dtype = proto_dtype(tensor)
    if dtype._numpy is None:
        raise TypeError(f"Unsupported tensor type: {dtype.name}")
    if tensor.tensor_content:
        return np.frombuffer(tensor.tensor_content, dtype=dtype._numpy).copy().reshape(shape)
    if dtype == dtypes.string:
        values = list(tensor.string_val)
        values += [values[-1] if values else b""] * (count - len(values))
        return np.array(values, dtype=object).reshape(shape)
    field = _VALUE_FIELDS.get(dtype)
    if field is None:
        raise TypeError(f"Unsupported tensor type: {dtype.name}")
    if dtype == dtypes.float16:
        values = np.array(list(tensor.half_val), dtype=np.uint16).view(np.float16)
    elif dtype in (dtypes.complex64, dtypes.complex128):
        pairs = np.array(list(getattr(tensor, field)), dtype=np.float64).reshape(-1, 2)
        values = (pairs[:, 0] + 1j * pairs[:, 1]).astype(dtype._numpy)
    else:
        values = np.array(list(getattr(tensor, field)), dtype=dtype._numpy)
    if values.size == 0:
        return np.zeros(shape, dtype=dtype._numpy)
    if values.size < count:
        values = np.pad(values, (0, count - values.size), "edge")
    return values[:count].reshape(shape)
