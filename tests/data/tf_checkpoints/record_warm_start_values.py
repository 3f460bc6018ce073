"""Prints the values tests/ported/test_warm_starting_util_test.py's
test_warm_start_vocab_sizes_oov_buckets_backup_initializer_and_renamed_variable expects, from real
TensorFlow's tf.compat.v1.train.warm_start in graph mode; run by hand, outside CI:

    /path/to/tf-venv/bin/python tests/data/tf_checkpoints/record_warm_start_values.py
"""

import os
import tempfile

import numpy as np
import tensorflow as tf

v1 = tf.compat.v1


def main():
    directory = tempfile.mkdtemp()

    def vocab(words, name):
        path = os.path.join(directory, name)
        with open(path, "w") as stream:
            stream.write("\n".join(words) + "\n")
        return path

    old = vocab(["apple", "banana", "guava", "orange"], "old")
    new = vocab(["orange", "kiwi", "apple", "banana"], "new")
    with tf.Graph().as_default():
        v1.get_variable("fruit_weights", initializer=[[0.5, 0.1], [1.0, 1.1], [1.5, 1.6], [2.0, 2.1]])
        v1.get_variable("bias", initializer=[3.0, 4.0])
        with v1.Session() as session:
            session.run(v1.global_variables_initializer())
            v1.train.Saver().save(session, os.path.join(directory, "model"))
    with tf.Graph().as_default():
        fruit = v1.get_variable("fruit_weights", initializer=np.zeros((6, 2), np.float32))
        bias = v1.get_variable("new_bias", initializer=[0.0, 0.0])
        def backup(shape, dtype=None, partition_info=None):
            return tf.fill(shape, -7.0)
        info = v1.train.VocabInfo(new, 3, 3, old, old_vocab_size=3, backup_initializer=backup)
        v1.train.warm_start(directory, ".*", {"fruit_weights": info}, {"new_bias": "bias"})
        with v1.Session() as session:
            session.run(v1.global_variables_initializer())
            print("fruit_weights", session.run(fruit).tolist())
            print("new_bias", session.run(bias).tolist())


if __name__ == "__main__":
    main()
