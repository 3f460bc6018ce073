"""Runtime checks with TF 1.x eager semantics: tf.assert_*, tf.Assert, tf.check_numerics ...

In eager mode a passing assert returns None (``assert_scalar`` and the finite checks
return their tensor); a failing value check raises ``tf.errors.InvalidArgumentError``
with the text TF's eager code builds, and static rank/shape/type problems raise
ValueError/TypeError as TF's Python does.  The elementwise comparisons go through the
public comparison ops, so operand conversion and their errors are TF's.
"""

import operator

import numpy as np
import torch

from ..framework import dtypes
from ..framework.dtypes import as_dtype
from ..framework.errors import InvalidArgumentError, attr_error, invalid_argument
from ..framework.kernel_dtypes import FLOAT, FLOATING
from ..framework.tensor import Tensor, convert, dtype_of, wrap
from ..framework.tensor_shape import shape_string
from ..registry import export
from .arguments import deprecated_argument_lookup
from .math_ops import equal, greater, greater_equal, less, less_equal, not_equal


def _tensor(value):
    return value if type(value) is Tensor else wrap(convert(value))


def _prefix(message):
    """TF's ``_message_prefix``: "message.  " or ""."""
    return f"{message}.  " if message else ""


def _describe(tensor):
    """TF's eager name for a tensor in messages: "shape=(2,) dtype=int32"."""
    return f"shape={shape_string(tuple(tensor._t.shape))} dtype={tensor.dtype.name}"


def _flat(tensor):
    return np.asarray(tensor.numpy()).reshape(-1)


def _count(summarize):
    """A ``summarize`` argument as an int: 3 when None (TypeError for non-integers)."""
    if summarize is None:
        return 3
    try:
        return operator.index(summarize)
    except (AttributeError, TypeError):
        raise TypeError(f"summarize must be an integer, not {type(summarize).__name__}") from None


def _limit(summarize, size):
    return size if summarize < 0 else summarize


def _all(result):
    return bool(torch.all(result._t))


def _failure(message):
    return InvalidArgumentError(None, None, message)


# --- the elementwise comparisons ---------------------------------------------------------------

def _pretty(item, summarize):
    """One data item as TF 2's eager ``_pretty_print`` shows it."""
    if not isinstance(item, Tensor):
        return str(item)
    if item._t.ndim == 0:
        return str(item.numpy())
    flat = _flat(item)
    shown = [str(v) for v in flat[:_limit(summarize, flat.size)]]
    if len(shown) < flat.size:
        shown.append("...")
    return str(shown)


def _data_failure(data, summarize):
    summarize = _count(summarize)
    return _failure("\n".join(_pretty(item, summarize) for item in data))


def _binary_assert(symbol, compare, x, y, data, summarize, message):
    """TF's eager ``_binary_assert``: None when ``compare(x, y)`` holds everywhere."""
    test = compare(x, y)
    if _all(test):
        return None
    if data is not None:
        raise _data_failure(data, summarize)
    x, y = _tensor(x), _tensor(y)
    lines = [message] if message else []
    lines.append(f"Condition x {symbol} y did not hold.")
    summarize = _count(summarize)
    if summarize:
        x_np, y_np = _flat(x), _flat(y)
        if x._t.shape == y._t.shape and x._t.ndim:
            mask = ~np.asarray(test.numpy())
            count = min(_limit(summarize, mask.size), int(mask.sum()))
            lines += [f"Indices of first {count} different values:",
                      str(np.argwhere(mask)[:count]), "Corresponding x values:",
                      str(np.asarray(x.numpy())[mask][:count]), "Corresponding y values:",
                      str(np.asarray(y.numpy())[mask][:count])]
        x_count, y_count = (min(v.size, _limit(summarize, v.size)) for v in (x_np, y_np))
        lines += [f"First {x_count} elements of x:", str(x_np[:x_count]),
                  f"First {y_count} elements of y:", str(y_np[:y_count])]
    raise _failure("\n".join(lines))


def _binary(symbol, compare):
    def check(x, y, data=None, summarize=None, message=None, name=None):
        return _binary_assert(symbol, compare, x, y, data, summarize, message)
    return check


assert_equal = export("assert_equal", "debugging.assert_equal")(_binary("==", equal))
assert_none_equal = export("assert_none_equal", "debugging.assert_none_equal")(_binary("!=", not_equal))
assert_less = export("assert_less", "debugging.assert_less")(_binary("<", less))
assert_less_equal = export("assert_less_equal", "debugging.assert_less_equal")(_binary("<=", less_equal))
assert_greater = export("assert_greater", "debugging.assert_greater")(_binary(">", greater))
assert_greater_equal = export("assert_greater_equal", "debugging.assert_greater_equal")(
    _binary(">=", greater_equal))
for _function, _name in ((assert_equal, "assert_equal"), (assert_none_equal, "assert_none_equal"),
                         (assert_less, "assert_less"), (assert_less_equal, "assert_less_equal"),
                         (assert_greater, "assert_greater"), (assert_greater_equal, "assert_greater_equal")):
    _function.__name__ = _function.__qualname__ = _name


def _sign_check(condition, compare, zero_first):
    """assert_positive and friends: ``x`` against a zero of its dtype."""

    def check(x, data=None, summarize=None, message=None, name=None):
        x = _tensor(x)
        if x.dtype._kind in "sb":
            raise TypeError(f"Cannot convert 0 to EagerTensor of dtype {x.dtype.name}")
        zero = wrap(torch.zeros((), dtype=x._t.dtype, device=x._t.device))
        if _all(compare(zero, x) if zero_first else compare(x, zero)):
            return None
        if data is None:
            data = [_prefix(message), condition.format(_describe(x)), x]
        raise _data_failure(data, summarize)
    return check


assert_positive = export("assert_positive", "debugging.assert_positive")(
    _sign_check("Condition x > 0 did not hold element-wise:\nx ({}) = ", less, True))
assert_negative = export("assert_negative", "debugging.assert_negative")(
    _sign_check("Condition x < 0 did not hold element-wise:\nx ({}) = ", less, False))
assert_non_negative = export("assert_non_negative", "debugging.assert_non_negative")(
    _sign_check("Condition x >= 0 did not hold element-wise:\nx ({}) = ", less_equal, True))
# TF's own text runs the condition into the next line here (a missing comma in check_ops.py).
assert_non_positive = export("assert_non_positive", "debugging.assert_non_positive")(
    _sign_check("Condition x <= 0 did not hold element-wise:x ({}) = ", less_equal, False))


# --- tf.Assert and assert_near -----------------------------------------------------------------

def _summarize(item, summarize):
    """TF's ``_summarize_eager``: "1, 2, 3, ..." (the C++ Tensor::SummarizeValue look)."""
    tensor = _tensor(item)
    limit = _count(summarize)
    if tensor._t.ndim:
        flat = _flat(tensor)
        shown = [str(v) for v in flat[:_limit(limit, flat.size)]]
        if len(shown) < flat.size:
            shown.append("...")
    else:
        shown = [str(tensor.numpy())] if limit != 0 else []
    return ", ".join(shown)


@export("Assert", "debugging.Assert")
def Assert(condition, data, summarize=None, name=None):
    """tf.Assert: None when ``condition`` is true; InvalidArgumentError listing ``data`` otherwise."""
    if condition:
        return None
    texts = [_summarize(item, summarize) for item in data]
    raise _failure(f"Expected '{condition!s}' to be true. Summarized data: " + "\n".join(texts))


@export("assert_near", "debugging.assert_near")
def assert_near(x, y, rtol=None, atol=None, data=None, summarize=None, message=None, name=None):
    """tf.assert_near: |x - y| <= atol + rtol * |y| elementwise (tolerances default to 10 eps)."""
    x = _tensor(x)
    if x.dtype._kind not in "fc":
        numpy_name = getattr(x.dtype._numpy, "__name__", "object_")
        raise ValueError(f"data type <class 'numpy.{numpy_name}'> not inexact")
    y = wrap(convert(y, x.dtype))
    eps = 10 * torch.finfo(x._t.dtype).eps
    rtol = wrap(convert(eps if rtol is None else rtol, x.dtype))
    atol = wrap(convert(eps if atol is None else atol, x.dtype))
    x_t, y_t = x._t, y._t
    try:
        holds = torch.abs(x_t - y_t) <= atol._t.real + rtol._t.real * torch.abs(y_t)
    except RuntimeError:
        raise invalid_argument("Incompatible shapes: " + " vs. ".join(
            "[" + ",".join(map(str, t.shape)) + "]" for t in (x_t, y_t)), "Sub") from None
    condition = wrap(torch.all(holds))
    if data is None:
        data = [_prefix(message), f"x and y not equal to tolerance rtol = {rtol!s}, atol = {atol!s}",
                f"x ({_describe(x)}) = ", x, f"y ({_describe(y)}) = ", y]
    return Assert(condition, data, summarize)


# --- static checks: rank, type, shape ----------------------------------------------------------

def _rank_value(rank):
    """A rank argument as a Python int: TF checks it is an int32 scalar."""
    value = _tensor(rank)
    if value.dtype != dtypes.int32:
        raise TypeError(f"tensor must be of type tf.int32; got tf.{value.dtype.name}")
    if value._t.ndim != 0:
        raise ValueError("Rank must be a scalar.")
    return int(value._t)


def _rank_error(message, requirement, x):
    sizes = tuple(x._t.shape)
    return ValueError(f"{_prefix(message)}Tensor  must have rank {requirement}.  "
                      f"Received rank {len(sizes)}, shape {shape_string(sizes)}")


@export("assert_rank", "debugging.assert_rank")
def assert_rank(x, rank, data=None, summarize=None, message=None, name=None):
    """tf.assert_rank: ValueError unless ``x`` has rank ``rank``."""
    x, rank = _tensor(x), _rank_value(rank)
    if x._t.ndim != rank:
        raise _rank_error(message, rank, x)


@export("assert_rank_at_least", "debugging.assert_rank_at_least")
def assert_rank_at_least(x, rank, data=None, summarize=None, message=None, name=None):
    """tf.assert_rank_at_least: ValueError unless ``x`` has rank >= ``rank``."""
    x, rank = _tensor(x), _rank_value(rank)
    if x._t.ndim < rank:
        raise _rank_error(message, f"at least {rank}", x)


@export("assert_rank_in", "debugging.assert_rank_in")
def assert_rank_in(x, ranks, data=None, summarize=None, message=None, name=None):
    """tf.assert_rank_in: ValueError unless the rank of ``x`` is one of ``ranks``."""
    x = _tensor(x)
    ranks = tuple(_rank_value(rank) for rank in ranks)
    if x._t.ndim not in ranks:
        raise _rank_error(message, f"in {ranks}", x)


@export("assert_type", "debugging.assert_type")
def assert_type(tensor, tf_type, message=None, name=None):
    """tf.assert_type: TypeError unless ``tensor`` has dtype ``tf_type``."""
    tf_type = as_dtype(tf_type)
    dtype = _tensor(tensor).dtype
    if dtype != tf_type:
        raise TypeError(f"{_prefix(message)}tensor must be of type {tf_type!r}; got {dtype!r}")


@export("assert_integer", "debugging.assert_integer")
def assert_integer(x, message=None, name=None):
    """tf.assert_integer: TypeError unless ``x`` has an integer dtype."""
    dtype = _tensor(x).dtype
    if not dtype.is_integer:
        raise TypeError(f'{_prefix(message)}Expected "x" to be integer type.  Found: tensor of dtype {dtype}')


@export("assert_scalar", "debugging.assert_scalar")
def assert_scalar(tensor, name=None, message=None):
    """tf.assert_scalar: the tensor itself when it is a scalar, ValueError otherwise."""
    tensor = _tensor(tensor)
    if tensor._t.ndim != 0:
        raise ValueError(f"{_prefix(message)}Expected scalar shape, saw shape: "
                         f"{shape_string(tuple(tensor._t.shape))}.")
    return tensor


@export("assert_proper_iterable", "debugging.assert_proper_iterable")
def assert_proper_iterable(values):
    """tf.assert_proper_iterable: TypeError for tensors, arrays, strings and non-iterables."""
    if isinstance(values, (Tensor, np.ndarray, str, bytes)):
        raise TypeError(f'Expected argument "values" to be a "proper" iterable.  Found: {type(values)}')
    if not hasattr(values, "__iter__"):
        raise TypeError(f'Expected argument "values" to be iterable.  Found: {type(values)}')


def _item_dtype(item):
    dtype = getattr(item, "dtype", None)
    if not isinstance(dtype, dtypes.DType):
        raise TypeError(f"Expected a tensor, got {type(item).__name__}: {item!r}")
    return dtype.base_dtype


@export("assert_same_float_dtype", "debugging.assert_same_float_dtype")
def assert_same_float_dtype(tensors=None, dtype=None):
    """tf.assert_same_float_dtype: the one floating dtype of ``tensors`` (and ``dtype``)."""
    expected = None if dtype is None else as_dtype(dtype)
    first = None
    for item in tensors or ():
        if item is None:
            continue
        item_type = _item_dtype(item)
        if expected is None:
            expected, first = item_type, str(item)
        elif item_type != expected:
            origin = f" as {first}" if first else ""
            raise ValueError(f"{item!s}, type={item_type}, must be of the same type ({expected}){origin}.")
    if expected is None:
        return dtypes.float32
    if not expected.is_floating:
        raise ValueError(f"Expected floating point type, got {expected}.")
    return expected


@export("is_numeric_tensor", "debugging.is_numeric_tensor")
def is_numeric_tensor(tensor):
    """tf.is_numeric_tensor: True for a tensor of a numeric (not bool or string) dtype."""
    return isinstance(tensor, Tensor) and tensor.dtype._kind in "fiuc"


@export("debugging.assert_shapes")
def assert_shapes(shapes, data=None, summarize=None, message=None, name=None):
    """tf.debugging.assert_shapes: the tensors' shapes against symbolic specs ("N", 3, None, "*")."""
    prefix = _prefix(message)
    items = shapes.items() if isinstance(shapes, dict) else shapes
    checks = []
    for x, spec in items:
        x = _tensor(x)
        if not (hasattr(spec, "__iter__") or hasattr(spec, "__getitem__")):
            raise ValueError(f"{prefix}Tensor {_describe(x)}.  Specified shape must be an iterable.  An "
                             f"iterable has the attribute `__iter__` or `__getitem__`.  Received "
                             f"specified shape: {spec}")
        spec = tuple(spec)
        for index, symbol in enumerate(spec):
            if isinstance(symbol, str) and symbol == "*" or symbol is Ellipsis:
                if index:
                    raise ValueError(f"{prefix}Tensor {_describe(x)} specified shape index {index}.  Symbol "
                                     "`...` or `*` for a variable number of unspecified dimensions is "
                                     "only allowed as the first entry")
        sizes = tuple(x._t.shape)
        if spec and (spec[0] is Ellipsis or isinstance(spec[0], str) and spec[0] == "*"):
            assert_rank_at_least(x, len(spec) - 1, message=message)
            dims = [(index - len(spec), sizes[index - len(spec)], symbol)
                    for index, symbol in enumerate(spec) if index]
        else:
            if len(spec) <= 1:  # TF reads a one-entry spec as a vector or a scalar
                assert_rank_in(x, (0, 1), message=message)
                spec, sizes = spec or (1,), sizes or (1,)
            else:
                assert_rank(x, len(spec), message=message)
            dims = list(zip(range(len(spec)), sizes, spec))
        checks.append((x, dims))
    known = {}
    for x, dims in checks:
        for index, size, symbol in dims:
            if symbol is None or isinstance(symbol, str) and symbol == ".":
                continue
            if isinstance(symbol, int) and not isinstance(symbol, bool):
                expected, origin = symbol, "Specified explicitly"
            elif symbol in known:
                expected, origin = known[symbol]
            else:
                known[symbol] = (size, f"Specified by tensor {_describe(x)} dimension {index}")
                continue
            if size != expected:
                raise ValueError(f"{prefix}{origin}.  Tensor {_describe(x)} dimension {index} must have "
                                 f"size {expected}.  Received size {size}, shape "
                                 f"{shape_string(tuple(x._t.shape))}")


# --- numerics ----------------------------------------------------------------------------------

_CHECKED = FLOATING


@export("check_numerics", "debugging.check_numerics")
def check_numerics(tensor, message, name=None):
    """tf.check_numerics: ``tensor`` unchanged, or InvalidArgumentError when it holds NaN or Inf."""
    if not isinstance(message, str):
        raise TypeError(f"Expected string for argument 'message' not {message!r}.")
    value = convert(tensor)
    if type(value) is np.ndarray or value.dtype not in _CHECKED:
        raise attr_error("CheckNumerics", "T", dtype_of(value), FLOAT)
    has_nan, has_inf = bool(torch.isnan(value).any()), bool(torch.isinf(value).any())
    if has_nan or has_inf:
        found = "Inf and NaN" if has_nan and has_inf else "NaN" if has_nan else "Inf"
        raise invalid_argument(f"{message} : Tensor had {found} values", "CheckNumerics")
    return wrap(value.clone())


@export("verify_tensor_all_finite", "debugging.assert_all_finite")
def verify_tensor_all_finite(t=None, msg=None, name=None, x=None, message=None):
    """tf.verify_tensor_all_finite: tf.check_numerics under TF 1.x's argument names."""
    t = deprecated_argument_lookup("x", x, "t", t)
    msg = deprecated_argument_lookup("message", message, "msg", msg)
    return check_numerics(t, msg)
