"""BatchNormalization's two training paths (TF 1.15's fused kernel for 4-D inputs: unbiased
variance in the moving average; the non-fused path: biased), computed here from TF's formulas;
Embedding's masks and shapes; Masking."""

import numpy as np
import pytest

import tfcompat as tf

keras = tf.keras
layers = keras.layers


@pytest.fixture(autouse=True)
def fresh_session():
    keras.backend.clear_session()
    yield
    keras.backend.clear_session()


def moved(moving, batch, momentum):
    return moving - (moving - batch) * (1.0 - momentum)


@pytest.mark.parametrize("shape, ddof", [((4, 3, 5, 2), 1), ((6, 2), 0), ((3, 4, 2), 0)])
def test_batch_norm_moving_statistics(shape, ddof):
    x = np.cos(np.arange(np.prod(shape))).reshape(shape).astype(np.float32) * 3.0 + 0.5
    layer = layers.BatchNormalization(momentum=0.9)
    y = layer(tf.constant(x), training=True).numpy()
    axes = tuple(range(len(shape) - 1))
    mean, biased = x.mean(axes), x.var(axes)
    np.testing.assert_allclose(y, (x - mean) / np.sqrt(biased + 1e-3), rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(layer.moving_mean.numpy(), moved(0.0, mean, 0.9), rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(layer.moving_variance.numpy(), moved(1.0, x.var(axes, ddof=ddof), 0.9), rtol=1e-5)


def test_batch_norm_inference_by_default_and_learning_phase():
    x = tf.constant(np.linspace(-2, 2, 24).reshape(2, 3, 2, 2).astype(np.float32))
    layer = layers.BatchNormalization()
    np.testing.assert_allclose(layer(x).numpy(), x.numpy() / np.sqrt(1.0 + 1e-3), rtol=1e-6)
    assert layer.moving_mean.numpy().tolist() == [0.0, 0.0]  # inference leaves the statistics alone
    keras.backend.set_learning_phase(1)
    try:
        layer(x)
    finally:
        keras.backend.set_learning_phase(0)
    assert np.abs(layer.moving_variance.numpy() - 1.0).max() > 0


def test_batch_norm_gradients_flow_through_batch_statistics():
    x = tf.constant(np.cos(np.arange(24)).reshape(4, 3, 2, 1).astype(np.float32))
    layer = layers.BatchNormalization(center=False, scale=False)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = layer(x, training=True)
        loss = tf.reduce_sum(y)
    # sum of a normalized batch is constant: its gradient is zero
    np.testing.assert_allclose(tape.gradient(loss, x).numpy(), 0.0, atol=1e-5)
    assert layer.trainable_weights == []
    assert [w.name for w in layer.weights] == ["batch_normalization/moving_mean:0",
                                               "batch_normalization/moving_variance:0"]


def test_batch_norm_refusals():
    with pytest.raises(NotImplementedError):
        layers.BatchNormalization(renorm=True)
    with pytest.raises(ValueError, match="fused"):
        layers.BatchNormalization(fused=True)(tf.zeros([2, 3]))
    with pytest.raises(ValueError, match="Invalid axis"):
        layers.BatchNormalization(axis=4)(tf.zeros([2, 3]))
    layer = layers.BatchNormalization(momentum=0.5)
    assert layers.BatchNormalization.from_config(layer.get_config()).get_config() == layer.get_config()


def test_embedding_mask_shape_and_lookup():
    table = np.arange(12, dtype=np.float32).reshape(4, 3)
    layer = layers.Embedding(4, 3, embeddings_initializer=tf.constant_initializer(table), mask_zero=True,
                             input_length=2)
    ids = tf.constant([[0, 3], [2, 0]])
    np.testing.assert_array_equal(layer(ids).numpy(), table[[[0, 3], [2, 0]]])
    assert layer.compute_mask(ids).numpy().tolist() == [[False, True], [True, False]]
    assert layer.compute_output_shape((None, 2)).as_list() == [None, 2, 3]
    assert layer._batch_input_shape == (None, 2)
    with pytest.raises(tf.errors.InvalidArgumentError):
        layer(tf.constant([[4, 1]]))  # out of range, as TF's GatherV2 on the CPU
    assert layers.Embedding.from_config(layer.get_config()).get_config() == layer.get_config()


def test_masking():
    x = tf.constant([[[1.0, 0.0], [0.0, 0.0]], [[0.0, 0.0], [2.0, 3.0]]])
    layer = layers.Masking()
    np.testing.assert_array_equal(layer(x).numpy(), x.numpy())
    assert layer.compute_mask(x).numpy().tolist() == [[True, False], [False, True]]


def test_awkward_inputs_raise_tf_errors():
    with pytest.raises(TypeError, match="floating-point"):
        layers.BatchNormalization()(tf.zeros([2, 3], tf.int32), training=True)
    with pytest.raises(tf.errors.UnimplementedError):
        layers.Embedding(4, 2)(tf.constant(["a"]))
    with pytest.raises(TypeError):
        layers.Masking()(tf.constant([["a"]]))
    assert layers.Embedding(4, 2)(tf.constant([1.7])).shape == (1, 2)  # cast to int32, as TF does
