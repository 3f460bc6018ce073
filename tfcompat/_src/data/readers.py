"""tf.data's file readers: ``TextLineDataset``, ``FixedLengthRecordDataset``, ``TFRecordDataset``.

Each reads its files (a name, a list or tensor of names, or a dataset of tf.string
scalars) one after another, or ``num_parallel_reads`` at a time in TF's interleaved
order, and yields tf.string scalars.  Files are streamed through a buffer, never read
whole; ``compression_type`` "ZLIB" / "GZIP" inflates them on the way (``tf_record.py``
holds the stream helpers and TFRecord's framing).  A file that cannot be read, or a
damaged record, is reported in its place, and the dataset ends there.
"""

import os

import numpy as np

from ..framework import dtypes
from ..framework.errors import InvalidArgumentError, OpError, invalid_argument
from ..framework.tensor import convert
from ..framework.tensor_shape import TensorShape
from ..registry import PARTIAL, export
from .dataset_ops import Dataset, scalar_int
from .structure import ComponentSpec, Failed
from .tf_record import open_input, read_records
from .transformations import InterleaveDataset

_STRING_SCALAR = ComponentSpec(dtypes.string, TensorShape([]))
_COMPRESSION_TYPES = ("", "ZLIB", "GZIP")
_ERRORS_END_IT = ("A file that cannot be read, or a damaged record, is reported once (TF's error class and text, "
                  "naming the file), and then the dataset ends; TF's iterator repeats the error on later calls.")


def _filenames_dataset(filenames):
    """The file names as a dataset of tf.string scalars."""
    if isinstance(filenames, Dataset):
        if filenames.output_types != dtypes.string:
            raise TypeError("`filenames` must be a `tf.data.Dataset` of `tf.string` elements.")
        if not filenames.output_shapes.is_compatible_with(TensorShape([])):
            raise ValueError("`filenames` must be a `tf.data.Dataset` of scalar `tf.string` elements.")
        return filenames
    names = convert(filenames)
    if type(names) is not np.ndarray or names.dtype != object:
        raise TypeError(f"`filenames` must be a `tf.Tensor` of dtype `tf.string` dtype. Got {names.dtype}")
    return Dataset.from_tensor_slices(names.reshape(-1))


def _compression_type(value):
    text = "" if value is None else convert(value).item()
    text = text.decode() if isinstance(text, bytes) else text
    if text not in _COMPRESSION_TYPES:
        raise InvalidArgumentError(None, None, "Unsupported compression_type.")
    return text


def _buffer_size(value):
    size = None if value is None else scalar_int(value, "buffer_size", "ReaderDataset")
    if size is not None and size < 0:
        raise invalid_argument("`buffer_size` must be >= 0 (0 == no buffering)", "ReaderDataset")
    return size or None


class _FileReaderDataset(Dataset):
    """What the readers share: the file names, compression, buffering, parallel reads and the
    streaming loop.  A subclass says how one open file becomes records (``_records``)."""

    def __init__(self, filenames, compression_type, buffer_size, num_parallel_reads):
        self._filenames = _filenames_dataset(filenames)
        self._compression = _compression_type(compression_type)
        self._buffer = _buffer_size(buffer_size)
        self._parallel = None if num_parallel_reads is None else scalar_int(
            num_parallel_reads, "num_parallel_reads", type(self).__name__)

    def _records(self, stream, path):
        raise NotImplementedError

    def _compute_spec(self):
        return _STRING_SCALAR

    def _elements(self):
        if self._parallel is not None:
            return _FilesInterleaved(self)._elements()
        return self._sequential()

    def _sequential(self):
        for name in self._filenames._elements():
            for element in self._file_elements(name):
                yield element
                if type(element) is Failed:
                    return

    def _file_elements(self, name):
        """The records of one file (``name`` a tf.string element) as elements; an error is the last."""
        if type(name) is Failed:
            yield name
            return
        path = os.fsdecode(name.item())
        try:
            with open_input(path, self._compression, self._buffer) as stream:
                for record in self._records(stream, path):
                    yield np.array(record, dtype=object)
        except OpError as error:
            yield Failed(error)


class _FilesInterleaved(InterleaveDataset):
    """``num_parallel_reads``: TF's parallel interleave of the files, in its deterministic order
    (``num_parallel_reads`` files open, one record from each in turn)."""

    def __init__(self, reader):
        super().__init__(reader._filenames, reader._file_elements, reader._parallel, 1)

    def _open(self, element):
        return self._function(element)

    def _compute_spec(self):
        return _STRING_SCALAR


@export("data.TextLineDataset", status=PARTIAL, note=_ERRORS_END_IT)
class TextLineDataset(_FileReaderDataset):
    """The lines of one or more text files, without their line ends ("\\n" or "\\r\\n")."""

    def __init__(self, filenames, compression_type=None, buffer_size=None, num_parallel_reads=None, name=None):
        super().__init__(filenames, compression_type, buffer_size, num_parallel_reads)

    def _records(self, stream, path):
        for line in stream:
            if line.endswith(b"\n"):
                line = line[:-1]
            yield line[:-1] if line.endswith(b"\r") else line


@export("data.FixedLengthRecordDataset", status=PARTIAL, note=_ERRORS_END_IT)
class FixedLengthRecordDataset(_FileReaderDataset):
    """Records of ``record_bytes`` bytes from files with a ``header_bytes`` header and a
    ``footer_bytes`` footer."""

    def __init__(self, filenames, record_bytes, header_bytes=None, footer_bytes=None, buffer_size=None,
                 compression_type=None, num_parallel_reads=None, name=None):
        super().__init__(filenames, compression_type, buffer_size, num_parallel_reads)
        self._record = scalar_int(record_bytes, "record_bytes", "FixedLengthRecordDataset")
        self._header = 0 if header_bytes is None else scalar_int(header_bytes, "header_bytes",
                                                                 "FixedLengthRecordDataset")
        self._footer = 0 if footer_bytes is None else scalar_int(footer_bytes, "footer_bytes",
                                                                 "FixedLengthRecordDataset")
        if self._record <= 0:
            raise invalid_argument(f"record_bytes must be > 0 but it is {self._record}", "FixedLengthRecordDataset")
        if self._header < 0 or self._footer < 0:
            raise invalid_argument("header_bytes and footer_bytes must be >= 0", "FixedLengthRecordDataset")

    def _records(self, stream, path):
        return self._inflated_records(stream) if self._compression else self._plain_records(stream, path)

    def _plain_records(self, stream, path):
        body = os.path.getsize(path) - self._header - self._footer
        if body % self._record:
            raise InvalidArgumentError(
                None, None, f"Excluding the header ({self._header} bytes) and footer ({self._footer} bytes), input "
                            f"file \"{path}\" has body length {body} bytes, which is not an exact multiple of the "
                            f"record length ({self._record} bytes).")
        stream.read(self._header)
        for _ in range(body // self._record):
            yield stream.read(self._record)

    def _inflated_records(self, stream):
        # The size is unknown before the end: a record is complete once a footer's worth follows it.
        stream.read(self._header)
        window = self._record + self._footer
        pending = stream.read(window)
        while len(pending) == window:
            yield pending[:self._record]
            pending = pending[self._record:] + stream.read(self._record)


@export("data.TFRecordDataset", status=PARTIAL, note=_ERRORS_END_IT)
class TFRecordDataset(_FileReaderDataset):
    """The records of one or more TFRecord files."""

    def __init__(self, filenames, compression_type=None, buffer_size=None, num_parallel_reads=None, name=None):
        super().__init__(filenames, compression_type, buffer_size, num_parallel_reads)

    def _records(self, stream, path):
        return read_records(stream, path)


# TF 1.3-1.4 kept the same classes under tf.contrib.data.
for _reader in (TextLineDataset, FixedLengthRecordDataset, TFRecordDataset):
    export(f"contrib.data.{_reader.__name__}", status=PARTIAL,
           note=f"TF 1.3-1.4's name for tf.data.{_reader.__name__}: see it.")(_reader)
