"""tf.train.Optimizer: TF 1.15's optimizer base class under eager execution.

A subclass states its update rule once, as ``_update(variables, gradients, slots, hyper)`` over
lists of torch tensors (one dtype, one device) built from ``torch._foreach_*`` ops, returning the
new values; the base class applies it to all dense gradients of one dtype and device at once and
replaces the storages in one call (``write_storages``, see eager/variables.py), and applies it to
the rows an ``IndexedSlices`` gradient names (duplicate indices summed first), as TF's sparse
kernels do.  Slots are variables named as TF 1.x names them (``dense/kernel/Adam:0``).
"""

import numpy as np
import torch

from ..checkpoint.tracking import variable_created
from ..eager.tape import GradientTape
from ..eager.variable_scope import _store
from ..eager.variables import Variable, increment, owner, read_storage, write_storages
from ..framework.errors import UnimplementedError, dtype_mismatch, invalid_argument
from ..framework.indexed_slices import IndexedSlices
from ..framework.tensor import Tensor, convert, dtype_of, wrap
from ..framework.tensor_shape import shape_string
from ..registry import PARTIAL, export

_PYTHON_NUMBERS = (int, float, np.number)


@export("train.Optimizer", status=PARTIAL,
        note="Eager execution only: minimize/compute_gradients need a callable loss (as TF 1.x eager); "
             "gate_gradients, aggregation_method, colocate_gradients_with_ops and use_locking are accepted "
             "and have no effect (updates are atomic per variable).")
class Optimizer:
    """Base class for TF 1.x optimizers (``tf.train.Optimizer``)."""

    GATE_NONE = 0
    GATE_OP = 1
    GATE_GRAPH = 2

    # set by subclasses: TF's kernel name (for errors), the gradient's input index and name in it, and the
    # slots each variable gets, as (slot name, initial value) where the value is a float
    _op_name = "ResourceApply"
    _grad_index = 0
    _grad_label = "grad"  # what the kernel's shape error calls the gradient
    _slot_specs = ()

    def __init__(self, use_locking, name, use_own_namescope_for_non_slot_vars=False):
        if not name:
            raise ValueError("Must specify the optimizer name")
        self._use_locking = use_locking
        self._name = name
        self._use_own_namescope_for_non_slot_vars = use_own_namescope_for_non_slot_vars
        self._slots = {}  # slot name -> {variable id: slot Variable}
        self._non_slots = {}  # name -> Variable (e.g. Adam's beta1_power)
        self._hypers = {}  # name -> _Hyper

    def get_name(self):
        return self._name

    def _set_hyper(self, name, value, calls=True):
        """Declare a hyperparameter; ``calls=False`` where TF converts it without calling it (Ftrl)."""
        self._hypers[name] = _Hyper(value, calls)

    # --- the public API -------------------------------------------------------------------------

    def minimize(self, loss, global_step=None, var_list=None, gate_gradients=GATE_OP, aggregation_method=None,
                 colocate_gradients_with_ops=False, name=None, grad_loss=None):
        grads_and_vars = self.compute_gradients(loss, var_list=var_list, gate_gradients=gate_gradients,
                                                aggregation_method=aggregation_method,
                                                colocate_gradients_with_ops=colocate_gradients_with_ops,
                                                grad_loss=grad_loss)
        if all(gradient is None for gradient, _ in grads_and_vars):
            raise ValueError("No gradients provided for any variable, check your graph for ops that do not support "
                             f"gradients, between variables {[str(v) for _, v in grads_and_vars]} and loss {loss}.")
        return self.apply_gradients(grads_and_vars, global_step=global_step, name=name)

    def compute_gradients(self, loss, var_list=None, gate_gradients=GATE_OP, aggregation_method=None,
                          colocate_gradients_with_ops=False, grad_loss=None):
        """``[(gradient, variable) ...]`` of ``loss()`` for ``var_list`` (default: the trainable
        variables the loss reads)."""
        if not callable(loss):
            raise RuntimeError("`loss` passed to Optimizer.compute_gradients should be a function when eager "
                               "execution is enabled.")
        if gate_gradients not in (Optimizer.GATE_GRAPH, Optimizer.GATE_OP, Optimizer.GATE_NONE):
            raise ValueError(f"gate_gradients must be one of: Optimizer.GATE_NONE, Optimizer.GATE_OP, "
                             f"Optimizer.GATE_GRAPH.  Not {gate_gradients}")
        with GradientTape() as tape:
            if var_list is not None:
                var_list = list(var_list)
                tape.watch(var_list)
            loss_value = loss()
        if var_list is None:
            var_list = list(tape.watched_variables())
        gradients = tape.gradient(loss_value, var_list, grad_loss)
        return list(zip(gradients, var_list))

    def apply_gradients(self, grads_and_vars, global_step=None, name=None):
        """Apply the gradients (None ones skipped) and add 1 to ``global_step``; returns None (eager)."""
        pairs = tuple(grads_and_vars)
        if not pairs:
            raise ValueError("No variables provided.")
        updates = [(gradient, variable) for gradient, variable in pairs if gradient is not None]
        if not updates:
            raise ValueError(f"No gradients provided for any variable: {[str(v) for _, v in pairs]}.")
        self._apply_updates(updates)
        if global_step is not None:
            _increment(global_step)

    def _apply_updates(self, updates):
        """One step of the rule over ``(gradient, variable)`` pairs (no None gradient among them)."""
        updates = [(_gradient(gradient), variable) for gradient, variable in updates]
        for _, variable in updates:
            if not isinstance(variable, Variable):
                raise NotImplementedError(f"Trying to update a Tensor {variable}" if isinstance(variable, Tensor)
                                          else f"Trying to update {variable!r}, which is not a tf.Variable")
        self._create_slots([owner(variable) for _, variable in updates])
        self._prepare()
        groups = {}
        for gradient, variable in updates:
            if type(gradient) is IndexedSlices:
                self._apply_sparse(gradient, owner(variable))
            else:
                storage = read_storage(variable)
                groups.setdefault((storage.dtype, storage.device), []).append(
                    (self._checked_gradient(gradient, storage), owner(variable)))
        for (dtype, _), group in groups.items():
            self._apply_dense_group([variable for _, variable in group], [gradient for gradient, _ in group], dtype)
        self._finish()

    def get_slot(self, var, name):
        """The slot ``name`` made for ``var``, or None."""
        slots = self._slots.get(name)
        if not slots or not isinstance(var, Variable):
            return None
        return slots.get(owner(var)._unique_id)

    def get_slot_names(self):
        return sorted(self._slots)

    def variables(self):
        """The optimizer's variables (non-slot ones and slots), sorted by name as TF sorts them."""
        found = list(self._non_slots.values())
        for slots in self._slots.values():
            found.extend(slots.values())
        return sorted(found, key=lambda variable: variable.name)

    # --- applying a rule ------------------------------------------------------------------------

    def _apply_dense_group(self, variables, gradients, dtype):
        slot_variables = {name: [self._slots[name][variable._unique_id] for variable in variables]
                          for name, _ in self._slot_specs}
        new_values, new_slots = self._update([read_storage(v) for v in variables], gradients,
                                             {name: [read_storage(s) for s in slots]
                                              for name, slots in slot_variables.items()},
                                             self._hyper_values(dtype))
        targets, values = list(variables), list(new_values)
        for name, slots in slot_variables.items():
            targets.extend(slots)
            values.extend(new_slots[name])
        write_storages(targets, values)

    def _apply_sparse(self, gradient, variable):
        """TF's sparse kernels: the rule applied to the rows ``gradient`` names (summed per row)."""
        storage = read_storage(variable)
        values = self._checked_gradient(gradient.values, storage, sparse=True)
        indices = convert(gradient.indices).reshape(-1).to(device=storage.device, dtype=torch.int64)
        if values.shape[0] != indices.shape[0] and values.dim() > 0:
            raise invalid_argument(f"grad must be the same size as indices in the first dimension: "
                                   f"{values.shape[0]} vs. {indices.shape[0]}", f"{self._op_name}Sparse")
        if indices.numel() and (int(indices.min()) < 0 or int(indices.max()) >= storage.shape[0]):
            bad = next(i for i in indices.tolist() if not 0 <= i < storage.shape[0])
            raise invalid_argument(f"Index {bad} at offset {indices.tolist().index(bad)} in indices is out of range",
                                   f"{self._op_name.replace('ResourceApply', 'ResourceSparseApply')}")
        rows, position = torch.unique(indices, return_inverse=True)
        summed = torch.zeros((rows.shape[0],) + tuple(storage.shape[1:]), dtype=storage.dtype, device=storage.device)
        summed.index_add_(0, position, values)
        self._apply_rows(variable, rows, summed)

    def _apply_rows(self, variable, rows, gradient):
        """Update rows ``rows`` (unique) of ``variable`` and its slots with the dense rule."""
        slot_variables = {name: self._slots[name][variable._unique_id] for name, _ in self._slot_specs}
        storage = read_storage(variable)
        new_rows, new_slot_rows = self._update([storage[rows]], [gradient],
                                               {name: [read_storage(s)[rows]] for name, s in slot_variables.items()},
                                               self._hyper_values(storage.dtype))
        targets, values = [variable], [_with_rows(storage, rows, new_rows[0])]
        for name, slot in slot_variables.items():
            targets.append(slot)
            values.append(_with_rows(read_storage(slot), rows, new_slot_rows[name][0]))
        write_storages(targets, values)

    def _checked_gradient(self, gradient, storage, sparse=False):
        """``gradient`` as a torch tensor on ``storage``'s device, with TF's kernel errors."""
        if gradient.dtype != storage.dtype:
            raise dtype_mismatch(self._op_name, self._grad_index, dtype_of(storage), dtype_of(gradient))
        if not sparse and gradient.shape != storage.shape:
            raise invalid_argument(f"var and {self._grad_label} do not have the same shape{_debug_string(storage)} "
                                   f"{_debug_string(gradient)}", self._op_name)
        if sparse and tuple(gradient.shape[1:]) != tuple(storage.shape[1:]):
            raise invalid_argument("var and grad must match in dimension 1", self._op_name)
        if gradient.requires_grad:
            gradient = gradient.detach()
        return gradient if gradient.device == storage.device else gradient.to(storage.device)

    # --- hooks for subclasses ----------------------------------------------------------------------

    def _create_slots(self, variables):
        """Make the slots of ``_slot_specs`` for the variables that have none yet."""
        for slot_name, initial in self._slot_specs:
            slots = self._slots.setdefault(slot_name, {})
            for variable in variables:
                if variable._unique_id not in slots:
                    slots[variable._unique_id] = self._make_slot(variable, slot_name, initial)
                    variable_created(self, (slot_name, variable._unique_id), slots[variable._unique_id])

    def _make_slot(self, variable, slot_name, initial):
        storage = read_storage(variable)
        value = torch.full(tuple(storage.shape), initial, dtype=storage.dtype, device=storage.device)
        return _variable_named(value, _unique_slot_name(f"{variable.name[:-2]}/{self._slot_scope(slot_name)}"))

    def _slot_scope(self, slot_name):
        """The name under the variable's that its slot ``slot_name`` takes (``v/Adam``)."""
        return self._name

    def _make_non_slot(self, name, initial_value, colocate_with):
        """A variable of the optimizer's own (Adam's ``beta1_power``), made once."""
        variable = self._non_slots.get(name)
        if variable is None:
            value = convert(initial_value).to(read_storage(colocate_with).device)
            variable = self._non_slots[name] = _variable_named(value, name)  # eager: names are not uniquified
            variable_created(self, name, variable)  # a checkpoint may be waiting for it
        return variable

    def _prepare(self):
        """Read the hyperparameters for this step (callables are called once per step)."""
        for hyper in self._hypers.values():
            hyper.read()

    def _hyper_values(self, dtype):
        return {name: hyper.value(dtype) for name, hyper in self._hypers.items()}

    def _finish(self):
        """After all updates of a step (Adam's beta powers)."""

    def _update(self, variables, gradients, slots, hyper):
        raise NotImplementedError()


class _Hyper:
    """A hyperparameter: a number, a tensor, a variable or a callable returning one, read at each
    step and cast to a variable's dtype as TF casts it (a Python float becomes a float32 tensor
    first, so a float64 variable sees float32's rounding of 0.1).  Values are Python numbers,
    read on the CPU: a constant costs nothing per step."""

    __slots__ = ("_source", "_calls", "_tensor", "_values")

    def __init__(self, source, calls):
        self._source = source
        self._calls = calls
        self._tensor = None
        self._values = {}

    def read(self):
        if self._tensor is None or not isinstance(self._source, _PYTHON_NUMBERS):
            source = self._source() if self._calls and callable(self._source) else self._source
            self._tensor = _as_torch(source)
            self._values = {}

    def value(self, dtype):
        value = self._values.get(dtype)
        if value is None:
            value = self._values[dtype] = self._tensor.to(dtype).item()
        return value


def _as_torch(value):
    tensor = convert(value)
    if type(tensor) is np.ndarray:
        raise UnimplementedError(None, None, "Cast string to float is not supported")
    tensor = tensor.detach()
    if tensor.dim() != 0:
        raise ValueError(f"A hyperparameter must be a scalar, got shape {shape_string(tuple(tensor.shape))}")
    return tensor.cpu()


def _gradient(gradient):
    """A gradient as a torch tensor, or IndexedSlices with torch values and indices."""
    if type(gradient) is IndexedSlices:
        return IndexedSlices(convert(gradient.values), gradient.indices, gradient.dense_shape)
    if type(gradient) is Tensor:
        return gradient._t
    try:
        backing = convert(gradient)
    except (TypeError, ValueError):
        raise TypeError(f"Gradient must be convertible to a Tensor or IndexedSlices, or None: {gradient}") from None
    if type(backing) is np.ndarray:
        raise TypeError(f"Gradient must be a Tensor, IndexedSlices, or None: {gradient}")
    return backing


def _increment(global_step):
    """``global_step += 1``, atomically; for a variable, one add on its storage (``assign_add(1)`` would
    convert the Python 1 at every step)."""
    if not isinstance(global_step, Variable):
        global_step.assign_add(1)
        return
    increment(global_step)


def _debug_string(tensor):
    """A shape as TF's TensorShape::DebugString writes it: ``[2,3]``."""
    return f"[{','.join(map(str, tensor.shape))}]"


def _with_rows(storage, rows, new_rows):
    updated = storage.clone()
    updated[rows] = new_rows
    return updated


def _variable_named(value, name):
    """A non-trainable variable holding torch ``value``, named ``name:0`` whatever the name scope."""
    variable = Variable(wrap(value), trainable=False)
    variable._name = f"{name}:0"
    return variable


def _unique_slot_name(name):
    """``name``, or ``name_N`` when taken, as TF's variable scopes uniquify (``x/Adam``, ``x/Adam_1``)."""
    counts = _store().counts
    unique, index = name, 0
    while counts[unique] > 0:
        index += 1
        unique = f"{name}_{index}"
    counts[unique] += 1
    return unique
