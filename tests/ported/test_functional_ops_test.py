"""Ported behaviours of TF 1.15's kernel_tests/functional_ops_test.py (foldl, foldr, scan) and
kernel_tests/map_fn_test.py (map_fn), eager. The graph-only tests (placeholders, Scoped variable
caching, sessions) are not ported: under eager they have no counterpart."""

import numpy as np
import pytest
from numpy.testing import assert_allclose, assert_array_equal

import tfcompat as tf


def _double_sum(a, x):
    return tf.multiply(tf.add(a, x), 2)


# --- functional_ops_test.py: FunctionalOpsTest ----------------------------------------------------

def test_FunctionalOpsTest_testFoldl_Simple():
    elems = tf.constant([1, 2, 3, 4, 5, 6], name="data")
    assert_array_equal(tf.foldl(_double_sum, elems).numpy(), 208)
    assert_array_equal(tf.foldl(_double_sum, elems, initializer=10).numpy(), 880)


def test_FunctionalOpsTest_testFoldl_SingleInputMultiOutput():
    elems = np.array([1.0, 2.0, 3.0, 4.0, 5.0, 6.0])
    r = tf.foldl(lambda a, x: a + x, elems, np.array([1, -1.0])).numpy()
    assert r[0] == 22 and r[1] == 20


def test_FunctionalOpsTest_testFoldl_MultiInputSingleOutput():
    elems = np.array([1.0, 2.0, 3.0, 4.0, 5.0, 6.0])
    r = tf.foldl(lambda a, x: a + x[0] + x[1], (elems, -elems), np.array(1.0))
    assert_array_equal(r.numpy(), 1)


def test_FunctionalOpsTest_testFoldl_MultiInputDifferentDimsSingleOutput():
    elems = np.array([[1.0, 1.0, 1.0], [2.0, 3.0, 4.0]])
    other_elems = np.array([-1.0, 1.0])
    r = tf.foldl(lambda a, x: a + x[0] * x[1], (elems, other_elems), np.array([0.0, 0.0, 0.0]))
    assert_array_equal(r.numpy(), [1.0, 2.0, 3.0])


def test_FunctionalOpsTest_testFoldr_Simple():
    elems = tf.constant([1, 2, 3, 4, 5, 6], name="data")
    assert_array_equal(tf.foldr(_double_sum, elems).numpy(), 450)
    assert_array_equal(tf.foldr(_double_sum, elems, initializer=10).numpy(), 1282)


def test_FunctionalOpsTest_testFoldr_SingleInputMultiOutput():
    elems = np.array([1.0, 2.0, 3.0, 4.0, 5.0, 6.0])
    r = tf.foldr(lambda a, x: a + x, elems, np.array([1, -1.0])).numpy()
    assert r[0] == 22 and r[1] == 20


def test_FunctionalOpsTest_testFoldr_MultiInputSingleOutput():
    elems = np.array([1.0, 2.0, 3.0, 4.0, 5.0, 6.0])
    r = tf.foldr(lambda a, x: a + x[0] + x[1], (elems, -elems), np.array(1.0))
    assert_array_equal(r.numpy(), 1)


def test_FunctionalOpsTest_testFold_Grad():
    # TF runs this one in graph mode with tf.gradients; the same derivative under a tape.
    elems = tf.constant([1.0, 2.0, 3.0, 4.0, 5.0, 6.0], name="data")
    v = tf.constant(2.0, name="v")
    for fold in (tf.foldl, tf.foldr):
        with tf.GradientTape() as tape:
            tape.watch(v)
            r = fold(lambda a, x: tf.multiply(a, x), elems, initializer=v)
        assert tape.gradient(r, v).numpy() == 720.0


def test_FunctionalOpsTest_testScan_Simple():
    elems = tf.constant([1.0, 2.0, 3.0, 4.0, 5.0, 6.0], name="data")
    v = tf.constant(2.0, name="v")
    assert_array_equal(tf.scan(lambda a, x: tf.multiply(a, x), elems).numpy(), [1., 2., 6., 24., 120., 720.])
    assert_array_equal(tf.scan(lambda a, x: tf.multiply(a, x), elems, initializer=v).numpy(),
                       [2., 4., 12., 48., 240., 1440.])


def test_FunctionalOpsTest_testScan_Reverse():
    elems = tf.constant([1.0, 2.0, 3.0, 4.0, 5.0, 6.0], name="data")
    v = tf.constant(2.0, name="v")
    assert_array_equal(tf.scan(lambda a, x: tf.multiply(a, x), elems, reverse=True).numpy(),
                       [720., 720., 360., 120., 30., 6.])
    assert_array_equal(tf.scan(lambda a, x: tf.multiply(a, x), elems, initializer=v, reverse=True).numpy(),
                       [1440., 1440., 720., 240., 60., 12.])


def test_FunctionalOpsTest_testScan_SingleInputMultiOutput():
    elems = np.array([1.0, 2.0, 3.0, 4.0, 5.0, 6.0])
    initializer = (np.array(1.0), np.array(-1.0))
    r = tf.scan(lambda a, x: (a[0] * x, -a[1] * x), elems, initializer)
    assert_array_equal(r[0].numpy(), [1.0, 2.0, 6.0, 24.0, 120.0, 720.0])
    assert_array_equal(r[1].numpy(), [1.0, -2.0, 6.0, -24.0, 120.0, -720.0])


def test_FunctionalOpsTest_testScan_MultiInputSingleOutput():
    elems = np.array([1.0, 2.0, 3.0, 4.0, 5.0, 6.0])
    r = tf.scan(lambda a, x: a * (x[0] + x[1]), (elems + 1, -elems), np.array(1.0))
    assert_array_equal(r.numpy(), [1.0] * 6)


def test_FunctionalOpsTest_testScan_MultiInputSameTypeOutput():
    elems = np.array([1.0, 2.0, 3.0, 4.0, 5.0, 6.0])
    r = tf.scan(lambda a, x: (a[0] + x[0], a[1] + x[1]), (elems, -elems))
    assert_array_equal(r[0].numpy(), np.cumsum(elems))
    assert_array_equal(r[1].numpy(), np.cumsum(-elems))


def test_FunctionalOpsTest_testScan_MultiOutputMismatchedInitializer():
    elems = np.array([1.0, 2.0, 3.0, 4.0, 5.0, 6.0])
    with pytest.raises(ValueError, match="two structures don't have the same nested structure"):
        tf.scan(lambda a, x: (a, -a), elems, np.array(1.0))


def test_FunctionalOpsTest_testScanFoldl_Nested():
    elems = tf.constant([1.0, 2.0, 3.0, 4.0], name="data")
    inner_elems = tf.constant([0.5, 0.5], name="data")

    def r_inner(a, x):
        return tf.foldl(lambda b, y: b * y * x, inner_elems, initializer=a)

    assert_allclose(tf.scan(r_inner, elems).numpy(), [1., 1., 2.25, 9.])


def test_FunctionalOpsTest_testScan_Grad():
    elems = tf.constant([1.0, 2.0, 3.0, 4.0, 5.0, 6.0], name="data")
    v = tf.constant(2.0, name="v")
    with tf.GradientTape() as tape:
        tape.watch(v)
        r = tf.scan(lambda a, x: tf.multiply(a, x), elems, initializer=v)
    assert tape.gradient(r, v).numpy() == 873.0


def test_FunctionalOpsTest_testFoldShape():
    x = tf.constant([[1, 2, 3], [4, 5, 6]])
    y = tf.foldl(lambda _, current: current, x, initializer=tf.constant([0, 0, 0]))
    assert y.get_shape().as_list() == list(y.numpy().shape) == [3]


def test_FunctionalOpsTest_testScanShape():
    x = tf.constant([[1, 2, 3], [4, 5, 6]])
    y = tf.scan(lambda _, current: current, x, initializer=tf.constant([0, 0, 0]))
    assert y.get_shape().as_list() == list(y.numpy().shape) == [2, 3]


# --- map_fn_test.py: MapFnTest --------------------------------------------------------------------

def test_MapFnTest_testMap_Simple():
    nums = [1, 2, 3, 4, 5, 6]
    elems = tf.constant(nums, name="data")
    r = tf.map_fn(lambda x: tf.multiply(tf.add(x, 3), 2), elems)
    assert_array_equal(r.numpy(), (np.array(nums) + 3) * 2)


def test_MapFnTest_testMapOverScalarErrors():
    with pytest.raises(ValueError, match="not scalars"):
        tf.map_fn(lambda x: x, [1, 2])  # a list of scalars is a structure of scalar elems
    with pytest.raises(ValueError, match="not scalars"):
        tf.map_fn(lambda x: x, 1)


def test_MapFnTest_testMap_SingleInputMultiOutput():
    nums = np.array([1.0, 2.0, 3.0, 4.0, 5.0, 6.0])
    r = tf.map_fn(lambda x: ((x + 3) * 2, -(x + 3) * 2), nums, dtype=(tf.float64, tf.float64))
    assert len(r) == 2
    assert_array_equal(r[0].numpy(), (nums + 3) * 2)
    assert_array_equal(r[1].numpy(), -(nums + 3) * 2)


def test_MapFnTest_testMap_MultiOutputMismatchedDtype():
    nums = np.array([1, 2, 3, 4, 5, 6])
    with pytest.raises(TypeError, match="two structures don't have the same nested structure"):
        # the lambda emits a tuple, dtype is a list of 2 elements
        tf.map_fn(lambda x: ((x + 3) * 2, -(x + 3) * 2), nums, dtype=[tf.int64, tf.int64])


def test_MapFnTest_testMap_MultiInputSingleOutput():
    nums = np.array([1.0, 2.0, 3.0, 4.0, 5.0, 6.0])
    r = tf.map_fn(lambda x: x[0] * x[1][0] + x[1][1], (nums, (nums, -nums)), dtype=tf.float64)
    assert_array_equal(r.numpy(), nums * nums + (-nums))


def test_MapFnTest_testMap_MultiInputSameStructureOutput():
    nums = np.array([1.0, 2.0, 3.0, 4.0, 5.0, 6.0])
    r = tf.map_fn(lambda x: (x[1][0], (x[1][1], x[0])), (nums, (2 * nums, -nums)))
    r = [r[0], r[1][0], r[1][1]]
    assert_array_equal(r[0].numpy(), 2 * nums)
    assert_array_equal(r[1].numpy(), -nums)
    assert_array_equal(r[2].numpy(), nums)


def test_MapFnTest_testMapShape():
    x = tf.constant([[1, 2, 3], [4, 5, 6]])
    y = tf.map_fn(lambda e: e, x)
    assert y.get_shape().as_list() == list(y.numpy().shape)


def test_MapFnTest_testMapEmptyScalar():
    map_return = tf.map_fn(lambda x: 1, tf.constant([]))
    assert map_return.get_shape().as_list() == [0]
    assert map_return.numpy().shape == (0,)


def test_MapFnTest_testMap_Grad():
    param = tf.constant(2.0)
    elems = tf.constant([1.0, 2.0, 3.0, 4.0, 5.0, 6.0], name="elems")
    with tf.GradientTape() as tape:
        tape.watch(param)
        y = tf.map_fn(lambda x: tf.multiply(tf.square(x), param), elems)
        r = tf.reduce_sum(y)
    assert_allclose(tape.gradient(r, param).numpy(), np.sum(np.array([1.0, 2.0, 3.0, 4.0, 5.0, 6.0]) ** 2))
