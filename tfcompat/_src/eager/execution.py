"""The tf.contrib.eager names about the eager context: devices, async execution, error modes,
and the remote-execution names tfcompat does not provide."""

import torch

from ..framework import context
from ..registry import PARTIAL, export, unsupported

_INF_OR_NAN_ACTIONS = ("ignore", "print", "raise", "warn")
_inf_or_nan = "ignore"


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


@export("contrib.eager.seterr", status=PARTIAL,
        note="Only inf_or_nan='ignore' (TF's default): tfcompat runs no per-op execution callbacks, so 'print', "
             "'raise' and 'warn' raise NotImplementedError; use tf.debugging.check_numerics instead.")
def seterr(inf_or_nan=None):
    """Sets how ops treat inf and NaN results; returns the previous setting as {"inf_or_nan": action}."""
    global _inf_or_nan
    previous = {"inf_or_nan": _inf_or_nan}
    if inf_or_nan is None:
        return previous
    if inf_or_nan not in _INF_OR_NAN_ACTIONS:
        raise ValueError(f"Invalid action value for inf_or_nan: {inf_or_nan}. Valid values are: "
                         f"{_INF_OR_NAN_ACTIONS}.")
    if inf_or_nan != "ignore":
        raise NotImplementedError(f"tf.contrib.eager.seterr(inf_or_nan={inf_or_nan!r}) is not supported by "
                                  "tfcompat: it runs no per-op execution callbacks; check results with "
                                  "tf.debugging.check_numerics instead.")
    _inf_or_nan = inf_or_nan
    return previous


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
