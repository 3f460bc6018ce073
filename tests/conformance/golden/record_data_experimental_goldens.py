"""Record golden values for the tf.data.experimental transformations (issue 11) from REAL TensorFlow.

Run by hand in the throwaway TensorFlow virtualenv (never a dependency of tfcompat, never run
in CI), from the repository root:

    /tmp/tforacle/bin/python tests/conformance/golden/record_data_experimental_goldens.py

It writes tests/conformance/golden/data_experimental_goldens.json next to this file.  Case ids
start with ``dataexp_``.  Format and setup: record_core_goldens.py's (whose encoders this
recorder reuses), values as record_data_goldens.py records them: ``list(dataset)`` of an
unshuffled pipeline (every element in order with its dtype, shape and values), a dataset's
``output_types`` / ``output_shapes``, ``cardinality``, or the error TF raises.  Random
pipelines (sample_from_datasets, RandomDataset, rejection_resample) are not recorded:
tests/test_data_experimental.py checks their proportions and seed determinism.
"""
import os
import sys
import textwrap

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import record_core_goldens as core  # noqa: E402  (sets up TF 1.x-style eager execution)

OUT = os.path.join(core.HERE, "data_experimental_goldens.json")
CASES = []
D = "tf.data.Dataset"
E = "tf.data.experimental"


def case(cid, code):
    CASES.append({"id": "dataexp_" + cid,
                  "code": textwrap.dedent(code).strip("\n").replace("D.", D + ".").replace("E.", E + ".")})


RAGGED = "D.range(1, 8).map(lambda x: tf.fill([x], x))"
SUM = "E.Reducer(lambda k: np.int64(0), lambda s, x: s + x, lambda s: s)"
LISTING = "E.Reducer(lambda k: tf.zeros([0], tf.int64), lambda s, x: tf.concat([s, [x]], 0), lambda s: s)"

# --- pipelines: elements, output_types, output_shapes, cardinality ----------------------------------------------
for nm, expr in [
    ("gbw", "D.range(10).apply(E.group_by_window(lambda x: x % 3, lambda k, w: w.batch(2), 2))"),
    ("gbw_flush_order", "D.from_tensor_slices(np.array([5, 1, 3, 2, 0, 4, 9, 7])).apply("
                        "E.group_by_window(lambda x: (8 - x) % 4, lambda k, w: w.batch(5), 5))"),
    ("gbw_size_func", "D.range(12).apply(E.group_by_window(lambda x: x % 2, lambda k, w: w.batch(4), "
                      "window_size_func=lambda k: k + 2))"),
    ("gbw_key_out", "D.range(10).apply(E.group_by_window(lambda x: x % 2, lambda k, w: D.from_tensors(k), 3))"),
    ("gbw_tuple", "D.from_tensor_slices((np.arange(6), np.arange(6) * 10)).apply("
                  "E.group_by_window(lambda a, b: a % 2, lambda k, w: w.batch(3), 3))"),
    ("gbw_zip_window", "D.range(6).apply(E.group_by_window(lambda x: x % 2, "
                       "lambda k, w: D.zip((w.batch(2), w.map(lambda x: x * 2).batch(2))), 2))"),
    ("gbw_padded", RAGGED + ".apply(E.group_by_window(lambda x: tf.size(x, out_type=tf.int64) % 2, "
                   "lambda k, w: w.padded_batch(2, [None]), 2))"),
    ("bucket", RAGGED + ".apply(E.bucket_by_sequence_length(lambda x: tf.shape(x)[0], [3, 5], [2, 2, 2]))"),
    ("bucket_sizes", RAGGED + ".apply(E.bucket_by_sequence_length(lambda x: tf.shape(x)[0], [4], [3, 1]))"),
    ("bucket_boundary", RAGGED + ".apply(E.bucket_by_sequence_length(lambda x: tf.shape(x)[0], [3, 9], [2, 2, 2], "
                        "pad_to_bucket_boundary=True))"),
    ("bucket_drop", RAGGED + ".apply(E.bucket_by_sequence_length(lambda x: tf.shape(x)[0], [3, 5], [2, 2, 2], "
                    "drop_remainder=True))"),
    ("bucket_no_padding", "D.range(10).apply(E.bucket_by_sequence_length(lambda x: x, [4], [3, 2], "
                          "no_padding=True))"),
    ("bucket_no_padding_int32", "D.range(10).apply(E.bucket_by_sequence_length(lambda x: tf.cast(x, tf.int32), "
                                "[4], [3, 2], no_padding=True))"),
    ("bucket_python_length", "D.range(1, 6).apply(E.bucket_by_sequence_length(lambda x: 3, [4], [2, 2], "
                             "no_padding=True))"),
    ("gbw_python_key", "D.range(5).apply(E.group_by_window(lambda x: 1, lambda k, w: w.batch(2), 2))"),
    ("bucket_padded_shapes", RAGGED + ".apply(E.bucket_by_sequence_length(lambda x: tf.shape(x)[0], [4], [2, 2], "
                             "padded_shapes=[8]))"),
    ("bucket_padding_values", RAGGED + ".apply(E.bucket_by_sequence_length(lambda x: tf.shape(x)[0], [4], [2, 2], "
                              "padding_values=np.int64(-1)))"),
    ("bucket_tuple", "D.range(1, 6).map(lambda x: (tf.fill([x], x), tf.fill([x, 2], 1.0))).apply("
                     "E.bucket_by_sequence_length(lambda a, b: tf.size(a), [3], [2, 2]))"),
    ("bucket_dict", "D.range(1, 6).map(lambda x: {'a': tf.fill([x], x), 'n': x}).apply("
                    "E.bucket_by_sequence_length(lambda d: tf.size(d['a']), [3], [2, 2]))"),
    ("gbr_sum", f"D.range(10).apply(E.group_by_reducer(lambda x: x % 3, {SUM}))"),
    ("gbr_sorted", f"D.from_tensor_slices(np.array([5, 3, 1, 4, 2, 0])).apply(E.group_by_reducer(lambda x: x % 3, {SUM}))"),
    ("gbr_listing", f"D.range(7).apply(E.group_by_reducer(lambda x: x % 2, {LISTING}))"),
    ("gbr_tuple_state", "D.range(6).apply(E.group_by_reducer(lambda x: x % 2, E.Reducer("
                        "lambda k: (np.int64(0), np.int64(1)), lambda s, x: (s[0] + x, s[1] * (x + 1)), "
                        "lambda a, b: (a, b))))"),
    ("gbr_finalize", "D.range(6).apply(E.group_by_reducer(lambda x: x % 2, E.Reducer(lambda k: k, "
                     "lambda s, x: s + x, lambda s: tf.cast(s, tf.float32) / 2)))"),
    ("scan", "D.range(6).apply(E.scan(np.int64(0), lambda s, x: (s + x, s * 2)))"),
    ("scan_tuple_state", "D.range(5).apply(E.scan((np.int64(0), np.int64(1)), "
                         "lambda s, x: ((s[1], s[0] + s[1]), s[0])))"),
    ("scan_growing", "D.range(4).apply(E.scan(tf.zeros([0], tf.int64), lambda s, x: (tf.concat([s, [x]], 0), s)))"),
    ("scan_tuple_in", "D.from_tensor_slices((np.arange(4), np.arange(4) * 2.0)).apply("
                      "E.scan(0.0, lambda s, ab: (s + tf.cast(ab[1], tf.float32), (ab[0], s))))"),
    ("scan_list_out", "D.range(4).apply(E.scan(np.int64(1), lambda s, x: [s * 2, s + x]))"),
    ("take_while", "D.range(10).apply(E.take_while(lambda x: x < 4))"),
    ("take_while_none", "D.range(10).apply(E.take_while(lambda x: x > 4))"),
    ("take_while_tuple", "D.from_tensor_slices((np.arange(5), np.arange(5) * 2)).apply("
                         "E.take_while(lambda a, b: b < 5))"),
    ("unique", "D.from_tensor_slices([3, 1, 3, 2, 1, 5]).apply(E.unique())"),
    ("unique_int64", "D.range(10).map(lambda x: x % 4).apply(E.unique())"),
    ("unique_strings", "D.from_tensor_slices(['b', 'a', 'b', '', 'a']).apply(E.unique())"),
    ("unique_vectors", "D.from_tensor_slices([[1, 2], [1, 2], [2, 1]]).apply(E.unique())"),
    ("unique_ragged", "D.range(1, 8).map(lambda x: tf.fill([x % 2 + 1], 1)).apply(E.unique())"),
    ("choose", "E.choose_from_datasets([D.from_tensors(0).repeat(3), D.from_tensors(1).repeat(2)], "
               "D.from_tensor_slices(np.array([0, 1, 1, 1, 0, 0, 0])))"),
    ("choose_three", "E.choose_from_datasets([D.range(3), D.range(10, 13), D.range(20, 23)], "
                     "D.range(3).repeat(3))"),
    ("choose_shapes_join", "E.choose_from_datasets([D.from_tensors([1]), D.from_tensors([1, 2])], "
                           "D.from_tensor_slices(np.array([1, 0])))"),
    ("sample_one", "E.sample_from_datasets([D.range(3)])"),
    ("counter", "E.Counter().take(3)"),
    ("counter_start_step", "E.Counter(3, 2).take(3)"),
    ("counter_negative", "E.Counter(5, -2).take(4)"),
    ("counter_float", "E.Counter(1, 0.5, tf.float32).take(3)"),
    ("counter_int32", "E.Counter(0, 3, tf.int32).take(3)"),
    ("counter_zip", "D.zip((E.Counter(), D.from_tensor_slices(['a', 'b'])))"),
    ("enumerate_method", "D.range(3, 6).enumerate(5)"),
    ("enumerate_default", "D.from_tensor_slices(['a', 'b']).enumerate()"),
    ("copy_to_device", "D.range(3).apply(E.copy_to_device('/cpu:0'))"),
    ("prefetch_to_device", "D.range(3).apply(E.prefetch_to_device('/cpu:0'))"),
    ("prefetch_to_device_size", "D.range(3).map(lambda x: (x, x * 2)).apply(E.prefetch_to_device('/cpu:0', 2))"),
]:
    case(nm, f"list({expr})")
    case(nm + "_types", f"{expr}.output_types")
    case(nm + "_shapes", f"{expr}.output_shapes")
    case(nm + "_cardinality", f"E.cardinality({expr})")

# --- cardinality of the core transformations (TF 1.15's kernel rules) ----------------------------------------
for nm, expr in [
    ("range", "D.range(7)"), ("range_step", "D.range(1, 10, 4)"), ("slices", "D.from_tensor_slices([1, 2, 3])"),
    ("tensors", "D.from_tensors([1, 2, 3])"), ("generator", "D.from_generator(lambda: iter([1]), tf.int64)"),
    ("batch", "D.range(7).batch(3)"), ("batch_drop", "D.range(7).batch(3, drop_remainder=True)"),
    ("padded_batch", "D.range(7).padded_batch(3, [])"), ("map", "D.range(7).map(lambda x: x)"),
    ("filter", "D.range(7).filter(lambda x: x > 2)"), ("flat_map", "D.range(4).flat_map(lambda x: D.range(x))"),
    ("interleave", "D.range(4).interleave(lambda x: D.range(x), cycle_length=2)"),
    ("repeat", "D.range(3).repeat(4)"), ("repeat_forever", "D.range(3).repeat()"),
    ("repeat_empty", "D.range(0).repeat()"), ("repeat_zero", "D.range(3).repeat(0)"),
    ("take", "D.range(7).take(3)"), ("take_more", "D.range(3).take(7)"), ("take_all", "D.range(3).take(-1)"),
    ("take_infinite", "D.range(3).repeat().take(5)"), ("skip", "D.range(7).skip(3)"),
    ("skip_more", "D.range(3).skip(7)"), ("skip_all", "D.range(3).skip(-1)"),
    ("skip_infinite", "D.range(3).repeat().skip(5)"), ("shard", "D.range(7).shard(3, 1)"),
    ("shard_last", "D.range(7).shard(3, 2)"), ("zip", "D.zip((D.range(3), D.range(5)))"),
    ("zip_infinite", "D.zip((D.range(3).repeat(), D.range(4)))"),
    ("zip_unknown", "D.zip((D.range(3).filter(lambda x: True), D.range(4)))"),
    ("concatenate", "D.range(3).concatenate(D.range(4))"),
    ("concatenate_unknown", "D.range(3).concatenate(D.range(4).filter(lambda x: True))"),
    ("concatenate_infinite", "D.range(3).repeat().concatenate(D.range(4).filter(lambda x: True))"),
    ("shuffle_cache_prefetch", "D.range(7).cache().shuffle(3).prefetch(1)"),
    ("unbatch", "D.range(6).batch(2).unbatch()"), ("window", "D.range(7).window(3, 2)"),
    ("window_drop", "D.range(7).window(3, 2, drop_remainder=True)"),
    ("window_stride", "D.range(9).window(3, 1, 2, drop_remainder=True)"),
    ("ignore_errors", "D.range(3).apply(E.ignore_errors())"),
    ("enumerate", "D.range(7).apply(E.enumerate_dataset())"),
    ("map_and_batch", "D.range(7).apply(E.map_and_batch(lambda x: x, 2))"),
    ("shuffle_and_repeat", "D.range(7).apply(E.shuffle_and_repeat(3, 2))"),
    ("random", "E.RandomDataset(1)"), ("random_take", "E.RandomDataset(1).take(3)"),
    ("sample", "E.sample_from_datasets([D.range(3), D.range(4)], seed=1)"),
]:
    case("cardinality_" + nm, f"E.cardinality({expr})")

case("cardinality_constants", "(E.INFINITE_CARDINALITY, E.UNKNOWN_CARDINALITY)")
case("random_types", "E.RandomDataset(1).output_types")
case("random_shapes", "E.RandomDataset(1).output_shapes")
case("random_seeded_repeats", "a = [int(x) for x in E.RandomDataset(7).take(4)]\n"
                              "b = [int(x) for x in E.RandomDataset(7).take(4)]\na == b")
case("sample_types", "E.sample_from_datasets([D.range(3), D.range(4)], [0.5, 0.5], seed=1).output_types")
case("sample_multiset", "sorted(int(x) for x in E.sample_from_datasets([D.range(3), D.range(10, 14)], seed=1))")
case("rejection_resample_types", "D.range(4).map(lambda x: (x % 2, 1.0)).apply(E.rejection_resample("
                                 "lambda c, v: c, [0.5, 0.5], [0.5, 0.5])).output_types")
case("rejection_resample_shapes", "D.range(4).map(lambda x: (x % 2, 1.0)).apply(E.rejection_resample("
                                  "lambda c, v: c, [0.5, 0.5], [0.5, 0.5])).output_shapes")
case("rejection_resample_identity", "list(D.range(4).map(lambda x: (x % 2, 1.0)).apply(E.rejection_resample("
                                    "lambda c, v: c, [0.5, 0.5], [0.5, 0.5])))")

# --- reduce, Optional, get_structure ---------------------------------------------------------------------------
for nm, code in [
    ("reduce_sum", "D.range(5).reduce(np.int64(0), lambda s, x: s + x)"),
    ("reduce_empty", "D.range(0).reduce(np.int64(7), lambda s, x: s + x)"),
    ("reduce_tuple", "D.range(1, 5).reduce((np.int64(0), np.int64(1)), lambda s, x: (s[0] + x, s[1] * x))"),
    ("reduce_growing", "D.range(4).reduce(tf.zeros([0], tf.int64), lambda s, x: tf.concat([s, [x]], 0))"),
    ("reduce_dict", "D.from_tensor_slices({'a': [1.0, 2.0], 'b': [3, 4]}).reduce("
                    "np.float32(0), lambda s, d: s + d['a'])"),
    ("reduce_bad_state", "D.range(3).reduce(np.int64(0), lambda s, x: tf.cast(s + x, tf.int32))"),
    ("optional_from_value", "o = E.Optional.from_value(tf.constant([1, 2]))\n(o.has_value(), o.get_value())"),
    ("optional_from_tuple", "E.Optional.from_value((tf.constant(1), tf.constant('a'))).get_value()"),
    ("next_as_optional", "it = D.range(2).make_one_shot_iterator()\n"
                         "[E.get_next_as_optional(it).get_value() for _ in range(2)]"),
    ("next_as_optional_end", "it = D.range(1).make_one_shot_iterator()\nit.get_next()\n"
                             "E.get_next_as_optional(it).has_value()"),
    ("next_as_optional_end_value", "it = D.range(1).make_one_shot_iterator()\nit.get_next()\n"
                                   "E.get_next_as_optional(it).get_value()"),
    ("next_as_optional_tuple", "it = D.from_tensor_slices(([1, 2], ['a', 'b'])).make_one_shot_iterator()\n"
                               "E.get_next_as_optional(it).get_value()"),
    ("get_structure", "E.get_structure(D.range(2))"),
    ("get_structure_tuple", "E.get_structure(D.from_tensor_slices(([1], [[1.0, 2.0]])))"),
    ("get_structure_batch", "E.get_structure(D.range(5).batch(2))"),
    ("get_structure_iterator", "E.get_structure(D.range(5).make_one_shot_iterator())"),
    ("get_structure_bad", "E.get_structure(3)"),
    ("tensor_structure", "E.TensorStructure(tf.float32, [2, None])"),
    ("with_options_elements", "o = tf.data.Options()\nlist(D.range(3).with_options(o))"),
    # errors
    ("gbw_key_vector", "D.range(10).apply(E.group_by_window(lambda x: [x, x], lambda k, w: w.batch(2), 2))"),
    ("gbw_key_int32", "D.range(10).apply(E.group_by_window(lambda x: tf.cast(x % 3, tf.int32), "
                      "lambda k, w: w.batch(2), 2))"),
    ("gbw_window_int32", "D.range(10).apply(E.group_by_window(lambda x: x % 3, lambda k, w: w.batch(2), "
                         "window_size_func=lambda k: tf.constant(2)))"),
    ("gbr_key_int32", f"D.range(5).apply(E.group_by_reducer(lambda x: tf.cast(x, tf.int32), {SUM}))"),
    ("gbw_window_zero", "list(D.range(10).apply(E.group_by_window(lambda x: x % 3, lambda k, w: w.batch(2), 0)))"),
    ("gbw_window_negative", "list(D.range(4).apply(E.group_by_window(lambda x: x % 3, lambda k, w: w, "
                            "window_size_func=lambda k: k - 1)))"),
    ("gbw_reduce_not_dataset", "D.range(10).apply(E.group_by_window(lambda x: x % 3, lambda k, w: 1, 2))"),
    ("bucket_lengths_mismatch", "E.bucket_by_sequence_length(lambda x: x, [3, 5], [2, 2])"),
    ("bucket_beyond_boundary", "list(" + RAGGED + ".apply(E.bucket_by_sequence_length(lambda x: tf.shape(x)[0], "
                               "[3, 5], [2, 2, 2], pad_to_bucket_boundary=True)))"),
    ("bucket_padded_too_small", "list(" + RAGGED + ".apply(E.bucket_by_sequence_length(lambda x: tf.shape(x)[0], "
                                "[4], [2, 2], padded_shapes=[2])))"),
    ("gbr_key_vector", f"D.range(5).apply(E.group_by_reducer(lambda x: [x, x], {SUM}))"),
    ("scan_not_pair", "D.range(5).apply(E.scan(np.int64(0), lambda s, x: s + x))"),
    ("scan_state_type", "D.range(5).apply(E.scan(np.int32(0), lambda s, x: (x, x)))"),
    ("take_while_not_bool", "D.range(10).apply(E.take_while(lambda x: x))"),
    ("take_while_vector", "D.range(10).apply(E.take_while(lambda x: tf.stack([x < 3, x < 4])))"),
    ("unique_float", "D.from_tensor_slices([3.0, 1.0]).apply(E.unique())"),
    ("unique_tuple", "D.from_tensor_slices(([3], [1])).apply(E.unique())"),
    ("choose_int32", "E.choose_from_datasets([D.range(3)], D.from_tensor_slices([0, 0]))"),
    ("choose_out_of_range", "list(E.choose_from_datasets([D.range(3)], D.from_tensor_slices(np.array([0, 1]))))"),
    ("choose_types_differ", "E.choose_from_datasets([D.range(3), D.from_tensors(1.0)], D.range(1))"),
    ("sample_int_weights", "E.sample_from_datasets([D.range(3), D.range(3)], [1, 2])"),
    ("sample_weights_length", "E.sample_from_datasets([D.range(3), D.range(3)], [1.0, 2.0, 3.0])"),
    ("optional_none_value", "E.get_next_as_optional(iter(D.range(0))).get_value()"),
]:
    case(nm, code)


def main():
    core.write_goldens(OUT, CASES, core.run_case, r"dataexp_[a-z0-9_]+",
                       "tensorflow.compat.v1; disable_v2_behavior(); enable_eager_execution(); "
                       "disable_tensor_equality()", "record_data_experimental_goldens.py")


if __name__ == "__main__":
    main()
