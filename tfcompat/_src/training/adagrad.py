"""tf.train.AdagradOptimizer: TF's ApplyAdagrad kernel, accumulators starting at 0.1.

``accum += grad ** 2``, then ``var -= lr * grad / sqrt(accum)``.
"""

import torch

from ..registry import export
from .optimizer import Optimizer


@export("train.AdagradOptimizer")
class AdagradOptimizer(Optimizer):
    _op_name = "ResourceApplyAdagrad"
    _grad_index = 3

    def __init__(self, learning_rate, initial_accumulator_value=0.1, use_locking=False, name="Adagrad"):
        if initial_accumulator_value <= 0.0:
            raise ValueError(f"initial_accumulator_value must be positive: {initial_accumulator_value}")
        super().__init__(use_locking, name)
        self._set_hyper("learning_rate", learning_rate)
        self._slot_specs = (("accumulator", initial_accumulator_value),)

    def _update(self, variables, gradients, slots, hyper):
        accum = torch._foreach_addcmul(slots["accumulator"], gradients, gradients)
        step = torch._foreach_mul(gradients, hyper["learning_rate"])
        denominator = torch._foreach_sqrt(accum)
        if hyper.get("epsilon"):  # ApplyAdagradV2 (Keras's Adagrad): sqrt(accum) + epsilon
            torch._foreach_add_(denominator, hyper["epsilon"])
        torch._foreach_div_(step, denominator)
        return torch._foreach_sub(variables, step), {"accumulator": accum}
