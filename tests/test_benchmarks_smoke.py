"""Smoke test of benchmarks/: every workload, at tiny size, once per version; the two agree.

No timing is asserted here: timings belong to `python benchmarks/run.py`.
"""

import concurrent.futures
import json
import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import run as bench_run  # noqa: E402
from benchmarks import workloads as W  # noqa: E402

DEVICE_CASES = [pytest.param(workload, device, id=f"{name}-{device.type}")
                for name, workload in W.WORKLOADS.items() if workload.on_device
                for device in W.devices()]


def run_both(workload, device):
    tf_run, torch_run = W.prepare_pair(workload, "smoke", device)
    _, tf_result = W.timed(tf_run, device)
    _, torch_result = W.timed(torch_run, device)
    return tf_result, torch_result


@pytest.mark.parametrize("workload, device", DEVICE_CASES)
def test_tfcompat_and_torch_versions_agree(workload, device):
    tf_result, torch_result = run_both(workload, device)
    assert type(tf_result).__module__.startswith("tfcompat")
    tf_values, torch_values = W.to_numpy(tf_result), W.to_numpy(torch_result)
    assert tf_values.dtype == torch_values.dtype
    assert tf_values.shape == torch_values.shape
    np.testing.assert_allclose(tf_values, torch_values, rtol=workload.rtol, atol=workload.atol)
    assert bench_run.results_agree(workload, tf_result, torch_result)


@pytest.mark.parametrize("device", W.devices(), ids=lambda d: d.type)
def test_small_ops_value(device):
    # x -> 0.5 x + 1 converges to 2: x_n = 2 + (x_0 - 2) / 2**n, in float32.
    steps = W.WORKLOADS["small_ops"].sizes["smoke"]
    tf_result, _ = run_both(W.WORKLOADS["small_ops"], device)
    x0 = np.array([[1.0, 2.0], [3.0, 4.0]])
    assert str(tf_result.dtype) == "<dtype: 'float32'>"
    assert tf_result.shape.as_list() == [2, 2]
    np.testing.assert_allclose(tf_result.numpy(), 2 + (x0 - 2) / 2.0 ** steps, rtol=1e-6)


@pytest.mark.parametrize("device", W.devices(), ids=lambda d: d.type)
def test_matmul_chain_value(device):
    workload = W.WORKLOADS["matmul_chain"]
    n, steps = workload.sizes["smoke"]
    data = workload.data((n, steps))
    expected = data["x"].astype(np.float64) @ np.linalg.matrix_power(data["w"].astype(np.float64), steps)
    tf_result, _ = run_both(workload, device)
    assert tf_result.shape.as_list() == [n, n]
    assert str(tf_result.dtype) == "<dtype: 'float32'>"
    np.testing.assert_allclose(tf_result.numpy(), expected, rtol=1e-4, atol=1e-4)


def test_import_workload_runs_both_imports():
    # Both fresh interpreters start at once: this checks they work, not how fast.
    runs = W.prepare_pair(W.WORKLOADS["import"], "smoke", None)
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        tf_result, torch_result = pool.map(lambda run: run(), runs)
    assert tf_result == torch_result == 0


def test_registry_entries_are_complete():
    assert {"small_ops", "matmul_chain", "import"} <= set(W.WORKLOADS)
    for workload in W.WORKLOADS.values():
        assert set(workload.sizes) == {"full", "smoke"}
        assert workload.kind in ("ratio", "delta")
        assert workload.target > 0
    assert W.WORKLOADS["small_ops"].target == 1.5
    assert W.WORKLOADS["matmul_chain"].target == 1.05
    assert (W.WORKLOADS["import"].kind, W.WORKLOADS["import"].target) == ("delta", 0.3)


def test_runner_cli_writes_table_and_json(tmp_path, capsys):
    out = tmp_path / "bench.json"
    status = bench_run.main(["--smoke", "--repeats", "2", "--only", "small_ops,matmul_chain",
                             "--json", str(out), "--device", "cpu"])
    assert status == 0
    table = capsys.readouterr().out
    assert "torch threads" in table and "CPU count" in table
    assert "small_ops" in table and "matmul_chain" in table
    report = json.loads(out.read_text())
    assert report["environment"]["torch_threads"] >= 1
    assert [(row["workload"], row["device"]) for row in report["rows"]] == [
        ("small_ops", "cpu"), ("matmul_chain", "cpu")]
    for row in report["rows"]:
        assert row["same_result"] is True
        assert len(row["tfcompat_times_s"]) == len(row["torch_times_s"]) == 2
        assert (row["kind"], row["target"]) == ("ratio", W.WORKLOADS[row["workload"]].target)
        assert row["score"] == row["tfcompat_s"] / row["torch_s"]
        assert row["spread"] >= 0


def test_runner_rejects_unknown_workload():
    with pytest.raises(SystemExit, match="unknown workload"):
        bench_run.main(["--smoke", "--only", "no_such_workload"])


def test_variable_updates_script_runs_every_way(capsys):
    from benchmarks import variable_updates
    variable_updates.main(["--smoke", "--device", "cpu"])
    table = capsys.readouterr().out
    for way in ("assign_sub", "replace, per variable", "replace, foreach", "in place, per variable",
                "in place, foreach"):
        assert way in table
    assert "in-place update allowed in 0 of 3 steps" in table


def test_variable_updates_in_place_check_sees_readers():
    from benchmarks.variable_updates import unshared
    import tfcompat as tf
    v = tf.Variable([1.0, 2.0])
    assert unshared(v)
    snapshot = v.read_value()
    assert not unshared(v)
    del snapshot
    assert unshared(v)
    with tf.GradientTape():
        y = v * 2.0  # noqa: F841 - the recorded graph holds a source sharing v's storage
    assert not unshared(v)


def test_tfrecord_read_script_reports_rates(capsys):
    from benchmarks import tfrecord_read
    assert tfrecord_read.main(["--size-mb", "0.05", "--record-kb", "1", "--repeats", "1", "--all-cpus"]) == 0
    printed = capsys.readouterr().out
    assert "tf.data.TFRecordDataset" in printed and "MB/s" in printed
