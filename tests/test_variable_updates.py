"""How variables change: the storage functions optimizers, layers and checkpoints use, and
the atomicity of read-modify-write updates across threads.

TF's rules kept here: reads are snapshots (a value read before an update never changes,
and a tape that recorded a read differentiates at the value it read), and a resource
variable's updates are atomic.
"""

import sys
import threading

import numpy as np
import pytest
import torch

import tfcompat as tf
from tfcompat._src.eager.variables import (add_to_storages, increment, owner, read_storage, write_storage,
                                           write_storages)


def storage_of(values):
    return torch.tensor(values, dtype=torch.float32)


# --- reading and writing storage --------------------------------------------------------------------

def test_read_storage_is_the_value_and_records_nothing():
    v = tf.Variable([1.0, 2.0])
    with tf.GradientTape() as tape:
        stored = read_storage(v)
    assert stored.tolist() == [1.0, 2.0]
    assert not stored.requires_grad
    assert tape.watched_variables() == ()


def test_write_storage_replaces_the_value_and_earlier_reads_keep_theirs():
    v = tf.Variable([1.0, 2.0])
    before = v.read_value()
    before_array = v.numpy()
    write_storage(v, storage_of([5.0, 6.0]))
    assert v.numpy().tolist() == [5.0, 6.0]
    assert before.numpy().tolist() == [1.0, 2.0]
    assert before_array.tolist() == [1.0, 2.0]


def test_write_storage_through_an_unread_variable_writes_its_parent():
    v = tf.Variable(1.0)
    unread = v.assign(2.0)
    assert owner(unread) is v
    write_storage(unread, torch.tensor(7.0))
    assert v.numpy() == 7.0


def test_write_storage_detaches_and_keeps_the_declared_shape():
    v = tf.Variable([1.0, 2.0])
    source = torch.tensor([3.0, 4.0], requires_grad=True)
    write_storage(v, source * 2)
    assert not read_storage(v).requires_grad
    with pytest.raises(ValueError, match=r"shape \(3,\).*Variable:0 of shape \(2,\)"):
        write_storage(v, storage_of([1.0, 2.0, 3.0]))
    with pytest.raises(ValueError, match="Cannot store a torch float64 tensor.*dtype float32"):
        write_storage(v, torch.zeros(2, dtype=torch.float64))
    with pytest.raises(ValueError, match="Cannot store a list"):
        write_storage(v, [1.0, 2.0])
    assert v.numpy().tolist() == [6.0, 8.0]


def test_write_storage_of_an_unknown_shape_variable_takes_any_shape():
    v = tf.Variable([1.0], validate_shape=False)
    write_storage(v, storage_of([1.0, 2.0, 3.0]))
    assert v.numpy().tolist() == [1.0, 2.0, 3.0]


def test_tapes_read_the_new_storage_from_the_next_read():
    v = tf.Variable(3.0)
    with tf.GradientTape(persistent=True) as tape:
        y_old = v * v
        write_storage(v, torch.tensor(5.0))
        y_new = v * v
    assert y_new.numpy() == 25.0
    assert tape.gradient(y_old, v).numpy() == 6.0
    assert tape.gradient(y_new, v).numpy() == 10.0


# --- add_to_storages: the optimizer's update ------------------------------------------------------------

def test_add_to_storages_matches_assign_sub():
    values = [[1.0, 2.0], [3.0]]
    deltas = [[0.5, -1.0], [2.0]]
    updated = [tf.Variable(value) for value in values]
    assigned = [tf.Variable(value) for value in values]
    add_to_storages(updated, [storage_of(delta) for delta in deltas], alpha=-0.1)
    for variable, delta in zip(assigned, deltas):
        variable.assign_sub(tf.constant(delta) * 0.1)
    for a, b in zip(updated, assigned):
        np.testing.assert_array_equal(a.numpy(), b.numpy())


def test_add_to_storages_keeps_earlier_reads():
    v = tf.Variable([1.0, 2.0])
    before = v.read_value()
    before_array = v.numpy()
    add_to_storages([v], [storage_of([1.0, 1.0])], alpha=-1)
    assert v.numpy().tolist() == [0.0, 1.0]
    assert before.numpy().tolist() == [1.0, 2.0]
    assert before_array.tolist() == [1.0, 2.0]


def test_a_tape_that_recorded_a_read_differentiates_at_the_value_it_read():
    w = tf.Variable(3.0)
    x = tf.Variable(2.0)
    with tf.GradientTape() as tape:
        y = w * w * x
    add_to_storages([w, x], [torch.tensor(1.0), torch.tensor(1.0)], alpha=10)
    dw, dx = tape.gradient(y, [w, x])
    assert (dw.numpy(), dx.numpy()) == (12.0, 9.0)  # 2 * w * x, w * w at w=3, x=2
    assert y.numpy() == 18.0


def test_updates_between_steps_of_a_persistent_tape():
    v = tf.Variable(3.0)
    with tf.GradientTape(persistent=True) as tape:
        first = v * v
        add_to_storages([v], [torch.tensor(1.0)])
        second = v * v
    assert tape.gradient(first, v).numpy() == 6.0
    assert tape.gradient(second, v).numpy() == 8.0
    assert tape.gradient([first, second], v).numpy() == 14.0


def test_an_outer_tape_sees_values_computed_before_an_update():
    v = tf.Variable(2.0)
    with tf.GradientTape() as outer:
        with tf.GradientTape() as inner:
            y = v * v * v
        dy = inner.gradient(y, v)  # 3 v^2
        add_to_storages([v], [torch.tensor(1.0)])
    assert dy.numpy() == 12.0
    assert outer.gradient(dy, v).numpy() == 12.0  # 6 v at the value read, v=2


def test_add_to_storages_refuses_mismatches_and_changes_nothing():
    a, b = tf.Variable([1.0, 2.0]), tf.Variable(1.0)
    cases = [
        ([a, b], [storage_of([1.0, 1.0])], "2 variables but 1 deltas"),
        ([a, a], [storage_of([1.0, 1.0])] * 2, "appears more than once"),
        ([a, b], [storage_of([1.0, 1.0]), storage_of([1.0])], r"delta 1 \(torch float32 tensor of shape \(1,\)"),
        ([a], [torch.ones(2, dtype=torch.float64)], "delta 0"),
        ([a], [[1.0, 1.0]], r"delta 0 \(list\)"),
    ]
    for variables, deltas, message in cases:
        with pytest.raises(ValueError, match=message):
            add_to_storages(variables, deltas)
    assert a.numpy().tolist() == [1.0, 2.0] and b.numpy() == 1.0


def test_add_to_storages_detaches_deltas_that_require_grad():
    v = tf.Variable([1.0])
    delta = torch.ones(1, requires_grad=True) * 2
    add_to_storages([v], [delta])
    assert not read_storage(v).requires_grad
    assert v.numpy().tolist() == [3.0]


def test_add_to_storages_on_integer_variables():
    v = tf.Variable([1, 2])
    add_to_storages([v], [torch.tensor([3, 3], dtype=torch.int32)], alpha=2)
    assert v.numpy().tolist() == [7, 8]
    with pytest.raises(ValueError, match="add_to_storages"):
        add_to_storages([v], [torch.tensor([3, 3], dtype=torch.int32)], alpha=0.5)


# --- atomic updates across threads -------------------------------------------------------------------

@pytest.fixture
def frequent_thread_switches():
    """Make the interpreter switch threads as often as it can, so that races show."""
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    yield
    sys.setswitchinterval(interval)


def in_two_threads(update, times):
    start = threading.Barrier(2)

    def worker():
        start.wait()
        for _ in range(times):
            update()

    threads = [threading.Thread(target=worker) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def test_assign_add_is_atomic(frequent_thread_switches):
    v = tf.Variable(0.0)
    in_two_threads(lambda: v.assign_add(1.0), 20_000)
    assert v.numpy() == 40_000.0


def test_assign_sub_and_tf_assign_add_are_atomic(frequent_thread_switches):
    v = tf.Variable(0, dtype=tf.int64)
    in_two_threads(lambda: (v.assign_sub(1), tf.assign_add(v, 3)), 5_000)
    assert v.numpy() == 20_000


def test_scatter_add_is_atomic(frequent_thread_switches):
    v = tf.Variable([0.0, 0.0, 0.0])
    delta = tf.IndexedSlices(tf.constant([1.0, 2.0]), tf.constant([0, 2]))
    in_two_threads(lambda: v.scatter_add(delta), 5_000)
    assert v.numpy().tolist() == [10_000.0, 0.0, 20_000.0]


def test_scatter_nd_add_is_atomic(frequent_thread_switches):
    v = tf.Variable([0.0, 0.0])
    in_two_threads(lambda: tf.scatter_nd_add(v, [[1]], [1.0]), 1_000)
    assert v.numpy().tolist() == [0.0, 2_000.0]


def test_scatter_functions_are_atomic_whatever_use_locking_says(frequent_thread_switches):
    v = tf.Variable([0.0, 0.0])
    in_two_threads(lambda: (tf.scatter_add(v, [0], [1.0]),  # use_locking=False, TF's default
                            tf.scatter_sub(v, [1], [1.0], use_locking=False)), 1_000)
    assert v.numpy().tolist() == [2_000.0, -2_000.0]


def test_add_to_storages_is_atomic_per_variable(frequent_thread_switches):
    a, b = tf.Variable(0.0), tf.Variable(0.0)
    one = torch.tensor(1.0)
    in_two_threads(lambda: (add_to_storages([a, b], [one, one]), add_to_storages([b, a], [one, one])), 5_000)
    assert (a.numpy(), b.numpy()) == (20_000.0, 20_000.0)


def test_increment_and_the_global_step_are_atomic(frequent_thread_switches):
    step = tf.Variable(0, dtype=tf.int64, trainable=False)
    weight, gradient = tf.Variable(0.0), tf.constant(-1.0)
    optimizer = tf.train.GradientDescentOptimizer(1.0)
    in_two_threads(lambda: (increment(step), optimizer.apply_gradients([(gradient, weight)], global_step=step)),
                   5_000)
    assert step.numpy() == 20_000 and step.dtype == tf.int64  # (the weight's updates race, as TF's use_locking=False)


def test_tapes_of_two_threads_share_a_variable():
    v = tf.Variable(3.0)
    gradients, watched = {}, {}
    both_recording = threading.Barrier(2)

    def train(name, scale):
        with tf.GradientTape() as tape:
            both_recording.wait()
            y = v * v * scale
            both_recording.wait()
        watched[name] = tape.watched_variables()
        gradients[name] = tape.gradient(y, v).numpy()

    threads = [threading.Thread(target=train, args=(name, scale)) for name, scale in (("a", 1.0), ("b", 10.0))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert gradients == {"a": 6.0, "b": 60.0}
    assert watched == {"a": (v,), "b": (v,)}


def test_a_tape_does_not_record_another_threads_reads():
    v, w = tf.Variable(1.0), tf.Variable(2.0)
    read_elsewhere = threading.Event()

    def other_thread():
        (w * 2).numpy()
        read_elsewhere.set()

    with tf.GradientTape() as tape:
        y = v * 3
        thread = threading.Thread(target=other_thread)
        thread.start()
        read_elsewhere.wait(10)
        thread.join()
    assert tape.watched_variables() == (v,)
    assert tape.gradient(y, [v, w])[1] is None


def test_write_storages_replaces_each_storage_and_keeps_earlier_reads():
    a, b = tf.Variable([1.0, 2.0]), tf.Variable(3.0)
    before = a.read_value()
    new_a, new_b = storage_of([5.0, 6.0]), storage_of(7.0)
    write_storages([a, b], [new_a, new_b])
    assert read_storage(a) is new_a and read_storage(b) is new_b
    assert before.numpy().tolist() == [1.0, 2.0] and a.numpy().tolist() == [5.0, 6.0] and b.numpy() == 7.0


def test_write_storages_refuses_mismatches_and_changes_nothing():
    a, b = tf.Variable([1.0, 2.0]), tf.Variable(1.0)
    cases = [
        ([a, b], [storage_of([1.0, 1.0])], "2 variables but 1 values"),
        ([a, a], [storage_of([1.0, 1.0])] * 2, "appears more than once"),
        ([a, b], [storage_of([1.0, 1.0]), storage_of([1.0])], r"value 1 \(torch float32 tensor of shape \(1,\)"),
        ([a], [torch.ones(2, dtype=torch.float64)], "value 0"),
    ]
    for variables, values, message in cases:
        with pytest.raises(ValueError, match=message):
            write_storages(variables, values)
    assert a.numpy().tolist() == [1.0, 2.0] and b.numpy() == 1.0
