"""Ported behaviours of TF's tensorflow/python/data/kernel_tests/interleave_test.py (eager mode).

The sparse case (testInterleaveSparse) is left out: tfcompat's tf.data has no SparseTensor
components.  tfcompat's interleave is always deterministic, so the sloppy test checks the
same multiset TF's does.
"""

import os

import numpy as np
import pytest

import tfcompat as tf
from _dataset_helpers import assert_dataset_produces, get_next

D = tf.data.Dataset


def _interleave(lists, cycle_length, block_length):
    """TF's reference implementation of interleave's order, restated."""
    all_iterators = [iter(values) for values in lists]
    if cycle_length == tf.data.experimental.AUTOTUNE:
        cycle_length = os.cpu_count()
    open_iterators = [all_iterators.pop(0) if all_iterators else None for _ in range(cycle_length)]
    num_open = sum(it is not None for it in open_iterators)
    while num_open or all_iterators:
        for i in range(cycle_length):
            if open_iterators[i] is None:
                if not all_iterators:
                    continue
                open_iterators[i] = all_iterators.pop(0)
                num_open += 1
            for _ in range(block_length):
                try:
                    yield next(open_iterators[i])
                except StopIteration:
                    open_iterators[i] = None
                    num_open -= 1
                    break


def _repeat(values, count):
    return [[value] * value for value in np.tile(values, count)]


@pytest.mark.parametrize("input_values, cycle_length, block_length, expected_elements", [
    ([4, 5, 6], 1, 1, [4, 4, 4, 4, 5, 5, 5, 5, 5, 6, 6, 6, 6, 6, 6, 4, 4, 4, 4, 5, 5, 5, 5, 5, 6, 6, 6, 6, 6, 6]),
    ([4, 5, 6], 2, 1, [4, 5, 4, 5, 4, 5, 4, 5, 5, 6, 6, 4, 6, 4, 6, 4, 6, 4, 6, 5, 6, 5, 6, 5, 6, 5, 6, 5, 6, 6]),
    ([4, 5, 6], 2, 3, [4, 4, 4, 5, 5, 5, 4, 5, 5, 6, 6, 6, 4, 4, 4, 6, 6, 6, 4, 5, 5, 5, 6, 6, 6, 5, 5, 6, 6, 6]),
    ([4, 5, 6], 7, 2, [4, 4, 5, 5, 6, 6, 4, 4, 5, 5, 6, 6, 4, 4, 5, 5, 6, 6, 4, 4, 5, 5, 6, 6, 5, 6, 6, 5, 6, 6]),
    ([4, 0, 6], 2, 1, [4, 4, 6, 4, 6, 4, 6, 6, 4, 6, 4, 6, 4, 4, 6, 6, 6, 6, 6, 6]),
])
def test_InterleaveTest_testPythonImplementation(input_values, cycle_length, block_length, expected_elements):
    assert list(_interleave(_repeat(input_values, 2), cycle_length, block_length)) == expected_elements


INTERLEAVE_CASES = [
    ([4, 5, 6], 1, 3, None), ([4, 5, 6], 1, 3, 1), ([4, 5, 6], 2, 1, None), ([4, 5, 6], 2, 1, 1),
    ([4, 5, 6], 2, 1, 2), ([4, 5, 6], 2, 3, None), ([4, 5, 6], 2, 3, 1), ([4, 5, 6], 2, 3, 2),
    ([4, 5, 6], 7, 2, None), ([4, 5, 6], 7, 2, 1), ([4, 5, 6], 7, 2, 3), ([4, 5, 6], 7, 2, 5),
    ([4, 5, 6], 7, 2, 7), ([4, 5, 6], -1, 3, None), ([4, 5, 6], -1, 3, 1), ([], 2, 3, None),
    ([0, 0, 0], 2, 3, None), ([4, 0, 6], 2, 3, None), ([4, 0, 6], 2, 3, 1), ([4, 0, 6], 2, 3, 2),
]


@pytest.mark.parametrize("input_values, cycle_length, block_length, num_parallel_calls", INTERLEAVE_CASES)
def test_InterleaveTest_testInterleaveDataset(input_values, cycle_length, block_length, num_parallel_calls):
    input_values = np.int64(input_values)
    dataset = D.from_tensor_slices(input_values).repeat(2).interleave(
        lambda x: D.from_tensors(x).repeat(x), cycle_length, block_length, num_parallel_calls)
    assert_dataset_produces(dataset, list(_interleave(_repeat(input_values, 2), cycle_length, block_length)))


@pytest.mark.parametrize("cycle_length, block_length, num_parallel_calls", [
    (1, 3, None), (1, 3, 1), (2, 1, None), (2, 1, 1), (2, 1, 2), (2, 3, None), (2, 3, 1), (2, 3, 2),
    (7, 2, None), (7, 2, 1), (7, 2, 3), (7, 2, 5), (7, 2, 7)])
def test_InterleaveTest_testInterleaveDatasetError(cycle_length, block_length, num_parallel_calls):
    input_values = np.float32([1., np.nan, 2., np.nan, 3.])
    dataset = D.from_tensor_slices(input_values).map(lambda x: tf.check_numerics(x, "message")).interleave(
        D.from_tensors, cycle_length, block_length, num_parallel_calls)
    next_element = get_next(dataset)
    for value in input_values:
        if np.isnan(value):
            with pytest.raises(tf.errors.InvalidArgumentError):
                next_element()
        else:
            assert next_element().numpy() == value
    with pytest.raises(tf.errors.OutOfRangeError):
        next_element()


@pytest.mark.parametrize("input_values, cycle_length, block_length, num_parallel_calls",
                         [case for case in INTERLEAVE_CASES if case[3] is not None][:12])
def test_InterleaveTest_testSloppyInterleaveDataset(input_values, cycle_length, block_length, num_parallel_calls):
    input_values = np.int64(input_values)
    dataset = D.from_tensor_slices(input_values).repeat(2).interleave(
        lambda x: D.from_tensors(x).repeat(x), cycle_length, block_length, num_parallel_calls)
    expected = list(_interleave(_repeat(input_values, 2), cycle_length, block_length))
    next_element = get_next(dataset)
    actual = [next_element().numpy() for _ in range(len(expected))]
    assert sorted(expected) == sorted(actual)


def test_InterleaveTest_testInterleaveMap():
    def interleave_fn(x):
        return D.from_tensors(x).map(lambda x: x + x)

    dataset = D.range(100).interleave(interleave_fn, cycle_length=5).interleave(interleave_fn, cycle_length=5)
    assert_dataset_produces(dataset, [4 * x for x in range(100)])


def test_InterleaveTest_testParallelInterleaveCached(tmp_path):
    dataset = D.range(5).cache(str(tmp_path / "cache_dir"))
    dataset = dataset.interleave(D.from_tensors, cycle_length=2, num_parallel_calls=2)
    assert_dataset_produces(dataset, list(range(5)))
