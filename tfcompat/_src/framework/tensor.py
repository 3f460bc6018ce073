"""tf.Tensor: one torch.Tensor (or, for tf.string, one object ndarray) with TF 1.x eager semantics.

Every op unwraps its inputs with ``convert`` / ``binary_operands`` and wraps
its torch result with ``wrap``; operators go straight to torch with no other
per-call work.
"""

import itertools

import numpy as np
import torch

from . import context, dtypes
from .composite import CompositeInput
from .conversion import flatten_sequence, sequence_to_torch, value_to_torch
from .dtypes import TORCH_TO_TF, as_dtype, dtype_of
from .kernel_dtypes import ARITHMETIC, INDEX_DTYPES, MATMUL, SIGNED, dtypes_in
from .errors import InvalidArgumentError, ResourceExhaustedError, attr_error, dtype_mismatch, invalid_argument
from .tensor_shape import TensorShape, shape_string, shape_text
from ..registry import PARTIAL, export

_STRING_NP = np.dtype(object)
_new_object = object.__new__
_ids = itertools.count(1)
_scope = context.state

# How a Python scalar may join a tensor of a given torch dtype: the Python types
# that TF converts to that dtype without complaint.
_SCALAR_OK_BY_KIND = {"f": (float, int, bool), "c": (float, int, bool, complex), "i": (int, bool),
                      "u": (int, bool), "b": (bool,)}
_SCALAR_OK = {torch_dtype: _SCALAR_OK_BY_KIND[dtype._kind] for torch_dtype, dtype in TORCH_TO_TF.items()}
# The Python ints torch takes as a scalar operand of each dtype; others convert as TF converts them.
_INT_RANGE = {t: (torch.iinfo(t).min, torch.iinfo(t).max) for t in (
    torch.int8, torch.int16, torch.int32, torch.int64, torch.uint8, torch.uint16,
    torch.uint32, torch.uint64)}
_INT_RANGE.update({t: (-(2 ** 63), 2 ** 63 - 1) for t, dtype in TORCH_TO_TF.items() if dtype._kind in "fc"})
# Python floats past these bounds (and inf, nan) convert to a tensor first: TF rounds them to +-inf,
# where torch's scalar kernels (clamp ...) refuse them.
_FLOAT_BOUND = {t: torch.finfo(t).max for t in (torch.float16, torch.bfloat16, torch.float32)}

# TF's true division: integer inputs are cast to a float type first.
_TRUEDIV_TORCH = {torch.int8: torch.float32, torch.int16: torch.float32, torch.uint8: torch.float32,
                  torch.uint16: torch.float32, torch.int32: torch.float64, torch.int64: torch.float64,
                  torch.uint32: torch.float64, torch.uint64: torch.float64}


def wrap(value):
    """A Tensor around a torch tensor (or an object ndarray for tf.string)."""
    tensor = _new_object(Tensor)
    tensor._t = value
    return tensor


# (type, fn(value, dtype=None, name=None)) pairs, first match wins: filled by
# tf.register_tensor_conversion_function (constant_op), read by convert.
conversion_functions = []
# Exact types that read as a Tensor (tf.Variable): type -> read(value, dtype) returning a torch tensor.
dense_readers = {}


def convert(value, dtype=None, name=None):
    """The backing torch tensor of ``value`` as a ``dtype`` tensor (TF's convert_to_tensor)."""
    if type(value) is Tensor:
        backing = value._t
        if dtype is not None and dtype_of(backing) != dtype:
            raise ValueError(f"Tensor conversion requested dtype {as_dtype(dtype).name} for "
                             f"Tensor with dtype {dtype_of(backing).name}: {value!r}")
        if _scope.scope is not None and type(backing) is not np.ndarray and backing.device != _scope.scope:
            backing = backing.to(_scope.scope)
        return backing
    if dtype is not None:
        dtype = as_dtype(dtype)
    reader = dense_readers.get(type(value))
    if reader is not None:
        return reader(value, dtype)
    for kind, function in conversion_functions:
        if isinstance(value, kind):
            return convert(function(value, dtype=dtype, name=name), dtype)
    if isinstance(value, Tensor):  # a Tensor subclass
        return convert(wrap(value._t), dtype)
    if isinstance(value, torch.Tensor):
        raise TypeError("A torch.Tensor is not a TF value: wrap it with tfcompat.from_torch(x)")
    if isinstance(value, (list, tuple)) and value:
        shape, leaves = flatten_sequence(value)
        if any(_is_tensor_type(kind) for kind in set(map(type, leaves))):
            return _pack(shape, leaves, dtype)
        return sequence_to_torch(value, shape, leaves, dtype, context.current_device())
    return value_to_torch(value, dtype, context.current_device())


@export("is_tensor")
def is_tensor(x):
    return _is_tensor_type(type(x))


def _is_tensor_type(kind):
    return (issubclass(kind, Tensor) or kind in dense_readers
            or any(issubclass(kind, base) for base, _ in conversion_functions))


def _pack(shape, leaves, dtype):
    """TF's auto-packing of a nested list that holds tensors (tf.stack of its leaves)."""
    tensors = {index: convert(leaf) for index, leaf in enumerate(leaves) if is_tensor(leaf)}
    if dtype is None:
        dtype = dtype_of(next(iter(tensors.values())))
    parts = []
    for index, leaf in enumerate(leaves):
        if index in tensors:
            if dtype_of(tensors[index]) != dtype:
                raise dtype_mismatch("Pack", index, dtype, dtype_of(tensors[index]))
            parts.append(tensors[index])
        else:
            parts.append(convert(leaf, dtype))
    try:
        if type(parts[0]) is np.ndarray:
            stacked = np.stack(parts)
            return stacked.reshape(shape + list(stacked.shape[1:]))
        stacked = torch.stack([p.to(parts[0].device) for p in parts])
    except (RuntimeError, ValueError):
        raise invalid_argument("Shapes of all inputs must match: " + " != ".join(
            str(list(p.shape)) for p in parts[:2]), "Pack") from None
    return stacked.reshape(shape + list(stacked.shape[1:]))


def binary_operands(x, y, op_name, hint=False):
    """The torch operands of a two-input elementwise op, by TF's rules.

    ``x`` is the first input; a Python scalar, list or NumPy ``y`` is converted
    to ``x``'s dtype; two tensors must already share a dtype (InvalidArgumentError
    otherwise).  Scalars stay Python numbers so torch keeps the tensor's dtype.
    A ``y`` that does not convert is a TypeError for op functions (TF's
    args_to_matching_eager); with ``hint`` (the ``x <op> y`` operators, TF 1.15's
    binary_op_wrapper: ``convert_to_tensor(y, dtype_hint=x.dtype)``) it converts by
    its own type and then meets the kernel's dtype check.
    """
    kind = type(y)
    if kind is not Tensor and kind in dense_readers:
        y, kind = wrap(convert(y)), Tensor
    if type(x) is not Tensor:
        # TF 1.x (args_to_matching_eager): the first tensor among the inputs sets the dtype.
        x = wrap(convert(x) if type(x) in dense_readers or kind is not Tensor else convert(x, dtype_of(y._t)))
    a = x._t
    if kind is Tensor:
        b = y._t
        if a.dtype != b.dtype:
            raise dtype_mismatch(op_name, 1, dtype_of(a), dtype_of(b))
        if _scope.scope is not None:
            return convert(x), convert(y)
        if a.device != b.device and b.dim() != 0:
            b = b.to(a.device)
        return a, b
    if kind in _SCALAR_OK.get(a.dtype, ()) and (
            kind is int and (a.dtype not in _INT_RANGE or _INT_RANGE[a.dtype][0] <= y <= _INT_RANGE[a.dtype][1])
            or kind is float and (a.dtype not in _FLOAT_BOUND or abs(y) <= _FLOAT_BOUND[a.dtype])
            or kind is not int and kind is not float):
        return (convert(x) if _scope.scope is not None else a), y
    if hint:
        b = _hinted(y, dtype_of(a), op_name)
    else:
        b = convert(y, dtype_of(a))
    return (convert(x), b) if _scope.scope is not None else (a, b)


def _with_hint(value, dtype):
    """``value`` converted with TF's ``dtype_hint``: as ``dtype`` if it can be, else by its own type."""
    try:
        return convert(value, dtype)
    except (TypeError, ValueError):
        return convert(value)


def _hinted(value, dtype, op_name):
    """``value`` converted with TF's ``dtype_hint``, or the kernel's error when that gives another
    dtype (the true-division operator checks dtypes itself)."""
    converted = _with_hint(value, dtype)
    other = dtype_of(converted)
    if other == dtype:
        return converted
    if op_name == "RealDiv":  # TF 1.15's _truediv_python3
        raise TypeError(f"x and y must have the same dtype, got {dtype!r} != {other!r}")
    raise dtype_mismatch(op_name, 1, dtype, other)


# torch's words for a tensor too large to allocate, or a size past its integer types.
_ALLOCATION_FAILURES = ("can't allocate memory", "out of memory", "Storage size calculation overflowed",
                        "integer multiplication overflow", "cannot be represented as a SymInt",
                        "Overflow when unpacking long")


def translate_error(error, op_name, *inputs):
    """A TF error for a torch failure inside ``op_name``."""
    message = str(error)
    if any(text in message for text in _ALLOCATION_FAILURES):
        return ResourceExhaustedError(None, None, f"OOM when allocating the output of {op_name} [Op:{op_name}]")
    shapes = [list(v.shape) for v in inputs if hasattr(v, "shape")]
    if "ZeroDivisionError" in message or "division by zero" in message:
        return invalid_argument("Integer division by zero", op_name)
    if "negative integer powers" in message:
        return invalid_argument("Integers to negative integer powers are not allowed", op_name)
    if "must match the size" in message or "broadcast" in message:
        return invalid_argument("Incompatible shapes: " + " vs. ".join(map(shape_text, shapes)), op_name)
    if any(type(v) is np.ndarray for v in inputs):
        return invalid_argument(f"{op_name} is not defined for string tensors", op_name)
    if "not implemented for" in message:
        dtype_names = sorted({dtype_of(v).name for v in inputs if isinstance(v, torch.Tensor)})
        return invalid_argument(f"{op_name} is not supported for dtype {', '.join(dtype_names)}", op_name)
    return invalid_argument(f"{op_name} failed: {message}", op_name)


# Most torch CPU kernels lack uint16/uint32/uint64, which TF's kernels accept.
WIDE_UNSIGNED = frozenset({torch.uint16, torch.uint32, torch.uint64})


def _as_int64(value):
    return value.to(torch.int64) if type(value) is torch.Tensor and value.dtype in WIDE_UNSIGNED else value


def unsigned_retry(function, error, op_name, args, cast_back=True):
    """``function(*args)`` recomputed on int64 copies when it failed for want of a uint16/32/64
    torch kernel (the result cast back to the input dtype, so it wraps as TF's unsigned types do;
    uint64 values of 2**63 and more are out of reach); otherwise ``error`` as TF's error.
    Called from ``except`` blocks only, so the common path pays nothing."""
    first = args[0]
    if type(first) is torch.Tensor and first.dtype in WIDE_UNSIGNED and "not implemented for" in str(error):
        try:
            result = function(*map(_as_int64, args))
        except (RuntimeError, TypeError, ValueError) as retry_error:
            error = retry_error
        else:
            return result.to(first.dtype) if cast_back and result.dtype is torch.int64 else result
    raise translate_error(error, op_name, *args) from None


_NO_BOOL = frozenset({torch.bool, _STRING_NP})  # operand dtypes (torch, or NumPy object for tf.string)
_NO_BOOL_KEEP_STRINGS = frozenset({torch.bool})
_NO_BOOL_OR_UNSIGNED = frozenset({torch.bool, torch.uint8, torch.uint16, torch.uint32, torch.uint64})


_FLOATING_TORCH = frozenset(t for t in _SCALAR_OK if t.is_floating_point or t.is_complex)


# TF 1.x binds the comparison operators to their kernels directly, not through binary_op_wrapper.
_COMPARISONS = frozenset({"Less", "LessEqual", "Greater", "GreaterEqual"})


def _operator(function, op_name, reflected=False, fast=None, rejected=_NO_BOOL,
              allowed=ARITHMETIC):
    """A Tensor operator computing ``function(self, other)`` (``function(other, self)`` when
    ``reflected``).  ``fast(self, other)``, a torch function, serves the two common cases
    without further checks when the tensor already lives on the tf.device scope's device:
    a Python number with a floating tensor, and two tensors of one dtype.  Everything
    else takes the general path."""
    hint = not reflected and op_name not in _COMPARISONS  # binary_op_wrapper's dtype_hint (binary_operands)

    def method(self, other):
        a = self._t
        scope_index = _scope.scope_index
        if fast is not None and (scope_index is None or type(a) is torch.Tensor
                                 and a.get_device() == scope_index):
            kind = type(other)
            if kind is float or kind is int:
                if a.dtype in _FLOATING_TORCH:
                    try:
                        result = _new_object(Tensor)
                        result._t = fast(a, other)
                        return result
                    except OverflowError:
                        pass  # an int beyond int64: the general path converts it as TF does
            elif kind is Tensor or kind in dense_readers:  # a tf.Variable reads as its value
                b = other._t if kind is Tensor else dense_readers[kind](other)
                if b.dtype is a.dtype and a.dtype not in rejected:
                    try:
                        result = _new_object(Tensor)
                        result._t = fast(a, b)
                        return result
                    except (RuntimeError, TypeError):
                        pass  # tensors on two devices, string tensors: the general path sorts them out
                if kind is not Tensor:
                    other = wrap(b)
        try:
            a, b = binary_operands(self, other, op_name, hint)
        except CompositeInput:  # a RaggedTensor operand: its reflected operator runs the op (TF's dispatch)
            return NotImplemented
        if a.dtype in rejected:
            raise attr_error(op_name, "T", dtype_of(a), allowed)
        if reflected:
            if type(b) is not torch.Tensor and type(b) is not np.ndarray:
                b = torch.tensor(b, dtype=a.dtype, device=a.device)
            a, b = b, a
        try:
            return wrap(function(a, b))
        except RuntimeError as error:
            return wrap(unsigned_retry(function, error, op_name, (a, b)))

    method.__name__ = f"__{'r' if reflected else ''}{op_name.lower()}__"
    return method


def truediv(a, b):
    """TF's truediv on torch operands: integer inputs become float32/float64 first."""
    if a.dtype is torch.bool:
        raise TypeError("Invalid dtype tf.bool in __truediv__. Expected one of {tf.uint8, tf.int8, "
                        "tf.uint16, tf.int16, tf.uint32, tf.int32, tf.uint64, tf.int64, tf.bfloat16, "
                        "tf.float16, tf.float32, tf.float64, tf.complex64, tf.complex128}.")
    target = _TRUEDIV_TORCH.get(a.dtype)
    if target is not None:
        a = a.to(target)
        if type(b) is torch.Tensor:
            b = b.to(target)
    return torch.div(a, b)


_string_concat = np.frompyfunc(lambda x, y: x + y, 2, 1)


def add(a, b):
    """TF's Add: numbers add, tf.string tensors concatenate."""
    if type(a) is np.ndarray:
        return np.asarray(_string_concat(a, b), dtype=object)
    return torch.add(a, b)


def _require_bool(function, op_name):
    def checked(a, b):
        if type(a) is np.ndarray or a.dtype is not torch.bool:
            raise dtype_mismatch(op_name, 0, dtypes.bool_, dtype_of(a))
        return function(a, b)
    return checked


def power(a, b):
    """TF's Pow: integer bases refuse negative integer exponents."""
    if not (a.dtype.is_floating_point or a.dtype.is_complex) and bool((torch.as_tensor(b) < 0).any()):
        raise RuntimeError("Integers to negative integer powers are not allowed")
    return torch.pow(a, b)


def _floor_divide(a, b):
    if a.dtype.is_floating_point:
        result = torch.floor(torch.div(a, b))
        return result.detach() if result.requires_grad else result  # TF's FloorDiv gradient is None
    return torch.floor_divide(a, b)


# --- matmul: tf.matmul's kernel, also Tensor's @ ------------------------------------------------

_MATMUL_TYPES = dtypes_in(MATMUL)
_INTS = INDEX_DTYPES  # int32/int64 matmuls have no CUDA kernel


def _matmul_error(x, y, adj_x, adj_y):
    """TF's error for a MatMul / BatchMatMulV2 that torch refused (or would get wrong)."""
    batched = type(x) is not np.ndarray and type(y) is not np.ndarray and (x.dim() > 2 or y.dim() > 2)
    op_name = "BatchMatMulV2" if batched else "MatMul"
    if x.dtype not in _MATMUL_TYPES:
        return attr_error(op_name, "T", dtype_of(x), MATMUL)
    if y.dtype is not x.dtype:
        return dtype_mismatch(op_name, 1, dtype_of(x), dtype_of(y))
    for index, value in enumerate((x, y)):
        if value.dim() < 2:
            if batched:
                return invalid_argument(f"In[{index}] ndims must be >= 2: {value.dim()}", op_name)
            return invalid_argument(f"In[{index}] is not a matrix. Instead it has shape "
                                    f"{shape_text(value.shape)}", op_name)
    inner_x = x.shape[-2] if adj_x else x.shape[-1]
    inner_y = y.shape[-1] if adj_y else y.shape[-2]
    if not batched:
        if inner_x == inner_y:
            return None
        return invalid_argument(f"Matrix size-incompatible: In[0]: {shape_text(x.shape)}, In[1]: "
                                f"{shape_text(y.shape)}", op_name)
    try:
        torch.broadcast_shapes(x.shape[:-2], y.shape[:-2])
    except RuntimeError:
        return invalid_argument(f"In[0] and In[1] must have compatible batch dimensions: "
                                f"{shape_text(x.shape)} vs. {shape_text(y.shape)}", op_name)
    if inner_x != inner_y:
        return invalid_argument(f"In[0] mismatch In[1] shape: {inner_x} vs. {inner_y}: "
                                f"{shape_text(x.shape)} {shape_text(y.shape)} {int(adj_x)} {int(adj_y)}",
                                op_name)
    return None


def _on_host(function, *backings):
    """``function`` run on the CPU: CUDA has no integer GEMM (TF places those kernels on the host)."""
    return function(*[b.cpu() for b in backings]).to(backings[0].device)


def _matmul(x, y, adj_x=False, conj_x=False, adj_y=False, conj_y=False):
    """torch.matmul on backing tensors with TF's checks; ``adj_*`` swap the last two dims."""
    if x.dtype not in _MATMUL_TYPES or y.dtype is not x.dtype or x.dim() < 2 or y.dim() < 2:
        raise _matmul_error(x, y, adj_x, adj_y)
    a = (x.mH if conj_x else x.mT) if adj_x else x
    b = (y.mH if conj_y else y.mT) if adj_y else y
    try:
        return torch.matmul(a, b)
    except RuntimeError as error:
        if a.is_cuda and a.dtype in _INTS:
            return _on_host(torch.matmul, a, b)
        raise (_matmul_error(x, y, adj_x, adj_y) or translate_error(error, "MatMul", x, y)) from None


@export("Tensor", status=PARTIAL,
        note="Eager tensors only; .numpy() of a bfloat16 tensor is float32 (NumPy has no bfloat16).")
class Tensor:
    """An eager TF tensor: an immutable value on a device."""

    __slots__ = ("_t", "_id", "__weakref__", "__dict__")  # TF tensors take attributes (_keras_mask)
    __array_priority__ = 100

    def __init__(self, *args, **kwargs):
        raise TypeError("Tensors are created by ops such as tf.constant(), not by tf.Tensor()")

    # --- identity and metadata -------------------------------------------------

    @property
    def dtype(self):
        return dtype_of(self._t)

    @property
    def shape(self):
        return TensorShape._from_sizes(self._t.shape)

    def get_shape(self):
        return self.shape

    def set_shape(self, shape):
        if not self.shape.is_compatible_with(shape):
            raise ValueError(f"Tensor's shape {self.shape} is not compatible with supplied shape {TensorShape(shape)}")

    @property
    def ndim(self):
        return len(self._t.shape)

    def _shape_tuple(self):
        return tuple(self._t.shape)

    def _rank(self):
        return len(self._t.shape)

    @property
    def device(self):
        value = self._t
        return context.device_name(context._CPU if type(value) is np.ndarray else value.device)

    @property
    def backing_device(self):
        return self.device

    def _tensor_id(self):
        try:
            return self._id
        except AttributeError:
            self._id = next(_ids)
            return self._id

    @property
    def name(self):
        raise AttributeError("Tensor.name is meaningless when eager execution is enabled.")

    @property
    def op(self):
        raise AttributeError("Tensor.op is meaningless when eager execution is enabled.")

    @property
    def graph(self):
        raise AttributeError("Tensor.graph is meaningless when eager execution is enabled.")

    def eval(self, feed_dict=None, session=None):
        raise NotImplementedError("eval is not supported when eager execution is enabled, "
                                  "is .numpy() what you're looking for?")

    def consumers(self):
        raise NotImplementedError("Tensor.consumers is meaningless when eager execution is enabled.")

    # --- conversion to Python and NumPy -------------------------------------------

    def numpy(self):
        """A NumPy copy of the value; a NumPy scalar for 0-d tensors."""
        value = self._t
        try:
            if type(value) is np.ndarray:
                array = value.copy()
            elif value.dtype is torch.bfloat16:
                array = value.detach().to("cpu", torch.float32).numpy()
            elif value.is_cuda:
                array = value.detach().cpu().numpy()
            else:
                array = value.detach().numpy().copy()
        except ValueError as error:  # a zero-element shape whose other sizes pass NumPy's limit
            raise invalid_argument(f"Failed to create numpy array from tensor of shape {list(value.shape)}. "
                                   f"Numpy error: ValueError: {error}") from None
        return array[()] if array.ndim == 0 else array

    def __array__(self, dtype=None, copy=None):
        array = np.asarray(self.numpy())
        return array if dtype is None else array.astype(dtype, copy=False)

    def __reduce__(self):
        return _from_numpy, (self.numpy(), self.dtype.name)

    def _scalar(self):
        value = self._t
        if value.ndim != 0:
            raise TypeError("only 0-dimensional arrays can be converted to Python scalars")
        return value.item()

    def __bool__(self):
        value = self._t
        size = value.size if type(value) is np.ndarray else value.numel()
        if size > 1:
            raise ValueError("The truth value of an array with more than one element is ambiguous. "
                             "Use a.any() or a.all()")
        return size == 1 and bool(value.reshape(()).item())

    def __int__(self):
        return int(self._scalar())

    def __float__(self):
        return float(self._scalar())

    def __complex__(self):
        return complex(self._scalar())

    def __index__(self):
        return self.numpy().__index__()

    def __format__(self, format_spec):
        return self.numpy().__format__(format_spec)

    def __len__(self):
        if not self._t.shape:
            raise TypeError("Scalar tensor has no `len()`")
        return self._t.shape[0]

    def __iter__(self):
        if not self._t.shape:
            raise TypeError("Cannot iterate over a scalar tensor.")
        value = self._t
        if type(value) is np.ndarray:
            return (wrap(np.array(value[i], dtype=object)) for i in range(value.shape[0]))
        return (wrap(value[i]) for i in range(value.shape[0]))

    def __setitem__(self, key, value):
        raise TypeError("'tensorflow.python.framework.ops.EagerTensor' object does not support item assignment")

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        value = self._t
        return wrap(value.copy() if type(value) is np.ndarray else value.clone())

    # --- printing ----------------------------------------------------------------

    def __str__(self):
        shape = shape_string(tuple(self._t.shape))
        return f"tf.Tensor({_numpy_text(self, False)}, shape={shape}, dtype={self.dtype.name})"

    def __repr__(self):
        return (f"<tf.Tensor: id={self._tensor_id()}, shape={shape_string(tuple(self._t.shape))}, "
                f"dtype={self.dtype.name}, numpy={_numpy_text(self, True)}>")

    # --- GPU/CPU copies ---------------------------------------------------------------

    def cpu(self):
        value = self._t
        return self if type(value) is np.ndarray else wrap(value.cpu())

    def gpu(self, gpu_index=0):
        if gpu_index >= torch.cuda.device_count():
            raise RuntimeError(f"Could not satisfy explicit device specification "
                               f"'/job:localhost/replica:0/task:0/device:GPU:{gpu_index}' because no "
                               f"supported kernel for GPU devices is available.")
        if type(self._t) is np.ndarray:
            raise invalid_argument("Can't copy a string tensor to a GPU", "_Send")
        return wrap(self._t.to(torch.device("cuda", gpu_index)))

    # --- operators (TF 1.x op names for error messages) --------------------------------

    __add__ = _operator(add, "Add", fast=torch.add, rejected=_NO_BOOL_KEEP_STRINGS)
    __radd__ = _operator(add, "Add", reflected=True, fast=torch.add, rejected=_NO_BOOL_KEEP_STRINGS)
    __sub__ = _operator(torch.sub, "Sub", fast=torch.sub)
    __rsub__ = _operator(torch.sub, "Sub", reflected=True, fast=torch.rsub)
    __mul__ = _operator(torch.mul, "Mul", fast=torch.mul)
    __rmul__ = _operator(torch.mul, "Mul", reflected=True, fast=torch.mul)
    # No fast path for division: integer inputs change dtype (TF's truediv table).
    __truediv__ = _operator(truediv, "RealDiv", rejected=frozenset({_STRING_NP}))  # truediv names bool
    __rtruediv__ = _operator(truediv, "RealDiv", reflected=True, rejected=frozenset({_STRING_NP}))
    __div__, __rdiv__ = __truediv__, __rtruediv__
    __floordiv__ = _operator(_floor_divide, "FloorDiv")
    __rfloordiv__ = _operator(_floor_divide, "FloorDiv", reflected=True)
    __mod__ = _operator(torch.remainder, "FloorMod")
    __rmod__ = _operator(torch.remainder, "FloorMod", reflected=True)
    __pow__ = _operator(power, "Pow")
    __rpow__ = _operator(power, "Pow", reflected=True)
    # TF 1.x: & | ^ ~ are the logical ops, defined for bool tensors only.
    __and__ = _operator(_require_bool(torch.bitwise_and, "LogicalAnd"), "LogicalAnd", rejected=frozenset())
    __rand__ = __and__
    __or__ = _operator(_require_bool(torch.bitwise_or, "LogicalOr"), "LogicalOr", rejected=frozenset())
    __ror__ = __or__
    __xor__ = _operator(_require_bool(torch.bitwise_xor, "LogicalXor"), "LogicalXor", rejected=frozenset())
    __rxor__ = __xor__
    __lt__ = _operator(torch.lt, "Less", fast=torch.lt)
    __le__ = _operator(torch.le, "LessEqual", fast=torch.le)
    __gt__ = _operator(torch.gt, "Greater", fast=torch.gt)
    __ge__ = _operator(torch.ge, "GreaterEqual", fast=torch.ge)

    def __matmul__(self, other):  # TF 1.15's binary_op_wrapper around tf.matmul: other converts with dtype_hint
        x = convert(self)
        return wrap(_matmul(x, convert(other) if type(other) is Tensor else _with_hint(other, dtype_of(x))))

    def __rmatmul__(self, other):  # r_binary_op_wrapper: other converts to self's dtype or fails
        y = convert(self)
        return wrap(_matmul(convert(other, dtype_of(y)), y))

    __eq__ = object.__eq__
    __ne__ = object.__ne__
    __hash__ = object.__hash__

    def __neg__(self):
        value = self._t
        if type(value) is np.ndarray or value.dtype in _NO_BOOL_OR_UNSIGNED:
            raise attr_error("Neg", "T", self.dtype, SIGNED)
        return wrap(torch.neg(value))

    def __abs__(self):
        value = self._t
        if type(value) is np.ndarray or value.dtype in _NO_BOOL_OR_UNSIGNED:
            raise attr_error("Abs", "T", self.dtype, SIGNED)
        return wrap(torch.abs(value))

    def __invert__(self):
        value = self._t
        if type(value) is np.ndarray or value.dtype is not torch.bool:
            raise dtype_mismatch("LogicalNot", 0, dtypes.bool_, self.dtype)
        return wrap(torch.logical_not(value))

    def __getitem__(self, key):
        value = self._t
        if type(key) is int and type(value) is torch.Tensor and value.ndim and \
                -value.shape[0] <= key < value.shape[0]:  # the common a[i] of loops
            result = _new_object(Tensor)
            result._t = value[key]
            return result
        return _slice(self, key)


def _from_numpy(array, dtype_name):
    return wrap(value_to_torch(array, dtypes.as_dtype(dtype_name), context.current_device()))


# --- printing ---------------------------------------------------------------------------

_TF1_REPR_OPTIONS = {"legacy": "1.25"} if np.lib.NumpyVersion(np.__version__) >= "2.0.0" else {}


class _BFloat16Text(float):
    """A bfloat16 value shown as TF shows it (NumPy's bfloat16 from ml_dtypes prints %g)."""

    def __repr__(self):
        return "%g" % self

    __str__ = __repr__


_bfloat16_texts = np.vectorize(_BFloat16Text, otypes=[object])


def _bfloat16_text(tensor, is_repr):
    values = _bfloat16_texts(tensor._t.detach().to("cpu", torch.float32).numpy())
    if values.ndim == 0:
        return str(values[()])
    with np.printoptions(**_TF1_REPR_OPTIONS):
        text = repr(values).replace("dtype=object", "dtype=bfloat16") if is_repr else str(values)
    return "\n" + text if "\n" in text else text


def _empty_text(tensor, is_repr):
    """NumPy's text for a zero-element tensor, written out: NumPy builds no array whose sizes other
    than the zero multiply past its limit (tf.zeros([3, 0, 2**62]))."""
    if not is_repr:
        return "[]"
    shape = tuple(tensor._t.shape)
    dtype = "object" if tensor.dtype is dtypes.string else tensor.dtype.name
    return f"array([], {'' if len(shape) == 1 else f'shape={shape}, '}dtype={dtype})"


def _numpy_text(tensor, is_repr):
    try:
        if tensor._t.dtype is torch.bfloat16:
            return _bfloat16_text(tensor, is_repr)
        value = tensor.numpy()
    except (ValueError, InvalidArgumentError):
        if tensor._t.numel():
            raise
        return _empty_text(tensor, is_repr)
    if is_repr:
        with np.printoptions(**_TF1_REPR_OPTIONS):  # NumPy 2 would print np.float32(2.0)
            text = repr(value)
    else:
        text = str(value)
    if "\n" in text:
        text = "\n" + text
    return text


# --- indexing (TF's strided slice on the Python side) -----------------------------------------

def _index_error(key):
    return TypeError("Only integers, slices (`:`), ellipsis (`...`), tf.newaxis (`None`) and scalar "
                     f"tf.int32/tf.int64 tensors are valid indices, got {key!r}")


def _normalize_index(item, key):
    """A plain int, slice, Ellipsis or None for one index entry."""
    if item is None or item is Ellipsis or type(item) is int or type(item) is slice:
        return item
    if isinstance(item, Tensor):
        value = item._t
        if type(value) is np.ndarray or value.dtype not in (torch.int32, torch.int64) or value.dim() != 0:
            raise _index_error(key)
        return int(value.item())
    if isinstance(item, (np.integer, bool)) or (isinstance(item, int) and not isinstance(item, bool)):
        return int(item)
    if isinstance(item, np.ndarray) and item.ndim == 0 and item.dtype.kind in "iu":
        return int(item)
    if isinstance(item, slice):
        return item
    raise _index_error(key)


def _is_boolean_mask(key):
    if isinstance(key, Tensor):
        return key.dtype is dtypes.bool_
    return isinstance(key, np.ndarray) and key.dtype == np.bool_


def _slice_bound(bound, key):
    if bound is None or type(bound) is int:
        return bound
    normalized = _normalize_index(bound, key)
    if not isinstance(normalized, int):
        raise _index_error(key)
    return normalized


def _slice(tensor, key):
    value = tensor._t
    if _is_boolean_mask(key):
        return wrap(value[convert(key)] if type(value) is not np.ndarray else value[np.asarray(key)])
    items = tuple(key) if type(key) in (tuple, list) else (key,)
    entries = []
    for item in items:
        item = _normalize_index(item, key)
        if type(item) is slice:
            item = slice(_slice_bound(item.start, key), _slice_bound(item.stop, key),
                         _slice_bound(item.step, key))
            if item.step == 0:
                raise invalid_argument(f"strides[{len(entries)}] must be non-zero", "StridedSlice")
        entries.append(item)
    if sum(1 for e in entries if e is Ellipsis) > 1:
        raise invalid_argument("Multiple ellipses in slice spec not allowed", "StridedSlice")
    consumed = sum(1 for e in entries if e is not None and e is not Ellipsis)
    rank = value.ndim
    if consumed > rank:
        raise invalid_argument(f"Index out of range using input dim {rank}; input has only {rank} dims",
                               "StridedSlice")
    torch_index = []
    reversals = []  # (output dim, slice to apply after flipping that dim)
    in_dim = out_dim = 0
    for entry in entries:
        if entry is Ellipsis:
            span = rank - consumed
            torch_index.append(Ellipsis)
            in_dim += span
            out_dim += span
        elif entry is None:
            torch_index.append(None)
            out_dim += 1
        elif type(entry) is int:
            size = value.shape[in_dim]
            if not -size <= entry < size:
                shown = entry + size if entry < 0 else entry
                raise invalid_argument(f"slice index {shown} of dimension {in_dim} out of bounds.",
                                       "StridedSlice")
            torch_index.append(entry)
            in_dim += 1
        else:
            if entry.step is not None and entry.step < 0:
                start, stop, step = entry.indices(value.shape[in_dim])
                size = value.shape[in_dim]
                reversals.append((out_dim, slice(size - 1 - start, size - 1 - stop, -step)))
                torch_index.append(slice(None))
            else:
                torch_index.append(entry)
            in_dim += 1
            out_dim += 1
    if type(value) is np.ndarray:
        result = value[tuple(torch_index)]
        for dim, flipped in reversals:
            result = np.flip(result, dim)[(slice(None),) * dim + (flipped,)]
        return wrap(np.array(result, dtype=object))
    signed = _SIGNED_VIEW.get(value.dtype)
    if signed is not None and reversals:  # torch cannot flip uint16/32/64: flip a same-width view
        return wrap(_strided(value.view(signed), torch_index, reversals).view(value.dtype))
    return wrap(_strided(value, torch_index, reversals))


_SIGNED_VIEW = {torch.uint16: torch.int16, torch.uint32: torch.int32, torch.uint64: torch.int64}


def _strided(value, torch_index, reversals):
    result = value[tuple(torch_index)]
    for dim, flipped in reversals:
        result = result.flip(dim)[(slice(None),) * dim + (flipped,)]
    return result


# --- torch interop -----------------------------------------------------------------------------

def to_torch(tensor):
    """The torch.Tensor behind a tfcompat Tensor (no copy)."""
    if not isinstance(tensor, Tensor):
        return convert(tensor)
    if type(tensor._t) is np.ndarray:
        raise TypeError("tf.string tensors have no torch equivalent")
    return tensor._t


def from_torch(value):
    """A tfcompat Tensor sharing memory with ``value`` (a torch.Tensor)."""
    if not isinstance(value, torch.Tensor):
        raise TypeError(f"from_torch expects a torch.Tensor, got {type(value).__name__}")
    if value.dtype not in TORCH_TO_TF:
        raise TypeError(f"torch dtype {value.dtype} has no TF equivalent")
    return wrap(value)


__all__ = ["Tensor", "wrap", "convert", "binary_operands",
           "translate_error", "dtype_of", "truediv", "power", "add", "dtype_mismatch",
           "to_torch", "from_torch", "is_tensor"]
