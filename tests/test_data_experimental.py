"""tf.data.experimental beyond the goldens and ported tests: options and their merge rules, device
copies, random sources and their seeds, streaming over infinite inputs, assert_cardinality, reduce."""

import collections

import numpy as np
import pytest
import torch

import tfcompat as tf

D = tf.data.Dataset
E = tf.data.experimental


def values(dataset):
    return [np.asarray(element.numpy()).tolist() for element in dataset]


# --- tf.data.Options (TF 1.15 python/data/util/options.py rules) ----------------------------------------

def test_options_read_none_until_set_and_nested_groups_exist():
    options = tf.data.Options()
    assert options.experimental_deterministic is None
    assert options.experimental_slack is None
    assert isinstance(options.experimental_optimization, E.OptimizationOptions)
    assert isinstance(options.experimental_threading, E.ThreadingOptions)
    assert options.experimental_distribute.auto_shard is True
    assert options.experimental_optimization.map_fusion is None


def test_options_check_names_and_types():
    options = tf.data.Options()
    with pytest.raises(AttributeError, match="Cannot set the property foo on Options."):
        options.foo = 1
    with pytest.raises(TypeError, match='Property "experimental_deterministic" must be of type <class \'bool\'>'):
        options.experimental_deterministic = 1
    with pytest.raises(TypeError, match="private_threadpool_size"):
        options.experimental_threading.private_threadpool_size = "4"
    options.experimental_threading.private_threadpool_size = 4
    assert options.experimental_threading.private_threadpool_size == 4


def test_with_options_merges_down_the_pipeline_and_rejects_conflicts():
    first, second = tf.data.Options(), tf.data.Options()
    first.experimental_deterministic = False
    second.experimental_optimization.map_fusion = True
    dataset = D.range(4).with_options(first).map(lambda x: x * 2).with_options(second)
    merged = dataset.options()
    assert merged.experimental_deterministic is False
    assert merged.experimental_optimization.map_fusion is True
    assert values(dataset) == [0, 2, 4, 6]
    assert D.zip((D.range(2).with_options(first), D.range(2))).options().experimental_deterministic is False
    conflicting = tf.data.Options()
    conflicting.experimental_deterministic = True
    with pytest.raises(ValueError, match=r"Cannot merge incompatible values \(False and True\) of option: "
                                         r"experimental_deterministic"):
        dataset.with_options(conflicting)
    with pytest.raises(TypeError, match="Incompatible options type"):
        D.range(2).with_options(3)


def test_options_of_a_plain_dataset_are_empty():
    assert D.range(3).batch(2).options() == tf.data.Options()


# --- copy_to_device / prefetch_to_device ------------------------------------------------------------------

def test_copy_to_device_hands_out_elements_on_the_target_device():
    dataset = D.from_tensor_slices((np.arange(3), ["a", "b", "c"])).apply(E.copy_to_device("/cpu:0"))
    with tf.device("/cpu:0"):
        items = list(dataset)
    assert [int(a) for a, _ in items] == [0, 1, 2]
    assert [b.numpy() for _, b in items] == [b"a", b"b", b"c"]
    assert all(tf.to_torch(a).device == torch.device("cpu") for a, _ in items)


def test_prefetch_to_device_streams_an_infinite_source():
    dataset = E.Counter().apply(E.prefetch_to_device("/cpu:0", buffer_size=2))
    assert values(dataset.take(4)) == [0, 1, 2, 3]


def test_copy_to_device_rejects_a_bad_device_name():
    with pytest.raises(ValueError):
        E.copy_to_device("/tpu:0")


# --- random sources and seeds ---------------------------------------------------------------------------

def test_random_dataset_seeded_is_repeatable_and_spans_int64():
    a = values(E.RandomDataset(seed=5).take(200))
    assert a == values(E.RandomDataset(seed=5).take(200))
    assert a != values(E.RandomDataset(seed=6).take(200))
    assert min(a) < 0 < max(a) and len(set(a)) == 200


def test_random_dataset_follows_the_graph_seed():
    tf.set_random_seed(11)
    try:
        first = values(E.RandomDataset().take(5))
        tf.set_random_seed(11)
        assert values(E.RandomDataset().take(5)) == first
    finally:
        tf.set_random_seed(None)


def test_sample_from_datasets_proportions_and_multiset():
    dataset = E.sample_from_datasets([D.from_tensors(0).repeat(), D.from_tensors(1).repeat()], [0.25, 0.75], seed=3)
    counts = collections.Counter(values(dataset.take(4000)))
    assert abs(counts[1] / 4000 - 0.75) < 0.03
    finite = E.sample_from_datasets([D.range(5), D.range(10, 15)], [0.5, 0.5])
    assert sorted(values(finite)) == list(range(5)) + list(range(10, 15))


def test_sample_from_datasets_with_a_single_dataset_returns_it():
    dataset = D.range(3)
    assert E.sample_from_datasets([dataset], [1.0]) is dataset


# --- streaming ------------------------------------------------------------------------------------------

def test_transformations_stream_over_infinite_inputs():
    assert values(E.Counter().apply(E.take_while(lambda x: x < 3))) == [0, 1, 2]
    assert values(E.Counter().map(lambda x: x % 3).apply(E.unique()).take(3)) == [0, 1, 2]
    scanned = E.Counter(1).apply(E.scan(np.int64(0), lambda s, x: (s + x, s + x))).take(4)
    assert values(scanned) == [1, 3, 6, 10]
    grouped = E.Counter().apply(E.group_by_window(lambda x: x % 2, lambda k, w: w.batch(2), 2)).take(3)
    assert values(grouped) == [[0, 2], [1, 3], [4, 6]]


# --- assert_cardinality, reduce, enumerate, get_structure -----------------------------------------------

def test_assert_cardinality_checks_the_count():
    assert values(D.range(3).apply(E.assert_cardinality(3))) == [0, 1, 2]
    with pytest.raises(tf.errors.FailedPreconditionError, match="expected to contain 2 elements but contained "
                                                                "at least 3 elements"):
        list(D.range(3).apply(E.assert_cardinality(2)))
    with pytest.raises(tf.errors.FailedPreconditionError, match="contained only 3 elements"):
        list(D.range(3).apply(E.assert_cardinality(4)))
    assert int(E.cardinality(D.range(3).filter(lambda x: True).apply(E.assert_cardinality(3)))) == 3


def test_reduce_checks_the_state_type_and_runs_on_empty_input():
    assert int(D.range(0).reduce(np.int64(5), lambda s, x: s + x)) == 5
    with pytest.raises(TypeError, match="The element types for the new state must match the initial state."):
        D.range(3).reduce(np.int64(0), lambda s, x: tf.cast(s + x, tf.int32))


def test_enumerate_method_and_get_structure():
    assert [(int(i), int(x)) for i, x in D.range(3, 5).enumerate(7)] == [(7, 3), (8, 4)]
    spec = E.get_structure(D.range(4).batch(3).make_one_shot_iterator())
    assert spec == tf.TensorSpec([None], tf.int64)
    with pytest.raises(TypeError, match="must be a Dataset or Iterator object"):
        E.get_structure([1])
    structure = E.TensorStructure(tf.float32, [2])
    assert structure == tf.TensorSpec([2], tf.float32)
    assert E.Optional.none_from_structure(structure).value_structure == structure


def test_group_by_window_key_and_window_size_conversions():
    # TF converts both to int64: a Python int passes, an int32 tensor fails the conversion.
    assert values(D.range(5).apply(E.group_by_window(lambda x: 1, lambda k, w: w.batch(2), 2))) == [[0, 1], [2, 3],
                                                                                                     [4]]
    with pytest.raises(ValueError, match="Tensor conversion requested dtype int64 for Tensor with dtype int32"):
        D.range(5).apply(E.group_by_window(lambda x: tf.cast(x, tf.int32), lambda k, w: w, 2))
    with pytest.raises(tf.errors.InvalidArgumentError, match="Window size must be greater than zero, but got -1."):
        list(D.range(3).apply(E.group_by_window(lambda x: x, lambda k, w: w, window_size_func=lambda k: k - 1)))


# --- tf.contrib.data's own names ----------------------------------------------------------------------------

def test_contrib_sliding_window_batch_docstring_examples():
    # The examples of TF 1.15's contrib/data/python/ops/sliding.py docstring.
    a = D.from_tensor_slices([[1], [2], [3], [4], [5], [6]])
    sliding = tf.contrib.data.sliding_window_batch
    assert values(a.apply(sliding(window_size=3))) == [[[1], [2], [3]], [[2], [3], [4]], [[3], [4], [5]],
                                                       [[4], [5], [6]]]
    assert values(a.apply(sliding(window_size=3, window_shift=2))) == [[[1], [2], [3]], [[3], [4], [5]]]
    assert values(a.apply(sliding(window_size=3, window_stride=2))) == [[[1], [3], [5]], [[2], [4], [6]]]
    assert values(a.apply(sliding(window_size=2, stride=4))) == [[[1], [2]], [[5], [6]]]
    with pytest.raises(ValueError, match="Cannot specify both `stride` and `window_shift`"):
        sliding(2, stride=1, window_shift=1)


def test_contrib_reduce_dataset_folds_every_element():
    reducer = E.Reducer(lambda key: np.int64(0), lambda state, x: state + x, lambda state: state * 2)
    assert int(tf.contrib.data.reduce_dataset(D.range(5), reducer)) == 20
    with pytest.raises(TypeError, match="`dataset` must be a `tf.data.Dataset` object."):
        tf.contrib.data.reduce_dataset([1, 2], reducer)
    assert tf.contrib.data.Optional is E.Optional
    assert tf.contrib.data.get_next_as_optional is E.get_next_as_optional
