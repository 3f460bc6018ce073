"""tf.image colour ops: brightness, contrast, saturation, hue, gamma, standardization, grayscale and
HSV conversions, with TF 1.x's dtype handling (integer images are converted to float32 with
convert_image_dtype, adjusted, and converted back with saturation)."""

import numpy as np
import torch

from ...framework import dtypes
from ...framework.dtypes import dtype_of
from ...framework.errors import attr_error, invalid_argument
from ...framework.tensor import convert, wrap
from ...registry import export
from ..random_ops import generator_for
from .codecs import convert_image_dtype


def _float_image(image):
    """(float backing, original dtype): integer images scaled into [0, 1] float32."""
    backing = convert(image)
    if type(backing) is np.ndarray:
        raise TypeError("tf.image ops take numeric images, not tf.string tensors")
    dtype = dtype_of(backing)
    if dtype in (dtypes.float16, dtypes.float32, dtypes.float64):
        return backing, dtype
    return convert_image_dtype(wrap(backing), dtypes.float32)._t, dtype


def _back(values, dtype):
    return convert_image_dtype(wrap(values), dtype, saturate=True)


def _rgb(backing, op):
    channels = backing.shape[-1] if backing.dim() else 0
    if channels != 3:
        raise invalid_argument(f"input must have 3 channels but input only has {channels} channels.", op)
    return backing


def _scalar(value, like, op):
    """A scalar adjustment (delta, factor) for float ``like``: TF's kernels take scalars only."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    backing = convert(value, dtype_of(like))
    if type(backing) is np.ndarray or backing.dim() != 0:
        raise invalid_argument(f"{op}: the adjustment must be a scalar, got shape {list(backing.shape)}", op)
    return backing


@export("image.adjust_brightness")
def adjust_brightness(image, delta):
    """``image`` + ``delta`` (in the [0, 1] scale of float images)."""
    values, dtype = _float_image(image)
    return _back(values + _scalar(delta, values, 'AdjustBrightness'), dtype)


@export("image.adjust_contrast")
def adjust_contrast(images, contrast_factor):
    """Each channel of each image moved away from its mean by ``contrast_factor``: (x - mean) * f + mean."""
    values, dtype = _float_image(images)
    if values.dim() < 3:
        raise invalid_argument(f"input must be at least 3-D, got shape{list(values.shape)}", "AdjustContrastv2")
    mean = values.mean(dim=(-3, -2), keepdim=True)
    return _back((values - mean) * _scalar(contrast_factor, values, 'AdjustContrastv2') + mean, dtype)


@export("image.adjust_gamma")
def adjust_gamma(image, gamma=1, gain=1):
    """``gain * image ** gamma`` (TF 1.x: gamma must be non-negative)."""
    backing = convert(image)
    if float(gamma) < 0:
        raise ValueError("Gamma should be a non-negative real number.")
    if type(backing) is np.ndarray or not backing.dtype.is_floating_point:
        raise TypeError("tfcompat's adjust_gamma takes float images")
    return wrap((backing ** float(gamma)) * float(gain))


@export("image.per_image_standardization")
def per_image_standardization(image):
    """Each image cast to float32 and scaled to mean 0, standard deviation 1 (at least 1/sqrt(pixels))."""
    backing = convert(image)
    if type(backing) is np.ndarray or backing.dim() < 3:
        raise ValueError("'image' must be at least three-dimensional.")
    values = backing.to(torch.float32)
    pixels = int(np.prod(values.shape[-3:]))
    mean = values.mean(dim=(-3, -2, -1), keepdim=True)
    stddev = (values - mean).pow(2).mean(dim=(-3, -2, -1), keepdim=True).sqrt()
    adjusted = torch.maximum(stddev, torch.tensor(1.0 / np.sqrt(pixels), dtype=torch.float32, device=values.device))
    return wrap((values - mean) / adjusted)


_GRAY_WEIGHTS = (0.2989, 0.5870, 0.1140)


@export("image.rgb_to_grayscale")
def rgb_to_grayscale(images, name=None):
    """The luma of RGB ``images`` (TF's weights 0.2989, 0.5870, 0.1140), one channel, same dtype."""
    values, dtype = _float_image(images)
    _rgb(values, "RGBToGrayscale")
    weights = torch.tensor(_GRAY_WEIGHTS, dtype=values.dtype, device=values.device)
    gray = (values * weights).sum(-1, keepdim=True)
    return convert_image_dtype(wrap(gray), dtype)


@export("image.grayscale_to_rgb")
def grayscale_to_rgb(images, name=None):
    """One-channel ``images`` with the channel repeated three times."""
    backing = convert(images)
    if type(backing) is np.ndarray or backing.dim() < 2 or backing.shape[-1] != 1:
        raise ValueError("Last dimension of a grayscale image should be size 1.")
    return wrap(backing.repeat(*([1] * (backing.dim() - 1)), 3))


def _hsv(values):
    red, green, blue = values.unbind(-1)
    value = values.max(-1).values
    minimum = values.min(-1).values
    chroma = value - minimum
    saturation = torch.where(value > 0, chroma / torch.where(value > 0, value, torch.ones_like(value)),
                             torch.zeros_like(value))
    safe = torch.where(chroma > 0, chroma, torch.ones_like(chroma))
    hue = torch.where(value == red, (green - blue) / safe,
                      torch.where(value == green, 2 + (blue - red) / safe, 4 + (red - green) / safe))
    hue = torch.where(chroma > 0, hue / 6, torch.zeros_like(hue))
    hue = torch.where(hue < 0, hue + 1, hue)
    return torch.stack([hue, saturation, value], -1)


def _rgb_from_hsv(values):
    hue, saturation, value = values.unbind(-1)
    dh = hue * 6
    red = (dh - 3).abs() - 1
    green = 2 - (dh - 2).abs()
    blue = 2 - (dh - 4).abs()
    rgb = torch.stack([red, green, blue], -1).clamp(0, 1)
    return ((rgb - 1) * saturation.unsqueeze(-1) + 1) * value.unsqueeze(-1)


def _float_only(images, op):
    backing = convert(images)
    dtype = dtype_of(backing) if type(backing) is not np.ndarray else dtypes.string
    if dtype not in (dtypes.float16, dtypes.bfloat16, dtypes.float32, dtypes.float64):
        raise attr_error(op, "T", dtype, "half, bfloat16, float, double")
    return _rgb(backing, op)


@export("image.rgb_to_hsv")
def rgb_to_hsv(images, name=None):
    """RGB float ``images`` as hue, saturation, value in [0, 1]."""
    return wrap(_hsv(_float_only(images, "RGBToHSV")))


@export("image.hsv_to_rgb")
def hsv_to_rgb(images, name=None):
    """HSV float ``images`` back to RGB."""
    return wrap(_rgb_from_hsv(_float_only(images, "HSVToRGB")))


@export("image.adjust_saturation")
def adjust_saturation(image, saturation_factor, name=None):
    """``image`` with its HSV saturation multiplied by ``saturation_factor`` (clipped to [0, 1])."""
    values, dtype = _float_image(image)
    hsv = _hsv(_rgb(values, "AdjustSaturation"))
    hue, saturation, value = hsv.unbind(-1)
    saturation = (saturation * _scalar(saturation_factor, values, 'AdjustSaturation')).clamp(0, 1)
    return _back(_rgb_from_hsv(torch.stack([hue, saturation, value], -1)), dtype)


@export("image.adjust_hue")
def adjust_hue(image, delta, name=None):
    """``image`` with ``delta`` added to its hue (wrapping around [0, 1))."""
    values, dtype = _float_image(image)
    hsv = _hsv(_rgb(values, "AdjustHue"))
    hue, saturation, value = hsv.unbind(-1)
    hue = torch.remainder(hue + _scalar(delta, values, 'AdjustHue'), 1.0)
    return _back(_rgb_from_hsv(torch.stack([hue, saturation, value], -1)), dtype)


def _uniform(low, high, seed, device):
    generator = generator_for(seed, ("RandomUniform", dtypes.float32), device)
    return float(low + (high - low) * torch.rand((), generator=generator, device=device))


@export("image.random_brightness")
def random_brightness(image, max_delta, seed=None):
    """adjust_brightness by a delta drawn uniformly from [-max_delta, max_delta)."""
    if float(max_delta) < 0:
        raise ValueError("max_delta must be non-negative.")
    backing = convert(image)
    return adjust_brightness(image, _uniform(-float(max_delta), float(max_delta), seed, backing.device))


@export("image.random_contrast")
def random_contrast(image, lower, upper, seed=None):
    """adjust_contrast by a factor drawn uniformly from [lower, upper)."""
    if float(upper) <= float(lower):
        raise ValueError("upper must be > lower.")
    if float(lower) < 0:
        raise ValueError("lower must be non-negative.")
    backing = convert(image)
    return adjust_contrast(image, _uniform(float(lower), float(upper), seed, backing.device))


@export("image.random_saturation")
def random_saturation(image, lower, upper, seed=None):
    """adjust_saturation by a factor drawn uniformly from [lower, upper)."""
    if float(upper) <= float(lower):
        raise ValueError("upper must be > lower.")
    if float(lower) < 0:
        raise ValueError("lower must be non-negative.")
    backing = convert(image)
    return adjust_saturation(image, _uniform(float(lower), float(upper), seed, backing.device))


@export("image.random_hue")
def random_hue(image, max_delta, seed=None):
    """adjust_hue by a delta drawn uniformly from [-max_delta, max_delta) (max_delta in [0, 0.5])."""
    if not 0 <= float(max_delta) <= 0.5:
        raise ValueError("max_delta must be in the interval [0, 0.5].")
    backing = convert(image)
    return adjust_hue(image, _uniform(-float(max_delta), float(max_delta), seed, backing.device))


