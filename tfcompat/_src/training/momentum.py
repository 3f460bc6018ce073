"""tf.train.MomentumOptimizer: TF's ApplyMomentum kernel.

``accum = accum * momentum + grad``, then ``var -= lr * accum``, or with ``use_nesterov``
``var -= grad * lr + accum * momentum * lr``.
"""

import torch

from ..registry import export
from .optimizer import Optimizer


@export("train.MomentumOptimizer")
class MomentumOptimizer(Optimizer):
    _op_name = "ResourceApplyMomentum"
    _grad_index = 3
    _slot_specs = (("momentum", 0.0),)

    def __init__(self, learning_rate, momentum, use_locking=False, name="Momentum", use_nesterov=False):
        super().__init__(use_locking, name)
        self._set_hyper("learning_rate", learning_rate)
        self._set_hyper("momentum", momentum)
        self._use_nesterov = use_nesterov

    def _update(self, variables, gradients, slots, hyper):
        lr, momentum = hyper["learning_rate"], hyper["momentum"]
        accum = torch._foreach_mul(slots["momentum"], momentum)
        torch._foreach_add_(accum, gradients)
        if not self._use_nesterov:
            return torch._foreach_add(variables, accum, alpha=-lr), {"momentum": accum}
        step = torch._foreach_mul(gradients, lr)
        ahead = torch._foreach_mul(accum, momentum)
        torch._foreach_mul_(ahead, lr)
        torch._foreach_add_(step, ahead)
        return torch._foreach_sub(variables, step), {"momentum": accum}
