"""Ported behaviours of TF's tensorflow/python/data/kernel_tests/cache_test.py (eager mode)."""

import numpy as np
import pytest

import tfcompat as tf
from _dataset_helpers import as_numpy, assert_dataset_produces, get_next

D = tf.data.Dataset
COMPONENTS = (np.array([1, 2, 3, 4]), np.array([5, 6, 7, 8]), np.array([9.0, 10.0, 11.0, 12.0]))


def _take(next_element, count):
    elements = [as_numpy(next_element()) for _ in range(count)]
    with pytest.raises(tf.errors.OutOfRangeError):
        next_element()
    return [tuple(np.asarray(c).tolist() for c in element) for element in elements]


def test_FileCacheTest_testCacheDatasetPassthrough(tmp_path):
    cache_prefix = str(tmp_path / "cache")

    def dataset_fn(count=5, filename=None):
        repeat_dataset = D.from_tensor_slices(COMPONENTS).repeat(count)
        return repeat_dataset.cache(filename) if filename else repeat_dataset

    assert tuple([c.shape[1:] for c in COMPONENTS]) == tf.data.get_output_shapes(dataset_fn())
    elements = _take(get_next(dataset_fn()), 20)
    cached_elements = _take(get_next(dataset_fn(filename=cache_prefix)), 20)
    assert elements == cached_elements
    replayed_elements = _take(get_next(dataset_fn(count=0, filename=cache_prefix)), 20)
    assert cached_elements == replayed_elements
    with pytest.raises(tf.errors.OutOfRangeError):
        get_next(dataset_fn(count=0, filename=cache_prefix + "nonsense"))()


def test_FileCacheTest_testConcurrentWriters(tmp_path):
    cache_prefix = str(tmp_path / "cache")
    get_next1 = get_next(D.from_tensor_slices(COMPONENTS).cache(cache_prefix))
    get_next2 = get_next(D.from_tensor_slices(COMPONENTS).cache(cache_prefix))
    get_next1()
    with pytest.raises(tf.errors.AlreadyExistsError):
        get_next2()
    get_next1()


def test_FileCacheTest_testConcurrentReaders(tmp_path):
    cache_prefix = str(tmp_path / "cache")
    cache_dataset1 = D.from_tensor_slices(COMPONENTS).cache(cache_prefix)
    cache_dataset2 = D.from_tensor_slices(COMPONENTS).cache(cache_prefix)
    elements = _take(get_next(cache_dataset1), 4)
    get_next1, get_next2 = get_next(cache_dataset1), get_next(cache_dataset2)
    itr1, itr2 = [], []
    for first, second in [(get_next2, itr2), (get_next1, itr1), (get_next2, itr2), (get_next1, itr1),
                          (get_next1, itr1), (get_next2, itr2), (get_next1, itr1), (get_next2, itr2)]:
        second.append(tuple(np.asarray(c).tolist() for c in as_numpy(first())))
    with pytest.raises(tf.errors.OutOfRangeError):
        get_next2()
    with pytest.raises(tf.errors.OutOfRangeError):
        get_next1()
    assert elements == itr1 == itr2


def test_FileCacheTest_testReadingPastEndOfSequence(tmp_path):
    dataset = D.range(10).cache(str(tmp_path / "cache")).map(lambda a: a).batch(4).repeat(2)
    assert_dataset_produces(dataset, [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9]] * 2)


def test_FileCacheTest_testCleaningUpCacheFiles(tmp_path):
    cache_prefix = str(tmp_path / "cache")

    def do_test(i):
        next_element = get_next(D.range(10).cache(cache_prefix))
        for _ in range(i):
            try:
                next_element()
            except tf.errors.OutOfRangeError:
                break

    for i in [0, 3, 10, 12, 15]:
        do_test(i)
    # the partial runs left no half-written cache behind: a full run reads all ten elements
    assert [int(x) for x in D.range(10).cache(cache_prefix)] == list(range(10))


def test_MemoryCacheTest_testCacheDatasetPassthrough():
    with tf.device("cpu:0"):
        repeat_count = tf.Variable(tf.constant(10, tf.int64))
        dataset = D.range(3).flat_map(lambda x: D.from_tensors(x).repeat(repeat_count))
        cached_next = get_next(dataset.cache().repeat(2))
        uncached_next = get_next(dataset.repeat(2))
        for i in range(3):
            for _ in range(10):
                assert cached_next().numpy() == i
                assert uncached_next().numpy() == i
        repeat_count.assign(0)
        with pytest.raises(tf.errors.OutOfRangeError):
            uncached_next()
        for i in range(3):
            for _ in range(10):
                assert cached_next().numpy() == i
        with pytest.raises(tf.errors.OutOfRangeError):
            cached_next()


def test_MemoryCacheTest_testEmptyCacheReading():
    assert_dataset_produces(D.from_tensor_slices(COMPONENTS).repeat(0).cache(), expected_output=[])


def test_MemoryCacheTest_testConcurrentReaders():
    d1 = D.range(5).cache().map(lambda x: x + 1)
    d2 = D.range(5).cache().map(lambda x: x + 6)
    get_next1 = get_next(d1)
    assert [get_next1().numpy() for _ in range(3)] == [1, 2, 3]
    get_next2 = get_next(d2)
    assert get_next2().numpy() == 6
    assert get_next2().numpy() == 7
    assert get_next1().numpy() == 4
    assert [get_next2().numpy(), get_next1().numpy()] == [8, 5]
    assert get_next2().numpy() == 9
    assert get_next2().numpy() == 10
    with pytest.raises(tf.errors.OutOfRangeError):
        get_next2()
    with pytest.raises(tf.errors.OutOfRangeError):
        get_next1()


def test_MemoryCacheTest_testCacheTakeRepeat():
    assert_dataset_produces(D.range(10).cache().take(5).repeat(2), expected_output=[0, 1, 2, 3, 4] * 2)


def test_MemoryCacheTest_testCacheRepeatEpochs():
    counter = tf.Variable(0)

    def increment_fn(x):
        counter.assign_add(1)
        return x

    next_element = get_next(D.range(10).map(increment_fn).cache().repeat(2))
    for i in range(10):
        assert counter.numpy() == i
        assert next_element().numpy() == i
    for i in range(10):
        assert counter.numpy() == 10
        assert next_element().numpy() == i
    with pytest.raises(tf.errors.OutOfRangeError):
        next_element()


def test_MemoryCacheTest_testCacheIterationEpochs():
    counter = tf.Variable(0)

    def increment_fn(x):
        counter.assign_add(1)
        return x

    dataset = D.range(10).map(increment_fn).cache()
    for i, elem in enumerate(dataset):
        assert elem.numpy() == i
        assert counter.numpy() == i + 1
    for i, elem in enumerate(dataset):
        assert counter.numpy() == 10
        assert elem.numpy() == i


def test_MemoryCacheTest_testCacheV2ResourceCapture():
    ids = D.range(10).cache()
    dataset = D.range(1).interleave(lambda _: ids, cycle_length=1)
    assert [elem.numpy() for elem in dataset] == list(range(10))
