"""tf.nn: TF 1.x values, shapes, dtypes and errors.

Expected numbers come from TF's definitions (NumPy reference implementations in
NHWC with TF's asymmetric 'SAME' padding) or from values printed by TensorFlow.
"""

import numpy as np
import pytest
import torch
from numpy.testing import assert_allclose, assert_array_equal

import tfcompat as tf

InvalidArgumentError = tf.errors.InvalidArgumentError
RNG = np.random.RandomState(0)


# --- NumPy references of TF's definitions ------------------------------------------------------------

def _same_out_and_pad(size, window, stride, dilation=1):
    effective = (window - 1) * dilation + 1
    out = -(-size // stride)
    total = max((out - 1) * stride + effective - size, 0)
    return out, total // 2


def _window_geometry(size, window, stride, padding, dilation=1):
    if padding == "SAME":
        return _same_out_and_pad(size, window, stride, dilation)
    return (size - (window - 1) * dilation - 1) // stride + 1, 0


def np_conv2d(x, w, strides, padding, dilations=(1, 1)):
    """NHWC input, HWIO filter: output[b, i, j, o] = sum x[b, i*s + a*d - top, ...] * w[a, b', c, o]."""
    n, height, width, _ = x.shape
    kh, kw, _, out_channels = w.shape
    oh, top = _window_geometry(height, kh, strides[0], padding, dilations[0])
    ow, left = _window_geometry(width, kw, strides[1], padding, dilations[1])
    out = np.zeros((n, oh, ow, out_channels), np.float64)
    for i in range(oh):
        for j in range(ow):
            for a in range(kh):
                for b in range(kw):
                    y = i * strides[0] + a * dilations[0] - top
                    z = j * strides[1] + b * dilations[1] - left
                    if 0 <= y < height and 0 <= z < width:
                        out[:, i, j, :] += x[:, y, z, :] @ w[a, b]
    return out


def np_pool(x, ksize, strides, padding, reduce):
    """NHWC pooling over the in-bounds cells of each window (TF excludes padding from averages)."""
    n, height, width, channels = x.shape
    oh, top = _window_geometry(height, ksize[0], strides[0], padding)
    ow, left = _window_geometry(width, ksize[1], strides[1], padding)
    out = np.zeros((n, oh, ow, channels), x.dtype)
    for i in range(oh):
        for j in range(ow):
            y0, z0 = i * strides[0] - top, j * strides[1] - left
            window = x[:, max(y0, 0):y0 + ksize[0], max(z0, 0):z0 + ksize[1], :]
            out[:, i, j, :] = reduce(window, axis=(1, 2))
    return out


def zeros(shape, dtype=np.float32):
    return tf.constant(np.zeros(shape, dtype))


def ones(shape, dtype=np.float32):
    return tf.constant(np.ones(shape, dtype))


def grad_of(function, *arrays):
    """Gradients of sum(function(*tensors)) with respect to each array, through torch autograd."""
    device = tf.to_torch(tf.constant(0.0)).device  # where tfcompat puts new tensors
    leaves = [torch.tensor(a, device=device, requires_grad=True) for a in arrays]
    result = function(*[tf.from_torch(t) for t in leaves])
    return [g.cpu().numpy() for g in torch.autograd.grad(tf.to_torch(result).sum(), leaves)]


# --- activations -----------------------------------------------------------------------------------------------

def test_relu_keeps_integer_dtype():
    result = tf.nn.relu(tf.constant([1, -2, 3]))
    assert result.dtype == tf.int32
    assert_array_equal(result.numpy(), [1, 0, 3])


def test_relu6_clips_to_six():
    assert_array_equal(tf.nn.relu6(tf.constant([-1.0, 3.0, 9.0])).numpy(), [0.0, 3.0, 6.0])
    assert tf.nn.relu6(tf.constant([1, -2, 9])).dtype == tf.int32


def test_elu_selu_softplus_softsign_values():
    x = np.array([-2.0, -0.5, 0.0, 1.5], np.float32)
    assert_allclose(tf.nn.elu(x).numpy(), np.where(x > 0, x, np.expm1(x)), rtol=1e-6)
    scale, alpha = 1.0507009873554805, 1.6732632423543772
    assert_allclose(tf.nn.selu(x).numpy(), scale * np.where(x > 0, x, alpha * np.expm1(x)), rtol=1e-6)
    assert_allclose(tf.nn.softplus(x).numpy(), np.log1p(np.exp(x)), rtol=1e-6)
    assert_allclose(tf.nn.softsign(x).numpy(), x / (1 + np.abs(x)), rtol=1e-6)
    assert tf.math.softplus is tf.nn.softplus


def test_selu_gradient_at_zero_is_scale():
    (grad,) = grad_of(tf.nn.selu, np.array([0.0, -1.0], np.float32))
    assert_allclose(grad, [1.0507009873554805, 1.0507009873554805 * 1.6732632423543772 * np.exp(-1)],
                    rtol=1e-6)


def test_leaky_relu_default_alpha_and_integer_input():
    assert_allclose(tf.nn.leaky_relu(tf.constant([1.0, -2.0])).numpy(), [1.0, -0.4])
    result = tf.nn.leaky_relu(tf.constant([1, -2]))
    assert result.dtype == tf.float32
    assert_allclose(result.numpy(), [1.0, -0.4])


def test_crelu_and_swish():
    x = np.array([[1.0, -2.0]], np.float32)
    assert_array_equal(tf.nn.crelu(x).numpy(), [[1.0, 0.0, 0.0, 2.0]])
    assert tf.nn.crelu(x, axis=0).shape.as_list() == [2, 2]
    assert_allclose(tf.nn.swish(x).numpy(), x / (1 + np.exp(-x)), rtol=1e-6)


def test_float_only_activations_reject_integers():
    with pytest.raises(InvalidArgumentError, match=r"Value for attr 'T' of int32 is not in the list of "
                                                   r"allowed values: half, bfloat16, float, double"):
        tf.nn.elu(tf.constant([1, 2]))


# --- softmax, normalization helpers -----------------------------------------------------------------------------

def test_softmax_last_axis_and_dim_alias():
    logits = np.array([[1.0, 2.0, 3.0], [1.0, 1.0, 1.0]], np.float32)
    expected = np.exp(logits) / np.exp(logits).sum(1, keepdims=True)
    assert_allclose(tf.nn.softmax(logits).numpy(), expected, rtol=1e-6)
    column = np.exp(logits) / np.exp(logits).sum(0, keepdims=True)
    assert_allclose(tf.nn.softmax(logits, dim=0).numpy(), column, rtol=1e-6)
    assert_allclose(tf.nn.log_softmax(logits, axis=0).numpy(), np.log(column), rtol=1e-6)
    assert_allclose(tf.nn.softmax([1.0, 2.0]).numpy(), [0.26894143, 0.7310586], rtol=1e-6)
    assert tf.math.softmax is tf.nn.softmax


def test_softmax_errors():
    with pytest.raises(ValueError, match="Cannot specify both 'dim' and 'axis'"):
        tf.nn.softmax(zeros([2, 3]), axis=1, dim=1)
    with pytest.raises(InvalidArgumentError, match=r"Dimension \(2\) must be in the range \[-2, 2\) where 2 "
                                                   r"is the number of dimensions in the input."):
        tf.nn.softmax(zeros([2, 3]), axis=2)
    with pytest.raises(InvalidArgumentError, match=r"logits must have >= 1 dimension, got \[\] \[Op:Softmax\]"):
        tf.nn.softmax(tf.constant(1.0))
    with pytest.raises(InvalidArgumentError, match=r"(?s)of int32 is not in the list.*\[Op:Softmax\]"):
        tf.nn.softmax(tf.constant([1, 2]))


def test_l2_normalize_and_l2_loss():
    assert_allclose(tf.nn.l2_normalize([3.0, 4.0]).numpy(), [0.6, 0.8], rtol=1e-6)
    assert tf.linalg.l2_normalize is tf.nn.l2_normalize is tf.math.l2_normalize
    assert_allclose(tf.linalg.l2_normalize(tf.constant([3.0, 4.0])).numpy(), [0.6, 0.8], rtol=1e-6)
    assert_allclose(tf.nn.l2_normalize([[3.0, 4.0], [0.0, 0.0]], axis=1).numpy(), [[0.6, 0.8], [0, 0]], rtol=1e-6)
    with pytest.raises(TypeError, match="Cannot convert 1e-12 to EagerTensor of dtype int32"):
        tf.nn.l2_normalize(tf.constant([3, 4]))
    loss = tf.nn.l2_loss(tf.constant([1.0, -2.0]))
    assert loss.shape.as_list() == [] and loss.dtype == tf.float32
    assert loss.numpy() == np.float32(2.5)
    with pytest.raises(InvalidArgumentError, match=r"\[Op:L2Loss\]"):
        tf.nn.l2_loss(tf.constant([1, 2]))


def test_bias_add_formats_and_errors():
    value = np.zeros((2, 3, 4), np.float32)
    assert_array_equal(tf.nn.bias_add(value, np.arange(4, dtype=np.float32)).numpy()[1, 2], [0, 1, 2, 3])
    nchw = tf.nn.bias_add(value, np.arange(3, dtype=np.float32), data_format="NCHW").numpy()
    assert_array_equal(nchw[1, :, 0], [0, 1, 2])
    with pytest.raises(InvalidArgumentError, match=r"Must provide as many biases as the last dimension of the "
                                                   r"input tensor: \[2\] vs. \[2,3\] \[Op:BiasAdd\]"):
        tf.nn.bias_add(zeros([2, 3]), zeros([2]))
    with pytest.raises(InvalidArgumentError, match=r"Biases must be 1D: \[3,1\]"):
        tf.nn.bias_add(zeros([2, 3]), zeros([3, 1]))
    with pytest.raises(InvalidArgumentError, match="cannot compute BiasAdd as input #1\\(zero-based\\) was "
                                                   "expected to be a float tensor but is a double tensor"):
        tf.nn.bias_add(zeros([2, 3]), zeros([3], np.float64))


def test_xw_plus_b_and_zero_fraction():
    x = np.array([[1.0, 2.0]], np.float32)
    w = np.array([[1.0, -1.0], [2.0, -3.0]], np.float32)
    assert_allclose(tf.nn.xw_plus_b(x, w, np.array([1.0, 1.0], np.float32)).numpy(), [[6.0, -6.0]])
    assert_allclose(tf.nn.relu_layer(x, w, np.array([1.0, 1.0], np.float32)).numpy(), [[6.0, 0.0]])
    fraction = tf.nn.zero_fraction(tf.constant([0, 1, 0, 3]))
    assert fraction.dtype == tf.float32 and fraction.numpy() == 0.5


# --- dropout -------------------------------------------------------------------------------------------------------

def test_dropout_keep_prob_one_returns_input():
    x = ones([3])
    assert tf.nn.dropout(x, keep_prob=1.0) is x
    assert tf.nn.dropout(x, rate=0.0) is x


def test_dropout_scales_kept_values():
    x = ones([200])
    result = tf.nn.dropout(x, keep_prob=0.25).numpy()
    assert result.dtype == np.float32
    assert set(np.unique(result)) <= {0.0, 4.0}
    assert 10 < np.count_nonzero(result) < 100


def test_dropout_noise_shape_broadcasts():
    result = tf.nn.dropout(ones([4, 50]), rate=0.5, noise_shape=[1, 50]).numpy()
    assert (result == result[0]).all()
    with pytest.raises(InvalidArgumentError, match=r"Incompatible shapes"):
        tf.nn.dropout(ones([2, 3]), rate=0.5, noise_shape=[2, 2])


def test_dropout_seeded_sequence_restarts_with_graph_seed():
    tf.set_random_seed(7)
    first = [tf.nn.dropout(ones([50]), rate=0.5, seed=3).numpy() for _ in range(2)]
    tf.set_random_seed(7)
    again = [tf.nn.dropout(ones([50]), rate=0.5, seed=3).numpy() for _ in range(2)]
    assert_array_equal(first[0], again[0])
    assert_array_equal(first[1], again[1])
    assert not np.array_equal(first[0], first[1])


def test_dropout_argument_errors():
    with pytest.raises(ValueError, match="Cannot specify both 'keep_prob' and 'rate'"):
        tf.nn.dropout(ones([3]), keep_prob=0.5, rate=0.5)
    with pytest.raises(ValueError, match="You must provide a rate to dropout."):
        tf.nn.dropout(ones([3]))
    with pytest.raises(ValueError, match=r"rate must be a scalar tensor or a float in the range \[0, 1\), got 1"):
        tf.nn.dropout(ones([3]), keep_prob=0.0)
    with pytest.raises(ValueError, match="x has to be a floating point tensor since it's going to be scaled. "
                                         "Got a <dtype: 'int32'> tensor instead."):
        tf.nn.dropout(ones([3], np.int32), rate=0.5)
    with pytest.raises(ValueError, match="keep_prob must be a floating point number or Tensor"):
        tf.nn.dropout(ones([3]), keep_prob="a")


# --- convolution ----------------------------------------------------------------------------------------------------

def test_conv2d_same_stride_2_pads_bottom_right():
    # 4x4 input, 3x3 window, stride 2: TF pads 0 before and 1 after in each spatial dimension.
    x = np.arange(16, dtype=np.float32).reshape(1, 4, 4, 1)
    result = tf.nn.conv2d(x, np.ones((3, 3, 1, 1), np.float32), [1, 2, 2, 1], "SAME")
    assert result.shape.as_list() == [1, 2, 2, 1]
    assert_array_equal(result.numpy()[0, :, :, 0], [[45.0, 39.0], [66.0, 50.0]])


@pytest.mark.parametrize("padding", ["SAME", "VALID"])
@pytest.mark.parametrize("stride", [1, 2, 3])
def test_conv2d_matches_nhwc_reference(padding, stride):
    x = RNG.randn(2, 6, 7, 3).astype(np.float32)
    w = RNG.randn(3, 2, 3, 4).astype(np.float32)
    result = tf.nn.conv2d(x, w, [1, stride, stride, 1], padding)
    assert result.dtype == tf.float32
    assert_allclose(result.numpy(), np_conv2d(x, w, (stride, stride), padding), rtol=1e-4, atol=1e-5)


def test_conv2d_dilations_nchw_and_explicit_padding():
    x = RNG.randn(1, 7, 6, 2).astype(np.float32)
    w = RNG.randn(3, 3, 2, 3).astype(np.float32)
    dilated = tf.nn.conv2d(x, w, [1, 1, 1, 1], "SAME", dilations=[1, 2, 2, 1]).numpy()
    assert_allclose(dilated, np_conv2d(x, w, (1, 1), "SAME", (2, 2)), rtol=1e-4, atol=1e-5)
    assert_allclose(tf.nn.atrous_conv2d(x, w, 2, "SAME").numpy(), dilated, rtol=1e-5, atol=1e-6)
    nchw = tf.nn.conv2d(x.transpose(0, 3, 1, 2), w, [1, 1, 2, 2], "SAME", data_format="NCHW").numpy()
    assert_allclose(nchw.transpose(0, 2, 3, 1), np_conv2d(x, w, (2, 2), "SAME"), rtol=1e-4, atol=1e-5)
    explicit = tf.nn.conv2d(x, w, [1, 1, 1, 1], [[0, 0], [1, 1], [1, 1], [0, 0]]).numpy()
    assert_allclose(explicit, np_conv2d(x, w, (1, 1), "SAME"), rtol=1e-4, atol=1e-5)


def test_conv1d_and_depthwise_conv2d():
    x = RNG.randn(2, 9, 3).astype(np.float32)
    w = RNG.randn(4, 3, 5).astype(np.float32)
    result = tf.nn.conv1d(x, w, 2, "SAME")
    expected = np_conv2d(x[:, None], w[None], (1, 2), "SAME")[:, 0]
    assert_allclose(result.numpy(), expected, rtol=1e-4, atol=1e-5)
    image = RNG.randn(1, 5, 5, 2).astype(np.float32)
    depthwise = RNG.randn(3, 3, 2, 3).astype(np.float32)
    result = tf.nn.depthwise_conv2d(image, depthwise, [1, 2, 2, 1], "SAME").numpy()
    assert result.shape == (1, 3, 3, 6)
    for channel in range(2):
        for m in range(3):
            single = np_conv2d(image[..., channel:channel + 1], depthwise[:, :, channel:channel + 1, m:m + 1],
                               (2, 2), "SAME")
            assert_allclose(result[..., channel * 3 + m], single[..., 0], rtol=1e-4, atol=1e-5)


def test_conv2d_transpose_is_the_adjoint_of_conv2d():
    w = RNG.randn(3, 3, 2, 4).astype(np.float32)  # conv2d filter [h, w, in=2, out=4]
    x = RNG.randn(1, 6, 5, 2).astype(np.float32)
    y = RNG.randn(1, 3, 3, 4).astype(np.float32)
    forward = tf.nn.conv2d(x, w, [1, 2, 2, 1], "SAME").numpy()
    backward = tf.nn.conv2d_transpose(y, w, [1, 6, 5, 2], [1, 2, 2, 1], "SAME")
    assert backward.shape.as_list() == [1, 6, 5, 2]
    assert_allclose(np.sum(forward * y), np.sum(x * backward.numpy()), rtol=1e-4)
    with pytest.raises(InvalidArgumentError, match="Conv2DCustomBackpropInput: Size of out_backprop doesn't "
                                                   "match computed: actual = 3, computed = 4 spatial_dim: 1"):
        tf.nn.conv2d_transpose(y, w, [1, 8, 8, 2], [1, 2, 2, 1], "SAME")
    with pytest.raises(ValueError, match="output_shape does not match filter's output channels, 3 != 2"):
        tf.nn.conv2d_transpose(y, w, [1, 6, 5, 3], [1, 2, 2, 1], "SAME")


def test_conv2d_errors():
    x = zeros([1, 5, 5, 3])
    with pytest.raises(InvalidArgumentError, match=r"input and filter must have the same depth: 3 vs 4 "
                                                   r"\[Op:Conv2D\]"):
        tf.nn.conv2d(x, zeros([3, 3, 4, 2]), [1, 1, 1, 1], "SAME")
    with pytest.raises(InvalidArgumentError, match="Value for attr 'padding' of \"FOO\" is not in the list of "
                                                   "allowed values: \"SAME\", \"VALID\", \"EXPLICIT\""):
        tf.nn.conv2d(x, zeros([3, 3, 3, 2]), [1, 1, 1, 1], "FOO")
    with pytest.raises(InvalidArgumentError, match=r"input must be 4-dimensional\[5,5,3\]"):
        tf.nn.conv2d(zeros([5, 5, 3]), zeros([3, 3, 3, 2]), [1, 1, 1, 1], "SAME")
    with pytest.raises(ValueError, match="strides should be of length 1, 2 or 4 but was 3"):
        tf.nn.conv2d(x, zeros([3, 3, 3, 2]), [1, 1, 1], "SAME")
    with pytest.raises(InvalidArgumentError, match="does not yet support strides in the batch and depth"):
        tf.nn.conv2d(x, zeros([3, 3, 3, 2]), [2, 1, 1, 1], "SAME")
    with pytest.raises(InvalidArgumentError, match=r"cannot compute Conv2D as input #1\(zero-based\) was "
                                                   r"expected to be a float tensor but is a double tensor"):
        tf.nn.conv2d(x, zeros([3, 3, 3, 2], np.float64), [1, 1, 1, 1], "SAME")
    with pytest.raises(InvalidArgumentError, match=r"Computed output size would be negative: -2 \[input_size: 2, "
                                                   r"effective_filter_size: 5, stride: 1\]"):
        tf.nn.conv2d(zeros([1, 2, 2, 3]), zeros([5, 5, 3, 1]), [1, 1, 1, 1], "VALID")
    empty = tf.nn.conv2d(zeros([1, 2, 2, 3]), zeros([3, 3, 3, 2]), [1, 1, 1, 1], "VALID")
    assert empty.shape.as_list() == [1, 0, 0, 2]


# --- pooling --------------------------------------------------------------------------------------------------------

def test_pooling_same_stride_2_known_values():
    x = np.arange(16, dtype=np.float32).reshape(1, 4, 4, 1)
    # TF's SAME average excludes the padded cells: 12.5 = mean(10, 11, 14, 15).
    assert_array_equal(tf.nn.avg_pool(x, [1, 3, 3, 1], [1, 2, 2, 1], "SAME").numpy()[0, :, :, 0],
                       [[5.0, 6.5], [11.0, 12.5]])
    assert_array_equal(tf.nn.max_pool(x, [1, 3, 3, 1], [1, 2, 2, 1], "SAME").numpy()[0, :, :, 0],
                       [[10.0, 11.0], [14.0, 15.0]])


@pytest.mark.parametrize("padding", ["SAME", "VALID"])
@pytest.mark.parametrize("stride", [1, 2])
@pytest.mark.parametrize("window", [(3, 2), (3, 3)])
def test_pooling_matches_reference(padding, stride, window):
    x = RNG.randn(2, 5, 6, 3).astype(np.float32)
    args = ([1, *window, 1], [1, stride, stride, 1], padding)
    assert_allclose(tf.nn.avg_pool(x, *args).numpy(), np_pool(x, window, (stride, stride), padding, np.mean),
                    rtol=1e-5, atol=1e-6)
    assert_array_equal(tf.nn.max_pool(x, *args).numpy(), np_pool(x, window, (stride, stride), padding, np.max))
    nchw = tf.nn.avg_pool(x.transpose(0, 3, 1, 2), [1, 1, *window], [1, 1, stride, stride], padding,
                          data_format="NCHW").numpy()
    assert_allclose(nchw.transpose(0, 2, 3, 1), tf.nn.avg_pool(x, *args).numpy(), rtol=1e-6)


def test_pooling_dtypes_and_errors():
    ints = tf.nn.max_pool(tf.constant(np.arange(16, dtype=np.int32).reshape(1, 4, 4, 1)), [1, 2, 2, 1],
                          [1, 2, 2, 1], "VALID")
    assert ints.dtype == tf.int32
    assert_array_equal(ints.numpy()[0, :, :, 0], [[5, 7], [13, 15]])
    with pytest.raises(InvalidArgumentError, match=r"(?s)Value for attr 'T' of int32 .*\[Op:AvgPool\]"):
        tf.nn.avg_pool(zeros([1, 2, 2, 1], np.int32), [1, 1, 1, 1], [1, 1, 1, 1], "VALID")
    with pytest.raises(tf.errors.UnimplementedError, match="Pooling is not yet supported on the batch dimension"):
        tf.nn.max_pool(zeros([1, 5, 5, 3]), [2, 3, 3, 1], [1, 2, 2, 1], "SAME")
    with pytest.raises(InvalidArgumentError, match="Value for attr 'padding' of \"same\""):
        tf.nn.max_pool(zeros([1, 5, 5, 3]), [1, 3, 3, 1], [1, 2, 2, 1], "same")
    assert tf.nn.max_pool(zeros([1, 2, 2, 3]), [1, 3, 3, 1], [1, 2, 2, 1], "VALID").shape.as_list() == [1, 0, 0, 3]


def test_max_pool_with_argmax_flattens_nhwc_positions():
    x = RNG.randn(2, 4, 5, 3).astype(np.float32)
    values, argmax = tf.nn.max_pool_with_argmax(x, [1, 2, 2, 1], [1, 2, 2, 1], "SAME")
    assert argmax.dtype == tf.int64
    assert_array_equal(values.numpy(), np_pool(x, (2, 2), (2, 2), "SAME", np.max))
    flat = x.reshape(2, -1)
    for b in range(2):
        assert_array_equal(flat[b][argmax.numpy()[b]], values.numpy()[b])
    _, with_batch = tf.nn.max_pool_with_argmax(x, [1, 2, 2, 1], [1, 2, 2, 1], "SAME", include_batch_in_index=True)
    assert_array_equal(x.reshape(-1)[with_batch.numpy()], values.numpy())


def test_max_pool_with_argmax_is_a_named_tuple():
    x = tf.reshape(tf.range(16, dtype=tf.float32), [1, 4, 4, 1])
    result = tf.nn.max_pool_with_argmax(x, [1, 2, 2, 1], [1, 2, 2, 1], "VALID")
    assert type(result).__name__ == "MaxPoolWithArgmax" and result._fields == ("output", "argmax")
    assert_array_equal(result.output.numpy().ravel(), [5.0, 7.0, 13.0, 15.0])
    assert result.argmax.dtype == tf.int64
    assert_array_equal(result.argmax.numpy().ravel(), [5, 7, 13, 15])


def np_dilated_pool(x, window, dilation, reduce):
    """NHWC VALID pooling with holes: reduce(x[b, i + d0 * a, j + d1 * c, :]) over the window offsets."""
    _, height, width, _ = x.shape
    oh, ow = height - (window[0] - 1) * dilation[0], width - (window[1] - 1) * dilation[1]
    cells = [x[:, a * dilation[0]:a * dilation[0] + oh, c * dilation[1]:c * dilation[1] + ow, :]
             for a in range(window[0]) for c in range(window[1])]
    return reduce(np.stack(cells), axis=0)


def test_pool_known_values():
    x = tf.reshape(tf.range(16, dtype=tf.float32), [1, 4, 4, 1])
    result = tf.nn.pool(x, [2, 2], "AVG", "VALID", strides=[2, 2])  # values printed by TF
    assert result.dtype == tf.float32 and result.shape.as_list() == [1, 2, 2, 1]
    assert_array_equal(result.numpy().ravel(), [2.5, 4.5, 10.5, 12.5])
    assert_array_equal(tf.nn.pool(x, [2, 2], "MAX", "VALID", strides=[2, 2]).numpy().ravel(), [5, 7, 13, 15])
    # 1-d runs TF's 2-d kernels; MAX keeps integer dtypes: windows [0..2], [1..3], [3..5], ... (SAME, stride 2).
    ints = tf.nn.pool(tf.reshape(tf.range(12), [1, 12, 1]), [3], "MAX", "SAME", strides=[2])
    assert ints.dtype == tf.int32
    assert_array_equal(ints.numpy().ravel(), [2, 4, 6, 8, 10, 11])
    # Dilation 2 with a 3-wide window: max(x[i], x[i + 2], x[i + 4]) = x[i + 4].
    dilated = tf.nn.pool(tf.reshape(tf.range(12), [1, 12, 1]), [3], "MAX", "VALID", dilation_rate=[2])
    assert_array_equal(dilated.numpy().ravel(), np.arange(4, 12))


@pytest.mark.parametrize("padding", ["SAME", "VALID"])
@pytest.mark.parametrize("pooling_type", ["AVG", "MAX"])
def test_pool_is_the_n_dimensional_pooling_op(padding, pooling_type):
    x = RNG.randn(2, 5, 6, 3).astype(np.float32)
    pool_2d = tf.nn.avg_pool if pooling_type == "AVG" else tf.nn.max_pool
    assert_array_equal(tf.nn.pool(x, [3, 2], pooling_type, padding, strides=[2, 1]).numpy(),
                       pool_2d(x, [1, 3, 2, 1], [1, 2, 1, 1], padding).numpy())
    nchw = tf.nn.pool(x.transpose(0, 3, 1, 2), [3, 2], pooling_type, padding, strides=[2, 2], data_format="NCHW")
    assert_array_equal(nchw.numpy().transpose(0, 2, 3, 1), pool_2d(x, [1, 3, 2, 1], [1, 2, 2, 1], padding).numpy())
    line = x[:, 0]  # [batch, width, channels]
    pool_1d = tf.nn.avg_pool1d if pooling_type == "AVG" else tf.nn.max_pool1d
    assert_array_equal(tf.nn.pool(line, [3], pooling_type, padding, strides=[2]).numpy(),
                       pool_1d(line, [3], [2], padding).numpy())
    ncw = tf.nn.pool(line.transpose(0, 2, 1), [3], pooling_type, padding, strides=[2], data_format="NCW")
    assert_array_equal(ncw.numpy().transpose(0, 2, 1), pool_1d(line, [3], [2], padding).numpy())
    volume = RNG.randn(1, 4, 5, 4, 2).astype(np.float32)
    pool_3d = tf.nn.avg_pool3d if pooling_type == "AVG" else tf.nn.max_pool3d
    assert_array_equal(tf.nn.pool(volume, [2, 3, 2], pooling_type, padding, strides=[2, 2, 1]).numpy(),
                       pool_3d(volume, [1, 2, 3, 2, 1], [1, 2, 2, 1, 1], padding).numpy())


@pytest.mark.parametrize("pooling_type, reduce", [("AVG", np.mean), ("MAX", np.max)])
def test_pool_with_dilation_matches_reference(pooling_type, reduce):
    x = RNG.randn(2, 7, 8, 3).astype(np.float32)
    result = tf.nn.pool(x, [2, 3], pooling_type, "VALID", dilation_rate=[3, 2])
    assert result.shape.as_list() == [2, 4, 4, 3]
    assert_allclose(result.numpy(), np_dilated_pool(x, (2, 3), (3, 2), reduce), rtol=1e-6, atol=1e-6)
    nchw = tf.nn.pool(x.transpose(0, 3, 1, 2), [2, 3], pooling_type, "VALID", dilations=[3, 2], data_format="NCHW")
    assert_allclose(nchw.numpy().transpose(0, 2, 3, 1), result.numpy(), rtol=1e-6)
    # A dilated window exactly one cell larger than the input gives an empty result, as in TF.
    assert tf.nn.pool(x, [2, 1], pooling_type, "VALID", dilation_rate=[7, 1]).shape.as_list() == [2, 0, 8, 3]


def test_pool_errors():
    x = zeros([1, 4, 4, 1])
    with pytest.raises(ValueError, match=r"^2-D SUM pooling is not supported\.$"):
        tf.nn.pool(x, [2, 2], "SUM", "VALID")
    with pytest.raises(ValueError, match=r"^2-D avg pooling is not supported\.$"):
        tf.nn.pool(x, [2, 2], "avg", "VALID")
    with pytest.raises(ValueError, match=r"^It is required that 1 <= num_spatial_dims <= 3\.$"):
        tf.nn.pool(x, [2, 2, 2, 2], "AVG", "SAME")
    with pytest.raises(ValueError, match=r"^Shape \(1, 4, 4, 1\) must have rank 3$"):
        tf.nn.pool(x, [2], "AVG", "SAME")
    with pytest.raises(ValueError, match=r"^len\(strides\)=1 but should be 2$"):
        tf.nn.pool(x, [2, 2], "AVG", "VALID", strides=[2])
    with pytest.raises(ValueError, match=r"^len\(dilation_rate\)=1 but should be 2$"):
        tf.nn.pool(x, [2, 2], "AVG", "VALID", dilation_rate=[2])
    with pytest.raises(ValueError, match=r"^all values of strides must be positive$"):
        tf.nn.pool(x, [2, 2], "AVG", "VALID", strides=[0, 1])
    with pytest.raises(ValueError, match=r"^all values of dilation_rate must be positive$"):
        tf.nn.pool(x, [2, 2], "AVG", "VALID", dilation_rate=[0, 1])
    with pytest.raises(ValueError, match=r"^strides > 1 not supported in conjunction with dilation_rate > 1$"):
        tf.nn.pool(x, [2, 2], "AVG", "VALID", strides=[2, 2], dilation_rate=[2, 2])
    with pytest.raises(ValueError, match=r"^pooling with SAME padding is not implemented for dilation_rate > 1$"):
        tf.nn.pool(x, [2, 2], "AVG", "SAME", dilation_rate=[2, 2])
    with pytest.raises(ValueError, match=r"^strides > window_shape not supported due to inconsistency between CPU "
                                         r"and GPU implementations$"):
        tf.nn.pool(x, [2, 2], "AVG", "VALID", strides=[3, 3])
    with pytest.raises(ValueError, match=r'^data_format must be either "NWC" or "NCW"\.$'):
        tf.nn.pool(zeros([1, 4, 1]), [2], "AVG", "SAME", data_format="NHWC")
    with pytest.raises(ValueError, match=r"^Invalid padding method 'FOO'$"):
        tf.nn.pool(x, [2, 2], "AVG", "FOO", dilation_rate=[2, 2])
    with pytest.raises(InvalidArgumentError, match=r"^Value for attr 'padding' of \"FOO\" is not in the list of "
                                                   r"allowed values: \"SAME\", \"VALID\" \[Op:AvgPool\]$"):
        tf.nn.pool(x, [2, 2], "AVG", "FOO")
    with pytest.raises(InvalidArgumentError, match=r"^Value for attr 'T' of int32 is not in the list of allowed "
                                                   r"values: half, bfloat16, float, double \[Op:AvgPool\]$"):
        tf.nn.pool(tf.reshape(tf.range(12), [1, 12, 1]), [3], "AVG", "SAME", strides=[2])
    with pytest.raises(InvalidArgumentError, match=r"^Value for attr 'data_format' of \"NWC\" is not in the list "
                                                   r"of allowed values: \"NHWC\", \"NCHW\" \[Op:AvgPool\]$"):
        tf.nn.pool(x, [2, 2], "AVG", "SAME", data_format="NWC")
    with pytest.raises(InvalidArgumentError, match=r"^cropped_shape\[0\]=-1 must be non-negative "
                                                   r"\[Op:BatchToSpaceND\]$"):
        tf.nn.pool(zeros([1, 5, 7, 1]), [3, 3], "AVG", "VALID", dilation_rate=[3, 3])


def test_one_and_three_dimensional_pools():
    x = np.arange(5, dtype=np.float32).reshape(1, 5, 1)
    assert_array_equal(tf.nn.avg_pool1d(x, [3], [2], "SAME").numpy().ravel(), [0.5, 2.0, 3.5])
    volume = RNG.randn(1, 4, 4, 4, 2).astype(np.float32)
    assert tf.nn.max_pool3d(volume, [1, 2, 2, 2, 1], [1, 2, 2, 2, 1], "VALID").shape.as_list() == [1, 2, 2, 2, 2]


# --- normalization ----------------------------------------------------------------------------------------------------

def test_moments_values_and_dtypes():
    mean, variance = tf.nn.moments(tf.constant([[1.0, 2.0], [3.0, 5.0]]), [0])
    assert_allclose(mean.numpy(), [2.0, 3.5])
    assert_allclose(variance.numpy(), [1.0, 2.25])
    mean, variance = tf.nn.moments(tf.constant([[1.0, 2.0], [3.0, 5.0]]), [0, 1], keep_dims=True)
    assert mean.shape.as_list() == [1, 1] and variance.numpy()[0, 0] == np.float32(2.1875)
    mean, variance = tf.nn.moments(tf.constant([[1, 2], [3, 5]]), [0])  # TF's integer mean truncates
    assert mean.dtype == tf.int32
    assert_array_equal(mean.numpy(), [2, 3])
    assert_array_equal(variance.numpy(), [1, 2])
    mean, _ = tf.nn.moments(tf.constant([[1.0, 2.0]], tf.float16), [0])
    assert mean.dtype == tf.float16


def test_batch_normalization_formula():
    x = RNG.randn(4, 3).astype(np.float32)
    mean, variance = np.float32(0.5), np.full(3, 2.0, np.float32)
    offset, scale = np.ones(3, np.float32), np.full(3, 3.0, np.float32)
    expected = (x - mean) * scale / np.sqrt(variance + 1e-3) + offset
    result = tf.nn.batch_normalization(x, mean, variance, offset, scale, 1e-3)
    assert_allclose(result.numpy(), expected, rtol=1e-5, atol=1e-6)


def test_fused_batch_norm_training_returns_bessel_corrected_variance():
    x = np.arange(24, dtype=np.float32).reshape(2, 2, 2, 3)
    y, batch_mean, batch_var = tf.nn.fused_batch_norm(x, np.ones(3, np.float32), np.zeros(3, np.float32))
    assert_allclose(batch_mean.numpy(), [10.5, 11.5, 12.5])
    assert_allclose(batch_var.numpy(), [54.0, 54.0, 54.0], rtol=1e-6)  # 47.25 * 8 / 7
    assert_allclose(y.numpy()[0, 0, 0], [-1.5275091] * 3, rtol=1e-5)
    half, _, half_var = tf.nn.fused_batch_norm(x.astype(np.float16), np.ones(3, np.float32), np.zeros(3, np.float32))
    assert half.dtype == tf.float16 and half_var.dtype == tf.float32


def test_fused_batch_norm_inference_and_errors():
    x = np.arange(24, dtype=np.float32).reshape(2, 2, 2, 3)
    scale, offset = np.ones(3, np.float32), np.zeros(3, np.float32)
    y, mean, variance = tf.nn.fused_batch_norm(x, scale, offset, np.zeros(3, np.float32), np.ones(3, np.float32),
                                               is_training=False)
    assert_allclose(y.numpy(), x / np.sqrt(1.001), rtol=1e-6)
    assert_array_equal(variance.numpy(), [1.0, 1.0, 1.0])
    with pytest.raises(ValueError, match=r"^Both `mean` and `variance` must be a 1D tensor when `is_training` is "
                                         r"False or `exponential_avg_factor` != 1\.0\. Received: `mean` None and "
                                         r"`variance` None$"):
        tf.nn.fused_batch_norm(x, scale, offset, is_training=False)
    with pytest.raises(InvalidArgumentError, match=r"input must be 4-dimensional\[2,2,3\]"):
        tf.nn.fused_batch_norm(x[0], scale, offset)
    with pytest.raises(InvalidArgumentError, match="scale must have the same number of elements as the channels "
                                                   "of x, got 2 and 3"):
        tf.nn.fused_batch_norm(x, np.ones(2, np.float32), offset)


def test_local_response_normalization_matches_definition():
    x = RNG.randn(1, 2, 2, 6).astype(np.float32)
    radius, bias, alpha, beta = 2, 1.5, 0.3, 0.75
    squares = np.square(x)
    sums = np.stack([squares[..., max(c - radius, 0):c + radius + 1].sum(-1) for c in range(6)], -1)
    expected = x / (bias + alpha * sums) ** beta
    assert_allclose(tf.nn.lrn(x, radius, bias, alpha, beta).numpy(), expected, rtol=1e-5)


# --- embeddings -------------------------------------------------------------------------------------------------------

def test_embedding_lookup_single_and_partitioned():
    params = np.arange(15, dtype=np.float32).reshape(5, 3)
    ids = np.array([[0, 4], [2, 2]])
    assert_array_equal(tf.nn.embedding_lookup(params, ids).numpy(), params[ids])
    # 'mod': id i lives in partition i % 2 at row i // 2.
    mod = tf.nn.embedding_lookup([params[0::2], params[1::2]], np.arange(5)).numpy()
    assert_array_equal(mod, params)
    # 'div': contiguous blocks, the first partitions one row larger.
    div = tf.nn.embedding_lookup([params[:3], params[3:]], np.arange(5), partition_strategy="div").numpy()
    assert_array_equal(div, params)


def test_embedding_lookup_max_norm_and_errors():
    params = np.array([[3.0, 4.0], [0.3, 0.4]], np.float32)
    clipped = tf.nn.embedding_lookup(params, np.array([0, 1]), max_norm=1.0).numpy()
    assert_allclose(clipped, [[0.6, 0.8], [0.3, 0.4]], rtol=1e-6)
    with tf.device("/cpu:0"):  # TF's CPU kernel checks the ids
        with pytest.raises(InvalidArgumentError, match=r"indices\[1,0\] = 7 is not in \[0, 2\) \[Op:GatherV2\]"):
            tf.nn.embedding_lookup(params, np.array([[0, 1], [7, 1]]))
        with pytest.raises(InvalidArgumentError, match=r"indices\[0\] = -1 is not in \[0, 2\)"):
            tf.nn.embedding_lookup(params, np.array([-1]))


def test_out_of_range_ids_and_labels_follow_the_device_kernel():
    """TF's CPU kernels raise; its GPU kernels give zero rows (gather) and NaN losses (sparse xent)."""
    params = np.arange(6, dtype=np.float32).reshape(3, 2)
    ids = np.array([1, 5])
    labels = tf.constant([1, 3])
    logits = np.zeros((2, 3), np.float32)
    if tf.to_torch(tf.constant(0.0)).is_cuda:
        assert_array_equal(tf.nn.embedding_lookup(params, ids).numpy(), [[2.0, 3.0], [0.0, 0.0]])
        assert_array_equal(tf.nn.embedding_lookup([params[0::2], params[1::2]], ids).numpy(), [[2.0, 3.0], [0, 0]])
        loss = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits).numpy()
        assert_allclose(loss[0], np.log(3.0), rtol=1e-6)
        assert np.isnan(loss[1])
    else:
        with pytest.raises(InvalidArgumentError, match=r"indices\[1\] = 5 is not in \[0, 3\)"):
            tf.nn.embedding_lookup([params[0::2], params[1::2]], ids)
        with pytest.raises(InvalidArgumentError, match="Received a label value of 3"):
            tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits)


# --- losses -----------------------------------------------------------------------------------------------------------

def test_softmax_cross_entropy_values():
    loss = tf.nn.softmax_cross_entropy_with_logits(labels=[[0.0, 1.0, 0.0]], logits=[[1.0, 2.0, 3.0]])
    assert loss.shape.as_list() == [1] and loss.dtype == tf.float32
    assert_allclose(loss.numpy(), [1.4076059], rtol=1e-6)
    integer_labels = tf.nn.softmax_cross_entropy_with_logits_v2(labels=[[0, 1, 0]], logits=[[1.0, 2.0, 3.0]])
    assert_allclose(integer_labels.numpy(), [1.4076059], rtol=1e-6)
    by_column = tf.nn.softmax_cross_entropy_with_logits_v2(
        labels=[[0.0, 1.0], [1.0, 0.0], [0.5, 0.5]], logits=[[1.0, 2.0], [3.0, 1.0], [0.0, 0.0]], axis=0)
    assert_allclose(by_column.numpy(), [1.7547691, 1.611409], rtol=1e-6)


def test_softmax_cross_entropy_gradients():
    logits = np.array([[1.0, 2.0, 3.0]], np.float32)
    labels = np.array([[0.5, 1.0, 0.0]], np.float32)  # unnormalized on purpose
    softmax = np.exp(logits) / np.exp(logits).sum()
    grad_logits, grad_labels = grad_of(
        lambda x, z: tf.nn.softmax_cross_entropy_with_logits_v2(labels=z, logits=x), logits, labels)
    assert_allclose(grad_logits, softmax - labels, rtol=1e-5)  # TF's fused gradient
    assert_allclose(grad_labels, -np.log(softmax), rtol=1e-5)
    leaf = torch.tensor(labels, requires_grad=True)  # on the CPU: the op copies it to the logits' device
    loss = tf.nn.softmax_cross_entropy_with_logits(labels=tf.from_torch(leaf), logits=logits)
    assert not tf.to_torch(loss).requires_grad  # v1: no gradient into labels


def test_cross_entropy_requires_named_arguments():
    with pytest.raises(ValueError, match=r"Only call `softmax_cross_entropy_with_logits` with named arguments "
                                         r"\(labels=..., logits=..., ...\)"):
        tf.nn.softmax_cross_entropy_with_logits([[0.0, 1.0]], [[1.0, 2.0]])
    with pytest.raises(ValueError, match="Only call `sparse_softmax_cross_entropy_with_logits` with named"):
        tf.nn.sparse_softmax_cross_entropy_with_logits([1], [[1.0, 2.0]])
    with pytest.raises(ValueError, match="Both labels and logits must be provided."):
        tf.nn.sigmoid_cross_entropy_with_logits(labels=[1.0])
    with pytest.raises(InvalidArgumentError, match=r"logits and labels must be broadcastable: logits_size=\[1,2\] "
                                                   r"labels_size=\[1,3\]"):
        tf.nn.softmax_cross_entropy_with_logits(labels=[[0.0, 1.0, 0.0]], logits=[[1.0, 2.0]])


def test_sparse_softmax_cross_entropy():
    loss = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=tf.constant([1]), logits=[[1.0, 2.0, 3.0]])
    assert_allclose(loss.numpy(), [1.4076059], rtol=1e-6)
    logits = np.arange(12.0).reshape(2, 2, 3)
    loss = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=np.array([[0, 2], [1, 1]], np.int64),
                                                          logits=logits)
    assert loss.dtype == tf.float64
    assert_allclose(loss.numpy(), [[2.40760596, 0.40760596], [1.40760596, 1.40760596]], rtol=1e-7)


def test_sparse_softmax_cross_entropy_errors():
    with tf.device("/cpu:0"):  # TF's CPU kernel checks the labels
        with pytest.raises(InvalidArgumentError, match=r"Received a label value of 5 which is outside the valid "
                                                       r"range of \[0, 3\).  Label values: 5"):
            tf.nn.sparse_softmax_cross_entropy_with_logits(labels=tf.constant([5]), logits=zeros([1, 3]))
        with pytest.raises(InvalidArgumentError, match=r"Received a label value of -1 .*Label values: -1 1"):
            tf.nn.sparse_softmax_cross_entropy_with_logits(labels=[-1, 1], logits=zeros([2, 3]))
    with pytest.raises(ValueError, match=r"Rank mismatch: Rank of labels \(received 2\) should equal rank of "
                                         r"logits minus 1 \(received 2\)."):
        tf.nn.sparse_softmax_cross_entropy_with_logits(labels=[[1]], logits=[[1.0, 2.0, 3.0]])
    with pytest.raises(ValueError, match=r"Shape mismatch: The shape of labels \(received \(2,\)\) should equal "
                                         r"the shape of logits except for the last dimension \(received \(1, 3\)\)."):
        tf.nn.sparse_softmax_cross_entropy_with_logits(labels=[1, 2], logits=[[1.0, 2.0, 3.0]])
    with pytest.raises(InvalidArgumentError, match="Value for attr 'Tlabels' of float is not in the list of "
                                                   "allowed values: int32, int64"):
        tf.nn.sparse_softmax_cross_entropy_with_logits(labels=[1.0], logits=[[1.0, 2.0, 3.0]])


def test_sigmoid_cross_entropy_is_stable_and_checks_inputs():
    loss = tf.nn.sigmoid_cross_entropy_with_logits(labels=[1.0, 0.0, 0.5], logits=[-100.0, 2.0, 300.0])
    assert_allclose(loss.numpy(), [100.0, 2.126928, 150.0], rtol=1e-6)
    with pytest.raises(ValueError, match=r"logits and labels must have the same shape \(\(3,\) vs \(2,\)\)"):
        tf.nn.sigmoid_cross_entropy_with_logits(labels=[1.0, 0.0], logits=[1.0, 2.0, 3.0])
    with pytest.raises(InvalidArgumentError, match=r"cannot compute Mul as input #1\(zero-based\) was expected to "
                                                   r"be a float tensor but is a int32 tensor"):
        tf.nn.sigmoid_cross_entropy_with_logits(labels=[1, 0, 1], logits=[1.0, 2.0, 3.0])


def test_sigmoid_cross_entropy_gradient_at_zero_logit():
    (grad,) = grad_of(lambda x: tf.nn.sigmoid_cross_entropy_with_logits(
        labels=np.array([1.0, 0.0, 0.25], np.float32), logits=x), np.zeros(3, np.float32))
    assert_allclose(grad, [-0.5, 0.5, 0.25])  # sigmoid(0) - labels


def test_weighted_cross_entropy_and_log_poisson_loss():
    weighted = tf.nn.weighted_cross_entropy_with_logits(labels=[1.0, 0.0, 0.5], logits=[-1.0, 2.0, 3.0],
                                                        pos_weight=2.0)
    assert_allclose(weighted.numpy(), [2.6265235, 2.126928, 1.572881], rtol=1e-6)
    targets, log_input = [0.0, 1.0, 2.0, 3.0], [0.5, 1.0, -1.0, 2.0]
    assert_allclose(tf.nn.log_poisson_loss(targets, log_input).numpy(),
                    [1.6487212, 1.7182817, 2.3678794, 1.3890562], rtol=1e-6)
    assert_allclose(tf.nn.log_poisson_loss(targets, log_input, compute_full_loss=True).numpy(),
                    [1.6487212, 1.7182817, 3.0196857, 3.1531377], rtol=1e-6)
    with pytest.raises(ValueError, match=r"log_input and targets must have the same shape \(\(4,\) vs \(3,\)\)"):
        tf.nn.log_poisson_loss([0.0, 1.0, 2.0], log_input)


def test_in_top_k():
    predictions = [[0.1, 0.3, 0.3, 0.2], [0.5, 0.1, 0.2, 0.2]]
    result = tf.nn.in_top_k(predictions, [2, 3], 1)
    assert result.dtype == tf.bool
    assert_array_equal(result.numpy(), [True, False])  # ties at the boundary are in
    assert_array_equal(tf.nn.in_top_k(predictions, [1, 5], 1).numpy(), [True, False])  # out of range: False
    assert_array_equal(tf.nn.in_top_k([[0.1, np.nan, 0.3, 0.2], [0.5, 0.1, 0.2, 0.2]], [0, 0], 3).numpy(),
                       [False, True])
    with pytest.raises(InvalidArgumentError, match=r"First dimension of predictions 1 must match length of "
                                                   r"targets 2 \[Op:InTopKV2\]"):
        tf.nn.in_top_k([[0.1, 0.3]], [1, 0], 1)
    assert tf.math.in_top_k is tf.nn.in_top_k


def test_compat_v1_namespace_has_nn_ops():
    assert tf.compat.v1.nn.conv2d is tf.nn.conv2d
    assert tf.compat.v1.nn.softmax_cross_entropy_with_logits is tf.nn.softmax_cross_entropy_with_logits


# --- bad inputs: TF's error classes and kernel messages (values printed by TensorFlow) -----------------------------

def test_reductions_inside_nn_ops_reject_repeated_and_bad_axes():
    x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    with pytest.raises(InvalidArgumentError, match=r"^Invalid reduction arguments: Axes contains duplicate "
                                                   r"dimension: 0 \[Op:Mean\]$"):
        tf.nn.moments(x, [0, 0])
    with pytest.raises(InvalidArgumentError, match=r"duplicate dimension: 0 \[Op:Mean\]"):
        tf.nn.moments(x, [-2, 0])
    with pytest.raises(InvalidArgumentError, match=r"duplicate dimension: 0 \[Op:Sum\]"):
        tf.nn.l2_normalize(x, [0, 0])
    with pytest.raises(InvalidArgumentError, match=r"^Invalid reduction dimension \(5 for input with 2 "
                                                   r"dimension\(s\) \[Op:Mean\]$"):
        tf.nn.moments(x, [5])
    with pytest.raises(InvalidArgumentError, match=r"^Value for attr 'Tidx' of float is not in the list of "
                                                   r"allowed values: int32, int64 \[Op:Sum\]$"):
        tf.nn.l2_normalize(x, tf.constant(0.0))
    with pytest.raises(TypeError, match="Cannot convert 0.5 to EagerTensor of dtype int32"):
        tf.nn.moments(x, 0.5)
    mean, variance = tf.nn.moments(x, None)  # all axes
    assert_allclose([mean.numpy(), variance.numpy()], [2.5, 1.25])


def test_nn_ops_reject_string_and_bool_tensors_with_kernel_errors():
    strings, flags = tf.constant(["a", "b"]), tf.constant([True, False])
    cases = [
        (lambda: tf.nn.moments(strings, [0]), "string", "float, double, int32, uint8, int16, int8, complex64",
         "Mean"),
        (lambda: tf.nn.moments(flags, -1), "bool", "float, double, int32", "Mean"),
        (lambda: tf.nn.l2_normalize(strings), "string", "bfloat16, half, float, double, int8", "Square"),
        (lambda: tf.nn.bias_add(strings, strings), "string", "float, double, int32, uint8", "BiasAdd"),
        (lambda: tf.nn.bias_add([[True]], [True]), "bool", "float, double, int32, uint8", "BiasAdd"),
        (lambda: tf.nn.xw_plus_b(strings, strings, [1.0]), "string", "bfloat16, half, float, double, int32",
         "MatMul"),
        (lambda: tf.nn.relu_layer([[True]], [[True]], [True]), "bool", "bfloat16, half, float", "MatMul"),
        (lambda: tf.nn.crelu(strings), "string",
         "bfloat16, half, float, double, int8, int16, int32, int64, complex64, complex128", "Neg"),
        (lambda: tf.nn.crelu(tf.constant([1], tf.uint8)), "uint8", "bfloat16, half", "Neg"),
        (lambda: tf.nn.log_poisson_loss(strings, strings), "string",
         "bfloat16, half, float, double, complex64, complex128", "Exp"),
        (lambda: tf.nn.log_poisson_loss([1, 2], [1, 2]), "int32", "bfloat16, half, float, double", "Exp"),
        (lambda: tf.nn.local_response_normalization(tf.constant([[[["a"]]]])), "string",
         "half, bfloat16, float", "LRN"),
        (lambda: tf.nn.sparse_softmax_cross_entropy_with_logits(labels=[0, 1], logits=[["a", "b"], ["c", "d"]]),
         "string", "half, bfloat16, float, double", "SparseSoftmaxCrossEntropyWithLogits"),
        (lambda: tf.nn.silu(tf.constant([1, 2])), "int32", "half, bfloat16, float, double", "Sigmoid"),
    ]
    for call, dtype, listed, op in cases:
        with pytest.raises(InvalidArgumentError, match=rf"^Value for attr 'T' of {dtype} is not in the list of "
                                                       rf"allowed values: {listed}.* \[Op:{op}\]$"):
            call()
    with pytest.raises(InvalidArgumentError, match=r"^Value for attr 'Tlabels' of string is not in the list of "
                                                   r"allowed values: int32, int64 "
                                                   r"\[Op:SparseSoftmaxCrossEntropyWithLogits\]$"):
        tf.nn.sparse_softmax_cross_entropy_with_logits(labels=strings, logits=tf.zeros([2, 2]))


def test_softmax_cross_entropy_casts_labels_to_the_logits_dtype():
    logits = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    strings = tf.constant(["a", "b"])
    with pytest.raises(tf.errors.UnimplementedError, match=r"^Cast string to float is not supported \[Op:Cast\]$"):
        tf.nn.softmax_cross_entropy_with_logits_v2(strings, logits)
    with pytest.raises(tf.errors.UnimplementedError, match=r"^Cast string to float is not supported \[Op:Cast\]$"):
        tf.nn.softmax_cross_entropy_with_logits(labels=strings, logits=logits)
    with pytest.raises(tf.errors.UnimplementedError, match=r"^Cast float to string is not supported \[Op:Cast\]$"):
        tf.nn.softmax_cross_entropy_with_logits_v2(logits, strings)
    loss = tf.nn.softmax_cross_entropy_with_logits_v2(tf.constant([True, False]), logits)  # bool labels: 1.0, 0.0
    assert loss.dtype == tf.float32
    assert_allclose(loss.numpy(), [1.3132616, 1.3132616], rtol=1e-6)
    with pytest.raises(InvalidArgumentError, match=r"^logits and labels must be broadcastable: logits_size=\[2,2\] "
                                                   r"labels_size=\[1,3\] \[Op:SoftmaxCrossEntropyWithLogits\]$"):
        tf.nn.softmax_cross_entropy_with_logits_v2(tf.constant([1, 2, 3]), logits)


def test_softmax_cross_entropy_axis_is_checked_like_tf():
    logits = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    labels = tf.constant([[0.0, 1.0], [1.0, 0.0]])
    # TF moves the axis last with range(axis) and range(axis + 1, rank): only 0 <= axis < rank (or -1) work.
    with pytest.raises(InvalidArgumentError, match=r"^Requires start <= limit when delta > 0: 3/2 \[Op:Range\]$"):
        tf.nn.softmax_cross_entropy_with_logits_v2(labels, logits, axis=2)
    with pytest.raises(InvalidArgumentError, match=r"^Requires start <= limit when delta > 0: 0/-2 \[Op:Range\]$"):
        tf.nn.softmax_cross_entropy_with_logits(labels=labels, logits=logits, dim=-2)
    with pytest.raises(InvalidArgumentError, match=r"^transpose expects a vector of size 1. But input\(1\) is a "
                                                   r"vector of size 2 \[Op:Transpose\]$"):
        tf.nn.softmax_cross_entropy_with_logits_v2(tf.constant([1, 2, 3]), tf.zeros([0, 3]), axis=0)
    with pytest.raises(InvalidArgumentError, match=r"^Value for attr 'Tidx' of float is not in the list"):
        tf.nn.softmax_cross_entropy_with_logits_v2(labels, logits, axis=tf.constant(2.5))
    by_column = tf.nn.softmax_cross_entropy_with_logits_v2(tf.constant([[0.0, 1.0]]), logits, axis=0)
    assert_allclose(by_column.numpy(), [0.0, 2.2538562], rtol=1e-6)
    assert not np.signbit(by_column.numpy()[0])  # TF's +0, not -0


def test_elementwise_losses_check_shapes_before_dtypes():
    image = tf.zeros([1, 4, 4, 3])
    with pytest.raises(InvalidArgumentError, match=r"^Incompatible shapes: \[2,2\] vs. \[1,4,4,3\] \[Op:Mul\]$"):
        tf.nn.weighted_cross_entropy_with_logits(image, image, tf.constant([[1.0, 2.0], [3.0, 4.0]]))
    with pytest.raises(ValueError, match=r"^log_input and targets must have the same shape \(\(2, 2\) vs \(3,\)\)$"):
        tf.nn.log_poisson_loss(tf.constant([1.0, 2.0, 3.0]), tf.zeros([2, 2]))
    with pytest.raises(ValueError, match=r"logits and labels must have the same shape \(\(2,\) vs \(3,\)\)"):
        tf.nn.sigmoid_cross_entropy_with_logits(labels=tf.constant(["a", "b", "c"]), logits=[1.0, 2.0])
    with pytest.raises(ValueError, match=r"^Logits cannot be scalars - received shape \(\)\.$"):
        tf.nn.sparse_softmax_cross_entropy_with_logits(labels=tf.constant([True, False]), logits="SAME")
    with pytest.raises(ValueError, match=r"^Rank mismatch: Rank of labels \(received 1\) should equal rank of "
                                         r"logits minus 1 \(received 1\)\.$"):
        tf.nn.sparse_softmax_cross_entropy_with_logits(labels=tf.constant(["a", "b"]), logits=["a", "b"])


def test_crelu_concat_axis_errors():
    with pytest.raises(InvalidArgumentError, match=r"^ConcatOp : Expected concatenating dimensions "
                                                   r"in the range \[0, 0\), but got -1 \[Op:ConcatV2\]$"):
        tf.nn.crelu(tf.constant(2.5))
    with pytest.raises(InvalidArgumentError, match=r"in the range \[-2, 2\), but got 5 \[Op:ConcatV2\]$"):
        tf.nn.crelu(tf.zeros([2, 2]), axis=5)
    with pytest.raises(InvalidArgumentError, match=r"^axis tensor should be a scalar integer, but got shape \[2\] "
                                                   r"\[Op:ConcatV2\]$"):
        tf.nn.crelu(tf.zeros([2, 2]), axis=[0, 1])
    with pytest.raises(InvalidArgumentError, match=r"^Value for attr 'Tidx' of string is not in the list"):
        tf.nn.crelu(tf.zeros([2, 2]), axis=tf.constant("0"))
    with pytest.raises(InvalidArgumentError, match=r"^Value for attr 'T' of complex128 is not in the list of "
                                                   r"allowed values: float, double, int32, .*\[Op:Relu\]$"):
        tf.nn.crelu(tf.constant([1j]))
    assert_array_equal(tf.nn.crelu(tf.constant([[1, -2]]), axis=tf.constant(0)).numpy(), [[1, 0], [0, 2]])


def test_silu_beta_is_cast_and_broadcast():
    x = np.array([[1.0, 2.0], [3.0, 4.0]], np.float32)
    assert_allclose(tf.nn.silu(x, tf.constant(x)).numpy(), x / (1 + np.exp(-x * x)), rtol=1e-6)
    assert_allclose(tf.nn.swish(x, 2).numpy(), x / (1 + np.exp(-2 * x)), rtol=1e-6)
    with pytest.raises(InvalidArgumentError, match=r"^Incompatible shapes: \[3\] vs. \[2,2\] \[Op:Mul\]$"):
        tf.nn.silu(x, tf.constant([1, 2, 3]))
    with pytest.raises(tf.errors.UnimplementedError, match=r"^Cast string to float is not supported \[Op:Cast\]$"):
        tf.nn.silu(x, "SAME")


def test_local_response_normalization_attributes():
    image = tf.zeros([1, 4, 4, 3])
    with pytest.raises(TypeError, match=r"^Expected int for argument 'depth_radius' not <tf.Tensor"):
        tf.nn.local_response_normalization(image, tf.constant([[1.0, 2.0]]))
    with pytest.raises(TypeError, match=r"^Expected float for argument 'bias' not 'SAME'\.$"):
        tf.nn.local_response_normalization(image, 2, "SAME")
    with pytest.raises(InvalidArgumentError, match=r"^depth_radius = -1 larger than int max \[Op:LRN\]$"):
        tf.nn.local_response_normalization(image, -1)
    with pytest.raises(InvalidArgumentError, match=r"^Value for attr 'T' of double is not in the list of allowed "
                                                   r"values: half, bfloat16, float \[Op:LRN\]$"):
        tf.nn.local_response_normalization(tf.zeros([1, 1, 1, 2], tf.float64))
    assert tf.nn.lrn(image, None, None).shape.as_list() == [1, 4, 4, 3]  # None: the attribute's default
    assert tf.nn.lrn(tf.zeros([1, 1, 1, 0])).shape.as_list() == [1, 1, 1, 0]


def test_embedding_lookup_of_strings_and_bad_params():
    words = tf.constant(["a", "b"])
    result = tf.nn.embedding_lookup(words, [1, 0])
    assert result.dtype == tf.string
    assert_array_equal(result.numpy(), [b"b", b"a"])
    assert_array_equal(tf.nn.embedding_lookup([words, words], [0, 3]).numpy(), [b"a", b"b"])
    with tf.device("/cpu:0"), pytest.raises(InvalidArgumentError,
                                            match=r"^indices\[1\] = 2 is not in \[0, 2\) \[Op:GatherV2\]$"):
        tf.nn.embedding_lookup(words, tf.constant([1, 2, 3]))
    with pytest.raises(InvalidArgumentError, match=r"^params must be at least 1 dimensional \[Op:GatherV2\]$"):
        tf.nn.embedding_lookup(tf.constant(2.5), tf.constant([0]))
    with pytest.raises(InvalidArgumentError, match=r"^params must be at least 1 dimensional \[Op:GatherV2\]$"):
        tf.nn.embedding_lookup([tf.constant(2.5), tf.constant(1.5)], [0])
    with pytest.raises(InvalidArgumentError, match=r"^ConcatOp : Dimensions of inputs should match: shape\[0\] = "
                                                   r"\[2,2\] vs. shape\[1\] = \[2,3\] \[Op:ConcatV2\]$"):
        tf.nn.embedding_lookup([tf.zeros([2, 2]), tf.zeros([2, 3])], [0])
    with pytest.raises(InvalidArgumentError, match=r"^Value for attr 'T' of string is not in the list of allowed "
                                                   r"values: bfloat16, .*\[Op:Mul\]$"):
        tf.nn.embedding_lookup(words, [0], max_norm=1.0)
    with pytest.raises(InvalidArgumentError, match=r"^Value for attr 'T' of int32 .*\[Op:Sqrt\]$"):
        tf.nn.embedding_lookup(tf.constant([[3, 4]]), [0], max_norm=1.0)


def test_zero_fraction_counts_tf_zeros_of_every_dtype():
    assert tf.nn.zero_fraction(tf.constant(["", "a"])).numpy() == 0.5  # tf.string's zero is b""
    assert tf.nn.zero_fraction("SAME").numpy() == 0.0
    assert tf.nn.zero_fraction(tf.constant([True, False])).numpy() == 0.5
    assert np.isnan(tf.nn.zero_fraction(tf.zeros([0, 3])).numpy())
    with pytest.raises(ValueError, match=r"Attempt to convert a value \(None\)"):
        tf.nn.zero_fraction(None)
