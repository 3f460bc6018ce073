"""Ported behaviours of TF's tensorflow/python/data/experimental/kernel_tests/cardinality_test.py
(eager mode): every case of testNumElements."""

import pytest

import tfcompat as tf

D = tf.data.Dataset
cardinality = tf.data.experimental
INFINITE, UNKNOWN = cardinality.INFINITE_CARDINALITY, cardinality.UNKNOWN_CARDINALITY

CASES = [
    ("Batch1", lambda: D.range(5).batch(2, drop_remainder=True), 2),
    ("Batch2", lambda: D.range(5).batch(2, drop_remainder=False), 3),
    ("Batch3", lambda: D.range(5).filter(lambda _: True).batch(2), UNKNOWN),
    ("Batch4", lambda: D.range(5).repeat().batch(2), INFINITE),
    ("Cache1", lambda: D.range(5).cache(), 5),
    ("Cache2", lambda: D.range(5).cache("foo"), 5),
    ("Concatenate1", lambda: D.range(5).concatenate(D.range(5)), 10),
    ("Concatenate2", lambda: D.range(5).filter(lambda _: True).concatenate(D.range(5)), UNKNOWN),
    ("Concatenate3", lambda: D.range(5).repeat().concatenate(D.range(5)), INFINITE),
    ("Concatenate4", lambda: D.range(5).concatenate(D.range(5).filter(lambda _: True)), UNKNOWN),
    ("Concatenate5", lambda: D.range(5).filter(lambda _: True).concatenate(D.range(5).filter(lambda _: True)),
     UNKNOWN),
    ("Concatenate6", lambda: D.range(5).repeat().concatenate(D.range(5).filter(lambda _: True)), INFINITE),
    ("Concatenate7", lambda: D.range(5).concatenate(D.range(5).repeat()), INFINITE),
    ("Concatenate8", lambda: D.range(5).filter(lambda _: True).concatenate(D.range(5).repeat()), INFINITE),
    ("Concatenate9", lambda: D.range(5).repeat().concatenate(D.range(5).repeat()), INFINITE),
    ("FlatMap", lambda: D.range(5).flat_map(lambda _: D.from_tensors(0)), UNKNOWN),
    ("Filter", lambda: D.range(5).filter(lambda _: True), UNKNOWN),
    ("FromTensors1", lambda: D.from_tensors(0), 1),
    ("FromTensors2", lambda: D.from_tensors((0, 1)), 1),
    ("FromTensorSlices1", lambda: D.from_tensor_slices([0, 0, 0]), 3),
    ("FromTensorSlices2", lambda: D.from_tensor_slices(([0, 0, 0], [1, 1, 1])), 3),
    ("Interleave1", lambda: D.range(5).interleave(lambda _: D.from_tensors(0), cycle_length=1), UNKNOWN),
    ("Interleave2", lambda: D.range(5).interleave(lambda _: D.from_tensors(0), cycle_length=1,
                                                  num_parallel_calls=1), UNKNOWN),
    ("Map1", lambda: D.range(5).map(lambda x: x), 5),
    ("Map2", lambda: D.range(5).map(lambda x: x, num_parallel_calls=1), 5),
    ("PaddedBatch1", lambda: D.range(5).padded_batch(2, [], drop_remainder=True), 2),
    ("PaddedBatch2", lambda: D.range(5).padded_batch(2, [], drop_remainder=False), 3),
    ("PaddedBatch3", lambda: D.range(5).filter(lambda _: True).padded_batch(2, []), UNKNOWN),
    ("PaddedBatch4", lambda: D.range(5).repeat().padded_batch(2, []), INFINITE),
    ("Prefetch", lambda: D.range(5).prefetch(buffer_size=1), 5),
    ("Range1", lambda: D.range(0), 0),
    ("Range2", lambda: D.range(5), 5),
    ("Range3", lambda: D.range(5, 10), 5),
    ("Range4", lambda: D.range(10, 5), 0),
    ("Range5", lambda: D.range(5, 10, 2), 3),
    ("Range6", lambda: D.range(10, 5, -2), 3),
    ("Repeat1", lambda: D.range(0).repeat(0), 0),
    ("Repeat2", lambda: D.range(1).repeat(0), 0),
    ("Repeat3", lambda: D.range(0).repeat(5), 0),
    ("Repeat4", lambda: D.range(1).repeat(5), 5),
    ("Repeat5", lambda: D.range(0).repeat(), 0),
    ("Repeat6", lambda: D.range(1).repeat(), INFINITE),
    ("Shuffle", lambda: D.range(5).shuffle(buffer_size=1), 5),
    ("Skip1", lambda: D.range(5).skip(2), 3),
    ("Skip2", lambda: D.range(5).skip(8), 0),
    ("Skip3", lambda: D.range(5).filter(lambda _: True).skip(2), UNKNOWN),
    ("Skip4", lambda: D.range(5).repeat().skip(2), INFINITE),
    ("Take1", lambda: D.range(5).take(2), 2),
    ("Take2", lambda: D.range(5).take(8), 5),
    ("Take3", lambda: D.range(5).filter(lambda _: True).take(2), UNKNOWN),
    ("Take4", lambda: D.range(5).repeat().take(2), 2),
    ("Window1", lambda: D.range(5).window(size=2, shift=2, drop_remainder=True), 2),
    ("Window2", lambda: D.range(5).window(size=2, shift=2, drop_remainder=False), 3),
    ("Zip1", lambda: D.zip(D.range(5)), 5),
    ("Zip2", lambda: D.zip((D.range(5), D.range(3))), 3),
    ("Zip3", lambda: D.zip((D.range(5), D.range(3).repeat())), 5),
    ("Zip4", lambda: D.zip((D.range(5).repeat(), D.range(3).repeat())), INFINITE),
    ("Zip5", lambda: D.zip((D.range(5), D.range(3).filter(lambda _: True))), UNKNOWN),
]


@pytest.mark.parametrize("dataset_fn, expected_result", [case[1:] for case in CASES], ids=[case[0] for case in CASES])
def test_NumElementsTest_testNumElements(dataset_fn, expected_result):
    result = cardinality.cardinality(dataset_fn())
    assert result.dtype == tf.int64
    assert result.numpy() == expected_result


def test_NumElementsTest_constants():
    assert (INFINITE, UNKNOWN) == (-1, -2)
