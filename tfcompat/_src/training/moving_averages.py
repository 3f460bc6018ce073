"""tf.train.ExponentialMovingAverage under eager execution, as TF 1.15's training/moving_averages.py.

``apply(var_list)`` makes one shadow variable per variable the first time it sees it (non-trainable,
named ``<variable>/<name>`` as TF's slot creator names it, initialised to the variable's value, on the
variable's device) and then moves every shadow towards its variable, with a few ``torch._foreach_*``
ops per dtype and device: ``shadow -= (shadow - value) *
(1 - decay)``, where ``decay`` is a float32 scalar, ``min(decay, (1 + n) / (10 + n))`` when
``num_updates`` is given, and ``1 - decay`` is computed in float32 and cast to the variable's dtype.
Under eager execution TF rejects plain tensors, so ``zero_debias`` (which TF applies only to tensors'
averages) changes nothing here.

Checkpoints: TF 1.15's ExponentialMovingAverage is not a trackable object; programs save the shadows
with ``tf.train.Saver(ema.variables_to_restore())`` or by their names, which is what this class gives.
"""

import torch

from ..eager.variables import Variable, read_storage, write_storages
from ..framework import dtypes
from ..framework.tensor import Tensor, convert
from ..registry import PARTIAL, export
from .optimizer import _unique_slot_name, _variable_named

_AVERAGED_DTYPES = (dtypes.bfloat16, dtypes.float16, dtypes.float32, dtypes.float64)


@export("train.ExponentialMovingAverage", status=PARTIAL,
        note="Eager execution: apply() updates at once and returns None; average_name() and "
             "variables_to_restore() give the names TF 1.15 gives in graph mode (its eager mode raises "
             "AttributeError there, reading Variable.op); variables_to_restore() defaults to the variables "
             "this object averages.")
class ExponentialMovingAverage:
    """Moving averages of variables: ``shadow = decay * shadow + (1 - decay) * variable`` at each apply()."""

    def __init__(self, decay, num_updates=None, zero_debias=False, name="ExponentialMovingAverage"):
        self._decay = decay
        self._num_updates = num_updates
        self._zero_debias = zero_debias
        self._name = name
        self._averages = {}  # variable id -> (variable, shadow variable), in apply() order

    @property
    def name(self):
        return self._name

    def apply(self, var_list=None):
        """Create the shadows ``var_list`` lacks, then update all of theirs once (eager: returns None)."""
        variables = [] if var_list is None else list(var_list)  # tf.trainable_variables() is empty under eager
        for variable in variables:
            if not isinstance(variable, Variable):
                raise TypeError("tf.train.ExponentialMovingAverage does not support non-Variable tensors when "
                                "eager execution is enabled.")
        for variable in variables:
            if variable.dtype.base_dtype not in _AVERAGED_DTYPES:
                raise TypeError(f"The variables must be half, float, or double: {variable.name}")
            if id(variable) not in self._averages:
                self._averages[id(variable)] = (variable, self._make_shadow(variable))
        if not variables:
            return None
        one_minus_decay = 1.0 - self._decay_value()
        if len({id(variable) for variable in variables}) < len(variables):
            for variable in variables:  # one after the other: a variable listed twice moves twice, as in TF
                self._update([variable], one_minus_decay)
            return None
        groups = {}  # one torch._foreach_* update per dtype and device, as the optimizers do
        for variable in variables:
            storage = read_storage(variable)
            groups.setdefault((storage.dtype, storage.device), []).append(variable)
        for group in groups.values():
            self._update(group, one_minus_decay)
        return None

    def _update(self, variables, one_minus_decay):
        """``shadow -= (shadow - value) * (1 - decay)`` for ``variables`` (one dtype and device, no repeats)."""
        shadows = [self._averages[id(variable)][1] for variable in variables]
        current = [read_storage(shadow) for shadow in shadows]
        step = one_minus_decay.to(current[0].device, current[0].dtype)
        moved = torch._foreach_mul(torch._foreach_sub(current, [read_storage(v) for v in variables]), step)
        write_storages(shadows, torch._foreach_sub(current, moved))

    def _make_shadow(self, variable):
        value = read_storage(variable).clone()
        return _variable_named(value, _unique_slot_name(f"{variable.name[:-2]}/{self._name}"))

    def _decay_value(self):
        """The decay of this step, a float32 torch scalar on the CPU (TF: min(decay, (1+n)/(10+n)))."""
        decay = _float32_scalar(self._decay, "decay")
        if self._num_updates is not None:
            updates = _float32_scalar(self._num_updates, "num_updates")
            decay = torch.minimum(decay, (1.0 + updates) / (10.0 + updates))
        return decay

    def average(self, var):
        """The shadow variable of ``var``, or None when this object does not average it."""
        pair = self._averages.get(id(var))
        return None if pair is None else pair[1]

    def average_name(self, var):
        """The name of ``var``'s shadow variable (without ``:0``), whether or not apply() made it yet."""
        shadow = self.average(var)
        if shadow is not None:
            return shadow.name[:-2]
        if not isinstance(var, (Variable, Tensor)):
            raise TypeError(f"ExponentialMovingAverage.average_name expects a tf.Variable, got {var!r}")
        return f"{var.name[:-2]}/{self._name}"

    def variables_to_restore(self, moving_avg_variables=None):
        """``{shadow name: variable}`` for the averaged variables, for ``tf.train.Saver``."""
        if moving_avg_variables is None:
            moving_avg_variables = [variable for variable, _ in self._averages.values()]
        return {self.average_name(variable): variable for variable in moving_avg_variables}


def _float32_scalar(value, what):
    tensor = convert(value.read_value() if isinstance(value, Variable) else value)
    if not isinstance(tensor, torch.Tensor) or tensor.dim() != 0:
        raise ValueError(f"ExponentialMovingAverage: {what} must be a number or a scalar tensor, got {value!r}")
    return tensor.detach().to(device="cpu", dtype=torch.float32)
