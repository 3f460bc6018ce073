"""tf.train.AdadeltaOptimizer: TF's ApplyAdadelta kernel.

``accum = accum * rho + grad ** 2 * (1 - rho)``;
``update = sqrt(accum_update + epsilon) / sqrt(accum + epsilon) * grad``; ``var -= update * lr``;
``accum_update = accum_update * rho + update ** 2 * (1 - rho)``.
"""

import torch

from ..registry import export
from .optimizer import Optimizer


@export("train.AdadeltaOptimizer")
class AdadeltaOptimizer(Optimizer):
    _op_name = "ResourceApplyAdadelta"
    _grad_index = 6
    _slot_specs = (("accum", 0.0), ("accum_update", 0.0))

    def __init__(self, learning_rate=0.001, rho=0.95, epsilon=1e-08, use_locking=False, name="Adadelta"):
        super().__init__(use_locking, name)
        for hyper, value in (("learning_rate", learning_rate), ("rho", rho), ("epsilon", epsilon)):
            self._set_hyper(hyper, value)

    def _update(self, variables, gradients, slots, hyper):
        rho, epsilon = hyper["rho"], hyper["epsilon"]
        accum = torch._foreach_mul(slots["accum"], rho)
        torch._foreach_add_(accum, torch._foreach_mul(gradients, gradients), alpha=1 - rho)
        update = torch._foreach_add(slots["accum_update"], epsilon)
        torch._foreach_sqrt_(update)
        torch._foreach_div_(update, torch._foreach_sqrt(torch._foreach_add(accum, epsilon)))
        torch._foreach_mul_(update, gradients)
        accum_update = torch._foreach_mul(slots["accum_update"], rho)
        torch._foreach_add_(accum_update, torch._foreach_mul(update, update), alpha=1 - rho)
        new_variables = torch._foreach_add(variables, update, alpha=-hyper["learning_rate"])
        return new_variables, {"accum": accum, "accum_update": accum_update}
