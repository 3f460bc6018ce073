"""tf.signal / tf.contrib.signal: windows, frame, overlap_and_add, stft, inverse_stft, mel and MFCC.

TF 1.15 wrote these in Python over its ops; here each is a few torch calls that compute the
same values in the same precision (the window's cosine and the mel matrix in ``dtype``, TF's
LinSpace rule for the band edges), so torch's autograd gives the gradients TF's ops give.
Arguments are checked as TF's Python code checks them (static rank checks raise ValueError
"Shape (1,) must have rank 0"), in its order.
"""

import numpy as np
import torch

from ..framework import context
from ..framework.allocation import check_size
from ..framework.dtypes import as_dtype, dtype_of, float32, int32
from ..framework.errors import invalid_argument
from ..framework.tensor import Tensor, convert, wrap
from ..framework.tensor_shape import shape_string
from ..registry import export, unsupported
from .arguments import int_arg
from .fft_ops import dct, irfft, rank_at_least, rfft


def _scalar(value, op, attr):
    """An int argument TF converts to a 0-D int tensor (frame_length, frame_step, window_length ...)."""
    ints = int_arg(value, op, attr)
    if type(ints) is list:
        raise ValueError(f"Shape {shape_string(list(np.shape(ints)))} must have rank 0")
    return ints


def _numeric(value, op):
    backing = convert(value)
    if type(backing) is np.ndarray:
        raise invalid_argument(f"{op} takes numeric tensors, not string tensors", op)
    return backing


# --- windows -------------------------------------------------------------------------------------

def _raised_cosine_window(window_length, periodic, dtype, a, b):
    """TF's raised cosine ``a - b * cos(2 pi n / N)``, computed in ``dtype``; N is length - 1, or length
    for a periodic window of even length."""
    dtype = as_dtype(dtype)
    if not dtype.is_floating:
        raise ValueError(f"dtype must be a floating point type. Found {dtype}")
    if isinstance(window_length, Tensor):
        convert(window_length, int32)  # TF converts window_length to int32: an int64 tensor is a ValueError
    length = _scalar(window_length, "Range", "window_length")
    device = context.current_device()
    if length == 1:
        return wrap(torch.ones(1, dtype=dtype._torch, device=device))
    if length < 0:
        raise invalid_argument(f"Requires start <= limit when delta > 0: 0/{length}", "Range")
    check_size([length], "Range", dtype._torch, device)
    periodic = bool(convert(periodic)) if isinstance(periodic, Tensor) else bool(periodic)
    even = 1 - length % 2
    denominator = torch.tensor(float(length + periodic * even - 1), dtype=dtype._torch, device=device)
    count = torch.arange(length, dtype=dtype._torch, device=device)
    cos_arg = torch.tensor(2 * np.pi, dtype=dtype._torch, device=device) * count / denominator
    return wrap(a - b * torch.cos(cos_arg))


@export("signal.hann_window", "contrib.signal.hann_window")
def hann_window(window_length, periodic=True, dtype=float32, name=None):
    """The Hann window (0.5 - 0.5 cos); ``periodic`` for spectral analysis, else symmetric."""
    return _raised_cosine_window(window_length, periodic, dtype, 0.5, 0.5)


@export("signal.hamming_window", "contrib.signal.hamming_window")
def hamming_window(window_length, periodic=True, dtype=float32, name=None):
    """The Hamming window (0.54 - 0.46 cos); ``periodic`` for spectral analysis, else symmetric."""
    return _raised_cosine_window(window_length, periodic, dtype, 0.54, 0.46)


# --- framing -------------------------------------------------------------------------------------

def _check_step(step, op):
    if step == 0:
        raise invalid_argument("Integer division by zero", "FloorDiv")
    if step < 0:
        raise invalid_argument(f"frame_step must be positive, got {step}", op)


@export("signal.frame", "contrib.signal.frame", "contrib.signal.frames")
def frame(signal, frame_length, frame_step, pad_end=False, pad_value=0, axis=-1, name=None):
    """Frames of ``frame_length`` samples every ``frame_step`` samples along ``axis``: the axis becomes
    [frames, frame_length]; ``pad_end`` pads the end with ``pad_value`` so that every sample is framed."""
    x = _numeric(signal, "frame")
    rank_at_least(x, 1)
    length = _scalar(frame_length, "frame", "frame_length")
    step = _scalar(frame_step, "frame", "frame_step")
    axis = _scalar(axis, "frame", "axis")
    if not -x.ndim <= axis < x.ndim:
        raise invalid_argument(f"slice index {axis} of dimension 0 out of bounds.", "StridedSlice")
    axis %= x.ndim
    _check_step(step, "frame")
    if length < 0:
        raise invalid_argument(f"frame_length must be non-negative, got {length}", "frame")
    samples = x.shape[axis]
    if pad_end:
        pad_backing = convert(pad_value, dtype_of(x))
        if pad_backing.ndim != 0:
            raise ValueError(f"Shape {shape_string(list(pad_backing.shape))} must have rank 0")
        frames = -(-samples // step)
        padding = max(0, length + step * (frames - 1) - samples)
        check_size(list(x.shape[:axis]) + [samples + padding] + list(x.shape[axis + 1:]), "Pad", x.dtype, x.device)
        if padding:
            pad_shape = list(x.shape)
            pad_shape[axis] = padding
            x = torch.cat([x, pad_backing.to(x.device).expand(pad_shape)], dim=axis)
    else:
        frames = max(0, 1 + (samples - length) // step)
    shape = check_size(list(x.shape[:axis]) + [frames, length] + list(x.shape[axis + 1:]), "frame", x.dtype, x.device)
    if frames == 0 or length == 0:
        return wrap(torch.zeros(shape, dtype=x.dtype, device=x.device))
    framed = x.narrow(axis, 0, length + step * (frames - 1)).unfold(axis, length, step)
    return wrap(framed.movedim(-1, axis + 1).contiguous())


@export("signal.overlap_and_add", "contrib.signal.overlap_and_add")
def overlap_and_add(signal, frame_step, name=None):
    """Adds ``signal``'s [..., frames, frame_length] frames, each ``frame_step`` samples after the last."""
    x = _numeric(signal, "overlap_and_add")
    rank_at_least(x, 2)
    step_dtype = dtype_of(convert(frame_step)) if isinstance(frame_step, (Tensor, float, np.ndarray)) else None
    if step_dtype is not None and not step_dtype.is_integer:
        raise ValueError(f"frame_step must be an integer. Got {step_dtype}")
    step = _scalar(frame_step, "overlap_and_add", "frame_step")
    if step <= 0:
        raise invalid_argument(f"frame_step must be positive, got {step}", "overlap_and_add")
    frames, frame_length = x.shape[-2], x.shape[-1]
    output_length = frame_length + step * (frames - 1)
    if output_length < 0:
        raise invalid_argument(f"Paddings must be non-negative: 0 {output_length}", "Pad")
    outer = list(x.shape[:-2])
    check_size(outer + [output_length], "overlap_and_add", x.dtype, x.device)
    starts = torch.arange(frames, device=x.device) * step
    index = (starts[:, None] + torch.arange(frame_length, device=x.device)[None, :]).reshape(-1)
    output = torch.zeros(outer + [output_length], dtype=x.dtype, device=x.device)
    try:
        return wrap(output.index_add(-1, index, x.reshape(outer + [frames * frame_length])))
    except RuntimeError:
        raise invalid_argument(f"overlap_and_add does not take {dtype_of(x).name} tensors",
                               "overlap_and_add") from None


# --- short-time Fourier transforms ---------------------------------------------------------------

def _enclosing_power_of_two(value):
    """The smallest power of two >= ``value`` (TF's formula, float rounding included)."""
    with np.errstate(divide="ignore"):
        return int(2 ** np.ceil(np.log(value) / np.log(2.0)))


@export("signal.stft", "contrib.signal.stft")
def stft(signals, frame_length, frame_step, fft_length=None, window_fn=hann_window, pad_end=False, name=None):
    """The STFT of real ``signals``: [..., frames, fft_length // 2 + 1] complex64 (rfft of windowed frames)."""
    x = _numeric(signals, "stft")
    rank_at_least(x, 1)
    length = _scalar(frame_length, "stft", "frame_length")
    step = _scalar(frame_step, "stft", "frame_step")
    fft_length = _enclosing_power_of_two(length) if fft_length is None else _scalar(fft_length, "stft",
                                                                                      "fft_length")
    framed = frame(wrap(x), length, step, pad_end=pad_end)
    if window_fn is not None:
        framed = framed * window_fn(length, dtype=dtype_of(x))
    return rfft(framed, [fft_length])


@export("signal.inverse_stft", "contrib.signal.inverse_stft")
def inverse_stft(stfts, frame_length, frame_step, fft_length=None, window_fn=hann_window, name=None):
    """The inverse STFT: irfft of each frame, cropped or zero-padded to ``frame_length``, windowed,
    overlapped and added.  Pass ``inverse_stft_window_fn(frame_step)`` for a perfect reconstruction."""
    spectra = _numeric(stfts, "inverse_stft")
    rank_at_least(spectra, 2)
    length = _scalar(frame_length, "inverse_stft", "frame_length")
    step = _scalar(frame_step, "inverse_stft", "frame_step")
    fft_length = _enclosing_power_of_two(length) if fft_length is None else _scalar(fft_length, "inverse_stft",
                                                                                      "fft_length")
    real_frames = convert(irfft(wrap(spectra), [fft_length]))
    size = real_frames.shape[-1]
    if size > length:
        real_frames = real_frames[..., :length]
    elif size < length:
        real_frames = torch.nn.functional.pad(real_frames, (0, length - size))
    frames = wrap(real_frames)
    if window_fn is not None:
        frames = frames * window_fn(length, dtype=dtype_of(spectra).real_dtype)
    return overlap_and_add(frames, step)


@export("signal.inverse_stft_window_fn", "contrib.signal.inverse_stft_window_fn")
def inverse_stft_window_fn(frame_step, forward_window_fn=hann_window, name=None):
    """The window_fn for inverse_stft that inverts an stft made with ``forward_window_fn`` and
    ``frame_step`` (Griffin and Lim's equation 7: the forward window over its overlapped squares)."""

    def inverse_stft_window_fn_inner(frame_length, dtype):
        step = _scalar(frame_step, "inverse_stft_window_fn", "frame_step")
        length = _scalar(frame_length, "inverse_stft_window_fn", "frame_length")
        if step <= 0:
            raise invalid_argument(f"frame_step must be positive, got {step}", "inverse_stft_window_fn")
        forward = convert(forward_window_fn(length, dtype=dtype))
        overlaps = -(-length // step)
        denominator = torch.nn.functional.pad(forward * forward, (0, overlaps * step - length))
        denominator = denominator.reshape(overlaps, step).sum(0, keepdim=True).repeat(overlaps, 1).reshape(-1)
        return wrap(forward / denominator[:length])

    return inverse_stft_window_fn_inner


# --- mel scale and MFCCs -------------------------------------------------------------------------

_MEL_BREAK_FREQUENCY_HERTZ = 700.0
_MEL_HIGH_FREQUENCY_Q = 1127.0


def _hertz_to_mel(frequencies_hertz):
    return _MEL_HIGH_FREQUENCY_Q * torch.log(1.0 + frequencies_hertz / _MEL_BREAK_FREQUENCY_HERTZ)


def _lin_space(start, stop, num):
    """TF's LinSpace kernel: ``start + step * i`` in the tensors' dtype, the last value ``stop`` itself."""
    if num <= 0:
        raise invalid_argument(f"Requires num > 0: {num}", "LinSpace")
    if num == 1:
        return start.reshape(1)
    values = start + (stop - start) / (num - 1) * torch.arange(num, dtype=start.dtype, device=start.device)
    values[-1] = stop
    return values


def _validate_mel_arguments(num_mel_bins, sample_rate, lower_edge_hertz, upper_edge_hertz, dtype):
    if num_mel_bins <= 0:
        raise ValueError(f"num_mel_bins must be positive. Got: {num_mel_bins}")
    if lower_edge_hertz < 0.0:
        raise ValueError(f"lower_edge_hertz must be non-negative. Got: {lower_edge_hertz}")
    if lower_edge_hertz >= upper_edge_hertz:
        raise ValueError(f"lower_edge_hertz {lower_edge_hertz:.1f} >= upper_edge_hertz {upper_edge_hertz:.1f}")
    if sample_rate <= 0.0:
        raise ValueError(f"sample_rate must be positive. Got: {sample_rate}")
    if upper_edge_hertz > sample_rate / 2:
        raise ValueError(f"upper_edge_hertz must not be larger than the Nyquist frequency (sample_rate / 2). "
                         f"Got {upper_edge_hertz} for sample_rate: {sample_rate}")
    if not dtype.is_floating:
        raise ValueError(f"dtype must be a floating point type. Got: {dtype}")


def _python_number(value, attr):
    if isinstance(value, Tensor):
        backing = convert(value)
        if type(backing) is np.ndarray or backing.ndim != 0:
            raise ValueError(f"linear_to_mel_weight_matrix: {attr} must be a scalar, got {value!r}")
        return backing.item()
    if isinstance(value, (int, float, np.integer, np.floating)) and not isinstance(value, bool):
        return value
    raise TypeError(f"linear_to_mel_weight_matrix: {attr} must be a number, got {value!r}")


@export("signal.linear_to_mel_weight_matrix", "contrib.signal.linear_to_mel_weight_matrix")
def linear_to_mel_weight_matrix(num_mel_bins=20, num_spectrogram_bins=129, sample_rate=8000,
                                lower_edge_hertz=125.0, upper_edge_hertz=3800.0, dtype=float32, name=None):
    """A [num_spectrogram_bins, num_mel_bins] matrix of HTK-style triangular mel filters (the DC bin
    excluded), which maps linear-frequency spectrogram bins to mel bins."""
    dtype = as_dtype(dtype)
    num_mel_bins = _scalar(num_mel_bins, "linear_to_mel_weight_matrix", "num_mel_bins")
    num_spectrogram_bins = _scalar(num_spectrogram_bins, "LinSpace", "num")
    sample_rate = _python_number(sample_rate, "sample_rate")
    lower_edge_hertz = _python_number(lower_edge_hertz, "lower_edge_hertz")
    upper_edge_hertz = _python_number(upper_edge_hertz, "upper_edge_hertz")
    _validate_mel_arguments(num_mel_bins, sample_rate, lower_edge_hertz, upper_edge_hertz, dtype)

    def scalar(value):
        return torch.tensor(value, dtype=dtype._torch, device=context.current_device())

    check_size([num_spectrogram_bins, num_mel_bins + 2], "linear_to_mel_weight_matrix", dtype._torch)
    zero = scalar(0.0)
    linear_frequencies = _lin_space(zero, scalar(sample_rate) / 2.0, num_spectrogram_bins)[1:]
    spectrogram_bins_mel = _hertz_to_mel(linear_frequencies)[:, None]
    band_edges_mel = _lin_space(_hertz_to_mel(scalar(lower_edge_hertz)), _hertz_to_mel(scalar(upper_edge_hertz)),
                                num_mel_bins + 2)
    lower_edge_mel, center_mel, upper_edge_mel = (band_edges_mel[None, i:i + num_mel_bins] for i in range(3))
    lower_slopes = (spectrogram_bins_mel - lower_edge_mel) / (center_mel - lower_edge_mel)
    upper_slopes = (upper_edge_mel - spectrogram_bins_mel) / (upper_edge_mel - center_mel)
    weights = torch.maximum(zero, torch.minimum(lower_slopes, upper_slopes))
    return wrap(torch.nn.functional.pad(weights, (0, 0, 1, 0)))


@export("signal.mfccs_from_log_mel_spectrograms", "contrib.signal.mfccs_from_log_mel_spectrograms")
def mfccs_from_log_mel_spectrograms(log_mel_spectrograms, name=None):
    """MFCCs: the orthonormal-scaled type II DCT of [..., num_mel_bins] log-magnitude mel spectrograms
    (HTK's scaling: the DCT over ``sqrt(2 * num_mel_bins)``)."""
    x = convert(log_mel_spectrograms)
    if type(x) is not np.ndarray and x.ndim and x.shape[-1] == 0:
        raise ValueError(f"num_mel_bins must be positive. Got: {wrap(x)!s}")
    dct2 = convert(dct(wrap(x), type=2))
    return wrap(dct2 * torch.rsqrt(torch.tensor(x.shape[-1] * 2.0, dtype=dct2.dtype, device=dct2.device)))


for _name in ("mdct", "inverse_mdct", "kaiser_window", "kaiser_bessel_derived_window", "vorbis_window"):
    unsupported(f"signal.{_name}", f"added in TF 2.x; TF 1.15's tf.signal has no {_name}")
del _name
