"""tf.test.TestCase: TF 1.x's test case class, under eager execution.

The assertions follow TF 1.15's ``TensorFlowTestCase`` (tensorflow/python/framework/test_util.py):
tensors are compared through their NumPy values, structures (dicts, lists,
tuples, namedtuples) element by element, with TF's tolerances and failure
messages.  Under eager, as in TF: ``cached_session()`` gives a session whose
``run(t)`` evaluates ``t`` (no feeds), ``session()`` an object whose every use
raises, and ``test_session()`` None.

The class is a ``unittest.TestCase`` (TF's derived from absltest's, which
costs ~130 ms to import): it runs under pytest, ``python -m unittest`` and
``tf.test.main()``.  absltest's own assertions (assertLen, assertEmpty,
assertStartsWith ...) are bound from absltest on first use.
"""

import collections.abc
import contextlib
import math
import random
import re
import tempfile
import threading
import unittest

import numpy as np

from ..framework import errors
from ..framework.indexed_slices import IndexedSlices
from ..ops import random_ops
from ..registry import PARTIAL, export
from ..util import nest
from . import test as test_support


class EagerSessionWarner:
    """What ``session()`` and ``cached_session()`` give under eager: any use says why it cannot work."""

    def __getattr__(self, attr):
        raise AttributeError(
            "Trying to access properties or call methods on the result of self.session(), "
            "self.cached_session(), etc while eager execution is enabled. If you're porting this test case "
            "to TF 2.0, either adapt the test to work with eager execution or insert a call to "
            "tf.disable_eager_execution() in the main() function of this test file.")


class FakeEagerSession:
    """What ``cached_session()`` gives under eager: ``sess.run(t)`` is shorthand for ``self.evaluate(t)``."""

    def __init__(self, test_case):
        self._test_case = test_case

    def run(self, fetches, *args, **kwargs):
        if kwargs.pop("feed_dict", {}):
            raise RuntimeError("feed_dict is not supported when eager execution is enabled "
                               "(in this case, sess.run(t) is shorthand for t.numpy()")
        if args or kwargs:
            raise RuntimeError("Optional args are not supported when eager execution is enabled "
                               "(in this case, sess.run(t) is shorthand for t.numpy()")
        return self._test_case.evaluate(fetches)


class _CheckedThread:
    """A thread whose exception fails the test when joined; ``tearDown`` fails a test that never joined it."""

    def __init__(self, testcase, target, args=None, kwargs=None):
        self._testcase = testcase
        self._target = target
        self._args = () if args is None else args
        self._kwargs = {} if kwargs is None else kwargs
        self._thread = threading.Thread(target=self._protected_run)
        self._exception = None
        self._is_thread_joined = False

    def _protected_run(self):
        try:
            self._target(*self._args, **self._kwargs)
        except Exception as error:  # noqa: BLE001 - join() re-raises it in the test's thread
            self._exception = error

    def start(self):
        self._thread.start()

    def join(self):
        self._thread.join()
        self._is_thread_joined = True
        if self._exception is not None:
            self._testcase.fail(f"Error in checkedThread: {self._exception}")

    def is_alive(self):
        return self._thread.is_alive()

    def check_termination(self):
        if not self._is_thread_joined:
            self._testcase.fail("A checked thread was not joined.")
        if self.is_alive():
            raise RuntimeError("Thread was not joined with main thread, and is still running when the test finished.")


class _NotATest:
    """A method that test loaders (unittest's, absltest's, pytest's) do not collect despite its "test" prefix.

    Loaders skip names whose class attribute is not callable; instances still get the bound method.
    """

    def __init__(self, function):
        self._function = function

    def __get__(self, instance, owner=None):
        return self if instance is None else self._function.__get__(instance, owner)


def _format_subscripts(subscripts, value, limit=10, indent=2):
    """Lines "  [i j] : value" for the first ``limit`` subscripts of ``np.where``'s result."""
    subscripts = np.transpose(subscripts)
    lines = [" " * indent + f"{subscript} : {value[tuple(subscript)]}" for subscript in subscripts[:limit]]
    if len(subscripts) > limit:
        lines.append(" " * indent + "...")
    return lines


@export("test.TestCase", status=PARTIAL,
        note="A unittest.TestCase with TF's assertions, evaluate() and temp dirs, under eager only: "
             "cached_session().run(t) evaluates t (no feed_dict), session() raises on use, test_session() "
             "gives None; absltest's assertions are bound from absltest on first use.")
class TestCase(unittest.TestCase):
    """Base class for tests of TF 1.x code."""

    def __init__(self, methodName="runTest"):
        super().__init__(methodName)
        self._threads = []
        self._tempdir = None

    def __getattr__(self, name):
        # Called only for names the class lacks: absltest's extra assertions, imported on first use.
        if name.startswith("assert"):
            from absl.testing import absltest

            method = getattr(absltest.TestCase, name, None)
            if method is not None:
                return method.__get__(self)
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def fail(self, msg=None, user_msg=None):
        """Fail with ``msg`` and the caller's ``user_msg`` (absltest's signature, which its assertions use)."""
        super().fail(self._formatMessage(user_msg, msg))

    def setUp(self):
        super().setUp()
        random.seed(random_ops.DEFAULT_GRAPH_SEED)
        np.random.seed(random_ops.DEFAULT_GRAPH_SEED)
        random_ops.set_random_seed(random_ops.DEFAULT_GRAPH_SEED)

    def tearDown(self):
        for thread in self._threads:
            thread.check_termination()
        super().tearDown()

    # -- environment -------------------------------------------------------
    def get_temp_dir(self):
        """A temporary directory of this test's own (the same one on every call within the test)."""
        if not self._tempdir:
            self._tempdir = tempfile.mkdtemp(dir=test_support.temp_dir())
        return self._tempdir

    def checkedThread(self, target, args=None, kwargs=None):
        thread = _CheckedThread(self, target, args, kwargs)
        self._threads.append(thread)
        return thread

    @contextlib.contextmanager
    def session(self, graph=None, config=None, use_gpu=False, force_gpu=False):
        yield EagerSessionWarner()

    @contextlib.contextmanager
    def cached_session(self, graph=None, config=None, use_gpu=False, force_gpu=False):
        yield FakeEagerSession(self)

    @_NotATest
    @contextlib.contextmanager
    def test_session(self, graph=None, config=None, use_gpu=False, force_gpu=False):
        yield None

    def evaluate(self, tensors):
        """The NumPy values of a structure of tensors (a callable is called first)."""
        if tensors is None:
            return None
        return nest.map_structure(self._eval_tensor, tensors)

    def _eval_tensor(self, tensor):
        if tensor is None:
            return None
        if callable(tensor):
            return self.evaluate(tensor())
        if isinstance(tensor, IndexedSlices):
            dense_shape = None if tensor.dense_shape is None else tensor.dense_shape.numpy()
            return IndexedSlices(tensor.values.numpy(), tensor.indices.numpy(), dense_shape)
        try:
            return tensor.numpy()
        except AttributeError as error:
            raise ValueError(f"Unsupported type {type(tensor)}.") from error

    def _GetNdArray(self, a):
        if hasattr(a, "numpy") and not isinstance(a, np.ndarray):
            a = self._eval_tensor(a)
        return a if isinstance(a, np.ndarray) else np.array(a)

    # -- closeness -----------------------------------------------------------
    def assertNear(self, f1, f2, err, msg=None):
        # f1 == f2 covers inf == inf.
        self.assertTrue(f1 == f2 or math.fabs(f1 - f2) <= err,
                        "%f != %f +/- %f%s" % (f1, f2, err, f" ({msg})" if msg is not None else ""))

    def assertArrayNear(self, farray1, farray2, err, msg=None):
        self.assertEqual(len(farray1), len(farray2), msg=msg)
        for f1, f2 in zip(farray1, farray2):
            self.assertNear(float(f1), float(f2), err, msg=msg)

    def _NDArrayNear(self, ndarray1, ndarray2, err):
        return np.linalg.norm(ndarray1 - ndarray2) < err

    def assertNDArrayNear(self, ndarray1, ndarray2, err, msg=None):
        self.assertTrue(self._NDArrayNear(ndarray1, ndarray2, err), msg=msg)

    def _assertArrayLikeAllClose(self, a, b, rtol=1e-6, atol=1e-6, msg=None):
        a = self._GetNdArray(a)
        b = self._GetNdArray(b)
        if a.shape != b.shape and (b.ndim <= 3 or b.size < 500):
            shape_mismatch = f"Shape mismatch: expected {a.shape}, got {b.shape} with contents {b}."
        else:
            shape_mismatch = f"Shape mismatch: expected {a.shape}, got {b.shape}."
        self.assertEqual(a.shape, b.shape, shape_mismatch)
        if np.allclose(a, b, rtol=rtol, atol=atol):
            return
        # Name the elements that are not close (np.testing only counts them).
        not_close = np.logical_or(np.abs(a - b) > atol + rtol * np.abs(b), np.isnan(a) != np.isnan(b))
        if a.ndim:
            where = np.where(not_close)
            x, y = a[where], b[where]
            messages = [msg, f"not close where = {where}"]
        else:
            x, y = a, b
            messages = [msg]
        messages += [f"not close lhs = {x}", f"not close rhs = {y}", f"not close dif = {np.abs(x - y)}",
                     f"not close tol = {atol + rtol * np.abs(y)}", f"dtype = {a.dtype}, shape = {a.shape}"]
        np.testing.assert_allclose(a, b, rtol=rtol, atol=atol, err_msg="\n".join(str(m) for m in messages),
                                   equal_nan=True)

    def _assertAllCloseRecursive(self, a, b, rtol=1e-6, atol=1e-6, path=None, msg=None):
        path = path or []
        path_str = ("[" + "][".join(str(p) for p in path) + "]") if path else ""
        msg = msg if msg else ""
        if hasattr(a, "_asdict"):
            a = a._asdict()
        if hasattr(b, "_asdict"):
            b = b._asdict()
        a_is_dict = isinstance(a, collections.abc.Mapping)
        if a_is_dict != isinstance(b, collections.abc.Mapping):
            raise ValueError(f"Can't compare dict to non-dict, a{path_str} vs b{path_str}. {msg}")
        mismatch = f"Mismatched value: a{path_str} is different from b{path_str}. {msg}"
        if a_is_dict:
            self.assertCountEqual(a.keys(), b.keys(), msg=f"mismatched keys: a{path_str} has keys {a.keys()}, "
                                                          f"but b{path_str} has keys {b.keys()}. {msg}")
            for key in a:
                self._assertAllCloseRecursive(a[key], b[key], rtol, atol, path + [key], msg)
        elif isinstance(a, (list, tuple)):
            # Compare as arrays when they are arrays; element by element otherwise.
            try:
                a_array, b_array = self._GetNdArray(a), self._GetNdArray(b)
                self._assertArrayLikeAllClose(a_array, b_array, rtol=rtol, atol=atol, msg=mismatch)
            except (ValueError, TypeError):
                if len(a) != len(b):
                    raise ValueError(f"Mismatched length: a{path_str} has {len(a)} items, but b{path_str} "
                                     f"has {len(b)} items. {msg}") from None
                for index, (a_item, b_item) in enumerate(zip(a, b)):
                    self._assertAllCloseRecursive(a_item, b_item, rtol, atol, path + [str(index)], msg)
        else:
            try:
                self._assertArrayLikeAllClose(a, b, rtol=rtol, atol=atol, msg=mismatch)
            except TypeError as error:
                note = f"Error: a{path_str} has {type(a)}, but b{path_str} has {type(b)}. {msg}"
                error.args = (f"{error.args[0]} : {note}",) + error.args[1:] if error.args else (note,)
                raise

    def assertAllClose(self, a, b, rtol=1e-6, atol=1e-6, msg=None):
        """``a`` and ``b`` (tensors, arrays, or dicts/lists/tuples/namedtuples of them) are elementwise close."""
        self._assertAllCloseRecursive(a, b, rtol=rtol, atol=atol, msg=msg)

    def assertAllCloseAccordingToType(self, a, b, rtol=1e-6, atol=1e-6, float_rtol=1e-6, float_atol=1e-6,
                                      half_rtol=1e-3, half_atol=1e-3, bfloat16_rtol=1e-2, bfloat16_atol=1e-2,
                                      msg=None):
        """assertAllClose with the tolerance widened to the least precise dtype of ``a`` and ``b``."""
        a = self._GetNdArray(a)
        b = self._GetNdArray(b)
        dtypes = {a.dtype, b.dtype}
        if dtypes & {np.dtype(np.float32), np.dtype(np.complex64)}:
            rtol, atol = max(rtol, float_rtol), max(atol, float_atol)
        if np.dtype(np.float16) in dtypes:
            rtol, atol = max(rtol, half_rtol), max(atol, half_atol)
        if any(dtype.name == "bfloat16" for dtype in dtypes):
            rtol, atol = max(rtol, bfloat16_rtol), max(atol, bfloat16_atol)
        self.assertAllClose(a, b, rtol=rtol, atol=atol, msg=msg)

    def assertNotAllClose(self, a, b, **kwargs):
        try:
            self.assertAllClose(a, b, **kwargs)
        except AssertionError:
            return
        raise AssertionError("The two values are close at all elements")

    # -- equality and ranges -------------------------------------------------
    def assertAllEqual(self, a, b, msg=None):
        msg = msg if msg else ""
        a = self._GetNdArray(a)
        b = self._GetNdArray(b)
        if b.ndim <= 3 or b.size < 500:
            self.assertEqual(a.shape, b.shape,
                             f"Shape mismatch: expected {a.shape}, got {b.shape}. Contents: {b!r}. \n{msg}.")
        else:
            self.assertEqual(a.shape, b.shape, f"Shape mismatch: expected {a.shape}, got {b.shape}. {msg}")
        same = a == b
        if a.dtype.kind == "f" or a.dtype.name == "bfloat16":
            same = np.logical_or(same, np.logical_and(np.isnan(a), np.isnan(b)))
        if np.all(same):
            return
        different = np.logical_not(same)
        messages = [msg]
        if a.ndim:
            where = np.where(different)
            x, y = a[where], b[where]
            messages.append(f"not equal where = {where}")
        else:
            x, y = a, b
        messages += [f"not equal lhs = {x}", f"not equal rhs = {y}"]
        np.testing.assert_array_equal(a, b, err_msg="\n".join(messages))

    def assertNotAllEqual(self, a, b, msg=None):
        try:
            self.assertAllEqual(a, b, msg)
        except AssertionError:
            return
        raise AssertionError("The two values are equal at all elements")

    def assertAllGreater(self, a, comparison_target):
        self.assertGreater(np.min(self._GetNdArray(a)), comparison_target)

    def assertAllLess(self, a, comparison_target):
        self.assertLess(np.max(self._GetNdArray(a)), comparison_target)

    def assertAllGreaterEqual(self, a, comparison_target):
        self.assertGreaterEqual(np.min(self._GetNdArray(a)), comparison_target)

    def assertAllLessEqual(self, a, comparison_target):
        self.assertLessEqual(np.max(self._GetNdArray(a)), comparison_target)

    def assertAllInRange(self, target, lower_bound, upper_bound, open_lower_bound=False,
                         open_upper_bound=False):
        target = self._GetNdArray(target)
        if not (np.issubdtype(target.dtype, np.floating) or np.issubdtype(target.dtype, np.integer)):
            raise AssertionError(f"The value of {target} does not have an ordered numeric type, instead it "
                                 f"has type: {target.dtype}")
        target = np.atleast_1d(target)  # NumPy 2's np.where refuses 0-d arrays
        nan_subscripts = np.where(np.isnan(target))
        if np.size(nan_subscripts):
            raise AssertionError(
                f"{len(nan_subscripts[0])} of the {np.size(target)} element(s) are NaN. "
                "Subscripts(s) and value(s) of the NaN element(s):\n"
                + "\n".join(_format_subscripts(nan_subscripts, target)))
        range_str = (("(" if open_lower_bound else "[") + f"{lower_bound}, {upper_bound}"
                     + (")" if open_upper_bound else "]"))
        below = np.less_equal(target, lower_bound) if open_lower_bound else np.less(target, lower_bound)
        above = np.greater_equal(target, upper_bound) if open_upper_bound else np.greater(target, upper_bound)
        violation_subscripts = np.where(np.logical_or(below, above))
        if np.size(violation_subscripts):
            raise AssertionError(
                f"{len(violation_subscripts[0])} of the {np.size(target)} element(s) are outside the range "
                f"{range_str}. Subscript(s) and value(s) of the offending elements:\n"
                + "\n".join(_format_subscripts(violation_subscripts, target)))

    def assertAllInSet(self, target, expected_set):
        target = self._GetNdArray(target)
        diff = np.setdiff1d(target.flatten(), list(expected_set))
        if np.size(diff):
            raise AssertionError(f"{np.size(diff)} unique element(s) are not in the set {expected_set}: {diff}")

    def assertDTypeEqual(self, target, expected_dtype):
        self.assertEqual(self._GetNdArray(target).dtype, expected_dtype)

    def assertShapeEqual(self, np_array, tf_tensor, msg=None):
        if not isinstance(np_array, (np.ndarray, np.generic)):
            raise TypeError("np_array must be a Numpy ndarray or Numpy scalar")
        if not test_support.is_tensor(tf_tensor):
            raise TypeError("tf_tensor must be a Tensor")
        self.assertAllEqual(np_array.shape, tf_tensor.get_shape().as_list(), msg=msg)

    def assertDeviceEqual(self, device1, device2, msg=None):
        device1 = test_support.canonical_device_name(device1)
        device2 = test_support.canonical_device_name(device2)
        self.assertEqual(device1, device2, f"Devices {device1} and {device2} are not equal. {msg}")

    # -- errors and protos ---------------------------------------------------
    @contextlib.contextmanager
    def assertRaisesWithPredicateMatch(self, exception_type, expected_err_re_or_predicate):
        """The block raises ``exception_type`` whose message matches the regex (or satisfies the predicate)."""
        if callable(expected_err_re_or_predicate):
            predicate = expected_err_re_or_predicate
        else:
            def predicate(error):
                text = error.message if isinstance(error, errors.OpError) else str(error)
                return re.search(expected_err_re_or_predicate, text)
        try:
            yield
            self.fail(exception_type.__name__ + " not raised")
        except Exception as error:
            if not isinstance(error, exception_type) or not predicate(error):
                raise AssertionError(f"Exception of type {type(error)}: {error}") from error

    def assertRaisesOpError(self, expected_err_re_or_predicate):
        return self.assertRaisesWithPredicateMatch(errors.OpError, expected_err_re_or_predicate)

    def assertRaisesIncompatibleShapesError(self, exception_type=errors.InvalidArgumentError):
        return self.assertRaisesWithPredicateMatch(exception_type, r"Incompatible shapes|Dimensions must be equal")

    def assertProtoEquals(self, expected_message_maybe_ascii, message, msg=None):
        """``message`` (a protobuf message) equals the expected one, given as a message or in text format."""
        test_support.assert_proto_equals(self, expected_message_maybe_ascii, message, msg)

    def assertItemsEqual(self, expected_seq, actual_seq, msg=None):  # absltest's calls super(): not bindable here
        self.assertCountEqual(expected_seq, actual_seq, msg)


# -- tfe's graph-and-eager test decorators ----------------------------------------------------------

_EAGER_ONLY_NOTE = ("Runs the test once, eagerly: tfcompat has no graph mode, where TF ran it in a graph "
                    "session too.")


@export("contrib.eager.run_test_in_graph_and_eager_modes", status=PARTIAL, note=_EAGER_ONLY_NOTE)
def run_test_in_graph_and_eager_modes(func=None, config=None, use_gpu=True, reset_test=True,
                                      assert_no_eager_garbage=False):
    """Decorator of a test method that TF 1.x ran in graph mode and then in eager mode."""

    def decorator(method):
        if isinstance(method, type):
            raise ValueError("`run_test_in_graph_and_eager_modes` only supports test methods. Did you mean to "
                             "use `run_all_tests_in_graph_and_eager_modes`?")
        return method

    return decorator if func is None else decorator(func)


@export("contrib.eager.run_all_tests_in_graph_and_eager_modes", status=PARTIAL, note=_EAGER_ONLY_NOTE)
def run_all_tests_in_graph_and_eager_modes(cls):
    """Class decorator: every test method of ``cls`` as run_test_in_graph_and_eager_modes decorates it."""
    if not isinstance(cls, type):
        raise TypeError(f"run_all_tests_in_graph_and_eager_modes decorates a test class, got {cls!r}")
    return cls
