"""Records the TF 1.x graph-mode checkpoint tests/test_tf_checkpoints.py reads for partitioned and string
variables, with real TensorFlow, by hand, outside CI:

    /path/to/tf-venv/bin/python tests/data/tf_checkpoints/record_tf_partitioned_checkpoints.py

A ``tf.compat.v1.train.Saver`` in graph mode saves variables made by ``tf.compat.v1.get_variable`` in
variable scopes: two partitioned by ``fixed_size_partitioner`` (along axis 0 and axis 1: their V2 bundle
entries hold ``slices`` and the slices are saved under encoded keys), a tf.string variable and an
unpartitioned one.  Writes ``out/partitioned/`` and ``expected_partitioned.json``: every variable's
dtype, full shape and values (strings as latin-1 text) as TF's checkpoint reader shows them, and
``list_variables``.  Also ``out/v1/model.ckpt``: one variable saved in TF's V1 format (one SSTable of
SavedTensorSlices), which tfcompat refuses by name.
"""

import json
import os
import shutil

import numpy as np
import tensorflow as tf

v1 = tf.compat.v1
HERE = os.path.dirname(os.path.abspath(__file__))
WORDS = [[b"alpha", b""], [b"\x00nul\xff", "\u00e9t\u00e9".encode("utf-8")]]


def sliced(full):
    """An initializer giving each partition its part of ``full``."""
    def initializer(shape, dtype=None, partition_info=None):
        offset = partition_info.var_offset if partition_info is not None else [0] * len(shape)
        return tf.constant(full[tuple(slice(start, start + size) for start, size in zip(offset, shape))])
    return initializer


def main():
    out = os.path.join(HERE, "out", "partitioned")
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    with tf.Graph().as_default():
        with v1.variable_scope("scope"):
            v1.get_variable("weights", shape=[7, 3], dtype=tf.float32,
                            initializer=sliced(np.arange(21, dtype=np.float32).reshape(7, 3) / 4),
                            partitioner=v1.fixed_size_partitioner(3))
            v1.get_variable("columns", shape=[2, 5], dtype=tf.int64,
                            initializer=sliced(np.arange(10, dtype=np.int64).reshape(2, 5) * 3 - 7),
                            partitioner=v1.fixed_size_partitioner(2, axis=1))
        with v1.variable_scope("other"):
            v1.get_variable("bias", initializer=np.array([0.5, -1.5, 2.25], np.float64))
            v1.get_variable("words", initializer=tf.constant(WORDS), dtype=tf.string)
        saver = v1.train.Saver()
        with v1.Session() as session:
            session.run(v1.global_variables_initializer())
            prefix = saver.save(session, os.path.join(out, "model.ckpt"), write_meta_graph=False)
    os.remove(os.path.join(out, "checkpoint"))  # names an absolute path of this machine
    reader = tf.train.load_checkpoint(prefix)
    tensors = {}
    for name, dtype in sorted(reader.get_variable_to_dtype_map().items()):
        value = np.asarray(reader.get_tensor(name))
        values = [item.decode("latin-1") for item in value.reshape(-1)] if dtype == tf.string else \
            value.reshape(-1).tolist()
        tensors[name] = {"dtype": dtype.name, "shape": list(value.shape), "values": values}
    expected = {"prefix": os.path.relpath(prefix, HERE), "tensors": tensors,
                "list_variables": [[name, list(shape)] for name, shape in tf.train.list_variables(prefix)]}
    record_v1_checkpoint()
    with open(os.path.join(HERE, "expected_partitioned.json"), "w") as stream:
        json.dump(expected, stream, indent=1, sort_keys=True)
        stream.write("\n")


def record_v1_checkpoint():
    from tensorflow.core.protobuf import saver_pb2

    out = os.path.join(HERE, "out", "v1")
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    with tf.Graph().as_default():
        v1.get_variable("w", initializer=[1.0, 2.0])
        saver = v1.train.Saver(write_version=saver_pb2.SaverDef.V1)
        with v1.Session() as session:
            session.run(v1.global_variables_initializer())
            saver.save(session, os.path.join(out, "model.ckpt"), write_meta_graph=False)
    os.remove(os.path.join(out, "checkpoint"))


if __name__ == "__main__":
    main()
