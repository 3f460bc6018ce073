"""Ported behaviours of TF 1.15's kernel_tests/py_func_test.py, eager (tf.py_func, tf.py_function)."""

import numpy as np
import pytest
from numpy.testing import assert_array_equal

import tfcompat as tf


def test_PyFuncTest_testRealDataTypes():
    def sum_func(x, y):
        return x + y
    for dtype in [tf.float16, tf.float32, tf.float64, tf.uint8, tf.int8, tf.uint16, tf.int16, tf.int32, tf.int64]:
        x = tf.constant(1, dtype)
        y = tf.constant(2, dtype)
        z = tf.py_func(sum_func, [x, y], dtype)
        assert z.dtype == dtype and z.numpy() == 3


def test_PyFuncTest_testComplexDataTypes():
    def sub_func(x, y):
        return x - y
    for dtype in [tf.complex64, tf.complex128]:
        z = tf.py_func(sub_func, [tf.constant(1 + 1j, dtype), tf.constant(2 - 2j, dtype)], dtype)
        assert z.numpy() == -1 + 3j


def test_PyFuncTest_testBoolDataTypes():
    def and_func(x, y):
        return x and y
    z = tf.py_func(and_func, [tf.constant(False), tf.constant(True)], tf.bool)
    assert z.numpy() == np.False_


def test_PyFuncTest_testStrings():
    def read_fixed_length_numpy_strings():
        return np.array([b" there"])

    def read_and_return_strings(x, y):
        return x + y
    x = tf.constant([b"hello", b"hi"], tf.string)
    y = tf.py_func(read_fixed_length_numpy_strings, [], tf.string)
    z = tf.py_func(read_and_return_strings, [x, y], tf.string)
    assert list(z.numpy()) == [b"hello there", b"hi there"]


def test_PyFuncTest_testObjectArraysAreConvertedToBytes():
    def read_object_array():
        return np.array([b" there", u" ya"], dtype=object)

    def read_and_return_strings(x, y):
        return x + y
    x = tf.constant(["hello", "hi"], tf.string)
    y = tf.py_func(read_object_array, [], tf.string)
    z = tf.py_func(read_and_return_strings, [x, y], tf.string)
    assert list(z.numpy()) == [b"hello there", b"hi ya"]


def test_PyFuncTest_testNoInput():
    assert tf.py_func(lambda: 42.0, [], tf.float64).numpy() == 42.0


def test_PyFuncTest_testAlias():
    np_array = np.array([1.0, 2.0], dtype=np.float32)
    tf_array = tf.py_func(lambda: np_array, [], [tf.float32])
    value = tf_array[0] + tf.constant([2.0, 3.0], dtype=tf.float32)
    np_array[0] = 42.0  # the op's output is a copy
    assert_array_equal(value.numpy(), [3.0, 5.0])
    assert_array_equal(tf_array[0].numpy(), [1.0, 2.0])


def test_PyFuncTest_testReturnInput():
    x = tf.constant([[1.0, 2.0]])
    assert_array_equal(tf.py_func(lambda v: v, [x], tf.float32).numpy(), [[1.0, 2.0]])


def test_PyFuncTest_testStateful():
    producer = iter(range(3))
    values = [tf.py_func(lambda: next(producer), [], [tf.int64])[0].numpy() for _ in range(3)]
    assert values == [0, 1, 2]
    with pytest.raises(tf.errors.OutOfRangeError, match="StopIteration"):
        tf.py_func(lambda: next(producer), [], [tf.int64])


def test_PyFuncTest_testCOrder():
    val = [[1, 2], [3, 4]]
    x, = tf.py_func(lambda: np.array(val, order="F"), [], [tf.int64])
    assert_array_equal(x.numpy(), val)


def test_PyFuncTest_testNoReturnValueStateless():
    assert tf.py_func(lambda: None, [], [], stateful=False) == []


def _raise(kind):
    def raises():
        raise kind("bad")
    return raises


class WeirdError(Exception):
    pass


@pytest.mark.parametrize("python_error, tf_error", [
    (ValueError, tf.errors.InvalidArgumentError), (TypeError, tf.errors.InvalidArgumentError),
    (StopIteration, tf.errors.OutOfRangeError), (MemoryError, tf.errors.ResourceExhaustedError),
    (NotImplementedError, tf.errors.UnimplementedError), (WeirdError, tf.errors.UnknownError)])
def test_PyFuncTest_testExceptionHandling(python_error, tf_error):
    for py_func in (lambda f: tf.py_func(f, [], tf.float32), lambda f: tf.py_function(f, [], tf.float32)):
        with pytest.raises(tf_error, match=python_error.__name__):
            py_func(_raise(python_error))


def _matmul(a, x):
    return tf.matmul(a, x)


def test_PyFuncTest_testEagerSingleOutputFloat32():
    a = tf.ones((3, 3), dtype=tf.float32)
    x = tf.ones((3, 1), dtype=tf.float32)
    output = tf.py_function(_matmul, inp=[a, x], Tout=tf.float32)
    assert_array_equal(output.numpy(), [[3.0], [3.0], [3.0]])


def test_PyFuncTest_testEagerArrayOutput():
    a = tf.ones((3, 3), dtype=tf.float32)
    x = tf.ones((3, 1), dtype=tf.float32)
    output = tf.py_function(lambda a, x: [_matmul(a, x)], inp=[a, x], Tout=[tf.float32])
    assert len(output) == 1
    assert_array_equal(output[0].numpy(), [[3.0], [3.0], [3.0]])


def test_PyFuncTest_testEagerReturnNone():
    def no_return_value():
        return
    assert len(tf.py_function(no_return_value, inp=[], Tout=[])) == 0


def test_PyFuncTest_testEagerReturningVariableRaisesError():
    def return_variable():
        return tf.Variable(0.0)
    with pytest.raises(tf.errors.UnknownError, match="Attempting to return a variable"):
        tf.py_function(return_variable, inp=[], Tout=tf.float32)


def test_PyFuncTest_testEagerGradientTape():
    def f(x):
        return x ** 2
    x = tf.constant(3.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.py_function(f, inp=[x], Tout=tf.float32)
    assert tape.gradient(y, x).numpy() == 6.0


def test_PyFuncTest_testEagerGradientTapeMultipleArgs():
    def f(x, y):
        return x ** 2 + y ** 2
    x = tf.constant(3.0)
    y = tf.constant(4.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        tape.watch(y)
        z = tf.py_function(f, inp=[x, y], Tout=tf.float32)
    dz_dx, dz_dy = tape.gradient(z, [x, y])
    assert dz_dx.numpy() == 6.0 and dz_dy.numpy() == 8.0


def test_PyFuncTest_testPyFuncIsNotDifferentiable():
    # TF registers PyFunc as not differentiable: a tape sees its output as a constant.
    x = tf.constant(3.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.py_func(lambda v: v * v, [x], tf.float32)
    assert tape.gradient(y, x) is None
