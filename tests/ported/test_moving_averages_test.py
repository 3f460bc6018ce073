"""Ported behaviours of tensorflow/python/training/moving_averages_test.py (TF 1.15), eager mode.

TF's ExponentialMovingAverageTest runs in graph mode, where ``apply`` builds an update op that runs
later; under eager execution ``apply`` creates the shadows and updates them at once, so each test
changes the variables between two ``apply`` calls to see the decay.  The cases on plain tensors
(``tensor2 = var0 + var1``, zero debiasing) are graph-only: eager TF raises TypeError, checked here.
"""

import numpy as np
import pytest
from numpy.testing import assert_allclose

import tfcompat as tf


def _check_decay(ema, actual_decay, dim, prefix):
    tens = np.full(dim, 10.0, np.float32) if dim else np.float32(10.0)
    thirties = np.full(dim, 30.0, np.float32) if dim else np.float32(30.0)
    var0 = tf.Variable(tens, name=f"{prefix}v0")
    var1 = tf.Variable(thirties, name=f"{prefix}v1")
    ema.apply([var0, var1])
    avg0, avg1 = ema.average(var0), ema.average(var1)
    assert avg0.name == f"{prefix}v0/ExponentialMovingAverage:0"
    assert avg1.name == f"{prefix}v1/ExponentialMovingAverage:0"
    assert not avg0.trainable and not avg1.trainable
    assert_allclose(avg0.numpy(), tens)  # the first apply starts at the variables' values
    assert_allclose(avg1.numpy(), thirties)
    var0.assign(thirties)
    var1.assign(tens)
    ema.apply([var0, var1])
    dk = actual_decay
    assert_allclose(avg0.numpy(), 10.0 * dk + 30.0 * (1 - dk), rtol=1e-6)
    assert_allclose(avg1.numpy(), 30.0 * dk + 10.0 * (1 - dk), rtol=1e-6)
    ema.apply([var0, var1])
    assert_allclose(avg0.numpy(), (10.0 * dk + 30.0 * (1 - dk)) * dk + 30.0 * (1 - dk), rtol=1e-6)


def test_ExponentialMovingAverageTest_testAverageVariablesNoNumUpdates_Scalar():
    _check_decay(tf.train.ExponentialMovingAverage(0.25), 0.25, None, "nnu_s_")


def test_ExponentialMovingAverageTest_testAverageVariablesNoNumUpdates_Vector():
    _check_decay(tf.train.ExponentialMovingAverage(0.25), 0.25, 5, "nnu_v_")


def test_ExponentialMovingAverageTest_testAverageVariablesNumUpdates_Scalar():
    # num_updates 1 limits decay to 2/11
    _check_decay(tf.train.ExponentialMovingAverage(0.25, num_updates=1), 0.181818, None, "nu_s_")


def test_ExponentialMovingAverageTest_testAverageVariablesNumUpdates_Vector():
    _check_decay(tf.train.ExponentialMovingAverage(0.25, num_updates=1), 0.181818, 5, "nu_v_")


def test_ExponentialMovingAverageTest_testAverageVariablesWithControlDeps():
    # eager: the update happens when apply() returns; a later read sees it
    v0 = tf.Variable(0.0, name="ctl_v0")
    v1 = tf.Variable(1.0, name="ctl_v1")
    ema = tf.train.ExponentialMovingAverage(0.25, name="ema")
    assert ema.apply([v0]) is None
    v0.assign_add(v1)
    ema.apply([v0])
    assert_allclose(ema.average(v0).numpy(), 0.75)


def test_ExponentialMovingAverageTest_testAverageVariablesNames():
    v0 = tf.Variable(10.0, name="names_v0")
    v1 = tf.Variable(30.0, name="names_v1")
    ema = tf.train.ExponentialMovingAverage(0.25, name="foo")
    assert ema.name == "foo"
    assert ema.average_name(v0) == "names_v0/foo"
    assert ema.average_name(v1) == "names_v1/foo"
    ema.apply([v0, v1])
    assert ema.variables_to_restore() == {"names_v0/foo": v0, "names_v1/foo": v1}
    assert ema.average(v0).name[:-2] == ema.average_name(v0)
    assert ema.average(v1).name[:-2] == ema.average_name(v1)


def test_ExponentialMovingAverageTest_testAverageVariablesNamesRespectScope():
    with tf.variable_scope("scope1"):
        v0 = tf.Variable(10.0, name="v0")
    with tf.variable_scope("scope2"):
        ema = tf.train.ExponentialMovingAverage(0.25, name="foo")
        assert ema.average_name(v0) == "scope1/v0/foo"
        ema.apply([v0])
        assert ema.average(v0).name == "scope1/v0/foo:0"  # the variable's name, not the current scope


def test_ExponentialMovingAverageTest_testSubsetAverageVariablesNames():
    v0 = tf.Variable(10.0, name="subset_v0")
    v1 = tf.Variable(30.0, name="subset_v1")
    ema = tf.train.ExponentialMovingAverage(0.25, name="foo_avg")
    ema.apply([v0])
    assert ema.variables_to_restore([v0, v1]) == {"subset_v0/foo_avg": v0, "subset_v1/foo_avg": v1}


def test_ExponentialMovingAverageTest_testAverageVariablesDeviceAssignment():
    with tf.device("/cpu:0"):
        v0 = tf.Variable(10.0, name="dev_v0")
    ema = tf.train.ExponentialMovingAverage(0.25, name="foo_avg")
    ema.apply([v0])
    assert tf.to_torch(ema.average(v0).read_value()).device == tf.to_torch(v0.read_value()).device


def test_ExponentialMovingAverageTest_testEagerRejectsTensors():
    ema = tf.train.ExponentialMovingAverage(0.25)
    with pytest.raises(TypeError, match="does not support non-Variable tensors when eager"):
        ema.apply([tf.constant(1.0)])
    with pytest.raises(TypeError, match="must be half, float, or double"):
        ema.apply([tf.Variable(1, name="int_v")])
