"""Record golden values for tf.keras.optimizers.schedules from REAL TensorFlow's v1 Keras.

Run by hand in the throwaway TensorFlow virtualenv with tf-keras (never a dependency of
tfcompat, never run in CI), from the repository root:

    PYTHONHASHSEED=0 /work/tforacle/bin/python tests/conformance/golden/record_keras_schedules_goldens.py

It sets ``TF_USE_LEGACY_KERAS=1``, so ``tf.keras.optimizers.schedules`` are tf_keras's classes
(TF 1.15's learning_rate_schedule.py's descendants), and writes keras_schedules_goldens.json
next to this file; case ids start with ``ksched_``.  Format and setup: record_core_goldens.py's.
A case evaluates a schedule at a sweep of Python-int, int32/int64 and float32 steps, float32 and
float64 initial learning rates; configs, serialize / deserialize round trips, and a few steps of
Keras SGD / Adam (and SGD with ``decay``) whose learning rate is a schedule: the variable, the
optimizer's weights and its config after each run (TF's ``_decayed_lr``: the schedule at
``iterations``).  TF 1.15 vs tf_keras: 1.15's CosineDecay lived in tf.keras.experimental without
the warmup arguments.  Both refuse ``lr=<schedule>`` (the ``kwargs[k] < 0`` check raises
TypeError): a schedule goes in as ``learning_rate``.  Only the config's learning rate is recorded
after steps: 1.15 serialized ``decay`` from its variable (a NumPy float32), tf_keras as a float.
"""
import os
import sys

os.environ["TF_USE_LEGACY_KERAS"] = "1"
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import record_core_goldens as core  # noqa: E402  (sets up TF 1.x-style eager execution)

OUT = os.path.join(core.HERE, "keras_schedules_goldens.json")
CASES = []
S = "tf.keras.optimizers.schedules."
STEPS = "[0, 1, 3, 7, 10, 25, 100]"

SCHEDULES = {
    "exponential": "ExponentialDecay({lr}, 10, 0.96)",
    "exponential_staircase": "ExponentialDecay({lr}, 3, 0.5, staircase=True)",
    "inverse_time": "InverseTimeDecay({lr}, 10, 0.5)",
    "inverse_time_staircase": "InverseTimeDecay({lr}, 4, 0.5, staircase=True)",
    "polynomial": "PolynomialDecay({lr}, 20)",
    "polynomial_power": "PolynomialDecay({lr}, 20, end_learning_rate=0.01, power=0.5)",
    "polynomial_cycle": "PolynomialDecay({lr}, 20, end_learning_rate=0.01, power=2.0, cycle=True)",
    "cosine": "CosineDecay({lr}, 50)",
    "cosine_alpha": "CosineDecay({lr}, 50, alpha=0.1)",
    "cosine_warmup": "CosineDecay({lr}, 50, alpha=0.1, warmup_target=0.5, warmup_steps=5)",
    "cosine_restarts": "CosineDecayRestarts({lr}, 8)",
    "cosine_restarts_mul": "CosineDecayRestarts({lr}, 6, t_mul=3.0, m_mul=0.9, alpha=0.1)",
    "piecewise": "PiecewiseConstantDecay([5, 25], [{lr}, 0.05, 0.01])",
}
LEARNING_RATES = {"f32": "0.1", "f64": "tf.constant(0.1, tf.float64)"}
STEP_KINDS = {"int": "s", "int64": "tf.constant(s, tf.int64)", "int32": "tf.constant(s, tf.int32)",
              "float32": "tf.constant(float(s))"}
FLOAT32_ONLY = ("cosine", "piecewise")  # TF's pi is float32; piecewise's values must share one dtype


def case(cid, code):
    CASES.append({"id": "ksched_" + cid, "code": code.strip("\n")})


for key, template in SCHEDULES.items():
    for lr_key, lr in LEARNING_RATES.items():
        if lr_key == "f64" and key.startswith(FLOAT32_ONLY):
            continue
        for step_key, step in STEP_KINDS.items():
            case(f"{key}_{lr_key}_{step_key}",
                 f"schedule = {S}{template.format(lr=lr)}\n[schedule({step}) for s in {STEPS}]")
    if "f64" not in template:
        config = f"{S}{template.format(lr='0.1')}.get_config()"
        case(f"{key}_config", config)
        case(f"{key}_roundtrip", f"schedule = {S}deserialize({S}serialize({S}{template.format(lr='0.1')}))\n"
                                 f"(type(schedule).__name__, schedule.get_config(), schedule(7))")

for cid, body in [
    ("serialize", f"{S}serialize({S}ExponentialDecay(0.1, 10, 0.96, name='e'))"),
    ("deserialize_unknown", f"{S}deserialize({{'class_name': 'Nope', 'config': {{}}}})"),
    ("piecewise_lengths", f"{S}PiecewiseConstantDecay([1, 2], [0.1, 0.2])"),
    ("piecewise_value_dtypes", f"{S}PiecewiseConstantDecay([1], [0.1, tf.constant(0.2, tf.float64)])(0)"),
    ("base_call", f"{S}LearningRateSchedule()(0)"),
    ("base_config", f"{S}LearningRateSchedule().get_config()"),
]:
    case(cid, body)

OPTIMIZERS = {
    "sgd_exponential": "tf.keras.optimizers.SGD({S}ExponentialDecay(0.1, 2, 0.5))",
    "sgd_momentum_staircase": "tf.keras.optimizers.SGD({S}ExponentialDecay(0.2, 2, 0.5, staircase=True), momentum=0.9)",
    "sgd_lr_kwarg": "tf.keras.optimizers.SGD(lr={S}InverseTimeDecay(0.1, 1, 0.5))",
    "sgd_decay": "tf.keras.optimizers.SGD({S}ExponentialDecay(0.1, 2, 0.5), decay=0.5)",
    "adam_exponential": "tf.keras.optimizers.Adam({S}ExponentialDecay(0.01, 3, 0.9))",
    "adam_piecewise": "tf.keras.optimizers.Adam({S}PiecewiseConstantDecay([1, 3], [0.1, 0.01, 0.001]))",
    "rmsprop_polynomial": "tf.keras.optimizers.RMSprop({S}PolynomialDecay(0.1, 4, end_learning_rate=0.01))",
}
for cid, constructor in OPTIMIZERS.items():
    case(f"opt_{cid}", f"""
tf.keras.backend.clear_session()
v = tf.Variable(np.array([1.0, 2.0], np.float32), name='v')
opt = {constructor.format(S=S)}
trajectory = []
for k in range(5):
    opt.apply_gradients([(tf.constant(np.array([0.1, -0.2], np.float32) * (k + 1)), v)])
    trajectory.append(v.numpy())
(trajectory, opt.iterations.numpy(), opt.get_config()['learning_rate'])""")
case("opt_from_config", f"""
opt = tf.keras.optimizers.Adam({S}ExponentialDecay(0.01, 3, 0.9))
again = tf.keras.optimizers.Adam.from_config(opt.get_config())
(type(again.learning_rate).__name__, again.get_config()['learning_rate'])""")


def main():
    core.write_goldens(OUT, CASES, core.run_case, r"ksched_[A-Za-z0-9_]+",
                       "tensorflow.compat.v1 with TF_USE_LEGACY_KERAS=1 (tf_keras v1 Keras); "
                       "disable_v2_behavior(); enable_eager_execution(); disable_tensor_equality()",
                       "record_keras_schedules_goldens.py")


if __name__ == "__main__":
    main()
