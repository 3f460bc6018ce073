"""Memory of a long GradientTape training loop: it must stay flat.

    python benchmarks/memory.py [--iterations N] [--device cpu|cuda]

Runs the seed guide's linear-regression step (GradientTape, tape.gradient,
Variable.assign_sub) ``N`` times and reports the process's resident memory,
the number of live Python objects and, on CUDA, torch's allocated bytes, after
a warm-up tenth of the run and at its end.  A tape or variable that kept
references to old steps would show up as steady growth in all three.
"""

import argparse
import ctypes
import gc
import resource
import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make `tfcompat` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np
import torch

import tfcompat as tf


def resident_bytes():
    """The process's current resident set size (Linux /proc; peak RSS elsewhere)."""
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * resource.getpagesize()
    except OSError:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def _release_free_heap():
    """Hand freed heap pages back to the OS (glibc's malloc_trim), so the resident size counts live memory,
    not what the allocator keeps after a long process (a test suite) fragmented its heap; elsewhere a no-op."""
    try:
        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):
        pass


def snapshot(device):
    gc.collect()
    _release_free_heap()
    cuda = torch.cuda.memory_allocated(device) if device.type == "cuda" else 0
    return {"rss": resident_bytes(), "objects": len(gc.get_objects()), "cuda_allocated": cuda}


def tape_loop(iterations, device):
    """{"warm": snapshot, "end": snapshot} around ``iterations`` linear-regression tape steps."""
    rng = np.random.default_rng(0)
    inputs = rng.standard_normal(1000).astype(np.float32)
    outputs = inputs * 3 + 2 + rng.standard_normal(1000).astype(np.float32)
    with tf.device("/gpu:0" if device.type == "cuda" else "/cpu:0"):
        training_inputs, training_outputs = tf.constant(inputs), tf.constant(outputs)
        W, B = tf.Variable(5.), tf.Variable(10.)

        def step():
            with tf.GradientTape() as tape:
                loss = tf.reduce_mean(tf.square(training_inputs * W + B - training_outputs))
            dW, dB = tape.gradient(loss, [W, B])
            W.assign_sub(dW * 0.01)
            B.assign_sub(dB * 0.01)

        warmup = max(iterations // 10, 1)
        for _ in range(warmup):
            step()
        warm = snapshot(device)
        for _ in range(iterations - warmup):
            step()
        end = snapshot(device)
    return {"warm": warm, "end": end, "W": float(W.numpy()), "B": float(B.numpy())}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=10_000)
    parser.add_argument("--device", choices=("cpu", "cuda"), default="cpu")
    args = parser.parse_args(argv)
    result = tape_loop(args.iterations, torch.device(args.device))
    warm, end = result["warm"], result["end"]
    print(f"{args.iterations} tape steps on {args.device}: W={result['W']:.3f} B={result['B']:.3f}")
    for key in ("rss", "objects", "cuda_allocated"):
        print(f"  {key:15s} after warm-up {warm[key]:>12,}  at end {end[key]:>12,}  "
              f"growth {end[key] - warm[key]:>+10,}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
