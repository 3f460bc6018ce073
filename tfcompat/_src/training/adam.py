"""tf.train.AdamOptimizer: TF 1.x's Adam, bias correction folded into the step size.

``lr_t = lr * sqrt(1 - beta2_power) / (1 - beta1_power)``; ``m += (grad - m) * (1 - beta1)``;
``v += (grad ** 2 - v) * (1 - beta2)``; ``var -= lr_t * m / (sqrt(v) + epsilon)`` (epsilon-hat:
added after the square root, unscaled).  ``beta1_power`` and ``beta2_power`` are float32 variables
of the optimizer, made next to the first variable by name and multiplied by beta1 / beta2 after
each step.  An IndexedSlices gradient decays all of ``m`` and ``v`` and moves every row of the
variable, as TF's Python sparse rule does.
"""

import torch

from ..eager.variables import read_storage, write_storage, write_storages
from ..registry import export
from .optimizer import Optimizer


@export("train.AdamOptimizer")
class AdamOptimizer(Optimizer):
    _op_name = "ResourceApplyAdam"
    _grad_index = 9
    _slot_specs = (("m", 0.0), ("v", 0.0))

    def __init__(self, learning_rate=0.001, beta1=0.9, beta2=0.999, epsilon=1e-08, use_locking=False, name="Adam",
                 use_own_namescope_for_non_slot_vars=False):
        super().__init__(use_locking, name, use_own_namescope_for_non_slot_vars)
        for hyper, value in (("learning_rate", learning_rate), ("beta1", beta1), ("beta2", beta2),
                             ("epsilon", epsilon)):
            self._set_hyper(hyper, value)
        self._beta1, self._beta2 = beta1, beta2

    def _create_slots(self, variables):
        first = min(variables, key=lambda variable: variable.name)
        self._make_non_slot("beta1_power", self._beta1() if callable(self._beta1) else self._beta1, first)
        self._make_non_slot("beta2_power", self._beta2() if callable(self._beta2) else self._beta2, first)
        super()._create_slots(variables)

    def _get_beta_accumulators(self):
        """(beta1_power, beta2_power), None before the first step (TF's private accessor)."""
        return self._non_slots.get("beta1_power"), self._non_slots.get("beta2_power")

    def _step_size(self, dtype, device, hyper):
        """``lr * sqrt(1 - beta2_power) / (1 - beta1_power)`` as a 0-d tensor (no host sync)."""
        beta1_power = read_storage(self._non_slots["beta1_power"]).to(device=device, dtype=dtype)
        beta2_power = read_storage(self._non_slots["beta2_power"]).to(device=device, dtype=dtype)
        return hyper["learning_rate"] * torch.sqrt(1 - beta2_power) / (1 - beta1_power)

    def _update(self, variables, gradients, slots, hyper):
        step_size = self._step_size(variables[0].dtype, variables[0].device, hyper)
        m = torch._foreach_add(slots["m"], torch._foreach_sub(gradients, slots["m"]), alpha=1 - hyper["beta1"])
        squares = torch._foreach_mul(gradients, gradients)
        torch._foreach_sub_(squares, slots["v"])
        v = torch._foreach_add(slots["v"], squares, alpha=1 - hyper["beta2"])
        denominator = torch._foreach_sqrt(v)
        torch._foreach_add_(denominator, hyper["epsilon"])
        step = torch._foreach_mul(m, step_size)
        torch._foreach_div_(step, denominator)
        return torch._foreach_sub(variables, step), {"m": m, "v": v}

    def _apply_rows(self, variable, rows, gradient):
        storage = read_storage(variable)
        hyper = self._hyper_values(storage.dtype)
        beta1, beta2 = hyper["beta1"], hyper["beta2"]
        m_slot, v_slot = self._slots["m"][variable._unique_id], self._slots["v"][variable._unique_id]
        m = read_storage(m_slot) * beta1
        m.index_add_(0, rows, gradient * (1 - beta1))
        v = read_storage(v_slot) * beta2
        v.index_add_(0, rows, gradient * gradient * (1 - beta2))
        step = self._step_size(storage.dtype, storage.device, hyper) * m / (torch.sqrt(v) + hyper["epsilon"])
        write_storages([variable, m_slot, v_slot], [storage - step, m, v])

    def _finish(self):
        for name, beta in (("beta1_power", "beta1"), ("beta2_power", "beta2")):
            power = self._non_slots[name]
            current = read_storage(power)
            write_storage(power, current * self._hypers[beta].value(current.dtype))
