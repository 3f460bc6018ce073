"""String ops: number conversions (tf.string_to_number, tf.as_string), split and join, substr,
strip, case, length, RE2-style regular expressions, web-safe base64 and FarmHash buckets.

tf.string tensors hold an object ndarray of bytes; the ops run elementwise in Python with TF's
kernels' rules (parsing, printf formatting, split semantics of TF 1.x) and TF's error messages.
"""

import base64
import re

import numpy as np
import torch

from ..framework import context, dtypes, errors
from ..framework.dtypes import as_dtype, kernel_name
from ..framework.errors import attr_error, invalid_argument
from ..framework.kernel_dtypes import STRING_TO_NUMBER
from ..framework.sparse_tensor import from_components
from ..framework.tensor import Tensor, convert, dtype_mismatch, dtype_of, wrap
from ..framework.tensor_shape import shape_text
from ..registry import export
from .arguments import attr_int, check_size, deprecated_argument_lookup, string_attr
from .ragged.ragged_tensor import ragged_rows

_INT_LIMITS = {dtypes.int32: (-2 ** 31, 2 ** 31 - 1), dtypes.int64: (-2 ** 63, 2 ** 63 - 1),
               dtypes.uint32: (0, 2 ** 32 - 1), dtypes.uint64: (0, 2 ** 64 - 1)}


def parse_number(raw, out_type):
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
        value = parse_number(raw, out_type)
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


# --- shared helpers ----------------------------------------------------------------------------------

def string_input(value, op, index=0):
    """The object ndarray of bytes behind a tf.string input; a tensor of another dtype is TF's kernel
    error, any other value converts as TF converts it (TypeError when it is no string)."""
    if type(value) is Tensor:
        backing = value._t
        if type(backing) is not np.ndarray:
            raise dtype_mismatch(op, index, dtypes.string, dtype_of(backing))
        return backing
    return convert(value, dtypes.string)


def string_array(items, shape):
    """An object ndarray of ``shape`` holding the bytes ``items`` (a flat list)."""
    array = np.empty(len(items), dtype=object)
    array[:] = items
    return array.reshape(shape)


def _map(function, strings):
    """``function`` applied to every bytes element: a tf.string tensor of the same shape."""
    return wrap(string_array([function(item) for item in strings.reshape(-1)], strings.shape))


def _string_attr(value, attr, op, allowed=None):
    text = string_attr(value, attr, op)
    if allowed is not None and text not in allowed:
        shown = ", ".join(f'"{choice}"' for choice in allowed)
        raise invalid_argument(f'Value for attr \'{attr}\' of "{text}" is not in the list of allowed values: {shown}',
                               op)
    return text


def _as_bytes(value, attr, op):
    if isinstance(value, bytes):
        return value
    if isinstance(value, str):
        return value.encode("utf-8")
    if type(value) is Tensor and type(value._t) is np.ndarray and value._t.ndim == 0:
        return value._t.item()
    raise TypeError(f"Expected string for argument '{attr}' not {value!r}. [Op:{op}]")


def _scalar_string(value, attr, op):
    """A string input that the kernel requires to be a scalar (a list is TF's InvalidArgumentError)."""
    strings = string_input(value, op, 1)
    if strings.ndim:
        raise invalid_argument(f"{attr} must be a scalar, got shape: {shape_text(strings.shape)}", op)
    return strings.item()


def _sparse_result(rows):
    """TF 1.x's string split result: the SparseTensor of ``rows`` (lists of bytes), one row per input."""
    count = sum(len(row) for row in rows)
    indices = np.zeros((count, 2), dtype=np.int64)
    values, position = [], 0
    for row_index, row in enumerate(rows):
        indices[position:position + len(row), 0] = row_index
        indices[position:position + len(row), 1] = np.arange(len(row))
        position += len(row)
        values += row
    width = max((len(row) for row in rows), default=0)
    device = context.current_device()
    return from_components(torch.from_numpy(indices).to(device), string_array(values, (count,)),
                           torch.tensor([len(rows), width], dtype=torch.int64, device=device))


def _split_result(rows, result_type):
    if result_type == "SparseTensor":
        return _sparse_result(rows)
    return ragged_rows(rows, string_array([piece for row in rows for piece in row], (sum(map(len, rows)),)))


def _split_vector(source, op):
    strings = string_input(source, op)
    if strings.ndim != 1:
        raise invalid_argument(f"input must be a vector, got shape: {shape_text(strings.shape)}", op)
    return strings


def _check_result_type(result_type):
    if result_type not in ("RaggedTensor", "SparseTensor"):
        raise ValueError("result_type must be 'RaggedTensor' or 'SparseTensor'.")


# --- split, join ---------------------------------------------------------------------------------------

def _split_on_any(text, delimiters, skip_empty):
    if not delimiters:
        return [text[i:i + 1] for i in range(len(text))]
    pieces = re.split(b"[" + re.escape(delimiters) + b"]", text)
    return [piece for piece in pieces if piece] if skip_empty else pieces


@export("string_split")
def string_split(source, sep=None, skip_empty=True, delimiter=None, result_type="SparseTensor", name=None):
    """TF 1.x's string_split: each string of the vector ``source`` split at any byte of ``delimiter``
    (default " "; "" splits into bytes), empty pieces dropped when ``skip_empty``: a SparseTensor."""
    delimiter = deprecated_argument_lookup("sep", sep, "delimiter", delimiter)
    _check_result_type(result_type)
    delimiters = b" " if delimiter is None else _scalar_string(delimiter, "delimiter", "StringSplit")
    strings = _split_vector(source, "StringSplit")
    rows = [_split_on_any(text, delimiters, bool(skip_empty)) for text in strings]
    return _split_result(rows, result_type)


@export("strings.split")
def strings_split(input=None, sep=None, maxsplit=-1, result_type="SparseTensor", source=None, name=None):
    """TF 1.15's strings.split (StringSplitV2): split at the string ``sep`` (empty pieces kept), or at
    runs of whitespace when ``sep`` is None or empty, at most ``maxsplit`` times (-1: no limit)."""
    input = deprecated_argument_lookup("input", input, "source", source)
    _check_result_type(result_type)
    separator = _as_bytes(sep, "sep", "StringSplitV2") if sep is not None else b""
    limit = attr_int(maxsplit, "maxsplit", "StringSplitV2")
    strings = _split_vector(input, "StringSplitV2")
    rows = [text.split(separator or None, limit) for text in strings]
    return _split_result(rows, result_type)


@export("string_join", "strings.join")
def string_join(inputs, separator="", name=None):
    """The elementwise join of ``inputs`` (tensors of one shape, or scalars) with ``separator``."""
    op = "StringJoin"
    if not isinstance(inputs, (list, tuple)):
        raise TypeError(f"Expected list for 'inputs' argument to 'string_join' Op, not {inputs!r}.")
    sep = _as_bytes(separator, "separator", op)
    parts = [string_input(item, op, index) for index, item in enumerate(inputs)]
    shape = ()
    for part in parts:
        if part.ndim:
            if shape and part.shape != shape:
                raise invalid_argument(f"Input shapes do not match: {shape_text(shape)} vs. "
                                       f"{shape_text(part.shape)}", op)
            shape = part.shape
    columns = [np.broadcast_to(part, shape).reshape(-1) for part in parts]
    size = int(np.prod(shape, dtype=np.int64))
    return wrap(string_array([sep.join(column[i] for column in columns) for i in range(size)], shape))


def _join_axis(strings, axis, sep):
    moved = np.moveaxis(strings, axis, -1)
    flat = moved.reshape(-1, moved.shape[-1]) if moved.size else np.empty((int(np.prod(moved.shape[:-1])), 0), object)
    joined = string_array([sep.join(row) for row in flat], moved.shape[:-1])
    return np.expand_dims(joined, axis)


@export("reduce_join", "strings.reduce_join")
def reduce_join(inputs, axis=None, keep_dims=None, separator="", name=None, reduction_indices=None, keepdims=None):
    """The strings of ``inputs`` joined with ``separator`` along each axis of ``axis`` in turn (all axes
    when None), the joined axes dropped unless ``keepdims``."""
    op = "ReduceJoin"
    axis = deprecated_argument_lookup("axis", axis, "reduction_indices", reduction_indices)
    keepdims = deprecated_argument_lookup("keepdims", keepdims, "keep_dims", keep_dims)
    strings = string_input(inputs, op)
    sep = _as_bytes(separator, "separator", op)
    rank = strings.ndim
    if axis is None:  # row-major order: the last axis joined first
        axes = list(range(rank - 1, -1, -1))
    else:
        axes = [int(a) for a in np.reshape(convert(axis, dtypes.int32).cpu().numpy(), -1)]
    seen = set()
    for index, a in enumerate(axes):
        if not -rank <= a < rank:
            raise errors.OutOfRangeError(None, None, f"Invalid reduction dimension {a} for input with {rank} "
                                                     f"dimension(s) [Op:{op}]")
        if a % rank in seen:
            raise invalid_argument(f"Duplicate reduction dimension {a}", op)
        seen.add(a % rank)
        axes[index] = a % rank
    for a in axes:
        strings = _join_axis(strings, a, sep)
    if not keepdims and axes:
        strings = strings.reshape([size for a, size in enumerate(strings.shape) if a not in seen])
    return wrap(strings)


def _segment_ids(segment_ids, data_shape, op):
    """``segment_ids`` (int32/int64, a non-empty prefix of ``data_shape``) as a flat int64 ndarray,
    and its rank."""
    ids = convert(segment_ids)
    if type(ids) is np.ndarray or ids.dtype not in (torch.int32, torch.int64):
        raise attr_error(op, "Tindices", dtype_of(ids))
    if ids.dim() == 0:
        raise invalid_argument("Segment_id cannot have rank 0", op)
    if ids.dim() > len(data_shape):
        raise errors.OutOfRangeError(None, None, f"Invalid segment_id rank {ids.dim()} for input with "
                                                 f"{len(data_shape)} dimension(s) [Op:{op}]")
    for rank, size in enumerate(ids.shape):
        if size != data_shape[rank]:  # TF's message shows the input's rank as its "dimension"
            raise invalid_argument(f"Segment dimension is {size} while input dimension is {len(data_shape)} in "
                                   f"rank {rank}", op)
    return ids.reshape(-1).cpu().numpy().astype(np.int64), ids.dim()


@export("strings.unsorted_segment_join")
def unsorted_segment_join(inputs, segment_ids, num_segments, separator="", name=None):
    """The strings of ``inputs`` joined with ``separator`` per segment of ``segment_ids`` (a prefix of
    ``inputs``' shape), in input order: [num_segments] + the rest of ``inputs``' shape."""
    op = "UnsortedSegmentJoin"
    strings = string_input(inputs, op)
    ids, rank = _segment_ids(segment_ids, strings.shape, op)
    sep = _as_bytes(separator, "separator", op)
    count = convert(num_segments)
    if type(count) is np.ndarray or count.dtype not in (torch.int32, torch.int64):
        raise attr_error(op, "Tnumsegments", dtype_of(count))
    if count.dim():
        raise invalid_argument("Number of segments must be a scalar", op)
    count = int(count)
    if count < 0:
        raise invalid_argument(f"Number of segments must be non-negative but got {count}", op)
    if ids.size and (ids.min() < 0 or ids.max() >= count):
        raise invalid_argument("segment_ids are not allowed to exceed num_segments or to have negative values.", op)
    inner = strings.shape[rank:]
    check_size([count] + list(inner), op)
    rows = strings.reshape(len(ids), -1) if ids.size else np.empty((0, int(np.prod(inner, dtype=np.int64))), object)
    groups = [[] for _ in range(count)]
    for segment, row in zip(ids.tolist(), rows):
        groups[segment].append(row)
    width = rows.shape[1]
    joined = [sep.join(column) for group in groups for column in
              (zip(*group) if group else [()] * width)]
    return wrap(string_array(joined, (count,) + tuple(inner)))


# --- substr, strip, case, length ------------------------------------------------------------------

def _substr_one(text, position, length, index, unit):
    units = text.decode("utf-8", "surrogatepass") if unit == "UTF8_CHAR" else text
    size = len(units)
    if not -size <= position <= size:
        raise invalid_argument(f"pos {position} out of range for string {text!r} at index {index}", "Substr")
    if position < 0:
        position += size
    piece = units[position:] if length < 0 else units[position:position + length]
    return piece.encode("utf-8", "surrogatepass") if unit == "UTF8_CHAR" else piece


def _position_input(value, attr):
    backing = convert(value)
    if type(backing) is np.ndarray or backing.dtype not in (torch.int32, torch.int64):
        raise attr_error("Substr", "T", dtype_of(backing))
    return backing.cpu().numpy()


@export("substr", "strings.substr")
def substr(input, pos, len, name=None, unit="BYTE"):  # noqa: A002 - TF's argument names
    """Each string's piece of ``len`` units from ``pos`` (negative: from the end; a negative ``len``
    runs to the end); ``pos`` and ``len`` are scalars or broadcast against ``input``."""
    strings = string_input(input, "Substr")
    unit = _string_attr(unit, "unit", "Substr", ("BYTE", "UTF8_CHAR"))
    positions, lengths = _position_input(pos, "pos"), _position_input(len, "len")
    if positions.shape != lengths.shape:
        raise invalid_argument(f"pos and len should have the same shape, got: {shape_text(positions.shape)} vs. "
                               f"{shape_text(lengths.shape)}", "Substr")
    try:
        shape = np.broadcast_shapes(strings.shape, positions.shape)
    except ValueError:
        raise invalid_argument(f"Incompatible shapes: {shape_text(strings.shape)} vs. "
                               f"{shape_text(positions.shape)}", "Substr") from None
    flat = [np.broadcast_to(a, shape).reshape(-1) for a in (strings, positions, lengths)]
    pieces = [_substr_one(text, int(p), int(n), i, unit) for i, (text, p, n) in enumerate(zip(*flat))]
    return wrap(string_array(pieces, shape))


@export("strings.strip", "string_strip")
def string_strip(input, name=None):  # noqa: A002
    """Each string without its leading and trailing ASCII whitespace."""
    return _map(bytes.strip, string_input(input, "StringStrip"))


def _case_op(input, encoding, op, ascii_function, unicode_function):
    encoding = _string_attr(encoding, "encoding", op, ("", "utf-8"))
    strings = string_input(input, op)
    if encoding == "":
        return _map(ascii_function, strings)
    return _map(lambda text: unicode_function(text.decode("utf-8", "surrogateescape")).encode(
        "utf-8", "surrogateescape"), strings)


@export("strings.upper")
def upper(input, encoding="", name=None):  # noqa: A002
    """Each string upper-cased: ASCII letters only, or every letter with ``encoding='utf-8'``."""
    return _case_op(input, encoding, "StringUpper", bytes.upper, str.upper)


@export("strings.lower")
def lower(input, encoding="", name=None):  # noqa: A002
    """Each string lower-cased: ASCII letters only, or every letter with ``encoding='utf-8'``."""
    return _case_op(input, encoding, "StringLower", bytes.lower, str.lower)


_CONTINUATION = re.compile(rb"[\x80-\xbf]")


@export("strings.length")
def string_length(input, name=None, unit="BYTE"):  # noqa: A002
    """Each string's length in bytes, or in UTF-8 characters (bytes that start one)."""
    unit = _string_attr(unit, "unit", "StringLength", ("BYTE", "UTF8_CHAR"))
    strings = string_input(input, "StringLength")
    if unit == "BYTE":
        sizes = [len(text) for text in strings.reshape(-1)]
    else:
        sizes = [len(text) - len(_CONTINUATION.findall(text)) for text in strings.reshape(-1)]
    array = np.array(sizes, dtype=np.int32).reshape(strings.shape)
    return wrap(torch.from_numpy(array).to(context.current_device()))


# --- regular expressions (RE2 syntax, read by Python's re) -------------------------------------------

_RE2_MESSAGES = {"missing ), unterminated subpattern": "missing )", "unterminated character set": "missing ]"}


def _compile(pattern, op):
    text = _as_bytes(pattern, "pattern", op).decode("utf-8", "surrogateescape")
    try:
        return re.compile(text)
    except re.error as error:
        reason = _RE2_MESSAGES.get(error.msg, error.msg)
        raise invalid_argument(f"Invalid pattern: {text}, error: {reason}: {text[error.pos or 0:]}", op) from None


def _decoded(function):
    return lambda text: function(text.decode("utf-8", "surrogateescape")).encode("utf-8", "surrogateescape")


@export("regex_replace", "strings.regex_replace")
def regex_replace(input, pattern, rewrite, replace_global=True, name=None):  # noqa: A002
    """Each string with the matches of ``pattern`` replaced by ``rewrite`` (``\\1`` groups, ``\\0`` the
    whole match), all of them or the first only."""
    regex = _compile(pattern, "RegexReplace")
    template = _as_bytes(rewrite, "rewrite", "RegexReplace").decode("utf-8", "surrogateescape")
    template = re.sub(r"\\(\d)", r"\\g<\1>", template)
    count = 0 if replace_global else 1
    return _map(_decoded(lambda text: regex.sub(template, text, count=count)),
                string_input(input, "RegexReplace"))


@export("strings.regex_full_match")
def regex_full_match(input, pattern, name=None):  # noqa: A002
    """Whether each whole string matches ``pattern``: a bool tensor."""
    regex = _compile(pattern, "RegexFullMatch")
    strings = string_input(input, "RegexFullMatch")
    matches = [regex.fullmatch(text.decode("utf-8", "surrogateescape")) is not None for text in strings.reshape(-1)]
    array = np.array(matches, dtype=bool).reshape(strings.shape)
    return wrap(torch.from_numpy(array).to(context.current_device()))


# --- base64, hash buckets ----------------------------------------------------------------------------

_BASE64_WEB = re.compile(rb"[A-Za-z0-9_-]*={0,2}")


@export("encode_base64", "io.encode_base64")
def encode_base64(input, pad=False, name=None):  # noqa: A002
    """Each string in web-safe base64 ('-' and '_'), '=' padding only with ``pad``."""
    pad = bool(pad)
    return _map(lambda text: base64.urlsafe_b64encode(text) if pad else base64.urlsafe_b64encode(text).rstrip(b"="),
                string_input(input, "EncodeBase64"))


def _decode_base64(text):
    if not _BASE64_WEB.fullmatch(text):
        raise invalid_argument("Invalid character found in base64.", "DecodeBase64")
    body = text.rstrip(b"=")
    if len(body) % 4 == 1:
        raise invalid_argument("Base64 string length cannot be 1 modulo 4.", "DecodeBase64")
    return base64.urlsafe_b64decode(body + b"=" * (-len(body) % 4))


@export("decode_base64", "io.decode_base64")
def decode_base64(input, name=None):  # noqa: A002
    """Each web-safe base64 string decoded (with or without '=' padding)."""
    return _map(_decode_base64, string_input(input, "DecodeBase64"))


@export("string_to_hash_bucket_fast", "strings.to_hash_bucket_fast")
def string_to_hash_bucket_fast(input, num_buckets, name=None):  # noqa: A002
    """Each string's bucket: FarmHash Fingerprint64 (TF's, from the pyfarmhash package) modulo
    ``num_buckets``, as int64."""
    buckets = attr_int(num_buckets, "num_buckets", "StringToHashBucketFast", minimum=1)
    strings = string_input(input, "StringToHashBucketFast")
    import farmhash  # a C extension: imported on first use, not with tfcompat
    hashes = [farmhash.fingerprint64(text) % buckets for text in strings.reshape(-1)]
    array = np.array(hashes, dtype=np.uint64).astype(np.int64).reshape(strings.shape)
    return wrap(torch.from_numpy(array).to(context.current_device()))
