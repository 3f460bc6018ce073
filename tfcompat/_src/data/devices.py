"""copy_to_device and prefetch_to_device: the pipeline hands out its elements on another device."""

import torch

from ..framework import context
from ..registry import export
from . import structure
from .dataset_ops import AUTOTUNE, Dataset
from .structure import Failed


class CopyToDeviceDataset(Dataset):
    """The input's elements with their tensors moved to ``device`` (a torch device)."""

    def __init__(self, dataset, device):
        self._input, self._device = dataset, device

    def _compute_spec(self):
        return self._input._spec

    def _move(self, leaf):
        return leaf.to(self._device) if type(leaf) is torch.Tensor and leaf.device != self._device else leaf

    def _elements(self):
        for element in self._input._elements():
            yield element if type(element) is Failed else structure.map_structure(self._move, element)


@export("data.experimental.copy_to_device", "contrib.data.copy_to_device")
def copy_to_device(target_device, source_device="/cpu:0"):
    """A transformation that moves the elements' tensors to ``target_device`` (iterate it under
    ``tf.device(target_device)`` to keep them there, as in TF)."""
    device = context.parse_device(target_device)
    context.parse_device(source_device)
    if device is None:
        raise ValueError(f"`target_device` must name a device, got {target_device!r}")
    return lambda dataset: CopyToDeviceDataset(dataset, device)


@export("data.experimental.prefetch_to_device", "contrib.data.prefetch_to_device")
def prefetch_to_device(device, buffer_size=None):
    """copy_to_device(device) then prefetch(buffer_size): a background thread moves elements ahead."""
    copy = copy_to_device(device)
    return lambda dataset: copy(dataset).prefetch(AUTOTUNE if buffer_size is None else buffer_size)
