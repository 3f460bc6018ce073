"""The compatibility matrix (compat_matrix/, ``tfcompat matrix``): up to date, and computed right."""

import json
import textwrap
from pathlib import Path

import pytest

from tfcompat import cli
from tfcompat._src import registry
from tfcompat._src.tools import matrix

REPO = Path(__file__).resolve().parent.parent

FAKE_INVENTORY = {
    "tf_v1_symbols.tsv": ["tf.Session\tclass", "tf.constant\tfunction", "tf.nn\tmodule", "tf.nn.elu\tfunction",
                          "tf.nn.relu\tfunction", "tf.nn.softmax\tfunction", "tf.raw_ops\tmodule",
                          "tf.raw_ops.Add\tfunction"],
    "tf_contrib_eager_symbols.tsv": ["tf.contrib.eager.Variable\tcontrib", "tf.contrib.eager.metrics\tcontrib",
                                     "tf.contrib.eager.metrics.Mean\tcontrib"],
}

FAKE_FILES = {
    "tests/test_ops.py": "import tfcompat as tf\ntf.constant(1)\ntf.nn.relu(x)\n",
    "tests/ported/test_nn_port.py": "import tfcompat as tf\ntf.nn.softmax(x)\n",
    "tests/helpers.py": "import tfcompat as tf\ntf.nn.elu(x)\n",  # not a test file
    "tests/conformance/programs/prog.py":
        "import tensorflow as tf\ntfe = tf.contrib.eager\ntfe.metrics.Mean()\ntf.Session()\n",
    "tests/conformance/golden/x_goldens.json": json.dumps({"cases": [
        {"id": "a", "code": "tf.constant(1) + tf.constant(2)"}, {"id": "b", "code": "tf.nn.elu(1.0)"},
        {"id": "c", "code": "tf.nn.relu("}]}),
    "tests/old/y_goldens.json": json.dumps({"cases": [{"id": "d", "code": "tf.raw_ops.Add(x=1, y=2)"}]}),
    "examples/ex.py": "import tensorflow as tf\ntf.constant(1)\ntf.nn.relu(tf.constant(2))\ntf.Session()\n",
}

FAKE_SYMBOLS_TSV = textwrap.dedent("""\
    symbol	kind	status	note	conformance_tested	golden_cases	test_files
    tf.Session	class	unsupported	graph mode	yes	0	conformance/programs/prog.py
    tf.constant	function	full		yes	1	test_ops.py
    tf.contrib.eager.Variable	contrib	missing		no	0	
    tf.contrib.eager.metrics.Mean	contrib	full		yes	0	conformance/programs/prog.py
    tf.nn.elu	function	missing		yes	1	
    tf.nn.relu	function	full		no	0	test_ops.py
    tf.nn.softmax	function	partial	no gradient	yes	0	ported/test_nn_port.py
    tf.raw_ops.Add	function	missing		no	1	
    """)


def entry(name, status=registry.FULL, note=""):
    return registry.Entry(name, object(), status, note)


@pytest.fixture
def fake_repo(tmp_path, monkeypatch):
    """A checkout with a tiny inventory, registry, tests and examples; `tfcompat matrix` runs on it."""
    for name, lines in FAKE_INVENTORY.items():
        (tmp_path / "compat_matrix").mkdir(exist_ok=True)
        (tmp_path / "compat_matrix" / name).write_text("\n".join(["path\tkind\tsignature", *lines]) + "\n")
    for name, text in FAKE_FILES.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    fake_entries = {name: entry(name, *spec) for name, *spec in [
        ("constant",), ("nn.relu",), ("nn.softmax", registry.PARTIAL, "no gradient"),
        ("Session", registry.UNSUPPORTED, "graph mode"), ("contrib.eager.metrics.Mean",)]}
    monkeypatch.setattr(registry, "_ENTRIES", fake_entries)
    monkeypatch.setattr(matrix, "repo_root", lambda: tmp_path)
    return tmp_path


def test_inventory_copies_are_identical():
    packaged = sorted((REPO / "tfcompat" / "_api").glob("*.tsv"))
    published = sorted((REPO / "compat_matrix").glob(matrix.INVENTORY_GLOB))
    assert [path.name for path in published] == [path.name for path in packaged]
    for copy, original in zip(published, packaged):
        assert copy.read_bytes() == original.read_bytes(), f"{copy} differs from {original}"


def test_committed_matrix_is_up_to_date():
    for name, text in matrix.generate(REPO).items():
        path = REPO / matrix.MATRIX_DIR / name
        committed = path.read_text(encoding="utf-8") if path.exists() else None
        assert committed == text, f"{path.relative_to(REPO)} is stale: run `tfcompat matrix` to regenerate it"


def test_per_symbol_table(fake_repo):
    assert matrix.generate(fake_repo)[matrix.SYMBOLS_FILE] == FAKE_SYMBOLS_TSV


def test_summary_by_namespace_and_usage_weighted(fake_repo):
    summary = matrix.generate(fake_repo)[matrix.SUMMARY_FILE].splitlines()
    table = [line for line in summary if line.startswith("| ")]
    assert table == [
        "| namespace | TF symbols | implemented | % | partial | unsupported | missing | conformance-tested |",
        "| tf | 2 | 1 | 50.0% | 0 | 1 | 0 | 2 |",
        "| tf.contrib.eager | 2 | 1 | 50.0% | 0 | 0 | 1 | 1 |",
        "| tf.nn | 3 | 2 | 66.7% | 1 | 0 | 1 | 2 |",
        "| tf.raw_ops | 1 | 0 | 0.0% | 0 | 0 | 1 | 0 |",
        "| **all but tf.raw_ops** | 7 | 4 | 57.1% | 1 | 1 | 2 | 5 |",
        "| **all** | 8 | 4 | 50.0% | 1 | 1 | 3 | 5 |",
        "| symbol | status | uses |",
        "| tf.Session | unsupported | 2 |",
    ]
    assert ("Of the 6 uses of TF symbols in `examples/` and `tests/conformance/programs/` (2 files), "
            "4 (66.7%) are of supported symbols.") in summary


def test_summarize_counts():
    rows = [matrix.Row("tf.a", "function", registry.FULL, "", conformance_tested=True),
            matrix.Row("tf.b", "function", registry.PARTIAL, "differs"),
            matrix.Row("tf.c", "class", registry.PARTIAL, "differs", conformance_tested=True),
            matrix.Row("tf.d", "function", registry.UNSUPPORTED, "never"),
            matrix.Row("tf.e", "function", "missing", "")]
    summary = matrix.summarize(rows, "tf")
    assert summary == matrix.NamespaceSummary("tf", symbols=5, implemented=3, partial=2, unsupported=1,
                                              conformance_tested=2)
    assert summary.missing == 1
    assert matrix.summarize([], "empty") == matrix.NamespaceSummary("empty", 0, 0, 0, 0, 0)
    assert (matrix.percent(2, 3), matrix.percent(0, 0)) == ("66.7%", "-")


def test_namespace_groups_two_levels_below_tf():
    assert [matrix.namespace_of(symbol) for symbol in (
        "tf.constant", "tf.nn.relu", "tf.keras.layers.Dense", "tf.keras.applications.resnet50.ResNet50",
        "tf.contrib.eager.metrics.Mean")] == ["tf", "tf.nn", "tf.keras.layers", "tf.keras.applications",
                                              "tf.contrib.eager"]


def test_matrix_command_writes_the_output_folder(fake_repo, tmp_path, capsys):
    output = tmp_path / "out"
    assert cli.main(["matrix", "--output", str(output)]) == 0
    expected = matrix.generate(fake_repo)
    assert {path.name: path.read_text() for path in output.iterdir()} == expected
    assert capsys.readouterr().out.splitlines() == [f"wrote {output / name}" for name in expected]
    assert cli.main(["matrix"]) == 0  # default: the checkout's compat_matrix/
    assert (fake_repo / "compat_matrix" / matrix.SYMBOLS_FILE).read_text() == FAKE_SYMBOLS_TSV


def test_matrix_check_fails_when_stale(fake_repo, capsys):
    assert cli.main(["matrix", "--check"]) == 1  # never generated
    assert "symbols.tsv is stale; run `tfcompat matrix`" in capsys.readouterr().err
    assert cli.main(["matrix"]) == 0
    assert cli.main(["matrix", "--check"]) == 0
    assert capsys.readouterr().out.endswith("compat_matrix is up to date\n")
    (fake_repo / "examples" / "ex.py").write_text("import tensorflow as tf\ntf.nn.elu(1.0)\n")
    assert cli.main(["matrix", "--check"]) == 1
    assert capsys.readouterr().err == (f"tfcompat matrix: {fake_repo / 'compat_matrix' / 'README.md'} is stale; "
                                       "run `tfcompat matrix` to regenerate it\n")


def test_matrix_needs_a_source_checkout(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(matrix, "repo_root", lambda: tmp_path)
    assert cli.main(["matrix"]) == 2
    assert capsys.readouterr().err.startswith("tfcompat matrix: needs a source checkout of tfcompat")
