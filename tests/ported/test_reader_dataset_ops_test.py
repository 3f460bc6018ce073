"""Port of TF 1.15's python/data/kernel_tests/reader_dataset_ops_test.py (TextLineDatasetTest,
FixedLengthRecordReaderTest, TFRecordDatasetTest): same files, same asserts, eager only.
testIteratorResourceCleanup checks open files through /proc instead of psutil."""

import gzip
import os
import zlib

import pytest

import tfcompat as tf
from _dataset_helpers import assert_dataset_produces, get_next


def _compress(path, contents, compression_type):
    if not compression_type:
        data = contents
    elif compression_type == "GZIP":
        with gzip.GzipFile(path, "wb") as f:
            f.write(contents)
        return
    else:
        data = zlib.compress(contents)
    with open(path, "wb") as f:
        f.write(data)


# --- TextLineDatasetTest --------------------------------------------------------------------------------

def _line_text(f, l):
    return b"%d: %d" % (f, l)


def _create_text_files(tmp_path, num_files, num_lines, crlf=False, compression_type=None):
    filenames = []
    for i in range(num_files):
        fn = str(tmp_path / ("text_line.%d.txt" % i))
        filenames.append(fn)
        contents = []
        for j in range(num_lines):
            contents.append(_line_text(i, j))
            # A newline after every line except the last of every file but the first.
            if j + 1 != num_lines or i == 0:
                contents.append(b"\r\n" if crlf else b"\n")
        _compress(fn, b"".join(contents), compression_type)
    return filenames


def _test_text_line_dataset(tmp_path, compression_type=None):
    test_filenames = _create_text_files(tmp_path, 2, 5, crlf=True, compression_type=compression_type)

    def dataset_fn(filenames, num_epochs, batch_size=None):
        repeat_dataset = tf.data.TextLineDataset(filenames, compression_type=compression_type).repeat(num_epochs)
        return repeat_dataset.batch(batch_size) if batch_size else repeat_dataset

    assert_dataset_produces(dataset_fn([test_filenames[0]], 1), [_line_text(0, i) for i in range(5)])
    assert_dataset_produces(dataset_fn([test_filenames[1]], 1), [_line_text(1, i) for i in range(5)])
    both = [_line_text(0, i) for i in range(5)] + [_line_text(1, i) for i in range(5)]
    assert_dataset_produces(dataset_fn(test_filenames, 1), both)
    assert_dataset_produces(dataset_fn(test_filenames, 10), both * 10)
    assert_dataset_produces(dataset_fn(test_filenames, 10, 5),
                            [[_line_text(0, i) for i in range(5)], [_line_text(1, i) for i in range(5)]] * 10)


def test_TextLineDatasetTest_testTextLineDatasetNoCompression(tmp_path):
    _test_text_line_dataset(tmp_path)


def test_TextLineDatasetTest_testTextLineDatasetGzipCompression(tmp_path):
    _test_text_line_dataset(tmp_path, compression_type="GZIP")


def test_TextLineDatasetTest_testTextLineDatasetZlibCompression(tmp_path):
    _test_text_line_dataset(tmp_path, compression_type="ZLIB")


def test_TextLineDatasetTest_testTextLineDatasetBuffering(tmp_path):
    test_filenames = _create_text_files(tmp_path, 2, 5, crlf=True)
    repeat_dataset = tf.data.TextLineDataset(test_filenames, buffer_size=10)
    expected_output = []
    for j in range(2):
        expected_output.extend([_line_text(j, i) for i in range(5)])
    assert_dataset_produces(repeat_dataset, expected_output)


def _open_files():
    fd_dir = "/proc/self/fd"
    return {os.path.realpath(os.path.join(fd_dir, fd)) for fd in os.listdir(fd_dir)}


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="needs /proc to list open files")
def test_TextLineDatasetTest_testIteratorResourceCleanup(tmp_path):
    filename = str(tmp_path / "text.txt")
    with open(filename, "wt") as f:
        for i in range(3):
            f.write("%d\n" % (i,))
    first_iterator = iter(tf.data.TextLineDataset(filename))
    assert next(first_iterator).numpy() == b"0"
    second_iterator = iter(tf.data.TextLineDataset(filename))
    assert next(second_iterator).numpy() == b"0"
    different_kernel_iterator = iter(tf.data.TextLineDataset(filename).repeat().batch(16))
    assert next(different_kernel_iterator).shape == [16]
    assert os.path.realpath(filename) in _open_files()
    del first_iterator
    del second_iterator
    del different_kernel_iterator
    assert os.path.realpath(filename) not in _open_files()


# --- FixedLengthRecordReaderTest ------------------------------------------------------------------------

NUM_FILES, NUM_RECORDS, HEADER_BYTES, RECORD_BYTES, FOOTER_BYTES = 2, 7, 5, 3, 2


def _fixed_record(f, r):
    return str(f * 2 + r).encode() * RECORD_BYTES


def _create_fixed_length_files(tmp_path, compression_type=None):
    filenames = []
    for i in range(NUM_FILES):
        fn = str(tmp_path / ("fixed_length_record.%d.txt" % i))
        filenames.append(fn)
        contents = [b"H" * HEADER_BYTES] + [_fixed_record(i, j) for j in range(NUM_RECORDS)] + [b"F" * FOOTER_BYTES]
        _compress(fn, b"".join(contents), compression_type)
    return filenames


def _test_fixed_length_record_dataset(tmp_path, compression_type=None):
    test_filenames = _create_fixed_length_files(tmp_path, compression_type=compression_type)

    def dataset_fn(filenames, num_epochs, batch_size=None):
        repeat_dataset = tf.data.FixedLengthRecordDataset(
            filenames, RECORD_BYTES, HEADER_BYTES, FOOTER_BYTES, compression_type=compression_type).repeat(num_epochs)
        return repeat_dataset.batch(batch_size) if batch_size else repeat_dataset

    assert_dataset_produces(dataset_fn([test_filenames[0]], 1), [_fixed_record(0, i) for i in range(NUM_RECORDS)])
    assert_dataset_produces(dataset_fn([test_filenames[1]], 1), [_fixed_record(1, i) for i in range(NUM_RECORDS)])
    expected_output = []
    for j in range(NUM_FILES):
        expected_output.extend([_fixed_record(j, i) for i in range(NUM_RECORDS)])
    assert_dataset_produces(dataset_fn(test_filenames, 1), expected_output)

    next_element = get_next(dataset_fn(test_filenames, 10))
    for _ in range(10):
        for j in range(NUM_FILES):
            for i in range(NUM_RECORDS):
                assert next_element().numpy() == _fixed_record(j, i)
    with pytest.raises(tf.errors.OutOfRangeError):
        next_element()

    next_element = get_next(dataset_fn(test_filenames, 10, NUM_RECORDS))
    for _ in range(10):
        for j in range(NUM_FILES):
            assert next_element().numpy().tolist() == [_fixed_record(j, i) for i in range(NUM_RECORDS)]
    with pytest.raises(tf.errors.OutOfRangeError):
        next_element()


def test_FixedLengthRecordReaderTest_testFixedLengthRecordDatasetNoCompression(tmp_path):
    _test_fixed_length_record_dataset(tmp_path)


def test_FixedLengthRecordReaderTest_testFixedLengthRecordDatasetGzipCompression(tmp_path):
    _test_fixed_length_record_dataset(tmp_path, compression_type="GZIP")


def test_FixedLengthRecordReaderTest_testFixedLengthRecordDatasetZlibCompression(tmp_path):
    _test_fixed_length_record_dataset(tmp_path, compression_type="ZLIB")


def test_FixedLengthRecordReaderTest_testFixedLengthRecordDatasetBuffering(tmp_path):
    test_filenames = _create_fixed_length_files(tmp_path)
    dataset = tf.data.FixedLengthRecordDataset(test_filenames, RECORD_BYTES, HEADER_BYTES, FOOTER_BYTES,
                                               buffer_size=10)
    expected_output = []
    for j in range(NUM_FILES):
        expected_output.extend([_fixed_record(j, i) for i in range(NUM_RECORDS)])
    assert_dataset_produces(dataset, expected_output)


def test_FixedLengthRecordReaderTest_testFixedLengthRecordDatasetWrongSize(tmp_path):
    test_filenames = _create_fixed_length_files(tmp_path)
    dataset = tf.data.FixedLengthRecordDataset(test_filenames, RECORD_BYTES + 1, HEADER_BYTES, FOOTER_BYTES,
                                               buffer_size=10)
    assert_dataset_produces(dataset, expected_error=(
        tf.errors.InvalidArgumentError,
        r"Excluding the header \(5 bytes\) and footer \(2 bytes\), input "
        r"file \".*fixed_length_record.0.txt\" has body length 21 bytes, "
        r"which is not an exact multiple of the record length \(4 bytes\)."))


# --- TFRecordDatasetTest --------------------------------------------------------------------------------

def _tf_record(f, r):
    return b"Record %d of file %d" % (r, f)


@pytest.fixture
def tf_record_files(tmp_path):
    filenames = []
    for i in range(NUM_FILES):
        fn = str(tmp_path / ("tf_record.%d.txt" % i))
        filenames.append(fn)
        writer = tf.python_io.TFRecordWriter(fn)
        for j in range(NUM_RECORDS):
            writer.write(_tf_record(i, j))
        writer.close()
    return filenames


def _tf_record_dataset(filenames, compression_type="", num_epochs=1, batch_size=None):
    repeat_dataset = tf.data.TFRecordDataset(filenames, compression_type).repeat(num_epochs)
    return repeat_dataset.batch(batch_size) if batch_size else repeat_dataset


def _all_tf_records():
    return [_tf_record(j, i) for j in range(NUM_FILES) for i in range(NUM_RECORDS)]


def test_TFRecordDatasetTest_testReadOneEpoch(tf_record_files):
    assert_dataset_produces(_tf_record_dataset(tf_record_files[0]), [_tf_record(0, i) for i in range(NUM_RECORDS)])
    assert_dataset_produces(_tf_record_dataset(tf_record_files[1]), [_tf_record(1, i) for i in range(NUM_RECORDS)])
    assert_dataset_produces(_tf_record_dataset(tf_record_files), _all_tf_records())


def test_TFRecordDatasetTest_testReadTenEpochs(tf_record_files):
    assert_dataset_produces(_tf_record_dataset(tf_record_files, num_epochs=10), _all_tf_records() * 10)


def test_TFRecordDatasetTest_testReadTenEpochsOfBatches(tf_record_files):
    dataset = _tf_record_dataset(tf_record_files, num_epochs=10, batch_size=NUM_RECORDS)
    expected_output = [[_tf_record(j, i) for i in range(NUM_RECORDS)] for j in range(NUM_FILES)]
    assert_dataset_produces(dataset, expected_output * 10)


def test_TFRecordDatasetTest_testReadZlibFiles(tf_record_files, tmp_path):
    zlib_files = []
    for i, fn in enumerate(tf_record_files):
        with open(fn, "rb") as f:
            cdata = zlib.compress(f.read())
        zfn = str(tmp_path / ("tfrecord_%s.z" % i))
        with open(zfn, "wb") as f:
            f.write(cdata)
        zlib_files.append(zfn)
    assert_dataset_produces(_tf_record_dataset(zlib_files, compression_type="ZLIB"), _all_tf_records())


def test_TFRecordDatasetTest_testReadGzipFiles(tf_record_files, tmp_path):
    gzip_files = []
    for i, fn in enumerate(tf_record_files):
        with open(fn, "rb") as f:
            gzfn = str(tmp_path / ("tfrecord_%s.gz" % i))
            with gzip.GzipFile(gzfn, "wb") as gzf:
                gzf.write(f.read())
            gzip_files.append(gzfn)
    assert_dataset_produces(_tf_record_dataset(gzip_files, compression_type="GZIP"), _all_tf_records())


def test_TFRecordDatasetTest_testReadWithBuffer(tf_record_files):
    dataset = tf.data.TFRecordDataset(tf_record_files, buffer_size=2 ** 20)
    assert_dataset_produces(dataset, _all_tf_records())


def test_TFRecordDatasetTest_testReadFromDatasetOfFiles(tf_record_files):
    files = tf.data.Dataset.from_tensor_slices(tf_record_files)
    assert_dataset_produces(tf.data.TFRecordDataset(files), _all_tf_records())


def test_TFRecordDatasetTest_testReadTenEpochsFromDatasetOfFilesInParallel(tf_record_files):
    files = tf.data.Dataset.from_tensor_slices(tf_record_files).repeat(10)
    dataset = tf.data.TFRecordDataset(files, num_parallel_reads=4)
    # TF asserts the items, in any order.
    assert sorted(element.numpy() for element in dataset) == sorted(_all_tf_records() * 10)
