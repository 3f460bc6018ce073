"""tf.image's bounding-box ops with TF 1.15's kernels' rules: the non-max suppressions (hard, soft,
over precomputed overlaps, padded, combined per class), crop_and_resize (differentiable with respect
to the image and the boxes through torch autograd) and draw_bounding_boxes.

The suppressions run on the host, as TF's CPU kernels do: the greedy selection is inherently sequential,
and it computes the IoU of each selected box with the others only (selected x boxes, not boxes²); their
outputs go back to the boxes' device.
"""

import collections

import numpy as np
import torch

from ...framework import dtypes
from ...framework.dtypes import dtype_of
from ...framework.errors import OutOfRangeError, attr_error, invalid_argument
from ...framework.tensor import convert, is_tensor, wrap
from ...framework.tensor_shape import shape_text
from ...registry import PARTIAL, export
from ..arguments import check_size, int_arg

_FLOAT_TYPES = (dtypes.float16, dtypes.float32)


def _float_input(value, op, name, allowed=_FLOAT_TYPES, allowed_text="half, float"):
    """The backing of a float input: a Python value of another dtype is converted to float32 as TF's eager op
    wrappers convert it (the op's default type); a tensor of another dtype is TF's attr error."""
    backing = convert(value)
    dtype = dtypes.string if type(backing) is np.ndarray else dtype_of(backing)
    if dtype not in allowed and not is_tensor(value):
        try:
            backing, dtype = convert(value, dtypes.float32), dtypes.float32
        except (TypeError, ValueError):
            pass
    if dtype not in allowed:
        raise attr_error(op, "T", dtype, allowed_text)
    return backing


def _rank_error(name, shape, rank, op):
    return invalid_argument(f"{name} must be {rank}-D, got shape {shape_text(shape)} (Shape must be rank {rank} but "
                            f"is rank {len(shape)})", op)


def _scalar_float(value, op, name):
    backing = convert(value)
    if type(backing) is np.ndarray or not (backing.dtype.is_floating_point or backing.dtype in (torch.int32,
                                                                                                torch.int64)):
        raise attr_error(op, "T", dtypes.string if type(backing) is np.ndarray else dtype_of(backing), "half, float")
    if backing.dim() != 0:
        raise _rank_error(name, list(backing.shape), 0, op)
    return float(backing)


def _scalar_int(value, op, name):
    ints = int_arg(value, op, name)
    if type(ints) is list:
        raise _rank_error(name, list(np.shape(ints)), 0, op)
    if not -2 ** 31 <= ints < 2 ** 31:  # an int32 input: TF converts a larger Python int to int64 and refuses it
        raise ValueError(f"Tensor conversion requested dtype int32 for Tensor with dtype int64: {name}={ints}")
    return ints


# --- non-max suppression ------------------------------------------------------------------------------

class _IoU:
    """Rows of the intersection-over-union of host boxes given by any two opposite corners (0 where a box is
    empty), computed as the greedy selection asks for them: O(selected x boxes), as TF's kernel."""

    def __init__(self, boxes):
        y1, x1, y2, x2 = np.asarray(boxes, np.float32).T
        self.ymin, self.ymax = np.minimum(y1, y2), np.maximum(y1, y2)
        self.xmin, self.xmax = np.minimum(x1, x2), np.maximum(x1, x2)
        self.area = (self.ymax - self.ymin) * (self.xmax - self.xmin)

    def __getitem__(self, i):
        height = np.maximum(np.minimum(self.ymax[i], self.ymax) - np.maximum(self.ymin[i], self.ymin), 0)
        width = np.maximum(np.minimum(self.xmax[i], self.xmax) - np.maximum(self.xmin[i], self.xmin), 0)
        intersection = height * width
        union = self.area[i] + self.area - intersection
        with np.errstate(divide="ignore", invalid="ignore"):
            iou = intersection / union
        return np.where((self.area[i] > 0) & (self.area > 0), iou, np.float32(0))


def _greedy(similarity, scores, max_output, threshold, score_threshold, soft_sigma=0.0):
    """TF's greedy selection: (indices, their final scores), ``similarity[i]`` giving box i's row of overlaps.

    Candidates above ``score_threshold`` are taken by decreasing score (lower index first on ties); each
    selected box suppresses the others whose similarity exceeds ``threshold`` (hard NMS) or, with
    ``soft_sigma`` > 0, scales their scores by exp(-similarity² / (2 sigma)) (Soft-NMS, threshold unused)."""
    scores = scores.astype(np.float32).copy()
    alive = scores > score_threshold
    selected, selected_scores = [], []
    if soft_sigma <= 0:  # hard NMS: one pass in score order
        for best in np.argsort(-scores, kind="stable"):
            if len(selected) >= max_output:
                break
            if alive[best]:
                selected.append(best)
                selected_scores.append(scores[best])
                alive &= ~(similarity[best] > threshold)
        return np.array(selected, np.int32), np.array(selected_scores, np.float32)
    scale = np.float32(-0.5 / soft_sigma)
    while len(selected) < max_output and alive.any():
        candidates = np.flatnonzero(alive)
        best = candidates[np.argmax(scores[candidates])]
        selected.append(best)
        selected_scores.append(scores[best])
        alive[best] = False
        row = similarity[best]
        scores = (scores * np.exp(scale * row * row)).astype(np.float32)
        alive &= scores > score_threshold
    return np.array(selected, np.int32), np.array(selected_scores, np.float32)


def _nms_inputs(boxes, scores, max_output_size, iou_threshold, score_threshold, op):
    box_values = _float_input(boxes, op, "boxes")
    score_values = _float_input(scores, op, "scores")
    maximum = _scalar_int(max_output_size, op, "max_output_size")
    threshold = _scalar_float(iou_threshold, op, "iou_threshold")
    floor = _scalar_float(score_threshold, op, "score_threshold")
    if not 0.0 <= threshold <= 1.0:
        raise invalid_argument("iou_threshold must be in [0, 1]", op)
    if box_values.dim() != 2:
        raise _rank_error("boxes", list(box_values.shape), 2, op)
    if box_values.shape[1] != 4:
        raise invalid_argument(f"boxes must have 4 columns{shape_text(box_values.shape)} (Dimension must be 4 but is "
                               f"{box_values.shape[1]})", op)
    if score_values.dim() != 1:
        raise _rank_error("scores", list(score_values.shape), 1, op)
    if score_values.shape[0] != box_values.shape[0]:
        raise invalid_argument(f"scores has incompatible shape (Dimensions must be equal, but are "
                               f"{box_values.shape[0]} and {score_values.shape[0]})", op)
    if maximum < 0:
        raise invalid_argument("max_output_size must be non-negative", op)
    return box_values, score_values, maximum, threshold, floor


def _host(values):
    return values.detach().to(torch.float32).cpu().numpy()


def _on(values, device):
    return torch.from_numpy(values).to(device)


@export("image.non_max_suppression")
def non_max_suppression(boxes, scores, max_output_size, iou_threshold=0.5, score_threshold=float("-inf"),
                        name=None):
    """The int32 indices of at most ``max_output_size`` boxes chosen greedily by score, each pruning the boxes
    whose IoU with it exceeds ``iou_threshold``; boxes scoring ``score_threshold`` or less are never chosen."""
    box_values, score_values, maximum, threshold, floor = _nms_inputs(
        boxes, scores, max_output_size, iou_threshold, score_threshold, "NonMaxSuppressionV3")
    indices, _ = _greedy(_IoU(_host(box_values)), _host(score_values), maximum, threshold, floor)
    return wrap(_on(indices, box_values.device))


@export("image.non_max_suppression_with_scores")
def non_max_suppression_with_scores(boxes, scores, max_output_size, iou_threshold=0.5, score_threshold=float("-inf"),
                                    soft_nms_sigma=0.0, name=None):
    """(indices, scores) of non_max_suppression; with ``soft_nms_sigma`` > 0 Soft-NMS (Gaussian weighting,
    ``iou_threshold`` ignored) and the decayed scores."""
    op = "NonMaxSuppressionV5"
    box_values, score_values, maximum, threshold, floor = _nms_inputs(
        boxes, scores, max_output_size, iou_threshold, score_threshold, op)
    sigma = _scalar_float(soft_nms_sigma, op, "soft_nms_sigma")
    if sigma < 0:
        raise invalid_argument("soft_nms_sigma_val must be >= 0", op)
    indices, kept = _greedy(_IoU(_host(box_values)), _host(score_values), maximum, threshold, floor, sigma)
    device = box_values.device
    return wrap(_on(indices, device)), wrap(_on(kept, device).to(score_values.dtype))


@export("image.non_max_suppression_overlaps")
def non_max_suppression_overlaps(overlaps, scores, max_output_size, overlap_threshold=0.5,
                                 score_threshold=float("-inf"), name=None):
    """non_max_suppression over a precomputed [N, N] ``overlaps`` matrix (pruning above ``overlap_threshold``)."""
    op = "NonMaxSuppressionWithOverlaps"
    overlap_values = _float_input(overlaps, op, "overlaps", (dtypes.float32,), "float")
    score_values = _float_input(scores, op, "scores", (dtypes.float32,), "float")
    maximum = _scalar_int(max_output_size, op, "max_output_size")
    threshold = _scalar_float(overlap_threshold, op, "overlap_threshold")
    floor = _scalar_float(score_threshold, op, "score_threshold")
    if overlap_values.dim() != 2 or overlap_values.shape[0] != overlap_values.shape[1]:
        raise invalid_argument(f"overlaps must be square{shape_text(overlap_values.shape)}", op)
    if score_values.dim() != 1 or score_values.shape[0] != overlap_values.shape[0]:
        raise invalid_argument(f"scores has incompatible shape{shape_text(score_values.shape)}", op)
    if maximum < 0:
        raise invalid_argument("max_output_size must be non-negative", op)
    indices, _ = _greedy(_host(overlap_values), _host(score_values), maximum, threshold, floor)
    return wrap(_on(indices, overlap_values.device))


@export("image.non_max_suppression_padded", status=PARTIAL,
        note="TF 1.15's NonMaxSuppressionV4 selection for each image; sorted_input, canonicalized_coordinates "
             "and tile_size (TF 2.x's batched fast path) only change speed there and are not used.")
def non_max_suppression_padded(boxes, scores, max_output_size, iou_threshold=0.5, score_threshold=float("-inf"),
                               pad_to_max_output_size=False, name=None, sorted_input=False,
                               canonicalized_coordinates=False, tile_size=512):
    """(indices, num_valid): non_max_suppression's indices, zero-padded to ``max_output_size`` when
    ``pad_to_max_output_size``; boxes [..., N, 4] with leading batch dimensions need the padding."""
    op = "NonMaxSuppressionV4"
    box_values = _float_input(boxes, op, "boxes")
    if box_values.dim() <= 2:
        indices = non_max_suppression(boxes, scores, max_output_size, iou_threshold, score_threshold)._t
        count = indices.shape[0]
        if pad_to_max_output_size:
            maximum = _scalar_int(max_output_size, op, "max_output_size")
            check_size([maximum], op, torch.int32, box_values.device)
            indices = torch.nn.functional.pad(indices, (0, maximum - count))
        return wrap(indices), wrap(torch.tensor(count, dtype=torch.int32, device=box_values.device))
    if not pad_to_max_output_size:
        raise ValueError(f"'pad_to_max_output_size' (value {pad_to_max_output_size}) must be True for batched input")
    score_values = _float_input(scores, op, "scores")
    if tuple(score_values.shape) != tuple(box_values.shape[:-1]):
        raise invalid_argument(f"scores has incompatible shape{shape_text(score_values.shape)}", op)
    flat_boxes, flat_scores = box_values.reshape(-1, *box_values.shape[-2:]), score_values.reshape(-1,
                                                                                                    score_values.shape[-1])
    results = [non_max_suppression_padded(wrap(b), wrap(s), max_output_size, iou_threshold, score_threshold, True)
               for b, s in zip(flat_boxes, flat_scores)]
    batch = tuple(box_values.shape[:-2])
    indices = torch.stack([r[0]._t for r in results]).reshape(*batch, -1)
    counts = torch.stack([r[1]._t for r in results]).reshape(batch)
    return wrap(indices), wrap(counts)


CombinedNonMaxSuppression = collections.namedtuple(
    "CombinedNonMaxSuppression", ["nmsed_boxes", "nmsed_scores", "nmsed_classes", "valid_detections"])


@export("image.combined_non_max_suppression")
def combined_non_max_suppression(boxes, scores, max_output_size_per_class, max_total_size, iou_threshold=0.5,
                                 score_threshold=float("-inf"), pad_per_class=False, clip_boxes=True, name=None):
    """Hard NMS of each class of each image, the survivors of all classes sorted by score: (nmsed_boxes
    [B, D, 4], nmsed_scores [B, D], nmsed_classes [B, D] (float), valid_detections [B] int32), zero-padded to
    D = ``max_total_size`` (or min(max_total_size, max_output_size_per_class * classes) with ``pad_per_class``)."""
    op = "CombinedNonMaxSuppression"
    box_values = _float_input(boxes, op, "boxes", (dtypes.float32,), "float")
    score_values = _float_input(scores, op, "scores", (dtypes.float32,), "float")
    per_class = _scalar_int(max_output_size_per_class, op, "max_output_size_per_class")
    total = _scalar_int(max_total_size, op, "max_total_size")
    threshold = _scalar_float(iou_threshold, op, "iou_threshold")
    floor = _scalar_float(score_threshold, op, "score_threshold")
    if box_values.dim() != 4 or box_values.shape[3] != 4:
        raise invalid_argument(f"boxes must be 4-D{shape_text(box_values.shape)}", op)
    if score_values.dim() != 3:
        raise invalid_argument(f"scores must be 3-D{shape_text(score_values.shape)}", op)
    batch, count, q = box_values.shape[:3]
    classes = score_values.shape[2]
    if tuple(score_values.shape[:2]) != (batch, count) or q not in (1, classes):
        raise invalid_argument(f"third dimension of boxes must be either 1 or {classes}", op)
    if not 0.0 <= threshold <= 1.0:
        raise invalid_argument("iou_threshold must be in [0, 1]", op)
    if per_class <= 0:
        raise invalid_argument("max_size_per_class should be > 0", op)
    if total <= 0:
        raise invalid_argument("max_total_size should be > 0", op)
    detections = min(total, per_class * classes) if pad_per_class else total
    check_size([batch, detections, 4], op, torch.float32)
    host_boxes, host_scores = _host(box_values), _host(score_values)
    out_boxes = np.zeros((batch, detections, 4), np.float32)
    out_scores = np.zeros((batch, detections), np.float32)
    out_classes = np.zeros((batch, detections), np.float32)
    valid = np.zeros((batch,), np.int32)
    for b in range(batch):
        found = []  # (score, class, box index)
        for c in range(classes):
            k = c if q > 1 else 0
            indices, kept = _greedy(_IoU(host_boxes[b, :, k]), host_scores[b, :, c], per_class, threshold, floor)
            found.extend((score, c, index) for score, index in zip(kept, indices))
        found.sort(key=lambda item: -item[0])
        found = found[:detections]
        valid[b] = len(found)
        for slot, (score, c, index) in enumerate(found):
            out_boxes[b, slot] = host_boxes[b, index, c if q > 1 else 0]
            out_scores[b, slot], out_classes[b, slot] = score, c
    if clip_boxes:
        out_boxes = np.clip(out_boxes, 0.0, 1.0)
    device = box_values.device
    return CombinedNonMaxSuppression(wrap(_on(out_boxes, device)), wrap(_on(out_scores, device)),
                                     wrap(_on(out_classes, device)), wrap(_on(valid, device)))


# --- crop_and_resize ----------------------------------------------------------------------------------

_NUMERIC_IMAGES = (dtypes.uint8, dtypes.uint16, dtypes.int8, dtypes.int16, dtypes.int32, dtypes.int64,
                   dtypes.float16, dtypes.float32, dtypes.float64)


def _sample_positions(low, high, size, extent):
    """TF's source coordinates of ``size`` samples from ``low`` to ``high`` (normalized) in [0, extent - 1]:
    [boxes, size] positions and whether each lies inside the image."""
    if size > 1:
        scale = (high - low) * (extent - 1) / (size - 1)
        steps = torch.arange(size, dtype=low.dtype, device=low.device)
        positions = low[:, None] * (extent - 1) + steps[None] * scale[:, None]
    else:
        positions = (0.5 * (low + high) * (extent - 1))[:, None]
    inside = (positions >= 0) & (positions <= extent - 1)
    return positions, inside


@export("image.crop_and_resize")
def crop_and_resize(image, boxes, box_ind=None, crop_size=None, method="bilinear", extrapolation_value=0, name=None,
                    box_indices=None):
    """Crops of ``image`` [B, H, W, C] at the normalized ``boxes`` [N, 4] of the images ``box_ind`` [N], each
    resampled (bilinear or nearest) to ``crop_size``: float32 [N, crop_h, crop_w, C]; samples outside the image
    take ``extrapolation_value``."""
    op = "CropAndResize"
    if box_ind is None:
        box_ind = box_indices
    elif box_indices is not None:
        raise ValueError("Cannot specify both 'box_indices' and 'box_ind'")
    if crop_size is None:
        raise TypeError("crop_and_resize() missing required argument 'crop_size'")
    if method not in ("bilinear", "nearest"):
        raise invalid_argument(f"method must be 'bilinear' or 'nearest', got {method!r}", op)
    images = _float_input(image, op, "image", _NUMERIC_IMAGES,
                          "uint8, uint16, int8, int16, int32, int64, half, float, double")
    box_values = _float_input(boxes, op, "boxes", (dtypes.float32,), "float")
    index_values = convert(box_ind)
    if type(index_values) is np.ndarray or index_values.dtype != torch.int32:
        raise attr_error(op, "box_ind", dtypes.string if type(index_values) is np.ndarray else dtype_of(index_values),
                         "int32")
    sizes = int_arg(crop_size, op, "crop_size")
    if images.dim() != 4:
        raise invalid_argument(f"input image must be 4-D{shape_text(images.shape)}", op)
    if box_values.dim() != 2 or box_values.shape[1] != 4:
        raise invalid_argument(f"boxes must be 2-D{shape_text(box_values.shape)}", op)
    if index_values.dim() != 1 or index_values.shape[0] != box_values.shape[0]:
        raise invalid_argument(f"box_index has incompatible shape{shape_text(index_values.shape)}", op)
    if type(sizes) is not list or len(sizes) != 2:
        raise invalid_argument("crop_size must be a length-2 vector", op)
    crop_height, crop_width = sizes
    if crop_height <= 0 or crop_width <= 0:
        raise invalid_argument("crop dimensions must be positive", op)
    if not bool(torch.isfinite(box_values).all()):
        raise invalid_argument("Boxes contains at least one element that is not finite", op)
    batch, height, width, channels = images.shape
    check_size([box_values.shape[0], crop_height, crop_width, channels], op, torch.float32, images.device)
    if box_values.shape[0] and ((index_values < 0) | (index_values >= batch)).any():
        raise OutOfRangeError(None, None, f"box_index has values outside [0, batch_size) [Op:{op}]")
    fill = float(extrapolation_value)
    values = images if images.dtype.is_floating_point and images.dtype != torch.float16 else images.float()
    values = values.to(torch.float32) if values.dtype != torch.float64 else values
    return wrap(_crop_and_resize(values, box_values.to(values.device), index_values.to(values.device).long(),
                                 crop_height, crop_width, method, fill).to(torch.float32))


def _crop_and_resize(images, boxes, image_index, crop_height, crop_width, method, fill):
    height, width = images.shape[1], images.shape[2]
    boxes = boxes.to(images.dtype)
    y, y_inside = _sample_positions(boxes[:, 0], boxes[:, 2], crop_height, height)
    x, x_inside = _sample_positions(boxes[:, 1], boxes[:, 3], crop_width, width)
    inside = (y_inside[:, :, None] & x_inside[:, None, :])[..., None]
    n = image_index[:, None, None]

    def gather(rows, columns):
        return images[n, rows.clamp(0, height - 1)[:, :, None], columns.clamp(0, width - 1)[:, None, :]]

    if method == "nearest":
        out = gather(_round_half_away(y).long(), _round_half_away(x).long())
    else:
        top, left = y.detach().floor(), x.detach().floor()
        bottom, right = y.detach().ceil().long(), x.detach().ceil().long()
        y_lerp, x_lerp = (y - top)[:, :, None, None], (x - left)[:, None, :, None]
        top, left = top.long(), left.long()
        top_left, top_right = gather(top, left), gather(top, right)
        bottom_left, bottom_right = gather(bottom, left), gather(bottom, right)
        upper = top_left + (top_right - top_left) * x_lerp
        lower = bottom_left + (bottom_right - bottom_left) * x_lerp
        out = upper + (lower - upper) * y_lerp
    return torch.where(inside, out, torch.full_like(out, fill))


def _round_half_away(values):
    """C's roundf: halves away from zero."""
    return torch.sign(values) * torch.floor(values.abs() + 0.5)


# --- draw_bounding_boxes ------------------------------------------------------------------------------

_DEFAULT_COLORS = ((1, 1, 0, 1), (0, 0, 1, 1), (1, 0, 0, 1), (0, 1, 0, 1), (0.5, 0, 0.5, 1), (0.5, 0.5, 0, 1),
                   (0.5, 0, 0, 1), (0, 0, 0.5, 1), (0, 1, 1, 1), (1, 0, 1, 1))


@export("image.draw_bounding_boxes")
def draw_bounding_boxes(images, boxes, name=None, colors=None):
    """``images`` [B, H, W, depth] with the outline of each of ``boxes`` [B, N, 4] (normalized) drawn one pixel
    wide, box k in colour k of ``colors`` (cycled; TF's table by default)."""
    op = "DrawBoundingBoxesV2" if colors is not None else "DrawBoundingBoxes"
    pictures = _float_input(images, op, "images")
    box_values = _float_input(boxes, op, "boxes", (dtypes.float32,), "float")
    if pictures.dim() != 4:
        raise invalid_argument(f"The rank of the images should be 4{shape_text(pictures.shape)}", op)
    if box_values.dim() != 3 or box_values.shape[2] != 4 or box_values.shape[0] != pictures.shape[0]:
        raise invalid_argument(f"boxes must be [batch, num_boxes, 4]{shape_text(box_values.shape)}", op)
    batch, height, width, depth = pictures.shape
    palette = _palette(colors, depth, op)
    out = pictures.detach().clone()
    corners = box_values.detach().to(torch.float64).cpu().numpy()
    for b in range(batch):
        for k in range(corners.shape[1]):
            color = torch.tensor(palette[k % len(palette)][:depth], dtype=out.dtype, device=out.device)
            _draw_box(out[b], corners[b, k], height, width, color)
    return wrap(out)


def _palette(colors, depth, op):
    if colors is None:
        table = [list(c) for c in _DEFAULT_COLORS]
    else:
        values = _float_input(colors, op, "colors", (dtypes.float32,), "float")
        if values.dim() != 2:
            raise invalid_argument(f"colors must be a 2-D matrix{shape_text(values.shape)}", op)
        table = values.detach().cpu().tolist()
        if not table:
            table = [list(c) for c in _DEFAULT_COLORS]
    if any(len(color) < depth for color in table):
        raise invalid_argument("Channel depth should be less than or equal to the number of colors in the table", op)
    return table


def _draw_box(picture, corners, height, width, color):
    top, left = int((height - 1) * corners[0]), int((width - 1) * corners[1])
    bottom, right = int((height - 1) * corners[2]), int((width - 1) * corners[3])
    if top > bottom or left > right or top >= height or bottom < 0 or left >= width or right < 0:
        return  # TF's kernel skips (and logs) boxes that are inverted or wholly outside the image
    top_clamp, bottom_clamp = max(top, 0), min(bottom, height - 1)
    left_clamp, right_clamp = max(left, 0), min(right, width - 1)
    if 0 <= top < height:
        picture[top, left_clamp:right_clamp + 1] = color
    if 0 <= bottom < height:
        picture[bottom, left_clamp:right_clamp + 1] = color
    if 0 <= left < width:
        picture[top_clamp:bottom_clamp + 1, left] = color
    if 0 <= right < width:
        picture[top_clamp:bottom_clamp + 1, right] = color
