"""JPEG-specific tf.image ops: extract_jpeg_shape (the header only), decode_and_crop_jpeg, and the JPEG
re-encoding augmentations adjust_jpeg_quality / random_jpeg_quality, over codecs.py's Pillow codec."""

import io

import numpy as np
import torch

from ...framework import context, dtypes
from ...framework.dtypes import as_dtype, dtype_of
from ...framework.errors import attr_error, invalid_argument
from ...framework.tensor import convert, wrap
from ...framework.tensor_shape import shape_text
from ...registry import PARTIAL, export
from ..arguments import attr_int, int_arg
from ..random_ops import generator_for
from .codecs import _JPEG_MAGIC, _contents, _pillow, convert_image_dtype, decode_jpeg, encode_jpeg

_MODE_CHANNELS = {"L": 1, "RGB": 3, "YCbCr": 3, "CMYK": 4}


@export("image.extract_jpeg_shape", "io.extract_jpeg_shape")
def extract_jpeg_shape(contents, output_type=dtypes.int32, name=None):
    """[height, width, channels] of a JPEG, read from its header without decoding the pixels."""
    op = "ExtractJpegShape"
    dtype = as_dtype(output_type)
    if dtype not in (dtypes.int32, dtypes.int64):
        raise attr_error(op, "output_type", dtype)
    data = _contents(contents, op)
    try:
        picture = _pillow().open(io.BytesIO(data)) if data.startswith(_JPEG_MAGIC) else None
    except Exception:  # noqa: BLE001 - Pillow raises many classes for a header it cannot read
        picture = None
    if picture is None or picture.format != "JPEG":
        raise invalid_argument(f"Invalid JPEG data, size {len(data)}", op)
    width, height = picture.size
    shape = [height, width, _MODE_CHANNELS.get(picture.mode, 3)]
    return wrap(torch.tensor(shape, dtype=dtype._torch, device=context.current_device()))


@export("image.decode_and_crop_jpeg", "io.decode_and_crop_jpeg", status=PARTIAL,
        note="The whole JPEG is decoded by Pillow, then cropped (TF's libjpeg decodes only the window); the "
             "ratio, fancy_upscaling, try_recover_truncated, acceptable_fraction and dct_method options are not "
             "used.")
def decode_and_crop_jpeg(contents, crop_window, channels=0, ratio=1, fancy_upscaling=True,
                         try_recover_truncated=False, acceptable_fraction=1, dct_method="", name=None):
    """The ``crop_window`` [y, x, height, width] of a JPEG's pixels, uint8 [height, width, C]."""
    op = "DecodeAndCropJpeg"
    window = int_arg(crop_window, op, "crop_window")
    if type(window) is not list or len(window) != 4 or any(type(v) is not int for v in window):
        raise invalid_argument(f"crop_size must have four elements {shape_text(np.shape(window))}", op)
    pixels = convert(decode_jpeg(contents, channels))
    top, left, height, width = window
    if top < 0 or left < 0 or height <= 0 or width <= 0 or top + height > pixels.shape[0] or \
            left + width > pixels.shape[1]:
        raise invalid_argument("jpeg::Uncompress failed. Invalid JPEG data or crop window.", op)
    return wrap(pixels[top:top + height, left:left + width].contiguous())


@export("image.adjust_jpeg_quality", status=PARTIAL,
        note="Re-encoded by Pillow's libjpeg at the quality asked and decoded with its default DCT: pixels can "
             "differ from TF's by a few units.")
def adjust_jpeg_quality(image, jpeg_quality, dct_method="", name=None):
    """``image`` [H, W, 1 or 3] encoded as a JPEG of ``jpeg_quality`` (0 to 100) and decoded again, in its
    dtype (float images are converted to uint8 and back, as TF does)."""
    backing = convert(image)
    if type(backing) is np.ndarray:
        raise TypeError("tf.image ops take numeric images, not tf.string tensors")
    dtype = dtype_of(backing)
    quality = attr_int(jpeg_quality, "quality", "EncodeJpeg")
    if not 0 <= quality <= 100:
        raise invalid_argument(f"quality must be in [0,100], got {quality}", "EncodeJpeg")
    pixels = convert_image_dtype(wrap(backing), dtypes.uint8, saturate=True)
    decoded = decode_jpeg(encode_jpeg(pixels, quality=quality))
    return convert_image_dtype(wrap(convert(decoded).to(backing.device)), dtype)


@export("image.random_jpeg_quality")
def random_jpeg_quality(image, min_jpeg_quality, max_jpeg_quality, seed=None):
    """adjust_jpeg_quality at a quality drawn uniformly from [min_jpeg_quality, max_jpeg_quality)."""
    low, high = int(min_jpeg_quality), int(max_jpeg_quality)
    if low < 0 or high < 0 or low > 100 or high > 100:
        raise ValueError("jpeg encoding range must be between 0 and 100.")
    if low >= high:
        raise ValueError("`min_jpeg_quality` must be less than `max_jpeg_quality`.")
    generator = generator_for(seed, ("RandomUniformInt", dtypes.int32), "cpu")
    quality = int(torch.randint(low, high, (), generator=generator))
    return adjust_jpeg_quality(image, quality)
