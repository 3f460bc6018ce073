"""tf.keras engine: Layer, Model, Sequential and the functional API, with TF 1.15's names, weight
order, errors and summary text."""

import numpy as np
import pytest

import tfcompat as tf
from tfcompat._src.eager.variables import read_storage

keras = tf.keras


@pytest.fixture(autouse=True)
def fresh_session():
    keras.backend.clear_session()
    yield
    keras.backend.clear_session()


class MNISTModel(keras.Model):
    def __init__(self):
        super(MNISTModel, self).__init__()
        self.dense1 = keras.layers.Dense(units=10)
        self.dense2 = keras.layers.Dense(units=10)

    def call(self, input):
        result = self.dense1(input)
        result = self.dense2(result)
        return self.dense2(result)


def names(variables):
    return [v.name for v in variables]


# --- names -------------------------------------------------------------------------------------

def test_default_names_are_unique_until_clear_session():
    assert [keras.layers.Dense(1).name for _ in range(3)] == ["dense", "dense_1", "dense_2"]
    assert keras.layers.LeakyReLU().name == "leaky_re_lu"
    keras.backend.clear_session()
    assert keras.layers.Dense(1).name == "dense"
    assert MNISTModel().name == "mnist_model"


def test_weight_names_follow_the_name_scopes_of_tf1():
    layer = keras.layers.Dense(3)
    layer(tf.zeros([2, 4]))
    assert names(layer.variables) == ["dense/kernel:0", "dense/bias:0"]
    model = MNISTModel()
    model(tf.zeros([1, 1, 784]))
    assert names(model.variables) == ["mnist_model/dense_1/kernel:0", "mnist_model/dense_1/bias:0",
                                      "mnist_model/dense_2/kernel:0", "mnist_model/dense_2/bias:0"]


def test_layers_built_in_build_nest_their_scopes():
    class Outer(keras.layers.Layer):
        def build(self, input_shape):
            self.inner = keras.layers.Dense(2)

        def call(self, x):
            return self.inner(x)

    outer = Outer()
    outer(tf.zeros([1, 3]))
    assert names(outer.variables) == ["outer/dense/kernel:0", "outer/dense/bias:0"]


def test_model_build_builds_outside_the_model_scope():
    model = MNISTModel()
    model.build((None, 784))
    assert names(model.variables)[0] == "dense/kernel:0"
    assert model.built


# --- weights -----------------------------------------------------------------------------------

def test_add_weight_options_and_trainable_first_order():
    class Layer(keras.layers.Layer):
        def build(self, input_shape):
            self.frozen = self.add_weight("frozen", [2], trainable=False, initializer="ones")
            self.w = self.add_weight("w", [input_shape[-1].value, 2], initializer=tf.keras.initializers.Constant(2.))
            self.count = self.add_weight("count", [], dtype=tf.int64, trainable=False)

        def call(self, x):
            return tf.matmul(x, self.w)

    layer = Layer()
    out = layer(tf.ones([1, 3]))
    np.testing.assert_allclose(out.numpy(), [[6., 6.]])
    assert names(layer.weights) == ["layer/w:0", "layer/frozen:0", "layer/count:0"]
    assert names(layer.trainable_weights) == ["layer/w:0"]
    assert names(layer.non_trainable_variables) == ["layer/frozen:0", "layer/count:0"]
    assert layer.count.dtype == tf.int64 and layer.count.numpy() == 0
    layer.trainable = False
    assert layer.trainable_weights == [] and len(layer.non_trainable_weights) == 3


def test_add_variable_with_dimension_shape_as_in_the_guide():
    class MySimpleLayer(keras.layers.Layer):
        def __init__(self, output_units):
            super(MySimpleLayer, self).__init__()
            self.output_units = output_units

        def build(self, input_shape):
            self.kernel = self.add_variable("kernel", [input_shape[-1], self.output_units])

        def call(self, input):
            return tf.matmul(input, self.kernel)

    layer = MySimpleLayer(4)
    assert layer(tf.ones([2, 3])).shape.as_list() == [2, 4]
    assert layer.kernel.name == "my_simple_layer/kernel:0" and layer.built


def test_dtype_comes_from_the_first_input():
    layer = keras.layers.Dense(2)
    assert layer(tf.zeros([1, 3], tf.float64)).dtype == tf.float64
    assert layer.kernel.dtype == tf.float64 and layer.dtype == "float64"
    with pytest.raises(TypeError,
                       match=r"Unable to build `Dense` layer with non-floating point dtype <dtype: 'int32'>"):
        keras.layers.Dense(2)(tf.zeros([1, 3], tf.int32))


def test_get_and_set_weights():
    layer = keras.layers.Dense(2)
    layer(tf.zeros([1, 3]))
    kernel, bias = np.arange(6, dtype=np.float32).reshape(3, 2), np.array([1., -1.], np.float32)
    layer.set_weights([kernel, bias])
    np.testing.assert_array_equal(layer.get_weights()[0], kernel)
    np.testing.assert_allclose(layer(tf.ones([1, 3])).numpy(), [[7., 8.]])
    with pytest.raises(ValueError, match=r'You called `set_weights\(weights\)` on layer "dense" with a  weight list '
                                         r"of length 1, but the layer was expecting 2 weights"):
        layer.set_weights([kernel])
    with pytest.raises(ValueError, match=r"Layer weight shape \(3, 2\) not compatible with provided weight shape "
                                         r"\(2, 2\)"):
        layer.set_weights([kernel[:2], bias])



def test_dense_kernel_stays_column_major_and_weights_are_copies():
    layer = keras.layers.Dense(2)
    layer(tf.zeros([1, 3]))
    assert read_storage(layer.kernel).t().is_contiguous()  # torch Linear's layout, for addmm
    kernel = np.arange(6, dtype=np.float32).reshape(3, 2)
    layer.set_weights([kernel, np.zeros(2, np.float32)])
    assert read_storage(layer.kernel).t().is_contiguous()
    kernel[0, 0] = 100.  # set_weights copied the array
    got = layer.get_weights()[0]
    assert got[0, 0] == 0.
    got[0, 1] = 100.  # get_weights returned a copy
    np.testing.assert_array_equal(layer.kernel.numpy()[0], [0., 1.])

def test_weights_passed_to_the_constructor_are_loaded_at_build():
    layer = keras.layers.Dense(1, weights=[np.ones((2, 1)), np.zeros(1)])
    np.testing.assert_allclose(layer(tf.ones([1, 2])).numpy(), [[2.]])


def test_input_spec_errors_before_build():
    with pytest.raises(ValueError, match=r"^Input 0 of layer dense is incompatible with the layer: : expected "
                                         r"min_ndim=2, found ndim=1. Full shape received: \[3\]$"):
        keras.layers.Dense(2)(tf.zeros([3]))
    with pytest.raises(ValueError, match=r"expected ndim=2, found ndim=3"):
        keras.layers.RepeatVector(2)(tf.zeros([1, 2, 3]))


def test_built_dense_with_the_wrong_input_size_raises_matmuls_error():
    layer = keras.layers.Dense(2)
    layer(tf.zeros([1, 3]))
    with pytest.raises(tf.errors.InvalidArgumentError, match="Matrix size-incompatible"):
        layer(tf.zeros([1, 4]))


def test_layer_keyword_arguments_are_checked():
    with pytest.raises(TypeError, match="Keyword argument not understood"):
        keras.layers.Dense(2, bogus=1)


# --- tracking ----------------------------------------------------------------------------------

def test_model_tracks_layers_variables_and_containers_in_assignment_order():
    class Model(keras.Model):
        def __init__(self):
            super(Model, self).__init__()
            self.second = keras.layers.Dense(1, name="second")
            self.blocks = [keras.layers.Dense(1, name="block0")]
            self.table = {"b": keras.layers.Dense(1, name="b"), "a": keras.layers.Dense(1, name="a")}
            self.scale = tf.Variable(1.0, name="scale")
            self.blocks.append(keras.layers.Dense(1, name="block1"))

        def call(self, x):
            x = self.table["a"](self.table["b"](x))
            for block in self.blocks:
                x = block(x)
            return self.second(x) * self.scale

    model = Model()
    assert [layer.name for layer in model.layers] == ["second", "block0", "block1", "a", "b"]
    model(tf.ones([1, 2]))
    assert [v.name.split("/")[1] for v in model.variables[:-1:2]] == ["second", "block0", "block1", "a", "b"]
    assert model.variables[-1].name == "scale:0"
    assert model.get_layer("a") is model.table["a"] and model.get_layer(index=0) is model.second
    with pytest.raises(ValueError, match="No such layer: zzz"):
        model.get_layer("zzz")


def test_reassigning_an_attribute_untracks_the_old_layer():
    class Model(keras.Model):
        def __init__(self):
            super(Model, self).__init__()
            self.layer = keras.layers.Dense(1, name="old")
            self.layer = keras.layers.Dense(1, name="new")

    assert [layer.name for layer in Model().layers] == ["new"]


def test_subclass_forgetting_super_init_raises():
    class Model(keras.Model):
        def __init__(self):
            self.dense = keras.layers.Dense(1)

    with pytest.raises(RuntimeError, match="forgot to call `super"):
        Model()


# --- training flag, losses ---------------------------------------------------------------------

def test_training_reaches_inner_layers_only_where_call_takes_it():
    seen = []

    class Probe(keras.layers.Layer):
        def call(self, x, training=None):
            seen.append(training)
            return x

    class NoTraining(keras.layers.Layer):
        def call(self, x):
            return x

    class Model(keras.Model):
        def __init__(self):
            super(Model, self).__init__()
            self.probe = Probe()
            self.plain = NoTraining()

        def call(self, x):
            return self.plain(self.probe(x))

    model = Model()
    model(tf.ones([1]), training=True)
    model(tf.ones([1]))
    NoTraining()(tf.ones([1]), training=True)
    assert seen == [True, None]


def test_dropout_is_inference_unless_training():
    x = tf.ones([100, 10])
    layer = keras.layers.Dropout(0.5)
    assert layer(x) is x or np.all(layer(x).numpy() == 1)
    dropped = layer(x, training=True).numpy()
    assert set(np.unique(dropped)) <= {0., 2.} and 0 < (dropped == 0).mean() < 1
    keras.backend.set_learning_phase(1)
    assert (layer(x).numpy() == 0).any()
    column = keras.layers.Dropout(0.5, noise_shape=[1, None])(x, training=True).numpy()
    assert (column == column[0]).all()


def test_regularizer_and_added_losses():
    layer = keras.layers.Dense(2, kernel_initializer="ones", kernel_regularizer=keras.regularizers.l2(0.1),
                               activity_regularizer=keras.regularizers.l1(0.5))
    layer(tf.ones([2, 3]))
    losses = [float(loss) for loss in layer.losses]
    assert losses == pytest.approx([0.5 * 12 / 2, 0.1 * 6])
    layer(tf.ones([2, 3]))
    assert len(layer.losses) == 2  # the outermost call forgets the previous call's losses
    layer.add_loss(lambda: tf.constant(3.))
    assert float(layer.losses[-1]) == 3.


def test_layer_gradients_through_gradient_tape():
    layer = keras.layers.Dense(2, kernel_initializer="ones")
    x = tf.constant([[1., 2., 3.]])
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(layer(x))
    kernel_grad, bias_grad = tape.gradient(loss, layer.trainable_variables)
    np.testing.assert_allclose(kernel_grad.numpy(), [[1., 1.], [2., 2.], [3., 3.]])
    np.testing.assert_allclose(bias_grad.numpy(), [1., 1.])


# --- Sequential and functional -----------------------------------------------------------------

def test_sequential_with_input_shape_is_built_at_once():
    model = keras.Sequential([keras.layers.Dense(10, input_shape=(784,)), keras.layers.Dense(10)])
    assert model.built and names(model.variables) == ["dense/kernel:0", "dense/bias:0", "dense_1/kernel:0",
                                                      "dense_1/bias:0"]
    assert [layer.name for layer in model.layers] == ["dense", "dense_1"]
    assert model.layers[1].output_shape == (None, 10)
    assert model(np.ones((2, 784), np.float32)).shape.as_list() == [2, 10]


def test_deferred_sequential_builds_inside_its_scope():
    model = keras.Sequential()
    model.add(keras.layers.Dense(4))
    model.add(keras.layers.Dense(1))
    assert not model.built
    with pytest.raises(ValueError, match="This model has not yet been built"):
        model.summary()
    model(tf.ones([2, 3]))
    assert names(model.variables)[0] == "sequential/dense/kernel:0"
    model.pop()
    assert len(model.layers) == 1
    with pytest.raises(TypeError, match="The added layer must be an instance of class Layer"):
        model.add(3)


def test_sequential_pop_on_a_graph_model():
    model = keras.Sequential([keras.layers.Dense(4, input_shape=(3,)), keras.layers.Dense(1)])
    model.pop()
    assert model.outputs[0].shape.as_list() == [None, 4]
    assert model(tf.ones([2, 3])).shape.as_list() == [2, 4]
    model.pop()
    with pytest.raises(TypeError, match="There are no layers in the model."):
        model.pop()


def test_functional_multi_input_multi_output_with_shared_layer():
    a, b = keras.Input(shape=(3,)), keras.Input(shape=(3,))
    shared = keras.layers.Dense(2, kernel_initializer="ones")
    sum_ = keras.layers.Add()([shared(a), shared(b)])
    concat = keras.layers.Concatenate()([a, b])
    model = keras.Model(inputs=[a, b], outputs=[sum_, concat])
    assert [layer.name for layer in model.layers] == ["input_1", "input_2", "dense", "add", "concatenate"]
    out_sum, out_concat = model([tf.ones([1, 3]), 2 * tf.ones([1, 3])])
    np.testing.assert_allclose(out_sum.numpy(), [[9., 9.]])
    assert out_concat.shape.as_list() == [1, 6]
    assert len(shared.inbound_nodes) == 2
    with pytest.raises(AttributeError, match="multiple inbound nodes"):
        shared.output
    predicted = model.predict([np.ones((70, 3), np.float32)] * 2, batch_size=32)
    assert [p.shape for p in predicted] == [(70, 2), (70, 6)]


def test_functional_model_is_a_layer():
    inputs = keras.Input(shape=(4,))
    outputs = keras.layers.Dense(2, activation="relu")(keras.layers.Dense(3)(inputs))
    inner = keras.Model(inputs, outputs)
    x = keras.Input(shape=(4,))
    outer = keras.Model(x, keras.layers.Dense(1)(inner(x)))
    assert outer(tf.ones([5, 4])).shape.as_list() == [5, 1]
    assert len(outer.trainable_weights) == 6
    # TF's _init_graph_network gives the network a node of its own (node 0); calling it makes node 1.
    assert inner.input_shape == (None, 4) and inner.output_shape == (None, 2) and outer.output_shape == (None, 1)
    assert len(inner.inbound_nodes) == 2 and inner.get_output_shape_at(1) == (None, 2)


def test_symbolic_tensors_have_no_value():
    x = keras.Input(shape=(2,))
    assert x.shape.as_list() == [None, 2] and x.dtype == tf.float32
    with pytest.raises(TypeError, match="symbolic Keras tensor"):
        x + 1
    assert keras.backend.int_shape(x) == (None, 2) and keras.backend.is_keras_tensor(x)


# --- summary -----------------------------------------------------------------------------------

SEQUENTIAL_SUMMARY = """\
Model: "sequential"
_________________________________________________________________
Layer (type)                 Output Shape              Param #   
=================================================================
dense (Dense)                (None, 10)                7850      
_________________________________________________________________
dense_1 (Dense)              (None, 10)                110       
=================================================================
Total params: 7,960
Trainable params: 7,960
Non-trainable params: 0
_________________________________________________________________
"""


def test_summary_prints_tf1_table():
    model = keras.Sequential([keras.layers.Dense(10, input_shape=(784,)), keras.layers.Dense(10)])
    lines = []
    model.summary(print_fn=lines.append)
    assert "\n".join(lines) + "\n" == SEQUENTIAL_SUMMARY


def test_subclassed_summary_says_multiple():
    model = MNISTModel()
    model(tf.zeros([1, 784]))
    lines = []
    model.summary(print_fn=lines.append)
    assert lines[4].startswith("dense (Dense)                multiple                  7850")
    assert lines[-4:-1] == ["Total params: 7,960", "Trainable params: 7,960", "Non-trainable params: 0"]


def test_functional_summary_lists_connections():
    a = keras.Input(shape=(3,))
    model = keras.Model(a, keras.layers.Add()([keras.layers.Dense(2)(a), keras.layers.Dense(2)(a)]))
    lines = []
    model.summary(print_fn=lines.append)
    assert lines[2] == ("Layer (type)                    Output Shape         Param #     Connected to"
                        + " " * 21)
    assert lines[4].rstrip() == "input_1 (InputLayer)            [(None, 3)]          0"
    assert lines[10].rstrip() == "add (Add)                       (None, 2)            0           dense[0][0]"
    assert lines[11].strip() == "dense_1[0][0]"
