"""Record golden values for tf.train's learning-rate schedules (issue 10, part 2) from REAL TensorFlow.

Run by hand in the throwaway TensorFlow virtualenv (never a dependency of tfcompat, never run
in CI), from the repository root:

    /work/tforacle/bin/python tests/conformance/golden/record_schedule_goldens.py

It writes tests/conformance/golden/schedule_goldens.json next to this file.  Case ids start
with ``schedule_``.  Format and setup: record_core_goldens.py's.  A case builds a schedule
(``tf.compat.v1.train.*_decay`` in eager mode, which returns a callable) over a global-step
variable, then assigns the step a few values and records the callable's result at each, so the
goldens show the schedule re-reading the step.  Float32 and float64 learning rates, int32 and
int64 steps, staircase and cycle are covered, and the errors TF raises (no global step,
piecewise_constant's dtype and length checks).  noisy_linear_cosine_decay is random: only its
dtype and shape are recorded (``values`` False); tests/test_learning_rate_decay.py checks it.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import record_core_goldens as core  # noqa: E402  (sets up TF 1.x-style eager execution)

OUT = os.path.join(core.HERE, "schedule_goldens.json")
CASES = []
STEPS = [0, 1, 7, 10, 25, 100, 1000]

SCHEDULES = {
    "exponential": "tf.train.exponential_decay({lr}, gs, 10, 0.96)",
    "exponential_staircase": "tf.train.exponential_decay({lr}, gs, 3, 0.5, staircase=True)",
    "natural_exp": "tf.train.natural_exp_decay({lr}, gs, 10, 0.5)",
    "natural_exp_staircase": "tf.train.natural_exp_decay({lr}, gs, 4, 0.3, staircase=True)",
    "inverse_time": "tf.train.inverse_time_decay({lr}, gs, 10, 0.5)",
    "inverse_time_staircase": "tf.train.inverse_time_decay({lr}, gs, 4, 0.5, staircase=True)",
    "polynomial": "tf.train.polynomial_decay({lr}, gs, 20)",
    "polynomial_power": "tf.train.polynomial_decay({lr}, gs, 20, end_learning_rate=0.01, power=0.5)",
    "polynomial_cycle": "tf.train.polynomial_decay({lr}, gs, 20, end_learning_rate=0.01, power=2.0, cycle=True)",
    "cosine": "tf.train.cosine_decay({lr}, gs, 50)",
    "cosine_alpha": "tf.train.cosine_decay({lr}, gs, 50, alpha=0.1)",
    "cosine_restarts": "tf.train.cosine_decay_restarts({lr}, gs, 8)",
    "cosine_restarts_t1": "tf.train.cosine_decay_restarts({lr}, gs, 8, t_mul=1.0, m_mul=0.5, alpha=0.05)",
    "cosine_restarts_mul": "tf.train.cosine_decay_restarts({lr}, gs, 6, t_mul=3.0, m_mul=0.9, alpha=0.1)",
    "linear_cosine": "tf.train.linear_cosine_decay({lr}, gs, 50)",
    "linear_cosine_args": "tf.train.linear_cosine_decay({lr}, gs, 50, num_periods=2.0, alpha=0.2, beta=0.01)",
    "piecewise": "tf.train.piecewise_constant(gs, [5, 25], [{lr}, 0.05, 0.01])",
    "piecewise_decay_alias": "tf.train.piecewise_constant_decay(gs, [7, 100], [1, 2, 3])",
}
LEARNING_RATES = {"f32": "0.1", "f64": "tf.constant(0.1, tf.float64)"}
STEP_DTYPES = ("int64", "int32")


def case(cid, code, **extra):
    CASES.append({"id": "schedule_" + cid, "code": code.strip("\n"), **extra})


def sweep(schedule):
    return (f"lr_fn = {schedule}\nvalues = []\nfor s in {STEPS}:\n    gs.assign(s)\n"
            "    values.append(lr_fn())\nvalues")


for key, template in SCHEDULES.items():
    for lr_key, lr in LEARNING_RATES.items():
        if key.startswith("piecewise") and lr_key == "f64":
            continue
        for step_dtype in STEP_DTYPES:
            schedule = template.format(lr=lr)
            case(f"{key}_{lr_key}_{step_dtype}", f"gs = tf.Variable(0, dtype=tf.{step_dtype})\n" + sweep(schedule))

case("learning_rate_variable", "gs = tf.Variable(3, dtype=tf.int64)\nlr = tf.Variable(0.5)\n"
     "lr_fn = tf.train.exponential_decay(lr, gs, 2, 0.5)\nfirst = lr_fn()\nlr.assign(0.25)\n(first, lr_fn())")
case("python_int_step", "tf.train.exponential_decay(0.05, 5, 10, 0.96)()")
case("tensor_args", "gs = tf.Variable(30, dtype=tf.int64)\n"
     "tf.train.polynomial_decay(tf.constant(1.0), gs, tf.constant(20), tf.constant(0.1), tf.constant(2.0))()")
case("noisy_linear_cosine_meta", "gs = tf.Variable(5, dtype=tf.int64)\n"
     "tf.train.noisy_linear_cosine_decay(0.1, gs, 50)()", values=False)
case("noisy_linear_cosine_f64_meta", "gs = tf.Variable(5, dtype=tf.int64)\n"
     "tf.train.noisy_linear_cosine_decay(tf.constant(0.1, tf.float64), gs, 50, initial_variance=0.5)()",
     values=False)
case("returns_callable", "gs = tf.Variable(0, dtype=tf.int64)\n"
     "[callable(f) for f in (tf.train.exponential_decay(0.1, gs, 1, 0.5), tf.train.cosine_decay(0.1, gs, 5), "
     "tf.train.piecewise_constant(gs, [1], [0.1, 0.2]))]")
for fn, args in [("exponential_decay", "0.1, None, 10, 0.96"), ("natural_exp_decay", "0.1, None, 10, 0.96"),
                 ("inverse_time_decay", "0.1, None, 10, 0.96"), ("polynomial_decay", "0.1, None, 10"),
                 ("cosine_decay", "0.1, None, 10"), ("cosine_decay_restarts", "0.1, None, 10"),
                 ("linear_cosine_decay", "0.1, None, 10"), ("noisy_linear_cosine_decay", "0.1, None, 10")]:
    case(f"{fn}_no_global_step", f"tf.train.{fn}({args})")
case("piecewise_float_boundaries_int_step", "gs = tf.Variable(0, dtype=tf.int64)\n"
     "tf.train.piecewise_constant(gs, [1.0, 2.0], [0.1, 0.2, 0.3])")
case("piecewise_int64_boundaries_int32_step", "gs = tf.Variable(0, dtype=tf.int32)\n"
     "tf.train.piecewise_constant(gs, [tf.constant(1, tf.int64)], [0.1, 0.2])")
case("piecewise_mixed_values", "gs = tf.Variable(0, dtype=tf.int64)\n"
     "tf.train.piecewise_constant(gs, [1, 2], [0.1, 0.2, 3])")
case("piecewise_bad_length", "gs = tf.Variable(0, dtype=tf.int64)\n"
     "tf.train.piecewise_constant(gs, [1, 2], [0.1, 0.2])")
case("piecewise_no_step", "tf.train.piecewise_constant(None, [1], [0.1, 0.2])")
case("piecewise_float_step", "x = tf.Variable(1.5)\nlr_fn = tf.train.piecewise_constant(x, [1.0, 2.0], [1, 2, 3])\n"
     "values = []\nfor s in [0.5, 1.0, 1.5, 2.0, 2.5]:\n    x.assign(s)\n    values.append(lr_fn())\nvalues")


def main():
    core.write_goldens(OUT, CASES, core.run_case, r"schedule_[a-z0-9_]+",
                       "tensorflow.compat.v1; disable_v2_behavior(); enable_eager_execution(); "
                       "disable_tensor_equality()", "record_schedule_goldens.py")


if __name__ == "__main__":
    main()
