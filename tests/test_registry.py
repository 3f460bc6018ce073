"""The registry: public namespaces are assembled from it; unknown names fail clearly."""

import subprocess
import sys
from pathlib import Path

import pytest

import tfcompat as tf
from tfcompat._src import registry


def test_every_registered_name_is_reachable_from_the_root_and_compat_v1():
    for name, entry in registry.entries().items():
        if entry.status == registry.UNSUPPORTED:
            continue
        for root in (tf, tf.compat.v1) if not name.startswith("compat.") else (tf,):
            obj = root
            for part in name.split("."):
                obj = getattr(obj, part)
            assert obj is entry.obj, name


# TF 1.x names the hand-written contrib inventory lacks: tfe re-exported backprop.make_vjp, and
# tf.contrib.data (TF 1.15's contrib/data/__init__.py) is not in it at all.
NAMES_MISSING_FROM_INVENTORY = {"contrib.eager.make_vjp"} | {f"contrib.data.{name}" for name in (
    "AUTOTUNE", "Dataset", "Iterator", "batch_and_drop_remainder", "enumerate_dataset", "get_single_element",
    "ignore_errors", "map_and_batch", "padded_batch_and_drop_remainder", "parallel_interleave", "shuffle_and_repeat",
    "unbatch", "FixedLengthRecordDataset", "TextLineDataset", "TFRecordDataset", "TFRecordWriter",
    "CsvDataset", "make_csv_dataset")}
# tf.contrib.cudnn_rnn (the inventory lists no contrib.cudnn_rnn names)
NAMES_MISSING_FROM_INVENTORY |= {f"contrib.cudnn_rnn.{name}" for name in (
    "CudnnLSTM", "CudnnGRU", "CUDNN_RNN_UNIDIRECTION", "CUDNN_RNN_BIDIRECTION", "CUDNN_INPUT_LINEAR_MODE",
    "CUDNN_INPUT_SKIP_MODE", "CUDNN_INPUT_AUTO_MODE")}
# tf.contrib.rnn's aliases of the tf.nn.rnn_cell cells and static RNN loops (TF 1.15 contrib, not in the inventory).
NAMES_MISSING_FROM_INVENTORY |= {f"contrib.rnn.{name}" for name in (
    "RNNCell", "BasicRNNCell", "BasicLSTMCell", "LSTMCell", "GRUCell", "MultiRNNCell", "DropoutWrapper",
    "ResidualWrapper", "DeviceWrapper", "LSTMStateTuple", "static_rnn", "static_bidirectional_rnn")}
# tf.contrib.checkpoint (TF 1.15's contrib/checkpoint/__init__.py) is not in it either.
NAMES_MISSING_FROM_INVENTORY |= {f"contrib.checkpoint.{name}" for name in (
    "Checkpointable", "List", "Mapping", "NoDependency", "UniqueNameTracker")}
# tf.contrib.signal (TF 1.15's contrib/signal/__init__.py), not in the inventory either.
NAMES_MISSING_FROM_INVENTORY |= {f"contrib.signal.{name}" for name in (
    "frame", "frames", "hamming_window", "hann_window", "inverse_stft", "inverse_stft_window_fn",
    "linear_to_mel_weight_matrix", "mfccs_from_log_mel_spectrograms", "overlap_and_add", "stft")}
# tf.contrib.data's names of the tf.data.experimental transformations (TF 1.15's contrib/data/__init__.py),
# and its own reduce_dataset and sliding_window_batch.
NAMES_MISSING_FROM_INVENTORY |= {f"contrib.data.{name}" for name in (
    "Counter", "Optional", "RandomDataset", "Reducer", "bucket_by_sequence_length", "choose_from_datasets",
    "copy_to_device", "get_next_as_optional", "group_by_reducer", "group_by_window", "prefetch_to_device",
    "rejection_resample", "sample_from_datasets", "scan", "unique", "reduce_dataset",
    "sliding_window_batch")}

# tf.contrib.data's sparse batching and Example dataset functions (TF 1.15's contrib/data/__init__.py).
NAMES_MISSING_FROM_INVENTORY |= {f"contrib.data.{name}" for name in (
    "dense_to_sparse_batch", "parse_example_dataset", "make_batched_features_dataset")}


def test_registered_names_exist_in_the_tf1_inventory():
    inventory = registry.tf_inventory()
    unknown = [name for name in registry.entries() if f"tf.{name}" not in inventory]
    assert sorted(unknown) == sorted(NAMES_MISSING_FROM_INVENTORY)


def test_partial_entries_explain_themselves():
    for name, entry in registry.entries().items():
        if entry.status != registry.FULL:
            assert entry.note, name


def test_missing_tf_name_says_not_supported_yet():
    with pytest.raises(AttributeError, match=r"tf.Session is not supported by tfcompat yet"):
        tf.Session
    with pytest.raises(AttributeError, match="has no attribute 'no_such_thing'"):
        tf.no_such_thing


def test_namespaces_are_modules_in_sys_modules():
    assert sys.modules["tfcompat.errors"] is tf.errors
    assert tf.errors.InvalidArgumentError.__mro__[1] is tf.errors.OpError
    assert issubclass(tf.errors.InvalidArgumentError, Exception)


def test_error_classes_carry_tf_attributes():
    error = tf.errors.InvalidArgumentError(None, None, "bad thing")
    assert error.message == "bad thing" and error.error_code == tf.errors.INVALID_ARGUMENT
    assert str(error) == "bad thing"


def test_op_error_requires_its_error_code_as_in_tf_1_15():
    error = tf.errors.OpError(None, None, "gone", tf.errors.NOT_FOUND)
    assert (error.node_def, error.op, error.message, error.error_code) == (None, None, "gone", tf.errors.NOT_FOUND)
    assert tf.OpError is tf.errors.OpError
    with pytest.raises(TypeError, match="error_code"):
        tf.errors.OpError(None, None, "gone")


# --- guards: no implementation module and no public name can bypass the registry ---------

def _python(code):
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                            cwd=Path(tf.__file__).parent.parent)
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_import_tfcompat_imports_every_implementation_module():
    """Importing a module registers its names: one that is never imported would leave them unregistered."""
    src = Path(tf.__file__).parent / "_src"
    tools = src / "tools"
    modules = [path.relative_to(src.parent).with_suffix("").parts for path in src.rglob("*.py")
               if tools not in path.parents]
    expected = sorted(".".join(("tfcompat", *parts)).removesuffix(".__init__") for parts in modules)
    imported = _python("import sys, tfcompat\n"
                       "print('\\n'.join(sorted(m for m in sys.modules if m.startswith('tfcompat._src'))))")
    assert imported.split() == expected


def test_the_tools_register_nothing():
    """tfcompat._src.tools is left out of the import walk: it must stay free of registrations."""
    output = _python("import importlib, pkgutil, tfcompat\nfrom tfcompat._src import registry, tools\n"
                     "before = registry.entries()\n"
                     "names = [m.name for m in pkgutil.walk_packages(tools.__path__, 'tfcompat._src.tools.')]\n"
                     "for name in names:\n    importlib.import_module(name)\n"
                     "print(len(names), registry.entries() == before)")
    count, unchanged = output.split()
    assert int(count) >= 3 and unchanged == "True"


# tfcompat's own public names, which are not TF names (besides its own modules: alias, cli).
TFCOMPAT_EXTRAS = {"to_torch", "from_torch", "as_torch_module", "TorchModuleLayer"}
OWN_MODULES = {"alias", "cli", "__main__"}


def test_every_public_name_comes_from_the_registry():
    entries = registry.entries()
    namespaces = {name: module for name, module in sys.modules.items() if isinstance(module, registry.Namespace)}
    for module_name, module in [("tfcompat", tf), *namespaces.items()]:
        path = module_name[len("tfcompat."):] if module_name != "tfcompat" else ""
        for attr, value in vars(module).items():
            if attr.startswith("_") or isinstance(value, registry.Namespace):
                continue
            if path == "" and (attr in TFCOMPAT_EXTRAS or attr in OWN_MODULES and value.__name__ == f"tfcompat.{attr}"):
                continue
            tf_name = f"{path}.{attr}" if path else attr
            tf1_name = tf_name.removeprefix("compat.v1.")
            assert tf1_name in entries and entries[tf1_name].obj is value, f"tf.{tf_name} bypasses the registry"
