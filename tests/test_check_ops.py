"""tf.assert_*, tf.Assert, tf.check_numerics, tf.debugging.assert_shapes, tf.string_to_number,
tf.as_string: TF 1.x eager results and messages (checked against TensorFlow's v1 API in eager mode)."""

import numpy as np
import pytest

import tfcompat as tf

IAE = tf.errors.InvalidArgumentError


def _message(function, *args, error=IAE, **kwargs):
    with pytest.raises(error) as info:
        function(*args, **kwargs)
    return str(info.value)


def test_aliases_are_one_function():
    assert tf.assert_equal is tf.debugging.assert_equal is tf.compat.v1.assert_equal
    assert tf.verify_tensor_all_finite is tf.debugging.assert_all_finite
    assert tf.string_to_number is tf.strings.to_number
    assert tf.as_string is tf.strings.as_string is tf.dtypes.as_string
    assert tf.Assert is tf.debugging.Assert


def test_passing_asserts_return_none():
    x = tf.constant([1, 2])
    assert tf.assert_equal(x, x) is None
    assert tf.assert_less(x, tf.constant([2, 3])) is None
    assert tf.assert_positive(x) is None
    assert tf.assert_rank(x, 1) is None
    assert tf.Assert(tf.constant(True), ["never shown"]) is None


def test_assert_equal_message():
    assert _message(tf.assert_equal, tf.constant([[1, 2], [3, 4]]), tf.constant([[1, 5], [3, 6]]),
                    message="m") == ("m\nCondition x == y did not hold.\nIndices of first 2 different values:\n"
                                     "[[0 1]\n [1 1]]\nCorresponding x values:\n[2 4]\nCorresponding y values:\n"
                                     "[5 6]\nFirst 3 elements of x:\n[1 2 3]\nFirst 3 elements of y:\n[1 5 3]")


def test_assert_equal_broadcast_shapes_and_summarize():
    assert _message(tf.assert_equal, tf.constant(1), tf.constant([1, 3, 4, 5])) == (
        "Condition x == y did not hold.\nFirst 1 elements of x:\n[1]\nFirst 3 elements of y:\n[1 3 4]")
    assert _message(tf.assert_equal, tf.constant([1.0]), tf.constant([2.0]), summarize=0) == (
        "Condition x == y did not hold.")
    assert _message(tf.assert_equal, tf.constant([1, 2]), tf.constant([3, 4]),
                    data=["d", tf.constant([1.5, 2.25])]) == "d\n['1.5', '2.25']"


def test_assert_equal_bad_operands():
    assert "Incompatible shapes: [3] vs. [2] [Op:Equal]" in _message(
        tf.assert_equal, tf.constant([1, 2, 3]), tf.constant([1, 3]))
    assert "cannot compute Equal as input #1(zero-based) was expected to be a int32 tensor but is a float" in (
        _message(tf.assert_equal, tf.constant(1), tf.constant(2.0)))


def test_assert_less_and_none_equal_messages():
    assert _message(tf.assert_less, tf.constant([1, 2]), tf.constant([1, 3]), message="msg").startswith(
        "msg\nCondition x < y did not hold.\nIndices of first 1 different values:\n[[0]]\n")
    assert "Corresponding x values:\n[2]\nCorresponding y values:\n[2]" in _message(
        tf.assert_none_equal, tf.constant([1, 2]), tf.constant([3, 2]))
    assert _message(tf.assert_greater_equal, tf.constant([[1, 2], [3, 4]]), 3) == (
        "Condition x >= y did not hold.\nFirst 3 elements of x:\n[1 2 3]\nFirst 1 elements of y:\n[3]")


def test_sign_asserts():
    assert _message(tf.assert_negative, tf.constant([1.5, 2, 3, 4, 5])) == (
        "\nCondition x < 0 did not hold element-wise:\nx (shape=(5,) dtype=float32) = \n"
        "['1.5', '2.0', '3.0', '...']")
    assert _message(tf.assert_positive, tf.constant([[1.5, -2.0], [3.0, 4.0]]), message="mm",
                    summarize=2) == ("mm.  \nCondition x > 0 did not hold element-wise:\n"
                                     "x (shape=(2, 2) dtype=float32) = \n['1.5', '-2.0', '...']")
    assert _message(tf.assert_positive, tf.constant(-2.5)).endswith("x (shape=() dtype=float32) = \n-2.5")
    # TF's own text runs two lines together here.
    assert _message(tf.assert_non_positive, tf.constant([-1, 2])) == (
        "\nCondition x <= 0 did not hold element-wise:x (shape=(2,) dtype=int32) = \n['-1', '2']")
    assert tf.assert_negative(tf.constant([], tf.float32)) is None
    assert _message(tf.assert_positive, tf.constant(["a"]), error=TypeError) == (
        "Cannot convert 0 to EagerTensor of dtype string")


def test_assert_near():
    assert tf.assert_near(tf.constant([1.0, 2.0]), tf.constant([1.0, 2.1]), rtol=0.1) is None
    text = _message(tf.assert_near, tf.constant([1.0, 2.0]), tf.constant([1.0, 2.5]))
    assert text.startswith("Expected 'tf.Tensor(False, shape=(), dtype=bool)' to be true. Summarized data: b''\n"
                           "b'x and y not equal to tolerance rtol = tf.Tensor(1.1920929e-06, shape=(), "
                           "dtype=float32)")
    assert text.endswith("b'y (shape=(2,) dtype=float32) = '\n1.0, 2.5")
    assert _message(tf.assert_near, tf.constant([1]), tf.constant([1]), error=ValueError) == (
        "data type <class 'numpy.int32'> not inexact")


def test_Assert_messages():
    assert _message(tf.Assert, tf.constant(False), ["hi", tf.constant([1, 2, 3, 4, 5])]) == (
        "Expected 'tf.Tensor(False, shape=(), dtype=bool)' to be true. Summarized data: b'hi'\n1, 2, 3, ...")
    assert _message(tf.Assert, False, [tf.constant([True, False]), 7, tf.constant(2.5)], summarize=5) == (
        "Expected 'False' to be true. Summarized data: True, False\n7\n2.5")
    assert _message(tf.Assert, tf.constant(False), [tf.constant([1, 2, 3])], summarize=0).endswith("data: ...")
    with pytest.raises(ValueError, match="truth value of an array with more than one element"):
        tf.Assert(tf.constant([False, True]), ["x"])


def test_rank_asserts():
    assert _message(tf.assert_rank, tf.zeros([2, 3]), 3, message="hi", error=ValueError) == (
        "hi.  Tensor  must have rank 3.  Received rank 2, shape (2, 3)")
    assert _message(tf.assert_rank, tf.zeros([2, 3]), [3], error=ValueError) == "Rank must be a scalar."
    assert _message(tf.assert_rank, tf.zeros([2, 3]), 2.5, error=TypeError) == (
        "tensor must be of type tf.int32; got tf.float32")
    assert _message(tf.assert_rank_at_least, tf.zeros([2, 3]), 3, error=ValueError) == (
        "Tensor  must have rank at least 3.  Received rank 2, shape (2, 3)")
    assert _message(tf.assert_rank_in, tf.zeros([2, 3]), (0, 1), error=ValueError) == (
        "Tensor  must have rank in (0, 1).  Received rank 2, shape (2, 3)")
    assert tf.assert_rank_in(tf.zeros([2, 3]), (0, 2)) is None
    assert tf.assert_rank_at_least(tf.zeros([2, 3]), tf.constant(1)) is None


def test_type_asserts():
    assert _message(tf.assert_type, tf.zeros([2]), tf.int32, message="mm", error=TypeError) == (
        "mm.  tensor must be of type tf.int32; got tf.float32")
    assert tf.assert_type(tf.zeros([2]), "float32") is None
    assert _message(tf.assert_integer, tf.zeros([2]), error=TypeError) == (
        "Expected \"x\" to be integer type.  Found: tensor of dtype <dtype: 'float32'>")
    assert tf.assert_integer(tf.constant([2])) is None
    assert _message(tf.assert_scalar, tf.zeros([2]), message="mm", error=ValueError) == (
        "mm.  Expected scalar shape, saw shape: (2,).")
    scalar = tf.assert_scalar(3)
    assert scalar.dtype == tf.int32 and scalar.numpy() == 3


def test_iterable_and_float_dtype_checks():
    assert tf.assert_proper_iterable([1, 2]) is None
    for bad in ("abc", np.array(3), tf.constant(3)):
        with pytest.raises(TypeError, match='Expected argument "values" to be a "proper" iterable'):
            tf.assert_proper_iterable(bad)
    assert tf.assert_same_float_dtype(None) == tf.float32
    assert tf.assert_same_float_dtype([tf.zeros([2], tf.float64)]) == tf.float64
    assert _message(tf.assert_same_float_dtype, [tf.zeros([2]), tf.zeros([2], tf.float64)], error=ValueError) == (
        "tf.Tensor([0. 0.], shape=(2,), dtype=float64), type=<dtype: 'float64'>, must be of the same type "
        "(<dtype: 'float32'>) as tf.Tensor([0. 0.], shape=(2,), dtype=float32).")
    assert _message(tf.assert_same_float_dtype, [tf.zeros([2], tf.int32)], error=ValueError) == (
        "Expected floating point type, got <dtype: 'int32'>.")
    assert tf.is_numeric_tensor(tf.zeros([2])) is True
    assert tf.is_numeric_tensor(tf.constant("a")) is False
    assert tf.is_numeric_tensor(3) is False


def test_check_numerics():
    assert (_message(tf.check_numerics, tf.constant([1.0, np.inf]), "m")
            == "m : Tensor had Inf values [Op:CheckNumerics]")
    assert _message(tf.check_numerics, tf.constant([np.nan, np.inf]), "m").startswith(
        "m : Tensor had Inf and NaN values")
    assert _message(tf.check_numerics, tf.constant([1.0, np.inf], tf.float16), "m").startswith(
        "m : Tensor had Inf values")
    assert "Value for attr 'T' of int32 is not in the list of allowed values: bfloat16, half, float, double" in (
        _message(tf.check_numerics, tf.constant([1, 2]), "m"))
    result = tf.check_numerics(tf.constant([1.0, 2.0]), "m")
    assert result.dtype == tf.float32
    np.testing.assert_array_equal(result.numpy(), [1.0, 2.0])
    assert _message(tf.verify_tensor_all_finite, tf.constant([1.0, np.nan]), "Input is not a number.").startswith(
        "Input is not a number. : Tensor had NaN values")
    np.testing.assert_array_equal(tf.debugging.assert_all_finite(x=tf.constant([1.0]), message="m").numpy(), [1.0])


def test_assert_shapes():
    assert_shapes = tf.debugging.assert_shapes
    assert assert_shapes([(tf.zeros([2, 3]), ("N", "M")), (tf.zeros([3]), ("M",)),
                          (tf.zeros([4, 2]), (4, "N"))]) is None
    assert assert_shapes([(tf.zeros([2, 3, 4]), ("*", "N", "M")), (tf.zeros([3]), ("N",))]) is None
    assert assert_shapes([(tf.zeros([2, 3]), (None, 3)), (tf.zeros([]), ()), (tf.zeros([1]), ())]) is None
    assert _message(assert_shapes, [(tf.zeros([2, 3]), ("N", "M")), (tf.zeros([3]), ("N",))], message="mm",
                    error=ValueError) == ("mm.  Specified by tensor shape=(2, 3) dtype=float32 dimension 0.  Tensor "
                                          "shape=(3,) dtype=float32 dimension 0 must have size 2.  Received size 3, "
                                          "shape (3,)")
    assert _message(assert_shapes, [(tf.zeros([2, 3, 4]), ("*", 3))], error=ValueError) == (
        "Specified explicitly.  Tensor shape=(2, 3, 4) dtype=float32 dimension -1 must have size 3.  "
        "Received size 4, shape (2, 3, 4)")
    assert _message(assert_shapes, [(tf.zeros([2, 3]), ("N", "M", "K"))], error=ValueError) == (
        "Tensor  must have rank 3.  Received rank 2, shape (2, 3)")
    assert _message(assert_shapes, [(tf.zeros([2, 3]), ())], error=ValueError) == (
        "Tensor  must have rank in (0, 1).  Received rank 2, shape (2, 3)")
    assert "only allowed as the first entry" in _message(assert_shapes, [(tf.zeros([2, 3]), (2, "*"))],
                                                         error=ValueError)


def test_string_to_number():
    result = tf.string_to_number(tf.constant(["1.5", "2"]))
    assert result.dtype == tf.float32
    np.testing.assert_array_equal(result.numpy(), [1.5, 2.0])
    ints = tf.string_to_number(tf.constant(["15", " 2", "+7"]), tf.int32)
    assert ints.dtype == tf.int32
    np.testing.assert_array_equal(ints.numpy(), [15, 2, 7])
    np.testing.assert_array_equal(tf.string_to_number(tf.constant(["1e3", "inf", "0x10"]), tf.float64).numpy(),
                                  [1000.0, np.inf, 16.0])
    assert tf.string_to_number(tf.constant(["99999999999"]), tf.int64).numpy()[0] == 99999999999
    assert tf.string_to_number("3.5").numpy() == np.float32(3.5)
    for text, out_type in (("abc", tf.float32), ("1.5", tf.int32), ("0x10", tf.int32), ("99999999999", tf.int32),
                           ("-7", tf.uint32), ("1_000", tf.float32), ("", tf.float32)):
        assert _message(tf.string_to_number, tf.constant([text]), out_type) == (
            f"StringToNumberOp could not correctly convert string: {text} [Op:StringToNumber]")
    assert "Value for attr 'out_type' of half is not in the list" in _message(
        tf.string_to_number, tf.constant(["1"]), tf.float16)
    assert "expected to be a string tensor but is a int32 tensor" in _message(tf.string_to_number, tf.constant([1]))


def test_as_string():
    def texts(*args, **kwargs):
        result = tf.as_string(*args, **kwargs)
        assert result.dtype == tf.string
        return list(result.numpy())

    assert texts(tf.constant([1.5, 2])) == [b"1.500000", b"2.000000"]
    assert texts(tf.constant([1, 2])) == [b"1", b"2"]
    assert texts(tf.constant([True])) == [b"true"]
    assert texts(tf.constant([1.5, 2]), precision=2) == [b"1.50", b"2.00"]
    assert texts(tf.constant([1.5, 2]), scientific=True) == [b"1.500000e+00", b"2.000000e+00"]
    assert texts(tf.constant([1e20, 1e-20, 123456789.0]), shortest=True) == [b"1e+20", b"1e-20", b"1.23457e+08"]
    assert texts(tf.constant([-1, 2]), width=4, fill="0") == [b"-001", b"0002"]
    assert texts(tf.constant([1.5e10])) == [b"15000000512.000000"]
    assert texts(tf.constant([1 + 2j])) == [b"(1.000000,2.000000)"]
    assert _message(tf.as_string, tf.constant([1]), precision=2) == (
        "precision not supported for datatype int32 [Op:AsString]")
    assert _message(tf.as_string, tf.constant([1.5]), scientific=True, shortest=True).startswith(
        "Cannot select both scientific and shortest notation")
    assert _message(tf.as_string, tf.constant([7]), fill="x").startswith('Fill argument not supported: "x"')
