"""The case table for tests/test_gradient_check.py: one case per differentiable registered op.

A case is ``fn(tf, *inputs)`` with the module as first argument, so the same table runs on
tfcompat (the test) and on real TensorFlow (tests/gradient_check_tf_oracle.py, run by hand
in a throwaway TF venv to confirm each expectation against TF's registered gradients).

Each input has an expectation for ``tape.gradient(outputs, input)``:
VALUE  TF differentiates the input: the full Jacobian must match central finite differences;
NONE   TF answers None (NotDifferentiable op, integer input, boolean/integer output, or a
       gradient function that returns None, as floor/round/ceil/rint/floordiv do);
ZERO   TF's gradient function returns zeros (sign, slogdet's sign output);
RAISES TF has no gradient function for an op on the path: tape.gradient raises LookupError
       ("gradient registry has no entry for: Unique"); the whole case expects it.
Integer inputs default to NONE, float inputs to VALUE.  Where TF 2's tf.compat.v1 and TF 1.x
differ, the table follows tf.compat.v1 (as the project's goldens do) and says so at the case.

Values are drawn away from the points where an op is not differentiable: all magnitudes are
distinct (no max/min/sort/abs ties) and at least 0.2 from zero (abs, relu, sign).
"""

from dataclasses import dataclass

import numpy as np

VALUE, NONE, ZERO, RAISES = "value", "none", "zero", "raises"


@dataclass(frozen=True)
class F:
    """A float64 input: distinct magnitudes in [0.2, 1.2] (times ``scale``), random signs
    unless ``positive``, plus ``shift``."""
    shape: tuple
    scale: float = 1.0
    shift: float = 0.0
    positive: bool = False

    def make(self, rng):
        size = int(np.prod(self.shape, dtype=int))
        magnitudes = 0.2 + (rng.permutation(size) + rng.uniform(0.2, 0.8, size)) / max(size, 1)
        signs = np.ones(size) if self.positive else rng.choice([-1.0, 1.0], size)
        return (self.shift + self.scale * signs * magnitudes).reshape(self.shape)

    def default_expectation(self):
        return VALUE


@dataclass(frozen=True)
class I:
    """A fixed int32 input (indices, ids, segment ids)."""
    values: object

    def make(self, rng):
        return np.asarray(self.values, dtype=np.int32)

    def default_expectation(self):
        return NONE


@dataclass(frozen=True)
class Case:
    name: str  # a registered TF name (without "tf.") of the op under check
    fn: object  # fn(tf, *inputs) -> a tensor or a (nested) list/tuple of tensors
    inputs: tuple
    expect: tuple = ()  # per input; empty: the inputs' defaults
    delta: float = 1e-6  # finite-difference step
    tol: float = 1e-5  # rtol and atol
    id: str = ""  # pytest id when one op has several cases
    float32: bool = False  # TF's kernel has no float64: run in float32 with a coarser step and tolerance

    def expectations(self):
        return self.expect or tuple(spec.default_expectation() for spec in self.inputs)

    @property
    def test_id(self):
        return self.id or self.name


def c(name, fn, *inputs, **options):
    if options.get("float32"):
        options = {"delta": 1e-2, "tol": 2e-3, **options}
    return Case(name, fn, tuple(inputs), **options)


V2 = (3,)
M = (2, 3)


def _spd(tf, x):
    """A symmetric positive definite matrix that depends on every element of ``x``."""
    n = int(x.shape[-1])
    return tf.matmul(x, x, transpose_b=True) + n * tf.eye(n, dtype=tf.float64)


def _sym(tf, x):
    return (x + tf.transpose(x)) / 2


def _lower(tf, x):
    """A well-conditioned lower-triangular matrix built from ``x``'s lower triangle."""
    n = int(x.shape[-1])
    mask = np.tril(np.ones((n, n)))
    return x * tf.constant(mask) + 3 * tf.eye(n, dtype=tf.float64)


def _distribution(tf, x):
    """Rows that sum to 1: TF's softmax cross-entropy gradient assumes label distributions."""
    return x / tf.reduce_sum(x, axis=-1, keepdims=True)


def _fix_signs(tf, vectors):
    """Eigen/singular vectors up to sign: make each column's first entry positive."""
    return vectors * tf.sign(vectors[:1, :])


def _eig_with_fixed_signs(tf, x):
    values, vectors = tf.self_adjoint_eig(x)
    return [values, _fix_signs(tf, vectors)]


def _svd_with_fixed_signs(tf, x):
    s, u, v = tf.svd(x)
    return [s, _fix_signs(tf, u), _fix_signs(tf, v)]


def _unary(name, spec=F(M), **options):
    def fn(tf, x):
        op = tf
        for part in name.split("."):
            op = getattr(op, part)
        return op(x)
    return c(name, fn, spec, **options)


POS = F(M, positive=True)
UNIT = F(M, scale=0.75)  # |x| < 0.9

UNARY = [
    _unary("abs"), _unary("acos", UNIT), _unary("acosh", F(M, positive=True, shift=1.0)),
    _unary("asin", UNIT), _unary("asinh"), _unary("atan"), _unary("atanh", UNIT), _unary("cos"),
    _unary("cosh"), _unary("digamma", POS), _unary("erf"), _unary("erfc"), _unary("exp"),
    _unary("expm1"), _unary("lgamma", POS), _unary("log", POS), _unary("log1p", POS),
    _unary("log_sigmoid"), _unary("negative"), _unary("reciprocal"), _unary("rsqrt", POS),
    _unary("sigmoid"), _unary("sin"), _unary("sinh"), _unary("sqrt", POS), _unary("square"),
    _unary("tan"), _unary("tanh"), _unary("math.bessel_i0"), _unary("math.bessel_i0e"),
    _unary("math.bessel_i1"), _unary("math.bessel_i1e"), _unary("math.erfinv", UNIT),
    _unary("math.erfcinv", F(M, scale=0.75, shift=1.0)), _unary("math.ndtri", F(M, scale=0.4, shift=0.5)),
    _unary("math.reciprocal_no_nan"), _unary("math.special.bessel_j0"), _unary("math.special.bessel_j1"),
    _unary("math.special.bessel_k0", POS), _unary("math.special.bessel_k0e", POS),
    _unary("math.special.bessel_k1", POS), _unary("math.special.bessel_k1e", POS),
    _unary("math.special.bessel_y0", POS), _unary("math.special.bessel_y1", POS),
    _unary("lbeta", POS), _unary("nn.relu"), _unary("nn.relu6", F(M, scale=4.0)), _unary("nn.elu"),
    _unary("nn.selu"), _unary("nn.softplus"), _unary("nn.softsign"), _unary("nn.swish"),
    _unary("nn.crelu"), _unary("nn.softmax"), _unary("nn.log_softmax"), _unary("nn.l2_loss"),
    _unary("nn.l2_normalize"), _unary("identity"), _unary("stop_gradient", expect=(NONE,)),
    _unary("floor", expect=(NONE,)), _unary("ceil", expect=(NONE,)), _unary("round", expect=(NONE,)),
    _unary("rint", expect=(NONE,)), _unary("sign", expect=(ZERO,)),
    _unary("to_double"), _unary("to_int32", expect=(NONE,)), _unary("to_int64", expect=(NONE,)),
    _unary("to_float", delta=1e-2),
    # argsort is top_k's index output in TF, and TopKV2's gradient answers zeros for it.
    _unary("argsort", expect=(ZERO,)),
    _unary("is_finite", expect=(RAISES,)), _unary("is_inf", expect=(RAISES,)), _unary("is_nan", expect=(RAISES,)),
    _unary("is_non_decreasing", expect=(NONE,)), _unary("is_strictly_increasing", expect=(NONE,)),
    _unary("shape", expect=(NONE,)), _unary("size", expect=(NONE,)), _unary("rank", expect=(NONE,)),
    _unary("zeros_like", expect=(NONE,)), _unary("ones_like", expect=(NONE,)),
    _unary("nn.zero_fraction", expect=(NONE,)), _unary("count_nonzero", expect=(NONE,)),
    _unary("argmax", expect=(NONE,)), _unary("argmin", expect=(NONE,)),
    _unary("linalg.adjoint"), _unary("matrix_transpose"), _unary("transpose"),
]


def _binary(name, x=F(M), y=F(M), **options):
    def fn(tf, a, b):
        op = tf
        for part in name.split("."):
            op = getattr(op, part)
        return op(a, b)
    return c(name, fn, x, y, **options)


BINARY = [
    _binary("add"), _binary("subtract"), _binary("multiply"), _binary("divide"), _binary("div"),
    _binary("truediv"), _binary("realdiv"), _binary("atan2"), _binary("maximum"), _binary("minimum"),
    _binary("pow", F(M, positive=True)), _binary("squared_difference"), _binary("div_no_nan"),
    _binary("math.multiply_no_nan"), _binary("math.xdivy"), _binary("math.xlogy", y=POS),
    _binary("math.xlog1py", y=POS),
    _binary("math.zeta", F(M, positive=True, shift=1.5), POS, expect=(NONE, VALUE)),
    _binary("igamma", POS, POS), _binary("igammac", POS, POS),
    _binary("floordiv", expect=(NONE, NONE)), _binary("floormod", F(M, scale=3.0), POS),
    _binary("truncatediv", expect=(NONE, NONE)),
    _binary("truncatemod", expect=(RAISES, RAISES)), _binary("math.nextafter", expect=(VALUE, ZERO)),
    _binary("equal", expect=(NONE, NONE)), _binary("not_equal", expect=(NONE, NONE)),
    _binary("greater", expect=(NONE, NONE)), _binary("greater_equal", expect=(NONE, NONE)),
    _binary("less", expect=(NONE, NONE)), _binary("less_equal", expect=(NONE, NONE)),
    _binary("add", F(M), F((3,)), id="add_broadcast"),
    _binary("multiply", F((2, 1)), F((3,)), id="multiply_broadcast"),
    _binary("maximum", F(M), F((1, 3)), id="maximum_broadcast"),
    _binary("matmul", F((2, 3)), F((3, 2))), _binary("sparse_matmul", F((2, 3)), F((3, 2)), float32=True),
    _binary("linalg.matvec", F((2, 3)), F((3,))), _binary("cross", F((2, 3)), F((2, 3))),
    _binary("nn.bias_add", F((2, 3)), F((3,))),
    c("nn.softmax_cross_entropy_with_logits_v2",
      lambda tf, y, x: tf.nn.softmax_cross_entropy_with_logits_v2(labels=_distribution(tf, y), logits=x),
      F(M, positive=True), F(M)),
    _binary("nn.log_poisson_loss", F((2, 3), positive=True), F((2, 3))),
]


def _complex_part(name):
    def fn(tf, re, im):
        op = tf
        for part in name.split("."):
            op = getattr(op, part)
        value = op(tf.complex(re, im) * tf.complex(re, re * 0 + 0.5))
        return value if value.dtype.is_floating else tf.real(value)
    return c(name, fn, F(M), F(M))


COMPLEX = [
    c("complex", lambda tf, re, im: [tf.real(tf.complex(re, im) * tf.complex(re, im)),
                                     tf.imag(tf.complex(re, im) * tf.complex(im, re))], F(M), F(M)),
    _complex_part("real"), _complex_part("imag"), _complex_part("angle"),
    c("conj", lambda tf, re, im: tf.imag(tf.conj(tf.complex(re, im))), F(M), F(M)),
    c("abs", lambda tf, re, im: tf.abs(tf.complex(re, im)), F(M), F(M), id="abs_complex"),
    c("to_complex128", lambda tf, x: tf.real(tf.to_complex128(x) * tf.complex(x, x)), F(M)),
    c("to_complex64", lambda tf, x: tf.cast(tf.real(tf.to_complex64(x)), tf.float64), F(M), delta=1e-2),
]


CASTS = [
    c("cast", lambda tf, x: tf.cast(x, tf.float32), F(M), delta=1e-2, id="cast_float32"),
    c("cast", lambda tf, x: tf.cast(x, tf.int32), F(M, scale=3.0), expect=(NONE,), id="cast_int32"),
    c("cast", lambda tf, x: tf.cast(tf.cast(x, tf.int32), tf.float64), F(M, scale=3.0), expect=(NONE,),
      id="cast_int32_float64"),
    c("saturate_cast", lambda tf, x: tf.saturate_cast(x, tf.float32), F(M), delta=1e-2),
    c("to_bfloat16", lambda tf, x: tf.cast(tf.to_bfloat16(x), tf.float64), F(M), delta=0.25, tol=1e-2),
]

R = (2, 3, 2)


def _reduce(name, **kwargs):
    def fn(tf, x):
        op = tf
        for part in name.split("."):
            op = getattr(op, part)
        return op(x, **kwargs)
    return fn


REDUCTIONS = [
    c(name, _reduce(name, **kwargs), F(R), id=f"{name}_{'_'.join(f'{k}{v}' for k, v in kwargs.items())}")
    for name in ["reduce_sum", "reduce_mean", "reduce_prod", "reduce_max", "reduce_min", "reduce_logsumexp",
                 "math.reduce_euclidean_norm", "math.reduce_std", "math.reduce_variance"]
    for kwargs in [{}, {"axis": 1}, {"axis": [0, 2], "keepdims": True}]
] + [
    c("norm", _reduce("norm"), F(R)),
    c("norm", _reduce("norm", ord=1, axis=1), F(R), id="norm_ord1"),
    c("norm", _reduce("norm", ord=np.inf, axis=-1), F(R), id="norm_inf"),
    c("norm", _reduce("norm", ord="fro", axis=[1, 2]), F(R), id="norm_fro"),
    c("cumsum", _reduce("cumsum", axis=1), F(R)),
    c("cumsum", _reduce("cumsum", axis=1, exclusive=True, reverse=True), F(R), id="cumsum_exclusive_reverse"),
    c("cumprod", _reduce("cumprod", axis=1), F(R)),
    c("cumprod", _reduce("cumprod", axis=0, exclusive=True, reverse=True), F(R), id="cumprod_exclusive_reverse"),
    c("math.cumulative_logsumexp", _reduce("math.cumulative_logsumexp", axis=1), F(R)),
    c("math.cumulative_logsumexp",  # without the -inf that the empty sum gives
      lambda tf, x: tf.math.cumulative_logsumexp(x, axis=1, exclusive=True, reverse=True)[:, :-1], F(R),
      id="cumulative_logsumexp_exclusive_reverse"),
    c("nn.top_k", lambda tf, x: tf.nn.top_k(x, k=2), F((2, 4))),
    c("arg_max", lambda tf, x: tf.arg_max(x, 1), F(M), expect=(NONE,)),
    c("arg_min", lambda tf, x: tf.arg_min(x, 1), F(M), expect=(NONE,)),
    c("bincount", lambda tf, ids, w: tf.bincount(ids, weights=w), I([0, 2, 2, 1]), F((4,)), expect=(RAISES,)),
]

SEGMENT_IDS = I([0, 0, 1, 2])
UNSORTED_IDS = I([2, 0, 2, 1])
SEGMENTS = [
    c(f"math.segment_{kind}", lambda tf, x, ids, kind=kind: getattr(tf.math, f"segment_{kind}")(x, ids),
      F((4, 2)), SEGMENT_IDS)
    for kind in ["sum", "mean", "max", "min", "prod"]
] + [
    c(f"math.unsorted_segment_{kind}",
      lambda tf, x, ids, kind=kind: getattr(tf.math, f"unsorted_segment_{kind}")(x, ids, 4), F((4, 2)), UNSORTED_IDS)
    for kind in ["sum", "mean", "max", "min", "prod", "sqrt_n"]
]

ARRAY = [
    c("batch_gather", lambda tf, x, i: tf.batch_gather(x, i), F((2, 4)), I([[0, 3], [2, 2]])),
    c("boolean_mask", lambda tf, x: tf.boolean_mask(x, tf.constant([[True, False, True], [False, True, True]])),
      F(M)),
    c("broadcast_to", lambda tf, x: tf.broadcast_to(x, [2, 2, 3]), F((1, 3))),
    c("clip_by_average_norm", lambda tf, x: tf.clip_by_average_norm(x, 0.2), F(M), float32=True),
    c("clip_by_global_norm", lambda tf, x, y: tf.clip_by_global_norm([x, y], 1.0)[0], F(M), F((2,))),
    c("clip_by_norm", lambda tf, x: tf.clip_by_norm(x, 1.0), F(M)),
    c("clip_by_norm", lambda tf, x: tf.clip_by_norm(x, 1.0, axes=[1]), F(M), id="clip_by_norm_axes"),
    c("clip_by_value", lambda tf, x, lo, hi: tf.clip_by_value(x, lo, hi), F((2, 4)), F((), scale=0.1, shift=-0.6),
      F((), scale=0.1, shift=0.6)),
    c("concat", lambda tf, x, y: tf.concat([x, y], 1), F(M), F((2, 2))),
    c("depth_to_space", lambda tf, x: tf.depth_to_space(x, 2), F((1, 1, 2, 4))),
    c("space_to_depth", lambda tf, x: tf.space_to_depth(x, 2), F((1, 2, 2, 2))),
    c("dynamic_partition", lambda tf, x, p: tf.dynamic_partition(x, p, 2), F((4, 2)), I([1, 0, 1, 1])),
    c("dynamic_stitch", lambda tf, i, j, x, y: tf.dynamic_stitch([i, j], [x, y]), I([0, 2]), I([1, 3]),
      F((2, 2)), F((2, 2))),
    c("ensure_shape", lambda tf, x: tf.ensure_shape(x, [2, None]), F(M)),
    c("expand_dims", lambda tf, x: tf.expand_dims(x, 1), F(M)),
    c("gather", lambda tf, x, i: tf.gather(x, i), F((3, 2)), I([2, 0, 2])),
    c("gather", lambda tf, x, i: tf.gather(x, i, axis=1), F((2, 3)), I([2, 0, 2]), id="gather_axis1"),
    c("gather_nd", lambda tf, x, i: tf.gather_nd(x, i), F((3, 2)), I([[2, 1], [0, 0], [2, 1]])),
    c("global_norm", lambda tf, x, y: tf.global_norm([x, y]), F(M), F((2,))),
    c("meshgrid", lambda tf, x, y: tf.meshgrid(x, y), F((2,)), F((3,))),
    c("one_hot", lambda tf, i, on, off: tf.one_hot(i, 3, on_value=on, off_value=off), I([0, 2]), F(()), F(()),
      expect=(NONE, NONE, NONE)),
    c("pad", lambda tf, x: tf.pad(x, [[1, 0], [0, 2]]), F(M)),
    c("pad", lambda tf, x: tf.pad(x, [[1, 1], [2, 1]], mode="REFLECT"), F((2, 3)), id="pad_reflect"),
    c("pad", lambda tf, x: tf.pad(x, [[1, 1], [2, 1]], mode="SYMMETRIC"), F((2, 3)), id="pad_symmetric"),
    c("reshape", lambda tf, x: tf.reshape(x, [3, 2]), F(M)),
    c("reverse", lambda tf, x: tf.reverse(x, [1]), F(M)),
    c("reverse_sequence", lambda tf, x, n: tf.reverse_sequence(x, n, seq_axis=1, batch_axis=0), F(M), I([2, 3])),
    c("roll", lambda tf, x: tf.roll(x, 1, axis=1), F(M)),
    c("scatter_nd", lambda tf, i, u: tf.scatter_nd(i, u, [4, 2]), I([[1], [3]]), F((2, 2))),
    c("searchsorted", lambda tf, s, v: tf.searchsorted(s, v), F((4,), positive=True), F((2,)),
      expect=(NONE, NONE)),
    c("setdiff1d", lambda tf, x, y: tf.setdiff1d(x, y)[0], F((4,)), F((2,)), expect=(RAISES,)),
    c("slice", lambda tf, x: tf.slice(x, [0, 1], [2, 2]), F(M)),
    c("sort", lambda tf, x: tf.sort(x), F(M)),
    c("split", lambda tf, x: tf.split(x, [1, 2], axis=1), F(M)),
    c("squeeze", lambda tf, x: tf.squeeze(x), F((2, 1, 3))),
    c("stack", lambda tf, x, y: tf.stack([x, y], axis=1), F(V2), F(V2)),
    c("strided_slice", lambda tf, x: tf.strided_slice(x, [0, 2], [2, 0], [1, -1]), F(M)),
    c("strided_slice", lambda tf, x: x[1, ::2], F(M), id="tensor_getitem"),
    c("tensor_scatter_nd_add", lambda tf, x, i, u: tf.tensor_scatter_nd_add(x, i, u), F((4, 2)), I([[1], [3]]),
      F((2, 2))),
    c("tensor_scatter_nd_sub", lambda tf, x, i, u: tf.tensor_scatter_nd_sub(x, i, u), F((4, 2)), I([[1], [3]]),
      F((2, 2))),
    c("tensor_scatter_nd_update", lambda tf, x, i, u: tf.tensor_scatter_nd_update(x, i, u), F((4, 2)),
      I([[1], [3]]), F((2, 2))),
    c("tile", lambda tf, x: tf.tile(x, [2, 1]), F(M)),
    c("unique", lambda tf, x: tf.unique(tf.concat([x, x[:1]], 0))[0], F((3,)), expect=(RAISES,)),
    c("unique_with_counts", lambda tf, x: tf.unique_with_counts(x)[0], F((3,)), expect=(RAISES,)),
    c("unstack", lambda tf, x: tf.unstack(x, axis=1), F(M)),
    c("where", lambda tf, x, y: tf.where(tf.constant([[True, False, True], [False, False, True]]), x, y),
      F(M), F(M)),
    c("where_v2", lambda tf, x, y: tf.where_v2(tf.constant([[True], [False]]), x, y), F(M), F((3,))),
    c("identity_n", lambda tf, x, y: tf.identity_n([x, y]), F(M), F(V2)),
    c("fill", lambda tf, v: tf.fill([2, 3], v), F(())),
    # TF 1.x's lin_space was the LinSpace kernel (NotDifferentiable: None); tf.compat.v1's is built from
    # differentiable ops.
    c("lin_space", lambda tf, a, b: tf.lin_space(a, b, 4), F(()), F(())),
    c("range", lambda tf, a: tf.range(a, 3.0, 0.5), F((), shift=-0.5), expect=(NONE,)),
    c("shape_n", lambda tf, x: tf.shape_n([x]), F(M), expect=(NONE,)),
    c("add_n", lambda tf, x, y, z: tf.add_n([x, y, z]), F(M), F(M), F(M)),
    c("accumulate_n", lambda tf, x, y: tf.accumulate_n([x, y]), F(M), F(M)),
    c("scalar_mul", lambda tf, x: tf.scalar_mul(2.5, x), F(M)),
    c("math.polyval", lambda tf, a, b, x: tf.math.polyval([a, b], x), F(()), F(()), F(V2)),
    c("math.polygamma", lambda tf, x: tf.math.polygamma(tf.constant(1.0, tf.float64), x), POS),
    c("check_numerics", lambda tf, x: tf.check_numerics(x, "message"), F(M)),
    c("verify_tensor_all_finite", lambda tf, x: tf.verify_tensor_all_finite(x, "message"), F(M)),
]

CONTROL_FLOW = [
    c("cond", lambda tf, x, y: tf.cond(tf.constant(True), lambda: x * y, lambda: x - y), F(M), F(M)),
    c("cond", lambda tf, x, y: tf.cond(tf.reduce_sum(x) > 100.0, lambda: x * y, lambda: tf.sin(x)), F(M), F(M),
      expect=(VALUE, NONE), id="cond_false_branch"),
    c("while_loop", lambda tf, x: tf.while_loop(lambda i, a: i < 3, lambda i, a: (i + 1, a * x + 1.0),
                                                (tf.constant(0), tf.ones_like(x)))[1], F(M)),
    c("tuple", lambda tf, x, y: tf.tuple([x * 2.0, y]), F(M), F(V2)),
    c("map_fn", lambda tf, x: tf.map_fn(lambda row: tf.sin(row) * row, x), F(M)),
    c("map_fn", lambda tf, x, y: tf.map_fn(lambda pair: pair[0] * pair[1], (x, y), dtype=tf.float64), F(M), F(M),
      id="map_fn_structured"),
    c("scan", lambda tf, x: tf.scan(lambda a, row: a * row + 1.0, x), F(M)),
    c("scan", lambda tf, x, y: tf.scan(lambda a, row: a * row, x, initializer=y, reverse=True), F(M), F(V2),
      id="scan_reverse_initializer"),
    c("foldl", lambda tf, x: tf.foldl(lambda a, row: a * row + 1.0, x), F(M)),
    c("foldr", lambda tf, x, y: tf.foldr(lambda a, row: a * row, x, initializer=y), F(M), F(V2)),
    c("case", lambda tf, x, y: tf.case([(tf.constant(False), lambda: x - y), (tf.constant(True), lambda: x * y)],
                                       default=lambda: x + y), F(M), F(M)),
    c("switch_case", lambda tf, x, y: tf.switch_case(tf.constant(1), [lambda: tf.sin(x), lambda: x * y]),
      F(M), F(M)),
    c("py_function", lambda tf, x: tf.py_function(lambda a: tf.sin(a) * a, [x], tf.float64), F(M)),
    c("contrib.eager.py_func", lambda tf, x: tf.contrib.eager.py_func(lambda a: a * a, [x], tf.float64), F(M)),
    c("py_func", lambda tf, x: tf.py_func(lambda a: a * a, [x], tf.float64), F(M), expect=(NONE,)),
    c("numpy_function", lambda tf, x: tf.numpy_function(lambda a: a * a, [x], tf.float64), F(M), expect=(NONE,)),
    c("Print", lambda tf, x: tf.Print(x * 2.0, [x], message="gradient check "), F(M)),
    c("contrib.eager.defun", lambda tf, x, y: tf.contrib.eager.defun(lambda a, b: tf.sin(a) * b)(x, y), F(M), F(M)),
    c("contrib.eager.function", lambda tf, x: tf.contrib.eager.function(
        lambda a: a * a, input_signature=[tf.TensorSpec(None, tf.float64)])(x), F(M)),
    c("make_template", lambda tf, x: tf.make_template("gradient_check", lambda a: tf.exp(a) * a)(x), F(M)),
    c("contrib.eager.make_template", lambda tf, x: tf.contrib.eager.make_template("gradient_check",
                                                                                  lambda a: a * a * a)(x), F(M)),
]

LINALG = [
    c("cholesky", lambda tf, x: tf.cholesky(_spd(tf, x)), F((3, 3))),
    c("cholesky_solve", lambda tf, x, b: tf.cholesky_solve(_lower(tf, x), b), F((3, 3)), F((3, 2))),
    c("diag", lambda tf, x: tf.diag(x), F(V2)),
    c("diag_part", lambda tf, x: tf.diag_part(x), F((3, 3))),
    c("einsum", lambda tf, x, y: tf.einsum("ij,jk->ik", x, y), F(M), F((3, 2))),
    c("einsum", lambda tf, x, y: tf.einsum("bi,bi->b", x, y), F(M), F(M), id="einsum_batch_dot"),
    c("linalg.expm", lambda tf, x: tf.linalg.expm(x), F((2, 2), scale=0.5)),
    c("linalg.logdet", lambda tf, x: tf.linalg.logdet(_spd(tf, x)), F((3, 3))),
    c("linalg.slogdet", lambda tf, x: tf.linalg.slogdet(x)[1], F((3, 3), scale=0.5, shift=0.0)),
    c("linalg.slogdet", lambda tf, x: tf.linalg.slogdet(x)[0], F((3, 3)), expect=(ZERO,), id="slogdet_sign"),
    c("matmul", lambda tf, x, y: tf.matmul(x, y, transpose_a=True, transpose_b=True), F((3, 2)), F((2, 3)),
      id="matmul_transposed"),
    c("matmul", lambda tf, x, y: tf.matmul(x, y), F((2, 2, 3)), F((2, 3, 2)), id="matmul_batched"),
    c("matrix_band_part", lambda tf, x: tf.matrix_band_part(x, 1, 0), F((3, 3))),
    c("matrix_determinant", lambda tf, x: tf.matrix_determinant(x), F((3, 3))),
    c("matrix_diag", lambda tf, x: tf.matrix_diag(x), F(M)),
    c("matrix_diag_part", lambda tf, x: tf.matrix_diag_part(x), F((2, 3, 3))),
    c("matrix_inverse", lambda tf, x: tf.matrix_inverse(_spd(tf, x)), F((3, 3))),
    c("matrix_set_diag", lambda tf, x, d: tf.matrix_set_diag(x, d), F((3, 3)), F(V2)),
    c("matrix_solve", lambda tf, x, b: tf.matrix_solve(_spd(tf, x), b), F((3, 3)), F((3, 2))),
    c("matrix_solve_ls", lambda tf, x, b: tf.matrix_solve_ls(x, b), F((3, 2)), F((3, 1))),
    c("matrix_triangular_solve", lambda tf, x, b: tf.matrix_triangular_solve(_lower(tf, x), b), F((3, 3)),
      F((3, 2))),
    c("qr", lambda tf, x: tf.qr(x), F((3, 3))),
    c("self_adjoint_eig", lambda tf, x: _eig_with_fixed_signs(tf, _sym(tf, x)), F((3, 3))),
    c("self_adjoint_eigvals", lambda tf, x: tf.self_adjoint_eigvals(_sym(tf, x)), F((3, 3))),
    c("svd", lambda tf, x: tf.svd(x, compute_uv=False), F((3, 2))),
    c("svd", lambda tf, x: _svd_with_fixed_signs(tf, x), F((3, 2)), id="svd_uv"),
    c("tensordot", lambda tf, x, y: tf.tensordot(x, y, 1), F(M), F((3, 2))),
    c("trace", lambda tf, x: tf.trace(x), F((3, 3))),
]

IMAGE = (1, 3, 3, 2)  # NHWC
NN = [
    c("nn.conv2d", lambda tf, x, w: tf.nn.conv2d(x, w, [1, 1, 1, 1], "SAME"), F(IMAGE), F((2, 2, 2, 2))),
    c("nn.conv2d", lambda tf, x, w: tf.nn.conv2d(x, w, [1, 2, 2, 1], "VALID"), F((1, 4, 4, 1)), F((2, 2, 1, 2)),
      id="conv2d_strided_valid"),
    c("nn.convolution", lambda tf, x, w: tf.nn.convolution(x, w, "SAME", dilation_rate=[2, 2]), F(IMAGE),
      F((2, 2, 2, 1))),
    c("nn.atrous_conv2d", lambda tf, x, w: tf.nn.atrous_conv2d(x, w, 2, "SAME"), F(IMAGE), F((2, 2, 2, 1))),
    c("nn.conv1d", lambda tf, x, w: tf.nn.conv1d(x, w, 1, "SAME"), F((1, 4, 2)), F((2, 2, 2))),
    c("nn.conv1d_transpose", lambda tf, x, w: tf.nn.conv1d_transpose(x, w, [1, 4, 1], 2, "SAME"), F((1, 2, 2)),
      F((2, 1, 2))),
    c("nn.conv2d_transpose", lambda tf, x, w: tf.nn.conv2d_transpose(x, w, [1, 4, 4, 1], [1, 2, 2, 1], "SAME"),
      F((1, 2, 2, 2)), F((2, 2, 1, 2))),
    c("nn.conv_transpose", lambda tf, x, w: tf.nn.conv_transpose(x, w, [1, 4, 4, 1], 2, "SAME"),
      F((1, 2, 2, 2)), F((2, 2, 1, 2))),
    c("nn.conv2d_backprop_filter",
      lambda tf, x, dy: tf.nn.conv2d_backprop_filter(x, [2, 2, 2, 1], dy, [1, 1, 1, 1], "VALID"),
      F(IMAGE), F((1, 2, 2, 1))),
    c("nn.conv2d_backprop_input",
      lambda tf, w, dy: tf.nn.conv2d_backprop_input([1, 3, 3, 2], w, dy, [1, 1, 1, 1], "VALID"),
      F((2, 2, 2, 1)), F((1, 2, 2, 1))),
    c("nn.conv3d", lambda tf, x, w: tf.nn.conv3d(x, w, [1, 1, 1, 1, 1], "VALID"), F((1, 2, 3, 2, 1)),
      F((2, 2, 1, 1, 2))),
    c("nn.conv3d_backprop_filter",
      lambda tf, x, dy: tf.nn.conv3d_backprop_filter(x, [2, 2, 1, 1, 1], dy, [1, 1, 1, 1, 1], "VALID"),
      F((1, 2, 3, 2, 1)), F((1, 1, 2, 2, 1))),
    c("nn.conv3d_transpose",
      lambda tf, x, w: tf.nn.conv3d_transpose(x, w, [1, 2, 4, 2, 1], [1, 1, 2, 1, 1], "SAME"),
      F((1, 2, 2, 2, 2)), F((1, 2, 1, 1, 2))),
    c("nn.depthwise_conv2d", lambda tf, x, w: tf.nn.depthwise_conv2d(x, w, [1, 1, 1, 1], "SAME"), F(IMAGE),
      F((2, 2, 2, 2))),
    c("nn.depthwise_conv2d_native",
      lambda tf, x, w: tf.nn.depthwise_conv2d_native(x, w, [1, 1, 1, 1], "VALID"), F(IMAGE), F((2, 2, 2, 1))),
    c("nn.separable_conv2d",
      lambda tf, x, d, p: tf.nn.separable_conv2d(x, d, p, [1, 1, 1, 1], "SAME"), F(IMAGE), F((2, 2, 2, 1)),
      F((1, 1, 2, 2))),
    c("nn.avg_pool", lambda tf, x: tf.nn.avg_pool(x, [1, 2, 2, 1], [1, 1, 1, 1], "SAME"), F(IMAGE)),
    c("nn.avg_pool1d", lambda tf, x: tf.nn.avg_pool1d(x, 2, 1, "VALID"), F((1, 4, 2))),
    c("nn.avg_pool2d", lambda tf, x: tf.nn.avg_pool2d(x, 2, 2, "SAME"), F(IMAGE)),
    c("nn.avg_pool3d", lambda tf, x: tf.nn.avg_pool3d(x, 2, 1, "VALID"), F((1, 2, 3, 2, 1)), float32=True),
    c("nn.avg_pool_v2", lambda tf, x: tf.nn.avg_pool_v2(x, 2, 1, "VALID"), F(IMAGE)),
    c("nn.max_pool", lambda tf, x: tf.nn.max_pool(x, [1, 2, 2, 1], [1, 1, 1, 1], "SAME"), F(IMAGE)),
    c("nn.max_pool1d", lambda tf, x: tf.nn.max_pool1d(x, 2, 1, "VALID"), F((1, 4, 2))),
    c("nn.max_pool2d", lambda tf, x: tf.nn.max_pool2d(x, 2, 2, "SAME"), F(IMAGE)),
    c("nn.max_pool3d", lambda tf, x: tf.nn.max_pool3d(x, 2, 1, "VALID"), F((1, 2, 3, 2, 1)), float32=True),
    c("nn.max_pool_v2", lambda tf, x: tf.nn.max_pool_v2(x, 2, 1, "VALID"), F(IMAGE)),
    c("nn.max_pool_with_argmax",
      lambda tf, x: tf.nn.max_pool_with_argmax(x, [1, 2, 2, 1], [1, 1, 1, 1], "VALID")[0], F(IMAGE)),
    c("nn.pool", lambda tf, x: tf.nn.pool(x, [2, 2], "AVG", "SAME"), F(IMAGE)),
    c("nn.pool", lambda tf, x: tf.nn.pool(x, [2, 2], "MAX", "VALID"), F(IMAGE), id="pool_max"),
    c("nn.batch_normalization",
      lambda tf, x, m, v, o, s: tf.nn.batch_normalization(x, m, v, o, s, 1e-3), F((2, 3)), F(V2),
      F(V2, positive=True), F(V2), F(V2)),
    c("nn.batch_norm_with_global_normalization",
      lambda tf, x, m, v, b, g: tf.nn.batch_norm_with_global_normalization(x, m, v, b, g, 1e-3, True),
      F((1, 2, 2, 3)), F(V2), F(V2, positive=True), F(V2), F(V2), float32=True),
    c("nn.fused_batch_norm", lambda tf, x, s, o: tf.nn.fused_batch_norm(x, s, o)[0], F((1, 2, 2, 3)), F(V2),
      F(V2), float32=True),
    c("nn.moments", lambda tf, x: tf.nn.moments(x, [0]), F(M)),
    c("nn.normalize_moments", lambda tf, n, m, v: tf.nn.normalize_moments(n, m, v, None), F((), positive=True,
      shift=2.0), F(V2), F(V2, positive=True)),
    c("nn.sufficient_statistics", lambda tf, x: tf.nn.sufficient_statistics(x, [0])[1:3], F(M)),
    c("nn.weighted_moments", lambda tf, x, w: tf.nn.weighted_moments(x, [0], w), F(M), F((2, 1), positive=True)),
    c("nn.leaky_relu", lambda tf, x: tf.nn.leaky_relu(x, 0.1), F(M)),
    c("nn.local_response_normalization", lambda tf, x: tf.nn.lrn(x, 1, 1.0, 0.5, 0.75), F((1, 1, 2, 4)),
      float32=True),
    c("nn.relu_layer", lambda tf, x, w, b: tf.nn.relu_layer(x, w, b), F(M), F((3, 2)), F((2,))),
    c("nn.xw_plus_b", lambda tf, x, w, b: tf.nn.xw_plus_b(x, w, b), F(M), F((3, 2)), F((2,))),
    c("nn.sigmoid_cross_entropy_with_logits",
      lambda tf, y, x: tf.nn.sigmoid_cross_entropy_with_logits(labels=y, logits=x), F(M, positive=True), F(M)),
    c("nn.weighted_cross_entropy_with_logits",
      lambda tf, y, x: tf.nn.weighted_cross_entropy_with_logits(y, x, 1.5), F(M, positive=True), F(M)),
    c("nn.softmax_cross_entropy_with_logits",
      lambda tf, y, x: tf.nn.softmax_cross_entropy_with_logits(labels=_distribution(tf, y), logits=x),
      F(M, positive=True), F(M),
      expect=(NONE, VALUE)),
    c("nn.sparse_softmax_cross_entropy_with_logits",
      lambda tf, y, x: tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y, logits=x), I([2, 0]), F(M)),
    c("nn.softmax", lambda tf, x: tf.nn.softmax(x, axis=0), F(M), id="softmax_axis0"),
    c("nn.embedding_lookup", lambda tf, p, i: tf.nn.embedding_lookup(p, i), F((3, 2)), I([[2, 0], [2, 1]])),
    c("nn.in_top_k", lambda tf, x: tf.nn.in_top_k(x, tf.constant([0, 2]), 2), F(M), expect=(RAISES,), float32=True),
]

# Confirmed on TF with TF_USE_LEGACY_KERAS=1 and tf.compat.v1.disable_v2_behavior() called first: under
# TF 2 dtype behavior the merge layers autocast float64 inputs to float32, which TF 1.x Keras never did.
KERAS = [
    *[_unary(f"keras.activations.{name}") for name in (
        "elu", "selu", "softplus", "softsign", "relu", "tanh", "sigmoid", "exponential", "hard_sigmoid",
        "linear", "softmax")],
    c("keras.activations.relu", lambda tf, x: tf.keras.activations.relu(x, alpha=0.1, max_value=0.9, threshold=0.1),
      F(M, shift=0.05), id="keras_relu_options"),
    c("keras.activations.elu", lambda tf, x: tf.keras.activations.elu(x, alpha=0.5), F(M), id="keras_elu_alpha"),
    c("keras.backend.cast", lambda tf, x: tf.keras.backend.cast(x, "float64"), F(M)),
    *[c(f"keras.layers.{name}", lambda tf, x, y, name=name: getattr(tf.keras.layers, name)([x, y]), F(M), F(M))
      for name in ("add", "subtract", "multiply", "average", "maximum", "minimum", "concatenate")],
    c("keras.layers.dot", lambda tf, x, y: tf.keras.layers.dot([x, y], axes=1), F(M), F(M)),
    c("keras.backend.dot", lambda tf, x, y: tf.keras.backend.dot(x, y), F((2, 2, 3)), F((2, 3, 2))),
    c("keras.layers.dot", lambda tf, x, y: tf.keras.layers.dot([x, y], axes=(1, 2), normalize=True),
      F((2, 3, 2)), F((2, 2, 3)), id="keras_dot_normalized"),
]

# tf.layers functional forms and tf.nn's RNN loops: each call makes a new layer, so the
# weights are constant-initialized for the finite differences to see one function.
def _const(tf, value):
    return {"kernel_initializer": tf.constant_initializer(value)}


TF_LAYERS = [
    c("layers.dense", lambda tf, x: tf.layers.dense(x, 2, **_const(tf, 0.3), activation=tf.nn.tanh), F(M)),
    c("layers.flatten", lambda tf, x: tf.layers.flatten(x), F((2, 2, 3))),
    c("layers.conv1d", lambda tf, x: tf.layers.conv1d(x, 2, 2, **_const(tf, 0.2)), F((1, 4, 2))),
    c("layers.conv2d", lambda tf, x: tf.layers.conv2d(x, 2, 2, padding="same", **_const(tf, 0.2)), F((1, 3, 3, 2))),
    c("layers.conv3d", lambda tf, x: tf.layers.conv3d(x, 1, 2, **_const(tf, 0.2)), F((1, 2, 3, 3, 1))),
    c("layers.conv2d_transpose", lambda tf, x: tf.layers.conv2d_transpose(x, 2, 2, strides=2, **_const(tf, 0.2)),
      F((1, 2, 2, 1))),
    c("layers.conv3d_transpose", lambda tf, x: tf.layers.conv3d_transpose(x, 1, 2, strides=2, **_const(tf, 0.2)),
      F((1, 1, 2, 2, 1))),
    c("layers.separable_conv1d", lambda tf, x: tf.layers.separable_conv1d(
        x, 2, 2, depthwise_initializer=tf.constant_initializer(0.3), pointwise_initializer=tf.constant_initializer(
            -0.5)), F((1, 4, 2))),
    c("layers.separable_conv2d", lambda tf, x: tf.layers.separable_conv2d(
        x, 2, 2, depthwise_initializer=tf.constant_initializer(0.3), pointwise_initializer=tf.constant_initializer(
            0.5)), F((1, 3, 3, 2))),
    *[c(f"layers.{name}", lambda tf, x, name=name: getattr(tf.layers, name)(x, 2, 1), F((1,) + (3,) * n + (2,)))
      for name, n in (("max_pooling1d", 1), ("average_pooling1d", 1), ("max_pooling2d", 2),
                      ("average_pooling2d", 2), ("max_pooling3d", 3), ("average_pooling3d", 3))],
    c("layers.batch_normalization", lambda tf, x: tf.layers.batch_normalization(x, training=True), F((4, 3))),
    c("nn.dynamic_rnn", lambda tf, x: tf.nn.dynamic_rnn(tf.nn.rnn_cell.LSTMCell(
        2, initializer=tf.constant_initializer(0.3)), x, dtype=tf.float64, sequence_length=[3, 1])[0], F((2, 3, 2))),
    c("nn.static_rnn", lambda tf, x: tf.nn.static_rnn(tf.nn.rnn_cell.GRUCell(
        2, kernel_initializer=tf.constant_initializer(0.3)), tf.unstack(x), dtype=tf.float64)[1], F((3, 2, 2))),
    c("nn.bidirectional_dynamic_rnn", lambda tf, x: tf.nn.bidirectional_dynamic_rnn(
        tf.nn.rnn_cell.LSTMCell(2, initializer=tf.constant_initializer(0.3)),
        tf.nn.rnn_cell.LSTMCell(2, initializer=tf.constant_initializer(-0.2)), x, dtype=tf.float64,
        sequence_length=[3, 2])[0][1], F((2, 3, 2))),
    c("nn.static_bidirectional_rnn", lambda tf, x: tf.nn.static_bidirectional_rnn(
        tf.nn.rnn_cell.LSTMCell(2, initializer=tf.constant_initializer(0.3)),
        tf.nn.rnn_cell.LSTMCell(2, initializer=tf.constant_initializer(-0.2)), tf.unstack(x),
        dtype=tf.float64)[0][0], F((3, 2, 2))),
]

CASES = (UNARY + BINARY + COMPLEX + CASTS + REDUCTIONS + SEGMENTS + ARRAY + CONTROL_FLOW + LINALG + NN + KERAS
         + TF_LAYERS)


# --- tf.keras.losses: labels and predictions away from every kink (hinge margins, clipping) ---
P = F(M, scale=0.4, positive=True)  # probabilities in (0.08, 0.48)
S = F(M, scale=0.5)  # small values of both signs: hinge margins stay positive


def _keras_loss(name, *inputs, **kwargs):
    # TF 1.15 makes label_smoothing a floatx (float32) tensor, so smoothing runs in float32 only
    return c(f"keras.losses.{name}", lambda tf, *xs: getattr(tf.keras.losses, name)(*xs, **kwargs), *inputs,
             id=f"keras_losses_{name}" + ("_" + "_".join(kwargs) if kwargs else ""),
             float32="label_smoothing" in kwargs)


KERAS_LOSSES = [
    _keras_loss("MSE", F(M), F(M)),
    _keras_loss("MAE", F(M), F(M, shift=3.0)),
    _keras_loss("MAPE", F(M, positive=True), F(M, shift=3.0)),
    _keras_loss("MSLE", F(M, positive=True), F(M, positive=True)),
    _keras_loss("squared_hinge", S, S),
    _keras_loss("hinge", S, S),
    _keras_loss("categorical_hinge", S, S),
    _keras_loss("logcosh", F(M), F(M)),
    _keras_loss("poisson", F(M, positive=True), F(M, positive=True)),
    _keras_loss("KLD", P, P),
    _keras_loss("cosine", F(M), F(M)),
    _keras_loss("categorical_crossentropy", P, P),
    # TF's softmax cross entropy gradient is softmax - labels: labels must sum to 1 for it to be the derivative
    c("keras.losses.categorical_crossentropy",
      lambda tf, t, x: tf.keras.losses.categorical_crossentropy(t / tf.reduce_sum(t, -1, keepdims=True), x,
                                                                from_logits=True, label_smoothing=0.1),
      P, F(M), float32=True, id="keras_losses_categorical_crossentropy_from_logits_label_smoothing"),
    _keras_loss("sparse_categorical_crossentropy", I([1, 2]), P),
    _keras_loss("sparse_categorical_crossentropy", I([1, 2]), F(M), from_logits=True),
    _keras_loss("binary_crossentropy", P, P),
    _keras_loss("binary_crossentropy", P, F(M), from_logits=True, label_smoothing=0.2),
    c("keras.backend.categorical_crossentropy", lambda tf, t, o: tf.keras.backend.categorical_crossentropy(t, o), P, P),
    c("keras.backend.sparse_categorical_crossentropy",
      lambda tf, t, o: tf.keras.backend.sparse_categorical_crossentropy(t, o, from_logits=True), I([0, 2]), F(M)),
    c("keras.backend.binary_crossentropy", lambda tf, t, o: tf.keras.backend.binary_crossentropy(t, o), P, P),
]
CASES = CASES + KERAS_LOSSES


# tf.losses compute in float32 whatever the inputs (TF casts them), so they are checked in float32
def _tf_loss(name, *inputs, expect=(), **kwargs):
    return c(f"losses.{name}", lambda tf, *xs: getattr(tf.losses, name)(*xs, **kwargs), *inputs, expect=expect,
             float32=True, id=f"tf_losses_{name}")


TF_LOSSES = [
    _tf_loss("absolute_difference", F(M), F(M, shift=3.0)),
    _tf_loss("mean_squared_error", F(M), F(M), weights=[[1.0], [0.5]]),
    _tf_loss("huber_loss", F(M), F(M), delta=0.5),
    _tf_loss("log_loss", P, P),
    _tf_loss("hinge_loss", F(M, scale=0.2, positive=True), S),
    _tf_loss("cosine_distance", F(M), F(M), axis=1),
    _tf_loss("sigmoid_cross_entropy", P, F(M), label_smoothing=0.1),
    # labels summing to 1 (TF's gradient is softmax - labels); TF stops the labels' gradient
    c("losses.softmax_cross_entropy",
      lambda tf, t, x: tf.losses.softmax_cross_entropy(tf.stop_gradient(t / tf.reduce_sum(t, -1, keepdims=True)), x,
                                                       label_smoothing=0.1),
      P, F(M), expect=(NONE, VALUE), float32=True, id="tf_losses_softmax_cross_entropy"),
    _tf_loss("sparse_softmax_cross_entropy", I([1, 2]), F(M)),
    _tf_loss("mean_pairwise_squared_error", F(M), F(M)),
    _tf_loss("compute_weighted_loss", F(M), F(M, positive=True)),
]
CASES = CASES + TF_LOSSES
# --- tf.signal (issue 13): complex outputs are checked through their real and imaginary parts ---
def _parts(tf, value):
    return [tf.real(value), tf.imag(value)]


def _complex_fft(name, shape):
    return c(name, lambda tf, re, im: _parts(tf, getattr(tf, name)(tf.complex(re, im))), F(shape), F(shape))


SIGNAL = [
    _complex_fft("fft", (2, 4)), _complex_fft("ifft", (2, 4)), _complex_fft("fft2d", (2, 3)),
    _complex_fft("ifft2d", (2, 3)), _complex_fft("fft3d", (2, 2, 3)), _complex_fft("ifft3d", (2, 2, 3)),
    # rfft/irfft checked in float32 (their common dtype in TF 1.x programs).
    c("signal.rfft", lambda tf, x: _parts(tf, tf.signal.rfft(x, [6])), F((2, 5)), float32=True),
    c("signal.rfft2d", lambda tf, x: _parts(tf, tf.signal.rfft2d(x)), F((2, 3, 4)), float32=True),
    c("signal.rfft3d", lambda tf, x: _parts(tf, tf.signal.rfft3d(x)), F((2, 3, 4)), float32=True,
      expect=(RAISES,)),
    c("signal.irfft", lambda tf, re, im: tf.signal.irfft(tf.complex(re, im), [7]), F((2, 4)), F((2, 4)),
      float32=True),
    c("signal.irfft2d", lambda tf, re, im: tf.signal.irfft2d(tf.complex(re, im)), F((3, 3)), F((3, 3)),
      float32=True),
    c("signal.irfft3d", lambda tf, re, im: tf.signal.irfft3d(tf.complex(re, im)), F((2, 2, 3)), F((2, 2, 3)),
      float32=True, expect=(RAISES,)),
    c("signal.dct", lambda tf, x: [tf.signal.dct(x, type=t) for t in (1, 2, 3)], F((2, 5))),
    c("signal.idct", lambda tf, x: tf.signal.idct(x, norm="ortho"), F((2, 5))),
    c("signal.fftshift", lambda tf, x: tf.signal.fftshift(x), F(M)),
    c("signal.ifftshift", lambda tf, x: tf.signal.ifftshift(x, axes=1), F(M)),
    c("signal.frame", lambda tf, x: tf.signal.frame(x, 4, 3, pad_end=True), F((2, 10))),
    c("signal.overlap_and_add", lambda tf, x: tf.signal.overlap_and_add(x, 2), F((4, 3))),
    c("signal.stft", lambda tf, x: _parts(tf, tf.signal.stft(x, 8, 3)), F((20,)), float32=True),
    c("signal.inverse_stft", lambda tf, re, im: tf.signal.inverse_stft(tf.complex(re, im), 8, 4), F((3, 5)),
      F((3, 5)), float32=True),
    c("signal.mfccs_from_log_mel_spectrograms", lambda tf, x: tf.signal.mfccs_from_log_mel_spectrograms(x),
      F((2, 6))),
]


CASES += SIGNAL


def _same(reason, *names):
    return {name: reason for name in names}


_ASSERTS = [
    "assert_equal", "assert_greater", "assert_greater_equal", "assert_integer", "assert_less",
    "assert_less_equal", "assert_near", "assert_negative", "assert_non_negative", "assert_non_positive",
    "assert_none_equal", "assert_positive", "assert_proper_iterable", "assert_rank", "assert_rank_at_least",
    "assert_rank_in", "assert_same_float_dtype", "assert_scalar", "assert_type", "Assert",
    "debugging.assert_shapes", "is_numeric_tensor",
]
_RANDOM = [
    "random_normal", "random_uniform", "truncated_normal", "multinomial", "random.categorical",
    "random_shuffle", "random_poisson", "random.stateless_categorical", "random.stateless_multinomial",
    "random.stateless_normal", "random.stateless_truncated_normal", "random.stateless_uniform",
]

# Registered functions that are not checked numerically, each with the reason.
NOT_CHECKED = {
    **_same("random masks (and a new layer at every call)", "layers.dropout"),
    **_same("context settings: no tensor input", "layers.experimental.keras_style_scope",
            "layers.experimental.set_keras_style"),
    **_same("makes a window or filter matrix from size arguments only: no tensor input to differentiate",
            "signal.hann_window", "signal.hamming_window", "signal.linear_to_mel_weight_matrix"),
    "signal.inverse_stft_window_fn": "returns a window function; the windows it makes are checked through "
                                      "inverse_stft's goldens",
    **_same("boolean inputs: nothing to differentiate", "logical_and", "logical_not", "logical_or",
            "logical_xor", "reduce_all", "reduce_any"),
    **_same("integer-only op: nothing to differentiate", "invert_permutation", "unravel_index",
            "sequence_mask", "broadcast_dynamic_shape", "broadcast_static_shape"),
    **_same("makes a tensor from shape arguments only: no tensor input to differentiate", "eye", "ones",
            "zeros"),
    **_same("random sampling: TF registers no gradient for the sampling kernels", *_RANDOM),
    **_same("random sample: finite differences cannot reproduce the sample; the gradient with respect to "
            "alpha (implicit reparameterization) is not checked here", "random_gamma"),
    **_same("random crop: slicing at a random offset, not reproducible for finite differences", "random_crop"),
    **_same("seed bookkeeping, no tensor", "get_seed", "set_random_seed"),
    **_same("initializer factory: makes an initializer object, no op", "initializers.he_normal",
            "initializers.he_uniform", "initializers.lecun_normal", "initializers.lecun_uniform"),
    **_same("control dependencies / grouping: no tensor output to differentiate", "control_dependencies",
            "group", "no_op"),
    **_same("random mask: checked by test_dropout_gradient_is_the_mask instead of finite differences",
            "nn.dropout"),
    **_same("assertion: returns an op or None, no differentiable output", *_ASSERTS),
    **_same("string tensors", "as_string", "string_to_number"),
    **_same("string tensors", "decode_base64", "encode_base64", "reduce_join", "regex_replace", "string_join",
            "string_split", "string_strip", "string_to_hash_bucket_fast", "strings.length", "strings.lower",
            "strings.regex_full_match", "strings.split", "strings.substr", "strings.upper"),
    **_same("file system, no tensor", "gfile.Copy", "gfile.DeleteRecursively", "gfile.Exists", "gfile.Glob",
            "gfile.IsDirectory", "gfile.ListDirectory", "gfile.MakeDirs", "gfile.MkDir", "gfile.Remove",
            "gfile.Rename", "gfile.Stat", "gfile.Walk", "io.gfile.copy", "io.gfile.exists",
            "io.gfile.get_registered_schemes", "io.gfile.glob", "io.gfile.isdir", "io.gfile.join", "io.gfile.listdir",
            "io.gfile.makedirs", "io.gfile.mkdir", "io.gfile.remove", "io.gfile.rename", "io.gfile.rmtree",
            "io.gfile.stat", "io.gfile.walk"),
    **_same("makes a tensor from shape arguments only: no tensor input to differentiate", "sparse.eye"),
    **_same("parses string tensors: nothing to differentiate", "decode_csv", "decode_raw", "parse_example",
            "parse_single_example", "parse_single_sequence_example"),
    **_same("tf.data pipeline helpers: datasets and iterators, not differentiable ops",
            "data.experimental.make_csv_dataset"),
    **_same("Keras file download and dataset loading: NumPy arrays from files, no op", "keras.utils.get_file",
            "keras.datasets.mnist.load_data", "keras.datasets.fashion_mnist.load_data",
            "keras.datasets.boston_housing.load_data", "keras.datasets.cifar10.load_data",
            "keras.datasets.cifar100.load_data", "keras.datasets.imdb.load_data", "keras.datasets.imdb.get_word_index",
            "keras.datasets.reuters.load_data", "keras.datasets.reuters.get_word_index"),
    **_same("image codecs: bytes in or out, nothing to differentiate", "image.decode_gif", "image.decode_image",
            "image.decode_jpeg", "image.decode_png", "image.encode_jpeg", "image.encode_png", "image.is_jpeg"),
    **_same("random image transformation: a random draw picks the transformation, not reproducible for finite "
            "differences", "image.random_brightness", "image.random_contrast", "image.random_flip_left_right",
            "image.random_flip_up_down", "image.random_hue", "image.random_saturation"),
    **_same("TF 1.15 registers no gradient for RGBToHSV, HSVToRGB, AdjustHue and AdjustSaturation (tfcompat's "
            "torch ops are differentiable there: a known difference, not checked)", "image.rgb_to_hsv",
            "image.hsv_to_rgb", "image.adjust_hue", "image.adjust_saturation"),
    **_same("updates a variable in place: TF records no gradient through resource updates", "assign",
            "assign_add", "assign_sub", "scatter_add", "scatter_div", "scatter_max", "scatter_min", "scatter_mul",
            "scatter_sub", "scatter_update", "scatter_nd_update", "scatter_nd_add", "scatter_nd_sub"),
    **_same("variable and scope management, no op", "get_variable", "get_variable_scope", "reset_default_graph",
            "global_variables_initializer", "is_variable_initialized", "trainable_variables",
            "variables_initializer", "all_variables", "variable_op_scope"),
    **_same("global step management, no op", "train.assert_global_step", "train.create_global_step",
            "train.get_global_step", "train.get_or_create_global_step", "train.global_step"),
    **_same("learning-rate schedule: returns a callable whose value optimizers read as a constant per step",
            "train.cosine_decay", "train.cosine_decay_restarts", "train.exponential_decay",
            "train.inverse_time_decay", "train.linear_cosine_decay", "train.natural_exp_decay",
            "train.noisy_linear_cosine_decay", "train.piecewise_constant", "train.polynomial_decay"),
    **_same("gradient machinery itself: covered by the tape and backprop tests",
            "contrib.eager.gradients_function", "contrib.eager.implicit_gradients",
            "contrib.eager.implicit_value_and_gradients", "contrib.eager.make_vjp",
            "contrib.eager.value_and_gradients_function", "custom_gradient", "gradients", "hessians",
            "recompute_grad", "grad_pass_through"),
    **_same("execution context / device / graph-mode helper, no op", "contrib.eager.in_eager_mode",
            "contrib.eager.num_gpus", "device", "enable_eager_execution", "executing_eagerly", "name_scope",
            "placeholder", "test.gpu_device_name", "test.is_built_with_cuda", "test.is_gpu_available"),
    **_same("dtype / shape helper, no op", "as_dtype", "compat.dimension_at_index", "compat.dimension_value"),
    **_same("tensor construction from Python/NumPy values, no tensor op", "constant", "convert_to_tensor",
            "is_tensor", "register_tensor_conversion_function"),
    **_same("structure utility on Python containers", "nest.assert_same_structure", "nest.flatten",
            "nest.is_nested", "nest.map_structure", "nest.pack_sequence_as"),
    **_same("raises under eager execution, as in TF", "parallel_stack"),
    **_same("writes its inputs and returns None: no tensor output", "print"),
    **_same("eager context: devices, async waits and error modes, no tensor op", "contrib.eager.async_clear_error",
            "contrib.eager.async_wait", "contrib.eager.list_devices", "contrib.eager.seterr"),
    **_same("eager context and execution callbacks: modes, inf/NaN checks of given outputs, no tensor op",
            "contrib.eager.clear_execution_callbacks", "contrib.eager.execution_mode",
            "contrib.eager.set_execution_mode", "contrib.eager.inf_callback", "contrib.eager.inf_nan_callback",
            "contrib.eager.nan_callback"),
    **_same("test decorators, no op", "contrib.eager.run_test_in_graph_and_eager_modes",
            "contrib.eager.run_all_tests_in_graph_and_eager_modes"),
    **_same("returns an optimizer's variables, no op", "contrib.eager.get_optimizer_variables"),
    **_same("tf.data pipeline helpers: datasets and iterators, not differentiable ops",
            "contrib.data.batch_and_drop_remainder", "contrib.data.enumerate_dataset",
            "contrib.data.get_single_element", "contrib.data.ignore_errors", "contrib.data.map_and_batch",
            "contrib.data.padded_batch_and_drop_remainder", "contrib.data.parallel_interleave",
            "contrib.data.shuffle_and_repeat", "contrib.data.unbatch", "data.get_output_classes",
            "data.get_output_shapes", "data.get_output_types", "data.make_initializable_iterator",
            "data.make_one_shot_iterator", "io.tf_record_iterator"),
    **_same("Keras configuration, naming and serialization: no tensor op", "keras.Input",
            "keras.activations.deserialize", "keras.activations.get", "keras.activations.serialize",
            "keras.backend.clear_session", "keras.backend.epsilon", "keras.backend.floatx", "keras.backend.get_uid",
            "keras.backend.image_data_format", "keras.backend.learning_phase", "keras.backend.reset_uids",
            "keras.backend.set_epsilon", "keras.backend.set_floatx", "keras.backend.set_image_data_format",
            "keras.backend.set_learning_phase", "keras.backend.int_shape", "keras.backend.is_keras_tensor",
            "keras.backend.ndim", "keras.backend.dtype", "keras.backend.count_params", "keras.backend.shape",
            "keras.constraints.deserialize", "keras.constraints.get", "keras.constraints.serialize",
            "keras.initializers.deserialize", "keras.initializers.get", "keras.initializers.serialize",
            "keras.regularizers.deserialize", "keras.regularizers.get", "keras.regularizers.serialize",
            "keras.regularizers.l1", "keras.regularizers.l1_l2", "keras.regularizers.l2"),
    **_same("Keras value access and variable creation: NumPy values or new variables, no op",
            "keras.backend.batch_get_value", "keras.backend.batch_set_value", "keras.backend.constant",
            "keras.backend.eval", "keras.backend.get_value", "keras.backend.set_value", "keras.backend.variable",
            "keras.backend.zeros", "keras.backend.ones"),
    **_same("NumPy utility, no tensor op", "keras.utils.normalize", "keras.utils.to_categorical",
            "keras.backend.cast_to_floatx"),
    **_same("Keras backend helper calling one TF op (or a reshape/transpose/clip of it) whose gradient is "
            "checked under its tf name", "keras.backend.sum", "keras.backend.prod", "keras.backend.max",
            "keras.backend.min", "keras.backend.mean", "keras.backend.var", "keras.backend.std",
            "keras.backend.clip", "keras.backend.concatenate", "keras.backend.expand_dims",
            "keras.backend.flatten", "keras.backend.batch_flatten", "keras.backend.gather",
            "keras.backend.permute_dimensions", "keras.backend.transpose", "keras.backend.reshape",
            "keras.backend.squeeze", "keras.backend.stack", "keras.backend.tile", "keras.backend.repeat",
            "keras.backend.l2_normalize", "keras.backend.softmax", "keras.backend.stop_gradient",
            "keras.backend.sqrt", "keras.backend.in_train_phase", "keras.backend.in_test_phase",
            "keras.backend.square", "keras.backend.abs", "keras.backend.exp", "keras.backend.log",
            "keras.backend.round", "keras.backend.sign", "keras.backend.sin", "keras.backend.cos",
            "keras.backend.equal", "keras.backend.not_equal", "keras.backend.greater", "keras.backend.greater_equal",
            "keras.backend.less", "keras.backend.less_equal", "keras.backend.maximum", "keras.backend.minimum",
            "keras.backend.pow"),
    **_same("Keras backend helper: a random draw, a variable update or a constant, no differentiable op "
            "of its own", "keras.backend.random_normal", "keras.backend.random_uniform",
            "keras.backend.truncated_normal", "keras.backend.update", "keras.backend.update_add",
            "keras.backend.update_sub", "keras.backend.eye",
            "keras.backend.is_sparse", "keras.backend.to_dense", "keras.backend.manual_variable_initialization",
            "keras.backend.switch", "keras.backend.reverse", "keras.backend.bias_add"),
    **_same("Keras serialization and graph bookkeeping, no tensor op", "keras.utils.deserialize_keras_object",
            "keras.utils.get_custom_objects", "keras.utils.get_source_inputs", "keras.utils.serialize_keras_object"),
    **_same("integer, boolean or constant output: nothing to differentiate", "keras.backend.any",
            "keras.backend.all", "keras.backend.argmax", "keras.backend.argmin", "keras.backend.one_hot",
            "keras.backend.ones_like", "keras.backend.zeros_like", "keras.backend.arange"),
    **_same("program entry, flags and logging (absl-py's flag functions among them), no op",
            "app.run", "contrib.eager.run", "logging.TaskLevelStatusMessage", "logging.debug", "logging.error",
            "logging.fatal", "logging.flush", "logging.get_verbosity", "logging.info", "logging.log",
            "logging.log_every_n", "logging.log_first_n", "logging.log_if", "logging.set_verbosity", "logging.vlog",
            "logging.warn",
            *(f"app.flags.{name}" for name in (
                "DEFINE", "DEFINE_alias", "DEFINE_bool", "DEFINE_enum", "DEFINE_enum_class", "DEFINE_flag",
                "DEFINE_float", "DEFINE_integer", "DEFINE_list", "DEFINE_multi", "DEFINE_multi_enum",
                "DEFINE_multi_enum_class", "DEFINE_multi_float", "DEFINE_multi_integer", "DEFINE_multi_string",
                "DEFINE_spaceseplist", "DEFINE_string", "adopt_module_key_flags", "declare_key_flag",
                "disclaim_key_flags", "doc_to_help", "flag_dict_to_args", "get_help_width",
                "mark_bool_flags_as_mutual_exclusive", "mark_flag_as_required", "mark_flags_as_mutual_exclusive",
                "mark_flags_as_required", "multi_flags_validator", "override_value", "register_multi_flags_validator",
                "register_validator", "set_default", "text_wrap", "validator"))),
    **_same("checkpoint files and state, no op (tests/test_checkpoint*.py)",
            "contrib.eager.restore_variables_on_create", "train.checkpoint_exists",
            "train.generate_checkpoint_state_proto", "train.get_checkpoint_mtimes", "train.get_checkpoint_state",
            "train.latest_checkpoint", "train.remove_checkpoint", "train.update_checkpoint_state",
            "train.NewCheckpointReader", "train.init_from_checkpoint", "train.list_variables", "train.load_checkpoint",
            "train.load_variable"),
    **_same("test utility, no op (compute_gradient checks gradients itself: tests/test_platform.py)",
            "test.compute_gradient", "test.compute_gradient_error", "test.get_temp_dir",
            "test.is_built_with_gpu_support", "test.is_built_with_rocm", "test.is_built_with_xla", "test.main"),
    **_same("summaries: write or serialize their inputs for TensorBoard (bool, string or no output), TF "
            "registers no gradient for the summary kernels",
            *(f"contrib.summary.{name}" for name in (
                "all_summary_ops", "always_record_summaries", "audio", "create_file_writer",
                "create_summary_file_writer", "eval_dir", "flush", "generic", "graph", "histogram", "image",
                "import_event", "initialize", "never_record_summaries", "record_summaries_every_n_global_steps",
                "scalar", "should_record_summaries", "summary_writer_initializer_op")),
            *(f"summary.{name}" for name in (
                "all_v2_summary_ops", "audio", "get_summary_description", "histogram", "image", "initialize",
                "merge", "merge_all", "scalar", "tensor_summary", "text")),
            "train.summary_iterator"),
}
NOT_CHECKED.update(_same("Keras loss and optimizer lookup and serialization: no tensor op",
                         "keras.losses.deserialize", "keras.losses.get", "keras.losses.serialize",
                         "keras.optimizers.deserialize", "keras.optimizers.get", "keras.optimizers.serialize"))
NOT_CHECKED.update(_same("loss collections (empty under eager execution): no tensor op", "losses.add_loss",
                         "losses.get_losses", "losses.get_regularization_loss", "losses.get_regularization_losses",
                         "losses.get_total_loss"))

# tf.metrics, tf.keras.metrics functions and tf.confusion_matrix (issue 10, metrics)
NOT_CHECKED.update({
    **_same("accuracy metric: a comparison cast to float, which TF does not differentiate either",
            "keras.metrics.binary_accuracy", "keras.metrics.categorical_accuracy",
            "keras.metrics.sparse_categorical_accuracy", "keras.metrics.sparse_top_k_categorical_accuracy",
            "keras.metrics.top_k_categorical_accuracy"),
    **_same("a composition of l2_normalize, multiply and reduce_sum, each gradient-checked", "keras.metrics.cosine"),
    **_same("counts of integer label pairs: nothing to differentiate", "confusion_matrix"),
    **_same("metric lookup, no op", "keras.metrics.get", "keras.metrics.serialize", "keras.metrics.deserialize"),
    **_same("graph-only streaming metric: raises TF's RuntimeError under eager execution, no op",
            *(f"metrics.{name}" for name in (
                "accuracy", "auc", "average_precision_at_k", "false_negatives", "false_negatives_at_thresholds",
                "false_positives", "false_positives_at_thresholds", "mean", "mean_absolute_error",
                "mean_cosine_distance", "mean_iou", "mean_per_class_accuracy", "mean_relative_error",
                "mean_squared_error", "mean_tensor", "percentage_below", "precision", "precision_at_k",
                "precision_at_thresholds", "precision_at_top_k", "recall", "recall_at_k", "recall_at_thresholds",
                "recall_at_top_k", "root_mean_squared_error", "sensitivity_at_specificity",
                "sparse_average_precision_at_k", "sparse_precision_at_k", "specificity_at_sensitivity",
                "true_negatives", "true_negatives_at_thresholds", "true_positives", "true_positives_at_thresholds"))),
})


# --- the harness, for any module with TF's API (tfcompat here, TensorFlow in the oracle script) ----------


def make_inputs(case, seed):
    rng = np.random.default_rng(seed)
    arrays = [spec.make(rng) for spec in case.inputs]
    return [array.astype(np.float32) if case.float32 and array.dtype == np.float64 else array for array in arrays]


def _flat(value):
    if isinstance(value, (list, tuple)):
        return [item for part in value for item in _flat(part)]
    return [value]


def _float_outputs(outputs):
    return [output for output in outputs if output.dtype.is_floating]


def evaluate(tf, case, arrays):
    """The case's float outputs, flattened and concatenated into one NumPy vector."""
    outputs = _float_outputs(_flat(case.fn(tf, *[tf.constant(array) for array in arrays])))
    return np.concatenate([np.asarray(output.numpy(), np.float64).reshape(-1) for output in outputs] or [[]])


def numeric_jacobian(tf, case, arrays, index):
    """Central differences: d(evaluate)/d(input ``index``), shape [output size, input size]."""
    columns = []
    for element in range(arrays[index].size):
        shifted = []
        for sign in (1, -1):
            moved = [array.copy() for array in arrays]
            moved[index].flat[element] += sign * case.delta
            shifted.append(evaluate(tf, case, moved))
        columns.append((shifted[0] - shifted[1]) / (2 * case.delta))
    return np.stack(columns, axis=1)


def _dense(tf, gradient, array):
    """A gradient as a flat float64 vector shaped like the input (IndexedSlices scattered, None zeros)."""
    if gradient is None:
        return np.zeros(array.size)
    if isinstance(gradient, tf.IndexedSlices):
        dense = np.zeros(np.asarray(gradient.dense_shape.numpy()))
        np.add.at(dense, np.asarray(gradient.indices.numpy()), np.asarray(gradient.values.numpy()))
        return dense.reshape(-1)
    values = np.asarray(gradient.numpy(), np.float64)
    assert values.shape == array.shape, f"gradient shape {values.shape} for an input of shape {array.shape}"
    return values.reshape(-1)


def tape_gradients(tf, case, arrays):
    """(tape.gradient of all float outputs for each input, the tape's Jacobian for each input).

    Jacobian rows come from one ``gradient`` call per output element with a one-hot
    ``output_gradients``, like TF's gradient_checker."""
    tensors = [tf.constant(array) for array in arrays]
    with tf.GradientTape(persistent=True) as tape:
        for tensor in tensors:
            tape.watch(tensor)
        outputs = _flat(case.fn(tf, *tensors))
    floats = _float_outputs(outputs)
    totals = tape.gradient(floats or outputs, tensors)
    rows = []
    for output in floats:
        seed = np.zeros(output.shape.as_list(), dtype=output.numpy().dtype)
        for element in range(seed.size):
            seed.flat[element] = 1
            grads = tape.gradient(output, tensors, output_gradients=tf.constant(seed))
            rows.append([_dense(tf, grad, array) for grad, array in zip(grads, arrays)])
            seed.flat[element] = 0
    jacobians = [np.stack([row[index] for row in rows]) if rows else np.zeros((0, array.size))
                 for index, array in enumerate(arrays)]
    return totals, jacobians


def check_case(tf, case, seed=0):
    """The differences between what the tape answers and TF's expectation (an empty list: none)."""
    arrays = make_inputs(case, seed)
    if case.expectations() and case.expectations()[0] == RAISES:
        return _raises_lookup_error(tf, case, arrays)
    totals, jacobians = tape_gradients(tf, case, arrays)
    problems = []
    for index, expected in enumerate(case.expectations()):
        total = totals[index]
        if expected == NONE:
            if total is not None:
                problems.append(f"input {index}: gradient {type(total).__name__} where TF gives None")
            continue
        if total is None:
            problems.append(f"input {index}: gradient None where TF gives {expected}")
            continue
        dense = _dense(tf, total, arrays[index])
        if expected == ZERO:
            if np.any(dense != 0):
                problems.append(f"input {index}: gradient {dense} where TF gives zeros")
            continue
        numeric = numeric_jacobian(tf, case, arrays, index)
        if not np.allclose(jacobians[index], numeric, rtol=case.tol, atol=case.tol):
            worst = np.max(np.abs(jacobians[index] - numeric))
            problems.append(f"input {index}: Jacobian differs from finite differences by {worst:.3g}\n"
                            f"tape:\n{jacobians[index]}\nnumeric:\n{numeric}")
    return problems


def _raises_lookup_error(tf, case, arrays):
    try:
        totals, _ = tape_gradients(tf, case, arrays)
    except LookupError as error:
        return [] if "gradient registry has no entry for" in str(error) else [f"LookupError text: {error}"]
    except Exception as error:  # noqa: BLE001 - any other error is the finding to report
        return [f"raised {type(error).__name__} ({error}) where TF raises LookupError"]
    answered = [type(total).__name__ for total in totals]
    return [f"gave {answered} where TF raises LookupError (gradient registry has no entry for the op)"]


def _sparse(tf, values, indices=((0, 0), (1, 2)), shape=(2, 3)):
    return tf.SparseTensor([list(i) for i in indices], values, list(shape))


# Sparse ops: gradients with respect to the values and the dense operands, as TF's registered gradients.
SPARSE = [
    c("sparse_tensor_dense_matmul", lambda tf, v, b: tf.sparse_tensor_dense_matmul(_sparse(tf, v), b), F((2,)),
      F((3, 2))),
    c("sparse_tensor_dense_matmul",
      lambda tf, v, b: tf.sparse_tensor_dense_matmul(_sparse(tf, v), b, adjoint_a=True, adjoint_b=True), F((2,)),
      F((2, 2)), id="sparse_matmul_adjoint"),
    c("sparse.to_dense", lambda tf, v: tf.sparse.to_dense(_sparse(tf, v)), F((2,))),
    c("sparse_to_dense", lambda tf, v: tf.sparse_to_dense([[0, 1], [1, 0]], [2, 2], v), F((2,))),
    c("sparse.add", lambda tf, d, v: tf.sparse.add(d, _sparse(tf, v)), F((2, 3)), F((2,))),
    c("sparse.add", lambda tf, a, b: tf.sparse.add(_sparse(tf, a), _sparse(tf, b, ((1, 2), (1, 1)))).values,
      F((2,)), F((2,)), id="sparse_add_sparse"),
    c("sparse.concat", lambda tf, a, b: tf.sparse.concat(1, [_sparse(tf, a), _sparse(tf, b)]).values, F((2,)),
      F((2,))),
    c("sparse.reorder", lambda tf, v: tf.sparse.reorder(_sparse(tf, v, ((1, 2), (0, 0)))).values, F((2,))),
    c("sparse.reshape", lambda tf, v: tf.sparse.reshape(_sparse(tf, v), [3, 2]).values, F((2,))),
    c("sparse.retain", lambda tf, v: tf.sparse.retain(_sparse(tf, v), [False, True]).values, F((2,))),
    c("sparse.from_dense", lambda tf, x: tf.sparse.from_dense(x).values, F(M)),
]
CASES += SPARSE


# tf.image: float images, so convert_image_dtype's float->float cast and the float paths of the adjustments.
IMAGES = [
    c("image.resize_images", lambda tf, x: tf.image.resize_images(x, [5, 4]), F((3, 2, 2)), float32=True),
    c("image.resize_images", lambda tf, x: tf.image.resize_images(x, [5, 3], align_corners=True), F((3, 2, 1)),
      float32=True, id="resize_align_corners"),
    c("image.resize_bicubic", lambda tf, x: tf.image.resize_bicubic(x, [4, 5]), F((1, 3, 3, 1)), float32=True),
    c("image.resize_area", lambda tf, x: tf.image.resize_area(x, [2, 3]), F((1, 3, 4, 1)), float32=True),
    c("image.resize_bilinear", lambda tf, x: tf.image.resize_bilinear(x, [4, 4], half_pixel_centers=True),
      F((1, 3, 2, 1)), float32=True),
    c("image.resize_nearest_neighbor", lambda tf, x: tf.image.resize_nearest_neighbor(x, [4, 3]), F((1, 2, 2, 1))),
    c("image.flip_left_right", lambda tf, x: tf.image.flip_left_right(x), F((2, 3, 1))),
    c("image.flip_up_down", lambda tf, x: tf.image.flip_up_down(x), F((2, 3, 1))),
    c("image.rot90", lambda tf, x: tf.image.rot90(x, 3), F((2, 3, 1))),
    c("image.transpose_image", lambda tf, x: tf.image.transpose_image(x), F((2, 3, 1))),
    c("image.central_crop", lambda tf, x: tf.image.central_crop(x, 0.5), F((4, 4, 1))),
    c("image.crop_to_bounding_box", lambda tf, x: tf.image.crop_to_bounding_box(x, 1, 0, 2, 2), F((3, 3, 1))),
    c("image.pad_to_bounding_box", lambda tf, x: tf.image.pad_to_bounding_box(x, 1, 1, 4, 4), F((2, 2, 1))),
    c("image.resize_image_with_crop_or_pad", lambda tf, x: tf.image.resize_image_with_crop_or_pad(x, 2, 5),
      F((3, 3, 1))),
    c("image.convert_image_dtype", lambda tf, x: tf.image.convert_image_dtype(x, tf.float64), F((2, 2, 1))),
    c("image.adjust_brightness", lambda tf, x: tf.image.adjust_brightness(x, 0.2), F((2, 2, 3))),
    c("image.adjust_contrast", lambda tf, x: tf.image.adjust_contrast(x, 1.5), F((2, 2, 3))),
    c("image.adjust_gamma", lambda tf, x: tf.image.adjust_gamma(x, 2.0, 0.5), F((2, 2, 1), positive=True)),
    c("image.per_image_standardization", lambda tf, x: tf.image.per_image_standardization(x), F((2, 2, 3)),
      float32=True),
    c("image.rgb_to_grayscale", lambda tf, x: tf.image.rgb_to_grayscale(x), F((2, 2, 3))),
    c("image.grayscale_to_rgb", lambda tf, x: tf.image.grayscale_to_rgb(x), F((2, 2, 1))),
]
CASES += IMAGES

NOT_CHECKED.update(_same("learning-rate schedule (de)serialization: config dicts, no tensor op",
                         "keras.optimizers.schedules.deserialize", "keras.optimizers.schedules.serialize"))


# tf.image boxes, patches, edges and quality metrics, tf.io file/TensorProto ops.
IMAGE_OPS = [
    c("image.crop_and_resize", lambda tf, x, b: tf.image.crop_and_resize(x, tf.cast(b, tf.float32), [0], [3, 2]),
      F((1, 3, 4, 1)), F((1, 4), scale=0.25, shift=0.4, positive=True), float32=True),
    c("image.crop_and_resize", lambda tf, x: tf.image.crop_and_resize(x, [[0.1, 0.2, 0.8, 0.7]], [0], [2, 2],
                                                                      method="nearest"),
      F((1, 3, 4, 1)), float32=True, id="image.crop_and_resize-nearest"),
    c("image.extract_image_patches", lambda tf, x: tf.image.extract_image_patches(
        x, [1, 2, 2, 1], [1, 1, 2, 1], [1, 1, 1, 1], "SAME"), F((1, 3, 3, 2))),
    c("image.extract_patches", lambda tf, x: tf.image.extract_patches(x, [1, 2, 2, 1], [1, 1, 1, 1], [1, 2, 1, 1],
                                                                      "VALID"), F((1, 3, 3, 1))),
    c("extract_volume_patches", lambda tf, x: tf.extract_volume_patches(x, [1, 2, 1, 2, 1], [1, 1, 1, 1, 1], "SAME"),
      F((1, 2, 2, 2, 1))),
    c("image.total_variation", lambda tf, x: tf.image.total_variation(x), F((3, 3, 2))),
    c("image.image_gradients", lambda tf, x: tf.image.image_gradients(x), F((1, 3, 3, 2))),
    c("image.sobel_edges", lambda tf, x: tf.image.sobel_edges(x), F((1, 3, 3, 1))),
    c("image.rgb_to_yiq", lambda tf, x: tf.image.rgb_to_yiq(x), F((2, 3))),
    c("image.yiq_to_rgb", lambda tf, x: tf.image.yiq_to_rgb(x), F((2, 3))),
    c("image.rgb_to_yuv", lambda tf, x: tf.image.rgb_to_yuv(x), F((2, 3))),
    c("image.yuv_to_rgb", lambda tf, x: tf.image.yuv_to_rgb(x), F((2, 3))),
    c("image.resize_image_with_pad", lambda tf, x: tf.image.resize_image_with_pad(x, 4, 4), F((2, 3, 1)),
      float32=True),
    c("image.psnr", lambda tf, a, b: tf.image.psnr(a, b, 2.0), F((2, 2, 1), positive=True),
      F((2, 2, 1), positive=True, shift=0.05), float32=True),
    c("image.ssim", lambda tf, a, b: tf.image.ssim(a, b, 1.5, filter_size=3), F((1, 4, 4, 1), positive=True),
      F((1, 4, 4, 1), positive=True), float32=True),
    c("image.ssim_multiscale", lambda tf, a: tf.image.ssim_multiscale(a, a * a + 0.1, 1.5, power_factors=(0.5, 0.5),
                                                                     filter_size=3),
      F((1, 6, 6, 1), positive=True), float32=True),
]
CASES += IMAGE_OPS

NOT_CHECKED.update(_same("box selection: integer indices and counts, no gradient in TF (NotDifferentiable)",
                         "image.non_max_suppression", "image.non_max_suppression_with_scores",
                         "image.non_max_suppression_overlaps", "image.non_max_suppression_padded",
                         "image.combined_non_max_suppression", "image.sample_distorted_bounding_box"))
NOT_CHECKED.update(_same("TF registers no gradient for DrawBoundingBoxes / ExtractGlimpse (tape.gradient raises "
                         "LookupError there); tfcompat's drawing is detached, its glimpse copies are differentiable: "
                         "a known difference, not checked", "image.draw_bounding_boxes", "image.extract_glimpse"))
NOT_CHECKED.update(_same("JPEG/BMP codecs and re-encoding: bytes or quantized pixels, nothing to differentiate",
                         "image.decode_bmp", "image.decode_and_crop_jpeg", "image.extract_jpeg_shape",
                         "image.adjust_jpeg_quality", "image.random_jpeg_quality"))
NOT_CHECKED.update(_same("tf.io file and TensorProto ops: strings, files and protos, no tensor arithmetic",
                         "io.read_file", "io.write_file", "io.matching_files", "io.decode_compressed",
                         "io.serialize_tensor", "io.parse_tensor", "make_tensor_proto", "make_ndarray"))
# --- string hashing and formatting, tf.timestamp -----------------------------------------------------
NOT_CHECKED.update(_same("string tensors", "string_to_hash_bucket", "string_to_hash_bucket_strong",
                         "strings.format", "strings.unsorted_segment_join", "fingerprint"))
NOT_CHECKED.update(_same("no tensor input: reads the clock", "timestamp"))


# --- tf.sparse ops -----------------------------------------------------------------------------------
def _sparse_2x3(tf, values):
    """A [2, 3] SparseTensor with ``values`` (3 of them) at unordered indices."""
    return tf.SparseTensor([[1, 2], [0, 1], [1, 0]], values, [2, 3])


SPARSE = [
    c("sparse.reduce_sum", lambda tf, v: tf.sparse.reduce_sum(_sparse_2x3(tf, v), 1), F((3,))),
    c("sparse.reduce_sum_sparse", lambda tf, v: tf.sparse.reduce_sum_sparse(_sparse_2x3(tf, v), 1).values, F((3,)),
      expect=(RAISES,)),
    c("sparse.reduce_max", lambda tf, v: tf.sparse.reduce_max(_sparse_2x3(tf, v), 1), F((3,)), expect=(RAISES,)),
    c("sparse.reduce_max_sparse", lambda tf, v: tf.sparse.reduce_max_sparse(_sparse_2x3(tf, v), 1).values, F((3,)),
      expect=(RAISES,)),
    c("sparse.softmax", lambda tf, v: tf.sparse.softmax(tf.sparse.reorder(_sparse_2x3(tf, v))).values, F((3,))),
    c("sparse.maximum", lambda tf, a, b: tf.sparse.maximum(_sparse_2x3(tf, a), tf.SparseTensor(
        [[0, 1], [1, 1]], b, [2, 3])).values, F((3,)), F((2,))),
    c("sparse.minimum", lambda tf, a, b: tf.sparse.minimum(_sparse_2x3(tf, a), tf.SparseTensor(
        [[0, 1], [1, 1]], b, [2, 3])).values, F((3,)), F((2,))),
    c("sparse.slice", lambda tf, v: tf.sparse.slice(_sparse_2x3(tf, v), [0, 1], [2, 2]).values, F((3,))),
    c("sparse.split", lambda tf, v: [s.values for s in tf.sparse.split(sp_input=_sparse_2x3(tf, v), num_split=2,
                                                                        axis=0)], F((3,)), expect=(RAISES,)),
    c("sparse.transpose", lambda tf, v: tf.sparse.transpose(_sparse_2x3(tf, v)).values, F((3,))),
    c("sparse.expand_dims", lambda tf, v: tf.sparse.expand_dims(_sparse_2x3(tf, v), 1).values, F((3,))),
    c("sparse.reset_shape", lambda tf, v: tf.sparse.reset_shape(_sparse_2x3(tf, v), [4, 4]).values, F((3,))),
    c("sparse.fill_empty_rows", lambda tf, v, d: tf.sparse.fill_empty_rows(
        tf.SparseTensor([[0, 1], [2, 0], [2, 1]], v, [4, 2]), d)[0].values, F((3,)), F(())),
    c("sparse.merge", lambda tf, v: tf.sparse.merge(tf.SparseTensor([[0, 0], [0, 1], [1, 0]], [3, 0, 2], [2, 2]),
                                                    tf.SparseTensor([[0, 0], [0, 1], [1, 0]], v, [2, 2]), 4).values,
      F((3,))),
    c("sparse.mask", lambda tf, v: tf.sparse.mask(tf.IndexedSlices(v, tf.constant([0, 4, 7])), [4]).values,
      F((3, 2))),
    c("sparse.segment_sum", lambda tf, d: tf.sparse.segment_sum(d, [0, 2, 0], [0, 0, 2]), F((3, 2))),
    c("sparse.segment_mean", lambda tf, d: tf.sparse.segment_mean(d, [0, 2, 1], [0, 0, 2], num_segments=4),
      F((3, 2))),
    c("sparse.segment_sqrt_n", lambda tf, d: tf.sparse.segment_sqrt_n(d, [0, 2, 1], [0, 0, 1]), F((3, 2))),
]
CASES += SPARSE
NOT_CHECKED.update(_same("sparse ops with string, int or bool results: nothing to differentiate",
                         "sparse.cross", "sparse.cross_hashed", "sparse.to_indicator", "edit_distance"))
# tf.keras.backend's convolution, pooling, padding, normalization, rnn and CTC helpers.
_KB = "tf.keras.backend."


def _kb(name, call, *inputs, **options):
    return c(f"keras.backend.{name}", lambda tf, *xs: eval(_KB + call, {"tf": tf, "xs": xs}), *inputs, **options)


def _ctc_cost(tf, y):
    return tf.keras.backend.ctc_batch_cost(tf.constant([[0, 1], [1, 1]]), tf.nn.softmax(y), tf.constant([[4], [4]]),
                                           tf.constant([[2], [2]]))


def _rnn(tf, x, s):
    def step(inputs, states):
        output = tf.tanh(inputs + 0.5 * states[0])
        return output, [output]
    return tf.keras.backend.rnn(step, x, [s], mask=tf.constant([[1, 1, 0], [1, 0, 1]]))


KERAS_BACKEND = [
    _kb("batch_dot", "batch_dot(*xs)", F((2, 3, 4)), F((2, 4, 3))),
    _kb("batch_dot", "batch_dot(*xs, axes=1)", F(M), F(M), id="batch_dot_rank2"),
    _kb("batch_normalization", "batch_normalization(*xs, epsilon=1e-3)", F(M), F((3,)),
        F((3,), positive=True), F((3,)), F((3,))),
    _kb("normalize_batch_in_training", "normalize_batch_in_training(xs[0], xs[1], xs[2], [0])", F((4, 3)),
        F((3,)), F((3,))),
    _kb("conv1d", "conv1d(*xs, padding='same')", F((1, 5, 2)), F((3, 2, 2)), float32=True),
    _kb("conv2d", "conv2d(*xs, padding='same')", F((1, 4, 4, 2)), F((2, 2, 2, 3)), float32=True),
    _kb("conv2d", "conv2d(*xs, data_format='channels_first')", F((1, 2, 3, 3)), F((2, 2, 2, 1)), float32=True,
        id="keras_conv2d_channels_first"),
    _kb("conv2d_transpose", "conv2d_transpose(*xs, (1, 4, 4, 2), strides=(2, 2))", F((1, 2, 2, 3)),
        F((2, 2, 2, 3)), float32=True),
    _kb("conv3d", "conv3d(*xs)", F((1, 3, 3, 3, 1)), F((2, 2, 2, 1, 2)), float32=True),
    _kb("depthwise_conv2d", "depthwise_conv2d(*xs)", F((1, 3, 3, 2)), F((2, 2, 2, 1)), float32=True),
    _kb("separable_conv2d", "separable_conv2d(*xs)", F((1, 3, 3, 2)), F((2, 2, 2, 1)), F((1, 1, 2, 3)),
        float32=True),
    _kb("pool2d", "pool2d(xs[0], (2, 2), pool_mode='avg')", F((1, 4, 4, 1)), float32=True),
    _kb("pool2d", "pool2d(xs[0], (2, 2), strides=(2, 2))", F((1, 4, 4, 1)), float32=True, id="keras_pool2d_max"),
    _kb("pool3d", "pool3d(xs[0], (2, 2, 2), pool_mode='avg')", F((1, 2, 3, 3, 1)), float32=True),
    _kb("local_conv1d", "local_conv1d(*xs, (2,), (1,))", F((1, 4, 2)), F((3, 4, 2))),
    _kb("local_conv2d", "local_conv2d(*xs, (2, 2), (1, 1), (2, 2))", F((1, 3, 3, 1)), F((4, 4, 2))),
    _kb("cumsum", "cumsum(xs[0], axis=1)", F(M)),
    _kb("cumprod", "cumprod(xs[0], axis=1)", F(M)),
    _kb("repeat_elements", "repeat_elements(xs[0], 2, 1)", F(M)),
    _kb("resize_images", "resize_images(xs[0], 2, 3, 'channels_last')", F((1, 2, 2, 1))),
    _kb("resize_images", "resize_images(xs[0], 2, 2, 'channels_first', 'bilinear')", F((1, 1, 2, 2)),
        float32=True, id="keras_resize_images_bilinear"),
    _kb("resize_volumes", "resize_volumes(xs[0], 2, 1, 2, 'channels_last')", F((1, 1, 2, 2, 1))),
    _kb("temporal_padding", "temporal_padding(xs[0], (1, 2))", F((1, 2, 2))),
    _kb("spatial_2d_padding", "spatial_2d_padding(xs[0])", F((1, 2, 2, 1))),
    _kb("spatial_3d_padding", "spatial_3d_padding(xs[0], data_format='channels_first')", F((1, 1, 2, 1, 2))),
    _kb("map_fn", "map_fn(lambda row: row * row, xs[0])", F(M)),
    _kb("foldl", "foldl(lambda a, b: a * b + b, xs[0])", F(M)),
    _kb("foldr", "foldr(lambda a, b: a * b + b, xs[0])", F(M)),
    _kb("print_tensor", "print_tensor(xs[0] * 2.0)", F(V2)),
    c("keras.backend.rnn", _rnn, F((2, 3, 2)), F((2, 2))),
    c("keras.backend.ctc_batch_cost", _ctc_cost, F((2, 4, 3)), float32=True),
]
CASES += KERAS_BACKEND

NOT_CHECKED.update({
    **_same("random values (and new variables)", "keras.backend.dropout", "keras.backend.random_bernoulli",
            "keras.backend.random_normal_variable", "keras.backend.random_uniform_variable"),
    "keras.backend.ctc_decode": "integer paths; TF registers no gradient for CTCGreedyDecoder / CTCBeamSearchDecoder",
    "keras.backend.ctc_label_dense_to_sparse": "integer labels rearranged into a SparseTensor",
    "keras.backend.in_top_k": "boolean output",
    "keras.backend.moving_average_update": "assigns to a variable",
    "keras.backend.gradients": "raises under eager execution, as TF",
    "keras.backend.function": "returns a callable whose results are NumPy arrays",
    "keras.backend.placeholder": "a symbolic tensor without a value",
    "keras.backend.set_session": "keeps a session object: no tensor op",
    "keras.backend.backend": "returns the backend's name: no tensor input",
})
# tf.RaggedTensor and the Unicode string ops.
NOT_CHECKED.update(_same("builds row partitions or values from Python lists and integer splits: no float input "
                         "to differentiate", "ragged.constant", "ragged.constant_value", "ragged.range",
                         "ragged.row_splits_to_segment_ids", "ragged.segment_ids_to_row_splits"))
NOT_CHECKED.update(_same("returns a RaggedTensor, which this dense checker cannot compare; gradients through its "
                         "flat values are checked in tests/test_ragged_tensor.py",
                         "ragged.boolean_mask", "ragged.map_flat_values", "ragged.stack"))
NOT_CHECKED.update(_same("string and int32 code point ops: nothing to differentiate", "strings.ngrams",
                         "strings.unicode_decode", "strings.unicode_decode_with_offsets", "strings.unicode_encode",
                         "strings.unicode_script", "strings.unicode_split", "strings.unicode_split_with_offsets",
                         "strings.unicode_transcode"))
NOT_CHECKED.update(_same("checkpoint bookkeeping: reads files and assigns variables, no differentiable op",
                         "train.checkpoints_iterator", "train.warm_start"))
NOT_CHECKED.update(_same("whole-model Keras saving: configs, files and new layers, no tensor op",
                         "keras.layers.deserialize", "keras.layers.serialize", "keras.models.clone_model",
                         "keras.models.load_model", "keras.models.model_from_config",
                         "keras.models.model_from_json", "keras.models.model_from_yaml",
                         "keras.models.save_model"))
NOT_CHECKED.update(_same("tf.data.experimental transformations, sources and helpers: datasets, specs and counts, "
                         "not differentiable ops",
                         "contrib.data.Counter", "contrib.data.bucket_by_sequence_length",
                         "contrib.data.choose_from_datasets", "contrib.data.copy_to_device",
                         "contrib.data.get_next_as_optional", "contrib.data.group_by_reducer",
                         "contrib.data.group_by_window", "contrib.data.prefetch_to_device",
                         "contrib.data.reduce_dataset", "contrib.data.rejection_resample",
                         "contrib.data.sample_from_datasets", "contrib.data.scan", "contrib.data.sliding_window_batch",
                         "contrib.data.unique", "data.experimental.TensorStructure",
                         "data.experimental.assert_cardinality", "data.experimental.cardinality",
                         "data.experimental.get_structure", "data.experimental.take_while"))
NOT_CHECKED.update(_same("tf.data pipeline helpers: datasets of sparse batches and parsed Examples, not "
                         "differentiable ops (wt/datasparse)", "contrib.data.dense_to_sparse_batch",
                         "contrib.data.make_batched_features_dataset", "contrib.data.parse_example_dataset"))
NOT_CHECKED.update(_same("conversion to a Tensor or SparseTensor: returns its input's values unchanged "
                         "(wt/datasparse)", "convert_to_tensor_or_sparse_tensor"))
NOT_CHECKED.update(_same("a type spec, no tensor op (wt/datasparse)", "data.experimental.SparseTensorStructure"))
NOT_CHECKED.update(_same("parses serialized protos: string input, no gradient (wt/datasparse)",
                         "io.parse_sequence_example", "decode_json_example"))
NOT_CHECKED.update(_same("sparse (de)serialization: string tensors of TensorProto bytes, nothing to differentiate",
                         "io.serialize_sparse", "io.serialize_many_sparse", "io.deserialize_many_sparse"))
