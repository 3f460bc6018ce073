"""Ports of TF 1.15's tensorflow/python/kernel_tests/parsing_ops_test.py (ParseExampleTest,
ParseSingleExampleTest, ParseSequenceExampleTest), eager: session runs are the outputs' values.
Error texts are TF 1.15's kernels' ("Feature: c (data type: float) is required ...")."""

import numpy as np
import pytest

import tfcompat as tf

example = tf.train.Example
feature = tf.train.Feature


def features(d):
    return tf.train.Features(feature=d)


def bytes_feature(v):
    return feature(bytes_list=tf.train.BytesList(value=v))


def int64_feature(v):
    return feature(int64_list=tf.train.Int64List(value=v))


def float_feature(v):
    return feature(float_list=tf.train.FloatList(value=v))


def _compare(out, expected):
    assert set(out) == set(expected)
    for key, value in out.items():
        want = expected[key]
        if isinstance(value, tf.SparseTensor):
            got = (value.indices.numpy(), value.values.numpy(), value.dense_shape.numpy())
            for g, w in zip(got, want):
                assert np.asarray(g).tolist() == np.asarray(w).tolist(), key
        else:
            assert np.asarray(value.numpy()).tolist() == np.asarray(want).tolist(), key


def _test(kwargs, expected_values=None, expected_err=None, parse=tf.parse_example):
    if expected_err:
        with pytest.raises(expected_err[0], match=expected_err[1]):
            parse(**kwargs)
        return
    out = parse(**kwargs)
    _compare(out, expected_values)
    serialized = kwargs["serialized"]
    batch = () if parse is tf.parse_single_example else (np.asarray(
        serialized.numpy() if isinstance(serialized, tf.Tensor) else serialized).size,)
    for key, spec in kwargs["features"].items():
        if isinstance(spec, tf.FixedLenFeature):
            assert tuple(out[key].get_shape().as_list()) == batch + tuple(spec.shape)


def test_ParseExampleTest_testEmptySerializedWithAllDefaults():
    a_default = [0, 42, 0]
    b_default = np.random.rand(3, 3).astype(bytes)
    c_default = np.random.rand(2).astype(np.float32)
    expected = {"st_a": (np.empty((0, 2), dtype=np.int64), np.empty((0,), dtype=np.int64), [2, 0]),
                "a": np.array(2 * [[a_default]]), "b": np.array(2 * [b_default]), "c": np.array(2 * [c_default])}
    _test({"example_names": np.empty((0,), dtype=bytes), "serialized": tf.convert_to_tensor(["", ""]),
           "features": {"st_a": tf.VarLenFeature(tf.int64),
                        "a": tf.FixedLenFeature((1, 3), tf.int64, default_value=a_default),
                        "b": tf.FixedLenFeature((3, 3), tf.string, default_value=b_default),
                        "c": tf.FixedLenFeature((2,), tf.float32, default_value=c_default)}}, expected)


def test_ParseExampleTest_testEmptySerializedWithoutDefaultsShouldFail():
    _test({"example_names": ["in1", "in2"], "serialized": ["", ""],
           "features": {"st_a": tf.VarLenFeature(tf.int64),
                        "a": tf.FixedLenFeature((1, 3), tf.int64, default_value=[0, 42, 0]),
                        "b": tf.FixedLenFeature((3, 3), tf.string, default_value=np.random.rand(3, 3).astype(bytes)),
                        "c": tf.FixedLenFeature((2,), dtype=tf.float32)}},
          expected_err=(tf.OpError, r"Name: in1, Feature: c \(data type: float\) is required"))


def test_ParseExampleTest_testDenseNotMatchingShapeShouldFail():
    original = [example(features=features({"a": float_feature([1, 1, 3])})),
                example(features=features({"a": float_feature([-1, -1])}))]
    _test({"example_names": ["passing", "failing"],
           "serialized": tf.convert_to_tensor([m.SerializeToString() for m in original]),
           "features": {"a": tf.FixedLenFeature((1, 3), tf.float32)}},
          expected_err=(tf.OpError, "Name: failing, Key: a, Index: 1.  Number of float val"))


def test_ParseExampleTest_testDenseDefaultNoShapeShouldFail():
    original = [example(features=features({"a": float_feature([1, 1, 3])}))]
    _test({"example_names": ["failing"],
           "serialized": tf.convert_to_tensor([m.SerializeToString() for m in original]),
           "features": {"a": tf.FixedLenFeature(None, tf.float32)}},
          expected_err=(ValueError, "Missing shape for feature a"))


def test_ParseExampleTest_testSerializedContainingSparse():
    original = [example(features=features({"st_c": float_feature([3, 4])})),
                example(features=features({"st_c": float_feature([])})),
                example(features=features({"st_d": feature()})),
                example(features=features({"st_c": float_feature([1, 2, -1]), "st_d": bytes_feature([b"hi"])}))]
    expected = {"st_c": ([[0, 0], [0, 1], [3, 0], [3, 1], [3, 2]], np.array([3.0, 4.0, 1.0, 2.0, -1.0], np.float32),
                         [4, 3]),
                "st_d": ([[3, 0]], [b"hi"], [4, 1])}
    _test({"serialized": tf.convert_to_tensor([m.SerializeToString() for m in original]),
           "features": {"st_c": tf.VarLenFeature(tf.float32), "st_d": tf.VarLenFeature(tf.string)}}, expected)


def test_ParseExampleTest_testSerializedContainingDense():
    bname = "b*has+a:tricky_name"
    original = [example(features=features({"a": float_feature([1, 1]), bname: bytes_feature([b"b0_str"])})),
                example(features=features({"a": float_feature([-1, -1]), bname: bytes_feature([b"b1"])}))]
    expected = {"a": np.array([[1, 1], [-1, -1]], dtype=np.float32).reshape(2, 1, 2, 1),
                bname: np.array([b"b0_str", b"b1"], dtype=object).reshape(2, 1, 1, 1, 1)}
    _test({"serialized": tf.convert_to_tensor([m.SerializeToString() for m in original]),
           "features": {"a": tf.FixedLenFeature((1, 2, 1), dtype=tf.float32),
                        bname: tf.FixedLenFeature((1, 1, 1, 1), dtype=tf.string)}}, expected)


def test_ParseExampleTest_testSerializedContainingDenseScalar():
    original = [example(features=features({"a": float_feature([1])})), example(features=features({}))]
    _test({"serialized": tf.convert_to_tensor([m.SerializeToString() for m in original]),
           "features": {"a": tf.FixedLenFeature((1,), dtype=tf.float32, default_value=-1)}},
          {"a": np.array([[1], [-1]], dtype=np.float32)})


def test_ParseExampleTest_testSerializedContainingDenseWithDefaults():
    original = [example(features=features({"a": float_feature([1, 1])})),
                example(features=features({"b": bytes_feature([b"b1"])}))]
    expected = {"a": np.array([[1, 1], [3, -3]], dtype=np.float32).reshape(2, 1, 2, 1),
                "b": np.array([b"tmp_str", b"b1"], dtype=object).reshape(2, 1, 1, 1, 1)}
    _test({"serialized": tf.convert_to_tensor([m.SerializeToString() for m in original]),
           "features": {"a": tf.FixedLenFeature((1, 2, 1), dtype=tf.float32, default_value=[3.0, -3.0]),
                        "b": tf.FixedLenFeature((1, 1, 1, 1), dtype=tf.string, default_value="tmp_str")}},
          expected)


def test_ParseExampleTest_testSerializedContainingSparseAndDenseWithNoDefault():
    original = [example(features=features({"c": float_feature([3, 4])})),
                example(features=features({"c": float_feature([1, 2])}))]
    a_default = [1, 2, 3]
    b_default = np.random.rand(3, 3).astype(bytes)
    expected = {"st_a": (np.empty((0, 2), dtype=np.int64), np.empty((0,), dtype=np.int64), [2, 0]),
                "a": np.array(2 * [[a_default]]), "b": np.array(2 * [b_default]),
                "c": np.array([[3, 4], [1, 2]], dtype=np.float32)}
    _test({"example_names": ["in1", "in2"],
           "serialized": tf.convert_to_tensor([m.SerializeToString() for m in original]),
           "features": {"st_a": tf.VarLenFeature(tf.int64),
                        "a": tf.FixedLenFeature((1, 3), tf.int64, default_value=a_default),
                        "b": tf.FixedLenFeature((3, 3), tf.string, default_value=b_default),
                        "c": tf.FixedLenFeature((2,), tf.float32)}}, expected)


def test_ParseSingleExampleTest_testSingleExampleWithSparseAndDense():
    original = example(features=features({"c": float_feature([3, 4]), "st_a": float_feature([3.0, 4.0])}))
    a_default = [1, 2, 3]
    b_default = np.random.rand(3, 3).astype(bytes)
    expected = {"st_a": ([[0], [1]], np.array([3.0, 4.0], np.float32), [2]), "a": [a_default], "b": b_default,
                "c": np.array([3, 4], dtype=np.float32)}
    _test({"example_names": tf.convert_to_tensor("in1"), "serialized": tf.convert_to_tensor(original.SerializeToString()),
           "features": {"st_a": tf.VarLenFeature(tf.float32),
                        "a": tf.FixedLenFeature((1, 3), tf.int64, default_value=a_default),
                        "b": tf.FixedLenFeature((3, 3), tf.string, default_value=b_default),
                        "c": tf.FixedLenFeature((2,), tf.float32)}}, expected, parse=tf.parse_single_example)


def test_ParseSequenceExampleTest_testCreateSequenceExample():
    value = tf.train.SequenceExample(
        context=features({"global_feature": float_feature([1, 2, 3])}),
        feature_lists=tf.train.FeatureLists(feature_list={
            "repeated_feature_2_frames": tf.train.FeatureList(feature=[
                bytes_feature([b"a", b"b", b"c"]), bytes_feature([b"a", b"d", b"e"])]),
            "repeated_feature_3_frames": tf.train.FeatureList(feature=[
                int64_feature([3, 4, 5, 6, 7]), int64_feature([-1, 0, 0, 0, 0]), int64_feature([1, 2, 3, 4, 5])])}))
    assert tf.train.SequenceExample.FromString(value.SerializeToString()) == value


# --- TF 1.15 parsing_ops_test.py: ParseTensorOpTest (wt/image) ---

def test_ParseTensorOpTest_testToFloat32():
    expected = np.random.rand(3, 4, 5).astype(np.float32)
    serialized = tf.make_tensor_proto(expected).SerializeToString()
    np.testing.assert_array_equal(tf.io.parse_tensor(serialized, tf.float32).numpy(), expected)


def test_ParseTensorOpTest_testToUint8():
    expected = (np.random.rand(3, 4, 5) * 255).astype(np.uint8)
    serialized = tf.make_tensor_proto(expected).SerializeToString()
    np.testing.assert_array_equal(tf.io.parse_tensor(serialized, tf.uint8).numpy(), expected)


def test_ParseTensorOpTest_testTypeMismatch():
    serialized = tf.make_tensor_proto(np.random.rand(3, 4, 5).astype(np.uint8)).SerializeToString()
    with pytest.raises(tf.errors.OpError, match=r"Type mismatch between parsed tensor \(uint8\) and dtype \(uint16\)"):
        tf.io.parse_tensor(serialized, tf.uint16)


def test_ParseTensorOpTest_testInvalidInput():
    with pytest.raises(tf.errors.OpError, match="Could not parse `serialized` as TensorProto: 'bogus'"):
        tf.io.parse_tensor("bogus", tf.uint16)
    with pytest.raises(tf.errors.OpError, match=r"Expected `serialized` to be a scalar, got shape: \[1\]"):
        tf.io.parse_tensor(["bogus"], tf.uint16)
