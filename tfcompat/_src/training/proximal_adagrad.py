"""tf.train.ProximalAdagradOptimizer: TF's ApplyProximalAdagrad kernel.

``accum += grad ** 2``; ``step = lr / sqrt(accum)``; ``prox = var - step * grad``; then the proximal
step (proximal_gradient_descent.shrink) with the per-element ``step``.  Accumulators start at
``initial_accumulator_value`` (0.1); hyperparameters are converted as they are (not called, not cast).
"""

from ..registry import export
from .optimizer import Optimizer
from .proximal_gradient_descent import check_uncast_hypers, shrink


@export("train.ProximalAdagradOptimizer")
class ProximalAdagradOptimizer(Optimizer):
    _op_name = "ResourceApplyProximalAdagrad"
    _grad_index = 5

    def __init__(self, learning_rate, initial_accumulator_value=0.1, l1_regularization_strength=0.0,
                 l2_regularization_strength=0.0, use_locking=False, name="ProximalAdagrad"):
        if initial_accumulator_value <= 0.0:
            raise ValueError(f"initial_accumulator_value must be positive: {initial_accumulator_value}")
        super().__init__(use_locking, name)
        for hyper, value in (("learning_rate", learning_rate), ("l1", l1_regularization_strength),
                             ("l2", l2_regularization_strength)):
            self._set_hyper(hyper, value, calls=False)
        self._slot_specs = (("accumulator", initial_accumulator_value),)

    def _update(self, variables, gradients, slots, hyper):
        check_uncast_hypers(self, gradients[0])
        lr, l1, l2 = hyper["learning_rate"], hyper["l1"], hyper["l2"]
        new_variables, accums = [], []
        for var, grad, accum in zip(variables, gradients, slots["accumulator"]):
            accum = accum + grad * grad
            step = lr * accum.rsqrt()
            new_variables.append(shrink(var - grad * step, step, l1, l2))
            accums.append(accum)
        return new_variables, {"accumulator": accums}
