"""tf.Variable with TF 1.x eager resource-variable semantics, and the TF 1.x variable functions.

A variable holds one torch tensor, its storage, that never requires grad.
Updates replace it (reads are snapshots, as in TF, so a saved autograd graph
never sees a variable change under it); read-modify-write updates (assign_add,
assign_sub, the scatters, count_up_to, slice assignment) hold the variable's
lock, so they are atomic as TF's resource variable updates are.  While
GradientTapes record, a read returns a source for each tape that watches the
variable (``recording.read_variable``), so the tapes can differentiate with
respect to it.

Optimizers, layers and checkpoints use the storage functions (``read_storage``,
``write_storage``, ``add_to_storages``), which keep these rules.  A variable shared
with torch (``share_storage``, for the torch interop) is the exception: it holds a
torch tensor's memory and is written in place.
"""

import contextlib
import enum
import itertools
import threading
import warnings

import numpy as np
import torch

from ..framework import context
from ..framework.errors import OutOfRangeError, UnimplementedError, invalid_argument
from ..framework.indexed_slices import IndexedSlices
from ..framework.tensor import Tensor, _numpy_text, convert, dense_readers, dtype_of, wrap
from ..framework.tensor_shape import TensorShape, shape_string, shape_text
from ..ops.indexing_ops import _tensor_scatter, gather, gather_nd
from ..registry import PARTIAL, export
from . import recording

_state = context.state
_variable_ids = itertools.count(1)


@export("VariableSynchronization")
class VariableSynchronization(enum.Enum):
    """When a distributed variable syncs; eager variables have one copy, so it is only recorded."""
    AUTO = 0
    NONE = 1
    ON_WRITE = 2
    ON_READ = 3


@export("VariableAggregation")
class VariableAggregation(enum.Enum):
    """How a distributed variable's updates combine; eager variables have one copy, so it is only recorded."""
    NONE = 0
    SUM = 1
    MEAN = 2
    ONLY_FIRST_REPLICA = 3
    ONLY_FIRST_TOWER = 3  # noqa: PIE796 - TF's deprecated alias of ONLY_FIRST_REPLICA

    def __hash__(self):  # TF's: members hash as their values
        return hash(self.value)


def _distribution_settings(synchronization, aggregation, trainable, name):
    """TF's defaults and checks for (synchronization, aggregation, trainable): ints name the enum
    members, None means AUTO / NONE, and trainable=None means True unless synchronized ON_READ."""
    if aggregation is None:
        aggregation = VariableAggregation.NONE
    elif not isinstance(aggregation, VariableAggregation):
        try:
            aggregation = VariableAggregation(aggregation)
        except ValueError:
            raise ValueError(f"Invalid variable aggregation mode: {aggregation} for variable: {name}") from None
    if synchronization is None:
        synchronization = VariableSynchronization.AUTO
    else:
        try:
            synchronization = VariableSynchronization(synchronization)
        except ValueError:
            raise ValueError(f"Invalid variable synchronization mode: {synchronization} "
                             f"for variable: {name}") from None
    if trainable is None:
        trainable = synchronization is not VariableSynchronization.ON_READ
    return synchronization, aggregation, bool(trainable)


@export("Variable", "contrib.eager.Variable", status=PARTIAL,
        note="Eager resource variables; caching_device, collections and variable_def are accepted and ignored.")
class Variable:
    """A mutable tensor: ``tf.Variable(initial_value)``."""

    __slots__ = ("_t", "_shape", "_name", "_trainable", "_synchronization", "_aggregation", "_unique_id",
                 "_tape_read", "_constraint", "_lock", "_shared", "__weakref__", "__dict__")
    __array_priority__ = 100

    def __init__(self, initial_value=None, trainable=None, collections=None, validate_shape=True,
                 caching_device=None, name=None, variable_def=None, dtype=None, expected_shape=None,
                 import_scope=None, constraint=None, use_resource=None,
                 synchronization=VariableSynchronization.AUTO, aggregation=VariableAggregation.NONE,
                 shape=None):
        if initial_value is None:
            raise ValueError("initial_value must be specified.")
        self._synchronization, self._aggregation, self._trainable = _distribution_settings(
            synchronization, aggregation, trainable, name)
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
        self._unique_id = next(_variable_ids)
        self._tape_read = None  # (tape epoch, storage, value read for the tapes): see _read_for_tapes
        self._constraint = constraint
        self._lock = threading.Lock()  # held by read-modify-write updates
        self._shared = None  # the torch tensor whose memory the variable shares: see share_storage

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
        return gather(self, indices)

    def gather_nd(self, indices, name=None):
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
        return self._owner._synchronization

    @property
    def aggregation(self):
        return self._owner._aggregation

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
        _store(self._owner, new)

    def _updated(self, read_value):
        return UnreadVariable(self._owner) if read_value else None

    def assign(self, value, use_locking=None, name=None, read_value=True):
        new = self._converted(value, "AssignVariableOp")
        if not self.shape.is_compatible_with(tuple(new.shape)):
            raise ValueError(f"Shapes {self.shape} and {TensorShape(tuple(new.shape))} are incompatible")
        with self._owner._lock:
            self._replace(new)
        return self._updated(read_value)

    def assign_add(self, delta, use_locking=None, name=None, read_value=True):
        operand = self._update_operand(delta, "AssignAddVariableOp")
        owner = self._owner
        with owner._lock:
            _store(owner, owner._t + operand)
        return UnreadVariable(owner) if read_value else None

    def assign_sub(self, delta, use_locking=None, name=None, read_value=True):
        operand = self._update_operand(delta, "AssignSubVariableOp")
        owner = self._owner
        with owner._lock:
            _store(owner, owner._t - operand)
        return UnreadVariable(owner) if read_value else None

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
        owner = self._owner
        with owner._lock:
            current = owner._t
            if int(current) >= limit:
                raise OutOfRangeError(None, None, f"Reached limit of {limit}")
            self._replace(current + 1)
        return wrap(current)

    def _scatter(self, sparse_delta, op_name, combine):
        if not isinstance(sparse_delta, IndexedSlices):
            raise TypeError(f"sparse_delta is not IndexedSlices: {sparse_delta}")
        indices = convert(sparse_delta.indices)
        updates = self._converted(sparse_delta.values, op_name)
        owner = self._owner
        with owner._lock:
            current = owner._t
            _check_scatter_shapes(indices.shape, updates.shape, current.shape, op_name)
            indices = indices.reshape(-1).to(torch.int64)
            rows = tuple(current.shape[1:])
            if indices.numel() and (int(indices.min()) < 0 or int(indices.max()) >= current.shape[0]):
                bad = next(int(i) for i in indices.tolist() if not 0 <= i < current.shape[0])
                raise invalid_argument(f"indices[{indices.tolist().index(bad)}] = {bad} is not in "
                                       f"[0, {current.shape[0]})", op_name)
            self._replace(combine(current.clone(), indices, updates.expand(tuple(indices.shape) + rows)))
        return UnreadVariable(owner)

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
        owner = self._owner
        values = wrap(self._converted(updates, op_name))
        with owner._lock:
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
        new_values = self._converted(value, "ResourceStridedSliceAssign")
        owner = self._owner
        with owner._lock:
            current = owner._t
            positions = wrap(torch.arange(current.numel(), device=current.device).reshape(current.shape))[key]._t
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
        copy = memo[id(self)] = _rebuilt(owner._t.clone(), *_settings(owner))
        return copy

    def __reduce__(self):
        """Pickling, as TF's variables allow: a new variable with this one's value and settings (the
        lock and the tapes' cache stay behind)."""
        owner = self._owner
        return _rebuilt, (owner._t, *_settings(owner)), self.__dict__ or None


def _settings(variable):
    return (variable._name, variable._shape, variable._trainable, variable._constraint,
            variable._synchronization, variable._aggregation)


def _rebuilt(value, name, shape, trainable, constraint, synchronization=VariableSynchronization.AUTO,
             aggregation=VariableAggregation.NONE):
    """A new variable holding ``value`` with the given settings (copies and unpickling)."""
    variable = Variable(wrap(value), trainable=trainable, constraint=constraint,
                        synchronization=synchronization, aggregation=aggregation)
    variable._name, variable._shape = name, shape
    return variable


def _read_for_tapes(variable):
    """``variable``'s value for the recording tapes (``recording.read_variable``), reused while
    neither the tape epoch nor the storage changes."""
    stored = variable._t
    epoch = _state.tape_epoch
    cached = variable._tape_read
    if cached is not None and cached[0] is epoch and cached[1] is stored:
        return cached[2]
    value = recording.read_variable(variable, stored, variable._trainable)
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


def _operator(tensor_method):
    """``Variable.<name>``: the Tensor operator applied to the variable's value."""

    def method(self, *args):
        return tensor_method(wrap(_read(self)), *args)

    method.__name__ = tensor_method.__name__
    return method


for _name in ("__add__", "__radd__", "__sub__", "__rsub__", "__mul__", "__rmul__", "__truediv__",
              "__rtruediv__", "__floordiv__", "__rfloordiv__", "__mod__", "__rmod__", "__pow__", "__rpow__",
              "__matmul__", "__rmatmul__", "__and__", "__rand__", "__or__", "__ror__", "__xor__", "__rxor__",
              "__lt__", "__le__", "__gt__", "__ge__", "__neg__", "__abs__", "__invert__"):
    setattr(Variable, _name, _operator(getattr(Tensor, _name)))
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


# --- storage: how optimizers, layers and checkpoints read and write variables ----------------------

def owner(variable):
    """The Variable whose storage ``variable`` names: itself, or an UnreadVariable's parent."""
    return variable._owner


def read_storage(variable):
    """The torch tensor ``variable`` holds now; no tape records this read.  Never modify it in
    place: values read earlier may share it (TF reads are snapshots).  Write with
    ``write_storage`` or ``add_to_storages``."""
    return variable._owner._t


def write_storage(variable, value):
    """Make the torch tensor ``value`` the storage of ``variable`` (moved to its device; the
    variable keeps ``value``, so do not modify it afterwards).  ``value`` must have the variable's
    dtype and a shape its declared shape admits.  Values read earlier keep the old value; tapes
    see the new one from the next read."""
    holder = variable._owner
    current = holder._t
    if type(value) is not torch.Tensor or type(current) is not torch.Tensor or value.dtype is not current.dtype:
        raise ValueError(f"Cannot store a {_described(value)} in variable {holder._name} of dtype "
                         f"{dtype_of(current).name}")
    if not variable.shape.is_compatible_with(tuple(value.shape)):
        raise ValueError(f"Cannot store a value of shape {shape_string(tuple(value.shape))} in variable "
                         f"{holder._name} of shape {variable.shape}")
    value = value.detach().to(current.device)
    with holder._lock:
        holder._replace(value)


def add_to_storages(variables, deltas, alpha=1):
    """``v <- v + alpha * delta`` for each variable ``v`` and torch tensor ``delta`` (same dtype,
    shape and device), each update atomic.  One ``torch._foreach_add`` computes the new storages,
    which replace the old ones: an optimizer's step for many variables at the price of a few ops
    (benchmarks/variable_updates.py compares the ways of updating)."""
    holders, deltas = _matched_storages("add_to_storages", "delta", variables, deltas)
    _locked_update(holders, lambda: torch._foreach_add([holder._t for holder in holders], deltas, alpha=alpha),
                   "add_to_storages")


def increment(variable):
    """``variable += 1`` under its lock: a counter's step (the global step), one add on its storage."""
    holder = variable._owner
    with holder._lock:
        _store(holder, holder._t + 1)


def write_storages(variables, values):
    """``v <- value`` for each variable ``v`` and torch tensor ``value`` (same dtype, shape and
    device as ``v``'s storage, which it replaces; do not modify it afterwards): the bulk form of
    ``write_storage`` for an optimizer that computed new values with ``torch._foreach_*`` ops."""
    holders, values = _matched_storages("write_storages", "value", variables, values)
    _locked_update(holders, lambda: values, "write_storages")


def _matched_storages(function, noun, variables, tensors):
    """The owners of ``variables`` and ``tensors`` (detached), checked to match them one to one."""
    holders = [variable._owner for variable in variables]
    tensors = list(tensors)
    if len(holders) != len(tensors):
        raise ValueError(f"{function}: {len(holders)} variables but {len(tensors)} {noun}s")
    if len({id(holder) for holder in holders}) != len(holders):
        raise ValueError(f"{function}: a variable appears more than once")
    for index, (holder, tensor) in enumerate(zip(holders, tensors)):
        current = holder._t
        if (type(tensor) is not torch.Tensor or type(current) is not torch.Tensor or tensor.dtype is not current.dtype
                or tensor.shape != current.shape or tensor.device != current.device):
            raise ValueError(f"{function}: {noun} {index} ({_described(tensor)}) does not match variable "
                             f"{holder._name} ({_described(current)})")
        if tensor.requires_grad:
            tensors[index] = tensor.detach()
    return holders, tensors


def _locked_update(holders, new_storages, function):
    """Replace the storages of ``holders`` with ``new_storages()``, computed under their locks."""
    locked = sorted(holders, key=lambda holder: holder._unique_id)  # one order for all: no deadlock
    for holder in locked:
        holder._lock.acquire()
    try:
        for holder, value in zip(holders, new_storages()):
            _store(holder, value)
    except RuntimeError as error:
        raise ValueError(f"{function}: {error}") from None
    finally:
        for holder in locked:
            holder._lock.release()


def _store(holder, value):
    """The one way a variable's value changes: its storage becomes ``value`` or, while it shares a
    torch tensor's memory, ``value`` is copied into that memory."""
    shared = holder._shared
    if shared is None:
        holder._t = value
    elif value.shape != shared.shape:  # copy_ would broadcast it
        raise ValueError(f"Cannot store a value of shape {shape_string(tuple(value.shape))} in variable "
                         f"{holder._name}, which shares the memory of a torch tensor of shape "
                         f"{shape_string(tuple(shared.shape))}")
    else:
        with torch.no_grad():
            shared.copy_(value)
    holder._tape_read = None  # let the old storage go


def share_storage(variable, tensor):
    """Make ``variable`` hold ``tensor``'s memory from now on (torch interop, no copy): TF reads
    see ``tensor``'s current values and TF writes go into it in place, so torch code that updates
    ``tensor`` in place (a torch optimizer's step) and TF code that updates the variable see each
    other's writes.  Reads are then views of live memory, as torch parameters are, not TF's
    snapshots.  ``tensor`` (an ``nn.Parameter`` or buffer) must have the variable's shape."""
    holder = variable._owner
    if type(holder._t) is np.ndarray or not isinstance(tensor, torch.Tensor) or tensor.is_sparse:
        raise TypeError(f"Variable {holder._name} cannot share the memory of a {_described(tensor)}")
    if not variable.shape.is_compatible_with(tuple(tensor.shape)):
        raise ValueError(f"Variable {holder._name} of shape {variable.shape} cannot share the memory of a "
                         f"tensor of shape {shape_string(tuple(tensor.shape))}")
    with holder._lock:
        holder._shared = tensor
        holder._t = tensor.detach()
        holder._tape_read = None


def shared_tensor(variable):
    """The torch tensor whose memory ``variable`` shares (``share_storage``), or None."""
    return variable._owner._shared


@contextlib.contextmanager
def reading_shared_tensors(variables):
    """Within the block, reads of ``variables`` (which share torch tensors' memory) return the
    shared tensors themselves, so torch autograd records a forward pass back to them."""
    holders = [variable._owner for variable in variables]
    for holder in holders:
        holder._t = holder._shared
        holder._tape_read = None
    try:
        yield
    finally:
        for holder in holders:
            holder._t = holder._shared.detach()
            holder._tape_read = None


def _described(value):
    if isinstance(value, torch.Tensor):
        return f"torch {str(value.dtype)[6:]} tensor of shape {shape_string(tuple(value.shape))} on {value.device}"
    if type(value) is np.ndarray:
        return "tf.string value"
    return type(value).__name__


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


# Updates are atomic per variable whatever use_locking says; its defaults are TF's.
def _scatter_function(method_name, use_locking_default):
    def scatter(ref, indices, updates, use_locking=use_locking_default, name=None):
        return getattr(_variable(ref, method_name), method_name)(IndexedSlices(updates, indices))

    scatter.__name__ = method_name
    scatter.__doc__ = f"tf.{method_name}: ``ref[indices] <- updates`` row by row ({method_name[8:]})."
    return scatter


export("scatter_update")(_scatter_function("scatter_update", True))
for _name in ("scatter_add", "scatter_sub", "scatter_mul", "scatter_div", "scatter_min", "scatter_max"):
    export(_name)(_scatter_function(_name, False))


def _scatter_nd_function(method_name, use_locking_default):
    def scatter_nd(ref, indices, updates, use_locking=use_locking_default, name=None):
        return getattr(_variable(ref, method_name), method_name)(indices, updates)

    scatter_nd.__name__ = method_name
    operation = method_name[len("scatter_nd_"):]
    scatter_nd.__doc__ = f"tf.{method_name}: ``ref`` at the index vectors ``indices`` <- ``updates`` ({operation})."
    return scatter_nd


export("scatter_nd_update")(_scatter_nd_function("scatter_nd_update", True))
for _name in ("scatter_nd_add", "scatter_nd_sub"):
    export(_name)(_scatter_nd_function(_name, False))


@export("trainable_variables", "global_variables", "local_variables", "model_variables",
        "moving_average_variables")
def variables_in_collection(scope=None):
    """Eager variables are not kept in graph collections: always empty, as in TF 1.x eager."""
    return []


@export("all_variables")
def all_variables():
    """TF 1.x's deprecated spelling of ``global_variables()``: always empty under eager execution."""
    return variables_in_collection()


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
