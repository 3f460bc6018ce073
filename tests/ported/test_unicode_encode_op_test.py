"""Ports of TF 1.15's tensorflow/python/kernel_tests/unicode_encode_op_test.py (UnicodeEncodeOpTest), under
eager execution: op.eval() is the op's value (numpy() of a Tensor, to_list() of a RaggedTensor)."""

import numpy as np
import pytest

import tfcompat as tf

ENCODINGS = ["UTF-8", "UTF-16-BE", "UTF-32-BE"]
BAD = np.array([72, 101, 2147483647, -1, 111], np.int32)


def test_UnicodeEncodeOpTest_testScalar():
    with pytest.raises(ValueError):
        tf.strings.unicode_encode(72, "UTF-8")
    with pytest.raises(ValueError):
        tf.strings.unicode_encode(tf.constant(72), "UTF-8")


def test_UnicodeEncodeOpTest_testRequireParams():
    with pytest.raises(TypeError):
        tf.strings.unicode_encode()
    with pytest.raises(TypeError):
        tf.strings.unicode_encode(72)
    with pytest.raises(TypeError):
        tf.strings.unicode_encode(encoding="UTF-8")


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_UnicodeEncodeOpTest_testStrictErrors(encoding):
    with pytest.raises(tf.errors.InvalidArgumentError):
        tf.strings.unicode_encode(BAD, encoding, "strict")


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_UnicodeEncodeOpTest_testIgnoreErrors(encoding):
    result = tf.strings.unicode_encode(BAD, encoding, "ignore").numpy()
    assert isinstance(result, bytes)
    assert result == "Heo".encode(encoding)


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_UnicodeEncodeOpTest_testReplaceErrors(encoding):
    assert tf.strings.unicode_encode(BAD, encoding, "replace").numpy() == "He\ufffd\ufffdo".encode(encoding)
    assert tf.strings.unicode_encode(BAD, encoding, "replace", 111).numpy() == "Heooo".encode(encoding)
    assert tf.strings.unicode_encode(BAD, encoding).numpy() == "He\ufffd\ufffdo".encode(encoding)
    with pytest.raises(tf.errors.InvalidArgumentError):
        tf.strings.unicode_encode(BAD, encoding, "replace", 1114112)


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_UnicodeEncodeOpTest_testVector(encoding):
    for points, text in [([72, 101, 108, 108, 111], "Hello"), ([72, 101, 195, 195, 128516], "He\xc3\xc3\U0001f604"),
                         ([72], "H"), ([128516], "\U0001f604")]:
        result = tf.strings.unicode_encode(np.array(points, np.int32), encoding).numpy()
        assert isinstance(result, bytes)
        assert result == text.encode(encoding)


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_UnicodeEncodeOpTest_testMatrix(encoding):
    op = tf.strings.unicode_encode(np.array([[72, 128516, 108, 108, 111], [87, 128516, 114, 108, 100]], np.int32),
                                   encoding)
    assert isinstance(op, tf.Tensor)
    assert op.numpy().tolist() == ["H\U0001f604llo".encode(encoding), "W\U0001f604rld".encode(encoding)]


WORDS = [[[72, 101, 108, 108, 111], [87, 111, 114, 108, 100]], [[102, 105, 120, 101, 100], [119, 111, 114, 100, 115]],
         [[72, 121, 112, 101, 114], [99, 117, 98, 101, 46]]]
TEXTS = [["Hello", "World"], ["fixed", "words"], ["Hyper", "cube."]]


def _encoded(texts, encoding):
    return [_encoded(t, encoding) for t in texts] if isinstance(texts, list) else texts.encode(encoding)


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_UnicodeEncodeOpTest_test3DimMatrix(encoding):
    op = tf.strings.unicode_encode(tf.constant(WORDS, np.int32), encoding)
    assert isinstance(op, tf.Tensor)
    assert op.numpy().tolist() == _encoded(TEXTS, encoding)


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_UnicodeEncodeOpTest_test4DimMatrix(encoding):
    op = tf.strings.unicode_encode(tf.constant([[[w] for w in row] for row in WORDS], np.int32), encoding)
    assert isinstance(op, tf.Tensor)
    assert op.numpy().tolist() == [[[w] for w in row] for row in _encoded(TEXTS, encoding)]


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_UnicodeEncodeOpTest_testRaggedMatrix(encoding):
    op = tf.strings.unicode_encode(tf.ragged.constant([[72, 195, 108, 108, 111], [87, 128516, 114, 108, 100, 46]],
                                                      np.int32), encoding)
    assert isinstance(op, tf.Tensor)
    assert op.numpy().tolist() == ["H\xc3llo".encode(encoding), "W\U0001f604rld.".encode(encoding)]


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_UnicodeEncodeOpTest_test3DimMatrixWithRagged2ndDim(encoding):
    value = tf.ragged.constant([WORDS[0], [WORDS[1][0]], [WORDS[2][0], WORDS[1][1], WORDS[2][1]]], np.int32)
    op = tf.strings.unicode_encode(value, encoding)
    assert op.ragged_rank == 1
    assert op.to_list() == _encoded([["Hello", "World"], ["fixed"], ["Hyper", "words", "cube."]], encoding)


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_UnicodeEncodeOpTest_test3DimMatrixWithRagged3rdDim(encoding):
    value = tf.ragged.constant([[[72, 101, 108, 108, 111], [87, 111, 114, 108, 100, 46]],
                                [[68, 111, 110, 39, 116], [119, 195, 114, 114, 121, 44, 32, 98, 101]],
                                [[128516], []]], np.int32)
    op = tf.strings.unicode_encode(value, encoding)
    assert op.ragged_rank == 1
    assert op.to_list() == _encoded([["Hello", "World."], ["Don't", "w\xc3rry, be"], ["\U0001f604", ""]], encoding)


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_UnicodeEncodeOpTest_test3DimMatrixWithRagged2ndAnd3rdDim(encoding):
    value = tf.ragged.constant([[[72, 101, 108, 108, 111], [87, 111, 114, 108, 100, 46]], [], [[128516]]], np.int32)
    op = tf.strings.unicode_encode(value, encoding)
    assert op.ragged_rank == 1
    assert op.to_list() == _encoded([["Hello", "World."], [], ["\U0001f604"]], encoding)


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_UnicodeEncodeOpTest_test4DimRaggedMatrix(encoding):
    value = tf.ragged.constant([[[[72, 101, 108, 108, 111], [87, 111, 114, 108, 100]]], [[[]], [[72, 121, 112, 101]]]],
                               np.int32)
    op = tf.strings.unicode_encode(value, encoding)
    assert op.ragged_rank == 2
    assert op.to_list() == _encoded([[["Hello", "World"]], [[""], ["Hype"]]], encoding)


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_UnicodeEncodeOpTest_testRaggedMatrixWithMultiDimensionInnerValues(encoding):
    inner = tf.constant(WORDS)
    splits = [tf.constant([0, 2, 3], dtype=np.int64), tf.constant([0, 1, 1, 3], dtype=np.int64)]
    op = tf.strings.unicode_encode(tf.RaggedTensor.from_nested_row_splits(inner, splits), encoding)
    assert op.ragged_rank == 2
    assert op.to_list() == _encoded([[[["Hello", "World"]], []], [[["fixed", "words"], ["Hyper", "cube."]]]],
                                    encoding)
    assert len(op.nested_row_splits) == len(splits)
    assert op.flat_values.shape.ndims == inner.shape.ndims - 1
