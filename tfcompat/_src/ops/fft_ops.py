"""tf.signal / tf.spectral FFTs and DCTs: fft, ifft, rfft, irfft (1-D, 2-D, 3-D), fftshift, dct, idct.

Each transform is one torch.fft call over the innermost 1, 2 or 3 dimensions, so torch's
autograd gives the gradients TF defines for them (FFT, IFFT, RFFT, IRFFT are linear; TF's
gradient is their adjoint, as torch's).  TF's input rules are kept: the complex FFTs take
complex64 or complex128 (InvalidArgumentError on attr 'Tcomplex' otherwise); rfft takes float32
(complex64 out) or float64 (complex128 out), irfft the reverse, Python values converting to
float32 / complex64.  (TF 1.15.0's Python wrappers gained float64 behind a forward-compatibility
date in its release window; tfcompat accepts float64 as TF 2.x does, a superset of 1.15.)  TF registers no gradient
for RFFT3D and IRFFT3D: differentiating through them raises its LookupError here too.  ``fft_length`` pads or
crops each transformed dimension as TF's kernels do: rfft to ``fft_length``, irfft's innermost
input dimension to ``fft_length // 2 + 1``.
"""

import math

import numpy as np
import torch

from ..eager.op_gradients import no_registered_gradient
from ..framework import dtypes
from ..framework.allocation import check_size
from ..framework.errors import attr_error, invalid_argument
from ..framework.tensor import Tensor, convert, wrap
from ..framework.dtypes import dtype_of
from ..framework.tensor_shape import shape_string, shape_text
from ..registry import export, unsupported
from .arguments import int_arg

_COMPLEX = (torch.complex64, torch.complex128)
_COMPLEX_TEXT = "complex64, complex128"


def rank_at_least(backing, rank):
    """TF's static shape check ``with_rank_at_least``: ValueError when ``backing`` has fewer dimensions."""
    if backing.ndim < rank:
        raise ValueError(f"Shape {shape_string(list(backing.shape))} must have rank at least {rank}")


def _complex_input(value, op_name, rank):
    """The backing of a complex FFT's input, checked as TF's FFT kernels check it."""
    if type(value) is Tensor:
        backing = convert(value)
    else:
        try:
            backing = convert(value, dtypes.complex64)
        except (TypeError, ValueError):
            backing = convert(value)
    if type(backing) is np.ndarray or backing.dtype not in _COMPLEX:
        raise attr_error(op_name, "Tcomplex", dtype_of(backing), _COMPLEX_TEXT)
    if backing.ndim < rank:
        raise invalid_argument(f"Input must have rank of at least {rank} but got: {shape_text(backing.shape)}",
                               op_name)
    return backing


def _fft_family(op_name, function, rank):
    dims = tuple(range(-rank, 0))

    def op(input, name=None):  # noqa: A002 - TF's argument name
        backing = _complex_input(input, op_name, rank)
        if backing.numel() == 0:
            return wrap(backing.clone())
        return wrap(function(backing, dim=dims))

    op.__name__ = op.__qualname__ = op_name.lower()
    op.__doc__ = f"tf.signal.{op_name.lower()}: TF's {op_name} kernel over the innermost {rank} dimension(s)."
    return op


fft = export("signal.fft", "spectral.fft", "fft")(_fft_family("FFT", torch.fft.fftn, 1))
ifft = export("signal.ifft", "spectral.ifft", "ifft")(_fft_family("IFFT", torch.fft.ifftn, 1))
fft2d = export("signal.fft2d", "spectral.fft2d", "fft2d")(_fft_family("FFT2D", torch.fft.fftn, 2))
ifft2d = export("signal.ifft2d", "spectral.ifft2d", "ifft2d")(_fft_family("IFFT2D", torch.fft.ifftn, 2))
fft3d = export("signal.fft3d", "spectral.fft3d", "fft3d")(_fft_family("FFT3D", torch.fft.fftn, 3))
ifft3d = export("signal.ifft3d", "spectral.ifft3d", "ifft3d")(_fft_family("IFFT3D", torch.fft.ifftn, 3))


# --- real FFTs -----------------------------------------------------------------------------------

def _fft_lengths(fft_length, rank, op_name):
    """``fft_length`` as a list of ``rank`` non-negative ints (TF converts it to an int32 vector)."""
    lengths = int_arg(fft_length, op_name, "fft_length")
    if type(lengths) is not list or any(type(n) is not int for n in lengths):
        raise ValueError(f"fft_length must be a vector of {rank} integers for {op_name}, got {fft_length!r}")
    if len(lengths) != rank:
        raise invalid_argument(f"fft_length must be length {rank} vector, got: {len(lengths)}", op_name)
    if any(n < 0 for n in lengths):
        raise invalid_argument(f"fft_length must be non-negative, got: {lengths}", op_name)
    return lengths


_REAL_TO_COMPLEX = {torch.float32: torch.complex64, torch.float64: torch.complex128}
_COMPLEX_TO_REAL = {torch.complex64: torch.float32, torch.complex128: torch.float64}


def _typed_input(value, preferred, accepted, op_name, rank, kinds):
    """``value``'s backing for rfft (float32/float64) or irfft (complex64/complex128); Python values
    convert to ``preferred``, as TF's wrappers convert them (preferred_dtype)."""
    if isinstance(value, Tensor):
        backing = convert(value)
    else:
        try:
            backing = convert(value, preferred)
        except (TypeError, ValueError):
            backing = convert(value)
    if type(backing) is np.ndarray or backing.dtype not in accepted:
        raise ValueError(f"{op_name} requires {kinds} inputs, got: {wrap(backing)!s}")
    rank_at_least(backing, rank)
    return backing


def _rfft_family(op_name, rank):
    dims = tuple(range(-rank, 0))

    def op(input_tensor, fft_length=None, name=None):
        backing = _typed_input(input_tensor, dtypes.float32, _REAL_TO_COMPLEX, op_name[:4], rank,
                               "tf.float32 or tf.float64")
        lengths = list(backing.shape[-rank:]) if fft_length is None else _fft_lengths(fft_length, rank, op_name)
        shape = list(backing.shape[:-rank]) + lengths[:-1] + [lengths[-1] // 2 + 1 if lengths[-1] else 0]
        check_size(list(backing.shape[:-rank]) + lengths, op_name, torch.complex64, backing.device)
        if backing.numel() == 0 or 0 in lengths:
            return wrap(torch.zeros(shape, dtype=_REAL_TO_COMPLEX[backing.dtype], device=backing.device))
        result = torch.fft.rfftn(backing, s=lengths, dim=dims)
        return wrap(no_registered_gradient(op_name, result) if rank == 3 else result)

    op.__name__ = op.__qualname__ = op_name.lower()
    op.__doc__ = (f"tf.signal.{op_name.lower()}: TF's {op_name} over the innermost {rank} dimension(s); "
                  "each is cropped or zero-padded to fft_length.")
    return op


def _irfft_family(op_name, rank):
    dims = tuple(range(-rank, 0))

    def op(input_tensor, fft_length=None, name=None):
        backing = _typed_input(input_tensor, dtypes.complex64, _COMPLEX_TO_REAL, op_name[:5], rank,
                               "tf.complex64 or tf.complex128")
        if fft_length is None:
            lengths = list(backing.shape[-rank:])
            lengths[-1] = max(0, 2 * (lengths[-1] - 1))
        else:
            lengths = _fft_lengths(fft_length, rank, op_name)
        shape = list(backing.shape[:-rank]) + lengths
        check_size(shape, op_name, torch.complex64, backing.device)
        if backing.numel() == 0 or 0 in lengths:
            return wrap(torch.zeros(shape, dtype=_COMPLEX_TO_REAL[backing.dtype], device=backing.device))
        result = torch.fft.irfftn(backing, s=lengths, dim=dims)
        return wrap(no_registered_gradient(op_name, result) if rank == 3 else result)

    op.__name__ = op.__qualname__ = op_name.lower()
    op.__doc__ = (f"tf.signal.{op_name.lower()}: TF's {op_name} over the innermost {rank} dimension(s), "
                  "a real signal of fft_length samples per dimension.")
    return op


rfft = export("signal.rfft", "spectral.rfft")(_rfft_family("RFFT", 1))
irfft = export("signal.irfft", "spectral.irfft")(_irfft_family("IRFFT", 1))
rfft2d = export("signal.rfft2d", "spectral.rfft2d")(_rfft_family("RFFT2D", 2))
irfft2d = export("signal.irfft2d", "spectral.irfft2d")(_irfft_family("IRFFT2D", 2))
rfft3d = export("signal.rfft3d", "spectral.rfft3d")(_rfft_family("RFFT3D", 3))
irfft3d = export("signal.irfft3d", "spectral.irfft3d")(_irfft_family("IRFFT3D", 3))


# --- shifts --------------------------------------------------------------------------------------

def _shift_axes(backing, axes, op):
    if axes is None:
        return tuple(range(backing.ndim))
    axes = int_arg(axes, op, "axes")
    axes = [axes] if type(axes) is int else axes
    for axis in axes:
        if not -backing.ndim <= axis < backing.ndim:
            raise invalid_argument(f"axis {axis} is out of range for a rank-{backing.ndim} tensor", op)
    return tuple(axes)


def _shift(x, axes, function):
    backing = convert(x)
    if type(backing) is np.ndarray:
        raise invalid_argument("fftshift and ifftshift take numeric tensors, not string tensors", "Roll")
    axes = _shift_axes(backing, axes, "Roll")
    return wrap(function(backing, dim=axes) if axes else backing.clone())


@export("signal.fftshift")
def fftshift(x, axes=None, name=None):
    """Moves the zero-frequency term to the centre of each axis in ``axes`` (all by default)."""
    return _shift(x, axes, torch.fft.fftshift)


@export("signal.ifftshift")
def ifftshift(x, axes=None, name=None):
    """The inverse of fftshift."""
    return _shift(x, axes, torch.fft.ifftshift)


# --- DCT -----------------------------------------------------------------------------------------

def _dct_input(value, dct_type, n, axis, norm):
    """``value``'s backing, cropped or zero-padded to ``n``, after TF 1.15's argument checks in its order."""
    if axis != -1:
        raise NotImplementedError(f"axis must be -1. Got: {axis}")
    if n is not None and (type(n) is not int or n < 1):
        raise ValueError("n should be a positive integer or None")
    if dct_type not in (1, 2, 3):
        raise ValueError("Only Types I, II and III (I)DCT are supported.")
    backing = convert(value)
    if type(backing) is np.ndarray or backing.dtype not in (torch.float32, torch.float64):
        raise TypeError(f"Cannot convert 0.0 to EagerTensor of dtype {dtype_of(backing).name}")
    rank_at_least(backing, 1)
    if dct_type == 1:
        if norm == "ortho":
            raise ValueError("Normalization is not supported for the Type-I DCT.")
        if backing.shape[-1] < 2:
            raise ValueError("Type-I DCT requires the dimension to be greater than one.")
    if norm not in (None, "ortho"):
        raise ValueError(f"Unknown normalization. Expected None or 'ortho', got: {norm}")
    if n is not None:
        check_size(list(backing.shape[:-1]) + [2 * n], "dct", torch.complex128, backing.device)
        size = backing.shape[-1]
        backing = backing[..., :n] if n <= size else torch.nn.functional.pad(backing, (0, n - size))
    return backing


def _phases(size, like, sign):
    """``2 * exp(sign * i * pi * k / (2 * size))`` for k in 0..size-1, TF's DCT scale."""
    angles = torch.arange(size, dtype=like.dtype, device=like.device) * (sign * math.pi * 0.5 / size)
    return 2.0 * torch.polar(torch.ones_like(angles), angles)


def _dct_weights(size, first, rest, like):
    weights = torch.full((size,), rest, dtype=like.dtype, device=like.device)
    weights[0] = first
    return weights


def _dct_of(x, dct_type, norm):
    size = x.shape[-1]
    if dct_type == 1:
        return torch.fft.rfft(torch.cat([x, x[..., 1:-1].flip(-1)], dim=-1)).real
    if dct_type == 2:
        result = (torch.fft.rfft(x, n=2 * size)[..., :size] * _phases(size, x, -1.0)).real
        if norm == "ortho":
            first = 0.5 / math.sqrt(size)
            result = result * _dct_weights(size, first, first * math.sqrt(2.0), x)
        return result
    if norm == "ortho":
        x = x * _dct_weights(size, math.sqrt(size), math.sqrt(size) * math.sqrt(0.5), x)
    else:
        x = x * float(size)
    spectrum = _phases(size, x, 1.0) * torch.complex(x, torch.zeros_like(x))
    return torch.fft.irfft(spectrum, n=2 * size)[..., :size]


@export("signal.dct", "spectral.dct")
def dct(input, type=2, n=None, axis=-1, norm=None, name=None):  # noqa: A002 - TF's argument names
    """The 1-D DCT (types I, II, III) of ``input``'s innermost dimension, computed through an RFFT as TF does."""
    x = _dct_input(input, type, n, axis, norm)
    if x.numel() == 0:  # torch's FFTs refuse empty batches
        return wrap(x.clone())
    return wrap(_dct_of(x, type, norm))


_INVERSE_DCT_TYPE = {1: 1, 2: 3, 3: 2}


@export("signal.idct", "spectral.idct")
def idct(input, type=2, n=None, axis=-1, norm=None, name=None):  # noqa: A002 - TF's argument names
    """TF's idct: the DCT of the inverse type (II <-> III); ``idct(dct(x))`` is ``2N * x`` unless norm='ortho'."""
    _dct_input(input, type, n, axis, norm)
    return dct(input, _INVERSE_DCT_TYPE[type], n, axis, norm, name)


for _name in ("fftnd", "ifftnd", "rfftnd", "irfftnd", "signal.fftnd", "signal.ifftnd", "signal.rfftnd",
              "signal.irfftnd"):
    unsupported(_name, "TF 2.16 added the N-D FFTs; TF 1.15 has fft/fft2d/fft3d (and their inverses and "
                       "real forms) only")
