"""Ported behaviours of TF's tensorflow/python/data/kernel_tests/shuffle_test.py (eager mode).

Graph-only tests (testSeedZero with a placeholder, testMultipleIterators over one graph) run
here as their eager equivalents where one exists; random values differ from TF's (Philox),
the seed semantics do not.
"""

import collections
import itertools

import numpy as np
import pytest

import tfcompat as tf
from _dataset_helpers import get_next

D = tf.data.Dataset


def _take_all(next_element, count):
    elements = [tuple(c.numpy().item() for c in next_element()) for _ in range(count)]
    with pytest.raises(tf.errors.OutOfRangeError):
        next_element()
    return elements


def test_ShuffleTest_testShuffleDataset():
    components = (np.array([1, 2, 3, 4]), np.array([5, 6, 7, 8]), np.array([9.0, 10.0, 11.0, 12.0]))

    def dataset_fn(count=5, buffer_size=None, seed=0):
        repeat_dataset = D.from_tensor_slices(components).repeat(count)
        if buffer_size:
            shuffle_dataset = repeat_dataset.shuffle(buffer_size, seed)
            assert tuple([c.shape[1:] for c in components]) == tf.data.get_output_shapes(shuffle_dataset)
            return shuffle_dataset
        return repeat_dataset

    unshuffled = _take_all(get_next(dataset_fn()), 20)
    next_element = get_next(dataset_fn(buffer_size=100, seed=37))
    shuffled = _take_all(next_element, 20)
    with pytest.raises(tf.errors.OutOfRangeError):
        next_element()
    assert sorted(unshuffled) == sorted(shuffled)
    assert shuffled == _take_all(get_next(dataset_fn(buffer_size=100, seed=37)), 20)
    different_seed = _take_all(get_next(dataset_fn(buffer_size=100, seed=137)), 20)
    assert shuffled != different_seed
    assert sorted(shuffled) == sorted(different_seed)
    small_buffer = _take_all(get_next(dataset_fn(buffer_size=2, seed=37)), 20)
    assert sorted(unshuffled) == sorted(small_buffer)
    with pytest.raises(tf.errors.OutOfRangeError):
        get_next(dataset_fn(count=0, buffer_size=100, seed=37))()


def test_ShuffleTest_testSeedZero():
    first = [e.numpy() for e in D.range(10).shuffle(10, seed=0)]
    second = [e.numpy() for e in D.range(10).shuffle(10, seed=tf.constant(0, tf.int64))]
    assert first == second


def test_ShuffleTest_testDefaultArguments():
    next_element = get_next(D.from_tensor_slices([0, 1, 2, 3, 4]).shuffle(5).repeat())
    counts = collections.defaultdict(lambda: 0)
    for _ in range(10):
        for _ in range(5):
            counts[next_element().numpy().item()] += 1
    for i in range(5):
        assert counts[i] == 10


@pytest.mark.parametrize("reshuffle", [True, False])
@pytest.mark.parametrize("graph_seed, op_seed", [(38, None), (None, 42), (38, 42)])
def test_ShuffleTest_testShuffleSeed(reshuffle, graph_seed, op_seed):
    results = []
    for _ in range(2):
        tf.set_random_seed(graph_seed)
        dataset = D.range(10).shuffle(10, seed=op_seed, reshuffle_each_iteration=reshuffle).repeat(3)
        next_element = get_next(dataset)
        results.append([next_element().numpy() for _ in range(30)])
        with pytest.raises(tf.errors.OutOfRangeError):
            next_element()
    tf.set_random_seed(None)
    assert results[0] == results[1]


@pytest.mark.parametrize("reshuffle", [True, False])
def test_ShuffleTest_testMultipleIterators(reshuffle):
    dataset = D.range(100).shuffle(10, reshuffle_each_iteration=reshuffle).repeat(3)
    results = [[e.numpy() for e in tf.data.make_one_shot_iterator(dataset)] for _ in range(2)]
    assert len(results[0]) == 300
    assert results[0] != results[1] if reshuffle else results[0] == results[1]


@pytest.mark.parametrize("reshuffle, seed", list(itertools.product([True, False], [None, 42])))
def test_ShuffleTest_testReshuffleRepeatEpochs(reshuffle, seed):
    next_element = get_next(D.range(10).shuffle(10, seed=seed, reshuffle_each_iteration=reshuffle).repeat(2))
    first_epoch = [next_element().numpy() for _ in range(10)]
    second_epoch = [next_element().numpy() for _ in range(10)]
    assert (first_epoch == second_epoch) == (not reshuffle)


@pytest.mark.parametrize("reshuffle, seed", list(itertools.product([True, False], [None, 42])))
def test_ShuffleTest_testReshuffleIterationEpochs(reshuffle, seed):
    dataset = D.range(10).shuffle(10, seed=seed, reshuffle_each_iteration=reshuffle)
    first_epoch = [elem.numpy() for elem in dataset]
    second_epoch = [elem.numpy() for elem in dataset]
    assert (first_epoch == second_epoch) == (not reshuffle)


def test_ShuffleTest_testShuffleV2ResourceCapture():
    ids = D.range(10).shuffle(1)
    dataset = D.range(1).interleave(lambda _: ids, cycle_length=1)
    assert [elem.numpy() for elem in dataset] == list(range(10))


@pytest.mark.parametrize("reshuffle, seed", list(itertools.product([True, False], [None, 42])))
def test_ShuffleTest_testReshuffleSeparateTransformations(reshuffle, seed):
    dataset = D.range(10)
    first_epoch = [elem.numpy() for elem in dataset.shuffle(10, seed=seed, reshuffle_each_iteration=reshuffle)]
    second_epoch = [elem.numpy() for elem in dataset.shuffle(10, seed=seed, reshuffle_each_iteration=reshuffle)]
    assert (first_epoch != second_epoch) == (seed is None)
