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
from . import file_format, management
from .checkpoint import restore_object_graph, save_object_graph
from .restore import assign, checked_value

_H5_SUFFIXES = (".h5", ".keras", ".hdf5")
_KERAS_VERSION = b"2.2.4-tf"  # TF 1.15's tf.keras


def _is_hdf5(filepath):
    return os.fspath(filepath).endswith(_H5_SUFFIXES)


def h5py_module(action="`save_weights` / `load_weights` in HDF5 format"):
    """h5py, imported on first use; without it TF's ImportError (``'`save_model` requires h5py.'``)."""
    try:
        import h5py
    except ImportError:
        raise ImportError(f"{action} requires h5py. Install it with: pip install 'tfcompat[h5]' "
                          "(or pip install h5py)") from None
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
    existing = filepath + file_format.SUFFIX if save_format == "tf" else filepath  # TF checks PREFIX.index
    if not overwrite and os.path.isfile(existing) and not ask_to_proceed_with_overwrite(existing):
        return
    if save_format == "h5":
        _save_hdf5(model, filepath)
        return
    save_object_graph(model, filepath)
    management.update_checkpoint_state_internal(os.path.dirname(filepath), filepath,
                                                all_model_checkpoint_paths=[filepath], save_relative_paths=True)


def ask_to_proceed_with_overwrite(filepath):
    """TF's io_utils.ask_to_proceed_with_overwrite: ask on stdin whether to replace ``filepath`` (y/n)."""
    answer = input(f"[WARNING] {filepath} already exists - overwrite? [y/n]").strip().lower()
    while answer not in ("y", "n"):
        answer = input('Enter "y" (overwrite) or "n" (cancel).').strip().lower()
    if answer == "n":
        return False
    print("[TIP] Next time specify overwrite=True!")
    return True


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
# The one home of Keras's HDF5 weights layout; keras/saving/hdf5_format.py writes whole models with it.

def layer_weights(layer):
    """TF's _legacy_weights: the order weights have in HDF5 files (trainable, then non-trainable)."""
    return list(layer.trainable_weights) + list(layer.non_trainable_weights)


def write_h5_atomically(filepath, write, action="`save_weights`"):
    """``write(h5py.File)`` into a temporary file renamed to ``filepath`` once complete."""
    h5py = h5py_module(action)
    directory = os.path.dirname(filepath) or "."
    os.makedirs(directory, exist_ok=True)
    temporary = f"{filepath}.tmp{os.getpid()}"
    try:
        with h5py.File(temporary, "w") as f:
            write(f)
            f.flush()
        os.replace(temporary, filepath)
    except BaseException:
        if os.path.exists(temporary):
            os.unlink(temporary)
        raise


_HDF5_OBJECT_HEADER_LIMIT = 64512


def save_attribute_list(group, name, data):
    """TF's save_attributes_to_hdf5_group: a list of byte strings as attribute ``name``, or, past HDF5's
    object header limit, as ``name0``, ``name1`` ... chunks."""
    too_long = [x for x in data if len(x) > _HDF5_OBJECT_HEADER_LIMIT]
    if too_long:
        raise RuntimeError("The following attributes cannot be saved to HDF5 file because they are larger than "
                           f"{_HDF5_OBJECT_HEADER_LIMIT} bytes: {', '.join(_text(x) for x in too_long)}")
    array = np.asarray(data)
    chunks = 1
    while any(part.nbytes > _HDF5_OBJECT_HEADER_LIMIT for part in np.array_split(array, chunks)):
        chunks += 1
    if chunks == 1:
        group.attrs[name] = data
        return
    for index, part in enumerate(np.array_split(array, chunks)):
        group.attrs[f"{name}{index}"] = part


def load_attribute_list(group, name):
    """The list ``save_attribute_list`` wrote, as text."""
    if name in group.attrs:
        return [_text(x) for x in group.attrs[name]]
    values, index = [], 0
    while f"{name}{index}" in group.attrs:
        values.extend(_text(x) for x in group.attrs[f"{name}{index}"])
        index += 1
    if not index:
        raise KeyError(f"no attribute {name!r}")
    return values


def write_datasets(group, weights):
    """One dataset per variable, named by the variable's name (``dense/kernel:0`` nests a group), and the
    ``weight_names`` attribute."""
    save_attribute_list(group, "weight_names", [w.name.encode("utf8") for w in weights])
    for weight in weights:
        group.create_dataset(weight.name, data=read_storage(weight).detach().cpu().numpy())


def save_weights_to_group(f, layers):
    """TF's save_weights_to_hdf5_group: ``layer_names``, ``backend``, ``keras_version``, a group per layer."""
    save_attribute_list(f, "layer_names", [layer.name.encode("utf8") for layer in layers])
    f.attrs["backend"] = b"tensorflow"
    f.attrs["keras_version"] = _KERAS_VERSION
    for layer in layers:
        write_datasets(f.create_group(layer.name), layer_weights(layer))


def read_weights_group(f):
    """(layer names, {layer name: [(weight name, array)]}) of a weights group (KeyError / ValueError / OSError
    when it is not one)."""
    layer_names = load_attribute_list(f, "layer_names")
    saved = {name: [(weight, np.asarray(f[name][weight])) for weight in _weight_names(f[name])]
             for name in layer_names}
    return layer_names, saved


def _weight_names(group):
    try:
        return load_attribute_list(group, "weight_names")
    except KeyError:
        return []  # TF writes the attribute for every layer; an empty list may be stored as no attribute


def assign_saved_weights(layers, layer_names, saved, filepath, by_name=False):
    """Give ``layers``' weights the saved values, matched by topology (or by layer name), all checked first."""
    pairs = _by_name(layers, saved) if by_name else _by_topology(layers, layer_names, saved)
    checked = [(weight, checked_value(filepath, key, weight, convert(value))) for weight, key, value in pairs]
    for weight, value in checked:
        assign(weight, value)


def _save_hdf5(model, filepath):
    write_h5_atomically(filepath, lambda f: save_weights_to_group(f, model.layers))


def _load_hdf5(model, filepath, by_name):
    h5py = h5py_module("`load_weights`")
    if not os.path.isfile(filepath):
        raise NotFoundError(None, None, f"Unable to open file {filepath}: no such file")
    try:
        with h5py.File(filepath, "r") as f:
            if "layer_names" not in f.attrs and "layer_names0" not in f.attrs and "model_weights" in f:
                f = f["model_weights"]
            layer_names, saved = read_weights_group(f)
    except (OSError, KeyError, ValueError) as error:
        raise DataLossError(None, None, f"Unable to read the Keras HDF5 weights file {filepath}: {error}") from None
    assign_saved_weights(model.layers, layer_names, saved, filepath, by_name)


def _text(value):
    return value.decode("utf8") if isinstance(value, bytes) else str(value)


def _by_topology(layers, layer_names, saved):
    layers = [layer for layer in layers if layer_weights(layer)]
    filtered = [name for name in layer_names if saved[name]]
    if len(filtered) != len(layers):
        raise ValueError(f"You are trying to load a weight file containing {len(filtered)} layers into a model "
                         f"with {len(layers)} layers.")
    pairs = []
    for layer, name in zip(layers, filtered):
        weights = layer_weights(layer)
        if len(weights) != len(saved[name]):
            raise ValueError(f"Layer #{layers.index(layer)} (named \"{layer.name}\" in the current model) was found "
                             f"to correspond to layer {name} in the save file. However the new layer {layer.name} "
                             f"expects {len(weights)} weights, but the saved weights have {len(saved[name])} "
                             "elements.")
        pairs.extend((weight, key, value) for weight, (key, value) in zip(weights, saved[name]))
    return pairs


def _by_name(layers, saved):
    pairs = []
    for index, layer in enumerate(layers):
        values = saved.get(layer.name)
        if not values:
            continue
        weights = layer_weights(layer)
        if len(weights) != len(values):
            raise ValueError(f"Layer #{index} (named \"{layer.name}\") expects {len(weights)} "
                             f"weight(s), but the saved weights have {len(values)} element(s).")
        pairs.extend((weight, key, value) for weight, (key, value) in zip(weights, values))
    return pairs
