"""Ported behaviours of TF's tensorflow/python/data/kernel_tests/from_generator_test.py (eager mode).

Left out: the internal _GeneratorDataset finalize test and shared_name (graph iterators).
"""

import threading

import numpy as np
import pytest

import tfcompat as tf
from _dataset_helpers import assert_dataset_produces, get_next

D = tf.data.Dataset


def _check_from_generator(generator, elem_sequence, num_repeats, output_types=None):
    dataset = D.from_generator(generator, output_types=output_types or tf.int64).repeat(num_repeats).prefetch(5)
    for _ in range(2):  # num_test_iterations=2
        assert_dataset_produces(dataset, [np.array(e) for e in elem_sequence * num_repeats])


def _ramp():
    for i in range(1, 100):
        yield [i] * i


def test_DatasetConstructorTest_testFromGeneratorUsingFunction():
    elem_sequence = list(_ramp())
    _check_from_generator(_ramp, elem_sequence, 1)
    _check_from_generator(_ramp, elem_sequence, 5)


def test_DatasetConstructorTest_testFromGeneratorUsingList():
    generator = lambda: [[i] * i for i in range(1, 100)]  # noqa: E731
    _check_from_generator(generator, list(generator()), 1)
    _check_from_generator(generator, list(generator()), 5)


def test_DatasetConstructorTest_testFromGeneratorUsingNdarray():
    generator = lambda: np.arange(100, dtype=np.int64)  # noqa: E731
    _check_from_generator(generator, list(generator()), 1, output_types=np.int64)
    _check_from_generator(generator, list(generator()), 5, output_types=np.int64)


def test_DatasetConstructorTest_testFromGeneratorUsingGeneratorExpression():
    generator = lambda: ([i] * i for i in range(1, 100))  # noqa: E731
    _check_from_generator(generator, list(generator()), 1)
    _check_from_generator(generator, list(generator()), 5)


def test_DatasetConstructorTest_testFromMultipleConcurrentGenerators():
    num_inner_repeats, num_outer_repeats = 5, 20

    def generator():
        for i in range(1, 10):
            yield [i] * i, [i, i ** 2, i ** 3]

    input_list = list(generator())

    def interleave_fn(_):
        return D.from_generator(generator, output_types=(tf.int64, tf.int64),
                                output_shapes=([None], [3])).repeat(num_inner_repeats).prefetch(5)

    next_element = get_next(D.range(num_outer_repeats).interleave(interleave_fn, cycle_length=10,
                                                                block_length=len(input_list)))
    for _ in range(num_inner_repeats * num_outer_repeats):
        for elem in input_list:
            val0, val1 = next_element()
            np.testing.assert_array_equal(elem[0], val0.numpy())
            np.testing.assert_array_equal(elem[1], val1.numpy())
    with pytest.raises(tf.errors.OutOfRangeError):
        next_element()


def test_DatasetConstructorTest_testFromGeneratorImplicitConversion():
    def generator():
        yield [1]
        yield [2]
        yield [3]

    for dtype in [tf.int8, tf.int32, tf.int64]:
        next_element = get_next(D.from_generator(generator, output_types=dtype, output_shapes=[1]))
        for expected in [[1], [2], [3]]:
            next_val = next_element().numpy()
            assert next_val.dtype == dtype.as_numpy_dtype
            np.testing.assert_array_equal(expected, next_val)
        with pytest.raises(tf.errors.OutOfRangeError):
            next_element()


def test_DatasetConstructorTest_testFromGeneratorString():
    def generator():
        yield "foo"
        yield b"bar"
        yield u"baz"

    dataset = D.from_generator(generator, output_types=tf.string, output_shapes=[])
    assert [e.numpy() for e in dataset] == [b"foo", b"bar", b"baz"]


def test_DatasetConstructorTest_testFromGeneratorTypeError():
    def generator():
        yield np.array([1, 2, 3], dtype=np.int64)
        yield np.array([4, 5, 6], dtype=np.int64)
        yield "ERROR"
        yield np.array([7, 8, 9], dtype=np.int64)

    next_element = get_next(D.from_generator(generator, output_types=tf.int64, output_shapes=[3]))
    np.testing.assert_array_equal([1, 2, 3], next_element().numpy())
    np.testing.assert_array_equal([4, 5, 6], next_element().numpy())
    with pytest.raises(tf.errors.OpError, match="The expected type was int64"):
        next_element()
    np.testing.assert_array_equal([7, 8, 9], next_element().numpy())
    with pytest.raises(tf.errors.OutOfRangeError):
        next_element()


def test_DatasetConstructorTest_testFromGeneratorShapeError():
    def generator():
        yield np.array([1, 2, 3], dtype=np.int64)
        yield np.array([4, 5, 6], dtype=np.int64)
        yield np.array([7, 8, 9, 10], dtype=np.int64)
        yield np.array([11, 12, 13], dtype=np.int64)

    next_element = get_next(D.from_generator(generator, output_types=tf.int64, output_shapes=[3]))
    np.testing.assert_array_equal([1, 2, 3], next_element().numpy())
    np.testing.assert_array_equal([4, 5, 6], next_element().numpy())
    with pytest.raises(tf.errors.OpError, match=r"element of shape \(3,\) was expected"):
        next_element()
    np.testing.assert_array_equal([11, 12, 13], next_element().numpy())
    with pytest.raises(tf.errors.OutOfRangeError):
        next_element()


def test_DatasetConstructorTest_testFromGeneratorStructureError():
    def generator():
        yield 1, 2
        yield 3, 4
        yield 5
        yield 6, 7, 8
        yield 9, 10

    next_element = get_next(D.from_generator(generator, output_types=(tf.int64, tf.int64)))
    assert tuple(t.numpy() for t in next_element()) == (1, 2)
    assert tuple(t.numpy() for t in next_element()) == (3, 4)
    for _ in range(2):
        with pytest.raises(tf.errors.OpError, match=r"The expected structure was \(tf\.int64, tf\.int64\)"):
            next_element()
    assert tuple(t.numpy() for t in next_element()) == (9, 10)
    with pytest.raises(tf.errors.OutOfRangeError):
        next_element()


def test_DatasetConstructorTest_testFromGeneratorHeterogeneous():
    def generator():
        yield 1
        yield [2, 3]

    assert_dataset_produces(D.from_generator(generator, output_types=tf.int64), expected_output=[1, [2, 3]])


def test_DatasetConstructorTest_testFromGeneratorStopShort():
    def generator():
        yield 0
        yield 1
        yield 2

    next_element = get_next(D.from_generator(generator, output_types=tf.int64))
    assert next_element().numpy() == 0
    assert next_element().numpy() == 1


def test_DatasetConstructorTest_testFromGeneratorDestructorCalled():
    event = threading.Event()

    class GeneratorWrapper(object):
        def __iter__(self):
            return self

        def __next__(self):
            return 42

        def __del__(self):
            event.set()

    next_element = get_next(D.from_generator(GeneratorWrapper, output_types=tf.int64).take(2))
    assert next_element().numpy() == 42
    assert next_element().numpy() == 42
    with pytest.raises(tf.errors.OutOfRangeError):
        next_element()
    assert event.is_set()


def test_DatasetConstructorTest_testFromGeneratorWithArgs():
    def flat_map_fn(elem):
        def generator_with_arg(n):
            for _ in range(n):
                yield np.array(n, dtype=np.int64)

        return D.from_generator(generator_with_arg, output_types=tf.int64, output_shapes=(), args=(elem,))

    assert_dataset_produces(D.range(5).flat_map(flat_map_fn), expected_output=[1, 2, 2, 3, 3, 3, 4, 4, 4, 4])


def test_DatasetConstructorTest_testFromGeneratorWithTwoArgs():
    def flat_map_fn(elem, message):
        def generator_with_arg(n, msg):
            for i in range(n):
                yield i, msg

        return D.from_generator(generator_with_arg, output_types=(tf.int64, tf.string), output_shapes=((), ()),
                                args=(elem, message))

    dataset = D.zip((D.range(5), D.from_tensors("Hi!").repeat(None))).flat_map(flat_map_fn)
    assert_dataset_produces(dataset, expected_output=[
        (0, b"Hi!"), (0, b"Hi!"), (1, b"Hi!"), (0, b"Hi!"), (1, b"Hi!"), (2, b"Hi!"), (0, b"Hi!"), (1, b"Hi!"),
        (2, b"Hi!"), (3, b"Hi!")])
