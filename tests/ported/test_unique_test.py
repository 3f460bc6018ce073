"""Ported behaviours of TF's tensorflow/python/data/experimental/kernel_tests/unique_test.py (eager
mode: a fresh generator dataset per test case instead of one re-run graph)."""

import pytest

import tfcompat as tf
from _dataset_helpers import assert_dataset_produces

D = tf.data.Dataset
unique = tf.data.experimental


def _check_simple(dtype, test_cases):
    for test_case, expected in test_cases:
        dataset = D.from_generator(lambda case=test_case: case, dtype).apply(unique.unique())
        assert_dataset_produces(dataset, [element.encode() if dtype == tf.string else element
                                          for element in expected])


@pytest.mark.parametrize("dtype", [tf.int32, tf.int64])
def test_UniqueTest_testSimpleInt(dtype):
    _check_simple(dtype, [
        ([], []),
        ([1], [1]),
        ([1, 1, 1, 1, 1, 1, 1], [1]),
        ([1, 2, 3, 4], [1, 2, 3, 4]),
        ([1, 2, 4, 3, 2, 1, 2, 3, 4], [1, 2, 4, 3]),
        ([[1], [1, 1], [1, 1, 1]], [[1], [1, 1], [1, 1, 1]]),
        ([[1, 1], [1, 1], [2, 2], [3, 3], [1, 1]], [[1, 1], [2, 2], [3, 3]]),
    ])


def test_UniqueTest_testSimpleString():
    _check_simple(tf.string, [
        ([], []),
        (["hello"], ["hello"]),
        (["hello", "hello", "hello"], ["hello"]),
        (["hello", "world"], ["hello", "world"]),
        (["foo", "bar", "baz", "baz", "bar", "foo"], ["foo", "bar", "baz"]),
    ])


@pytest.mark.parametrize("dtype", [tf.bool, tf.double, tf.complex64, tf.float32, tf.float64, tf.qint16,
                                   tf.qint32])
def test_UniqueTest_testUnsupportedTypes(dtype):
    with pytest.raises(TypeError):
        D.from_generator(list, dtype).apply(unique.unique())
