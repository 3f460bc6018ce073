"""tf.keras.optimizers.schedules: TF 1.15's keras/optimizer_v2/learning_rate_schedule.py, eager.

A schedule is an object called with the step (``schedule(step)``), so a Keras optimizer given one
as its learning rate evaluates it at its ``iterations`` every step.  The formulas are tf.train's
(``training/learning_rate_decay.py``'s ``*_rule`` functions): the step and the other arguments are
cast to ``initial_learning_rate``'s dtype, as TF casts them.  CosineDecay's ``warmup_target`` /
``warmup_steps`` are TF 2.x's additions to the class (TF 1.15 had tf.keras.experimental.CosineDecay
without them); the inventory's signature is TF 2.x's, so both are accepted and follow tf_keras.
"""

from ..framework.dtypes import dtype_of
from ..framework.tensor import convert, wrap
from ..ops import creation_ops
from ..registry import export
from ..training import learning_rate_decay as decay_rules
from ..util import nest
from .generic_utils import deserialize_keras_object, serialize_keras_object


@export("keras.optimizers.schedules.LearningRateSchedule")
class LearningRateSchedule:
    """Base class: subclasses define ``__call__(step)`` (the learning rate at ``step``) and ``get_config``."""

    def __call__(self, step):
        raise NotImplementedError("Learning rate schedule must override __call__")

    def get_config(self):
        raise NotImplementedError("Learning rate schedule must override get_config")

    @classmethod
    def from_config(cls, config):
        return cls(**config)


class _FormulaSchedule(LearningRateSchedule):
    """A schedule computed by ``_rule(lr, step)`` over torch tensors of initial_learning_rate's dtype."""

    def __call__(self, step):
        lr = decay_rules.learning_rate_tensor(self.initial_learning_rate, type(self).__name__)
        return wrap(self._rule(lr, decay_rules.operand(step, lr.dtype, lr.device)))

    def _rule(self, lr, step):
        raise NotImplementedError()


@export("keras.optimizers.schedules.ExponentialDecay")
class ExponentialDecay(_FormulaSchedule):
    """``initial_learning_rate * decay_rate ** (step / decay_steps)`` (floored exponent with staircase)."""

    def __init__(self, initial_learning_rate, decay_steps, decay_rate, staircase=False, name=None):
        self.initial_learning_rate = initial_learning_rate
        self.decay_steps = decay_steps
        self.decay_rate = decay_rate
        self.staircase = staircase
        self.name = name

    def _rule(self, lr, step):
        return decay_rules.exponential_rule(lr, step, self.decay_steps, self.decay_rate, self.staircase)

    def get_config(self):
        return {"initial_learning_rate": self.initial_learning_rate, "decay_steps": self.decay_steps,
                "decay_rate": self.decay_rate, "staircase": self.staircase, "name": self.name}


@export("keras.optimizers.schedules.InverseTimeDecay")
class InverseTimeDecay(ExponentialDecay):
    """``initial_learning_rate / (1 + decay_rate * step / decay_steps)`` (floored fraction with staircase)."""

    def _rule(self, lr, step):
        return decay_rules.inverse_time_rule(lr, step, self.decay_steps, self.decay_rate, self.staircase)


@export("keras.optimizers.schedules.PolynomialDecay")
class PolynomialDecay(_FormulaSchedule):
    """``(lr - end) * (1 - step / decay_steps) ** power + end``, restarting every decay_steps with ``cycle``."""

    def __init__(self, initial_learning_rate, decay_steps, end_learning_rate=0.0001, power=1.0, cycle=False,
                 name=None):
        self.initial_learning_rate = initial_learning_rate
        self.decay_steps = decay_steps
        self.end_learning_rate = end_learning_rate
        self.power = power
        self.cycle = cycle
        self.name = name

    def _rule(self, lr, step):
        return decay_rules.polynomial_rule(lr, step, self.decay_steps, self.end_learning_rate, self.power, self.cycle)

    def get_config(self):
        return {"initial_learning_rate": self.initial_learning_rate, "decay_steps": self.decay_steps,
                "end_learning_rate": self.end_learning_rate, "power": self.power, "cycle": self.cycle,
                "name": self.name}


@export("keras.optimizers.schedules.CosineDecay")
class CosineDecay(_FormulaSchedule):
    """Cosine decay from initial_learning_rate (or, after a linear warmup of ``warmup_steps``, from
    ``warmup_target``) down to ``alpha`` times it over ``decay_steps``."""

    def __init__(self, initial_learning_rate, decay_steps, alpha=0.0, name=None, warmup_target=None, warmup_steps=0):
        self.initial_learning_rate = initial_learning_rate
        self.decay_steps = decay_steps
        self.alpha = alpha
        self.name = name
        self.warmup_target = warmup_target
        self.warmup_steps = warmup_steps

    def _rule(self, lr, step):
        if self.warmup_target is None:
            return decay_rules.cosine_rule(lr, step, self.decay_steps, self.alpha)
        target = decay_rules.operand(self.warmup_target, lr.dtype, lr.device)
        warmup = decay_rules.operand(self.warmup_steps, lr.dtype, lr.device)
        if bool(step < warmup):
            return lr + (target - lr) * (step / warmup)
        return decay_rules.cosine_rule(target, step - warmup, self.decay_steps, self.alpha)

    def get_config(self):
        return {"initial_learning_rate": self.initial_learning_rate, "decay_steps": self.decay_steps,
                "alpha": self.alpha, "name": self.name, "warmup_target": self.warmup_target,
                "warmup_steps": self.warmup_steps}


@export("keras.optimizers.schedules.CosineDecayRestarts")
class CosineDecayRestarts(_FormulaSchedule):
    """SGDR: cosine decay restarted after periods ``first_decay_steps * t_mul ** i``, peaks scaled by ``m_mul ** i``."""

    def __init__(self, initial_learning_rate, first_decay_steps, t_mul=2.0, m_mul=1.0, alpha=0.0, name=None):
        self.initial_learning_rate = initial_learning_rate
        self.first_decay_steps = first_decay_steps
        self._t_mul = t_mul
        self._m_mul = m_mul
        self.alpha = alpha
        self.name = name

    def _rule(self, lr, step):
        return decay_rules.cosine_restarts_rule(lr, step, self.first_decay_steps, self._t_mul, self._m_mul,
                                                self.alpha)

    def get_config(self):
        return {"initial_learning_rate": self.initial_learning_rate, "first_decay_steps": self.first_decay_steps,
                "t_mul": self._t_mul, "m_mul": self._m_mul, "alpha": self.alpha, "name": self.name}


@export("keras.optimizers.schedules.PiecewiseConstantDecay")
class PiecewiseConstantDecay(LearningRateSchedule):
    """tf.train.piecewise_constant at the step, the boundaries cast to the step's dtype as Keras casts them."""

    def __init__(self, boundaries, values, name=None):
        if len(boundaries) != len(values) - 1:
            raise ValueError("The length of boundaries should be 1 less than the length of values")
        self.boundaries = boundaries
        self.values = values
        self.name = name

    def __call__(self, step):
        step_dtype = dtype_of(convert(step))
        bounds = [creation_ops.cast(boundary, step_dtype) for boundary in nest.flatten(self.boundaries)]
        return decay_rules.piecewise_constant(step, bounds, self.values)()

    def get_config(self):
        return {"boundaries": self.boundaries, "values": self.values, "name": self.name}


_SCHEDULES = {cls.__name__: cls for cls in (ExponentialDecay, InverseTimeDecay, PolynomialDecay, CosineDecay,
                                            CosineDecayRestarts, PiecewiseConstantDecay)}


@export("keras.optimizers.schedules.serialize")
def serialize(learning_rate_schedule, use_legacy_format=False):
    """``{'class_name': ..., 'config': schedule.get_config()}`` (both formats are this one for schedules)."""
    return serialize_keras_object(learning_rate_schedule)


@export("keras.optimizers.schedules.deserialize")
def deserialize(config, custom_objects=None, use_legacy_format=False):
    return deserialize_keras_object(config, _SCHEDULES, custom_objects, "decay")
