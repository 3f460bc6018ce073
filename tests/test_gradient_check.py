"""Numerical gradient check of every differentiable registered op, like TF's gradient_checker.

For each case in tests/gradient_check_cases.py the full Jacobian that tf.GradientTape gives
(one ``gradient`` call per output element, one-hot ``output_gradients``) must match central
finite differences in float64; inputs TF does not differentiate (integer inputs, ops TF
registers as NotDifferentiable or whose gradient function returns None) must get None, and
ops whose TF gradient is zeros (sign) must get zeros.  The expectations were confirmed
against TensorFlow's registered gradients with tests/gradient_check_tf_oracle.py.

Every registered function must be either checked here or listed in NOT_CHECKED with a
reason, so new ops cannot silently miss the check.  Classes (Variable, GradientTape,
initializers, dtypes) are not ops and are covered by their own tests.
"""

import inspect

import numpy as np
import pytest
from gradient_check_cases import CASES, NOT_CHECKED, check_case

import tfcompat as tf
from tfcompat._src import registry


# Targets that carry no torch autograd history (integer and bool outputs, slogdet's sign):
# tfcompat answers None for every source, where TF runs the op's gradient function anyway.
_NO_HISTORY = ("the target has no autograd history in torch (an integer, bool or constant output), "
               "so tfcompat answers None")
KNOWN_DIFFERENCES = {
    "argsort": f"TF answers zeros through TopKV2's gradient; {_NO_HISTORY}",
    "slogdet_sign": f"TF answers zeros for the sign output; {_NO_HISTORY}",
    "is_finite": f"TF raises LookupError (no IsFinite gradient) for a bool target; {_NO_HISTORY}",
    "is_inf": f"TF raises LookupError (no IsInf gradient) for a bool target; {_NO_HISTORY}",
    "is_nan": f"TF raises LookupError (no IsNan gradient) for a bool target; {_NO_HISTORY}",
    "nn.in_top_k": f"TF raises LookupError (no InTopKV2 gradient) for a bool target; {_NO_HISTORY}",
}


@pytest.mark.parametrize("case", CASES, ids=[case.test_id for case in CASES])
def test_tape_gradient_matches_finite_differences(case):
    problems = check_case(tf, case)
    if case.test_id in KNOWN_DIFFERENCES:
        assert problems, f"{case.test_id} now matches TF: remove it from KNOWN_DIFFERENCES"
    else:
        assert not problems, f"tf.{case.name}:\n" + "\n".join(problems)


def test_known_differences_name_cases():
    assert set(KNOWN_DIFFERENCES) <= {case.test_id for case in CASES}


def _registered_functions():
    """{id(function): [its registered names]} for every registered plain function."""
    functions = {}
    for name, entry in registry.entries().items():
        if inspect.isfunction(entry.obj):
            functions.setdefault(id(entry.obj), []).append(name)
    return functions


def test_every_registered_function_is_checked_or_listed_with_a_reason():
    covered = {case.name for case in CASES} | set(NOT_CHECKED)
    missing = sorted(min(names) for names in _registered_functions().values() if not covered & set(names))
    assert not missing, f"add a gradient case or a NOT_CHECKED reason for: {missing}"


def test_tables_name_registered_functions():
    registered = {name for names in _registered_functions().values() for name in names}
    stale = sorted(({case.name for case in CASES} | set(NOT_CHECKED)) - registered)
    assert not stale, f"not registered functions: {stale}"
    assert all(NOT_CHECKED.values())


def test_checked_functions_are_not_also_listed_as_not_checked():
    entries = registry.entries()
    checked = {id(entries[case.name].obj) for case in CASES}
    both = sorted(name for name in NOT_CHECKED if id(entries[name].obj) in checked)
    assert not both, f"both checked and listed as not checked: {both}"


def test_dropout_gradient_is_the_mask():
    """Dropout draws a new mask per call, so no finite differences: d(dropout(x))/dx is the mask
    scaled by 1/keep_prob, i.e. output / input elementwise."""
    x = tf.constant(np.linspace(0.5, 2.0, 40).reshape(4, 10))
    weights = tf.constant(np.random.default_rng(0).uniform(0.5, 1.5, (4, 10)))
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.nn.dropout(x, keep_prob=0.5)
    gradient = tape.gradient(y, x, output_gradients=weights)
    kept = y.numpy() != 0
    assert 0 < kept.sum() < kept.size
    np.testing.assert_allclose(gradient.numpy(), np.where(kept, 2.0 * weights.numpy(), 0.0), rtol=1e-12)


def test_watched_integer_tensor_gets_none_next_to_a_float_gradient():
    x = tf.constant([1.5, 2.5], tf.float64)
    n = tf.constant([2, 3])
    with tf.GradientTape() as tape:
        tape.watch([x, n])
        y = x * tf.cast(n, tf.float64)
    dx, dn = tape.gradient(y, [x, n])
    assert dn is None
    np.testing.assert_array_equal(dx.numpy(), [2.0, 3.0])
