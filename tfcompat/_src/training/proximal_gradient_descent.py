"""tf.train.ProximalGradientDescentOptimizer: TF's ApplyProximalGradientDescent kernel.

``prox = var - lr * grad``, then the proximal step of ``shrink``: with ``l1 > 0``
``var = sign(prox) * max(|prox| - lr * l1, 0) / (1 + lr * l2)``, else ``var = prox / (1 + lr * l2)``.
As TF 1.x's proximal optimizers do, the hyperparameters are converted as they are (not called, not
cast: a Python float is float32, so a float64 variable needs float64 hyperparameters).
"""

import torch

from ..framework.errors import dtype_mismatch
from ..framework.tensor import dtype_of
from ..registry import export
from .optimizer import Optimizer


def shrink(prox, step, l1, l2):
    """The proximal (soft-threshold, then l2 scaling) step TF's proximal kernels share; ``step`` is the
    learning rate, or per element for ProximalAdagrad."""
    if l1 > 0:
        return torch.sign(prox) * torch.clamp(prox.abs() - step * l1, min=0) / (1 + step * l2)
    return prox / (1 + step * l2)


def check_uncast_hypers(optimizer, gradient):
    """TF 1.x's proximal optimizers pass learning_rate, l1 and l2 to the kernel uncast (a Python float is
    float32): the kernel's type is the learning rate's, and l1, l2 and the gradient must share it."""
    hypers = optimizer._hypers
    expected = dtype_of(hypers["learning_rate"]._tensor)
    first = optimizer._grad_index - 2  # the kernel's inputs: ..., lr, l1, l2, grad
    for offset, tensor in enumerate((hypers["l1"]._tensor, hypers["l2"]._tensor, gradient)):
        if dtype_of(tensor) != expected:
            raise dtype_mismatch(optimizer._op_name, first + offset, expected, dtype_of(tensor))


@export("train.ProximalGradientDescentOptimizer")
class ProximalGradientDescentOptimizer(Optimizer):
    _op_name = "ResourceApplyProximalGradientDescent"
    _grad_index = 4
    _grad_label = "delta"

    def __init__(self, learning_rate, l1_regularization_strength=0.0, l2_regularization_strength=0.0,
                 use_locking=False, name="ProximalGradientDescent"):
        super().__init__(use_locking, name)
        for hyper, value in (("learning_rate", learning_rate), ("l1", l1_regularization_strength),
                             ("l2", l2_regularization_strength)):
            self._set_hyper(hyper, value, calls=False)

    def _update(self, variables, gradients, slots, hyper):
        check_uncast_hypers(self, gradients[0])
        lr, l1, l2 = hyper["learning_rate"], hyper["l1"], hyper["l2"]
        return [shrink(var - lr * grad, lr, l1, l2) for var, grad in zip(variables, gradients)], {}
