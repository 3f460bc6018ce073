"""Record golden values for tf.RaggedTensor, tf.ragged, the Unicode string ops and tf.strings.ngrams
(issue 11) from REAL TensorFlow.

Run by hand in the throwaway TensorFlow virtualenv (never a dependency of tfcompat, never run
in CI), from the repository root:

    /tmp/tforacle/bin/python tests/conformance/golden/record_ragged_goldens.py

It writes tests/conformance/golden/ragged_goldens.json next to this file, and regenerates
tfcompat/_src/ops/unicode_script_table.py (the ICU Script property of every code point, as
tf.strings.unicode_script reports it, stored as ranges).  Case ids start with ``ragged_``
(RaggedTensor and tf.ragged), ``unicode_`` (the Unicode ops) or ``ngrams_``.  Format and setup:
record_core_goldens.py's, whose encoders this recorder reuses.  A RaggedTensor outcome is an
``object`` (its str and repr, ``<tf.RaggedTensor [...]>``); the ``parts(...)`` helper of a case
records its flat values and row splits as tensors (dtypes included).
"""
import os
import sys
import textwrap

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import record_core_goldens as core  # noqa: E402  (sets up TF 1.x-style eager execution)

tf = core.tf
OUT = os.path.join(core.HERE, "ragged_goldens.json")
TABLE = os.path.join(core.HERE, "..", "..", "..", "tfcompat", "_src", "ops", "unicode_script_table.py")
CASES = []
PARTS = "parts = lambda r: (r.flat_values, r.nested_row_splits)\n"
# TF 2.x prints a RaggedTensor with NumPy-style line wrapping and shortest float32 digits, TF 1.15 as
# "<tf.RaggedTensor %s>" % to_list(): cases record a ragged result as (type, to_list(), dtype, rank),
# and only the str_/repr_ cases record the printed text.
SHOW = ("show = lambda r: ('RaggedTensor', r.to_list(), r.dtype, r.shape.ndims) if isinstance(r, tf.RaggedTensor) "
        "else tuple(show(x) for x in r) if type(r) is tuple else r\n")


def case(cid, code):
    lines = textwrap.dedent(code).strip("\n").split("\n")
    if not lines[-1].startswith(("str(", "repr(", "type(")):
        lines[-1] = f"show({lines[-1]})"
    CASES.append({"id": cid, "code": SHOW + "\n".join(lines)})


# --- RaggedTensor factories -----------------------------------------------------------------------
for nm, expr in [
    ("from_row_splits", "tf.RaggedTensor.from_row_splits([3, 1, 4, 1, 5, 9, 2, 6], [0, 4, 4, 7, 8, 8])"),
    ("from_row_splits_int32", "tf.RaggedTensor.from_row_splits([1, 2, 3], np.array([0, 1, 3], np.int32))"),
    ("from_row_splits_float", "tf.RaggedTensor.from_row_splits([1.5, 2.5], [0, 0, 2])"),
    ("from_row_splits_strings", "tf.RaggedTensor.from_row_splits(['a', 'b', 'c'], [0, 1, 3])"),
    ("from_row_splits_2d_values", "tf.RaggedTensor.from_row_splits([[1, 2], [3, 4], [5, 6]], [0, 2, 3])"),
    ("from_row_lengths", "tf.RaggedTensor.from_row_lengths([3, 1, 4, 1, 5, 9, 2, 6], [4, 0, 3, 1, 0])"),
    ("from_value_rowids", "tf.RaggedTensor.from_value_rowids([3, 1, 4, 1, 5, 9, 2, 6], [0, 0, 0, 0, 2, 2, 2, 3], nrows=5)"),
    ("from_value_rowids_no_nrows", "tf.RaggedTensor.from_value_rowids([3, 1, 4], [0, 2, 2])"),
    ("from_row_starts", "tf.RaggedTensor.from_row_starts([3, 1, 4, 1, 5, 9, 2, 6], [0, 4, 4, 7, 8])"),
    ("from_row_limits", "tf.RaggedTensor.from_row_limits([3, 1, 4, 1, 5, 9, 2, 6], [4, 4, 7, 8, 8])"),
    ("from_nested_row_splits", "tf.RaggedTensor.from_nested_row_splits([1, 2, 3, 4, 5], ([0, 2, 3], [0, 1, 3, 5]))"),
    ("from_nested_row_lengths", "tf.RaggedTensor.from_nested_row_lengths([1, 2, 3, 4, 5], ([2, 1], [1, 2, 2]))"),
    ("from_nested_value_rowids", "tf.RaggedTensor.from_nested_value_rowids([1, 2, 3, 4, 5], ([0, 0, 1], [0, 1, 1, 2, 2]))"),
    ("from_nested_value_rowids_nrows", "tf.RaggedTensor.from_nested_value_rowids([1, 2, 3], ([0, 0, 2], [0, 1, 1]), [4, 3])"),
    ("from_tensor", "tf.RaggedTensor.from_tensor([[1, 2, 0], [3, 0, 0]])"),
    ("from_tensor_padding", "tf.RaggedTensor.from_tensor([[1, 2, 0], [3, 0, 0], [0, 0, 0]], padding=0)"),
    ("from_tensor_padding_inner", "tf.RaggedTensor.from_tensor([[[1, 1], [0, 0]], [[0, 0], [2, 0]]], padding=[0, 0])"),
    ("from_tensor_lengths", "tf.RaggedTensor.from_tensor([[1, 2, 0], [3, 0, 0]], lengths=[2, 1])"),
    ("from_tensor_lengths_long", "tf.RaggedTensor.from_tensor([[1, 2], [3, 4]], lengths=[5, 0])"),
    ("from_tensor_ragged_rank2", "tf.RaggedTensor.from_tensor(np.arange(12).reshape([2, 2, 3]), ragged_rank=2)"),
    ("from_tensor_ragged_rank2_lengths", "tf.RaggedTensor.from_tensor(np.arange(12).reshape([2, 2, 3]), lengths=[1, 2, 0, 3], ragged_rank=2)"),
    ("from_tensor_strings", "tf.RaggedTensor.from_tensor([['a', ''], ['b', 'c']], padding='')"),
    ("from_tensor_int32_splits", PARTS + "parts(tf.RaggedTensor.from_tensor([[1, 2]], row_splits_dtype=tf.int32))"),
    ("from_sparse", "tf.RaggedTensor.from_sparse(tf.SparseTensor([[0, 0], [0, 1], [2, 0]], [1, 2, 3], [4, 5]))"),
    ("from_sparse_parts", PARTS + "parts(tf.RaggedTensor.from_sparse(tf.SparseTensor([[0, 0], [2, 0]], [1.0, 2.0], [3, 5])))"),
    ("parts", PARTS + "parts(tf.RaggedTensor.from_row_splits([1, 2, 3], [0, 1, 3]))"),
    ("parts_int32", PARTS + "parts(tf.RaggedTensor.from_row_lengths([1, 2, 3], tf.constant([1, 2])))"),
    ("parts_nested", PARTS + "parts(tf.ragged.constant([[[1], [2, 3]], [], [[4]]]))"),
    # validation
    ("bad_splits_zero", "tf.RaggedTensor.from_row_splits([1, 2, 3], [1, 3])"),
    ("bad_splits_order", "tf.RaggedTensor.from_row_splits([1, 2, 3], [0, 3, 2])"),
    ("bad_splits_nvals", "tf.RaggedTensor.from_row_splits([1, 2, 3], [0, 2])"),
    ("bad_splits_empty", "tf.RaggedTensor.from_row_splits([1, 2, 3], [])"),
    ("bad_splits_float", "tf.RaggedTensor.from_row_splits([1, 2, 3], [0.0, 3.0])"),
    ("bad_splits_no_validate", "tf.RaggedTensor.from_row_splits([1, 2, 3], [0, 2], validate=False).row_splits"),
    ("bad_lengths", "tf.RaggedTensor.from_row_lengths([1, 2, 3], [2, -1, 2])"),
    ("bad_lengths_sum", "tf.RaggedTensor.from_row_lengths([1, 2, 3], [1, 1])"),
    ("bad_rowids", "tf.RaggedTensor.from_value_rowids([1, 2, 3], [0, 2, 1])"),
    ("bad_starts", "tf.RaggedTensor.from_row_starts([1, 2, 3], [1, 2])"),
    ("bad_limits", "tf.RaggedTensor.from_row_limits([1, 2, 3], [2, 1, 3])"),
    ("bad_validate_type", "tf.RaggedTensor.from_row_splits([1, 2, 3], [0, 3], validate=1)"),
    ("bad_scalar_values", "tf.RaggedTensor.from_row_splits(1, [0, 1])"),
    ("bad_from_tensor_both", "tf.RaggedTensor.from_tensor([[1]], lengths=[1], padding=0)"),
    ("bad_from_tensor_rank", "tf.RaggedTensor.from_tensor([1, 2])"),
    ("bad_constructor", "tf.RaggedTensor([1, 2], [0, 2])"),
    ("bad_from_sparse", "tf.RaggedTensor.from_sparse(tf.SparseTensor([[0, 1]], [1], [2, 2]))"),
    ("bad_from_sparse_rank", "tf.RaggedTensor.from_sparse(tf.SparseTensor([[0, 1, 0]], [1], [2, 2, 2]))"),
]:
    case("ragged_" + nm, expr)

# --- accessors, conversions -----------------------------------------------------------------------
RT = "rt = tf.ragged.constant([[3, 1, 4, 1], [], [5, 9, 2], [6], []])\n"
R3 = "r3 = tf.ragged.constant([[[1, 2], [3]], [], [[4, 5, 6], [], [7]]])\n"
RF = "rf = tf.ragged.constant([[[1.0, 2.0], [3.0, 4.0]], [[5.0, 6.0]]], ragged_rank=1)\n"
for nm, code in [
    ("values", RT + "rt.values"),
    ("row_splits", RT + "rt.row_splits"),
    ("flat_values", R3 + "r3.flat_values"),
    ("nested_row_splits", R3 + "r3.nested_row_splits"),
    ("row_lengths", RT + "rt.row_lengths()"),
    ("row_lengths_axis2", R3 + "r3.row_lengths(axis=2)"),
    ("row_lengths_axis_neg", R3 + "r3.row_lengths(-1)"),
    ("row_lengths_uniform", RF + "rf.row_lengths(axis=2)"),
    ("value_rowids", RT + "rt.value_rowids()"),
    ("nrows", RT + "rt.nrows()"),
    ("nrows_int32", RT + "rt.nrows(out_type=tf.int32)"),
    ("row_starts", RT + "rt.row_starts()"),
    ("row_limits", RT + "rt.row_limits()"),
    ("nested_row_lengths", R3 + "r3.nested_row_lengths()"),
    ("bounding_shape", R3 + "r3.bounding_shape()"),
    ("bounding_shape_uniform", RF + "rf.bounding_shape()"),
    ("shape", RT + "rt.shape"),
    ("shape_3", R3 + "r3.shape"),
    ("shape_uniform", RF + "rf.shape"),
    ("dtype", RT + "rt.dtype"),
    ("ragged_rank", R3 + "r3.ragged_rank"),
    ("with_values", RT + "rt.with_values(rt.values * 2)"),
    ("with_flat_values", R3 + "r3.with_flat_values(tf.cast(r3.flat_values, tf.float32))"),
    ("with_values_bad", RT + "rt.with_values([1, 2])"),
    ("to_tensor", RT + "rt.to_tensor()"),
    ("to_tensor_default", RT + "rt.to_tensor(default_value=-1)"),
    ("to_tensor_3", R3 + "r3.to_tensor(9)"),
    ("to_tensor_uniform", RF + "rf.to_tensor()"),
    ("to_tensor_strings", "tf.ragged.constant([['a'], ['b', 'c']]).to_tensor()"),
    ("to_tensor_strings_default", "tf.ragged.constant([['a'], ['b', 'c']]).to_tensor('?')"),
    ("to_tensor_empty", "tf.ragged.constant([[], []]).to_tensor()"),
    ("to_sparse", "sp = lambda s: (s.indices, s.values, s.dense_shape)\n" + RT + "sp(rt.to_sparse())"),
    ("to_sparse_3", "sp = lambda s: (s.indices, s.values, s.dense_shape)\n" + R3 + "sp(r3.to_sparse())"),
    ("to_sparse_uniform", "sp = lambda s: (s.indices, s.values, s.dense_shape)\n" + RF + "sp(rf.to_sparse())"),
    ("to_list", RT + "rt.to_list()"),
    ("to_list_3", R3 + "r3.to_list()"),
    ("to_list_float", RF + "rf.to_list()"),
    ("to_list_strings", "tf.ragged.constant([['a'], []]).to_list()"),
    ("str", RT + "str(rt)"),
    ("repr", R3 + "repr(r3)"),
    ("repr_float", "repr(tf.ragged.constant([[0.1, 2.5], []]))"),
    ("repr_bool", "repr(tf.ragged.constant([[True], [False, True]]))"),
    ("is_tensor", RT + "tf.is_tensor(rt)"),
    ("convert_fails", RT + "tf.add(rt, 1)"),
    ("dispatch_log", "tf.math.log(tf.ragged.constant([[1.0, 2.0], [], [4.0]]))"),
    ("dispatch_cast", RT + "tf.cast(rt, tf.float32)"),
    ("dispatch_maximum", RT + "tf.maximum(rt, 2)"),
    ("dispatch_multiply", RT + "tf.multiply(rt, rt)"),
    ("dispatch_equal", RT + "tf.equal(rt, 1)"),
    ("dispatch_scalar_first", RT + "tf.subtract(10, rt)"),
    ("dispatch_mismatched", RT + "tf.add(rt, tf.ragged.constant([[1], [2]]))"),
    ("dispatch_dtype", RT + "tf.sqrt(rt)"),
    ("dense_plus_ragged", RT + "tf.constant(1) + rt"),
    ("dense_minus_ragged", RT + "tf.constant(10) - rt"),
    ("dense_compare_ragged", RT + "tf.constant(5) > rt"),
    ("dense_inner_plus_ragged", RF + "tf.constant([10.0, 20.0]) + rf"),
    # --- indexing (TF's ragged_getitem_test) ---
    ("getitem_0", RT + "rt[0]"),
    ("getitem_neg", RT + "rt[-2]"),
    ("getitem_oob", RT + "rt[5]"),
    ("getitem_slice", RT + "rt[1:3]"),
    ("getitem_slice_neg", RT + "rt[-3:]"),
    ("getitem_slice_step", RT + "rt[::2]"),
    ("getitem_slice_rev", RT + "rt[::-1]"),
    ("getitem_empty_slice", RT + "rt[3:1]"),
    ("getitem_elem", RT + "rt[0, 2]"),
    ("getitem_elem_neg", RT + "rt[2, -1]"),
    ("getitem_inner_slice", RT + "rt[:, 1:3]"),
    ("getitem_inner_slice_neg", RT + "rt[:, -2:]"),
    ("getitem_inner_step", RT + "rt[:, ::2]"),
    ("getitem_inner_rev", RT + "rt[:, ::-1]"),
    ("getitem_inner_int", RT + "rt[:, 0]"),
    ("getitem_ellipsis", R3 + "r3[..., :1]"),
    ("getitem_ellipsis_row", R3 + "r3[2, ...]"),
    ("getitem_3_row_col", R3 + "r3[2, 0]"),
    ("getitem_3_slices", R3 + "r3[1:, :2, 1:]"),
    ("getitem_3_full", R3 + "r3[2, 0, 1]"),
    ("getitem_newaxis", RT + "rt[tf.newaxis, 1:3]"),
    ("getitem_inner_newaxis", RT + "rt[:, tf.newaxis]"),
    ("getitem_too_many", RT + "rt[..., 0, 0, 0]"),
    ("getitem_uniform", RF + "rf[:, :, 1]"),
    ("getitem_uniform_slice", RF + "rf[0, :, 1]"),
    ("getitem_tensor_key", RT + "rt[tf.constant(2)]"),
    ("getitem_bad_key", RT + "rt['a']"),
    # --- operators and elementwise ---
    ("add_scalar", RT + "rt + 1"),
    ("radd_scalar", RT + "10 + rt"),
    ("add_ragged", RT + "rt + rt"),
    ("sub", RT + "rt - 1"),
    ("mul", RT + "rt * rt"),
    ("truediv", RT + "rt / 2"),
    ("floordiv", RT + "rt // 2"),
    ("mod", RT + "rt % 2"),
    ("pow", RT + "rt ** 2"),
    ("neg", RT + "-rt"),
    ("abs", "abs(tf.ragged.constant([[-1.5], [2.0, -3.0]]))"),
    ("compare", RT + "rt > 2"),
    ("and", "tf.ragged.constant([[True, False], [True]]) & tf.ragged.constant([[True, True], [False]])"),
    ("invert", "~tf.ragged.constant([[True, False], [True]])"),
    ("add_mismatched", RT + "rt + tf.ragged.constant([[1], [2]])"),
    ("add_dtype", RT + "rt + tf.ragged.constant([[3.0, 1.0, 4.0, 1.0], [], [5.0, 9.0, 2.0], [6.0], []])"),
    ("add_inner_dense", RF + "rf + tf.constant([10.0, 20.0])"),
    ("map_flat_values", RT + "tf.ragged.map_flat_values(tf.ones_like, rt)"),
    ("map_flat_values_two", RT + "tf.ragged.map_flat_values(tf.multiply, rt, rt)"),
    ("map_flat_values_math", "tf.ragged.map_flat_values(tf.math.log, tf.ragged.constant([[1.0, 2.0], [4.0]]))"),
    ("map_flat_values_dense", "tf.ragged.map_flat_values(tf.add, tf.constant(1), 2)"),
    ("map_flat_values_kwargs", RT + "tf.ragged.map_flat_values(tf.cast, rt, dtype=tf.float32)"),
    ("map_flat_values_bad_size", RT + "tf.ragged.map_flat_values(tf.reduce_sum, rt)"),
]:
    case("ragged_" + nm, code)

# --- reductions (ragged_reduce_op_test) -----------------------------------------------------------
RI = "ri = tf.ragged.constant([[3, 1, 4], [], [1, 5]])\n"
RX = "rx = tf.ragged.constant([[3.0, 1.0, 4.0], [], [1.0, 5.0]])\n"
R3D = "r3 = tf.ragged.constant([[[1, 2], [3]], [[4]], []])\n"
for nm, code in [
    ("reduce_sum_all", RI + "tf.reduce_sum(ri)"),
    ("reduce_sum_0", RI + "tf.reduce_sum(ri, 0)"),
    ("reduce_sum_1", RI + "tf.reduce_sum(ri, 1)"),
    ("reduce_sum_neg", RI + "tf.reduce_sum(ri, -1)"),
    ("reduce_sum_both", RI + "tf.reduce_sum(ri, [0, 1])"),
    ("reduce_sum_keepdims_1", RI + "tf.reduce_sum(ri, 1, keepdims=True)"),
    ("reduce_sum_keepdims_0", RI + "tf.reduce_sum(ri, 0, keepdims=True)"),
    ("reduce_sum_bad_axis", RI + "tf.reduce_sum(ri, 2)"),
    ("reduce_sum_3d_0", R3D + "tf.reduce_sum(r3, 0)"),
    ("reduce_sum_3d_1", R3D + "tf.reduce_sum(r3, 1)"),
    ("reduce_sum_3d_2", R3D + "tf.reduce_sum(r3, 2)"),
    ("reduce_sum_3d_12", R3D + "tf.reduce_sum(r3, [1, 2])"),
    ("reduce_prod_1", RI + "tf.reduce_prod(ri, 1)"),
    ("reduce_max_0", RI + "tf.reduce_max(ri, 0)"),
    ("reduce_max_1", RI + "tf.reduce_max(ri, 1)"),
    ("reduce_max_float", RX + "tf.reduce_max(rx, 1)"),
    ("reduce_min_1", RI + "tf.reduce_min(ri, 1)"),
    ("reduce_min_float_0", RX + "tf.reduce_min(rx, 0)"),
    ("reduce_mean_all", RI + "tf.reduce_mean(ri)"),
    ("reduce_mean_int", RI + "tf.reduce_mean(ri, 1)"),
    ("reduce_mean_float_0", RX + "tf.reduce_mean(rx, 0)"),
    ("reduce_mean_float_1", RX + "tf.reduce_mean(rx, 1)"),
    ("reduce_any", "tf.reduce_any(tf.ragged.constant([[True, False], [], [False]]), 1)"),
    ("reduce_all", "tf.reduce_all(tf.ragged.constant([[True, False], [], [True]]), 1)"),
    ("reduce_uniform", "tf.reduce_max(tf.ragged.constant([[[1.0, 2.0], [3.0, 4.0]], [[5.0, 6.0]]], ragged_rank=1), [0, 2])"),
]:
    case("ragged_" + nm, code)

# --- tf.ragged functions ----------------------------------------------------------------------------
for nm, expr in [
    ("constant", "tf.ragged.constant([[1, 2], [3], []])"),
    ("constant_float", "tf.ragged.constant([[1.0, 2.5], []])"),
    ("constant_dtype", PARTS + "parts(tf.ragged.constant([[1, 2], [3]], dtype=tf.int64))"),
    ("constant_splits_int32", PARTS + "parts(tf.ragged.constant([[1, 2], [3]], row_splits_dtype=tf.int32))"),
    ("constant_strings", "tf.ragged.constant([['a', 'b'], ['c']])"),
    ("constant_ragged_rank", "tf.ragged.constant([[[1, 2], [3, 4]], [[5, 6]]], ragged_rank=1).shape"),
    ("constant_inner_shape", "tf.ragged.constant([[1, 2, 3, 4], [5, 6]], inner_shape=(2,)).shape"),
    ("constant_empty", PARTS + "parts(tf.ragged.constant([[], []]))"),
    ("constant_deep_empty", "tf.ragged.constant([[[]], []]).shape"),
    ("constant_dense", "tf.ragged.constant([1, 2, 3])"),
    ("constant_scalar", "tf.ragged.constant(5)"),
    ("constant_ragged_rank_0", "tf.ragged.constant([[1, 2], [3, 4]], ragged_rank=0)"),
    ("constant_bad_depth", "tf.ragged.constant([[1, [2]], [3]])"),
    ("constant_bad_empty", "tf.ragged.constant([[1, 2], [[]]])"),
    ("constant_bad_inner", "tf.ragged.constant([[[1, 2], [3]]], ragged_rank=1)"),
    ("constant_bad_rank", "tf.ragged.constant([[1]], ragged_rank=-1)"),
    ("constant_scalar_rank", "tf.ragged.constant(1, ragged_rank=1)"),
    ("constant_value", "tf.ragged.constant_value([[1, 2], [3]]).to_list()"),
    ("constant_value_type", "type(tf.ragged.constant_value([[1, 2], [3]])).__name__"),
    ("constant_value_splits", "tf.ragged.constant_value([[1, 2], [3]]).row_splits"),
    ("constant_value_values", "tf.ragged.constant_value([[1.5], [3.0]]).values"),
    ("constant_value_dense", "tf.ragged.constant_value([1, 2])"),
    ("constant_value_dtype", "tf.ragged.constant_value([[1, 2], []], dtype='int32').values"),
    ("constant_value_nested", "tf.ragged.constant_value([[[1]], [[2, 3], []]]).nested_row_splits"),
    ("range", "tf.ragged.range([3, 5, 2], [7, 6, 2])"),
    ("range_limit_only", "tf.ragged.range([3, 0, 2])"),
    ("range_deltas", "tf.ragged.range(0, [5, 10], [2, -3])"),
    ("range_neg", "tf.ragged.range(5, 0, -2)"),
    ("range_float", "tf.ragged.range([0.0, 1.0], 2.0, 0.5)"),
    ("range_mixed", PARTS + "parts(tf.ragged.range([0, 1], 3.5))"),
    ("range_int64", PARTS + "parts(tf.ragged.range(np.array([3], np.int64)))"),
    ("range_dtype", PARTS + "parts(tf.ragged.range(3, dtype=tf.float64, row_splits_dtype=tf.int32))"),
    ("range_zero_delta", "tf.ragged.range(0, 5, 0)"),
    ("range_shape", "tf.ragged.range([0, 1], [2, 3, 4])"),
    ("row_splits_to_segment_ids", "tf.ragged.row_splits_to_segment_ids([0, 2, 2, 5])"),
    ("row_splits_to_segment_ids_int32", "tf.ragged.row_splits_to_segment_ids(tf.constant([0, 1, 3]))"),
    ("row_splits_to_segment_ids_out", "tf.ragged.row_splits_to_segment_ids([0, 1, 3], out_type=tf.int32)"),
    ("segment_ids_to_row_splits", "tf.ragged.segment_ids_to_row_splits([0, 0, 2, 3, 3])"),
    ("segment_ids_to_row_splits_num", "tf.ragged.segment_ids_to_row_splits([0, 0, 2], num_segments=5)"),
    ("segment_ids_to_row_splits_int32", "tf.ragged.segment_ids_to_row_splits(tf.constant([1, 1]))"),
    ("segment_ids_to_row_splits_empty", "tf.ragged.segment_ids_to_row_splits(np.zeros([0], np.int64))"),
    ("stack", "tf.ragged.stack([tf.ragged.constant([[1, 2], [3]]), tf.ragged.constant([[4], [], [5]])])"),
    ("stack_axis1", "tf.ragged.stack([tf.ragged.constant([[1, 2], [3]]), tf.ragged.constant([[4], [5, 6]])], axis=1)"),
    ("stack_dense", "tf.ragged.stack([tf.constant([[1, 2]]), tf.ragged.constant([[3], [4, 5, 6]])])"),
    ("stack_all_dense", "tf.ragged.stack([tf.constant([1, 2]), tf.constant([3, 4])], axis=1)"),
    ("stack_one", "tf.ragged.stack([tf.ragged.constant([[1], []])])"),
    ("stack_mixed_rank", "tf.ragged.stack([tf.ragged.constant([[[1]]]), tf.ragged.constant([[1]])])"),
    ("boolean_mask_rows", "tf.ragged.boolean_mask(tf.ragged.constant([[1, 2], [3], []]), [True, False, True])"),
    ("boolean_mask_ragged", "tf.ragged.boolean_mask(tf.ragged.constant([[1, 2], [3], []]), tf.ragged.constant([[True, False], [True], []]))"),
    ("boolean_mask_dense", "tf.ragged.boolean_mask([[1, 2, 3], [4, 5, 6]], [[True, False, True], [False, False, True]])"),
    ("boolean_mask_dense_1d", "tf.ragged.boolean_mask([1, 2, 3], [True, False, True])"),
    ("boolean_mask_3", "tf.ragged.boolean_mask(tf.ragged.constant([[[1, 2], [3]], [[4]]]), tf.ragged.constant([[[True, False], [True]], [[False]]]))"),
    ("boolean_mask_not_bool", "tf.ragged.boolean_mask(tf.ragged.constant([[1, 2]]), [1])"),
    ("boolean_mask_mismatch", "tf.ragged.boolean_mask(tf.ragged.constant([[1, 2], [3]]), tf.ragged.constant([[True], [True, False]]))"),
    ("value_type", "tf.ragged.RaggedTensorValue(np.array([1, 2, 3]), np.array([0, 1, 3])).to_list()"),
]:
    case("ragged_" + nm, expr)

# --- Unicode ops ------------------------------------------------------------------------------------
MIXED = "['Hello', '\\u00e9t\\u00e9', '\\u4f60\\u597d', '\\u041f\\u0440\\u0438', '\\U0001f600!', '']"
BAD = "[b'a\\xed\\xa0\\x80b\\xf0\\x9fc', b'\\xff\\xfe', b'\\xc3', b'ok\\x01\\x7f', b'\\xe2\\x82']"
for nm, expr in [
    ("decode_scalar", "tf.strings.unicode_decode('\\u00e9t\\u00e9', 'UTF-8')"),
    ("decode_vector", f"tf.strings.unicode_decode({MIXED}, 'UTF-8')"),
    ("decode_parts", PARTS + "parts(tf.strings.unicode_decode(['ab', 'c'], 'UTF-8'))"),
    ("decode_matrix", "tf.strings.unicode_decode([['ab', 'c'], ['', 'd\\u00e9']], 'UTF-8')"),
    ("decode_matrix_list", "tf.strings.unicode_decode([['ab', 'c'], ['', 'd\\u00e9']], 'UTF-8').to_list()"),
    ("decode_ragged", "tf.strings.unicode_decode(tf.ragged.constant([['ab'], [], ['c', 'd']]), 'UTF-8')"),
    ("decode_invalid", f"tf.strings.unicode_decode({BAD}, 'UTF-8')"),
    ("decode_invalid_ignore", f"tf.strings.unicode_decode({BAD}, 'UTF-8', errors='ignore')"),
    ("decode_invalid_strict", "tf.strings.unicode_decode([b'a\\xffb'], 'UTF-8', errors='strict')"),
    ("decode_valid_strict", "tf.strings.unicode_decode(['ab\\u00e9'], 'UTF-8', errors='strict')"),
    ("decode_replacement", f"tf.strings.unicode_decode({BAD}, 'UTF-8', replacement_char=63)"),
    ("decode_controls", "tf.strings.unicode_decode([b'a\\x00\\x01\\x1f \\x7f\\xc2\\x85'], 'UTF-8', replace_control_characters=True)"),
    ("decode_controls_ignore", "tf.strings.unicode_decode([b'a\\x01b'], 'UTF-8', errors='ignore', replace_control_characters=True)"),
    ("decode_controls_strict", "tf.strings.unicode_decode([b'a\\x01b'], 'UTF-8', errors='strict', replace_control_characters=True)"),
    ("decode_bad_replacement", "tf.strings.unicode_decode(['a'], 'UTF-8', replacement_char=0x110000)"),
    ("decode_bad_errors", "tf.strings.unicode_decode(['a'], 'UTF-8', errors='loud')"),
    ("decode_bad_encoding", "tf.strings.unicode_decode(['a'], 'NOT-AN-ENCODING')"),
    ("decode_latin1", "tf.strings.unicode_decode([b'a\\xe9'], 'ISO-8859-1')"),
    ("decode_utf16", "tf.strings.unicode_decode([b'\\x00a\\xd8\\x3d\\xde\\x00\\x00b', b'\\x00a\\xd8\\x00\\x00b\\x00', b'\\xdc\\x00'], 'UTF-16-BE')"),
    ("decode_utf32", "tf.strings.unicode_decode([b'\\x00\\x00\\x00a\\x00\\x01\\xf6\\x00', b'\\x00\\x11\\x00\\x00\\x00\\x00\\xd8\\x00\\x00\\x00'], 'UTF-32-BE')"),
    ("decode_not_string", "tf.strings.unicode_decode([1, 2], 'UTF-8')"),
    ("decode_offsets", f"tf.strings.unicode_decode_with_offsets({MIXED}, 'UTF-8')"),
    ("decode_offsets_scalar", "tf.strings.unicode_decode_with_offsets('a\\u00e9b', 'UTF-8')"),
    ("decode_offsets_invalid", f"tf.strings.unicode_decode_with_offsets({BAD}, 'UTF-8')"),
    ("decode_offsets_ignore", f"tf.strings.unicode_decode_with_offsets({BAD}, 'UTF-8', errors='ignore')"),
    ("decode_offsets_utf16", "tf.strings.unicode_decode_with_offsets([b'\\x00a\\xd8\\x3d\\xde\\x00\\x00b\\x00'], 'UTF-16-BE')"),
    ("decode_offsets_parts", PARTS + "[parts(r) for r in tf.strings.unicode_decode_with_offsets(['ab', ''], 'UTF-8')]"),
    ("encode_vector", "tf.strings.unicode_encode([104, 233, 0x4f60, 0x1f600], 'UTF-8')"),
    ("encode_utf16", "tf.strings.unicode_encode([104, 233, 0x1f600], 'UTF-16-BE')"),
    ("encode_utf32", "tf.strings.unicode_encode([104, 0x1f600], 'UTF-32-BE')"),
    ("encode_matrix", "tf.strings.unicode_encode([[104, 105], [106, 107]], 'UTF-8')"),
    ("encode_ragged", "tf.strings.unicode_encode(tf.ragged.constant([[104, 105], [], [233]]), 'UTF-8')"),
    ("encode_ragged_3", "tf.strings.unicode_encode(tf.ragged.constant([[[104, 105], [106]], [[]]]), 'UTF-8')"),
    ("encode_invalid", "tf.strings.unicode_encode([104, -1, 0xD800, 0x110000, 105], 'UTF-8')"),
    ("encode_invalid_ignore", "tf.strings.unicode_encode([104, -1, 0xD800, 0x110000, 105], 'UTF-8', errors='ignore')"),
    ("encode_invalid_replacement", "tf.strings.unicode_encode([104, -1], 'UTF-8', replacement_char=42)"),
    ("encode_invalid_strict", "tf.strings.unicode_encode([104, -1], 'UTF-8', errors='strict')"),
    ("encode_bad_encoding", "tf.strings.unicode_encode([104], 'latin-1')"),
    ("encode_scalar", "tf.strings.unicode_encode(104, 'UTF-8')"),
    ("encode_int64", "tf.strings.unicode_encode(tf.constant([104], tf.int64), 'UTF-8')"),
    ("encode_round_trip", f"tf.strings.unicode_encode(tf.strings.unicode_decode({MIXED}, 'UTF-8'), 'UTF-8')"),
    ("transcode", f"tf.strings.unicode_transcode({MIXED}, 'UTF-8', 'UTF-16-BE')"),
    ("transcode_utf32", "tf.strings.unicode_transcode([b'\\x00a\\xd8\\x3d\\xde\\x00'], 'UTF-16-BE', 'UTF-32-BE')"),
    ("transcode_invalid", f"tf.strings.unicode_transcode({BAD}, 'UTF-8', 'UTF-8')"),
    ("transcode_ignore", f"tf.strings.unicode_transcode({BAD}, 'UTF-8', 'UTF-8', errors='ignore')"),
    ("transcode_controls", "tf.strings.unicode_transcode([b'a\\x01b'], 'UTF-8', 'UTF-8', replace_control_characters=True, replacement_char=63)"),
    ("transcode_strict", "tf.strings.unicode_transcode([b'\\xff'], 'UTF-8', 'UTF-8', errors='strict')"),
    ("transcode_matrix", "tf.strings.unicode_transcode([['a', 'b'], ['\\u00e9', '']], 'UTF-8', 'UTF-16-BE')"),
    ("transcode_scalar", "tf.strings.unicode_transcode('\\u00e9', 'UTF-8', 'UTF-8')"),
    ("transcode_latin1", "tf.strings.unicode_transcode([b'caf\\xe9'], 'ISO-8859-1', 'UTF-8')"),
    ("split", f"tf.strings.unicode_split({MIXED}, 'UTF-8')"),
    ("split_scalar", "tf.strings.unicode_split('h\\u00e9llo', 'UTF-8')"),
    ("split_invalid", f"tf.strings.unicode_split({BAD}, 'UTF-8')"),
    ("split_ignore", f"tf.strings.unicode_split({BAD}, 'UTF-8', errors='ignore')"),
    ("split_utf16", "tf.strings.unicode_split([b'\\x00a\\xd8\\x3d\\xde\\x00'], 'UTF-16-BE')"),
    ("split_matrix", "tf.strings.unicode_split([['ab', 'c']], 'UTF-8')"),
    ("split_offsets", f"tf.strings.unicode_split_with_offsets({MIXED}, 'UTF-8')"),
    ("split_offsets_scalar", "tf.strings.unicode_split_with_offsets('h\\u00e9llo', 'UTF-8')"),
    ("script", "tf.strings.unicode_script([1, 65, 0x3b1, 0x430, 0x5d0, 0x627, 0x4e00, 0x300, 0xe0e, 0x10FFFF, -1, 0x110000])"),
    ("script_matrix", "tf.strings.unicode_script([[0x3042, 0x30a2], [0xac00, 0x0915]])"),
    ("script_decoded", f"tf.strings.unicode_script(tf.strings.unicode_decode({MIXED}, 'UTF-8').flat_values)"),
    ("script_int64", "tf.strings.unicode_script(tf.constant([65], tf.int64))"),
]:
    case("unicode_" + nm, expr)

# --- ngrams (string_ngrams_op_test) -------------------------------------------------------------
DATA = "data = tf.ragged.constant([['aa', 'bb', 'cc', 'dd'], ['ee', 'ff']])\n"
for nm, code in [
    ("bigrams", DATA + "tf.strings.ngrams(data, 2, separator='|')"),
    ("unigrams_trigrams", DATA + "tf.strings.ngrams(data, [1, 3], separator='|')"),
    ("pad", DATA + "tf.strings.ngrams(data, 3, separator='|', pad_values=('LP', 'RP'))"),
    ("pad_single", DATA + "tf.strings.ngrams(data, 3, separator='|', pad_values='P')"),
    ("pad_width", DATA + "tf.strings.ngrams(data, 3, separator='|', pad_values=('LP', 'RP'), padding_width=1)"),
    ("pad_width_big", DATA + "tf.strings.ngrams(data, 2, separator='|', pad_values=('LP', 'RP'), padding_width=3)"),
    ("multi_pad", DATA + "tf.strings.ngrams(data, [2, 3], separator='|', pad_values=('LP', 'RP'), padding_width=1)"),
    ("short", DATA + "tf.strings.ngrams(data, 5, separator='|')"),
    ("preserve_short", DATA + "tf.strings.ngrams(data, 5, separator='|', preserve_short_sequences=True)"),
    ("preserve_short_pad", DATA + "tf.strings.ngrams(data, 6, separator='|', pad_values=('LP', 'RP'), padding_width=1, preserve_short_sequences=True)"),
    ("preserve_short_empty", "tf.strings.ngrams(tf.ragged.constant([['a'], []]), 3, preserve_short_sequences=True)"),
    ("dense_1d", "tf.strings.ngrams(['a', 'b', 'c', 'd'], 2)"),
    ("dense_2d", "tf.strings.ngrams([['a', 'b', 'c'], ['d', 'e', 'f']], 2, separator='|')"),
    ("dense_2d_pad", "tf.strings.ngrams([['a', 'b'], ['d', 'e']], 2, pad_values='#')"),
    ("ragged_3", "tf.strings.ngrams(tf.ragged.constant([[['a', 'b', 'c'], ['d']], [['e', 'f']]]), 2)"),
    ("bad_width", DATA + "tf.strings.ngrams(data, 0)"),
    ("bad_padding_width", DATA + "tf.strings.ngrams(data, 2, pad_values='a', padding_width=0)"),
    ("bad_padding_no_values", DATA + "tf.strings.ngrams(data, 2, padding_width=1)"),
    ("bad_pad_values", DATA + "tf.strings.ngrams(data, 2, pad_values=3)"),
    ("bad_scalar", "tf.strings.ngrams('a', 2)"),
]:
    case("ngrams_" + nm, code)

# --- string_split / strings.split with result_type='RaggedTensor' --------------------------------
for nm, expr in [
    ("string_split", "tf.string_split(['hello world', 'a b c', ''], result_type='RaggedTensor')"),
    ("string_split_delimiter", "tf.string_split(['a,b,,c'], delimiter=',', skip_empty=False, result_type='RaggedTensor')"),
    ("strings_split", "tf.strings.split(['hello  world', ' a b '], result_type='RaggedTensor')"),
    ("strings_split_sep", "tf.strings.split(['a<>b<><>c', '<>'], sep='<>', result_type='RaggedTensor')"),
    ("strings_split_parts", PARTS + "parts(tf.strings.split(['p q', 'r'], result_type='RaggedTensor'))"),
]:
    case("ragged_" + nm, expr)


def write_script_table():
    """tfcompat's copy of ICU's Script property: the first code point of each run and its UScriptCode."""
    codes = tf.strings.unicode_script(np.arange(0x110000, dtype=np.int32)).numpy().tolist()
    starts = [0] + [i for i in range(1, len(codes)) if codes[i] != codes[i - 1]]
    lines = ['"""ICU\'s Script property (UScriptCode) of every code point, as runs: STARTS[i] is the first code',
             "point of a run whose script is SCRIPTS[i].  Generated by tests/conformance/golden/record_ragged_goldens.py",
             f'from TensorFlow {tf.__version__}\'s tf.strings.unicode_script; do not edit."""', "", "STARTS = ("]
    for i in range(0, len(starts), 12):
        lines.append("    " + ", ".join(f"0x{s:X}" for s in starts[i:i + 12]) + ",")
    lines += [")", "", "SCRIPTS = ("]
    for i in range(0, len(starts), 20):
        lines.append("    " + ", ".join(str(codes[s]) for s in starts[i:i + 20]) + ",")
    lines.append(")")
    with open(TABLE, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    print(f"wrote {len(starts)} script runs to {os.path.normpath(TABLE)}", file=sys.stderr)


def main():
    write_script_table()
    core.write_goldens(OUT, CASES, core.run_case, r"(ragged|unicode|ngrams)_[a-z0-9_]+",
                       "tensorflow.compat.v1; disable_v2_behavior(); enable_eager_execution(); "
                       "disable_tensor_equality()", "record_ragged_goldens.py")


if __name__ == "__main__":
    main()
