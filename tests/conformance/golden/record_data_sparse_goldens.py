"""Record golden values for tf.SparseTensor components in tf.data and the batched Example parsers
(issue 11) from REAL TensorFlow.

Run by hand in the throwaway TensorFlow virtualenv (never a dependency of tfcompat, never run
in CI), from the repository root:

    /tmp/tforacle/bin/python tests/conformance/golden/record_data_sparse_goldens.py

It writes tests/conformance/golden/data_sparse_goldens.json next to this file.  Case ids start
with ``datasparse_``.  Format and setup: record_core_goldens.py's, whose encoders this recorder
reuses; as in record_parsing_goldens.py a SparseTensor is recorded as the tuple of its
``indices``, ``values`` and ``dense_shape`` (``ev`` applies that to every component of an element).
A case's value is ``[ev(e) for e in dataset]`` (every element of an unshuffled pipeline, in order),
the dataset's ``output_types`` / ``output_shapes``, which of its components are SparseTensors
(``output_classes``, as booleans), or the error TF raises.
"""
import os
import sys
import textwrap

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import record_core_goldens as core  # noqa: E402  (sets up TF 1.x-style eager execution)

OUT = os.path.join(core.HERE, "data_sparse_goldens.json")
CASES = []
D = "tf.data.Dataset"
EV = ("sp = lambda s: (s.indices, s.values, s.dense_shape) if isinstance(s, tf.SparseTensor) else s\n"
      "ev = lambda e: (tuple(ev(i) for i in e) if isinstance(e, tuple) else "
      "{k: ev(v) for k, v in e.items()} if isinstance(e, dict) else sp(e))\n")
CLS = ("cls = lambda c: (tuple(cls(i) for i in c) if isinstance(c, tuple) else "
       "{k: cls(v) for k, v in c.items()} if isinstance(c, dict) else c is tf.SparseTensor)\n")
SPARSE = "tf.SparseTensor([[0, 0], [1, 0], [1, 2]], [1, 2, 3], [3, 4])"
SPARSE3 = "tf.SparseTensor([[0, 1, 1], [2, 0, 0]], [1.0, 2.0], [3, 2, 2])"
STRINGS = "tf.SparseTensor([[0, 1], [2, 0]], ['a', 'b'], [3, 2])"
VARLEN = "D.range(1, 5).map(lambda x: tf.SparseTensor(tf.reshape(tf.range(x), [-1, 1]), tf.range(x), [x]))"


def case(cid, code):
    CASES.append({"id": "datasparse_" + cid, "code": textwrap.dedent(code).strip("\n").replace("D.", D + ".")})


def pipeline(nm, expr):
    case(nm, EV + f"[ev(e) for e in {expr}]")
    case(nm + "_types", f"{expr}.output_types")
    case(nm + "_shapes", f"{expr}.output_shapes")
    case(nm + "_classes", CLS + f"cls(tf.data.get_output_classes({expr}))")


# --- sources and transformations ----------------------------------------------------------------------
for nm, expr in [
    ("tensors", f"D.from_tensors({SPARSE})"),
    ("tensors_value", "D.from_tensors(tf.SparseTensorValue([[0], [2]], [1.5, 2.5], [4]))"),
    ("tensors_mixed", f"D.from_tensors(({SPARSE}, {{'d': [1.0, 2.0], 's': {STRINGS}}}))"),
    ("slices", f"D.from_tensor_slices({SPARSE})"),
    ("slices_rank3", f"D.from_tensor_slices({SPARSE3})"),
    ("slices_strings", f"D.from_tensor_slices({STRINGS})"),
    ("slices_empty", "D.from_tensor_slices(tf.SparseTensor(np.zeros((0, 2), np.int64), np.zeros(0, np.float32), "
                     "[2, 3]))"),
    ("slices_mixed", f"D.from_tensor_slices(({{'a': {SPARSE}}}, [1, 2, 3]))"),
    ("batch", f"D.from_tensor_slices({SPARSE}).batch(2)"),
    ("batch_drop", f"D.from_tensor_slices({SPARSE}).batch(2, drop_remainder=True)"),
    ("batch_mixed", f"D.from_tensor_slices(({{'a': {SPARSE}}}, [1, 2, 3])).batch(2)"),
    ("batch_strings", f"D.from_tensor_slices({STRINGS}).batch(3)"),
    ("batch_repeat", f"D.from_tensors({SPARSE}).repeat(2).batch(2)"),
    ("batch_varlen", f"{VARLEN}.batch(3)"),
    ("batch_batch", f"{VARLEN}.batch(2).batch(2)"),
    ("unbatch", f"D.from_tensors({SPARSE}).unbatch()"),
    ("unbatch_batched", f"{VARLEN}.batch(3).unbatch()"),
    ("unbatch_mixed", f"D.from_tensors(({SPARSE3}, [7, 8, 9])).unbatch()"),
    ("unbatch_strings_mixed", f"D.from_tensors(({SPARSE}, ['a', 'b', 'c'], [[1.0], [2.0], [3.0]])).unbatch()"),
    ("map_varlen", VARLEN),
    ("map_to_dense", f"D.from_tensor_slices({SPARSE}).map(lambda s: tf.sparse.to_dense(s))"),
    ("map_values", f"D.from_tensor_slices({SPARSE}).map(lambda s: s.values * 10)"),
    ("map_tuple", f"D.from_tensor_slices(({SPARSE}, [1, 2, 3])).map(lambda s, d: (d, s))"),
    ("map_const_shape", "D.range(3).map(lambda x: tf.SparseTensor([[0, 1]], tf.reshape(x, [1]), [2, 3]))"),
    ("filter", f"D.from_tensor_slices({SPARSE}).filter(lambda s: tf.size(s.values) > 0)"),
    ("repeat_take_skip", f"D.from_tensor_slices({SPARSE}).repeat(2).skip(1).take(4)"),
    ("cache", f"D.from_tensor_slices({SPARSE}).cache()"),
    ("prefetch", f"D.from_tensor_slices({SPARSE}).prefetch(2)"),
    ("zip", f"D.zip((D.from_tensor_slices({SPARSE}), D.range(3)))"),
    ("concatenate", f"D.from_tensor_slices({SPARSE}).concatenate(D.from_tensor_slices({SPARSE}).take(1))"),
    ("concatenate_sizes", f"D.from_tensors({SPARSE}).concatenate(D.from_tensors(tf.SparseTensor([[0, 0]], [7], "
                           "[5, 5])))"),
    ("flat_map", f"D.from_tensors({SPARSE}).flat_map(lambda s: D.from_tensor_slices(s))"),
    ("interleave", f"D.range(2).interleave(lambda x: D.from_tensor_slices({SPARSE}), cycle_length=2)"),
    ("window_flat", f"D.from_tensor_slices({SPARSE}).window(2).flat_map(lambda w: w.batch(2))"),
    ("dense_to_sparse_batch", "D.from_tensor_slices([[1, 2], [3, 4], [5, 6]]).apply("
                              "tf.data.experimental.dense_to_sparse_batch(2, [4]))"),
    ("dense_to_sparse_batch_none", "D.range(1, 4).map(lambda x: tf.fill([x, 2], x)).apply("
                                   "tf.data.experimental.dense_to_sparse_batch(2, [None, 3]))"),
    ("dense_to_sparse_batch_zeros", "D.from_tensor_slices([[1, 0], [0, 0]]).apply("
                                    "tf.data.experimental.dense_to_sparse_batch(2, [4]))"),
    ("dense_to_sparse_batch_strings", "D.from_tensor_slices([['a'], ['b']]).apply("
                                      "tf.data.experimental.dense_to_sparse_batch(2, [4]))"),
]:
    pipeline(nm, expr)

for nm, code in [
    ("get_next", f"it = D.from_tensor_slices({SPARSE}).make_one_shot_iterator()\nsp(it.get_next())"),
    ("get_next_end", f"it = D.from_tensors({SPARSE}).make_one_shot_iterator()\nit.get_next()\nit.get_next()"),
    ("iter_next", f"sp(next(iter(D.from_tensor_slices({SPARSE}).batch(3))))"),
    ("is_sparse_tensor", f"isinstance(next(iter(D.from_tensors({SPARSE}))), tf.SparseTensor)"),
    ("get_single_element", f"sp(tf.data.experimental.get_single_element(D.from_tensors({SPARSE})))"),
    ("slices_out_of_order", "D.from_tensor_slices(tf.SparseTensor([[0, 0], [1, 2], [1, 0]], [1, 2, 3], [3, 4]))"),
    ("slices_rank1", "D.from_tensor_slices(tf.SparseTensor([[1]], [5], [3]))"),
    ("slices_mismatched", f"D.from_tensor_slices(({SPARSE}, [1, 2]))"),
    ("unbatch_rank1", "list(D.from_tensors(tf.SparseTensor([[1]], [5], [3])).unbatch())"),
    ("batch_rank_mismatch", f"list(D.from_tensors({SPARSE}).concatenate(D.from_tensors("
                            "tf.SparseTensor([[0]], [1], [1]))).batch(2))"),
    ("concatenate_dense", f"D.from_tensors({SPARSE}).concatenate(D.from_tensors(tf.constant([[1]])))"),
    ("dense_to_sparse_batch_larger", "list(D.range(1, 4).map(lambda x: tf.fill([x], x)).apply("
                                     "tf.data.experimental.dense_to_sparse_batch(2, [2])))"),
    ("dense_to_sparse_batch_rank", "list(D.range(2).apply(tf.data.experimental.dense_to_sparse_batch(2, [2])))"),
    ("dense_to_sparse_batch_zero", "D.range(2).map(lambda x: tf.fill([1], x)).apply("
                                   "tf.data.experimental.dense_to_sparse_batch(0, [2]))"),
]:
    case(nm, EV + code)


# --- Example parsing in pipelines ------------------------------------------------------------------------
EXAMPLES = ("ex = lambda i: tf.train.Example(features=tf.train.Features(feature={"
            "'v': tf.train.Feature(int64_list=tf.train.Int64List(value=list(range(i)))), "
            "'f': tf.train.Feature(float_list=tf.train.FloatList(value=[float(i)])), "
            "'idx': tf.train.Feature(int64_list=tf.train.Int64List(value=[i % 3, 4])), "
            "'val': tf.train.Feature(bytes_list=tf.train.BytesList(value=[b'a' * i, b'z']))}))"
            ".SerializeToString()\n"
            "serialized = [ex(i) for i in range(1, 5)]\n")
FEATURES = "{'v': tf.VarLenFeature(tf.int64), 'f': tf.FixedLenFeature([], tf.float32)}"
SPARSE_FEATURE = "{'sf': tf.SparseFeature('idx', 'val', tf.string, 6), 'f': tf.FixedLenFeature([], tf.float32)}"
for nm, expr in [
    ("parse_single", f"D.from_tensor_slices(serialized).map(lambda s: tf.parse_single_example(s, {FEATURES}))"),
    ("parse_single_batch", f"D.from_tensor_slices(serialized).map(lambda s: tf.parse_single_example(s, {FEATURES}))"
                           ".batch(3)"),
    ("parse_example_map", f"D.from_tensor_slices(serialized).batch(3).map(lambda s: tf.parse_example(s, {FEATURES}))"),
    ("parse_example_dataset", f"D.from_tensor_slices(serialized).batch(3).apply("
                              f"tf.data.experimental.parse_example_dataset({FEATURES}))"),
    ("parse_example_dataset_sparse_feature", f"D.from_tensor_slices(serialized).batch(2).apply("
                                             f"tf.data.experimental.parse_example_dataset({SPARSE_FEATURE}))"),
    ("parse_single_sparse_feature", f"D.from_tensor_slices(serialized).map(lambda s: tf.parse_single_example("
                                    f"s, {SPARSE_FEATURE}))"),
]:
    case(nm, EXAMPLES + EV + f"[ev(e) for e in {expr}]")
    case(nm + "_shapes", EXAMPLES + f"{expr}.output_shapes")
    case(nm + "_classes", EXAMPLES + CLS + f"cls(tf.data.get_output_classes({expr}))")

# --- SparseFeature ----------------------------------------------------------------------------------------
TWO = ("def ex(d):\n"
       "    kinds = {int: 'int64_list', float: 'float_list', bytes: 'bytes_list'}\n"
       "    lists = {'int64_list': tf.train.Int64List, 'float_list': tf.train.FloatList, "
       "'bytes_list': tf.train.BytesList}\n"
       "    feature = {k: tf.train.Feature(**{kinds[type(v[0])]: lists[kinds[type(v[0])]](value=v)}) "
       "for k, v in d.items()}\n"
       "    return tf.train.Example(features=tf.train.Features(feature=feature)).SerializeToString()\n"
       "s = [ex({'i': [3, 1, 0], 'v': [1.0, 2.0, 3.0], 'j': [0, 1, 1]}), ex({'i': [2], 'v': [5.0], 'j': [2]})]\n")
for nm, code in [
    ("basic", "sp(tf.parse_example(s, {'x': tf.SparseFeature('i', 'v', tf.float32, 4)})['x'])"),
    ("already_sorted", "sp(tf.parse_example(s, {'x': tf.SparseFeature('i', 'v', tf.float32, 4, "
                       "already_sorted=True)})['x'])"),
    ("two_index_keys", "sp(tf.parse_example(s, {'x': tf.SparseFeature(['i', 'j'], 'v', tf.float32, [4, 3])})['x'])"),
    ("single", "sp(tf.parse_single_example(s[0], {'x': tf.SparseFeature('i', 'v', tf.float32, 4)})['x'])"),
    ("io_name", "sp(tf.io.parse_single_example(s[1], {'x': tf.io.SparseFeature('i', 'v', tf.float32, 4)})['x'])"),
    ("with_raw_key", "ev(tf.parse_example(s, {'x': tf.SparseFeature('i', 'v', tf.float32, 4), "
                     "'i': tf.VarLenFeature(tf.int64)}))"),
    ("missing", "sp(tf.parse_example([ex({'q': [1]})], {'x': tf.SparseFeature('i', 'v', tf.float32, 4)})['x'])"),
    ("count_mismatch", "tf.parse_example([ex({'i': [1, 2], 'v': [1.0]})], "
                       "{'x': tf.SparseFeature('i', 'v', tf.float32, 4)})"),
    ("index_not_int", "tf.parse_example([ex({'i': [1.5], 'v': [1.0]})], "
                      "{'x': tf.SparseFeature('i', 'v', tf.float32, 4)})"),
    ("size_not_list", "tf.parse_example(s, {'x': tf.SparseFeature(['i', 'j'], 'v', tf.float32, 4)})"),
    ("size_none", "tf.parse_example(s, {'x': tf.SparseFeature('i', 'v', tf.float32, None)})"),
    ("conflicting_type", "tf.parse_example(s, {'x': tf.SparseFeature('i', 'v', tf.float32, 4), "
                         "'v': tf.VarLenFeature(tf.int64)})"),
    ("dense_key", "tf.parse_example(s, {'x': tf.SparseFeature('i', 'v', tf.float32, 4), "
                  "'v': tf.FixedLenFeature([3], tf.float32)})"),
    ("bad_dtype", "tf.parse_example(s, {'x': tf.SparseFeature('i', 'v', tf.int32, 4)})"),
]:
    case("sparse_feature_" + nm, TWO + EV + code)

# --- make_batched_features_dataset ----------------------------------------------------------------------------
FILES = (EXAMPLES + "import os, tempfile\n"
         "folder = tempfile.mkdtemp()\n"
         "for n in range(2):\n"
         "    with tf.io.TFRecordWriter(os.path.join(folder, f'part-{n}.tfrecord')) as w:\n"
         "        for i in range(1 + 3 * n, 4 + 3 * n):\n"
         "            w.write(ex(i))\n"
         "pattern = os.path.join(folder, 'part-*.tfrecord')\n")
MBF = "tf.data.experimental.make_batched_features_dataset"
for nm, expr in [
    ("basic", f"{MBF}(pattern, 2, {FEATURES}, num_epochs=1, shuffle=False)"),
    ("label", f"{MBF}(pattern, 4, {FEATURES}, label_key='f', num_epochs=1, shuffle=False)"),
    ("epochs", f"{MBF}(pattern, 4, {FEATURES}, num_epochs=2, shuffle=False)"),
    ("drop_final", f"{MBF}(pattern, 4, {FEATURES}, num_epochs=1, shuffle=False, drop_final_batch=True)"),
    ("sparse_feature", f"{MBF}(pattern, 3, {SPARSE_FEATURE}, num_epochs=1, shuffle=False)"),
    ("contrib", f"tf.data.experimental.make_batched_features_dataset(pattern, 5, {FEATURES}, num_epochs=1, "
                "shuffle=False, reader=tf.data.TFRecordDataset, reader_num_threads=1, parser_num_threads=1)"),
]:
    case("batched_features_" + nm, FILES + EV + f"[ev(e) for e in {expr}]")
    case("batched_features_" + nm + "_shapes", FILES + f"{expr}.output_shapes")
case("batched_features_endless_shapes", FILES + f"{MBF}(pattern, 2, {FEATURES}, shuffle=False).output_shapes")
case("batched_features_endless_take", FILES + EV + f"[ev(e) for e in {MBF}(pattern, 4, {FEATURES}, "
     "shuffle=False).take(3)]")
case("batched_features_bad_label", FILES + f"{MBF}(pattern, 2, {FEATURES}, label_key='nope', num_epochs=1)")
case("batched_features_no_files", f"{MBF}('/nonexistent-folder/none-*', 2, {FEATURES})")
case("parse_example_dataset_scalars", EXAMPLES + f"D.from_tensor_slices(serialized).apply("
     f"tf.data.experimental.parse_example_dataset({FEATURES}))")

# --- type specs and conversion ----------------------------------------------------------------------------------
for nm, code in [
    ("spec_repr", "repr(tf.SparseTensorSpec([2, None], tf.int32))"),
    ("spec_default", "repr(tf.SparseTensorSpec())"),
    ("spec_shape", "tf.SparseTensorSpec([2, None], tf.int32).shape"),
    ("spec_dtype", "tf.SparseTensorSpec([2, None], tf.int32).dtype"),
    ("spec_value_type", "tf.SparseTensorSpec([2]).value_type is tf.SparseTensor"),
    ("spec_equal", "tf.SparseTensorSpec([2, None], tf.int32) == tf.SparseTensorSpec([2, None], tf.int32)"),
    ("spec_not_equal", "tf.SparseTensorSpec([2, None], tf.int32) == tf.SparseTensorSpec([2, 3], tf.int32)"),
    ("spec_compatible", "tf.SparseTensorSpec([2, None], tf.int32).is_compatible_with(tf.SparseTensorSpec([2, 3], "
                        "tf.int32))"),
    ("spec_incompatible_dtype", "tf.SparseTensorSpec([2, None], tf.int32).is_compatible_with("
                                "tf.SparseTensorSpec([2, 3], tf.float32))"),
    ("spec_from_value", f"repr(tf.SparseTensorSpec.from_value({SPARSE}))"),
    ("structure", "repr(tf.data.experimental.SparseTensorStructure(tf.int64, [3]))"),
    ("convert_sparse", f"sp(tf.convert_to_tensor_or_sparse_tensor({SPARSE}))"),
    ("convert_value", "sp(tf.convert_to_tensor_or_sparse_tensor(tf.SparseTensorValue([[0]], [1.5], [2])))"),
    ("convert_dense", "tf.convert_to_tensor_or_sparse_tensor([1, 2])"),
    ("convert_dense_dtype", "tf.convert_to_tensor_or_sparse_tensor([1, 2], tf.int64)"),
]:
    case(nm, EV + code)

# --- tf.io.parse_sequence_example (batches of SequenceExamples) ------------------------------------------------
SEQ = ("def se(ctx, fl):\n"
       "    context = tf.train.Features(feature={k: tf.train.Feature(int64_list=tf.train.Int64List(value=v)) "
       "for k, v in ctx.items()})\n"
       "    lists = tf.train.FeatureLists(feature_list={k: tf.train.FeatureList(feature=[tf.train.Feature("
       "float_list=tf.train.FloatList(value=s)) for s in v]) for k, v in fl.items()})\n"
       "    return tf.train.SequenceExample(context=context, feature_lists=lists).SerializeToString()\n"
       "s = [se({'c': [1], 'cv': [1, 2]}, {'f': [[1.0, 2.0], [3.0, 4.0]], 'v': [[1.0], [2.0, 3.0]]}), "
       "se({'c': [2], 'cv': []}, {'f': [[5.0, 6.0]], 'v': [[], [4.0], [5.0, 6.0, 7.0]]})]\n")
CONTEXT = "{'c': tf.FixedLenFeature([], tf.int64), 'cv': tf.VarLenFeature(tf.int64)}"
SEQUENCE = "{'f': tf.FixedLenSequenceFeature([2], tf.float32), 'v': tf.VarLenFeature(tf.float32)}"
for nm, code in [
    ("both", f"ev(tf.io.parse_sequence_example(s, context_features={CONTEXT}, sequence_features={SEQUENCE}))"),
    ("context_only", f"ev(tf.io.parse_sequence_example(s, context_features={CONTEXT}))"),
    ("sequence_only", f"ev(tf.io.parse_sequence_example(s, sequence_features={SEQUENCE}))"),
    ("one_example", f"ev(tf.io.parse_sequence_example(s[1:], {CONTEXT}, {SEQUENCE}))"),
    ("allow_missing", "ev(tf.io.parse_sequence_example(s, sequence_features={'g': tf.FixedLenSequenceFeature("
                      "[2], tf.float32, allow_missing=True)}))"),
    ("example_names", f"ev(tf.io.parse_sequence_example(s, {CONTEXT}, example_names=['a', 'b']))"),
    ("no_features", "tf.io.parse_sequence_example(s)"),
    ("bad_item_shape", "tf.io.parse_sequence_example(s, sequence_features={'f': tf.FixedLenSequenceFeature("
                       "[3], tf.float32)})"),
    ("missing_list", "tf.io.parse_sequence_example(s, sequence_features={'g': tf.FixedLenSequenceFeature("
                     "[2], tf.float32)})"),
]:
    case("sequence_" + nm, SEQ + EV + code)

# --- tf.io.decode_json_example (compared through parsing: TF's C++ JSON reader writes repeated fields unpacked,
# the protobuf runtime packed, and map entries in another order, so the bytes differ while the Examples agree) ---
JSON = ("j = '{\"features\": {\"feature\": {\"a\": {\"int64List\": {\"value\": [\"1\", 2]}}, "
        "\"b\": {\"floatList\": {\"value\": [1.5]}}, \"c\": {\"bytesList\": {\"value\": [\"aGk=\"]}}}}}'\n"
        "F = {'a': tf.VarLenFeature(tf.int64), 'b': tf.FixedLenFeature([], tf.float32), "
        "'c': tf.VarLenFeature(tf.string)}\n")
for nm, code in [
    ("parsed", "ev(tf.parse_example(tf.io.decode_json_example([j, j]), F))"),
    ("scalar_parsed", "ev(tf.parse_single_example(tf.decode_json_example(j), F))"),
    ("empty", "tf.io.decode_json_example(['{}'])"),
    ("shape", "tf.io.decode_json_example([[j], [j]]).shape"),
    ("bad_json", "tf.io.decode_json_example('{bad')"),
    ("unknown_field", "tf.io.decode_json_example('{\"x\": 1}')"),
    ("not_string", "tf.io.decode_json_example(tf.constant(3))"),
]:
    case("json_" + nm, JSON + EV + code)


def main():
    core.write_goldens(OUT, CASES, core.run_case, r"datasparse_[a-z0-9_]+",
                       "tensorflow.compat.v1; disable_v2_behavior(); enable_eager_execution(); "
                       "disable_tensor_equality()", "record_data_sparse_goldens.py")


if __name__ == "__main__":
    main()
