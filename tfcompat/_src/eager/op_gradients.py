"""Op gradients where TF's rule differs from torch's autograd formula.

Ops use these wrappers on their torch results; each costs one ``requires_grad``
test when no tape watches the op's inputs.

* ``without_gradient``: TF's gradient is None (Floor, Round, OneHot ...), where
  torch would give zeros or a value.
* ``no_registered_gradient``: TF has no gradient for the op at all, so
  differentiating through it raises TF's LookupError.
* ``with_derivative``: torch has no formula (Bessel functions), TF has one.
"""

import torch

from ..framework import context

_state = context.state


def without_gradient(function):
    """``function`` whose result the tapes treat as a constant, as TF does for its op."""

    def cut(*args):
        result = function(*args)
        return result.detach() if type(result) is torch.Tensor and result.requires_grad else result

    cut.__name__ = getattr(function, "__name__", "cut")
    return cut


class _NoGradient(torch.autograd.Function):
    @staticmethod
    def forward(ctx, op_type, value):
        ctx.op_type = op_type
        return value.view_as(value)

    @staticmethod
    def backward(ctx, grad):
        raise LookupError(f"gradient registry has no entry for: {ctx.op_type}")


def no_registered_gradient(op_type, value):
    """``value``, so that differentiating through it raises TF's LookupError for ``op_type``."""
    if type(value) is torch.Tensor and value.requires_grad and _state.tapes:
        return _NoGradient.apply(op_type, value)
    return value


def with_derivative(function, derivative):
    """``function(x)`` differentiated as ``dy * derivative(x, y)`` (itself differentiable, for higher orders)."""

    class Elementwise(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            y = function(x)
            ctx.save_for_backward(x)
            return y

        @staticmethod
        def backward(ctx, dy):
            (x,) = ctx.saved_tensors
            return dy * derivative(x, function(x))

    def apply(x):
        return Elementwise.apply(x) if type(x) is torch.Tensor and x.requires_grad else function(x)

    apply.__name__ = getattr(function, "__name__", "apply")
    return apply


_special = torch.special

bessel_j0 = with_derivative(_special.bessel_j0, lambda x, y: -_special.bessel_j1(x))
bessel_j1 = with_derivative(_special.bessel_j1, lambda x, y: _special.bessel_j0(x) - y / x)
bessel_y0 = with_derivative(_special.bessel_y0, lambda x, y: -_special.bessel_y1(x))
bessel_y1 = with_derivative(_special.bessel_y1, lambda x, y: _special.bessel_y0(x) - y / x)
bessel_k0 = with_derivative(_special.modified_bessel_k0, lambda x, y: -_special.modified_bessel_k1(x))
bessel_k0e = with_derivative(_special.scaled_modified_bessel_k0,
                             lambda x, y: y - _special.scaled_modified_bessel_k1(x))
bessel_k1 = with_derivative(_special.modified_bessel_k1,
                            lambda x, y: -_special.modified_bessel_k0(x) - y / x)
bessel_k1e = with_derivative(_special.scaled_modified_bessel_k1,
                             lambda x, y: y - _special.scaled_modified_bessel_k0(x) - y / x)


class _IncompleteGamma(torch.autograd.Function):
    """P(a, x) (or Q = 1 - P): d/dx exactly; d/da by a float64 central difference (TF sums a series)."""

    @staticmethod
    def forward(ctx, a, x, upper):
        ctx.save_for_backward(a, x)
        ctx.upper = upper
        return _gamma_inc(a, x, upper)

    @staticmethod
    def backward(ctx, dy):
        a, x = ctx.saved_tensors
        sign = -1 if ctx.upper else 1
        dx = sign * torch.exp(-x + (a - 1) * torch.log(x) - torch.lgamma(a))
        step = 1e-5 * torch.clamp(a.detach().double().abs(), min=1.0)
        wide = a.detach().double()
        ddouble = (_gamma_inc(wide + step, x.detach().double(), ctx.upper)
                   - _gamma_inc(wide - step, x.detach().double(), ctx.upper)) / (2 * step)
        return (dy * ddouble.to(a.dtype)).sum_to_size(a.shape), (dy * dx).sum_to_size(x.shape), None


def _gamma_inc(a, x, upper):
    return _special.gammaincc(a, x) if upper else _special.gammainc(a, x)


def incomplete_gamma(upper):
    def apply(a, x):
        if (a.requires_grad or x.requires_grad) and a.is_floating_point():
            return _IncompleteGamma.apply(a, x, upper)
        return _gamma_inc(a, x, upper)

    apply.__name__ = "igammac" if upper else "igamma"
    return apply


class _Zeta(torch.autograd.Function):
    """Hurwitz zeta(x, q): TF differentiates q only (d/dq = -x zeta(x + 1, q))."""

    @staticmethod
    def forward(ctx, x, q):
        ctx.save_for_backward(x, q)
        return _special.zeta(x, q)

    @staticmethod
    def backward(ctx, dy):
        x, q = ctx.saved_tensors
        return None, (dy * -x * _special.zeta(x + 1, q)).sum_to_size(q.shape)


def zeta(x, q):
    if (x.requires_grad or q.requires_grad) and x.is_floating_point():
        return _Zeta.apply(x, q)
    return _special.zeta(x, q)


class _Extremum(torch.autograd.Function):
    """maximum/minimum with TF's gradient: a tie sends all of it to x (torch splits it)."""

    @staticmethod
    def forward(ctx, x, y, take_max):
        ctx.save_for_backward(x, y)
        ctx.take_max = take_max
        return torch.maximum(x, y) if take_max else torch.minimum(x, y)

    @staticmethod
    def backward(ctx, dy):
        x, y = ctx.saved_tensors
        x_wins = x >= y if ctx.take_max else x <= y
        zero = torch.zeros_like(dy)
        dx = torch.where(x_wins, dy, zero).sum_to_size(x.shape)
        return dx, torch.where(x_wins, zero, dy).sum_to_size(y.shape), None


def extremum(take_max):
    torch_function = torch.maximum if take_max else torch.minimum

    def apply(x, y):
        if (x.requires_grad or y.requires_grad) and (x.is_floating_point() or x.is_complex()):
            return _Extremum.apply(x, y, take_max)
        return torch_function(x, y)

    apply.__name__ = "maximum" if take_max else "minimum"
    return apply
