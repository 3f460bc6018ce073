"""tf.keras.optimizers: TF 1.15's OptimizerV2 classes (SGD, Adam, RMSprop, Adagrad, Adadelta, Adamax,
Nadam, Ftrl) and get / serialize / deserialize.

Where TF runs the kernel tf.train runs (ApplyAdam, ApplyRMSProp, ApplyAdagradV2, ApplyAdadelta,
ApplyFtrl), the rule is tf.train's (``_rule``); Keras's own rules (ApplyKerasMomentum, RMSprop
without momentum, Adamax, Nadam, Adam with amsgrad) are written here.  A rule's sparse path
follows TF's ``_resource_apply_sparse``: some decay every row of a slot (Adam, RMSprop without
momentum, Nadam), the others touch only the rows the gradient names.
"""

import math

import numpy as np
import torch

from ..eager.variables import read_storage, write_storage, write_storages
from ..framework.tensor import dtype_of
from ..registry import PARTIAL, export
from ..training.adadelta import AdadeltaOptimizer
from ..training.adagrad import AdagradOptimizer
from ..training.adam import AdamOptimizer
from ..training.ftrl import FtrlOptimizer, check_ftrl_arguments
from ..training.rmsprop import RMSPropOptimizer
from . import backend
from .generic_utils import deserialize_keras_object, serialize_keras_object
from .optimizer_v2 import OptimizerV2

_NADAM_DECAY_BASE = float(np.float32(0.96))  # TF's tf.cast(0.96, dtype) goes through float32 first


def _epsilon(value):
    return value or backend.epsilon()


def _momentum_flag(momentum):
    if isinstance(momentum, (int, float)) and (momentum < 0 or momentum > 1):
        raise ValueError("`momentum` must be between [0, 1].")
    return callable(momentum) or not isinstance(momentum, (int, float)) or momentum > 0


def _with_rows(storage, rows, new_rows):
    updated = storage.clone()
    updated[rows] = new_rows
    return updated


@export("keras.optimizers.SGD")
class SGD(OptimizerV2):
    """``var -= lr * grad``; with momentum ``accum = accum * momentum - lr * grad``, ``var += accum``
    (nesterov: ``var += accum * momentum - lr * grad``), TF's ApplyKerasMomentum."""

    def __init__(self, learning_rate=0.01, momentum=0.0, nesterov=False, name="SGD", **kwargs):
        super().__init__(name, **kwargs)
        self._set_hyper("learning_rate", kwargs.get("lr", learning_rate))
        self._set_hyper("decay", self._initial_decay)
        self._momentum = _momentum_flag(momentum)
        self._set_hyper("momentum", momentum)
        self.nesterov = nesterov
        self._slot_specs = (("momentum", 0.0),) if self._momentum else ()

    def _rule(self, variables, gradients, slots, hyper):
        lr = hyper["learning_rate"]
        if not self._momentum:
            return torch._foreach_add(variables, gradients, alpha=-lr), {}
        momentum = hyper["momentum"]
        accum = torch._foreach_mul(slots["momentum"], momentum)
        torch._foreach_add_(accum, gradients, alpha=-lr)
        if self.nesterov:
            step = torch._foreach_mul(accum, momentum)
            torch._foreach_add_(step, gradients, alpha=-lr)
            return torch._foreach_add(variables, step), {"momentum": accum}
        return torch._foreach_add(variables, accum), {"momentum": accum}

    def get_config(self):
        return {**super().get_config(), "learning_rate": self._serialize_hyperparameter("learning_rate"),
                "decay": self._serialize_hyperparameter("decay"),
                "momentum": self._serialize_hyperparameter("momentum"), "nesterov": self.nesterov}


class _AdamFamily(OptimizerV2):
    def _beta_hypers(self, learning_rate, beta_1, beta_2, epsilon, kwargs):
        self._set_hyper("learning_rate", kwargs.get("lr", learning_rate))
        self._set_hyper("decay", self._initial_decay)
        self._set_hyper("beta_1", beta_1)
        self._set_hyper("beta_2", beta_2)
        self.epsilon = _epsilon(epsilon)

    def get_config(self):
        return {**super().get_config(), **{name: self._serialize_hyperparameter(name)
                                           for name in ("learning_rate", "decay", "beta_1", "beta_2")},
                "epsilon": self.epsilon}


@export("keras.optimizers.Adam")
class Adam(_AdamFamily):
    """TF's ApplyAdam with ``beta_power = beta ** (iterations + 1)``; amsgrad keeps ``vhat = max(vhat, v)``
    and divides by ``sqrt(vhat) + epsilon``."""

    _slot_specs = (("m", 0.0), ("v", 0.0))

    def __init__(self, learning_rate=0.001, beta_1=0.9, beta_2=0.999, epsilon=1e-7, amsgrad=False, name="Adam",
                 **kwargs):
        super().__init__(name, **kwargs)
        self._beta_hypers(learning_rate, beta_1, beta_2, epsilon, kwargs)
        self.amsgrad = amsgrad
        if amsgrad:
            self._slot_specs = (("m", 0.0), ("v", 0.0), ("vhat", 0.0))

    def _step_hypers(self, values):
        t = values["local_step"]
        beta_1, beta_2 = values["beta_1"], values["beta_2"]
        step_size = values["learning_rate"] * math.sqrt(1 - beta_2 ** t) / (1 - beta_1 ** t)
        return {"beta1": beta_1, "beta2": beta_2, "epsilon": self.epsilon, "step_size": step_size}

    def _step_size(self, dtype, device, hyper):
        return hyper["step_size"]

    def _rule(self, variables, gradients, slots, hyper):
        if not self.amsgrad:
            return AdamOptimizer._update(self, variables, gradients, slots, hyper)
        m = torch._foreach_add(slots["m"], torch._foreach_sub(gradients, slots["m"]), alpha=1 - hyper["beta1"])
        squares = torch._foreach_mul(gradients, gradients)
        torch._foreach_sub_(squares, slots["v"])
        v = torch._foreach_add(slots["v"], squares, alpha=1 - hyper["beta2"])
        vhat = torch._foreach_maximum(slots["vhat"], v)
        denominator = torch._foreach_sqrt(vhat)
        torch._foreach_add_(denominator, hyper["epsilon"])
        step = torch._foreach_mul(m, hyper["step_size"])
        torch._foreach_div_(step, denominator)
        return torch._foreach_sub(variables, step), {"m": m, "v": v, "vhat": vhat}

    def _apply_rows(self, variable, rows, gradient):
        if not self.amsgrad:
            return AdamOptimizer._apply_rows(self, variable, rows, gradient)
        hyper = self._step_values
        beta1, beta2 = hyper["beta1"], hyper["beta2"]
        slots = [self._slots[name][variable._unique_id] for name in ("m", "v", "vhat")]
        m = read_storage(slots[0]) * beta1
        m.index_add_(0, rows, gradient * (1 - beta1))
        v = read_storage(slots[1]) * beta2
        v.index_add_(0, rows, gradient * gradient * (1 - beta2))
        vhat = torch.maximum(read_storage(slots[2]), v)
        step = hyper["step_size"] * m / (torch.sqrt(vhat) + hyper["epsilon"])
        write_storages([variable, *slots], [read_storage(variable) - step, m, v, vhat])

    def get_config(self):
        return {**super().get_config(), "amsgrad": self.amsgrad}


@export("keras.optimizers.RMSprop")
class RMSprop(OptimizerV2):
    """With momentum, TF's ApplyRMSProp / ApplyCenteredRMSProp (``rms`` starting at zeros);
    without, ``rms = rho * rms + (1 - rho) * grad ** 2`` and ``var -= lr * grad / (sqrt(rms) + epsilon)``
    (centered: ``rms - mg ** 2`` under the root)."""

    def __init__(self, learning_rate=0.001, rho=0.9, momentum=0.0, epsilon=1e-7, centered=False, name="RMSprop",
                 **kwargs):
        super().__init__(name, **kwargs)
        self._set_hyper("learning_rate", kwargs.get("lr", learning_rate))
        self._set_hyper("decay", self._initial_decay)
        self._set_hyper("rho", rho)
        self._momentum = _momentum_flag(momentum)
        self._set_hyper("momentum", momentum)
        self.epsilon = _epsilon(epsilon)
        self.centered = self._centered = centered
        specs = [("rms", 0.0)]
        if self._momentum:
            specs.append(("momentum", 0.0))
        if centered:
            specs.append(("mg", 0.0))
        self._slot_specs = tuple(specs)

    def _step_hypers(self, values):
        return {"learning_rate": values["learning_rate"], "decay": values["rho"], "momentum": values["momentum"],
                "epsilon": self.epsilon}

    def _rule(self, variables, gradients, slots, hyper):
        if self._momentum:
            return RMSPropOptimizer._update(self, variables, gradients, slots, hyper)
        rho = hyper["decay"]
        rms = torch._foreach_mul(slots["rms"], rho)
        torch._foreach_add_(rms, torch._foreach_mul(gradients, gradients), alpha=1 - rho)
        new_slots = {"rms": rms}
        denominator = rms
        if self.centered:
            mg = torch._foreach_mul(slots["mg"], rho)
            torch._foreach_add_(mg, gradients, alpha=1 - rho)
            new_slots["mg"] = mg
            denominator = torch._foreach_sub(rms, torch._foreach_mul(mg, mg))
        denominator = torch._foreach_sqrt(denominator)
        torch._foreach_add_(denominator, hyper["epsilon"])
        step = torch._foreach_mul(gradients, hyper["learning_rate"])
        torch._foreach_div_(step, denominator)
        return torch._foreach_sub(variables, step), new_slots

    def _apply_rows(self, variable, rows, gradient):
        if self._momentum:
            return super()._apply_rows(variable, rows, gradient)
        hyper = self._step_values
        rho = hyper["decay"]
        rms_slot = self._slots["rms"][variable._unique_id]
        rms = read_storage(rms_slot) * rho
        rms.index_add_(0, rows, gradient * gradient * (1 - rho))
        targets, values = [rms_slot], [rms]
        denominator = rms[rows]
        if self.centered:
            mg_slot = self._slots["mg"][variable._unique_id]
            mg = read_storage(mg_slot) * rho
            mg.index_add_(0, rows, gradient * (1 - rho))
            targets.append(mg_slot)
            values.append(mg)
            denominator = denominator - mg[rows] ** 2
        storage = read_storage(variable)
        step = hyper["learning_rate"] * gradient / (torch.sqrt(denominator) + hyper["epsilon"])
        write_storages([variable, *targets], [_with_rows(storage, rows, storage[rows] - step), *values])

    def get_config(self):
        return {**super().get_config(), **{name: self._serialize_hyperparameter(name)
                                           for name in ("learning_rate", "decay", "rho", "momentum")},
                "epsilon": self.epsilon, "centered": self.centered}


@export("keras.optimizers.Adagrad")
class Adagrad(OptimizerV2):
    """TF's ApplyAdagradV2: ``accum += grad ** 2``; ``var -= lr * grad / (sqrt(accum) + epsilon)``."""

    _rule = AdagradOptimizer._update

    def __init__(self, learning_rate=0.001, initial_accumulator_value=0.1, epsilon=1e-7, name="Adagrad", **kwargs):
        if initial_accumulator_value < 0.0:
            raise ValueError(f"initial_accumulator_value must be non-negative: {initial_accumulator_value}")
        super().__init__(name, **kwargs)
        self._set_hyper("learning_rate", kwargs.get("lr", learning_rate))
        self._set_hyper("decay", self._initial_decay)
        self._initial_accumulator_value = initial_accumulator_value
        self.epsilon = _epsilon(epsilon)
        self._slot_specs = (("accumulator", initial_accumulator_value),)

    def _step_hypers(self, values):
        return {"learning_rate": values["learning_rate"], "epsilon": self.epsilon}

    def get_config(self):
        return {**super().get_config(), "learning_rate": self._serialize_hyperparameter("learning_rate"),
                "decay": self._serialize_hyperparameter("decay"),
                "initial_accumulator_value": self._initial_accumulator_value, "epsilon": self.epsilon}


@export("keras.optimizers.Adadelta")
class Adadelta(OptimizerV2):
    """TF's ApplyAdadelta (tf.train's rule), slots ``accum_grad`` and ``accum_var``."""

    _rule = AdadeltaOptimizer._update
    _RULE_SLOTS = {"accum_grad": "accum", "accum_var": "accum_update"}
    _slot_specs = (("accum_grad", 0.0), ("accum_var", 0.0))

    def __init__(self, learning_rate=0.001, rho=0.95, epsilon=1e-7, name="Adadelta", **kwargs):
        super().__init__(name, **kwargs)
        self._set_hyper("learning_rate", kwargs.get("lr", learning_rate))
        self._set_hyper("decay", self._initial_decay)
        self._set_hyper("rho", rho)
        self.epsilon = _epsilon(epsilon)

    def _step_hypers(self, values):
        return {"learning_rate": values["learning_rate"], "rho": values["rho"], "epsilon": self.epsilon}

    def get_config(self):
        return {**super().get_config(), **{name: self._serialize_hyperparameter(name)
                                           for name in ("learning_rate", "decay", "rho")}, "epsilon": self.epsilon}


@export("keras.optimizers.Adamax")
class Adamax(_AdamFamily):
    """TF's ApplyAdaMax: ``m += (grad - m) * (1 - beta_1)``; ``v = max(beta_2 * v, |grad|)``;
    ``var -= lr / (1 - beta_1 ** t) * m / (v + epsilon)``."""

    _slot_specs = (("m", 0.0), ("v", 0.0))

    def __init__(self, learning_rate=0.001, beta_1=0.9, beta_2=0.999, epsilon=1e-7, name="Adamax", **kwargs):
        super().__init__(name, **kwargs)
        self._beta_hypers(learning_rate, beta_1, beta_2, epsilon, kwargs)

    def _step_hypers(self, values):
        beta_1 = values["beta_1"]
        return {"beta_1": beta_1, "beta_2": values["beta_2"], "epsilon": self.epsilon,
                "step_size": values["learning_rate"] / (1 - beta_1 ** values["local_step"])}

    def _rule(self, variables, gradients, slots, hyper):
        m = torch._foreach_add(slots["m"], torch._foreach_sub(gradients, slots["m"]), alpha=1 - hyper["beta_1"])
        v = torch._foreach_maximum(torch._foreach_mul(slots["v"], hyper["beta_2"]), torch._foreach_abs(gradients))
        denominator = torch._foreach_add(v, hyper["epsilon"])
        step = torch._foreach_div(m, denominator)
        return torch._foreach_add(variables, step, alpha=-hyper["step_size"]), {"m": m, "v": v}


@export("keras.optimizers.Nadam")
class Nadam(_AdamFamily):
    """Adam with Nesterov momentum and TF's momentum schedule ``beta_1 * (1 - 0.5 * 0.96 ** (decay * t))``
    (``decay`` is the schedule decay, 0.004), whose running product is the ``momentum_cache`` weight."""

    _slot_specs = (("m", 0.0), ("v", 0.0))
    _DECAYS_LEARNING_RATE = False

    def __init__(self, learning_rate=0.001, beta_1=0.9, beta_2=0.999, epsilon=1e-7, name="Nadam", **kwargs):
        kwargs["decay"] = kwargs.pop("schedule_decay", 0.004)
        super().__init__(name, **kwargs)
        self._beta_hypers(learning_rate, beta_1, beta_2, epsilon, kwargs)
        self._m_cache = None

    def _create_slots(self, variables):
        if self._m_cache is None:
            dtype = dtype_of(read_storage(variables[0]))
            self._m_cache = self._add_weight("momentum_cache", np.ones((), dtype.as_numpy_dtype))
            self._weights.append(self._m_cache)
        super()._create_slots(variables)

    def _step_hypers(self, values):
        t, beta_1, beta_2 = values["local_step"], values["beta_1"], values["beta_2"]
        decay = self._initial_decay  # the Python number, as TF's schedule reads it
        m_t = beta_1 * (1.0 - 0.5 * _NADAM_DECAY_BASE ** (decay * t))
        m_t_1 = beta_1 * (1.0 - 0.5 * _NADAM_DECAY_BASE ** (decay * (t + 1)))
        cache = read_storage(self._m_cache)
        m_schedule_new = float(cache.item()) * m_t
        write_storage(self._m_cache, cache.new_full((), m_schedule_new))
        return {"lr": values["learning_rate"], "epsilon": self.epsilon, "beta_1": beta_1, "beta_2": beta_2,
                "m_t": m_t, "m_t_1": m_t_1, "m_schedule_new": m_schedule_new,
                "m_schedule_next": m_schedule_new * m_t_1, "v_denominator": 1.0 - beta_2 ** t}

    def _rule(self, variables, gradients, slots, hyper):
        g_prime = torch._foreach_div(gradients, 1.0 - hyper["m_schedule_new"])
        m = torch._foreach_mul(slots["m"], hyper["beta_1"])
        torch._foreach_add_(m, gradients, alpha=1.0 - hyper["beta_1"])
        v = torch._foreach_mul(slots["v"], hyper["beta_2"])
        torch._foreach_add_(v, torch._foreach_mul(gradients, gradients), alpha=1.0 - hyper["beta_2"])
        steps = [self._nadam_step(g, m_row, v_row, hyper) for g, m_row, v_row in zip(g_prime, m, v)]
        return torch._foreach_sub(variables, steps), {"m": m, "v": v}

    @staticmethod
    def _nadam_step(g_prime, m, v, hyper):
        m_bar = (1.0 - hyper["m_t"]) * g_prime + hyper["m_t_1"] * (m / (1.0 - hyper["m_schedule_next"]))
        return hyper["lr"] * m_bar / (torch.sqrt(v / hyper["v_denominator"]) + hyper["epsilon"])

    def _apply_rows(self, variable, rows, gradient):
        hyper = self._step_values
        m_slot, v_slot = self._slots["m"][variable._unique_id], self._slots["v"][variable._unique_id]
        m = read_storage(m_slot) * hyper["beta_1"]
        m.index_add_(0, rows, gradient * (1.0 - hyper["beta_1"]))
        v = read_storage(v_slot) * hyper["beta_2"]
        v.index_add_(0, rows, gradient * gradient * (1.0 - hyper["beta_2"]))
        step = self._nadam_step(gradient / (1.0 - hyper["m_schedule_new"]), m[rows], v[rows], hyper)
        storage = read_storage(variable)
        write_storages([variable, m_slot, v_slot], [_with_rows(storage, rows, storage[rows] - step), m, v])


@export("keras.optimizers.Ftrl", status=PARTIAL, note="TF 1.15's parameters: TF 2.x's `beta` is not taken.")
class Ftrl(OptimizerV2):
    """TF's ApplyFtrl / ApplyFtrlV2 (tf.train's rule), slots ``accumulator`` and ``linear``."""

    _rule = FtrlOptimizer._update
    _RULE_SLOTS = {"accumulator": "accum"}

    def __init__(self, learning_rate=0.001, learning_rate_power=-0.5, initial_accumulator_value=0.1,
                 l1_regularization_strength=0.0, l2_regularization_strength=0.0, name="Ftrl",
                 l2_shrinkage_regularization_strength=0.0, **kwargs):
        super().__init__(name, **kwargs)
        check_ftrl_arguments(initial_accumulator_value, learning_rate_power, l1_regularization_strength,
                             l2_regularization_strength, l2_shrinkage_regularization_strength)
        self._set_hyper("learning_rate", kwargs.get("lr", learning_rate))
        self._set_hyper("decay", self._initial_decay)
        self._set_hyper("learning_rate_power", learning_rate_power)
        self._set_hyper("l1_regularization_strength", l1_regularization_strength)
        self._set_hyper("l2_regularization_strength", l2_regularization_strength)
        self._initial_accumulator_value = initial_accumulator_value
        self._l2_shrinkage_regularization_strength = l2_shrinkage_regularization_strength
        self._slot_specs = (("accumulator", initial_accumulator_value), ("linear", 0.0))

    def _create_slots(self, variables):
        """Both slots of one variable, then the next variable's (TF's order of Ftrl's weights)."""
        for variable in variables:
            super()._create_slots([variable])

    def _step_hypers(self, values):
        return {"learning_rate": values["learning_rate"], "learning_rate_power": values["learning_rate_power"],
                "l1": values["l1_regularization_strength"], "l2": values["l2_regularization_strength"],
                "l2_shrinkage": self._l2_shrinkage_regularization_strength}

    def get_config(self):
        return {**super().get_config(), **{name: self._serialize_hyperparameter(name) for name in (
            "learning_rate", "decay", "learning_rate_power", "l1_regularization_strength",
            "l2_regularization_strength")},
            "initial_accumulator_value": self._initial_accumulator_value,
            "l2_shrinkage_regularization_strength": self._l2_shrinkage_regularization_strength}


# --- by name ----------------------------------------------------------------------------------------------------

_OPTIMIZERS = {cls.__name__.lower(): cls for cls in (SGD, Adam, RMSprop, Adagrad, Adadelta, Adamax, Nadam, Ftrl)}


@export("keras.optimizers.serialize")
def serialize(optimizer):
    return serialize_keras_object(optimizer)


@export("keras.optimizers.deserialize")
def deserialize(config, custom_objects=None):
    """The optimizer a ``{'class_name', 'config'}`` dict describes; built-in class names in any case."""
    config = dict(config)
    if isinstance(config.get("class_name"), str) and config["class_name"].lower() in _OPTIMIZERS:
        config["class_name"] = config["class_name"].lower()
    return deserialize_keras_object(config, _OPTIMIZERS, custom_objects, "optimizer")


@export("keras.optimizers.get")
def get(identifier):
    """An optimizer from itself, its config dict or its name ('adam', 'SGD' ...: TF 1.15's v1 Keras
    defaults); a tf.train optimizer is returned as it is (TF 1.15 wraps it in a TFOptimizer that forwards
    to it)."""
    from ..training.optimizer import Optimizer  # tf.train's and Keras's (OptimizerV2 derives from it)
    if isinstance(identifier, Optimizer):
        return identifier
    if isinstance(identifier, dict):
        return deserialize(identifier)
    if isinstance(identifier, str):
        defaults = _V1_DEFAULTS.get(identifier.lower())
        if defaults is None:
            raise ValueError("Unknown optimizer: " + identifier)
        return deserialize({"class_name": identifier, "config": dict(defaults)})
    raise ValueError("Could not interpret optimizer identifier:", identifier)


# TF 1.15 (TF 2 behaviour off) looks names up among its v1 Keras optimizers (keras/optimizers.py), whose
# update rules are these classes' and whose defaults are these; it has no 'ftrl' there.
_V1_DEFAULTS = {"sgd": {}, "rmsprop": {}, "adam": {},
                "adagrad": {"learning_rate": 0.01, "initial_accumulator_value": 0.0},
                "adadelta": {"learning_rate": 1.0}, "adamax": {"learning_rate": 0.002},
                "nadam": {"learning_rate": 0.002}}
