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
