"""Ports of TF 1.15's tensorflow/python/kernel_tests/image_ops_test.py (FlipTransposeRotateTest,
AdjustContrastTest, AdjustBrightnessTest, PerImageWhiteningTest, CropToBoundingBoxTest), eager."""

import math

import numpy as np

import tfcompat as tf

X_DATA = [0, 5, 13, 54, 135, 226, 37, 8, 234, 90, 255, 1]


def test_FlipTransposeRotateTest_testInvolutionTranspose():
    x_np = np.array([[1, 2, 3], [4, 5, 6]], dtype=np.uint8).reshape([2, 3, 1])
    assert np.array_equal(tf.image.transpose(tf.image.transpose(tf.constant(x_np))).numpy(), x_np)


def test_FlipTransposeRotateTest_testInvolutionTransposeWithBatch():
    x_np = np.array([[[1, 2, 3], [4, 5, 6]], [[7, 8, 9], [10, 11, 12]]], dtype=np.uint8).reshape([2, 2, 3, 1])
    assert np.array_equal(tf.image.transpose(tf.image.transpose(tf.constant(x_np))).numpy(), x_np)


def test_FlipTransposeRotateTest_testTranspose():
    x_np = np.array([[1, 2, 3], [4, 5, 6]], dtype=np.uint8).reshape([2, 3, 1])
    y_np = np.array([[1, 4], [2, 5], [3, 6]], dtype=np.uint8).reshape([3, 2, 1])
    assert np.array_equal(tf.image.transpose(tf.constant(x_np)).numpy(), y_np)


def test_FlipTransposeRotateTest_testTransposeWithBatch():
    x_np = np.array([[[1, 2, 3], [4, 5, 6]], [[7, 8, 9], [10, 11, 12]]], dtype=np.uint8).reshape([2, 2, 3, 1])
    y_np = np.array([[[1, 4], [2, 5], [3, 6]], [[7, 10], [8, 11], [9, 12]]], dtype=np.uint8).reshape([2, 3, 2, 1])
    assert np.array_equal(tf.image.transpose(tf.constant(x_np)).numpy(), y_np)


def test_FlipTransposeRotateTest_testRot90GroupOrder():
    image = np.arange(24, dtype=np.uint8).reshape([2, 4, 3])
    rotated = image
    for _ in range(4):
        rotated = tf.image.rot90(rotated)
    assert np.array_equal(rotated.numpy(), image)


def test_FlipTransposeRotateTest_testRot90GroupOrderWithBatch():
    image = np.arange(48, dtype=np.uint8).reshape([2, 2, 4, 3])
    rotated = image
    for _ in range(4):
        rotated = tf.image.rot90(rotated)
    assert np.array_equal(rotated.numpy(), image)


def test_FlipTransposeRotateTest_testRot90NumpyEquivalence():
    image = np.arange(24, dtype=np.uint8).reshape([2, 4, 3])
    for k in range(4):
        assert np.array_equal(tf.image.rot90(image, tf.constant(k)).numpy(), np.rot90(image, k=k))


def test_FlipTransposeRotateTest_testRot90NumpyEquivalenceWithBatch():
    image = np.arange(48, dtype=np.uint8).reshape([2, 2, 4, 3])
    for k in range(4):
        assert np.array_equal(tf.image.rot90(image, tf.constant(k)).numpy(), np.rot90(image, k=k, axes=(1, 2)))


def _contrast(x_np, y_np, contrast_factor):
    y_tf = tf.image.adjust_contrast(tf.constant(x_np, shape=x_np.shape), contrast_factor).numpy()
    np.testing.assert_allclose(y_tf, y_np, rtol=1e-6, atol=1e-6)


def test_AdjustContrastTest_testDoubleContrastUint8():
    x_np = np.array(X_DATA, dtype=np.uint8).reshape([1, 2, 2, 3])
    y_np = np.array([0, 0, 0, 62, 169, 255, 28, 0, 255, 135, 255, 0], dtype=np.uint8).reshape([1, 2, 2, 3])
    _contrast(x_np, y_np, 2.0)


def test_AdjustContrastTest_testDoubleContrastFloat():
    x_np = np.array(X_DATA, dtype=np.float64).reshape([1, 2, 2, 3]) / 255.
    y_data = [-45.25, -90.75, -92.5, 62.75, 169.25, 333.5, 28.75, -84.75, 349.5, 134.75, 409.25, -116.5]
    _contrast(x_np, np.array(y_data, dtype=np.float64).reshape([1, 2, 2, 3]) / 255., 2.0)


def test_AdjustContrastTest_testHalfContrastUint8():
    x_np = np.array(X_DATA, dtype=np.uint8).reshape([1, 2, 2, 3])
    y_np = np.array([22, 52, 65, 49, 118, 172, 41, 54, 176, 67, 178, 59], dtype=np.uint8).reshape([1, 2, 2, 3])
    _contrast(x_np, y_np, 0.5)


def test_AdjustContrastTest_testBatchDoubleContrast():
    x_np = np.array(X_DATA, dtype=np.uint8).reshape([2, 1, 2, 3])
    y_np = np.array([0, 0, 0, 81, 200, 255, 10, 0, 255, 116, 255, 0], dtype=np.uint8).reshape([2, 1, 2, 3])
    _contrast(x_np, y_np, 2.0)


def test_AdjustContrastTest_testRandomContrast():
    rng = np.random.RandomState(0)
    for x_shape in ([1, 2, 2, 3], [2, 1, 2, 3], [1, 2, 2, 3], [2, 5, 5, 3], [2, 1, 1, 3]):
        x_np = rng.rand(*x_shape) * 255.
        contrast_factor = rng.rand() * 2.0 + 0.1
        mean = np.mean(x_np, (1, 2), keepdims=True)
        y_np = mean + contrast_factor * (x_np - mean)
        np.testing.assert_allclose(tf.image.adjust_contrast(tf.constant(x_np), contrast_factor).numpy(), y_np,
                                   rtol=1e-5, atol=1e-5)


def _brightness(x_np, y_np, delta, tol=1e-6):
    y_tf = tf.image.adjust_brightness(tf.constant(x_np, shape=x_np.shape), delta).numpy()
    np.testing.assert_allclose(y_tf, y_np, rtol=tol, atol=tol)


def test_AdjustBrightnessTest_testPositiveDeltaUint8():
    y_data = [10, 15, 23, 64, 145, 236, 47, 18, 244, 100, 255, 11]
    _brightness(np.array(X_DATA, np.uint8).reshape([2, 2, 3]), np.array(y_data, np.uint8).reshape([2, 2, 3]),
                10. / 255.)


def test_AdjustBrightnessTest_testPositiveDeltaFloat32():
    y_data = [10, 15, 23, 64, 145, 236, 47, 18, 244, 100, 265, 11]
    _brightness(np.array(X_DATA, np.float32).reshape([2, 2, 3]) / 255.,
                np.array(y_data, np.float32).reshape([2, 2, 3]) / 255., 10. / 255.)


def test_AdjustBrightnessTest_testPositiveDeltaFloat16():
    y_data = [10, 15, 23, 64, 145, 236, 47, 18, 244, 100, 265, 11]
    _brightness(np.array(X_DATA, np.float16).reshape([2, 2, 3]) / 255.,
                np.array(y_data, np.float16).reshape([2, 2, 3]) / 255., 10. / 255., tol=1e-3)


def test_AdjustBrightnessTest_testNegativeDelta():
    y_data = [0, 0, 3, 44, 125, 216, 27, 0, 224, 80, 245, 0]
    _brightness(np.array(X_DATA, np.uint8).reshape([2, 2, 3]), np.array(y_data, np.uint8).reshape([2, 2, 3]),
                -10. / 255.)


def _numpy_whitening(x):
    stddev = max(np.std(x), 1.0 / math.sqrt(np.prod(x.shape)))
    return (x.astype(np.float32) - np.mean(x)) / stddev


def test_PerImageWhiteningTest_testBasic():
    x_np = np.arange(0, 13 * 9 * 3, dtype=np.float32).reshape([13, 9, 3])
    np.testing.assert_allclose(tf.image.per_image_standardization(tf.constant(x_np)).numpy(), _numpy_whitening(x_np),
                               atol=1e-4)


def test_PerImageWhiteningTest_testUniformImage():
    whiten = tf.image.per_image_standardization(tf.constant(np.ones([19, 19, 3]).astype(np.float32) * 249))
    assert not np.any(np.isnan(whiten.numpy()))


def test_PerImageWhiteningTest_testBatchWhitening():
    imgs_np = np.random.RandomState(1).uniform(0., 255., [4, 24, 24, 3])
    whiten = tf.image.per_image_standardization(tf.constant(imgs_np)).numpy()
    for w_tf, img in zip(whiten, imgs_np):
        np.testing.assert_allclose(w_tf, _numpy_whitening(img), atol=1e-4)


def _crop(x, x_shape, offset_height, offset_width, y, y_shape):
    x = np.array(x).reshape(x_shape)
    y = np.array(y).reshape(y_shape)
    for use_tensor_inputs in (False, True):
        args = [offset_height, offset_width, y_shape[0], y_shape[1]]
        if use_tensor_inputs:
            args = [tf.convert_to_tensor(a) for a in args]
        result = tf.image.crop_to_bounding_box(x, *args)
        assert result.get_shape().is_fully_defined()
        np.testing.assert_allclose(result.numpy(), y)


def test_CropToBoundingBoxTest_testNoOp():
    x = np.random.uniform(size=[10, 10, 10])
    _crop(x, [10, 10, 10], 0, 0, x, [10, 10, 10])


def test_CropToBoundingBoxTest_testCrop():
    x, x_shape = [1, 2, 3, 4, 5, 6, 7, 8, 9], [3, 3, 1]
    _crop(x, x_shape, 1, 0, [4, 5, 6, 7, 8, 9], [2, 3, 1])
    _crop(x, x_shape, 0, 1, [2, 3, 5, 6, 8, 9], [3, 2, 1])
    _crop(x, x_shape, 0, 0, [1, 2, 3, 4, 5, 6], [2, 3, 1])
    _crop(x, x_shape, 0, 0, [1, 2, 4, 5, 7, 8], [3, 2, 1])
