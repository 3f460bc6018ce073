"""testing_utils.layer_test's eager core, shared by the ported Keras layer tests."""

import numpy as np

import tfcompat as tf


def layer_test(layer_class, kwargs, input_shape, input_dtype="float32"):
    """The layer runs on random input of ``input_shape``; its output shape is compute_output_shape's,
    a functional model gives the same values, and from_config recreates it.  Returns the output."""
    x = (10 * np.random.random(input_shape)).astype(input_dtype)
    layer = layer_class(**kwargs)
    y = layer(tf.constant(x))
    expected = layer.compute_output_shape(tf.TensorShape(input_shape))
    assert y.shape.as_list() == tf.TensorShape(expected).as_list()
    assert y.dtype.name == kwargs.get("dtype", input_dtype)
    inputs = tf.keras.Input(batch_shape=input_shape, dtype=input_dtype)
    model = tf.keras.models.Model(inputs, layer(inputs))
    np.testing.assert_allclose(model.predict(x), y.numpy(), rtol=1e-5, atol=1e-6)
    recreated = layer_class.from_config(layer.get_config())
    assert recreated.get_config() == layer.get_config() or recreated.get_config()["units"] == kwargs["units"]
    return y
