"""Record golden values for tf.io.serialize_sparse, serialize_many_sparse and deserialize_many_sparse
(issue 11, item 4) from REAL TensorFlow.

Run by hand in the throwaway TensorFlow virtualenv (never a dependency of tfcompat, never run
in CI), from the repository root:

    /tmp/tforacle/bin/python tests/conformance/golden/record_sparse_serialization_goldens.py

It writes tests/conformance/golden/sparse_serialization_goldens.json next to this file.  Case ids
start with ``sparseser_``.  Format and setup: record_core_goldens.py's, whose encoders this
recorder reuses.  A SparseTensor result is recorded as the tuple of its ``indices``, ``values`` and
``dense_shape`` (``sp(...)``); serialized results are recorded as the string tensors TF returns
(their bytes are TensorProtos, so equal bytes mean TF's encoding).
"""
import os
import sys
import textwrap

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import record_core_goldens as core  # noqa: E402  (sets up TF 1.x-style eager execution)

OUT = os.path.join(core.HERE, "sparse_serialization_goldens.json")
CASES = []
SETUP = textwrap.dedent("""\
    sp = lambda s: (s.indices, s.values, s.dense_shape)
    st = tf.SparseTensor(indices=[[0, 0], [0, 2], [1, 1], [2, 3]], values=[1.0, 2.0, 3.0, 4.0], dense_shape=[3, 4])
    words = tf.SparseTensor(indices=[[0, 1], [2, 0]], values=['a', 'bc'], dense_shape=[3, 2])
    em = tf.SparseTensor(indices=np.zeros([0, 2], np.int64), values=np.zeros([0], np.float32), dense_shape=[2, 3])
    st3 = tf.SparseTensor(indices=[[0, 0, 1], [0, 1, 0], [1, 0, 0], [1, 1, 2]], values=[1, -2, 3, 5],
                          dense_shape=[2, 2, 3])
    small = tf.SparseTensor(indices=[[0, 1]], values=[7.0], dense_shape=[1, 2])
    wide = tf.SparseTensor(indices=[[0, 4], [1, 0]], values=[8.0, 9.0], dense_shape=[2, 5])
    """)


def case(cid, code):
    CASES.append({"id": "sparseser_" + cid, "code": SETUP + textwrap.dedent(code).strip("\n")})


for nm, expr in [
    ("serialize_float", "tf.io.serialize_sparse(st)"),
    ("serialize_strings", "tf.serialize_sparse(words)"),
    ("serialize_empty", "tf.io.serialize_sparse(em)"),
    ("serialize_rank3", "tf.io.serialize_sparse(st3)"),
    ("serialize_value", "tf.io.serialize_sparse(tf.SparseTensorValue([[0], [2]], [1, 2], [4]))"),
    ("serialize_dense", "tf.io.serialize_sparse(tf.constant([1, 2]))"),
    ("many_rank2", "tf.io.serialize_many_sparse(st)"),
    ("many_rank3", "tf.serialize_many_sparse(st3)"),
    ("many_strings", "tf.io.serialize_many_sparse(words)"),
    ("many_empty", "tf.io.serialize_many_sparse(em)"),
    ("many_rank1", "tf.io.serialize_many_sparse(tf.SparseTensor([[0], [2]], [1, 2], [4]))"),
    ("many_dense", "tf.io.serialize_many_sparse(tf.constant([[1, 2]]))"),
    ("roundtrip_rank2", "sp(tf.io.deserialize_many_sparse(tf.io.serialize_many_sparse(st), tf.float32))"),
    ("roundtrip_rank3", "sp(tf.deserialize_many_sparse(tf.io.serialize_many_sparse(st3), tf.int32))"),
    ("roundtrip_strings", "sp(tf.io.deserialize_many_sparse(tf.io.serialize_many_sparse(words), tf.string))"),
    ("roundtrip_empty", "sp(tf.io.deserialize_many_sparse(tf.io.serialize_many_sparse(em), tf.float32))"),
    ("stack_two", "sp(tf.io.deserialize_many_sparse(tf.stack([tf.io.serialize_sparse(small), "
                  "tf.io.serialize_sparse(wide)]), tf.float32))"),
    ("stack_rank_given", "sp(tf.io.deserialize_many_sparse(tf.stack([tf.io.serialize_sparse(small), "
                         "tf.io.serialize_sparse(wide)]), tf.float32, rank=3))"),
    ("deserialize_static_shape", "tf.io.deserialize_many_sparse(tf.io.serialize_many_sparse(st3), tf.int32, "
                                 "rank=3).shape"),
    ("deserialize_wrong_dtype", "tf.io.deserialize_many_sparse(tf.io.serialize_many_sparse(st), tf.int32)"),
    ("deserialize_vector", "sp(tf.io.deserialize_many_sparse(tf.io.serialize_sparse(st), tf.float32))"),
    ("deserialize_two_columns", "tf.io.deserialize_many_sparse([['a', 'b']], tf.float32)"),
    ("deserialize_garbage", "tf.io.deserialize_many_sparse([['a', 'b', 'c']], tf.float32)"),
    ("deserialize_not_string", "tf.io.deserialize_many_sparse([[1, 2, 3]], tf.float32)"),
    ("deserialize_ranks_differ", "tf.io.deserialize_many_sparse(tf.stack([tf.io.serialize_sparse(small), "
                                 "tf.io.serialize_sparse(st3)]), tf.float32)"),
    ("deserialize_ranks_mismatch", "tf.io.deserialize_many_sparse(tf.stack([tf.io.serialize_sparse(small), "
                                   "tf.io.serialize_sparse(tf.cast(st3, tf.float32))]), tf.float32)"),
    ("deserialize_rank_arg_wrong", "tf.io.deserialize_many_sparse(tf.io.serialize_many_sparse(st), tf.float32, "
                                   "rank=5).shape"),
    ("deserialize_tf_strings", "sp(tf.io.deserialize_many_sparse(tf.constant(tf.io.serialize_many_sparse(words)"
                               ".numpy()), tf.string))"),
    ("cast_sparse", "sp(tf.cast(st3, tf.float64))"),
    ("deserialize_no_rows", "sp(tf.io.deserialize_many_sparse(tf.zeros([0, 3], tf.string), tf.float32))"),
]:
    case(nm, expr)


def main():
    core.write_goldens(OUT, CASES, core.run_case, r"sparseser_[a-z0-9_]+",
                       "tensorflow.compat.v1; disable_v2_behavior(); enable_eager_execution(); "
                       "disable_tensor_equality()", "record_sparse_serialization_goldens.py")


if __name__ == "__main__":
    main()
