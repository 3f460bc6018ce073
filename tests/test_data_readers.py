"""tf.data's file readers and TFRecord files beyond the ported TF tests: byte-identity with files
written by real TF (tests/conformance/golden/tfrecord/), damaged files, streaming, argument errors."""

import gzip
import hashlib
import json
import sys
import tracemalloc
from pathlib import Path

import numpy as np
import pytest

import tfcompat as tf

GOLDEN_DIR = Path(__file__).parent / "conformance" / "golden"
sys.path.insert(0, str(GOLDEN_DIR))
import record_tfrecord_files as recorder  # noqa: E402  (its records(); TensorFlow is imported only in main())

MANIFEST = json.loads((GOLDEN_DIR / "tfrecord" / "manifest.json").read_text())
RECORDS = recorder.records()


def values(dataset):
    return [element.numpy() for element in dataset]


def _reading_type(options):
    # TF's window_bits replaces GZIP's default (+16) too, so such a "GZIP" file is a zlib stream.
    return "ZLIB" if "window_bits" in options else options.get("compression_type", "")


# --- files written by real TensorFlow -------------------------------------------------------------------

def test_the_recorders_records_are_the_recorded_ones():
    assert [hashlib.sha256(record).hexdigest() for record in RECORDS] == MANIFEST["record_sha256"]
    assert MANIFEST["files"] == recorder.FILES and MANIFEST["flush_after"] == recorder.FLUSH_AFTER
    assert MANIFEST["dataset_files"] == recorder.DATASET_FILES


@pytest.mark.parametrize("name", sorted(MANIFEST["files"]))
def test_writer_writes_tf_s_bytes(name, tmp_path):
    path = tmp_path / name
    with tf.io.TFRecordWriter(str(path), tf.io.TFRecordOptions(**MANIFEST["files"][name])) as writer:
        for index, record in enumerate(RECORDS):
            writer.write(record)
            if index == MANIFEST["flush_after"]:
                writer.flush()
    assert path.read_bytes() == (GOLDEN_DIR / "tfrecord" / name).read_bytes()


@pytest.mark.parametrize("name", sorted(MANIFEST["files"]))
def test_tf_s_files_read_back(name):
    path = str(GOLDEN_DIR / "tfrecord" / name)
    compression = _reading_type(MANIFEST["files"][name])
    assert list(tf.python_io.tf_record_iterator(path, compression)) == RECORDS
    assert values(tf.data.TFRecordDataset(path, compression)) == RECORDS
    assert values(tf.data.TFRecordDataset([path, path], compression_type=compression, buffer_size=100)) == RECORDS * 2


@pytest.mark.parametrize("name", sorted(MANIFEST["dataset_files"]))
def test_dataset_writer_writes_tf_s_bytes(name, tmp_path):
    path = tmp_path / name
    writer = tf.data.experimental.TFRecordWriter(str(path), MANIFEST["dataset_files"][name])
    assert writer.write(tf.data.Dataset.from_tensor_slices(RECORDS)) is None
    assert path.read_bytes() == (GOLDEN_DIR / "tfrecord" / name).read_bytes()


def test_dataset_writer_takes_scalar_strings_only(tmp_path):
    writer = tf.data.experimental.TFRecordWriter(str(tmp_path / "f"))
    with pytest.raises(TypeError, match=r"must produce scalar `DT_STRING` tensors whereas it produces shape \(\) "
                                        r"and types <dtype: 'int64'>"):
        writer.write(tf.data.Dataset.range(3))
    with pytest.raises(TypeError, match="must be a `tf.data.Dataset` object"):
        writer.write([b"a"])


def test_python_io_and_io_serve_the_same_classes():
    assert tf.contrib.data.TFRecordDataset is tf.data.TFRecordDataset
    assert tf.contrib.data.TFRecordWriter is tf.data.experimental.TFRecordWriter
    assert tf.python_io.TFRecordWriter is tf.io.TFRecordWriter
    assert tf.python_io.tf_record_iterator is tf.io.tf_record_iterator
    assert (tf.io.TFRecordCompressionType.NONE, tf.io.TFRecordCompressionType.ZLIB,
            tf.io.TFRecordCompressionType.GZIP) == (0, 1, 2)


# --- damaged files --------------------------------------------------------------------------------------

def _write(path, records, options=None):
    with tf.io.TFRecordWriter(str(path), options) as writer:
        for record in records:
            writer.write(record)
    return str(path)


@pytest.mark.parametrize("flipped, offset", [(3, 0), (9, 0), (13, 0), (16, 0), (20, 19), (32, 19)],
                         ids=["length", "length_crc", "data", "data_crc", "second_length", "second_data"])
def test_a_corrupt_record_is_a_data_loss_error_naming_the_file_and_offset(tmp_path, flipped, offset):
    path = _write(tmp_path / "bad.tfrecord", [b"abc", b"defgh"])  # records at 0 and 12 + 3 + 4 = 19
    data = bytearray(Path(path).read_bytes())
    data[flipped] ^= 0x01
    Path(path).write_bytes(bytes(data))
    pattern = rf"corrupted record at {offset} \(in {path}\)"
    with pytest.raises(tf.errors.DataLossError, match=pattern):
        list(tf.python_io.tf_record_iterator(path))
    iterator = tf.data.TFRecordDataset(path).make_one_shot_iterator()
    if offset:
        assert iterator.get_next().numpy() == b"abc"
    with pytest.raises(tf.errors.DataLossError, match=pattern):
        iterator.get_next()
    with pytest.raises(tf.errors.OutOfRangeError):
        iterator.get_next()


@pytest.mark.parametrize("size", [5, 14, 18])
def test_a_truncated_file_is_a_data_loss_error(tmp_path, size):
    path = _write(tmp_path / "t.tfrecord", [b"abc", b"defgh"])
    Path(path).write_bytes(Path(path).read_bytes()[:size])
    with pytest.raises(tf.errors.DataLossError, match=rf"truncated record at 0 \(in {path}\)"):
        list(tf.python_io.tf_record_iterator(path))


def test_a_plain_file_read_as_gzip_is_a_data_loss_error(tmp_path):
    path = _write(tmp_path / "plain.tfrecord", [b"abc"])
    with pytest.raises(tf.errors.DataLossError, match="inflate"):
        values(tf.data.TFRecordDataset(path, "GZIP"))


def test_a_missing_file_is_not_found(tmp_path):
    missing = str(tmp_path / "missing")
    for dataset in (tf.data.TFRecordDataset(missing), tf.data.TextLineDataset(missing),
                    tf.data.FixedLengthRecordDataset(missing, 4)):
        with pytest.raises(tf.errors.NotFoundError, match=f"{missing}; No such file or directory"):
            values(dataset)
    with pytest.raises(tf.errors.NotFoundError):
        next(tf.io.tf_record_iterator(missing))
    with pytest.raises(tf.errors.NotFoundError):
        tf.io.TFRecordWriter(str(tmp_path / "no_dir" / "f.tfrecord"))


# --- streaming ------------------------------------------------------------------------------------------

def test_readers_stream_a_large_file(tmp_path):
    record = b"x" * (1 << 16)
    tf_record_path = _write(tmp_path / "big.tfrecord", [record] * 256)  # 16 MiB
    text_path = tmp_path / "big.txt"
    text_path.write_bytes((b"y" * 1023 + b"\n") * (1 << 14))  # 16 MiB
    for dataset in (tf.data.TFRecordDataset(tf_record_path), tf.data.TextLineDataset(str(text_path)),
                    tf.data.FixedLengthRecordDataset(str(text_path), 1024)):
        tracemalloc.start()
        try:
            iterator = iter(dataset)
            for _ in range(3):
                next(iterator)
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        assert peak < 2 << 20, (type(dataset).__name__, peak)


# --- TextLineDataset and FixedLengthRecordDataset -------------------------------------------------------

def test_text_lines_keep_a_bom_and_empty_lines_and_drop_line_ends(tmp_path):
    first, empty, last = tmp_path / "a.txt", tmp_path / "b.txt", tmp_path / "c.txt"
    first.write_bytes(b"\xef\xbb\xbfab\r\ncd\n\nef")
    empty.write_bytes(b"")
    last.write_bytes(b"x\n")
    # Recorded from TF 2.21: [b'\xef\xbb\xbfab', b'cd', b'', b'ef', b'x'].
    dataset = tf.data.TextLineDataset([str(first), str(empty), str(last)])
    assert values(dataset) == [b"\xef\xbb\xbfab", b"cd", b"", b"ef", b"x"]
    assert dataset.output_types == tf.string and dataset.output_shapes.as_list() == []
    assert repr(dataset) == "<DatasetV1Adapter shapes: (), types: tf.string>"


def test_file_names_come_as_a_string_a_tensor_or_a_dataset(tmp_path):
    path = tmp_path / "a.txt"
    path.write_bytes(b"1\n2\n")
    for names in (str(path), [str(path)], tf.constant([str(path)]), tf.data.Dataset.from_tensors(str(path))):
        assert values(tf.data.TextLineDataset(names)) == [b"1", b"2"]


def test_bad_file_name_arguments():
    with pytest.raises(TypeError, match="`filenames` must be a `tf.Tensor` of dtype `tf.string`"):
        tf.data.TextLineDataset([1, 2])
    with pytest.raises(TypeError, match="`filenames` must be a `tf.data.Dataset` of `tf.string` elements"):
        tf.data.TFRecordDataset(tf.data.Dataset.range(2))
    with pytest.raises(ValueError, match="scalar `tf.string` elements"):
        tf.data.TFRecordDataset(tf.data.Dataset.from_tensors(["a", "b"]))
    with pytest.raises(tf.errors.InvalidArgumentError, match="Unsupported compression_type"):
        tf.data.TextLineDataset("f", compression_type="BZ2")
    with pytest.raises(tf.errors.InvalidArgumentError, match="record_bytes"):
        tf.data.FixedLengthRecordDataset("f", 0)


def test_fixed_length_gzip_file_with_header_and_footer(tmp_path):
    path = tmp_path / "f.gz"
    with gzip.GzipFile(str(path), "wb") as f:
        f.write(b"HH" + b"abcdefghijkl" + b"F")
    dataset = tf.data.FixedLengthRecordDataset(str(path), 4, header_bytes=2, footer_bytes=1, compression_type="GZIP")
    assert values(dataset) == [b"abcd", b"efgh", b"ijkl"]


def test_num_parallel_reads_interleaves_the_files_one_record_at_a_time(tmp_path):
    paths = [_write(tmp_path / f"{i}.tfrecord", [b"%d-%d" % (i, j) for j in range(3 + i)]) for i in range(3)]
    dataset = tf.data.TFRecordDataset(paths, num_parallel_reads=2)
    # Recorded from TF 2.21 (the same order as interleave(TFRecordDataset, 2, 1)).
    assert values(dataset) == [b"0-0", b"1-0", b"0-1", b"1-1", b"0-2", b"1-2", b"1-3", b"2-0", b"2-1", b"2-2",
                               b"2-3", b"2-4"]
    batches = tf.data.TFRecordDataset(paths, num_parallel_reads=3).batch(3)
    assert np.asarray(next(iter(batches)).numpy()).tolist() == [b"0-0", b"1-0", b"2-0"]


def test_writer_takes_text_and_a_compression_string(tmp_path):
    path = str(tmp_path / "t.tfrecord.gz")
    with tf.io.TFRecordWriter(path, "GZIP") as writer:
        writer.write("text")
    assert Path(path).read_bytes()[:2] == b"\x1f\x8b"
    assert list(tf.io.tf_record_iterator(path, tf.io.TFRecordCompressionType.GZIP)) == [b"text"]
