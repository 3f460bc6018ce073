"""tf.image codecs (decode_png/jpeg/gif/image, encode_png/jpeg, is_jpeg) through Pillow, and
convert_image_dtype with TF's scaling and saturation.

Pillow is imported on the first codec call.  Decoded images are uint8 (or uint16 PNGs) [H, W, C]
tensors (GIFs [frames, H, W, 3]) with TF's channel rules: ``channels`` 0 keeps the file's
channels, 1 makes grayscale (TF's ITU-R 601 weights), 3 RGB, 4 RGBA.
"""

import io

import numpy as np
import torch

from ...framework import context, dtypes
from ...framework.dtypes import as_dtype, dtype_of
from ...framework.errors import attr_error, invalid_argument
from ...framework.tensor import convert, wrap
from ...framework.tensor_shape import shape_text
from ...registry import PARTIAL, export
from ..arguments import attr_int
from ..string_ops import string_input

_UNKNOWN_FORMAT = "Unknown image file format. One of JPEG, PNG, GIF, BMP required."
_PNG_MAGIC, _GIF_MAGIC, _JPEG_MAGIC, _BMP_MAGIC = b"\x89PNG\r\n\x1a\n", b"GIF8", b"\xff\xd8\xff", b"BM"


def _pillow():
    try:
        from PIL import Image
    except ImportError:  # pragma: no cover - Pillow is a dependency
        raise ImportError("tf.image codecs need Pillow: pip install Pillow") from None
    return Image


def _contents(contents, op):
    strings = string_input(contents, op)
    if strings.ndim != 0:
        raise invalid_argument(f"contents must be scalar, got shape {list(strings.shape)}", op)
    return strings.item()


def _channels(channels, op, allowed=(0, 1, 3, 4)):
    channels = 0 if channels is None else attr_int(channels, "channels", op)
    if channels not in allowed:
        shown = ", ".join(str(c) for c in allowed[:-1]) + f" or {allowed[-1]}"
        raise invalid_argument(f"`channels` must be {shown} but got {channels}", op)
    return channels


def _open(data, op):
    try:
        image = _pillow().open(io.BytesIO(data))
        image.load()
    except Exception:  # noqa: BLE001 - Pillow raises many classes for a file it cannot read
        raise invalid_argument(_UNKNOWN_FORMAT, op) from None
    return image


def _gray(rgb):
    """TF's rgb_to_grayscale weights on uint8 pixels, rounded as its decoders do."""
    weights = np.array([0.2989, 0.5870, 0.1140])
    return np.rint(rgb[..., :3].astype(np.float64) @ weights).astype(rgb.dtype)[..., None]


def _to_channels(array, channels):
    """A [H, W, C] array with ``channels`` channels (0: as it is)."""
    have = array.shape[-1]
    if channels in (0, have):
        return array
    if channels == 1:
        return array[..., :1] if have == 2 else _gray(array)
    color = np.repeat(array[..., :1], 3, axis=-1) if have in (1, 2) else array[..., :3]
    if channels == 3:
        return color
    alpha = array[..., 1:2] if have == 2 else (array[..., 3:4] if have == 4 else
                                                 np.full(array.shape[:-1] + (1,), np.iinfo(array.dtype).max,
                                                         array.dtype))
    return np.concatenate([color, alpha], axis=-1)


def _pixels(image):
    """The pixels of a Pillow image as [H, W, C] uint8 or uint16."""
    mode = image.mode
    if mode in ("I;16", "I;16B", "I;16L", "I"):
        return np.asarray(image, dtype=np.uint16)[..., None] if mode != "I" else \
            np.asarray(image).astype(np.uint16)[..., None]
    if mode not in ("L", "LA", "RGB", "RGBA"):
        image = image.convert("RGBA" if "A" in mode or "transparency" in image.info else "RGB")
    array = np.asarray(image)
    return array[..., None] if array.ndim == 2 else array


def _tensor(array):
    return wrap(torch.from_numpy(np.array(array, copy=True, order="C")).to(context.current_device()))


@export("image.decode_png", "io.decode_png", status=PARTIAL, note="Decoded by Pillow.")
def decode_png(contents, channels=0, dtype=dtypes.uint8, name=None):
    """A PNG's pixels, uint8 or uint16 [H, W, C]."""
    dtype = as_dtype(dtype)
    if dtype not in (dtypes.uint8, dtypes.uint16):
        raise attr_error("DecodePng", "dtype", dtype, "uint8, uint16")
    channels = _channels(channels, "DecodePng")
    array = _pixels(_open(_contents(contents, "DecodePng"), "DecodePng"))
    if array.dtype == np.uint16 and dtype == dtypes.uint8:
        array = (array >> 8).astype(np.uint8)
    elif array.dtype == np.uint8 and dtype == dtypes.uint16:
        array = array.astype(np.uint16) * 257
    return _tensor(_to_channels(array, channels))


@export("image.decode_jpeg", "io.decode_jpeg", status=PARTIAL,
        note="Decoded by Pillow (libjpeg); ratio, fancy_upscaling, try_recover_truncated, acceptable_fraction and "
             "dct_method are not used.")
def decode_jpeg(contents, channels=0, ratio=1, fancy_upscaling=True, try_recover_truncated=False,
                acceptable_fraction=1, dct_method="", name=None):
    """A JPEG's pixels, uint8 [H, W, C]."""
    channels = _channels(channels, "DecodeJpeg", (0, 1, 3))
    image = _open(_contents(contents, "DecodeJpeg"), "DecodeJpeg")
    if channels == 1 and image.mode != "L":
        image = image.convert("L")  # libjpeg's own grayscale output, as TF asks libjpeg for
    return _tensor(_to_channels(_pixels(image), channels))


@export("image.decode_gif", "io.decode_gif", status=PARTIAL, note="Decoded by Pillow.")
def decode_gif(contents, name=None):
    """A GIF's frames, uint8 [frames, H, W, 3]."""
    image = _open(_contents(contents, "DecodeGif"), "DecodeGif")
    frames = []
    for index in range(getattr(image, "n_frames", 1)):
        image.seek(index)
        frames.append(np.asarray(image.convert("RGB")))
    return _tensor(np.stack(frames))


@export("image.decode_image", "io.decode_image", status=PARTIAL,
        note="Decoded by Pillow; BMP as TF, other formats refused.")
def decode_image(contents, channels=None, dtype=dtypes.uint8, name=None, expand_animations=True):
    """Any of PNG, JPEG, GIF, BMP by its first bytes, converted to ``dtype`` (convert_image_dtype)."""
    data = _contents(contents, "DecodeImage")
    if data.startswith(_PNG_MAGIC):
        image = decode_png(data, channels or 0)
    elif data.startswith(_JPEG_MAGIC):
        image = decode_jpeg(data, channels or 0)
    elif data.startswith(_GIF_MAGIC):
        image = decode_gif(data)
        if not expand_animations:
            image = wrap(convert(image)[0])
    elif data.startswith(_BMP_MAGIC):
        image = decode_bmp(data, channels or 0)
    else:
        raise invalid_argument(_UNKNOWN_FORMAT, "DecodeImage")
    return convert_image_dtype(image, dtype)


@export("image.decode_bmp", "io.decode_bmp")
def decode_bmp(contents, channels=0, name=None):
    """A BMP's pixels, uint8 [H, W, C]: TF's decoder of uncompressed 8, 24 and 32-bit files (the 4th byte of a
    32-bit pixel is its alpha); ``channels`` 0 keeps the file's, 3 RGB, 4 RGBA."""
    channels = _channels(channels, "DecodeBmp")
    if channels == 1:
        raise invalid_argument("`channels` must be 0, 3 or 4 for BMP, but got 1", "DecodeBmp")
    return _tensor(_to_channels(_bmp_pixels(_contents(contents, "DecodeBmp")), channels))


def _bmp_pixels(data):
    """[H, W, C] uint8 pixels of an uncompressed BMP, read as TF's kernel reads the header (rows bottom-up
    unless the height is negative, each padded to 4 bytes, BGR(A) order)."""
    op = "DecodeBmp"
    if len(data) < 32:  # TF 1.15's kernel reads the header without checking the "BM" magic
        raise invalid_argument("Incomplete bmp content, requires at least 32 bytes to find the header size, width, "
                               f"height, and bpp, got {len(data)} bytes", op)
    offset, width, height = (int.from_bytes(data[at:at + 4], "little", signed=True) for at in (10, 18, 22))
    bits = int.from_bytes(data[28:30], "little")
    if bits not in (8, 24, 32) or width <= 0 or height == 0 or offset < 0:
        raise invalid_argument(f"Unsupported BMP: {bits} bits per pixel, {width}x{height}", op)
    depth, rows = bits // 8, abs(height)
    row_size = (bits * width + 31) // 32 * 4
    if offset + row_size * rows > len(data):
        raise invalid_argument(f"Incomplete bmp content, requires at least {offset + row_size * rows} bytes for "
                               f"its pixels, got {len(data)} bytes", op)
    raw = np.frombuffer(data, np.uint8, row_size * rows, offset).reshape(rows, row_size)[:, :width * depth]
    pixels = raw.reshape(rows, width, depth)
    if height > 0:
        pixels = pixels[::-1]
    return pixels[..., [2, 1, 0, 3][:depth]] if depth > 1 else pixels


@export("image.is_jpeg", "io.is_jpeg")
def is_jpeg(contents, name=None):
    """Whether ``contents`` starts with JPEG's magic bytes: a bool scalar."""
    data = _contents(contents, "IsJpeg")
    return wrap(torch.tensor(data.startswith(_JPEG_MAGIC), device=context.current_device()))


def _image_array(image, op, allowed, names):
    backing = convert(image)
    dtype = dtype_of(backing)
    if dtype not in allowed:
        raise attr_error(op, "T", dtype, names)
    if backing.dim() != 3:
        raise invalid_argument(f"images must be at least rank 3{shape_text(backing.shape)}", op)
    return backing.detach().cpu().numpy()


@export("image.encode_png", "io.encode_png", status=PARTIAL,
        note="Encoded by Pillow: the pixels are TF's, the bytes may differ.")
def encode_png(image, compression=-1, name=None):
    """The PNG bytes of a uint8 or uint16 [H, W, C] image (C in 1..4)."""
    array = _image_array(image, "EncodePng", (dtypes.uint8, dtypes.uint16), "uint8, uint16")
    level = 6 if int(compression) < 0 else min(int(compression), 9)
    channels = array.shape[-1]
    if channels not in (1, 2, 3, 4):
        raise invalid_argument(f"image must have 1, 2, 3, or 4 channels, got {channels}", "EncodePng")
    Image = _pillow()
    if array.dtype == np.uint16:
        if channels != 1:
            raise invalid_argument("tfcompat encodes uint16 PNGs with 1 channel only", "EncodePng")
        picture = Image.fromarray(array[..., 0].astype(np.uint16))
    else:
        picture = Image.fromarray(array[..., 0] if channels == 1 else array)
    buffer = io.BytesIO()
    picture.save(buffer, format="PNG", compress_level=level)
    return wrap(np.array(buffer.getvalue(), dtype=object))


@export("image.encode_jpeg", "io.encode_jpeg", status=PARTIAL,
        note="Encoded by Pillow (libjpeg) with quality, progressive, optimize_size and chroma_downsampling; the "
             "density and XMP fields are not written.")
def encode_jpeg(image, format="", quality=95, progressive=False, optimize_size=False, chroma_downsampling=True,
                density_unit="in", x_density=300, y_density=300, xmp_metadata="", name=None):  # noqa: A002
    """The JPEG bytes of a uint8 [H, W, 1 or 3] image."""
    array = _image_array(image, "EncodeJpeg", (dtypes.uint8,), "uint8")
    channels = array.shape[-1]
    if channels not in (1, 3):
        raise invalid_argument(f"image must have 1 or 3 channels, got {list(array.shape)}", "EncodeJpeg")
    picture = _pillow().fromarray(array[..., 0] if channels == 1 else array)
    buffer = io.BytesIO()
    picture.save(buffer, format="JPEG", quality=int(quality), progressive=bool(progressive),
                 optimize=bool(optimize_size), subsampling=2 if chroma_downsampling else 0)
    return wrap(np.array(buffer.getvalue(), dtype=object))


# --- convert_image_dtype -----------------------------------------------------------------------------

def _max(dtype):
    return float(np.iinfo(dtype._numpy).max)


@export("image.convert_image_dtype")
def convert_image_dtype(image, dtype, saturate=False, name=None):
    """``image`` in ``dtype``: integers are scaled by their type's maximum (floats span [0, 1]), between
    integer types by shifting bits; ``saturate`` clips before a cast that could overflow."""
    backing = convert(image)
    dtype = as_dtype(dtype)
    source = dtype_of(backing)
    if not (dtype.is_floating or dtype.is_integer) or type(backing) is np.ndarray:
        raise AttributeError("dtype must be either floating point or integer")
    if source == dtype:
        return wrap(backing)
    target = dtype._torch
    if source.is_integer and dtype.is_integer:
        scale_in, scale_out = _max(source) + 1, _max(dtype) + 1
        if scale_in > scale_out:
            factor = int(scale_in // scale_out)
            return wrap(torch.div(backing.to(torch.int64), factor, rounding_mode="floor").to(target))
        factor = int(scale_out // scale_in)
        return wrap((backing.to(torch.int64) * factor).to(target))
    if source.is_floating and dtype.is_floating:
        return wrap(backing.to(target))
    if source.is_integer:  # integer -> float: divide by the integer type's maximum
        return wrap(backing.to(target) * (1.0 / _max(source)))
    # float -> integer: scale by (max + 0.5), as TF does, then cast (saturating first when asked)
    scaled = backing * (_max(dtype) + 0.5)
    if saturate:
        info = np.iinfo(dtype._numpy)
        scaled = scaled.clamp(float(info.min), float(info.max))
    return wrap(_wrapping_cast(scaled, target))


def _wrapping_cast(values, target):
    """A float -> integer cast that wraps out-of-range values as TF's CPU kernel does (through int64)."""
    return values.to(torch.int64).to(target)
