"""Ported behaviours of TF's tensorflow/python/data/kernel_tests/optional_test.py (eager mode; the
dense cases: tfcompat's tf.data has no SparseTensor components, and no Optional inside datasets)."""

import numpy as np
import pytest

import tfcompat as tf

D = tf.data.Dataset
Optional = tf.data.experimental.Optional


def test_OptionalTest_testFromValue():
    opt = Optional.from_value(tf.constant(37.0))
    assert opt.has_value().numpy()
    assert opt.get_value().numpy() == 37.0


def test_OptionalTest_testFromStructuredValue():
    opt = Optional.from_value({"a": tf.constant(37.0), "b": (tf.constant(["Foo"]), tf.constant("Bar"))})
    assert opt.has_value().numpy()
    value = opt.get_value()
    assert value["a"].numpy() == 37.0
    np.testing.assert_array_equal(value["b"][0].numpy(), [b"Foo"])
    assert value["b"][1].numpy() == b"Bar"


def test_OptionalTest_testFromNone():
    value_structure = tf.TensorSpec([], tf.float32)
    opt = Optional.none_from_structure(value_structure)
    assert opt.value_structure.is_compatible_with(value_structure)
    assert not opt.value_structure.is_compatible_with(tf.TensorSpec([1], tf.float32))
    assert not opt.value_structure.is_compatible_with(tf.TensorSpec([], tf.int32))
    assert not opt.has_value().numpy()
    with pytest.raises(tf.errors.InvalidArgumentError):
        opt.get_value()


@pytest.mark.parametrize("np_value, tf_value_fn", [
    (37.0, lambda: tf.constant(37.0)),
    (np.array([1, 2, 3], dtype=np.int64), lambda: tf.constant([1, 2, 3], dtype=tf.int64)),
], ids=["Tensor", "Vector"])
def test_OptionalTest_testIteratorGetNextAsOptional(np_value, tf_value_fn):
    iterator = D.from_tensors(np_value).repeat(3).make_one_shot_iterator()
    # Eager: each get_next_as_optional call reads one element (TF's test builds one graph op and runs it).
    for _ in range(3):
        next_elem = tf.data.experimental.get_next_as_optional(iterator)
        assert isinstance(next_elem, Optional)
        assert next_elem.value_structure.is_compatible_with(tf.TensorSpec.from_tensor(tf_value_fn()))
        assert next_elem.has_value().numpy()
        np.testing.assert_array_equal(next_elem.get_value().numpy(), np_value)
    # After exhausting the iterator, has_value() is False and get_value() fails.
    for _ in range(2):
        next_elem = tf.data.experimental.get_next_as_optional(iterator)
        assert not next_elem.has_value().numpy()
        with pytest.raises(tf.errors.InvalidArgumentError):
            next_elem.get_value()
