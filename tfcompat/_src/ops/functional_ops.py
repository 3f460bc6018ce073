"""Functional control flow under eager execution: map_fn, scan, foldl, foldr, case, switch_case.

TF 1.x eager runs these as Python loops over TensorArrays; here each element is a row of the
input (a torch view, so gradients reach ``elems``), ``fn`` runs once per row, and the outputs
are stacked.  ``parallel_iterations``, ``back_prop`` and ``swap_memory`` change nothing under
eager execution (TF 1.15's eager loops ignore them too).
"""

import sys
import threading
import time

import numpy as np
import torch

from ..framework.errors import invalid_argument
from ..framework.tensor import Tensor, convert, wrap
from ..framework.dtypes import as_dtype, dtype_of
from ..framework import context
from ..registry import PARTIAL, export
from ..util import nest
from .arguments import python_int
from .check_ops import Assert
from .control_flow_ops import _require_callable, _unpack_singleton
from .string_format import tensor_summary


# --- rows in, stacked rows out -------------------------------------------------------------------

def _flat_elems(elems, op):
    """``elems`` flattened to backing tensors that share a leading dimension, and that dimension."""
    flat = [convert(elem) for elem in nest.flatten(elems)]
    if not flat:
        raise ValueError(f"{op}: elems must hold at least one tensor")
    for backing in flat:
        if backing.ndim == 0:
            raise ValueError("Elements in elems must be 1+ dimensional Tensors, not scalars")
    n = flat[0].shape[0]
    for backing in flat[1:]:
        if backing.shape[0] != n:
            raise ValueError(f"Dimensions {n} and {backing.shape[0]} are not compatible")
    return flat, n


def _row(elems, flat, index):
    """Element ``index`` of every tensor in ``elems``, in ``elems``'s structure."""
    return nest.pack_sequence_as(elems, [wrap(backing[index]) for backing in flat])


class _Stacker:
    """Collects one output structure per iteration (TF's TensorArrays) and stacks them."""

    def __init__(self, structure, dtypes, infer_shape):
        self.structure = structure
        self.dtypes = [as_dtype(dtype) for dtype in nest.flatten(dtypes)]
        self.infer_shape = infer_shape
        self.columns = None

    def add(self, values):
        nest.assert_same_structure(self.structure, values)
        backings = [_written(value, dtype) for value, dtype in zip(nest.flatten(values), self.dtypes)]
        if self.columns is None:
            self.columns = [[] for _ in backings]
        for column, backing in zip(self.columns, backings):
            if self.infer_shape and column and column[0].shape != backing.shape:
                raise ValueError(f"Incompatible shape for value ({tuple(backing.shape)}), "
                                 f"expected ({tuple(column[0].shape)})")
            column.append(backing)

    def stack(self):
        if self.columns is None:  # no iteration: empty results of the declared dtypes
            return nest.pack_sequence_as(self.structure, [wrap(_empty(dtype)) for dtype in self.dtypes])
        return nest.pack_sequence_as(self.structure, [wrap(_stack(column)) for column in self.columns])


def _written(value, dtype):
    """``value`` as TF's TensorArray.write takes it: converted with ``dtype`` as hint, dtypes must match."""
    backing = convert(value) if isinstance(value, Tensor) else _hinted(value, dtype)
    actual = dtype_of(backing)
    if actual != dtype:
        raise invalid_argument(f"TensorArray dtype is {dtype.name} but Op is trying to write dtype {actual.name} ")
    return backing


def _hinted(value, dtype):
    try:
        return convert(value, dtype)
    except (TypeError, ValueError):
        return convert(value)


def _stack(column):
    first = column[0].shape
    for index, backing in enumerate(column[1:], 1):
        if backing.shape != first:
            raise invalid_argument(f"Shapes of all inputs must match: values[0].shape = {list(first)} != "
                                   f"values[{index}].shape = {list(backing.shape)}", "Pack")
    return torch.stack(column)


def _empty(dtype):
    if dtype._kind == "s":
        raise ValueError("map_fn: an empty string result is not supported")
    return torch.zeros(0, dtype=dtype._torch, device=context.current_device())


# --- map_fn, scan, foldl, foldr -----------------------------------------------------------------

@export("map_fn")
def map_fn(fn, elems, dtype=None, parallel_iterations=None, back_prop=True, swap_memory=False,
           infer_shape=True, name=None):
    """``fn`` on each row of ``elems`` (unpacked along axis 0), results stacked; ``dtype`` gives the
    structure and dtypes of ``fn``'s result when they differ from ``elems``'s."""
    _require_callable(fn, "fn")
    flat, n = _flat_elems(elems, "map_fn")
    structure = dtype if dtype is not None else elems
    stacker = _Stacker(structure, dtype if dtype is not None else [dtype_of(b) for b in flat], infer_shape)
    for index in range(n):
        stacker.add(fn(_row(elems, flat, index)))
    return stacker.stack()


@export("scan")
def scan(fn, elems, initializer=None, parallel_iterations=10, back_prop=True, swap_memory=False,
         infer_shape=True, reverse=False, name=None):
    """Every accumulator ``a = fn(a, row)`` over the rows of ``elems`` (last to first when
    ``reverse``), stacked; without ``initializer`` the first row starts the accumulator."""
    _require_callable(fn, "fn")
    flat, n = _flat_elems(elems, "scan")
    order = range(n - 1, -1, -1) if reverse else range(n)
    if initializer is None:
        if n == 0:
            raise invalid_argument("Tried to read from index 0 but array size is: 0 ")
        accumulator = _row(elems, flat, order[0])
        order = order[1:]
        structure = elems
    else:
        accumulator = nest.map_structure(_as_tensor, initializer)
        structure = initializer
    # TF's TensorArrays take the accumulator's dtypes: a result of another dtype is an error.
    stacker = _Stacker(structure, [dtype_of(convert(value)) for value in nest.flatten(accumulator)], infer_shape)
    if initializer is None:
        stacker.add(accumulator)
    for index in order:
        accumulator = fn(accumulator, _row(elems, flat, index))
        stacker.add(accumulator)
    result = stacker.stack()
    if reverse:
        result = nest.map_structure(lambda t: wrap(torch.flip(t._t, [0])), result)
    return result


def _as_tensor(value):
    return value if isinstance(value, Tensor) else wrap(convert(value))


def _fold(fn, elems, initializer, reverse):
    _require_callable(fn, "fn")
    flat, n = _flat_elems(elems, "foldr" if reverse else "foldl")
    order = range(n - 1, -1, -1) if reverse else range(n)
    if initializer is None:
        if n == 0:
            raise _read_empty(-1 if reverse else 0)
        accumulator = _row(elems, flat, order[0])
        order = order[1:]
    else:
        accumulator = initializer
    for index in order:
        accumulator = fn(accumulator, _row(elems, flat, index))
    return nest.map_structure(_as_tensor, accumulator)


def _read_empty(index):
    from ..framework.errors import OutOfRangeError
    return OutOfRangeError(None, None, f"Tried to read from index {index} but array size is: 0 ")


@export("foldl")
def foldl(fn, elems, initializer=None, parallel_iterations=10, back_prop=True, swap_memory=False, name=None):
    """``a = fn(a, row)`` over the rows of ``elems``, first to last; the final accumulator."""
    return _fold(fn, elems, initializer, reverse=False)


@export("foldr")
def foldr(fn, elems, initializer=None, parallel_iterations=10, back_prop=True, swap_memory=False, name=None):
    """``a = fn(a, row)`` over the rows of ``elems``, last to first; the final accumulator."""
    return _fold(fn, elems, initializer, reverse=True)


# --- case, switch_case --------------------------------------------------------------------------

def _case_pairs(pred_fn_pairs):
    if not isinstance(pred_fn_pairs, (list, tuple, dict)):
        raise TypeError("fns must be a list, tuple, or dict")
    if isinstance(pred_fn_pairs, dict):
        pred_fn_pairs = list(pred_fn_pairs.items())  # insertion order, as TF 1.15 under eager
    for pair in pred_fn_pairs:
        if not isinstance(pair, tuple) or len(pair) != 2:
            raise TypeError("Each entry in pred_fn_pairs must be a 2-tuple")
        pred, fn = pair
        if not isinstance(pred, Tensor):
            raise TypeError(f"pred must be a Tensor, got: {pred}")
        if dtype_of(pred._t).name != "bool":
            raise TypeError(f"pred must be Tensor of type bool: {pred!r}")
        if not callable(fn):
            raise TypeError(f"fn for pred {pred!r} must be callable.")
    return [pair[0] for pair in pred_fn_pairs], [pair[1] for pair in pred_fn_pairs]


def _true_count(predicates):
    return sum(bool(pred) for pred in predicates)


def _stacked(predicates):
    return wrap(torch.stack([pred._t.reshape(()) for pred in predicates]))


@export("case", status=PARTIAL,
        note="A non-bool pred or a non-callable fn raises the TypeError TF 1.15 meant; TF 1.15 under eager "
             "raised AttributeError there (it formats the message with Tensor.name).")
def case(pred_fn_pairs, default=None, exclusive=False, strict=False, name="case"):
    """The result of the fn of the first true pred, else of ``default`` (without one, the last fn,
    and an error when no pred is true); ``exclusive`` requires at most one true pred."""
    predicates, actions = _case_pairs(pred_fn_pairs)
    if default is not None:
        _require_callable(default, "default")
    if exclusive and predicates and _true_count(predicates) > 1:
        names = ", ".join("?" for _ in predicates)
        Assert(wrap(torch.tensor(False)), [f"Input error: exclusive=True: more than 1 conditions ({names}) "
                                           "evaluated as True:", _stacked(predicates)],
               summarize=len(predicates))
    if default is None:
        if not predicates:
            raise ValueError("case: pred_fn_pairs is empty and no default is given")
        if not any(bool(pred) for pred in predicates):
            Assert(predicates[-1], ["Input error: None of conditions evaluated as True:", _stacked(predicates)])
        default = actions[-1]
    chosen = next((action for pred, action in zip(predicates, actions) if pred), default)
    result = chosen()
    return result if strict else _unpack_singleton(result)


def _branch_list(branch_fns):
    """``branch_fns`` (callables, (index, callable) pairs or a dict of them) as a list by index."""
    if isinstance(branch_fns, dict):
        branch_fns = list(branch_fns.items())
    if not isinstance(branch_fns, (list, tuple)):
        raise TypeError("branch_fns must be a list, tuple, or dict")
    if not branch_fns:
        raise ValueError("Must provide at least one item in branch_fns")
    if all(isinstance(item, tuple) and len(item) == 2 for item in branch_fns):
        keys = [key for key, _ in branch_fns]
        if sorted(keys) != list(range(len(keys))):
            raise ValueError(f"branch indices (keys) must form contiguous range of [0 to {len(keys)}) "
                             f"but found keys: {keys}")
        branch_fns = [fn for _, fn in sorted(branch_fns, key=lambda item: item[0])]
    for key, fn in enumerate(branch_fns):
        if not callable(fn):
            raise TypeError(f"fn for key {key} must be callable.")
    return list(branch_fns)


@export("switch_case")
def switch_case(branch_index, branch_fns, default=None, name="switch_case"):
    """``branch_fns[branch_index]()``; an index outside them runs ``default`` (without one, the last branch)."""
    fns = _branch_list(branch_fns)
    if default is not None:
        _require_callable(default, "default")
    index_backing = convert(branch_index)
    if dtype_of(index_backing).name != "int32" or index_backing.ndim != 0:
        raise TypeError(f"branch_index must be an int32 scalar Tensor, got: {branch_index!r}")
    index = int(index_backing)
    if 0 <= index < len(fns):
        return fns[index]()
    return (default or fns[-1])()


# --- py_func, py_function, numpy_function -------------------------------------------------------

# How TF's PyFunc kernels report a Python exception raised by the wrapped function (py_func.cc).
_PY_ERRORS = {ValueError: "InvalidArgumentError", TypeError: "InvalidArgumentError",
              StopIteration: "OutOfRangeError", IndexError: "OutOfRangeError",
              MemoryError: "ResourceExhaustedError", NotImplementedError: "UnimplementedError"}


def _op_error(error):
    from ..framework import errors
    name = next((name for kind, name in _PY_ERRORS.items() if isinstance(error, kind)), "UnknownError")
    return getattr(errors, name)(None, None, f"{type(error).__name__}: {error}")


def _output_dtypes(Tout):
    """(the DTypes of ``Tout``, whether the op returns a list)."""
    if isinstance(Tout, (list, tuple)):
        return [as_dtype(dtype) for dtype in Tout], True
    if Tout is None:
        raise TypeError("Tout must be a DType or a list of DTypes, got None")
    return [as_dtype(Tout)], False


def _call_python(func, args, dtypes, as_list, to_backing, op):
    """Run ``func(*args)`` as TF's PyFunc kernels do: its exceptions become OpErrors, and it must
    return as many values as ``dtypes``, each converted by ``to_backing(value, dtype)``."""
    if not callable(func):
        raise TypeError(f"{op}: func must be callable")
    try:
        result = func(*args)
    except Exception as error:  # noqa: BLE001 - any Python error of the user's function is the op's error
        raise _op_error(error) from error
    values = [] if result is None and not dtypes else (
        list(result) if isinstance(result, (list, tuple)) else [result])
    if len(values) != len(dtypes):
        raise invalid_argument(f"pyfunc_0 returns {len(values)} values, but expects to see {len(dtypes)} values.")
    try:
        outputs = [wrap(to_backing(value, dtype)) for value, dtype in zip(values, dtypes)]
    except Exception as error:  # noqa: BLE001 - converting the results is part of the Python call
        raise _op_error(error) from error
    return outputs if as_list else outputs[0]


def _from_numpy(value, dtype):
    """A NumPy-returning function's result as ``dtype``: NumPy casts it, as TF's py_func does."""
    if dtype._kind == "s":
        return convert(np.asarray(value, dtype=object), dtype)
    return convert(np.asarray(value, dtype=dtype.as_numpy_dtype), dtype)


def _numpy_argument(value):
    """An input as py_func hands it over: an ndarray (0-d for a scalar)."""
    return np.asarray(wrap(convert(value)).numpy())


@export("py_func")
def py_func(func, inp, Tout, stateful=True, name=None):
    """``func`` called with NumPy arrays of ``inp``; its results, cast to ``Tout`` as NumPy casts.
    Not differentiable (TF registers no gradient for PyFunc): tapes see its outputs as constants."""
    dtypes, as_list = _output_dtypes(Tout)
    return _call_python(func, [_numpy_argument(value) for value in inp], dtypes, as_list, _from_numpy, "py_func")


@export("numpy_function")
def numpy_function(func, inp, Tout, name=None):
    """TF 1.15's numpy_function: py_func, always stateful."""
    return py_func(func, inp, Tout, stateful=True, name=name)


def _tensor_result(value, dtype):
    if type(value) in _tensor_types():
        raise RuntimeError("Attempting to return a variable from an eagerly executed py_func. Only numeric data "
                           "structures like Tensors or NumPy arrays should be returned; to return the value of a "
                           "variable, make sure to obtain the Tensor backing it by calling `.read_value()` on the "
                           f"variable in question: {value}")
    return convert(value, dtype)


@export("py_function", "contrib.eager.py_func")
def py_function(func, inp, Tout, name=None):
    """``func`` called with eager tensors of ``inp``; tapes differentiate through the ops it runs,
    as TF's EagerPyFunc gradient does."""
    dtypes, as_list = _output_dtypes(Tout)
    args = [value if isinstance(value, Tensor) else wrap(convert(value)) for value in inp]
    return _call_python(func, args, dtypes, as_list, _tensor_result, "py_function")


# --- tf.Print, tf.print -------------------------------------------------------------------------

def _element_text(value, quote_strings):
    """One element as TF's C++ printing writes it (strings::StrCat's shortest round-trip floats)."""
    if isinstance(value, bytes):
        text = value.decode("utf-8", "backslashreplace")
        return f'"{text}"' if quote_strings else text
    if isinstance(value, (np.bool_, bool)):
        return "1" if value else "0"
    if isinstance(value, np.floating):
        return _float_text(value)
    if isinstance(value, np.complexfloating):
        return f"({_float_text(value.real)},{_float_text(value.imag)})"
    return str(value)


def _float_text(value):
    if np.isnan(value):
        return "nan"
    if np.isinf(value):
        return "inf" if value > 0 else "-inf"
    short, long = (15, 17) if value.dtype == np.float64 else (6, 9)
    text = "%.*g" % (short, value)
    if type(value)(text) != value:
        text = "%.*g" % (long, value)
    return text


def _summary_v1(array, limit):
    """Tensor::SummarizeValue as tf.Print calls it: elements space-separated, nested rows in
    brackets, at most ``limit`` elements, then "..." when some were left out."""
    flat = array.reshape(-1)
    limit = flat.size if limit < 0 else min(limit, flat.size)
    if array.ndim <= 1:
        text = " ".join(_element_text(value, False) for value in flat[:limit])
    else:
        parts, position = [], [0]
        _print_one_dim(array, flat, limit, position, parts)
        text = "".join(parts)
    return text + "..." if limit < flat.size else text


def _print_one_dim(array, flat, limit, position, parts, dim=0):
    if position[0] >= limit:
        return
    if dim == array.ndim - 1:
        for index in range(array.shape[dim]):
            if position[0] >= limit:
                if dim != 0:
                    parts.append("...")
                return
            if index:
                parts.append(" ")
            parts.append(_element_text(flat[position[0]], False))
            position[0] += 1
        return
    for _ in range(array.shape[dim]):
        opened = position[0] < limit
        if opened:
            parts.append("[")
        _print_one_dim(array, flat, limit, position, parts, dim + 1)
        if position[0] < limit or opened:
            parts.append("]")


_print_counts = {}
_print_lock = threading.Lock()


@export("Print", status=PARTIAL,
        note="first_n counts calls with the same message, first_n and summarize (TF's cached eager kernel).")
def Print(input_, data, message=None, first_n=None, summarize=None, name=None):
    """Writes ``message`` then each of ``data`` as ``[values]`` to stderr; returns ``input_``."""
    value = input_ if isinstance(input_, Tensor) else wrap(convert(input_))
    message = "" if message is None else str(message)
    limit = 3 if summarize is None else python_int(summarize, "Print", "summarize")
    first_n = -1 if first_n is None else python_int(first_n, "Print", "first_n")
    if first_n >= 0:
        key = (message, first_n, limit)
        with _print_lock:
            count = _print_counts.get(key, 0)
            _print_counts[key] = count + 1
        if count >= first_n:
            return wrap(value._t.view_as(value._t)) if not isinstance(value._t, np.ndarray) else value
    texts = [_summary_v1(np.asarray(wrap(convert(item)).numpy()), limit) for item in data]
    sys.stderr.write(message + "".join(f"[{text}]" for text in texts) + "\n")
    sys.stderr.flush()
    return wrap(value._t.view_as(value._t)) if not isinstance(value._t, np.ndarray) else value


class _Text:
    """A formatted tensor inside a printed Python structure."""

    __slots__ = ("text",)

    def __init__(self, text):
        self.text = text

    def __repr__(self):
        return self.text


def _printed(item, limit):
    if isinstance(item, Tensor) or type(item) in _tensor_types():
        return tensor_summary(item, limit).decode("utf-8", "backslashreplace")
    if nest.is_nested(item):
        return str(nest.map_structure(
            lambda leaf: _Text(_printed(leaf, limit)) if isinstance(leaf, Tensor) else leaf, item))
    return str(item)


def _tensor_types():
    from ..framework import tensor
    return tuple(tensor.dense_readers)


def _stream_writer(output_stream):
    from ..platform import tf_logging
    if output_stream is sys.stdout or output_stream is sys.stderr:
        return lambda text: (output_stream.write(text), output_stream.flush())
    if output_stream in (tf_logging.info, tf_logging.warning, tf_logging.error):
        return lambda text: output_stream(text.rstrip("\n"))
    if isinstance(output_stream, str) and output_stream.startswith("file://"):
        path = output_stream[len("file://"):]

        def append(text):
            with open(path, "a", encoding="utf-8") as stream:
                stream.write(text)
        return append
    raise ValueError(f"Unsupported output stream, logging level, or file.{output_stream}. Supported streams are "
                     "sys.stdout, sys.stderr, tf.logging.info, tf.logging.warning, tf.logging.error. "
                     "File needs to be in the form of 'file://<filepath>'.")


_PRINT_KEYWORDS = ("output_stream", "summarize", "sep", "end", "name")


@export("print")
def print_v2(*inputs, **kwargs):
    """Writes ``inputs`` (tensors as TF formats them, other objects as ``str``) separated by ``sep``,
    followed by ``end``, to ``output_stream`` (default stderr); returns None under eager."""
    unknown = {key: value for key, value in kwargs.items() if key not in _PRINT_KEYWORDS}
    if unknown:
        raise ValueError(f"Unrecognized keyword arguments for tf.print: {unknown}")
    write = _stream_writer(kwargs.get("output_stream", sys.stderr))
    summarize = kwargs.get("summarize", 3)
    limit = -1 if summarize is None else python_int(summarize, "PrintV2", "summarize")
    sep, end = kwargs.get("sep", " "), kwargs.get("end", "\n")
    write(sep.join(_printed(item, limit) for item in inputs) + end)


@export("timestamp")
def timestamp(name=None):
    """The current time in seconds since the Unix epoch: a float64 scalar."""
    return wrap(torch.tensor(time.time(), dtype=torch.float64, device=context.current_device()))
