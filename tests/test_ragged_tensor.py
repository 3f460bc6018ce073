"""tfcompat's RaggedTensor beyond TF's own tests: gradients through ragged ops reach the flat values (the
numerical gradient checker compares dense outputs, so these ragged-valued functions are checked here), row
splits keep their dtype and the values their device, and dense-only ops refuse a RaggedTensor clearly."""

import numpy as np
import pytest

import tfcompat as tf


def _grad(function, values):
    x = tf.constant(values)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = function(x)
    return tape.gradient(y, x).numpy().tolist()


def _rt(x):
    return tf.RaggedTensor.from_row_splits(x, [0, 2, 2, 3])


def test_gradient_through_to_tensor_and_operators():
    assert _grad(lambda x: tf.reduce_sum((_rt(x) * _rt(x)).to_tensor()), [1.0, 2.0, 3.0]) == [2.0, 4.0, 6.0]


def test_gradient_through_ragged_reductions():
    assert _grad(lambda x: tf.reduce_sum(tf.reduce_max(_rt(x), 1)), [1.0, 5.0, 3.0]) == [0.0, 1.0, 1.0]
    grad = _grad(lambda x: tf.reduce_sum(tf.reduce_mean(_rt(x), 1)), [1.0, 5.0, 3.0])
    assert np.allclose(grad, [0.5, 0.5, 1.0])


def test_gradient_through_boolean_mask_stack_and_map_flat_values():
    mask = tf.ragged.constant([[True, False], [], [True]])
    assert _grad(lambda x: tf.reduce_sum(tf.ragged.boolean_mask(_rt(x), mask).flat_values * 3.0),
                 [1.0, 2.0, 3.0]) == [3.0, 0.0, 3.0]
    assert _grad(lambda x: tf.reduce_sum(tf.ragged.stack([_rt(x), _rt(x)]).flat_values), [1.0, 2.0, 3.0]) == [
        2.0, 2.0, 2.0]
    assert _grad(lambda x: tf.reduce_sum(tf.ragged.map_flat_values(tf.square, _rt(x)).flat_values),
                 [1.0, 2.0, 3.0]) == [2.0, 4.0, 6.0]


def test_gradient_through_getitem():
    assert _grad(lambda x: tf.reduce_sum(_rt(x)[:, 1:].flat_values), [1.0, 2.0, 3.0]) == [0.0, 1.0, 0.0]


def test_int32_row_splits_stay_int32():
    rt = tf.ragged.constant([[1, 2], [3]], row_splits_dtype=tf.int32)
    assert rt.row_splits.dtype == tf.int32
    assert (rt + 1).row_splits.dtype == tf.int32
    assert rt[1:].row_splits.dtype == tf.int32
    assert tf.reduce_sum(tf.ragged.constant([[[1], [2, 3]]], row_splits_dtype=tf.int32), 2).row_splits.dtype == (
        tf.int32)


def test_values_keep_their_device():
    rt = tf.ragged.constant([[1.0, 2.0], [3.0]])
    assert rt.device == rt.flat_values.device
    assert (rt * 2.0).flat_values.device == rt.flat_values.device


@pytest.mark.parametrize("call", [
    lambda rt: tf.concat([rt, rt], 0),
    lambda rt: tf.convert_to_tensor(rt),
    lambda rt: tf.data.Dataset.from_tensor_slices(rt),
])
def test_dense_only_ops_refuse_a_ragged_tensor_with_a_type_error(call):
    with pytest.raises(TypeError, match="RaggedTensor is no dense tensor"):
        call(tf.ragged.constant([[1, 2], [3]]))


def test_row_splits_to_segment_ids_needs_splits():
    with pytest.raises(ValueError, match="splits may not be empty"):
        tf.ragged.row_splits_to_segment_ids([])
