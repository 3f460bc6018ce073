"""Record golden values for tf.train optimizers (issue 10, part 1) from REAL TensorFlow.

Run by hand in the throwaway TensorFlow virtualenv (never a dependency of tfcompat, never run
in CI), from the repository root:

    /tmp/tforacle/bin/python tests/conformance/golden/record_training_goldens.py

It writes tests/conformance/golden/training_goldens.json next to this file.  Case ids start
with ``training_``.  Format and setup: record_core_goldens.py's (whose encoders this recorder
reuses); the optimizers are ``tf.compat.v1.train.*Optimizer`` in eager mode, whose update rules
TF 2.x kept from TF 1.x.  A case applies one or more steps of an optimizer to small variables
(dense float32 and float64 gradients, IndexedSlices gradients with a repeated index,
hyperparameters given as floats, tensors, variables and callables) and records the variables,
the optimizer's variables (names and values, as ``variables()`` lists them), its slot names and
an explicit int64 global step.  Variable names are unique per case, so slot names (``v/Adam``,
``v/Adam_1``) do not depend on the cases before.  A gradient of another dtype than its variable
is not recorded: TF 2.21 aborts the process there (a failed check in tensor.cc), where TF 1.15
raised InvalidArgumentError; tests/test_training.py checks that error.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import record_core_goldens as core  # noqa: E402  (sets up TF 1.x-style eager execution)

OUT = os.path.join(core.HERE, "training_goldens.json")
CASES = []

OPTIMIZERS = {
    "gd": "tf.train.GradientDescentOptimizer({lr})",
    "momentum": "tf.train.MomentumOptimizer({lr}, 0.9)",
    "nesterov": "tf.train.MomentumOptimizer({lr}, 0.9, use_nesterov=True)",
    "adam": "tf.train.AdamOptimizer({lr})",
    "adagrad": "tf.train.AdagradOptimizer({lr})",
    "rmsprop": "tf.train.RMSPropOptimizer({lr})",
    "rmsprop_momentum": "tf.train.RMSPropOptimizer({lr}, decay=0.8, momentum=0.5, epsilon=1e-6)",
    "rmsprop_centered": "tf.train.RMSPropOptimizer({lr}, momentum=0.3, centered=True)",
    "adadelta": "tf.train.AdadeltaOptimizer({lr}, rho=0.9, epsilon=1e-6)",
    "ftrl": "tf.train.FtrlOptimizer({lr})",
    "ftrl_l1_l2": "tf.train.FtrlOptimizer({lr}, l1_regularization_strength=0.001, l2_regularization_strength=0.1)",
    "ftrl_power": "tf.train.FtrlOptimizer({lr}, learning_rate_power=-0.7, initial_accumulator_value=0.2, "
                  "l1_regularization_strength=0.01)",
    "ftrl_shrinkage": "tf.train.FtrlOptimizer({lr}, l2_regularization_strength=0.01, "
                      "l2_shrinkage_regularization_strength=0.1)",
    "proximal_gd": "tf.train.ProximalGradientDescentOptimizer({lr})",
    "proximal_gd_l1_l2": "tf.train.ProximalGradientDescentOptimizer({lr}, l1_regularization_strength=0.05, "
                         "l2_regularization_strength=0.1)",
    "proximal_adagrad": "tf.train.ProximalAdagradOptimizer({lr})",
    "proximal_adagrad_l1_l2": "tf.train.ProximalAdagradOptimizer({lr}, initial_accumulator_value=0.2, "
                              "l1_regularization_strength=0.05, l2_regularization_strength=0.1)",
    "adagrad_da": "tf.train.AdagradDAOptimizer({lr}, gs)",
    "adagrad_da_l1_l2": "tf.train.AdagradDAOptimizer({lr}, gs, initial_gradient_squared_accumulator_value=0.2, "
                        "l1_regularization_strength=0.01, l2_regularization_strength=0.1)",
}
LEARNING_RATES = {"float": "0.1", "tensor": "tf.constant(0.1)", "callable": "lambda: 0.1",
                  "variable": "tf.Variable(0.1)"}
REPORT = ("(v.numpy(), w.numpy(), [(s.name, s.numpy()) for s in opt.variables()], opt.get_slot_names(), "
          "gs.numpy())")


def case(cid, code):
    CASES.append({"id": "training_" + cid, "code": code.strip("\n")})


def dense_case(cid, constructor, steps, dtype):
    case(cid, f"""
v = tf.Variable(np.array([1.0, 2.0], np.{dtype}), name='{cid}_v')
w = tf.Variable(np.array([[0.5, -1.0], [2.0, 0.25]], np.{dtype}), name='{cid}_w')
gs = tf.Variable(0, dtype=tf.int64)
opt = {constructor}
for k in range({steps}):
    gv = tf.constant(np.array([0.1, -0.2], np.{dtype}) * (k + 1))
    gw = tf.constant(np.array([[0.3, 0.05], [-0.4, 1.0]], np.{dtype}) / (k + 1))
    opt.apply_gradients([(gv, v), (gw, w)], global_step=gs)
{REPORT}""")


def sparse_case(cid, constructor, steps):
    case(cid, f"""
v = tf.Variable(np.array([1.0, 2.0], np.float32), name='{cid}_v')
w = tf.Variable(np.array([[0.5, -1.0], [2.0, 0.25], [1.5, 3.0]], np.float32), name='{cid}_w')
gs = tf.Variable(0, dtype=tf.int64)
opt = {constructor}
for k in range({steps}):
    rows = tf.constant(np.array([[0.3, 0.05], [-0.4, 1.0], [0.2, 0.2]], np.float32) / (k + 1))
    gw = tf.IndexedSlices(rows, tf.constant([2, 0, 2]), tf.constant([3, 2]))
    opt.apply_gradients([(tf.constant([0.1, -0.2]), v), (gw, w)], global_step=gs)
{REPORT}""")


for name, template in OPTIMIZERS.items():
    lr = "1.0" if name == "adadelta" else "0.1"
    dense_case(f"{name}_f32_1step", template.format(lr=lr), 1, "float32")
    dense_case(f"{name}_f32_5steps", template.format(lr=lr), 5, "float32")
    dense_case(f"{name}_f64_5steps", template.format(lr=lr), 5, "float64")
    sparse_case(f"{name}_sparse_3steps", template.format(lr=lr), 3)
    for kind, value in LEARNING_RATES.items():
        if kind != "float":
            dense_case(f"{name}_lr_{kind}", template.format(lr=value), 2, "float32")

# --- the Optimizer API ----------------------------------------------------------------------------
V = "v = tf.Variable([1.0, 2.0], name='{cid}_v')\n"
for cid, body in [
    ("minimize_callable", "opt = tf.train.GradientDescentOptimizer(0.5)\ngs = tf.Variable(0, dtype=tf.int64)\n"
                          "opt.minimize(lambda: tf.reduce_sum(v * v), global_step=gs)\n(v.numpy(), gs.numpy())"),
    ("minimize_returns", "tf.train.GradientDescentOptimizer(0.5).minimize(lambda: tf.reduce_sum(v * v))"),
    ("minimize_var_list", "u = tf.Variable(3.0)\nopt = tf.train.AdamOptimizer(0.5)\n"
                          "opt.minimize(lambda: tf.reduce_sum(v * v) * u, var_list=[u])\n"
                          "(v.numpy(), u.numpy(), [s.name for s in opt.variables()])"),
    ("minimize_tensor_loss", "tf.train.GradientDescentOptimizer(0.5).minimize(tf.reduce_sum(v * v))"),
    ("compute_gradients", "tf.train.GradientDescentOptimizer(0.5).compute_gradients(lambda: tf.reduce_sum(v * v))"),
    ("compute_gradients_var_list", "u = tf.Variable(3.0)\n"
                                   "tf.train.GradientDescentOptimizer(0.5).compute_gradients(lambda: v * 2.0, [u, v])"),
    ("compute_gradients_tensor_loss", "tf.train.AdamOptimizer().compute_gradients(v * 2.0)"),
    ("apply_skips_none", "u = tf.Variable(3.0)\nopt = tf.train.MomentumOptimizer(0.1, 0.9)\n"
                         "opt.apply_gradients([(None, u), (tf.constant([1.0, 1.0]), v)])\n"
                         "(u.numpy(), v.numpy(), opt.get_slot(u, 'momentum'), opt.get_slot(v, 'momentum'))"),
    ("apply_all_none", "tf.train.GradientDescentOptimizer(0.1).apply_gradients([(None, v)])"),
    ("apply_empty", "tf.train.GradientDescentOptimizer(0.1).apply_gradients([])"),
    ("apply_returns", "tf.train.AdamOptimizer(0.1).apply_gradients([(tf.constant([1.0, 1.0]), v)])"),
    ("apply_numpy_gradient", "tf.train.GradientDescentOptimizer(0.1).apply_gradients([(np.array([1.0, 1.0], "
                             "np.float32), v)])\nv.numpy()"),
    ("apply_list_gradient", "tf.train.GradientDescentOptimizer(0.1).apply_gradients([([1.0, 3.0], v)])\nv.numpy()"),
    ("apply_shape_mismatch", "tf.train.GradientDescentOptimizer(0.1).apply_gradients([(tf.constant([1.0]), v)])"),
    ("apply_global_step_twice", "gs = tf.Variable(7, dtype=tf.int64)\nopt = tf.train.GradientDescentOptimizer(0.1)\n"
                                "opt.apply_gradients([(tf.constant([1.0, 1.0]), v)], global_step=gs)\n"
                                "opt.apply_gradients([(tf.constant([1.0, 1.0]), v)], global_step=gs)\ngs.numpy()"),
    ("apply_int32_global_step", "gs = tf.Variable(0)\nopt = tf.train.GradientDescentOptimizer(0.1)\n"
                                "opt.apply_gradients([(tf.constant([1.0, 1.0]), v)], global_step=gs)\ngs"),
    ("slot_names_adam", "opt = tf.train.AdamOptimizer()\nopt.apply_gradients([(tf.constant([1.0, 1.0]), v)])\n"
                        "(opt.get_slot_names(), opt.get_slot(v, 'm').name, opt.get_slot(v, 'v').name, "
                        "opt.get_slot(v, 'x'), opt.get_name())"),
    ("slot_names_before_apply", "opt = tf.train.AdamOptimizer()\n(opt.get_slot_names(), opt.get_slot(v, 'm'), "
                                "opt.variables())"),
    ("slot_names_two_optimizers", "a = tf.train.AdamOptimizer()\nb = tf.train.AdamOptimizer()\n"
                                  "a.apply_gradients([(tf.constant([1.0, 1.0]), v)])\n"
                                  "b.apply_gradients([(tf.constant([1.0, 1.0]), v)])\n"
                                  "[s.name for s in a.variables() + b.variables()]"),
    ("slot_names_rmsprop_centered", "opt = tf.train.RMSPropOptimizer(0.1, centered=True)\n"
                                    "opt.apply_gradients([(tf.constant([1.0, 1.0]), v)])\n"
                                    "[(n, opt.get_slot(v, n).name) for n in opt.get_slot_names()]"),
    ("slot_values_rmsprop_fresh", "opt = tf.train.RMSPropOptimizer(0.0)\n"
                                  "opt.apply_gradients([(tf.constant([0.0, 0.0]), v)])\nopt.get_slot(v, 'rms')"),
    ("slot_values_adagrad_fresh", "opt = tf.train.AdagradOptimizer(0.0, initial_accumulator_value=0.25)\n"
                                  "opt.apply_gradients([(tf.constant([0.0, 0.0]), v)])\nopt.get_slot(v, 'accumulator')"),
    ("adagrad_bad_initial", "tf.train.AdagradOptimizer(0.1, initial_accumulator_value=0.0)"),
    ("adam_beta_powers", "opt = tf.train.AdamOptimizer(0.1, beta1=0.5, beta2=0.25)\n"
                         "for _ in range(3):\n    opt.apply_gradients([(tf.constant([1.0, 1.0]), v)])\n"
                         "[(s.name, s.dtype.name, s.numpy()) for s in opt.variables()]"),
    ("adam_f64_beta_powers", "u = tf.Variable(np.array([1.0], np.float64), name='training_adam_f64_u')\n"
                             "opt = tf.train.AdamOptimizer(0.1)\nopt.apply_gradients([(tf.constant([1.0], tf.float64), u)])\n"
                             "[(s.name, s.dtype.name) for s in opt.variables()]"),
    ("optimizer_no_name", "tf.train.Optimizer(False, '')"),
    ("ftrl_slot_names", "opt = tf.train.FtrlOptimizer(0.1, accum_name='acc', linear_name='lin')\n"
                        "opt.apply_gradients([(tf.constant([1.0, 1.0]), v)])\n"
                        "[(n, opt.get_slot(v, n).name) for n in opt.get_slot_names()]"),
    ("ftrl_bad_power", "tf.train.FtrlOptimizer(0.1, learning_rate_power=0.5)"),
    ("ftrl_bad_l1", "tf.train.FtrlOptimizer(0.1, l1_regularization_strength=-1.0)"),
    ("ftrl_bad_accumulator", "tf.train.FtrlOptimizer(0.1, initial_accumulator_value=-0.5)"),
    ("adagrad_da_no_global_step", "opt = tf.train.AdagradDAOptimizer(0.1, None)\n"
                                  "opt.apply_gradients([(tf.constant([1.0, 1.0]), v)])"),
    ("adagrad_da_bad_initial", "tf.train.AdagradDAOptimizer(0.1, tf.Variable(0, dtype=tf.int64), "
                               "initial_gradient_squared_accumulator_value=0.0)"),
    ("adagrad_da_slot_names", "gs = tf.Variable(3, dtype=tf.int64)\nopt = tf.train.AdagradDAOptimizer(0.1, gs)\n"
                              "opt.apply_gradients([(tf.constant([1.0, 1.0]), v)], global_step=gs)\n"
                              "([(n, opt.get_slot(v, n).name) for n in opt.get_slot_names()], v.numpy(), gs.numpy())"),
    ("adagrad_da_int32_step", "gs = tf.Variable(4)\nopt = tf.train.AdagradDAOptimizer(0.1, gs)\n"
                              "opt.apply_gradients([(tf.constant([1.0, 1.0]), v)])\nv.numpy()"),
    ("proximal_adagrad_bad_initial", "tf.train.ProximalAdagradOptimizer(0.1, initial_accumulator_value=0.0)"),
    ("proximal_adagrad_slot_names", "opt = tf.train.ProximalAdagradOptimizer(0.1)\n"
                                    "opt.apply_gradients([(tf.constant([1.0, 1.0]), v)])\n"
                                    "[(n, opt.get_slot(v, n).name) for n in opt.get_slot_names()]"),
    ("proximal_gd_shape_mismatch", "tf.train.ProximalGradientDescentOptimizer(0.1).apply_gradients("
                                   "[(tf.constant([1.0]), v)])"),
    ("global_step_function", "tf.train.global_step(None, tf.Variable(5, dtype=tf.int64))"),
    ("assert_global_step_float", "tf.train.assert_global_step(tf.Variable(1.0))"),
    ("assert_global_step_vector", "tf.train.assert_global_step(tf.Variable([1, 2]))"),
    ("assert_global_step_ok", "tf.train.assert_global_step(tf.Variable(1))"),
]:
    case(cid, V.format(cid="training_" + cid) + body)


def main():
    core.write_goldens(OUT, CASES, core.run_case, r"training_[a-z0-9_]+",
                       "tensorflow.compat.v1; disable_v2_behavior(); enable_eager_execution(); "
                       "disable_tensor_equality()", "record_training_goldens.py")


if __name__ == "__main__":
    main()
