"""tf.train.Example protos and their parsers beyond the goldens: TFRecord files of Examples, the
lazy protobuf import, sequence defaults."""

import subprocess
import sys

import numpy as np

import tfcompat as tf


def _example(**features):
    def feature(values):
        if not values or isinstance(values[0], bytes):
            return tf.train.Feature(bytes_list=tf.train.BytesList(value=values))
        if isinstance(values[0], float):
            return tf.train.Feature(float_list=tf.train.FloatList(value=values))
        return tf.train.Feature(int64_list=tf.train.Int64List(value=values))
    return tf.train.Example(features=tf.train.Features(
        feature={key: feature(values) for key, values in features.items()})).SerializeToString()


def test_tfrecord_of_examples_parsed_in_a_pipeline(tmp_path):
    path = str(tmp_path / "examples.tfrecord")
    with tf.python_io.TFRecordWriter(path) as writer:
        for i in range(5):
            writer.write(_example(x=[float(i), float(i) * 2], label=[i], tags=[b"t"] * i))
    spec = {"x": tf.FixedLenFeature([2], tf.float32), "label": tf.FixedLenFeature([], tf.int64)}
    # tfcompat's tf.data carries dense components only: the VarLenFeature is parsed outside the pipeline.
    batches = list(tf.data.TFRecordDataset(path).batch(2).map(lambda s: tf.parse_example(s, spec)))
    assert [b["label"].numpy().tolist() for b in batches] == [[0, 1], [2, 3], [4]]
    np.testing.assert_allclose(batches[1]["x"].numpy(), [[2.0, 4.0], [3.0, 6.0]])
    records = [record for record in tf.python_io.tf_record_iterator(path)]
    tags = tf.parse_example(records[2:4], {"tags": tf.VarLenFeature(tf.string)})["tags"]
    assert tags.dense_shape.numpy().tolist() == [2, 3]
    assert tags.indices.numpy().tolist() == [[0, 0], [0, 1], [1, 0], [1, 1], [1, 2]]
    single = [tf.parse_single_example(s, spec)["label"].numpy() for s in tf.data.TFRecordDataset(path)]
    assert single == [0, 1, 2, 3, 4]


def test_sequence_feature_padding_and_defaults():
    a, b = _example(v=[1, 2, 3]), _example(w=[5])
    spec = {"v": tf.FixedLenSequenceFeature([], tf.int64, allow_missing=True, default_value=-1)}
    assert tf.parse_example([a, b], spec)["v"].numpy().tolist() == [[1, 2, 3], [-1, -1, -1]]


def test_protobuf_is_imported_on_first_use_only():
    code = ("import sys, tfcompat as tf; assert 'google.protobuf' not in sys.modules; "
            "tf.train.Example(); assert 'google.protobuf' in sys.modules")
    subprocess.run([sys.executable, "-c", code], check=True)
