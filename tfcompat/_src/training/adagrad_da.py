"""tf.train.AdagradDAOptimizer: TF's ApplyAdagradDA kernel (Adagrad dual averaging).

The slots sum the gradients and their squares (``gradient_squared_accumulator`` starts at 0.1); with
``t`` the global step plus one (read before apply_gradients increments it),
``var = -lr * sign(g_acc) * max(|g_acc| - l1 * t, 0) / (l2 * t * lr + sqrt(gg_acc))`` (without the
threshold when ``l1`` is 0).  ``global_step`` is required: TF converts it at each step, so None raises
there.  Hyperparameters are converted as they are (not called), as in TF 1.x.
"""

import torch

from ..framework import dtypes
from ..framework.errors import dtype_mismatch
from ..framework.tensor import convert, dtype_of
from ..registry import export
from .optimizer import Optimizer


@export("train.AdagradDAOptimizer")
class AdagradDAOptimizer(Optimizer):
    _op_name = "ResourceApplyAdagradDA"
    _grad_index = 3

    def __init__(self, learning_rate, global_step, initial_gradient_squared_accumulator_value=0.1,
                 l1_regularization_strength=0.0, l2_regularization_strength=0.0, use_locking=False,
                 name="AdagradDA"):
        if initial_gradient_squared_accumulator_value <= 0.0:
            raise ValueError("initial_gradient_squared_accumulator_value must be positive: "
                             f"{initial_gradient_squared_accumulator_value}")
        super().__init__(use_locking, name)
        for hyper, value in (("learning_rate", learning_rate), ("l1", l1_regularization_strength),
                             ("l2", l2_regularization_strength)):
            self._set_hyper(hyper, value, calls=False)
        self._global_step = global_step
        self._slot_specs = (("gradient_accumulator", 0.0),
                            ("gradient_squared_accumulator", initial_gradient_squared_accumulator_value))
        self._step = None

    def _prepare(self):
        super()._prepare()
        step = convert(self._global_step)
        if dtype_of(step) != dtypes.int64:  # the kernel's global_step input is int64
            raise dtype_mismatch(self._op_name, 7, dtypes.int64, dtype_of(step))
        self._step = int(step.item()) + 1

    def _update(self, variables, gradients, slots, hyper):
        lr, l1, l2, t = hyper["learning_rate"], hyper["l1"], hyper["l2"], self._step
        new_variables, sums, squares = [], [], []
        for grad, g_acc, gg_acc in zip(gradients, slots["gradient_accumulator"],
                                       slots["gradient_squared_accumulator"]):
            g_acc = g_acc + grad
            gg_acc = gg_acc + grad * grad
            numerator = torch.sign(g_acc) * torch.clamp(g_acc.abs() - l1 * t, min=0) if l1 > 0 else g_acc
            new_variables.append(-lr * numerator / (l2 * t * lr + gg_acc.sqrt()))
            sums.append(g_acc)
            squares.append(gg_acc)
        return new_variables, {"gradient_accumulator": sums, "gradient_squared_accumulator": squares}
