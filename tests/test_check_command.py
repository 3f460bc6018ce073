"""``tfcompat check``: the static migration report (tfcompat/_src/tools/check.py and source_scan.py)."""

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tfcompat import cli
from tfcompat._src import registry

REPO = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((REPO / "examples").glob("*.py"))

ALIASES = textwrap.dedent("""\
    import tensorflow as tf
    import tensorflow
    import tensorflow.contrib.eager as tfe
    from tensorflow.contrib import eager as tfe2
    from tensorflow import keras
    from tensorflow.keras.layers import Dense
    from tensorflow.python.eager import backprop
    import tfcompat as tfc
    import tensorflow.compat.v1 as v1
    nn = tf.nn
    layers = tf.keras.layers
    tf.constant(1.0).numpy()
    tensorflow.matmul([[1.0]], [[1.0]])
    tfe.gradients_function(nn.relu)
    tfe2.metrics.Mean()
    keras.layers.Dense(3)
    Dense(2)
    layers.Conv2D(2, 3)
    tfc.nn.softmax(tfc.to_torch(x))
    v1.reduce_sum([1.0])
    tf.compat.v1.executing_eagerly()
    print(tf.__version__, tf.float32.as_numpy_dtype, backprop.anything)
    """)

ALIASES_USES = [
    ("tf.keras.layers.Dense", 6), ("tensorflow.python.eager.backprop", 7), ("tf.constant", 12), ("tf.matmul", 13),
    ("tf.contrib.eager.gradients_function", 14), ("tf.nn.relu", 14), ("tf.contrib.eager.metrics.Mean", 15),
    ("tf.keras.layers.Dense", 16), ("tf.keras.layers.Dense", 17), ("tf.keras.layers.Conv2D", 18),
    ("tf.nn.softmax", 19), ("tf.reduce_sum", 20), ("tf.executing_eagerly", 21), ("tf.float32", 22)]

UNSUPPORTED = textwrap.dedent("""\
    import tensorflow as tf

    tf.enable_eager_execution()
    session = tf.Session()
    converter = tf.lite.TFLiteConverter.from_keras_model(model)
    tf.tpu.experimental.initialize_tpu_system()
    with tf.contrib.slim.arg_scope([]):
        print(tf.constant(1) + tf.lite.TFLiteConverter)
    tf.contrib.no_such_module.thing()
    """)

SESSION_REASON = "graph sessions do not exist in eager mode"


def check(capsys, *args):
    status = cli.main(["check", *map(str, args)])
    out, err = capsys.readouterr()
    return status, out, err


def check_json(capsys, *args):
    status, out, err = check(capsys, "--json", *args)
    return status, json.loads(out), err


def uses(report):
    """[(symbol, line)] in file order, as the scanner found them."""
    found = [(entry["symbol"], use["path"], use.get("cell", 0), use["line"])
             for entry in report["symbols"] for use in entry["uses"]]
    return [(symbol, line) for symbol, _, _, line in sorted(found, key=lambda item: item[1:])]


@pytest.fixture
def write(tmp_path):
    def write(name, text):
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        return path
    return write


@pytest.fixture
def session_unsupported(monkeypatch):
    """tf.Session deliberately unsupported, whatever the registry says today."""
    entry = registry.Entry("Session", None, registry.UNSUPPORTED, SESSION_REASON)
    monkeypatch.setitem(registry._ENTRIES, "Session", entry)


def notebook(*cells):
    return json.dumps({"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [
        {"cell_type": kind, "metadata": {}, "source": source, **({"outputs": [], "execution_count": None}
                                                                 if kind == "code" else {})}
        for kind, source in cells]})


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda path: path.name)
def test_every_example_is_supported(example, capsys):
    status, out, err = check(capsys, example.relative_to(REPO))
    assert (status, err) == (0, "")
    assert out.splitlines()[-1].endswith(", 0 not (0 unsupported, 0 missing, 0 unknown).")


def test_examples_report_lists_each_symbol_with_its_lines(capsys, monkeypatch):
    monkeypatch.chdir(REPO)
    status, report, err = check_json(capsys, "examples")
    assert (status, err) == (0, "")
    found = {entry["symbol"]: [use["location"] for use in entry["uses"]] for entry in report["symbols"]}
    assert found["tf.contrib.eager.executing_eagerly"] == ["examples/basic_usage.py:52"]  # via `tfe = tf.contrib.eager`
    assert found["tf.matmul"] == ["examples/basic_usage.py:15", "examples/migration_project/model.py:6",
                                  "examples/torch_interop.py:19"]
    assert found["tf.equal"] == ["examples/dynamic_control_flow.py:36", "examples/dynamic_control_flow.py:37",
                                 "examples/migration_project/metrics_test.py:9"]  # `import tfcompat as tf` too
    assert found["tf.constant"][:4] == ["examples/basic_usage.py:18", "examples/dynamic_control_flow.py:14",
                                        "examples/dynamic_control_flow.py:17", "examples/dynamic_control_flow.py:34"]
    assert found["tf.constant"][4:6] == ["examples/migration_project/metrics_test.py:8",
                                         "examples/migration_project/metrics_test.py:9"]
    assert {"tf.enable_eager_execution", "tf.executing_eagerly", "tf.add", "tf.convert_to_tensor"} <= set(found)
    assert all(entry["status"] in ("full", "partial") for entry in report["symbols"])


def test_unsupported_program_lists_each_problem_with_its_lines(write, capsys, session_unsupported):
    path = write("legacy.py", UNSUPPORTED)
    status, out, err = check(capsys, path)
    assert (status, err) == (1, "")
    assert out.splitlines() == [
        f"tf.Session: unsupported - {SESSION_REASON}",
        f"    {path}:4",
        "tf.contrib.no_such_module.thing: unknown - not a TF 1.x symbol",
        f"    {path}:9",
        "tf.contrib.slim.arg_scope: missing - not supported by tfcompat yet",
        f"    {path}:7",
        "tf.lite.TFLiteConverter: missing - not supported by tfcompat yet",
        f"    {path}:5, {path}:8",
        "tf.tpu.experimental.initialize_tpu_system: missing - not supported by tfcompat yet",
        f"    {path}:6",
        "tf.constant: full",
        f"    {path}:8",
        "tf.enable_eager_execution: full",
        f"    {path}:3",
        ("7 TF symbols used 8 times in 1 files: 2 supported (2 full, 0 partial), "
         "5 not (1 unsupported, 3 missing, 1 unknown)."),
    ]


def test_every_import_and_alias_form_resolves(write, capsys):
    status, report, err = check_json(capsys, write("aliases.py", ALIASES))
    assert (status, err) == (1, "")  # private TF and tf.keras are not supported
    assert uses(report) == ALIASES_USES
    private = next(entry for entry in report["symbols"] if entry["symbol"].startswith("tensorflow."))
    assert private["status"] == "unknown"
    assert private["note"] == "private TensorFlow module (tensorflow.python), not part of the TF 1.x API"


def test_statuses_come_from_the_registry(write, capsys):
    entries = registry.entries()
    partial = next(name for name, entry in sorted(entries.items()) if entry.status == registry.PARTIAL)
    full = next(name for name, entry in sorted(entries.items()) if entry.status == registry.FULL)
    status, report, _ = check_json(capsys, write("uses.py", f"import tfcompat as tf\ntf.{partial}\ntf.{full}\n"))
    assert status == 0
    statuses = {entry["symbol"]: (entry["status"], entry["note"]) for entry in report["symbols"]}
    assert statuses == {f"tf.{partial}": ("partial", entries[partial].note), f"tf.{full}": ("full", "")}


def test_rebinding_an_alias_and_namespaces_are_not_uses(write, capsys):
    source = "import tensorflow as tf\nnn = tf.nn\nf(tf, tf.keras.layers, nn)\nnn = 3\nnn.relu\ntf = None\ntf.Session\n"
    status, report, _ = check_json(capsys, write("rebind.py", source))
    assert (status, report["symbols"]) == (0, [])


def test_notebook_cells_magics_and_shared_aliases(write, capsys):
    path = write("demo.ipynb", notebook(
        ("markdown", ["# tf.Session in prose is no use\n"]),
        ("code", ["%matplotlib inline\n", "!pip install tensorflow==1.15\n", "import tensorflow as tf\n",
                  "tf.enable_eager_execution()\n"]),
        ("code", "%%bash\necho tf.Session\n"),
        ("code", ["for i in range(2):\n", "    !echo $i\n", "    x = tf.matmul([[1.0]], [[2.0]])\n",
                  "tf.matmul?\n", "?tf.add\n"]),
    ))
    status, report, err = check_json(capsys, path)
    assert (status, err) == (0, "")
    assert [(entry["symbol"], entry["uses"]) for entry in report["symbols"]] == [
        ("tf.enable_eager_execution", [{"path": str(path), "line": 4, "cell": 2, "location": f"{path}[cell 2]:4"}]),
        ("tf.matmul", [{"path": str(path), "line": 3, "cell": 4, "location": f"{path}[cell 4]:3"}]),
    ]


def test_notebook_cell_that_does_not_parse_and_broken_notebook(write, capsys):
    good = write("nb/a.ipynb", notebook(("code", "import tensorflow as tf\n"), ("code", "x = (\n"),
                                        ("code", "tf.Session()\n")))
    broken = write("nb/b.ipynb", "{not json")
    status, out, err = check(capsys, good.parent)
    assert status == 1
    assert err.splitlines()[0] == f"tfcompat check: {good}[cell 2]:1: does not parse: SyntaxError: '(' was never closed"
    assert err.splitlines()[1].startswith(f"tfcompat check: {broken}: not a readable notebook: ")
    assert out.splitlines()[:2] == ["tf.Session: missing - not supported by tfcompat yet", f"    {good}[cell 3]:1"]


def test_syntax_error_is_reported_and_the_scan_goes_on(write, capsys):
    bad = write("src/bad.py", "import tensorflow as tf\nx = (\n")
    good = write("src/good.py", "import tensorflow as tf\ntf.constant(1)\n")
    status, out, err = check(capsys, bad.parent)
    assert status == 1
    assert err == f"tfcompat check: {bad}:2: does not parse: SyntaxError: '(' was never closed\n"
    assert out.splitlines() == ["tf.constant: full", f"    {good}:2",
                                ("1 TF symbols used 1 times in 2 files: 1 supported (1 full, 0 partial), "
                                 "0 not (0 unsupported, 0 missing, 0 unknown). 1 scan problems (see stderr).")]


def test_missing_path_is_reported_and_the_scan_goes_on(write, capsys, tmp_path):
    good = write("good.py", "import tensorflow as tf\ntf.constant(1)\n")
    status, report, err = check_json(capsys, tmp_path / "nope.py", good)
    assert status == 2
    assert err == f"tfcompat check: {tmp_path / 'nope.py'}: no such file or directory\n"
    assert report["missing_paths"] == [str(tmp_path / "nope.py")]
    assert uses(report) == [("tf.constant", 2)]


def test_directories_are_walked_for_py_and_ipynb_only(write, capsys, tmp_path):
    write("pkg/a.py", "import tensorflow as tf\ntf.add(1, 2)\n")
    write("pkg/sub/b.ipynb", notebook(("code", "import tensorflow as tf\ntf.add(1, 2)\n")))
    write("pkg/notes.txt", "tf.Session()\n")
    write("pkg/.hidden/c.py", "tf.Session()\n")
    status, report, _ = check_json(capsys, tmp_path / "pkg")
    assert status == 0
    assert report["files"] == [str(tmp_path / "pkg" / "a.py"), str(tmp_path / "pkg" / "sub" / "b.ipynb")]
    assert [use["location"] for use in report["symbols"][0]["uses"]] == [
        f"{tmp_path / 'pkg' / 'a.py'}:2", f"{tmp_path / 'pkg' / 'sub' / 'b.ipynb'}[cell 1]:2"]


def test_json_report(write, capsys, session_unsupported):
    path = write("legacy.py", UNSUPPORTED)
    status, report, _ = check_json(capsys, path)
    assert status == report["exit_status"] == 1
    assert report["files"] == [str(path)] and report["errors"] == [] and report["missing_paths"] == []
    assert report["summary"] == {"files": 1, "symbols": 7, "uses": 8, "supported": 2, "full": 2, "partial": 0,
                                 "unsupported": 1, "missing": 3, "unknown": 1, "errors": 0, "missing_paths": 0}
    session = next(entry for entry in report["symbols"] if entry["symbol"] == "tf.Session")
    assert session == {"symbol": "tf.Session", "status": "unsupported", "note": SESSION_REASON, "supported": False,
                       "uses": [{"path": str(path), "line": 4, "location": f"{path}:4"}]}


def test_no_path_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as exit_info:
        cli.main(["check"])
    assert exit_info.value.code == 2
    assert "PATH" in capsys.readouterr().err


def test_check_command_runs_as_a_program(write, tmp_path):
    write("legacy.py", UNSUPPORTED)
    env = dict(os.environ, PYTHONPATH=str(REPO))
    result = subprocess.run([sys.executable, "-m", "tfcompat", "check", "legacy.py", str(REPO / "examples")],
                            cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 1, result.stderr
    assert result.stdout.startswith("tf.Session: ")
    assert "    legacy.py:4\n" in result.stdout
    assert f"{REPO / 'examples' / 'basic_usage.py'}:15" in result.stdout
