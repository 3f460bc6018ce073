"""Elementwise math, comparison and logic ops: tf.add, tf.sqrt, tf.equal, tf.where ...

Each op is one torch call behind TF's input rules.  The ops come from three
tables (unary, binary, with the TF kernel name and the dtypes that kernel
accepts) and two factories; only ops whose TF semantics differ from a plain
elementwise call (division flavours, tf.where, add_n ...) are written out.

Type errors follow TF's kernels: a dtype outside a kernel's list raises
InvalidArgumentError "Value for attr 'T' of int32 is not in the list of allowed
values: ... [Op:Sqrt]"; the bool-only logical kernels say "cannot compute
LogicalAnd as input #0(zero-based) was expected to be a bool tensor ...".
"""

import math

import numpy as np
import torch

from ..eager import op_gradients
from ..eager.op_gradients import no_registered_gradient, without_gradient
from ..framework import dtypes
from ..framework.dtypes import kernel_name
from ..framework.errors import NotFoundError, invalid_argument
from ..framework.kernel_dtypes import (
    ABS, ADD, ADD_N, ANY, BOOL, COMPARE, DIV_NO_NAN, FLOAT, FLOAT_COMPLEX, FLOOR_MOD, MIN_MAX, MUL_DIV, NEXT_AFTER, POW,
    SIGNED, SOFTPLUS, SQUARE, SQUARED_DIFFERENCE, SUB, TRUNCATE_MOD, WHERE, X_DIV_LOG, ZETA, allowed,
    is_floating, type_error)
from ..framework.tensor_shape import TensorShape, shape_text
from ..framework.tensor import (Tensor, _floor_divide, add as _add, binary_operands, convert, dtype_mismatch,
                                dtype_of, translate_error, truediv as _truediv, unsigned_retry, wrap)
from ..framework.composite import CompositeInput
from ..registry import export

_CAUGHT = (RuntimeError, TypeError, ValueError)


def _named(function, name, op_name):
    function.__name__ = function.__qualname__ = name
    function.__doc__ = f"tf.{name}: TF's {op_name} kernel, elementwise."
    return function


def _unary(op_name, function, types):
    text, kinds = allowed(types)

    def op(x, name=None):
        try:
            a = convert(x)
        except CompositeInput as composite:  # a RaggedTensor: the op runs on its flat values
            return composite.dispatch(op, (x,), {})
        if a.dtype not in kinds:
            raise type_error(op_name, text, a)
        try:
            return wrap(function(a))
        except _CAUGHT as error:
            return wrap(unsigned_retry(function, error, op_name, (a,)))
    return op


def _binary(op_name, function, types):
    text, kinds = allowed(types)
    bool_only = text == BOOL

    def op(x, y, name=None):
        if bool_only and type(x) is Tensor and x._t.dtype is not torch.bool:
            raise type_error(op_name, text, x._t)  # bool-typed kernels check input #0 first
        try:
            a, b = binary_operands(x, y, op_name)
        except CompositeInput as composite:  # a RaggedTensor operand: the op runs on the flat values
            return composite.dispatch(op, (x, y), {})
        if a.dtype not in kinds:
            raise type_error(op_name, text, a)
        try:
            return wrap(function(a, b))
        except _CAUGHT as error:
            return wrap(unsigned_retry(function, error, op_name, (a, b)))
    return op


def _define(table, factory):
    """Registers the table's ops and makes them module names; returns them by Python name."""
    ops = {}
    for names, op_name, function, types in table:
        python_name = names[0].rpartition(".")[2]
        ops[python_name] = export(*names)(_named(factory(op_name, function, types), python_name, op_name))
    globals().update(ops)
    return ops


# --- torch kernels where TF's rule is not one plain torch function ----------------------------

def _tensor_like(value, reference):
    """``value`` (a Python scalar from binary_operands) as a tensor next to ``reference``."""
    if type(value) is torch.Tensor:
        return value
    return torch.tensor(value, dtype=reference.dtype, device=reference.device)


def _with_tensor(function):
    """``function`` for torch kernels that take no Python scalar as second input."""
    return lambda a, b: function(a, _tensor_like(b, a))


def _no_kernel(op_name, a):
    """TF's error for a dtype its op accepts but no CPU kernel implements (DT_HALF, DT_INT32 ...)."""
    return NotFoundError(None, None, f"Could not find device for node: {{{{node {op_name}}}}} = "
                                     f"{op_name}[T=DT_{kernel_name(dtype_of(a)).upper()}] [Op:{op_name}]")


def _sign(a):
    if a.dtype.is_complex:
        return torch.sgn(a)
    if a.dtype.is_floating_point:
        return torch.where(torch.isnan(a), a, torch.sign(a))  # TF keeps NaN
    return torch.sign(a)


def _round(a):
    return torch.round(a) if is_floating(a) else a  # half to even, like TF; integers unchanged


_NO_RINT_KERNEL = frozenset({torch.float16, torch.bfloat16})


def _rint(a):
    if a.dtype in _NO_RINT_KERNEL:  # TF registers Rint for float and double only
        raise _no_kernel("Rint", a)
    return torch.round(a)


def _reciprocal(a):
    if not is_floating(a):
        raise _no_kernel("Reciprocal", a)
    return torch.reciprocal(a)


def _reciprocal_no_nan(a):
    return torch.where(a == 0, torch.zeros_like(a), torch.reciprocal(a))


def _realdiv(a, b):
    if not is_floating(a):
        raise _no_kernel("RealDiv", a)
    return torch.div(a, b)


def _truncate_div(a, b):
    if a.dtype.is_floating_point:
        return torch.trunc(torch.div(a, b))
    return torch.div(a, b, rounding_mode="trunc")


def _pow(a, b):
    if not is_floating(a) and type(b) is torch.Tensor and bool(torch.any(b < 0)):
        raise invalid_argument("Integers to negative integer powers are not allowed", "Pow")
    return torch.pow(a, b)  # (torch itself refuses a negative Python-scalar exponent)


def _squared_difference(a, b):
    difference = torch.sub(a, b)
    return torch.mul(difference, difference.conj() if difference.dtype.is_complex else difference)


def _xdivy(a, b):
    return torch.where(a == 0, torch.zeros_like(a), torch.div(a, b))


def _xlogy(a, b):
    return torch.where(a == 0, torch.zeros_like(a), torch.mul(a, torch.log(_tensor_like(b, a))))


def _xlog1py(a, b):
    return torch.where(a == 0, torch.zeros_like(a), torch.mul(a, torch.log1p(_tensor_like(b, a))))


def _div_no_nan(a, b):
    quotient = _truediv(a, b)  # integers divide as float32/float64, like tf.truediv
    return torch.where(_tensor_like(b, a) == 0, torch.zeros_like(quotient), quotient)


def _multiply_no_nan(a, b):
    b = _tensor_like(b, a)
    return torch.where(b == 0, torch.zeros_like(torch.mul(a, b)), torch.mul(a, b))


def _polygamma(n, x):
    x = _tensor_like(x, n)
    # polygamma(n, x) = (-1)^(n+1) n! zeta(n+1, x) for n >= 1; digamma for n == 0.
    higher = torch.where(torch.remainder(n, 2) == 0, -1.0, 1.0).to(n.dtype) * torch.exp(
        torch.lgamma(n + 1)) * torch.special.zeta(n + 1, x)
    return torch.where(n == 0, torch.digamma(x), higher)


def _comparison(torch_function, numpy_function):
    def compare(a, b):
        if type(a) is np.ndarray:  # tf.string equality
            return torch.from_numpy(np.asarray(numpy_function(a, b), dtype=bool))
        return torch_function(a, b)
    return compare


# --- the tables ------------------------------------------------------------------------------

_UNARY = [
    # TF names, TF kernel, torch kernel, allowed dtypes
    (("negative", "math.negative"), "Neg", torch.neg, SIGNED),
    # Complex inputs give their real magnitude, like TF's ComplexAbs.
    (("abs", "math.abs"), "Abs", torch.abs, ABS + ", complex64, complex128"),
    (("sign", "math.sign"), "Sign", _sign, SIGNED),
    (("square", "math.square"), "Square", lambda a: torch.mul(a, a), SQUARE),
    (("sqrt", "math.sqrt"), "Sqrt", torch.sqrt, FLOAT_COMPLEX),
    (("rsqrt", "math.rsqrt"), "Rsqrt", torch.rsqrt, FLOAT_COMPLEX),
    (("exp", "math.exp"), "Exp", torch.exp, FLOAT_COMPLEX),
    (("expm1", "math.expm1"), "Expm1", torch.expm1, FLOAT_COMPLEX),
    (("log", "math.log"), "Log", torch.log, FLOAT_COMPLEX),
    (("log1p", "math.log1p"), "Log1p", torch.log1p, FLOAT_COMPLEX),
    (("sin", "math.sin"), "Sin", torch.sin, FLOAT_COMPLEX),
    (("cos", "math.cos"), "Cos", torch.cos, FLOAT_COMPLEX),
    (("tan", "math.tan"), "Tan", torch.tan, FLOAT_COMPLEX),
    (("asin", "math.asin"), "Asin", torch.asin, FLOAT_COMPLEX),
    (("acos", "math.acos"), "Acos", torch.acos, FLOAT_COMPLEX),
    (("atan", "math.atan"), "Atan", torch.atan, FLOAT_COMPLEX),
    (("asinh", "math.asinh"), "Asinh", torch.asinh, FLOAT_COMPLEX),
    (("acosh", "math.acosh"), "Acosh", torch.acosh, FLOAT_COMPLEX),
    (("atanh", "math.atanh"), "Atanh", torch.atanh, FLOAT_COMPLEX),
    (("sinh", "math.sinh"), "Sinh", torch.sinh, FLOAT_COMPLEX),
    (("cosh", "math.cosh"), "Cosh", torch.cosh, FLOAT_COMPLEX),
    (("tanh", "math.tanh", "nn.tanh"), "Tanh", torch.tanh, FLOAT_COMPLEX),
    (("sigmoid", "math.sigmoid", "nn.sigmoid"), "Sigmoid", torch.sigmoid, FLOAT_COMPLEX),
    (("log_sigmoid", "math.log_sigmoid"), "Softplus", torch.nn.functional.logsigmoid, SOFTPLUS),
    (("erf", "math.erf"), "Erf", torch.erf, FLOAT),
    (("erfc", "math.erfc"), "Erfc", torch.erfc, FLOAT),
    (("math.erfinv",), "Erfinv", torch.erfinv, FLOAT),
    (("math.ndtri",), "Ndtri", torch.special.ndtri, FLOAT),
    (("math.erfcinv",), "Ndtri", lambda a: torch.special.ndtri(a * 0.5) * -math.sqrt(0.5), FLOAT),
    (("lgamma", "math.lgamma"), "Lgamma", torch.lgamma, FLOAT),
    (("digamma", "math.digamma"), "Digamma", torch.digamma, FLOAT),
    (("floor", "math.floor"), "Floor", without_gradient(torch.floor), FLOAT),
    (("ceil", "math.ceil"), "Ceil", without_gradient(torch.ceil), FLOAT),
    (("round", "math.round"), "Round", without_gradient(_round), SIGNED + ", uint8, uint16, uint32, uint64"),
    (("rint", "math.rint"), "Rint", without_gradient(_rint), FLOAT),
    (("reciprocal", "math.reciprocal"), "Reciprocal", _reciprocal, SIGNED),
    (("math.reciprocal_no_nan",), "DivNoNan", _reciprocal_no_nan, DIV_NO_NAN),
    (("is_nan", "math.is_nan", "debugging.is_nan"), "IsNan", torch.isnan, FLOAT),
    (("is_inf", "math.is_inf", "debugging.is_inf"), "IsInf", torch.isinf, FLOAT),
    (("is_finite", "math.is_finite", "debugging.is_finite"), "IsFinite", torch.isfinite, FLOAT),
    (("logical_not", "math.logical_not"), "LogicalNot", torch.logical_not, BOOL),
    (("math.bessel_i0", "math.special.bessel_i0"), "BesselI0", torch.special.i0, FLOAT),
    (("math.bessel_i0e", "math.special.bessel_i0e"), "BesselI0e", torch.special.i0e, FLOAT),
    (("math.bessel_i1", "math.special.bessel_i1"), "BesselI1", torch.special.i1, FLOAT),
    (("math.bessel_i1e", "math.special.bessel_i1e"), "BesselI1e", torch.special.i1e, FLOAT),
    (("math.special.bessel_j0",), "BesselJ0", op_gradients.bessel_j0, FLOAT),
    (("math.special.bessel_j1",), "BesselJ1", op_gradients.bessel_j1, FLOAT),
    (("math.special.bessel_y0",), "BesselY0", op_gradients.bessel_y0, FLOAT),
    (("math.special.bessel_y1",), "BesselY1", op_gradients.bessel_y1, FLOAT),
    (("math.special.bessel_k0",), "BesselK0", op_gradients.bessel_k0, FLOAT),
    (("math.special.bessel_k0e",), "BesselK0e", op_gradients.bessel_k0e, FLOAT),
    (("math.special.bessel_k1",), "BesselK1", op_gradients.bessel_k1, FLOAT),
    (("math.special.bessel_k1e",), "BesselK1e", op_gradients.bessel_k1e, FLOAT),
]

_BINARY = [
    (("add", "math.add"), "Add", _add, ADD),  # tf.string tensors concatenate, as with ``+``
    (("subtract", "math.subtract"), "Sub", torch.sub, SUB),
    (("multiply", "math.multiply"), "Mul", torch.mul, MUL_DIV),
    (("realdiv",), "RealDiv", _realdiv, MUL_DIV),
    (("floordiv", "math.floordiv", "floor_div"), "FloorDiv", _floor_divide, MUL_DIV),
    (("floormod", "math.floormod", "mod", "math.mod"), "FloorMod", torch.remainder, FLOOR_MOD),
    (("truncatediv",), "TruncateDiv", without_gradient(_truncate_div), MUL_DIV),
    (("truncatemod",), "TruncateMod", lambda a, b: no_registered_gradient("TruncateMod", torch.fmod(a, b)),
     TRUNCATE_MOD),
    (("pow", "math.pow"), "Pow", _pow, POW),
    (("maximum", "math.maximum"), "Maximum", _with_tensor(op_gradients.extremum(take_max=True)), MIN_MAX),
    (("minimum", "math.minimum"), "Minimum", _with_tensor(op_gradients.extremum(take_max=False)), MIN_MAX),
    (("squared_difference", "math.squared_difference"), "SquaredDifference", _squared_difference,
     SQUARED_DIFFERENCE),
    (("math.xdivy",), "Xdivy", _xdivy, X_DIV_LOG),
    (("math.xlogy",), "Xlogy", _xlogy, X_DIV_LOG),
    (("math.xlog1py",), "Xlog1py", _xlog1py, X_DIV_LOG),
    (("math.multiply_no_nan",), "MulNoNan", _multiply_no_nan, FLOAT_COMPLEX),
    (("equal", "math.equal"), "Equal", _comparison(torch.eq, np.equal), ANY),
    (("not_equal", "math.not_equal"), "NotEqual", _comparison(torch.ne, np.not_equal), ANY),
    (("less", "math.less"), "Less", torch.lt, COMPARE),
    (("less_equal", "math.less_equal"), "LessEqual", torch.le, COMPARE),
    (("greater", "math.greater"), "Greater", torch.gt, COMPARE),
    (("greater_equal", "math.greater_equal"), "GreaterEqual", torch.ge, COMPARE),
    (("logical_and", "math.logical_and"), "LogicalAnd", _with_tensor(torch.logical_and), BOOL),
    (("logical_or", "math.logical_or"), "LogicalOr", _with_tensor(torch.logical_or), BOOL),
]

_UNARY_OPS = _define(_UNARY, _unary)
_BINARY_OPS = _define(_BINARY, _binary)
# The table ops this module calls by name, spelled out for readers and linters.
lgamma = _UNARY_OPS["lgamma"]
add, multiply = _BINARY_OPS["add"], _BINARY_OPS["multiply"]

# Two binary kernels whose TF signatures are not the table's (x, y, name=None).
_next_after = _binary("NextAfter", _with_tensor(torch.nextafter), NEXT_AFTER)
# TF 1.x builds xor from LogicalOr/LogicalAnd/LogicalNot; its errors name LogicalOr.
_logical_xor = _binary("LogicalOr", _with_tensor(torch.logical_xor), BOOL)


@export("math.nextafter")
def nextafter(x1, x2, name=None):
    """tf.math.nextafter: the next representable value after ``x1`` in the direction of ``x2``."""
    return _next_after(x1, x2)


@export("logical_xor", "math.logical_xor")
def logical_xor(x, y, name="LogicalXor"):
    """tf.logical_xor: ``x`` XOR ``y`` elementwise, on bool tensors."""
    return _logical_xor(x, y)

# Kernels whose first input is not called x.
_atan2 = _binary("Atan2", _with_tensor(torch.atan2), FLOAT)
_igamma = _binary("Igamma", _with_tensor(op_gradients.incomplete_gamma(upper=False)), FLOAT)
_igammac = _binary("Igammac", _with_tensor(op_gradients.incomplete_gamma(upper=True)), FLOAT)
_zeta = _binary("Zeta", _with_tensor(op_gradients.zeta), ZETA)
_polygamma_op = _binary("Polygamma", _polygamma, ZETA)
_div_no_nan_op = _binary("DivNoNan", _div_no_nan, MUL_DIV)


@export("atan2", "math.atan2")
def atan2(y, x, name=None):
    """tf.atan2: elementwise arctangent of y/x, in the quadrant of (x, y)."""
    return _atan2(y, x)


@export("igamma", "math.igamma")
def igamma(a, x, name=None):
    """tf.igamma: the lower regularized incomplete gamma function P(a, x)."""
    return _igamma(a, x)


@export("igammac", "math.igammac")
def igammac(a, x, name=None):
    """tf.igammac: the upper regularized incomplete gamma function Q(a, x)."""
    return _igammac(a, x)


@export("zeta", "math.zeta")
def zeta(x, q, name=None):
    """tf.zeta: the Hurwitz zeta function."""
    return _zeta(x, q)


@export("polygamma", "math.polygamma")
def polygamma(a, x, name=None):
    """tf.polygamma: the a-th derivative of digamma at x (a holds whole numbers)."""
    return _polygamma_op(a, x)


@export("div_no_nan", "math.divide_no_nan")
def div_no_nan(x, y, name=None):
    """tf.div_no_nan: x / y, and 0 wherever y is 0 (integers divide as in tf.truediv)."""
    _same_dtype(x, y)
    return _div_no_nan_op(x, y)


# --- division flavours -------------------------------------------------------------------------

_REAL_DIV = allowed(MUL_DIV)
_truediv_op = _binary("RealDiv", _truediv, MUL_DIV)


@export("divide", "math.divide")
def divide(x, y, name=None):
    """tf.divide: Python 3 division, ``x / y`` (integers divide to float32/float64)."""
    if type(x) is not Tensor:
        x = wrap(convert(x, dtype_of(y._t) if type(y) is Tensor else None))
    return x / y


def _same_dtype(x, y):
    if type(x) is Tensor and type(y) is Tensor and x._t.dtype != y._t.dtype:
        raise TypeError(f"x and y must have the same dtype, got {x.dtype!r} != {y.dtype!r}")


@export("truediv", "math.truediv")
def truediv(x, y, name=None):
    """tf.truediv: integer inputs are cast to float first (int8/int16 -> float32, int32/int64 -> float64)."""
    _same_dtype(x, y)
    return _truediv_op(x, y)


@export("div")
def div(x, y, name=None):
    """tf.div (TF 1.x): Python 2 division: floor division for integers, true division for floats."""
    a = convert(x)
    if a.dtype not in _REAL_DIV[1]:
        raise type_error("FloorDiv", _REAL_DIV[0], a)
    op_name = "RealDiv" if is_floating(a) else "FloorDiv"
    if type(y) is Tensor:
        b = convert(y, dtype_of(a))  # ValueError for another dtype, as in TF 1.x
    else:
        a, b = binary_operands(wrap(a), y, op_name)
    try:
        return wrap(torch.div(a, b) if op_name == "RealDiv" else _floor_divide(a, b))
    except _CAUGHT as error:
        raise translate_error(error, op_name, a, b) from None


@export("scalar_mul", "math.scalar_mul")
def scalar_mul(scalar, x, name=None):
    """tf.scalar_mul: ``scalar * x`` for a 0-D ``scalar``."""
    if type(x) is not Tensor:
        x = wrap(convert(x))
    value = convert(scalar, x.dtype)
    if value.ndim != 0:
        raise ValueError(f"Only scalar multiply works, got shape {tuple(value.shape)}")
    return multiply(wrap(value), x)


# --- n-ary sums ------------------------------------------------------------------------------

_ADD_N = allowed(ADD_N)


@export("add_n", "math.add_n")
def add_n(inputs, name=None):
    """tf.add_n: the elementwise sum of a list of tensors of one shape and dtype."""
    if not inputs or not isinstance(inputs, (list, tuple)):
        raise ValueError("inputs must be a list of at least one Tensor/IndexedSlices with the same "
                         "dtype and shape")
    values = [convert(v) for v in inputs]
    first = values[0]
    if first.dtype not in _ADD_N[1]:
        raise type_error("AddN", ADD_N, first)
    if len(values) == 1:
        return inputs[0] if type(inputs[0]) is Tensor else wrap(first)
    for index, value in enumerate(values[1:], 1):
        if value.dtype != first.dtype:
            raise dtype_mismatch("AddN", index, dtype_of(first), dtype_of(value))
        if value.shape != first.shape:
            raise invalid_argument(
                "Inputs to operation AddN of type AddN must have the same size and shape.  "
                f"Input 0: {shape_text(first.shape)} != input {index}: {shape_text(value.shape)}", "AddN")
    try:
        total = torch.add(values[0], values[1])
        for value in values[2:]:
            total = torch.add(total, value)
    except _CAUGHT as error:
        raise translate_error(error, "AddN", *values) from None
    return wrap(total)


@export("accumulate_n", "math.accumulate_n")
def accumulate_n(inputs, shape=None, tensor_dtype=None, name=None):
    """tf.accumulate_n: add_n with optional checks of the inputs' shape and dtype."""
    if not inputs or not isinstance(inputs, (list, tuple)):
        raise ValueError("inputs must be a list of at least one Tensor with the same dtype and shape")
    values = [v if type(v) is Tensor else wrap(convert(v)) for v in inputs]
    if not all(v.dtype == values[0].dtype for v in values):
        raise ValueError("inputs must be a list of at least one Tensor with the same dtype and shape")
    merged = TensorShape(None if shape is None else shape)
    for value in values:
        merged = merged.merge_with(value.shape)  # ValueError for incompatible shapes
    if tensor_dtype is not None and tensor_dtype != values[0].dtype:
        raise TypeError(f"tensor_dtype is {tensor_dtype}, but input is of type {values[0].dtype}")
    return add_n(values)


# --- tf.where ------------------------------------------------------------------------------

def _condition(condition, op_name):
    if type(condition) is Tensor:
        value = convert(condition)
        if value.dtype is not torch.bool:
            raise dtype_mismatch(op_name, 0, dtypes.bool_, dtype_of(value))
        return value
    return convert(condition, dtypes.bool_)


def _select_inputs(condition, x, y, op_name):
    """The condition and the two branches of a Select, by TF's conversion rules."""
    if x is None or y is None:
        raise ValueError("x and y must both be non-None or both be None.")
    c = _condition(condition, op_name)
    if type(x) is Tensor and type(y) is Tensor and x._t.dtype != y._t.dtype:
        raise dtype_mismatch(op_name, 2, x.dtype, y.dtype)
    a, b = binary_operands(x, y, op_name)
    if type(a) is torch.Tensor:
        b = _tensor_like(b, a)
    return c, a, b


def _select(condition, a, b):
    if type(a) is np.ndarray:
        return wrap(np.asarray(np.where(condition.cpu().numpy(), a, b), dtype=object))
    return wrap(torch.where(condition.to(a.device), a, b))


_WHERE = allowed(WHERE)


def _coordinates(condition):
    value = convert(condition)
    if value.dtype not in _WHERE[1]:
        raise type_error("Where", WHERE, value)
    if value.dim() == 0:
        raise invalid_argument("WhereOp : Unhandled input dimensions: 0", "Where")
    try:
        return wrap(torch.nonzero(value))
    except _CAUGHT as error:
        return wrap(unsigned_retry(torch.nonzero, error, "Where", (value,), cast_back=False))


@export("where")
def where(condition, x=None, y=None, name=None):
    """tf.where (TF 1.x): coordinates of true elements, or a Select without broadcasting.

    ``x`` and ``y`` must have one shape; ``condition`` has that shape too, or is a
    scalar, or a vector that picks whole rows of ``x``/``y``.
    """
    if x is None and y is None:
        return _coordinates(condition)
    c, a, b = _select_inputs(condition, x, y, "Select")
    cs, xs, ys = tuple(c.shape), tuple(a.shape), tuple(b.shape)
    if not cs or (len(cs) == 1 and len(xs) != 1):
        if cs and not xs:
            raise invalid_argument(f"'then' must be at least a vector, but saw shape: {shape_text(xs)}",
                                   "Select")
        if cs and xs[0] != cs[0]:
            raise invalid_argument(f"Number of batches of 'then' must match size of 'cond', but saw: "
                                   f"{xs[0]} vs. {cs[0]}", "Select")
        if xs != ys:
            raise invalid_argument(f"'then' and 'else' must have the same size.  but received: "
                                   f"{shape_text(xs)} vs. {shape_text(ys)}", "Select")
        c = c.reshape(cs + (1,) * (len(xs) - len(cs)))
    else:
        for index, shape in ((1, xs), (2, ys)):
            if shape != cs:
                raise invalid_argument(
                    "Inputs to operation Select of type Select must have the same size and shape.  "
                    f"Input 0: {shape_text(cs)} != input {index}: {shape_text(shape)}", "Select")
    return _select(c, a, b)


@export("where_v2")
def where_v2(condition, x=None, y=None, name=None):
    """tf.where_v2: like tf.where, but condition, x and y broadcast together."""
    if x is None and y is None:
        return _coordinates(condition)
    c, a, b = _select_inputs(condition, x, y, "SelectV2")
    try:
        np.broadcast_shapes(tuple(c.shape), tuple(a.shape), tuple(b.shape))
    except ValueError:
        raise invalid_argument(f"condition {shape_text(c.shape)}, then {shape_text(a.shape)}, and else "
                               f"{shape_text(b.shape)} must be broadcastable", "SelectV2") from None
    return _select(c, a, b)


# --- monotonicity --------------------------------------------------------------------------

def _monotonic(x, compare, op_name):
    value = convert(x)
    if type(value) is np.ndarray or value.dtype is torch.bool or value.dtype.is_complex:
        raise TypeError(f"Expected x to be numeric, but got {dtype_of(value)!r}")  # TF's check
    flat = value.reshape(-1)
    try:
        ordered = compare(flat[:-1], flat[1:])
    except _CAUGHT as error:
        ordered = unsigned_retry(compare, error, op_name, (flat[:-1], flat[1:]))
    return wrap(torch.all(ordered))


@export("is_non_decreasing", "math.is_non_decreasing", "debugging.is_non_decreasing")
def is_non_decreasing(x, name=None):
    """tf.is_non_decreasing: True when each element (row-major) is >= the one before it."""
    return _monotonic(x, torch.le, "LessEqual")


@export("is_strictly_increasing", "math.is_strictly_increasing", "debugging.is_strictly_increasing")
def is_strictly_increasing(x, name=None):
    """tf.is_strictly_increasing: True when each element (row-major) is > the one before it."""
    return _monotonic(x, torch.lt, "Less")


# --- complex parts and polynomials ---------------------------------------------------------

def _numeric(x, message):
    value = convert(x)
    if type(value) is np.ndarray or value.dtype is torch.bool:
        raise TypeError(message.format(dtype=dtype_of(value)))
    return value


_COMPLEX_PARTS = frozenset({torch.float32, torch.float64})  # torch.complex gives complex64 / complex128


@export("complex", "dtypes.complex")
def complex(real, imag, name=None):
    """tf.complex: real + imag * 1j (float32 -> complex64, float64 -> complex128), broadcasting."""
    a, b = convert(real), convert(imag)
    if type(a) is np.ndarray or type(b) is np.ndarray or a.dtype is not b.dtype or a.dtype not in _COMPLEX_PARTS:
        raise TypeError(f"real and imag have incorrect types: {dtype_of(a).name} {dtype_of(b).name}")
    try:
        return wrap(torch.complex(a, b.to(a.device)))
    except _CAUGHT as error:
        raise translate_error(error, "Complex", a, b) from None


@export("real", "math.real")
def real(input, name=None):
    """tf.real: the real part of a complex tensor; real tensors come back unchanged."""
    value = _numeric(input, "input must be a numeric tensor, but got tensor with dtype {dtype}")
    return wrap(torch.real(value).clone() if value.dtype.is_complex else value)


@export("imag", "math.imag")
def imag(input, name=None):
    """tf.imag: the imaginary part of a complex tensor; zeros for real tensors."""
    value = _numeric(input, "input must be a numeric tensor, but got tensor with dtype {dtype}")
    return wrap(torch.imag(value).clone() if value.dtype.is_complex else torch.zeros_like(value))


@export("conj", "math.conj")
def conj(x, name=None):
    """tf.conj: the complex conjugate; real tensors come back unchanged."""
    value = _numeric(x, "Expected numeric or variant tensor, got dtype {dtype!r}.")
    return wrap(torch.conj_physical(value) if value.dtype.is_complex else value)


@export("angle", "math.angle")
def angle(input, name=None):
    """tf.angle: the argument of complex numbers (real dtype); pi for negative reals, else 0."""
    value = _numeric(input, "input must be a numeric tensor, but got tensor with dtype {dtype}")
    if not is_floating(value):
        raise TypeError(f"Cannot convert {math.pi!r} to EagerTensor of dtype {dtype_of(value).name}")
    return wrap(torch.angle(value))


@export("lbeta", "math.lbeta")
def lbeta(x, name=None):
    """tf.lbeta: log of the multivariate Beta function over the last axis."""
    log_gamma = lgamma(x)._t
    value = convert(x)
    return wrap(torch.sum(log_gamma, -1) - torch.lgamma(torch.sum(value, -1)))


@export("math.polyval")
def polyval(coeffs, x, name=None):
    """tf.math.polyval: sum(coeffs[i] * x**(n-1-i)) by Horner's rule; coeffs is a list."""
    if not isinstance(coeffs, list):
        raise ValueError(f"Argument coeffs must be list type. Received type {type(coeffs)}.")
    x = x if type(x) is Tensor else wrap(convert(x))
    if not coeffs:
        return wrap(torch.zeros_like(x._t))
    result = coeffs[0] if type(coeffs[0]) is Tensor else wrap(convert(coeffs[0], x.dtype))
    for coefficient in coeffs[1:]:
        result = add(coefficient, multiply(result, x))
    return result
