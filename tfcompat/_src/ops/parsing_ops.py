"""tf.decode_csv and tf.decode_raw, with the rules and messages of TF's DecodeCSV and DecodeRaw kernels.

decode_csv splits each record as TF's kernel does (RFC 4180 quotes when ``use_quote_delim``: a
quoted field may hold delimiters and doubled quotes, an unquoted one no quote or CR/LF; an empty
record has no field), fills empty and ``na_value`` fields from ``record_defaults`` and parses the
others with TF's number rules (surrounding whitespace allowed, no trailing text).
"""

import numpy as np
import torch

from ..framework import context, dtypes
from ..framework.dtypes import as_dtype, dtype_of
from ..framework.errors import attr_error, invalid_argument
from ..framework.tensor import convert, wrap
from ..registry import export
from .arguments import deprecated_argument_lookup
from .string_ops import parse_number, string_array, string_input

_CSV_TYPES = (dtypes.float32, dtypes.float64, dtypes.int32, dtypes.int64, dtypes.string)
_CSV_TYPE_NAMES = "float, double, int32, int64, string"
_TYPE_TEXT = {dtypes.float32: "float", dtypes.float64: "double", dtypes.int32: "int32", dtypes.int64: "int64"}


def split_csv_record(record, delim, use_quote_delim):
    """The fields of one CSV record (bytes), as TF's DecodeCSV kernel splits them."""
    fields, size, i = [], len(record), 0
    if size == 0:
        return fields
    while i <= size:
        if use_quote_delim and i < size and record[i] == 0x22:  # a quoted field
            piece, i = bytearray(), i + 1
            while True:
                if i >= size:
                    raise invalid_argument("Quoted field has to end with quote followed by delim or end", "DecodeCSV")
                if record[i] == 0x22:
                    if i + 1 < size and record[i + 1] == 0x22:
                        piece.append(0x22)
                        i += 2
                        continue
                    if i + 1 < size and record[i + 1] != delim:
                        raise invalid_argument("Quoted field has to end with quote followed by delim or end",
                                               "DecodeCSV")
                    i += 1
                    break
                piece.append(record[i])
                i += 1
            fields.append(bytes(piece))
        else:
            end = record.find(bytes([delim]), i)
            end = size if end < 0 else end
            piece = record[i:end]
            if use_quote_delim and (b'"' in piece or b"\n" in piece or b"\r" in piece):
                raise invalid_argument("Unquoted fields cannot have quotes/CRLFs inside", "DecodeCSV")
            fields.append(piece)
            i = end
        if i >= size:
            break
        i += 1  # the delimiter
        if i == size:  # a record ending with the delimiter has an empty last field
            fields.append(b"")
            break
    return fields


def _record_defaults(record_defaults):
    """(dtype, default value or None when the field is required) per column."""
    columns = []
    for default in record_defaults:
        backing = convert(default)
        dtype = dtype_of(backing)
        if dtype not in _CSV_TYPES:
            raise attr_error("DecodeCSV", "OUT_TYPE", dtype, _CSV_TYPE_NAMES)
        if len(backing.shape) > 1:
            raise invalid_argument("Each record default should be at most rank 1", "DecodeCSV")
        flat = backing.reshape(-1)
        value = None if len(flat) == 0 else (flat[0] if type(flat) is np.ndarray else flat[0].item())
        columns.append((dtype, value))
    return columns


def _select_cols(select_cols, count):
    if select_cols is None:
        return None
    columns = [int(column) for column in select_cols]
    if any(columns[i] >= columns[i + 1] for i in range(len(columns) - 1)):
        raise ValueError("select_cols is not strictly increasing.")
    if columns and columns[0] < 0:
        raise ValueError("select_cols contains negative values.")
    if len(columns) != count:
        raise ValueError("Length of select_cols and record_defaults do not match.")
    return columns


def _single_byte(value, name):
    text = value if isinstance(value, bytes) else str(value).encode("utf-8")
    if len(text) != 1:
        raise invalid_argument(f"{name} should be only 1 char", "DecodeCSV")
    return text[0]


def _record(index):
    """How messages name a record: decode_csv gives its index, CsvDataset's kernel none (index None)."""
    return "record" if index is None else f"record {index}"


def _field_value(field, column, record_index, dtype, default, na_value):
    if field == b"" or field == na_value:
        if default is None:
            raise invalid_argument(f"Field {column} is required but missing in {_record(record_index)}!", "DecodeCSV")
        return default
    if dtype == dtypes.string:
        return field
    value = parse_number(field, dtype)
    if value is None:
        raise invalid_argument(f"Field {column} in {_record(record_index)} is not a valid {_TYPE_TEXT[dtype]}: "
                               f"{field.decode('utf-8', 'replace')}", "DecodeCSV")
    return value


class CsvColumns:
    """What decode_csv and CsvDataset need to parse records: per column (dtype, default or None),
    the selected columns (or None), the delimiter byte and the NA text."""

    __slots__ = ("defaults", "select", "delim", "na")

    def __init__(self, defaults, select, delim, na):
        self.defaults, self.select, self.delim, self.na = defaults, select, delim, na


def csv_columns(record_defaults, select_cols, field_delim, na_value):
    """The checked CsvColumns of decode_csv's arguments (TF's ValueErrors and kernel errors)."""
    if not isinstance(record_defaults, (list, tuple)):
        raise TypeError(f"Expected list for 'record_defaults' argument to 'decode_csv' Op, not {record_defaults!r}.")
    select = _select_cols(select_cols, len(record_defaults))
    defaults = _record_defaults(record_defaults)
    delim = _single_byte(field_delim, "field_delim")
    na = na_value.encode("utf-8") if isinstance(na_value, str) else bytes(na_value)
    return CsvColumns(defaults, select, delim, na)


def csv_fields(record, record_index, columns, use_quote_delim, exclude=None):
    """The fields of one record that ``columns`` describes, checked for their number."""
    fields = split_csv_record(record, columns.delim, use_quote_delim)
    wanted = len(columns.defaults)
    if exclude is not None:
        fields = [field for index, field in enumerate(fields) if index not in exclude]
    if columns.select is not None:
        present = [column for column in columns.select if column < len(fields)]
        if len(present) != wanted:
            raise invalid_argument(f"Expect {wanted} fields but have {len(present)} in {_record(record_index)}",
                                   "DecodeCSV")
        return [fields[column] for column in columns.select]
    if len(fields) != wanted:
        raise invalid_argument(f"Expect {wanted} fields but have {len(fields)} in {_record(record_index)}",
                               "DecodeCSV")
    return fields


def csv_parse_record(record, record_index, columns, use_quote_delim, exclude=None):
    """One record as backing scalars, one per column (``record_index`` None: messages name no index)."""
    fields = csv_fields(record, record_index, columns, use_quote_delim, exclude)
    return [_column([_field_value(field, column, record_index, dtype, default, columns.na)], dtype, ())
            for column, (field, (dtype, default)) in enumerate(zip(fields, columns.defaults))]


@export("decode_csv", "io.decode_csv")
def decode_csv(records, record_defaults, field_delim=",", use_quote_delim=True, name=None, na_value="",
               select_cols=None):
    """One tensor per column of the CSV ``records`` (each the records' shape), typed and defaulted by
    ``record_defaults`` (an empty default makes the column required)."""
    strings = string_input(records, "DecodeCSV")
    columns = csv_columns(record_defaults, select_cols, field_delim, na_value)
    outputs = [[] for _ in columns.defaults]
    for record_index, record in enumerate(strings.reshape(-1)):
        fields = csv_fields(record, record_index, columns, bool(use_quote_delim))
        for column, (field, (dtype, default)) in enumerate(zip(fields, columns.defaults)):
            outputs[column].append(_field_value(field, column, record_index, dtype, default, columns.na))
    return [wrap(_column(values, dtype, strings.shape)) for values, (dtype, _) in zip(outputs, columns.defaults)]


def _column(values, dtype, shape):
    """The backing of a column's ``values`` in ``shape``."""
    if dtype == dtypes.string:
        return string_array(values, shape)
    array = np.array(values, dtype=dtype._numpy).reshape(shape)
    return torch.from_numpy(array).to(context.current_device())


_RAW_TYPES = (dtypes.float16, dtypes.float32, dtypes.float64, dtypes.int32, dtypes.uint16, dtypes.uint8,
              dtypes.int16, dtypes.int8, dtypes.int64, dtypes.complex64, dtypes.complex128, dtypes.bool_,
              dtypes.bfloat16)
_RAW_TYPE_NAMES = ("half, float, double, int32, uint16, uint8, int16, int8, int64, complex64, complex128, bool, "
                   "bfloat16")


@export("decode_raw", "io.decode_raw")
def decode_raw(input_bytes=None, out_type=None, little_endian=True, name=None, bytes=None):  # noqa: A002
    """Each string's bytes read as a vector of ``out_type`` numbers (all strings of one size): a tensor
    of the input's shape plus that vector's length."""
    input_bytes = deprecated_argument_lookup("input_bytes", input_bytes, "bytes", bytes)
    if out_type is None:
        raise TypeError("decode_raw() missing required argument 'out_type'")
    dtype = as_dtype(out_type)
    if dtype not in _RAW_TYPES:
        raise attr_error("DecodeRaw", "out_type", dtype, _RAW_TYPE_NAMES)
    strings = string_input(input_bytes, "DecodeRaw")
    flat = strings.reshape(-1)
    torch_dtype = dtype._torch
    itemsize = torch.empty((), dtype=torch_dtype).element_size()
    size = len(flat[0]) if len(flat) else 0
    for index, item in enumerate(flat):
        if len(item) % itemsize:
            raise invalid_argument(f"Input to DecodeRaw has length {len(item)} that is not a multiple of "
                                   f"{itemsize}, the size of {_raw_type_text(dtype)}", "DecodeRaw")
        if len(item) != size:
            raise invalid_argument(f"DecodeRaw requires input strings to all be the same size, but element "
                                   f"{index} has size {size} != {len(item)}", "DecodeRaw")
    shape = tuple(strings.shape) + (size // itemsize,)
    if size == 0 or not len(flat):
        return wrap(torch.zeros(shape, dtype=torch_dtype, device=context.current_device()))
    raw = np.frombuffer(b"".join(flat), dtype=np.uint8).copy()
    if not little_endian and itemsize > 1:
        parts = 2 if dtype.is_complex else 1
        raw = raw.reshape(-1, itemsize // parts)[:, ::-1].reshape(-1).copy()
    values = torch.from_numpy(raw).view(torch_dtype)
    return wrap(values.reshape(shape).to(context.current_device()))


def _raw_type_text(dtype):
    return {dtypes.float32: "float", dtypes.float64: "double", dtypes.float16: "half"}.get(dtype, dtype.name)

