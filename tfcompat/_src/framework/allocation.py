"""The size check every allocation from a requested shape passes before torch allocates.

A shape past 2**63 - 1 elements is TF's InvalidArgumentError; a tensor larger than its
device's memory is TF's ResourceExhaustedError ("OOM when allocating tensor ..."), raised
before torch tries (torch would fail with its own storage/numel/allocator errors, or, for
sizes the system overcommits, start filling memory it does not have).
"""

import math
import os

import torch

from . import context, dtypes
from .errors import ResourceExhaustedError, invalid_argument
from .tensor_shape import shape_text

_INT64_MAX = 2 ** 63 - 1


def check_size(dims, op, dtype=None, device=None):
    """``dims`` if a tensor of that shape (of torch ``dtype``, 1-byte items if None) can exist on
    ``device``: TF's InvalidArgumentError past 2**63 - 1 elements, its ResourceExhaustedError (OOM)
    past the device's memory, raised before torch tries to allocate."""
    count = math.prod(dims)
    if count > _INT64_MAX:
        raise invalid_argument(f"Shape {shape_text(dims)} would have more than 2**63 - 1 elements", op)
    if count * (1 if dtype is None else dtype.itemsize) > memory_bytes(device):
        raise out_of_memory(dims, dtype, device, op)
    return dims


_memory = {}  # torch device -> bytes


def memory_bytes(device=None):
    """The memory of ``device`` (the current one if None): physical RAM for the CPU, the card's
    memory for CUDA; read once per device.  Larger tensors cannot exist there."""
    device = device or context.current_device()
    size = _memory.get(device)
    if size is None:
        if device.type == "cuda":
            size = torch.cuda.get_device_properties(device).total_memory
        else:
            size = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
        _memory[device] = size
    return size


def out_of_memory(dims, dtype, device, op):
    """TF's ResourceExhaustedError for a tensor too large to allocate."""
    device = device or context.current_device()
    kind = "" if dtype is None else f" and type {dtypes.kernel_name(dtypes.as_dtype(dtype))}"
    allocator = f"GPU_{device.index or 0}_bfc" if device.type == "cuda" else "cpu"
    return ResourceExhaustedError(None, None, f"OOM when allocating tensor with shape{shape_text(dims)}{kind} on "
                                              f"{context.device_name(device)} by allocator {allocator} [Op:{op}]")
