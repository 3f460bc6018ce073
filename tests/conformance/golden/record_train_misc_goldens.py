"""Record golden values for tf.train.ExponentialMovingAverage (issue 10, training utilities) from REAL
TensorFlow.

Run by hand in the throwaway TensorFlow virtualenv (never a dependency of tfcompat, never run in CI),
from the repository root:

    /work/tforacle/bin/python tests/conformance/golden/record_train_misc_goldens.py

It writes train_misc_goldens.json next to this file; case ids start with ``trainmisc_``.  Format and
setup: record_core_goldens.py's.  A case applies a moving average for several steps to small float32 /
float64 variables (decay as a float, a tensor and a variable; ``num_updates`` as a variable that grows;
``zero_debias``) and records the shadows' names, trainability and values, ``average_name`` before and
after ``apply`` and ``variables_to_restore``, and TF's errors.  Variable names are unique per case, so
shadow names (``v/ExponentialMovingAverage``, ``..._1``) do not depend on the cases before.
``variables_to_restore()`` without arguments is not recorded: TF's default is the process's
MOVING_AVERAGE_VARIABLES collection (every case's variables); tests/test_train_misc.py checks tfcompat's.
TF 1.15 vs 2.21: 1.15's ``average_name`` read ``Variable.op``, which raises under eager execution;
2.21 (and tfcompat) give the name.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import record_core_goldens as core  # noqa: E402  (sets up TF 1.x-style eager execution)

OUT = os.path.join(core.HERE, "train_misc_goldens.json")
CASES = []
EMA = "tf.train.ExponentialMovingAverage"


def case(cid, code):
    CASES.append({"id": "trainmisc_" + cid, "code": code.strip("\n")})


def steps_case(cid, constructor, steps, dtype="float32"):
    case(cid, f"""
v = tf.Variable(np.array([1.0, -2.0], np.{dtype}), name='{cid}_v')
w = tf.Variable(np.array([[0.5, 4.0], [2.0, 0.25]], np.{dtype}), name='{cid}_w')
step = tf.Variable(0, name='{cid}_step')
ema = {constructor}
trajectory = []
for k in range({steps}):
    ema.apply([v, w])
    trajectory.append((ema.average(v).numpy(), ema.average(w).numpy()))
    v.assign_add(np.array([1.5, 0.5], np.{dtype}) * (k + 1))
    w.assign(w * 0.5 + 1.0)
    step.assign_add(1)
(trajectory, ema.average(v).name, ema.average(w).name, ema.average(v).trainable, ema.average(w).dtype.name)""")


for cid, constructor in [
    ("decay_float", f"{EMA}(0.9)"),
    ("decay_tensor", f"{EMA}(tf.constant(0.75))"),
    ("decay_variable", f"{EMA}(tf.Variable(0.5))"),
    ("num_updates", f"{EMA}(0.999, num_updates=step)"),
    ("num_updates_int", f"{EMA}(0.99, num_updates=3)"),
    ("num_updates_small_decay", f"{EMA}(0.05, num_updates=step)"),
    ("zero_debias", f"{EMA}(0.9, zero_debias=True)"),
    ("zero_debias_num_updates", f"{EMA}(0.95, num_updates=step, zero_debias=True)"),
    ("named", f"{EMA}(0.8, name='Avg')"),
]:
    steps_case(cid, constructor, 4)
    steps_case(cid + "_f64", constructor, 3, "float64")

V = "v = tf.Variable([1.0, 2.0], name='{cid}_v')\n"
for cid, body in [
    ("average_name_before", f"ema = {EMA}(0.9)\nema.average_name(v)"),
    ("average_name_after", f"ema = {EMA}(0.9, name='Shadow')\nema.apply([v])\n(ema.average_name(v), ema.average(v).name)"),
    ("average_missing", f"ema = {EMA}(0.9)\nema.average(v)"),
    ("two_averages_same_var", f"a = {EMA}(0.9)\nb = {EMA}(0.5)\na.apply([v])\nb.apply([v])\n"
                              "(a.average(v).name, b.average(v).name, b.average_name(v))"),
    ("apply_twice_list", f"ema = {EMA}(0.5)\nema.apply([v])\nv.assign([3.0, 4.0])\nema.apply([v, v])\n"
                         "ema.average(v).numpy()"),
    ("apply_returns", f"{EMA}(0.9).apply([v])"),
    ("apply_none", f"{EMA}(0.9).apply()"),
    ("apply_empty", f"{EMA}(0.9).apply([])"),
    ("apply_tensor", f"{EMA}(0.9).apply([tf.constant(1.0)])"),
    ("apply_int_variable", f"{EMA}(0.9).apply([tf.Variable(1, name='trainmisc_int')])"),
    ("apply_half_variable", f"ema = {EMA}(0.5)\nh = tf.Variable(np.array([1.0, 3.0], np.float16), name='trainmisc_half')\n"
                            "ema.apply([h])\nh.assign(np.array([2.0, 2.0], np.float16))\nema.apply([h])\n"
                            "(ema.average(h).numpy(), ema.average(h).name)"),
    ("shadow_initial_value", f"ema = {EMA}(0.9)\nema.apply([v])\nema.average(v)"),
    ("variables_to_restore_list", f"u = tf.Variable(3.0, name='trainmisc_vtrl_u')\nema = {EMA}(0.9)\nema.apply([v])\n"
                                  "sorted((k, x.name) for k, x in ema.variables_to_restore([v, u]).items())"),
    ("name_property", f"{EMA}(0.9, name='Foo').name"),
    ("shadow_not_trainable", f"ema = {EMA}(0.9)\nema.apply([v])\n(ema.average(v).trainable, "
                             "len(tf.trainable_variables()))"),
]:
    case(cid, V.format(cid="trainmisc_" + cid) + body)


def main():
    core.write_goldens(OUT, CASES, core.run_case, r"trainmisc_[a-z0-9_]+",
                       "tensorflow.compat.v1; disable_v2_behavior(); enable_eager_execution(); "
                       "disable_tensor_equality()", "record_train_misc_goldens.py")


if __name__ == "__main__":
    main()
