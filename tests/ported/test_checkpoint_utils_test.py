"""Ported behaviours of tensorflow/python/training/checkpoint_utils_test.py (TF 1.15), eager mode.

TF's tests build graphs; here the variables come from tf.get_variable inside a tfe.EagerVariableStore,
the store TF 1.15 eager looks names up in, and init_from_checkpoint assigns at once (TF eager runs the
checkpoint initializer when it is made).  Partitioned variables are lists of part variables (tfcompat's
eager get_variable makes whole ones)."""

import os
import time

import numpy as np
import pytest

import tfcompat as tf

tfe = tf.contrib.eager


def _create_checkpoints(checkpoint_dir):
    store = tfe.EagerVariableStore()
    with store.as_default():
        v1 = tf.get_variable("var1", [1, 10])
        v2 = tf.get_variable("var2", [10, 10])
        v3 = tf.get_variable("var3", [100, 100])
        with tf.variable_scope("useful_scope"):
            v4 = tf.get_variable("var4", [9, 9])
    tf.train.Saver([v1, v2, v3, v4]).save(None, os.path.join(checkpoint_dir, "model"), global_step=0)
    return v1.numpy(), v2.numpy(), v3.numpy(), v4.numpy()


def _create_partition_checkpoints(checkpoint_dir):
    """A [100, 100] variable saved as TF saves a partitioned one's value under its full name."""
    value = np.random.RandomState(5).randn(100, 100).astype(np.float32)
    variable = tf.Variable(value, name="scope/var1")
    tf.train.Saver([variable]).save(None, os.path.join(checkpoint_dir, "model"), global_step=0)
    return value


def test_CheckpointsTest_testNoCheckpoints(tmp_path):
    with pytest.raises(tf.errors.OpError):
        tf.train.load_variable(str(tmp_path / "no_checkpoints"), "var1")


def test_CheckpointsTest_testNoTensor(tmp_path):
    _create_checkpoints(str(tmp_path))
    with pytest.raises(tf.errors.OpError):
        tf.train.load_variable(str(tmp_path), "var5")


def test_CheckpointsTest_testGetTensor(tmp_path):
    v1, v2, v3, v4 = _create_checkpoints(str(tmp_path))
    np.testing.assert_array_equal(tf.train.load_variable(str(tmp_path), "var1"), v1)
    np.testing.assert_array_equal(tf.train.load_variable(str(tmp_path), "var2"), v2)
    np.testing.assert_array_equal(tf.train.load_variable(str(tmp_path), "var3"), v3)
    np.testing.assert_array_equal(tf.train.load_variable(str(tmp_path), "useful_scope/var4"), v4)


def test_CheckpointsTest_testGetAllVariables(tmp_path):
    _create_checkpoints(str(tmp_path))
    assert tf.train.list_variables(str(tmp_path)) == [("useful_scope/var4", [9, 9]), ("var1", [1, 10]),
                                                      ("var2", [10, 10]), ("var3", [100, 100])]


def test_CheckpointsTest_testInitFromCheckpoint(tmp_path):
    v1, v2, v3, v4 = _create_checkpoints(str(tmp_path))
    with tfe.EagerVariableStore().as_default():
        with tf.variable_scope("some_scope"):
            my1 = tf.get_variable("my1", [1, 10])
            with tf.variable_scope("some_other_scope"):
                my2 = tf.get_variable("my2", [10, 10])
                with tf.variable_scope("other_useful_scope"):
                    my4 = tf.get_variable("var4", [9, 9])
        my3 = tf.get_variable("my3", [100, 100])
        my3b = tf.get_variable("my3b", [100, 100])
        tf.train.init_from_checkpoint(str(tmp_path), {
            "var1": "some_scope/my1",
            "useful_scope/": "some_scope/some_other_scope/other_useful_scope/"})
        tf.train.init_from_checkpoint(str(tmp_path), [
            ("var2", "some_scope/some_other_scope/my2"), ("var3", my3), ("var3", my3b)])
    for variable, expected in ((my1, v1), (my2, v2), (my3, v3), (my3b, v3), (my4, v4)):
        np.testing.assert_array_equal(variable.numpy(), expected)


def test_CheckpointsTest_testInitialValueComesFromCheckpoint(tmp_path):
    v1, _, _, _ = _create_checkpoints(str(tmp_path))
    with tfe.EagerVariableStore().as_default():
        with tf.variable_scope("some_scope", initializer=tf.zeros_initializer()):
            my1 = tf.get_variable("my1", [1, 10])
        before = my1.numpy()
        tf.train.init_from_checkpoint(str(tmp_path), {"var1": my1})
    np.testing.assert_array_equal(before, [[0.0] * 10])
    np.testing.assert_array_equal(my1.numpy(), v1)


def test_CheckpointsTest_testInitWithScopeDoesNotCaptureSuffixes(tmp_path):
    _, _, _, v4 = _create_checkpoints(str(tmp_path))
    with tfe.EagerVariableStore().as_default():
        with tf.variable_scope("useful_scope"):
            my4 = tf.get_variable("var4", [9, 9])
        with tf.variable_scope("useful_scope_1"):
            my5_init = [[1.0, 2.0], [3.0, 4.0]]
            my5 = tf.get_variable("var5", initializer=my5_init)
        tf.train.init_from_checkpoint(str(tmp_path), {"useful_scope/": "useful_scope/"})
    np.testing.assert_array_equal(my4.numpy(), v4)
    np.testing.assert_array_equal(my5.numpy(), my5_init)


def test_CheckpointsTest_testInitFromRootCheckpoint(tmp_path):
    v1, v2, v3, v4 = _create_checkpoints(str(tmp_path))
    with tfe.EagerVariableStore().as_default():
        with tf.variable_scope("some_scope"):
            my1 = tf.get_variable("var1", [1, 10])
            my2 = tf.get_variable("var2", [10, 10])
            my3 = tf.get_variable("var3", [100, 100])
            with tf.variable_scope("useful_scope"):
                my4 = tf.get_variable("var4", [9, 9])
        tf.train.init_from_checkpoint(str(tmp_path), {"/": "some_scope/"})
    for variable, expected in ((my1, v1), (my2, v2), (my3, v3), (my4, v4)):
        np.testing.assert_array_equal(variable.numpy(), expected)


def test_CheckpointsTest_testInitToRootCheckpoint(tmp_path):
    v1, v2, v3, v4 = _create_checkpoints(str(tmp_path))
    with tfe.EagerVariableStore().as_default():
        my1 = tf.get_variable("var1", [1, 10])
        my2 = tf.get_variable("var2", [10, 10])
        my3 = tf.get_variable("var3", [100, 100])
        with tf.variable_scope("useful_scope"):
            my4 = tf.get_variable("var4", [9, 9])
        tf.train.init_from_checkpoint(str(tmp_path), {"/": "/"})
    for variable, expected in ((my1, v1), (my2, v2), (my3, v3), (my4, v4)):
        np.testing.assert_array_equal(variable.numpy(), expected)


def test_CheckpointsTest_testInitFromPartitionVar(tmp_path):
    v1 = _create_partition_checkpoints(str(tmp_path))
    with tfe.EagerVariableStore().as_default():
        with tf.variable_scope("some_scope"):  # TF partitions it; tfcompat's eager get_variable makes it whole
            my1 = tf.get_variable("my1", shape=[100, 100], initializer=tf.zeros_initializer())
        with tf.variable_scope("some_other_scope"):
            my2 = tf.get_variable("var1", shape=[100, 100], initializer=tf.zeros_initializer())
        tf.train.init_from_checkpoint(str(tmp_path), {"scope/var1": "some_scope/my1", "scope/": "some_other_scope/"})
    np.testing.assert_array_equal(my1.numpy(), v1)
    np.testing.assert_array_equal(my2.numpy(), v1)
    # the list of a partitioned variable's parts (TF's my1._get_variable_list()), rows 0-33, 34-66, 67-99
    parts = [tf.Variable(np.zeros((rows, 100), np.float32)) for rows in (34, 33, 33)]
    tf.train.init_from_checkpoint(str(tmp_path), {"scope/var1": parts})
    np.testing.assert_array_equal(np.concatenate([part.numpy() for part in parts], axis=0), v1)
    # parts named as TF names them (var/part_N) are found by the variable's name
    with tfe.EagerVariableStore().as_default():
        with tf.variable_scope("parted"):
            named = [tf.get_variable(f"w/part_{i}", shape=[100, 50], initializer=tf.zeros_initializer())
                     for i in range(2)]
        tf.train.init_from_checkpoint(str(tmp_path), {"scope/var1": "parted/w"})
    np.testing.assert_array_equal(np.concatenate([part.numpy() for part in named], axis=1), v1)
    with pytest.raises(ValueError, match="do not tile"):
        tf.train.init_from_checkpoint(str(tmp_path), {"scope/var1": [tf.Variable(np.zeros((50, 100), np.float32))]})


def test_CheckpointsTest_testInitFromCheckpointMissing(tmp_path):
    _create_checkpoints(str(tmp_path))
    with tfe.EagerVariableStore().as_default():
        with tf.variable_scope("some_scope"):
            tf.get_variable("my1", [10, 10])
            tf.get_variable("my2", [1, 10], dtype=tf.int64, initializer=tf.zeros_initializer())
        with pytest.raises(tf.errors.OpError):  # no directory
            tf.train.init_from_checkpoint("no_dir", {"var1": "some_scope/my1"})
        with pytest.raises(ValueError):  # no variable in checkpoint
            tf.train.init_from_checkpoint(str(tmp_path), {"no_var": "some_scope/my1"})
        with pytest.raises(ValueError):  # no variable in the store
            tf.train.init_from_checkpoint(str(tmp_path), {"var3": "some_scope/no_var"})
        with pytest.raises(ValueError):  # shape mismatch
            tf.train.init_from_checkpoint(str(tmp_path), {"var1": "some_scope/my1"})
        with pytest.raises(ValueError):  # 'my1' and 'my2' are missing in the given checkpoint scope
            tf.train.init_from_checkpoint(str(tmp_path), {"useful_scope/": "some_scope/"})
        with pytest.raises(ValueError):  # the mapping is not to a scope name
            tf.train.init_from_checkpoint(str(tmp_path), {"useful_scope": "some_scope/"})


def test_init_from_checkpoint_outside_a_store_finds_no_names(tmp_path):
    """TF 1.15 eager: get_variable outside an EagerVariableStore stores nothing, so scope forms map nothing
    and a name is taken for a scope."""
    v1, _, _, _ = _create_checkpoints(str(tmp_path))
    with tf.variable_scope("useful_scope"):
        mine = tf.get_variable("var4", [9, 9], initializer=tf.zeros_initializer())
    tf.train.init_from_checkpoint(str(tmp_path), {"useful_scope/": "useful_scope/"})
    assert not mine.numpy().any()
    with pytest.raises(ValueError, match="Assignment map with scope only name"):
        tf.train.init_from_checkpoint(str(tmp_path), {"var1": "useful_scope/var4"})


def test_WaitForNewCheckpointTest_testReturnsNoneAfterTimeout():
    from tfcompat._src.checkpoint.management import wait_for_new_checkpoint

    start = time.time()
    assert wait_for_new_checkpoint("/non-existent-dir", "foo", timeout=1.0, seconds_to_sleep=0.5) is None
    end = time.time()
    assert start + 0.5 < end < start + 1.1


def test_checkpoints_iterator_yields_each_new_checkpoint_then_stops(tmp_path):
    variable = tf.Variable(1.0)
    checkpoint = tf.train.Checkpoint(v=variable)
    first = checkpoint.save(str(tmp_path / "ckpt"))
    iterator = tf.train.checkpoints_iterator(str(tmp_path), timeout=0.3)
    assert next(iterator) == first
    second = checkpoint.save(str(tmp_path / "ckpt"))
    assert next(iterator) == second
    with pytest.raises(StopIteration):  # no new checkpoint within the timeout, no timeout_fn
        next(iterator)
    calls = []
    stopping = tf.train.checkpoints_iterator(str(tmp_path), timeout=0.1,
                                             timeout_fn=lambda: calls.append(1) or len(calls) >= 2)
    assert list(stopping) == [second] and len(calls) == 2
