"""tf.image beyond the goldens: codecs round trips (GIF, 16-bit PNG, JPEG), seeded random flips, and
resizing gradients reaching the image."""

import io

import numpy as np
import pytest

import tfcompat as tf


def test_png_round_trips_every_channel_count_and_uint16():
    rng = np.random.default_rng(0)
    for channels in (1, 2, 3, 4):
        image = rng.integers(0, 256, (5, 7, channels)).astype(np.uint8)
        assert np.array_equal(tf.image.decode_png(tf.image.encode_png(image)).numpy(), image)
    deep = rng.integers(0, 65536, (3, 4, 1)).astype(np.uint16)
    assert np.array_equal(tf.image.decode_png(tf.image.encode_png(deep), dtype=tf.uint16).numpy(), deep)


def test_jpeg_round_trip_is_close():
    image = (np.add.outer(np.arange(16), np.arange(16))[:, :, None] * np.array([8, 4, 2])).astype(np.uint8)
    decoded = tf.image.decode_jpeg(tf.image.encode_jpeg(image, quality=100)).numpy()
    assert decoded.shape == (16, 16, 3) and np.abs(decoded.astype(int) - image).max() <= 8
    assert bool(tf.image.is_jpeg(tf.image.encode_jpeg(image)).numpy())


def test_gif_frames():
    from PIL import Image
    frames = [Image.new("RGB", (4, 3), color) for color in ((255, 0, 0), (0, 0, 255))]
    buffer = io.BytesIO()
    frames[0].save(buffer, format="GIF", save_all=True, append_images=frames[1:])
    decoded = tf.image.decode_gif(buffer.getvalue())
    assert decoded.shape.as_list() == [2, 3, 4, 3] and decoded.dtype == tf.uint8
    assert decoded.numpy()[1, 0, 0].tolist() == [0, 0, 255]
    assert tf.image.decode_image(buffer.getvalue()).shape.as_list() == [2, 3, 4, 3]


def test_seeded_random_flips_repeat():
    images = np.arange(8 * 2 * 3, dtype=np.float32).reshape(8, 2, 3, 1)
    tf.set_random_seed(1)
    first = tf.image.random_flip_left_right(images, seed=5).numpy()
    tf.set_random_seed(1)
    again = tf.image.random_flip_left_right(images, seed=5).numpy()
    assert np.array_equal(first, again)
    flipped = [not np.array_equal(a, b) for a, b in zip(first, images)]
    assert all(np.array_equal(a, b[:, ::-1]) for a, b, f in zip(first, images, flipped) if f)


def test_resize_gradient_reaches_the_image():
    image = tf.constant(np.ones((1, 2, 2, 1), np.float32))
    with tf.GradientTape() as tape:
        tape.watch(image)
        total = tf.reduce_sum(tf.image.resize_bilinear(image, [4, 4]))
    assert tape.gradient(total, image).numpy().sum() == pytest.approx(16.0)


# --- sample_distorted_bounding_box: TF's constraints hold for every draw; a seed fixes the draws ---

def _crop(begin, size):
    return [int(v) for v in begin.numpy()[:2]], [int(v) for v in size.numpy()[:2]]


def test_sample_distorted_bounding_box_keeps_area_aspect_and_coverage():
    height, width = 60, 80
    box = [0.2, 0.3, 0.7, 0.9]  # y0, x0, y1, x1
    box_pixels = (int(box[1] * width), int(box[0] * height), int(box[3] * width), int(box[2] * height))
    box_area = (box_pixels[2] - box_pixels[0]) * (box_pixels[3] - box_pixels[1])
    tf.set_random_seed(3)
    for _ in range(40):
        begin, size, bboxes = tf.image.sample_distorted_bounding_box(
            [height, width, 3], [[box]], min_object_covered=0.5, aspect_ratio_range=[0.5, 2.0],
            area_range=[0.2, 0.9])
        (y, x), (h, w) = _crop(begin, size)
        assert int(begin[2]) == 0 and int(size[2]) == -1
        assert 0 <= y and 0 <= x and y + h <= height and x + w <= width
        if (h, w) == (height, width):
            continue  # the fallback after max_attempts failures
        assert 0.2 * height * width <= h * w <= 0.9 * height * width
        assert 0.5 - 1 / h <= w / h <= 2.0 + 1 / h  # width = round(aspect * height)
        overlap = max(0, min(x + w, box_pixels[2]) - max(x, box_pixels[0])) * \
            max(0, min(y + h, box_pixels[3]) - max(y, box_pixels[1]))
        assert overlap / box_area >= 0.5
        np.testing.assert_allclose(bboxes.numpy(), [[[y / height, x / width, (y + h) / height, (x + w) / width]]],
                                   rtol=1e-6)


def test_sample_distorted_bounding_box_seeds_fix_the_draws_and_dtypes_follow_image_size():
    boxes = [[[0.1, 0.1, 0.9, 0.9]]]
    first = tf.image.sample_distorted_bounding_box(np.array([50, 40, 3], np.int64), boxes, seed=7, seed2=2)
    tf.set_random_seed(None)
    again = tf.image.sample_distorted_bounding_box(np.array([50, 40, 3], np.int64), boxes, seed=7, seed2=2)
    assert first.begin.dtype == tf.int64 and first.size.dtype == tf.int64 and first.bboxes.dtype == tf.float32
    assert first.bboxes.shape.as_list() == [1, 1, 4]
    assert isinstance(first, tuple) and first._fields == ("begin", "size", "bboxes")
    draws = {tuple(tf.image.sample_distorted_bounding_box([50, 40, 3], boxes, seed=11)[1].numpy()) for _ in range(8)}
    assert len(draws) > 1  # one kernel's stream: successive calls draw new crops
    assert again.begin.shape == first.begin.shape


def test_sample_distorted_bounding_box_falls_back_to_the_whole_image():
    begin, size, bboxes = tf.image.sample_distorted_bounding_box(
        [40, 60, 3], [[[0.0, 0.0, 0.05, 0.05]]], seed=1, min_object_covered=1.0, area_range=[0.9, 1.0],
        aspect_ratio_range=[0.1, 0.2], max_attempts=3)
    assert _crop(begin, size) == ([0, 0], [40, 60])
    np.testing.assert_array_equal(bboxes.numpy(), [[[0, 0, 1, 1]]])
    with pytest.raises(tf.errors.InvalidArgumentError, match="use_image_if_no_bounding_boxes"):
        tf.image.sample_distorted_bounding_box([40, 60, 3], np.zeros([1, 0, 4], np.float32))
    begin, size, _ = tf.image.sample_distorted_bounding_box([40, 60, 3], np.zeros([1, 0, 4], np.float32), seed=2,
                                                            use_image_if_no_bounding_boxes=True)
    (y, x), (h, w) = _crop(begin, size)
    assert y + h <= 40 and x + w <= 60


def test_extract_glimpse_fills_outside_pixels_with_noise_in_the_channel_range():
    image = np.stack([np.full((4, 4), 2.0), np.arange(16.0).reshape(4, 4)], -1)[None].astype(np.float32)
    glimpse = tf.image.extract_glimpse(image, [4, 4], [[0.0, 0.0]], centered=False, normalized=False).numpy()
    np.testing.assert_array_equal(glimpse[0, 2:, 2:], image[0, :2, :2])  # the window's centre is the corner
    outside = glimpse[0, :2].reshape(-1, 2)
    assert np.all(outside[:, 0] == 2.0) and np.all((outside[:, 1] >= 0) & (outside[:, 1] <= 15))


def test_decode_compressed_round_trips_zlib_and_gzip():
    import gzip
    import zlib
    data = [b"a" * 100, b"", b"\x00\xff" * 7]
    zipped = tf.io.decode_compressed([zlib.compress(d) for d in data], "ZLIB")
    assert zipped.numpy().tolist() == data
    assert tf.io.decode_compressed(np.array([[gzip.compress(d)] for d in data], dtype=object), "GZIP").shape == (3, 1)


def test_serialize_tensor_round_trips_every_dtype():
    for value in (tf.constant([[1.5, -2]], tf.float64), tf.constant([1, 2], tf.uint8), tf.constant(True),
                  tf.constant([1 + 2j], tf.complex128), tf.constant([[b"x", b""]]), tf.zeros([0, 3], tf.int16)):
        parsed = tf.io.parse_tensor(tf.io.serialize_tensor(value), value.dtype)
        assert parsed.dtype == value.dtype and parsed.shape == value.shape
        np.testing.assert_array_equal(parsed.numpy(), value.numpy())
