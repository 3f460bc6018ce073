"""tf.keras.Sequential: a stack of layers, a functional model once its input shape is known."""

from ...registry import PARTIAL, export
from ...util import nest
from .base_layer import Layer, default, structure_changed
from .input_layer import Input, InputLayer
from .network import Model


@export("keras.Sequential", "keras.models.Sequential", status=PARTIAL,
        note="As tf.keras.Model: whole-model saving in HDF5 only (save_format='tf', SavedModel, raises "
             "NotImplementedError).")
class Sequential(Model):
    """``Sequential([layer, ...])`` or ``add(layer)``: each layer's output feeds the next."""

    def __init__(self, layers=None, name=None):
        super().__init__(name=name)
        self.supports_masking = True
        self._build_input_shape = None
        if layers:
            for layer in layers:
                self.add(layer)

    @property
    def layers(self):
        layers = super().layers
        if layers and isinstance(layers[0], InputLayer):
            return layers[1:]
        return layers

    def add(self, layer):
        if not isinstance(layer, Layer):
            raise TypeError("The added layer must be an instance of class Layer. Found: " + str(layer))
        self.built = False
        set_inputs = False
        if not self._layers:
            if isinstance(layer, InputLayer):
                set_inputs = True
            else:
                batch_shape = getattr(layer, "_batch_input_shape", None)
                if batch_shape:
                    x = Input(batch_shape=batch_shape, dtype=layer._dtype, name=layer.name + "_input")
                    layer(x)
                    set_inputs = True
            if set_inputs:
                outputs = nest.flatten(layer._inbound_nodes[-1].output_tensors)
                if len(outputs) != 1:
                    raise ValueError("All layers in a Sequential model should have a single output tensor. For "
                                     "multi-output layers, use the functional API.")
                self.outputs = [outputs[0]]
                self.inputs = [_source_input(outputs[0])]
        elif self.outputs:
            output_tensor = layer(self.outputs[0])
            if len(nest.flatten(output_tensor)) != 1:
                raise TypeError("All layers in a Sequential model should have a single output tensor. For "
                                "multi-output layers, use the functional API.")
            self.outputs = [output_tensor]
        if self.outputs:
            self.built = True
        if set_inputs or self._is_graph_network:
            self._init_graph_network(self.inputs[0], self.outputs[0])
        else:
            self._layers.append(layer)
        structure_changed()

    def pop(self):
        if not self.layers:
            raise TypeError("There are no layers in the model.")
        self._layers.pop()
        structure_changed()
        if not self.layers:
            object.__setattr__(self, "_is_graph_network", False)
            self._layers.clear()
            self.outputs = None
            self.inputs = None
            self.built = False
        elif self._is_graph_network:
            self.layers[-1]._outbound_nodes.clear()
            self._init_graph_network(self.inputs[0], self.layers[-1].output)
            self.built = True

    @default
    def build(self, input_shape=None):
        if self._is_graph_network:
            self.built = True
            return
        if input_shape is None:
            raise ValueError("You must provide an `input_shape` argument.")
        input_shape = tuple(input_shape)
        self._build_input_shape = input_shape
        super().build(input_shape)
        self.built = True

    def call(self, inputs, training=None, mask=None):
        # A chain of single-input layers: the graph of a built Sequential is this loop too.
        outputs = inputs
        for layer in self._sublayers():
            if isinstance(layer, InputLayer):
                continue
            spec = layer._call_spec
            if spec.names_mask or spec.names_training:
                kwargs = {"mask": mask} if spec.names_mask else {}
                if spec.names_training:
                    kwargs["training"] = training
                outputs = layer(inputs, **kwargs)
            else:
                outputs = layer(inputs)
            inputs = outputs
            mask = getattr(outputs, "_keras_mask", None)
        return outputs

    def get_config(self):
        from ..saving.model_config import sequential_config
        return sequential_config(self)

    @classmethod
    def from_config(cls, config, custom_objects=None):
        from ..saving.model_config import sequential_from_config
        return sequential_from_config(cls, config, custom_objects)

    def compute_output_shape(self, input_shape):
        shape = input_shape
        for layer in self.layers:
            shape = layer.compute_output_shape(shape)
        return shape


def _source_input(tensor):
    """The Keras input a tensor was computed from (a single-input chain)."""
    while True:
        layer, node_index, _ = tensor._keras_history
        node = layer._inbound_nodes[node_index]
        if node.is_input:
            return tensor
        tensor = node.keras_inputs[0]
