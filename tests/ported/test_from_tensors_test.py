"""Ported behaviours of TF's tensorflow/python/data/kernel_tests/from_tensors_test.py (eager mode):
the sparse-component cases (testFromTensorsSparse, testFromTensorsMixed).  The dense cases are covered by
the data goldens; ragged components and TensorArrays are not supported by tfcompat's tf.data.
"""

import numpy as np

import tfcompat as tf
from _dataset_helpers import assert_dataset_produces

D = tf.data.Dataset


def _sparse_components():
    return (tf.SparseTensorValue(indices=np.array([[0]]), values=np.array([0]), dense_shape=np.array([1])),
            tf.SparseTensorValue(indices=np.array([[0, 0], [1, 1]]), values=np.array([-1, 1]),
                                 dense_shape=np.array([2, 2])))


def test_FromTensorsTest_testFromTensorsSparse():
    components = _sparse_components()
    dataset = D.from_tensors(components)
    assert [tf.TensorShape(c.dense_shape) for c in components] == list(tf.data.get_output_shapes(dataset))
    assert_dataset_produces(dataset, expected_output=[components])


def test_FromTensorsTest_testFromTensorsMixed():
    components = (np.array(1), np.array([1, 2, 3]), np.array(37.0)) + _sparse_components()
    dataset = D.from_tensors(components)
    assert [tf.TensorShape(c.dense_shape) if isinstance(c, tf.SparseTensorValue) else c.shape
            for c in components] == list(tf.data.get_output_shapes(dataset))
    assert_dataset_produces(dataset, expected_output=[components])
