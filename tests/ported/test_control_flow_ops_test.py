"""Ported behaviours of TF 1.15's python/ops/control_flow_ops_test.py: CaseTest, eager.

TF runs these in graph mode, feeding ``x``; here each feed is a fresh eager call."""

import pytest

import tfcompat as tf


def _case(conditions, x, **kwargs):
    return int(tf.case(conditions(tf.constant(x)), **kwargs))


def test_CaseTest_testCase_withDefault():
    def conditions(x):
        return [(tf.equal(x, 1), lambda: tf.constant(2)), (tf.equal(x, 2), lambda: tf.constant(4))]
    default = lambda: tf.constant(6)  # noqa: E731 - as TF's test writes it
    assert [_case(conditions, x, default=default, exclusive=True) for x in (1, 2, 3)] == [2, 4, 6]


def _three(x):
    return [(tf.equal(x, 1), lambda: tf.constant(2)), (tf.equal(x, 2), lambda: tf.constant(4)),
            (tf.equal(x, 2), lambda: tf.constant(6))]


def test_CaseTest_testCase_multiple_matches_exclusive():
    default = lambda: tf.constant(8)  # noqa: E731
    assert _case(_three, 1, default=default, exclusive=True) == 2
    assert _case(_three, 3, default=default, exclusive=True) == 8
    with pytest.raises(tf.errors.InvalidArgumentError, match="Input error:"):
        _case(_three, 2, default=default, exclusive=True)


def test_CaseTest_testCase_multiple_matches_non_exclusive():
    default = lambda: tf.constant(8)  # noqa: E731
    assert [_case(_three, x, default=default, exclusive=False) for x in (1, 2, 3)] == [2, 4, 8]


def test_CaseTest_testCase_withoutDefault():
    def conditions(x):
        return [(tf.equal(x, 1), lambda: tf.constant(2)), (tf.equal(x, 2), lambda: tf.constant(4)),
                (tf.equal(x, 3), lambda: tf.constant(6))]
    assert [_case(conditions, x, exclusive=True) for x in (1, 2, 3)] == [2, 4, 6]
    with pytest.raises(tf.errors.InvalidArgumentError, match="Input error:"):
        _case(conditions, 4, exclusive=True)


def test_CaseTest_testCase_withoutDefault_oneCondition():
    def conditions(x):
        return [(tf.equal(x, 1), lambda: tf.constant(2))]
    assert _case(conditions, 1, exclusive=True) == 2
    with pytest.raises(tf.errors.InvalidArgumentError, match="Input error:"):
        _case(conditions, 4, exclusive=True)


def test_CaseTest_testCase_dict():
    x = tf.constant(2)
    conditions = {tf.equal(x, 1): lambda: tf.constant(2), tf.equal(x, 2): lambda: tf.constant(4)}
    assert int(tf.case(conditions, exclusive=True)) == 4
