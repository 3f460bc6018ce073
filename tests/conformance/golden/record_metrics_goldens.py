"""Record golden values for tf.keras.metrics and tf.confusion_matrix (issue 10, part 5) from REAL TensorFlow.

Run by hand in the throwaway TensorFlow virtualenv with tf-keras (never a dependency of tfcompat,
never run in CI), from the repository root:

    PYTHONHASHSEED=0 /tmp/tforacle/bin/python tests/conformance/golden/record_metrics_goldens.py

It writes tests/conformance/golden/metrics_goldens.json next to this file.  Case ids start with
``metrics_``.  Setup, case and outcome format: record_keras_goldens.py's (tf_keras's v1 Keras under
``TF_USE_LEGACY_KERAS=1``, eager, every case starting with ``clear_session()``), whose case runner
this recorder reuses.  A case updates a metric with fixed inputs (several batches, with and without
``sample_weight``) and records ``result()``, the metric's variables (names and values) or the error.
tfe.metrics (tf.contrib.eager) no longer exists in TF 2.x: the seed programs and
tests/ported/test_metrics_test.py check it.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import record_keras_goldens as keras_recorder  # noqa: E402  (sets TF_USE_LEGACY_KERAS=1 and TF 1.x eager)

core = keras_recorder.core
OUT = os.path.join(core.HERE, "metrics_goldens.json")
CASES = []
CLEAR = "tf.keras.backend.clear_session()\n"


def case(cid, code):
    CASES.append({"id": "metrics_" + cid, "code": CLEAR + code.strip("\n")})


Y_BIN = "[[1.0], [0.0], [1.0], [1.0], [0.0]]"
P_BIN = "[[0.9], [0.6], [0.4], [0.75], [0.1]]"
W5 = "[1.0, 0.5, 2.0, 0.0, 1.5]"
Y_ONEHOT = "[[0.0, 1.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 1.0], [0.0, 1.0, 0.0]]"
Y_SPARSE = "[[1], [0], [2], [1]]"
P3 = "[[0.1, 0.6, 0.3], [0.5, 0.3, 0.2], [0.4, 0.35, 0.25], [0.2, 0.3, 0.5]]"
W4 = "[1.0, 2.0, 0.5, 3.0]"

# --- the metric functions -------------------------------------------------------------------------
for name, args in [
    ("binary_accuracy", f"{Y_BIN}, {P_BIN}"),
    ("binary_accuracy", f"{Y_BIN}, {P_BIN}, threshold=0.7"),
    ("binary_accuracy", "[1.0, 0.0, 1.0], [0.8, 0.2, 0.1]"),
    ("categorical_accuracy", f"{Y_ONEHOT}, {P3}"),
    ("sparse_categorical_accuracy", f"{Y_SPARSE}, {P3}"),
    ("sparse_categorical_accuracy", f"tf.constant([1, 0, 2, 1]), {P3}"),
    ("sparse_categorical_accuracy", f"tf.constant([1.0, 0.0, 2.0, 1.0]), {P3}"),
    ("top_k_categorical_accuracy", f"{Y_ONEHOT}, {P3}, k=1"),
    ("top_k_categorical_accuracy", f"{Y_ONEHOT}, {P3}, k=2"),
    ("sparse_top_k_categorical_accuracy", f"tf.constant({Y_SPARSE}), {P3}, k=2"),
    ("sparse_top_k_categorical_accuracy", f"tf.constant([1, 0, 2, 1]), {P3}, k=1"),
]:
    suffix = args.split("k=")[-1] if "k=" in args else ("t" if "threshold" in args else "")
    case(f"fn_{name}_{len([c for c in CASES if name in c['id']])}{suffix}",
         f"tf.keras.metrics.{name}({args})")

# --- Reduce metrics -------------------------------------------------------------------------------
REPORT = "(m.result(), [(v.name, v.numpy()) for v in m.variables])"
for cid, body in [
    ("mean", "m = tf.keras.metrics.Mean()\nm([1.0, 3.0, 5.0, 7.0])\nm(2.0)"),
    ("mean_weighted", "m = tf.keras.metrics.Mean(name='my_mean')\nm([1.0, 3.0, 5.0, 7.0], sample_weight=[1, 1, 0, 0])"),
    ("mean_weighted_2d", "m = tf.keras.metrics.Mean()\n"
                         "m.update_state([[1.0, 2.0], [3.0, 4.0]], sample_weight=[[0.5], [2.0]])"),
    ("mean_weighted_reduce", "m = tf.keras.metrics.Mean()\n"
                             "m.update_state([[1.0, 2.0], [3.0, 4.0]], sample_weight=[[0.5, 1.0], [2.0, 0.0]])"),
    ("mean_float64", "m = tf.keras.metrics.Mean(dtype=tf.float64)\nm([1, 2])"),
    ("mean_reset", "m = tf.keras.metrics.Mean()\nm([1.0, 3.0])\nm.reset_states()"),
    ("mean_empty", "m = tf.keras.metrics.Mean()"),
    ("sum", "m = tf.keras.metrics.Sum()\nm([1.0, 3.0, 5.0, 7.0])\nm(2.0)"),
    ("sum_weighted", "m = tf.keras.metrics.Sum()\nm([[1.0, 2.0], [3.0, 4.0]], sample_weight=[[0.5], [2.0]])"),
    ("call_returns", "m = tf.keras.metrics.Mean()\n_ = m(4.0)\nm(2.0)"),
]:
    last = "" if cid == "call_returns" else "\n" + REPORT
    case(cid, body + last)

# --- mean metric wrappers -------------------------------------------------------------------------
for cid, make, y, p, w in [
    ("accuracy", "tf.keras.metrics.Accuracy()", "[[1], [2], [3], [4]]", "[[0], [2], [3], [4]]", W4),
    ("binary_accuracy", "tf.keras.metrics.BinaryAccuracy()", Y_BIN, P_BIN, W5),
    ("binary_accuracy_threshold", "tf.keras.metrics.BinaryAccuracy(threshold=0.7)", Y_BIN, P_BIN, W5),
    ("categorical_accuracy", "tf.keras.metrics.CategoricalAccuracy()", Y_ONEHOT, P3, W4),
    ("sparse_categorical_accuracy", "tf.keras.metrics.SparseCategoricalAccuracy()", Y_SPARSE, P3, W4),
    ("top_k", "tf.keras.metrics.TopKCategoricalAccuracy(k=2)", Y_ONEHOT, P3, W4),
    ("sparse_top_k", "tf.keras.metrics.SparseTopKCategoricalAccuracy(k=2)", Y_SPARSE, P3, W4),
    ("rmse", "tf.keras.metrics.RootMeanSquaredError()", "[[1.0, 2.0], [3.0, 4.0]]", "[[1.5, 2.0], [2.0, 6.0]]",
     "[1.0, 0.5]"),
    ("cosine_similarity", "tf.keras.metrics.CosineSimilarity()", "[[0.0, 1.0], [1.0, 1.0]]",
     "[[1.0, 0.0], [1.0, 1.0]]", "[0.3, 0.7]"),
]:
    case(cid, f"m = {make}\nm.update_state({y}, {p})\n{REPORT}")
    case(cid + "_weighted", f"m = {make}\nm.update_state({y}, {p}, sample_weight={w})\n"
                            f"m.update_state({y}, {p})\n{REPORT}")

# --- MeanRelativeError, MeanTensor ------------------------------------------------------------------
case("mean_relative_error", "m = tf.keras.metrics.MeanRelativeError(normalizer=[[1.0, 4.0], [2.0, 0.0], [0.5, 2.0]])\n"
                            "m.update_state([[1.0, 2.0], [3.0, 4.0], [0.5, -1.0]], [[1.5, 2.0], [2.0, 6.0], "
                            "[0.25, -0.5]], sample_weight=[1.0, 0.5, 2.0])\n" + REPORT)
case("mean_relative_error_scalar", "m = tf.keras.metrics.MeanRelativeError(normalizer=2.0)\n"
                                   "m.update_state([1.0, 2.0, 3.0], [1.5, 1.0, 5.0])\nm.result()")
case("mean_relative_error_squeezable", "m = tf.keras.metrics.MeanRelativeError(normalizer=[[2.0], [4.0]])\n"
                                       "m.update_state([1.0, 3.0], [2.0, 7.0])\nm.result()")
case("mean_tensor", "m = tf.keras.metrics.MeanTensor()\nm([[1.0, 2.0], [3.0, 4.0]])\n"
                    "m([[3.0, 0.0], [1.0, 8.0]], sample_weight=[[0.5], [2.0]])\n" + REPORT)
case("mean_tensor_weights_reduce", "m = tf.keras.metrics.MeanTensor()\nm([[1.0, 2.0], [3.0, 4.0]])\n"
                                   "m([[3.0, 0.0], [1.0, 8.0]], sample_weight=[[0.5, 1.0], [0.0, 2.0]])\n" + REPORT)
case("mean_tensor_shape", "m = tf.keras.metrics.MeanTensor(shape=(2,))\n[(v.name, v.numpy()) for v in m.variables]")
case("mean_tensor_empty", "m = tf.keras.metrics.MeanTensor()\nm.result()")
case("mean_tensor_shape_change", "m = tf.keras.metrics.MeanTensor()\nm([1.0, 2.0])\nm([1.0, 2.0, 3.0])")

# --- mean metrics of loss functions -----------------------------------------------------------------
Y_REG = "[[1.0, 2.0], [3.0, 4.0], [0.5, -1.0]]"
P_REG = "[[1.5, 2.0], [2.0, 6.0], [0.25, -0.5]]"
for cls in ("MeanSquaredError", "MeanAbsoluteError", "MeanAbsolutePercentageError", "MeanSquaredLogarithmicError",
            "LogCoshError", "Poisson"):
    case(cls.lower(), f"m = tf.keras.metrics.{cls}()\nm.update_state({Y_REG}, {P_REG}, sample_weight=[1.0, 0.5, 2.0])\n"
                      f"m.update_state({Y_REG}, {P_REG})\n{REPORT}")
for cls, y in (("Hinge", Y_BIN), ("SquaredHinge", Y_BIN), ("BinaryCrossentropy", Y_BIN)):
    case(cls.lower(), f"m = tf.keras.metrics.{cls}()\nm.update_state({y}, {P_BIN}, sample_weight={W5})\n{REPORT}")
for cls, y in (("CategoricalHinge", Y_ONEHOT), ("KLDivergence", Y_ONEHOT), ("CategoricalCrossentropy", Y_ONEHOT),
               ("SparseCategoricalCrossentropy", Y_SPARSE)):
    case(cls.lower(), f"m = tf.keras.metrics.{cls}()\nm.update_state({y}, {P3}, sample_weight={W4})\n{REPORT}")
case("binary_crossentropy_logits", f"m = tf.keras.metrics.BinaryCrossentropy(from_logits=True, label_smoothing=0.1)\n"
                                   f"m.update_state({Y_BIN}, {P_BIN})\nm.result()")
for name in ("mse", "MAE", "mape", "msle", "kld", "hinge", "squared_hinge", "logcosh", "poisson",
             "mean_squared_error", "binary_crossentropy", "categorical_crossentropy"):
    y, p = (Y_ONEHOT, P3) if name in ("kld", "categorical_crossentropy") else \
        (Y_BIN, P_BIN) if name == "binary_crossentropy" else (Y_REG, P_REG)
    case(f"fn_{name.lower()}", f"tf.keras.metrics.{name}({y}, {p})")
case("fn_sparse_categorical_crossentropy", f"tf.keras.metrics.sparse_categorical_crossentropy({Y_SPARSE}, {P3})")
case("get_mse", "tf.keras.metrics.get('mse').__name__")
case("get_class", "tf.keras.metrics.get('MeanSquaredError').name")
case("get_unknown", "tf.keras.metrics.get('nope')")
case("get_number", "tf.keras.metrics.get(3)")

# --- confusion counts -----------------------------------------------------------------------------
Y_CONF = "[0, 1, 1, 1, 0, 1]"
P_CONF = "[0.1, 0.9, 0.4, 0.6, 0.7, 0.5]"
W_CONF = "[1.0, 2.0, 0.5, 1.0, 3.0, 0.0]"
for cls in ("TruePositives", "TrueNegatives", "FalsePositives", "FalseNegatives"):
    case(f"{cls.lower()}", f"m = tf.keras.metrics.{cls}()\nm.update_state({Y_CONF}, {P_CONF})\n{REPORT}")
    case(f"{cls.lower()}_thresholds", f"m = tf.keras.metrics.{cls}(thresholds=[0.0, 0.45, 0.65, 1.0])\n"
                                      f"m.update_state({Y_CONF}, {P_CONF}, sample_weight={W_CONF})\n{REPORT}")
for cls in ("Precision", "Recall"):
    low = cls.lower()
    case(low, f"m = tf.keras.metrics.{cls}()\nm.update_state({Y_CONF}, {P_CONF})\n{REPORT}")
    case(low + "_thresholds", f"m = tf.keras.metrics.{cls}(thresholds=[0.3, 0.65])\n"
                              f"m.update_state({Y_CONF}, {P_CONF}, sample_weight={W_CONF})\n{REPORT}")
    case(low + "_top_k", f"m = tf.keras.metrics.{cls}(top_k=2)\nm.update_state({Y_ONEHOT}, {P3})\n{REPORT}")
    case(low + "_class_id", f"m = tf.keras.metrics.{cls}(class_id=1)\nm.update_state({Y_ONEHOT}, {P3})\n{REPORT}")
    case(low + "_empty", f"m = tf.keras.metrics.{cls}()\nm.result()")
    case(low + "_bad_prediction", f"m = tf.keras.metrics.{cls}()\nm.update_state([0, 1], [0.5, 1.5])")
    case(low + "_bad_threshold", f"tf.keras.metrics.{cls}(thresholds=[0.5, 2.0])")
for cid, make in [
    ("auc", "tf.keras.metrics.AUC()"),
    ("auc_few", "tf.keras.metrics.AUC(num_thresholds=5)"),
    ("auc_minoring", "tf.keras.metrics.AUC(num_thresholds=7, summation_method='minoring')"),
    ("auc_majoring", "tf.keras.metrics.AUC(num_thresholds=7, summation_method='majoring')"),
    ("auc_pr", "tf.keras.metrics.AUC(curve='PR')"),
    ("auc_pr_majoring", "tf.keras.metrics.AUC(num_thresholds=9, curve='PR', summation_method='majoring')"),
    ("auc_thresholds", "tf.keras.metrics.AUC(thresholds=[0.3, 0.55, 0.8])"),
]:
    case(cid, f"m = {make}\nm.update_state({Y_CONF}, {P_CONF})\nm.result()")
    case(cid + "_weighted", f"m = {make}\nm.update_state({Y_CONF}, {P_CONF}, sample_weight={W_CONF})\nm.result()")
case("auc_variables", f"m = tf.keras.metrics.AUC(num_thresholds=3)\nm.update_state({Y_CONF}, {P_CONF})\n{REPORT}")
case("auc_one_threshold", "tf.keras.metrics.AUC(num_thresholds=1)")
case("auc_bad_curve", "tf.keras.metrics.AUC(curve='XY')")
for cls, value in (("SensitivityAtSpecificity", 0.5), ("SpecificityAtSensitivity", 0.5)):
    low = cls.lower()
    case(low, f"m = tf.keras.metrics.{cls}({value})\nm.update_state({Y_CONF}, {P_CONF})\n{REPORT}")
    case(low + "_weighted", f"m = tf.keras.metrics.{cls}({value}, num_thresholds=11)\n"
                            f"m.update_state({Y_CONF}, {P_CONF}, sample_weight={W_CONF})\nm.result()")
    case(low + "_one_threshold", f"m = tf.keras.metrics.{cls}({value}, num_thresholds=1)\n"
                                 f"m.update_state({Y_CONF}, {P_CONF})\n{REPORT}")
    case(low + "_class_id", f"m = tf.keras.metrics.{cls}({value}, num_thresholds=5, class_id=1)\n"
                            f"m.update_state({Y_ONEHOT}, {P3})\nm.result()")
    case(low + "_bad_value", f"tf.keras.metrics.{cls}(1.5)")
    case(low + "_bad_num_thresholds", f"tf.keras.metrics.{cls}(0.5, num_thresholds=0)")
case("mean_iou", f"m = tf.keras.metrics.MeanIoU(num_classes=3)\nm.update_state([0, 1, 2, 2, 1], [0, 2, 2, 1, 1])\n"
                 f"{REPORT}")
case("mean_iou_weighted", "m = tf.keras.metrics.MeanIoU(num_classes=3)\n"
                          "m.update_state([0, 1, 2, 2, 1], [0, 2, 2, 1, 1], sample_weight=[1.0, 0.5, 2.0, 1.0, 0.0])\n"
                          "m.result()")
case("mean_iou_absent_class", "m = tf.keras.metrics.MeanIoU(num_classes=4)\nm.update_state([0, 1, 1], [0, 1, 0])\n"
                              "m.result()")

# --- tf.confusion_matrix --------------------------------------------------------------------------
for cid, args in [
    ("basic", "[1, 2, 4], [2, 2, 4]"),
    ("num_classes", "[1, 2, 4], [2, 2, 4], num_classes=6"),
    ("weights", "[1, 2, 4], [2, 2, 4], weights=[1.5, 2.0, 3.0], dtype=tf.float32"),
    ("int64", "tf.constant([0, 1], tf.int64), tf.constant([1, 1], tf.int64), dtype=tf.int64"),
    ("negative_label", "[1, -2], [0, 1]"),
    ("negative_prediction", "[1, 2], [0, -1]"),
    ("label_out_of_bound", "[1, 2], [0, 1], num_classes=2"),
    ("prediction_out_of_bound", "[1, 0], [0, 3], num_classes=2"),
    ("squeezable", "[[1], [0]], [1, 1]"),
]:
    case(f"confusion_matrix_{cid}", f"tf.confusion_matrix({args})")
case("confusion_matrix_math", "tf.math.confusion_matrix([0, 1, 1], [1, 1, 0], num_classes=3)")


def main():
    core.write_goldens(OUT, CASES, keras_recorder.run_case, r"metrics_[a-z0-9_]+",
                       "tensorflow.compat.v1 with TF_USE_LEGACY_KERAS=1 (tf_keras v1 Keras); "
                       "disable_v2_behavior(); enable_eager_execution(); disable_tensor_equality()",
                       "record_metrics_goldens.py")


if __name__ == "__main__":
    main()
