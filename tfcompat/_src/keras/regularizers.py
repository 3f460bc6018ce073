"""tf.keras.regularizers: L1L2 (and l1, l2, l1_l2), whose penalties layers add to their losses."""

import torch

from ..framework.tensor import convert, wrap
from ..registry import export
from .backend import constant
from .generic_utils import deserialize_keras_object, get_from_identifier, serialize_keras_object


@export("keras.regularizers.Regularizer")
class Regularizer:
    """Regularizer base class: ``regularizer(weights)`` is a scalar penalty."""

    def __call__(self, x):
        return 0.

    @classmethod
    def from_config(cls, config):
        return cls(**config)


@export("keras.regularizers.L1L2")
class L1L2(Regularizer):
    """l1 * sum(|x|) + l2 * sum(x ** 2)."""

    def __init__(self, l1=0., l2=0.):
        self.l1 = float(l1)
        self.l2 = float(l2)

    def __call__(self, x):
        if not self.l1 and not self.l2:
            return constant(0.)
        a = convert(x)
        regularization = 0.
        if self.l1:
            regularization = regularization + self.l1 * torch.sum(torch.abs(a))
        if self.l2:
            regularization = regularization + self.l2 * torch.sum(torch.square(a))
        return wrap(regularization)

    def get_config(self):
        return {"l1": self.l1, "l2": self.l2}


@export("keras.regularizers.l1")
def l1(l=0.01):  # noqa: E741 - TF's argument name
    return L1L2(l1=l)


@export("keras.regularizers.l2")
def l2(l=0.01):  # noqa: E741
    return L1L2(l2=l)


@export("keras.regularizers.l1_l2")
def l1_l2(l1=0.01, l2=0.01):  # noqa: F811 - TF's argument names
    return L1L2(l1=l1, l2=l2)


_REGULARIZERS = {"Regularizer": Regularizer, "L1L2": L1L2, "l1": l1, "l2": l2, "l1_l2": l1_l2}


@export("keras.regularizers.serialize")
def serialize(regularizer):
    return serialize_keras_object(regularizer)


@export("keras.regularizers.deserialize")
def deserialize(config, custom_objects=None):
    return deserialize_keras_object(config, _REGULARIZERS, custom_objects, "regularizer")


@export("keras.regularizers.get")
def get(identifier):
    return get_from_identifier(identifier, deserialize, "regularizer", tuple_error=True)
