"""tf.GradientTape, the tfe gradient functions and tf.custom_gradient: one test per TF 1.x behaviour
that issue 4 lists (DESIGN traps 7 and 8).  TF's own asserts are in tests/ported/test_backprop_test.py."""

import threading

import numpy as np
import pytest

import tfcompat as tf

tfe = tf.contrib.eager


def value(tensor):
    return None if tensor is None else np.asarray(tensor.numpy()).tolist()


# --- watching ----------------------------------------------------------------------------------------

def test_watch_is_tape_local():
    x = tf.constant(3.0)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            y = x * x
    assert inner.gradient(y, x) is None
    assert value(outer.gradient(y, x)) == 6.0


def test_unwatched_tensor_and_value_computed_before_the_tape_are_constants():
    x = tf.constant(3.0)
    before = x * x
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = before * x
    assert value(tape.gradient(y, x)) == 9.0
    assert tape.gradient(before, x) is None
    assert tape.gradient(y, tf.constant(1.0)) is None


def test_watch_accepts_nested_structures_and_variables():
    a, b, v = tf.constant(1.0), tf.constant(2.0), tf.Variable(3.0, trainable=False)
    with tf.GradientTape() as tape:
        tape.watch({"a": [a, (b,)], "v": v})
        y = a * b * v
    assert [value(g) for g in tape.gradient(y, [a, b, v])] == [6.0, 3.0, 2.0]


def test_watch_rejects_non_tensors():
    with tf.GradientTape() as tape:
        with pytest.raises(ValueError, match="not tf.Tensor"):
            tape.watch(3.0)


def test_trainable_variables_are_watched_automatically():
    v, frozen = tf.Variable(2.0), tf.Variable(5.0, trainable=False)
    with tf.GradientTape() as tape:
        y = v * v * frozen
    assert [value(g) for g in tape.gradient(y, [v, frozen])] == [20.0, None]


def test_watch_accessed_variables_false():
    v, w = tf.Variable(2.0), tf.Variable(3.0)
    with tf.GradientTape(watch_accessed_variables=False) as tape:
        tape.watch(w)
        y = v * w
    assert tape.watched_variables() == (w,)
    assert [value(g) for g in tape.gradient(y, [v, w])] == [None, 2.0]


def test_explicit_watches_are_listed_without_accessed_watching():
    # Checked against TensorFlow: t lists v and n (creation order), the outer tape only u.
    v, u, n = tf.Variable(1.0), tf.Variable(2.0), tf.Variable(3.0, trainable=False)
    with tf.GradientTape() as outer:
        with tf.GradientTape(watch_accessed_variables=False) as tape:
            tape.watch(n)
            tape.watch(v)  # never read
            y = u * u * n
    assert tape.watched_variables() == (v, n)
    assert outer.watched_variables() == (u,)
    assert [value(g) for g in tape.gradient(y, [v, u, n])] == [None, None, 4.0]


def test_reads_after_an_explicit_watch_are_recorded():
    v = tf.Variable(2.0)
    with tf.GradientTape(watch_accessed_variables=False) as tape:
        before = v * 1.0
        tape.watch(v)
        after = v * 3.0
    assert value(tape.gradient([before, after], v)) == 3.0


def test_watched_variables_in_creation_order():
    first, second = tf.Variable(1.0), tf.Variable(2.0)
    with tf.GradientTape() as tape:
        second * first
    assert tape.watched_variables() == (first, second)


# --- gradient() ----------------------------------------------------------------------------------------

def test_seed_guide_tape_gradient():
    w = tf.Variable([[1.0]])
    with tf.GradientTape() as tape:
        loss = w * w
    (grad,) = tape.gradient(loss, [w])
    assert value(grad) == [[2.0]] and grad.dtype == tf.float32


def test_second_gradient_on_non_persistent_tape_raises():
    x = tf.constant(3.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = x * x
    tape.gradient(y, x)
    with pytest.raises(RuntimeError, match="GradientTape.gradient can only be called once on non-persistent tapes."):
        tape.gradient(y, x)


def test_persistent_tape_answers_many_times():
    x = tf.constant(3.0)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = x * x
        z = y * y
    assert value(tape.gradient(z, x)) == 108.0
    assert value(tape.gradient(y, x)) == 6.0
    assert value(tape.gradient(z, y)) == 18.0  # an intermediate tensor as the source


def test_sources_structure_is_mirrored():
    x, y = tf.constant(1.0), tf.constant(2.0)
    with tf.GradientTape() as tape:
        tape.watch([x, y])
        z = x * y
    grads = tape.gradient(z, {"b": (y, [x]), "a": x})
    assert list(grads) == ["b", "a"]
    assert value(grads["a"]) == 2.0 and value(grads["b"][0]) == 1.0 and value(grads["b"][1][0]) == 2.0
    assert isinstance(grads["b"], tuple) and isinstance(grads["b"][1], list)


def test_list_targets_are_summed_and_repeated_sources_repeat():
    x = tf.constant(3.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y, z = x * x, x * 2
    assert [value(g) for g in tape.gradient([y, z], [x, x])] == [8.0, 8.0]


def test_output_gradients_weight_the_targets():
    x = tf.constant([1.0, 2.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = x * x
    assert value(tape.gradient(y, x, output_gradients=tf.constant([10.0, 100.0]))) == [20.0, 400.0]


def test_unconnected_gradients_zero():
    x, unused = tf.constant(3.0), tf.constant([1.0, 2.0])
    with tf.GradientTape() as tape:
        tape.watch([x, unused])
        y = x * x
    grads = tape.gradient(y, [x, unused], unconnected_gradients=tf.UnconnectedGradients.ZERO)
    assert [value(g) for g in grads] == [6.0, [0.0, 0.0]]
    assert tf.UnconnectedGradients("zero") is tf.UnconnectedGradients.ZERO


@pytest.mark.parametrize("make_path", [
    lambda x: tf.stop_gradient(x) * x,
    lambda x: tf.cast(tf.argmax(tf.stack([x, x * 2])), tf.float32) + x,
])
def test_stop_gradient_and_argmax_paths_give_no_gradient(make_path):
    x = tf.constant(3.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = make_path(x)
    assert value(tape.gradient(y, x)) in (3.0, 1.0)  # only the direct x path counts


def test_integer_and_string_sources_get_none():
    i, s, x = tf.constant(2), tf.constant("a"), tf.constant(1.0)
    with tf.GradientTape() as tape:
        tape.watch([i, s, x])
        y = tf.cast(i, tf.float32) * x
    assert [value(g) for g in tape.gradient(y, [i, s, x])] == [None, None, 2.0]


def test_gradient_inside_the_with_block():
    x = tf.constant(3.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = x * x
        assert value(tape.gradient(y, x)) == 6.0


def test_variable_read_twice_across_an_assign_sums_both_reads():
    v = tf.Variable(2.0)
    with tf.GradientTape() as tape:
        y = v.read_value() * 2
        v.assign(5.0)
        z = v * 3
    assert value(tape.gradient([y, z], v)) == 5.0


def test_target_none_raises_type_error():
    with tf.GradientTape() as tape:
        pass
    with pytest.raises(TypeError, match="received None"):
        tape.gradient(None, tf.constant(1.0))


# --- recording ------------------------------------------------------------------------------------------

def test_stop_recording():
    x = tf.constant(3.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        with tape.stop_recording():
            y = x * x
        z = x * 2
    assert tape.gradient([y, z], x).numpy() == 2.0


def test_stop_recording_outside_the_block_raises():
    tape = tf.GradientTape()
    with pytest.raises(ValueError, match="Tape is not recording."):
        with tape.stop_recording():
            pass


def test_reset_forgets_what_was_recorded():
    x = tf.constant(3.0)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = x * x
        tape.reset()
        tape.watch(x)
        z = x * 2
    assert tape.gradient(y, x) is None
    assert value(tape.gradient(z, x)) == 2.0


def test_reentering_a_tape_continues_it():
    x = tf.constant(3.0)
    tape = tf.GradientTape(persistent=True)
    with tape:
        tape.watch(x)
        y = x * x
    outside = x * 10
    with tape:
        z = y * x
    assert value(tape.gradient(z, x)) == 27.0
    assert tape.gradient(outside, x) is None


def test_ops_outside_every_tape_are_not_recorded():
    x = tf.constant(3.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        inside = x * x
    outside = x * x
    assert tf.to_torch(inside).requires_grad
    assert not tf.to_torch(outside).requires_grad
    assert not tf.to_torch(x).requires_grad


def test_tapes_are_per_thread():
    x = tf.constant(3.0)
    results = {}
    other_thread_may_compute = threading.Event()
    done = threading.Event()

    def other_thread():
        other_thread_may_compute.wait()
        results["recorded"] = tf.to_torch(tf.Variable(1.0) * 2).requires_grad
        done.set()

    thread = threading.Thread(target=other_thread)
    thread.start()
    with tf.GradientTape() as tape:
        tape.watch(x)
        other_thread_may_compute.set()
        done.wait(10)
        y = x * x
    thread.join()
    assert results == {"recorded": False}
    assert value(tape.gradient(y, x)) == 6.0


# --- higher order and Jacobians -------------------------------------------------------------------------------

def test_nested_tapes_give_second_and_third_derivatives():
    x = tf.constant(3.0)
    with tf.GradientTape() as t3:
        t3.watch(x)
        with tf.GradientTape() as t2:
            t2.watch(x)
            with tf.GradientTape() as t1:
                t1.watch(x)
                y = x * x * x
            dy = t1.gradient(y, x)
        d2y = t2.gradient(dy, x)
    d3y = t3.gradient(d2y, x)
    assert [value(dy), value(d2y), value(d3y)] == [27.0, 18.0, 6.0]


def test_jacobian_and_batch_jacobian():
    x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = x * x
    jacobian = tape.jacobian(y, x)
    assert jacobian.shape.as_list() == [2, 2, 2, 2]
    assert value(jacobian)[1][0] == [[0.0, 0.0], [6.0, 0.0]]
    batch = tape.batch_jacobian(y, x)
    assert value(batch) == [[[2.0, 0.0], [0.0, 4.0]], [[6.0, 0.0], [0.0, 8.0]]]


# --- tfe functions ------------------------------------------------------------------------------------------------

def test_gradients_function_chain_from_the_guide():
    def square(x):
        return tf.multiply(x, x)

    grad = tfe.gradients_function(square)
    gradgrad = tfe.gradients_function(lambda x: grad(x)[0])
    gradgradgrad = tfe.gradients_function(lambda x: gradgrad(x)[0])
    assert value(grad(3.0)[0]) == 6.0
    assert value(gradgrad(3.0)[0]) == 2.0
    assert gradgradgrad(3.0) == [None]


def test_gradients_function_params_and_dy():
    def f(x, y):
        return x * x * x * y - x * y * y

    assert [value(g) for g in tfe.gradients_function(f)(2.0, 3.0)] == [27.0, -4.0]
    assert [value(g) for g in tfe.gradients_function(f, params=[1])(2.0, 3.0)] == [-4.0]
    assert [value(g) for g in tfe.gradients_function(f, params=["y"])(2.0, 3.0)] == [-4.0]
    assert [value(g) for g in tfe.gradients_function(f)(2.0, 3.0, dy=2.0)] == [54.0, -8.0]
    one = tf.constant(1.0)
    assert [value(g) for g in tfe.gradients_function(lambda a, b: a * b)(one, one)] == [1.0, 1.0]


def test_value_and_gradients_function():
    val, (grad,) = tfe.value_and_gradients_function(lambda x: x * x)(3.0)
    assert (value(val), value(grad)) == (9.0, 6.0)


def test_function_returning_none_raises():
    def forgot(x):
        x * x

    with pytest.raises(ValueError, match="Cannot differentiate a function that returns None; did you forget "
                                         "to return a value from forgot?"):
        tfe.gradients_function(forgot)(1.0)


def test_implicit_gradients_pairs_in_variable_creation_order():
    first, second, frozen = tf.Variable(1.0), tf.Variable(2.0), tf.Variable(3.0, trainable=False)

    def loss():
        return second * second * frozen + first

    pairs = tfe.implicit_gradients(loss)()
    assert [(value(g), v) for g, v in pairs] == [(1.0, first), (12.0, second)]
    val, pairs = tfe.implicit_value_and_gradients(loss)()
    assert value(val) == 13.0 and len(pairs) == 2
    with pytest.raises(ValueError, match="No trainable variables were accessed"):
        tfe.implicit_gradients(lambda: tf.constant(1.0))()


def test_make_vjp():
    result, vjp = tfe.make_vjp(lambda x: x * x)(tf.constant(3.0))
    assert value(result) == 9.0
    assert [value(g) for g in vjp()] == [6.0]
    assert [value(g) for g in vjp(dy=tf.constant(2.0))] == [12.0]


# --- custom gradients -------------------------------------------------------------------------------------------

def test_custom_gradient_log1pexp_from_the_guide():
    def naive(x):
        return tf.log(1 + tf.exp(x))

    @tfe.custom_gradient
    def log1pexp(x):
        e = tf.exp(x)

        def grad(dy):
            return dy * (1 - 1 / (1 + e))
        return tf.log(1 + e), grad

    naive_grad, stable_grad = tfe.gradients_function(naive), tfe.gradients_function(log1pexp)
    assert value(naive_grad(0.0)[0]) == 0.5 and np.isnan(value(naive_grad(100.0)[0]))
    assert value(stable_grad(0.0)[0]) == 0.5 and value(stable_grad(100.0)[0]) == 1.0


def test_custom_gradient_clip_gradient_by_norm_from_the_guide():
    @tf.custom_gradient
    def clip_gradient_by_norm(x, norm):
        y = tf.identity(x)

        def grad_fn(dresult):
            return [tf.clip_by_norm(dresult, norm), None]
        return y, grad_fn

    x = tf.constant([3.0, 4.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = clip_gradient_by_norm(x, 1.0) * 10
    np.testing.assert_allclose(tape.gradient(y, x).numpy(), [1 / np.sqrt(2)] * 2, rtol=1e-6)  # [10, 10] clipped


def test_custom_gradient_with_variables():
    v = tf.Variable(2.0)

    @tf.custom_gradient
    def scale(x):
        def grad(dy, variables=None):
            return dy * v, [dy * x * 100]
        return x * v, grad

    x = tf.constant(3.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = scale(x)
    assert [value(g) for g in tape.gradient(y, [x, v])] == [2.0, 300.0]


def test_custom_gradient_using_variables_needs_a_variables_argument():
    v = tf.Variable(2.0)

    @tf.custom_gradient
    def scale(x):
        return x * v, lambda dy: dy

    with tf.GradientTape():
        with pytest.raises(TypeError, match="grad_fn must accept a keyword argument 'variables'"):
            scale(tf.constant(1.0))


def test_custom_gradient_second_order():
    @tf.custom_gradient
    def cube(x):
        def grad(dy):
            return dy * 3 * x * x
        return x * x * x, grad

    x = tf.constant(2.0)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = cube(x)
        dy = inner.gradient(y, x)
    assert (value(dy), value(outer.gradient(dy, x))) == (12.0, 12.0)


def test_tf_gradients_raises_under_eager():
    with pytest.raises(RuntimeError, match="tf.gradients is not supported when eager execution is enabled. "
                                           "Use tf.GradientTape instead."):
        tf.gradients(tf.constant(1.0), tf.constant(1.0))


# --- sparse gradients ---------------------------------------------------------------------------------------------

def test_gather_gradient_is_indexed_slices():
    params = tf.Variable([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
    with tf.GradientTape() as tape:
        y = tf.gather(params, [2, 0, 2]) * tf.constant([[1.0], [2.0], [3.0]])
    grad = tape.gradient(y, params)
    assert isinstance(grad, tf.IndexedSlices)
    assert value(grad.indices) == [2, 0, 2] and grad.indices.dtype == tf.int32
    assert value(grad.values) == [[1.0, 1.0], [2.0, 2.0], [3.0, 3.0]]
    assert value(grad.dense_shape) == [3, 2]
    assert value(tf.convert_to_tensor(grad)) == [[2.0, 2.0], [0.0, 0.0], [4.0, 4.0]]


def test_embedding_lookup_gradient_is_indexed_slices():
    table = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    with tf.GradientTape() as tape:
        tape.watch(table)
        y = tf.nn.embedding_lookup(table, [1])
    grad = tape.gradient(y, table)
    assert isinstance(grad, tf.IndexedSlices)
    assert (value(grad.values), value(grad.indices)) == ([[1.0, 1.0]], [1])


def test_gather_mixed_with_dense_use_gives_a_dense_gradient():
    params = tf.Variable([1.0, 2.0, 3.0])
    with tf.GradientTape() as tape:
        y = tf.gather(params, [0]) * 2 + tf.reduce_sum(params)
    grad = tape.gradient(y, params)
    assert isinstance(grad, tf.Tensor) and value(grad) == [3.0, 1.0, 1.0]


def test_gather_of_a_computed_tensor_gives_a_dense_gradient():
    params = tf.Variable([1.0, 2.0, 3.0])
    with tf.GradientTape() as tape:
        y = tf.gather(params * 2, [0])
    assert value(tape.gradient(y, params)) == [2.0, 0.0, 0.0]


# --- torch's private engine call -------------------------------------------------------------------------

@pytest.fixture
def unprobed_engine(monkeypatch):
    """The tape decides afresh which torch call computes gradients."""
    from tfcompat._src.eager import tape as tape_module
    monkeypatch.setattr(tape_module, "_run_backward", tape_module._UNPROBED)
    return tape_module


def squared_gradient():
    x = tf.constant(3.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = x * x
    return value(tape.gradient(y, x))


def test_the_private_engine_call_serves_gradients(unprobed_engine, monkeypatch):
    import torch.autograd.graph
    real = torch.autograd.graph._engine_run_backward
    calls = []

    def counted(*args, **kwargs):
        calls.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(torch.autograd.graph, "_engine_run_backward", counted)
    assert squared_gradient() == 6.0
    assert unprobed_engine._run_backward is counted
    assert len(calls) == 2  # the probe, then the gradient


def test_a_changed_private_engine_call_falls_back_to_autograd_grad(unprobed_engine, monkeypatch):
    import torch.autograd.graph

    def changed(outputs, grad_outputs, keep_graph, create_graph, inputs):  # no accumulate_grad any more
        raise AssertionError("never called with the old arguments")

    monkeypatch.setattr(torch.autograd.graph, "_engine_run_backward", changed)
    assert squared_gradient() == 6.0
    assert unprobed_engine._run_backward is None
    assert squared_gradient() == 6.0  # decided once


def test_a_missing_private_engine_call_falls_back_to_autograd_grad(unprobed_engine, monkeypatch):
    import torch.autograd.graph
    monkeypatch.delattr(torch.autograd.graph, "_engine_run_backward")
    assert squared_gradient() == 6.0
    assert unprobed_engine._run_backward is None


def test_an_error_in_a_custom_gradient_propagates_once(unprobed_engine):
    calls = []

    @tf.custom_gradient
    def f(x):
        def grad(dy):
            calls.append(dy)
            raise TypeError("grad_fn went wrong")
        return x * 2, grad

    x = tf.constant(1.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
    with pytest.raises(TypeError, match="grad_fn went wrong"):
        tape.gradient(y, x)
    assert len(calls) == 1
    assert unprobed_engine._run_backward is not None  # still the fast call
