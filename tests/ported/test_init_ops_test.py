"""Ports of tensorflow/python/kernel_tests/init_ops_test.py (TF 1.x, eager mode).

RangeTest and LinSpaceTest check tf.range / tf.lin_space; the other classes check the TF 1.x
initializers.  TF runs those in graph mode: ``get_variable(initializer=init)`` becomes a direct
``init(shape)`` call, and a fresh graph becomes tf.set_random_seed(None), which (as in TF eager)
restarts every seeded stream, so "same seed in a new graph gives the same values" holds as
"same seed after a restart gives the same values".  Where graph mode and eager mode differ, the
port asserts what TF 1.x eager does: tf.constant (behind constant_initializer) raises TypeError
in eager for a value whose size differs from the shape, where the graph-mode test expects the
last value to be repeated (LessValues) or a ValueError (MoreValues).  Not ported:
IdentityInitializerTest.testPartitions (partitioned variables), DeviceTest (graph devices) and
the Convolution*Orthogonal classes, which have no public TF 1.x name.
"""

from unittest import mock

import numpy as np
import pytest
from numpy.testing import assert_allclose, assert_array_equal

import tfcompat as tf
from tfcompat._src.ops import random_ops


@pytest.fixture(autouse=True)
def _no_graph_seed():
    tf.set_random_seed(None)
    yield
    tf.set_random_seed(None)


def _range(start, limit, delta):
    result = tf.range(start, limit, delta, name="range")
    assert result.shape.as_list() == [len(np.arange(start, limit, delta))]
    return result.numpy()


def test_RangeTest_testBasic():
    """Port of tensorflow/python/kernel_tests/init_ops_test.py::RangeTest::testBasic"""
    assert_array_equal(_range(0, 5, 1), [0, 1, 2, 3, 4])
    assert_array_equal(_range(0, 5, 2), [0, 2, 4])
    assert_array_equal(_range(0, 6, 2), [0, 2, 4])
    assert_array_equal(_range(13, 32, 7), [13, 20, 27])
    assert_array_equal(_range(100, 500, 100), [100, 200, 300, 400])
    assert tf.range(0, 5, 1).dtype == tf.int32


def test_RangeTest_testLimitOnly():
    """Port of tensorflow/python/kernel_tests/init_ops_test.py::RangeTest::testLimitOnly"""
    assert_array_equal(tf.range(5).numpy(), np.arange(5))


def test_RangeTest_testEmpty():
    """Port of tensorflow/python/kernel_tests/init_ops_test.py::RangeTest::testEmpty"""
    for start in 0, 5:
        assert_array_equal(_range(start, start, 1), [])


def test_RangeTest_testNonInteger():
    """Port of tensorflow/python/kernel_tests/init_ops_test.py::RangeTest::testNonInteger"""
    assert_allclose(_range(0, 2, 0.5), [0, 0.5, 1, 1.5])
    assert_allclose(_range(0, 5, 2.5), [0, 2.5])
    assert_allclose(_range(0, 3, 0.9), [0, 0.9, 1.8, 2.7], rtol=1e-6)
    assert_allclose(_range(100., 500., 100.), [100, 200, 300, 400])
    assert tf.range(0., 5., 1.).dtype == tf.float32


def test_RangeTest_testNegativeDelta():
    """Port of tensorflow/python/kernel_tests/init_ops_test.py::RangeTest::testNegativeDelta"""
    assert_array_equal(_range(5, -1, -1), [5, 4, 3, 2, 1, 0])
    assert_allclose(_range(2.5, 0, -0.5), [2.5, 2, 1.5, 1, 0.5])
    assert_array_equal(_range(-5, -10, -3), [-5, -8])


def test_RangeTest_testDType():
    """Port of tensorflow/python/kernel_tests/init_ops_test.py::RangeTest::testDType"""
    zero_int32 = tf.cast(0, tf.int32)
    zero_int64 = tf.cast(0, tf.int64)
    zero_float32 = tf.cast(0, tf.float32)
    zero_float64 = tf.cast(0, tf.float64)
    assert tf.range(zero_int32, 0, 1).dtype == tf.int32
    assert tf.range(zero_int64, 0, 1).dtype == tf.int64
    assert tf.range(zero_float32, 0, 1).dtype == tf.float32
    assert tf.range(zero_float64, 0, 1).dtype == tf.float64
    assert tf.range(zero_int32, zero_int64, 1).dtype == tf.int64
    assert tf.range(zero_int64, zero_float32, 1).dtype == tf.float32
    assert tf.range(zero_float32, zero_float64, 1).dtype == tf.float64
    assert tf.range(zero_float64, zero_int32, 1).dtype == tf.float64
    for dtype in (tf.int32, tf.int64, tf.float32, tf.float64):
        assert tf.range(0, 0, 1, dtype=dtype).dtype == dtype


def _lin_space(start, stop, num):
    result = tf.lin_space(start, stop, num, name="linspace")
    assert result.shape.as_list() == [num]
    return result.numpy()


def _check_lin_space(start, stop, cases):
    for num, expected in cases:
        result = _lin_space(start, stop, num)
        assert result.dtype == np.float32
        assert_allclose(result, expected, atol=1e-5)


def test_LinSpaceTest_testPositive():
    """Port of tensorflow/python/kernel_tests/init_ops_test.py::LinSpaceTest::testPositive"""
    _check_lin_space(1., 5., [(1, [1.]), (2, [1., 5.]), (3, [1., 3., 5.]), (4, [1., 7. / 3., 11. / 3., 5.])])


def test_LinSpaceTest_testNegative():
    """Port of tensorflow/python/kernel_tests/init_ops_test.py::LinSpaceTest::testNegative"""
    _check_lin_space(-1., -5., [(1, [-1.]), (2, [-1., -5.]), (3, [-1., -3., -5.]),
                                (4, [-1., -7. / 3., -11. / 3., -5.])])


def test_LinSpaceTest_testNegativeToPositive():
    """Port of tensorflow/python/kernel_tests/init_ops_test.py::LinSpaceTest::testNegativeToPositive"""
    _check_lin_space(-1., 5., [(1, [-1.]), (2, [-1., 5.]), (3, [-1., 2., 5.]), (4, [-1., 1., 3., 5.])])


def test_LinSpaceTest_testPoint():
    """Port of tensorflow/python/kernel_tests/init_ops_test.py::LinSpaceTest::testPoint"""
    _check_lin_space(5., 5., [(n, [5.] * n) for n in (1, 2, 3, 4)])


def test_LinSpaceTest_testEndpointsAreExact():
    """Port of tensorflow/python/kernel_tests/init_ops_test.py::LinSpaceTest::testEndpointsAreExact"""
    assert_array_equal(_lin_space(0., 1., 42)[[0, -1]], np.array([0., 1.], np.float32))
    assert_array_equal(_lin_space(-1., 0., 42)[[0, -1]], np.array([-1., 0.], np.float32))
    assert_array_equal(_lin_space(.1, .2, 4)[[0, -1]], np.array([.1, .2], np.float32))
    result = _lin_space(np.array(0., np.float64), .1, 12)
    assert result.dtype == np.float64
    assert_array_equal(result[[0, -1]], np.array([0., .1], np.float64))


# --- initializer helpers (TF's identicaltest / duplicated_initializer, eager) ---------------------------

def _identical(init1, init2, shape=None):
    """Each initializer run in a fresh "graph": same values to within 1e-15?"""
    shape = [100] if shape is None else shape
    tf.set_random_seed(None)
    t1 = init1(shape).numpy()
    tf.set_random_seed(None)
    t2 = init2(shape).numpy()
    return np.allclose(t1, t2, rtol=1e-15, atol=1e-15)


def _duplicated(init, graph_seed, shape=None):
    """Two kernels from one initializer under one graph seed: the same values?"""
    shape = [100] if shape is None else shape
    tf.set_random_seed(graph_seed)
    t1 = init(shape).numpy()
    t2 = init(shape).numpy()
    return np.allclose(t1, t2, rtol=1e-15, atol=1e-15)


# --- ConstantInitializersTest ----------------------------------------------------------------------

def test_ConstantInitializersTest_testZerosInitializer():
    """Port of tensorflow/python/kernel_tests/init_ops_test.py::ConstantInitializersTest::testZerosInitializer"""
    assert_array_equal(tf.zeros_initializer()([2, 3]), np.zeros([2, 3]))


def test_ConstantInitializersTest_testOnesInitializer():
    """Port of tensorflow/python/kernel_tests/init_ops_test.py::ConstantInitializersTest::testOnesInitializer"""
    assert_array_equal(tf.ones_initializer()([2, 3]), np.ones([2, 3]))


def test_ConstantInitializersTest_testConstantZeroInitializer():
    """Port of tensorflow/python/kernel_tests/init_ops_test.py::ConstantInitializersTest::testConstantZeroInitializer"""
    assert_array_equal(tf.constant_initializer(0.0)([2, 3]), np.zeros([2, 3]))


def test_ConstantInitializersTest_testConstantOneInitializer():
    """Port of tensorflow/python/kernel_tests/init_ops_test.py::ConstantInitializersTest::testConstantOneInitializer"""
    assert_array_equal(tf.constant_initializer(1.0)([2, 3]), np.ones([2, 3]))


def test_ConstantInitializersTest_testConstantIntInitializer():
    """Port of tensorflow/python/kernel_tests/init_ops_test.py::ConstantInitializersTest::testConstantIntInitializer"""
    x = tf.constant_initializer(7)([2, 3], dtype=tf.int32)
    assert x.dtype.base_dtype == tf.int32
    assert_array_equal(x, 7 * np.ones([2, 3], dtype=np.int32))


def test_ConstantInitializersTest_testConstantTupleInitializer():
    """Port of tensorflow/python/kernel_tests/init_ops_test.py::ConstantInitializersTest::testConstantTupleInitializer"""
    x = tf.constant_initializer((10, 20, 30))([3], dtype=tf.int32)
    assert x.dtype.base_dtype == tf.int32
    assert_array_equal(x, [10, 20, 30])


def _ndim_values(value, shape):
    return tf.reshape(tf.constant_initializer(value, dtype=tf.int32)(shape), [-1]).numpy()


def test_ConstantInitializersTest_testNDimConstantInitializer():
    """Port of tensorflow/python/kernel_tests/init_ops_test.py::ConstantInitializersTest::testNDimConstantInitializer"""
    value = [0, 1, 2, 3, 4, 5]
    for given in (value, np.asarray(value), np.asarray(value).reshape(2, 3)):
        actual = _ndim_values(given, [2, 3])
        assert actual.dtype == np.int32 and actual.tolist() == value


def test_ConstantInitializersTest_testNDimConstantInitializerLessValues():
    """Port of tensorflow/python/kernel_tests/init_ops_test.py::ConstantInitializersTest::testNDimConstantInitializerLessValues
    (eager: tf.constant raises TypeError; graph mode repeats the last value)"""
    value = [0, 1, 2, 3, 4, 5]
    for given in (value, np.asarray(value), np.asarray(value).reshape(2, 3)):
        with pytest.raises(TypeError, match=r"has 6 elements, but got `shape` \(2, 4\) with 8 elements"):
            _ndim_values(given, [2, 4])


def test_ConstantInitializersTest_testNDimConstantInitializerMoreValues():
    """Port of tensorflow/python/kernel_tests/init_ops_test.py::ConstantInitializersTest::testNDimConstantInitializerMoreValues
    (eager: TypeError where graph mode raises ValueError)"""
    value = [0, 1, 2, 3, 4, 5, 6, 7]
    for given in (value, np.asarray(value), np.asarray(value).reshape(2, 4)):
        with pytest.raises(TypeError, match=r"has 8 elements, but got `shape` \(2, 3\) with 6 elements"):
            _ndim_values(given, [2, 3])


def test_ConstantInitializersTest_testInvalidValueTypeForConstantInitializerCausesTypeError():
    """Port of tensorflow/python/kernel_tests/init_ops_test.py::ConstantInitializersTest::testInvalidValueTypeForConstantInitializerCausesTypeError"""
    c = tf.constant([1.0, 2.0, 3.0])
    with pytest.raises(TypeError, match=r"Invalid type for initial value: .*Tensor.*"):
        tf.constant_initializer(c, dtype=tf.float32)
    v = tf.Variable([3.0, 2.0, 1.0])
    with pytest.raises(TypeError, match=r"Invalid type for initial value: .*Variable.*"):
        tf.constant_initializer(v, dtype=tf.float32)


# --- RandomNormalInitializationTest, TruncatedNormalInitializationTest ----------------------------

def _check_normal_identical(make):
    for dtype in (tf.float32, tf.float64):
        assert _identical(make(0.0, 1.0, seed=1, dtype=dtype), make(0.0, 1.0, seed=1, dtype=dtype))


def _check_normal_different(make):
    for dtype in (tf.float32, tf.float64):
        assert not _identical(make(0.0, 1.0, seed=1, dtype=dtype), make(0.0, 1.0, seed=2, dtype=dtype))


def test_RandomNormalInitializationTest_testInitializerIdentical():
    """Port of tensorflow/python/kernel_tests/init_ops_test.py::RandomNormalInitializationTest::testInitializerIdentical"""
    _check_normal_identical(tf.random_normal_initializer)


def test_RandomNormalInitializationTest_testInitializerDifferent():
    """Port of tensorflow/python/kernel_tests/init_ops_test.py::RandomNormalInitializationTest::testInitializerDifferent"""
    _check_normal_different(tf.random_normal_initializer)


def test_RandomNormalInitializationTest_testDuplicatedInitializer():
    """Port of tensorflow/python/kernel_tests/init_ops_test.py::RandomNormalInitializationTest::testDuplicatedInitializer"""
    assert not _duplicated(tf.random_normal_initializer(0.0, 1.0), 1)


def test_RandomNormalInitializationTest_testInvalidDataType():
    """Port of tensorflow/python/kernel_tests/init_ops_test.py::RandomNormalInitializationTest::testInvalidDataType"""
    with pytest.raises(ValueError):
        tf.random_normal_initializer(0.0, 1.0, dtype=tf.string)


def test_TruncatedNormalInitializationTest_testInitializerIdentical():
    """Port of tensorflow/python/kernel_tests/init_ops_test.py::TruncatedNormalInitializationTest::testInitializerIdentical"""
    _check_normal_identical(tf.truncated_normal_initializer)


def test_TruncatedNormalInitializationTest_testInitializerDifferent():
    """Port of tensorflow/python/kernel_tests/init_ops_test.py::TruncatedNormalInitializationTest::testInitializerDifferent"""
    _check_normal_different(tf.truncated_normal_initializer)


def test_TruncatedNormalInitializationTest_testDuplicatedInitializer():
    """Port of tensorflow/python/kernel_tests/init_ops_test.py::TruncatedNormalInitializationTest::testDuplicatedInitializer"""
    assert not _duplicated(tf.truncated_normal_initializer(0.0, 1.0), 1)


def test_TruncatedNormalInitializationTest_testInvalidDataType():
    """Port of tensorflow/python/kernel_tests/init_ops_test.py::TruncatedNormalInitializationTest::testInvalidDataType"""
    with pytest.raises(ValueError):
        tf.truncated_normal_initializer(0.0, 1.0, dtype=tf.string)


# --- RandomUniformInitializationTest -----------------------------------------------------------------

def test_RandomUniformInitializationTest_testInitializerIdentical():
    """Port of tensorflow/python/kernel_tests/init_ops_test.py::RandomUniformInitializationTest::testInitializerIdentical"""
    for dtype in (tf.float32, tf.float64, tf.int64):
        init1 = tf.random_uniform_initializer(0, 7, seed=1, dtype=dtype)
        init2 = tf.random_uniform_initializer(0, 7, seed=1, dtype=dtype)
        assert _identical(init1, init2)


def test_RandomUniformInitializationTest_testInitializerDifferent():
    """Port of tensorflow/python/kernel_tests/init_ops_test.py::RandomUniformInitializationTest::testInitializerDifferent"""
    for dtype in (tf.float32, tf.float64, tf.int32, tf.int64):
        init1 = tf.random_uniform_initializer(0, 7, seed=1, dtype=dtype)
        init2 = tf.random_uniform_initializer(0, 7, seed=2, dtype=dtype)
        assert not _identical(init1, init2)


def test_RandomUniformInitializationTest_testDuplicatedInitializer():
    """Port of tensorflow/python/kernel_tests/init_ops_test.py::RandomUniformInitializationTest::testDuplicatedInitializer"""
    assert not _duplicated(tf.random_uniform_initializer(0.0, 1.0), 1)


# --- UniformUnitScalingInitializationTest --------------------------------------------------------------

def test_UniformUnitScalingInitializationTest_testInitializerIdentical():
    """Port of tensorflow/python/kernel_tests/init_ops_test.py::UniformUnitScalingInitializationTest::testInitializerIdentical"""
    for dtype in (tf.float32, tf.float64):
        assert _identical(tf.uniform_unit_scaling_initializer(seed=1, dtype=dtype),
                          tf.uniform_unit_scaling_initializer(seed=1, dtype=dtype))
        assert _identical(tf.uniform_unit_scaling_initializer(1.5, seed=1, dtype=dtype),
                          tf.uniform_unit_scaling_initializer(1.5, seed=1, dtype=dtype))


def test_UniformUnitScalingInitializationTest_testInitializerDifferent():
    """Port of tensorflow/python/kernel_tests/init_ops_test.py::UniformUnitScalingInitializationTest::testInitializerDifferent"""
    for dtype in (tf.float32, tf.float64):
        init1 = tf.uniform_unit_scaling_initializer(seed=1, dtype=dtype)
        init2 = tf.uniform_unit_scaling_initializer(seed=2, dtype=dtype)
        init3 = tf.uniform_unit_scaling_initializer(1.5, seed=1, dtype=dtype)
        assert not _identical(init1, init2)
        assert not _identical(init1, init3)
        assert not _identical(init2, init3)


def test_UniformUnitScalingInitializationTest_testZeroSize():
    """Port of tensorflow/python/kernel_tests/init_ops_test.py::UniformUnitScalingInitializationTest::testZeroSize"""
    shape = [0, 2]
    assert_array_equal(shape, tf.uniform_unit_scaling_initializer()(shape).numpy().shape)


def test_UniformUnitScalingInitializationTest_testDuplicatedInitializer():
    """Port of tensorflow/python/kernel_tests/init_ops_test.py::UniformUnitScalingInitializationTest::testDuplicatedInitializer"""
    assert not _duplicated(tf.uniform_unit_scaling_initializer(), 1)


def test_UniformUnitScalingInitializationTest_testInvalidDataType():
    """Port of tensorflow/python/kernel_tests/init_ops_test.py::UniformUnitScalingInitializationTest::testInvalidDataType"""
    with pytest.raises(ValueError):
        tf.uniform_unit_scaling_initializer(dtype=tf.string)


# --- VarianceScalingInitializationTest -----------------------------------------------------------------

def _check_variance_scaling(distribution, patched=None):
    shape = [100, 100]
    init = tf.variance_scaling_initializer(distribution=distribution)
    if patched is None:
        x = init(shape).numpy()
    else:
        with mock.patch.object(random_ops, patched, wraps=getattr(random_ops, patched)) as op:
            x = init(shape).numpy()
            assert op.called
    assert abs(np.mean(x) - 0.) <= 1e-2
    assert abs(np.var(x) - 1. / shape[0]) <= 1e-2


def test_VarianceScalingInitializationTest_testTruncatedNormalDistribution():
    """Port of tensorflow/python/kernel_tests/init_ops_test.py::VarianceScalingInitializationTest::testTruncatedNormalDistribution"""
    _check_variance_scaling("truncated_normal", "truncated_normal")


def test_VarianceScalingInitializationTest_testNormalDistribution():
    """Port of tensorflow/python/kernel_tests/init_ops_test.py::VarianceScalingInitializationTest::testNormalDistribution"""
    _check_variance_scaling("normal", "truncated_normal")


def test_VarianceScalingInitializationTest_testUntruncatedNormalDistribution():
    """Port of tensorflow/python/kernel_tests/init_ops_test.py::VarianceScalingInitializationTest::testUntruncatedNormalDistribution"""
    _check_variance_scaling("untruncated_normal", "random_normal")


def test_VarianceScalingInitializationTest_testUniformDistribution():
    """Port of tensorflow/python/kernel_tests/init_ops_test.py::VarianceScalingInitializationTest::testUniformDistribution"""
    _check_variance_scaling("uniform")


# --- OrthogonalInitializerTest -------------------------------------------------------------------------

def test_OrthogonalInitializerTest_testInitializerIdentical():
    """Port of tensorflow/python/kernel_tests/init_ops_test.py::OrthogonalInitializerTest::testInitializerIdentical"""
    for dtype in (tf.float32, tf.float64):
        assert _identical(tf.orthogonal_initializer(seed=1, dtype=dtype),
                          tf.orthogonal_initializer(seed=1, dtype=dtype), (10, 10))


def test_OrthogonalInitializerTest_testInitializerDifferent():
    """Port of tensorflow/python/kernel_tests/init_ops_test.py::OrthogonalInitializerTest::testInitializerDifferent"""
    for dtype in (tf.float32, tf.float64):
        assert not _identical(tf.orthogonal_initializer(seed=1, dtype=dtype),
                              tf.orthogonal_initializer(seed=2, dtype=dtype), (10, 10))


def test_OrthogonalInitializerTest_testDuplicatedInitializer():
    """Port of tensorflow/python/kernel_tests/init_ops_test.py::OrthogonalInitializerTest::testDuplicatedInitializer"""
    assert not _duplicated(tf.orthogonal_initializer(), 1, (10, 10))


def test_OrthogonalInitializerTest_testInvalidDataType():
    """Port of tensorflow/python/kernel_tests/init_ops_test.py::OrthogonalInitializerTest::testInvalidDataType"""
    with pytest.raises(ValueError):
        tf.orthogonal_initializer(dtype=tf.string)


def test_OrthogonalInitializerTest_testInvalidShape():
    """Port of tensorflow/python/kernel_tests/init_ops_test.py::OrthogonalInitializerTest::testInvalidShape"""
    with pytest.raises(ValueError):
        tf.orthogonal_initializer()(shape=[5])


def test_OrthogonalInitializerTest_testGain():
    """Port of tensorflow/python/kernel_tests/init_ops_test.py::OrthogonalInitializerTest::testGain"""
    shape = (10, 10)
    for dtype in (tf.float32, tf.float64):
        init1 = tf.orthogonal_initializer(seed=1, dtype=dtype)
        init2 = tf.orthogonal_initializer(gain=3.14, seed=1, dtype=dtype)
        tf.set_random_seed(None)
        t1 = init1(shape).numpy()
        tf.set_random_seed(None)
        t2 = init2(shape).numpy()
        assert_allclose(t1, t2 / 3.14, rtol=1e-6, atol=1e-6)


def test_OrthogonalInitializerTest_testShapesValues():
    """Port of tensorflow/python/kernel_tests/init_ops_test.py::OrthogonalInitializerTest::testShapesValues"""
    for dtype in (tf.float32, tf.float64):
        for shape in [(10, 10), (10, 9, 8), (100, 5, 5), (50, 40), (40, 50)]:
            init = tf.orthogonal_initializer(dtype=dtype)
            tol = 1e-5 if dtype == tf.float32 else 1e-12
            t = init(shape).numpy()
            assert_array_equal(shape, t.shape)
            t = t.reshape((np.prod(t.shape[:-1]), t.shape[-1]))
            if t.shape[0] > t.shape[1]:
                assert_allclose(np.dot(t.T, t), np.eye(t.shape[1]), rtol=tol, atol=tol)
            else:
                assert_allclose(np.dot(t, t.T), np.eye(t.shape[0]), rtol=tol, atol=tol)


# --- IdentityInitializerTest ---------------------------------------------------------------------------

def test_IdentityInitializerTest_testInvalidDataType():
    """Port of tensorflow/python/kernel_tests/init_ops_test.py::IdentityInitializerTest::testInvalidDataType
    (TF's test builds an orthogonal_initializer here; the identity one is checked too)"""
    with pytest.raises(ValueError):
        tf.orthogonal_initializer(dtype=tf.string)
    with pytest.raises(ValueError):
        tf.initializers.identity(dtype=tf.string)


def test_IdentityInitializerTest_testInvalidShape():
    """Port of tensorflow/python/kernel_tests/init_ops_test.py::IdentityInitializerTest::testInvalidShape"""
    init = tf.initializers.identity()
    for shape in ([5, 7, 7], [5], []):
        with pytest.raises(ValueError):
            init(shape=shape)


def test_IdentityInitializerTest_testNonSquare():
    """Port of tensorflow/python/kernel_tests/init_ops_test.py::IdentityInitializerTest::testNonSquare"""
    shape = (10, 5)
    assert_allclose(tf.initializers.identity()(shape).numpy(), np.eye(*shape))


def test_IdentityInitializerTest_testGain():
    """Port of tensorflow/python/kernel_tests/init_ops_test.py::IdentityInitializerTest::testGain"""
    shape = (10, 10)
    for dtype in (tf.float32, tf.float64):
        init_default = tf.initializers.identity(dtype=dtype)
        init_custom = tf.initializers.identity(gain=0.9, dtype=dtype)
        assert_allclose(init_default(shape).numpy(), np.eye(*shape))
        assert_allclose(init_custom(shape).numpy(), np.eye(*shape) * 0.9, rtol=1e-6)
