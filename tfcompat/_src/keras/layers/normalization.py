"""BatchNormalization (TF 1.15 keras/layers/normalization.py, the v1 layer).

Inference (the default under TF 1.x eager) normalizes with the moving statistics.  Training
(``training=True`` or learning phase 1) normalizes with the batch statistics and moves the
moving ones towards them: ``moving -= (moving - batch) * (1 - momentum)``.  As in TF 1.15, a 4-D
input with channels on axis 1 or 3 takes the fused kernel's path, whose batch variance for the
moving average is the unbiased one; every other input (the non-fused path) uses the biased one.
"""

import torch
import torch.nn.functional as F

from ...eager.variables import VariableAggregation, VariableSynchronization, read_storage, write_storage
from ...framework import dtypes
from ...framework.tensor import convert, wrap
from ...framework.tensor_shape import TensorShape
from ...registry import PARTIAL, export
from .. import backend, constraints, initializers, regularizers
from ..engine.base_layer import Layer
from ..engine.input_spec import InputSpec


@export("keras.layers.BatchNormalization", status=PARTIAL,
        note="renorm, virtual_batch_size and adjustment are refused (NotImplementedError); axis must be one "
             "axis.")
class BatchNormalization(Layer):
    """``gamma * (x - mean) / sqrt(variance + epsilon) + beta`` along ``axis``, with weights gamma,
    beta (trainable) and moving_mean, moving_variance (non-trainable), in that order."""

    def __init__(self, axis=-1, momentum=0.99, epsilon=1e-3, center=True, scale=True, beta_initializer="zeros",
                 gamma_initializer="ones", moving_mean_initializer="zeros", moving_variance_initializer="ones",
                 beta_regularizer=None, gamma_regularizer=None, beta_constraint=None, gamma_constraint=None,
                 renorm=False, renorm_clipping=None, renorm_momentum=0.99, fused=None, trainable=True,
                 virtual_batch_size=None, adjustment=None, name=None, **kwargs):
        super().__init__(name=name, trainable=trainable, **kwargs)
        self._axis_as_list = isinstance(axis, (list, tuple))
        if isinstance(axis, (list, tuple)):
            if len(axis) != 1:
                raise NotImplementedError("tfcompat's BatchNormalization normalizes along one axis only.")
            axis = axis[0]
        if not isinstance(axis, int):
            raise TypeError(f"axis must be int or list, type given: {type(axis)}")
        if renorm or virtual_batch_size is not None or adjustment is not None:
            raise NotImplementedError("BatchNormalization's renorm, virtual_batch_size and adjustment are not "
                                      "supported by tfcompat.")
        self.axis = axis
        self.momentum = momentum
        self.epsilon = epsilon
        self.center = center
        self.scale = scale
        self.beta_initializer = initializers.get(beta_initializer)
        self.gamma_initializer = initializers.get(gamma_initializer)
        self.moving_mean_initializer = initializers.get(moving_mean_initializer)
        self.moving_variance_initializer = initializers.get(moving_variance_initializer)
        self.beta_regularizer = regularizers.get(beta_regularizer)
        self.gamma_regularizer = regularizers.get(gamma_regularizer)
        self.beta_constraint = constraints.get(beta_constraint)
        self.gamma_constraint = constraints.get(gamma_constraint)
        self.renorm = renorm
        self.fused = fused
        self.supports_masking = True

    def build(self, input_shape):
        input_shape = TensorShape(input_shape)
        ndims = input_shape.ndims
        if ndims is None:
            raise ValueError(f"Input has undefined rank: {input_shape}")
        dtype = dtypes.as_dtype(self.dtype)
        if not dtype.is_floating:
            raise TypeError(f"BatchNormalization normalizes floating-point inputs; got {dtype.name}")
        axis = self.axis + ndims if self.axis < 0 else self.axis
        if not 0 <= axis < ndims:
            raise ValueError(f"Invalid axis: {self.axis}")
        fusable = ndims == 4 and axis in (1, 3)
        if self.fused is None:
            self.fused = fusable
        elif self.fused and not fusable:
            raise ValueError(f"Unsupported axis, fused batch norm only supports axis == [1] or axis == [3]; "
                             f"got axis {self.axis} for a {ndims}-D input")
        self._channel_axis = axis
        self._reduce_dims = tuple(d for d in range(ndims) if d != axis)
        channels = input_shape[axis].value
        if channels is None:
            raise ValueError(f"Input has undefined `axis` dimension. Input shape: {input_shape}")
        self.input_spec = InputSpec(ndim=ndims, axes={axis: channels})
        param_dtype = "float32" if self.dtype in ("float16", "bfloat16") else self.dtype
        self.gamma = self._parameter("gamma", channels, param_dtype) if self.scale else None
        self.beta = self._parameter("beta", channels, param_dtype) if self.center else None
        self.moving_mean = self._moving("moving_mean", channels, param_dtype)
        self.moving_variance = self._moving("moving_variance", channels, param_dtype)
        self.built = True

    def _parameter(self, name, channels, dtype):
        return self.add_weight(name, shape=(channels,), dtype=dtype, initializer=getattr(self, f"{name}_initializer"),
                               regularizer=getattr(self, f"{name}_regularizer"),
                               constraint=getattr(self, f"{name}_constraint"), trainable=True)

    def _moving(self, name, channels, dtype):
        return self.add_weight(name, shape=(channels,), dtype=dtype,
                               initializer=getattr(self, f"{name}_initializer"),
                               synchronization=VariableSynchronization.ON_READ, trainable=False,
                               aggregation=VariableAggregation.MEAN)

    def call(self, inputs, training=None):
        if training is None:
            training = backend.learning_phase()
        x = convert(inputs)
        param_dtype = read_storage(self.moving_mean).dtype
        t = x.movedim(self._channel_axis, 1) if self._channel_axis != 1 else x  # a view: NHWC stays channels-last
        t = t.to(param_dtype)
        gamma = None if self.gamma is None else convert(self.gamma)
        beta = None if self.beta is None else convert(self.beta)
        if not bool(training):
            y = F.batch_norm(t, read_storage(self.moving_mean), read_storage(self.moving_variance), gamma, beta,
                             False, 0.0, self.epsilon)
        elif self.fused:
            y = self._fused_training(t, gamma, beta)
        else:
            y = self._training(t, gamma, beta)
        if self._channel_axis != 1:
            y = y.movedim(1, self._channel_axis)
        return wrap(y.to(x.dtype))

    def _fused_training(self, t, gamma, beta):
        """torch's kernel moves its running statistics as TF's fused path does (unbiased variance)."""
        moving_mean = read_storage(self.moving_mean).clone()
        moving_variance = read_storage(self.moving_variance).clone()
        y = F.batch_norm(t, moving_mean, moving_variance, gamma, beta, True, 1.0 - self.momentum, self.epsilon)
        write_storage(self.moving_mean, moving_mean)
        write_storage(self.moving_variance, moving_variance)
        return y

    def _training(self, t, gamma, beta):
        dims = (0, *range(2, t.dim()))
        variance, mean = torch.var_mean(t, dims, correction=0)
        shape = (1, -1) + (1,) * (t.dim() - 2)
        y = (t - mean.reshape(shape)) * torch.rsqrt(variance + self.epsilon).reshape(shape)
        if gamma is not None:
            y = y * gamma.reshape(shape)
        if beta is not None:
            y = y + beta.reshape(shape)
        decay = 1.0 - self.momentum
        for variable, batch in ((self.moving_mean, mean), (self.moving_variance, variance)):
            moving = read_storage(variable)
            write_storage(variable, moving - (moving - batch.detach()) * decay)
        return y

    def compute_output_shape(self, input_shape):
        return TensorShape(input_shape)

    def get_config(self):
        # TF's build turns axis into a list of non-negative axes, which its config then shows
        axis = [self._channel_axis] if self.built else [self.axis] if self._axis_as_list else self.axis
        config = {"axis": axis, "momentum": self.momentum, "epsilon": self.epsilon, "center": self.center,
                  "scale": self.scale,
                  "beta_initializer": initializers.serialize(self.beta_initializer),
                  "gamma_initializer": initializers.serialize(self.gamma_initializer),
                  "moving_mean_initializer": initializers.serialize(self.moving_mean_initializer),
                  "moving_variance_initializer": initializers.serialize(self.moving_variance_initializer),
                  "beta_regularizer": regularizers.serialize(self.beta_regularizer),
                  "gamma_regularizer": regularizers.serialize(self.gamma_regularizer),
                  "beta_constraint": constraints.serialize(self.beta_constraint),
                  "gamma_constraint": constraints.serialize(self.gamma_constraint)}
        return {**super().get_config(), **config}
