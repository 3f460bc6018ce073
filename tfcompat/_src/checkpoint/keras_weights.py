"""Model.save_weights / load_weights: TF format (an object-based checkpoint with the model as root, keys
``layer_with_weights-0/kernel/.ATTRIBUTES/VARIABLE_VALUE``) or, for names ending in ``.h5`` /
``.hdf5`` / ``.keras``, Keras's HDF5 layout (through h5py, an optional extra), as TF 1.15's Network.

HDF5 layout (keras/saving/hdf5_format.py): root attributes ``layer_names``, ``backend``,
``keras_version``; a group per layer (``model.layers``) with attribute ``weight_names`` and one dataset
per weight, named by the weight's name (``dense/kernel:0``).
"""

import os

import numpy as np

from ..eager.variables import read_storage
from ..framework.errors import DataLossError, NotFoundError
from ..framework.tensor import convert
from . import management
from .checkpoint import restore_object_graph, save_object_graph
from .restore import assign, checked_value

_H5_SUFFIXES = (".h5", ".keras", ".hdf5")
_KERAS_VERSION = b"2.2.4-tf"  # TF 1.15's tf.keras


def _is_hdf5(filepath):
    return os.fspath(filepath).endswith(_H5_SUFFIXES)


def _h5py():
    try:
        import h5py
    except ImportError:
        raise ImportError("`save_weights` / `load_weights` in HDF5 format requires h5py: "
                          "pip install 'tfcompat[h5]' (or pip install h5py)") from None
    return h5py


def save_weights(model, filepath, overwrite=True, save_format=None):
    filepath = os.fspath(filepath)
    if save_format is None:
        save_format = "h5" if _is_hdf5(filepath) else "tf"
    else:
        save_format = str(save_format).strip().lower()
        if save_format in ("tensorflow", "tf"):
            save_format = "tf"
        elif save_format not in ("h5", "keras"):
            raise ValueError(f"Unknown format \"{save_format}\". Was expecting one of {{\"tf\", \"h5\"}}.")
        else:
            save_format = "h5"
    if save_format == "tf" and _is_hdf5(filepath):
        raise ValueError(f'save_weights got save_format="tf"/"tensorflow", but the filepath ("{filepath}") looks '
                         'like an HDF5 file. Omit the ".h5"/".keras" when saving in TensorFlow format.')
    if save_format == "h5":
        _save_hdf5(model, filepath)
        return
    save_object_graph(model, filepath)
    management.update_checkpoint_state_internal(os.path.dirname(filepath), filepath,
                                                all_model_checkpoint_paths=[filepath], save_relative_paths=True)


def load_weights(model, filepath, by_name=False):
    filepath = os.fspath(filepath)
    if _is_hdf5(filepath):
        _load_hdf5(model, filepath, by_name)
        return None
    if by_name:
        raise NotImplementedError("Weights may only be loaded based on topology into Models when loading "
                                  "TensorFlow-formatted weights (got by_name=True to load_weights).")
    status = restore_object_graph(model, filepath)
    status.assert_nontrivial_match()
    return status


# --- HDF5 --------------------------------------------------------------------------------------------------

def _layer_weights(layer):
    return list(layer.trainable_weights) + list(layer.non_trainable_weights)


def _save_hdf5(model, filepath):
    h5py = _h5py()
    directory = os.path.dirname(filepath) or "."
    os.makedirs(directory, exist_ok=True)
    temporary = f"{filepath}.tmp{os.getpid()}"
    try:
        with h5py.File(temporary, "w") as f:
            layers = model.layers
            f.attrs["layer_names"] = [layer.name.encode("utf8") for layer in layers]
            f.attrs["backend"] = b"tensorflow"
            f.attrs["keras_version"] = _KERAS_VERSION
            for layer in layers:
                group = f.create_group(layer.name)
                weights = _layer_weights(layer)
                group.attrs["weight_names"] = [w.name.encode("utf8") for w in weights]
                for weight in weights:
                    value = read_storage(weight).detach().cpu().numpy()
                    group.create_dataset(weight.name, data=value)
            f.flush()
        os.replace(temporary, filepath)
    except BaseException:
        if os.path.exists(temporary):
            os.unlink(temporary)
        raise


def _load_hdf5(model, filepath, by_name):
    h5py = _h5py()
    if not os.path.isfile(filepath):
        raise NotFoundError(None, None, f"Unable to open file {filepath}: no such file")
    try:
        with h5py.File(filepath, "r") as f:
            if "layer_names" not in f.attrs and "model_weights" in f:
                f = f["model_weights"]
            layer_names = [_text(name) for name in f.attrs["layer_names"]]
            saved = {name: [(_text(weight), np.asarray(f[name][_text(weight)]))
                            for weight in f[name].attrs["weight_names"]] for name in layer_names}
    except (OSError, KeyError, ValueError) as error:
        raise DataLossError(None, None, f"Unable to read the Keras HDF5 weights file {filepath}: {error}") from None
    pairs = _by_name(model, saved) if by_name else _by_topology(model, layer_names, saved)
    checked = [(weight, checked_value(filepath, key, weight, convert(value))) for weight, key, value in pairs]
    for weight, value in checked:
        assign(weight, value)


def _text(value):
    return value.decode("utf8") if isinstance(value, bytes) else str(value)


def _by_topology(model, layer_names, saved):
    layers = [layer for layer in model.layers if _layer_weights(layer)]
    filtered = [name for name in layer_names if saved[name]]
    if len(filtered) != len(layers):
        raise ValueError(f"You are trying to load a weight file containing {len(filtered)} layers into a model "
                         f"with {len(layers)} layers.")
    pairs = []
    for layer, name in zip(layers, filtered):
        weights = _layer_weights(layer)
        if len(weights) != len(saved[name]):
            raise ValueError(f"Layer #{layers.index(layer)} (named \"{layer.name}\" in the current model) was found "
                             f"to correspond to layer {name} in the save file. However the new layer {layer.name} "
                             f"expects {len(weights)} weights, but the saved weights have {len(saved[name])} "
                             "elements.")
        pairs.extend((weight, key, value) for weight, (key, value) in zip(weights, saved[name]))
    return pairs


def _by_name(model, saved):
    pairs = []
    for layer in model.layers:
        values = saved.get(layer.name)
        if not values:
            continue
        weights = _layer_weights(layer)
        if len(weights) != len(values):
            raise ValueError(f"Layer #{model.layers.index(layer)} (named \"{layer.name}\") expects {len(weights)} "
                             f"weight(s), but the saved weights have {len(values)} element(s).")
        pairs.extend((weight, key, value) for weight, (key, value) in zip(weights, values))
    return pairs
