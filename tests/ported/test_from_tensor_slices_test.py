"""Ported behaviours of TF's tensorflow/python/data/kernel_tests/from_tensor_slices_test.py (eager mode).

Ragged components (testFromTensorSlicesRagged/MixedRagged) are not supported by tfcompat's
tf.data; datasets as components (testFromTensorSlicesDataset*) neither.
"""

import numpy as np
import pytest

import tfcompat as tf
from _dataset_helpers import assert_dataset_produces, get_next

D = tf.data.Dataset


def test_FromTensorSlicesTest_testFromTensorSlices():
    components = (np.tile(np.array([[1], [2], [3], [4]]), 20), np.tile(np.array([[12], [13], [14], [15]]), 22),
                  np.array([37.0, 38.0, 39.0, 40.0]))
    dataset = D.from_tensor_slices(components)
    next_element = get_next(dataset)
    assert [c.shape[1:] for c in components] == [shape for shape in tf.data.get_output_shapes(dataset)]
    for i in range(4):
        results = next_element()
        for component, result_component in zip(components, results):
            np.testing.assert_array_equal(component[i], result_component.numpy())
    with pytest.raises(tf.errors.OutOfRangeError):
        next_element()


def test_FromTensorSlicesTest_testFromTensorSlicesWithDict():
    components = {"foo": [1, 2, 3], "bar": [[4.0], [5.0], [6.0]]}
    dataset = D.from_tensor_slices(components)
    next_element = get_next(dataset)
    assert tf.data.get_output_types(dataset)["foo"] == tf.int32
    assert tf.data.get_output_types(dataset)["bar"] == tf.float32
    assert tf.data.get_output_shapes(dataset)["foo"] == ()
    assert tf.data.get_output_shapes(dataset)["bar"] == (1,)
    for i in range(3):
        results = next_element()
        assert components["foo"][i] == results["foo"].numpy()
        assert components["bar"][i] == results["bar"].numpy()
    with pytest.raises(tf.errors.OutOfRangeError):
        next_element()


def test_FromTensorSlicesTest_testFromTensorSlicesWithUintDtypes():
    components = (
        np.tile(np.array([[0], [1]], dtype=np.uint8), 2),
        np.tile(np.array([[2], [256]], dtype=np.uint16), 2),
        np.tile(np.array([[4], [65536]], dtype=np.uint32), 2),
        np.tile(np.array([[8], [4294967296]], dtype=np.uint64), 2),
    )
    expected_types = (tf.uint8, tf.uint16, tf.uint32, tf.uint64)
    expected_output = [tuple([c[i] for c in components]) for i in range(2)]
    dataset = D.from_tensor_slices(components)
    assert tf.data.get_output_types(dataset) == expected_types
    assert_dataset_produces(dataset, expected_output)


# --- sparse components (wt/datasparse) ---------------------------------------------------------------

def _sparse_components():
    return (tf.SparseTensorValue(indices=np.array([[0, 0], [1, 0], [2, 0]]), values=np.array([0, 0, 0]),
                                 dense_shape=np.array([3, 1])),
            tf.SparseTensorValue(indices=np.array([[0, 0], [1, 1], [2, 2]]), values=np.array([1, 2, 3]),
                                 dense_shape=np.array([3, 3])))


def _expected_sparse_slices():
    return [(tf.SparseTensorValue(np.array([[0]]), np.array([0]), np.array([1])),
             tf.SparseTensorValue(np.array([[i]]), np.array([i + 1]), np.array([3]))) for i in range(3)]


def test_FromTensorSlicesTest_testFromTensorSlicesSparse():
    components = _sparse_components()
    dataset = D.from_tensor_slices(components)
    assert [tf.TensorShape(c.dense_shape[1:]) for c in components] == list(tf.data.get_output_shapes(dataset))
    assert_dataset_produces(dataset, expected_output=_expected_sparse_slices())


def test_FromTensorSlicesTest_testFromTensorSlicesMixed():
    components = (np.tile(np.array([[1], [2], [3]]), 20), np.tile(np.array([[12], [13], [14]]), 22),
                  np.array([37.0, 38.0, 39.0])) + _sparse_components()
    dataset = D.from_tensor_slices(components)
    assert [tf.TensorShape(c.dense_shape[1:]) if isinstance(c, tf.SparseTensorValue) else c.shape[1:]
            for c in components] == list(tf.data.get_output_shapes(dataset))
    expected = [(components[0][i], components[1][i], components[2][i]) + sparse
                for i, sparse in enumerate(_expected_sparse_slices())]
    assert_dataset_produces(dataset, expected_output=expected)
