"""The tf.keras.backend control-flow and graph helpers of TF 1.15's keras/backend.py under eager execution:
rnn, map_fn / foldl / foldr, print_tensor, gradients, placeholder, function and set_session (the CTC
functions are in backend_ctc.py).

``rnn`` runs the step function once per time step in Python (eager TF's while_loop does the same); the
masked-step rule is TF's: a masked step repeats the previous output (zeros with
``zero_output_for_mask``) and keeps the previous states.
"""

import sys

import torch

from ..eager import tape
from ..framework import dtypes
from ..framework.tensor import Tensor, wrap
from ..ops import creation_ops, functional_ops
from ..registry import PARTIAL, export
from ..util import nest
from .backend import numeric
from .engine.input_layer import Input
from .engine.keras_tensor import KerasTensor

# --- rnn --------------------------------------------------------------------------------------------


@export("keras.backend.rnn")
def rnn(step_function, inputs, initial_states, go_backwards=False, mask=None, constants=None, unroll=False,
        input_length=None, time_major=False, zero_output_for_mask=False, return_all_outputs=True):
    """Iterate ``step_function(input_t, states + constants) -> (output_t, new_states)`` over the time axis;
    returns ``(last_output, outputs, new_states)``.  ``unroll`` gives the same values under eager execution."""
    flat_inputs = [numeric(x, "rnn") for x in nest.flatten(inputs)]
    for x in flat_inputs:
        if x.dim() < 3:  # TF checks after moving time first
            shape = tuple(x.shape) if time_major or x.dim() < 2 else (x.shape[1], x.shape[0], *x.shape[2:])
            raise ValueError(f"Shape {shape} must have rank at least 3")
    time_axis = 0 if time_major else 1
    steps = int(flat_inputs[0].shape[time_axis])
    if not steps:  # TF: unrolling needs time steps; its loop reads the first step before running
        raise ValueError("Unrolling requires a fixed number of timesteps." if unroll else
                         "tf.keras.backend.rnn: the inputs have no time steps")
    step_masks = _step_masks(mask, input_length, steps, time_axis, go_backwards)
    order = range(steps - 1, -1, -1) if go_backwards else range(steps)
    constants = tuple(constants or ())
    states = tuple(initial_states)
    outputs, previous = [], None
    for position, t in enumerate(order):
        step_input = nest.pack_sequence_as(inputs, [wrap(x.select(time_axis, t)) for x in flat_inputs])
        output, new_states = step_function(step_input, states + constants)
        flat_output = [numeric(o, "rnn") for o in nest.flatten(output)]
        flat_new_states = [numeric(s, "rnn") for s in nest.flatten(new_states)]
        if step_masks is not None:
            keep = step_masks[position]
            if previous is None or zero_output_for_mask:
                previous = [torch.zeros_like(o) for o in flat_output]
            flat_output = [_where(keep, o, p) for o, p in zip(flat_output, previous)]
            flat_states = [numeric(s, "rnn") for s in nest.flatten(states)]
            flat_new_states = [_where(keep, s, p) for s, p in zip(flat_new_states, flat_states)]
            previous = flat_output
        states = tuple(wrap(s) for s in flat_new_states)
        if return_all_outputs or position == steps - 1:
            outputs.append(flat_output)
    last_output = nest.pack_sequence_as(output, [wrap(o) for o in outputs[-1]])
    stacked = []
    for index in range(len(outputs[-1])):
        series = torch.stack([step[index] for step in outputs])
        stacked.append(wrap(series if time_major else series.transpose(0, 1)))
    return last_output, nest.pack_sequence_as(output, stacked), states


def _step_masks(mask, input_length, steps, time_axis, go_backwards):
    """The per-step boolean masks, (batch,), in the order the steps run, or None."""
    if mask is not None:
        mask = numeric(mask, "rnn")
        mask = mask if mask.dtype == torch.bool else mask != 0
        masks = [mask.select(time_axis, t) for t in range(steps)]
        if mask.dim() > 2:  # (batch, time, 1): TF tiles the mask over each output's features
            masks = [m.reshape(m.shape[0], -1)[:, 0] for m in masks]
        return masks[::-1] if go_backwards else masks
    if isinstance(input_length, Tensor):
        lengths = numeric(input_length, "rnn")
        if go_backwards:  # TF: position t (counted from the end) is kept when max_len - 1 - length < t
            reversed_lengths = lengths.max() - 1 - lengths
            return [reversed_lengths < t for t in range(steps)]
        return [lengths > t for t in range(steps)]
    return None


def _where(keep, new, old):
    return torch.where(keep.reshape(keep.shape + (1,) * (new.dim() - 1)).to(new.device), new, old)


# --- map / fold -----------------------------------------------------------------------------------------

@export("keras.backend.map_fn")
def map_fn(fn, elems, name=None, dtype=None):
    return functional_ops.map_fn(fn, elems, dtype=dtype, name=name)


@export("keras.backend.foldl")
def foldl(fn, elems, initializer=None, name=None):
    return functional_ops.foldl(fn, elems, initializer=initializer, name=name)


@export("keras.backend.foldr")
def foldr(fn, elems, initializer=None, name=None):
    return functional_ops.foldr(fn, elems, initializer=initializer, name=name)


# --- printing, gradients, placeholders, functions, sessions ----------------------------------------------

@export("keras.backend.print_tensor")
def print_tensor(x, message="", summarize=3):
    """Print ``message`` and ``x`` to stdout (TF's print_v2) and return ``x``."""
    functional_ops.print_v2(message, x, output_stream=sys.stdout, summarize=summarize)
    return x


@export("keras.backend.gradients", status=PARTIAL, note="Graph mode only in TF: under eager it raises as TF does.")
def gradients(loss, variables):
    return tape.gradients(loss, variables, colocate_gradients_with_ops=True)


@export("keras.backend.placeholder", status=PARTIAL,
        note="Returns a symbolic Keras tensor (an Input of the given full shape), which layers and "
             "tf.keras.backend.function accept; scalar, sparse and ragged placeholders are not supported.")
def placeholder(shape=None, ndim=None, dtype=None, sparse=False, name=None, ragged=False):
    if sparse and ragged:
        raise ValueError("Cannot set both sparse and ragged to True when creating a placeholder.")
    if not shape and ndim:
        shape = (None,) * ndim
    if shape is not None and len(tuple(shape)) == 0:
        raise ValueError("tfcompat: a scalar placeholder is not supported (Keras inputs have a batch dimension)")
    return Input(batch_shape=None if shape is None else tuple(shape), name=name,
                 dtype=dtypes.as_dtype(dtype).name if dtype is not None else None, sparse=sparse, ragged=ragged)


@export("keras.backend.function", status=PARTIAL,
        note="Inputs and outputs are symbolic Keras tensors of one functional graph (model.input, layer.output, "
             "placeholder()); a learning-phase entry in the inputs (learning_phase()'s value) sets training for "
             "the call; updates are not supported.")
def function(inputs, outputs, updates=None, name=None, **kwargs):
    """A callable mapping input values to the outputs' values (NumPy arrays), as TF's EagerExecutionFunction."""
    if kwargs:
        raise ValueError(f"Session keyword arguments are not support during eager execution. You passed: {kwargs}")
    if updates:
        raise ValueError("tfcompat: tf.keras.backend.function does not support `updates` yet.")
    return _EagerFunction(inputs, outputs, name)


class _EagerFunction:
    def __init__(self, inputs, outputs, name):
        self.inputs = nest.flatten(inputs)
        self._outputs_structure = outputs
        self.outputs = nest.flatten(outputs)
        self.name = name
        self._phase_positions = [i for i, x in enumerate(self.inputs) if not isinstance(x, KerasTensor)]
        for i in self._phase_positions:
            if self.inputs[i] not in (0, 1):
                raise TypeError(f"tf.keras.backend.function inputs must be symbolic Keras tensors, got "
                                f"{self.inputs[i]!r}")
        for x in self.outputs:
            if not isinstance(x, KerasTensor):
                raise TypeError(f"tf.keras.backend.function outputs must be symbolic Keras tensors, got {x!r}")
        from .engine.network import Model  # the functional graph replays through a Model
        symbolic = [x for x in self.inputs if isinstance(x, KerasTensor)]
        self._model = Model(inputs=symbolic, outputs=list(self.outputs))

    def __call__(self, inputs):
        values = nest.flatten(inputs)
        if len(values) != len(self.inputs):
            raise ValueError(f"Expected {len(self.inputs)} input values, got {len(values)}")
        training = None
        for i in self._phase_positions:
            training = bool(values[i])
        fed = [creation_ops.cast(v, x.dtype) for v, x in zip(values, self.inputs) if isinstance(x, KerasTensor)]
        results = self._model(fed if len(fed) > 1 else fed[0], training=training)
        results = results if isinstance(results, (list, tuple)) else [results]
        return nest.pack_sequence_as(self._outputs_structure, [r.numpy() for r in results])


@export("keras.backend.set_session", status=PARTIAL,
        note="Eager execution uses no session: the session is kept, as TF 1.15 keeps it, and never used.")
def set_session(session):
    _session_holder["session"] = session


_session_holder = {"session": None}
