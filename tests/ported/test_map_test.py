"""Ported behaviours of TF's tensorflow/python/data/kernel_tests/map_test.py (eager mode).

Left out: tests of graph-only machinery (multi-threaded session access, queues, hash tables,
TensorArrays, variables created inside map functions, ragged components).
"""

import threading

import numpy as np
import pytest

import tfcompat as tf
from _dataset_helpers import assert_dataset_produces, get_next

D = tf.data.Dataset
COMPONENTS = (np.arange(7), np.array([[1, 2, 3]]) * np.arange(7)[:, np.newaxis], np.array(37.0) * np.arange(7))


def _square3(x, y, z):
    return tf.square(x), tf.square(y), tf.square(z)


def _build_map_dataset(components, count):
    dataset = D.from_tensor_slices(components).map(_square3).repeat(count)
    assert [c.shape[1:] for c in components] == [shape for shape in tf.data.get_output_shapes(dataset)]
    return dataset


def _build_parallel_map_dataset(components, count, num_parallel_calls, output_buffer_size):
    dataset = D.from_tensor_slices(components).map(_square3, num_parallel_calls=num_parallel_calls).prefetch(
        output_buffer_size).repeat(count)
    assert [c.shape[1:] for c in components] == [shape for shape in tf.data.get_output_shapes(dataset)]
    return dataset


def _check_squares(next_element, repeats):
    for _ in range(repeats):
        for i in range(7):
            result = next_element()
            for component, result_component in zip(COMPONENTS, result):
                np.testing.assert_array_equal(component[i] ** 2, result_component.numpy())
    with pytest.raises(tf.errors.OutOfRangeError):
        next_element()


def test_MapTest_testMapDataset():
    _check_squares(get_next(_build_map_dataset(COMPONENTS, 14)), 14)


@pytest.mark.parametrize("num_parallel_calls, output_buffer_size", [(1, 1), (1, 2), (2, 2), (2, 4), (8, 8), (8, 16)])
def test_MapTest_testParallelMapDataset(num_parallel_calls, output_buffer_size):
    _check_squares(get_next(_build_parallel_map_dataset(COMPONENTS, 14, num_parallel_calls, output_buffer_size)), 14)


def test_MapTest_testImplicitDisposeParallelMapDataset():
    components = (np.arange(1000), np.array([[1, 2, 3]]) * np.arange(1000)[:, np.newaxis],
                  np.array(37.0) * np.arange(1000))
    dataset = _build_parallel_map_dataset(components, 1000, 100, 100).prefetch(100)
    next_element = get_next(dataset)
    for i in range(3):  # then the iterator (and its worker threads) is dropped mid-stream
        assert next_element()[0].numpy() == i * i


def test_MapTest_testParallelMapUnspecifiedOutputSize():
    components = np.array([1., 2., 3., np.nan, 5.]).astype(np.float32)
    next_element = get_next(D.from_tensor_slices(components).map(
        lambda x: tf.check_numerics(x, "message"), num_parallel_calls=2))
    for _ in range(3):
        next_element()


def _check_fourth_fails(dataset):
    next_element = get_next(dataset)
    for _ in range(3):
        next_element()
    with pytest.raises(tf.errors.InvalidArgumentError):
        next_element()
    next_element()
    with pytest.raises(tf.errors.OutOfRangeError):
        next_element()


def test_MapTest_testParallelMapError():
    components = np.array([1., 2., 3., np.nan, 5.]).astype(np.float32)
    _check_fourth_fails(D.from_tensor_slices(components).map(lambda x: tf.check_numerics(x, "message"),
                                                             num_parallel_calls=2))


def test_MapTest_testPrefetchError():
    components = np.array([1., 2., 3., np.nan, 5.]).astype(np.float32)
    _check_fourth_fails(D.from_tensor_slices(components).map(lambda x: tf.check_numerics(x, "message")).prefetch(2))


def test_MapTest_testCaptureIterator():
    captured_iterator = iter(D.range(10))
    dataset = D.range(10).map(lambda x: x * captured_iterator.get_next())
    next_element = get_next(dataset)
    for i in range(10):
        assert next_element().numpy() == i * i
    with pytest.raises(tf.errors.OutOfRangeError):
        next_element()


def test_MapTest_testPrefetch():
    ev = threading.Event()
    set_event_during_invocation = 5

    def _map_py_func(x):
        if x == set_event_during_invocation:
            ev.set()
        return x * x

    def _map_fn(x):
        return tf.constant(_map_py_func(int(x)), tf.int64)

    for buffer_size in [1, 10, 100, 1000]:
        next_element = get_next(D.range(100).map(_map_fn).prefetch(buffer_size))
        for i in range(100):
            assert next_element().numpy() == i * i
        with pytest.raises(tf.errors.OutOfRangeError):
            next_element()

    for buffer_size in range(1, set_event_during_invocation):
        next_element = get_next(D.range(100).map(_map_fn).prefetch(buffer_size))
        event_will_be_set_after_consuming = set_event_during_invocation - buffer_size + 1
        ev.clear()
        for i in range(event_will_be_set_after_consuming):
            assert not ev.is_set()
            assert next_element().numpy() == i * i
        assert ev.wait(timeout=10)
        for i in range(event_will_be_set_after_consuming, 100):
            assert next_element().numpy() == i * i
        with pytest.raises(tf.errors.OutOfRangeError):
            next_element()


def test_MapTest_testReturnList():
    dataset = D.range(10).map(lambda x: [x, tf.constant(37.0)])
    assert_dataset_produces(dataset, expected_output=[(i, 37.0) for i in range(10)])


def test_MapTest_testConstantOutput():
    dataset = D.range(10).map(lambda x: [x, "hello", 10])
    assert_dataset_produces(dataset, [(i, b"hello", 10) for i in range(10)])


def test_MapTest_testNestedDatasetMap():
    dataset = D.from_tensors([1.0, 2.0, 3.0]).map(D.from_tensor_slices).map(
        lambda ds: ds.batch(3)).flat_map(lambda x: x)
    assert_dataset_produces(dataset, expected_output=[[1.0, 2.0, 3.0]])


def test_MapTest_testReturnValueError():
    dataset = D.from_tensors([1.0, 2.0, 3.0])
    with pytest.raises(TypeError, match=r"Unsupported return value from function passed to Dataset.map\(\): None."):
        list(dataset.map(lambda x: None))


@pytest.mark.parametrize("structure, map_fn, num_parallel_calls", [
    (None, lambda x: x, None), (None, lambda x: (x, x), None), ((None, None), lambda x, y: (y, x), None),
    ((None, None), lambda x, y: x, None), (None, lambda x: x, 10), (None, lambda x: (x, x), 10),
    ((None, None), lambda x, y: (y, x), 10), ((None, None), lambda x, y: x, 10)],
    ids=["SequentialIdentity", "SequentialReplicate", "SequentialSwap", "SequentialProject", "ParallelIdentity",
         "ParallelReplicate", "ParallelSwap", "ParallelProject"])
def test_MapTest_testShortCircuit(structure, map_fn, num_parallel_calls):
    # TF's structuredDataset: one scalar int64 zero for each None of the structure.
    element = tuple(np.int64(0) for _ in structure) if isinstance(structure, tuple) else np.int64(0)
    dataset = D.from_tensors(element).repeat().map(map_fn, num_parallel_calls=num_parallel_calls)
    expected = map_fn(*element) if isinstance(structure, tuple) else map_fn(element)
    got = get_next(dataset)()
    assert np.asarray(tf.nest.map_structure(lambda t: t.numpy(), got)).tolist() == np.asarray(expected).tolist()


# --- sparse components (wt/datasparse) ---------------------------------------------------------------

def _sparse(i):
    return tf.SparseTensorValue(indices=np.array([[0, 0]]), values=(i * np.array([1])), dense_shape=np.array([1, 1]))


@pytest.mark.parametrize("num_parallel_calls", [None, 2])
def test_MapTest_testSparse(num_parallel_calls):
    dataset = tf.data.Dataset.range(10).map(_sparse, num_parallel_calls)
    assert_dataset_produces(dataset, expected_output=[_sparse(i) for i in range(10)])


@pytest.mark.parametrize("num_parallel_calls", [None, 2])
def test_MapTest_testSparseChain(num_parallel_calls):
    def _check(i):
        assert isinstance(i, tf.SparseTensor)
        return tf.sparse_concat(0, [i, i])

    dataset = tf.data.Dataset.range(10).map(_sparse, num_parallel_calls).map(_check, num_parallel_calls)
    expected = [tf.SparseTensorValue(np.array([[0, 0], [1, 0]]), np.array([i, i]), np.array([2, 1]))
                for i in range(10)]
    assert_dataset_produces(dataset, expected_output=expected)
