"""Record golden values for variables and autodiff (issue 4) from REAL TensorFlow.

Run by hand in the throwaway TensorFlow virtualenv (never a dependency of
tfcompat, never run in CI), from the repository root:

    /tmp/tforacle/bin/python tests/conformance/golden/record_autodiff_goldens.py

It writes tests/conformance/golden/autodiff_goldens.json next to this file.  Case
ids start with ``ad_`` (unique across the golden files).

Case and outcome format: as record_core_goldens.py (whose setup and encoders this
recorder reuses), with these additions:

* ``code`` may also use the name ``tfe``: tf.contrib.eager on the tfcompat side.
  TF 2.21 has no contrib, so here ``tfe`` maps the TF 1.x names onto the
  functions that still live in tensorflow.python.eager.backprop
  (gradients_function, val_and_grad_function, implicit_grad,
  implicit_val_and_grad, make_vjp) and onto tf.Variable / tf.GradientTape /
  tf.custom_gradient.
* Statements: as in the core recorder, every line but the last is exec'd and a
  final expression is the recorded value (``with tf.GradientTape() as t: ...``
  then ``t.gradient(y, x)``).
* Outcome kinds added:
    indexed_slices  values, indices, dense_shape: each an outcome (dense_shape may
                    be a "python" None)
    dict            items: {str(key): outcome}
  and ``variable`` outcomes (ResourceVariable and _UnreadVariable) carry name,
  dtype, shape, values, trainable, repr (TF 2.21) and repr_tf1; they record no
  ``str``: in TF 1.x str(variable) was its repr, which repr_tf1 covers, while
  TF 2.21 prints scalar floats as repr(value.item()).

Left out (they cannot apply to tfcompat, an eager-only layer): graph-mode
gradients (tf.gradients builds graph ops: only its eager error is recorded),
tf.function/defun, forward-mode accumulators, XLA, TPU and distribution
strategies.  Random initializers record dtype and shape only.
"""
import os
import sys
import textwrap
import types

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import record_core_goldens as core  # noqa: E402  (sets up TF 1.x-style eager execution)

np = core.np
tf = core.tf

from tensorflow.python.eager import backprop  # noqa: E402
from tensorflow.python.framework.indexed_slices import IndexedSlices  # noqa: E402
from tensorflow.python.ops.resource_variable_ops import BaseResourceVariable  # noqa: E402

OUT = os.path.join(core.HERE, "autodiff_goldens.json")

# TF 1.x's tf.contrib.eager names for what TF 2.21 keeps in tensorflow.python.eager.backprop.
TFE = types.SimpleNamespace(
    gradients_function=backprop.gradients_function,
    value_and_gradients_function=backprop.val_and_grad_function,
    implicit_gradients=backprop.implicit_grad,
    implicit_value_and_gradients=backprop.implicit_val_and_grad,
    make_vjp=backprop.make_vjp,
    GradientTape=tf.GradientTape,
    Variable=tf.Variable,
    custom_gradient=tf.custom_gradient,
)

CASES = []


def case(cid, code, values=True):
    cid = "ad_" + cid
    c = {"id": cid, "code": textwrap.dedent(code).strip("\n")}
    if not values:
        c["values"] = False
    CASES.append(c)


def tape_case(cid, setup, body, result, **tape_args):
    """``setup``; a tape (``tape_args``) recording ``body`` (statements); then the code ``result``."""
    args = ", ".join(f"{key}={value!r}" for key, value in tape_args.items())
    code = setup.strip("\n") + f"\nwith tf.GradientTape({args}) as t:\n"
    code += textwrap.indent(textwrap.dedent(body).strip("\n"), "    ") + "\n" + result
    case(cid, code)


def grad_case(cid, x, expr):
    """d reduce_sum(expr) / dx for a watched constant ``x``."""
    tape_case(cid, f"x = tf.constant({x})", f"t.watch(x)\ny = tf.reduce_sum({expr})", "t.gradient(y, x)")


# --------------------------------------------------------------------------
# var_: creation, attributes, printing
# --------------------------------------------------------------------------
for nm, expr in [
    ("float", "tf.Variable(1.0)"),
    ("int", "tf.Variable(3)"),
    ("int64_big", "tf.Variable(2 ** 40)"),
    ("bool", "tf.Variable(True)"),
    ("string", "tf.Variable('abc')"),
    ("list_float", "tf.Variable([1.0, 2.0, 3.0])"),
    ("list_mixed", "tf.Variable([1, 2.5])"),
    ("list_int_2d", "tf.Variable([[1, 2], [3, 4]])"),
    ("np_float64", "tf.Variable(np.array([1.0, 2.0]))"),
    ("np_float32", "tf.Variable(np.array([1.0, 2.0], dtype=np.float32))"),
    ("np_int64", "tf.Variable(np.arange(3))"),
    ("np_scalar", "tf.Variable(np.float64(0.5))"),
    ("tensor", "tf.Variable(tf.constant([[1.0, 2.0]]))"),
    ("zeros", "tf.Variable(tf.zeros([2, 3]))"),
    ("callable", "tf.Variable(lambda: tf.ones([2]))"),
    ("callable_dtype", "tf.Variable(lambda: tf.constant(2.0), dtype=tf.float32)"),
    ("dtype_float64", "tf.Variable(1, dtype=tf.float64)"),
    ("dtype_float16", "tf.Variable([0.5, 1.5], dtype=tf.float16)"),
    ("dtype_int64", "tf.Variable([1, 2], dtype=tf.int64)"),
    ("dtype_int_from_float", "tf.Variable(1.5, dtype=tf.int32)"),
    ("dtype_tensor_mismatch", "tf.Variable(tf.constant(1.0), dtype=tf.float64)"),
    ("named", "tf.Variable(2.0, name='weights')"),
    ("named_scoped_name", "tf.Variable(2.0, name='a/b')"),
    ("not_trainable", "tf.Variable(2.0, trainable=False)"),
    ("shape_kwarg", "tf.Variable([1.0, 2.0], shape=[2])"),
    ("from_variable", "tf.Variable(tf.Variable([1.0, 2.0]))"),
    ("tfe_variable", "tfe.Variable(2.0)"),
    ("large", "tf.Variable(tf.range(1001))"),
    ("float_third", "tf.Variable([1.0 / 3, 2.0 / 3])"),
    ("float64_third", "tf.Variable(1.0 / 3, dtype=tf.float64)"),
    ("empty", "tf.Variable(tf.zeros([0, 2]))"),
    ("none", "tf.Variable(None)"),
]:
    case(f"var_create_{nm}", expr)

for nm, expr in [
    ("name", "tf.Variable(1.0).name"),
    ("name_twice", "[tf.Variable(1.0).name, tf.Variable(2.0).name]"),
    ("name_named", "tf.Variable(1.0, name='w').name"),
    ("name_colon", "tf.Variable(1.0, name='v').name.split(':')"),
    ("dtype", "tf.Variable(1.0).dtype"),
    ("dtype_repr", "repr(tf.Variable([1, 2]).dtype)"),
    ("dtype_is_float32", "tf.Variable(1.0).dtype == tf.float32"),
    ("dtype_base", "tf.Variable(1.0).dtype.base_dtype"),
    ("shape", "tf.Variable([[1.0, 2.0, 3.0]]).shape"),
    ("shape_str", "str(tf.Variable([[1.0, 2.0, 3.0]]).shape)"),
    ("shape_as_list", "tf.Variable(tf.zeros([2, 3])).shape.as_list()"),
    ("shape_dim_value", "tf.Variable(tf.zeros([2, 3])).shape[1].value"),
    ("get_shape", "tf.Variable(tf.zeros([4])).get_shape()"),
    ("shape_scalar", "tf.Variable(1.0).shape"),
    ("device", "tf.Variable(1.0).device"),
    ("trainable_default", "tf.Variable(1.0).trainable"),
    ("trainable_false", "tf.Variable(1.0, trainable=False).trainable"),
    ("numpy", "tf.Variable([1.0, 2.0]).numpy()"),
    ("numpy_scalar", "tf.Variable(2.5).numpy()"),
    ("numpy_scalar_type", "type(tf.Variable(2.5).numpy()).__name__"),
    ("np_asarray", "np.asarray(tf.Variable([[1, 2]]))"),
    ("read_value", "tf.Variable([1.0, 2.0]).read_value()"),
    ("value", "tf.Variable([1.0, 2.0]).value()"),
    ("initial_value", "v = tf.Variable(1.0)\nv.assign(5.0)\nv.initial_value"),
    ("convert_to_tensor", "tf.convert_to_tensor(tf.Variable([3, 4]))"),
    ("identity", "tf.identity(tf.Variable([1.0, 2.0]))"),
    ("isinstance_variable", "isinstance(tf.Variable(1.0), tf.Variable)"),
    ("isinstance_tensor", "isinstance(tf.Variable(1.0), tf.Tensor)"),
    ("is_tensor", "tf.is_tensor(tf.Variable(1.0))"),
    ("type_name", "type(tf.Variable(1.0)).__name__"),
    ("tfe_is_tf_variable", "isinstance(tfe.Variable(1.0), tf.Variable)"),
    ("repr", "repr(tf.Variable([1.0, 2.0]))"),
    ("repr_int_2d", "repr(tf.Variable([[1, 2], [3, 4]]))"),
    ("repr_bool", "repr(tf.Variable([True, False]))"),
    ("repr_string", "repr(tf.Variable(b'ab'))"),
    ("repr_named", "repr(tf.Variable(1.5, name='w'))"),
    ("str", "str(tf.Variable([1.0, 2.0]))"),
    ("str_int", "str(tf.Variable(7))"),
    ("format", "'{}'.format(tf.Variable([1, 2]))"),
    ("percent_s", "'%s' % tf.Variable(3)"),
    ("bool", "bool(tf.Variable(1.0))"),
    ("int", "int(tf.Variable(3))"),
    ("float", "float(tf.Variable(2.5))"),
    ("index_method", "[10, 20, 30][tf.Variable(1)]"),
    ("iterate", "[x for x in tf.Variable([1, 2])]"),
    ("len", "len(tf.Variable([1, 2, 3]))"),
    ("eq_identity", "v = tf.Variable(1.0)\nv == v"),
    ("eq_other", "tf.Variable(1.0) == tf.Variable(1.0)"),
    ("ne_other", "tf.Variable(1.0) != tf.Variable(1.0)"),
    ("hash_dict_key", "v = tf.Variable(1.0)\n{v: 1}[v]"),
    ("equal_op", "tf.equal(tf.Variable([1, 2]), 2)"),
    ("trainable_variables", "v = tf.Variable(1.0)\ntf.trainable_variables()"),
    ("global_variables", "v = tf.Variable(1.0)\ntf.global_variables()"),
    ("gvi", "tf.global_variables_initializer()"),
]:
    case(f"var_attr_{nm}", expr)

# --------------------------------------------------------------------------
# assign_: assign*, UnreadVariable, read snapshots
# --------------------------------------------------------------------------
for nm, code in [
    ("returns", "v = tf.Variable(1.0)\nv.assign(3.0)"),
    ("returns_repr", "v = tf.Variable(1.0)\nrepr(v.assign(3.0))"),
    ("returns_name", "v = tf.Variable(1.0, name='w')\nv.assign(3.0).name"),
    ("returns_type", "v = tf.Variable(1.0)\ntype(v.assign(3.0)).__name__"),
    ("returns_isinstance", "v = tf.Variable(1.0)\nisinstance(v.assign(3.0), tf.Variable)"),
    ("then_value", "v = tf.Variable(1.0)\nv.assign(3.0)\nv"),
    ("read_value_false", "v = tf.Variable(1.0)\nv.assign(3.0, read_value=False)"),
    ("read_value_false_then", "v = tf.Variable(1.0)\nv.assign(3.0, read_value=False)\nv"),
    ("add", "v = tf.Variable(1.0)\nv.assign_add(2.0)"),
    ("add_then", "v = tf.Variable([1, 2])\nv.assign_add([10, 20])\nv"),
    ("add_read_value_false", "v = tf.Variable(1.0)\nv.assign_add(2.0, read_value=False)"),
    ("sub", "v = tf.Variable(5.0)\nv.assign_sub(2.0)"),
    ("sub_then", "v = tf.Variable([5.0, 6.0])\nv.assign_sub(tf.constant([1.0, 2.0]))\nv"),
    ("sub_read_value_false", "v = tf.Variable(5.0)\nv.assign_sub(1.0, read_value=False)"),
    ("chain", "v = tf.Variable(1.0)\nv.assign(2.0).assign_add(3.0)\nv"),
    ("numpy_value", "v = tf.Variable([1.0, 2.0])\nv.assign(np.array([3.0, 4.0]))\nv"),
    ("tensor_value", "v = tf.Variable([1.0, 2.0])\nv.assign(tf.constant([7.0, 8.0]))"),
    ("unread_numpy", "v = tf.Variable(1.0)\nv.assign(4.0).numpy()"),
    ("unread_arith", "v = tf.Variable(1.0)\nv.assign(4.0) + 1.0"),
    ("unread_is_live", "v = tf.Variable(1.0)\nu = v.assign(2.0)\nv.assign(9.0)\nu"),
    ("unread_read_value", "v = tf.Variable(1.0)\nu = v.assign(2.0)\nv.assign(9.0)\nu.read_value()"),
    ("unread_assign", "v = tf.Variable(1.0)\nv.assign(2.0).assign(6.0)\nv"),
    ("unread_shape", "v = tf.Variable([1.0, 2.0])\nv.assign([3.0, 4.0]).shape"),
    ("unread_dtype", "v = tf.Variable([1, 2])\nv.assign([3, 4]).dtype"),
    ("snapshot_read_value", "v = tf.Variable(1.0)\nx = v.read_value()\nv.assign(5.0)\nx"),
    ("snapshot_arith", "v = tf.Variable(1.0)\nx = v * 1.0\nv.assign(5.0)\nx"),
    ("snapshot_convert", "v = tf.Variable([1, 2])\nx = tf.convert_to_tensor(v)\nv.assign([5, 6])\nx"),
    ("snapshot_value", "v = tf.Variable(1.0)\nx = v.value()\nv.assign_add(1.0)\nx"),
    ("python_int_to_float", "v = tf.Variable(1.0)\nv.assign(2)"),
    ("python_float_to_int", "v = tf.Variable(1)\nv.assign(2.5)"),
    ("int_tensor_to_float", "v = tf.Variable(1.0)\nv.assign(tf.constant(2))"),
    ("float64_tensor_to_float", "v = tf.Variable(1.0)\nv.assign(tf.constant(2.0, dtype=tf.float64))"),
    ("add_int_tensor_to_float", "v = tf.Variable(1.0)\nv.assign_add(tf.constant(2))"),
    ("wrong_shape", "v = tf.Variable([1.0, 2.0])\nv.assign([1.0, 2.0, 3.0])"),
    ("add_wrong_shape", "v = tf.Variable([1.0, 2.0])\nv.assign_add([1.0, 2.0, 3.0])"),
    ("scalar_to_vector", "v = tf.Variable([1.0, 2.0])\nv.assign(3.0)"),
    ("string", "v = tf.Variable('a')\nv.assign('bc')\nv"),
    ("tf_assign", "v = tf.Variable(1.0)\ntf.assign(v, 2.0)"),
    ("tf_assign_then", "v = tf.Variable([1, 2])\ntf.assign(v, [3, 4])\nv"),
    ("tf_assign_add", "v = tf.Variable(1.0)\ntf.assign_add(v, 2.0)"),
    ("tf_assign_sub", "v = tf.Variable(1.0)\ntf.assign_sub(v, 2.0)"),
    ("tf_assign_add_then", "v = tf.Variable([1.0, 1.0])\ntf.assign_add(v, [0.5, 1.5])\nv"),
    ("tf_assign_tensor", "tf.assign(tf.constant(1.0), 2.0)"),
    ("in_loop", "v = tf.Variable(0)\nfor i in range(5):\n    v.assign_add(i)\nv"),
]:
    case(f"assign_{nm}", code)

# --------------------------------------------------------------------------
# slice_: v[...] reads and sliced assignment
# --------------------------------------------------------------------------
for nm, code in [
    ("read_0", "tf.Variable([1, 2, 3])[0]"),
    ("read_neg", "tf.Variable([1, 2, 3])[-1]"),
    ("read_range", "tf.Variable([1, 2, 3, 4])[1:3]"),
    ("read_step", "tf.Variable([1, 2, 3, 4])[::-2]"),
    ("read_2d_row", "tf.Variable([[1, 2], [3, 4]])[1]"),
    ("read_2d_col", "tf.Variable([[1, 2], [3, 4]])[:, 1]"),
    ("read_2d_elem", "tf.Variable([[1.0, 2.0], [3.0, 4.0]])[0, 1]"),
    ("read_newaxis", "tf.Variable([1, 2])[tf.newaxis, :]"),
    ("read_ellipsis", "tf.Variable(tf.zeros([2, 3, 4]))[..., 0]"),
    ("read_tensor_index", "tf.Variable([1, 2, 3])[tf.constant(2)]"),
    ("read_out_of_range", "tf.Variable([1, 2, 3])[5]"),
    ("read_chain", "tf.Variable([[1, 2], [3, 4]])[1][0]"),
    ("assign_0", "v = tf.Variable([1.0, 2.0, 3.0])\nv[0].assign(9.0)\nv"),
    ("assign_returns", "v = tf.Variable([1.0, 2.0, 3.0])\nv[0].assign(9.0)"),
    ("assign_range", "v = tf.Variable([1, 2, 3, 4])\nv[1:3].assign([7, 8])\nv"),
    ("assign_2d_row", "v = tf.Variable([[1, 2], [3, 4]])\nv[1].assign([0, 0])\nv"),
    ("assign_2d_col", "v = tf.Variable([[1, 2], [3, 4]])\nv[:, 0].assign([5, 6])\nv"),
    ("assign_2d_elem", "v = tf.Variable([[1, 2], [3, 4]])\nv[0, 1].assign(9)\nv"),
    ("assign_step", "v = tf.Variable([1, 2, 3, 4])\nv[::2].assign([0, 0])\nv"),
    ("assign_broadcast", "v = tf.Variable([[1, 2], [3, 4]])\nv[0].assign(7)\nv"),
    ("assign_wrong_shape", "v = tf.Variable([1, 2, 3])\nv[0:2].assign([1, 2, 3])"),
    ("assign_item", "v = tf.Variable([1, 2])\nv[0] = 5"),
    ("slice_of_tensor_assign", "tf.constant([1, 2])[0].assign(3)"),
]:
    case(f"slice_{nm}", code)

# --------------------------------------------------------------------------
# scatter_: tf.scatter_* and the Variable methods
# --------------------------------------------------------------------------
for nm, code in [
    ("update", "v = tf.Variable([1.0, 2.0, 3.0, 4.0])\ntf.scatter_update(v, [0, 2], [9.0, 8.0])\nv"),
    ("update_returns", "v = tf.Variable([1.0, 2.0, 3.0])\ntf.scatter_update(v, [1], [5.0])"),
    ("update_scalar_index", "v = tf.Variable([1, 2, 3])\ntf.scatter_update(v, 1, 7)\nv"),
    ("update_rows", "v = tf.Variable([[1, 2], [3, 4], [5, 6]])\ntf.scatter_update(v, [2, 0], [[0, 0], [9, 9]])\nv"),
    ("update_tensor_indices", "v = tf.Variable([1, 2, 3])\n"
        "tf.scatter_update(v, tf.constant([0]), tf.constant([4]))\nv"),
    ("add", "v = tf.Variable([1.0, 2.0, 3.0])\ntf.scatter_add(v, [0, 2], [10.0, 20.0])\nv"),
    ("add_duplicates", "v = tf.Variable([1, 2, 3])\ntf.scatter_add(v, [0, 0, 2], [1, 1, 5])\nv"),
    ("add_rows", "v = tf.Variable([[1.0, 2.0], [3.0, 4.0]])\ntf.scatter_add(v, [1], [[1.0, 1.0]])\nv"),
    ("sub", "v = tf.Variable([1.0, 2.0, 3.0])\ntf.scatter_sub(v, [1], [5.0])\nv"),
    ("sub_duplicates", "v = tf.Variable([10, 20])\ntf.scatter_sub(v, [1, 1], [1, 2])\nv"),
    ("mul", "v = tf.Variable([1.0, 2.0, 3.0])\ntf.scatter_mul(v, [0, 2], [4.0, 0.5])\nv"),
    ("div", "v = tf.Variable([8.0, 2.0, 3.0])\ntf.scatter_div(v, [0], [4.0])\nv"),
    ("div_int", "v = tf.Variable([7, -7])\ntf.scatter_div(v, [0, 1], [2, 2])\nv"),
    ("max", "v = tf.Variable([1, 5, 3])\ntf.scatter_max(v, [0, 1], [4, 4])\nv"),
    ("min", "v = tf.Variable([1, 5, 3])\ntf.scatter_min(v, [0, 1], [4, 4])\nv"),
    ("nd_update", "v = tf.Variable([1, 2, 3, 4])\ntf.scatter_nd_update(v, [[1], [3]], [9, 10])\nv"),
    ("nd_update_2d", "v = tf.Variable([[1, 2], [3, 4]])\ntf.scatter_nd_update(v, [[0, 1], [1, 0]], [7, 8])\nv"),
    ("nd_add", "v = tf.Variable([1.0, 2.0, 3.0])\ntf.scatter_nd_add(v, [[0], [0]], [1.0, 2.0])\nv"),
    ("nd_sub", "v = tf.Variable([1.0, 2.0, 3.0])\ntf.scatter_nd_sub(v, [[2]], [3.0])\nv"),
    ("method_update", "v = tf.Variable([1.0, 2.0])\n"
        "v.scatter_update(tf.IndexedSlices(tf.constant([5.0]), tf.constant([1])))\nv"),
    ("method_add", "v = tf.Variable([1.0, 2.0])\n"
        "v.scatter_add(tf.IndexedSlices(tf.constant([5.0]), tf.constant([0])))"),
    ("method_sub", "v = tf.Variable([1.0, 2.0])\n"
        "v.scatter_sub(tf.IndexedSlices(tf.constant([0.5, 0.5]), tf.constant([0, 1])))\nv"),
    ("method_nd_update", "v = tf.Variable([1, 2, 3])\nv.scatter_nd_update([[0]], [9])\nv"),
    ("method_not_slices", "v = tf.Variable([1.0, 2.0])\nv.scatter_update([0])"),
    ("update_dtype_mismatch", "v = tf.Variable([1.0, 2.0])\ntf.scatter_update(v, [0], [1])"),
    ("update_shape_mismatch", "v = tf.Variable([[1, 2], [3, 4]])\ntf.scatter_update(v, [0], [1, 2, 3])"),
    ("update_out_of_range", "v = tf.Variable([1, 2, 3])\ntf.scatter_update(v, [5], [1])"),
    ("update_tensor_ref", "tf.scatter_update(tf.constant([1, 2]), [0], [5])"),
]:
    case(f"scatter_{nm}", code)

# --------------------------------------------------------------------------
# ops_: arithmetic, comparison and ops through variables; dtype errors
# --------------------------------------------------------------------------
for nm, expr in [
    ("add_py", "tf.Variable([1.0, 2.0]) + 1"),
    ("radd_py", "1 + tf.Variable([1.0, 2.0])"),
    ("add_tensor", "tf.Variable([1.0, 2.0]) + tf.constant([3.0, 4.0])"),
    ("tensor_add_var", "tf.constant([3.0, 4.0]) + tf.Variable([1.0, 2.0])"),
    ("add_var_var", "tf.Variable(1.0) + tf.Variable(2.0)"),
    ("sub", "tf.Variable(5) - 2"),
    ("rsub", "10 - tf.Variable(3)"),
    ("mul", "tf.Variable([1, 2]) * tf.Variable([3, 4])"),
    ("truediv_float", "tf.Variable(3.0) / 2"),
    ("truediv_int", "tf.Variable(3) / 2"),
    ("floordiv", "tf.Variable([-7, 7]) // 2"),
    ("mod", "tf.Variable([-7, 7]) % 3"),
    ("neg", "-tf.Variable([1.0, -2.0])"),
    ("abs", "abs(tf.Variable([-1, 2]))"),
    ("pow", "tf.Variable(3.0) ** 2"),
    ("rpow", "2.0 ** tf.Variable(3.0)"),
    ("matmul_op", "tf.Variable([[1.0, 2.0]]) @ tf.Variable([[3.0], [4.0]])"),
    ("lt", "tf.Variable([1, 5]) < 3"),
    ("ge_tensor", "tf.Variable([1, 5]) >= tf.constant([1, 6])"),
    ("gt_var", "tf.Variable(2.0) > tf.Variable(1.0)"),
    ("invert_bool", "~tf.Variable([True, False])"),
    ("and_bool", "tf.Variable([True, False]) & tf.Variable([True, True])"),
    ("tf_add", "tf.add(tf.Variable(1.0), tf.Variable(2.0))"),
    ("tf_matmul", "tf.matmul(tf.Variable([[1, 2], [3, 4]]), tf.Variable([[1], [1]]))"),
    ("reduce_sum", "tf.reduce_sum(tf.Variable([[1.0, 2.0], [3.0, 4.0]]), axis=0)"),
    ("reshape", "tf.reshape(tf.Variable([1, 2, 3, 4]), [2, 2])"),
    ("shape_op", "tf.shape(tf.Variable(tf.zeros([2, 3])))"),
    ("size_op", "tf.size(tf.Variable(tf.zeros([2, 3])))"),
    ("cast", "tf.cast(tf.Variable([1.7, -1.7]), tf.int32)"),
    ("concat", "tf.concat([tf.Variable([1, 2]), tf.constant([3])], axis=0)"),
    ("stack", "tf.stack([tf.Variable(1.0), tf.Variable(2.0)])"),
    ("square", "tf.square(tf.Variable([2.0, 3.0]))"),
    ("gather", "tf.gather(tf.Variable([10, 20, 30]), [2, 0])"),
    ("np_add", "np.add(tf.Variable([1.0, 2.0]), 1.0)"),
    ("float_var_plus_int_tensor", "tf.Variable(1.0) + tf.constant(1)"),
    ("int_var_plus_float_tensor", "tf.Variable(1) + tf.constant(1.0)"),
    ("float_var_plus_float64_tensor", "tf.Variable(1.0) + tf.constant(1.0, dtype=tf.float64)"),
    ("float_var_plus_int_var", "tf.Variable(1.0) + tf.Variable(1)"),
    ("int_var_plus_py_float", "tf.Variable(1) + 1.5"),
    ("float_var_matmul_int", "tf.matmul(tf.Variable([[1.0]]), tf.constant([[1]]))"),
    ("tf_add_float_var_int_tensor", "tf.add(tf.Variable(1.0), tf.constant(2))"),
]:
    case(f"ops_{nm}", expr)

# --------------------------------------------------------------------------
# scope_: get_variable, variable_scope, name_scope
# --------------------------------------------------------------------------
RANDOM_INITIALIZED = {"get_variable_default_init", "get_variable_default_init_int"}
for nm, code in [
    ("get_variable_zeros", "tf.get_variable('v', shape=[2, 3], initializer=tf.zeros_initializer())"),
    ("get_variable_ones_int", "tf.get_variable('v', shape=[2], dtype=tf.int32, initializer=tf.ones_initializer())"),
    ("get_variable_constant_init", "tf.get_variable('v', shape=[3], initializer=tf.constant_initializer(2.5))"),
    ("get_variable_value_init", "tf.get_variable('v', initializer=tf.constant([1.0, 2.0]))"),
    ("get_variable_value_init_shape", "tf.get_variable('v', shape=[2], initializer=tf.constant([1.0, 2.0]))"),
    ("get_variable_np_init", "tf.get_variable('v', initializer=np.array([1, 2], dtype=np.int32))"),
    ("get_variable_float64", "tf.get_variable('v', shape=[2], dtype=tf.float64, initializer=tf.zeros_initializer())"),
    ("get_variable_default_init", "tf.get_variable('v', shape=[3, 4])"),
    ("get_variable_default_init_int", "tf.get_variable('v', shape=[2], dtype=tf.int32)"),
    ("get_variable_name", "tf.get_variable('weights', shape=[1]).name"),
    ("get_variable_trainable", "tf.get_variable('v', shape=[1]).trainable"),
    ("get_variable_not_trainable", "tf.get_variable('v', shape=[1], trainable=False).trainable"),
    ("get_variable_no_shape", "tf.get_variable('v')"),
    ("get_variable_partial_shape", "tf.get_variable('v', shape=[None, 2])"),
    ("get_variable_two", "a = tf.get_variable('same', shape=[1])\nb = tf.get_variable('same', shape=[1])\n"
        "[a is b, a.name, b.name]"),
    ("get_variable_is_variable", "isinstance(tf.get_variable('v', shape=[1]), tf.Variable)"),
    ("variable_scope_get_variable", "with tf.variable_scope('layer1'):\n"
        "    v = tf.get_variable('w', shape=[1])\nv.name"),
    ("variable_scope_nested", "with tf.variable_scope('a'):\n    with tf.variable_scope('b'):\n"
        "        v = tf.get_variable('w', shape=[1])\nv.name"),
    ("variable_scope_variable", "with tf.variable_scope('layer1'):\n    v = tf.Variable(1.0)\nv.name"),
    ("variable_scope_variable_named", "with tf.variable_scope('layer1'):\n    v = tf.Variable(1.0, name='w')\nv.name"),
    ("variable_scope_name", "with tf.variable_scope('foo') as vs:\n    pass\nvs.name"),
    ("variable_scope_nested_name", "with tf.variable_scope('foo'):\n    with tf.variable_scope('bar') as vs:\n"
        "        pass\nvs.name"),
    ("variable_scope_original_name_scope", "with tf.variable_scope('foo') as vs:\n    pass\nvs.original_name_scope"),
    ("variable_scope_reenter_object", "with tf.variable_scope('foo') as vs:\n    pass\n"
        "with tf.variable_scope(vs):\n    v = tf.get_variable('w', shape=[1])\nv.name"),
    ("variable_scope_default_name", "with tf.variable_scope(None, default_name='dflt'):\n"
        "    v = tf.get_variable('w', shape=[1])\nv.name"),
    ("variable_scope_reuse_true", "with tf.variable_scope('s'):\n    a = tf.get_variable('w', shape=[1])\n"
        "with tf.variable_scope('s', reuse=True):\n    b = tf.get_variable('w', shape=[1])\na is b"),
    ("variable_scope_auto_reuse", "with tf.variable_scope('s', reuse=tf.AUTO_REUSE):\n"
        "    a = tf.get_variable('w', shape=[1])\n    b = tf.get_variable('w', shape=[1])\na is b"),
    ("variable_scope_initializer", "with tf.variable_scope('s', initializer=tf.constant_initializer(3.0)):\n"
        "    v = tf.get_variable('w', shape=[2])\nv"),
    ("variable_scope_dtype", "with tf.variable_scope('s', dtype=tf.float64):\n"
        "    v = tf.get_variable('w', shape=[1], initializer=tf.zeros_initializer())\nv.dtype"),
    ("variable_scope_tensor_name", "with tf.variable_scope('s'):\n    x = tf.constant(1.0)\nx.numpy()"),
    ("get_variable_scope_name", "tf.get_variable_scope().name"),
    ("get_variable_scope_inside", "with tf.variable_scope('outer'):\n    name = tf.get_variable_scope().name\nname"),
    ("name_scope_variable", "with tf.name_scope('ns'):\n    v = tf.Variable(1.0)\nv.name"),
    ("name_scope_get_variable", "with tf.name_scope('ns'):\n    v = tf.get_variable('w', shape=[1])\nv.name"),
    ("trainable_variables_after_get", "v = tf.get_variable('v', shape=[1])\ntf.trainable_variables()"),
    ("trainable_variables_scope", "with tf.variable_scope('s'):\n    v = tf.get_variable('v', shape=[1])\n"
        "tf.trainable_variables('s')"),
]:
    case(f"scope_{nm}", code, values=nm not in RANDOM_INITIALIZED)

# --------------------------------------------------------------------------
# tape_: tf.GradientTape
# --------------------------------------------------------------------------
X3 = "x = tf.constant(3.0)"
tape_case("tape_scalar", X3, "t.watch(x)\ny = x * x", "t.gradient(y, x)")
tape_case("tape_unwatched_constant", X3, "y = x * x", "t.gradient(y, x)")
tape_case("tape_vector", "x = tf.constant([1.0, 2.0, 3.0])", "t.watch(x)\ny = tf.reduce_sum(x * x)", "t.gradient(y, x)")
tape_case("tape_vector_target", "x = tf.constant([1.0, 2.0, 3.0])", "t.watch(x)\ny = x * x", "t.gradient(y, x)")
tape_case("tape_matrix", "x = tf.constant([[1.0, 2.0], [3.0, 4.0]])", "t.watch(x)\ny = tf.reduce_sum(tf.matmul(x, x))",
          "t.gradient(y, x)")
tape_case("tape_float64", "x = tf.constant([1.0, 2.0], dtype=tf.float64)", "t.watch(x)\ny = tf.reduce_sum(tf.exp(x))",
          "t.gradient(y, x)")
tape_case("tape_float16", "x = tf.constant([1.0, 2.0], dtype=tf.float16)", "t.watch(x)\ny = tf.reduce_sum(x * x)",
          "t.gradient(y, x)")
tape_case("tape_variable_auto", "v = tf.Variable(2.0)", "y = v * v * v", "t.gradient(y, v)")
tape_case("tape_variable_vector", "v = tf.Variable([1.0, 2.0])", "y = tf.reduce_sum(v * v)", "t.gradient(y, v)")
tape_case("tape_variable_not_trainable", "v = tf.Variable(2.0, trainable=False)", "y = v * v", "t.gradient(y, v)")
tape_case("tape_variable_not_trainable_watched", "v = tf.Variable(2.0, trainable=False)", "t.watch(v)\ny = v * v",
          "t.gradient(y, v)")
tape_case("tape_variable_int", "v = tf.Variable(2)", "y = v * v", "t.gradient(y, v)")
tape_case("tape_variable_as_target", "v = tf.Variable([1.0, 2.0])", "pass", "t.gradient(v, v)")
tape_case("tape_variable_created_inside", "", "v = tf.Variable(3.0)\ny = v * v", "t.gradient(y, v)")
tape_case("tape_variable_read_value", "v = tf.Variable(3.0)", "y = v.read_value() * 2.0", "t.gradient(y, v)")
tape_case("tape_variable_convert", "v = tf.Variable(3.0)", "y = tf.convert_to_tensor(v) * 2.0", "t.gradient(y, v)")
tape_case("tape_variable_assigned_after_use", "v = tf.Variable(3.0)", "y = v * v\nv.assign(10.0)",
          "t.gradient(y, v)")
tape_case("tape_variable_assigned_before_use", "v = tf.Variable(3.0)", "v.assign(10.0)\ny = v * v",
          "t.gradient(y, v)")
tape_case("tape_variable_assign_add_in_tape", "v = tf.Variable(1.0)", "v.assign_add(1.0)\ny = 3.0 * v",
          "t.gradient(y, v)")
tape_case("tape_variable_unread", "v = tf.Variable(3.0)", "y = v.assign(2.0) * v", "t.gradient(y, v)")
tape_case("tape_variable_slice", "v = tf.Variable([1.0, 2.0, 3.0])", "y = v[1] * 5.0", "t.gradient(y, v)")
tape_case("tape_variable_read_before_tape", "v = tf.Variable(3.0)\na = v * 1.0", "y = a * a", "t.gradient(y, v)")
tape_case("tape_list_sources", "x = tf.constant(2.0)\nz = tf.constant(5.0)", "t.watch(x)\nt.watch(z)\ny = x * z",
          "t.gradient(y, [x, z])")
tape_case("tape_tuple_sources", "x = tf.constant(2.0)\nz = tf.constant(5.0)", "t.watch([x, z])\ny = x * z",
          "t.gradient(y, (x, z))")
tape_case("tape_dict_sources", "x = tf.constant(2.0)\nz = tf.constant(5.0)", "t.watch([x, z])\ny = x * x * z",
          "t.gradient(y, {'a': x, 'b': z})")
tape_case("tape_nested_sources", "x = tf.constant(2.0)\nz = tf.constant(5.0)\nw = tf.constant(1.0)",
          "t.watch([x, z, w])\ny = x * z + w", "t.gradient(y, [x, (z, w)])")
tape_case("tape_repeated_sources", X3, "t.watch(x)\ny = x * x", "t.gradient(y, [x, x])")
tape_case("tape_variable_list_sources", "a = tf.Variable(2.0)\nb = tf.Variable(3.0)", "y = a * b",
          "t.gradient(y, [a, b])")
tape_case("tape_mixed_sources", "v = tf.Variable(2.0)\nx = tf.constant(3.0)", "t.watch(x)\ny = v * x",
          "t.gradient(y, [v, x])")
tape_case("tape_list_targets", X3, "t.watch(x)\ny1 = x * x\ny2 = 3.0 * x", "t.gradient([y1, y2], x)")
tape_case("tape_dict_targets", X3, "t.watch(x)\ny1 = x * x\ny2 = 3.0 * x", "t.gradient({'a': y1, 'b': y2}, x)")
tape_case("tape_targets_unconnected_one", "x = tf.constant(3.0)\nc = tf.constant(1.0)", "t.watch(x)\ny = x * x",
          "t.gradient([y, c], x)")
tape_case("tape_output_gradients", "x = tf.constant([1.0, 2.0])", "t.watch(x)\ny = x * x",
          "t.gradient(y, x, output_gradients=tf.constant([10.0, 100.0]))")
tape_case("tape_output_gradients_list", "x = tf.constant(2.0)", "t.watch(x)\ny1 = x * x\ny2 = x * 3.0",
          "t.gradient([y1, y2], x, output_gradients=[tf.constant(1.0), tf.constant(2.0)])")
tape_case("tape_output_gradients_scalar", X3, "t.watch(x)\ny = x * x", "t.gradient(y, x, output_gradients=2.0)")
tape_case("tape_unconnected_none", "x = tf.constant(3.0)\nz = tf.constant(1.0)", "t.watch([x, z])\ny = x * x",
          "t.gradient(y, z)")
tape_case("tape_unconnected_zero", "x = tf.constant(3.0)\nz = tf.constant([1.0, 2.0])", "t.watch([x, z])\ny = x * x",
          "t.gradient(y, z, unconnected_gradients=tf.UnconnectedGradients.ZERO)")
tape_case("tape_unconnected_zero_string", "x = tf.constant(3.0)\nz = tf.constant([1.0, 2.0])",
          "t.watch([x, z])\ny = x * x", "t.gradient(y, [x, z], unconnected_gradients='zero')")
tape_case("tape_unconnected_zero_variable", "x = tf.constant(3.0)\nv = tf.Variable([[1.0, 2.0]])",
          "t.watch(x)\ny = x * x", "t.gradient(y, v, unconnected_gradients=tf.UnconnectedGradients.ZERO)")
tape_case("tape_unconnected_none_explicit", "x = tf.constant(3.0)\nz = tf.constant(1.0)", "t.watch([x, z])\ny = x * x",
          "t.gradient(y, [x, z], unconnected_gradients=tf.UnconnectedGradients.NONE)")
tape_case("tape_unconnected_bad_value", X3, "t.watch(x)\ny = x * x",
          "t.gradient(y, x, unconnected_gradients='nothing')")
tape_case("tape_unconnected_zero_int_source", "x = tf.constant(3)", "t.watch(x)\ny = x * x",
          "t.gradient(y, x, unconnected_gradients='zero')")
tape_case("tape_unconnected_enum_value", "", "pass", "tf.UnconnectedGradients.ZERO.value")
tape_case("tape_persistent_twice", X3, "t.watch(x)\ny = x * x\nz = y * y",
          "[t.gradient(y, x), t.gradient(z, x)]", persistent=True)
tape_case("tape_persistent_three_times", X3, "t.watch(x)\ny = x * x", "[t.gradient(y, x) for _ in range(3)]",
          persistent=True)
tape_case("tape_second_gradient_error", X3, "t.watch(x)\ny = x * x", "t.gradient(y, x)\nt.gradient(y, x)")
tape_case("tape_gradient_inside_context", X3, "t.watch(x)\ny = x * x\ng = t.gradient(y, x)", "g")
tape_case("tape_gradient_inside_persistent", X3, "t.watch(x)\ny = x * x\ng = t.gradient(y, x)\nz = g * x",
          "t.gradient(z, x)", persistent=True)
tape_case("tape_target_before_tape", "x = tf.constant(3.0)\ny = x * x", "t.watch(x)", "t.gradient(y, x)")
tape_case("tape_value_before_tape_is_constant", "x = tf.constant(3.0)\na = x * 2.0", "t.watch(x)\ny = a * x",
          "t.gradient(y, x)")
tape_case("tape_intermediate_source", X3, "t.watch(x)\nm = x * 2.0\ny = m * m", "t.gradient(y, m)")
tape_case("tape_intermediate_unwatched_source", X3, "m = x * 2.0\ny = m * m", "t.gradient(y, m)")
tape_case("tape_watch_twice", X3, "t.watch(x)\nt.watch(x)\ny = x * x", "t.gradient(y, x)")
tape_case("tape_watch_list", "x = tf.constant(1.0)\nz = tf.constant(2.0)", "t.watch([x, z])\ny = x * z * z",
          "t.gradient(y, [x, z])")
tape_case("tape_watch_after_use", X3, "y = x * x\nt.watch(x)", "t.gradient(y, x)")
tape_case("tape_identity_target", X3, "t.watch(x)\ny = tf.identity(x)", "t.gradient(y, x)")
tape_case("tape_target_is_source", X3, "t.watch(x)", "t.gradient(x, x)")
tape_case("tape_int_source", "x = tf.constant(3)", "t.watch(x)\ny = x * x", "t.gradient(y, x)")
tape_case("tape_int_source_cast", "x = tf.constant(3)", "t.watch(x)\ny = tf.cast(x, tf.float32) * 2.0",
          "t.gradient(y, x)")
tape_case("tape_float_to_int_cast", X3, "t.watch(x)\ny = tf.cast(tf.cast(x, tf.int32), tf.float32) * x",
          "t.gradient(y, x)")
tape_case("tape_int_target", X3, "t.watch(x)\ny = tf.cast(x, tf.int32)", "t.gradient(y, x)")
tape_case("tape_string_source", "x = tf.constant('a')", "t.watch(x)\ny = tf.identity(x)", "t.gradient(y, x)")
tape_case("tape_stop_gradient", X3, "t.watch(x)\ny = x * tf.stop_gradient(x)", "t.gradient(y, x)")
tape_case("tape_stop_gradient_all", X3, "t.watch(x)\ny = tf.stop_gradient(x * x)", "t.gradient(y, x)")
tape_case("tape_stop_gradient_forward", X3, "t.watch(x)\ny = tf.stop_gradient(x * x)", "y")
tape_case("tape_stop_recording", X3, "t.watch(x)\ny = x * x\nwith t.stop_recording():\n    z = y * x\nw = z + y",
          "t.gradient(w, x)")
tape_case("tape_stop_recording_value", X3, "t.watch(x)\nwith t.stop_recording():\n    z = x * x", "t.gradient(z, x)")
tape_case("tape_stop_recording_gradient_inside", X3,
          "t.watch(x)\ny = x * x\nwith t.stop_recording():\n    g = t.gradient(y, x)", "g", persistent=True)
tape_case("tape_stop_recording_outside", X3, "t.watch(x)", "with t.stop_recording():\n    pass")
tape_case("tape_reset", "x = tf.constant(3.0)", "t.watch(x)\ny = x * x\nt.reset()\nt.watch(x)\nz = x * 5.0",
          "[t.gradient(z, x), t.gradient(y, x)]", persistent=True)
tape_case("tape_reset_unwatches", X3, "t.watch(x)\nt.reset()\ny = x * x", "t.gradient(y, x)")
tape_case("tape_reset_variable", "v = tf.Variable(2.0)", "y = v * v\nt.reset()\nz = v * 3.0", "t.gradient(z, v)")
tape_case("tape_no_watch_accessed", "v = tf.Variable(2.0)", "y = v * v", "t.gradient(y, v)",
          watch_accessed_variables=False)
tape_case("tape_no_watch_accessed_explicit", "v = tf.Variable(2.0)\nw = tf.Variable(5.0)", "t.watch(v)\ny = v * w",
          "t.gradient(y, [v, w])",
          watch_accessed_variables=False)
tape_case("tape_no_watch_accessed_watched_variables", "v = tf.Variable(2.0)", "y = v * v", "t.watched_variables()",
          watch_accessed_variables=False)
tape_case("tape_watched_variables", "v = tf.Variable(2.0, name='v')", "y = v * v", "t.watched_variables()")
tape_case("tape_watched_variables_two", "a = tf.Variable(2.0, name='a')\nb = tf.Variable(3.0, name='b')",
          "y = a * b", "t.watched_variables()")
tape_case("tape_watched_variables_explicit", "v = tf.Variable(2.0, name='v', trainable=False)", "t.watch(v)",
          "t.watched_variables()")
tape_case("tape_watched_variables_type", "v = tf.Variable(2.0)", "y = v * v", "type(t.watched_variables()).__name__")
tape_case("tape_watched_variables_none", X3, "t.watch(x)\ny = x * x", "t.watched_variables()")
tape_case("tape_watched_variables_untouched", "v = tf.Variable(2.0)", "pass", "t.watched_variables()")
tape_case("tape_watch_tape_local", "x = tf.constant(3.0)",
          "with tf.GradientTape() as t2:\n    t2.watch(x)\n    y = x * x", "t.gradient(y, x)")
tape_case("tape_watch_inner_only", "x = tf.constant(3.0)",
          "with tf.GradientTape() as t2:\n    t2.watch(x)\n    y = x * x", "t2.gradient(y, x)")
tape_case("tape_nested_second_derivative", X3,
          "t.watch(x)\nwith tf.GradientTape() as t2:\n    t2.watch(x)\n    y = x * x * x\ndy = t2.gradient(y, x)",
          "[dy, t.gradient(dy, x)]")
tape_case("tape_nested_third_derivative_cube", X3,
          "t.watch(x)\nwith tf.GradientTape() as t2:\n    t2.watch(x)\n"
          "    with tf.GradientTape() as t3:\n        t3.watch(x)\n        y = x * x * x\n"
          "    dy = t3.gradient(y, x)\nd2y = t2.gradient(dy, x)", "t.gradient(d2y, x)")
tape_case("tape_nested_third_derivative_square", X3,
          "t.watch(x)\nwith tf.GradientTape() as t2:\n    t2.watch(x)\n"
          "    with tf.GradientTape() as t3:\n        t3.watch(x)\n        y = x * x\n"
          "    dy = t3.gradient(y, x)\nd2y = t2.gradient(dy, x)", "[d2y, t.gradient(d2y, x)]")
tape_case("tape_nested_second_variable", "v = tf.Variable(2.0)",
          "with tf.GradientTape() as t2:\n    y = tf.sin(v)\ndy = t2.gradient(y, v)", "t.gradient(dy, v)")
tape_case("tape_nested_inner_outside_outer", X3,
          "t.watch(x)\ny = x * x", "with tf.GradientTape() as t2:\n    dy = t.gradient(y, x)\nt2.gradient(dy, x)")
tape_case("tape_nested_persistent_both", X3,
          "t.watch(x)\nwith tf.GradientTape(persistent=True) as t2:\n    t2.watch(x)\n    y = tf.exp(x)\n"
          "    z = y * 2.0\ndy = t2.gradient(y, x)\ndz = t2.gradient(z, x)", "t.gradient([dy, dz], x)", persistent=True)
tape_case("tape_nested_outer_sees_inner_ops", X3,
          "t.watch(x)\nwith tf.GradientTape() as t2:\n    t2.watch(x)\n    y = x * x",
          "t.gradient(y, x)")
tape_case("tape_jacobian", "x = tf.constant([1.0, 2.0, 3.0])", "t.watch(x)\ny = x * x", "t.jacobian(y, x)")
tape_case("tape_jacobian_matrix", "x = tf.constant([1.0, 2.0])", "t.watch(x)\n"
    "y = tf.stack([x[0] * x[1], x[0] + x[1], x[1]])",
          "t.jacobian(y, x)")
tape_case("tape_jacobian_scalar_target", "x = tf.constant([1.0, 2.0])", "t.watch(x)\ny = tf.reduce_sum(x * x)",
          "t.jacobian(y, x)")
tape_case("tape_jacobian_scalar_source", "x = tf.constant(2.0)", "t.watch(x)\ny = tf.stack([x, x * x])",
          "t.jacobian(y, x)")
tape_case("tape_jacobian_2d", "x = tf.constant([[1.0, 2.0], [3.0, 4.0]])", "t.watch(x)\ny = x * 3.0",
          "t.jacobian(y, x)")
tape_case("tape_jacobian_list_sources", "x = tf.constant([1.0, 2.0])\nz = tf.constant(3.0)",
          "t.watch([x, z])\ny = x * z", "t.jacobian(y, [x, z])")
tape_case("tape_jacobian_variable", "v = tf.Variable([1.0, 2.0])", "y = v * v", "t.jacobian(y, v)")
tape_case("tape_jacobian_unconnected", "x = tf.constant([1.0, 2.0])\nz = tf.constant([3.0])",
          "t.watch([x, z])\ny = x * x", "t.jacobian(y, z)")
tape_case("tape_jacobian_unconnected_zero", "x = tf.constant([1.0, 2.0])\nz = tf.constant([3.0])",
          "t.watch([x, z])\ny = x * x", "t.jacobian(y, z, unconnected_gradients='zero')")
tape_case("tape_jacobian_no_pfor", "x = tf.constant([1.0, 2.0])", "t.watch(x)\ny = tf.exp(x)",
          "t.jacobian(y, x, experimental_use_pfor=False)", persistent=True)
tape_case("tape_jacobian_twice_persistent", "x = tf.constant([1.0, 2.0])", "t.watch(x)\ny = x * x",
          "[t.jacobian(y, x), t.jacobian(y, x)]", persistent=True)
tape_case("tape_jacobian_after_gradient", "x = tf.constant([1.0, 2.0])", "t.watch(x)\ny = x * x",
          "t.gradient(y, x)\nt.jacobian(y, x)")
tape_case("tape_batch_jacobian", "x = tf.constant([[1.0, 2.0], [3.0, 4.0]])", "t.watch(x)\ny = x * x",
          "t.batch_jacobian(y, x)")
tape_case("tape_batch_jacobian_matmul", "x = tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])\n"
          "w = tf.constant([[1.0, 0.0, 2.0], [0.0, 1.0, -1.0]])", "t.watch(x)\ny = tf.matmul(x, w)",
          "t.batch_jacobian(y, x)")
tape_case("tape_batch_jacobian_shape", "x = tf.ones([4, 3])", "t.watch(x)\ny = tf.tanh(tf.tile(x, [1, 2]))",
          "t.batch_jacobian(y, x).shape")
tape_case("tape_batch_jacobian_rank1", "x = tf.constant([1.0, 2.0])", "t.watch(x)\ny = x * x",
          "t.batch_jacobian(y, x)")
tape_case("tape_batch_jacobian_batch_mismatch", "x = tf.constant([[1.0, 2.0], [3.0, 4.0]])",
          "t.watch(x)\ny = tf.reshape(x, [1, 4])", "t.batch_jacobian(y, x)")
tape_case("tape_gradient_of_none_target", X3, "t.watch(x)", "t.gradient(None, x)")
case("tape_not_entered", "x = tf.constant(3.0)\nt = tf.GradientTape()\nt.watch(x)\ny = x * x\nt.gradient(y, x)")
case("tape_reenter_persistent", "x = tf.constant(3.0)\nt = tf.GradientTape(persistent=True)\n"
     "with t:\n    t.watch(x)\n    y = x * x\nwith t:\n    z = y * x\nt.gradient(z, x)")
case("tape_tfe_alias", "x = tf.constant(3.0)\nwith tfe.GradientTape() as t:\n    t.watch(x)\n    y = x * x\n"
     "t.gradient(y, x)")
case("tape_tfe_is_tf", "tfe.GradientTape is tf.GradientTape")

# --------------------------------------------------------------------------
# op_: gradients through ops (d reduce_sum(f(x)) / dx)
# --------------------------------------------------------------------------
ANY = "[-2.0, -0.5, 0.0, 0.5, 2.0]"
POS = "[0.25, 0.5, 1.0, 2.0, 4.0]"
UNIT = "[-0.5, 0.0, 0.25, 0.75]"
for nm, x, expr in [
    ("sin", ANY, "tf.sin(x)"), ("cos", ANY, "tf.cos(x)"), ("tan", UNIT, "tf.tan(x)"),
    ("exp", ANY, "tf.exp(x)"), ("expm1", ANY, "tf.expm1(x)"), ("log", POS, "tf.log(x)"),
    ("log1p", POS, "tf.log1p(x)"), ("sqrt", POS, "tf.sqrt(x)"), ("rsqrt", POS, "tf.rsqrt(x)"),
    ("square", ANY, "tf.square(x)"), ("reciprocal", POS, "tf.reciprocal(x)"),
    ("tanh", ANY, "tf.tanh(x)"), ("sigmoid", ANY, "tf.sigmoid(x)"), ("log_sigmoid", ANY, "tf.log_sigmoid(x)"),
    ("sinh", ANY, "tf.sinh(x)"), ("cosh", ANY, "tf.cosh(x)"), ("asin", UNIT, "tf.asin(x)"),
    ("acos", UNIT, "tf.acos(x)"), ("atan", ANY, "tf.atan(x)"), ("atanh", UNIT, "tf.atanh(x)"),
    ("asinh", ANY, "tf.asinh(x)"), ("erf", ANY, "tf.erf(x)"), ("erfc", ANY, "tf.erfc(x)"),
    ("lgamma", POS, "tf.lgamma(x)"), ("digamma", POS, "tf.digamma(x)"),
    ("abs", ANY, "tf.abs(x)"), ("neg", ANY, "-x"), ("sign", ANY, "tf.sign(x)"),
    ("floor", ANY, "tf.floor(x)"), ("ceil", ANY, "tf.ceil(x)"), ("round", ANY, "tf.round(x)"),
    ("pow_const", ANY, "tf.pow(x, 3.0)"), ("pow_operator", ANY, "x ** 2"), ("rpow", ANY, "tf.pow(2.0, x)"),
    ("pow_self", POS, "x ** x"), ("pow_zero_base", "[0.0, 1.0]", "tf.pow(x, 2.0)"),
    ("pow_exponent_zero_base", "[0.0, 1.0]", "tf.pow(tf.constant([0.0, 2.0]), x)"),
    ("truediv", POS, "1.0 / x"), ("div_by_const", ANY, "x / 4.0"), ("mul_self", ANY, "x * x"),
    ("squared_difference", ANY, "tf.squared_difference(x, 1.0)"), ("atan2", POS, "tf.atan2(x, 1.0 - x)"),
    ("maximum_tie", ANY, "tf.maximum(x, 0.5)"), ("minimum_tie", ANY, "tf.minimum(x, 0.5)"),
    ("maximum_self", ANY, "tf.maximum(x, x)"),
    ("clip_by_value", ANY, "tf.clip_by_value(x, -0.5, 0.5)"),
    ("where", ANY, "tf.where(x > 0.0, x * x, -x)"),
    ("relu", ANY, "tf.nn.relu(x)"), ("relu6", "[-1.0, 0.0, 3.0, 6.0, 7.0]", "tf.nn.relu6(x)"),
    ("elu", ANY, "tf.nn.elu(x)"), ("selu", ANY, "tf.nn.selu(x)"), ("softplus", ANY, "tf.nn.softplus(x)"),
    ("softsign", ANY, "tf.nn.softsign(x)"), ("leaky_relu", ANY, "tf.nn.leaky_relu(x)"),
    ("crelu", ANY, "tf.nn.crelu(x)"),
    ("reduce_mean", ANY, "tf.reduce_mean(x)"), ("reduce_max", "[1.0, 3.0, 2.0]", "tf.reduce_max(x)"),
    ("reduce_max_ties", "[3.0, 1.0, 3.0]", "tf.reduce_max(x)"),
    ("reduce_min_ties", "[1.0, 3.0, 1.0]", "tf.reduce_min(x)"),
    ("reduce_max_axis_ties", "[[1.0, 1.0], [2.0, 0.0]]", "tf.reduce_max(x, axis=1)"),
    ("reduce_prod", "[1.0, 2.0, 3.0]", "tf.reduce_prod(x)"),
    ("reduce_prod_zero", "[0.0, 2.0, 3.0]", "tf.reduce_prod(x)"),
    ("reduce_prod_two_zeros", "[0.0, 2.0, 0.0]", "tf.reduce_prod(x)"),
    ("reduce_logsumexp", ANY, "tf.reduce_logsumexp(x)"),
    ("reduce_mean_axis", "[[1.0, 2.0], [3.0, 4.0]]", "tf.reduce_mean(x, axis=0) * [1.0, 10.0]"),
    ("reduce_sum_keepdims", "[[1.0, 2.0], [3.0, 4.0]]", "tf.reduce_sum(x, axis=1, keepdims=True) * x"),
    ("reduce_std", ANY, "tf.math.reduce_std(x)"),
    ("norm", "[3.0, 4.0]", "tf.norm(x)"),
    ("cumsum", "[1.0, 2.0, 3.0]", "tf.cumsum(x) * [1.0, 10.0, 100.0]"),
    ("cumprod", "[1.0, 2.0, 3.0]", "tf.cumprod(x)"),
    ("softmax", "[[1.0, 2.0, 3.0]]", "tf.nn.softmax(x) * [[1.0, 2.0, 3.0]]"),
    ("log_softmax", "[[1.0, 2.0, 3.0]]", "tf.nn.log_softmax(x) * [[1.0, 0.0, 0.0]]"),
    ("softmax_xent_v2", "[[1.0, 2.0, 3.0], [1.0, 1.0, 1.0]]",
     "tf.nn.softmax_cross_entropy_with_logits_v2(labels=[[0.0, 0.0, 1.0], [0.5, 0.5, 0.0]], logits=x)"),
    ("sparse_softmax_xent", "[[1.0, 2.0, 3.0], [1.0, 1.0, 1.0]]",
     "tf.nn.sparse_softmax_cross_entropy_with_logits(labels=[2, 0], logits=x)"),
    ("sigmoid_xent", ANY, "tf.nn.sigmoid_cross_entropy_with_logits(labels=tf.ones([5]) * 0.3, logits=x)"),
    ("l2_loss", ANY, "tf.nn.l2_loss(x)"),
    ("l2_normalize", "[3.0, 4.0]", "tf.nn.l2_normalize(x) * [1.0, 0.0]"),
    ("moments_variance", "[1.0, 2.0, 4.0]", "tf.nn.moments(x, axes=[0])[1]"),
    ("bias_add", "[[1.0, 2.0], [3.0, 4.0]]", "tf.nn.bias_add(x, [1.0, -1.0]) ** 2"),
    ("matmul_left", "[[1.0, 2.0], [3.0, 4.0]]", "tf.matmul(x, [[1.0, 2.0], [3.0, 5.0]])"),
    ("matmul_right", "[[1.0, 2.0], [3.0, 4.0]]", "tf.matmul([[1.0, 2.0], [3.0, 5.0]], x) * [[1.0, 2.0], [3.0, 4.0]]"),
    ("matmul_transpose_a", "[[1.0, 2.0], [3.0, 4.0]]", "tf.matmul(x, [[1.0, 2.0], [3.0, 5.0]], transpose_a=True) * [[1.0, 0.0], [0.0, 0.0]]"),
    ("matmul_batch", "[[[1.0, 2.0]], [[3.0, 4.0]]]", "tf.matmul(x, [[[1.0], [2.0]], [[3.0], [4.0]]])"),
    ("matvec_einsum", "[[1.0, 2.0], [3.0, 4.0]]", "tf.einsum('ij,j->i', x, tf.constant([1.0, -1.0]))"),
    ("tensordot", "[[1.0, 2.0], [3.0, 4.0]]", "tf.tensordot(x, x, axes=1)"),
    ("matrix_inverse", "[[2.0, 1.0], [1.0, 3.0]]", "tf.matrix_inverse(x)"),
    ("matrix_determinant", "[[2.0, 1.0], [1.0, 3.0]]", "tf.matrix_determinant(x)"),
    ("trace", "[[2.0, 1.0], [1.0, 3.0]]", "tf.trace(x) * 2.0"),
    ("reshape", "[1.0, 2.0, 3.0, 4.0]", "tf.reshape(x, [2, 2]) * [[1.0, 2.0], [3.0, 4.0]]"),
    ("transpose", "[[1.0, 2.0], [3.0, 4.0]]", "tf.transpose(x) * [[1.0, 2.0], [3.0, 4.0]]"),
    ("concat", "[1.0, 2.0]", "tf.concat([x, x * 2.0], axis=0) * [1.0, 2.0, 3.0, 4.0]"),
    ("stack", "[1.0, 2.0]", "tf.stack([x, x]) * [[1.0, 2.0], [3.0, 4.0]]"),
    ("unstack", "[[1.0, 2.0], [3.0, 4.0]]", "tf.unstack(x)[1] * 5.0"),
    ("split", "[1.0, 2.0, 3.0, 4.0]", "tf.split(x, 2)[0] * 3.0"),
    ("tile", "[1.0, 2.0]", "tf.tile(x, [3])"),
    ("pad", "[1.0, 2.0]", "tf.pad(x, [[1, 2]]) * [1.0, 2.0, 3.0, 4.0, 5.0]"),
    ("reverse", "[1.0, 2.0, 3.0]", "tf.reverse(x, [0]) * [1.0, 2.0, 3.0]"),
    ("slice_op", "[1.0, 2.0, 3.0, 4.0]", "tf.slice(x, [1], [2]) * [5.0, 7.0]"),
    ("getitem_range", "[1.0, 2.0, 3.0, 4.0]", "x[1:3] * [5.0, 7.0]"),
    ("getitem_step", "[1.0, 2.0, 3.0, 4.0]", "x[::2] * [5.0, 7.0]"),
    ("getitem_2d", "[[1.0, 2.0], [3.0, 4.0]]", "x[:, 1] * [5.0, 7.0]"),
    ("getitem_scalar", "[1.0, 2.0, 3.0]", "x[1] * x[2]"),
    ("expand_squeeze", "[1.0, 2.0]", "tf.squeeze(tf.expand_dims(x, 0)) * [1.0, 2.0]"),
    ("gather_axis1", "[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]", "tf.gather(x, [2, 2, 0], axis=1)"),
    ("gather_nd", "[[1.0, 2.0], [3.0, 4.0]]", "tf.gather_nd(x, [[0, 1], [1, 0], [0, 1]])"),
    ("boolean_mask", "[1.0, 2.0, 3.0]", "tf.boolean_mask(x, [True, False, True]) * [5.0, 7.0]"),
    ("segment_sum", "[1.0, 2.0, 3.0]", "tf.segment_sum(x, [0, 0, 1]) * [5.0, 7.0]"),
    ("unsorted_segment_sum", "[1.0, 2.0, 3.0]", "tf.unsorted_segment_sum(x, [1, 0, 1], 2) * [5.0, 7.0]"),
    ("cast_float64", "[1.0, 2.0]", "tf.cast(x, tf.float64) * 3.0"),
    ("cast_int", "[1.5, 2.5]", "tf.cast(tf.cast(x, tf.int32), tf.float32)"),
    ("one_hot_argmax", "[1.0, 3.0, 2.0]", "tf.one_hot(tf.argmax(x), 3) * x"),
    ("broadcast_add", "[1.0, 2.0]", "x + tf.zeros([3, 2])"),
    ("broadcast_mul_column", "[[1.0], [2.0]]", "x * tf.constant([[1.0, 2.0, 3.0]])"),
    ("add_n", "[1.0, 2.0]", "tf.add_n([x, x, x * 2.0])"),
    ("conv2d_valid", "np.arange(16, dtype=np.float32).reshape(1, 4, 4, 1)",
     "tf.nn.conv2d(x, tf.ones([2, 2, 1, 1]), strides=[1, 1, 1, 1], padding='VALID')"),
    ("conv2d_same_stride", "np.arange(16, dtype=np.float32).reshape(1, 4, 4, 1)",
     "tf.nn.conv2d(x, tf.constant([[[[1.0]], [[2.0]]], [[[3.0]], [[4.0]]]]), strides=[1, 2, 2, 1], padding='SAME') * [[[[1.0], [2.0]], [[3.0], [4.0]]]]"),
    ("max_pool", "np.array([1, 5, 2, 0, 4, 3, 8, 6, 7, 9, 11, 10, 15, 14, 13, 12], dtype=np.float32).reshape(1, 4, 4, 1)",
     "tf.nn.max_pool(x, ksize=[1, 2, 2, 1], strides=[1, 2, 2, 1], padding='VALID') * [[[[1.0], [2.0]], [[3.0], [4.0]]]]"),
    ("avg_pool_same", "np.arange(9, dtype=np.float32).reshape(1, 3, 3, 1)",
     "tf.nn.avg_pool(x, ksize=[1, 2, 2, 1], strides=[1, 2, 2, 1], padding='SAME') * [[[[1.0], [2.0]], [[3.0], [4.0]]]]"),
]:
    grad_case(f"op_{nm}", x, expr)

tape_case("op_conv2d_filter_grad", "x = tf.constant(np.arange(16, dtype=np.float32).reshape(1, 4, 4, 1))\n"
          "k = tf.ones([2, 2, 1, 1])", "t.watch(k)\ny = tf.reduce_sum(tf.nn.conv2d(x, k, [1, 1, 1, 1], 'VALID'))",
          "t.gradient(y, k)")
tape_case("op_softmax_xent_v1_labels", "x = tf.constant([[1.0, 2.0]])\nlab = tf.constant([[0.5, 0.5]])",
          "t.watch([x, lab])\ny = tf.nn.softmax_cross_entropy_with_logits(labels=lab, logits=x)",
          "t.gradient(y, [x, lab])")
tape_case("op_softmax_xent_v2_labels", "x = tf.constant([[1.0, 2.0]])\nlab = tf.constant([[0.5, 0.5]])",
          "t.watch([x, lab])\ny = tf.nn.softmax_cross_entropy_with_logits_v2(labels=lab, logits=x)",
          "t.gradient(y, [x, lab])")
tape_case("op_argmax_target", "x = tf.constant([1.0, 3.0])", "t.watch(x)\ny = tf.argmax(x)", "t.gradient(y, x)")
tape_case("op_matmul_both", "a = tf.constant([[1.0, 2.0]])\nb = tf.constant([[3.0], [4.0]])",
          "t.watch([a, b])\ny = tf.matmul(a, b)", "t.gradient(y, [a, b])")
tape_case("op_linear_regression", "w = tf.Variable(0.5)\nb = tf.Variable(0.1)\n"
          "xs = tf.constant([1.0, 2.0, 3.0])\nys = tf.constant([2.0, 4.0, 6.0])",
          "loss = tf.reduce_mean(tf.square(w * xs + b - ys))", "t.gradient(loss, [w, b])")
tape_case("op_dense_layer", "w = tf.Variable([[0.1, 0.2], [0.3, 0.4]])\nb = tf.Variable([0.0, 1.0])\n"
          "x = tf.constant([[1.0, 2.0]])",
          "y = tf.nn.softmax(tf.matmul(x, w) + b)\nloss = -tf.log(y[0, 1])", "t.gradient(loss, [w, b])")

# --------------------------------------------------------------------------
# slices_: gather / embedding_lookup gradients are tf.IndexedSlices
# --------------------------------------------------------------------------
P = "p = tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])"
V = "p = tf.Variable([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])"
tape_case("slices_gather_tensor", P, "t.watch(p)\ny = tf.reduce_sum(tf.gather(p, [2, 0]))", "t.gradient(y, p)")
tape_case("slices_gather_tensor_parts", P, "t.watch(p)\ny = tf.gather(p, [2, 0]) * [[1.0, 2.0], [3.0, 4.0]]",
          "g = t.gradient(y, p)\n(g.values, g.indices, g.dense_shape)")
tape_case("slices_gather_variable", V, "y = tf.reduce_sum(tf.gather(p, [1]))", "t.gradient(y, p)")
tape_case("slices_gather_variable_parts", V, "y = tf.gather(p, [1, 1]) * [[1.0, 2.0], [3.0, 4.0]]",
          "g = t.gradient(y, p)\n(g.values, g.indices, g.dense_shape)")
tape_case("slices_gather_variable_2d_indices", V, "y = tf.gather(p, [[0, 2], [1, 0]]) * 2.0",
          "t.gradient(y, p)")
tape_case("slices_gather_scalar_index", V, "y = tf.gather(p, 1) * [3.0, 4.0]", "t.gradient(y, p)")
tape_case("slices_gather_tensor_indices", V, "y = tf.gather(p, tf.constant([2])) * 5.0", "t.gradient(y, p)")
tape_case("slices_gather_int64_indices", V, "y = tf.gather(p, tf.constant([2], dtype=tf.int64))",
          "t.gradient(y, p)")
tape_case("slices_embedding_lookup", V, "y = tf.nn.embedding_lookup(p, [0, 2]) * 2.0", "t.gradient(y, p)")
tape_case("slices_embedding_lookup_tensor", P, "t.watch(p)\ny = tf.nn.embedding_lookup(p, [1])", "t.gradient(y, p)")
tape_case("slices_variable_sparse_read", V, "y = p.sparse_read([0, 2]) * 2.0", "t.gradient(y, p)")
tape_case("slices_two_gathers", V, "y = tf.reduce_sum(tf.gather(p, [0])) + tf.reduce_sum(tf.gather(p, [2, 0]))",
          "t.gradient(y, p)")
tape_case("slices_gather_plus_dense", V, "y = tf.reduce_sum(tf.gather(p, [0])) + tf.reduce_sum(p * 2.0)",
          "t.gradient(y, p)")
tape_case("slices_gather_then_reduce_dense", P, "t.watch(p)\ny = tf.reduce_sum(tf.gather(p, [1]) * p[0])",
          "t.gradient(y, p)")
tape_case("slices_gather_to_dense", V, "y = tf.gather(p, [2, 0, 2]) * 2.0",
          "tf.convert_to_tensor(t.gradient(y, p))")
tape_case("slices_gather_type", V, "y = tf.gather(p, [1])", "type(t.gradient(y, p)).__name__")
tape_case("slices_gather_isinstance", V, "y = tf.gather(p, [1])", "isinstance(t.gradient(y, p), tf.IndexedSlices)")
tape_case("slices_gather_dtype", V, "y = tf.gather(p, [1])", "t.gradient(y, p).dtype")
tape_case("slices_gather_output_gradients", V, "y = tf.gather(p, [1, 0])",
          "t.gradient(y, p, output_gradients=tf.constant([[1.0, 2.0], [3.0, 4.0]]))")
tape_case("slices_gather_unused_rows_zero", V, "y = tf.gather(p, [1])",
          "t.gradient(y, p, unconnected_gradients='zero')")
tape_case("slices_gather_intermediate", "p = tf.constant([[1.0, 2.0], [3.0, 4.0]])",
          "t.watch(p)\nq = p * 2.0\ny = tf.gather(q, [1])", "t.gradient(y, q)")
tape_case("slices_gather_second_order", "p = tf.Variable([1.0, 2.0, 3.0])",
          "with tf.GradientTape() as t2:\n    y = tf.reduce_sum(tf.gather(p, [0, 2]) ** 3)\n"
          "g = tf.convert_to_tensor(t2.gradient(y, p))", "t.gradient(g, p)")
tape_case("slices_jacobian_gather", "p = tf.constant([1.0, 2.0, 3.0])", "t.watch(p)\ny = tf.gather(p, [2, 0])",
          "t.jacobian(y, p)")
case("slices_construct", "s = tf.IndexedSlices(tf.constant([[1.0, 2.0]]), tf.constant([1]), tf.constant([3, 2]))\n"
     "(s.values, s.indices, s.dense_shape)")
case("slices_construct_no_shape", "s = tf.IndexedSlices(tf.constant([1.0]), tf.constant([0]))\ns.dense_shape")
case("slices_construct_to_dense", "tf.convert_to_tensor(tf.IndexedSlices(tf.constant([[1.0, 2.0], [3.0, 4.0]]), "
     "tf.constant([2, 2]), tf.constant([3, 2])))")
case("slices_construct_to_dense_no_shape", "tf.convert_to_tensor(tf.IndexedSlices(tf.constant([1.0]), tf.constant([0])))")
case("slices_construct_dtype_shape", "s = tf.IndexedSlices(tf.constant([[1, 2]]), tf.constant([0]), tf.constant([4, 2]))\n"
     "[s.dtype, s.shape]")
case("slices_multiply_dense", "tf.multiply(tf.IndexedSlices(tf.constant([[1.0, 2.0]]), tf.constant([1]), "
     "tf.constant([2, 2])), 2.0)")
case("slices_add", "tf.add(tf.IndexedSlices(tf.constant([[1.0, 2.0]]), tf.constant([1]), tf.constant([2, 2])), "
     "tf.ones([2, 2]))")

# --------------------------------------------------------------------------
# tfe_: tf.contrib.eager gradient functions
# --------------------------------------------------------------------------
for nm, code in [
    ("gradients_function", "def f(x):\n    return x * x\ntfe.gradients_function(f)(3.0)"),
    ("gradients_function_two_args", "def f(x, y):\n    return x * x * y\ntfe.gradients_function(f)(3.0, 2.0)"),
    ("gradients_function_params", "def f(x, y):\n    return x * x * y\n"
        "tfe.gradients_function(f, params=[1])(3.0, 2.0)"),
    ("gradients_function_params_both", "def f(x, y):\n    return x * y\n"
        "tfe.gradients_function(f, params=[1, 0])(3.0, 2.0)"),
    ("gradients_function_tensor", "def f(x):\n    return tf.reduce_sum(x * x)\n"
        "tfe.gradients_function(f)(tf.constant([1.0, 2.0]))"),
    ("gradients_function_vector_output", "def f(x):\n    return x * x\n"
        "tfe.gradients_function(f)(tf.constant([1.0, 2.0]))"),
    ("gradients_function_numpy_arg", "def f(x):\n    return x * 2.0\ntfe.gradients_function(f)(np.array([1.0, 2.0]))"),
    ("gradients_function_int_arg", "def f(x):\n    return x * x\ntfe.gradients_function(f)(3)"),
    ("gradients_function_dy", "def f(x):\n    return x * x\n"
        "tfe.gradients_function(f)(tf.constant([1.0, 2.0]), dy=tf.constant([3.0, 4.0]))"),
    ("gradients_function_unconnected", "def f(x, y):\n    return x * 2.0\ntfe.gradients_function(f)(3.0, 4.0)"),
    ("gradients_function_variable_inside", "v = tf.Variable(2.0)\ndef f(x):\n    return x * v\n"
        "tfe.gradients_function(f)(3.0)"),
    ("gradients_function_none_result", "def f(x):\n    return None\ntfe.gradients_function(f)(3.0)"),
    ("gradients_function_second", "def f(x):\n    return x * x * x\ng = tfe.gradients_function(f)\n"
     "h = tfe.gradients_function(lambda x: g(x)[0])\nh(2.0)"),
    ("gradients_function_third_square", "def f(x):\n    return x * x\ng = tfe.gradients_function(f)\n"
     "h = tfe.gradients_function(lambda x: g(x)[0])\nk = tfe.gradients_function(lambda x: h(x)[0])\nk(2.0)"),
    ("gradients_function_third_cube", "def f(x):\n    return x * x * x\ng = tfe.gradients_function(f)\n"
     "h = tfe.gradients_function(lambda x: g(x)[0])\nk = tfe.gradients_function(lambda x: h(x)[0])\nk(2.0)"),
    ("gradients_function_exp_chain", "grad = lambda f: lambda x: tfe.gradients_function(f)(x)[0]\n"
     "f = lambda x: tf.exp(x * x)\n[grad(f)(1.0), grad(grad(f))(1.0)]"),
    ("gradients_function_list_result_type", "def f(x):\n    return x * x\n"
        "type(tfe.gradients_function(f)(3.0)).__name__"),
    ("gradients_function_kwargs", "def f(x, y=2.0):\n    return x * y\ntfe.gradients_function(f)(3.0, y=5.0)"),
    ("value_and_gradients_function", "def f(x):\n    return x * x\ntfe.value_and_gradients_function(f)(3.0)"),
    ("value_and_gradients_function_two", "def f(x, y):\n    return x * y\n"
        "tfe.value_and_gradients_function(f)(3.0, 4.0)"),
    ("value_and_gradients_function_params", "def f(x, y):\n    return x * y\n"
        "tfe.value_and_gradients_function(f, params=[0])(3.0, 4.0)"),
    ("implicit_gradients", "v = tf.Variable(2.0, name='v')\ndef loss(x):\n    return v * v * x\n"
        "tfe.implicit_gradients(loss)(3.0)"),
    ("implicit_gradients_two", "a = tf.Variable(2.0, name='a')\nb = tf.Variable(1.0, name='b')\n"
     "def loss(x):\n    return a * x + b\ntfe.implicit_gradients(loss)(3.0)"),
    ("implicit_gradients_guide", "x = tf.Variable(2.0)\ndef loss(y):\n    return (y - x ** 2) ** 2\n"
     "tfe.implicit_gradients(loss)(7.0)"),
    ("implicit_gradients_no_variables", "def loss(x):\n    return x * x\ntfe.implicit_gradients(loss)(3.0)"),
    ("implicit_gradients_not_trainable", "v = tf.Variable(2.0, trainable=False)\ndef loss(x):\n    return v * x\n"
     "tfe.implicit_gradients(loss)(3.0)"),
    ("implicit_gradients_gather", "v = tf.Variable([[1.0], [2.0], [3.0]], name='emb')\n"
     "def loss():\n    return tf.reduce_sum(tf.gather(v, [2]))\ntfe.implicit_gradients(loss)()"),
    ("implicit_value_and_gradients", "v = tf.Variable(2.0, name='v')\ndef loss(x):\n    return v * x\n"
     "tfe.implicit_value_and_gradients(loss)(3.0)"),
    ("implicit_value_and_gradients_list_value", "v = tf.Variable(2.0, name='v')\ndef loss():\n"
        "    return [v * 2.0, v * 3.0]\n"
     "tfe.implicit_value_and_gradients(loss)()"),
    ("make_vjp", "def f(x):\n    return x * x\nresult, vjp = tfe.make_vjp(f)(tf.constant([1.0, 2.0]))\n"
     "[result, vjp(tf.constant([1.0, 10.0]))]"),
    ("make_vjp_default_dy", "def f(x):\n    return x * x\nresult, vjp = tfe.make_vjp(f)(3.0)\nvjp()"),
    ("make_vjp_two_args", "def f(x, y):\n    return x * y\nresult, vjp = tfe.make_vjp(f)(3.0, 4.0)\nvjp(2.0)"),
    ("make_vjp_twice", "def f(x):\n    return x * x\nresult, vjp = tfe.make_vjp(f)(3.0)\n[vjp(1.0), vjp(2.0)]"),
    ("make_vjp_params", "def f(x, y):\n    return x * y\nresult, vjp = tfe.make_vjp(f, params=[1])(3.0, 4.0)\nvjp()"),
]:
    case(f"tfe_{nm}", code)

# --------------------------------------------------------------------------
# custom_: tf.custom_gradient
# --------------------------------------------------------------------------
LOG1PEXP = """
@tf.custom_gradient
def log1pexp(x):
    e = tf.exp(x)
    def grad(dy):
        return dy * (1 - 1 / (1 + e))
    return tf.log(1 + e), grad
"""
for nm, code in [
    ("value", LOG1PEXP + "log1pexp(tf.constant([0.0, 100.0]))"),
    ("gradient", LOG1PEXP + "x = tf.constant([0.0, 100.0])\nwith tf.GradientTape() as t:\n    t.watch(x)\n"
     "    y = log1pexp(x)\nt.gradient(y, x)"),
    ("gradients_function", LOG1PEXP + "tfe.gradients_function(log1pexp)(100.0)"),
    ("clip", "@tf.custom_gradient\ndef clip_grad(x):\n    def grad(dy):\n"
        "        return tf.clip_by_value(dy, -0.5, 0.5)\n"
     "    return tf.identity(x), grad\nx = tf.constant([1.0, 2.0])\nwith tf.GradientTape() as t:\n    t.watch(x)\n"
     "    y = clip_grad(x) * [0.1, 3.0]\nt.gradient(y, x)"),
    ("two_inputs", "@tf.custom_gradient\ndef f(x, y):\n    def grad(dy):\n        return dy * 10.0, dy * 20.0\n"
     "    return x * y, grad\nx = tf.constant(2.0)\ny = tf.constant(3.0)\nwith tf.GradientTape() as t:\n"
     "    t.watch([x, y])\n    z = f(x, y)\nt.gradient(z, [x, y])"),
    ("two_inputs_list_grad", "@tf.custom_gradient\ndef f(x, y):\n    def grad(dy):\n"
        "        return [dy * 10.0, dy * 20.0]\n"
     "    return x * y, grad\nx = tf.constant(2.0)\ny = tf.constant(3.0)\nwith tf.GradientTape() as t:\n"
     "    t.watch([x, y])\n    z = f(x, y)\nt.gradient(z, [x, y])"),
    ("none_grad", "@tf.custom_gradient\ndef f(x, y):\n    def grad(dy):\n        return dy * 2.0, None\n"
     "    return x * 2.0 + y, grad\nx = tf.constant(1.0)\ny = tf.constant(1.0)\nwith tf.GradientTape() as t:\n"
     "    t.watch([x, y])\n    z = f(x, y)\nt.gradient(z, [x, y])"),
    ("python_float_input", "@tf.custom_gradient\ndef f(x):\n    def grad(dy):\n        return dy * 7.0\n"
     "    return x * 2.0, grad\nf(3.0)"),
    ("multiple_outputs", "@tf.custom_gradient\ndef f(x):\n    def grad(dy1, dy2):\n"
        "        return dy1 * 2.0 + dy2 * 3.0\n"
     "    return (x * 2.0, x * 3.0), grad\nx = tf.constant(1.0)\nwith tf.GradientTape() as t:\n    t.watch(x)\n"
     "    a, b = f(x)\n    y = a + 10.0 * b\nt.gradient(y, x)"),
    ("with_variables", "v = tf.Variable(2.0, name='v')\n@tf.custom_gradient\ndef f(x):\n"
     "    def grad(dy, variables=None):\n        return dy * v, [dy * 100.0]\n    return x * v, grad\n"
     "x = tf.constant(3.0)\nwith tf.GradientTape() as t:\n    t.watch(x)\n    y = f(x)\nt.gradient(y, [x, v])"),
    ("with_variables_list", "v = tf.Variable(2.0, name='v')\n@tf.custom_gradient\ndef f(x):\n"
     "    def grad(dy, variables=None):\n        return dy * v, [dy * float(len(variables))]\n    return x * v, grad\n"
     "x = tf.constant(3.0)\nwith tf.GradientTape() as t:\n    t.watch(x)\n    y = f(x)\nt.gradient(y, v)"),
    ("with_variables_missing_kwarg", "v = tf.Variable(2.0)\n@tf.custom_gradient\ndef f(x):\n"
     "    def grad(dy):\n        return dy * v\n    return x * v, grad\n"
     "x = tf.constant(3.0)\nwith tf.GradientTape() as t:\n    t.watch(x)\n    y = f(x)\nt.gradient(y, x)"),
    ("with_variables_none_grad", "v = tf.Variable(2.0, name='v')\n@tf.custom_gradient\ndef f(x):\n"
     "    def grad(dy, variables=None):\n        return dy * v, [None]\n    return x * v, grad\n"
     "x = tf.constant(3.0)\nwith tf.GradientTape() as t:\n    t.watch(x)\n    y = f(x)\nt.gradient(y, [x, v])"),
    ("second_order", "@tf.custom_gradient\ndef cube(x):\n    def grad(dy):\n        return dy * 3.0 * x * x\n"
     "    return x * x * x, grad\nx = tf.constant(2.0)\nwith tf.GradientTape() as t:\n    t.watch(x)\n"
     "    with tf.GradientTape() as t2:\n        t2.watch(x)\n        y = cube(x)\n    dy = t2.gradient(y, x)\n"
     "[dy, t.gradient(dy, x)]"),
    ("second_order_custom_grad_of_grad", "@tf.custom_gradient\ndef f(x):\n    def grad(dy):\n"
     "        return dy * 5.0 * x\n    return x * x, grad\nx = tf.constant(2.0)\nwith tf.GradientTape() as t:\n"
     "    t.watch(x)\n    with tf.GradientTape() as t2:\n        t2.watch(x)\n        y = f(x)\n"
     "    dy = t2.gradient(y, x)\nt.gradient(dy, x)"),
    ("stop_gradient_inside", "@tf.custom_gradient\ndef f(x):\n    def grad(dy):\n        return dy * 4.0\n"
     "    return tf.stop_gradient(x) * x, grad\nx = tf.constant(3.0)\nwith tf.GradientTape() as t:\n"
     "    t.watch(x)\n    y = f(x)\nt.gradient(y, x)"),
    ("outside_tape", LOG1PEXP + "x = tf.constant(1.0)\ny = log1pexp(x)\nwith tf.GradientTape() as t:\n    t.watch(x)\n"
     "t.gradient(y, x)"),
    ("unwatched_input", LOG1PEXP + "x = tf.constant(1.0)\nwith tf.GradientTape() as t:\n    y = log1pexp(x)\n"
     "t.gradient(y, x)"),
    ("tfe_alias", "@tfe.custom_gradient\ndef f(x):\n    def grad(dy):\n        return dy * 9.0\n"
     "    return x * 1.0, grad\ntfe.gradients_function(f)(1.0)"),
    ("grad_wrong_count", "@tf.custom_gradient\ndef f(x, y):\n    def grad(dy):\n        return dy\n"
     "    return x * y, grad\nx = tf.constant(2.0)\ny = tf.constant(3.0)\nwith tf.GradientTape() as t:\n"
     "    t.watch([x, y])\n    z = f(x, y)\nt.gradient(z, [x, y])"),
]:
    case(f"custom_{nm}", code)

# --------------------------------------------------------------------------
# stop_: tf.stop_gradient, tf.gradients
# --------------------------------------------------------------------------
for nm, code in [
    ("gradient_value", "tf.stop_gradient(tf.constant([1.0, 2.0]))"),
    ("gradient_python", "tf.stop_gradient(3.0)"),
    ("gradient_variable", "tf.stop_gradient(tf.Variable([1, 2]))"),
    ("gradients_eager", "x = tf.constant(1.0)\ntf.gradients(x * x, x)"),
    ("gradients_eager_lists", "x = tf.constant(1.0)\ntf.gradients([x * x], [x])"),
    ("gradients_eager_grad_ys", "x = tf.constant(1.0)\ntf.gradients(x * x, x, grad_ys=tf.constant(2.0))"),
    ("gradients_eager_variable", "v = tf.Variable(1.0)\ntf.gradients(v * v, v)"),
]:
    case(f"stop_{nm}", code)


# --------------------------------------------------------------------------
# runner
# --------------------------------------------------------------------------
def enc(obj):
    """core.enc, plus containers, variables (with trainable, no TF 2.x str) and IndexedSlices."""
    if isinstance(obj, IndexedSlices):
        return {"kind": "indexed_slices", "values": enc(obj.values), "indices": enc(obj.indices),
                "dense_shape": enc(obj.dense_shape)}
    if isinstance(obj, BaseResourceVariable):
        out = core.enc(obj)
        del out["str"]
        out["trainable"] = bool(obj.trainable)
        return out
    if isinstance(obj, (list, tuple)):
        out = {"kind": "list" if isinstance(obj, list) else "tuple", "items": [enc(x) for x in obj]}
        if hasattr(obj, "_fields"):
            out["type"] = type(obj).__name__
            out["fields"] = list(obj._fields)
        return out
    if isinstance(obj, dict):
        return {"kind": "dict", "items": {str(k): enc(v) for k, v in obj.items()}}
    return core.enc(obj)


def run_case(c):
    namespace = {"tf": tf, "np": np, "tfe": TFE}
    try:
        kind, value = run_code(c["code"], namespace)
        if kind == "none":
            return {"kind": "none"}
        if c.get("values", True) is False:
            return {"kind": "tensor_meta", "dtype": value.dtype.base_dtype.name,
                    "shape": value.shape.as_list(), "type": type(value).__name__}
        return enc(value)
    except Exception as e:  # noqa: BLE001 - every error is an outcome
        return {"kind": "error", "error_class": type(e).__name__,
                "error_module": type(e).__module__,
                "error_mro": [k.__name__ for k in type(e).__mro__[:-2]],
                "message": core.mask(str(e)), "message_core": core.mask(core.message_core(str(e)))}


def run_code(code, namespace):
    """Exec all statements, eval a final expression: ("value", v) or ("none", None)."""
    tree = core.ast.parse(code, mode="exec")
    last = tree.body[-1] if tree.body else None
    if isinstance(last, core.ast.Expr):
        body = core.ast.Module(body=tree.body[:-1], type_ignores=[])
        exec(compile(body, "<case>", "exec"), namespace)
        return "value", eval(compile(core.ast.Expression(last.value), "<case>", "eval"), namespace)
    exec(compile(tree, "<case>", "exec"), namespace)
    return "none", None


def main():
    core.write_goldens(OUT, CASES, run_case, r"ad_[a-z0-9_]+",
                       "tensorflow.compat.v1; disable_v2_behavior(); enable_eager_execution(); "
                       "disable_tensor_equality(); tfe = TF 1.x contrib.eager names mapped onto "
                       "tensorflow.python.eager.backprop", "record_autodiff_goldens.py")


if __name__ == "__main__":
    main()
