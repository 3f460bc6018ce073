"""Record golden values for tf.layers and tf.nn's RNN cells and loops (issue 9, items 4 and 5)
from REAL TensorFlow.

Run by hand in the throwaway TensorFlow virtualenv that also has tf-keras (never a dependency
of tfcompat, never run in CI), from the repository root:

    PYTHONHASHSEED=0 /tmp/tforacle/bin/python tests/conformance/golden/record_tflayers_goldens.py

It sets ``TF_USE_LEGACY_KERAS=1`` before importing TensorFlow, so ``tf.compat.v1.layers`` and
``tf.compat.v1.nn.rnn_cell`` are tf_keras's legacy tf.layers and cells (TF 1.15's code, kept), and
``tf.compat.v1.nn.dynamic_rnn`` is TF's own rnn.py, in eager mode.  It writes
tests/conformance/golden/tflayers_goldens.json next to this file.  Case ids start with ``tfl_``.

Case and outcome format: as record_core_goldens.py (whose setup and encoders this recorder reuses).
Every case starts with ``clear_session()`` and ``reset_default_graph()`` so layer names and
variable scopes do not depend on the cases before it.  Weights are fixed: constant initializers,
or, for the RNN cells, every weight set to a ramp after the first call (``RAMP``), so outputs and
gradients are comparable.
"""
import os
import sys
import textwrap

os.environ["TF_USE_LEGACY_KERAS"] = "1"
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import record_core_goldens as core  # noqa: E402  (sets up TF 1.x-style eager execution)

OUT = os.path.join(core.HERE, "tflayers_goldens.json")
CASES = []
CLEAR = "tf.keras.backend.clear_session()\ntf.reset_default_graph()\n"


def case(cid, code, values=True):
    c = {"id": "tfl_" + cid, "code": CLEAR + textwrap.dedent(code).strip("\n")}
    if not values:
        c["values"] = False
    CASES.append(c)


def ramp(shape, lo=-1.0, hi=1.0):
    n = 1
    for d in shape:
        n *= d
    return f"tf.constant_initializer(np.linspace({lo}, {hi}, {n}).reshape({list(shape)}))"


WEIGHTS = "[(w.name, w.shape.as_list(), w.dtype.name, w.trainable) for w in layer.weights]"


def layer_cases(cid, make, x, call="layer(x)"):
    """Output, gradients of sum(y * y) (inputs and trainable weights), weights, layer name."""
    setup = f"layer = {make}\nx = {x}\n"
    case(f"{cid}_out", setup + call)
    case(f"{cid}_grad", setup + f"with tf.GradientTape() as t:\n    t.watch(x)\n    y = {call}\n"
         "    loss = tf.reduce_sum(y * y)\nt.gradient(loss, [x, layer.trainable_weights])")
    case(f"{cid}_weights", setup + f"y = {call}\n{WEIGHTS}")
    case(f"{cid}_names", setup + f"y = {call}\n[layer.name, layer.scope_name]")


X24 = "tf.constant([[0.5, -1.0, 1.5, -2.0], [0.25, 0.75, -0.5, 1.0]])"
IMG = "tf.reshape(tf.range(2 * 5 * 5 * 2, dtype=tf.float32), [2, 5, 5, 2]) / 50.0 - 1.0"
SEQ = "tf.reshape(tf.range(2 * 6 * 2, dtype=tf.float32), [2, 6, 2]) / 12.0 - 1.0"
VOL = "tf.reshape(tf.range(1 * 3 * 4 * 4 * 1, dtype=tf.float32), [1, 3, 4, 4, 1]) / 24.0 - 1.0"

# --- core ------------------------------------------------------------------------------------------
DENSE = f"tf.layers.Dense(3, kernel_initializer={ramp((4, 3))}, bias_initializer=tf.constant_initializer([.1, -.2, .3])"
layer_cases("dense", DENSE + ")", X24)
layer_cases("dense_relu", DENSE + ", activation=tf.nn.relu)", X24)
layer_cases("dense_named", DENSE + ", name='my_dense')", X24)
layer_cases("dense_float64", DENSE + ")", "tf.constant(np.linspace(-1, 1, 8).reshape(2, 4))")
case("dense_two_layers_names", "a = tf.layers.Dense(2)\nb = tf.layers.Dense(2)\nya = a(tf.ones([1, 3]))\n"
     "yb = b(tf.ones([1, 3]))\n[a.name, b.name, [w.name for w in a.weights + b.weights]]")
case("dense_name_before_call", "layer = tf.layers.Dense(2)\nlayer.name")
case("dense_scope_name_before_call", "tf.layers.Dense(2).scope_name")
case("dense_default_kernel", "layer = tf.layers.Dense(5)\ny = layer(tf.zeros([2, 7]))\nlayer.kernel", values=False)
case("dense_default_bias", "layer = tf.layers.Dense(5)\ny = layer(tf.zeros([2, 7]))\nlayer.bias")
case("dense_in_variable_scope", "with tf.variable_scope('outer'):\n    layer = tf.layers.Dense(2)\n"
     "    y = layer(tf.ones([1, 3]))\n[layer.name, layer.scope_name, [w.name for w in layer.weights]]")
case("dense_scope_initializer", "with tf.variable_scope('s', initializer=tf.constant_initializer(0.5)):\n"
     "    layer = tf.layers.Dense(2)\n    y = layer(tf.ones([1, 3]))\n[y, layer.kernel]")
case("dense_int_input", "tf.layers.Dense(2)(tf.constant([[1, 2]]))")
case("dense_rank1_input", "tf.layers.Dense(2)(tf.constant([1.0, 2.0]))")
case("dense_not_trainable", "layer = " + DENSE + f", trainable=False)\ny = layer({X24})\n"
     "[len(layer.trainable_weights), [w.name for w in layer.non_trainable_weights]]")
case("dense_regularizer_losses", "layer = " + DENSE + ", kernel_regularizer=lambda w: tf.reduce_sum(w * w))\n"
     f"y = layer({X24})\nlayer.losses")
case("dense_fn", f"x = {X24}\ny = tf.layers.dense(x, 3, kernel_initializer={ramp((4, 3))})\ny")
case("dense_fn_twice_names", "a = tf.layers.dense(tf.ones([1, 3]), 2)\nb = tf.layers.dense(tf.ones([1, 3]), 2)\n"
     "[a.shape.as_list(), b.shape.as_list()]")
case("dense_fn_named", f"y = tf.layers.dense({X24}, 3, kernel_initializer={ramp((4, 3))}, name='foo')\ny")
case("dense_fn_reuse", f"y = tf.layers.dense({X24}, 3, kernel_initializer={ramp((4, 3))}, name='foo', "
     "reuse=True)\ny")
case("dense_fn_activation", f"tf.layers.dense({X24}, 3, activation=tf.nn.tanh, kernel_initializer={ramp((4, 3))},"
     " bias_initializer=tf.constant_initializer(0.1))")
case("dense_fn_no_bias", f"tf.layers.dense({X24}, 3, use_bias=False, kernel_initializer={ramp((4, 3))})")

layer_cases("dropout_inference", "tf.layers.Dropout(0.5)", X24)
case("dropout_training_shape", f"tf.layers.Dropout(0.5)({X24}, training=True)", values=False)
case("dropout_fn_default", f"tf.layers.dropout({X24})")
case("dropout_fn_training_shape", f"tf.layers.dropout({X24}, training=True)", values=False)
case("dropout_fn_rate1", f"tf.layers.dropout({X24}, rate=1.0, training=True)")
case("dropout_rate_zero_training", f"tf.layers.dropout({X24}, rate=0.0, training=True)")
layer_cases("flatten", "tf.layers.Flatten()", IMG)
case("flatten_fn", f"tf.layers.flatten({IMG})")
case("flatten_fn_channels_first", "tf.layers.flatten(tf.reshape(tf.range(12.0), [1, 2, 3, 2]), "
     "data_format='channels_first')")
case("flatten_fn_rank1", "tf.layers.flatten(tf.constant([1.0, 2.0, 3.0]))")

# --- convolutions ----------------------------------------------------------------------------------
for cid, make, x in [
    ("conv1d", f"tf.layers.Conv1D(3, 2, kernel_initializer={ramp((2, 2, 3))})", SEQ),
    ("conv1d_same_strided", f"tf.layers.Conv1D(2, 3, strides=2, padding='same', kernel_initializer="
                            f"{ramp((3, 2, 2))}, bias_initializer=tf.constant_initializer(0.2))", SEQ),
    ("conv2d", f"tf.layers.Conv2D(3, 3, kernel_initializer={ramp((3, 3, 2, 3))})", IMG),
    ("conv2d_same_relu", f"tf.layers.Conv2D(2, (2, 3), strides=(2, 1), padding='same', activation=tf.nn.relu, "
                         f"kernel_initializer={ramp((2, 3, 2, 2))})", IMG),
    ("conv2d_dilated", f"tf.layers.Conv2D(2, 2, dilation_rate=2, kernel_initializer={ramp((2, 2, 2, 2))})", IMG),
    ("conv3d", f"tf.layers.Conv3D(2, 2, kernel_initializer={ramp((2, 2, 2, 1, 2))})", VOL),
    ("conv2d_transpose", f"tf.layers.Conv2DTranspose(2, 3, strides=2, kernel_initializer={ramp((3, 3, 2, 2))})",
     IMG),
    ("conv2d_transpose_same", f"tf.layers.Conv2DTranspose(2, 2, strides=2, padding='same', "
                              f"kernel_initializer={ramp((2, 2, 2, 2))})", IMG),
    ("conv3d_transpose", f"tf.layers.Conv3DTranspose(2, 2, strides=2, kernel_initializer={ramp((2, 2, 2, 2, 1))})",
     VOL),
    ("conv3d_transpose_same", f"tf.layers.Conv3DTranspose(1, 3, strides=(1, 2, 1), padding='same', "
                              f"kernel_initializer={ramp((3, 3, 3, 1, 1))})", VOL),
    ("separable_conv1d", f"tf.layers.SeparableConv1D(3, 2, depth_multiplier=2, depthwise_initializer="
                         f"{ramp((2, 2, 2))}, pointwise_initializer={ramp((1, 4, 3))})", SEQ),
    ("separable_conv1d_same_strided", f"tf.layers.SeparableConv1D(2, 3, strides=2, padding='same', "
                                      f"depthwise_initializer={ramp((3, 2, 1))}, pointwise_initializer="
                                      f"{ramp((1, 2, 2))}, bias_initializer=tf.constant_initializer(0.1))", SEQ),
    ("separable_conv1d_causal", f"tf.layers.SeparableConv1D(2, 2, padding='causal', dilation_rate=2, "
                                f"depthwise_initializer={ramp((2, 2, 1))}, pointwise_initializer={ramp((1, 2, 2))})",
     SEQ),
    ("separable_conv2d", f"tf.layers.SeparableConv2D(3, 2, depth_multiplier=2, depthwise_initializer="
                         f"{ramp((2, 2, 2, 2))}, pointwise_initializer={ramp((1, 1, 4, 3))})", IMG),
]:
    layer_cases(cid, make, x)
case("conv2d_fn", f"tf.layers.conv2d({IMG}, 2, 3, padding='same', kernel_initializer={ramp((3, 3, 2, 2))})")
case("conv2d_fn_named", f"tf.layers.conv2d({IMG}, 2, 3, name='c1', kernel_initializer={ramp((3, 3, 2, 2))})")
case("conv1d_fn", f"tf.layers.conv1d({SEQ}, 2, 2, kernel_initializer={ramp((2, 2, 2))})")
case("conv3d_fn", f"tf.layers.conv3d({VOL}, 1, 2, kernel_initializer={ramp((2, 2, 2, 1, 1))})")
case("conv2d_transpose_fn", f"tf.layers.conv2d_transpose({IMG}, 1, 2, strides=2, "
     f"kernel_initializer={ramp((2, 2, 1, 2))})")
case("conv3d_transpose_fn", f"tf.layers.conv3d_transpose({VOL}, 1, 2, strides=2, "
     f"kernel_initializer={ramp((2, 2, 2, 1, 1))})")
case("separable_conv1d_fn", f"tf.layers.separable_conv1d({SEQ}, 2, 3, depthwise_initializer={ramp((3, 2, 1))}, "
     f"pointwise_initializer={ramp((1, 2, 2))})")
case("separable_conv2d_fn", f"tf.layers.separable_conv2d({IMG}, 2, 3, depthwise_initializer={ramp((3, 3, 2, 1))}, "
     f"pointwise_initializer={ramp((1, 1, 2, 2))})")
case("conv2d_default_kernel", f"layer = tf.layers.Conv2D(4, 3)\ny = layer({IMG})\nlayer.kernel", values=False)
case("conv2d_wrong_rank", "tf.layers.Conv2D(2, 3)(tf.ones([2, 5, 5]))")
case("conv2d_channels_first_shape", "tf.layers.Conv2D(2, 3, data_format='channels_first')"
     ".compute_output_shape((None, 4, 7, 7))")

# --- pooling ---------------------------------------------------------------------------------------
for kind in ("max", "average"):
    cls = "Max" if kind == "max" else "Average"
    layer_cases(f"{kind}_pooling1d", f"tf.layers.{cls}Pooling1D(2, 2)", SEQ)
    layer_cases(f"{kind}_pooling2d", f"tf.layers.{cls}Pooling2D(2, 2)", IMG)
    layer_cases(f"{kind}_pooling2d_same", f"tf.layers.{cls}Pooling2D(3, 2, padding='same')", IMG)
    layer_cases(f"{kind}_pooling3d", f"tf.layers.{cls}Pooling3D(2, 1)", VOL)
    case(f"{kind}_pooling1d_fn", f"tf.layers.{kind}_pooling1d({SEQ}, 3, 1)")
    case(f"{kind}_pooling2d_fn", f"tf.layers.{kind}_pooling2d({IMG}, (2, 3), (1, 2), padding='same')")
    case(f"{kind}_pooling3d_fn", f"tf.layers.{kind}_pooling3d({VOL}, 2, 2)")
case("max_pooling2d_no_strides", "tf.layers.MaxPooling2D(2)")

# --- batch normalization ---------------------------------------------------------------------------
BN_X = "tf.constant([[1.0, -2.0, 3.0], [0.5, 4.0, -1.0], [2.0, 0.0, 1.5], [-1.0, 1.0, 0.5]])"
layer_cases("batch_norm_inference", "tf.layers.BatchNormalization()", BN_X)
layer_cases("batch_norm_training", "tf.layers.BatchNormalization()", BN_X, call="layer(x, training=True)")
layer_cases("batch_norm_4d_training", "tf.layers.BatchNormalization(momentum=0.5, epsilon=0.01)", IMG,
            call="layer(x, training=True)")
case("batch_norm_moving_stats", f"layer = tf.layers.BatchNormalization(momentum=0.9)\ny = layer({BN_X}, "
     "training=True)\n[layer.moving_mean, layer.moving_variance]")
case("batch_norm_4d_moving_stats", f"layer = tf.layers.BatchNormalization(momentum=0.5)\ny = layer({IMG}, "
     "training=True)\n[layer.moving_mean, layer.moving_variance]")
case("batch_norm_defaults", "layer = tf.layers.BatchNormalization()\n[layer.momentum, layer.epsilon, layer.axis, "
     "layer.center, layer.scale]")
case("batch_norm_fn_inference", f"tf.layers.batch_normalization({BN_X})")
case("batch_norm_fn_training", f"tf.layers.batch_normalization({BN_X}, training=True)")
case("batch_norm_fn_axis0", f"tf.layers.batch_normalization({BN_X}, axis=0, training=True)")

# --- RNN cells -------------------------------------------------------------------------------------
RAMP = ("for w in getattr(cell, 'cell', cell).weights:\n"
        "    w.assign(np.linspace(-0.8, 0.9, w.shape.num_elements()).reshape(w.shape.as_list())"
        ".astype(w.dtype.as_numpy_dtype))\n")
XR = "tf.reshape(tf.range(2 * 4 * 2, dtype=tf.float32), [2, 4, 2]) / 8.0 - 1.0"
BUILD = f"x = {XR}\n_ = tf.nn.dynamic_rnn(cell, x, dtype=tf.float32)\n" + RAMP
FLAT = "[outputs] + tf.nest.flatten(state)"


def rnn_cases(cid, make):
    setup = f"cell = {make}\n" + BUILD
    case(f"{cid}_dynamic", setup + f"outputs, state = tf.nn.dynamic_rnn(cell, x, dtype=tf.float32)\n{FLAT}")
    case(f"{cid}_dynamic_lengths", setup + "outputs, state = tf.nn.dynamic_rnn(cell, x, dtype=tf.float32, "
         f"sequence_length=[4, 2])\n{FLAT}")
    case(f"{cid}_dynamic_grad", setup + "with tf.GradientTape() as t:\n    t.watch(x)\n"
         "    outputs, state = tf.nn.dynamic_rnn(cell, x, dtype=tf.float32, sequence_length=[3, 2])\n"
         "    loss = tf.reduce_sum(outputs * outputs) + sum(tf.reduce_sum(s) for s in tf.nest.flatten(state))\n"
         "t.gradient(loss, [x, getattr(cell, 'cell', cell).trainable_weights])")
    case(f"{cid}_weights", f"cell = {make}\nx = {XR}\n_ = tf.nn.dynamic_rnn(cell, x, dtype=tf.float32)\n"
         "[(w.name, w.shape.as_list(), w.dtype.name, w.trainable) for w in cell.weights]")
    case(f"{cid}_sizes", f"cell = {make}\n[cell.state_size, cell.output_size]")
    case(f"{cid}_zero_state", f"cell = {make}\ncell.zero_state(2, tf.float32)")
    case(f"{cid}_static", setup + "outputs, state = tf.nn.static_rnn(cell, tf.unstack(x, axis=1), dtype=tf.float32, "
         "sequence_length=[4, 3])\n[outputs] + tf.nest.flatten(state)")
    case(f"{cid}_cell_call", setup + "cell(x[:, 0], cell.zero_state(2, tf.float32))")


rnn_cases("basic_rnn", "tf.nn.rnn_cell.BasicRNNCell(3)")
rnn_cases("basic_rnn_relu", "tf.nn.rnn_cell.BasicRNNCell(3, activation=tf.nn.relu)")
rnn_cases("basic_lstm", "tf.nn.rnn_cell.BasicLSTMCell(3)")
rnn_cases("basic_lstm_forget", "tf.nn.rnn_cell.BasicLSTMCell(3, forget_bias=0.25)")
rnn_cases("basic_lstm_concat", "tf.nn.rnn_cell.BasicLSTMCell(3, state_is_tuple=False)")
rnn_cases("lstm", "tf.nn.rnn_cell.LSTMCell(3)")
rnn_cases("lstm_peep_proj", "tf.nn.rnn_cell.LSTMCell(3, use_peepholes=True, cell_clip=0.4, num_proj=2, "
          "proj_clip=0.3)")
rnn_cases("lstm_concat_proj", "tf.nn.rnn_cell.LSTMCell(4, num_proj=2, state_is_tuple=False)")
rnn_cases("gru", "tf.nn.rnn_cell.GRUCell(3)")
rnn_cases("multi", "tf.nn.rnn_cell.MultiRNNCell([tf.nn.rnn_cell.LSTMCell(3), tf.nn.rnn_cell.GRUCell(2)])")
rnn_cases("multi_concat", "tf.nn.rnn_cell.MultiRNNCell([tf.nn.rnn_cell.GRUCell(3), tf.nn.rnn_cell.BasicRNNCell(2)],"
          " state_is_tuple=False)")
rnn_cases("residual", "tf.nn.rnn_cell.ResidualWrapper(tf.nn.rnn_cell.GRUCell(2))")
rnn_cases("dropout_keep1", "tf.nn.rnn_cell.DropoutWrapper(tf.nn.rnn_cell.BasicLSTMCell(3))")
rnn_cases("device", "tf.nn.rnn_cell.DeviceWrapper(tf.nn.rnn_cell.GRUCell(3), '/cpu:0')")

case("gru_default_gate_bias", f"cell = tf.nn.rnn_cell.GRUCell(2)\n_ = tf.nn.dynamic_rnn(cell, {XR}, "
     "dtype=tf.float32)\ncell.weights[1]")
case("lstm_time_major", "cell = tf.nn.rnn_cell.BasicLSTMCell(3)\n" + BUILD +
     "outputs, state = tf.nn.dynamic_rnn(cell, tf.transpose(x, [1, 0, 2]), dtype=tf.float32, time_major=True,"
     f" sequence_length=[4, 1])\n{FLAT}")
case("lstm_initial_state", "cell = tf.nn.rnn_cell.BasicLSTMCell(3)\n" + BUILD +
     "init = tf.nn.rnn_cell.LSTMStateTuple(tf.fill([2, 3], 0.5), tf.fill([2, 3], -0.25))\n"
     f"outputs, state = tf.nn.dynamic_rnn(cell, x, initial_state=init)\n{FLAT}")
case("dynamic_rnn_scope", f"cell = tf.nn.rnn_cell.GRUCell(2)\n_ = tf.nn.dynamic_rnn(cell, {XR}, dtype=tf.float32, "
     "scope='enc')\n[w.name for w in cell.weights]")
case("dynamic_rnn_in_variable_scope", "with tf.variable_scope('model'):\n    cell = tf.nn.rnn_cell.BasicLSTMCell(2)\n"
     f"    _ = tf.nn.dynamic_rnn(cell, {XR}, dtype=tf.float32)\n[w.name for w in cell.weights]")
case("dynamic_rnn_no_dtype", f"tf.nn.dynamic_rnn(tf.nn.rnn_cell.GRUCell(2), {XR})")
case("dynamic_rnn_not_a_cell", f"tf.nn.dynamic_rnn(lambda x, s: (x, s), {XR}, dtype=tf.float32)")
case("dynamic_rnn_lengths_matrix", f"tf.nn.dynamic_rnn(tf.nn.rnn_cell.GRUCell(2), {XR}, dtype=tf.float32, "
     "sequence_length=[[1, 2]])")
case("static_rnn_not_sequence", f"tf.nn.static_rnn(tf.nn.rnn_cell.GRUCell(2), {XR}, dtype=tf.float32)")
case("static_rnn_empty", "tf.nn.static_rnn(tf.nn.rnn_cell.GRUCell(2), [], dtype=tf.float32)")
case("static_rnn_names", f"cell = tf.nn.rnn_cell.BasicLSTMCell(2)\n_ = tf.nn.static_rnn(cell, tf.unstack({XR}, "
     "axis=1), dtype=tf.float32)\n[w.name for w in cell.weights]")
case("multi_rnn_empty", "tf.nn.rnn_cell.MultiRNNCell([])")
case("multi_rnn_tuple_states_concat", "tf.nn.rnn_cell.MultiRNNCell([tf.nn.rnn_cell.BasicLSTMCell(2)], "
     "state_is_tuple=False)")
case("multi_rnn_names", "cell = tf.nn.rnn_cell.MultiRNNCell([tf.nn.rnn_cell.BasicLSTMCell(2) for _ in range(2)])\n"
     f"_ = tf.nn.dynamic_rnn(cell, {XR}, dtype=tf.float32)\n[w.name for w in cell.weights]")
case("lstm_state_tuple_dtype", "tf.nn.rnn_cell.LSTMStateTuple(tf.zeros([1, 2]), tf.zeros([1, 2])).dtype")
case("lstm_state_tuple_mixed", "tf.nn.rnn_cell.LSTMStateTuple(tf.zeros([1, 2]), tf.zeros([1, 2], tf.float64)).dtype")
case("dropout_wrapper_bad_prob", "tf.nn.rnn_cell.DropoutWrapper(tf.nn.rnn_cell.GRUCell(2), input_keep_prob=1.5)")
case("dropout_wrapper_variational_no_dtype", "tf.nn.rnn_cell.DropoutWrapper(tf.nn.rnn_cell.GRUCell(2), "
     "variational_recurrent=True, state_keep_prob=0.5)")
case("dropout_wrapper_names", "cell = tf.nn.rnn_cell.DropoutWrapper(tf.nn.rnn_cell.GRUCell(2), output_keep_prob=0.5)\n"
     f"outputs, state = tf.nn.dynamic_rnn(cell, {XR}, dtype=tf.float32)\n"
     "[outputs.shape.as_list(), [w.name for w in cell.weights]]")
case("cell_wrong_input_depth", "cell = tf.nn.rnn_cell.GRUCell(2)\n" + f"_ = tf.nn.dynamic_rnn(cell, {XR}, "
     "dtype=tf.float32)\ncell(tf.ones([2, 5]), tf.zeros([2, 2]))")


def bidi_cases(cid, fw, bw):
    setup = (f"fw = {fw}\nbw = {bw}\nx = {XR}\n_ = tf.nn.bidirectional_dynamic_rnn(fw, bw, x, dtype=tf.float32)\n"
             + RAMP.replace("getattr(cell, 'cell', cell).weights", "fw.weights + bw.weights"))
    case(f"{cid}_bidi_dynamic", setup + "outputs, states = tf.nn.bidirectional_dynamic_rnn(fw, bw, x, "
         "dtype=tf.float32, sequence_length=[4, 2])\ntf.nest.flatten([outputs, states])")
    case(f"{cid}_bidi_names", setup + "[w.name for w in fw.weights + bw.weights]")
    case(f"{cid}_bidi_static", setup + "outputs, sf, sb = tf.nn.static_bidirectional_rnn(fw, bw, "
         "tf.unstack(x, axis=1), dtype=tf.float32, sequence_length=[4, 2])\ntf.nest.flatten([outputs, sf, sb])")
    case(f"{cid}_bidi_grad", setup + "with tf.GradientTape() as t:\n    t.watch(x)\n"
         "    outputs, states = tf.nn.bidirectional_dynamic_rnn(fw, bw, x, dtype=tf.float32, "
         "sequence_length=[3, 4], time_major=False)\n"
         "    loss = sum(tf.reduce_sum(o * o) for o in tf.nest.flatten(outputs))\n"
         "t.gradient(loss, [x, fw.trainable_weights + bw.trainable_weights])")


bidi_cases("lstm_gru", "tf.nn.rnn_cell.BasicLSTMCell(3)", "tf.nn.rnn_cell.GRUCell(2)")
bidi_cases("rnn_rnn", "tf.nn.rnn_cell.BasicRNNCell(2)", "tf.nn.rnn_cell.BasicRNNCell(2)")


def main():
    core.write_goldens(OUT, CASES, core.run_case, r"tfl_[a-z0-9_]+",
                       "tensorflow.compat.v1 with TF_USE_LEGACY_KERAS=1 (tf_keras legacy tf.layers and RNN cells, "
                       "TF's rnn.py); disable_v2_behavior(); enable_eager_execution(); disable_tensor_equality()",
                       "record_tflayers_goldens.py")


if __name__ == "__main__":
    main()
