"""Ports of TF 1.15's tensorflow/python/kernel_tests/string_to_hash_bucket_op_test.py
(StringToHashBucketOpTest), under eager execution: the placeholders are fed values directly."""

import pytest

import tfcompat as tf


def test_StringToHashBucketOpTest_testStringToOneHashBucketFast():
    assert tf.string_to_hash_bucket_fast(["a", "b", "c"], 1).numpy().tolist() == [0, 0, 0]


def test_StringToHashBucketOpTest_testStringToHashBucketsFast():
    # Fingerprint64('a') -> 12917804110809363939 -> mod 10 -> 9, 'b' -> 2, 'c' -> 2, 'd' -> 5
    assert tf.string_to_hash_bucket_fast(["a", "b", "c", "d"], 10).numpy().tolist() == [9, 2, 2, 5]


def test_StringToHashBucketOpTest_testStringToOneHashBucketLegacyHash():
    assert tf.string_to_hash_bucket(["a", "b", "c"], 1).numpy().tolist() == [0, 0, 0]


def test_StringToHashBucketOpTest_testStringToHashBucketsLegacyHash():
    # Hash64('a') -> 2996632905371535868 -> mod 10 -> 8, 'b' -> 0, 'c' -> 7
    assert tf.string_to_hash_bucket(["a", "b", "c"], 10).numpy().tolist() == [8, 0, 7]


def test_StringToHashBucketOpTest_testStringToOneHashBucketStrongOneHashBucket():
    output = tf.string_to_hash_bucket_strong(tf.constant(["a", "b", "c"]), 1, key=[123, 345])
    assert output.numpy().tolist() == [0, 0, 0]


def test_StringToHashBucketOpTest_testStringToHashBucketsStrong():
    # StrongKeyedHash([98765, 132], 'a') -> 7157389809176466784 -> mod 10 -> 4, 'b' -> 2, 'c' -> 8
    output = tf.string_to_hash_bucket_strong(tf.constant(["a", "b", "c"]), 10, key=[98765, 132])
    assert output.numpy().tolist() == [4, 2, 8]


def test_StringToHashBucketOpTest_testStringToHashBucketsStrongInvalidKey():
    with pytest.raises(tf.errors.InvalidArgumentError, match="Key must have 2 elements"):
        tf.string_to_hash_bucket_strong(tf.constant(["a", "b", "c"]), 10, key=[98765])
