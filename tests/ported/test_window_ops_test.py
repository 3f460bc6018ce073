"""Ported from TF 1.15 tensorflow/python/kernel_tests/signal/window_ops_test.py (WindowOpsTest):
hann_window and hamming_window against SciPy's raised-cosine definition, for every length,
periodic flag and dtype of TF's parameters.  test_constant_folding is graph-only (grappler)."""

import itertools

import numpy as np
import pytest

import tfcompat as tf

_TF_DTYPE_TOLERANCE = [(tf.float16, 1e-2), (tf.float32, 1e-6), (tf.float64, 1e-9)]
_WINDOW_LENGTHS = [1, 2, 3, 4, 5, 31, 64, 128]


def _scipy_raised_cosine(length, symmetric=True, a=0.5, b=0.5):
    """SciPy's raised cosine window a - b cos(2 pi n / (M - 1)); periodic windows drop the last
    sample of the symmetric window one longer (the definition TF's test compares against)."""
    if length == 1:
        return np.ones(1)
    odd = length % 2
    if not symmetric and not odd:
        length += 1
    window = a - b * np.cos(2.0 * np.pi * np.arange(length) / (length - 1))
    if not symmetric and not odd:
        window = window[:-1]
    return window


def _compare_window_fns(a, b, tf_window_fn, window_length, periodic, tf_dtype_tol):
    tf_dtype, tol = tf_dtype_tol
    expected = _scipy_raised_cosine(window_length, symmetric=not periodic, a=a, b=b).astype(tf_dtype.as_numpy_dtype)
    actual = tf_window_fn(window_length, periodic=periodic, dtype=tf_dtype)
    np.testing.assert_allclose(expected, actual.numpy(), rtol=tol, atol=tol)


@pytest.mark.parametrize("window_length, periodic, tf_dtype_tol",
                         list(itertools.product(_WINDOW_LENGTHS, (False, True), _TF_DTYPE_TOLERANCE)))
def test_WindowOpsTest_test_hann_window(window_length, periodic, tf_dtype_tol):
    _compare_window_fns(0.5, 0.5, tf.signal.hann_window, window_length, periodic, tf_dtype_tol)


@pytest.mark.parametrize("window_length, periodic, tf_dtype_tol",
                         list(itertools.product(_WINDOW_LENGTHS, (False, True), _TF_DTYPE_TOLERANCE)))
def test_WindowOpsTest_test_hamming_window(window_length, periodic, tf_dtype_tol):
    _compare_window_fns(0.54, 0.46, tf.signal.hamming_window, window_length, periodic, tf_dtype_tol)
