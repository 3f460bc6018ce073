"""Reading Keras's pickled dataset files without running their code.

The CIFAR batches are Python pickles and imdb.npz / reuters.npz hold object arrays (pickles inside
.npy members).  A pickle names the callables it runs, so plain ``pickle.load`` would run whatever a
tampered download names.  ``load_pickle`` allows only the NumPy callables an array's pickle needs
(they build arrays and dtypes, nothing else), plus latin1 text-to-bytes (how Python 3 writes bytes
under protocol 2), and raises ``pickle.UnpicklingError`` naming any other.
"""

import io
import pickle
import zipfile

import numpy as np

# (module, name) pairs an ndarray / dtype / NumPy scalar pickle refers to, under NumPy 1.x and 2.x
# module names; ``_frombuffer`` is what protocol 5 pickles of contiguous arrays call.
_ALLOWED = frozenset(
    [(module, "_reconstruct") for module in ("numpy.core.multiarray", "numpy._core.multiarray")]
    + [(module, "scalar") for module in ("numpy.core.multiarray", "numpy._core.multiarray")]
    + [(module, "_frombuffer") for module in ("numpy.core.numeric", "numpy._core.numeric")]
    + [("numpy", "ndarray"), ("numpy", "dtype")])


def _latin1_bytes(text, encoding):
    """Python 3 pickles bytes under protocol 2 as ``_codecs.encode(text, "latin1")``: that, and no other codec."""
    if not isinstance(text, str) or encoding not in ("latin1", "latin-1"):
        raise pickle.UnpicklingError(f"_codecs.encode({type(text).__name__}, {encoding!r}) is not allowed in a "
                                     f"dataset file: only latin1 text to bytes")
    return text.encode("latin1")


class _ArrayUnpickler(pickle.Unpickler):
    """An unpickler that builds plain Python containers and NumPy arrays, and calls nothing else."""

    def find_class(self, module, name):
        if (module, name) == ("_codecs", "encode"):
            return _latin1_bytes
        if (module, name) not in _ALLOWED:
            raise pickle.UnpicklingError(
                f"{module}.{name} is not allowed in a dataset file: tfcompat only rebuilds NumPy arrays and "
                f"Python containers from pickles (the file may be damaged or tampered with)")
        return super().find_class(module, name)


def load_pickle(file, encoding="ASCII"):
    """The object pickled in the binary ``file``, built with NumPy's array callables only."""
    try:
        return _ArrayUnpickler(file, encoding=encoding).load()
    except pickle.UnpicklingError:
        raise
    except (EOFError, ValueError, TypeError, AttributeError, IndexError, KeyError) as error:
        raise pickle.UnpicklingError(f"{getattr(file, 'name', 'the file')} is not a readable pickle: {error}") from None


def _read_npy(data, name):
    stream = io.BytesIO(data)
    version = np.lib.format.read_magic(stream)
    if version == (1, 0):
        shape, fortran_order, dtype = np.lib.format.read_array_header_1_0(stream)
    elif version == (2, 0):
        shape, fortran_order, dtype = np.lib.format.read_array_header_2_0(stream)
    else:
        raise ValueError(f"{name}: .npy format version {version} is not one Keras's files use")
    if not dtype.hasobject:
        return np.lib.format.read_array(io.BytesIO(data), allow_pickle=False)
    array = load_pickle(stream, encoding="latin1")  # latin1: what NumPy reads Python 2 array pickles with
    if not isinstance(array, np.ndarray) or array.shape != tuple(shape) or array.dtype != dtype:
        raise ValueError(f"{name}: the pickled array does not match its header (shape {shape}, dtype {dtype})")
    return array


def load_npz(path, names):
    """{name: array} of the members ``names`` of the .npz at ``path``; object arrays via ``load_pickle``."""
    with zipfile.ZipFile(path) as archive:
        present = set(archive.namelist())
        missing = [name for name in names if name + ".npy" not in present]
        if missing:
            raise ValueError(f"{path} has no {missing} arrays (it holds {sorted(present)})")
        return {name: _read_npy(archive.read(name + ".npy"), f"{path}:{name}") for name in names}
