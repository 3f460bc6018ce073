"""Elementwise math, comparison and logic ops: TF 1.x results, dtypes and errors.

Expected values are TF's (TF docs, TF's cwise_ops tests, and runs of
tf.compat.v1 in eager mode); error texts are TF's kernel messages.
"""

import math

import numpy as np
import pytest
from numpy.testing import assert_allclose, assert_array_equal

import tfcompat as tf

InvalidArgumentError = tf.errors.InvalidArgumentError


def check(tensor, expected, dtype):
    """A Tensor with TF's dtype, shape and values."""
    assert isinstance(tensor, tf.Tensor)
    assert tensor.dtype == dtype
    expected = np.asarray(expected)
    assert tensor.shape.as_list() == list(expected.shape)
    if dtype.is_floating or dtype.is_complex:
        assert_allclose(tensor.numpy(), expected, rtol=1e-6, atol=1e-6)
    else:
        assert_array_equal(tensor.numpy(), expected)


# --- aliases ----------------------------------------------------------------------------------

@pytest.mark.parametrize("names", [
    ("add", "math.add"), ("log", "math.log"), ("sigmoid", "math.sigmoid", "nn.sigmoid"),
    ("tanh", "math.tanh", "nn.tanh"), ("mod", "floormod", "math.floormod", "math.mod"),
    ("floordiv", "math.floordiv", "floor_div"), ("is_nan", "math.is_nan", "debugging.is_nan"),
    ("div_no_nan", "math.divide_no_nan"), ("negative", "math.negative"),
])
def test_tf1_aliases_are_one_function(names):
    def lookup(path):
        obj = tf
        for part in path.split("."):
            obj = getattr(obj, part)
        return obj
    functions = {id(lookup(n)) for n in names}
    assert len(functions) == 1
    assert lookup(names[0]) is lookup("compat.v1." + names[0])


# --- binary arithmetic ----------------------------------------------------------------------

def test_add_subtract_multiply_keep_dtype():
    check(tf.add(tf.constant([1, 2]), 3), [4, 5], tf.int32)
    check(tf.subtract(tf.constant([1.5, 2.0]), 1), [0.5, 1.0], tf.float32)
    check(tf.multiply(tf.constant([[1], [2]], tf.int64), tf.constant([3, 4], tf.int64)),
          [[3, 4], [6, 8]], tf.int64)
    check(tf.add(1, 2), 3, tf.int32)


def test_add_concatenates_strings():
    check(tf.add(tf.constant(["a", "b"]), "c"), np.array([b"ac", b"bc"], dtype=object), tf.string)
    # TF's Add on two tf.string tensors: b'ab' (scalar), elementwise with broadcasting.
    result = tf.add(tf.constant("a"), tf.constant("b"))
    assert result.dtype == tf.string and result.shape.as_list() == [] and result.numpy() == b"ab"
    check(tf.math.add(tf.constant("x"), tf.constant(["a", "b"])), np.array([b"xa", b"xb"], dtype=object),
          tf.string)
    with pytest.raises(InvalidArgumentError, match=r"cannot compute Add as input #1\(zero-based\) was expected "
                                                   r"to be a string tensor but is a int32 tensor \[Op:Add\]"):
        tf.add(tf.constant("a"), tf.constant(1))


def test_mixed_tensor_dtypes_raise_invalid_argument():
    with pytest.raises(InvalidArgumentError, match=r"cannot compute Add as input #1\(zero-based\) was "
                                                   r"expected to be a int32 tensor but is a float tensor \[Op:Add\]"):
        tf.add(tf.constant([1]), tf.constant([1.0]))


def test_python_float_into_int_tensor_is_type_error():
    with pytest.raises(TypeError, match="Cannot convert 1.5 to EagerTensor of dtype int32"):
        tf.multiply(tf.constant([1]), 1.5)


def test_incompatible_shapes():
    with pytest.raises(InvalidArgumentError, match=r"Incompatible shapes: \[2\] vs. \[3\] \[Op:Sub\]"):
        tf.subtract(tf.constant([1, 2]), tf.constant([1, 2, 3]))


def test_add_rejects_bool():
    with pytest.raises(InvalidArgumentError, match=r"Value for attr 'T' of bool is not in the list of "
                                                   r"allowed values: .*string \[Op:Add\]"):
        tf.add(tf.constant([True]), tf.constant([True]))


def test_divide_and_truediv_follow_tf_true_division_table():
    check(tf.divide(tf.constant([7, -7]), 2), [3.5, -3.5], tf.float64)
    check(tf.divide(7, 2), 3.5, tf.float64)
    check(tf.truediv(tf.constant([7], tf.int64), tf.constant([2], tf.int64)), [3.5], tf.float64)
    check(tf.divide(tf.constant([7], tf.int8), tf.constant([2], tf.int8)), [3.5], tf.float32)
    check(tf.divide(tf.constant([7], tf.int16), tf.constant([2], tf.int16)), [3.5], tf.float32)
    check(tf.divide(tf.constant([7], tf.uint8), tf.constant([2], tf.uint8)), [3.5], tf.float32)
    check(tf.truediv(tf.constant([1.0], tf.float64), 4.0), [0.25], tf.float64)


def test_truediv_of_two_tensors_needs_one_dtype():
    with pytest.raises(TypeError, match=r"x and y must have the same dtype, got tf.int32 != tf.float32"):
        tf.truediv(tf.constant([7]), tf.constant([2.0]))


def test_tf1_div_is_python2_division():
    check(tf.div(tf.constant([7, -7]), 2), [3, -4], tf.int32)  # floor for integers
    check(tf.div(tf.constant([7.0, -7.0]), 2), [3.5, -3.5], tf.float32)
    with pytest.raises(TypeError, match="Cannot convert 2.5 to EagerTensor of dtype int32"):
        tf.div(tf.constant([7]), 2.5)
    with pytest.raises(ValueError, match="Tensor conversion requested dtype int32 for Tensor with dtype float32"):
        tf.div(tf.constant([7]), tf.constant([2.0]))


def test_floordiv_and_floormod_round_toward_negative_infinity():
    x, y = tf.constant([-7, 7, -7, 7]), tf.constant([3, -3, -3, 3])
    check(tf.floordiv(x, y), [-3, -3, 2, 2], tf.int32)
    check(tf.floormod(x, y), [2, -2, -1, 1], tf.int32)
    check(tf.mod(x, y), [2, -2, -1, 1], tf.int32)
    check(tf.floordiv(tf.constant([-7.0, 7.5]), 2.0), [-4.0, 3.0], tf.float32)
    check(tf.floormod(tf.constant([7.5, -7.5]), tf.constant([-2.0, 2.0])), [-0.5, 0.5], tf.float32)


def test_truncatediv_and_truncatemod_round_toward_zero():
    x, y = tf.constant([7, -7]), tf.constant([-2, 2])
    check(tf.truncatediv(x, y), [-3, -3], tf.int32)
    check(tf.truncatemod(x, y), [1, -1], tf.int32)
    check(tf.truncatediv(tf.constant([7.5, -7.5]), 2.0), [3.0, -3.0], tf.float32)
    check(tf.truncatemod(tf.constant([7.5, -7.5]), 2.0), [1.5, -1.5], tf.float32)


@pytest.mark.parametrize("op, kernel", [(tf.floordiv, "FloorDiv"), (tf.floormod, "FloorMod"),
                                        (tf.div, "FloorDiv")])
def test_integer_division_by_zero(op, kernel):
    # TF's CPU kernels check for zero divisors (its GPU kernels do not).
    with tf.device("/cpu:0"), pytest.raises(InvalidArgumentError, match=rf"Integer division by zero \[Op:{kernel}\]"):
        op(tf.constant([7]), tf.constant([0]))


def test_float_division_by_zero_gives_inf():
    check(tf.floordiv(tf.constant([-7.0]), tf.constant([0.0])), [-np.inf], tf.float32)
    check(tf.divide(tf.constant([1.0]), 0.0), [np.inf], tf.float32)


def test_realdiv_has_no_integer_kernel():
    check(tf.realdiv(tf.constant([3.0]), 2.0), [1.5], tf.float32)
    with pytest.raises(tf.errors.NotFoundError, match="RealDiv"):
        tf.realdiv(tf.constant([7]), tf.constant([2]))


def test_pow():
    check(tf.pow(2, 3), 8, tf.int32)
    check(tf.pow(tf.constant([2.0]), 0.5), [math.sqrt(2)], tf.float32)
    with pytest.raises(InvalidArgumentError, match=r"Integers to negative integer powers are not allowed \[Op:Pow\]"):
        tf.pow(tf.constant([2]), -1)


def test_maximum_minimum_propagate_nan_and_keep_dtype():
    check(tf.maximum(tf.constant([float("nan"), 1.0, 5.0]), 2.0), [np.nan, 2.0, 5.0], tf.float32)
    check(tf.minimum(tf.constant([3, 1]), 2), [2, 1], tf.int32)
    check(tf.maximum(2, tf.constant([1, 3])), [2, 3], tf.int32)
    with pytest.raises(TypeError, match="Cannot convert 3.5 to EagerTensor of dtype int32"):
        tf.maximum(2, 3.5)


def test_squared_difference_and_atan2():
    check(tf.squared_difference(tf.constant([1, 5]), 3), [4, 4], tf.int32)
    check(tf.squared_difference(tf.constant([1 + 2j]), tf.constant([0j])), [5 + 0j], tf.complex128)
    check(tf.atan2(tf.constant([1.0, -1.0]), tf.constant([1.0, -1.0])), [math.pi / 4, -3 * math.pi / 4],
          tf.float32)
    with pytest.raises(InvalidArgumentError, match=r"of int32 is not in the list of allowed values: "
                                                   r"bfloat16, half, float, double \[Op:Atan2\]"):
        tf.atan2(tf.constant([1]), tf.constant([1]))


def test_xdivy_xlogy_div_no_nan():
    check(tf.math.xdivy(tf.constant([0.0, 1.0]), tf.constant([0.0, 2.0])), [0.0, 0.5], tf.float32)
    check(tf.math.xlogy(tf.constant([0.0, 2.0]), tf.constant([0.0, 2.0])), [0.0, 2 * math.log(2)], tf.float32)
    check(tf.math.xlog1py(tf.constant([0.0, 2.0]), tf.constant([-1.0, 2.0])), [0.0, 2 * math.log(3)],
          tf.float32)
    check(tf.div_no_nan(tf.constant([1.0, 2.0]), tf.constant([0.0, 2.0])), [0.0, 1.0], tf.float32)
    check(tf.math.multiply_no_nan(tf.constant([np.inf, 2.0]), tf.constant([0.0, 2.0])), [0.0, 4.0], tf.float32)
    check(tf.math.reciprocal_no_nan(tf.constant([0.0, 2.0])), [0.0, 0.5], tf.float32)
    with pytest.raises(InvalidArgumentError, match=r"\[Op:DivNoNan\]"):
        tf.math.reciprocal_no_nan(tf.constant([1]))


def test_scalar_mul():
    check(tf.scalar_mul(2, tf.constant([1, 2])), [2, 4], tf.int32)
    check(tf.scalar_mul(tf.constant(0.5), tf.constant([1.0, 2.0])), [0.5, 1.0], tf.float32)
    with pytest.raises(ValueError, match=r"Only scalar multiply works, got shape \(1,\)"):
        tf.scalar_mul(tf.constant([2]), tf.constant([1, 2]))
    strings = tf.constant(["a", "b"])
    with pytest.raises(ValueError, match=r"Only scalar multiply works, got shape \(2,\)"):
        tf.scalar_mul(strings, strings)
    with pytest.raises(InvalidArgumentError, match=r"Value for attr 'T' of string .* \[Op:Mul\]"):
        tf.scalar_mul(tf.constant("a"), strings)


# --- unary ops ------------------------------------------------------------------------------

@pytest.mark.parametrize("op, numpy_op", [
    (tf.sqrt, np.sqrt), (tf.rsqrt, lambda x: 1 / np.sqrt(x)), (tf.exp, np.exp), (tf.expm1, np.expm1),
    (tf.log, np.log), (tf.log1p, np.log1p), (tf.sin, np.sin), (tf.cos, np.cos), (tf.tan, np.tan),
    (tf.asin, np.arcsin), (tf.acos, np.arccos), (tf.atan, np.arctan), (tf.sinh, np.sinh),
    (tf.cosh, np.cosh), (tf.tanh, np.tanh), (tf.sigmoid, lambda x: 1 / (1 + np.exp(-x))),
    (tf.floor, np.floor), (tf.ceil, np.ceil), (tf.reciprocal, np.reciprocal), (tf.square, np.square),
    (tf.negative, np.negative), (tf.abs, np.abs), (tf.asinh, np.arcsinh), (tf.atanh, np.arctanh),
    (tf.math.log_sigmoid, lambda x: -np.log1p(np.exp(-x))),
    (tf.erf, np.vectorize(math.erf)), (tf.erfc, np.vectorize(math.erfc)),
    (tf.lgamma, np.vectorize(math.lgamma)),
])
@pytest.mark.parametrize("dtype", [tf.float32, tf.float64])
def test_float_unary_ops_match_numpy(op, numpy_op, dtype):
    values = np.array([0.1, 0.25, 0.5, 0.9], dtype=dtype.as_numpy_dtype)
    result = op(tf.constant(values))
    assert result.dtype == dtype
    assert_allclose(result.numpy(), numpy_op(values), rtol=1e-5 if dtype == tf.float32 else 1e-12)


@pytest.mark.parametrize("op, kernel", [
    (tf.sqrt, "Sqrt"), (tf.exp, "Exp"), (tf.log, "Log"), (tf.sigmoid, "Sigmoid"), (tf.tanh, "Tanh"),
    (tf.sin, "Sin"), (tf.rsqrt, "Rsqrt"), (tf.log1p, "Log1p"),
])
def test_float_only_ops_reject_int32(op, kernel):
    message = (r"Value for attr 'T' of int32 is not in the list of allowed values: "
               rf"bfloat16, half, float, double, complex64, complex128 \[Op:{kernel}\]")
    with pytest.raises(InvalidArgumentError, match=message):
        op(tf.constant([1, 4]))


@pytest.mark.parametrize("op, kernel", [(tf.floor, "Floor"), (tf.ceil, "Ceil"), (tf.erf, "Erf"),
                                        (tf.lgamma, "Lgamma"), (tf.is_nan, "IsNan"), (tf.rint, "Rint")])
def test_real_float_only_ops_reject_ints(op, kernel):
    with pytest.raises(InvalidArgumentError, match=rf"Value for attr 'T' of int64 is not in the list of "
                                                   rf"allowed values: bfloat16, half, float, double \[Op:{kernel}\]"):
        op(tf.constant([1], tf.int64))


def test_negative_and_abs_reject_bool_and_unsigned():
    with pytest.raises(InvalidArgumentError, match=r"Value for attr 'T' of uint8 .* \[Op:Neg\]"):
        tf.negative(tf.constant([1], tf.uint8))
    with pytest.raises(InvalidArgumentError, match=r"Value for attr 'T' of bool .* \[Op:Abs\]"):
        tf.abs(tf.constant([True]))
    with pytest.raises(InvalidArgumentError, match=r"Value for attr 'T' of string .* \[Op:Sqrt\]"):
        tf.sqrt(tf.constant(["a"]))


def test_integer_unary_ops_keep_dtype():
    check(tf.abs(tf.constant([-3, 2])), [3, 2], tf.int32)
    check(tf.negative(tf.constant([3], tf.int64)), [-3], tf.int64)
    check(tf.square(tf.constant([-3], tf.int8)), [9], tf.int8)
    check(tf.sign(tf.constant([-3, 0, 2])), [-1, 0, 1], tf.int32)


def test_abs_of_complex_is_real():
    check(tf.abs(tf.constant([3 + 4j], tf.complex64)), [5.0], tf.float32)
    check(tf.abs(tf.constant([3 + 4j])), [5.0], tf.float64)


def test_sign_keeps_nan_and_normalizes_complex():
    check(tf.sign(tf.constant([float("nan"), -2.0, 0.0, 3.0])), [np.nan, -1.0, 0.0, 1.0], tf.float32)
    check(tf.sign(tf.constant([3 + 4j])), [0.6 + 0.8j], tf.complex128)


def test_round_is_half_to_even():
    check(tf.round(tf.constant([0.5, 1.5, 2.5, -0.5, -2.5, 2.4])), [0.0, 2.0, 2.0, -0.0, -2.0, 2.0], tf.float32)
    check(tf.rint(tf.constant([0.5, 1.5, 2.5, -2.5], tf.float64)), [0.0, 2.0, 2.0, -2.0], tf.float64)
    check(tf.round(tf.constant([1, 2])), [1, 2], tf.int32)
    check(tf.round(tf.constant([1], tf.uint8)), [1], tf.uint8)


def test_reciprocal_has_no_integer_kernel():
    check(tf.reciprocal(tf.constant([2.0, -4.0])), [0.5, -0.25], tf.float32)
    with pytest.raises(tf.errors.NotFoundError, match="Reciprocal"):
        tf.reciprocal(tf.constant([2]))


def test_sqrt_and_log_of_out_of_domain_values():
    check(tf.sqrt(tf.constant([-1.0])), [np.nan], tf.float32)
    check(tf.log(tf.constant([0.0])), [-np.inf], tf.float32)


def test_is_nan_is_inf_is_finite():
    x = tf.constant([1.0, np.nan, np.inf, -np.inf])
    check(tf.is_nan(x), [False, True, False, False], tf.bool)
    check(tf.is_inf(x), [False, False, True, True], tf.bool)
    check(tf.is_finite(x), [True, False, False, False], tf.bool)
    check(tf.debugging.is_nan(x), [False, True, False, False], tf.bool)


def test_half_precision_unary():
    result = tf.tanh(tf.constant([0.5], tf.float16))
    assert result.dtype == tf.float16
    assert_allclose(result.numpy(), [0.4622], rtol=1e-3)


def test_special_functions():
    check(tf.digamma(tf.constant([1.0])), [-0.5772157], tf.float32)
    check(tf.math.erfinv(tf.constant([0.5])), [0.4769363], tf.float32)
    check(tf.math.ndtri(tf.constant([0.5])), [0.0], tf.float32)
    check(tf.math.bessel_i0(tf.constant([1.0])), [1.266066], tf.float32)
    check(tf.math.bessel_i1e(tf.constant([1.0])), [0.2079104], tf.float32)
    check(tf.math.special.bessel_j0(tf.constant([1.0])), [0.7651977], tf.float32)
    check(tf.math.special.bessel_k0e(tf.constant([1.0])), [1.1444631], tf.float32)
    check(tf.igamma(tf.constant([1.0]), tf.constant([2.0])), [0.86466473], tf.float32)
    check(tf.igammac(tf.constant([1.0]), tf.constant([2.0])), [1 - 0.86466473], tf.float32)
    check(tf.zeta(tf.constant([2.0]), tf.constant([1.0])), [math.pi ** 2 / 6], tf.float32)
    check(tf.polygamma(tf.constant([0.0, 1.0, 2.0]), tf.constant([2.0, 2.0, 2.0])),
          [0.4227843, 0.6449341, -0.4041138], tf.float32)
    check(tf.math.nextafter(tf.constant([1.0], tf.float64), tf.constant([2.0], tf.float64)),
          [np.nextafter(1.0, 2.0)], tf.float64)
    check(tf.math.nextafter(x1=tf.constant([1.0]), x2=tf.constant([0.0])),  # TF's parameter names
          [np.nextafter(np.float32(1.0), np.float32(0.0))], tf.float32)


# --- comparison and logic -------------------------------------------------------------------

def test_comparisons_give_bool():
    x = tf.constant([1, 2, 3])
    check(tf.equal(x, 2), [False, True, False], tf.bool)
    check(tf.not_equal(x, 2), [True, False, True], tf.bool)
    check(tf.less(x, 2), [True, False, False], tf.bool)
    check(tf.less_equal(x, 2), [True, True, False], tf.bool)
    check(tf.greater(x, 2), [False, False, True], tf.bool)
    check(tf.greater_equal(x, 2), [False, True, True], tf.bool)


def test_equal_on_strings():
    check(tf.equal(tf.constant(["a", "b"]), "a"), [True, False], tf.bool)
    check(tf.not_equal(tf.constant(["a", "b"]), tf.constant(["a", "c"])), [False, True], tf.bool)


def test_less_rejects_strings_and_equal_checks_shapes():
    with pytest.raises(InvalidArgumentError, match=r"Value for attr 'T' of string .* \[Op:Less\]"):
        tf.less(tf.constant(["a"]), "b")
    with pytest.raises(InvalidArgumentError, match=r"Incompatible shapes: \[2\] vs. \[3\] \[Op:Equal\]"):
        tf.equal(tf.constant([1, 2]), tf.constant([1, 2, 3]))
    with pytest.raises(InvalidArgumentError, match=r"cannot compute Equal as input #1\(zero-based\)"):
        tf.equal(tf.constant([1, 2]), tf.constant([1.0, 2.0]))


def test_logical_ops():
    a, b = tf.constant([True, True, False, False]), tf.constant([True, False, True, False])
    check(tf.logical_and(a, b), [True, False, False, False], tf.bool)
    check(tf.logical_or(a, b), [True, True, True, False], tf.bool)
    check(tf.logical_xor(a, b), [False, True, True, False], tf.bool)
    check(tf.math.logical_xor(x=a, y=True, name="LogicalXor"), [False, False, True, True], tf.bool)
    check(tf.logical_not(a), [False, False, True, True], tf.bool)
    check(tf.logical_and(a, True), [True, True, False, False], tf.bool)


def test_logical_ops_need_bool_input_0_first():
    with pytest.raises(InvalidArgumentError, match=r"cannot compute LogicalOr as input #0\(zero-based\) was "
                                                   r"expected to be a bool tensor but is a int32 tensor"):
        tf.logical_xor(tf.constant([1]), tf.constant([True]))
    with pytest.raises(InvalidArgumentError, match=r"cannot compute LogicalAnd as input #1\(zero-based\) was "
                                                   r"expected to be a bool tensor but is a int32 tensor"):
        tf.logical_and(tf.constant([True]), tf.constant([1]))
    with pytest.raises(InvalidArgumentError, match=r"cannot compute LogicalNot as input #0"):
        tf.logical_not(tf.constant([1]))


def test_monotonicity_checks():
    check(tf.is_non_decreasing(tf.constant([1, 1, 2])), True, tf.bool)
    check(tf.is_strictly_increasing(tf.constant([1, 1, 2])), False, tf.bool)
    check(tf.is_strictly_increasing(tf.constant([[1, 2], [3, 4]])), True, tf.bool)
    check(tf.math.is_strictly_increasing(tf.constant(np.zeros(0, np.float32))), True, tf.bool)


# --- add_n ---------------------------------------------------------------------------------

def test_add_n():
    check(tf.add_n([tf.constant([1, 2]), tf.constant([3, 4]), tf.constant([5, 6])]), [9, 12], tf.int32)
    check(tf.add_n([[1.0, 2.0], [3.0, 4.0]]), [4.0, 6.0], tf.float32)
    single = tf.constant([1, 2])
    assert tf.add_n([single]) is single


def test_add_n_errors():
    with pytest.raises(InvalidArgumentError, match=r"Inputs to operation AddN of type AddN must have the same "
                                                   r"size and shape.  Input 0: \[2\] != input 1: \[3\] \[Op:AddN\]"):
        tf.add_n([tf.constant([1, 2]), tf.constant([1, 2, 3])])
    with pytest.raises(InvalidArgumentError, match=r"cannot compute AddN as input #1\(zero-based\) was expected "
                                                   r"to be a int32 tensor but is a float tensor"):
        tf.add_n([tf.constant([1, 2]), tf.constant([1.0, 2.0])])
    with pytest.raises(ValueError, match="inputs must be a list of at least one"):
        tf.add_n([])
    with pytest.raises(InvalidArgumentError, match=r"Value for attr 'T' of bool .* \[Op:AddN\]"):
        tf.add_n([tf.constant([True])] * 2)


def test_accumulate_n():
    check(tf.accumulate_n([tf.constant([1, 2]), tf.constant([3, 4])]), [4, 6], tf.int32)
    with pytest.raises(ValueError):
        tf.accumulate_n([tf.constant([1, 2]), tf.constant([1, 2, 3])])
    with pytest.raises(TypeError, match="tensor_dtype"):
        tf.accumulate_n([tf.constant([1.0])], tensor_dtype=tf.float64)
    with pytest.raises(TypeError, match="Dimension value must be integer or None"):
        tf.accumulate_n([[1, 2], [3, 4]], shape=tf.constant(["a", "b"]))


# --- tf.where (TF 1.x) and tf.where_v2 -------------------------------------------------------

def test_where_with_only_condition_gives_int64_coordinates():
    check(tf.where([True, False, True]), [[0], [2]], tf.int64)
    check(tf.where(tf.constant([[1, 0], [0, 3]])), [[0, 0], [1, 1]], tf.int64)
    check(tf.where(tf.constant([[False]])), np.zeros((0, 2), np.int64), tf.int64)


def test_where_selects_elementwise_or_by_rows():
    x, y = tf.constant([[1, 2], [3, 4]]), tf.constant([[5, 6], [7, 8]])
    check(tf.where(tf.constant([[True, False], [False, True]]), x, y), [[1, 6], [7, 4]], tf.int32)
    check(tf.where(tf.constant([True, False]), x, y), [[1, 2], [7, 8]], tf.int32)
    check(tf.where(tf.equal(1, 1), tf.constant([1, 2]), tf.constant([3, 4])), [1, 2], tf.int32)
    check(tf.where([True, False], [1, 2], tf.constant([3.0, 4.0])), [1.0, 4.0], tf.float32)
    check(tf.where([True, False], tf.constant(["a", "b"]), tf.constant(["c", "d"])),
          np.array([b"a", b"d"], dtype=object), tf.string)


def test_where_v1_does_not_broadcast():
    x, y = tf.constant([[1, 2], [3, 4]]), tf.constant([[5, 6], [7, 8]])
    with pytest.raises(InvalidArgumentError, match=r"Number of batches of 'then' must match size of 'cond', "
                                                   r"but saw: 2 vs. 3 \[Op:Select\]"):
        tf.where(tf.constant([True, False, True]), x, y)
    with pytest.raises(InvalidArgumentError, match=r"Input 0: \[1,2\] != input 1: \[2,2\] \[Op:Select\]"):
        tf.where(tf.constant([[True, False]]), x, y)
    with pytest.raises(InvalidArgumentError, match=r"'then' and 'else' must have the same size.  but received: "
                                                   r"\[2,2\] vs. \[2\] \[Op:Select\]"):
        tf.where(tf.constant([True, False]), x, tf.constant([5, 6]))
    with pytest.raises(InvalidArgumentError, match=r"'then' and 'else' must have the same size.  but received: "
                                                   r"\[2\] vs. \[3\] \[Op:Select\]"):
        tf.where(tf.equal(1, 1), tf.constant([1, 2]), tf.constant([3, 4, 5]))
    with pytest.raises(InvalidArgumentError, match=r"Input 0: \[2\] != input 2: \[3\] \[Op:Select\]"):
        tf.where(tf.constant([True, False]), tf.constant([1, 2]), tf.constant([3, 4, 5]))


def test_where_v1_errors():
    with pytest.raises(ValueError, match="x and y must both be non-None or both be None."):
        tf.where(tf.constant([True]), tf.constant([1]))
    with pytest.raises(InvalidArgumentError, match=r"cannot compute Select as input #0\(zero-based\) was "
                                                   r"expected to be a bool tensor but is a int32 tensor"):
        tf.where(tf.constant([1, 0]), tf.constant([1, 2]), tf.constant([3, 4]))
    with pytest.raises(InvalidArgumentError, match=r"cannot compute Select as input #2\(zero-based\) was "
                                                   r"expected to be a int32 tensor but is a float tensor"):
        tf.where(tf.constant([True, False]), tf.constant([1, 2]), tf.constant([3.0, 4.0]))
    with pytest.raises(TypeError, match=r"Cannot convert \[3.0, 4.0\] to EagerTensor of dtype int32"):
        tf.where([True, False], [1, 2], [3.0, 4.0])


def test_where_v2_broadcasts():
    x = tf.constant([[1, 2], [3, 4]])
    check(tf.where_v2(tf.constant([True, False]), x, 0), [[1, 0], [3, 0]], tf.int32)
    check(tf.where_v2(tf.constant([[True], [False]]), 1.0, tf.constant([5.0, 6.0])), [[1.0, 1.0], [5.0, 6.0]],
          tf.float32)
    check(tf.where_v2([True, False, True]), [[0], [2]], tf.int64)
    with pytest.raises(InvalidArgumentError, match=r"condition \[3\], then \[2,2\], and else \[\] must be "
                                                   r"broadcastable \[Op:SelectV2\]"):
        tf.where_v2(tf.constant([True, False, True]), x, 0)


# --- complex parts, lbeta, polyval ------------------------------------------------------------

def test_complex_builds_complex64_and_complex128():
    check(tf.complex(tf.constant([1.0]), tf.constant([2.0])), [1 + 2j], tf.complex64)
    check(tf.complex(tf.constant([1.0, 2.0], tf.float64), tf.constant([3.0, 4.0], tf.float64)),
          [1 + 3j, 2 + 4j], tf.complex128)
    check(tf.complex(1.0, 2.0), 1 + 2j, tf.complex64)  # Python floats convert to float32
    check(tf.complex(tf.constant([1.0, 2.0]), tf.constant(3.0)), [1 + 3j, 2 + 3j], tf.complex64)  # broadcasts
    assert tf.dtypes.complex is tf.complex is tf.compat.v1.complex


def test_complex_errors():
    # TF 1.x's tf.complex checks the dtypes in Python: a TypeError, not an op error.
    with pytest.raises(TypeError, match=r"^real and imag have incorrect types: float32 float64$"):
        tf.complex(tf.constant([1.0]), tf.constant([2.0], tf.float64))
    with pytest.raises(TypeError, match=r"^real and imag have incorrect types: int32 int32$"):
        tf.complex(1, 2)
    with pytest.raises(TypeError, match=r"^real and imag have incorrect types: float16 float16$"):
        tf.complex(tf.constant(1.0, tf.float16), tf.constant(1.0, tf.float16))
    with pytest.raises(InvalidArgumentError, match=r"^Incompatible shapes: \[2\] vs. \[3\] \[Op:Complex\]$"):
        tf.complex(tf.constant([1.0, 2.0]), tf.constant([3.0, 4.0, 5.0]))


def test_real_imag_conj():
    z = tf.constant([1 + 2j], tf.complex64)
    check(tf.real(z), [1.0], tf.float32)
    check(tf.imag(tf.constant([1 + 2j])), [2.0], tf.float64)
    check(tf.conj(tf.constant([1 + 2j])), [1 - 2j], tf.complex128)
    check(tf.math.real(tf.constant([1, 2])), [1, 2], tf.int32)
    check(tf.imag(tf.constant([1.0, 2.0])), [0.0, 0.0], tf.float32)
    check(tf.conj(tf.constant([1, 2])), [1, 2], tf.int32)
    with pytest.raises(TypeError, match="input must be a numeric tensor, but got tensor with dtype "
                                        "<dtype: 'string'>"):
        tf.real(tf.constant(["a"]))
    with pytest.raises(TypeError, match=r"Expected numeric or variant tensor, got dtype tf.bool."):
        tf.conj(tf.constant([True]))


def test_lbeta_erfcinv_polyval():
    check(tf.lbeta(tf.constant([[1.0, 2.0], [3.0, 4.0]])), [-0.6931472, -4.0943446], tf.float32)
    check(tf.lbeta(tf.constant(np.zeros((2, 0), np.float32))), [-np.inf, -np.inf], tf.float32)
    check(tf.math.erfcinv(tf.constant([0.5, 1.0])), [0.4769363, 0.0], tf.float32)
    check(tf.math.polyval([tf.constant(1.0), tf.constant(2.0), tf.constant(3.0)], tf.constant([1.0, 2.0])),
          [6.0, 11.0], tf.float32)
    check(tf.math.polyval([1, 2, 3], tf.constant([1, 2])), [6, 11], tf.int32)
    check(tf.math.polyval([], tf.constant([1.0, 2.0])), [0.0, 0.0], tf.float32)
    with pytest.raises(ValueError, match="Argument coeffs must be list type"):
        tf.math.polyval(tf.constant([1.0, 2.0]), tf.constant([1.0, 2.0]))


def test_angle():
    check(tf.angle(tf.constant([1j, -1 + 0j])), [np.pi / 2, np.pi], tf.float64)
    check(tf.math.angle(tf.constant([1j], tf.complex64)), [np.pi / 2], tf.float32)
    check(tf.angle(tf.constant([-1.0, 2.0])), [np.pi, 0.0], tf.float32)


def test_integer_pow_with_negative_tensor_exponent():
    with pytest.raises(InvalidArgumentError, match=r"Integers to negative integer powers are not allowed \[Op:Pow\]"):
        tf.pow(tf.constant([2, 1]), tf.constant([-1, -1]))
    check(tf.pow(tf.constant([2, 3]), tf.constant([3, 2])), [8, 9], tf.int32)


def test_div_no_nan_of_integers_is_true_division():
    check(tf.div_no_nan(tf.constant([7, -7, 5]), tf.constant([2, 0, -3])), [3.5, 0.0, -5 / 3], tf.float64)
    check(tf.div_no_nan(tf.constant([7.0]), 0), [0.0], tf.float32)
    with pytest.raises(TypeError, match="x and y must have the same dtype, got tf.int32 != tf.float32"):
        tf.div_no_nan(tf.constant([7]), tf.constant([2.0]))
