"""tf.contrib.eager's execution callbacks, error modes, execution modes and test decorators (TF 1.15's
tensorflow/python/eager/execution_callbacks.py and context.py)."""

import io
import unittest

import numpy as np
import pytest

import tfcompat as tf

tfe = tf.contrib.eager


def test_constants_are_tf_1x_values():
    assert (tfe.DEVICE_PLACEMENT_EXPLICIT, tfe.DEVICE_PLACEMENT_WARN, tfe.DEVICE_PLACEMENT_SILENT,
            tfe.DEVICE_PLACEMENT_SILENT_FOR_INT32) == (0, 1, 2, 3)
    assert (tfe.SYNC, tfe.ASYNC) == (0, 1)
    tf.enable_eager_execution(device_policy=tfe.DEVICE_PLACEMENT_SILENT, execution_mode=tfe.SYNC)


def test_execution_callback_enum():
    assert [member.value for member in tfe.ExecutionCallback] == ["ignore", "print", "raise", "warn"]
    assert tfe.ExecutionCallback("raise") is tfe.ExecutionCallback.RAISE


def test_inf_nan_callback_raises_on_inf_and_nan_outputs():
    x = tf.constant([1.0, np.inf, np.nan])
    with pytest.raises(Exception, match=r"Output 2 of 2 of TFE operation Div \(name: div\) contains 1 inf\(s\) "
                                        r"and 1 nan\(s\) out of a total of 3 element\(s\)") as info:
        tfe.inf_nan_callback("Div", [], (), [tf.constant([1.0]), x], "div")
    assert type(info.value).__name__ == "InfOrNanError"
    assert info.value.op_type == "Div" and info.value.output_index == 1 and info.value.num_outputs == 2


def test_inf_and_nan_callbacks_check_one_kind():
    only_nan = tf.constant([np.nan, 2.0])
    tfe.inf_callback("Sqrt", [], (), [only_nan], "sqrt")  # no inf: nothing happens
    with pytest.raises(Exception, match="contains 1 nan"):
        tfe.nan_callback("Sqrt", [], (), [only_nan], "sqrt")
    only_inf = tf.constant([np.inf])
    tfe.nan_callback("Exp", [], (), [only_inf], "exp")
    with pytest.raises(Exception, match=r"contains 1 inf\(s\) out of"):
        tfe.inf_callback("Exp", [], (), [only_inf], "exp")


def test_inf_nan_callback_actions(capsys, caplog):
    bad = [tf.constant([np.inf], tf.float64)]
    tfe.inf_nan_callback("Log", [], (), bad, "log", action="print")
    assert capsys.readouterr().out.startswith("Warning: Output 1 of 1 of TFE operation Log (name: log)")
    tfe.inf_nan_callback("Log", [], (), bad, "log", action=tfe.ExecutionCallback.PRINT)
    assert "Warning: Output 1 of 1" in capsys.readouterr().out
    with pytest.raises(ValueError, match="Invalid action for inf_nan_callback: bogus"):
        tfe.inf_nan_callback("Log", [], (), bad, "log", action="bogus")
    # integer and finite outputs are never reported
    tfe.inf_nan_callback("Add", [], (), [tf.constant([1, 2]), tf.constant([1.0])], "add")


def test_seterr_and_errstate_accept_ignore_only():
    assert tfe.seterr() == {"inf_or_nan": "ignore"}
    assert tfe.seterr(inf_or_nan="ignore") == {"inf_or_nan": "ignore"}
    with tfe.errstate(inf_or_nan="ignore"):
        assert tfe.seterr() == {"inf_or_nan": "ignore"}
    with pytest.raises(ValueError, match="Invalid action value for inf_or_nan: loud"):
        tfe.seterr(inf_or_nan="loud")
    with pytest.raises(NotImplementedError, match="check_numerics"):
        tfe.seterr(inf_or_nan="raise")
    with pytest.raises(NotImplementedError):
        tfe.errstate(inf_or_nan="warn")


def test_add_execution_callback_is_unsupported_with_reason():
    with pytest.raises(AttributeError, match="add_execution_callback is not supported by tfcompat: tfcompat has no "
                                             "single place where every op runs"):
        tfe.add_execution_callback
    tfe.clear_execution_callbacks()  # nothing registered: a no-op


def test_execution_modes():
    with tfe.execution_mode(tfe.ASYNC):
        assert (tf.constant(2.0) * 3.0).numpy() == 6.0
    tfe.set_execution_mode(tfe.ASYNC)
    tfe.async_wait()
    tfe.set_execution_mode(None)
    with pytest.raises(ValueError, match="Execution mode should be None/SYNC/ASYNC. Got 7"):
        tfe.set_execution_mode(7)
    with pytest.raises(ValueError):
        with tfe.execution_mode("fast"):
            pass


def test_graph_and_eager_decorators_run_the_test_eagerly():
    calls = []

    @tfe.run_all_tests_in_graph_and_eager_modes
    class Test(tf.test.TestCase):
        def test_value(self):
            calls.append(tf.executing_eagerly())
            self.assertAllClose(self.evaluate(tf.constant(2.0) * 2.0), 4.0)

        @tfe.run_test_in_graph_and_eager_modes
        def test_decorated(self):
            calls.append("decorated")

        @tfe.run_test_in_graph_and_eager_modes()
        def test_decorated_with_call(self):
            calls.append("called")

    result = unittest.TextTestRunner(stream=io.StringIO()).run(
        unittest.defaultTestLoader.loadTestsFromTestCase(Test))
    assert result.wasSuccessful() and sorted(map(str, calls)) == ["True", "called", "decorated"]
    with pytest.raises(ValueError, match="only supports test methods"):
        tfe.run_test_in_graph_and_eager_modes(Test)
