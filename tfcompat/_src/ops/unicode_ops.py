"""The Unicode string ops of tf.strings (TF 1.15's ragged_string_ops.py and unicode_ops.cc):
unicode_decode(_with_offsets), unicode_encode, unicode_transcode, unicode_split(_with_offsets),
unicode_script, and the n-grams op tf.strings.ngrams.

Decoding follows ICU's rules as TF's kernels use them: an ill-formed UTF-8 sequence is replaced (or
dropped, or refused) one maximal subpart at a time, an unpaired UTF-16 surrogate or a UTF-32 unit past
U+10FFFF is one error, and a trailing partial unit is one more.  ``replace_control_characters`` treats
the C0 controls (U+0000-U+001F) as errors too.  Rank >= 1 inputs give RaggedTensors, built as TF 1.15
builds them (dense outer dimensions become row splits).
"""

import bisect
import codecs

import numpy as np
import torch

from ..framework import context, dtypes
from ..framework.errors import InvalidArgumentError, dtype_mismatch, invalid_argument
from ..framework.tensor import convert, wrap
from ..registry import PARTIAL, export
from .arguments import attr_int, string_attr
from .ragged.ragged_conversion import from_tensor
from .ragged.ragged_tensor import RaggedTensor, convert_values, ragged_rows
from .ragged.ragged_tensor_value import RaggedTensorValue
from .string_ops import string_array, string_input

_ERRORS = ("strict", "replace", "ignore")
_OUTPUT_ENCODINGS = ("UTF-8", "UTF-16-BE", "UTF-32-BE")
_MAX_CODE_POINT = 0x10FFFF


# --- decoders: bytes -> [(code point or None for an error, byte offset)] --------------------------

# Lead byte -> (continuation bytes, range of the first continuation byte): the well-formed table of
# Unicode's chapter 3 (D92), which defines the maximal subparts that count as one error each.
_UTF8_LEADS = {}
for _lead in range(0xC2, 0xE0):
    _UTF8_LEADS[_lead] = (1, 0x80, 0xBF)
for _lead in range(0xE0, 0xF0):
    _UTF8_LEADS[_lead] = (2, 0xA0 if _lead == 0xE0 else 0x80, 0x9F if _lead == 0xED else 0xBF)
for _lead in range(0xF0, 0xF5):
    _UTF8_LEADS[_lead] = (3, 0x90 if _lead == 0xF0 else 0x80, 0x8F if _lead == 0xF4 else 0xBF)


def _decode_utf8(data):
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return _decode_utf8_slow(data)
    units, offset = [], 0
    for char in text:
        point = ord(char)
        units.append((point, offset))
        offset += 1 if point < 0x80 else 2 if point < 0x800 else 3 if point < 0x10000 else 4
    return units


def _decode_utf8_slow(data):
    units, i, size = [], 0, len(data)
    while i < size:
        lead = data[i]
        if lead < 0x80:
            units.append((lead, i))
            i += 1
            continue
        need, low, high = _UTF8_LEADS.get(lead, (0, 0, 0))
        point, j, valid = lead & (0x3F >> need), i + 1, need > 0
        for k in range(need):
            if j >= size or not ((low if k == 0 else 0x80) <= data[j] <= (high if k == 0 else 0xBF)):
                valid = False
                break
            point = (point << 6) | (data[j] & 0x3F)
            j += 1
        units.append((point if valid else None, i))
        i = j if j > i else i + 1
    return units


def _decode_utf16be(data):
    units, i, size = [], 0, len(data)
    while i + 1 < size:
        unit = data[i] << 8 | data[i + 1]
        if 0xD800 <= unit <= 0xDBFF and i + 3 < size and 0xDC00 <= (data[i + 2] << 8 | data[i + 3]) <= 0xDFFF:
            low = data[i + 2] << 8 | data[i + 3]
            units.append((0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00), i))
            i += 4
            continue
        units.append((None if 0xD800 <= unit <= 0xDFFF else unit, i))
        i += 2
    if i < size:
        units.append((None, i))
    return units


def _decode_utf32be(data):
    units, i, size = [], 0, len(data)
    while i + 3 < size:
        point = int.from_bytes(data[i:i + 4], "big")
        units.append((None if point > _MAX_CODE_POINT or 0xD800 <= point <= 0xDFFF else point, i))
        i += 4
    if i < size:
        units.append((None, i))
    return units


def _swapped(data, width):
    """``data`` with the bytes of each ``width``-byte unit reversed (little-endian to big-endian)."""
    whole = len(data) - len(data) % width
    return b"".join(data[i:i + width][::-1] for i in range(0, whole, width)) + data[whole:]


def _little_endian(decode_big, width):
    return lambda data: decode_big(_swapped(data, width))


def _with_bom(decode_big, width):
    """ICU's UTF-16 / UTF-32: a leading byte order mark picks the byte order and is dropped; big-endian
    without one."""
    big = b"\xfe\xff" if width == 2 else b"\x00\x00\xfe\xff"

    def decode(data):
        if data[:width] in (big, big[::-1]):
            little = data[:width] == big[::-1]
            body = _swapped(data[width:], width) if little else data[width:]
            return [(point, offset + width) for point, offset in decode_big(body)]
        return decode_big(data)
    return decode


def _codec_decoder(name):
    """A decoder for an encoding Python's codecs know (ICU's algorithmic converters: Latin-1, ASCII ...)."""
    def decode(data):
        decoder = codecs.getincrementaldecoder(name)("strict")
        units, start = [], 0
        for i in range(len(data)):
            try:
                text = decoder.decode(data[i:i + 1])
            except UnicodeDecodeError:
                decoder.reset()
                units.append((None, start))
                start = i + 1
                continue
            if text:
                units.extend((ord(char), start) for char in text)
                start = i + 1
        if start < len(data):
            units.append((None, start))
        return units
    return decode


_DECODERS = {"UTF-8": _decode_utf8, "UTF-16-BE": _decode_utf16be, "UTF-32-BE": _decode_utf32be,
             "UTF-16-LE": _little_endian(_decode_utf16be, 2), "UTF-32-LE": _little_endian(_decode_utf32be, 4),
             "UTF-16": _with_bom(_decode_utf16be, 2), "UTF-32": _with_bom(_decode_utf32be, 4)}


def _decoder(encoding, op):
    encoding = string_attr(encoding, "input_encoding", op)
    if encoding in _DECODERS:
        return _DECODERS[encoding]
    try:
        name = codecs.lookup(encoding or "").name
    except LookupError:
        raise invalid_argument(f"Could not create converter for input encoding: {encoding}", op) from None
    return _DECODERS.get(name.upper(), None) or _codec_decoder(name)


class _Options:
    """The error attrs of one op call, checked as TF's kernels check them."""

    __slots__ = ("errors", "replacement", "controls", "op")

    def __init__(self, errors, replacement_char, replace_control_characters, op):
        self.op = op
        self.errors = string_attr(errors, "errors", op)
        if self.errors not in _ERRORS:
            raise invalid_argument(f"Value for attr 'errors' of \"{self.errors}\" is not in the list of allowed "
                                   "values: \"strict\", \"replace\", \"ignore\"", op)
        self.replacement = attr_int(replacement_char, "replacement_char", op)
        if not 0 <= self.replacement <= _MAX_CODE_POINT:
            raise invalid_argument("replacement_char out of unicode codepoint range", op)
        self.controls = bool(replace_control_characters)

    def apply(self, units):
        """``units`` with their errors (and C0 controls, when asked) replaced, dropped or refused."""
        result = []
        for point, offset in units:
            if point is None:
                if self.errors == "strict":
                    raise invalid_argument("Invalid formatting on input string", self.op)
                if self.errors == "ignore":
                    continue
                point = self.replacement
            elif self.controls and point < 0x20:  # replaced even under 'strict', dropped under 'ignore'
                if self.errors == "ignore":
                    continue
                point = self.replacement
            result.append((point, offset))
        return result


def _output_encoding(value, op):
    encoding = string_attr(value, "output_encoding", op)
    if encoding not in _OUTPUT_ENCODINGS:
        raise InvalidArgumentError(None, None, f"Value for attr 'output_encoding' of \"{encoding}\" is not in the "
                                               "list of allowed values: \"UTF-8\", \"UTF-16-BE\", \"UTF-32-BE\"")
    return encoding.lower()


# --- decode, split ---------------------------------------------------------------------------------

def _by_rank(input, op, flat_function):
    """``flat_function`` (strings vector -> (ragged results...)) applied as TF 1.15 applies the Unicode ops:
    a scalar gives dense results, a vector ragged ones, and higher ranks and ragged inputs keep their
    outer structure around the ragged results of their flat values."""
    if type(input) is RaggedTensor or isinstance(input, RaggedTensorValue):
        rt = convert_values(input)
        if rt.dtype != dtypes.string:
            raise TypeError(f"{op}: input must be a string tensor, got {rt.dtype.name}")
        return tuple(rt.with_flat_values(part) for part in _by_rank(rt.flat_values, op, flat_function))
    strings = _strings(input, op)
    if strings.ndim == 0:
        return tuple(part.values for part in flat_function(strings.reshape(1)))
    if strings.ndim == 1:
        return flat_function(strings)
    outer = from_tensor(wrap(strings), None, None, strings.ndim - 1, dtypes.int64)
    return tuple(outer.with_flat_values(part) for part in flat_function(outer.flat_values._t))


def _strings(value, op):
    """The string ndarray of ``value``; any other dtype is the kernel's error, as TF 1.15 converts the input
    without a dtype."""
    backing = convert(value)
    if type(backing) is not np.ndarray:
        raise dtype_mismatch(op, 0, dtypes.string, dtypes.dtype_of(backing))
    return backing


def _int32_points(value, op):
    backing = convert(value)
    if type(backing) is np.ndarray or backing.dtype != torch.int32:
        raise dtype_mismatch(op, 0, dtypes.int32, dtypes.dtype_of(backing))
    return backing


def _ragged_rows(rows, make_values, dtype):
    return ragged_rows(rows, make_values([item for row in rows for item in row], dtype))


def _numbers(items, dtype):
    return torch.tensor(items, dtype=dtype, device=context.current_device())


def _decoded_rows(strings, decoder, options):
    return [options.apply(decoder(text)) for text in strings]


def _decode(input, input_encoding, errors, replacement_char, replace_control_characters, op, with_offsets):
    decoder = _decoder(input_encoding, op)
    options = _Options(errors, replacement_char, replace_control_characters, op)

    def flat_function(strings):
        rows = _decoded_rows(strings, decoder, options)
        points = _ragged_rows([[p for p, _ in row] for row in rows], _numbers, torch.int32)
        if not with_offsets:
            return (points,)
        return points, _ragged_rows([[o for _, o in row] for row in rows], _numbers, torch.int64)

    results = _by_rank(input, op, flat_function)
    return results if with_offsets else results[0]


@export("strings.unicode_decode")
def unicode_decode(input, input_encoding, errors="replace", replacement_char=65533,  # noqa: A002
                   replace_control_characters=False, name=None):
    """Each string's code points (int32): a Tensor for a scalar, a RaggedTensor for rank >= 1."""
    return _decode(input, input_encoding, errors, replacement_char, replace_control_characters,
                   "UnicodeDecode", False)


@export("strings.unicode_decode_with_offsets")
def unicode_decode_with_offsets(input, input_encoding, errors="replace", replacement_char=65533,  # noqa: A002
                                replace_control_characters=False, name=None):
    """(code points, the byte offset where each starts (int64)), shaped as unicode_decode's result."""
    return _decode(input, input_encoding, errors, replacement_char, replace_control_characters,
                   "UnicodeDecodeWithOffsets", True)


def _split(input, input_encoding, errors, replacement_char, op, with_offsets):
    decoder = _decoder(input_encoding, op)
    options = _Options(errors, replacement_char, False, op)
    codec = _output_encoding(input_encoding, "UnicodeEncode")

    def flat_function(strings):
        rows = _decoded_rows(strings, decoder, options)
        chars = _ragged_rows([[chr(p).encode(codec, "surrogatepass") for p, _ in row] for row in rows],
                             lambda items, _: string_array(items, (len(items),)), None)
        if not with_offsets:
            return (chars,)
        return chars, _ragged_rows([[o for _, o in row] for row in rows], _numbers, torch.int64)

    results = _by_rank(input, op, flat_function)
    return results if with_offsets else results[0]


@export("strings.unicode_split")
def unicode_split(input, input_encoding, errors="replace", replacement_char=65533, name=None):  # noqa: A002
    """Each string split into its characters (each encoded in ``input_encoding``)."""
    return _split(input, input_encoding, errors, replacement_char, "UnicodeDecode", False)


@export("strings.unicode_split_with_offsets")
def unicode_split_with_offsets(input, input_encoding, errors="replace", replacement_char=65533,  # noqa: A002
                               name=None):
    """(unicode_split's characters, the byte offset where each starts)."""
    return _split(input, input_encoding, errors, replacement_char, "UnicodeDecodeWithOffsets", True)


# --- encode, transcode -----------------------------------------------------------------------------

def _encode_points(points, codec, options):
    pieces = []
    for point in points:
        if not 0 <= point <= _MAX_CODE_POINT or 0xD800 <= point <= 0xDFFF:
            if options.errors == "strict":
                raise invalid_argument("Code point is out of range for Unicode, or is a surrogate.", options.op)
            if options.errors == "ignore":
                continue
            point = options.replacement
        pieces.append(chr(point))
    return "".join(pieces).encode(codec, "surrogatepass")


def _encode_rows(value, codec, options):
    """The strings of the code point rows of ``value`` (a RaggedTensor or Tensor of rank >= 1)."""
    if type(value) is RaggedTensor:
        if type(value.values) is RaggedTensor or value.values._t.ndim > 1:
            return value.with_values(_encode_rows(value.values, codec, options))
        points = value.values._t.tolist()
        bounds = value.row_splits._t.tolist()
        rows = [_encode_points(points[a:b], codec, options) for a, b in zip(bounds[:-1], bounds[1:])]
        return wrap(string_array(rows, (len(rows),)))
    backing = value._t
    if backing.ndim == 0:
        raise ValueError("input_tensor's rank must be at least 1.")
    matrix = backing.reshape(-1, backing.shape[-1]).tolist()
    rows = [_encode_points(row, codec, options) for row in matrix]
    return wrap(string_array(rows, tuple(backing.shape[:-1])))


@export("strings.unicode_encode")
def unicode_encode(input, output_encoding, errors="replace", replacement_char=65533, name=None):  # noqa: A002
    """The strings encoding the int32 code points of the innermost dimension of ``input``."""
    op = "UnicodeEncode"
    codec = _output_encoding(output_encoding, op)
    options = _Options(errors, replacement_char, False, op)
    if type(input) is RaggedTensor or isinstance(input, RaggedTensorValue):
        value = convert_values(input)
        if value.dtype != dtypes.int32:
            raise ValueError(f"Tensor conversion requested dtype int32 for Tensor with dtype {value.dtype.name}")
    else:
        value = wrap(_int32_points(input, op))
    return _encode_rows(value, codec, options)


@export("strings.unicode_transcode")
def unicode_transcode(input, input_encoding, output_encoding, errors="replace",  # noqa: A002
                      replacement_char=65533, replace_control_characters=False, name=None):
    """Each string decoded from ``input_encoding`` and encoded in ``output_encoding`` (same shape)."""
    op = "UnicodeTranscode"
    decoder = _decoder(input_encoding, op)
    codec = _output_encoding(output_encoding, op)
    options = _Options(errors, replacement_char, replace_control_characters, op)
    if type(input) is RaggedTensor:
        return input.with_flat_values(unicode_transcode(input.flat_values, input_encoding, output_encoding, errors,
                                                        replacement_char, replace_control_characters))
    strings = _strings(input, op)
    texts = ["".join(chr(p) for p, _ in options.apply(decoder(text))).encode(codec, "surrogatepass")
             for text in strings.reshape(-1)]
    return wrap(string_array(texts, strings.shape))


# --- script ------------------------------------------------------------------------------------------

@export("strings.unicode_script", status=PARTIAL,
        note="ICU's Script property as TF 2.21's ICU has it (recorded from TF into unicode_script_table.py); "
             "TF 1.15's older ICU gives 103 (Unknown) for characters newer than its Unicode version.")
def unicode_script(input, name=None):  # noqa: A002
    """The ICU UScriptCode of each int32 code point (-1 for values that are no code point)."""
    from .unicode_script_table import SCRIPTS, STARTS  # noqa: PLC0415 - a 1,600-range table, read on first use
    points = _int32_points(input, "UnicodeScript")
    flat = points.reshape(-1).tolist()
    codes = [SCRIPTS[bisect.bisect_right(STARTS, p) - 1] if 0 <= p <= _MAX_CODE_POINT else -1 for p in flat]
    return wrap(torch.tensor(codes, dtype=torch.int32, device=points.device).reshape(points.shape))


# --- ngrams ----------------------------------------------------------------------------------------

def _ngram_widths(ngram_width):
    widths = list(ngram_width) if isinstance(ngram_width, (list, tuple)) else [ngram_width]
    for width in widths:
        if not isinstance(width, (int, np.integer)) or isinstance(width, bool):
            raise TypeError(f"ngram_width must be an int or a list of ints, got {ngram_width!r}")
        if width < 1:
            raise ValueError(f"All ngram_widths must be greater than 0. Got {ngram_width}")
    return [int(width) for width in widths]


def _pads(pad_values):
    if pad_values is None:
        return b"", b""
    pair = pad_values if isinstance(pad_values, (list, tuple)) else (pad_values, pad_values)
    if len(pair) != 2 or not all(isinstance(pad, (str, bytes)) for pad in pair):
        raise TypeError("pad_values must be a string, tuple of strings, or None.")
    return tuple(pad.encode("utf-8") if isinstance(pad, str) else pad for pad in pair)


def _row_ngrams(tokens, widths, separator, pads, pad_width, preserve_short):
    """StringNGrams' output for one row of ``tokens``."""
    grams = []
    for width in widths:
        grams += _ngrams_of_width(tokens, width, separator, pads, pad_width)
    if preserve_short and not grams and tokens:
        grams += _ngrams_of_width(tokens, len(tokens) + 2 * pad_width, separator, pads, pad_width)[:1]
    return grams


def _ngrams_of_width(tokens, width, separator, pads, pad_width):
    pad = min(width - 1 if pad_width < 0 else pad_width, width - 1)
    padded = [pads[0]] * pad + list(tokens) + [pads[1]] * pad
    return [separator.join(padded[start:start + width]) for start in range(max(0, len(padded) - width + 1))]


@export("strings.ngrams")
def ngrams(data, ngram_width, separator=" ", pad_values=None, padding_width=None, preserve_short_sequences=False,
           name=None):
    """The n-grams of each row (innermost dimension) of ``data``, joined with ``separator``, padded with
    ``pad_values`` (``padding_width`` of them, ngram_width - 1 when None)."""
    widths = _ngram_widths(ngram_width)
    left, right = _pads(pad_values)
    if padding_width is not None:
        padding_width = attr_int(padding_width, "padding_width", "StringNGrams")
        if padding_width < 1:
            raise ValueError("padding_width must be greater than 0.")
        if pad_values is None:
            raise ValueError("pad_values must be provided if padding_width is set.")
    pad_width = 0 if pad_values is None else -1 if padding_width is None else padding_width
    sep = separator.encode("utf-8") if isinstance(separator, str) else separator
    if not isinstance(sep, bytes):
        raise TypeError(f"Expected string for argument 'separator' not {separator!r}.")

    def rows_ngrams(strings, bounds):
        return [_row_ngrams(list(strings[a:b]), widths, sep, (left, right), pad_width, bool(preserve_short_sequences))
                for a, b in zip(bounds[:-1], bounds[1:])]

    if type(data) is RaggedTensor or isinstance(data, RaggedTensorValue):
        rt = convert_values(data)
        if rt.dtype != dtypes.string:
            raise ValueError(f"Tensor conversion requested dtype string for Tensor with dtype {rt.dtype.name}")
        if type(rt.values) is RaggedTensor:
            return rt.with_values(ngrams(rt.values, ngram_width, separator, pad_values, padding_width,
                                         preserve_short_sequences))
        return _ragged_rows(rows_ngrams(rt.values._t, rt.row_splits._t.tolist()),
                            lambda items, _: string_array(items, (len(items),)), None)
    strings = string_input(data, "StringNGrams")
    if strings.ndim == 0:
        raise ValueError("Data must have rank>0")
    matrix = strings.reshape(-1, strings.shape[-1])
    rows = [_row_ngrams(list(row), widths, sep, (left, right), pad_width, bool(preserve_short_sequences))
            for row in matrix]
    counts = {len(row) for row in rows}
    if len(counts) > 1:
        raise invalid_argument("Input to reshape is a tensor with a different number of n-grams per row", "Reshape")
    count = counts.pop() if counts else 0
    return wrap(string_array([gram for row in rows for gram in row], tuple(strings.shape[:-1]) + (count,)))
