"""tf.image colour-space matrices (YIQ, YUV), finite-difference and Sobel edges, total variation and
the image-quality metrics PSNR, SSIM and MS-SSIM, as TF 1.15 computes them (float32 after
convert_image_dtype for the metrics; differentiable through torch autograd)."""

import numpy as np
import torch
import torch.nn.functional as F

from ...framework import dtypes
from ...framework.dtypes import dtype_of
from ...framework.errors import attr_error, invalid_argument
from ...framework.tensor import convert, wrap
from ...framework.tensor_shape import shape_string, shape_text
from ...registry import export
from .codecs import convert_image_dtype

_FLOATS = (dtypes.float16, dtypes.bfloat16, dtypes.float32, dtypes.float64)


def _numeric(images):
    backing = convert(images)
    if type(backing) is np.ndarray:
        raise TypeError("tf.image ops take numeric images, not tf.string tensors")
    return backing


# --- colour spaces ------------------------------------------------------------------------------------

_RGB_TO_YIQ = ((0.299, 0.59590059, 0.2115), (0.587, -0.27455667, -0.52273617), (0.114, -0.32134392, 0.31119955))
_YIQ_TO_RGB = ((1, 1, 1), (0.95598634, -0.27201283, -1.10674021), (0.6208248, -0.64720424, 1.70423049))
_RGB_TO_YUV = ((0.299, -0.14714119, 0.61497538), (0.587, -0.28886916, -0.51496512), (0.114, 0.43601035, -0.10001026))
_YUV_TO_RGB = ((1, 1, 1), (0, -0.394642334, 2.03206185), (1.13988303, -0.58062185, 0))


def _colour_transform(kernel, name):
    def transform(images):
        backing = _numeric(images)
        dtype = dtype_of(backing)
        if dtype not in _FLOATS:  # TF converts the float kernel to the images' dtype
            raise TypeError(f"Cannot convert {[list(row) for row in kernel]} to EagerTensor of dtype {dtype.name}")
        if backing.dim() == 0 or backing.shape[-1] != 3:
            shape = shape_string(list(backing.shape))
            raise ValueError(f"Dimensions must be equal, but are {backing.shape[-1] if backing.dim() else 0} and 3 "
                             f"for 'Tensordot/MatMul' with input shapes {shape} and (3, 3).")
        matrix = torch.tensor(kernel, dtype=backing.dtype, device=backing.device)
        return wrap(backing @ matrix)
    transform.__name__ = transform.__qualname__ = name
    transform.__doc__ = f"float RGB/YIQ/YUV ``images`` ([..., 3]) times TF's {name} matrix."
    return transform


rgb_to_yiq = export("image.rgb_to_yiq")(_colour_transform(_RGB_TO_YIQ, "rgb_to_yiq"))
yiq_to_rgb = export("image.yiq_to_rgb")(_colour_transform(_YIQ_TO_RGB, "yiq_to_rgb"))
rgb_to_yuv = export("image.rgb_to_yuv")(_colour_transform(_RGB_TO_YUV, "rgb_to_yuv"))
yuv_to_rgb = export("image.yuv_to_rgb")(_colour_transform(_YUV_TO_RGB, "yuv_to_rgb"))


# --- edges and total variation ------------------------------------------------------------------------

def _four_d(image, message):
    backing = _numeric(image)
    if backing.dim() != 4:
        raise ValueError(message.format(shape=shape_string(list(backing.shape))))
    return backing


@export("image.image_gradients")
def image_gradients(image):
    """(dy, dx): I(y+1, x) - I(y, x) and I(y, x+1) - I(y, x) for a [B, H, W, C] image, zero in the last
    row / column."""
    backing = _four_d(image, "image_gradients expects a 4D tensor [batch_size, h, w, d], not {shape}.")
    dy = F.pad(backing[:, 1:] - backing[:, :-1], (0, 0, 0, 0, 0, 1)) if backing.shape[1] else backing
    dx = F.pad(backing[:, :, 1:] - backing[:, :, :-1], (0, 0, 0, 1)) if backing.shape[2] else backing
    return wrap(dy), wrap(dx)


_SOBEL = ((((-1, -2, -1), (0, 0, 0), (1, 2, 1))), ((-1, 0, 1), (-2, 0, 2), (-1, 0, 1)))


@export("image.sobel_edges")
def sobel_edges(image):
    """[B, H, W, C, 2]: the Sobel responses (dy, dx) of each channel of a float [B, H, W, C] image, with the
    image reflected at its borders (it must be at least 2x2)."""
    backing = _four_d(image, "Shape must be rank 4 but is rank {shape}")
    if not backing.dtype.is_floating_point:
        raise TypeError(f"Cannot convert a kernel to EagerTensor of dtype {dtype_of(backing).name}: sobel_edges "
                        "takes float images")
    batch, height, width, channels = backing.shape
    if height < 2 or width < 2:
        raise invalid_argument(f"paddings must be less than the dimension size: 1, 1 not less than "
                               f"{min(height, width)}", "MirrorPad")
    kernels = torch.tensor(_SOBEL, dtype=backing.dtype, device=backing.device)  # [2, 3, 3]
    weight = kernels.repeat(channels, 1, 1).unsqueeze(1)  # [C * 2, 1, 3, 3]: channel-major, as depthwise_conv2d
    nchw = F.pad(backing.permute(0, 3, 1, 2), (1, 1, 1, 1), mode="reflect")
    out = F.conv2d(nchw, weight, groups=channels)  # [B, C * 2, H, W]
    return wrap(out.view(batch, channels, 2, height, width).permute(0, 3, 4, 1, 2))


_TOTAL_VARIATION_TYPES = _FLOATS + (dtypes.int8, dtypes.int16, dtypes.int32, dtypes.int64)


@export("image.total_variation")
def total_variation(images, name=None):
    """The sum of absolute differences of neighbouring pixels: a scalar for [H, W, C], [B] for [B, H, W, C]."""
    backing = _numeric(images)
    if backing.dim() == 3:
        backing, axes = backing.unsqueeze(0), None
    elif backing.dim() == 4:
        axes = (1, 2, 3)
    else:
        raise ValueError("'images' must be either 3 or 4-dimensional.")
    dtype = dtype_of(backing)
    if dtype not in _TOTAL_VARIATION_TYPES:
        raise attr_error("Abs", "T", dtype, "bfloat16, half, float, double, int8, int16, int32, int64")
    rows = (backing[:, 1:] - backing[:, :-1]).abs()
    columns = (backing[:, :, 1:] - backing[:, :, :-1]).abs()
    if axes is None:
        return wrap((rows.sum() + columns.sum()).to(backing.dtype))
    return wrap((rows.sum(axes) + columns.sum(axes)).to(backing.dtype))


# --- PSNR, SSIM, MS-SSIM ------------------------------------------------------------------------------

def _image_pair(first, second):
    """The backings of two image batches, checked as TF's _verify_compatible_image_shapes checks them (the
    last three dimensions agree, the others broadcast)."""
    for backing in (first, second):
        if backing.dim() < 3:
            raise ValueError(f"Shape {shape_string(list(backing.shape))} must have rank at least 3")
    shape1, shape2 = list(first.shape), list(second.shape)
    if shape1[-3:] != shape2[-3:]:
        raise ValueError(f"Shapes {shape_string(shape1[-3:])} and {shape_string(shape2[-3:])} are incompatible")
    for dim1, dim2 in zip(reversed(shape1[:-3]), reversed(shape2[:-3])):
        if not (dim1 == 1 or dim2 == 1 or dim1 == dim2):
            raise ValueError(f"Two images are not compatible: {shape_string(shape1)} and {shape_string(shape2)}")
    return first, second


def _float32(backing):
    return convert_image_dtype(wrap(backing), dtypes.float32)._t


def _max_val(max_val, like):
    """``max_val`` cast to the images' dtype, then scaled as convert_image_dtype scales the images."""
    value = convert(max_val)
    if type(value) is np.ndarray or value.dim() != 0:
        raise ValueError(f"max_val must be a scalar, got {max_val!r}")
    return _float32(value.to(like.dtype)).to(torch.float32)


@export("image.psnr")
def psnr(a, b, max_val, name=None):
    """The peak signal-to-noise ratio of each image pair, float32 of the batch shape."""
    first, second = _numeric(a), _numeric(b)
    try:
        torch.broadcast_shapes(first.shape, second.shape)
    except RuntimeError:  # TF computes the squared difference before it checks the shapes
        raise invalid_argument(f"Incompatible shapes: {shape_text(first.shape)} vs. {shape_text(second.shape)}",
                               "SquaredDifference") from None
    first, second = _image_pair(first, second)
    peak = _max_val(max_val, first)
    first, second = _float32(first), _float32(second)
    mse = (first - second).square().mean((-3, -2, -1))
    ten = torch.tensor(10.0, dtype=torch.float32, device=mse.device)
    return wrap(20 * peak.to(mse.device).log() / ten.log() - float(np.float32(10 / np.log(10))) * mse.log())


def _gaussian(size, sigma, device):
    """TF's _fspecial_gauss: a softmax over -x²/(2σ²), [size, size], float32."""
    coords = torch.arange(size, dtype=torch.float32, device=device) - (size - 1) / 2.0
    squares = coords.square() * (-0.5 / np.float32(sigma) ** 2)
    return torch.softmax((squares.view(1, -1) + squares.view(-1, 1)).reshape(-1), 0).view(size, size)


def _ssim_per_channel(x, y, max_val, filter_size, filter_sigma, k1, k2, index_map=False):
    """(ssim, contrast-structure) per channel, [..., C] (or the maps [..., H', W', C] with ``index_map``)."""
    height, width, channels = x.shape[-3:]
    if filter_size <= 0:
        raise invalid_argument(f"filter_size must be positive, got {filter_size}", "Range")
    if height < filter_size or width < filter_size:
        raise invalid_argument(f"assertion failed: [{list(x.shape)}] [{filter_size}]: the images must be at least "
                               f"filter_size ({filter_size}) pixels high and wide", "Assert")
    kernel = _gaussian(filter_size, filter_sigma, x.device).expand(channels, 1, filter_size, filter_size)

    def reducer(z):
        flat = z.reshape(-1, *z.shape[-3:]).permute(0, 3, 1, 2)
        out = F.conv2d(flat, kernel, groups=channels).permute(0, 2, 3, 1)
        return out.reshape(*z.shape[:-3], *out.shape[1:])

    c1, c2 = (k1 * max_val) ** 2, (k2 * max_val) ** 2
    mean0, mean1 = reducer(x), reducer(y)
    num0 = mean0 * mean1 * 2.0
    den0 = mean0.square() + mean1.square()
    luminance = (num0 + c1) / (den0 + c1)
    num1 = reducer(x * y) * 2.0
    den1 = reducer(x.square() + y.square())
    cs = (num1 - num0 + c2) / (den1 - den0 + c2)
    if index_map:
        return luminance * cs, cs
    return (luminance * cs).mean((-3, -2)), cs.mean((-3, -2))


def _metric_inputs(img1, img2, max_val, filter_size, filter_sigma, k1, k2):
    first, second = _image_pair(_numeric(img1), _numeric(img2))
    peak = _max_val(max_val, first)
    return _float32(first), _float32(second), float(peak), int(filter_size), float(filter_sigma), float(k1), float(k2)


@export("image.ssim")
def ssim(img1, img2, max_val, filter_size=11, filter_sigma=1.5, k1=0.01, k2=0.03, return_index_map=False):
    """The structural similarity of each image pair (an 11x11 Gaussian window of width 1.5), averaged over the
    channels; with ``return_index_map`` the local SSIM map instead of its mean."""
    x, y, peak, size, sigma, k1, k2 = _metric_inputs(img1, img2, max_val, filter_size, filter_sigma, k1, k2)
    per_channel, _ = _ssim_per_channel(x, y, peak, size, sigma, k1, k2, bool(return_index_map))
    return wrap(per_channel.mean(-1))


_MSSSIM_WEIGHTS = (0.0448, 0.2856, 0.3001, 0.2363, 0.1333)


def _halve(images):
    """2x2 average pooling of [..., H, W, C] images, padded symmetrically at the bottom/right to even sizes."""
    head, (height, width, channels) = images.shape[:-3], images.shape[-3:]
    flat = images.reshape(-1, height, width, channels)
    if height % 2 or width % 2:  # SYMMETRIC padding by one repeats the last row / column
        flat = torch.cat([flat, flat[:, -1:]], 1) if height % 2 else flat
        flat = torch.cat([flat, flat[:, :, -1:]], 2) if width % 2 else flat
    pooled = F.avg_pool2d(flat.permute(0, 3, 1, 2), 2).permute(0, 2, 3, 1)
    return pooled.reshape(*head, *pooled.shape[1:])


@export("image.ssim_multiscale")
def ssim_multiscale(img1, img2, max_val, power_factors=_MSSSIM_WEIGHTS, filter_size=11, filter_sigma=1.5, k1=0.01,
                    k2=0.03):
    """MS-SSIM: the weighted geometric mean of the contrast-structure terms of successive 2x downscalings and
    the SSIM of the last, averaged over the channels."""
    x, y, peak, size, sigma, k1, k2 = _metric_inputs(img1, img2, max_val, filter_size, filter_sigma, k1, k2)
    weights = [float(w) for w in power_factors]
    if not weights:
        raise ValueError("ssim_multiscale needs at least one power factor")
    terms = []
    for scale in range(len(weights)):
        if scale:
            x, y = _halve(x), _halve(y)
        per_channel, cs = _ssim_per_channel(x, y, peak, size, sigma, k1, k2)
        terms.append(torch.relu(cs))
    terms[-1] = torch.relu(per_channel)
    powers = torch.tensor(weights, dtype=torch.float32, device=x.device)
    return wrap(torch.stack(terms, -1).pow(powers).prod(-1).mean(-1))
