"""Execution mode and device placement (tf.device, enable_eager_execution)."""

import contextlib
import re
import threading

import torch

from ..registry import export, PARTIAL
from ..util.user_warnings import warn

_CPU = torch.device("cpu")


class _ThreadState(threading.local):
    # ``scope`` is the torch device named by the innermost tf.device(), or None;
    # ``scope_index`` is its torch.Tensor.get_device() value (-1 for the CPU), or None.
    scope = None
    scope_index = None
    # The recorders of the GradientTapes recording on this thread, outermost first, and
    # ``tape_epoch``, which changes with what a variable read records: eager/recording.py.
    tapes = ()
    tape_epoch = None
    name_scope = ""  # tf.name_scope's current prefix, "" or "outer/inner/"


state = _ThreadState()
_warned_missing_gpu = False


def default_device():
    """Where tensors live when no tf.device() scope says otherwise: GPU:0 when present, like TF."""
    return _DEFAULT


def current_device():
    return state.scope or _DEFAULT


def _detect_default():
    return torch.device("cuda:0") if torch.cuda.is_available() else _CPU


_DEFAULT = _detect_default()

_SPEC_PART = re.compile(r"^(?:device:)?(cpu|gpu|xla_cpu|xla_gpu)(?::(\d+|\*))?$", re.IGNORECASE)


def parse_device(spec):
    """Map a TF device string to a torch device (None for the empty spec)."""
    if spec is None or spec == "":
        return None
    if not isinstance(spec, str):
        raise TypeError(f"Device spec must be a string, got {type(spec).__name__}")
    kind = index = None
    for part in spec.strip("/").split("/"):
        if part.startswith(("job:", "replica:", "task:")) or not part:
            continue
        match = _SPEC_PART.match(part)
        if match is None:
            raise ValueError(f"Unknown attribute: '{part}' in '{spec}'")
        kind = match.group(1).lower().replace("xla_", "")
        index = match.group(2)
    if kind is None:
        return None
    if kind == "cpu":
        return _CPU
    gpu_index = 0 if index in (None, "*") else int(index)
    if gpu_index >= torch.cuda.device_count():
        _warn_missing_gpu(spec)
        return _CPU
    return torch.device("cuda", gpu_index)


def _warn_missing_gpu(spec):
    global _warned_missing_gpu
    if not _warned_missing_gpu:
        _warned_missing_gpu = True
        warn(f"tf.device({spec!r}): no such GPU is available, running on the CPU instead", RuntimeWarning)


def device_name(device):
    """The TF name of a torch device: /job:localhost/replica:0/task:0/device:CPU:0."""
    if device.type == "cuda":
        return f"/job:localhost/replica:0/task:0/device:GPU:{device.index or 0}"
    return "/job:localhost/replica:0/task:0/device:CPU:0"


@export("device", status=PARTIAL,
        note="Creation ops and ops under the scope run on the named device; "
             "device functions (graph mode) are not supported.")
@contextlib.contextmanager
def device(device_name_or_function):
    if callable(device_name_or_function):
        raise RuntimeError("tf.device does not support functions when eager execution is enabled.")
    new_scope = parse_device(device_name_or_function)
    previous = state.scope, state.scope_index
    state.scope = new_scope
    state.scope_index = None if new_scope is None else (-1 if new_scope.type == "cpu" else new_scope.index)
    try:
        yield
    finally:
        state.scope, state.scope_index = previous


@export("name_scope", status=PARTIAL,
        note="Eager semantics: names are not uniquified, and only Variable names use the scope.")
@contextlib.contextmanager
def name_scope(name, default_name=None, values=None):
    """Prefix the names of variables created inside with ``name/``; yields the prefix."""
    name = default_name if name is None else name
    previous = state.name_scope
    if not name:
        scope = ""
    elif name.endswith("/"):
        scope = name
    else:
        scope = f"{previous}{name}/"
    state.name_scope = scope
    try:
        yield scope
    finally:
        state.name_scope = previous


@export("enable_eager_execution", "contrib.eager.enable_eager_execution")
def enable_eager_execution(config=None, device_policy=None, execution_mode=None):
    """tfcompat always executes eagerly; kept so TF 1.x programs run unchanged."""


@export("executing_eagerly", "contrib.eager.executing_eagerly", status=PARTIAL,
        note="Always True: tfcompat runs every op eagerly (no graph mode yet).")
def executing_eagerly():
    return True


@export("contrib.eager.in_eager_mode")
def in_eager_mode():
    return True


@export("contrib.eager.num_gpus")
def num_gpus():
    return torch.cuda.device_count()


@export("test.is_gpu_available")
def is_gpu_available(cuda_only=False, min_cuda_compute_capability=None):
    if not torch.cuda.is_available():
        return False
    if min_cuda_compute_capability is None:
        return True
    return any(torch.cuda.get_device_capability(i) >= tuple(min_cuda_compute_capability)
               for i in range(torch.cuda.device_count()))


@export("test.is_built_with_cuda")
def is_built_with_cuda():
    return torch.version.cuda is not None


@export("test.gpu_device_name")
def gpu_device_name():
    return "/device:GPU:0" if torch.cuda.is_available() else ""


@export("placeholder", status=PARTIAL, note="Graph mode is not implemented yet; under eager it raises as TF does.")
def placeholder(dtype, shape=None, name=None):
    raise RuntimeError("tf.placeholder() is not compatible with eager execution.")
