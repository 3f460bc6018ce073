"""Control flow under eager execution: tf.cond and tf.while_loop run as Python, as TF 1.x eager runs them."""

import contextlib

from ..framework.tensor import convert_to_tensor
from ..registry import export
from .arguments import python_int
from ..util import nest


def _require_callable(function, name):
    if not callable(function):
        raise TypeError(f"{name} must be callable.")


def _unpack_singleton(result):
    if isinstance(result, (list, tuple)) and len(result) == 1:
        return result[0]
    return result


@export("cond")
def cond(pred, true_fn=None, false_fn=None, strict=False, name=None, fn1=None, fn2=None):
    """``true_fn()`` if ``pred`` else ``false_fn()``; a one-element list result is unpacked unless ``strict``."""
    if fn1 is not None:
        if true_fn is not None:
            raise TypeError("cond(): true_fn and fn1 may not be set simultaneously.")
        true_fn = fn1
    if fn2 is not None:
        if false_fn is not None:
            raise TypeError("cond(): false_fn and fn2 may not be set simultaneously.")
        false_fn = fn2
    if true_fn is None:
        raise TypeError("cond(): true_fn argument required")
    if false_fn is None:
        raise TypeError("cond(): false_fn argument required")
    _require_callable(true_fn, "true_fn")
    _require_callable(false_fn, "false_fn")
    result = true_fn() if pred else false_fn()
    return result if strict else _unpack_singleton(result)


@export("while_loop")
def while_loop(cond, body, loop_vars, shape_invariants=None, parallel_iterations=10, back_prop=True,
               swap_memory=False, name=None, maximum_iterations=None, return_same_structure=False):
    """Repeat ``loop_vars = body(*loop_vars)`` while ``cond(*loop_vars)``; the final loop variables."""
    _require_callable(cond, "cond")
    _require_callable(body, "body")
    if parallel_iterations < 1:
        raise TypeError("parallel_iterations must be a positive integer.")
    if not loop_vars:
        raise ValueError("No loop variables provided")
    if isinstance(loop_vars, list):
        loop_vars = tuple(loop_vars)
    elif not isinstance(loop_vars, tuple):
        loop_vars = (loop_vars,)
    single = len(loop_vars) == 1 and not return_same_structure
    iterations = 0
    if maximum_iterations is not None:
        maximum_iterations = python_int(maximum_iterations, "While", "maximum_iterations")
    while (maximum_iterations is None or iterations < maximum_iterations) and cond(*loop_vars):
        loop_vars = body(*loop_vars)
        if not isinstance(loop_vars, (list, tuple)):
            loop_vars = (loop_vars,)
        iterations += 1
    loop_vars = nest.map_structure(convert_to_tensor, tuple(loop_vars))
    return loop_vars[0] if single else loop_vars


@export("group")
def group(*inputs, **kwargs):
    """Nothing to wait for under eager execution: every op has already run."""
    return None


@export("no_op")
def no_op(name=None):
    return None


@export("control_dependencies")
def control_dependencies(control_inputs):
    """Eager ops run in program order, so the dependencies already hold."""
    return contextlib.nullcontext()


@export("tuple")
def tuple_(tensors, name=None, control_inputs=None):
    return list(tensors)

