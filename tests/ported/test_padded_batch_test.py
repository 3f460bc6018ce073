"""Ported behaviours of TF's tensorflow/python/data/kernel_tests/padded_batch_test.py (eager mode).

Graph-only tests (testSkipEager*) run as their eager equivalents; the sparse case
(testPaddedBatchSparseError) is left out: tfcompat's tf.data has no SparseTensor components.
"""

import numpy as np
import pytest

import tfcompat as tf
from _dataset_helpers import assert_dataset_produces, get_next

D = tf.data.Dataset


def _random_seq_lens(count):
    return np.random.RandomState(count).randint(20, size=(count,)).astype(np.int32)


@pytest.mark.parametrize("seq_lens, batch_size, padded_shapes, drop_remainder", [
    (_random_seq_lens(32), 4, [-1], False), (_random_seq_lens(32), 4, [25], False),
    (_random_seq_lens(34), 4, [-1], False), (_random_seq_lens(34), 4, [-1], True)],
    ids=["default_padding", "constant_padding", "uneven_with_remainder", "uneven_without_remainder"])
def test_PaddedBatchTest_testPaddedBatchDataset(seq_lens, batch_size, padded_shapes, drop_remainder):
    dataset = D.from_tensor_slices(seq_lens).map(lambda x: tf.fill([x], x)).padded_batch(
        batch_size=batch_size, drop_remainder=drop_remainder, padded_shapes=padded_shapes)
    num_full_batches = len(seq_lens) // batch_size
    next_element = get_next(dataset)
    for i in range(num_full_batches):
        result = next_element().numpy()
        padded_len = padded_shapes[0]
        if padded_len is None or padded_len == -1:
            padded_len = np.max(result) if result.size > 0 else 0
        assert result.shape == (batch_size, padded_len)
        for j in range(batch_size):
            seq_len = seq_lens[(i * batch_size) + j]
            np.testing.assert_array_equal(result[j, :seq_len], [seq_len] * seq_len)
            np.testing.assert_array_equal(result[j, seq_len:], [0] * (padded_len - seq_len))
    if not drop_remainder and len(seq_lens) % batch_size > 0:
        result = next_element().numpy()
        padded_len = np.max(result) if result.size > 0 else 0
        assert result.shape == (len(seq_lens) % batch_size, padded_len)
    for _ in range(2):
        with pytest.raises(tf.errors.OutOfRangeError):
            next_element()


def test_PaddedBatchTest_testPaddedBatchShortPadding():
    dataset = D.from_tensor_slices([6, 5, 5, 5, 5]).map(lambda x: tf.fill([x], x)).padded_batch(
        batch_size=4, padded_shapes=[5])
    assert_dataset_produces(dataset, expected_error=(tf.errors.DataLossError, ""))


def test_PaddedBatchTest_testPaddedBatchEmptyTensors():
    dataset = D.from_tensor_slices([0, 0, 0, 0]).map(lambda x: tf.fill([x], x)).padded_batch(
        batch_size=4, padded_shapes=[-1])
    assert_dataset_produces(dataset, expected_output=[np.zeros((4, 0), np.int32)])


def test_PaddedBatchTest_testPaddedBatchDatasetNonDefaultPadding():
    def fill_tuple(x):
        filled = tf.fill([x], x)
        return filled, tf.as_string(filled)

    random_seq_lens = _random_seq_lens(32)
    dataset = D.from_tensor_slices(random_seq_lens).map(fill_tuple).padded_batch(
        4, padded_shapes=([-1], [-1]), padding_values=(-1, "<end>"))
    next_element = get_next(dataset)
    for i in range(8):
        numbers, strings = (part.numpy() for part in next_element())
        padded_len = np.max(numbers)
        assert numbers.shape == strings.shape == (4, padded_len)
        for j in range(4):
            seq_len = random_seq_lens[(i * 4) + j]
            np.testing.assert_array_equal(numbers[j, :seq_len], [seq_len] * seq_len)
            np.testing.assert_array_equal(numbers[j, seq_len:], [-1] * (padded_len - seq_len))
            assert list(strings[j, :seq_len]) == [str(seq_len).encode()] * seq_len
            assert list(strings[j, seq_len:]) == [b"<end>"] * (padded_len - seq_len)
    with pytest.raises(tf.errors.OutOfRangeError):
        next_element()


def test_PaddedBatchTest_testPaddedBatchDatasetUnicode():
    def generator():
        data = [[u"Простой", u"тест", u"юникода"], [u"никогда", u"не", u"бывает", u"простым"]]
        for seq in data:
            yield seq, [0, 1, 2, 3]

    dataset = D.from_generator(generator, (tf.string, tf.int32), (tf.TensorShape([None]), tf.TensorShape([None])))
    words, numbers = get_next(dataset.padded_batch(2, padded_shapes=([None], [None]), padding_values=("", 0)))()
    assert words.shape.as_list() == [2, 4] and words.numpy()[0, 3] == b""
    assert words.numpy()[1, 0] == u"никогда".encode()


def test_PaddedBatchTest_testSkipEagerPaddedBatchDatasetShapeSpecifications():
    input_dataset = D.from_tensors((tf.constant([1]), tf.constant([[1.0]]), tf.constant(["a"] * 37)))
    for dataset in [
            input_dataset.padded_batch(32, padded_shapes=(tf.TensorShape([None]), tf.TensorShape([None, None]),
                                                          tf.TensorShape([37]))),
            input_dataset.padded_batch(32, padded_shapes=([None], [None, None], [37])),
            input_dataset.padded_batch(32, padded_shapes=([-1], [-1, -1], [37])),
            input_dataset.padded_batch(32, padded_shapes=(tf.constant([-1], dtype=tf.int64),
                                                          tf.constant([-1, -1], dtype=tf.int64),
                                                          tf.constant([37], dtype=tf.int64)))]:
        shapes = tf.data.get_output_shapes(dataset)
        assert shapes[0].as_list() == [None, None]
        assert shapes[1].as_list() == [None, None, None]
        assert shapes[2].as_list() == [None, 37]


def test_PaddedBatchTest_testPaddedBatchShapeError():
    with pytest.raises(ValueError, match=r"The padded shape \(1,\) is not compatible with the "
                                         r"corresponding input component shape \(\)."):
        D.range(10).padded_batch(5, padded_shapes=[1])
    with pytest.raises(ValueError, match=r"The padded shape \(1,\) is not compatible with the "
                                         r"corresponding input component shape \(3,\)."):
        D.from_tensors([1, 2, 3]).padded_batch(5, padded_shapes=[1])
    with pytest.raises(ValueError, match=r"Padded shape .* must be a 1-D tensor "
                                         r"of tf.int64 values, but its shape was \(2, 2\)."):
        D.from_tensors([1, 2, 3]).padded_batch(5, padded_shapes=[[1, 1], [1, 1]])
    with pytest.raises(TypeError, match=r"Padded shape .* must be a 1-D tensor "
                                        r"of tf.int64 values, but its element type was float32."):
        D.from_tensors([1, 2, 3]).padded_batch(5, padded_shapes=tf.constant([1.5, 2., 3.]))
    with pytest.raises(ValueError, match=r"The padded shape \(1,\) is not compatible with the "
                                         r"corresponding input component shape \(\)."):
        D.range(10).padded_batch(5, padded_shapes=tf.constant([1], dtype=tf.int64))
