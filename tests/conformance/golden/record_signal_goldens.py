"""Record golden values for tf.signal / tf.spectral (issue 13, item 5) from REAL TensorFlow.

Run by hand in the throwaway TensorFlow virtualenv (never a dependency of tfcompat, never run
in CI), from the repository root:

    /work/tforacle/bin/python tests/conformance/golden/record_signal_goldens.py

It writes tests/conformance/golden/signal_goldens.json next to this file.  Case ids start with
``signal_``.  Format and setup: record_core_goldens.py's.  Covered: hann/hamming windows
(lengths 0-5, 16 and 31, periodic and symmetric, float16/32/64), frame (axis, pad_end,
pad_value, short signals), overlap_and_add (ints, batches), stft / inverse_stft (fft_length,
pad_end, the inverse window), linear_to_mel_weight_matrix (several rates, edges and bin
counts, its argument checks), mfccs_from_log_mel_spectrograms, the FFTs (fft/ifft/rfft/irfft
1-3-D, fft_length, complex128), fftshift, dct/idct, gradients through each (a random linear
functional of the output, so the whole adjoint is checked) and the errors TF raises.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import record_core_goldens as core  # noqa: E402  (sets up TF 1.x-style eager execution)

OUT = os.path.join(core.HERE, "signal_goldens.json")
CASES = []


def case(cid, code, **extra):
    CASES.append({"id": "signal_" + cid, "code": code.strip("\n"), **extra})


SIGNAL = "tf.constant(np.sin(np.arange({n}) * 0.37) + 0.25 * np.cos(np.arange({n}) * 1.3), tf.float32)"


def gradient_case(cid, setup, expression):
    """The gradient of sum(w * f(x)) (real and imaginary parts weighted apart for complex outputs)."""
    case(cid, f"{setup}\nwith tf.GradientTape() as tape:\n    tape.watch(x)\n    y = {expression}\n"
              "    w = tf.constant(np.cos(np.arange(int(np.prod(y.shape.as_list()))) * 0.7).reshape("
              "y.shape.as_list()), y.dtype.real_dtype)\n"
              "    if y.dtype.is_complex:\n"
              "        loss = tf.reduce_sum(tf.math.real(y) * w) + tf.reduce_sum(tf.math.imag(y) * w * w)\n"
              "    else:\n"
              "        loss = tf.reduce_sum(y * w)\n"
              "tape.gradient(loss, x)")


# --- windows -------------------------------------------------------------------------------------
for fn in ("hann_window", "hamming_window"):
    for length in (0, 1, 2, 3, 4, 5, 16, 31):
        for periodic in (True, False):
            for dtype in ("float16", "float32", "float64"):
                case(f"{fn}_{length}_{'periodic' if periodic else 'symmetric'}_{dtype}",
                     f"tf.signal.{fn}({length}, periodic={periodic}, dtype=tf.{dtype})")
    case(f"{fn}_default", f"tf.signal.{fn}(10)")
    case(f"{fn}_tensor_length", f"tf.signal.{fn}(tf.constant(6))")
    case(f"{fn}_int64_length", f"tf.signal.{fn}(tf.constant(6, tf.int64), periodic=False)")
    case(f"{fn}_tensor_periodic", f"tf.signal.{fn}(6, periodic=tf.constant(False))")
    case(f"{fn}_int_dtype", f"tf.signal.{fn}(5, dtype=tf.int32)")
    case(f"{fn}_vector_length", f"tf.signal.{fn}([3])")
    case(f"{fn}_negative_length", f"tf.signal.{fn}(-1)")

# --- frame ---------------------------------------------------------------------------------------
case("frame_basic", "tf.signal.frame(tf.range(10), 3, 2)")
case("frame_float", "tf.signal.frame(np.arange(8, dtype=np.float32), 4, 1)")
case("frame_pad_end", "tf.signal.frame(tf.range(10), 3, 2, pad_end=True)")
case("frame_pad_value", "tf.signal.frame(tf.range(10), 4, 3, pad_end=True, pad_value=-1)")
case("frame_pad_end_float", "tf.signal.frame([1.0, 2.0, 3.0], 5, 2, pad_end=True, pad_value=9)")
case("frame_short", "tf.signal.frame([1.0, 2.0, 3.0], 5, 1)")
case("frame_exact", "tf.signal.frame(tf.range(6), 3, 3)")
case("frame_step_larger", "tf.signal.frame(tf.range(10), 2, 4)")
case("frame_zero_length", "tf.signal.frame([1.0, 2.0, 3.0], 0, 1)")
case("frame_batch", "tf.signal.frame(tf.reshape(tf.range(24), [2, 3, 4]), 2, 1)")
case("frame_axis0", "tf.signal.frame(np.arange(12.).reshape(3, 4), 2, 1, axis=0)")
case("frame_axis1_of_3", "tf.signal.frame(tf.reshape(tf.range(24), [2, 4, 3]), 3, 1, axis=1)")
case("frame_axis_negative2", "tf.signal.frame(tf.reshape(tf.range(24), [2, 4, 3]), 2, 2, axis=-2, pad_end=True)")
case("frame_empty", "tf.signal.frame(tf.zeros([0]), 2, 1)")
case("frame_empty_pad_end", "tf.signal.frame(tf.zeros([0]), 2, 1, pad_end=True)")
case("frame_tensor_args", "tf.signal.frame(tf.range(7), tf.constant(3), tf.constant(2))")
case("frame_complex", "tf.signal.frame(tf.constant([1+1j, 2, 3, 4], tf.complex64), 2, 2)")
case("frame_scalar_signal", "tf.signal.frame(1.0, 2, 1)")
case("frame_vector_length", "tf.signal.frame([1.0, 2.0, 3.0], [2], 1)")
case("frame_zero_step", "tf.signal.frame([1.0, 2.0, 3.0], 2, 0)")
gradient_case("frame_gradient", "x = " + SIGNAL.format(n=11), "tf.signal.frame(x, 4, 3, pad_end=True)")

# --- overlap_and_add -----------------------------------------------------------------------------
case("overlap_and_add_int", "tf.signal.overlap_and_add([[1, 2, 3], [4, 5, 6]], 2)")
case("overlap_and_add_no_overlap", "tf.signal.overlap_and_add(tf.reshape(tf.range(12), [3, 4]), 4)")
case("overlap_and_add_gap", "tf.signal.overlap_and_add(tf.reshape(tf.range(6.0), [3, 2]), 3)")
case("overlap_and_add_batch", "tf.signal.overlap_and_add(tf.reshape(tf.range(48.0), [2, 2, 4, 3]), 1)")
case("overlap_and_add_one_frame", "tf.signal.overlap_and_add([[1.0, 2.0, 3.0]], 2)")
case("overlap_and_add_zero_frames", "tf.signal.overlap_and_add(tf.zeros([0, 3]), 2)")
case("overlap_and_add_complex", "tf.signal.overlap_and_add(tf.constant([[1+1j, 2], [3, 4j]], tf.complex64), 1)")
case("overlap_and_add_int64_step", "tf.signal.overlap_and_add([[1.0, 2.0], [3.0, 4.0]], tf.constant(1, tf.int64))")
case("overlap_and_add_rank1", "tf.signal.overlap_and_add([1.0, 2.0, 3.0], 1)")
case("overlap_and_add_float_step", "tf.signal.overlap_and_add([[1.0, 2.0, 3.0]], 1.0)")
case("overlap_and_add_vector_step", "tf.signal.overlap_and_add([[1.0, 2.0, 3.0]], [1])")
gradient_case("overlap_and_add_gradient", "x = tf.reshape(" + SIGNAL.format(n=15) + ", [5, 3])",
              "tf.signal.overlap_and_add(x, 2)")

# --- stft / inverse_stft -------------------------------------------------------------------------
case("stft_basic", "tf.signal.stft(" + SIGNAL.format(n=64) + ", 16, 8)")
case("stft_fft_length", "tf.signal.stft(" + SIGNAL.format(n=50) + ", 12, 5, fft_length=32)")
case("stft_short_fft_length", "tf.signal.stft(" + SIGNAL.format(n=50) + ", 12, 5, fft_length=8)")
case("stft_pad_end", "tf.signal.stft(" + SIGNAL.format(n=50) + ", 12, 5, pad_end=True)")
case("stft_odd_length", "tf.signal.stft(" + SIGNAL.format(n=40) + ", 7, 3)")
case("stft_no_window", "tf.signal.stft(" + SIGNAL.format(n=40) + ", 8, 4, window_fn=None)")
case("stft_hamming", "tf.signal.stft(" + SIGNAL.format(n=40) + ", 8, 4, window_fn=tf.signal.hamming_window)")
case("stft_batch", "tf.signal.stft(tf.reshape(" + SIGNAL.format(n=96) + ", [3, 32]), 8, 4)")
case("stft_int_signal", "tf.signal.stft([1, 2, 3, 4], 2, 1)")
case("stft_scalar_signal", "tf.signal.stft(1.0, 2, 1)")
case("stft_float64_signal", "tf.signal.stft(tf.constant(np.arange(16.0)), 8, 4)")
case("inverse_stft_basic", "tf.signal.inverse_stft(tf.signal.stft(" + SIGNAL.format(n=64) + ", 16, 8), 16, 8)")
case("inverse_stft_window_fn", "s = tf.signal.stft(" + SIGNAL.format(n=64) + ", 16, 4)\n"
     "tf.signal.inverse_stft(s, 16, 4, window_fn=tf.signal.inverse_stft_window_fn(4))")
case("inverse_stft_window_fn_hamming", "s = tf.signal.stft(" + SIGNAL.format(n=60) + ", 12, 3, "
     "window_fn=tf.signal.hamming_window)\ntf.signal.inverse_stft(s, 12, 3, "
     "window_fn=tf.signal.inverse_stft_window_fn(3, forward_window_fn=tf.signal.hamming_window))")
case("inverse_stft_fft_length", "s = tf.signal.stft(" + SIGNAL.format(n=50) + ", 12, 5, fft_length=32)\n"
     "tf.signal.inverse_stft(s, 12, 5, fft_length=32)")
case("inverse_stft_short_fft_length", "s = tf.signal.stft(" + SIGNAL.format(n=50) + ", 12, 5, fft_length=8)\n"
     "tf.signal.inverse_stft(s, 12, 5, fft_length=8)")
case("inverse_stft_no_window", "s = tf.signal.stft(" + SIGNAL.format(n=40) + ", 8, 4, window_fn=None)\n"
     "tf.signal.inverse_stft(s, 8, 4, window_fn=None)")
case("inverse_stft_rank1", "tf.signal.inverse_stft(tf.constant([1+0j], tf.complex64), 2, 1)")
case("inverse_stft_window_fn_values", "tf.signal.inverse_stft_window_fn(3)(12, tf.float32)")
case("inverse_stft_window_fn_uneven", "tf.signal.inverse_stft_window_fn(5)(12, tf.float64)")
gradient_case("stft_gradient", "x = " + SIGNAL.format(n=40), "tf.signal.stft(x, 8, 3, pad_end=True)")
gradient_case("inverse_stft_gradient", "x = tf.signal.stft(" + SIGNAL.format(n=40) + ", 8, 4)",
              "tf.signal.inverse_stft(x, 8, 4)")

# --- mel and mfcc --------------------------------------------------------------------------------
case("mel_default", "tf.signal.linear_to_mel_weight_matrix()")
for cid, args in [("small", "4, 9, 8000, 125.0, 3800.0"), ("16k", "40, 257, 16000, 20.0, 8000.0"),
                  ("44k", "64, 513, 44100, 0.0, 22050.0"), ("one_bin", "1, 5, 1000, 10.0, 400.0"),
                  ("float64", "10, 33, 8000, 125.0, 3800.0, tf.float64"),
                  ("int_edges", "5, 17, 8000, 100, 4000"),
                  ("two_spectrogram_bins", "3, 2, 8000, 125.0, 3800.0")]:
    case(f"mel_{cid}", f"tf.signal.linear_to_mel_weight_matrix({args})")
for cid, args in [("zero_bins", "0"), ("negative_lower", "lower_edge_hertz=-1.0"),
                  ("lower_above_upper", "lower_edge_hertz=500.0, upper_edge_hertz=400.0"),
                  ("zero_rate", "sample_rate=0, lower_edge_hertz=0.0, upper_edge_hertz=1.0"),
                  ("above_nyquist", "upper_edge_hertz=5000.0"), ("int_dtype", "dtype=tf.int32")]:
    case(f"mel_error_{cid}", f"tf.signal.linear_to_mel_weight_matrix({args})")
case("mfcc_basic", "tf.signal.mfccs_from_log_mel_spectrograms(tf.reshape(" + SIGNAL.format(n=24) + ", [3, 8]))")
case("mfcc_float64", "tf.signal.mfccs_from_log_mel_spectrograms(tf.constant(np.arange(10.0).reshape(2, 5)))")
case("mfcc_one_bin", "tf.signal.mfccs_from_log_mel_spectrograms([[2.0], [3.0]])")
case("mfcc_pipeline", "s = tf.abs(tf.signal.stft(" + SIGNAL.format(n=256) + ", 64, 32))\n"
     "m = tf.tensordot(s, tf.signal.linear_to_mel_weight_matrix(8, 33, 8000, 20.0, 4000.0), 1)\n"
     "tf.signal.mfccs_from_log_mel_spectrograms(tf.math.log(m + 0.01))[..., :5]")
case("mfcc_zero_bins", "tf.signal.mfccs_from_log_mel_spectrograms(tf.zeros([2, 0]))")
case("mfcc_int", "tf.signal.mfccs_from_log_mel_spectrograms(tf.zeros([2, 3], tf.int32))")
gradient_case("mfcc_gradient", "x = tf.reshape(" + SIGNAL.format(n=12) + ", [2, 6])",
              "tf.signal.mfccs_from_log_mel_spectrograms(x)")

# --- FFTs ----------------------------------------------------------------------------------------
COMPLEX = ("tf.complex(tf.constant(np.cos(np.arange({n}) * 0.9).reshape({shape}), tf.float{bits}), "
           "tf.constant(np.sin(np.arange({n}) * 0.4).reshape({shape}), tf.float{bits}))")
for fn, rank, shape in [("fft", 1, [8]), ("ifft", 1, [8]), ("fft", 1, [3, 5]), ("ifft", 1, [2, 6]),
                        ("fft2d", 2, [4, 6]), ("ifft2d", 2, [2, 3, 4]), ("fft3d", 3, [2, 3, 4]),
                        ("ifft3d", 3, [2, 2, 3, 2])]:
    n = int(__import__("numpy").prod(shape))
    for bits, ctype in ((32, "complex64"), (64, "complex128")):
        x = COMPLEX.format(n=n, shape=shape, bits=bits)
        case(f"{fn}_{'x'.join(map(str, shape))}_{ctype}", f"tf.signal.{fn}({x})")
    gradient_case(f"{fn}_{'x'.join(map(str, shape))}_gradient", "x = " + COMPLEX.format(n=n, shape=shape, bits=32),
                  f"tf.signal.{fn}(x)")
case("fft_top_level", "tf.fft(tf.constant([1+0j, 2, 3], tf.complex64))")
case("ifft2d_top_level", "tf.ifft2d(tf.constant([[1+0j, 2], [3, 4j]], tf.complex64))")
case("fft_spectral", "tf.spectral.fft(tf.constant([1+2j, 0, -1j, 4], tf.complex128))")
case("fft_list", "tf.signal.fft([1.0, 2.0])")
case("fft_float", "tf.signal.fft(tf.constant([1.0, 2.0]))")
case("fft_int", "tf.signal.fft(tf.constant([1, 2]))")
case("fft_scalar", "tf.signal.fft(tf.constant(1 + 0j, tf.complex64))")
case("fft2d_rank1", "tf.signal.fft2d(tf.constant([1 + 0j], tf.complex64))")
case("fft_empty", "tf.signal.fft(tf.zeros([2, 0], tf.complex64))")
for fn, rank, shape in [("rfft", 1, [8]), ("rfft", 1, [7]), ("rfft", 1, [2, 5]), ("rfft2d", 2, [4, 6]),
                        ("rfft2d", 2, [2, 3, 5]), ("rfft3d", 3, [2, 3, 4])]:
    n = int(__import__("numpy").prod(shape))
    x = f"tf.constant(np.sin(np.arange({n}) * 0.61).reshape({shape}), tf.float32)"
    label = "x".join(map(str, shape))
    case(f"{fn}_{label}", f"tf.signal.{fn}({x})")
    gradient_case(f"{fn}_{label}_gradient", "x = " + x, f"tf.signal.{fn}(x)")
    lengths = [4] * (rank - 1) + [6]
    case(f"{fn}_{label}_fft_length", f"tf.signal.{fn}({x}, fft_length={lengths})")
    gradient_case(f"{fn}_{label}_fft_length_gradient", "x = " + x, f"tf.signal.{fn}(x, fft_length={lengths})")
    ifn = "i" + fn
    spectrum = f"tf.signal.{fn}({x})"
    case(f"{ifn}_{label}", f"tf.signal.{ifn}({spectrum})")
    case(f"{ifn}_{label}_odd", f"tf.signal.{ifn}({spectrum}, fft_length={[s for s in shape[-rank:]]})")
    case(f"{ifn}_{label}_fft_length", f"tf.signal.{ifn}({spectrum}, fft_length={lengths})")
    gradient_case(f"{ifn}_{label}_gradient", "x = " + spectrum, f"tf.signal.{ifn}(x)")
    gradient_case(f"{ifn}_{label}_fft_length_gradient", "x = " + spectrum, f"tf.signal.{ifn}(x, fft_length={lengths})")
case("rfft_spectral", "tf.spectral.rfft([1.0, 2.0, 3.0], fft_length=[5])")
case("irfft_spectral", "tf.spectral.irfft(tf.constant([1+0j, 2+1j, 3+2j], tf.complex64))")
case("irfft_imaginary_dc_nyquist", "tf.signal.irfft(tf.constant([1+5j, 2+1j, 3+2j], tf.complex64))")
case("rfft_list", "tf.signal.rfft([1.0, 2.0, 3.0, 4.0])")
case("rfft_int", "tf.signal.rfft(tf.constant([1, 2]))")
case("rfft_scalar", "tf.signal.rfft(tf.constant(1.0))")
case("rfft2d_rank1", "tf.signal.rfft2d(tf.constant([1.0, 2.0]))")
case("irfft_float", "tf.signal.irfft(tf.constant([1.0, 2.0]))")
case("rfft_float64", "tf.signal.rfft(tf.constant([1.0, 2.0, 3.0], tf.float64))")
case("irfft_complex128", "tf.signal.irfft(tf.constant([1+0j, 2+1j, 3+2j], tf.complex128))")
case("fftshift_1d", "tf.signal.fftshift([1, 2, 3, 4, 5])")
case("fftshift_2d", "tf.signal.fftshift(tf.reshape(tf.range(12), [3, 4]))")
case("fftshift_axes", "tf.signal.fftshift(tf.reshape(tf.range(12), [3, 4]), axes=1)")
case("ifftshift_1d", "tf.signal.ifftshift([1, 2, 3, 4, 5])")
case("ifftshift_axes", "tf.signal.ifftshift(tf.reshape(tf.range(12.0), [3, 4]), axes=[0])")

# --- DCT -----------------------------------------------------------------------------------------
X = "tf.constant(np.sin(np.arange(12) * 0.5).reshape(2, 6), tf.float32)"
for dct_type in (1, 2, 3):
    for norm in ((None,) if dct_type == 1 else (None, "'ortho'")):
        label = f"type{dct_type}_{'ortho' if norm else 'none'}"
        case(f"dct_{label}", f"tf.signal.dct({X}, type={dct_type}, norm={norm})")
        case(f"idct_{label}", f"tf.signal.idct({X}, type={dct_type}, norm={norm})")
        gradient_case(f"dct_{label}_gradient", "x = " + X, f"tf.signal.dct(x, type={dct_type}, norm={norm})")
case("dct_n_shorter", f"tf.signal.dct({X}, n=4)")
case("dct_n_longer", f"tf.signal.dct({X}, n=9, norm='ortho')")
case("dct_float64", "tf.signal.dct(tf.constant(np.arange(5.0)), type=3)")
case("dct_spectral", "tf.spectral.dct([1.0, 2.0, 3.0, 4.0])")
case("dct_axis", "tf.signal.dct([1.0, 2.0], axis=0)")
case("dct_type5", "tf.signal.dct([1.0, 2.0], type=5)")
case("dct_int", "tf.signal.dct(tf.constant([1, 2]))")
case("dct_bad_norm", "tf.signal.dct([1.0, 2.0], norm='x')")
case("dct_type1_ortho", "tf.signal.dct([1.0, 2.0], type=1, norm='ortho')")
case("dct_type1_short", "tf.signal.dct(tf.constant([1.0]), type=1)")
case("dct_n_zero", "tf.signal.dct([1.0, 2.0], n=0)")


def main():
    core.write_goldens(OUT, CASES, core.run_case, r"signal_[a-z0-9_]+",
                       "tensorflow.compat.v1; disable_v2_behavior(); enable_eager_execution(); "
                       "disable_tensor_equality()", "record_signal_goldens.py")


if __name__ == "__main__":
    main()
