"""tf.image crops, pads, flips, rotations and transposes of [H, W, C] or [B, H, W, C] images, with
TF 1.15's argument checks (its ValueErrors for shapes known in eager code)."""

import numpy as np
import torch

from ...framework import dtypes
from ...framework.tensor import convert, wrap
from ...registry import export
from ..random_ops import generator_for


def image_backing(image):
    """(the [B, H, W, C] torch tensor of ``image``, whether it was a single [H, W, C] image)."""
    backing = convert(image)
    if type(backing) is np.ndarray:
        raise TypeError("tf.image ops take numeric images, not tf.string tensors")
    if backing.dim() == 3:
        return backing.unsqueeze(0), True
    if backing.dim() == 4:
        return backing, False
    raise ValueError(f"'image' (shape {tuple(backing.shape)}) must have either 3 or 4 dimensions.")


def _out(backing, single):
    return wrap(backing[0] if single else backing)


@export("image.flip_left_right")
def flip_left_right(image):
    backing, single = image_backing(image)
    return _out(backing.flip(2), single)


@export("image.flip_up_down")
def flip_up_down(image):
    backing, single = image_backing(image)
    return _out(backing.flip(1), single)


def _random_flip(image, seed, axis):
    backing, single = image_backing(image)
    generator = generator_for(seed, ("RandomUniform", dtypes.float32), backing.device)
    flips = torch.rand(backing.shape[0], generator=generator, device=backing.device) < 0.5
    flipped = torch.where(flips.view(-1, 1, 1, 1), backing.flip(axis), backing)
    return _out(flipped, single)


@export("image.random_flip_left_right")
def random_flip_left_right(image, seed=None):
    """``image`` mirrored left to right with probability 1/2 (each image of a batch on its own)."""
    return _random_flip(image, seed, 2)


@export("image.random_flip_up_down")
def random_flip_up_down(image, seed=None):
    """``image`` mirrored top to bottom with probability 1/2 (each image of a batch on its own)."""
    return _random_flip(image, seed, 1)


@export("image.rot90")
def rot90(image, k=1, name=None):
    """``image`` rotated counter-clockwise by ``k`` quarter turns."""
    backing, single = image_backing(image)
    turns = int(convert(k, dtypes.int32)) % 4
    return _out(torch.rot90(backing, turns, dims=(1, 2)), single)


@export("image.transpose_image", "image.transpose")
def transpose_image(image, name=None):
    """``image`` with its height and width swapped."""
    backing, single = image_backing(image)
    return _out(backing.transpose(1, 2), single)


@export("image.central_crop")
def central_crop(image, central_fraction):
    """The central ``central_fraction`` of ``image`` in each dimension (TF 1.15's rounding)."""
    fraction = float(central_fraction)
    if fraction <= 0.0 or fraction > 1.0:
        raise ValueError("central_fraction must be within (0, 1]")
    backing, single = image_backing(image)
    if fraction == 1.0:
        return _out(backing, single)
    height, width = backing.shape[1], backing.shape[2]
    top = int((height - height * fraction) / 2)
    left = int((width - width * fraction) / 2)
    return _out(backing[:, top:height - top, left:width - left], single)


def _ints(*values):
    return [int(convert(value, dtypes.int32)) for value in values]


@export("image.crop_to_bounding_box")
def crop_to_bounding_box(image, offset_height, offset_width, target_height, target_width):
    """The ``target_height`` x ``target_width`` window of ``image`` at (``offset_height``, ``offset_width``)."""
    backing, single = image_backing(image)
    top, left, height, width = _ints(offset_height, offset_width, target_height, target_width)
    checks = [(left >= 0, "offset_width must be >= 0."), (top >= 0, "offset_height must be >= 0."),
              (width > 0, "target_width must be > 0."), (height > 0, "target_height must be > 0."),
              (backing.shape[2] >= width + left, "width must be >= target + offset."),
              (backing.shape[1] >= height + top, "height must be >= target + offset.")]
    for ok, message in checks:
        if not ok:
            raise ValueError(message)
    return _out(backing[:, top:top + height, left:left + width], single)


@export("image.pad_to_bounding_box")
def pad_to_bounding_box(image, offset_height, offset_width, target_height, target_width):
    """``image`` at (``offset_height``, ``offset_width``) in a zero ``target_height`` x ``target_width`` image."""
    backing, single = image_backing(image)
    top, left, height, width = _ints(offset_height, offset_width, target_height, target_width)
    bottom, right = height - top - backing.shape[1], width - left - backing.shape[2]
    checks = [(top >= 0, "offset_height must be >= 0"), (left >= 0, "offset_width must be >= 0"),
              (right >= 0, "width must be <= target - offset"), (bottom >= 0, "height must be <= target - offset")]
    for ok, message in checks:
        if not ok:
            raise ValueError(message)
    return _out(torch.nn.functional.pad(backing, (0, 0, left, right, top, bottom)), single)


@export("image.resize_image_with_crop_or_pad", "image.resize_with_crop_or_pad")
def resize_image_with_crop_or_pad(image, target_height, target_width):
    """``image`` centrally cropped and/or zero-padded to ``target_height`` x ``target_width``."""
    backing, single = image_backing(image)
    height, width = backing.shape[1], backing.shape[2]
    target_height, target_width = _ints(target_height, target_width)
    if target_width <= 0:
        raise ValueError("target_width must be > 0.")
    if target_height <= 0:
        raise ValueError("target_height must be > 0.")
    width_diff, height_diff = target_width - width, target_height - height
    cropped = crop_to_bounding_box(wrap(backing), max(-height_diff // 2, 0), max(-width_diff // 2, 0),
                                   min(target_height, height), min(target_width, width))
    padded = pad_to_bounding_box(cropped, max(height_diff // 2, 0), max(width_diff // 2, 0), target_height,
                                 target_width)
    return _out(padded._t, single)


@export("image.resize_image_with_pad")
def resize_image_with_pad(image, target_height, target_width, method=0, align_corners=False):
    """``image`` resized (by ``method``, keeping its aspect ratio) to fit ``target_height`` x ``target_width``,
    then zero-padded to that size, centred (TF 1.15's float32 arithmetic and floors)."""
    from .resize import resize_images
    backing, single = image_backing(image)
    target_height, target_width = _ints(target_height, target_width)
    if target_width <= 0:
        raise ValueError("target_width must be > 0.")
    if target_height <= 0:
        raise ValueError("target_height must be > 0.")
    height, width = np.float32(backing.shape[1]), np.float32(backing.shape[2])
    f_target_height, f_target_width = np.float32(target_height), np.float32(target_width)
    ratio = max(width / f_target_width, height / f_target_height)
    resized_height, resized_width = height / ratio, width / ratio
    pad_top = max(0, int(np.floor((f_target_height - resized_height) / np.float32(2))))
    pad_left = max(0, int(np.floor((f_target_width - resized_width) / np.float32(2))))
    resized = resize_images(wrap(backing), [int(np.floor(resized_height)), int(np.floor(resized_width))], method,
                            align_corners=align_corners)
    padded = pad_to_bounding_box(resized, pad_top, pad_left, target_height, target_width)
    return _out(padded._t, single)
