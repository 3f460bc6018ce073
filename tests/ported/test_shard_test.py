"""Ported behaviours of TF's tensorflow/python/data/kernel_tests/shard_test.py (eager mode)."""

import pytest

import tfcompat as tf
from _dataset_helpers import assert_dataset_produces

D = tf.data.Dataset


@pytest.mark.parametrize("name, size, num_shards, index, expected", [
    ("testSimpleCase", 10, 5, 2, [2, 7]), ("testOffsetZero", 10, 5, 0, [0, 5]),
    ("testIteratorEndsBeforeFirstElem", 1, 5, 2, []), ("testLargerWorkerPool", 10, 7, 5, [5]),
    ("testIndexEqualsNumShards", 10, 5, 4, [4, 9]), ("testIndexEqualsNumShards2", 10, 4, 3, [3, 7]),
    ("testNumShardsLargerThanDataset", 10, 20, 5, [5])])
def test_ShardTest_cases(name, size, num_shards, index, expected):
    assert_dataset_produces(D.range(size).shard(num_shards, index), expected_output=expected)


def test_ShardTest_testNestedData():
    dataset = D.zip((D.range(10), D.range(10, 0, -1))).shard(5, 2)
    assert_dataset_produces(dataset, expected_output=[(2, 8), (7, 3)])


@pytest.mark.parametrize("num_shards, index", [(5, 7), (5, -3), (-3, 1), (0, 1)],
                         ids=["testOffsetGreaterNumShards", "testNegativeOffset", "testNegativeNumShards",
                              "testZeroNumShards"])
def test_ShardTest_invalid(num_shards, index):
    with pytest.raises(tf.errors.InvalidArgumentError):
        D.range(10).shard(num_shards, index)
