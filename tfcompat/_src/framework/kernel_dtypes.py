"""Which dtypes each TF kernel accepts, and TF's error for a dtype it refuses.

The lists are TF's allowed-type lists (attr 'T', 'Tidx', 'Tindices' ...), spelled and
ordered as TF's kernels print them in "Value for attr 'T' of int32 is not in the list of
allowed values: ..." (the order differs between kernel families, so one set of dtypes
can have two spellings).  ``allowed(text)`` pairs a list with the backing dtypes it
admits; quantized and variant types have no torch twin and admit nothing.
"""

import numpy as np

from .dtypes import TORCH_TO_TF, bool_, dtype_of, kernel_name
from .errors import attr_error, dtype_mismatch

_KINDS = {kernel_name(d): d._torch for d in TORCH_TO_TF.values()}
_KINDS["string"] = np.dtype(object)  # the .dtype of a tf.string backing array

# --- elementwise math kernels (attr 'T') -----------------------------------------------------------
FLOAT = "bfloat16, half, float, double"
FLOAT_COMPLEX = FLOAT + ", complex64, complex128"
SIGNED = "bfloat16, half, float, double, int8, int16, int32, int64, complex64, complex128"
ABS = "bfloat16, half, float, double, int8, int16, int32, int64"
SQUARE = ("bfloat16, half, float, double, int8, int16, int32, int64, uint8, uint16, uint32, uint64, "
          "complex64, complex128")
ADD = "bfloat16, half, float, double, uint8, int8, int16, int32, int64, complex64, complex128, string"
SUB = ("bfloat16, half, float, double, uint8, int8, uint16, int16, int32, int64, complex64, complex128, "
       "uint32, uint64")
MUL_DIV = ("bfloat16, half, float, double, uint8, int8, uint16, int16, int32, uint32, uint64, int64, "
           "complex64, complex128")
FLOOR_MOD = "int8, int16, int32, int64, uint8, uint16, uint32, uint64, bfloat16, half, float, double"
TRUNCATE_MOD = "int32, int64, bfloat16, half, float, double"
POW = "bfloat16, float, half, double, int8, int16, int32, int64, complex64, complex128"
MIN_MAX = "bfloat16, half, float, double, int8, uint8, int16, uint16, int32, uint32, int64, uint64"
SQUARED_DIFFERENCE = "bfloat16, half, float, double, int32, int64, complex64, complex128"
COMPARE = "float, double, int32, uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64"
X_DIV_LOG = "half, bfloat16, float, double, complex64, complex128"
DIV_NO_NAN = "half, float, bfloat16, double, complex64, complex128"
SOFTPLUS = "half, bfloat16, float, double"
ZETA = "float, double"
NEXT_AFTER = "double, float"
ANY = ", ".join(_KINDS)
BOOL = "bool"
ADD_N = ("float, double, int32, uint8, int16, int8, complex64, int64, qint8, quint8, qint32, bfloat16, "
         "qint16, quint16, uint16, complex128, half, uint32, uint64, variant")
WHERE = ("float, double, int32, uint8, int16, int8, complex64, int64, qint8, quint8, qint32, bfloat16, "
         "qint16, quint16, uint16, complex128, half, uint32, uint64, bool")  # Where (coordinates)

# --- reductions, top_k, segment ops, nn activations ------------------------------------------------
SUM = ("float, double, int32, uint8, int16, int8, complex64, int64, qint8, quint8, qint32, bfloat16, "
       "qint16, quint16, uint16, complex128, half, uint32, uint64")  # Sum, Mean, Prod, BiasAdd
MAX = ("float, double, int32, uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64, qint8, "
       "quint8, qint32, qint16, quint16")
ARG = MAX + ", bool"  # ArgMax, ArgMin
REAL = "float, double, int32, uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64"  # TopKV2, Relu
MATMUL = "bfloat16, half, float, double, int32, int64, complex64, complex128"
SPARSE_MATMUL = "float, bfloat16"  # Ta, Tb
LINALG = "double, float, complex64, complex128"  # Cholesky, MatrixDeterminant, Qr ...
MATRIX_INVERSE = "double, float, half, complex64, complex128"

# --- nn and random kernels (they print the float types half first) ---------------------------------
NN_FLOAT = "half, bfloat16, float, double"
MAX_POOL = "half, bfloat16, float, double, int32, int64, uint8, int16, int8, uint16, qint8"
FUSED_BATCH_NORM = "half, bfloat16, float"  # FusedBatchNorm's T, LRN
POISSON = "half, float, double, int32, int64"  # RandomPoissonV2's R and dtype

# --- index inputs and outputs ----------------------------------------------------------------------
INDEX = "int32, int64"  # Tidx (axis inputs), Tindices, Tlabels of most kernels
GATHER_INDICES = "int16, int32, int64"  # Tindices of GatherV2, GatherNd, ScatterNd
TOP_K_INDEX_OUTPUT = "int16, int32, int64"  # TopKV2's index_type attr (its output dtype)
ONE_HOT_INDICES = "uint8, int8, int32, int64"  # OneHot's TI

# --- sequences and conversions ---------------------------------------------------------------------
RANGE = "bfloat16, float, double, int32, int64"  # Range's Tidx
LIN_SPACE = "bfloat16, float, double"
STRING_TO_NUMBER = "float, double, int32, int64, uint32, uint64"  # StringToNumber's out_type


def allowed(text):
    """(text, frozenset of the backing .dtype values it admits) for one of the lists above."""
    return text, dtypes_in(text)


def dtypes_in(text):
    """The backing .dtype values (torch dtypes, NumPy object for string) that a list admits."""
    return frozenset(_KINDS[name] for name in text.split(", ") if name in _KINDS)


FLOATING = dtypes_in(FLOAT)  # the real floating torch dtypes
INDEX_DTYPES = dtypes_in(INDEX)


def is_floating(backing):
    """Whether a torch backing holds floating or complex values (TF's is_floating/is_complex)."""
    return backing.dtype.is_floating_point or backing.dtype.is_complex


def type_error(op_name, text, value, index=0):
    """TF's error for an input whose dtype is outside a kernel's list ``text``."""
    if text == BOOL:
        return dtype_mismatch(op_name, index, bool_, dtype_of(value))
    return attr_error(op_name, "T", dtype_of(value), text)
