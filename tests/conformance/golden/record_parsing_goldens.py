"""Record golden values for tf.decode_csv, tf.decode_raw and the Example parsers (issue 11) from REAL
TensorFlow.

Run by hand in the throwaway TensorFlow virtualenv (never a dependency of tfcompat, never run
in CI), from the repository root:

    /tmp/tforacle/bin/python tests/conformance/golden/record_parsing_goldens.py

It writes tests/conformance/golden/parsing_goldens.json next to this file.  Case ids start with
``csv_`` (decode_csv), ``raw_`` (decode_raw) or ``example_`` (Example protos and their parsers).
Format and setup: record_core_goldens.py's, whose encoders this recorder reuses.  A SparseTensor
is recorded as the tuple of its ``indices``, ``values`` and ``dense_shape`` (the ``sp(...)`` helper).
"""
import os
import sys
import textwrap

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import record_core_goldens as core  # noqa: E402  (sets up TF 1.x-style eager execution)

OUT = os.path.join(core.HERE, "parsing_goldens.json")
CASES = []
SP = "sp = lambda s: (s.indices, s.values, s.dense_shape)\n"


def case(cid, code):
    CASES.append({"id": cid, "code": textwrap.dedent(code).strip("\n")})


# --- decode_csv ------------------------------------------------------------------------------------
for nm, expr in [
    ("basic", "tf.decode_csv(['1,2.5,a', '3,4,b'], [[0], [0.0], ['']])"),
    ("scalar", "tf.decode_csv('1,2', [[0], [0]])"),
    ("2d_records", "tf.decode_csv([['1,2'], ['3,4']], [[0], [0]])"),
    ("defaults", "tf.decode_csv(['1,,', ',,x'], [[7], [1.5], ['d']])"),
    ("int64", "tf.decode_csv(['9000000000'], [tf.constant([0], tf.int64)])"),
    ("float64", "tf.decode_csv(['0.1'], [tf.constant([0.0], tf.float64)])"),
    ("delim", "tf.decode_csv(['1;2'], [[0], [0]], field_delim=';')"),
    ("tab", "tf.decode_csv(['1\\t2'], [[0], [0]], field_delim='\\t')"),
    ("quotes", "tf.decode_csv(['\"a,b\",\"c\"\"d\"'], [[''], ['']])"),
    ("quoted_number", "tf.decode_csv(['\"1\",2'], [[0], [0]])"),
    ("no_quote_delim", "tf.decode_csv(['\"a\",b'], [[''], ['']], use_quote_delim=False)"),
    ("na_value", "tf.decode_csv(['NA,2', '1,NA'], [[0], [5]], na_value='NA')"),
    ("na_value_string", "tf.decode_csv(['NA,x'], [['z'], ['']], na_value='NA')"),
    ("select_cols", "tf.decode_csv(['1,2,3,4'], [[0], [0]], select_cols=[1, 3])"),
    ("select_cols_last", "tf.decode_csv(['1,2,3'], [[0]], select_cols=[2])"),
    ("spaces", "tf.decode_csv([' 1, 2'], [[0], [0.0]])"),
    ("string_spaces", "tf.decode_csv([' a , b'], [[''], ['']])"),
    ("empty_required", "tf.decode_csv(['1,'], [[0], tf.constant([], tf.int32)])"),
    ("too_few", "tf.decode_csv(['1'], [[0], [0]])"),
    ("too_many", "tf.decode_csv(['1,2,3'], [[0], [0]])"),
    ("bad_int", "tf.decode_csv(['x,2'], [[0], [0]])"),
    ("bad_float", "tf.decode_csv(['1,y'], [[0], [0.0]])"),
    ("int_overflow", "tf.decode_csv(['3000000000'], [[0]])"),
    ("bad_quote", "tf.decode_csv(['\"a,b'], [[''], ['']])"),
    ("quote_inside", "tf.decode_csv(['a\"b,c'], [[''], ['']])"),
    ("bad_delim", "tf.decode_csv(['1,2'], [[0], [0]], field_delim=',,')"),
    ("bad_default_rank", "tf.decode_csv(['1'], [[[0]]])"),
    ("bad_default_type", "tf.decode_csv(['1'], [[True]])"),
    ("select_unsorted", "tf.decode_csv(['1,2,3'], [[0], [0]], select_cols=[2, 1])"),
    ("select_mismatch", "tf.decode_csv(['1,2,3'], [[0], [0]], select_cols=[1])"),
    ("select_negative", "tf.decode_csv(['1,2,3'], [[0]], select_cols=[-1])"),
    ("select_beyond", "tf.decode_csv(['1,2,3'], [[0]], select_cols=[5])"),
    ("empty_record", "tf.decode_csv([''], [[0]])"),
    ("empty_string_field", "tf.decode_csv([''], [['q']])"),
    ("float_exp", "tf.decode_csv(['1e3,-2.5E-1,inf,nan'], [[0.0], [0.0], [0.0], [0.0]])"),
    ("int_plus", "tf.decode_csv(['+5,-0'], [[0], [0]])"),
    ("int_float_text", "tf.decode_csv(['1.0'], [[0]])"),
    ("hex", "tf.decode_csv(['0x10'], [[0]])"),
    ("hex_float", "tf.decode_csv(['0x10'], [[0.0]])"),
]:
    case("csv_" + nm, expr)

# --- decode_raw ------------------------------------------------------------------------------------
for nm, expr in [
    ("uint8", "tf.decode_raw(['abc', 'xyz'], tf.uint8)"),
    ("int16", "tf.decode_raw([b'\\x01\\x02\\x03\\x04'], tf.int16)"),
    ("int16_big", "tf.decode_raw([b'\\x01\\x02\\x03\\x04'], tf.int16, little_endian=False)"),
    ("float32", "tf.decode_raw(np.array([1.5, -2.0], np.float32).tobytes(), tf.float32)"),
    ("float64_2", "tf.decode_raw([np.array([1.5], np.float64).tobytes(), np.array([2.5], np.float64).tobytes()], tf.float64)"),
    ("int64", "tf.decode_raw(np.array([2 ** 40], np.int64).tobytes(), tf.int64)"),
    ("bad_size", "tf.decode_raw([b'\\x01\\x02\\x03'], tf.int16)"),
    ("mismatched", "tf.decode_raw([b'\\x01\\x02', b'\\x01\\x02\\x03\\x04'], tf.int16)"),
    ("empty", "tf.decode_raw([b'', b''], tf.int32)"),
    ("bool", "tf.decode_raw([b'\\x01\\x00'], tf.bool)"),
    ("bad_type", "tf.decode_raw([b'ab'], tf.string)"),
    ("bytes_kw", "tf.decode_raw(bytes=[b'ab'], out_type=tf.uint8)"),
    ("input_bytes", "tf.io.decode_raw(input_bytes=[b'ab'], out_type=tf.int8)"),
    ("2d", "tf.decode_raw([[b'ab'], [b'cd']], tf.uint8)"),
]:
    case("raw_" + nm, expr)

# --- CsvDataset / make_csv_dataset (files written by the case into a fresh temporary directory) ------
CSV_FILE = ("import os, tempfile\nd = tempfile.mkdtemp()\np = os.path.join(d, 'a.csv')\n"
            "open(p, 'w').write('x,y,name,label\\n1,2.5,\"a,b\",0\\n3,,c,1\\n5,6.5,d,0\\n-7,1e3,e,1\\n')\n")
for nm, expr in [
    ("dataset", "list(tf.data.experimental.CsvDataset(p, [[0], [0.0], [''], [0]], header=True))"),
    ("dataset_no_header", "list(tf.data.experimental.CsvDataset(p, [[''], [''], [''], ['']]))"),
    ("dataset_select", "list(tf.data.experimental.CsvDataset(p, [[0], ['']], header=True, select_cols=[0, 2]))"),
    ("dataset_required", "list(tf.data.experimental.CsvDataset(p, [[0], tf.constant([], tf.float32), [''], [0]], header=True))"),
    ("dataset_types", "tf.data.experimental.CsvDataset(p, [[0], [0.0], [''], [0]]).output_types"),
    ("make_label", "list(tf.data.experimental.make_csv_dataset(p, 3, label_name='label', shuffle=False, num_epochs=1))"),
    ("make_no_label", "list(tf.data.experimental.make_csv_dataset(p, 2, shuffle=False, num_epochs=1))"),
    ("make_select", "list(tf.data.experimental.make_csv_dataset(p, 4, select_columns=['name', 'x'], shuffle=False, num_epochs=1))"),
    ("make_defaults", "list(tf.data.experimental.make_csv_dataset(p, 4, column_defaults=[[0.0], [-1.0], ['?'], [0]], shuffle=False, num_epochs=1))"),
    ("make_names", "list(tf.data.experimental.make_csv_dataset(p, 4, column_names=['a', 'b', 'c', 'd'], shuffle=False, num_epochs=1))"),
    ("make_repeat_drop", "list(tf.data.experimental.make_csv_dataset(p, 3, shuffle=False, num_epochs=2))"),
    ("make_infinite", "ds = tf.data.experimental.make_csv_dataset(p, 3, shuffle=False)\n[x for _, x in zip(range(3), ds)]"),
    ("make_shapes", "tf.data.experimental.make_csv_dataset(p, 3, label_name='label', shuffle=False).output_shapes"),
    ("make_bad_label", "tf.data.experimental.make_csv_dataset(p, 3, label_name='nope')"),
    ("make_no_files", "tf.data.experimental.make_csv_dataset('/nonexistent_tfcompat_dir/none*.csv', 3)"),
    ("make_no_header", "tf.data.experimental.make_csv_dataset(p, 3, header=False)"),
]:
    case("csv_" + nm, CSV_FILE + expr)


def main():
    core.write_goldens(OUT, CASES, core.run_case, r"(csv|raw|example)_[a-z0-9_]+",
                       "tensorflow.compat.v1; disable_v2_behavior(); enable_eager_execution(); "
                       "disable_tensor_equality()", "record_parsing_goldens.py")


if __name__ == "__main__":
    main()
