"""Record golden values for tf.losses (issue 10, part 4) from REAL TensorFlow.

Run by hand in the throwaway TensorFlow virtualenv (never a dependency of tfcompat, never run in
CI), from the repository root:

    /tmp/tforacle/bin/python tests/conformance/golden/record_losses_goldens.py

It writes losses_goldens.json next to this file; case ids start with ``losses_``.  Format and setup:
record_core_goldens.py's (``tf.compat.v1.losses`` in eager mode, whose losses_impl TF 2.x kept from
TF 1.x).  Every loss is recorded with the default reduction and each of the others, with weights of
every broadcastable shape (scalar, zero, per example, per element with zeros), on float32 and
float64 inputs, with the gradient with respect to the predictions / logits, plus TF's errors for
missing arguments, incompatible shapes, weights that do not broadcast and bad labels.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import record_core_goldens as core  # noqa: E402  (sets up TF 1.x-style eager execution)

OUT = os.path.join(core.HERE, "losses_goldens.json")
CASES = []

LABELS = "tf.constant([[0.0, 1.0, 2.0], [1.5, -0.5, 0.25]])"
PREDS = "tf.constant([[0.5, 0.8, 2.5], [1.0, 0.5, -0.25]])"
BIN = "tf.constant([[0.0, 1.0, 1.0], [1.0, 0.0, 0.0]])"
PROBS = "tf.constant([[0.1, 0.7, 0.2], [0.3, 0.3, 0.4]])"
LOGITS = "tf.constant([[1.0, -2.0, 0.5], [0.25, 3.0, -1.0]])"
ONEHOT = "tf.constant([[0.0, 1.0, 0.0], [0.0, 0.0, 1.0]])"
UNIT_A = "tf.constant([[0.6, 0.8, 0.0], [0.0, 0.0, 1.0]])"
UNIT_B = "tf.constant([[0.8, 0.6, 0.0], [0.0, 0.6, 0.8]])"

# (loss, first argument, second argument, extra arguments): the second is differentiated
LOSSES = [
    ("mean_squared_error", LABELS, PREDS, ""),
    ("absolute_difference", LABELS, PREDS, ""),
    ("huber_loss", LABELS, PREDS, ""),
    ("huber_loss", LABELS, PREDS, "delta=0.3"),
    ("log_loss", BIN, PROBS, ""),
    ("hinge_loss", BIN, LOGITS, ""),
    ("cosine_distance", UNIT_A, UNIT_B, "axis=1"),
    ("sigmoid_cross_entropy", BIN, LOGITS, ""),
    ("sigmoid_cross_entropy", BIN, LOGITS, "label_smoothing=0.2"),
    ("softmax_cross_entropy", ONEHOT, LOGITS, ""),
    ("softmax_cross_entropy", ONEHOT, LOGITS, "label_smoothing=0.1"),
    ("sparse_softmax_cross_entropy", "tf.constant([1, 2])", LOGITS, ""),
]
WEIGHTS = {"scalar": "2.0", "zero": "0.0", "batch": "tf.constant([[0.5], [0.0]])",
           "elements": "tf.constant([[1.0, 0.0, 2.0], [0.5, 0.0, 1.0]])", "tensor_scalar": "tf.constant(3.0)"}
REDUCTIONS = ["NONE", "SUM", "MEAN", "SUM_OVER_BATCH_SIZE", "SUM_BY_NONZERO_WEIGHTS", "SUM_OVER_NONZERO_WEIGHTS"]


def case(cid, code):
    CASES.append({"id": "losses_" + cid, "code": code.strip("\n")})


def call(name, first, second, extra, more=""):
    args = ", ".join(a for a in (first, second, extra, more) if a)
    return f"tf.losses.{name}({args})"


# the weights each loss's per-element losses take: (per element, per example) where they differ from WEIGHTS'
PER_EXAMPLE = {"sparse_softmax_cross_entropy": ("tf.constant([0.5, 2.0])", "tf.constant([0.5, 0.0])"),
               "softmax_cross_entropy": ("tf.constant([0.5, 2.0])", "tf.constant([0.5, 0.0])"),
               "cosine_distance": ("tf.constant([[0.5], [2.0]])", "tf.constant([[0.5], [0.0]])")}
ONE_DIM_WEIGHTS = {"scalar": "2.0", "zero": "0.0", "batch": "tf.constant([0.5, 0.0])",
                   "column": "tf.constant([[0.5], [2.0]])"}

for index, (name, first, second, extra) in enumerate(LOSSES):
    cid = f"{name}_{index}"
    grad_weights, w = PER_EXAMPLE.get(name, ("tf.constant([[1.0, 0.0, 2.0], [0.5, 0.0, 1.0]])",
                                             "tf.constant([[0.5], [0.0]])"))
    case(cid, call(name, first, second, extra))
    case(f"{cid}_grad", f"p = {second}\nwith tf.GradientTape() as t:\n    t.watch(p)\n"
         f"    loss = {call(name, first, 'p', extra, 'weights=' + grad_weights)}\nt.gradient(loss, p)")
    weights = WEIGHTS if name not in PER_EXAMPLE else ONE_DIM_WEIGHTS
    for wname, weight in weights.items():
        case(f"{cid}_w_{wname}", call(name, first, second, extra, f"weights={weight}"))
    for reduction in REDUCTIONS:
        case(f"{cid}_r_{reduction.lower()}", call(name, first, second, extra,
                                                 f"weights={w}, reduction=tf.losses.Reduction.{reduction}"))
    if name not in ("sparse_softmax_cross_entropy", "cosine_distance"):
        case(f"{cid}_f64", call(name, f"tf.cast({first}, tf.float64)", f"tf.cast({second}, tf.float64)", extra))

for cid, code in [
    ("compute_weighted_loss", "tf.losses.compute_weighted_loss(tf.constant([[1.0, 2.0], [3.0, 4.0]]), "
                              "weights=tf.constant([[1.0], [0.0]]))"),
    ("compute_weighted_loss_f64", "tf.losses.compute_weighted_loss(tf.constant([1.0, 2.0], tf.float64))"),
    ("compute_weighted_loss_int", "tf.losses.compute_weighted_loss(tf.constant([1, 2]))"),
    ("compute_weighted_loss_all_zero", "tf.losses.compute_weighted_loss(tf.constant([1.0, 2.0]), weights=0.0)"),
    ("compute_weighted_loss_empty", "tf.losses.compute_weighted_loss(tf.zeros([0]))"),
    ("compute_weighted_loss_bad_reduction", "tf.losses.compute_weighted_loss(tf.constant([1.0]), reduction='mean')"),
    ("compute_weighted_loss_rank_mismatch", "tf.losses.compute_weighted_loss(tf.constant([[1.0, 2.0]]), "
                                            "weights=tf.constant([1.0, 2.0]))"),
    ("compute_weighted_loss_dim_mismatch", "tf.losses.compute_weighted_loss(tf.constant([[1.0, 2.0]]), "
                                           "weights=tf.constant([[1.0, 2.0, 3.0]]))"),
    ("compute_weighted_loss_loss_collection", "tf.losses.compute_weighted_loss(tf.constant([1.0, 3.0]), "
                                              "loss_collection=None)"),
    ("mse_shape_mismatch", "tf.losses.mean_squared_error(tf.constant([1.0, 2.0]), tf.constant([1.0, 2.0, 3.0]))"),
    ("mse_labels_none", "tf.losses.mean_squared_error(None, tf.constant([1.0]))"),
    ("mse_predictions_none", "tf.losses.mean_squared_error(tf.constant([1.0]), None)"),
    ("mse_int_inputs", "tf.losses.mean_squared_error(tf.constant([1, 2]), tf.constant([2, 4]))"),
    ("mse_lists", "tf.losses.mean_squared_error([1.0, 2.0], [2.0, 4.0])"),
    ("mse_weights_not_broadcastable", f"tf.losses.mean_squared_error({LABELS}, {PREDS}, "
                                      "weights=tf.constant([1.0, 2.0]))"),
    ("cosine_distance_no_axis", f"tf.losses.cosine_distance({UNIT_A}, {UNIT_B})"),
    ("cosine_distance_dim", f"tf.losses.cosine_distance({UNIT_A}, {UNIT_B}, dim=1)"),
    ("hinge_logits_none", f"tf.losses.hinge_loss({BIN}, None)"),
    ("sigmoid_labels_none", f"tf.losses.sigmoid_cross_entropy(None, {LOGITS})"),
    ("sigmoid_shape_mismatch", f"tf.losses.sigmoid_cross_entropy(tf.constant([[1.0, 0.0]]), {LOGITS})"),
    ("sigmoid_int_labels", f"tf.losses.sigmoid_cross_entropy(tf.constant([[0, 1, 1], [1, 0, 0]]), {LOGITS})"),
    ("softmax_onehot_none", f"tf.losses.softmax_cross_entropy(None, {LOGITS})"),
    ("softmax_shape_mismatch", f"tf.losses.softmax_cross_entropy(tf.constant([[1.0, 0.0]]), {LOGITS})"),
    ("softmax_f64", f"tf.losses.softmax_cross_entropy({ONEHOT}, tf.cast({LOGITS}, tf.float64))"),
    ("softmax_labels_gradient", f"y = {ONEHOT}\nwith tf.GradientTape() as t:\n    t.watch(y)\n"
                                f"    loss = tf.losses.softmax_cross_entropy(y, {LOGITS})\nt.gradient(loss, y)"),
    ("sparse_labels_column", f"tf.losses.sparse_softmax_cross_entropy(tf.constant([[1], [2]]), {LOGITS})"),
    ("sparse_labels_column_weights_column", f"tf.losses.sparse_softmax_cross_entropy(tf.constant([[1], [2]]), "
                                            f"{LOGITS}, weights=tf.constant([[0.5], [2.0]]))"),
    ("sparse_out_of_range", f"tf.losses.sparse_softmax_cross_entropy(tf.constant([1, 3]), {LOGITS})"),
    ("sparse_negative", f"tf.losses.sparse_softmax_cross_entropy(tf.constant([-1, 0]), {LOGITS})"),
    ("sparse_float_labels", f"tf.losses.sparse_softmax_cross_entropy(tf.constant([1.0, 2.0]), {LOGITS})"),
    ("sparse_rank_mismatch", f"tf.losses.sparse_softmax_cross_entropy(tf.constant([[1, 2]]), {LOGITS})"),
    ("sparse_shape_mismatch", f"tf.losses.sparse_softmax_cross_entropy(tf.constant([1, 2, 0]), {LOGITS})"),
    ("sparse_int64", f"tf.losses.sparse_softmax_cross_entropy(tf.constant([1, 2], tf.int64), {LOGITS})"),
    ("sparse_f64", f"tf.losses.sparse_softmax_cross_entropy(tf.constant([1, 2]), tf.cast({LOGITS}, tf.float64))"),
    ("sparse_weights_not_broadcastable", f"tf.losses.sparse_softmax_cross_entropy(tf.constant([1, 2]), {LOGITS}, "
                                         "weights=tf.constant([1.0, 2.0, 3.0]))"),
    ("sparse_labels_none", f"tf.losses.sparse_softmax_cross_entropy(None, {LOGITS})"),
    ("log_loss_epsilon", f"tf.losses.log_loss({BIN}, {PROBS}, epsilon=0.1)"),
    ("log_loss_extreme", "tf.losses.log_loss(tf.constant([0.0, 1.0]), tf.constant([1.0, 0.0]))"),
    ("mean_pairwise", f"tf.losses.mean_pairwise_squared_error({LABELS}, {PREDS})"),
    ("mean_pairwise_weights", f"tf.losses.mean_pairwise_squared_error({LABELS}, {PREDS}, "
                              "weights=tf.constant([[2.0], [0.5]]))"),
    ("mean_pairwise_zero_weights", f"tf.losses.mean_pairwise_squared_error({LABELS}, {PREDS}, weights=0.0)"),
    ("mean_pairwise_rank3", "tf.losses.mean_pairwise_squared_error(tf.reshape(tf.range(12.0), [2, 3, 2]), "
                            "tf.reshape(tf.range(12.0), [2, 3, 2]) * 0.5)"),
    ("mean_pairwise_grad", f"p = {PREDS}\nwith tf.GradientTape() as t:\n    t.watch(p)\n"
                           f"    loss = tf.losses.mean_pairwise_squared_error({LABELS}, p)\nt.gradient(loss, p)"),
    ("reduction_values", "(tf.losses.Reduction.NONE, tf.losses.Reduction.SUM, tf.losses.Reduction.MEAN, "
                         "tf.losses.Reduction.SUM_OVER_BATCH_SIZE, tf.losses.Reduction.SUM_BY_NONZERO_WEIGHTS, "
                         "tf.losses.Reduction.SUM_OVER_NONZERO_WEIGHTS)"),
    ("reduction_all", "tf.losses.Reduction.all()"),
    ("reduction_validate", "tf.losses.Reduction.validate('foo')"),
    ("get_losses_eager", f"tf.losses.mean_squared_error({LABELS}, {PREDS})\ntf.losses.get_losses()"),
    ("get_regularization_losses", "tf.losses.get_regularization_losses()"),
    ("get_regularization_loss", "tf.losses.get_regularization_loss()"),
    ("get_total_loss", "tf.losses.get_total_loss()"),
    ("add_loss", "tf.losses.add_loss(tf.constant(1.0))\ntf.losses.get_losses()"),
]:
    case(cid, code)


def main():
    core.write_goldens(OUT, CASES, core.run_case, r"losses_[a-z0-9_]+",
                       "tensorflow.compat.v1; disable_v2_behavior(); enable_eager_execution(); "
                       "disable_tensor_equality()", "record_losses_goldens.py")


if __name__ == "__main__":
    main()
