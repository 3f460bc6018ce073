"""Ported from TF 1.15 tensorflow/python/kernel_tests/signal/mel_ops_test.py (LinearToMelTest):
linear_to_mel_weight_matrix against the HTK-style reference of AudioSet's mel_features (restated
here: mel = 1127 ln(1 + f / 700), triangles linear in mel, the DC row zero).  test_error runs in
graph mode only in TF ("error types are different under eager"); its ValueErrors are asserted
here as TF 1.15's Python checks raise them before any op runs.  test_constant_folding is graph-only."""

import numpy as np
import pytest

import tfcompat as tf


def _hertz_to_mel(frequencies_hertz):
    return 1127.0 * np.log(1.0 + frequencies_hertz / 700.0)


def _spectrogram_to_mel_matrix(num_mel_bins, num_spectrogram_bins, sample_rate, lower_edge_hertz,
                               upper_edge_hertz):
    spectrogram_bins_mel = _hertz_to_mel(np.linspace(0.0, sample_rate / 2.0, num_spectrogram_bins))
    band_edges_mel = np.linspace(_hertz_to_mel(lower_edge_hertz), _hertz_to_mel(upper_edge_hertz),
                                 num_mel_bins + 2)
    matrix = np.empty((num_spectrogram_bins, num_mel_bins))
    for i in range(num_mel_bins):
        lower, center, upper = band_edges_mel[i:i + 3]
        rising = (spectrogram_bins_mel - lower) / (center - lower)
        falling = (upper - spectrogram_bins_mel) / (upper - center)
        matrix[:, i] = np.maximum(0.0, np.minimum(rising, falling))
    matrix[0, :] = 0.0
    return matrix


@pytest.mark.parametrize("num_mel_bins, num_spectrogram_bins, sample_rate, use_tensor_sample_rate, "
                         "lower_edge_hertz, upper_edge_hertz, dtype", [
                             (20, 129, 8000, False, 125.0, 3800.0, tf.float64),
                             (20, 129, 8000, True, 125.0, 3800.0, tf.float64),
                             (20, 129, 8000.0, False, 125.0, 3800.0, tf.float64),
                             (20, 129, 8000.0, True, 125.0, 3800.0, tf.float64),
                             (80, 1025, 24000.0, False, 80.0, 12000.0, tf.float64)])
def test_LinearToMelTest_test_matches_reference_implementation(
        num_mel_bins, num_spectrogram_bins, sample_rate, use_tensor_sample_rate, lower_edge_hertz,
        upper_edge_hertz, dtype):
    expected = _spectrogram_to_mel_matrix(num_mel_bins, num_spectrogram_bins, sample_rate, lower_edge_hertz,
                                          upper_edge_hertz)
    if use_tensor_sample_rate:
        sample_rate = tf.constant(sample_rate)
    mel_matrix = tf.signal.linear_to_mel_weight_matrix(num_mel_bins, num_spectrogram_bins, sample_rate,
                                                       lower_edge_hertz, upper_edge_hertz, dtype)
    np.testing.assert_allclose(expected, mel_matrix.numpy(), rtol=1e-6, atol=3e-6)


@pytest.mark.parametrize("dtype", [tf.float32, tf.float64])
def test_LinearToMelTest_test_dtypes(dtype):
    assert tf.signal.linear_to_mel_weight_matrix(dtype=dtype).dtype == dtype


def test_LinearToMelTest_test_error():
    with pytest.raises(ValueError):
        tf.signal.linear_to_mel_weight_matrix(num_mel_bins=0)
    with pytest.raises(tf.errors.InvalidArgumentError):  # LinSpace's own check (TF: ValueError in graph mode)
        tf.signal.linear_to_mel_weight_matrix(num_spectrogram_bins=0)
    with pytest.raises(ValueError):
        tf.signal.linear_to_mel_weight_matrix(sample_rate=0.0)
    with pytest.raises(ValueError):
        tf.signal.linear_to_mel_weight_matrix(lower_edge_hertz=-1)
    with pytest.raises(ValueError):
        tf.signal.linear_to_mel_weight_matrix(lower_edge_hertz=100, upper_edge_hertz=10)
    with pytest.raises(ValueError):
        tf.signal.linear_to_mel_weight_matrix(upper_edge_hertz=1000, sample_rate=800)
    with pytest.raises(ValueError):
        tf.signal.linear_to_mel_weight_matrix(dtype=tf.int32)


def test_LinearToMelTest_test_num_spectrogram_bins_dynamic():
    expected = _spectrogram_to_mel_matrix(20, 129, 8000.0, 125.0, 3800.0)
    mel_matrix = tf.signal.linear_to_mel_weight_matrix(20, tf.constant(129, dtype=tf.int32), 8000.0, 125.0, 3800.0)
    np.testing.assert_allclose(expected, mel_matrix.numpy(), rtol=0, atol=3e-6)
