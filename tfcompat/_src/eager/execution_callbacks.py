"""TF 1.x's eager execution callbacks (tensorflow/python/eager/execution_callbacks.py): the inf/NaN
checks, ``seterr`` / ``errstate``, ``ExecutionCallback`` and the callback registry.

TF 1.15 ran every op through one executor call (``TFE_Py_Execute``), after which its context
called each registered post-execution callback with ``(op_type, inputs, attrs, outputs,
op_name)``.  tfcompat has no such single place: each op is a torch call behind its own TF rules
and wraps its result itself (``framework/tensor.py``'s ``wrap``, some 390 call sites, which also
wrap inputs, constants and intermediate values), and the Tensor operators build their result
inline on their fast path.  A hook there would cost nothing measurable (a truthiness test: the
small_ops benchmark could not tell it apart), but it would know neither the op type nor its
inputs, and it would fire on values TF never hands to callbacks (``tf.constant([inf])`` would
raise under ``seterr(inf_or_nan='raise')``, where TF's constant runs no op).  So
``add_execution_callback`` is declared unsupported, and ``seterr`` / ``errstate`` accept only
``'ignore'`` (TF's default, under which no callback runs).  The callbacks themselves
(``inf_callback``, ``nan_callback``, ``inf_nan_callback``) are TF's functions of an op's outputs
and work as TF's when called, e.g. on a result a program checks itself.
"""

import enum

import numpy as np

from ..framework.tensor import Tensor, convert
from ..platform import tf_logging
from ..registry import PARTIAL, export, unsupported


@export("contrib.eager.ExecutionCallback")
class ExecutionCallback(enum.Enum):
    """The actions a built-in execution callback can take."""

    IGNORE = "ignore"
    PRINT = "print"
    RAISE = "raise"
    WARN = "warn"


_DEFAULT_CALLBACK_ACTION = "raise"


class InfOrNanError(Exception):
    """An op's output holds inf or NaN values (what inf_nan_callback raises with action 'raise')."""

    def __init__(self, op_type, op_name, output_index, num_outputs, value):
        self._op_type = op_type
        self._op_name = op_name
        self._output_index = output_index
        self._num_outputs = num_outputs
        self._value = value
        self._total_count = np.size(value)
        self._inf_count = np.count_nonzero(np.isinf(value))
        self._nan_count = np.count_nonzero(np.isnan(value))
        super().__init__(self._message())

    def _message(self):
        found = (f"{self._inf_count} inf(s) and {self._nan_count} nan(s)" if self._inf_count and self._nan_count
                 else f"{self._inf_count} inf(s)" if self._inf_count else f"{self._nan_count} nan(s)")
        return (f"Output {self._output_index + 1} of {self._num_outputs} of TFE operation {self._op_type} "
                f"(name: {self._op_name}) contains {found} out of a total of {self._total_count} element(s). "
                f"Tensor value: {self._value}")

    op_type = property(lambda self: self._op_type)
    op_name = property(lambda self: self._op_name)
    output_index = property(lambda self: self._output_index)
    num_outputs = property(lambda self: self._num_outputs)
    value = property(lambda self: self._value)


def _action_name(action):
    return action.value if isinstance(action, ExecutionCallback) else action


def _numeric_values(output):
    """``output``'s values as a NumPy array when they can hold inf or NaN checks (numbers), else None."""
    backing = convert(output) if isinstance(output, Tensor) else np.asarray(output)
    values = backing if isinstance(backing, np.ndarray) else backing.detach().cpu().numpy()
    return values if values.dtype.kind in "fciu" else None


@export("contrib.eager.inf_nan_callback")
def inf_nan_callback(op_type, inputs, attrs, outputs, op_name, check_inf=True, check_nan=True,
                     action=_DEFAULT_CALLBACK_ACTION):
    """Checks each of ``outputs`` for inf (``check_inf``) and NaN (``check_nan``) values; on a find it
    prints a warning (action 'print'), logs one ('warn') or raises InfOrNanError ('raise')."""
    action = _action_name(action)
    for index, output in enumerate(outputs):
        values = _numeric_values(output)
        if values is None or values.dtype.kind in "iu":
            continue
        inf_detected = check_inf and np.any(np.isinf(values))
        nan_detected = check_nan and np.any(np.isnan(values))
        if not inf_detected and not nan_detected:
            continue
        error = InfOrNanError(op_type, op_name, index, len(outputs), values)
        if action == "print":
            print(f"Warning: {error}")
        elif action == "warn":
            tf_logging.warning(str(error))
        elif action == "raise":
            raise error
        else:
            raise ValueError(f"Invalid action for inf_nan_callback: {action}. Valid actions are: "
                             "{print | warn | raise}")


@export("contrib.eager.inf_callback")
def inf_callback(op_type, inputs, attrs, outputs, op_name, action=_DEFAULT_CALLBACK_ACTION):
    """inf_nan_callback checking for inf values only."""
    inf_nan_callback(op_type, inputs, attrs, outputs, op_name, check_inf=True, check_nan=False, action=action)


@export("contrib.eager.nan_callback")
def nan_callback(op_type, inputs, attrs, outputs, op_name, action=_DEFAULT_CALLBACK_ACTION):
    """inf_nan_callback checking for NaN values only."""
    inf_nan_callback(op_type, inputs, attrs, outputs, op_name, check_inf=False, check_nan=True, action=action)


unsupported("contrib.eager.add_execution_callback",
            "tfcompat has no single place where every op runs: each op wraps its own torch result (and wraps "
            "inputs and constants the same way), so a callback could see neither the op type nor its inputs and "
            "would fire on values TF never passes to callbacks; check results with tf.debugging.check_numerics "
            "or call inf_nan_callback on them")


@export("contrib.eager.clear_execution_callbacks")
def clear_execution_callbacks():
    """Removes every execution callback: none can be registered under tfcompat, so there is nothing to do."""


# --- seterr / errstate ---------------------------------------------------------------------------

_VALID_ACTIONS = (None, "ignore", "print", "raise", "warn")
_SETERR_NOTE = ("Only inf_or_nan='ignore' (TF's default): tfcompat runs no per-op execution callbacks (see "
                "add_execution_callback), so 'print', 'raise' and 'warn' raise NotImplementedError; use "
                "tf.debugging.check_numerics instead.")
_inf_or_nan = "ignore"


def _checked_action(inf_or_nan):
    inf_or_nan = _action_name(inf_or_nan)
    if inf_or_nan not in _VALID_ACTIONS:
        raise ValueError(f"Invalid action value for inf_or_nan: {inf_or_nan}. Valid values are: {_VALID_ACTIONS}.")
    if inf_or_nan not in (None, "ignore"):
        raise NotImplementedError(f"inf_or_nan={inf_or_nan!r} is not supported by tfcompat: it runs no per-op "
                                  "execution callbacks; check results with tf.debugging.check_numerics instead.")
    return inf_or_nan


@export("contrib.eager.seterr", status=PARTIAL, note=_SETERR_NOTE)
def seterr(inf_or_nan=None):
    """Sets how ops treat inf and NaN results; returns the previous setting as {"inf_or_nan": action}."""
    global _inf_or_nan
    previous = {"inf_or_nan": _inf_or_nan}
    inf_or_nan = _checked_action(inf_or_nan)
    if inf_or_nan is not None:
        _inf_or_nan = inf_or_nan
    return previous


@export("contrib.eager.errstate", status=PARTIAL, note=_SETERR_NOTE)
class errstate:  # noqa: N801 - TF's name
    """Context manager: ``seterr(inf_or_nan)`` inside the block, the previous setting restored after it."""

    def __init__(self, inf_or_nan=None):
        self._inf_or_nan = _checked_action(inf_or_nan)

    def __enter__(self):
        self._saved_settings = seterr(inf_or_nan=self._inf_or_nan)
        return self

    def __exit__(self, *exc_info):
        seterr(**self._saved_settings)

