"""tf.keras.backend as TF 1.x eager code uses it: name counters, floatx, epsilon, the learning
phase, and the small tensor helpers (int_shape, cast, variable, get_value ...).

The name counters and the learning phase are process-wide, as TF 1.x keeps them per Keras
graph (one graph under eager); ``clear_session()`` resets them.
"""

import collections
import re

import numpy as np

from ..eager.variables import Variable
from ..framework import dtypes
from ..framework.constant_op import constant as _constant
from ..framework.tensor import Tensor, convert
from ..ops import creation_ops
from ..registry import export, unsupported
from .engine.keras_tensor import KerasTensor

_FLOATX_NAMES = ("float16", "float32", "float64")


class _Session:
    """What clear_session() forgets."""

    def __init__(self):
        self.object_names = collections.Counter()  # (namespace, name) -> times used (unique_object_name)
        self.uids = collections.Counter()  # prefix -> last uid handed out (get_uid)
        self.learning_phase = None  # None: not set (inference under eager)


_session = _Session()
_config = {"floatx": "float32", "epsilon": 1e-7, "image_data_format": "channels_last"}


@export("keras.backend.clear_session")
def clear_session():
    """Forget the layer name counters and the learning phase (TF 1.x resets the Keras graph)."""
    global _session
    _session = _Session()


@export("keras.backend.get_uid")
def get_uid(prefix=""):
    """1 the first time ``prefix`` is asked for, then 2, 3 ... until clear_session()."""
    _session.uids[prefix] += 1
    return _session.uids[prefix]


@export("keras.backend.reset_uids")
def reset_uids():
    _session.uids.clear()


def unique_object_name(name, zero_based=True, avoid_names=()):
    """``name``, ``name_1`` ... (zero_based) or ``name_1``, ``name_2`` ...: TF's unique_object_name."""
    counts = _session.object_names
    while True:
        number = counts[name]
        counts[name] += 1
        if zero_based:
            proposed = f"{name}_{number}" if number else name
        else:
            proposed = f"{name}_{number + 1}"
        if proposed not in avoid_names:
            return proposed


def to_snake_case(name):
    """TF's generic_utils.to_snake_case: MNISTModel -> mnist_model, _Private -> private_private."""
    intermediate = re.sub("(.)([A-Z][a-z0-9]+)", r"\1_\2", name)
    insecure = re.sub("([a-z])([A-Z])", r"\1_\2", intermediate).lower()
    return insecure if insecure[0] != "_" else "private" + insecure


# --- configuration ---------------------------------------------------------------------------------

@export("keras.backend.backend")
def backend():
    """The name of the Keras backend: 'tensorflow', as TF's tf.keras says."""
    return "tensorflow"


@export("keras.backend.floatx")
def floatx():
    return _config["floatx"]


@export("keras.backend.set_floatx")
def set_floatx(value):
    value = str(value)
    if value not in _FLOATX_NAMES:
        raise ValueError(f"Unknown floatx type: {value}")
    _config["floatx"] = value


@export("keras.backend.epsilon")
def epsilon():
    return _config["epsilon"]


@export("keras.backend.set_epsilon")
def set_epsilon(value):
    _config["epsilon"] = value


@export("keras.backend.image_data_format")
def image_data_format():
    return _config["image_data_format"]


@export("keras.backend.set_image_data_format")
def set_image_data_format(data_format):
    if data_format not in {"channels_last", "channels_first"}:
        raise ValueError("Unknown data_format: " + str(data_format))
    _config["image_data_format"] = str(data_format)


@export("keras.backend.learning_phase")
def learning_phase():
    """The learning phase set by set_learning_phase(), else 0 (inference), as under TF 1.x eager."""
    return 0 if _session.learning_phase is None else _session.learning_phase


def learning_phase_is_set():
    return _session.learning_phase is not None


@export("keras.backend.set_learning_phase")
def set_learning_phase(value):
    if value not in {0, 1}:
        raise ValueError("Expected learning phase to be 0 or 1.")
    _session.learning_phase = value


@export("keras.backend.in_train_phase")
def in_train_phase(x, alt, training=None):
    """``x`` when training (``training``, else the learning phase), ``alt`` otherwise; callables are
    called."""
    if training is None:
        training = learning_phase()
    chosen = x if bool(training) else alt
    return chosen() if callable(chosen) else chosen


@export("keras.backend.in_test_phase")
def in_test_phase(x, alt, training=None):
    return in_train_phase(alt, x, training=training)


# --- tensors ---------------------------------------------------------------------------------------

def _shape_tuple(x):
    if isinstance(x, KerasTensor):
        return x._shape_tuple
    shape = x.shape
    return None if shape.rank is None else tuple(shape.as_list())


@export("keras.backend.int_shape")
def int_shape(x):
    """The shape as a tuple of ints and Nones (None for an unknown rank)."""
    try:
        return _shape_tuple(x)
    except (AttributeError, ValueError):
        return None


@export("keras.backend.ndim")
def ndim(x):
    shape = x.shape if hasattr(x, "shape") else convert(x).shape
    return len(shape) if not hasattr(shape, "rank") else shape.rank


def _check_tensor(x, function):
    if not isinstance(x, (Tensor, Variable, KerasTensor)):
        raise TypeError(f"tf.keras.backend.{function} expects a tensor or variable, got {type(x).__name__}: {x!r}")
    return x


def numeric(x, function):
    """``x`` converted to its torch tensor; a string or other non-numeric value is a TypeError naming
    ``tf.keras.backend.<function>``."""
    backing = convert(x)
    if type(backing) is np.ndarray:
        raise TypeError(f"tf.keras.backend.{function} expects a numeric tensor, got {x!r}")
    return backing


def _check_variable(x, function):
    if not isinstance(x, Variable):
        raise TypeError(f"tf.keras.backend.{function} expects a tf.Variable, got {type(x).__name__}: {x!r}")
    return x


@export("keras.backend.dtype")
def dtype(x):
    """The dtype's name: 'float32'."""
    return _check_tensor(x, "dtype").dtype.base_dtype.name


@export("keras.backend.shape")
def shape(x):
    return creation_ops.shape(x)


@export("keras.backend.cast")
def cast(x, dtype):
    return creation_ops.cast(x, dtype)


@export("keras.backend.is_keras_tensor")
def is_keras_tensor(x):
    if not isinstance(x, (Tensor, Variable, KerasTensor)):
        raise ValueError("Unexpectedly found an instance of type `" + str(type(x)) + "`. "
                         "Expected a symbolic tensor instance.")
    return isinstance(x, KerasTensor)


@export("keras.backend.variable")
def variable(value, dtype=None, name=None, constraint=None):
    """A variable holding ``value`` as ``dtype`` (floatx() by default)."""
    dtype = dtypes.as_dtype(floatx() if dtype is None else dtype)
    if isinstance(value, np.ndarray):
        value = value.astype(dtype.as_numpy_dtype)
    return Variable(value, dtype=dtype, name=name, constraint=constraint)


@export("keras.backend.constant")
def constant(value, dtype=None, shape=None, name=None):
    return _constant(value, dtype=floatx() if dtype is None else dtype, shape=shape)


@export("keras.backend.zeros")
def zeros(shape, dtype=None, name=None):
    return variable(creation_ops.zeros(shape, floatx() if dtype is None else dtype), dtype, name)


@export("keras.backend.ones")
def ones(shape, dtype=None, name=None):
    return variable(creation_ops.ones(shape, floatx() if dtype is None else dtype), dtype, name)


@export("keras.backend.get_value")
def get_value(x):
    """``x``'s value as a NumPy array."""
    if isinstance(x, np.ndarray):
        return x
    return _check_tensor(x, "get_value").numpy()


@export("keras.backend.eval")
def eval(x):  # noqa: A001 - TF's name
    return get_value(x)


@export("keras.backend.batch_get_value")
def batch_get_value(tensors):
    if not isinstance(tensors, (list, tuple)):
        raise TypeError(f"tf.keras.backend.batch_get_value expects a list of tensors, got {tensors!r}")
    return [get_value(x) for x in tensors]


@export("keras.backend.set_value")
def set_value(x, value):
    """Assign ``value`` (a NumPy array or number) to the variable ``x``."""
    _check_variable(x, "set_value").assign(np.asarray(value, dtype=x.dtype.as_numpy_dtype))


@export("keras.backend.batch_set_value")
def batch_set_value(tuples):
    if not isinstance(tuples, (list, tuple)) or not all(isinstance(t, (list, tuple)) and len(t) == 2 for t in tuples):
        raise TypeError(f"tf.keras.backend.batch_set_value expects a list of (variable, value) pairs, got {tuples!r}")
    for x, value in tuples:
        set_value(x, value)


@export("keras.backend.count_params")
def count_params(x):
    return np.prod(_check_tensor(x, "count_params").shape.as_list())


unsupported("keras.backend.get_session", "Eager execution has no session; tfcompat has no graph mode.")
