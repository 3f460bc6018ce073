"""The tf.keras.backend neural-network helpers of TF 1.15's keras/backend.py: convolutions, pooling,
locally-connected products, padding, resizing, batch normalization, dropout and in_top_k.

Keras's ``data_format`` is ``channels_last`` / ``channels_first`` (default: image_data_format()).
TF's CPU kernels work channels-last, so TF 1.15 transposes ``channels_first`` inputs to channels-last,
runs the op and transposes the result back; these functions do the same, so both layouts give TF's
values on every device.
"""

import itertools

import numpy as np

from ..framework import dtypes
from ..framework.tensor import wrap
from ..ops import array_ops, conv_ops, creation_ops, nn_ops, normalization_ops, pooling_ops
from ..ops.image.resize import resize_bilinear, resize_nearest_neighbor
from ..ops.arguments import python_int
from ..registry import PARTIAL, export
from .backend import image_data_format, int_shape, ndim, numeric
from .backend_math import batch_dot, concatenate, permute_dimensions, repeat_elements, reshape

# channels_first -> channels_last and back, by spatial rank
_TO_CHANNELS_LAST = {1: (0, 2, 1), 2: (0, 2, 3, 1), 3: (0, 2, 3, 4, 1)}
_TO_CHANNELS_FIRST = {1: (0, 2, 1), 2: (0, 3, 1, 2), 3: (0, 4, 1, 2, 3)}
_CHANNELS_LAST_FORMAT = {1: "NWC", 2: "NHWC", 3: "NDHWC"}


def _data_format(data_format):
    if data_format is None:
        data_format = image_data_format()
    if data_format not in {"channels_first", "channels_last"}:
        raise ValueError("Unknown data_format: " + str(data_format))
    return data_format


def _padding(padding):
    if padding == "same":
        return "SAME"
    if padding == "valid":
        return "VALID"
    raise ValueError("Invalid padding: " + str(padding))


def _spatial(value, n, what):
    """``value`` (an int or n ints) as a list of n ints."""
    if isinstance(value, (int, np.integer)):
        return [int(value)] * n
    try:
        values = [int(v) for v in value]
    except (TypeError, ValueError):
        raise ValueError(f"`{what}` must be an integer or a tuple of {n} integers, got {value!r}") from None
    if len(values) != n:
        raise ValueError(f"`{what}` must be a tuple of {n} integers, got {value!r}")
    return values


def _channels_last(x, data_format, n):
    """``x`` in channels-last layout, as TF 1.15 feeds its CPU kernels."""
    backing = numeric(x, "conv and pool functions")
    if backing.dim() != n + 2:
        raise ValueError(f"Expected a {n + 2}-D input ({n} spatial dimensions), got shape {tuple(backing.shape)}")
    return array_ops.transpose(x, _TO_CHANNELS_LAST[n]) if data_format == "channels_first" else x


def _restore_layout(y, data_format, n):
    return array_ops.transpose(y, _TO_CHANNELS_FIRST[n]) if data_format == "channels_first" else y


def _convolution(n):
    def conv(x, kernel, strides=1, padding="valid", data_format=None, dilation_rate=1):
        data_format = _data_format(data_format)
        if n == 1 and padding == "causal":  # left padding by the dilated kernel's reach
            left_pad = _spatial(dilation_rate, 1, "dilation_rate")[0] * (int_shape(kernel)[0] - 1)
            x = temporal_padding(x, (left_pad, 0))
            padding = "valid"
        padding = _padding(padding)
        x = _channels_last(x, data_format, n)
        y = conv_ops.convolution(x, kernel, padding, strides=_spatial(strides, n, "strides"),
                               dilation_rate=_spatial(dilation_rate, n, "dilation_rate"),
                               data_format=_CHANNELS_LAST_FORMAT[n])
        return _restore_layout(y, data_format, n)
    return conv


@export("keras.backend.conv1d")
def conv1d(x, kernel, strides=1, padding="valid", data_format=None, dilation_rate=1):
    """1-D convolution; ``padding`` may also be 'causal' (left-padded)."""
    return _convolution(1)(x, kernel, strides, padding, data_format, dilation_rate)


@export("keras.backend.conv2d")
def conv2d(x, kernel, strides=(1, 1), padding="valid", data_format=None, dilation_rate=(1, 1)):
    return _convolution(2)(x, kernel, strides, padding, data_format, dilation_rate)


@export("keras.backend.conv3d")
def conv3d(x, kernel, strides=(1, 1, 1), padding="valid", data_format=None, dilation_rate=(1, 1, 1)):
    return _convolution(3)(x, kernel, strides, padding, data_format, dilation_rate)


@export("keras.backend.conv2d_transpose")
def conv2d_transpose(x, kernel, output_shape, strides=(1, 1), padding="valid", data_format=None,
                     dilation_rate=(1, 1)):
    """The transpose of conv2d to ``output_shape`` (in ``data_format``'s layout; batch may be None)."""
    data_format = _data_format(data_format)
    padding = _padding(padding)
    x = _channels_last(x, data_format, 2)
    output_shape = list(output_shape)
    if len(output_shape) != 4:
        raise ValueError(f"output_shape must have 4 elements, got {output_shape!r}")
    if data_format == "channels_first":
        output_shape = [output_shape[0], output_shape[2], output_shape[3], output_shape[1]]
    if output_shape[0] is None:
        output_shape[0] = int(numeric(x, "conv2d_transpose").shape[0])
    strides = [1, *_spatial(strides, 2, "strides"), 1]
    dilations = [1, *_spatial(dilation_rate, 2, "dilation_rate"), 1]
    y = conv_ops.conv2d_transpose(x, kernel, output_shape, strides, padding=padding, data_format="NHWC",
                                dilations=None if dilations == [1, 1, 1, 1] else dilations)
    return _restore_layout(y, data_format, 2)


@export("keras.backend.separable_conv2d")
def separable_conv2d(x, depthwise_kernel, pointwise_kernel, strides=(1, 1), padding="valid", data_format=None,
                     dilation_rate=(1, 1)):
    data_format = _data_format(data_format)
    padding = _padding(padding)
    x = _channels_last(x, data_format, 2)
    y = conv_ops.separable_conv2d(x, depthwise_kernel, pointwise_kernel, [1, *_spatial(strides, 2, "strides"), 1],
                                padding, rate=_spatial(dilation_rate, 2, "dilation_rate"), data_format="NHWC")
    return _restore_layout(y, data_format, 2)


@export("keras.backend.depthwise_conv2d")
def depthwise_conv2d(x, depthwise_kernel, strides=(1, 1), padding="valid", data_format=None, dilation_rate=(1, 1)):
    data_format = _data_format(data_format)
    padding = _padding(padding)
    x = _channels_last(x, data_format, 2)
    y = conv_ops.depthwise_conv2d(x, depthwise_kernel, [1, *_spatial(strides, 2, "strides"), 1], padding,
                                rate=_spatial(dilation_rate, 2, "dilation_rate"), data_format="NHWC")
    return _restore_layout(y, data_format, 2)


# --- pooling --------------------------------------------------------------------------------------

def _pool(x, pool_size, strides, padding, data_format, pool_mode, n):
    if len(pool_size) != n:
        raise ValueError(f"`pool_size` must be a tuple of {n} integers.")
    if len(strides) != n:
        raise ValueError(f"`strides` must be a tuple of {n} integers.")
    data_format = _data_format(data_format)
    padding = _padding(padding)
    if pool_mode not in ("max", "avg"):
        raise ValueError("Invalid pooling mode: " + str(pool_mode))
    x = _channels_last(x, data_format, n)
    ksize, strides = [1, *_spatial(pool_size, n, "pool_size"), 1], [1, *_spatial(strides, n, "strides"), 1]
    if n == 2:
        pool = pooling_ops.max_pool if pool_mode == "max" else pooling_ops.avg_pool
    else:
        pool = pooling_ops.max_pool3d if pool_mode == "max" else pooling_ops.avg_pool3d
    return _restore_layout(pool(x, ksize, strides, padding, _CHANNELS_LAST_FORMAT[n]), data_format, n)


@export("keras.backend.pool2d")
def pool2d(x, pool_size, strides=(1, 1), padding="valid", data_format=None, pool_mode="max"):
    return _pool(x, pool_size, strides, padding, data_format, pool_mode, 2)


@export("keras.backend.pool3d")
def pool3d(x, pool_size, strides=(1, 1, 1), padding="valid", data_format=None, pool_mode="max"):
    return _pool(x, pool_size, strides, padding, data_format, pool_mode, 3)


# --- locally connected ------------------------------------------------------------------------------

def _local_conv(inputs, kernel, kernel_size, strides, output_shape, data_format):
    """TF's local_conv: each output position's patch (flattened) times its own kernel slice."""
    data_format = _data_format(data_format)
    kernel_shape = int_shape(kernel)
    feature_dim, channels_out = kernel_shape[1], kernel_shape[-1]
    output_shape = tuple(output_shape)
    n = len(output_shape)
    kernel_size, strides = _spatial(kernel_size, n, "kernel_size"), _spatial(strides, n, "strides")
    inputs = numeric(inputs, "local_conv")
    patches = []
    for position in itertools.product(*(range(size) for size in output_shape)):
        index = [slice(None)] * (2 if data_format == "channels_first" else 1)
        index.extend(slice(position[d] * strides[d], position[d] * strides[d] + kernel_size[d]) for d in range(n))
        patches.append(reshape(wrap(inputs[tuple(index)]), (1, -1, feature_dim)))
    output = reshape(batch_dot(concatenate(patches, axis=0), kernel), output_shape + (-1, channels_out))
    spatial = list(range(n))
    permutation = [n, n + 1, *spatial] if data_format == "channels_first" else [n, *spatial, n + 1]
    return permute_dimensions(output, permutation)


@export("keras.backend.local_conv1d")
def local_conv1d(inputs, kernel, kernel_size, strides, data_format=None):
    """Unshared-weight 1-D convolution: ``kernel`` is (output_length, kernel_size * channels, filters)."""
    return _local_conv(inputs, kernel, kernel_size, strides, (int_shape(kernel)[0],), data_format)


@export("keras.backend.local_conv2d")
def local_conv2d(inputs, kernel, kernel_size, strides, output_shape, data_format=None):
    """Unshared-weight 2-D convolution: ``kernel`` is (rows * cols, kernel_area * channels, filters)."""
    return _local_conv(inputs, kernel, kernel_size, strides, output_shape, data_format)


# --- padding and resizing ---------------------------------------------------------------------------

def _pairs(padding, n, function):
    try:
        pairs = [[python_int(side, function, "padding") for side in pair] for pair in padding]
    except TypeError:
        raise ValueError(f"{function}: padding must be {n} pairs of integers, got {padding!r}") from None
    if len(pairs) != n or any(len(pair) != 2 for pair in pairs):
        raise ValueError(f"{function}: padding must be {n} pairs of integers, got {padding!r}")
    return pairs


@export("keras.backend.temporal_padding")
def temporal_padding(x, padding=(1, 1)):
    """Pad the middle axis of a 3-D tensor with zeros: (left, right)."""
    (pair,) = _pairs([padding], 1, "temporal_padding")
    return array_ops.pad(x, [[0, 0], pair, [0, 0]])


def _spatial_padding(x, padding, data_format, n, function):
    pairs = _pairs(padding, n, function)
    if _data_format(data_format) == "channels_first":
        return array_ops.pad(x, [[0, 0], [0, 0], *pairs])
    return array_ops.pad(x, [[0, 0], *pairs, [0, 0]])


@export("keras.backend.spatial_2d_padding")
def spatial_2d_padding(x, padding=((1, 1), (1, 1)), data_format=None):
    return _spatial_padding(x, padding, data_format, 2, "spatial_2d_padding")


@export("keras.backend.spatial_3d_padding")
def spatial_3d_padding(x, padding=((1, 1), (1, 1), (1, 1)), data_format=None):
    return _spatial_padding(x, padding, data_format, 3, "spatial_3d_padding")


@export("keras.backend.resize_images", status=PARTIAL,
        note="TF 1.15's interpolations only: 'nearest' and 'bilinear' (TF 1.x's resize kernels, no half-pixel "
             "centres); TF 2.x Keras added 'area', 'bicubic' and others.")
def resize_images(x, height_factor, width_factor, data_format, interpolation="nearest"):
    """Scale a 4-D tensor's rows and columns by integer factors."""
    if data_format == "channels_first":
        rows = 2
    elif data_format == "channels_last":
        rows = 1
    else:
        raise ValueError(f"Invalid `data_format` argument: {data_format}")
    backing = numeric(x, "resize_images")
    if backing.dim() != 4:
        raise ValueError(f"resize_images expects a 4-D tensor, got shape {tuple(backing.shape)}")
    new_shape = [int(backing.shape[rows]) * python_int(height_factor, "resize_images", "height_factor"),
                 int(backing.shape[rows + 1]) * python_int(width_factor, "resize_images", "width_factor")]
    if interpolation == "nearest":
        resize = resize_nearest_neighbor
    elif interpolation == "bilinear":
        resize = resize_bilinear
    else:
        raise ValueError('interpolation should be one of "nearest" or "bilinear".')
    if data_format == "channels_first":
        x = array_ops.transpose(x, (0, 2, 3, 1))
    y = resize(x, new_shape)
    return array_ops.transpose(y, (0, 3, 1, 2)) if data_format == "channels_first" else y


@export("keras.backend.resize_volumes")
def resize_volumes(x, depth_factor, height_factor, width_factor, data_format):
    """Scale a 5-D tensor's three spatial axes by integer factors (each element repeated)."""
    if data_format == "channels_first":
        first = 2
    elif data_format == "channels_last":
        first = 1
    else:
        raise ValueError("Invalid data_format: " + str(data_format))
    for offset, factor in enumerate((depth_factor, height_factor, width_factor)):
        x = repeat_elements(x, factor, axis=first + offset)
    return x


# --- normalization, dropout, in_top_k -----------------------------------------------------------------

@export("keras.backend.batch_normalization")
def batch_normalization(x, mean, var, beta, gamma, axis=-1, epsilon=1e-3):
    """``(x - mean) / sqrt(var + epsilon) * gamma + beta``; for a 4-D input normalized on its channel axis,
    the statistics may carry size-1 axes (TF flattens them for its fused kernel)."""
    if ndim(x) == 4 and axis in (3, -1):
        mean, var = _flat(mean), _flat(var)
        beta = creation_ops.zeros_like(mean) if beta is None else _flat(beta)
        gamma = creation_ops.ones_like(mean) if gamma is None else _flat(gamma)
    return normalization_ops.batch_normalization(x, mean, var, beta, gamma, epsilon)


def _flat(t):
    return array_ops.reshape(t, [-1]) if ndim(t) > 1 else t


@export("keras.backend.normalize_batch_in_training", status=PARTIAL,
        note="Follows TF 1.15 on CPU on every device: reduction axes [0, 2, 3] of a 4-D input take the broadcast "
             "path (biased variance), where TF on a GPU took its fused NCHW kernel (unbiased variance).")
def normalize_batch_in_training(x, gamma, beta, reduction_axes, epsilon=1e-3):
    """``(normalized x, mean, variance)`` over ``reduction_axes``: a 4-D input reduced over [0, 1, 2] takes TF's
    fused kernel (its variance is the unbiased one), other inputs the moments (biased variance)."""
    reduction_axes = list(reduction_axes)
    rank = ndim(x)
    if rank == 4 and reduction_axes == [0, 1, 2]:
        channels = int_shape(x)[3]
        dtype = numeric(x, "normalize_batch_in_training").dtype
        gamma = creation_ops.ones([channels], dtypes.as_dtype(dtype)) if gamma is None else gamma
        beta = creation_ops.zeros([channels], dtypes.as_dtype(dtype)) if beta is None else beta
        return normalization_ops.fused_batch_norm(x, gamma, beta, epsilon=epsilon, data_format="NHWC")
    mean, var = normalization_ops.moments(x, reduction_axes)
    if sorted(reduction_axes) == list(range(rank))[:-1]:
        return normalization_ops.batch_normalization(x, mean, var, beta, gamma, epsilon), mean, var
    x_shape = int_shape(x)
    target = [1 if axis in reduction_axes else x_shape[axis] for axis in range(rank)]

    def broadcast(t):
        return None if t is None else array_ops.reshape(t, target)
    normed = normalization_ops.batch_normalization(x, broadcast(mean), broadcast(var), broadcast(beta),
                                                   broadcast(gamma), epsilon)
    return normed, mean, var


@export("keras.backend.dropout")
def dropout(x, level, noise_shape=None, seed=None):
    """Zero each element with probability ``level`` and scale the rest by 1 / (1 - level)."""
    if seed is None:
        seed = np.random.randint(10e6)  # Keras draws the op seed from NumPy
    return nn_ops.dropout(x, rate=level, noise_shape=noise_shape, seed=seed)


@export("keras.backend.in_top_k")
def in_top_k(predictions, targets, k):
    return nn_ops.in_top_k(predictions, targets, k)

