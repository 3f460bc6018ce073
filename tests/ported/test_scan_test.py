"""Ported behaviours of TF's tensorflow/python/data/experimental/kernel_tests/scan_test.py (eager
mode; placeholders become Python values).  testSparseCount is left out: tfcompat's tf.data has no
SparseTensor components."""

import itertools

import numpy as np
import pytest

import tfcompat as tf
from _dataset_helpers import get_next

D = tf.data.Dataset
scan_ops = tf.data.experimental


def _counting_dataset(start, scan_fn):
    return D.from_tensors(0).repeat().apply(scan_ops.scan(start, scan_fn))


@pytest.mark.parametrize("start_val, step_val, take_val",
                         [(0, 1, 10), (0, 1, 0), (10, 1, 10), (10, 2, 10), (10, -1, 10), (10, -2, 10)])
def test_ScanTest_testCount(start_val, step_val, take_val):
    start, step = tf.constant(start_val, tf.int32), tf.constant(step_val, tf.int32)
    next_element = get_next(_counting_dataset(start, lambda state, _: (state + step, state)).take(take_val))
    for expected, _ in zip(itertools.count(start_val, step_val), range(take_val)):
        assert next_element().numpy() == expected
    with pytest.raises(tf.errors.OutOfRangeError):
        next_element()


def test_ScanTest_testFibonacci():
    next_element = get_next(D.from_tensors(1).repeat(None).apply(
        scan_ops.scan([0, 1], lambda a, _: ([a[1], a[0] + a[1]], a[1]))))
    for expected in (1, 1, 2, 3, 5, 8):
        assert next_element().numpy() == expected


def test_ScanTest_testChangingStateShape():
    def _scan_fn(state, input_value):
        ret_longer_vector = tf.concat([state[0], state[0]], 0)  # statically known rank, dynamic length
        ret_larger_rank = tf.expand_dims(state[1], 0)  # statically unknown rank
        return (ret_longer_vector, ret_larger_rank), (state, input_value)

    dataset = D.from_tensors(0).repeat(5).apply(scan_ops.scan(([0], 1), _scan_fn))
    assert dataset.output_shapes[0][0].as_list() == [None]
    assert dataset.output_shapes[0][1].ndims is None
    assert dataset.output_shapes[1].as_list() == []
    next_element = get_next(dataset)
    for i in range(5):
        (longer_vector_val, larger_rank_val), _ = next_element()
        np.testing.assert_array_equal(longer_vector_val.numpy(), [0] * (2 ** i))
        np.testing.assert_array_equal(larger_rank_val.numpy(), np.array(1, ndmin=i))
    with pytest.raises(tf.errors.OutOfRangeError):
        next_element()


def test_ScanTest_testIncorrectStateType():
    def _scan_fn(state, _):
        return tf.constant(1, dtype=tf.int64), state

    with pytest.raises(TypeError, match="The element types for the new state must match the initial state."):
        D.range(10).apply(scan_ops.scan(tf.constant(1, dtype=tf.int32), _scan_fn))


def test_ScanTest_testIncorrectReturnType():
    def _scan_fn(unused_state, unused_input_value):
        return tf.constant(1, dtype=tf.int64)

    with pytest.raises(TypeError, match="The scan function must return a pair comprising the new state and the "
                                        "output value."):
        D.range(10).apply(scan_ops.scan(tf.constant(1, dtype=tf.int32), _scan_fn))


def test_ScanTest_testPreserveCardinality():
    # An error raised in the scan function reaches the reader as that element's error.
    def scan_fn(state, val):
        def py_fn(_):
            raise StopIteration()
        return state, tf.py_func(py_fn, [val], tf.int64)

    # TF traces scan_fn into a graph and meets the error at get_next; tfcompat runs scan_fn on a stand-in
    # element when the transformation is applied, so the same InvalidArgumentError comes from there.
    with pytest.raises(tf.errors.InvalidArgumentError, match="Function invocation produced OutOfRangeError"):
        get_next(D.from_tensors(0).apply(scan_ops.scan(tf.constant(1), scan_fn)))()
