"""Layers called on symbolic Keras tensors: the node that records the call, and the output
shapes and dtypes (from ``compute_output_shape`` where a layer defines it, else from running
the layer on placeholder values)."""

import torch

from ...framework import context, dtypes
from ...framework.tensor import wrap
from ...framework.tensor_shape import TensorShape
from ...util import nest
from .input_spec import assert_input_compatibility
from .keras_tensor import KerasTensor


class Node:
    """One call of ``layer`` on symbolic inputs: what it consumed, what it produced, with which
    arguments."""

    def __init__(self, layer, input_tensors, output_tensors, args, kwargs):
        self.outbound_layer = layer
        self.input_tensors = input_tensors
        self.output_tensors = output_tensors
        self.call_args = args
        self.call_kwargs = kwargs
        self.keras_inputs = [x for x in nest.flatten(input_tensors)
                             if type(x) is KerasTensor and x._keras_history is not None]
        # TF's structure: the producing layer of each input, nested as the inputs are ([] for an Input).
        self.inbound_layers = nest.map_structure(_producer, input_tensors) \
            if self.keras_inputs else []
        self.input_shapes = nest.map_structure(_int_shape, input_tensors)
        self.output_shapes = nest.map_structure(_int_shape, output_tensors)

    @property
    def is_input(self):
        return not self.keras_inputs

    @property
    def parent_nodes(self):
        return [x._keras_history[0]._inbound_nodes[x._keras_history[1]] for x in self.keras_inputs]

    def iterate_inbound(self):
        for x in self.keras_inputs:
            layer, node_index, tensor_index = x._keras_history
            yield layer, node_index, tensor_index, x


def _producer(x):
    return x._keras_history[0] if type(x) is KerasTensor and x._keras_history is not None else None


def _int_shape(x):
    return x._shape_tuple if type(x) is KerasTensor else None


def call_symbolic(layer, inputs, args, kwargs):
    """``layer(inputs)`` on Keras tensors: build the layer, record a node, return Keras tensors."""
    if "training" in kwargs and not layer._call_spec.expects_training:
        kwargs = {k: v for k, v in kwargs.items() if k != "training"}
    # Inside the layer's name scope: layers built while it runs nest their variable names in it.
    with context.name_scope(layer._name_scope()):
        if not layer.built:
            layer._maybe_build(inputs)
        assert_input_compatibility(layer.input_spec, inputs, layer.name)
        outputs = _symbolic_outputs(layer, inputs, args, kwargs)
    node = Node(layer, inputs, outputs, args, kwargs)
    node_index = len(layer._inbound_nodes)
    layer._inbound_nodes.append(node)
    for x in node.keras_inputs:
        x._keras_history[0]._outbound_nodes.append(node)
    for index, tensor in enumerate(nest.flatten(outputs)):
        tensor._keras_history = (layer, node_index, index)
        tensor._name = f"{layer.name}/Identity:{index}"
    return outputs


def _is_shape(value):
    return all(v is None or isinstance(v, int) for v in value)


def _symbolic_outputs(layer, inputs, args, kwargs):
    """The Keras tensors ``layer`` returns for ``inputs``: from compute_output_shape (dtype: the
    layer's, else the first input's) where the layer defines it, else from running the layer on
    placeholders."""
    if hasattr(type(layer).compute_output_shape, "_is_default"):
        return _run(layer, inputs, args, kwargs)
    input_shapes = nest.map_structure(lambda x: TensorShape(x.shape), inputs)
    shapes = layer.compute_output_shape(input_shapes)
    dtype = layer._dtype or nest.flatten(inputs)[0].dtype
    if isinstance(shapes, (list, tuple)) and shapes and isinstance(shapes[0], (TensorShape, list, tuple)):
        return [KerasTensor(shape, dtype) for shape in shapes]
    return KerasTensor(shapes, dtype)


def _placeholder(x):
    sizes = [1 if d is None else d for d in x.shape.as_list()]
    return wrap(torch.zeros(sizes, dtype=dtypes.to_torch_dtype(x.dtype), device=context.current_device()))


def _run(layer, inputs, args, kwargs):
    """Run ``layer.call`` on zeros standing in for the symbolic inputs (unknown sizes as 1); the
    batch dimension of the outputs is unknown again when the inputs' was."""
    values = nest.map_structure(lambda x: _placeholder(x) if type(x) is KerasTensor else x, inputs)
    unknown_batch = any(x.shape.rank and x.shape.as_list()[0] is None
                        for x in nest.flatten(inputs) if type(x) is KerasTensor)
    with torch.no_grad():
        outputs = layer.call(values, *args, **kwargs)

    def symbolic(y):
        sizes = list(y.shape.as_list())
        if unknown_batch and sizes:
            sizes[0] = None
        return KerasTensor(sizes, y.dtype)

    return nest.map_structure(symbolic, outputs)


def run_on_placeholders(layer, input_shape):
    """The output shape(s) of ``layer`` for ``input_shape``, found by running it on zeros."""
    inputs = nest.map_structure(lambda s: KerasTensor(s, layer._dtype or "float32"), _shapes(input_shape))
    return nest.map_structure(lambda y: y.shape, _run(layer, inputs, (), {}))


def _shapes(input_shape):
    if isinstance(input_shape, TensorShape):
        return input_shape
    if isinstance(input_shape, (list, tuple)) and input_shape and not _is_shape(input_shape):
        return [TensorShape(s) for s in input_shape]
    return TensorShape(input_shape)
