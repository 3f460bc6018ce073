"""Ported from TF 1.15's tensorflow/python/summary/writer/writer_test.py (FileWriterTestCase).

TF runs these in graph mode (TF 1.15's FileWriter refused eager execution; tfcompat's writes
as graph mode did).  Eager execution has no tf.Graph, so the graph tests pass a GraphDef proto,
and the written MetaGraphDef is checked for that GraphDef only (TF's create_meta_graph_def adds
meta info and an op list).  TF's ``time.sleep(1.2)`` before a second file is dropped: TensorBoard's
file names never collide.  Not ported: testGraphAsNamed/testGraphAsPositional (a tf.Graph),
testPluginAsset* (graph collections), the FileWriterCache and session-sharing tests (graph mode).
"""

import glob
import os
import time
import warnings

import numpy as np
import pytest

import tfcompat as tf

pytest.importorskip("tensorboard")
from tensorboard.compat.proto import config_pb2, graph_pb2, meta_graph_pb2, node_def_pb2  # noqa: E402

SessionLog = tf.summary.SessionLog


def events_reader(test_dir):
    event_paths = glob.glob(os.path.join(test_dir, "event*"))
    assert event_paths
    return tf.train.summary_iterator(event_paths[-1])


def assert_recent(t):
    assert abs(t - time.time()) < 5


def a_graph_def():
    return graph_pb2.GraphDef(node=[node_def_pb2.NodeDef(name="douze", op="Const")])


def assert_events_with_graph(test_dir, graph_def):
    rr = events_reader(test_dir)
    ev = next(rr)
    assert_recent(ev.wall_time)
    assert ev.file_version == "brain.Event:2"
    ev = next(rr)
    assert_recent(ev.wall_time)
    assert ev.step == 0
    assert graph_pb2.GraphDef.FromString(ev.graph_def) == graph_def
    ev = next(rr)
    assert_recent(ev.wall_time)
    assert ev.step == 0
    assert meta_graph_pb2.MetaGraphDef.FromString(ev.meta_graph_def).graph_def == graph_def
    with pytest.raises(StopIteration):
        next(rr)


def test_FileWriterTestCase_testAddingSummaryGraphAndRunMetadata(tmp_path):
    test_dir = str(tmp_path / "basics")
    sw = tf.summary.FileWriter(test_dir)
    sw.add_session_log(SessionLog(status=SessionLog.START), 1)
    sw.add_summary(tf.Summary(value=[tf.Summary.Value(tag="mee", simple_value=10.0)]), 10)
    sw.add_summary(tf.Summary(value=[tf.Summary.Value(tag="boo", simple_value=20.0)]), 20)
    graph_def = a_graph_def()
    sw.add_graph(graph_def, global_step=30)
    run_metadata = config_pb2.RunMetadata()
    device_stats = run_metadata.step_stats.dev_stats.add()
    device_stats.device = "test"
    sw.add_run_metadata(run_metadata, "test run", global_step=40)
    sw.close()
    rr = events_reader(test_dir)

    ev = next(rr)
    assert_recent(ev.wall_time)
    assert ev.file_version == "brain.Event:2"
    ev = next(rr)
    assert_recent(ev.wall_time)
    assert ev.step == 1
    assert ev.session_log.status == SessionLog.START
    ev = next(rr)
    assert_recent(ev.wall_time)
    assert ev.step == 10
    assert ev.summary == tf.Summary(value=[tf.Summary.Value(tag="mee", simple_value=10.0)])
    ev = next(rr)
    assert_recent(ev.wall_time)
    assert ev.step == 20
    assert ev.summary == tf.Summary(value=[tf.Summary.Value(tag="boo", simple_value=20.0)])
    ev = next(rr)
    assert_recent(ev.wall_time)
    assert ev.step == 30
    assert graph_pb2.GraphDef.FromString(ev.graph_def) == graph_def
    ev = next(rr)
    assert_recent(ev.wall_time)
    assert ev.step == 40
    assert ev.tagged_run_metadata.tag == "test run"
    assert config_pb2.RunMetadata.FromString(ev.tagged_run_metadata.run_metadata) == run_metadata
    with pytest.raises(StopIteration):
        next(rr)


def test_FileWriterTestCase_testGraphDefAsNamed(tmp_path):
    test_dir = str(tmp_path / "basics_named_graph_def")
    sw = tf.summary.FileWriter(test_dir, graph_def=a_graph_def())
    sw.close()
    assert_events_with_graph(test_dir, a_graph_def())


def test_FileWriterTestCase_testGraphDefAsPositional(tmp_path):
    test_dir = str(tmp_path / "basics_positional_graph_def")
    sw = tf.summary.FileWriter(test_dir, a_graph_def())
    sw.close()
    assert_events_with_graph(test_dir, a_graph_def())


def test_FileWriterTestCase_testGraphAndGraphDef(tmp_path):
    with pytest.raises(ValueError):
        sw = tf.summary.FileWriter(str(tmp_path), graph=a_graph_def(), graph_def=a_graph_def())
        sw.close()


def test_FileWriterTestCase_testNeitherGraphNorGraphDef(tmp_path):
    with pytest.raises(TypeError):
        sw = tf.summary.FileWriter(str(tmp_path), "string instead of graph object")
        sw.close()


def test_FileWriterTestCase_testCloseAndReopen(tmp_path):
    test_dir = str(tmp_path / "close_and_reopen")
    sw = tf.summary.FileWriter(test_dir)
    sw.add_session_log(SessionLog(status=SessionLog.START), 1)
    sw.close()
    first = glob.glob(os.path.join(test_dir, "event*"))
    sw.reopen()
    sw.add_session_log(SessionLog(status=SessionLog.START), 2)
    sw.close()
    event_paths = glob.glob(os.path.join(test_dir, "event*"))
    assert len(event_paths) == 2
    second = sorted(set(event_paths) - set(first))
    for path, step in ((first[0], 1), (second[0], 2)):
        rr = tf.train.summary_iterator(path)
        ev = next(rr)
        assert_recent(ev.wall_time)
        assert ev.file_version == "brain.Event:2"
        ev = next(rr)
        assert_recent(ev.wall_time)
        assert ev.step == step
        assert ev.session_log.status == SessionLog.START
        with pytest.raises(StopIteration):
            next(rr)


def test_FileWriterTestCase_testNonBlockingClose(tmp_path):
    sw = tf.summary.FileWriter(str(tmp_path / "non_blocking_close"))
    time_before_close = time.time()
    sw.close()
    assert_recent(time_before_close)


def test_FileWriterTestCase_testUseAfterClose(tmp_path):
    sw = tf.summary.FileWriter(str(tmp_path / "use_after_close"))
    sw.close()
    with warnings.catch_warnings(record=True) as triggered:
        warnings.simplefilter("always")
        assert not triggered
        sw.add_summary(tf.Summary())
        sw.add_session_log(SessionLog())
        sw.add_graph(a_graph_def())
    assert len(triggered) == 3
    for w in triggered:
        assert w.category is UserWarning


def test_FileWriterTestCase_testWithStatement(tmp_path):
    test_dir = str(tmp_path / "with_statement")
    with tf.summary.FileWriter(test_dir) as sw:
        sw.add_session_log(SessionLog(status=SessionLog.START), 1)
    assert len(glob.glob(os.path.join(test_dir, "event*"))) == 1


def test_FileWriterTestCase_testAddingSummariesFromSessionRunCalls(tmp_path):
    test_dir = str(tmp_path / "global_step")
    sw = tf.summary.FileWriter(test_dir)
    i = tf.constant(1, dtype=tf.int32, shape=[])
    l_ = tf.constant(2, dtype=tf.int64, shape=[])
    summ = tf.Summary(value=[tf.Summary.Value(tag="i", simple_value=1.0)])
    sw.add_summary(summ.SerializeToString(), i.numpy())
    sw.add_summary(tf.Summary(value=[tf.Summary.Value(tag="l", simple_value=2.0)]), l_.numpy())
    sw.close()
    rr = events_reader(test_dir)
    ev = next(rr)
    assert ev.file_version == "brain.Event:2"
    ev = next(rr)
    assert_recent(ev.wall_time)
    assert ev.step == 1
    assert ev.summary == tf.Summary(value=[tf.Summary.Value(tag="i", simple_value=1.0)])
    ev = next(rr)
    assert ev.step == 2
    assert ev.summary == tf.Summary(value=[tf.Summary.Value(tag="l", simple_value=2.0)])
    assert isinstance(i.numpy(), np.int32)
    with pytest.raises(StopIteration):
        next(rr)


def test_FileWriterTestCase_testPluginMetadataStrippedFromSubsequentEvents(tmp_path):
    test_dir = str(tmp_path / "basics")
    sw = tf.summary.FileWriter(test_dir)
    sw.add_session_log(SessionLog(status=SessionLog.START), 1)
    for _ in range(2):
        value = tf.Summary.Value(tag="foo", simple_value=10.0)
        value.metadata.plugin_data.plugin_name = "bar"
        value.metadata.plugin_data.content = b"... content ..."
        sw.add_summary(tf.Summary(value=[value]), 10)
    sw.close()
    rr = events_reader(test_dir)
    assert next(rr).file_version == "brain.Event:2"
    ev = next(rr)
    assert ev.step == 1 and ev.session_log.status == SessionLog.START
    with_metadata = tf.Summary.Value(tag="foo", simple_value=10.0)
    with_metadata.metadata.plugin_data.plugin_name = "bar"
    with_metadata.metadata.plugin_data.content = b"... content ..."
    assert next(rr).summary == tf.Summary(value=[with_metadata])
    assert next(rr).summary == tf.Summary(value=[tf.Summary.Value(tag="foo", simple_value=10.0)])
    with pytest.raises(StopIteration):
        next(rr)


def test_FileWriterTestCase_testFileWriterWithSuffix(tmp_path):
    test_dir = str(tmp_path / "test_suffix")
    sw = tf.summary.FileWriter(test_dir, filename_suffix="_test_suffix")
    for _ in range(10):
        sw.add_summary(tf.Summary(value=[tf.Summary.Value(tag="float_ten", simple_value=10.0)]), 10)
        sw.close()
        sw.reopen()
    sw.close()
    event_filenames = glob.glob(os.path.join(test_dir, "event*"))
    assert len(event_filenames) == 11
    for filename in event_filenames:
        assert filename.endswith("_test_suffix")
