"""Record golden values for tf.keras.optimizers (issue 10, part 3) from REAL TensorFlow's v1 Keras.

Run by hand in the throwaway TensorFlow virtualenv with tf-keras (never a dependency of
tfcompat, never run in CI), from the repository root:

    PYTHONHASHSEED=0 /tmp/tforacle/bin/python tests/conformance/golden/record_keras_optimizers_goldens.py

It sets ``TF_USE_LEGACY_KERAS=1``, so ``tf.keras.optimizers`` are tf_keras's OptimizerV2 classes
(``tf_keras.optimizers.legacy``, the TF 1.15 classes' direct descendants), in eager mode, and writes
keras_optimizers_goldens.json next to this file; case ids start with ``kopt_``.  Format and setup:
record_training_goldens.py's: one and five steps of every optimizer on dense float32 and float64
gradients, three steps with an IndexedSlices gradient (a repeated index), hyperparameters as
floats, tensors and callables, ``decay``, ``clipnorm`` / ``clipvalue`` through ``minimize``,
the optimizer's weights (names and values), configs, ``get`` by name and TF's errors.
"""
import os
import sys

os.environ["TF_USE_LEGACY_KERAS"] = "1"
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import record_core_goldens as core  # noqa: E402  (sets up TF 1.x-style eager execution)

OUT = os.path.join(core.HERE, "keras_optimizers_goldens.json")
CASES = []

OPTIMIZERS = {
    "sgd": "tf.keras.optimizers.SGD({lr})",
    "sgd_momentum": "tf.keras.optimizers.SGD({lr}, momentum=0.9)",
    "sgd_nesterov": "tf.keras.optimizers.SGD({lr}, momentum=0.5, nesterov=True)",
    "adam": "tf.keras.optimizers.Adam({lr})",
    "adam_amsgrad": "tf.keras.optimizers.Adam({lr}, beta_1=0.8, amsgrad=True)",
    "rmsprop": "tf.keras.optimizers.RMSprop({lr})",
    "rmsprop_centered": "tf.keras.optimizers.RMSprop({lr}, rho=0.8, centered=True)",
    "rmsprop_momentum": "tf.keras.optimizers.RMSprop({lr}, momentum=0.5)",
    "rmsprop_momentum_centered": "tf.keras.optimizers.RMSprop({lr}, momentum=0.3, centered=True, epsilon=1e-5)",
    "adagrad": "tf.keras.optimizers.Adagrad({lr})",
    "adadelta": "tf.keras.optimizers.Adadelta({lr}, rho=0.9)",
    "adamax": "tf.keras.optimizers.Adamax({lr})",
    "nadam": "tf.keras.optimizers.Nadam({lr})",
    "ftrl": "tf.keras.optimizers.Ftrl({lr})",
    "ftrl_l1_l2": "tf.keras.optimizers.Ftrl({lr}, l1_regularization_strength=0.001, l2_regularization_strength=0.1)",
    "sgd_decay": "tf.keras.optimizers.SGD({lr}, decay=0.5)",
    "adam_decay": "tf.keras.optimizers.Adam({lr}, decay=0.1)",
    "sgd_lr_alias": "tf.keras.optimizers.SGD(lr={lr})",
}
LEARNING_RATES = {"tensor": "tf.constant(0.1)", "callable": "lambda: 0.1"}
REPORT = "(v.numpy(), w.numpy(), [(s.name, s.numpy()) for s in opt.variables()], opt.iterations.numpy())"


def case(cid, code):
    CASES.append({"id": "kopt_" + cid, "code": code.strip("\n")})


def dense_case(cid, constructor, steps, dtype):
    case(cid, f"""
tf.keras.backend.clear_session()
v = tf.Variable(np.array([1.0, 2.0], np.{dtype}), name='v')
w = tf.Variable(np.array([[0.5, -1.0], [2.0, 0.25]], np.{dtype}), name='w')
opt = {constructor}
for k in range({steps}):
    gv = tf.constant(np.array([0.1, -0.2], np.{dtype}) * (k + 1))
    gw = tf.constant(np.array([[0.3, 0.05], [-0.4, 1.0]], np.{dtype}) / (k + 1))
    opt.apply_gradients([(gv, v), (gw, w)])
{REPORT}""")


def sparse_case(cid, constructor, steps):
    case(cid, f"""
tf.keras.backend.clear_session()
v = tf.Variable(np.array([1.0, 2.0], np.float32), name='v')
w = tf.Variable(np.array([[0.5, -1.0], [2.0, 0.25], [1.5, 3.0]], np.float32), name='w')
opt = {constructor}
for k in range({steps}):
    rows = tf.constant(np.array([[0.3, 0.05], [-0.4, 1.0], [0.2, 0.2]], np.float32) / (k + 1))
    gw = tf.IndexedSlices(rows, tf.constant([2, 0, 2]), tf.constant([3, 2]))
    opt.apply_gradients([(tf.constant([0.1, -0.2]), v), (gw, w)])
{REPORT}""")


for name, template in OPTIMIZERS.items():
    lr = "1.0" if name == "adadelta" else "0.1"
    dense_case(f"{name}_f32_1step", template.format(lr=lr), 1, "float32")
    dense_case(f"{name}_f32_5steps", template.format(lr=lr), 5, "float32")
    dense_case(f"{name}_f64_5steps", template.format(lr=lr), 5, "float64")
    sparse_case(f"{name}_sparse_3steps", template.format(lr=lr), 3)
    if name in ("sgd", "sgd_momentum", "adam", "rmsprop", "adagrad", "nadam"):
        for kind, value in LEARNING_RATES.items():
            dense_case(f"{name}_lr_{kind}", template.format(lr=value), 2, "float32")

V = "tf.keras.backend.clear_session()\nv = tf.Variable([1.0, 2.0], name='v')\n"
for cid, body in [
    ("minimize", "opt = tf.keras.optimizers.SGD(0.5)\nopt.minimize(lambda: tf.reduce_sum(v * v), [v])\n"
                 "(v.numpy(), opt.iterations.numpy())"),
    ("minimize_clipnorm", "opt = tf.keras.optimizers.SGD(1.0, clipnorm=0.5)\n"
                          "opt.minimize(lambda: tf.reduce_sum(v * v), [v])\nv.numpy()"),
    ("minimize_clipvalue", "opt = tf.keras.optimizers.SGD(1.0, clipvalue=1.5)\n"
                           "opt.minimize(lambda: tf.reduce_sum(v * v), [v])\nv.numpy()"),
    ("apply_does_not_clip", "opt = tf.keras.optimizers.SGD(1.0, clipvalue=0.1)\n"
                            "opt.apply_gradients([(tf.constant([1.0, 1.0]), v)])\nv.numpy()"),
    ("minimize_callable_var_list", "opt = tf.keras.optimizers.Adam(0.1)\n"
                                   "opt.minimize(lambda: tf.reduce_sum(v * v), lambda: [v])\nv.numpy()"),
    ("apply_skips_none", "u = tf.Variable(3.0, name='u')\nopt = tf.keras.optimizers.SGD(0.1, momentum=0.9)\n"
                         "opt.apply_gradients([(None, u), (tf.constant([1.0, 1.0]), v)])\n"
                         "(u.numpy(), v.numpy(), [s.name for s in opt.variables()])"),
    ("apply_all_none", "tf.keras.optimizers.SGD(0.1).apply_gradients([(None, v)])"),
    ("lr_attribute", "opt = tf.keras.optimizers.Adam(0.25)\n(opt.lr.numpy(), opt.learning_rate.numpy())"),
    ("lr_set", "opt = tf.keras.optimizers.SGD(0.25)\nopt.lr = 0.5\nopt.apply_gradients([(tf.constant([1.0, 1.0]), v)])\n"
               "(v.numpy(), opt.learning_rate.numpy())"),
    ("lr_set_value", "opt = tf.keras.optimizers.SGD(0.25)\ntf.keras.backend.set_value(opt.lr, 0.125)\n"
                     "opt.apply_gradients([(tf.constant([1.0, 1.0]), v)])\nv.numpy()"),
    ("iterations_before", "opt = tf.keras.optimizers.SGD(0.25)\n(opt.iterations.numpy(), opt.iterations.dtype.name)"),
    ("weights_before", "opt = tf.keras.optimizers.Adam()\n[s.name for s in opt.weights]"),
    ("slot_names", "opt = tf.keras.optimizers.RMSprop(momentum=0.5, centered=True)\n"
                   "opt.apply_gradients([(tf.constant([1.0, 1.0]), v)])\n"
                   "(opt.get_slot_names(), opt.get_slot(v, 'rms').name)"),
    ("get_slot_missing", "opt = tf.keras.optimizers.Adam()\nopt.apply_gradients([(tf.constant([1.0, 1.0]), v)])\n"
                         "opt.get_slot(v, 'nope')"),
    ("get_weights", "opt = tf.keras.optimizers.SGD(0.5, momentum=0.5)\n"
                    "opt.apply_gradients([(tf.constant([1.0, 1.0]), v)])\nopt.get_weights()"),
    ("name_default", "tf.keras.optimizers.Adam().get_config()['name']"),
    ("bad_kwarg", "tf.keras.optimizers.Adam(foo=1)"),
    ("negative_decay", "tf.keras.optimizers.Adam(decay=-1.0)"),
    ("negative_clipnorm", "tf.keras.optimizers.SGD(clipnorm=-1.0)"),
    ("bad_momentum", "tf.keras.optimizers.SGD(momentum=1.5)"),
    ("adagrad_negative_accumulator", "tf.keras.optimizers.Adagrad(initial_accumulator_value=-0.1)"),
    ("ftrl_bad_power", "tf.keras.optimizers.Ftrl(learning_rate_power=0.5)"),
    ("from_config_lr", "opt = tf.keras.optimizers.SGD.from_config({'lr': 0.3, 'name': 'SGD'})\n"
                       "opt.get_config()['learning_rate']"),
    ("get_instance", "opt = tf.keras.optimizers.Adam()\ntf.keras.optimizers.get(opt) is opt"),
    ("get_bad", "tf.keras.optimizers.get(3)"),
    ("get_unknown", "tf.keras.optimizers.get('nope')"),
    ("deserialize_dict", "opt = tf.keras.optimizers.deserialize({'class_name': 'Adam', 'config': "
                         "{'learning_rate': 0.5}})\n(type(opt).__name__, float(opt.learning_rate.numpy()))"),
]:
    case(cid, V + body)
for cls in ("SGD", "Adam", "RMSprop", "Adagrad", "Adadelta", "Adamax", "Nadam", "Ftrl"):
    case(f"config_{cls}", f"tf.keras.optimizers.{cls}().get_config()")
    case(f"config_{cls}_options", f"tf.keras.optimizers.{cls}(learning_rate=0.5, clipnorm=1.0, decay=0.01)"
         ".get_config()")
for name in ("sgd", "adam", "rmsprop", "Adam", "SGD"):
    case(f"get_{name}", f"opt = tf.keras.optimizers.get('{name}')\n(type(opt).__name__, opt.get_config())")


def main():
    core.write_goldens(OUT, CASES, core.run_case, r"kopt_[A-Za-z0-9_]+",
                       "tensorflow.compat.v1 with TF_USE_LEGACY_KERAS=1 (tf_keras v1 Keras); "
                       "disable_v2_behavior(); enable_eager_execution(); disable_tensor_equality()",
                       "record_keras_optimizers_goldens.py")


if __name__ == "__main__":
    main()
