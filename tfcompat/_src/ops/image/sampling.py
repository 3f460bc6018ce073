"""tf.image's sampled windows: sample_distorted_bounding_box (TF 1.15's rejection sampler: its area,
aspect-ratio and coverage constraints, its fallback to the whole image; the random stream is torch's)
and extract_glimpse (windows at given offsets, noise outside the image)."""

import collections
import math

import numpy as np
import torch

from ...framework import context, dtypes
from ...framework.dtypes import dtype_of
from ...framework.errors import FailedPreconditionError, attr_error, invalid_argument
from ...framework.tensor import convert, is_tensor, wrap
from ...framework.tensor_shape import shape_text
from ...registry import PARTIAL, export
from ..arguments import attr_int, check_size, int_arg
from ..random_ops import generator_for

_SIZE_TYPES = (dtypes.uint8, dtypes.int8, dtypes.int16, dtypes.int32, dtypes.int64)


def _float_pair(value, default, name):
    pair = default if value is None else [float(v) for v in value]
    if len(pair) != 2:
        raise invalid_argument(f"{name} field must specify 2 dimensions", "SampleDistortedBoundingBoxV2")
    return pair


class _Draws:
    """Uniform draws from a torch generator, drawn in blocks as they are used."""

    _BLOCK = 64

    def __init__(self, generator):
        self._generator = generator
        self._values = []

    def unit(self):
        if not self._values:
            self._values = torch.rand(self._BLOCK, generator=self._generator, dtype=torch.float64).tolist()[::-1]
        return self._values.pop()

    def below(self, n):
        """An integer uniform in [0, n)."""
        return min(int(self.unit() * n), n - 1)


def _rint(value):
    return int(np.rint(np.float32(value)))


def _random_crop(draws, width, height, min_fraction, max_fraction, aspect_ratio):
    """TF's GenerateRandomCrop: (x, y, w, h) of a crop whose width is round(aspect * height) and whose area lies
    between the fractions of the image's, or None."""
    if max_fraction <= 0 or aspect_ratio <= 0 or min_fraction > max_fraction:
        return None
    min_area, max_area = np.float32(min_fraction * width * height), np.float32(max_fraction * width * height)
    crop_height = _rint(math.sqrt(min_area / aspect_ratio))
    max_height = _rint(math.sqrt(max_area / aspect_ratio))
    if _rint(max_height * aspect_ratio) > width:
        max_height = int((width + 0.5 - 1e-7) / aspect_ratio)
        if _rint(max_height * aspect_ratio) > width:
            max_height -= 1
    max_height = min(max_height, height)
    crop_height = min(crop_height, max_height)
    if crop_height < max_height:
        crop_height += draws.below(max_height - crop_height + 1)
    crop_width = _rint(crop_height * aspect_ratio)
    area = crop_width * crop_height
    if area < min_area:
        crop_height += 1
        crop_width = _rint(crop_height * aspect_ratio)
        area = crop_width * crop_height
    if area > max_area:
        crop_height -= 1
        crop_width = _rint(crop_height * aspect_ratio)
        area = crop_width * crop_height
    if area < min_area or area > max_area or crop_width > width or crop_height > height or crop_width <= 0 \
            or crop_height <= 0:
        return None
    y = draws.below(height - crop_height) if crop_height < height else 0
    x = draws.below(width - crop_width) if crop_width < width else 0
    return x, y, crop_width, crop_height


def _covers(crop, boxes, min_covered):
    """Whether ``crop`` (x, y, w, h) covers at least ``min_covered`` of one box (x0, y0, x1, y1) of some area."""
    x, y, w, h = crop
    if w * h < 1:
        return False
    for x0, y0, x1, y1 in boxes:
        area = (x1 - x0) * (y1 - y0)
        if area < 1:
            continue
        overlap = max(0, min(x + w, x1) - max(x, x0)) * max(0, min(y + h, y1) - max(y, y0))
        if overlap / area >= min_covered:
            return True
    return False


SampleDistortedBoundingBoxV2 = collections.namedtuple("SampleDistortedBoundingBoxV2", ["begin", "size", "bboxes"])


@export("image.sample_distorted_bounding_box", status=PARTIAL,
        note="TF 1.15's sampler and constraints; the random draws come from torch's generator (seeded runs are "
             "reproducible, their crops differ from TF's).")
def sample_distorted_bounding_box(image_size, bounding_boxes, seed=None, seed2=None, min_object_covered=0.1,
                                  aspect_ratio_range=None, area_range=None, max_attempts=None,
                                  use_image_if_no_bounding_boxes=None, name=None):
    """(begin, size, bboxes): a random crop of an image of ``image_size`` [h, w, c] covering at least
    ``min_object_covered`` of one of ``bounding_boxes`` [batch, N, 4], as tf.slice arguments ([y, x, 0],
    [h, w, -1], of image_size's dtype) and as a normalized box [1, 1, 4]; the whole image after
    ``max_attempts`` failures."""
    op = "SampleDistortedBoundingBoxV2"
    sizes = convert(image_size)
    size_dtype = dtypes.string if type(sizes) is np.ndarray else dtype_of(sizes)
    if size_dtype not in _SIZE_TYPES:
        raise attr_error(op, "T", size_dtype, "uint8, int8, int16, int32, int64")
    boxes = convert(bounding_boxes)
    if type(boxes) is np.ndarray or dtype_of(boxes) != dtypes.float32:
        raise attr_error(op, "bounding_boxes", dtypes.string if type(boxes) is np.ndarray else dtype_of(boxes),
                         "float")
    aspect = _float_pair(aspect_ratio_range, [0.75, 1.33], "Aspect ratio range")
    area = _float_pair(area_range, [0.05, 1.0], "Area range")
    attempts = 100 if max_attempts is None else attr_int(max_attempts, "max_attempts", op)
    covered = float(convert(min_object_covered))
    if aspect[0] <= 0 or aspect[1] <= 0:
        raise invalid_argument(f"Aspect ratio range must be non-negative: [{aspect[0]:g}, {aspect[1]:g}]", op)
    if area[0] <= 0 or area[1] <= 0:
        raise invalid_argument(f"Area range must be non-negative: [{area[0]:g}, {area[1]:g}]", op)
    if area[0] > 1 or area[1] > 1:
        raise invalid_argument(f"Area range must be less then or equal to 1.0: [{area[0]:g}, {area[1]:g}]", op)
    if attempts > 2 ** 31 - 1:
        raise invalid_argument(f"Attr max_attempts has value {attempts} out of range for an int32", op)
    if attempts <= 0:
        raise invalid_argument(f"Max attempts must be non-negative: {attempts}", op)
    if covered < 0:
        raise invalid_argument(f"Min object covered must be non-negative: {covered:g}", op)
    if sizes.dim() != 1:
        raise invalid_argument(f"image_size must be 1-dimensional{shape_text(sizes.shape)}", op)
    if sizes.shape[0] != 3:
        raise invalid_argument(f"image_size must contain 3 elements{shape_text(sizes.shape)}", op)
    height, width = (int(v) for v in sizes[:2].tolist())
    if not (0 <= height < 2 ** 31 - 1 and 0 <= width < 2 ** 31 - 1):
        raise invalid_argument("image height and width must be in [0, int32 max)", op)
    if boxes.dim() != 3:
        raise invalid_argument(f"input boxes must be 3-dimensional [batch, num_boxes, coords]: "
                               f"{shape_text(boxes.shape)}", op)
    if boxes.shape[-1] != 4:
        raise invalid_argument(f"bounding boxes must have shape [4] or [*, 4], got {shape_text(boxes.shape)}", op)
    rectangles = []
    for y0, x0, y1, x1 in boxes.reshape(-1, 4).tolist():
        for value in (y0, x0, y1, x1):
            if not 0.0 <= value <= 1.0:
                raise invalid_argument(f"All bounding box coordinates must be in [0.0, 1.0]: {value:g}", op)
        rectangles.append((int(np.float32(x0) * width), int(np.float32(y0) * height), int(np.float32(x1) * width),
                           int(np.float32(y1) * height)))
    if not rectangles:
        if not use_image_if_no_bounding_boxes:
            raise invalid_argument("No bounding boxes provided as input. One must enable "
                                   "use_image_if_no_bounding_boxes if you wish to not provide any bounding boxes.", op)
        rectangles.append((0, 0, width, height))
    generator = generator_for(seed if (seed or seed2) else None, (op, seed2), "cpu")
    draws = _Draws(generator)
    crop = (0, 0, width, height)
    for _ in range(attempts):
        ratio = float(np.float32(draws.unit()) * np.float32(aspect[1] - aspect[0]) + np.float32(aspect[0]))
        candidate = _random_crop(draws, width, height, area[0], area[1], ratio)
        if candidate is not None and _covers(candidate, rectangles, covered):
            crop = candidate
            break
    x, y, crop_width, crop_height = crop
    if width < crop_width + x or height < crop_height + y:  # pragma: no cover - the sampler keeps crops inside
        raise FailedPreconditionError(None, None, "the sampled crop leaves the image")
    device = context.current_device()
    begin = torch.tensor([y, x, 0], dtype=size_dtype._torch, device=device)
    size = torch.tensor([crop_height, crop_width, -1], dtype=size_dtype._torch, device=device)
    box = torch.tensor([[[y / height, x / width, (y + crop_height) / height, (x + crop_width) / width]]],
                       dtype=torch.float32, device=device) if height and width else \
        torch.full((1, 1, 4), float("nan"), device=device)
    return SampleDistortedBoundingBoxV2(wrap(begin), wrap(size), wrap(box))


# --- extract_glimpse ----------------------------------------------------------------------------------

@export("image.extract_glimpse", status=PARTIAL,
        note="Pixels outside the image are random noise as in TF (uniform in the channel's [min, max], or "
             "Gaussian with its mean and deviation), drawn from torch's generator.")
def extract_glimpse(input, size, offsets, centered=True, normalized=True, uniform_noise=True, name=None):  # noqa: A002
    """Windows of ``size`` [h, w] from each image of ``input`` [B, H, W, C] at ``offsets`` [B, 2] (y, x of the
    window centre: relative to the image centre when ``centered``, in [-1, 1] units when ``normalized``)."""
    op = "ExtractGlimpse"
    images = convert(input)
    if type(images) is np.ndarray or dtype_of(images) != dtypes.float32:
        raise attr_error(op, "input", dtypes.string if type(images) is np.ndarray else dtype_of(images), "float")
    window = int_arg(size, op, "size")
    where = convert(offsets) if is_tensor(offsets) else convert(offsets, dtypes.float32)
    if images.dim() != 4:
        raise invalid_argument(f"input must be 4-dimensional{shape_text(images.shape)}", op)
    if type(window) is not list or len(window) != 2:
        raise invalid_argument(f"input must be a vector of size 2 (height, width){shape_text(np.shape(window))}", op)
    if type(where) is np.ndarray or where.dtype != torch.float32 or where.dim() != 2 or \
            where.shape[0] != images.shape[0] or where.shape[1] != 2:
        raise invalid_argument("offsets must be a matrix of shape [batch_size, 2] (y, x)", op)
    window_height, window_width = window
    if window_height <= 0 or window_width <= 0:
        raise invalid_argument(f"Glimpse size must be positive, got [{window_height},{window_width}]", op)
    batch, height, width, channels = images.shape
    check_size([batch, window_height, window_width, channels], op, torch.float32, images.device)
    out = torch.empty((batch, window_height, window_width, channels), dtype=images.dtype, device=images.device)
    generator = generator_for(None, (op,), images.device)
    for i, (y, x) in enumerate(where.tolist()):
        if normalized:
            x, y = x * width, y * height
            if centered:
                x, y = x / 2.0 + width / 2.0, y / 2.0 + height / 2.0
        elif centered:
            x, y = x + width / 2.0, y + height / 2.0
        top, left = int(y - window_height / 2.0), int(x - window_width / 2.0)
        out[i] = _glimpse(images[i], top, left, window_height, window_width, uniform_noise, generator)
    return wrap(out)


def _glimpse(image, top, left, window_height, window_width, uniform_noise, generator):
    height, width, channels = image.shape
    rows = slice(max(top, 0), min(top + window_height, height))
    columns = slice(max(left, 0), min(left + window_width, width))
    inside = image[rows, columns]
    if inside.shape[0] == window_height and inside.shape[1] == window_width:
        return inside
    flat = image.reshape(-1, channels)
    noise = torch.rand if uniform_noise else torch.randn
    fill = noise((window_height, window_width, channels), generator=generator, device=image.device)
    if flat.shape[0] == 0:
        glimpse = torch.zeros_like(fill)
    elif uniform_noise:
        low, high = flat.min(0).values, flat.max(0).values
        glimpse = low + fill * (high - low)
    else:
        glimpse = flat.mean(0) + fill * flat.std(0, unbiased=False)
    if inside.numel():
        glimpse[rows.start - top:rows.stop - top, columns.start - left:columns.stop - left] = inside
    return glimpse
