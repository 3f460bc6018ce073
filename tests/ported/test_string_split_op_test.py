"""Ports of TF 1.15's tensorflow/python/kernel_tests/string_split_op_test.py (StringSplitOpTest,
StringSplitV2OpTest), under eager execution: sess.run(tokens) is the SparseTensor's parts."""

import numpy as np
import pytest

import tfcompat as tf


def _parts(tokens):
    return tokens.indices.numpy().tolist(), tokens.values.numpy().tolist(), tokens.dense_shape.numpy().tolist()


def test_StringSplitOpTest_testStringSplit():
    indices, values, shape = _parts(tf.string_split(["pigs on the wing", "animals"]))
    assert indices == [[0, 0], [0, 1], [0, 2], [0, 3], [1, 0]]
    assert values == [b"pigs", b"on", b"the", b"wing", b"animals"]
    assert shape == [2, 4]


def test_StringSplitOpTest_testStringSplitEmptyDelimiter():
    indices, values, shape = _parts(tf.string_split(["hello", "hola", b"\xF0\x9F\x98\x8E"], delimiter=""))
    assert indices == [[0, 0], [0, 1], [0, 2], [0, 3], [0, 4], [1, 0], [1, 1], [1, 2], [1, 3], [2, 0], [2, 1],
                       [2, 2], [2, 3]]
    expected = np.array(["h", "e", "l", "l", "o", "h", "o", "l", "a", b"\xf0", b"\x9f", b"\x98", b"\x8e"], dtype="|S1")
    assert values == expected.tolist()
    assert shape == [3, 5]


def test_StringSplitOpTest_testStringSplitEmptyToken():
    indices, values, shape = _parts(tf.string_split([" hello ", "", "world "]))
    assert indices == [[0, 0], [2, 0]]
    assert values == [b"hello", b"world"]
    assert shape == [3, 1]


def test_StringSplitOpTest_testStringSplitOnSetEmptyToken():
    indices, values, shape = _parts(tf.string_split(["", " a", "b ", " c", " ", " d ", ". e", "f .", " .g. ", " ./"],
                                                    delimiter=" ."))
    assert indices == [[1, 0], [2, 0], [3, 0], [5, 0], [6, 0], [7, 0], [8, 0], [9, 0]]
    assert values == [b"a", b"b", b"c", b"d", b"e", b"f", b"g", b"/"]
    assert shape == [10, 1]


def test_StringSplitOpTest_testStringSplitWithDelimiter():
    strings = ["hello|world", "hello world"]
    # TF's graph-mode test expects ValueError from shape inference; eager runs the kernel's check.
    with pytest.raises(tf.errors.InvalidArgumentError, match="delimiter must be a scalar, got shape: \\[2\\]"):
        tf.string_split(strings, delimiter=["|", ""])
    with pytest.raises(tf.errors.InvalidArgumentError, match="delimiter must be a scalar, got shape: \\[1\\]"):
        tf.string_split(strings, delimiter=["a"])
    indices, values, shape = _parts(tf.string_split(strings, delimiter="|"))
    assert indices == [[0, 0], [0, 1], [1, 0]]
    assert values == [b"hello", b"world", b"hello world"]
    assert shape == [2, 2]
    indices, values, shape = _parts(tf.string_split(strings, delimiter="| "))
    assert indices == [[0, 0], [0, 1], [1, 0], [1, 1]]
    assert values == [b"hello", b"world", b"hello", b"world"]
    assert shape == [2, 2]


def test_StringSplitOpTest_testStringSplitWithDelimiterTensor():
    strings = ["hello|world", "hello world"]
    for bad in (["a", "b"], ["a"]):
        with pytest.raises(tf.errors.InvalidArgumentError):
            tf.string_split(strings, delimiter=tf.constant(bad))
    indices, values, shape = _parts(tf.string_split(strings, delimiter=tf.constant("|")))
    assert indices == [[0, 0], [0, 1], [1, 0]]
    assert values == [b"hello", b"world", b"hello world"]
    assert shape == [2, 2]


def test_StringSplitOpTest_testStringSplitWithDelimitersTensor():
    strings = ["hello.cruel,world", "hello cruel world"]
    indices, values, shape = _parts(tf.string_split(strings, delimiter=tf.constant(".,")))
    assert indices == [[0, 0], [0, 1], [0, 2], [1, 0]]
    assert values == [b"hello", b"cruel", b"world", b"hello cruel world"]
    assert shape == [2, 3]


def test_StringSplitOpTest_testStringSplitWithNoSkipEmpty():
    strings = ["#a", "b#", "#c#"]
    indices, values, shape = _parts(tf.string_split(strings, "#", skip_empty=False))
    assert indices == [[0, 0], [0, 1], [1, 0], [1, 1], [2, 0], [2, 1], [2, 2]]
    assert values == [b"", b"a", b"b", b"", b"", b"c", b""]
    assert shape == [3, 3]
    indices, values, shape = _parts(tf.string_split(strings, "#"))
    assert values == [b"a", b"b", b"c"]
    assert indices == [[0, 0], [1, 0], [2, 0]]
    assert shape == [3, 1]


def test_StringSplitV2OpTest_testSplitV2():
    indices, values, shape = _parts(tf.strings.split(["pigs on the wing", "animals"]))
    assert indices == [[0, 0], [0, 1], [0, 2], [0, 3], [1, 0]]
    assert values == [b"pigs", b"on", b"the", b"wing", b"animals"]
    assert shape == [2, 4]


def test_StringSplitV2OpTest_testSplitV2MultiCharSeparator():
    strings = ["1<>2<>3", "<><>4<>5<><>6<>"]
    indices, values, shape = _parts(tf.strings.split(strings, sep="<>"))
    assert indices == [[0, 0], [0, 1], [0, 2], [1, 0], [1, 1], [1, 2], [1, 3], [1, 4], [1, 5], [1, 6]]
    assert values == [b"1", b"2", b"3", b"", b"", b"4", b"5", b"", b"6", b""]
    assert shape == [2, 7]


def test_StringSplitV2OpTest_testSplitV2SimpleSeparator():
    indices, values, shape = _parts(tf.strings.split(["1,2,3", "4,5,,6,"], sep=","))
    assert indices == [[0, 0], [0, 1], [0, 2], [1, 0], [1, 1], [1, 2], [1, 3], [1, 4]]
    assert values == [b"1", b"2", b"3", b"4", b"5", b"", b"6", b""]
    assert shape == [2, 5]


def test_StringSplitV2OpTest_testSplitV2EmptySeparator():
    indices, values, shape = _parts(tf.strings.split(["1 2 3", "  4  5    6  "]))
    assert indices == [[0, 0], [0, 1], [0, 2], [1, 0], [1, 1], [1, 2]]
    assert values == [b"1", b"2", b"3", b"4", b"5", b"6"]
    assert shape == [2, 3]


def test_StringSplitV2OpTest_testSplitV2SimpleSeparatorMaxSplit():
    indices, values, shape = _parts(tf.strings.split(["1,2,3", "4,5,,6,"], sep=",", maxsplit=1))
    assert indices == [[0, 0], [0, 1], [1, 0], [1, 1]]
    assert values == [b"1", b"2,3", b"4", b"5,,6,"]
    assert shape == [2, 2]


def test_StringSplitV2OpTest_testSplitV2EmptySeparatorMaxSplit():
    indices, values, shape = _parts(tf.strings.split(["1 2 3", "  4  5    6  "], maxsplit=1))
    assert indices == [[0, 0], [0, 1], [1, 0], [1, 1]]
    assert values == [b"1", b"2 3", b"4", b"5    6  "]
    assert shape == [2, 2]
