"""tf.keras.Model: subclassed models (layers and variables tracked from attributes) and functional
models (``Model(inputs, outputs)`` over the graph of Keras tensors), TF 1.15's Network.

A model's weights are its layers' weights, in the order the layers were assigned (subclassed) or
sorted by depth (functional), then its own; trainable first, then non-trainable.
"""

import torch

from ...framework.tensor import Tensor, convert, wrap
from ...framework.tensor_shape import TensorShape
from ...registry import PARTIAL, export
from ...util import nest
from .base_layer import Layer, default, structure_changed
from .functional_call import Node, _placeholder
from .input_layer import InputLayer
from .keras_tensor import KerasTensor
from .summary import print_summary
from .training import Training, _source


@export("keras.Model", "keras.models.Model", status=PARTIAL,
        note="Subclassed and functional models under eager execution: call, build, summary, predict, "
             "get_layer, weights, compile/fit/evaluate (engine/training.py), get_config/from_config/to_json, "
             "save (HDF5; save_format='tf', SavedModel, raises NotImplementedError).")
class Model(Training, Layer):
    """A layer made of layers: subclass it and define ``call``, or build it from Keras tensors with
    ``Model(inputs, outputs)``."""

    _sublayer_weights_first = True

    def __init__(self, *args, **kwargs):
        if len(args) == 2 or len(args) == 1 and "outputs" in kwargs or "inputs" in kwargs and "outputs" in kwargs:
            inputs = args[0] if args else kwargs.pop("inputs")
            outputs = args[1] if len(args) > 1 else kwargs.pop("outputs")
            name = kwargs.pop("name", None)
            super().__init__(name=name, **_layer_kwargs(kwargs))
            self._init_graph_network(inputs, outputs)
        else:
            if args:
                raise TypeError(f"Model() takes (inputs, outputs) or keyword arguments, got {len(args)} "
                                "positional arguments")
            name = kwargs.pop("name", None)
            super().__init__(name=name, **_layer_kwargs(kwargs))
            object.__setattr__(self, "_is_graph_network", False)
            self.inputs = None
            self.outputs = None

    def _before_init(self, value):
        if isinstance(value, (Layer,)) or isinstance(value, Tensor):
            raise RuntimeError("It looks like you are subclassing `Model` and you forgot to call "
                               "`super(YourClass, self).__init__()`. Always start with this line.")

    # --- functional models -----------------------------------------------------------------------

    def _init_graph_network(self, inputs, outputs):
        object.__setattr__(self, "_is_graph_network", True)
        # TF 1.15 normalizes a one-element list to its element: such a model returns a tensor, not a list
        if isinstance(inputs, list) and len(nest.flatten(inputs)) == 1:
            inputs = inputs[0]
        if isinstance(outputs, list) and len(nest.flatten(outputs)) == 1:
            outputs = outputs[0]
        self._nested_inputs, self._nested_outputs = inputs, outputs
        flat_inputs, flat_outputs = nest.flatten(inputs), nest.flatten(outputs)
        for x in flat_inputs + flat_outputs:
            if type(x) is not KerasTensor:
                raise ValueError("Input tensors to a Model must come from `tf.keras.Input`. Received: "
                                 f"{x} (missing previous layer metadata).")
        for x in flat_inputs:
            layer, node_index, _ = x._keras_history
            if not isinstance(layer, InputLayer) or len(layer._inbound_nodes) > 1:
                raise ValueError("Input tensors to a Model must come from `tf.keras.Input`. Received: "
                                 f"{x} (missing previous layer metadata).")
        if len({id(x) for x in flat_inputs}) != len(flat_inputs):
            raise ValueError("The list of inputs passed to the model is redundant. All inputs should only "
                             f"appear once. Found: {flat_inputs}")
        object.__setattr__(self, "inputs", flat_inputs)
        object.__setattr__(self, "outputs", flat_outputs)
        nodes, layers, nodes_by_depth = _map_graph_network(flat_inputs, flat_outputs)
        object.__setattr__(self, "_network_nodes", nodes)
        object.__setattr__(self, "_nodes_by_depth", nodes_by_depth)
        self._layers[:] = layers
        structure_changed()
        self._execution_order = [node for depth in sorted(nodes_by_depth, reverse=True)
                                 for node in nodes_by_depth[depth]]
        self.input_names = [x._keras_history[0].name for x in flat_inputs]
        self.output_names = _unique_output_names([x._keras_history[0].name for x in flat_outputs])
        self.built = True
        self._first_call_done = True
        if len(flat_inputs) == 1:
            self._dtype = flat_inputs[0].dtype.name
        # The network's own node (TF's _init_graph_network makes one): model.input_shape, output_shape ...
        # A Sequential re-initializes at every add: its one own node is replaced, so that the nodes of its calls
        # keep their indices (saved model configs count them after it).
        own = Node(self, self._nested_inputs, self._nested_outputs, (), {})
        previous = self.__dict__.get("_own_node")
        if previous is not None and previous in self._inbound_nodes:
            self._inbound_nodes[self._inbound_nodes.index(previous)] = own
        else:
            self._inbound_nodes.append(own)
        object.__setattr__(self, "_own_node", own)

    def call(self, inputs, training=None, mask=None):
        if not getattr(self, "_is_graph_network", False):
            raise NotImplementedError("When subclassing the `Model` class, you should implement a `call` method.")
        return self._run_internal_graph(inputs, training)

    def _run_internal_graph(self, inputs, training):
        values = {}
        given = nest.flatten(inputs)
        if len(given) != len(self.inputs):
            raise ValueError(f"Layer {self.name} expects {len(self.inputs)} inputs, but it received "
                             f"{len(given)} input tensors. Inputs received: {given}")
        for placeholder, value in zip(self.inputs, given):
            values[id(placeholder)] = value if isinstance(value, Tensor) else wrap(convert(value))
        for node in self._execution_order:
            layer = node.outbound_layer
            if isinstance(layer, InputLayer):
                continue
            layer_inputs = nest.map_structure(
                lambda x: values[id(x)] if type(x) is KerasTensor else x, node.input_tensors)
            kwargs = dict(node.call_kwargs)
            if training is not None and "training" not in kwargs and layer._call_spec.expects_training:
                kwargs["training"] = training
            results = layer(layer_inputs, *node.call_args, **kwargs)
            for symbolic, value in zip(nest.flatten(node.output_tensors), nest.flatten(results)):
                values[id(symbolic)] = value
        return nest.pack_sequence_as(self._nested_outputs, [values[id(x)] for x in self.outputs])


    # --- building, layers ------------------------------------------------------------------------

    @default
    def build(self, input_shape):
        """Build a subclassed model's layers by running ``call`` on placeholder values of
        ``input_shape`` (unknown sizes as 1), outside the model's name scope, as TF 1.15 does."""
        if getattr(self, "_is_graph_network", False):
            self.built = True
            return
        if input_shape is None:
            raise ValueError("Input shape must be defined when calling build on a model subclass network.")
        if not isinstance(input_shape, (tuple, list, TensorShape)):
            raise ValueError("Specified input shape is not one of the valid types. Please specify a batch input "
                             "shape of type tuple or list of input shapes. User provided input type: "
                             f"{type(input_shape)}")
        if isinstance(input_shape, list) and all(d is None or isinstance(d, int) for d in input_shape):
            input_shape = tuple(input_shape)
        shapes = input_shape if isinstance(input_shape, list) else [input_shape]
        dtype = self._dtype or "float32"
        values = [_placeholder(KerasTensor(s, dtype)) for s in shapes]
        kwargs = {"training": False} if self._call_spec.expects_training and \
            "training" in self._call_spec.arg_names[1:] else {}
        with torch.no_grad():
            self.call(values if isinstance(input_shape, list) else values[0], **kwargs)
        self.built = True

    @property
    def layers(self):
        return [layer for layer in self._sublayers()]

    def get_layer(self, name=None, index=None):
        if index is not None:
            if len(self.layers) <= index:
                raise ValueError(f"Was asked to retrieve layer at index {index} but model only has "
                                 f"{len(self.layers)} layers.")
            return self.layers[index]
        if not name:
            raise ValueError("Provide either a layer name or layer index.")
        for layer in self.layers:
            if layer.name == name:
                return layer
        raise ValueError("No such layer: " + name)

    def reset_states(self):
        for layer in self.layers:
            if hasattr(layer, "reset_states") and getattr(layer, "stateful", False):
                layer.reset_states()

    @property
    def state_updates(self):
        return []

    def _check_built(self):
        if not self.built:
            raise ValueError("This model has not yet been built. Build the model first by calling `build()` or "
                             "calling `fit()` with some data, or specify an `input_shape` argument in the first "
                             "layer(s) for automatic build.")

    # --- summary and predict ---------------------------------------------------------------------

    def summary(self, line_length=None, positions=None, print_fn=None):
        self._check_built()
        print_summary(self, line_length=line_length, positions=positions, print_fn=print_fn)

    def predict(self, x, batch_size=None, verbose=0, steps=None, callbacks=None, max_queue_size=10,
                workers=1, use_multiprocessing=False):
        """The model's outputs for ``x`` as NumPy arrays: arrays or tensors run in batches of ``batch_size``
        (32); a tf.data dataset or a generator gives the batches itself (a generator needs ``steps``)."""
        if _source(x) != "arrays":
            if batch_size is not None:
                raise ValueError(f"The `batch_size` argument must not be specified for the given input type. "
                                 f"Received input: {x}, batch_size: {batch_size}")
            return self.predict_generator(x, steps=steps, callbacks=callbacks, verbose=verbose)
        batch_size = 32 if batch_size is None else batch_size
        flat = [convert(v) for v in nest.flatten(x)]
        total = flat[0].shape[0] if flat[0].dim() else 1
        results = []
        for start in range(0, total, batch_size):
            batch = [wrap(v[start:start + batch_size]) for v in flat]
            outputs = self(nest.pack_sequence_as(x, batch) if nest.is_nested(x) else batch[0], training=False)
            results.append([convert(o) for o in nest.flatten(outputs)])
        if not results:
            raise ValueError("predict() got no samples.")
        merged = [wrap(torch.cat([r[i] for r in results])).numpy() for i in range(len(results[0]))]
        return merged[0] if len(merged) == 1 else merged

    # --- config and whole-model saving (tfcompat/_src/keras/saving/) ---------------------------------

    def get_config(self):
        """A functional model's architecture (subclassed models raise NotImplementedError, as in TF)."""
        from ..saving.model_config import network_config
        return network_config(self)

    @classmethod
    def from_config(cls, config, custom_objects=None):
        from ..saving.model_config import network_from_config
        return network_from_config(cls, config, custom_objects)

    def to_json(self, **kwargs):
        from ..saving.model_config import model_json
        return model_json(self, **kwargs)

    def to_yaml(self, **kwargs):
        from ..saving.model_config import model_yaml
        return model_yaml(self, **kwargs)

    def save(self, filepath, overwrite=True, include_optimizer=True, save_format=None, signatures=None):
        """The whole model (architecture, weights, optimizer state) in one HDF5 file: tf.keras.models.save_model."""
        from ..saving.save import save_model
        save_model(self, filepath, overwrite, include_optimizer, save_format, signatures)

    # --- weights files (tfcompat/_src/checkpoint/keras_weights.py) ------------------------------------

    def save_weights(self, filepath, overwrite=True, save_format=None):
        from ...checkpoint.keras_weights import save_weights
        save_weights(self, filepath, overwrite, save_format)

    def load_weights(self, filepath, by_name=False):
        from ...checkpoint.keras_weights import load_weights
        return load_weights(self, filepath, by_name)

    def predict_on_batch(self, x):
        outputs = self(x if isinstance(x, Tensor) else wrap(convert(x)), training=False)
        flat = [o.numpy() for o in nest.flatten(outputs)]
        return flat[0] if len(flat) == 1 else flat


def _unique_output_names(names):
    """TF's _set_output_names: a repeated layer name gets _1, _2 ... suffixes."""
    unique, counts = [], {}
    for name in names:
        proposal = name
        while proposal in unique:
            count = counts.get(name, 1)
            proposal = f"{name}_{count}"
            counts[name] = count + 1
        unique.append(proposal)
    return unique


def _layer_kwargs(kwargs):
    allowed = {"trainable", "dtype", "dynamic", "autocast"}
    for key in kwargs:
        if key not in allowed:
            raise TypeError("Keyword argument not understood:", key)
    kwargs.pop("autocast", None)
    return kwargs


def _map_graph_network(inputs, outputs):
    """(nodes, layers sorted as TF sorts them, nodes by depth) of the graph from ``inputs`` to
    ``outputs`` (TF's _map_graph_network)."""
    finished, in_progress, nodes_in_decreasing_depth, layer_indices = set(), set(), [], {}

    def build_map(tensor):
        layer, node_index, _ = tensor._keras_history
        node = layer._inbound_nodes[node_index]
        if id(node) in finished:
            return
        if id(node) in in_progress:
            raise ValueError(f'The tensor {tensor} at layer "{layer.name}" is part of a cycle.')
        layer_indices.setdefault(layer, len(layer_indices))
        in_progress.add(id(node))
        for x in node.keras_inputs:
            build_map(x)
        finished.add(id(node))
        in_progress.discard(id(node))
        nodes_in_decreasing_depth.append(node)

    for x in outputs:
        build_map(x)
    node_depths, layer_depths = {}, {}
    for node in reversed(nodes_in_decreasing_depth):
        depth = node_depths.setdefault(node, 0)
        depth = max(depth, layer_depths.get(node.outbound_layer, 0))
        layer_depths[node.outbound_layer] = depth
        node_depths[node] = depth
        for parent in node.parent_nodes:
            node_depths[parent] = max(depth + 1, node_depths.get(parent, 0))
    nodes_by_depth, layers_by_depth = {}, {}
    for node, depth in node_depths.items():
        nodes_by_depth.setdefault(depth, []).append(node)
    for layer, depth in layer_depths.items():
        layers_by_depth.setdefault(depth, []).append(layer)
    layers = []
    for depth in sorted(layers_by_depth, reverse=True):
        layers.extend(sorted(layers_by_depth[depth], key=lambda layer: layer_indices[layer]))
    for x in inputs:
        if x._keras_history[0] not in layer_indices:
            raise ValueError(f"Graph disconnected: the input {x} is not connected to the outputs.")
    for node in nodes_in_decreasing_depth:
        for x in node.keras_inputs:
            source = x._keras_history[0]
            if isinstance(source, InputLayer) and not any(x is i for i in inputs):
                raise ValueError(f"Graph disconnected: cannot obtain value for tensor {x} at layer "
                                 f'"{source.name}". The following previous layers were accessed without '
                                 f"issue: {[layer.name for layer in layers if not isinstance(layer, InputLayer)]}")
    return nodes_in_decreasing_depth, layers, nodes_by_depth


__all__ = ["Model", "Node"]
