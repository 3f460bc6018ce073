"""Record golden values for the tf.image box, quality, patch and JPEG ops and the tf.io file and
TensorProto ops (issue 11, "Input pipelines") from REAL TensorFlow.

Run by hand in the throwaway TensorFlow virtualenv (never a dependency of tfcompat, never run
in CI), from the repository root:

    /tmp/tforacle/bin/python tests/conformance/golden/record_image_ops_goldens.py

It writes tests/conformance/golden/image_ops_goldens.json next to this file.  Case ids start with
``imgop_`` (tf.image) or ``io_`` (tf.io).  Format and setup: record_core_goldens.py's, whose encoders
this recorder reuses.  Encoded files the decode cases read (JPEG, BMP, zlib and gzip data) are made
at record time (BMPs by a few lines of struct packing, so the recorder needs no imaging library) and
embedded in the cases' code as bytes literals.
"""
import gzip
import os
import struct
import sys
import textwrap
import zlib

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import record_core_goldens as core  # noqa: E402  (sets up TF 1.x-style eager execution)

tf = core.tf
OUT = os.path.join(core.HERE, "image_ops_goldens.json")
CASES = []


def _bmp(pixels):
    """An uncompressed bottom-up 24-bit (3 channels) or 32-bit (4 channels) BMP of uint8 [H, W, C] pixels."""
    height, width, channels = pixels.shape
    row = width * channels
    padding = (-row) % 4
    body = b"".join(pixels[y][:, [2, 1, 0, 3][:channels]].tobytes() + b"\0" * padding
                    for y in range(height - 1, -1, -1))
    info = struct.pack("<IiiHHIIiiII", 40, width, height, 1, 8 * channels, 0, len(body), 2835, 2835, 0, 0)
    return b"BM" + struct.pack("<IHHI", 14 + 40 + len(body), 0, 0, 54) + info + body


SMOOTH = (np.add.outer(np.arange(16), np.arange(16))[:, :, None] * np.array([8, 4, 2])).astype(np.uint8)
JPEG = bytes(tf.image.encode_jpeg(SMOOTH, quality=95).numpy())
JPEG_GRAY = bytes(tf.image.encode_jpeg(SMOOTH[:, :, :1], quality=95).numpy())
RGB = (np.arange(2 * 3 * 3) * 9).astype(np.uint8).reshape(2, 3, 3)
BMP = _bmp(RGB)
BMP_RGBA = _bmp(np.concatenate([RGB, RGB[:, :, :1]], axis=2))
ZLIB = zlib.compress(b"hello, input pipelines")
GZIP = gzip.compress(b"gzip body", mtime=0)
PRELUDE = (f"JPEG = {JPEG!r}\nJPEG_GRAY = {JPEG_GRAY!r}\nBMP = {BMP!r}\nBMP_RGBA = {BMP_RGBA!r}\n"
           f"ZLIB = {ZLIB!r}\nGZIP = {GZIP!r}\n"
           "img = np.arange(4 * 6 * 3, dtype=np.float32).reshape(4, 6, 3) / 72.0\n"
           "u8 = (np.arange(4 * 6 * 3).reshape(4, 6, 3) * 3).astype(np.uint8)\n"
           "rs = np.random.RandomState(7)\n"
           "big = rs.rand(2, 24, 24, 3).astype(np.float32)\n"
           "noisy = np.clip(big + rs.normal(0, 0.1, big.shape), 0, 1).astype(np.float32)\n"
           "boxes = np.array([[0, 0, 1, 1], [0, 0.1, 1, 1.1], [0, -0.1, 1, 0.9], [0, 10, 1, 11],"
           " [0, 10.1, 1, 11.1], [0, 100, 1, 101]], np.float32)\n"
           "scores = np.array([0.9, 0.75, 0.6, 0.95, 0.5, 0.3], np.float32)\n"
           "ramp = np.arange(1 * 4 * 5 * 2, dtype=np.float32).reshape(1, 4, 5, 2)\n"
           "SMOOTH_F = (np.add.outer(np.arange(16), np.arange(16))[:, :, None] * np.array([8, 4, 2]) / 255.0)"
           ".astype(np.float32)\n")


def case(cid, code):
    CASES.append({"id": cid, "code": PRELUDE + textwrap.dedent(code).strip("\n")})


for nm, expr in [
    # --- codecs ---
    ("decode_bmp", "tf.image.decode_bmp(BMP)"),
    ("decode_bmp_rgba", "tf.image.decode_bmp(BMP_RGBA)"),
    ("decode_bmp_io", "tf.io.decode_bmp(BMP, channels=3)"),
    ("decode_bmp_bad_channels", "tf.image.decode_bmp(BMP, channels=2)"),
    ("decode_bmp_one_channel", "tf.image.decode_bmp(BMP, channels=1)"),
    ("decode_bmp_short", "tf.image.decode_bmp(b'BMgarbage')"),
    ("decode_image_bmp", "tf.image.decode_image(BMP)"),
    ("extract_jpeg_shape", "tf.image.extract_jpeg_shape(JPEG)"),
    ("extract_jpeg_shape_gray", "tf.io.extract_jpeg_shape(JPEG_GRAY, output_type=tf.int64)"),
    ("extract_jpeg_shape_bad", "tf.image.extract_jpeg_shape(BMP)"),
    ("decode_and_crop_jpeg_shape", "tf.shape(tf.image.decode_and_crop_jpeg(JPEG, [2, 3, 5, 7]))"),
    ("decode_and_crop_jpeg_values", "x = tf.cast(tf.image.decode_and_crop_jpeg(JPEG, [2, 3, 5, 7]), tf.int32)\n"
                                    "y = tf.cast(tf.image.decode_jpeg(JPEG)[2:7, 3:10], tf.int32)\n"
                                    "bool(tf.reduce_max(tf.abs(x - y)) <= 8)"),
    ("decode_and_crop_jpeg_bad_window", "tf.image.decode_and_crop_jpeg(JPEG, [10, 10, 8, 8])"),
    ("decode_and_crop_jpeg_bad_size", "tf.io.decode_and_crop_jpeg(JPEG, [0, 1, 2])"),
    ("is_jpeg_io", "(tf.io.is_jpeg(JPEG), tf.io.is_jpeg(BMP))"),
    ("adjust_jpeg_quality_shape", "x = tf.image.adjust_jpeg_quality(u8, 50)\n(x.dtype, x.shape)"),
    ("adjust_jpeg_quality_close", "x = tf.image.adjust_jpeg_quality(SMOOTH_F, 90)\n"
                                  "bool(tf.reduce_max(tf.abs(x - SMOOTH_F)) < 0.05)"),
    ("random_jpeg_quality_bad_range", "tf.image.random_jpeg_quality(u8, 50, 40)"),
    ("random_jpeg_quality_out_of_range", "tf.image.random_jpeg_quality(u8, 50, 101)"),
    ("random_jpeg_quality_shape", "tf.shape(tf.image.random_jpeg_quality(u8, 40, 60, seed=3))"),
    # --- colour spaces ---
    ("rgb_to_yiq", "tf.image.rgb_to_yiq(img)"),
    ("yiq_to_rgb", "tf.image.yiq_to_rgb(tf.image.rgb_to_yiq(img))"),
    ("rgb_to_yuv", "tf.image.rgb_to_yuv(img)"),
    ("yuv_to_rgb", "tf.image.yuv_to_rgb(tf.image.rgb_to_yuv(img))"),
    ("rgb_to_yuv_f64", "tf.image.rgb_to_yuv(img.astype(np.float64))"),
    ("rgb_to_yiq_doc", "tf.image.rgb_to_yiq(tf.constant([[[1.0, 2.0, 3.0]]]))"),
    # --- edges and total variation ---
    ("image_gradients", "tf.image.image_gradients(tf.reshape(tf.range(25.0), [1, 5, 5, 1]))"),
    ("image_gradients_rgb", "tf.image.image_gradients(tf.constant(img[None]))"),
    ("image_gradients_bad_rank", "tf.image.image_gradients(tf.constant(img))"),
    ("sobel_edges", "tf.image.sobel_edges(tf.constant(img[None]))"),
    ("sobel_edges_f64", "tf.image.sobel_edges(tf.constant(ramp, tf.float64))"),
    ("total_variation_3d", "tf.image.total_variation(tf.constant(img))"),
    ("total_variation_4d", "tf.image.total_variation(tf.constant(np.stack([img, img * 2])))"),
    ("total_variation_uint8", "tf.image.total_variation(tf.constant(u8))"),
    ("total_variation_bad_rank", "tf.image.total_variation(tf.constant(img[0]))"),
    # --- PSNR / SSIM ---
    ("psnr", "tf.image.psnr(big, noisy, 1.0)"),
    ("psnr_uint8", "tf.image.psnr(u8, (u8 // 2) * 2, 255)"),
    ("psnr_same", "tf.image.psnr(big, big, 1.0)"),
    ("psnr_bad_shape", "tf.image.psnr(big, big[:, :20], 1.0)"),
    ("ssim", "tf.image.ssim(big, noisy, 1.0)"),
    ("ssim_small_filter", "tf.image.ssim(big, noisy, 1.0, filter_size=5, filter_sigma=0.8, k1=0.02, k2=0.05)"),
    ("ssim_uint8", "tf.image.ssim(tf.image.convert_image_dtype(big, tf.uint8), "
                   "tf.image.convert_image_dtype(noisy, tf.uint8), 255)"),
    ("ssim_broadcast", "tf.image.ssim(big[:1], noisy, 1.0)"),
    ("ssim_same", "tf.image.ssim(big, big, 1.0)"),
    ("ssim_multiscale", "tf.image.ssim_multiscale(np.tile(big, [1, 8, 8, 1]), np.tile(noisy, [1, 8, 8, 1]), 1.0)"),
    ("ssim_multiscale_odd", "tf.image.ssim_multiscale(np.tile(big, [1, 3, 3, 1])[:, :67, :70], "
                            "np.tile(noisy, [1, 3, 3, 1])[:, :67, :70], 1.0, power_factors=(0.2, 0.3, 0.5), "
                            "filter_size=5)"),
    # --- resize_image_with_pad ---
    ("resize_with_pad_wide", "tf.image.resize_image_with_pad(img, 6, 6)"),
    ("resize_with_pad_tall", "tf.image.resize_image_with_pad(img, 8, 5)"),
    ("resize_with_pad_nearest_uint8", "tf.image.resize_image_with_pad(u8, 5, 9, method=1)"),
    ("resize_with_pad_batch", "tf.image.resize_image_with_pad(np.stack([img, img]), 3, 7)"),
    ("resize_with_pad_bad", "tf.image.resize_image_with_pad(img, 0, 5)"),
    # --- non-max suppression ---
    ("nms", "tf.image.non_max_suppression(boxes, scores, 3)"),
    ("nms_threshold", "tf.image.non_max_suppression(boxes, scores, 6, 0.0)"),
    ("nms_score_threshold", "tf.image.non_max_suppression(boxes, scores, 6, 0.5, score_threshold=0.55)"),
    ("nms_flipped", "tf.image.non_max_suppression(boxes[:, [2, 3, 0, 1]], scores, 3)"),
    ("nms_ties", "tf.image.non_max_suppression(boxes, np.full([6], 0.5, np.float32), 6, 0.5)"),
    ("nms_zero_output", "tf.image.non_max_suppression(boxes, scores, 0)"),
    ("nms_bad_threshold", "tf.image.non_max_suppression(boxes, scores, 3, 1.5)"),
    ("nms_bad_scores", "tf.image.non_max_suppression(boxes, scores[:4], 3)"),
    ("nms_python_lists", "tf.image.non_max_suppression([[0, 0, 1, 1], [0, 0, 1, 2]], [0.5, 0.6], 2, 0.4)"),
    ("nms_with_scores_hard", "tf.image.non_max_suppression_with_scores(boxes, scores, 6, 0.5)"),
    ("nms_with_scores_soft", "tf.image.non_max_suppression_with_scores(boxes, scores, 6, 1.0, soft_nms_sigma=0.5)"),
    ("nms_with_scores_soft_floor", "tf.image.non_max_suppression_with_scores(boxes, scores, 6, 0.5, "
                                   "score_threshold=0.4, soft_nms_sigma=0.3)"),
    ("nms_with_scores_bad_sigma", "tf.image.non_max_suppression_with_scores(boxes, scores, 6, soft_nms_sigma=-1.0)"),
    ("nms_overlaps", "tf.image.non_max_suppression_overlaps("
                     "np.array([[1, .6, .2], [.6, 1, .7], [.2, .7, 1]], np.float32), "
                     "np.array([.9, .8, .7], np.float32), 3, 0.5)"),
    ("nms_overlaps_score_threshold", "tf.image.non_max_suppression_overlaps("
                                     "np.array([[1, .6, .2], [.6, 1, .7], [.2, .7, 1]], np.float32), "
                                     "np.array([.9, .8, .7], np.float32), 3, 0.65, score_threshold=0.75)"),
    ("nms_padded", "tf.image.non_max_suppression_padded(boxes, scores, 5, pad_to_max_output_size=True)"),
    ("nms_padded_unpadded", "tf.image.non_max_suppression_padded(tf.constant(boxes), tf.constant(scores), 5)"),
    ("combined_nms", "tf.image.combined_non_max_suppression("
                     "np.stack([boxes[:, None], boxes[::-1, None] * 0.1]), "
                     "np.stack([np.stack([scores, scores[::-1]], 1), np.stack([scores[::-1], scores], 1)]), 2, 5)"),
    ("combined_nms_per_class_boxes", "tf.image.combined_non_max_suppression("
                                     "np.stack([np.stack([boxes * 0.1, boxes * 0.05], 1)]), "
                                     "np.stack([np.stack([scores, scores[::-1]], 1)]), 3, 4, 0.5, 0.35)"),
    ("combined_nms_pad_per_class", "tf.image.combined_non_max_suppression("
                                   "np.stack([boxes[:, None] * 0.1]), np.stack([np.stack([scores, scores], 1)]), "
                                   "1, 10, pad_per_class=True)"),
    ("combined_nms_no_clip", "tf.image.combined_non_max_suppression("
                             "np.stack([boxes[:, None]]), np.stack([scores[:, None]]), 3, 3, clip_boxes=False)"),
    # --- crop_and_resize ---
    ("crop_and_resize", "tf.image.crop_and_resize(ramp, [[0, 0, 1, 1], [0.2, 0.1, 0.9, 0.8]], [0, 0], [3, 4])"),
    ("crop_and_resize_extrapolate", "tf.image.crop_and_resize(ramp, [[-0.5, -0.2, 1.2, 1.5]], [0], [4, 3], "
                                    "extrapolation_value=-1.0)"),
    ("crop_and_resize_flipped", "tf.image.crop_and_resize(ramp, [[1, 1, 0, 0]], [0], [2, 3])"),
    ("crop_and_resize_single", "tf.image.crop_and_resize(ramp, [[0.2, 0.3, 0.6, 0.9]], [0], [1, 1])"),
    ("crop_and_resize_nearest", "tf.image.crop_and_resize(ramp, [[0, 0, 1, 1], [0.1, 0.3, 0.7, 0.9]], [0, 0], "
                                "[3, 4], method='nearest')"),
    ("crop_and_resize_uint8", "tf.image.crop_and_resize(u8[None], [[0, 0, 1, 1]], [0], [3, 3])"),
    ("crop_and_resize_box_indices", "tf.image.crop_and_resize(np.concatenate([ramp, ramp * 2]), "
                                    "[[0, 0, 1, 1], [0, 0, 1, 1]], crop_size=[2, 2], box_indices=[1, 0])"),
    ("crop_and_resize_bad_index", "tf.image.crop_and_resize(ramp, [[0, 0, 1, 1]], [1], [2, 2])"),
    ("crop_and_resize_bad_size", "tf.image.crop_and_resize(ramp, [[0, 0, 1, 1]], [0], [0, 2])"),
    ("crop_and_resize_grad", "x = tf.constant(ramp)\nb = tf.constant([[0.1, 0.2, 0.8, 0.7]])\n"
                             "with tf.GradientTape() as tape:\n    tape.watch([x, b])\n"
                             "    y = tf.image.crop_and_resize(x, b, [0], [3, 3])\n"
                             "    loss = tf.reduce_sum(y * tf.reshape(tf.range(18.0), [1, 3, 3, 2]))\n"
                             "tape.gradient(loss, [x, b])"),
    # --- draw_bounding_boxes ---
    ("draw_boxes", "tf.image.draw_bounding_boxes(np.zeros([1, 5, 6, 3], np.float32), "
                   "[[[0, 0, 0.5, 0.6], [0.25, 0.4, 1.0, 1.0]]])"),
    ("draw_boxes_gray", "tf.image.draw_bounding_boxes(np.zeros([1, 4, 4, 1], np.float32), [[[0, 0, 1, 1]]])"),
    ("draw_boxes_rgba", "tf.image.draw_bounding_boxes(np.zeros([1, 4, 4, 4], np.float32), "
                        "[[[0.1, 0.1, 0.9, 0.9]]])"),
    ("draw_boxes_outside", "tf.image.draw_bounding_boxes(np.zeros([1, 4, 4, 3], np.float32), "
                           "[[[-0.5, -0.5, 0.5, 0.5], [2, 2, 3, 3], [0.8, 0.8, 0.2, 0.2]]])"),
    ("draw_boxes_colors", "tf.image.draw_bounding_boxes(np.zeros([1, 4, 5, 3], np.float32), "
                          "[[[0, 0, 1, 1], [0.3, 0.3, 0.7, 0.7]]], colors=[[0.2, 0.4, 0.6], [1, 0, 1]])"),
    ("draw_boxes_many", "tf.image.draw_bounding_boxes(np.zeros([1, 12, 12, 3], np.float32), "
                        "[[[i / 12, i / 12, i / 12, i / 12] for i in range(12)]])"),
    # --- sample_distorted_bounding_box (random: shapes, dtypes and deterministic cases) ---
    ("sdbb_shapes", "b, s, bb = tf.image.sample_distorted_bounding_box([40, 60, 3], [[[0.1, 0.2, 0.6, 0.7]]], "
                    "seed=1)\n(b.dtype, b.shape, s.dtype, s.shape, bb.dtype, bb.shape, int(b[2]), int(s[2]))"),
    ("sdbb_whole_image", "tf.image.sample_distorted_bounding_box(np.array([40, 60, 3], np.int64), "
                         "np.zeros([1, 0, 4], np.float32), seed=1, area_range=[1.0, 1.0], "
                         "aspect_ratio_range=[1.5, 1.5], use_image_if_no_bounding_boxes=True)"),
    ("sdbb_fallback", "tf.image.sample_distorted_bounding_box([40, 60, 3], [[[0.0, 0.0, 0.1, 0.1]]], seed=2, "
                      "min_object_covered=1.0, area_range=[0.9, 1.0], aspect_ratio_range=[0.1, 0.2], "
                      "max_attempts=5)"),
    ("sdbb_no_boxes", "tf.image.sample_distorted_bounding_box([40, 60, 3], np.zeros([1, 0, 4], np.float32))"),
    ("sdbb_bad_box", "tf.image.sample_distorted_bounding_box([40, 60, 3], [[[0.0, 0.0, 1.5, 1.0]]])"),
    ("sdbb_bad_area", "tf.image.sample_distorted_bounding_box([40, 60, 3], [[[0.0, 0.0, 1.0, 1.0]]], "
                      "area_range=[0.5, 1.5])"),
    ("sdbb_bad_image_size", "tf.image.sample_distorted_bounding_box([40, 60], [[[0.0, 0.0, 1.0, 1.0]]])"),
    ("sdbb_float_size", "tf.image.sample_distorted_bounding_box([40.0, 60.0, 3.0], [[[0.0, 0.0, 1.0, 1.0]]])"),
    # --- extract_glimpse (inside the image: no noise) ---
    ("glimpse_centered", "tf.image.extract_glimpse(ramp, [2, 3], [[0.0, 0.0]])"),
    ("glimpse_offsets", "tf.image.extract_glimpse(ramp, [2, 2], [[-0.5, 0.4]])"),
    ("glimpse_pixels", "tf.image.extract_glimpse(ramp, [2, 2], [[1.0, 2.0]], centered=False, normalized=False)"),
    ("glimpse_odd", "tf.image.extract_glimpse(ramp, [3, 3], [[1.6, 2.4]], centered=False, normalized=False)"),
    # --- patches ---
    ("patches_valid", "tf.image.extract_image_patches(ramp, [1, 2, 3, 1], [1, 2, 1, 1], [1, 1, 1, 1], 'VALID')"),
    ("patches_same", "tf.image.extract_image_patches(ramp, [1, 3, 3, 1], [1, 2, 2, 1], [1, 1, 1, 1], 'SAME')"),
    ("patches_rates", "tf.image.extract_image_patches(ramp, [1, 2, 2, 1], [1, 1, 1, 1], [1, 2, 2, 1], 'VALID')"),
    ("patches_rates_same", "tf.extract_image_patches(ramp, sizes=[1, 2, 2, 1], strides=[1, 3, 2, 1], "
                           "rates=[1, 2, 1, 1], padding='SAME')"),
    ("patches_v2_name", "tf.image.extract_patches(u8[None], [1, 2, 2, 1], [1, 2, 2, 1], [1, 1, 1, 1], 'VALID')"),
    ("patches_int", "tf.image.extract_image_patches(tf.constant(u8[None], tf.int32), [1, 3, 2, 1], [1, 1, 3, 1], "
                    "[1, 1, 1, 1], 'SAME')"),
    ("patches_bad_ksizes", "tf.image.extract_image_patches(ramp, [2, 2, 2, 1], [1, 1, 1, 1], [1, 1, 1, 1], 'VALID')"),
    ("patches_bad_padding", "tf.image.extract_image_patches(ramp, [1, 2, 2, 1], [1, 1, 1, 1], [1, 1, 1, 1], 'FULL')"),
    ("patches_bad_rank", "tf.image.extract_image_patches(ramp[0], [1, 2, 2, 1], [1, 1, 1, 1], [1, 1, 1, 1], 'VALID')"),
    ("patches_grad", "x = tf.constant(ramp)\nwith tf.GradientTape() as tape:\n    tape.watch(x)\n"
                     "    y = tf.image.extract_image_patches(x, [1, 2, 2, 1], [1, 1, 1, 1], [1, 1, 1, 1], 'SAME')\n"
                     "    loss = tf.reduce_sum(y * y)\ntape.gradient(loss, x)"),
    ("volume_patches", "tf.extract_volume_patches(tf.reshape(tf.range(2 * 3 * 4 * 5, dtype=tf.float32), "
                       "[2, 3, 4, 5, 1]), [1, 2, 2, 3, 1], [1, 1, 2, 2, 1], 'SAME')"),
    ("volume_patches_valid", "tf.extract_volume_patches(tf.reshape(tf.range(3 * 4 * 4 * 2, dtype=tf.float32), "
                             "[1, 3, 4, 4, 2]), [1, 2, 2, 2, 1], [1, 1, 1, 2, 1], 'VALID')"),
    # --- gradients of the quality metrics ---
    ("tv_grad", "x = tf.constant(img)\nwith tf.GradientTape() as tape:\n    tape.watch(x)\n"
                "    y = tf.image.total_variation(x)\ntape.gradient(y, x)"),
    ("psnr_grad", "x = tf.constant(big)\nwith tf.GradientTape() as tape:\n    tape.watch(x)\n"
                  "    y = tf.reduce_sum(tf.image.psnr(x, noisy, 1.0))\ntape.gradient(y, x)[0, :3, :3]"),
    ("ssim_grad", "x = tf.constant(big)\nwith tf.GradientTape() as tape:\n    tape.watch(x)\n"
                  "    y = tf.reduce_sum(tf.image.ssim(x, noisy, 1.0))\ntape.gradient(y, x)[0, :3, :3]"),
]:
    case("imgop_" + nm, expr)

for nm, expr in [
    ("serialize_scalar", "tf.io.serialize_tensor(np.float32(1.5))"),
    ("serialize_matrix", "tf.io.serialize_tensor(np.arange(6, dtype=np.float32).reshape(2, 3))"),
    ("serialize_bool", "tf.io.serialize_tensor(np.array([True, False]))"),
    ("serialize_strings", "tf.io.serialize_tensor(np.array([b'ab', b'']))"),
    ("serialize_empty", "tf.io.serialize_tensor(np.zeros((0, 2), np.int64))"),
    ("serialize_half", "tf.io.serialize_tensor(np.float16([1, 2]))"),
    ("serialize_complex", "tf.io.serialize_tensor(np.array([[1 + 2j]], np.complex64))"),
    ("serialize_uint16", "tf.serialize_tensor(tf.constant(1, tf.uint16))"),
    ("serialize_bfloat16", "tf.io.serialize_tensor(tf.constant([1, 2], tf.bfloat16))"),
    ("parse_round_trip", "tf.io.parse_tensor(tf.io.serialize_tensor(np.arange(6, dtype=np.int64).reshape(3, 2)), "
                         "tf.int64)"),
    ("parse_strings", "tf.parse_tensor(tf.io.serialize_tensor([b'a', b'bc']), tf.string)"),
    ("parse_bfloat16", "tf.io.parse_tensor(tf.io.serialize_tensor(tf.constant([1.5, 2], tf.bfloat16)), tf.bfloat16)"),
    ("parse_proto_values", "tf.io.parse_tensor(tf.make_tensor_proto(7).SerializeToString(), tf.int32)"),
    ("parse_type_mismatch", "tf.io.parse_tensor(tf.io.serialize_tensor([1.0]), tf.int32)"),
    ("parse_bad_bytes", "tf.io.parse_tensor(b'\\xff\\xff', tf.int32)"),
    ("make_tensor_proto_float", "tf.make_tensor_proto(1.5).SerializeToString()"),
    ("make_tensor_proto_ints", "tf.make_tensor_proto([1, 2, 3]).SerializeToString()"),
    ("make_tensor_proto_int64", "tf.make_tensor_proto(np.arange(4)).SerializeToString()"),
    ("make_tensor_proto_big_int", "tf.make_tensor_proto([1, 2 ** 40]).SerializeToString()"),
    ("make_tensor_proto_string", "tf.make_tensor_proto('ab').SerializeToString()"),
    ("make_tensor_proto_strings", "tf.make_tensor_proto([b'a', b'b']).SerializeToString()"),
    ("make_tensor_proto_half", "tf.make_tensor_proto(np.float16([1, 2])).SerializeToString()"),
    ("make_tensor_proto_broadcast", "tf.make_tensor_proto(3.0, shape=[2, 2]).SerializeToString()"),
    ("make_tensor_proto_dtype", "tf.make_tensor_proto([1, 2], dtype=tf.float64).SerializeToString()"),
    ("make_tensor_proto_bool", "tf.make_tensor_proto(True).SerializeToString()"),
    ("make_tensor_proto_too_many", "tf.make_tensor_proto([1, 2, 3], shape=[2])"),
    ("make_tensor_proto_verify", "tf.make_tensor_proto([1, 2], shape=[2, 1], verify_shape=True)"),
    ("make_tensor_proto_bad_dtype", "tf.make_tensor_proto([1.5], dtype=tf.int32)"),
    ("make_ndarray", "tf.make_ndarray(tf.make_tensor_proto(np.arange(6, dtype=np.float32).reshape(2, 3)))"),
    ("make_ndarray_broadcast", "tf.make_ndarray(tf.make_tensor_proto(3, shape=[2, 3]))"),
    ("make_ndarray_strings", "tf.make_ndarray(tf.make_tensor_proto([b'a', b'b']))"),
    ("make_ndarray_half", "tf.make_ndarray(tf.make_tensor_proto(np.float16(2.5)))"),
    ("decode_compressed_zlib", "tf.io.decode_compressed(ZLIB, 'ZLIB')"),
    ("decode_compressed_gzip", "tf.decode_compressed([GZIP, GZIP], compression_type='GZIP')"),
    ("decode_compressed_none", "tf.io.decode_compressed(b'abc')"),
    ("decode_compressed_bad_type", "tf.io.decode_compressed(b'abc', 'LZ4')"),
    ("decode_compressed_corrupt", "tf.io.decode_compressed(b'abc', 'ZLIB')"),
    ("read_write_file", "import tempfile, os\nd = tempfile.mkdtemp()\n"
                        "tf.io.write_file(os.path.join(d, 'sub', 'a.txt'), b'payload')\n"
                        "tf.io.read_file(os.path.join(d, 'sub', 'a.txt'))"),
    ("write_file_returns", "import tempfile, os\nd = tempfile.mkdtemp()\n"
                           "tf.write_file(os.path.join(d, 'b.bin'), b'\\x00\\x01')"),
    ("read_file_missing", "tf.io.read_file('/nonexistent/tfcompat/file.txt')"),
    ("read_file_directory", "tf.read_file('/')"),
    ("read_file_vector", "tf.io.read_file(['a', 'b'])"),
    ("matching_files", "import tempfile, os\nd = tempfile.mkdtemp()\n"
                       "for n in ['b.txt', 'a.txt', 'c.log']:\n    tf.io.write_file(os.path.join(d, n), n)\n"
                       "m = tf.io.matching_files(os.path.join(d, '*.txt'))\n"
                       "(m.shape, [os.path.basename(p) for p in m.numpy()])"),
    ("matching_files_list", "import tempfile, os\nd = tempfile.mkdtemp()\n"
                            "for n in ['b.txt', 'a.txt', 'c.log']:\n    tf.io.write_file(os.path.join(d, n), n)\n"
                            "m = tf.matching_files([os.path.join(d, '*.log'), os.path.join(d, 'a*')])\n"
                            "[os.path.basename(p) for p in m.numpy()]"),
    ("matching_files_none", "tf.io.matching_files('/nonexistent/tfcompat/*.txt')"),
]:
    case("io_" + nm, expr)


def main():
    core.write_goldens(OUT, CASES, core.run_case, r"(imgop|io)_[a-z0-9_]+",
                       "tensorflow.compat.v1; disable_v2_behavior(); enable_eager_execution(); "
                       "disable_tensor_equality()", "record_image_ops_goldens.py")


if __name__ == "__main__":
    main()
