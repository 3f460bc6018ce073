"""The rank-matching rules of TF's losses (ops/losses/util.py, confusion_matrix.py), shared by tf.losses
and tf.keras.losses: a trailing axis of size 1 is squeezed where labels and predictions differ in rank
by one more than expected, and weights one rank off are squeezed or expanded."""

from .. import array_ops


def remove_squeezable_dimensions(labels, predictions, expected_rank_diff=0):
    """Squeeze the last axis (of size 1) of whichever of the two has one axis too many."""
    rank_diff = predictions.shape.ndims - labels.shape.ndims
    if rank_diff == expected_rank_diff + 1 and predictions.shape[-1].is_compatible_with(1):
        predictions = array_ops.squeeze(predictions, [-1])
    elif rank_diff == expected_rank_diff - 1 and labels.shape.ndims and labels.shape[-1].is_compatible_with(1):
        labels = array_ops.squeeze(labels, [-1])
    return labels, predictions


def squeeze_or_expand_dimensions(y_pred, y_true=None, sample_weight=None):
    """Labels and predictions whose ranks differ by other than one (or whose last axis is 1) lose a
    squeezable axis; weights one rank off the predictions are squeezed or expanded at -1."""
    if y_true is not None:
        pred_rank, true_rank = y_pred.shape.ndims, y_true.shape.ndims
        if pred_rank - true_rank != 1 or y_pred.shape[-1].value == 1:
            y_true, y_pred = remove_squeezable_dimensions(y_true, y_pred)
    if sample_weight is None:
        return y_pred, y_true
    weights_rank = sample_weight.shape.ndims
    if weights_rank != 0:
        if weights_rank - y_pred.shape.ndims == 1:
            sample_weight = array_ops.squeeze(sample_weight, [-1])
        elif y_pred.shape.ndims - weights_rank == 1:
            sample_weight = array_ops.expand_dims(sample_weight, -1)
    return y_pred, y_true, sample_weight
