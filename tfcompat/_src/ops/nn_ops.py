"""tf.nn: activations, convolution and pooling, normalization, embeddings and losses.

TF layouts throughout: NHWC (N...C) inputs by default, HWIO filters, and TF's
'SAME' padding, which is asymmetric (the extra cell goes after) — computed once
in ``_window`` and applied with ``F.pad`` before a VALID torch convolution or
pooling.  ``_to_torch`` / ``_from_torch`` are the only layout transposes.
"""

import collections
import collections.abc
import math
import numbers

import numpy as np
import torch
import torch.nn.functional as F

from ..eager.recording import record_gather
from ..framework import context, dtypes
from ..framework.conversion import cannot_convert
from ..framework.errors import InvalidArgumentError, UnimplementedError, attr_error, invalid_argument
from ..framework.kernel_dtypes import (
    FLOAT_COMPLEX, FLOATING, FUSED_BATCH_NORM, INDEX, INDEX_DTYPES, MATMUL, MAX_POOL, MUL_DIV, NN_FLOAT, REAL,
    SIGNED, SQUARE, SUM, allowed, dtypes_in)
from ..framework.tensor import Tensor, binary_operands, convert, dtype_mismatch, dtype_of, translate_error, wrap
from ..framework.tensor_shape import shape_string
from ..registry import PARTIAL, export
from . import random_ops
from .arguments import attr_int, deprecated_argument_lookup, python_int, string_attr
from .creation_ops import cast_backing
from .reduction_ops import reduction_dims

_state = context.state

# --- dtype checks ----------------------------------------------------------------------------------

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


# --- convolution and pooling: layout, windows, padding ------------------------------------------------------

_FORMATS = {1: ("NWC", "NCW"), 2: ("NHWC", "NCHW"), 3: ("NDHWC", "NCDHW")}
_CONV = {1: F.conv1d, 2: F.conv2d, 3: F.conv3d}
_CONV_TRANSPOSE = {1: F.conv_transpose1d, 2: F.conv_transpose2d, 3: F.conv_transpose3d}
_MAX_POOL = {1: F.max_pool1d, 2: F.max_pool2d, 3: F.max_pool3d}
_AVG_POOL = {1: F.avg_pool1d, 2: F.avg_pool2d, 3: F.avg_pool3d}


def _channels_first(data_format, n, op_name):
    """Whether ``data_format`` puts channels first (NC...) for an n-d spatial op."""
    data_format = string_attr(data_format, "data_format", op_name)
    last, first = _FORMATS[n]
    if data_format is None or data_format == last:
        return False
    if data_format == first:
        return True
    raise attr_error(op_name, "data_format", f'"{data_format}"', f'"{last}", "{first}"')


def _starts_with_channels(data_format, op_name):
    """Whether a data_format of any rank ("NCHW", "NCW" ...) puts channels first."""
    data_format = string_attr(data_format, "data_format", op_name)
    return data_format is not None and data_format.startswith("NC")


_TO_FIRST = {rank: (0, rank - 1, *range(1, rank - 1)) for rank in (3, 4, 5)}
_TO_LAST = {rank: (0, *range(2, rank), 1) for rank in (3, 4, 5)}


def _to_torch(a, channels_first):
    """N...C -> NC... (a view; torch then runs in channels-last memory format)."""
    return a if channels_first else a.permute(_TO_FIRST[a.dim()])


def _from_torch(a, channels_first):
    return a if channels_first else a.permute(_TO_LAST[a.dim()])


def _spatial(value, n, channels_first, name):
    """TF's _get_sequence: (spatial values, full-rank values) from an int or a list of 1, n or n+2."""
    if value is None:
        values = [1] * n
    else:
        values = _int_list(value)
        if len(values) == 1:
            values = values * n
        elif len(values) not in (n, n + 2):
            raise ValueError(f"{name} should be of length 1, {n} or {n + 2} but was {len(values)}")
    if len(values) == n:
        full = [1, 1] + values if channels_first else [1] + values + [1]
        return values, full
    return (values[2:] if channels_first else values[1:-1]), values


def _padding_mode(padding, op_name, explicit):
    """'SAME', 'VALID', or (with ``explicit``) a list of [before, after] pairs."""
    if padding == "SAME" or padding == "VALID":
        return padding
    if explicit and isinstance(padding, (list, tuple)):
        return [tuple(_int_list(pair, "explicit_paddings", op_name)) for pair in padding]
    padding = string_attr(padding, "padding", op_name)
    if padding == "SAME" or padding == "VALID":
        return padding
    if explicit and padding == "EXPLICIT":
        raise ValueError('"EXPLICIT" is not a valid value for the padding parameter. To use explicit '
                         'padding, the padding parameter must be a list.')
    allowed = '"SAME", "VALID", "EXPLICIT"' if explicit else '"SAME", "VALID"'
    raise attr_error(op_name, "padding", f'"{padding}"', allowed)


def _window(sizes, windows, strides, dilations, padding, op_name):
    """TF's windowed output sizes and (before, after) pads for each spatial dimension.

    SAME: out = ceil(in / stride), total pad = max((out - 1) * stride + effective window - in, 0),
    with the odd cell after.  VALID: out = (in - effective window + stride) / stride (C division).
    """
    outs, pads = [], []
    for i, (size, window, stride, dilation) in enumerate(zip(sizes, windows, strides, dilations)):
        if stride <= 0:
            raise invalid_argument(f"Stride must be > 0, but got {stride}", op_name)
        effective = (window - 1) * dilation + 1
        if padding == "VALID":
            before = after = 0
        elif padding == "SAME":
            total = max(((size + stride - 1) // stride - 1) * stride + effective - size, 0)
            before, after = total // 2, total - total // 2
        else:
            before, after = padding[i]
        numerator = size + before + after - effective + stride
        out = numerator // stride if numerator >= 0 else -(-numerator // stride)
        if out < 0:
            raise invalid_argument(f"Computed output size would be negative: {out} [input_size: {size}, "
                                   f"effective_filter_size: {effective}, stride: {stride}]", op_name)
        outs.append(out)
        pads.append((before, after))
    return outs, pads


def _pad(t, pads, value=0.0):
    """Pad the trailing spatial dimensions of an NC... tensor by (before, after) pairs."""
    if not any(before or after for before, after in pads):
        return t
    return F.pad(t, [p for pair in reversed(pads) for p in pair], value=value)


def _symmetric(pads):
    """Torch's own (symmetric) padding for ``pads`` when before == after everywhere, else None.

    Passing it to the torch op avoids copying the input through ``F.pad``.
    """
    if all(before == after for before, after in pads):
        return tuple(before for before, _ in pads)
    return None


def _empty(t, channels, outs):
    """An NC... result with a zero-sized dimension (torch refuses windows larger than the input)."""
    return t.new_zeros((t.shape[0], channels, *outs))


def _explicit_pads(padding, channels_first, n, op_name):
    if len(padding) != n + 2:
        raise ValueError(f"When padding is explicit, padding must be a list of {n + 2} pairs, "
                         f"got {len(padding)}")
    outer = (padding[0], padding[1]) if channels_first else (padding[0], padding[-1])
    if any(p != (0, 0) for p in outer):
        raise invalid_argument("Nonzero padding is not supported for the batch or depth dimensions",
                               op_name)
    return padding[2:] if channels_first else padding[1:-1]


# --- convolution -------------------------------------------------------------------------------------

def _conv(op_name, x, filters, strides, padding, dilations, data_format, n, depthwise=False):
    """An n-d TF convolution: N...C input (or NC...), [k..., in, out] filter ([k..., in, mult] if depthwise)."""
    channels_first = _channels_first(data_format, n, op_name)
    padding = _padding_mode(padding, op_name, explicit=not depthwise)
    a = _input(x, op_name)
    w = _same_dtype(a, filters, op_name)
    rank = n + 2
    if a.dim() != rank:
        raise invalid_argument(f"input must be {rank}-dimensional{_dims(a.shape)}", op_name)
    if w.dim() != rank:
        raise invalid_argument(f"filter must be {rank}-dimensional: {_dims(w.shape)}", op_name)
    stride, full_stride = _spatial(strides, n, channels_first, "strides")
    dilation, full_dilation = _spatial(dilations, n, channels_first, "dilations")
    outer = (0, 1) if channels_first else (0, -1)
    if any(full_stride[i] != 1 for i in outer):
        raise invalid_argument("Current implementation does not yet support strides in the batch and "
                               "depth dimensions.", op_name)
    if any(full_dilation[i] != 1 for i in outer):
        raise invalid_argument("Current implementation does not yet support dilations in the batch and "
                               "depth dimensions.", op_name)
    in_depth = a.shape[outer[1]]
    if in_depth != w.shape[n]:
        raise invalid_argument(f"input and filter must have the same depth: {in_depth} vs {w.shape[n]}",
                               op_name)
    if type(padding) is list:
        padding = _explicit_pads(padding, channels_first, n, op_name)
    t = _to_torch(a, channels_first)
    outs, pads = _window(t.shape[2:], w.shape[:n], stride, dilation, padding, op_name)
    if depthwise:
        weight = w.reshape(*w.shape[:n], -1).movedim(-1, 0).unsqueeze(1)
        groups = in_depth
    else:
        weight = w.permute(n + 1, n, *range(n))  # [k..., in, out] -> [out, in, k...]
        groups = 1
    if 0 in outs or t.shape[0] == 0:
        return wrap(_from_torch(_empty(t, weight.shape[0], outs), channels_first))
    try:
        symmetric = _symmetric(pads)
        if symmetric is None:
            result = _CONV[n](_pad(t, pads), weight, None, stride, 0, dilation, groups)
        else:
            result = _CONV[n](t, weight, None, stride, symmetric, dilation, groups)
    except RuntimeError as error:
        raise translate_error(error, op_name, a, w) from None
    return wrap(_from_torch(result, channels_first))


@export("nn.conv2d")
def conv2d(input, filter=None, strides=None, padding=None, use_cudnn_on_gpu=True, data_format="NHWC",
           dilations=[1, 1, 1, 1], name=None, filters=None):
    """2-D convolution of an NHWC (or NCHW) input with an HWIO filter."""
    filter = deprecated_argument_lookup("filters", filters, "filter", filter)
    return _conv("Conv2D", input, filter, strides, padding, dilations, data_format, 2)


@export("nn.conv3d")
def conv3d(input, filter=None, strides=None, padding=None, data_format="NDHWC",
           dilations=[1, 1, 1, 1, 1], name=None, filters=None):
    filter = deprecated_argument_lookup("filters", filters, "filter", filter)
    return _conv("Conv3D", input, filter, strides, padding, dilations, data_format, 3)


@export("nn.conv1d")
def conv1d(value=None, filters=None, stride=None, padding=None, use_cudnn_on_gpu=None, data_format=None,
           name=None, input=None, dilations=None):
    """1-D convolution of an NWC (or NCW) input with a [width, in, out] filter."""
    value = deprecated_argument_lookup("input", input, "value", value)
    if data_format in (None, "NWC", "NHWC"):
        data_format = "NWC"
    elif data_format in ("NCW", "NCHW"):
        data_format = "NCW"
    else:
        raise ValueError('data_format must be "NWC" or "NCW".')
    return _conv("Conv2D", value, filters, stride, padding, dilations, data_format, 1)


@export("nn.convolution")
def convolution(input, filter, padding, strides=None, dilation_rate=None, name=None, data_format=None,
                filters=None, dilations=None):
    """N-d convolution (N = rank - 2); strides and dilation_rate list the spatial dimensions."""
    filter = deprecated_argument_lookup("filters", filters, "filter", filter)
    dilation_rate = deprecated_argument_lookup("dilations", dilations, "dilation_rate", dilation_rate)
    n = len(convert(input).shape) - 2
    if n not in _FORMATS:
        raise ValueError(f"input must have rank 3, 4 or 5, got {n + 2}")
    if _starts_with_channels(data_format, "Conv"):
        data_format = _FORMATS[n][1]
    else:
        data_format = _FORMATS[n][0]
    return _conv(f"Conv{n}D" if n != 1 else "Conv2D", input, filter, strides, padding, dilation_rate,
                 data_format, n)


@export("nn.atrous_conv2d")
def atrous_conv2d(value, filters, rate, padding, name=None):
    """conv2d with the filter dilated by ``rate`` (stride 1)."""
    if rate < 1:
        raise ValueError(f"rate {rate} cannot be less than one")
    if padding not in ("SAME", "VALID"):
        raise ValueError(f"Invalid padding method {padding!r}")
    return _conv("Conv2D", value, filters, None, padding, [1, rate, rate, 1], "NHWC", 2)


def _depthwise(input, filter, strides, padding, rate, data_format):
    if rate is not None and any(r != 1 for r in _int_list(rate)):
        stride_values = _int_list(strides)
        if any(s != 1 for s in stride_values):
            raise ValueError("strides > 1 not supported in conjunction with dilation_rate > 1")
    dilations = None if rate is None else _int_list(rate)
    return _conv("DepthwiseConv2dNative", input, filter, strides, padding, dilations, data_format, 2,
                 depthwise=True)


@export("nn.depthwise_conv2d")
def depthwise_conv2d(input, filter, strides, padding, rate=None, name=None, data_format=None, dilations=None):
    """Per-channel convolution with a [h, w, in, multiplier] filter; output channel c * mult + m."""
    rate = deprecated_argument_lookup("dilations", dilations, "rate", rate)
    return _depthwise(input, filter, strides, padding, rate, data_format)


@export("nn.depthwise_conv2d_native")
def depthwise_conv2d_native(input, filter, strides, padding, data_format="NHWC", dilations=[1, 1, 1, 1],
                            name=None):
    return _depthwise(input, filter, strides, padding, dilations, data_format)


@export("nn.separable_conv2d")
def separable_conv2d(input, depthwise_filter, pointwise_filter, strides, padding, rate=None, name=None,
                     data_format=None, dilations=None):
    """depthwise_conv2d followed by a 1x1 conv2d with ``pointwise_filter``."""
    rate = deprecated_argument_lookup("dilations", dilations, "rate", rate)
    depthwise = _depthwise(input, depthwise_filter, strides, padding, rate, data_format)
    return _conv("Conv2D", depthwise, pointwise_filter, None, "VALID", None, data_format, 2)


def _backprop_window(op_name, sizes, kernel, stride, dilation, padding, actual_outs, channels_first):
    """The forward conv's (output sizes, pads); out_backprop's sizes must be those outputs."""
    outs, pads = _window(sizes, kernel, stride, dilation, padding, op_name)
    first_spatial = 2 if channels_first else 1
    label = op_name.replace("Backprop", "CustomBackprop")  # the CPU kernel's name in TF's message
    for i, (out, actual) in enumerate(zip(outs, actual_outs)):
        if out != actual:
            raise invalid_argument(
                f"{label}: Size of out_backprop doesn't match computed: actual = {actual}, computed = {out} "
                f"spatial_dim: {first_spatial + i} input: {sizes[i]} filter: {kernel[i]} output: {actual} "
                f"stride: {stride[i]} dilation: {dilation[i]}", op_name)
    return outs, pads


def _conv_backprop_input(op_name, output_shape, filters, value, strides, padding, dilations, data_format, n):
    """The gradient of an n-d conv with respect to its input: TF's transposed convolution.

    ``filters`` is [k..., out_channels, in_channels] where out_channels are the result's
    channels (the forward conv's input) and in_channels those of ``value``.
    """
    channels_first = _channels_first(data_format, n, op_name)
    padding = _padding_mode(padding, op_name, explicit=True)
    g = _input(value, op_name)
    w = _same_dtype(g, filters, op_name)
    rank = n + 2
    shape = _int_list(output_shape)
    if len(shape) != rank:
        raise invalid_argument(f"input_sizes must be {rank}-dimensional, got: {len(shape)}", op_name)
    if g.dim() != rank or w.dim() != rank:
        raise invalid_argument(f"input and filter must be {rank}-dimensional: out_backprop "
                               f"{_dims(g.shape)}, filter {_dims(w.shape)}", op_name)
    stride, _ = _spatial(strides, n, channels_first, "strides")
    dilation, _ = _spatial(dilations, n, channels_first, "dilations")
    if type(padding) is list:
        padding = _explicit_pads(padding, channels_first, n, op_name)
    channel = 1 if channels_first else -1
    if shape[channel] != w.shape[n] or g.shape[channel] != w.shape[n + 1]:
        raise invalid_argument(f"input and filter must have the same depth: {shape[channel]} vs {w.shape[n]}"
                               if shape[channel] != w.shape[n] else
                               f"filter and out_backprop must have the same out_depth: {w.shape[n + 1]} vs "
                               f"{g.shape[channel]}", op_name)
    t = _to_torch(g, channels_first)
    sizes = shape[2:] if channels_first else shape[1:-1]
    outs, pads = _backprop_window(op_name, sizes, w.shape[:n], stride, dilation, padding, t.shape[2:],
                                  channels_first)
    # [k..., out, in] -> [in, out, k...] (torch's transposed layout); contiguous for the filter's gradient
    weight = w.permute(n + 1, n, *range(n)).contiguous()
    batch = t.shape[0]
    if 0 in outs or batch == 0:
        return wrap(_from_torch(t.new_zeros((batch, shape[channel], *sizes)), channels_first))
    # The full transposed result spans the padded input; crop the padding back off.
    padded = [size + before + after for size, (before, after) in zip(sizes, pads)]
    extra = [p - ((o - 1) * s + (k - 1) * d + 1)
             for p, o, s, k, d in zip(padded, outs, stride, w.shape[:n], dilation)]
    try:
        full = _CONV_TRANSPOSE[n](t, weight, None, stride, 0, extra, 1, dilation)
    except RuntimeError as error:
        raise translate_error(error, op_name, g, w) from None
    crop = (slice(None), slice(None)) + tuple(slice(before, before + size)
                                              for (before, _), size in zip(pads, sizes))
    return wrap(_from_torch(full[crop], channels_first))


@export("nn.conv2d_transpose")
def conv2d_transpose(value=None, filter=None, output_shape=None, strides=None, padding="SAME",
                     data_format="NHWC", name=None, input=None, filters=None, dilations=None):
    """The transpose (gradient) of conv2d; ``filter`` is [h, w, output channels, input channels]."""
    value = deprecated_argument_lookup("input", input, "value", value)
    filter = deprecated_argument_lookup("filters", filters, "filter", filter)
    channels_first = _starts_with_channels(data_format, "Conv2DBackpropInput")
    axis = 1 if channels_first else 3
    v_shape, f_shape = convert(value).shape, convert(filter).shape
    if len(v_shape) == 4 and len(f_shape) == 4 and v_shape[axis] != f_shape[3]:
        raise ValueError(f"input channels does not match filter's input channels, "
                         f"{v_shape[axis]} != {f_shape[3]}")
    shape = _int_list(output_shape)
    if len(shape) != 4:
        raise ValueError(f"output_shape must have shape (4,), got ({len(shape)},)")
    if len(f_shape) == 4 and shape[axis] != f_shape[2]:
        raise ValueError(f"output_shape does not match filter's output channels, {shape[axis]} != {f_shape[2]}")
    if padding != "VALID" and padding != "SAME":
        raise ValueError(f"padding must be either VALID or SAME: {padding}")
    return _conv_backprop_input("Conv2DBackpropInput", shape, filter, value, strides, padding, dilations,
                                data_format, 2)


@export("nn.conv2d_backprop_input")
def conv2d_backprop_input(input_sizes, filter=None, out_backprop=None, strides=None, padding=None,
                          use_cudnn_on_gpu=True, data_format="NHWC", dilations=[1, 1, 1, 1], name=None,
                          filters=None):
    filter = deprecated_argument_lookup("filters", filters, "filter", filter)
    return _conv_backprop_input("Conv2DBackpropInput", input_sizes, filter, out_backprop, strides, padding,
                                dilations, data_format, 2)


_CONV_WEIGHT = {2: torch.nn.grad.conv2d_weight, 3: torch.nn.grad.conv3d_weight}


def _conv_backprop_filter(op_name, x, filter_sizes, value, strides, padding, dilations, data_format, n):
    """The gradient of an n-d conv with respect to its [k..., in, out] filter of ``filter_sizes``."""
    channels_first = _channels_first(data_format, n, op_name)
    padding = _padding_mode(padding, op_name, explicit=n == 2)
    a = _input(x, op_name)
    g = _same_dtype(a, value, op_name, index=2)
    rank = n + 2
    sizes = _int_list(filter_sizes)
    if len(sizes) != rank:
        raise invalid_argument(f"filter_sizes must be {rank}-dimensional, got: {len(sizes)}", op_name)
    if a.dim() != rank or g.dim() != rank:
        raise invalid_argument(f"input and out_backprop must be {rank}-dimensional: input {_dims(a.shape)}, "
                               f"out_backprop {_dims(g.shape)}", op_name)
    stride, _ = _spatial(strides, n, channels_first, "strides")
    dilation, _ = _spatial(dilations, n, channels_first, "dilations")
    if type(padding) is list:
        padding = _explicit_pads(padding, channels_first, n, op_name)
    channel = 1 if channels_first else -1
    if a.shape[channel] != sizes[n]:
        raise invalid_argument(f"input and filter must have the same depth: {a.shape[channel]} vs {sizes[n]}",
                               op_name)
    if g.shape[channel] != sizes[n + 1]:
        raise invalid_argument(f"filter and out_backprop must have the same out_depth: {sizes[n + 1]} vs "
                               f"{g.shape[channel]}", op_name)
    t, grad = _to_torch(a, channels_first), _to_torch(g, channels_first)
    _, pads = _backprop_window(op_name, t.shape[2:], sizes[:n], stride, dilation, padding, grad.shape[2:],
                               channels_first)
    weight_size = (sizes[n + 1], sizes[n], *sizes[:n])  # torch's [out, in, k...]
    if 0 in weight_size or grad.numel() == 0:
        return wrap(a.new_zeros(sizes))
    try:
        weight = _CONV_WEIGHT[n](_pad(t, pads), weight_size, grad, stride, 0, dilation)
    except RuntimeError as error:
        raise translate_error(error, op_name, a, g) from None
    return wrap(weight.permute(*range(2, rank), 1, 0))


@export("nn.conv2d_backprop_filter")
def conv2d_backprop_filter(input, filter_sizes, out_backprop, strides, padding, use_cudnn_on_gpu=True,
                           data_format="NHWC", dilations=[1, 1, 1, 1], name=None):
    """The gradient of conv2d with respect to its HWIO filter (of shape ``filter_sizes``)."""
    return _conv_backprop_filter("Conv2DBackpropFilter", input, filter_sizes, out_backprop, strides, padding,
                                 dilations, data_format, 2)


@export("nn.conv3d_backprop_filter", "nn.conv3d_backprop_filter_v2")
def conv3d_backprop_filter(input, filter_sizes, out_backprop, strides, padding, data_format="NDHWC",
                           dilations=[1, 1, 1, 1, 1], name=None):
    """The gradient of conv3d with respect to its DHWIO filter (of shape ``filter_sizes``)."""
    return _conv_backprop_filter("Conv3DBackpropFilterV2", input, filter_sizes, out_backprop, strides, padding,
                                 dilations, data_format, 3)


@export("nn.conv1d_transpose")
def conv1d_transpose(input, filters, output_shape, strides, padding="SAME", data_format="NWC", dilations=None,
                     name=None):
    """The transpose of conv1d; ``filters`` is [width, output channels, input channels]."""
    if data_format not in (None, "NWC", "NCW"):
        raise ValueError('data_format must be "NWC" or "NCW".')
    return _conv_backprop_input("Conv2DBackpropInput", output_shape, filters, input, strides, padding, dilations,
                                data_format, 1)


@export("nn.conv3d_transpose")
def conv3d_transpose(value, filter=None, output_shape=None, strides=None, padding="SAME", data_format="NDHWC",
                     name=None, input=None, filters=None, dilations=None):
    """The transpose of conv3d; ``filter`` is [d, h, w, output channels, input channels]."""
    value = deprecated_argument_lookup("input", input, "value", value)
    filter = deprecated_argument_lookup("filters", filters, "filter", filter)
    return _conv_backprop_input("Conv3DBackpropInputV2", output_shape, filter, value, strides, padding, dilations,
                                data_format, 3)


_CONV_TRANSPOSE_OPS = {1: "Conv2DBackpropInput", 2: "Conv2DBackpropInput", 3: "Conv3DBackpropInputV2"}


@export("nn.conv_transpose")
def conv_transpose(input, filters, output_shape, strides, padding="SAME", data_format=None, dilations=None,
                   name=None):
    """The 1-, 2- or 3-d transposed convolution that ``output_shape``'s length asks for."""
    if isinstance(output_shape, Tensor):
        n = output_shape._t.shape[0] - 2
    elif isinstance(output_shape, collections.abc.Sized):
        n = len(output_shape) - 2
    else:
        raise ValueError("output_shape must be a tensor or sized collection.")  # noqa: TRY004 - TF's class
    if not 1 <= n <= 3:
        raise ValueError(f"output_shape must be of length 3, 4 or 5 but was {n + 2}.")
    if n == 1 and data_format not in (None, "NWC", "NCW"):
        raise ValueError('data_format must be "NWC" or "NCW".')
    return _conv_backprop_input(_CONV_TRANSPOSE_OPS[n], output_shape, filters, input, strides, padding, dilations,
                                data_format, n)


# --- pooling ----------------------------------------------------------------------------------------------

def _unimplemented(message, op_name):
    return UnimplementedError(None, None, f"{message} [Op:{op_name}]")


def _depth_window(op_name, depth, spatial_window, depth_window, depth_stride):
    """The window of a MaxPool across depth (TF's CPU kernel), after TF's checks."""
    if op_name != "MaxPool" or depth_window == 1:
        raise _unimplemented("Pooling across depth is not supported by tfcompat.", op_name)
    if any(w != 1 for w in spatial_window):
        raise _unimplemented("MaxPooling supports exactly one of pooling across depth or pooling across "
                             "width/height.", op_name)
    if depth % depth_window:
        raise _unimplemented("Depthwise max pooling requires the depth window to evenly divide the input "
                             "depth", op_name)
    if depth_stride != depth_window:
        raise _unimplemented("Depthwise max pooling requires the depth window to equal the depth stride",
                             op_name)
    return depth_window


def _pool_setup(op_name, value, ksize, strides, padding, data_format, n, allowed, names, dilations=None):
    """(input, its NC... view, channels_first, window, stride, output sizes, pads).

    A MaxPool across depth gives ``outs`` None and ``window`` the depth window.
    """
    channels_first = _channels_first(data_format, n, op_name)
    padding = _padding_mode(padding, op_name, explicit=False)
    a = _input(value, op_name, allowed, names)
    rank = n + 2
    if a.dim() != rank:
        raise invalid_argument(f"tensor_in must be {rank}-dimensional", op_name)
    window, full_window = _spatial(ksize, n, channels_first, "ksize")
    stride, full_stride = _spatial(strides, n, channels_first, "strides")
    if full_window[0] != 1 or full_stride[0] != 1:
        raise _unimplemented("Pooling is not yet supported on the batch dimension.", op_name)
    channel = 1 if channels_first else -1
    t = _to_torch(a, channels_first)
    if full_window[channel] != 1 or full_stride[channel] != 1:
        depth = _depth_window(op_name, a.shape[channel], window, full_window[channel], full_stride[channel])
        return a, t, channels_first, depth, stride, None, None
    outs, pads = _window(t.shape[2:], window, stride, dilations or [1] * n, padding, op_name)
    return a, t, channels_first, window, stride, outs, pads


_DEPTH_POOL_NOTE = ("Pooling across the depth dimension is supported only for 2-D max pooling (as on TF's "
                    "CPU); a depth stride with a depth window of 1 is refused.")


def _lowest(dtype):
    return -math.inf if dtype.is_floating_point else torch.iinfo(dtype).min


def _max_pool(op_name, value, ksize, strides, padding, data_format, n):
    a, t, channels_first, window, stride, outs, pads = _pool_setup(
        op_name, value, ksize, strides, padding, data_format, n, _MAX_POOL_TYPES, MAX_POOL)
    if outs is None:  # across depth: the maximum of each group of ``window`` channels
        return wrap(_from_torch(t.unflatten(1, (-1, window)).amax(2), channels_first))
    if 0 in outs or t.shape[0] == 0:
        return wrap(_from_torch(_empty(t, t.shape[1], outs), channels_first))
    symmetric = _symmetric(pads)
    try:
        if t.dtype.is_floating_point and symmetric is not None:  # torch pads with -inf itself
            return wrap(_from_torch(_MAX_POOL[n](t, window, stride, symmetric), channels_first))
        padded = _pad(t, pads, _lowest(t.dtype))
        if t.dtype.is_floating_point:
            result = _MAX_POOL[n](padded, window, stride)
        else:  # torch's CUDA max pooling has no integer kernels
            for i, (size, step) in enumerate(zip(window, stride)):
                padded = padded.unfold(2 + i, size, step)
            result = padded.amax(tuple(range(-n, 0)))
    except RuntimeError as error:
        raise translate_error(error, op_name, a) from None
    return wrap(_from_torch(result, channels_first))


def _sum_pool(t, window, stride):
    """Window sums of an NC... tensor (1-d runs as 2-d: torch's avg_pool1d has no divisor_override)."""
    if len(window) == 1:
        return F.avg_pool2d(t.unsqueeze(2), (1, window[0]), (1, stride[0]), divisor_override=1).squeeze(2)
    return _AVG_POOL[len(window)](t, window, stride, divisor_override=1)


def _avg_pool(op_name, value, ksize, strides, padding, data_format, n):
    """Average pooling; TF's SAME windows average only the cells inside the input."""
    a, t, channels_first, window, stride, outs, pads = _pool_setup(
        op_name, value, ksize, strides, padding, data_format, n, FLOATING, NN_FLOAT)
    if 0 in outs or t.shape[0] == 0:
        return wrap(_from_torch(_empty(t, t.shape[1], outs), channels_first))
    symmetric = _symmetric(pads)
    try:
        # count_include_pad=False is TF's rule for symmetric padding; torch's CUDA backward of padded
        # average pooling is wrong for channels-last inputs, so GPUs take the explicit route.
        if symmetric is not None and not t.is_cuda:
            result = _AVG_POOL[n](t, window, stride, symmetric, count_include_pad=False)
        else:
            ones = torch.ones((1, 1, *t.shape[2:]), dtype=t.dtype, device=t.device)
            result = _sum_pool(_pad(t, pads), window, stride) / _sum_pool(_pad(ones, pads), window, stride)
    except RuntimeError as error:
        raise translate_error(error, op_name, a) from None
    return wrap(_from_torch(result, channels_first))


@export("nn.max_pool", status=PARTIAL, note=_DEPTH_POOL_NOTE)
def max_pool(value, ksize, strides, padding, data_format="NHWC", name=None, input=None):
    value = deprecated_argument_lookup("input", input, "value", value)
    return _max_pool("MaxPool", value, ksize, strides, padding, data_format, 2)


@export("nn.max_pool2d", status=PARTIAL, note=_DEPTH_POOL_NOTE)
def max_pool2d(input, ksize, strides, padding, data_format="NHWC", name=None):
    return _max_pool("MaxPool", input, ksize, strides, padding, data_format, 2)


@export("nn.max_pool1d", status=PARTIAL, note=_DEPTH_POOL_NOTE)
def max_pool1d(input, ksize, strides, padding, data_format="NWC", name=None):
    return _max_pool("MaxPool", input, ksize, strides, padding, data_format, 1)


@export("nn.max_pool3d", status=PARTIAL, note=_DEPTH_POOL_NOTE)
def max_pool3d(input, ksize, strides, padding, data_format="NDHWC", name=None):
    return _max_pool("MaxPool3D", input, ksize, strides, padding, data_format, 3)


@export("nn.avg_pool")
def avg_pool(value, ksize, strides, padding, data_format="NHWC", name=None, input=None):
    value = deprecated_argument_lookup("input", input, "value", value)
    return _avg_pool("AvgPool", value, ksize, strides, padding, data_format, 2)


@export("nn.avg_pool2d")
def avg_pool2d(value, ksize, strides, padding, data_format="NHWC", name=None, input=None):
    value = deprecated_argument_lookup("input", input, "value", value)
    return _avg_pool("AvgPool", value, ksize, strides, padding, data_format, 2)


@export("nn.avg_pool1d")
def avg_pool1d(input, ksize, strides, padding, data_format="NWC", name=None):
    return _avg_pool("AvgPool", input, ksize, strides, padding, data_format, 1)


@export("nn.avg_pool3d")
def avg_pool3d(input, ksize, strides, padding, data_format="NDHWC", name=None):
    return _avg_pool("AvgPool3D", input, ksize, strides, padding, data_format, 3)


def _pool_v2(pooling_type, input, ksize, strides, padding, data_format):
    """TF's max_pool_v2 / avg_pool_v2: the pooling op for the input's rank (3, 4 or 5)."""
    value = input if type(input) is Tensor else wrap(convert(input))
    n = value._t.ndim - 2
    if not 1 <= n <= 3:
        raise ValueError(f"Input tensor must be of rank 3, 4 or 5 but was {n + 2}.")
    function, _, _, _, op_names = _POOLS[pooling_type]
    return function(op_names[n], value, ksize, strides, padding, data_format, n)


@export("nn.max_pool_v2", status=PARTIAL, note=_DEPTH_POOL_NOTE)
def max_pool_v2(input, ksize, strides, padding, data_format=None, name=None):
    """max_pool1d, max_pool2d or max_pool3d, as the input's rank says."""
    return _pool_v2("MAX", input, ksize, strides, padding, data_format)


@export("nn.avg_pool_v2")
def avg_pool_v2(input, ksize, strides, padding, data_format=None, name=None):
    """avg_pool1d, avg_pool2d or avg_pool3d, as the input's rank says."""
    return _pool_v2("AVG", input, ksize, strides, padding, data_format)


# tf.nn.pool's pooling types: (pooling function, reduction over dilated windows, the kernel's
# dtypes and their names, the kernel names by number of spatial dimensions; 1-d runs the 2-d kernel).
_POOLS = {
    "MAX": (_max_pool, torch.amax, _MAX_POOL_TYPES, MAX_POOL,
            {1: "MaxPool", 2: "MaxPool", 3: "MaxPool3D"}),
    "AVG": (_avg_pool, torch.mean, FLOATING, NN_FLOAT, {1: "AvgPool", 2: "AvgPool", 3: "AvgPool3D"}),
}


def _pool_rates(values, n, name):
    """TF's _get_strides_and_dilation_rate for one of the two: n positive ints, [1] * n for None."""
    if values is None:
        return [1] * n
    if len(values) != n:
        raise ValueError(f"len({name})={len(values)} but should be {n}")
    values = _int_list(values)
    if any(v < 1 for v in values):
        raise ValueError(f"all values of {name} must be positive")
    return values


def _dilated_pool(op_name, value, window, dilation, padding, data_format, n, reduce, allowed, names):
    """VALID pooling with holes, stride 1: reduce(input[x + dilation * z]) over the window offsets z.

    TF runs the plain pooling kernel between space_to_batch and batch_to_space; the result is
    the same as reducing each dilated window directly.
    """
    if padding != "VALID":
        raise ValueError(f"Invalid padding method {padding!r}")
    shape = value._t.shape
    spatial = shape[2:] if _starts_with_channels(data_format, op_name) else shape[1:-1]
    for i, (size, width, rate) in enumerate(zip(spatial, window, dilation)):
        if size < (width - 1) * rate:  # batch_to_space would crop the padded result below nothing
            raise invalid_argument(f"cropped_shape[{i}]={size - (width - 1) * rate} must be non-negative",
                                   "BatchToSpaceND")
    _, t, channels_first, window, _, outs, _ = _pool_setup(
        op_name, value, window, None, "VALID", data_format, n, allowed, names, dilation)
    if 0 in outs or t.shape[0] == 0:
        return wrap(_from_torch(_empty(t, t.shape[1], outs), channels_first))
    for i, (size, rate) in enumerate(zip(window, dilation)):
        t = t.unfold(2 + i, (size - 1) * rate + 1, 1)[..., ::rate]  # window offsets go last
    return wrap(_from_torch(reduce(t, tuple(range(-n, 0))), channels_first))


@export("nn.pool")
def pool(input, window_shape, pooling_type, padding, dilation_rate=None, strides=None, name=None,
         data_format=None, dilations=None):
    """N-d (N = 1, 2, 3) 'MAX' or 'AVG' pooling over the spatial dimensions of an N+2-d input.

    ``window_shape``, ``strides`` and ``dilation_rate`` list the N spatial dimensions; a
    dilation above 1 needs VALID padding and unit strides, as in TF.
    """
    dilation_rate = deprecated_argument_lookup("dilations", dilations, "dilation_rate", dilation_rate)
    value = input if type(input) is Tensor else wrap(convert(input))
    window = _int_list(window_shape)
    n = len(window)
    if not 1 <= n <= 3:
        raise ValueError("It is required that 1 <= num_spatial_dims <= 3.")
    shape = tuple(value._t.shape)
    if len(shape) != n + 2:
        raise ValueError(f"Shape {shape_string(shape)} must have rank {n + 2}")
    dilation = _pool_rates(dilation_rate, n, "dilation_rate")
    stride = _pool_rates(strides, n, "strides")
    if any(s > 1 for s in stride) and any(d > 1 for d in dilation):
        raise ValueError("strides > 1 not supported in conjunction with dilation_rate > 1")
    if padding == "SAME" and any(d > 1 for d in dilation):
        raise ValueError("pooling with SAME padding is not implemented for dilation_rate > 1")
    if any(s > w for s, w in zip(stride, window)):
        raise ValueError("strides > window_shape not supported due to inconsistency between CPU and GPU "
                         "implementations")
    if pooling_type not in _POOLS:
        raise ValueError(f"{n}-D {pooling_type} pooling is not supported.")
    function, reduce, allowed, names, op_names = _POOLS[pooling_type]
    if n == 1 and data_format not in (None, "NWC", "NCW"):
        raise ValueError('data_format must be either "NWC" or "NCW".')
    if any(d > 1 for d in dilation):
        return _dilated_pool(op_names[n], value, window, dilation, padding, data_format, n, reduce, allowed,
                             names)
    return function(op_names[n], value, window, stride, padding, data_format, n)


MaxPoolWithArgmax = collections.namedtuple("MaxPoolWithArgmax", ["output", "argmax"])


@export("nn.max_pool_with_argmax")
def max_pool_with_argmax(input, ksize, strides, padding, data_format="NHWC", Targmax=None, name=None,
                         output_dtype=None, include_batch_in_index=False):
    """(max_pool, argmax) where argmax flattens [y, x, c] (and b if include_batch_in_index) of NHWC."""
    if data_format != "NHWC":
        raise ValueError("Data formats other than 'NHWC' are not yet supported")
    argmax_dtype = deprecated_argument_lookup("output_dtype", output_dtype, "Targmax", Targmax)
    argmax_dtype = dtypes.as_dtype(argmax_dtype or dtypes.int64)
    a, t, _, window, stride, outs, pads = _pool_setup(
        "MaxPoolWithArgmax", input, ksize, strides, padding, "NHWC", 2, _MAX_POOL_TYPES, MAX_POOL)
    batch, channels, height, width = t.shape
    if 0 in outs or batch == 0:
        empty = _empty(t, channels, outs)
        return MaxPoolWithArgmax(wrap(_from_torch(empty, False)),
                                 wrap(_from_torch(empty.to(argmax_dtype._torch), False)))
    padded = _pad(t, pads, _lowest(t.dtype))
    try:
        result, index = F.max_pool2d(padded, window, stride, return_indices=True)
    except RuntimeError as error:
        raise translate_error(error, "MaxPoolWithArgmax", a) from None
    (top, _), (left, _) = pads
    padded_width = padded.shape[3]
    row, col = index // padded_width - top, index % padded_width - left
    flat = (row * width + col) * channels + torch.arange(channels, device=t.device).reshape(1, -1, 1, 1)
    if include_batch_in_index:
        flat = flat + torch.arange(batch, device=t.device).reshape(-1, 1, 1, 1) * (height * width * channels)
    return MaxPoolWithArgmax(wrap(_from_torch(result, False)),
                             wrap(_from_torch(flat.to(argmax_dtype._torch), False)))


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


def _broadcasting(op_name, function, a, b):
    """``function(a, b)`` for a broadcasting kernel: TF's "Incompatible shapes" error for shapes
    that do not broadcast (and TF's error for any other torch failure)."""
    try:
        return function(a, b)
    except (RuntimeError, TypeError) as error:
        raise translate_error(error, op_name, a, b) from None


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


def _sum(a, dims, keep):
    """reduce_sum over ``dims`` (none: ``a`` itself, where torch would sum everything)."""
    return a.sum(dims, keepdim=keep, dtype=a.dtype) if dims else a


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


# --- embeddings ------------------------------------------------------------------------------------------------

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


def _gather_rows(table, ids, op_name="GatherV2"):
    """table[ids]: out-of-range ids raise on the CPU and give zero rows on a GPU, like TF's gather.

    A tf.string table (an object ndarray) is gathered by NumPy.
    """
    if table.ndim == 0:
        raise invalid_argument("params must be at least 1 dimensional", op_name)
    rows = _on(table, ids).reshape(-1)
    limit = table.shape[0]
    strings = type(table) is np.ndarray
    if not strings and table.is_cuda:
        if limit == 0:  # every id is out of range (and row 0 does not exist to stand in for them)
            result = table.new_zeros((rows.shape[0],) + tuple(table.shape[1:]))
        else:  # out-of-range ids must never reach the kernel: a device-side assert ends the process' CUDA
            valid = (rows >= 0) & (rows < limit)
            safe_rows = torch.where(valid, rows, 0)
            result = _index_rows(table, safe_rows)
            result = result * valid.reshape((-1,) + (1,) * (table.dim() - 1)).to(result.dtype)
    else:
        position = _first_bad(rows, limit)
        if position is not None:
            where = ",".join(str(int(i)) for i in np.unravel_index(position, tuple(ids.shape)))
            raise invalid_argument(f"indices{f'[{where}]' if where else ''} = {int(rows[position])} is not "
                                   f"in [0, {limit})", op_name)
        result = table[rows.cpu().numpy()] if strings else _index_rows(table, rows)
    return result.reshape(tuple(ids.shape) + tuple(table.shape[1:]))


def _index_rows(table, rows):
    """torch.index_select on rows, noted for the recording tapes (TF's gather gradient is IndexedSlices)."""
    result = torch.index_select(table, 0, rows)
    if table.requires_grad and _state.tapes:
        record_gather(table, rows, result)
    return result


def _partition_rows(ids, sizes, strategy):
    """Flat row numbers into the concatenated partitions for TF's 'mod' / 'div' strategies."""
    count = len(sizes)
    total = sum(sizes)
    if strategy == "mod":
        partition, local = ids % count, ids // count
    elif strategy == "div":
        per, extras = divmod(total, count)
        partition = torch.maximum(ids // (per + 1), (ids - extras) // max(per, 1))
        local = torch.where(partition < extras, ids % (per + 1), (ids - extras) % max(per, 1))
    else:
        raise ValueError(f"Unrecognized partition strategy: {strategy}")
    offsets = torch.tensor([0] + list(np.cumsum(sizes)[:-1]), dtype=ids.dtype, device=ids.device)
    return offsets[partition] + local


def _concat_partitions(parts):
    """(the partitions of a sharded embedding concatenated, their sizes), with ConcatV2's checks."""
    first = parts[0]
    for index, part in enumerate(parts):
        if part.dtype != first.dtype:
            raise dtype_mismatch("ConcatV2", index, dtype_of(first), dtype_of(part))
        if part.ndim == 0:
            raise invalid_argument("params must be at least 1 dimensional", "GatherV2")
        if part.shape[1:] != first.shape[1:]:
            what = "Ranks of all input tensors" if part.ndim != first.ndim else "Dimensions of inputs"
            raise invalid_argument(f"ConcatOp : {what} should match: shape[0] = {_dims(first.shape)} vs. "
                                   f"shape[{index}] = {_dims(part.shape)}", "ConcatV2")
    if type(first) is np.ndarray:
        return np.concatenate(parts), [p.shape[0] for p in parts]
    return torch.cat([_on(first, p) for p in parts]), [p.shape[0] for p in parts]


_CLIP_KERNELS = (("Mul", _MUL, _MUL_NAMES), ("Greater", _REALS, _REAL_NAMES), ("Sqrt", _EXP, _EXP_NAMES))


@export("nn.embedding_lookup", status=PARTIAL,
        note="Gradients are dense (TF returns IndexedSlices); partitioned params are concatenated per call.")
def embedding_lookup(params, ids, partition_strategy="mod", name=None, validate_indices=True, max_norm=None):
    """Rows of ``params`` (a tensor or a list of partitions) selected by ``ids``."""
    tables = list(params) if isinstance(params, (list, tuple)) else [params]
    if not tables:
        raise ValueError("Need at least one param")
    i = _input(ids, "GatherV2", INDEX_DTYPES, INDEX, attr="Tindices")
    if len(tables) == 1:
        result = _gather_rows(convert(tables[0]), i)
    else:
        table, sizes = _concat_partitions([convert(t) for t in tables])
        ids64 = i.to(torch.int64)
        valid = (ids64 >= 0) & (ids64 < table.shape[0])  # out-of-range ids are passed on unmapped
        rows = torch.where(valid, _partition_rows(ids64, sizes, partition_strategy), ids64)
        result = _gather_rows(table, rows)
    if max_norm is not None:  # TF's clip_by_norm: Mul, Greater and Sqrt kernels
        for op_name, types, names in _CLIP_KERNELS:
            _check(result, op_name, types, names)
        limit = _same_dtype(result, max_norm, "Mul")
        dims = tuple(range(i.dim(), result.dim()))
        square_sum = _sum(result.square(), dims, True)  # no dims (scalar rows): elementwise
        positive = square_sum > 0
        norm = torch.where(positive, torch.where(positive, square_sum, 1).sqrt(), square_sum)
        try:
            result = result * limit / torch.clamp_min(norm, limit)
        except RuntimeError as error:
            raise translate_error(error, "Mul", result, limit) from None
    return wrap(result)


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
