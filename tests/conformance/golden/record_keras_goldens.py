"""Record golden values for tf.keras (issue 9, part 1) from REAL TensorFlow's v1 Keras.

Run by hand in the throwaway TensorFlow virtualenv that also has tf-keras (never a dependency
of tfcompat, never run in CI), from the repository root:

    /tmp/tforacle/bin/pip install tensorflow-cpu tf-keras numpy
    PYTHONHASHSEED=0 /tmp/tforacle/bin/python tests/conformance/golden/record_keras_goldens.py

``PYTHONHASHSEED=0`` fixes the order of the sets some error messages print.  It sets
``TF_USE_LEGACY_KERAS=1`` before importing TensorFlow, so ``tf.compat.v1.keras`` is
tf_keras's v1 Keras (the closest living relative of TF 1.15's Keras), in eager mode.  It writes
tests/conformance/golden/keras_goldens.json next to this file.  Case ids start with ``keras_``.

Case and outcome format: as record_core_goldens.py (whose setup and encoders this recorder
reuses).  Every case starts with ``tf.keras.backend.clear_session()`` so layer names do not
depend on the cases before it.  Weights are fixed (constant initializers or ``set_weights``)
so outputs and gradients are comparable; the random initializers record dtype and shape only.
Where TF 1.15 differs from tf_keras (error texts, ``summary()``'s layout), the case is listed
in deviations_<device>.txt with the reason and tfcompat follows TF 1.15's source.
"""
import os
import sys
import textwrap

os.environ["TF_USE_LEGACY_KERAS"] = "1"
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import record_core_goldens as core  # noqa: E402  (sets up TF 1.x-style eager execution)

np = core.np
tf = core.tf

OUT = os.path.join(core.HERE, "keras_goldens.json")
CASES = []
CLEAR = "tf.keras.backend.clear_session()\n"


def case(cid, code, values=True):
    c = {"id": "keras_" + cid, "code": CLEAR + textwrap.dedent(code).strip("\n")}
    if not values:
        c["values"] = False
    CASES.append(c)


X24 = "tf.constant([[0.5, -1.0, 1.5, -2.0], [0.25, 0.75, -0.5, 1.0]])"
K43 = "tf.constant_initializer(np.linspace(-1.0, 1.0, 12).reshape(4, 3))"
B3 = "tf.constant_initializer([0.1, -0.2, 0.3])"


def layer_cases(cid, make, x=X24, call="layer(x)", weights=True):
    """The output, the gradients of sum(y * y) with respect to the input(s) and the trainable
    weights, and the weights' (name, shape, dtype, trainable)."""
    setup = f"layer = {make}\nx = {x}\n"
    case(f"{cid}_out", setup + call)
    case(f"{cid}_grad", setup + f"with tf.GradientTape() as t:\n    t.watch(x)\n    y = {call}\n"
         "    loss = tf.reduce_sum(y * y)\nt.gradient(loss, [x, layer.trainable_weights])")
    if weights:
        case(f"{cid}_weights", setup + f"y = {call}\n"
             "[(w.name, w.shape.as_list(), w.dtype.name, w.trainable) for w in layer.weights]")


# --------------------------------------------------------------------------
# Dense
# --------------------------------------------------------------------------
DENSE = f"tf.keras.layers.Dense(3, kernel_initializer={K43}, bias_initializer={B3}"
layer_cases("dense", DENSE + ")")
for act in ("relu", "tanh", "sigmoid", "softmax", "hard_sigmoid", "elu", "selu", "softplus", "softsign",
            "exponential", "linear"):
    layer_cases(f"dense_{act}", DENSE + f", activation='{act}')", weights=False)
layer_cases("dense_no_bias", f"tf.keras.layers.Dense(3, use_bias=False, kernel_initializer={K43})")
layer_cases("dense_rank3", DENSE + ")", x="tf.reshape(tf.range(16, dtype=tf.float32), [2, 2, 4]) / 8.0")
layer_cases("dense_float64", DENSE + ")", x="tf.constant(np.linspace(-1, 1, 8).reshape(2, 4))")
case("dense_int_input", "tf.keras.layers.Dense(3)(tf.constant([[1, 2]]))")
case("dense_rank1_input", "tf.keras.layers.Dense(3)(tf.constant([1.0, 2.0]))")
case("dense_built_wrong_size", "layer = tf.keras.layers.Dense(3)\nlayer(tf.zeros([1, 4]))\n"
     "layer(tf.zeros([1, 5]))")
case("dense_float64_into_float32", DENSE + ")\nlayer(tf.zeros([1, 4]))\n"
     "layer(tf.constant(np.ones((1, 4))))")
case("dense_default_init", "layer = tf.keras.layers.Dense(5)\nlayer(tf.zeros([2, 7]))\nlayer.kernel", values=False)
case("dense_default_bias", "layer = tf.keras.layers.Dense(5)\nlayer(tf.zeros([2, 7]))\nlayer.bias")
case("dense_compute_output_shape", "tf.keras.layers.Dense(3).compute_output_shape((None, 5, 4))")
case("dense_input_dim", "layer = tf.keras.layers.Dense(2, input_dim=3)\nlayer._batch_input_shape")
case("dense_kernel_regularizer_losses",
     DENSE + ", kernel_regularizer=tf.keras.regularizers.l2(0.1), bias_regularizer='l1')\n"
     f"y = layer({X24})\nlayer.losses")
case("dense_activity_regularizer_losses",
     DENSE + ", activity_regularizer=tf.keras.regularizers.l1(0.01))\n"
     f"y = layer({X24})\nlayer.losses")
case("dense_get_weights", DENSE + f")\ny = layer({X24})\nlayer.get_weights()")
case("dense_set_weights", DENSE + f")\ny = layer({X24})\n"
     "layer.set_weights([np.ones((4, 3), np.float32), np.zeros(3, np.float32)])\n"
     f"layer({X24})")
case("dense_set_weights_count", DENSE + f")\ny = layer({X24})\nlayer.set_weights([np.ones((4, 3))])")
case("dense_set_weights_shape", DENSE + f")\ny = layer({X24})\n"
     "layer.set_weights([np.ones((3, 3)), np.zeros(3)])")
case("dense_count_params", DENSE + f")\ny = layer({X24})\nlayer.count_params()")
case("dense_count_params_unbuilt", "tf.keras.layers.Dense(3).count_params()")
case("dense_not_trainable", DENSE + f", trainable=False)\ny = layer({X24})\n"
     "[len(layer.trainable_weights), [w.name for w in layer.non_trainable_weights]]")
case("dense_unknown_kwarg", "tf.keras.layers.Dense(3, foo=1)")

# --------------------------------------------------------------------------
# activation layers and functions
# --------------------------------------------------------------------------
XA = "tf.constant([[-3.0, -1.0, -0.25, 0.0], [0.25, 0.5, 2.0, 7.0]])"
for act in ("relu", "elu", "selu", "softplus", "softsign", "sigmoid", "hard_sigmoid", "exponential", "linear",
            "softmax", "tanh"):
    layer_cases(f"activation_{act}", f"tf.keras.layers.Activation('{act}')", x=XA, weights=False)
    case(f"activations_fn_{act}", f"tf.keras.activations.{act}({XA})")
for nm, make in [("leaky_relu", "tf.keras.layers.LeakyReLU()"),
                 ("leaky_relu_alpha", "tf.keras.layers.LeakyReLU(alpha=0.1)"),
                 ("relu_layer", "tf.keras.layers.ReLU()"),
                 ("relu_layer_options", "tf.keras.layers.ReLU(max_value=1.5, negative_slope=0.1, threshold=0.3)"),
                 ("relu_layer_max6", "tf.keras.layers.ReLU(max_value=6.0)"),
                 ("elu_layer", "tf.keras.layers.ELU(alpha=0.5)"),
                 ("softmax_layer", "tf.keras.layers.Softmax()"),
                 ("softmax_layer_axis0", "tf.keras.layers.Softmax(axis=0)"),
                 ("thresholded_relu", "tf.keras.layers.ThresholdedReLU(theta=0.4)")]:
    layer_cases(nm, make, x=XA, weights=False)
layer_cases("prelu", "tf.keras.layers.PReLU(alpha_initializer=tf.constant_initializer(0.25))", x=XA)
layer_cases("prelu_shared", "tf.keras.layers.PReLU(alpha_initializer=tf.constant_initializer(0.5), "
            "shared_axes=[1])", x="tf.reshape(" + XA + ", [2, 2, 2])")
case("relu_layer_negative_max", "tf.keras.layers.ReLU(max_value=-1.0)")
case("relu_layer_negative_slope", "tf.keras.layers.ReLU(negative_slope=-0.5)")
for nm, expr in [("relu_alpha", f"tf.keras.activations.relu({XA}, alpha=0.2)"),
                 ("relu_max", f"tf.keras.activations.relu({XA}, max_value=1.0)"),
                 ("relu_threshold", f"tf.keras.activations.relu({XA}, threshold=0.4)"),
                 ("relu_all", f"tf.keras.activations.relu({XA}, alpha=0.5, max_value=2.5, threshold=0.1)"),
                 ("elu_alpha", f"tf.keras.activations.elu({XA}, alpha=0.3)"),
                 ("softmax_rank3", "tf.keras.activations.softmax(tf.reshape(tf.range(8.0), [2, 2, 2]), axis=1)"),
                 ("softmax_rank1", "tf.keras.activations.softmax(tf.constant([1.0, 2.0]))"),
                 ("serialize", "[tf.keras.activations.serialize(tf.keras.activations.get(n)) for n in "
                               "['relu', 'tanh', 'hard_sigmoid', None]]"),
                 ("get_unknown", "tf.keras.activations.get('nope')"),
                 ("get_callable", "tf.keras.activations.get(tf.nn.relu) is tf.nn.relu"),
                 ("get_number", "tf.keras.activations.get(3)")]:
    case(f"activations_{nm}", expr)

# --------------------------------------------------------------------------
# Dropout, Flatten, Reshape, Permute, RepeatVector, Lambda
# --------------------------------------------------------------------------
X234 = "tf.reshape(tf.range(24, dtype=tf.float32), [2, 3, 4]) / 10.0"
layer_cases("dropout_inference", "tf.keras.layers.Dropout(0.5)", weights=False)
layer_cases("dropout_training_false", "tf.keras.layers.Dropout(0.5)", call="layer(x, training=False)",
            weights=False)
layer_cases("dropout_rate0_training", "tf.keras.layers.Dropout(0.0)", call="layer(x, training=True)",
            weights=False)
case("dropout_training_true", f"tf.keras.layers.Dropout(0.5)({X24}, training=True)", values=False)
case("dropout_noise_shape", f"tf.keras.layers.Dropout(0.5, noise_shape=[1, None, 4])({X234}, training=True)",
     values=False)
case("dropout_learning_phase_1", "tf.keras.backend.set_learning_phase(1)\n"
     "y = tf.keras.layers.Dropout(0.99999)(tf.ones([4, 4]))\ntf.keras.backend.set_learning_phase(0)\n"
     "tf.reduce_sum(y)")
layer_cases("flatten", "tf.keras.layers.Flatten()", x=X234, weights=False)
layer_cases("flatten_rank4", "tf.keras.layers.Flatten()", x="tf.reshape(" + X234 + ", [2, 3, 2, 2])",
            weights=False)
layer_cases("flatten_channels_first", "tf.keras.layers.Flatten(data_format='channels_first')", x=X234,
            weights=False)
case("flatten_rank1", "tf.keras.layers.Flatten()(tf.constant([1.0, 2.0, 3.0]))")
case("flatten_compute_output_shape", "tf.keras.layers.Flatten().compute_output_shape((None, 3, 4))")
layer_cases("reshape", "tf.keras.layers.Reshape((4, 3))", x=X234, weights=False)
layer_cases("reshape_unknown_dim", "tf.keras.layers.Reshape((-1, 2))", x=X234, weights=False)
case("reshape_bad_size", f"tf.keras.layers.Reshape((5,))({X234})")
case("reshape_compute_output_shape", "tf.keras.layers.Reshape((-1, 2)).compute_output_shape((None, 3, 4))")
case("reshape_compute_output_shape_bad", "tf.keras.layers.Reshape((-1, -1)).compute_output_shape((None, 3, 4))")
layer_cases("permute", "tf.keras.layers.Permute((2, 1))", x=X234, weights=False)
case("permute_invalid", "tf.keras.layers.Permute((1, 3))")
case("permute_wrong_rank", "tf.keras.layers.Permute((2, 1))(tf.zeros([2, 3]))")
layer_cases("repeat_vector", "tf.keras.layers.RepeatVector(3)", weights=False)
case("repeat_vector_wrong_rank", f"tf.keras.layers.RepeatVector(3)({X234})")
layer_cases("activity_regularization", "tf.keras.layers.ActivityRegularization(l1=0.1, l2=0.01)", weights=False)
case("activity_regularization_losses", f"layer = tf.keras.layers.ActivityRegularization(l1=0.1, l2=0.01)\n"
     f"y = layer({X24})\nlayer.losses")
case("layer_apply", f"tf.keras.layers.Dense(3, kernel_initializer='ones').apply({X24})")
layer_cases("lambda", "tf.keras.layers.Lambda(lambda t: t * 2.0 + 1.0)", weights=False)
layer_cases("lambda_arguments", "tf.keras.layers.Lambda(lambda t, k: t * k, arguments={'k': 3.0})",
            weights=False)

# --------------------------------------------------------------------------
# merge layers
# --------------------------------------------------------------------------
PAIR = "[tf.constant([[1.0, -2.0, 3.0], [0.5, 0.25, -1.0]]), tf.constant([[2.0, 1.0, -1.0], [4.0, -0.5, 2.0]])]"
TRIPLE = PAIR[:-1] + ", tf.constant([[0.5, 0.5, 0.5], [1.0, 2.0, 3.0]])]"
for nm, make in [("add", "tf.keras.layers.Add()"), ("subtract", "tf.keras.layers.Subtract()"),
                 ("multiply", "tf.keras.layers.Multiply()"), ("average", "tf.keras.layers.Average()"),
                 ("maximum", "tf.keras.layers.Maximum()"), ("minimum", "tf.keras.layers.Minimum()"),
                 ("concatenate", "tf.keras.layers.Concatenate()"),
                 ("concatenate_axis0", "tf.keras.layers.Concatenate(axis=0)"),
                 ("dot", "tf.keras.layers.Dot(axes=1)"),
                 ("dot_normalize", "tf.keras.layers.Dot(axes=1, normalize=True)")]:
    layer_cases(f"merge_{nm}", make, x=PAIR, weights=False)
for nm, make in [("add", "tf.keras.layers.Add()"), ("multiply", "tf.keras.layers.Multiply()"),
                 ("average", "tf.keras.layers.Average()"), ("maximum", "tf.keras.layers.Maximum()")]:
    case(f"merge_{nm}_three", f"{make}({TRIPLE})")
case("merge_add_broadcast_rank", "tf.keras.layers.Add()([tf.ones([2, 3, 4]), tf.ones([2, 3])])")
case("merge_dot_rank3", "tf.keras.layers.Dot(axes=(1, 2))([tf.reshape(tf.range(12.0), [2, 3, 2]), "
     "tf.reshape(tf.range(12.0), [2, 2, 3])])")
case("merge_dot_rank3_axes2", "tf.keras.layers.Dot(axes=2)([tf.reshape(tf.range(12.0), [2, 2, 3]), "
     "tf.reshape(tf.range(18.0), [2, 3, 3])])")
case("merge_functional", f"[f({PAIR}) for f in (tf.keras.layers.add, tf.keras.layers.subtract, "
     "tf.keras.layers.multiply, tf.keras.layers.average, tf.keras.layers.maximum, tf.keras.layers.minimum)]")
case("merge_concatenate_fn", f"tf.keras.layers.concatenate({PAIR}, axis=0)")
case("merge_dot_fn", f"tf.keras.layers.dot({PAIR}, axes=1)")
case("merge_add_single", "tf.keras.layers.Add()([tf.ones([2, 3])])")
case("merge_add_not_list", "tf.keras.layers.Add()(tf.ones([2, 3]))")
case("merge_subtract_three", f"tf.keras.layers.Subtract()({TRIPLE})")
case("merge_add_batch_mismatch", "tf.keras.layers.Add()([tf.ones([2, 3]), tf.ones([3, 3])])")
case("merge_add_shape_mismatch", "tf.keras.layers.Add()([tf.ones([2, 3]), tf.ones([2, 4])])")
case("merge_concatenate_mismatch", "tf.keras.layers.Concatenate()([tf.ones([2, 3]), tf.ones([3, 3])])")
case("merge_dot_mismatch", "tf.keras.layers.Dot(axes=1)([tf.ones([2, 3]), tf.ones([2, 4])])")

# --------------------------------------------------------------------------
# Layer base class: names, weights, dtype, tracking
# --------------------------------------------------------------------------
case("names_default", "[tf.keras.layers.Dense(1).name, tf.keras.layers.Dense(1).name, tf.keras.layers.Dense(1).name, "
     "tf.keras.layers.LeakyReLU().name, tf.keras.layers.PReLU().name, tf.keras.layers.ReLU().name, "
     "tf.keras.layers.Add().name, tf.keras.layers.Lambda(lambda t: t).name, tf.keras.layers.Dropout(0.1).name, "
     "tf.keras.layers.RepeatVector(2).name, tf.keras.layers.Flatten().name]")
case("names_explicit", "[tf.keras.layers.Dense(1, name='out').name, tf.keras.layers.Dense(1, name='out').name, "
     "tf.keras.layers.Dense(1).name]")
case("names_after_clear_session", "a = tf.keras.layers.Dense(1).name\ntf.keras.backend.clear_session()\n"
     "[a, tf.keras.layers.Dense(1).name]")
SIMPLE_LAYER = """
class MySimpleLayer(tf.keras.layers.Layer):
    def __init__(self, output_units, **kwargs):
        super(MySimpleLayer, self).__init__(**kwargs)
        self.output_units = output_units

    def build(self, input_shape):
        self.kernel = self.add_variable("kernel", [input_shape[-1], self.output_units],
                                        initializer=tf.constant_initializer(0.5))

    def call(self, input):
        return tf.matmul(input, self.kernel)
"""
case("custom_layer_call", SIMPLE_LAYER + f"layer = MySimpleLayer(2)\nlayer({X24})")
case("custom_layer_weights", SIMPLE_LAYER + f"layer = MySimpleLayer(2)\ny = layer({X24})\n"
     "[layer.name, layer.built, [(w.name, w.shape.as_list()) for w in layer.variables]]")
case("custom_layer_float64", SIMPLE_LAYER + "layer = MySimpleLayer(2)\n"
     "y = layer(tf.constant(np.ones((1, 4))))\n[layer.dtype, y.dtype.name, layer.kernel.dtype.name]")
case("custom_layer_unbuilt", SIMPLE_LAYER + "layer = MySimpleLayer(2)\n[layer.built, layer.variables]")
case("custom_layer_numpy_input", SIMPLE_LAYER + "layer = MySimpleLayer(2)\nlayer(np.ones((1, 3)))")
ORDER_LAYER = """
class Ordered(tf.keras.layers.Layer):
    def build(self, input_shape):
        self.moving = self.add_weight('moving', [2], trainable=False, initializer='ones')
        self.w = self.add_weight('w', [int(input_shape[-1]), 2], initializer=tf.constant_initializer(1.0))
        self.steps = self.add_weight('steps', [], dtype=tf.int64, trainable=False)
        self.b = self.add_weight('b', [2], initializer='zeros')

    def call(self, x):
        return tf.matmul(x, self.w) + self.b + self.moving
"""
case("weight_order", ORDER_LAYER + f"layer = Ordered()\ny = layer({X24})\n"
     "[[w.name for w in layer.weights], [w.name for w in layer.trainable_weights], "
     "[w.name for w in layer.non_trainable_variables], layer.steps.numpy()]")
case("weight_order_not_trainable", ORDER_LAYER + f"layer = Ordered()\ny = layer({X24})\nlayer.trainable = False\n"
     "[[w.name for w in layer.weights], layer.trainable_weights]")
case("weight_order_get_weights", ORDER_LAYER + f"layer = Ordered()\ny = layer({X24})\nlayer.get_weights()")
case("add_weight_unknown_kwarg", "layer = tf.keras.layers.Layer()\nlayer.add_weight('w', [2], foo=1)")
case("add_weight_string_dtype_error", "layer = tf.keras.layers.Layer()\nlayer.add_weight('w', [2], dtype=tf.string)")
case("add_weight_outside_build", "layer = tf.keras.layers.Layer()\nw = layer.add_weight('w', [2, 2])\n"
     "[w.name, w.dtype.name, w.shape.as_list(), len(layer.trainable_weights)]")
NESTED_LAYER = """
class Outer(tf.keras.layers.Layer):
    def build(self, input_shape):
        self.inner = tf.keras.layers.Dense(2, kernel_initializer='ones')

    def call(self, x):
        return self.inner(x)
"""
case("nested_layer_names", NESTED_LAYER + f"layer = Outer()\ny = layer({X24})\n"
     "[[w.name for w in layer.variables], y]")
case("layer_losses_add_loss", "layer = tf.keras.layers.Layer()\nlayer.add_loss(lambda: tf.constant(2.0))\n"
     "layer.losses")
case("input_spec_repr", "repr(tf.keras.layers.InputSpec(ndim=2, axes={-1: 3}))")

# --------------------------------------------------------------------------
# Model, Sequential, functional
# --------------------------------------------------------------------------
MNIST = """
class MNISTModel(tf.keras.Model):
    def __init__(self):
        super(MNISTModel, self).__init__()
        self.dense1 = tf.keras.layers.Dense(units=10, kernel_initializer=tf.constant_initializer(0.01))
        self.dense2 = tf.keras.layers.Dense(units=10, kernel_initializer=tf.constant_initializer(-0.02))

    def call(self, input):
        result = self.dense1(input)
        result = self.dense2(result)
        result = self.dense2(result)
        return result

model = MNISTModel()
"""
XM = "tf.reshape(tf.range(1568, dtype=tf.float32), [2, 784]) / 1568.0"
case("mnist_model_zeros", MNIST + "model(tf.zeros([1, 1, 784]))")
case("mnist_model_output", MNIST + f"model({XM})")
case("mnist_model_variables", MNIST + f"y = model({XM})\n"
     "[model.name, [(v.name, v.shape.as_list(), v.dtype.name) for v in model.variables]]")
case("mnist_model_layers", MNIST + "[layer.name for layer in model.layers]")
case("mnist_model_gradients", MNIST + f"with tf.GradientTape() as t:\n    loss = tf.reduce_sum(model({XM}) ** 2)\n"
     "t.gradient(loss, model.trainable_variables)")
case("mnist_model_count_params", MNIST + f"y = model({XM})\n[model.count_params(), model.built]")
case("mnist_model_build", MNIST + "model.build((None, 784))\n[model.built, [v.name for v in model.variables]]")
case("mnist_model_unbuilt_summary", MNIST + "model.summary()")
SEQUENTIAL = ("model = tf.keras.Sequential([tf.keras.layers.Dense(10, input_shape=(784,), "
              "kernel_initializer=tf.constant_initializer(0.01)), tf.keras.layers.Dense(10, "
              "kernel_initializer=tf.constant_initializer(-0.02))])\n")
case("sequential_variables", SEQUENTIAL + "[model.name, model.built, [(v.name, v.shape.as_list()) for v in "
     "model.variables], [layer.name for layer in model.layers]]")
case("sequential_output", SEQUENTIAL + f"model({XM})")
case("sequential_count_params", SEQUENTIAL + "model.count_params()")
case("sequential_output_shapes", SEQUENTIAL + "[layer.output_shape for layer in model.layers]")
case("sequential_inputs_outputs", SEQUENTIAL + "[model.inputs[0].shape.as_list(), model.outputs[0].shape.as_list()]")
case("sequential_predict", SEQUENTIAL + f"model.predict({XM})")
case("sequential_predict_batches", SEQUENTIAL + "model.predict(np.ones((70, 784), np.float32), batch_size=32).shape")
case("sequential_deferred", "model = tf.keras.Sequential([tf.keras.layers.Dense(4, kernel_initializer='ones'), "
     "tf.keras.layers.Dense(1, kernel_initializer='ones')])\nbuilt = model.built\ny = model(tf.ones([2, 3]))\n"
     "[built, model.built, y, [v.name for v in model.variables]]")
case("sequential_add_pop", "model = tf.keras.Sequential()\nmodel.add(tf.keras.layers.Dense(4, input_shape=(3,)))\n"
     "model.add(tf.keras.layers.Dense(2))\nmodel.pop()\n"
     "[len(model.layers), model.outputs[0].shape.as_list(), model(tf.ones([1, 3])).shape.as_list()]")
case("sequential_pop_empty", "tf.keras.Sequential().pop()")
case("sequential_add_not_layer", "tf.keras.Sequential().add(3)")
case("sequential_get_layer", SEQUENTIAL + "[model.get_layer('dense_1').name, model.get_layer(index=0).name]")
case("sequential_get_layer_missing", SEQUENTIAL + "model.get_layer('nope')")
case("sequential_get_layer_index", SEQUENTIAL + "model.get_layer(index=5)")
FUNCTIONAL = """
a = tf.keras.Input(shape=(3,))
b = tf.keras.Input(shape=(3,))
shared = tf.keras.layers.Dense(2, kernel_initializer=tf.constant_initializer([[1.0, -1.0], [0.5, 0.5], [2.0, 0.0]]))
s = tf.keras.layers.Add()([shared(a), shared(b)])
c = tf.keras.layers.Concatenate()([a, b])
model = tf.keras.Model(inputs=[a, b], outputs=[s, c])
"""
XF = "[tf.constant([[1.0, 2.0, 3.0]]), tf.constant([[-1.0, 0.5, 0.25]])]"
case("functional_layers", FUNCTIONAL + "[model.name, [layer.name for layer in model.layers]]")
case("functional_output", FUNCTIONAL + f"model({XF})")
case("functional_variables", FUNCTIONAL + "[(v.name, v.shape.as_list()) for v in model.variables]")
case("functional_input_tensor", "x = tf.keras.Input(shape=(3,), name='features')\n[x.shape.as_list(), x.dtype.name, "
     "tf.keras.backend.int_shape(x)]")
case("functional_gradients", FUNCTIONAL + f"x = {XF}\nwith tf.GradientTape() as t:\n    t.watch(x)\n"
     "    s_out, c_out = model(x)\n    loss = tf.reduce_sum(s_out * s_out) + tf.reduce_sum(c_out)\n"
     "t.gradient(loss, [x, model.trainable_weights])")
case("functional_output_shapes", FUNCTIONAL + "[shared.get_output_shape_at(0), model.layers[-1].output_shape]")
case("functional_nested_model", """
inputs = tf.keras.Input(shape=(4,))
inner = tf.keras.Model(inputs, tf.keras.layers.Dense(2, kernel_initializer='ones')(inputs))
x = tf.keras.Input(shape=(4,))
outer = tf.keras.Model(x, tf.keras.layers.Dense(1, kernel_initializer='ones')(inner(x)))
[outer(tf.ones([2, 4])), [layer.name for layer in outer.layers], [v.name for v in outer.variables]]
""")
case("functional_count_params", FUNCTIONAL + "[model.count_params(), [layer.count_params() for layer in model.layers]]")

NESTED = """
class Inner(tf.keras.Model):
    def __init__(self):
        super(Inner, self).__init__()
        self.d = tf.keras.layers.Dense(2)

    def call(self, x):
        return self.d(x)

class Outer(tf.keras.Model):
    def __init__(self):
        super(Outer, self).__init__()
        self.inner = Inner()
        self.head = tf.keras.layers.Dense(1)
        self.extra = tf.Variable(1.0, name='extra', trainable=False)
        self.w = tf.Variable(2.0, name='w')

    def call(self, x):
        return self.head(self.inner(x)) * self.w

model = Outer()
y = model(tf.ones([1, 3]))
"""
case("nested_models_variables", NESTED + "[[v.name for v in model.variables], [l.name for l in model.layers], "
     "[v.name for v in model.trainable_variables], [v.name for v in model.non_trainable_variables]]")
DROPOUT_MODEL = """
class WithDropout(tf.keras.Model):
    def __init__(self):
        super(WithDropout, self).__init__()
        self.drop = tf.keras.layers.Dropout(0.99999)

    def call(self, x):
        return self.drop(x)

model = WithDropout()
"""
case("model_training_reaches_dropout", DROPOUT_MODEL + "[tf.reduce_sum(model(tf.ones([4, 4]), training=True)), "
     "tf.reduce_sum(model(tf.ones([4, 4]))), tf.reduce_sum(model(tf.ones([4, 4]), training=False))]")

# --------------------------------------------------------------------------
# backend, initializers, regularizers, constraints, utils
# --------------------------------------------------------------------------
for nm, expr in [
    ("floatx", "tf.keras.backend.floatx()"),
    ("epsilon", "tf.keras.backend.epsilon()"),
    ("set_epsilon", "tf.keras.backend.set_epsilon(1e-5)\ne = tf.keras.backend.epsilon()\n"
                    "tf.keras.backend.set_epsilon(1e-7)\ne"),
    ("set_floatx_bad", "tf.keras.backend.set_floatx('int32')"),
    ("image_data_format", "tf.keras.backend.image_data_format()"),
    ("learning_phase", "tf.keras.backend.learning_phase()"),
    ("set_learning_phase_bad", "tf.keras.backend.set_learning_phase(2)"),
    ("get_uid", "[tf.keras.backend.get_uid('x'), tf.keras.backend.get_uid('x'), tf.keras.backend.get_uid('y')]"),
    ("int_shape", "tf.keras.backend.int_shape(tf.zeros([2, 3]))"),
    ("ndim", "tf.keras.backend.ndim(tf.zeros([2, 3]))"),
    ("dtype", "tf.keras.backend.dtype(tf.zeros([2], tf.float64))"),
    ("cast", "tf.keras.backend.cast(tf.constant([1.5, 2.5]), 'int32')"),
    ("variable", "v = tf.keras.backend.variable([[1, 2], [3, 4]])\n[v.dtype.name, v.numpy()]"),
    ("variable_named", "tf.keras.backend.variable(np.ones(2), dtype='float64', name='w').name"),
    ("constant", "tf.keras.backend.constant([1, 2])"),
    ("get_value", "tf.keras.backend.get_value(tf.keras.backend.variable([1.0, 2.0]))"),
    ("eval", "tf.keras.backend.eval(tf.constant([3.0]))"),
    ("set_value", "v = tf.keras.backend.variable([1.0, 2.0])\ntf.keras.backend.set_value(v, [5, 6])\nv.numpy()"),
    ("batch_values", "a = tf.keras.backend.variable(1.0)\nb = tf.keras.backend.variable([2.0])\n"
                     "tf.keras.backend.batch_set_value([(a, 3.0), (b, np.array([4.0]))])\n"
                     "tf.keras.backend.batch_get_value([a, b])"),
    ("count_params", "tf.keras.backend.count_params(tf.keras.backend.variable(np.zeros((3, 4))))"),
    ("zeros", "tf.keras.backend.zeros((2, 2)).numpy()"),
]:
    case(f"backend_{nm}", expr)
KX = "tf.constant([[1.0, -4.0, 9.0], [0.25, 2.0, -1.0]])"
for nm, expr in [
    ("sum", f"tf.keras.backend.sum({KX}, axis=1)"),
    ("sum_keepdims", f"tf.keras.backend.sum({KX}, axis=0, keepdims=True)"),
    ("mean", f"tf.keras.backend.mean({KX})"),
    ("mean_bool", "tf.keras.backend.mean(tf.constant([True, False, True, True]))"),
    ("max_min_prod", f"[tf.keras.backend.max({KX}, 1), tf.keras.backend.min({KX}, 0), tf.keras.backend.prod({KX})]"),
    ("var_std", f"[tf.keras.backend.var({KX}, axis=1), tf.keras.backend.std({KX})]"),
    ("any_all", f"[tf.keras.backend.any({KX} > 5, axis=1), tf.keras.backend.all({KX} > -5)]"),
    ("argmax_argmin", f"[tf.keras.backend.argmax({KX}), tf.keras.backend.argmin({KX}, axis=0)]"),
    ("sqrt_clips_negatives", f"tf.keras.backend.sqrt({KX})"),
    ("clip", f"tf.keras.backend.clip({KX}, -1.0, 2.0)"),
    ("clip_swapped", f"tf.keras.backend.clip({KX}, 2.0, -1.0)"),
    ("clip_none", f"tf.keras.backend.clip({KX}, None, 0.5)"),
    ("elementwise", f"[f({KX}) for f in (tf.keras.backend.square, tf.keras.backend.abs, tf.keras.backend.sign, "
                    "tf.keras.backend.round, tf.keras.backend.exp)]"),
    ("pow", f"tf.keras.backend.pow({KX}, 2)"),
    ("dot_2d", f"tf.keras.backend.dot({KX}, tf.ones([3, 2]))"),
    ("dot_3d", "tf.keras.backend.dot(tf.reshape(tf.range(12.0), [2, 2, 3]), tf.reshape(tf.range(24.0), [2, 3, 4]))"),
    ("concatenate", f"tf.keras.backend.concatenate([{KX}, {KX}], axis=-1)"),
    ("concatenate_axis0", f"tf.keras.backend.concatenate([{KX}, {KX}], axis=0)"),
    ("batch_flatten", "tf.keras.backend.batch_flatten(tf.reshape(tf.range(24.0), [2, 3, 4]))"),
    ("flatten", f"tf.keras.backend.flatten({KX})"),
    ("repeat", f"tf.keras.backend.repeat({KX}, 2)"),
    ("tile", f"tf.keras.backend.tile({KX}, [2, 1])"),
    ("permute_dimensions", "tf.keras.backend.permute_dimensions(tf.reshape(tf.range(6.0), [1, 2, 3]), (0, 2, 1))"),
    ("transpose", f"tf.keras.backend.transpose({KX})"),
    ("expand_squeeze", f"[tf.keras.backend.expand_dims({KX}).shape.as_list(), "
                       "tf.keras.backend.squeeze(tf.ones([2, 1, 3]), 1).shape.as_list()]"),
    ("stack", f"tf.keras.backend.stack([{KX}, {KX}], axis=1)"),
    ("gather", f"tf.keras.backend.gather({KX}, [1, 0, 1])"),
    ("one_hot", "tf.keras.backend.one_hot(tf.constant([0, 2, 1]), 3)"),
    ("arange", "[tf.keras.backend.arange(5), tf.keras.backend.arange(1, 7, 2, dtype='float32'), "
               "tf.keras.backend.arange(-3)]"),
    ("like", f"[tf.keras.backend.zeros_like({KX}), tf.keras.backend.ones_like({KX}, dtype='int32')]"),
    ("cast_to_floatx", "tf.keras.backend.cast_to_floatx([1, 2])"),
    ("l2_normalize", f"tf.keras.backend.l2_normalize({KX}, axis=1)"),
    ("activations", f"[f({KX}) for f in (tf.keras.backend.relu, tf.keras.backend.elu, tf.keras.backend.softplus, "
                    "tf.keras.backend.softsign, tf.keras.backend.sigmoid, tf.keras.backend.hard_sigmoid, "
                    "tf.keras.backend.tanh, tf.keras.backend.softmax)]"),
    ("relu_options", f"tf.keras.backend.relu({KX}, alpha=0.1, max_value=3.0)"),
    ("in_train_phase", "[tf.keras.backend.in_train_phase(1.0, 2.0), tf.keras.backend.in_train_phase(1.0, 2.0, "
                       "training=True), tf.keras.backend.in_test_phase(1.0, 2.0)]"),
    ("stop_gradient", f"x = {KX}\nwith tf.GradientTape() as t:\n    t.watch(x)\n"
                      "    y = tf.reduce_sum(tf.keras.backend.stop_gradient(x) * x)\nt.gradient(y, x)"),
]:
    case(f"backend_math_{nm}", expr)
for nm, expr in [
    ("learning_phase_scope", "with tf.keras.backend.learning_phase_scope(1):\n    inside = tf.keras.backend.learning_phase()\n"
                             "[inside, tf.keras.backend.learning_phase()]"),
    ("name_scope", "with tf.keras.backend.name_scope('block'):\n    v = tf.Variable(1.0, name='w')\nv.name"),
    ("random_normal", "tf.keras.backend.random_normal((2, 3), seed=1)"),
    ("random_uniform", "tf.keras.backend.random_uniform((2, 3), seed=1)"),
    ("truncated_normal", "tf.keras.backend.truncated_normal((2, 3), seed=1)"),
    ("eye", "tf.keras.backend.eye(3).numpy()"),
    ("reverse", f"tf.keras.backend.reverse({KX}, 1)"),
    ("switch", f"[tf.keras.backend.switch(tf.constant(True), {KX}, -{KX}), tf.keras.backend.switch({KX} > 0, {KX}, -{KX})]"),
    ("bias_add", f"tf.keras.backend.bias_add({KX}, tf.constant([1.0, 2.0, 3.0]))"),
    ("is_sparse", f"tf.keras.backend.is_sparse({KX})"),
    ("update_add", "v = tf.keras.backend.variable([1.0, 2.0])\nu = tf.keras.backend.update_add(v, [1.0, 1.0])\nv.numpy()"),
    ("get_source_inputs", "a = tf.keras.Input((3,))\nb = tf.keras.Input((3,))\n"
                          "c = tf.keras.layers.Dense(2)(tf.keras.layers.Add()([a, b]))\n"
                          "[x is y for x, y in zip(tf.keras.utils.get_source_inputs(c), [a, b])]"),
    ("custom_object_scope", "def my_act(x):\n    return x * 2.0\n"
                            "with tf.keras.utils.custom_object_scope({'my_act': my_act}):\n"
                            "    layer = tf.keras.layers.Activation('my_act')\nlayer(tf.constant([1.0, 2.0]))"),
]:
    case(f"backend_extra_{nm}", expr, values=nm not in ("random_normal", "random_uniform", "truncated_normal"))
for nm in ("zeros", "ones", "identity", "orthogonal", "glorot_uniform", "glorot_normal", "he_normal", "he_uniform",
           "lecun_normal", "lecun_uniform", "random_normal", "random_uniform", "truncated_normal", "normal",
           "uniform", "constant", "Zeros", "Ones", "RandomNormal", "RandomUniform", "TruncatedNormal",
           "VarianceScaling", "Orthogonal", "Identity", "Constant"):
    deterministic = nm.lower() in ("zeros", "ones", "identity", "constant")
    case(f"initializers_get_{nm.lower() if nm.islower() else nm.lower() + '_class'}",
         f"tf.keras.initializers.get('{nm}')([3, 3])", values=deterministic)
for nm, expr in [("random_normal_stddev", "tf.math.reduce_std(tf.keras.initializers.RandomNormal(seed=1)([200, 200])) "
                                          "< 0.06"),
                 ("random_uniform_range", "tf.reduce_max(tf.abs(tf.keras.initializers.RandomUniform(seed=1)([50, 50])))"
                                          " <= 0.05"),
                 ("get_unknown", "tf.keras.initializers.get('nope')"),
                 ("get_number", "tf.keras.initializers.get(3)"),
                 ("constant_value", "tf.keras.initializers.Constant(2.5)([2])"),
                 ("dict", "tf.keras.initializers.get({'class_name': 'Constant', 'config': {'value': 3.0}})([2])")]:
    case(f"initializers_{nm}", expr)
W = "tf.constant([[1.0, -2.0], [3.0, -4.0]])"
for nm, expr in [("l1", f"tf.keras.regularizers.l1(0.1)({W})"), ("l2", f"tf.keras.regularizers.l2(0.1)({W})"),
                 ("l1_l2", f"tf.keras.regularizers.l1_l2(l1=0.1, l2=0.2)({W})"),
                 ("l1l2_class", f"tf.keras.regularizers.L1L2(l1=0.5)({W})"),
                 ("get_string", f"tf.keras.regularizers.get('l2')({W})"),
                 ("get_unknown", "tf.keras.regularizers.get('nope')"),
                 ("zero", f"tf.keras.regularizers.L1L2()({W})")]:
    case(f"regularizers_{nm}", expr)
for nm, expr in [("max_norm", f"tf.keras.constraints.MaxNorm(2.0)({W})"),
                 ("max_norm_axis1", f"tf.keras.constraints.max_norm(3.0, axis=1)({W})"),
                 ("non_neg", f"tf.keras.constraints.NonNeg()({W})"),
                 ("unit_norm", f"tf.keras.constraints.UnitNorm()({W})"),
                 ("min_max_norm", f"tf.keras.constraints.MinMaxNorm(1.0, 2.0, rate=0.5)({W})"),
                 ("get_string", f"tf.keras.constraints.get('non_neg')({W})")]:
    case(f"constraints_{nm}", expr)
for nm, expr in [("to_categorical", "tf.keras.utils.to_categorical([0, 2, 1, 2])"),
                 ("to_categorical_classes", "tf.keras.utils.to_categorical(np.array([[1], [0]]), num_classes=3)"),
                 ("to_categorical_dtype", "tf.keras.utils.to_categorical([1, 0], dtype='int32')"),
                 ("normalize", "tf.keras.utils.normalize(np.array([[3.0, 4.0], [0.0, 0.0]]))"),
                 ("normalize_axis0_l1", "tf.keras.utils.normalize(np.array([[1.0, 2.0], [3.0, 2.0]]), axis=0, order=1)")]:
    case(f"utils_{nm}", expr)


# --------------------------------------------------------------------------
# convolution, pooling, padding, cropping, upsampling
# --------------------------------------------------------------------------
# RAMP fills any kernel shape with fixed values (a callable initializer works on both sides).
RAMP = ("def ramp(shape, dtype=None, partition_info=None):\n"
        "    n = int(np.prod(shape))\n"
        "    return tf.constant(np.sin(np.arange(n) * 0.7).reshape(shape).astype(np.float32) / 2.0)\n")
B4 = "tf.constant_initializer([0.1, -0.2, 0.3, -0.4])"
XI = "tf.constant(np.cos(np.arange(2 * 5 * 6 * 3)).reshape(2, 5, 6, 3).astype(np.float32))"
XS = "tf.constant(np.cos(np.arange(2 * 7 * 3)).reshape(2, 7, 3).astype(np.float32))"
XV = "tf.constant(np.cos(np.arange(1 * 4 * 5 * 3 * 2)).reshape(1, 4, 5, 3, 2).astype(np.float32))"
XF = "tf.constant(np.cos(np.arange(2 * 3 * 5 * 6)).reshape(2, 3, 5, 6).astype(np.float32))"


def conv_cases(cid, layer, args, x=XI, **kw):
    layer_cases(cid, f"tf.keras.layers.{layer}({args})", x=x, **kw)
    case(f"{cid}_output_shape", f"tf.keras.layers.{layer}({args}).compute_output_shape({x}.shape)")


def ramp_cases(cid, layer, args, x=XI, weights=True):
    """Like layer_cases, with every kernel from RAMP and the bias from B4."""
    make = f"tf.keras.layers.{layer}({args})"
    setup = RAMP + f"layer = {make}\nx = {x}\n"
    case(f"{cid}_out", setup + "layer(x)")
    case(f"{cid}_grad", setup + "with tf.GradientTape() as t:\n    t.watch(x)\n    y = layer(x)\n"
         "    loss = tf.reduce_sum(y * y)\nt.gradient(loss, [x, layer.trainable_weights])")
    if weights:
        case(f"{cid}_weights", setup + "y = layer(x)\n"
             "[(w.name, w.shape.as_list(), w.dtype.name, w.trainable) for w in layer.weights]")
    case(f"{cid}_output_shape", RAMP + f"{make}.compute_output_shape({x}.shape)")


K = "kernel_initializer=ramp, bias_initializer=" + B4
for cid, layer, args, x in [
        ("conv2d", "Conv2D", f"4, 3, {K}", XI),
        ("conv2d_same_stride2", "Conv2D", f"4, 3, strides=2, padding='same', {K}", XI),
        ("conv2d_same_stride2_k2", "Conv2D", f"4, (2, 3), strides=(2, 3), padding='same', {K}", XI),
        ("conv2d_dilated", "Conv2D", f"4, 2, dilation_rate=2, padding='same', {K}", XI),
        ("conv2d_relu", "Conv2D", f"4, 3, activation='relu', {K}", XI),
        ("conv2d_no_bias", "Conv2D", "4, 3, use_bias=False, kernel_initializer=ramp", XI),
        ("conv1d", "Conv1D", f"4, 3, {K}", XS),
        ("conv1d_same_stride2", "Conv1D", f"4, 2, strides=2, padding='same', {K}", XS),
        ("conv1d_causal_dilated", "Conv1D", f"4, 3, padding='causal', dilation_rate=2, {K}", XS),
        ("conv3d", "Conv3D", f"4, 2, padding='same', strides=2, {K}", XV),
        ("conv2d_transpose", "Conv2DTranspose", f"4, 3, {K}", XI),
        ("conv2d_transpose_same_stride2", "Conv2DTranspose", f"4, 3, strides=2, padding='same', {K}", XI),
        ("conv2d_transpose_output_padding", "Conv2DTranspose",
         f"4, 3, strides=2, padding='valid', output_padding=1, {K}", XI),
        ("separable_conv2d", "SeparableConv2D",
         "4, 3, depth_multiplier=2, depthwise_initializer=ramp, pointwise_initializer=ramp, "
         f"bias_initializer={B4}", XI),
        ("separable_conv2d_same_stride2", "SeparableConv2D",
         "4, 2, strides=2, padding='same', depthwise_initializer=ramp, pointwise_initializer=ramp", XI),
        ("depthwise_conv2d", "DepthwiseConv2D", "3, depth_multiplier=2, depthwise_initializer=ramp, "
         "bias_initializer=tf.constant_initializer(np.linspace(-0.3, 0.3, 6))", XI),
        ("depthwise_conv2d_same_stride2", "DepthwiseConv2D",
         "2, strides=2, padding='same', depthwise_initializer=ramp", XI)]:
    ramp_cases(cid, layer, args, x)
case("conv2d_default_init", "layer = tf.keras.layers.Conv2D(8, 3)\nlayer(tf.zeros([1, 5, 5, 2]))\nlayer.kernel",
     values=False)
case("conv2d_default_bias", "layer = tf.keras.layers.Conv2D(8, 3)\nlayer(tf.zeros([1, 5, 5, 2]))\nlayer.bias")
case("conv2d_bad_kernel_size", "tf.keras.layers.Conv2D(4, (1, 2, 3))")
case("conv2d_bad_padding", "tf.keras.layers.Conv2D(4, 3, padding='full')")
case("conv2d_causal", "tf.keras.layers.Conv2D(4, 3, padding='causal')")
case("conv2d_rank3_input", "tf.keras.layers.Conv2D(4, 3)(tf.zeros([2, 5, 3]))")
case("conv2d_transpose_bad_output_padding", "tf.keras.layers.Conv2DTranspose(4, 3, strides=2, output_padding=2)")

for cid, layer, args, x in [
        ("max_pool2d", "MaxPooling2D", "", XI),
        ("max_pool2d_same", "MaxPooling2D", "3, 2, padding='same'", XI),
        ("max_pool2d_strides1", "MaxPooling2D", "(2, 3), strides=1", XI),
        ("avg_pool2d", "AveragePooling2D", "", XI),
        ("avg_pool2d_same", "AveragePooling2D", "3, 2, padding='same'", XI),
        ("max_pool1d", "MaxPooling1D", "", XS),
        ("max_pool1d_same", "MaxPooling1D", "3, 2, padding='same'", XS),
        ("avg_pool1d", "AveragePooling1D", "", XS),
        ("avg_pool1d_same", "AveragePooling1D", "2, padding='same'", XS),
        ("max_pool3d", "MaxPooling3D", "", XV),
        ("avg_pool3d_same", "AveragePooling3D", "padding='same'", XV),
        ("global_avg_pool1d", "GlobalAveragePooling1D", "", XS),
        ("global_max_pool1d", "GlobalMaxPooling1D", "", XS),
        ("global_avg_pool2d", "GlobalAveragePooling2D", "", XI),
        ("global_max_pool2d", "GlobalMaxPooling2D", "", XI),
        ("global_avg_pool2d_channels_first", "GlobalAveragePooling2D", "data_format='channels_first'", XF),
        ("zero_padding1d", "ZeroPadding1D", "(1, 2)", XS),
        ("zero_padding2d", "ZeroPadding2D", "((1, 2), (0, 1))", XI),
        ("zero_padding2d_int", "ZeroPadding2D", "2", XI),
        ("zero_padding2d_channels_first", "ZeroPadding2D", "(1, 2), data_format='channels_first'", XF),
        ("cropping2d", "Cropping2D", "((1, 0), (2, 1))", XI),
        ("cropping2d_channels_first", "Cropping2D", "1, data_format='channels_first'", XF),
        ("upsampling1d", "UpSampling1D", "3", XS),
        ("upsampling2d", "UpSampling2D", "(2, 3)", XI),
        ("upsampling2d_channels_first", "UpSampling2D", "data_format='channels_first'", XF),
        ("upsampling2d_bilinear", "UpSampling2D", "(2, 3), interpolation='bilinear'", XI),
        ("upsampling2d_bilinear_channels_first", "UpSampling2D", "3, data_format='channels_first', "
         "interpolation='bilinear'", XF)]:
    conv_cases(cid, layer, args, x, weights=False)
case("global_avg_pool1d_mask", f"tf.keras.layers.GlobalAveragePooling1D()({XS}, "
     "mask=tf.constant([[True, True, False, True, False, False, True], [True] * 7]))")
case("upsampling2d_bilinear_int", "tf.keras.layers.UpSampling2D(interpolation='bilinear')("
     "tf.reshape(tf.range(8), [1, 2, 2, 2]))")
case("upsampling2d_bad_interpolation", "tf.keras.layers.UpSampling2D(interpolation='cubic')")
case("max_pool2d_bad_padding", "tf.keras.layers.MaxPooling2D(padding='causal')")
case("pool_aliases", "[tf.keras.layers.MaxPool2D is tf.keras.layers.MaxPooling2D, "
     "tf.keras.layers.AvgPool1D is tf.keras.layers.AveragePooling1D, "
     "tf.keras.layers.GlobalMaxPool2D is tf.keras.layers.GlobalMaxPooling2D]")


# --------------------------------------------------------------------------
# BatchNormalization, Embedding, Masking
# --------------------------------------------------------------------------
BN = ("tf.keras.layers.BatchNormalization(gamma_initializer=tf.constant_initializer([1.5, 0.5, -1.0]), "
      "beta_initializer=tf.constant_initializer([0.1, 0.2, -0.3]), "
      "moving_mean_initializer=tf.constant_initializer([0.5, -0.5, 0.25]), "
      "moving_variance_initializer=tf.constant_initializer([2.0, 0.5, 1.5])")
X2 = "tf.constant(np.cos(np.arange(5 * 3)).reshape(5, 3).astype(np.float32) * 2.0)"
X3 = "tf.constant(np.cos(np.arange(2 * 4 * 3)).reshape(2, 4, 3).astype(np.float32) * 2.0)"
XB4 = "tf.constant(np.cos(np.arange(2 * 3 * 4 * 3)).reshape(2, 3, 4, 3).astype(np.float32) * 2.0 + 1.0)"
XBF = "tf.constant(np.cos(np.arange(2 * 3 * 4 * 5)).reshape(2, 3, 4, 5).astype(np.float32) * 2.0 + 1.0)"
MOVING = "[layer.moving_mean, layer.moving_variance]"
BN_FIRST = ("tf.keras.layers.BatchNormalization(axis=1, "
            "moving_mean_initializer=tf.constant_initializer([0.5, -0.5, 0.25]), "
            "moving_variance_initializer=tf.constant_initializer([2.0, 0.5, 1.5]))")
for cid, make, x in [("bn4d", BN + ")", XB4), ("bn2d", BN + ")", X2), ("bn3d", BN + ")", X3),
                     ("bn4d_channels_first", BN_FIRST, XBF),
                     ("bn4d_momentum", BN + ", momentum=0.5, epsilon=0.01)", XB4),
                     ("bn2d_no_center_scale", BN + ", center=False, scale=False)", X2),
                     ("bn4d_not_fused", BN + ", fused=False)", XB4)]:
    layer_cases(f"{cid}_inference", make, x=x)
    layer_cases(f"{cid}_training", make, x=x, call="layer(x, training=True)", weights=False)
    case(f"{cid}_moving_after_training", f"layer = {make}\nx = {x}\nlayer(x, training=True)\n"
         f"layer(x * 0.5 + 1.0, training=True)\n{MOVING}")
case("bn_learning_phase_training", f"layer = {BN})\ntf.keras.backend.set_learning_phase(1)\n"
     f"y = layer({XB4})\ntf.keras.backend.set_learning_phase(0)\n[y, {MOVING}]")
case("bn_default_weights", f"layer = tf.keras.layers.BatchNormalization()\nlayer({XB4})\n"
     "[(w.name, w.shape.as_list(), w.trainable, w.numpy().tolist()) for w in layer.weights]")
case("bn_trainable_weights", f"layer = tf.keras.layers.BatchNormalization()\nlayer({XB4})\n"
     "[[w.name for w in layer.trainable_weights], [w.name for w in layer.non_trainable_weights]]")
case("bn_in_sequential", "model = tf.keras.Sequential([tf.keras.layers.Dense(3, kernel_initializer='ones'), "
     f"{BN})])\nx = {X2}\ny = model(x, training=True)\n[y, [w.name for w in model.weights], "
     "model.layers[1].moving_mean, model.layers[1].moving_variance]")

EMB = "tf.keras.layers.Embedding(6, 3, embeddings_initializer=tf.constant_initializer(np.linspace(-1, 1, 18).reshape(6, 3))"
IDS = "tf.constant([[0, 3, 5, 3], [1, 0, 2, 4]])"
case("embedding_out", f"{EMB})({IDS})")
case("embedding_weights", f"layer = {EMB})\nlayer({IDS})\n"
     "[(w.name, w.shape.as_list(), w.dtype.name, w.trainable) for w in layer.weights]")
case("embedding_grad_table", f"layer = {EMB})\nwith tf.GradientTape() as t:\n    y = layer({IDS})\n"
     "    loss = tf.reduce_sum(y * y)\ntf.convert_to_tensor(t.gradient(loss, layer.embeddings))")
case("embedding_float_ids", f"{EMB})(tf.constant([[1.0, 2.0], [5.0, 0.0]]))")
case("embedding_int64_ids", f"{EMB})(tf.constant([[1, 2], [5, 0]], dtype=tf.int64))")
case("embedding_mask_zero", f"layer = {EMB}, mask_zero=True)\nlayer.compute_mask({IDS})")
case("embedding_no_mask", f"layer = {EMB})\nlayer.compute_mask({IDS})")
case("embedding_default_init", f"layer = tf.keras.layers.Embedding(10, 4)\nlayer({IDS})\nlayer.embeddings",
     values=False)
case("embedding_default_init_range", f"layer = tf.keras.layers.Embedding(100, 8)\nlayer({IDS})\n"
     "[bool(tf.reduce_max(layer.embeddings) <= 0.05), bool(tf.reduce_min(layer.embeddings) >= -0.05)]")
case("embedding_output_shape", "tf.keras.layers.Embedding(10, 4, input_length=5).compute_output_shape((None, 5))")
case("embedding_output_shape_bad", "tf.keras.layers.Embedding(10, 4, input_length=5).compute_output_shape((None, 6))")
case("embedding_batch_input_shape", "tf.keras.layers.Embedding(10, 4, input_length=5)._batch_input_shape")
case("embedding_in_sequential", f"model = tf.keras.Sequential([{EMB}, input_length=4), tf.keras.layers.Flatten(), "
     f"tf.keras.layers.Dense(2, kernel_initializer='ones')])\n[model({IDS}), [w.name for w in model.weights]]")

XMASK = "tf.constant([[[1.0, 2.0], [0.0, 0.0], [3.0, 0.0]], [[0.0, 0.0], [0.5, 0.5], [0.0, 0.0]]])"
layer_cases("masking", "tf.keras.layers.Masking()", x=XMASK, weights=False)
case("masking_mask", f"tf.keras.layers.Masking().compute_mask({XMASK})")
case("masking_value", f"layer = tf.keras.layers.Masking(mask_value=1.0)\n[layer({XMASK}), layer.compute_mask({XMASK})]")


def run_case(c):
    namespace = {"tf": tf, "np": np}
    try:
        tree = core.ast.parse(c["code"], mode="exec")
        last = tree.body[-1]
        if isinstance(last, core.ast.Expr):
            exec(compile(core.ast.Module(body=tree.body[:-1], type_ignores=[]), "<case>", "exec"), namespace)
            value = eval(compile(core.ast.Expression(last.value), "<case>", "eval"), namespace)
        else:
            exec(compile(tree, "<case>", "exec"), namespace)
            return {"kind": "none"}
        if c.get("values", True) is False:
            return {"kind": "tensor_meta", "dtype": value.dtype.base_dtype.name,
                    "shape": value.shape.as_list(), "type": type(value).__name__}
        return core.enc(value)
    except Exception as e:  # noqa: BLE001 - every error is an outcome
        return {"kind": "error", "error_class": type(e).__name__,
                "error_module": type(e).__module__,
                "error_mro": [k.__name__ for k in type(e).__mro__[:-2]],
                "message": core.mask(str(e)), "message_core": core.mask(core.message_core(str(e)))}


def main():
    core.write_goldens(OUT, CASES, run_case, r"keras_[a-z0-9_]+",
                       "tensorflow.compat.v1 with TF_USE_LEGACY_KERAS=1 (tf_keras v1 Keras); "
                       "disable_v2_behavior(); enable_eager_execution(); disable_tensor_equality()",
                       "record_keras_goldens.py")


if __name__ == "__main__":
    main()
