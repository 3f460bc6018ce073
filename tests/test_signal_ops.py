"""tf.signal / tf.spectral / tf.contrib.signal: namespaces, aliases and behaviour the goldens do not show."""

import numpy as np
import pytest

import tfcompat as tf


def test_contrib_signal_is_tf_signal():
    for name in ("frame", "hamming_window", "hann_window", "inverse_stft", "inverse_stft_window_fn",
                 "linear_to_mel_weight_matrix", "mfccs_from_log_mel_spectrograms", "overlap_and_add", "stft"):
        assert getattr(tf.contrib.signal, name) is getattr(tf.signal, name)
    assert tf.contrib.signal.frames is tf.signal.frame  # TF 1.x kept the old name as an alias


def test_spectral_and_top_level_ffts_are_tf_signal_ones():
    for name in ("fft", "ifft", "fft2d", "ifft2d", "fft3d", "ifft3d"):
        assert getattr(tf, name) is getattr(tf.signal, name) is getattr(tf.spectral, name)
    for name in ("rfft", "irfft", "rfft2d", "irfft2d", "rfft3d", "irfft3d", "dct", "idct"):
        assert getattr(tf.spectral, name) is getattr(tf.signal, name)
    assert tf.compat.v1.signal.stft is tf.signal.stft


def test_tf2_only_names_say_so():
    with pytest.raises(AttributeError, match="tf.signal.vorbis_window is not supported by tfcompat: added in TF 2"):
        tf.signal.vorbis_window
    with pytest.raises(AttributeError, match="tf.signal.fftnd is not supported by tfcompat: TF 2.16"):
        tf.signal.fftnd


def test_rfft_dtypes_follow_the_input():
    assert tf.signal.rfft([1.0, 2.0]).dtype == tf.complex64
    assert tf.signal.rfft(tf.constant([1.0, 2.0], tf.float64)).dtype == tf.complex128
    assert tf.signal.irfft(tf.constant([1 + 0j, 2], tf.complex128)).dtype == tf.float64


def test_stft_round_trip_with_the_inverse_window():
    signal = np.sin(np.arange(256) * 0.1).astype(np.float32)
    stft = tf.signal.stft(signal, 32, 8)
    restored = tf.signal.inverse_stft(stft, 32, 8, window_fn=tf.signal.inverse_stft_window_fn(8)).numpy()
    np.testing.assert_allclose(restored[32:-32], signal[32:len(restored) - 32], atol=1e-5)


def test_windows_are_made_on_the_scoped_device():
    with tf.device("/cpu:0"):
        window = tf.signal.hann_window(8)
    assert window.device.endswith("CPU:0")


def test_frame_of_strings_is_a_clear_error():
    with pytest.raises(tf.errors.InvalidArgumentError, match="frame takes numeric tensors"):
        tf.signal.frame(["a", "b", "c"], 2, 1)
