"""Merge layers (TF 1.15 keras/layers/merge.py): Add, Subtract, Multiply, Average, Maximum,
Minimum, Concatenate, Dot, and their functional forms."""

import functools

import torch

from ...framework.tensor import convert, dtype_mismatch, dtype_of, wrap
from ...framework.tensor_shape import TensorShape
from ...ops import array_ops
from ...registry import export
from ..engine.base_layer import Layer


def _as_tuple(shape):
    shape = TensorShape(shape)
    return None if shape.rank is None else tuple(shape.as_list())


class _Merge(Layer):
    """An elementwise merge of a list of inputs; ranks that differ are aligned by inserting axes
    after the batch axis, as Keras does."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.supports_masking = True

    def _merge_function(self, inputs):
        raise NotImplementedError

    def _elementwise_shape(self, shape1, shape2):
        if None in (shape1, shape2):
            return None
        if len(shape1) < len(shape2):
            return self._elementwise_shape(shape2, shape1)
        if not shape2:
            return shape1
        output_shape = list(shape1[:-len(shape2)])
        for i, j in zip(shape1[-len(shape2):], shape2):
            if i is None or j is None:
                output_shape.append(None)
            elif i == 1:
                output_shape.append(j)
            elif j == 1:
                output_shape.append(i)
            else:
                if i != j:
                    raise ValueError(f"Operands could not be broadcast together with shapes {shape1} {shape2}")
                output_shape.append(i)
        return tuple(output_shape)

    def build(self, input_shape):
        if not isinstance(input_shape, (list, tuple)) or isinstance(input_shape, TensorShape):
            raise ValueError("A merge layer should be called on a list of inputs.")
        if len(input_shape) < 2:
            raise ValueError(f"A merge layer should be called on a list of at least 2 inputs. Got "
                             f"{len(input_shape)} inputs.")
        shapes = [_as_tuple(s) for s in input_shape]
        batch_sizes = {s[0] for s in shapes if s is not None and s} - {None}
        if len(batch_sizes) > 1:
            raise ValueError(f"Can not merge tensors with different batch sizes. Got tensors with shapes : {shapes}")
        output_shape = None if shapes[0] is None else shapes[0][1:]
        for shape in shapes[1:]:
            output_shape = self._elementwise_shape(output_shape, None if shape is None else shape[1:])
        self.built = True

    def call(self, inputs):
        if not isinstance(inputs, (list, tuple)):
            raise ValueError("A merge layer should be called on a list of inputs.")
        values = [convert(x) for x in inputs]
        ranks = {v.dim() for v in values}
        if len(ranks) > 1:
            max_ndim = max(ranks)
            values = [v.reshape(v.shape[:1] + (1,) * (max_ndim - v.dim()) + v.shape[1:]) for v in values]
        return wrap(self._merge_function(values))

    def compute_output_shape(self, input_shape):
        shapes = [_as_tuple(s) for s in input_shape]
        output_shape = None if shapes[0] is None else shapes[0][1:]
        for shape in shapes[1:]:
            output_shape = self._elementwise_shape(output_shape, None if shape is None else shape[1:])
        batch_sizes = {s[0] for s in shapes if s is not None} - {None}
        batch = list(batch_sizes)[0] if len(batch_sizes) == 1 else None
        return TensorShape(None if output_shape is None else (batch,) + output_shape)


def _check_dtypes(values, op_name):
    for index, v in enumerate(values[1:], 1):
        if v.dtype != values[0].dtype:
            raise dtype_mismatch(op_name, index, dtype_of(values[0]), dtype_of(v))


@export("keras.layers.Add")
class Add(_Merge):
    """The sum of the inputs."""

    def _merge_function(self, inputs):
        _check_dtypes(inputs, "AddV2")
        return functools.reduce(torch.add, inputs)


@export("keras.layers.Subtract")
class Subtract(_Merge):
    """inputs[0] - inputs[1] (exactly two inputs)."""

    def build(self, input_shape):
        super().build(input_shape)
        if len(input_shape) != 2:
            raise ValueError("A `Subtract` layer should be called on exactly 2 inputs")

    def _merge_function(self, inputs):
        if len(inputs) != 2:
            raise ValueError("A `Subtract` layer should be called on exactly 2 inputs")
        _check_dtypes(inputs, "Sub")
        return inputs[0] - inputs[1]


@export("keras.layers.Multiply")
class Multiply(_Merge):
    """The elementwise product of the inputs."""

    def _merge_function(self, inputs):
        _check_dtypes(inputs, "Mul")
        return functools.reduce(torch.mul, inputs)


@export("keras.layers.Average")
class Average(_Merge):
    """The elementwise mean of the inputs."""

    def _merge_function(self, inputs):
        _check_dtypes(inputs, "AddV2")
        return functools.reduce(torch.add, inputs) / len(inputs)


@export("keras.layers.Maximum")
class Maximum(_Merge):
    """The elementwise maximum of the inputs."""

    def _merge_function(self, inputs):
        _check_dtypes(inputs, "Maximum")
        return functools.reduce(torch.maximum, inputs)


@export("keras.layers.Minimum")
class Minimum(_Merge):
    """The elementwise minimum of the inputs."""

    def _merge_function(self, inputs):
        _check_dtypes(inputs, "Minimum")
        return functools.reduce(torch.minimum, inputs)


@export("keras.layers.Concatenate")
class Concatenate(_Merge):
    """Concatenates the inputs along ``axis``."""

    def __init__(self, axis=-1, **kwargs):
        super().__init__(**kwargs)
        self.axis = axis

    def build(self, input_shape):
        if not isinstance(input_shape, (list, tuple)) or isinstance(input_shape, TensorShape) or len(input_shape) < 2:
            raise ValueError("A `Concatenate` layer should be called on a list of at least 2 inputs")
        shapes = [_as_tuple(s) for s in input_shape]
        if all(s is None for s in shapes):
            return
        reduced = set()
        for shape in shapes:
            if shape is None:
                continue
            if not -len(shape) <= self.axis < len(shape):
                raise ValueError(f"A `Concatenate` layer's axis {self.axis} is out of range for an input of "
                                 f"shape {shape}")
            shape = list(shape)
            del shape[self.axis]
            reduced.add(tuple(shape))
        if len(reduced) > 1:
            raise ValueError("A `Concatenate` layer requires inputs with matching shapes except for the concat "
                             f"axis. Got inputs shapes: {shapes}")
        self.built = True

    def call(self, inputs):
        return array_ops.concat(list(inputs), self.axis)

    def compute_output_shape(self, input_shape):
        shapes = [list(_as_tuple(s)) for s in input_shape]
        output_shape = list(shapes[0])
        for shape in shapes[1:]:
            if output_shape[self.axis] is None or shape[self.axis] is None:
                output_shape[self.axis] = None
                break
            output_shape[self.axis] += shape[self.axis]
        return TensorShape(output_shape)

    def get_config(self):
        return {**super().get_config(), "axis": self.axis}


@export("keras.layers.Dot")
class Dot(_Merge):
    """The dot product of two batches of samples along ``axes`` (cosine similarity when ``normalize``)."""

    def __init__(self, axes, normalize=False, **kwargs):
        super().__init__(**kwargs)
        if not isinstance(axes, int):
            if not isinstance(axes, (list, tuple)):
                raise TypeError("Invalid type for `axes` - should be a list or an int.")
            if len(axes) != 2:
                raise ValueError("Invalid format for `axes` - should contain two elements.")
            if not isinstance(axes[0], int) or not isinstance(axes[1], int):
                raise ValueError("Invalid format for `axes` - list elements should be \"int\".")
        self.axes = axes
        self.normalize = normalize
        self.supports_masking = True

    def build(self, input_shape):
        if not isinstance(input_shape, (list, tuple)) or isinstance(input_shape, TensorShape) or \
                len(input_shape) != 2:
            raise ValueError("A `Dot` layer should be called on a list of 2 inputs.")
        shape1, shape2 = _as_tuple(input_shape[0]), _as_tuple(input_shape[1])
        if shape1 is None or shape2 is None:
            return
        axes = self._axes(len(shape1), len(shape2))
        if not (0 <= axes[0] < len(shape1) and 0 <= axes[1] < len(shape2)):
            raise ValueError(f"Invalid `axes` {self.axes} for inputs of shapes {shape1} and {shape2}")
        if shape1[axes[0]] != shape2[axes[1]]:
            raise ValueError(f"Dimension incompatibility {shape1[axes[0]]} != {shape2[axes[1]]}. Layer shapes: "
                             f"{shape1}, {shape2}")
        self.built = True

    def _axes(self, rank1, rank2):
        if isinstance(self.axes, int):
            axes = [self.axes % rank1 if self.axes < 0 else self.axes,
                    self.axes % rank2 if self.axes < 0 else self.axes]
        else:
            axes = [a % r if a < 0 else a for a, r in zip(self.axes, (rank1, rank2))]
        return axes

    def call(self, inputs):
        if len(inputs) != 2:
            raise ValueError("A `Dot` layer should be called on exactly 2 inputs")
        x, y = convert(inputs[0]), convert(inputs[1])
        axes = self._axes(x.dim(), y.dim())
        if self.normalize:
            x = torch.nn.functional.normalize(x, dim=axes[0], eps=1e-6)
            y = torch.nn.functional.normalize(y, dim=axes[1], eps=1e-6)
        return wrap(_batch_dot(x, y, axes))

    def compute_output_shape(self, input_shape):
        if not isinstance(input_shape, (tuple, list)) or len(input_shape) != 2:
            raise ValueError("A `Dot` layer should be called on a list of 2 inputs.")
        shape1, shape2 = list(_as_tuple(input_shape[0])), list(_as_tuple(input_shape[1]))
        axes = self._axes(len(shape1), len(shape2))
        shape1.pop(axes[0])
        shape2.pop(axes[1])
        shape2.pop(0)
        output_shape = shape1 + shape2
        if len(output_shape) == 1:
            output_shape += [1]
        return TensorShape(output_shape)

    def get_config(self):
        return {**super().get_config(), "axes": self.axes, "normalize": self.normalize}


def _batch_dot(x, y, axes):
    """Keras's batch_dot: per sample, contract x's axis axes[0] with y's axes[1]; a (batch,) result
    becomes (batch, 1)."""
    a = torch.movedim(x, axes[0], -1)
    b = torch.movedim(y, axes[1], 1)
    batch = a.shape[0]
    rest_a, rest_b = a.shape[1:-1], b.shape[2:]
    result = torch.bmm(a.reshape(batch, -1, a.shape[-1]), b.reshape(batch, b.shape[1], -1))
    result = result.reshape((batch,) + tuple(rest_a) + tuple(rest_b))
    if result.dim() == 1:
        result = result.unsqueeze(1)
    return result


def _functional(cls, name, doc):
    def merge(inputs, **kwargs):
        return cls(**kwargs)(inputs)

    merge.__name__ = name
    merge.__doc__ = doc
    return export(f"keras.layers.{name}")(merge)


add = _functional(Add, "add", "Functional form of the Add layer.")
subtract = _functional(Subtract, "subtract", "Functional form of the Subtract layer.")
multiply = _functional(Multiply, "multiply", "Functional form of the Multiply layer.")
average = _functional(Average, "average", "Functional form of the Average layer.")
maximum = _functional(Maximum, "maximum", "Functional form of the Maximum layer.")
minimum = _functional(Minimum, "minimum", "Functional form of the Minimum layer.")


@export("keras.layers.concatenate")
def concatenate(inputs, axis=-1, **kwargs):
    """Functional form of the Concatenate layer."""
    return Concatenate(axis=axis, **kwargs)(inputs)


@export("keras.layers.dot")
def dot(inputs, axes, normalize=False, **kwargs):
    """Functional form of the Dot layer."""
    return Dot(axes=axes, normalize=normalize, **kwargs)(inputs)
