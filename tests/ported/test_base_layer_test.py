"""Ported behaviours of TF's tensorflow/python/keras/engine/base_layer_test.py (eager mode; the
graph-only, tf.function, serialization and mixed-precision cases are left out)."""

import numpy as np
import pytest

import tfcompat as tf
from tfcompat._src.framework import context

keras = tf.keras


@pytest.fixture(autouse=True)
def fresh_session():
    keras.backend.clear_session()


def _current_name_scope():
    return context.state.name_scope.rstrip("/")


def test_BaseLayerTest_test_sequential_model():
    model = keras.Sequential([keras.layers.Dense(10, input_shape=(10,)), keras.layers.Dense(5)])
    assert len(model.layers) == 2
    assert len(model.weights) == 4

    class Sequential(keras.Model):  # a subclassed model that happens to be called Sequential
        def __init__(self):
            super(Sequential, self).__init__()
            self.dense_layers = [keras.layers.Dense(10), keras.layers.Dense(5)]

        def call(self, inputs):
            x = inputs
            for d in self.dense_layers:
                x = d(x)
            return x

    s = Sequential()
    assert len(s.layers) == 2
    assert len(s.weights) == 0
    s(keras.layers.Input((10,)))
    assert len(s.weights) == 4


def test_BaseLayerTest_test_layer_class_not_tracked_as_sublayer():
    class LayerWithClassAttribute(keras.layers.Layer):
        def __init__(self):
            super(LayerWithClassAttribute, self).__init__()
            self.layer_fn = keras.layers.Dense

    layer = LayerWithClassAttribute()
    assert layer.variables == []
    assert layer.submodules == []


def test_BaseLayerTest_test_attribute_reassignment():
    l = keras.layers.Layer()  # noqa: E741 - TF's name
    l.a = keras.layers.Layer()
    l.a = []
    l.a = tf.Variable(1.)
    l.a = keras.layers.Layer()
    last_assignment = keras.layers.Layer()
    l.a = last_assignment
    l.b = tf.Variable(1.)
    del l.b
    l.c = keras.layers.Layer()
    del l.c
    l.d = last_assignment
    del l.d
    assert len(l._layers) == 1 and l._layers[0] is last_assignment
    assert l.trainable_weights == []
    assert l.non_trainable_weights == []
    assert l.weights == []
    del l.a
    assert l._layers == []


def test_BaseLayerTest_test_assign_op_not_tracked_as_variable():
    class LayerWithAssignAttr(keras.layers.Layer):
        def build(self, input_shape):
            self.v = tf.Variable(1.)
            self.v_assign = self.v.assign_add(2.)

    layer = LayerWithAssignAttr()
    layer.build((10, 10))
    assert len(layer.variables) == 1 and layer.variables[0] is layer.v


def test_NameScopingTest_test_name_scope_layer():
    layer = keras.layers.Dense(10, name="MyName")
    layer(tf.ones((10, 10)))
    assert layer.bias.name == "MyName/bias:0"
    assert layer.kernel.name == "MyName/kernel:0"


def test_NameScopingTest_test_name_scope_sublayer():
    class NameScopeTracker(keras.layers.Layer):
        def call(self, inputs):
            self.active_name_scope = _current_name_scope()
            return inputs

    sublayer = NameScopeTracker(name="Sublayer")
    layer = keras.layers.Dense(10, activation=sublayer, name="MyName2")
    layer(tf.ones((10, 10)))
    assert layer.bias.name == "MyName2/bias:0"
    assert layer.kernel.name == "MyName2/kernel:0"
    assert sublayer.active_name_scope == "MyName2/Sublayer"


def test_NameScopingTest_test_name_scope_tf_tensor():
    x = tf.convert_to_tensor(np.ones((10, 10)))
    layer = keras.layers.Dense(10, activation=keras.layers.ReLU(name="MyAct"), name="MyName3")
    layer(x)
    assert layer.bias.name == "MyName3/bias:0"
    assert layer.kernel.name == "MyName3/kernel:0"


def test_NameScopingTest_test_name_scope_functional_api():
    inputs = keras.layers.Input((3,))
    layer = keras.layers.Dense(10, name="MyName")
    layer(inputs)
    assert layer.bias.name == "MyName/bias:0"
    assert layer.kernel.name == "MyName/kernel:0"


def test_NameScopingTest_test_name_scope_functional_api_nested():
    class NestedLayer(keras.layers.Layer):
        def __init__(self, name="OuterName"):
            super(NestedLayer, self).__init__(name=name)
            self.dense = keras.layers.Dense(10, name="InnerName")

        def call(self, inputs):
            return self.dense(inputs)

    layer = NestedLayer()
    layer(keras.layers.Input((3,)))
    assert layer.dense.bias.name == "OuterName/InnerName/bias:0"
    assert layer.dense.kernel.name == "OuterName/InnerName/kernel:0"
