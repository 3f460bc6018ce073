"""Ports of TF's tensorflow/python/kernel_tests/parse_single_example_op_test.py (ParseExampleTest, which
runs tf.parse_single_example), eager: the tf.SparseFeature cases.  The VarLen/FixedLen cases are ported in
test_parsing_ops_test.py; as TF's ``_test`` does, each case also runs with ``example_names`` given."""

import numpy as np

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


def empty_sparse(dtype, shape=None):
    shape = [0] if shape is None else shape
    return (np.empty(shape=(0, len(shape)), dtype=np.int64), np.array([], dtype=dtype),
            np.array(shape, dtype=np.int64))


def _test(kwargs, expected_values):
    out = tf.parse_single_example(**kwargs)
    out_with_example_name = tf.parse_single_example(example_names="name", **kwargs)
    for result in (out, out_with_example_name):
        assert set(result) == set(expected_values)
        for key, value in result.items():
            expected = expected_values[key]
            if isinstance(value, tf.SparseTensor):
                assert len(expected) == 3
                for got, want in zip((value.indices, value.values, value.dense_shape), expected):
                    np.testing.assert_array_equal(got.numpy(), want)
            else:
                np.testing.assert_array_equal(value.numpy(), expected)
    for key, spec in kwargs["features"].items():
        if isinstance(spec, tf.FixedLenFeature) and spec.shape is not None:
            assert tuple(out[key].get_shape().as_list()) == tuple(spec.shape)


def test_ParseExampleTest_testSerializedContainingSparseFeature():
    original = [
        example(features=features({"val": float_feature([3, 4]), "idx": int64_feature([5, 10])})),
        example(features=features({"val": float_feature([]), "idx": int64_feature([])})),
        example(features=features({"val": feature()})),
        example(features=features({"val": float_feature([1, 2, -1]), "idx": int64_feature([0, 9, 3])})),
    ]
    expected_outputs = [
        {"sp": (np.array([[5], [10]], dtype=np.int64), np.array([3.0, 4.0], dtype=np.float32),
                np.array([13], dtype=np.int64))},
        {"sp": empty_sparse(np.float32, shape=[13])},
        {"sp": empty_sparse(np.float32, shape=[13])},
        {"sp": (np.array([[0], [3], [9]], dtype=np.int64), np.array([1.0, -1.0, 2.0], dtype=np.float32),
                np.array([13], dtype=np.int64))},
    ]
    for proto, expected_output in zip(original, expected_outputs):
        _test({"serialized": tf.convert_to_tensor(proto.SerializeToString()),
               "features": {"sp": tf.SparseFeature(["idx"], "val", tf.float32, [13])}}, expected_output)


def test_ParseExampleTest_testSerializedContainingSparseFeatureReuse():
    original = [
        example(features=features({"val1": float_feature([3, 4]), "val2": float_feature([5, 6]),
                                   "idx": int64_feature([5, 10])})),
        example(features=features({"val1": float_feature([]), "idx": int64_feature([])})),
    ]
    expected_outputs = [
        {"sp1": (np.array([[5], [10]], dtype=np.int64), np.array([3.0, 4.0], dtype=np.float32),
                 np.array([13], dtype=np.int64)),
         "sp2": (np.array([[5], [10]], dtype=np.int64), np.array([5.0, 6.0], dtype=np.float32),
                 np.array([7], dtype=np.int64))},
        {"sp1": empty_sparse(np.float32, shape=[13]), "sp2": empty_sparse(np.float32, shape=[7])},
    ]
    for proto, expected_output in zip(original, expected_outputs):
        _test({"serialized": tf.convert_to_tensor(proto.SerializeToString()),
               "features": {"sp1": tf.SparseFeature("idx", "val1", tf.float32, 13),
                            "sp2": tf.SparseFeature("idx", "val2", tf.float32, size=7, already_sorted=True)}},
              expected_output)


def test_ParseExampleTest_testSerializedContaining3DSparseFeature():
    original = [
        example(features=features({"val": float_feature([3, 4]), "idx0": int64_feature([5, 10]),
                                   "idx1": int64_feature([0, 2])})),
        example(features=features({"val": float_feature([]), "idx0": int64_feature([]),
                                   "idx1": int64_feature([])})),
        example(features=features({"val": feature()})),
        example(features=features({"val": float_feature([1, 2, -1]), "idx0": int64_feature([0, 9, 3]),
                                   "idx1": int64_feature([1, 0, 2])})),
    ]
    expected_outputs = [
        {"sp": (np.array([[5, 0], [10, 2]], dtype=np.int64), np.array([3.0, 4.0], dtype=np.float32),
                np.array([13, 3], dtype=np.int64))},
        {"sp": empty_sparse(np.float32, shape=[13, 3])},
        {"sp": empty_sparse(np.float32, shape=[13, 3])},
        {"sp": (np.array([[0, 1], [3, 2], [9, 0]], dtype=np.int64), np.array([1.0, -1.0, 2.0], dtype=np.float32),
                np.array([13, 3], dtype=np.int64))},
    ]
    for proto, expected_output in zip(original, expected_outputs):
        _test({"serialized": tf.convert_to_tensor(proto.SerializeToString()),
               "features": {"sp": tf.SparseFeature(["idx0", "idx1"], "val", tf.float32, [13, 3])}},
              expected_output)


def test_ParseExampleTest_testSerializedContainingSparseAndSparseFeatureAndDenseWithNoDefault():
    original = [
        example(features=features({"c": float_feature([3, 4]), "val": bytes_feature([b"a", b"b"]),
                                   "idx": int64_feature([0, 3])})),
        example(features=features({"c": float_feature([1, 2]), "val": bytes_feature([b"c"]),
                                   "idx": int64_feature([7])})),
    ]
    a_default = np.array([[1, 2, 3]], dtype=np.int64)
    b_default = np.random.rand(3, 3).astype(bytes)
    expected_st_a = empty_sparse(np.int64)
    expected_outputs = [
        {"st_a": expected_st_a,
         "sp": (np.array([[0], [3]], dtype=np.int64), np.array(["a", "b"], dtype=bytes),
                np.array([13], dtype=np.int64)),
         "a": a_default, "b": b_default, "c": np.array([3, 4], dtype=np.float32)},
        {"st_a": expected_st_a,
         "sp": (np.array([[7]], dtype=np.int64), np.array(["c"], dtype=bytes), np.array([13], dtype=np.int64)),
         "a": a_default, "b": b_default, "c": np.array([1, 2], dtype=np.float32)},
    ]
    for proto, expected_output in zip(original, expected_outputs):
        _test({"serialized": tf.convert_to_tensor(proto.SerializeToString()),
               "features": {"st_a": tf.VarLenFeature(tf.int64),
                            "sp": tf.SparseFeature("idx", "val", tf.string, 13),
                            "a": tf.FixedLenFeature((1, 3), tf.int64, default_value=a_default),
                            "b": tf.FixedLenFeature((3, 3), tf.string, default_value=b_default),
                            "c": tf.FixedLenFeature((2,), tf.float32)}}, expected_output)


def test_ParseExampleTest_testSerializedContainingSparseAndSparseFeatureWithReuse():
    original = [
        example(features=features({"val": bytes_feature([b"a", b"b"]), "idx": int64_feature([0, 3])})),
        example(features=features({"val": bytes_feature([b"c", b"d"]), "idx": int64_feature([7, 1])})),
    ]
    expected_outputs = [
        {"idx": (np.array([[0], [1]], dtype=np.int64), np.array([0, 3], dtype=np.int64),
                 np.array([2], dtype=np.int64)),
         "sp": (np.array([[0], [3]], dtype=np.int64), np.array(["a", "b"], dtype=bytes),
                np.array([13], dtype=np.int64))},
        {"idx": (np.array([[0], [1]], dtype=np.int64), np.array([7, 1], dtype=np.int64),
                 np.array([2], dtype=np.int64)),
         "sp": (np.array([[1], [7]], dtype=np.int64), np.array(["d", "c"], dtype=bytes),
                np.array([13], dtype=np.int64))},
    ]
    for proto, expected_output in zip(original, expected_outputs):
        _test({"serialized": tf.convert_to_tensor(proto.SerializeToString()),
               "features": {"idx": tf.VarLenFeature(tf.int64),
                            "sp": tf.SparseFeature(["idx"], "val", tf.string, [13])}}, expected_output)
