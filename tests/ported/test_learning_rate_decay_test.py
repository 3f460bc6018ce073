"""Ported behaviours of tensorflow/python/training/learning_rate_decay_test.py (TF 1.15), eager mode.

Under eager each schedule returns a callable, called where TF's test evaluated the tensor.
The NumPy reference formulas of TF's cosine tests are rewritten here from the formulas TF
documents (np_cosine_decay, np_cosine_decay_restarts, np_linear_cosine_decay).
"""

import math

import pytest
from numpy.testing import assert_allclose

import tfcompat as tf

LR, END = 0.05, 0.001


def _close(lr_fn, expected):
    assert_allclose(lr_fn().numpy(), expected, rtol=1e-6, atol=1e-6)


def test_LRDecayTest_testContinuous():
    _close(tf.train.exponential_decay(0.05, 5, 10, 0.96), 0.05 * 0.96 ** (5.0 / 10.0))


def _staircase(step):
    decayed_lr = tf.train.exponential_decay(0.1, step, 3, 0.96, staircase=True)
    for value, expected in ((1, 0.1), (2, 0.1), (100, 0.1 * 0.96 ** (100 // 3))):
        step.assign(value)
        _close(decayed_lr, expected)


def test_LRDecayTest_testStaircase():
    _staircase(tf.Variable(0))


def test_LRDecayTest_testVariables():
    _staircase(tf.Variable(1))


def test_LRDecayTest_testPiecewiseConstant():
    x = tf.Variable(-999)
    decayed_lr = tf.train.piecewise_constant(x, [100, 110, 120], [1.0, 0.1, 0.01, 0.001])
    for value, expected in ((-999, 1.0), (100, 1.0), (105, 0.1), (110, 0.1), (120, 0.01), (999, 0.001)):
        x.assign(value)
        _close(decayed_lr, expected)


def test_LRDecayTest_testPiecewiseConstantEdgeCases():
    with pytest.raises(ValueError):
        tf.train.piecewise_constant(tf.Variable(0, dtype=tf.int32), [-1.0, 1.0], [1, 2, 3])()
    with pytest.raises(ValueError):
        tf.train.piecewise_constant(tf.Variable(0.0), [-1.0, 1.0], [1.0, 2, 3])()
    x_int64 = tf.Variable(0, dtype=tf.int64)
    decayed_lr = tf.train.piecewise_constant(x_int64, [1, 2, 3], [0.4, 0.5, 0.6, 0.7])
    _close(decayed_lr, 0.4)
    for value, expected in ((1, 0.4), (2, 0.5), (3, 0.6), (4, 0.7)):
        x_int64.assign(value)
        _close(decayed_lr, expected)


# --- polynomial decay: LinearDecayTest (power 1) and SqrtDecayTest (power 0.5) ---

def _polynomial_test(power, step, end_lr, cycle, expected):
    def test():
        _close(tf.train.polynomial_decay(LR, step, 10, end_lr, power=power, cycle=cycle), expected)
    return test


# TF's two classes run the same five methods with power 1 and 0.5: one test_<Class>_<method> each
for _cls, _power in (("LinearDecayTest", 1.0), ("SqrtDecayTest", 0.5)):
    for _method, _step, _end, _cycle, _expected in (
            ("testHalfWay", 5, 0.0, False, LR * 0.5 ** _power),
            ("testEnd", 10, END, False, END),
            ("testHalfWayWithEnd", 5, END, False, (LR - END) * 0.5 ** _power + END),
            ("testBeyondEnd", 15, END, False, END),
            # cycled past decay_steps: decay_steps doubles to 20, 1 - 15/20 = 0.25
            ("testBeyondEndWithCycle", 15, END, True, (LR - END) * 0.25 ** _power + END)):
        globals()[f"test_{_cls}_{_method}"] = _polynomial_test(_power, _step, _end, _cycle, _expected)


def test_PolynomialDecayTest_testBeginWithCycle():
    _close(tf.train.polynomial_decay(0.001, 0, 10, cycle=True), 0.001)


# --- natural exp (TF's ExponentialDecayTest) and inverse time decay ---

def _stepped(make, expected_at):
    step = tf.Variable(0)
    decayed_lr = make(step)
    for i in range(11):
        _close(decayed_lr, expected_at(i))
        step.assign_add(1)


def test_ExponentialDecayTest_testDecay():
    _stepped(lambda step: tf.train.natural_exp_decay(0.1, step, 10, 0.96),
             lambda i: 0.1 * math.exp(-i / 10 * 0.96))


def test_ExponentialDecayTest_testStaircase():
    _stepped(lambda step: tf.train.natural_exp_decay(0.1, step, 10, 0.96, staircase=True),
             lambda i: 0.1 * math.exp(-0.96 * (i // 10)))


def test_InverseDecayTest_testDecay():
    _stepped(lambda step: tf.train.inverse_time_decay(0.1, step, 10, 0.96),
             lambda i: 0.1 / (1 + i / 10 * 0.96))


def test_InverseDecayTest_testStaircase():
    _stepped(lambda step: tf.train.inverse_time_decay(0.1, step, 10, 0.96, staircase=True),
             lambda i: 0.1 / (1 + 0.96 * (i // 10)))


# --- cosine schedules, against the reference formulas ---

def np_cosine_decay(step, decay_steps, alpha=0.0):
    step = min(step, decay_steps)
    decay = 0.5 * (1.0 + math.cos(math.pi * step / decay_steps))
    return (1.0 - alpha) * decay + alpha


def np_cosine_decay_restarts(step, decay_steps, t_mul=2.0, m_mul=1.0, alpha=0.0):
    factor = 1.0
    while step >= decay_steps:
        step -= decay_steps
        decay_steps *= t_mul
        factor *= m_mul
    decay = factor * 0.5 * (1.0 + math.cos(math.pi * step / decay_steps))
    return (1.0 - alpha) * decay + alpha


def np_linear_cosine_decay(step, decay_steps, alpha=0.0, beta=0.001, num_periods=0.5):
    step = min(step, decay_steps)
    linear_decayed = (decay_steps - step) / decay_steps
    cosine_decayed = 0.5 * (1.0 + math.cos(math.pi * 2.0 * num_periods * step / decay_steps))
    return (alpha + linear_decayed) * cosine_decayed + beta


STEPS = range(0, 1500, 250)


def test_CosineDecayTest_testDecay():
    for step in STEPS:
        _close(tf.train.cosine_decay(1.0, step, 1000), np_cosine_decay(step, 1000))


def test_CosineDecayTest_testAlpha():
    for step in STEPS:
        _close(tf.train.cosine_decay(1.0, step, 1000, 0.1), np_cosine_decay(step, 1000, 0.1))


def test_CosineDecayRestartsTest_testDecay():
    for step in STEPS:
        _close(tf.train.cosine_decay_restarts(1.0, step, 1000), np_cosine_decay_restarts(step, 1000))


def test_CosineDecayRestartsTest_testAlpha():
    for step in STEPS:
        _close(tf.train.cosine_decay_restarts(1.0, step, 1000, alpha=0.1),
               np_cosine_decay_restarts(step, 1000, alpha=0.1))


def test_CosineDecayRestartsTest_testMMul():
    for step in STEPS:
        _close(tf.train.cosine_decay_restarts(1.0, step, 1000, m_mul=0.9),
               np_cosine_decay_restarts(step, 1000, m_mul=0.9))


def test_CosineDecayRestartsTest_testTMul():
    for step in STEPS:
        _close(tf.train.cosine_decay_restarts(1.0, step, 1000, t_mul=1.0),
               np_cosine_decay_restarts(step, 1000, t_mul=1.0))


def test_LinearCosineDecayTest_testDefaultDecay():
    for step in STEPS:
        _close(tf.train.linear_cosine_decay(1.0, step, 1000), np_linear_cosine_decay(step, 1000))


def test_LinearCosineDecayTest_testNonDefaultDecay():
    for step in STEPS:
        _close(tf.train.linear_cosine_decay(1.0, step, 1000, alpha=0.1, beta=1e-4, num_periods=5),
               np_linear_cosine_decay(step, 1000, alpha=0.1, beta=1e-4, num_periods=5))


def _noisy_runs(**kwargs):
    """TF checks no value (the noise is random): each call must yield a finite float32 scalar."""
    for step in STEPS:
        value = tf.train.noisy_linear_cosine_decay(1.0, step, 1000, **kwargs)()
        assert value.dtype == tf.float32 and value.shape == () and math.isfinite(float(value.numpy()))


def test_NoisyLinearCosineDecayTest_testDefaultNoisyLinearCosine():
    _noisy_runs()


def test_NoisyLinearCosineDecayTest_testNonDefaultNoisyLinearCosine():
    _noisy_runs(initial_variance=0.5, variance_decay=0.1, alpha=0.1, beta=1e-4, num_periods=5)
