"""The tf.layers layers of TF 1.15 (tensorflow/python/layers/{core,convolutional,pooling,
normalization}.py): the Keras layers with tf.layers' variable-scope naming (``base.Layer``), TF
1.x's argument names and defaults, and the functional forms (``tf.layers.dense(inputs, ...)``),
which under eager execution make a new layer at every call, as TF 1.15's do (its ``reuse`` and
``name`` only choose the variable scope).  Each functional form logs TF's deprecation notice
on its first call."""

import numbers

from ..eager import variable_scope as vs
from ..eager.variables import Variable
from ..framework.tensor import Tensor, convert, wrap
from ..keras.layers import convolutional, core, normalization, pooling
from ..framework.tensor_shape import TensorShape
from ..keras.engine.input_spec import InputSpec
from ..ops import array_ops, conv_ops, init_ops
from ..registry import PARTIAL, export
from ..util import nest
from ..util.deprecation import warn_deprecated
from . import base

_ZEROS = init_ops.Zeros()
_ONES = init_ops.Ones()


def _deprecated(name, module, replacement):
    warn_deprecated(name, f"tensorflow.python.layers.{module}", f"Use keras.layers.{replacement} instead.")


def _as_tensor(value):
    return value if isinstance(value, (Tensor, Variable)) else wrap(convert(value))


def _applied(function_name, make_layer, inputs, name, **call_kwargs):
    """A functional form's result: ``make_layer()`` applied to ``inputs``.  A name that is not a string
    is TF's TypeError; an argument the layer cannot use (a scalar where a batch belongs, an
    infinite size) is a ValueError naming tf.layers.<function_name>."""
    if name is not None and not isinstance(name, (str, vs.VariableScope)):
        raise TypeError(f"tf.layers.{function_name}: name must be a string or a VariableScope, got {name!r}")
    inputs = nest.map_structure(_as_tensor, inputs)
    try:
        layer = make_layer()
        return layer.apply(inputs, **call_kwargs)
    except (AttributeError, IndexError, OverflowError) as error:
        raise ValueError(f"tf.layers.{function_name}: {error}") from error


# --- core ------------------------------------------------------------------------------------------

@export("layers.Dense")
class Dense(core.Dense, base.Layer):
    """Densely-connected layer: ``activation(inputs @ kernel + bias)``."""

    def __init__(self, units, activation=None, use_bias=True, kernel_initializer=None, bias_initializer=_ZEROS,
                 kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None, kernel_constraint=None,
                 bias_constraint=None, trainable=True, name=None, **kwargs):
        super().__init__(units=units, activation=activation, use_bias=use_bias,
                         kernel_initializer=kernel_initializer, bias_initializer=bias_initializer,
                         kernel_regularizer=kernel_regularizer, bias_regularizer=bias_regularizer,
                         activity_regularizer=activity_regularizer, kernel_constraint=kernel_constraint,
                         bias_constraint=bias_constraint, trainable=trainable, name=name, **kwargs)


@export("layers.dense")
def dense(inputs, units, activation=None, use_bias=True, kernel_initializer=None, bias_initializer=_ZEROS,
          kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None, kernel_constraint=None,
          bias_constraint=None, trainable=True, name=None, reuse=None):
    """A new Dense layer applied to ``inputs``."""
    _deprecated("dense", "core", "dense")
    def make():
        return Dense(units, activation=activation, use_bias=use_bias, kernel_initializer=kernel_initializer,
                  bias_initializer=bias_initializer, kernel_regularizer=kernel_regularizer,
                  bias_regularizer=bias_regularizer, activity_regularizer=activity_regularizer,
                  kernel_constraint=kernel_constraint, bias_constraint=bias_constraint, trainable=trainable,
                     name=name, _scope=name, _reuse=reuse)
    return _applied("dense", make, inputs, name)


@export("layers.Dropout")
class Dropout(core.Dropout, base.Layer):
    """Dropout, in inference mode unless called with ``training=True``."""

    def __init__(self, rate=0.5, noise_shape=None, seed=None, name=None, **kwargs):
        super().__init__(rate=rate, noise_shape=noise_shape, seed=seed, name=name, **kwargs)

    def call(self, inputs, training=False):
        return super().call(inputs, training=training)


@export("layers.dropout")
def dropout(inputs, rate=0.5, noise_shape=None, seed=None, training=False, name=None):
    """Dropout of ``inputs`` when ``training`` is true (a bool or a boolean tensor)."""
    _deprecated("dropout", "core", "dropout")
    return _applied("dropout", lambda: Dropout(rate, noise_shape=noise_shape, seed=seed, name=name), inputs, name,
                    training=training)


@export("layers.Flatten")
class Flatten(core.Flatten, base.Layer):
    """Flattens all but the first (batch) dimension."""


@export("layers.flatten")
def flatten(inputs, name=None, data_format="channels_last"):
    """``inputs`` reshaped to [batch, -1]."""
    _deprecated("flatten", "core", "flatten")
    return _applied("flatten", lambda: Flatten(name=name, data_format=data_format), inputs, name)


# --- convolutions ----------------------------------------------------------------------------------

def _conv_class(keras_class, rank, name):
    """The tf.layers class over ``keras_class``: TF 1.x defaults (kernel_initializer=None, the
    variable scope's or get_variable's glorot_uniform; data_format 'channels_last')."""
    ones = (1,) * rank if rank > 1 else 1
    transpose = "Transpose" in name

    if transpose:
        def __init__(self, filters, kernel_size, strides=ones, padding="valid", data_format="channels_last",
                     activation=None, use_bias=True, kernel_initializer=None, bias_initializer=_ZEROS,
                     kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                     kernel_constraint=None, bias_constraint=None, trainable=True, name=None, **kwargs):
            keras_class.__init__(self, filters=filters, kernel_size=kernel_size, strides=strides, padding=padding,
                                 data_format=data_format, activation=activation, use_bias=use_bias,
                                 kernel_initializer=kernel_initializer, bias_initializer=bias_initializer,
                                 kernel_regularizer=kernel_regularizer, bias_regularizer=bias_regularizer,
                                 activity_regularizer=activity_regularizer, kernel_constraint=kernel_constraint,
                                 bias_constraint=bias_constraint, trainable=trainable, name=name, **kwargs)
    else:
        def __init__(self, filters, kernel_size, strides=ones, padding="valid", data_format="channels_last",
                     dilation_rate=ones, activation=None, use_bias=True, kernel_initializer=None,
                     bias_initializer=_ZEROS, kernel_regularizer=None, bias_regularizer=None,
                     activity_regularizer=None, kernel_constraint=None, bias_constraint=None, trainable=True,
                     name=None, **kwargs):
            keras_class.__init__(self, filters=filters, kernel_size=kernel_size, strides=strides, padding=padding,
                                 data_format=data_format, dilation_rate=dilation_rate, activation=activation,
                                 use_bias=use_bias, kernel_initializer=kernel_initializer,
                                 bias_initializer=bias_initializer, kernel_regularizer=kernel_regularizer,
                                 bias_regularizer=bias_regularizer, activity_regularizer=activity_regularizer,
                                 kernel_constraint=kernel_constraint, bias_constraint=bias_constraint,
                                 trainable=trainable, name=name, **kwargs)

    __init__.__qualname__ = f"{name}.__init__"
    cls = type(name, (keras_class, base.Layer), {"__init__": __init__, "__doc__": keras_class.__doc__,
                                                 "__module__": __name__})
    cls.__qualname__ = name
    return export(f"layers.{name}")(cls)


Conv1D = _conv_class(convolutional.Conv1D, 1, "Conv1D")
Conv2D = _conv_class(convolutional.Conv2D, 2, "Conv2D")
Conv3D = _conv_class(convolutional.Conv3D, 3, "Conv3D")
Conv2DTranspose = _conv_class(convolutional.Conv2DTranspose, 2, "Conv2DTranspose")


@export("layers.Conv3DTranspose")
class Conv3DTranspose(convolutional.Conv3D, base.Layer):
    """The transpose of Conv3D (TF 1.15's keras Conv3DTranspose under tf.layers' naming): kernel
    [kd, kh, kw, filters, in], output sizes as TF's deconv_output_length gives them."""

    def __init__(self, filters, kernel_size, strides=(1, 1, 1), padding="valid", data_format="channels_last",
                 activation=None, use_bias=True, kernel_initializer=None, bias_initializer=_ZEROS,
                 kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None, kernel_constraint=None,
                 bias_constraint=None, trainable=True, name=None, **kwargs):
        super().__init__(filters=filters, kernel_size=kernel_size, strides=strides, padding=padding,
                         data_format=data_format, activation=activation, use_bias=use_bias,
                         kernel_initializer=kernel_initializer, bias_initializer=bias_initializer,
                         kernel_regularizer=kernel_regularizer, bias_regularizer=bias_regularizer,
                         activity_regularizer=activity_regularizer, kernel_constraint=kernel_constraint,
                         bias_constraint=bias_constraint, trainable=trainable, name=name, **kwargs)

    def build(self, input_shape):
        if TensorShape(input_shape).ndims != 5:
            raise ValueError(f"Inputs should have rank 5, received input shape: {input_shape}")
        channels = self._input_channels(input_shape)
        self.input_spec = InputSpec(ndim=5, axes={self._channel_axis: channels})
        self.kernel = self.add_weight("kernel", shape=self.kernel_size + (self.filters, channels),
                                      initializer=self.kernel_initializer, regularizer=self.kernel_regularizer,
                                      constraint=self.kernel_constraint, trainable=True, dtype=self.dtype)
        self.bias = (self.add_weight("bias", shape=(self.filters,), initializer=self.bias_initializer,
                                     regularizer=self.bias_regularizer, constraint=self.bias_constraint,
                                     trainable=True, dtype=self.dtype) if self.use_bias else None)
        self.built = True

    def _output_sizes(self, spatial):
        return [convolutional.deconv_output_length(length, k, self.padding, None, s, 1)
                for length, k, s in zip(spatial, self.kernel_size, self.strides)]

    def _convolve(self, inputs):
        x = convert(inputs)
        spatial = x.shape[2:] if self.data_format == "channels_first" else x.shape[1:-1]
        sizes = self._output_sizes(spatial)
        shape = [x.shape[0], self.filters, *sizes] if self.data_format == "channels_first" else \
            [x.shape[0], *sizes, self.filters]
        return convert(conv_ops._conv_backprop_input("Conv3DBackpropInputV2", shape, self.kernel, inputs, self.strides,
                                                   self._tf_padding, (1, 1, 1), self._tf_format, 3))

    def compute_output_shape(self, input_shape):
        sizes = self._output_sizes(convolutional._spatial_shape(input_shape, self.data_format))
        return convolutional._with_spatial(input_shape, self.data_format, sizes, self.filters)


def _conv_function(cls, name, replacement):
    def apply(inputs, *args, reuse=None, **kwargs):
        _deprecated(name, "convolutional", replacement)
        layer_name = kwargs.get("name")
        return _applied(name, lambda: cls(*args, _reuse=reuse, _scope=layer_name, **kwargs), inputs, layer_name)
    return apply


_conv1d = _conv_function(Conv1D, "conv1d", "conv1d")
_conv2d = _conv_function(Conv2D, "conv2d", "conv2d")
_conv3d = _conv_function(Conv3D, "conv3d", "conv3d")
_conv2d_transpose = _conv_function(Conv2DTranspose, "conv2d_transpose", "conv2d_transpose")
_conv3d_transpose = _conv_function(Conv3DTranspose, "conv3d_transpose", "conv3d_transpose")


@export("layers.conv1d")
def conv1d(inputs, filters, kernel_size, strides=1, padding="valid", data_format="channels_last", dilation_rate=1,
           activation=None, use_bias=True, kernel_initializer=None, bias_initializer=_ZEROS, kernel_regularizer=None,
           bias_regularizer=None, activity_regularizer=None, kernel_constraint=None, bias_constraint=None,
           trainable=True, name=None, reuse=None):
    """A new Conv1D layer applied to ``inputs``."""
    return _conv1d(inputs, filters, kernel_size, strides, padding, data_format, dilation_rate, activation,
                   use_bias, kernel_initializer, bias_initializer, kernel_regularizer, bias_regularizer,
                   activity_regularizer, kernel_constraint, bias_constraint, trainable, reuse=reuse, name=name)


@export("layers.conv2d")
def conv2d(inputs, filters, kernel_size, strides=(1, 1), padding="valid", data_format="channels_last",
           dilation_rate=(1, 1), activation=None, use_bias=True, kernel_initializer=None, bias_initializer=_ZEROS,
           kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None, kernel_constraint=None,
           bias_constraint=None, trainable=True, name=None, reuse=None):
    """A new Conv2D layer applied to ``inputs``."""
    return _conv2d(inputs, filters, kernel_size, strides, padding, data_format, dilation_rate, activation,
                   use_bias, kernel_initializer, bias_initializer, kernel_regularizer, bias_regularizer,
                   activity_regularizer, kernel_constraint, bias_constraint, trainable, reuse=reuse, name=name)


@export("layers.conv3d")
def conv3d(inputs, filters, kernel_size, strides=(1, 1, 1), padding="valid", data_format="channels_last",
           dilation_rate=(1, 1, 1), activation=None, use_bias=True, kernel_initializer=None,
           bias_initializer=_ZEROS, kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None,
           kernel_constraint=None, bias_constraint=None, trainable=True, name=None, reuse=None):
    """A new Conv3D layer applied to ``inputs``."""
    return _conv3d(inputs, filters, kernel_size, strides, padding, data_format, dilation_rate, activation,
                   use_bias, kernel_initializer, bias_initializer, kernel_regularizer, bias_regularizer,
                   activity_regularizer, kernel_constraint, bias_constraint, trainable, reuse=reuse, name=name)


@export("layers.conv2d_transpose")
def conv2d_transpose(inputs, filters, kernel_size, strides=(1, 1), padding="valid", data_format="channels_last",
                     activation=None, use_bias=True, kernel_initializer=None, bias_initializer=_ZEROS,
                     kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                     kernel_constraint=None, bias_constraint=None, trainable=True, name=None, reuse=None):
    """A new Conv2DTranspose layer applied to ``inputs``."""
    return _conv2d_transpose(inputs, filters, kernel_size, strides, padding, data_format, activation, use_bias,
                             kernel_initializer, bias_initializer, kernel_regularizer, bias_regularizer,
                             activity_regularizer, kernel_constraint, bias_constraint, trainable, reuse=reuse,
                             name=name)


@export("layers.conv3d_transpose")
def conv3d_transpose(inputs, filters, kernel_size, strides=(1, 1, 1), padding="valid", data_format="channels_last",
                     activation=None, use_bias=True, kernel_initializer=None, bias_initializer=_ZEROS,
                     kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                     kernel_constraint=None, bias_constraint=None, trainable=True, name=None, reuse=None):
    """A new Conv3DTranspose layer applied to ``inputs``."""
    return _conv3d_transpose(inputs, filters, kernel_size, strides, padding, data_format, activation, use_bias,
                             kernel_initializer, bias_initializer, kernel_regularizer, bias_regularizer,
                             activity_regularizer, kernel_constraint, bias_constraint, trainable, reuse=reuse,
                             name=name)


@export("layers.SeparableConv1D")
class SeparableConv1D(convolutional.Conv1D, base.Layer):
    """Depthwise then pointwise 1-d convolution (TF 1.15's keras SeparableConv1D under tf.layers'
    naming): depthwise_kernel [k, in, depth_multiplier], pointwise_kernel [1, in * depth_multiplier,
    filters], run as TF runs it, a 2-d separable convolution over a unit spatial axis."""

    def __init__(self, filters, kernel_size, strides=1, padding="valid", data_format="channels_last",
                 dilation_rate=1, depth_multiplier=1, activation=None, use_bias=True, depthwise_initializer=None,
                 pointwise_initializer=None, bias_initializer=_ZEROS, depthwise_regularizer=None,
                 pointwise_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                 depthwise_constraint=None, pointwise_constraint=None, bias_constraint=None, trainable=True,
                 name=None, **kwargs):
        super().__init__(filters=filters, kernel_size=kernel_size, strides=strides, padding=padding,
                         data_format=data_format, dilation_rate=dilation_rate, activation=activation,
                         use_bias=use_bias, bias_initializer=bias_initializer, bias_regularizer=bias_regularizer,
                         activity_regularizer=activity_regularizer, bias_constraint=bias_constraint,
                         trainable=trainable, name=name, **kwargs)
        self.depth_multiplier = int(depth_multiplier)
        self._weight_args = {
            "depthwise_kernel": (depthwise_initializer, depthwise_regularizer, depthwise_constraint),
            "pointwise_kernel": (pointwise_initializer, pointwise_regularizer, pointwise_constraint)}

    def build(self, input_shape):
        channels = self._input_channels(input_shape)
        self.input_spec = InputSpec(ndim=3, axes={self._channel_axis: channels})
        shapes = {"depthwise_kernel": self.kernel_size + (channels, self.depth_multiplier),
                  "pointwise_kernel": (1, self.depth_multiplier * channels, self.filters)}
        for weight, (initializer, regularizer, constraint) in self._weight_args.items():
            setattr(self, weight, self.add_weight(weight, shape=shapes[weight], initializer=initializer,
                                                  regularizer=regularizer, constraint=constraint, trainable=True,
                                                  dtype=self.dtype))
        self.bias = (self.add_weight("bias", shape=(self.filters,), initializer=self.bias_initializer,
                                     regularizer=self.bias_regularizer, constraint=self.bias_constraint,
                                     trainable=True, dtype=self.dtype) if self.use_bias else None)
        self.built = True

    def _convolve(self, inputs):
        padding = self.padding
        if padding == "causal":
            pad = [[0, 0], [(self.kernel_size[0] - 1) * self.dilation_rate[0], 0]]
            pad.insert(1 if self.data_format == "channels_first" else 2, [0, 0])
            inputs = array_ops.pad(inputs, pad)
            padding = "valid"
        axis = 2 if self.data_format == "channels_first" else 1
        strides = (1, 1) + self.strides * 2 if axis == 2 else (1,) + self.strides * 2 + (1,)
        outputs = conv_ops.separable_conv2d(array_ops.expand_dims(inputs, axis),
                                          array_ops.expand_dims(self.depthwise_kernel, 0),
                                          array_ops.expand_dims(self.pointwise_kernel, 0), strides=strides,
                                          padding=padding.upper(), rate=(1,) + self.dilation_rate,
                                          data_format="NCHW" if axis == 2 else "NHWC")
        return convert(array_ops.squeeze(outputs, [axis]))


@export("layers.separable_conv1d")
def separable_conv1d(inputs, filters, kernel_size, strides=1, padding="valid", data_format="channels_last",
                     dilation_rate=1, depth_multiplier=1, activation=None, use_bias=True, depthwise_initializer=None,
                     pointwise_initializer=None, bias_initializer=_ZEROS, depthwise_regularizer=None,
                     pointwise_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                     depthwise_constraint=None, pointwise_constraint=None, bias_constraint=None, trainable=True,
                     name=None, reuse=None):
    """A new SeparableConv1D layer applied to ``inputs``."""
    _deprecated("separable_conv1d", "convolutional", "separable_conv1d")

    def make():
        return SeparableConv1D(filters=filters, kernel_size=kernel_size, strides=strides, padding=padding,
                               data_format=data_format, dilation_rate=dilation_rate,
                               depth_multiplier=depth_multiplier, activation=activation, use_bias=use_bias,
                               depthwise_initializer=depthwise_initializer,
                               pointwise_initializer=pointwise_initializer, bias_initializer=bias_initializer,
                               depthwise_regularizer=depthwise_regularizer,
                               pointwise_regularizer=pointwise_regularizer, bias_regularizer=bias_regularizer,
                               activity_regularizer=activity_regularizer, depthwise_constraint=depthwise_constraint,
                               pointwise_constraint=pointwise_constraint, bias_constraint=bias_constraint,
                               trainable=trainable, name=name, _reuse=reuse, _scope=name)
    return _applied("separable_conv1d", make, inputs, name)


@export("layers.SeparableConv2D")
class SeparableConv2D(convolutional.SeparableConv2D, base.Layer):
    """Depthwise then pointwise 2-d convolution."""

    def __init__(self, filters, kernel_size, strides=(1, 1), padding="valid", data_format="channels_last",
                 dilation_rate=(1, 1), depth_multiplier=1, activation=None, use_bias=True,
                 depthwise_initializer=None, pointwise_initializer=None, bias_initializer=_ZEROS,
                 depthwise_regularizer=None, pointwise_regularizer=None, bias_regularizer=None,
                 activity_regularizer=None, depthwise_constraint=None, pointwise_constraint=None,
                 bias_constraint=None, trainable=True, name=None, **kwargs):
        super().__init__(filters=filters, kernel_size=kernel_size, strides=strides, padding=padding,
                         data_format=data_format, dilation_rate=dilation_rate, depth_multiplier=depth_multiplier,
                         activation=activation, use_bias=use_bias, depthwise_initializer=depthwise_initializer,
                         pointwise_initializer=pointwise_initializer, bias_initializer=bias_initializer,
                         depthwise_regularizer=depthwise_regularizer, pointwise_regularizer=pointwise_regularizer,
                         bias_regularizer=bias_regularizer, activity_regularizer=activity_regularizer,
                         depthwise_constraint=depthwise_constraint, pointwise_constraint=pointwise_constraint,
                         bias_constraint=bias_constraint, trainable=trainable, name=name, **kwargs)


@export("layers.separable_conv2d")
def separable_conv2d(inputs, filters, kernel_size, strides=(1, 1), padding="valid", data_format="channels_last",
                     dilation_rate=(1, 1), depth_multiplier=1, activation=None, use_bias=True,
                     depthwise_initializer=None, pointwise_initializer=None, bias_initializer=_ZEROS,
                     depthwise_regularizer=None, pointwise_regularizer=None, bias_regularizer=None,
                     activity_regularizer=None, depthwise_constraint=None, pointwise_constraint=None,
                     bias_constraint=None, trainable=True, name=None, reuse=None):
    """A new SeparableConv2D layer applied to ``inputs``."""
    _deprecated("separable_conv2d", "convolutional", "separable_conv2d")
    def make():
        return SeparableConv2D(filters=filters, kernel_size=kernel_size, strides=strides, padding=padding,
                            data_format=data_format, dilation_rate=dilation_rate, depth_multiplier=depth_multiplier,
                            activation=activation, use_bias=use_bias, depthwise_initializer=depthwise_initializer,
                            pointwise_initializer=pointwise_initializer, bias_initializer=bias_initializer,
                            depthwise_regularizer=depthwise_regularizer,
                            pointwise_regularizer=pointwise_regularizer, bias_regularizer=bias_regularizer,
                            activity_regularizer=activity_regularizer, depthwise_constraint=depthwise_constraint,
                            pointwise_constraint=pointwise_constraint, bias_constraint=bias_constraint,
                               trainable=trainable, name=name, _reuse=reuse, _scope=name)
    return _applied("separable_conv2d", make, inputs, name)


# --- pooling ---------------------------------------------------------------------------------------

def _pooling(keras_class, name, function_name):
    """The tf.layers pooling class (``strides`` required, as in TF 1.x) and its functional form."""

    def __init__(self, pool_size, strides, padding="valid", data_format="channels_last", name=None, **kwargs):
        if strides is None:
            raise ValueError("Argument `strides` must not be None.")
        keras_class.__init__(self, pool_size=pool_size, strides=strides, padding=padding, data_format=data_format,
                             name=name, **kwargs)

    __init__.__qualname__ = f"{name}.__init__"
    cls = type(name, (keras_class, base.Layer), {"__init__": __init__, "__doc__": keras_class.__doc__,
                                                 "__module__": __name__})
    cls.__qualname__ = name
    export(f"layers.{name}")(cls)

    def function(inputs, pool_size, strides, padding="valid", data_format="channels_last", name=None):
        _deprecated(function_name, "pooling", name_of_class)
        return _applied(function_name, lambda: cls(pool_size=pool_size, strides=strides, padding=padding,
                                                   data_format=data_format, name=name), inputs, name)

    name_of_class = name
    function.__name__ = function.__qualname__ = function_name
    function.__doc__ = f"A new {name} layer applied to ``inputs``."
    export(f"layers.{function_name}")(function)
    return cls, function


MaxPooling1D, max_pooling1d = _pooling(pooling.MaxPooling1D, "MaxPooling1D", "max_pooling1d")
MaxPooling2D, max_pooling2d = _pooling(pooling.MaxPooling2D, "MaxPooling2D", "max_pooling2d")
MaxPooling3D, max_pooling3d = _pooling(pooling.MaxPooling3D, "MaxPooling3D", "max_pooling3d")
AveragePooling1D, average_pooling1d = _pooling(pooling.AveragePooling1D, "AveragePooling1D", "average_pooling1d")
AveragePooling2D, average_pooling2d = _pooling(pooling.AveragePooling2D, "AveragePooling2D", "average_pooling2d")
AveragePooling3D, average_pooling3d = _pooling(pooling.AveragePooling3D, "AveragePooling3D", "average_pooling3d")


# --- batch normalization ---------------------------------------------------------------------------

@export("layers.BatchNormalization", status=PARTIAL,
        note="renorm, virtual_batch_size and adjustment are refused (NotImplementedError), as by "
             "tf.keras.layers.BatchNormalization; under eager execution the moving statistics are updated "
             "during the call (there is no UPDATE_OPS collection).")
class BatchNormalization(normalization.BatchNormalization, base.Layer):
    """Batch normalization; in inference mode unless called with ``training=True``."""

    def __init__(self, axis=-1, momentum=0.99, epsilon=1e-3, center=True, scale=True, beta_initializer=_ZEROS,
                 gamma_initializer=_ONES, moving_mean_initializer=_ZEROS, moving_variance_initializer=_ONES,
                 beta_regularizer=None, gamma_regularizer=None, beta_constraint=None, gamma_constraint=None,
                 renorm=False, renorm_clipping=None, renorm_momentum=0.99, fused=None, trainable=True,
                 virtual_batch_size=None, adjustment=None, name=None, **kwargs):
        for value, what in ((momentum, "momentum"), (epsilon, "epsilon")):
            if not isinstance(value, numbers.Real) or isinstance(value, bool):
                raise TypeError(f"BatchNormalization's {what} must be a Python number, got {value!r}")
        super().__init__(axis=axis, momentum=momentum, epsilon=epsilon, center=center, scale=scale,
                         beta_initializer=beta_initializer, gamma_initializer=gamma_initializer,
                         moving_mean_initializer=moving_mean_initializer,
                         moving_variance_initializer=moving_variance_initializer,
                         beta_regularizer=beta_regularizer, gamma_regularizer=gamma_regularizer,
                         beta_constraint=beta_constraint, gamma_constraint=gamma_constraint, renorm=renorm,
                         renorm_clipping=renorm_clipping, renorm_momentum=renorm_momentum, fused=fused,
                         trainable=trainable, virtual_batch_size=virtual_batch_size, adjustment=adjustment,
                         name=name, **kwargs)

    def call(self, inputs, training=False):
        return super().call(inputs, training=training)


@export("layers.batch_normalization", status=PARTIAL,
        note="As tf.layers.BatchNormalization: renorm, virtual_batch_size and adjustment are refused.")
def batch_normalization(inputs, axis=-1, momentum=0.99, epsilon=1e-3, center=True, scale=True,
                        beta_initializer=_ZEROS, gamma_initializer=_ONES, moving_mean_initializer=_ZEROS,
                        moving_variance_initializer=_ONES, beta_regularizer=None, gamma_regularizer=None,
                        beta_constraint=None, gamma_constraint=None, training=False, trainable=True, name=None,
                        reuse=None, renorm=False, renorm_clipping=None, renorm_momentum=0.99, fused=None,
                        virtual_batch_size=None, adjustment=None):
    """A new BatchNormalization layer applied to ``inputs`` (moving statistics updated when training)."""
    warn_deprecated("batch_normalization", "tensorflow.python.layers.normalization",
                    "Use keras.layers.BatchNormalization instead.  In particular, `tf.control_dependencies("
                    "tf.GraphKeys.UPDATE_OPS)` should not be used (consult the `tf.keras.layers.batch_normalization` "
                    "documentation).")
    def make():
        return BatchNormalization(axis=axis, momentum=momentum, epsilon=epsilon, center=center, scale=scale,
                               beta_initializer=beta_initializer, gamma_initializer=gamma_initializer,
                               moving_mean_initializer=moving_mean_initializer,
                               moving_variance_initializer=moving_variance_initializer,
                               beta_regularizer=beta_regularizer, gamma_regularizer=gamma_regularizer,
                               beta_constraint=beta_constraint, gamma_constraint=gamma_constraint, renorm=renorm,
                               renorm_clipping=renorm_clipping, renorm_momentum=renorm_momentum, fused=fused,
                               trainable=trainable, virtual_batch_size=virtual_batch_size, adjustment=adjustment,
                                  name=name, _reuse=reuse, _scope=name)
    return _applied("batch_normalization", make, inputs, name, training=training)
