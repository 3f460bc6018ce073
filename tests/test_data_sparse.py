"""tf.SparseTensor components in tf.data beyond the goldens: the file cache, shuffling, parallel maps,
windows and a batch of batches keep every sparse component whole."""

import numpy as np

import tfcompat as tf

D = tf.data.Dataset
SPARSE = tf.SparseTensor([[0, 0], [1, 0], [1, 2]], ["a", "bb", "c"], [3, 4])


def _value(sparse):
    return sparse.indices.numpy().tolist(), sparse.values.numpy().tolist(), sparse.dense_shape.numpy().tolist()


def _elements(dataset):
    return [(_value(sparse), int(dense)) for sparse, dense in dataset]


def test_file_cache_writes_then_replays_sparse_components(tmp_path):
    dataset = D.from_tensor_slices((SPARSE, [1, 2, 3])).cache(str(tmp_path / "cache"))
    first = _elements(dataset)
    assert first == [(([[0]], [b"a"], [4]), 1), (([[0], [2]], [b"bb", b"c"], [4]), 2), (([], [], [4]), 3)]
    assert (tmp_path / "cache.tfcompat_cache").exists()
    assert _elements(dataset) == first
    replayed = D.from_tensor_slices((SPARSE, [7, 8, 9])).cache(str(tmp_path / "cache"))
    assert _elements(replayed) == first  # read from the file, not from the new input


def test_shuffle_keeps_each_sparse_row_with_its_dense_partner():
    dataset = D.from_tensor_slices((SPARSE, [1, 2, 3])).shuffle(3, seed=7).repeat(2)
    elements = _elements(dataset)
    expected = [repr(element) for element in _elements(D.from_tensor_slices((SPARSE, [1, 2, 3])))] * 2
    assert sorted(map(repr, elements)) == sorted(expected)
    assert elements == _elements(D.from_tensor_slices((SPARSE, [1, 2, 3])).shuffle(3, seed=7).repeat(2))


def test_parallel_map_returns_sparse_tensors_in_order():
    def make(x):
        return tf.SparseTensor(tf.reshape(tf.range(x), [-1, 1]), tf.range(x), tf.reshape(x, [1]))

    dataset = D.range(6).map(make, num_parallel_calls=3).prefetch(2)
    assert [_value(sparse) for sparse in dataset] == [([[i] for i in range(n)], list(range(n)), [n]) for n in range(6)]
    assert dataset.output_shapes.as_list() == [None]


def test_window_of_sparse_rows_batches_into_sparse_tensors():
    windows = D.from_tensor_slices(SPARSE).window(2).flat_map(lambda window: window.batch(2))
    assert [_value(sparse) for sparse in windows] == [([[0, 0], [1, 0], [1, 2]], [b"a", b"bb", b"c"], [2, 4]),
                                                       ([], [], [1, 4])]


def test_batch_of_string_sparse_rows_then_unbatch_round_trips():
    dataset = D.from_tensor_slices(SPARSE).batch(2).unbatch()
    assert [_value(sparse) for sparse in dataset] == [_value(sparse) for sparse in D.from_tensor_slices(SPARSE)]
    assert np.array_equal(tf.data.get_output_shapes(dataset).as_list(), [4])
