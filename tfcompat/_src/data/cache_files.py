"""``Dataset.cache(filename)``: the first complete pass written to a file, later passes read it.

The file (``<filename>.tfcompat_cache``) is a sequence of ``.npy`` records, never pickles:
each tensor component as one array, a tf.string component as its byte lengths and its
concatenated bytes, a tf.SparseTensor component as its indices, values and dense shape.
It is written under a lock file and renamed into place when the pass completes, so an
interrupted pass leaves no cache behind.
"""

import os

import numpy as np
import torch

from ..framework import dtypes
from ..framework.errors import AlreadyExistsError
from ..framework.sparse_tensor import SparseTensor, components, from_components
from . import structure
from .structure import Failed, SparseSpec


def file_cached(dataset, filename):
    path = filename + ".tfcompat_cache"
    if os.path.exists(path):
        return _read(path, dataset._spec)
    return _write(dataset, filename, path)


def _write(dataset, filename, path):
    lock = filename + ".lockfile"
    try:
        handle = os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
    except FileExistsError:
        raise AlreadyExistsError(
            None, None, f"There appears to be a concurrent caching iterator running - cache lockfile already "
            f"exists ('{lock}'). If you are sure no other running TF computations are using this cache prefix, "
            f"delete the lockfile and re-initialize the iterator.") from None
    os.close(handle)
    temporary = path + ".tmp"
    complete = False
    try:
        with open(temporary, "wb") as out:
            for element in dataset._elements():
                if type(element) is not Failed:
                    for leaf in structure.flatten(element):
                        _save(out, leaf)
                yield element
        complete = True
    finally:
        if complete:
            os.replace(temporary, path)
        elif os.path.exists(temporary):
            os.remove(temporary)
        os.remove(lock)


def _save(out, leaf):
    if type(leaf) is SparseTensor:
        for part in components(leaf)[:2]:
            _save(out, part)
        _save(out, leaf.dense_shape._t)
        return
    if type(leaf) is np.ndarray:  # tf.string
        data = [bytes(item) for item in leaf.ravel()]
        np.save(out, np.array([len(item) for item in data], dtype=np.int64).reshape(leaf.shape))
        np.save(out, np.frombuffer(b"".join(data), dtype=np.uint8))
        return
    value = leaf.detach().cpu()
    np.save(out, (value.float() if value.dtype is torch.bfloat16 else value).numpy(), allow_pickle=False)


def _read(path, spec):
    leaves = structure.spec_leaves(spec)
    with open(path, "rb") as source:
        end = os.fstat(source.fileno()).st_size
        while source.tell() < end:
            yield structure.pack_spec(spec, [_load_leaf(source, leaf) for leaf in leaves])


def _load_leaf(source, leaf):
    if type(leaf) is SparseSpec:
        indices = _load(source, dtypes.int64)
        values = _load(source, leaf.dtype)
        return from_components(indices, values, _load(source, dtypes.int64))
    return _load(source, leaf.dtype)


def _load(source, dtype):
    array = np.load(source, allow_pickle=False)
    if dtype.name == "string":
        data = np.load(source, allow_pickle=False).tobytes()
        offsets = np.concatenate([[0], np.cumsum(array.ravel())])
        items = [data[offsets[i]:offsets[i + 1]] for i in range(array.size)]
        out = np.empty(array.size, dtype=object)
        out[:] = items
        return out.reshape(array.shape)
    tensor = torch.from_numpy(array)
    return tensor.to(torch.bfloat16) if dtype.name == "bfloat16" else tensor
