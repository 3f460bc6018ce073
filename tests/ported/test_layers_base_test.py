"""Ported behaviours of TF 1.15's tensorflow/python/layers/base_test.py, in eager mode (asserts
on ops, graphs, placeholders and collections are graph-only and left out; under eager execution
every variable a layer creates is its own, so the graph-mode "variables created outside the
layer are not its own" asserts of testGetVariable do not apply)."""

import copy

import pytest

import tfcompat as tf

base_layers = tf.layers


@pytest.fixture(autouse=True)
def _fresh_names():
    tf.keras.backend.clear_session()
    tf.reset_default_graph()
    yield


class _Square(base_layers.Layer):
    def call(self, inputs):
        return tf.square(inputs)


class PrivateLayer(base_layers.Layer):
    def call(self, inputs):
        return inputs


def _spec_layer(spec):
    class CustomerLayer(base_layers.Layer):
        def __init__(self):
            super().__init__()
            self.input_spec = spec

        def call(self, inputs):
            return inputs

    return CustomerLayer()


def test_BaseLayerTest_testLayerProperties():
    layer = base_layers.Layer(name="my_layer")
    assert layer.variables == []
    assert layer.trainable_variables == []
    assert layer.non_trainable_variables == []
    assert layer.built is False
    assert base_layers.Layer(name="my_layer", trainable=False).trainable is False


def test_BaseLayerTest_testAddWeight():
    layer = base_layers.Layer(name="my_layer")
    variable = layer.add_variable("my_var", [2, 2], initializer=tf.zeros_initializer())
    assert variable.name == "my_layer/my_var:0"
    assert layer.variables == [variable]
    assert layer.trainable_variables == [variable]
    assert layer.non_trainable_variables == []
    variable_2 = layer.add_variable("non_trainable_var", [2, 2], initializer=tf.zeros_initializer(),
                                    trainable=False)
    assert layer.variables == [variable, variable_2]
    assert layer.trainable_variables == [variable]
    assert layer.non_trainable_variables == [variable_2]


def test_BaseLayerTest_testGetVariable():
    class MyLayer(base_layers.Layer):
        def build(self, input_shape):
            self.my_var = self.add_variable("my_var", [2, 2], initializer=tf.zeros_initializer())

        def call(self, inputs):
            return inputs * 2

    layer = MyLayer(name="my_layer")
    inputs = tf.random_uniform((5,), seed=1)
    layer.apply(inputs)
    layer.apply(inputs)
    assert [v.name for v in layer.variables] == ["my_layer/my_var:0"]

    lazy_layer = MyLayer(_reuse=True)
    with tf.variable_scope("new_scope"):
        lazy_layer.apply(inputs)
        assert lazy_layer._scope.name == "new_scope/my_layer"

    lazy_layer = MyLayer(_reuse=True)
    with tf.variable_scope("new_scope") as new_scope:
        lazy_layer.apply(inputs, scope=new_scope)
        assert lazy_layer._scope.name == "new_scope"


def test_BaseLayerTest_testCall():
    layer = _Square(name="my_layer")
    outputs = layer.apply(tf.random_uniform((5,), seed=1))
    assert layer.built is True
    assert outputs.shape.as_list() == [5]


def test_BaseLayerTest_testDeepCopy():
    layer = _Square(name="my_layer")
    layer._private_tensor = tf.random_uniform(())
    layer.apply(tf.random_uniform((5,), seed=1))
    assert layer.built is True
    layer_copy = copy.deepcopy(layer)
    assert layer_copy.name == layer.name
    assert layer_copy._scope.name == layer._scope.name
    assert float(layer_copy._private_tensor) == float(layer._private_tensor)


def test_BaseLayerTest_testScopeNaming():
    inputs = tf.random_uniform((5,))
    default_layer = PrivateLayer()
    default_layer.apply(inputs)
    assert default_layer._scope.name == "private_layer"
    default_layer1 = PrivateLayer()
    default_layer1.apply(inputs)
    assert default_layer1._scope.name == "private_layer_1"
    my_layer = PrivateLayer(name="my_layer")
    my_layer.apply(inputs)
    assert my_layer._scope.name == "my_layer"
    my_layer1 = PrivateLayer(name="my_layer")
    my_layer1.apply(inputs)
    assert my_layer1._scope.name == "my_layer_1"
    my_layer2 = PrivateLayer(name="my_layer")
    my_layer2.apply(inputs)
    assert my_layer2._scope.name == "my_layer_2"
    with tf.name_scope("some_name_scope"):
        default_layer2 = PrivateLayer()
        default_layer2.apply(inputs)
        assert default_layer2._scope.name == "private_layer_2"
        my_layer3 = PrivateLayer(name="my_layer")
        my_layer3.apply(inputs)
        assert my_layer3._scope.name == "my_layer_3"
        other_layer = PrivateLayer(name="other_layer")
        other_layer.apply(inputs)
        assert other_layer._scope.name == "other_layer"
    with tf.variable_scope("var_scope"):
        default_layer_scoped = PrivateLayer()
        default_layer_scoped.apply(inputs)
        assert default_layer_scoped._scope.name == "var_scope/private_layer"
        my_layer_scoped = PrivateLayer(name="my_layer")
        my_layer_scoped.apply(inputs)
        assert my_layer_scoped._scope.name == "var_scope/my_layer"
        my_layer_scoped1 = PrivateLayer(name="my_layer")
        my_layer_scoped1.apply(inputs)
        assert my_layer_scoped1._scope.name == "var_scope/my_layer_1"


def test_BaseLayerTest_testInputSpecNdimCheck():
    with pytest.raises(ValueError, match=r"expected ndim=2"):
        _spec_layer(base_layers.InputSpec(ndim=2)).apply(tf.constant([1]))
    _spec_layer(base_layers.InputSpec(ndim=2)).apply(tf.constant([[1], [2]]))


def test_BaseLayerTest_testInputSpecMinNdimCheck():
    with pytest.raises(ValueError, match=r"expected min_ndim=2"):
        _spec_layer(base_layers.InputSpec(min_ndim=2)).apply(tf.constant([1]))
    _spec_layer(base_layers.InputSpec(min_ndim=2)).apply(tf.constant([[1], [2]]))
    _spec_layer(base_layers.InputSpec(min_ndim=2)).apply(tf.constant([[[1], [2]]]))


def test_BaseLayerTest_testInputSpecMaxNdimCheck():
    with pytest.raises(ValueError, match=r"expected max_ndim=2"):
        _spec_layer(base_layers.InputSpec(max_ndim=2)).apply(tf.constant([[[1], [2]]]))
    _spec_layer(base_layers.InputSpec(max_ndim=2)).apply(tf.constant([1]))
    _spec_layer(base_layers.InputSpec(max_ndim=2)).apply(tf.constant([[1], [2]]))


def test_BaseLayerTest_testInputSpecDtypeCheck():
    with pytest.raises(ValueError, match=r"expected dtype=float32"):
        _spec_layer(base_layers.InputSpec(dtype="float32")).apply(tf.constant(1, dtype=tf.int32))
    _spec_layer(base_layers.InputSpec(dtype="float32")).apply(tf.constant(1.0, dtype=tf.float32))


def test_BaseLayerTest_testInputSpecAxesCheck():
    with pytest.raises(ValueError, match=r"expected axis"):
        _spec_layer(base_layers.InputSpec(axes={-1: 2})).apply(tf.constant([1, 2, 3]))
    _spec_layer(base_layers.InputSpec(axes={-1: 2})).apply(tf.constant([1, 2]))
    _spec_layer(base_layers.InputSpec(axes={-1: 2})).apply(tf.constant([[1, 2], [3, 4], [5, 6]]))


def test_BaseLayerTest_testInputSpecShapeCheck():
    with pytest.raises(ValueError, match=r"expected shape"):
        _spec_layer(base_layers.InputSpec(shape=(None, 3))).apply(tf.constant([[1, 2]]))
    _spec_layer(base_layers.InputSpec(shape=(None, 3))).apply(tf.constant([[1, 2, 3], [4, 5, 6]]))


def test_BaseLayerTest_testNoInputSpec():
    assert int(_spec_layer(None).apply(tf.constant(1))) == 1


def test_BaseLayerTest_test_count_params():
    dense = base_layers.Dense(16)
    dense.build((None, 4))
    assert dense.count_params() == 16 * 4 + 16
    with pytest.raises(ValueError):
        base_layers.Dense(16).count_params()


def test_BaseLayerTest_testDictInputOutput():
    class DictLayer(base_layers.Layer):
        def call(self, inputs):
            return {"l" + key: inputs[key] for key in inputs}

    result = DictLayer().apply({"abel": tf.constant(3), "ogits": tf.constant(4.0)})
    assert isinstance(result, dict)
    assert set(result) == {"label", "logits"}
    assert result["label"].numpy() == 3
    assert result["logits"].numpy() == 4.0


def test_BaseLayerTest_testNameScopeIsConsistentWithVariableScope():
    class MyLayer(base_layers.Layer):
        def build(self, input_shape):
            self.my_var = self.add_variable("my_var", (), tf.float32)
            self.built = True

        def call(self, inputs):
            return tf.multiply(inputs, self.my_var, name="my_op")

    def gen_layers(names):
        x = tf.constant(1.0)
        layers = []
        for name in names:
            layer = MyLayer(name=name)
            x = layer.apply(x)
            layers.append(layer)
        return [layer.my_var.name for layer in layers]

    assert gen_layers([None, None, None]) == ["my_layer/my_var:0", "my_layer_1/my_var:0", "my_layer_2/my_var:0"]
    tf.reset_default_graph()
    assert gen_layers(["name", "name_1", "name_2"]) == ["name/my_var:0", "name_1/my_var:0", "name_2/my_var:0"]
    tf.reset_default_graph()
    assert gen_layers(["name_1", "name_2", "name_3"]) == ["name_1/my_var:0", "name_2/my_var:0", "name_3/my_var:0"]

