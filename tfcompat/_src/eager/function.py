"""tfe.defun / tfe.function and tf.TensorSpec, with eager semantics.

TF traces a defun'd function into a graph once per input signature and replays the graph on
later calls; tfcompat has no graphs, so the Python function runs on every call. What differs
from TF: Python side effects (print, appending to lists, counters) happen on every call rather
than once per trace, and no concrete functions exist. What holds: results, gradients through
the call, and ``input_signature``: inputs are converted to the declared dtypes and checked
against the declared shapes, with TF's errors.
"""

import functools
import inspect

from ..framework.dtypes import as_dtype, float32
from ..framework.tensor import Tensor, convert, dtype_of, wrap
from ..framework.tensor_shape import TensorShape
from ..registry import PARTIAL, export
from ..util import nest

_DEFUN_NOTE = ("Runs the Python function on every call (no tracing): Python side effects repeat on each call, "
               "and there are no concrete functions; input_signature is validated and converts inputs.")


@export("TensorSpec", "contrib.eager.TensorSpec")
class TensorSpec:
    """The shape and dtype a tensor argument must have."""

    __slots__ = ("_shape", "_dtype", "_name")

    def __init__(self, shape, dtype=float32, name=None):
        self._shape = TensorShape(shape)
        self._dtype = as_dtype(dtype)
        self._name = name

    shape = property(lambda self: self._shape)
    dtype = property(lambda self: self._dtype)
    name = property(lambda self: self._name)

    @classmethod
    def from_tensor(cls, tensor, name=None):
        return cls(tensor.shape, tensor.dtype, name)

    def is_compatible_with(self, spec_or_tensor):
        return (self._dtype == as_dtype(spec_or_tensor.dtype)
                and self._shape.is_compatible_with(spec_or_tensor.shape))

    def _key(self):
        shape = None if self._shape.rank is None else tuple(self._shape.as_list())
        return shape, self._dtype, self._name

    def __eq__(self, other):
        return type(other) is TensorSpec and self._key() == other._key()

    def __hash__(self):
        return hash(self._key())

    def __repr__(self):
        return f"TensorSpec(shape={self._shape}, dtype={self._dtype!r}, name={self._name!r})"


class _Signature:
    """An input_signature checked against each call's arguments (built once, at decoration)."""

    def __init__(self, python_function, input_signature):
        self.specs = tuple(input_signature)
        for spec in nest.flatten(self.specs):
            if not isinstance(spec, TensorSpec):
                raise TypeError(f"Invalid input_signature {input_signature}; input_signature must be a possibly "
                                "nested sequence of TensorSpec objects.")
        try:
            parameters = list(inspect.signature(python_function).parameters.values())
        except (TypeError, ValueError):
            parameters = []
        self.names = [p.name for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]

    def bind(self, args, kwargs):
        """``args`` and ``kwargs`` as positional arguments converted to the signature's tensors."""
        args = list(args)
        for name in self.names[len(args):len(self.specs)]:
            if name in kwargs:
                args.append(kwargs.pop(name))
        if kwargs:
            raise TypeError(f"Keyword arguments {sorted(kwargs)} do not match the input_signature's parameters")
        if len(args) > len(self.specs):
            raise TypeError("When input_signature is provided, only pass arguments covered by it. "
                            f"Received {len(args)} argument(s).")
        if len(args) < len(self.specs):
            missing = ", ".join(self.names[len(args):len(self.specs)]) or f"{len(self.specs) - len(args)} argument(s)"
            raise TypeError(f"Missing required arguments for the input_signature: {missing}")
        return tuple(self._matched(spec, arg, args) for spec, arg in zip(self.specs, args))

    def _matched(self, spec, arg, args):
        """``arg`` converted where ``spec`` (a TensorSpec or a structure of them) has a TensorSpec."""
        if isinstance(spec, TensorSpec):
            return self._converted(arg, spec, args)
        if not nest.is_nested(arg) or type(arg) is not type(spec) or len(arg) != len(spec):
            raise ValueError("Structure of Python function inputs does not match input_signature.")
        if isinstance(spec, dict):
            if set(arg) != set(spec):
                raise ValueError("Structure of Python function inputs does not match input_signature.")
            return {key: self._matched(spec[key], arg[key], args) for key in spec}
        return type(spec)(self._matched(item_spec, item, args) for item_spec, item in zip(spec, arg))

    def _converted(self, arg, spec, args):
        try:
            tensor = arg if isinstance(arg, Tensor) and dtype_of(arg._t) == spec.dtype else wrap(
                convert(arg, spec.dtype))
        except (TypeError, ValueError):
            tensor = None
        if tensor is None or not spec.is_compatible_with(tensor):
            raise ValueError(f"Python inputs incompatible with input_signature:\n  inputs: ({args})\n"
                             f"  input_signature: ({self.specs})")
        return tensor


class _Defun:
    """A defun'd function: runs ``func`` on each call, converting inputs by the signature and
    results to tensors. As a method it binds like a function (the signature excludes ``self``)."""

    def __init__(self, func, input_signature):
        if not callable(func):
            raise TypeError(f"func must be callable, got {func!r}")
        functools.update_wrapper(self, func)
        self.python_function = func
        self._signature = None if input_signature is None else _Signature(func, input_signature)
        self.input_signature = None if self._signature is None else self._signature.specs

    def __call__(self, *args, **kwargs):
        if self._signature is not None:
            args = self._signature.bind(args, kwargs)
        return nest.map_structure(self._as_output, self.python_function(*args, **kwargs))

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        return _Defun(self.python_function.__get__(instance, owner), self.input_signature)

    def _as_output(self, value):
        if value is None or isinstance(value, Tensor):
            return value
        try:
            return wrap(convert(value))
        except (TypeError, ValueError):
            raise TypeError("To be compatible with tf.contrib.eager.defun, Python functions must return zero or "
                            f"more Tensors; in compilation of {self.python_function}, found return value of type "
                            f"{type(value)}, which is not a Tensor.") from None


def _defun(func, input_signature):
    return _Defun(func, input_signature)


@export("contrib.eager.defun", status=PARTIAL, note=_DEFUN_NOTE)
def defun(func=None, input_signature=None, autograph=True, experimental_autograph_options=None,
          experimental_relax_shapes=False):
    """``func`` as a callable that runs it eagerly; without ``func``, a decorator."""
    if func is None:
        return lambda function: _defun(function, input_signature)
    return _defun(func, input_signature)


@export("contrib.eager.function", status=PARTIAL, note=_DEFUN_NOTE)
def function(func=None, input_signature=None, autograph=True, experimental_autograph_options=None,
             experimental_relax_shapes=False, experimental_compile=None):
    """tf.function under TF 1.15's tfe name: the same as defun under eager execution."""
    return defun(func, input_signature, autograph, experimental_autograph_options, experimental_relax_shapes)
