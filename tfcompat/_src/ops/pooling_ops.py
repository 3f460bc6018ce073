"""tf.nn pooling (max, average, fractional, with argmax), in TF's layouts and padding (see conv_ops)."""

import collections
import collections.abc
import math

import torch
import torch.nn.functional as F

from ..framework import dtypes
from ..framework.errors import UnimplementedError, invalid_argument
from ..framework.kernel_dtypes import FLOATING, MAX_POOL, NN_FLOAT
from ..framework.tensor import Tensor, convert, translate_error, wrap
from ..framework.tensor_shape import shape_string
from ..registry import PARTIAL, export
from .arguments import deprecated_argument_lookup
from .conv_ops import (
    _AVG_POOL, _MAX_POOL, _channels_first, _empty, _from_torch, _pad, _padding_mode, _spatial,
    _starts_with_channels, _symmetric, _to_torch, _window)
from .nn_ops import _MAX_POOL_TYPES, _input, _int_list

# --- pooling ----------------------------------------------------------------------------------------------

def _unimplemented(message, op_name):
    return UnimplementedError(None, None, f"{message} [Op:{op_name}]")


def _depth_window(op_name, depth, spatial_window, depth_window, depth_stride):
    """The window of a MaxPool across depth (TF's CPU kernel), after TF's checks."""
    if op_name != "MaxPool" or depth_window == 1:
        raise _unimplemented("Pooling across depth is not supported by tfcompat.", op_name)
    if any(w != 1 for w in spatial_window):
        raise _unimplemented("MaxPooling supports exactly one of pooling across depth or pooling across "
                             "width/height.", op_name)
    if depth % depth_window:
        raise _unimplemented("Depthwise max pooling requires the depth window to evenly divide the input "
                             "depth", op_name)
    if depth_stride != depth_window:
        raise _unimplemented("Depthwise max pooling requires the depth window to equal the depth stride",
                             op_name)
    return depth_window


def _pool_setup(op_name, value, ksize, strides, padding, data_format, n, allowed, names, dilations=None):
    """(input, its NC... view, channels_first, window, stride, output sizes, pads).

    A MaxPool across depth gives ``outs`` None and ``window`` the depth window.
    """
    channels_first = _channels_first(data_format, n, op_name)
    padding = _padding_mode(padding, op_name, explicit=False)
    a = _input(value, op_name, allowed, names)
    rank = n + 2
    if a.dim() != rank:
        raise invalid_argument(f"tensor_in must be {rank}-dimensional", op_name)
    window, full_window = _spatial(ksize, n, channels_first, "ksize")
    stride, full_stride = _spatial(strides, n, channels_first, "strides")
    if full_window[0] != 1 or full_stride[0] != 1:
        raise _unimplemented("Pooling is not yet supported on the batch dimension.", op_name)
    channel = 1 if channels_first else -1
    t = _to_torch(a, channels_first)
    if full_window[channel] != 1 or full_stride[channel] != 1:
        depth = _depth_window(op_name, a.shape[channel], window, full_window[channel], full_stride[channel])
        return a, t, channels_first, depth, stride, None, None
    outs, pads = _window(t.shape[2:], window, stride, dilations or [1] * n, padding, op_name)
    return a, t, channels_first, window, stride, outs, pads


_DEPTH_POOL_NOTE = ("Pooling across the depth dimension is supported only for 2-D max pooling (as on TF's "
                    "CPU); a depth stride with a depth window of 1 is refused.")


def _lowest(dtype):
    return -math.inf if dtype.is_floating_point else torch.iinfo(dtype).min


def _max_pool(op_name, value, ksize, strides, padding, data_format, n):
    a, t, channels_first, window, stride, outs, pads = _pool_setup(
        op_name, value, ksize, strides, padding, data_format, n, _MAX_POOL_TYPES, MAX_POOL)
    if outs is None:  # across depth: the maximum of each group of ``window`` channels
        return wrap(_from_torch(t.unflatten(1, (-1, window)).amax(2), channels_first))
    if 0 in outs or t.shape[0] == 0:
        return wrap(_from_torch(_empty(t, t.shape[1], outs), channels_first))
    symmetric = _symmetric(pads)
    try:
        if t.dtype.is_floating_point and symmetric is not None:  # torch pads with -inf itself
            return wrap(_from_torch(_MAX_POOL[n](t, window, stride, symmetric), channels_first))
        padded = _pad(t, pads, _lowest(t.dtype))
        if t.dtype.is_floating_point:
            result = _MAX_POOL[n](padded, window, stride)
        else:  # torch's CUDA max pooling has no integer kernels
            for i, (size, step) in enumerate(zip(window, stride)):
                padded = padded.unfold(2 + i, size, step)
            result = padded.amax(tuple(range(-n, 0)))
    except RuntimeError as error:
        raise translate_error(error, op_name, a) from None
    return wrap(_from_torch(result, channels_first))


def _sum_pool(t, window, stride):
    """Window sums of an NC... tensor (1-d runs as 2-d: torch's avg_pool1d has no divisor_override)."""
    if len(window) == 1:
        return F.avg_pool2d(t.unsqueeze(2), (1, window[0]), (1, stride[0]), divisor_override=1).squeeze(2)
    return _AVG_POOL[len(window)](t, window, stride, divisor_override=1)


def _avg_pool(op_name, value, ksize, strides, padding, data_format, n):
    """Average pooling; TF's SAME windows average only the cells inside the input."""
    a, t, channels_first, window, stride, outs, pads = _pool_setup(
        op_name, value, ksize, strides, padding, data_format, n, FLOATING, NN_FLOAT)
    if 0 in outs or t.shape[0] == 0:
        return wrap(_from_torch(_empty(t, t.shape[1], outs), channels_first))
    symmetric = _symmetric(pads)
    try:
        # count_include_pad=False is TF's rule for symmetric padding; torch's CUDA backward of padded
        # average pooling is wrong for channels-last inputs, so GPUs take the explicit route.
        if symmetric is not None and not t.is_cuda:
            result = _AVG_POOL[n](t, window, stride, symmetric, count_include_pad=False)
        else:
            ones = torch.ones((1, 1, *t.shape[2:]), dtype=t.dtype, device=t.device)
            result = _sum_pool(_pad(t, pads), window, stride) / _sum_pool(_pad(ones, pads), window, stride)
    except RuntimeError as error:
        raise translate_error(error, op_name, a) from None
    return wrap(_from_torch(result, channels_first))


@export("nn.max_pool", status=PARTIAL, note=_DEPTH_POOL_NOTE)
def max_pool(value, ksize, strides, padding, data_format="NHWC", name=None, input=None):
    value = deprecated_argument_lookup("input", input, "value", value)
    return _max_pool("MaxPool", value, ksize, strides, padding, data_format, 2)


@export("nn.max_pool2d", status=PARTIAL, note=_DEPTH_POOL_NOTE)
def max_pool2d(input, ksize, strides, padding, data_format="NHWC", name=None):
    return _max_pool("MaxPool", input, ksize, strides, padding, data_format, 2)


@export("nn.max_pool1d", status=PARTIAL, note=_DEPTH_POOL_NOTE)
def max_pool1d(input, ksize, strides, padding, data_format="NWC", name=None):
    return _max_pool("MaxPool", input, ksize, strides, padding, data_format, 1)


@export("nn.max_pool3d", status=PARTIAL, note=_DEPTH_POOL_NOTE)
def max_pool3d(input, ksize, strides, padding, data_format="NDHWC", name=None):
    return _max_pool("MaxPool3D", input, ksize, strides, padding, data_format, 3)


@export("nn.avg_pool")
def avg_pool(value, ksize, strides, padding, data_format="NHWC", name=None, input=None):
    value = deprecated_argument_lookup("input", input, "value", value)
    return _avg_pool("AvgPool", value, ksize, strides, padding, data_format, 2)


@export("nn.avg_pool2d")
def avg_pool2d(value, ksize, strides, padding, data_format="NHWC", name=None, input=None):
    value = deprecated_argument_lookup("input", input, "value", value)
    return _avg_pool("AvgPool", value, ksize, strides, padding, data_format, 2)


@export("nn.avg_pool1d")
def avg_pool1d(input, ksize, strides, padding, data_format="NWC", name=None):
    return _avg_pool("AvgPool", input, ksize, strides, padding, data_format, 1)


@export("nn.avg_pool3d")
def avg_pool3d(input, ksize, strides, padding, data_format="NDHWC", name=None):
    return _avg_pool("AvgPool3D", input, ksize, strides, padding, data_format, 3)


def _pool_v2(pooling_type, input, ksize, strides, padding, data_format):
    """TF's max_pool_v2 / avg_pool_v2: the pooling op for the input's rank (3, 4 or 5)."""
    value = input if type(input) is Tensor else wrap(convert(input))
    n = value._t.ndim - 2
    if not 1 <= n <= 3:
        raise ValueError(f"Input tensor must be of rank 3, 4 or 5 but was {n + 2}.")
    function, _, _, _, op_names = _POOLS[pooling_type]
    return function(op_names[n], value, ksize, strides, padding, data_format, n)


@export("nn.max_pool_v2", status=PARTIAL, note=_DEPTH_POOL_NOTE)
def max_pool_v2(input, ksize, strides, padding, data_format=None, name=None):
    """max_pool1d, max_pool2d or max_pool3d, as the input's rank says."""
    return _pool_v2("MAX", input, ksize, strides, padding, data_format)


@export("nn.avg_pool_v2")
def avg_pool_v2(input, ksize, strides, padding, data_format=None, name=None):
    """avg_pool1d, avg_pool2d or avg_pool3d, as the input's rank says."""
    return _pool_v2("AVG", input, ksize, strides, padding, data_format)


# tf.nn.pool's pooling types: (pooling function, reduction over dilated windows, the kernel's
# dtypes and their names, the kernel names by number of spatial dimensions; 1-d runs the 2-d kernel).
_POOLS = {
    "MAX": (_max_pool, torch.amax, _MAX_POOL_TYPES, MAX_POOL,
            {1: "MaxPool", 2: "MaxPool", 3: "MaxPool3D"}),
    "AVG": (_avg_pool, torch.mean, FLOATING, NN_FLOAT, {1: "AvgPool", 2: "AvgPool", 3: "AvgPool3D"}),
}


def _pool_rates(values, n, name):
    """TF's _get_strides_and_dilation_rate for one of the two: n positive ints, [1] * n for None."""
    if values is None:
        return [1] * n
    if len(values) != n:
        raise ValueError(f"len({name})={len(values)} but should be {n}")
    values = _int_list(values)
    if any(v < 1 for v in values):
        raise ValueError(f"all values of {name} must be positive")
    return values


def _dilated_pool(op_name, value, window, dilation, padding, data_format, n, reduce, allowed, names):
    """VALID pooling with holes, stride 1: reduce(input[x + dilation * z]) over the window offsets z.

    TF runs the plain pooling kernel between space_to_batch and batch_to_space; the result is
    the same as reducing each dilated window directly.
    """
    if padding != "VALID":
        raise ValueError(f"Invalid padding method {padding!r}")
    shape = value._t.shape
    spatial = shape[2:] if _starts_with_channels(data_format, op_name) else shape[1:-1]
    for i, (size, width, rate) in enumerate(zip(spatial, window, dilation)):
        if size < (width - 1) * rate:  # batch_to_space would crop the padded result below nothing
            raise invalid_argument(f"cropped_shape[{i}]={size - (width - 1) * rate} must be non-negative",
                                   "BatchToSpaceND")
    _, t, channels_first, window, _, outs, _ = _pool_setup(
        op_name, value, window, None, "VALID", data_format, n, allowed, names, dilation)
    if 0 in outs or t.shape[0] == 0:
        return wrap(_from_torch(_empty(t, t.shape[1], outs), channels_first))
    for i, (size, rate) in enumerate(zip(window, dilation)):
        t = t.unfold(2 + i, (size - 1) * rate + 1, 1)[..., ::rate]  # window offsets go last
    return wrap(_from_torch(reduce(t, tuple(range(-n, 0))), channels_first))


@export("nn.pool")
def pool(input, window_shape, pooling_type, padding, dilation_rate=None, strides=None, name=None,
         data_format=None, dilations=None):
    """N-d (N = 1, 2, 3) 'MAX' or 'AVG' pooling over the spatial dimensions of an N+2-d input.

    ``window_shape``, ``strides`` and ``dilation_rate`` list the N spatial dimensions; a
    dilation above 1 needs VALID padding and unit strides, as in TF.
    """
    dilation_rate = deprecated_argument_lookup("dilations", dilations, "dilation_rate", dilation_rate)
    value = input if type(input) is Tensor else wrap(convert(input))
    window = _int_list(window_shape)
    n = len(window)
    if not 1 <= n <= 3:
        raise ValueError("It is required that 1 <= num_spatial_dims <= 3.")
    shape = tuple(value._t.shape)
    if len(shape) != n + 2:
        raise ValueError(f"Shape {shape_string(shape)} must have rank {n + 2}")
    dilation = _pool_rates(dilation_rate, n, "dilation_rate")
    stride = _pool_rates(strides, n, "strides")
    if any(s > 1 for s in stride) and any(d > 1 for d in dilation):
        raise ValueError("strides > 1 not supported in conjunction with dilation_rate > 1")
    if padding == "SAME" and any(d > 1 for d in dilation):
        raise ValueError("pooling with SAME padding is not implemented for dilation_rate > 1")
    if any(s > w for s, w in zip(stride, window)):
        raise ValueError("strides > window_shape not supported due to inconsistency between CPU and GPU "
                         "implementations")
    if pooling_type not in _POOLS:
        raise ValueError(f"{n}-D {pooling_type} pooling is not supported.")
    function, reduce, allowed, names, op_names = _POOLS[pooling_type]
    if n == 1 and data_format not in (None, "NWC", "NCW"):
        raise ValueError('data_format must be either "NWC" or "NCW".')
    if any(d > 1 for d in dilation):
        return _dilated_pool(op_names[n], value, window, dilation, padding, data_format, n, reduce, allowed,
                             names)
    return function(op_names[n], value, window, stride, padding, data_format, n)


MaxPoolWithArgmax = collections.namedtuple("MaxPoolWithArgmax", ["output", "argmax"])


@export("nn.max_pool_with_argmax")
def max_pool_with_argmax(input, ksize, strides, padding, data_format="NHWC", Targmax=None, name=None,
                         output_dtype=None, include_batch_in_index=False):
    """(max_pool, argmax) where argmax flattens [y, x, c] (and b if include_batch_in_index) of NHWC."""
    if data_format != "NHWC":
        raise ValueError("Data formats other than 'NHWC' are not yet supported")
    argmax_dtype = deprecated_argument_lookup("output_dtype", output_dtype, "Targmax", Targmax)
    argmax_dtype = dtypes.as_dtype(argmax_dtype or dtypes.int64)
    a, t, _, window, stride, outs, pads = _pool_setup(
        "MaxPoolWithArgmax", input, ksize, strides, padding, "NHWC", 2, _MAX_POOL_TYPES, MAX_POOL)
    batch, channels, height, width = t.shape
    if 0 in outs or batch == 0:
        empty = _empty(t, channels, outs)
        return MaxPoolWithArgmax(wrap(_from_torch(empty, False)),
                                 wrap(_from_torch(empty.to(argmax_dtype._torch), False)))
    padded = _pad(t, pads, _lowest(t.dtype))
    try:
        result, index = F.max_pool2d(padded, window, stride, return_indices=True)
    except RuntimeError as error:
        raise translate_error(error, "MaxPoolWithArgmax", a) from None
    (top, _), (left, _) = pads
    padded_width = padded.shape[3]
    row, col = index // padded_width - top, index % padded_width - left
    flat = (row * width + col) * channels + torch.arange(channels, device=t.device).reshape(1, -1, 1, 1)
    if include_batch_in_index:
        flat = flat + torch.arange(batch, device=t.device).reshape(-1, 1, 1, 1) * (height * width * channels)
    return MaxPoolWithArgmax(wrap(_from_torch(result, False)),
                             wrap(_from_torch(flat.to(argmax_dtype._torch), False)))
