"""Run the gradient-check case table on real TensorFlow to confirm its expectations.

Run by hand in a throwaway environment with TensorFlow installed (never in CI, never a
dependency):

    /path/to/tf-venv/bin/python tests/gradient_check_tf_oracle.py [case-id ...]

It prints one line per case: "ok", or what TF answered differently from the table
(None vs value vs zeros, or a Jacobian off the finite differences), or the error TF raised.
"""

import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import tensorflow

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gradient_check_cases import CASES, check_case

tf = tensorflow.compat.v1
tf.enable_eager_execution()


def main(selected):
    failures = 0
    for case in CASES:
        if selected and case.test_id not in selected:
            continue
        try:
            problems = check_case(tf, case)
        except Exception as error:  # noqa: BLE001 - report every case, whatever TF raises
            problems = [f"raised {type(error).__name__}: {str(error).splitlines()[0][:200]}"]
        failures += bool(problems)
        print(f"{case.test_id}: " + ("ok" if not problems else " | ".join(p.splitlines()[0] for p in problems)))
    print(f"{failures} of the cases differ from TensorFlow")


if __name__ == "__main__":
    main(set(sys.argv[1:]))
