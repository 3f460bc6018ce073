"""Whole-model saving: ``Model.save``, ``tf.keras.models.save_model`` / ``load_model`` in TF 1.15's HDF5
format (keras/saving/save.py and hdf5_format.py), through h5py (an optional extra).

The file: root attributes ``keras_version``, ``backend``, ``model_config`` (JSON of ``{"class_name",
"config"}``) and, for a model compiled with a Keras optimizer, ``training_config`` (JSON: ``loss``,
``metrics``, ``weighted_metrics``, ``sample_weight_mode``, ``loss_weights``, ``optimizer_config``); group
``model_weights`` in the layout of ``save_weights`` (tfcompat/_src/checkpoint/keras_weights.py, the one home
of that layout); group ``optimizer_weights`` with the optimizer's ``weights`` (``iter``, then its slots).
Under TF 1.x the default format is HDF5 whatever the file's name.  SavedModel (``save_format='tf'``) is a
graph format that tfcompat does not write or read.  Loading never runs code from the file: layers,
losses, metrics and optimizers are found by name.
"""

import json
import os

import numpy as np
import torch

from ... import registry
from ...checkpoint import keras_weights
from ...framework.errors import DataLossError
from ...platform import tf_logging as logging
from ...util import nest
from .. import losses, metrics_serialization, optimizers
from ..engine.functional_call import _placeholder
from ..optimizer_v2 import OptimizerV2
from .model_config import KERAS_VERSION, json_default, model_from_config

_HDF5_EXTENSIONS = (".h5", ".keras", ".hdf5")
_TF_OPTIMIZER_WARNING = (
    "TensorFlow optimizers do not make it possible to access optimizer attributes or optimizer state after "
    "instantiation. As a result, we cannot save the optimizer as part of the model save file. You will have to "
    "compile your model again after loading it. Prefer using a Keras optimizer instead (see keras.io/optimizers).")
_SAVED_MODEL_UNSUPPORTED = (
    "tfcompat does not support the SavedModel format (save_format='tf'): it stores a TensorFlow graph, which "
    "tfcompat does not build. Save the whole model in HDF5 format instead (model.save('model.h5'), "
    "save_format='h5') or its weights with model.save_weights.")


def _is_h5py_file(filepath):
    h5py = _h5py_if_installed()
    return h5py is not None and isinstance(filepath, h5py.File)


def _h5py_if_installed():
    try:
        return keras_weights.h5py_module()
    except ImportError:
        return None


@registry.export("keras.models.save_model", status=registry.PARTIAL,
                 note="HDF5 (TF 1.x's default format): architecture, weights, training config and the Keras "
                      "optimizer's state. save_format='tf' (SavedModel, a graph format) raises "
                      "NotImplementedError naming the HDF5 alternative; signatures are not taken.")
def save_model(model, filepath, overwrite=True, include_optimizer=True, save_format=None, signatures=None):
    """Save ``model``'s architecture, weights and optimizer state to one HDF5 file."""
    open_file = _is_h5py_file(filepath)
    if open_file:
        save_format = "h5"
    else:
        filepath = os.fsdecode(filepath)
        save_format = "h5" if save_format is None or os.path.splitext(filepath)[1] in _HDF5_EXTENSIONS else \
            str(save_format).strip().lower()
    if save_format not in ("h5", "keras"):
        raise NotImplementedError(_SAVED_MODEL_UNSUPPORTED)
    if not getattr(model, "_is_graph_network", False) and not isinstance(model, registry.resolve("keras.Sequential")):
        raise NotImplementedError(
            "Saving the model to HDF5 format requires the model to be a Functional model or a Sequential model. It "
            "does not work for subclassed models, because such models are defined via the body of a Python method, "
            "which isn't safely serializable. Consider saving to the Tensorflow SavedModel format (by setting "
            'save_format="tf") or using `save_weights`.')
    keras_weights.h5py_module("`save_model`")
    metadata = model_metadata(model, include_optimizer)

    def write(f):
        for key, value in metadata.items():
            f.attrs[key] = json.dumps(value, default=json_default).encode("utf8") if isinstance(value, dict) \
                else value
        keras_weights.save_weights_to_group(f.create_group("model_weights"), model.layers)
        optimizer = getattr(model, "optimizer", None)
        if include_optimizer and isinstance(optimizer, OptimizerV2) and optimizer.weights:
            keras_weights.write_datasets(f.create_group("optimizer_weights"), optimizer.weights)

    if open_file:
        write(filepath)
        filepath.flush()
        return
    if not overwrite and os.path.isfile(filepath) and not keras_weights.ask_to_proceed_with_overwrite(filepath):
        return
    keras_weights.write_h5_atomically(filepath, write, "`save_model`")


def model_metadata(model, include_optimizer=True):
    """TF 1.15's saving_utils.model_metadata: the root attributes of a whole-model file."""
    metadata = {"keras_version": KERAS_VERSION, "backend": "tensorflow",
                "model_config": {"class_name": type(model).__name__, "config": model.get_config()}}
    optimizer = getattr(model, "optimizer", None)
    if optimizer is None or not include_optimizer:
        return metadata
    if not isinstance(optimizer, OptimizerV2):
        logging.warning(_TF_OPTIMIZER_WARNING)
        return metadata
    loss, metrics, loss_weights, weighted_metrics = model._compile_arguments
    metadata["training_config"] = {
        "loss": loss, "metrics": metrics or [], "weighted_metrics": weighted_metrics,
        "sample_weight_mode": model.sample_weight_mode, "loss_weights": loss_weights,
        "optimizer_config": {"class_name": type(optimizer).__name__, "config": optimizer.get_config()}}
    return metadata


# --- loading --------------------------------------------------------------------------------------------------

@registry.export("keras.models.load_model", status=registry.PARTIAL,
                 note="HDF5 files (tf.keras's and tfcompat's): the model rebuilt from its config with its weights, "
                      "compiled with its optimizer state restored; SavedModel directories raise NotImplementedError.")
def load_model(filepath, custom_objects=None, compile=True):  # noqa: A002 - TF's parameter name
    """The model saved in ``filepath`` by ``save_model``, compiled (``compile=True``) as it was saved."""
    h5py = _h5py_if_installed()
    if h5py is not None and isinstance(filepath, h5py.File):
        return _load_from_h5(_read_whole_model(filepath, "the open HDF5 file"), custom_objects, compile)
    filepath = os.fsdecode(filepath)
    if h5py is not None and os.path.isfile(filepath) and h5py.is_hdf5(filepath):
        try:
            with h5py.File(filepath, "r") as f:
                saved = _read_whole_model(f, filepath)
        except OSError as error:
            raise DataLossError(None, None, f"Unable to read the Keras model file {filepath}: {error}") from None
        return _load_from_h5(saved, custom_objects, compile)
    if os.path.isdir(filepath) and any(os.path.isfile(os.path.join(filepath, name))
                                       for name in ("saved_model.pb", "saved_model.pbtxt")):
        raise NotImplementedError(_SAVED_MODEL_UNSUPPORTED)
    hint = "" if h5py is not None else " (h5py, which reads HDF5 model files, is not installed: " \
        "pip install 'tfcompat[h5]')"
    raise OSError(f"SavedModel file does not exist at: {filepath}/{{saved_model.pbtxt|saved_model.pb}}{hint}")


def _text(value):
    return value.decode("utf8") if isinstance(value, bytes) else str(value)


def _read_whole_model(f, filepath):
    """Everything load_model needs from the file, read before anything is built."""
    model_config = f.attrs.get("model_config")
    if model_config is None:
        raise ValueError("No model found in config file.")
    training_config = f.attrs.get("training_config")
    try:
        weights = keras_weights.read_weights_group(f["model_weights"])
        optimizer_weights = None
        if "optimizer_weights" in f:
            group = f["optimizer_weights"]
            names = keras_weights.load_attribute_list(group, "weight_names")
            optimizer_weights = [np.asarray(group[name]) for name in names]
        return {"model_config": _json(model_config, "model_config"), "weights": weights, "filepath": filepath,
                "training_config": None if training_config is None else _json(training_config, "training_config"),
                "optimizer_weights": optimizer_weights}
    except (KeyError, ValueError, OSError) as error:
        raise DataLossError(None, None, f"Unable to read the Keras model file {filepath}: {error}") from None


def _json(value, what):
    try:
        return json.loads(_text(value))
    except ValueError as error:
        raise ValueError(f"The file's {what} attribute is not JSON: {error}") from None


def _load_from_h5(saved, custom_objects, compile):  # noqa: A002
    custom_objects = custom_objects or {}
    model = model_from_config(saved["model_config"], custom_objects=custom_objects)
    _build_nested_layers(model)
    layer_names, values = saved["weights"]
    keras_weights.assign_saved_weights(model.layers, layer_names, values, saved["filepath"])
    if not compile:
        return model
    if saved["training_config"] is None:
        logging.warning("No training configuration found in save file: the model was *not* compiled. "
                        "Compile it manually.")
        return model
    model.compile(**compile_args_from_training_config(saved["training_config"], custom_objects))
    if saved["optimizer_weights"] is not None:
        _restore_optimizer_weights(model, saved["optimizer_weights"])
    return model


def _build_nested_layers(model):
    """Make every weight of a functional model whose nested models were called on Keras tensors only (TF builds
    them then; tfcompat at their first call on values): one call on zeros, in inference mode."""
    if not model._is_graph_network or all(layer.built for layer in model.submodules):
        return
    placeholders = [_placeholder(x) for x in model.inputs]
    with torch.no_grad():
        model(nest.pack_sequence_as(model._nested_inputs, placeholders), training=False)


def compile_args_from_training_config(training_config, custom_objects=None):
    """TF's saving_utils.compile_args_from_training_config: compile's arguments from a training config."""
    custom_objects = custom_objects or {}
    optimizer = optimizers.deserialize(training_config["optimizer_config"], custom_objects=custom_objects)
    loss = training_config["loss"]
    if isinstance(loss, dict) and "class_name" in loss:
        loss = losses.deserialize(loss, custom_objects=custom_objects)
    else:
        loss = nest.map_structure(lambda obj: custom_objects.get(obj, obj), loss)
    return {"optimizer": optimizer, "loss": loss,
            "metrics": _metrics(training_config.get("metrics"), custom_objects),
            "weighted_metrics": _metrics(training_config.get("weighted_metrics"), custom_objects),
            "loss_weights": training_config.get("loss_weights"),
            "sample_weight_mode": training_config.get("sample_weight_mode")}


def _metrics(config, custom_objects):
    """Metric names mapped through ``custom_objects``; Metric configs (which newer Keras versions write, one
    list per output) deserialized."""
    if config is None:
        return None
    if isinstance(config, list) and len(config) == 1 and isinstance(config[0], list):
        config = config[0]

    def one(obj):
        if isinstance(obj, dict) and obj.get("class_name") == "MeanMetricWrapper" and \
                isinstance(obj.get("config", {}).get("fn"), str):
            return custom_objects.get(obj["config"]["fn"], obj["config"]["fn"])  # the function it wraps, by name
        if isinstance(obj, dict) and "class_name" in obj:
            return metrics_serialization.deserialize(obj, custom_objects=custom_objects)
        return custom_objects.get(obj, obj) if isinstance(obj, str) else obj

    if isinstance(config, dict):
        return {key: [one(m) for m in value] if isinstance(value, list) else one(value)
                for key, value in config.items()}
    return [[one(m) for m in item] if isinstance(item, list) else one(item) for item in config]


def _restore_optimizer_weights(model, values):
    """Make the optimizer's ``iter`` and slots for the model's trainable weights (TF builds its train function
    for this), then give them the saved values."""
    if not model._is_graph_network:
        logging.warning("Sequential models without an `input_shape` passed to the first layer cannot reload their "
                        "optimizer state. As a result, your model isstarting with a freshly initialized optimizer.")
        return
    optimizer = model.optimizer
    optimizer.iterations  # noqa: B018 - made first, as TF orders the optimizer's weights
    optimizer._create_hypers()
    optimizer._create_slots(list(model.trainable_weights))
    try:
        optimizer.set_weights(values)
    except ValueError:
        logging.warning("Error in loading the saved optimizer state. As a result, your model is starting with a "
                        "freshly initialized optimizer.")
