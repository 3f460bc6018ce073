"""Bad input to any public op raises TF's error classes, never a raw torch/Python internals error.

Every registered function is called with a batch of awkward arguments (wrong
dtypes, strings, ragged lists, scalars, empty tensors, None), then with hostile
values (huge, negative, float, inf, nan, out-of-range ints, tensors where strings
belong) in each of its parameters.  Whatever it raises must be what TF raises for
bad input — a tf.errors.OpError, TypeError, ValueError or NotImplementedError —
with a message that does not come from torch.  ``leak`` is the one judge, shared
with the hypothesis test (tests/test_hostile_hypothesis.py).
"""

import inspect
import itertools
import re
import warnings

import numpy as np
import pytest

import tfcompat as tf
from tfcompat._src import registry

TF_ERRORS = (tf.errors.OpError, TypeError, ValueError, NotImplementedError)
TORCH_TEXT = re.compile(r"torch|\baten\b|Expected all tensors|argument 'input'|c10::|\(position \d")
# TF itself raises RuntimeError from these under eager execution.
EAGER_RUNTIME_ERRORS = {"placeholder", "parallel_stack", "gradients", "hessians",
                        "test.compute_gradient", "test.compute_gradient_error",
                        "summary.merge", "summary.merge_all", "contrib.summary.summary_writer_initializer_op",
                        "keras.backend.gradients"}
EAGER_RUNTIME_ERROR_NAMESPACES = ("metrics.",)  # tf.metrics: graph-only streaming metrics
# These call ``ref.<name>(...)`` as TF does: a non-variable ``ref`` is an AttributeError, in TF as here.
VARIABLE_METHOD_CALLS = {"assign", "assign_add", "assign_sub", "scatter_update", "scatter_add", "scatter_sub",
                         "scatter_mul", "scatter_div", "scatter_min", "scatter_max", "scatter_nd_update",
                         "scatter_nd_add", "scatter_nd_sub"}
# These index a Python list of Dimensions, in TF as here: an out-of-range index is an IndexError.
PYTHON_INDEXING = {"compat.dimension_at_index", "dimension_at_index"}
# TF 1.15 raises AttributeError itself here (convert_image_dtype: "dtype must be either floating point or integer").
TF_ATTRIBUTE_ERRORS = {"image.convert_image_dtype"}
# Other Python errors TF 1.15 raises itself: load_model's IOError for a path that is neither an HDF5 file nor a
# SavedModel, model_from_yaml's ImportError without PyYAML (keras/saving/).
TF_OTHER_ERRORS = {"keras.models.load_model": OSError, "keras.models.model_from_yaml": ImportError}
SKIPPED = {"device", "set_random_seed", "random.set_random_seed", "enable_eager_execution",
           "contrib.eager.enable_eager_execution",
           # These run the program (parse sys.argv, call main, exit the process).
           "app.run", "contrib.eager.run", "test.main",
           # network downloads into ~/.keras and Keras's own bare Exception: tests/test_keras_datasets.py
           "keras.utils.get_file", "keras.datasets.mnist.load_data", "keras.datasets.fashion_mnist.load_data",
           "keras.datasets.boston_housing.load_data",
           "keras.datasets.cifar10.load_data", "keras.datasets.cifar100.load_data", "keras.datasets.imdb.load_data",
           "keras.datasets.imdb.get_word_index", "keras.datasets.reuters.load_data",
           "keras.datasets.reuters.get_word_index",
           # A one-way process-wide switch (TF 1.15's set_keras_style cannot be undone): calling it here would
           # turn every later tf.layers layer and tfe.Network of the run into a plain Keras layer.
           "layers.experimental.set_keras_style"}
# absl-py's own flag functions, as TF 1.x re-exported them: they raise absl's flags.Error, as under TF 1.x,
# and would define flags on the process's FLAGS (tests/test_platform.py checks them).
SKIPPED_NAMESPACES = ("flags.", "app.flags.")


@pytest.fixture(autouse=True)
def _in_a_scratch_directory(tmp_path):
    """Functions that create or remove what their arguments name (tf.gfile given "SAME", the checkpoint
    state file of update_checkpoint_state("SAME", ...), a summary writer's logdir) do it here, not in
    the repository; each test has its own directory, so what one function wrote (tf.io.write_file("SAME",
    ...) writes a file) is not in another's way."""
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(tmp_path)
        yield


@pytest.fixture(autouse=True)
def _keras_backend_settings_restored():
    """The sweep calls keras.backend.set_epsilon / set_floatx / set_learning_phase with awkward values
    (TF's set_epsilon takes anything): put the process-wide settings back for the tests that follow."""
    from tfcompat._src.keras import backend
    config, learning_phase = dict(backend._config), backend._session.learning_phase
    yield
    backend._config.update(config)
    backend._session.learning_phase = learning_phase


def _samples():
    return [tf.constant([[1.0, 2.0], [3.0, 4.0]]), tf.constant([1, 2, 3]), tf.constant(["a", "b"]),
            tf.constant([True, False]), tf.constant(2.5), [[1, 2], [3]], -1, 0.5, "SAME", None,
            tf.constant(np.zeros((1, 4, 4, 3), np.float32)), tf.constant([5, -1]), tf.zeros([0, 3])]


def _public_functions():
    seen, names = set(), []
    for name, entry in sorted(registry.entries().items()):
        obj = entry.obj
        if (callable(obj) and not isinstance(obj, type) and id(obj) not in seen and name not in SKIPPED
                and not name.startswith(SKIPPED_NAMESPACES)):
            seen.add(id(obj))
            names.append(name)
    return names


def _argument_lists(samples):
    for count in (1, 2):
        yield from itertools.product(samples, repeat=count)
    for index, args in enumerate(itertools.product(samples, repeat=3)):
        if index % 7 == 0:
            yield args


def leak(name, function, args, kwargs=None):
    """What ``function(*args, **kwargs)`` leaked that TF would not raise, or None."""
    try:
        function(*args, **(kwargs or {}))
    except TF_ERRORS as error:
        if TORCH_TEXT.search(str(error)):
            return f"{type(error).__name__}: {error}"
    except RuntimeError as error:
        if name not in EAGER_RUNTIME_ERRORS and not name.startswith(EAGER_RUNTIME_ERROR_NAMESPACES):
            return f"RuntimeError: {error}"
    except AttributeError as error:
        if name not in VARIABLE_METHOD_CALLS and name not in TF_ATTRIBUTE_ERRORS:
            return f"AttributeError: {error}"
    except IndexError as error:
        if name not in PYTHON_INDEXING:
            return f"IndexError: {error}"
    except Exception as error:  # noqa: BLE001 - anything else is a leak
        if not isinstance(error, TF_OTHER_ERRORS.get(name, ())):
            return f"{type(error).__name__}: {error}"
    return None


@pytest.mark.parametrize("name", _public_functions())
def test_bad_input_raises_tf_errors(name):
    function = registry.entries()[name].obj
    leaks = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for args in _argument_lists(_samples()):
            found = leak(name, function, args)
            if found:
                leaks.append(found)
    assert not leaks, f"tf.{name}: {len(leaks)} leaks, e.g. {leaks[0][:300]}"


def hostile_values():
    """One value of each hostile class: huge, past int64, negative, float, inf, nan, NumPy narrow
    ints, wrong types (a string tensor where a string or int belongs, bytes, None, empty lists)."""
    return [2 ** 40, 2 ** 64, -(2 ** 63) - 1, -3, 1.5, float("inf"), float("nan"), np.uint8(3), True,
            "NCHW", b"x", None, [], [2 ** 40, 2 ** 40], [2 ** 64], [-1, 2], [1.5, 2], [float("inf")],
            tf.constant("NHWC"), tf.constant([2.5]), tf.constant(2 ** 40, tf.int64)]


def parameter_names(function):
    try:
        return [p.name for p in inspect.signature(function).parameters.values()
                if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
    except (TypeError, ValueError):
        return []


@pytest.mark.parametrize("name", _public_functions())
def test_hostile_argument_in_each_parameter_raises_tf_errors(name):
    """Each hostile value in each parameter, the others a small float tensor where required."""
    function = registry.entries()[name].obj
    names = parameter_names(function)[:6]
    benign = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    leaks = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for index, parameter in enumerate(names):
            for value in hostile_values():
                args = [benign] * index + [value]
                found = leak(name, function, args)
                if found is None and index:
                    found = leak(name, function, [benign], {parameter: value})
                if found:
                    leaks.append(f"{parameter}={value!r}: {found}")
    assert not leaks, f"tf.{name}: {len(leaks)} leaks, e.g. {leaks[0][:300]}"
