"""Ported behaviours of TF's tensorflow/python/data/kernel_tests/window_test.py (eager mode).

The sparse cases (testWindowSparse*, testNestedWindowSparse) are left out: tfcompat's
tf.data has no SparseTensor components.
"""

import numpy as np
import pytest

import tfcompat as tf
from _dataset_helpers import assert_dataset_produces, get_next

D = tf.data.Dataset


@pytest.mark.parametrize("count, size, shift, stride, drop_remainder", [
    (20, 14, 7, 1, True), (20, 17, 9, 1, True), (20, 14, 14, 1, True), (20, 10, 14, 1, True),
    (20, 14, 19, 1, True), (20, 4, 1, 2, True), (20, 2, 1, 6, True), (20, 4, 7, 2, True), (20, 2, 7, 6, True),
    (1, 10, 4, 1, True), (0, 10, 4, 1, True), (20, 14, 7, 1, False), (20, 17, 9, 1, False),
    (20, 14, 14, 1, False), (20, 10, 14, 1, False), (20, 14, 19, 1, False), (20, 4, 1, 2, False),
    (20, 2, 1, 6, False), (20, 4, 7, 2, False), (20, 2, 7, 6, False), (1, 10, 4, 1, False),
    (0, 10, 4, 1, False)])
def test_WindowTest_testWindowDataset(count, size, shift, stride, drop_remainder):
    components = (np.arange(7), np.array([[1, 2, 3]]) * np.arange(7)[:, np.newaxis], np.array(37.0) * np.arange(7))

    def _map_fn(x, y, z):
        return tf.square(x), tf.square(y), tf.square(z)

    def _flat_map_fn(x, y, z):
        return D.zip((x.batch(batch_size=size), y.batch(batch_size=size), z.batch(batch_size=size)))

    dataset = D.from_tensor_slices(components).map(_map_fn).repeat(count).window(
        size=size, shift=shift, stride=stride, drop_remainder=drop_remainder).flat_map(_flat_map_fn)
    next_element = get_next(dataset)
    assert [[None] + list(c.shape[1:]) for c in components] == \
        [ts.as_list() for ts in tf.nest.flatten(tf.data.get_output_shapes(dataset))]
    num_full_batches = max(0, (count * 7 - ((size - 1) * stride + 1)) // shift + 1)
    for i in range(num_full_batches):
        result = next_element()
        for component, result_component in zip(components, result):
            for j in range(size):
                np.testing.assert_array_equal(component[(i * shift + j * stride) % 7] ** 2,
                                              result_component[j].numpy())
    if not drop_remainder:
        num_partial_batches = (count * 7) // shift + ((count * 7) % shift > 0) - num_full_batches
        for i in range(num_partial_batches):
            result = next_element()
            for component, result_component in zip(components, result):
                remaining = (count * 7) - ((num_full_batches + i) * shift)
                num_elements = remaining // stride + ((remaining % stride) > 0)
                for j in range(num_elements):
                    np.testing.assert_array_equal(
                        component[((num_full_batches + i) * shift + j * stride) % 7] ** 2,
                        result_component[j].numpy())
    for _ in range(2):
        with pytest.raises(tf.errors.OutOfRangeError):
            next_element()


@pytest.mark.parametrize("count, size, shift, stride", [(14, 0, 3, 1), (14, 3, 0, 1), (14, 3, 3, 0)])
def test_WindowTest_testWindowDatasetInvalid(count, size, shift, stride):
    with pytest.raises(tf.errors.InvalidArgumentError):
        D.range(10).map(lambda x: x).repeat(count).window(size=size, shift=shift, stride=stride).flat_map(
            lambda x: x.batch(batch_size=size))


def test_WindowTest_testWindowShapeError():
    def generator():
        yield [1.0, 2.0, 3.0]
        yield [4.0, 5.0, 6.0]
        yield [7.0, 8.0, 9.0, 10.0]

    dataset = D.from_generator(generator, tf.float32, output_shapes=[None]).window(size=3, shift=1).flat_map(
        lambda x: x.batch(batch_size=3))
    assert_dataset_produces(dataset, expected_error=(
        tf.errors.InvalidArgumentError,
        r"Cannot batch tensors with different shapes in component 0. First element had shape \[3\] and "
        r"element 2 had shape \[4\]."))


def test_WindowTest_testWindowIgnoreErrors():
    input_values = np.float32([1., np.nan, 2., np.nan, 3.])
    dataset = D.from_tensor_slices(input_values).map(lambda x: tf.check_numerics(x, "message")).window(
        size=2, shift=2, stride=2, drop_remainder=True).flat_map(lambda x: x.batch(batch_size=2))
    assert_dataset_produces(dataset, expected_output=[np.float32([1., 2.]), np.float32([2., 3.])])


def test_WindowTest_testNestedOutput():
    dataset = D.range(100)
    dataset = D.zip((dataset, dataset)).window(10)
    for i, nested_dataset in enumerate(dataset):
        x, y = nested_dataset
        assert_dataset_produces(x, range(i * 10, (i + 1) * 10))
        assert_dataset_produces(y, range(i * 10, (i + 1) * 10))
