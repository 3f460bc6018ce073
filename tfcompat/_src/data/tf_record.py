"""TFRecord files: TF's framing, compression options, ``TFRecordWriter`` and ``tf_record_iterator``.

A record is ``uint64 length`` (little-endian), ``uint32 masked_crc32c(length bytes)``,
the data, ``uint32 masked_crc32c(data)``.  A file is those records back to back, whole
or deflated (ZLIB: a zlib stream, GZIP: a gzip stream) with TF's zlib settings
(level -1, window bits 15, mem level 9, default strategy) and TF's input buffering and
flushes (``_Deflater``), so the bytes equal TF's for the same records and options
(tests/conformance/golden/tfrecord/ holds files TF wrote).  Reading streams one record
at a time.

The CRC32C comes from the ``google-crc32c`` package, imported on first use.
"""

import io
import os
import struct
import zlib

from ..framework.errors import DataLossError, FailedPreconditionError, NotFoundError, PermissionDeniedError
from ..registry import export

_LENGTH = struct.Struct("<Q")
_CRC = struct.Struct("<I")
_HEADER_SIZE = _LENGTH.size + _CRC.size
_MASK_DELTA = 0xA282EAD8
_GZIP_WINDOW_OFFSET = 16  # zlib's window_bits + 16 writes and reads a gzip wrapper
_DEFAULT_MEM_LEVEL = 9  # TF's ZlibCompressionOptions defaults (Python's zlib uses mem level 8)
_DEFAULT_BUFFER_SIZE = 256 << 10


_crc32c = None  # google_crc32c.value, once loaded


def _load_crc32c():
    global _crc32c
    try:
        import google_crc32c  # noqa: PLC0415 - lazy: only TFRecord files need it
    except ImportError:
        raise ImportError("TFRecord files need the google-crc32c package: pip install google-crc32c") from None
    _crc32c = google_crc32c.value
    return _crc32c


def masked_crc32c(data):
    """TF's masked CRC32C of ``data`` (rotated right by 15 bits, plus a constant)."""
    crc = (_crc32c or _load_crc32c())(data)
    return (((crc >> 15) | (crc << 17)) + _MASK_DELTA) & 0xFFFFFFFF


# --- compression options ------------------------------------------------------------------------------

@export("io.TFRecordCompressionType", "python_io.TFRecordCompressionType")
class TFRecordCompressionType:
    """The type of compression for a TFRecord file."""
    NONE = 0
    ZLIB = 1
    GZIP = 2


@export("io.TFRecordOptions", "python_io.TFRecordOptions")
class TFRecordOptions:
    """Options used for manipulating TFRecord files."""

    compression_type_map = {
        TFRecordCompressionType.ZLIB: "ZLIB",
        TFRecordCompressionType.GZIP: "GZIP",
        TFRecordCompressionType.NONE: "",
    }

    def __init__(self, compression_type=None, flush_mode=None, input_buffer_size=None, output_buffer_size=None,
                 window_bits=None, compression_level=None, compression_method=None, mem_level=None,
                 compression_strategy=None):
        self.get_compression_type_string(compression_type)  # raises ValueError for an unknown type
        self.compression_type = compression_type
        self.flush_mode = flush_mode
        self.input_buffer_size = input_buffer_size
        self.output_buffer_size = output_buffer_size
        self.window_bits = window_bits
        self.compression_level = compression_level
        self.compression_method = compression_method
        self.mem_level = mem_level
        self.compression_strategy = compression_strategy

    @classmethod
    def get_compression_type_string(cls, options):
        """"", "ZLIB" or "GZIP" for options, a compression type, or its string."""
        if not options:
            return ""
        if isinstance(options, TFRecordOptions):
            return cls.get_compression_type_string(options.compression_type)
        if isinstance(options, (int, str)) and not isinstance(options, bool):
            if options in cls.compression_type_map:
                return cls.compression_type_map[options]
            if options in cls.compression_type_map.values():
                return options
        raise ValueError('Not a valid compression_type: "{}"'.format(options))

    def _deflater(self, file):
        """A ``_Deflater`` writing to ``file`` with these options, or None when the file is not compressed."""
        kind = self.get_compression_type_string(self)
        if not kind:
            return None
        # As in TF, window_bits replaces the default, GZIP's +16 included (GZIP with window_bits writes zlib).
        window_bits = self.window_bits
        if window_bits is None:
            window_bits = zlib.MAX_WBITS + (_GZIP_WINDOW_OFFSET if kind == "GZIP" else 0)
        compressor = zlib.compressobj(
            zlib.Z_DEFAULT_COMPRESSION if self.compression_level is None else self.compression_level,
            zlib.DEFLATED if self.compression_method is None else self.compression_method,
            window_bits,
            _DEFAULT_MEM_LEVEL if self.mem_level is None else self.mem_level,
            zlib.Z_DEFAULT_STRATEGY if self.compression_strategy is None else self.compression_strategy)
        return _Deflater(file, compressor, zlib.Z_NO_FLUSH if self.flush_mode is None else self.flush_mode,
                         _DEFAULT_BUFFER_SIZE if self.input_buffer_size is None else self.input_buffer_size)


class _Deflater:
    """TF's ZlibOutputBuffer, as far as it decides the bytes: input collects in a buffer of
    ``input_buffer_size``; when a piece does not fit, the buffer is deflated with ``flush_mode``
    (and a piece larger than the buffer is deflated directly); ``flush()`` deflates it with
    Z_PARTIAL_FLUSH and ``close()`` with Z_FINISH.  Checked byte for byte against TF's files."""

    def __init__(self, file, compressor, flush_mode, buffer_size):
        self._file, self._compressor, self._flush_mode = file, compressor, flush_mode
        self._buffer, self._buffered, self._capacity = [], 0, buffer_size

    def append(self, data):
        if len(data) > self._capacity - self._buffered:
            self._deflate_buffer(self._flush_mode)
            if len(data) > self._capacity:
                self._deflate(data, self._flush_mode)
                return
        self._buffer.append(data)
        self._buffered += len(data)

    def flush(self):
        self._deflate_buffer(zlib.Z_PARTIAL_FLUSH)

    def close(self):
        self._deflate_buffer(zlib.Z_FINISH)

    def _deflate_buffer(self, flush_mode):
        data = b"".join(self._buffer)
        self._buffer, self._buffered = [], 0
        self._deflate(data, flush_mode)

    def _deflate(self, data, flush_mode):
        output = self._compressor.compress(data)
        if flush_mode != zlib.Z_NO_FLUSH:
            output += self._compressor.flush(flush_mode)
        self._file.write(output)


def _options(options):
    return options if isinstance(options, TFRecordOptions) else TFRecordOptions(options)


# --- reading --------------------------------------------------------------------------------------------

class _Inflating(io.RawIOBase):
    """A readable stream of the inflated bytes of a zlib or gzip file, read in chunks."""

    _CHUNK = 1 << 16

    def __init__(self, raw, window_bits):
        self._raw, self._inflater, self._pending = raw, zlib.decompressobj(window_bits), b""

    def readable(self):
        return True

    def readinto(self, buffer):
        while not self._pending:
            compressed = self._raw.read(self._CHUNK)
            try:
                if not compressed:
                    self._pending = self._inflater.flush()
                    break
                self._pending = self._inflater.decompress(compressed)
            except zlib.error as error:
                raise DataLossError(None, None, f"inflate() failed: {error}") from None
        size = min(len(buffer), len(self._pending))
        buffer[:size], self._pending = self._pending[:size], self._pending[size:]
        return size

    def close(self):
        self._raw.close()
        super().close()


def open_file(path, mode, buffer_size=None):
    """``open`` with TF's errors: NotFoundError, PermissionDeniedError, FailedPreconditionError."""
    try:
        return open(path, mode, buffering=buffer_size or io.DEFAULT_BUFFER_SIZE)
    except FileNotFoundError:
        raise NotFoundError(None, None, f"{path}; No such file or directory") from None
    except PermissionError:
        raise PermissionDeniedError(None, None, f"{path}; Permission denied") from None
    except IsADirectoryError:
        raise FailedPreconditionError(None, None, f"{path}; Is a directory") from None


def open_input(path, compression_type, buffer_size=None):
    """``path`` opened for reading as a buffered binary stream, inflated when ``compression_type``
    ("", "ZLIB" or "GZIP") says so."""
    raw = open_file(path, "rb", buffer_size)
    if not compression_type:
        return raw
    window_bits = zlib.MAX_WBITS + (_GZIP_WINDOW_OFFSET if compression_type == "GZIP" else 0)
    return io.BufferedReader(_Inflating(raw, window_bits))


def read_records(stream, path):
    """The records of an open TFRecord stream, one at a time; a damaged record is a DataLossError
    naming ``path`` and the record's offset (in the uncompressed stream)."""
    offset = 0
    while True:
        header = stream.read(_HEADER_SIZE)
        if not header:
            return
        if len(header) < _HEADER_SIZE:
            raise _data_loss("truncated", offset, path)
        length_bytes = header[:_LENGTH.size]
        if _CRC.unpack_from(header, _LENGTH.size)[0] != masked_crc32c(length_bytes):
            raise _data_loss("corrupted", offset, path)
        length = _LENGTH.unpack(length_bytes)[0]
        data = stream.read(length)
        footer = stream.read(_CRC.size)
        if len(data) < length or len(footer) < _CRC.size:
            raise _data_loss("truncated", offset, path)
        if _CRC.unpack(footer)[0] != masked_crc32c(data):
            raise _data_loss("corrupted", offset, path)
        yield data
        offset += _HEADER_SIZE + length + _CRC.size


def _data_loss(kind, offset, path):
    return DataLossError(None, None, f"{kind} record at {offset} (in {os.fspath(path)})")


@export("io.tf_record_iterator", "python_io.tf_record_iterator")
def tf_record_iterator(path, options=None):
    """An iterator that reads the records from a TFRecords file (each a bytes object)."""
    compression_type = TFRecordOptions.get_compression_type_string(options)
    with open_input(_path_text(path), compression_type) as stream:
        yield from read_records(stream, path)


def _path_text(path):
    return path.decode() if isinstance(path, bytes) else os.fspath(path)


# --- writing --------------------------------------------------------------------------------------------

@export("io.TFRecordWriter", "python_io.TFRecordWriter")
class TFRecordWriter:
    """A class to write records to a TFRecords file."""

    def __init__(self, path, options=None):
        options = _options(options)
        self._file = open_file(_path_text(path), "wb")
        self._deflater = options._deflater(self._file)

    def __enter__(self):
        return self

    def __exit__(self, unused_type, unused_value, unused_traceback):
        self.close()

    def write(self, record):
        """Write a string record to the file."""
        self._check_open()
        if isinstance(record, str):
            record = record.encode()
        record = bytes(record)
        length = _LENGTH.pack(len(record))
        # TF appends the header, the data and the footer separately, which decides its deflate calls.
        for piece in (length + _CRC.pack(masked_crc32c(length)), record, _CRC.pack(masked_crc32c(record))):
            if self._deflater is None:
                self._file.write(piece)
            else:
                self._deflater.append(piece)

    def flush(self):
        """Flush the file."""
        self._check_open()
        if self._deflater is not None:
            self._deflater.flush()
        self._file.flush()

    def close(self):
        """Close the file (a second close does nothing)."""
        if self._file is None:
            return
        if self._deflater is not None:
            self._deflater.close()
        self._file.close()
        self._file = None

    def _check_open(self):
        if self._file is None:
            raise FailedPreconditionError(None, None, "Writer is closed.")
