"""Ported from TF 1.15's tensorflow/contrib/summary/summary_ops_test.py (EagerFileTest).

Event files are read back with TensorBoard's own reader.  Not ported: testEagerMemory (it counts
TF's Python objects), the EagerDbTest/Graph* classes (SQLite writer and graph mode, which
tfcompat does not have), and ``flush(writer=writer._resource)`` in testFlushFunction (tfcompat's
writers have no resource handle).  TF's ``time.sleep(1.1)`` before a second file is dropped:
TensorBoard's file names never collide.
"""

import glob
import os

import pytest

import tfcompat as tf

pytest.importorskip("tensorboard")
from tensorboard.backend.event_processing import event_file_loader  # noqa: E402

summary_ops = tf.contrib.summary


def _reset_default_writer():
    """No default writer (TF's own tests call create_file_writer(None).set_as_default(), which does nothing)."""
    from tfcompat._src.summary import summary_ops as implementation

    implementation._state.writer = None


@pytest.fixture(autouse=True)
def fresh_graph():
    _reset_default_writer()
    tf.reset_default_graph()  # a new global step per test
    yield
    _reset_default_writer()


def events_from_file(path):
    return list(event_file_loader.LegacyEventFileLoader(path).Load())


def events_from_logdir(logdir):
    (path,) = glob.glob(os.path.join(logdir, "*tfevents*"))
    return events_from_file(path)


def test_EagerFileTest_testShouldRecordSummary():
    assert not summary_ops.should_record_summaries()
    with summary_ops.always_record_summaries():
        assert summary_ops.should_record_summaries()


def test_EagerFileTest_testSummaryOps(tmp_path):
    tf.train.get_or_create_global_step()
    logdir = str(tmp_path)
    with summary_ops.create_file_writer(logdir, max_queue=0, name="t0").as_default(), \
            summary_ops.always_record_summaries():
        summary_ops.generic("tensor", 1, "")
        summary_ops.scalar("scalar", 2.0)
        summary_ops.histogram("histogram", [1.0])
        summary_ops.image("image", [[[[1.0]]]])
        summary_ops.audio("audio", [[1.0]], 1.0, 1)
        assert os.path.exists(logdir)
    tags = [event.summary.value[0].tag for event in events_from_logdir(logdir)[1:]]
    assert tags == ["tensor", "scalar", "histogram", "image/image/0", "audio/audio"]


def test_EagerFileTest_testDefunSummarys(tmp_path):
    tf.train.get_or_create_global_step()
    logdir = str(tmp_path)
    with summary_ops.create_file_writer(logdir, max_queue=0, name="t1").as_default(), \
            summary_ops.always_record_summaries():

        @tf.contrib.eager.defun
        def write():
            summary_ops.scalar("scalar", 2.0)

        write()
        events = events_from_logdir(logdir)
        assert len(events) == 2
        assert events[1].summary.value[0].simple_value == 2.0


def test_EagerFileTest_testSummaryName(tmp_path):
    tf.train.get_or_create_global_step()
    logdir = str(tmp_path)
    with summary_ops.create_file_writer(logdir, max_queue=0, name="t2").as_default(), \
            summary_ops.always_record_summaries():
        summary_ops.scalar("scalar", 2.0)
        events = events_from_logdir(logdir)
        assert len(events) == 2
        assert events[1].summary.value[0].tag == "scalar"


def test_EagerFileTest_testSummaryNameScope(tmp_path):
    tf.train.get_or_create_global_step()
    logdir = str(tmp_path)
    with summary_ops.create_file_writer(logdir, max_queue=0, name="t2").as_default(), \
            summary_ops.always_record_summaries():
        with tf.name_scope("scope"):
            summary_ops.scalar("scalar", 2.0)
        events = events_from_logdir(logdir)
        assert len(events) == 2
        assert events[1].summary.value[0].tag == "scope/scalar"


def test_EagerFileTest_testSummaryGlobalStep(tmp_path):
    step = tf.train.get_or_create_global_step()
    logdir = str(tmp_path)
    with summary_ops.create_file_writer(logdir, max_queue=0, name="t2").as_default(), \
            summary_ops.always_record_summaries():
        summary_ops.scalar("scalar", 2.0, step=step)
        events = events_from_logdir(logdir)
        assert len(events) == 2
        assert events[1].summary.value[0].tag == "scalar"


def test_EagerFileTest_testRecordEveryNGlobalSteps(tmp_path):
    step = tf.train.get_or_create_global_step()
    logdir = str(tmp_path)

    def run_step():
        summary_ops.scalar("scalar", i, step=step)
        step.assign_add(1)

    with summary_ops.create_file_writer(logdir).as_default(), \
            summary_ops.record_summaries_every_n_global_steps(2, step):
        for i in range(10):
            run_step()
        # And another 10 steps as a graph function.
        run_step_fn = tf.contrib.eager.defun(run_step)
        for i in range(10):
            run_step_fn()

    events = events_from_logdir(logdir)
    assert len(events) == 11


def test_EagerFileTest_testMaxQueue(tmp_path):
    logs = str(tmp_path)
    with summary_ops.create_file_writer(logs, max_queue=1, flush_millis=999999, name="lol").as_default(), \
            summary_ops.always_record_summaries():
        def get_total():
            return len(events_from_logdir(logs))
        # Note: First tf.compat.v1.Event is always file_version.
        assert get_total() == 1
        summary_ops.scalar("scalar", 2.0, step=1)
        assert get_total() == 1
        # Should flush after second summary since max_queue = 1
        summary_ops.scalar("scalar", 2.0, step=2)
        assert get_total() == 3


def test_EagerFileTest_testFlushFunction(tmp_path):
    logs = str(tmp_path)
    writer = summary_ops.create_file_writer(logs, max_queue=999999, flush_millis=999999, name="lol")
    with writer.as_default(), summary_ops.always_record_summaries():
        def get_total():
            return len(events_from_logdir(logs))
        assert get_total() == 1
        summary_ops.scalar("scalar", 2.0, step=1)
        summary_ops.scalar("scalar", 2.0, step=2)
        assert get_total() == 1
        summary_ops.flush()
        assert get_total() == 3
        # Test "writer" parameter
        summary_ops.scalar("scalar", 2.0, step=3)
        summary_ops.flush(writer=writer)
        assert get_total() == 4


def test_EagerFileTest_testSharedName(tmp_path):
    logdir = str(tmp_path)
    with summary_ops.always_record_summaries():
        # Create with default shared name (should match logdir)
        writer1 = summary_ops.create_file_writer(logdir)
        with writer1.as_default():
            summary_ops.scalar("one", 1.0, step=1)
            summary_ops.flush()
        # Create with explicit logdir shared name (should be same resource/file)
        writer2 = summary_ops.create_file_writer(logdir, name="logdir:" + logdir)
        with writer2.as_default():
            summary_ops.scalar("two", 2.0, step=2)
            summary_ops.flush()
        # Create with different shared name (should be separate resource/file)
        writer3 = summary_ops.create_file_writer(logdir, name="other")
        with writer3.as_default():
            summary_ops.scalar("three", 3.0, step=3)
            summary_ops.flush()

    files = glob.glob(os.path.join(logdir, "*tfevents*"))
    assert len(files) == 2
    by_first_tag = {events_from_file(path)[1].summary.value[0].tag: events_from_file(path) for path in files}
    # First file has tags "one" and "two"
    events = by_first_tag["one"]
    assert events[0].file_version == "brain.Event:2"
    assert [event.summary.value[0].tag for event in events[1:]] == ["one", "two"]
    # Second file has tag "three"
    events = by_first_tag["three"]
    assert events[0].file_version == "brain.Event:2"
    assert [event.summary.value[0].tag for event in events[1:]] == ["three"]


def test_EagerFileTest_testWriterInitAndClose(tmp_path):
    logdir = str(tmp_path)

    def get_total():
        return len(events_from_logdir(logdir))

    with summary_ops.always_record_summaries():
        writer = summary_ops.create_file_writer(logdir, max_queue=100, flush_millis=1000000)
        assert get_total() == 1  # file_version Event
        # Calling init() again while writer is open has no effect
        writer.init()
        assert get_total() == 1
        # Not using .as_default() to avoid implicit flush when exiting
        writer.set_as_default()
        summary_ops.scalar("one", 1.0, step=1)
        assert get_total() == 1
        # Calling .close() should do an implicit flush
        writer.close()
        assert get_total() == 2
        # Calling init() on a closed writer should start a new file
        first_file = glob.glob(os.path.join(logdir, "*tfevents*"))
        writer.init()
        (second_file,) = set(glob.glob(os.path.join(logdir, "*tfevents*"))) - set(first_file)
        assert len(events_from_file(second_file)) == 1  # file_version Event
        summary_ops.scalar("two", 2.0, step=2)
        writer.close()
        assert len(events_from_file(second_file)) == 2


def test_EagerFileTest_testWriterFlush(tmp_path):
    logdir = str(tmp_path)

    def get_total():
        return len(events_from_logdir(logdir))

    with summary_ops.always_record_summaries():
        writer = summary_ops.create_file_writer(logdir, max_queue=100, flush_millis=1000000)
        assert get_total() == 1  # file_version Event
        with writer.as_default():
            summary_ops.scalar("one", 1.0, step=1)
            assert get_total() == 1
            writer.flush()
            assert get_total() == 2
            summary_ops.scalar("two", 2.0, step=2)
        # Exiting the "as_default()" should do an implicit flush of the "two" tag
        assert get_total() == 3
