"""The tf.contrib.eager names about the eager context: devices, async execution, error modes,
execution modes and the remote-execution names tfcompat does not provide (seterr and the execution
callbacks are in execution_callbacks.py)."""

import contextlib

import torch

from ..framework import context
from ..registry import PARTIAL, export, export_constant, unsupported

# TF 1.x's device placement policies (enable_eager_execution's device_policy) and execution modes.
for _name, _value in (("DEVICE_PLACEMENT_EXPLICIT", 0), ("DEVICE_PLACEMENT_WARN", 1), ("DEVICE_PLACEMENT_SILENT", 2),
                      ("DEVICE_PLACEMENT_SILENT_FOR_INT32", 3), ("SYNC", 0), ("ASYNC", 1)):
    export_constant(f"contrib.eager.{_name}", _value)
SYNC, ASYNC = 0, 1
_MODE_NOTE = ("The mode is recorded and changes nothing: torch decides, running CPU ops synchronously "
              "and queueing CUDA kernels asynchronously in either mode (async_wait waits for them).")
_execution_mode = SYNC


@export("contrib.eager.list_devices")
def list_devices():
    """The TF names of the devices ops can run on: the CPU, then each GPU."""
    devices = [torch.device("cpu")] + [torch.device("cuda", index) for index in range(torch.cuda.device_count())]
    return [context.device_name(device) for device in devices]


@export("contrib.eager.async_wait")
def async_wait():
    """Waits until every op dispatched so far has finished: torch queues GPU kernels asynchronously,
    and an error of one surfaces here."""
    if torch.cuda.is_available() and torch.cuda.is_initialized():
        for index in range(torch.cuda.device_count()):
            torch.cuda.synchronize(index)


@export("contrib.eager.async_clear_error")
def async_clear_error():
    """Nothing to clear: a failed GPU kernel raises at the next synchronization, not later."""


def _checked_mode(mode):
    if mode not in (None, SYNC, ASYNC):
        raise ValueError(f"Execution mode should be None/SYNC/ASYNC. Got {mode}")
    return mode


@export("contrib.eager.set_execution_mode", status=PARTIAL, note=_MODE_NOTE)
def set_execution_mode(mode):
    """Sets the execution mode, SYNC or ASYNC (None: SYNC, the default)."""
    global _execution_mode
    _execution_mode = SYNC if _checked_mode(mode) is None else mode


@export("contrib.eager.execution_mode", status=PARTIAL, note=_MODE_NOTE)
@contextlib.contextmanager
def execution_mode(mode):
    """Context manager: the execution mode ``mode`` inside the block (None keeps the current one)."""
    global _execution_mode
    previous = _execution_mode
    if _checked_mode(mode) is not None:
        _execution_mode = mode
    try:
        yield
    finally:
        _execution_mode = previous


@export("contrib.eager.get_optimizer_variables")
def get_optimizer_variables(optimizer):
    """The variables ``optimizer`` created (its slots and accumulators)."""
    variables = getattr(optimizer, "variables", None)
    if not callable(variables):
        raise TypeError(f"get_optimizer_variables expects a tf.train optimizer, got {optimizer!r}")
    return variables()


_NO_REMOTE = ("tfcompat runs on the local machine's torch devices only; remote eager execution (a TF cluster "
              "server and its gRPC protocol) has no torch counterpart.")
unsupported("contrib.eager.set_server_def", _NO_REMOTE)
unsupported("contrib.eager.enable_remote_eager_execution", _NO_REMOTE)
unsupported("contrib.eager.connect_to_remote_host", _NO_REMOTE)
