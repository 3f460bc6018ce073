"""Ports of TF 1.15's tensorflow/python/ops/image_grad_test.py (CropAndResizeOpTest): crop_and_resize's output
shape and its gradients with respect to the image and the boxes against finite differences, eager."""

import numpy as np

import tfcompat as tf


def test_CropAndResizeOpTest_testShapeIsCorrectAfterOp():
    batch, image_height, image_width, depth = 2, 4, 5, 3
    crop_height, crop_width = 2, 3
    image = np.arange(batch * image_height * image_width * depth, dtype=np.float32).reshape(
        batch, image_height, image_width, depth)
    boxes = np.array([[0, 0, 1, 1], [0.1, 0.2, 0.7, 0.8]], dtype=np.float32)
    crops = tf.image.crop_and_resize(tf.constant(image), tf.constant(boxes), tf.constant([0, 1]),
                                     [crop_height, crop_width])
    assert crops.shape.as_list() == [2, crop_height, crop_width, depth]


def _numeric_jacobian(function, value, delta=1e-3):
    flat = value.reshape(-1).astype(np.float64)
    columns = []
    for index in range(flat.size):
        step = np.zeros_like(flat)
        step[index] = delta
        plus = function((flat + step).reshape(value.shape).astype(np.float32))
        minus = function((flat - step).reshape(value.shape).astype(np.float32))
        columns.append((plus - minus).reshape(-1) / (2 * delta))
    return np.stack(columns, 1)


def test_CropAndResizeOpTest_testGradRandomBoxes():
    # TF's test draws random boxes and checks compute_gradient_error < 2e-3; the boxes are kept away from the
    # pixel grid, where bilinear sampling is not differentiable
    rng = np.random.RandomState(1)
    image = rng.rand(1, 5, 6, 2).astype(np.float32)
    boxes = np.array([[0.13, 0.21, 0.77, 0.68], [0.62, 0.58, 0.19, 0.11]], np.float32)
    crop_size = [3, 4]
    weights = rng.rand(2, 3, 4, 2).astype(np.float32)

    def loss(image_value, boxes_value):
        crops = tf.image.crop_and_resize(tf.constant(image_value), tf.constant(boxes_value), [0, 0], crop_size)
        return (crops.numpy() * weights).sum()

    image_t, boxes_t = tf.constant(image), tf.constant(boxes)
    with tf.GradientTape() as tape:
        tape.watch([image_t, boxes_t])
        crops = tf.image.crop_and_resize(image_t, boxes_t, [0, 0], crop_size)
        total = tf.reduce_sum(crops * weights)
    image_grad, boxes_grad = tape.gradient(total, [image_t, boxes_t])
    np.testing.assert_allclose(image_grad.numpy().reshape(-1),
                               _numeric_jacobian(lambda v: np.array([loss(v, boxes)]), image)[0], atol=2e-3)
    np.testing.assert_allclose(boxes_grad.numpy().reshape(-1),
                               _numeric_jacobian(lambda v: np.array([loss(image, v)]), boxes)[0], atol=2e-2)
