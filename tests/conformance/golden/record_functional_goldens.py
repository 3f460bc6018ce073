"""Record golden values for functional control flow and py_func (issue 13) from REAL TensorFlow.

Run by hand in the throwaway TensorFlow virtualenv (never a dependency of tfcompat, never run
in CI), from the repository root:

    /tmp/tforacle/bin/python tests/conformance/golden/record_functional_goldens.py

It writes tests/conformance/golden/functional_goldens.json next to this file.  Case ids start
with ``fn_``.  Format and setup: record_core_goldens.py's (whose encoders this recorder reuses).
The printed text of tf.Print / tf.print goes to stderr and is not an outcome:
tests/test_functional_ops.py checks it against text taken from the same TensorFlow.
"""
import os
import sys
import textwrap

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import record_core_goldens as core  # noqa: E402  (sets up TF 1.x-style eager execution)

OUT = os.path.join(core.HERE, "functional_goldens.json")
CASES = []


def case(cid, code):
    CASES.append({"id": "fn_" + cid, "code": textwrap.dedent(code).strip("\n")})


for nm, code in [
    ("map_fn_simple", "tf.map_fn(lambda x: x * 2 + 1, tf.constant([1, 2, 3]))"),
    ("map_fn_float64", "tf.map_fn(lambda x: tf.sqrt(x), np.array([1.0, 4.0, 9.0]))"),
    ("map_fn_rows", "tf.map_fn(lambda row: tf.reduce_sum(row), tf.constant([[1, 2], [3, 4]]))"),
    ("map_fn_dtype_tuple", "tf.map_fn(lambda x: (x, tf.cast(x, tf.float32) / 2), tf.constant([1, 2]), "
                           "dtype=(tf.int32, tf.float32))"),
    ("map_fn_tuple_elems", "tf.map_fn(lambda xy: xy[0] * xy[1], (tf.constant([1., 2.]), tf.constant([3., 4.])), "
                           "dtype=tf.float32)"),
    ("map_fn_dict_elems", "tf.map_fn(lambda d: {'a': d['a'] + 1, 'b': d['b']}, "
                          "{'a': tf.constant([1, 2]), 'b': tf.constant([3., 4.])})"),
    ("map_fn_empty", "tf.map_fn(lambda x: x, tf.constant([], tf.float32))"),
    ("map_fn_scalar_error", "tf.map_fn(lambda x: x, tf.constant(1))"),
    ("map_fn_dtype_error", "tf.map_fn(lambda x: tf.cast(x, tf.float32), tf.constant([1, 2]))"),
    ("map_fn_mismatched_lengths", "tf.map_fn(lambda x: x, (tf.constant([1, 2]), tf.constant([1, 2, 3])))"),
    ("map_fn_varying_shape", "tf.map_fn(lambda x: tf.range(x), tf.constant([1, 2]))"),
    ("scan_simple", "tf.scan(lambda a, x: a + x, tf.constant([1, 2, 3, 4]))"),
    ("scan_initializer", "tf.scan(lambda a, x: a * x, tf.constant([1., 2., 3.]), initializer=tf.constant(2.))"),
    ("scan_reverse", "tf.scan(lambda a, x: a + x, tf.constant([1, 2, 3]), reverse=True)"),
    ("scan_tuple_acc", "tf.scan(lambda a, x: (a[0] + x, a[1] * x), tf.constant([1., 2., 3.]), "
                       "initializer=(tf.constant(0.), tf.constant(1.)))"),
    ("scan_rows", "tf.scan(lambda a, x: a + x, tf.constant([[1, 2], [3, 4], [5, 6]]))"),
    ("foldl_simple", "tf.foldl(lambda a, x: a * 10 + x, tf.constant([1, 2, 3]))"),
    ("foldr_simple", "tf.foldr(lambda a, x: a * 10 + x, tf.constant([1, 2, 3]))"),
    ("foldl_initializer", "tf.foldl(lambda a, x: a + x, tf.constant([1., 2.]), initializer=tf.constant(10.))"),
    ("foldr_tuple", "tf.foldr(lambda a, x: a + x[0] * x[1], (tf.constant([1., 2.]), tf.constant([3., 4.])), "
                    "initializer=tf.constant(0.))"),
    ("foldl_empty", "tf.foldl(lambda a, x: a + x, tf.constant([], tf.int32))"),
    ("case_first_true", "tf.case([(tf.constant(False), lambda: tf.constant(1)), "
                        "(tf.constant(True), lambda: tf.constant(2))], default=lambda: tf.constant(3))"),
    ("case_default", "tf.case([(tf.constant(False), lambda: tf.constant(1))], default=lambda: tf.constant(3))"),
    ("case_none_true", "tf.case([(tf.constant(False), lambda: 1), (tf.constant(False), lambda: 2)])"),
    ("case_not_list", "tf.case(5)"),
    ("switch_case_index", "tf.switch_case(tf.constant(1), [lambda: tf.constant(10), lambda: tf.constant(20)])"),
    ("switch_case_out_of_range", "tf.switch_case(tf.constant(7), [lambda: tf.constant(10), lambda: tf.constant(20)])"),
    ("py_func_float", "tf.py_func(lambda x: x * 2, [tf.constant([1.5, 2.5])], tf.float32)"),
    ("py_func_list", "tf.py_func(lambda x, y: [x + y, x - y], [tf.constant(3), tf.constant(1)], [tf.int32, tf.int32])"),
    ("py_func_string", "tf.py_func(lambda x: x + b'!', [tf.constant(['a', 'b'])], tf.string)"),
    ("py_function_tensor", "tf.py_function(lambda x: tf.reduce_sum(x), [tf.constant([1., 2.])], tf.float32)"),
    ("py_function_gradient", "x = tf.constant(3.0)\nwith tf.GradientTape() as g:\n    g.watch(x)\n"
                             "    y = tf.py_function(lambda a: a * a * a, [x], tf.float32)\ng.gradient(y, x)"),
    ("py_function_error", "tf.py_function(lambda x: 1 / 0, [tf.constant(1.)], tf.float32)"),
    ("identity_n", "tf.identity_n([tf.constant(1), tf.constant([2., 3.])])"),
    ("tuple", "tf.tuple([tf.constant(1), tf.constant(2.)])"),
    ("print_v1_returns_input", "tf.Print(tf.constant([1, 2]), [tf.constant(3)], message='golden ')"),
    ("print_returns", "tf.print(tf.constant([1, 2]))"),
]:
    case(nm, code)


def main():
    core.write_goldens(OUT, CASES, core.run_case, r"fn_[a-z0-9_]+",
                       "tensorflow.compat.v1; disable_v2_behavior(); enable_eager_execution(); "
                       "disable_tensor_equality()", "record_functional_goldens.py")


if __name__ == "__main__":
    main()
