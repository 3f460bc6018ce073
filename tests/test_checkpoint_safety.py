"""Checkpoint safety: a process killed (SIGKILL) at random moments while saving always leaves the
previous checkpoint restorable and ``latest_checkpoint`` naming a complete one; truncated and
bit-flipped files raise TF-style errors and restore nothing; every optimizer's slots and Keras models
(BatchNormalization, Conv) round-trip bit-exactly."""

import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

import tfcompat as tf

KILLS = int(os.environ.get("TFCOMPAT_CHECKPOINT_KILLS", "12"))
FUZZ_SECONDS = float(os.environ.get("TFCOMPAT_CHECKPOINT_FUZZ_SECONDS", "3"))
_ERRORS = (tf.errors.DataLossError, tf.errors.NotFoundError, tf.errors.InvalidArgumentError)


def _restored_number(path):
    """Restore ``path`` into fresh variables; the checkpoint number they all hold."""
    variables = [tf.Variable(np.full(shape, -1, np.float32)) for shape in ((256, 1024), (1024,), (64, 64, 16))]
    step = tf.Variable(-1, dtype=tf.int64)
    tf.train.Checkpoint(step=step, weights=tf.contrib.checkpoint.List(variables)).restore(path).assert_consumed()
    number = int(step.numpy())
    for variable in variables:
        assert np.all(variable.numpy() == number), f"{path}: a variable holds another checkpoint's values"
    return number


@pytest.mark.skipif(not hasattr(os, "fork"), reason="the worker forks its savers")
def test_sigkill_during_save_leaves_the_previous_checkpoint_restorable(tmp_path):
    worker = subprocess.Popen([sys.executable, str(Path(__file__).with_name("checkpoint_kill_worker.py"))],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=tmp_path)
    rng = random.Random(1215)
    seen = []
    try:
        for round_index in range(KILLS):
            directory = tmp_path / f"round{round_index % 3}"  # rounds also resume in a directory killed before
            worker.stdin.write(f"{directory}\n")
            worker.stdin.flush()
            pid = int(worker.stdout.readline())
            before = tf.train.latest_checkpoint(str(directory))
            time.sleep(rng.uniform(0.05, 0.6))
            os.kill(pid, signal.SIGKILL)
            assert worker.stdout.readline().strip() == "reaped"
            latest = tf.train.latest_checkpoint(str(directory))
            if latest is None:
                assert before is None  # killed before its first save ended: nothing was ever recorded
                continue
            number = _restored_number(latest)
            assert latest.endswith(f"-{number}")
            if before is not None:  # the worker resumes from the latest checkpoint: numbers only grow
                assert number >= int(before.rsplit("-", 1)[1])
            seen.append(number)
    finally:
        worker.stdin.close()
        worker.kill()
        worker.wait()
    assert seen, "no round saved a checkpoint before it was killed"


_HOLDER = """
import os, sys, time
from tfcompat._src.checkpoint import file_format
file_format._create_locked_folder(sys.argv[1])
with open(os.path.join(sys.argv[1], "ckpt-9.safetensors"), "wb") as stream:
    stream.write(b"partial checkpoint bytes")
print("ready", flush=True)
time.sleep(120)
"""


def _temporaries(directory):
    return sorted(path.name for path in Path(directory).glob("*.tmp*"))


@pytest.mark.skipif(not hasattr(os, "fork"), reason="flock and fork: POSIX")
def test_killed_saves_temporaries_are_removed_by_the_next_save_never_a_live_writers(tmp_path, monkeypatch):
    from tfcompat._src.checkpoint import file_format

    directory = tmp_path / "run"
    variable = tf.Variable([1.0, 2.0])
    manager = tf.train.CheckpointManager(tf.train.Checkpoint(v=variable), str(directory), max_to_keep=2)
    manager.save()
    # a live writer (another process) in the middle of its save: its temporary is locked and left alone
    live = directory / f"ckpt-9.safetensors.tmp{'a' * 16}"
    holder = subprocess.Popen([sys.executable, "-c", _HOLDER, str(live)], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "ready"
        manager.save()
        assert _temporaries(directory) == [live.name]
    finally:
        holder.kill()  # SIGKILL: the kernel drops its lock
        holder.wait()
    unrelated = directory / "ckpt-8.safetensors.tmp0123456789abcdef"  # a plain file (not this scheme's folder)
    unrelated.write_text("an older writer's")
    manager.save()
    assert _temporaries(directory) == [unrelated.name]
    # random SIGKILLs during saves (the worker of the test above), then one successful save cleans up
    worker = subprocess.Popen([sys.executable, str(Path(__file__).with_name("checkpoint_kill_worker.py"))],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=tmp_path)
    rng = random.Random(77)
    killed = tmp_path / "killed"
    try:
        for _ in range(max(2, KILLS // 3)):
            worker.stdin.write(f"{killed}\n")
            worker.stdin.flush()
            pid = int(worker.stdout.readline())
            time.sleep(rng.uniform(0.1, 0.5))
            os.kill(pid, signal.SIGKILL)
            assert worker.stdout.readline().strip() == "reaped"
    finally:
        worker.stdin.close()
        worker.kill()
        worker.wait()
    monkeypatch.setattr(file_format, "ABANDONED_EMPTY_AGE", 0.0)  # also the empty ones killed before their lock
    variables = [tf.Variable(np.zeros(shape, np.float32)) for shape in ((256, 1024), (1024,), (64, 64, 16))]
    checkpoint = tf.train.Checkpoint(step=tf.Variable(0, dtype=tf.int64), weights=tf.contrib.checkpoint.List(variables))
    resumed = tf.train.CheckpointManager(checkpoint, str(killed), max_to_keep=2)
    checkpoint.restore(resumed.latest_checkpoint)
    resumed.save()
    assert _temporaries(killed) == []


def _small_checkpoint(tmp_path):
    root = tf.train.Checkpoint(a=tf.Variable([[1.0, 2.0], [3.0, 4.0]]), b=tf.Variable(7, dtype=tf.int64),
                               c=tf.Variable([True, False]))
    path = root.save(str(tmp_path / "ck"))
    return path, Path(path + ".safetensors").read_bytes()


def _restore_into_fresh(path):
    """Restore into variables holding sentinels; on error, check none of them changed."""
    a, b, c = tf.Variable([[9.0, 9.0], [9.0, 9.0]]), tf.Variable(-9, dtype=tf.int64), tf.Variable([False, True])
    try:
        tf.train.Checkpoint(a=a, b=b, c=c).restore(path)
    except _ERRORS as error:
        assert path in str(error)
        assert a.numpy().tolist() == [[9.0, 9.0], [9.0, 9.0]] and b.numpy() == -9 and c.numpy().tolist() == [0, 1]
        return error
    return None


def test_truncated_files_raise_data_loss_and_restore_nothing(tmp_path):
    path, data = _small_checkpoint(tmp_path)
    target = Path(path + ".safetensors")
    for length in sorted({0, 1, 7, 8, 9, len(data) // 2, len(data) - 1} | set(range(0, len(data), 37))):
        target.write_bytes(data[:length])
        error = _restore_into_fresh(path)
        assert isinstance(error, tf.errors.DataLossError), (length, error)


def test_bit_flipped_files_raise_tf_errors_and_restore_nothing(tmp_path):
    path, data = _small_checkpoint(tmp_path)
    target = Path(path + ".safetensors")
    rng = random.Random(12)
    deadline = time.monotonic() + FUZZ_SECONDS
    positions = list(range(len(data)))
    rng.shuffle(positions)
    flips = 0
    for position in positions:  # every byte once (a random bit of it), as time allows
        if time.monotonic() > deadline:
            break
        damaged = bytearray(data)
        damaged[position] ^= 1 << rng.randrange(8)
        target.write_bytes(bytes(damaged))
        error = _restore_into_fresh(path)
        assert error is not None, f"a flipped bit at byte {position} went unnoticed"
        flips += 1
    assert flips >= min(len(data), 100)


def test_a_file_that_is_not_a_checkpoint(tmp_path):
    Path(tmp_path / "x.safetensors").write_bytes(b"\x10\x00\x00\x00\x00\x00\x00\x00{}              ")
    with pytest.raises(tf.errors.DataLossError, match="not a tfcompat checkpoint"):
        tf.train.Checkpoint(v=tf.Variable(1.0)).restore(str(tmp_path / "x"))
    from safetensors.torch import save_file
    import torch
    save_file({"v/.ATTRIBUTES/VARIABLE_VALUE": torch.ones(())}, str(tmp_path / "y.safetensors"))
    with pytest.raises(tf.errors.DataLossError, match="not a tfcompat checkpoint"):
        tf.train.Checkpoint(v=tf.Variable(1.0)).restore(str(tmp_path / "y"))


def test_no_pickle_in_the_checkpoint_code():
    source = Path(tf.__file__).parent / "_src" / "checkpoint"
    for module in source.rglob("*.py"):
        text = module.read_text(encoding="utf-8")
        unsafe = r"\bimport pickle|\bpickle\.|torch\.load\(|\beval\(|\bexec\(|allow_pickle=True"
        assert not re.search(unsafe, text), module


# --- bit-exact round trips ---------------------------------------------------------------------------------

_OPTIMIZERS = {
    "GradientDescent": lambda: tf.train.GradientDescentOptimizer(0.1),
    "Momentum": lambda: tf.train.MomentumOptimizer(0.1, 0.9, use_nesterov=True),
    "Adam": lambda: tf.train.AdamOptimizer(0.01),
    "Adagrad": lambda: tf.train.AdagradOptimizer(0.1),
    "RMSProp": lambda: tf.train.RMSPropOptimizer(0.01, momentum=0.5, centered=True),
    "Adadelta": lambda: tf.train.AdadeltaOptimizer(1.0),
    "Ftrl": lambda: tf.train.FtrlOptimizer(0.1, l1_regularization_strength=0.01),
}


def _dense_model():
    return tf.keras.Sequential([tf.keras.layers.Dense(4, activation="relu", input_shape=(3,)),
                                tf.keras.layers.Dense(2)])


def _steps(model, optimizer, count):
    x = tf.constant(np.linspace(-1, 1, 15, dtype=np.float32).reshape(5, 3))
    losses = []
    for _ in range(count):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(model(x, training=True)))
        optimizer.apply_gradients(zip(tape.gradient(loss, model.trainable_variables), model.trainable_variables))
        losses.append(loss.numpy())
    return losses


def _state(model, optimizer):
    """The bytes of every variable, slot and non-slot variable, in a fixed order."""
    found = [v.numpy().tobytes() for v in model.variables]
    for variable in model.variables:
        found += [optimizer.get_slot(variable, name).numpy().tobytes() for name in optimizer.get_slot_names()]
    return found + [v.numpy().tobytes() for _, v in sorted(optimizer._non_slots.items())]  # Adam's beta powers


@pytest.mark.parametrize("name", sorted(_OPTIMIZERS))
def test_every_optimizers_slots_round_trip_bit_exactly(name, tmp_path):
    model, optimizer = _dense_model(), _OPTIMIZERS[name]()
    _steps(model, optimizer, 3)
    path = tf.train.Checkpoint(model=model, optimizer=optimizer).save(str(tmp_path / "ck"))
    saved = _state(model, optimizer)
    expected = _steps(model, optimizer, 2)
    # slots that exist: restored at once, every byte
    model2, optimizer2 = _dense_model(), _OPTIMIZERS[name]()
    _steps(model2, optimizer2, 1)
    tf.train.Checkpoint(model=model2, optimizer=optimizer2).restore(path).assert_consumed()
    assert _state(model2, optimizer2) == saved
    # slots the optimizer has not made yet: TF eager makes them at restore (util_with_v1_optimizers_test's
    # testCheckpointing), then training resumes as the uninterrupted run did
    model3, optimizer3 = _dense_model(), _OPTIMIZERS[name]()
    status = tf.train.Checkpoint(model=model3, optimizer=optimizer3).restore(path)
    assert all(optimizer3.get_slot(v, slot) is not None for v in model3.trainable_variables for slot in _SLOTS[name])
    resumed = _steps(model3, optimizer3, 2)
    status.assert_consumed()
    if name == "Ftrl":  # its rule leaves kernels row-major; restored ones keep Dense's column-major layout, and
        assert resumed == pytest.approx(expected, rel=1e-6)  # matmul may round the last bit differently
    else:
        assert resumed == expected
        assert _state(model3, optimizer3) == _state(model, optimizer)


_SLOTS = {"GradientDescent": (), "Momentum": ("momentum",), "Adam": ("m", "v"), "Adagrad": ("accumulator",),
          "RMSProp": ("rms", "mg", "momentum"), "Adadelta": ("accum", "accum_update"), "Ftrl": ("accum", "linear")}


def _bn_conv_model():
    return tf.keras.Sequential([
        tf.keras.layers.Conv2D(3, 3, padding="same", input_shape=(6, 6, 2)),
        tf.keras.layers.BatchNormalization(),
        tf.keras.layers.Flatten(),
        tf.keras.layers.Dense(2),
    ])


def test_keras_model_with_batch_normalization_round_trips_bit_exactly(tmp_path):
    model = _bn_conv_model()
    x = tf.constant(np.random.RandomState(0).randn(4, 6, 6, 2).astype(np.float32))
    model(x, training=True)  # moves the moving statistics
    path = str(tmp_path / "weights")
    model.save_weights(path)
    model.save_weights(path + ".h5")
    for load in (path, path + ".h5"):
        fresh = _bn_conv_model()
        fresh.load_weights(load)
        for mine, theirs in zip(model.variables, fresh.variables):
            assert mine.numpy().tobytes() == theirs.numpy().tobytes(), (load, mine.name)
        assert fresh(x, training=False).numpy().tobytes() == model(x, training=False).numpy().tobytes()


def test_deferred_restoration_for_a_model_built_after_restore(tmp_path):
    class Subclassed(tf.keras.Model):
        def __init__(self):
            super().__init__()
            self.conv = tf.keras.layers.Conv2D(2, 3)
            self.bn = tf.keras.layers.BatchNormalization()
            self.out = tf.keras.layers.Dense(1)

        def call(self, x, training=None):
            return self.out(tf.reshape(self.bn(self.conv(x), training=training), [x.shape[0], -1]))

    x = tf.constant(np.random.RandomState(1).randn(2, 5, 5, 1).astype(np.float32))
    model = Subclassed()
    model(x, training=True)
    model.save_weights(str(tmp_path / "w"))
    fresh = Subclassed()
    status = fresh.load_weights(str(tmp_path / "w"))
    assert not fresh.variables  # nothing built yet
    assert fresh(x, training=False).numpy().tobytes() == model(x, training=False).numpy().tobytes()
    status.assert_consumed()


def test_state_file_under_a_path_that_is_a_file_raises_tf_error(tmp_path):
    """TF's FailedPreconditionError ("...; Not a directory"), not Python's FileExistsError."""
    blocker = tmp_path / "model"
    blocker.write_text("not a directory")
    with pytest.raises(tf.errors.FailedPreconditionError, match="Not a directory"):
        tf.train.update_checkpoint_state(str(blocker), str(blocker / "ckpt-1"))
