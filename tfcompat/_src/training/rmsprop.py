"""tf.train.RMSPropOptimizer: TF's ApplyRMSProp / ApplyCenteredRMSProp kernels.

The ``rms`` slot starts at ones (decay 0.9, epsilon 1e-10):
``rms += (grad ** 2 - rms) * (1 - decay)``; centered, ``mg += (grad - mg) * (1 - decay)``;
``mom = mom * momentum + lr * grad / sqrt(rms - mg ** 2 + epsilon)`` (``mg`` is 0 uncentered);
``var -= mom``.
"""

import torch

from ..registry import export
from .optimizer import Optimizer


@export("train.RMSPropOptimizer")
class RMSPropOptimizer(Optimizer):
    _grad_index = 7

    def __init__(self, learning_rate, decay=0.9, momentum=0.0, epsilon=1e-10, use_locking=False, centered=False,
                 name="RMSProp"):
        super().__init__(use_locking, name)
        for hyper, value in (("learning_rate", learning_rate), ("decay", decay), ("momentum", momentum),
                             ("epsilon", epsilon)):
            self._set_hyper(hyper, value)
        self._centered = centered
        if centered:
            self._op_name, self._grad_index = "ResourceApplyCenteredRMSProp", 8
            self._slot_specs = (("rms", 1.0), ("mg", 0.0), ("momentum", 0.0))
        else:
            self._op_name = "ResourceApplyRMSProp"
            self._slot_specs = (("rms", 1.0), ("momentum", 0.0))

    def _update(self, variables, gradients, slots, hyper):
        keep = 1 - hyper["decay"]
        squares = torch._foreach_mul(gradients, gradients)
        torch._foreach_sub_(squares, slots["rms"])
        rms = torch._foreach_add(slots["rms"], squares, alpha=keep)
        new_slots = {"rms": rms}
        if self._centered:
            mg = torch._foreach_add(slots["mg"], torch._foreach_sub(gradients, slots["mg"]), alpha=keep)
            denominator = torch._foreach_sub(rms, torch._foreach_mul(mg, mg))
            torch._foreach_add_(denominator, hyper["epsilon"])
            new_slots["mg"] = mg
        else:
            denominator = torch._foreach_add(rms, hyper["epsilon"])
        torch._foreach_sqrt_(denominator)
        step = torch._foreach_mul(gradients, hyper["learning_rate"])
        torch._foreach_div_(step, denominator)
        mom = torch._foreach_mul(slots["momentum"], hyper["momentum"])
        torch._foreach_add_(mom, step)
        new_slots["momentum"] = mom
        return torch._foreach_sub(variables, mom), new_slots
