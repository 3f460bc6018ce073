"""Every program in examples/ runs through ``python -m tfcompat`` and prints what TF 1.x printed.

flags_and_logging.py's tf.logging lines go to stderr in absl's format, as under TF 1.15's tf.app.run
(``I1126 14:20:29.123456 140213 file.py:12] message``); they are checked without the time and thread id.

The expected texts are the outputs printed in the TF 1.x eager guide (seed
documents 000 and 003, in modern NumPy print style), and where the guide shows
none, TF 1.x's output for the same code (fizzbuzz, Collatz). Random results are
checked as ranges with the conformance suite's markers (`{{float LO..HI}}`).
"""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from seed_outputs import BASIC_NUMPY, BASIC_TENSORS, COLLATZ_12, FIZZBUZZ_15

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests" / "conformance"))
from golden.compare import compare_printed  # noqa: E402  (the conformance suite's text comparison)
EXAMPLES = sorted((REPO / "examples").glob("*.py"))

GRADIENTS = """\
tf.Tensor(9.0, shape=(), dtype=float32)
[<tf.Tensor: id=1, shape=(), dtype=float32, numpy=6.0>]
[<tf.Tensor: id=2, shape=(), dtype=float32, numpy=2.0>]
[None]
[<tf.Tensor: id=3, shape=(), dtype=float32, numpy=1.0>]
[<tf.Tensor: id=4, shape=(), dtype=float32, numpy=-1.0>]
[<tf.Tensor: id=5, shape=(), dtype=float32, numpy=0.5>]
[<tf.Tensor: id=6, shape=(), dtype=float32, numpy=nan>]
[<tf.Tensor: id=7, shape=(), dtype=float32, numpy=0.5>]
[<tf.Tensor: id=8, shape=(), dtype=float32, numpy=1.0>]
[<tf.Tensor: id=9, shape=(1, 1), dtype=float32, numpy=array([[2.]], dtype=float32)>]
"""
# Random data: the initial loss is about 4 E[x^2] + 8^2 + 1 = 69, the final one about the
# noise variance, 1; ranges are wider than six standard deviations of their spread.
LINEAR_REGRESSION = ("Initial loss: {{float 62..76}}\n"
                     + "".join(f"Loss at step {step:03d}: {{{{float}}}}\n" for step in range(0, 200, 20))
                     + "Final loss: {{float 0.8..1.25}}\nW = {{float 2.8..3.25}}, B = {{float 1.9..2.35}}\n")

EXPECTED = {
    "basic_usage.py": "True\nhello, [[4.]]\n" + BASIC_TENSORS + BASIC_NUMPY + "True\n",
    "dynamic_control_flow.py": FIZZBUZZ_15 + "tf.Tensor(15, shape=(), dtype=int32)\n" + COLLATZ_12,
    "gradients.py": GRADIENTS,
    "linear_regression.py": LINEAR_REGRESSION,
    "flags_and_logging.py": "x = 3.0000, loss = 0.000000\n",
    "torch_interop.py": ("Keras training, final loss: {{float 0..0.05}}\n"
                         "['sequential.torch_module_layer.weight', 'sequential.torch_module_layer.bias', "
                         "'sequential.dense.kernel', 'sequential.dense.bias']\n"
                         "torch training, final loss: {{float 0..0.05}}\nKeras sees the same weights: True\n"),
}
# What examples log to stderr with tf.logging: "<severity letter> <file:line>] <message>" per line.
EXPECTED_LOG = {
    "flags_and_logging.py": ["I flags_and_logging.py:20] run parabola: 25 steps, learning rate 0.2, arguments []",
                             "I flags_and_logging.py:27] step 0: loss = 9.0000",
                             "I flags_and_logging.py:27] step 10: loss = 0.0003",
                             "I flags_and_logging.py:27] step 20: loss = 0.0000"],
}
ABSL_LOG_LINE = re.compile(r"([DIWEF])\d{4} \d\d:\d\d:\d\d\.\d{6} +\d+ (\S+:\d+\] .*)")


def absl_log(stderr):
    """absl's log lines as "<severity> <file:line>] <message>"; any other line is kept whole, to fail the match."""
    return [" ".join(match.groups()) if (match := ABSL_LOG_LINE.fullmatch(line)) else line
            for line in stderr.splitlines()]


def test_every_example_has_expected_output():
    assert sorted(path.name for path in EXAMPLES) == sorted(EXPECTED)


@pytest.fixture(scope="module")
def runs():
    """All examples, started at once (each is a fresh interpreter importing torch)."""
    env = dict(os.environ, PYTHONPATH=str(REPO))
    processes = {path.name: subprocess.Popen([sys.executable, "-m", "tfcompat", str(path.relative_to(REPO))],
                                             cwd=REPO, env=env, text=True,
                                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
                 for path in EXAMPLES}
    return {name: (*process.communicate(timeout=300), process.returncode) for name, process in processes.items()}


@pytest.mark.parametrize("example", [path.name for path in EXAMPLES])
def test_example_output(runs, example):
    stdout, stderr, returncode = runs[example]
    assert returncode == 0, stderr
    assert compare_printed(EXPECTED[example], stdout) == []
    if example in EXPECTED_LOG:
        assert absl_log(stderr) == EXPECTED_LOG[example]


def test_flags_example_takes_flags_and_exits_with_mains_status():
    """Three --flag=value arguments reach FLAGS, the other arguments reach main, main's 1 is the exit status."""
    process = subprocess.run([sys.executable, "-m", "tfcompat", "run", "examples/flags_and_logging.py", "--steps=3",
                              "--learning_rate=0.25", "--name=short", "extra", "--unknown=1"],
                             cwd=REPO, env=dict(os.environ, PYTHONPATH=str(REPO)), text=True, capture_output=True,
                             timeout=300)
    assert process.returncode == 1, process.stderr
    assert process.stdout == "x = 2.6250, loss = 0.140625\n"
    assert absl_log(process.stderr) == [
        "I flags_and_logging.py:20] run short: 3 steps, learning rate 0.25, arguments ['extra', '--unknown=1']",
        "I flags_and_logging.py:27] step 0: loss = 9.0000",
        "E flags_and_logging.py:31] run short did not converge"]


MIGRATION_PROJECT = REPO / "examples" / "migration_project"


def _in_migration_project(*command):
    return subprocess.run([sys.executable, *command], cwd=MIGRATION_PROJECT, text=True, capture_output=True,
                          env=dict(os.environ, PYTHONPATH=str(REPO)), timeout=300)


def test_migration_project_tests_pass_under_tfcompat_run():
    process = _in_migration_project("-m", "tfcompat", "run", "model_test.py")
    assert process.returncode == 0, process.stdout + process.stderr
    assert "Ran 4 tests" in process.stderr and "\nOK\n" in process.stderr


def test_migration_project_tests_pass_under_pytest():
    process = _in_migration_project("-m", "pytest", "-q", "-p", "no:cacheprovider", "model_test.py", "metrics_test.py")
    assert process.returncode == 0, process.stdout + process.stderr
    assert "5 passed" in process.stdout


def test_migration_project_tests_pass_under_unittest():
    process = _in_migration_project("-m", "unittest", "metrics_test")
    assert process.returncode == 0, process.stdout + process.stderr
    assert "Ran 1 test" in process.stderr


def test_a_failing_tf_test_fails_the_run(tmp_path):
    (tmp_path / "failing_test.py").write_text(
        "import tensorflow as tf\n\n\nclass T(tf.test.TestCase):\n    def testClose(self):\n"
        "        self.assertAllClose(tf.constant([1.0, 2.0]), [1.0, 2.5])\n\n\ntf.test.main()\n")
    process = subprocess.run([sys.executable, "-m", "tfcompat", "failing_test.py"], cwd=tmp_path, text=True,
                             capture_output=True, env=dict(os.environ, PYTHONPATH=str(REPO)), timeout=300)
    assert process.returncode == 1
    assert "not close where = (array([1]),)" in process.stderr and "FAILED (failures=1)" in process.stderr
