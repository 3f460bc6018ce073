"""Record golden values for the tf.keras.backend functions of issue 9's follow-up (convolutions,
pooling, locally-connected products, padding, resizing, batch normalization, rnn, CTC, map/fold,
moving_average_update ...) from REAL TensorFlow's v1 Keras.

Run by hand in the throwaway TensorFlow virtualenv with tf-keras (never a dependency of tfcompat,
never run in CI), from the repository root:

    PYTHONHASHSEED=0 /work/tforacle/bin/python tests/conformance/golden/record_keras_backend_goldens.py

It sets ``TF_USE_LEGACY_KERAS=1`` and writes keras_backend_goldens.json next to this file; case ids start
with ``kbackend_``.  Format and setup: record_core_goldens.py's, cases run as record_keras_goldens.py runs
them.  Inputs are fixed ramps (``np.linspace``), so every value is deterministic.
Where tf_keras 2.21 differs from TF 1.15's backend, the case is left out and tests/ported/test_backend_test.py
checks TF 1.15's rule instead: ``batch_dot`` (tf_keras rewrote its axes rules after 1.15; only the shapes
both agree on are recorded), ``resize_images(..., 'bilinear')`` (tf_keras resizes with half-pixel
centres, TF 1.15 with its legacy kernel), ``batch_normalization`` of a 4-D input on axis 1 (tf_keras takes the
fused NCHW kernel and fails, TF 1.15 on a CPU the plain formula), ``print_tensor``'s output stream, and
``ctc_decode``'s padded width (TF 1.15 pads the decoded paths to the longest one, tf_keras to the number
of time steps: only the paths, without the padding, are recorded).
"""
import os
import sys

os.environ["TF_USE_LEGACY_KERAS"] = "1"
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import record_core_goldens as core  # noqa: E402  (sets up TF 1.x-style eager execution)
import record_keras_goldens as keras_recorder  # noqa: E402  (its run_case)

OUT = os.path.join(core.HERE, "keras_backend_goldens.json")
CASES = []
K = "tf.keras.backend."


def case(cid, code):
    CASES.append({"id": "kbackend_" + cid, "code": code.strip("\n")})


def ramp(shape, low=-1.0, high=1.0):
    size = 1
    for d in shape:
        size *= d
    return f"tf.constant(np.linspace({low}, {high}, {size}).reshape({shape}).astype(np.float32))"


X4 = ramp((2, 5, 5, 3))
X4CF = ramp((2, 3, 5, 5))
for cid, code in [
    ("conv1d_valid", f"{K}conv1d({ramp((2, 7, 3))}, {ramp((3, 3, 2), 0.5, -0.5)})"),
    ("conv1d_same_stride", f"{K}conv1d({ramp((2, 7, 3))}, {ramp((3, 3, 2), 0.5, -0.5)}, strides=2, padding='same')"),
    ("conv1d_causal_dilated", f"{K}conv1d({ramp((1, 6, 2))}, {ramp((2, 2, 1))}, padding='causal', dilation_rate=2)"),
    ("conv1d_channels_first", f"{K}conv1d({ramp((2, 3, 7))}, {ramp((3, 3, 2))}, data_format='channels_first')"),
    ("conv2d_valid", f"{K}conv2d({X4}, {ramp((3, 3, 3, 2), 0.5, -0.5)})"),
    ("conv2d_same_stride", f"{K}conv2d({X4}, {ramp((2, 2, 3, 4))}, strides=(2, 2), padding='same')"),
    ("conv2d_dilated", f"{K}conv2d({X4}, {ramp((2, 2, 3, 1))}, dilation_rate=(2, 2))"),
    ("conv2d_channels_first", f"{K}conv2d({X4CF}, {ramp((3, 3, 3, 2))}, padding='same', "
                              "data_format='channels_first')"),
    ("conv2d_bad_padding", f"{K}conv2d({X4}, {ramp((3, 3, 3, 2))}, padding='full')"),
    ("conv2d_bad_format", f"{K}conv2d({X4}, {ramp((3, 3, 3, 2))}, data_format='nhwc')"),
    ("conv2d_transpose", f"{K}conv2d_transpose({ramp((1, 3, 3, 2))}, {ramp((3, 3, 4, 2))}, (1, 6, 6, 4), "
                         "strides=(2, 2), padding='same')"),
    ("conv2d_transpose_valid", f"{K}conv2d_transpose({ramp((2, 2, 2, 2))}, {ramp((2, 2, 3, 2))}, (None, 3, 3, 3))"),
    ("conv2d_transpose_channels_first", f"{K}conv2d_transpose({ramp((1, 2, 3, 3))}, {ramp((3, 3, 4, 2))}, "
                                        "(1, 4, 6, 6), strides=(2, 2), padding='same', data_format='channels_first')"),
    ("conv3d", f"{K}conv3d({ramp((1, 4, 4, 4, 2))}, {ramp((2, 2, 2, 2, 3))}, strides=(1, 2, 1), padding='same')"),
    ("conv3d_channels_first", f"{K}conv3d({ramp((1, 2, 3, 3, 3))}, {ramp((2, 2, 2, 2, 1))}, "
                              "data_format='channels_first')"),
    ("separable_conv2d", f"{K}separable_conv2d({X4}, {ramp((3, 3, 3, 2))}, {ramp((1, 1, 6, 4))}, padding='same')"),
    ("separable_conv2d_stride", f"{K}separable_conv2d({X4}, {ramp((2, 2, 3, 1))}, {ramp((1, 1, 3, 2))}, "
                                "strides=(2, 2))"),
    ("depthwise_conv2d", f"{K}depthwise_conv2d({X4}, {ramp((3, 3, 3, 2))}, padding='same')"),
    ("depthwise_conv2d_channels_first", f"{K}depthwise_conv2d({X4CF}, {ramp((2, 2, 3, 1))}, "
                                        "data_format='channels_first')"),
    ("pool2d_max", f"{K}pool2d({X4}, (2, 2))"),
    ("pool2d_avg_same", f"{K}pool2d({X4}, (3, 3), strides=(2, 2), padding='same', pool_mode='avg')"),
    ("pool2d_channels_first", f"{K}pool2d({X4CF}, (2, 2), strides=(2, 2), data_format='channels_first')"),
    ("pool2d_bad_mode", f"{K}pool2d({X4}, (2, 2), pool_mode='min')"),
    ("pool2d_bad_size", f"{K}pool2d({X4}, (2, 2, 2))"),
    ("pool3d_max", f"{K}pool3d({ramp((1, 4, 4, 4, 2))}, (2, 2, 2), strides=(2, 2, 2))"),
    ("pool3d_avg_same", f"{K}pool3d({ramp((1, 3, 4, 4, 1))}, (2, 2, 2), padding='same', pool_mode='avg')"),
    ("local_conv1d", f"{K}local_conv1d({ramp((2, 5, 3))}, {ramp((4, 6, 2))}, (2,), (1,))"),
    ("local_conv1d_stride", f"{K}local_conv1d({ramp((2, 6, 2))}, {ramp((3, 4, 3))}, (2,), (2,))"),
    ("local_conv2d", f"{K}local_conv2d({ramp((2, 4, 4, 2))}, {ramp((9, 8, 3))}, (2, 2), (1, 1), (3, 3))"),
    ("local_conv2d_channels_first", f"{K}local_conv2d({ramp((2, 2, 4, 4))}, {ramp((4, 8, 3))}, (2, 2), (2, 2), "
                                    "(2, 2), data_format='channels_first')"),
    ("temporal_padding", f"{K}temporal_padding({ramp((2, 3, 2))}, (1, 2))"),
    ("spatial_2d_padding", f"{K}spatial_2d_padding({ramp((1, 2, 2, 1))}, ((1, 0), (2, 1)))"),
    ("spatial_2d_padding_channels_first", f"{K}spatial_2d_padding({ramp((1, 1, 2, 2))}, "
                                          "data_format='channels_first')"),
    ("spatial_3d_padding", f"{K}spatial_3d_padding({ramp((1, 1, 2, 2, 1))}, ((0, 1), (1, 0), (1, 1)))"),
    ("resize_images_nearest", f"{K}resize_images({ramp((1, 2, 3, 2))}, 2, 3, 'channels_last')"),
    ("resize_images_channels_first", f"{K}resize_images({ramp((1, 2, 2, 3))}, 3, 2, 'channels_first')"),
    ("resize_images_bad_format", f"{K}resize_images({ramp((1, 2, 2, 3))}, 2, 2, 'nhwc')"),
    ("resize_volumes", f"{K}resize_volumes({ramp((1, 2, 2, 1, 2))}, 2, 1, 3, 'channels_last')"),
    ("resize_volumes_channels_first", f"{K}resize_volumes({ramp((1, 2, 1, 2, 2))}, 1, 2, 2, 'channels_first')"),
    ("repeat_elements", f"{K}repeat_elements({ramp((2, 3))}, 3, axis=1)"),
    ("repeat_elements_axis0_int", f"{K}repeat_elements(tf.constant([[1, 2], [3, 4]]), 2, 0)"),
    ("cumsum", f"{K}cumsum({ramp((2, 4))}, axis=1)"),
    ("cumsum_default_axis", f"{K}cumsum(tf.constant([[1, 2], [3, 4]]))"),
    ("cumprod", f"{K}cumprod({ramp((3, 2), 0.5, 2.0)})"),
    ("in_top_k", f"{K}in_top_k(tf.constant([[0.1, 0.8, 0.1], [0.5, 0.2, 0.3]]), tf.constant([1, 2]), 1)"),
    ("in_top_k_2", f"{K}in_top_k(tf.constant([[0.1, 0.8, 0.1], [0.5, 0.2, 0.3]]), tf.constant([1, 2]), 2)"),
    ("batch_normalization_2d", f"{K}batch_normalization({ramp((3, 4))}, {ramp((4,), 0.1, 0.4)}, "
                               f"{ramp((4,), 0.5, 2.0)}, {ramp((4,), -0.1, 0.1)}, {ramp((4,), 0.9, 1.2)})"),
    ("batch_normalization_4d", f"{K}batch_normalization({X4}, {ramp((1, 1, 1, 3), 0.1, 0.3)}, "
                               f"{ramp((1, 1, 1, 3), 0.5, 1.5)}, None, None, epsilon=0.01)"),
    ("normalize_batch_2d", f"{K}normalize_batch_in_training({ramp((4, 3), -2.0, 3.0)}, {ramp((3,), 0.5, 1.5)}, "
                           f"{ramp((3,))}, [0])"),
    ("normalize_batch_fused", f"{K}normalize_batch_in_training({X4}, {ramp((3,), 0.5, 1.5)}, {ramp((3,))}, "
                              "[0, 1, 2])"),
    ("normalize_batch_fused_no_gamma_beta", f"{K}normalize_batch_in_training({X4}, None, None, [0, 1, 2], "
                                            "epsilon=0.01)"),
    ("normalize_batch_channels_first", f"{K}normalize_batch_in_training({X4CF}, {ramp((3,), 0.5, 1.5)}, "
                                       f"{ramp((3,))}, [0, 2, 3])"),
    ("normalize_batch_broadcast", f"{K}normalize_batch_in_training({ramp((2, 3, 4), -1.0, 2.0)}, None, None, "
                                  "[0, 2])"),
    ("batch_dot_docstring", f"{K}batch_dot(tf.constant([[1., 2.], [3., 4.]]), tf.constant([[5., 6.], [7., 8.]]), "
                            "axes=1)"),
    ("batch_dot_3d", f"{K}batch_dot({ramp((2, 3, 4))}, {ramp((2, 4, 2))})"),
    ("batch_dot_axes", f"{K}batch_dot({ramp((2, 4, 1))}, {ramp((2, 3, 4))}, axes=[1, 2])"),
    ("map_fn", f"{K}map_fn(lambda x: x * x + 1.0, {ramp((3, 2))})"),
    ("foldl", f"{K}foldl(lambda a, x: a * 2.0 + x, {ramp((4, 2))})"),
    ("foldl_initializer", f"{K}foldl(lambda a, x: a + x, {ramp((3, 2))}, initializer=tf.ones(2))"),
    ("foldr", f"{K}foldr(lambda a, x: a * 2.0 + x, {ramp((4, 2))})"),
    ("moving_average_update", "x = tf.Variable([1.0, 2.0])\n"
                              f"{K}moving_average_update(x, tf.constant([5.0, 10.0]), 0.9)\nx.numpy()"),
    ("moving_average_update_f64", "x = tf.Variable(np.array([1.0, -3.0]))\n"
                                  f"{K}moving_average_update(x, tf.constant([2.0, 7.0], tf.float64), 0.99)\n"
                                  "x.numpy()"),
    ("gradients_eager", f"{K}gradients(tf.constant(1.0), [tf.Variable(1.0)])"),
    ("ctc_label_dense_to_sparse", f"st = {K}ctc_label_dense_to_sparse(tf.constant([[1, 2, 3], [4, 5, 0]]), "
                                  "tf.constant([2, 3]))\n(st.indices, st.values, st.dense_shape)"),
    ("ctc_batch_cost", f"{K}ctc_batch_cost(tf.constant([[0, 1], [2, 2]]), tf.nn.softmax({ramp((2, 5, 4), -2.0, 2.0)}),"
                       " tf.constant([[5], [4]]), tf.constant([[2], [2]]))"),
    ("ctc_batch_cost_float_labels", f"{K}ctc_batch_cost(tf.constant([[1.0, 0.0]]), "
                                    f"tf.nn.softmax({ramp((1, 3, 3), 1.0, -1.0)}), tf.constant([[3]]), "
                                    "tf.constant([[1]]))"),
    ("ctc_decode_greedy", f"decoded, log_prob = {K}ctc_decode(tf.nn.softmax({ramp((2, 6, 4), -3.0, 3.0)} * "
                          f"tf.constant(np.tile([[1.0, -2.0, 0.5, 1.5]], (2, 6, 1)).astype(np.float32))), "
                          "tf.constant([6, 4]))\n"
                          "([[int(v) for v in row if v >= 0] for row in decoded[0].numpy()], decoded[0].dtype, log_prob)"),
    *[(f"ctc_decode_beam_{width}_{paths}",
       f"decoded, log_prob = {K}ctc_decode(tf.nn.softmax({ramp((3, 7, 5), -2.0, 2.5)} * tf.constant(np.tile("
       "[[1.0, -1.5, 0.5, 2.0, -0.5]], (3, 7, 1)).astype(np.float32)) + tf.constant(np.sin(np.arange(105))"
       f".reshape(3, 7, 5).astype(np.float32))), tf.constant([7, 5, 3]), greedy=False, beam_width={width}, "
       f"top_paths={paths})\n"
       "([[[int(v) for v in row if v >= 0] for row in d.numpy()] for d in decoded], log_prob)")
      for width, paths in ((1, 1), (3, 2), (10, 4), (100, 1))],
    ("ctc_decode_beam_too_many_paths", f"{K}ctc_decode(tf.nn.softmax(tf.ones((1, 3, 3))), tf.constant([3]), "
                                       "greedy=False, beam_width=2, top_paths=3)"),
    ("placeholder_shape", f"{K}int_shape({K}placeholder(shape=(None, 4)))"),
    ("placeholder_ndim", f"{K}int_shape({K}placeholder(ndim=3))"),
    ("placeholder_dtype", f"{K}dtype({K}placeholder(shape=(2, 3), dtype='float64'))"),
]:
    case(cid, code)

RNN_STEP = ("w = tf.constant(np.linspace(-0.5, 0.5, 6).reshape(2, 3).astype(np.float32))\n"
            "u = tf.constant(np.linspace(0.3, -0.3, 9).reshape(3, 3).astype(np.float32))\n"
            "def step(x, states):\n"
            "    h = tf.tanh(tf.matmul(x, w) + tf.matmul(states[0], u))\n"
            "    return h, [h]\n")
RNN_INPUTS = f"x = {ramp((2, 4, 2))}\nh0 = {ramp((2, 3), 0.1, 0.6)}\nmask = tf.constant([[1, 1, 0, 1], [1, 0, 0, 0]])\n"
for cid, kwargs in [
    ("plain", ""), ("backwards", ", go_backwards=True"), ("unroll", ", unroll=True"),
    ("mask", ", mask=mask"), ("mask_unroll", ", mask=mask, unroll=True"),
    ("mask_backwards", ", mask=mask, go_backwards=True"),
    ("mask_zero_output", ", mask=mask, zero_output_for_mask=True"),
    ("mask_zero_output_unroll", ", mask=mask, zero_output_for_mask=True, unroll=True"),
    ("input_length", ", input_length=tf.constant([4, 2])"),
    ("time_major", ", time_major=True"),
]:
    x = "tf.transpose(x, [1, 0, 2])" if cid == "time_major" else "x"
    case(f"rnn_{cid}", RNN_STEP + RNN_INPUTS + f"last, outputs, states = {K}rnn(step, {x}, [h0]{kwargs})\n"
                                              "(last, outputs, list(states))")
case("rnn_constants", RNN_STEP.replace("tf.matmul(states[0], u))", "tf.matmul(states[0], u) + states[1])") + RNN_INPUTS +
     f"last, outputs, states = {K}rnn(step, x, [h0], constants=[tf.constant([0.1, 0.2, 0.3])])\n"
     "(last, outputs, list(states))")
case("rnn_rank2", f"{K}rnn(lambda x, s: (x, s), tf.ones((2, 3)), [tf.zeros((2, 1))])")


def main():
    core.write_goldens(OUT, CASES, keras_recorder.run_case, r"kbackend_[a-z0-9_]+",
                       "tensorflow.compat.v1 with TF_USE_LEGACY_KERAS=1 (tf_keras v1 Keras); "
                       "disable_v2_behavior(); enable_eager_execution(); disable_tensor_equality()",
                       "record_keras_backend_goldens.py")


if __name__ == "__main__":
    main()
