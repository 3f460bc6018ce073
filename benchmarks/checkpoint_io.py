"""What a checkpoint costs: tf.train.Checkpoint save / restore against raw safetensors on the same tensors.

    python benchmarks/checkpoint_io.py [--params 4000000] [--rounds 5]

The model is a Keras MLP with about ``--params`` float32 parameters and an Adam optimizer after one
step (so three tensors per weight: the weight and its two slots).  The ways compared, each on a
fresh directory per round (median time over the rounds):

* ``safetensors.save_file`` / ``load_file``: the raw floor, the same tensors, no validation;
* ``Checkpoint.save``: object graph, CRC32C, safetensors' own writer, fsync'ed atomic rename, state file;
* ``Checkpoint.restore``: whole-file read, checksum, dtype/shape checks, assignment of every variable.
"""

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make `tfcompat` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np
from safetensors.torch import load_file, save_file

import tfcompat as tf
from tfcompat._src.checkpoint import graph
from tfcompat._src.eager.variables import read_storage


def _model(params):
    width = int((params / 3) ** 0.5)
    model = tf.keras.Sequential([tf.keras.layers.Dense(width, input_shape=(width,)),
                                 tf.keras.layers.Dense(width), tf.keras.layers.Dense(width)])
    optimizer = tf.train.AdamOptimizer(0.001)
    x = tf.constant(np.ones((2, width), np.float32))
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(model(x))
    optimizer.apply_gradients(zip(tape.gradient(loss, model.trainable_variables), model.trainable_variables))
    return tf.train.Checkpoint(model=model, optimizer=optimizer)


def _median(function, rounds):
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--params", type=int, default=4_000_000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    checkpoint = _model(args.params)
    tensors = {key: read_storage(v).contiguous() for key, v in graph.ObjectGraph(checkpoint).variables.items()}
    megabytes = sum(t.numel() * t.element_size() for t in tensors.values()) / 2 ** 20
    with tempfile.TemporaryDirectory() as directory:
        raw_path = f"{directory}/raw.safetensors"
        rows = [("safetensors.save_file", _median(lambda: save_file(tensors, raw_path), args.rounds)),
                ("Checkpoint.save", _median(lambda: checkpoint.save(f"{directory}/ckpt"), args.rounds)),
                ("safetensors.load_file", _median(lambda: load_file(raw_path), args.rounds))]
        path = checkpoint.save(f"{directory}/ckpt")
        rows.append(("Checkpoint.restore", _median(lambda: checkpoint.restore(path), args.rounds)))
    print(f"{len(tensors)} tensors, {megabytes:.1f} MiB; median of {args.rounds} rounds")
    for name, seconds in rows:
        print(f"{name:24s} {seconds * 1000:8.1f} ms  {megabytes / seconds:8.1f} MiB/s")


if __name__ == "__main__":
    main()
