"""tf.data.experimental.CsvDataset and make_csv_dataset (also under tf.contrib.data), as TF 1.15's.

CsvDataset streams the records of CSV files (a header line skipped per file when ``header``) and
parses each with tf.decode_csv's rules into a tuple of scalars.  make_csv_dataset builds TF 1.15's
pipeline: files matched by the pattern (shuffled when ``shuffle``), column names from the first
header, column types inferred from the first rows when no defaults are given, one CsvDataset per
file interleaved ``num_parallel_reads`` at a time, shuffle/repeat, ``batch`` (dropping the short
last batch when ``num_epochs`` is None, as TF 1.15 does), then a dict of columns with the label
popped out.
"""

import collections
import csv
import io
import os

import numpy as np

from ..framework import dtypes
from ..framework.errors import OpError
from ..framework.tensor import convert, wrap
from ..framework.tensor_shape import TensorShape
from ..ops.parsing_ops import csv_columns, csv_parse_record
from ..platform import gfile
from ..registry import PARTIAL, export
from .dataset_ops import Dataset
from .readers import _FileReaderDataset
from .structure import ComponentSpec, Failed
from .transformations import IgnoreErrorsDataset
from .tf_record import open_input

_NOTE = ("Parses each record with tf.decode_csv's rules and messages (no record index, as TF's CsvDataset); a "
         "record that does not parse is reported in its place, a file that cannot be read ends the dataset.")


@export("data.experimental.CsvDataset", "contrib.data.CsvDataset", status=PARTIAL, note=_NOTE)
class CsvDataset(_FileReaderDataset):
    """The records of CSV files as tuples of scalars typed and defaulted by ``record_defaults``."""

    def __init__(self, filenames, record_defaults, compression_type=None, buffer_size=None, header=False,
                 field_delim=",", use_quote_delim=True, na_value="", select_cols=None, exclude_cols=None):
        super().__init__(filenames, compression_type, buffer_size, None)
        if select_cols is not None and exclude_cols is not None:
            raise ValueError("Either select_cols or exclude_cols should be set, but not both.")
        self._columns = csv_columns(record_defaults, select_cols, field_delim, na_value)
        self._exclude = None if exclude_cols is None else sorted(int(column) for column in exclude_cols)
        self._header = bool(header)
        self._quotes = bool(use_quote_delim)

    def _compute_spec(self):
        return tuple(ComponentSpec(dtype, TensorShape([])) for dtype, _ in self._columns.defaults)

    def _records(self, stream, path):
        pending = b""
        for line in stream:
            line = pending + line
            if self._quotes and line.count(b'"') % 2:  # a quoted field runs on past this line end
                pending = line
                continue
            pending = b""
            yield line.rstrip(b"\n").rstrip(b"\r") if line.endswith(b"\n") else line
        if pending:
            yield pending

    def _sequential(self):
        for name in self._filenames._elements():
            if (yield from self._file_elements(name)):
                return

    def _file_elements(self, name):
        """The records of one file as tuples; a record that does not parse is reported in its place and
        reading goes on (so ignore_errors skips it, as TF's), a file that cannot be read ends the dataset
        (the generator returns True then)."""
        if type(name) is Failed:
            yield name
            return True
        path = os.fsdecode(name.item())
        try:
            with open_input(path, self._compression, self._buffer) as stream:
                records = self._records(stream, path)
                if self._header:
                    next(records, None)
                for record in records:
                    try:
                        yield tuple(csv_parse_record(record, None, self._columns, self._quotes, self._exclude))
                    except OpError as error:
                        yield Failed(error)
        except OpError as error:
            yield Failed(error)
            return True
        return False


# --- make_csv_dataset ------------------------------------------------------------------------------

def _file_names(file_pattern, shuffle):
    patterns = file_pattern if isinstance(file_pattern, (list, tuple)) else [file_pattern]
    names = [name for pattern in patterns for name in gfile.Glob(pattern)]
    if not names:
        raise ValueError(f"No files match {file_pattern}.")
    return names if shuffle else sorted(names)


def _first_rows(filename, field_delim, use_quote_delim, compression_type, count):
    with open_input(filename, compression_type or "") as stream:
        text = io.TextIOWrapper(stream, encoding="utf-8", newline="")
        reader = csv.reader(text, delimiter=field_delim, quoting=csv.QUOTE_MINIMAL if use_quote_delim
                            else csv.QUOTE_NONE)
        return [row for _, row in zip(range(count), reader)]


_INFERENCE_ORDER = (dtypes.int32, dtypes.int64, dtypes.float32, dtypes.float64, dtypes.string)


def _fits(text, dtype):
    if dtype == dtypes.string:
        return True
    try:
        if dtype.is_integer:
            value = int(text)
            return dtype.min <= value <= dtype.max
        value = float(text)
        return dtype == dtypes.float64 or not np.isinf(np.float32(value)) or np.isinf(value)
    except ValueError:
        return False


def _infer_type(text, na_value, previous):
    """TF 1.15's _infer_type: the narrowest of int32, int64, float32, float64, string that holds
    ``text`` and every earlier value of the column."""
    if text in ("", na_value):
        return previous
    start = _INFERENCE_ORDER.index(previous) if previous is not None else 0
    return next(dtype for dtype in _INFERENCE_ORDER[start:] if _fits(text, dtype))


def _inferred_defaults(filenames, column_count, select, field_delim, use_quote_delim, na_value, header,
                       rows_for_inference, compression_type):
    types = [None] * column_count
    rows_read = 0
    for filename in filenames:
        rows = _first_rows(filename, field_delim, use_quote_delim, compression_type,
                           rows_for_inference - rows_read + int(header))
        for row in rows[int(header):]:
            for position, column in enumerate(select):
                if column < len(row):
                    types[position] = _infer_type(row[column], na_value, types[position])
            rows_read += 1
        if rows_read >= rows_for_inference:
            break
    return [wrap(convert([""] if dtype in (None, dtypes.string) else [0], dtype or dtypes.string))
            for dtype in types]


def _column_indices(select_columns, column_names):
    if select_columns is None:
        return list(range(len(column_names)))
    if all(isinstance(column, int) for column in select_columns):
        indices = list(select_columns)
    elif all(isinstance(column, str) for column in select_columns):
        missing = [column for column in select_columns if column not in column_names]
        if missing:
            raise ValueError(f"Value(s) {missing} in `select_columns` not found in `column_names`.")
        indices = [column_names.index(column) for column in select_columns]
    else:
        raise ValueError("`select_columns` must be a list of all integers or all strings.")
    if sorted(indices) != indices or len(set(indices)) != len(indices):
        indices = sorted(set(indices))
    if indices and (indices[0] < 0 or indices[-1] >= len(column_names)):
        raise ValueError("Column index out of range in `select_columns`.")
    return indices


@export("data.experimental.make_csv_dataset", "contrib.data.make_csv_dataset", status=PARTIAL,
        note="sloppy is ignored (files are interleaved in TF's deterministic order); encoding must be utf-8.")
def make_csv_dataset(file_pattern, batch_size, column_names=None, column_defaults=None, label_name=None,
                     select_columns=None, field_delim=",", use_quote_delim=True, na_value="", header=True,
                     num_epochs=None, shuffle=True, shuffle_buffer_size=10000, shuffle_seed=None,
                     prefetch_buffer_size=None, num_parallel_reads=None, sloppy=False, num_rows_for_inference=100,
                     compression_type=None, ignore_errors=False, encoding="utf-8"):
    """Batches of ({column name: values}, label) read from the CSV files matching ``file_pattern``."""
    if str(encoding).lower().replace("-", "") != "utf8":
        raise ValueError(f"tfcompat's make_csv_dataset reads utf-8 files only, not encoding={encoding!r}")
    filenames = _file_names(file_pattern, shuffle)
    if column_names is None:
        if not header:
            raise ValueError("Cannot infer column names without a header line.")
        column_names = _first_rows(filenames[0], field_delim, use_quote_delim, compression_type, 1)[0]
    column_names = list(column_names)
    if len(set(column_names)) != len(column_names):
        raise ValueError("Cannot have duplicate column names.")
    select = _column_indices(select_columns, column_names)
    if select_columns is not None:
        column_names = [column_names[index] for index in select]
    if label_name is not None and label_name not in column_names:
        raise ValueError("`label_name` provided must be one of the columns.")
    if column_defaults is None:
        column_defaults = _inferred_defaults(filenames, len(select), select, field_delim, use_quote_delim, na_value,
                                             header, num_rows_for_inference, compression_type)
    elif len(column_defaults) != len(column_names):
        raise ValueError("The number of column defaults does not match the number of column names.")
    select_cols = select if select_columns is not None or len(select) != len(column_defaults) else None

    def file_dataset(filename):
        return CsvDataset(filename, column_defaults, compression_type=compression_type, header=header,
                          field_delim=field_delim, use_quote_delim=use_quote_delim, na_value=na_value,
                          select_cols=select_cols)

    dataset = Dataset.from_tensor_slices(filenames)
    if shuffle:
        dataset = dataset.shuffle(len(filenames), shuffle_seed)
    dataset = dataset.interleave(file_dataset, cycle_length=num_parallel_reads or 1)
    if ignore_errors:
        dataset = IgnoreErrorsDataset(dataset)
    if num_epochs != 1 and shuffle:
        dataset = dataset.shuffle(shuffle_buffer_size, shuffle_seed).repeat(num_epochs)
    elif num_epochs != 1:
        dataset = dataset.repeat(num_epochs)
    elif shuffle:
        dataset = dataset.shuffle(shuffle_buffer_size, shuffle_seed)
    dataset = dataset.batch(batch_size, drop_remainder=num_epochs is None)

    def to_features(*columns):
        features = collections.OrderedDict(zip(column_names, columns))
        if label_name is None:
            return features
        label = features.pop(label_name)
        return features, label

    dataset = dataset.map(to_features)
    return dataset.prefetch(prefetch_buffer_size or 1)

