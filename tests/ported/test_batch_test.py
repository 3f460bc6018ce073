"""Ported behaviours of TF's tensorflow/python/data/kernel_tests/batch_test.py (eager mode).

Ragged and dataset components (testRagged*, testDataset) are not supported by tfcompat's tf.data.
"""

import itertools

import numpy as np
import pytest

import tfcompat as tf
from _dataset_helpers import assert_dataset_produces, get_next

D = tf.data.Dataset


@pytest.mark.parametrize("count, batch_size, drop_remainder",
                         list(itertools.product([0, 28], [14, 15], [True, False])))
def test_BatchTest_testBasic(count, batch_size, drop_remainder):
    components = (np.arange(7), np.array([[1, 2, 3]]) * np.arange(7)[:, np.newaxis], np.array(37.0) * np.arange(7))

    def _map_fn(x, y, z):
        return tf.square(x), tf.square(y), tf.square(z)

    dataset = D.from_tensor_slices(components).map(_map_fn).repeat(count).batch(batch_size, drop_remainder)
    next_element = get_next(dataset)
    dim0 = batch_size if drop_remainder else None
    assert [ts.as_list() for ts in tf.nest.flatten(tf.data.get_output_shapes(dataset))] == \
        [[dim0] + list(c.shape[1:]) for c in components]
    num_full_batches = (count * 7) // batch_size
    for i in range(num_full_batches):
        result = next_element()
        for component, result_component in zip(components, result):
            for j in range(batch_size):
                np.testing.assert_array_equal(component[(i * batch_size + j) % 7] ** 2, result_component[j].numpy())
    if not drop_remainder and (count * 7) % batch_size > 0:
        result = next_element()
        for component, result_component in zip(components, result):
            for j in range((count * 7) % batch_size):
                np.testing.assert_array_equal(component[(num_full_batches * batch_size + j) % 7] ** 2,
                                              result_component[j].numpy())
    with pytest.raises(tf.errors.OutOfRangeError):
        next_element()


def test_BatchTest_testInvalidBatchSize():
    with pytest.raises(tf.errors.InvalidArgumentError):
        D.range(10).batch(0)


def test_BatchTest_testShapeError():
    def generator():
        yield [1.0, 2.0, 3.0]
        yield [4.0, 5.0, 6.0]
        yield [7.0, 8.0, 9.0, 10.0]

    dataset = D.from_generator(generator, tf.float32, output_shapes=[None]).batch(3)
    assert_dataset_produces(dataset, expected_error=(
        tf.errors.InvalidArgumentError,
        r"Cannot batch tensors with different shapes in component 0. First "
        r"element had shape \[3\] and element 2 had shape \[4\]."))


# --- sparse components (wt/datasparse) ---------------------------------------------------------------

def test_BatchTest_testSparse():
    def _sparse(i):
        return tf.SparseTensorValue(indices=[[0]], values=(i * [1]), dense_shape=[1])

    dataset = D.range(10).map(_sparse).batch(5)
    expected_output = [tf.SparseTensorValue(indices=[[0, 0], [1, 0], [2, 0], [3, 0], [4, 0]],
                                            values=[i * 5, i * 5 + 1, i * 5 + 2, i * 5 + 3, i * 5 + 4],
                                            dense_shape=[5, 1]) for i in range(2)]
    assert_dataset_produces(dataset, expected_output=expected_output)


def test_BatchTest_testSparseWithDifferentDenseShapes():
    def _sparse(i):
        return tf.SparseTensorValue(indices=tf.expand_dims(tf.range(i, dtype=tf.int64), 1),
                                    values=tf.fill([tf.cast(i, tf.int32)], i), dense_shape=[i])

    dataset = D.range(10).map(_sparse).batch(5)
    expected_output = []
    for i in range(2):
        expected_indices, expected_values = [], []
        for j in range(5):
            for k in range(i * 5 + j):
                expected_indices.append([j, k])
                expected_values.append(i * 5 + j)
        expected_output.append(tf.SparseTensorValue(indices=np.array(expected_indices).reshape(-1, 2),
                                                    values=expected_values, dense_shape=[5, (i + 1) * 5 - 1]))
    assert_dataset_produces(dataset, expected_output=expected_output)


def test_BatchTest_testSparseNested():
    def _sparse(i):
        return tf.SparseTensorValue(indices=[[0]], values=(i * [1]), dense_shape=[1])

    dataset = D.range(10).map(_sparse).batch(5).batch(2)
    expected_output = [tf.SparseTensorValue(
        indices=[[0, 0, 0], [0, 1, 0], [0, 2, 0], [0, 3, 0], [0, 4, 0],
                 [1, 0, 0], [1, 1, 0], [1, 2, 0], [1, 3, 0], [1, 4, 0]],
        values=[0, 1, 2, 3, 4, 5, 6, 7, 8, 9], dense_shape=[2, 5, 1])]
    assert_dataset_produces(dataset, expected_output=expected_output)
