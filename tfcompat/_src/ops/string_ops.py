"""String <-> number conversions: tf.string_to_number and tf.as_string.

tf.string tensors hold an object ndarray of bytes; both ops run elementwise in
Python with TF's parsing and printf formatting rules.
"""

import numpy as np
import torch

from ..framework import context, dtypes
from ..framework.dtypes import as_dtype, kernel_name
from ..framework.errors import attr_error, invalid_argument
from ..framework.kernel_dtypes import STRING_TO_NUMBER
from ..framework.tensor import convert, dtype_mismatch, dtype_of, wrap
from ..registry import export
from .arguments import attr_int, check_size, deprecated_argument_lookup

_INT_LIMITS = {dtypes.int32: (-2 ** 31, 2 ** 31 - 1), dtypes.int64: (-2 ** 63, 2 ** 63 - 1),
               dtypes.uint32: (0, 2 ** 32 - 1), dtypes.uint64: (0, 2 ** 64 - 1)}


def _parse(raw, out_type):
    """One string as TF's safe_strto* reads it (surrounding whitespace allowed), or None."""
    text = raw.decode("latin-1").strip()
    if not text.isascii() or "_" in text or not text:
        return None
    try:
        if out_type.is_floating:
            body = text.lstrip("+-").lower()
            return float.fromhex(text) if body.startswith("0x") else float(text)
        value = int(text, 10)
    except ValueError:
        return None
    low, high = _INT_LIMITS[out_type]
    return value if low <= value <= high else None


@export("string_to_number", "strings.to_number")
def string_to_number(string_tensor=None, out_type=dtypes.float32, name=None, input=None):
    """tf.string_to_number: each string parsed as an ``out_type`` number."""
    string_tensor = deprecated_argument_lookup("string_tensor", string_tensor, "input", input)
    strings = convert(string_tensor)
    if type(strings) is not np.ndarray:
        raise dtype_mismatch("StringToNumber", 0, dtypes.string, dtype_of(strings))
    out_type = as_dtype(out_type)
    if out_type not in (dtypes.float32, dtypes.float64) and out_type not in _INT_LIMITS:
        raise attr_error("StringToNumber", "out_type", out_type, STRING_TO_NUMBER)
    values = []
    for raw in strings.reshape(-1):
        value = _parse(raw, out_type)
        if value is None:
            shown = raw.decode("utf-8", "replace")
            raise invalid_argument(f"StringToNumberOp could not correctly convert string: {shown}",
                                   "StringToNumber")
        values.append(value)
    with np.errstate(over="ignore"):
        array = np.array(values, dtype=out_type._numpy).reshape(strings.shape)
    return wrap(torch.from_numpy(array).to(context.current_device()))


_FILLS = frozenset(" +-0#")


def _format_code(dtype, precision, scientific, shortest, width, fill):
    """The printf conversion TF's AsString kernel uses for ``dtype`` ("%08.3f" ...)."""
    if len(fill) > 1:
        raise invalid_argument("Fill string must be one or fewer characters", "AsString")
    if scientific and shortest:
        raise invalid_argument("Cannot select both scientific and shortest notation", "AsString")
    if fill and fill not in _FILLS:
        raise invalid_argument(f'Fill argument not supported: "{fill}"', "AsString")
    inexact = dtype._kind in "fc"
    for flag, used in (("precision", precision > -1), ("scientific", scientific), ("shortest", shortest)):
        if used and not inexact:
            raise invalid_argument(f"{flag} not supported for datatype {kernel_name(dtype)}", "AsString")
    code = "%" + fill + (str(width) if width > -1 else "")
    if not inexact:
        return code + "d"
    return code + (f".{precision}" if precision > -1 else "") + ("e" if scientific else "g" if shortest else "f")


@export("as_string", "dtypes.as_string", "strings.as_string")
def as_string(input, precision=-1, scientific=False, shortest=False, width=-1, fill="", name=None):
    """tf.as_string: each element printed with C printf rules into a tf.string tensor."""
    value = convert(input)
    if type(value) is np.ndarray:
        return wrap(value.copy())
    dtype = dtype_of(value)
    width = attr_int(width, "width", "AsString")
    check_size([value.numel(), width], "AsString")  # every string is at least ``width`` bytes
    code = _format_code(dtype, attr_int(precision, "precision", "AsString"), bool(scientific), bool(shortest),
                        width, str(fill))
    flat = value.detach().reshape(-1).cpu()
    if dtype.is_bool:
        texts = [b"true" if v else b"false" for v in flat.tolist()]
    elif dtype.is_complex:
        texts = [f"({code % v.real},{code % v.imag})".encode() for v in flat.tolist()]
    else:
        if dtype._kind == "f":
            flat = flat.to(torch.float64)
        texts = [(code % v).encode() for v in flat.tolist()]
    return wrap(np.array(texts + [None], dtype=object)[:-1].reshape(tuple(value.shape)))
