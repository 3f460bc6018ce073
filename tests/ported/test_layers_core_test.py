"""Ported behaviours of TF 1.15's tensorflow/python/layers/core_test.py, in eager mode (the
graph-only methods, which read collections, sessions or placeholders, are left out; where a
method asserts a collection's size under graph mode, the eager assert on the layer is ported)."""

import numpy as np
import pytest

import tfcompat as tf

core_layers = tf.layers


@pytest.fixture(autouse=True)
def _fresh_names():
    tf.keras.backend.clear_session()
    tf.reset_default_graph()
    yield


def _uniform(shape):
    return tf.random_uniform(shape, seed=1)


def test_DenseTest_testDenseProperties():
    dense = core_layers.Dense(2, activation=tf.nn.relu, name="my_dense")
    assert dense.units == 2
    assert dense.activation == tf.nn.relu
    assert dense.kernel_regularizer is None
    assert dense.bias_regularizer is None
    assert dense.activity_regularizer is None
    assert dense.use_bias is True
    dense = core_layers.Dense(2, activation=tf.nn.relu)
    dense.apply(_uniform((5, 2)))
    assert dense.name == "dense_1"
    dense = core_layers.Dense(2, activation=tf.nn.relu)
    dense.apply(_uniform((5, 2)))
    assert dense.name == "dense_2"


def test_DenseTest_testCall():
    dense = core_layers.Dense(2, activation=tf.nn.relu, name="my_dense")
    outputs = dense(_uniform((5, 4)))
    assert outputs.get_shape().as_list() == [5, 2]
    assert dense.variables == [dense.kernel, dense.bias]
    assert dense.trainable_variables == [dense.kernel, dense.bias]
    assert dense.non_trainable_variables == []
    assert dense.kernel.name == "my_dense/kernel:0"
    assert dense.bias.name == "my_dense/bias:0"


def test_DenseTest_testCallTensorDot():
    dense = core_layers.Dense(2, activation=tf.nn.relu, name="my_dense")
    assert dense(_uniform((5, 4, 3))).get_shape().as_list() == [5, 4, 2]


def test_DenseTest_testNoBias():
    dense = core_layers.Dense(2, use_bias=False, name="my_dense")
    dense(_uniform((5, 2)))
    assert dense.variables == [dense.kernel]
    assert dense.trainable_variables == [dense.kernel]
    assert dense.non_trainable_variables == []
    assert dense.kernel.name == "my_dense/kernel:0"
    assert dense.bias is None


def test_DenseTest_testNonTrainable():
    dense = core_layers.Dense(2, trainable=False, name="my_dense")
    dense(_uniform((5, 2)))
    assert dense.variables == [dense.kernel, dense.bias]
    assert dense.non_trainable_variables == [dense.kernel, dense.bias]
    assert dense.trainable_variables == []


def test_DenseTest_testOutputShape():
    dense = core_layers.Dense(7, activation=tf.nn.relu, name="my_dense")
    assert dense.apply(_uniform((5, 3))).get_shape().as_list() == [5, 7]
    assert dense(_uniform((5, 2, 3))).get_shape().as_list() == [5, 2, 7]
    assert dense.apply(_uniform((1, 2, 4, 3))).get_shape().as_list() == [1, 2, 4, 7]


def test_DenseTest_testActivityRegularizer():
    dense = core_layers.Dense(2, name="my_dense", activity_regularizer=lambda x: tf.reduce_sum(x) * 1e-3)
    dense(_uniform((5, 3)))
    assert len(dense.losses) == 1


def test_DenseTest_testKernelRegularizer():
    dense = core_layers.Dense(2, name="my_dense", kernel_regularizer=lambda x: tf.reduce_sum(x) * 1e-3)
    dense(_uniform((5, 3)))
    assert len(dense.losses) == 1
    np.testing.assert_allclose(dense.losses[0].numpy(), np.sum(dense.kernel.numpy()) * 1e-3, rtol=1e-6)


def test_DenseTest_testBiasRegularizer():
    dense = core_layers.Dense(2, name="my_dense", bias_regularizer=lambda x: tf.reduce_sum(x) * 1e-3)
    dense(_uniform((5, 3)))
    assert len(dense.losses) == 1
    assert dense.losses[0].numpy() == 0.0


def test_DenseTest_testFunctionalDenseTwice():
    # Under eager execution there is no variable store: each call makes a new layer and new variables.
    inputs = _uniform((5, 3))
    first = core_layers.dense(inputs, 2)
    second = core_layers.dense(inputs, 2)
    assert first.shape.as_list() == second.shape.as_list() == [5, 2]
    assert not np.allclose(first.numpy(), second.numpy())


def test_DenseTest_testFunctionalDenseInitializerFromScope():
    store = tf.contrib.eager.EagerVariableStore()
    with tf.variable_scope("scope", initializer=tf.ones_initializer()), store.as_default():
        core_layers.dense(_uniform((5, 3)), 2)
    weights = {v.name[:-2]: v for v in store.variables()}
    assert len(weights) == 2
    np.testing.assert_allclose(weights["scope/dense/kernel"].numpy(), np.ones((3, 2)))
    np.testing.assert_allclose(weights["scope/dense/bias"].numpy(), np.zeros(2))


def test_DenseTest_testEagerExecution():
    container = tf.contrib.eager.EagerVariableStore()
    x = tf.constant([[2.0]])
    with container.as_default():
        y = core_layers.dense(x, 1, name="my_dense", kernel_initializer=tf.ones_initializer())
    np.testing.assert_array_equal(y.numpy(), [[2.0]])
    assert len(container.variables()) == 2
    with container.as_default():
        core_layers.dense(x, 1, name="my_dense", kernel_initializer=tf.ones_initializer())
    assert len(container.variables()) == 2


def test_DenseTest_testFunctionalDenseWithCustomGetter():
    called = [0]

    def custom_getter(getter, *args, **kwargs):
        called[0] += 1
        return getter(*args, **kwargs)

    with tf.variable_scope("test", custom_getter=custom_getter):
        core_layers.dense(_uniform((5, 3)), 2)
    assert called[0] == 2


def test_DenseTest_testFunctionalDenseInScope():
    store = tf.contrib.eager.EagerVariableStore()
    with store.as_default():
        with tf.variable_scope("test"):
            core_layers.dense(_uniform((5, 3)), 2, name="my_dense")
            names = {v.name for v in store.variables()}
            assert "test/my_dense/kernel:0" in names
        with tf.variable_scope("test1") as scope:
            core_layers.dense(_uniform((5, 3)), 2, name=scope)
            names = {v.name for v in store.variables()}
            assert "test1/kernel:0" in names
        with tf.variable_scope("test2"):
            core_layers.dense(_uniform((5, 3)), 2)
            names = {v.name for v in store.variables()}
            assert "test2/dense/kernel:0" in names


def test_DenseTest_testComputeOutputShape():
    dense = core_layers.Dense(2, activation=tf.nn.relu, name="dense1")
    ts = tf.TensorShape
    for bad in (ts(None), ts([]), ts([1])):
        with pytest.raises(ValueError):
            dense.compute_output_shape(bad)
    assert dense.compute_output_shape((None, 3)).as_list() == [None, 2]
    assert dense.compute_output_shape(ts([None, 3])).as_list() == [None, 2]
    assert dense.compute_output_shape(ts([None, 4, 3])).as_list() == [None, 4, 2]


def test_DenseTest_testConstraints():
    def k_constraint(x):
        return x / tf.reduce_sum(x)

    def b_constraint(x):
        return x / tf.reduce_max(x)

    dense = core_layers.Dense(2, kernel_constraint=k_constraint, bias_constraint=b_constraint)
    dense(_uniform((5, 3)))
    assert dense.kernel_constraint == k_constraint
    assert dense.bias_constraint == b_constraint


def test_DropoutTest_testDropoutProperties():
    dp = core_layers.Dropout(0.5, name="dropout")
    assert dp.rate == 0.5
    assert dp.noise_shape is None
    dp.apply(tf.ones(()))
    assert dp.name == "dropout"


def test_DropoutTest_testBooleanLearningPhase():
    dp = core_layers.Dropout(0.5)
    inputs = tf.ones((5, 3))
    assert dp.apply(inputs, training=True).numpy().min() == pytest.approx(0.0)
    np.testing.assert_allclose(dp.apply(inputs, training=False).numpy(), np.ones((5, 3)))


def test_DropoutTest_testDynamicNoiseShape():
    dp = core_layers.Dropout(0.5, noise_shape=[None, 1, None], seed=1)
    np_output = dp.apply(tf.ones((5, 3, 2)), training=True).numpy()
    assert np_output.min() == pytest.approx(0.0)
    np.testing.assert_allclose(np_output[:, 0, :], np_output[:, 1, :])


def test_DropoutTest_testCustomNoiseShape():
    dp = core_layers.Dropout(0.5, noise_shape=[5, 1, 2], seed=1)
    np_output = dp.apply(tf.ones((5, 3, 2)), training=True).numpy()
    assert np_output.min() == pytest.approx(0.0)
    np.testing.assert_allclose(np_output[:, 0, :], np_output[:, 1, :])


def test_DropoutTest_testFunctionalDropout():
    inputs = tf.ones((5, 5))
    assert core_layers.dropout(inputs, 0.5, training=True, seed=1).numpy().min() == pytest.approx(0.0)
    np.testing.assert_allclose(core_layers.dropout(inputs, 0.5, training=False, seed=1).numpy(), np.ones((5, 5)))


def test_FlattenTest_testCreateFlatten():
    assert core_layers.Flatten()(tf.zeros((3, 2, 3))).shape.as_list() == [3, 6]
    assert core_layers.Flatten()(tf.zeros((1, 2, 3, 2))).shape.as_list() == [1, 12]


def test_FlattenTest_testComputeShape():
    assert core_layers.Flatten().compute_output_shape((1, 2, 3, 2)).as_list() == [1, 12]
    assert core_layers.Flatten().compute_output_shape((None, 3, 2)).as_list() == [None, 6]
    assert core_layers.Flatten().compute_output_shape((None, 3, None)).as_list() == [None, None]


def test_FlattenTest_testDataFormat5d():
    _check_data_formats([1, 5, 4, 3, 2])


def test_FlattenTest_testDataFormat4d():
    _check_data_formats([1, 4, 3, 2])


def _check_data_formats(shape):
    rank = len(shape)
    channels_last = np.arange(np.prod(shape), dtype="float32").reshape(shape)
    channels_first = np.transpose(channels_last, [0, rank - 1] + list(range(1, rank - 1)))
    out_cl = core_layers.Flatten(data_format="channels_last")(tf.constant(channels_last)).numpy()
    out_cf = core_layers.Flatten(data_format="channels_first")(tf.constant(channels_first)).numpy()
    np.testing.assert_array_equal(out_cl, out_cf)


def test_FlattenTest_testFunctionalFlatten():
    assert core_layers.flatten(tf.zeros((4, 2, 3)), name="flatten").get_shape().as_list() == [4, 6]


def test_FlattenTest_testFlatten0D():
    assert core_layers.Flatten()(tf.zeros((5,))).shape.as_list() == [5, 1]


def test_FlattenTest_testFlattenUnknownAxes():
    assert core_layers.Flatten()(tf.zeros((5, 2, 3))).shape.as_list() == [5, 6]
    assert core_layers.Flatten()(tf.zeros((5, 3, 2))).shape.as_list() == [5, 6]
