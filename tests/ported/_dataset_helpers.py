"""What TF's DatasetTestBase gives its tests, for eager tfcompat: getNext and assertDatasetProduces."""

import numpy as np
import pytest

import tfcompat as tf


def get_next(dataset):
    """TF's ``self.getNext(dataset)``: a callable returning the next element (OutOfRangeError at the end)."""
    return dataset.make_one_shot_iterator().get_next


def as_numpy(element):
    if isinstance(element, tf.SparseTensor):
        return tf.SparseTensorValue(element.indices.numpy(), element.values.numpy(), element.dense_shape.numpy())
    if isinstance(element, tuple):
        return tuple(as_numpy(item) for item in element)
    if isinstance(element, dict):
        return {key: as_numpy(value) for key, value in element.items()}
    return element.numpy()


def assert_dataset_produces(dataset, expected_output=None, expected_error=None):
    """TF's ``assertDatasetProduces``: every element in order, then OutOfRangeError (twice)."""
    next_element = get_next(dataset)
    if expected_error is not None:
        error_class, pattern = expected_error
        with pytest.raises(error_class, match=pattern or None):
            for _ in range(10 ** 6):
                next_element()
        return
    for expected in expected_output:
        _assert_equal(as_numpy(next_element()), expected)
    for _ in range(2):
        with pytest.raises(tf.errors.OutOfRangeError):
            next_element()


def _assert_equal(got, expected):
    if isinstance(expected, tf.SparseTensorValue):  # TF's assertSparseValuesEqual
        assert isinstance(got, tf.SparseTensorValue)
        for a, b in zip(got, expected):
            np.testing.assert_array_equal(a, b)
    elif isinstance(expected, dict):
        assert sorted(got) == sorted(expected)
        for key in expected:
            _assert_equal(got[key], expected[key])
    elif isinstance(expected, tuple):
        assert len(got) == len(expected)
        for a, b in zip(got, expected):
            _assert_equal(a, b)
    else:
        np.testing.assert_array_equal(got, expected)
