"""The process tests/test_checkpoint_safety.py kills: it imports tfcompat once, then for each line
``<directory>`` read from stdin forks a child that saves checkpoints into ``<directory>`` in a loop
(resuming from its latest one; every variable holds the checkpoint's number) and prints the
child's pid.  The test SIGKILLs the child at a random moment, often in the middle of a save."""

import os
import sys

import numpy as np

import tfcompat as tf


def save_forever(directory):
    variables = [tf.Variable(np.zeros(shape, np.float32)) for shape in ((256, 1024), (1024,), (64, 64, 16))]
    step = tf.Variable(0, dtype=tf.int64)
    checkpoint = tf.train.Checkpoint(step=step, weights=tf.contrib.checkpoint.List(variables))
    manager = tf.train.CheckpointManager(checkpoint, directory, max_to_keep=2)
    checkpoint.restore(manager.latest_checkpoint)  # resume, as a training job restarted after a crash does
    while True:
        number = int(checkpoint.save_counter.numpy()) + 1
        step.assign(number)
        for variable in variables:
            variable.assign(tf.fill(variable.shape, float(number)))
        manager.save()


def main():
    for line in sys.stdin:
        pid = os.fork()
        if pid == 0:
            sys.stdin.close()
            try:
                save_forever(line.strip())
            finally:
                os._exit(1)
        print(pid, flush=True)
        os.waitpid(pid, 0)
        print("reaped", flush=True)


if __name__ == "__main__":
    main()
