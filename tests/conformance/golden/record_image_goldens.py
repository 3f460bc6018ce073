"""Record golden values for tf.image (issue 11) from REAL TensorFlow.

Run by hand in the throwaway TensorFlow virtualenv (never a dependency of tfcompat, never run
in CI), from the repository root:

    /tmp/tforacle/bin/python tests/conformance/golden/record_image_goldens.py

It writes tests/conformance/golden/image_goldens.json next to this file.  Case ids start with
``image_``.  Format and setup: record_core_goldens.py's, whose encoders this recorder reuses.
Encoded images that the decode cases read are made by real TF at record time and embedded in the
cases' code as bytes literals (``PNG``, ``JPEG``, ``GIF``), so tfcompat decodes TF's own files.
"""
import os
import sys
import textwrap

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import record_core_goldens as core  # noqa: E402  (sets up TF 1.x-style eager execution)

tf = core.tf
OUT = os.path.join(core.HERE, "image_goldens.json")
CASES = []

RGB = np.arange(4 * 5 * 3, dtype=np.uint8).reshape(4, 5, 3) * 4
PNG = bytes(tf.image.encode_png(RGB).numpy())
PNG_GRAY = bytes(tf.image.encode_png(RGB[:, :, :1]).numpy())
PNG_RGBA = bytes(tf.image.encode_png(np.concatenate([RGB, RGB[:, :, :1]], axis=2)).numpy())
PNG16 = bytes(tf.image.encode_png((np.arange(6, dtype=np.uint16).reshape(2, 3, 1) * 10000)).numpy())
SMOOTH = (np.add.outer(np.arange(16), np.arange(16))[:, :, None] * np.array([8, 4, 2])).astype(np.uint8)
JPEG = bytes(tf.image.encode_jpeg(SMOOTH, quality=95).numpy())
PRELUDE = (f"PNG = {PNG!r}\nPNG_GRAY = {PNG_GRAY!r}\nPNG_RGBA = {PNG_RGBA!r}\nPNG16 = {PNG16!r}\n"
           f"JPEG = {JPEG!r}\n"
           "img = np.arange(4 * 6 * 3, dtype=np.float32).reshape(4, 6, 3) / 72.0\n"
           "u8 = (np.arange(4 * 6 * 3).reshape(4, 6, 3) * 3).astype(np.uint8)\n")


def case(cid, code):
    CASES.append({"id": "image_" + cid, "code": PRELUDE + textwrap.dedent(code).strip("\n")})


for nm, expr in [
    # --- codecs ---
    ("decode_png", "tf.image.decode_png(PNG)"),
    ("decode_png_gray", "tf.image.decode_png(PNG_GRAY)"),
    ("decode_png_rgba", "tf.image.decode_png(PNG_RGBA)"),
    ("decode_png_channels1", "tf.image.decode_png(PNG, channels=1)"),
    ("decode_png_channels4", "tf.image.decode_png(PNG, channels=4)"),
    ("decode_png_gray_to_rgb", "tf.image.decode_png(PNG_GRAY, channels=3)"),
    ("decode_png16", "tf.image.decode_png(PNG16, dtype=tf.uint16)"),
    ("decode_png16_as_uint8", "tf.image.decode_png(PNG16)"),
    ("decode_image_png", "tf.image.decode_image(PNG)"),
    ("decode_image_float", "tf.image.decode_image(PNG, dtype=tf.float32)"),
    ("decode_jpeg", "tf.image.decode_jpeg(JPEG)"),
    ("decode_jpeg_gray", "tf.image.decode_jpeg(JPEG, channels=1)"),
    ("decode_image_jpeg", "tf.image.decode_image(JPEG)"),
    ("decode_png_bad", "tf.image.decode_png(b'not an image')"),
    ("decode_jpeg_bad", "tf.image.decode_jpeg(b'not an image')"),
    ("decode_image_bad", "tf.image.decode_image(b'not an image')"),
    ("decode_png_bad_channels", "tf.image.decode_png(PNG, channels=2)"),
    ("png_round_trip", "tf.image.decode_png(tf.image.encode_png(u8))"),
    ("png_round_trip_gray", "tf.image.decode_png(tf.image.encode_png(u8[:, :, :1]))"),
    ("encode_png_bad_rank", "tf.image.encode_png(u8[0])"),
    ("encode_png_float", "tf.image.encode_png(img)"),
    ("jpeg_round_trip_shape", "tf.shape(tf.image.decode_jpeg(tf.image.encode_jpeg(u8)))"),
    ("is_jpeg", "(tf.image.is_jpeg(JPEG), tf.image.is_jpeg(PNG))"),
    # --- convert_image_dtype ---
    ("convert_u8_f32", "tf.image.convert_image_dtype(tf.constant([0, 1, 128, 255], tf.uint8), tf.float32)"),
    ("convert_f32_u8", "tf.image.convert_image_dtype(tf.constant([0.0, 0.5, 0.999, 1.0, 1.5, -0.2]), tf.uint8)"),
    ("convert_f32_u8_sat", "tf.image.convert_image_dtype(tf.constant([0.0, 0.5, 1.0, 1.5, -0.2]), tf.uint8, saturate=True)"),
    ("convert_u8_u16", "tf.image.convert_image_dtype(tf.constant([0, 1, 255], tf.uint8), tf.uint16)"),
    ("convert_u16_u8", "tf.image.convert_image_dtype(tf.constant([0, 257, 65535], tf.uint16), tf.uint8)"),
    ("convert_i32_f32", "tf.image.convert_image_dtype(tf.constant([0, 2 ** 30, 2 ** 31 - 1], tf.int32), tf.float32)"),
    ("convert_f32_i16", "tf.image.convert_image_dtype(tf.constant([0.0, 0.5, 1.0]), tf.int16)"),
    ("convert_f32_f64", "tf.image.convert_image_dtype(tf.constant([0.25]), tf.float64)"),
    ("convert_u8_i8", "tf.image.convert_image_dtype(tf.constant([0, 255], tf.uint8), tf.int8)"),
    ("convert_same", "tf.image.convert_image_dtype(tf.constant([3], tf.uint8), tf.uint8)"),
    ("convert_bad", "tf.image.convert_image_dtype(tf.constant([1.0]), tf.string)"),
    # --- resize (TF 1.x: no half-pixel centres) ---
    ("resize_bilinear_up", "tf.image.resize_images(img, [6, 9])"),
    ("resize_bilinear_down", "tf.image.resize_images(img, [3, 4])"),
    ("resize_bilinear_align", "tf.image.resize_images(img, [7, 11], align_corners=True)"),
    ("resize_bilinear_uint8", "tf.image.resize_images(u8, [5, 7])"),
    ("resize_bilinear_batch", "tf.image.resize_images(np.stack([img, img[::-1]]), [3, 3])"),
    ("resize_nearest_up", "tf.image.resize_images(u8, [7, 10], method=tf.image.ResizeMethod.NEAREST_NEIGHBOR)"),
    ("resize_nearest_down", "tf.image.resize_images(img, [3, 4], method=1)"),
    ("resize_nearest_align", "tf.image.resize_images(u8, [7, 10], method=1, align_corners=True)"),
    ("resize_bicubic_up", "tf.image.resize_images(img, [6, 9], method=tf.image.ResizeMethod.BICUBIC)"),
    ("resize_bicubic_align", "tf.image.resize_images(img, [7, 8], method=2, align_corners=True)"),
    ("resize_area_down", "tf.image.resize_images(img, [2, 4], method=tf.image.ResizeMethod.AREA)"),
    ("resize_area_up", "tf.image.resize_images(img, [5, 7], method=3)"),
    ("resize_same_size_uint8", "tf.image.resize_images(u8, [4, 6])"),
    ("resize_preserve", "tf.shape(tf.image.resize_images(img, [8, 8], preserve_aspect_ratio=True))"),
    ("resize_bad_size", "tf.image.resize_images(img, [3])"),
    ("resize_bad_rank", "tf.image.resize_images(img[0], [3, 3])"),
    ("resize_v1_name", "tf.image.resize(img, [2, 3])"),
    ("resize_bilinear_op", "tf.image.resize_bilinear(img[None], [5, 5])"),
    ("resize_nearest_op", "tf.image.resize_nearest_neighbor(u8[None], [3, 9])"),
    ("resize_bicubic_op", "tf.image.resize_bicubic(img[None], [5, 5])"),
    ("resize_area_op", "tf.image.resize_area(img[None], [3, 5])"),
    ("resize_bilinear_half", "tf.image.resize_bilinear(img[None], [6, 4], half_pixel_centers=True)"),
    # --- geometry ---
    ("flip_lr", "tf.image.flip_left_right(u8)"),
    ("flip_ud", "tf.image.flip_up_down(u8)"),
    ("flip_lr_batch", "tf.image.flip_left_right(np.stack([u8, u8]))"),
    ("rot90", "tf.image.rot90(u8)"),
    ("rot90_k3", "tf.image.rot90(u8, k=3)"),
    ("rot90_k2_batch", "tf.image.rot90(np.stack([u8, u8 + 1]), 2)"),
    ("transpose", "tf.image.transpose_image(u8)"),
    ("central_crop", "tf.image.central_crop(u8, 0.5)"),
    ("central_crop_one", "tf.image.central_crop(u8, 1.0)"),
    ("central_crop_bad", "tf.image.central_crop(u8, 0.0)"),
    ("crop_box", "tf.image.crop_to_bounding_box(u8, 1, 2, 2, 3)"),
    ("crop_box_bad", "tf.image.crop_to_bounding_box(u8, 3, 2, 2, 3)"),
    ("pad_box", "tf.image.pad_to_bounding_box(u8[:2, :2], 1, 2, 4, 5)"),
    ("pad_box_bad", "tf.image.pad_to_bounding_box(u8, 1, 2, 4, 5)"),
    ("crop_or_pad", "tf.image.resize_image_with_crop_or_pad(u8, 6, 4)"),
    ("crop_or_pad_batch", "tf.image.resize_image_with_crop_or_pad(np.stack([u8, u8]), 3, 8)"),
    ("random_crop_shape", "tf.shape(tf.image.random_crop(u8, [2, 3, 3]))"),
    ("random_crop_bad", "tf.image.random_crop(u8, [5, 3, 3])"),
    ("random_flip_shape", "tf.shape(tf.image.random_flip_left_right(u8))"),
    # --- colour ---
    ("per_image_std", "tf.image.per_image_standardization(img)"),
    ("per_image_std_uint8", "tf.image.per_image_standardization(u8)"),
    ("per_image_std_const", "tf.image.per_image_standardization(np.ones([2, 2, 1], np.float32))"),
    ("brightness", "tf.image.adjust_brightness(img, 0.25)"),
    ("brightness_uint8", "tf.image.adjust_brightness(u8, 0.1)"),
    ("contrast", "tf.image.adjust_contrast(img, 2.0)"),
    ("contrast_uint8", "tf.image.adjust_contrast(u8, 0.5)"),
    ("saturation", "tf.image.adjust_saturation(img, 0.5)"),
    ("saturation_uint8", "tf.image.adjust_saturation(u8, 2.0)"),
    ("hue", "tf.image.adjust_hue(img, 0.2)"),
    ("hue_neg_uint8", "tf.image.adjust_hue(u8, -0.3)"),
    ("gamma", "tf.image.adjust_gamma(img, 2.0, 0.5)"),
    ("grayscale", "tf.image.rgb_to_grayscale(img)"),
    ("grayscale_uint8", "tf.image.rgb_to_grayscale(u8)"),
    ("gray_to_rgb", "tf.image.grayscale_to_rgb(tf.constant(u8[:, :, :1]))"),
    ("gray_to_rgb_bad", "tf.image.grayscale_to_rgb(tf.constant(u8))"),
    ("rgb_to_hsv", "tf.image.rgb_to_hsv(img)"),
    ("hsv_to_rgb", "tf.image.hsv_to_rgb(tf.image.rgb_to_hsv(img))"),
    ("hsv_to_rgb_values", "tf.image.hsv_to_rgb(tf.constant([[0.1, 0.5, 0.8], [0.7, 1.0, 0.3], [0.0, 0.0, 0.5]]))"),
    ("rgb_to_hsv_uint8", "tf.image.rgb_to_hsv(u8)"),
    ("random_brightness_range", "x = tf.image.random_brightness(img, 0.1) - img\n"
                                "bool(tf.reduce_max(tf.abs(x)) <= 0.1 + 1e-6)"),
    ("random_contrast_bad", "tf.image.random_contrast(img, 0.5, 0.2)"),
]:
    case(nm, expr)


def main():
    core.write_goldens(OUT, CASES, core.run_case, r"image_[a-z0-9_]+",
                       "tensorflow.compat.v1; disable_v2_behavior(); enable_eager_execution(); "
                       "disable_tensor_equality()", "record_image_goldens.py")


if __name__ == "__main__":
    main()
