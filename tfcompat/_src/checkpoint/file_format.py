"""tfcompat's checkpoint file: one safetensors file, written atomically, validated before use.

``<prefix>.safetensors`` holds the tensors under their checkpoint keys (TF's keys: object-based
``model/layer_with_weights-0/kernel/.ATTRIBUTES/VARIABLE_VALUE`` or Saver's ``dense/kernel``) and, in
the safetensors header's metadata (string to string):

- ``format``: ``tfcompat-checkpoint``, ``version``: ``1``;
- ``object_graph``: JSON of the object graph (``{"nodes": [...]}``, TF's ``TrackableObjectGraph``
  fields) for object-based checkpoints, absent for name-based (Saver) ones;
- ``strings``: JSON list of the keys holding tf.string values, absent when there are none;
- ``crc32c``: CRC32C (hex, hardware-accelerated by ``google-crc32c``) of the other metadata (sorted
  JSON) and, per key in sorted order, of the key, dtype, shape and raw little-endian bytes of its tensor.

A tf.string value (a NumPy object array of bytes; safetensors holds numeric tensors only) is two
tensors: its key holds every element's bytes concatenated in row-major order (uint8, 1-D) and
``<key>:string_lengths`` each element's length (int64, the value's shape).  Both are plain tensors:
the bytes come back exactly, and decoding them runs nothing.

``safetensors.torch.load_file(path)`` reads the tensors with no tfcompat installed.  Writing goes to
a temporary file in the same directory, is flushed and fsync'ed, then renamed over the final name
(and the directory fsync'ed): a reader sees the old file or the new one, never a part; the temporaries
of killed writes are removed by the next write beside them, never one a live writer holds.  Reading
checks the header, every tensor and the digest before returning anything; a damaged file is a
DataLossError naming it.  Nothing in a file is executed: safetensors and JSON carry data only.
"""

import glob
import json
import os
import secrets
import struct
import time

import numpy as np
import torch

from ..framework.errors import DataLossError, NotFoundError, UnimplementedError
from ..platform.gfile import io_error

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None

SUFFIX = ".safetensors"
FORMAT = "tfcompat-checkpoint"
VERSION = "1"
STRING_LENGTHS = ":string_lengths"


def path_of(prefix):
    return os.fspath(prefix) + SUFFIX


def exists(prefix):
    return os.path.isfile(path_of(prefix))


def write(prefix, tensors, object_graph=None):
    """Write ``{key: torch tensor}`` (and the object graph) as ``<prefix>.safetensors``, atomically."""
    write_file(path_of(prefix), tensors, object_graph)
    return os.fspath(prefix)


def write_file(path, tensors, object_graph=None):
    """Write the checkpoint file ``path`` (any name), atomically."""
    from safetensors.torch import save_file

    prepared, strings = {}, []
    for key, tensor in tensors.items():
        if type(tensor) is np.ndarray:
            strings.append(key)
            prepared[key], prepared[key + STRING_LENGTHS] = _encoded_strings(key, tensor)
        elif type(tensor) is torch.Tensor:
            # no copy for a contiguous CPU storage: variables replace their storages, never change them in place
            prepared[key] = tensor.detach().to("cpu").contiguous()
        else:
            raise UnimplementedError(None, None, f"Cannot save {key}: tfcompat checkpoints hold tensors, not "
                                                 f"{type(tensor).__name__} values")
    if len(prepared) != len(tensors) + len(strings):
        raise UnimplementedError(None, None, f"Cannot save: a key ends in {STRING_LENGTHS!r}, which the string "
                                             f"values of {strings} use")
    metadata = {"format": FORMAT, "version": VERSION}
    if object_graph is not None:
        metadata["object_graph"] = json.dumps(object_graph, separators=(",", ":"))
    if strings:
        metadata["strings"] = json.dumps(sorted(strings))
    metadata["crc32c"] = _checksum(metadata, prepared)
    _atomic_write(os.fspath(path), lambda temporary: save_file(prepared, temporary, metadata=metadata))


def _encoded_strings(key, value):
    """(bytes, lengths) tensors of the tf.string value ``value`` (an object array of bytes)."""
    items = value.reshape(-1).tolist()
    if not all(type(item) is bytes for item in items):
        raise UnimplementedError(None, None, f"Cannot save {key}: an object array of bytes (tf.string) was expected")
    joined = b"".join(items)
    data = torch.frombuffer(bytearray(joined), dtype=torch.uint8) if joined else torch.zeros(0, dtype=torch.uint8)
    lengths = torch.tensor([len(item) for item in items], dtype=torch.int64).reshape(value.shape)
    return data, lengths


def _decoded_strings(path, key, tensors):
    """The tf.string value stored as ``key`` and its lengths (removed from ``tensors``)."""
    data, lengths = tensors.pop(key, None), tensors.pop(key + STRING_LENGTHS, None)
    if data is None or lengths is None or data.dtype != torch.uint8 or data.dim() != 1 \
            or lengths.dtype != torch.int64 or bool((lengths < 0).any()) or int(lengths.sum()) != data.numel():
        raise _corrupt(path, f"the string value {key} is malformed")
    raw, items, position = data.numpy().tobytes(), [], 0
    for length in lengths.reshape(-1).tolist():
        items.append(raw[position:position + length])
        position += length
    value = np.empty(len(items), dtype=object)
    value[:] = items
    return value.reshape(tuple(lengths.shape))


def _atomic_write(path, write):
    """``write(temporary)`` a file in a private locked folder next to ``path``, fsync it, rename it to
    ``path``, fsync the directory; then remove what killed writes left beside it
    (``remove_abandoned_temporaries``)."""
    directory = os.path.dirname(path) or "."
    folder = os.path.join(directory, f"{os.path.basename(path)}{TEMPORARY_MARK}{secrets.token_hex(8)}")
    try:
        if not os.path.exists(directory):
            os.makedirs(directory, exist_ok=True)
        lock = _create_locked_folder(folder)  # a file where the directory should be: ENOTDIR, as TF
    except OSError as error:  # the directory is a file, unwritable, ...: TF's error for the path
        raise io_error(error.filename or folder, error) from None
    temporary = os.path.join(folder, os.path.basename(path))
    try:
        write(temporary)
        descriptor = os.open(temporary, os.O_RDONLY | getattr(os, "O_BINARY", 0))
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)
        os.replace(temporary, path)
    except OSError as error:
        raise io_error(error.filename or path, error) from None
    finally:
        _remove_folder(folder)
        if lock is not None:
            os.close(lock)  # releases the lock
    sync_directory(directory)
    remove_abandoned_temporaries(path)


def atomic_write_text(path, text):
    """Write ``text`` to ``path`` atomically (the checkpoint state file)."""
    def write(temporary):
        with open(temporary, "w", encoding="utf-8") as stream:
            stream.write(text)
    _atomic_write(path, write)


# --- temporaries of killed writes ---------------------------------------------------------------------
# A write goes through a private folder, ``NAME.tmp<16 hex>/NAME``; a write killed before its rename
# (SIGKILL, power loss) leaves that folder.  Each writer holds an exclusive flock on its folder from the
# moment it makes it (before writing a byte) until the folder is gone, and the kernel drops the lock when
# the writer dies.  After each successful write, the folders of the same scheme in its directory (any
# ``*.safetensors.tmp*`` beside a checkpoint, ``NAME.tmp*`` beside another file) whose lock can be taken
# were abandoned and are removed; a locked one belongs to a live writer (another thread or process) and
# is left alone, and so is an empty one younger than ABANDONED_EMPTY_AGE (made, not yet locked).  Plain
# files are never removed.  Where flock is missing (Windows) nothing is.  TF itself leaves the
# ``.tempstate`` files of killed saves behind.

TEMPORARY_MARK = ".tmp"
ABANDONED_EMPTY_AGE = 60.0  # seconds


def _create_locked_folder(folder):
    os.mkdir(folder)
    if fcntl is None:
        return None
    lock = os.open(folder, os.O_RDONLY)
    fcntl.flock(lock, fcntl.LOCK_EX)
    return lock


def _remove_folder(folder):
    for name in os.listdir(folder) if os.path.isdir(folder) else ():
        try:
            os.unlink(os.path.join(folder, name))
        except OSError:
            pass
    try:
        os.rmdir(folder)
    except OSError:
        pass


def remove_abandoned_temporaries(path):
    """Remove the folders of killed writes beside ``path`` (see above); returns their names."""
    if fcntl is None:
        return []
    directory, name = os.path.split(os.fspath(path))
    stem = "*" + SUFFIX if name.endswith(SUFFIX) else glob.escape(name)
    removed = []
    for candidate in glob.glob(os.path.join(glob.escape(directory or "."), stem + TEMPORARY_MARK + "[0-9a-f]" * 16)):
        if os.path.isdir(candidate) and not os.path.islink(candidate) and _remove_if_abandoned(candidate):
            removed.append(candidate)
    return removed


def _remove_if_abandoned(folder):
    try:
        lock = os.open(folder, os.O_RDONLY)
    except OSError:
        return False
    try:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:  # a live writer holds it
            return False
        if not os.listdir(folder) and time.time() - os.fstat(lock).st_mtime < ABANDONED_EMPTY_AGE:
            return False
        _remove_folder(folder)
        return not os.path.exists(folder)
    except OSError:
        return False
    finally:
        os.close(lock)


def sync_directory(directory):
    try:
        descriptor = os.open(directory, os.O_RDONLY)
    except OSError:  # platforms without directory handles (Windows)
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)


class Contents:
    """A validated checkpoint: ``tensors`` ({key: CPU torch tensor, or for tf.string an object ndarray of
    bytes}), ``object_graph`` (dict or None)."""

    __slots__ = ("path", "tensors", "object_graph")

    def __init__(self, path, tensors, object_graph):
        self.path = path
        self.tensors = tensors
        self.object_graph = object_graph


def checkpoint_not_found(prefix):
    """TF's error for a checkpoint prefix with no files (its TensorSliceReader's text), for either format."""
    return NotFoundError(None, None, f"Unsuccessful TensorSliceReader constructor: Failed to find any matching "
                                     f"files for {prefix}")


def read(prefix):
    """The contents of ``<prefix>.safetensors``, checked whole; NotFoundError or DataLossError."""
    path = path_of(prefix)
    try:
        with open(path, "rb") as stream:
            data = stream.read()
    except FileNotFoundError:
        raise checkpoint_not_found(prefix) from None
    except IsADirectoryError:
        raise NotFoundError(None, None, f"{path} is a directory, not a checkpoint file") from None
    metadata = _metadata(path, data)
    from safetensors import SafetensorError
    from safetensors.torch import load

    try:
        tensors = load(data)
    except (SafetensorError, ValueError, RuntimeError, OverflowError, MemoryError) as error:
        raise _corrupt(path, f"its tensors cannot be read ({error})") from None
    expected = metadata.pop("crc32c", None)
    if expected is None or expected != _checksum(metadata, tensors):
        raise _corrupt(path, "checksum mismatch (CRC32C of its metadata and tensors)")
    try:
        strings = json.loads(metadata.get("strings", "[]"))
    except ValueError:
        raise _corrupt(path, "its list of string values is not valid JSON") from None
    if not isinstance(strings, list) or not all(isinstance(key, str) for key in strings):
        raise _corrupt(path, "its list of string values is malformed")
    for key in strings:
        tensors[key] = _decoded_strings(path, key, tensors)
    object_graph = None
    if "object_graph" in metadata:
        try:
            object_graph = json.loads(metadata["object_graph"])
        except ValueError:
            raise _corrupt(path, "its object graph is not valid JSON") from None
        if not _is_graph(object_graph):
            raise _corrupt(path, "its object graph is malformed")
    return Contents(path, tensors, object_graph)


def _metadata(path, data):
    """The header's metadata, checked to be tfcompat's format (a safetensors file: 8-byte length, JSON)."""
    if len(data) < 8:
        raise _corrupt(path, f"truncated to {len(data)} bytes")
    (length,) = struct.unpack("<Q", data[:8])
    if length > len(data) - 8:
        raise _corrupt(path, f"truncated: its header claims {length} bytes, {len(data) - 8} remain")
    try:
        header = json.loads(data[8:8 + length].decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise _corrupt(path, "its header is not valid JSON") from None
    metadata = header.get("__metadata__") if isinstance(header, dict) else None
    if not isinstance(metadata, dict) or metadata.get("format") != FORMAT:
        raise _corrupt(path, "it is not a tfcompat checkpoint (no tfcompat-checkpoint metadata)")
    if metadata.get("version") != VERSION:
        raise _corrupt(path, f"unknown tfcompat checkpoint version {metadata.get('version')!r}")
    return dict(metadata)


def _is_graph(graph):
    if not isinstance(graph, dict) or not isinstance(graph.get("nodes"), list):
        return False
    count = len(graph["nodes"])
    for node in graph["nodes"]:
        if not isinstance(node, dict):
            return False
        for child in node.get("children", []):
            if not (isinstance(child, dict) and isinstance(child.get("local_name"), str)
                    and type(child.get("node_id")) is int and 0 <= child["node_id"] < count):
                return False
        for attribute in node.get("attributes", []):
            if not (isinstance(attribute, dict) and isinstance(attribute.get("checkpoint_key"), str)):
                return False
        for slot in node.get("slot_variables", []):
            if not (isinstance(slot, dict) and isinstance(slot.get("slot_name"), str)
                    and all(type(slot.get(field)) is int and 0 <= slot[field] < count
                            for field in ("original_variable_node_id", "slot_variable_node_id"))):
                return False
    return True


def _checksum(metadata, tensors):
    """CRC32C (hex) of the metadata as sorted JSON, then per key in sorted order of the key, dtype, shape and
    raw bytes of its tensor."""
    import google_crc32c
    checksum = google_crc32c.Checksum(json.dumps(metadata, sort_keys=True).encode("utf-8"))
    for key in sorted(tensors):
        tensor = tensors[key]
        checksum.update(json.dumps([key, str(tensor.dtype), list(tensor.shape)]).encode("utf-8"))
        checksum.update(tensor.contiguous().reshape(-1).view(torch.uint8).numpy().tobytes())
    return checksum.hexdigest().decode("ascii")


def _corrupt(path, problem):
    return DataLossError(None, None, f"Checkpoint file {path} is corrupt: {problem}")
