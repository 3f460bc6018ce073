"""tf.flags / tf.app.flags, tf.app.run, tfe.run, tf.logging and tf.test's functions.

Flags are process-global (absl's FLAGS): tests that define or parse flags on FLAGS run a program in a
fresh interpreter; in-process tests use a FlagValues of their own.  The expected texts are TF 1.15's
(tensorflow/python/platform/{flags,app,tf_logging}.py on absl-py), checked against tf.compat.v1.
"""

import logging
import os
import subprocess
import sys
import textwrap
import unittest
from pathlib import Path

import numpy as np
import pytest
from absl import flags as absl_flags

import tfcompat as tf

REPO = Path(__file__).resolve().parent.parent


def run_program(tmp_path, source, *args, name="program.py"):
    """Run ``source`` as a TF 1.x program through ``python -m tfcompat`` with ``args``."""
    program = tmp_path / name
    program.write_text(textwrap.dedent(source))
    return subprocess.run([sys.executable, "-m", "tfcompat", "run", name, *args], cwd=tmp_path,
                          env=dict(os.environ, PYTHONPATH=str(REPO)), text=True, capture_output=True, timeout=300)


# -- flags -------------------------------------------------------------------------------------------

def test_flags_are_absl_flags_as_in_tf1():
    assert tf.flags.FlagValues is absl_flags.FlagValues
    assert tf.flags.Error is absl_flags.Error
    assert tf.app.flags.DEFINE_enum is tf.flags.DEFINE_enum
    assert tf.flags.DEFINE_bool is tf.flags.DEFINE_boolean
    assert tf.app.flags.FLAGS is tf.flags.FLAGS
    assert tf.compat.v1.flags.FLAGS is tf.flags.FLAGS


def test_define_functions_on_a_flag_values_of_their_own():
    values = tf.flags.FlagValues()
    tf.flags.DEFINE_string("name", "model", "A name.", flag_values=values)
    tf.flags.DEFINE_integer("steps", 10, "Steps.", lower_bound=0, flag_values=values)
    tf.flags.DEFINE_float("rate", 0.1, "Rate.", flag_values=values)
    tf.flags.DEFINE_boolean("verbose", True, "Talk.", flag_values=values)
    tf.flags.DEFINE_enum("mode", "train", ["train", "eval"], "Mode.", flag_values=values)
    tf.flags.DEFINE_list("layers", "8,4", "Layer sizes.", flag_values=values)
    tf.flags.DEFINE_multi_string("tag", [], "Tags.", flag_values=values)
    rest = values(["prog", "--name=run1", "--steps", "3", "--rate=0.5", "--noverbose", "--mode=eval",
                   "--layers=16,8,2", "--tag=a", "--tag=b", "leftover"])
    assert rest == ["prog", "leftover"]
    assert (values.name, values.steps, values.rate, values.verbose, values.mode) == ("run1", 3, 0.5, False, "eval")
    assert values.layers == ["16", "8", "2"] and values.tag == ["a", "b"]


def test_define_accepts_the_gflags_keyword_names_with_a_warning(caplog):
    values = tf.flags.FlagValues()
    with caplog.at_level(logging.WARNING):
        tf.app.flags.DEFINE_integer(flag_name="batch", default_value=32, docstring="Batch size.", flag_values=values)
    values(["prog"])
    assert values.batch == 32
    assert values["batch"].help == "Batch size."
    assert ("Use of the keyword argument names (flag_name, default_value, docstring) is deprecated, "
            "please use (name, default, help) instead.") in caplog.text


def test_flag_errors_are_absls():
    values = tf.flags.FlagValues()
    tf.flags.DEFINE_integer("steps", 1, "Steps.", flag_values=values)
    with pytest.raises(tf.flags.UnparsedFlagAccessError):
        values.steps
    with pytest.raises(tf.flags.IllegalFlagValueError, match="flag --steps=abc: invalid literal for int"):
        values(["prog", "--steps=abc"])
    with pytest.raises(tf.flags.UnrecognizedFlagError, match="Unknown command line flag 'stepz'"):
        values(["prog", "--stepz=2"])
    with pytest.raises(tf.flags.DuplicateFlagError):
        tf.flags.DEFINE_string("steps", "", "Again.", flag_values=values)


def test_absl_is_imported_on_the_first_use_of_a_flags_name():
    # absl.flags (with xml.dom.minidom) would cost tens of milliseconds of every `import tfcompat`.
    code = textwrap.dedent("""
        import sys
        import tfcompat as tf
        print(sorted(name for name in sys.modules if name.split(".")[0] == "absl"))
        tf.app.flags.DEFINE_integer("steps", 3, "Steps.")
        print("absl.flags" in sys.modules, tf.flags.FLAGS.steps, "DEFINE_integer" in vars(tf.app.flags))
        tf.alias.install()
        from tensorflow.flags import FLAGS
        from tensorflow.compat.v1.flags import Error
        print(FLAGS is tf.app.flags.FLAGS, Error is sys.modules["absl.flags"].Error)
        """)
    process = subprocess.run([sys.executable, "-c", code, "--steps=5"], cwd=REPO, text=True, capture_output=True,
                             timeout=120)
    assert (process.returncode, process.stdout) == (0, "[]\nTrue 5 True\nTrue True\n"), process.stderr


def test_FLAGS_parses_sys_argv_on_the_first_read(tmp_path):
    # absl's FLAGS raises UnparsedFlagAccessError here; TF 1.x's parsed sys.argv instead.
    process = run_program(tmp_path, """
        import tensorflow as tf
        tf.flags.DEFINE_integer("steps", 1, "Steps.")
        print(tf.flags.FLAGS.steps, tf.flags.FLAGS.is_parsed())
        """, "--steps=7")
    assert (process.returncode, process.stdout) == (0, "7 True\n"), process.stderr


def test_absl_logging_flags_are_defined_before_the_programs_as_in_tf_1_15(tmp_path):
    # Importing TF 1.14+ imported absl.logging, whose flags (--log_dir, --verbosity ...) came first.
    process = run_program(tmp_path, """
        import tensorflow as tf
        tf.flags.DEFINE_string("log_dir", "/tmp/logs", "Where to log.")
        """)
    assert process.returncode == 1
    assert "DuplicateFlagError: The flag 'log_dir' is defined twice. First from absl.logging" in process.stderr


# -- tf.app.run and tfe.run --------------------------------------------------------------------------

FLAG_PROGRAM = '''\
"""Says hello."""
import tensorflow as tf

tf.app.flags.DEFINE_string("who", "world", "Whom to greet.")
FLAGS = tf.app.flags.FLAGS


def main(argv):
    print("hello,", FLAGS.who, argv[1:])
    return len(argv) - 1


if __name__ == "__main__":
    tf.app.run(main)
'''


def test_app_run_exits_with_mains_status_and_passes_the_rest_of_argv(tmp_path):
    process = run_program(tmp_path, FLAG_PROGRAM, "--who=tf", "a", "--not_a_flag=1", "b")
    assert (process.returncode, process.stdout) == (3, "hello, tf ['a', '--not_a_flag=1', 'b']\n"), process.stderr


def test_app_run_help_flags(tmp_path):
    helpfull = run_program(tmp_path, FLAG_PROGRAM, "--helpfull")
    assert helpfull.returncode == 1
    assert helpfull.stdout.startswith("Says hello.\nflags:\n\nprogram.py:\n  --who: Whom to greet.\n"
                                      "    (default: 'world')\n")
    assert "absl.logging:" in helpfull.stdout  # --helpfull lists every module's flags
    short = run_program(tmp_path, FLAG_PROGRAM, "--help")
    assert short.returncode == 1
    assert "absl.logging:" not in short.stdout
    assert short.stdout.rstrip().endswith("Try --helpfull to get a list of all flags.")


def test_app_run_bad_flag_value_raises_absls_error(tmp_path):
    # TF 1.15 parsed with its own parser, so absl's "FATAL Flags parsing error" handler did not apply.
    process = run_program(tmp_path, FLAG_PROGRAM.replace("DEFINE_string", "DEFINE_integer").replace('"world"', "1"),
                          "--who=x")
    assert process.returncode == 1
    assert process.stderr.rstrip().endswith("IllegalFlagValueError: flag --who=x: invalid literal for int() "
                                            "with base 10: 'x'")


def test_tfe_run_enables_eager_then_runs_main(tmp_path):
    process = run_program(tmp_path, """
        import sys
        import tensorflow as tf
        import tensorflow.contrib.eager as tfe

        def main(argv):
            print(tf.executing_eagerly(), argv[1:])
            sys.exit(5)

        tfe.run(main)
        """, "x")
    assert (process.returncode, process.stdout) == (5, "True ['x']\n"), process.stderr


# -- tf.logging ----------------------------------------------------------------------------------------

def test_logging_outside_app_run_prints_as_tf_1x(tmp_path):
    process = run_program(tmp_path, """
        import tensorflow as tf
        print(tf.logging.get_verbosity() == tf.logging.WARN)
        tf.logging.info("not shown at the default verbosity")
        tf.logging.warn("careful: %s", "ice")
        tf.logging.set_verbosity(tf.logging.INFO)
        print(tf.logging.get_verbosity())
        tf.logging.info("loss %.2f", 0.25)
        tf.logging.debug("not shown at INFO")
        tf.logging.vlog(tf.logging.ERROR, "vlog at %s", "ERROR")
        tf.logging.log_if(tf.logging.INFO, "logged", True)
        tf.logging.log_if(tf.logging.INFO, "not logged", False)
        for i in range(7):
            tf.logging.log_every_n(tf.logging.INFO, "every 3rd: %d", 3, i)
            tf.logging.log_first_n(tf.logging.WARN, "first 2: %d", 2, i)
        tf.logging.TaskLevelStatusMessage("status")
        tf.logging.fatal("fatal, and the program goes on")
        tf.logging.log(tf.logging.DEBUG, "debug")
        tf.logging.set_verbosity(tf.logging.DEBUG)
        tf.logging.log(tf.logging.DEBUG, "debug")
        tf.logging.flush()
        """)
    assert process.returncode == 0, process.stderr
    assert process.stdout == "True\n20\n"
    assert process.stderr.splitlines() == [
        "WARNING:tensorflow:careful: ice", "INFO:tensorflow:loss 0.25", "ERROR:tensorflow:vlog at ERROR",
        "INFO:tensorflow:logged", "INFO:tensorflow:every 3rd: 0", "WARNING:tensorflow:first 2: 0",
        "WARNING:tensorflow:first 2: 1", "INFO:tensorflow:every 3rd: 3", "INFO:tensorflow:every 3rd: 6",
        "ERROR:tensorflow:status", "CRITICAL:tensorflow:fatal, and the program goes on",
        "DEBUG:tensorflow:debug"]


def test_logging_levels_are_pythons():
    assert (tf.logging.DEBUG, tf.logging.INFO, tf.logging.WARN, tf.logging.ERROR, tf.logging.FATAL) == (
        10, 20, 30, 40, 50)


def test_logging_records_name_the_callers_file_and_line():
    records = []
    handler = logging.Handler()
    handler.emit = records.append
    logger = logging.getLogger("tensorflow")
    logger.addHandler(handler)
    previous = tf.logging.get_verbosity()
    tf.logging.set_verbosity(tf.logging.INFO)
    try:
        tf.logging.info("from the test")
        line = sys._getframe().f_lineno - 1
        tf.logging.log_first_n(tf.logging.INFO, "first", 1)
    finally:
        logger.removeHandler(handler)
        tf.logging.set_verbosity(previous)
    assert [(r.filename, r.funcName, r.getMessage()) for r in records] == [
        ("test_platform.py", "test_logging_records_name_the_callers_file_and_line", "from the test"),
        ("test_platform.py", "test_logging_records_name_the_callers_file_and_line", "first")]
    assert records[0].lineno == line


# -- tf.test functions ----------------------------------------------------------------------------------

def test_compute_gradient_gives_theoretical_and_numerical_jacobians():
    x = tf.constant([[1.0, 2.0], [3.0, 4.0]], dtype=tf.float64)
    w = tf.constant([0.5, -1.0], dtype=tf.float64)
    theoretical, numerical = tf.test.compute_gradient(lambda x, w: tf.reduce_sum(x * w, axis=1) ** 2, [x, w])
    # y = (x w)^2 row by row: y_size rows, x_size columns (TF's layout).
    y = np.array([1.0 * 0.5 - 2.0, 3.0 * 0.5 - 4.0])
    assert theoretical[0].shape == (2, 4) and theoretical[1].shape == (2, 2)
    np.testing.assert_allclose(theoretical[0], [[2 * y[0] * 0.5, -2 * y[0], 0, 0], [0, 0, 2 * y[1] * 0.5, -2 * y[1]]])
    np.testing.assert_allclose(theoretical[1], [[2 * y[0] * 1.0, 2 * y[0] * 2.0], [2 * y[1] * 3.0, 2 * y[1] * 4.0]])
    for exact, estimate in zip(theoretical, numerical):
        np.testing.assert_allclose(estimate, exact, atol=1e-6)
    assert tf.test.compute_gradient_error(lambda x: tf.sin(x), [x]) < 1e-6
    assert theoretical[0].dtype == np.float64


def test_compute_gradient_graph_form_raises_as_tf_gradients_does_under_eager():
    x = tf.constant([1.0])
    with pytest.raises(RuntimeError, match="tf.gradients is not supported when eager execution is enabled"):
        tf.test.compute_gradient(x, [1], x * 2, [1])
    with pytest.raises(ValueError, match="must be a list or tuple"):
        tf.test.compute_gradient(lambda x: x, x)


def test_test_helpers():
    assert tf.test.mock is unittest.mock
    assert tf.test.get_temp_dir() == tf.test.get_temp_dir() and os.path.isdir(tf.test.get_temp_dir())
    assert isinstance(tf.test.is_built_with_cuda(), bool)
    assert isinstance(tf.test.is_built_with_gpu_support(), bool)
    assert tf.test.is_built_with_xla() is False
    assert tf.test.gpu_device_name() in ("", "/device:GPU:0")


class _Stubbed:
    @staticmethod
    def kind():
        return "static"

    def name(self):
        return "original"


def test_StubOutForTesting_sets_and_restores():
    target = _Stubbed()
    with tf.test.StubOutForTesting() as stubs:
        stubs.Set(os.path, "exists", lambda path: "stubbed")
        stubs.Set(_Stubbed, "kind", lambda: "replaced")
        stubs.SmartSet(target, "name", lambda self: "smart")  # on the class: the instance has no own "name"
        assert (os.path.exists("/nowhere"), _Stubbed.kind(), _Stubbed().name()) == ("stubbed", "replaced", "smart")
        with pytest.raises(AttributeError, match="Attribute not found."):
            stubs.SmartSet(target, "missing", None)
    assert os.path.exists("/nowhere") is False
    assert isinstance(vars(_Stubbed)["kind"], staticmethod) and _Stubbed.kind() == "static"
    assert target.name() == "original"


# -- tf.test.TestCase beyond test_util_test ----------------------------------------------------------------

class _Example(tf.test.TestCase):
    def testNothing(self):
        pass


def _case():
    case = _Example("testNothing")
    case.setUp()
    return case


def test_TestCase_sessions_under_eager():
    case = _case()
    with case.cached_session() as session:
        values = session.run({"a": tf.constant(1.5), "b": [tf.constant([1, 2])]})
        assert values["a"] == 1.5 and values["b"][0].tolist() == [1, 2]
        with pytest.raises(RuntimeError, match="feed_dict is not supported when eager execution is enabled"):
            session.run(tf.constant(1), feed_dict={"x": 1})
        with pytest.raises(RuntimeError, match="Optional args are not supported"):
            session.run(tf.constant(1), None)
    with case.session() as session:
        with pytest.raises(AttributeError, match="Trying to access properties or call methods on the result of "
                                                 r"self.session\(\), self.cached_session\(\), etc while eager"):
            session.run
    with case.test_session() as session:
        assert session is None
    # test_session is a fixture, not a test (TF collected it and skipped it in setUp: "Not a test.").
    assert unittest.TestLoader().getTestCaseNames(_Example) == ["testNothing"]


def test_TestCase_get_temp_dir_is_per_test():
    first, second = _case(), _case()
    assert first.get_temp_dir() == first.get_temp_dir() != second.get_temp_dir()
    assert os.path.dirname(first.get_temp_dir()) == tf.test.get_temp_dir()


def test_TestCase_evaluate():
    case = _case()
    assert case.evaluate(None) is None
    value = case.evaluate(tf.constant(2.5))
    assert isinstance(value, np.float32) and value == 2.5
    slices = case.evaluate(tf.IndexedSlices(tf.constant([[1.0]]), tf.constant([0]), tf.constant([3, 1])))
    assert (slices.values.tolist(), slices.indices.tolist(), slices.dense_shape.tolist()) == ([[1.0]], [0], [3, 1])
    with pytest.raises(ValueError, match="Unsupported type <class 'int'>."):
        case.evaluate([tf.constant(1), 2])


def test_TestCase_assertShapeEqual_and_assertDeviceEqual():
    case = _case()
    case.assertShapeEqual(np.zeros((2, 3)), tf.zeros([2, 3]))
    with pytest.raises(AssertionError):
        case.assertShapeEqual(np.zeros((3, 2)), tf.zeros([2, 3]))
    with pytest.raises(TypeError, match="np_array must be a Numpy ndarray or Numpy scalar"):
        case.assertShapeEqual([1], tf.zeros([1]))
    with pytest.raises(TypeError, match="tf_tensor must be a Tensor"):
        case.assertShapeEqual(np.zeros(1), np.zeros(1))
    case.assertDeviceEqual("/cpu:0", "/device:CPU:0")
    case.assertDeviceEqual("/job:worker/gpu:1", "/job:worker/device:GPU:1")
    with pytest.raises(AssertionError, match="Devices /device:CPU:0 and /device:GPU:0 are not equal"):
        case.assertDeviceEqual("/cpu:0", "/gpu:0")


def test_TestCase_assertRaisesWithPredicateMatch():
    case = _case()
    with case.assertRaisesWithPredicateMatch(ValueError, lambda error: "bad" in str(error)):
        raise ValueError("bad input")
    with pytest.raises(AssertionError, match="Exception of type <class 'TypeError'>: bad"):
        with case.assertRaisesWithPredicateMatch(ValueError, "bad"):
            raise TypeError("bad")
    with pytest.raises(AssertionError, match="ValueError not raised"):
        with case.assertRaisesWithPredicateMatch(ValueError, "bad"):
            pass
    with case.assertRaisesOpError("Incompatible shapes|Matrix size-incompatible|In\\[0\\] mismatch"):
        tf.matmul(tf.ones([2, 3]), tf.ones([2, 3]))


def test_TestCase_has_absltests_assertions():
    case = _case()
    case.assertLen([1, 2], 2)
    case.assertEmpty([])
    case.assertStartsWith("tf.test", "tf.")
    case.assertItemsEqual([1, 2, 2], [2, 1, 2])
    with pytest.raises(AssertionError, match="has length of 2, expected 3.*: a note"):
        case.assertLen([1, 2], 3, msg="a note")
    with pytest.raises(AttributeError, match="'_Example' object has no attribute 'assertNothingLikeThis'"):
        case.assertNothingLikeThis
    with pytest.raises(AssertionError, match="^a reason : details$"):
        case.fail("a reason", "details")


def test_TestCase_assertProtoEquals():
    case = _case()
    try:
        from google.protobuf import wrappers_pb2
    except ImportError:
        with pytest.raises(ImportError, match="assertProtoEquals needs the protobuf package: pip install protobuf"):
            case.assertProtoEquals("value: 1", object())
        return
    message = wrappers_pb2.Int32Value(value=3)
    case.assertProtoEquals("value: 3", message)
    case.assertProtoEquals(wrappers_pb2.Int32Value(value=3), message)
    with pytest.raises(AssertionError, match="value: 4"):
        case.assertProtoEquals("value: 4", message)
