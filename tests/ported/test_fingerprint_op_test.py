"""Ports of TF's tensorflow/python/kernel_tests/fingerprint_op_test.py (FingerprintTest; TF 1.15
added tf.fingerprint with this test)."""

import numpy as np

import tfcompat as tf


def test_FingerprintTest_test_default_values():
    data = np.expand_dims(np.arange(10), axis=0)
    fingerprint0 = tf.fingerprint(data).numpy()
    fingerprint1 = tf.fingerprint(data[:, 1:]).numpy()
    assert fingerprint0.ndim == 2
    assert fingerprint0.shape == fingerprint1.shape
    assert np.any(fingerprint0 != fingerprint1)


def test_FingerprintTest_test_empty():
    f0 = tf.fingerprint([]).numpy()
    assert f0.ndim == 2
    assert f0.shape == (0, 8)
