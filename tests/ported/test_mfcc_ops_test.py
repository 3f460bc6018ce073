"""Ported from TF 1.15 tensorflow/python/kernel_tests/signal/mfcc_ops_test.py (MFCCTest).
test_unknown_shape is graph-only (a placeholder of unknown rank)."""

import numpy as np
import pytest

import tfcompat as tf


def test_MFCCTest_test_error():
    with pytest.raises(ValueError):
        tf.signal.mfccs_from_log_mel_spectrograms(tf.zeros((2, 3, 0)))


@pytest.mark.parametrize("dtype", [tf.float32, tf.float64])
def test_MFCCTest_test_basic(dtype):
    signal = tf.random_normal((2, 3, 5), dtype=dtype)
    result = tf.signal.mfccs_from_log_mel_spectrograms(signal)
    # TF's test only evaluates the op; its documented definition is the type II DCT over sqrt(2 * bins).
    x = signal.numpy().astype(np.float64)
    n = np.arange(5)
    basis = 2.0 * np.cos(np.pi * np.outer(n + 0.5, n) / 5)
    assert result.dtype == dtype
    np.testing.assert_allclose(result.numpy(), x @ basis / np.sqrt(10.0), rtol=1e-4, atol=1e-4)
