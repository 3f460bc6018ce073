"""Symbolic Keras tensors: what tf.keras.Input and layers called on it return.

TF 1.x Keras builds the functional API from graph tensors even under eager execution.
tfcompat has no graph, so a KerasTensor only carries a static shape, a dtype and its
history (the layer and node that produced it); Model(inputs, outputs) replays that graph.
"""

from ...framework import dtypes
from ...framework.tensor_shape import TensorShape


class KerasTensor:
    """A symbolic tensor: ``shape`` (batch dimension None), ``dtype``, ``name``."""

    __slots__ = ("_shape", "_dtype", "_name", "_keras_history", "_keras_mask", "__weakref__")

    def __init__(self, shape, dtype, name=None):
        self._shape = TensorShape(shape)
        self._dtype = dtypes.as_dtype(dtype)
        self._name = name
        self._keras_history = None
        self._keras_mask = None

    shape = property(lambda self: self._shape)
    dtype = property(lambda self: self._dtype)
    name = property(lambda self: self._name)

    def get_shape(self):
        return self._shape

    @property
    def _shape_tuple(self):
        return None if self._shape.rank is None else tuple(self._shape.as_list())

    def __repr__(self):
        return f"<tf.Tensor '{self._name}' shape={self._shape} dtype={self._dtype.name}>"

    __str__ = __repr__

    def _no_value(self, *args, **kwargs):
        raise TypeError(f"{self!r} is a symbolic Keras tensor (from tf.keras.Input): it has no value. "
                        "Apply operations to it inside a tf.keras.layers.Lambda layer.")

    numpy = __array__ = __bool__ = __iter__ = _no_value


for _name in ("__add__", "__radd__", "__sub__", "__rsub__", "__mul__", "__rmul__", "__truediv__",
              "__rtruediv__", "__matmul__", "__rmatmul__", "__neg__", "__pow__", "__getitem__"):
    setattr(KerasTensor, _name, KerasTensor._no_value)


def is_symbolic(x):
    return type(x) is KerasTensor
