"""TF dtypes: the DType objects and the one table that maps them to torch and NumPy."""

import numpy as np
import torch

from ..registry import PARTIAL, export, export_constant

# name, TF enum, torch dtype, NumPy dtype, kind (f=floating, i=signed int,
# u=unsigned int, b=bool, c=complex, s=string); TF's own enum values.
_TABLE = [
    ("float16", 19, torch.float16, np.float16, "f"),
    ("float32", 1, torch.float32, np.float32, "f"),
    ("float64", 2, torch.float64, np.float64, "f"),
    ("bfloat16", 14, torch.bfloat16, None, "f"),
    ("int8", 6, torch.int8, np.int8, "i"),
    ("int16", 5, torch.int16, np.int16, "i"),
    ("int32", 3, torch.int32, np.int32, "i"),
    ("int64", 9, torch.int64, np.int64, "i"),
    ("uint8", 4, torch.uint8, np.uint8, "u"),
    ("uint16", 17, torch.uint16, np.uint16, "u"),
    ("uint32", 22, torch.uint32, np.uint32, "u"),
    ("uint64", 23, torch.uint64, np.uint64, "u"),
    ("bool", 10, torch.bool, np.bool_, "b"),
    ("complex64", 8, torch.complex64, np.complex64, "c"),
    ("complex128", 18, torch.complex128, np.complex128, "c"),
    ("string", 7, None, object, "s"),
    # Types tfcompat names but cannot hold (no torch equivalent); the quantized ones have
    # TF's NumPy stand-ins, one-field structured dtypes.
    ("qint8", 11, None, np.dtype([("qint8", np.int8)]), "q"),
    ("quint8", 12, None, np.dtype([("quint8", np.uint8)]), "q"),
    ("qint32", 13, None, np.dtype([("qint32", np.int32)]), "q"),
    ("qint16", 15, None, np.dtype([("qint16", np.int16)]), "q"),
    ("quint16", 16, None, np.dtype([("quint16", np.uint16)]), "q"),
    ("resource", 20, None, None, "r"),
    ("variant", 21, None, None, "r"),
]

# TF's DataTypeString spellings, used in kernel error messages.
_KERNEL_NAMES = {"float16": "half", "float32": "float", "float64": "double"}

_BFLOAT16_LIMITS = (-3.3895313892515355e38, 3.3895313892515355e38)


@export("DType", "dtypes.DType", status=PARTIAL,
        note="bfloat16 has no NumPy type without ml_dtypes: its as_numpy_dtype raises, min/max are floats.")
class DType:
    """A TF element type: ``tf.float32`` and friends."""

    __slots__ = ("_name", "_enum", "_torch", "_numpy", "_kind")

    def __new__(cls, type_enum, handle_data=None):
        """``tf.DType(1)`` is ``tf.float32``: every DType is the one instance of its enum."""
        dtype = _ENUM_TO_TF.get(type_enum) if type(type_enum) is int else None
        if dtype is None:
            raise TypeError(f"type_enum is not a valid types_pb2.DataType: {type_enum}")
        return dtype

    def __init__(self, type_enum, handle_data=None):
        pass  # __new__ returned the table's instance, already complete

    @classmethod
    def _make(cls, name, enum, torch_dtype, numpy_dtype, kind):
        dtype = object.__new__(cls)
        dtype._name = name
        dtype._enum = enum
        dtype._torch = torch_dtype
        dtype._numpy = numpy_dtype
        dtype._kind = kind
        return dtype

    name = property(lambda self: self._name)
    as_datatype_enum = property(lambda self: self._enum)
    base_dtype = property(lambda self: self)
    is_floating = property(lambda self: self._kind == "f")
    is_integer = property(lambda self: self._kind in "iu")
    is_unsigned = property(lambda self: self._kind == "u")
    is_bool = property(lambda self: self._kind == "b")
    is_complex = property(lambda self: self._kind == "c")
    is_quantized = property(lambda self: self._kind == "q")
    is_numpy_compatible = property(lambda self: self._numpy is not None)

    @property
    def as_numpy_dtype(self):
        if self._numpy is None:
            raise TypeError(f"tf.{self._name} has no NumPy equivalent in tfcompat")
        return self._numpy

    @property
    def real_dtype(self):
        return {"complex64": float32, "complex128": float64}.get(self._name, self)

    @property
    def size(self):
        if self._kind == "r":
            return 1
        return 0 if self._torch is None else self._torch.itemsize

    @property
    def min(self):
        if self._kind not in "fiu":
            raise TypeError(f"Cannot find minimum value of {self}.")
        return self._limits()[0]

    @property
    def max(self):
        if self._kind not in "fiu":
            raise TypeError(f"Cannot find maximum value of {self}.")
        return self._limits()[1]

    def _limits(self):
        if self._name == "bfloat16":
            return _BFLOAT16_LIMITS
        if self._kind == "f":
            info = np.finfo(self._numpy)
            return info.min, info.max
        if self._kind in "iu":
            info = np.iinfo(self._numpy)
            return info.min, info.max
        if self._kind == "b":
            return False, True
        raise TypeError(f"Cannot find minimum value of {self}.")

    @property
    def limits(self, clip_negative=True):
        low, high = self._limits()
        return (0 if clip_negative else low), high

    def is_compatible_with(self, other):
        return self == as_dtype(other)

    def __eq__(self, other):
        if other is self:
            return True
        if other is None:
            return False
        try:
            return self._enum == as_dtype(other)._enum
        except TypeError:
            return False

    def __ne__(self, other):
        return not self == other

    def __hash__(self):
        return self._enum

    def __repr__(self):
        return f"tf.{self._name}"

    def __str__(self):
        return f"<dtype: '{self._name}'>"

    def __reduce__(self):
        return as_dtype, (self._name,)


_BY_NAME = {row[0]: DType._make(*row) for row in _TABLE}
float16, float32, float64, bfloat16 = (_BY_NAME[n] for n in ("float16", "float32", "float64", "bfloat16"))
int8, int16, int32, int64 = (_BY_NAME[n] for n in ("int8", "int16", "int32", "int64"))
uint8, uint16, uint32, uint64 = (_BY_NAME[n] for n in ("uint8", "uint16", "uint32", "uint64"))
bool_ = _BY_NAME["bool"]
complex64, complex128, string = _BY_NAME["complex64"], _BY_NAME["complex128"], _BY_NAME["string"]

_ALIASES = {"half": float16, "float": float32, "double": float64}
for _dtype in _BY_NAME.values():
    export_constant(_dtype.name, _dtype)
    export_constant(f"dtypes.{_dtype.name}", _dtype)
for _alias in ("half", "double"):
    export_constant(_alias, _ALIASES[_alias])
    export_constant(f"dtypes.{_alias}", _ALIASES[_alias])

TORCH_TO_TF = {d._torch: d for d in _BY_NAME.values() if d._torch is not None}
_NUMPY_TO_TF = {np.dtype(d._numpy): d for d in _BY_NAME.values() if d._numpy is not None and d._kind != "s"}
_ENUM_TO_TF = {d._enum: d for d in _BY_NAME.values()}
_PYTHON_TO_TF = {float: float32, bool: bool_, object: string}


@export("as_dtype", "dtypes.as_dtype")
def as_dtype(type_value):
    """Convert a DType, name, NumPy dtype, torch dtype, enum or Python type to a DType."""
    if isinstance(type_value, DType):
        return type_value
    if isinstance(type_value, str):
        dtype = _BY_NAME.get(type_value) or _ALIASES.get(type_value)
        if dtype is not None:
            return dtype
    elif isinstance(type_value, torch.dtype):
        if type_value in TORCH_TO_TF:
            return TORCH_TO_TF[type_value]
    elif isinstance(type_value, int) and not isinstance(type_value, bool):
        if type_value in _ENUM_TO_TF:
            return _ENUM_TO_TF[type_value]
    elif isinstance(type_value, type) and type_value in _PYTHON_TO_TF:
        return _PYTHON_TO_TF[type_value]
    elif not isinstance(type_value, type) or hasattr(type_value, "dtype"):
        spec = type_value
        if isinstance(spec, type) and not issubclass(spec, np.generic):
            spec = spec.dtype  # a class naming its element type in `.dtype`, as TF reads it
        try:
            np_dtype = np.dtype(spec)
        except (TypeError, ValueError):
            np_dtype = None
        if np_dtype is not None:
            if np_dtype.kind in "SUO":
                return string
            if np_dtype in _NUMPY_TO_TF:
                return _NUMPY_TO_TF[np_dtype]
    raise TypeError(f"Cannot convert value {type_value!r} to a TensorFlow DType.")


def from_numpy_dtype(np_dtype):
    """The DType of a NumPy dtype (bytes, str and object arrays are tf.string)."""
    if np_dtype.kind in "SUO":
        return string
    try:
        return _NUMPY_TO_TF[np_dtype]
    except KeyError:
        raise TypeError(f"Unsupported numpy type: {np_dtype.name}") from None


def dtype_of(value):
    """The DType of a backing value (torch tensor or string ndarray)."""
    if type(value) is np.ndarray:
        return string
    return TORCH_TO_TF[value.dtype]


def kernel_name(dtype):
    """How TF's kernels spell a dtype in error messages ("float", "double", "int32")."""
    return _KERNEL_NAMES.get(dtype.name, dtype.name)


def to_torch_dtype(dtype):
    return as_dtype(dtype)._torch

