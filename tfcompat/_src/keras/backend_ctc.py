"""The CTC functions of TF 1.15's tf.keras.backend: ``ctc_label_dense_to_sparse``, ``ctc_batch_cost``
(TF's ctc_loss: the blank is the last class) and ``ctc_decode``, greedy or by TF's beam search.

The beam search is TF's CTCBeamSearchDecoder (ctc_beam_search.h) with its default scorer, restated over
Python floats: each step log-softmaxes the inputs, carries every beam's blank / label / total log
probabilities forward, and extends the beams that can still enter the ``beam_width`` best with every
non-blank label; the paths merge repeated labels (TF's ``merge_repeated=True``).
"""

import math

import torch

from ..framework.errors import InvalidArgumentError
from ..framework.sparse_tensor import SparseTensor
from ..framework.tensor import wrap
from ..ops.arguments import attr_int
from ..registry import export
from .backend import epsilon, numeric

_LOG_ZERO = -math.inf


@export("keras.backend.ctc_label_dense_to_sparse")
def ctc_label_dense_to_sparse(labels, label_lengths):
    """The first ``label_lengths[b]`` labels of each row of ``labels`` as a SparseTensor of labels' shape."""
    labels_t = numeric(labels, "ctc_label_dense_to_sparse")
    lengths = numeric(label_lengths, "ctc_label_dense_to_sparse")
    if labels_t.dim() != 2 or lengths.dim() != 1 or lengths.shape[0] != labels_t.shape[0]:
        raise ValueError(f"ctc_label_dense_to_sparse expects labels [batch, max_labels] and label_lengths [batch], "
                         f"got shapes {tuple(labels_t.shape)} and {tuple(lengths.shape)}")
    positions = torch.arange(labels_t.shape[1], device=labels_t.device)
    keep = positions.unsqueeze(0) < lengths.to(labels_t.device).unsqueeze(1)
    indices = keep.nonzero().to(torch.int64)
    return SparseTensor(wrap(indices), wrap(labels_t[keep]), list(labels_t.shape))


def _time_major_log(y_pred):
    """TF's ``log(transpose(y_pred, [1, 0, 2]) + epsilon())``: (time, batch, classes)."""
    y = numeric(y_pred, "ctc functions")
    if y.dim() != 3 or not y.is_floating_point():
        raise ValueError(f"y_pred must be a float tensor (samples, time_steps, num_categories), got {y_pred!r}")
    return torch.log(y.transpose(0, 1) + epsilon())


def _sequence_lengths(lengths, what, batch, max_time):
    lengths = numeric(lengths, "ctc functions")
    if lengths.dim() == 2 and lengths.shape[-1] == 1:
        lengths = lengths[:, 0]
    lengths = lengths.to(torch.int32)
    if tuple(lengths.shape) != (batch,):
        count = lengths.shape[0] if lengths.dim() else 0
        raise InvalidArgumentError(None, None, f"len({what}) != batch_size.  len({what}): {count} batch_size: {batch}")
    for b, length in enumerate(lengths.tolist()):
        if max_time is not None and length > max_time:
            raise InvalidArgumentError(None, None, f"{what}({b}) <= {max_time}")
    return lengths


@export("keras.backend.ctc_batch_cost")
def ctc_batch_cost(y_true, y_pred, input_length, label_length):
    """The CTC loss of each batch element, (samples, 1): ``y_pred`` holds softmax outputs (time steps second),
    the blank is the last class, repeated labels need a blank between them (TF's ctc_loss defaults)."""
    log_inputs = _time_major_log(y_pred)
    max_time, batch, classes = log_inputs.shape
    label_lengths = _sequence_lengths(label_length, "label_length", batch, None)
    input_lengths = _sequence_lengths(input_length, "sequence_length", batch, max_time)
    labels = numeric(y_true, "ctc_batch_cost").to(torch.int32)
    targets = []
    for b in range(batch):
        row = labels[b, :label_lengths[b]]
        if ((row < 0) | (row >= classes - 1)).any():
            raise InvalidArgumentError(None, None, f"Saw an invalid label (must be in [0, {classes - 1})): "
                                                   f"batch: {b} labels: {','.join(map(str, row.tolist()))}")
        required = len(row) + int((row[1:] == row[:-1]).sum())
        if required > int(input_lengths[b]):
            raise InvalidArgumentError(None, None, "Not enough time for target transition sequence (required: "
                                                   f"{required}, available: {int(input_lengths[b])})0You can turn this "
                                                   "error into a warning by using the flag "
                                                   "ignore_longer_outputs_than_inputs")
        targets.append(row)
    device = log_inputs.device
    losses = torch.nn.functional.ctc_loss(
        torch.log_softmax(log_inputs, dim=-1), torch.cat(targets).to(device=device, dtype=torch.long),
        input_lengths.to(torch.long), label_lengths.to(torch.long), blank=classes - 1, reduction="none")
    return wrap(losses.to(log_inputs.dtype).unsqueeze(1))


@export("keras.backend.ctc_decode")
def ctc_decode(y_pred, input_length, greedy=True, beam_width=100, top_paths=1):
    """``(decoded, log_prob)``: ``decoded`` lists the best paths (one for greedy decoding, ``top_paths`` for
    the beam search), each an int64 (samples, longest) tensor padded with -1; ``log_prob`` is
    (samples, paths): greedy, the negative sum of each step's best log probability; beam search, each
    path's log probability."""
    log_inputs = _time_major_log(y_pred)
    max_time, batch, classes = log_inputs.shape
    lengths = _sequence_lengths(input_length, "sequence_length", batch, max_time)
    if greedy:
        paths, scores = _greedy(log_inputs, lengths)
    else:
        beam_width = attr_int(beam_width, "beam_width", "CTCBeamSearchDecoder", minimum=1)
        top_paths = attr_int(top_paths, "top_paths", "CTCBeamSearchDecoder", minimum=1)
        if top_paths > beam_width:
            raise InvalidArgumentError(None, None, "requested more paths than the beam width.")
        rows = log_inputs.detach().to("cpu", torch.float32)
        searched = [_beam_search(rows[:int(lengths[b]), b], beam_width, top_paths) for b in range(batch)]
        paths = [[found[0][i] for found in searched] for i in range(top_paths)]
        scores = [[found[1][i] for found in searched] for i in range(top_paths)]
    decoded = [wrap(_padded(sequences, log_inputs.device)) for sequences in paths]
    log_prob = torch.tensor(scores, dtype=torch.float32).reshape(len(paths), batch).T.to(log_inputs.device)
    return decoded, wrap(log_prob.contiguous())


def _padded(sequences, device):
    longest = max((len(s) for s in sequences), default=0)
    dense = torch.full((len(sequences), longest), -1, dtype=torch.int64)
    for b, sequence in enumerate(sequences):
        dense[b, :len(sequence)] = torch.tensor(sequence, dtype=torch.int64)
    return dense.to(device)


def _greedy(log_inputs, lengths):
    """TF's CTCGreedyDecoder: the best class per step (the first maximum), repeats merged, blanks dropped."""
    blank = log_inputs.shape[2] - 1
    best_values, best_classes = log_inputs.detach().max(dim=-1)
    sequences, scores = [], []
    for b in range(log_inputs.shape[1]):
        steps = int(lengths[b])
        path = best_classes[:steps, b].tolist()
        sequences.append([c for t, c in enumerate(path) if c != blank and (t == 0 or c != path[t - 1])])
        scores.append(float(-best_values[:steps, b].sum()))
    return [sequences], [scores]


class _Beam:
    """A node of the beam tree: a label sequence (its parent's plus ``label``) and its log probabilities
    at the previous (``old_*``) and the current (``new_*``) step."""

    __slots__ = ("parent", "label", "children", "old_blank", "old_total", "new_blank", "new_label", "new_total")

    def __init__(self, parent, label):
        self.parent, self.label, self.children = parent, label, None
        self.old_blank = self.old_total = _LOG_ZERO
        self.new_blank = self.new_label = self.new_total = _LOG_ZERO

    def active(self):
        return self.new_total != _LOG_ZERO

    def reset_new(self):
        self.new_blank = self.new_label = self.new_total = _LOG_ZERO

    def labels(self):
        """The path from the root, repeated labels merged."""
        labels, previous, node = [], None, self
        while node.parent is not None:
            if node.label != previous:
                labels.append(node.label)
            previous, node = node.label, node.parent
        return labels[::-1]


def _log_sum_exp(a, b):
    if a == _LOG_ZERO:
        return b
    if b == _LOG_ZERO:
        return a
    high, low = (a, b) if a > b else (b, a)
    return high + math.log1p(math.exp(low - high))


def _beam_search(rows, beam_width, top_paths):
    """(paths, log probabilities) of the ``top_paths`` best beams over ``rows`` (time, classes)."""
    blank = rows.shape[1] - 1
    root = _Beam(None, -1)
    root.new_total = root.new_blank = 0.0
    leaves = [root]
    for row in torch.log_softmax(rows, dim=-1).tolist():
        leaves = _step(leaves, row, blank, beam_width)
    if len(leaves) < top_paths:
        raise InvalidArgumentError(None, None, "Less leaves in the beam search than requested.")
    best = sorted(leaves, key=lambda beam: beam.new_total, reverse=True)[:top_paths]
    return [beam.labels() for beam in best], [beam.new_total for beam in best]


def _step(leaves, row, blank, beam_width):
    """One step of TF's CTCBeamSearchDecoder::Step; returns the new leaves."""
    branches = sorted(leaves, key=lambda beam: beam.new_total, reverse=True)
    for beam in branches:
        beam.old_blank, beam.old_total = beam.new_blank, beam.new_total
    for beam in branches:
        if beam.parent is not None:
            if beam.parent.active():
                previous = beam.parent.old_blank if beam.label == beam.parent.label else beam.parent.old_total
                beam.new_label = _log_sum_exp(beam.new_label, previous)
            beam.new_label += row[beam.label]
        beam.new_blank = beam.old_total + row[blank]
        beam.new_total = _log_sum_exp(beam.new_blank, beam.new_label)
    leaves = list(branches)

    def is_candidate(total):
        return total > _LOG_ZERO and (len(leaves) < beam_width or total > min(b.new_total for b in leaves))

    for beam in branches:
        if not is_candidate(beam.old_total):
            continue
        if beam.children is None:
            beam.children = [_Beam(beam, label) for label in range(blank)]
        for child in beam.children:
            if child.active():
                continue
            child.new_blank = _LOG_ZERO
            previous = beam.old_blank if child.label == beam.label else beam.old_total
            child.new_label = child.new_total = row[child.label] + previous
            if is_candidate(child.new_total):
                if len(leaves) == beam_width:
                    bottom = min(leaves, key=lambda b: b.new_total)
                    bottom.reset_new()
                    leaves.remove(bottom)
                leaves.append(child)
            else:
                child.old_blank = child.old_total = _LOG_ZERO
                child.reset_new()
    return leaves
