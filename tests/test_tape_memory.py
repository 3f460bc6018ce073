"""10,000 GradientTape training steps keep the process's memory flat (benchmarks/memory.py)."""

import sys
from pathlib import Path

import pytest
import torch

from conftest import requires_cuda

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import memory  # noqa: E402

ITERATIONS = 10_000
# A step that leaked one of its 1000-element float32 tensors would add 36 MB over the run;
# a leaked autograd graph or tape, far more.  The allocator's own drift stays well below this.
RSS_SLACK = 8 * 2 ** 20


def check_flat(device):
    result = memory.tape_loop(ITERATIONS, device)
    warm, end = result["warm"], result["end"]
    assert end["objects"] - warm["objects"] <= 20, "Python objects accumulate across tape steps"
    assert end["rss"] - warm["rss"] < RSS_SLACK
    assert end["cuda_allocated"] == warm["cuda_allocated"]
    assert result["W"] == pytest.approx(3, abs=0.2) and result["B"] == pytest.approx(2, abs=0.2)


def test_tape_loop_memory_is_flat_on_cpu():
    check_flat(torch.device("cpu"))


@requires_cuda
def test_tape_loop_memory_is_flat_on_cuda():
    check_flat(torch.device("cuda:0"))
