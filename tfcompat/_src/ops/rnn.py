"""tf.nn.dynamic_rnn, static_rnn and their bidirectional forms as TF 1.15 runs them under eager
execution (tensorflow/python/ops/rnn.py): a Python loop over the time steps calling the cell
inside the variable scope ``rnn`` (``bidirectional_rnn/fw``, ``bidirectional_rnn/bw``).

With ``sequence_length``, a batch entry's outputs past its length are zeros and its state is
copied through from its last valid step; dynamic_rnn stops after the longest sequence (the rest
of the outputs are zeros), as TF's while loop does.
"""

import torch

from ..eager import variable_scope as vs
from ..framework import dtypes, errors
from ..framework.tensor import convert, wrap
from ..registry import PARTIAL, export
from ..util import nest
from ..util.deprecation import warn_deprecated
from . import array_ops
from . import rnn_cell_impl
from .rnn_cell_impl import assert_like_rnncell

_MODULE = "tensorflow.python.ops.rnn"


def _initial_state(cell, initial_state, batch_size, dtype):
    if initial_state is not None:
        return initial_state
    if not dtype:
        raise ValueError("If there is no initial_state, you must give a dtype.")
    if getattr(cell, "get_initial_state", None) is not None:
        return cell.get_initial_state(inputs=None, batch_size=batch_size, dtype=dtype)
    return cell.zero_state(batch_size, dtype)


def _sequence_length(sequence_length, batch_size):
    """The lengths as an int32 torch vector of ``batch_size`` entries, or None."""
    if sequence_length is None:
        return None
    lengths = convert(sequence_length)
    if lengths.dim() != 1:
        raise ValueError(f"sequence_length must be a vector of length batch_size, but saw shape: "
                         f"{wrap(lengths).shape}")
    if lengths.dtype.is_floating_point or lengths.dtype == torch.bool or lengths.dtype.is_complex:
        raise TypeError(f"sequence_length must be an integer vector, got {dtypes.as_dtype(lengths.dtype).name}")
    if lengths.shape[0] != batch_size:
        raise errors.InvalidArgumentError(None, None, f"Expected shape for Tensor sequence_length is [{batch_size}] "
                                          f"but saw shape: [{lengths.shape[0]}]")
    return lengths.to(torch.int32)


def _copy_through(time, lengths, zero_outputs, state, new_output, new_state):
    """Outputs zeroed and state kept for the entries whose sequence ended before ``time``."""
    done = time >= lengths  # [batch]

    def select(old, new):
        old, new = convert(old), convert(new)
        if new.dim() == 0:  # a scalar has no batch entries to copy (TF's _copy_one_through)
            return wrap(new)
        mask = done.view(-1, *([1] * (new.dim() - 1))).to(new.device)
        return wrap(torch.where(mask, old, new))
    output = nest.map_structure(select, zero_outputs, new_output)
    return output, nest.map_structure(select, state, new_state)


def _batch_size(flat_inputs, batch_axis):
    """The batch size of the torch tensors ``flat_inputs``."""
    for x in flat_inputs:
        if x.dim() < 2:
            raise ValueError(f"Expected input tensor {wrap(x)!r} to have rank at least 2")
        return x.shape[batch_axis]
    raise ValueError("inputs must not be empty")


@export("nn.dynamic_rnn", status=PARTIAL,
        note="Eager semantics: a Python loop over the time steps (parallel_iterations and swap_memory are "
             "accepted and ignored); a plain LSTM cell without sequence_length runs torch's fused LSTM kernel "
             "after its first step.")
def dynamic_rnn(cell, inputs, sequence_length=None, initial_state=None, dtype=None, parallel_iterations=None,
                swap_memory=False, time_major=False, scope=None):
    """``(outputs, final_state)`` of ``cell`` run over the time axis of ``inputs``."""
    warn_deprecated("dynamic_rnn", _MODULE, "Please use `keras.layers.RNN(cell)`, which is equivalent to this API")
    assert_like_rnncell("cell", cell)
    with vs.variable_scope(scope or "rnn"):
        flat_inputs = [convert(x) for x in nest.flatten(inputs)]
        if not time_major:
            for x in flat_inputs:
                if x.dim() < 2:
                    raise ValueError(f"Expected input tensor {wrap(x)!r} to have rank at least 2")
            flat_inputs = [x.transpose(0, 1) for x in flat_inputs]
        batch_size = _batch_size(flat_inputs, 1)
        time_steps = flat_inputs[0].shape[0]
        for x in flat_inputs:
            if x.shape[0] != time_steps:
                raise ValueError("Time steps is not the same for all the elements in the input in a batch.")
            if x.shape[1] != batch_size:
                raise ValueError("Batch_size is not the same for all the elements in the input.")
        lengths = _sequence_length(sequence_length, batch_size)
        state = _initial_state(cell, initial_state, batch_size, dtype)
        steps = time_steps
        if lengths is not None:
            steps = min(time_steps, max(1, int(lengths.max()))) if batch_size else time_steps
        outputs = []
        zero_outputs = None
        for time in range(steps):
            if time == 1 and lengths is None:
                fused = rnn_cell_impl.fused_lstm_steps(cell, flat_inputs, state)
                if fused is not None:
                    fused_outputs, state = fused
                    outputs.extend([o] for o in fused_outputs)
                    break
            step_inputs = nest.pack_sequence_as(inputs, [wrap(x[time]) for x in flat_inputs])
            output, new_state = cell(step_inputs, state)
            if lengths is not None:
                if zero_outputs is None:
                    zero_outputs = nest.map_structure(lambda o: wrap(torch.zeros_like(convert(o))), output)
                output, new_state = _copy_through(time, lengths, zero_outputs, state, output, new_state)
            state = new_state
            outputs.append([convert(o) for o in nest.flatten(output)])
        if not outputs:
            raise ValueError("dynamic_rnn needs at least one time step: the inputs' time dimension is 0.")
        stacked = [torch.stack(series) for series in zip(*outputs)]
        if steps < time_steps:
            stacked = [torch.cat([s, s.new_zeros((time_steps - steps,) + tuple(s.shape[1:]))]) for s in stacked]
        if not time_major:
            stacked = [s.transpose(0, 1) for s in stacked]
        structure = cell.output_size if nest.is_nested(cell.output_size) else None
        flat = [wrap(s) for s in stacked]
        return (nest.pack_sequence_as(structure, flat) if structure is not None else flat[0]), state


@export("nn.static_rnn", "contrib.rnn.static_rnn")
def static_rnn(cell, inputs, initial_state=None, dtype=None, sequence_length=None, scope=None):
    """``(outputs, state)``: ``cell`` run over the list ``inputs`` (one [batch, depth] input per step)."""
    warn_deprecated("static_rnn", _MODULE, "Please use `keras.layers.RNN(cell, unroll=True)`, which is equivalent "
                    "to this API")
    assert_like_rnncell("cell", cell)
    if not nest.is_nested(inputs):
        raise TypeError("inputs must be a sequence")
    if not inputs:
        raise ValueError("inputs must not be empty")
    with vs.variable_scope(scope or "rnn"):
        batch_size = _batch_size([convert(x) for x in nest.flatten(inputs[0])], 0)
        state = _initial_state(cell, initial_state, batch_size, dtype)
        lengths = _sequence_length(sequence_length, batch_size)
        outputs = []
        zero_outputs = None
        for time, step_inputs in enumerate(inputs):
            output, new_state = cell(step_inputs, state)
            if lengths is not None:
                if zero_outputs is None:
                    zero_outputs = nest.map_structure(lambda o: wrap(torch.zeros_like(convert(o))), output)
                output, new_state = _copy_through(time, lengths, zero_outputs, state, output, new_state)
            state = new_state
            outputs.append(output)
        return outputs, state


def _reverse(values, lengths, seq_axis, batch_axis):
    if lengths is None:
        return nest.map_structure(lambda x: wrap(torch.flip(convert(x), [seq_axis])), values)
    return nest.map_structure(
        lambda x: array_ops.reverse_sequence(x, lengths, seq_axis=seq_axis, batch_axis=batch_axis), values)


@export("nn.bidirectional_dynamic_rnn", status=PARTIAL,
        note="Eager semantics, as tf.nn.dynamic_rnn's (parallel_iterations and swap_memory are ignored).")
def bidirectional_dynamic_rnn(cell_fw, cell_bw, inputs, sequence_length=None, initial_state_fw=None,
                              initial_state_bw=None, dtype=None, parallel_iterations=None, swap_memory=False,
                              time_major=False, scope=None):
    """``((output_fw, output_bw), (state_fw, state_bw))``: ``cell_fw`` over the inputs and ``cell_bw``
    over each sequence reversed (within its length), its outputs reversed back."""
    warn_deprecated("bidirectional_dynamic_rnn", _MODULE, "Please use `keras.layers.Bidirectional("
                    "keras.layers.RNN(cell))`, which is equivalent to this API")
    assert_like_rnncell("cell_fw", cell_fw)
    assert_like_rnncell("cell_bw", cell_bw)
    with vs.variable_scope(scope or "bidirectional_rnn"):
        with vs.variable_scope("fw") as fw_scope:
            output_fw, state_fw = dynamic_rnn(cell_fw, inputs, sequence_length, initial_state_fw, dtype,
                                              parallel_iterations, swap_memory, time_major, scope=fw_scope)
        time_axis, batch_axis = (0, 1) if time_major else (1, 0)
        with vs.variable_scope("bw") as bw_scope:
            reversed_inputs = _reverse(inputs, sequence_length, time_axis, batch_axis)
            reversed_outputs, state_bw = dynamic_rnn(cell_bw, reversed_inputs, sequence_length, initial_state_bw,
                                                     dtype, parallel_iterations, swap_memory, time_major,
                                                     scope=bw_scope)
        output_bw = _reverse(reversed_outputs, sequence_length, time_axis, batch_axis)
    return (output_fw, output_bw), (state_fw, state_bw)


def _reverse_steps(steps, lengths):
    """The list of per-step inputs reversed (within each entry's length when ``lengths`` is given)."""
    if lengths is None:
        return list(reversed(steps))
    flat_steps = [nest.flatten(step) for step in steps]
    reversed_flat = []
    for series in zip(*flat_steps):
        joined = wrap(torch.stack([convert(x) for x in series]))
        reversed_flat.append(list(torch.unbind(convert(array_ops.reverse_sequence(joined, lengths, seq_axis=0,
                                                                                  batch_axis=1)))))
    return [nest.pack_sequence_as(steps[0], [wrap(series[t]) for series in reversed_flat])
            for t in range(len(steps))]


@export("nn.static_bidirectional_rnn", "contrib.rnn.static_bidirectional_rnn")
def static_bidirectional_rnn(cell_fw, cell_bw, inputs, initial_state_fw=None, initial_state_bw=None, dtype=None,
                             sequence_length=None, scope=None):
    """``(outputs, state_fw, state_bw)``: each step's forward and backward outputs concatenated."""
    warn_deprecated("static_bidirectional_rnn", _MODULE, "Please use `keras.layers.Bidirectional("
                    "keras.layers.RNN(cell, unroll=True))`, which is equivalent to this API")
    assert_like_rnncell("cell_fw", cell_fw)
    assert_like_rnncell("cell_bw", cell_bw)
    if not nest.is_nested(inputs):
        raise TypeError("inputs must be a sequence")
    if not inputs:
        raise ValueError("inputs must not be empty")
    with vs.variable_scope(scope or "bidirectional_rnn"):
        with vs.variable_scope("fw") as fw_scope:
            output_fw, state_fw = static_rnn(cell_fw, inputs, initial_state_fw, dtype, sequence_length,
                                             scope=fw_scope)
        with vs.variable_scope("bw") as bw_scope:
            reversed_inputs = _reverse_steps(list(inputs), sequence_length)
            tmp, state_bw = static_rnn(cell_bw, reversed_inputs, initial_state_bw, dtype, sequence_length,
                                       scope=bw_scope)
    output_bw = _reverse_steps(tmp, sequence_length)
    outputs = [nest.pack_sequence_as(fw, [array_ops.concat([f, b], 1) for f, b in
                                          zip(nest.flatten(fw), nest.flatten(bw))])
               for fw, bw in zip(output_fw, output_bw)]
    return outputs, state_fw, state_bw
