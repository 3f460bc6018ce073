"""tf.keras.Input and InputLayer: the entry points of a functional model."""

from ...framework import dtypes
from ...framework.tensor import is_tensor
from ...registry import PARTIAL, export
from .. import backend
from .base_layer import Layer
from .functional_call import Node
from .keras_tensor import KerasTensor


@export("keras.layers.InputLayer")
class InputLayer(Layer):
    """The layer behind tf.keras.Input: it owns the input's symbolic tensor."""

    def __init__(self, input_shape=None, batch_size=None, dtype=None, input_tensor=None, sparse=False,
                 name=None, ragged=False, **kwargs):
        if "batch_input_shape" in kwargs:
            batch_input_shape = kwargs.pop("batch_input_shape")
            if input_shape and batch_input_shape:
                raise ValueError("Only provide the input_shape OR batch_input_shape argument to InputLayer, "
                                 "not both at the same time.")
            batch_size = batch_input_shape[0]
            input_shape = batch_input_shape[1:]
        if kwargs:
            raise ValueError(f"Unrecognized keyword arguments: {kwargs.keys()}")
        if isinstance(input_shape, int):
            input_shape = (input_shape,)
        if sparse or ragged:
            raise ValueError("tfcompat: sparse and ragged Keras inputs are not supported.")
        if not name:
            prefix = "input"
            name = prefix + "_" + str(backend.get_uid(prefix))
        if input_tensor is not None and type(input_tensor) is not KerasTensor:
            raise ValueError("You should not pass an EagerTensor to `Input`. For example, instead of "
                             "creating an InputLayer, you should instantiate your model and directly "
                             "call it on your input." if is_tensor(input_tensor) else
                             f"`input_tensor` must be a Keras tensor (tf.keras.Input's), got {input_tensor!r}")
        if dtype is None:
            dtype = backend.floatx() if input_tensor is None else input_tensor.dtype.name
        super().__init__(dtype=dtype, name=name)
        self.built = True
        self._first_call_done = True
        self.sparse = sparse
        if input_tensor is None:
            batch_input_shape = (batch_size,) + tuple(input_shape) if input_shape is not None else None
            input_tensor = KerasTensor(batch_input_shape, dtype, name=name)
            self.is_placeholder = True
            self._batch_input_shape = batch_input_shape
        else:
            self.is_placeholder = False
            self._batch_input_shape = input_tensor._shape_tuple
        node = Node(self, [input_tensor], [input_tensor], (), {})
        self._inbound_nodes.append(node)
        input_tensor._keras_history = (self, 0, 0)

    def get_config(self):
        return {"batch_input_shape": self._batch_input_shape, "dtype": self._dtype, "sparse": self.sparse,
                "ragged": False, "name": self.name}


@export("keras.Input", "keras.layers.Input", status=PARTIAL,
        note="Returns a symbolic Keras tensor (shape, dtype, history) for building functional models; "
             "it has no value, and TF ops cannot be applied to it (use a Lambda layer).")
def Input(shape=None, batch_size=None, name=None, dtype=None, sparse=False, tensor=None,  # noqa: N802
          ragged=False, **kwargs):
    """A symbolic input of ``shape`` (without the batch dimension) for a functional model."""
    batch_shape = kwargs.pop("batch_shape", None)
    if kwargs:
        raise ValueError("Unrecognized keyword arguments:", kwargs.keys())
    if shape is None and tensor is None and batch_shape is None:
        raise ValueError("Please provide to Input either a `shape` or a `tensor` argument. Note that "
                         "`shape` does not include the batch dimension.")
    if shape is not None and batch_shape is not None:
        raise ValueError("Only provide the `shape` OR `batch_shape` argument to Input, not both at the same time.")
    if isinstance(shape, int):
        shape = (shape,)
    if dtype is not None:
        dtype = dtypes.as_dtype(dtype).name
    layer = InputLayer(input_shape=shape, batch_size=batch_size, name=name, dtype=dtype, sparse=sparse,
                       input_tensor=tensor, ragged=ragged,
                       **({"batch_input_shape": batch_shape} if batch_shape is not None else {}))
    return layer._inbound_nodes[0].output_tensors[0]
