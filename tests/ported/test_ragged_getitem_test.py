"""Ports of TF 1.15's tensorflow/python/ops/ragged/ragged_getitem_test.py (RaggedGetItemTest), under eager
execution: each slice spec runs as written and with its ints wrapped in tf.constant (the placeholder variant of
_TestGetItem is graph-only).  TF 1.15 has no uniform_row_length, so the *UniformRowLength tests are not ported.
"""

import pytest

import tfcompat as tf


class _SliceBuilder:
    def __getitem__(self, slice_spec):
        return slice_spec


S = _SliceBuilder()
RT2D = [[b"a", b"b"], [b"c", b"d", b"e"], [b"f"], [], [b"g"]]
RT2D_SPLITS = [0, 2, 5, 6, 6, 7]
RT2D_VALUES = ["a", "b", "c", "d", "e", "f", "g"]
RT4D = [[[[1, 2], [3, 4], [5, 6]], [[7, 8], [9, 10], [11, 12]]], [], [[[13, 14], [15, 16], [17, 18]]], [[[19, 20]]]]
RT4D_SPLITS1 = [0, 2, 2, 3, 4]
RT4D_SPLITS2 = [0, 3, 6, 9, 10]
RT4D_VALUES = [[1, 2], [3, 4], [5, 6], [7, 8], [9, 10], [11, 12], [13, 14], [15, 16], [17, 18], [19, 20]]


def _tensor_spec(spec):
    def piece(p):
        if isinstance(p, int) and not isinstance(p, bool):
            return tf.constant(p)
        if isinstance(p, slice):
            return slice(piece(p.start), piece(p.stop), piece(p.step))
        return p
    return tuple(piece(p) for p in spec) if isinstance(spec, tuple) else piece(spec)


def _value(result):
    if isinstance(result, tf.RaggedTensor):
        return result.to_list()
    return result.numpy().tolist() if hasattr(result.numpy(), "tolist") else result.numpy()


def _check(rt, spec, expected):
    assert _value(rt.__getitem__(spec)) == expected, spec
    assert _value(rt.__getitem__(_tensor_spec(spec))) == expected, spec


def _rt2d():
    rt = tf.RaggedTensor.from_row_splits(RT2D_VALUES, RT2D_SPLITS)
    assert rt.to_list() == RT2D
    return rt


def _rt4d():
    rt = tf.RaggedTensor.from_nested_row_splits(RT4D_VALUES, [RT4D_SPLITS1, RT4D_SPLITS2])
    assert rt.to_list() == RT4D
    return rt


@pytest.mark.parametrize("spec, expected", [
    (S[-5], RT2D[-5]), (S[-4], RT2D[-4]), (S[-1], RT2D[-1]), (S[0], RT2D[0]), (S[1], RT2D[1]), (S[4], RT2D[4]),
    (S[-6:], RT2D[-6:]), (S[-3:], RT2D[-3:]), (S[-1:], RT2D[-1:]), (S[0:], RT2D[0:]), (S[3:], RT2D[3:]),
    (S[5:], RT2D[5:]),
    (S[:-6], RT2D[:-6]), (S[:-3], RT2D[:-3]), (S[:-1], RT2D[:-1]), (S[:0], RT2D[:0]), (S[:3], RT2D[:3]),
    (S[:5], RT2D[:5]),
    (S[0:3], RT2D[0:3]), (S[3:5], RT2D[3:5]), (S[-5:3], RT2D[-5:3]), (S[3:1], RT2D[3:1]), (S[-1:1], RT2D[-1:1]),
    (S[1:-1], RT2D[1:-1]),
    (S[0, 1], RT2D[0][1]), (S[1, 2], RT2D[1][2]), (S[-1, 0], RT2D[-1][0]), (S[-3, 0], RT2D[-3][0]),
    (S[:], RT2D), (S[:, :], RT2D), ([], RT2D),
    (S[...], RT2D), (S[2, ...], RT2D[2]), (S[..., :], RT2D), (S[..., 2, 0], RT2D[2][0]), (S[2, ..., 0], RT2D[2][0]),
    (S[2, 0, ...], RT2D[2][0]),
    (S[None, :], [RT2D]), (S[:, None], [[row] for row in RT2D]),
    (S[-1:, 1:4], [row[1:4] for row in RT2D[-1:]]), (S[:, 1:4], [row[1:4] for row in RT2D]),
    (S[:, -2:], [row[-2:] for row in RT2D]),
    (S[::2], RT2D[::2]), (S[::-1], RT2D[::-1]), (S[::-2], RT2D[::-2]), (S[::-3], RT2D[::-3]),
    (S[:, ::2], [row[::2] for row in RT2D]), (S[:, ::-1], [row[::-1] for row in RT2D]),
    (S[:, ::-2], [row[::-2] for row in RT2D]), (S[:, ::-3], [row[::-3] for row in RT2D]),
    (S[:, 2::-1], [row[2::-1] for row in RT2D]), (S[:, -1::-1], [row[-1::-1] for row in RT2D]),
    (S[..., -1::-1], [row[-1::-1] for row in RT2D]), (S[:, 2::-2], [row[2::-2] for row in RT2D]),
    (S[::-1, ::-1], [row[::-1] for row in RT2D[::-1]]),
])
def test_RaggedGetItemTest_testWithRaggedRank1(spec, expected):
    _check(_rt2d(), spec, expected)


@pytest.mark.parametrize("start", [-2, -1, None, 0, 1, 2])
@pytest.mark.parametrize("stop", [-2, -1, None, 0, 1, 2])
def test_RaggedGetItemTest_testWithStridedSlices(start, stop):
    value = [[1, 2, 3, 4, 5], [6, 7], [8, 9, 10], [], [9], [1, 2, 3, 4, 5, 6, 7, 8]]
    rt = tf.ragged.constant(value)
    for step in [-3, -2, -1, 1, 2, 3]:
        assert rt[start:stop:step].to_list() == value[start:stop:step]
        assert rt[:, start:stop:step].to_list() == [row[start:stop:step] for row in value]


@pytest.mark.parametrize("spec, expected, message", [
    (S[5], (IndexError, ValueError, tf.errors.InvalidArgumentError), ".*out of bounds.*"),
    (S[-6], (IndexError, ValueError, tf.errors.InvalidArgumentError), ".*out of bounds.*"),
    (S[0, 2], (IndexError, ValueError, tf.errors.InvalidArgumentError), ".*out of bounds.*"),
    (S[3, 0], (IndexError, ValueError, tf.errors.InvalidArgumentError), ".*out of bounds.*"),
    (S[:, 3], ValueError, "Cannot index into an inner ragged dimension"),
    (S[:1, 3], ValueError, "Cannot index into an inner ragged dimension"),
    (S[..., 3], ValueError, "Cannot index into an inner ragged dimension"),
    (S[0.5], TypeError, "Only integers, slices"),
    (S[:, 1:3:0.5], TypeError, "slice strides must be integers or None"),
    (S[:, 0.5:1.5], TypeError, "slice offsets must be integers or None"),
    (S["foo"], TypeError, "Only integers, slices"),
    (S[:, "foo":"foo"], TypeError, "slice offsets must be integers or None"),
    (S[..., 0, 0, 0], IndexError, "Too many indices for RaggedTensor"),
])
def test_RaggedGetItemTest_testErrorsWithRaggedRank1(spec, expected, message):
    rt = _rt2d()
    with pytest.raises(expected, match=message):
        rt.__getitem__(spec)
    with pytest.raises(expected, match=message):
        rt.__getitem__(_tensor_spec(spec))


@pytest.mark.parametrize("spec, expected", [
    (S[2, 0], RT4D[2][0]), (S[2, 0, 1], RT4D[2][0][1]), (S[2, 0, 1, 1], RT4D[2][0][1][1]),
    (S[2, 0, 1:], RT4D[2][0][1:]), (S[2, 0, 1:, 1:], [[16], [18]]), (S[2, 0, :, 1], [14, 16, 18]),
    (S[2, 0, 1, :], RT4D[2][0][1]),
    (S[0, :], RT4D[0]), (S[1, :], RT4D[1]), (S[0, :, :, 1], [[2, 4, 6], [8, 10, 12]]), (S[1, :, :, 1], []),
    (S[2, :, :, 1], [[14, 16, 18]]), (S[3, :, :, 1], [[20]]),
    (S[:, :], RT4D), (S[:, :, :, 1], [[[2, 4, 6], [8, 10, 12]], [], [[14, 16, 18]], [[20]]]),
    (S[1:, :, :, 1], [[], [[14, 16, 18]], [[20]]]), (S[-3:, :, :, 1], [[], [[14, 16, 18]], [[20]]]),
    (S[...], RT4D), (S[2, ...], RT4D[2]), (S[2, 0, ...], RT4D[2][0]),
    (S[..., 0], [[[1, 3, 5], [7, 9, 11]], [], [[13, 15, 17]], [[19]]]), (S[2, ..., 0], [[13, 15, 17]]),
    (S[2, 0, ..., 0], [13, 15, 17]),
    (S[None, :], [RT4D]), (S[:, None], [[row] for row in RT4D]), ([], RT4D),
    (S[:, 1:4], [row[1:4] for row in RT4D]), (S[:, -2:], [row[-2:] for row in RT4D]),
    (S[:, :, :-1], [[v[:-1] for v in row] for row in RT4D]), (S[:, :, 1:2], [[v[1:2] for v in row] for row in RT4D]),
    (S[1:, 1:3, 1:2], [[v[1:2] for v in row[1:3]] for row in RT4D[1:]]),
    (S[::2], RT4D[::2]), (S[::-1], RT4D[::-1]), (S[::-2], RT4D[::-2]), (S[1::2], RT4D[1::2]),
    (S[:, ::2], [row[::2] for row in RT4D]), (S[:, 1::2], [row[1::2] for row in RT4D]),
    (S[:, :, ::2], [[v[::2] for v in row] for row in RT4D]), (S[:, :, 1::2], [[v[1::2] for v in row] for row in RT4D]),
    (S[:, :, ::-1], [[v[::-1] for v in row] for row in RT4D]),
    (S[:, :, ::-2], [[v[::-2] for v in row] for row in RT4D]),
    (S[..., ::-1, :], [[v[::-1] for v in row] for row in RT4D]),
    (S[..., ::-1], [[[v[::-1] for v in col] for col in row] for row in RT4D]),
])
def test_RaggedGetItemTest_testWithRaggedRank2(spec, expected):
    _check(_rt4d(), spec, expected)


@pytest.mark.parametrize("spec, expected, message", [
    (S[:, 0], ValueError, "Cannot index into an inner ragged dimension."),
    (S[:, :, 0], ValueError, "Cannot index into an inner ragged dimension."),
    (S[1, 0], (IndexError, ValueError, tf.errors.InvalidArgumentError), ".*out of bounds.*"),
    (S[0, 0, 3], (IndexError, ValueError, tf.errors.InvalidArgumentError), ".*out of bounds.*"),
])
def test_RaggedGetItemTest_testErrorsWithRaggedRank2(spec, expected, message):
    rt = _rt4d()
    with pytest.raises(expected, match=message):
        rt.__getitem__(spec)
