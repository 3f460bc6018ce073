"""Ported behaviours of tensorflow/python/framework/test_util_test.py (TF 1.15): the assertions and
helpers of ``tf.test.TestCase``, eager mode.

Each test builds a ``tf.test.TestCase`` (``_case()``) and runs the TF test method's body on it.

Left out:
* graph mode only: test_assert_ops_in_graph, test_session_functions (Session caching),
  test_assert_equal_graph_def(_hash_table), test_get_node_def_from_graph, the
  run_in_graph_and_eager_modes / build_as_function_and_v1_graph / forward-compatibility decorator tests
  (no public TF 1.x names), SkipTestTest (test_util.skip_if_error is internal), testForceGPU (skipped in TF).
* GraphDef / MetaGraphDef protos: testAssertProtoEqualsStr and testAssertProtoEqualsAny need TF's
  protos; assertProtoEquals is checked on a protobuf message of protobuf's own where protobuf is installed.
* testAssertRaisesOpErrorDoesNotPassMessageDueToLeakedStack's op-name matches ("name", "orig") need graph
  Operations; its message matches are kept.
* build-flag printers (testIsGoogleCudaEnabled, testIsBuiltWithROCm, testIsMklEnabled) and the sanitizer
  tests assert nothing about tfcompat.
* the assertNotAllEqual "extra message" check: TF 1.15's message did not include ``msg`` (added later).
"""

import collections
import copy
import random
import threading

import numpy as np
import pytest

import tfcompat as tf


def _case():
    case = tf.test.TestCase()
    case.setUp()
    return case


def test_TestUtilTest_testNDArrayNear():
    self = _case()
    a1 = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    a2 = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    a3 = np.array([[10.0, 20.0, 30.0], [40.0, 50.0, 60.0]])
    assert self._NDArrayNear(a1, a2, 1e-5)
    assert not self._NDArrayNear(a1, a3, 1e-5)
    self.assertNDArrayNear(a1, a2, 1e-5)
    with pytest.raises(AssertionError):
        self.assertNDArrayNear(a1, a3, 1e-5)


def test_TestUtilTest_testCheckedThreadSucceeds():
    self = _case()
    event_arg = threading.Event()
    assert not event_arg.is_set()
    t = self.checkedThread(target=lambda ev: ev.set(), args=(event_arg,))
    t.start()
    t.join()
    assert event_arg.is_set()
    self.tearDown()


def test_TestUtilTest_testCheckedThreadFails():
    self = _case()

    def err_func():
        return 1 // 0

    t = self.checkedThread(target=err_func)
    t.start()
    with pytest.raises(self.failureException) as failure:
        t.join()
    assert "integer division or modulo by zero" in str(failure.value)


def test_TestUtilTest_testCheckedThreadWithWrongAssertionFails():
    self = _case()
    x = 37
    t = self.checkedThread(target=lambda: self.assertTrue(x < 10))
    t.start()
    with pytest.raises(self.failureException) as failure:
        t.join()
    assert "False is not true" in str(failure.value)


def test_TestUtilTest_testMultipleThreadsWithOneFailure():
    self = _case()
    threads = [self.checkedThread(target=lambda i: self.assertTrue(i != 7), args=(i,)) for i in range(10)]
    for t in threads:
        t.start()
    for i, t in enumerate(threads):
        if i == 7:
            with pytest.raises(self.failureException):
                t.join()
        else:
            t.join()


def test_TestUtilTest_checkedThreadNotJoinedFailsTearDown():
    # TF's _CheckedThread.check_termination, run by tearDown.
    self = _case()
    t = self.checkedThread(target=lambda: None)
    t.start()
    t._thread.join()
    with pytest.raises(self.failureException, match="A checked thread was not joined."):
        self.tearDown()


def _we_must_go_deeper(self, msg):
    with self.assertRaisesOpError(msg):
        raise tf.errors.UnauthenticatedError(None, None, "true_err")


def test_TestUtilTest_testAssertRaisesOpErrorDoesNotPassMessageDueToLeakedStack():
    self = _case()
    with pytest.raises(AssertionError):
        _we_must_go_deeper(self, "this_is_not_the_error_you_are_looking_for")
    _we_must_go_deeper(self, "true_err")


def test_TestUtilTest_testAllCloseTensors():
    self = _case()
    a_raw_data = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
    a = tf.constant(a_raw_data)
    b = tf.add(1, tf.constant([[0, 1, 2], [3, 4, 5], [6, 7, 8]]))
    self.assertAllClose(a, b)
    self.assertAllClose(a, a_raw_data)
    self.assertAllClose({"key": a}, {"key": b})
    self.assertAllClose([a, b], [a_raw_data, b])


def test_TestUtilTest_testAllCloseScalars():
    self = _case()
    self.assertAllClose(7, 7 + 1e-8)
    with pytest.raises(AssertionError, match=r"Not equal to tolerance"):
        self.assertAllClose(7, 7 + 1e-5)


def test_TestUtilTest_testAllCloseList():
    self = _case()
    with pytest.raises(AssertionError, match=r"not close dif"):
        self.assertAllClose([0], [1])


def test_TestUtilTest_testAllCloseDictToNonDict():
    self = _case()
    with pytest.raises(ValueError, match=r"Can't compare dict to non-dict"):
        self.assertAllClose(1, {"a": 1})
    with pytest.raises(ValueError, match=r"Can't compare dict to non-dict"):
        self.assertAllClose({"a": 1}, 1)


def test_TestUtilTest_testAllCloseNamedtuples():
    self = _case()
    a, b, c = 7, (2., 3.), np.ones((3, 2, 4)) * 7.
    expected = {"a": a, "b": b, "c": c}
    my_named_tuple = collections.namedtuple("MyNamedTuple", ["a", "b", "c"])
    self.assertAllClose(expected, my_named_tuple(a=a, b=b, c=c))
    self.assertAllClose(my_named_tuple(a=a, b=b, c=c), my_named_tuple(a=a, b=b, c=c))


def test_TestUtilTest_testAllCloseDicts():
    self = _case()
    a, b, c = 7, (2., 3.), np.ones((3, 2, 4)) * 7.
    expected = {"a": a, "b": b, "c": c}
    self.assertAllClose(expected, expected)
    self.assertAllClose(expected, dict(expected))
    for k in expected:
        actual = dict(expected)
        del actual[k]
        with pytest.raises(AssertionError, match=r"mismatched keys"):
            self.assertAllClose(expected, actual)
    with pytest.raises(AssertionError, match=r"Not equal to tolerance"):
        self.assertAllClose(expected, {"a": a + 1e-5, "b": b, "c": c})
    with pytest.raises(AssertionError, match=r"Shape mismatch"):
        self.assertAllClose(expected, {"a": a, "b": b + (4.,), "c": c})
    c_copy = np.array(c)
    c_copy[1, 1, 1] += 1e-5
    with pytest.raises(AssertionError, match=r"Not equal to tolerance"):
        self.assertAllClose(expected, {"a": a, "b": b, "c": c_copy})


def test_TestUtilTest_testAllCloseListOfNamedtuples():
    self = _case()
    my_named_tuple = collections.namedtuple("MyNamedTuple", ["x", "y"])
    l1 = [my_named_tuple(x=np.array([[2.3, 2.5]]), y=np.array([[0.97, 0.96]])),
          my_named_tuple(x=np.array([[3.3, 3.5]]), y=np.array([[0.98, 0.99]]))]
    l2 = [([[2.3, 2.5]], [[0.97, 0.96]]), ([[3.3, 3.5]], [[0.98, 0.99]])]
    self.assertAllClose(l1, l2)


def test_TestUtilTest_testAllCloseNestedStructure():
    self = _case()
    a = {"x": np.ones((3, 2, 4)) * 7, "y": (2, [{"nested": {"m": 3, "n": 4}}])}
    self.assertAllClose(a, a)
    b = copy.deepcopy(a)
    self.assertAllClose(a, b)
    b["y"][1][0]["nested"]["n"] = 4.2
    with pytest.raises(AssertionError, match=r"\[y\]\[1\]\[0\]\[nested\]\[n\]"):
        self.assertAllClose(a, b)


def test_TestUtilTest_testArrayNear():
    self = _case()
    with pytest.raises(AssertionError):
        self.assertArrayNear([1, 2], [1, 2, 5], 0.001)
    with pytest.raises(TypeError):
        self.assertArrayNear([1, 2], [[1, 2], [3, 4]], 0.001)
    self.assertArrayNear([1, 2], [1, 2], 0.001)


def test_TestUtilTest_testAssertAllCloseAccordingToType():
    self = _case()
    self.assertAllCloseAccordingToType(1, 1, rtol=1e-8, atol=1e-8)
    self.assertAllCloseAccordingToType(np.asarray([1e-8], dtype=np.float64), np.asarray([2e-8], dtype=np.float64),
                                       rtol=1e-8, atol=1e-8)
    self.assertAllCloseAccordingToType(tf.constant([1e-8], dtype=tf.float64), tf.constant([2e-8], dtype=tf.float64),
                                       rtol=1e-8, atol=1e-8)
    with pytest.raises(AssertionError):
        self.assertAllCloseAccordingToType(np.asarray([1e-7], dtype=np.float64),
                                           np.asarray([2e-7], dtype=np.float64), rtol=1e-8, atol=1e-8)
    self.assertAllCloseAccordingToType(np.asarray([1e-7], dtype=np.float32), np.asarray([2e-7], dtype=np.float32),
                                       rtol=1e-8, atol=1e-8, float_rtol=1e-7, float_atol=1e-7)
    self.assertAllCloseAccordingToType(tf.constant([1e-7], dtype=tf.float32), tf.constant([2e-7], dtype=tf.float32),
                                       rtol=1e-8, atol=1e-8, float_rtol=1e-7, float_atol=1e-7)
    with pytest.raises(AssertionError):
        self.assertAllCloseAccordingToType(np.asarray([1e-6], dtype=np.float32),
                                           np.asarray([2e-6], dtype=np.float32),
                                           rtol=1e-8, atol=1e-8, float_rtol=1e-7, float_atol=1e-7)
    self.assertAllCloseAccordingToType(np.asarray([1e-4], dtype=np.float16), np.asarray([2e-4], dtype=np.float16),
                                       rtol=1e-8, atol=1e-8, float_rtol=1e-7, float_atol=1e-7,
                                       half_rtol=1e-4, half_atol=1e-4)
    self.assertAllCloseAccordingToType(tf.constant([1e-4], dtype=tf.float16), tf.constant([2e-4], dtype=tf.float16),
                                       rtol=1e-8, atol=1e-8, float_rtol=1e-7, float_atol=1e-7,
                                       half_rtol=1e-4, half_atol=1e-4)
    with pytest.raises(AssertionError):
        self.assertAllCloseAccordingToType(np.asarray([1e-3], dtype=np.float16),
                                           np.asarray([2e-3], dtype=np.float16),
                                           rtol=1e-8, atol=1e-8, float_rtol=1e-7, float_atol=1e-7,
                                           half_rtol=1e-4, half_atol=1e-4)


def test_TestUtilTest_testAssertAllEqual():
    self = _case()
    i = tf.Variable([100] * 3, dtype=tf.int32, name="i")
    j = tf.constant([20] * 3, dtype=tf.int32, name="j")
    k = tf.add(i, j, name="k")
    self.assertAllEqual([100] * 3, i)
    self.assertAllEqual([120] * 3, k)
    self.assertAllEqual([20] * 3, j)
    with pytest.raises(AssertionError, match=r"not equal lhs"):
        self.assertAllEqual([0] * 3, k)


def test_TestUtilTest_testAssertNotAllEqual():
    self = _case()
    i = tf.Variable([100], dtype=tf.int32, name="i")
    j = tf.constant([20], dtype=tf.int32, name="j")
    k = tf.add(i, j, name="k")
    self.assertNotAllEqual([100] * 3, i)
    self.assertNotAllEqual([120] * 3, k)
    self.assertNotAllEqual([20] * 3, j)
    with pytest.raises(AssertionError, match=r"two values are equal at all elements"):
        self.assertNotAllEqual([120], k)


def test_TestUtilTest_testAssertNotAllClose():
    self = _case()
    self.assertNotAllClose([0.1], [0.2])
    with pytest.raises(AssertionError):
        self.assertNotAllClose([-1.0, 2.0], [-1.0, 2.0])
    x = tf.constant([1.0, 1.0], name="x")
    y = tf.add(x, x)
    self.assertAllClose([2.0, 2.0], y)
    self.assertNotAllClose([0.9, 1.0], x)
    with pytest.raises(AssertionError):
        self.assertNotAllClose([1.0, 1.0], x)


def test_TestUtilTest_testAssertNotAllCloseRTol():
    self = _case()
    with pytest.raises(AssertionError):
        self.assertNotAllClose([1.1, 2.1], [1.0, 2.0], rtol=0.2)
    x = tf.constant([1.0, 1.0], name="x")
    self.assertAllClose([2.0, 2.0], tf.add(x, x))
    with pytest.raises(AssertionError):
        self.assertNotAllClose([0.9, 1.0], x, rtol=0.2)


def test_TestUtilTest_testAssertNotAllCloseATol():
    self = _case()
    with pytest.raises(AssertionError):
        self.assertNotAllClose([1.1, 2.1], [1.0, 2.0], atol=0.2)
    x = tf.constant([1.0, 1.0], name="x")
    self.assertAllClose([2.0, 2.0], tf.add(x, x))
    with pytest.raises(AssertionError):
        self.assertNotAllClose([0.9, 1.0], x, atol=0.2)


def test_TestUtilTest_testAssertAllGreaterLess():
    self = _case()
    x = tf.constant([100.0, 110.0, 120.0], dtype=tf.float32)
    z = tf.add(x, tf.constant([10.0] * 3, dtype=tf.float32))
    self.assertAllClose([110.0, 120.0, 130.0], z)
    self.assertAllGreater(x, 95.0)
    self.assertAllLess(x, 125.0)
    for check, bound in ((self.assertAllGreater, 105.0), (self.assertAllGreater, 125.0),
                         (self.assertAllLess, 115.0), (self.assertAllLess, 95.0)):
        with pytest.raises(AssertionError):
            check(x, bound)


def test_TestUtilTest_testAssertAllGreaterLessEqual():
    self = _case()
    x = tf.constant([100.0, 110.0, 120.0], dtype=tf.float32)
    z = tf.add(x, tf.constant([10.0] * 3, dtype=tf.float32))
    self.assertAllEqual([110.0, 120.0, 130.0], z)
    self.assertAllGreaterEqual(x, 95.0)
    self.assertAllLessEqual(x, 125.0)
    for check, bound in ((self.assertAllGreaterEqual, 105.0), (self.assertAllGreaterEqual, 125.0),
                         (self.assertAllLessEqual, 115.0), (self.assertAllLessEqual, 95.0)):
        with pytest.raises(AssertionError):
            check(x, bound)


def test_TestUtilTest_testAssertAllInRangeWithNonNumericValuesFails():
    self = _case()
    s1 = tf.constant("Hello, ", name="s1")
    c = tf.constant([1 + 2j, -3 + 5j], name="c")
    b = tf.constant([False, True], name="b")
    with pytest.raises(AssertionError):
        self.assertAllInRange(s1, 0.0, 1.0)
    with pytest.raises(AssertionError):
        self.assertAllInRange(c, 0.0, 1.0)
    with pytest.raises(AssertionError):
        self.assertAllInRange(b, 0, 1)


def test_TestUtilTest_testAssertAllInRange():
    self = _case()
    x = tf.constant([10.0, 15.0], name="x")
    self.assertAllInRange(x, 10, 15)
    for kwargs in ({"open_lower_bound": True}, {"open_upper_bound": True},
                   {"open_lower_bound": True, "open_upper_bound": True}):
        with pytest.raises(AssertionError):
            self.assertAllInRange(x, 10, 15, **kwargs)


def test_TestUtilTest_testAssertAllInRangeScalar():
    self = _case()
    x = tf.constant(10.0, name="x")
    nan = tf.constant(np.nan, name="nan")
    self.assertAllInRange(x, 5, 15)
    with pytest.raises(AssertionError):
        self.assertAllInRange(nan, 5, 15)
    with pytest.raises(AssertionError):
        self.assertAllInRange(x, 10, 15, open_lower_bound=True)
    with pytest.raises(AssertionError):
        self.assertAllInRange(x, 1, 2)


def test_TestUtilTest_testAssertAllInRangeErrorMessageEllipses():
    self = _case()
    x = tf.constant(np.array([[10.0, 15.0]] * 12), name="x")
    with pytest.raises(AssertionError) as failure:
        self.assertAllInRange(x, 5, 10)
    # TF's message: the count, the range, then at most 10 offending subscripts and "...".
    message = str(failure.value)
    assert message.startswith("12 of the 24 element(s) are outside the range [5, 10]. ")
    assert message.splitlines()[1:] == ["  [%d 1] : 15.0" % row for row in range(10)] + ["  ..."]


def test_TestUtilTest_testAssertAllInRangeDetectsNaNs():
    self = _case()
    x = tf.constant([[np.nan, 0.0], [np.nan, np.inf], [np.inf, np.nan]], name="x")
    with pytest.raises(AssertionError, match=r"3 of the 6 element\(s\) are NaN"):
        self.assertAllInRange(x, 0.0, 2.0)


def test_TestUtilTest_testAssertAllInRangeWithInfinities():
    self = _case()
    x = tf.constant([10.0, np.inf], name="x")
    self.assertAllInRange(x, 10, np.inf)
    with pytest.raises(AssertionError):
        self.assertAllInRange(x, 10, np.inf, open_upper_bound=True)


def test_TestUtilTest_testAssertAllInSet():
    self = _case()
    b = tf.constant([True, False], name="b")
    x = tf.constant([13, 37], name="x")
    for expected in ([False, True], (False, True), {False, True}):
        self.assertAllInSet(b, expected)
    for expected in ([0, 13, 37, 42], (0, 13, 37, 42), {0, 13, 37, 42}):
        self.assertAllInSet(x, expected)
    with pytest.raises(AssertionError):
        self.assertAllInSet(b, [False])
    with pytest.raises(AssertionError):
        self.assertAllInSet(x, (42,))


def test_TestUtilTest_testRandomSeed():
    self = _case()
    self.setUp()
    a = random.randint(1, 1000)
    a_np_rand = np.random.rand(1)
    a_rand = tf.random_normal([1])
    self.setUp()
    b = random.randint(1, 1000)
    b_np_rand = np.random.rand(1)
    b_rand = tf.random_normal([1])
    assert a == b
    assert a_np_rand == b_np_rand
    self.assertAllEqual(a_rand, b_rand)


def test_TestUtilTest_test_callable_evaluate():
    self = _case()

    def model():
        return tf.Variable(name="same_name", initial_value=1) + 1

    assert self.evaluate(model) == 2


def test_TestUtilTest_test_nested_tensors_evaluate():
    self = _case()
    expected = {"a": 1, "b": 2, "nested": {"d": 3, "e": 4}}
    nested = {"a": tf.constant(1), "b": tf.constant(2), "nested": {"d": tf.constant(3), "e": tf.constant(4)}}
    assert self.evaluate(nested) == expected
