"""tf.strings.format and the tensor summaries it shares with tf.print: TF's
Tensor::SummarizeValue(summarize, print_v2=true), nested brackets with the first and last
``summarize`` entries of each dimension around "...".

Texts are built as latin-1 ``str`` (one character per byte), so string elements keep their
UTF-8 bytes, and encoded once at the end.
"""

import numpy as np

from ..framework.tensor import Tensor, convert, is_tensor, wrap
from ..registry import export
from .arguments import attr_int, string_attr

_ESCAPES = {ord("\n"): "\\n", ord("\r"): "\\r", ord("\t"): "\\t", ord('"'): '\\"', ord("'"): "\\'",
            ord("\\"): "\\\\"}
_ESCAPE_TABLE = {byte: _ESCAPES.get(byte, f"\\{byte:03o}") for byte in list(range(0x20)) + [0x7F]}
_ESCAPE_TABLE.update(_ESCAPES)


def _string_text(value):
    """A string element quoted and C-escaped as TF prints it (UTF-8 bytes kept as they are)."""
    return '"' + value.decode("latin-1").translate(_ESCAPE_TABLE) + '"'


def _float_text(value, short, long):
    """strings::StrCat's float: %.{short}g when it reads back as the same value, else %.{long}g."""
    if np.isnan(value):
        return "-nan" if np.signbit(value) else "nan"
    text = "%.*g" % (short, value)
    if type(value)(text) != value:
        text = "%.*g" % (long, value)
    return text


def _element_texts(flat):
    """The text of each element of the 1-D array ``flat`` (TF's PrintOneElement)."""
    kind = flat.dtype.kind
    if kind == "O":
        return [_string_text(value) for value in flat]
    if kind == "b":
        return ["1" if value else "0" for value in flat]
    if kind == "f":
        if flat.dtype == np.float64:
            return [_float_text(value, 15, 17) for value in flat]
        return [_float_text(value, 6, 9) for value in flat.astype(np.float32)]
    if kind == "c":
        return ["?"] * len(flat)  # TF has no printer for complex elements
    return [str(value) for value in flat.tolist()]


def _spacing(dim, rank):
    if dim == rank - 1:
        return " "
    return "\n" * (rank - dim - 1) + " " * (dim + 1)


def _print_dim(texts, shape, ends, dim, offset, parts):
    """TF's PrintOneDimV2 over dimension ``dim``: ``shape`` is the tensor's, ``texts`` the element
    texts of its printed part (each dimension cut to its first and last ``ends`` entries), read
    from ``offset``."""
    if dim == len(shape):
        parts.append(texts[offset])
        return
    count = shape[dim]
    skipped = count - 2 * ends if count > 2 * ends else 0
    stride = int(np.prod([min(size, 2 * ends) for size in shape[dim + 1:]], dtype=np.int64))
    separator = _spacing(dim, len(shape))
    parts.append("[")
    for i in range(min(ends, count)):
        if i:
            parts.append(separator)
        _print_dim(texts, shape, ends, dim + 1, offset + stride * i, parts)
    if skipped:
        parts.append(separator + "...")
    for i in range(max(ends, count - ends), count):
        parts.append(separator)
        _print_dim(texts, shape, ends, dim + 1, offset + stride * (i - skipped), parts)
    parts.append("]")


def summary_text(array, summarize_count):
    """``array`` (a NumPy array) as TF's SummarizeValue(summarize_count, print_v2=true) writes it:
    latin-1 text of its bytes.  A negative ``summarize_count`` shows every element."""
    flat = array.reshape(-1)
    limit = flat.size if summarize_count < 0 else min(summarize_count, flat.size)
    if array.ndim == 0:
        return " ".join(_element_texts(flat[:limit])) + ("..." if flat.size > limit else "")
    texts = _element_texts(_ends_only(array, limit).reshape(-1))
    parts = []
    _print_dim(texts, array.shape, limit, 0, 0, parts)
    return "".join(parts)


def _ends_only(array, ends):
    """``array`` with each dimension cut to its first and last ``ends`` entries (what is printed),
    so that only printed elements are formatted."""
    for axis, size in enumerate(array.shape):
        if size > 2 * ends:
            array = np.concatenate([np.take(array, range(ends), axis),
                                    np.take(array, range(size - ends, size), axis)], axis)
    return array


def tensor_summary(value, summarize_count):
    """A tensor (or anything tf.convert_to_tensor takes) summarized as bytes."""
    backing = convert(value)
    array = backing if type(backing) is np.ndarray else np.asarray(wrap(backing).numpy())
    return summary_text(array, summarize_count).encode("latin-1")


@export("strings.format")
def string_format(template, inputs, placeholder="{}", summarize=3, name=None):  # noqa: A002 - TF's name
    """``template`` with each ``placeholder`` replaced by the summary of the next tensor of ``inputs``
    (a list, or one tensor): a scalar tf.string tensor."""
    if is_tensor(inputs) or type(inputs) is Tensor:
        inputs = [inputs]
    if not isinstance(template, str):
        raise TypeError(f"Expected string for argument 'template' not {template!r}.")
    placeholder = string_attr(placeholder, "placeholder", "StringFormat")
    count = template.count(placeholder)
    if count != len(inputs):
        raise ValueError(f"{count} placeholder(s) in template does not match {len(inputs)} tensor(s) provided as "
                         "input")
    limit = attr_int(summarize, "summarize", "StringFormat")
    pieces = template.split(placeholder)
    parts = [pieces[0].encode("utf-8")]
    for value, piece in zip(inputs, pieces[1:]):
        parts += [tensor_summary(value, limit), piece.encode("utf-8")]
    return wrap(np.array(b"".join(parts), dtype=object))
