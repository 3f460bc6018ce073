"""tf.nn.rnn_cell (and tf.contrib.rnn) as TF 1.15 has them (tensorflow/python/ops/rnn_cell_impl.py).

Cells are tf.layers layers: built on their first call inside the current variable scope, so
``tf.nn.dynamic_rnn`` names their weights ``rnn/basic_lstm_cell/kernel:0``, with TF's shapes
and gate layouts (one ``[input + units, 4 * units]`` LSTM kernel with gates i, j, f, o; GRU's
``gates/kernel`` for r, u and ``candidate/kernel``), so checkpoints line up.  Wrappers are
transparent to variable names, as in TF.  The arithmetic is torch's on the variables' storage
(one ``addmm`` per step), as the Keras layers do.
"""

import collections
import numbers

import torch

from ..framework import context, dtypes
from ..framework.tensor import convert, wrap
from ..framework.tensor_shape import TensorShape
from ..keras.engine.input_spec import InputSpec
from ..layers import base as base_layer
from ..eager import variable_scope as vs
from ..platform import tf_logging
from ..registry import PARTIAL, export
from ..util import nest
from ..util.deprecation import warn_deprecated
from . import array_ops, creation_ops, init_ops, linalg_ops, math_ops, nn_ops

_WEIGHTS_VARIABLE_NAME = "kernel"
_BIAS_VARIABLE_NAME = "bias"
_MODULE = "tensorflow.python.ops.rnn_cell_impl"


def assert_like_rnncell(cell_name, cell):
    """TF's check that ``cell`` quacks like an RNNCell."""
    conditions = [hasattr(cell, "output_size"), hasattr(cell, "state_size"),
                  hasattr(cell, "get_initial_state") or hasattr(cell, "zero_state"), callable(cell)]
    errors_found = ["'output_size' property is missing", "'state_size' property is missing",
                    "either 'zero_state' or 'get_initial_state' method is required", "is not callable"]
    if not all(conditions):
        problems = [e for c, e in zip(conditions, errors_found) if not c]
        raise TypeError(f"The argument {cell_name!r} ({cell}) is not an RNNCell: {', '.join(problems)}.")


def _zero_state_tensors(state_size, batch_size, dtype):
    def get_state_shape(s):
        return [int(batch_size)] + TensorShape(s).as_list()
    return nest.map_structure(lambda s: creation_ops.zeros(get_state_shape(s), dtype=dtype), state_size)


@export("nn.rnn_cell.RNNCell", "contrib.rnn.RNNCell", status=PARTIAL,
        note="TF 1.15's abstract cell under eager execution; variables a custom cell makes with tf.get_variable "
             "in call are new at every call, as in TF 1.x eager without an EagerVariableStore.")
class RNNCell(base_layer.Layer):
    """Abstract RNN cell: ``(output, new_state) = cell(inputs, state)``."""

    def __init__(self, trainable=True, name=None, dtype=None, **kwargs):
        super().__init__(trainable=trainable, name=name, dtype=dtype, **kwargs)
        self._is_tf_rnn_cell = True

    def __call__(self, inputs, state, scope=None):
        if scope is not None:
            with vs.variable_scope(scope) as scope:
                return super().__call__(inputs, state, scope=scope)
        if self._first_call_done:
            return super().__call__(inputs, state)
        with vs.variable_scope(vs.get_variable_scope()):
            return super().__call__(inputs, state)

    @property
    def state_size(self):
        raise NotImplementedError("Abstract method")

    @property
    def output_size(self):
        raise NotImplementedError("Abstract method")

    def build(self, _):
        pass

    def get_initial_state(self, inputs=None, batch_size=None, dtype=None):
        if inputs is not None:
            inputs = wrap(convert(inputs))
            static_batch = inputs.shape[0].value
            if batch_size is not None and static_batch is not None and int(batch_size) != static_batch:
                raise ValueError(f"batch size from input tensor is different from the input param. Input tensor "
                                 f"batch: {static_batch}, batch_size: {batch_size}")
            if dtype is not None and inputs.dtype != dtypes.as_dtype(dtype):
                raise ValueError(f"dtype from input tensor is different from the input param. Input tensor dtype: "
                                 f"{inputs.dtype}, dtype: {dtype}")
            batch_size, dtype = static_batch, inputs.dtype
        if batch_size is None or dtype is None:
            raise ValueError(f"batch_size and dtype cannot be None while constructing initial state: "
                             f"batch_size={batch_size}, dtype={dtype}")
        return self.zero_state(batch_size, dtype)

    def zero_state(self, batch_size, dtype):
        """Zero-filled state tensor(s) shaped ``[batch_size, s]`` for each ``s`` of ``state_size``."""
        with context.name_scope(type(self).__name__ + "ZeroState"):
            return _zero_state_tensors(self.state_size, batch_size, dtype)


class LayerRNNCell(RNNCell):
    """A cell whose variables are its own (built in ``build``): called as a plain tf.layers layer."""

    def __call__(self, inputs, state, scope=None, *args, **kwargs):
        return base_layer.Layer.__call__(self, inputs, state, *args, scope=scope, **kwargs)


def _check_inputs(cell, inputs_shape):
    if inputs_shape[-1].value is None:
        raise ValueError(f"Expected inputs.shape[-1] to be known, saw shape: {inputs_shape}")
    return inputs_shape[-1].value


def _linear(inputs, state, kernel, bias):
    """``concat([inputs, state], 1) @ kernel + bias`` (TF's ConcatV2 errors for mismatched inputs)."""
    a, b, w = convert(inputs), convert(state), convert(kernel)
    if (a.dtype != w.dtype or b.dtype != w.dtype or a.dim() != 2 or b.dim() != 2 or a.shape[0] != b.shape[0]
            or a.shape[1] + b.shape[1] != w.shape[0]):
        joined = array_ops.concat([inputs, state], 1)  # raises TF's ConcatV2 error, or
        return convert(math_ops.add(linalg_ops.matmul(joined, kernel), bias))  # TF's MatMul error
    return torch.addmm(convert(bias), torch.cat([a, b], 1), w)


def _activation(activation):
    return torch.tanh if activation is None else (lambda x: convert(activation(wrap(x))))


@export("nn.rnn_cell.BasicRNNCell", "contrib.rnn.BasicRNNCell")
class BasicRNNCell(LayerRNNCell):
    """``output = new_state = activation(W [inputs, state] + b)`` (tanh by default)."""

    def __init__(self, num_units, activation=None, reuse=None, name=None, dtype=None, **kwargs):
        warn_deprecated("BasicRNNCell.__init__", _MODULE, "This class is equivalent as "
                        "tf.keras.layers.SimpleRNNCell, and will be replaced by that in Tensorflow 2.0.")
        super().__init__(_reuse=reuse, name=name, dtype=dtype, **kwargs)
        self.input_spec = InputSpec(ndim=2)
        self._num_units = num_units
        self._user_activation = activation
        self._activation = _activation(activation)

    @property
    def state_size(self):
        return self._num_units

    @property
    def output_size(self):
        return self._num_units

    def build(self, inputs_shape):
        input_depth = _check_inputs(self, inputs_shape)
        self._kernel = self.add_variable(_WEIGHTS_VARIABLE_NAME, shape=[input_depth + self._num_units,
                                                                         self._num_units])
        self._bias = self.add_variable(_BIAS_VARIABLE_NAME, shape=[self._num_units],
                                       initializer=init_ops.Zeros(dtype=self.dtype))
        self.built = True

    def call(self, inputs, state):
        output = wrap(self._activation(_linear(inputs, state, self._kernel, self._bias)))
        return output, output


_LSTMStateTuple = collections.namedtuple("LSTMStateTuple", ("c", "h"))


@export("nn.rnn_cell.LSTMStateTuple", "contrib.rnn.LSTMStateTuple")
class LSTMStateTuple(_LSTMStateTuple):
    """``(c, h)``: an LSTM's cell state and output."""

    __slots__ = ()

    @property
    def dtype(self):
        c, h = self
        if c.dtype != h.dtype:
            raise TypeError(f"Inconsistent internal state: {c.dtype} vs {h.dtype}")
        return c.dtype


def _lstm_state(cell, state, num_units, num_proj):
    if cell._state_is_tuple:
        return convert(state[0]), convert(state[1])
    s = convert(state)
    return s[:, :num_units], s[:, num_units:num_units + num_proj]


def _lstm_new_state(cell, c, h):
    if cell._state_is_tuple:
        return LSTMStateTuple(wrap(c), wrap(h))
    return wrap(torch.cat([c, h], 1))


@export("nn.rnn_cell.BasicLSTMCell", "contrib.rnn.BasicLSTMCell")
class BasicLSTMCell(LayerRNNCell):
    """LSTM without peepholes or projection: one kernel ``[input + units, 4 * units]`` whose gate
    columns are i, j (the candidate), f, o; ``forget_bias`` (1.0) is added to f."""

    def __init__(self, num_units, forget_bias=1.0, state_is_tuple=True, activation=None, reuse=None, name=None,
                 dtype=None, **kwargs):
        warn_deprecated("BasicLSTMCell.__init__", _MODULE, "This class is equivalent as "
                        "tf.keras.layers.LSTMCell, and will be replaced by that in Tensorflow 2.0.")
        super().__init__(_reuse=reuse, name=name, dtype=dtype, **kwargs)
        if not state_is_tuple:
            tf_logging.warning(f"{self}: Using a concatenated state is slower and will soon be deprecated.  Use "
                               "state_is_tuple=True.")
        self.input_spec = InputSpec(ndim=2)
        self._num_units = num_units
        self._forget_bias = forget_bias
        self._state_is_tuple = state_is_tuple
        self._activation = _activation(activation)

    @property
    def state_size(self):
        return (LSTMStateTuple(self._num_units, self._num_units) if self._state_is_tuple else 2 * self._num_units)

    @property
    def output_size(self):
        return self._num_units

    def build(self, inputs_shape):
        input_depth = _check_inputs(self, inputs_shape)
        h_depth = self._num_units
        self._kernel = self.add_variable(_WEIGHTS_VARIABLE_NAME, shape=[input_depth + h_depth, 4 * self._num_units])
        self._bias = self.add_variable(_BIAS_VARIABLE_NAME, shape=[4 * self._num_units],
                                       initializer=init_ops.Zeros(dtype=self.dtype))
        self.built = True

    def call(self, inputs, state):
        c, h = _lstm_state(self, state, self._num_units, self._num_units)
        gates = _linear(inputs, wrap(h), self._kernel, self._bias)
        i, j, f, o = gates.chunk(4, dim=1)
        new_c = c * torch.sigmoid(f + self._forget_bias) + torch.sigmoid(i) * self._activation(j)
        new_h = self._activation(new_c) * torch.sigmoid(o)
        return wrap(new_h), _lstm_new_state(self, new_c, new_h)


@export("nn.rnn_cell.LSTMCell", "contrib.rnn.LSTMCell", status=PARTIAL,
        note="num_unit_shards and num_proj_shards (partitioned variables) are refused with NotImplementedError.")
class LSTMCell(LayerRNNCell):
    """LSTM with optional peepholes (w_f_diag, w_i_diag, w_o_diag), cell clipping and a projection
    (``projection/kernel``) of the output to ``num_proj`` units."""

    def __init__(self, num_units, use_peepholes=False, cell_clip=None, initializer=None, num_proj=None,
                 proj_clip=None, num_unit_shards=None, num_proj_shards=None, forget_bias=1.0, state_is_tuple=True,
                 activation=None, reuse=None, name=None, dtype=None, **kwargs):
        warn_deprecated("LSTMCell.__init__", _MODULE, "This class is equivalent as tf.keras.layers.LSTMCell, "
                        "and will be replaced by that in Tensorflow 2.0.")
        super().__init__(_reuse=reuse, name=name, dtype=dtype, **kwargs)
        if not state_is_tuple:
            tf_logging.warning(f"{self}: Using a concatenated state is slower and will soon be deprecated.  Use "
                               "state_is_tuple=True.")
        if num_unit_shards is not None or num_proj_shards is not None:
            raise NotImplementedError("LSTMCell's num_unit_shards and num_proj_shards (partitioned variables) are "
                                      "not supported by tfcompat.")
        self.input_spec = InputSpec(ndim=2)
        self._num_units = num_units
        self._use_peepholes = use_peepholes
        self._cell_clip = cell_clip
        self._initializer = initializer
        self._num_proj = num_proj
        self._proj_clip = proj_clip
        self._forget_bias = forget_bias
        self._state_is_tuple = state_is_tuple
        self._activation = _activation(activation)
        out = num_proj if num_proj else num_units
        self._state_size = LSTMStateTuple(num_units, out) if state_is_tuple else num_units + out
        self._output_size = out

    @property
    def state_size(self):
        return self._state_size

    @property
    def output_size(self):
        return self._output_size

    def build(self, inputs_shape):
        input_depth = _check_inputs(self, inputs_shape)
        h_depth = self._num_proj if self._num_proj is not None else self._num_units
        self._kernel = self.add_variable(_WEIGHTS_VARIABLE_NAME, shape=[input_depth + h_depth, 4 * self._num_units],
                                         initializer=self._initializer)
        self._bias = self.add_variable(_BIAS_VARIABLE_NAME, shape=[4 * self._num_units],
                                       initializer=init_ops.Zeros(dtype=self.dtype))
        if self._use_peepholes:
            self._w_f_diag = self.add_variable("w_f_diag", shape=[self._num_units], initializer=self._initializer)
            self._w_i_diag = self.add_variable("w_i_diag", shape=[self._num_units], initializer=self._initializer)
            self._w_o_diag = self.add_variable("w_o_diag", shape=[self._num_units], initializer=self._initializer)
        if self._num_proj is not None:
            self._proj_kernel = self.add_variable(f"projection/{_WEIGHTS_VARIABLE_NAME}",
                                                  shape=[self._num_units, self._num_proj],
                                                  initializer=self._initializer)
        self.built = True

    def call(self, inputs, state):
        num_proj = self._num_units if self._num_proj is None else self._num_proj
        c_prev, m_prev = _lstm_state(self, state, self._num_units, num_proj)
        gates = _linear(inputs, wrap(m_prev), self._kernel, self._bias)
        i, j, f, o = gates.chunk(4, dim=1)
        if self._use_peepholes:
            w_f, w_i, w_o = convert(self._w_f_diag), convert(self._w_i_diag), convert(self._w_o_diag)
            c = (torch.sigmoid(f + self._forget_bias + w_f * c_prev) * c_prev
                 + torch.sigmoid(i + w_i * c_prev) * self._activation(j))
        else:
            c = torch.sigmoid(f + self._forget_bias) * c_prev + torch.sigmoid(i) * self._activation(j)
        if self._cell_clip is not None:
            c = c.clamp(-self._cell_clip, self._cell_clip)
        if self._use_peepholes:
            m = torch.sigmoid(o + w_o * c) * self._activation(c)
        else:
            m = torch.sigmoid(o) * self._activation(c)
        if self._num_proj is not None:
            m = m @ convert(self._proj_kernel)
            if self._proj_clip is not None:
                m = m.clamp(-self._proj_clip, self._proj_clip)
        return wrap(m), _lstm_new_state(self, c, m)


_TORCH_GATE_ORDER = [0, 2, 1, 3]  # TF's kernel columns are i, j, f, o; torch's LSTM rows are i, f, g (= j), o


def fused_lstm_steps(cell, flat_inputs, state):
    """Time steps 1.. of a plain LSTM (BasicLSTMCell, or LSTMCell without peepholes, clipping or
    projection, tanh activation) run by torch's fused LSTM kernel on the cell's own weights:
    ``([output per step], final state)``, or None when the cell is not one (dynamic_rnn then calls
    the cell step by step).  The cell is built by the first step, which dynamic_rnn runs itself."""
    if type(cell) not in (BasicLSTMCell, LSTMCell) or not cell.built or len(flat_inputs) != 1:
        return None
    if cell._activation is not torch.tanh or (type(cell) is LSTMCell and (
            cell._use_peepholes or cell._cell_clip is not None or cell._num_proj is not None)):
        return None
    x = flat_inputs[0][1:]
    kernel, bias = convert(cell._kernel), convert(cell._bias)
    units = cell._num_units
    c, h = _lstm_state(cell, state, units, units)
    if x.dim() != 3 or not x.dtype == kernel.dtype == c.dtype == h.dtype or x.shape[2] + units != kernel.shape[0]:
        return None
    weights = kernel.t().reshape(4, units, -1)[_TORCH_GATE_ORDER].reshape(4 * units, -1)
    forget = torch.zeros(4, units, dtype=bias.dtype, device=bias.device)
    forget[1] = cell._forget_bias
    b_ih = (bias.reshape(4, units)[_TORCH_GATE_ORDER] + forget).reshape(-1)
    depth = x.shape[2]
    outputs, h_n, c_n = torch.lstm(x, (h.unsqueeze(0), c.unsqueeze(0)),
                                   [weights[:, :depth], weights[:, depth:], b_ih, torch.zeros_like(b_ih)],
                                   True, 1, 0.0, True, False, False)  # train=True: the kernel with a backward
    return list(outputs.unbind(0)), _lstm_new_state(cell, c_n[0], h_n[0])


@export("nn.rnn_cell.GRUCell", "contrib.rnn.GRUCell")
class GRUCell(LayerRNNCell):
    """GRU (Cho et al. 2014): ``gates/kernel`` for the reset and update gates (bias starts at 1.0)
    and ``candidate/kernel`` applied to ``[inputs, r * state]``."""

    def __init__(self, num_units, activation=None, reuse=None, kernel_initializer=None, bias_initializer=None,
                 name=None, dtype=None, **kwargs):
        warn_deprecated("GRUCell.__init__", _MODULE, "This class is equivalent as tf.keras.layers.GRUCell, and "
                        "will be replaced by that in Tensorflow 2.0.")
        super().__init__(_reuse=reuse, name=name, dtype=dtype, **kwargs)
        self.input_spec = InputSpec(ndim=2)
        self._num_units = num_units
        self._activation = _activation(activation)
        self._kernel_initializer = kernel_initializer
        self._bias_initializer = bias_initializer

    @property
    def state_size(self):
        return self._num_units

    @property
    def output_size(self):
        return self._num_units

    def build(self, inputs_shape):
        input_depth = _check_inputs(self, inputs_shape)
        units = self._num_units
        self._gate_kernel = self.add_variable(f"gates/{_WEIGHTS_VARIABLE_NAME}", shape=[input_depth + units, 2 * units],
                                              initializer=self._kernel_initializer)
        self._gate_bias = self.add_variable(
            f"gates/{_BIAS_VARIABLE_NAME}", shape=[2 * units],
            initializer=(self._bias_initializer if self._bias_initializer is not None
                         else init_ops.Constant(1.0, dtype=self.dtype)))
        self._candidate_kernel = self.add_variable(f"candidate/{_WEIGHTS_VARIABLE_NAME}",
                                                   shape=[input_depth + units, units],
                                                   initializer=self._kernel_initializer)
        self._candidate_bias = self.add_variable(
            f"candidate/{_BIAS_VARIABLE_NAME}", shape=[units],
            initializer=(self._bias_initializer if self._bias_initializer is not None
                         else init_ops.Zeros(dtype=self.dtype)))
        self.built = True

    def call(self, inputs, state):
        value = torch.sigmoid(_linear(inputs, state, self._gate_kernel, self._gate_bias))
        r, u = value.chunk(2, dim=1)
        h = convert(state)
        candidate = _linear(inputs, wrap(r * h), self._candidate_kernel, self._candidate_bias)
        c = self._activation(candidate)
        new_h = u * h + (1 - u) * c
        new_h = wrap(new_h)
        return new_h, new_h


@export("nn.rnn_cell.MultiRNNCell", "contrib.rnn.MultiRNNCell")
class MultiRNNCell(RNNCell):
    """Cells stacked: each cell's output is the next one's input; weights under ``cell_<i>``."""

    def __init__(self, cells, state_is_tuple=True):
        warn_deprecated("MultiRNNCell.__init__", _MODULE, "This class is equivalent as "
                        "tf.keras.layers.StackedRNNCells, and will be replaced by that in Tensorflow 2.0.")
        super().__init__()
        if not cells:
            raise ValueError("Must specify at least one cell for MultiRNNCell.")
        if not isinstance(cells, (list, tuple)):
            raise TypeError(f"cells must be a list or tuple, but saw: {cells}.")
        if len({id(cell) for cell in cells}) < len(cells):
            tf_logging.log_first_n(tf_logging.WARNING, "At least two cells provided to MultiRNNCell are the same "
                                   "object and will share weights.", 1)
        self._cells = cells
        self._state_is_tuple = state_is_tuple
        if not state_is_tuple and any(nest.is_nested(c.state_size) for c in self._cells):
            raise ValueError("Some cells return tuples of states, but the flag state_is_tuple is not set.  State "
                             f"sizes are: {[c.state_size for c in self._cells]}")

    @property
    def state_size(self):
        if self._state_is_tuple:
            return tuple(cell.state_size for cell in self._cells)
        return sum(cell.state_size for cell in self._cells)

    @property
    def output_size(self):
        return self._cells[-1].output_size

    def zero_state(self, batch_size, dtype):
        if self._state_is_tuple:
            return tuple(cell.zero_state(batch_size, dtype) for cell in self._cells)
        return super().zero_state(batch_size, dtype)

    @property
    def trainable_weights(self):
        if not self.trainable:
            return []
        return [w for cell in self._cells if isinstance(cell, base_layer.Layer) for w in cell.trainable_weights]

    @property
    def non_trainable_weights(self):
        weights = [w for cell in self._cells if isinstance(cell, base_layer.Layer)
                   for w in cell.non_trainable_weights]
        if not self.trainable:
            trainable = [w for cell in self._cells if isinstance(cell, base_layer.Layer)
                         for w in cell.trainable_weights]
            return trainable + weights
        return weights

    @property
    def weights(self):
        return self.trainable_weights + self.non_trainable_weights

    variables = weights
    trainable_variables = trainable_weights
    non_trainable_variables = non_trainable_weights

    def call(self, inputs, state):
        cur_state_pos = 0
        cur_inp = inputs
        new_states = []
        for i, cell in enumerate(self._cells):
            if self._state_is_tuple:
                if not nest.is_nested(state):
                    raise ValueError(f"Expected state to be a tuple of length {len(self.state_size)}, but received: "
                                     f"{state}")
                cur_state = state[i]
            else:
                cur_state = wrap(convert(state)[:, cur_state_pos:cur_state_pos + cell.state_size])
                cur_state_pos += cell.state_size
            if getattr(cell, "_first_call_done", False):
                cur_inp, new_state = cell(cur_inp, cur_state)
            else:
                with vs.variable_scope(f"cell_{i}"):
                    cur_inp, new_state = cell(cur_inp, cur_state)
            new_states.append(new_state)
        if self._state_is_tuple:
            return cur_inp, tuple(new_states)
        return cur_inp, array_ops.concat(new_states, 1)


class _RNNCellWrapper(RNNCell):
    """A cell around ``cell``, transparent to variable names (the wrapped cell's are named as if it
    were unwrapped); as in TF 1.15, the wrapper's own ``weights`` are empty (legacy layers do not
    track attributes): ask ``wrapped_cell`` for them."""

    def __init__(self, cell, *args, **kwargs):
        super().__init__(*args, **kwargs)
        assert_like_rnncell("cell", cell)
        self.cell = cell

    def __call__(self, inputs, state, scope=None):
        return self._call_wrapped_cell(inputs, state, self.cell.__call__, scope=scope)

    @property
    def state_size(self):
        return self.cell.state_size

    @property
    def output_size(self):
        return self.cell.output_size

    def zero_state(self, batch_size, dtype):
        return self.cell.zero_state(batch_size, dtype)

    @property
    def wrapped_cell(self):
        return self.cell


def _default_dropout_state_filter_visitor(substate):
    if isinstance(substate, LSTMStateTuple):
        return LSTMStateTuple(c=False, h=True)  # the cell state c is not dropped
    return True


def _should_dropout(p):
    return not isinstance(p, numbers.Real) or p < 1


@export("nn.rnn_cell.DropoutWrapper", "contrib.rnn.DropoutWrapper", status=PARTIAL,
        note="Random masks follow tfcompat's generator (seeded runs repeat, values differ from TF's); "
             "variational_recurrent masks are drawn once per wrapper, batch dimension 1, as in TF 1.15.")
class DropoutWrapper(_RNNCellWrapper):
    """Dropout on a cell's inputs, outputs and (filtered) state, each with its own keep probability."""

    def __init__(self, cell, input_keep_prob=1.0, output_keep_prob=1.0, state_keep_prob=1.0,
                 variational_recurrent=False, input_size=None, dtype=None, seed=None,
                 dropout_state_filter_visitor=None, **kwargs):
        super().__init__(cell, dtype=dtype, **kwargs)
        if dropout_state_filter_visitor is not None and not callable(dropout_state_filter_visitor):
            raise TypeError("dropout_state_filter_visitor must be callable")
        self._dropout_state_filter = dropout_state_filter_visitor or _default_dropout_state_filter_visitor
        for prob, attr in ((input_keep_prob, "input_keep_prob"), (state_keep_prob, "state_keep_prob"),
                           (output_keep_prob, "output_keep_prob")):
            if isinstance(prob, numbers.Real) and not 0 <= prob <= 1:
                raise ValueError("Parameter %s must be between 0 and 1: %d" % (attr, prob))  # TF's %d
        self._input_keep_prob = input_keep_prob
        self._state_keep_prob = state_keep_prob
        self._output_keep_prob = output_keep_prob
        self._variational_recurrent = variational_recurrent
        self._seed = seed
        self._noise = {}
        if variational_recurrent:
            if dtype is None:
                raise ValueError("When variational_recurrent=True, dtype must be provided")

            def batch_noise(s):
                return torch.rand([1] + TensorShape(s).as_list(), dtype=dtypes.to_torch_dtype(dtype),
                                  device=context.current_device())
            if _should_dropout(input_keep_prob):
                if input_size is None:
                    raise ValueError("When variational_recurrent=True and input_keep_prob < 1.0 or is unknown, "
                                     "input_size must be provided")
                self._noise["input"] = nest.map_structure(batch_noise, input_size)
            self._noise["state"] = nest.map_structure(batch_noise, cell.state_size)
            self._noise["output"] = nest.map_structure(batch_noise, cell.output_size)

    def _dropout(self, values, kind, keep_prob, flags=None):
        """``values`` with dropout applied to the leaves ``flags`` marks (all when None)."""
        flat_values = nest.flatten(values)
        if flags is None:
            flags = [True] * len(flat_values)
        if not self._variational_recurrent:
            dropped = [nn_ops.dropout(v, keep_prob=keep_prob, seed=self._seed) if f else v
                       for f, v in zip(flags, flat_values)]
        else:
            keep = float(convert(keep_prob))
            dropped = [wrap(convert(v) / keep * torch.floor(keep + noise)) if f else v
                       for f, v, noise in zip(flags, flat_values, nest.flatten(self._noise[kind]))]
        return nest.pack_sequence_as(values, dropped)

    def _call_wrapped_cell(self, inputs, state, cell_call_fn, **kwargs):
        if _should_dropout(self._input_keep_prob):
            inputs = self._dropout(inputs, "input", self._input_keep_prob)
        output, new_state = cell_call_fn(inputs, state, **kwargs)
        if _should_dropout(self._state_keep_prob):
            new_state = self._dropout(new_state, "state", self._state_keep_prob,
                                      _state_filter_flags(self._dropout_state_filter, new_state))
        if _should_dropout(self._output_keep_prob):
            output = self._dropout(output, "output", self._output_keep_prob)
        return output, new_state


def _state_filter_flags(visitor, state):
    """One bool per leaf of ``state``: whether dropout applies there (TF's
    get_traverse_shallow_structure: True traverses into a substructure, False stops; the visitor
    may answer with a structure of bools for the substructure's parts)."""
    def walk(sub):
        decision = visitor(sub)
        if isinstance(decision, bool):
            return expand(sub, decision)
        if not nest.is_nested(decision) or len(decision) != len(sub):
            raise TypeError(f"dropout_state_filter_visitor returned {decision!r} for {sub!r}; expected a bool or a "
                            "structure of bools like it")
        return [flag for part, d in zip(sub, decision) for flag in expand(part, d)]

    def expand(sub, decision):
        if not decision:
            return [False] * len(nest.flatten(sub))
        return [True] if not nest.is_nested(sub) else [flag for part in sub for flag in walk(part)]

    return walk(state)


@export("nn.rnn_cell.ResidualWrapper", "contrib.rnn.ResidualWrapper")
class ResidualWrapper(_RNNCellWrapper):
    """The cell's output plus its input (or ``residual_fn(inputs, outputs)``)."""

    def __init__(self, cell, residual_fn=None, **kwargs):
        super().__init__(cell, **kwargs)
        self._residual_fn = residual_fn

    def _call_wrapped_cell(self, inputs, state, cell_call_fn, **kwargs):
        outputs, new_state = cell_call_fn(inputs, state, **kwargs)

        def default_residual_fn(inputs, outputs):
            nest.assert_same_structure(inputs, outputs)
            return nest.map_structure(lambda inp, out: math_ops.add(inp, out), inputs, outputs)
        return (self._residual_fn or default_residual_fn)(inputs, outputs), new_state


@export("nn.rnn_cell.DeviceWrapper", "contrib.rnn.DeviceWrapper")
class DeviceWrapper(_RNNCellWrapper):
    """Runs the cell (and makes its zero state) on ``device``."""

    def __init__(self, cell, device, **kwargs):
        super().__init__(cell, **kwargs)
        self._device = device

    def zero_state(self, batch_size, dtype):
        with context.device(self._device):
            return self.cell.zero_state(batch_size, dtype)

    def _call_wrapped_cell(self, inputs, state, cell_call_fn, **kwargs):
        with context.device(self._device):
            return cell_call_fn(inputs, state, **kwargs)
