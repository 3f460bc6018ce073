# -*- coding: utf-8 -*-
"""Ports of TF 1.15's tensorflow/python/kernel_tests/unicode_decode_op_test.py (UnicodeDecodeTest), under eager
execution: assertAllEqual(expected, ragged) compares with the ragged result's to_list().

Not ported: the graph-mode shape-inference tests and the tests of other classes in that file
(unicode_split is covered by tests/conformance/golden/ragged_goldens.json).
"""

import numpy as np
import pytest

import tfcompat as tf


def _nested_encode(x, encoding):
    return [_nested_encode(v, encoding) for v in x] if isinstance(x, list) else x.encode(encoding)


def _nested_codepoints(x):
    return [_nested_codepoints(v) for v in x] if isinstance(x, list) else [ord(c) for c in x]


def _nested_offsets(x, encoding):
    if isinstance(x, list):
        return [_nested_offsets(v, encoding) for v in x]
    lengths = [len(c.encode(encoding)) for c in x]
    return [int(o) for o in np.cumsum([0] + lengths)[:-1]] if x else []


def _as_list(value):
    if isinstance(value, tf.RaggedTensor):
        return value.to_list()
    return value.numpy().tolist()


TEXT = "仅今年前"


def test_UnicodeDecodeTest_testScalarDecode():
    chars = tf.strings.unicode_decode(tf.constant(TEXT.encode("utf-8")), "utf-8")
    assert _as_list(chars) == [ord(c) for c in TEXT]


def test_UnicodeDecodeTest_testScalarDecodeWithOffset():
    chars, starts = tf.strings.unicode_decode_with_offsets(tf.constant(TEXT.encode("utf-8")), "utf-8")
    assert _as_list(chars) == [ord(c) for c in TEXT]
    assert _as_list(starts) == [0, 3, 6, 9]


def test_UnicodeDecodeTest_testVectorDecode():
    chars = tf.strings.unicode_decode(tf.constant([TEXT.encode("utf-8"), b"hello"]), "utf-8")
    assert _as_list(chars) == [[ord(c) for c in TEXT], [ord(c) for c in "hello"]]


def test_UnicodeDecodeTest_testVectorDecodeWithOffset():
    chars, starts = tf.strings.unicode_decode_with_offsets(tf.constant([TEXT.encode("utf-8"), b"hello"]), "utf-8")
    assert _as_list(chars) == [[ord(c) for c in TEXT], [ord(c) for c in "hello"]]
    assert _as_list(starts) == [[0, 3, 6, 9], [0, 1, 2, 3, 4]]


BASIC = [
    dict(texts=TEXT),
    dict(texts=["G\xf6\xf6dnight", "\U0001f60a"]),
    dict(texts=["Hello", "world", "", "👍"]),
    dict(texts=[["Hi", "there"], ["", "\U0001f60a"]], ragged_rank=0),
    dict(texts=[["Hi", "there", ""], ["😊"]], ragged_rank=1),
    dict(texts=[[["😊", "🤠🧐"], []], [["🤓👻🤖"]]], ragged_rank=2),
    dict(texts=[[["😊"], ["🤠🧐"]], [["🤓👻🤖"]]], ragged_rank=1),
    dict(texts=[[["😊"], ["🤠🧐"]], [["🤓"], ["👻"]]], ragged_rank=0),
    dict(texts=[]),
]


@pytest.mark.parametrize("params", BASIC)
def test_UnicodeDecodeTest_testBasicDecode(params):
    texts = params["texts"]
    value = tf.ragged.constant_value(_nested_encode(texts, "UTF-8"), ragged_rank=params.get("ragged_rank"),
                                     dtype=bytes)
    assert _as_list(tf.strings.unicode_decode(value, "UTF-8")) == _nested_codepoints(texts)


@pytest.mark.parametrize("params", BASIC[:6] + BASIC[-1:])
def test_UnicodeDecodeTest_testBasicDecodeWithOffsets(params):
    texts = params["texts"]
    value = tf.ragged.constant_value(_nested_encode(texts, "UTF-8"), ragged_rank=params.get("ragged_rank"),
                                     dtype=bytes)
    codepoints, offsets = tf.strings.unicode_decode_with_offsets(value, "UTF-8")
    assert _as_list(codepoints) == _nested_codepoints(texts)
    assert _as_list(offsets) == _nested_offsets(texts, "UTF-8")


def test_UnicodeDecodeTest_testDocstringExamples():
    texts = [s.encode("utf8") for s in ["G\xf6\xf6dnight", "\U0001f60a"]]
    codepoints1 = tf.strings.unicode_decode(texts, "UTF-8")
    codepoints2, offsets = tf.strings.unicode_decode_with_offsets(texts, "UTF-8")
    assert codepoints1.to_list() == [[71, 246, 246, 100, 110, 105, 103, 104, 116], [128522]]
    assert codepoints2.to_list() == [[71, 246, 246, 100, 110, 105, 103, 104, 116], [128522]]
    assert offsets.to_list() == [[0, 1, 3, 5, 6, 7, 8, 9, 10], [0]]


@pytest.mark.parametrize("texts, indices, values, dense_shape", [
    (["Hello", "world", "", "👍"],
     [[0, 0], [0, 1], [0, 2], [0, 3], [0, 4], [1, 0], [1, 1], [1, 2], [1, 3], [1, 4], [3, 0]],
     [72, 101, 108, 108, 111, 119, 111, 114, 108, 100, 128077], [4, 5]),
    ([["Hi", "there"], ["", "\U0001f60a"]],
     [[0, 0, 0], [0, 0, 1], [0, 1, 0], [0, 1, 1], [0, 1, 2], [0, 1, 3], [0, 1, 4], [1, 1, 0]],
     [72, 105, 116, 104, 101, 114, 101, 128522], [2, 2, 5]),
    ([], np.zeros([0, 2], np.int64).tolist(), [], [0, 0]),
])
def test_UnicodeDecodeTest_testDecodeWithSparseOutput(texts, indices, values, dense_shape):
    result = tf.strings.unicode_decode(np.array(_nested_encode(texts, "UTF-8"), dtype=bytes), "UTF-8").to_sparse()
    assert isinstance(result, tf.SparseTensor)
    assert result.indices.numpy().tolist() == indices
    assert result.values.numpy().tolist() == values
    assert result.dense_shape.numpy().tolist() == dense_shape


@pytest.mark.parametrize("texts, expected, ragged_rank", [
    (["Hello", "world", "", "👍"],
     [[72, 101, 108, 108, 111], [119, 111, 114, 108, 100], [-1, -1, -1, -1, -1], [0x1F44D, -1, -1, -1, -1]], None),
    ([["Hi", "there"], ["", "\U0001f60a"]],
     [[[72, 105, -1, -1, -1], [116, 104, 101, 114, 101]], [[-1, -1, -1, -1, -1], [128522, -1, -1, -1, -1]]], 0),
    ([["Hi", "there", ""], ["😊"]],
     [[[72, 105, -1, -1, -1], [116, 104, 101, 114, 101], [-1, -1, -1, -1, -1]],
      [[128522, -1, -1, -1, -1], [-1, -1, -1, -1, -1], [-1, -1, -1, -1, -1]]], None),
    ([[["😊", "🤠🧐"], []], [["🤓👻🤖"]]],
     [[[[128522, -1, -1], [129312, 129488, -1]], [[-1, -1, -1], [-1, -1, -1]]],
      [[[129299, 128123, 129302], [-1, -1, -1]], [[-1, -1, -1], [-1, -1, -1]]]], None),
    ([], np.zeros([0, 0], np.int64).tolist(), None),
])
def test_UnicodeDecodeTest_testDecodeWithPaddedOutput(texts, expected, ragged_rank):
    value = tf.ragged.constant_value(_nested_encode(texts, "UTF-8"), ragged_rank=ragged_rank, dtype=bytes)
    assert tf.strings.unicode_decode(value, "UTF-8").to_tensor(default_value=-1).numpy().tolist() == expected


HELLO, WORLD = [ord(c) for c in "hello"], [ord(c) for c in "world"]
ERROR_MODES = [
    (dict(input=[b"\xFE", b"hello", b"==\xFF==", b"world"], input_encoding="UTF-8", errors="replace"),
     [[0xFFFD], HELLO, [61, 61, 0xFFFD, 61, 61], WORLD], [[0], [0, 1, 2, 3, 4], [0, 1, 2, 3, 4], [0, 1, 2, 3, 4]]),
    (dict(input=[b"\xFE", b"hello", b"==\xFF==", b"world"], input_encoding="UTF-8", errors="replace",
          replacement_char=0),
     [[0], HELLO, [61, 61, 0, 61, 61], WORLD], [[0], [0, 1, 2, 3, 4], [0, 1, 2, 3, 4], [0, 1, 2, 3, 4]]),
    (dict(input=[b"\xFE", b"hello", b"==\xFF==", b"world"], input_encoding="UTF-8", errors="ignore"),
     [[], HELLO, [61, 61, 61, 61], WORLD], [[], [0, 1, 2, 3, 4], [0, 1, 3, 4], [0, 1, 2, 3, 4]]),
    (dict(input=[b"\x00", b"hello", b"==\x01==", b"world"], input_encoding="UTF-8", replace_control_characters=True),
     [[0xFFFD], HELLO, [61, 61, 65533, 61, 61], WORLD], [[0], [0, 1, 2, 3, 4], [0, 1, 2, 3, 4], [0, 1, 2, 3, 4]]),
    (dict(input=[b"\x00", b"hello", b"==\x01==", b"world"], input_encoding="UTF-8", replace_control_characters=True,
          replacement_char=0),
     [[0], HELLO, [61, 61, 0, 61, 61], WORLD], [[0], [0, 1, 2, 3, 4], [0, 1, 2, 3, 4], [0, 1, 2, 3, 4]]),
]


@pytest.mark.parametrize("args, expected, offsets", ERROR_MODES)
def test_UnicodeDecodeTest_testErrorModes(args, expected, offsets):
    assert tf.strings.unicode_decode(**args).to_list() == expected


@pytest.mark.parametrize("args, expected, offsets", ERROR_MODES + [
    (dict(input=[b"\xD8\x01"], input_encoding="UTF-8", replacement_char=0x41), [[0x41, 1]], [[0, 1]])])
def test_UnicodeDecodeTest_testErrorModesWithOffsets(args, expected, offsets):
    codepoints, starts = tf.strings.unicode_decode_with_offsets(**args)
    assert codepoints.to_list() == expected
    assert starts.to_list() == offsets


ENCODINGS = [("UTF-8", ["こんにちは", "你好", "Hello"]), ("UTF-16-BE", ["こんにちは", "你好", "Hello"]),
             ("UTF-32-BE", ["こんにちは", "你好", "Hello"]), ("US-ASCII", ["Hello", "world"]),
             ("ISO-8859-1", ["ÀÈÓ", "AEO"]), ("SHIFT-JIS", ["Hello", "こんにちは"])]


@pytest.mark.parametrize("encoding, texts", ENCODINGS)
def test_UnicodeDecodeTest_testDecodeWithDifferentEncodings(encoding, texts):
    result = tf.strings.unicode_decode(tf.constant(_nested_encode(texts, encoding)), encoding)
    assert result.to_list() == _nested_codepoints(texts)


@pytest.mark.parametrize("encoding, texts", ENCODINGS)
def test_UnicodeDecodeTest_testDecodeWithOffsetsWithDifferentEncodings(encoding, texts):
    codepoints, offsets = tf.strings.unicode_decode_with_offsets(tf.constant(_nested_encode(texts, encoding)),
                                                                 encoding)
    assert codepoints.to_list() == _nested_codepoints(texts)
    assert offsets.to_list() == _nested_offsets(texts, encoding)
