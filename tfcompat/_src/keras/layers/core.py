"""Core Keras layers (TF 1.15 keras/layers/core.py): Dense, Activation, Dropout, Flatten,
Reshape, Permute, RepeatVector, Lambda, Masking."""

import codecs
import inspect
import marshal
import types

import numpy as np
import torch
import torch.nn.functional as F

from ...eager.variables import read_storage, write_storage
from ...framework import dtypes
from ...framework.tensor import Tensor, convert, wrap
from ...framework.tensor_shape import TensorShape
from ...ops import nn_ops, reduction_ops
from ...ops.array_ops import reshape
from ...ops.creation_ops import cast
from ...ops.linalg_ops import matmul, tensordot
from ...ops.math_ops import not_equal
from ...registry import PARTIAL, export
from .. import activations, backend, constraints, initializers, regularizers
from ..engine.base_layer import Layer
from ..engine.input_spec import InputSpec


@export("keras.layers.Dense")
class Dense(Layer):
    """``activation(inputs @ kernel + bias)``: kernel ``[input_dim, units]`` (glorot_uniform), bias
    ``[units]`` (zeros); inputs of rank > 2 are multiplied along their last axis."""

    def __init__(self, units, activation=None, use_bias=True, kernel_initializer="glorot_uniform",
                 bias_initializer="zeros", kernel_regularizer=None, bias_regularizer=None,
                 activity_regularizer=None, kernel_constraint=None, bias_constraint=None, **kwargs):
        if "input_shape" not in kwargs and "input_dim" in kwargs:
            kwargs["input_shape"] = (kwargs.pop("input_dim"),)
        super().__init__(activity_regularizer=regularizers.get(activity_regularizer), **kwargs)
        self.units = int(units)
        self.activation = activations.get(activation)
        self._linear = self.activation is activations.linear
        self.use_bias = use_bias
        self.kernel_initializer = initializers.get(kernel_initializer)
        self.bias_initializer = initializers.get(bias_initializer)
        self.kernel_regularizer = regularizers.get(kernel_regularizer)
        self.bias_regularizer = regularizers.get(bias_regularizer)
        self.kernel_constraint = constraints.get(kernel_constraint)
        self.bias_constraint = constraints.get(bias_constraint)
        self.supports_masking = True
        self.input_spec = InputSpec(min_ndim=2)

    def build(self, input_shape):
        dtype = dtypes.as_dtype(self.dtype or backend.floatx())
        if not (dtype.is_floating or dtype.is_complex):
            raise TypeError(f"Unable to build `Dense` layer with non-floating point dtype {dtype}")
        input_shape = TensorShape(input_shape)
        last_dim = input_shape[-1].value
        if last_dim is None:
            raise ValueError("The last dimension of the inputs to `Dense` should be defined. Found `None`.")
        self.input_spec = InputSpec(min_ndim=2, axes={-1: last_dim})
        self.kernel = self.add_weight("kernel", shape=[last_dim, self.units], initializer=self.kernel_initializer,
                                      regularizer=self.kernel_regularizer, constraint=self.kernel_constraint,
                                      dtype=self.dtype, trainable=True)
        _column_major(self.kernel)
        if self.use_bias:
            self.bias = self.add_weight("bias", shape=[self.units], initializer=self.bias_initializer,
                                        regularizer=self.bias_regularizer, constraint=self.bias_constraint,
                                        dtype=self.dtype, trainable=True)
        else:
            self.bias = None
        self.built = True

    def call(self, inputs):
        x = convert(inputs)
        kernel = convert(self.kernel)
        if x.dtype != kernel.dtype:
            if x.dim() != 2:
                return _matmul_error(inputs, self.kernel)
            x = x.to(kernel.dtype)  # TF 1.15 casts rank-2 inputs to the layer's dtype
        try:
            if self.bias is None:
                outputs = torch.matmul(x, kernel)
            elif x.dim() == 2:
                outputs = torch.addmm(convert(self.bias), x, kernel)
            else:
                outputs = F.linear(x, kernel.t(), convert(self.bias))
        except RuntimeError:
            return _matmul_error(inputs, self.kernel)
        outputs = wrap(outputs)
        return outputs if self._linear else self.activation(outputs)

    def compute_output_shape(self, input_shape):
        input_shape = TensorShape(input_shape).with_rank_at_least(2)
        if input_shape[-1].value is None:
            raise ValueError(f"The innermost dimension of input_shape must be defined, but saw: {input_shape}")
        return input_shape[:-1].concatenate(self.units)

    def get_config(self):
        config = {"units": self.units, "activation": activations.serialize(self.activation),
                  "use_bias": self.use_bias,
                  "kernel_initializer": initializers.serialize(self.kernel_initializer),
                  "bias_initializer": initializers.serialize(self.bias_initializer),
                  "kernel_regularizer": regularizers.serialize(self.kernel_regularizer),
                  "bias_regularizer": regularizers.serialize(self.bias_regularizer),
                  "activity_regularizer": regularizers.serialize(self.activity_regularizer),
                  "kernel_constraint": constraints.serialize(self.kernel_constraint),
                  "bias_constraint": constraints.serialize(self.bias_constraint)}
        return {**super().get_config(), **config}


def _column_major(variable):
    """Store a 2-D kernel column-major, as torch keeps a Linear weight: ``x @ kernel`` then runs the
    BLAS call F.linear runs (about twice as fast on the CPU for narrow layers).  The values and the
    shape are unchanged; write_storage keeps the tensor it is given, so its layout with it."""
    value = read_storage(variable)
    if type(value) is torch.Tensor and value.dim() == 2:
        write_storage(variable, value.t().contiguous().t())


def _matmul_error(inputs, kernel):
    """Raise the error TF's MatMul gives for these operands."""
    x = convert(inputs)
    if x.dim() == 2:
        return matmul(inputs, kernel)
    return tensordot(inputs, kernel, [[x.dim() - 1], [0]])


@export("keras.layers.Activation")
class Activation(Layer):
    """Applies an activation function (a name or a callable)."""

    def __init__(self, activation, **kwargs):
        super().__init__(**kwargs)
        self.supports_masking = True
        self.activation = activations.get(activation)

    def call(self, inputs):
        return self.activation(inputs)

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        return {**super().get_config(), "activation": activations.serialize(self.activation)}


@export("keras.layers.Dropout")
class Dropout(Layer):
    """Drops inputs at ``rate`` (scaling the rest by 1 / (1 - rate)) when training; identity otherwise
    (TF 1.x eager's default learning phase is inference)."""

    def __init__(self, rate, noise_shape=None, seed=None, **kwargs):
        super().__init__(**kwargs)
        self.rate = rate
        self.noise_shape = noise_shape
        self.seed = seed
        self.supports_masking = True

    def _get_noise_shape(self, inputs):
        if self.noise_shape is None:
            return None
        sizes = convert(inputs).shape
        return [sizes[i] if value is None else value for i, value in enumerate(self.noise_shape)]

    def call(self, inputs, training=None):
        if training is None:
            training = backend.learning_phase()
        if not bool(training):
            return inputs if type(inputs) is Tensor else wrap(convert(inputs))
        return nn_ops.dropout(inputs, noise_shape=self._get_noise_shape(inputs), seed=self.seed, rate=self.rate)

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        return {**super().get_config(), "rate": self.rate, "noise_shape": self.noise_shape, "seed": self.seed}


@export("keras.layers.Flatten")
class Flatten(Layer):
    """Flattens all but the batch dimension (channels_first inputs are made channels_last first)."""

    def __init__(self, data_format=None, **kwargs):
        super().__init__(**kwargs)
        self.data_format = _normalize_data_format(data_format)
        self.input_spec = InputSpec(min_ndim=1)

    def call(self, inputs):
        x = convert(inputs)
        if self.data_format == "channels_first" and x.dim() > 1:
            x = x.permute(0, *range(2, x.dim()), 1)
        if not x.dim():
            return wrap(x.reshape(1, -1))
        return wrap(x.reshape(x.shape[0], int(np.prod(x.shape[1:]))))  # also for an empty batch

    def compute_output_shape(self, input_shape):
        input_shape = TensorShape(input_shape).as_list()
        if not input_shape:
            return TensorShape([1])
        rest = input_shape[1:]
        return TensorShape([input_shape[0], int(np.prod(rest)) if all(rest) else None])

    def get_config(self):
        return {**super().get_config(), "data_format": self.data_format}


def _normalize_data_format(value):
    if value is None:
        value = backend.image_data_format()
    data_format = value.lower()
    if data_format not in {"channels_first", "channels_last"}:
        raise ValueError('The `data_format` argument must be one of "channels_first", "channels_last". '
                         f"Received: {value}")
    return data_format


@export("keras.layers.Reshape")
class Reshape(Layer):
    """Reshapes each sample to ``target_shape`` (one entry may be -1)."""

    def __init__(self, target_shape, **kwargs):
        super().__init__(**kwargs)
        self.target_shape = tuple(target_shape)

    def _fix_unknown_dimension(self, input_shape, output_shape):
        output_shape = list(output_shape)
        msg = "total size of new array must be unchanged"
        known, unknown = 1, None
        for index, dim in enumerate(output_shape):
            if dim < 0:
                if unknown is None:
                    unknown = index
                else:
                    raise ValueError("Can only specify one unknown dimension.")
            else:
                known *= dim
        original = int(np.prod(input_shape, dtype=int))
        if unknown is not None:
            if known == 0 or original % known != 0:
                raise ValueError(msg)
            output_shape[unknown] = original // known
        elif original != known:
            raise ValueError(msg)
        return output_shape

    def compute_output_shape(self, input_shape):
        input_shape = TensorShape(input_shape).as_list()
        if None in input_shape[1:]:
            output_shape = [input_shape[0]]
            output_shape += tuple(s if s != -1 else None for s in self.target_shape)
        else:
            output_shape = [input_shape[0]]
            output_shape += self._fix_unknown_dimension(input_shape[1:], self.target_shape)
        return TensorShape(output_shape)

    def call(self, inputs):
        x = convert(inputs)
        return reshape(inputs, (x.shape[0],) + self.target_shape)

    def get_config(self):
        return {**super().get_config(), "target_shape": self.target_shape}


@export("keras.layers.Permute")
class Permute(Layer):
    """Permutes the non-batch dimensions: ``dims`` is a permutation of 1..rank-1."""

    def __init__(self, dims, **kwargs):
        super().__init__(**kwargs)
        self.dims = tuple(dims)
        if sorted(dims) != list(range(1, len(dims) + 1)):
            raise ValueError(f"Invalid permutation `dims` for Permute Layer: {dims}. The set of indices in "
                             "`dims` must be consecutive and start from 1.")
        self.input_spec = InputSpec(ndim=len(self.dims) + 1)

    def compute_output_shape(self, input_shape):
        input_shape = TensorShape(input_shape).as_list()
        output_shape = list(input_shape)
        for i, dim in enumerate(self.dims):
            output_shape[i + 1] = input_shape[dim]
        return TensorShape(output_shape)

    def call(self, inputs):
        return wrap(convert(inputs).permute((0,) + self.dims))

    def get_config(self):
        return {**super().get_config(), "dims": self.dims}


@export("keras.layers.RepeatVector")
class RepeatVector(Layer):
    """(batch, features) -> (batch, n, features)."""

    def __init__(self, n, **kwargs):
        super().__init__(**kwargs)
        self.n = n
        self.input_spec = InputSpec(ndim=2)

    def compute_output_shape(self, input_shape):
        input_shape = TensorShape(input_shape).as_list()
        return TensorShape([input_shape[0], self.n, input_shape[1]])

    def call(self, inputs):
        return wrap(convert(inputs).unsqueeze(1).repeat(1, self.n, 1))

    def get_config(self):
        return {**super().get_config(), "n": self.n}


@export("keras.layers.ActivityRegularization")
class ActivityRegularization(Layer):
    """The identity, adding l1 * sum(|x|) + l2 * sum(x ** 2) (per sample) to the layer's losses."""

    def __init__(self, l1=0., l2=0., **kwargs):
        super().__init__(activity_regularizer=regularizers.L1L2(l1=l1, l2=l2), **kwargs)
        self.supports_masking = True
        self.l1 = l1
        self.l2 = l2

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        return {**super().get_config(), "l1": self.l1, "l2": self.l2}


@export("keras.layers.Lambda", status=PARTIAL,
        note="Variables created inside the function are not tracked (as in TF 1.x). get_config writes TF's "
             "fields (a Python function as marshalled bytecode, as TF does); from_config takes functions by "
             "name (custom_objects) but refuses bytecode: tfcompat never runs code from a saved config.")
class Lambda(Layer):
    """Wraps ``function(inputs, **arguments)`` as a layer."""

    def __init__(self, function, output_shape=None, mask=None, arguments=None, **kwargs):
        super().__init__(**kwargs)
        self.function = function
        self.arguments = arguments if arguments else {}
        if mask is not None:
            self.supports_masking = True
        self.mask = mask
        self._output_shape = output_shape
        try:
            parameters = inspect.signature(function).parameters
        except (TypeError, ValueError):
            parameters = {}
        self._fn_takes_mask = "mask" in parameters
        self._fn_takes_training = "training" in parameters

    def call(self, inputs, mask=None, training=None):
        arguments = dict(self.arguments)
        if self._fn_takes_mask:
            arguments["mask"] = mask
        if self._fn_takes_training:
            arguments["training"] = training
        return self.function(inputs, **arguments)

    def compute_mask(self, inputs, mask=None):
        if callable(self.mask):
            return self.mask(inputs, mask)
        return self.mask

    def get_config(self):
        function, function_type, module = _function_config(self.function)
        shape, shape_type, shape_module = _function_config(self._output_shape, allow_raw=True)
        config = {"function": function, "function_type": function_type, "module": module, "output_shape": shape,
                  "output_shape_type": shape_type, "output_shape_module": shape_module}
        if self.mask is not None:
            mask, mask_type, mask_module = _function_config(self.mask, allow_raw=True)
            config.update(mask=mask, mask_type=mask_type, mask_module=mask_module)
        config["arguments"] = self.arguments
        return {**super().get_config(), **config}

    @classmethod
    def from_config(cls, config, custom_objects=None):
        config = dict(config)
        name = config.get("name")
        config["function"] = _function_from_config(config, "function", name, custom_objects)
        config["output_shape"] = _function_from_config(config, "output_shape", name, custom_objects)
        if "mask" in config:
            config["mask"] = _function_from_config(config, "mask", name, custom_objects)
        for key in ("function_type", "module", "output_shape_type", "output_shape_module", "mask_type",
                    "mask_module"):
            config.pop(key, None)
        return cls(**config)

    def compute_output_shape(self, input_shape):
        if self._output_shape is None:
            return super().compute_output_shape(input_shape)
        if callable(self._output_shape):
            return _as_shapes(self._output_shape(input_shape))
        # A shape without the batch dimension, or a list of them: the input's batch size is added.
        first = input_shape
        while isinstance(first, (list, tuple)) and first and isinstance(first[0], (list, tuple, TensorShape)):
            first = first[0]
        batch = TensorShape(first)[0].value if TensorShape(first).rank else None
        if _is_shape_list(self._output_shape):
            return [TensorShape([batch] + list(shape)) for shape in self._output_shape]
        return TensorShape([batch] + list(self._output_shape))


def _function_config(function, allow_raw=False):
    """TF's Lambda._serialize_function_to_config: (value, type, module); a Python function (types.LambdaType,
    which every ``def`` function is) as TF's func_dump (base64 of its marshalled code, defaults, closure)."""
    if isinstance(function, types.LambdaType):
        closure = tuple(cell.cell_contents for cell in function.__closure__) if function.__closure__ else None
        code = codecs.encode(marshal.dumps(function.__code__), "base64").decode("ascii")
        return (code, function.__defaults__, closure), "lambda", function.__module__
    if callable(function):
        return function.__name__, "function", function.__module__
    if allow_raw:
        return function, "raw", None
    raise ValueError(f"Invalid input for serialization, type: {type(function)} ")


def _function_from_config(config, key, layer_name, custom_objects):
    kind, value = config.get(key + "_type"), config.get(key)
    if kind == "function":
        from ..generic_utils import deserialize_keras_object
        return deserialize_keras_object(value, {}, custom_objects, "function in Lambda layer")
    if kind == "lambda":
        raise ValueError(f"The Lambda layer {layer_name!r} holds its {key} as Python bytecode; tfcompat never runs "
                         "code from a saved model. Build the model in code and load the file's weights into it "
                         "(model.load_weights(path)).")
    return value


def _is_shape_list(value):
    return isinstance(value, (list, tuple)) and bool(value) and all(
        isinstance(v, (list, tuple, TensorShape)) for v in value)


def _as_shapes(value):
    """A shape, or a list of shapes, as TensorShape(s)."""
    if _is_shape_list(value):
        return [TensorShape(v) for v in value]
    return TensorShape(value)


# The symbolic path asks compute_output_shape only where a layer defines its own; Lambda does
# only when given ``output_shape``, which the instance decides.
Lambda.compute_output_shape._is_default = True


__all__ = ["Dense", "Activation", "Dropout", "Flatten", "Reshape", "Permute", "RepeatVector", "Lambda",
           "ActivityRegularization"]


@export("keras.layers.Masking")
class Masking(Layer):
    """Zeros the timesteps whose features all equal ``mask_value``; compute_mask marks the others."""

    def __init__(self, mask_value=0.0, **kwargs):
        super().__init__(**kwargs)
        self.supports_masking = True
        self.mask_value = mask_value

    def call(self, inputs):
        kept = reduction_ops.reduce_any(not_equal(inputs, self.mask_value), -1, True)
        return inputs * cast(kept, inputs.dtype)

    def compute_mask(self, inputs, mask=None):
        return reduction_ops.reduce_any(not_equal(inputs, self.mask_value), -1)

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        return {**super().get_config(), "mask_value": self.mask_value}
