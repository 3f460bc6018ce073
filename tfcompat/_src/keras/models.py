"""tf.keras.models.clone_model: a new model of the same architecture with new weights (TF 1.15's keras/models.py).

Every layer is re-created from its config (``clone_function``, by default ``cls.from_config(layer.get_config())``),
so the clone's weights are freshly initialized; a functional model's graph is replayed node by node in depth
order on new inputs (or on ``input_tensors``), a Sequential's layers are stacked again.
"""

from ..registry import export
from ..util import nest
from .engine.input_layer import Input, InputLayer
from .engine.keras_tensor import is_symbolic
from .engine.network import Model
from .engine.sequential import Sequential


def _clone_layer(layer):
    return type(layer).from_config(layer.get_config())


def _as_list(value):
    return list(value) if isinstance(value, (list, tuple)) else [value]


def _input_for(x, input_layer):
    """A Keras tensor standing for ``x``: itself, or an Input wrapping a value of its shape and dtype."""
    if is_symbolic(x):
        return x
    return Input(tensor=x, name="input_wrapper_for_" + input_layer.name)


def _clone_functional_model(model, input_tensors=None, layer_fn=_clone_layer):
    if not isinstance(model, Model):
        raise ValueError("Expected `model` argument to be a `Model` instance, got ", model)
    if isinstance(model, Sequential):
        raise ValueError("Expected `model` argument to be a functional `Model` instance, got a `Sequential` "
                         "instance instead:", model)
    if not model._is_graph_network:
        raise ValueError("Expected `model` argument to be a functional `Model` instance, but got a subclass model "
                         "instead.")
    input_layers = [x._keras_history[0] for x in model.inputs]
    layer_map, tensor_map = {}, {}
    if input_tensors is None:
        input_tensors = []
        for layer in input_layers:
            tensor = Input(batch_shape=layer._batch_input_shape, dtype=layer.dtype, sparse=layer.sparse,
                           name=layer.name)
            input_tensors.append(tensor)
            layer_map[id(layer)] = tensor._keras_history[0]
    else:
        input_tensors = [_input_for(x, layer) for x, layer in zip(_as_list(input_tensors), input_layers)]
    for x, y in zip(model.inputs, input_tensors):
        tensor_map[id(x)] = y
    for depth in sorted(model._nodes_by_depth, reverse=True):
        for node in model._nodes_by_depth[depth]:
            layer = node.outbound_layer
            if id(layer) not in layer_map:
                layer_map[id(layer)] = layer_fn(layer)
            elif isinstance(layer_map[id(layer)], InputLayer):
                continue
            new_layer = layer_map[id(layer)]
            if isinstance(new_layer, InputLayer) or not all(id(x) in tensor_map for x in node.keras_inputs):
                continue
            inputs = nest.map_structure(lambda t: tensor_map[id(t)] if is_symbolic(t) else t, node.input_tensors)
            outputs = new_layer(inputs, *node.call_args, **node.call_kwargs)
            for x, y in zip(nest.flatten(node.output_tensors), nest.flatten(outputs)):
                tensor_map[id(x)] = y
    outputs = []
    for x in model.outputs:
        if id(x) not in tensor_map:
            raise ValueError(f"Could not compute output {x}")
        outputs.append(tensor_map[id(x)])
    return Model(nest.pack_sequence_as(model._nested_inputs, input_tensors),
                 nest.pack_sequence_as(model._nested_outputs, outputs), name=model.name)


def _clone_sequential_model(model, input_tensors=None, layer_fn=_clone_layer):
    if not isinstance(model, Sequential):
        raise ValueError("Expected `model` argument to be a `Sequential` model instance, but got:", model)
    layers = []
    for layer in model._layers:
        if isinstance(layer, InputLayer) and input_tensors is not None:
            continue  # the given input replaces the model's
        layers.append(_clone_layer(layer) if isinstance(layer, InputLayer) else layer_fn(layer))
    if input_tensors is None:
        return Sequential(layers=layers, name=model.name)
    if len(_as_list(input_tensors)) != 1:
        raise ValueError("To clone a `Sequential` model, we expect at most one tensor as part of `input_tensors`.")
    x = _as_list(input_tensors)[0]
    if is_symbolic(x):
        origin = x._keras_history[0]
        if not isinstance(origin, InputLayer):
            raise ValueError("Cannot clone a `Sequential` model on top of a tensor that comes from a Keras layer "
                             "other than an `InputLayer`. Use the functional API instead.")
        return Sequential(layers=[origin] + layers, name=model.name)
    wrapped = Input(tensor=x, name="input_wrapper_for_" + str(getattr(x, "name", "input")))
    return Sequential(layers=[wrapped._keras_history[0]] + layers, name=model.name)


@export("keras.models.clone_model")
def clone_model(model, input_tensors=None, clone_function=None):
    """A model of ``model``'s architecture whose layers are new (new weights): ``clone_function(layer)`` makes
    each (default: from the layer's config)."""
    clone_function = _clone_layer if clone_function is None else clone_function
    if isinstance(model, Sequential):
        return _clone_sequential_model(model, input_tensors=input_tensors, layer_fn=clone_function)
    return _clone_functional_model(model, input_tensors=input_tensors, layer_fn=clone_function)
