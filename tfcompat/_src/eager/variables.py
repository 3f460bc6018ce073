"""tf.Variable with TF 1.x eager resource-variable semantics, and the TF 1.x variable functions.

A variable holds one torch tensor that never requires grad.  Updates replace
it (reads are snapshots, as in TF, so a saved autograd graph never sees a
variable change under it).  While GradientTapes record, a read returns a
source for each tape that watches the variable (``_read_for_tapes``; see
tape.py), so the tapes can differentiate with respect to it.
"""

import itertools
import warnings

import numpy as np
import torch

from ..framework import context
from ..framework.errors import OutOfRangeError, UnimplementedError, invalid_argument
from ..framework.tensor import Tensor, _numpy_text, convert, dense_readers, dtype_of, wrap
from ..framework.tensor_shape import TensorShape, shape_string, shape_text
from ..registry import PARTIAL, export

_state = context.state
_variable_ids = itertools.count(1)


@export("VariableSynchronization")
class VariableSynchronization:
    AUTO = 0
    NONE = 1
    ON_WRITE = 2
    ON_READ = 3


@export("VariableAggregation")
class VariableAggregation:
    NONE = 0
    SUM = 1
    MEAN = 2
    ONLY_FIRST_REPLICA = 3
    ONLY_FIRST_TOWER = 3


@export("Variable", "contrib.eager.Variable", status=PARTIAL,
        note="Eager resource variables; caching_device, collections and variable_def are accepted and ignored.")
class Variable:
    """A mutable tensor: ``tf.Variable(initial_value)``."""

    __slots__ = ("_t", "_shape", "_name", "_trainable", "_unique_id", "_tape_read", "_constraint",
                 "__weakref__", "__dict__")
    __array_priority__ = 100

    def __init__(self, initial_value=None, trainable=True, collections=None, validate_shape=True,
                 caching_device=None, name=None, variable_def=None, dtype=None, expected_shape=None,
                 import_scope=None, constraint=None, use_resource=None,
                 synchronization=VariableSynchronization.AUTO, aggregation=VariableAggregation.NONE,
                 shape=None):
        if initial_value is None:
            raise ValueError("initial_value must be specified.")
        if constraint is not None and not callable(constraint):
            raise ValueError("The `constraint` argument must be a callable.")
        if callable(initial_value):
            initial_value = initial_value()
        if isinstance(initial_value, Variable):
            initial_value = initial_value.read_value()
        value = convert(initial_value, dtype)
        self._shape = _declared_shape(shape, validate_shape, value)
        self._t = value if type(value) is np.ndarray else value.detach()  # tf.string values are ndarrays
        self._name = f"{_state.name_scope}{'Variable' if name is None else name}:0"
        if synchronization == VariableSynchronization.ON_READ:
            trainable = False
        self._trainable = True if trainable is None else bool(trainable)
        self._unique_id = next(_variable_ids)
        self._tape_read = None
        self._constraint = constraint

    @property
    def _owner(self):
        """The variable that owns the storage (itself; an UnreadVariable's parent)."""
        return self

    # --- reading -----------------------------------------------------------------------------

    def value(self):
        return wrap(_read(self))

    def read_value(self):
        return wrap(_read(self))

    def initialized_value(self):
        return self.read_value()

    def numpy(self):
        return wrap(self._owner._t).numpy()

    def __array__(self, dtype=None, copy=None):
        return wrap(self._owner._t).__array__(dtype)

    def sparse_read(self, indices, name=None):
        from ..ops.array_ops import gather
        return gather(self, indices)

    def gather_nd(self, indices, name=None):
        from ..ops.array_ops import gather_nd
        return gather_nd(self.value(), indices)

    # --- metadata ----------------------------------------------------------------------------

    @property
    def name(self):
        return self._name

    @property
    def dtype(self):
        return dtype_of(self._owner._t)

    @property
    def shape(self):
        owner = self._owner
        return TensorShape._from_sizes(owner._t.shape) if owner._shape is None else owner._shape

    def get_shape(self):
        return self.shape

    def set_shape(self, shape):
        if not self.shape.is_compatible_with(shape):
            raise ValueError(f"Shapes {self.shape} and {TensorShape(shape)} are incompatible")

    @property
    def device(self):
        return self.value().device

    @property
    def trainable(self):
        return self._owner._trainable

    @property
    def initial_value(self):
        raise RuntimeError("initial_value not supported in EAGER mode.")

    @property
    def initializer(self):
        return None  # eager variables are initialized when created

    @property
    def constraint(self):
        return self._owner._constraint

    @property
    def synchronization(self):
        return VariableSynchronization.AUTO

    @property
    def aggregation(self):
        return VariableAggregation.NONE

    @property
    def op(self):
        raise AttributeError("Tensor.op is meaningless when eager execution is enabled.")

    @property
    def graph(self):
        raise AttributeError("Tensor.graph is meaningless when eager execution is enabled.")

    def eval(self, session=None):
        raise RuntimeError("Trying to eval in EAGER mode")

    def to_proto(self, export_scope=None):
        raise RuntimeError("to_proto not supported in EAGER mode.")

    def __repr__(self):
        value = wrap(self._owner._t)
        return (f"<tf.Variable '{self.name}' shape={shape_string(tuple(value._t.shape))} "
                f"dtype={value.dtype.name}, numpy={_numpy_text(value, True)}>")

    # --- updates -----------------------------------------------------------------------------

    def _converted(self, value, op_name):
        """``value`` as a torch tensor of this variable's dtype and device (no autograd history)."""
        owner = self._owner
        new = convert(value, dtype_of(owner._t))
        if type(new) is np.ndarray:
            return new.copy()
        return new.detach().to(owner._t.device)

    def _replace(self, new):
        owner = self._owner
        owner._t = new
        owner._tape_read = None

    def _updated(self, read_value):
        return UnreadVariable(self._owner) if read_value else None

    def assign(self, value, use_locking=None, name=None, read_value=True):
        new = self._converted(value, "AssignVariableOp")
        if not self.shape.is_compatible_with(tuple(new.shape)):
            raise ValueError(f"Shapes {self.shape} and {TensorShape(tuple(new.shape))} are incompatible")
        self._replace(new)
        return self._updated(read_value)

    def assign_add(self, delta, use_locking=None, name=None, read_value=True):
        self._replace(self._owner._t + self._update_operand(delta, "AssignAddVariableOp"))
        return self._updated(read_value)

    def assign_sub(self, delta, use_locking=None, name=None, read_value=True):
        self._replace(self._owner._t - self._update_operand(delta, "AssignSubVariableOp"))
        return self._updated(read_value)

    def _update_operand(self, delta, op_name):
        current = self._owner._t
        if type(delta) is Tensor:  # the training-loop case, checked without conversion
            operand = delta._t
            if (type(operand) is torch.Tensor and operand.dtype is current.dtype and operand.shape == current.shape
                    and not operand.requires_grad and operand.device == current.device):
                return operand
        operand = self._converted(delta, op_name)
        if operand.shape != current.shape:
            raise invalid_argument(
                f"Cannot update variable with shape {list(self._owner._t.shape)} using a Tensor with shape "
                f"{list(operand.shape)}, shapes must be equal.", op_name)
        return operand

    def load(self, value, session=None):
        self.assign(value)

    def count_up_to(self, limit):
        current = self._owner._t
        if int(current) >= limit:
            raise OutOfRangeError(None, None, f"Reached limit of {limit}")
        self._replace(current + 1)
        return wrap(current)

    def _scatter(self, sparse_delta, op_name, combine):
        from ..framework.indexed_slices import IndexedSlices
        if not isinstance(sparse_delta, IndexedSlices):
            raise TypeError(f"sparse_delta is not IndexedSlices: {sparse_delta}")
        indices = convert(sparse_delta.indices)
        updates = self._converted(sparse_delta.values, op_name)
        current = self._owner._t
        _check_scatter_shapes(indices.shape, updates.shape, current.shape, op_name)
        indices = indices.reshape(-1).to(torch.int64)
        rows = tuple(current.shape[1:])
        if indices.numel() and (int(indices.min()) < 0 or int(indices.max()) >= current.shape[0]):
            bad = next(int(i) for i in indices.tolist() if not 0 <= i < current.shape[0])
            raise invalid_argument(f"indices[{indices.tolist().index(bad)}] = {bad} is not in "
                                   f"[0, {current.shape[0]})", op_name)
        self._replace(combine(current.clone(), indices, updates.expand(tuple(indices.shape) + rows)))
        return UnreadVariable(self._owner)

    def scatter_update(self, sparse_delta, use_locking=False, name=None):
        return self._scatter(sparse_delta, "ResourceScatterUpdate", _scatter_update)

    def scatter_add(self, sparse_delta, use_locking=False, name=None):
        return self._scatter(sparse_delta, "ResourceScatterAdd", lambda t, i, u: t.index_add_(0, i, u))

    def scatter_sub(self, sparse_delta, use_locking=False, name=None):
        return self._scatter(sparse_delta, "ResourceScatterSub", lambda t, i, u: t.index_add_(0, i, -u))

    def scatter_mul(self, sparse_delta, use_locking=False, name=None):
        return self._scatter(sparse_delta, "ResourceScatterMul", _index_reduce("prod"))

    def scatter_div(self, sparse_delta, use_locking=False, name=None):
        return self._scatter(sparse_delta, "ResourceScatterDiv", _scatter_div)

    def scatter_min(self, sparse_delta, use_locking=False, name=None):
        return self._scatter(sparse_delta, "ResourceScatterMin", _index_reduce("amin"))

    def scatter_max(self, sparse_delta, use_locking=False, name=None):
        return self._scatter(sparse_delta, "ResourceScatterMax", _index_reduce("amax"))

    def _scatter_nd(self, indices, updates, op_name, accumulate, sign=1):
        from ..ops.array_ops import _tensor_scatter
        owner = self._owner
        values = wrap(self._converted(updates, op_name))
        self._replace(_tensor_scatter(wrap(owner._t), indices, values, op_name, accumulate, sign)._t)
        return UnreadVariable(owner)

    def scatter_nd_update(self, indices, updates, name=None):
        return self._scatter_nd(indices, updates, "ResourceScatterNdUpdate", accumulate=False)

    def scatter_nd_add(self, indices, updates, name=None):
        return self._scatter_nd(indices, updates, "ResourceScatterNdAdd", accumulate=True)

    def scatter_nd_sub(self, indices, updates, name=None):
        return self._scatter_nd(indices, updates, "ResourceScatterNdSub", accumulate=True, sign=-1)

    # --- slicing: v[...] reads, v[...].assign(x) writes -------------------------------------

    def __getitem__(self, key):
        sliced = self.value()[key]
        sliced.assign = lambda value, use_locking=None, name=None, read_value=True: \
            self._assign_slice(key, value, read_value)
        return sliced

    def _assign_slice(self, key, value, read_value):
        current = self._owner._t
        positions = wrap(torch.arange(current.numel(), device=current.device).reshape(current.shape))[key]._t
        new_values = self._converted(value, "ResourceStridedSliceAssign")
        if tuple(new_values.shape) != tuple(positions.shape):
            raise UnimplementedError(
                None, None, f"sliced l-value shape {shape_text(positions.shape)} does not match r-value "
                f"shape {shape_text(new_values.shape)}. Automatic broadcasting not yet implemented. "
                f"[Op:ResourceStridedSliceAssign]")
        updated = current.clone()
        updated.view(-1)[positions.reshape(-1)] = new_values.reshape(-1)
        self._replace(updated)
        return self._updated(read_value)

    # --- Python protocols through the value ---------------------------------------------------

    __eq__ = object.__eq__
    __ne__ = object.__ne__
    __hash__ = object.__hash__

    def __bool__(self):
        return bool(self.value())

    def __int__(self):
        return int(self.value())

    def __float__(self):
        return float(self.value())

    def __iter__(self):
        raise TypeError("'Variable' object is not iterable.")

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        owner = self._owner
        copy = Variable(wrap(owner._t.clone()), trainable=owner._trainable, constraint=owner._constraint)
        copy._name, copy._shape = owner._name, owner._shape
        memo[id(self)] = copy
        return copy


def new_source(value):
    """A torch value that tapes can differentiate back to, distinct from ``value`` (see tape.py)."""
    if value.requires_grad:
        return value.view_as(value)
    if value.is_floating_point() or value.is_complex():
        return value.detach().requires_grad_()
    return value  # integer and bool values have no gradient


def _read_for_tapes(variable):
    """``variable``'s value for the recording tapes: a new source for each tape that watches it
    (see tape.py), cached until the tapes or the value change."""
    value = stored = variable._t
    epoch = _state.tape_epoch
    cached = variable._tape_read
    if cached is not None and cached[0] is epoch and cached[1] is stored:
        return cached[2]
    if type(stored) is np.ndarray:
        return stored
    for tape in _state.tapes:
        sources = tape._variable_sources
        if variable in sources or (tape._watch_accessed_variables and variable._trainable):
            value = new_source(value)
            sources.setdefault(variable, []).append(value)
    variable._tape_read = (epoch, stored, value)
    return value


def _check_scatter_shapes(indices, updates, params, op_name):
    """TF's ResourceScatter* shape rules: updates is a scalar or indices.shape + params.shape[1:]."""
    if not updates:
        return
    if len(updates) != len(indices) + len(params) - 1 or tuple(updates[len(indices):]) != tuple(params[1:]):
        raise invalid_argument(f"Must have updates.shape = indices.shape + params.shape[1:] or updates.shape = [], "
                               f"got updates.shape {shape_text(updates)}, indices.shape {shape_text(indices)}, "
                               f"params.shape {shape_text(params)}", op_name)
    if tuple(updates[:len(indices)]) != tuple(indices):
        raise invalid_argument(f"The shape of indices ({shape_text(indices)}) must be a prefix of the shape of "
                               f"updates ({shape_text(updates)})", op_name)


def _index_reduce(reduction):
    def combine(tensor, indices, updates):
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", "index_reduce", UserWarning)  # torch calls the API beta
            return tensor.index_reduce_(0, indices, updates, reduction)
    return combine


def _scatter_update(tensor, indices, updates):
    tensor[indices] = updates
    return tensor


def _scatter_div(tensor, indices, updates):
    if tensor.is_floating_point() or tensor.is_complex():
        return _index_reduce("prod")(tensor, indices, 1 / updates)
    for index, update in zip(indices.tolist(), updates):
        tensor[index] = torch.div(tensor[index], update, rounding_mode="trunc")
    return tensor


def _operator(name):
    """``Variable.<name>``: the Tensor operator on the variable's value (looked up when called,
    since linalg_ops installs Tensor.__matmul__ after this module loads)."""

    def method(self, *args):
        return getattr(Tensor, name)(self.value(), *args)

    method.__name__ = name
    return method


for _name in ("__add__", "__radd__", "__sub__", "__rsub__", "__mul__", "__rmul__", "__truediv__",
              "__rtruediv__", "__floordiv__", "__rfloordiv__", "__mod__", "__rmod__", "__pow__", "__rpow__",
              "__matmul__", "__rmatmul__", "__and__", "__rand__", "__or__", "__ror__", "__xor__", "__rxor__",
              "__lt__", "__le__", "__gt__", "__ge__", "__neg__", "__abs__", "__invert__"):
    setattr(Variable, _name, _operator(_name))
Variable.__div__, Variable.__rdiv__ = Variable.__truediv__, Variable.__rtruediv__


def _declared_shape(shape, validate_shape, value):
    """The shape a variable promises (None: always its value's shape)."""
    if shape is None:
        return None if validate_shape else TensorShape(None)
    declared = TensorShape(shape)
    if not declared.is_compatible_with(tuple(value.shape)):
        raise ValueError(f"The initial value's shape ({TensorShape(tuple(value.shape))}) is not compatible with "
                         f"the explicitly supplied `shape` argument ({declared}).")
    return declared


class UnreadVariable(Variable):
    """What ``assign`` and friends return: the same variable, named 'UnreadVariable', read on use."""

    __slots__ = ("_parent",)

    def __init__(self, parent):
        self._parent = parent

    @property
    def _owner(self):
        return self._parent

    @property
    def name(self):
        return "UnreadVariable"

    @property
    def _unique_id(self):
        return self._parent._unique_id


def _read(variable, dtype=None):
    """The torch value of ``variable``: a source for the recording tapes that watch it, on the
    tf.device scope's device."""
    owner = variable._owner
    value = _read_for_tapes(owner) if _state.tapes else owner._t
    if _state.scope is not None and type(value) is not np.ndarray and value.device != _state.scope:
        value = value.to(_state.scope)  # read under tf.device(): a copy on that device, as for tensors
    if dtype is not None and dtype_of(value) != dtype:
        raise ValueError(f"Incompatible type conversion requested to type '{dtype.name}' for variable "
                         f"of type '{dtype_of(value).name}'")
    return value


dense_readers[Variable] = dense_readers[UnreadVariable] = _read


# --- the tf.* variable functions -------------------------------------------------------------------

@export("assign")
def assign(ref, value, validate_shape=None, use_locking=None, name=None):
    return _variable(ref, "assign").assign(value)


@export("assign_add")
def assign_add(ref, value, use_locking=None, name=None):
    return _variable(ref, "assign_add").assign_add(value)


@export("assign_sub")
def assign_sub(ref, value, use_locking=None, name=None):
    return _variable(ref, "assign_sub").assign_sub(value)


def _variable(ref, op_name):
    if not isinstance(ref, Variable):  # TF calls ref.<op_name>(...), an AttributeError for tensors
        raise AttributeError(f"tf.{op_name} needs a tf.Variable as `ref`: '{type(ref).__name__}' object "
                             f"has no attribute '{op_name}'")
    return ref


def _scatter_function(method_name):
    def scatter(ref, indices, updates, use_locking=None, name=None):
        from ..framework.indexed_slices import IndexedSlices
        return getattr(_variable(ref, method_name), method_name)(IndexedSlices(updates, indices))

    scatter.__name__ = method_name
    scatter.__doc__ = f"tf.{method_name}: ``ref[indices] <- updates`` row by row ({method_name[8:]})."
    return scatter


for _name in ("scatter_update", "scatter_add", "scatter_sub", "scatter_mul", "scatter_div",
              "scatter_min", "scatter_max"):
    export(_name)(_scatter_function(_name))


def _scatter_nd_function(method_name):
    def scatter_nd(ref, indices, updates, use_locking=True, name=None):
        return getattr(_variable(ref, method_name), method_name)(indices, updates)

    scatter_nd.__name__ = method_name
    scatter_nd.__doc__ = f"tf.{method_name}: ``ref`` at the index vectors ``indices`` <- ``updates`` ({method_name[11:]})."
    return scatter_nd


for _name in ("scatter_nd_update", "scatter_nd_add", "scatter_nd_sub"):
    export(_name)(_scatter_nd_function(_name))


@export("trainable_variables", "global_variables", "local_variables", "model_variables", "all_variables",
        "moving_average_variables")
def variables_in_collection(scope=None):
    """Eager variables are not kept in graph collections: always empty, as in TF 1.x eager."""
    return []


@export("global_variables_initializer", "local_variables_initializer", "initializers.global_variables",
        "initializers.local_variables")
def initialize_all():
    """Eager variables are initialized when created: nothing to run."""
    return None


@export("variables_initializer", "initializers.variables")
def variables_initializer(var_list, name="init"):
    return None


@export("is_variable_initialized")
def is_variable_initialized(variable):
    return wrap(torch.tensor(True))
