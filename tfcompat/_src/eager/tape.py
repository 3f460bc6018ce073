"""tf.GradientTape: TF's gradient bookkeeping over torch autograd.

torch autograd does the arithmetic; the tape decides what TF would answer.

* Watching a tensor gives it a fresh torch source: a detached leaf that requires
  grad, or, when the value already requires grad (an outer tape watches it), an
  identity view, so outer tapes still see through it.  The Tensor object carries
  that source while the tape records and gets its old value back when the tape
  stops, so ops outside every tape build no autograd graph.
* Reading a trainable variable (or a watched one) while tapes record gives the
  same kind of source, one per tape that watches it; the tape's Recorder keeps
  the sources it saw (see recording.py, the protocol tapes, variables and ops
  share) and the tape sums their gradients.  Values computed before a tape
  started do not depend on its sources, so they are constants to it.
* A source the tape never watched, nor computed, gets None (or zeros).
"""

import contextlib
import enum

import numpy as np
import torch

from ..framework import context
from ..framework.errors import invalid_argument
from ..framework.indexed_slices import IndexedSlices
from ..framework.tensor import Tensor, convert, wrap
from ..framework.tensor_shape import shape_string
from ..registry import PARTIAL, export
from ..util import nest
from . import recording
from .recording import new_source
from .variables import Variable, owner

_state = context.state

_UNPROBED = object()
_run_backward = _UNPROBED  # torch's private engine call, None for torch.autograd.grad: see _backward_call


@export("UnconnectedGradients")
class UnconnectedGradients(enum.Enum):
    """What ``gradient()`` returns for a source the target does not depend on."""
    NONE = "none"
    ZERO = "zero"


@export("GradientTape", "contrib.eager.GradientTape", status=PARTIAL,
        note="jacobian/batch_jacobian loop over target elements (no pfor); stop_recording under an "
             "outer tape keeps values computed before it connected to this tape's sources; a source used "
             "both by gathers and densely gets a dense gradient (TF 1.x gave an IndexedSlices); a target computed "
             "after the with-block from values recorded in it still has their gradients (TF: None).")
class GradientTape:
    """Records operations for automatic differentiation (TF 1.x eager semantics)."""

    def __init__(self, persistent=False, watch_accessed_variables=True):
        self._persistent = persistent
        self._watch_accessed_variables = watch_accessed_variables
        self._recording = False
        self._entered = False  # TF's tape exists from the first `with` on
        self._used = False
        self._recorder = recording.Recorder(watch_accessed_variables)
        self._watched = {}  # id(Tensor) -> [tensor, value before the watch, source]

    def _clear(self):
        self._watched = {}
        self._recorder.clear()

    # --- recording -----------------------------------------------------------------------

    def __enter__(self):
        self._push()
        return self

    def __exit__(self, kind, value, traceback):
        if self._recording:
            self._pop()

    def _push(self):
        if self._recording:
            raise ValueError("Tape is already recording.")
        for tensor, outer, source in self._watched.values():
            if tensor._t is outer:
                tensor._t = source
        self._recording = self._entered = True
        recording.start(self._recorder)

    def _pop(self):
        if not self._recording:
            raise ValueError("Tape is not recording.")
        for tensor, outer, source in reversed(self._watched.values()):
            if tensor._t is source:
                tensor._t = outer
        self._recording = False
        recording.stop(self._recorder)

    @contextlib.contextmanager
    def stop_recording(self):
        """Ops inside are not recorded on this tape."""
        self._pop()
        try:
            if _state.tapes:
                yield
            else:
                with torch.no_grad():
                    yield
        finally:
            self._push()

    def reset(self):
        """Forget everything recorded, as if the with-block were left and a new tape entered."""
        self._pop()
        self._clear()
        self._used = False
        self._push()

    def watch(self, tensor):
        """Watch every tensor and variable in the (nested) structure ``tensor``."""
        items = nest.flatten(tensor)
        for item in items:
            if not isinstance(item, (Tensor, Variable)):
                raise ValueError(f"Passed in object of type {type(item)}, not tf.Tensor")
        if not self._entered or self._used:
            raise AttributeError("'NoneType' object has no attribute '_tape': GradientTape.watch needs a tape "
                                 "entered with `with tf.GradientTape() as tape:` (and, unless persistent, not yet "
                                 "used by gradient())")
        for item in items:
            if isinstance(item, Variable):
                self._recorder.watch_variable(owner(item))
            else:
                self._watch_tensor(item)

    def _watch_tensor(self, tensor):
        if id(tensor) in self._watched or type(tensor._t) is np.ndarray:
            return
        outer = tensor._t
        source = new_source(outer)
        self._watched[id(tensor)] = [tensor, outer, source]
        if self._recording:
            tensor._t = source

    def watched_variables(self):
        """The variables this tape watched, in creation order."""
        return tuple(sorted(self._recorder.variable_sources, key=lambda variable: variable._unique_id))

    # --- gradients -----------------------------------------------------------------------

    def gradient(self, target, sources, output_gradients=None,
                 unconnected_gradients=UnconnectedGradients.NONE):
        """d(sum of ``target``)/d``sources``, shaped like ``sources``; None where unconnected."""
        self._start_gradient()
        unconnected = _unconnected(unconnected_gradients)
        targets = self._target_values(target)
        seeds = _output_gradients(output_gradients, targets)
        gradients = self._gradients(targets, seeds, nest.flatten(sources), unconnected)
        self._finish_use()
        return nest.pack_sequence_as(sources, gradients)

    def _finish_use(self):
        if not self._persistent:
            self._used = True
            self._clear()

    def _target_values(self, target):
        if type(target) is Tensor:  # the common single target
            entry = self._watched.get(id(target))
            return [target._t if entry is None else entry[2]]
        if target is None:
            raise TypeError("Argument `target` should be a list or nested structure of Tensors, Variables "
                            "to be differentiated, but received None.")
        values = []
        for item in nest.flatten(target):
            if isinstance(item, Variable):
                values.append(self._read_as_target(item))
            else:
                entry = self._watched.get(id(item))
                values.append(convert(item) if entry is None else entry[2])
        return values

    def _read_as_target(self, variable):
        """TF reads a variable target on this tape, so d(v)/d(v) is 1."""
        if self._recording:
            return convert(variable)
        self._push()
        try:
            return convert(variable)
        finally:
            self._pop()

    def _source_values(self, source):
        """The torch values whose gradients make up ``source``'s gradient on this tape."""
        if type(source) is not Tensor and isinstance(source, Variable):
            return [value for value in self._recorder.variable_sources.get(owner(source), ()) if value.requires_grad]
        if not isinstance(source, Tensor):
            raise TypeError(f"GradientTape.gradient sources must be Tensors or Variables, got "
                            f"{type(source).__name__}: {source!r}")
        entry = self._watched.get(id(source))
        if entry is not None:
            return [entry[2]] if entry[2].requires_grad else []
        value = source._t
        if type(value) is not np.ndarray and value.grad_fn is not None:
            return [value]  # computed on the tape from watched values
        return []

    def _gradients(self, targets, seeds, flat_sources, unconnected):
        per_source = [self._source_values(source) for source in flat_sources]
        inputs = _unique([value for values in per_source for value in values])
        recorded = self._recorder.gathers
        gathers = recorded and [gather for gather in recorded if any(gather[0] is value for value in inputs)]
        if gathers:
            inputs = inputs + [gathered for _, _, gathered in gathers]
        by_input = {id(value): grad for value, grad in zip(inputs, _autograd(targets, seeds, inputs))}
        gradients = []
        for source, values in zip(flat_sources, per_source):
            parts = [by_input[id(value)] for value in values]
            parts = [part for part in parts if part is not None]
            sparse = gathers and _sparse_gradient(values, gathers, by_input, targets)
            if sparse:
                gradients.append(sparse)
            elif parts:
                gradients.append(wrap(parts[0] if len(parts) == 1 else sum(parts)))
            elif unconnected is UnconnectedGradients.ZERO:
                gradients.append(_zeros_like_source(source))
            else:
                gradients.append(None)
        return gradients

    # --- Jacobians -----------------------------------------------------------------------

    def jacobian(self, target, sources, unconnected_gradients=UnconnectedGradients.NONE,
                 parallel_iterations=None, experimental_use_pfor=True):
        """d``target``/d``sources``: for each source, shape ``target.shape + source.shape``."""
        self._start_jacobian("jacobian", experimental_use_pfor)
        unconnected = _unconnected(unconnected_gradients)
        (value,) = self._target_values(target)
        flat_sources = nest.flatten(sources)
        flat_target = value.reshape(-1)
        rows = [self._gradients([flat_target], [_one_hot(flat_target, index)], flat_sources,
                                UnconnectedGradients.NONE)
                for index in range(flat_target.numel())]
        self._finish_use()
        jacobians = [_stack_rows([row[position] for row in rows], convert(source), tuple(value.shape),
                                 unconnected, dim=0)
                     for position, source in enumerate(flat_sources)]
        return nest.pack_sequence_as(sources, jacobians)

    def batch_jacobian(self, target, source, unconnected_gradients=UnconnectedGradients.NONE,
                       parallel_iterations=None, experimental_use_pfor=True):
        """Per-example Jacobians: ``[batch] + target.shape[1:] + source.shape[1:]``."""
        self._start_jacobian("batch_jacobian", experimental_use_pfor)
        unconnected = _unconnected(unconnected_gradients)
        (value,) = self._target_values(target)
        source_value = convert(source)
        for operand in (value, source_value):
            if operand.ndim < 2:
                raise ValueError(f"Shape {shape_string(tuple(operand.shape))} must have rank at least 2")
        if value.shape[0] != source_value.shape[0]:
            raise ValueError(f"Need first dimension of target shape ({shape_string(tuple(value.shape))}) and "
                             f"source shape ({shape_string(tuple(source_value.shape))}) to match.")
        per_example = value.reshape(value.shape[0], -1)
        rows = [self._gradients([per_example], [_one_hot(per_example, (slice(None), index))], [source],
                                UnconnectedGradients.NONE)[0]
                for index in range(per_example.shape[1])]
        self._finish_use()
        return _stack_rows(rows, source_value, tuple(value.shape), unconnected, dim=1)

    def _start_jacobian(self, method, use_pfor):
        if not use_pfor and not self._persistent:
            raise RuntimeError(f"GradientTape must be created with persistent=True to compute the {method} "
                               f"with eager execution enabled and with  experimental_use_pfor set to False.")
        self._start_gradient()

    def _start_gradient(self):
        if self._used:
            raise RuntimeError("GradientTape.gradient can only be called once on non-persistent tapes.")
        if self._recording and not self._persistent:
            self._pop()


def _unconnected(value):
    try:
        return UnconnectedGradients(value)
    except ValueError:
        raise ValueError(f"Unknown value for unconnected_gradients: {value!r}") from None


def _one_hot(like, index):
    seed = torch.zeros_like(like)
    seed[index] = 1
    return seed


def _stack_rows(rows, source, target_shape, unconnected, dim):
    """Gradient rows (one per target element; None where unconnected) as one Jacobian tensor."""
    if rows and all(row is None for row in rows) and unconnected is UnconnectedGradients.NONE:
        return None
    columns = [torch.zeros_like(source) if row is None else convert(row) for row in rows]
    if columns:
        stacked = torch.stack(columns, dim=dim)
    else:
        stacked = source.new_zeros(tuple(source.shape[:dim]) + (0,) + tuple(source.shape[dim:]))
    return wrap(stacked.reshape(target_shape + tuple(source.shape[dim:])))


def _unique(values):
    if len(values) < 2:
        return values
    return list({id(value): value for value in values}.values())


def _output_gradients(output_gradients, targets):
    if output_gradients is None:
        return [None] * len(targets)
    seeds = [None if seed is None else convert(seed) for seed in nest.flatten(output_gradients)]
    if len(seeds) != len(targets):
        raise ValueError(f"Number of output_gradients ({len(seeds)}) does not match number of "
                         f"targets ({len(targets)})")
    return seeds


def _autograd(targets, seeds, inputs):
    """torch gradients of the targets (weighted by seeds) for ``inputs``; None where unconnected."""
    connected = [(target, seed) for target, seed in zip(targets, seeds)
                 if type(target) is not np.ndarray and target.requires_grad]
    if not connected or not inputs:
        return [None] * len(inputs)
    outputs = tuple(target for target, _ in connected)
    grad_outputs = tuple(_seed(target, seed) for target, seed in connected)
    create_graph = bool(_state.tapes)
    run_backward = _run_backward if _run_backward is not _UNPROBED else _backward_call()
    if run_backward is None:
        return torch.autograd.grad(outputs, inputs, grad_outputs, retain_graph=True,
                                   create_graph=create_graph, allow_unused=True)
    return run_backward(outputs, grad_outputs, True, create_graph, tuple(inputs), True, accumulate_grad=False)


def _backward_call():
    """torch.autograd.grad's engine call without its argument checks (which _autograd makes
    itself), when this torch has it as tfcompat calls it; else None, for torch.autograd.grad.

    The private call is tried once, on a graph of its own: a newer torch that changed it costs
    nothing afterwards, and an error raised by a user's gradient function is never mistaken for
    such a change (it propagates, and nothing runs twice)."""
    global _run_backward
    _run_backward = None
    try:
        from torch.autograd.graph import _engine_run_backward as run_backward
        source = torch.ones(2, requires_grad=True)
        with torch.enable_grad():  # the first gradient() may come inside torch.no_grad()
            target = source * 3
        (gradient,) = run_backward((target,), (torch.ones(2),), True, False, (source,), True,
                                   accumulate_grad=False)
        if torch.equal(gradient, torch.full((2,), 3.0)) and source.grad is None:
            _run_backward = run_backward
    except Exception:  # noqa: BLE001 - any failure of the private call means: use the public one
        pass
    return _run_backward


def _seed(target, seed):
    """The output gradient for ``target``: ones by default."""
    if seed is None:
        return torch.ones_like(target)
    try:
        return seed.to(target.device, target.dtype).expand_as(target)
    except RuntimeError:
        raise invalid_argument(f"Incompatible shapes: {list(seed.shape)} vs. {list(target.shape)}",
                               "BroadcastTo") from None


def _sparse_gradient(values, gathers, by_input, targets):
    """A tf.IndexedSlices when gathers are the only uses of the source (TF's gather gradient)."""
    if len(values) != 1:
        return None
    (source,) = values
    mine = [gather for gather in gathers if gather[0] is source]
    slices = [(indices, by_input[id(gathered)]) for _, indices, gathered in mine
              if by_input[id(gathered)] is not None]
    if not slices or not _only_gathers_use(source, [gathered for _, _, gathered in mine], targets):
        return None
    row_shape = tuple(source.shape[1:])
    indices = torch.cat([index.reshape(-1) for index, _ in slices])
    rows = torch.cat([grad.reshape((-1,) + row_shape) for _, grad in slices])
    dense_shape = torch.tensor(list(source.shape), dtype=torch.int32, device=indices.device)
    return IndexedSlices(wrap(rows), wrap(indices), wrap(dense_shape))


def _only_gathers_use(source, gathered, targets):
    """Whether every autograd edge into ``source`` that the targets reach starts at a gather."""
    gather_nodes = {value.grad_fn for value in gathered}
    source_node = source.grad_fn or _accumulator(source, gather_nodes)
    if source_node is None:
        return False
    pending = [target.grad_fn for target in targets
               if type(target) is not np.ndarray and target.grad_fn is not None]
    seen = set(pending)
    while pending:
        node = pending.pop()
        for next_node, _ in node.next_functions:
            if next_node is None:
                continue
            if next_node is source_node:
                if node not in gather_nodes:
                    return False
            elif next_node not in seen:
                seen.add(next_node)
                pending.append(next_node)
    return True


def _accumulator(leaf, gather_nodes):
    """The AccumulateGrad node of the leaf ``leaf``, found among the gathers' inputs."""
    for node in gather_nodes:
        for next_node, _ in node.next_functions:
            if getattr(next_node, "variable", None) is leaf:
                return next_node
    return None


def _zeros_like_source(source):
    return wrap(torch.zeros_like(convert(source)))


@export("hessians", status=PARTIAL, note="Graph mode is not implemented yet; under eager it raises as TF does.")
def hessians(ys, xs, name="hessians", colocate_gradients_with_ops=False, gate_gradients=False,
             aggregation_method=None):
    raise RuntimeError("tf.gradients is not supported when eager execution is enabled. "
                       "Use tf.GradientTape instead.")


@export("gradients", status=PARTIAL, note="Graph mode is not implemented yet; under eager it raises as TF does.")
def gradients(ys, xs, grad_ys=None, name="gradients", colocate_gradients_with_ops=False,
              gate_gradients=False, aggregation_method=None, stop_gradients=None,
              unconnected_gradients=UnconnectedGradients.NONE):
    raise RuntimeError("tf.gradients is not supported when eager execution is enabled. "
                       "Use tf.GradientTape instead.")
