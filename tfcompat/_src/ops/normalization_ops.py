"""tf.nn normalization and statistics: batch normalization, moments, l2_normalize, LRN."""

import math

import torch
import torch.nn.functional as F

from ..framework.errors import attr_error, invalid_argument
from ..framework.kernel_dtypes import FUSED_BATCH_NORM
from ..framework.tensor import Tensor, binary_operands, convert, dtype_of, translate_error, wrap
from ..registry import export
from .arguments import deprecated_argument_lookup
from .conv_ops import _from_torch, _to_torch
from .creation_ops import cast_backing
from .nn_ops import (
    _FUSED_BN_TYPES, _MUL, _MUL_NAMES, _NUMBER_NAMES, _NUMBERS, _SIGNED, _SIGNED_NAMES, _SQUARE, _SQUARE_NAMES,
    _attr, _broadcasting, _check, _dims, _input, _on, _same_dtype, _sum)
from .reduction_ops import reduction_dims

# --- normalization and statistics ---------------------------------------------------------------------------

@export("nn.moments")
def moments(x, axes, shift=None, name=None, keep_dims=None, keepdims=None):
    """(mean, variance) over ``axes``; float16 is computed in float32, integers with TF's integer mean."""
    keep = bool(deprecated_argument_lookup("keepdims", keepdims, "keep_dims", keep_dims))
    a = _input(x, "Mean", _NUMBERS, _NUMBER_NAMES)
    dims = reduction_dims(a, axes, "Mean")
    if not dims:
        return wrap(a), wrap(torch.zeros_like(a))
    if a.is_floating_point() or a.is_complex():
        y = a.to(torch.float32) if a.dtype is torch.float16 else a
        variance, mean = torch.var_mean(y, dims, correction=0, keepdim=keep)
        return wrap(mean.to(a.dtype)), wrap(variance.to(a.dtype))
    count = math.prod(a.shape[d] for d in dims)
    mean = torch.div(a.sum(dims, keepdim=True, dtype=a.dtype), count, rounding_mode="trunc")
    variance = torch.div((a - mean).square().sum(dims, keepdim=keep, dtype=a.dtype), count,
                         rounding_mode="trunc")
    return wrap(mean if keep else mean.squeeze(dims)), wrap(variance)


@export("nn.batch_normalization")
def batch_normalization(x, mean, variance, offset, scale, variance_epsilon, name=None):
    """(x - mean) * scale / sqrt(variance + epsilon) + offset, with TF's order of operations."""
    a = convert(x)
    var = convert(variance)
    inv = torch.rsqrt(_broadcasting("Add", torch.add, *binary_operands(wrap(var), variance_epsilon, "Add", True)))
    if scale is not None:
        inv = _broadcasting("Mul", torch.mul, inv, _same_dtype(var, scale, "Mul"))
    m = _broadcasting("Mul", torch.mul, _same_dtype(var, mean, "Mul"), inv)
    shift = -m if offset is None else _broadcasting("Sub", torch.sub, _same_dtype(var, offset, "Sub"), m)
    scaled = _broadcasting("Mul", torch.mul, a, inv.to(a.device, a.dtype))
    return wrap(_broadcasting("Add", torch.add, scaled, shift.to(a.device, a.dtype)))


@export("nn.batch_norm_with_global_normalization")
def batch_norm_with_global_normalization(t=None, m=None, v=None, beta=None, gamma=None, variance_epsilon=None,
                                         scale_after_normalization=None, name=None, input=None, mean=None,
                                         variance=None):
    """batch_normalization(t, m, v, beta, gamma if scale_after_normalization else None, variance_epsilon)."""
    t = deprecated_argument_lookup("input", input, "t", t)
    m = deprecated_argument_lookup("mean", mean, "m", m)
    v = deprecated_argument_lookup("variance", variance, "v", v)
    return batch_normalization(t, m, v, beta, gamma if scale_after_normalization else None, variance_epsilon)


def _binary(function, x, y, op_name):
    """``function`` of two TF values under TF's two-input rules, as a backing tensor."""
    a, b = binary_operands(x, y, op_name)
    try:
        return function(a, b)
    except RuntimeError as error:
        raise translate_error(error, op_name, a, b) from None


@export("nn.sufficient_statistics")
def sufficient_statistics(x, axes, shift=None, keep_dims=None, name=None, keepdims=None):
    """(count, sum(x - shift), sum((x - shift) ** 2), shift) over ``axes``; count has x's dtype."""
    keep = bool(deprecated_argument_lookup("keepdims", keepdims, "keep_dims", keep_dims))
    x = x if type(x) is Tensor else wrap(convert(x))
    a = _check(x._t, "Square", _SQUARE, _SQUARE_NAMES)
    dims = reduction_dims(a, axes, "Sum")
    count = torch.tensor(math.prod(a.shape[d] for d in dims), dtype=a.dtype, device=a.device)
    if shift is None:
        m_ss, v_ss = a, a.square()
    else:
        shift = shift if type(shift) is Tensor else wrap(convert(shift))
        m_ss = _binary(torch.sub, x, shift, "Sub")
        v_ss = m_ss.square()  # SquaredDifference
    return wrap(count), wrap(_sum(m_ss, dims, keep)), wrap(_sum(v_ss, dims, keep)), shift


@export("nn.normalize_moments")
def normalize_moments(counts, mean_ss, variance_ss, shift, name=None):
    """(mean, variance) from sufficient statistics: mean_ss / counts (+ shift), variance_ss / counts - ..."""
    c = _input(counts, "Reciprocal", _SIGNED, _SIGNED_NAMES)
    if c.is_floating_point() or c.is_complex():
        divisor = wrap(torch.reciprocal(c))
    else:  # TF's integer 1 / x
        divisor = wrap(_binary(lambda one, n: torch.div(one, n, rounding_mode="trunc"), wrap(torch.ones_like(c)),
                               wrap(c), "Reciprocal"))
    shifted_mean = wrap(_binary(torch.mul, mean_ss, divisor, "Mul"))
    mean = shifted_mean if shift is None else wrap(_binary(torch.add, shifted_mean, shift, "Add"))
    scaled = wrap(_binary(torch.mul, variance_ss, divisor, "Mul"))
    return mean, wrap(_binary(torch.sub, scaled, wrap(shifted_mean._t.square()), "Sub"))


@export("nn.weighted_moments")
def weighted_moments(x, axes, frequency_weights, name=None, keep_dims=None, keepdims=None):
    """(weighted mean, weighted variance) over ``axes``; weights broadcast against ``x``.

    float16 is computed in float32; the weights are cast to x's dtype (TF's two-pass method).
    """
    keep = bool(deprecated_argument_lookup("keepdims", keepdims, "keep_dims", keep_dims))
    a = _input(x, "Mul", _MUL, _MUL_NAMES)
    half = a.dtype is torch.float16
    if half:
        a = a.float()
    w = convert(frequency_weights)
    if w.dtype != a.dtype:
        w = cast_backing(w, dtype_of(w), dtype_of(a))
    w = _on(a, w)
    try:
        weighted = w * a
    except RuntimeError as error:
        raise translate_error(error, "Mul", w, a) from None
    dims = reduction_dims(weighted, axes, "Sum")
    divisor = torch.reciprocal(_sum(w + torch.zeros_like(a), dims, True))
    mean = _sum(weighted, dims, True) * divisor
    variance = _sum(w * (a - mean).square(), dims, True) * divisor
    if not keep:
        mean, variance = mean.squeeze(dims), variance.squeeze(dims)
    if half:
        mean, variance = mean.half(), variance.half()
    return wrap(mean), wrap(variance)


@export("nn.fused_batch_norm")
def fused_batch_norm(x, scale, offset, mean=None, variance=None, epsilon=0.001, data_format="NHWC",
                     is_training=True, name=None, exponential_avg_factor=1.0):
    """(y, batch_mean, batch_var); in training batch_var is the Bessel-corrected batch variance."""
    op_name = "FusedBatchNormV3"
    if (not is_training or exponential_avg_factor != 1.0) and (mean is None or variance is None):
        # TF 1.x had no check (its kernel read the missing statistics out of bounds); TF 2.x's error.
        raise ValueError("Both `mean` and `variance` must be a 1D tensor when `is_training` is False or "
                         f"`exponential_avg_factor` != 1.0. Received: `mean` {mean!r} and `variance` "
                         f"{variance!r}")
    if data_format not in ("NHWC", "NCHW"):
        raise attr_error(op_name, "data_format", f'"{data_format}"', '"NHWC", "NCHW"')
    a = _input(x, op_name, _FUSED_BN_TYPES, FUSED_BATCH_NORM)
    if a.dim() != 4:
        raise invalid_argument(f"input must be 4-dimensional{_dims(a.shape)}", op_name)
    channels_first = data_format == "NCHW"
    channels = a.shape[1 if channels_first else 3]
    stats = {}
    for label, value in (("scale", scale), ("offset", offset), ("mean", mean), ("variance", variance)):
        if value is None:
            continue
        backing = _input(value, op_name, (torch.float32,), "float", attr="U")
        if backing.dim() != 1 or backing.shape[0] != channels:
            raise invalid_argument(f"{label} must have the same number of elements as the channels of x, "
                                   f"got {backing.numel()} and {channels}", op_name)
        stats[label] = _on(a, backing)
    epsilon = max(epsilon, 1.001e-5)
    t = _to_torch(a, channels_first).to(torch.float32)
    if is_training and t.numel() == 0:  # TF's kernel reports NaN statistics for an empty batch
        nan = t.new_full((channels,), math.nan)
        return wrap(a.clone()), wrap(nan), wrap(nan.clone())
    if is_training:
        running_mean = stats["mean"].clone() if "mean" in stats else t.new_zeros(channels)
        running_var = stats["variance"].clone() if "variance" in stats else t.new_zeros(channels)
        y = F.batch_norm(t, running_mean, running_var, stats["scale"], stats["offset"], True,
                         exponential_avg_factor, epsilon)
        batch_mean, batch_var = running_mean, running_var
    else:
        batch_mean, batch_var = stats["mean"], stats["variance"]
        y = F.batch_norm(t, batch_mean, batch_var, stats["scale"], stats["offset"], False, 0.0, epsilon)
    return wrap(_from_torch(y.to(a.dtype), channels_first)), wrap(batch_mean), wrap(batch_var)


@export("nn.local_response_normalization", "nn.lrn")
def local_response_normalization(input, depth_radius=5, bias=1, alpha=1, beta=0.5, name=None):
    """input / (bias + alpha * sum of squares over depth_radius neighbouring channels) ** beta."""
    radius = _attr(depth_radius, int, "depth_radius", 5)
    bias, alpha, beta = (_attr(v, float, n, d) for v, n, d in
                         ((bias, "bias", 1.0), (alpha, "alpha", 1.0), (beta, "beta", 0.5)))
    a = _input(input, "LRN", _FUSED_BN_TYPES, FUSED_BATCH_NORM)
    if a.dim() != 4:
        raise invalid_argument("in must be 4-dimensional", "LRN")
    if radius < 0:  # TF's bounds check reads a negative radius as an overflow
        raise invalid_argument(f"depth_radius = {radius} larger than int max", "LRN")
    if a.numel() == 0:
        return wrap(a.clone())
    windows = F.pad(a.square(), (radius, radius)).unfold(-1, 2 * radius + 1, 1)
    return wrap(a / (bias + alpha * windows.sum(-1)) ** beta)
