"""Record golden values for string ops and sparse tensors (issue 11) from REAL TensorFlow.

Run by hand in the throwaway TensorFlow virtualenv (never a dependency of tfcompat, never run
in CI), from the repository root:

    /tmp/tforacle/bin/python tests/conformance/golden/record_strings_goldens.py

It writes tests/conformance/golden/strings_goldens.json next to this file.  Case ids start with
``strings_`` (string ops: split, join, substr, regex, strip, case, length, base64, hash buckets)
or ``sparse_`` (tf.SparseTensor and the sparse ops).  Format and setup: record_core_goldens.py's,
whose encoders this recorder reuses.  A SparseTensor is recorded as the tuple of its
``indices``, ``values`` and ``dense_shape`` (the ``sp(...)`` helper in each case's code).
"""
import os
import sys
import textwrap

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import record_core_goldens as core  # noqa: E402  (sets up TF 1.x-style eager execution)

OUT = os.path.join(core.HERE, "strings_goldens.json")
CASES = []
SP = "sp = lambda s: (s.indices, s.values, s.dense_shape)\n"


def case(cid, code):
    CASES.append({"id": cid, "code": textwrap.dedent(code).strip("\n")})


# --- string_split / strings.split -----------------------------------------------------------------
for nm, expr in [
    ("split_default", "tf.string_split(['hello world', 'a b c', ''])"),
    ("split_delimiter", "tf.string_split(['a,b,,c', ',x'], delimiter=',')"),
    ("split_multi_delim", "tf.string_split(['a,b;c', 'd;;e'], delimiter=',;')"),
    ("split_keep_empty", "tf.string_split(['a,b,,c', ',x'], delimiter=',', skip_empty=False)"),
    ("split_empty_delim", "tf.string_split(['abc', 'de'], delimiter='')"),
    ("split_sep", "tf.string_split(['a b  c'], sep=' ')"),
    ("split_spaces", "tf.string_split(['  lead and  trail  '])"),
    ("split_tensor", "tf.string_split(tf.constant(['x y', 'z']))"),
    ("v2_split_ws", "tf.strings.split(['hello  world', ' a b '])"),
    ("v2_split_sep", "tf.strings.split(['a<>b<><>c', '<>'], sep='<>')"),
    ("v2_split_maxsplit", "tf.strings.split(['a b c d'], maxsplit=2)"),
    ("v2_split_sep_maxsplit", "tf.strings.split(['1,2,3,4'], sep=',', maxsplit=1)"),
    ("v2_split_source", "tf.strings.split(source=['p q'])"),
]:
    case("strings_" + nm, SP + f"sp({expr})")
case("strings_split_2d", "tf.string_split([['a b']])")
case("strings_split_ints", "tf.string_split([1, 2])")
case("strings_split_ragged", "tf.string_split(['a b'], result_type='RaggedTensor')")
case("strings_split_bad_type", "tf.string_split(['a b'], result_type='Dense')")
case("strings_split_dtype", "tf.string_split(['a b']).values.dtype")
case("strings_split_shape_type", "tf.string_split(['a b']).dense_shape.dtype")

# --- join / reduce_join ---------------------------------------------------------------------------
for nm, expr in [
    ("join_two", "tf.strings.join(['a', 'b'])"),
    ("join_sep", "tf.string_join([['a', 'b'], ['c', 'd']], separator='-')"),
    ("join_broadcast", "tf.string_join(['x', ['a', 'b', 'c'], 'y'], separator='.')"),
    ("join_one", "tf.string_join([['a', 'b']])"),
    ("join_shape_mismatch", "tf.string_join([['a', 'b'], ['c', 'd', 'e']])"),
    ("join_not_string", "tf.string_join([['a'], [1]])"),
    ("reduce_join_all", "tf.reduce_join([['a', 'b'], ['c', 'd']])"),
    ("reduce_join_0", "tf.reduce_join([['a', 'b'], ['c', 'd']], 0)"),
    ("reduce_join_1", "tf.reduce_join([['a', 'b'], ['c', 'd']], 1)"),
    ("reduce_join_neg", "tf.reduce_join([['a', 'b'], ['c', 'd']], -1, separator='+')"),
    ("reduce_join_01", "tf.reduce_join([['a', 'b'], ['c', 'd']], [0, 1])"),
    ("reduce_join_10", "tf.reduce_join([['a', 'b'], ['c', 'd']], [1, 0])"),
    ("reduce_join_keep", "tf.reduce_join([['a', 'b'], ['c', 'd']], 1, keep_dims=True)"),
    ("reduce_join_keepdims", "tf.strings.reduce_join([['a', 'b'], ['c', 'd']], 0, keepdims=True)"),
    ("reduce_join_empty_axis", "tf.reduce_join([['a', 'b'], ['c', 'd']], [])"),
    ("reduce_join_3d", "tf.reduce_join(np.array([[['a', 'b'], ['c', 'd']], [['e', 'f'], ['g', 'h']]]), [2, 0], separator=',')"),
    ("reduce_join_empty", "tf.reduce_join(np.zeros([2, 0], dtype=str), 1)"),
    ("reduce_join_scalar", "tf.reduce_join('abc')"),
    ("reduce_join_bad_axis", "tf.reduce_join([['a', 'b']], 2)"),
    ("reduce_join_dup_axis", "tf.reduce_join([['a', 'b']], [1, 1])"),
    ("reduce_join_indices", "tf.reduce_join([['a', 'b'], ['c', 'd']], reduction_indices=1)"),
    # --- substr ---
    ("substr", "tf.substr(['hello', 'world'], 1, 3)"),
    ("substr_vec", "tf.substr(['hello', 'world'], [0, 2], [2, 10])"),
    ("substr_neg", "tf.substr(['hello'], -3, 2)"),
    ("substr_end", "tf.substr('abc', 3, 1)"),
    ("substr_oob", "tf.substr('abc', 4, 1)"),
    ("substr_neg_oob", "tf.substr('abc', -4, 1)"),
    ("substr_neg_len", "tf.substr('abc', 0, -1)"),
    ("substr_broadcast", "tf.substr([['ab', 'cd'], ['ef', 'gh']], [0, 1], 1)"),
    ("substr_utf8", "tf.strings.substr(['héllo'], 1, 2, unit='UTF8_CHAR')"),
    ("substr_bytes", "tf.strings.substr(['héllo'], 1, 2)"),
    ("substr_pos_type", "tf.substr('abc', 1.0, 1)"),
    ("substr_shape_mismatch", "tf.substr(['ab', 'cd'], [0, 1, 0], 1)"),
    # --- regex ---
    ("regex_replace", "tf.regex_replace(['aaa bab', 'xyz'], 'a', 'o')"),
    ("regex_replace_first", "tf.regex_replace(['aaa bab'], 'a', 'o', replace_global=False)"),
    ("regex_replace_group", r"tf.strings.regex_replace(['john smith'], r'(\w+) (\w+)', r'\2, \1')"),
    ("regex_replace_whole", r"tf.strings.regex_replace(['ab'], r'b', r'[\0]')"),
    ("regex_replace_class", r"tf.regex_replace(['Hello, World!'], r'[^a-z]', '')"),
    ("regex_replace_bad", "tf.regex_replace(['a'], '(', 'x')"),
    ("regex_full_match", "tf.strings.regex_full_match(['abc', 'abcd', 'xabc'], 'a.c')"),
    ("regex_full_match_alt", "tf.strings.regex_full_match(['TF', 'tf', 'PT'], '(?i)tf|pt')"),
    ("regex_full_match_bad", "tf.strings.regex_full_match(['a'], '[')"),
    # --- strip, case, length ---
    ("strip", r"tf.strings.strip([' a b ', '\tc\n', ''])"),
    ("string_strip", "tf.string_strip(['  x  '])"),
    ("upper", "tf.strings.upper(['abc Déf', 'x1'])"),
    ("lower", "tf.strings.lower(['ABC DÉF'])"),
    ("upper_utf8", "tf.strings.upper(['abc déf'], encoding='utf-8')"),
    ("lower_utf8", "tf.strings.lower(['ABC DÉF'], encoding='utf-8')"),
    ("length", "tf.strings.length(['', 'abc', 'héllo'])"),
    ("length_utf8", "tf.strings.length(['', 'abc', 'héllo'], unit='UTF8_CHAR')"),
    ("length_2d", "tf.strings.length([['a', 'bb'], ['ccc', '']])"),
    ("length_bad_unit", "tf.strings.length(['a'], unit='CHAR')"),
    ("length_not_string", "tf.strings.length([1])"),
    # --- base64 ---
    ("encode_base64", "tf.encode_base64(['', 'a', 'ab', 'abc', '\\xff\\xfe?>'])"),
    ("encode_base64_pad", "tf.encode_base64(['a', 'ab', 'abc'], pad=True)"),
    ("encode_base64_bytes", "tf.io.encode_base64(tf.constant([b'\\xfb\\xff\\xbf']))"),
    ("decode_base64", "tf.decode_base64(['YQ', 'YWI', 'YWJj', '-_-_', 'YQ=='])"),
    ("decode_base64_bad", "tf.decode_base64(['a!'])"),
    ("decode_base64_bad_len", "tf.decode_base64(['abcde'])"),
    ("base64_round_trip", "tf.decode_base64(tf.encode_base64([b'\\x00\\x01\\x02\\xfa\\xfb']))"),
    # --- hash buckets ---
    ("hash_fast", "tf.string_to_hash_bucket_fast(['', 'a', 'hello', 'The quick brown fox', 'héllo'], 1000)"),
    ("hash_fast_max", "tf.strings.to_hash_bucket_fast(['', 'a', 'hello', 'The quick brown fox'], 2 ** 63 - 1)"),
    ("hash_fast_2d", "tf.strings.to_hash_bucket_fast([['x', 'y'], ['z', 'w']], 7)"),
    ("hash_fast_one", "tf.strings.to_hash_bucket_fast(['x', 'y'], 1)"),
    ("hash_fast_zero", "tf.strings.to_hash_bucket_fast(['x'], 0)"),
    ("hash_fast_not_string", "tf.strings.to_hash_bucket_fast([1], 3)"),
]:
    case("strings_" + nm, expr)

# --- SparseTensor and sparse ops ------------------------------------------------------------------
ST = "st = tf.SparseTensor(indices=[[0, 0], [1, 2]], values=[1.0, 2.0], dense_shape=[3, 4])\n"
UN = "un = tf.SparseTensor(indices=[[1, 2], [0, 3], [0, 1]], values=[1, 2, 3], dense_shape=[2, 4])\n"
for nm, code in [
    ("st_parts", ST + "(st.indices, st.values, st.dense_shape)"),
    ("st_dtype", ST + "st.dtype"),
    ("st_shape", ST + "st.shape"),
    ("st_get_shape", ST + "st.get_shape()"),
    ("st_int_values", "tf.SparseTensor([[0]], [7], [3]).values"),
    ("st_string_values", "tf.SparseTensor([[0]], ['a'], [3]).values"),
    ("st_value", SP + "sp(tf.SparseTensor.from_value(tf.SparseTensorValue([[0, 1]], [5.0], [2, 2])))"),
    ("st_bad_indices", "tf.SparseTensor(indices=[0, 1], values=[1.0, 2.0], dense_shape=[3])"),
    ("st_bad_shape_rank", "tf.SparseTensor(indices=[[0, 1]], values=[1.0], dense_shape=[[3, 4]])"),
    ("st_float_indices", "tf.SparseTensor(indices=[[0.5, 1]], values=[1.0], dense_shape=[3, 4])"),
    ("to_dense", ST + "tf.sparse_tensor_to_dense(st)"),
    ("to_dense_default", ST + "tf.sparse.to_dense(st, default_value=-1.0)"),
    ("to_dense_strings", "tf.sparse.to_dense(tf.SparseTensor([[0], [2]], ['a', 'b'], [3]), default_value='')"),
    ("to_dense_unordered", UN + "tf.sparse.to_dense(un)"),
    ("to_dense_unordered_novalidate", UN + "tf.sparse.to_dense(un, validate_indices=False)"),
    ("to_dense_repeated", "tf.sparse.to_dense(tf.SparseTensor([[0, 1], [0, 1]], [1, 2], [2, 2]))"),
    ("to_dense_oob", "tf.sparse.to_dense(tf.SparseTensor([[0, 5]], [1], [2, 2]))"),
    ("to_dense_bad_default", ST + "tf.sparse.to_dense(st, default_value=[0.0, 1.0])"),
    ("to_dense_default_dtype", ST + "tf.sparse.to_dense(st, default_value=1)"),
    ("sparse_to_dense", "tf.sparse_to_dense([[0, 1], [2, 3]], [3, 4], [5, 6])"),
    ("sparse_to_dense_scalar_value", "tf.sparse_to_dense([[0, 1], [2, 3]], [3, 4], 1.5, default_value=-1.0)"),
    ("sparse_to_dense_vector", "tf.sparse_to_dense([1, 3], [5], [10, 20])"),
    ("sparse_to_dense_scalar_index", "tf.sparse_to_dense(2, [4], 7)"),
    ("sparse_to_dense_unsorted", "tf.sparse_to_dense([3, 1], [5], [10, 20])"),
    ("sparse_to_dense_unsorted_ok", "tf.sparse_to_dense([3, 1], [5], [10, 20], validate_indices=False)"),
    ("sparse_to_dense_bad_values", "tf.sparse_to_dense([1, 3], [5], [10, 20, 30])"),
    ("sparse_to_dense_int64", "tf.sparse_to_dense(np.array([1, 3], np.int64), np.array([5], np.int64), [1.0, 2.0])"),
    ("reorder", UN + SP + "sp(tf.sparse.reorder(un))"),
    ("sparse_reorder", UN + SP + "sp(tf.sparse_reorder(un))"),
    ("reshape", ST + SP + "sp(tf.sparse.reshape(st, [4, 3]))"),
    ("reshape_infer", ST + SP + "sp(tf.sparse_reshape(st, [2, -1]))"),
    ("reshape_3d", ST + SP + "sp(tf.sparse.reshape(st, [1, 3, 4]))"),
    ("reshape_bad", ST + "tf.sparse.reshape(st, [5, 3])"),
    ("reshape_two_infer", ST + "tf.sparse.reshape(st, [-1, -1])"),
    ("concat_1", ST + SP + "sp(tf.sparse_concat(1, [st, st]))"),
    ("concat_0", ST + SP + "sp(tf.sparse.concat(0, [st, st]))"),
    ("concat_neg", ST + SP + "sp(tf.sparse_concat(-1, [st, tf.SparseTensor([[2, 0]], [9.0], [3, 2])]))"),
    ("concat_expand", ST + SP + "sp(tf.sparse_concat(1, [st, tf.SparseTensor([[4, 0]], [9.0], [5, 2])], expand_nonconcat_dim=True))"),
    ("concat_mismatch", ST + "tf.sparse_concat(1, [st, tf.SparseTensor([[4, 0]], [9.0], [5, 2])])"),
    ("concat_dtype_mismatch", ST + "tf.sparse_concat(1, [st, tf.SparseTensor([[0, 0]], [9], [3, 2])])"),
    ("concat_one", ST + SP + "sp(tf.sparse_concat(0, [st]))"),
    ("matmul", ST + "tf.sparse_tensor_dense_matmul(st, tf.reshape(tf.range(8.0), [4, 2]))"),
    ("matmul_adj_a", ST + "tf.sparse.sparse_dense_matmul(st, tf.reshape(tf.range(6.0), [3, 2]), adjoint_a=True)"),
    ("matmul_adj_b", ST + "tf.sparse_tensor_dense_matmul(st, tf.reshape(tf.range(8.0), [2, 4]), adjoint_b=True)"),
    ("matmul_int", UN + "tf.sparse_tensor_dense_matmul(un, tf.ones([4, 2], tf.int32))"),
    ("matmul_bad_shape", ST + "tf.sparse_tensor_dense_matmul(st, tf.ones([3, 2]))"),
    ("matmul_dtype", ST + "tf.sparse_tensor_dense_matmul(st, tf.ones([4, 2], tf.float64))"),
    ("matmul_grad", ST + "b = tf.reshape(tf.range(8.0), [4, 2])\nwith tf.GradientTape() as g:\n"
                    "    g.watch(b)\n    y = tf.reduce_sum(tf.sparse_tensor_dense_matmul(st, b) ** 2)\ng.gradient(y, b)"),
    ("matmul_oob", "tf.sparse_tensor_dense_matmul(tf.SparseTensor([[0, 7]], [1.0], [2, 3]), tf.ones([3, 2]))"),
    ("from_dense", SP + "sp(tf.sparse.from_dense([[0, 1], [2, 0]]))"),
    ("from_dense_strings", SP + "sp(tf.sparse.from_dense(['', 'a']))"),
    ("retain", ST + SP + "sp(tf.sparse.retain(st, [False, True]))"),
    ("retain_bad", ST + "tf.sparse_retain(st, [True])"),
    ("add", ST + SP + "sp(tf.sparse.add(st, st))"),
    ("add_dense", ST + "tf.sparse_add(tf.ones([3, 4]), st)"),
    ("add_threshold", SP + "a = tf.SparseTensor([[0], [1]], [1.0, 0.5], [3])\nb = tf.SparseTensor([[1], [2]], [-0.4, 2.0], [3])\n"
                      "sp(tf.sparse.add(a, b, threshold=0.2))"),
    ("eye", SP + "sp(tf.sparse.eye(3, 2))"),
]:
    case("sparse_" + nm, code)


def main():
    core.write_goldens(OUT, CASES, core.run_case, r"(strings|sparse)_[a-z0-9_]+",
                       "tensorflow.compat.v1; disable_v2_behavior(); enable_eager_execution(); "
                       "disable_tensor_equality()", "record_strings_goldens.py")


if __name__ == "__main__":
    main()
