"""Record golden values for TF's string hashes, tf.strings.format, unsorted_segment_join and
tf.fingerprint (issue 11, item 4) from REAL TensorFlow.

Run by hand in the throwaway TensorFlow virtualenv (never a dependency of tfcompat, never run
in CI), from the repository root:

    /tmp/tforacle/bin/python tests/conformance/golden/record_string_hashing_goldens.py

It writes tests/conformance/golden/string_hashing_goldens.json next to this file.  Case ids
start with ``strhash_``.  Format and setup: record_core_goldens.py's, whose encoders this
recorder reuses.  The hash cases run over ``WORDS``: empty, ASCII and UTF-8 strings, every
length from 0 to 40 bytes (each tail length and block count of the 8-byte hashes) and long ones.
"""
import os
import sys
import textwrap

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import record_core_goldens as core  # noqa: E402  (sets up TF 1.x-style eager execution)

OUT = os.path.join(core.HERE, "string_hashing_goldens.json")
CASES = []
WORDS = ("words = ['', 'a', 'hello', 'The quick brown fox jumps over the lazy dog', 'héllo wörld', '日本語テキスト', "
         "'\\x00', '\\x00\\xff\\x80', 'x' * 1000, 'ab' * 4097] + ['abcdefghijklmnopqrstuvwxyz0123456789ABCD'[:n] "
         "for n in range(41)] + [bytes(range(256))]\n")


def case(cid, code):
    CASES.append({"id": "strhash_" + cid, "code": textwrap.dedent(code).strip("\n")})


# --- hash buckets ---------------------------------------------------------------------------------
for nm, expr in [
    ("bucket_max", "tf.strings.to_hash_bucket(words, 2 ** 63 - 1)"),
    ("bucket_1000", "tf.string_to_hash_bucket(words, 1000)"),
    ("bucket_one", "tf.string_to_hash_bucket(words, 1)"),
    ("bucket_input_kw", "tf.strings.to_hash_bucket(input=[['a', 'b'], ['c', '']], num_buckets=10)"),
    ("bucket_string_tensor_kw", "tf.string_to_hash_bucket(string_tensor='abc', num_buckets=10)"),
    ("bucket_both_kw", "tf.string_to_hash_bucket(string_tensor='abc', num_buckets=10, input='x')"),
    ("bucket_zero", "tf.string_to_hash_bucket(['a'], 0)"),
    ("bucket_not_string", "tf.string_to_hash_bucket([1, 2], 5)"),
    ("strong_max", "tf.strings.to_hash_bucket_strong(words, 2 ** 63 - 1, [1, 2])"),
    ("strong_zero_key", "tf.string_to_hash_bucket_strong(words, 2 ** 63 - 1, [0, 0])"),
    ("strong_big_key", "tf.string_to_hash_bucket_strong(words, 2 ** 63 - 1, [2 ** 63 - 1, -5])"),
    ("strong_100", "tf.strings.to_hash_bucket_strong(words, 100, [98765, 43210])"),
    ("strong_2d", "tf.strings.to_hash_bucket_strong([['a', 'b'], ['c', 'd']], 10, [1, 2])"),
    ("strong_short_key", "tf.strings.to_hash_bucket_strong(['a'], 10, [1])"),
    ("strong_zero_buckets", "tf.strings.to_hash_bucket_strong(['a'], 0, [1, 2])"),
    ("fast_words", "tf.strings.to_hash_bucket_fast(words, 2 ** 63 - 1)"),
    ("fingerprint_words", "tf.fingerprint(words)"),
    ("fingerprint_2d_strings", "tf.fingerprint([['a', 'b', 'c'], ['', 'xyz', 'é']])"),
    ("fingerprint_int32", "tf.fingerprint(tf.constant([[1, 2], [3, 4]]))"),
    ("fingerprint_int64", "tf.fingerprint(tf.constant([1, -2, 3], tf.int64))"),
    ("fingerprint_float", "tf.fingerprint(tf.constant([[0.5, -1.0, 3.25]]))"),
    ("fingerprint_float64", "tf.fingerprint(tf.constant([0.5, -1.0], tf.float64))"),
    ("fingerprint_bool", "tf.fingerprint(tf.constant([[True, False], [False, False]]))"),
    ("fingerprint_uint8", "tf.fingerprint(tf.constant([[1, 2, 3]], tf.uint8))"),
    ("fingerprint_3d", "tf.fingerprint(tf.reshape(tf.range(24), [2, 3, 4]))"),
    ("fingerprint_empty_rows", "tf.fingerprint(tf.zeros([3, 0]))"),
    ("fingerprint_no_rows", "tf.fingerprint(tf.zeros([0, 4]))"),
    ("fingerprint_scalar", "tf.fingerprint(tf.constant(1))"),
    ("fingerprint_method", "tf.fingerprint(['a'], method='md5')"),
]:
    case(nm, WORDS + expr)

# --- strings.format -----------------------------------------------------------------------------
for nm, expr in [
    ("format_two", "tf.strings.format('{} and {}', [tf.constant([1, 2, 3]), tf.constant(2.5)])"),
    ("format_single", "tf.strings.format('tensor: {}, suffix', tf.range(10))"),
    ("format_list", "tf.strings.format('{}', [tf.range(10)])"),
    ("format_3d", "tf.strings.format('x={}', tf.reshape(tf.range(24), [2, 3, 4]))"),
    ("format_10x10", "tf.strings.format('x={}', tf.reshape(tf.range(100), [10, 10]))"),
    ("format_all", "tf.strings.format('x={}', tf.reshape(tf.range(100), [10, 10]), summarize=-1)"),
    ("format_summarize_2", "tf.strings.format('{}', tf.reshape(tf.range(2 * 7 * 8), [2, 7, 8]), summarize=2)"),
    ("format_summarize_0", "tf.strings.format('{}', tf.range(5), summarize=0)"),
    ("format_scalar_summarize_0", "tf.strings.format('{}', tf.constant(5), summarize=0)"),
    ("format_4d", "tf.strings.format('{}', tf.reshape(tf.range(7 * 7 * 7 * 2), [7, 7, 7, 2]))"),
    ("format_7x1x2", "tf.strings.format('a{}', tf.ones([7, 1, 2]))"),
    ("format_strings", "tf.strings.format('{}', tf.constant(['a\\nb', 'q\"', 'é', '\\\\', '\\x01', \"'\"]))"),
    ("format_scalar_string", "tf.strings.format('<{}>', tf.constant('s'))"),
    ("format_bool", "tf.strings.format('{}', tf.constant([True, False]))"),
    ("format_float32", "tf.strings.format('{}', tf.constant([0.1, 1e10, 1 / 3, 2.0, 1e-7, 123456789.0]))"),
    ("format_float64", "tf.strings.format('{}', tf.constant([0.1, 1e10, 1 / 3, 2.0], tf.float64))"),
    ("format_float16", "tf.strings.format('{}', tf.constant([0.1, 1e4, 1 / 3, 2.0], tf.float16))"),
    ("format_nonfinite", "tf.strings.format('{}', tf.constant([np.nan, -np.nan, np.inf, -np.inf]))"),
    ("format_uint8", "tf.strings.format('{}', tf.constant([1, 254, 3], tf.uint8))"),
    ("format_int8", "tf.strings.format('{}', tf.constant([1, -2, 3], tf.int8))"),
    ("format_int64", "tf.strings.format('{}', tf.constant([2 ** 40, -3], tf.int64))"),
    ("format_empty_rows", "tf.strings.format('x={}', tf.zeros([0, 3]))"),
    ("format_empty_columns", "tf.strings.format('x={}', tf.zeros([2, 0]))"),
    ("format_python_values", "tf.strings.format('a{}b{}', [1, 'x'])"),
    ("format_placeholder", "tf.strings.format('a%b%', [1, 'x'], placeholder='%')"),
    ("format_nested_list", "tf.strings.format('a{}', [[1, 2]])"),
    ("format_unicode_template", "tf.strings.format('é{}ü', tf.constant(1))"),
    ("format_too_few", "tf.strings.format('{} {}', [tf.range(5)])"),
    ("format_too_many", "tf.strings.format('x', [tf.range(5)])"),
    # --- unsorted_segment_join ---
    ("usj", "tf.strings.unsorted_segment_join(['a', 'b', 'c'], [1, 0, 1], 3, separator=',')"),
    ("usj_rows", "tf.strings.unsorted_segment_join([['a', 'b'], ['c', 'd']], [1, 0], 3)"),
    ("usj_2d_ids", "tf.strings.unsorted_segment_join([['a', 'b'], ['c', 'd']], [[0, 1], [1, 0]], 2)"),
    ("usj_sep", "tf.strings.unsorted_segment_join(['a', 'b'], [0, 0], 1, separator='::')"),
    ("usj_int64", "tf.strings.unsorted_segment_join(['a', 'b'], np.array([1, 1], np.int64), np.int64(2))"),
    ("usj_empty", "tf.strings.unsorted_segment_join(np.zeros([0, 2], str), np.zeros([0], np.int32), 2)"),
    ("usj_big_id", "tf.strings.unsorted_segment_join(['a', 'b', 'c'], [1, 5, 1], 3)"),
    ("usj_negative_id", "tf.strings.unsorted_segment_join(['a', 'b', 'c'], [1, -1, 1], 3)"),
    ("usj_shape", "tf.strings.unsorted_segment_join(['a', 'b'], [0, 1, 1], 2)"),
    ("usj_float_ids", "tf.strings.unsorted_segment_join(['a', 'b'], [0.0, 1.0], 2)"),
    ("usj_vector_count", "tf.strings.unsorted_segment_join(['a', 'b'], [0, 1], [2])"),
    ("usj_negative_count", "tf.strings.unsorted_segment_join(['a', 'b'], [0, 1], -1)"),
    ("usj_scalar_ids", "tf.strings.unsorted_segment_join('a', 0, 2)"),
    ("usj_ids_rank", "tf.strings.unsorted_segment_join(['a', 'b'], [[0, 0]], 1)"),
    ("usj_not_string", "tf.strings.unsorted_segment_join([1, 2], [0, 1], 2)"),
    ("timestamp_dtype", "tf.timestamp().dtype"),
    ("timestamp_shape", "tf.timestamp().shape"),
]:
    case(nm, expr)


def main():
    core.write_goldens(OUT, CASES, core.run_case, r"strhash_[a-z0-9_]+",
                       "tensorflow.compat.v1; disable_v2_behavior(); enable_eager_execution(); "
                       "disable_tensor_equality()", "record_string_hashing_goldens.py")


if __name__ == "__main__":
    main()
