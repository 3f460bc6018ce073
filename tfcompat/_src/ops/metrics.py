"""tf.metrics (TF 1.15's metrics_impl.py): graph-mode streaming metrics, which TF 1.x refuses under
eager execution with a RuntimeError naming the function (its text kept as TF 1.15 wrote it, including
``average_precision_at_k`` and ``precision_at_k`` naming their sparse_ aliases and ``recall``'s doubled
phrase).  Eager code uses ``tf.keras.metrics`` or ``tfe.metrics`` instead."""

from ..registry import export


def _refuse(name):
    raise RuntimeError(f"tf.metrics.{name} is not supported when eager execution is enabled.")



@export("metrics.accuracy")
def accuracy(labels, predictions, weights=None, metrics_collections=None, updates_collections=None, name=None):
    _refuse("accuracy")


@export("metrics.auc")
def auc(labels, predictions, weights=None, num_thresholds=200, metrics_collections=None, updates_collections=None,
        curve='ROC', name=None, summation_method='trapezoidal', thresholds=None):
    _refuse("auc")


@export("metrics.average_precision_at_k")
def average_precision_at_k(labels, predictions, k, weights=None, metrics_collections=None, updates_collections=None,
                           name=None):
    _refuse("sparse_average_precision_at_k")


@export("metrics.false_negatives")
def false_negatives(labels, predictions, weights=None, metrics_collections=None, updates_collections=None, name=None):
    _refuse("false_negatives")


@export("metrics.false_negatives_at_thresholds")
def false_negatives_at_thresholds(labels, predictions, thresholds, weights=None, metrics_collections=None,
                                  updates_collections=None, name=None):
    _refuse("false_negatives_at_thresholds")


@export("metrics.false_positives")
def false_positives(labels, predictions, weights=None, metrics_collections=None, updates_collections=None, name=None):
    _refuse("false_positives")


@export("metrics.false_positives_at_thresholds")
def false_positives_at_thresholds(labels, predictions, thresholds, weights=None, metrics_collections=None,
                                  updates_collections=None, name=None):
    _refuse("false_positives_at_thresholds")


@export("metrics.mean")
def mean(values, weights=None, metrics_collections=None, updates_collections=None, name=None):
    _refuse("mean")


@export("metrics.mean_absolute_error")
def mean_absolute_error(labels, predictions, weights=None, metrics_collections=None, updates_collections=None,
                        name=None):
    _refuse("mean_absolute_error")


@export("metrics.mean_cosine_distance")
def mean_cosine_distance(labels, predictions, dim, weights=None, metrics_collections=None, updates_collections=None,
                         name=None):
    _refuse("mean_cosine_distance")


@export("metrics.mean_iou")
def mean_iou(labels, predictions, num_classes, weights=None, metrics_collections=None, updates_collections=None,
             name=None):
    _refuse("mean_iou")


@export("metrics.mean_per_class_accuracy")
def mean_per_class_accuracy(labels, predictions, num_classes, weights=None, metrics_collections=None,
                            updates_collections=None, name=None):
    _refuse("mean_per_class_accuracy")


@export("metrics.mean_relative_error")
def mean_relative_error(labels, predictions, normalizer, weights=None, metrics_collections=None,
                        updates_collections=None, name=None):
    _refuse("mean_relative_error")


@export("metrics.mean_squared_error")
def mean_squared_error(labels, predictions, weights=None, metrics_collections=None, updates_collections=None,
                       name=None):
    _refuse("mean_squared_error")


@export("metrics.mean_tensor")
def mean_tensor(values, weights=None, metrics_collections=None, updates_collections=None, name=None):
    _refuse("mean_tensor")


@export("metrics.percentage_below")
def percentage_below(values, threshold, weights=None, metrics_collections=None, updates_collections=None, name=None):
    _refuse("percentage_below")


@export("metrics.precision")
def precision(labels, predictions, weights=None, metrics_collections=None, updates_collections=None, name=None):
    _refuse("precision")


@export("metrics.precision_at_k")
def precision_at_k(labels, predictions, k, class_id=None, weights=None, metrics_collections=None,
                   updates_collections=None, name=None):
    _refuse("sparse_precision_at_k")


@export("metrics.precision_at_thresholds")
def precision_at_thresholds(labels, predictions, thresholds, weights=None, metrics_collections=None,
                            updates_collections=None, name=None):
    _refuse("precision_at_thresholds")


@export("metrics.precision_at_top_k")
def precision_at_top_k(labels, predictions_idx, k=None, class_id=None, weights=None, metrics_collections=None,
                       updates_collections=None, name=None):
    _refuse("precision_at_top_k")


@export("metrics.recall")
def recall(labels, predictions, weights=None, metrics_collections=None, updates_collections=None, name=None):
    _refuse("recall is not supported")


@export("metrics.recall_at_k")
def recall_at_k(labels, predictions, k, class_id=None, weights=None, metrics_collections=None,
                updates_collections=None, name=None):
    _refuse("recall_at_k")


@export("metrics.recall_at_thresholds")
def recall_at_thresholds(labels, predictions, thresholds, weights=None, metrics_collections=None,
                         updates_collections=None, name=None):
    _refuse("recall_at_thresholds")


@export("metrics.recall_at_top_k")
def recall_at_top_k(labels, predictions_idx, k=None, class_id=None, weights=None, metrics_collections=None,
                    updates_collections=None, name=None):
    _refuse("recall_at_top_k")


@export("metrics.root_mean_squared_error")
def root_mean_squared_error(labels, predictions, weights=None, metrics_collections=None, updates_collections=None,
                            name=None):
    _refuse("root_mean_squared_error")


@export("metrics.sensitivity_at_specificity")
def sensitivity_at_specificity(labels, predictions, specificity, weights=None, num_thresholds=200,
                               metrics_collections=None, updates_collections=None, name=None):
    _refuse("sensitivity_at_specificity")


@export("metrics.sparse_average_precision_at_k")
def sparse_average_precision_at_k(labels, predictions, k, weights=None, metrics_collections=None,
                                  updates_collections=None, name=None):
    _refuse("sparse_average_precision_at_k")


@export("metrics.sparse_precision_at_k")
def sparse_precision_at_k(labels, predictions, k, class_id=None, weights=None, metrics_collections=None,
                          updates_collections=None, name=None):
    _refuse("sparse_precision_at_k")


@export("metrics.specificity_at_sensitivity")
def specificity_at_sensitivity(labels, predictions, sensitivity, weights=None, num_thresholds=200,
                               metrics_collections=None, updates_collections=None, name=None):
    _refuse("specificity_at_sensitivity")


@export("metrics.true_negatives")
def true_negatives(labels, predictions, weights=None, metrics_collections=None, updates_collections=None, name=None):
    _refuse("true_negatives")


@export("metrics.true_negatives_at_thresholds")
def true_negatives_at_thresholds(labels, predictions, thresholds, weights=None, metrics_collections=None,
                                 updates_collections=None, name=None):
    _refuse("true_negatives_at_thresholds")


@export("metrics.true_positives")
def true_positives(labels, predictions, weights=None, metrics_collections=None, updates_collections=None, name=None):
    _refuse("true_positives")


@export("metrics.true_positives_at_thresholds")
def true_positives_at_thresholds(labels, predictions, thresholds, weights=None, metrics_collections=None,
                                 updates_collections=None, name=None):
    _refuse("true_positives_at_thresholds")
