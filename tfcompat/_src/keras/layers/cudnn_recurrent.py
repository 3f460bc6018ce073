"""cuDNN's RNN equations on any device (TF 1.15 keras/layers/cudnn_recurrent.py): CuDNNLSTM and CuDNNGRU.

cuDNN's LSTM is Keras's with sigmoid gates, tanh and two biases (input and recurrent); cuDNN's
GRU is the reset-after GRU with sigmoid gates.  Both are exactly torch's ``torch.lstm`` /
``torch.gru``, which run them here on the CPU and on CUDA alike.
``run_cudnn`` is the one kernel both these layers and ``tf.contrib.cudnn_rnn`` use; the Keras
layers keep TF's layout (``kernel [input, gates * units]``, ``recurrent_kernel [units, gates *
units]``, gates in Keras's order: LSTM i, f, c, o; GRU z, r, h; ``bias`` = input then recurrent
biases), which ``keras_params`` hands it in cuDNN's order.
"""

import collections

import torch

from ...framework import dtypes
from ...framework.tensor import convert, wrap
from ...framework.tensor_shape import TensorShape
from ...registry import export
from .. import constraints, initializers, regularizers
from ..engine.base_layer import Layer
from .recurrent import RNN
from .recurrent_cells import add_kernels


def run_cudnn(kind, x, states, params, num_layers=1, bidirectional=False, dropout=0., training=False,
              batch_sizes=None):
    """cuDNN's ``kind`` ("lstm" or "gru") RNN over time-major ``x [time, batch, input]`` (or packed data
    with ``batch_sizes``) from ``states`` (``[h, c]`` or ``[h]``, each ``[layers * directions, batch,
    units]``), with ``params`` in torch's order (per layer and direction: input weights, recurrent
    weights, input bias, recurrent bias; gates i, f, c, o for LSTM and r, z, h for GRU, as cuDNN has
    them): (outputs, new states)."""
    if kind == "lstm":
        hx = (states[0], states[1])
        if batch_sizes is None:
            outputs, h, c = torch.lstm(x, hx, params, True, num_layers, dropout, training, bidirectional, False)
        else:
            outputs, h, c = torch.lstm(x, batch_sizes, hx, params, True, num_layers, dropout, training, bidirectional)
        return outputs, [h, c]
    if batch_sizes is None:
        outputs, h = torch.gru(x, states[0], params, True, num_layers, dropout, training, bidirectional, False)
    else:
        outputs, h = torch.gru(x, batch_sizes, states[0], params, True, num_layers, dropout, training, bidirectional)
    return outputs, [h]


def _rzh(weights):
    """Keras's GRU gate order z, r, h as cuDNN's r, z, h (along the last axis)."""
    z, r, h = weights.chunk(3, -1)
    return torch.cat([r, z, h], -1)


def keras_params(kind, kernel, recurrent_kernel, input_bias, recurrent_bias):
    """The weights of a Keras CuDNN layer (``kernel [input, gates * units]``, Keras's gate order) as
    run_cudnn's params."""
    if kind == "gru":
        kernel, recurrent_kernel = _rzh(kernel), _rzh(recurrent_kernel)
        input_bias, recurrent_bias = _rzh(input_bias), _rzh(recurrent_bias)
    return [kernel.t(), recurrent_kernel.t(), input_bias, recurrent_bias]


_CellInfo = collections.namedtuple("cell", ["state_size"])


class _CuDNNRNN(RNN):
    """The RNN machinery (states, stateful, shapes) without a cell object: the layer holds the weights."""

    gates = 1
    state_count = 1

    def __init__(self, units, kernel_initializer, recurrent_initializer, bias_initializer, kernel_regularizer,
                 recurrent_regularizer, bias_regularizer, activity_regularizer, kernel_constraint,
                 recurrent_constraint, bias_constraint, return_sequences, return_state, go_backwards, stateful,
                 **kwargs):
        time_major = kwargs.pop("time_major", False)
        Layer.__init__(self, **kwargs)
        self.units = int(units)
        object.__setattr__(self, "cell", _CellInfo([self.units] * self.state_count if self.state_count > 1
                                                   else self.units))
        self.return_sequences = return_sequences
        self.return_state = return_state
        self.go_backwards = go_backwards
        self.stateful = stateful
        self.time_major = time_major
        self.unroll = False
        self.zero_output_for_mask = False
        self.supports_masking = False
        self._num_constants = 0
        object.__setattr__(self, "_states", None)
        self.kernel_initializer = initializers.get(kernel_initializer)
        self.recurrent_initializer = initializers.get(recurrent_initializer)
        self.bias_initializer = initializers.get(bias_initializer)
        self.kernel_regularizer = regularizers.get(kernel_regularizer)
        self.recurrent_regularizer = regularizers.get(recurrent_regularizer)
        self.bias_regularizer = regularizers.get(bias_regularizer)
        self.activity_regularizer = regularizers.get(activity_regularizer)
        self.kernel_constraint = constraints.get(kernel_constraint)
        self.recurrent_constraint = constraints.get(recurrent_constraint)
        self.bias_constraint = constraints.get(bias_constraint)

    def _output_size(self):
        return self.units

    def compute_mask(self, inputs, mask):
        return RNN.compute_mask(self, inputs, mask)

    def _bias_initializer(self):
        return self.bias_initializer

    def build(self, input_shape):
        if isinstance(input_shape, list):
            input_shape = input_shape[0]
        input_shape = TensorShape(input_shape)
        if input_shape.rank is not None and input_shape.rank != 3:
            raise ValueError(f"Input 0 of layer {self.name} is incompatible with the layer: expected ndim=3, found "
                             f"ndim={input_shape.rank}. Full shape received: {input_shape.as_list()}")
        add_kernels(self, input_shape[-1].value)
        self.bias = self.add_weight(shape=(2 * self.gates * self.units,), name="bias",
                                    initializer=self._bias_initializer(), regularizer=self.bias_regularizer,
                                    constraint=self.bias_constraint)
        if self.stateful:
            dims = input_shape.as_list()
            object.__setattr__(self, "_built_batch", dims[1] if self.time_major else dims[0])
            self.reset_states()
        self.built = True

    def call(self, inputs, mask=None, training=None, initial_state=None):
        if isinstance(inputs, list):
            initial_state = inputs[1:] or None
            inputs = inputs[0]
        x = convert(inputs)
        if x.dim() != 3:
            raise ValueError(f"Input 0 of layer {self.name} is incompatible with the layer: expected ndim=3, found "
                             f"ndim={x.dim()}. Full shape received: {list(x.shape)}")
        if x.dtype != convert(self.kernel).dtype:
            raise TypeError(f"Layer {self.name}: the inputs' dtype {dtypes.as_dtype(x.dtype).name} differs from "
                            f"the weights' dtype {self.kernel.dtype.name}")
        if not self.time_major:
            x = x.transpose(0, 1)
        if self.go_backwards:
            x = x.flip(0)
        states = self._initial_states(x, initial_state)
        bias = convert(self.bias)
        width = self.gates * self.units
        params = keras_params(self.kind, convert(self.kernel), convert(self.recurrent_kernel), bias[:width],
                              bias[width:])
        outputs, states = run_cudnn(self.kind, x, [s.unsqueeze(0) for s in states], params)
        states = [s[0] for s in states]
        if self.stateful:
            self._reset_states_to(x.shape[1], [s.detach() for s in states])
        if self.return_sequences:
            output = wrap(outputs if self.time_major else outputs.transpose(0, 1))
        else:
            output = wrap(outputs[-1])
        if self.return_state:
            return [output] + [wrap(s) for s in states]
        return output

    def get_config(self):
        config = {"units": self.units, "return_sequences": self.return_sequences, "return_state": self.return_state,
                  "go_backwards": self.go_backwards, "stateful": self.stateful, "time_major": self.time_major,
                  "kernel_initializer": initializers.serialize(self.kernel_initializer),
                  "recurrent_initializer": initializers.serialize(self.recurrent_initializer),
                  "bias_initializer": initializers.serialize(self.bias_initializer),
                  "kernel_regularizer": regularizers.serialize(self.kernel_regularizer),
                  "recurrent_regularizer": regularizers.serialize(self.recurrent_regularizer),
                  "bias_regularizer": regularizers.serialize(self.bias_regularizer),
                  "activity_regularizer": regularizers.serialize(self.activity_regularizer),
                  "kernel_constraint": constraints.serialize(self.kernel_constraint),
                  "recurrent_constraint": constraints.serialize(self.recurrent_constraint),
                  "bias_constraint": constraints.serialize(self.bias_constraint)}
        return {**Layer.get_config(self), **config}

    @classmethod
    def from_config(cls, config):
        return cls(**config)


@export("keras.layers.CuDNNLSTM")
class CuDNNLSTM(_CuDNNRNN):
    """cuDNN's LSTM (sigmoid gates, tanh, input and recurrent biases: ``bias [8 * units]``), on any device."""

    gates = 4
    state_count = 2
    kind = "lstm"

    def __init__(self, units, kernel_initializer="glorot_uniform", recurrent_initializer="orthogonal",
                 bias_initializer="zeros", unit_forget_bias=True, kernel_regularizer=None, recurrent_regularizer=None,
                 bias_regularizer=None, activity_regularizer=None, kernel_constraint=None, recurrent_constraint=None,
                 bias_constraint=None, return_sequences=False, return_state=False, go_backwards=False, stateful=False,
                 **kwargs):
        self.unit_forget_bias = unit_forget_bias
        super().__init__(units, kernel_initializer, recurrent_initializer, bias_initializer, kernel_regularizer,
                         recurrent_regularizer, bias_regularizer, activity_regularizer, kernel_constraint,
                         recurrent_constraint, bias_constraint, return_sequences, return_state, go_backwards,
                         stateful, **kwargs)

    def _bias_initializer(self):
        if not self.unit_forget_bias:
            return self.bias_initializer
        base, units = self.bias_initializer, self.units

        def initializer(shape, dtype=None, **kwargs):
            # TF 1.15: the recurrent forget-gate bias (the sixth block of eight) starts at one.
            head = convert(base((5 * units,), dtype=dtype))
            tail = convert(base((2 * units,), dtype=dtype))
            return wrap(torch.cat([head, torch.ones(units, dtype=head.dtype, device=head.device), tail]))

        return initializer


    def get_config(self):
        return {**super().get_config(), "unit_forget_bias": self.unit_forget_bias}


@export("keras.layers.CuDNNGRU")
class CuDNNGRU(_CuDNNRNN):
    """cuDNN's GRU (reset gate after the recurrent matmul, sigmoid gates, ``bias [6 * units]``), on any device."""

    gates = 3
    state_count = 1
    kind = "gru"

    def __init__(self, units, kernel_initializer="glorot_uniform", recurrent_initializer="orthogonal",
                 bias_initializer="zeros", kernel_regularizer=None, recurrent_regularizer=None, bias_regularizer=None,
                 activity_regularizer=None, kernel_constraint=None, recurrent_constraint=None, bias_constraint=None,
                 return_sequences=False, return_state=False, go_backwards=False, stateful=False, **kwargs):
        super().__init__(units, kernel_initializer, recurrent_initializer, bias_initializer, kernel_regularizer,
                         recurrent_regularizer, bias_regularizer, activity_regularizer, kernel_constraint,
                         recurrent_constraint, bias_constraint, return_sequences, return_state, go_backwards,
                         stateful, **kwargs)

