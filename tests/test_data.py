"""tf.data behaviour beyond the goldens: streaming, threads, seeds, iterators, caching, devices."""

import ast
import collections
import inspect
import itertools
import threading
import time

import numpy as np
import pytest

import tfcompat as tf
from tfcompat._src.data import dataset_ops

D = tf.data.Dataset


def values(dataset):
    return [np.asarray(element.numpy()).tolist() for element in dataset]


# --- how Dataset finds its implementations ------------------------------------------------------

def test_every_dataset_method_that_builds_a_dataset_has_a_registered_implementation():
    source = inspect.getsource(dataset_ops.Dataset)
    looked_up = {node.slice.value for node in ast.walk(ast.parse(source))
                 if isinstance(node, ast.Subscript) and getattr(node.value, "id", None) == "_IMPLEMENTATIONS"}
    assert looked_up and looked_up == set(dataset_ops._IMPLEMENTATIONS)


# --- iteration -------------------------------------------------------------------------------------

def test_one_shot_iterator_ends_with_out_of_range_error():
    iterator = D.range(2).make_one_shot_iterator()
    assert iterator.get_next().numpy() == 0
    assert iterator.get_next().numpy() == 1
    with pytest.raises(tf.errors.OutOfRangeError, match="End of sequence"):
        iterator.get_next()
    with pytest.raises(tf.errors.OutOfRangeError):
        iterator.get_next()


def test_python_iteration_ends_with_stop_iteration_and_has_next():
    iterator = iter(D.range(2))
    assert iterator.next().numpy() == 0
    assert next(iterator).numpy() == 1
    with pytest.raises(StopIteration):
        iterator.next()


def test_tfe_iterator_next():
    images, labels = np.zeros((5, 3), np.float32), np.arange(5)
    iterator = tf.contrib.eager.Iterator(D.from_tensor_slices((images, labels)).batch(2))
    x, y = iterator.next()
    assert x.shape.as_list() == [2, 3] and y.dtype == tf.int64
    assert [len(y) for _, y in iterator] == [2, 1]
    assert tf.data.make_one_shot_iterator(D.range(1)).get_next().numpy() == 0
    with pytest.raises(TypeError):
        tf.contrib.eager.Iterator([1, 2])


def test_make_initializable_iterator_raises_tf_eager_error():
    with pytest.raises(RuntimeError, match="not supported when eager execution is enabled"):
        D.range(3).make_initializable_iterator()


def test_each_iteration_starts_over():
    dataset = D.range(3).map(lambda x: x * 2)
    assert values(dataset) == values(dataset) == [0, 2, 4]


def test_elements_are_tfcompat_tensors_and_numpy_int64_stays_int64():
    element = next(iter(D.from_tensor_slices(np.arange(3))))
    assert type(element) is tf.Tensor and element.dtype == tf.int64
    assert next(iter(D.range(1))).dtype == tf.int64


# --- streaming --------------------------------------------------------------------------------------

def test_generator_source_streams_and_infinite_repeat_works():
    pulled = []

    def endless():
        for i in itertools.count():
            pulled.append(i)
            yield i

    dataset = D.from_generator(endless, tf.int64).map(lambda x: x + 1).batch(4)
    assert values(dataset.take(2)) == [[1, 2, 3, 4], [5, 6, 7, 8]]
    assert len(pulled) <= 9
    assert values(D.range(3).repeat().take(7)) == [0, 1, 2, 0, 1, 2, 0]


def test_infinite_repeat_of_an_empty_dataset_is_empty():
    assert values(D.range(0).repeat()) == []


def test_a_huge_range_is_never_materialised():
    assert values(D.range(10 ** 15).skip(5).take(2)) == [5, 6]


# --- threads ----------------------------------------------------------------------------------------

def _sleepy(x):
    time.sleep(0.05)  # releases the GIL, as a real reader or decoder would
    return x * 10


def test_parallel_map_keeps_order_and_runs_concurrently():
    def slow(x):
        return tf.constant(_sleepy(int(x)), tf.int64)

    serial = D.range(8).map(slow)
    parallel = D.range(8).map(slow, num_parallel_calls=4)
    start = time.perf_counter()
    assert values(serial) == [i * 10 for i in range(8)]
    serial_time = time.perf_counter() - start
    start = time.perf_counter()
    assert values(parallel) == [i * 10 for i in range(8)]
    parallel_time = time.perf_counter() - start
    assert parallel_time < serial_time * 0.6


def test_parallel_map_uses_several_threads():
    threads = set()

    def record(x):
        threads.add(threading.current_thread().name)
        time.sleep(0.01)
        return x

    assert values(D.range(16).map(record, num_parallel_calls=4)) == list(range(16))
    assert len(threads) > 1


def test_prefetch_fills_its_buffer_in_the_background():
    produced = []

    def source():
        for i in range(10):
            produced.append(i)
            yield i

    iterator = iter(D.from_generator(source, tf.int64).prefetch(3))
    assert iterator.next().numpy() == 0
    deadline = time.time() + 2
    while len(produced) < 4 and time.time() < deadline:
        time.sleep(0.01)
    assert len(produced) >= 4  # the element read plus a full buffer, made without being asked
    assert [e.numpy() for e in iterator] == list(range(1, 10))


def test_prefetch_passes_errors_on():
    def broken():
        yield 1
        raise ValueError("boom")

    iterator = iter(D.from_generator(broken, tf.int64).prefetch(2))
    assert iterator.next().numpy() == 1
    with pytest.raises(tf.errors.InvalidArgumentError, match="ValueError: boom"):
        iterator.next()
    with pytest.raises(StopIteration):  # the generator is finished
        iterator.next()


# --- shuffle ----------------------------------------------------------------------------------------

def test_shuffle_is_a_permutation_and_reshuffles_each_iteration():
    dataset = D.range(100).shuffle(100)
    first, second = values(dataset), values(dataset)
    assert sorted(first) == sorted(second) == list(range(100))
    assert first != second


def test_shuffle_seed_gives_the_same_orders_and_no_reshuffle_repeats_them():
    tf.set_random_seed(3)
    orders = [values(D.range(50).shuffle(10, seed=7).repeat(2)) for _ in range(2)]
    assert orders[0] == orders[1]
    assert orders[0][:50] != orders[0][50:]
    fixed = D.range(50).shuffle(10, reshuffle_each_iteration=False)
    assert values(fixed) == values(fixed)


def test_graph_seed_makes_shuffles_reproducible():
    def run():
        tf.set_random_seed(11)
        return values(D.range(30).shuffle(30)), values(D.range(30).shuffle(30))

    first = run()
    assert first == run()
    assert first[0] != first[1]  # successive ops draw different op seeds


def test_small_buffer_only_moves_elements_within_reach():
    # An element leaves at the earliest when it enters the buffer: output i is one of inputs 0..i+b-1.
    order = values(D.range(200).shuffle(5))
    assert sorted(order) == list(range(200))
    assert all(value < i + 5 for i, value in enumerate(order))


def test_shuffle_of_slices_batches_by_index_with_the_right_multiset():
    x = np.arange(50 * 4, dtype=np.float32).reshape(50, 4)
    y = np.arange(50)
    batches = list(D.from_tensor_slices((x, y)).shuffle(20).batch(8))
    assert [len(b[1]) for b in batches] == [8] * 6 + [2]
    labels = np.concatenate([b[1].numpy() for b in batches])
    rows = np.concatenate([b[0].numpy() for b in batches])
    assert sorted(labels) == list(range(50))
    np.testing.assert_array_equal(rows, x[labels])


def test_seed_guide_loop_shuffle_repeat_batch():
    images = np.random.default_rng(0).random((96, 784), dtype=np.float32)
    labels = np.arange(96, dtype=np.int32) % 10
    dataset = D.from_tensor_slices((images, labels)).shuffle(60000).repeat(4).batch(32)
    x, y = tf.contrib.eager.Iterator(dataset).next()
    assert x.shape.as_list() == [32, 784] and y.dtype == tf.int32
    counts = collections.Counter()
    for i, (x, y) in enumerate(tf.contrib.eager.Iterator(dataset)):
        counts.update(y.numpy().tolist())
    assert i + 1 == 12 and counts == collections.Counter((labels.tolist()) * 4)


# --- cache ----------------------------------------------------------------------------------------

def test_memory_cache_replays_the_first_pass():
    calls = []
    dataset = D.range(3).map(lambda x: calls.append(1) or x).cache()
    assert values(dataset) == values(dataset) == [0, 1, 2]
    assert len(calls) <= 3 + 2  # the traces, then one pass


def test_file_cache_writes_once_and_reads_back(tmp_path):
    prefix = str(tmp_path / "cache")
    source = D.from_tensor_slices((np.arange(4), np.array([b"a", b"", b"c\x00", b"dd"], dtype=object)))
    first = [(a.numpy(), b.numpy()) for a, b in source.cache(prefix)]
    assert (tmp_path / "cache.tfcompat_cache").exists()
    again = [(a.numpy(), b.numpy()) for a, b in D.from_tensor_slices(
        (np.zeros(1, np.int64), np.array([b"x"], dtype=object))).cache(prefix)]
    assert first == again == [(0, b"a"), (1, b""), (2, b"c\x00"), (3, b"dd")]


def test_file_cache_lock_is_tf_already_exists(tmp_path):
    prefix = str(tmp_path / "c")
    iterator = iter(D.range(3).cache(prefix))
    iterator.next()
    with pytest.raises(tf.errors.AlreadyExistsError, match="concurrent caching iterator"):
        iter(D.range(3).cache(prefix)).next()


# --- errors and devices -------------------------------------------------------------------------------

def test_errors_in_map_are_reported_in_place_and_iteration_goes_on():
    dataset = D.from_tensor_slices([1.0, 0.0, 2.0]).map(lambda x: tf.check_numerics(1.0 / x, "x"))
    iterator = iter(dataset)
    assert iterator.next().numpy() == 1.0
    with pytest.raises(tf.errors.InvalidArgumentError):
        iterator.next()
    assert iterator.next().numpy() == 0.5
    assert values(dataset.apply(tf.data.experimental.ignore_errors())) == [1.0, 0.5]


def test_from_tensor_slices_mismatched_sizes():
    with pytest.raises(ValueError, match="Dimensions 3 and 4 are not compatible"):
        D.from_tensor_slices((np.zeros(3), np.zeros(4)))
    with pytest.raises(ValueError, match="rank >= 1"):
        D.from_tensor_slices(1)


def test_elements_follow_tf_device():
    with tf.device("/cpu:0"):
        element = next(iter(D.range(1)))
    assert element.device.endswith("CPU:0")


@pytest.mark.skipif(not tf.test.is_gpu_available() if hasattr(tf, "test") else True, reason="needs a GPU")
def test_elements_follow_tf_device_gpu():
    x = np.arange(6, dtype=np.float32).reshape(3, 2)
    with tf.device("/cpu:0"):
        dataset = D.from_tensor_slices(x).shuffle(3).batch(2)
    with tf.device("/gpu:0"):
        batch = next(iter(dataset))
        mapped = next(iter(D.range(2).map(lambda v: v * 2, num_parallel_calls=2).prefetch(1)))
    assert batch.device.endswith("GPU:0") and mapped.device.endswith("GPU:0")


def test_list_files(tmp_path):
    for name in ("b.txt", "a.txt", "c.csv"):
        (tmp_path / name).write_text("x")
    names = values(D.list_files(str(tmp_path / "*.txt"), shuffle=False))
    assert names == [str(tmp_path / "a.txt").encode(), str(tmp_path / "b.txt").encode()]
    assert sorted(values(D.list_files(str(tmp_path / "*.txt"), seed=1))) == names
    with pytest.raises(tf.errors.InvalidArgumentError, match="No files matched pattern"):
        D.list_files(str(tmp_path / "*.none"))


def test_dataset_repr_is_tf_1x():
    dataset = D.from_tensor_slices({"a": np.arange(3), "b": np.zeros((3, 2))}).batch(2)
    assert repr(dataset) == "<DatasetV1Adapter shapes: {a: (?,), b: (?, 2)}, types: {a: tf.int64, b: tf.float64}>"
    assert repr(D.range(3)) == "<DatasetV1Adapter shapes: (), types: tf.int64>"
