"""Record golden values for the tf.sparse ops of issue 11, item 4 (reductions, softmax, maximum /
minimum, slice, split, transpose, expand_dims, fill_empty_rows, reset_shape, merge, to_indicator,
mask, the sparse segment reductions, cross, cross_hashed) and tf.edit_distance from REAL TensorFlow.

Run by hand in the throwaway TensorFlow virtualenv (never a dependency of tfcompat, never run
in CI), from the repository root:

    /tmp/tforacle/bin/python tests/conformance/golden/record_sparse_ops_goldens.py

It writes tests/conformance/golden/sparse_ops_goldens.json next to this file.  Case ids start
with ``sparseops_``.  Format and setup: record_core_goldens.py's, whose encoders this recorder
reuses.  A SparseTensor result is recorded as the tuple of its ``indices``, ``values`` and
``dense_shape`` (the ``sp(...)`` helper in each case's code).  The fixed inputs: ``st`` (sorted),
``un`` (unordered indices), ``em`` (no entries) and ``st3`` (rank 3).
"""
import os
import sys
import textwrap

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import record_core_goldens as core  # noqa: E402  (sets up TF 1.x-style eager execution)

OUT = os.path.join(core.HERE, "sparse_ops_goldens.json")
CASES = []
SETUP = textwrap.dedent("""\
    sp = lambda s: (s.indices, s.values, s.dense_shape)
    st = tf.SparseTensor(indices=[[0, 0], [0, 2], [1, 1], [2, 3]], values=[1.0, 2.0, 3.0, 4.0], dense_shape=[3, 4])
    un = tf.SparseTensor(indices=[[1, 2], [0, 3], [0, 1]], values=[1, 2, 3], dense_shape=[2, 4])
    em = tf.SparseTensor(indices=np.zeros([0, 2], np.int64), values=np.zeros([0], np.float32), dense_shape=[2, 3])
    st3 = tf.SparseTensor(indices=[[0, 0, 1], [0, 1, 0], [1, 0, 0], [1, 1, 2]], values=[1.0, -2.0, 3.0, 5.0],
                          dense_shape=[2, 2, 3])
    """)


def case(cid, code):
    CASES.append({"id": "sparseops_" + cid, "code": SETUP + textwrap.dedent(code).strip("\n")})


IDS = "tf.SparseTensor([[0, 0], [0, 1], [1, 0]], [0, 3, 2], [2, 2])"
VALS = "tf.SparseTensor([[0, 0], [0, 1], [1, 0]], [1.0, 2.0, 3.0], [2, 2])"
DATA = "tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])"
A = "tf.SparseTensor([[0, 0], [0, 1], [1, 0]], ['a', 'b', 'c'], [2, 2])"
B = "tf.SparseTensor([[0, 0], [1, 0], [1, 1]], ['x', 'y', 'z'], [2, 2])"
H = "tf.SparseTensor([[0, 0, 0], [1, 0, 0]], ['a', 'b'], [2, 1, 1])"
T = "tf.SparseTensor([[0, 1, 0], [1, 0, 0], [1, 0, 1], [1, 1, 0]], ['a', 'b', 'c', 'a'], [2, 2, 2])"
NONE2 = "tf.SparseTensor(np.zeros([0, 2], np.int64), np.zeros([0], np.int32), [1, 0])"
for nm, expr in [
    # --- reduce_sum, reduce_max and their _sparse forms ---
    ("reduce_sum_all", "tf.sparse.reduce_sum(st)"),
    ("reduce_sum_1", "tf.sparse.reduce_sum(st, 1)"),
    ("reduce_sum_0", "tf.sparse_reduce_sum(st, 0)"),
    ("reduce_sum_keepdims", "tf.sparse.reduce_sum(st, 1, keepdims=True)"),
    ("reduce_sum_v1_names", "tf.sparse_reduce_sum(st, reduction_axes=[0, 1], keep_dims=True)"),
    ("reduce_sum_negative", "tf.sparse.reduce_sum(st, -1)"),
    ("reduce_sum_repeated_axis", "tf.sparse.reduce_sum(st, [0, 0])"),
    ("reduce_sum_unordered", "tf.sparse.reduce_sum(un, 0)"),
    ("reduce_sum_empty", "tf.sparse.reduce_sum(em, 0)"),
    ("reduce_sum_3d", "tf.sparse.reduce_sum(st3, [0, 2])"),
    ("reduce_sum_bad_axis", "tf.sparse.reduce_sum(st, 2)"),
    ("reduce_sum_both_axes", "tf.sparse.reduce_sum(st, axis=1, reduction_axes=1)"),
    ("reduce_sum_strings", "tf.sparse.reduce_sum(tf.SparseTensor([[0], [1]], ['a', 'b'], [2]))"),
    ("reduce_sum_bool", "tf.sparse.reduce_sum(tf.SparseTensor([[0]], [True], [2]))"),
    ("reduce_max_1", "tf.sparse.reduce_max(st, 1)"),
    ("reduce_max_all", "tf.sparse_reduce_max(st)"),
    ("reduce_max_unordered", "tf.sparse.reduce_max(un, 0)"),
    ("reduce_max_empty", "tf.sparse.reduce_max(em, 0)"),
    ("reduce_max_empty_all", "tf.sparse.reduce_max(em)"),
    ("reduce_max_negative_values", "tf.sparse.reduce_max(tf.SparseTensor([[0, 0], [1, 1]], [-1.0, -2.0], [2, 2]), 1)"),
    ("reduce_max_3d_keep", "tf.sparse.reduce_max(st3, 1, keepdims=True)"),
    ("reduce_sum_index_out_of_bounds", "tf.sparse.reduce_sum(tf.SparseTensor([[0, 5], [3, 1]], [1.0, 2.0], [2, 2]), 0)"),
    ("reduce_max_negative_index", "tf.sparse.reduce_max(tf.SparseTensor([[0, -1]], [1.0], [2, 2]), 0)"),
    ("reduce_max_strings", "tf.sparse.reduce_max(tf.SparseTensor([[0]], ['a'], [2]))"),
    ("reduce_sum_sparse_1", "sp(tf.sparse.reduce_sum_sparse(st, 1))"),
    ("reduce_sum_sparse_keep", "sp(tf.sparse_reduce_sum_sparse(un, 1, keepdims=True))"),
    ("reduce_sum_sparse_3d", "sp(tf.sparse.reduce_sum_sparse(st3, [1]))"),
    ("reduce_max_sparse_0", "sp(tf.sparse.reduce_max_sparse(un, 0))"),
    ("reduce_max_sparse_all", "sp(tf.sparse_reduce_max_sparse(st))"),
    ("reduce_max_sparse_empty", "sp(tf.sparse.reduce_max_sparse(em, 1))"),
    # --- softmax, maximum, minimum ---
    ("softmax", "sp(tf.sparse.softmax(st))"),
    ("softmax_3d", "sp(tf.sparse_softmax(st3))"),
    ("softmax_unordered", "sp(tf.sparse.softmax(tf.SparseTensor([[1, 2], [0, 3], [0, 1]], [1.0, 2.0, 3.0], [2, 4])))"),
    ("softmax_float64", "sp(tf.sparse.softmax(tf.SparseTensor([[0, 0], [0, 1]], np.array([1.0, 100.0]), [1, 2])))"),
    ("softmax_int", "tf.sparse.softmax(un)"),
    ("softmax_rank1", "tf.sparse.softmax(tf.SparseTensor([[0]], [1.0], [2]))"),
    ("softmax_empty", "sp(tf.sparse.softmax(em))"),
    ("maximum", "sp(tf.sparse.maximum(st, tf.SparseTensor([[0, 0], [1, 2]], [5.0, -1.0], [3, 4])))"),
    ("minimum", "sp(tf.sparse_minimum(st, tf.SparseTensor([[0, 0], [1, 2]], [5.0, -1.0], [3, 4])))"),
    ("maximum_int", "sp(tf.sparse_maximum(tf.SparseTensor([[0], [2]], [4, -3], [3]), tf.SparseTensor([[1], [2]], [-7, 1], [3])))"),
    ("maximum_empty", "sp(tf.sparse.maximum(em, em))"),
    ("maximum_shapes", "tf.sparse.maximum(st, tf.SparseTensor([[0, 0]], [5.0], [3, 5]))"),
    ("maximum_dtypes", "tf.sparse.maximum(tf.SparseTensor([[0]], [1], [2]), tf.SparseTensor([[0]], [1.0], [2]))"),
    ("maximum_strings", "tf.sparse.maximum(tf.SparseTensor([[0]], ['a'], [2]), tf.SparseTensor([[0]], ['a'], [2]))"),
    ("maximum_unordered", "sp(tf.sparse.maximum(un, un))"),
    # --- slice, split ---
    ("slice", "sp(tf.sparse.slice(st, [0, 1], [2, 2]))"),
    ("slice_past_end", "sp(tf.sparse_slice(st, [1, 0], [5, 5]))"),
    ("slice_outside", "sp(tf.sparse.slice(st, [3, 0], [1, 1]))"),
    ("slice_unordered", "sp(tf.sparse.slice(un, [0, 1], [2, 2]))"),
    ("slice_negative_start", "sp(tf.sparse.slice(st, [-1, 0], [2, 2]))"),
    ("slice_3d", "sp(tf.sparse.slice(st3, [1, 0, 0], [1, 2, 2]))"),
    ("slice_strings", "sp(tf.sparse.slice(" + A + ", [0, 1], [2, 1]))"),
    ("slice_bad_start", "tf.sparse.slice(st, [0], [2])"),
    ("split_1", "[sp(s) for s in tf.sparse.split(sp_input=st, num_split=2, axis=1)]"),
    ("split_0_uneven", "[sp(s) for s in tf.sparse.split(sp_input=st, num_split=2, axis=0)]"),
    ("split_three", "[sp(s) for s in tf.sparse.split(sp_input=st, num_split=3, axis=1)]"),
    ("split_negative_axis", "[sp(s) for s in tf.sparse_split(sp_input=st, num_split=2, axis=-1)]"),
    ("split_unordered", "[sp(s) for s in tf.sparse.split(sp_input=un, num_split=2, axis=1)]"),
    ("split_positional", "tf.sparse.split(st, 2, 1)"),
    ("split_dim_only", "tf.sparse_split(split_dim=0, num_split=3, sp_input=st)"),
    ("split_both_axes", "tf.sparse.split(sp_input=st, num_split=2, axis=0, split_dim=0)"),
    ("split_no_axis", "tf.sparse.split(sp_input=st, num_split=2)"),
    ("split_too_many", "tf.sparse.split(sp_input=st, num_split=5, axis=1)"),
    ("split_no_input", "tf.sparse.split(num_split=2, axis=1)"),
    # --- transpose, expand_dims, reset_shape ---
    ("transpose", "sp(tf.sparse.transpose(st))"),
    ("transpose_perm", "sp(tf.sparse_transpose(st3, [2, 0, 1]))"),
    ("transpose_unordered", "sp(tf.sparse.transpose(un))"),
    ("transpose_identity", "sp(tf.sparse.transpose(un, [0, 1]))"),
    ("expand_dims_0", "sp(tf.sparse.expand_dims(st, 0))"),
    ("expand_dims_last", "sp(tf.sparse.expand_dims(st, -1))"),
    ("expand_dims_1", "sp(tf.sparse.expand_dims(st, 1))"),
    ("expand_dims_default", "sp(tf.sparse.expand_dims(st))"),
    ("expand_dims_neg2", "sp(tf.sparse.expand_dims(st, -2))"),
    ("expand_dims_too_big", "tf.sparse.expand_dims(st, 3)"),
    ("expand_dims_empty", "sp(tf.sparse.expand_dims(em, 0))"),
    ("reset_shape_tight", "sp(tf.sparse.reset_shape(st))"),
    ("reset_shape_tight_unordered", "sp(tf.sparse_reset_shape(un))"),
    ("reset_shape_new", "sp(tf.sparse.reset_shape(st, [5, 6]))"),
    ("reset_shape_smaller", "tf.sparse.reset_shape(st, [2, 6])"),
    ("reset_shape_rank", "tf.sparse.reset_shape(st, [3, 4, 1])"),
    ("reset_shape_empty", "sp(tf.sparse.reset_shape(em))"),
    # --- fill_empty_rows ---
    ("fill_empty_rows_none", "(lambda r: (sp(r[0]), r[1]))(tf.sparse.fill_empty_rows(st, -1.0))"),
    ("fill_empty_rows", "(lambda r: (sp(r[0]), r[1]))(tf.sparse.fill_empty_rows(tf.SparseTensor([[1, 1], [3, 0]], [5, 6], [5, 2]), 9))"),
    ("fill_empty_rows_unordered", "(lambda r: (sp(r[0]), r[1]))(tf.sparse_fill_empty_rows(tf.SparseTensor([[3, 0], [1, 1], [1, 0]], [5, 6, 7], [5, 2]), 9))"),
    ("fill_empty_rows_empty", "(lambda r: (sp(r[0]), r[1]))(tf.sparse.fill_empty_rows(em, 0.5))"),
    ("fill_empty_rows_strings", "(lambda r: (sp(r[0]), r[1]))(tf.sparse.fill_empty_rows(tf.SparseTensor([[0]], ['a'], [3]), 'z'))"),
    ("fill_empty_rows_3d", "(lambda r: (sp(r[0]), r[1]))(tf.sparse.fill_empty_rows(tf.SparseTensor([[1, 0, 1]], [2.0], [3, 2, 2]), 0.0))"),
    ("fill_empty_rows_default_vector", "tf.sparse.fill_empty_rows(st, [1.0])"),
    # --- merge, to_indicator, mask ---
    ("merge", "sp(tf.sparse.merge(" + IDS + ", " + VALS + ", 4))"),
    ("merge_sorted_flag", "sp(tf.sparse_merge(tf.SparseTensor([[0, 0], [0, 1], [1, 0]], np.array([3, 0, 2], np.int64), [2, 2]), " + VALS + ", 4, already_sorted=True))"),
    ("merge_unsorted", "sp(tf.sparse_merge(tf.SparseTensor([[0, 0], [0, 1], [1, 0]], np.array([3, 0, 2], np.int64), [2, 2]), " + VALS + ", 4))"),
    ("merge_multi", "sp(tf.sparse.merge([tf.SparseTensor([[0, 0], [1, 0]], [0, 2], [2, 1]), tf.SparseTensor([[0, 0], [1, 0]], [1, 0], [2, 1])], tf.SparseTensor([[0, 0], [1, 0]], [1.0, 2.0], [2, 1]), [3, 2]))"),
    ("merge_lengths", "tf.sparse.merge([" + IDS + "], " + VALS + ", [4, 5])"),
    ("merge_bad_vocab", "tf.sparse.merge(" + IDS + ", " + VALS + ", 4.0)"),
    ("to_indicator", "tf.sparse.to_indicator(" + IDS + ", 4)"),
    ("to_indicator_oob", "tf.sparse_to_indicator(tf.SparseTensor([[0, 0], [0, 1], [1, 0]], np.array([0, 3, 2], np.int64), [2, 2]), 3)"),
    ("to_indicator_repeated", "tf.sparse.to_indicator(tf.SparseTensor([[0, 0], [0, 1]], [1, 1], [1, 2]), 3)"),
    ("to_indicator_3d", "tf.sparse.to_indicator(tf.SparseTensor([[0, 0, 0], [1, 1, 0]], [2, 0], [2, 2, 1]), 3)"),
    ("mask", "(lambda m: (m.indices, m.values, m.dense_shape))(tf.sparse.mask(tf.IndexedSlices(" + DATA + ", tf.constant([0, 4, 7]), tf.constant([10, 2])), tf.constant([4, 12])))"),
    ("mask_no_shape", "(lambda m: (m.indices, m.values))(tf.sparse_mask(tf.IndexedSlices(tf.constant([1.0, 2.0, 3.0]), tf.constant([5, 4, 7])), [7, 5, 7]))"),
    # --- sparse segment reductions ---
    ("segment_sum", "tf.sparse.segment_sum(" + DATA + ", [0, 2, 1], [0, 0, 2])"),
    ("segment_sum_num_segments", "tf.sparse_segment_sum(" + DATA + ", [0, 2, 1], [0, 0, 2], num_segments=5)"),
    ("segment_mean", "tf.sparse.segment_mean(" + DATA + ", [0, 2, 1], [0, 0, 2])"),
    ("segment_mean_thirds", "tf.sparse_segment_mean(tf.constant([[7.0, 10.0, 11.0, 13.0, 5.0], [0.0] * 5, [0.0] * 5]), [0, 1, 2], [0, 0, 0])"),
    ("segment_sqrt_n", "tf.sparse.segment_sqrt_n(" + DATA + ", [0, 2, 1], [0, 0, 2])"),
    ("segment_sqrt_n_thirds", "tf.sparse_segment_sqrt_n(tf.constant([[7.0, 10.0, 11.0, 13.0, 5.0], [0.0] * 5, [0.0] * 5]), [0, 1, 2], [0, 0, 0])"),
    ("segment_sqrt_n_float64", "tf.sparse.segment_sqrt_n(tf.constant([[7.0, 10.0], [1.0, 2.0], [0.0, 1.0]], tf.float64), [0, 1, 2], [0, 0, 0])"),
    ("segment_sqrt_n_num_segments", "tf.sparse.segment_sqrt_n(" + DATA + ", [0, 2, 1], [0, 0, 2], num_segments=4)"),
    ("segment_mean_num_segments", "tf.sparse.segment_mean(" + DATA + ", [0, 2, 1], [0, 0, 2], num_segments=4)"),
    ("segment_sum_int", "tf.sparse.segment_sum(tf.constant([1, 2, 3]), [2, 2], [0, 1])"),
    ("segment_sum_int64_ids", "tf.sparse.segment_sum(tf.constant([1.0, 2, 3]), np.array([0, 1], np.int64), np.array([0, 0], np.int64))"),
    ("segment_sum_empty", "tf.sparse.segment_sum(tf.constant([1.0, 2, 3]), [], [])"),
    ("segment_sum_3d", "tf.sparse.segment_sum(tf.reshape(tf.range(12.0), [3, 2, 2]), [2, 0], [0, 1])"),
    ("segment_sum_not_increasing", "tf.sparse.segment_sum(tf.constant([1, 2, 3]), [0, 2], [1, 0])"),
    ("segment_sum_bad_index", "tf.sparse.segment_sum(tf.constant([1.0, 2, 3]), [0, 5], [0, 0])"),
    ("segment_sum_sizes", "tf.sparse.segment_sum(tf.constant([1.0, 2, 3]), [0, 1], [0, 0, 1])"),
    ("segment_mean_int", "tf.sparse.segment_mean(tf.constant([1, 2, 3]), [0, 1], [0, 0])"),
    ("segment_sum_big_id", "tf.sparse.segment_sum(tf.constant([1.0, 2, 3]), [0, 1], [0, 5], num_segments=3)"),
    ("segment_sum_negative_id", "tf.sparse.segment_sum(tf.constant([1.0, 2, 3]), [0, 1], [0, -1])"),
    ("segment_sum_float_indices", "tf.sparse.segment_sum(tf.constant([1.0]), [0.0], [0])"),
    ("segment_sum_float_ids", "tf.sparse.segment_sum(tf.constant([1.0]), [0], [0.0])"),
    ("segment_sum_scalar_data", "tf.sparse.segment_sum(tf.constant(1.0), [0], [0])"),
    ("segment_sum_matrix_indices", "tf.sparse.segment_sum(tf.constant([1.0]), [[0]], [0])"),
    ("segment_sum_strings", "tf.sparse.segment_sum(tf.constant(['a']), [0], [0])"),
    # --- cross, cross_hashed ---
    ("cross", "sp(tf.sparse.cross([" + A + ", " + B + "]))"),
    ("cross_mixed", "sp(tf.sparse.cross([tf.SparseTensor([[0, 0], [1, 0]], ['a', 'c'], [2, 1]), tf.constant([['d', 'e'], ['f', 'g']]), tf.SparseTensor([[0, 0], [0, 1]], np.array([1, 2], np.int64), [2, 2])]))"),
    ("cross_empty_row", "sp(tf.sparse.cross([tf.SparseTensor([[0, 0], [0, 1]], ['a', 'b'], [3, 2]), tf.constant([['d'], ['e'], ['f']])]))"),
    ("cross_one", "sp(tf.sparse.cross([tf.constant([['a', 'b']])]))"),
    ("cross_ints", "sp(tf.sparse.cross([tf.constant([[1, -2]]), tf.constant([[30]], tf.int64)]))"),
    ("cross_three", "sp(tf.sparse.cross([" + A + ", " + B + ", tf.constant([['p', 'q'], ['r', 's']])]))"),
    ("cross_not_list", "tf.sparse.cross('a')"),
    ("cross_vector", "tf.sparse.cross([tf.constant(['a'])])"),
    ("cross_batch", "tf.sparse.cross([" + A + ", tf.constant([['d']])])"),
    ("cross_hashed", "sp(tf.sparse.cross_hashed([" + A + ", " + B + "]))"),
    ("cross_hashed_buckets", "sp(tf.sparse.cross_hashed([" + A + ", " + B + "], num_buckets=100))"),
    ("cross_hashed_key", "sp(tf.sparse.cross_hashed([tf.SparseTensor([[0, 0], [1, 0]], np.array([5, 6], np.int64), [2, 1]), tf.constant([['d'], ['e']])], num_buckets=1000, hash_key=7))"),
    ("cross_hashed_single", "sp(tf.sparse.cross_hashed([tf.constant([['a']])]))"),
    ("cross_hashed_ints", "sp(tf.sparse.cross_hashed([tf.constant([[1, -2]], tf.int64), tf.constant([[3, 2 ** 40]], tf.int64)]))"),
    ("cross_hashed_three", "sp(tf.sparse.cross_hashed([" + A + ", " + B + ", tf.constant([['p'], ['r']])], num_buckets=10 ** 9))"),
    # --- edit_distance ---
    ("edit_distance", "tf.edit_distance(" + H + ", " + T + ", normalize=False)"),
    ("edit_distance_normalized", "tf.edit_distance(" + H + ", " + T + ")"),
    ("edit_distance_ints", "tf.edit_distance(tf.SparseTensor([[0, 0], [0, 1], [0, 2]], [1, 2, 3], [1, 3]), tf.SparseTensor([[0, 0], [0, 1]], [1, 3], [1, 2]))"),
    ("edit_distance_words", "tf.edit_distance(tf.SparseTensor([[0, 0], [0, 1], [0, 2], [0, 3], [0, 4], [0, 5]], list('kitten'), [1, 6]), tf.SparseTensor([[0, 0], [0, 1], [0, 2], [0, 3], [0, 4], [0, 5], [0, 6]], list('sitting'), [1, 7]), normalize=False)"),
    ("edit_distance_empty_truth", "tf.edit_distance(tf.SparseTensor([[0, 0]], [1], [1, 1]), " + NONE2 + ")"),
    ("edit_distance_empty_truth_raw", "tf.edit_distance(tf.SparseTensor([[0, 0]], [1], [1, 1]), " + NONE2 + ", normalize=False)"),
    ("edit_distance_bigger_truth", "tf.edit_distance(tf.SparseTensor([[0, 0]], [1], [2, 1]), tf.SparseTensor(np.zeros([0, 2], np.int64), np.zeros([0], np.int32), [3, 5]))"),
    ("edit_distance_dtypes", "tf.edit_distance(tf.SparseTensor([[0, 0]], [1], [1, 1]), tf.SparseTensor([[0, 0]], [1.0], [1, 1]))"),
    ("edit_distance_ranks", "tf.edit_distance(tf.SparseTensor([[0, 0]], [1], [1, 1]), tf.SparseTensor([[0, 0, 0]], [1], [1, 1, 1]))"),
    ("edit_distance_dense", "tf.edit_distance(tf.constant([[1]]), tf.SparseTensor([[0, 0]], [1], [1, 1]))"),
    ("edit_distance_dense_truth", "tf.edit_distance(tf.SparseTensor([[0, 0]], [1], [1, 1]), tf.constant([[1]]))"),
    ("edit_distance_index_out_of_bounds", "tf.edit_distance(tf.SparseTensor([[0, 5], [3, 1]], [1, 2], [2, 2]), tf.SparseTensor([[0, 0]], [1], [2, 2]))"),
    ("edit_distance_no_output", "tf.edit_distance(tf.SparseTensor(np.zeros([0, 2], np.int64), np.zeros([0], np.int32), [0, 5]), tf.SparseTensor(np.zeros([0, 2], np.int64), np.zeros([0], np.int32), [0, 5]))"),
    # --- gradients ---
    ("grad_reduce_sum", "v = tf.constant([1.0, 2.0, 3.0])\nwith tf.GradientTape() as g:\n    g.watch(v)\n"
                        "    y = tf.reduce_sum(tf.sparse.reduce_sum(tf.SparseTensor([[0, 0], [1, 2], [1, 0]], v, [2, 3]), 1) ** 2)\n"
                        "g.gradient(y, v)"),
    ("grad_softmax", "v = tf.constant([1.0, 2.0, 3.0])\nwith tf.GradientTape() as g:\n    g.watch(v)\n"
                     "    y = tf.reduce_sum(tf.sparse.softmax(tf.SparseTensor([[0, 0], [0, 2], [1, 0]], v, [2, 3])).values * [1.0, 2.0, 3.0])\n"
                     "g.gradient(y, v)"),
    ("grad_segment_mean", "d = " + DATA + "\nwith tf.GradientTape() as g:\n    g.watch(d)\n"
                          "    y = tf.reduce_sum(tf.sparse.segment_mean(d, [0, 2, 0], [0, 0, 1]) * [[1.0, 2.0], [3.0, 4.0]])\n"
                          "g.gradient(y, d)"),
]:
    case(nm, expr)


def main():
    core.write_goldens(OUT, CASES, core.run_case, r"sparseops_[a-z0-9_]+",
                       "tensorflow.compat.v1; disable_v2_behavior(); enable_eager_execution(); "
                       "disable_tensor_equality()", "record_sparse_ops_goldens.py")


if __name__ == "__main__":
    main()
