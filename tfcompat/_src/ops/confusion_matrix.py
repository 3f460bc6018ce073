"""tf.confusion_matrix / tf.math.confusion_matrix (TF 1.15's confusion_matrix.py)."""

import torch

from ..framework import dtypes
from ..framework.allocation import check_size
from ..framework.errors import invalid_argument
from ..framework.tensor import convert, wrap
from ..registry import export
from .check_ops import assert_less, assert_non_negative
from .creation_ops import cast


@export("confusion_matrix", "math.confusion_matrix")
def confusion_matrix(labels, predictions, num_classes=None, dtype=dtypes.int32, name=None, weights=None):
    """``[num_classes, num_classes]`` counts (or summed ``weights``) of each (label, prediction) pair;
    ``num_classes`` defaults to the largest value given plus one."""
    dtype = dtypes.as_dtype(dtype)
    labels, predictions = _squeezed(convert(cast(labels, dtypes.int64)), convert(cast(predictions, dtypes.int64)))
    if labels.shape != predictions.shape:
        raise ValueError(f"Dimensions must be equal, but are {labels.shape[0] if labels.dim() else 0} and "
                         f"{predictions.shape[0] if predictions.dim() else 0}")
    assert_non_negative(wrap(labels), message="`labels` contains negative values")
    assert_non_negative(wrap(predictions), message="`predictions` contains negative values")
    if num_classes is None:
        num_classes = int(max(labels.max().item() if labels.numel() else -1,
                              predictions.max().item() if predictions.numel() else -1)) + 1
    else:
        num_classes = int(convert(cast(num_classes, dtypes.int64)).reshape(-1)[0].item()) \
            if convert(cast(num_classes, dtypes.int64)).numel() == 1 else _bad_num_classes(num_classes)
        bound = wrap(torch.tensor(num_classes, dtype=torch.int64))
        assert_less(wrap(labels), bound, message="`labels` out of bound")
        assert_less(wrap(predictions), bound, message="`predictions` out of bound")
        if num_classes < 0:
            raise invalid_argument(f"Dimension -{abs(num_classes)} must be >= 0", "ScatterNd")
    check_size([num_classes, num_classes], "ScatterNd", dtype._torch)
    counts = torch.zeros(num_classes * num_classes, dtype=dtype._torch, device=labels.device)
    if weights is None:
        values = torch.ones(labels.shape, dtype=dtype._torch, device=labels.device)
    else:
        values = convert(cast(weights, dtype))
        if values.numel() != labels.numel():
            raise ValueError(f"Shapes {list(values.shape)} and {list(labels.shape)} are incompatible")
        values = values.reshape(labels.shape)
    counts.index_put_((labels.reshape(-1) * num_classes + predictions.reshape(-1),), values.reshape(-1),
                      accumulate=True)
    return wrap(counts.reshape(num_classes, num_classes))


def _bad_num_classes(num_classes):
    raise ValueError(f"Shape must be rank 0 but is rank {convert(num_classes).dim()} for 'num_classes'")


def _squeezed(labels, predictions):
    """TF's remove_squeezable_dimensions: a trailing axis of 1 dropped where the ranks differ by one."""
    if labels.dim() - predictions.dim() == 1 and labels.shape[-1] == 1:
        labels = labels.squeeze(-1)
    elif predictions.dim() - labels.dim() == 1 and predictions.shape[-1] == 1:
        predictions = predictions.squeeze(-1)
    return labels, predictions
