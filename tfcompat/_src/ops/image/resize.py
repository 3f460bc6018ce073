"""tf.image.resize_images and the resize ops with TF 1.x's legacy sampling (no half-pixel centres
unless asked): bilinear, nearest neighbour, bicubic (Keys, a = -0.75, TF's 1024-entry weight table)
and area, ``align_corners`` as TF 1.x defines it, and TF's output dtypes (float32, except nearest
neighbour, which keeps the input's).

Each method is a pair of interpolation matrices (rows, columns) applied with two matmuls, so the
result is differentiable with respect to the image as TF's resize gradients are.
"""

import math

import numpy as np
import torch

from ...framework.errors import invalid_argument
from ...framework.tensor import convert, wrap
from ...registry import export

BILINEAR, NEAREST_NEIGHBOR, BICUBIC, AREA = 0, 1, 2, 3


class ResizeMethod:
    """TF 1.x's resize method constants."""
    BILINEAR = BILINEAR
    NEAREST_NEIGHBOR = NEAREST_NEIGHBOR
    BICUBIC = BICUBIC
    AREA = AREA


export("image.ResizeMethod")(ResizeMethod)


def _scale(in_size, out_size, align_corners):
    if align_corners and out_size > 1:
        return (in_size - 1) / (out_size - 1)
    return in_size / out_size


def _f32(value):
    return float(np.float32(value))


def _bilinear_matrix(in_size, out_size, align_corners, half_pixel):
    scale = _f32(_scale(in_size, out_size, align_corners))
    matrix = np.zeros((out_size, in_size), np.float64)
    for i in range(out_size):
        source = _f32((i + 0.5) * scale - 0.5) if half_pixel else _f32(i * scale)
        low = math.floor(source)
        lerp = _f32(source - low)
        matrix[i, min(max(low, 0), in_size - 1)] += 1.0 - lerp
        matrix[i, min(math.ceil(source), in_size - 1)] += lerp
    return matrix


def _nearest_matrix(in_size, out_size, align_corners, half_pixel):
    scale = _f32(_scale(in_size, out_size, align_corners))
    matrix = np.zeros((out_size, in_size), np.float64)
    for i in range(out_size):
        if half_pixel:
            source = math.floor(_f32((i + 0.5) * scale))
        elif align_corners:
            source = math.floor(_f32(i * scale) + 0.5)  # C's roundf: halves away from zero
        else:
            source = math.floor(_f32(i * scale))
        matrix[i, min(max(source, 0), in_size - 1)] = 1.0
    return matrix


_TABLE_SIZE = 1024


def _cubic_table(a):
    x = np.arange(_TABLE_SIZE + 1, dtype=np.float32) / np.float32(_TABLE_SIZE)
    near = ((a + 2) * x - (a + 3)) * x * x + 1
    far_x = x + np.float32(1)
    far = ((a * far_x - 5 * a) * far_x + 8 * a) * far_x - 4 * a
    return near.astype(np.float32), far.astype(np.float32)


def _bicubic_matrix(in_size, out_size, align_corners, half_pixel):
    scale = _f32(_scale(in_size, out_size, align_corners))
    near, far = _cubic_table(np.float32(-0.5 if half_pixel else -0.75))
    matrix = np.zeros((out_size, in_size), np.float64)
    for i in range(out_size):
        source = _f32((i + 0.5) * scale - 0.5) if half_pixel else _f32(i * scale)
        base = math.floor(source)
        offset = int(np.rint(np.float32(source - base) * _TABLE_SIZE))
        weights = [far[offset], near[offset], near[_TABLE_SIZE - offset], far[_TABLE_SIZE - offset]]
        indices = [base - 1, base, base + 1, base + 2]
        if half_pixel:  # out-of-range taps get no weight; the rest are renormalised
            kept = [(w, k) for w, k in zip(weights, indices) if 0 <= k < in_size]
            total = sum(w for w, _ in kept)
            for weight, index in kept:
                matrix[i, index] += weight / total
        else:
            for weight, index in zip(weights, indices):
                matrix[i, min(max(index, 0), in_size - 1)] += weight
    return matrix


def _area_matrix(in_size, out_size, align_corners, half_pixel):
    scale = _scale(in_size, out_size, align_corners)
    matrix = np.zeros((out_size, in_size), np.float64)
    for i in range(out_size):
        start, end = i * scale, (i + 1) * scale
        for k in range(int(math.floor(start)), int(math.ceil(end))):
            weight = min(k + 1, end) - max(k, start)
            matrix[i, min(k, in_size - 1)] += weight / scale
    return matrix


_MATRICES = {BILINEAR: _bilinear_matrix, NEAREST_NEIGHBOR: _nearest_matrix, BICUBIC: _bicubic_matrix,
             AREA: _area_matrix}


def resize_backing(images, height, width, method, align_corners=False, half_pixel=False):
    """[B, H, W, C] ``images`` resized to [B, height, width, C] (float32; nearest keeps the dtype)."""
    if align_corners and half_pixel:
        raise invalid_argument("If half_pixel_centers is True, align_corners must be False.", "Resize")
    in_height, in_width = images.shape[1], images.shape[2]
    if height <= 0 or width <= 0:
        raise invalid_argument(f"output dimensions must be positive, got [{height},{width}]", "Resize")
    if in_height == 0 or in_width == 0:
        raise invalid_argument("input image must be of non-zero size", "Resize")
    make = _MATRICES[method]
    if method == NEAREST_NEIGHBOR:  # a gather: exact for every dtype
        rows = torch.from_numpy(make(in_height, height, align_corners, half_pixel).argmax(1)).to(images.device)
        columns = torch.from_numpy(make(in_width, width, align_corners, half_pixel).argmax(1)).to(images.device)
        return images.index_select(1, rows).index_select(2, columns)
    compute = torch.float64 if images.dtype == torch.float64 else torch.float32
    rows = torch.from_numpy(make(in_height, height, align_corners, half_pixel)).to(images.device, compute)
    columns = torch.from_numpy(make(in_width, width, align_corners, half_pixel)).to(images.device, compute)
    values = images.to(compute)
    return torch.einsum("hi,bijc,wj->bhwc", rows, values, columns).to(torch.float32)


def _batched(images, op):
    backing = convert(images)
    if type(backing) is np.ndarray:
        raise invalid_argument(f"Value for attr 'T' of string is not in the list of allowed values [Op:{op}]")
    if backing.dim() not in (3, 4):
        raise ValueError("'images' must have either 3 or 4 dimensions.")
    return (backing, False) if backing.dim() == 4 else (backing.unsqueeze(0), True)


def _size(size):
    sizes = convert(size)
    if type(sizes) is np.ndarray or sizes.dim() != 1 or sizes.shape[0] != 2 or sizes.dtype.is_floating_point:
        raise ValueError("'size' must be a 1-D Tensor of 2 elements: new_height, new_width")
    height, width = (int(v) for v in sizes.tolist())
    return height, width


@export("image.resize_images", "image.resize")
def resize_images(images, size, method=BILINEAR, align_corners=False, preserve_aspect_ratio=False, name=None):
    """``images`` ([H, W, C] or [B, H, W, C]) resized to ``size`` by ``method`` with TF 1.x's sampling; an
    image already of that size is returned unchanged (and keeps its dtype), as TF 1.x does."""
    backing, single = _batched(images, "ResizeBilinear")
    height, width = _size(size)
    if method not in _MATRICES:
        raise ValueError("Resize method is not implemented.")
    if preserve_aspect_ratio:
        scale = min(height / backing.shape[1], width / backing.shape[2])
        height, width = int(backing.shape[1] * scale), int(backing.shape[2] * scale)
    if (height, width) == (backing.shape[1], backing.shape[2]):
        out = backing
    else:
        out = resize_backing(backing, height, width, method, align_corners)
    return wrap(out[0] if single else out)


def _op(method, op):
    def resize(images, size, align_corners=False, name=None, half_pixel_centers=False):
        backing = convert(images)
        if type(backing) is np.ndarray or backing.dim() != 4:
            raise invalid_argument(f"input must be 4-dimensional{list(getattr(backing, 'shape', []))}", op)
        height, width = _size(size)
        return wrap(resize_backing(backing, height, width, method, bool(align_corners), bool(half_pixel_centers)))
    resize.__name__ = resize.__qualname__ = op
    resize.__doc__ = f"tf.image's {op} kernel: 4-D images resized to ``size``."
    return resize


resize_bilinear = export("image.resize_bilinear")(_op(BILINEAR, "ResizeBilinear"))
resize_nearest_neighbor = export("image.resize_nearest_neighbor")(_op(NEAREST_NEIGHBOR, "ResizeNearestNeighbor"))
resize_bicubic = export("image.resize_bicubic")(_op(BICUBIC, "ResizeBicubic"))


@export("image.resize_area")
def resize_area(images, size, align_corners=False, name=None):
    """4-D images resized to ``size`` by area averaging (float32)."""
    return _op(AREA, "ResizeArea")(images, size, align_corners)

