"""Ports of TF 1.15's tensorflow/python/kernel_tests/edit_distance_op_test.py (EditDistanceTest),
under eager execution: each case runs with SparseTensorValue and with SparseTensor inputs."""

import numpy as np

import tfcompat as tf


def _constant_of(x):
    x = np.asarray(x)
    if x.dtype.char not in "SU":  # ints (and empty lists) as int64, as TF's helper converts them
        x = np.asarray(x, dtype=np.int64)
    return tf.constant(x)


def _edit_distance(hypothesis, truth, normalize, expected_output):
    expected_shape = [max(h, t) for h, t in tuple(zip(hypothesis[2], truth[2]))[:-1]]
    for make in (tf.SparseTensorValue, tf.SparseTensor):
        distance = tf.edit_distance(hypothesis=make(*[_constant_of(x) for x in hypothesis]),
                                    truth=make(*[_constant_of(x) for x in truth]), normalize=normalize)
        assert distance.get_shape().as_list() == expected_shape
        np.testing.assert_allclose(distance.numpy(), expected_output, rtol=1e-6)


def test_EditDistanceTest_testEditDistanceNormalized():
    _edit_distance(([[0, 0], [0, 1], [1, 0], [1, 1]], [0, 1, 1, -1], [2, 2]),
                   ([[0, 0], [1, 0], [1, 1]], [0, 1, 1], [2, 2]), True, [1.0, 0.5])


def test_EditDistanceTest_testEditDistanceUnnormalized():
    _edit_distance(([[0, 0], [1, 0], [1, 1]], [10, 10, 11], [2, 2]),
                   ([[0, 0], [0, 1], [1, 0], [1, 1]], [1, 2, 1, -1], [2, 3]), False, [2.0, 2.0])


def test_EditDistanceTest_testEditDistanceProperDistance():
    hypothesis = ([[0, i] for i, _ in enumerate("algorithm")] + [[1, i] for i, _ in enumerate("altruistic")],
                  list("algorithm") + list("altruistic"), [2, 11])
    truth = ([[0, i] for i, _ in enumerate("altruistic")] + [[1, i] for i, _ in enumerate("algorithm")],
             list("altruistic") + list("algorithm"), [2, 11])
    _edit_distance(hypothesis, truth, False, [6.0, 6.0])
    _edit_distance(hypothesis, truth, True, [6.0 / len("altruistic"), 6.0 / len("algorithm")])


def test_EditDistanceTest_testEditDistance3D():
    _edit_distance(([[0, 0, 0], [1, 0, 0]], [0, 1], [2, 1, 1]),
                   ([[0, 1, 0], [1, 0, 0], [1, 1, 0]], [0, 1, 1], [2, 2, 1]), True,
                   [[np.inf, 1.0], [0.0, 1.0]])  # (0,0): no truth, (0,1): no hypothesis, (1,0): match


def test_EditDistanceTest_testEditDistanceZeroLengthHypothesis():
    _edit_distance((np.empty((0, 2), dtype=np.int64), [], [1, 0]), ([[0, 0]], [0], [1, 1]), True, [1.0])


def test_EditDistanceTest_testEditDistanceZeroLengthTruth():
    _edit_distance(([[0, 0]], [0], [1, 1]), (np.empty((0, 2), dtype=np.int64), [], [1, 0]), True, [np.inf])


def test_EditDistanceTest_testEditDistanceZeroLengthHypothesisAndTruth():
    _edit_distance((np.empty((0, 2), dtype=np.int64), [], [1, 0]), (np.empty((0, 2), dtype=np.int64), [], [1, 0]),
                   True, [0])
