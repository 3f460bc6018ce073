"""tf.train.GradientDescentOptimizer: ``var -= learning_rate * grad``."""

import torch

from ..registry import export
from .optimizer import Optimizer


@export("train.GradientDescentOptimizer")
class GradientDescentOptimizer(Optimizer):
    _op_name = "ResourceApplyGradientDescent"
    _grad_index = 2
    _grad_label = "delta"

    def __init__(self, learning_rate, use_locking=False, name="GradientDescent"):
        super().__init__(use_locking, name)
        self._set_hyper("learning_rate", learning_rate)

    def _update(self, variables, gradients, slots, hyper):
        return torch._foreach_add(variables, gradients, alpha=-hyper["learning_rate"]), {}
