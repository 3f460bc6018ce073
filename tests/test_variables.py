"""tf.Variable, tf.assign*, tf.get_variable and variable scopes with TF 1.x eager semantics.

Expected values and messages were checked against TensorFlow (tf.compat.v1, eager); where TF 2.x
differs from TF 1.x eager (Variable ``==`` is identity and variables hash, ``initialized_value``
works, a shape mismatch on assign says "Shapes (4,) and (2,) are incompatible", a strided-slice
assign does not broadcast), the TF 1.x behaviour is asserted.
"""

import copy
import gc
import math
import weakref

import numpy as np
import pytest
import torch

import tfcompat as tf
from conftest import requires_cuda

tfe = tf.contrib.eager


def _dies_with_its_last_reference(make):
    """True when the object ``make()`` returns is freed by reference counting alone."""
    obj = make()
    ref = weakref.ref(obj)
    gc.disable()  # a reference cycle would keep it alive until a collection: fail instead
    try:
        del obj
        return ref() is None
    finally:
        gc.enable()


# --- creation: initial values, dtype, name, trainable, shape, device ------------------------

def test_initial_value_from_python_value():
    v = tf.Variable(2.0)
    assert v.dtype == tf.float32 and v.numpy() == 2.0
    assert tf.Variable(3).dtype == tf.int32
    assert tf.Variable([[1, 2]]).numpy().tolist() == [[1, 2]]


def test_initial_value_from_tensor_keeps_its_dtype():
    v = tf.Variable(tf.constant([1, 2], dtype=tf.int64))
    assert v.dtype == tf.int64 and v.numpy().tolist() == [1, 2]


def test_initial_value_from_numpy_keeps_its_dtype():
    v = tf.Variable(np.array([1.5, 2.5]))
    assert v.dtype == tf.float64
    assert v.numpy().tolist() == [1.5, 2.5]


def test_initial_value_from_callable():
    v = tf.Variable(lambda: tf.ones([2]))
    assert v.numpy().tolist() == [1.0, 1.0]
    assert tf.Variable(lambda: 1).dtype == tf.int32


def test_dtype_argument_converts_the_initial_value():
    assert tf.Variable(1, dtype=tf.float32).dtype == tf.float32
    assert tf.Variable(lambda: 1, dtype=tf.float64).numpy() == 1.0


def test_initial_value_from_another_variable_is_a_copy():
    first = tf.Variable(1.0)
    second = tf.Variable(first)
    first.assign(5.0)
    assert second.numpy() == 1.0


def test_no_initial_value_raises():
    with pytest.raises(ValueError, match="initial_value must be specified."):
        tf.Variable()
    with pytest.raises(ValueError, match="initial_value must be specified."):
        tf.Variable(None)


def test_default_name_is_not_uniquified_in_eager():
    assert tf.Variable(1.0).name == "Variable:0"
    assert tf.Variable(2.0).name == "Variable:0"
    assert tf.Variable(1.0, name="w").name == "w:0"
    assert tf.Variable(1.0, name="w").name == "w:0"


def test_trainable_flag():
    assert tf.Variable(1.0).trainable is True
    assert tf.Variable(1.0, trainable=False).trainable is False


def test_synchronization_and_aggregation_are_tf_enums():
    sync, aggregation = tf.VariableSynchronization, tf.VariableAggregation
    assert [(m.name, m.value) for m in sync] == [("AUTO", 0), ("NONE", 1), ("ON_WRITE", 2), ("ON_READ", 3)]
    assert [(m.name, m.value) for m in aggregation] == [("NONE", 0), ("SUM", 1), ("MEAN", 2),
                                                        ("ONLY_FIRST_REPLICA", 3)]
    assert aggregation.ONLY_FIRST_TOWER is aggregation.ONLY_FIRST_REPLICA is aggregation(3)
    assert sync(0) is sync.AUTO and repr(sync.ON_READ) == "<VariableSynchronization.ON_READ: 3>"
    assert hash(aggregation.SUM) == hash(1) and aggregation.SUM != 1  # TF's __hash__, Enum's ==


def test_trainable_defaults_to_true_unless_synchronized_on_read():
    """TF 1.15: trainable=None means True, or False under VariableSynchronization.ON_READ; an explicit
    value stands; ints name the enum members; the settings are kept on the variable."""
    sync, aggregation = tf.VariableSynchronization, tf.VariableAggregation
    v = tf.Variable(1.0)
    assert (v.trainable, v.synchronization, v.aggregation) == (True, sync.AUTO, aggregation.NONE)
    v = tf.Variable(1.0, synchronization=sync.ON_READ)
    assert (v.trainable, v.synchronization) == (False, sync.ON_READ)
    assert tf.Variable(1.0, synchronization=sync.ON_READ, trainable=True).trainable is True
    v = tf.Variable(1.0, synchronization=3, aggregation=1)
    assert (v.trainable, v.synchronization, v.aggregation) == (False, sync.ON_READ, aggregation.SUM)
    v = tf.Variable(1.0, synchronization=None, aggregation=None)
    assert (v.trainable, v.synchronization, v.aggregation) == (True, sync.AUTO, aggregation.NONE)
    copied = copy.deepcopy(tf.Variable(1.0, synchronization=sync.ON_READ, aggregation=aggregation.MEAN))
    assert (copied.trainable, copied.synchronization, copied.aggregation) == (False, sync.ON_READ, aggregation.MEAN)
    assert v.assign(2.0).aggregation is aggregation.NONE  # an UnreadVariable reports its variable's


def test_invalid_synchronization_or_aggregation_raises_value_error():
    with pytest.raises(ValueError, match="^Invalid variable synchronization mode: 7 for variable: v$"):
        tf.Variable(1.0, synchronization=7, name="v")
    with pytest.raises(ValueError, match="^Invalid variable aggregation mode: 9 for variable: None$"):
        tf.Variable(1.0, aggregation=9)
    with pytest.raises(ValueError, match="^Invalid variable synchronization mode: x for variable: None$"):
        tf.Variable(1.0, synchronization="x")


def test_shape_is_a_tensor_shape():
    v = tf.Variable([[1, 2, 3]])
    assert v.shape.as_list() == [1, 3]
    assert v.get_shape() == v.shape
    assert str(tf.Variable(tf.ones([10, 20, 35])).shape) == "(10, 20, 35)"


def test_device_of_a_cpu_variable():
    with tf.device("/cpu:0"):
        v = tf.Variable(1.0)
    assert v.device == "/job:localhost/replica:0/task:0/device:CPU:0"


def test_explicit_shape_must_match_the_initial_value():
    with pytest.raises(ValueError, match="not compatible with"):
        tf.Variable(np.zeros([3]), shape=[4])


def test_variable_is_tensor_like_but_not_a_tensor():
    v = tf.Variable(1.0)
    assert tf.is_tensor(v)
    assert not isinstance(v, tf.Tensor)
    assert isinstance(v, tf.Variable) and isinstance(v, tfe.Variable)


# --- printing ---------------------------------------------------------------------------------

def test_repr_of_scalar_variable():
    v = tf.Variable(2.0)
    assert repr(v) == "<tf.Variable 'Variable:0' shape=() dtype=float32, numpy=2.0>"
    assert str(v) == repr(v)


def test_repr_of_vector_variable():
    assert repr(tf.Variable([1, 2, 3])) == \
        "<tf.Variable 'Variable:0' shape=(3,) dtype=int32, numpy=array([1, 2, 3], dtype=int32)>"


def test_repr_of_matrix_starts_the_value_on_a_new_line():
    assert repr(tf.Variable([[1.0, 2.0], [3.0, 4.0]], name="m")) == (
        "<tf.Variable 'm:0' shape=(2, 2) dtype=float32, numpy=\n"
        "array([[1., 2.],\n       [3., 4.]], dtype=float32)>")


def test_repr_follows_assignments():
    v = tf.Variable(2.0)
    v.assign(4.5)
    assert repr(v) == "<tf.Variable 'Variable:0' shape=() dtype=float32, numpy=4.5>"


# --- reading ------------------------------------------------------------------------------------

def test_read_value_value_and_numpy():
    v = tf.Variable([1.0, 2.0])
    assert isinstance(v.read_value(), tf.Tensor) and isinstance(v.value(), tf.Tensor)
    assert v.read_value().numpy().tolist() == [1.0, 2.0]
    assert v.value().numpy().tolist() == [1.0, 2.0]
    assert v.numpy().tolist() == [1.0, 2.0]


def test_numpy_of_a_scalar_is_a_numpy_scalar():
    value = tf.Variable(2.0).numpy()
    assert type(value) is np.float32 and value == 2.0


def test_initialized_value():
    v = tf.Variable(1.0)
    assert isinstance(v.initialized_value(), tf.Tensor)
    assert v.initialized_value().numpy() == 1.0


def test_reads_are_snapshots():
    v = tf.Variable(1.0)
    read, value, converted, identity = v.read_value(), v.value(), tf.convert_to_tensor(v), tf.identity(v)
    v.assign(5.0)
    v.assign_add(1.0)
    assert [read.numpy(), value.numpy(), converted.numpy(), identity.numpy()] == [1.0, 1.0, 1.0, 1.0]
    assert v.numpy() == 6.0


def test_numpy_result_is_not_changed_by_later_assign():
    v = tf.Variable([1.0, 2.0])
    array = v.numpy()
    v.assign([7.0, 8.0])
    assert array.tolist() == [1.0, 2.0]


def test_assign_inside_a_tape_does_not_change_the_recorded_read():
    v = tf.Variable(2.0)
    with tf.GradientTape() as tape:
        y = v * v
        v.assign(10.0)
    assert tape.gradient(y, v).numpy() == 4.0
    assert y.numpy() == 4.0


def test_python_conversions():
    assert int(tf.Variable(3)) == 3
    assert float(tf.Variable(2.5)) == 2.5
    assert bool(tf.Variable(False)) is False
    with pytest.raises(TypeError, match="'Variable' object is not iterable."):  # TF 1.x's Variable.__iter__
        iter(tf.Variable([1, 2]))
    assert np.asarray(tf.Variable([[1.0, 2.0]])).tolist() == [[1.0, 2.0]]


# --- arithmetic, comparison and indexing through tensor conversion ----------------------------------

def test_arithmetic_gives_tensors():
    v = tf.Variable(3.0)
    for result, expected in ((v + 1, 4.0), (1 + v, 4.0), (v - 1, 2.0), (10 - v, 7.0), (v * v, 9.0),
                             (v / 2, 1.5), (-v, -3.0), (v ** 2, 9.0), (abs(tf.Variable(-2.0)), 2.0)):
        assert isinstance(result, tf.Tensor)
        assert result.dtype == tf.float32 and result.numpy() == expected


def test_matmul_operator_and_function():
    m = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
    assert tf.matmul(m, m).numpy().tolist() == [[7.0, 10.0], [15.0, 22.0]]
    assert (m @ m).numpy().tolist() == [[7.0, 10.0], [15.0, 22.0]]


def test_variable_and_tensor_dtypes_are_not_promoted():
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"cannot compute Add(V2)? as input #1"):
        tf.Variable(1) + tf.constant(1.0)


def test_numpy_operand_gives_a_tensor():
    result = np.ones(2, dtype=np.float32) + tf.Variable([1.0, 2.0])
    assert isinstance(result, tf.Tensor) and result.numpy().tolist() == [2.0, 3.0]


def test_comparisons_are_elementwise_but_equality_is_identity():
    v = tf.Variable([1.0, 2.0])
    assert (v > 1.5).numpy().tolist() == [False, True]
    assert (v <= 1.0).numpy().tolist() == [True, False]
    # TF 1.x: Variable.__eq__ is object identity and variables hash (usable as dict keys).
    w = tf.Variable([1.0, 2.0])
    assert v == v and not (v == w) and v != w
    assert {v: 1, w: 2}[w] == 2


def test_indexing():
    m = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
    assert m[0].numpy().tolist() == [1.0, 2.0]
    assert m[0, 1].numpy() == 2.0
    assert m[:, 1].numpy().tolist() == [2.0, 4.0]
    assert m[0][1].numpy() == 2.0


# --- updates ----------------------------------------------------------------------------------------

def test_assign_returns_an_unread_variable():
    v = tf.Variable(2.0)
    updated = v.assign(3.0)
    assert repr(updated) == "<tf.Variable 'UnreadVariable' shape=() dtype=float32, numpy=3.0>"
    assert updated.name == "UnreadVariable" and v.name == "Variable:0"
    assert updated.numpy() == 3.0 and v.numpy() == 3.0


def test_unread_variable_reads_the_current_value_later():
    v = tf.Variable(2.0)
    updated = v.assign(3.0)
    v.assign(7.0)
    assert updated.numpy() == 7.0
    assert (updated + 1).numpy() == 8.0
    assert tf.is_tensor(updated)


def test_assign_add_and_assign_sub():
    v = tf.Variable(1.0)
    assert repr(v.assign_add(2.0)) == "<tf.Variable 'UnreadVariable' shape=() dtype=float32, numpy=3.0>"
    assert repr(v.assign_sub(0.5)) == "<tf.Variable 'UnreadVariable' shape=() dtype=float32, numpy=2.5>"
    assert v.numpy() == 2.5


def test_read_value_false_returns_none():
    v = tf.Variable(1.0)
    assert v.assign(4.0, read_value=False) is None
    assert v.assign_add(1.0, read_value=False) is None
    assert v.assign_sub(2.0, read_value=False) is None
    assert v.numpy() == 3.0


def test_assign_from_tensor_numpy_and_variable():
    v = tf.Variable([0.0, 0.0])
    v.assign(tf.constant([1.0, 2.0]))
    assert v.numpy().tolist() == [1.0, 2.0]
    v.assign(np.array([3.0, 4.0], dtype=np.float32))
    assert v.numpy().tolist() == [3.0, 4.0]
    v.assign(tf.Variable([5.0, 6.0]))
    assert v.numpy().tolist() == [5.0, 6.0]


def test_assign_keeps_dtype_and_converts_python_values():
    v = tf.Variable([1.0, 2.0])
    v.assign([3, 4])
    assert v.dtype == tf.float32 and v.numpy().tolist() == [3.0, 4.0]


def test_element_and_slice_assign():
    v = tf.Variable([1.0, 2.0, 3.0, 4.0])
    updated = v[1:3].assign([9.0, 8.0])
    assert repr(updated) == \
        "<tf.Variable 'UnreadVariable' shape=(4,) dtype=float32, numpy=array([1., 9., 8., 4.], dtype=float32)>"
    v[0].assign(5.0)
    assert v.numpy().tolist() == [5.0, 9.0, 8.0, 4.0]


def test_slice_assign_on_a_matrix():
    m = tf.Variable(np.zeros([2, 3], dtype=np.float32))
    m[:, 1].assign([1.0, 2.0])
    m[1, 2].assign(7.0)
    assert m.numpy().tolist() == [[0.0, 1.0, 0.0], [0.0, 2.0, 7.0]]


def test_slice_assign_with_a_different_shape_does_not_broadcast():
    v = tf.Variable([1.0, 2.0, 3.0, 4.0])
    with pytest.raises(tf.errors.UnimplementedError,
                       match=r"sliced l-value shape \[2\] does not match r-value shape \[3\]\. "
                             r"Automatic broadcasting not yet implemented\."):
        v[1:3].assign([1.0, 2.0, 3.0])
    with pytest.raises(tf.errors.UnimplementedError, match="Automatic broadcasting not yet implemented"):
        v[1:3].assign(0.0)
    assert v.numpy().tolist() == [1.0, 2.0, 3.0, 4.0]


def test_tf_assign_functions():
    v = tf.Variable([1.0, 2.0])
    updated = tf.assign(v, [3.0, 4.0])
    assert updated.name == "UnreadVariable" and updated.numpy().tolist() == [3.0, 4.0]
    assert tf.assign_add(v, [1.0, 1.0]).numpy().tolist() == [4.0, 5.0]
    assert tf.assign_sub(v, [2.0, 2.0]).numpy().tolist() == [2.0, 3.0]
    assert v.numpy().tolist() == [2.0, 3.0]


def test_assign_with_a_different_shape_raises_value_error():
    v = tf.Variable([1.0, 2.0, 3.0, 4.0])
    with pytest.raises(ValueError, match=r"Shapes \(4,\) and \(2,\) are incompatible"):
        v.assign([1.0, 2.0])
    with pytest.raises(ValueError, match=r"Shapes \(4,\) and \(2,\) are incompatible"):
        tf.assign(v, [1.0, 2.0])
    assert v.numpy().tolist() == [1.0, 2.0, 3.0, 4.0]


def test_assign_add_with_a_different_shape_raises_invalid_argument():
    v = tf.Variable([1.0, 2.0, 3.0, 4.0])
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"Cannot update variable with shape \[4\] using a Tensor with shape \[2\], "
                             r"shapes must be equal\. \[Op:AssignAddVariableOp\]"):
        v.assign_add([1.0, 2.0])
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"with shape \[\], shapes must be equal\. \[Op:AssignSubVariableOp\]"):
        v.assign_sub(1.0)


def test_assign_tensor_of_another_dtype_raises_value_error():
    v = tf.Variable([1.0, 2.0])
    with pytest.raises(ValueError,
                       match="Tensor conversion requested dtype float32 for Tensor with dtype int32"):
        v.assign(tf.constant([1, 2]))
    with pytest.raises(ValueError,
                       match="Tensor conversion requested dtype float32 for Tensor with dtype int32"):
        v.assign_add(tf.constant([1, 2]))


def test_assign_python_float_to_int_variable_raises_type_error():
    v = tf.Variable(1)
    with pytest.raises(TypeError, match=r"Cannot convert 1\.5 to EagerTensor of dtype int32"):
        v.assign(1.5)
    with pytest.raises(TypeError, match=r"Cannot convert \[1\.0, 2\.0\] to EagerTensor of dtype int32"):
        tf.Variable([1, 2]).assign([1.0, 2.0])
    assert v.numpy() == 1


def test_tf_assign_needs_a_variable():
    # TF 1.x state_ops.assign calls ref.assign(...), which a tensor does not have.
    with pytest.raises(AttributeError, match="assign"):
        tf.assign(tf.constant(1.0), 2.0)


# --- lifetime -------------------------------------------------------------------------------------------

def test_variable_is_freed_by_reference_counting():
    assert _dies_with_its_last_reference(lambda: tf.Variable([1.0, 2.0]))


def test_variable_is_freed_after_updates_and_reads():
    def used_variable():
        v = tf.Variable([1.0, 2.0])
        v.assign([3.0, 4.0])
        v.assign_add([1.0, 1.0])
        v[0].assign(0.0)
        _ = v + 1, v.read_value(), repr(v)
        return v

    assert _dies_with_its_last_reference(used_variable)


def test_variable_read_under_a_tape_is_freed_after_the_tape():
    def taped_variable():
        v = tf.Variable(3.0)
        with tf.GradientTape() as tape:
            y = v * v
        assert tape.gradient(y, v).numpy() == 6.0
        return v

    assert _dies_with_its_last_reference(taped_variable)


def test_setting_the_variable_to_none_frees_its_storage():
    v = tf.Variable(np.ones([4, 4], dtype=np.float32))
    storage = weakref.ref(tf.to_torch(v.value()))
    gc.disable()
    try:
        v = None
        assert storage() is None
    finally:
        gc.enable()


def test_assign_releases_the_replaced_value():
    v = tf.Variable(np.ones([4, 4], dtype=np.float32))
    old_storage = weakref.ref(tf.to_torch(v.value()))
    gc.disable()
    try:
        v.assign(np.zeros([4, 4], dtype=np.float32))
        assert old_storage() is None  # TF frees a variable's old buffer on assign
    finally:
        gc.enable()


# --- tf.get_variable ------------------------------------------------------------------------------------

def test_get_variable_default_initializer_is_glorot_uniform_for_floats():
    v = tf.get_variable("w", [200, 300])
    values = v.numpy()
    limit = math.sqrt(6.0 / (200 + 300))
    assert v.dtype == tf.float32 and v.name == "w:0"
    assert np.abs(values).max() <= limit
    assert abs(values.std() - limit / math.sqrt(3.0)) < 0.005  # std of U(-limit, limit)
    assert abs(values.mean()) < 0.005


def test_get_variable_default_initializer_is_zeros_for_integers_and_bools():
    assert tf.get_variable("i", [3], dtype=tf.int32).numpy().tolist() == [0, 0, 0]
    assert tf.get_variable("l", [2], dtype=tf.int64).numpy().tolist() == [0, 0]
    assert tf.get_variable("b", [2], dtype=tf.bool).numpy().tolist() == [False, False]


def test_get_variable_properties():
    v = tf.get_variable("w", [2, 3], dtype=tf.float64, trainable=False)
    assert v.shape.as_list() == [2, 3] and v.dtype == tf.float64 and v.trainable is False
    assert tf.get_variable("t", [1]).trainable is True
    assert isinstance(v, tf.Variable)


def test_get_variable_with_initializer_object_and_class():
    assert tf.get_variable("a", [2], initializer=tf.ones_initializer()).numpy().tolist() == [1.0, 1.0]
    assert tf.get_variable("b", [2], initializer=tf.ones_initializer).numpy().tolist() == [1.0, 1.0]
    ints = tf.get_variable("c", [2], dtype=tf.int32, initializer=tf.zeros_initializer)
    assert ints.dtype == tf.int32 and ints.numpy().tolist() == [0, 0]
    constant = tf.get_variable("d", [2, 2], initializer=tf.constant_initializer(0.5))
    assert constant.numpy().tolist() == [[0.5, 0.5], [0.5, 0.5]]


def test_get_variable_with_constant_initializer_values():
    tensor = tf.get_variable("t", initializer=tf.constant(0.1))
    assert tensor.shape.as_list() == [] and tensor.numpy() == np.float32(0.1)
    assert tf.get_variable("p", initializer=4, dtype=tf.int32).numpy() == 4
    assert tf.get_variable("f", initializer=4.0).dtype == tf.float32
    assert tf.get_variable("l", initializer=[1.0, 2.0]).numpy().tolist() == [1.0, 2.0]
    array = tf.get_variable("n", initializer=np.array([1, 2, 3]), dtype=tf.int64)
    assert array.dtype == tf.int64 and array.numpy().tolist() == [1, 2, 3]


def test_get_variable_constant_initializer_with_shape_raises():
    with pytest.raises(ValueError, match="If initializer is a constant, do not specify shape."):
        tf.get_variable("u", [1], initializer=tf.constant(0.1))


def test_get_variable_without_shape_or_initializer_raises():
    with pytest.raises(ValueError, match=r"Variable w did not get an initializer, so its `shape` argument "
                                         r"must be specified|Shape of a new variable \(w\) must be fully defined"):
        tf.get_variable("w")


def test_get_variable_with_partial_shape_raises():
    with pytest.raises(ValueError, match=r"Shape of a new variable \(w\) must be fully defined, "
                                         r"but instead was \(\?, 2\)\."):
        tf.get_variable("w", [None, 2])


def test_get_variable_creates_a_new_variable_each_call_in_eager():
    first = tf.get_variable("same", [1])
    second = tf.get_variable("same", [1])
    assert first is not second and first.name == second.name == "same:0"
    with tf.variable_scope("auto", reuse=tf.AUTO_REUSE):
        assert tf.get_variable("w", [1]) is not tf.get_variable("w", [1])


# --- variable scopes and name scopes ---------------------------------------------------------------------

def test_variable_scope_prefixes_get_variable_names():
    with tf.variable_scope("foo"):
        assert tf.get_variable("w", [1]).name == "foo/w:0"
        with tf.variable_scope("bar"):
            assert tf.get_variable("w", [1]).name == "foo/bar/w:0"
    assert tf.get_variable("w", [1]).name == "w:0"


def test_variable_scope_prefixes_variable_names():
    with tf.variable_scope("foo"):
        assert tf.Variable(1.0).name == "foo/Variable:0"
        with tf.variable_scope("bar"):
            assert tf.Variable(1.0, name="x").name == "foo/bar/x:0"


def test_name_scope_names_variables_but_not_get_variable():
    with tf.name_scope("outer"):
        assert tf.Variable(1.0).name == "outer/Variable:0"
        assert tf.Variable(1.0, name="w").name == "outer/w:0"
        assert tf.get_variable("g", [1]).name == "g:0"
    with tf.variable_scope("foo"):
        with tf.name_scope("ns"):
            assert tf.get_variable("w", [1]).name == "foo/w:0"
            assert tf.Variable(1.0).name == "foo/ns/Variable:0"


def test_reentering_a_scope_object():
    with tf.variable_scope("scope") as scope:
        pass
    with tf.variable_scope("other"):
        with tf.variable_scope(scope) as reentered:
            assert reentered.name == "scope"
            assert tf.get_variable("w", []).name == "scope/w:0"


def test_default_name_scopes_are_uniquified():
    # The counts live for the process (until tf.reset_default_graph()), so the names are unique here.
    with tf.variable_scope(None, default_name="test_variables_layer"):
        assert tf.get_variable("w", []).name == "test_variables_layer/w:0"
    with tf.variable_scope(None, default_name="test_variables_layer"):
        assert tf.get_variable("w", []).name == "test_variables_layer_1/w:0"
    with tf.variable_scope("test_variables_named"):
        pass
    with tf.variable_scope(None, default_name="test_variables_named"):  # opening by name counts too
        assert tf.get_variable("w", []).name == "test_variables_named_1/w:0"


def test_scope_defaults_for_get_variable():
    with tf.variable_scope("i", initializer=tf.constant_initializer(0.3), dtype=tf.float16):
        v = tf.get_variable("v", [])
    assert v.dtype == tf.float16 and v.numpy() == np.float16(0.3)


def test_get_variable_scope():
    assert tf.get_variable_scope().name == ""
    with tf.variable_scope("x") as scope:
        assert tf.get_variable_scope() is scope
        assert (scope.name, scope.original_name_scope) == ("x", "x/")


def test_variable_scope_needs_a_name():
    with pytest.raises(TypeError, match="If default_name is None then name_or_scope is required"):
        with tf.variable_scope(None):
            pass


def test_variable_collections_are_empty_in_eager():
    tf.Variable(1.0)
    tf.get_variable("w", [1])
    assert tf.trainable_variables() == []
    assert tf.global_variables() == []
    assert tf.all_variables() == []
    with pytest.raises(TypeError):
        tf.all_variables("scope")  # TF 1.15's all_variables() takes no scope


def test_get_variable_keeps_synchronization_and_aggregation():
    sync, aggregation = tf.VariableSynchronization, tf.VariableAggregation
    v = tf.get_variable("g", [1], synchronization=sync.ON_READ, aggregation=aggregation.MEAN)
    assert (v.trainable, v.synchronization, v.aggregation) == (False, sync.ON_READ, aggregation.MEAN)
    assert tf.get_variable("h", [1]).trainable is True


def test_variable_op_scope_takes_values_first():
    with tf.variable_op_scope([tf.constant(1.0)], "outer") as scope:
        assert scope.name == "outer"
        assert tf.get_variable("w", [1]).name == "outer/w:0"
    with tf.variable_op_scope([], None, "default"):
        assert tf.get_variable("w", [1]).name == "default/w:0"
    with pytest.raises(TypeError, match="If default_name is None then name_or_scope is required"):
        with tf.variable_op_scope([], None):
            pass


# --- CUDA ------------------------------------------------------------------------------------------------

@requires_cuda
def test_gpu_variable_lives_on_the_gpu_and_assign_keeps_it_there():
    with tf.device("/gpu:0"):
        v = tf.Variable([1.0, 2.0])
    assert v.device.endswith("GPU:0") and tf.to_torch(v.value()).is_cuda
    v.assign(np.array([3.0, 4.0], dtype=np.float32))
    with tf.device("/cpu:0"):
        delta = tf.constant([1.0, 1.0])
    v.assign_add(delta)  # a CPU operand is copied to the variable's device
    v[0].assign(0.0)
    assert v.device.endswith("GPU:0") and tf.to_torch(v.value()).is_cuda
    assert v.numpy().tolist() == [0.0, 5.0]
    assert (v * 2).device.endswith("GPU:0")


@requires_cuda
def test_gpu_int64_variable():
    with tf.device("/gpu:0"):
        v = tf.Variable(1, dtype=tf.int64)
    assert v.numpy() == 1 and v.dtype == tf.int64


@requires_cuda
def test_gpu_memory_is_released_when_the_variable_is_dropped():
    torch.cuda.synchronize()
    before = torch.cuda.memory_allocated()
    size = 1024 * 1024 * 4  # bytes of a 1024x1024 float32 value
    with tf.device("/gpu:0"):
        v = tf.Variable(tf.zeros([1024, 1024]))
        v.assign(tf.ones([1024, 1024]))
        v.assign_add(tf.ones([1024, 1024]))
    assert torch.cuda.memory_allocated() - before == size  # only the current value is held
    gc.disable()
    try:
        v = None
        assert torch.cuda.memory_allocated() == before
    finally:
        gc.enable()


def test_lists_of_variables_pack_like_lists_of_tensors():
    first, second = tf.Variable(1.0), tf.Variable(2.0)
    assert tf.convert_to_tensor([first, second]).numpy().tolist() == [1.0, 2.0]
    assert tf.constant([first, 3.0]).numpy().tolist() == [1.0, 3.0]
