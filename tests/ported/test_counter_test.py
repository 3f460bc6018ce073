"""Ported behaviours of TF's tensorflow/python/data/experimental/kernel_tests/counter_test.py (eager)."""

import tfcompat as tf
from _dataset_helpers import get_next


def test_CounterTest_testCounter():
    dataset = tf.data.experimental.Counter(start=3, step=4)
    assert dataset.output_shapes.as_list() == []
    assert dataset.output_types == tf.int64
    next_element = get_next(dataset)
    negative_next = get_next(tf.data.experimental.Counter(start=0, step=-1))
    assert next_element().numpy() == 3
    assert next_element().numpy() == 3 + 4
    assert next_element().numpy() == 3 + 2 * 4
    assert negative_next().numpy() == 0
    assert negative_next().numpy() == -1
    assert negative_next().numpy() == -2
