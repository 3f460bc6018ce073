"""A model's architecture as a config and back: ``tf.keras.layers.serialize`` / ``deserialize``,
Network and Sequential ``get_config`` / ``from_config``, ``model_from_config`` / ``model_from_json`` /
``model_from_yaml``, in TF 1.15's layout (keras/layers/serialization.py, engine/network.py,
engine/sequential.py, saving/model_config.py).

A functional model's config is ``{"name", "layers": [{"name", "class_name", "config", "inbound_nodes"}],
"input_layers", "output_layers"}``; each inbound node is a list of ``[layer_name, node_index, tensor_index,
call_kwargs]``, node indices counted among the nodes that belong to the model (a nested functional model's
first node, its own, is skipped).  A Sequential's is ``{"name", "layers": [{"class_name", "config"}]}`` with
its InputLayer first when it has one (``build_input_shape`` for one built by ``build``).

Layer classes are found by their class name among the registered ``tf.keras.layers`` classes, ``Model``
and ``Sequential``, after the custom objects (the argument, then ``CustomObjectScope``'s).  Nothing in a
config is executed: a name that is not found is TF's ``ValueError('Unknown layer: ...')``.
"""

import copy
import inspect
import json

from ... import registry
from ...platform import tf_logging as logging
from ...util import nest
from .. import generic_utils

# Keys that Keras versions after TF 1.15 write into a layer's config, with the value under which they change
# nothing: a file from tf_keras / Keras 2.x loads when they hold it (TF 1.15's layers do not take them).
_NEWER_KERAS_KEYS = {"InputLayer": {"optional": False},
                     **{name: {"groups": 1} for name in ("Conv1D", "Conv2D", "Conv3D", "Conv1DTranspose",
                                                         "Conv2DTranspose", "Conv3DTranspose", "SeparableConv1D",
                                                         "SeparableConv2D", "DepthwiseConv2D")}}


def _layer_classes():
    """Class name -> class, for every registered tf.keras layer class (aliases too) and the models."""
    layer = registry.resolve("keras.layers.Layer")
    table = {}
    for name, entry in registry.entries().items():
        if name.startswith("keras.layers.") and inspect.isclass(entry.obj) and issubclass(entry.obj, layer):
            table[name.rpartition(".")[2]] = entry.obj
    model = registry.resolve("keras.Model")
    # "Functional" is the class name TF 2.x's Keras gives functional models (TF 1.15's is "Model")
    table.update(Model=model, Network=model, Functional=model, Sequential=registry.resolve("keras.Sequential"))
    return table


@registry.export("keras.layers.serialize")
def serialize(layer):
    """``{"class_name": ..., "config": layer.get_config()}``."""
    return generic_utils.serialize_keras_object(layer)


@registry.export("keras.layers.deserialize")
def deserialize(config, custom_objects=None):
    """The layer (or model) a ``{"class_name", "config"}`` dict describes."""
    if isinstance(config, dict) and isinstance(config.get("config"), dict):
        dropped = _NEWER_KERAS_KEYS.get(config.get("class_name"), {})
        inner = {key: value for key, value in config["config"].items()
                 if not (key in dropped and value == dropped[key])}
        config = {"class_name": config["class_name"], "config": inner}
    return generic_utils.deserialize_keras_object(config, module_objects=_layer_classes(),
                                                  custom_objects=custom_objects, printable_module_name="layer")


# --- functional models (TF's Network.get_config / from_config) ----------------------------------------------

def _is_graph_network(layer):
    return bool(getattr(layer, "_is_graph_network", False))


def _kept_node_indices(model):
    """id(node) -> its index among the nodes of its layer that belong to ``model``."""
    in_model = {id(node) for node in model._network_nodes}
    indices = {}
    for layer in model.layers:
        kept = 1 if _is_graph_network(layer) else 0  # a nested model's own node is not in the config
        for node in layer._inbound_nodes:
            if id(node) in in_model:
                indices[id(node)] = kept
                kept += 1
    return indices


def _call_kwargs(layer, node):
    kwargs = dict(node.call_kwargs)
    try:
        json.dumps(kwargs)
    except TypeError:
        logging.warning("Layer %s was passed non-serializable keyword arguments: %s. They will not be included in "
                        "the serialized model (and thus will be missing at deserialization time).",
                        layer.name, kwargs)
        return {}
    return kwargs


def network_config(model):
    """A functional model's config (TF 1.15's Network.get_config)."""
    if not _is_graph_network(model):
        raise NotImplementedError()
    in_model = {id(node) for node in model._network_nodes}
    kept = _kept_node_indices(model)
    layer_configs = []
    for layer in model.layers:
        inbound_nodes = []
        for node in layer._inbound_nodes:
            if id(node) not in in_model or node.is_input:
                continue
            kwargs = _call_kwargs(layer, node)
            inbound_nodes.append([[inbound.name, kept.get(id(inbound._inbound_nodes[node_index]), 0), tensor_index,
                                   kwargs] for inbound, node_index, tensor_index, _ in node.iterate_inbound()])
        layer_configs.append({"name": layer.name, "class_name": type(layer).__name__, "config": layer.get_config(),
                              "inbound_nodes": inbound_nodes})

    def coordinates(tensors):
        result = []
        for x in tensors:
            layer, node_index, tensor_index = x._keras_history
            result.append([layer.name, kept.get(id(layer._inbound_nodes[node_index]), 0), tensor_index])
        return result

    return copy.deepcopy({"name": model.name, "layers": layer_configs,
                          "input_layers": coordinates(model.inputs), "output_layers": coordinates(model.outputs)})


def network_from_config(cls, config, custom_objects=None):
    """A functional model rebuilt from its config (TF 1.15's Network.from_config): the layers are made in
    order, then called on their inbound nodes once those exist."""
    created, pending = {}, {}
    try:
        for layer_data in config["layers"]:
            layer = deserialize(layer_data, custom_objects=custom_objects)
            created[layer_data["name"]] = layer
            for node_data in layer_data["inbound_nodes"]:
                pending.setdefault(layer_data["name"], []).append(node_data)
        while pending:
            progressed = False
            for layer_data in config["layers"]:
                name = layer_data["name"]
                waiting, pending[name] = pending.pop(name, []), []
                for position, node_data in enumerate(waiting):
                    if not _call_on_node(created[name], node_data, created):
                        pending[name] = waiting[position:]
                        break
                    progressed = True
                if not pending[name]:
                    del pending[name]
            if not progressed:
                raise ValueError(f"The config's layers {sorted(pending)} are called on nodes that no layer makes.")
        inputs = [_tensor_at(created, entry) for entry in config["input_layers"]]
        outputs = [_tensor_at(created, entry) for entry in config["output_layers"]]
    except (KeyError, IndexError, TypeError) as error:
        raise ValueError(f"Improper model config: {type(error).__name__}: {error}") from None
    return cls(inputs=inputs, outputs=outputs, name=config.get("name"))


def _call_on_node(layer, node_data, created):
    """Call ``layer`` on the tensors ``node_data`` names; False while one of them does not exist yet."""
    tensors, kwargs = [], {}
    for entry in node_data:
        inbound_layer = created[entry[0]]
        if len(inbound_layer._inbound_nodes) <= entry[1]:
            return False
        tensors.append(nest.flatten(inbound_layer._inbound_nodes[entry[1]].output_tensors)[entry[2]])
        kwargs = entry[3] if len(entry) > 3 else {}
    if tensors:
        layer(tensors[0] if len(tensors) == 1 else tensors, **kwargs)
    return True


def _tensor_at(created, entry):
    layer_name, node_index, tensor_index = entry[:3]
    return nest.flatten(created[layer_name]._inbound_nodes[node_index].output_tensors)[tensor_index]


# --- Sequential ------------------------------------------------------------------------------------------------

def sequential_config(model):
    """``{"name", "layers"}`` (TF 1.15's Sequential.get_config): its InputLayer, when it has one, first."""
    config = {"name": model.name, "layers": copy.deepcopy([serialize(layer) for layer in model._sublayers()])}
    if not _is_graph_network(model) and getattr(model, "_build_input_shape", None) is not None:
        config["build_input_shape"] = model._build_input_shape
    return config


def sequential_from_config(cls, config, custom_objects=None):
    if isinstance(config, dict):
        name, build_input_shape, layer_configs = config.get("name"), config.get("build_input_shape"), \
            config.get("layers")
        if not isinstance(layer_configs, list):
            raise ValueError(f"Improper Sequential config (no list of layers): {config}")
    else:
        name, build_input_shape, layer_configs = None, None, config
    model = cls(name=name)
    for layer_config in layer_configs:
        model.add(deserialize(layer_config, custom_objects=custom_objects))
    if not model.inputs and build_input_shape:
        model.build(build_input_shape)
    return model


# --- tf.keras.models.model_from_* ---------------------------------------------------------------------------

@registry.export("keras.models.model_from_config")
def model_from_config(config, custom_objects=None):
    """The model a ``{"class_name", "config"}`` dict describes (``model.get_config()`` wrapped with its class)."""
    if isinstance(config, list):
        raise TypeError("`model_from_config` expects a dictionary, not a list. Maybe you meant to use "
                        "`Sequential.from_config(config)`?")
    return deserialize(config, custom_objects=custom_objects)


@registry.export("keras.models.model_from_json")
def model_from_json(json_string, custom_objects=None):
    """The model ``model.to_json()`` describes."""
    try:
        config = json.loads(json_string)
    except (TypeError, ValueError) as error:
        raise ValueError(f"model_from_json: the string is not a JSON model config: {error}") from None
    return deserialize(config, custom_objects=custom_objects)


def _yaml():
    try:
        import yaml  # noqa: PLC0415 - optional, as in TF 1.15
    except ImportError:
        return None
    return yaml


@registry.export("keras.models.model_from_yaml")
def model_from_yaml(yaml_string, custom_objects=None):
    """The model ``model.to_yaml()`` describes (needs PyYAML, as TF 1.15's)."""
    yaml = _yaml()
    if yaml is None:
        raise ImportError("Requires yaml module installed (`pip install pyyaml`).")
    try:
        config = yaml.safe_load(yaml_string)
    except yaml.YAMLError as error:
        raise ValueError(f"model_from_yaml: the string is not a YAML model config: {error}") from None
    return deserialize(config, custom_objects=custom_objects)


def model_json(model, **kwargs):
    """``model.to_json(**kwargs)``: ``{"class_name", "config", "keras_version", "backend"}`` as JSON."""
    return json.dumps(model_metadata_config(model), default=json_default, **kwargs)


def model_yaml(model, **kwargs):
    yaml = _yaml()
    if yaml is None:
        raise ImportError("Requires yaml module installed (`pip install pyyaml`).")
    return yaml.dump(json.loads(model_json(model)), **kwargs)


KERAS_VERSION = "2.2.4-tf"  # TF 1.15's tf.keras.__version__


def model_metadata_config(model):
    return {"class_name": type(model).__name__, "config": model.get_config(), "keras_version": KERAS_VERSION,
            "backend": "tensorflow"}


def json_default(obj):
    """TF's serialization.get_json_type: what JSON makes of the objects in configs."""
    from ...framework.dtypes import DType  # noqa: PLC0415
    from ...framework.tensor_shape import Dimension, TensorShape  # noqa: PLC0415
    if hasattr(obj, "get_config"):
        return {"class_name": type(obj).__name__, "config": obj.get_config()}
    if type(obj).__module__ == "numpy":
        return obj.tolist() if hasattr(obj, "ndim") and obj.ndim else obj.item()
    if callable(obj):
        return obj.__name__
    if isinstance(obj, Dimension):
        return obj.value
    if isinstance(obj, TensorShape):
        return obj.as_list()
    if isinstance(obj, DType):
        return obj.name
    if obj is Ellipsis:
        return {"class_name": "__ellipsis__"}
    raise TypeError("Not JSON Serializable:", obj)
