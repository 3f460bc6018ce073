"""Ported behaviours of TF's tensorflow/python/data/kernel_tests/range_test.py (eager mode)."""

import pytest

import tfcompat as tf
from _dataset_helpers import assert_dataset_produces

D = tf.data.Dataset


@pytest.mark.parametrize("name, args", [
    ("testStop", (5,)), ("testStartStop", (2, 5)), ("testStartStopStep", (2, 10, 2)),
    ("testNegativeStep", (2, 10, -1)), ("testStopLessThanStart", (10, 2)),
    ("testStopLessThanStartWithPositiveStep", (10, 2, 2)), ("testStopLessThanStartWithNegativeStep", (10, 2, -1))])
def test_RangeTest_ranges(name, args):
    dataset = D.range(*args)
    assert dataset.output_types == tf.int64
    assert_dataset_produces(dataset, expected_output=range(*args))


def test_RangeTest_testZeroStep():
    with pytest.raises(tf.errors.InvalidArgumentError):
        D.range(2, 10, 0)
