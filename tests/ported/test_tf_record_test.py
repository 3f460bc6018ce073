"""Port of TF 1.15's python/lib/io/tf_record_test.py: TFRecordWriter, TFRecordOptions and
tf_record_iterator through tf.python_io, with the same files and asserts."""

import gzip
import os
import random
import string
import zlib

import pytest

import tfcompat as tf

TFRecordCompressionType = tf.python_io.TFRecordCompressionType
TFRecordOptions = tf.python_io.TFRecordOptions

# Edgar Allan Poe's 'Eldorado'
_TEXT = b"""Gaily bedight,
    A gallant knight,
    In sunshine and in shadow,
    Had journeyed long,
    Singing a song,
    In search of Eldorado.

    But he grew old
    This knight so bold
    And o'er his heart a shadow
    Fell as he found
    No spot of ground
    That looked like Eldorado.

   And, as his strength
   Failed him at length,
   He met a pilgrim shadow
   'Shadow,' said he,
   'Where can it be
   This land of Eldorado?'

   'Over the Mountains
    Of the Moon'
    Down the Valley of the Shadow,
    Ride, boldly ride,'
    The shade replied,
    'If you seek for Eldorado!'
    """

NUM_FILES, NUM_RECORDS = 2, 7


def _record(f, r):
    return b"Record %d of file %d" % (r, f)


def _write_records_to_file(tmp_path, records, name="tfrecord", options=None):
    fn = str(tmp_path / name)
    with tf.python_io.TFRecordWriter(fn, options=options) as writer:
        for r in records:
            writer.write(r)
    return fn


def _create_files(tmp_path, options=None, prefix=""):
    return [_write_records_to_file(tmp_path, [_record(i, j) for j in range(NUM_RECORDS)],
                                   prefix + "tfrecord.%d.txt" % i, options) for i in range(NUM_FILES)]


def _zlib_compress_file(tmp_path, infile, name="tfrecord.z"):
    with open(infile, "rb") as f:
        cdata = zlib.compress(f.read())
    zfn = str(tmp_path / name)
    with open(zfn, "wb") as f:
        f.write(cdata)
    return zfn


def _gzip_compress_file(tmp_path, infile, name="tfrecord.gz"):
    with open(infile, "rb") as f:
        cdata = f.read()
    gzfn = str(tmp_path / name)
    with gzip.GzipFile(gzfn, "wb") as f:
        f.write(cdata)
    return gzfn


def _zlib_decompress_file(tmp_path, infile, name="tfrecord"):
    with open(infile, "rb") as f:
        cdata = zlib.decompress(f.read())
    fn = str(tmp_path / name)
    with open(fn, "wb") as f:
        f.write(cdata)
    return fn


def _gzip_decompress_file(tmp_path, infile, name="tfrecord"):
    with gzip.GzipFile(infile, "rb") as f:
        cdata = f.read()
    fn = str(tmp_path / name)
    with open(fn, "wb") as f:
        f.write(cdata)
    return fn


def _files_equal(a, b):
    return [open(an, "rb").read() == open(bn, "rb").read() for an, bn in zip(a, b)]


# --- TFRecordWriterTest ---------------------------------------------------------------------------------

def test_TFRecordWriterTest_testWriteReadZLibFiles(tmp_path):
    files = _create_files(tmp_path, TFRecordOptions(TFRecordCompressionType.NONE), prefix="uncompressed")
    zlib_files = [_zlib_compress_file(tmp_path, fn, "tfrecord_%s.z" % i) for i, fn in enumerate(files)]
    assert _files_equal(files, zlib_files) == [False, False]
    compressed_files = _create_files(tmp_path, TFRecordOptions(TFRecordCompressionType.ZLIB), prefix="compressed")
    assert _files_equal(compressed_files, zlib_files) == [True, True]
    uncompressed_files = [_zlib_decompress_file(tmp_path, fn, "tfrecord_%s.z" % i)
                          for i, fn in enumerate(compressed_files)]
    assert _files_equal(uncompressed_files, files) == [True, True]


def test_TFRecordWriterTest_testWriteReadGzipFiles(tmp_path):
    files = _create_files(tmp_path, TFRecordOptions(TFRecordCompressionType.NONE), prefix="uncompressed")
    gzip_files = [_gzip_compress_file(tmp_path, fn, "tfrecord_%s.gz" % i) for i, fn in enumerate(files)]
    assert _files_equal(files, gzip_files) == [False, False]
    compressed_files = _create_files(tmp_path, TFRecordOptions(TFRecordCompressionType.GZIP), prefix="compressed")
    uncompressed_files = [_gzip_decompress_file(tmp_path, fn, "tfrecord_%s.gz" % i)
                          for i, fn in enumerate(compressed_files)]
    assert _files_equal(uncompressed_files, files) == [True, True]


def test_TFRecordWriterTest_testNoCompressionType():
    assert TFRecordOptions.get_compression_type_string(TFRecordOptions()) == ""
    assert TFRecordOptions.get_compression_type_string(TFRecordOptions("")) == ""
    with pytest.raises(ValueError):
        TFRecordOptions(5)
    with pytest.raises(ValueError):
        TFRecordOptions("BZ2")


def test_TFRecordWriterTest_testZlibCompressionType():
    zlib_t = TFRecordCompressionType.ZLIB
    assert TFRecordOptions.get_compression_type_string(TFRecordOptions("ZLIB")) == "ZLIB"
    assert TFRecordOptions.get_compression_type_string(TFRecordOptions(zlib_t)) == "ZLIB"
    assert TFRecordOptions.get_compression_type_string(TFRecordOptions(TFRecordOptions(zlib_t))) == "ZLIB"


def test_TFRecordWriterTest_testCompressionOptions(tmp_path):
    rnd = random.Random(123)
    random_record = "".join(rnd.choice(string.digits) for _ in range(10000)).encode()
    repeated_record = _TEXT
    for _ in range(10000):
        start_i = rnd.randint(0, len(_TEXT))
        length = rnd.randint(10, 200)
        repeated_record += _TEXT[start_i:start_i + length]
    records = [random_record, repeated_record, random_record]

    tests = [
        ("compression_level", 2, -1),  # Lower compression is worse.
        ("compression_level", 6, 0),  # Default compression_level is equal.
        ("flush_mode", zlib.Z_FULL_FLUSH, 1),  # A few less bytes.
        ("flush_mode", zlib.Z_NO_FLUSH, 0),  # NO_FLUSH is the default.
        ("input_buffer_size", 4096, 0),  # Increases time not size.
        ("output_buffer_size", 4096, 0),  # Increases time not size.
        ("window_bits", 8, -1),  # Smaller than default window increases size.
        ("compression_strategy", zlib.Z_HUFFMAN_ONLY, -1),  # Worse.
        ("compression_strategy", zlib.Z_FILTERED, -1),  # Worse.
    ]
    options_a = TFRecordOptions(TFRecordCompressionType.ZLIB)
    for prop, value, delta_sign in tests:
        options_b = TFRecordOptions(compression_type=TFRecordCompressionType.ZLIB, **{prop: value})
        fn_a = _write_records_to_file(tmp_path, records, "tfrecord_a", options=options_a)
        assert list(tf.python_io.tf_record_iterator(fn_a, options=options_a)) == records
        fn_b = _write_records_to_file(tmp_path, records, "tfrecord_b", options=options_b)
        assert list(tf.python_io.tf_record_iterator(fn_b, options=options_b)) == records
        delta = os.path.getsize(fn_a) - os.path.getsize(fn_b)
        assert delta == 0 if delta_sign == 0 else delta // delta_sign > 0, (prop, value, delta)


# --- TFRecordWriterZlibTest -----------------------------------------------------------------------------

def test_TFRecordWriterZlibTest_testZLibFlushRecord(tmp_path):
    original = [b"small record"]
    fn = _write_records_to_file(tmp_path, original, "small_record")
    with open(fn, "rb") as h:
        buff = h.read()
    # creating more blocks and trailing blocks shouldn't break reads
    compressor = zlib.compressobj(9, zlib.DEFLATED, zlib.MAX_WBITS)
    output = b""
    for c in buff:
        output += compressor.compress(bytes([c]))
        output += compressor.flush(zlib.Z_FULL_FLUSH)
    output += compressor.flush(zlib.Z_FULL_FLUSH)
    output += compressor.flush(zlib.Z_FULL_FLUSH)
    output += compressor.flush(zlib.Z_FINISH)
    with open(fn, "wb") as h:
        h.write(output)
    options = TFRecordOptions(TFRecordCompressionType.ZLIB)
    assert list(tf.python_io.tf_record_iterator(fn, options=options)) == original


def test_TFRecordWriterZlibTest_testZlibReadWrite(tmp_path):
    original = [b"foo", b"bar"]
    fn = _write_records_to_file(tmp_path, original, "zlib_read_write.tfrecord")
    zfn = _zlib_compress_file(tmp_path, fn, "zlib_read_write.tfrecord.z")
    options = TFRecordOptions(TFRecordCompressionType.ZLIB)
    assert list(tf.python_io.tf_record_iterator(zfn, options=options)) == original


def test_TFRecordWriterZlibTest_testZlibReadWriteLarge(tmp_path):
    original = [_TEXT * 10240]
    fn = _write_records_to_file(tmp_path, original, "zlib_read_write_large.tfrecord")
    zfn = _zlib_compress_file(tmp_path, fn, "zlib_read_write_large.tfrecord.z")
    options = TFRecordOptions(TFRecordCompressionType.ZLIB)
    assert list(tf.python_io.tf_record_iterator(zfn, options=options)) == original


def test_TFRecordWriterZlibTest_testGzipReadWrite(tmp_path):
    original = [b"foo", b"bar"]
    fn = _write_records_to_file(tmp_path, original, "gzip_read_write.tfrecord")
    gzfn = _gzip_compress_file(tmp_path, fn, "tfrecord.gz")
    options = TFRecordOptions(TFRecordCompressionType.GZIP)
    assert list(tf.python_io.tf_record_iterator(gzfn, options=options)) == original


# --- TFRecordIteratorTest -------------------------------------------------------------------------------

def test_TFRecordIteratorTest_testIterator(tmp_path):
    records = [_record(0, i) for i in range(NUM_RECORDS)]
    options = TFRecordOptions(TFRecordCompressionType.ZLIB)
    fn = _write_records_to_file(tmp_path, records, "compressed_records", options)
    reader = tf.python_io.tf_record_iterator(fn, options)
    for expected in records:
        assert next(reader) == expected
    with pytest.raises(StopIteration):
        next(reader)


def test_TFRecordIteratorTest_testWriteZlibRead(tmp_path):
    original = [b"foo", b"bar"]
    options = TFRecordOptions(TFRecordCompressionType.ZLIB)
    fn = _write_records_to_file(tmp_path, original, "write_zlib_read.tfrecord.z", options)
    zfn = _zlib_decompress_file(tmp_path, fn, "write_zlib_read.tfrecord")
    assert list(tf.python_io.tf_record_iterator(zfn)) == original


def test_TFRecordIteratorTest_testWriteZlibReadLarge(tmp_path):
    original = [_TEXT * 10240]
    options = TFRecordOptions(TFRecordCompressionType.ZLIB)
    fn = _write_records_to_file(tmp_path, original, "write_zlib_read_large.tfrecord.z", options)
    zfn = _zlib_decompress_file(tmp_path, fn, "write_zlib_read_large.tfrecord")
    assert list(tf.python_io.tf_record_iterator(zfn)) == original


def test_TFRecordIteratorTest_testWriteGzipRead(tmp_path):
    original = [b"foo", b"bar"]
    options = TFRecordOptions(TFRecordCompressionType.GZIP)
    fn = _write_records_to_file(tmp_path, original, "write_gzip_read.tfrecord.gz", options)
    gzfn = _gzip_decompress_file(tmp_path, fn, "write_gzip_read.tfrecord")
    assert list(tf.python_io.tf_record_iterator(gzfn)) == original


def test_TFRecordIteratorTest_testBadFile(tmp_path):
    fn = str(tmp_path / "bad_file")
    with tf.python_io.TFRecordWriter(fn) as writer:
        writer.write(b"123")
    fn_truncated = str(tmp_path / "bad_file_truncated")
    with open(fn, "rb") as f, open(fn_truncated, "wb") as f2:
        f2.write(f.read(14))  # past the 12-byte header
    with pytest.raises(tf.errors.DataLossError):
        for _ in tf.python_io.tf_record_iterator(fn_truncated):
            pass


# --- TFRecordWriterCloseAndFlushTests (and the Gzip and Zlib subclasses) ------------------------------

@pytest.fixture(params=[TFRecordCompressionType.NONE, TFRecordCompressionType.GZIP, TFRecordCompressionType.ZLIB],
                ids=["none", "gzip", "zlib"])
def writer_setup(request, tmp_path):
    fn = str(tmp_path / "tf_record_writer_test.txt")
    options = TFRecordOptions(request.param)
    return fn, options, tf.python_io.TFRecordWriter(fn, options)


def _writer_record(r):
    return b"Record %d" % r


def test_TFRecordWriterCloseAndFlushTests_testWriteAndLeaveOpen(writer_setup):
    fn, _, writer = writer_setup
    for record in map(_writer_record, range(20)):
        writer.write(record)
    assert os.path.exists(fn)  # left open, as TF's test leaves it: writing needs no close


def test_TFRecordWriterCloseAndFlushTests_testWriteAndRead(writer_setup):
    fn, options, writer = writer_setup
    records = list(map(_writer_record, range(20)))
    for record in records:
        writer.write(record)
    writer.close()
    assert list(tf.python_io.tf_record_iterator(fn, options)) == records


def test_TFRecordWriterCloseAndFlushTests_testDoubleClose(writer_setup):
    fn, options, writer = writer_setup
    writer.write(_writer_record(0))
    writer.close()
    writer.close()  # a second close is a no-op, not an error
    assert list(tf.python_io.tf_record_iterator(fn, options)) == [_writer_record(0)]


def test_TFRecordWriterCloseAndFlushTests_testFlushAfterCloseIsError(writer_setup):
    _, _, writer = writer_setup
    writer.write(_writer_record(0))
    writer.close()
    with pytest.raises(tf.errors.FailedPreconditionError):
        writer.flush()


def test_TFRecordWriterCloseAndFlushTests_testWriteAfterCloseIsError(writer_setup):
    _, _, writer = writer_setup
    writer.write(_writer_record(0))
    writer.close()
    with pytest.raises(tf.errors.FailedPreconditionError):
        writer.write(_writer_record(1))
