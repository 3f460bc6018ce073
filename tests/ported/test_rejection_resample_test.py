"""Ported behaviours of TF's tensorflow/python/data/experimental/kernel_tests/rejection_resample_test.py
(eager mode; fewer input elements).  Draws use torch's generator: the checks are TF's statistical ones."""

import numpy as np
import pytest

import tfcompat as tf
from _dataset_helpers import get_next

D = tf.data.Dataset
resampling = tf.data.experimental


@pytest.mark.parametrize("initial_known", [True, False], ids=["InitialDistributionKnown",
                                                               "InitialDistributionUnknown"])
def test_RejectionResampleTest_testDistribution(initial_known):
    classes = np.random.RandomState(0).randint(5, size=(2000,))  # uniformly sampled
    target_dist = [0.9, 0.05, 0.05, 0.0, 0.0]
    initial_dist = [0.2] * 5 if initial_known else None
    dataset = D.from_tensor_slices(tf.to_int64(classes)).shuffle(200, seed=21).map(
        lambda c: (c, tf.as_string(c))).repeat()
    next_element = get_next(dataset.apply(resampling.rejection_resample(
        target_dist=target_dist, initial_dist=initial_dist, class_func=lambda c, _: c, seed=27)))
    returned = [next_element() for _ in range(4000)]
    returned_classes = [int(c) for c, _ in returned]
    returned_data = [data[1].numpy() for _, data in returned]
    assert returned_data == [str(c).encode() for c in returned_classes]
    class_counts = np.array([returned_classes.count(c) for c in range(5)])
    np.testing.assert_allclose(class_counts / len(returned_classes), target_dist, atol=1e-2)


@pytest.mark.parametrize("only_initial_dist", [True, False], ids=["OnlyInitial", "NotInitial"])
def test_RejectionResampleTest_testEdgeCasesSampleFromInitialDataset(only_initial_dist):
    init_dist = [0.5, 0.5]
    target_dist = [0.5, 0.5] if only_initial_dist else [0.0, 1.0]
    data_np = np.random.RandomState(1).choice(len(init_dist), 100, p=init_dist)
    dataset = D.from_tensor_slices(data_np).apply(resampling.rejection_resample(
        class_func=lambda x: x, target_dist=target_dist, initial_dist=init_dist))
    next_element = get_next(dataset)
    returned = []
    with pytest.raises(tf.errors.OutOfRangeError):
        while True:
            returned.append(next_element())
    assert returned  # a finite input gives a finite, non-empty output here


def test_RejectionResampleTest_testRandomClasses():
    init_dist = [0.25, 0.25, 0.25, 0.25]
    target_dist = [0.0, 0.0, 0.0, 1.0]
    num_classes = len(init_dist)
    data_np = np.random.RandomState(2).choice(num_classes, 100, p=init_dist)

    def _remap_fn(_):  # a random mapping that preserves the data distribution
        return tf.cast(tf.random_uniform([1]) * num_classes, tf.int32)[0]

    dataset = D.from_tensor_slices(data_np).map(_remap_fn).apply(resampling.rejection_resample(
        class_func=lambda x: x, target_dist=target_dist, initial_dist=init_dist))
    next_element = get_next(dataset)
    returned = []
    with pytest.raises(tf.errors.OutOfRangeError):
        while True:
            returned.append(next_element())
    classes = np.array([int(c) for c, _ in returned])
    bincount = np.bincount(classes, minlength=num_classes).astype(np.float32) / len(classes)
    np.testing.assert_allclose(bincount, target_dist, atol=1e-2)
