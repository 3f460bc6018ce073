"""Keras RNN cells (TF 1.15 keras/layers/recurrent.py): SimpleRNNCell, LSTMCell, GRUCell and
StackedRNNCells, with TF 1.x's defaults (``recurrent_activation='hard_sigmoid'``, GRU
``reset_after=False``, LSTM ``unit_forget_bias``).

Each built-in cell splits its step in two torch functions, so the RNN layer can run a whole
sequence leanly: ``_project(x, input_masks)`` (the input projection plus bias, for one step or for
all steps at once with one matmul) and ``_step(projected, states, recurrent_masks)`` (the
recurrent part of one step).  ``call(inputs, states)`` is the two together, on tf tensors, for
code that steps a cell itself.  Weights are ``kernel [input_dim, gates * units]``,
``recurrent_kernel [units, gates * units]`` and ``bias``; gates in Keras's order (LSTM i, f, c, o;
GRU z, r, h).
"""

import torch

from ...framework import dtypes
from ...framework.tensor import convert, wrap
from ...framework.tensor_shape import TensorShape
from ...ops import nn_ops
from ...registry import export
from ...util import nest
from .. import activations, backend, constraints, initializers, regularizers
from ..engine.base_layer import Layer
from .core import _column_major


def _hard_sigmoid(x):
    return torch.clamp(x * 0.2 + 0.5, 0., 1.)


def _identity(x):
    return x


_TORCH_ACTIVATIONS = {activations.tanh: torch.tanh, activations.sigmoid: torch.sigmoid,
                      activations.hard_sigmoid: _hard_sigmoid, activations.linear: _identity,
                      activations.relu: torch.relu}


def torch_activation(activation):
    """The activation as a function of torch tensors (the Keras function through tf tensors when
    torch has no twin of it)."""
    found = _TORCH_ACTIVATIONS.get(activation)
    if found is not None:
        return found
    return lambda x: convert(activation(wrap(x)))


def _torch(value):
    return value if type(value) is torch.Tensor else convert(value)


def dropout_masks(like, rate, count, training):
    """``count`` Keras dropout masks shaped as the 2-D torch tensor ``like`` (0 or 1 / (1 - rate)),
    or None outside training or without dropout (TF 1.15's _generate_dropout_mask)."""
    if not training or not 0. < rate < 1.:
        return None
    ones = wrap(torch.ones_like(like))
    return [convert(nn_ops.dropout(ones, rate=rate)) for _ in range(count)]


def add_kernels(layer, input_dim):
    """``layer.kernel`` [input_dim, gates * units] and ``layer.recurrent_kernel`` [units, gates * units],
    with the layer's initializers, regularizers and constraints (the cells' and the cuDNN layers')."""
    width = layer.gates * layer.units
    layer.kernel = layer.add_weight(shape=(input_dim, width), name="kernel", initializer=layer.kernel_initializer,
                                    regularizer=layer.kernel_regularizer, constraint=layer.kernel_constraint)
    layer.recurrent_kernel = layer.add_weight(shape=(layer.units, width), name="recurrent_kernel",
                                              initializer=layer.recurrent_initializer,
                                              regularizer=layer.recurrent_regularizer,
                                              constraint=layer.recurrent_constraint)
    # torch's kernels take the weights as [gates * units, input]: stored column-major, the kernels'
    # transposes are those tensors without a copy
    _column_major(layer.kernel)
    _column_major(layer.recurrent_kernel)


@export("keras.layers.AbstractRNNCell")
class AbstractRNNCell(Layer):
    """The base of RNN cells: ``call(inputs, states)`` returns ``(output, new_states)``; subclasses give
    ``state_size`` and ``output_size``."""

    def call(self, inputs, states):
        raise NotImplementedError("Abstract method")

    @property
    def state_size(self):
        raise NotImplementedError("Abstract method")

    @property
    def output_size(self):
        raise NotImplementedError("Abstract method")

    def get_initial_state(self, inputs=None, batch_size=None, dtype=None):
        if inputs is not None:
            batch_size = convert(inputs).shape[0]
            dtype = inputs.dtype
        torch_dtype = dtypes.to_torch_dtype(dtypes.as_dtype(dtype or backend.floatx()))
        zeros = [wrap(torch.zeros([int(batch_size)] + TensorShape(size).as_list(), dtype=torch_dtype))
                 for size in nest.flatten(self.state_size)]
        return zeros[0] if len(zeros) == 1 else zeros


class _DropoutCell(Layer):
    """The weights' initializers, regularizers and constraints, the activations and the cached
    dropout masks that the built-in cells share (TF 1.15's DropoutRNNCellMixin)."""

    gates = 1

    def __init__(self, units, activation, recurrent_activation, use_bias, kernel_initializer,
                 recurrent_initializer, bias_initializer, kernel_regularizer, recurrent_regularizer,
                 bias_regularizer, kernel_constraint, recurrent_constraint, bias_constraint, dropout,
                 recurrent_dropout, implementation=1, **kwargs):
        super().__init__(**kwargs)
        self.units = int(units)
        self.activation = activations.get(activation)
        self.recurrent_activation = activations.get(recurrent_activation)
        self.use_bias = use_bias
        self.kernel_initializer = initializers.get(kernel_initializer)
        self.recurrent_initializer = initializers.get(recurrent_initializer)
        self.bias_initializer = initializers.get(bias_initializer)
        self.kernel_regularizer = regularizers.get(kernel_regularizer)
        self.recurrent_regularizer = regularizers.get(recurrent_regularizer)
        self.bias_regularizer = regularizers.get(bias_regularizer)
        self.kernel_constraint = constraints.get(kernel_constraint)
        self.recurrent_constraint = constraints.get(recurrent_constraint)
        self.bias_constraint = constraints.get(bias_constraint)
        self.dropout = min(1., max(0., dropout))
        self.recurrent_dropout = min(1., max(0., recurrent_dropout))
        # TF: recurrent dropout needs the gate-by-gate implementation 1
        self.implementation = 1 if self.recurrent_dropout != 0 else implementation
        self._act = torch_activation(self.activation)
        self._recurrent_act = torch_activation(self.recurrent_activation)
        self.reset_dropout_mask()
        self.reset_recurrent_dropout_mask()

    def _set_sizes(self, state_size):
        object.__setattr__(self, "state_size", state_size)  # a plain value, not a tracked container
        object.__setattr__(self, "output_size", self.units)

    def reset_dropout_mask(self):
        object.__setattr__(self, "_dropout_mask_cache", None)

    def reset_recurrent_dropout_mask(self):
        object.__setattr__(self, "_recurrent_dropout_mask_cache", None)

    def _mask_count(self):
        return self.gates if self.implementation == 1 else 1

    def get_dropout_mask_for_cell(self, inputs, training, count=1):
        if self._dropout_mask_cache is None:
            object.__setattr__(self, "_dropout_mask_cache",
                               dropout_masks(_torch(inputs), self.dropout, count, training))
        return self._dropout_mask_cache

    def get_recurrent_dropout_mask_for_cell(self, inputs, training, count=1):
        if self._recurrent_dropout_mask_cache is None:
            object.__setattr__(self, "_recurrent_dropout_mask_cache",
                               dropout_masks(_torch(inputs), self.recurrent_dropout, count, training))
        return self._recurrent_dropout_mask_cache

    def _build_weights(self, input_shape, bias_shape, bias_initializer):
        add_kernels(self, TensorShape(input_shape)[-1].value)
        if self.use_bias:
            self.bias = self.add_weight(shape=bias_shape, name="bias", initializer=bias_initializer,
                                        regularizer=self.bias_regularizer, constraint=self.bias_constraint)
        else:
            self.bias = None
        self.built = True

    # --- the step, in torch ----------------------------------------------------------------------

    def _input_bias(self):
        return convert(self.bias) if self.use_bias else None

    def _project(self, x, input_masks):
        """``x @ kernel + bias`` for inputs ``x [..., input_dim]``, each gate's part of the kernel
        seeing its own dropout mask when there are masks."""
        kernel, bias = convert(self.kernel), self._input_bias()
        if input_masks is None:
            return torch.matmul(x, kernel) if bias is None else torch.add(torch.matmul(x, kernel), bias)
        if len(input_masks) == 1:
            projected = torch.matmul(x * input_masks[0], kernel)
        else:
            projected = torch.cat([torch.matmul(x * m, k) for m, k in zip(input_masks, kernel.chunk(self.gates, -1))],
                                  -1)
        return projected if bias is None else projected + bias

    def _recurrent(self, h, recurrent_masks, kernel):
        """``h @ kernel``, gate by gate when each gate has its own recurrent dropout mask."""
        if recurrent_masks is None:
            return torch.matmul(h, kernel)
        if len(recurrent_masks) == 1:
            return torch.matmul(h * recurrent_masks[0], kernel)
        parts = kernel.chunk(len(recurrent_masks), -1)
        return torch.cat([torch.matmul(h * m, k) for m, k in zip(recurrent_masks, parts)], -1)

    def _step(self, projected, states, recurrent_masks):
        raise NotImplementedError

    def call(self, inputs, states, training=None):
        x = convert(inputs)
        if x.dtype != convert(self.kernel).dtype:
            raise TypeError(f"Layer {self.name}: the inputs' dtype {dtypes.as_dtype(x.dtype).name} differs from "
                            f"the cell's weights' dtype {self.kernel.dtype.name}")
        state_list = [convert(s) for s in nest.flatten(states)]
        input_masks = self.get_dropout_mask_for_cell(x, training, self._mask_count())
        recurrent_masks = self.get_recurrent_dropout_mask_for_cell(state_list[0], training, self._mask_count())
        output, new_states = self._step(self._project(x, input_masks), state_list, recurrent_masks)
        return wrap(output), [wrap(s) for s in new_states]

    def get_initial_state(self, inputs=None, batch_size=None, dtype=None):
        if inputs is not None:
            batch_size = convert(inputs).shape[0]
            dtype = inputs.dtype
        dtype = dtypes.as_dtype(dtype or backend.floatx())
        zeros = [wrap(torch.zeros(int(batch_size), size, dtype=dtypes.to_torch_dtype(dtype)))
                 for size in nest.flatten(self.state_size)]
        return zeros[0] if len(zeros) == 1 else zeros

    def get_config(self):
        config = {"units": self.units, "activation": activations.serialize(self.activation),
                  "use_bias": self.use_bias,
                  "kernel_initializer": initializers.serialize(self.kernel_initializer),
                  "recurrent_initializer": initializers.serialize(self.recurrent_initializer),
                  "bias_initializer": initializers.serialize(self.bias_initializer),
                  "kernel_regularizer": regularizers.serialize(self.kernel_regularizer),
                  "recurrent_regularizer": regularizers.serialize(self.recurrent_regularizer),
                  "bias_regularizer": regularizers.serialize(self.bias_regularizer),
                  "kernel_constraint": constraints.serialize(self.kernel_constraint),
                  "recurrent_constraint": constraints.serialize(self.recurrent_constraint),
                  "bias_constraint": constraints.serialize(self.bias_constraint),
                  "dropout": self.dropout, "recurrent_dropout": self.recurrent_dropout}
        return {**super().get_config(), **config}


@export("keras.layers.SimpleRNNCell")
class SimpleRNNCell(_DropoutCell):
    """``h = activation(x @ kernel + bias + h_prev @ recurrent_kernel)``."""

    def __init__(self, units, activation="tanh", use_bias=True, kernel_initializer="glorot_uniform",
                 recurrent_initializer="orthogonal", bias_initializer="zeros", kernel_regularizer=None,
                 recurrent_regularizer=None, bias_regularizer=None, kernel_constraint=None, recurrent_constraint=None,
                 bias_constraint=None, dropout=0., recurrent_dropout=0., **kwargs):
        super().__init__(units, activation, None, use_bias, kernel_initializer, recurrent_initializer,
                         bias_initializer, kernel_regularizer, recurrent_regularizer, bias_regularizer,
                         kernel_constraint, recurrent_constraint, bias_constraint, dropout, recurrent_dropout,
                         implementation=2, **kwargs)
        self._set_sizes(self.units)

    def build(self, input_shape):
        self._build_weights(input_shape, (self.units,), self.bias_initializer)

    def _step(self, projected, states, recurrent_masks):
        h = self._act(projected + self._recurrent(states[0], recurrent_masks, convert(self.recurrent_kernel)))
        return h, [h]


def _unit_forget_bias(bias_initializer, units):
    """The LSTM bias initializer with ``unit_forget_bias``: ones for the forget gate."""

    def initializer(shape, dtype=None, **kwargs):
        first = convert(bias_initializer([units], dtype=dtype))
        rest = convert(bias_initializer([2 * units], dtype=dtype))
        return wrap(torch.cat([first, torch.ones_like(first), rest]))

    return initializer


@export("keras.layers.LSTMCell")
class LSTMCell(_DropoutCell):
    """Keras's LSTM step (gates i, f, c, o): ``c = f * c_prev + i * activation(x_c + h_prev @ rk_c)``,
    ``h = o * activation(c)``, the gates through ``recurrent_activation``."""

    gates = 4

    def __init__(self, units, activation="tanh", recurrent_activation="hard_sigmoid", use_bias=True,
                 kernel_initializer="glorot_uniform", recurrent_initializer="orthogonal", bias_initializer="zeros",
                 unit_forget_bias=True, kernel_regularizer=None, recurrent_regularizer=None, bias_regularizer=None,
                 kernel_constraint=None, recurrent_constraint=None, bias_constraint=None, dropout=0.,
                 recurrent_dropout=0., **kwargs):
        implementation = kwargs.pop("implementation", 1)
        super().__init__(units, activation, recurrent_activation, use_bias, kernel_initializer,
                         recurrent_initializer, bias_initializer, kernel_regularizer, recurrent_regularizer,
                         bias_regularizer, kernel_constraint, recurrent_constraint, bias_constraint, dropout,
                         recurrent_dropout, implementation=implementation, **kwargs)
        self.unit_forget_bias = unit_forget_bias
        self._set_sizes([self.units, self.units])

    def build(self, input_shape):
        bias_initializer = self.bias_initializer
        if self.unit_forget_bias:
            bias_initializer = _unit_forget_bias(self.bias_initializer, self.units)
        self._build_weights(input_shape, (4 * self.units,), bias_initializer)

    def _step(self, projected, states, recurrent_masks):
        h, c = states
        z = projected + self._recurrent(h, recurrent_masks, convert(self.recurrent_kernel))
        i, f, candidate, o = z.chunk(4, -1)
        act, recurrent_act = self._act, self._recurrent_act
        c = recurrent_act(f) * c + recurrent_act(i) * act(candidate)
        h = recurrent_act(o) * act(c)
        return h, [h, c]

    def uses_torch_kernel(self):
        """Whether torch.lstm computes this cell's equations (Keras's gate order i, f, c, o is torch's)."""
        return self.activation is activations.tanh and self.recurrent_activation is activations.sigmoid

    def get_config(self):
        return {**super().get_config(), "recurrent_activation": activations.serialize(self.recurrent_activation),
                "unit_forget_bias": self.unit_forget_bias, "implementation": self.implementation}


@export("keras.layers.GRUCell")
class GRUCell(_DropoutCell):
    """Keras's GRU step (gates z, r, h): ``h = z * h_prev + (1 - z) * hh``; with ``reset_after``
    (cuDNN's variant) the reset gate multiplies ``h_prev @ rk_h + recurrent_bias`` and the bias is
    ``[2, 3 * units]`` (input bias, recurrent bias)."""

    gates = 3

    def __init__(self, units, activation="tanh", recurrent_activation="hard_sigmoid", use_bias=True,
                 kernel_initializer="glorot_uniform", recurrent_initializer="orthogonal", bias_initializer="zeros",
                 kernel_regularizer=None, recurrent_regularizer=None, bias_regularizer=None, kernel_constraint=None,
                 recurrent_constraint=None, bias_constraint=None, dropout=0., recurrent_dropout=0.,
                 reset_after=False, **kwargs):
        implementation = kwargs.pop("implementation", 1)
        super().__init__(units, activation, recurrent_activation, use_bias, kernel_initializer,
                         recurrent_initializer, bias_initializer, kernel_regularizer, recurrent_regularizer,
                         bias_regularizer, kernel_constraint, recurrent_constraint, bias_constraint, dropout,
                         recurrent_dropout, implementation=implementation, **kwargs)
        self.reset_after = reset_after
        self._set_sizes(self.units)

    def build(self, input_shape):
        bias_shape = (2, 3 * self.units) if self.reset_after else (3 * self.units,)
        self._build_weights(input_shape, bias_shape, self.bias_initializer)

    def _input_bias(self):
        if not self.use_bias:
            return None
        bias = convert(self.bias)
        return bias[0] if self.reset_after else bias

    def _step(self, projected, states, recurrent_masks):
        h = states[0]
        units = self.units
        recurrent_kernel = convert(self.recurrent_kernel)
        x_z, x_r, x_h = projected.split(units, -1)
        recurrent_act = self._recurrent_act
        if self.reset_after:
            recurrent = self._recurrent(h, recurrent_masks, recurrent_kernel)
            if self.use_bias:
                recurrent = recurrent + convert(self.bias)[1]
            r_z, r_r, r_h = recurrent.split(units, -1)
            z = recurrent_act(x_z + r_z)
            r = recurrent_act(x_r + r_r)
            candidate = self._act(x_h + r * r_h)
        else:
            zr_masks = recurrent_masks if recurrent_masks is None or len(recurrent_masks) == 1 else recurrent_masks[:2]
            r_z, r_r = self._recurrent(h, zr_masks, recurrent_kernel[:, :2 * units]).split(units, -1)
            z = recurrent_act(x_z + r_z)
            r = recurrent_act(x_r + r_r)
            h_mask = None if recurrent_masks is None else recurrent_masks[-1:]
            candidate = self._act(x_h + self._recurrent(r * h, h_mask, recurrent_kernel[:, 2 * units:]))
        h = z * h + (1 - z) * candidate
        return h, [h]

    def uses_torch_kernel(self):
        """Whether torch.gru computes this cell's equations: the reset-after variant with tanh and sigmoid."""
        return (self.reset_after and self.activation is activations.tanh
                and self.recurrent_activation is activations.sigmoid)

    def get_config(self):
        return {**super().get_config(), "recurrent_activation": activations.serialize(self.recurrent_activation),
                "implementation": self.implementation, "reset_after": self.reset_after}


@export("keras.layers.StackedRNNCells")
class StackedRNNCells(Layer):
    """Cells run one after the other at each step, as one cell; its state is the cells' states in order."""

    def __init__(self, cells, **kwargs):
        for cell in cells:
            if not hasattr(cell, "call"):
                raise ValueError(f"All cells must have a `call` method. received cells: {cells}")
            if not hasattr(cell, "state_size"):
                raise ValueError("All cells must have a `state_size` attribute. received cells: " + str(cells))
        self.reverse_state_order = kwargs.pop("reverse_state_order", False)
        super().__init__(**kwargs)
        self.cells = cells

    @property
    def state_size(self):
        return tuple(cell.state_size for cell in self.cells)

    @property
    def output_size(self):
        last = self.cells[-1]
        if getattr(last, "output_size", None) is not None:
            return last.output_size
        return nest.flatten(last.state_size)[0]

    def get_initial_state(self, inputs=None, batch_size=None, dtype=None):
        return tuple(cell.get_initial_state(inputs, batch_size, dtype) for cell in self.cells)

    def build(self, input_shape):
        constants_shape = []
        if isinstance(input_shape, list):
            input_shape, constants_shape = input_shape[0], list(input_shape[1:])
        for cell in self.cells:
            if isinstance(cell, Layer) and not cell.built:
                takes_constants = constants_shape and "constants" in cell._call_spec.arg_names
                cell.build([input_shape] + constants_shape if takes_constants else input_shape)
                cell.built = True
            output_dim = getattr(cell, "output_size", None) or nest.flatten(cell.state_size)[0]
            input_shape = TensorShape([TensorShape(input_shape)[0].value, output_dim])
        self.built = True

    def call(self, inputs, states, constants=None, training=None):
        nested_states = nest.pack_sequence_as(self.state_size, nest.flatten(states))
        new_nested_states = []
        for cell, cell_states in zip(self.cells, nested_states):
            cell_states = list(cell_states) if nest.is_nested(cell_states) else [cell_states]
            kwargs = {}
            spec = getattr(cell, "_call_spec", None)
            if constants is not None and spec is not None and "constants" in spec.arg_names:
                kwargs["constants"] = constants
            if spec is not None and spec.expects_training:
                kwargs["training"] = training
            inputs, cell_states = cell.call(inputs, cell_states, **kwargs)
            new_nested_states.append(cell_states)
        return inputs, nest.pack_sequence_as(self.state_size, nest.flatten(new_nested_states))

    def get_config(self):
        cells = [{"class_name": type(cell).__name__, "config": cell.get_config()} for cell in self.cells]
        return {**super().get_config(), "cells": cells}

    @classmethod
    def from_config(cls, config, custom_objects=None):
        from ..saving.model_config import deserialize
        config = dict(config)
        cells = [deserialize(cell, custom_objects=custom_objects) for cell in config.pop("cells")]
        return cls(cells, **config)
