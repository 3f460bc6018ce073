"""tf.keras.constraints: projections applied to a weight after each optimizer update."""

import torch

from ..framework.tensor import convert, wrap
from ..registry import export
from .backend import epsilon
from .generic_utils import deserialize_keras_object, get_from_identifier, serialize_keras_object


def _norms(w, axis):
    return torch.sqrt(torch.sum(torch.square(w), dim=axis, keepdim=True))


@export("keras.constraints.Constraint")
class Constraint:

    def __call__(self, w):
        return w

    def get_config(self):
        return {}

    @classmethod
    def from_config(cls, config):
        return cls(**config)


@export("keras.constraints.MaxNorm", "keras.constraints.max_norm")
class MaxNorm(Constraint):
    """Rescales each slice along ``axis`` whose L2 norm exceeds ``max_value``."""

    def __init__(self, max_value=2, axis=0):
        self.max_value = max_value
        self.axis = axis

    def __call__(self, w):
        a = convert(w)
        norms = _norms(a, self.axis)
        desired = torch.clamp(norms, 0, self.max_value)
        return wrap(a * (desired / (epsilon() + norms)))

    def get_config(self):
        return {"max_value": self.max_value, "axis": self.axis}


@export("keras.constraints.NonNeg", "keras.constraints.non_neg")
class NonNeg(Constraint):
    """Zeroes the negative weights."""

    def __call__(self, w):
        a = convert(w)
        return wrap(a * (a >= 0.).to(a.dtype))


@export("keras.constraints.UnitNorm", "keras.constraints.unit_norm")
class UnitNorm(Constraint):
    """Scales each slice along ``axis`` to unit L2 norm."""

    def __init__(self, axis=0):
        self.axis = axis

    def __call__(self, w):
        a = convert(w)
        return wrap(a / (epsilon() + _norms(a, self.axis)))

    def get_config(self):
        return {"axis": self.axis}


@export("keras.constraints.MinMaxNorm", "keras.constraints.min_max_norm")
class MinMaxNorm(Constraint):
    """Moves each slice's norm toward [min_value, max_value] by ``rate``."""

    def __init__(self, min_value=0.0, max_value=1.0, rate=1.0, axis=0):
        self.min_value = min_value
        self.max_value = max_value
        self.rate = rate
        self.axis = axis

    def __call__(self, w):
        a = convert(w)
        norms = _norms(a, self.axis)
        desired = self.rate * torch.clamp(norms, self.min_value, self.max_value) + (1 - self.rate) * norms
        return wrap(a * (desired / (epsilon() + norms)))

    def get_config(self):
        return {"min_value": self.min_value, "max_value": self.max_value, "rate": self.rate, "axis": self.axis}


_CONSTRAINTS = {"Constraint": Constraint, "MaxNorm": MaxNorm, "max_norm": MaxNorm, "maxnorm": MaxNorm,
                "NonNeg": NonNeg, "non_neg": NonNeg, "nonneg": NonNeg, "UnitNorm": UnitNorm,
                "unit_norm": UnitNorm, "unitnorm": UnitNorm, "MinMaxNorm": MinMaxNorm, "min_max_norm": MinMaxNorm}


@export("keras.constraints.serialize")
def serialize(constraint):
    return serialize_keras_object(constraint)


@export("keras.constraints.deserialize")
def deserialize(config, custom_objects=None):
    return deserialize_keras_object(config, _CONSTRAINTS, custom_objects, "constraint")


@export("keras.constraints.get")
def get(identifier):
    return get_from_identifier(identifier, deserialize, "constraint")
