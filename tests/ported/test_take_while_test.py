"""Ported behaviours of TF's tensorflow/python/data/experimental/kernel_tests/take_while_test.py
(eager mode)."""

import numpy as np
import pytest

import tfcompat as tf
from _dataset_helpers import assert_dataset_produces, get_next

D = tf.data.Dataset
take_while_ops = tf.data.experimental


@pytest.mark.parametrize("num_elements, window_size", [(14, 2), (15, 2), (100, 3)])
def test_TakeWhileTest_testTakeWhileDataset(num_elements, window_size):
    def _predicate_func(elem):
        return tf.shape(elem)[0] > (window_size - 1)

    dataset = D.range(num_elements).batch(window_size).apply(take_while_ops.take_while(_predicate_func)).flat_map(
        lambda x: D.from_tensor_slices(x))
    expected_num_elements = int(num_elements / window_size) * window_size
    assert_dataset_produces(dataset, np.arange(expected_num_elements))


@pytest.mark.parametrize("num_elements, upper_bound, out_of_bounds",
                         [(10, 2, False), (16, 7, False), (100, 99, False), (100, 101, True), (0, 1, True)])
def test_TakeWhileTest_testTakeWhileDatasetRange(num_elements, upper_bound, out_of_bounds):
    dataset = D.range(num_elements).apply(take_while_ops.take_while(lambda x: x < upper_bound))
    if out_of_bounds:
        with pytest.raises(tf.errors.OutOfRangeError):
            assert_dataset_produces(dataset, np.arange(upper_bound))
    else:
        assert_dataset_produces(dataset, np.arange(upper_bound))


def test_TakeWhileTest_testTakeWhileDatasetString():
    def not_equal(string):
        return lambda x: tf.not_equal(x, tf.constant(string))

    strings = ["this", "is", "the", "test", "for", "strings"]
    next_element = get_next(D.from_tensor_slices(strings).apply(take_while_ops.take_while(not_equal("test"))))
    for expected in (b"this", b"is", b"the"):
        assert next_element().numpy() == expected
    with pytest.raises(tf.errors.OutOfRangeError):
        next_element()


@pytest.mark.parametrize("size, index", [(5, 3), (10, 0), (100, 5), (8, 7)])
def test_TakeWhileTest_testTakewhileDatasetShortCircuit(size, index):
    boolean_array = [True] * size
    boolean_array[index] = False
    next_element = get_next(D.from_tensor_slices(boolean_array).apply(take_while_ops.take_while(lambda x: x)))
    for _ in range(index):
        assert next_element().numpy()
    with pytest.raises(tf.errors.OutOfRangeError):
        next_element()


def test_TakeWhileTest_predicate_must_be_scalar_bool():
    # take_while's check (TF 1.15 take_while_ops.py): the predicate's result must be a scalar tf.bool.
    with pytest.raises(ValueError, match="`predicate` must return a scalar boolean tensor."):
        D.range(10).apply(take_while_ops.take_while(lambda x: x))
    with pytest.raises(ValueError, match="`predicate` must return a scalar boolean tensor."):
        D.range(10).apply(take_while_ops.take_while(lambda x: tf.stack([x < 3, x < 4])))
