"""Ported behaviours of tensorflow/python/training/tracking/tracking_test.py (TF 1.15), eager mode:
NoDependency on tf.contrib.checkpoint.Checkpointable (TF's AutoTrackable) and on a Keras Model."""

import numpy as np
import pytest

import tfcompat as tf
from tfcompat._src.checkpoint import graph


def test_InterfaceTests_testNoDependency():
    root = tf.contrib.checkpoint.Checkpointable()
    hasdep = tf.contrib.checkpoint.Checkpointable()
    root.hasdep = hasdep
    nodep = tf.contrib.checkpoint.Checkpointable()
    root.nodep = tf.contrib.checkpoint.NoDependency(nodep)
    dependencies = graph.children(root)
    assert len(dependencies) == 1
    assert dependencies[0][1] is root.hasdep
    assert root.hasdep is hasdep
    assert root.nodep is nodep


class _NoDependencyModel(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.a = tf.contrib.checkpoint.NoDependency([])
        self.b = tf.contrib.checkpoint.NoDependency(tf.contrib.checkpoint.Checkpointable())


def test_InterfaceTests_testNoDependency_keras_model():
    # TF's model uses @no_automatic_dependency_tracking; NoDependency on each attribute is the public equivalent
    nodeps = _NoDependencyModel()
    assert graph.list_objects(nodeps) == [nodeps]
    assert nodeps.a == [] and type(nodeps.a) is list


class _Mixed(tf.keras.Model):
    """TF 1.15 (recorded with tf_keras under tf.compat.v1): a NoDependency layer or variable still counts in
    the model's weights (Layer.__setattr__ tracks the unwrapped value) but makes no checkpoint key."""

    def __init__(self):
        super().__init__(name="m")
        self.a = tf.keras.layers.Dense(2)
        self.b = tf.contrib.checkpoint.NoDependency(tf.keras.layers.Dense(3))
        self.v = tf.contrib.checkpoint.NoDependency(tf.Variable(1.0, name="vv"))
        self.tracked = [tf.keras.layers.Dense(4), {"k": tf.keras.layers.Dense(5)}]

    def call(self, x):
        return self.tracked[1]["k"](self.tracked[0](self.b(self.a(x))))


def test_no_dependency_on_a_keras_model_unwraps_and_makes_no_checkpoint_key(tmp_path):
    tf.keras.backend.clear_session()
    model = _Mixed()
    assert isinstance(model.b, tf.keras.layers.Dense)
    model(np.ones((1, 2), np.float32))
    assert [w.name for w in model.weights] == [
        "m/dense/kernel:0", "m/dense/bias:0", "m/dense_1/kernel:0", "m/dense_1/bias:0", "m/dense_2/kernel:0",
        "m/dense_2/bias:0", "m/dense_3/kernel:0", "m/dense_3/bias:0", "vv:0"]
    path = tf.train.Checkpoint(m=model).write(str(tmp_path / "c"))
    assert sorted(name for name, _ in tf.train.list_variables(path)) == [
        "_CHECKPOINTABLE_OBJECT_GRAPH", "m/a/bias/.ATTRIBUTES/VARIABLE_VALUE", "m/a/kernel/.ATTRIBUTES/VARIABLE_VALUE",
        "m/tracked/0/bias/.ATTRIBUTES/VARIABLE_VALUE", "m/tracked/0/kernel/.ATTRIBUTES/VARIABLE_VALUE",
        "m/tracked/1/k/bias/.ATTRIBUTES/VARIABLE_VALUE", "m/tracked/1/k/kernel/.ATTRIBUTES/VARIABLE_VALUE"]
    model.b = tf.keras.layers.Dense(3)  # a tracked value assigned over a NoDependency one is a dependency again
    assert any(name == "b" for name, _ in graph.children(model))


def test_dict_with_a_non_string_key_to_a_trackable_cannot_be_saved(tmp_path):
    """data_structures_test's testNonStringKeys: TF's _DictWrapper raises on save; a NoDependency-wrapped
    dict is ignored instead."""
    model = tf.keras.Model()
    model.d = {1: tf.Variable(1.0)}
    with pytest.raises(ValueError, match="non-string key"):
        tf.train.Checkpoint(m=model).write(str(tmp_path / "ck"))
    model.d = tf.contrib.checkpoint.NoDependency({1: tf.Variable(1.0)})
    tf.train.Checkpoint(m=model).write(str(tmp_path / "ck"))
