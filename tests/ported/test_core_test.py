"""Ported behaviours of TF's tensorflow/python/keras/layers/core_test.py (eager mode; cases
needing layer serialization, Masking, sparse or ragged inputs, mixed precision or fit() are
left out)."""

import numpy as np
import pytest

import tfcompat as tf

keras = tf.keras


def test_DropoutLayersTest_test_dropout_supports_masking():
    assert keras.layers.Dropout(0.5).supports_masking is True


def test_DropoutLayersTest_test_dropout_partial_noise_shape():
    inputs = keras.Input(shape=(5, 10))
    layer = keras.layers.Dropout(0.5, noise_shape=(None, 1, None))
    model = keras.Model(inputs, layer(inputs))
    out_np = keras.backend.get_value(model(np.ones((20, 5, 10)), training=True))
    np.testing.assert_allclose(out_np[:, 0, :], out_np[:, 1, :])


def test_LambdaLayerTest_test_lambda():
    def f(x):
        return x + 1

    assert keras.layers.Lambda(f).function(3) == 4
    layer = keras.layers.Lambda(lambda x, a, b: x * a + b, arguments={"a": 0.6, "b": 0.4})
    np.testing.assert_allclose(layer(tf.ones([3, 2])).numpy(), np.ones((3, 2)))


def test_LambdaLayerTest_test_lambda_multiple_inputs():
    ld = keras.layers.Lambda(lambda x: x[0], output_shape=lambda x: x[0])
    out = ld([np.ones([3, 2], np.float32), np.ones([3, 5], np.float32)])
    assert out.shape.as_list() == [3, 2]


def test_LambdaLayerTest_test_lambda_output_shape_autocalculate_multiple_inputs():
    layer = keras.layers.Lambda(lambda x: tf.matmul(x[0], x[1]), dtype=tf.float64)
    assert layer.compute_output_shape([(10, 10), (10, 20)]).as_list() == [10, 20]


def test_LambdaLayerTest_test_lambda_output_shape_list_multiple_outputs():
    layer = keras.layers.Lambda(lambda x: x, output_shape=[(10,), (20,)])
    shapes = layer.compute_output_shape([(10, 10), (10, 20)])
    assert [s.as_list() for s in shapes] == [[10, 10], [10, 20]]


def test_LambdaLayerTest_test_lambda_output_shape_tuple_with_none():
    layer = keras.layers.Lambda(lambda x: x, output_shape=(None, 10))
    assert layer.compute_output_shape((5, 10, 20)).as_list() == [5, None, 10]


def test_LambdaLayerTest_test_lambda_output_shape_function_multiple_outputs():
    layer = keras.layers.Lambda(lambda x: x, output_shape=lambda input_shape: input_shape)
    shapes = layer.compute_output_shape([(10, 10), (10, 20)])
    assert [s.as_list() for s in shapes] == [[10, 10], [10, 20]]


def test_LambdaLayerTest_test_lambda_with_training_arg():
    def fn(x, training=True):
        return keras.backend.in_train_phase(x, 2 * x, training=training)

    layer = keras.layers.Lambda(fn)
    x = keras.backend.ones(())
    assert keras.backend.get_value(layer(x, training=True)) == 1.
    assert keras.backend.get_value(layer(x, training=False)) == 2.


def test_CoreLayersTest_test_reshape_set_static_shape():
    input_layer = keras.Input(batch_shape=(1, None))
    reshaped = keras.layers.Reshape((1, 100))(input_layer)
    assert reshaped.shape.as_list() == [1, 1, 100]


@pytest.mark.parametrize("dims", [(0, 1, 2), (1, 4, 2)])
def test_CoreLayersTest_test_permute_errors_on_invalid_dims(dims):
    with pytest.raises(ValueError, match=r"Invalid permutation .*dims.*"):
        keras.layers.Permute(dims)(tf.ones([3, 2, 4]))


def test_CoreLayersTest_test_flatten():
    inputs = np.random.random((10, 3, 5, 5)).astype("float32")
    outputs = keras.layers.Flatten(data_format="channels_first")(inputs)
    target = np.reshape(np.transpose(inputs, (0, 2, 3, 1)), (-1, 5 * 5 * 3))
    np.testing.assert_allclose(outputs.numpy(), target)


def test_CoreLayersTest_test_flatten_scalar_channels():
    inputs = np.random.random((10,)).astype("float32")
    outputs = keras.layers.Flatten(data_format="channels_first")(inputs)
    np.testing.assert_allclose(outputs.numpy(), np.expand_dims(inputs, -1))


def test_CoreLayersTest_test_dense_output():
    dense_inputs = tf.convert_to_tensor(np.random.uniform(size=(10, 10)).astype("f"))
    layer = keras.layers.Dense(5, kernel_initializer=keras.initializers.RandomUniform(),
                               bias_initializer=keras.initializers.RandomUniform(), dtype="float32")
    dense_outputs = layer(dense_inputs)
    expected = tf.add(tf.matmul(dense_inputs, keras.backend.get_value(layer.kernel)),
                      keras.backend.get_value(layer.bias))
    np.testing.assert_allclose(dense_outputs.numpy(), expected.numpy(), rtol=1e-5, atol=1e-6)


def test_CoreLayersTest_test_dense_dtype():
    inputs = tf.convert_to_tensor(np.random.randint(low=0, high=7, size=(2, 2)))
    outputs = keras.layers.Dense(5, dtype="float32")(inputs)
    assert outputs.dtype == tf.float32


def test_CoreLayersTest_test_dense_regularization():
    layer = keras.layers.Dense(3, kernel_regularizer=keras.regularizers.l1(0.01), bias_regularizer="l1",
                               activity_regularizer="l2", name="dense_reg")
    layer(keras.backend.variable(np.ones((2, 4))))
    assert len(layer.losses) == 3


def test_CoreLayersTest_test_dense_constraints():
    k_constraint = keras.constraints.max_norm(0.01)
    b_constraint = keras.constraints.max_norm(0.01)
    layer = keras.layers.Dense(3, kernel_constraint=k_constraint, bias_constraint=b_constraint)
    layer(keras.backend.variable(np.ones((2, 4))))
    assert layer.kernel.constraint is k_constraint
    assert layer.bias.constraint is b_constraint


def test_CoreLayersTest_test_numpy_inputs():
    np.testing.assert_array_equal(keras.layers.RepeatVector(2)(np.ones((10, 10))).numpy(), np.ones((10, 2, 10)))
    x, y = np.ones((10, 10)), np.ones((10, 10))
    np.testing.assert_array_equal(keras.layers.Concatenate()([x, y]).numpy(), np.ones((10, 20)))


def test_CoreLayersTest_test_activity_regularization():
    layer = keras.layers.ActivityRegularization(l1=0.1)
    layer(keras.backend.variable(np.ones((2, 4))))
    assert len(layer.losses) == 1
    assert layer.get_config().pop("l1") == 0.1
