"""Ported behaviours of TF's tensorflow/python/data/experimental/kernel_tests/group_by_window_test.py
(eager mode; input sizes reduced where the TF test only needs many elements)."""

import numpy as np
import pytest

import tfcompat as tf
from _dataset_helpers import assert_dataset_produces, get_next

D = tf.data.Dataset
grouping = tf.data.experimental


def _dynamic_pad(bucket, window, window_size):
    return D.zip((D.from_tensors(bucket), window.padded_batch(
        32, (tf.TensorShape([]), tf.TensorShape([None]), tf.TensorShape([3])))))


def _map_fn(v):
    return v, tf.fill([v], v), tf.fill([3], tf.as_string(v))


def test_GroupByWindowTest_testSingleBucket():
    input_dataset = D.from_tensor_slices(tf.range(32)).map(_map_fn)
    bucketed = input_dataset.apply(grouping.group_by_window(
        lambda x, y, z: 0, lambda k, bucket: _dynamic_pad(k, bucket, 32), 32))
    which_bucket, bucketed_values = get_next(bucketed)()
    assert int(which_bucket) == 0
    expected_unk_int64 = np.zeros((32, 31)).astype(np.int64)
    for i in range(32):
        expected_unk_int64[i, :i] = i
    np.testing.assert_array_equal(bucketed_values[0].numpy(), np.arange(32))
    np.testing.assert_array_equal(bucketed_values[1].numpy(), expected_unk_int64)
    np.testing.assert_array_equal(bucketed_values[2].numpy(), np.vstack(3 * [np.arange(32).astype(bytes)]).T)


def test_GroupByWindowTest_testEvenOddBuckets():
    input_dataset = D.from_tensor_slices(tf.range(64)).map(_map_fn)
    bucketed = input_dataset.apply(grouping.group_by_window(
        lambda x, y, z: tf.cast(x % 2, tf.int64), lambda k, bucket: _dynamic_pad(k, bucket, 32), 32))
    next_element = get_next(bucketed)
    which_even, values_even = next_element()
    which_odd, values_odd = next_element()
    assert len(values_even) == 3 and len(values_odd) == 3
    assert int(which_even) == 0 and int(which_odd) == 1
    for start, values in ((0, values_even), (1, values_odd)):
        expected_unk = np.zeros((32, 31 * 2 + start)).astype(np.int64)
        for i in range(32):
            expected_unk[i, :2 * i + start] = 2 * i + start
        np.testing.assert_array_equal(values[0].numpy(), np.arange(start, 64 + start, 2))
        np.testing.assert_array_equal(values[1].numpy(), expected_unk)
        np.testing.assert_array_equal(values[2].numpy(),
                                      np.vstack(3 * [np.arange(start, 64 + start, 2).astype(bytes)]).T)


def test_GroupByWindowTest_testEvenOddBucketsFilterOutAllOdd():
    def _map_dict(v):
        return {"x": v, "y": tf.fill([v], v), "z": tf.fill([3], tf.as_string(v))}

    def _dynamic_pad_fn(bucket, window, _):
        return D.zip((D.from_tensors(bucket), window.padded_batch(
            32, {"x": tf.TensorShape([]), "y": tf.TensorShape([None]), "z": tf.TensorShape([3])})))

    input_dataset = D.from_tensor_slices(tf.range(128)).map(_map_dict).filter(lambda d: tf.equal(d["x"] % 2, 0))
    bucketed = input_dataset.apply(grouping.group_by_window(
        lambda d: tf.cast(d["x"] % 2, tf.int64), lambda k, bucket: _dynamic_pad_fn(k, bucket, 32), 32))
    next_element = get_next(bucketed)
    which0, even0 = next_element()
    which1, even1 = next_element()
    assert int(which0) == 0 and int(which1) == 0
    np.testing.assert_array_equal(even0["x"].numpy(), np.arange(0, 64, 2))
    np.testing.assert_array_equal(even1["x"].numpy(), np.arange(64, 128, 2))


def test_GroupByWindowTest_testDynamicWindowSize():
    def window_size_func(key):
        window_sizes = tf.constant([5, 10], dtype=tf.int64)
        return window_sizes[key]

    dataset = D.from_tensor_slices(np.arange(100).astype(np.int64)).apply(
        grouping.group_by_window(lambda x: x % 2, lambda _, xs: xs.batch(20), None, window_size_func))
    next_element = get_next(dataset)
    batches = 0
    with pytest.raises(tf.errors.OutOfRangeError):
        while True:
            result = next_element().numpy()
            is_even = all(x % 2 == 0 for x in result)
            assert is_even or all(x % 2 == 1 for x in result)
            assert result.shape[0] == (5 if is_even else 10)
            batches += 1
    assert batches == 15


def test_GroupByWindowTest_testSimple():
    components = np.random.RandomState(0).randint(100, size=(200,)).astype(np.int64)
    dataset = D.from_tensor_slices(components).map(lambda x: x * x).apply(
        grouping.group_by_window(lambda x: x % 2, lambda _, xs: xs.batch(4), 4))
    next_element = get_next(dataset)
    counts = []
    with pytest.raises(tf.errors.OutOfRangeError):
        while True:
            result = next_element().numpy()
            assert all(x % 2 == 0 for x in result) or all(x % 2 == 1 for x in result)
            counts.append(result.shape[0])
    assert sum(counts) == len(components)
    num_full_batches = len([c for c in counts if c == 4])
    assert num_full_batches >= 24
    assert all(c == 4 for c in counts[:num_full_batches])


def test_GroupByWindowTest_testImmediateOutput():
    components = np.array([0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 0, 0, 2, 2, 0, 0], dtype=np.int64)
    dataset = D.from_tensor_slices(components).repeat(-1).apply(
        grouping.group_by_window(lambda x: x % 3, lambda _, xs: xs.batch(4), 4))
    next_element = get_next(dataset)
    for _ in range(3):
        for expected in ([0, 0, 0, 0], [1, 1, 1, 1], [2, 2, 2, 2], [0, 0, 0, 0]):
            np.testing.assert_array_equal(next_element().numpy(), expected)


def test_GroupByWindowTest_testSmallGroups():
    components = np.array([0, 0, 0, 0, 1, 1, 1, 1, 1, 0, 0, 0], dtype=np.int64)
    dataset = D.from_tensor_slices(components).apply(
        grouping.group_by_window(lambda x: x % 2, lambda _, xs: xs.batch(4), 4))
    next_element = get_next(dataset)
    for expected in ([0, 0, 0, 0], [1, 1, 1, 1], [0, 0, 0], [1]):  # the small groups in key order
        np.testing.assert_array_equal(next_element().numpy(), expected)


def test_GroupByWindowTest_testEmpty():
    dataset = D.range(4).apply(grouping.group_by_window(lambda _: 0, lambda _, xs: xs, 0))
    with pytest.raises(tf.errors.InvalidArgumentError, match="Window size must be greater than zero, but got 0."):
        get_next(dataset)()


def test_GroupByWindowTest_testReduceFuncError():
    components = np.random.RandomState(1).randint(100, size=(200,)).astype(np.int64)

    def reduce_func(_, xs):
        # A padded shape that is too small for the elements, found only when the window is batched.
        return xs.padded_batch(4, padded_shapes=(tf.TensorShape([]), tf.constant([5], dtype=tf.int64) * -1))

    # TF traces reduce_func into a graph, where the negative padded shape is a symbolic tensor that the
    # kernel rejects (InvalidArgumentError) when the first window is batched.  tfcompat runs reduce_func
    # eagerly, so the shape is a known -5 and padded_batch rejects it when the function first runs, at apply.
    dataset = D.from_tensor_slices(components).map(lambda x: (x, tf.convert_to_tensor([x * x])))
    with pytest.raises(ValueError, match="Dimension -5 must be >= 0"):
        dataset.apply(grouping.group_by_window(lambda x, _: x % 2, reduce_func, 32))


def test_GroupByWindowTest_testConsumeWindowDatasetMoreThanOnce():
    components = np.random.RandomState(2).randint(50, size=(200,)).astype(np.int64)

    def reduce_func(key, window):
        return D.zip((window.padded_batch(4, padded_shapes=tf.TensorShape([None])),
                      window.padded_batch(4, padded_shapes=tf.convert_to_tensor([(key + 1) * 10]))))

    dataset = D.from_tensor_slices(components).map(lambda x: tf.fill([tf.cast(x, tf.int32)], x)).apply(
        grouping.group_by_window(lambda x: tf.cast(tf.shape(x)[0] // 10, tf.int64), reduce_func, 4))
    next_element = get_next(dataset)
    counts = []
    with pytest.raises(tf.errors.OutOfRangeError):
        while True:
            tight, multiple_of_10 = (t.numpy() for t in next_element())
            assert multiple_of_10.shape[1] % 10 == 0
            np.testing.assert_array_equal(tight, multiple_of_10[:, :tight.shape[1]])
            counts.append(tight.shape[0])
    assert sum(counts) == len(components)


def test_GroupByWindowTest_testShortCircuit():
    dataset = D.range(10).apply(grouping.group_by_window(lambda x: x, lambda _, window: window.batch(1), 1))
    assert_dataset_produces(dataset, expected_output=[[i] for i in range(10)])


def test_GroupByWindowTest_testGroupByWindowWithAutotune():
    dataset = D.range(1000).apply(grouping.group_by_window(
        lambda x: x // 10, lambda key, window: D.from_tensors(key), 4))
    dataset = dataset.map(lambda x: x + 1, num_parallel_calls=-1)
    assert int(get_next(dataset)()) == 1


def test_GroupByWindowTest_window_size_arguments():
    # group_by_window (TF 1.15 grouping.py) needs exactly one of window_size and window_size_func.
    with pytest.raises(ValueError, match="Must pass either window_size or window_size_func."):
        grouping.group_by_window(lambda x: x, lambda k, w: w)
    with pytest.raises(ValueError, match="Must pass either window_size or window_size_func."):
        grouping.group_by_window(lambda x: x, lambda k, w: w, 2, lambda k: k)
