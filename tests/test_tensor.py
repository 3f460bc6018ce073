"""tf.Tensor: printing, conversion to Python/NumPy, operators and indexing (DESIGN.md traps 1-6, 13)."""

import copy
import pickle

import numpy as np
import pytest

import tfcompat as tf
from conftest import mask_ids


# --- trap 1: printing -----------------------------------------------------------------------

def test_str_of_matrix_has_newline_before_value():
    a = tf.constant([[1, 2], [3, 4]])
    assert str(a) == "tf.Tensor(\n[[1 2]\n [3 4]], shape=(2, 2), dtype=int32)"


def test_str_of_vector_and_scalar():
    assert str(tf.constant([1, 2])) == "tf.Tensor([1 2], shape=(2,), dtype=int32)"
    assert str(tf.constant(9.0)) == "tf.Tensor(9.0, shape=(), dtype=float32)"


def test_repr_of_scalar_has_no_numpy2_scalar_wrapper():
    assert mask_ids(repr(tf.constant(6.0))) == "<tf.Tensor: id=<ID>, shape=(), dtype=float32, numpy=6.0>"
    assert mask_ids(repr(tf.constant(True))) == "<tf.Tensor: id=<ID>, shape=(), dtype=bool, numpy=True>"
    assert mask_ids(repr(tf.constant(5.5, tf.float64))) == \
        "<tf.Tensor: id=<ID>, shape=(), dtype=float64, numpy=5.5>"


def test_repr_of_matrix_as_in_the_guide():
    text = mask_ids(repr(tf.constant([[2.0]])))
    assert text == "<tf.Tensor: id=<ID>, shape=(1, 1), dtype=float32, numpy=array([[2.]], dtype=float32)>"


def test_repr_ids_increase():
    a, b = tf.constant(1), tf.constant(2)
    first = int(repr(a).split("id=")[1].split(",")[0])
    second = int(repr(b).split("id=")[1].split(",")[0])
    assert second > first
    assert repr(a).split(",")[0] == repr(a).split(",")[0]


def test_multiline_repr_starts_on_new_line():
    text = mask_ids(repr(tf.constant([[1, 2], [3, 4]])))
    assert text == ("<tf.Tensor: id=<ID>, shape=(2, 2), dtype=int32, numpy=\n"
                    "array([[1, 2],\n       [3, 4]], dtype=int32)>")


def test_string_tensor_prints_bytes():
    s = tf.constant(["ab", "c"])
    assert str(s) == "tf.Tensor([b'ab' b'c'], shape=(2,), dtype=string)"
    assert str(tf.constant("hi")) == "tf.Tensor(b'hi', shape=(), dtype=string)"


def test_format_uses_numpy_formatting():
    m = tf.constant([[4.0]])
    assert "hello, {}".format(m) == "hello, [[4.]]"
    assert "{:.3f}".format(tf.constant(68.3712)) == "68.371"
    assert "%i" % tf.constant(3) == "3"
    assert "%d" % tf.constant(7, tf.int64) == "7"


# --- trap 13: dtypes and numpy() ------------------------------------------------------------------

def test_dtype_str_and_repr():
    t = tf.constant(1)
    assert str(t.dtype) == "<dtype: 'int32'>"
    assert repr(t.dtype) == "tf.int32"
    assert t.dtype == tf.int32 and t.dtype.name == "int32"


def test_scalar_numpy_is_numpy_scalar():
    value = tf.constant(2.5).numpy()
    assert type(value) is np.float32 and value == 2.5
    assert type(tf.constant(3).numpy()) is np.int32


def test_numpy_is_a_copy():
    t = tf.constant([1.0, 2.0])
    array = t.numpy()
    array[0] = 100.0
    assert t.numpy()[0] == 1.0


def test_np_multiply_returns_ndarray():
    a = tf.constant([[1, 2], [3, 4]])
    b = tf.add(a, 1) if hasattr(tf, "add") else a + 1
    c = np.multiply(a, b)
    assert type(c) is np.ndarray
    np.testing.assert_array_equal(c, [[2, 6], [12, 20]])


def test_numpy_operand_on_left_defers_to_tensor():
    result = np.float32(2.0) * tf.constant([1.0, 2.0])
    assert isinstance(result, tf.Tensor) and result.dtype == tf.float32


# --- trap 2/3: promotion, division, floor semantics --------------------------------------------------

def test_int_plus_float_tensor_raises_invalid_argument():
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"cannot compute Add as input #1\(zero-based\) was expected to be a int32 "
                             r"tensor but is a float tensor \[Op:Add\]"):
        tf.constant(1) + tf.constant(1.0)


def test_float_scalar_into_int_tensor_operator_meets_the_kernel_check():
    # TF 1.15's binary_op_wrapper converts the Python operand with dtype_hint=x.dtype (float32 here).
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"cannot compute Add as input #1\(zero-based\) was expected to be a int32 "
                             r"tensor but is a float tensor \[Op:Add\]"):
        tf.constant(1, tf.int32) + 1.5
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"expected to be a bool tensor but is a int32 tensor"):
        tf.constant(True) + 1


@pytest.mark.parametrize("expression, op_name", [
    (lambda t: t - 1.5, "Sub"), (lambda t: t * 1.5, "Mul"), (lambda t: t // 1.5, "FloorDiv"),
    (lambda t: t % 1.5, "FloorMod"), (lambda t: t ** 1.5, "Pow"), (lambda t: t + [1.5], "Add")])
def test_every_wrapped_operator_uses_dtype_hint(expression, op_name):
    message = rf"cannot compute {op_name} as input #1.*\[Op:{op_name}\]"
    with pytest.raises(tf.errors.InvalidArgumentError, match=message):
        expression(tf.constant(1))


def test_true_division_operator_checks_dtypes_after_the_hint():
    with pytest.raises(TypeError, match=r"x and y must have the same dtype, got tf.int32 != tf.float32"):
        tf.constant(1) / 1.5


def test_strict_conversion_where_tf_has_no_dtype_hint():
    # Reflected operators convert with dtype=, comparisons and op functions are their kernels.
    for expression in (lambda: 1.5 + tf.constant(1), lambda: tf.constant(1) < 1.5,
                       lambda: tf.add(tf.constant(1), 1.5), lambda: tf.multiply(tf.constant(1), 1.5)):
        with pytest.raises(TypeError, match="Cannot convert 1.5 to EagerTensor of dtype int32"):
            expression()


def test_python_scalar_takes_tensor_dtype():
    assert (tf.constant(1.0) + 3).dtype == tf.float32
    assert (tf.constant(2, tf.int64) * 3).dtype == tf.int64
    assert (tf.constant(1.0, tf.float64) + np.float32(1)).dtype == tf.float64
    assert (tf.constant([1.0]) + np.array([2.0])).dtype == tf.float32


@pytest.mark.parametrize("dtype, expected", [
    (tf.int8, tf.float32), (tf.int16, tf.float32), (tf.uint8, tf.float32),
    (tf.int32, tf.float64), (tf.int64, tf.float64), (tf.float32, tf.float32), (tf.float64, tf.float64)])
def test_true_division_dtype_table(dtype, expected):
    result = tf.constant(12, dtype) / tf.constant(5, dtype)
    assert result.dtype == expected
    assert result.numpy() == pytest.approx(2.4)


def test_collatz_division_is_float64():
    assert (tf.constant(12) / 2).dtype == tf.float64


def test_floor_division_and_mod_round_toward_negative_infinity():
    a = tf.constant([7, -7, 7, -7])
    b = tf.constant([2, 2, -2, -2])
    np.testing.assert_array_equal((a // b).numpy(), [3, -4, -4, 3])
    np.testing.assert_array_equal((a % b).numpy(), [1, 1, -1, -1])
    np.testing.assert_allclose((tf.constant([-7.5]) // 2.0).numpy(), [-4.0])
    np.testing.assert_allclose((tf.constant([-7.5]) % 2.0).numpy(), [0.5])


def test_integer_division_by_zero_raises_on_the_cpu():
    # As in TF, only the CPU kernels check; CUDA kernels do not trap (no device sync per op).
    with tf.device("/cpu:0"):
        with pytest.raises(tf.errors.InvalidArgumentError, match="Integer division by zero"):
            tf.constant(1) // tf.constant(0)


def test_reflected_operators():
    x = tf.constant(2.0)
    assert (10 - x).numpy() == 8.0
    assert (1 / x).numpy() == 0.5
    assert (3 * x).numpy() == 6.0
    assert (2 ** x).numpy() == 4.0
    assert (7 // tf.constant(2)).numpy() == 3


def test_negative_integer_power_raises():
    with pytest.raises(tf.errors.InvalidArgumentError, match="negative integer powers"):
        tf.constant(2) ** tf.constant(-1)


def test_unary_and_bool_operators():
    assert (-tf.constant(3)).numpy() == -3
    assert abs(tf.constant(-2.5)).numpy() == 2.5
    t, f = tf.constant(True), tf.constant(False)
    assert (t & f).numpy() == False  # noqa: E712
    assert (t | f).numpy() == True  # noqa: E712
    assert (t ^ t).numpy() == False  # noqa: E712
    assert (~t).numpy() == False  # noqa: E712
    with pytest.raises(tf.errors.InvalidArgumentError, match="LogicalAnd"):
        tf.constant(1) & tf.constant(1)


def test_comparisons_are_elementwise():
    result = tf.constant([1, 2, 3]) < 2
    assert result.dtype == tf.bool
    np.testing.assert_array_equal(result.numpy(), [True, False, False])
    np.testing.assert_array_equal((tf.constant([1.0, 2.0]) >= tf.constant([2.0, 2.0])).numpy(), [False, True])


def test_incompatible_shapes_raise_invalid_argument():
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"Incompatible shapes: \[2\] vs. \[3\] \[Op:Add\]"):
        tf.constant([1, 2]) + tf.constant([1, 2, 3])


# --- trap 4: identity equality ----------------------------------------------------------------------

def test_eq_is_identity_and_tensors_hash_by_id():
    a, b = tf.constant(1), tf.constant(1)
    assert (a == a) is True and (a == b) is False and (a != b) is True
    assert len({a, b}) == 2
    assert {a: 1}[a] == 1


# --- trap 6: Python protocols -----------------------------------------------------------------------

def test_bool_of_scalar_and_one_element_tensors():
    assert bool(tf.constant(True)) is True
    assert bool(tf.constant([0])) is False
    with pytest.raises(ValueError, match="more than one element is ambiguous"):
        bool(tf.constant([1, 2]))


def test_collatz_loop_with_tensor_conditions():
    a = tf.constant(12)
    steps = 0
    while not tf.equal(a, 1):
        a = a / 2 if tf.equal(a % 2, 0) else 3 * a + 1
        steps += 1
    assert steps == 9 and a.dtype == tf.float64


def test_int_float_index_len_iteration():
    assert int(tf.constant(3)) == 3 and float(tf.constant(2.5)) == 2.5
    assert [10, 20, 30][tf.constant(1)] == 20
    assert list(range(tf.constant(3))) == [0, 1, 2]
    with pytest.raises(AttributeError, match="'numpy.float32' object has no attribute '__index__'"):
        [1, 2][tf.constant(1.0)]  # as in TF: float tensors are not indices
    t = tf.constant([[1, 2], [3, 4]])
    assert len(t) == 2
    rows = list(t)
    assert len(rows) == 2 and rows[1].numpy().tolist() == [3, 4]
    with pytest.raises(TypeError, match="Cannot iterate over a scalar tensor."):
        iter(tf.constant(1)).__next__()
    with pytest.raises(TypeError, match="Scalar tensor has no `len\\(\\)`"):
        len(tf.constant(1))


def test_indexing_ints_slices_ellipsis_newaxis():
    t = tf.constant(np.arange(24).reshape(2, 3, 4))
    array = np.arange(24).reshape(2, 3, 4)
    for key in [0, -1, (1, 2), (1, 2, 3), slice(None, None, -1), (Ellipsis, 1), (None, 0),
                (slice(None), slice(None, None, 2)), (0, slice(2, None, -1)), (Ellipsis, slice(3, 0, -2)),
                (slice(1, 2), None, Ellipsis, -1)]:
        np.testing.assert_array_equal(t[key].numpy(), array[key], err_msg=str(key))
    assert t[1][2][3].numpy() == 23
    assert t[tf.constant(1), tf.constant(0)].numpy().tolist() == [12, 13, 14, 15]


def test_list_index_is_a_tuple_index_as_in_tf1():
    t = tf.constant([1, 2, 3])
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="Index out of range using input dim 1; input has only 1 dims"):
        t[[0, 1]]
    assert tf.constant([[1, 2], [3, 4]])[[1, 0]].numpy() == 3


def test_array_index_and_item_assignment_raise_type_error():
    t = tf.constant([1, 2, 3])
    with pytest.raises(TypeError, match="Only integers, slices"):
        t[np.array([0, 1])]
    with pytest.raises(TypeError, match="Only integers, slices"):
        t[1.0]
    with pytest.raises(TypeError, match="does not support item assignment"):
        t[0] = 5


def test_boolean_tensor_index_masks():
    t = tf.constant([1, 2, 3])
    np.testing.assert_array_equal(t[tf.constant([True, False, True])].numpy(), [1, 3])


def test_index_out_of_range_raises_invalid_argument():
    with pytest.raises(tf.errors.InvalidArgumentError, match="slice index 5 of dimension 0 out of bounds"):
        tf.constant([1, 2])[5]


# --- trap 5: shapes ---------------------------------------------------------------------------------

def test_shape_is_tensor_shape_of_dimensions():
    t = tf.zeros([2, 3]) if hasattr(tf, "zeros") else tf.constant(np.zeros((2, 3), np.float32))
    shape = t.shape
    assert isinstance(shape, tf.TensorShape)
    assert repr(shape) == "TensorShape([Dimension(2), Dimension(3)])"
    assert str(shape) == "(2, 3)"
    assert shape[0].value == 2 and shape.as_list() == [2, 3]
    assert list(range(shape[1])) == [0, 1, 2]
    assert shape.ndims == 2 and shape.num_elements() == 6
    assert t.get_shape() == [2, 3]


# --- misc ---------------------------------------------------------------------------------------------

def test_tensor_cannot_be_constructed_directly():
    with pytest.raises(TypeError):
        tf.Tensor([1])


def test_eager_only_attributes_raise():
    t = tf.constant(1)
    with pytest.raises(AttributeError, match="Tensor.name is meaningless"):
        t.name
    with pytest.raises(NotImplementedError, match="is .numpy\\(\\) what you're looking for"):
        t.eval()


def test_device_string_and_cpu_copy():
    t = tf.constant(1.0)
    assert t.device.startswith("/job:localhost/replica:0/task:0/device:")
    assert t.cpu().device == "/job:localhost/replica:0/task:0/device:CPU:0"


def test_pickle_and_deepcopy_round_trip():
    t = tf.constant([[1.5, 2.5]])
    for clone in (pickle.loads(pickle.dumps(t)), copy.deepcopy(t)):
        assert clone is not t and clone.dtype == tf.float32
        np.testing.assert_array_equal(clone.numpy(), t.numpy())


def test_torch_interop_is_zero_copy():
    import torch
    x = torch.arange(4.0)
    t = tf.from_torch(x)
    assert tf.to_torch(t) is x
    assert t.dtype == tf.float32
    with pytest.raises(TypeError, match="from_torch"):
        tf.constant(1.0) + x


def test_iterating_a_string_tensor_yields_string_tensors():
    rows = list(tf.constant(["a", "b"]))
    assert [str(r) for r in rows] == ["tf.Tensor(b'a', shape=(), dtype=string)",
                                      "tf.Tensor(b'b', shape=(), dtype=string)"]


def test_reflected_string_concatenation_keeps_order():
    assert ("b" + tf.constant("a")).numpy() == b"ba"
    assert (tf.constant("a") + "b").numpy() == b"ab"


def test_arithmetic_on_bool_tensors_is_rejected_like_tf():
    with pytest.raises(tf.errors.InvalidArgumentError, match="Value for attr 'T' of bool is not in the list"):
        tf.constant(True) + tf.constant(True)
    with pytest.raises(tf.errors.InvalidArgumentError, match="Value for attr 'T' of uint8"):
        -tf.constant([1], tf.uint8)
    with pytest.raises(TypeError, match="Invalid dtype tf.bool in __truediv__"):
        tf.constant(True) / tf.constant(True)


def test_fast_and_general_paths_agree():
    x = tf.constant([1.5, -2.0])
    for result, expected in [(x + 1, [2.5, -1.0]), (1 + x, [2.5, -1.0]), (x - 1.0, [0.5, -3.0]),
                             (1.0 - x, [-0.5, 3.0]), (x * x, [2.25, 4.0]), (2 * x, [3.0, -4.0]),
                             (x < 0, [False, True]), (x >= x, [True, True])]:
        np.testing.assert_array_equal(result.numpy(), expected)
        assert type(result) is tf.Tensor


def test_bfloat16_prints_like_tf():
    assert str(tf.constant([0.5, -1.25, 3.0], tf.bfloat16)) == "tf.Tensor([0.5 -1.25 3], shape=(3,), dtype=bfloat16)"
    assert str(tf.constant(1 / 3, tf.bfloat16)) == "tf.Tensor(0.333984, shape=(), dtype=bfloat16)"
    assert mask_ids(repr(tf.constant([1, 2], tf.bfloat16))) == \
        "<tf.Tensor: id=<ID>, shape=(2,), dtype=bfloat16, numpy=array([1, 2], dtype=bfloat16)>"


def test_indexing_with_zero_d_numpy_ints_and_unsigned_reversal():
    t = tf.constant([1, 2, 3])
    assert t[np.array(1)].numpy() == 2
    assert tf.constant([1, 2, 3], tf.uint32)[::-1].numpy().tolist() == [3, 2, 1]
    with pytest.raises(tf.errors.InvalidArgumentError, match="input has only 0 dims"):
        tf.constant(5)[0]


def test_operators_on_wide_unsigned_types():
    # torch has no CPU kernels for most uint16/32/64 ops; TF has: values must still come out right.
    a, b = tf.constant([5, 7], tf.uint16), tf.constant([2, 3], tf.uint16)
    assert (a - b).numpy().tolist() == [3, 4] and (a - b).dtype == tf.uint16
    assert (a // b).numpy().tolist() == [2, 2] and (a % b).numpy().tolist() == [1, 1]
    assert (a < b).numpy().tolist() == [False, False]
    assert (tf.constant([3], tf.uint32) * 2).numpy().tolist() == [6]
