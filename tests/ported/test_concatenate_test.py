"""Ported behaviours of TF's tensorflow/python/data/kernel_tests/concatenate_test.py (eager mode)."""

import numpy as np
import pytest

import tfcompat as tf
from _dataset_helpers import get_next

D = tf.data.Dataset


def _check_concatenated(concatenated, input_components, to_concatenate_components):
    next_element = get_next(concatenated)
    for i in range(9):
        result = next_element()
        components, row = (input_components, i) if i < 4 else (to_concatenate_components, i - 4)
        for component, result_component in zip(components, result):
            np.testing.assert_array_equal(component[row], result_component.numpy())
    with pytest.raises(tf.errors.OutOfRangeError):
        next_element()


def test_ConcatenateTest_testConcatenateDataset():
    input_components = (np.tile(np.array([[1], [2], [3], [4]]), 20), np.tile(np.array([[12], [13], [14], [15]]), 15),
                        np.array([37.0, 38.0, 39.0, 40.0]))
    to_concatenate_components = (np.tile(np.array([[1], [2], [3], [4], [5]]), 20),
                                 np.tile(np.array([[12], [13], [14], [15], [16]]), 15),
                                 np.array([37.0, 38.0, 39.0, 40.0, 41.0]))
    concatenated = D.from_tensor_slices(input_components).concatenate(D.from_tensor_slices(to_concatenate_components))
    assert tf.data.get_output_shapes(concatenated) == (tf.TensorShape([20]), tf.TensorShape([15]), tf.TensorShape([]))
    _check_concatenated(concatenated, input_components, to_concatenate_components)


def test_ConcatenateTest_testConcatenateDatasetDifferentShape():
    input_components = (np.tile(np.array([[1], [2], [3], [4]]), 20), np.tile(np.array([[12], [13], [14], [15]]), 4))
    to_concatenate_components = (np.tile(np.array([[1], [2], [3], [4], [5]]), 20),
                                 np.tile(np.array([[12], [13], [14], [15], [16]]), 15))
    concatenated = D.from_tensor_slices(input_components).concatenate(D.from_tensor_slices(to_concatenate_components))
    assert [ts.as_list() for ts in tf.nest.flatten(tf.data.get_output_shapes(concatenated))] == [[20], [None]]
    _check_concatenated(concatenated, input_components, to_concatenate_components)


@pytest.mark.parametrize("input_components, to_concatenate_components", [
    ((np.tile(np.array([[1], [2], [3], [4]]), 5), np.tile(np.array([[12], [13], [14], [15]]), 4)),
     (np.tile(np.array([[1], [2], [3], [4], [5]]), 20), np.tile(np.array([[12], [13], [14], [15], [16]]), 15),
      np.array([37.0, 38.0, 39.0, 40.0, 41.0]))),
    ({"foo": np.array([[1], [2], [3], [4]]), "bar": np.array([[12], [13], [14], [15]])},
     {"foo": np.array([[1], [2], [3], [4]]), "baz": np.array([[5], [6], [7], [8]])}),
    ((np.tile(np.array([[1], [2], [3], [4]]), 5), np.tile(np.array([[12], [13], [14], [15]]), 4)),
     (np.tile(np.array([[1.0], [2.0], [3.0], [4.0]]), 5), np.tile(np.array([[12], [13], [14], [15]]), 15))),
], ids=["testConcatenateDatasetDifferentStructure", "testConcatenateDatasetDifferentKeys",
        "testConcatenateDatasetDifferentType"])
def test_ConcatenateTest_mismatches(input_components, to_concatenate_components):
    with pytest.raises(TypeError, match="have different types"):
        D.from_tensor_slices(input_components).concatenate(D.from_tensor_slices(to_concatenate_components))
