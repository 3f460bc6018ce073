"""tf.contrib.cudnn_rnn (TF 1.15 contrib/cudnn_rnn/python/layers/cudnn_rnn.py): CudnnLSTM and CudnnGRU,
multi-layer, uni- or bidirectional, on any device (cuDNN's equations through ``run_cudnn``).

As in TF, all weights live in one flat variable ``<name>/opaque_kernel`` of cuDNN's parameter count.
tfcompat lays it out as cuDNN's canonical parameters (TF's ``canonical_weight_shapes`` then
``canonical_bias_shapes`` order): for each layer and direction the input weights of each gate
``[units, input]``, the recurrent weights ``[units, units]``, then all the biases (input then
recurrent, ``[units]`` each); gates i, f, c, o (LSTM) and r, z, h (GRU).  The opaque buffer of
real cuDNN is device-defined; its size, name and canonical pieces are what TF's checkpoints
hold, and they agree.
"""

import torch

from ...framework import dtypes
from ...framework.tensor import convert, wrap
from ...framework.tensor_shape import TensorShape
from ...registry import PARTIAL, export, export_constant
from .. import initializers
from ..engine.base_layer import Layer
from .cudnn_recurrent import run_cudnn

CUDNN_RNN_UNIDIRECTION = "unidirectional"
CUDNN_RNN_BIDIRECTION = "bidirectional"
CUDNN_INPUT_LINEAR_MODE = "linear_input"
CUDNN_INPUT_SKIP_MODE = "skip_input"
CUDNN_INPUT_AUTO_MODE = "auto_select"
for _name, _value in (("CUDNN_RNN_UNIDIRECTION", CUDNN_RNN_UNIDIRECTION),
                      ("CUDNN_RNN_BIDIRECTION", CUDNN_RNN_BIDIRECTION),
                      ("CUDNN_INPUT_LINEAR_MODE", CUDNN_INPUT_LINEAR_MODE),
                      ("CUDNN_INPUT_SKIP_MODE", CUDNN_INPUT_SKIP_MODE),
                      ("CUDNN_INPUT_AUTO_MODE", CUDNN_INPUT_AUTO_MODE)):
    export_constant(f"contrib.cudnn_rnn.{_name}", _value)

_NOTE = ("cuDNN's equations on any device; input_mode 'linear_input' only (skip_input raises ValueError); "
         "the opaque kernel is laid out as cuDNN's canonical parameters, layer by layer")


class _CudnnRNN(Layer):
    """The shared machinery: the opaque kernel, canonical shapes, states and the call."""

    _rnn_mode = None
    _num_gates = 1
    _num_states = 1

    def __init__(self, num_layers, num_units, input_mode=CUDNN_INPUT_LINEAR_MODE,
                 direction=CUDNN_RNN_UNIDIRECTION, dropout=0., seed=None, dtype=dtypes.float32,
                 kernel_initializer=None, bias_initializer=None, name=None):
        super().__init__(dtype=dtype, name=name)
        if direction not in (CUDNN_RNN_UNIDIRECTION, CUDNN_RNN_BIDIRECTION):
            raise ValueError(f"Invalid direction: {direction}, expecting {CUDNN_RNN_UNIDIRECTION} or "
                             f"{CUDNN_RNN_BIDIRECTION}")
        if input_mode not in (CUDNN_INPUT_LINEAR_MODE, CUDNN_INPUT_SKIP_MODE, CUDNN_INPUT_AUTO_MODE):
            raise ValueError(f"Invalid input_mode: {input_mode}, expecting one of {CUDNN_INPUT_LINEAR_MODE}, "
                             f"{CUDNN_INPUT_SKIP_MODE}, {CUDNN_INPUT_AUTO_MODE}")
        if input_mode == CUDNN_INPUT_SKIP_MODE:
            raise ValueError("tfcompat runs CudnnRNN layers with input_mode 'linear_input' or 'auto_select' "
                             "(which cuDNN resolves to linear_input); 'skip_input' is not supported")
        self._num_layers = int(num_layers)
        self._num_units = int(num_units)
        self._input_mode = input_mode
        self._direction = direction
        self._dropout = dropout
        self._seed = seed
        self._kernel_initializer = kernel_initializer
        self._bias_initializer = bias_initializer
        self._input_size = None

    num_layers = property(lambda self: self._num_layers)
    num_units = property(lambda self: self._num_units)
    input_mode = property(lambda self: self._input_mode)
    direction = property(lambda self: self._direction)
    rnn_mode = property(lambda self: self._rnn_mode)
    num_dirs = property(lambda self: 1 if self._direction == CUDNN_RNN_UNIDIRECTION else 2)
    input_size = property(lambda self: self._input_size)

    @property
    def canonical_weight_shapes(self):
        if self._input_size is None:
            raise RuntimeError("%s.canonical_weight_shapes invoked before input shape is known" % type(self).__name__)
        shapes = []
        for layer in range(self._num_layers):
            input_size = self._input_size if layer == 0 else self._num_units * self.num_dirs
            for _ in range(self.num_dirs):
                shapes += [[self._num_units, input_size]] * self._num_gates
                shapes += [[self._num_units, self._num_units]] * self._num_gates
        return shapes

    @property
    def canonical_bias_shapes(self):
        return [[self._num_units]] * (self._num_layers * self.num_dirs * self._num_gates * 2)

    def state_shape(self, batch_size):
        shape = [self._num_layers * self.num_dirs, batch_size, self._num_units]
        return tuple([shape] * self._num_states)

    def build(self, input_shape):
        input_shape = TensorShape(input_shape)
        if input_shape.rank != 3:
            raise ValueError(f"Expecting input_shape with 3 dims, got {input_shape.rank}")
        if input_shape[-1].value is None:
            raise ValueError("The last dimension of the inputs to `CudnnRNN` should be defined. Found `None`.")
        self._input_size = input_shape[-1].value
        dtype = dtypes.as_dtype(self._dtype or "float32")
        kernel_initializer = initializers.get(self._kernel_initializer or "glorot_uniform")
        bias_initializer = initializers.get(self._bias_initializer or "zeros")

        def opaque_initial_value(shape=None, dtype=dtype, **kwargs):
            pieces = [convert(kernel_initializer(s, dtype=dtype)).reshape(-1) for s in self.canonical_weight_shapes]
            pieces += [convert(bias_initializer(s, dtype=dtype)).reshape(-1) for s in self.canonical_bias_shapes]
            return wrap(torch.cat(pieces))

        size = sum(a * b for a, b in self.canonical_weight_shapes) + sum(s[0] for s in self.canonical_bias_shapes)
        self.kernel = self.add_weight("opaque_kernel", shape=[size], dtype=dtype, initializer=opaque_initial_value)
        self.built = True

    def _torch_params(self):
        """The opaque kernel as torch's flat weights (per layer and direction: w_ih, w_hh, b_ih, b_hh)."""
        flat = convert(self.kernel)
        gates = self._num_gates
        offset = 0
        weights = []
        for shape in self.canonical_weight_shapes:
            count = shape[0] * shape[1]
            weights.append(flat[offset:offset + count].reshape(shape))
            offset += count
        biases = list(flat[offset:].reshape(-1, self._num_units))
        params = []
        for index in range(self._num_layers * self.num_dirs):
            w = weights[2 * gates * index:2 * gates * (index + 1)]
            b = biases[2 * gates * index:2 * gates * (index + 1)]
            params += [torch.cat(w[:gates]), torch.cat(w[gates:]), torch.cat(b[:gates]), torch.cat(b[gates:])]
        return params

    def __call__(self, inputs, initial_state=None, sequence_lengths=None, time_major=True, training=True):
        return super().__call__(inputs, initial_state=initial_state, sequence_lengths=sequence_lengths,
                                time_major=time_major, training=training)

    def call(self, inputs, initial_state=None, sequence_lengths=None, time_major=True, training=True):
        x = convert(inputs)
        if x.dim() != 3:
            raise ValueError(f"Expecting input with 3 dims, got shape {list(x.shape)}")
        if x.dtype != convert(self.kernel).dtype:
            raise TypeError(f"Layer {self.name}: the inputs' dtype {dtypes.as_dtype(x.dtype).name} differs from "
                            f"the kernel's dtype {self.kernel.dtype.name}")
        if not time_major:
            x = x.transpose(0, 1)
        batch = x.shape[1]
        if initial_state is None:
            states = [torch.zeros(shape, dtype=x.dtype, device=x.device) for shape in self.state_shape(batch)]
        else:
            states = [convert(s) for s in (initial_state if isinstance(initial_state, (list, tuple))
                                           else [initial_state])]
            if len(states) != self._num_states:
                raise ValueError(f"Invalid initial_state: {self.name} expects {self._num_states} states, got "
                                 f"{len(states)}")
        training = bool(training) and self._dropout > 0
        params = self._torch_params()
        bidirectional = self.num_dirs == 2
        if sequence_lengths is None:
            outputs, states = run_cudnn(self._kind, x, states, params, self._num_layers, bidirectional,
                                        float(self._dropout), training)
        else:
            outputs, states = self._packed(x, states, params, convert(sequence_lengths), bidirectional, training)
        if not time_major:
            outputs = outputs.transpose(0, 1)
        return wrap(outputs), tuple(wrap(s) for s in states)

    def _packed(self, x, states, params, lengths, bidirectional, training):
        """Sequences of different lengths: outputs past each length are zeros, states are each sequence's last."""
        packed = torch.nn.utils.rnn.pack_padded_sequence(x, lengths.cpu().to(torch.int64), enforce_sorted=False)
        order = packed.sorted_indices
        states = [s.index_select(1, order) for s in states]
        data, states = run_cudnn(self._kind, packed.data, states, params, self._num_layers, bidirectional,
                                 float(self._dropout), training, batch_sizes=packed.batch_sizes)
        outputs, _ = torch.nn.utils.rnn.pad_packed_sequence(
            torch.nn.utils.rnn.PackedSequence(data, packed.batch_sizes, packed.sorted_indices, packed.unsorted_indices),
            total_length=x.shape[0])
        return outputs, [s.index_select(1, packed.unsorted_indices) for s in states]


@export("contrib.cudnn_rnn.CudnnLSTM", status=PARTIAL, note=_NOTE)
class CudnnLSTM(_CudnnRNN):
    """cuDNN's LSTM: ``call(inputs [time, batch, input])`` returns ``(outputs, (h, c))``."""

    _rnn_mode = "lstm"
    _kind = "lstm"
    _num_gates = 4
    _num_states = 2


@export("contrib.cudnn_rnn.CudnnGRU", status=PARTIAL, note=_NOTE)
class CudnnGRU(_CudnnRNN):
    """cuDNN's GRU: ``call(inputs [time, batch, input])`` returns ``(outputs, (h,))``."""

    _rnn_mode = "gru"
    _kind = "gru"
    _num_gates = 3
    _num_states = 1
