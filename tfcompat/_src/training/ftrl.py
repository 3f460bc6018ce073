"""tf.train.FtrlOptimizer: TF's ApplyFtrl / ApplyFtrlV2 kernels (FTRL-Proximal).

``new_accum = accum + grad ** 2``; ``linear += g - (new_accum ** -p - accum ** -p) / lr * var``
(``p`` the learning-rate power, ``g`` the gradient plus ``2 * l2_shrinkage * var``);
``var = (l1 * sign(linear) - linear) / (new_accum ** -p / lr + 2 * l2)`` where ``|linear| > l1``,
else 0; ``accum = new_accum``.  The thresholding is elementwise, so the rule runs per variable.
"""

import torch

from ..registry import PARTIAL, export
from .optimizer import Optimizer


def check_ftrl_arguments(initial_accumulator_value, learning_rate_power, l1, l2, l2_shrinkage):
    """TF's ValueErrors for Ftrl's hyperparameters (tf.train's and Keras's Ftrl check them alike)."""
    for label, value, sign in (("initial_accumulator_value", initial_accumulator_value, "positive"),
                               ("learning_rate_power", -learning_rate_power, "negative"),
                               ("l1_regularization_strength", l1, "positive"),
                               ("l2_regularization_strength", l2, "positive"),
                               ("l2_shrinkage_regularization_strength", l2_shrinkage, "positive")):
        if value < 0.0:
            shown = -value if label == "learning_rate_power" else value
            raise ValueError(f"{label} {shown:f} needs to be {sign} or zero")


@export("train.FtrlOptimizer", status=PARTIAL,
        note="TF 1.15's parameters: TF 2.x's `beta` is not taken; as in TF 1.x, hyperparameters cannot be callables.")
class FtrlOptimizer(Optimizer):
    _op_name = "ResourceApplyFtrl"
    _grad_index = 3

    def __init__(self, learning_rate, learning_rate_power=-0.5, initial_accumulator_value=0.1,
                 l1_regularization_strength=0.0, l2_regularization_strength=0.0, use_locking=False, name="Ftrl",
                 accum_name=None, linear_name=None, l2_shrinkage_regularization_strength=0.0):
        check_ftrl_arguments(initial_accumulator_value, learning_rate_power, l1_regularization_strength,
                             l2_regularization_strength, l2_shrinkage_regularization_strength)
        super().__init__(use_locking, name)
        for hyper, value in (("learning_rate", learning_rate), ("learning_rate_power", learning_rate_power),
                             ("l1", l1_regularization_strength), ("l2", l2_regularization_strength),
                             ("l2_shrinkage", l2_shrinkage_regularization_strength)):
            self._set_hyper(hyper, value, calls=False)  # TF 1.x's Ftrl converts them as they are
        if l2_shrinkage_regularization_strength > 0.0:
            self._op_name, self._grad_index = "ResourceApplyFtrlV2", 3
        self._slot_specs = (("accum", initial_accumulator_value), ("linear", 0.0))
        self._slot_names = {"accum": accum_name or name, "linear": linear_name or name}

    def _slot_scope(self, slot_name):
        return self._slot_names[slot_name]

    def _update(self, variables, gradients, slots, hyper):
        lr, power = hyper["learning_rate"], hyper["learning_rate_power"]
        l1, l2, shrinkage = hyper["l1"], hyper["l2"], hyper["l2_shrinkage"]
        new_variables, accums, linears = [], [], []
        for var, grad, accum, linear in zip(variables, gradients, slots["accum"], slots["linear"]):
            new_accum = accum + grad * grad
            shrunk = grad + 2 * shrinkage * var if shrinkage > 0.0 else grad
            if power == -0.5:
                grown, scale = new_accum.sqrt() - accum.sqrt(), new_accum.sqrt()
            else:
                scale = new_accum.pow(-power)
                grown = scale - accum.pow(-power)
            linear = linear + (shrunk - grown / lr * var)
            quadratic = scale / lr + 2 * l2
            thresholded = (l1 * linear.sign() - linear) / quadratic
            new_variables.append(torch.where(linear.abs() > l1, thresholded, torch.zeros_like(var)))
            accums.append(new_accum)
            linears.append(linear)
        return new_variables, {"accum": accums, "linear": linears}
