"""Ported behaviours of TF's tensorflow/python/data/kernel_tests/zip_test.py (eager mode)."""

import numpy as np
import pytest

import tfcompat as tf
from _dataset_helpers import get_next

D = tf.data.Dataset


def _check_rows(next_element, components, rows):
    for i in range(rows):
        for component, result_component in zip(components, next_element()):
            np.testing.assert_array_equal(component[i], result_component.numpy())
    for _ in range(2):
        with pytest.raises(tf.errors.OutOfRangeError):
            next_element()


def test_ZipTest_testZipDataset():
    def dataset_fn(components):
        return D.zip(tuple([D.from_tensor_slices(component) for component in components]))

    equal_length_components = [np.tile(np.array([[1], [2], [3], [4]]), 20),
                               np.tile(np.array([[12], [13], [14], [15]]), 22), np.array([37.0, 38.0, 39.0, 40.0])]
    _check_rows(get_next(dataset_fn(equal_length_components)), equal_length_components, 4)
    variable_length_components = [[1, 2, 3, 4], [1, 2, 3, 4, 5], [1.0, 2.0]]
    _check_rows(get_next(dataset_fn(variable_length_components)), variable_length_components, 2)


def test_ZipTest_testNestedZipDataset():
    components = [np.tile(np.array([[1], [2], [3], [4]]), 20), np.tile(np.array([[12], [13], [14], [15]]), 22),
                  np.array([37.0, 38.0, 39.0, 40.0])]
    datasets = [D.from_tensor_slices(component) for component in components]
    dataset = D.zip((datasets[0], (datasets[1], datasets[2])))
    assert tf.data.get_output_shapes(dataset) == (tf.TensorShape([20]), (tf.TensorShape([22]), tf.TensorShape([])))
    next_element = get_next(dataset)
    for i in range(4):
        result1, (result2, result3) = next_element()
        np.testing.assert_array_equal(components[0][i], result1.numpy())
        np.testing.assert_array_equal(components[1][i], result2.numpy())
        np.testing.assert_array_equal(components[2][i], result3.numpy())
    for _ in range(2):
        with pytest.raises(tf.errors.OutOfRangeError):
            next_element()
