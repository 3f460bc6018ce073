"""Activation layers (TF 1.15 keras/layers/advanced_activations.py): LeakyReLU (alpha 0.3), PReLU,
ELU, ThresholdedReLU, Softmax, ReLU."""

import torch

from ...framework.tensor import convert, wrap
from ...framework.tensor_shape import TensorShape
from ...ops.nn_ops import softmax
from ...registry import export
from .. import activations, constraints, initializers, regularizers
from ..engine.base_layer import Layer
from ..engine.input_spec import InputSpec


class _ElementwiseLayer(Layer):
    """An activation layer: output shape = input shape, masks pass through."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.supports_masking = True

    def compute_output_shape(self, input_shape):
        return input_shape


@export("keras.layers.LeakyReLU")
class LeakyReLU(_ElementwiseLayer):
    """max(alpha * x, x); Keras's alpha defaults to 0.3 (tf.nn.leaky_relu's to 0.2)."""

    def __init__(self, alpha=0.3, **kwargs):
        super().__init__(**kwargs)
        self.alpha = float(alpha)

    def call(self, inputs):
        return activations.relu(inputs, alpha=self.alpha)

    def get_config(self):
        return {**super().get_config(), "alpha": self.alpha}


@export("keras.layers.PReLU")
class PReLU(Layer):
    """max(0, x) - alpha * max(0, -x) with a learned ``alpha`` per (unshared) input position."""

    def __init__(self, alpha_initializer="zeros", alpha_regularizer=None, alpha_constraint=None,
                 shared_axes=None, **kwargs):
        super().__init__(**kwargs)
        self.supports_masking = True
        self.alpha_initializer = initializers.get(alpha_initializer)
        self.alpha_regularizer = regularizers.get(alpha_regularizer)
        self.alpha_constraint = constraints.get(alpha_constraint)
        if shared_axes is None:
            self.shared_axes = None
        elif not isinstance(shared_axes, (list, tuple)):
            self.shared_axes = [shared_axes]
        else:
            self.shared_axes = list(shared_axes)

    def build(self, input_shape):
        sizes = TensorShape(input_shape).as_list()
        param_shape = list(sizes[1:])
        if self.shared_axes is not None:
            for i in self.shared_axes:
                param_shape[i - 1] = 1
        self.alpha = self.add_weight(shape=param_shape, name="alpha", initializer=self.alpha_initializer,
                                     regularizer=self.alpha_regularizer, constraint=self.alpha_constraint)
        axes = {}
        if self.shared_axes:
            for i in range(1, len(sizes)):
                if i not in self.shared_axes:
                    axes[i] = sizes[i]
        self.input_spec = InputSpec(ndim=len(sizes), axes=axes)
        self.built = True

    def call(self, inputs):
        x = convert(inputs)
        return wrap(torch.relu(x) + -convert(self.alpha) * torch.relu(-x))

    def compute_output_shape(self, input_shape):
        return input_shape


@export("keras.layers.ELU")
class ELU(_ElementwiseLayer):
    """x for x > 0, alpha * (exp(x) - 1) otherwise."""

    def __init__(self, alpha=1.0, **kwargs):
        super().__init__(**kwargs)
        self.alpha = float(alpha)

    def call(self, inputs):
        return activations.elu(inputs, self.alpha)

    def get_config(self):
        return {**super().get_config(), "alpha": self.alpha}


@export("keras.layers.ThresholdedReLU")
class ThresholdedReLU(_ElementwiseLayer):
    """x where x > theta, else 0."""

    def __init__(self, theta=1.0, **kwargs):
        super().__init__(**kwargs)
        self.theta = float(theta)

    def call(self, inputs):
        x = convert(inputs)
        return wrap(x * (x > self.theta).to(x.dtype))

    def get_config(self):
        return {**super().get_config(), "theta": self.theta}


@export("keras.layers.Softmax")
class Softmax(_ElementwiseLayer):
    """Softmax over ``axis`` (any rank, unlike keras.activations.softmax)."""

    def __init__(self, axis=-1, **kwargs):
        super().__init__(**kwargs)
        self.axis = axis

    def call(self, inputs):
        return softmax(inputs, axis=self.axis)

    def get_config(self):
        return {**super().get_config(), "axis": self.axis}


@export("keras.layers.ReLU")
class ReLU(_ElementwiseLayer):
    """relu with optional ``max_value``, ``negative_slope`` below ``threshold``."""

    def __init__(self, max_value=None, negative_slope=0, threshold=0, **kwargs):
        super().__init__(**kwargs)
        if max_value is not None and max_value < 0.:
            raise ValueError("max_value of Relu layer cannot be negative value: " + str(max_value))
        if negative_slope < 0.:
            raise ValueError("negative_slope of Relu layer cannot be negative value: " + str(negative_slope))
        self.max_value = None if max_value is None else float(max_value)
        self.negative_slope = float(negative_slope)
        self.threshold = float(threshold)

    def call(self, inputs):
        return activations.relu(inputs, alpha=self.negative_slope, max_value=self.max_value,
                                threshold=self.threshold)

    def get_config(self):
        return {**super().get_config(), "max_value": self.max_value, "negative_slope": self.negative_slope,
                "threshold": self.threshold}
