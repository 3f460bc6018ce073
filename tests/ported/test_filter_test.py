"""Ported behaviours of TF's tensorflow/python/data/kernel_tests/filter_test.py (its FilterTestBase
cases, with Dataset.filter; eager mode).  The sparse case is left out: tfcompat's tf.data has no
SparseTensor components."""

import numpy as np
import pytest

import tfcompat as tf
from _dataset_helpers import assert_dataset_produces, get_next

D = tf.data.Dataset


@pytest.mark.parametrize("count, modulus", [(14, 2), (4, 18), (0, 1)])
def test_FilterTest_testFilterDataset(count, modulus):
    components = (np.arange(7, dtype=np.int64), np.array([[1, 2, 3]], dtype=np.int64) * np.arange(
        7, dtype=np.int64)[:, np.newaxis], np.array(37.0, dtype=np.float64) * np.arange(7))

    def _map_fn(x, y, z):
        return tf.square(x), tf.square(y), tf.square(z)

    dataset = D.from_tensor_slices(components).map(_map_fn).repeat(count).filter(
        lambda x, _y, _z: tf.equal(tf.mod(x, modulus), 0))
    assert [c.shape[1:] for c in components] == [shape for shape in tf.data.get_output_shapes(dataset)]
    next_element = get_next(dataset)
    for _ in range(count):
        for i in [x for x in range(7) if x ** 2 % modulus == 0]:
            for component, result_component in zip(components, next_element()):
                np.testing.assert_array_equal(component[i] ** 2, result_component.numpy())
    with pytest.raises(tf.errors.OutOfRangeError):
        next_element()


def test_FilterTest_testFilterRange():
    dataset = D.range(4).filter(lambda x: tf.not_equal(tf.mod(x, 3), 2))
    assert_dataset_produces(dataset, expected_output=[0, 1, 3])


def test_FilterTest_testFilterDict():
    dataset = D.range(10).map(lambda x: {"foo": x * 2, "bar": x ** 2}).filter(
        lambda d: tf.equal(d["bar"] % 2, 0)).map(lambda d: d["foo"] + d["bar"])
    assert_dataset_produces(dataset, expected_output=[(i * 2 + i ** 2) for i in range(10) if not (i ** 2) % 2])


def test_FilterTest_testUseStepContainerInFilter():
    input_data = np.array([[1, 2, 3], [4, 5, 6]], dtype=np.int64)

    def _predicate(xs):
        return tf.equal(tf.reduce_sum(xs * xs), 1 + 4 + 9)

    dataset = D.from_tensor_slices([[1, 2, 3], [4, 5, 6]]).filter(_predicate)
    assert_dataset_produces(dataset, expected_output=[input_data[0]])


def test_FilterTest_testShortCircuit():
    dataset = D.zip((D.range(10), D.from_tensors(True).repeat(None))).filter(lambda x, y: y)
    assert_dataset_produces(dataset, expected_output=[(i, True) for i in range(10)])


def test_FilterTest_testParallelFilters():
    dataset = D.range(10).filter(lambda x: tf.equal(x % 2, 0))
    next_elements = [get_next(dataset) for _ in range(10)]
    assert [next_element().numpy() for next_element in next_elements] == [0] * 10
