"""tf.nn convolutions, and the layout, window and padding rules they share with pooling_ops.

TF layouts throughout: NHWC (N...C) inputs by default, HWIO filters, and TF's
'SAME' padding, which is asymmetric (the extra cell goes after) — computed once
in ``_window`` and applied with ``F.pad`` before a VALID torch convolution or
pooling.  ``_to_torch`` / ``_from_torch`` are the only layout transposes.
"""

import collections
import collections.abc

import torch
import torch.nn.functional as F

from ..framework.errors import attr_error, invalid_argument
from ..framework.tensor import Tensor, convert, translate_error, wrap
from ..registry import export
from .arguments import deprecated_argument_lookup, string_attr
from .nn_ops import _dims, _input, _int_list, _same_dtype

# --- convolution and pooling: layout, windows, padding ------------------------------------------------------

_FORMATS = {1: ("NWC", "NCW"), 2: ("NHWC", "NCHW"), 3: ("NDHWC", "NCDHW")}
_CONV = {1: F.conv1d, 2: F.conv2d, 3: F.conv3d}
_CONV_TRANSPOSE = {1: F.conv_transpose1d, 2: F.conv_transpose2d, 3: F.conv_transpose3d}
_MAX_POOL = {1: F.max_pool1d, 2: F.max_pool2d, 3: F.max_pool3d}
_AVG_POOL = {1: F.avg_pool1d, 2: F.avg_pool2d, 3: F.avg_pool3d}


def _channels_first(data_format, n, op_name):
    """Whether ``data_format`` puts channels first (NC...) for an n-d spatial op."""
    data_format = string_attr(data_format, "data_format", op_name)
    last, first = _FORMATS[n]
    if data_format is None or data_format == last:
        return False
    if data_format == first:
        return True
    raise attr_error(op_name, "data_format", f'"{data_format}"', f'"{last}", "{first}"')


def _starts_with_channels(data_format, op_name):
    """Whether a data_format of any rank ("NCHW", "NCW" ...) puts channels first."""
    data_format = string_attr(data_format, "data_format", op_name)
    return data_format is not None and data_format.startswith("NC")


_TO_FIRST = {rank: (0, rank - 1, *range(1, rank - 1)) for rank in (3, 4, 5)}
_TO_LAST = {rank: (0, *range(2, rank), 1) for rank in (3, 4, 5)}


def _to_torch(a, channels_first):
    """N...C -> NC... (a view; torch then runs in channels-last memory format)."""
    return a if channels_first else a.permute(_TO_FIRST[a.dim()])


def _from_torch(a, channels_first):
    return a if channels_first else a.permute(_TO_LAST[a.dim()])


def _spatial(value, n, channels_first, name):
    """TF's _get_sequence: (spatial values, full-rank values) from an int or a list of 1, n or n+2."""
    if value is None:
        values = [1] * n
    else:
        values = _int_list(value)
        if len(values) == 1:
            values = values * n
        elif len(values) not in (n, n + 2):
            raise ValueError(f"{name} should be of length 1, {n} or {n + 2} but was {len(values)}")
    if len(values) == n:
        full = [1, 1] + values if channels_first else [1] + values + [1]
        return values, full
    return (values[2:] if channels_first else values[1:-1]), values


def _padding_mode(padding, op_name, explicit):
    """'SAME', 'VALID', or (with ``explicit``) a list of [before, after] pairs."""
    if padding == "SAME" or padding == "VALID":
        return padding
    if explicit and isinstance(padding, (list, tuple)):
        return [tuple(_int_list(pair, "explicit_paddings", op_name)) for pair in padding]
    padding = string_attr(padding, "padding", op_name)
    if padding == "SAME" or padding == "VALID":
        return padding
    if explicit and padding == "EXPLICIT":
        raise ValueError('"EXPLICIT" is not a valid value for the padding parameter. To use explicit '
                         'padding, the padding parameter must be a list.')
    allowed = '"SAME", "VALID", "EXPLICIT"' if explicit else '"SAME", "VALID"'
    raise attr_error(op_name, "padding", f'"{padding}"', allowed)


def _window(sizes, windows, strides, dilations, padding, op_name):
    """TF's windowed output sizes and (before, after) pads for each spatial dimension.

    SAME: out = ceil(in / stride), total pad = max((out - 1) * stride + effective window - in, 0),
    with the odd cell after.  VALID: out = (in - effective window + stride) / stride (C division).
    """
    outs, pads = [], []
    for i, (size, window, stride, dilation) in enumerate(zip(sizes, windows, strides, dilations)):
        if stride <= 0:
            raise invalid_argument(f"Stride must be > 0, but got {stride}", op_name)
        effective = (window - 1) * dilation + 1
        if padding == "VALID":
            before = after = 0
        elif padding == "SAME":
            total = max(((size + stride - 1) // stride - 1) * stride + effective - size, 0)
            before, after = total // 2, total - total // 2
        else:
            before, after = padding[i]
        numerator = size + before + after - effective + stride
        out = numerator // stride if numerator >= 0 else -(-numerator // stride)
        if out < 0:
            raise invalid_argument(f"Computed output size would be negative: {out} [input_size: {size}, "
                                   f"effective_filter_size: {effective}, stride: {stride}]", op_name)
        outs.append(out)
        pads.append((before, after))
    return outs, pads


def _pad(t, pads, value=0.0):
    """Pad the trailing spatial dimensions of an NC... tensor by (before, after) pairs."""
    if not any(before or after for before, after in pads):
        return t
    return F.pad(t, [p for pair in reversed(pads) for p in pair], value=value)


def _symmetric(pads):
    """Torch's own (symmetric) padding for ``pads`` when before == after everywhere, else None.

    Passing it to the torch op avoids copying the input through ``F.pad``.
    """
    if all(before == after for before, after in pads):
        return tuple(before for before, _ in pads)
    return None


def _empty(t, channels, outs):
    """An NC... result with a zero-sized dimension (torch refuses windows larger than the input)."""
    return t.new_zeros((t.shape[0], channels, *outs))


def _explicit_pads(padding, channels_first, n, op_name):
    if len(padding) != n + 2:
        raise ValueError(f"When padding is explicit, padding must be a list of {n + 2} pairs, "
                         f"got {len(padding)}")
    outer = (padding[0], padding[1]) if channels_first else (padding[0], padding[-1])
    if any(p != (0, 0) for p in outer):
        raise invalid_argument("Nonzero padding is not supported for the batch or depth dimensions",
                               op_name)
    return padding[2:] if channels_first else padding[1:-1]


# --- convolution -------------------------------------------------------------------------------------

def _conv(op_name, x, filters, strides, padding, dilations, data_format, n, depthwise=False):
    """An n-d TF convolution: N...C input (or NC...), [k..., in, out] filter ([k..., in, mult] if depthwise)."""
    channels_first = _channels_first(data_format, n, op_name)
    padding = _padding_mode(padding, op_name, explicit=not depthwise)
    a = _input(x, op_name)
    w = _same_dtype(a, filters, op_name)
    rank = n + 2
    if a.dim() != rank:
        raise invalid_argument(f"input must be {rank}-dimensional{_dims(a.shape)}", op_name)
    if w.dim() != rank:
        raise invalid_argument(f"filter must be {rank}-dimensional: {_dims(w.shape)}", op_name)
    stride, full_stride = _spatial(strides, n, channels_first, "strides")
    dilation, full_dilation = _spatial(dilations, n, channels_first, "dilations")
    outer = (0, 1) if channels_first else (0, -1)
    if any(full_stride[i] != 1 for i in outer):
        raise invalid_argument("Current implementation does not yet support strides in the batch and "
                               "depth dimensions.", op_name)
    if any(full_dilation[i] != 1 for i in outer):
        raise invalid_argument("Current implementation does not yet support dilations in the batch and "
                               "depth dimensions.", op_name)
    in_depth = a.shape[outer[1]]
    if in_depth != w.shape[n]:
        raise invalid_argument(f"input and filter must have the same depth: {in_depth} vs {w.shape[n]}",
                               op_name)
    if type(padding) is list:
        padding = _explicit_pads(padding, channels_first, n, op_name)
    t = _to_torch(a, channels_first)
    outs, pads = _window(t.shape[2:], w.shape[:n], stride, dilation, padding, op_name)
    if depthwise:
        weight = w.reshape(*w.shape[:n], -1).movedim(-1, 0).unsqueeze(1)
        groups = in_depth
    else:
        weight = w.permute(n + 1, n, *range(n))  # [k..., in, out] -> [out, in, k...]
        groups = 1
    if 0 in outs or t.shape[0] == 0:
        return wrap(_from_torch(_empty(t, weight.shape[0], outs), channels_first))
    try:
        symmetric = _symmetric(pads)
        if symmetric is None:
            result = _CONV[n](_pad(t, pads), weight, None, stride, 0, dilation, groups)
        else:
            result = _CONV[n](t, weight, None, stride, symmetric, dilation, groups)
    except RuntimeError as error:
        raise translate_error(error, op_name, a, w) from None
    return wrap(_from_torch(result, channels_first))


@export("nn.conv2d")
def conv2d(input, filter=None, strides=None, padding=None, use_cudnn_on_gpu=True, data_format="NHWC",
           dilations=[1, 1, 1, 1], name=None, filters=None):
    """2-D convolution of an NHWC (or NCHW) input with an HWIO filter."""
    filter = deprecated_argument_lookup("filters", filters, "filter", filter)
    return _conv("Conv2D", input, filter, strides, padding, dilations, data_format, 2)


@export("nn.conv3d")
def conv3d(input, filter=None, strides=None, padding=None, data_format="NDHWC",
           dilations=[1, 1, 1, 1, 1], name=None, filters=None):
    filter = deprecated_argument_lookup("filters", filters, "filter", filter)
    return _conv("Conv3D", input, filter, strides, padding, dilations, data_format, 3)


@export("nn.conv1d")
def conv1d(value=None, filters=None, stride=None, padding=None, use_cudnn_on_gpu=None, data_format=None,
           name=None, input=None, dilations=None):
    """1-D convolution of an NWC (or NCW) input with a [width, in, out] filter."""
    value = deprecated_argument_lookup("input", input, "value", value)
    if data_format in (None, "NWC", "NHWC"):
        data_format = "NWC"
    elif data_format in ("NCW", "NCHW"):
        data_format = "NCW"
    else:
        raise ValueError('data_format must be "NWC" or "NCW".')
    return _conv("Conv2D", value, filters, stride, padding, dilations, data_format, 1)


@export("nn.convolution")
def convolution(input, filter, padding, strides=None, dilation_rate=None, name=None, data_format=None,
                filters=None, dilations=None):
    """N-d convolution (N = rank - 2); strides and dilation_rate list the spatial dimensions."""
    filter = deprecated_argument_lookup("filters", filters, "filter", filter)
    dilation_rate = deprecated_argument_lookup("dilations", dilations, "dilation_rate", dilation_rate)
    n = len(convert(input).shape) - 2
    if n not in _FORMATS:
        raise ValueError(f"input must have rank 3, 4 or 5, got {n + 2}")
    if _starts_with_channels(data_format, "Conv"):
        data_format = _FORMATS[n][1]
    else:
        data_format = _FORMATS[n][0]
    return _conv(f"Conv{n}D" if n != 1 else "Conv2D", input, filter, strides, padding, dilation_rate,
                 data_format, n)


@export("nn.atrous_conv2d")
def atrous_conv2d(value, filters, rate, padding, name=None):
    """conv2d with the filter dilated by ``rate`` (stride 1)."""
    if rate < 1:
        raise ValueError(f"rate {rate} cannot be less than one")
    if padding not in ("SAME", "VALID"):
        raise ValueError(f"Invalid padding method {padding!r}")
    return _conv("Conv2D", value, filters, None, padding, [1, rate, rate, 1], "NHWC", 2)


def _depthwise(input, filter, strides, padding, rate, data_format):
    if rate is not None and any(r != 1 for r in _int_list(rate)):
        stride_values = _int_list(strides)
        if any(s != 1 for s in stride_values):
            raise ValueError("strides > 1 not supported in conjunction with dilation_rate > 1")
    dilations = None if rate is None else _int_list(rate)
    return _conv("DepthwiseConv2dNative", input, filter, strides, padding, dilations, data_format, 2,
                 depthwise=True)


@export("nn.depthwise_conv2d")
def depthwise_conv2d(input, filter, strides, padding, rate=None, name=None, data_format=None, dilations=None):
    """Per-channel convolution with a [h, w, in, multiplier] filter; output channel c * mult + m."""
    rate = deprecated_argument_lookup("dilations", dilations, "rate", rate)
    return _depthwise(input, filter, strides, padding, rate, data_format)


@export("nn.depthwise_conv2d_native")
def depthwise_conv2d_native(input, filter, strides, padding, data_format="NHWC", dilations=[1, 1, 1, 1],
                            name=None):
    return _depthwise(input, filter, strides, padding, dilations, data_format)


@export("nn.separable_conv2d")
def separable_conv2d(input, depthwise_filter, pointwise_filter, strides, padding, rate=None, name=None,
                     data_format=None, dilations=None):
    """depthwise_conv2d followed by a 1x1 conv2d with ``pointwise_filter``."""
    rate = deprecated_argument_lookup("dilations", dilations, "rate", rate)
    depthwise = _depthwise(input, depthwise_filter, strides, padding, rate, data_format)
    return _conv("Conv2D", depthwise, pointwise_filter, None, "VALID", None, data_format, 2)


def _backprop_window(op_name, sizes, kernel, stride, dilation, padding, actual_outs, channels_first):
    """The forward conv's (output sizes, pads); out_backprop's sizes must be those outputs."""
    outs, pads = _window(sizes, kernel, stride, dilation, padding, op_name)
    first_spatial = 2 if channels_first else 1
    label = op_name.replace("Backprop", "CustomBackprop")  # the CPU kernel's name in TF's message
    for i, (out, actual) in enumerate(zip(outs, actual_outs)):
        if out != actual:
            raise invalid_argument(
                f"{label}: Size of out_backprop doesn't match computed: actual = {actual}, computed = {out} "
                f"spatial_dim: {first_spatial + i} input: {sizes[i]} filter: {kernel[i]} output: {actual} "
                f"stride: {stride[i]} dilation: {dilation[i]}", op_name)
    return outs, pads


def _conv_backprop_input(op_name, output_shape, filters, value, strides, padding, dilations, data_format, n):
    """The gradient of an n-d conv with respect to its input: TF's transposed convolution.

    ``filters`` is [k..., out_channels, in_channels] where out_channels are the result's
    channels (the forward conv's input) and in_channels those of ``value``.
    """
    channels_first = _channels_first(data_format, n, op_name)
    padding = _padding_mode(padding, op_name, explicit=True)
    g = _input(value, op_name)
    w = _same_dtype(g, filters, op_name)
    rank = n + 2
    shape = _int_list(output_shape)
    if len(shape) != rank:
        raise invalid_argument(f"input_sizes must be {rank}-dimensional, got: {len(shape)}", op_name)
    if g.dim() != rank or w.dim() != rank:
        raise invalid_argument(f"input and filter must be {rank}-dimensional: out_backprop "
                               f"{_dims(g.shape)}, filter {_dims(w.shape)}", op_name)
    stride, _ = _spatial(strides, n, channels_first, "strides")
    dilation, _ = _spatial(dilations, n, channels_first, "dilations")
    if type(padding) is list:
        padding = _explicit_pads(padding, channels_first, n, op_name)
    channel = 1 if channels_first else -1
    if shape[channel] != w.shape[n] or g.shape[channel] != w.shape[n + 1]:
        raise invalid_argument(f"input and filter must have the same depth: {shape[channel]} vs {w.shape[n]}"
                               if shape[channel] != w.shape[n] else
                               f"filter and out_backprop must have the same out_depth: {w.shape[n + 1]} vs "
                               f"{g.shape[channel]}", op_name)
    t = _to_torch(g, channels_first)
    sizes = shape[2:] if channels_first else shape[1:-1]
    outs, pads = _backprop_window(op_name, sizes, w.shape[:n], stride, dilation, padding, t.shape[2:],
                                  channels_first)
    # [k..., out, in] -> [in, out, k...] (torch's transposed layout); contiguous for the filter's gradient
    weight = w.permute(n + 1, n, *range(n)).contiguous()
    batch = t.shape[0]
    if 0 in outs or batch == 0:
        return wrap(_from_torch(t.new_zeros((batch, shape[channel], *sizes)), channels_first))
    # The full transposed result spans the padded input; crop the padding back off.
    padded = [size + before + after for size, (before, after) in zip(sizes, pads)]
    extra = [p - ((o - 1) * s + (k - 1) * d + 1)
             for p, o, s, k, d in zip(padded, outs, stride, w.shape[:n], dilation)]
    try:
        full = _CONV_TRANSPOSE[n](t, weight, None, stride, 0, extra, 1, dilation)
    except RuntimeError as error:
        raise translate_error(error, op_name, g, w) from None
    crop = (slice(None), slice(None)) + tuple(slice(before, before + size)
                                              for (before, _), size in zip(pads, sizes))
    return wrap(_from_torch(full[crop], channels_first))


@export("nn.conv2d_transpose")
def conv2d_transpose(value=None, filter=None, output_shape=None, strides=None, padding="SAME",
                     data_format="NHWC", name=None, input=None, filters=None, dilations=None):
    """The transpose (gradient) of conv2d; ``filter`` is [h, w, output channels, input channels]."""
    value = deprecated_argument_lookup("input", input, "value", value)
    filter = deprecated_argument_lookup("filters", filters, "filter", filter)
    channels_first = _starts_with_channels(data_format, "Conv2DBackpropInput")
    axis = 1 if channels_first else 3
    v_shape, f_shape = convert(value).shape, convert(filter).shape
    if len(v_shape) == 4 and len(f_shape) == 4 and v_shape[axis] != f_shape[3]:
        raise ValueError(f"input channels does not match filter's input channels, "
                         f"{v_shape[axis]} != {f_shape[3]}")
    shape = _int_list(output_shape)
    if len(shape) != 4:
        raise ValueError(f"output_shape must have shape (4,), got ({len(shape)},)")
    if len(f_shape) == 4 and shape[axis] != f_shape[2]:
        raise ValueError(f"output_shape does not match filter's output channels, {shape[axis]} != {f_shape[2]}")
    if padding != "VALID" and padding != "SAME":
        raise ValueError(f"padding must be either VALID or SAME: {padding}")
    return _conv_backprop_input("Conv2DBackpropInput", shape, filter, value, strides, padding, dilations,
                                data_format, 2)


@export("nn.conv2d_backprop_input")
def conv2d_backprop_input(input_sizes, filter=None, out_backprop=None, strides=None, padding=None,
                          use_cudnn_on_gpu=True, data_format="NHWC", dilations=[1, 1, 1, 1], name=None,
                          filters=None):
    filter = deprecated_argument_lookup("filters", filters, "filter", filter)
    return _conv_backprop_input("Conv2DBackpropInput", input_sizes, filter, out_backprop, strides, padding,
                                dilations, data_format, 2)


_CONV_WEIGHT = {2: torch.nn.grad.conv2d_weight, 3: torch.nn.grad.conv3d_weight}


def _conv_backprop_filter(op_name, x, filter_sizes, value, strides, padding, dilations, data_format, n):
    """The gradient of an n-d conv with respect to its [k..., in, out] filter of ``filter_sizes``."""
    channels_first = _channels_first(data_format, n, op_name)
    padding = _padding_mode(padding, op_name, explicit=n == 2)
    a = _input(x, op_name)
    g = _same_dtype(a, value, op_name, index=2)
    rank = n + 2
    sizes = _int_list(filter_sizes)
    if len(sizes) != rank:
        raise invalid_argument(f"filter_sizes must be {rank}-dimensional, got: {len(sizes)}", op_name)
    if a.dim() != rank or g.dim() != rank:
        raise invalid_argument(f"input and out_backprop must be {rank}-dimensional: input {_dims(a.shape)}, "
                               f"out_backprop {_dims(g.shape)}", op_name)
    stride, _ = _spatial(strides, n, channels_first, "strides")
    dilation, _ = _spatial(dilations, n, channels_first, "dilations")
    if type(padding) is list:
        padding = _explicit_pads(padding, channels_first, n, op_name)
    channel = 1 if channels_first else -1
    if a.shape[channel] != sizes[n]:
        raise invalid_argument(f"input and filter must have the same depth: {a.shape[channel]} vs {sizes[n]}",
                               op_name)
    if g.shape[channel] != sizes[n + 1]:
        raise invalid_argument(f"filter and out_backprop must have the same out_depth: {sizes[n + 1]} vs "
                               f"{g.shape[channel]}", op_name)
    t, grad = _to_torch(a, channels_first), _to_torch(g, channels_first)
    _, pads = _backprop_window(op_name, t.shape[2:], sizes[:n], stride, dilation, padding, grad.shape[2:],
                               channels_first)
    weight_size = (sizes[n + 1], sizes[n], *sizes[:n])  # torch's [out, in, k...]
    if 0 in weight_size or grad.numel() == 0:
        return wrap(a.new_zeros(sizes))
    try:
        weight = _CONV_WEIGHT[n](_pad(t, pads), weight_size, grad, stride, 0, dilation)
    except RuntimeError as error:
        raise translate_error(error, op_name, a, g) from None
    return wrap(weight.permute(*range(2, rank), 1, 0))


@export("nn.conv2d_backprop_filter")
def conv2d_backprop_filter(input, filter_sizes, out_backprop, strides, padding, use_cudnn_on_gpu=True,
                           data_format="NHWC", dilations=[1, 1, 1, 1], name=None):
    """The gradient of conv2d with respect to its HWIO filter (of shape ``filter_sizes``)."""
    return _conv_backprop_filter("Conv2DBackpropFilter", input, filter_sizes, out_backprop, strides, padding,
                                 dilations, data_format, 2)


@export("nn.conv3d_backprop_filter", "nn.conv3d_backprop_filter_v2")
def conv3d_backprop_filter(input, filter_sizes, out_backprop, strides, padding, data_format="NDHWC",
                           dilations=[1, 1, 1, 1, 1], name=None):
    """The gradient of conv3d with respect to its DHWIO filter (of shape ``filter_sizes``)."""
    return _conv_backprop_filter("Conv3DBackpropFilterV2", input, filter_sizes, out_backprop, strides, padding,
                                 dilations, data_format, 3)


@export("nn.conv1d_transpose")
def conv1d_transpose(input, filters, output_shape, strides, padding="SAME", data_format="NWC", dilations=None,
                     name=None):
    """The transpose of conv1d; ``filters`` is [width, output channels, input channels]."""
    if data_format not in (None, "NWC", "NCW"):
        raise ValueError('data_format must be "NWC" or "NCW".')
    return _conv_backprop_input("Conv2DBackpropInput", output_shape, filters, input, strides, padding, dilations,
                                data_format, 1)


@export("nn.conv3d_transpose")
def conv3d_transpose(value, filter=None, output_shape=None, strides=None, padding="SAME", data_format="NDHWC",
                     name=None, input=None, filters=None, dilations=None):
    """The transpose of conv3d; ``filter`` is [d, h, w, output channels, input channels]."""
    value = deprecated_argument_lookup("input", input, "value", value)
    filter = deprecated_argument_lookup("filters", filters, "filter", filter)
    return _conv_backprop_input("Conv3DBackpropInputV2", output_shape, filter, value, strides, padding, dilations,
                                data_format, 3)


_CONV_TRANSPOSE_OPS = {1: "Conv2DBackpropInput", 2: "Conv2DBackpropInput", 3: "Conv3DBackpropInputV2"}


@export("nn.conv_transpose")
def conv_transpose(input, filters, output_shape, strides, padding="SAME", data_format=None, dilations=None,
                   name=None):
    """The 1-, 2- or 3-d transposed convolution that ``output_shape``'s length asks for."""
    if isinstance(output_shape, Tensor):
        n = output_shape._t.shape[0] - 2
    elif isinstance(output_shape, collections.abc.Sized):
        n = len(output_shape) - 2
    else:
        raise ValueError("output_shape must be a tensor or sized collection.")  # noqa: TRY004 - TF's class
    if not 1 <= n <= 3:
        raise ValueError(f"output_shape must be of length 3, 4 or 5 but was {n + 2}.")
    if n == 1 and data_format not in (None, "NWC", "NCW"):
        raise ValueError('data_format must be "NWC" or "NCW".')
    return _conv_backprop_input(_CONV_TRANSPOSE_OPS[n], output_shape, filters, input, strides, padding, dilations,
                                data_format, n)
