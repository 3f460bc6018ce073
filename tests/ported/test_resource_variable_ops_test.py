"""Ports of tensorflow/python/kernel_tests/resource_variable_ops_test.py (TF 1.x, eager mode).

The eager-applicable asserts of ResourceVariableOpsTest.  ``ResourceVariable`` is ``tf.Variable``
(TF 1.x eager variables are resource variables), and ``self.evaluate(x)`` is ``x.numpy()``.  The
tests that drive the raw resource ops on a handle (var_handle_op, assign_variable_op,
resource_scatter_*) check the same behaviour through the public functions on a variable
(tf.scatter_add(v, ...)).  Left out: graph-mode-only tests (run_deprecated_v1: sessions,
placeholders, collections, protos, caching devices, shared names, metagraphs,
tf.gradients), tf.function/defun tests (testUnreadVariableInsideFunction), handle internals
(testVariableShape, testHandleNumpy, testUnprintableHandle, testDestruction, the dtype checks of
read_variable_op/assign_variable_op on handles), variant/TensorList and string variables,
resource_gather with batch_dims, and tests of names tfcompat does not provide
(tf.count_up_to, tf.scatter_nd_add/sub, tf.container).
"""

import copy
import pickle

import numpy as np
import pytest

import tfcompat as tf
from conftest import requires_cuda


@requires_cuda
def test_ResourceVariableOpsTest_testGPUInt64():
    """Port of tensorflow/python/kernel_tests/resource_variable_ops_test.py::ResourceVariableOpsTest::testGPUInt64"""
    with tf.device("/gpu:0"):
        v = tf.Variable(1, dtype=tf.int64)
    assert v.numpy() == 1


def test_ResourceVariableOpsTest_testEagerNameNotIdentity():
    """Port of tensorflow/python/kernel_tests/resource_variable_ops_test.py::ResourceVariableOpsTest::testEagerNameNotIdentity"""
    v0 = tf.Variable(1.0, name="a")
    v1 = tf.Variable(2.0, name="a")
    assert v0.numpy() == 1.0
    assert v1.numpy() == 2.0


def test_ResourceVariableOpsTest_testEagerNameNotNeeded():
    """Port of tensorflow/python/kernel_tests/resource_variable_ops_test.py::ResourceVariableOpsTest::testEagerNameNotNeeded"""
    v0 = tf.Variable(1.0)
    assert v0.numpy() == 1.0


def test_ResourceVariableOpsTest_testEagerInitializedValue():
    """Port of tensorflow/python/kernel_tests/resource_variable_ops_test.py::ResourceVariableOpsTest::testEagerInitializedValue"""
    variable = tf.Variable(1.0, name="eager-init")
    assert variable.numpy() == 1.0
    assert variable.initialized_value().numpy() == 1.0


def test_ResourceVariableOpsTest_testInitializeVariableUsingInitializedValue():
    """Port of tensorflow/python/kernel_tests/resource_variable_ops_test.py::ResourceVariableOpsTest::testInitializeVariableUsingInitializedValue"""
    var1 = tf.Variable(1.0, name="var1")
    var2 = tf.Variable(var1.initialized_value(), name="var2")
    assert var2.initialized_value().numpy() == 1.0


def test_ResourceVariableOpsTest_testEagerBool():
    """Port of tensorflow/python/kernel_tests/resource_variable_ops_test.py::ResourceVariableOpsTest::testEagerBool"""
    v = tf.Variable(False, name="bool_test")
    assert bool(v) is False


def test_ResourceVariableOpsTest_testEagerDeepCopy():
    """Port of tensorflow/python/kernel_tests/resource_variable_ops_test.py::ResourceVariableOpsTest::testEagerDeepCopy"""
    init_value = np.ones((4, 4, 4))
    variable = tf.Variable(init_value, name="init")
    copied_variable = copy.deepcopy(variable)
    copied_variable.assign(4 * np.ones((4, 4, 4)))
    # Copying the variable should create a new underlying tensor with distinct values.
    assert not np.allclose(variable.numpy(), copied_variable.numpy())


def test_ResourceVariableOpsTest_testStridedSliceAssign():
    """Port of tensorflow/python/kernel_tests/resource_variable_ops_test.py::ResourceVariableOpsTest::testStridedSliceAssign"""
    v = tf.Variable([1.0, 2.0])
    v[0].assign(2.0)
    assert v.numpy().tolist() == [2.0, 2.0]


def test_ResourceVariableOpsTest_testUnreadOpName():
    """Port of tensorflow/python/kernel_tests/resource_variable_ops_test.py::ResourceVariableOpsTest::testUnreadOpName"""
    v = tf.Variable(1.0)
    assert v.name != v.assign_add(1.0).name


def test_ResourceVariableOpsTest_testCreateRead():
    """Port of tensorflow/python/kernel_tests/resource_variable_ops_test.py::ResourceVariableOpsTest::testCreateRead"""
    v = tf.Variable(tf.constant(1, dtype=tf.int32))
    assert v.read_value().numpy() == 1


def test_ResourceVariableOpsTest_testManyAssigns():
    """Port of tensorflow/python/kernel_tests/resource_variable_ops_test.py::ResourceVariableOpsTest::testManyAssigns"""
    v = tf.Variable(tf.constant(1, dtype=tf.int32))
    first_read = v.read_value()
    v.assign(tf.constant(2, dtype=tf.int32))
    second_read = v.read_value()
    assert first_read.numpy() == 1
    assert second_read.numpy() == 2


def test_ResourceVariableOpsTest_testAssignAdd():
    """Port of tensorflow/python/kernel_tests/resource_variable_ops_test.py::ResourceVariableOpsTest::testAssignAdd"""
    v = tf.Variable(tf.constant(1, dtype=tf.int32))
    v.assign_add(tf.constant(1, dtype=tf.int32))
    assert v.read_value().numpy() == 2


@pytest.mark.parametrize("scatter, initial, updates, expected", [
    ("scatter_add", [[1]], [[2]], [[3]]),
    ("scatter_sub", [[1]], [[2]], [[-1]]),
    ("scatter_mul", [[1]], [[5]], [[5]]),
    ("scatter_div", [[6]], [[3]], [[2]]),
    ("scatter_min", [[6]], [[3]], [[3]]),
    ("scatter_max", [[6]], [[3]], [[6]]),
])
def test_ResourceVariableOpsTest_testScatterOps(scatter, initial, updates, expected):
    """Port of tensorflow/python/kernel_tests/resource_variable_ops_test.py::ResourceVariableOpsTest::testScatterAdd
    (and testScatterSub, testScatterMul, testScatterDiv, testScatterMin, testScatterMax)"""
    v = tf.Variable(tf.constant(initial, dtype=tf.int32))
    getattr(tf, scatter)(v, [0], tf.constant(updates, dtype=tf.int32))
    assert v.read_value().numpy().tolist() == expected


@pytest.mark.parametrize("scatter, initial, update, expected", [
    ("scatter_add", [[1]], 2, [[3]]),
    ("scatter_sub", [[1]], 2, [[-1]]),
    ("scatter_mul", [[1]], 5, [[5]]),
    ("scatter_div", [[6]], 3, [[2]]),
    ("scatter_min", [[6]], 3, [[3]]),
    ("scatter_max", [[6]], 3, [[6]]),
])
def test_ResourceVariableOpsTest_testScatterOpsScalar(scatter, initial, update, expected):
    """Port of tensorflow/python/kernel_tests/resource_variable_ops_test.py::ResourceVariableOpsTest::testScatterAddScalar
    (and the Sub, Mul, Div, Min and Max scalar variants)"""
    v = tf.Variable(tf.constant(initial, dtype=tf.int32))
    getattr(tf, scatter)(v, [0], tf.constant(update, dtype=tf.int32))
    assert v.read_value().numpy().tolist() == expected


def test_ResourceVariableOpsTest_testGradientGatherNd():
    """Port of tensorflow/python/kernel_tests/resource_variable_ops_test.py::ResourceVariableOpsTest::testGradientGatherNd"""
    v = tf.Variable(np.random.uniform(size=[2, 2]), dtype=tf.float32)
    with tf.GradientTape() as tape:
        l = tf.gather_nd(v, [[1, 1]])
        l = tf.reduce_sum(l)
    grads = tape.gradient(l, v)
    assert grads.numpy().tolist() == [[0.0, 0.0], [0.0, 1.0]]


def test_ResourceVariableOpsTest_testGradientGatherNdIndexedSlices():
    """Port of tensorflow/python/kernel_tests/resource_variable_ops_test.py::ResourceVariableOpsTest::testGradientGatherNdIndexedSlices"""
    v = tf.Variable(np.random.uniform(size=[2, 2]), dtype=tf.float32)
    with tf.GradientTape() as tape:
        l = tf.gather_nd(v, [[1], [1]])
        l = tf.reduce_sum(l)
    grads = tape.gradient(l, v)
    assert grads.values.numpy().tolist() == [[1.0, 1.0], [1.0, 1.0]]


def test_ResourceVariableOpsTest_testEagerPickle(tmp_path):
    """Port of tensorflow/python/kernel_tests/resource_variable_ops_test.py::ResourceVariableOpsTest::testEagerPickle"""
    fname = tmp_path / "var.pickle"
    with open(fname, "wb") as f:
        v = tf.Variable(10.0, dtype=tf.float16, name="v")
        pickle.dump(v, f)
    with open(fname, "rb") as f:
        new_v = pickle.load(f)
    assert new_v.name == v.name
    assert new_v.shape == v.shape
    assert new_v.dtype == v.dtype
    assert new_v.trainable == v.trainable
    assert new_v.numpy() == v.numpy()


@pytest.mark.parametrize("method, initial, update, expected", [
    ("scatter_add", [0.0, 1.5], 2.5, [0.0, 4.0]),
    ("scatter_sub", [0.0, 2.5], 1.5, [0.0, 1.0]),
    ("scatter_max", [0.0, 4.0], 5.0, [0.0, 5.0]),
    ("scatter_max", [0.0, 3.5], 2.0, [0.0, 3.5]),
    ("scatter_min", [0.0, 4.0], 5.0, [0.0, 4.0]),
    ("scatter_min", [0.0, 3.5], 2.0, [0.0, 2.0]),
    ("scatter_mul", [0.0, 4.0], 3.0, [0.0, 12.0]),
    ("scatter_div", [0.0, 6.0], 2.0, [0.0, 3.0]),
    ("scatter_update", [0.0, 6.0], 3.0, [0.0, 3.0]),
])
def test_ResourceVariableOpsTest_testScatterVariableMethods(method, initial, update, expected):
    """Port of tensorflow/python/kernel_tests/resource_variable_ops_test.py::ResourceVariableOpsTest::testScatterAddVariableMethod
    (and the Sub, Max, Min, Mul, Div and Update variable-method tests)"""
    v = tf.Variable(initial, name=method)
    getattr(v, method)(tf.IndexedSlices(indices=[1], values=[update]))
    assert v.numpy().tolist() == expected


def test_ResourceVariableOpsTest_testScatterBool():
    """Port of tensorflow/python/kernel_tests/resource_variable_ops_test.py::ResourceVariableOpsTest::testScatterBool"""
    ref = tf.Variable([False, True, False], trainable=False)
    indices = tf.range(3)
    updates = tf.constant([True, True, True])
    tf.scatter_update(ref, indices, updates)
    assert ref.read_value().numpy().tolist() == [True, True, True]


def test_ResourceVariableOpsTest_testConstraintArg():
    """Port of tensorflow/python/kernel_tests/resource_variable_ops_test.py::ResourceVariableOpsTest::testConstraintArg"""
    constraint = lambda x: x  # noqa: E731 - as in the TF test
    v = tf.Variable(initial_value=lambda: 1, constraint=constraint, name="var0")
    assert v.constraint == constraint
    constraint = 0
    with pytest.raises(ValueError):
        tf.Variable(initial_value=lambda: 1, constraint=constraint, name="var1")


def test_ResourceVariableOpsTest_testInitFnDtype():
    """Port of tensorflow/python/kernel_tests/resource_variable_ops_test.py::ResourceVariableOpsTest::testInitFnDtype"""
    v = tf.Variable(initial_value=lambda: 1, dtype=tf.float32, name="var0")
    assert v.value().dtype == tf.float32


def test_ResourceVariableOpsTest_testInitFnNoDtype():
    """Port of tensorflow/python/kernel_tests/resource_variable_ops_test.py::ResourceVariableOpsTest::testInitFnNoDtype"""
    v = tf.Variable(initial_value=lambda: 1, name="var2")
    assert v.value().dtype == tf.int32


def test_ResourceVariableOpsTest_testInitializeAllVariables():
    """Port of tensorflow/python/kernel_tests/resource_variable_ops_test.py::ResourceVariableOpsTest::testInitializeAllVariables"""
    v = tf.Variable(1, dtype=tf.float32, name="var0")
    tf.global_variables_initializer()
    assert v.value().numpy() == 1.0


def test_ResourceVariableOpsTest_testOperatorOverload():
    """Port of tensorflow/python/kernel_tests/resource_variable_ops_test.py::ResourceVariableOpsTest::testOperatorOverload"""
    v = tf.Variable(1.0, name="var0")
    assert (v + v).numpy() == 2.0


def test_ResourceVariableOpsTest_testAssignMethod():
    """Port of tensorflow/python/kernel_tests/resource_variable_ops_test.py::ResourceVariableOpsTest::testAssignMethod"""
    v = tf.Variable(1.0, name="var0")
    v.assign(2.0)
    assert v.value().numpy() == 2.0
    # Tests for the 'read_value' argument:
    assign_with_read = v.assign(3.0, read_value=True)
    assert assign_with_read.numpy() == 3.0
    assign_without_read = v.assign(4.0, read_value=False)
    assert assign_without_read is None
    assert v.value().numpy() == 4.0


def test_ResourceVariableOpsTest_testLoad():
    """Port of tensorflow/python/kernel_tests/resource_variable_ops_test.py::ResourceVariableOpsTest::testLoad"""
    v = tf.Variable(1.0, name="var0")
    v.load(2.0)
    assert v.value().numpy() == 2.0


def test_ResourceVariableOpsTest_testSparseRead():
    """Port of tensorflow/python/kernel_tests/resource_variable_ops_test.py::ResourceVariableOpsTest::testSparseRead"""
    init_value = np.reshape(np.arange(np.power(4, 3)), (4, 4, 4))
    v = tf.Variable(tf.constant(init_value, dtype=tf.int32), name="var3")
    value = v.sparse_read([0, 3, 1, 2]).numpy()
    np.testing.assert_array_equal(init_value[[0, 3, 1, 2], ...], value)


def test_ResourceVariableOpsTest_testGatherNd():
    """Port of tensorflow/python/kernel_tests/resource_variable_ops_test.py::ResourceVariableOpsTest::testGatherNd"""
    init_value = np.reshape(np.arange(np.power(4, 3)), (4, 4, 4))
    v = tf.Variable(tf.constant(init_value, dtype=tf.int32), name="var3")
    value_op = v.gather_nd([[0, 0], [1, 2], [3, 3]])
    assert value_op.shape.as_list() == [3, 4]
    assert value_op.numpy().tolist() == [[0, 1, 2, 3], [24, 25, 26, 27], [60, 61, 62, 63]]
    value_op = v.gather_nd([[0, 0, 0], [1, 2, 3], [3, 3, 3]])
    assert value_op.shape.as_list() == [3]
    assert value_op.numpy().tolist() == [0, 27, 63]


def test_ResourceVariableOpsTest_testAssignAddMethod():
    """Port of tensorflow/python/kernel_tests/resource_variable_ops_test.py::ResourceVariableOpsTest::testAssignAddMethod"""
    v = tf.Variable(1.0, name="var0")
    v.assign_add(1.0)
    assert v.value().numpy() == 2.0
    # Tests for the 'read_value' argument:
    assign_with_read = v.assign_add(1.0, read_value=True)
    assert assign_with_read.numpy() == 3.0
    assign_without_read = v.assign_add(1.0, read_value=False)
    assert assign_without_read is None
    assert v.value().numpy() == 4.0


def test_ResourceVariableOpsTest_testAssignSubMethod():
    """Port of tensorflow/python/kernel_tests/resource_variable_ops_test.py::ResourceVariableOpsTest::testAssignSubMethod"""
    v = tf.Variable(3.0, name="var0")
    v.assign_sub(1.0)
    assert v.value().numpy() == 2.0
    # Tests for the 'read_value' argument:
    assign_with_read = v.assign_sub(1.0, read_value=True)
    assert assign_with_read.numpy() == 1.0
    assign_without_read = v.assign_sub(1.0, read_value=False)
    assert assign_without_read is None
    assert v.value().numpy() == 0.0


def test_ResourceVariableOpsTest_testAssignDifferentShapesEagerNotAllowed():
    """Port of tensorflow/python/kernel_tests/resource_variable_ops_test.py::ResourceVariableOpsTest::testAssignDifferentShapesEagerNotAllowed"""
    with tf.variable_scope("foo"):
        var = tf.get_variable("x", shape=[1, 1], dtype=tf.float32)
        with pytest.raises(ValueError, match="Shapes.*and.*are incompatible"):
            var.assign(np.zeros(shape=[2, 2]))


def test_ResourceVariableOpsTest_testAssignDifferentShapesAllowed():
    """Port of tensorflow/python/kernel_tests/resource_variable_ops_test.py::ResourceVariableOpsTest::testAssignDifferentShapesAllowed"""
    var = tf.Variable(initial_value=np.zeros(shape=[1, 1]), shape=tf.TensorShape(None))
    np.testing.assert_array_equal(np.zeros(shape=[1, 1]), var.read_value().numpy())
    var.assign(np.zeros(shape=[2, 2]))
    np.testing.assert_array_equal(np.zeros(shape=[2, 2]), var.read_value().numpy())


def test_ResourceVariableOpsTest_testInitValueWrongShape():
    """Port of tensorflow/python/kernel_tests/resource_variable_ops_test.py::ResourceVariableOpsTest::testInitValueWrongShape"""
    with pytest.raises(ValueError, match=r"not compatible with"):
        tf.Variable(initial_value=np.zeros(shape=[3]), shape=[4])


def test_ResourceVariableOpsTest_testShape():
    """Port of tensorflow/python/kernel_tests/resource_variable_ops_test.py::ResourceVariableOpsTest::testShape"""
    v = tf.Variable(name="var4", initial_value=tf.ones(shape=[10, 20, 35]))
    assert str(v.shape) == "(10, 20, 35)"
    assert str(v.get_shape()) == "(10, 20, 35)"
    assert str(v.value().shape) == "(10, 20, 35)"
    assert str(v.sparse_read([0, 1, 2]).shape) == "(3, 20, 35)"


def test_ResourceVariableOpsTest_testVariableEager():
    """Port of tensorflow/python/kernel_tests/resource_variable_ops_test.py::ResourceVariableOpsTest::testVariableEager

    The assert on ``v.handle`` (an EagerTensor resource handle) is left out."""
    init = tf.ones(shape=[10, 20, 35], dtype=tf.int32)
    constraint = lambda x: x  # noqa: E731 - as in the TF test
    with tf.name_scope("foo"):
        v = tf.Variable(name="var7", initial_value=init, caching_device="cpu:0", constraint=constraint)
    # Test properties
    assert v.dtype == tf.int32
    assert v.name == "foo/var7:0"
    assert v.shape.as_list() == [10, 20, 35]
    assert v.constraint == constraint
    np.testing.assert_array_equal(init.numpy(), v.read_value().numpy())
    np.testing.assert_array_equal(init.numpy(), v.value().numpy())

    # Callable init.
    callable_init = lambda: init * 2  # noqa: E731 - as in the TF test
    v2 = tf.Variable(initial_value=callable_init, name="var7")
    assert v2.name == "var7:0"
    np.testing.assert_array_equal(2 * init.numpy(), v2.read_value().numpy())

    # Test assign_add.
    new_v2_val = v2.assign_add(v.read_value())
    np.testing.assert_array_equal(v.read_value().numpy() * 3, new_v2_val.numpy())

    # Test assign_sub.
    new_v2_val = v2.assign_sub(v.read_value())
    np.testing.assert_array_equal(v.read_value().numpy() * 2, new_v2_val.numpy())

    # Test assign.
    v2.assign(v.read_value())
    np.testing.assert_array_equal(v.read_value().numpy(), v2.read_value().numpy())

    # Test load
    v2.load(2 * v.read_value())
    np.testing.assert_array_equal(2 * v.read_value().numpy(), v2.read_value().numpy())

    # Test convert_to_tensor
    t = tf.convert_to_tensor(v)
    np.testing.assert_array_equal(t.numpy(), v.read_value().numpy())

    # Test operations
    np.testing.assert_array_equal((v * 2).numpy(), (v + v).numpy())


def test_ResourceVariableOpsTest_testScatterUpdate():
    """Port of tensorflow/python/kernel_tests/resource_variable_ops_test.py::ResourceVariableOpsTest::testScatterUpdate"""
    v = tf.Variable([1.0, 2.0], name="update")
    tf.scatter_update(v, [1], [3.0])
    assert v.numpy().tolist() == [1.0, 3.0]


def test_ResourceVariableOpsTest_testScatterAddStateOps():
    """Port of tensorflow/python/kernel_tests/resource_variable_ops_test.py::ResourceVariableOpsTest::testScatterAddStateOps"""
    v = tf.Variable([1.0, 2.0], name="add")
    tf.scatter_add(v, [1], [3])
    assert v.numpy().tolist() == [1.0, 5.0]


def test_ResourceVariableOpsTest_testScatterSubStateOps():
    """Port of tensorflow/python/kernel_tests/resource_variable_ops_test.py::ResourceVariableOpsTest::testScatterSubStateOps"""
    v = tf.Variable([1.0, 2.0], name="sub")
    tf.scatter_sub(v, [1], [3])
    assert v.numpy().tolist() == [1.0, -1.0]


def test_ResourceVariableOpsTest_testScatterUpdateCast():
    """Port of tensorflow/python/kernel_tests/resource_variable_ops_test.py::ResourceVariableOpsTest::testScatterUpdateCast"""
    v = tf.Variable([1.0, 2.0], name="update")
    tf.scatter_update(v, [1], [3])
    assert v.numpy().tolist() == [1.0, 3.0]


def test_ResourceVariableOpsTest_testScatterUpdateInvalidArgs():
    """Port of tensorflow/python/kernel_tests/resource_variable_ops_test.py::ResourceVariableOpsTest::testScatterUpdateInvalidArgs"""
    v = tf.Variable([0, 1, 2, 3], name="update")
    with pytest.raises(Exception, match=r"shape.*2.*3"):
        tf.scatter_update(v, [0, 1], [0, 1, 2])


def test_ResourceVariableOpsTest_testAssignIncompatibleShape():
    """Port of tensorflow/python/kernel_tests/resource_variable_ops_test.py::ResourceVariableOpsTest::testAssignIncompatibleShape"""
    v = tf.Variable([0, 1, 2, 3])
    with pytest.raises(Exception, match=r"(?i)shapes must be equal"):
        v.assign_add(1)
