"""Ported behaviours of TF's tensorflow/python/data/experimental/kernel_tests/get_single_element_test.py
(eager mode; the dense half of each element: tfcompat's tf.data has no SparseTensor components)."""

import pytest

import tfcompat as tf
from _dataset_helpers import assert_dataset_produces

D = tf.data.Dataset
get_single_element = tf.data.experimental


@pytest.mark.parametrize("skip, take, error, error_msg", [
    (0, 1, None, None), (5, 1, None, None), (10, 1, None, None),
    (100, 1, tf.errors.InvalidArgumentError, "Dataset was empty."),
    (0, 2, tf.errors.InvalidArgumentError, "Dataset had more than one element."),
], ids=["Zero", "Five", "Ten", "Empty", "MoreThanOne"])
def test_GetSingleElementTest_testGetSingleElement(skip, take, error, error_msg):
    dataset = D.range(100).skip(skip).map(lambda x: x * x).take(take)
    if error is None:
        assert get_single_element.get_single_element(dataset).numpy() == skip * skip
    else:
        with pytest.raises(error, match=error_msg):
            get_single_element.get_single_element(dataset)


def test_GetSingleElementTest_testWindow():
    def flat_map_func(ds):
        element = get_single_element.get_single_element(ds.batch(2))
        return D.from_tensors(element)

    dataset = D.range(10).window(2).flat_map(flat_map_func)
    assert_dataset_produces(dataset, [[0, 1], [2, 3], [4, 5], [6, 7], [8, 9]])


def test_GetSingleElementTest_testSideEffect():
    counter_var = tf.Variable(0)

    def increment_fn(x):
        counter_var.assign_add(1)
        return x

    def fn():
        get_single_element.get_single_element(D.range(1).map(increment_fn))
        return "hello"

    assert fn() == "hello"
    assert counter_var.numpy() == 1


def test_GetSingleElementTest_testAutomaticControlDependencies():
    counter_var = tf.Variable(1)

    def increment_fn(x):
        counter_var.assign(counter_var + 1)
        return x

    def multiply_fn(x):
        counter_var.assign(counter_var * 2)
        return x

    get_single_element.get_single_element(D.range(1).map(increment_fn))
    get_single_element.get_single_element(D.range(1).map(multiply_fn))
    assert counter_var.numpy() == 4
