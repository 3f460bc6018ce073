"""tf.nn: activations, bias_add, dropout and the cross-entropy losses, and the input checks that all
the tf.nn op modules share (conv_ops, pooling_ops, normalization_ops, embedding_ops).
"""

import math
import numbers

import numpy as np
import torch
import torch.nn.functional as F

from ..framework import dtypes
from ..framework.conversion import cannot_convert
from ..framework.errors import InvalidArgumentError, attr_error, invalid_argument
from ..framework.kernel_dtypes import (
    FLOAT_COMPLEX, FLOATING, FUSED_BATCH_NORM, INDEX, INDEX_DTYPES, MATMUL, MAX_POOL, MUL_DIV, NN_FLOAT, REAL,
    SIGNED, SQUARE, SUM, allowed, dtypes_in)
from ..framework.tensor import Tensor, binary_operands, convert, dtype_mismatch, dtype_of, translate_error, wrap
from ..framework.tensor_shape import shape_string
from ..registry import export
from . import random_ops
from .arguments import attr_int, deprecated_argument_lookup, python_int
from .creation_ops import cast_backing
from .reduction_ops import reduction_dims

# --- input checks and kernel helpers ----------------------------------------------------------------------

# (TF's allowed-type list, the backing dtypes it admits) of the kernels that nn ops run.
_REAL_NAMES, _REALS = allowed(REAL)  # Relu, Greater
_MAX_POOL_TYPES = dtypes_in(MAX_POOL)
_FUSED_BN_TYPES = dtypes_in(FUSED_BATCH_NORM)
_NUMBER_NAMES, _NUMBERS = allowed(SUM)  # Mean, BiasAdd
_SQUARE_NAMES, _SQUARE = allowed(SQUARE)
_SIGNED_NAMES, _SIGNED = allowed(SIGNED)  # Neg
_EXP_NAMES, _EXP = allowed(FLOAT_COMPLEX)  # Exp, Sqrt
_MUL_NAMES, _MUL = allowed(MUL_DIV)
_MATMUL_NAMES, _MATMUL = allowed(MATMUL)


def _check(backing, op_name, allowed=FLOATING, names=NN_FLOAT, attr="T"):
    """``backing`` (a torch tensor, or a tf.string's object ndarray) if the kernel admits its dtype.

    Every op checks its inputs' dtypes this way before any torch call, so string and bool
    tensors get TF's "Value for attr 'T' of string is not in the list ..." error.
    """
    if backing.dtype not in allowed:
        raise attr_error(op_name, attr, dtype_of(backing), names)
    return backing


def _input(value, op_name, allowed=FLOATING, names=NN_FLOAT, attr="T"):
    """The torch tensor of ``value``, which must have one of the kernel's ``allowed`` dtypes."""
    return _check(convert(value), op_name, allowed, names, attr)


def _on(reference, backing):
    """``backing`` on ``reference``'s device (TF copies inputs to the op's device); strings stay put."""
    if type(backing) is np.ndarray or type(reference) is np.ndarray or backing.device == reference.device:
        return backing
    return backing.to(reference.device)


def _same_dtype(first, value, op_name, index=1):
    """``value`` as a tensor of ``first``'s dtype and device (a Tensor of another dtype is TF's error)."""
    if type(value) is Tensor:
        backing = value._t
        if backing.dtype != first.dtype:
            raise dtype_mismatch(op_name, index, dtype_of(first), dtype_of(backing))
        return _on(first, backing)
    return _on(first, convert(value, dtype_of(first)))


def _dims(shape):
    """TF's kernel spelling of a shape: [2,3]."""
    return "[" + ",".join(str(d) for d in shape) + "]"


def _int_list(value, attr="strides", op_name="Conv2D"):
    """An int-list attr (strides, ksize, dilations) read with TF's make_int (1.5 -> 1, inf -> TypeError)."""
    if isinstance(value, Tensor):
        value = np.reshape(value.numpy(), -1).tolist()
    elif isinstance(value, (int, np.integer)):
        return [int(value)]
    elif not isinstance(value, (list, tuple, np.ndarray)):
        raise TypeError(f"Expected list for '{attr}' argument to '{op_name}' Op, not {value!r}.")
    return [v if type(v) is int else attr_int(v, attr, op_name) for v in value]


def _scalar_axis(axis, op_name):
    """An axis input that must be one integer (ConcatV2's, Range's): TF's errors for other dtypes/shapes."""
    if isinstance(axis, (int, np.integer)):
        return int(axis)
    backing = convert(axis) if isinstance(axis, Tensor) else convert(axis, dtypes.int32)
    _check(backing, op_name, INDEX_DTYPES, INDEX, attr="Tidx")
    if backing.dim() != 0:
        raise invalid_argument(f"axis tensor should be a scalar integer, but got shape {_dims(backing.shape)}",
                               op_name)
    return int(backing)


def _attr(value, kind, name, default):
    """TF's make_int / make_float for an op attribute passed as an argument (None: its default)."""
    if value is None:
        return default
    if not isinstance(value, (str, bytes)):
        try:
            return kind(value)
        except (TypeError, ValueError, OverflowError):
            pass
    raise TypeError(f"Expected {kind.__name__} for argument '{name}' not {value!r}.")


def _first_bad(values, limit):
    """The flat position of the first value outside [0, limit), or None.

    This reads the device, so only CPU kernels check (as in TF: its GPU kernels do not).
    """
    if not values.numel():
        return None
    lowest, highest = torch.aminmax(values)  # one reduction, no masks
    if int(lowest) >= 0 and int(highest) < limit:
        return None
    bad = (values < 0) | (values >= limit)
    return int(torch.nonzero(bad.reshape(-1))[0])


def _broadcasting(op_name, function, a, b):
    """``function(a, b)`` for a broadcasting kernel: TF's "Incompatible shapes" error for shapes
    that do not broadcast (and TF's error for any other torch failure)."""
    try:
        return function(a, b)
    except (RuntimeError, TypeError) as error:
        raise translate_error(error, op_name, a, b) from None


def _sum(a, dims, keep):
    """reduce_sum over ``dims`` (none: ``a`` itself, where torch would sum everything)."""
    return a.sum(dims, keepdim=keep, dtype=a.dtype) if dims else a


# --- activations -------------------------------------------------------------------------------------

@export("nn.relu")
def relu(features, name=None):
    return wrap(torch.relu(_input(features, "Relu", _REALS, _REAL_NAMES)))


@export("nn.relu6")
def relu6(features, name=None):
    a = _input(features, "Relu6", _REALS, _REAL_NAMES)
    return wrap(F.relu6(a) if a.dtype in FLOATING else torch.clamp(a, 0, 6))


@export("nn.elu")
def elu(features, name=None):
    return wrap(F.elu(_input(features, "Elu")))


_SELU_SCALE = 1.0507009873554804934193349852946
_SELU_ALPHA = 1.6732632423543772848170429916717


@export("nn.selu")
def selu(features, name=None):
    """Scaled ELU; at 0 the gradient is ``scale`` (TF's SeluGrad), not torch's ``scale * alpha``."""
    a = _input(features, "Selu")
    negative = _SELU_ALPHA * torch.expm1(torch.clamp_max(a, 0))
    return wrap(_SELU_SCALE * torch.where(a >= 0, a, negative))


@export("nn.softplus", "math.softplus")
def softplus(features, name=None):
    return wrap(F.softplus(_input(features, "Softplus")))


@export("nn.softsign", "math.softsign")
def softsign(features, name=None):
    return wrap(F.softsign(_input(features, "Softsign")))


@export("nn.leaky_relu")
def leaky_relu(features, alpha=0.2, name=None):
    """max(alpha * x, x); integer features are cast to float32 first, as in TF."""
    a = _input(features, "LeakyRelu", _REALS, _REAL_NAMES)
    if a.dtype not in FLOATING:
        a = a.to(torch.float32)
    if isinstance(alpha, np.ndarray):
        alpha = alpha.item()
    return wrap(F.leaky_relu(a, float(alpha)))


@export("nn.crelu")
def crelu(features, name=None, axis=-1):
    """Concatenated ReLU: relu(concat([x, -x], axis)); TF's Neg, ConcatV2 and Relu checks in that order."""
    a = _input(features, "Neg", _SIGNED, _SIGNED_NAMES)
    axis = _scalar_axis(axis, "ConcatV2")
    rank = a.dim()
    if not -rank <= axis < rank:
        raise invalid_argument(f"ConcatOp : Expected concatenating dimensions in the range [{-rank}, {rank}), "
                               f"but got {axis}", "ConcatV2")
    _check(a, "Relu", _REALS, _REAL_NAMES)
    return wrap(torch.relu(torch.cat([a, -a], axis)))


@export("nn.swish", "nn.silu")
def swish(features, beta=1.0):
    """x * sigmoid(beta * x); ``beta`` (a number or a tensor) is cast to the features' dtype."""
    a = _input(features, "Sigmoid")
    if type(beta) in (int, float) and beta == 1:
        return wrap(F.silu(a))
    b = convert(beta)
    b = _on(a, cast_backing(b, dtype_of(b), dtype_of(a)) if b.dtype != a.dtype else b)
    try:
        return wrap(a * torch.sigmoid(b * a))
    except RuntimeError as error:
        raise translate_error(error, "Mul", b, a) from None


def _softmax(logits, axis, dim, op_name, function):
    axis = deprecated_argument_lookup("axis", axis, "dim", dim)
    a = _input(logits, op_name)
    axis = -1 if axis is None else python_int(axis, op_name, "axis")
    rank = a.dim()
    if axis != -1 and not -rank <= axis < rank:
        raise InvalidArgumentError(None, None, f"Dimension ({axis}) must be in the range [{-rank}, {rank}) "
                                               f"where {rank} is the number of dimensions in the input.")
    if rank == 0:
        raise invalid_argument("logits must have >= 1 dimension, got []", op_name)
    return wrap(function(a, axis))


@export("nn.softmax", "math.softmax")
def softmax(logits, axis=None, name=None, dim=None):
    return _softmax(logits, axis, dim, "Softmax", torch.softmax)


@export("nn.log_softmax", "math.log_softmax")
def log_softmax(logits, axis=None, name=None, dim=None):
    return _softmax(logits, axis, dim, "LogSoftmax", torch.log_softmax)


@export("nn.l2_normalize", "math.l2_normalize", "linalg.l2_normalize")
def l2_normalize(x, axis=None, epsilon=1e-12, name=None, dim=None):
    """x * rsqrt(max(sum(x**2, axis), epsilon))."""
    axis = deprecated_argument_lookup("axis", axis, "dim", dim)
    a = _input(x, "Square", _SQUARE, _SQUARE_NAMES)
    axes = reduction_dims(a, axis, "Sum")
    if a.dtype not in FLOATING:  # TF converts epsilon to x's dtype for Maximum
        raise cannot_convert(epsilon, dtype_of(a))
    square_sum = a.square().sum(axes, keepdim=True) if axes else a.square()
    floor = binary_operands(wrap(square_sum), epsilon, "Maximum")[1]  # epsilon in x's dtype (1e10 -> inf in half)
    bounded = torch.clamp_min(square_sum, floor) if type(floor) is not torch.Tensor else \
        _broadcasting("Maximum", torch.maximum, square_sum, floor)
    return wrap(_broadcasting("Mul", torch.mul, a, torch.rsqrt(bounded)))


@export("nn.l2_loss")
def l2_loss(t, name=None):
    """sum(t ** 2) / 2 as a scalar."""
    a = _input(t, "L2Loss")
    return wrap(a.square().sum() / 2)


@export("nn.zero_fraction")
def zero_fraction(value, name=None):
    """The fraction of zeros (b"" for tf.string, False for bool) in ``value``, as a float32 scalar."""
    a = convert(value)
    if type(a) is np.ndarray:
        a = torch.from_numpy(np.asarray(a != b""))
    zeros = a.numel() - torch.count_nonzero(a)
    return wrap(zeros.to(torch.float32) / a.numel())  # TF: float32(zeros) / float32(size)


# --- bias and dense helpers ----------------------------------------------------------------------------

def _bias_add(a, b, data_format, op_name="BiasAdd"):
    if b.dtype != a.dtype:
        raise dtype_mismatch(op_name, 1, dtype_of(a), dtype_of(b))
    b = _on(a, b)
    if a.dim() < 2:
        raise invalid_argument(f"Input tensor must be at least 2D: {_dims(a.shape)}", op_name)
    if b.dim() != 1:
        raise invalid_argument(f"Biases must be 1D: {_dims(b.shape)}", op_name)
    channels_first = data_format == "NCHW" and a.dim() > 2
    if a.shape[1 if channels_first else -1] != b.shape[0]:
        raise invalid_argument(f"Must provide as many biases as the last dimension of the input tensor: "
                               f"{_dims(b.shape)} vs. {_dims(a.shape)}", op_name)
    if channels_first:
        b = b.reshape((-1,) + (1,) * (a.dim() - 2))
    return a + b


@export("nn.bias_add")
def bias_add(value, bias, data_format=None, name=None):
    """value + bias along the channel dimension (the last one, or dimension 1 for NCHW)."""
    if data_format not in (None, "NHWC", "NCHW"):
        raise attr_error("BiasAdd", "data_format", f'"{data_format}"', '"NHWC", "NCHW"')
    return wrap(_bias_add(_input(value, "BiasAdd", _NUMBERS, _NUMBER_NAMES), convert(bias), data_format))


def _xw_plus_b(x, weights, biases):
    a = _input(x, "MatMul", _MATMUL, _MATMUL_NAMES)
    w = _same_dtype(a, weights, "MatMul")
    for index, matrix in enumerate((a, w)):
        if matrix.dim() != 2:
            raise invalid_argument(f"In[{index}] is not a matrix. Instead it has shape {_dims(matrix.shape)}",
                                   "MatMul")
    if a.shape[1] != w.shape[0]:
        raise invalid_argument(f"Matrix size-incompatible: In[0]: {_dims(a.shape)}, In[1]: {_dims(w.shape)}",
                               "MatMul")
    try:
        product = a @ w
    except RuntimeError as error:
        raise translate_error(error, "MatMul", a, w) from None
    return _bias_add(product, convert(biases), None)


@export("nn.xw_plus_b")
def xw_plus_b(x, weights, biases, name=None):
    """matmul(x, weights) + biases."""
    return wrap(_xw_plus_b(x, weights, biases))


@export("nn.relu_layer")
def relu_layer(x, weights, biases, name=None):
    """relu(matmul(x, weights) + biases)."""
    return wrap(torch.relu(_xw_plus_b(x, weights, biases)))


# --- dropout ---------------------------------------------------------------------------------------------

def _noise_shape(a, noise_shape):
    """TF's _get_noise_shape: ``a``'s shape by default; None entries of a full-rank list take ``a``'s sizes."""
    if noise_shape is None:
        return list(a.shape)
    if isinstance(noise_shape, (list, tuple)) and len(noise_shape) == a.dim():
        return [size if dim is None else python_int(dim, "Dropout", "noise_shape")
                for dim, size in zip(noise_shape, a.shape)]
    return _int_list(noise_shape)


@export("nn.dropout")
def dropout(x, keep_prob=None, noise_shape=None, seed=None, name=None, rate=None):
    """TF 1.x dropout: exactly one of keep_prob / rate; kept values are scaled by 1 / (1 - rate)."""
    try:
        keep = 1. - keep_prob if keep_prob is not None else None
    except TypeError:
        raise ValueError(f"keep_prob must be a floating point number or Tensor (got {keep_prob!r})") from None
    rate = deprecated_argument_lookup("rate", rate, "keep_prob", keep)
    if rate is None:
        raise ValueError("You must provide a rate to dropout.")
    a = convert(x)
    if a.dtype not in FLOATING:
        raise ValueError(f"x has to be a floating point tensor since it's going to be scaled. "
                         f"Got a {dtype_of(a)} tensor instead.")
    if isinstance(rate, numbers.Real):
        if not 0 <= rate < 1:
            raise ValueError(f"rate must be a scalar tensor or a float in the range [0, 1), got {rate:g}")
        drop = float(rate)
    else:
        drop = convert(rate, dtype_of(a))
        if drop.dim() != 0:
            raise ValueError(f"Shapes {shape_string(tuple(drop.shape))} and () are incompatible")
    if drop == 0:
        return x if type(x) is Tensor else wrap(a)
    shape = _noise_shape(a, noise_shape)
    try:
        torch.broadcast_shapes(a.shape, shape)
    except RuntimeError:
        raise invalid_argument(f"Incompatible shapes: {_dims(a.shape)} vs. {_dims(shape)}", "Mul") from None
    generator = random_ops.generator_for(seed, ("RandomUniform", dtype_of(a)), a.device)
    noise = torch.rand(shape, generator=generator, dtype=a.dtype, device=a.device)
    return wrap(a * (1 / (1 - drop)) * (noise >= drop).to(a.dtype))


# --- losses -----------------------------------------------------------------------------------------------------

def _ensure_xent_args(name, sentinel, labels, logits):
    if sentinel is not None:
        raise ValueError(f"Only call `{name}` with named arguments (labels=..., logits=..., ...)")
    if labels is None or logits is None:
        raise ValueError("Both labels and logits must be provided.")


class _SoftmaxXent(torch.autograd.Function):
    """-sum(labels * log_softmax(logits)) with TF's gradient: softmax - labels (labels assumed normalized)."""

    @staticmethod
    def forward(ctx, logits, labels):
        ctx.save_for_backward(logits, labels)
        # TF's kernel sums labels * (log(sum_exp) - shifted logits): a zero loss is +0, not -0
        return (labels * (0 - torch.log_softmax(logits, -1))).sum(-1)

    @staticmethod
    def backward(ctx, grad):
        logits, labels = ctx.saved_tensors
        log_p = torch.log_softmax(logits, -1)
        grad = grad.unsqueeze(-1)
        return (grad * (log_p.exp() - labels),
                -grad * log_p if ctx.needs_input_grad[1] else None)


def _softmax_xent(labels, logits, axis, labels_gradient=True):
    """TF's _softmax_cross_entropy_with_logits_v2 helper: labels are cast to the logits' dtype, a
    non-default ``axis`` is moved last (TF's Range / Transpose checks), then the kernel runs."""
    op_name = "SoftmaxCrossEntropyWithLogits"
    x = convert(logits)
    z = convert(labels)
    if not labels_gradient and type(z) is not np.ndarray:
        z = z.detach()
    if z.dtype != x.dtype:
        z = cast_backing(z, dtype_of(z), dtype_of(x))
    rank = x.ndim
    axis = -1 if axis is None else _scalar_axis(axis, "Range")
    if axis != -1:
        if not 0 <= axis < rank:  # TF builds the permutation with range(axis), range(axis + 1, rank)
            start, limit = (0, axis) if axis < 0 else (axis + 1, rank)
            raise invalid_argument(f"Requires start <= limit when delta > 0: {start}/{limit}", "Range")
        if z.ndim != rank:
            raise invalid_argument(f"transpose expects a vector of size {z.ndim}. But input(1) is a vector of "
                                   f"size {rank}", "Transpose")
    if rank == 0 or z.ndim == 0:
        raise invalid_argument("logits and labels must be either 2-dimensional, or broadcasted to be "
                               "2-dimensional", op_name)
    _check(x, op_name)
    z = _on(x, z)
    if axis != -1:
        x, z = x.movedim(axis, -1), z.movedim(axis, -1)
    if z.shape != x.shape:
        try:
            z = z.expand(x.shape)
        except RuntimeError:
            flat = [f"[{math.prod(s[:-1])},{s[-1]}]" for s in (x.shape, z.shape)]
            raise invalid_argument(f"logits and labels must be broadcastable: logits_size={flat[0]} "
                                   f"labels_size={flat[1]}", op_name) from None
    precise = _precise(x)
    return wrap(_SoftmaxXent.apply(precise, z.to(precise.dtype)).to(x.dtype))


@export("nn.softmax_cross_entropy_with_logits")
def softmax_cross_entropy_with_logits(_sentinel=None, labels=None, logits=None, dim=-1, name=None, axis=None):
    """TF 1.x: no gradient flows into ``labels`` (use the _v2 op for that)."""
    _ensure_xent_args("softmax_cross_entropy_with_logits", _sentinel, labels, logits)
    if axis is not None:
        dim = axis
    return _softmax_xent(labels, logits, dim, labels_gradient=False)


@export("nn.softmax_cross_entropy_with_logits_v2")
def softmax_cross_entropy_with_logits_v2(labels, logits, axis=None, name=None, dim=None):
    axis = deprecated_argument_lookup("axis", axis, "dim", dim)
    return _softmax_xent(labels, logits, axis)


@export("nn.sparse_softmax_cross_entropy_with_logits")
def sparse_softmax_cross_entropy_with_logits(_sentinel=None, labels=None, logits=None, name=None):
    """Cross entropy against integer class labels of shape logits.shape[:-1]."""
    _ensure_xent_args("sparse_softmax_cross_entropy_with_logits", _sentinel, labels, logits)
    return wrap(sparse_softmax_xent(labels, logits))


def sparse_softmax_xent(labels, logits, reduction="none"):
    """The per-example losses of SparseSoftmaxCrossEntropyWithLogits as a torch tensor, or, with
    ``reduction`` "mean" or "sum" (float32 logits only), their mean (zero for no examples: TF's
    div_no_nan) or sum computed by the same kernel: the fused form of tf.losses' default reductions."""
    op_name = "SparseSoftmaxCrossEntropyWithLogits"
    z = convert(labels)
    x = convert(logits)
    if x.ndim == 0:
        raise ValueError(f"Logits cannot be scalars - received shape {shape_string(tuple(x.shape))}.")
    if z.ndim != x.ndim - 1:
        raise ValueError(f"Rank mismatch: Rank of labels (received {z.ndim}) should equal rank of logits "
                         f"minus 1 (received {x.ndim}).")
    if z.shape != x.shape[:-1]:
        raise ValueError(f"Shape mismatch: The shape of labels (received {shape_string(tuple(z.shape))}) "
                         f"should equal the shape of logits except for the last dimension "
                         f"(received {shape_string(tuple(x.shape))}).")
    _check(x, op_name)
    z = _on(x, _check(z, op_name, INDEX_DTYPES, INDEX, attr="Tlabels"))
    classes = x.shape[-1]
    labels = (z if z.ndim == 1 else z.reshape(-1)).long()
    flat_logits = x if x.ndim == 2 else x.reshape(-1, classes)
    if reduction == "mean" and not labels.numel():
        return x.sum()  # zero, and connected to the logits as TF's div_no_nan is
    if z.is_cuda:  # TF's GPU kernel does not check: out-of-range labels give NaN losses
        clamped = labels.clamp(0, classes - 1)
        loss = F.cross_entropy(_precise(flat_logits), clamped, reduction="none")
        loss = torch.where(clamped == labels, loss, math.nan)
        loss = loss.sum() if reduction == "sum" else loss.mean() if reduction == "mean" else loss.reshape(z.shape)
    else:
        position = _first_bad(labels, classes)
        if position is not None:
            shown = " ".join(str(v) for v in labels.tolist())
            raise invalid_argument(f"Received a label value of {int(labels[position])} which is outside the "
                                   f"valid range of [0, {classes}).  Label values: {shown}", op_name)
        loss = F.cross_entropy(_precise(flat_logits), labels, reduction=reduction)
        if reduction == "none" and x.ndim != 2:
            loss = loss.reshape(z.shape)
    return loss if loss.dtype is x.dtype else loss.to(x.dtype)


def _precise(logits):
    """Half-precision logits in float32, as TF's kernels compute them."""
    return logits.to(torch.float32) if logits.dtype is torch.float16 else logits


def _same_shape(first, second, first_name, second_name):
    if first.shape != second.shape:
        raise ValueError(f"{first_name} and {second_name} must have the same shape "
                         f"({shape_string(tuple(first.shape))} vs {shape_string(tuple(second.shape))})")


def _logits_and_labels(logits, labels, logits_name, labels_name, allowed=FLOATING, names=NN_FLOAT):
    """The two inputs of a elementwise loss: same shape (ValueError), an Exp-able dtype, same dtype."""
    x = convert(logits)
    z = convert(labels)
    _same_shape(x, z, logits_name, labels_name)
    _check(x, "Exp", allowed, names)
    if z.dtype != x.dtype:
        raise dtype_mismatch("Mul", 1, dtype_of(x), dtype_of(z))
    return x, _on(x, z)


@export("nn.sigmoid_cross_entropy_with_logits")
def sigmoid_cross_entropy_with_logits(_sentinel=None, labels=None, logits=None, name=None):
    """max(x, 0) - x * z + log(1 + exp(-|x|)), with TF's gradient at x == 0."""
    _ensure_xent_args("sigmoid_cross_entropy_with_logits", _sentinel, labels, logits)
    x, z = _logits_and_labels(logits, labels, "logits", "labels")
    positive = x >= 0
    relu_logits = torch.where(positive, x, 0)
    neg_abs_logits = torch.where(positive, -x, x)
    return wrap(relu_logits - x * z + torch.log1p(torch.exp(neg_abs_logits)))


@export("nn.weighted_cross_entropy_with_logits")
def weighted_cross_entropy_with_logits(labels=None, logits=None, pos_weight=None, name=None, targets=None):
    """Sigmoid cross entropy with the positive term weighted by ``pos_weight``."""
    labels = deprecated_argument_lookup("labels", labels, "targets", targets)
    x, z = _logits_and_labels(logits, labels, "logits", "targets")
    weight = _same_dtype(x, pos_weight, "Sub")
    try:
        log_weight = 1 + (weight - 1) * z
        return wrap((1 - z) * x + log_weight * (torch.log1p(torch.exp(-x.abs())) + torch.relu(-x)))
    except RuntimeError as error:
        raise translate_error(error, "Mul", weight, z) from None


@export("nn.log_poisson_loss")
def log_poisson_loss(targets, log_input, compute_full_loss=False, name=None):
    """exp(log_input) - log_input * targets (+ Stirling's term for targets > 1)."""
    c, z = _logits_and_labels(log_input, targets, "log_input", "targets", _EXP, _EXP_NAMES)
    result = torch.exp(c) - c * z
    if compute_full_loss:
        _check(z, "GreaterEqual", _REALS, _REAL_NAMES)
        stirling = z * torch.log(z) - z + 0.5 * torch.log(2 * math.pi * z)
        result = result + torch.where((z >= 0) & (z <= 1), torch.zeros_like(z), stirling)
    return wrap(result)


@export("nn.in_top_k", "math.in_top_k")
def in_top_k(predictions, targets, k, name=None):
    """Whether each target's prediction is among the k largest (ties at the boundary count as in)."""
    op_name = "InTopKV2"
    p = convert(predictions, dtypes.float32)
    t = _on(p, _input(targets, op_name, INDEX_DTYPES, INDEX))
    if p.dim() != 2:
        raise invalid_argument("predictions must be 2-dimensional", op_name)
    if t.dim() != 1:
        raise invalid_argument("targets must be 1-dimensional", op_name)
    if p.shape[0] != t.shape[0]:
        raise invalid_argument(f"First dimension of predictions {p.shape[0]} must match length of targets "
                               f"{t.shape[0]}", op_name)
    classes = p.shape[1]
    if classes == 0:  # no class can be in the top k (and there is no column to gather)
        return wrap(torch.zeros(t.shape, dtype=torch.bool, device=p.device))
    valid = (t >= 0) & (t < classes) & torch.isfinite(p).all(1)
    target_values = p.gather(1, t.clamp(0, classes - 1).long().unsqueeze(1))
    return wrap(valid & ((p > target_values).sum(1) < python_int(k, op_name, "k")))
