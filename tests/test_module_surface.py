"""What a TF 1.x program asks of the module: versions, clear errors for TF names tfcompat
lacks (attribute access and every import form through the alias), warnings at the user's line."""

import importlib
import importlib.metadata
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

import tfcompat
import tfcompat.alias as alias
from tfcompat._src import registry
from tfcompat._src.framework import context
from tfcompat._src.util import user_warnings

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture
def tensorflow():
    """``import tensorflow`` through the alias, as a TF program runs under ``tfcompat run``."""
    if alias.real_tensorflow_spec() is not None:
        pytest.skip("a real TensorFlow is importable here")
    alias.install()
    yield importlib.import_module("tensorflow")
    alias.uninstall()


def run(source):
    namespace = {}
    exec(source, namespace)  # statements as a TF program writes them
    return namespace


# --- versions --------------------------------------------------------------------------

def test_tf_version_is_the_emulated_tf_1_15(tensorflow):
    tf = tensorflow
    assert tf.__version__ == tf.VERSION == tf.version.VERSION == "1.15.0"
    assert tf.compat.v1.VERSION == tf.compat.v1.version.VERSION == "1.15.0"
    # what programs do with it
    assert tf.__version__.startswith("1.")
    assert tuple(int(part) for part in tf.VERSION.split(".")[:2]) >= (1, 5)
    # TF 1.15.0's documented tf.version values
    assert tf.GIT_VERSION == tf.version.GIT_VERSION == "v1.15.0-rc3-22-g590d6ee"
    assert tf.COMPILER_VERSION == tf.version.COMPILER_VERSION == "7.3.1 20180303"
    assert (tf.GRAPH_DEF_VERSION, tf.GRAPH_DEF_VERSION_MIN_CONSUMER, tf.GRAPH_DEF_VERSION_MIN_PRODUCER) == (134, 0, 0)
    assert tf.version.GRAPH_DEF_VERSION == 134


def test_tfcompat_own_version_stays_reachable():
    own = tfcompat.__tfcompat_version__
    assert own != tfcompat.__version__
    assert importlib.metadata.version("tfcompat") == own
    result = subprocess.run([sys.executable, "-m", "tfcompat", "--version"], capture_output=True, text=True,
                            timeout=120, cwd=REPO)
    assert result.returncode == 0
    assert result.stdout.strip() == f"tfcompat {own} (TensorFlow 1.15.0 API)"


# --- TF 1.x names tfcompat lacks -------------------------------------------------------

def yet(tf_name):
    return f"^{tf_name.replace('.', '[.]')} is not supported by tfcompat yet$"


@pytest.mark.parametrize("expression, missing", [
    ("tf.Session", "tf.Session"),
    ("tf.contrib.learn", "tf.contrib.learn"),
    ("tf.contrib.layers", "tf.contrib.layers"),
    ("tf.contrib.seq2seq", "tf.contrib.seq2seq"),
    ("tf.contrib.slim", "tf.contrib.slim"),
    ("tf.contrib.tpu", "tf.contrib.tpu"),
    ("tf.contrib.opt", "tf.contrib.opt"),
    ("tf.keras.layers.ConvLSTM2D", "tf.keras.layers.ConvLSTM2D"),
    ("tf.keras.applications", "tf.keras.applications"),
    ("tf.nn.static_state_saving_rnn", "tf.nn.static_state_saving_rnn"),
    ("tf.saved_model.loader", "tf.saved_model"),
    ("tf.compat.v1.Session", "tf.compat.v1.Session"),
    ("tf.compat.v1.contrib.layers", "tf.compat.v1.contrib.layers"),
    ("tf.compat.v1.saved_model", "tf.compat.v1.saved_model"),
    ("tf.compat.v2", "tf.compat.v2"),
])
def test_attribute_access_names_the_missing_tf_name(tensorflow, expression, missing):
    with pytest.raises(AttributeError, match=yet(missing)):
        eval(expression, {"tf": tensorflow})


@pytest.mark.parametrize("statement, missing", [
    ("import tensorflow.contrib.learn", "tf.contrib.learn"),
    ("import tensorflow.contrib.layers as layers", "tf.contrib.layers"),
    ("import tensorflow.contrib.slim as slim", "tf.contrib.slim"),
    ("from tensorflow.contrib import layers", "tf.contrib.layers"),
    ("from tensorflow.contrib import seq2seq", "tf.contrib.seq2seq"),
    ("from tensorflow.contrib.opt import AdamWOptimizer", "tf.contrib.opt"),
    ("from tensorflow.contrib import learn", "tf.contrib.learn"),
    ("from tensorflow.contrib import tpu", "tf.contrib.tpu"),
    ("from tensorflow.contrib.learn import Estimator", "tf.contrib.learn"),
    ("from tensorflow import Session", "tf.Session"),
    ("from tensorflow import saved_model", "tf.saved_model"),
    ("from tensorflow.keras.layers import ConvLSTM2D", "tf.keras.layers.ConvLSTM2D"),
    ("from tensorflow.keras import applications", "tf.keras.applications"),
    ("import tensorflow.keras.applications", "tf.keras.applications"),
    ("from tensorflow.compat.v1 import Session", "tf.compat.v1.Session"),
    ("import tensorflow.compat.v1.saved_model", "tf.compat.v1.saved_model"),
    ("import tensorflow.compat.v2 as tf", "tf.compat.v2"),
])
def test_imports_through_the_alias_name_the_missing_tf_name(tensorflow, statement, missing):
    with pytest.raises(ModuleNotFoundError, match=yet(missing)):
        run(statement)


def test_compat_v1_module_gives_the_same_errors(tensorflow):
    tf = run("import tensorflow.compat.v1 as tf")["tf"]
    assert tf is tensorflow.compat.v1
    with pytest.raises(AttributeError, match=yet("tf.compat.v1.Session")):
        tf.Session
    with pytest.raises(AttributeError, match=yet("tf.compat.v1.contrib.learn")):
        tf.contrib.learn


def _tf1_namespaces():
    """Every TF 1.x namespace: those of the inventory and TF 1.x's tf.contrib modules."""
    modules = {path[len("tf."):] for path, kind in registry.tf_inventory().items() if kind == "module"}
    contrib = {f"contrib.{name}" for name in registry.TF1_CONTRIB_MODULES}
    return sorted(modules | registry._inventory_namespaces() | contrib)


def _first_missing(tf_path):
    """The first prefix of ``tf.<tf_path>`` that tfcompat does not provide, or None."""
    obj, parts = tfcompat, tf_path.split(".")
    for end, part in enumerate(parts, 1):
        obj = vars(obj).get(part)
        if obj is None:
            return "tf." + ".".join(parts[:end])
    return None


@pytest.mark.parametrize("tf_path", _tf1_namespaces())
def test_every_tf1_namespace_is_served_or_named_as_missing(tensorflow, tf_path):
    missing = _first_missing(tf_path)
    parent, _, leaf = tf_path.rpartition(".")
    importer = f"from tensorflow.{parent} import {leaf}" if parent else f"from tensorflow import {leaf}"
    if missing is None:  # a tfcompat namespace, or a module tfcompat serves as one (tf.test.mock)
        served = eval(f"tf.{tf_path}", {"tf": tensorflow})
        assert importlib.import_module(f"tensorflow.{tf_path}") is served
        assert run(importer)[leaf] is served
        return
    with pytest.raises(AttributeError, match=yet(missing)):
        eval(f"tf.{tf_path}", {"tf": tensorflow})
    with pytest.raises(ModuleNotFoundError, match=yet(missing)):
        importlib.import_module(f"tensorflow.{tf_path}")
    with pytest.raises(ModuleNotFoundError, match=yet(missing)):
        run(importer)


def test_unsupported_names_give_their_reason(tensorflow, monkeypatch):
    entries = dict(registry._ENTRIES)
    entries["Session"] = registry.Entry("Session", None, registry.UNSUPPORTED, "graph mode is not emulated")
    monkeypatch.setattr(registry, "_ENTRIES", entries)
    message = "^tf[.]Session is not supported by tfcompat: graph mode is not emulated$"
    with pytest.raises(AttributeError, match=message):
        tensorflow.Session
    with pytest.raises(ModuleNotFoundError, match=message):
        run("from tensorflow import Session")
    with pytest.raises(AttributeError, match=message.replace("tf[.]", "tf[.]compat[.]v1[.]")):
        tensorflow.compat.v1.Session


def test_names_that_are_not_tf_keep_pythons_messages(tensorflow):
    with pytest.raises(AttributeError, match="^module 'tensorflow' has no attribute 'no_such_thing'$"):
        tensorflow.no_such_thing
    with pytest.raises(AttributeError, match="^module 'tensorflow.nn' has no attribute 'no_such_op'$"):
        tensorflow.nn.no_such_op
    with pytest.raises(ModuleNotFoundError, match="^No module named 'tensorflow.contrib.no_such_module'$"):
        run("import tensorflow.contrib.no_such_module")
    with pytest.raises(ImportError, match="cannot import name 'no_such_thing'"):
        run("from tensorflow import no_such_thing")
    # a supported TF name that is not a module is not importable as one, as in TF
    with pytest.raises(ModuleNotFoundError, match="^No module named 'tensorflow.nn.relu'$"):
        run("import tensorflow.nn.relu")
    # hasattr() probes see a plain AttributeError
    assert not hasattr(tensorflow.contrib, "layers") and hasattr(tensorflow.contrib, "eager")


def test_tfcompat_modules_stay_importable_while_the_alias_is_installed(tensorflow):
    assert run("from tfcompat import alias, cli")["cli"] is sys.modules["tfcompat.cli"]
    assert run("from tensorflow.contrib import eager")["eager"] is tensorflow.contrib.eager


# --- warnings point at the user's line -----------------------------------------------

def test_missing_gpu_warning_points_at_the_users_line(monkeypatch):
    monkeypatch.setattr(context, "_warned_missing_gpu", False)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with tfcompat.device("/device:GPU:64"):  # the user's line
            line = sys._getframe().f_lineno - 1
    [warning] = [w for w in caught if "no such GPU" in str(w.message)]
    assert warning.category is RuntimeWarning
    assert (warning.filename, warning.lineno) == (__file__, line)


def test_warn_skips_every_tfcompat_frame():
    # the helper itself called from a tfcompat module, through contextlib, from user code
    namespace = {"__name__": "tfcompat._src.ops.some_module", "warn": user_warnings.warn}
    exec("import contextlib\n"
         "@contextlib.contextmanager\n"
         "def scope():\n"
         "    warn('from inside tfcompat', RuntimeWarning)\n"
         "    yield\n", namespace)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with namespace["scope"]():  # the user's line
            line = sys._getframe().f_lineno - 1
    [warning] = caught
    assert (warning.filename, warning.lineno, str(warning.message)) == (__file__, line, "from inside tfcompat")


def test_every_warning_tfcompat_gives_goes_through_the_helper():
    """A bare warnings.warn in tfcompat would point at tfcompat's own line (or contextlib's)."""
    package = REPO / "tfcompat"
    helper = package / "_src" / "util" / "user_warnings.py"
    offenders = [f"{path.relative_to(REPO)}:{number}" for path in sorted(package.rglob("*.py")) if path != helper
                 for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                 if "warnings.warn(" in line]
    assert offenders == []
