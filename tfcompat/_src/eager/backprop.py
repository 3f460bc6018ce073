"""The tfe gradient functions (gradients_function, implicit_gradients ...), tf.custom_gradient
and tf.stop_gradient, built on GradientTape as TF 1.x builds them on its tape."""

import functools
import inspect

import numpy as np
import torch

from ..framework import context
from ..framework.tensor import Tensor, convert, convert_to_tensor, dtype_of, wrap
from ..registry import export
from ..util import nest
from .tape import GradientTape

_state = context.state


def _none_result_error(f):
    name = getattr(f, "__name__", repr(f))
    return ValueError(f"Cannot differentiate a function that returns None; did you forget to return a value "
                      f"from {name}?")


def _parameter_positions(f, params, args):
    """The positions in ``args`` of the parameters to differentiate (TF's _get_arg_spec)."""
    try:
        names = [parameter.name for parameter in inspect.signature(f).parameters.values()
                 if parameter.kind in (parameter.POSITIONAL_ONLY, parameter.POSITIONAL_OR_KEYWORD)]
    except (TypeError, ValueError) as error:
        if params is None:
            return range(len(args))
        if all(isinstance(param, int) for param in params):
            return params
        raise ValueError(f"Either callable provided is not a function or could not inspect its arguments by "
                         f"name: {f}. Original error: {error}") from None
    if params is None:
        return range(len(names)) if names else range(len(args))
    if all(isinstance(param, str) for param in params):
        return [names.index(param) for param in params]
    if all(isinstance(param, int) for param in params):
        return params
    raise ValueError(f"params must be all strings or all integers; got {params}.")


@export("contrib.eager.make_vjp")
def make_vjp(f, params=None, persistent=True):
    """``g(*args) -> (f(*args), vjp)`` where ``vjp(dy=None)`` is the vector-Jacobian product."""

    def decorated(*args, **kwargs):
        if kwargs:
            raise ValueError("The gradient function can't take keyword arguments.")
        positions = list(_parameter_positions(f, params, args))
        tape = GradientTape(persistent=persistent)
        tape._push()
        try:
            args = [convert_to_tensor(arg) if index in positions else arg for index, arg in enumerate(args)]
            args = _unique_sources(positions, args)
            sources = [args[index] for index in positions]
            for source in sources:
                tape.watch(source)
            result = f(*args)
            if result is None:
                raise _none_result_error(f)
            result = nest.map_structure(lambda value: wrap(convert(value)), result)
        finally:
            tape._pop()

        def vjp(dy=None):
            if dy is not None:
                dy = [convert_to_tensor(value) for value in nest.flatten(dy)]
            return tape.gradient(nest.flatten(result), sources, output_gradients=dy)

        return result, vjp

    return decorated


def _unique_sources(positions, args):
    """Each parameter its own tensor object, so ``g(one, one)`` differentiates both separately."""
    seen = set()
    for index in positions:
        if id(args[index]) in seen:
            args[index] = wrap(convert(args[index]))
        seen.add(id(args[index]))
    return args


@export("contrib.eager.value_and_gradients_function")
def value_and_gradients_function(f, params=None):
    """``g(*args, dy=None) -> (f(*args), [df/dparam ...])``."""

    def decorated(*args, **kwargs):
        dy = kwargs.pop("dy", None)
        if kwargs:
            raise ValueError("Functions to be differentiated cannot receive keyword arguments.")
        value, vjp = make_vjp(f, params)(*args)
        return value, vjp(dy=dy)

    return decorated


@export("contrib.eager.gradients_function")
def gradients_function(f, params=None):
    """``g(*args, dy=None) -> [df/dparam ...]`` (None for a parameter f does not depend on)."""

    def decorated(*args, **kwargs):
        return value_and_gradients_function(f, params)(*args, **kwargs)[1]

    return decorated


@export("contrib.eager.implicit_value_and_gradients")
def implicit_value_and_gradients(f):
    """``g(*args) -> (f(*args), [(gradient, variable) ...])`` for the trainable variables f reads,
    in variable-creation order."""

    def decorated(*args, **kwargs):
        tape = GradientTape()
        tape._push()
        try:
            result = f(*args, **kwargs)
            if result is None:
                raise _none_result_error(f)
        finally:
            tape._pop()
        variables = list(tape.watched_variables())
        if not variables:
            raise ValueError("No trainable variables were accessed while the function was being computed.")
        gradients = tape.gradient(nest.flatten(result), variables)
        return result, list(zip(gradients, variables))

    return decorated


@export("contrib.eager.implicit_gradients")
def implicit_gradients(f):
    """``g(*args) -> [(gradient, variable) ...]`` for the trainable variables f reads."""

    def decorated(*args, **kwargs):
        return implicit_value_and_gradients(f)(*args, **kwargs)[1]

    return decorated


# --- custom gradients -------------------------------------------------------------------------------

@export("custom_gradient", "contrib.eager.custom_gradient")
def custom_gradient(f):
    """Decorator: ``f(*args)`` returns ``(y, grad_fn)``; tapes differentiate ``y`` with ``grad_fn``."""

    @functools.wraps(f)
    def decorated(*args, **kwargs):
        return _call_with_custom_gradient(f, args, kwargs)

    return decorated


def _call_with_custom_gradient(f, args, kwargs):
    recorder = GradientTape()
    with recorder:
        result, grad_fn = f(*args, **kwargs)
    inputs = list(args) + list(kwargs.values())
    variables = [variable for variable in recorder.watched_variables()
                 if not any(variable is item for item in inputs)]
    if variables and not _accepts_variables(grad_fn):
        raise TypeError("If using @custom_gradient with a function that uses variables, then grad_fn must "
                        "accept a keyword argument 'variables'.")
    flat_result = [convert(value) for value in nest.flatten(result)]
    input_values = [convert(value) for value in args] + [convert(variable) for variable in variables]
    differentiable = [value for value in input_values if type(value) is not np.ndarray]
    if not _state.tapes or not any(value.requires_grad for value in differentiable):
        return nest.pack_sequence_as(result, [wrap(value) for value in flat_result])
    call = _CustomCall(grad_fn, len(args), variables, len(flat_result), len(input_values))
    # f's outputs enter detached: their own history (an inner custom gradient) is grad_fn's business.
    outputs = _CustomGradientFunction.apply(call, *[value.detach() for value in flat_result], *input_values)
    return nest.pack_sequence_as(result, [wrap(value) for value in outputs])


def _accepts_variables(grad_fn):
    parameters = inspect.signature(grad_fn).parameters.values()
    return any(p.name == "variables" or p.kind is p.VAR_KEYWORD for p in parameters)


class _CustomCall:
    """What the backward pass of one custom-gradient call needs."""

    def __init__(self, grad_fn, arg_count, variables, output_count, input_count):
        self.grad_fn = grad_fn
        self.arg_count = arg_count
        self.variables = variables
        self.output_count = output_count
        self.input_count = input_count

    def input_gradients(self, output_gradients):
        dys = [wrap(value) for value in output_gradients]
        if self.variables:
            input_grads, variable_grads = self.grad_fn(*dys, variables=self.variables)
            if len(variable_grads) != len(self.variables):
                raise ValueError("Must return gradient for each variable from @custom_gradient grad_fn.")
        else:
            input_grads, variable_grads = self.grad_fn(*dys), []
        flat = nest.flatten(input_grads)
        if len(flat) != self.arg_count:
            raise ValueError(f"custom_gradient function expected to return {self.arg_count} gradients but "
                             f"returned {len(flat)} instead.")
        return [None if grad is None else _numeric_gradient(convert(grad), index)
                for index, grad in enumerate(flat + list(variable_grads))]


def _numeric_gradient(backing, index):
    if type(backing) is not torch.Tensor or backing.dtype is torch.bool:
        raise TypeError(f"custom_gradient grad_fn returned a {dtype_of(backing).name} gradient for input #{index}; "
                        "gradients must be numeric tensors")
    return backing


class _CustomGradientFunction(torch.autograd.Function):
    """Outputs are f's results; the backward pass is the user's grad_fn."""

    @staticmethod
    def forward(ctx, call, *values):
        ctx.call = call
        return tuple(value.detach() for value in values[:call.output_count])

    @staticmethod
    def backward(ctx, *output_gradients):
        call = ctx.call
        higher_order = torch.is_grad_enabled()
        with torch.enable_grad():  # grad_fn may record tapes of its own, as in TF
            grads = call.input_gradients(output_gradients)
        if not higher_order:
            grads = [None if grad is None else grad.detach() for grad in grads]
        return (None,) + (None,) * call.output_count + tuple(grads)


@export("recompute_grad")
def recompute_grad(f):
    """``f`` whose backward pass computes f again under a tape instead of keeping its activations."""

    @custom_gradient
    def inner(*args, **kwargs):
        result = f(*args, **kwargs)

        def grad(dresult, variables=None):
            with GradientTape() as tape:
                tape.watch(args)
                if variables is not None:
                    tape.watch(variables)
                result = f(*args, **kwargs)
            extra = list(variables) if variables is not None else []
            grads = tape.gradient(result, list(args) + extra, output_gradients=[dresult])
            return grads[:len(args)], grads[len(args):]

        return result, grad

    return inner


@export("grad_pass_through")
def grad_pass_through(f):
    """``f`` whose gradient is the identity: the output gradients pass straight to the inputs."""

    @custom_gradient
    def pass_through(*args, **kwargs):
        def grad(*dys, **grad_kwargs):
            variables = grad_kwargs.get("variables")
            if variables is not None:  # variables inside f get no gradient
                return dys, [None] * len(variables)
            return dys

        return f(*args, **kwargs), grad

    return functools.wraps(f)(pass_through)


@export("stop_gradient")
def stop_gradient(input, name=None):  # noqa: A002 - TF's argument name
    """``input`` as a constant to every tape."""
    value = convert(input)
    if type(value) is np.ndarray or not value.requires_grad:
        return input if isinstance(input, Tensor) else wrap(value)
    return wrap(value.detach())
