"""Keras recurrent layers (TF 1.15 keras/layers/recurrent.py): RNN over any cell, and SimpleRNN,
LSTM and GRU over the built-in cells.

The loop is TF's ``backend.rnn``: a masked step keeps the previous states and repeats the
previous output (zeros with ``zero_output_for_mask``), ``go_backwards`` runs over the reversed
sequence and returns the reversed outputs.  Built-in cells run with one matmul for the input
projection of all steps, then a lean per-step torch loop; LSTM with sigmoid/tanh and reset-after
GRU with sigmoid/tanh go to torch's fused ``torch.lstm`` / ``torch.gru`` when nothing needs the
per-step loop (no mask, no dropout in training).  As in TF 1.15, ``RNN.build`` builds the cell
outside any name scope of its own: the weights are ``lstm/kernel:0`` (tf_keras names them
``lstm/lstm_cell/kernel:0``).
"""

import inspect

import torch

from ...eager.variables import Variable, read_storage, write_storage
from ...framework import context, dtypes
from ...framework.tensor import convert, wrap
from ...framework.tensor_shape import TensorShape
from ...registry import PARTIAL, export
from ...util import nest
from .. import regularizers
from ..engine.base_layer import Layer
from ..engine.keras_tensor import KerasTensor
from .recurrent_cells import GRUCell, LSTMCell, SimpleRNNCell, StackedRNNCells, _DropoutCell


def _state_shapes(cell):
    """The cell's states' shapes after the batch axis, flat."""
    return [TensorShape(size).as_list() for size in nest.flatten(cell.state_size)]


@export("keras.layers.RNN", status=PARTIAL,
        note="`unroll` is accepted and changes nothing (the loop is eager); a symbolic initial_state "
             "or constants must be Keras tensors of the same model.")
class RNN(Layer):
    """Runs ``cell`` over the time axis of ``[batch, time, features]`` inputs."""

    def __init__(self, cell, return_sequences=False, return_state=False, go_backwards=False, stateful=False,
                 unroll=False, time_major=False, **kwargs):
        if isinstance(cell, (list, tuple)):
            cell = StackedRNNCells(cell)
        if not hasattr(cell, "call"):
            raise ValueError(f"`cell` should have a `call` method. The RNN was passed: cell={cell}")
        if not hasattr(cell, "state_size"):
            raise ValueError("The RNN cell should have an attribute `state_size` (tuple of integers, one integer "
                             "per RNN state).")
        self.zero_output_for_mask = kwargs.pop("zero_output_for_mask", False)
        super().__init__(**kwargs)
        self.cell = cell
        self.return_sequences = return_sequences
        self.return_state = return_state
        self.go_backwards = go_backwards
        self.stateful = stateful
        self.unroll = unroll
        self.time_major = time_major
        self.supports_masking = True
        self.input_spec = None
        self._num_constants = 0
        object.__setattr__(self, "_states", None)

    # --- shapes and masks ------------------------------------------------------------------------

    def _output_size(self):
        size = getattr(self.cell, "output_size", None)
        return size if size is not None else nest.flatten(self.cell.state_size)[0]

    def compute_output_shape(self, input_shape):
        if isinstance(input_shape, list) and input_shape and not isinstance(input_shape[0], int):
            input_shape = input_shape[0]
        dims = TensorShape(input_shape).as_list()
        batch, time = (dims[1], dims[0]) if self.time_major else (dims[0], dims[1])
        units = TensorShape(self._output_size()).as_list()
        if self.return_sequences:
            output_shape = TensorShape([time, batch] + units if self.time_major else [batch, time] + units)
        else:
            output_shape = TensorShape([batch] + units)
        if self.return_state:
            return [output_shape] + [TensorShape([batch] + shape) for shape in _state_shapes(self.cell)]
        return output_shape

    def compute_mask(self, inputs, mask):
        if isinstance(mask, list):
            mask = mask[0]
        output_mask = mask if self.return_sequences else None
        if self.return_state:
            return [output_mask] + [None] * len(_state_shapes(self.cell))
        return output_mask

    @property
    def states(self):
        if self._states is None:
            count = len(_state_shapes(self.cell))
            return [None] * count if count > 1 else [None]
        return self._states

    @states.setter
    def states(self, states):
        object.__setattr__(self, "_states", states)

    # --- building --------------------------------------------------------------------------------

    def build(self, input_shape):
        constants_shape = None
        if isinstance(input_shape, list):
            if self._num_constants:
                constants_shape = [TensorShape(s) for s in input_shape[-self._num_constants:]]
            input_shape = input_shape[0]
        input_shape = TensorShape(input_shape)
        if input_shape.rank is not None and input_shape.rank < 3:
            raise ValueError(f"Input 0 of layer {self.name} is incompatible with the layer: expected ndim=3, found "
                             f"ndim={input_shape.rank}. Full shape received: {input_shape.as_list()}")
        dims = input_shape.as_list()
        step_shape = TensorShape([dims[1]] + dims[2:]) if self.time_major else TensorShape([dims[0]] + dims[2:])
        if isinstance(self.cell, Layer) and not self.cell.built:
            if self.cell._dtype is None:
                self.cell._dtype = self._dtype
            # a cell taking constants is built from [step input shape] + the constants' shapes (TF 1.15)
            self.cell.build(step_shape if constants_shape is None else [step_shape] + constants_shape)
            self.cell.built = True
        if self.stateful:
            object.__setattr__(self, "_built_batch", dims[1] if self.time_major else dims[0])
            self.reset_states()
        self.built = True

    def get_initial_state(self, inputs):
        x = convert(inputs)
        batch = x.shape[1] if self.time_major else x.shape[0]
        return [torch.zeros([batch] + shape, dtype=x.dtype, device=x.device) for shape in _state_shapes(self.cell)]

    def reset_states(self, states=None):
        if not self.stateful:
            raise AttributeError("Layer must be stateful.")
        shape = self._batch_input_shape if hasattr(self, "_batch_input_shape") else None
        batch = None if shape is None else shape[1 if self.time_major else 0]
        if batch is None:
            batch = self.__dict__.get("_built_batch")
        if batch is None and self._states is not None:
            batch = read_storage(self._states[0]).shape[0]
        if batch is None:
            if states is None and self._states is None:
                return  # built from an input whose batch size is known once the layer is called
            raise ValueError("If a RNN is stateful, it needs to know its batch size. Specify the batch size of your "
                             "input tensors: \n- If using a Sequential model, specify the batch size by passing a "
                             "`batch_input_shape` argument to your first layer.\n- If using the functional API, "
                             "specify the batch size by passing a `batch_shape` argument to your Input layer.")
        self._reset_states_to(batch, states)

    def _reset_states_to(self, batch, states):
        shapes = [[batch] + shape for shape in _state_shapes(self.cell)]
        dtype = dtypes.as_dtype(self._dtype or "float32")
        if states is None:
            device = read_storage(self._states[0]).device if self._states else context.current_device()
            values = [torch.zeros(s, dtype=dtypes.to_torch_dtype(dtype), device=device) for s in shapes]
        else:
            given = nest.flatten(states) if isinstance(states, (list, tuple)) else [states]
            if len(given) != len(shapes):
                raise ValueError(f"Layer {self.name} expects {len(shapes)} states, but it received {len(given)} "
                                 f"state values. Input received: {states}")
            values = []
            for index, (value, shape) in enumerate(zip(given, shapes)):
                value = value if type(value) is torch.Tensor else convert(value, dtype)
                if list(value.shape) != shape:
                    raise ValueError(f"State {index} is incompatible with layer {self.name}: expected shape="
                                     f"{tuple(shape)}, found shape={tuple(value.shape)}")
                values.append(value)
        if self._states is None or read_storage(self._states[0]).shape[0] != batch:
            with_names = [Variable(wrap(v), trainable=False, name=f"state_{i}") for i, v in enumerate(values)]
            object.__setattr__(self, "_states", with_names)
        else:
            for variable, value in zip(self._states, values):
                write_storage(variable, value.to(read_storage(variable).device))

    # --- calling ---------------------------------------------------------------------------------

    def __call__(self, inputs, initial_state=None, constants=None, **kwargs):
        """Keras tensors given as ``initial_state`` or ``constants`` join the inputs (TF's
        _standardize_args), so the functional API records them as inputs of the call."""
        if isinstance(inputs, list) and initial_state is None and constants is None:
            if self._num_constants:
                constants = inputs[-self._num_constants:]
                inputs = inputs[:-self._num_constants]
            if len(inputs) > 1:
                initial_state = inputs[1:]
            inputs = inputs[0]
        if initial_state is None and constants is None:
            return super().__call__(inputs, **kwargs)
        initial_state = _to_list(initial_state)
        constants = _to_list(constants)
        object.__setattr__(self, "_num_constants", len(constants))
        if any(type(x) is KerasTensor for x in nest.flatten([inputs, initial_state, constants])):
            # one list of inputs: the functional API records them all, and build sees the constants' shapes
            return super().__call__([inputs] + initial_state + constants, **kwargs)
        if initial_state:
            kwargs["initial_state"] = initial_state
        if constants:
            kwargs["constants"] = constants
        return super().__call__(inputs, **kwargs)

    def call(self, inputs, mask=None, training=None, initial_state=None, constants=None):
        if isinstance(inputs, list):
            split = len(inputs) - self._num_constants
            if self._num_constants:
                constants = inputs[split:]
            initial_state = inputs[1:split] or None
            inputs = inputs[0]
        if isinstance(mask, list):
            mask = mask[0]
        x = convert(inputs)
        if x.dim() < 3:
            raise ValueError(f"Input 0 of layer {self.name} is incompatible with the layer: expected ndim=3, found "
                             f"ndim={x.dim()}. Full shape received: {list(x.shape)}")
        if not self.time_major:
            x = x.transpose(0, 1)
        states = self._initial_states(x, initial_state)
        mask = None if mask is None else convert(mask)
        if mask is not None:
            mask = mask.to(torch.bool)
            if not self.time_major:
                mask = mask.transpose(0, 1)
        if isinstance(self.cell, _DropoutCell):
            outputs, last_output, states = self._run_builtin(x, states, mask, training)
        else:
            outputs, last_output, states = self._run_cell(x, states, mask, training, constants)
        if self.stateful:
            self._reset_states_to(x.shape[1], [s.detach() for s in states])
        if self.return_sequences:
            output = outputs if self.time_major else outputs.transpose(0, 1)
        else:
            output = last_output
        output = wrap(output)
        if self.return_state:
            wrapped = [wrap(s) for s in states]
            if isinstance(self.cell, StackedRNNCells):
                return [output] + list(nest.pack_sequence_as(self.cell.state_size, wrapped))
            return [output] + wrapped
        return output

    def _initial_states(self, x, initial_state):
        """The torch tensors the loop starts from: the given ones, the stateful layer's, or zeros."""
        if initial_state is not None:
            given = [convert(s) for s in nest.flatten(initial_state)]
            expected = len(_state_shapes(self.cell))
            if len(given) != expected:
                raise ValueError(f"An `initial_state` was passed that is not compatible with `cell.state_size`. "
                                 f"Received {len(given)} initial states; however `cell.state_size` is "
                                 f"{self.cell.state_size}")
            return given
        if self.stateful:
            if self._states is None or read_storage(self._states[0]).shape[0] != x.shape[1]:
                self._reset_states_to(x.shape[1], None)
            return [read_storage(s).to(x.device) for s in self._states]
        return [torch.zeros([x.shape[1]] + shape, dtype=x.dtype, device=x.device)
                for shape in _state_shapes(self.cell)]

    def _run_builtin(self, x, states, mask, training):
        """A built-in cell over time-major ``x``: (outputs [time, batch, units] or None, last
        output, final states), fused in torch's kernel where the equations allow."""
        cell = self.cell
        if x.dtype != convert(cell.kernel).dtype:
            raise TypeError(f"Layer {self.name}: the inputs' dtype {dtypes.as_dtype(x.dtype).name} differs from "
                            f"the weights' dtype {cell.kernel.dtype.name}")
        cell.reset_dropout_mask()
        cell.reset_recurrent_dropout_mask()
        count = cell._mask_count()
        input_masks = cell.get_dropout_mask_for_cell(x[0], training, count) if x.shape[0] else None
        recurrent_masks = cell.get_recurrent_dropout_mask_for_cell(states[0], training, count)
        if self.go_backwards:
            x = x.flip(0)
            mask = None if mask is None else mask.flip(0)
        if (mask is None and input_masks is None and recurrent_masks is None and x.shape[0]
                and getattr(cell, "uses_torch_kernel", bool)()):
            return _fused(cell, x, states)
        projected = cell._project(x, input_masks)
        step = cell._step
        outputs = []
        output = None
        for t in range(x.shape[0]):
            new_output, new_states = step(projected[t], states, recurrent_masks)
            if mask is not None:
                kept = mask[t].unsqueeze(-1)
                states = [torch.where(kept, new, old) for new, old in zip(new_states, states)]
                previous = output if output is not None and not self.zero_output_for_mask \
                    else torch.zeros_like(new_output)
                output = torch.where(kept, new_output, previous)
            else:
                states, output = new_states, new_output
            outputs.append(output)
        return self._finish(outputs, states, x)

    def _finish(self, outputs, states, x):
        if not outputs:
            raise ValueError(f"Layer {self.name}: the input has no time steps ({list(x.shape)} time-major); TF's "
                             "loop needs at least one.")
        stacked = torch.stack(outputs) if self.return_sequences else None
        return stacked, outputs[-1], states

    def _run_cell(self, x, states, mask, training, constants):
        """Any cell, one ``cell.call`` per step on tf tensors (TF's loop)."""
        cell = self.cell
        for c in getattr(cell, "cells", [cell]):
            if isinstance(c, _DropoutCell):
                c.reset_dropout_mask()
                c.reset_recurrent_dropout_mask()
        spec = getattr(cell, "_call_spec", None)
        kwargs = {}
        if constants is not None:
            kwargs["constants"] = constants
        if spec.expects_training if spec is not None else _takes_training(cell.call):
            kwargs["training"] = training
        if self.go_backwards:
            x = x.flip(0)
            mask = None if mask is None else mask.flip(0)
        nested_size = cell.state_size
        outputs, output = [], None
        for t in range(x.shape[0]):
            packed = nest.pack_sequence_as(nested_size, [wrap(s) for s in states]) \
                if nest.is_nested(nested_size) else [wrap(states[0])]
            new_output, new_states = cell.call(wrap(x[t]), packed, **kwargs)
            new_output = convert(new_output)
            new_states = [convert(s) for s in nest.flatten(new_states)]
            if mask is not None:
                kept = mask[t].unsqueeze(-1)
                states = [torch.where(kept.reshape(kept.shape + (1,) * (new.dim() - 2)), new, old)
                          for new, old in zip(new_states, states)]
                previous = output if output is not None and not self.zero_output_for_mask \
                    else torch.zeros_like(new_output)
                output = torch.where(kept.reshape(kept.shape + (1,) * (new_output.dim() - 2)), new_output, previous)
            else:
                states, output = new_states, new_output
            outputs.append(output)
        return self._finish(outputs, states, x)

    def get_config(self):
        config = {"return_sequences": self.return_sequences, "return_state": self.return_state,
                  "go_backwards": self.go_backwards, "stateful": self.stateful, "unroll": self.unroll,
                  "time_major": self.time_major}
        if self._num_constants:
            config["num_constants"] = self._num_constants
        if self.zero_output_for_mask:
            config["zero_output_for_mask"] = self.zero_output_for_mask
        config["cell"] = {"class_name": type(self.cell).__name__, "config": self.cell.get_config()}
        return {**super().get_config(), **config}

    @classmethod
    def from_config(cls, config, custom_objects=None):
        from ..saving.model_config import deserialize
        config = dict(config)
        cell = deserialize(config.pop("cell"), custom_objects=custom_objects)
        num_constants = config.pop("num_constants", 0)
        layer = cls(cell, **config)
        layer._num_constants = num_constants
        return layer


def _takes_training(call):
    """Whether a cell that is not a Layer takes ``training`` (TF's has_arg)."""
    parameters = inspect.signature(call).parameters.values()
    return any(p.name == "training" or p.kind is p.VAR_KEYWORD for p in parameters)


def _to_list(value):
    if value is None:
        return []
    if isinstance(value, (list, tuple)):
        return list(value)
    return [value]


def _fused(cell, x, states):
    """torch.lstm / torch.gru over time-major ``x`` with the cell's weights (GRU's gates reordered
    from Keras's z, r, h to torch's r, z, n)."""
    kernel = convert(cell.kernel)
    recurrent_kernel = convert(cell.recurrent_kernel)
    if isinstance(cell, LSTMCell):
        params = [kernel.t(), recurrent_kernel.t()]
        if cell.use_bias:
            bias = convert(cell.bias)
            params += [bias, torch.zeros_like(bias)]
        outputs, h, c = torch.lstm(x, (states[0].unsqueeze(0), states[1].unsqueeze(0)), params, cell.use_bias, 1, 0.,
                                   False, False, False)
        return outputs, outputs[-1], [h[0], c[0]]
    z, r, n = kernel.chunk(3, -1)
    rz, rr, rn = recurrent_kernel.chunk(3, -1)
    params = [torch.cat([r, z, n], -1).t(), torch.cat([rr, rz, rn], -1).t()]
    if cell.use_bias:
        bias = convert(cell.bias)
        for part in (bias[0], bias[1]):
            bz, br, bh = part.chunk(3)
            params.append(torch.cat([br, bz, bh]))
    outputs, h = torch.gru(x, states[0].unsqueeze(0), params, cell.use_bias, 1, 0., False, False, False)
    return outputs, outputs[-1], [h[0]]


# --- the layers over the built-in cells ----------------------------------------------------------------


class _CellLayer(RNN):
    """An RNN over a built-in cell whose settings it shows as its own attributes."""

    _cell_attributes = ("units", "activation", "use_bias", "kernel_initializer", "recurrent_initializer",
                        "bias_initializer", "kernel_regularizer", "recurrent_regularizer", "bias_regularizer",
                        "kernel_constraint", "recurrent_constraint", "bias_constraint", "dropout", "recurrent_dropout")

    def __init__(self, cell, return_sequences, return_state, go_backwards, stateful, unroll, activity_regularizer,
                 **kwargs):
        kwargs.pop("cell", None)
        super().__init__(cell, return_sequences=return_sequences, return_state=return_state,
                         go_backwards=go_backwards, stateful=stateful, unroll=unroll, **kwargs)
        self.activity_regularizer = regularizers.get(activity_regularizer)

    def call(self, inputs, mask=None, training=None, initial_state=None):
        return super().call(inputs, mask=mask, training=training, initial_state=initial_state)

    def get_config(self):
        config = self.cell.get_config()
        for key in ("name", "trainable", "dtype"):
            config.pop(key, None)
        base = super().get_config()
        base.pop("cell")
        return {**base, **config, "activity_regularizer": regularizers.serialize(self.activity_regularizer)}

    @classmethod
    def from_config(cls, config):
        return cls(**config)


def _cell_property(name):
    return property(lambda self: getattr(self.cell, name))


def _cell_kwargs(kwargs):
    """The keyword arguments the layer's cell takes from the layer's (dtype; trainable)."""
    return {key: kwargs[key] for key in ("dtype", "trainable") if key in kwargs}


@export("keras.layers.SimpleRNN")
class SimpleRNN(_CellLayer):
    """A fully-connected RNN whose output is fed back as its input."""

    def __init__(self, units, activation="tanh", use_bias=True, kernel_initializer="glorot_uniform",
                 recurrent_initializer="orthogonal", bias_initializer="zeros", kernel_regularizer=None,
                 recurrent_regularizer=None, bias_regularizer=None, activity_regularizer=None, kernel_constraint=None,
                 recurrent_constraint=None, bias_constraint=None, dropout=0., recurrent_dropout=0.,
                 return_sequences=False, return_state=False, go_backwards=False, stateful=False, unroll=False,
                 **kwargs):
        cell = SimpleRNNCell(units, activation=activation, use_bias=use_bias, kernel_initializer=kernel_initializer,
                             recurrent_initializer=recurrent_initializer, bias_initializer=bias_initializer,
                             kernel_regularizer=kernel_regularizer, recurrent_regularizer=recurrent_regularizer,
                             bias_regularizer=bias_regularizer, kernel_constraint=kernel_constraint,
                             recurrent_constraint=recurrent_constraint, bias_constraint=bias_constraint,
                             dropout=dropout, recurrent_dropout=recurrent_dropout, **_cell_kwargs(kwargs))
        super().__init__(cell, return_sequences, return_state, go_backwards, stateful, unroll, activity_regularizer,
                         **kwargs)


@export("keras.layers.LSTM")
class LSTM(_CellLayer):
    """Long Short-Term Memory (Hochreiter 1997), TF 1.x defaults: ``recurrent_activation='hard_sigmoid'``,
    ``unit_forget_bias=True``; ``implementation`` 1 or 2 (how dropout masks are applied)."""

    _cell_attributes = _CellLayer._cell_attributes + ("recurrent_activation", "unit_forget_bias", "implementation")

    def __init__(self, units, activation="tanh", recurrent_activation="hard_sigmoid", use_bias=True,
                 kernel_initializer="glorot_uniform", recurrent_initializer="orthogonal", bias_initializer="zeros",
                 unit_forget_bias=True, kernel_regularizer=None, recurrent_regularizer=None, bias_regularizer=None,
                 activity_regularizer=None, kernel_constraint=None, recurrent_constraint=None, bias_constraint=None,
                 dropout=0., recurrent_dropout=0., return_sequences=False, return_state=False, go_backwards=False,
                 stateful=False, unroll=False, **kwargs):
        implementation = kwargs.pop("implementation", 1)
        cell = LSTMCell(units, activation=activation, recurrent_activation=recurrent_activation, use_bias=use_bias,
                        kernel_initializer=kernel_initializer, recurrent_initializer=recurrent_initializer,
                        unit_forget_bias=unit_forget_bias, bias_initializer=bias_initializer,
                        kernel_regularizer=kernel_regularizer, recurrent_regularizer=recurrent_regularizer,
                        bias_regularizer=bias_regularizer, kernel_constraint=kernel_constraint,
                        recurrent_constraint=recurrent_constraint, bias_constraint=bias_constraint, dropout=dropout,
                        recurrent_dropout=recurrent_dropout, implementation=implementation, **_cell_kwargs(kwargs))
        super().__init__(cell, return_sequences, return_state, go_backwards, stateful, unroll, activity_regularizer,
                         **kwargs)


@export("keras.layers.GRU")
class GRU(_CellLayer):
    """Gated Recurrent Unit (Cho 2014), TF 1.x defaults: ``recurrent_activation='hard_sigmoid'``,
    ``reset_after=False``."""

    _cell_attributes = _CellLayer._cell_attributes + ("recurrent_activation", "implementation", "reset_after")

    def __init__(self, units, activation="tanh", recurrent_activation="hard_sigmoid", use_bias=True,
                 kernel_initializer="glorot_uniform", recurrent_initializer="orthogonal", bias_initializer="zeros",
                 kernel_regularizer=None, recurrent_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                 kernel_constraint=None, recurrent_constraint=None, bias_constraint=None, dropout=0.,
                 recurrent_dropout=0., return_sequences=False, return_state=False, go_backwards=False, stateful=False,
                 unroll=False, reset_after=False, **kwargs):
        implementation = kwargs.pop("implementation", 1)
        cell = GRUCell(units, activation=activation, recurrent_activation=recurrent_activation, use_bias=use_bias,
                       kernel_initializer=kernel_initializer, recurrent_initializer=recurrent_initializer,
                       bias_initializer=bias_initializer, kernel_regularizer=kernel_regularizer,
                       recurrent_regularizer=recurrent_regularizer, bias_regularizer=bias_regularizer,
                       kernel_constraint=kernel_constraint, recurrent_constraint=recurrent_constraint,
                       bias_constraint=bias_constraint, dropout=dropout, recurrent_dropout=recurrent_dropout,
                       implementation=implementation, reset_after=reset_after, **_cell_kwargs(kwargs))
        super().__init__(cell, return_sequences, return_state, go_backwards, stateful, unroll, activity_regularizer,
                         **kwargs)


for _layer in (SimpleRNN, LSTM, GRU):
    for _name in _layer._cell_attributes:
        setattr(_layer, _name, _cell_property(_name))

