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


# --- TF 1.15 image_ops_test.py: NonMaxSuppression*, CombinedNonMaxSuppression, ResizeImageWithPadV1, the
# colour spaces, SobelEdges, ImageGradients, TotalVariation, PSNR, SSIM, MultiscaleSSIM, DecodeBmp,
# ExtractJpegShape (eager: each graph-mode assert on the kernel's value or error) ---

import pytest  # noqa: E402

NMS_BOXES = [[0, 0, 1, 1], [0, 0.1, 1, 1.1], [0, -0.1, 1, 0.9], [0, 10, 1, 11], [0, 10.1, 1, 11.1], [0, 100, 1, 101]]
NMS_SCORES = [0.9, 0.75, 0.6, 0.95, 0.5, 0.3]


def test_NonMaxSuppressionTest_testNonMaxSuppression():
    selected = tf.image.non_max_suppression(tf.constant(NMS_BOXES), tf.constant(NMS_SCORES), tf.constant(3),
                                            tf.constant(0.5))
    np.testing.assert_allclose(selected.numpy(), [3, 0, 5])


def test_NonMaxSuppressionTest_testInvalidShape():
    def nms(boxes, scores, iou_thres, score_thres):
        return tf.image.non_max_suppression(boxes, scores, iou_thres, score_thres)

    cases = [([0.0, 0.0, 1.0, 1.0], [0.9], 3, 0.5, "Shape must be rank 2 but is rank 1"),
             ([[0.0, 0.0, 1.0]], [0.9], 3, 0.5, "Dimension must be 4 but is 3"),
             ([[0.0, 0.0, 1.0, 1.0]], [0.9, 0.75], 3, 0.5, "Dimensions must be equal, but are 1 and 2"),
             ([[0.0, 0.0, 1.0, 1.0]], [[0.9]], 3, 0.5, "Shape must be rank 1 but is rank 2"),
             ([[0.0, 0.0, 1.0, 1.0]], [0.9], [3], 0.5, "Shape must be rank 0 but is rank 1"),
             ([[0.0, 0.0, 1.0, 1.0]], [0.9], 3, [[0.5]], "Shape must be rank 0 but is rank 2")]
    for boxes, scores, iou_thres, score_thres, message in cases:
        with pytest.raises((ValueError, tf.errors.InvalidArgumentError), match=message):
            nms(tf.constant(boxes), tf.constant(scores), iou_thres, score_thres)


def test_NonMaxSuppressionTest_testDataTypes():
    for dtype in (np.float16, np.float32):
        boxes, scores = tf.constant(NMS_BOXES, dtype=dtype), tf.constant(NMS_SCORES, dtype=dtype)
        selected = tf.image.non_max_suppression(boxes, scores, tf.constant(3), tf.constant(0.5, dtype=dtype),
                                                tf.constant(float("-inf"), dtype=dtype))
        np.testing.assert_allclose(selected.numpy(), [3, 0, 5])
        selected, _ = tf.image.non_max_suppression_with_scores(boxes, scores, 3, 0.5, float("-inf"), 0.0)
        np.testing.assert_allclose(selected.numpy(), [3, 0, 5])
        selected, _ = tf.image.non_max_suppression_padded(boxes, scores, 3, 0.5, float("-inf"))
        np.testing.assert_allclose(selected.numpy(), [3, 0, 5])


def test_NonMaxSuppressionTest_testZeroIOUThreshold():
    selected = tf.image.non_max_suppression(tf.constant(NMS_BOXES), tf.constant([1.0] * 6), tf.constant(3),
                                            tf.constant(0.0))
    np.testing.assert_allclose(selected.numpy(), [0, 3, 5])


def test_NonMaxSuppressionWithScoresTest_testSelectFromThreeClustersWithSoftNMS():
    selected, scores = tf.image.non_max_suppression_with_scores(
        tf.constant(NMS_BOXES), tf.constant(NMS_SCORES), tf.constant(6), tf.constant(1.0), tf.constant(0.0),
        tf.constant(0.5))
    np.testing.assert_allclose(selected.numpy(), [3, 0, 1, 5, 4, 2])
    np.testing.assert_allclose(scores.numpy(), [0.95, 0.9, 0.384, 0.3, 0.256, 0.197], rtol=1e-2, atol=1e-2)


def test_NonMaxSuppressionPaddedTest_testSelectFromThreeClusters():
    boxes, scores = tf.constant(NMS_BOXES), tf.constant(NMS_SCORES)
    padded, num_valid_padded = tf.image.non_max_suppression_padded(boxes, scores, tf.constant(5), tf.constant(0.5),
                                                                   pad_to_max_output_size=True)
    selected, num_valid = tf.image.non_max_suppression_padded(boxes, scores, tf.constant(5), tf.constant(0.5),
                                                              pad_to_max_output_size=False)
    assert padded.shape.is_fully_defined()
    np.testing.assert_allclose(padded.numpy(), [3, 0, 5, 0, 0])
    assert int(num_valid_padded) == 3
    np.testing.assert_allclose(selected.numpy(), [3, 0, 5])
    assert int(num_valid) == 3


def test_NonMaxSuppressionPaddedTest_testSelectFromContinuousOverLap():
    boxes = [[0, 0, 1, 1], [0, 0.2, 1, 1.2], [0, 0.4, 1, 1.4], [0, 0.6, 1, 1.6], [0, 0.8, 1, 1.8], [0, 2, 1, 2]]
    scores = [0.9, 0.75, 0.6, 0.5, 0.4, 0.3]
    selected, num_valid = tf.image.non_max_suppression_padded(tf.constant(boxes), tf.constant(scores),
                                                              tf.constant(3), tf.constant(0.5), tf.constant(0.1))
    np.testing.assert_allclose(selected.numpy(), [0, 2, 4])
    assert int(num_valid) == 3


def test_NonMaxSuppressionWithOverlapsTest_testSelectOneFromThree():
    overlaps = [[1.0, 0.7, 0.2], [0.7, 1.0, 0.0], [0.2, 0.0, 1.0]]
    selected = tf.image.non_max_suppression_overlaps(tf.constant(overlaps), tf.constant([0.7, 0.9, 0.1]),
                                                     tf.constant(3), 0.6, 0.4)
    np.testing.assert_allclose(selected.numpy(), [1])


def test_CombinedNonMaxSuppressionTest_testInvalidPyInput():
    with pytest.raises((TypeError, ValueError), match="type int64 that does not match expected type of int32|"
                                                      "Tensor conversion requested dtype int32 for Tensor with "
                                                      "dtype int64"):
        tf.image.combined_non_max_suppression(boxes=[[NMS_BOXES]], scores=[[NMS_SCORES]],
                                              max_output_size_per_class=5, max_total_size=2 ** 31)


def test_DecodeImageTest_testImageCropAndResize():
    # TF's boxes [[1.0e+40, 0, 0, 0]] as the float32 tensor they become (inf); tfcompat's conversion of the Python
    # list refuses 1e40 outright
    with np.errstate(over="ignore"):
        boxes = np.array([[1.0e+40, 0, 0, 0]], np.float32)
    with pytest.raises((tf.errors.InvalidArgumentError, ValueError),
                       match="Boxes contains at least one element that is not finite"):
        tf.image.crop_and_resize(image=tf.zeros((2, 1, 1, 1)), boxes=boxes, box_ind=[1], crop_size=[1, 1])


def _pad(x, x_shape, target_height, target_width, y, y_shape):
    image = tf.constant(np.array(x, np.float32).reshape(x_shape))
    np.testing.assert_allclose(tf.image.resize_image_with_pad(image, target_height, target_width).numpy(),
                               np.array(y, np.float32).reshape(y_shape))


def test_ResizeImageWithPadV1Test_testNoOp():
    x = np.arange(100, dtype=np.float32).reshape([10, 10, 1])
    _pad(x, [10, 10, 1], 10, 10, x, [10, 10, 1])


def test_ResizeImageWithPadV1Test_testPad():
    x, x_shape = [1, 2, 3, 4, 5, 6, 7, 8], [2, 4, 1]
    _pad(x, x_shape, 1, 4, [0, 1, 3, 0], [1, 4, 1])  # reduce the vertical dimension
    _pad(x, x_shape, 2, 2, [1, 3, 0, 0], [2, 2, 1])  # reduce the horizontal dimension
    _pad(x, x_shape, 1, 2, [1, 3], [1, 2, 1])


def test_ResizeImageWithPadV1Test_testInvalidTargetSize():
    image = tf.zeros([4, 4, 1])
    for height, width in ((0, 3), (3, 0), (-1, 3)):
        with pytest.raises(ValueError, match="must be > 0"):
            tf.image.resize_image_with_pad(image, height, width)


def _round_trip(forward, backward):
    rng = np.random.RandomState(0)
    for shape in ([2, 8, 8, 3], [8, 8, 3], [3]):
        images = rng.rand(*shape).astype(np.float32)
        np.testing.assert_allclose(backward(forward(images)).numpy(), images, rtol=1e-4, atol=1e-4)


def test_RGBToYIQTest_testBatch():
    _round_trip(tf.image.rgb_to_yiq, tf.image.yiq_to_rgb)


def test_RGBToYUVTest_testBatch():
    _round_trip(tf.image.rgb_to_yuv, tf.image.yuv_to_rgb)


def test_SobelEdgesTest_testSobelEdges1x2x3x1():
    img = tf.constant([[[[1], [2], [3]], [[4], [5], [6]]]], dtype=tf.float32)
    expected = np.reshape([[[0, 0], [0, 8], [0, 0]], [[0, 0], [0, 8], [0, 0]]], [1, 2, 3, 1, 2])
    np.testing.assert_allclose(tf.image.sobel_edges(img).numpy(), expected)


def test_SobelEdgesTest_testSobelEdges5x3x4x2():
    batch, height, width, channels = 5, 3, 4, 2
    img = np.arange(batch * height * width * channels, dtype=np.float32).reshape(batch, height, width, channels)
    # A ramp along the width only: dy is 0 and dx, in the interior, 8 times the horizontal step
    dx_step = channels
    edges = tf.image.sobel_edges(tf.constant(img)).numpy()
    assert edges.shape == (batch, height, width, channels, 2)
    np.testing.assert_allclose(edges[..., 0][:, 1:-1], 8 * width * channels)
    np.testing.assert_allclose(edges[..., 1][:, :, 1:-1], 8 * dx_step)


def test_ImageGradientsTest_testImageGradients():
    img = tf.reshape(tf.constant([[1.0, 2, 4, 8], [16, 32, 64, 128]]), [1, 2, 4, 1])
    dy, dx = tf.image.image_gradients(img)
    np.testing.assert_allclose(dy.numpy().reshape(2, 4), [[15, 30, 60, 120], [0, 0, 0, 0]])
    np.testing.assert_allclose(dx.numpy().reshape(2, 4), [[1, 2, 4, 0], [16, 32, 64, 0]])


def test_ImageGradientsTest_testImageGradientsMultiChannelBatch():
    batch = [[[[1, 2], [2, 5], [3, 3]], [[8, 4], [5, 1], [9, 8]]],
             [[[5, 3], [7, 9], [1, 6]], [[1, 2], [6, 3], [6, 3]]]]
    expected_dy = [[[[7, 2], [3, -4], [6, 5]], [[0, 0], [0, 0], [0, 0]]],
                   [[[-4, -1], [-1, -6], [5, -3]], [[0, 0], [0, 0], [0, 0]]]]
    expected_dx = [[[[1, 3], [1, -2], [0, 0]], [[-3, -3], [4, 7], [0, 0]]],
                   [[[2, 6], [-6, -3], [0, 0]], [[5, 1], [0, 0], [0, 0]]]]
    dy, dx = tf.image.image_gradients(tf.constant(batch, dtype=tf.float32))
    np.testing.assert_allclose(dy.numpy(), expected_dy)
    np.testing.assert_allclose(dx.numpy(), expected_dx)


def test_ImageGradientsTest_testImageGradientsBadShape():
    with pytest.raises(ValueError):
        tf.image.image_gradients(tf.zeros([2, 2, 3]))


def _total_variation_numpy(images):
    images = np.asarray(images, np.float64)
    axes = tuple(range(images.ndim - 3, images.ndim))
    rows = np.abs(np.diff(images, axis=-3)).sum(axis=axes)
    columns = np.abs(np.diff(images, axis=-2)).sum(axis=axes)
    return rows + columns


def test_TotalVariationTest_testZeros():
    for shape in ([4, 5, 3], [2, 4, 5, 3]):
        np.testing.assert_allclose(tf.image.total_variation(tf.zeros(shape)).numpy(), 0)


def test_TotalVariationTest_testConstant():
    for shape in ([4, 5, 3], [2, 4, 5, 3]):
        np.testing.assert_allclose(tf.image.total_variation(tf.constant(np.full(shape, 3.5, np.float32))).numpy(),
                                   0)


def test_TotalVariationTest_testRandom():
    rng = np.random.RandomState(42)
    for shape in ([4, 5, 3], [3, 4, 5, 3], [1, 1, 1]):
        images = rng.uniform(-1, 1, shape).astype(np.float32)
        np.testing.assert_allclose(tf.image.total_variation(tf.constant(images)).numpy(),
                                   _total_variation_numpy(images), rtol=1e-5)


def test_TotalVariationTest_testBadRank():
    for shape in ([5], [4, 5], [1, 2, 3, 4, 5]):
        with pytest.raises(ValueError, match="must be either 3 or 4-dimensional"):
            tf.image.total_variation(tf.zeros(shape))


def _psnr_numpy(a, b, max_val):
    mse = np.mean((np.asarray(a, np.float64) - b) ** 2, axis=(-3, -2, -1))
    if np.any(mse == 0):
        raise ValueError("the reference PSNR is infinite")
    return 20 * np.log10(max_val) - 10 * np.log10(mse)


def test_PSNRTest_testPSNRSingleImage():
    rng = np.random.RandomState(0)
    a, b = rng.rand(4, 4, 3).astype(np.float32), rng.rand(4, 4, 3).astype(np.float32)
    np.testing.assert_allclose(tf.image.psnr(a, b, 1.0).numpy(), _psnr_numpy(a, b, 1.0), rtol=1e-4)


def test_PSNRTest_testPSNRMultiImage():
    rng = np.random.RandomState(1)
    a, b = rng.rand(10, 8, 8, 3).astype(np.float32), rng.rand(10, 8, 8, 3).astype(np.float32)
    np.testing.assert_allclose(tf.image.psnr(a, b, 1.0).numpy(), _psnr_numpy(a, b, 1.0), rtol=1e-4)


def test_PSNRTest_testGoldenPSNR():
    a = np.arange(48, dtype=np.uint8).reshape(4, 4, 3) * 4
    b = a + np.arange(48, dtype=np.uint8).reshape(4, 4, 3) % 3
    psnr_uint8 = tf.image.psnr(a, b, 255)
    psnr_float = tf.image.psnr(tf.image.convert_image_dtype(a, tf.float32),
                               tf.image.convert_image_dtype(b, tf.float32), 1.0)
    assert psnr_uint8.dtype == tf.float32
    np.testing.assert_allclose(psnr_uint8.numpy(), psnr_float.numpy(), rtol=1e-4)
    np.testing.assert_allclose(psnr_uint8.numpy(), _psnr_numpy(a / 255.0, b / 255.0, 1.0), rtol=1e-4)


def test_PSNRTest_testInfinity():
    a = np.random.RandomState(2).rand(4, 4, 3).astype(np.float32)
    assert np.isinf(tf.image.psnr(a, a, 1.0).numpy())


def test_PSNRTest_testInt():
    rng = np.random.RandomState(3)
    a = rng.randint(0, 256, (4, 4, 3)).astype(np.uint8)
    b = rng.randint(0, 256, (4, 4, 3)).astype(np.uint8)
    np.testing.assert_allclose(tf.image.psnr(a, b, 255).numpy(),
                               tf.image.psnr(a.astype(np.float32) / 255, b.astype(np.float32) / 255, 1.0).numpy(),
                               rtol=1e-4)


def _noise_pair(shape, seed):
    rng = np.random.RandomState(seed)
    image = rng.rand(*shape).astype(np.float32)
    return image, np.clip(image + rng.normal(0, 0.2, shape), 0, 1).astype(np.float32)


def test_SSIMTest_testAgainstIdentity():
    image, _ = _noise_pair([2, 16, 16, 3], 4)
    np.testing.assert_allclose(tf.image.ssim(image, image, 1.0).numpy(), [1.0, 1.0], rtol=1e-6)


def test_SSIMTest_testBroadcast():
    image, noisy = _noise_pair([3, 16, 16, 3], 5)
    ssim = tf.image.ssim(image[:1][None], noisy[:, None], 1.0)
    assert ssim.shape == (3, 1)
    np.testing.assert_allclose(ssim.numpy()[:, 0], tf.image.ssim(np.repeat(image[:1], 3, 0), noisy, 1.0).numpy(),
                               rtol=1e-5)


def test_SSIMTest_testInt():
    image, noisy = _noise_pair([1, 16, 16, 3], 7)
    image8, noisy8 = (np.round(image * 255).astype(np.uint8), np.round(noisy * 255).astype(np.uint8))
    np.testing.assert_allclose(tf.image.ssim(image8, noisy8, 255).numpy(),
                               tf.image.ssim(image8.astype(np.float32) / 255, noisy8.astype(np.float32) / 255,
                                             1.0).numpy(), atol=1e-4)


def test_MultiscaleSSIMTest_testAgainstIdentity():
    image, _ = _noise_pair([1, 180, 180, 3], 8)
    np.testing.assert_allclose(tf.image.ssim_multiscale(image, image, 1.0).numpy(), [1.0], atol=1e-5)


def test_MultiscaleSSIMTest_testRange():
    image, noisy = _noise_pair([2, 180, 180, 1], 9)
    values = tf.image.ssim_multiscale(image, noisy, 1.0).numpy()
    assert np.all(values >= 0) and np.all(values <= 1)


def test_MultiscaleSSIMTest_testInt():
    image, noisy = _noise_pair([1, 180, 180, 1], 10)
    image8, noisy8 = (np.round(image * 255).astype(np.uint8), np.round(noisy * 255).astype(np.uint8))
    np.testing.assert_allclose(tf.image.ssim_multiscale(image8, noisy8, 255).numpy(),
                               tf.image.ssim_multiscale(image8.astype(np.float32) / 255,
                                                        noisy8.astype(np.float32) / 255, 1.0).numpy(), atol=1e-4)


def test_DecodeBmpTest_testex1():
    img_bytes = [[[0, 0, 255], [0, 255, 0]], [[255, 0, 0], [255, 255, 255]]]
    # TF's test bytes (the Wikipedia example; its magic reads "B@", which TF 1.15's decoder does not check)
    encoded_bytes = bytes([0x42, 0x40, 0x46, 0, 0, 0, 0, 0, 0, 0, 0x36, 0, 0, 0, 0x28, 0, 0, 0, 0x2, 0, 0, 0, 0x2, 0,
                           0, 0, 0x1, 0, 0x18, 0, 0, 0, 0, 0, 0x10, 0, 0, 0, 0x13, 0xb, 0, 0, 0x13, 0xb, 0, 0, 0, 0,
                           0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0, 0, 0xff, 0, 0, 0, 0xff, 0, 0, 0])
    decoded = tf.image.decode_bmp(tf.constant(encoded_bytes))
    assert decoded.dtype == tf.uint8
    np.testing.assert_array_equal(decoded.numpy(), img_bytes)


def _jpeg(height, width, mode):
    import io

    from PIL import Image
    buffer = io.BytesIO()
    Image.new(mode, (width, height)).save(buffer, format="JPEG")
    return buffer.getvalue()


def test_ExtractJpegShapeTest_testJpeg():
    # TF's test reads testdata/jpeg_merge_test1.jpg (256x128, RGB); a generated JPEG of that shape stands in for it
    for dtype in (tf.int32, tf.int64):
        shape = tf.image.extract_jpeg_shape(_jpeg(256, 128, "RGB"), output_type=dtype)
        assert shape.dtype == dtype
        np.testing.assert_array_equal(shape.numpy(), [256, 128, 3])


def test_ExtractJpegShapeTest_testJpegGrayscale():
    np.testing.assert_array_equal(tf.image.extract_jpeg_shape(_jpeg(64, 80, "L")).numpy(), [64, 80, 1])


def test_ExtractJpegShapeTest_testShapeOfNonJpeg():
    with pytest.raises(tf.errors.InvalidArgumentError, match="Invalid JPEG data"):
        tf.image.extract_jpeg_shape(b"\x89PNG\r\n\x1a\nnot a jpeg")
