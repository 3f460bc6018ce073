"""tf.io.serialize_sparse / serialize_many_sparse / deserialize_many_sparse beyond the goldens
(sparse_serialization_goldens.json): long strings, TF's string encoding, inputs TF refuses."""

import numpy as np
import pytest

import tfcompat as tf


def _parts(sparse):
    return sparse.indices.numpy().tolist(), sparse.values.numpy().tolist(), sparse.dense_shape.numpy().tolist()


def test_strings_longer_than_one_varint_byte_round_trip():
    words = [b"x" * 300, b"", "é".encode() * 100]
    sparse = tf.SparseTensor([[0, 0], [1, 2], [1, 3]], words, [2, 4])
    back = tf.io.deserialize_many_sparse(tf.io.serialize_many_sparse(sparse), tf.string)
    assert _parts(back) == _parts(sparse)


def test_a_sparse_tensor_value_serializes_as_its_sparse_tensor():
    value = tf.SparseTensorValue(np.array([[0, 1]]), np.array([2.5], np.float32), np.array([1, 3]))
    serialized = tf.io.serialize_sparse(value)
    assert serialized.numpy().tolist() == tf.io.serialize_sparse(tf.SparseTensor(*value)).numpy().tolist()


def test_variant_out_type_is_unimplemented():
    with pytest.raises(tf.errors.UnimplementedError, match="variant"):
        tf.io.serialize_sparse(tf.SparseTensor([[0]], [1], [2]), out_type=tf.variant)


def test_damaged_string_content_is_data_loss():
    serialized = tf.io.serialize_sparse(tf.SparseTensor([[0]], ["abc"], [2])).numpy()
    damaged = serialized.copy()
    damaged[1] = damaged[1][:-1]  # the values' TensorProto loses its last byte
    with pytest.raises((tf.errors.DataLossError, tf.errors.InvalidArgumentError)):
        tf.io.deserialize_many_sparse(damaged, tf.string)


def test_parse_tensor_reads_strings_stored_as_tensor_content():
    serialized = tf.io.serialize_sparse(tf.SparseTensor([[0], [1]], ["a", "bc"], [2])).numpy()
    assert tf.io.parse_tensor(serialized[1], tf.string).numpy().tolist() == [b"a", b"bc"]
