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

# --- Example protos and their parsers ------------------------------------------------------------------
BUILD = ("def feature(v):\n"
         "    if isinstance(v[0], bytes): return tf.train.Feature(bytes_list=tf.train.BytesList(value=v))\n"
         "    if isinstance(v[0], float): return tf.train.Feature(float_list=tf.train.FloatList(value=v))\n"
         "    return tf.train.Feature(int64_list=tf.train.Int64List(value=v))\n"
         "def example(**kw):\n"
         "    return tf.train.Example(features=tf.train.Features(feature={k: feature(v) for k, v in kw.items()}))"
         ".SerializeToString()\n")
SEQ_BUILD = (
    "ctx = tf.train.Features(feature={'len': tf.train.Feature(int64_list=tf.train.Int64List(value=[2]))})\n"
    "tok = tf.train.FeatureList(feature=[tf.train.Feature(int64_list=tf.train.Int64List(value=[v, v + 1])) "
    "for v in (1, 5)])\n"
    "wrd = tf.train.FeatureList(feature=[tf.train.Feature(bytes_list=tf.train.BytesList(value=[b'a'])), "
    "tf.train.Feature(bytes_list=tf.train.BytesList(value=[b'b', b'c']))])\n"
    "seq = tf.train.SequenceExample(context=ctx, feature_lists=tf.train.FeatureLists(feature_list="
    "{'tok': tok, 'wrd': wrd})).SerializeToString()\n")


def _serialized_by_tf(code, names):
    """The bytes that real TF's protos give the ``names`` that ``code`` builds: the parsing cases embed
    them, so tfcompat parses what TF wrote (map entries are serialized in no fixed order)."""
    namespace = {"tf": core.tf}
    exec(code, namespace)
    return "".join(f"{name} = {namespace[name]!r}\n" for name in names)


EX = _serialized_by_tf(BUILD + "a = example(i=[1, 2], f=[0.5], s=[b'x', b'yz'], one=[7])\n"
                               "b = example(i=[3], f=[1.5, 2.5, 3.5], one=[8])\n", ["a", "b"])
SEQ = _serialized_by_tf(SEQ_BUILD, ["seq"])
for nm, code in [
    ("serialize", BUILD + "example(i=[1, 2])"),
    ("serialize_float", BUILD + "example(f=[1.5, 2.5, -3.0])"),
    ("serialize_bytes", BUILD + "example(s=[b'x', b'', b'yz'])"),
    ("serialize_empty", "tf.train.Example().SerializeToString()"),
    ("serialize_seq", "tf.train.SequenceExample(feature_lists=tf.train.FeatureLists(feature_list={'t': "
                      "tf.train.FeatureList(feature=[tf.train.Feature(int64_list=tf.train.Int64List(value=[4]))])}))"
                      ".SerializeToString()"),
    ("same_message", BUILD + "tf.train.Example.FromString(example(i=[1, 2], f=[0.5], s=[b'x'])) == "
                     "tf.train.Example.FromString(a)"),
    ("round_trip", "tf.train.Example.FromString(a).features.feature['s'].bytes_list.value[1]"),
    ("feature_kind", "tf.train.Example.FromString(b).features.feature['f'].WhichOneof('kind')"),
    ("float_list_value", "list(tf.train.FloatList(value=[0.1, 2]).value)"),
    ("text_format", "str(tf.train.Feature(int64_list=tf.train.Int64List(value=[3, 4])))"),
    ("single_fixed", SP + "tf.parse_single_example(a, {'one': tf.FixedLenFeature([], tf.int64), "
                     "'i': tf.FixedLenFeature([2], tf.int64), 'f': tf.FixedLenFeature([1], tf.float32)})"),
    ("single_fixed_2d", "tf.parse_single_example(a, {'s': tf.FixedLenFeature([2, 1], tf.string)})"),
    ("single_default", "tf.parse_single_example(b, {'s': tf.FixedLenFeature([2], tf.string, default_value=['p', 'q']), "
                       "'z': tf.FixedLenFeature([], tf.float32, default_value=-1.0)})"),
    ("single_default_scalar", "tf.parse_single_example(b, {'z': tf.FixedLenFeature([3], tf.int64, default_value=9)})"),
    ("single_varlen", SP + "{k: sp(v) for k, v in tf.parse_single_example(a, {'i': tf.VarLenFeature(tf.int64), "
                      "'s': tf.VarLenFeature(tf.string), 'z': tf.VarLenFeature(tf.float32)}).items()}"),
    ("single_missing", "tf.parse_single_example(b, {'s': tf.FixedLenFeature([2], tf.string)})"),
    ("single_wrong_size", "tf.parse_single_example(a, {'i': tf.FixedLenFeature([3], tf.int64)})"),
    ("single_wrong_type", "tf.parse_single_example(a, {'i': tf.FixedLenFeature([2], tf.float32)})"),
    ("single_varlen_wrong_type", "tf.parse_single_example(a, {'i': tf.VarLenFeature(tf.string)})"),
    ("single_bad_bytes", "tf.parse_single_example(b'garbage', {'i': tf.VarLenFeature(tf.int64)})"),
    ("single_bad_dtype", "tf.parse_single_example(a, {'i': tf.FixedLenFeature([2], tf.int32)})"),
    ("single_no_features", "tf.parse_single_example(a, {})"),
    ("single_seq_feature", "tf.parse_single_example(a, {'f': tf.FixedLenSequenceFeature([], tf.float32, allow_missing=True)})"),
    ("batch_fixed", "tf.parse_example([a, b], {'one': tf.FixedLenFeature([], tf.int64), "
                    "'z': tf.FixedLenFeature([2], tf.float32, default_value=[0.0, 1.0])})"),
    ("batch_wrong_type", "tf.parse_example([a, b], {'one': tf.FixedLenFeature([], tf.float32)})"),
    ("batch_varlen_wrong_type", "tf.parse_example([a, b], {'one': tf.VarLenFeature(tf.string)})"),
    ("varlen_bad_dtype", "tf.parse_single_example(a, {'i': tf.VarLenFeature(tf.int32)})"),
    ("batch_fixed_wrong", "tf.parse_example([a, b], {'f': tf.FixedLenFeature([1], tf.float32)})"),
    ("batch_varlen", SP + "{k: sp(v) for k, v in tf.parse_example([a, b], {'i': tf.VarLenFeature(tf.int64), "
                     "'s': tf.VarLenFeature(tf.string), 'f': tf.VarLenFeature(tf.float32)}).items()}"),
    ("batch_seq", "tf.parse_example([a, b], {'f': tf.FixedLenSequenceFeature([], tf.float32, allow_missing=True), "
                  "'s': tf.FixedLenSequenceFeature([], tf.string, allow_missing=True, default_value='-')})"),
    ("batch_seq_2d", "tf.parse_example([a, b], {'i': tf.FixedLenSequenceFeature([1], tf.int64, allow_missing=True)})"),
    ("batch_seq_not_missing", "tf.parse_example([a, b], {'f': tf.FixedLenSequenceFeature([], tf.float32)})"),
    ("batch_missing", "tf.parse_example([a, b], {'s': tf.FixedLenFeature([2], tf.string)})"),
    ("batch_empty", "tf.parse_example(tf.constant([], tf.string), {'one': tf.FixedLenFeature([], tf.int64), "
                    "'i': tf.VarLenFeature(tf.int64)})['one']"),
    ("batch_names", "tf.parse_example([a, b], {'s': tf.FixedLenFeature([2], tf.string)}, example_names=['ex0', 'ex1'])"),
    ("io_names", "tf.io.parse_single_example(a, {'one': tf.io.FixedLenFeature([], tf.int64)})"),
    ("sequence", SEQ + SP + "c, s = tf.parse_single_sequence_example(seq, context_features={'len': tf.FixedLenFeature([], tf.int64)}, "
                 "sequence_features={'tok': tf.FixedLenSequenceFeature([2], tf.int64), 'wrd': tf.VarLenFeature(tf.string)})\n"
                 "(c['len'], s['tok'], sp(s['wrd']))"),
    ("sequence_missing_list", SEQ + "tf.parse_single_sequence_example(seq, sequence_features={'nope': "
                              "tf.FixedLenSequenceFeature([], tf.int64)})"),
    ("sequence_allow_missing", SEQ + "tf.parse_single_sequence_example(seq, sequence_features={'nope': "
                               "tf.FixedLenSequenceFeature([], tf.int64, allow_missing=True)})[1]['nope']"),
    ("sequence_context_default", SEQ + "tf.parse_single_sequence_example(seq, context_features={'x': "
                                 "tf.FixedLenFeature([2], tf.float32, default_value=[1.0, 2.0])})[0]"),
    ("sequence_context_missing", SEQ + "tf.parse_single_sequence_example(seq, context_features={'x': "
                                 "tf.FixedLenFeature([2], tf.float32)})"),
    ("sequence_single_too_many", "tf.parse_single_example(a, {'i': tf.FixedLenFeature([1], tf.int64)})"),
    ("sequence_wrong_size", SEQ + "tf.parse_single_sequence_example(seq, sequence_features={'tok': "
                            "tf.FixedLenSequenceFeature([3], tf.int64)})"),
    ("fixed_len_repr", "tf.FixedLenFeature([2], tf.int64)"),
    ("varlen_repr", "tf.VarLenFeature(tf.string)"),
    ("seq_feature_repr", "tf.FixedLenSequenceFeature([], tf.float32, allow_missing=True)"),
]:
    case("example_" + nm, EX + code)


def main():
    core.write_goldens(OUT, CASES, core.run_case, r"(csv|raw|example)_[a-z0-9_]+",
                       "tensorflow.compat.v1; disable_v2_behavior(); enable_eager_execution(); "
                       "disable_tensor_equality()", "record_parsing_goldens.py")


if __name__ == "__main__":
    main()
