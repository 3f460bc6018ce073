"""tfe.defun / tfe.function (eager semantics, input_signature), tf.TensorSpec, EagerVariableStore
and the eager-context names of tf.contrib.eager."""

import numpy as np
import pytest

import tfcompat as tf

tfe = tf.contrib.eager


def test_defun_runs_the_function_on_every_call_and_returns_tensors():
    calls = []

    @tfe.defun
    def double(x):
        calls.append(x)
        return x * 2

    assert double(tf.constant(2.0)).numpy() == 4.0
    result = double(3)
    assert isinstance(result, tf.Tensor) and result.numpy() == 6
    assert len(calls) == 2  # TF would trace once per signature; tfcompat runs each call (matrix note)
    assert double.python_function.__name__ == "double" and double.input_signature is None


def test_defun_as_decorator_with_arguments_and_on_methods():
    class Model:
        def __init__(self):
            self.w = tf.Variable(2.0)

        @tfe.function(input_signature=[tf.TensorSpec([], tf.float32)])
        def __call__(self, x):
            return self.w * x

    model = Model()
    with tf.GradientTape() as tape:
        y = model(3.0)
    assert y.numpy() == 6.0
    assert tape.gradient(y, model.w).numpy() == 3.0


def test_defun_input_signature_converts_and_validates():
    @tfe.defun(input_signature=[tf.TensorSpec([None], tf.float32), tf.TensorSpec([], tf.int32)])
    def f(x, n):
        return x * tf.cast(n, tf.float32)

    assert f([1, 2], 3).numpy().tolist() == [3.0, 6.0]
    assert f(np.array([1.0], np.float32), n=2).numpy().tolist() == [2.0]
    with pytest.raises(ValueError, match="Python inputs incompatible with input_signature"):
        f([[1.0]], 1)
    with pytest.raises(ValueError, match="Python inputs incompatible with input_signature"):
        f(tf.constant([1.0], tf.float64), 1)
    with pytest.raises(TypeError, match="only pass arguments covered by it. Received 3 argument"):
        f([1.0], 1, 2)
    with pytest.raises(TypeError, match="Missing required arguments for the input_signature: n"):
        f([1.0])
    with pytest.raises(TypeError, match="input_signature must be a possibly nested sequence of TensorSpec"):
        tfe.defun(lambda x: x, input_signature=[1])


def test_defun_nested_input_signature():
    f = tfe.defun(lambda pair: pair[0] + pair[1],
                  input_signature=[(tf.TensorSpec([], tf.int32), tf.TensorSpec([], tf.int32))])
    assert f((1, 2)).numpy() == 3
    with pytest.raises(ValueError, match="Structure of Python function inputs does not match input_signature"):
        f(1)


def test_defun_rejects_non_tensor_results():
    with pytest.raises(TypeError, match="must return zero or more Tensors"):
        tfe.defun(lambda: object())()
    assert tfe.defun(lambda: None)() is None


def test_TensorSpec():
    spec = tf.TensorSpec([2, None], tf.int32, name="x")
    assert spec.shape.as_list() == [2, None] and spec.dtype == tf.int32 and spec.name == "x"
    assert spec.is_compatible_with(tf.constant([[1, 2, 3], [4, 5, 6]]))
    assert not spec.is_compatible_with(tf.constant([[1.0]]))
    assert spec == tf.TensorSpec([2, None], tf.int32, name="x") and spec != tf.TensorSpec([2, 3], tf.int32, "x")
    assert tf.TensorSpec.from_tensor(tf.constant([1.0])) == tf.TensorSpec([1], tf.float32)
    assert tfe.TensorSpec is tf.TensorSpec


def test_EagerVariableStore_shares_variables_by_name():
    store = tfe.EagerVariableStore()
    with store.as_default():
        a = tf.get_variable("a", [2])
        b = tf.get_variable("a", [2])
        frozen = tf.get_variable("frozen", [], trainable=False)
        with pytest.raises(ValueError, match=r"Trying to share variable a, but specified shape \(3,\)"):
            tf.get_variable("a", [3])
        with pytest.raises(ValueError, match="Trying to share variable a, but specified dtype int32"):
            tf.get_variable("a", [2], dtype=tf.int32)
    assert a is b
    assert store.variables() == [a, frozen] and store.trainable_variables() == [a]
    assert store.non_trainable_variables() == [frozen]
    assert tf.get_variable("a", [2]) is not a  # outside the store: a new variable each call, as TF eager
    copied = store.copy()
    assert [v.name for v in copied.variables()] == ["a:0", "frozen:0"]
    assert copied.variables()[0] is not a
    np.testing.assert_array_equal(copied.variables()[0].numpy(), a.numpy())
    assert not copied.non_trainable_variables()[0].trainable


def test_eager_context_names():
    assert tfe.list_devices()[0] == "/job:localhost/replica:0/task:0/device:CPU:0"
    assert len(tfe.list_devices()) == 1 + tfe.num_gpus()
    assert tfe.async_wait() is None and tfe.async_clear_error() is None
    assert tfe.executing_eagerly() and tfe.in_eager_mode()
    assert tfe.seterr() == {"inf_or_nan": "ignore"}
    assert tfe.seterr(inf_or_nan="ignore") == {"inf_or_nan": "ignore"}
    with pytest.raises(ValueError, match="Invalid action value for inf_or_nan: bogus"):
        tfe.seterr(inf_or_nan="bogus")
    with pytest.raises(NotImplementedError, match="check_numerics"):
        tfe.seterr(inf_or_nan="raise")


def test_get_optimizer_variables():
    class Optimizer:
        def variables(self):
            return ["slot"]

    assert tfe.get_optimizer_variables(Optimizer()) == ["slot"]
    with pytest.raises(TypeError, match="expects a tf.train optimizer"):
        tfe.get_optimizer_variables(object())


@pytest.mark.parametrize("name", ["set_server_def", "enable_remote_eager_execution", "connect_to_remote_host"])
def test_remote_execution_is_unsupported_with_the_reason(name):
    with pytest.raises(AttributeError, match=f"tf.contrib.eager.{name} is not supported by tfcompat: .*remote"):
        getattr(tfe, name)
