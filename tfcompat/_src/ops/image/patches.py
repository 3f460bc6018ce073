"""tf.image.extract_image_patches / extract_patches and tf.extract_volume_patches: sliding windows of
NHWC (NDHWC) tensors flattened into the depth as TF lays them out (window row, window column, channel),
with TF's VALID/SAME padding.  Built from tensor views (``Tensor.unfold``), so every dtype works and the
gradient reaches the input through torch autograd."""

import numpy as np
import torch
import torch.nn.functional as F

from ...framework.errors import UnimplementedError, invalid_argument
from ...framework.tensor_shape import shape_text
from ...framework.tensor import convert, wrap
from ..arguments import deprecated_argument_lookup, int_arg, string_attr
from ...registry import export


def _window(values, name, rank, op):
    """The spatial part of a ``[1, ..., 1]`` window attribute (ksizes, strides, rates) of ``rank`` entries."""
    sizes = int_arg(values, op, name)
    if type(sizes) is not list or len(sizes) != rank:
        raise invalid_argument(f"Sliding window {name} field must specify {rank} dimensions", op)
    if sizes[0] != 1 or sizes[-1] != 1:
        raise UnimplementedError(None, None, f"Only support {name} across space. [Op:{op}]")
    spatial = sizes[1:-1]
    if any(size <= 0 for size in spatial):
        raise invalid_argument(f"Sliding window {name} must be positive, got {sizes}", op)
    return spatial


def _padding(padding, op):
    mode = string_attr(padding, "padding", op)
    if mode not in ("SAME", "VALID"):
        raise invalid_argument(f"Value for attr 'padding' of \"{mode}\" is not in the list of allowed values: "
                               f"\"SAME\", \"VALID\"", op)
    return mode


def _patches(backing, kernel, strides, rates, padding, op):
    """[B, out..., prod(kernel) * C] windows of the [B, spatial..., C] ``backing``."""
    spatial = backing.shape[1:-1]
    effective = [k + (k - 1) * (r - 1) for k, r in zip(kernel, rates)]
    pads = []
    for size, window, stride in zip(spatial, effective, strides):
        if padding == "VALID":
            if size < window:
                raise invalid_argument(f"Computed output size would be negative: {(size - window + stride) // stride}"
                                       f" [input_size: {size}, effective_filter_size: {window}, stride: {stride}]", op)
            pads.append((0, 0))
        else:
            out = -(-size // stride)
            total = max((out - 1) * stride + window - size, 0)
            pads.append((total // 2, total - total // 2))
    if any(any(p) for p in pads):
        flat_pads = [0, 0] + [p for pair in reversed(pads) for p in pair]  # F.pad: last dimension first
        backing = F.pad(backing, flat_pads) if backing.dtype != torch.bool else \
            F.pad(backing.to(torch.uint8), flat_pads).to(torch.bool)
    windows = backing
    for axis, (window, stride) in enumerate(zip(effective, strides), start=1):
        windows = windows.unfold(axis, window, stride)  # adds a trailing window axis per spatial axis
    for index, rate in enumerate(rates):  # keep every rate-th tap of each dilated window
        if rate > 1:
            axis = windows.dim() - len(rates) + index
            taps = torch.arange(0, windows.shape[axis], rate, device=windows.device)
            windows = windows.index_select(axis, taps)
    spatial_rank = len(kernel)
    # [B, out..., C, k...] -> [B, out..., k..., C] -> [B, out..., prod(k) * C]
    order = [0, *range(1, spatial_rank + 1), *range(spatial_rank + 2, 2 * spatial_rank + 2), spatial_rank + 1]
    windows = windows.permute(order)
    return windows.reshape(*windows.shape[:spatial_rank + 1], -1)


def _input(images, rank, op):
    backing = convert(images)
    if type(backing) is np.ndarray or backing.dtype.is_complex:
        raise invalid_argument("Value for attr 'T' is not in the list of allowed values: real number types", op)
    if backing.dim() != rank:
        raise invalid_argument(f"input must be {rank}-dimensional{shape_text(backing.shape)}", op)
    return backing


@export("image.extract_image_patches", "extract_image_patches")
def extract_image_patches(images, ksizes=None, strides=None, rates=None, padding=None, name=None, sizes=None):
    """[B, out_rows, out_cols, ksize_rows * ksize_cols * C]: the ``ksizes`` windows of ``images`` [B, H, W, C]
    every ``strides``, dilated by ``rates``, each flattened row by row."""
    op = "ExtractImagePatches"
    ksizes = deprecated_argument_lookup("sizes", sizes, "ksizes", ksizes)
    for value, attr in ((ksizes, "ksizes"), (strides, "strides"), (rates, "rates"), (padding, "padding")):
        if value is None:
            raise TypeError(f"extract_image_patches() missing required argument '{attr}'")
    backing = _input(images, 4, op)
    kernel, steps, dilation = (_window(ksizes, "ksizes", 4, op), _window(strides, "strides", 4, op),
                               _window(rates, "rates", 4, op))
    return wrap(_patches(backing, kernel, steps, dilation, _padding(padding, op), op))


@export("image.extract_patches")
def extract_patches(images, sizes, strides, rates, padding, name=None):
    """extract_image_patches with TF 2.x's argument name ``sizes``."""
    return extract_image_patches(images, sizes, strides, rates, padding)


@export("extract_volume_patches")
def extract_volume_patches(input, ksizes, strides, padding, name=None):  # noqa: A002 - TF's name
    """[B, out_planes, out_rows, out_cols, kd * kh * kw * C]: the ``ksizes`` windows of ``input``
    [B, D, H, W, C] every ``strides``."""
    op = "ExtractVolumePatches"
    backing = _input(input, 5, op)
    kernel, steps = _window(ksizes, "ksizes", 5, op), _window(strides, "strides", 5, op)
    return wrap(_patches(backing, kernel, steps, [1, 1, 1], _padding(padding, op), op))
