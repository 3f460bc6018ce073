"""Ported behaviours of tensorflow/python/training/checkpoint_management_test.py (TF 1.15), eager mode.

Left out: the sharded and V1-format Saver cases (tfcompat writes one file per checkpoint, in its own
format), and the TF 2.x CheckpointManager features (init_fn / restore_or_initialize, step_counter /
checkpoint_interval), which TF 1.15 does not have.
"""

import os

import pytest

import tfcompat as tf
from tfcompat._src.checkpoint import management

checkpoint_exists = tf.train.checkpoint_exists


class _Clock:
    def __init__(self, now):
        self.now = now

    def time(self):
        return self.now


@pytest.fixture
def clock(monkeypatch):
    fake = _Clock(3.0)
    monkeypatch.setattr(management, "time", fake)
    return fake


def test_LatestCheckpointWithRelativePaths_testNameCollision(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    os.mkdir("train")
    filepath = os.path.join("train", "checkpoint")
    saver = tf.train.Saver([tf.Variable(0.0, name="a")])
    with pytest.raises(ValueError, match="collides with"):
        saver.save(None, filepath)
    saver.save(None, filepath, global_step=1)
    assert tf.train.latest_checkpoint("train") is not None


def test_LatestCheckpointWithRelativePaths_testRelativePath(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    os.mkdir("train")
    filepath = os.path.join("train", "snapshot")
    v0 = tf.Variable(0.0)
    save = tf.train.Saver({"v0": v0})
    for step in range(3):
        save.save(None, filepath, global_step=step)
        v0.assign_add(1.0)
    v0 = tf.Variable(-1.0)
    save = tf.train.Saver({"v0": v0})
    name = tf.train.latest_checkpoint("train")
    assert name is not None
    save.restore(None, name)
    assert v0.numpy() == 2.0


def test_CheckpointStateTest_testAbsPath(tmp_path):
    save_dir = str(tmp_path / "abs_paths")
    abs_path = os.path.join(save_dir, "model-0")
    ckpt = tf.train.generate_checkpoint_state_proto(save_dir, abs_path)
    assert ckpt.model_checkpoint_path == abs_path
    assert os.path.isabs(ckpt.model_checkpoint_path)
    assert len(ckpt.all_model_checkpoint_paths) == 1
    assert ckpt.all_model_checkpoint_paths[-1] == abs_path


def test_CheckpointStateTest_testRelPath():
    ckpt = tf.train.generate_checkpoint_state_proto("train", os.path.join("train", "model-0"))
    assert ckpt.model_checkpoint_path == "model-0"
    assert len(ckpt.all_model_checkpoint_paths) == 1
    assert ckpt.all_model_checkpoint_paths[-1] == "model-0"


def test_CheckpointStateTest_testAllModelCheckpointPaths(tmp_path):
    save_dir = str(tmp_path / "all_models_test")
    abs_path = os.path.join(save_dir, "model-0")
    for paths in [None, [], ["model-2"]]:
        ckpt = tf.train.generate_checkpoint_state_proto(save_dir, abs_path, all_model_checkpoint_paths=paths)
        assert ckpt.model_checkpoint_path == abs_path
        assert os.path.isabs(ckpt.model_checkpoint_path)
        assert len(ckpt.all_model_checkpoint_paths) == (len(paths) if paths else 1)
        assert ckpt.all_model_checkpoint_paths[-1] == abs_path


def test_CheckpointStateTest_testUpdateCheckpointState(tmp_path, monkeypatch):
    save_dir = str(tmp_path)
    monkeypatch.chdir(save_dir)
    os.mkdir("train")
    abs_path = os.path.join(save_dir, "model-0")
    rel_path = os.path.join("train", "model-2")
    tf.train.update_checkpoint_state("train", rel_path, all_model_checkpoint_paths=[abs_path, rel_path])
    ckpt = tf.train.get_checkpoint_state("train")
    assert ckpt.model_checkpoint_path == rel_path
    assert len(ckpt.all_model_checkpoint_paths) == 2
    assert ckpt.all_model_checkpoint_paths[-1] == rel_path
    assert ckpt.all_model_checkpoint_paths[0] == abs_path


def test_CheckpointStateTest_testUpdateCheckpointStateSaveRelativePaths(tmp_path):
    save_dir = str(tmp_path)
    abs_path2, abs_path0 = os.path.join(save_dir, "model-2"), os.path.join(save_dir, "model-0")
    management.update_checkpoint_state_internal(save_dir=save_dir, model_checkpoint_path=abs_path2,
                                                all_model_checkpoint_paths=["model-0", abs_path2],
                                                save_relative_paths=True)
    from google.protobuf import text_format
    from tfcompat._src.protos.checkpoint import CHECKPOINT_STATE
    ckpt = text_format.Merge((tmp_path / "checkpoint").read_text(), CHECKPOINT_STATE.CheckpointState())
    assert ckpt.model_checkpoint_path == "model-2"
    assert list(ckpt.all_model_checkpoint_paths) == ["model-0", "model-2"]
    ckpt = tf.train.get_checkpoint_state(save_dir)
    assert ckpt.model_checkpoint_path == abs_path2
    assert list(ckpt.all_model_checkpoint_paths) == [abs_path0, abs_path2]


def test_CheckpointStateTest_testCheckPointStateFailsWhenIncomplete(tmp_path):
    (tmp_path / "checkpoint").write_text("")
    with pytest.raises(ValueError):
        tf.train.get_checkpoint_state(str(tmp_path))


def test_CheckpointStateTest_testCheckPointCompletesRelativePaths(tmp_path):
    (tmp_path / "checkpoint").write_text("""
        model_checkpoint_path: "./model.ckpt-687529"
        all_model_checkpoint_paths: "./model.ckpt-687500"
        all_model_checkpoint_paths: "./model.ckpt-687529"
        """)
    ckpt = tf.train.get_checkpoint_state(str(tmp_path))
    assert ckpt.model_checkpoint_path == os.path.join(str(tmp_path), "./model.ckpt-687529")
    assert ckpt.all_model_checkpoint_paths[0] == os.path.join(str(tmp_path), "./model.ckpt-687500")
    assert ckpt.all_model_checkpoint_paths[1] == os.path.join(str(tmp_path), "./model.ckpt-687529")


def test_SaverUtilsTest_testCheckpointExists(tmp_path):
    saver = tf.train.Saver([tf.Variable(1.0, name="v")])
    path = str(tmp_path / "False-2")
    assert not checkpoint_exists(path)
    assert checkpoint_exists(saver.save(None, path))
    assert checkpoint_exists(tf.train.latest_checkpoint(str(tmp_path)))


def test_SaverUtilsTest_testGetCheckpointMtimes(tmp_path):
    saver = tf.train.Saver([tf.Variable(1.0, name="v")])
    prefixes = [saver.save(None, str(tmp_path / name)) for name in ("2", "1")]
    mtimes = tf.train.get_checkpoint_mtimes(prefixes)
    assert len(mtimes) == 2
    assert mtimes[1] >= mtimes[0]


def test_SaverUtilsTest_testRemoveCheckpoint(tmp_path):
    saver = tf.train.Saver([tf.Variable(1.0, name="v")])
    prefix = saver.save(None, str(tmp_path / "False-2"))
    assert checkpoint_exists(prefix)
    tf.train.remove_checkpoint(prefix, 2)
    assert not checkpoint_exists(prefix)


def test_CheckpointManagerTest_testDeletion(tmp_path):
    manager = tf.train.CheckpointManager(tf.train.Checkpoint(), str(tmp_path), max_to_keep=3)
    first, second, third, fourth = (manager.save() for _ in range(4))
    assert checkpoint_exists(fourth) and checkpoint_exists(third) and checkpoint_exists(second)
    assert not checkpoint_exists(first)


def test_CheckpointManagerTest_testKeepAll(tmp_path):
    checkpoint = tf.train.Checkpoint()
    directory = str(tmp_path / "True")
    manager = tf.train.CheckpointManager(checkpoint, directory, max_to_keep=None)
    first, second, third = (manager.save() for _ in range(3))
    assert all(checkpoint_exists(path) for path in (first, second, third))
    assert manager.latest_checkpoint == third
    assert manager.checkpoints == [first, second, third]
    manager = tf.train.CheckpointManager(checkpoint, directory, max_to_keep=None)
    fourth = manager.save()
    assert manager.checkpoints == [first, second, third, fourth]
    manager = tf.train.CheckpointManager(checkpoint, directory, max_to_keep=3)
    assert manager.checkpoints == [first, second, third, fourth]
    assert all(checkpoint_exists(path) for path in (first, second, third, fourth))
    fifth = manager.save()
    assert manager.checkpoints == [third, fourth, fifth]
    assert all(checkpoint_exists(path) for path in (third, fourth, fifth))
    assert not checkpoint_exists(second) and not checkpoint_exists(first)


def test_CheckpointManagerTest_testSaveRestoreState(tmp_path, clock):
    directory = str(tmp_path)
    checkpoint = tf.train.Checkpoint()
    first_manager = tf.train.CheckpointManager(checkpoint, directory, max_to_keep=2)
    first_time, first_name = 10000.0, os.path.join(directory, "ckpt-1")
    clock.now = first_time
    first_manager.save()
    second_time, second_name = first_time + 3610.0, os.path.join(directory, "ckpt-2")
    clock.now = second_time
    first_manager.save()
    state = tf.train.get_checkpoint_state(directory)
    assert list(state.all_model_checkpoint_timestamps) == [first_time, second_time]
    assert first_manager.checkpoints == [first_name, second_name]
    assert first_manager.latest_checkpoint == second_name
    second_manager = tf.train.CheckpointManager(checkpoint, directory, max_to_keep=2, keep_checkpoint_every_n_hours=1.5)
    assert second_manager.checkpoints == [first_name, second_name]
    assert second_manager.latest_checkpoint == second_name
    third_name, third_time = os.path.join(directory, "ckpt-3"), second_time + 3600.0 * 0.2
    clock.now = third_time
    second_manager.save()
    assert checkpoint_exists(first_name) and checkpoint_exists(second_name)
    assert second_manager.checkpoints == [second_name, third_name]
    assert tf.train.get_checkpoint_state(directory).last_preserved_timestamp == first_time
    fourth_time, fourth_name = third_time + 3600.0 * 0.5, os.path.join(directory, "ckpt-4")
    clock.now = fourth_time
    second_manager.save()
    assert checkpoint_exists(first_name) and not checkpoint_exists(second_name)
    assert second_manager.checkpoints == [third_name, fourth_name]
    fifth_time, fifth_name = fourth_time + 3600.0 * 0.5, os.path.join(directory, "ckpt-5")
    clock.now = fifth_time
    second_manager.save()
    assert second_manager.checkpoints == [fourth_name, fifth_name]
    assert tf.train.get_checkpoint_state(directory).last_preserved_timestamp == first_time
    third_manager = tf.train.CheckpointManager(checkpoint, directory, max_to_keep=2, keep_checkpoint_every_n_hours=1.5)
    assert third_manager.latest_checkpoint == fifth_name
    clock.now += 10.0
    third_manager.save()
    sixth_name = os.path.join(directory, "ckpt-6")
    assert tf.train.get_checkpoint_state(directory).last_preserved_timestamp == fourth_time
    assert all(checkpoint_exists(name) for name in (first_name, fourth_name, fifth_name, sixth_name))
    assert not checkpoint_exists(second_name) and not checkpoint_exists(third_name)
    assert third_manager.checkpoints == [fifth_name, sixth_name]


def test_CheckpointManagerTest_testContinueFromUnmanaged(tmp_path):
    directory = str(tmp_path)
    prefix = os.path.join(directory, "unusual_prefix")
    checkpoint = tf.train.Checkpoint()
    first_path, second_path = checkpoint.save(prefix), checkpoint.save(prefix)
    checkpoint = tf.train.Checkpoint()
    manager = tf.train.CheckpointManager(checkpoint, directory, max_to_keep=2)
    checkpoint.restore(manager.latest_checkpoint).run_restore_ops()
    assert checkpoint.save_counter.numpy() == 2
    third_path = manager.save()
    assert manager.checkpoints == [third_path]
    fourth_path = manager.save()
    assert manager.checkpoints == [third_path, fourth_path]
    fifth_path = manager.save()
    assert manager.checkpoints == [fourth_path, fifth_path]
    assert checkpoint_exists(first_path) and checkpoint_exists(second_path)
    assert not checkpoint_exists(third_path)
    assert checkpoint_exists(fourth_path) and checkpoint_exists(fifth_path)


def test_CheckpointManagerTest_testClockReset(tmp_path, clock, monkeypatch):
    directory = str(tmp_path)
    clock.now = 10000.0
    checkpoint = tf.train.Checkpoint()
    first_manager = tf.train.CheckpointManager(checkpoint, directory, max_to_keep=1, keep_checkpoint_every_n_hours=1.0)
    first_path = first_manager.save()
    clock.now += 3600.0
    second_path = first_manager.save()
    clock.now += 3600.0
    third_path = first_manager.save()
    assert not checkpoint_exists(first_path)
    assert checkpoint_exists(second_path) and checkpoint_exists(third_path)
    assert first_manager.checkpoints == [third_path]
    assert tf.train.get_checkpoint_state(directory).last_preserved_timestamp == 13600.0
    clock.now = 5000.0
    warnings = []
    monkeypatch.setattr(management.logging, "warning", lambda message, *args: warnings.append(message % args))
    second_manager = tf.train.CheckpointManager(checkpoint, directory, max_to_keep=1)
    assert "behind the last preserved checkpoint timestamp" in warnings[-1]
    assert checkpoint_exists(second_path)
    assert second_manager.latest_checkpoint == third_path
    assert second_manager.checkpoints == []
    clock.now += 10.0
    fourth_path = second_manager.save()
    assert checkpoint_exists(second_path) and checkpoint_exists(third_path)
    assert second_manager.latest_checkpoint == fourth_path
    assert second_manager.checkpoints == [fourth_path]
    clock.now += 10.0
    fifth_path = second_manager.save()
    assert checkpoint_exists(second_path) and checkpoint_exists(third_path)
    assert second_manager.checkpoints == [fifth_path]
    state = tf.train.get_checkpoint_state(directory)
    assert state.last_preserved_timestamp == 5000.0
    assert list(state.all_model_checkpoint_timestamps) == [5020.0]


def test_CheckpointManagerTest_testCustomNumbering(tmp_path):
    directory = str(tmp_path)
    step = tf.Variable(0, dtype=tf.int64)
    checkpoint = tf.train.Checkpoint(step=step)
    manager = tf.train.CheckpointManager(checkpoint, directory, max_to_keep=2)
    for i in range(5):
        path = manager.save(checkpoint_number=step)
        assert path.endswith(f"-{2 * i}")
        step.assign_add(2)
    assert checkpoint.save_counter.numpy() == 5
    last_path = manager.save(checkpoint_number=32)
    assert "-32" in last_path
    assert manager.latest_checkpoint == last_path == tf.train.latest_checkpoint(directory)
    assert list(tf.train.get_checkpoint_state(directory).all_model_checkpoint_paths) == [path, last_path]


def test_CheckpointManagerTest_testCustomCheckpointPrefix(tmp_path):
    checkpoint = tf.train.Checkpoint()
    manager = tf.train.CheckpointManager(checkpoint, str(tmp_path), max_to_keep=2, checkpoint_name="ckpt_name")
    assert os.path.basename(manager.save(checkpoint_number=5)) == "ckpt_name-5"
    manager = tf.train.CheckpointManager(checkpoint, str(tmp_path), max_to_keep=2)
    assert os.path.basename(manager.save(checkpoint_number=5)) == "ckpt-5"
