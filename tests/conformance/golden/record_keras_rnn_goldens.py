"""Record golden values for the Keras recurrent layers (issue 9, items 2 and 5) from REAL TensorFlow's
v1 Keras (tf_keras, ``TF_USE_LEGACY_KERAS=1``, ``tf.compat.v1`` eager).

Run by hand in the throwaway oracle virtualenv (never a dependency of tfcompat, never in CI), from
the repository root:

    PYTHONHASHSEED=0 /tmp/tforacle/bin/python tests/conformance/golden/record_keras_rnn_goldens.py

It writes keras_rnn_goldens.json next to this file; case ids start with ``keras_rnn_``.  The case
runner and encoders are record_keras_goldens.py's.  Weights come from a fixed ``ramp``
initializer (a sine over the weight's elements), so outputs and gradients (of ``sum(y * y)`` with
respect to the input and the trainable weights) are comparable.  Bidirectional recreates its
layer from the layer's config, where tf_keras cannot name a function initializer, so its cases
fix the weights with ``built`` (``set_weights`` of ramps after a first call) instead.

Weight names are recorded in separate ``_names`` cases: TF 1.15 builds an RNN's cell outside any
name scope of the cell's own (``lstm/kernel:0``) where tf_keras adds one (``lstm/lstm_cell/kernel:0``);
tfcompat follows TF 1.15 and those cases are listed in the deviation files.

The oracle has no GPU, so tf_keras's CuDNNLSTM/CuDNNGRU cannot run.  The ``cudnn_*`` cases record
the cuDNN equations through their canonical conversion (the one tf_keras applies when it loads
CuDNN weights into a plain layer): cuDNN's LSTM is Keras's LSTM with sigmoid gates and the input
and recurrent biases summed; cuDNN's GRU is Keras's reset-after GRU with sigmoid gates and its
``[6 * units]`` bias as ``[2, 3 * units]``.  tests/test_keras_recurrent.py runs tfcompat's CuDNN
layers, with the unconverted weights, against these cases.
"""
import os
import sys
import textwrap

os.environ["TF_USE_LEGACY_KERAS"] = "1"
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import record_keras_goldens as keras_recorder  # noqa: E402  (sets up TF 1.x-style eager execution)

core = keras_recorder.core
OUT = os.path.join(core.HERE, "keras_rnn_goldens.json")
CASES = []
PRELUDE = """tf.keras.backend.clear_session()
def ramp(shape, dtype=None, partition_info=None):
    shape = tf.TensorShape(shape).as_list()
    return tf.constant(0.5 * np.sin(np.arange(np.prod(shape)) + len(shape)).reshape(shape), dtype=dtype or tf.float32)
R = dict(kernel_initializer=ramp, recurrent_initializer=ramp)
def built(layer, x):
    layer(x)
    layer.set_weights([ramp(w.shape).numpy() for w in layer.weights])
    return layer
"""
X = "tf.constant(np.linspace(-1.0, 1.0, 24).reshape(2, 4, 3), dtype=tf.float32)"


def case(cid, code, values=True):
    c = {"id": "keras_rnn_" + cid, "code": PRELUDE + textwrap.dedent(code).strip("\n")}
    if not values:
        c["values"] = False
    CASES.append(c)


def layer_cases(cid, make, x=X, call="layer(x)", params="layer.trainable_weights", names=True):
    """Output, gradients, weight shapes/dtypes (and, separately, names) of ``make`` called on ``x``."""
    setup = f"x = {x}\nlayer = {make}\n"
    case(f"{cid}_out", setup + call)
    case(f"{cid}_grad", setup + f"with tf.GradientTape() as t:\n    t.watch(x)\n    y = {call}\n"
         "    loss = tf.add_n([tf.reduce_sum(v * v) for v in tf.nest.flatten(y)])\n"
         f"t.gradient(loss, [x, {params}])")
    case(f"{cid}_weights", setup + f"y = {call}\n"
         "[(w.shape.as_list(), w.dtype.name, w.trainable) for w in layer.weights]")
    if names:
        case(f"{cid}_names", setup + f"y = {call}\n[w.name for w in layer.weights]")


# --- SimpleRNN, LSTM, GRU and their options ---------------------------------------------------------
for kind in ("SimpleRNN", "LSTM", "GRU"):
    low = kind.lower()
    base = f"tf.keras.layers.{kind}(3, **R"
    layer_cases(low, base + ")")
    layer_cases(f"{low}_sequences", base + ", return_sequences=True)", names=False)
    layer_cases(f"{low}_state", base + ", return_state=True)", names=False)
    layer_cases(f"{low}_sequences_state", base + ", return_sequences=True, return_state=True)", names=False)
    layer_cases(f"{low}_backwards", base + ", return_sequences=True, go_backwards=True)", names=False)
    layer_cases(f"{low}_ramp_bias", base + ", bias_initializer=ramp)", names=False)
    layer_cases(f"{low}_no_bias", base + ", use_bias=False)", names=False)
    layer_cases(f"{low}_relu", base + ", activation='relu', return_sequences=True)", names=False)
    layer_cases(f"{low}_time_major", base + ", return_sequences=True, time_major=True)", names=False)
    layer_cases(f"{low}_float64", base + ", return_sequences=True, dtype='float64')", names=False,
                x="tf.constant(np.linspace(-1.0, 1.0, 24).reshape(2, 4, 3))")
    case(f"{low}_rank2_input", f"tf.keras.layers.{kind}(3)(tf.zeros([2, 3]))")
    case(f"{low}_compute_output_shape",
         f"tf.keras.layers.{kind}(3, return_sequences=True, return_state=True).compute_output_shape((None, 7, 5))")
    case(f"{low}_default_kernel", f"layer = tf.keras.layers.{kind}(3)\nlayer(tf.zeros([1, 2, 4]))\nlayer.weights[0]",
         values=False)
    case(f"{low}_default_bias", f"layer = tf.keras.layers.{kind}(3)\nlayer(tf.zeros([1, 2, 4]))\nlayer.weights[2]")
    case(f"{low}_num_params", f"layer = tf.keras.layers.{kind}(3)\nlayer(tf.zeros([1, 2, 4]))\nlayer.count_params()")
    case(f"{low}_initial_state", f"layer = {base}, return_sequences=True)\nx = {X}\n"
         f"layer(x, initial_state=[tf.ones([2, 3]) * 0.5] * {2 if kind == 'LSTM' else 1})")
    case(f"{low}_explicit_mask", f"layer = {base}, return_sequences=True, return_state=True)\nx = {X}\n"
         "layer(x, mask=tf.constant([[True, True, False, True], [True, False, False, False]]))")
    case(f"{low}_stateful", f"layer = {base}, stateful=True)\nx = {X}\nlayer(x)\nlayer(x)")
    case(f"{low}_stateful_states", f"layer = {base}, stateful=True)\nx = {X}\nlayer(x)\nlayer(x)\n"
         "[s.numpy() for s in layer.states]")
    case(f"{low}_stateful_reset", f"layer = {base}, stateful=True)\nx = {X}\nlayer(x)\nlayer.reset_states()\n"
         "layer(x)")
    case(f"{low}_reset_not_stateful", f"layer = {base})\nlayer({X})\nlayer.reset_states()")

layer_cases("lstm_sigmoid", "tf.keras.layers.LSTM(3, recurrent_activation='sigmoid', return_sequences=True, "
            "bias_initializer=ramp, **R)", names=False)
layer_cases("lstm_sigmoid_backwards_state", "tf.keras.layers.LSTM(3, recurrent_activation='sigmoid', "
            "go_backwards=True, return_state=True, **R)", names=False)
layer_cases("lstm_no_forget_bias", "tf.keras.layers.LSTM(3, unit_forget_bias=False, bias_initializer=ramp, **R)",
            names=False)
layer_cases("lstm_implementation2", "tf.keras.layers.LSTM(3, implementation=2, return_sequences=True, **R)",
            names=False)
layer_cases("gru_reset_after", "tf.keras.layers.GRU(3, reset_after=True, bias_initializer=ramp, "
            "return_sequences=True, **R)")
layer_cases("gru_reset_after_sigmoid", "tf.keras.layers.GRU(3, reset_after=True, recurrent_activation='sigmoid', "
            "bias_initializer=ramp, return_state=True, **R)", names=False)
layer_cases("gru_implementation2", "tf.keras.layers.GRU(3, implementation=2, bias_initializer=ramp, **R)",
            names=False)
case("lstm_default_forget_bias", "layer = tf.keras.layers.LSTM(2)\nlayer(tf.zeros([1, 2, 4]))\nlayer.weights[2]")
case("gru_reset_after_bias_shape", "layer = tf.keras.layers.GRU(2, reset_after=True)\nlayer(tf.zeros([1, 2, 4]))\n"
     "layer.weights[2].shape.as_list()")

# --- RNN over cells -------------------------------------------------------------------------------
layer_cases("rnn_lstm_cell", "tf.keras.layers.RNN(tf.keras.layers.LSTMCell(3, **R), return_sequences=True)")
layer_cases("rnn_stacked", "tf.keras.layers.RNN([tf.keras.layers.LSTMCell(3, **R), tf.keras.layers.GRUCell(2, **R),"
            " tf.keras.layers.SimpleRNNCell(2, **R)], return_state=True)")
layer_cases("rnn_stacked_cells_layer", "tf.keras.layers.RNN(tf.keras.layers.StackedRNNCells("
            "[tf.keras.layers.SimpleRNNCell(2, **R), tf.keras.layers.SimpleRNNCell(3, **R)]), return_sequences=True)",
            names=False)
MINIMAL = """class MinimalRNNCell(tf.keras.layers.Layer):
    def __init__(self, units, **kwargs):
        self.units = units
        self.state_size = units
        super(MinimalRNNCell, self).__init__(**kwargs)
    def build(self, input_shape):
        self.kernel = self.add_weight(shape=(input_shape[-1], self.units), initializer=ramp, name='kernel')
        self.recurrent_kernel = self.add_weight(shape=(self.units, self.units), initializer=ramp,
                                                name='recurrent_kernel')
        self.built = True
    def call(self, inputs, states):
        prev_output = states[0]
        output = tf.keras.backend.dot(inputs, self.kernel) + tf.keras.backend.dot(prev_output, self.recurrent_kernel)
        return output, [output]
"""
for variant, options in (("", ""), ("_sequences", ", return_sequences=True"), ("_backwards", ", go_backwards=True"),
                         ("_state", ", return_state=True")):
    case(f"custom_cell{variant}_out", MINIMAL + f"layer = tf.keras.layers.RNN(MinimalRNNCell(2){options})\n"
         f"layer({X})")
case("custom_cell_grad", MINIMAL + f"layer = tf.keras.layers.RNN(MinimalRNNCell(2))\nx = {X}\n"
     "with tf.GradientTape() as t:\n    t.watch(x)\n    loss = tf.reduce_sum(layer(x) ** 2)\n"
     "t.gradient(loss, [x, layer.trainable_weights])")
case("custom_cell_masked", MINIMAL + f"layer = tf.keras.layers.RNN(MinimalRNNCell(2), return_sequences=True)\n"
     f"layer({X}, mask=tf.constant([[True, False, True, True], [False, True, True, False]]))")
CONSTANT_CELL = """class ConstantCell(tf.keras.layers.Layer):
    def __init__(self, units, **kwargs):
        self.units = units
        self.state_size = units
        super(ConstantCell, self).__init__(**kwargs)
    def build(self, input_shape):
        self.kernel = self.add_weight(shape=(input_shape[-1], self.units), initializer=ramp, name='kernel')
        self.built = True
    def call(self, inputs, states, constants):
        return tf.keras.backend.dot(inputs, self.kernel) + states[0] * constants[0], [states[0] + 1.0]
"""
case("constants_out", CONSTANT_CELL + f"layer = tf.keras.layers.RNN(ConstantCell(3), return_sequences=True)\n"
     f"layer({X}, constants=tf.constant([[0.5, -1.0, 2.0], [1.0, 1.0, 1.0]]))")
for cell in ("SimpleRNNCell(3, **R)", "GRUCell(3, **R)", "LSTMCell(3, **R)"):
    name = cell.split("(")[0].lower()
    states = "[tf.ones([2, 3]) * 0.25, tf.ones([2, 3]) * -0.5]" if "LSTM" in cell else "[tf.ones([2, 3]) * 0.25]"
    case(f"{name}_step", f"cell = tf.keras.layers.{cell}\ncell(tf.constant([[0.5, -1.0, 2.0], [0.1, 0.2, 0.3]]), "
         f"{states})")
    case(f"{name}_state_size", f"tf.keras.layers.{cell}.state_size")
    case(f"{name}_names", f"cell = tf.keras.layers.{cell}\ncell(tf.zeros([2, 4]), {states})\n"
         "[w.name for w in cell.weights]")

# --- masks through Sequential, functional and subclassed models --------------------------------------------
EMB = "tf.keras.layers.Embedding(6, 3, mask_zero=True, embeddings_initializer=ramp)"
IDS = "tf.constant([[1, 2, 3, 0, 0], [4, 5, 0, 0, 0], [0, 2, 0, 3, 0]])"
for kind in ("SimpleRNN", "LSTM", "GRU"):
    low = kind.lower()
    layer_cases(f"embedding_mask_{low}", f"tf.keras.Sequential([{EMB}, tf.keras.layers.{kind}(2, return_sequences="
                "True, **R)])", x=IDS, call="layer(x)", params="layer.trainable_weights[1:]", names=False)
    layer_cases(f"masking_{low}", f"tf.keras.Sequential([tf.keras.layers.Masking(), tf.keras.layers.{kind}(2, "
                "return_sequences=True, return_state=False, **R)])",
                x="tf.constant(np.array([[[1., 2.], [0., 0.], [3., -1.]], [[0., 0.], [0.5, 0.5], [0., 0.]]]), "
                  "dtype=tf.float32)", names=False)
case("embedding_mask_lstm_last", f"tf.keras.Sequential([{EMB}, tf.keras.layers.LSTM(2, **R)])({IDS})")
case("embedding_mask_stack", f"tf.keras.Sequential([{EMB}, tf.keras.layers.LSTM(2, return_sequences=True, **R), "
     f"tf.keras.layers.GRU(2, **R)])({IDS})")
case("mask_functional", f"inp = tf.keras.Input((None,), dtype='int32')\nh = {EMB}(inp)\n"
     "out = tf.keras.layers.GRU(2, return_sequences=True, **R)(h)\n"
     f"tf.keras.Model(inp, out)({IDS})")
case("mask_functional_state", f"inp = tf.keras.Input((None,), dtype='int32')\nh = {EMB}(inp)\n"
     "out = tf.keras.layers.LSTM(2, return_state=True, **R)(h)\n"
     f"tf.keras.Model(inp, out)({IDS})")
case("mask_subclassed", "class M(tf.keras.Model):\n    def __init__(self):\n        super(M, self).__init__()\n"
     f"        self.emb = {EMB}\n        self.rnn = tf.keras.layers.LSTM(2, return_sequences=True, **R)\n"
     "    def call(self, x):\n        return self.rnn(self.emb(x))\n"
     f"M()({IDS})")
case("mask_output_mask", f"tf.keras.Sequential([{EMB}, tf.keras.layers.LSTM(2, return_sequences=True, **R)])"
     f"({IDS})._keras_mask")
case("mask_dropped_by_last_output", f"y = tf.keras.Sequential([{EMB}, tf.keras.layers.LSTM(2, **R)])({IDS})\n"
     "getattr(y, '_keras_mask', None) is None")
case("mask_bidirectional", f"tf.keras.Sequential([{EMB}, built(tf.keras.layers.Bidirectional(tf.keras.layers.LSTM("
     f"2, return_sequences=True)), tf.zeros([1, 1, 3]))])({IDS})")
case("mask_bidirectional_last", f"tf.keras.Sequential([{EMB}, built(tf.keras.layers.Bidirectional(tf.keras.layers.GRU("
     f"2), merge_mode='sum'), tf.zeros([1, 1, 3]))])({IDS})")
case("mask_time_distributed", f"tf.keras.Sequential([{EMB}, tf.keras.layers.TimeDistributed(tf.keras.layers.Dense("
     f"2, kernel_initializer=ramp)), tf.keras.layers.SimpleRNN(2, return_sequences=True, **R)])({IDS})")

# --- wrappers ---------------------------------------------------------------------------------------
for mode in ("concat", "sum", "mul", "ave", None):
    layer_cases(f"bidirectional_{str(mode).lower()}", "built(tf.keras.layers.Bidirectional(tf.keras.layers.LSTM(2, "
                f"return_sequences=True), merge_mode={mode!r}), x)", names=mode == "concat")
layer_cases("bidirectional_gru_state", "built(tf.keras.layers.Bidirectional(tf.keras.layers.GRU(2, return_state=True)),"
            " x)", names=False)
layer_cases("bidirectional_simple_last", "built(tf.keras.layers.Bidirectional(tf.keras.layers.SimpleRNN(2), "
            "merge_mode='ave'), x)", names=False)
layer_cases("bidirectional_backward_layer", "built(tf.keras.layers.Bidirectional(tf.keras.layers.LSTM(2), "
            "backward_layer=tf.keras.layers.GRU(3, go_backwards=True)), x)")
layer_cases("bidirectional_lstm_sigmoid_state", "built(tf.keras.layers.Bidirectional(tf.keras.layers.LSTM(2, "
            "recurrent_activation='sigmoid', return_sequences=True, return_state=True)), x)", names=False)
case("bidirectional_initial_state", f"layer = built(tf.keras.layers.Bidirectional(tf.keras.layers.LSTM(2)), {X})\n"
     f"layer({X}, initial_state=[tf.ones([2, 2]) * 0.1, tf.ones([2, 2]) * 0.2, tf.ones([2, 2]) * 0.3, "
     "tf.ones([2, 2]) * 0.4])")
case("bidirectional_bad_merge_mode", "tf.keras.layers.Bidirectional(tf.keras.layers.LSTM(2), merge_mode='max')")
case("bidirectional_not_a_layer", "tf.keras.layers.Bidirectional(3)")
case("bidirectional_same_direction", "tf.keras.layers.Bidirectional(tf.keras.layers.LSTM(2), "
     "backward_layer=tf.keras.layers.LSTM(2))")
case("bidirectional_output_shape", "tf.keras.layers.Bidirectional(tf.keras.layers.LSTM(2, return_sequences=True))"
     ".compute_output_shape((None, 5, 3))")
case("bidirectional_functional", "inp = tf.keras.Input((4, 3))\nout = built(tf.keras.layers.Bidirectional("
     "tf.keras.layers.GRU(2)), tf.zeros([1, 4, 3]))(inp)\nm = tf.keras.Model(inp, out)\n"
     f"[m({X}), m.count_params()]")
layer_cases("time_distributed_dense", "tf.keras.layers.TimeDistributed(tf.keras.layers.Dense(2, kernel_initializer="
            "ramp, bias_initializer=ramp, activation='tanh'))")
layer_cases("time_distributed_conv2d", "tf.keras.layers.TimeDistributed(tf.keras.layers.Conv2D(2, 2, kernel_initializer="
            "ramp, bias_initializer=ramp))", x="tf.constant(np.linspace(-1, 1, 2 * 3 * 4 * 4 * 2).reshape(2, 3, 4, 4, 2),"
            " dtype=tf.float32)")
case("time_distributed_output_shape", "tf.keras.layers.TimeDistributed(tf.keras.layers.Dense(4))"
     ".compute_output_shape((None, 5, 3))")
case("time_distributed_rank2", "tf.keras.layers.TimeDistributed(tf.keras.layers.Dense(4))(tf.zeros([2, 3]))")
case("time_distributed_not_a_layer", "tf.keras.layers.TimeDistributed(3)")
case("time_distributed_then_lstm", "m = tf.keras.Sequential([tf.keras.layers.TimeDistributed(tf.keras.layers.Dense("
     f"2, kernel_initializer=ramp), input_shape=(4, 3)), tf.keras.layers.LSTM(2, **R)])\n[m({X}), m.count_params()]")

# --- cuDNN's equations, through the canonical conversion (see the docstring) ------------------------------------
case("cudnn_lstm_equations", "k = ramp([3, 12]); rk = ramp([3, 12]); b = ramp([24])\n"
     "layer = tf.keras.layers.LSTM(3, recurrent_activation='sigmoid', return_sequences=True, return_state=True)\n"
     f"x = {X}\nlayer(x[:, :1])\nlayer.set_weights([k.numpy(), rk.numpy(), (b[:12] + b[12:]).numpy()])\n"
     "with tf.GradientTape() as t:\n    t.watch(x)\n    y = layer(x)\n"
     "    loss = tf.add_n([tf.reduce_sum(v * v) for v in y])\n[y, t.gradient(loss, [x] + layer.trainable_weights)]")
case("cudnn_gru_equations", "k = ramp([3, 9]); rk = ramp([3, 9]); b = ramp([18])\n"
     "layer = tf.keras.layers.GRU(3, recurrent_activation='sigmoid', reset_after=True, return_sequences=True, "
     f"return_state=True)\nx = {X}\nlayer(x[:, :1])\n"
     "layer.set_weights([k.numpy(), rk.numpy(), tf.reshape(b, [2, 9]).numpy()])\n"
     "with tf.GradientTape() as t:\n    t.watch(x)\n    y = layer(x)\n"
     "    loss = tf.add_n([tf.reduce_sum(v * v) for v in y])\n[y, t.gradient(loss, [x] + layer.trainable_weights)]")


def main():
    core.write_goldens(OUT, CASES, keras_recorder.run_case, r"keras_rnn_[a-z0-9_]+",
                       "tensorflow.compat.v1 with TF_USE_LEGACY_KERAS=1 (tf_keras v1 Keras); "
                       "disable_v2_behavior(); enable_eager_execution(); disable_tensor_equality()",
                       "record_keras_rnn_goldens.py")


if __name__ == "__main__":
    main()
