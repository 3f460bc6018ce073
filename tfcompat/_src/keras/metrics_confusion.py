"""tf.keras.metrics built on confusion counts (TF 1.15's metrics_utils.update_confusion_matrix_variables):
TruePositives/TrueNegatives/FalsePositives/FalseNegatives, Precision, Recall, AUC,
SensitivityAtSpecificity/SpecificityAtSensitivity, and MeanIoU.

A prediction counts as positive at a threshold when it is strictly greater than it; predictions must
lie in [0, 1]; ``top_k`` keeps only each row's k largest predictions, ``class_id`` one column.
"""

import torch

from ..framework import dtypes
from ..framework.tensor import convert, wrap
from ..ops.check_ops import assert_greater_equal, assert_less_equal
from ..ops.confusion_matrix import confusion_matrix
from ..ops.creation_ops import cast
from ..registry import export
from . import backend
from .losses import squeeze_or_expand_dimensions
from .metrics import Metric

_TP, _TN, _FP, _FN = "true_positives", "true_negatives", "false_positives", "false_negatives"


def _thresholds(thresholds, default):
    """The list of thresholds, TF's parse_init_thresholds and its range check."""
    if thresholds is None:
        thresholds = [default]
    elif isinstance(thresholds, (list, tuple)):
        thresholds = list(thresholds)
    else:
        thresholds = [thresholds]
    invalid = [t for t in thresholds if t is None or not isinstance(t, (int, float)) or t < 0 or t > 1]
    if invalid and default >= 0:
        raise ValueError(f"Threshold values must be in [0, 1]. Invalid values: {invalid}")
    return [float(t) for t in thresholds]


def _confusion_counts(metric, kinds, y_true, y_pred, thresholds, top_k=None, class_id=None, sample_weight=None):
    """Adds to ``metric``'s variables of ``kinds`` the (weighted) counts of each kind at each threshold."""
    y_true, y_pred = cast(y_true, dtypes.float32), cast(y_pred, dtypes.float32)
    assert_greater_equal(y_pred, 0.0, message="predictions must be >= 0")
    assert_less_equal(y_pred, 1.0, message="predictions must be <= 1")
    y_pred, y_true = squeeze_or_expand_dimensions(y_pred, y_true)
    predictions, labels = convert(y_pred), convert(y_true)
    if predictions.shape != labels.shape:
        raise ValueError(f"Shapes {list(predictions.shape)} and {list(labels.shape)} are incompatible")
    if top_k is not None:
        kept = predictions.topk(top_k, dim=-1).indices
        mask = torch.zeros_like(predictions, dtype=torch.bool).scatter_(-1, kept, True)
        predictions = torch.where(mask, predictions, torch.full_like(predictions, -1e10))
    if class_id is not None:
        predictions, labels = predictions[..., class_id], labels[..., class_id]
    predictions, labels = predictions.reshape(1, -1), labels.reshape(1, -1).to(torch.bool)
    cut = torch.tensor(thresholds, dtype=predictions.dtype, device=predictions.device).reshape(-1, 1)
    predicted_positive = predictions > cut
    weights = None
    if sample_weight is not None:
        weight, target = convert(cast(sample_weight, dtypes.float32)), convert(y_pred)
        if weight.dim() == target.dim() - 1:  # TF's squeeze_or_expand_dimensions
            weight = weight.unsqueeze(-1)
        elif weight.dim() == target.dim() + 1 and weight.shape[-1] == 1:
            weight = weight.squeeze(-1)
        try:
            weights = torch.broadcast_to(weight, target.shape)
        except RuntimeError:
            raise ValueError(f"weights can not be broadcast to values. values.shape={list(target.shape)}, "
                             f"weights.shape={list(weight.shape)}") from None
    conditions = {_TP: lambda: labels & predicted_positive, _FN: lambda: labels & ~predicted_positive,
                  _TN: lambda: ~labels & ~predicted_positive, _FP: lambda: ~labels & predicted_positive}
    for kind in kinds:
        hits = conditions[kind]().to(torch.float32)
        if weights is not None:
            hits = hits * (weights if class_id is None else weights[..., class_id]).reshape(1, -1)
        variable = getattr(metric, kind)
        variable.assign_add(wrap(hits.sum(1).to(convert(variable).dtype)))


class _ConfusionMatrixConditionCount(Metric):
    """The count of one kind of outcome at each threshold, in the variable ``accumulator``."""

    _kind = None

    def __init__(self, thresholds=None, name=None, dtype=None):
        super().__init__(name=name, dtype=dtype)
        self.init_thresholds = thresholds
        self.thresholds = _thresholds(thresholds, 0.5)
        self.accumulator = self.add_weight("accumulator", shape=(len(self.thresholds),), initializer="zeros")

    def update_state(self, y_true, y_pred, sample_weight=None):
        setattr(self, self._kind, self.accumulator)
        _confusion_counts(self, (self._kind,), y_true, y_pred, self.thresholds, sample_weight=sample_weight)

    def result(self):
        value = convert(self.accumulator)
        return wrap(value[0].clone() if len(self.thresholds) == 1 else value.clone())

    def get_config(self):
        return {"thresholds": self.init_thresholds, **super().get_config()}


def _count_class(class_name, kind):
    cls = type(class_name, (_ConfusionMatrixConditionCount,), {"_kind": kind, "__doc__": f"The {kind} count."})
    return export(f"keras.metrics.{class_name}")(cls)


TruePositives = _count_class("TruePositives", _TP)
TrueNegatives = _count_class("TrueNegatives", _TN)
FalsePositives = _count_class("FalsePositives", _FP)
FalseNegatives = _count_class("FalseNegatives", _FN)


class _Ratio(Metric):
    """tp / (tp + other) at each threshold (Precision: other = false positives; Recall: false negatives)."""

    _other = None

    def __init__(self, thresholds=None, top_k=None, class_id=None, name=None, dtype=None):
        super().__init__(name=name, dtype=dtype)
        self.init_thresholds = thresholds
        self.top_k, self.class_id = top_k, class_id
        self.thresholds = _thresholds(thresholds, 0.5 if top_k is None else -1e10)
        self.true_positives = self.add_weight(_TP, shape=(len(self.thresholds),), initializer="zeros")
        setattr(self, self._other, self.add_weight(self._other, shape=(len(self.thresholds),), initializer="zeros"))

    def update_state(self, y_true, y_pred, sample_weight=None):
        _confusion_counts(self, (_TP, self._other), y_true, y_pred, self.thresholds, top_k=self.top_k,
                          class_id=self.class_id, sample_weight=sample_weight)

    def result(self):
        tp, other = convert(self.true_positives), convert(getattr(self, self._other))
        total = tp + other
        value = torch.where(total == 0, torch.zeros_like(tp), tp / torch.where(total == 0, 1, total))
        return wrap(value[0] if len(self.thresholds) == 1 else value)

    def get_config(self):
        return {"thresholds": self.init_thresholds, "top_k": self.top_k, "class_id": self.class_id,
                **super().get_config()}


@export("keras.metrics.Precision")
class Precision(_Ratio):
    """true positives / (true positives + false positives)."""

    _other = _FP


@export("keras.metrics.Recall")
class Recall(_Ratio):
    """true positives / (true positives + false negatives)."""

    _other = _FN


@export("keras.metrics.AUC")
class AUC(Metric):
    """The area under the ROC or PR curve, by a Riemann sum over ``num_thresholds`` thresholds."""

    def __init__(self, num_thresholds=200, curve="ROC", summation_method="interpolation", name=None, dtype=None,
                 thresholds=None):
        super().__init__(name=name, dtype=dtype)
        if curve not in ("ROC", "roc", "PR", "pr"):
            raise ValueError(f'Invalid AUC curve value "{curve}".')
        if summation_method not in ("interpolation", "Interpolation", "majoring", "Majoring", "minoring",
                                    "Minoring"):
            raise ValueError(f'Invalid AUC summation method value "{summation_method}".')
        self.curve, self.summation_method = curve.upper(), summation_method.lower()
        if thresholds is not None:
            self.num_thresholds = len(thresholds) + 2
            inner = sorted(_thresholds(list(thresholds), 0.5))
        else:
            if not isinstance(num_thresholds, int) or num_thresholds <= 1:
                raise ValueError("`num_thresholds` must be > 1.")
            self.num_thresholds = num_thresholds
            inner = [(i + 1) * 1.0 / (num_thresholds - 1) for i in range(num_thresholds - 2)]
        self.thresholds = [0.0 - backend.epsilon()] + inner + [1.0 + backend.epsilon()]
        for kind in (_TP, _TN, _FP, _FN):
            setattr(self, kind, self.add_weight(kind, shape=(self.num_thresholds,), initializer="zeros"))

    def update_state(self, y_true, y_pred, sample_weight=None):
        _confusion_counts(self, (_TP, _TN, _FP, _FN), y_true, y_pred, self.thresholds, sample_weight=sample_weight)

    def result(self):
        tp, tn, fp, fn = (convert(getattr(self, kind)) for kind in (_TP, _TN, _FP, _FN))
        if self.curve == "PR" and self.summation_method == "interpolation":
            return wrap(_interpolate_pr_auc(tp, fp, fn))
        recall = _div_no_nan(tp, tp + fn)
        if self.curve == "ROC":
            x, y = _div_no_nan(fp, fp + tn), recall
        else:
            x, y = recall, _div_no_nan(tp, tp + fp)
        if self.summation_method == "interpolation":
            heights = (y[:-1] + y[1:]) / 2.0
        elif self.summation_method == "minoring":
            heights = torch.minimum(y[:-1], y[1:])
        else:
            heights = torch.maximum(y[:-1], y[1:])
        return wrap(((x[:-1] - x[1:]) * heights).sum())

    def get_config(self):
        return {"num_thresholds": self.num_thresholds, "curve": self.curve,
                "summation_method": self.summation_method, "thresholds": self.thresholds[1:-1],
                **super().get_config()}


class _SensitivitySpecificityBase(Metric):
    """The four confusion counts at ``num_thresholds`` thresholds spread evenly over [0, 1] (0.5 alone for
    one), of column ``class_id`` alone if given; ``result`` reads one rate at the threshold where the other
    is closest to ``value`` (TF 1.15's argmin rule, the first such threshold on ties)."""

    _value_name = None

    def __init__(self, value, num_thresholds=200, class_id=None, name=None, dtype=None):
        super().__init__(name=name, dtype=dtype)
        if not isinstance(value, (int, float)) or isinstance(value, bool) or not 0 <= value <= 1:
            raise ValueError(f"`{self._value_name}` must be in the range [0, 1].")
        if not isinstance(num_thresholds, int) or isinstance(num_thresholds, bool) or num_thresholds <= 0:
            raise ValueError("`num_thresholds` must be > 0.")
        self.value, self.num_thresholds, self.class_id = value, num_thresholds, class_id
        setattr(self, self._value_name, value)
        for kind in (_TP, _TN, _FP, _FN):
            setattr(self, kind, self.add_weight(kind, shape=(num_thresholds,), initializer="zeros"))
        if num_thresholds == 1:
            self.thresholds = [0.5]
        else:
            inner = [(i + 1) * 1.0 / (num_thresholds - 1) for i in range(num_thresholds - 2)]
            self.thresholds = [0.0] + inner + [1.0]

    def update_state(self, y_true, y_pred, sample_weight=None):
        _confusion_counts(self, (_TP, _TN, _FP, _FN), y_true, y_pred, self.thresholds, class_id=self.class_id,
                          sample_weight=sample_weight)

    def _rate_at_closest(self, constrained, reported):
        """``reported``'s ratio (numerator, other) at the threshold where ``constrained``'s is closest to value."""
        rates = _div_no_nan(constrained[0], constrained[0] + constrained[1])
        index = int(torch.argmin((rates - self.value).abs()))
        numerator, other = reported[0][index], reported[1][index]
        return wrap(_div_no_nan(numerator, numerator + other))

    def get_config(self):
        return {"num_thresholds": self.num_thresholds, self._value_name: self.value, "class_id": self.class_id,
                **super().get_config()}


@export("keras.metrics.SensitivityAtSpecificity")
class SensitivityAtSpecificity(_SensitivitySpecificityBase):
    """The sensitivity (recall) at the threshold whose specificity is closest to ``specificity``."""

    _value_name = "specificity"

    def __init__(self, specificity, num_thresholds=200, class_id=None, name=None, dtype=None):
        super().__init__(specificity, num_thresholds=num_thresholds, class_id=class_id, name=name, dtype=dtype)

    def result(self):
        tp, tn, fp, fn = (convert(getattr(self, kind)) for kind in (_TP, _TN, _FP, _FN))
        return self._rate_at_closest((tn, fp), (tp, fn))


@export("keras.metrics.SpecificityAtSensitivity")
class SpecificityAtSensitivity(_SensitivitySpecificityBase):
    """The specificity at the threshold whose sensitivity (recall) is closest to ``sensitivity``."""

    _value_name = "sensitivity"

    def __init__(self, sensitivity, num_thresholds=200, class_id=None, name=None, dtype=None):
        super().__init__(sensitivity, num_thresholds=num_thresholds, class_id=class_id, name=name, dtype=dtype)

    def result(self):
        tp, tn, fp, fn = (convert(getattr(self, kind)) for kind in (_TP, _TN, _FP, _FN))
        return self._rate_at_closest((tp, fn), (tn, fp))


def _div_no_nan(numerator, denominator):
    return torch.where(denominator == 0, torch.zeros_like(numerator),
                       numerator / torch.where(denominator == 0, torch.ones_like(denominator), denominator))


def _interpolate_pr_auc(tp, fp, fn):
    """The PR AUC by Davis & Goadrich's interpolation (TF's interpolate_pr_auc)."""
    dtp = tp[:-1] - tp[1:]
    p = tp + fp
    dp = p[:-1] - p[1:]
    slope = _div_no_nan(dtp, dp.clamp(min=0))
    intercept = tp[1:] - slope * p[1:]
    ratio = torch.where((p[:-1] > 0) & (p[1:] > 0), _div_no_nan(p[:-1], p[1:].clamp(min=0)), torch.ones_like(p[1:]))
    return _div_no_nan(slope * (dtp + intercept * torch.log(ratio)), (tp[1:] + fn[1:]).clamp(min=0)).sum()


@export("keras.metrics.MeanIoU")
class MeanIoU(Metric):
    """The mean over classes of true positives / (true positives + false positives + false negatives)."""

    def __init__(self, num_classes, name=None, dtype=None):
        super().__init__(name=name, dtype=dtype)
        self.num_classes = num_classes
        self.total_cm = self.add_weight("total_confusion_matrix", shape=(num_classes, num_classes),
                                        initializer="zeros", dtype=dtypes.float64)

    def update_state(self, y_true, y_pred, sample_weight=None):
        y_true = convert(y_true, None).to(dtypes.as_dtype(self._dtype)._torch).reshape(-1)
        y_pred = convert(y_pred, None).to(dtypes.as_dtype(self._dtype)._torch).reshape(-1)
        weights = None if sample_weight is None else wrap(convert(sample_weight).reshape(-1))
        self.total_cm.assign_add(confusion_matrix(wrap(y_true), wrap(y_pred), self.num_classes, weights=weights,
                                                  dtype=dtypes.float64))

    def result(self):
        matrix = convert(self.total_cm).to(dtypes.as_dtype(self._dtype)._torch)
        true_positives = torch.diagonal(matrix)
        denominator = matrix.sum(0) + matrix.sum(1) - true_positives
        valid = (denominator != 0).sum().to(matrix.dtype)
        iou = _div_no_nan(true_positives, denominator)
        return wrap(_div_no_nan(iou.sum(), valid))

    def get_config(self):
        return {"num_classes": self.num_classes, **super().get_config()}
