"""Ported behaviours of TF's tensorflow/python/data/experimental/kernel_tests/
directed_interleave_dataset_test.py (eager mode; TF 1.15's experimental endpoints, which skip an
exhausted input: the stop_on_empty_dataset cases are TF 2.x's and left out).  Sampling draws with
torch's generator, so its checks are the TF test's statistical ones (chi-squared), not TF's sequence."""

import numpy as np
import pytest

import tfcompat as tf
from _dataset_helpers import assert_dataset_produces, get_next

D = tf.data.Dataset
interleave_ops = tf.data.experimental


def _weights_of_type(weights_list, weights_type):
    if weights_type == "list":
        return weights_list
    if weights_type == "tensor":
        return tf.convert_to_tensor(weights_list, name="weights")
    return D.from_tensors(weights_list).repeat()


def _chi2(expected, actual):
    actual, expected = np.asarray(actual), np.asarray(expected)
    diff = actual - expected
    return np.sum(diff * diff / expected, axis=0)


def test_DirectedInterleaveDatasetTest_testBasic():
    # TF builds the private _DirectedInterleaveDataset; choose_from_datasets is the public door to it.
    dataset = interleave_ops.choose_from_datasets([D.from_tensors(np.int64(i)).repeat(10) for i in range(10)],
                                                  D.range(10).repeat(10))
    next_element = get_next(dataset)
    for _ in range(10):
        for i in range(10):
            assert next_element().numpy() == i
    with pytest.raises(tf.errors.OutOfRangeError):
        next_element()


@pytest.mark.parametrize("weights_type", ["list", "tensor", "dataset"])
def test_DirectedInterleaveDatasetTest_testSampleFromDatasets(weights_type):
    tf.set_random_seed(1619)
    num_samples = 5000
    rand_probs = np.random.RandomState(3).random_sample((5,))
    rand_probs /= rand_probs.sum()
    for probs in [[.85, .05, .1], rand_probs, [1.]]:
        weights = _weights_of_type(np.asarray(probs), weights_type)
        classes = len(probs)
        dataset = interleave_ops.sample_from_datasets(
            [D.from_tensors(i).repeat() for i in range(classes)], weights).take(num_samples)
        next_element = get_next(dataset)
        freqs = np.zeros([classes])
        for _ in range(num_samples):
            freqs[next_element().numpy()] += 1
        with pytest.raises(tf.errors.OutOfRangeError):
            next_element()
        assert _chi2(probs, freqs / num_samples) < 1e-2


@pytest.mark.parametrize("weights_type", ["list", "tensor", "dataset"])
def test_DirectedInterleaveDatasetTest_testSampleFromDatasetsSkippingEmptyDataset(weights_type):
    weights = _weights_of_type(np.asarray([.5, .1, .4]), weights_type)
    datasets = [D.from_tensors(np.int64(-1)), D.from_tensors(np.int64(1)).repeat(), D.range(10).repeat()]
    samples = [int(x) for x in interleave_ops.sample_from_datasets(datasets, weights=weights).take(100)]
    assert len(samples) == 100
    assert samples.count(-1) == 1


def test_DirectedInterleaveDatasetTest_testSampleFromDatasetsSkippingDatasetsWithZeroWeight():
    datasets = [D.from_tensors(-1).repeat(), D.from_tensors(1)]
    # A zero weight is never drawn; once the other input is exhausted the draws find nothing, forever in TF.
    sample_dataset = interleave_ops.sample_from_datasets(datasets, weights=np.asarray([0., 1.])).take(1)
    assert_dataset_produces(sample_dataset, [1])


def test_DirectedInterleaveDatasetTest_testChooseFromDatasets():
    words = [b"foo", b"bar", b"baz"]
    datasets = [D.from_tensors(w).repeat() for w in words]
    choice_array = np.random.RandomState(4).randint(3, size=(15,)).astype(np.int64)
    dataset = interleave_ops.choose_from_datasets(datasets, D.from_tensor_slices(choice_array))
    next_element = get_next(dataset)
    for i in choice_array:
        assert next_element().numpy() == words[i]
    with pytest.raises(tf.errors.OutOfRangeError):
        next_element()


def test_DirectedInterleaveDatasetTest_testChooseFromDatasetsSkippingEmptyDatasets():
    datasets = [D.from_tensors(b"foo").repeat(2), D.from_tensors(b"bar").repeat(), D.from_tensors(b"baz").repeat()]
    choice_dataset = D.from_tensor_slices(np.asarray([0, 0, 0, 1, 1, 1, 2, 2, 2], dtype=np.int64))
    dataset = interleave_ops.choose_from_datasets(datasets, choice_dataset)
    # Chooses 2 elements from the first dataset while the selector specifies 3.
    assert_dataset_produces(dataset, [b"foo", b"foo", b"bar", b"bar", b"bar", b"baz", b"baz", b"baz"])


def test_DirectedInterleaveDatasetTest_testChooseFromDatasetsChoiceDatasetIsEmpty():
    datasets = [D.from_tensors(b"foo").repeat(), D.from_tensors(b"bar").repeat(), D.from_tensors(b"baz").repeat()]
    assert_dataset_produces(interleave_ops.choose_from_datasets(datasets, choice_dataset=D.range(0)), [])


def test_DirectedInterleaveDatasetTest_testErrors():
    # TF 1.15's messages (interleave_ops.py); the TF test's regexes match them.
    with pytest.raises(ValueError, match="`weights` must be a vector of length `len\\(datasets\\)`."):
        interleave_ops.sample_from_datasets([D.range(10), D.range(20)], weights=[0.25, 0.25, 0.25, 0.25])
    with pytest.raises(TypeError, match="`tf.float32` or `tf.float64`"):
        interleave_ops.sample_from_datasets([D.range(10), D.range(20)], weights=[1, 1])
    with pytest.raises(TypeError, match="must have the same type"):
        interleave_ops.sample_from_datasets([D.from_tensors(0), D.from_tensors(0.0)])
    with pytest.raises(TypeError, match="tf.int64"):
        interleave_ops.choose_from_datasets([D.from_tensors(0), D.from_tensors(1)],
                                            choice_dataset=D.from_tensors(1.0))
    with pytest.raises(TypeError, match="scalar"):
        interleave_ops.choose_from_datasets([D.from_tensors(0), D.from_tensors(1)],
                                            choice_dataset=D.from_tensors([1.0]))
    with pytest.raises(tf.errors.InvalidArgumentError, match="out of range"):
        dataset = interleave_ops.choose_from_datasets(
            [D.from_tensors(0)], choice_dataset=D.from_tensors(tf.constant(1, dtype=tf.int64)))
        get_next(dataset)()
    with pytest.raises(TypeError, match="`choice_dataset` must be a dataset of scalar"):
        interleave_ops.choose_from_datasets([D.from_tensors(0), D.from_tensors(1)], choice_dataset=None)


def test_DirectedInterleaveDatasetTest_seeded_sampling_repeats():
    # TF's seed rule: an op seed fixes the sequence, each pass over the dataset draws it again.
    dataset = interleave_ops.sample_from_datasets([D.range(5), D.range(10, 15)], seed=3)
    first, second = [int(x) for x in dataset], [int(x) for x in dataset]
    assert first == second
    assert sorted(first) == list(range(5)) + list(range(10, 15))
