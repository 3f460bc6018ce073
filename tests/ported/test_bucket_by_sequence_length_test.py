"""Ported behaviours of TF's tensorflow/python/data/experimental/kernel_tests/
bucket_by_sequence_length_test.py (eager mode).  The sparse cases (no_padding with SparseTensor
records, testBucketSparse) are left out: tfcompat's tf.data has no SparseTensor components; the
dense half of each remaining test is kept."""

import random

import numpy as np
import pytest

import tfcompat as tf
from _dataset_helpers import get_next

D = tf.data.Dataset
grouping = tf.data.experimental


def _element_length_fn(x, y=None):
    del y
    return tf.shape(x)[0]


def test_BucketBySequenceLengthTest_testBucket():
    boundaries = [10, 20, 30]
    batch_sizes = [10, 8, 4, 2]
    lengths = [8, 13, 25, 35]

    def _generator():
        elements = []
        for batch_size, length in zip(batch_sizes, lengths):  # one batch for each bucket
            record_len = length - 1
            for _ in range(batch_size):
                elements.append([1] * record_len)
                record_len = length
        random.Random(0).shuffle(elements)
        for element in elements:
            yield (element,)

    dataset = D.from_generator(_generator, (tf.int32,), (tf.TensorShape([None]),)).apply(
        grouping.bucket_by_sequence_length(_element_length_fn, boundaries, batch_sizes, no_padding=False))
    next_element = get_next(dataset)
    batches = [next_element()[0].numpy() for _ in range(4)]
    with pytest.raises(tf.errors.OutOfRangeError):
        next_element()
    batch_sizes_val, lengths_val = [], []
    for batch in batches:
        batch_sizes_val.append(batch.shape[0])
        lengths_val.append(batch.shape[1])
        assert batch.sum() == batch.shape[0] * batch.shape[1] - 1
    assert sum(batch_sizes_val) == sum(batch_sizes)
    assert sorted(batch_sizes) == sorted(batch_sizes_val)
    assert sorted(lengths) == sorted(lengths_val)


def test_BucketBySequenceLengthTest_testPadToBoundary():
    boundaries = [10, 20, 30]
    batch_sizes = [10, 8, 4, 2]
    lengths = [8, 13, 25]

    def element_gen():
        elements = []
        for batch_size, length in zip(batch_sizes[:-1], lengths):
            elements.extend([[1] * length] * batch_size)
        random.Random(1).shuffle(elements)
        for element in elements:
            yield (element,)
        for _ in range(batch_sizes[-1]):
            yield ([1] * (boundaries[-1] + 5),)

    dataset = D.from_generator(element_gen, (tf.int64,), ([None],)).apply(
        grouping.bucket_by_sequence_length(lambda el: tf.shape(el)[0], boundaries, batch_sizes,
                                           pad_to_bucket_boundary=True))
    next_element = get_next(dataset)
    batches = [next_element()[0].numpy() for _ in range(3)]
    with pytest.raises(tf.errors.OpError, match="bucket_boundaries"):
        next_element()
    assert sum(b.shape[0] for b in batches) == sum(batch_sizes[:-1])
    assert sorted(b.shape[0] for b in batches) == sorted(batch_sizes[:-1])
    assert sorted(b.shape[1] for b in batches) == [boundary - 1 for boundary in sorted(boundaries)]


def test_BucketBySequenceLengthTest_testPadToBoundaryNoExtraneousPadding():
    def element_gen():
        for length in range(1, 11):
            yield ([1] * length,)

    dataset = D.from_generator(element_gen, (tf.int64,), ([None],)).apply(
        grouping.bucket_by_sequence_length(lambda element: tf.shape(element)[0], [3, 7, 11], [2, 2, 2, 2],
                                           pad_to_bucket_boundary=True))
    next_element = get_next(dataset)
    batches = [next_element()[0].numpy() for _ in range(5)]
    with pytest.raises(tf.errors.OutOfRangeError):
        next_element()
    np.testing.assert_array_equal(batches[0], [[1, 0], [1, 1]])
    np.testing.assert_array_equal(batches[1], [[1, 1, 1, 0, 0, 0], [1, 1, 1, 1, 0, 0]])
    np.testing.assert_array_equal(batches[2], [[1, 1, 1, 1, 1, 0], [1, 1, 1, 1, 1, 1]])
    np.testing.assert_array_equal(batches[3], [[1, 1, 1, 1, 1, 1, 1, 0, 0, 0], [1, 1, 1, 1, 1, 1, 1, 1, 0, 0]])
    np.testing.assert_array_equal(batches[4], [[1, 1, 1, 1, 1, 1, 1, 1, 1, 0], [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]])


def test_BucketBySequenceLengthTest_testTupleElements():
    def _generator():
        text = [[1, 2, 3], [3, 4, 5, 6, 7], [1, 2], [8, 9, 0, 2, 3]]
        label = [1, 2, 1, 2]
        yield from zip(text, label)

    dataset = D.from_generator(_generator, output_types=(tf.int32, tf.int32),
                               output_shapes=(tf.TensorShape([None]), tf.TensorShape([])))
    dataset = dataset.apply(grouping.bucket_by_sequence_length(
        element_length_func=_element_length_fn, bucket_batch_sizes=[2, 2, 2], bucket_boundaries=[0, 8]))
    shapes = dataset.output_shapes
    assert shapes[0].as_list() == [None, None]
    assert shapes[1].as_list() == [None]


def test_BucketBySequenceLengthTest_length_mismatch():
    # bucket_by_sequence_length's own check (TF 1.15 grouping.py), when it is called.
    with pytest.raises(ValueError, match=r"len\(bucket_batch_sizes\) must equal len\(bucket_boundaries\) \+ 1"):
        grouping.bucket_by_sequence_length(_element_length_fn, [3, 5], [2, 2])
