"""Ports of TF 1.15's tensorflow/python/data/experimental/kernel_tests/make_batched_features_dataset_test.py
(MakeBatchedFeaturesDatasetTest), eager.  The fixture follows reader_dataset_ops_test_base's
MakeBatchedFeaturesDatasetTestBase: two TFRecord files of seven Examples with "file", "record", "keywords" and
"label" features; the expected batches are built the same way, file by file (interleaved record by record
when several readers run)."""

import numpy as np
import pytest

import tfcompat as tf
from _dataset_helpers import as_numpy, get_next

NUM_FILES, NUM_RECORDS = 2, 7
FEATURES = {
    "file": tf.FixedLenFeature([], tf.int64),
    "record": tf.FixedLenFeature([], tf.int64),
    "keywords": tf.VarLenFeature(tf.string),
    "label": tf.FixedLenFeature([], tf.string),
}


def _keywords(file_index, record_index):
    return [b"keyword%d" % i for i in range(file_index, file_index + record_index % 3)]


def _record(file_index, record_index):
    feature = {
        "file": tf.train.Feature(int64_list=tf.train.Int64List(value=[file_index])),
        "record": tf.train.Feature(int64_list=tf.train.Int64List(value=[record_index])),
        "keywords": tf.train.Feature(bytes_list=tf.train.BytesList(value=_keywords(file_index, record_index))),
        "label": tf.train.Feature(bytes_list=tf.train.BytesList(value=[b"fake-label"])),
    }
    return tf.train.Example(features=tf.train.Features(feature=feature)).SerializeToString()


@pytest.fixture
def test_filenames(tmp_path):
    names = []
    for file_index in range(NUM_FILES):
        name = str(tmp_path / f"tf_record.{file_index}.txt")
        with tf.python_io.TFRecordWriter(name) as writer:
            for record_index in range(NUM_RECORDS):
                writer.write(_record(file_index, record_index))
        names.append(name)
    return names


def make_batch_feature(filenames, num_epochs, batch_size, label_key=None, reader_num_threads=1,
                       parser_num_threads=1, shuffle=False, shuffle_seed=None, drop_final_batch=False):
    return tf.data.experimental.make_batched_features_dataset(
        file_pattern=filenames, batch_size=batch_size, features=FEATURES, label_key=label_key,
        reader=tf.data.TFRecordDataset, num_epochs=num_epochs, shuffle=shuffle, shuffle_seed=shuffle_seed,
        reader_num_threads=reader_num_threads, parser_num_threads=parser_num_threads,
        drop_final_batch=drop_final_batch)


def _expected_records(files, num_epochs, cycle_length):
    """(file, record) in the order the pipeline reads them: ``cycle_length`` files interleaved record by record."""
    order = []
    for _ in range(num_epochs):
        for start in range(0, len(files), cycle_length):
            group = files[start:start + cycle_length]
            for record_index in range(NUM_RECORDS):
                order.extend((file_index, record_index) for file_index in group)
    return order


def verify_records(next_element, batch_size, files, num_epochs, label_key_provided=False, cycle_length=1):
    records = _expected_records(files, num_epochs, cycle_length)
    for start in range(0, len(records), batch_size):
        chunk = records[start:start + batch_size]
        actual = as_numpy(next_element())
        features, label = actual if label_key_provided else (actual, None)
        np.testing.assert_array_equal(features["file"], [f for f, _ in chunk])
        np.testing.assert_array_equal(features["record"], [r for _, r in chunk])
        keywords = [_keywords(f, r) for f, r in chunk]
        indices = [[row, column] for row, words in enumerate(keywords) for column in range(len(words))]
        np.testing.assert_array_equal(features["keywords"].indices, np.array(indices, np.int64).reshape(-1, 2))
        np.testing.assert_array_equal(features["keywords"].values, [w for words in keywords for w in words])
        np.testing.assert_array_equal(features["keywords"].dense_shape,
                                      [len(chunk), max(len(words) for words in keywords)])
        labels = label if label_key_provided else features["label"]
        np.testing.assert_array_equal(labels, [b"fake-label"] * len(chunk))
        assert ("label" in features) is not label_key_provided
    with pytest.raises(tf.errors.OutOfRangeError):
        next_element()


def test_MakeBatchedFeaturesDatasetTest_testRead(test_filenames):
    for batch_size in [1, 2]:
        for num_epochs in [1, 10]:
            for files, names in (([0], test_filenames[0]), ([1], test_filenames[1]), ([0, 1], test_filenames)):
                dataset = make_batch_feature(names, num_epochs, batch_size, label_key="label")
                verify_records(get_next(dataset), batch_size, files, num_epochs, label_key_provided=True)
            dataset = make_batch_feature(test_filenames, num_epochs, batch_size)
            verify_records(get_next(dataset), batch_size, [0, 1], num_epochs)


def test_MakeBatchedFeaturesDatasetTest_testReadWithEquivalentDataset(test_filenames):
    features = {"file": tf.FixedLenFeature([], tf.int64), "record": tf.FixedLenFeature([], tf.int64)}
    dataset = tf.data.TFRecordDataset(test_filenames).map(
        lambda x: tf.parse_single_example(x, features)).repeat(10).batch(2)
    next_element = get_next(dataset)
    records = _expected_records([0, 1], 10, 1)
    for start in range(0, len(records), 2):
        actual = as_numpy(next_element())
        np.testing.assert_array_equal(actual["file"], [f for f, _ in records[start:start + 2]])
        np.testing.assert_array_equal(actual["record"], [r for _, r in records[start:start + 2]])
    with pytest.raises(tf.errors.OutOfRangeError):
        next_element()


def _batches(dataset, count):
    next_element = get_next(dataset)
    return [as_numpy(next_element()) for _ in range(count)]


def test_MakeBatchedFeaturesDatasetTest_testReadWithFusedShuffleRepeatDataset(test_filenames):
    num_epochs = 5
    total_records = num_epochs * NUM_RECORDS
    for batch_size in [1, 2]:
        first, second = (_batches(make_batch_feature(test_filenames[0], num_epochs, batch_size, shuffle=True,
                                                     shuffle_seed=5), total_records // batch_size)
                         for _ in range(2))
        for a, b in zip(first, second):
            np.testing.assert_array_equal(a["record"], b["record"])
            np.testing.assert_array_equal(a["keywords"].values, b["keywords"].values)
        other = _batches(make_batch_feature(test_filenames[0], num_epochs, batch_size, shuffle=True,
                                            shuffle_seed=15), total_records // batch_size)
        assert not all(np.array_equal(a["record"], b["record"]) for a, b in zip(first, other))


def test_MakeBatchedFeaturesDatasetTest_testParallelReadersAndParsers(test_filenames):
    num_epochs = 5
    for batch_size in [1, 2]:
        for reader_num_threads in [2, 4]:
            for parser_num_threads in [2, 4]:
                dataset = make_batch_feature(test_filenames, num_epochs, batch_size, label_key="label",
                                             reader_num_threads=reader_num_threads,
                                             parser_num_threads=parser_num_threads)
                verify_records(get_next(dataset), batch_size, [0, 1], num_epochs, label_key_provided=True,
                               cycle_length=reader_num_threads)
                dataset = make_batch_feature(test_filenames, num_epochs, batch_size,
                                             reader_num_threads=reader_num_threads,
                                             parser_num_threads=parser_num_threads)
                verify_records(get_next(dataset), batch_size, [0, 1], num_epochs, cycle_length=reader_num_threads)


def test_MakeBatchedFeaturesDatasetTest_testDropFinalBatch(test_filenames):
    for batch_size in [1, 2]:
        for num_epochs in [1, 10]:
            dataset = make_batch_feature(test_filenames[0], num_epochs, batch_size, label_key="label",
                                         drop_final_batch=True)
            for element in dataset:
                for tensor in tf.nest.flatten(element):
                    if isinstance(tensor, tf.Tensor):  # TF's guard against SparseTensor
                        assert tensor.shape[0] == batch_size


def test_MakeBatchedFeaturesDatasetTest_testIndefiniteRepeatShapeInference(test_filenames):
    dataset = make_batch_feature(test_filenames[0], num_epochs=None, batch_size=32, label_key="label")
    shapes = tf.data.get_output_shapes(dataset)
    classes = tf.data.get_output_classes(dataset)
    flat_shapes = [shapes[0][key] for key in sorted(shapes[0])] + [shapes[1]]
    flat_classes = [classes[0][key] for key in sorted(classes[0])] + [classes[1]]
    for shape, clazz in zip(flat_shapes, flat_classes):
        if issubclass(clazz, tf.Tensor):
            assert shape[0] == 32


def test_MakeBatchedFeaturesDatasetTest_testOldStyleReader(test_filenames):
    with pytest.raises(TypeError, match=r"The `reader` argument must return a `Dataset` object. "
                                        r"`tf.ReaderBase` subclasses are not supported."):
        tf.data.experimental.make_batched_features_dataset(
            file_pattern=test_filenames[0], batch_size=32, features=FEATURES, reader=lambda filename: filename)
