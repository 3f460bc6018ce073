"""Reading TensorFlow's V2 checkpoints (tensor bundles) without TensorFlow.

A checkpoint ``PREFIX`` is ``PREFIX.index``, an SSTable (LevelDB's table format as TF's lib/io writes
it) mapping each tensor's name to a ``BundleEntryProto`` (the empty key holds the
``BundleHeaderProto``), and ``PREFIX.data-NNNNN-of-MMMMM`` shards holding the raw little-endian
bytes each entry points at.  Every table block carries a masked CRC32C of its bytes, and every entry
the masked CRC32C of its tensor's bytes: both are checked (``google-crc32c``), and any damage is a
DataLossError naming the file.  The protos are parsed by the protobuf runtime
(``_src/protos/checkpoint.py``); the table's block and footer layout is read here.

Table layout: ``[data blocks][index block][metaindex block][footer]``; a block is its entries, an
array of restart offsets (uint32) and their count (uint32), followed by a 5-byte trailer (compression
type, masked CRC32C of the block and that byte); an entry is ``shared key length, unshared length,
value length`` (varints), the unshared key bytes and the value.  The 48-byte footer holds the
metaindex and index block handles (offset, size: varints) and the magic number 0xdb4775248b80fb57.

A partitioned variable (TF 1.x ``get_variable(..., partitioner=...)`` saved by a Saver) is an entry
under its name with its full shape and dtype and one ``TensorSliceProto`` per part in ``slices``; each
part is an entry of its own under TF's ``EncodeTensorNameSlice`` key (OrderedCode: the number 0, the
name, the rank, then each dimension's start and length, -1 for a whole dimension).  Reading the name
gives the whole variable, assembled from its parts, as TF's reader shows it.
"""

import os
import struct

import numpy as np
import torch

from ..framework.errors import DataLossError, NotFoundError, UnimplementedError
from ..protos.checkpoint import TENSOR_BUNDLE, TRACKABLE_OBJECT_GRAPH
from .file_format import checkpoint_not_found

OBJECT_GRAPH_KEY = "_CHECKPOINTABLE_OBJECT_GRAPH"
_MAGIC = 0xDB4775248B80FB57
_FOOTER_SIZE = 48
_MASK_DELTA = 0xA282EAD8
_DT_STRING = 7
_DT_BFLOAT16 = 14
_NUMPY_TYPES = {1: np.float32, 2: np.float64, 3: np.int32, 4: np.uint8, 5: np.int16, 6: np.int8, 8: np.complex64,
                9: np.int64, 10: np.bool_, 17: np.uint16, 18: np.complex128, 19: np.float16, 22: np.uint32,
                23: np.uint64}


def masked_crc32c(data):
    import google_crc32c
    crc = google_crc32c.value(bytes(data))
    return (((crc >> 15) | (crc << 17)) + _MASK_DELTA) & 0xFFFFFFFF


def is_tf_checkpoint(prefix):
    return os.path.isfile(os.fspath(prefix) + ".index")


def refuse_v1_checkpoint(prefix):
    """UnimplementedError when ``prefix`` is itself a table file: TF's V1 checkpoint format (one SSTable of
    SavedTensorSlices, written by Saver(write_version=V1)), which tfcompat does not read."""
    path = os.fspath(prefix)
    try:
        with open(path, "rb") as stream:
            stream.seek(-8, os.SEEK_END)
            tail = stream.read(8)
    except OSError:  # absent, a directory, shorter than 8 bytes
        return
    if struct.unpack("<Q", tail)[0] == _MAGIC:
        raise UnimplementedError(None, None, f"{path} is a TensorFlow V1-format checkpoint (a table of "
                                             f"SavedTensorSlices), which tfcompat does not read; re-save it "
                                             f"with TensorFlow's V2 format (tf.train.Saver's default)")


class _Corrupt(Exception):
    """A structural problem found while parsing; becomes a DataLossError naming the file."""


def _varint(data, position):
    result, shift = 0, 0
    while True:
        if position >= len(data) or shift > 63:
            raise _Corrupt("truncated or overlong varint")
        byte = data[position]
        position += 1
        result |= (byte & 0x7F) << shift
        if byte < 0x80:
            return result, position
        shift += 7


def _block(data, handle):
    """The contents of the block at ``handle`` (offset, size), its checksum verified."""
    offset, size = handle
    end = offset + size
    if end + 5 > len(data):
        raise _Corrupt(f"block at offset {offset} of {size} bytes runs past the end of the file")
    contents, kind = data[offset:end], data[end]
    (stored,) = struct.unpack_from("<I", data, end + 1)
    if masked_crc32c(data[offset:end + 1]) != stored:
        raise _Corrupt(f"block checksum mismatch at offset {offset}")
    if kind != 0:
        raise UnimplementedError(None, None, f"compressed table blocks (type {kind}) are not supported")
    return contents


def _entries(block):
    """``[(key bytes, value bytes)]`` of a block."""
    if len(block) < 4:
        raise _Corrupt("block too short")
    (restarts,) = struct.unpack_from("<I", block, len(block) - 4)
    limit = len(block) - 4 - 4 * restarts
    if limit < 0:
        raise _Corrupt("bad restart count")
    found, key, position = [], b"", 0
    while position < limit:
        shared, position = _varint(block, position)
        unshared, position = _varint(block, position)
        value_length, position = _varint(block, position)
        if shared > len(key) or position + unshared + value_length > limit:
            raise _Corrupt("entry runs past its block")
        key = key[:shared] + block[position:position + unshared]
        position += unshared
        found.append((key, block[position:position + value_length]))
        position += value_length
    return found


def _handle(data, position):
    offset, position = _varint(data, position)
    size, position = _varint(data, position)
    return (offset, size), position


def read_table(data):
    """``{key: value}`` of an SSTable's bytes."""
    if len(data) < _FOOTER_SIZE:
        raise _Corrupt(f"file of {len(data)} bytes is shorter than a table footer")
    footer = data[-_FOOTER_SIZE:]
    if struct.unpack_from("<Q", footer, 40)[0] != _MAGIC:
        raise _Corrupt("not an SSTable (bad magic number)")
    _, position = _handle(footer, 0)  # the metaindex block: TF's bundles keep nothing there
    index_handle, _ = _handle(footer, position)
    table = {}
    for _, handle_bytes in _entries(_block(data, index_handle)):
        handle, _ = _handle(handle_bytes, 0)
        table.update(_entries(_block(data, handle)))
    return table


class Bundle:
    """A TF V2 checkpoint: ``entries`` ({name: BundleEntryProto}), tensors read and checked on demand."""

    def __init__(self, prefix):
        self.prefix = os.fspath(prefix)
        index_path = self.prefix + ".index"
        try:
            with open(index_path, "rb") as stream:
                data = stream.read()
        except FileNotFoundError:
            raise checkpoint_not_found(self.prefix) from None
        from google.protobuf.message import DecodeError
        try:
            table = read_table(data)
            header = TENSOR_BUNDLE.BundleHeaderProto.FromString(table.pop(b"", b""))
            self.entries, self._parts = {}, {}  # {name: entry}, {encoded slice key: entry}
            for key, value in table.items():
                entry = TENSOR_BUNDLE.BundleEntryProto.FromString(value)
                if key.startswith(b"\x00"):
                    self._parts[key] = entry
                else:
                    self.entries[key.decode("utf-8")] = entry
        except (_Corrupt, DecodeError, UnicodeDecodeError) as error:
            raise DataLossError(None, None, f"Checkpoint index {index_path} is corrupt: {error}") from None
        if header.endianness != 0:
            raise UnimplementedError(None, None, f"{index_path}: big-endian checkpoints are not supported")
        self.num_shards = max(header.num_shards, 1)

    def shape(self, name):
        return [dim.size for dim in self.entries[name].shape.dim]

    def dtype_enum(self, name):
        return self.entries[name].dtype

    def _bytes(self, name, checked=True, entry=None):
        entry = entry or self.entries[name]
        shard = f"{self.prefix}.data-{entry.shard_id:05d}-of-{self.num_shards:05d}"
        try:
            with open(shard, "rb") as stream:
                stream.seek(entry.offset)
                data = stream.read(entry.size)
        except FileNotFoundError:
            raise NotFoundError(None, None, f"Checkpoint data file {shard} of {self.prefix} not found") from None
        if len(data) != entry.size:
            raise DataLossError(None, None, f"Checkpoint data file {shard} is truncated: {name} needs bytes "
                                            f"{entry.offset}..{entry.offset + entry.size}")
        if checked:
            _check_crc(entry.crc32c, data, shard, name)
        return data, shard

    def numpy(self, name):
        """The tensor ``name`` as a NumPy array (tf.string: an object array of bytes, a scalar as bytes); a
        partitioned variable whole."""
        entry = self.entries[name]
        if entry.slices:
            return self._assembled(name, entry)
        value = self._array(name, entry)
        return value[()] if entry.dtype == _DT_STRING and value.ndim == 0 else value

    def _array(self, name, entry):
        shape, kind = [dim.size for dim in entry.shape.dim], entry.dtype
        data, shard = self._bytes(name, checked=kind != _DT_STRING, entry=entry)
        count = int(np.prod(shape)) if shape else 1
        if kind == _DT_STRING:
            strings = np.empty(count, dtype=object)
            strings[:] = _strings(data, count, shard, name, entry.crc32c)
            return strings.reshape(shape)
        if kind == _DT_BFLOAT16:
            return torch.frombuffer(bytearray(data), dtype=torch.bfloat16).reshape(shape).float().numpy()
        numpy_type = _NUMPY_TYPES.get(kind)
        if numpy_type is None:
            raise UnimplementedError(None, None, f"{name}: reading DataType {kind} is not supported")
        if len(data) != count * np.dtype(numpy_type).itemsize:
            raise DataLossError(None, None, f"{shard}: {name} has {len(data)} bytes for shape {shape}")
        return np.frombuffer(data, dtype=numpy_type).reshape(shape).copy()

    def _assembled(self, name, entry):
        """A partitioned variable: each of its parts read and put in place."""
        shape = [dim.size for dim in entry.shape.dim]
        whole, covered = None, 0
        for part in entry.slices:
            bounds = [(extent.start, extent.length if extent.HasField("length") else -1) for extent in part.extent]
            if len(bounds) != len(shape):
                raise DataLossError(None, None, f"{self.prefix}.index: a slice of {name} has rank {len(bounds)}, "
                                                f"the variable {len(shape)}")
            part_entry = self._parts.get(_slice_key(name, bounds))
            if part_entry is None:
                raise DataLossError(None, None, f"{self.prefix}.index: the slice {bounds} of {name} is missing")
            value = self._array(f"{name} slice {bounds}", part_entry)
            region = tuple(slice(start, dim if length < 0 else start + length)
                           for (start, length), dim in zip(bounds, shape))
            if whole is None:
                whole = np.empty(shape, dtype=value.dtype)
            try:
                whole[region] = value
            except ValueError:
                raise DataLossError(None, None, f"{self.prefix}.index: the slice {bounds} of {name} has shape "
                                                f"{list(value.shape)}") from None
            covered += value.size
        if whole is None or covered != whole.size:
            raise DataLossError(None, None, f"{self.prefix}.index: the slices of {name} do not cover its shape {shape}")
        return whole

    def value(self, name):
        """The tensor ``name`` as tfcompat holds it: a CPU torch tensor, or for tf.string an object ndarray
        of bytes (a scalar too)."""
        kind = self.dtype_enum(name)
        if kind == _DT_STRING:
            value = self.numpy(name)
            return np.array(value, dtype=object) if type(value) is bytes else value
        if kind == _DT_BFLOAT16:
            data, _ = self._bytes(name)
            return torch.frombuffer(bytearray(data), dtype=torch.bfloat16).reshape(self.shape(name)).clone()
        return torch.from_numpy(self.numpy(name))

    def object_graph(self):
        """The saved TrackableObjectGraph as tfcompat's dict form, or None for a name-based checkpoint."""
        if OBJECT_GRAPH_KEY not in self.entries:
            return None
        from google.protobuf.message import DecodeError
        try:
            proto = TRACKABLE_OBJECT_GRAPH.TrackableObjectGraph.FromString(self.numpy(OBJECT_GRAPH_KEY))
        except DecodeError as error:
            raise DataLossError(None, None, f"{self.prefix}: the object graph does not parse: {error}") from None
        return graph_from_proto(proto)


def _slice_key(name, bounds):
    """TF's EncodeTensorNameSlice: OrderedCode of 0, ``name``, the rank, each (start, length)."""
    key = b"\x00" + _escaped(name.encode("utf-8")) + b"\x00\x01" + _ordered_unsigned(len(bounds))
    for start, length in bounds:
        key += _ordered_signed(start) + _ordered_signed(length)
    return key


def _escaped(data):
    """OrderedCode's string escaping: 0x00 as 0x00 0xff, 0xff as 0xff 0x00."""
    return b"".join(b"\x00\xff" if byte == 0 else b"\xff\x00" if byte == 0xFF else bytes((byte,)) for byte in data)


def _ordered_unsigned(value):
    """OrderedCode's WriteNumIncreasing: a length byte, then the big-endian bytes without leading zeros."""
    body = value.to_bytes((value.bit_length() + 7) // 8, "big")
    return bytes((len(body),)) + body


_SIGNED_HEADERS = [b"", b"\x80", b"\xc0", b"\xe0", b"\xf0", b"\xf8", b"\xfc", b"\xfe", b"\xff", b"\xff\x80",
                   b"\xff\xc0"]


def _ordered_signed(value):
    """OrderedCode's WriteSignedNumIncreasing: ``length`` bytes of the two's-complement value whose leading
    bits (the header) say the length, one byte per 7 significant bits."""
    magnitude = ~value if value < 0 else value
    length = magnitude.bit_length() // 7 + 1
    body = bytearray((value & ((1 << (8 * length)) - 1)).to_bytes(length, "big"))
    for index, header in enumerate(_SIGNED_HEADERS[length]):
        body[index] ^= header
    return bytes(body)


def _check_crc(stored, data, shard, name):
    if masked_crc32c(data) != stored:
        raise DataLossError(None, None, f"Checksum does not match for {name} in {shard}: stored {stored}, "
                                        f"computed {masked_crc32c(data)}")


def _strings(data, count, shard, name, stored_crc):
    """TF's string tensor encoding: ``count`` varint64 lengths, a masked CRC32C of the lengths (each as a
    little-endian uint32, or uint64 past 2**32 - 1), then the bytes; the entry's CRC32C covers those
    lengths, that checksum and the bytes."""
    try:
        lengths, position = [], 0
        for _ in range(count):
            length, position = _varint(data, position)
            lengths.append(length)
        (stored,) = struct.unpack_from("<I", data, position)
    except (_Corrupt, struct.error):
        raise DataLossError(None, None, f"{shard}: string tensor {name} is corrupt") from None
    packed_lengths = b"".join(struct.pack("<I" if length <= 0xFFFFFFFF else "<Q", length) for length in lengths)
    if masked_crc32c(packed_lengths) != stored:
        raise DataLossError(None, None, f"{shard}: string lengths checksum mismatch for {name}")
    _check_crc(stored_crc, packed_lengths + data[position:], shard, name)
    position += 4
    strings = []
    for length in lengths:
        strings.append(bytes(data[position:position + length]))
        position += length
    return strings


def graph_from_proto(proto):
    return {"nodes": [{
        "children": [{"node_id": child.node_id, "local_name": child.local_name} for child in node.children],
        "attributes": [{"name": attribute.name, "full_name": attribute.full_name,
                        "checkpoint_key": attribute.checkpoint_key} for attribute in node.attributes],
        "slot_variables": [{"original_variable_node_id": slot.original_variable_node_id, "slot_name": slot.slot_name,
                            "slot_variable_node_id": slot.slot_variable_node_id} for slot in node.slot_variables],
    } for node in proto.nodes]}


def graph_to_proto(graph):
    proto = TRACKABLE_OBJECT_GRAPH.TrackableObjectGraph()
    for node in graph["nodes"]:
        saved = proto.nodes.add()
        for child in node.get("children", ()):
            saved.children.add(node_id=child["node_id"], local_name=child["local_name"])
        for attribute in node.get("attributes", ()):
            saved.attributes.add(name=attribute.get("name", ""), full_name=attribute.get("full_name", ""),
                                 checkpoint_key=attribute["checkpoint_key"])
        for slot in node.get("slot_variables", ()):
            saved.slot_variables.add(**slot)
    return proto
