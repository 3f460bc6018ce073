"""Ported from TF 1.15 tensorflow/python/kernel_tests/signal/fft_ops_test.py (FFTOpsTest, RFFTOpsTest):
the FFTs against NumPy's for ranks 1-3, complex64 and complex128, empty inputs, fft_length's
cropping and padding, TF's rank errors and the gradients (compute_gradient_error's eager form,
complex values through their real and imaginary parts).  The placeholder tests are graph-only."""

import numpy as np
import pytest

import tfcompat as tf

FFTS = {1: (tf.signal.fft, tf.signal.ifft, np.fft.fftn, np.fft.ifftn),
        2: (tf.signal.fft2d, tf.signal.ifft2d, np.fft.fftn, np.fft.ifftn),
        3: (tf.signal.fft3d, tf.signal.ifft3d, np.fft.fftn, np.fft.ifftn)}
RFFTS = {1: (tf.signal.rfft, tf.signal.irfft), 2: (tf.signal.rfft2d, tf.signal.irfft2d),
         3: (tf.signal.rfft3d, tf.signal.irfft3d)}


def _np_axes(rank):
    return tuple(range(-rank, 0))


@pytest.mark.parametrize("rank", [1, 2, 3])
def test_FFTOpsTest_testEmpty(rank):
    for dims in range(rank, rank + 3):
        x = np.zeros((0,) * dims).astype(np.complex64)
        forward, inverse, _, _ = FFTS[rank]
        assert forward(x).numpy().shape == x.shape
        assert inverse(x).numpy().shape == x.shape


@pytest.mark.parametrize("rank", [1, 2, 3])
@pytest.mark.parametrize("np_type, tol", [(np.complex64, 1e-4), (np.complex128, 1e-8)])
def test_FFTOpsTest_testBasic(rank, np_type, tol):
    forward, inverse, np_forward, np_inverse = FFTS[rank]
    for dims in range(rank, rank + 3):
        x = np.mod(np.arange(np.power(4, dims)), 10).reshape((4,) * dims).astype(np_type)
        np.testing.assert_allclose(forward(x).numpy(), np_forward(x, axes=_np_axes(rank)), rtol=tol, atol=tol)
        np.testing.assert_allclose(inverse(x).numpy(), np_inverse(x, axes=_np_axes(rank)), rtol=tol, atol=tol)


@pytest.mark.parametrize("rank", [1, 2, 3])
def test_FFTOpsTest_testRandom(rank):
    forward, inverse, np_forward, np_inverse = FFTS[rank]
    rng = np.random.RandomState(rank)
    for np_type, tol in ((np.complex64, 1e-4), (np.complex128, 5e-6)):
        for dims in range(rank, rank + 2):
            shape = (5,) * dims
            x = (rng.uniform(size=shape) + 1j * rng.uniform(size=shape)).astype(np_type)
            np.testing.assert_allclose(forward(x).numpy(), np_forward(x, axes=_np_axes(rank)), rtol=tol, atol=tol)
            np.testing.assert_allclose(inverse(x).numpy(), np_inverse(x, axes=_np_axes(rank)), rtol=tol, atol=tol)


@pytest.mark.parametrize("rank", [1, 2, 3])
def test_FFTOpsTest_testError(rank):
    forward, inverse, _, _ = FFTS[rank]
    for dims in range(rank):
        x = np.zeros((1,) * dims).astype(np.complex64)
        with pytest.raises(tf.errors.InvalidArgumentError, match=f"must have rank of at least {rank}"):
            forward(x)
        with pytest.raises(tf.errors.InvalidArgumentError, match=f"must have rank of at least {rank}"):
            inverse(x)


@pytest.mark.parametrize("rank", [1, 2, 3])
def test_FFTOpsTest_testGrad_Simple(rank):
    forward, inverse, _, _ = FFTS[rank]
    re = np.array([[1, 0, 0, 0]] * 3, dtype=np.float32) if rank < 3 else np.ones((2, 2, 2), np.float32)
    im = np.zeros_like(re)

    def parts(function):
        return lambda a, b: tf.concat([tf.real(function(tf.complex(a, b))), tf.imag(function(tf.complex(a, b)))], 0)

    for function in (forward, inverse):
        assert tf.test.compute_gradient_error(parts(function), [tf.constant(re), tf.constant(im)], delta=1e-2) < 1e-2


@pytest.mark.parametrize("rank", [1, 2, 3])
def test_RFFTOpsTest_testEmpty(rank):
    forward, inverse = RFFTS[rank]
    for dims in range(rank, rank + 3):
        x = np.zeros((0,) * dims).astype(np.float32)
        assert forward(x).numpy().shape == x.shape
        x = np.zeros((0,) * dims).astype(np.complex64)
        assert inverse(x).numpy().shape == x.shape


@pytest.mark.parametrize("rank", [1, 2, 3])
@pytest.mark.parametrize("size", [5, 6])
def test_RFFTOpsTest_testBasic(rank, size):
    forward, inverse = RFFTS[rank]
    for dims in range(rank, rank + 3):
        inner = (size,) * rank
        x = np.mod(np.arange(np.power(size, dims)), 10).reshape((size,) * dims).astype(np.float32)
        np.testing.assert_allclose(forward(x).numpy(), np.fft.rfftn(x, axes=_np_axes(rank)), rtol=1e-4, atol=1e-4)
        c = np.mod(np.arange(np.power(size, dims - 1) * (size // 2 + 1)), 10).reshape(
            (size,) * (dims - 1) + (size // 2 + 1,)).astype(np.complex64)
        np.testing.assert_allclose(inverse(c, fft_length=list(inner)).numpy(),
                                   np.fft.irfftn(c, s=inner, axes=_np_axes(rank)), rtol=1e-4, atol=1e-4)


@pytest.mark.parametrize("rank", [1, 2, 3])
def test_RFFTOpsTest_testFftLength(rank):
    forward, inverse = RFFTS[rank]
    x = np.mod(np.arange(np.power(6, rank)), 10).reshape((6,) * rank).astype(np.float32)
    for length in (4, 8):  # cropped, then zero-padded
        lengths = [length] * rank
        np.testing.assert_allclose(forward(x, lengths).numpy(), np.fft.rfftn(x, s=lengths, axes=_np_axes(rank)), rtol=1e-4, atol=1e-4)
        spectrum = np.fft.rfftn(x).astype(np.complex64)
        np.testing.assert_allclose(inverse(spectrum, lengths).numpy(), np.fft.irfftn(spectrum, s=lengths, axes=_np_axes(rank)),
                                   rtol=1e-4, atol=1e-4)


@pytest.mark.parametrize("rank", [1, 2, 3])
def test_RFFTOpsTest_testError(rank):
    forward, inverse = RFFTS[rank]
    for dims in range(rank):
        with pytest.raises(ValueError, match=f"must have rank at least {rank}"):
            forward(np.zeros((1,) * dims).astype(np.float32))
        with pytest.raises(ValueError, match=f"must have rank at least {rank}"):
            inverse(np.zeros((1,) * dims).astype(np.complex64))
    x = np.zeros((5,) * rank).astype(np.float32)
    with pytest.raises(tf.errors.InvalidArgumentError, match=f"fft_length must be length {rank} vector"):
        forward(x, [5] * (rank + 1))


@pytest.mark.parametrize("rank", [1, 2])  # TF registers no gradient for RFFT3D / IRFFT3D
def test_RFFTOpsTest_testGrad_Simple(rank):
    forward, inverse = RFFTS[rank]
    x = tf.constant(np.ones((2,) * (rank - 1) + (5,), np.float32))

    def rfft_parts(a):
        value = forward(a)
        return tf.concat([tf.real(value), tf.imag(value)], 0)

    assert tf.test.compute_gradient_error(rfft_parts, [x], delta=1e-2) < 1e-2
    spectrum = forward(x)
    error = tf.test.compute_gradient_error(lambda a, b: inverse(tf.complex(a, b), [5] * rank),
                                           [tf.real(spectrum), tf.imag(spectrum)], delta=1e-2)
    assert error < 1e-2


def test_RFFTOpsTest_testGrad_3d_has_no_gradient():
    x = tf.ones((2, 2, 2))
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.abs(tf.signal.rfft3d(x))
    with pytest.raises(LookupError, match="gradient registry has no entry for: RFFT3D"):
        tape.gradient(y, x)
