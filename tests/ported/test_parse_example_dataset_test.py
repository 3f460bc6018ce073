"""Ports of TF 1.15's tensorflow/python/data/experimental/kernel_tests/parse_example_dataset_test.py
(ParseExampleDatasetTest), eager: ``from_tensors(serialized).apply(parse_example_dataset(features))`` gives
one element, the batch's parsed features, and ``create_iterator_twice`` reads the dataset twice."""

import numpy as np
import pytest

import tfcompat as tf
from _dataset_helpers import as_numpy, get_next

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


def _compare_output_to_expected(dict_tensors, expected_tensors):
    assert set(dict_tensors) == set(expected_tensors)
    for key, value in sorted(dict_tensors.items()):
        expected = expected_tensors[key]
        if isinstance(value, tf.SparseTensorValue):  # TF's assertSparseValuesEqual
            for got, want in zip(value, expected):
                np.testing.assert_array_equal(got, want)
        else:
            np.testing.assert_array_equal(value, expected)


def _test(input_tensor, feature_val, expected_values=None, expected_err=None, create_iterator_twice=False):
    if expected_err:
        with pytest.raises(expected_err[0], match=expected_err[1]):
            dataset = tf.data.Dataset.from_tensors(input_tensor).apply(
                tf.data.experimental.parse_example_dataset(feature_val))
            get_next(dataset)()
        return
    dataset = tf.data.Dataset.from_tensors(input_tensor).apply(tf.data.experimental.parse_example_dataset(feature_val))
    for _ in range(2 if create_iterator_twice else 1):
        next_element = get_next(dataset)
        _compare_output_to_expected(as_numpy(next_element()), expected_values)
        with pytest.raises(tf.errors.OutOfRangeError):
            next_element()
        with pytest.raises(tf.errors.OutOfRangeError):
            next_element()
    batch_size = input_tensor.numpy().size if isinstance(input_tensor, tf.Tensor) else np.asarray(input_tensor).size
    for key, spec in feature_val.items():
        if isinstance(spec, tf.FixedLenFeature) and spec.shape is not None:
            assert dataset.output_shapes[key].as_list()[0] == batch_size
        elif isinstance(spec, tf.VarLenFeature):
            assert dataset.output_shapes[key].as_list()[1] is None


def test_ParseExampleDatasetTest_testEmptySerializedWithAllDefaults():
    a_default = [0, 42, 0]
    b_default = np.random.rand(3, 3).astype(bytes)
    c_default = np.random.rand(2).astype(np.float32)
    expected_st_a = tf.SparseTensorValue(np.empty((0, 2), dtype=np.int64), np.empty((0,), dtype=np.int64),
                                         np.array([2, 0], dtype=np.int64))
    expected_output = {"st_a": expected_st_a, "a": np.array(2 * [[a_default]]), "b": np.array(2 * [b_default]),
                       "c:has_a_tricky_name": np.array(2 * [c_default])}
    _test(tf.convert_to_tensor(["", ""]), {
        "st_a": tf.VarLenFeature(tf.int64),
        "a": tf.FixedLenFeature((1, 3), tf.int64, default_value=a_default),
        "b": tf.FixedLenFeature((3, 3), tf.string, default_value=b_default),
        "c:has_a_tricky_name": tf.FixedLenFeature((2,), tf.float32, default_value=c_default),
    }, expected_values=expected_output, create_iterator_twice=True)


def test_ParseExampleDatasetTest_testEmptySerializedWithoutDefaultsShouldFail():
    input_features = {
        "st_a": tf.VarLenFeature(tf.int64),
        "a": tf.FixedLenFeature((1, 3), tf.int64, default_value=[0, 42, 0]),
        "b": tf.FixedLenFeature((3, 3), tf.string, default_value=np.random.rand(3, 3).astype(bytes)),
        "c": tf.FixedLenFeature((2,), dtype=tf.float32),
    }
    original = example(features=features({"c": feature()}))
    _test([original.SerializeToString()], input_features,
          expected_err=(tf.errors.InvalidArgumentError, "Feature: c \\(data type: float\\) is required"))
    _test(["", ""], input_features,
          expected_err=(tf.errors.InvalidArgumentError, "Feature: c \\(data type: float\\) is required"))


def test_ParseExampleDatasetTest_testDenseNotMatchingShapeShouldFail():
    original = [example(features=features({"a": float_feature([1, 1, 3])})),
                example(features=features({"a": float_feature([-1, -1])}))]
    serialized = [m.SerializeToString() for m in original]
    _test(tf.convert_to_tensor(serialized), {"a": tf.FixedLenFeature((1, 3), tf.float32)},
          expected_err=(tf.errors.InvalidArgumentError, "Key: a, Index: 1.  Number of float values"))


def test_ParseExampleDatasetTest_testDenseDefaultNoShapeShouldFail():
    serialized = [example(features=features({"a": float_feature([1, 1, 3])})).SerializeToString()]
    _test(tf.convert_to_tensor(serialized), {"a": tf.FixedLenFeature(None, tf.float32)},
          expected_err=(ValueError, "Missing shape for feature a"))


def test_ParseExampleDatasetTest_testSerializedContainingSparse():
    original = [
        example(features=features({"st_c": float_feature([3, 4])})),
        example(features=features({"st_c": float_feature([])})),
        example(features=features({"st_d": feature()})),
        example(features=features({"st_c": float_feature([1, 2, -1]), "st_d": bytes_feature([b"hi"])})),
    ]
    serialized = [m.SerializeToString() for m in original]
    expected_st_c = tf.SparseTensorValue(np.array([[0, 0], [0, 1], [3, 0], [3, 1], [3, 2]], dtype=np.int64),
                                         np.array([3.0, 4.0, 1.0, 2.0, -1.0], dtype=np.float32),
                                         np.array([4, 3], dtype=np.int64))
    expected_st_d = tf.SparseTensorValue(np.array([[3, 0]], dtype=np.int64), np.array(["hi"], dtype=bytes),
                                         np.array([4, 1], dtype=np.int64))
    _test(tf.convert_to_tensor(serialized), {"st_c": tf.VarLenFeature(tf.float32),
                                             "st_d": tf.VarLenFeature(tf.string)},
          expected_values={"st_c": expected_st_c, "st_d": expected_st_d}, create_iterator_twice=True)


def _sparse_feature_examples():
    return [m.SerializeToString() for m in [
        example(features=features({"val": float_feature([3, 4]), "idx": int64_feature([5, 10])})),
        example(features=features({"val": float_feature([]), "idx": int64_feature([])})),
        example(features=features({"val": feature()})),
        example(features=features({"val": float_feature([1, 2, -1]), "idx": int64_feature([0, 9, 3])})),
    ]]


def test_ParseExampleDatasetTest_testSerializedContainingSparseFeature():
    expected_sp = tf.SparseTensorValue(np.array([[0, 5], [0, 10], [3, 0], [3, 3], [3, 9]], dtype=np.int64),
                                       np.array([3.0, 4.0, 1.0, -1.0, 2.0], dtype=np.float32),
                                       np.array([4, 13], dtype=np.int64))
    _test(tf.convert_to_tensor(_sparse_feature_examples()),
          {"sp": tf.SparseFeature(["idx"], "val", tf.float32, [13])},
          expected_values={"sp": expected_sp}, create_iterator_twice=True)


def test_ParseExampleDatasetTest_testSerializedContainingSparseFeatureReuse():
    original = [
        example(features=features({"val1": float_feature([3, 4]), "val2": float_feature([5, 6]),
                                   "idx": int64_feature([5, 10])})),
        example(features=features({"val1": float_feature([]), "idx": int64_feature([])})),
    ]
    serialized = [m.SerializeToString() for m in original]
    expected_sp1 = tf.SparseTensorValue(np.array([[0, 5], [0, 10]], dtype=np.int64),
                                        np.array([3.0, 4.0], dtype=np.float32), np.array([2, 13], dtype=np.int64))
    expected_sp2 = tf.SparseTensorValue(np.array([[0, 5], [0, 10]], dtype=np.int64),
                                        np.array([5.0, 6.0], dtype=np.float32), np.array([2, 7], dtype=np.int64))
    _test(tf.convert_to_tensor(serialized),
          {"sp1": tf.SparseFeature("idx", "val1", tf.float32, 13),
           "sp2": tf.SparseFeature("idx", "val2", tf.float32, size=7, already_sorted=True)},
          expected_values={"sp1": expected_sp1, "sp2": expected_sp2}, create_iterator_twice=True)


def test_ParseExampleDatasetTest_testSerializedContaining3DSparseFeature():
    original = [
        example(features=features({"val": float_feature([3, 4]), "idx0": int64_feature([5, 10]),
                                   "idx1": int64_feature([0, 2])})),
        example(features=features({"val": float_feature([]), "idx0": int64_feature([]),
                                   "idx1": int64_feature([])})),
        example(features=features({"val": feature()})),
        example(features=features({"val": float_feature([1, 2, -1]), "idx0": int64_feature([0, 9, 3]),
                                   "idx1": int64_feature([1, 0, 2])})),
    ]
    serialized = [m.SerializeToString() for m in original]
    expected_sp = tf.SparseTensorValue(
        np.array([[0, 5, 0], [0, 10, 2], [3, 0, 1], [3, 3, 2], [3, 9, 0]], dtype=np.int64),
        np.array([3.0, 4.0, 1.0, -1.0, 2.0], dtype=np.float32), np.array([4, 13, 3], dtype=np.int64))
    _test(tf.convert_to_tensor(serialized),
          {"sp": tf.SparseFeature(["idx0", "idx1"], "val", tf.float32, [13, 3])},
          expected_values={"sp": expected_sp}, create_iterator_twice=True)


def test_ParseExampleDatasetTest_testSerializedContainingDense():
    original = [
        example(features=features({"a": float_feature([1, 1]), "b*has+a:tricky_name": bytes_feature([b"b0_str"])})),
        example(features=features({"a": float_feature([-1, -1]), "b*has+a:tricky_name": bytes_feature([b""])})),
    ]
    serialized = [m.SerializeToString() for m in original]
    expected_output = {"a": np.array([[1, 1], [-1, -1]], dtype=np.float32).reshape(2, 1, 2, 1),
                       "b*has+a:tricky_name": np.array(["b0_str", ""], dtype=bytes).reshape(2, 1, 1, 1, 1)}
    _test(tf.convert_to_tensor(serialized),
          {"a": tf.FixedLenFeature((1, 2, 1), dtype=tf.float32),
           "b*has+a:tricky_name": tf.FixedLenFeature((1, 1, 1, 1), dtype=tf.string)},
          expected_values=expected_output, create_iterator_twice=True)


def test_ParseExampleDatasetTest_testSerializedContainingDenseScalar():
    original = [example(features=features({"a": float_feature([1])})), example(features=features({}))]
    serialized = [m.SerializeToString() for m in original]
    _test(tf.convert_to_tensor(serialized), {"a": tf.FixedLenFeature((1,), dtype=tf.float32, default_value=-1)},
          expected_values={"a": np.array([[1], [-1]], dtype=np.float32)}, create_iterator_twice=True)
