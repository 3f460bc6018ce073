"""What the eager guide's "Setup and basic usage" and "Dynamic control flow" code prints.

Read from the conformance suite's expected outputs (tests/conformance/programs/), the
one place these texts are kept; the examples/ tests compose their expectations from them.
"""

from pathlib import Path

_PROGRAMS = Path(__file__).resolve().parent / "conformance" / "programs"


def _expected(case):
    return (_PROGRAMS / f"{case}.out").read_text(encoding="utf-8")


# numpy_interop prints three tensors, then two NumPy arrays.
_TENSORS_END = "dtype=int32)\n"
BASIC_TENSORS, _, BASIC_NUMPY = _expected("basic_usage/numpy_interop").rpartition(_TENSORS_END)
BASIC_TENSORS += _TENSORS_END

# The fizzbuzz program's driver prints fizzbuzz(15)'s counter after the loop's lines.
FIZZBUZZ_15 = "".join(_expected("dynamic_control_flow/fizzbuzz").splitlines(keepends=True)[:-1])

# a / 2 on an int32 tensor is a true division: float64 from the first step on.
COLLATZ_12 = _expected("dynamic_control_flow/collatz")
