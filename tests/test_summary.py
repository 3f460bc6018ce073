"""tf.contrib.summary and tf.summary: event files read back with TensorBoard's own readers.

TF's exact outputs (tags, buckets, pixels, WAV bytes, errors) are checked against real TF in
test_summary_expected.py; these tests check what a TensorBoard user sees: tags, steps, values,
wall times, histogram buckets, image sizes, the files and the writers' life cycle.
"""

import glob
import logging
import os
import subprocess
import sys
import threading
import time

import numpy as np
import pytest

import tfcompat as tf

pytest.importorskip("tensorboard")
from tensorboard.backend.event_processing import event_accumulator, event_file_loader  # noqa: E402

summary = tf.contrib.summary
REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _reset_default_writer():
    """No default writer (TF's own tests call create_file_writer(None).set_as_default(), which does nothing)."""
    from tfcompat._src.summary import summary_ops as implementation

    implementation._state.writer = None


@pytest.fixture(autouse=True)
def fresh_graph():
    _reset_default_writer()
    tf.reset_default_graph()
    yield
    _reset_default_writer()


def accumulator(logdir):
    acc = event_accumulator.EventAccumulator(str(logdir), size_guidance={event_accumulator.SCALARS: 0,
                                                                        event_accumulator.HISTOGRAMS: 0,
                                                                        event_accumulator.IMAGES: 0})
    acc.Reload()
    return acc


def raw_events(logdir):
    (path,) = glob.glob(os.path.join(str(logdir), "events.out.tfevents.*"))
    return list(event_file_loader.LegacyEventFileLoader(path).Load())


# --- the training loop of the acceptance criterion ------------------------------------------

def test_training_loop_scalars_every_n_global_steps(tmp_path):
    """The eager guide's pattern: a global step, a writer, record every n steps, read back by TensorBoard."""
    w = tf.Variable(5.0)
    optimizer = tf.train.GradientDescentOptimizer(0.1)
    global_step = tf.train.get_or_create_global_step()
    writer = summary.create_file_writer(str(tmp_path), flush_millis=10000)
    losses = {}
    before = time.time()
    with writer.as_default(), summary.record_summaries_every_n_global_steps(3):
        for _ in range(10):
            with tf.GradientTape() as tape:
                loss = w * w
            step = int(global_step.numpy())
            losses[step] = float(loss.numpy())
            summary.scalar("loss", loss)
            optimizer.apply_gradients([(tape.gradient(loss, w), w)], global_step=global_step)
    after = time.time()
    scalars = accumulator(tmp_path).Scalars("loss")
    assert [event.step for event in scalars] == [0, 3, 6, 9]
    assert [event.value for event in scalars] == pytest.approx([losses[s] for s in (0, 3, 6, 9)], rel=1e-6)
    assert all(before <= event.wall_time <= after for event in scalars)
    assert [event.wall_time for event in scalars] == sorted(event.wall_time for event in scalars)


def test_every_n_global_steps_reads_the_step_at_each_call(tmp_path):
    step = tf.train.get_or_create_global_step()
    with summary.create_file_writer(str(tmp_path)).as_default(), summary.record_summaries_every_n_global_steps(2):
        recorded = []
        for _ in range(4):
            recorded.append(bool(summary.should_record_summaries()))
            step.assign_add(1)
    assert recorded == [True, False, True, False]


# --- what TensorBoard reads -----------------------------------------------------------------

def test_tensorboard_reads_every_kind(tmp_path):
    tf.train.get_or_create_global_step().assign(4)
    with summary.create_file_writer(str(tmp_path)).as_default(), summary.always_record_summaries():
        summary.scalar("loss", 0.25)
        summary.histogram("weights", [1.0, 1.0, 2.0, -1.0], step=7)
        summary.image("digits", np.zeros([4, 28, 20, 1], np.float32), max_images=2, step=1)
        summary.audio("sound", np.zeros([1, 800], np.float32), 8000, 1, step=2)
        summary.generic("raw", tf.constant([1, 2, 3]), step=3)
    acc = accumulator(tmp_path)
    tags = acc.Tags()
    assert tags["scalars"] == ["loss"]
    assert tags["histograms"] == ["weights"]
    assert tags["images"] == ["digits/image/0", "digits/image/1"]
    assert tags["audio"] == ["sound/audio"]
    assert tags["tensors"] == ["raw"]
    assert [(e.step, e.value) for e in acc.Scalars("loss")] == [(4, 0.25)]
    (histo,) = acc.Histograms("weights")
    assert histo.step == 7
    value = histo.histogram_value
    assert (value.min, value.max, value.num, value.sum, value.sum_squares) == (-1.0, 2.0, 4, 3.0, 7.0)
    # TF's buckets: each value in the bucket whose limit is the first one above it, empty runs merged.
    filled = {limit: count for limit, count in zip(value.bucket_limit, value.bucket) if count}
    assert filled == {-0.917246389039776: 1.0, 1.0089710279437536: 2.0, 2.1628190051144287: 1.0}
    assert value.bucket_limit[-1] == sys.float_info.max and sum(value.bucket) == 4
    images = acc.Images("digits/image/0")
    assert (images[0].width, images[0].height, images[0].step) == (20, 28, 1)
    (audio,) = acc.Audio("sound/audio")
    assert (audio.sample_rate, audio.length_frames, audio.content_type) == (8000, 800, "audio/wav")


def test_histogram_buckets_are_tfs_default_layout():
    from tfcompat._src.summary import converters

    limits = converters.default_bucket_limits()
    assert len(limits) == 1551  # 774 limits from 1e-12 by x1.1 below 1e20 and DBL_MAX, mirrored, and 0
    assert limits[775] == 0.0 and limits[776] == 1e-12 and limits[-1] == sys.float_info.max
    assert np.all(np.diff(limits) > 0)
    assert limits[777] == 1e-12 * 1.1 and limits[:775].tolist() == [-x for x in reversed(limits[776:].tolist())]


def test_file_name_and_first_event(tmp_path):
    summary.create_file_writer(str(tmp_path), filename_suffix=".mine").close()
    summary.create_file_writer(str(tmp_path / "default")).close()
    (path,) = glob.glob(str(tmp_path / "events.out.tfevents.*"))
    assert path.endswith(".mine")
    (default_path,) = glob.glob(str(tmp_path / "default" / "events.out.tfevents.*"))
    assert default_path.endswith(".v2")
    (first,) = raw_events(tmp_path)
    assert first.file_version == "brain.Event:2"


# --- recording state and defaults -----------------------------------------------------------

def test_nothing_is_written_without_a_default_writer_or_recording(tmp_path):
    assert summary.scalar("loss", 1.0, step=0) is None
    with summary.always_record_summaries():
        assert summary.scalar("loss", 1.0, step=0) is None
    writer = summary.create_file_writer(str(tmp_path))
    with writer.as_default():
        result = summary.scalar("loss", 1.0, step=0)  # TF 1.15 records only when told to
        assert result.dtype == tf.bool and not result.numpy()
        with summary.never_record_summaries():
            assert not summary.histogram("h", [1.0], step=0).numpy()
    assert len(raw_events(tmp_path)) == 1


def test_default_writer_and_recording_are_per_thread(tmp_path):
    writer = summary.create_file_writer(str(tmp_path))
    seen = []
    with writer.as_default(), summary.always_record_summaries():
        thread = threading.Thread(target=lambda: seen.append(summary.scalar("other", 1.0, step=0)))
        thread.start()
        thread.join()
        assert summary.scalar("main", 1.0, step=0).numpy()
    assert seen == [None]
    assert [event.summary.value[0].tag for event in raw_events(tmp_path)[1:]] == ["main"]


def test_step_tensor_of_another_dtype_is_tfs_error(tmp_path):
    with summary.create_file_writer(str(tmp_path)).as_default(), summary.always_record_summaries():
        with pytest.raises(tf.errors.InvalidArgumentError, match="expected to be a int64 tensor but is a int32"):
            summary.scalar("loss", 1.0, step=tf.constant(3))
        with pytest.raises(TypeError):
            summary.scalar("loss", 1.0, step=1.5)
        assert summary.scalar("loss", 1.0, step=np.int64(3)).numpy()


def test_closed_writer_is_tfs_not_found(tmp_path):
    writer = summary.create_file_writer(str(tmp_path))
    writer.close()
    writer.close()  # a second close does nothing
    with writer.as_default(), summary.always_record_summaries():
        with pytest.raises(tf.errors.NotFoundError):
            summary.scalar("loss", 1.0, step=0)


def test_create_summary_file_writer_warns_and_writes(tmp_path, caplog):
    with caplog.at_level(logging.WARNING):
        writer = summary.create_summary_file_writer(str(tmp_path))
    assert "create_summary_file_writer was renamed to create_file_writer" in caplog.text
    with writer.as_default(), summary.always_record_summaries():
        summary.scalar("x", 1.0, step=0)
    assert accumulator(tmp_path).Tags()["scalars"] == ["x"]


def test_graph_mode_helpers_under_eager():
    assert summary.all_summary_ops() is None
    assert summary.initialize() is None
    with pytest.raises(RuntimeError, match="only supported in graph mode"):
        summary.summary_writer_initializer_op()
    assert summary.eval_dir("/m") == os.path.join("/m", "eval")
    assert summary.eval_dir("/m", "x") == os.path.join("/m", "eval_x")
    assert summary.flush() is None


def test_import_event_and_graph(tmp_path):
    from tensorboard.compat.proto import graph_pb2, node_def_pb2

    event = tf.Event(wall_time=123.0, step=9, summary=tf.Summary(value=[tf.Summary.Value(tag="t", simple_value=2)]))
    graph_def = graph_pb2.GraphDef(node=[node_def_pb2.NodeDef(name="hi")])
    with summary.create_file_writer(str(tmp_path)).as_default():
        summary.import_event(tf.constant(event.SerializeToString()))
        summary.graph(graph_def, step=0)
    events = raw_events(tmp_path)
    assert events[1] == event
    assert graph_pb2.GraphDef.FromString(events[2].graph_def) == graph_def
    with pytest.raises(tf.errors.DataLossError):
        with summary.create_file_writer(str(tmp_path / "bad")).as_default():
            summary.import_event(b"\xff\xff")


# --- tf.summary (TF 1.x) ----------------------------------------------------------------------

def test_file_writer_writes_summaries_from_ops_and_protos(tmp_path):
    with tf.summary.FileWriter(str(tmp_path)) as writer:
        assert writer.get_logdir() == str(tmp_path)
        # First: TensorBoard drops what a later SessionLog.START at a lower step follows (a restart).
        writer.add_session_log(tf.summary.SessionLog(status=tf.summary.SessionLog.START), 0)
        writer.add_summary(tf.summary.scalar("loss", 0.5), global_step=1)
        writer.add_summary(tf.summary.histogram("w", [1.0, 2.0]).numpy(), 2)
        writer.add_summary(tf.Summary(value=[tf.Summary.Value(tag="acc", simple_value=0.75)]), 3)
        writer.add_summary(tf.summary.text("note", tf.constant("hi")), 4)
        writer.add_summary(tf.summary.text("note", tf.constant("again")), 5)
        writer.add_event(tf.Event(step=6, wall_time=1.0, summary=tf.Summary(
            value=[tf.Summary.Value(tag="loss", simple_value=0.25)])))
    acc = accumulator(tmp_path)
    assert [(e.step, e.value) for e in acc.Scalars("loss")] == [(1, 0.5), (6, 0.25)]
    assert [(e.step, e.value) for e in acc.Scalars("acc")] == [(3, 0.75)]
    assert acc.Histograms("w")[0].histogram_value.num == 2
    notes = [event for event in raw_events(tmp_path) if event.summary.value and event.summary.value[0].tag == "note"]
    # The metadata is written with a tag's first value only, as TF's FileWriter does.
    assert [value.HasField("metadata") for event in notes for value in event.summary.value] == [True, False]


def test_summary_iterator_reads_what_tensorboard_reads(tmp_path):
    with summary.create_file_writer(str(tmp_path)).as_default(), summary.always_record_summaries():
        summary.scalar("loss", 1.5, step=2)
    (path,) = glob.glob(str(tmp_path / "events.out.tfevents.*"))
    events = list(tf.train.summary_iterator(path))
    assert events == raw_events(tmp_path)
    assert events[0].file_version == "brain.Event:2" and events[1].summary.value[0].simple_value == 1.5
    with open(path, "rb") as f:
        data = f.read()
    with open(path, "wb") as f:
        f.write(data[:-3])
    with pytest.raises(tf.errors.DataLossError):
        list(tf.train.summary_iterator(path))


def test_get_summary_description_reads_a_tensor_summary_node():
    from tensorboard.compat.proto import node_def_pb2

    node = node_def_pb2.NodeDef(op="TensorSummary")
    node.attr["description"].s = b'{"type_hint": "scalar"}'
    assert tf.summary.get_summary_description(node) == tf.summary.SummaryDescription(type_hint="scalar")
    with pytest.raises(ValueError, match="Can't get_summary_description on Add"):
        tf.summary.get_summary_description(node_def_pb2.NodeDef(op="Add"))


def test_file_writer_close_reopen_and_closed_writes(tmp_path):
    writer = tf.summary.FileWriter(str(tmp_path), filename_suffix=".x")
    writer.close()
    with pytest.warns(UserWarning, match="Attempting to use a closed FileWriter") as warned:
        writer.add_summary(tf.summary.scalar("dropped", 1.0), 0)
    assert warned[0].filename == __file__  # the program's line, not tfcompat's
    writer.reopen()
    writer.add_summary(tf.summary.scalar("kept", 1.0), 0)
    writer.close()
    files = glob.glob(str(tmp_path / "events.out.tfevents.*.x"))
    assert len(files) == 2
    tags = sorted(event.summary.value[0].tag for path in files
                  for event in event_file_loader.LegacyEventFileLoader(path).Load() if event.summary.value)
    assert tags == ["kept"]


def test_file_writer_rejects_what_tf_rejects(tmp_path):
    with tf.summary.FileWriter(str(tmp_path)) as writer:
        with pytest.raises(TypeError, match="must be an instance of `Graph`"):
            writer.add_graph("not a graph")
        with pytest.raises(TypeError):
            writer.add_summary(3.5)
        with pytest.raises(TypeError, match="MetaGraphDef"):
            writer.add_meta_graph(object())
    with pytest.raises(ValueError, match="session"):
        tf.summary.FileWriter(str(tmp_path), session=object())


def test_file_writer_cache(tmp_path):
    first = tf.summary.FileWriterCache.get(str(tmp_path))
    assert tf.summary.FileWriterCache.get(str(tmp_path)) is first
    tf.summary.FileWriterCache.clear()
    assert tf.summary.FileWriterCache.get(str(tmp_path)) is not first
    tf.summary.FileWriterCache.clear()


def test_v1_ops_return_a_serialized_summary_and_merge_raises():
    serialized = tf.summary.scalar("loss", 1.5, family="train")
    assert serialized.dtype == tf.string and serialized.shape.ndims == 0
    (value,) = tf.Summary.FromString(serialized.numpy()).value
    assert (value.tag, value.simple_value) == ("train/train/loss", 1.5)
    with pytest.raises(RuntimeError, match="not compatible with eager execution"):
        tf.summary.merge([serialized])
    with pytest.raises(RuntimeError, match="not compatible with eager execution"):
        tf.summary.merge_all()
    assert tf.summary.all_v2_summary_ops() is None
    described = tf.summary.tensor_summary("t", [1.0], summary_description="d", display_name="shown")
    (value,) = tf.Summary.FromString(described.numpy()).value
    assert (value.metadata.summary_description, value.metadata.display_name) == ("d", "shown")


# --- packaging: lazy import, a clear line without tensorboard, the alias ----------------------

def test_tensorboard_is_imported_on_first_use_and_its_absence_is_one_clear_line():
    code = ("import sys\n"
            "import tfcompat as tf\n"
            "print(any(m.startswith('tensorboard') for m in sys.modules))\n"
            "sys.modules['tensorboard'] = None  # as if it were not installed\n"
            "try:\n    tf.summary.scalar('x', 1.0)\nexcept ImportError as e:\n    print(type(e).__name__, e)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=REPO)
    missing = "ImportError tfcompat's summaries need the tensorboard package: pip install tensorboard"
    assert result.stdout.splitlines() == ["False", missing], result.stderr


def test_summaries_under_the_tensorflow_alias(tmp_path):
    """TensorBoard's writer must not take the alias's `tensorflow` (tfcompat) for TensorFlow."""
    script = tmp_path / "legacy.py"
    script.write_text(
        "import tensorflow as tf\n"
        "tf.enable_eager_execution()\n"
        "step = tf.train.get_or_create_global_step()\n"
        f"writer = tf.contrib.summary.create_file_writer({str(tmp_path / 'logs')!r})\n"
        "with writer.as_default(), tf.contrib.summary.always_record_summaries():\n"
        "    tf.contrib.summary.scalar('loss', 3.0)\n"
        "print('ok')\n")
    result = subprocess.run([sys.executable, "-m", "tfcompat", str(script)], capture_output=True, text=True,
                            timeout=120, cwd=REPO)
    assert result.stdout.strip() == "ok", result.stderr
    assert [(e.step, e.value) for e in accumulator(tmp_path / "logs").Scalars("loss")] == [(0, 3.0)]


# --- tfe.metrics write their result ------------------------------------------------------------

def test_tfe_metric_result_writes_a_scalar_summary(tmp_path):
    """TF 1.15's metrics_impl: Mean.result(write_summary=True) is summary_ops.scalar(name=self.name, ...)."""
    tfe = tf.contrib.eager
    step = tf.train.get_or_create_global_step()
    mean = tfe.metrics.Mean("loss_mean")
    accuracy = tfe.metrics.Accuracy()
    with summary.create_file_writer(str(tmp_path)).as_default(), summary.always_record_summaries():
        for loss in (1.0, 2.0, 6.0):
            mean(loss)
            assert mean.result().numpy() == pytest.approx(np.mean([1.0, 2.0, 6.0][:int(step.numpy()) + 1]))
            step.assign_add(1)
        accuracy(tf.constant([1, 2, 3]), tf.constant([1, 2, 0]))
        accuracy.result()
        mean.result(write_summary=False)
        mean.result(write_summary=tf.constant(False))
        with summary.never_record_summaries():
            mean.result()
    mean.result()  # no default writer: nothing written
    acc = accumulator(tmp_path)
    assert [(e.step, e.value) for e in acc.Scalars("loss_mean")] == [(0, 1.0), (1, 1.5), (2, 3.0)]
    assert [(e.step, e.value) for e in acc.Scalars("Accuracy")] == [(3, pytest.approx(2 / 3))]


# --- tf.keras.callbacks.TensorBoard -------------------------------------------------------------

def _fit_with(callback, epochs=2):
    tf.keras.backend.clear_session()
    model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(3,))])
    model.compile(optimizer=tf.train.GradientDescentOptimizer(0.01), loss="mse", metrics=["mae"])
    x = np.arange(24, dtype=np.float32).reshape(8, 3) / 10
    y = x.sum(axis=1, keepdims=True)
    return model.fit(x, y, batch_size=4, epochs=epochs, verbose=0, callbacks=[callback])


def test_keras_tensorboard_callback_writes_epoch_scalars(tmp_path):
    history = _fit_with(tf.keras.callbacks.TensorBoard(log_dir=str(tmp_path)))
    acc = accumulator(tmp_path)
    assert sorted(acc.Tags()["scalars"]) == ["epoch_loss", "epoch_mean_absolute_error"]
    assert [(e.step, e.value) for e in acc.Scalars("epoch_loss")] == [
        (epoch, pytest.approx(loss, rel=1e-6)) for epoch, loss in enumerate(history.history["loss"])]


def test_keras_tensorboard_callback_batch_updates_and_eager_histograms(tmp_path, caplog):
    with caplog.at_level(logging.WARNING):
        callback = tf.keras.callbacks.TensorBoard(log_dir=str(tmp_path), histogram_freq=1, update_freq="batch")
    assert callback.histogram_freq == 0 and "histograms not supported for eager" in caplog.text
    _fit_with(callback)
    acc = accumulator(tmp_path)
    # Two batches of 4 per epoch: batch steps count batches, epoch steps count samples (TF 1.15's rule).
    assert [e.step for e in acc.Scalars("batch_loss")] == [0, 1, 2, 3]
    assert [e.step for e in acc.Scalars("epoch_loss")] == [8, 16]
    with pytest.raises(ValueError, match="update_freq"):
        tf.keras.callbacks.TensorBoard(update_freq="sometimes")
