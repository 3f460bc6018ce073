"""Record golden values for tf.keras.losses (issue 10, part 4) from REAL TensorFlow's v1 Keras.

Run by hand in the throwaway TensorFlow virtualenv with tf-keras (never a dependency of
tfcompat, never run in CI), from the repository root:

    PYTHONHASHSEED=0 /tmp/tforacle/bin/python tests/conformance/golden/record_keras_losses_goldens.py

It sets ``TF_USE_LEGACY_KERAS=1`` (tf_keras's v1 Keras, the closest living relative of TF 1.15's)
and writes keras_losses_goldens.json next to this file; case ids start with ``kloss_``.  Format and
setup: record_core_goldens.py's.  Each loss function is recorded on fixed inputs (values and the
gradient with respect to ``y_pred``), each Loss class under every reduction, with and without
sample weights of several shapes, plus get/serialize and the errors for bad labels.  Where TF 1.15's
Keras differs from tf_keras (binary cross entropy from probabilities, Huber's per-element losses),
the case is listed in deviations_<device>.txt and tfcompat follows TF 1.15.
"""
import os
import sys

os.environ["TF_USE_LEGACY_KERAS"] = "1"
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import record_core_goldens as core  # noqa: E402  (sets up TF 1.x-style eager execution)

OUT = os.path.join(core.HERE, "keras_losses_goldens.json")
CASES = []

REG_TRUE = "tf.constant([[0.0, 1.0, 2.0], [1.5, -0.5, 0.25]])"
REG_PRED = "tf.constant([[0.5, 0.8, 2.5], [1.0, 0.5, -0.25]])"
POS_TRUE = "tf.constant([[0.2, 1.0, 2.0], [1.5, 0.5, 0.25]])"
POS_PRED = "tf.constant([[0.5, 0.8, 2.5], [1.0, 0.5, 3.0]])"
BIN_TRUE = "tf.constant([[0.0, 1.0, 1.0], [1.0, 0.0, 0.0]])"
PROB_PRED = "tf.constant([[0.1, 0.7, 0.2], [0.3, 0.3, 0.4]])"
LOGITS = "tf.constant([[1.0, -2.0, 0.5], [0.25, 3.0, -1.0]])"
ONEHOT = "tf.constant([[0.0, 1.0, 0.0], [0.0, 0.0, 1.0]])"
SPARSE = "tf.constant([1, 2])"

# (name, y_true, y_pred, extra keyword arguments)
FUNCTIONS = [
    ("mean_squared_error", REG_TRUE, REG_PRED, ""),
    ("mse", REG_TRUE, REG_PRED, ""),
    ("mean_absolute_error", REG_TRUE, REG_PRED, ""),
    ("mae", REG_TRUE, REG_PRED, ""),
    ("mean_absolute_percentage_error", REG_TRUE, REG_PRED, ""),
    ("mape", REG_TRUE, REG_PRED, ""),
    ("mean_squared_logarithmic_error", POS_TRUE, POS_PRED, ""),
    ("msle", REG_TRUE, REG_PRED, ""),
    ("squared_hinge", BIN_TRUE, REG_PRED, ""),
    ("squared_hinge", REG_TRUE, REG_PRED, ""),
    ("hinge", BIN_TRUE, REG_PRED, ""),
    ("hinge", "tf.constant([[-1.0, 1.0, 1.0], [1.0, -1.0, -1.0]])", REG_PRED, ""),
    ("categorical_hinge", ONEHOT, REG_PRED, ""),
    ("logcosh", REG_TRUE, REG_PRED, ""),
    ("categorical_crossentropy", ONEHOT, PROB_PRED, ""),
    ("categorical_crossentropy", ONEHOT, "tf.constant([[0.2, 1.4, 0.4], [0.0, 0.3, 0.9]])", ""),
    ("categorical_crossentropy", ONEHOT, LOGITS, "from_logits=True"),
    ("categorical_crossentropy", ONEHOT, PROB_PRED, "label_smoothing=0.2"),
    ("categorical_crossentropy", ONEHOT, LOGITS, "from_logits=True, label_smoothing=0.1"),
    ("sparse_categorical_crossentropy", SPARSE, PROB_PRED, ""),
    ("sparse_categorical_crossentropy", SPARSE, LOGITS, "from_logits=True"),
    ("sparse_categorical_crossentropy", "tf.constant([[1], [2]])", LOGITS, "from_logits=True"),
    ("sparse_categorical_crossentropy", "tf.constant([[1, 0], [2, 2]])",
     "tf.reshape(tf.range(12, dtype=tf.float32) / 12.0, [2, 2, 3])", "from_logits=True"),
    ("sparse_categorical_crossentropy", "tf.constant([1.0, 2.0])", LOGITS, "from_logits=True"),
    ("binary_crossentropy", BIN_TRUE, PROB_PRED, ""),
    ("binary_crossentropy", BIN_TRUE, LOGITS, "from_logits=True"),
    ("binary_crossentropy", BIN_TRUE, LOGITS, "from_logits=True, label_smoothing=0.2"),
    ("binary_crossentropy", BIN_TRUE, PROB_PRED, "label_smoothing=0.1"),
    ("kullback_leibler_divergence", "tf.constant([[0.2, 0.5, 0.3], [0.0, 0.9, 0.1]])", PROB_PRED, ""),
    ("kld", "tf.constant([[0.2, 0.5, 0.3], [0.0, 0.9, 0.1]])", PROB_PRED, ""),
    ("poisson", POS_TRUE, POS_PRED, ""),
    ("cosine_proximity", REG_TRUE, REG_PRED, ""),
    ("cosine_similarity", REG_TRUE, REG_PRED, "axis=0"),
    ("cosine", REG_TRUE, REG_PRED, ""),
]


def case(cid, code):
    CASES.append({"id": "kloss_" + cid, "code": code.strip("\n")})


for index, (name, y_true, y_pred, kwargs) in enumerate(FUNCTIONS):
    extra = f", {kwargs}" if kwargs else ""
    case(f"fn_{name}_{index}", f"tf.keras.losses.{name}({y_true}, {y_pred}{extra})")
    case(f"fn_{name}_{index}_grad", f"p = {y_pred}\nwith tf.GradientTape() as t:\n    t.watch(p)\n"
         f"    loss = tf.keras.losses.{name}({y_true}, p{extra})\nt.gradient(loss, p)")
case("fn_mse_float64", "tf.keras.losses.mse(np.array([[1.0, 2.0]]), np.array([[0.5, 3.0]]))")
case("fn_mse_lists", "tf.keras.losses.mse([[1.0, 2.0], [0.0, 1.0]], [[0.5, 3.0], [1.0, 1.0]])")
case("fn_mse_int_true", "tf.keras.losses.mse(tf.constant([[1, 2]]), tf.constant([[0.5, 3.0]]))")
case("fn_mse_shape_mismatch", "tf.keras.losses.mse(tf.constant([[1.0, 2.0, 3.0]]), tf.constant([[0.5, 3.0]]))")
case("fn_sparse_out_of_range", f"tf.keras.losses.sparse_categorical_crossentropy(tf.constant([1, 3]), {LOGITS}, "
     "from_logits=True)")
case("fn_sparse_negative", f"tf.keras.losses.sparse_categorical_crossentropy(tf.constant([-1, 0]), {PROB_PRED})")

# (class, constructor arguments, y_true, y_pred)
CLASSES = [
    ("MeanSquaredError", "", REG_TRUE, REG_PRED),
    ("MeanAbsoluteError", "", REG_TRUE, REG_PRED),
    ("MeanAbsolutePercentageError", "", REG_TRUE, REG_PRED),
    ("MeanSquaredLogarithmicError", "", POS_TRUE, POS_PRED),
    ("Hinge", "", BIN_TRUE, REG_PRED),
    ("SquaredHinge", "", BIN_TRUE, REG_PRED),
    ("CategoricalHinge", "", ONEHOT, REG_PRED),
    ("Poisson", "", POS_TRUE, POS_PRED),
    ("LogCosh", "", REG_TRUE, REG_PRED),
    ("KLDivergence", "", "tf.constant([[0.2, 0.5, 0.3], [0.0, 0.9, 0.1]])", PROB_PRED),
    ("BinaryCrossentropy", "from_logits=True", BIN_TRUE, LOGITS),
    ("BinaryCrossentropy", "", BIN_TRUE, PROB_PRED),
    ("CategoricalCrossentropy", "", ONEHOT, PROB_PRED),
    ("CategoricalCrossentropy", "from_logits=True, label_smoothing=0.1", ONEHOT, LOGITS),
    ("SparseCategoricalCrossentropy", "from_logits=True", SPARSE, LOGITS),
    ("SparseCategoricalCrossentropy", "", SPARSE, PROB_PRED),
    ("Huber", "", REG_TRUE, REG_PRED),
    ("Huber", "delta=0.3", REG_TRUE, REG_PRED),
    ("CosineSimilarity", "", REG_TRUE, REG_PRED),
]
REDUCTIONS = ["'auto'", "'none'", "'sum'", "'sum_over_batch_size'"]
WEIGHTS = {"none": None, "scalar": "2.5", "batch": "tf.constant([0.7, 0.3])", "column": "tf.constant([[0.5], [2.0]])",
           "zeros": "tf.constant([0.0, 0.0])"}

for index, (cls, args, y_true, y_pred) in enumerate(CLASSES):
    sep = ", " if args else ""
    for reduction in REDUCTIONS:
        make = f"tf.keras.losses.{cls}({args}{sep}reduction={reduction})"
        tag = reduction.strip("'")
        case(f"cls_{cls}_{index}_{tag}", f"{make}({y_true}, {y_pred})")
        case(f"cls_{cls}_{index}_{tag}_weighted", f"{make}({y_true}, {y_pred}, sample_weight=tf.constant([0.7, 0.3]))")
    for wname, weight in WEIGHTS.items():
        if weight is not None:
            case(f"cls_{cls}_{index}_w_{wname}", f"tf.keras.losses.{cls}({args})({y_true}, {y_pred}, "
                 f"sample_weight={weight})")
    case(f"cls_{cls}_{index}_grad", f"p = {y_pred}\nwith tf.GradientTape() as t:\n    t.watch(p)\n"
         f"    loss = tf.keras.losses.{cls}({args})({y_true}, p, sample_weight=tf.constant([0.7, 0.3]))\n"
         "t.gradient(loss, p)")
    case(f"cls_{cls}_{index}_config", f"tf.keras.losses.{cls}({args}).get_config()")

for cid, code in [
    ("mse_squeeze_column", "tf.keras.losses.MeanSquaredError()(tf.constant([[1.0], [2.0]]), tf.constant([1.5, 2.5]))"),
    ("mse_squeeze_pred", "tf.keras.losses.MeanSquaredError(reduction='none')(tf.constant([1.0, 2.0]), "
                         "tf.constant([[1.5], [2.5]]))"),
    ("mse_lists", "tf.keras.losses.MeanSquaredError()([[0.0, 1.0], [0.0, 0.0]], [[1.0, 1.0], [1.0, 0.0]])"),
    ("mse_float64", "tf.keras.losses.MeanSquaredError()(np.array([[0.0, 1.0]]), np.array([[1.0, 1.0]]))"),
    ("mse_bad_weight_shape", f"tf.keras.losses.MeanSquaredError()({REG_TRUE}, {REG_PRED}, "
                             "sample_weight=tf.constant([1.0, 2.0, 3.0]))"),
    ("bad_reduction", "tf.keras.losses.MeanSquaredError(reduction='mean')"),
    ("sparse_out_of_range", f"tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)(tf.constant([0, 5]), "
                            f"{LOGITS})"),
    ("get_mse", "tf.keras.losses.get('mse').__name__"),
    ("get_mean_squared_error", "tf.keras.losses.get('mean_squared_error').__name__"),
    ("get_categorical_crossentropy", "tf.keras.losses.get('categorical_crossentropy').__name__"),
    ("get_class_name", "type(tf.keras.losses.get('MeanSquaredError')).__name__"),
    ("get_dict", "l = tf.keras.losses.get({'class_name': 'Huber', 'config': {'delta': 2.0}})\n"
                 "(type(l).__name__, l.get_config())"),
    ("get_callable", "f = lambda a, b: a\ntf.keras.losses.get(f) is f"),
    ("get_none", "tf.keras.losses.get(None)"),
    ("get_unknown", "tf.keras.losses.get('nope')"),
    ("get_number", "tf.keras.losses.get(3)"),
    ("serialize_function", "tf.keras.losses.serialize(tf.keras.losses.mse)"),
    ("serialize_class", "tf.keras.losses.serialize(tf.keras.losses.Huber(delta=0.5))"),
    ("deserialize_name", "tf.keras.losses.deserialize('hinge').__name__"),
    ("call_base", "class MyLoss(tf.keras.losses.Loss):\n    def call(self, y_true, y_pred):\n"
                  "        return tf.abs(y_true - y_pred)\n"
                  "MyLoss()(tf.constant([[1.0, 2.0]]), tf.constant([[0.0, 4.0]]), sample_weight=[[1.0, 0.5]])"),
]:
    case(cid, code)


def main():
    core.write_goldens(OUT, CASES, core.run_case, r"kloss_[A-Za-z0-9_]+",
                       "tensorflow.compat.v1 with TF_USE_LEGACY_KERAS=1 (tf_keras v1 Keras); "
                       "disable_v2_behavior(); enable_eager_execution(); disable_tensor_equality()",
                       "record_keras_losses_goldens.py")


if __name__ == "__main__":
    main()
