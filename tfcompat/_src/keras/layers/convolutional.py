"""Convolution layers (TF 1.15 keras/layers/convolutional.py): Conv1D/2D/3D, Conv2DTranspose,
SeparableConv2D, DepthwiseConv2D, and the reshaping layers ZeroPadding1D/2D, Cropping2D,
UpSampling1D/2D.

Inputs are channels_last (N...C) unless data_format='channels_first'; kernels are TF's
[k..., in, out].  The convolutions run through tf.nn's kernels (nn_ops), which hold the one TF
'SAME' padding rule (asymmetric for strides > 1) and hand torch an NC... view of an N...C input,
so torch runs its channels-last kernels without copying.
"""

import operator
import numpy as np
import torch
import torch.nn.functional as F

from ...framework import dtypes
from ...framework.tensor import convert, wrap
from ...framework.tensor_shape import TensorShape
from ...ops import array_ops, conv_ops, creation_ops
from ...registry import export
from .. import activations, constraints, initializers, regularizers
from ..engine.base_layer import Layer
from ..engine.input_spec import InputSpec
from .core import _normalize_data_format

_TF_FORMATS = {("channels_last", 1): "NWC", ("channels_first", 1): "NCW", ("channels_last", 2): "NHWC",
               ("channels_first", 2): "NCHW", ("channels_last", 3): "NDHWC", ("channels_first", 3): "NCDHW"}


def normalize_tuple(value, n, name):
    """An int or an iterable of n ints as a tuple of n ints (Keras' conv_utils.normalize_tuple)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return (value,) * n
    message = f"The `{name}` argument must be a tuple of {n} integers. Received: {value}"
    try:
        values = tuple(value)
    except TypeError:
        raise ValueError(message) from None
    if len(values) != n:
        raise ValueError(message)
    for single in values:
        if not hasattr(type(single), "__index__") or isinstance(single, bool):
            raise ValueError(message + f" including element {single} of type {type(single)}")
    return tuple(operator.index(single) for single in values)  # Dimensions and NumPy ints too, as TF's int()


def normalize_padding(value):
    """'valid', 'same' or 'causal', in any case (Keras' conv_utils.normalize_padding)."""
    padding = value.lower() if isinstance(value, str) else value
    if padding not in ("valid", "same", "causal"):
        raise ValueError('The `padding` argument must be one of "valid", "same" (or "causal", only for `Conv1D). '
                         f"Received: {padding}")
    return padding


def conv_output_length(length, kernel, padding, stride, dilation=1):
    if length is None:
        return None
    dilated = (kernel - 1) * dilation + 1
    if padding in ("same", "causal"):
        out = length
    elif padding == "valid":
        out = length - dilated + 1
    else:  # full
        out = length + dilated - 1
    return (out + stride - 1) // stride


def deconv_output_length(length, kernel, padding, output_padding=None, stride=0, dilation=1):
    if length is None:
        return None
    kernel = (kernel - 1) * dilation + 1
    if output_padding is None:
        if padding == "valid":
            return length * stride + max(kernel - stride, 0)
        if padding == "full":
            return length * stride - (stride + kernel - 2)
        return length * stride
    pad = {"same": kernel // 2, "valid": 0, "full": kernel - 1}[padding]
    return (length - 1) * stride + kernel - 2 * pad + output_padding


def _spatial_shape(input_shape, data_format):
    dims = TensorShape(input_shape).as_list()
    return dims[2:] if data_format == "channels_first" else dims[1:-1]


def _with_spatial(input_shape, data_format, spatial, channels):
    dims = TensorShape(input_shape).as_list()
    if data_format == "channels_first":
        return TensorShape([dims[0], channels, *spatial])
    return TensorShape([dims[0], *spatial, channels])


def _serialize_weight_args(layer, prefix):
    """The config entries of a weight's initializer/regularizer/constraint trio."""
    return {f"{prefix}_initializer": initializers.serialize(getattr(layer, f"{prefix}_initializer")),
                f"{prefix}_regularizer": regularizers.serialize(getattr(layer, f"{prefix}_regularizer")),
                f"{prefix}_constraint": constraints.serialize(getattr(layer, f"{prefix}_constraint"))}


def _set_weight_args(layer, prefix, initializer, regularizer, constraint):
    setattr(layer, f"{prefix}_initializer", initializers.get(initializer))
    setattr(layer, f"{prefix}_regularizer", regularizers.get(regularizer))
    setattr(layer, f"{prefix}_constraint", constraints.get(constraint))


def _add(layer, name, shape, prefix):
    return layer.add_weight(name, shape=shape, initializer=getattr(layer, f"{prefix}_initializer"),
                            regularizer=getattr(layer, f"{prefix}_regularizer"),
                            constraint=getattr(layer, f"{prefix}_constraint"), trainable=True, dtype=layer.dtype)


class Conv(Layer):
    """The n-d convolution layer: ``activation(conv(inputs, kernel) + bias)``."""

    _op_name = "Conv2D"

    def __init__(self, rank, filters, kernel_size, strides=1, padding="valid", data_format=None,
                 dilation_rate=1, activation=None, use_bias=True, kernel_initializer="glorot_uniform",
                 bias_initializer="zeros", kernel_regularizer=None, bias_regularizer=None,
                 activity_regularizer=None, kernel_constraint=None, bias_constraint=None, trainable=True,
                 name=None, **kwargs):
        super().__init__(trainable=trainable, name=name,
                         activity_regularizer=regularizers.get(activity_regularizer), **kwargs)
        self.rank = rank
        self.filters = None if filters is None else int(filters)
        self.kernel_size = normalize_tuple(kernel_size, rank, "kernel_size")
        self.strides = normalize_tuple(strides, rank, "strides")
        self.padding = normalize_padding(padding)
        if self.padding == "causal" and not isinstance(self, Conv1D):
            raise ValueError("Causal padding is only implemented for Conv1D and SeparableConv1D.")
        self.data_format = _normalize_data_format(data_format)
        self.dilation_rate = normalize_tuple(dilation_rate, rank, "dilation_rate")
        self.activation = activations.get(activation)
        self._linear = self.activation is activations.linear
        self.use_bias = use_bias
        _set_weight_args(self, "kernel", kernel_initializer, kernel_regularizer, kernel_constraint)
        _set_weight_args(self, "bias", bias_initializer, bias_regularizer, bias_constraint)
        self.input_spec = InputSpec(ndim=rank + 2)
        self._tf_format = _TF_FORMATS[self.data_format, rank]
        self._tf_padding = "VALID" if self.padding == "causal" else self.padding.upper()
        self._channel_axis = 1 if self.data_format == "channels_first" else -1

    def _input_channels(self, input_shape):
        channels = TensorShape(input_shape)[self._channel_axis].value
        if channels is None:
            raise ValueError("The channel dimension of the inputs should be defined. Found `None`.")
        return channels

    def build(self, input_shape):
        channels = self._input_channels(input_shape)
        self.kernel = _add(self, "kernel", self.kernel_size + (channels, self.filters), "kernel")
        self.bias = _add(self, "bias", (self.filters,), "bias") if self.use_bias else None
        self.input_spec = InputSpec(ndim=self.rank + 2, axes={self._channel_axis: channels})
        self.built = True

    def _convolve(self, inputs):
        if self.padding == "causal":
            pad = (self.kernel_size[0] - 1) * self.dilation_rate[0]
            x = convert(inputs)
            inputs = wrap(F.pad(x, (pad, 0) if self.data_format == "channels_first" else (0, 0, pad, 0)))
        return convert(conv_ops._conv(self._op_name, inputs, self.kernel, self.strides, self._tf_padding,
                                    self.dilation_rate, self._tf_format, self.rank))

    def call(self, inputs):
        outputs = self._convolve(inputs)
        if self.bias is not None:
            bias = convert(self.bias)
            if self.data_format == "channels_first":
                bias = bias.reshape(-1, *([1] * self.rank))
            outputs = outputs + bias
        outputs = wrap(outputs)
        return outputs if self._linear else self.activation(outputs)

    def compute_output_shape(self, input_shape):
        spatial = [conv_output_length(length, k, self.padding, s, d) for length, k, s, d in
                   zip(_spatial_shape(input_shape, self.data_format), self.kernel_size, self.strides,
                       self.dilation_rate)]
        return _with_spatial(input_shape, self.data_format, spatial, self._output_channels(input_shape))

    def _output_channels(self, input_shape):
        return self.filters

    def get_config(self):
        config = {"filters": self.filters, "kernel_size": self.kernel_size, "strides": self.strides,
                  "padding": self.padding, "data_format": self.data_format, "dilation_rate": self.dilation_rate,
                  "activation": activations.serialize(self.activation), "use_bias": self.use_bias,
                  **_serialize_weight_args(self, "kernel"), **_serialize_weight_args(self, "bias"),
                  "activity_regularizer": regularizers.serialize(self.activity_regularizer)}
        return {**super().get_config(), **config}


@export("keras.layers.Conv1D", "keras.layers.Convolution1D")
class Conv1D(Conv):
    """1-d convolution over [batch, steps, channels]; padding 'valid', 'same' or 'causal'."""

    def __init__(self, filters, kernel_size, strides=1, padding="valid", data_format="channels_last",
                 dilation_rate=1, activation=None, use_bias=True, kernel_initializer="glorot_uniform",
                 bias_initializer="zeros", kernel_regularizer=None, bias_regularizer=None,
                 activity_regularizer=None, kernel_constraint=None, bias_constraint=None, **kwargs):
        super().__init__(1, filters, kernel_size, strides, padding, data_format, dilation_rate, activation,
                         use_bias, kernel_initializer, bias_initializer, kernel_regularizer, bias_regularizer,
                         activity_regularizer, kernel_constraint, bias_constraint, **kwargs)


@export("keras.layers.Conv2D", "keras.layers.Convolution2D")
class Conv2D(Conv):
    """2-d convolution over [batch, rows, cols, channels] with a [kh, kw, in, filters] kernel."""

    def __init__(self, filters, kernel_size, strides=(1, 1), padding="valid", data_format=None,
                 dilation_rate=(1, 1), activation=None, use_bias=True, kernel_initializer="glorot_uniform",
                 bias_initializer="zeros", kernel_regularizer=None, bias_regularizer=None,
                 activity_regularizer=None, kernel_constraint=None, bias_constraint=None, **kwargs):
        super().__init__(2, filters, kernel_size, strides, padding, data_format, dilation_rate, activation,
                         use_bias, kernel_initializer, bias_initializer, kernel_regularizer, bias_regularizer,
                         activity_regularizer, kernel_constraint, bias_constraint, **kwargs)


@export("keras.layers.Conv3D", "keras.layers.Convolution3D")
class Conv3D(Conv):
    """3-d convolution over [batch, depth, rows, cols, channels]."""

    _op_name = "Conv3D"

    def __init__(self, filters, kernel_size, strides=(1, 1, 1), padding="valid", data_format=None,
                 dilation_rate=(1, 1, 1), activation=None, use_bias=True, kernel_initializer="glorot_uniform",
                 bias_initializer="zeros", kernel_regularizer=None, bias_regularizer=None,
                 activity_regularizer=None, kernel_constraint=None, bias_constraint=None, **kwargs):
        super().__init__(3, filters, kernel_size, strides, padding, data_format, dilation_rate, activation,
                         use_bias, kernel_initializer, bias_initializer, kernel_regularizer, bias_regularizer,
                         activity_regularizer, kernel_constraint, bias_constraint, **kwargs)


@export("keras.layers.Conv2DTranspose", "keras.layers.Convolution2DTranspose")
class Conv2DTranspose(Conv2D):
    """The transpose of Conv2D; kernel [kh, kw, filters, in]."""

    def __init__(self, filters, kernel_size, strides=(1, 1), padding="valid", output_padding=None,
                 data_format=None, dilation_rate=(1, 1), activation=None, use_bias=True,
                 kernel_initializer="glorot_uniform", bias_initializer="zeros", kernel_regularizer=None,
                 bias_regularizer=None, activity_regularizer=None, kernel_constraint=None, bias_constraint=None,
                 **kwargs):
        super().__init__(filters, kernel_size, strides, padding, data_format, dilation_rate, activation,
                         use_bias, kernel_initializer, bias_initializer, kernel_regularizer, bias_regularizer,
                         activity_regularizer, kernel_constraint, bias_constraint, **kwargs)
        self.output_padding = output_padding
        if output_padding is not None:
            self.output_padding = normalize_tuple(output_padding, 2, "output_padding")
            for stride, out_pad in zip(self.strides, self.output_padding):
                if out_pad >= stride:
                    raise ValueError(f"Stride {self.strides} must be greater than output padding "
                                     f"{self.output_padding}")

    def build(self, input_shape):
        if TensorShape(input_shape).ndims != 4:
            raise ValueError(f"Inputs should have rank 4. Received input shape: {input_shape}")
        channels = self._input_channels(input_shape)
        self.input_spec = InputSpec(ndim=4, axes={self._channel_axis: channels})
        self.kernel = _add(self, "kernel", self.kernel_size + (self.filters, channels), "kernel")
        self.bias = _add(self, "bias", (self.filters,), "bias") if self.use_bias else None
        self.built = True

    def _output_sizes(self, spatial):
        out_pads = self.output_padding or (None, None)
        return [deconv_output_length(length, k, self.padding, p, s, d) for length, k, p, s, d in
                zip(spatial, self.kernel_size, out_pads, self.strides, self.dilation_rate)]

    def _convolve(self, inputs):
        x = convert(inputs)
        spatial = x.shape[2:] if self.data_format == "channels_first" else x.shape[1:-1]
        sizes = self._output_sizes(spatial)
        if self.data_format == "channels_first":
            shape = [x.shape[0], self.filters, *sizes]
        else:
            shape = [x.shape[0], *sizes, self.filters]
        return convert(conv_ops._conv_backprop_input("Conv2DBackpropInput", shape, self.kernel, inputs,
                                                   self.strides, self._tf_padding, self.dilation_rate,
                                                   self._tf_format, 2))

    def compute_output_shape(self, input_shape):
        sizes = self._output_sizes(_spatial_shape(input_shape, self.data_format))
        return _with_spatial(input_shape, self.data_format, sizes, self.filters)

    def get_config(self):
        return {**super().get_config(), "output_padding": self.output_padding}


@export("keras.layers.DepthwiseConv2D")
class DepthwiseConv2D(Conv2D):
    """Per-channel 2-d convolution: kernel [kh, kw, in, depth_multiplier], bias [in * depth_multiplier]."""

    def __init__(self, kernel_size, strides=(1, 1), padding="valid", depth_multiplier=1, data_format=None,
                 activation=None, use_bias=True, depthwise_initializer="glorot_uniform", bias_initializer="zeros",
                 depthwise_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                 depthwise_constraint=None, bias_constraint=None, **kwargs):
        super().__init__(None, kernel_size, strides=strides, padding=padding, data_format=data_format,
                         activation=activation, use_bias=use_bias, bias_regularizer=bias_regularizer,
                         activity_regularizer=activity_regularizer, bias_constraint=bias_constraint, **kwargs)
        self.depth_multiplier = int(depth_multiplier)
        _set_weight_args(self, "depthwise", depthwise_initializer, depthwise_regularizer, depthwise_constraint)
        self.bias_initializer = initializers.get(bias_initializer)

    def build(self, input_shape):
        if TensorShape(input_shape).ndims != 4:
            raise ValueError(f"Inputs to `DepthwiseConv2D` should have rank 4. Received input shape: {input_shape}")
        channels = self._input_channels(input_shape)
        self.depthwise_kernel = _add(self, "depthwise_kernel",
                                     self.kernel_size + (channels, self.depth_multiplier), "depthwise")
        self.bias = _add(self, "bias", (channels * self.depth_multiplier,), "bias") if self.use_bias else None
        self.input_spec = InputSpec(ndim=4, axes={self._channel_axis: channels})
        self.built = True

    def _convolve(self, inputs):
        return convert(conv_ops._depthwise(inputs, self.depthwise_kernel, self.strides, self._tf_padding,
                                         self.dilation_rate, self._tf_format))

    def _output_channels(self, input_shape):
        return TensorShape(input_shape)[self._channel_axis].value * self.depth_multiplier

    def get_config(self):
        config = super().get_config()
        for key in ("filters", "kernel_initializer", "kernel_regularizer", "kernel_constraint"):
            config.pop(key)
        return {**config, "depth_multiplier": self.depth_multiplier, **_serialize_weight_args(self, "depthwise")}


@export("keras.layers.SeparableConv2D", "keras.layers.SeparableConvolution2D")
class SeparableConv2D(Conv2D):
    """A depthwise convolution followed by a 1x1 pointwise one: kernels depthwise_kernel
    [kh, kw, in, depth_multiplier] and pointwise_kernel [1, 1, in * depth_multiplier, filters]."""

    def __init__(self, filters, kernel_size, strides=(1, 1), padding="valid", data_format=None,
                 dilation_rate=(1, 1), depth_multiplier=1, activation=None, use_bias=True,
                 depthwise_initializer="glorot_uniform", pointwise_initializer="glorot_uniform",
                 bias_initializer="zeros", depthwise_regularizer=None, pointwise_regularizer=None,
                 bias_regularizer=None, activity_regularizer=None, depthwise_constraint=None,
                 pointwise_constraint=None, bias_constraint=None, **kwargs):
        super().__init__(filters, kernel_size, strides=strides, padding=padding, data_format=data_format,
                         dilation_rate=dilation_rate, activation=activation, use_bias=use_bias,
                         bias_initializer=bias_initializer, bias_regularizer=bias_regularizer,
                         activity_regularizer=activity_regularizer, bias_constraint=bias_constraint, **kwargs)
        self.depth_multiplier = int(depth_multiplier)
        _set_weight_args(self, "depthwise", depthwise_initializer, depthwise_regularizer, depthwise_constraint)
        _set_weight_args(self, "pointwise", pointwise_initializer, pointwise_regularizer, pointwise_constraint)

    def build(self, input_shape):
        channels = self._input_channels(input_shape)
        self.input_spec = InputSpec(ndim=4, axes={self._channel_axis: channels})
        self.depthwise_kernel = _add(self, "depthwise_kernel",
                                     self.kernel_size + (channels, self.depth_multiplier), "depthwise")
        self.pointwise_kernel = _add(self, "pointwise_kernel",
                                     (1, 1, channels * self.depth_multiplier, self.filters), "pointwise")
        self.bias = _add(self, "bias", (self.filters,), "bias") if self.use_bias else None
        self.built = True

    def _convolve(self, inputs):
        return convert(conv_ops.separable_conv2d(inputs, self.depthwise_kernel, self.pointwise_kernel,
                                               (1, *self.strides, 1) if self.data_format == "channels_last"
                                               else (1, 1, *self.strides), self._tf_padding,
                                               rate=self.dilation_rate, data_format=self._tf_format))

    def get_config(self):
        config = super().get_config()
        for key in ("kernel_initializer", "kernel_regularizer", "kernel_constraint"):
            config.pop(key)
        return {**config, "depth_multiplier": self.depth_multiplier, **_serialize_weight_args(self, "depthwise"),
                **_serialize_weight_args(self, "pointwise")}


# --- padding, cropping, upsampling ------------------------------------------------------------------------------

def _pairs(value, n, name):
    """An int, n ints or n (before, after) pairs as n pairs."""
    if isinstance(value, int) and not isinstance(value, bool):
        return ((value, value),) * n
    values = tuple(value)
    if len(values) != n:
        raise ValueError(f"`{name}` should have {n} elements. Found: {value}")
    return tuple(normalize_tuple(v, 2, f"{name}[{i}]") for i, v in enumerate(values))


class _Spatial(Layer):
    """A layer acting on the spatial dimensions of N...C (or NC...) inputs of rank n + 2."""

    def __init__(self, n, data_format, **kwargs):
        super().__init__(**kwargs)
        self.n = n
        self.data_format = _normalize_data_format(data_format)
        self.input_spec = InputSpec(ndim=n + 2)
        self._first_spatial = 2 if self.data_format == "channels_first" else 1

    def call(self, inputs):
        return self._apply(inputs)

    def compute_output_shape(self, input_shape):
        dims = TensorShape(input_shape).as_list()
        for i in range(self.n):
            axis = self._first_spatial + i
            dims[axis] = None if dims[axis] is None else self._size(i, dims[axis])
        return TensorShape(dims)

    def get_config(self):
        config = super().get_config()
        if self.n > 1:
            config["data_format"] = self.data_format
        return config


class _ZeroPadding(_Spatial):
    def __init__(self, n, padding, data_format=None, **kwargs):
        super().__init__(n, data_format, **kwargs)
        self.padding = _pairs(padding, n, "padding")

    def _apply(self, inputs):
        spatial = [list(pair) for pair in self.padding]
        if self.data_format == "channels_first":
            return array_ops.pad(inputs, [[0, 0], [0, 0], *spatial])
        return array_ops.pad(inputs, [[0, 0], *spatial, [0, 0]])

    def _size(self, i, size):
        return size + sum(self.padding[i])

    def get_config(self):
        return {**super().get_config(), "padding": self.padding if self.n > 1 else self.padding[0]}


@export("keras.layers.ZeroPadding1D")
class ZeroPadding1D(_ZeroPadding):
    """Zeros before and after the steps of [batch, steps, channels]."""

    def __init__(self, padding=1, **kwargs):
        if not isinstance(padding, int):
            padding = (normalize_tuple(padding, 2, "padding"),)
        super().__init__(1, padding, "channels_last", **kwargs)


@export("keras.layers.ZeroPadding2D")
class ZeroPadding2D(_ZeroPadding):
    """Zero rows and columns around images: an int, (rows, cols) or ((top, bottom), (left, right))."""

    def __init__(self, padding=(1, 1), data_format=None, **kwargs):
        super().__init__(2, padding, data_format, **kwargs)


@export("keras.layers.Cropping2D")
class Cropping2D(_Spatial):
    """Crops rows and columns: an int, (rows, cols) or ((top, bottom), (left, right))."""

    def __init__(self, cropping=((0, 0), (0, 0)), data_format=None, **kwargs):
        super().__init__(2, data_format, **kwargs)
        self.cropping = _pairs(cropping, 2, "cropping")

    def _apply(self, inputs):
        index = [slice(None)] * (self.n + 2)
        for i, (before, after) in enumerate(self.cropping):
            index[self._first_spatial + i] = slice(before, -after if after else None)
        return inputs[tuple(index)]

    def _size(self, i, size):
        return size - sum(self.cropping[i])

    def get_config(self):
        return {**super().get_config(), "cropping": self.cropping}


class _UpSampling(_Spatial):
    def __init__(self, n, size, data_format, **kwargs):
        super().__init__(n, data_format, **kwargs)
        self.size = normalize_tuple(size, n, "size")
        if any(factor < 0 for factor in self.size):
            raise ValueError(f"The `size` argument must hold non-negative integers. Received: {size}")

    def _apply(self, inputs):
        x = convert(inputs)
        repeat = torch.repeat_interleave if type(x) is torch.Tensor else np.repeat  # NumPy holds strings
        for i, factor in enumerate(self.size):
            x = repeat(x, factor, self._first_spatial + i)
        return wrap(x)

    def _size(self, i, size):
        return size * self.size[i]


@export("keras.layers.UpSampling1D")
class UpSampling1D(_UpSampling):
    """Repeats each step ``size`` times."""

    def __init__(self, size=2, **kwargs):
        super().__init__(1, size, "channels_last", **kwargs)

    def get_config(self):
        return {**super().get_config(), "size": self.size[0]}


@export("keras.layers.UpSampling2D")
class UpSampling2D(_UpSampling):
    """Upsamples rows and columns ``size`` times: nearest neighbour (repeats) or bilinear (TF's
    resize_images_v2: half-pixel centres, a float32 result)."""

    def __init__(self, size=(2, 2), data_format=None, interpolation="nearest", **kwargs):
        super().__init__(2, size, data_format, **kwargs)
        if interpolation not in ("nearest", "bilinear"):
            raise ValueError('`interpolation` argument should be one of `"nearest"` or `"bilinear"`.')
        self.interpolation = interpolation

    def _apply(self, inputs):
        if self.interpolation == "nearest":
            return super()._apply(inputs)
        x = convert(creation_ops.cast(inputs, dtypes.float32))
        channels_first = self.data_format == "channels_first"
        t = x if channels_first else x.permute(0, 3, 1, 2)
        y = F.interpolate(t, scale_factor=self.size, mode="bilinear", align_corners=False)
        return wrap(y if channels_first else y.permute(0, 2, 3, 1))

    def get_config(self):
        return {**super().get_config(), "size": self.size, "interpolation": self.interpolation}
