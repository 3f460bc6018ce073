"""Every program in examples/ runs through ``python -m tfcompat`` and prints what TF 1.x printed.

The expected texts are the outputs printed in the TF 1.x eager guide (seed
documents 000 and 003, in modern NumPy print style), and where the guide shows
none, TF 1.x's output for the same code (fizzbuzz, Collatz). Random results are
checked as ranges with the conformance suite's markers (`{{float LO..HI}}`).
"""

import os
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
}


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
