"""tf.test's functions: main, get_temp_dir, mock, compute_gradient(_error) and the build queries.

``tf.test.TestCase`` is in test_util.py; the helpers both need (the per-process
temp dir, device-name canonicalization, proto comparison) live here.
"""

import atexit
import os
import shutil
import sys
import tempfile
import types
import unittest.mock

import numpy as np
import torch

from ..eager.tape import GradientTape
from ..framework.tensor import Tensor, convert_to_tensor
from ..registry import PARTIAL, export, export_constant, unsupported
from . import app

export_constant("test.mock", unittest.mock)

_temp_dir = None


@export("test.get_temp_dir")
def temp_dir():
    """This process's temporary directory for tests, removed at exit (``$TEST_TMPDIR`` is its prefix if set)."""
    global _temp_dir
    if _temp_dir is None:
        prefix = os.environ.get("TEST_TMPDIR")
        if not prefix:
            program = os.path.basename(getattr(sys.modules.get("__main__"), "__file__", None) or "test")
            prefix = os.path.join(tempfile.gettempdir(), program.removesuffix(".py"))
        _temp_dir = tempfile.mkdtemp(prefix=prefix)
        atexit.register(shutil.rmtree, _temp_dir, ignore_errors=True)
    return _temp_dir


@export("test.main")
def main(argv=None):
    """Run the tests of the ``__main__`` module with absltest, as TF 1.x did, and exit with the result."""
    from absl.testing import absltest

    def run_tests(argv):
        absltest.main(argv=argv)

    return app.run(main=run_tests, argv=sys.argv if argv is None else argv)


@export("test.is_built_with_rocm")
def is_built_with_rocm():
    return torch.version.hip is not None


@export("test.is_built_with_gpu_support")
def is_built_with_gpu_support():
    return torch.version.cuda is not None or torch.version.hip is not None


@export("test.is_built_with_xla")
def is_built_with_xla():
    return False


unsupported("test.assert_equal_graph_def", "tfcompat builds no graphs (GraphDefs) to compare.")
unsupported("test.create_local_cluster", "tfcompat has no distributed TF runtime (servers, clusters).")
unsupported("test.Benchmark", "TF's benchmark harness (report_benchmark, run_op_benchmark on Sessions) is not "
                              "provided; time code with the benchmarks/ of the project or timeit.")
unsupported("test.benchmark_config", "it returns a Session ConfigProto; tfcompat has no Sessions.")
unsupported("test.test_src_dir_path", "it points into a TensorFlow source tree, which tfcompat does not have.")


def _keep_staticmethod(owner, name, value):
    """``value`` as it must be set back on ``owner``: a staticmethod stays one."""
    return staticmethod(value) if isinstance(owner.__dict__.get(name), staticmethod) else value


@export("test.StubOutForTesting")
class StubOutForTesting:
    """Replace attributes of modules, classes or objects for a test, and put the originals back.

    ``Set`` replaces the attribute on the object given; ``SmartSet`` replaces it on the object when it is a
    module or holds the attribute itself, on its class otherwise.  ``CleanUp`` (also on leaving a ``with``
    block) undoes both, newest first.
    """

    def __init__(self):
        self.cache = []  # (parent, original, name) of Set()
        self.stubs = []  # (owner, name, original) of SmartSet()

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        self.CleanUp()

    def CleanUp(self):
        self.SmartUnsetAll()
        self.UnsetAll()

    def Set(self, parent, child_name, new_child):
        original = _keep_staticmethod(parent, child_name, getattr(parent, child_name))
        self.cache.append((parent, original, child_name))
        setattr(parent, child_name, new_child)

    def UnsetAll(self):
        for parent, original, child_name in reversed(self.cache):
            setattr(parent, child_name, original)
        self.cache = []

    def SmartSet(self, obj, attr_name, new_attr):
        if isinstance(obj, types.ModuleType) or (not isinstance(obj, type) and attr_name in vars(obj)):
            owner = obj
        else:
            owner = obj if isinstance(obj, type) else type(obj)
            if not hasattr(obj, attr_name):
                raise AttributeError("Attribute not found.")
        original = _keep_staticmethod(owner, attr_name, getattr(obj, attr_name))
        self.stubs.append((owner, attr_name, original))
        setattr(owner, attr_name, new_attr)

    def SmartUnsetAll(self):
        for owner, attr_name, original in reversed(self.stubs):
            setattr(owner, attr_name, original)
        self.stubs = []

# -- gradient checking --------------------------------------------------------------------------

_GRAPH_FORM = ("tf.gradients is not supported when eager execution is enabled. Use tf.GradientTape instead.")
_GRADIENT_NOTE = ("Under eager only TF 2's form works: compute_gradient(f, xs, delta) with f a function of the "
                  "tensors xs, real dtypes; TF 1.15's graph form (x, x_shape, y, y_shape) raises RuntimeError, as "
                  "tf.gradients does under eager.")


def _theoretical_jacobian(f, xs, index, y_shape, y_size, np_dtype):
    """d y / d xs[index] by the tape, one row per element of y: shape (y_size, x_size)."""
    x = xs[index]
    jacobian = np.zeros((y_size, int(np.prod(x.shape.as_list()))), dtype=np_dtype)
    with GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = convert_to_tensor(f(*xs))
    for row in range(y_size):
        seed = np.zeros(y_size, dtype=y.dtype.as_numpy_dtype)
        seed[row] = 1
        gradient = tape.gradient(y, x, output_gradients=convert_to_tensor(seed.reshape(y_shape)))
        if gradient is not None:
            jacobian[row, :] = convert_to_tensor(gradient).numpy().ravel()
    return jacobian


def _numerical_jacobian(f, xs, index, y_size, np_dtype, delta):
    """d y / d xs[index] by central differences with step ``delta``: shape (y_size, x_size)."""
    x = xs[index].numpy()
    jacobian = np.zeros((y_size, x.size), dtype=np_dtype)
    for column in range(x.size):
        values = []
        for step in (delta, -delta):
            shifted = x.copy()
            shifted.flat[column] += step
            arguments = list(xs)
            arguments[index] = convert_to_tensor(shifted)
            values.append(convert_to_tensor(f(*arguments)).numpy().astype(np_dtype))
        jacobian[:, column] = ((values[0] - values[1]) / np_dtype.type(2 * delta)).ravel()
    return jacobian


def _jacobians(f, xs, delta):
    if not isinstance(xs, (list, tuple)):
        raise ValueError("`x` must be a list or tuple of tensors (or numpy arrays).")
    xs = [convert_to_tensor(x) for x in xs]
    for x in xs:
        if not x.dtype.is_floating:
            raise ValueError(f"compute_gradient: the arguments must be floating-point tensors, got {x.dtype.name}")
    y = convert_to_tensor(f(*xs))
    y_shape, y_size = y.shape.as_list(), int(np.prod(y.shape.as_list()))
    theoretical, numerical = [], []
    for index, x in enumerate(xs):
        np_dtype = np.dtype(x.dtype.as_numpy_dtype)
        theoretical.append(_theoretical_jacobian(f, xs, index, y_shape, y_size, np_dtype))
        numerical.append(_numerical_jacobian(f, xs, index, y_size, np_dtype, delta))
    return theoretical, numerical


@export("test.compute_gradient", status=PARTIAL, note=_GRADIENT_NOTE)
def compute_gradient(x, x_shape=None, y=None, y_shape=None, x_init_value=None, delta=1e-3,
                     init_targets=None, extra_feed_dict=None):
    """(theoretical, numerical): lists of Jacobians of ``f`` = ``x`` for each tensor in ``x_shape``, y_size x x_size."""
    if not callable(x):
        raise RuntimeError(_GRAPH_FORM)
    f, xs = x, x_shape
    return _jacobians(f, xs, delta if y is None else y)


@export("test.compute_gradient_error", status=PARTIAL, note=_GRADIENT_NOTE)
def compute_gradient_error(x, x_shape=None, y=None, y_shape=None, x_init_value=None, delta=1e-3,
                           init_targets=None, extra_feed_dict=None):
    """The largest difference between the theoretical and the numerical Jacobians of ``compute_gradient``."""
    theoretical, numerical = compute_gradient(x, x_shape, y, y_shape, x_init_value, delta)
    error = 0
    for jacobian_t, jacobian_n in zip(theoretical, numerical):
        if jacobian_t.size or jacobian_n.size:
            error = np.maximum(error, np.fabs(jacobian_t - jacobian_n).max())
    return error


# -- helpers of tf.test.TestCase --------------------------------------------------------------------

def is_tensor(value):
    return isinstance(value, Tensor)


_DEVICE_TYPES = frozenset({"CPU", "GPU", "TPU", "XLA_CPU", "XLA_GPU"})


def canonical_device_name(device):
    """TF's canonical form of a device string: "/cpu:0" -> "/device:CPU:0", jobs and tasks kept in order."""
    if device is None:
        return ""
    if not isinstance(device, str):
        device = device.to_string()
    parts = {"job": None, "replica": None, "task": None}
    device_type = device_index = None
    for piece in device.split("/"):
        fields = piece.split(":")
        if len(fields) == 2 and fields[0] in parts:
            parts[fields[0]] = fields[1]
        elif len(fields) in (1, 2) and fields[0].upper() in _DEVICE_TYPES:
            if device_type is not None:
                raise ValueError(f"Cannot specify multiple device types: {device}")
            device_type = fields[0].upper()
            device_index = fields[1] if len(fields) == 2 and fields[1] != "*" else None
        elif len(fields) == 3 and fields[0] == "device":
            if device_type is not None:
                raise ValueError(f"Cannot specify multiple device types: {device}")
            device_type = fields[1]
            device_index = fields[2] if fields[2] != "*" else None
        elif fields[0]:
            raise ValueError(f"Unknown attribute: '{fields[0]}' in '{device}'")
    name = "".join(f"/{key}:{value}" for key, value in parts.items() if value is not None)
    if device_type is not None:
        name += f"/device:{device_type}:{'*' if device_index is None else int(device_index)}"
    return name


def assert_proto_equals(testcase, expected, message, msg=None):
    """``message`` equals ``expected`` (a message of its type, or that message in protobuf text format)."""
    try:
        from google.protobuf import text_format
    except ImportError:
        raise ImportError("assertProtoEquals needs the protobuf package: pip install protobuf") from None
    if isinstance(expected, type(message)):
        expected_message = expected
    elif isinstance(expected, str):
        expected_message = type(message)()
        text_format.Merge(expected, expected_message)
    else:
        raise AssertionError(f"Can't compare protos of type {type(expected)} and {type(message)}. {msg or ''}")
    if expected_message != message:
        testcase.assertMultiLineEqual(text_format.MessageToString(expected_message),
                                      text_format.MessageToString(message), msg)
