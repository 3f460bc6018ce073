"""Ported behaviours of tensorflow/python/keras/backend_test.py (TF 1.15) for the backend functions of
keras/backend_nn.py, backend_functions.py and the later part of backend_math.py, eager mode.

Graph-session parts (``cached_session``, ``get_session().run``, fetches/feed_dict/run_options of
``function``) are left out: tfcompat has no graph sessions.  ``test_ctc_decode`` adds a greedy case on
TF's input (its path worked out by hand: argmax per step, repeats merged, blanks dropped).
"""

import numpy as np
import pytest
from numpy.testing import assert_allclose

import tfcompat as tf

K = tf.keras.backend
RNG = np.random.RandomState(1234)


def _shape(t):
    return t.get_shape().as_list()


def _compare_single_input_op_to_numpy(keras_op, np_op, input_shape, keras_args=(), keras_kwargs=None,
                                      np_args=(), np_kwargs=None):
    inputs = 2. * RNG.random_sample(input_shape) - 1.
    keras_output = K.eval(keras_op(K.variable(inputs), *keras_args, **(keras_kwargs or {})))
    assert_allclose(keras_output, np_op(inputs.astype("float32"), *np_args, **(np_kwargs or {})), atol=1e-4)


def test_BackendLinearAlgebraTest_test_batch_dot():
    x = K.ones(shape=(32, 20, 1))
    y = K.ones(shape=(32, 30, 20))
    xy = K.batch_dot(x, y, axes=[1, 2])
    assert _shape(xy) == [32, 1, 30]
    # TF 1.15's docstring examples
    x_batch = K.variable([[1., 2.], [3., 4.]])
    y_batch = K.variable([[5., 6.], [7., 8.]])
    assert_allclose(K.eval(K.batch_dot(x_batch, y_batch, axes=1)), [[17.], [53.]])
    assert _shape(K.batch_dot(K.ones((100, 20)), K.ones((100, 30, 20)), axes=(1, 2))) == [100, 30]


def test_BackendShapeOpsTest_test_resize_images():
    x = K.variable(np.ones((1, 2, 2, 3)))
    assert _shape(K.resize_images(x, 2, 2, "channels_last")) == [1, 4, 4, 3]
    x = K.variable(np.ones((1, 3, 2, 2)))
    assert _shape(K.resize_images(x, 2, 2, "channels_first")) == [1, 3, 4, 4]
    with pytest.raises(ValueError):
        K.resize_images(x, 2, 2, data_format="unknown")


def test_BackendShapeOpsTest_test_resize_volumes():
    x = K.variable(np.ones((1, 2, 2, 2, 3)))
    assert _shape(K.resize_volumes(x, 2, 2, 2, "channels_last")) == [1, 4, 4, 4, 3]
    x = K.variable(np.ones((1, 3, 2, 2, 2)))
    assert _shape(K.resize_volumes(x, 2, 2, 2, "channels_first")) == [1, 3, 4, 4, 4]
    with pytest.raises(ValueError):
        K.resize_volumes(x, 2, 2, 2, data_format="unknown")


def test_BackendShapeOpsTest_test_repeat_elements():
    x = K.variable(np.ones((1, 3, 2)))
    assert _shape(K.repeat_elements(x, 3, axis=1)) == [1, 9, 2]


def test_BackendShapeOpsTest_test_temporal_padding():
    def ref_op(x, padding):
        shape = list(x.shape)
        shape[1] += padding[0] + padding[1]
        y = np.zeros(tuple(shape))
        y[:, padding[0]:-padding[1], :] = x
        return y
    _compare_single_input_op_to_numpy(K.temporal_padding, ref_op, (4, 7, 6), keras_args=[(2, 3)], np_args=[(2, 3)])


def _ref_spatial_padding(x, padding, data_format="channels_last"):
    shape = list(x.shape)
    first = 1 if data_format == "channels_last" else 2
    index = [slice(None)] * len(shape)
    for axis, (before, after) in enumerate(padding):
        shape[first + axis] += before + after
        index[first + axis] = slice(before, -after)
    y = np.zeros(tuple(shape))
    y[tuple(index)] = x
    return y


@pytest.mark.parametrize("data_format", ["channels_last", "channels_first"])
def test_BackendShapeOpsTest_test_spatial_2d_padding(data_format):
    padding = ((2, 3), (1, 2))
    _compare_single_input_op_to_numpy(K.spatial_2d_padding, _ref_spatial_padding, (2, 3, 2, 3),
                                      keras_args=[padding], keras_kwargs={"data_format": data_format},
                                      np_args=[padding], np_kwargs={"data_format": data_format})


@pytest.mark.parametrize("data_format", ["channels_last", "channels_first"])
def test_BackendShapeOpsTest_test_spatial_3d_padding(data_format):
    padding = ((2, 3), (1, 2), (2, 3))
    _compare_single_input_op_to_numpy(K.spatial_3d_padding, _ref_spatial_padding, (2, 3, 2, 3, 2),
                                      keras_args=[padding], keras_kwargs={"data_format": data_format},
                                      np_args=[padding], np_kwargs={"data_format": data_format})


def test_BackendNNOpsTest_test_pool2d():
    x = K.variable(RNG.random_sample((10, 3, 10, 10)))
    assert _shape(K.pool2d(x, (2, 2), strides=(1, 1), padding="valid", data_format="channels_first",
                           pool_mode="max")) == [10, 3, 9, 9]
    assert _shape(K.pool2d(x, (2, 2), strides=(1, 1), padding="valid", data_format="channels_first",
                           pool_mode="avg")) == [10, 3, 9, 9]
    x = K.variable(RNG.random_sample((10, 10, 10, 3)))
    assert _shape(K.pool2d(x, (2, 2), strides=(1, 1), padding="valid", data_format="channels_last")) == [10, 9, 9, 3]
    assert _shape(K.pool2d(x, (2, 2), strides=(1, 1), padding="same", data_format="channels_last")) == [10, 10, 10, 3]
    assert _shape(K.pool2d(x, (2, 2), strides=(2, 2), padding="same", data_format="channels_last")) == [10, 5, 5, 3]
    with pytest.raises(ValueError):
        K.pool2d(x, (2, 2), strides=(2, 2), padding="other", data_format="channels_last")
    with pytest.raises(ValueError):
        K.pool2d(x, (2, 2), strides=(2, 2), data_format="other")
    with pytest.raises(ValueError):
        K.pool2d(x, (2, 2, 2), strides=(2, 2))
    with pytest.raises(ValueError):
        K.pool2d(x, (2, 2), strides=(2, 2, 2))
    with pytest.raises(ValueError):
        K.pool2d(x, (2, 2), strides=(2, 2), pool_mode="other")


def test_BackendNNOpsTest_test_pool3d():
    x = K.variable(RNG.random_sample((10, 3, 10, 10, 10)))
    assert _shape(K.pool3d(x, (2, 2, 2), strides=(1, 1, 1), padding="valid", data_format="channels_first",
                           pool_mode="max")) == [10, 3, 9, 9, 9]
    assert _shape(K.pool3d(x, (2, 2, 2), strides=(1, 1, 1), padding="valid", data_format="channels_first",
                           pool_mode="avg")) == [10, 3, 9, 9, 9]
    x = K.variable(RNG.random_sample((10, 10, 10, 10, 3)))
    assert _shape(K.pool3d(x, (2, 2, 2), strides=(1, 1, 1), padding="valid",
                           data_format="channels_last")) == [10, 9, 9, 9, 3]
    assert _shape(K.pool3d(x, (2, 2, 2), strides=(1, 1, 1), padding="same",
                           data_format="channels_last")) == [10, 10, 10, 10, 3]
    assert _shape(K.pool3d(x, (2, 2, 2), strides=(2, 2, 2), padding="same",
                           data_format="channels_last")) == [10, 5, 5, 5, 3]


def test_BackendNNOpsTest_test_conv1d():
    k = K.variable(RNG.random_sample((3, 4, 5)))
    x = K.variable(RNG.random_sample((10, 4, 10)))
    assert _shape(K.conv1d(x, k, strides=(1,), padding="valid", data_format="channels_first")) == [10, 5, 8]
    x = K.variable(RNG.random_sample((10, 10, 4)))
    assert _shape(K.conv1d(x, k, strides=(1,), padding="valid", data_format="channels_last")) == [10, 8, 5]
    assert _shape(K.conv1d(x, k, strides=(1,), padding="same", data_format="channels_last")) == [10, 10, 5]
    assert _shape(K.conv1d(x, k, strides=(2,), padding="same", data_format="channels_last")) == [10, 5, 5]


def _local_conv_reference(inputs, kernel, kernel_sizes, strides, output_shape):
    """Channels-last locally connected product, position by position."""
    batch, filters = inputs.shape[0], kernel.shape[-1]
    out = np.zeros((batch,) + tuple(output_shape) + (filters,))
    for flat, position in enumerate(np.ndindex(*output_shape)):
        index = tuple(slice(p * s, p * s + k) for p, s, k in zip(position, strides, kernel_sizes))
        patch = inputs[(slice(None),) + index].reshape(batch, -1)
        out[(slice(None),) + position] = patch @ kernel[flat]
    return out


@pytest.mark.parametrize("input_shape, kernel_sizes, strides, output_shape",
                         [((5, 6), (3,), (1,), (3,)), ((4, 5, 6), (3, 3), (1, 1), (2, 3))],
                         ids=["local_conv1d", "local_conv2d"])
def test_BackendNNOpsTest_test_local_conv_1d_and_2d(input_shape, kernel_sizes, strides, output_shape):
    inputs = RNG.normal(0, 1, (2,) + input_shape)
    kernel = RNG.normal(0, 1, (np.prod(output_shape), np.prod(kernel_sizes) * input_shape[-1], 3))
    if len(output_shape) == 1:
        result = K.local_conv1d(K.variable(inputs), K.variable(kernel), kernel_sizes, strides, "channels_last")
    else:
        result = K.local_conv2d(K.variable(inputs), K.variable(kernel), kernel_sizes, strides, output_shape,
                                "channels_last")
    assert_allclose(K.eval(result), _local_conv_reference(inputs, kernel, kernel_sizes, strides, output_shape),
                    rtol=1e-4, atol=1e-4)


def test_BackendNNOpsTest_test_local_conv_channels_dim():
    filters, batch_size = 3, 2
    for input_shape in [(3, 5), (2, 5, 3)]:  # TF's 1-D and 2-D cases (its 3-D one uses the private local_conv)
        channels_in, spatial = input_shape[0], input_shape[1:]
        dim = len(spatial)
        inputs = RNG.normal(0, 1, (batch_size,) + input_shape)
        for kernel_size in [1, 2]:
            for stride in [1, 2]:
                kernel_sizes, strides = (kernel_size,) * dim, (stride,) * dim
                output_shape = tuple((i - kernel_size + stride) // stride for i in spatial)
                kernel_shape = (np.prod(output_shape), np.prod(kernel_sizes) * channels_in, filters)
                kernel = RNG.normal(0, 1, output_shape + (channels_in, np.prod(kernel_sizes), filters))
                kernel_cf = np.reshape(kernel, kernel_shape)
                inputs_cl = np.transpose(inputs, [0, 2] + list(range(3, dim + 2)) + [1])
                kernel_cl = np.reshape(np.transpose(kernel, list(range(dim)) + [dim + 1, dim, dim + 2]), kernel_shape)
                if dim == 1:
                    conv_cf = K.local_conv1d(K.variable(inputs), K.variable(kernel_cf), kernel_sizes, strides,
                                             "channels_first")
                    conv_cl = K.local_conv1d(K.variable(inputs_cl), K.variable(kernel_cl), kernel_sizes, strides,
                                             "channels_last")
                else:
                    conv_cf = K.local_conv2d(K.variable(inputs), K.variable(kernel_cf), kernel_sizes, strides,
                                             output_shape, "channels_first")
                    conv_cl = K.local_conv2d(K.variable(inputs_cl), K.variable(kernel_cl), kernel_sizes, strides,
                                             output_shape, "channels_last")
                assert_allclose(K.eval(conv_cf), np.transpose(K.eval(conv_cl), [0, dim + 1] + list(range(1, dim + 1))),
                                atol=1e-5)


def test_BackendNNOpsTest_test_conv2d():
    k = K.variable(RNG.random_sample((3, 3, 4, 5)))
    x = K.variable(RNG.random_sample((10, 4, 10, 10)))
    assert _shape(K.conv2d(x, k, padding="valid", data_format="channels_first")) == [10, 5, 8, 8]
    x = K.variable(RNG.random_sample((10, 10, 10, 4)))
    assert _shape(K.conv2d(x, k, strides=(1, 1), padding="valid", data_format="channels_last")) == [10, 8, 8, 5]
    assert _shape(K.conv2d(x, k, strides=(1, 1), padding="same", data_format="channels_last")) == [10, 10, 10, 5]
    assert _shape(K.conv2d(x, k, strides=(2, 2), padding="same", data_format="channels_last")) == [10, 5, 5, 5]
    with pytest.raises(ValueError):
        K.conv2d(x, k, (2, 2), padding="other", data_format="channels_last")
    with pytest.raises(ValueError):
        K.conv2d(x, k, (2, 2), data_format="other")
    with pytest.raises(ValueError):
        K.conv2d(x, k, (2, 2, 2))


def test_BackendNNOpsTest_test_separable_conv2d():
    dk = K.variable(RNG.random_sample((3, 3, 4, 1)))
    pk = K.variable(RNG.random_sample((1, 1, 4, 5)))
    x = K.variable(RNG.random_sample((10, 4, 10, 10)))
    assert _shape(K.separable_conv2d(x, dk, pk, padding="valid", data_format="channels_first")) == [10, 5, 8, 8]
    x = K.variable(RNG.random_sample((10, 10, 10, 4)))
    assert _shape(K.separable_conv2d(x, dk, pk, strides=(1, 1), padding="valid",
                                     data_format="channels_last")) == [10, 8, 8, 5]
    assert _shape(K.separable_conv2d(x, dk, pk, strides=(1, 1), padding="same",
                                     data_format="channels_last")) == [10, 10, 10, 5]
    assert _shape(K.separable_conv2d(x, dk, pk, strides=(2, 2), padding="same",
                                     data_format="channels_last")) == [10, 5, 5, 5]
    with pytest.raises(ValueError):
        K.separable_conv2d(x, dk, pk, (2, 2), padding="other", data_format="channels_last")
    with pytest.raises(ValueError):
        K.separable_conv2d(x, dk, pk, (2, 2), data_format="other")
    with pytest.raises(ValueError):
        K.separable_conv2d(x, dk, pk, (2, 2, 2))


def test_BackendNNOpsTest_test_conv3d():
    k = K.variable(RNG.random_sample((3, 3, 3, 4, 5)))
    x = K.variable(RNG.random_sample((10, 4, 10, 10, 10)))
    assert _shape(K.conv3d(x, k, padding="valid", data_format="channels_first")) == [10, 5, 8, 8, 8]
    x = K.variable(RNG.random_sample((10, 10, 10, 10, 4)))
    assert _shape(K.conv3d(x, k, strides=(1, 1, 1), padding="valid",
                           data_format="channels_last")) == [10, 8, 8, 8, 5]
    assert _shape(K.conv3d(x, k, strides=(1, 1, 1), padding="same",
                           data_format="channels_last")) == [10, 10, 10, 10, 5]
    assert _shape(K.conv3d(x, k, strides=(2, 2, 2), padding="same",
                           data_format="channels_last")) == [10, 5, 5, 5, 5]
    with pytest.raises(ValueError):
        K.conv3d(x, k, (2, 2, 2), padding="other", data_format="channels_last")
    with pytest.raises(ValueError):
        K.conv3d(x, k, (2, 2, 2), data_format="other")
    with pytest.raises(ValueError):
        K.conv3d(x, k, (2, 2))


def _run_rnn_cases(step_function, initial_states, input_val, np_mask, states_count):
    inputs, mask = K.variable(input_val), K.variable(np_mask)
    kwargs_list = [{"go_backwards": False, "mask": None}, {"go_backwards": False, "mask": None, "unroll": True},
                   {"go_backwards": True, "mask": None}, {"go_backwards": True, "mask": None, "unroll": True},
                   {"go_backwards": False, "mask": mask}, {"go_backwards": False, "mask": mask, "unroll": True}]
    results = []
    for kwargs in kwargs_list:
        last_output, outputs, new_states = K.rnn(step_function, inputs, initial_states, **kwargs)
        assert _shape(last_output) == [4, 3]
        assert _shape(outputs) == [4, 6, 3]
        assert len(new_states) == states_count
        results.append((K.eval(last_output), K.eval(outputs), [K.eval(s) for s in new_states]))
    for rolled, unrolled in ((0, 1), (2, 3), (4, 5)):
        assert_allclose(results[rolled][0], results[unrolled][0], atol=1e-4)
        assert_allclose(results[rolled][1], results[unrolled][1], atol=1e-4)
        for state, unrolled_state in zip(results[rolled][2], results[unrolled][2]):
            assert_allclose(state, unrolled_state, atol=1e-4)
    return results


def _rnn_values():
    rng = np.random.RandomState(7)
    return (rng.random_sample((4, 6, 5)).astype(np.float32), rng.random_sample((4, 3)).astype(np.float32),
            rng.random_sample((5, 3)).astype(np.float32), rng.random_sample((3, 3)).astype(np.float32),
            rng.randint(2, size=(4, 6)))


def test_BackendNNOpsTest_test_rnn():
    input_val, init_state_val, w_i_val, w_o_val, np_mask = _rnn_values()
    w_i, w_o = K.variable(w_i_val), K.variable(w_o_val)

    def step_function(x, states):
        assert len(states) == 1
        output = K.dot(x, w_i) + K.dot(states[0], w_o)
        return output, [output]

    results = _run_rnn_cases(step_function, [K.variable(init_state_val)], input_val, np_mask, 1)
    # the reference: the same recurrence in NumPy (masked steps keep the previous output and state)
    state, outputs = init_state_val, []
    previous = np.zeros_like(init_state_val)
    for t in range(6):
        new = input_val[:, t] @ w_i_val + state @ w_o_val
        keep = np_mask[:, t:t + 1].astype(bool)
        previous = np.where(keep, new, previous)
        state = np.where(keep, new, state)
        outputs.append(previous)
    assert_allclose(results[4][1], np.stack(outputs, 1), rtol=1e-5)
    assert_allclose(results[4][2][0], state, rtol=1e-5)


def test_BackendNNOpsTest_test_rnn_additional_states():
    input_val, init_state_val, w_i_val, w_o_val, np_mask = _rnn_values()
    w_i, w_o = K.variable(w_i_val), K.variable(w_o_val)

    def step_function(x, states):
        assert len(states) == 2
        output = K.dot(x, w_i) + K.dot(states[0], w_o)
        return output, [output, K.concatenate([output, output], axis=-1)]

    initial_states = [K.variable(init_state_val), np.concatenate([init_state_val, init_state_val], axis=-1)]
    results = _run_rnn_cases(step_function, initial_states, input_val, np_mask, 2)
    for _, _, states in results:
        assert states[0].shape == (4, 3) and states[1].shape == (4, 6)


def test_BackendNNOpsTest_test_normalize_batch_in_training():
    x = K.variable(RNG.random_sample((10, 3, 10, 10)))
    reduction_axes = (0, 2, 3)
    gamma, beta = K.variable(RNG.random_sample((3,))), K.variable(RNG.random_sample((3,)))
    for gamma_value, beta_value in ((gamma, beta), (None, beta), (None, None)):
        normed, mean, var = K.normalize_batch_in_training(x, gamma_value, beta_value, reduction_axes, epsilon=1e-3)
        assert _shape(normed) == [10, 3, 10, 10]
        assert _shape(mean) == [3]
        assert _shape(var) == [3]


_CTC_DECODE_PROBS = np.asarray(
    [[0.30999, 0.309938, 0.0679938, 0.0673362, 0.0708352, 0.173908],
     [0.215136, 0.439699, 0.0370931, 0.0393967, 0.0381581, 0.230517],
     [0.199959, 0.489485, 0.0233221, 0.0251417, 0.0233289, 0.238763],
     [0.279611, 0.452966, 0.0204795, 0.0209126, 0.0194803, 0.20655],
     [0.51286, 0.288951, 0.0243026, 0.0220788, 0.0219297, 0.129878],
     [0.155251, 0.164444, 0.173517, 0.176138, 0.169979, 0.160671]], dtype=np.float32)


def test_TestCTC_test_ctc_decode():
    inputs = [_CTC_DECODE_PROBS[t][np.newaxis, :] for t in range(5)] + 2 * [np.zeros((1, 6), np.float32)]
    inputs = K.variable(np.asarray(inputs).transpose((1, 0, 2)))
    input_length = K.variable(np.array([5], dtype=np.int32))
    log_prob_truth = np.array([-3.5821197, -3.777835], np.float32)[np.newaxis, :]
    decode_truth = [np.array([1, 0]), np.array([0, 1, 0])]
    decoded, log_prob = K.ctc_decode(inputs, input_length, greedy=False, beam_width=2, top_paths=2)
    assert len(decoded) == 2
    for i in range(2):
        assert np.all(decode_truth[i] == K.eval(decoded[i]))
    assert_allclose(K.eval(log_prob), log_prob_truth, rtol=1e-6)


def test_TestCTC_test_ctc_decode_greedy():
    inputs = [_CTC_DECODE_PROBS[t][np.newaxis, :] for t in range(5)] + 2 * [np.zeros((1, 6), np.float32)]
    inputs = K.variable(np.asarray(inputs).transpose((1, 0, 2)))
    decoded, log_prob = K.ctc_decode(inputs, K.variable(np.array([5], dtype=np.int32)))
    assert len(decoded) == 1
    np.testing.assert_array_equal(K.eval(decoded[0]), [[0, 1, 0]])  # path 0 1 1 1 0
    best = _CTC_DECODE_PROBS[:5].max(axis=1)
    assert_allclose(K.eval(log_prob), [[-np.log(best + 1e-7).sum()]], rtol=1e-5)


def test_TestCTC_test_ctc_batch_cost():
    label_lens = np.expand_dims(np.asarray([5, 4]), 1)
    input_lens = np.expand_dims(np.asarray([5, 5]), 1)
    labels = np.asarray([[0, 1, 2, 1, 0], [0, 1, 1, 0, -1]])
    inputs = np.asarray(
        [[[0.633766, 0.221185, 0.0917319, 0.0129757, 0.0142857, 0.0260553],
          [0.111121, 0.588392, 0.278779, 0.0055756, 0.00569609, 0.010436],
          [0.0357786, 0.633813, 0.321418, 0.00249248, 0.00272882, 0.0037688],
          [0.0663296, 0.643849, 0.280111, 0.00283995, 0.0035545, 0.00331533],
          [0.458235, 0.396634, 0.123377, 0.00648837, 0.00903441, 0.00623107]],
         [[0.30176, 0.28562, 0.0831517, 0.0862751, 0.0816851, 0.161508],
          [0.24082, 0.397533, 0.0557226, 0.0546814, 0.0557528, 0.19549],
          [0.230246, 0.450868, 0.0389607, 0.038309, 0.0391602, 0.202456],
          [0.280884, 0.429522, 0.0326593, 0.0339046, 0.0326856, 0.190345],
          [0.423286, 0.315517, 0.0338439, 0.0393744, 0.0339315, 0.154046]]], dtype=np.float32)
    res = K.eval(K.ctc_batch_cost(K.variable(labels, dtype="int32"), K.variable(inputs, dtype="float32"),
                                  K.variable(input_lens, dtype="int32"), K.variable(label_lens, dtype="int32")))
    assert_allclose(res[:, 0], [3.34211, 5.42262], atol=1e-05)
    res = K.eval(K.ctc_batch_cost(K.variable(labels[:1], dtype="int32"), K.variable(inputs[:1], dtype="float32"),
                                  K.variable(input_lens[:1], dtype="int32"),
                                  K.variable(label_lens[:1], dtype="int32")))
    assert_allclose(res[:, 0], [3.34211], atol=1e-05)


def test_TestRandomOps_test_random_binomial():
    np.random.seed(123)
    x = K.random_binomial((1000, 1000), p=0.5)
    assert_allclose(np.mean(K.eval(x)), 0.5, atol=0.1)


def test_BackendVariableTest_test_random_uniform_variable():
    val = K.eval(K.random_uniform_variable((30, 20), low=1, high=2, seed=0))
    assert_allclose(val.mean(), 1.5, atol=1e-1)
    assert_allclose(val.max(), 2., atol=1e-1)
    assert_allclose(val.min(), 1., atol=1e-1)


def test_BackendVariableTest_test_random_normal_variable():
    val = K.eval(K.random_normal_variable((30, 20), 1., 0.5, seed=0))
    assert_allclose(val.mean(), 1., atol=1e-1)
    assert_allclose(val.std(), 0.5, atol=1e-1)


def test_BackendVariableTest_test_placeholder():
    x = K.placeholder(shape=(3, 4))
    assert x.get_shape().as_list() == [3, 4]


def test_BackendUtilsTest_test_backend():
    assert K.backend() == "tensorflow"


def test_BackendUtilsTest_test_int_shape():
    assert K.int_shape(K.placeholder(shape=(3, 4))) == (3, 4)
    assert K.int_shape(K.placeholder(shape=(None, 4))) == (None, 4)
