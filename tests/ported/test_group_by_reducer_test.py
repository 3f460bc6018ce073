"""Ported behaviours of TF's tensorflow/python/data/experimental/kernel_tests/group_by_reducer_test.py
(eager mode).  testSparseSum is left out: tfcompat's tf.data has no SparseTensor components."""

import numpy as np
import pytest

import tfcompat as tf
from _dataset_helpers import get_next

D = tf.data.Dataset
grouping = tf.data.experimental


def _check_results(dataset, shapes, values):
    assert dataset.output_shapes == shapes
    next_element = get_next(dataset)
    for expected in values:
        got = next_element().numpy()
        assert got == expected
    with pytest.raises(tf.errors.OutOfRangeError):
        next_element()


def test_GroupByReducerTest_testSum():
    reducer = grouping.Reducer(init_func=lambda _: np.int64(0), reduce_func=lambda x, y: x + y,
                               finalize_func=lambda x: x)
    for i in range(1, 11):
        dataset = D.range(2 * i).apply(grouping.group_by_reducer(lambda x: x % 2, reducer))
        _check_results(dataset, shapes=tf.TensorShape([]), values=[(i - 1) * i, i * i])


def test_GroupByReducerTest_testAverage():
    def reduce_fn(x, y):
        return (x[0] * x[1] + tf.cast(y, tf.float32)) / (x[1] + 1), x[1] + 1

    reducer = grouping.Reducer(init_func=lambda _: (0.0, 0.0), reduce_func=reduce_fn, finalize_func=lambda x, _: x)
    for i in range(1, 11):
        dataset = D.range(2 * i).apply(grouping.group_by_reducer(lambda x: tf.cast(x, tf.int64) % 2, reducer))
        _check_results(dataset, shapes=tf.TensorShape([]), values=[i - 1, i])


def test_GroupByReducerTest_testConcat():
    components = np.array(list("abcdefghijklmnopqrst"))
    reducer = grouping.Reducer(init_func=lambda x: "", reduce_func=lambda x, y: x + y[0],
                               finalize_func=lambda x: x)
    for i in range(1, 11):
        dataset = D.zip((D.from_tensor_slices(components), D.range(2 * i))).apply(
            grouping.group_by_reducer(lambda x, y: y % 2, reducer))
        _check_results(dataset, shapes=tf.TensorShape([]), values=[b"acegikmoqs"[:i], b"bdfhjlnprt"[:i]])


def test_GroupByReducerTest_testChangingStateShape():
    def reduce_fn(x, _):
        larger_dim = tf.concat([x[0], x[0]], 0)  # statically known rank, dynamic length
        larger_rank = tf.expand_dims(x[1], 0)  # statically unknown rank
        return larger_dim, larger_rank

    reducer = grouping.Reducer(init_func=lambda x: ([0], 1), reduce_func=reduce_fn,
                               finalize_func=lambda x, y: (x, y))
    for i in range(1, 11):
        dataset = D.from_tensors(np.int64(0)).repeat(i).apply(grouping.group_by_reducer(lambda x: x, reducer))
        assert dataset.output_shapes[0].as_list() == [None]
        assert dataset.output_shapes[1].ndims is None
        next_element = get_next(dataset)
        x, y = next_element()
        np.testing.assert_array_equal(x.numpy(), [0] * (2 ** i))
        np.testing.assert_array_equal(y.numpy(), np.array(1, ndmin=i))
        with pytest.raises(tf.errors.OutOfRangeError):
            next_element()


def test_GroupByReducerTest_testTypeMismatch():
    reducer = grouping.Reducer(init_func=lambda x: tf.constant(1, dtype=tf.int32),
                               reduce_func=lambda x, y: tf.constant(1, dtype=tf.int64), finalize_func=lambda x: x)
    with pytest.raises(TypeError, match="The element types for the new state must match the initial state."):
        D.range(10).apply(grouping.group_by_reducer(lambda _: np.int64(0), reducer))


def test_GroupByReducerTest_testInvalidKeyShape():
    reducer = grouping.Reducer(init_func=lambda x: np.int64(0), reduce_func=lambda x, y: x + y,
                               finalize_func=lambda x: x)
    with pytest.raises(ValueError, match="`key_func` must return a single tf.int64 tensor."):
        D.range(10).apply(grouping.group_by_reducer(lambda _: np.int64((0, 0)), reducer))


def test_GroupByReducerTest_testInvalidKeyType():
    reducer = grouping.Reducer(init_func=lambda x: np.int64(0), reduce_func=lambda x, y: x + y,
                               finalize_func=lambda x: x)
    with pytest.raises(ValueError, match="`key_func` must return a single tf.int64 tensor."):
        D.range(10).apply(grouping.group_by_reducer(lambda _: "wrong", reducer))


def test_GroupByReducerTest_testTuple():
    def init_fn(_):
        return np.array([], dtype=np.int64), np.int64(0)

    def reduce_fn(state, value):
        s1, s2 = state
        v1, v2 = value
        return tf.concat([s1, [v1]], 0), s2 + v2

    reducer = grouping.Reducer(init_fn, reduce_fn, lambda s1, s2: (s1, s2))
    dataset = D.zip((D.range(10), D.range(10))).apply(grouping.group_by_reducer(lambda x, y: np.int64(0), reducer))
    x, y = get_next(dataset)()
    np.testing.assert_array_equal(x.numpy(), np.arange(10))
    assert y.numpy() == 45
