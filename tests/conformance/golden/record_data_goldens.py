"""Record golden values for tf.data (issue 11) from REAL TensorFlow.

Run by hand in the throwaway TensorFlow virtualenv (never a dependency of
tfcompat, never run in CI), from the repository root:

    /tmp/tforacle/bin/python tests/conformance/golden/record_data_goldens.py

It writes tests/conformance/golden/data_goldens.json next to this file.  Case
ids start with ``data_``.  Format and setup: record_core_goldens.py's (whose
encoders this recorder reuses).  A case's value is usually ``list(dataset)``:
every element of an unshuffled pipeline in order, each a tensor (or a tuple /
dict of them) with its dtype, shape and values; or a dataset's
``output_types`` / ``output_shapes``; or the error TF raises.  Shuffled
pipelines are not recorded (their order is random): tests/test_data.py checks
their multiset, length and seed determinism.

TF 2.21's compat.v1 datasets print as ``<_BatchDataset element_spec=...>``; TF 1.x
printed ``<DatasetV1Adapter shapes: ..., types: ...>``, so reprs are not recorded
here (tests/test_data.py checks TF 1.x's text).
"""
import os
import sys
import textwrap

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import record_core_goldens as core  # noqa: E402  (sets up TF 1.x-style eager execution)

OUT = os.path.join(core.HERE, "data_goldens.json")
CASES = []
D = "tf.data.Dataset"


def case(cid, code):
    CASES.append({"id": "data_" + cid, "code": textwrap.dedent(code).strip("\n").replace("D.", D + ".")})


# --- sources ------------------------------------------------------------------------------------------
for nm, expr in [
    ("slices_list", "D.from_tensor_slices([1, 2, 3])"),
    ("slices_list_2d", "D.from_tensor_slices([[1, 2], [3, 4], [5, 6]])"),
    ("slices_float_list", "D.from_tensor_slices([1.5, 2.0])"),
    ("slices_np_int64", "D.from_tensor_slices(np.arange(4))"),
    ("slices_np_int32", "D.from_tensor_slices(np.arange(4, dtype=np.int32))"),
    ("slices_np_float64", "D.from_tensor_slices(np.linspace(0, 1, 3))"),
    ("slices_np_float32_3d", "D.from_tensor_slices(np.arange(12, dtype=np.float32).reshape(2, 3, 2))"),
    ("slices_tensor", "D.from_tensor_slices(tf.constant([[1.0, 2.0], [3.0, 4.0]]))"),
    ("slices_tuple", "D.from_tensor_slices((np.arange(3), np.arange(6.0).reshape(3, 2)))"),
    ("slices_nested_tuple", "D.from_tensor_slices(((np.arange(2), [5, 6]), [7.0, 8.0]))"),
    ("slices_dict", "D.from_tensor_slices({'b': [1, 2], 'a': [[1.0], [2.0]]})"),
    ("slices_dict_in_tuple", "D.from_tensor_slices(({'x': [1, 2]}, [3, 4]))"),
    ("slices_strings", "D.from_tensor_slices(['a', 'bc', ''])"),
    ("slices_bool", "D.from_tensor_slices([True, False])"),
    ("slices_empty", "D.from_tensor_slices(np.zeros((0, 2), np.float32))"),
    ("tensors_list", "D.from_tensors([1, 2, 3])"),
    ("tensors_tuple", "D.from_tensors((1, 2.0, 'x'))"),
    ("tensors_dict", "D.from_tensors({'a': np.arange(2), 'b': 3})"),
    ("tensors_scalar", "D.from_tensors(7)"),
    ("range_stop", "D.range(5)"),
    ("range_start_stop", "D.range(2, 5)"),
    ("range_step", "D.range(1, 10, 3)"),
    ("range_negative_step", "D.range(10, 2, -3)"),
    ("range_empty", "D.range(5, 2)"),
    ("range_tensor_arg", "D.range(tf.constant(3))"),
    ("generator_ints", "D.from_generator(lambda: iter([1, 2, 3]), tf.int64)"),
    ("generator_float", "D.from_generator(lambda: iter([1, 2]), tf.float32)"),
    ("generator_tuple", "D.from_generator(lambda: iter([(1, [1.0]), (2, [2.0])]), (tf.int32, tf.float32))"),
    ("generator_shapes", "D.from_generator(lambda: iter([[1], [2, 3]]), tf.int64, tf.TensorShape([None]))"),
]:
    case(nm, f"list({expr})")
    case(nm + "_types", f"{expr}.output_types")
    case(nm + "_shapes", f"{expr}.output_shapes")

case("slices_mismatched", "D.from_tensor_slices((np.zeros(3), np.zeros(4)))")
case("slices_scalar", "D.from_tensor_slices(1)")
case("range_zero_step", "D.range(1, 5, 0)")
case("generator_bad_shape", "list(D.from_generator(lambda: iter([[1], [2, 3]]), tf.int64, [1]))")
case("output_classes_is_tensor", "D.from_tensor_slices(([1], [2])).output_classes == (tf.Tensor, tf.Tensor)")
case("get_output_shapes", "tf.data.get_output_shapes(D.range(3).batch(2))")
case("get_output_types", "tf.data.get_output_types(D.from_tensor_slices({'a': [1.0]}))")

# --- transformations -----------------------------------------------------------------------------------
for nm, expr in [
    ("batch", "D.range(7).batch(3)"),
    ("batch_drop", "D.range(7).batch(3, drop_remainder=True)"),
    ("batch_exact", "D.range(6).batch(3)"),
    ("batch_tuple", "D.from_tensor_slices((np.arange(5), np.arange(10.0).reshape(5, 2))).batch(2)"),
    ("batch_dict", "D.from_tensor_slices({'a': np.arange(5)}).batch(4)"),
    ("batch_strings", "D.from_tensor_slices(['a', 'b', 'c']).batch(2)"),
    ("batch_batch", "D.range(8).batch(2).batch(3)"),
    ("batch_larger_than_input", "D.range(3).batch(10)"),
    ("padded_batch", "D.range(1, 5).map(lambda x: tf.fill([x], x)).padded_batch(2, padded_shapes=[None])"),
    ("padded_batch_fixed", "D.range(1, 4).map(lambda x: tf.fill([x], x)).padded_batch(2, padded_shapes=[5])"),
    ("padded_batch_value", "D.range(1, 4).map(lambda x: tf.fill([x], x)).padded_batch("
                           "2, padded_shapes=[None], padding_values=tf.constant(-1, tf.int64))"),
    ("padded_batch_tuple", "D.range(1, 4).map(lambda x: (x, tf.fill([x, 2], 1.0))).padded_batch("
                           "2, padded_shapes=([], [None, 3]))"),
    ("padded_batch_drop", "D.range(1, 4).map(lambda x: tf.fill([x], x)).padded_batch("
                          "2, padded_shapes=[None], drop_remainder=True)"),
    ("unbatch", "D.from_tensor_slices(np.arange(12).reshape(2, 3, 2)).unbatch()"),
    ("unbatch_tuple", "D.range(6).batch(4).map(lambda x: (x, x * 2)).unbatch()"),
    ("map", "D.range(5).map(lambda x: x * 2)"),
    ("map_parallel", "D.range(9).map(lambda x: x * x, num_parallel_calls=3)"),
    ("map_tuple_args", "D.from_tensor_slices((np.arange(3), np.arange(3) * 10)).map(lambda a, b: a + b)"),
    ("map_to_tuple", "D.range(3).map(lambda x: (x, tf.cast(x, tf.float32) / 2))"),
    ("map_to_list", "D.range(3).map(lambda x: [x, x + 1])"),
    ("map_dict", "D.from_tensor_slices({'a': [1, 2], 'b': [3, 4]}).map(lambda d: d['a'] * d['b'])"),
    ("map_to_dict", "D.range(2).map(lambda x: {'v': x, 'w': x + 1})"),
    ("map_cast", "D.range(3).map(lambda x: tf.cast(x, tf.float32))"),
    ("map_python_const", "D.range(2).map(lambda x: 1.5)"),
    ("map_shape_value_dependent", "D.range(1, 4).map(lambda x: tf.fill([x], 1))"),
    ("filter", "D.range(10).filter(lambda x: tf.equal(x % 3, 0))"),
    ("filter_tuple", "D.from_tensor_slices((np.arange(6), np.arange(6) * 2)).filter(lambda a, b: a > 2)"),
    ("flat_map", "D.range(4).flat_map(lambda x: D.range(x))"),
    ("flat_map_slices", "D.from_tensor_slices([[1, 2], [3, 4]]).flat_map(D.from_tensor_slices)"),
    ("interleave", "D.range(1, 4).interleave(lambda x: D.from_tensors(x).repeat(4), cycle_length=2, "
                   "block_length=2)"),
    ("interleave_block1", "D.range(1, 4).interleave(lambda x: D.range(x), cycle_length=3)"),
    ("interleave_cycle1", "D.range(3).interleave(lambda x: D.range(x, x + 2), cycle_length=1)"),
    ("zip", "D.zip((D.range(3), D.range(10, 15)))"),
    ("zip_nested", "D.zip((D.range(2), (D.range(2), D.from_tensor_slices(['a', 'b']))))"),
    ("zip_dict", "D.zip({'a': D.range(2), 'b': D.range(5, 9)})"),
    ("concatenate", "D.range(3).concatenate(D.range(10, 12))"),
    ("concatenate_widths", "D.from_tensor_slices([[1, 2]]).concatenate(D.from_tensor_slices([[3, 4, 5]]))"),
    ("repeat", "D.range(3).repeat(2)"),
    ("repeat_zero", "D.range(3).repeat(0)"),
    ("repeat_take", "D.range(3).repeat().take(7)"),
    ("take", "D.range(10).take(3)"),
    ("take_all", "D.range(3).take(-1)"),
    ("take_more", "D.range(3).take(10)"),
    ("skip", "D.range(10).skip(7)"),
    ("skip_all", "D.range(3).skip(-1)"),
    ("skip_take", "D.range(10).skip(2).take(3)"),
    ("shard", "D.range(10).shard(3, 1)"),
    ("shard_last", "D.range(10).shard(4, 3)"),
    ("prefetch", "D.range(5).prefetch(2)"),
    ("prefetch_autotune", "D.range(5).prefetch(tf.data.experimental.AUTOTUNE)"),
    ("cache", "D.range(4).map(lambda x: x + 1).cache()"),
    ("apply", "D.range(5).apply(lambda ds: ds.skip(1).batch(2))"),
    ("window_flat", "D.range(7).window(3).flat_map(lambda w: w.batch(3))"),
    ("window_shift", "D.range(7).window(3, shift=2).flat_map(lambda w: w.batch(3))"),
    ("window_stride", "D.range(7).window(3, shift=1, stride=2).flat_map(lambda w: w.batch(3))"),
    ("window_drop", "D.range(7).window(3, shift=2, drop_remainder=True).flat_map(lambda w: w.batch(3))"),
    ("window_tuple", "D.zip((D.range(5), D.range(5))).window(2).flat_map("
                     "lambda a, b: D.zip((a.batch(2), b.batch(2))))"),
    ("shuffle_one", "D.range(5).shuffle(1)"),
    ("map_and_batch", "D.range(7).apply(tf.data.experimental.map_and_batch(lambda x: x * 2, 3))"),
    ("map_and_batch_drop", "D.range(7).apply(tf.data.experimental.map_and_batch(lambda x: x, 3, "
                           "drop_remainder=True))"),
    ("exp_unbatch", "D.range(4).batch(3).apply(tf.data.experimental.unbatch())"),
    ("ignore_errors", "D.from_tensor_slices([1.0, 0.0, 2.0]).map(lambda x: tf.check_numerics(1.0 / x, 'x'))"
                      ".apply(tf.data.experimental.ignore_errors())"),
    ("parallel_interleave", "D.range(1, 4).apply(tf.data.experimental.parallel_interleave("
                            "lambda x: D.range(x), cycle_length=2))"),
    ("enumerate", "D.range(3, 6).apply(tf.data.experimental.enumerate_dataset(5))"),
]:
    case(nm, f"list({expr})")
    case(nm + "_shapes", f"{expr}.output_shapes")
    case(nm + "_types", f"{expr}.output_types")

for nm, code in [
    ("one_shot_get_next", "it = D.range(2).make_one_shot_iterator()\n[it.get_next(), it.get_next()]"),
    ("one_shot_end", "it = D.range(1).make_one_shot_iterator()\nit.get_next()\nit.get_next()"),
    ("one_shot_tuple", "D.from_tensor_slices(([1, 2], ['a', 'b'])).make_one_shot_iterator().get_next()"),
    ("iter_next", "next(iter(D.range(4).batch(3)))"),
    ("get_single_element", "tf.data.experimental.get_single_element(D.range(3).skip(2))"),
    ("get_single_element_many", "tf.data.experimental.get_single_element(D.range(3))"),
    ("get_single_element_empty", "tf.data.experimental.get_single_element(D.range(0))"),
    ("batch_shape_mismatch", "list(D.range(1, 4).map(lambda x: tf.fill([x], x)).batch(2))"),
    ("batch_zero", "D.range(3).batch(0)"),
    ("shard_bad_index", "D.range(3).shard(2, 2)"),
    ("shard_zero", "D.range(3).shard(0, 0)"),
    ("padded_too_small", "list(D.range(1, 5).map(lambda x: tf.fill([x], x)).padded_batch(2, padded_shapes=[2]))"),
    ("unbatch_scalar", "D.range(3).unbatch()"),
    ("map_error_in_place", "it = iter(D.from_tensor_slices([1.0, 0.0]).map(lambda x: tf.check_numerics(1.0 / x, 'x')))"
                           "\nit.next()\nit.next()"),
    ("map_error_then_next", "it = iter(D.from_tensor_slices([0.0, 2.0]).map(lambda x: tf.check_numerics(1.0 / x, 'x')))"
                            "\ntry:\n    it.next()\nexcept tf.errors.InvalidArgumentError:\n    pass\nit.next()"),
]:
    case(nm, code)


def main():
    core.write_goldens(OUT, CASES, core.run_case, r"data_[a-z0-9_]+",
                       "tensorflow.compat.v1; disable_v2_behavior(); enable_eager_execution(); "
                       "disable_tensor_equality()", "record_data_goldens.py")


if __name__ == "__main__":
    main()
