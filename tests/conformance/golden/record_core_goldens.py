"""Record golden values for tfcompat's core conformance tests from REAL TensorFlow.

Run by hand in a throwaway virtualenv that has TensorFlow (never a dependency of
tfcompat, never run in CI):

    python3 -m venv /tmp/tforacle && /tmp/tforacle/bin/pip install tensorflow-cpu numpy
    /tmp/tforacle/bin/python tests/conformance/golden/record_core_goldens.py

It writes tests/conformance/golden/core_goldens.json next to this file (one recorder
script per `*_goldens.json` file; the golden test picks up every such file).

Each case is {"id": ..., "code": ...}: Python source using only the names `tf`
(TensorFlow's compat.v1 API, eager, v2 behaviour disabled) and `np`.  All lines
but the last are exec'd; the last line is eval'd when it is an expression, and
its value is recorded.  The same code string can later be run against tfcompat
with `tf` bound to tfcompat.

Outcome kinds (JSON):
  tensor      dtype, shape, values, str, repr (id=NNN masked as id=<ID>), numpy_type,
              repr_tf1 (see below)
  variable    like tensor, plus name
  error       error_class, error_module, error_mro, message, message_core (message
              without TF 2.x's "{{function_node ...}}" prefix, " [Op:X] name: y"
              suffix and "; NodeDef: ..." tail)
  python      type, value           (int/float/bool/str/bytes/complex/None)
  numpy       type, dtype, shape, values (np.ndarray or NumPy scalar)
  list/tuple  items (each an outcome), type/fields for namedtuples
  object      type, str, repr       (DType, TensorShape, Dimension, ...)
  none        statement produced no value
Value encoding: nan/inf as "nan", "inf", "-inf"; bytes decoded as UTF-8
(backslashreplace); complex numbers as {"real": x, "imag": y}; floats of every
width are stored as the exact double of their value.
Cases with "values": false (random ops) record dtype/shape only.

repr_tf1 is NOT recorded from TF 1.x (no TF 1.x wheel runs on current Python): it is
TF 1.15's __repr__ format string ("<tf.Tensor: id=<ID>, shape=..., dtype=...,
numpy=...>") filled with repr() of the recorded NumPy value under NumPy's
legacy="1.25" print options.  It differs from the recorded TF 2.x `repr` in the
id= field, scalar floats (TF 2.x shows repr(value.item()), e.g. 0.10000000149011612
for float32 0.1, TF 1.x showed 0.1) and summarized arrays (NumPy >= 2.2 appends
shape=(N,)).
"""
import ast
import json
import os
import platform
import re
import sys
import warnings

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")  # deterministic CPU kernels

import numpy as np  # noqa: E402
import tensorflow.compat.v1 as tf  # noqa: E402

tf.disable_v2_behavior()
tf.enable_eager_execution()
tf.disable_tensor_equality()  # TF 1.x: Tensor.__eq__ is identity
assert tf.executing_eagerly(), "eager execution must be on"
warnings.simplefilter("ignore")
tf.get_logger().setLevel("ERROR")

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "core_goldens.json")

CASES = []


def case(cid, code, values=True):
    c = {"id": cid, "code": code}
    if not values:
        c["values"] = False
    CASES.append(c)


# --------------------------------------------------------------------------
# print_: str/repr/formatting
# --------------------------------------------------------------------------
NUM_DTYPES = ["float16", "float32", "float64", "bfloat16", "int8", "int16",
              "int32", "int64", "uint8", "uint16", "complex64", "complex128"]
for d in NUM_DTYPES:
    case(f"print_scalar_{d}", f"tf.constant(3, dtype=tf.{d})")
    case(f"print_1d_{d}", f"tf.constant([1, 2, 3], dtype=tf.{d})")
    case(f"print_2d_{d}", f"tf.constant(np.arange(6).reshape(2, 3), dtype=tf.{d})")
for d in ["float16", "float32", "float64", "bfloat16"]:
    case(f"print_frac_{d}", f"tf.constant([0.5, -1.25, 3.0], dtype=tf.{d})")
    case(f"print_third_{d}", f"tf.constant(1 / 3, dtype=tf.{d})")
case("print_bool_scalar", "tf.constant(True)")
case("print_bool_1d", "tf.constant([True, False, True])")
case("print_bool_2d", "tf.constant([[True, False], [False, True]])")
case("print_string_scalar", "tf.constant(b'hello')")
case("print_string_str_scalar", "tf.constant('hello')")
case("print_string_unicode", "tf.constant(u'h\\u00e9llo')")
case("print_string_1d", "tf.constant([b'a', b'bc', b'def'])")
case("print_string_2d", "tf.constant([['a', 'b'], ['c', 'd']])")
case("print_string_empty", "tf.constant('')")
case("print_complex_scalar", "tf.constant(1 + 2j)")
case("print_complex64_1d", "tf.constant([1 + 2j, 3 - 4.5j], dtype=tf.complex64)")
case("print_3d_int", "tf.reshape(tf.range(24), [2, 3, 4])")
case("print_3d_float", "tf.reshape(tf.range(12, dtype=tf.float32), [2, 3, 2])")
case("print_4d_float", "tf.ones([1, 2, 2, 1])")
case("print_empty_1d_float", "tf.zeros([0])")
case("print_empty_2d_float", "tf.zeros([2, 0])")
case("print_empty_2d_int64", "tf.zeros([0, 3], dtype=tf.int64)")
case("print_empty_int_const", "tf.constant([], dtype=tf.int32)")
case("print_empty_string", "tf.constant([], dtype=tf.string)")
case("print_large_range_2000", "tf.range(2000)")
case("print_large_range_1000", "tf.range(1000)")
case("print_large_range_1001", "tf.range(1001)")
case("print_large_2d", "tf.reshape(tf.range(2000), [40, 50])")
case("print_large_float", "tf.linspace(0.0, 1.0, 2000)")
case("print_large_ones_1001x3", "tf.ones([1001, 3])")
case("print_wide_row", "tf.range(30, dtype=tf.float32) / 7")
case("print_neg_zero", "tf.constant(-0.0)")
case("print_neg_zero_1d", "tf.constant([-0.0, 0.0, 1.0])")
case("print_nan_scalar", "tf.constant(np.nan)")
case("print_inf_scalar", "tf.constant(-np.inf)")
case("print_nan_inf_1d", "tf.constant([np.nan, np.inf, -np.inf, 1.0])")
case("print_nan_inf_float64", "tf.constant([np.nan, np.inf, 2.5], dtype=tf.float64)")
case("print_float_0_1", "tf.constant(0.1)")
case("print_float64_0_1", "tf.constant(0.1, dtype=tf.float64)")
case("print_float_1e_8", "tf.constant(1e-8)")
case("print_float_1e10", "tf.constant(1e10)")
case("print_float_big", "tf.constant(123456789.0)")
case("print_float_2", "tf.constant(2.0)")
case("print_float_1d_0_1_1e_8", "tf.constant([0.1, 1e-8])")
case("print_float_1d_1_1e10", "tf.constant([1.0, 1e10])")
case("print_float_1d_1e_5", "tf.constant([1e-5, 1.0])")
case("print_float_1d_mixed", "tf.constant([1.5, 2.25, 100.0])")
case("print_float_1d_ints", "tf.constant([1.0, 2.0])")
case("print_float_2d_frac", "tf.constant([[0.1, 0.2], [0.3, 1.0 / 3]])")
case("print_float64_1d_third", "tf.constant([1.0 / 3, 2.0 / 3], dtype=tf.float64)")
case("print_int64_big", "tf.constant(2 ** 40)")
case("print_int_negative", "tf.constant([-1, 10, -100])")
for attr, expr in [
    ("dtype_float32", "tf.constant(1.0).dtype"),
    ("dtype_int32", "tf.constant(1).dtype"),
    ("dtype_string", "tf.constant('a').dtype"),
    ("dtype_bool", "tf.constant(True).dtype"),
    ("dtype_int64", "tf.constant(2 ** 40).dtype"),
]:
    case(f"print_str_{attr}", f"str({expr})")
    case(f"print_repr_{attr}", f"repr({expr})")
for nm, expr in [("scalar", "tf.constant(1.0)"), ("1d", "tf.constant([1, 2, 3])"),
                 ("2d", "tf.zeros([2, 3])"), ("empty", "tf.zeros([0, 3])")]:
    case(f"print_str_shape_{nm}", f"str({expr}.shape)")
    case(f"print_repr_shape_{nm}", f"repr({expr}.shape)")
case("print_repr_shape_dim0", "repr(tf.zeros([2, 3]).shape[0])")
case("print_str_shape_dim0", "str(tf.zeros([2, 3]).shape[0])")
case("print_shape_obj", "tf.zeros([2, 3]).shape")
case("print_shape_dim_obj", "tf.zeros([2, 3]).shape[1]")
case("print_get_shape", "str(tf.zeros([2, 3]).get_shape())")
case("print_device", "tf.constant(1.0).device")
case("print_format_plain", "format(tf.constant([1, 2]))")
case("print_format_scalar", "format(tf.constant(1.5))")
case("print_str_format", "'{}'.format(tf.constant([[1, 2], [3, 4]]))")
case("print_str_format_scalar", "'{}'.format(tf.constant(7))")
case("print_percent_i", "'%i' % tf.constant(3)")
case("print_percent_d", "'%d' % tf.constant(3)")
case("print_percent_i_float", "'%i' % tf.constant(3.7)")
case("print_percent_s", "'%s' % tf.constant([1, 2])")
case("print_percent_f", "'%f' % tf.constant(1.5)")
case("print_percent_2f", "'%.2f' % tf.constant(2.5)")
case("print_format_3f", "'{:.3f}'.format(tf.constant(1.5))")
case("print_format_3f_numpy", "'{:.3f}'.format(tf.constant(1.5).numpy())")
case("print_format_d", "'{:d}'.format(tf.constant(3))")
case("print_format_3f_1d", "'{:.3f}'.format(tf.constant([1.5, 2.0]))")
case("print_fstring", "f'{tf.constant(2.5)}'")
case("print_type_name", "type(tf.constant(1)).__name__")
case("print_numpy_scalar", "tf.constant(1.5).numpy()")
case("print_numpy_scalar_type", "type(tf.constant(1.5).numpy()).__name__")
case("print_numpy_int_scalar_type", "type(tf.constant(1).numpy()).__name__")
case("print_numpy_bool_scalar_type", "type(tf.constant(True).numpy()).__name__")
case("print_numpy_string_scalar_type", "type(tf.constant('a').numpy()).__name__")
case("print_numpy_1d", "tf.constant([1.0, 2.0]).numpy()")
case("print_variable_scalar", "tf.Variable(2.0)")
case("print_variable_str", "str(tf.Variable(2.0))")
case("print_variable_2d", "tf.Variable([[1, 2], [3, 4]])")
case("print_variable_named", "tf.Variable(1.0, name='w')")
case("print_variable_name", "tf.Variable(1.0).name")
case("print_variable_name_named", "tf.Variable(1.0, name='w').name")
case("print_variable_get_variable", "tf.get_variable('gv', shape=[2], initializer=tf.zeros_initializer())")
case("print_variable_dtype", "repr(tf.Variable(1.0).dtype)")
case("print_variable_plus_tensor", "tf.Variable(1.0) + tf.constant(2.0)")

# --------------------------------------------------------------------------
# convert_: tf.constant / convert_to_tensor / cast
# --------------------------------------------------------------------------
for nm, expr in [
    ("int_small", "tf.constant(1)"),
    ("int32_max", "tf.constant(2 ** 31 - 1)"),
    ("int32_min", "tf.constant(-2 ** 31)"),
    ("int_gt_int32", "tf.constant(2 ** 31)"),
    ("int_lt_int32", "tf.constant(-2 ** 31 - 1)"),
    ("int64_max", "tf.constant(2 ** 63 - 1)"),
    ("int_gt_int64", "tf.constant(2 ** 63)"),
    ("int_gt_uint64", "tf.constant(2 ** 64)"),
    ("int_lt_int64", "tf.constant(-2 ** 63 - 1)"),
    ("list_mixed_int_sizes", "tf.constant([1, 2 ** 40])"),
    ("float", "tf.constant(1.5)"),
    ("float_huge", "tf.constant(1e40)"),
    ("float_huge_float64", "tf.constant(1e40, dtype=tf.float64)"),
    ("bool", "tf.constant(True)"),
    ("nested_list", "tf.constant([[1, 2], [3, 4]])"),
    ("nested_float", "tf.constant([[1.0, 2.0], [3.0, 4.0]])"),
    ("tuple", "tf.constant((1, 2, 3))"),
    ("mixed_int_float", "tf.constant([1, 2.5])"),
    ("mixed_int_float_nested", "tf.constant([[1, 2], [3, 4.0]])"),
    ("mixed_bool_int", "tf.constant([True, 1])"),
    ("mixed_str_int", "tf.constant(['a', 1])"),
    ("ragged", "tf.constant([[1, 2], [3]])"),
    ("none", "tf.constant(None)"),
    ("list_with_none", "tf.constant([1, None])"),
    ("empty_list", "tf.constant([])"),
    ("empty_nested_list", "tf.constant([[]])"),
    ("empty_list_int", "tf.constant([], dtype=tf.int32)"),
    ("string", "tf.constant('abc')"),
    ("string_list", "tf.constant(['a', 'b'])"),
    ("bytes_list", "tf.constant([b'a', b'b'])"),
    ("complex", "tf.constant(1 + 2j)"),
    ("complex_to_complex64", "tf.constant(1, dtype=tf.complex64)"),
    ("np_float64_scalar", "tf.constant(np.float64(1.5))"),
    ("np_float32_scalar", "tf.constant(np.float32(1.5))"),
    ("np_int64_scalar", "tf.constant(np.int64(3))"),
    ("np_uint32_scalar", "tf.constant(np.uint32(5))"),
    ("np_0d_array", "tf.constant(np.array(3.0))"),
    ("np_arange", "tf.constant(np.arange(3))"),
    ("np_linspace", "tf.constant(np.linspace(0, 1, 3))"),
    ("np_unicode_array", "tf.constant(np.array(['a', 'bc']))"),
    ("np_bytes_array", "tf.constant(np.array([b'a', b'bc']))"),
    ("np_object_array", "tf.constant(np.array([b'a', 'b'], dtype=object))"),
    ("list_of_np_float32", "tf.constant([np.float32(1), 2.0])"),
    ("list_of_np_float64", "tf.constant([np.float64(1), 2])"),
    ("tensor_of_tensor", "tf.constant(tf.constant([1, 2]))"),
    ("list_of_tensors", "tf.constant([tf.constant(1), tf.constant(2)])"),
    ("scalar_broadcast_shape", "tf.constant(5, shape=[2, 3])"),
    ("list_reshape_shape", "tf.constant([1, 2, 3, 4, 5, 6], shape=[2, 3])"),
    ("list_wrong_size_shape", "tf.constant([1, 2, 3], shape=[2, 2])"),
    ("list_fewer_shape", "tf.constant([1, 2], shape=[4])"),
    ("float_dtype_float16", "tf.constant(1.1, dtype=tf.float16)"),
    ("int_dtype_float32", "tf.constant(1, dtype=tf.float32)"),
    ("int_dtype_float64", "tf.constant([1, 2], dtype=tf.float64)"),
    ("float_into_int32", "tf.constant(1.5, tf.int32)"),
    ("float_integral_into_int32", "tf.constant(1.0, tf.int32)"),
    ("float_list_into_int32", "tf.constant([1.0, 2.5], tf.int32)"),
    ("np_float_into_int32", "tf.constant(np.array([1.5, 2.5]), tf.int32)"),
    ("np_float64_into_float32", "tf.constant(np.array([1.5, 2.5]), tf.float32)"),
    ("neg_into_uint8", "tf.constant(-1, tf.uint8)"),
    ("overflow_int8", "tf.constant(300, tf.int8)"),
    ("overflow_int32", "tf.constant(2 ** 31, tf.int32)"),
    ("int_into_bool", "tf.constant(1, tf.bool)"),
    ("bool_into_int32", "tf.constant(True, tf.int32)"),
    ("string_into_int", "tf.constant('1', tf.int32)"),
    ("int_into_string", "tf.constant(1, tf.string)"),
    ("dtype_str_arg", "tf.constant(3, dtype='float32')"),
    ("dtype_np_arg", "tf.constant(3, dtype=np.float32)"),
    ("nan", "tf.constant(np.nan)"),
    ("range_obj", "tf.constant(range(3))"),
    ("convert_int", "tf.convert_to_tensor(1)"),
    ("convert_float_float64", "tf.convert_to_tensor(1.0, dtype=tf.float64)"),
    ("convert_int_float32", "tf.convert_to_tensor(1, dtype=tf.float32)"),
    ("convert_tensor_dtype_mismatch", "tf.convert_to_tensor(tf.constant(1), dtype=tf.float32)"),
    ("convert_tensor_same_dtype", "tf.convert_to_tensor(tf.constant(1.0), dtype=tf.float32)"),
    ("convert_np_float32_to_float64", "tf.convert_to_tensor(np.float32(1), dtype=tf.float64)"),
    ("convert_np_float64_array_to_float32", "tf.convert_to_tensor(np.array([1.0, 2.0]), dtype=tf.float32)"),
    ("convert_np_int64_array_to_int32", "tf.convert_to_tensor(np.array([1, 2]), dtype=tf.int32)"),
    ("convert_np_float_array_to_int32", "tf.convert_to_tensor(np.array([1.5]), dtype=tf.int32)"),
    ("convert_list_int64", "tf.convert_to_tensor([1, 2], dtype=tf.int64)"),
    ("convert_float_to_int32", "tf.convert_to_tensor(1.5, dtype=tf.int32)"),
    ("convert_list_of_tensors", "tf.convert_to_tensor([tf.constant(1.0), tf.constant(2.0)])"),
    ("convert_list_mixed_tensor_py", "tf.convert_to_tensor([tf.constant(1.0), 2.0])"),
    ("convert_list_mixed_tensor_dtypes", "tf.convert_to_tensor([tf.constant(1), tf.constant(2.0)])"),
    ("convert_variable", "tf.convert_to_tensor(tf.Variable([1.0, 2.0]))"),
    ("convert_dtype_hint", "tf.convert_to_tensor(1, dtype_hint=tf.float32)"),
    ("convert_preferred_dtype", "tf.convert_to_tensor(1, preferred_dtype=tf.float32)"),
    ("convert_string_to_float", "tf.convert_to_tensor('a', dtype=tf.float32)"),
    ("convert_object", "tf.convert_to_tensor(object())"),
]:
    case(f"convert_{nm}", expr)
for d in ["float16", "float32", "float64", "int8", "int16", "int32", "int64",
          "uint8", "uint16", "uint32", "uint64", "bool_", "complex64", "complex128"]:
    case(f"convert_np_array_{d}", f"tf.constant(np.array([1, 0, 2], dtype=np.{d}))")
for nm, expr in [
    ("float_to_int_trunc", "tf.cast(tf.constant([1.7, -1.7, 2.5, -2.5, 0.9]), tf.int32)"),
    ("float64_to_int64", "tf.cast(tf.constant([1e10, -3.99], dtype=tf.float64), tf.int64)"),
    ("int_to_uint8_wrap", "tf.cast(tf.constant([300, -1, 255]), tf.uint8)"),
    ("int_to_int8_wrap", "tf.cast(tf.constant([200, -200]), tf.int8)"),
    ("float_to_bool", "tf.cast(tf.constant([0.0, 1.0, -2.0, 0.5]), tf.bool)"),
    ("int_to_bool", "tf.cast(tf.constant([0, 1, -2]), tf.bool)"),
    ("bool_to_float", "tf.cast(tf.constant([True, False]), tf.float32)"),
    ("bool_to_int", "tf.cast(tf.constant([True, False]), tf.int32)"),
    ("complex_to_float", "tf.cast(tf.constant([1 + 2j]), tf.float32)"),
    ("float_to_complex", "tf.cast(tf.constant([1.5]), tf.complex64)"),
    ("python_float_to_int", "tf.cast(1.7, tf.int32)"),
    ("python_list_to_float", "tf.cast([1, 2], tf.float32)"),
    ("string_to_int", "tf.cast(tf.constant('1'), tf.int32)"),
    ("float32_to_float16", "tf.cast(tf.constant([0.1, 70000.0]), tf.float16)"),
    ("float32_to_bfloat16", "tf.cast(tf.constant([0.1, 1.0 / 3]), tf.bfloat16)"),
    ("same_dtype", "tf.cast(tf.constant([1, 2]), tf.int32)"),
    ("cast_dtype_string", "tf.cast(tf.constant([1, 2]), 'float32')"),
    ("saturate_cast", "tf.saturate_cast(tf.constant([300, -5]), tf.uint8)"),
    ("to_float", "tf.to_float(tf.constant([1, 2]))"),
    ("to_int32", "tf.to_int32(tf.constant([1.9, -1.9]))"),
    ("to_int64", "tf.to_int64(tf.constant([1.9, -1.9]))"),
    ("to_double", "tf.to_double(tf.constant([1, 2]))"),
    ("numpy_method", "tf.constant([[1, 2], [3, 4]]).numpy()"),
    ("np_array_of_tensor", "np.array(tf.constant([1, 2]))"),
    ("np_asarray_of_tensor", "np.asarray(tf.constant([1.0, 2.0]))"),
    ("np_add_tensor", "np.add(tf.constant([1, 2]), 1)"),
    ("np_array_plus_tensor", "np.array([1.0, 2.0], dtype=np.float32) + tf.constant([1.0, 2.0])"),
    ("tolist", "tf.constant([[1, 2], [3, 4]]).numpy().tolist()"),
    ("tensor_dtype_attr", "tf.constant(np.arange(3)).dtype"),
]:
    case(f"convert_cast_{nm}" if not nm.startswith(("to_", "np", "tolist", "tensor")) else f"convert_{nm}", expr)

# --------------------------------------------------------------------------
# promote_: operators, Python semantics of tensors
# --------------------------------------------------------------------------
for nm, expr in [
    ("int32_plus_float32", "tf.constant(1) + tf.constant(1.0)"),
    ("float32_plus_int32", "tf.constant(1.0) + tf.constant(1)"),
    ("int32_times_float32", "tf.constant([1, 2]) * tf.constant([1.0, 2.0])"),
    ("int64_plus_int32", "tf.constant(1, tf.int64) + tf.constant(1)"),
    ("float64_plus_float32", "tf.constant(1.0, tf.float64) + tf.constant(1.0)"),
    ("tf_add_int_tensor_py_int", "tf.add(tf.constant(1), 3)"),
    ("tf_add_float_tensor_py_int", "tf.add(tf.constant(1.0), 3)"),
    ("tf_add_py_int_float_tensor", "tf.add(3, tf.constant(1.0))"),
    ("tf_add_int_tensor_py_float", "tf.add(tf.constant(1), 1.5)"),
    ("tf_add_py_py", "tf.add(1, 2)"),
    ("tf_add_py_float_py_int", "tf.add(1.5, 2)"),
    ("tf_add_int32_float32", "tf.add(tf.constant(1), tf.constant(1.0))"),
    ("int_plus_py_float", "tf.constant(1, tf.int32) + 1.5"),
    ("py_float_plus_int", "1.5 + tf.constant(1)"),
    ("int_times_py_float", "tf.constant([1, 2]) * 2.0"),
    ("int_minus_py_float", "tf.constant(1) - 1.5"),
    ("py_float_minus_int", "1.5 - tf.constant(1)"),
    ("int_maximum_py_float", "tf.maximum(tf.constant(1), 1.5)"),
    ("int_multiply_fn_py_float", "tf.multiply(tf.constant(1), 1.5)"),
    ("int_plus_py_integral_float", "tf.constant(1) + 2.0"),
    ("int_plus_np_float_array", "tf.constant(1) + np.array([1.5])"),
    ("int_plus_np_int64_array", "tf.constant([1, 2]) + np.array([1, 2])"),
    ("int_plus_np_float64_scalar", "tf.constant(1) + np.float64(1.5)"),
    ("float32_plus_np_float64_scalar", "tf.constant(1.0) + np.float64(2.0)"),
    ("float32_plus_np_float64_array", "tf.constant([1.0]) + np.array([2.0])"),
    ("float32_plus_np_float32_array", "tf.constant([1.0]) + np.array([2.0], np.float32)"),
    ("np_float64_array_plus_float32", "np.array([2.0]) + tf.constant([1.0])"),
    ("float32_plus_py_int", "tf.constant([1.0]) + 2"),
    ("float64_plus_py_float", "tf.constant([1.0], tf.float64) + 0.1"),
    ("float16_plus_py_float", "tf.constant([1.0], tf.float16) + 0.1"),
    ("int8_plus_300", "tf.constant(1, tf.int8) + 300"),
    ("int8_plus_100", "tf.constant(1, tf.int8) + 100"),
    ("int8_overflow", "tf.constant(100, tf.int8) + tf.constant(100, tf.int8)"),
    ("uint8_minus_2", "tf.constant(1, tf.uint8) - 2"),
    ("uint8_minus_tensor", "tf.constant(1, tf.uint8) - tf.constant(2, tf.uint8)"),
    ("int32_plus_bool", "tf.constant(1) + True"),
    ("float_plus_bool", "tf.constant(1.0) + True"),
    ("bool_plus_bool", "tf.constant(True) + tf.constant(True)"),
    ("int_plus_list", "tf.constant([1, 2]) + [10, 20]"),
    ("list_plus_int", "[10, 20] + tf.constant([1, 2])"),
    ("int_times_string", "tf.constant(2) * 'a'"),
    ("string_plus_string", "tf.constant('a') + tf.constant('b')"),
    ("string_plus_py_string", "tf.constant('a') + 'b'"),
    ("int32_overflow", "tf.constant(2 ** 31 - 1) + 1"),
    ("int_plus_int64_py", "tf.constant(1) + 2 ** 40"),
    ("int32_plus_variable_float", "tf.constant(1) + tf.Variable(1.0)"),
    ("broadcast_add", "tf.constant([[1], [2]]) + tf.constant([10, 20, 30])"),
    ("complex_plus_float", "tf.constant(1 + 1j) + 1.5"),
    ("complex64_plus_py_complex", "tf.constant(1.0, tf.complex64) + 2j"),
]:
    case(f"promote_{nm}", expr)
TRUEDIV_DT = {"int8": "[7, -7]", "int16": "[7, -7]", "int32": "[7, -7]", "int64": "[7, -7]",
              "uint8": "[7, 8]", "uint16": "[7, 8]", "float16": "[7, -7]", "float32": "[7, -7]",
              "float64": "[7, -7]", "bfloat16": "[7, -7]", "complex64": "[7, -7]"}
for d, v in TRUEDIV_DT.items():
    case(f"promote_truediv_{d}", f"tf.constant({v}, tf.{d}) / tf.constant(2, tf.{d})")
for nm, expr in [
    ("truediv_int_py_int", "tf.constant(7) / 2"),
    ("truediv_py_int_int", "7 / tf.constant(2)"),
    ("truediv_int_py_float", "tf.constant(7) / 2.5"),
    ("truediv_int_py_integral_float", "tf.constant(7) / 2.0"),
    ("truediv_int_zero", "tf.constant([7, 0, -7]) / tf.constant(0)"),
    ("truediv_float_zero", "tf.constant([1.0, 0.0, -1.0]) / 0.0"),
    ("truediv_func_py", "tf.truediv(7, 2)"),
    ("divide_func_py", "tf.divide(7, 2)"),
    ("div_func_py", "tf.div(7, 2)"),
    ("div_func_neg", "tf.div(tf.constant([-7, 7]), 2)"),
    ("div_func_float", "tf.div(tf.constant([-7.0, 7.0]), 2.0)"),
    ("truediv_int32_float32", "tf.truediv(tf.constant(1), tf.constant(2.0))"),
    ("div_bool", "tf.constant(True) / tf.constant(True)"),
    ("rtruediv_float", "1 / tf.constant([2.0, 4.0])"),
]:
    case(f"promote_{nm}", expr)
for dt, (a, b) in {"int32": ("[7, -7, 7, -7]", "[2, 2, -2, -2]"),
                   "int64": ("[7, -7, 7, -7]", "[2, 2, -2, -2]"),
                   "int8": ("[7, -7, 7, -7]", "[2, 2, -2, -2]"),
                   "float32": ("[7.5, -7.5, 7.5, -7.5]", "[2.0, 2.0, -2.0, -2.0]"),
                   "float64": ("[7.5, -7.5, 7.5, -7.5]", "[2.0, 2.0, -2.0, -2.0]")}.items():
    case(f"promote_floordiv_{dt}", f"tf.constant({a}, tf.{dt}) // tf.constant({b}, tf.{dt})")
    case(f"promote_mod_{dt}", f"tf.constant({a}, tf.{dt}) % tf.constant({b}, tf.{dt})")
for nm, expr in [
    ("floordiv_py_scalar", "tf.constant([7, -7]) // 2"),
    ("rfloordiv_py_scalar", "-7 // tf.constant([2, -2])"),
    ("mod_py_scalar", "tf.constant([7, -7]) % 3"),
    ("rmod_py_scalar", "7 % tf.constant([3, -3])"),
    ("mod_float_py_scalar", "tf.constant([7.5, -7.5]) % 2.0"),
    ("floordiv_int_zero", "tf.constant(7) // 0"),
    ("mod_int_zero", "tf.constant(7) % 0"),
    ("floordiv_float_zero", "tf.constant(7.0) // 0.0"),
    ("mod_float_zero", "tf.constant(7.0) % 0.0"),
    ("floordiv_uint8", "tf.constant([7], tf.uint8) // tf.constant([2], tf.uint8)"),
    ("pow_int", "tf.constant(2) ** 3"),
    ("pow_int_vec", "tf.constant([2, 3]) ** tf.constant([2, 3])"),
    ("pow_int_neg_exp", "tf.constant(2) ** -1"),
    ("pow_int_neg_exp_tensor", "tf.pow(tf.constant([2, 1]), tf.constant([-1, -1]))"),
    ("pow_float_neg_exp", "tf.constant(2.0) ** -1"),
    ("pow_int_float_exp", "tf.constant(2) ** 0.5"),
    ("rpow_py_int", "2 ** tf.constant(3)"),
    ("rpow_py_float", "2.0 ** tf.constant([1.0, 0.5])"),
    ("pow_neg_base_frac", "tf.pow(tf.constant(-8.0), 1.0 / 3)"),
    ("pow_zero_zero", "tf.constant(0) ** 0"),
    ("pow_float_zero_zero", "tf.constant(0.0) ** 0.0"),
    ("matmul_op_float", "tf.constant([[1.0, 2.0], [3.0, 4.0]]) @ tf.constant([[1.0], [1.0]])"),
    ("matmul_op_int", "tf.constant([[1, 2], [3, 4]]) @ tf.constant([[5, 6], [7, 8]])"),
    ("matmul_op_rank1", "tf.constant([1.0, 2.0]) @ tf.constant([1.0, 2.0])"),
    ("matmul_op_np_rhs", "tf.constant([[1.0, 2.0]]) @ np.array([[1.0], [2.0]], np.float32)"),
    ("neg_float", "-tf.constant([1.0, -2.0, 0.0])"),
    ("neg_int", "-tf.constant([1, -2])"),
    ("neg_uint8", "-tf.constant([1], tf.uint8)"),
    ("neg_bool", "-tf.constant(True)"),
    ("pos", "+tf.constant([1, -2])"),
    ("abs_int", "abs(tf.constant([-1, 2]))"),
    ("abs_float", "abs(tf.constant(-1.5))"),
    ("abs_complex", "abs(tf.constant(3 + 4j))"),
    ("invert_bool", "~tf.constant([True, False])"),
    ("invert_int", "~tf.constant([1, 2])"),
    ("invert_float", "~tf.constant([1.0])"),
    ("and_bool", "tf.constant([True, True, False]) & tf.constant([True, False, False])"),
    ("or_bool", "tf.constant([True, True, False]) | tf.constant([True, False, False])"),
    ("xor_bool", "tf.constant([True, True, False]) ^ tf.constant([True, False, False])"),
    ("and_bool_py", "tf.constant([True, False]) & True"),
    ("rand_py_bool", "True & tf.constant([True, False])"),
    ("and_int", "tf.constant([12, 10]) & tf.constant([10, 6])"),
    ("or_int", "tf.constant([12, 10]) | tf.constant([10, 6])"),
    ("xor_int", "tf.constant([12, 10]) ^ tf.constant([10, 6])"),
    ("and_float", "tf.constant([1.0]) & tf.constant([1.0])"),
    ("lt", "tf.constant([1, 2, 3]) < 2"),
    ("le", "tf.constant([1, 2, 3]) <= 2"),
    ("gt", "tf.constant([1.0, 2.0, 3.0]) > tf.constant([3.0, 2.0, 1.0])"),
    ("ge", "tf.constant([1.0, 2.0, 3.0]) >= 2"),
    ("rlt", "2 < tf.constant([1, 2, 3])"),
    ("lt_int_py_float", "tf.constant([1, 2]) < 1.5"),
    ("lt_int_float_tensor", "tf.constant([1, 2]) < tf.constant([1.5, 1.5])"),
    ("eq_identity_distinct", "tf.constant(1) == tf.constant(1)"),
    ("eq_identity_same", "(lambda t: t == t)(tf.constant([1, 2]))"),
    ("ne_identity_same", "(lambda t: t != t)(tf.constant([1, 2]))"),
    ("ne_identity_distinct", "tf.constant(1) != tf.constant(1)"),
    ("eq_py_scalar", "tf.constant(1) == 1"),
    ("eq_list", "tf.constant([1, 2]) == [1, 2]"),
    ("eq_none", "tf.constant(1) == None"),
    ("in_list", "tf.constant(1) in [tf.constant(1)]"),
    ("hash", "type(hash(tf.constant(1))).__name__"),
    ("dict_key", "len({tf.constant(1): 1, tf.constant(1): 2})"),
    ("ref_dict_key", "len({tf.constant(1).ref(): 1, tf.constant(1).ref(): 2})"),
    ("experimental_ref", "type(tf.constant(1).experimental_ref()).__name__"),
    ("bool_multi", "bool(tf.constant([1, 2]))"),
    ("bool_multi_float", "bool(tf.constant([1.0, 2.0, 3.0]))"),
    ("bool_single_elem_1d", "bool(tf.constant([1]))"),
    ("bool_single_elem_2d", "bool(tf.constant([[0]]))"),
    ("bool_empty", "bool(tf.constant([]))"),
    ("bool_scalar_zero", "bool(tf.constant(0))"),
    ("bool_scalar_float", "bool(tf.constant(0.5))"),
    ("bool_scalar_true", "bool(tf.constant(True))"),
    ("bool_string", "bool(tf.constant('a'))"),
    ("if_tensor", "'yes' if tf.constant(2) > 1 else 'no'"),
    ("not_equal_scalar", "not tf.equal(tf.constant(1), 1)"),
    ("while_loop_python", "i = tf.constant(0)\nwhile i < 3:\n    i += 1\ni"),
    ("and_python_keyword", "tf.constant(True) and tf.constant(False)"),
    ("int_of_float", "int(tf.constant(3.7))"),
    ("int_of_neg_float", "int(tf.constant(-3.7))"),
    ("float_of_int", "float(tf.constant(3))"),
    ("int_of_1elem", "int(tf.constant([3]))"),
    ("int_of_multi", "int(tf.constant([1, 2]))"),
    ("float_of_multi", "float(tf.constant([1.0, 2.0]))"),
    ("int_of_string", "int(tf.constant('3'))"),
    ("complex_of_complex", "complex(tf.constant(1 + 2j))"),
    ("index_method", "tf.constant(3).__index__()"),
    ("index_float", "tf.constant(3.0).__index__()"),
    ("list_index_by_tensor", "[10, 20, 30][tf.constant(1)]"),
    ("range_of_tensor", "list(range(tf.constant(3)))"),
    ("range_of_int64_tensor", "list(range(tf.constant(3, tf.int64)))"),
    ("len_1d", "len(tf.constant([1, 2, 3]))"),
    ("len_2d", "len(tf.zeros([2, 3]))"),
    ("len_scalar", "len(tf.constant(1))"),
    ("iter_1d", "[x for x in tf.constant([1, 2])]"),
    ("iter_2d_numpy", "[x.numpy() for x in tf.constant([[1, 2], [3, 4]])]"),
    ("iter_scalar", "iter(tf.constant(1))"),
    ("list_of_tensor", "list(tf.constant([1.0, 2.0]))"),
    ("unpack_tensor", "a, b = tf.constant([1, 2])\nb"),
    ("sum_builtin", "sum(tf.constant([1, 2, 3]))"),
    ("max_builtin", "max(tf.constant([1, 3, 2]))"),
    ("sorted_builtin", "sorted(tf.constant([3, 1, 2]))"),
    ("inplace_add", "t = tf.constant([1, 2])\nu = t\nt += 1\n[t, u, t is u]"),
]:
    case(f"promote_{nm}", expr)

# Indexing (kept in promote_ group? -> array_ index) and item assignment
M = "tf.reshape(tf.range(12), [3, 4])"
for nm, expr in [
    ("int", f"{M}[1]"),
    ("neg_int", f"{M}[-1]"),
    ("chained", f"{M}[1][2]"),
    ("tuple", f"{M}[1, 2]"),
    ("slice", f"{M}[1:]"),
    ("col_slice", f"{M}[:, 1:3]"),
    ("neg_step", "tf.range(6)[::-1]"),
    ("neg_step2", "tf.range(6)[::-2]"),
    ("neg_step_bounds", "tf.range(6)[4:1:-1]"),
    ("neg_step_2d", f"{M}[::-1, ::-2]"),
    ("ellipsis", f"{M}[..., 0]"),
    ("ellipsis_3d", "tf.reshape(tf.range(24), [2, 3, 4])[..., 1, :]"),
    ("none", f"{M}[None]"),
    ("none_middle", f"{M}[:, None]"),
    ("newaxis_last", f"{M}[..., tf.newaxis]"),
    ("tensor_index", f"{M}[tf.constant(1)]"),
    ("tensor_index_int64", f"{M}[tf.constant(2, tf.int64)]"),
    ("np_int_index", f"{M}[np.int64(1)]"),
    ("list_index", f"{M}[[0, 1]]"),
    ("np_array_index", f"{M}[np.array([0, 1])]"),
    ("tensor_vector_index", f"{M}[tf.constant([0, 1])]"),
    ("bool_tensor_index", "tf.constant([1, 2, 3])[tf.constant([True, False, True])]"),
    ("float_index", f"{M}[1.0]"),
    ("float_tensor_index", f"{M}[tf.constant(1.0)]"),
    ("out_of_range", f"{M}[5]"),
    ("out_of_range_neg", f"{M}[-4]"),
    ("out_of_range_2nd", f"{M}[0, 4]"),
    ("slice_clipped", "tf.range(5)[-10:10]"),
    ("slice_empty", "tf.range(5)[3:1]"),
    ("too_many_indices", "tf.range(5)[0, 0]"),
    ("scalar_index", "tf.constant(5)[0]"),
    ("str_index", f"{M}['a']"),
    ("slice_tensor_bounds", "tf.range(6)[tf.constant(1):tf.constant(4)]"),
    ("slice_step_zero", "tf.range(6)[::0]"),
    ("two_ellipsis", f"{M}[..., ...]"),
    ("item_assign", "t = tf.constant([1, 2])\nt[0] = 5"),
    ("item_assign_slice", "t = tf.constant([1, 2])\nt[0:1] = [5]"),
    ("assign_method", "tf.constant([1, 2]).assign([3, 4])"),
    ("variable_item_assign", "v = tf.Variable([1, 2])\nv[0] = 5"),
    ("variable_slice_assign", "v = tf.Variable([1, 2, 3])\nv[1:].assign([7, 8])\nv"),
    ("variable_scatter_update", "v = tf.Variable([1, 2, 3])\ntf.scatter_update(v, [0], [9])\nv"),
    ("variable_index", "tf.Variable([[1, 2], [3, 4]])[1, 0]"),
    ("variable_assign_add", "v = tf.Variable(1.0)\nv.assign_add(2.0)\nv"),
    ("variable_assign_wrong_dtype", "v = tf.Variable(1.0)\nv.assign(2)\nv"),
    ("variable_assign_int_to_float_tensor", "v = tf.Variable(1.0)\nv.assign(tf.constant(2))"),
    ("variable_assign_wrong_shape", "v = tf.Variable([1.0, 2.0])\nv.assign([1.0, 2.0, 3.0])"),
]:
    case(f"array_index_{nm}", expr)

# --------------------------------------------------------------------------
# math_: elementwise ops
# --------------------------------------------------------------------------
XS = "tf.constant([-2.0, -0.5, 0.0, 0.5, 2.0])"
XP = "tf.constant([0.5, 1.0, 2.0, 4.0])"
for op in ["negative", "abs", "sign", "square", "exp", "expm1", "sin", "cos", "tan",
           "tanh", "sigmoid", "erf", "floor", "ceil", "round", "atan", "sinh", "cosh",
           "asinh", "softplus", "rint", "erfc"]:
    fn = {"softplus": "tf.nn.softplus", "rint": "tf.math.rint", "erfc": "tf.math.erfc"}.get(op, f"tf.{op}")
    case(f"math_{op}", f"{fn}({XS})")
for op in ["sqrt", "rsqrt", "log", "log1p", "lgamma", "reciprocal", "digamma", "acosh"]:
    fn = {"digamma": "tf.math.digamma"}.get(op, f"tf.{op}")
    case(f"math_{op}", f"{fn}({XP})")
for op in ["asin", "acos"]:
    case(f"math_{op}", f"tf.{op}(tf.constant([-1.0, -0.5, 0.0, 0.5, 1.0]))")
for nm, expr in [
    ("log_zero_neg", "tf.log(tf.constant([0.0, -1.0]))"),
    ("sqrt_neg", "tf.sqrt(tf.constant([-1.0, 0.0]))"),
    ("rsqrt_zero", "tf.rsqrt(tf.constant(0.0))"),
    ("reciprocal_zero", "tf.reciprocal(tf.constant([0.0, -0.0]))"),
    ("sqrt_int", "tf.sqrt(tf.constant(4))"),
    ("exp_py_int", "tf.exp(1)"),
    ("exp_py_float", "tf.exp(1.0)"),
    ("sqrt_py_float", "tf.sqrt(4.0)"),
    ("sigmoid_int", "tf.sigmoid(tf.constant([1, 2]))"),
    ("exp_float64", "tf.exp(tf.constant([1.0], tf.float64))"),
    ("exp_float16", "tf.exp(tf.constant([1.0, 2.0], tf.float16))"),
    ("sigmoid_extreme", "tf.sigmoid(tf.constant([-100.0, 100.0]))"),
    ("abs_int", "tf.abs(tf.constant([-1, 2, -3]))"),
    ("abs_int_min", "tf.abs(tf.constant([-2 ** 31]))"),
    ("abs_complex", "tf.abs(tf.constant([3 + 4j], tf.complex64))"),
    ("sign_int", "tf.sign(tf.constant([-3, 0, 3]))"),
    ("sign_nan", "tf.sign(tf.constant([np.nan, -0.0]))"),
    ("square_int", "tf.square(tf.constant([2, -3]))"),
    ("negative_int", "tf.negative(tf.constant([2, -3]))"),
    ("round_half_even", "tf.round(tf.constant([-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 3.5, 0.4999, 0.5001]))"),
    ("round_int", "tf.round(tf.constant([1, 2]))"),
    ("round_float64", "tf.round(tf.constant([2.5, 3.5], tf.float64))"),
    ("floor_neg", "tf.floor(tf.constant([-1.5, -0.0, 1.5]))"),
    ("floor_int", "tf.floor(tf.constant([1, 2]))"),
    ("is_nan", "tf.is_nan(tf.constant([np.nan, np.inf, -np.inf, 1.0]))"),
    ("is_inf", "tf.is_inf(tf.constant([np.nan, np.inf, -np.inf, 1.0]))"),
    ("is_finite", "tf.is_finite(tf.constant([np.nan, np.inf, -np.inf, 1.0]))"),
    ("is_nan_int", "tf.is_nan(tf.constant([1]))"),
    ("real_imag", "[tf.real(tf.constant(1 + 2j)), tf.imag(tf.constant(1 + 2j))]"),
    ("conj", "tf.conj(tf.constant([1 + 2j]))"),
    ("angle", "tf.angle(tf.constant([1j, -1 + 0j]))"),
    ("complex_fn", "tf.complex(tf.constant([1.0]), tf.constant([2.0]))"),
    ("real_of_float", "tf.real(tf.constant([1.0]))"),
    ("lbeta_like_lgamma_neg", "tf.lgamma(tf.constant([-0.5, -1.0]))"),
    ("logical_not", "tf.logical_not(tf.constant([True, False]))"),
    ("logical_and", "tf.logical_and(tf.constant([True, True, False]), tf.constant([True, False, False]))"),
    ("logical_or", "tf.logical_or(tf.constant([True, True, False]), tf.constant([True, False, False]))"),
    ("logical_xor", "tf.logical_xor(tf.constant([True, True, False]), tf.constant([True, False, False]))"),
    ("logical_and_int", "tf.logical_and(tf.constant([1]), tf.constant([1]))"),
    ("logical_and_py_bool", "tf.logical_and(True, False)"),
]:
    case(f"math_{nm}", expr)
BIN_I = ("tf.constant([7, -7, 5, -5, 0])", "tf.constant([2, 2, -3, -3, 3])")
BIN_F = ("tf.constant([7.5, -7.5, 5.0, -5.0, 0.0])", "tf.constant([2.0, 2.0, -3.0, -3.0, 3.0])")
for op in ["add", "subtract", "multiply", "divide", "truediv", "floordiv", "div", "mod",
           "floormod", "truncatediv", "truncatemod", "maximum", "minimum",
           "squared_difference", "pow", "div_no_nan", "floor_div"]:
    fn = {"div_no_nan": "tf.div_no_nan", "floor_div": "tf.floor_div"}.get(op, f"tf.{op}")
    for tag, (a, b) in (("int", BIN_I), ("float", BIN_F)):
        if op == "pow" and tag == "int":
            a, b = "tf.constant([2, -2, 3, 0])", "tf.constant([3, 3, 0, 2])"
        if op == "truncatediv" and tag == "float":
            continue
        case(f"math_{op}_{tag}", f"{fn}({a}, {b})")
for nm, expr in [
    ("add_broadcast", "tf.add(tf.constant([[1], [2]]), tf.constant([10, 20]))"),
    ("maximum_nan", "tf.maximum(tf.constant([np.nan, 1.0]), tf.constant([1.0, np.nan]))"),
    ("minimum_mixed_dtype", "tf.minimum(tf.constant([1, 2]), tf.constant([1.0, 2.0]))"),
    ("maximum_py_float", "tf.maximum(tf.constant([1.0, 3.0]), 2)"),
    ("truncatemod_float_halves", "tf.truncatemod(tf.constant([7.5, -7.5]), tf.constant([2.0, 2.0]))"),
    ("floormod_float_neg", "tf.floormod(tf.constant([-1.0, 1.0]), tf.constant([3.0, -3.0]))"),
    ("div_no_nan_zero", "tf.div_no_nan(tf.constant([1.0, 0.0]), tf.constant([0.0, 0.0]))"),
    ("divide_int_int", "tf.divide(tf.constant([7, -7]), tf.constant([2, 2]))"),
    ("realdiv", "tf.realdiv(tf.constant([7.0]), tf.constant([2.0]))"),
    ("realdiv_int", "tf.realdiv(tf.constant([7]), tf.constant([2]))"),
    ("add_n", "tf.add_n([tf.constant([1, 2]), tf.constant([3, 4]), tf.constant([5, 6])])"),
    ("add_n_single", "tf.add_n([tf.constant([1.0, 2.0])])"),
    ("add_n_py_lists", "tf.add_n([[1, 2], [3, 4]])"),
    ("add_n_mixed_dtype", "tf.add_n([tf.constant([1]), tf.constant([1.0])])"),
    ("add_n_shape_mismatch", "tf.add_n([tf.constant([1, 2]), tf.constant([1, 2, 3])])"),
    ("add_n_empty", "tf.add_n([])"),
    ("accumulate_n", "tf.accumulate_n([tf.constant([1.0, 2.0]), tf.constant([3.0, 4.0])])"),
    ("equal", "tf.equal(tf.constant([1, 2, 3]), tf.constant([1, 0, 3]))"),
    ("equal_broadcast", "tf.equal(tf.constant([[1], [2]]), tf.constant([1, 2]))"),
    ("equal_py_scalar", "tf.equal(tf.constant([1, 2]), 2)"),
    ("equal_py_float_int_tensor", "tf.equal(tf.constant([1, 2]), 1.5)"),
    ("equal_mixed_tensor_dtypes", "tf.equal(tf.constant([1]), tf.constant([1.0]))"),
    ("equal_incompatible", "tf.equal(tf.constant([1, 2]), tf.constant([1, 2, 3]))"),
    ("equal_string", "tf.equal(tf.constant(['a', 'b']), 'a')"),
    ("not_equal", "tf.not_equal(tf.constant([1, 2, 3]), tf.constant([1, 0, 3]))"),
    ("equal_nan", "tf.equal(tf.constant([np.nan]), tf.constant([np.nan]))"),
    ("less", "tf.less(tf.constant([1, 2, 3]), 2)"),
    ("less_equal", "tf.less_equal(tf.constant([1, 2, 3]), 2)"),
    ("greater", "tf.greater(tf.constant([1.0, 2.0, 3.0]), 2.0)"),
    ("greater_equal", "tf.greater_equal(tf.constant([1.0, 2.0, 3.0]), 2.0)"),
    ("less_string", "tf.less(tf.constant(['a']), tf.constant(['b']))"),
    ("approx_equal_via_abs", "tf.abs(tf.constant(0.1) + tf.constant(0.2) - 0.3) < 1e-6"),
    ("where_indices_1d", "tf.where(tf.constant([True, False, True]))"),
    ("where_indices_2d", "tf.where(tf.constant([[True, False], [False, True]]))"),
    ("where_indices_int", "tf.where(tf.constant([0, 3, 0, 1]))"),
    ("where_select", "tf.where(tf.constant([True, False, True]), tf.constant([1, 2, 3]), tf.constant([10, 20, 30]))"),
    ("where_select_row_cond", "tf.where(tf.constant([True, False]), tf.constant([[1, 2], [3, 4]]), tf.constant([[5, 6], [7, 8]]))"),
    ("where_select_scalar_cond", "tf.where(tf.constant(True), tf.constant([1, 2]), tf.constant([3, 4]))"),
    ("where_select_shape_mismatch", "tf.where(tf.constant([True, False, True]), tf.constant([1, 2, 3]), tf.constant([10, 20]))"),
    ("where_select_scalar_y", "tf.where(tf.constant([True, False]), tf.constant([1, 2]), 0)"),
    ("where_select_broadcast_cond", "tf.where(tf.constant([[True], [False]]), tf.constant([[1, 2], [3, 4]]), tf.constant([[5, 6], [7, 8]]))"),
    ("where_select_x_only", "tf.where(tf.constant([True]), tf.constant([1]))"),
    ("where_select_dtype_mismatch", "tf.where(tf.constant([True, False]), tf.constant([1, 2]), tf.constant([1.0, 2.0]))"),
    ("where_v2_broadcast", "tf.where_v2(tf.constant([True, False, True]), tf.constant([1, 2, 3]), 0)"),
    ("where_v2_row_cond", "tf.where_v2(tf.constant([[True], [False]]), tf.constant([[1, 2], [3, 4]]), tf.constant(-1))"),
    ("where_v2_indices", "tf.where_v2(tf.constant([False, True]))"),
    ("clip_by_value_int", "tf.clip_by_value(tf.constant([-5, 0, 5, 10]), 0, 6)"),
    ("clip_by_value_float", "tf.clip_by_value(tf.constant([-1.5, 0.5, 7.0]), 0.0, 6.0)"),
    ("clip_by_value_int_py_float", "tf.clip_by_value(tf.constant([-5, 5]), 0.0, 1.0)"),
    ("clip_by_value_tensor_bounds", "tf.clip_by_value(tf.constant([1.0, 5.0, 9.0]), tf.constant([2.0, 2.0, 2.0]), tf.constant([3.0, 6.0, 8.0]))"),
    ("clip_by_value_min_gt_max", "tf.clip_by_value(tf.constant([1.0, 5.0]), 4.0, 2.0)"),
    ("clip_by_norm", "tf.clip_by_norm(tf.constant([3.0, 4.0]), 1.0)"),
    ("clip_by_norm_noop", "tf.clip_by_norm(tf.constant([3.0, 4.0]), 10.0)"),
    ("clip_by_norm_axes", "tf.clip_by_norm(tf.constant([[3.0, 4.0], [0.3, 0.4]]), 1.0, axes=[1])"),
    ("clip_by_global_norm", "tf.clip_by_global_norm([tf.constant([3.0, 4.0]), tf.constant([12.0])], 6.5)"),
    ("clip_by_global_norm_noop", "tf.clip_by_global_norm([tf.constant([3.0, 4.0]), tf.constant([12.0])], 100.0)"),
    ("clip_by_global_norm_with_none", "tf.clip_by_global_norm([tf.constant([3.0, 4.0]), None], 1.0)"),
    ("clip_by_global_norm_use_norm", "tf.clip_by_global_norm([tf.constant([3.0, 4.0])], 1.0, use_norm=tf.constant(10.0))"),
    ("global_norm", "tf.global_norm([tf.constant([3.0, 4.0]), tf.constant([12.0])])"),
    ("global_norm_int", "tf.global_norm([tf.constant([3, 4])])"),
    ("clip_by_average_norm", "tf.clip_by_average_norm(tf.constant([3.0, 4.0]), 1.0)"),
    ("identity", "tf.identity(tf.constant([1, 2]))"),
    ("identity_py", "tf.identity([1.0, 2.0])"),
    ("stop_gradient", "tf.stop_gradient(tf.constant([1.0]))"),
    ("scalar_mul", "tf.scalar_mul(2, tf.constant([1.0, 2.0]))"),
    ("polyval", "tf.math.polyval([tf.constant(1.0), tf.constant(2.0), tf.constant(3.0)], tf.constant([0.0, 1.0, 2.0]))"),
    ("xlogy", "tf.math.xlogy(tf.constant([0.0, 2.0]), tf.constant([0.0, 3.0]))"),
    ("bincount", "tf.bincount(tf.constant([1, 1, 3, 0]))"),
    ("segment_sum", "tf.segment_sum(tf.constant([1, 2, 3, 4]), tf.constant([0, 0, 1, 1]))"),
    ("unsorted_segment_sum", "tf.unsorted_segment_sum(tf.constant([1, 2, 3, 4]), tf.constant([1, 0, 1, 2]), 3)"),
    ("unsorted_segment_max", "tf.unsorted_segment_max(tf.constant([1.0, 2.0, 3.0]), tf.constant([1, 1, 1]), 3)"),
    ("cumsum", "tf.cumsum(tf.constant([1, 2, 3, 4]))"),
    ("cumsum_exclusive", "tf.cumsum(tf.constant([1, 2, 3, 4]), exclusive=True)"),
    ("cumsum_reverse", "tf.cumsum(tf.constant([1, 2, 3, 4]), reverse=True)"),
    ("cumsum_exclusive_reverse", "tf.cumsum(tf.constant([1, 2, 3, 4]), exclusive=True, reverse=True)"),
    ("cumsum_axis1", "tf.cumsum(tf.constant([[1.0, 2.0], [3.0, 4.0]]), axis=1)"),
    ("cumsum_axis0", "tf.cumsum(tf.constant([[1.0, 2.0], [3.0, 4.0]]))"),
    ("cumprod", "tf.cumprod(tf.constant([1, 2, 3, 4]))"),
    ("cumprod_exclusive", "tf.cumprod(tf.constant([1, 2, 3, 4]), exclusive=True)"),
    ("cumprod_reverse", "tf.cumprod(tf.constant([1.0, 2.0, 3.0, 4.0]), reverse=True)"),
    ("cumprod_exclusive_reverse", "tf.cumprod(tf.constant([1.0, 2.0, 3.0, 4.0]), exclusive=True, reverse=True)"),
    ("cumulative_logsumexp", "tf.math.cumulative_logsumexp(tf.constant([0.0, 0.0, 0.0]))"),
]:
    case(f"math_{nm}", expr)

# --------------------------------------------------------------------------
# reduce_
# --------------------------------------------------------------------------
XF = "tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])"
XI = "tf.constant([[1, 2, 3], [4, 5, 6]])"
for red in ["reduce_sum", "reduce_mean", "reduce_max", "reduce_min", "reduce_prod",
            "reduce_logsumexp"]:
    case(f"reduce_{red[7:]}_all", f"tf.{red}({XF})")
    case(f"reduce_{red[7:]}_axis0", f"tf.{red}({XF}, axis=0)")
    case(f"reduce_{red[7:]}_axis1_keepdims", f"tf.{red}({XF}, axis=1, keepdims=True)")
for red in ["reduce_sum", "reduce_mean", "reduce_max", "reduce_min", "reduce_prod"]:
    case(f"reduce_{red[7:]}_int", f"tf.{red}({XI}, axis=1)")
for nm, expr in [
    ("sum_axis_neg", f"tf.reduce_sum({XF}, axis=-1)"),
    ("sum_axis_list", f"tf.reduce_sum({XF}, axis=[0, 1])"),
    ("sum_axis_tuple", f"tf.reduce_sum({XF}, axis=(0,))"),
    ("sum_axis_tensor", f"tf.reduce_sum({XF}, axis=tf.constant(1))"),
    ("sum_axis_empty_list", f"tf.reduce_sum({XF}, axis=[])"),
    ("sum_positional_axis", f"tf.reduce_sum({XF}, 1)"),
    ("sum_keep_dims", f"tf.reduce_sum({XF}, axis=1, keep_dims=True)"),
    ("sum_keepdims_all", f"tf.reduce_sum({XF}, keepdims=True)"),
    ("sum_reduction_indices", f"tf.reduce_sum({XF}, reduction_indices=1)"),
    ("sum_reduction_indices_list", f"tf.reduce_sum({XF}, reduction_indices=[0])"),
    ("sum_axis_and_reduction_indices", f"tf.reduce_sum({XF}, axis=0, reduction_indices=0)"),
    ("sum_keep_dims_and_keepdims", f"tf.reduce_sum({XF}, axis=0, keepdims=True, keep_dims=True)"),
    ("sum_axis_out_of_range", f"tf.reduce_sum({XF}, axis=2)"),
    ("sum_axis_neg_out_of_range", f"tf.reduce_sum({XF}, axis=-3)"),
    ("sum_py_list", "tf.reduce_sum([1, 2, 3])"),
    ("sum_py_float_list", "tf.reduce_sum([1.0, 2.5])"),
    ("sum_bool", "tf.reduce_sum(tf.constant([True, False]))"),
    ("sum_int8_overflow", "tf.reduce_sum(tf.constant([100, 100], tf.int8))"),
    ("sum_empty", "tf.reduce_sum(tf.zeros([0]))"),
    ("sum_uint8", "tf.reduce_sum(tf.constant([200, 100], tf.uint8))"),
    ("mean_int_trunc", "tf.reduce_mean(tf.constant([1, 2]))"),
    ("mean_int_trunc_neg", "tf.reduce_mean(tf.constant([-1, -2]))"),
    ("mean_int_trunc_mixed", "tf.reduce_mean(tf.constant([-3, 0, 1]))"),
    ("mean_empty", "tf.reduce_mean(tf.zeros([0]))"),
    ("mean_float16", "tf.reduce_mean(tf.constant([1.0, 2.0, 4.0], tf.float16))"),
    ("mean_bool", "tf.reduce_mean(tf.constant([True, False]))"),
    ("max_empty", "tf.reduce_max(tf.zeros([0]))"),
    ("min_empty", "tf.reduce_min(tf.zeros([0]))"),
    ("max_empty_int", "tf.reduce_max(tf.zeros([0], tf.int32))"),
    ("max_nan", "tf.reduce_max(tf.constant([1.0, np.nan, 3.0]))"),
    ("min_nan", "tf.reduce_min(tf.constant([1.0, np.nan, 3.0]))"),
    ("prod_empty", "tf.reduce_prod(tf.zeros([0]))"),
    ("all", "tf.reduce_all(tf.constant([[True, False], [True, True]]))"),
    ("all_axis1", "tf.reduce_all(tf.constant([[True, False], [True, True]]), axis=1)"),
    ("any_axis0", "tf.reduce_any(tf.constant([[True, False], [False, False]]), axis=0)"),
    ("any_empty", "tf.reduce_any(tf.zeros([0], tf.bool))"),
    ("all_empty", "tf.reduce_all(tf.zeros([0], tf.bool))"),
    ("all_int", "tf.reduce_all(tf.constant([1, 0]))"),
    ("logsumexp_large", "tf.reduce_logsumexp(tf.constant([1000.0, 1000.0]))"),
    ("logsumexp_neg_inf", "tf.reduce_logsumexp(tf.constant([-np.inf, -np.inf]))"),
    ("std", f"tf.math.reduce_std({XF})"),
    ("std_axis0", f"tf.math.reduce_std({XF}, axis=0)"),
    ("variance", f"tf.math.reduce_variance({XF})"),
    ("variance_axis1_keepdims", f"tf.math.reduce_variance({XF}, axis=1, keepdims=True)"),
    ("std_int", f"tf.math.reduce_std({XI})"),
    ("euclidean_norm", f"tf.math.reduce_euclidean_norm({XF}, axis=1)"),
    ("argmax", "tf.argmax(tf.constant([[1, 5, 3], [9, 2, 9]]), axis=1)"),
    ("argmax_default_axis", "tf.argmax(tf.constant([[1, 5, 3], [9, 2, 9]]))"),
    ("argmax_dimension_kw", "tf.argmax(tf.constant([[1, 5, 3], [9, 2, 9]]), dimension=1)"),
    ("argmax_output_type", "tf.argmax(tf.constant([1.0, 3.0, 2.0]), output_type=tf.int32)"),
    ("argmax_ties", "tf.argmax(tf.constant([1, 3, 3, 0]))"),
    ("argmin_ties", "tf.argmin(tf.constant([2, 0, 0, 1]))"),
    ("argmin", "tf.argmin(tf.constant([[1.0, 5.0], [-9.0, 2.0]]), axis=0)"),
    ("argmax_nan", "tf.argmax(tf.constant([1.0, np.nan, 3.0]))"),
    ("argmax_bool", "tf.argmax(tf.constant([False, True]))"),
    ("argmax_scalar", "tf.argmax(tf.constant(1.0))"),
    ("argmax_empty", "tf.argmax(tf.zeros([0]))"),
    ("math_argmax", "tf.math.argmax(tf.constant([1, 3, 2]))"),
    ("count_nonzero", "tf.count_nonzero(tf.constant([[0, 1, 2], [0, 0, 3]]))"),
    ("count_nonzero_axis1", "tf.count_nonzero(tf.constant([[0, 1, 2], [0, 0, 3]]), axis=1)"),
    ("count_nonzero_dtype", "tf.count_nonzero(tf.constant([0.0, 1.5, -0.0, np.nan]), dtype=tf.int32)"),
    ("count_nonzero_bool", "tf.count_nonzero(tf.constant([True, False, True]))"),
    ("count_nonzero_keepdims", "tf.count_nonzero(tf.constant([[0, 1], [1, 1]]), axis=0, keepdims=True)"),
    ("count_nonzero_string", "tf.count_nonzero(tf.constant(['', 'a', 'b']))"),
    ("top_k", "tf.nn.top_k(tf.constant([1, 3, 2, 3]), k=2)"),
    ("top_k_values", "tf.nn.top_k(tf.constant([1.0, 3.0, 2.0, 3.0]), k=3).values"),
    ("top_k_indices", "tf.nn.top_k(tf.constant([1.0, 3.0, 2.0, 3.0]), k=3).indices"),
    ("top_k_default_k", "tf.nn.top_k(tf.constant([1.0, 3.0, 2.0]))"),
    ("top_k_2d", "tf.nn.top_k(tf.constant([[1, 9, 3], [7, 5, 6]]), k=2)"),
    ("top_k_unsorted", "tf.nn.top_k(tf.constant([1, 3, 2, 5]), k=2, sorted=False)"),
    ("top_k_too_large", "tf.nn.top_k(tf.constant([1, 3]), k=3)"),
    ("top_k_math", "tf.math.top_k(tf.constant([4.0, 1.0]), 1)"),
    ("norm_default", "tf.norm(tf.constant([3.0, 4.0]))"),
    ("norm_ord1", "tf.norm(tf.constant([3.0, -4.0]), ord=1)"),
    ("norm_ord2", "tf.norm(tf.constant([3.0, -4.0]), ord=2)"),
    ("norm_ord_inf", "tf.norm(tf.constant([3.0, -4.0]), ord=np.inf)"),
    ("norm_ord3", "tf.norm(tf.constant([1.0, 2.0]), ord=3)"),
    ("norm_euclidean_matrix", f"tf.norm({XF})"),
    ("norm_fro", f"tf.norm({XF}, ord='fro', axis=[-2, -1])"),
    ("norm_fro_no_axis", f"tf.norm({XF}, ord='fro')"),
    ("norm_matrix_ord1", f"tf.norm({XF}, ord=1, axis=[0, 1])"),
    ("norm_matrix_ord_inf", f"tf.norm({XF}, ord=np.inf, axis=[0, 1])"),
    ("norm_matrix_ord2", f"tf.norm({XF}, ord=2, axis=[0, 1])"),
    ("norm_axis1", f"tf.norm({XF}, axis=1)"),
    ("norm_axis1_keepdims", f"tf.norm({XF}, axis=1, keepdims=True)"),
    ("norm_keep_dims", f"tf.norm({XF}, axis=1, keep_dims=True)"),
    ("norm_int", "tf.norm(tf.constant([3, 4]))"),
    ("norm_ord0", "tf.norm(tf.constant([3.0, 4.0]), ord=0)"),
]:
    case(f"reduce_{nm}", expr)

# --------------------------------------------------------------------------
# linalg_
# --------------------------------------------------------------------------
A = "tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])"
B = "tf.constant([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])"
SQ = "tf.constant([[4.0, 7.0], [2.0, 6.0]])"
for nm, expr in [
    ("matmul", f"tf.matmul({A}, {B})"),
    ("matmul_int", "tf.matmul(tf.constant([[1, 2]]), tf.constant([[3], [4]]))"),
    ("matmul_transpose_a", f"tf.matmul({A}, {A}, transpose_a=True)"),
    ("matmul_transpose_b", f"tf.matmul({A}, {A}, transpose_b=True)"),
    ("matmul_transpose_both", f"tf.matmul({B}, {A}, transpose_a=True, transpose_b=True)"),
    ("matmul_adjoint_a_complex", "tf.matmul(tf.constant([[1 + 1j, 2j]], tf.complex64), tf.constant([[1 + 0j, 1j]], tf.complex64), adjoint_a=True)"),
    ("matmul_adjoint_b", f"tf.matmul({A}, {A}, adjoint_b=True)"),
    ("matmul_batched", "tf.matmul(tf.reshape(tf.range(12.0), [2, 2, 3]), tf.reshape(tf.range(12.0), [2, 3, 2]))"),
    ("matmul_batch_broadcast", "tf.matmul(tf.reshape(tf.range(12.0), [2, 2, 3]), tf.ones([3, 1]))"),
    ("matmul_batch_broadcast2", "tf.matmul(tf.ones([1, 2, 3]), tf.ones([4, 3, 2]))"),
    ("matmul_py_lists", "tf.matmul([[1.0, 2.0]], [[3.0], [4.0]])"),
    ("matmul_float64", "tf.matmul(tf.constant([[1.0, 2.0]], tf.float64), tf.constant([[3.0], [4.0]], tf.float64))"),
    ("matmul_a_is_sparse", f"tf.matmul({A}, {B}, a_is_sparse=True)"),
    ("tensordot_1", f"tf.tensordot({A}, {B}, 1)"),
    ("tensordot_axes_list", f"tf.tensordot({A}, {B}, axes=[[1], [0]])"),
    ("tensordot_axes0", "tf.tensordot(tf.constant([1.0, 2.0]), tf.constant([3.0, 4.0, 5.0]), axes=0)"),
    ("tensordot_axes2", f"tf.tensordot({A}, {A}, axes=2)"),
    ("einsum_matmul", f"tf.einsum('ij,jk->ik', {A}, {B})"),
    ("einsum_trace", f"tf.einsum('ii->', {SQ})"),
    ("einsum_transpose", f"tf.einsum('ij->ji', {A})"),
    ("einsum_batch", "tf.einsum('bij,bjk->bik', tf.ones([2, 2, 3]), tf.ones([2, 3, 1]))"),
    ("einsum_dot", "tf.einsum('i,i->', tf.constant([1.0, 2.0]), tf.constant([3.0, 4.0]))"),
    ("einsum_outer", "tf.einsum('i,j->ij', tf.constant([1.0, 2.0]), tf.constant([3.0, 4.0, 5.0]))"),
    ("einsum_implicit", f"tf.einsum('ij,jk', {A}, {B})"),
    ("einsum_ellipsis", "tf.einsum('...ij->...ji', tf.ones([2, 1, 3]))"),
    ("matrix_transpose", f"tf.matrix_transpose({A})"),
    ("matrix_transpose_batched", "tf.matrix_transpose(tf.reshape(tf.range(12), [2, 2, 3]))"),
    ("linalg_transpose", f"tf.linalg.transpose({A})"),
    ("matrix_inverse", f"tf.matrix_inverse({SQ})"),
    ("matrix_inverse_float64", "tf.matrix_inverse(tf.constant([[4.0, 7.0], [2.0, 6.0]], tf.float64))"),
    ("matrix_inverse_singular", "tf.matrix_inverse(tf.constant([[1.0, 2.0], [2.0, 4.0]]))"),
    ("matrix_inverse_int", "tf.matrix_inverse(tf.constant([[1, 0], [0, 1]]))"),
    ("matrix_inverse_nonsquare", f"tf.matrix_inverse({A})"),
    ("matrix_determinant", f"tf.matrix_determinant({SQ})"),
    ("matrix_determinant_float64", "tf.matrix_determinant(tf.constant([[1.0, 2.0], [3.0, 4.0]], tf.float64))"),
    ("matrix_determinant_batched", "tf.matrix_determinant(tf.stack([tf.eye(2) * 2.0, tf.eye(2) * 3.0]))"),
    ("log_matrix_determinant", f"tf.linalg.slogdet({SQ})"),
    ("matrix_solve", f"tf.matrix_solve({SQ}, tf.constant([[1.0], [2.0]]))"),
    ("cholesky", "tf.cholesky(tf.constant([[4.0, 2.0], [2.0, 3.0]], tf.float64))"),
    ("diag", "tf.diag(tf.constant([1, 2, 3]))"),
    ("diag_2d", "tf.diag(tf.constant([[1, 2], [3, 4]]))"),
    ("diag_part", "tf.diag_part(tf.constant([[1, 2], [3, 4]]))"),
    ("diag_part_nonsquare", f"tf.diag_part({A})"),
    ("matrix_diag_part_nonsquare", f"tf.matrix_diag_part({A})"),
    ("matrix_diag", "tf.matrix_diag(tf.constant([[1, 2], [3, 4]]))"),
    ("matrix_set_diag", "tf.matrix_set_diag(tf.zeros([2, 3]), tf.constant([1.0, 2.0]))"),
    ("trace", f"tf.trace({SQ})"),
    ("trace_nonsquare", f"tf.trace({A})"),
    ("trace_batched", "tf.trace(tf.reshape(tf.range(8), [2, 2, 2]))"),
    ("matrix_band_part_lower", "tf.matrix_band_part(tf.reshape(tf.range(1, 17), [4, 4]), -1, 0)"),
    ("matrix_band_part_upper", "tf.matrix_band_part(tf.reshape(tf.range(1, 17), [4, 4]), 0, -1)"),
    ("matrix_band_part_1_1", "tf.matrix_band_part(tf.reshape(tf.range(1, 17), [4, 4]), 1, 1)"),
    ("matrix_band_part_diag", "tf.matrix_band_part(tf.reshape(tf.range(1, 17), [4, 4]), 0, 0)"),
    ("cross", "tf.cross(tf.constant([1.0, 0.0, 0.0]), tf.constant([0.0, 1.0, 0.0]))"),
    ("eye_matmul", "tf.matmul(tf.eye(2), tf.constant([[1.0, 2.0], [3.0, 4.0]]))"),
    ("linalg_norm", f"tf.linalg.norm({A})"),
    ("l2_normalize_via_linalg", "tf.linalg.l2_normalize(tf.constant([3.0, 4.0]))"),
    ("tensordot_mismatch", f"tf.tensordot({A}, {A}, 1)"),
    ("einsum_mismatch", f"tf.einsum('ij,jk->ik', {A}, {A})"),
]:
    case(f"linalg_{nm}", expr)

# --------------------------------------------------------------------------
# array_
# --------------------------------------------------------------------------
R6 = "tf.range(6)"
R23 = "tf.reshape(tf.range(6), [2, 3])"
R234 = "tf.reshape(tf.range(24), [2, 3, 4])"
for nm, expr in [
    ("reshape", f"tf.reshape({R6}, [2, 3])"),
    ("reshape_neg1", f"tf.reshape({R6}, [-1])"),
    ("reshape_neg1_2d", f"tf.reshape({R6}, [3, -1])"),
    ("reshape_scalar", "tf.reshape(tf.constant([7]), [])"),
    ("reshape_tuple", f"tf.reshape({R6}, (2, 3))"),
    ("reshape_tensor_shape", f"tf.reshape({R6}, tf.constant([3, 2]))"),
    ("reshape_np_shape", f"tf.reshape({R6}, np.array([1, 6]))"),
    ("reshape_two_neg1", f"tf.reshape({R6}, [-1, -1])"),
    ("reshape_neg1_indivisible", f"tf.reshape({R6}, [4, -1])"),
    ("reshape_empty_neg1", "tf.reshape(tf.zeros([0, 3]), [-1, 3])"),
    ("reshape_tensorshape_arg", f"tf.reshape({R6}, tf.TensorShape([2, 3]))"),
    ("reshape_method_shape", f"tf.reshape({R6}, tf.zeros([3, 2]).shape)"),
    ("transpose", f"tf.transpose({R23})"),
    ("transpose_perm", f"tf.transpose({R234}, perm=[2, 0, 1])"),
    ("transpose_1d", "tf.transpose(tf.constant([1, 2, 3]))"),
    ("transpose_conjugate", "tf.transpose(tf.constant([[1 + 1j]]), conjugate=True)"),
    ("expand_dims0", "tf.expand_dims(tf.constant([1, 2]), 0)"),
    ("expand_dims_neg1", "tf.expand_dims(tf.constant([1, 2]), -1)"),
    ("expand_dims_dim_kw", "tf.expand_dims(tf.constant([1, 2]), dim=1)"),
    ("expand_dims_out_of_range", "tf.expand_dims(tf.constant([1, 2]), 3)"),
    ("expand_dims_scalar", "tf.expand_dims(tf.constant(5), 0)"),
    ("squeeze_all", "tf.squeeze(tf.zeros([1, 2, 1, 3]))"),
    ("squeeze_axis", "tf.squeeze(tf.zeros([1, 2, 1, 3]), axis=[2])"),
    ("squeeze_squeeze_dims", "tf.squeeze(tf.zeros([1, 2, 1, 3]), squeeze_dims=[0])"),
    ("squeeze_axis_int", "tf.squeeze(tf.zeros([1, 2, 1, 3]), 0)"),
    ("squeeze_neg_axis", "tf.squeeze(tf.zeros([1, 2, 1]), -1)"),
    ("squeeze_non1", "tf.squeeze(tf.zeros([1, 2, 1, 3]), axis=[1])"),
    ("concat_axis0", "tf.concat([tf.constant([[1, 2]]), tf.constant([[3, 4]])], 0)"),
    ("concat_axis1", "tf.concat([tf.constant([[1, 2]]), tf.constant([[3, 4]])], 1)"),
    ("concat_axis_neg1", "tf.concat([tf.constant([[1], [2]]), tf.constant([[3], [4]])], -1)"),
    ("concat_axis_kw", "tf.concat([tf.constant([1]), tf.constant([2, 3])], axis=0)"),
    ("concat_single", "tf.concat([tf.constant([1, 2])], 0)"),
    ("concat_py_lists", "tf.concat([[1, 2], [3]], 0)"),
    ("concat_v1_order", "tf.concat(0, [tf.constant([1]), tf.constant([2])])"),
    ("concat_dtype_mismatch", "tf.concat([tf.constant([1]), tf.constant([2.0])], 0)"),
    ("concat_shape_mismatch", "tf.concat([tf.constant([[1, 2]]), tf.constant([[3, 4, 5]])], 0)"),
    ("concat_axis_out_of_range", "tf.concat([tf.constant([1]), tf.constant([2])], 1)"),
    ("stack", "tf.stack([tf.constant([1, 2]), tf.constant([3, 4])])"),
    ("stack_axis1", "tf.stack([tf.constant([1, 2]), tf.constant([3, 4])], axis=1)"),
    ("stack_scalars", "tf.stack([tf.constant(1.0), 2.0, 3])"),
    ("stack_py", "tf.stack([1, 2, 3])"),
    ("stack_shape_mismatch", "tf.stack([tf.constant([1, 2]), tf.constant([3, 4, 5])])"),
    ("stack_dtype_mismatch", "tf.stack([tf.constant(1), tf.constant(2.0)])"),
    ("pack", "tf.stack([tf.constant([1]), tf.constant([2])], axis=-1)"),
    ("unstack", f"tf.unstack({R23})"),
    ("unstack_axis1", f"tf.unstack({R23}, axis=1)"),
    ("unstack_num", f"tf.unstack({R23}, num=2)"),
    ("unstack_num_wrong", f"tf.unstack({R23}, num=3)"),
    ("split_num", "tf.split(tf.range(6), 3)"),
    ("split_sizes", "tf.split(tf.range(6), [1, 2, 3])"),
    ("split_sizes_neg1", "tf.split(tf.range(6), [2, -1])"),
    ("split_axis1", f"tf.split({R23}, 3, axis=1)"),
    ("split_sizes_axis1", f"tf.split({R23}, [1, 2], 1)"),
    ("split_not_divisible", "tf.split(tf.range(5), 2)"),
    ("split_sizes_bad_sum", "tf.split(tf.range(6), [1, 2])"),
    ("split_num_kw", "tf.split(tf.range(6), [3, 3], num=2)"),
    ("split_tensor_sizes", "tf.split(tf.range(6), tf.constant([4, 2]))"),
    ("tile", "tf.tile(tf.constant([[1, 2]]), [2, 3])"),
    ("tile_1d", "tf.tile(tf.constant([1, 2]), [2])"),
    ("tile_wrong_len", "tf.tile(tf.constant([1, 2]), [2, 2])"),
    ("pad_constant", "tf.pad(tf.constant([[1, 2], [3, 4]]), [[1, 0], [0, 2]])"),
    ("pad_constant_values", "tf.pad(tf.constant([[1, 2], [3, 4]]), [[1, 1], [1, 1]], constant_values=9)"),
    ("pad_reflect", "tf.pad(tf.constant([[1, 2, 3], [4, 5, 6]]), [[1, 1], [2, 2]], 'REFLECT')"),
    ("pad_symmetric", "tf.pad(tf.constant([[1, 2, 3], [4, 5, 6]]), [[1, 1], [2, 2]], 'SYMMETRIC')"),
    ("pad_lowercase_mode", "tf.pad(tf.constant([1, 2, 3]), [[1, 1]], mode='reflect')"),
    ("pad_reflect_too_large", "tf.pad(tf.constant([1, 2, 3]), [[3, 0]], 'REFLECT')"),
    ("pad_symmetric_full", "tf.pad(tf.constant([1, 2, 3]), [[3, 3]], 'SYMMETRIC')"),
    ("pad_bad_mode", "tf.pad(tf.constant([1, 2, 3]), [[1, 1]], 'WRAP')"),
    ("pad_float_constant", "tf.pad(tf.constant([1.0]), [[1, 1]], constant_values=-1)"),
    ("pad_wrong_rank", "tf.pad(tf.constant([1, 2, 3]), [[1, 1], [1, 1]])"),
    ("gather", "tf.gather(tf.constant([10, 20, 30, 40]), [3, 0, 0])"),
    ("gather_2d_indices", "tf.gather(tf.constant([10, 20, 30]), [[0, 1], [2, 2]])"),
    ("gather_axis1", f"tf.gather({R23}, [2, 0], axis=1)"),
    ("gather_rows", f"tf.gather({R23}, [1])"),
    ("gather_tensor_indices", "tf.gather(tf.constant([1.0, 2.0]), tf.constant([1, 1], tf.int64))"),
    ("gather_out_of_range", "tf.gather(tf.constant([10, 20, 30]), [0, 5])"),
    ("gather_negative", "tf.gather(tf.constant([10, 20, 30]), [-1])"),
    ("gather_float_indices", "tf.gather(tf.constant([10, 20, 30]), [0.0])"),
    ("gather_batch_dims", "tf.gather(tf.constant([[1, 2, 3], [4, 5, 6]]), tf.constant([[2, 0], [1, 1]]), batch_dims=1)"),
    ("gather_nd_elems", f"tf.gather_nd({R23}, [[0, 1], [1, 2]])"),
    ("gather_nd_rows", f"tf.gather_nd({R23}, [[1], [0]])"),
    ("gather_nd_3d", f"tf.gather_nd({R234}, [[0, 1], [1, 2]])"),
    ("gather_nd_out_of_range", f"tf.gather_nd({R23}, [[2, 0]])"),
    ("gather_nd_batch_dims", "tf.gather_nd(tf.reshape(tf.range(8), [2, 2, 2]), [[1], [0]], batch_dims=1)"),
    ("scatter_nd", "tf.scatter_nd([[1], [3]], tf.constant([9, 10]), [5])"),
    ("scatter_nd_duplicate", "tf.scatter_nd([[1], [1]], tf.constant([9, 10]), [3])"),
    ("tensor_scatter_update", "tf.tensor_scatter_nd_update(tf.zeros([4], tf.int32), [[0], [2]], [5, 6])"),
    ("slice", f"tf.slice({R234}, [1, 0, 0], [1, 1, 3])"),
    ("slice_neg1_size", f"tf.slice({R234}, [0, 1, 1], [-1, -1, 2])"),
    ("slice_out_of_range", f"tf.slice({R23}, [0, 2], [1, 2])"),
    ("strided_slice", f"tf.strided_slice({R234}, [1, 0, 0], [2, 2, 3], [1, 1, 1])"),
    ("strided_slice_stride2", "tf.strided_slice(tf.range(10), [1], [8], [2])"),
    ("strided_slice_neg_stride", "tf.strided_slice(tf.range(10), [-1], [-11], [-3])"),
    ("strided_slice_begin_mask", f"tf.strided_slice({R23}, [1, 1], [2, 3], [1, 1], begin_mask=1)"),
    ("strided_slice_end_mask", f"tf.strided_slice({R23}, [0, 1], [1, 2], [1, 1], end_mask=2)"),
    ("strided_slice_shrink", f"tf.strided_slice({R23}, [1, 0], [2, 3], [1, 1], shrink_axis_mask=1)"),
    ("strided_slice_new_axis", f"tf.strided_slice({R23}, [0, 0], [1, 3], [1, 1], new_axis_mask=1)"),
    ("strided_slice_ellipsis", f"tf.strided_slice({R234}, [0, 1], [1, 2], [1, 1], ellipsis_mask=1)"),
    ("strided_slice_default_strides", "tf.strided_slice(tf.range(5), [1], [3])"),
    ("boolean_mask", "tf.boolean_mask(tf.constant([1, 2, 3, 4]), tf.constant([True, False, True, False]))"),
    ("boolean_mask_2d_rows", f"tf.boolean_mask({R23}, [False, True])"),
    ("boolean_mask_2d_full", f"tf.boolean_mask({R23}, [[True, False, True], [False, True, False]])"),
    ("boolean_mask_axis1", f"tf.boolean_mask({R23}, [True, False, True], axis=1)"),
    ("boolean_mask_shape_mismatch", "tf.boolean_mask(tf.constant([1, 2, 3]), [True, False])"),
    ("boolean_mask_int_mask", "tf.boolean_mask(tf.constant([1, 2]), tf.constant([1, 0]))"),
    ("one_hot", "tf.one_hot([0, 2, 1], 3)"),
    ("one_hot_on_off", "tf.one_hot([0, 2], 3, on_value=5.0, off_value=-1.0)"),
    ("one_hot_int_on_off", "tf.one_hot([0, 2], 3, on_value=1, off_value=0)"),
    ("one_hot_axis0", "tf.one_hot([0, 2], 3, axis=0)"),
    ("one_hot_dtype", "tf.one_hot([1], 2, dtype=tf.float64)"),
    ("one_hot_dtype_int32", "tf.one_hot([1], 2, dtype=tf.int32)"),
    ("one_hot_out_of_depth", "tf.one_hot([0, 3, -1], 3)"),
    ("one_hot_2d", "tf.one_hot([[0, 1], [1, 0]], 2)"),
    ("one_hot_float_indices", "tf.one_hot([0.0, 1.0], 2)"),
    ("one_hot_float_tensor_indices", "tf.one_hot(tf.constant([0.0, 1.0]), 2)"),
    ("one_hot_int64_indices", "tf.one_hot(tf.constant([0, 1], tf.int64), 2)"),
    ("one_hot_uint8_indices", "tf.one_hot(tf.constant([0, 1], tf.uint8), 2)"),
    ("one_hot_on_off_dtype_mismatch", "tf.one_hot([0], 2, on_value=1.0, off_value=0)"),
    ("reverse", f"tf.reverse({R23}, [0])"),
    ("reverse_axis1", f"tf.reverse({R23}, axis=[1])"),
    ("reverse_neg_axis", f"tf.reverse({R23}, [-1])"),
    ("reverse_both", f"tf.reverse({R23}, [0, 1])"),
    ("reverse_v2", f"tf.reverse_v2({R23}, [1])"),
    ("reverse_sequence", f"tf.reverse_sequence({R23}, [2, 3], seq_axis=1, batch_axis=0)"),
    ("sequence_mask", "tf.sequence_mask([1, 3, 2], 4)"),
    ("sequence_mask_no_maxlen", "tf.sequence_mask([1, 3, 2])"),
    ("sequence_mask_dtype", "tf.sequence_mask([1, 2], 3, dtype=tf.float32)"),
    ("sequence_mask_2d", "tf.sequence_mask([[1, 2], [0, 3]], 3)"),
    ("unique", "tf.unique(tf.constant([1, 1, 2, 4, 4, 4, 7, 8, 8]))"),
    ("unique_order", "tf.unique(tf.constant([3, 1, 3, 2, 1]))"),
    ("unique_y", "tf.unique(tf.constant([3, 1, 3])).y"),
    ("unique_idx", "tf.unique(tf.constant([3, 1, 3])).idx"),
    ("unique_out_idx", "tf.unique(tf.constant([3, 1, 3]), out_idx=tf.int64)"),
    ("unique_string", "tf.unique(tf.constant(['b', 'a', 'b']))"),
    ("unique_with_counts", "tf.unique_with_counts(tf.constant([3, 1, 3, 3]))"),
    ("meshgrid_xy", "tf.meshgrid(tf.constant([1, 2, 3]), tf.constant([4, 5]))"),
    ("meshgrid_ij", "tf.meshgrid(tf.constant([1, 2, 3]), tf.constant([4, 5]), indexing='ij')"),
    ("shape", f"tf.shape({R234})"),
    ("shape_out_type", f"tf.shape({R234}, out_type=tf.int64)"),
    ("shape_scalar", "tf.shape(tf.constant(1.0))"),
    ("shape_py_list", "tf.shape([[1, 2, 3]])"),
    ("shape_n", "tf.shape_n([tf.zeros([2]), tf.zeros([3, 1])])"),
    ("size", f"tf.size({R234})"),
    ("size_out_type", f"tf.size({R234}, out_type=tf.int64)"),
    ("size_scalar", "tf.size(tf.constant(1.0))"),
    ("rank", f"tf.rank({R234})"),
    ("rank_scalar", "tf.rank(tf.constant(1.0))"),
    ("range_int", "tf.range(5)"),
    ("range_float_start_limit", "tf.range(1.0, 5.0)"),
    ("range_dtype_float32", "tf.range(5, dtype=tf.float32)"),
    ("range_dtype_float64", "tf.range(3, dtype=tf.float64)"),
    ("range_dtype_int64", "tf.range(3, dtype=tf.int64)"),
    ("range_step", "tf.range(1, 10, 3)"),
    ("range_neg_step", "tf.range(5, 0, -1)"),
    ("range_float_step", "tf.range(0, 1, 0.25)"),
    ("range_mixed", "tf.range(1.0, 5)"),
    ("range_empty", "tf.range(0)"),
    ("range_empty_reverse", "tf.range(5, 1)"),
    ("range_zero_step", "tf.range(1, 5, 0)"),
    ("range_int64_limit", "tf.range(tf.constant(3, tf.int64))"),
    ("range_tensor_mixed_dtypes", "tf.range(tf.constant(1), tf.constant(3.0))"),
    ("range_start_kw", "tf.range(start=2, limit=5)"),
    ("linspace", "tf.linspace(0.0, 1.0, 5)"),
    ("linspace_float64", "tf.linspace(tf.constant(0.0, tf.float64), 1.0, 3)"),
    ("linspace_int", "tf.linspace(0, 10, 3)"),
    ("linspace_one", "tf.linspace(2.0, 3.0, 1)"),
    ("lin_space", "tf.lin_space(0.0, 2.0, 3)"),
    ("eye", "tf.eye(2)"),
    ("eye_rect", "tf.eye(2, 3)"),
    ("eye_batch", "tf.eye(2, batch_shape=[2])"),
    ("eye_int", "tf.eye(2, dtype=tf.int32)"),
    ("fill_int", "tf.fill([2, 3], 5)"),
    ("fill_float", "tf.fill([2], 1.5)"),
    ("fill_string", "tf.fill([2], 'x')"),
    ("fill_tensor_dims", "tf.fill(tf.constant([2]), 0.0)"),
    ("fill_scalar", "tf.fill([], 3)"),
    ("zeros", "tf.zeros([2, 3])"),
    ("zeros_int", "tf.zeros([2], tf.int32)"),
    ("zeros_int_scalar_shape", "tf.zeros(3)"),
    ("zeros_tuple_shape", "tf.zeros((2, 1))"),
    ("zeros_bool", "tf.zeros([2], tf.bool)"),
    ("zeros_string", "tf.zeros([2], tf.string)"),
    ("zeros_tensorshape", "tf.zeros(tf.TensorShape([1, 2]))"),
    ("ones", "tf.ones([2, 2])"),
    ("ones_int64", "tf.ones([2], dtype=tf.int64)"),
    ("ones_bool", "tf.ones([2], tf.bool)"),
    ("zeros_like_int", "tf.zeros_like(tf.constant([1, 2]))"),
    ("zeros_like_float", "tf.zeros_like(tf.constant([[1.0], [2.0]]))"),
    ("zeros_like_dtype", "tf.zeros_like(tf.constant([1, 2]), dtype=tf.float32)"),
    ("zeros_like_list", "tf.zeros_like([1.0, 2.0])"),
    ("zeros_like_int_list", "tf.zeros_like([1, 2])"),
    ("zeros_like_np", "tf.zeros_like(np.array([1.0, 2.0]))"),
    ("zeros_like_bool", "tf.zeros_like(tf.constant([True]))"),
    ("zeros_like_string", "tf.zeros_like(tf.constant(['a']))"),
    ("ones_like_int", "tf.ones_like(tf.constant([1, 2]))"),
    ("ones_like_dtype", "tf.ones_like(tf.constant([1, 2]), dtype=tf.float64)"),
    ("ones_like_bool", "tf.ones_like(tf.constant([False]))"),
    ("broadcast_to", "tf.broadcast_to(tf.constant([1, 2]), [2, 2])"),
    ("broadcast_to_bad", "tf.broadcast_to(tf.constant([1, 2]), [2, 3])"),
    ("broadcast_static_shape", "tf.broadcast_static_shape(tf.TensorShape([2, 1]), tf.TensorShape([3]))"),
    ("broadcast_dynamic_shape", "tf.broadcast_dynamic_shape(tf.constant([2, 1]), tf.constant([3]))"),
    ("dynamic_partition", "tf.dynamic_partition(tf.constant([1, 2, 3, 4]), tf.constant([0, 1, 0, 1]), 2)"),
    ("dynamic_stitch", "tf.dynamic_stitch([tf.constant([0, 2]), tf.constant([1])], [tf.constant([10, 30]), tf.constant([20])])"),
    ("space_to_depth", "tf.space_to_depth(tf.reshape(tf.range(16), [1, 4, 4, 1]), 2)"),
    ("depth_to_space", "tf.depth_to_space(tf.reshape(tf.range(8), [1, 1, 2, 4]), 2)"),
    ("roll", "tf.roll(tf.range(5), 2, 0)"),
    ("searchsorted", "tf.searchsorted(tf.constant([1, 3, 5]), tf.constant([0, 3, 6]))"),
    ("sort", "tf.sort(tf.constant([3, 1, 2]), direction='DESCENDING')"),
    ("argsort", "tf.argsort(tf.constant([3, 1, 2]))"),
    ("setdiff1d", "tf.setdiff1d(tf.constant([1, 2, 3, 4]), tf.constant([2, 4]))"),
    ("invert_permutation", "tf.invert_permutation(tf.constant([2, 0, 1]))"),
    ("matrix_transpose_via_transpose_batched", f"tf.transpose({R234}, [0, 2, 1])"),
    ("tf_newaxis_is_none", "tf.newaxis is None"),
]:
    case(f"array_{nm}", expr)

# --------------------------------------------------------------------------
# nn_
# --------------------------------------------------------------------------
XS5 = "tf.constant([-3.0, -1.0, 0.0, 1.0, 3.0, 7.0])"
for op in ["relu", "relu6", "elu", "selu", "leaky_relu", "softplus", "softsign",
           "sigmoid", "tanh", "crelu", "swish"]:
    case(f"nn_{op}", f"tf.nn.{op}({XS5})")
L = "tf.constant([[1.0, 2.0, 3.0], [1.0, 1.0, 1.0]])"
for nm, expr in [
    ("relu_int", "tf.nn.relu(tf.constant([-1, 2]))"),
    ("leaky_relu_alpha", f"tf.nn.leaky_relu({XS5}, alpha=0.1)"),
    ("softmax", f"tf.nn.softmax({L})"),
    ("softmax_axis0", f"tf.nn.softmax({L}, axis=0)"),
    ("softmax_dim0", f"tf.nn.softmax({L}, dim=0)"),
    ("softmax_1d", "tf.nn.softmax(tf.constant([1.0, 2.0]))"),
    ("softmax_large", "tf.nn.softmax(tf.constant([1000.0, 0.0]))"),
    ("softmax_int", "tf.nn.softmax(tf.constant([1, 2]))"),
    ("softmax_float64", "tf.nn.softmax(tf.constant([1.0, 2.0], tf.float64))"),
    ("log_softmax", f"tf.nn.log_softmax({L})"),
    ("log_softmax_axis0", f"tf.nn.log_softmax({L}, axis=0)"),
    ("log_softmax_dim", f"tf.nn.log_softmax({L}, dim=0)"),
    ("l2_normalize", "tf.nn.l2_normalize(tf.constant([3.0, 4.0]), 0)"),
    ("l2_normalize_axis1", "tf.nn.l2_normalize(tf.constant([[3.0, 4.0], [0.0, 0.0]]), axis=1)"),
    ("l2_normalize_dim", "tf.nn.l2_normalize(tf.constant([[3.0, 4.0], [1.0, 0.0]]), dim=0)"),
    ("l2_loss", "tf.nn.l2_loss(tf.constant([1.0, 2.0, 3.0]))"),
    ("l2_loss_int", "tf.nn.l2_loss(tf.constant([1, 2]))"),
    ("bias_add", "tf.nn.bias_add(tf.ones([2, 3]), tf.constant([1.0, 2.0, 3.0]))"),
    ("bias_add_4d", "tf.nn.bias_add(tf.zeros([1, 2, 2, 2]), tf.constant([1.0, -1.0]))"),
    ("bias_add_nchw", "tf.nn.bias_add(tf.zeros([1, 2, 1, 1]), tf.constant([1.0, -1.0]), data_format='NCHW')"),
    ("bias_add_mismatch", "tf.nn.bias_add(tf.ones([2, 3]), tf.constant([1.0, 2.0]))"),
    ("bias_add_rank1", "tf.nn.bias_add(tf.ones([3]), tf.constant([1.0, 2.0, 3.0]))"),
    ("zero_fraction", "tf.nn.zero_fraction(tf.constant([0.0, 1.0, 0.0, 2.0]))"),
    ("dropout_keep_prob_1", "tf.nn.dropout(tf.constant([1.0, 2.0]), keep_prob=1.0)"),
    ("dropout_rate_0", "tf.nn.dropout(tf.constant([1.0, 2.0]), rate=0.0)"),
    ("dropout_both", "tf.nn.dropout(tf.constant([1.0, 2.0]), keep_prob=0.5, rate=0.5)"),
    ("dropout_bad_keep_prob", "tf.nn.dropout(tf.constant([1.0, 2.0]), keep_prob=1.5)"),
]:
    case(f"nn_{nm}", expr)

IMG5 = "tf.reshape(tf.range(25, dtype=tf.float32), [1, 5, 5, 1])"
IMG4 = "tf.reshape(tf.range(16, dtype=tf.float32), [1, 4, 4, 1])"
IMG4C2 = "tf.reshape(tf.range(32, dtype=tf.float32), [1, 4, 4, 2])"
K33 = "tf.reshape(tf.range(18, dtype=tf.float32) / 10.0, [3, 3, 1, 2])"
K22 = "tf.reshape(tf.constant([1.0, 2.0, 3.0, 4.0]), [2, 2, 1, 1])"
SEQ = "tf.reshape(tf.range(10, dtype=tf.float32), [1, 5, 2])"
K1D = "tf.reshape(tf.range(12, dtype=tf.float32) / 10.0, [3, 2, 2])"
for nm, expr in [
    ("conv1d_valid", f"tf.nn.conv1d({SEQ}, {K1D}, 1, 'VALID')"),
    ("conv1d_same", f"tf.nn.conv1d({SEQ}, {K1D}, 1, 'SAME')"),
    ("conv1d_same_stride2", f"tf.nn.conv1d({SEQ}, {K1D}, 2, 'SAME')"),
    ("conv1d_kwargs", f"tf.nn.conv1d(value={SEQ}, filters={K1D}, stride=2, padding='VALID')"),
    ("conv2d_valid_s1_odd", f"tf.nn.conv2d({IMG5}, {K33}, [1, 1, 1, 1], 'VALID')"),
    ("conv2d_same_s1_odd", f"tf.nn.conv2d({IMG5}, {K33}, [1, 1, 1, 1], 'SAME')"),
    ("conv2d_valid_s2_odd", f"tf.nn.conv2d({IMG5}, {K33}, [1, 2, 2, 1], 'VALID')"),
    ("conv2d_same_s2_odd", f"tf.nn.conv2d({IMG5}, {K33}, [1, 2, 2, 1], 'SAME')"),
    ("conv2d_valid_s1_even", f"tf.nn.conv2d({IMG4}, {K33}, [1, 1, 1, 1], 'VALID')"),
    ("conv2d_same_s1_even", f"tf.nn.conv2d({IMG4}, {K33}, [1, 1, 1, 1], 'SAME')"),
    ("conv2d_same_s2_even", f"tf.nn.conv2d({IMG4}, {K33}, [1, 2, 2, 1], 'SAME')"),
    ("conv2d_same_s2_even_k2", f"tf.nn.conv2d({IMG4}, {K22}, [1, 2, 2, 1], 'SAME')"),
    ("conv2d_same_s1_k2", f"tf.nn.conv2d({IMG4}, {K22}, [1, 1, 1, 1], 'SAME')"),
    ("conv2d_same_s3_odd", f"tf.nn.conv2d({IMG5}, {K22}, [1, 3, 3, 1], 'SAME')"),
    ("conv2d_strides_int", f"tf.nn.conv2d({IMG5}, {K33}, 2, 'SAME')"),
    ("conv2d_dilations", f"tf.nn.conv2d({IMG5}, {K22}, [1, 1, 1, 1], 'VALID', dilations=[1, 2, 2, 1])"),
    ("conv2d_kwargs_v1", f"tf.nn.conv2d(input={IMG5}, filter={K22}, strides=[1, 1, 1, 1], padding='VALID')"),
    ("conv2d_explicit_padding", f"tf.nn.conv2d({IMG4}, {K22}, [1, 1, 1, 1], [[0, 0], [1, 0], [0, 1], [0, 0]])"),
    ("conv2d_channels_mismatch", f"tf.nn.conv2d({IMG4C2}, {K33}, [1, 1, 1, 1], 'SAME')"),
    ("conv2d_int_input", "tf.nn.conv2d(tf.ones([1, 3, 3, 1], tf.int32), tf.ones([1, 1, 1, 1], tf.int32), [1, 1, 1, 1], 'SAME')"),
    ("conv2d_bad_padding", f"tf.nn.conv2d({IMG5}, {K33}, [1, 1, 1, 1], 'same')"),
    ("conv2d_multichannel", f"tf.nn.conv2d({IMG4C2}, tf.reshape(tf.range(8, dtype=tf.float32), [1, 1, 2, 4]), [1, 1, 1, 1], 'VALID')"),
    ("conv2d_transpose_same_s2", "tf.nn.conv2d_transpose(tf.reshape(tf.range(4, dtype=tf.float32), [1, 2, 2, 1]), tf.reshape(tf.range(18, dtype=tf.float32) / 10.0, [3, 3, 2, 1]), [1, 4, 4, 2], [1, 2, 2, 1], 'SAME')"),
    ("conv2d_transpose_valid_s2", "tf.nn.conv2d_transpose(tf.reshape(tf.range(4, dtype=tf.float32), [1, 2, 2, 1]), tf.reshape(tf.range(18, dtype=tf.float32) / 10.0, [3, 3, 2, 1]), [1, 5, 5, 2], [1, 2, 2, 1], 'VALID')"),
    ("conv2d_transpose_same_s1", f"tf.nn.conv2d_transpose(tf.reshape(tf.range(4, dtype=tf.float32), [1, 2, 2, 1]), {K22}, [1, 2, 2, 1], [1, 1, 1, 1], 'SAME')"),
    ("conv2d_transpose_odd_out", f"tf.nn.conv2d_transpose(tf.reshape(tf.range(4, dtype=tf.float32), [1, 2, 2, 1]), {K22}, [1, 3, 3, 1], [1, 2, 2, 1], 'SAME')"),
    ("conv2d_transpose_bad_out", f"tf.nn.conv2d_transpose(tf.reshape(tf.range(4, dtype=tf.float32), [1, 2, 2, 1]), {K22}, [1, 7, 7, 1], [1, 2, 2, 1], 'SAME')"),
    ("depthwise_conv2d", f"tf.nn.depthwise_conv2d({IMG4C2}, tf.reshape(tf.range(16, dtype=tf.float32) / 10.0, [2, 2, 2, 2]), [1, 1, 1, 1], 'VALID')"),
    ("depthwise_conv2d_same_s2", f"tf.nn.depthwise_conv2d({IMG4C2}, tf.reshape(tf.range(36, dtype=tf.float32) / 10.0, [3, 3, 2, 2]), [1, 2, 2, 1], 'SAME')"),
    ("separable_conv2d", f"tf.nn.separable_conv2d({IMG4C2}, tf.ones([2, 2, 2, 1]), tf.reshape(tf.range(6, dtype=tf.float32), [1, 1, 2, 3]), [1, 1, 1, 1], 'VALID')"),
    ("conv3d", "tf.nn.conv3d(tf.reshape(tf.range(27, dtype=tf.float32), [1, 3, 3, 3, 1]), tf.ones([2, 2, 2, 1, 1]), [1, 1, 1, 1, 1], 'VALID')"),
    ("atrous_conv2d", f"tf.nn.atrous_conv2d({IMG5}, {K22}, 2, 'SAME')"),
    ("max_pool_valid", f"tf.nn.max_pool({IMG4}, [1, 2, 2, 1], [1, 2, 2, 1], 'VALID')"),
    ("max_pool_same_odd", f"tf.nn.max_pool({IMG5}, [1, 2, 2, 1], [1, 2, 2, 1], 'SAME')"),
    ("max_pool_3x3_s2_same", f"tf.nn.max_pool({IMG5}, [1, 3, 3, 1], [1, 2, 2, 1], 'SAME')"),
    ("max_pool_negative_same", f"tf.nn.max_pool(-{IMG5}, [1, 2, 2, 1], [1, 2, 2, 1], 'SAME')"),
    ("max_pool_kwargs", f"tf.nn.max_pool(value={IMG4}, ksize=[1, 2, 2, 1], strides=[1, 1, 1, 1], padding='VALID')"),
    ("max_pool_int_ksize", f"tf.nn.max_pool({IMG4}, 2, 2, 'VALID')"),
    ("avg_pool_valid", f"tf.nn.avg_pool({IMG4}, [1, 2, 2, 1], [1, 2, 2, 1], 'VALID')"),
    ("avg_pool_same_odd", f"tf.nn.avg_pool({IMG5}, [1, 2, 2, 1], [1, 2, 2, 1], 'SAME')"),
    ("avg_pool_3x3_s1_same", f"tf.nn.avg_pool({IMG4}, [1, 3, 3, 1], [1, 1, 1, 1], 'SAME')"),
    ("avg_pool_3x3_s2_same", f"tf.nn.avg_pool({IMG5}, [1, 3, 3, 1], [1, 2, 2, 1], 'SAME')"),
    ("max_pool1d", f"tf.nn.max_pool1d({SEQ}, 2, 2, 'SAME')"),
    ("pool_avg", f"tf.nn.pool({IMG4}, [2, 2], 'AVG', 'VALID', strides=[2, 2])"),
    ("max_pool_with_argmax", f"tf.nn.max_pool_with_argmax({IMG4}, [1, 2, 2, 1], [1, 2, 2, 1], 'VALID')"),
    ("moments", f"tf.nn.moments({XF}, axes=[0])"),
    ("moments_all", f"tf.nn.moments({XF}, axes=[0, 1])"),
    ("moments_keep_dims", f"tf.nn.moments({XF}, axes=[1], keep_dims=True)"),
    ("moments_keepdims", f"tf.nn.moments({XF}, axes=[1], keepdims=True)"),
    ("batch_normalization", f"tf.nn.batch_normalization({XF}, tf.constant([2.5, 3.5, 4.5]), tf.constant([2.25, 2.25, 2.25]), tf.constant([0.0, 1.0, 0.0]), tf.constant([1.0, 2.0, 0.5]), 1e-3)"),
    ("batch_normalization_none", f"tf.nn.batch_normalization({XF}, 1.0, 4.0, None, None, 0.0)"),
    ("fused_batch_norm_train", "tf.nn.fused_batch_norm(tf.reshape(tf.range(16, dtype=tf.float32), [2, 2, 2, 2]), tf.constant([1.0, 2.0]), tf.constant([0.0, 0.5]), epsilon=0.001, is_training=True)"),
    ("fused_batch_norm_infer", "tf.nn.fused_batch_norm(tf.reshape(tf.range(16, dtype=tf.float32), [2, 2, 2, 2]), tf.constant([1.0, 2.0]), tf.constant([0.0, 0.5]), mean=tf.constant([7.0, 8.0]), variance=tf.constant([4.0, 9.0]), epsilon=0.001, is_training=False)"),
    ("fused_batch_norm_infer_no_stats", "tf.nn.fused_batch_norm(tf.ones([1, 2, 2, 2]), tf.constant([1.0, 2.0]), tf.constant([0.0, 0.5]), is_training=False)"),
    ("fused_batch_norm_default_eps", "tf.nn.fused_batch_norm(tf.reshape(tf.range(8, dtype=tf.float32), [2, 2, 1, 2]), tf.ones([2]), tf.zeros([2]))"),
    ("embedding_lookup", "tf.nn.embedding_lookup(tf.reshape(tf.range(12.0), [4, 3]), [3, 0, 3])"),
    ("embedding_lookup_2d_ids", "tf.nn.embedding_lookup(tf.reshape(tf.range(12.0), [4, 3]), [[0, 1], [2, 3]])"),
    ("embedding_lookup_list_mod", "tf.nn.embedding_lookup([tf.constant([[0.0], [2.0]]), tf.constant([[1.0], [3.0]])], [0, 1, 2, 3])"),
    ("embedding_lookup_list_div", "tf.nn.embedding_lookup([tf.constant([[0.0], [1.0]]), tf.constant([[2.0], [3.0]])], [0, 1, 2, 3], partition_strategy='div')"),
    ("embedding_lookup_out_of_range", "tf.nn.embedding_lookup(tf.reshape(tf.range(12.0), [4, 3]), [4])"),
    ("embedding_lookup_max_norm", "tf.nn.embedding_lookup(tf.constant([[3.0, 4.0], [0.3, 0.4]]), [0, 1], max_norm=1.0)"),
    ("softmax_xent_v1", f"tf.nn.softmax_cross_entropy_with_logits(labels=tf.constant([[0.0, 0.0, 1.0], [0.5, 0.5, 0.0]]), logits={L})"),
    ("softmax_xent_v2", f"tf.nn.softmax_cross_entropy_with_logits_v2(labels=tf.constant([[0.0, 0.0, 1.0], [0.5, 0.5, 0.0]]), logits={L})"),
    ("softmax_xent_v1_positional", f"tf.nn.softmax_cross_entropy_with_logits(tf.constant([[0.0, 0.0, 1.0]]), {L})"),
    ("softmax_xent_v1_dim", f"tf.nn.softmax_cross_entropy_with_logits(labels=tf.constant([[1.0, 0.0], [0.0, 1.0], [0.0, 0.0]]), logits=tf.transpose({L}), dim=0)"),
    ("softmax_xent_shape_mismatch", f"tf.nn.softmax_cross_entropy_with_logits_v2(labels=tf.constant([[0.0, 1.0]]), logits={L})"),
    ("sparse_softmax_xent", f"tf.nn.sparse_softmax_cross_entropy_with_logits(labels=tf.constant([2, 0]), logits={L})"),
    ("sparse_softmax_xent_int64", f"tf.nn.sparse_softmax_cross_entropy_with_logits(labels=tf.constant([2, 0], tf.int64), logits={L})"),
    ("sparse_softmax_xent_out_of_range", f"tf.nn.sparse_softmax_cross_entropy_with_logits(labels=tf.constant([3, 0]), logits={L})"),
    ("sparse_softmax_xent_positional", f"tf.nn.sparse_softmax_cross_entropy_with_logits(tf.constant([2, 0]), {L})"),
    ("sparse_softmax_xent_float_labels", f"tf.nn.sparse_softmax_cross_entropy_with_logits(labels=tf.constant([2.0, 0.0]), logits={L})"),
    ("sparse_softmax_xent_rank_mismatch", f"tf.nn.sparse_softmax_cross_entropy_with_logits(labels=tf.constant([[2], [0]]), logits={L})"),
    ("sigmoid_xent", "tf.nn.sigmoid_cross_entropy_with_logits(labels=tf.constant([0.0, 1.0, 0.5]), logits=tf.constant([-1.0, 2.0, 0.0]))"),
    ("sigmoid_xent_large", "tf.nn.sigmoid_cross_entropy_with_logits(labels=tf.constant([0.0, 1.0]), logits=tf.constant([100.0, -100.0]))"),
    ("sigmoid_xent_positional", "tf.nn.sigmoid_cross_entropy_with_logits(tf.constant([0.0]), tf.constant([1.0]))"),
    ("sigmoid_xent_shape_mismatch", "tf.nn.sigmoid_cross_entropy_with_logits(labels=tf.constant([0.0, 1.0]), logits=tf.constant([1.0]))"),
    ("weighted_xent", "tf.nn.weighted_cross_entropy_with_logits(targets=tf.constant([0.0, 1.0]), logits=tf.constant([-1.0, 2.0]), pos_weight=2.0)"),
    ("in_top_k", "tf.nn.in_top_k(tf.constant([[0.1, 0.9, 0.5], [0.8, 0.1, 0.1]]), tf.constant([2, 0]), 1)"),
    ("in_top_k_k2", "tf.nn.in_top_k(tf.constant([[0.1, 0.9, 0.5], [0.8, 0.1, 0.1]]), tf.constant([2, 1]), 2)"),
    ("in_top_k_ties", "tf.nn.in_top_k(tf.constant([[0.5, 0.5, 0.1]]), tf.constant([1]), 1)"),
    ("in_top_k_kwargs", "tf.nn.in_top_k(predictions=tf.constant([[0.1, 0.9]]), targets=tf.constant([1]), k=1)"),
    ("nce_like_log_poisson", "tf.nn.log_poisson_loss(tf.constant([1.0]), tf.constant([0.5]))"),
    ("losses_mse", "tf.losses.mean_squared_error(tf.constant([1.0, 2.0]), tf.constant([1.5, 1.0]))"),
    ("losses_softmax_xent", f"tf.losses.softmax_cross_entropy(tf.constant([[0.0, 0.0, 1.0], [1.0, 0.0, 0.0]]), {L})"),
    ("losses_sparse_softmax_xent", f"tf.losses.sparse_softmax_cross_entropy(tf.constant([2, 0]), {L})"),
    ("losses_sigmoid_xent", "tf.losses.sigmoid_cross_entropy(tf.constant([[0.0, 1.0]]), tf.constant([[-1.0, 2.0]]))"),
    ("losses_absolute_difference", "tf.losses.absolute_difference(tf.constant([1.0, 2.0]), tf.constant([1.5, 1.0]))"),
    ("losses_huber", "tf.losses.huber_loss(tf.constant([0.0, 0.0]), tf.constant([0.5, 3.0]))"),
    ("losses_log_loss", "tf.losses.log_loss(tf.constant([0.0, 1.0]), tf.constant([0.2, 0.7]))"),
    ("losses_hinge", "tf.losses.hinge_loss(tf.constant([0.0, 1.0]), tf.constant([0.3, 0.2]))"),
]:
    case(f"nn_{nm}", expr)

# random ops: shapes and dtypes only (values cannot match TF's generator)
for nm, expr in [
    ("random_normal", "tf.random_normal([2, 3])"),
    ("random_normal_float64", "tf.random_normal([2], dtype=tf.float64, seed=1)"),
    ("random_uniform", "tf.random_uniform([3])"),
    ("random_uniform_int", "tf.random_uniform([4], maxval=10, dtype=tf.int32)"),
    ("random_uniform_int64", "tf.random_uniform([2], 0, 5, dtype=tf.int64)"),
    ("truncated_normal", "tf.truncated_normal([2, 2], stddev=0.1)"),
    ("random_shuffle", "tf.random_shuffle(tf.range(5))"),
    ("multinomial", "tf.multinomial(tf.log([[0.5, 0.5]]), 4)"),
    ("categorical", "tf.random.categorical(tf.math.log([[0.5, 0.5]]), 3)"),
    ("random_gamma", "tf.random_gamma([2], 1.0)"),
    ("random_poisson", "tf.random_poisson(1.0, [3])"),
    ("random_crop", "tf.random_crop(tf.reshape(tf.range(16), [4, 4]), [2, 2])"),
    ("glorot_uniform_init", "tf.glorot_uniform_initializer()([2, 3])"),
    ("random_normal_initializer", "tf.random_normal_initializer()([2])"),
    ("truncated_normal_initializer", "tf.truncated_normal_initializer(stddev=0.1)([3, 1])"),
    ("random_uniform_shape_tensor", "tf.random_uniform(tf.constant([2, 2]))"),
]:
    case(f"nn_rand_{nm}", expr, values=False)
for nm, expr in [
    ("random_uniform_int_no_maxval", "tf.random_uniform([2], dtype=tf.int32)"),
    ("random_uniform_minval_ge_maxval", "tf.random_uniform([2], 5, 5, dtype=tf.int32)"),
    ("random_normal_bad_dtype", "tf.random_normal([2], dtype=tf.int32)"),
    ("placeholder_eager", "tf.placeholder(tf.float32, [None, 3])"),
    ("placeholder_with_default", "tf.placeholder_with_default(tf.constant([1.0]), [None])"),
    ("session_run", "tf.Session().run(tf.constant(1))"),
    ("gvi_eager", "tf.global_variables_initializer()"),
    ("get_collection", "tf.get_collection(tf.GraphKeys.TRAINABLE_VARIABLES)"),
    ("constant_initializer", "tf.constant_initializer(3.0)([2])"),
    ("zeros_initializer", "tf.zeros_initializer()([2], dtype=tf.int32)"),
    ("ones_initializer", "tf.ones_initializer()([2])"),
    ("set_random_seed", "tf.set_random_seed(1)"),
]:
    case(f"nn_rand_{nm}", expr)
case("nn_rand_seeded_repeatable",
     "tf.set_random_seed(3)\na = tf.random_uniform([3], seed=7)\ntf.set_random_seed(3)\nb = tf.random_uniform([3], seed=7)\nbool(tf.reduce_all(tf.equal(a, b)))")
case("nn_rand_op_seed_successive_differ",
     "tf.set_random_seed(3)\na = tf.random_uniform([3], seed=7)\nb = tf.random_uniform([3], seed=7)\nbool(tf.reduce_all(tf.equal(a, b)))")

# --------------------------------------------------------------------------
# shape_ / dtype_
# --------------------------------------------------------------------------
for nm, expr in [
    ("tensor_shape", "tf.TensorShape([2, 3])"),
    ("tensor_shape_none_dim", "tf.TensorShape([None, 3])"),
    ("tensor_shape_unknown", "tf.TensorShape(None)"),
    ("str_tensor_shape_none_dim", "str(tf.TensorShape([None, 3]))"),
    ("str_tensor_shape_unknown", "str(tf.TensorShape(None))"),
    ("str_tensor_shape_scalar", "str(tf.TensorShape([]))"),
    ("str_tensor_shape_1d", "str(tf.TensorShape([5]))"),
    ("as_list", "tf.zeros([2, 3]).shape.as_list()"),
    ("as_list_unknown", "tf.TensorShape(None).as_list()"),
    ("as_list_none_dim", "tf.TensorShape([None, 3]).as_list()"),
    ("ndims", "tf.zeros([2, 3]).shape.ndims"),
    ("rank_attr", "tf.zeros([2, 3]).shape.rank"),
    ("len", "len(tf.zeros([2, 3]).shape)"),
    ("len_unknown", "len(tf.TensorShape(None))"),
    ("dim_value", "tf.zeros([2, 3]).shape[0].value"),
    ("dim_type", "type(tf.zeros([2, 3]).shape[0]).__name__"),
    ("dim_neg_index", "tf.zeros([2, 3]).shape[-1]"),
    ("dim_times_int", "tf.zeros([2, 3]).shape[1] * 2"),
    ("dim_plus_dim", "tf.zeros([2, 3]).shape[0] + tf.zeros([2, 3]).shape[1]"),
    ("dim_floordiv", "tf.zeros([7]).shape[0] // 2"),
    ("dim_truediv", "tf.zeros([7]).shape[0] / 2"),
    ("dim_in_range", "list(range(tf.zeros([3]).shape[0]))"),
    ("dim_int", "int(tf.zeros([3]).shape[0])"),
    ("dim_eq_int", "tf.zeros([3]).shape[0] == 3"),
    ("dim_lt_int", "tf.zeros([3]).shape[0] < 4"),
    ("dim_index_list", "[0, 1, 2, 3][tf.zeros([2]).shape[0]]"),
    ("dim_format", "'%d' % tf.zeros([3]).shape[0]"),
    ("dim_str_format", "'{}'.format(tf.zeros([3]).shape[0])"),
    ("dim_none", "tf.Dimension(None)"),
    ("dim_none_value", "tf.Dimension(None).value"),
    ("dim_none_plus", "tf.Dimension(None) + 1"),
    ("dim_none_eq", "tf.Dimension(None) == tf.Dimension(None)"),
    ("dim_none_str", "str(tf.Dimension(None))"),
    ("dim_construct", "tf.Dimension(3) + 1"),
    ("dim_as_dimension", "tf.Dimension(tf.Dimension(4))"),
    ("dim_negative", "tf.Dimension(-1)"),
    ("dim_in_zeros", "tf.zeros([tf.zeros([3]).shape[0], 2]).shape"),
    ("shape_slice", "tf.zeros([2, 3, 4]).shape[1:]"),
    ("shape_eq_list", "tf.zeros([2, 3]).shape == [2, 3]"),
    ("shape_eq_tuple", "tf.zeros([2, 3]).shape == (2, 3)"),
    ("shape_eq_shape", "tf.zeros([2, 3]).shape == tf.TensorShape([2, 3])"),
    ("shape_ne_list", "tf.zeros([2, 3]).shape != [2, 4]"),
    ("shape_eq_unknown", "tf.TensorShape([None]) == tf.TensorShape([None])"),
    ("shape_num_elements", "tf.zeros([2, 3]).shape.num_elements()"),
    ("shape_num_elements_unknown", "tf.TensorShape([None, 3]).num_elements()"),
    ("shape_is_fully_defined", "tf.TensorShape([2, None]).is_fully_defined()"),
    ("shape_concatenate", "tf.TensorShape([1, 2]).concatenate([3])"),
    ("shape_merge_with", "tf.TensorShape([2, None]).merge_with([None, 3])"),
    ("shape_merge_with_conflict", "tf.TensorShape([2, 3]).merge_with([3, 3])"),
    ("shape_is_compatible_with", "tf.TensorShape([2, None]).is_compatible_with([2, 5])"),
    ("shape_assert_has_rank", "tf.TensorShape([2, 3]).assert_has_rank(3)"),
    ("shape_with_rank", "tf.TensorShape([2, 3]).with_rank(2)"),
    ("shape_iter", "[d for d in tf.zeros([2, 3]).shape]"),
    ("shape_iter_values", "[d.value for d in tf.zeros([2, 3]).shape]"),
    ("shape_tuple", "tuple(tf.zeros([2, 3]).shape)"),
    ("shape_list_int", "[int(d) for d in tf.zeros([2, 3]).shape]"),
    ("shape_dims", "tf.zeros([2, 3]).shape.dims"),
    ("shape_index_out_of_range", "tf.zeros([2, 3]).shape[2]"),
    ("shape_bool_scalar", "bool(tf.TensorShape([]))"),
    ("shape_bool_known", "bool(tf.TensorShape([0]))"),
    ("get_shape_eq_shape", "tf.zeros([2]).get_shape() == tf.zeros([2]).shape"),
    ("shape_as_proto_len", "len(tf.TensorShape([2, 3]).as_proto().dim)"),
    ("shape_in_reshape_arith", "t = tf.zeros([4, 6])\ntf.reshape(t, [t.shape[0] * t.shape[1]]).shape"),
    ("shape_hash_equal", "hash(tf.TensorShape([2, 3])) == hash(tf.TensorShape([2, 3]))"),
    ("dim_hash", "hash(tf.Dimension(3)) == hash(3)"),
    ("dimension_value_fn", "tf.dimension_value(tf.zeros([2, 3]).shape[1])"),
    ("int_shape_list_mixed", "tf.zeros([2, 3]).shape.as_list() + [4]"),
]:
    case(f"shape_{nm}", expr)

ALL_DTYPES = ["float16", "bfloat16", "float32", "float64", "int8", "int16", "int32",
              "int64", "uint8", "uint16", "uint32", "uint64", "bool", "complex64",
              "complex128", "string", "resource", "variant", "qint8", "half", "double"]
for d in ALL_DTYPES:
    case(f"dtype_str_{d}", f"str(tf.{d})")
    case(f"dtype_repr_{d}", f"repr(tf.{d})")
    case(f"dtype_name_{d}", f"tf.{d}.name")
for d in ["float16", "float32", "float64", "int8", "int32", "int64", "uint8", "bool",
          "complex64", "string"]:
    case(f"dtype_props_{d}",
         f"d = tf.{d}\n[d.is_floating, d.is_integer, d.is_complex, d.is_bool, d.is_unsigned, d.is_quantized, d.size]")
for d in ["float16", "float32", "float64", "bfloat16", "int8", "int32", "int64", "uint8", "uint16"]:
    case(f"dtype_minmax_{d}", f"[tf.{d}.min, tf.{d}.max]")
for nm, expr in [
    ("as_numpy_float32", "tf.float32.as_numpy_dtype"),
    ("as_numpy_string", "tf.string.as_numpy_dtype"),
    ("as_numpy_bool", "tf.bool.as_numpy_dtype"),
    ("as_numpy_bfloat16", "tf.bfloat16.as_numpy_dtype"),
    ("as_datatype_enum", "[tf.float32.as_datatype_enum, tf.int32.as_datatype_enum, tf.string.as_datatype_enum]"),
    ("base_dtype", "tf.float32.base_dtype"),
    ("real_dtype", "tf.complex64.real_dtype"),
    ("real_dtype_float", "tf.float64.real_dtype"),
    ("as_dtype_str", "tf.as_dtype('float32')"),
    ("as_dtype_np", "tf.as_dtype(np.int64)"),
    ("as_dtype_np_dtype", "tf.as_dtype(np.dtype('float16'))"),
    ("as_dtype_py_float", "tf.as_dtype(float)"),
    ("as_dtype_py_int", "tf.as_dtype(int)"),
    ("as_dtype_py_bool", "tf.as_dtype(bool)"),
    ("as_dtype_str_half", "tf.as_dtype('half')"),
    ("as_dtype_bad", "tf.as_dtype('float')"),
    ("as_dtype_bad2", "tf.as_dtype('int')"),
    ("as_dtype_enum", "tf.as_dtype(1)"),
    ("dtypes_module", "tf.dtypes.float32"),
    ("dtypes_as_dtype", "tf.dtypes.as_dtype('int8')"),
    ("eq_same", "tf.float32 == tf.float32"),
    ("eq_str", "tf.float32 == 'float32'"),
    ("eq_np_type", "tf.float32 == np.float32"),
    ("eq_np_dtype", "tf.int64 == np.dtype('int64')"),
    ("ne_other", "tf.float32 != tf.float64"),
    ("eq_none", "tf.float32 == None"),
    ("half_is_float16", "tf.half is tf.float16"),
    ("double_is_float64", "tf.double is tf.float64"),
    ("hashable", "len({tf.float32: 1, tf.float32: 2, tf.int32: 3})"),
    ("is_compatible_with", "tf.float32.is_compatible_with(tf.float32)"),
    ("is_compatible_with_other", "tf.float32.is_compatible_with(tf.float64)"),
    ("tensor_dtype_is_tf_dtype", "tf.constant(1.0).dtype is tf.float32"),
    ("tensor_dtype_eq_np", "tf.constant(1.0).dtype == np.float32"),
    ("dtype_type_name", "type(tf.float32).__name__"),
    ("isinstance_dtype_class", "isinstance(tf.float32, tf.DType)"),
    ("limits", "tf.int8.limits"),
    ("numpy_dtype_of_tensor", "str(tf.constant([1, 2]).numpy().dtype)"),
    ("numpy_dtype_of_bfloat16", "str(tf.constant([1.0], tf.bfloat16).numpy().dtype)"),
    ("numpy_dtype_of_string", "tf.constant(['a', 'bc']).numpy().dtype"),
    ("numpy_of_string_scalar", "tf.constant('a').numpy()"),
    ("tensor_is_tensor", "isinstance(tf.constant(1), tf.Tensor)"),
    ("variable_is_tensor", "isinstance(tf.Variable(1), tf.Tensor)"),
    ("is_tensor_fn", "[tf.is_tensor(tf.constant(1)), tf.is_tensor(1), tf.is_tensor(tf.Variable(1))]"),
]:
    case(f"dtype_{nm}", expr)

# --------------------------------------------------------------------------
# error_: canonical bad inputs (exact messages)
# --------------------------------------------------------------------------
for nm, expr in [
    ("matmul_shape_mismatch", "tf.matmul(tf.ones([2, 3]), tf.ones([2, 3]))"),
    ("matmul_batch_mismatch", "tf.matmul(tf.ones([2, 2, 3]), tf.ones([3, 3, 2]))"),
    ("matmul_dtype_mismatch", "tf.matmul(tf.ones([2, 2]), tf.ones([2, 2], tf.int32))"),
    ("matmul_rank1", "tf.matmul(tf.ones([3]), tf.ones([3, 1]))"),
    ("add_incompatible_shapes", "tf.add(tf.ones([2, 3]), tf.ones([3, 2]))"),
    ("add_op_incompatible_shapes", "tf.ones([2]) + tf.ones([3])"),
    ("multiply_incompatible_shapes", "tf.ones([4, 2]) * tf.ones([3, 1, 3])"),
    ("reshape_wrong_size", "tf.reshape(tf.range(6), [4, 2])"),
    ("reshape_wrong_size_3d", "tf.reshape(tf.zeros([2, 3]), [5])"),
    ("gather_out_of_range", "tf.gather(tf.constant([1, 2, 3]), [3])"),
    ("gather_axis_out_of_range", "tf.gather(tf.zeros([2, 3]), [0], axis=2)"),
    ("concat_mismatched_ranks", "tf.concat([tf.zeros([2, 3]), tf.zeros([3])], 0)"),
    ("concat_mismatched_dims", "tf.concat([tf.zeros([2, 3]), tf.zeros([2, 4])], 0)"),
    ("conv2d_mismatched_channels", "tf.nn.conv2d(tf.zeros([1, 4, 4, 3]), tf.zeros([3, 3, 2, 8]), [1, 1, 1, 1], 'SAME')"),
    ("conv2d_rank3_input", "tf.nn.conv2d(tf.zeros([4, 4, 3]), tf.zeros([3, 3, 3, 8]), [1, 1, 1, 1], 'SAME')"),
    ("conv2d_dtype_mismatch", "tf.nn.conv2d(tf.zeros([1, 4, 4, 1]), tf.zeros([3, 3, 1, 1], tf.float64), [1, 1, 1, 1], 'SAME')"),
    ("one_hot_float_indices", "tf.one_hot(tf.constant([0.0, 1.0]), 3)"),
    ("transpose_bad_perm", "tf.transpose(tf.zeros([2, 3]), [0, 2])"),
    ("transpose_perm_wrong_len", "tf.transpose(tf.zeros([2, 3]), [1, 0, 2])"),
    ("transpose_perm_dup", "tf.transpose(tf.zeros([2, 3]), [0, 0])"),
    ("reduce_sum_axis_out_of_range", "tf.reduce_sum(tf.zeros([2, 3]), axis=5)"),
    ("reduce_mean_axis_out_of_range", "tf.reduce_mean(tf.zeros([2, 3]), axis=[0, 2])"),
    ("split_not_divisible", "tf.split(tf.zeros([7, 2]), 3)"),
    ("split_not_divisible_axis1", "tf.split(tf.zeros([2, 5]), 2, axis=1)"),
    ("squeeze_non_one", "tf.squeeze(tf.zeros([2, 1]), axis=0)"),
    ("stack_mismatched", "tf.stack([tf.zeros([2]), tf.zeros([3])])"),
    ("tile_mismatched_rank", "tf.tile(tf.zeros([2, 2]), [2])"),
    ("slice_out_of_bounds", "tf.slice(tf.zeros([3]), [2], [2])"),
    ("int32_plus_float32", "tf.constant([1, 2]) + tf.constant([1.0, 2.0])"),
    ("int_plus_py_float", "tf.constant([1, 2]) + 0.5"),
    ("float_into_int_constant", "tf.constant(2.5, dtype=tf.int32)"),
    ("list_indexing", "tf.constant([1, 2, 3])[[0, 2]]"),
    ("item_assignment", "t = tf.constant([1, 2, 3])\nt[1] = 9"),
    ("bool_multi_element", "bool(tf.constant([True, False]))"),
    ("if_multi_element", "1 if tf.constant([1, 2]) > 0 else 0"),
    ("index_out_of_range", "tf.constant([1, 2, 3])[3]"),
    ("sqrt_int", "tf.sqrt(tf.constant([4, 9]))"),
    ("softmax_int", "tf.nn.softmax(tf.constant([1, 2]))"),
    ("matrix_inverse_singular", "tf.matrix_inverse(tf.zeros([2, 2]))"),
    ("string_to_number", "tf.string_to_number(tf.constant('abc'))"),
    ("py_function_missing", "tf.no_such_function(1)"),
    ("check_numerics", "tf.check_numerics(tf.constant([1.0, np.nan]), 'bad value')"),
    ("assert_equal", "tf.assert_equal(tf.constant([1, 2]), tf.constant([1, 3]))"),
    ("assert_equal_ok", "tf.assert_equal(tf.constant([1, 2]), tf.constant([1, 2]))"),
    ("assert_positive", "tf.assert_positive(tf.constant([1, -2]))"),
    ("assert_rank", "tf.assert_rank(tf.zeros([2, 3]), 3)"),
    ("debugging_assert_shapes", "tf.debugging.assert_shapes([(tf.zeros([2, 3]), ('N', 'M')), (tf.zeros([3]), ('N',))])"),
    ("fill_negative_dims", "tf.fill([-1], 1)"),
    ("zeros_negative_dims", "tf.zeros([-2])"),
    ("range_float_dtype_int", "tf.range(0.5, 3, dtype=tf.int32)"),
    ("cast_string_to_float", "tf.cast(tf.constant(['1.5']), tf.float32)"),
    ("variable_no_initial_value", "tf.Variable()"),
    ("gradients_eager", "tf.gradients(tf.constant(1.0), tf.constant(1.0))"),
    ("tensor_numpy_attr_on_list", "[1, 2].numpy()"),
    ("eval_eager", "tf.constant(1.0).eval()"),
    ("tensor_op_attr", "tf.constant(1.0).op"),
    ("tensor_graph_attr", "tf.constant(1.0).graph"),
    ("tensor_name_attr", "tf.constant(1.0).name"),
]:
    case(f"error_{nm}", expr)
# CPU Cholesky of a non-positive-definite matrix does not raise; its values are garbage.
case("error_cholesky_not_pd", "tf.cholesky(tf.constant([[1.0, 2.0], [2.0, 1.0]]))", values=False)


# --------------------------------------------------------------------------
# runner
# --------------------------------------------------------------------------
_ID_RE = re.compile(r"\bid=\d+")
_ADDR_RE = re.compile(r"0x[0-9a-fA-F]+")
_PATH_RE = re.compile(r"[^\s\"']*/site-packages/")
_FN_NODE_RE = re.compile(r"^\{\{function_node [^}]*\}\}\s*")
_OP_SUFFIX_RE = re.compile(r"\s*\[Op:[A-Za-z0-9_]+\]( name: \S*)?\s*$")


def mask(s):
    s = _ID_RE.sub("id=<ID>", s)
    s = _ADDR_RE.sub("0x<ADDR>", s)
    return _PATH_RE.sub("<site-packages>/", s)


def message_core(msg):
    """TF 2.x decorations stripped: '{{function_node ...}} ' prefix, ' [Op:X] name: y'
    suffix, and the '\\n\\t; NodeDef: ...' tail of attr errors (TF 1.x had no prefix)."""
    m = _FN_NODE_RE.sub("", msg)
    m = m.split("\n\t; NodeDef:")[0]
    return _OP_SUFFIX_RE.sub("", m)


def tf1_numpy_text(value):
    """TF 1.15's ops.numpy_text(is_repr=True) as NumPy 1.x printed it: repr(ndarray /
    numpy scalar), a newline prepended to multi-line text."""
    with np.printoptions(legacy="1.25"):
        text = repr(value)
    return "\n" + text if "\n" in text else text


def tf1_tensor_repr(t, v):
    # TF 1.15 EagerTensor.__repr__ format (the id masked).
    return "<tf.Tensor: id=<ID>, shape=%s, dtype=%s, numpy=%s>" % (
        t.shape, t.dtype.name, tf1_numpy_text(v))


def enc_scalar(x):
    if isinstance(x, (bool, np.bool_)):
        return bool(x)
    if isinstance(x, (bytes, np.bytes_)):
        return bytes(x).decode("utf-8", "backslashreplace")
    if isinstance(x, (complex, np.complexfloating)):
        return {"real": enc_scalar(float(x.real)), "imag": enc_scalar(float(x.imag))}
    if isinstance(x, (int, np.integer)):
        return int(x)
    if isinstance(x, (float, np.floating)) or type(x).__name__ in ("bfloat16", "float8_e4m3fn"):
        f = float(x)
        if f != f:
            return "nan"
        if f in (float("inf"), float("-inf")):
            return "inf" if f > 0 else "-inf"
        return f
    if isinstance(x, str):
        return x
    return repr(x)


def enc_values(a):
    a = np.asarray(a)
    if a.dtype.kind == "V" or a.dtype.name in ("bfloat16",) or a.dtype.kind == "f":
        a = a.astype(np.float64)
    return _nest(a.tolist())


def _nest(v):
    if isinstance(v, list):
        return [_nest(x) for x in v]
    return enc_scalar(v)


def enc(obj):
    from tensorflow.python.framework.ops import EagerTensor
    from tensorflow.python.ops.resource_variable_ops import BaseResourceVariable
    if isinstance(obj, EagerTensor):
        out = {"kind": "tensor", "dtype": obj.dtype.name, "shape": obj.shape.as_list(),
               "str": mask(str(obj)), "repr": mask(repr(obj))}
        v = obj.numpy()
        out["values"] = enc_values(v)
        out["numpy_type"] = type(v).__name__
        out["repr_tf1"] = tf1_tensor_repr(obj, v)
        return out
    if isinstance(obj, BaseResourceVariable):
        return {"kind": "variable", "dtype": obj.dtype.base_dtype.name,
                "shape": obj.shape.as_list(), "name": obj.name,
                "str": mask(str(obj)), "repr": mask(repr(obj)),
                "repr_tf1": "<tf.Variable '%s' shape=%s dtype=%s, numpy=%s>" % (
                    obj.name, obj.shape, obj.dtype.base_dtype.name,
                    tf1_numpy_text(obj.numpy())),
                "values": enc_values(obj.numpy())}
    if obj is None:
        return {"kind": "python", "type": "NoneType", "value": None}
    if isinstance(obj, (bool, int, float, complex, str, bytes)):
        return {"kind": "python", "type": type(obj).__name__, "value": enc_scalar(obj)}
    if isinstance(obj, np.ndarray):
        return {"kind": "numpy", "type": "ndarray", "dtype": str(obj.dtype),
                "shape": list(obj.shape), "values": enc_values(obj)}
    if isinstance(obj, np.generic):
        return {"kind": "numpy", "type": type(obj).__name__, "dtype": str(obj.dtype),
                "shape": [], "values": enc_values(obj)}
    if isinstance(obj, (list, tuple)):
        out = {"kind": "list" if isinstance(obj, list) else "tuple",
               "items": [enc(x) for x in obj]}
        if hasattr(obj, "_fields"):
            out["type"] = type(obj).__name__
            out["fields"] = list(obj._fields)
        return out
    if isinstance(obj, dict):
        return {"kind": "dict", "items": {str(k): enc(v) for k, v in obj.items()}}
    out = {"kind": "object", "type": type(obj).__name__, "str": mask(str(obj)),
           "repr": mask(repr(obj))}
    return out


def run_case(c):
    ns = {"tf": tf, "np": np}
    tree = ast.parse(c["code"], mode="exec")
    last = tree.body[-1] if tree.body else None
    try:
        if isinstance(last, ast.Expr):
            body = ast.Module(body=tree.body[:-1], type_ignores=[])
            exec(compile(body, "<case>", "exec"), ns)
            result = eval(compile(ast.Expression(last.value), "<case>", "eval"), ns)
        else:
            exec(compile(tree, "<case>", "exec"), ns)
            return {"kind": "none"}
        if c.get("values", True) is False:
            return {"kind": "tensor_meta", "dtype": result.dtype.name,
                    "shape": result.shape.as_list(), "type": type(result).__name__}
        return enc(result)
    except Exception as e:  # noqa: BLE001
        return {"kind": "error", "error_class": type(e).__name__,
                "error_module": type(e).__module__,
                "error_mro": [k.__name__ for k in type(e).__mro__[:-2]],
                "message": mask(str(e)), "message_core": mask(message_core(str(e)))}


def main():
    write_goldens(OUT, CASES, run_case, r"[a-z0-9_]+", "tensorflow.compat.v1; disable_v2_behavior(); "
                  "enable_eager_execution(); disable_tensor_equality()", "record_core_goldens.py")


def write_goldens(out, cases, run_case, id_pattern, api, recorder):
    """Run every case under TF and write the golden file ``out`` (its header names the versions)."""
    ids = [c["id"] for c in cases]
    dup = sorted({i for i in ids if ids.count(i) > 1})
    assert not dup, f"duplicate case ids: {dup}"
    for i in ids:
        assert re.fullmatch(id_pattern, i), i
    records = [dict(c, outcome=run_case(c)) for c in cases]
    doc = {
        "header": {
            "tf_version": tf.__version__,
            "tf_git_version": getattr(tf.version, "GIT_VERSION", ""),
            "numpy_version": np.__version__,
            "python_version": platform.python_version(),
            "api": api,
            "env": {"TF_ENABLE_ONEDNN_OPTS": os.environ.get("TF_ENABLE_ONEDNN_OPTS")},
            "recorder": f"tests/conformance/golden/{recorder}",
            "num_cases": len(records),
        },
        "cases": records,
    }
    with open(out, "w", encoding="utf-8") as f:
        json.dump(doc, f, sort_keys=True, indent=1, ensure_ascii=False)
        f.write("\n")
    n_err = sum(r["outcome"]["kind"] == "error" for r in records)
    print(f"TF {tf.__version__}: wrote {len(records)} cases ({n_err} errors) to {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
