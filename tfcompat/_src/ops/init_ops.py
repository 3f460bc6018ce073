"""TF 1.x initializers (tensorflow/python/ops/init_ops.py): tf.*_initializer and tf.initializers.*.

Each initializer is a callable ``init(shape, dtype=None, partition_info=None)`` returning a
Tensor.  The random ones call tf.random_normal / tf.random_uniform / tf.truncated_normal with
their ``seed``, so TF's seed rule (graph seed + op seed, the eager kernel cache) holds; the
values cannot match TF's generator.  Error texts are TF 1.x's.
"""

import math

import numpy as np
import torch

from ..framework import dtypes
from ..framework.dtypes import as_dtype
from ..framework.constant_op import constant
from ..framework.tensor import to_torch, wrap
from ..framework.tensor_shape import TensorShape
from ..registry import export
from . import random_ops
from .arguments import int_arg
from .creation_ops import eye, ones, zeros

# The standard deviation of a unit normal truncated to [-2, 2] (scipy.stats.truncnorm.std(-2, 2)).
_TRUNCATED_STDDEV = .87962566103423978


# --- helpers ---------------------------------------------------------------------------------------

def _float_dtype(dtype):
    dtype = as_dtype(dtype)
    if not dtype.is_floating:
        raise ValueError(f"Expected floating point type, got {dtype}.")
    return dtype


def _dims(shape, op_name):
    """The requested shape as a list of ints (list, tuple, TensorShape or 1-D int tensor)."""
    if isinstance(shape, TensorShape) and not shape.is_fully_defined():
        raise ValueError(f"Cannot convert a partially known TensorShape to a Tensor: {shape}")
    dims = int_arg(shape, op_name, "T")
    if type(dims) is not list:
        raise TypeError(f"object of type '{type(shape).__name__}' has no len()")
    return dims


def _scale_dims(shape, partition_info, op_name):
    """The shape that sets the scale: the whole variable's when it is partitioned."""
    return _dims(shape if partition_info is None else partition_info.full_shape, op_name)


def _compute_fans(dims):
    """(fan_in, fan_out) of a weight shape; conv kernels are HWIO: receptive field x channels."""
    if not dims:
        return 1, 1
    if len(dims) == 1:
        return dims[0], dims[0]
    receptive_field = math.prod(dims[:-2])
    return dims[-2] * receptive_field, dims[-1] * receptive_field


def _orthonormal(sample):
    """Q of ``sample``'s QR with each column's sign fixed by R's diagonal (a uniform draw)."""
    work = sample.float() if sample.dtype in (torch.float16, torch.bfloat16) else sample
    q, r = torch.linalg.qr(work, mode="reduced")
    q = q * torch.sign(torch.diagonal(r))
    return q.to(sample.dtype)


# --- the initializers ------------------------------------------------------------------------------

@export("keras.initializers.Initializer")
class Initializer:
    """Initializer base class: all initializers inherit from this class."""

    def __call__(self, shape, dtype=None, partition_info=None):
        raise NotImplementedError

    def get_config(self):
        """The initializer's constructor arguments as a JSON-serializable dict."""
        return {}

    @classmethod
    def from_config(cls, config):
        """An initializer built from ``get_config()``'s dict."""
        return cls(**config)

    def _call_dtype(self, dtype):
        return self.dtype if dtype is None else as_dtype(dtype)


@export("zeros_initializer", "initializers.zeros", "keras.initializers.Zeros", "keras.initializers.zeros")
class Zeros(Initializer):
    """Initializer that generates tensors initialized to 0."""

    def __init__(self, dtype=dtypes.float32):
        self.dtype = as_dtype(dtype)

    def __call__(self, shape, dtype=None, partition_info=None):
        return zeros(shape, self._call_dtype(dtype))

    def get_config(self):
        return {"dtype": self.dtype.name}


@export("ones_initializer", "initializers.ones", "keras.initializers.Ones", "keras.initializers.ones")
class Ones(Initializer):
    """Initializer that generates tensors initialized to 1."""

    def __init__(self, dtype=dtypes.float32):
        self.dtype = as_dtype(dtype)

    def __call__(self, shape, dtype=None, partition_info=None):
        return ones(shape, self._call_dtype(dtype))

    def get_config(self):
        return {"dtype": self.dtype.name}


@export("constant_initializer", "initializers.constant", "keras.initializers.Constant",
        "keras.initializers.constant")
class Constant(Initializer):
    """Initializer that generates tensors with constant values (tf.constant's rules for ``shape``)."""

    def __init__(self, value=0, dtype=dtypes.float32, verify_shape=False):
        if not (np.isscalar(value) or isinstance(value, (list, tuple, np.ndarray))):
            raise TypeError(f"Invalid type for initial value: {type(value)} (expected Python scalar, "
                            "list or tuple of values, or numpy.ndarray).")
        self.value = value
        self.dtype = as_dtype(dtype)
        self._verify_shape = verify_shape

    def __call__(self, shape, dtype=None, partition_info=None, verify_shape=None):
        if verify_shape is None:
            verify_shape = self._verify_shape
        return constant(self.value, dtype=self._call_dtype(dtype), shape=shape, verify_shape=verify_shape)

    def get_config(self):
        # TF leaves verify_shape out, for Keras: it is a __call__ argument, not a property.
        return {"value": self.value, "dtype": self.dtype.name}


@export("random_uniform_initializer", "initializers.random_uniform")
class RandomUniform(Initializer):
    """Initializer that generates tensors with a uniform distribution in [minval, maxval)."""

    def __init__(self, minval=0, maxval=None, seed=None, dtype=dtypes.float32):
        self.minval = minval
        self.maxval = maxval
        self.seed = seed
        self.dtype = as_dtype(dtype)

    def __call__(self, shape, dtype=None, partition_info=None):
        return random_ops.random_uniform(shape, self.minval, self.maxval, self._call_dtype(dtype),
                                         seed=self.seed)

    def get_config(self):
        return {"minval": self.minval, "maxval": self.maxval, "seed": self.seed, "dtype": self.dtype.name}


class _Normal(Initializer):
    """The arguments shared by RandomNormal and TruncatedNormal (TF keeps them unrelated classes)."""

    def __init__(self, mean=0.0, stddev=1.0, seed=None, dtype=dtypes.float32):
        self.mean = mean
        self.stddev = stddev
        self.seed = seed
        self.dtype = _float_dtype(dtype)

    def get_config(self):
        return {"mean": self.mean, "stddev": self.stddev, "seed": self.seed, "dtype": self.dtype.name}


@export("random_normal_initializer", "initializers.random_normal")
class RandomNormal(_Normal):
    """Initializer that generates tensors with a normal distribution."""

    def __call__(self, shape, dtype=None, partition_info=None):
        return random_ops.random_normal(shape, self.mean, self.stddev, self._call_dtype(dtype), seed=self.seed)


@export("truncated_normal_initializer", "initializers.truncated_normal")
class TruncatedNormal(_Normal):
    """Normal values more than two standard deviations from the mean are discarded and redrawn."""

    def __call__(self, shape, dtype=None, partition_info=None):
        return random_ops.truncated_normal(shape, self.mean, self.stddev, self._call_dtype(dtype),
                                           seed=self.seed)


@export("uniform_unit_scaling_initializer", "initializers.uniform_unit_scaling")
class UniformUnitScaling(Initializer):
    """Uniform in ±factor·sqrt(3 / input size), the input size being the product of all but the
    last dimension (TF's estimate for matmul and conv kernels)."""

    def __init__(self, factor=1.0, seed=None, dtype=dtypes.float32):
        self.factor = factor
        self.seed = seed
        self.dtype = _float_dtype(dtype)

    def __call__(self, shape, dtype=None, partition_info=None):
        dims = _dims(shape, "RandomUniform")
        input_size = max(float(math.prod(_scale_dims(shape, partition_info, "RandomUniform")[:-1])), 1.0)
        max_val = math.sqrt(3 / input_size) * self.factor
        return random_ops.random_uniform(dims, -max_val, max_val, self._call_dtype(dtype), seed=self.seed)

    def get_config(self):
        return {"factor": self.factor, "seed": self.seed, "dtype": self.dtype.name}


_MODES = ("fan_in", "fan_out", "fan_avg")
_DISTRIBUTIONS = ("normal", "uniform", "truncated_normal", "untruncated_normal")


@export("variance_scaling_initializer", "initializers.variance_scaling", "keras.initializers.VarianceScaling")
class VarianceScaling(Initializer):
    """Samples with variance ``scale / n``, n the fan-in, fan-out or their mean.

    "truncated_normal" (and its deprecated alias "normal") draws a normal truncated to two
    standard deviations whose standard deviation after truncation is sqrt(scale / n);
    "untruncated_normal" a plain normal; "uniform" values in ±sqrt(3 * scale / n).
    """

    def __init__(self, scale=1.0, mode="fan_in", distribution="truncated_normal", seed=None,
                 dtype=dtypes.float32):
        if scale <= 0.:
            raise ValueError("`scale` must be positive float.")
        if mode not in _MODES:
            raise ValueError("Invalid `mode` argument:", mode)
        distribution = distribution.lower()
        if distribution not in _DISTRIBUTIONS:
            raise ValueError("Invalid `distribution` argument:", distribution)
        self.scale = scale
        self.mode = mode
        self.distribution = distribution
        self.seed = seed
        self.dtype = _float_dtype(dtype)

    def __call__(self, shape, dtype=None, partition_info=None):
        dtype = self._call_dtype(dtype)
        op_name = "RandomUniform" if self.distribution == "uniform" else "RandomStandardNormal"
        dims = _dims(shape, op_name)
        variance = self.scale / max(1., self._fan(_scale_dims(shape, partition_info, op_name)))
        if self.distribution == "uniform":
            limit = math.sqrt(3.0 * variance)
            return random_ops.random_uniform(dims, -limit, limit, dtype, seed=self.seed)
        if self.distribution == "untruncated_normal":
            return random_ops.random_normal(dims, 0.0, math.sqrt(variance), dtype, seed=self.seed)
        stddev = math.sqrt(variance) / _TRUNCATED_STDDEV
        return random_ops.truncated_normal(dims, 0.0, stddev, dtype, seed=self.seed)

    def _fan(self, dims):
        fan_in, fan_out = _compute_fans(dims)
        if self.mode == "fan_in":
            return fan_in
        if self.mode == "fan_out":
            return fan_out
        return (fan_in + fan_out) / 2.

    def get_config(self):
        return {"scale": self.scale, "mode": self.mode, "distribution": self.distribution, "seed": self.seed,
                "dtype": self.dtype.name}


@export("orthogonal_initializer", "initializers.orthogonal", "keras.initializers.Orthogonal",
        "keras.initializers.orthogonal")
class Orthogonal(Initializer):
    """An orthogonal matrix (rows or columns, whichever are fewer) from the QR decomposition of
    normal samples, times ``gain``; shapes above 2-D are the matrix
    ``(prod(shape[:-1]), shape[-1])`` reshaped."""

    def __init__(self, gain=1.0, seed=None, dtype=dtypes.float32):
        self.gain = gain
        self.dtype = _float_dtype(dtype)
        self.seed = seed

    def __call__(self, shape, dtype=None, partition_info=None):
        dtype = self._call_dtype(dtype)
        dims = _dims(shape, "RandomStandardNormal")
        if len(dims) < 2:
            raise ValueError("The tensor to initialize must be at least two-dimensional")
        num_rows, num_cols = math.prod(dims[:-1]), dims[-1]
        wide = num_rows < num_cols
        flat_shape = [num_cols, num_rows] if wide else [num_rows, num_cols]
        sample = to_torch(random_ops.random_normal(flat_shape, dtype=dtype, seed=self.seed))
        q = _orthonormal(sample)
        if wide:
            q = q.T
        return self.gain * wrap(q.reshape(dims).contiguous())

    def get_config(self):
        return {"gain": self.gain, "seed": self.seed, "dtype": self.dtype.name}


@export("initializers.identity", "keras.initializers.Identity", "keras.initializers.identity")
class Identity(Initializer):
    """The identity matrix times ``gain`` (2-D shapes only; rectangular ones allowed)."""

    def __init__(self, gain=1.0, dtype=dtypes.float32):
        self.gain = gain
        self.dtype = _float_dtype(dtype)

    def __call__(self, shape, dtype=None, partition_info=None):
        full_shape = _scale_dims(shape, partition_info, "Fill")
        if len(full_shape) != 2:
            raise ValueError("Identity matrix initializer can only be used for 2D matrices.")
        matrix = eye(*full_shape, dtype=self._call_dtype(dtype))
        if partition_info is not None:
            sizes = _dims(shape, "Slice")
            matrix = wrap(to_torch(matrix)[tuple(slice(o, o + n) for o, n in zip(partition_info.var_offset, sizes))])
        return self.gain * matrix

    def get_config(self):
        return {"gain": self.gain, "dtype": self.dtype.name}


@export("glorot_uniform_initializer", "initializers.glorot_uniform", "keras.initializers.glorot_uniform")
class GlorotUniform(VarianceScaling):
    """Xavier uniform: values in ±sqrt(6 / (fan_in + fan_out))."""

    def __init__(self, seed=None, dtype=dtypes.float32):
        super().__init__(scale=1.0, mode="fan_avg", distribution="uniform", seed=seed, dtype=dtype)

    def get_config(self):
        return {"seed": self.seed, "dtype": self.dtype.name}


@export("glorot_normal_initializer", "initializers.glorot_normal", "keras.initializers.glorot_normal")
class GlorotNormal(VarianceScaling):
    """Xavier normal: truncated normal with stddev sqrt(2 / (fan_in + fan_out)) after truncation."""

    def __init__(self, seed=None, dtype=dtypes.float32):
        super().__init__(scale=1.0, mode="fan_avg", distribution="truncated_normal", seed=seed, dtype=dtype)

    def get_config(self):
        return {"seed": self.seed, "dtype": self.dtype.name}


@export("initializers.lecun_normal")
def lecun_normal(seed=None):
    """Truncated normal with stddev sqrt(1 / fan_in)."""
    return VarianceScaling(scale=1., mode="fan_in", distribution="truncated_normal", seed=seed)


@export("initializers.lecun_uniform")
def lecun_uniform(seed=None):
    """Uniform in ±sqrt(3 / fan_in)."""
    return VarianceScaling(scale=1., mode="fan_in", distribution="uniform", seed=seed)


@export("initializers.he_normal")
def he_normal(seed=None):
    """Truncated normal with stddev sqrt(2 / fan_in)."""
    return VarianceScaling(scale=2., mode="fan_in", distribution="truncated_normal", seed=seed)


@export("initializers.he_uniform")
def he_uniform(seed=None):
    """Uniform in ±sqrt(6 / fan_in)."""
    return VarianceScaling(scale=2., mode="fan_in", distribution="uniform", seed=seed)
