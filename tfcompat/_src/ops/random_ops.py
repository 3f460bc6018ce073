"""TF 1.x random ops over torch generators, with TF's seed rule.

Values cannot match TF's Philox streams; the seed semantics do
(tensorflow/python/framework/random_seed.py ``get_seed``):

* graph seed and op seed set: both are used;
* graph seed set, op seed None: the op seed is drawn from ``random.Random(graph_seed)``,
  exactly as TF eager's ``context.internal_operation_seed()`` does, so a program
  gives the same values in every run and successive calls differ;
* only the op seed set: the graph seed is ``DEFAULT_GRAPH_SEED``;
* neither: an OS-seeded generator (nondeterministic).

Like TF eager's kernel cache, an op called twice with the same explicit
(graph seed, op seed) pair continues one stream (the second call gives new
values); ``set_random_seed`` clears that cache so the sequence restarts.
"""

import math
import random as _py_random

import numpy as np
import torch

from ..framework import context, dtypes
from ..framework.dtypes import as_dtype
from ..framework.errors import InvalidArgumentError, NotFoundError, attr_error, invalid_argument
from ..framework.kernel_dtypes import FLOATING, INDEX_DTYPES, NN_FLOAT, POISSON, dtypes_in
from ..framework.tensor import convert, dtype_of, translate_error, wrap
from ..framework.tensor_shape import TensorShape, shape_text
from ..registry import export
from .arguments import attr_int, check_size, int_vector, python_int

DEFAULT_GRAPH_SEED = 87654321
_MAXINT32 = 2 ** 31 - 1
_CPU = torch.device("cpu")


class _SeedState:
    """Process-wide, like TF's eager context seed."""

    global_seed = None
    op_seeds = None  # random.Random(global_seed): the source of derived op seeds
    kernels = {}  # (device, seed1, seed2, kernel) -> torch.Generator
    unseeded = {}  # device -> OS-seeded torch.Generator


_state = _SeedState


# --- seeds -----------------------------------------------------------------------------------------

@export("set_random_seed", "random.set_random_seed")
def set_random_seed(seed):
    """Set the graph-level seed; restarts every seeded random sequence."""
    if seed is not None and type(seed) is not int:
        seed = attr_int(seed, "seed", "RandomSeed")
    _state.global_seed = seed
    _state.op_seeds = _py_random.Random(seed)
    _state.kernels.clear()


@export("get_seed", "random.get_seed")
def get_seed(op_seed):
    """The (graph seed, op seed) pair an op with seed ``op_seed`` uses: TF's rule."""
    global_seed = _state.global_seed
    if op_seed is not None and type(op_seed) is not int:
        op_seed = attr_int(op_seed, "seed", "RandomSeed")  # TF's make_int: np.uint8(3) -> 3, inf -> TypeError
    if global_seed is not None:
        if op_seed is None:
            op_seed = _state.op_seeds.randint(0, _MAXINT32)
        seeds = global_seed % _MAXINT32, op_seed % _MAXINT32
    elif op_seed is not None:
        seeds = DEFAULT_GRAPH_SEED, op_seed % _MAXINT32
    else:
        return None, None
    # (0, 0) means "nondeterministic" to TF's kernels.
    return (0, _MAXINT32) if seeds == (0, 0) else seeds


def _seeded(device, seed1, seed2):
    generator = torch.Generator(device=device)
    generator.manual_seed(int(seed1) * 2 ** 31 + int(seed2))
    return generator


def generator_for(seed=None, kernel="", device=None):
    """The torch.Generator an op with op-level seed ``seed`` draws from.

    ``kernel`` names the op kind (TF caches one kernel, and so one stream, per
    op type and attributes); ``device`` defaults to the current device, and the
    generator lives there.
    """
    if device is None:
        device = context.current_device()
    seed1, seed2 = get_seed(seed)
    if seed1 is None:
        generator = _state.unseeded.get(device)
        if generator is None:
            generator = _state.unseeded[device] = torch.Generator(device=device)
            generator.seed()
        return generator
    if seed is None:  # a fresh op seed from the graph seed's sequence: a one-off kernel
        return _seeded(device, seed1, seed2)
    key = (device, seed1, seed2, kernel)
    generator = _state.kernels.get(key)
    if generator is None:
        generator = _state.kernels[key] = _seeded(device, seed1, seed2)
    return generator


def _stateless_generator(seed, device, op_name):
    """A fresh generator determined only by a shape-[2] integer seed tensor."""
    backing = convert(seed)
    if type(backing) is np.ndarray or backing.dtype not in INDEX_DTYPES:
        raise attr_error(op_name, "Tseed", dtype_of(backing))
    if tuple(backing.shape) != (2,):
        raise invalid_argument(f"seed must have shape [2], not {shape_text(backing.shape)}", op_name)
    high, low = backing.tolist()
    generator = torch.Generator(device=device)
    generator.manual_seed(((high & 0xFFFFFFFF) << 32) | (low & 0xFFFFFFFF))
    return generator


def _generator(seed, kernel, device, stateless, op_name):
    if stateless:
        return _stateless_generator(seed, device, op_name)
    return generator_for(seed, kernel, device)


# --- argument helpers ---------------------------------------------------------------------------------

_UNIFORM_TYPES = FLOATING | INDEX_DTYPES  # RandomUniform's dtype, or RandomUniformInt's


def _shape_error(shape):
    return f"shape must be a vector of {{int32,int64}}, got shape {shape_text(shape)}"


def _shape(shape, op_name):
    """A list of non-negative ints from any TF shape argument (list, TensorShape, 1-D tensor)."""
    if isinstance(shape, TensorShape) and not shape.is_fully_defined():
        raise ValueError(f"Cannot convert a partially known TensorShape to a Tensor: {shape}")
    dims = int_vector(shape, op_name, "T", _shape_error)
    for d in dims:
        if d < 0:
            raise invalid_argument(f"Dimension {d} must be >= 0", op_name)
    return check_size(dims, op_name)


def _operand(value, dtype):
    """A Python number kept as is (for a float dtype) or a torch tensor of ``dtype``."""
    kind = type(value)
    if (kind is float or kind is int) and dtype._kind == "f":
        return value
    return convert(value, dtype)


def _apply(function, a, b, op_name):
    try:
        return function(a, b)
    except RuntimeError as error:
        raise translate_error(error, op_name, a, b) from None


def _affine(sample, scale, shift):
    """TF's ``sample * scale + shift`` (in place when both are Python numbers)."""
    if type(scale) is not torch.Tensor and type(shift) is not torch.Tensor:
        if scale != 1:
            sample.mul_(scale)
        if shift != 0:
            sample.add_(shift)
        return wrap(sample)
    return wrap(_apply(torch.add, _apply(torch.mul, sample, scale, "Mul"), shift, "Add"))


def _check_float(dtype, op_name):
    if dtype._torch not in FLOATING:
        raise attr_error(op_name, "dtype", dtype, NN_FLOAT)


# --- normal, uniform, truncated normal -------------------------------------------------------------

_TRUNCATED_ERF = math.erf(2 / math.sqrt(2))  # erf of the bound, 2 standard deviations


def _truncated_sample(dims, dtype, generator, device):
    """Standard normal values restricted to [-2, 2]: the distribution TF's resampling defines.

    Drawn by inverse CDF in one pass (no host sync on GPU), in float32/float64.
    """
    work = torch.float64 if dtype is dtypes.float64 else torch.float32
    sample = torch.empty(dims, dtype=work, device=device)
    sample.uniform_(-_TRUNCATED_ERF, _TRUNCATED_ERF, generator=generator).erfinv_()
    sample.mul_(math.sqrt(2)).clamp_(-2, 2)
    return sample if work is dtype._torch else sample.to(dtype._torch)


def _normal(op_name, shape, mean, stddev, dtype, seed, stateless=False):
    dtype = as_dtype(dtype)
    dims = _shape(shape, op_name)
    mean = _operand(mean, dtype)
    stddev = _operand(stddev, dtype)
    _check_float(dtype, op_name)
    device = context.current_device()
    generator = _generator(seed, (op_name, dtype), device, stateless, op_name)
    if op_name.endswith("TruncatedNormal"):
        sample = _truncated_sample(dims, dtype, generator, device)
    else:
        sample = torch.randn(dims, generator=generator, dtype=dtype._torch, device=device)
    return _affine(sample, stddev, mean)


@export("random_normal", "random.normal")
def random_normal(shape, mean=0.0, stddev=1.0, dtype=dtypes.float32, seed=None, name=None):
    """Samples from a normal distribution: ``shape`` values of ``dtype``."""
    return _normal("RandomStandardNormal", shape, mean, stddev, dtype, seed)


@export("truncated_normal", "random.truncated_normal")
def truncated_normal(shape, mean=0.0, stddev=1.0, dtype=dtypes.float32, seed=None, name=None):
    """Normal samples more than two standard deviations from the mean are redrawn."""
    return _normal("TruncatedNormal", shape, mean, stddev, dtype, seed)


def _uniform(shape, minval, maxval, dtype, seed, stateless=False):
    dtype = as_dtype(dtype)
    if dtype._torch not in _UNIFORM_TYPES:
        raise ValueError(f"Invalid dtype {dtype!r}")
    if maxval is None:
        if dtype.is_integer:
            raise ValueError(f"Must specify maxval for integer dtype {dtype!r}")
        maxval = 1
    prefix = "Stateless" if stateless else ""
    device = context.current_device()
    if not dtype.is_integer:
        op_name = prefix + "RandomUniform"
        dims = _shape(shape, op_name)
        low = _operand(minval, dtype)
        high = _operand(maxval, dtype)
        generator = _generator(seed, (op_name, dtype), device, stateless, op_name)
        sample = torch.rand(dims, generator=generator, dtype=dtype._torch, device=device)
        return _affine(sample, _apply(torch.sub, high, low, "Sub") if type(high) is torch.Tensor
                       or type(low) is torch.Tensor else high - low, low)
    op_name = prefix + "RandomUniformInt"
    dims = _shape(shape, op_name)
    low = convert(minval, dtype)
    high = convert(maxval, dtype)
    for label, bound in (("minval", low), ("maxval", high)):
        if bound.dim() != 0:
            raise invalid_argument(f"{label} must be 0-D, got shape {shape_text(bound.shape)}", op_name)
    generator = _generator(seed, (op_name, dtype), device, stateless, op_name)
    if math.prod(dims) == 0:  # zero impossible things are fine (TF checks the range afterwards)
        return wrap(torch.empty(dims, dtype=dtype._torch, device=device))
    low, high = int(low), int(high)
    if low >= high:
        raise invalid_argument(f"Need minval < maxval, got {low} >= {high}", op_name)
    return wrap(torch.randint(low, high, dims, generator=generator, dtype=dtype._torch, device=device))


@export("random_uniform", "random.uniform")
def random_uniform(shape, minval=0, maxval=None, dtype=dtypes.float32, seed=None, name=None):
    """Uniform samples in ``[minval, maxval)``; integer dtypes need ``maxval``."""
    return _uniform(shape, minval, maxval, dtype, seed)


# --- shuffle, crop -----------------------------------------------------------------------------------

@export("random_shuffle", "random.shuffle")
def random_shuffle(value, seed=None, name=None):
    """``value`` with its first dimension randomly permuted."""
    backing = convert(value)
    if type(backing) is np.ndarray:
        generator = generator_for(seed, ("RandomShuffle", "string"), _CPU)
        if backing.ndim == 0 or backing.shape[0] <= 1:
            return wrap(backing)
        return wrap(backing[torch.randperm(backing.shape[0], generator=generator).numpy()])
    generator = generator_for(seed, ("RandomShuffle", backing.dtype), backing.device)
    if backing.dim() == 0 or backing.shape[0] <= 1:
        return wrap(backing)
    permutation = torch.randperm(backing.shape[0], generator=generator, device=backing.device)
    return wrap(backing[permutation])


@export("random_crop", "image.random_crop")
def random_crop(value, size, seed=None, name=None):
    """A random ``size`` slice of ``value`` (every dimension cropped at a random offset)."""
    backing = convert(value)
    sizes = convert(size, dtypes.int32).reshape(-1).tolist()
    shape = list(backing.shape)
    if len(sizes) != len(shape):
        raise invalid_argument(f"Expected begin and size arguments to be 1-D tensors of size "
                               f"{len(shape)}, but got shapes [{len(shape)}] and [{len(sizes)}] "
                               "instead.", "Slice")
    if any(s > d for s, d in zip(sizes, shape)):
        raise InvalidArgumentError(
            None, None, "Expected 'tf.Tensor(False, shape=(), dtype=bool)' to be true. Summarized "
            "data: b'Need value.shape >= size, got '\n" + ", ".join(map(str, shape)) + "\n"
            + ", ".join(map(str, sizes)))
    device = _CPU if type(backing) is np.ndarray else backing.device
    generator = generator_for(seed, ("RandomUniformInt", dtypes.int32), device)
    draws = torch.randint(0, _MAXINT32, (len(shape),), generator=generator, device=device).tolist()
    offsets = [draw % (d - s + 1) for draw, d, s in zip(draws, shape, sizes)]
    return wrap(backing[tuple(slice(o, o + s) for o, s in zip(offsets, sizes))])


# --- categorical -----------------------------------------------------------------------------------

def _categorical(logits, num_samples, output_dtype, seed, stateless=False):
    op_name = "StatelessMultinomial" if stateless else "Multinomial"
    out_dtype = dtypes.int64 if output_dtype is None else as_dtype(output_dtype)
    backing = convert(logits)
    logits_dtype = dtype_of(backing)
    if out_dtype not in (dtypes.int32, dtypes.int64):
        raise attr_error(op_name, "output_dtype", out_dtype)
    if logits_dtype not in (dtypes.float16, dtypes.float32, dtypes.float64):
        raise NotFoundError(None, None, "Could not find valid device for node.\n"
                            f"Node:{{{{node {op_name}}}}}\nAll kernels registered for op {op_name} :\n"
                            f"  device='CPU'; T in [DT_HALF, DT_FLOAT, DT_DOUBLE]; "
                            f"T = {logits_dtype.name} [Op:{op_name}]")
    if backing.dim() != 2:
        raise invalid_argument(f"logits should be a matrix, got shape {shape_text(backing.shape)}", op_name)
    num_samples = python_int(num_samples, op_name, "num_samples")
    if num_samples < 0:
        raise invalid_argument(f"num_samples should be nonnegative, got {num_samples}", op_name)
    batch, classes = backing.shape
    if classes == 0:
        raise invalid_argument(f"num_classes should be positive, got {classes}", op_name)
    generator = _generator(seed, (op_name, logits_dtype, out_dtype), backing.device, stateless, op_name)
    if batch == 0 or num_samples == 0:
        return wrap(torch.empty((batch, num_samples), dtype=out_dtype._torch, device=backing.device))
    work = backing if backing.dtype is not torch.float16 else backing.float()
    try:
        samples = torch.multinomial(torch.softmax(work, -1), num_samples, True, generator=generator)
    except RuntimeError as error:
        raise translate_error(error, op_name, backing) from None
    return wrap(samples if out_dtype is dtypes.int64 else samples.to(out_dtype._torch))


@export("multinomial", "random.multinomial")
def multinomial(logits, num_samples, seed=None, name=None, output_dtype=None):
    """``num_samples`` class indices per row of ``logits`` (unnormalized log-probabilities)."""
    return _categorical(logits, num_samples, output_dtype, seed)


@export("random.categorical")
def categorical(logits, num_samples, dtype=None, seed=None, name=None):
    """``num_samples`` class indices per row of ``logits`` (unnormalized log-probabilities)."""
    return _categorical(logits, num_samples, dtype, seed)


# --- gamma, poisson -----------------------------------------------------------------------------------

def _standard_gamma(alpha, generator):
    """Gamma(alpha, 1) samples for a float tensor of concentrations (Marsaglia and Tsang).

    torch's own gamma sampler takes no generator, so seeds could not be honoured.
    """
    boost = alpha < 1
    a = torch.where(boost, alpha + 1, alpha)
    d = a - 1.0 / 3
    c = torch.rsqrt(9 * d)
    valid = (alpha > 0) & torch.isfinite(alpha)
    out = torch.where(valid, torch.zeros_like(a), torch.where(alpha == math.inf, alpha, math.nan))
    pending = valid
    while bool(pending.any()):
        x = torch.randn(a.shape, generator=generator, dtype=a.dtype, device=a.device)
        u = torch.rand(a.shape, generator=generator, dtype=a.dtype, device=a.device)
        v = (1 + c * x) ** 3
        accept = pending & (v > 0) & (torch.log(u) < 0.5 * x * x + d - d * v + d * torch.log(v))
        out = torch.where(accept, d * v, out)
        pending = pending & ~accept
    if bool(boost.any()):
        u = torch.rand(a.shape, generator=generator, dtype=a.dtype, device=a.device)
        out = torch.where(boost & valid, out * u ** (1 / alpha), out)
    return out


@export("random_gamma", "random.gamma")
def random_gamma(shape, alpha, beta=None, dtype=dtypes.float32, seed=None, name=None):
    """Gamma samples of shape ``shape + broadcast(alpha, beta).shape``; ``beta`` is the rate."""
    dtype = as_dtype(dtype)
    dims = _shape(shape, "RandomGamma")
    alpha = convert(alpha, dtype)
    beta = convert(1 if beta is None else beta, dtype)
    alpha = _apply(torch.add, alpha, torch.zeros_like(beta), "Add")
    if dtype._kind in "iub":  # TF's np.finfo(dtype).tiny fails so
        raise ValueError(f"data type <class 'numpy.{np.dtype(dtype._numpy).name}'> not inexact")
    _check_float(dtype, "RandomGamma")
    device = alpha.device
    generator = generator_for(seed, ("RandomGamma", dtype), device)
    work = torch.float64 if dtype is dtypes.float64 else torch.float32
    sample = _standard_gamma(alpha.to(work).expand(dims + list(alpha.shape)), generator)
    sample = torch.clamp_min(sample / beta.to(work), torch.finfo(dtype._torch).tiny)
    return wrap(sample.to(dtype._torch))


_POISSON_TYPES = dtypes_in(POISSON)


@export("random_poisson", "random.poisson")
def random_poisson(lam, shape, dtype=dtypes.float32, seed=None, name=None):
    """Poisson samples of shape ``shape + lam.shape`` for rates ``lam``."""
    dtype = as_dtype(dtype)
    dims = _shape(shape, "RandomPoissonV2")
    rate = convert(lam)
    for attr, kind in (("R", dtype_of(rate)), ("dtype", dtype)):
        if kind._torch not in _POISSON_TYPES:
            raise attr_error("RandomPoissonV2", attr, kind, POISSON)
    generator = generator_for(seed, ("RandomPoissonV2", rate.dtype, dtype), rate.device)
    work = torch.float32 if rate.dtype in (torch.float16, torch.float32) else torch.float64
    try:
        sample = torch.poisson(rate.to(work).expand(dims + list(rate.shape)), generator=generator)
    except RuntimeError as error:
        raise translate_error(error, "RandomPoissonV2", rate) from None
    return wrap(sample.to(dtype._torch))


# --- stateless ops: the same kernels with the generator fixed by a [2] seed tensor -----------------

@export("random.stateless_normal")
def stateless_random_normal(shape, seed, mean=0.0, stddev=1.0, dtype=dtypes.float32, name=None):
    return _normal("StatelessRandomNormal", shape, mean, stddev, dtype, seed, stateless=True)


@export("random.stateless_truncated_normal")
def stateless_truncated_normal(shape, seed, mean=0.0, stddev=1.0, dtype=dtypes.float32, name=None):
    return _normal("StatelessTruncatedNormal", shape, mean, stddev, dtype, seed, stateless=True)


@export("random.stateless_uniform")
def stateless_random_uniform(shape, seed, minval=0, maxval=None, dtype=dtypes.float32, name=None):
    return _uniform(shape, minval, maxval, dtype, seed, stateless=True)


@export("random.stateless_multinomial")
def stateless_multinomial(logits, num_samples, seed, output_dtype=dtypes.int64, name=None):
    return _categorical(logits, num_samples, output_dtype, seed, stateless=True)


@export("random.stateless_categorical")
def stateless_categorical(logits, num_samples, seed, dtype=dtypes.int64, name=None):
    return _categorical(logits, num_samples, dtype, seed, stateless=True)
