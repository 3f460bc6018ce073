"""tf.keras.optimizers.Optimizer: TF 1.15's OptimizerV2 (keras/optimizer_v2/optimizer_v2.py), eager.

It reuses tf.train's machinery (``training/optimizer.py``: foreach updates of all dense
gradients of one dtype and device, written back with ``write_storages``; IndexedSlices rows,
duplicates summed) and, where TF uses the same kernel, tf.train's rule itself (``_rule``, with
``_RULE_SLOTS`` naming Keras's slots as the rule calls them).  What is Keras's own: hyperparameters
in ``_hyper`` (numbers become float32 variables on first use, callables are called each step, a
LearningRateSchedule learning rate is called with ``iterations`` each step and serialized in ``get_config``,
``opt.lr`` / ``opt.learning_rate`` read and assign them), the int64 ``iterations`` variable
(``iter``) that ``apply_gradients`` increments, ``decay`` (``lr / (1 + decay * iterations)``),
``clipnorm`` / ``clipvalue`` applied by ``minimize``, slots named ``<var>/<slot>`` and listed
in ``weights`` after ``iter`` and the hyperparameters, ``get_config`` / ``from_config``.
"""

import logging

import numpy as np

from ..checkpoint.tracking import variable_created
from ..eager.tape import GradientTape
from ..eager.variables import Variable, read_storage
from ..framework.tensor import Tensor, convert, wrap
from ..ops import clip_ops, creation_ops
from ..registry import export
from ..training.optimizer import Optimizer as _TrainOptimizer
from . import backend
from .learning_rate_schedule import LearningRateSchedule, deserialize, serialize

_ALLOWED_KWARGS = ("clipnorm", "clipvalue", "lr", "decay")


@export("keras.optimizers.Optimizer")
class OptimizerV2(_TrainOptimizer):
    """Base class of the Keras optimizers: ``apply_gradients(grads_and_vars)``, ``minimize(loss, var_list)``."""

    _RULE_SLOTS = {}  # Keras slot name -> the name tf.train's rule uses
    _DECAYS_LEARNING_RATE = True  # lr / (1 + decay * iterations); Nadam's decay is its momentum schedule's

    def __init__(self, name, **kwargs):
        for key in kwargs:
            if key not in _ALLOWED_KWARGS:
                raise TypeError("Unexpected keyword argument passed to optimizer: " + str(key))
            if kwargs[key] < 0:
                raise ValueError(f"Expected {key} >= 0, received: {kwargs[key]}")
        name = name or backend.unique_object_name(backend.to_snake_case(type(self).__name__), zero_based=True)
        _TrainOptimizer.__init__(self, True, name)
        self._hyper = {}
        self._slot_names = []
        self._weights = []
        self._iterations = None
        self._hypers_created = False
        self._initial_decay = kwargs.pop("decay", 0.0)
        if "clipnorm" in kwargs:
            self.clipnorm = kwargs.pop("clipnorm")
        if "clipvalue" in kwargs:
            self.clipvalue = kwargs.pop("clipvalue")
        self._step_values = None

    # --- hyperparameters ------------------------------------------------------------------------

    def _set_hyper(self, name, value):
        previous = self._hyper.get(name)
        if name not in self._hyper or not isinstance(previous, Variable):
            self._hyper[name] = value
        else:
            backend.set_value(previous, value)

    def _get_hyper(self, name, dtype=None):
        if not self._hypers_created:
            self._create_hypers()
        value = self._hyper[name]
        if isinstance(value, LearningRateSchedule):
            return value
        if callable(value) and not isinstance(value, Variable):
            value = value()
        return creation_ops.cast(value, dtype) if dtype is not None else value

    def _create_hypers(self):
        if self._hypers_created:
            return
        for name, value in sorted(self._hyper.items()):
            if isinstance(value, (Tensor, Variable)) or callable(value):
                continue
            self._hyper[name] = self._add_weight(name, np.float32(value))
        self._hypers_created = True

    def _add_weight(self, name, value):
        """A variable of the optimizer's own, named under its name (``Adam/iter``); not in ``weights``."""
        variable = Variable(value, name=f"{self._name}/{name}", trainable=False)
        variable_created(self, name, variable)  # checkpoints: a restore may be waiting for it
        return variable

    def __getattr__(self, name):
        hyper = self.__dict__.get("_hyper")
        if hyper is not None:
            if name == "lr":
                name = "learning_rate"
            if name in hyper:
                return self._get_hyper(name)
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")

    def __setattr__(self, name, value):
        if name == "lr":
            name = "learning_rate"
        hyper = self.__dict__.get("_hyper")
        if hyper is not None and name in hyper:
            self._set_hyper(name, value)
        else:
            object.__setattr__(self, name, value)

    def _serialize_hyperparameter(self, name):
        value = self._hyper[name]
        if isinstance(value, LearningRateSchedule):
            return serialize(value)
        if callable(value) and not isinstance(value, Variable):
            return value()
        if isinstance(value, (Tensor, Variable)):
            return backend.get_value(value)
        return value

    def _read_hyper(self, name):
        """The hyperparameter's value this step, as a Python float; a schedule is evaluated at ``iterations``
        (TF's ``_decayed_lr``)."""
        value = self._hyper[name]
        if isinstance(value, LearningRateSchedule):
            value = value(self._iterations)
        elif callable(value) and not isinstance(value, Variable):
            value = value()
        return float(convert(value).item())

    # --- iterations, weights, slots ---------------------------------------------------------------

    @property
    def iterations(self):
        if self._iterations is None:
            self._iterations = self._add_weight("iter", np.int64(0))
            self._weights.append(self._iterations)
        return self._iterations

    @iterations.setter
    def iterations(self, variable):
        if self._iterations is not None:
            raise RuntimeError("Cannot set `iterations` to a new Variable after the Optimizer weights have been "
                               "created")
        self._iterations = variable
        self._weights.append(variable)

    @property
    def weights(self):
        return self._weights

    def variables(self):
        return self._weights

    def get_weights(self):
        return backend.batch_get_value(self._weights)

    def set_weights(self, weights):
        if len(weights) != len(self._weights):
            raise ValueError(f"You called `set_weights(weights)` on optimizer {self._name} with a  weight list of "
                             f"length {len(weights)}, but the optimizer was expecting {len(self._weights)} weights. "
                             f"Provided weights: {str(weights)[:50]}...")
        for variable, value in zip(self._weights, weights):
            if tuple(variable.shape.as_list()) != tuple(np.shape(value)):
                raise ValueError(f"Optimizer weight shape {tuple(variable.shape.as_list())} not compatible with "
                                 f"provided weight shape {np.shape(value)}")
            backend.set_value(variable, value)

    def get_slot_names(self):
        return list(self._slot_names)

    def get_slot(self, var, slot_name):
        return self._slots[slot_name][var._unique_id]

    def _make_slot(self, variable, slot_name, initial):
        storage = read_storage(variable)
        value = wrap(storage.new_full(tuple(storage.shape), initial))
        slot = Variable(value, name=f"{self._name}/{variable.name[:-2]}/{slot_name}", trainable=False)
        if slot_name not in self._slot_names:
            self._slot_names.append(slot_name)
        self._weights.append(slot)
        return slot

    # --- a step ---------------------------------------------------------------------------------

    def minimize(self, loss, var_list, grad_loss=None, name=None):
        """Gradients of the callable ``loss`` (clipped by clipnorm / clipvalue), then ``apply_gradients``."""
        return self.apply_gradients(self._compute_gradients(loss, var_list, grad_loss), name=name)

    def _compute_gradients(self, loss, var_list, grad_loss=None):
        with GradientTape() as tape:
            if not callable(var_list):
                tape.watch(var_list)
            loss_value = loss()
        if callable(var_list):
            var_list = var_list()
        var_list = list(var_list)
        gradients = tape.gradient(loss_value, var_list, grad_loss)
        if hasattr(self, "clipnorm"):
            gradients = [None if g is None else clip_ops.clip_by_norm(g, self.clipnorm) for g in gradients]
        if hasattr(self, "clipvalue"):
            gradients = [None if g is None else clip_ops.clip_by_value(g, -self.clipvalue, self.clipvalue)
                         for g in gradients]
        return list(zip(gradients, var_list))

    def apply_gradients(self, grads_and_vars, name=None):
        """Apply the non-None gradients and add 1 to ``iterations`` (returned)."""
        pairs = tuple(grads_and_vars)
        updates = [(gradient, variable) for gradient, variable in pairs if gradient is not None]
        if pairs and not updates:
            raise ValueError(f"No gradients provided for any variable: {[v.name for _, v in pairs]}.")
        if len(updates) < len(pairs):
            logging.getLogger("tensorflow").warning(
                "Gradients do not exist for variables %s when minimizing the loss.",
                [v.name for g, v in pairs if g is None])
        self.iterations  # noqa: B018 - made before the hyperparameters and slots, as TF orders its weights
        self._create_hypers()
        if updates:
            self._apply_updates(updates)
        return self._iterations.assign_add(1)

    def _prepare(self):
        values = {name: self._read_hyper(name) for name in self._hyper}
        step = int(read_storage(self._iterations).item())
        if self._initial_decay > 0 and self._DECAYS_LEARNING_RATE:
            values["learning_rate"] /= 1.0 + values["decay"] * step
        values["local_step"] = step + 1
        self._step_values = self._step_hypers(values)

    def _step_hypers(self, values):
        """The values the rule reads (``hyper``), from the hyperparameters' values this step."""
        return values

    def _hyper_values(self, dtype):
        return self._step_values

    def _update(self, variables, gradients, slots, hyper):
        renamed = {self._RULE_SLOTS.get(name, name): values for name, values in slots.items()}
        new_variables, new_slots = self._rule(variables, gradients, renamed, hyper)
        back = {rule: keras for keras, rule in self._RULE_SLOTS.items()}
        return new_variables, {back.get(name, name): values for name, values in new_slots.items()}

    def _rule(self, variables, gradients, slots, hyper):
        raise NotImplementedError()

    # --- config ---------------------------------------------------------------------------------

    def get_config(self):
        config = {"name": self._name}
        if hasattr(self, "clipnorm"):
            config["clipnorm"] = self.clipnorm
        if hasattr(self, "clipvalue"):
            config["clipvalue"] = self.clipvalue
        return config

    @classmethod
    def from_config(cls, config, custom_objects=None):
        config = dict(config)
        if "lr" in config:
            config["learning_rate"] = config.pop("lr")
        if isinstance(config.get("learning_rate"), dict):
            config["learning_rate"] = deserialize(config["learning_rate"], custom_objects=custom_objects)
        return cls(**config)
