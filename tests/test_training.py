"""tf.train optimizers and the global step: TF 1.x eager behaviours the goldens and ported tests
do not cover (global step bookkeeping, errors TF 2.x cannot record, tfe interplay, storage)."""

import warnings

import numpy as np
import pytest
import torch
from numpy.testing import assert_allclose

import tfcompat as tf
from tfcompat._src.eager.variables import read_storage

tfe = tf.contrib.eager


@pytest.fixture(autouse=True)
def fresh_graph():
    tf.reset_default_graph()
    yield
    tf.reset_default_graph()


def test_global_step_is_an_int64_non_trainable_scalar_named_global_step():
    assert tf.train.get_global_step() is None
    step = tf.train.get_or_create_global_step()
    assert (step.name, step.dtype, step.trainable, step.shape.as_list()) == ("global_step:0", tf.int64, False, [])
    assert step.numpy() == 0 and step.device.endswith("CPU:0")
    assert tf.train.get_or_create_global_step() is step and tf.train.get_global_step() is step
    with tf.name_scope("outer"):
        assert tf.train.get_or_create_global_step().name == "global_step:0"


def test_create_global_step_twice_raises_tfs_error():
    tf.train.create_global_step()
    with pytest.raises(ValueError, match='"global_step" already exists.'):
        tf.train.create_global_step()


def test_reset_default_graph_forgets_the_global_step():
    step = tf.train.get_or_create_global_step()
    tf.reset_default_graph()
    assert tf.train.get_global_step() is None
    assert tf.train.get_or_create_global_step() is not step


def test_apply_gradients_increments_the_global_step_and_returns_none():
    v = tf.Variable([1.0, 2.0])
    step = tf.train.get_or_create_global_step()
    opt = tf.train.GradientDescentOptimizer(0.5)
    for _ in range(3):
        assert opt.apply_gradients([(tf.constant([1.0, 1.0]), v)], global_step=step) is None
    assert step.numpy() == 3 and tf.train.global_step(None, step) == 3
    assert_allclose(v.numpy(), [-0.5, 0.5])


def test_minimize_with_a_tensor_loss_raises_tfs_runtime_error():
    v = tf.Variable(1.0)
    message = "`loss` passed to Optimizer.compute_gradients should be a function when eager execution is enabled."
    with pytest.raises(RuntimeError, match=message.replace("(", r"\(")):
        tf.train.AdamOptimizer().minimize(v * 2.0)


def test_minimize_with_no_gradient_raises_tfs_value_error():
    v = tf.Variable(1.0)
    with pytest.raises(ValueError, match="No gradients provided for any variable, check your graph"):
        tf.train.GradientDescentOptimizer(0.1).minimize(lambda: tf.constant(1.0) + 0 * tf.stop_gradient(v),
                                                        var_list=[v])


def test_gradient_of_another_dtype_raises_the_kernels_invalid_argument_error():
    v = tf.Variable([1.0, 2.0])
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"cannot compute ResourceApplyGradientDescent as input #2\(zero-based\) was expected to "
                             r"be a float tensor but is a double tensor \[Op:ResourceApplyGradientDescent\]"):
        tf.train.GradientDescentOptimizer(0.1).apply_gradients([(tf.constant([1.0, 1.0], tf.float64), v)])
    assert_allclose(v.numpy(), [1.0, 2.0])


def test_updating_a_tensor_raises_not_implemented_error():
    with pytest.raises(NotImplementedError, match="Trying to update a Tensor"):
        tf.train.GradientDescentOptimizer(0.1).apply_gradients([(tf.constant(1.0), tf.constant(2.0))])


def test_sparse_index_out_of_range_raises_invalid_argument():
    v = tf.Variable([[1.0], [2.0]])
    slices = tf.IndexedSlices(tf.constant([[1.0]]), tf.constant([5]), tf.constant([2, 1]))
    with pytest.raises(tf.errors.InvalidArgumentError, match="Index 5 at offset 0 in indices is out of range"):
        tf.train.AdagradOptimizer(0.1).apply_gradients([(slices, v)])


def test_apply_gradients_takes_tfe_implicit_gradients():
    w = tf.Variable([[1.0, 2.0]], name="w")
    b = tf.Variable(0.5, name="b")
    grad_fn = tfe.implicit_gradients(lambda x: tf.reduce_sum(tf.matmul(w, x) + b))
    opt = tf.train.MomentumOptimizer(0.1, 0.9)
    opt.apply_gradients(grad_fn(tf.constant([[3.0], [4.0]])))
    assert_allclose(w.numpy(), [[1.0 - 0.3, 2.0 - 0.4]], rtol=1e-6)
    assert_allclose(b.numpy(), 0.4, rtol=1e-6)
    assert [s.name for s in opt.variables()] == ["b/Momentum:0", "w/Momentum:0"]


def test_minimize_under_gpu_device_scope_on_a_cpu_machine_trains_with_at_most_one_warning():
    if torch.cuda.is_available():
        pytest.skip("needs a machine without a GPU")
    v = tf.Variable(3.0)
    opt = tf.train.GradientDescentOptimizer(0.25)
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        with tf.device("/gpu:0"):
            for _ in range(2):
                opt.minimize(lambda: v * v, global_step=tf.train.get_or_create_global_step())
    assert len([w for w in record if "no such GPU" in str(w.message)]) <= 1  # tf.device warns once per process
    assert v.numpy() == 0.75


def test_hyperparameters_are_reread_each_step():
    v = tf.Variable(0.0)
    rate = tf.Variable(1.0)
    calls = []
    opt_variable = tf.train.GradientDescentOptimizer(rate)
    opt_callable = tf.train.GradientDescentOptimizer(lambda: calls.append(1) or 2.0)
    opt_variable.apply_gradients([(tf.constant(1.0), v)])
    rate.assign(10.0)
    opt_variable.apply_gradients([(tf.constant(1.0), v)])
    opt_callable.apply_gradients([(tf.constant(1.0), v)])
    opt_callable.apply_gradients([(tf.constant(1.0), v)])
    assert v.numpy() == -15.0 and len(calls) == 2


def test_float64_variables_see_float32_rounding_of_python_hyperparameters():
    # TF converts 0.1 to a float32 tensor, then casts it to the variable's float64
    v = tf.Variable(np.array(1.0))
    tf.train.GradientDescentOptimizer(0.1).apply_gradients([(tf.constant(np.array(1.0)), v)])
    assert v.numpy() == 1.0 - float(np.float32(0.1))


def test_updates_replace_storage_and_keep_earlier_reads():
    v = tf.Variable([1.0, 2.0])
    before = v.read_value()
    storage = read_storage(v)
    tf.train.AdamOptimizer(0.1).apply_gradients([(tf.constant([1.0, 1.0]), v)])
    assert read_storage(v) is not storage
    assert_allclose(before.numpy(), [1.0, 2.0])


def test_mixed_dtypes_and_sparse_in_one_step():
    a = tf.Variable([1.0, 2.0])
    b = tf.Variable(np.array([1.0, 2.0]))
    e = tf.Variable(np.ones((3, 2), np.float32))
    opt = tf.train.RMSPropOptimizer(0.1, centered=True)
    opt.apply_gradients([(tf.constant([0.5, 0.5]), a), (tf.constant(np.array([0.5, 0.5])), b),
                         (tf.IndexedSlices(tf.constant([[1.0, 1.0]]), tf.constant([1])), e)])
    assert_allclose(a.numpy(), b.numpy(), rtol=1e-6)
    assert_allclose(e.numpy()[[0, 2]], np.ones((2, 2)))
    assert e.numpy()[1, 0] < 1.0
    assert opt.get_slot(b, "rms").dtype == tf.float64


def test_optimizer_needs_a_name():
    with pytest.raises(ValueError, match="Must specify the optimizer name"):
        tf.train.Optimizer(False, "")


def test_proximal_optimizers_take_float64_variables_with_float64_hyperparameters():
    # TF 1.x passes their hyperparameters to the kernel uncast: float64 variables need float64 ones
    v = tf.Variable(np.array([1.0, -2.0]))
    hyper = {"l1_regularization_strength": tf.constant(0.5, tf.float64),
             "l2_regularization_strength": tf.constant(0.0, tf.float64)}
    tf.train.ProximalGradientDescentOptimizer(tf.constant(0.1, tf.float64), **hyper).apply_gradients(
        [(tf.constant([1.0, 1.0], tf.float64), v)])
    np.testing.assert_allclose(v.numpy(), [0.85, -2.05])
    with pytest.raises(tf.errors.InvalidArgumentError, match="input #5.*float tensor but is a double"):
        tf.train.ProximalAdagradOptimizer(0.1).apply_gradients([(tf.constant([1.0, 1.0], tf.float64), v)])
