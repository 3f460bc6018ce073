"""Ported behaviours of TF's tensorflow/python/keras/engine/network_test.py (eager mode; the
graph-mode-only methods and the ones needing save/load or updates under graphs are left out)."""

import numpy as np
import pytest

import tfcompat as tf

keras = tf.keras


@pytest.fixture(autouse=True)
def fresh_session():
    keras.backend.clear_session()


def _all_is(a, b):
    return len(a) == len(b) and all(x is y for x, y in zip(a, b))


def test_NetworkConstructionTest_testTopologicalAttributes():
    a = keras.layers.Input(shape=(32,), name="input_a")
    b = keras.layers.Input(shape=(32,), name="input_b")
    test_layer = keras.layers.Dense(16, name="test_layer")
    a_test = test_layer(a)
    assert test_layer.input is a
    assert test_layer.output is a_test
    assert test_layer.input_shape == (None, 32)
    assert test_layer.output_shape == (None, 16)

    dense = keras.layers.Dense(16, name="dense_1")
    a_2 = dense(a)
    b_2 = dense(b)
    assert dense.get_input_at(0) is a
    assert dense.get_input_at(1) is b
    assert dense.get_output_at(0) is a_2
    assert dense.get_output_at(1) is b_2
    assert dense.get_input_shape_at(0) == (None, 32)
    assert dense.get_input_shape_at(1) == (None, 32)
    assert dense.get_output_shape_at(0) == (None, 16)
    assert dense.get_output_shape_at(1) == (None, 16)
    with pytest.raises(ValueError):
        dense.get_input_at(2)
    for attribute in ("input", "output", "output_shape", "input_shape"):
        with pytest.raises(AttributeError):
            getattr(keras.layers.Dense(16), attribute)
    new_dense = keras.layers.Dense(16)
    new_dense(keras.layers.Input(shape=(3, 32)))
    new_dense(keras.layers.Input(shape=(5, 32)))
    with pytest.raises(AttributeError):
        new_dense.input_shape
    with pytest.raises(AttributeError):
        new_dense.output_shape


def test_NetworkConstructionTest_testTopologicalAttributesMultiOutputLayer():
    class PowersLayer(keras.layers.Layer):
        def call(self, inputs):
            return [inputs ** 2, inputs ** 3]

    x = keras.layers.Input(shape=(32,))
    test_layer = PowersLayer()
    p1, p2 = test_layer(x)
    assert test_layer.input is x
    assert _all_is(test_layer.output, [p1, p2])
    assert test_layer.input_shape == (None, 32)
    assert test_layer.output_shape == [(None, 32), (None, 32)]


def test_NetworkConstructionTest_testTopologicalAttributesMultiInputLayer():
    class AddLayer(keras.layers.Layer):
        def call(self, inputs):
            assert len(inputs) == 2
            return inputs[0] + inputs[1]

    a = keras.layers.Input(shape=(32,))
    b = keras.layers.Input(shape=(32,))
    test_layer = AddLayer()
    y = test_layer([a, b])
    assert _all_is(test_layer.input, [a, b])
    assert test_layer.output is y
    assert test_layer.input_shape == [(None, 32), (None, 32)]
    assert test_layer.output_shape == (None, 32)


def test_NetworkConstructionTest_testBasicNetwork():
    x = keras.layers.Input(shape=(32,))
    dense = keras.layers.Dense(2)
    y = dense(x)
    network = keras.Model(x, y, name="dense_network")
    assert network.name == "dense_network"
    assert len(network.layers) == 2
    assert network.layers[1] is dense
    assert _all_is(network.weights, dense.weights)
    assert _all_is(network.trainable_weights, dense.trainable_weights)
    assert _all_is(network.non_trainable_weights, dense.non_trainable_weights)
    y_2 = network(keras.layers.Input(shape=(32,)))
    assert y_2.shape.as_list() == [None, 2]
    network.trainable = False
    assert _all_is(network.weights, dense.weights)
    assert network.trainable_weights == []
    assert _all_is(network.non_trainable_weights, dense.trainable_weights + dense.non_trainable_weights)


def test_NetworkConstructionTest_test_trainable_weights():
    a = keras.layers.Input(shape=(2,))
    b = keras.layers.Dense(1)(a)
    model = keras.models.Model(a, b)
    weights = model.weights
    assert _all_is(model.trainable_weights, weights)
    assert model.non_trainable_weights == []
    model.trainable = False
    assert model.trainable_weights == []
    assert _all_is(model.non_trainable_weights, weights)
    model.trainable = True
    assert _all_is(model.trainable_weights, weights)
    assert model.non_trainable_weights == []
    model.layers[1].trainable = False
    assert model.trainable_weights == []
    assert _all_is(model.non_trainable_weights, weights)

    model = keras.models.Sequential()
    model.add(keras.layers.Dense(1, input_dim=2))
    weights = model.weights
    assert _all_is(model.trainable_weights, weights)
    assert model.non_trainable_weights == []
    model.trainable = False
    assert model.trainable_weights == []
    assert _all_is(model.non_trainable_weights, weights)
    model.trainable = True
    assert _all_is(model.trainable_weights, weights)
    assert model.non_trainable_weights == []
    model.layers[0].trainable = False
    assert model.trainable_weights == []
    assert _all_is(model.non_trainable_weights, weights)


def test_NetworkConstructionTest_test_node_construction():
    a = keras.layers.Input(shape=(32,), name="input_a")
    b = keras.layers.Input(shape=(32,), name="input_b")
    with pytest.raises(ValueError):
        keras.layers.Input(shape=(32,), batch_shape=(10, 32))
    with pytest.raises(ValueError):
        keras.layers.Input(shape=(32,), unknown_kwarg=None)
    assert a.shape.as_list() == [None, 32]
    a_layer, a_node_index, a_tensor_index = a._keras_history
    b_layer, _, _ = b._keras_history
    assert len(a_layer._inbound_nodes) == 1
    assert a_tensor_index == 0
    node = a_layer._inbound_nodes[a_node_index]
    assert node.outbound_layer is a_layer
    assert node.inbound_layers == []
    assert _all_is(node.input_tensors, [a])
    assert node.input_shapes == [(None, 32)]
    assert _all_is(node.output_tensors, [a])
    assert node.output_shapes == [(None, 32)]

    dense = keras.layers.Dense(16, name="dense_1")
    a_2 = dense(a)
    b_2 = dense(b)
    assert len(dense._inbound_nodes) == 2
    assert len(dense._outbound_nodes) == 0
    assert dense._inbound_nodes[0].inbound_layers is a_layer
    assert dense._inbound_nodes[0].outbound_layer is dense
    assert dense._inbound_nodes[1].inbound_layers is b_layer
    assert dense._inbound_nodes[1].outbound_layer is dense
    assert dense._inbound_nodes[0].input_tensors is a
    assert dense._inbound_nodes[1].input_tensors is b

    test_layer = keras.layers.Dense(16, name="test_layer")
    a_test = test_layer(a)
    assert test_layer.kernel.shape.as_list() == [32, 16]
    assert test_layer.input is a
    assert test_layer.output is a_test
    assert test_layer.input_shape == (None, 32)
    assert test_layer.output_shape == (None, 16)
    assert dense.get_input_at(0) is a
    assert dense.get_output_at(1) is b_2
    assert dense.get_output_at(0) is a_2
    assert dense.get_input_shape_at(1) == (None, 32)
    assert dense.get_output_shape_at(0) == (None, 16)
    assert dense.get_input_mask_at(0) is None
    assert dense.get_output_mask_at(1) is None


def test_NetworkConstructionTest_test_multi_input_layer():
    a = keras.layers.Input(shape=(32,), name="input_a")
    b = keras.layers.Input(shape=(32,), name="input_b")
    dense = keras.layers.Dense(16, name="dense_1")
    a_2 = dense(a)
    b_2 = dense(b)
    merged = keras.layers.concatenate([a_2, b_2], name="merge")
    assert merged.shape.as_list() == [None, 16 * 2]
    merge_layer, merge_node_index, merge_tensor_index = merged._keras_history
    assert merge_node_index == 0
    assert merge_tensor_index == 0
    assert len(merge_layer._inbound_nodes) == 1
    assert len(merge_layer._outbound_nodes) == 0
    assert len(merge_layer._inbound_nodes[0].input_tensors) == 2
    assert len(merge_layer._inbound_nodes[0].inbound_layers) == 2
    c = keras.layers.Dense(64, name="dense_2")(merged)
    d = keras.layers.Dense(5, name="dense_3")(c)
    model = keras.models.Model(inputs=[a, b], outputs=[c, d], name="model")
    assert len(model.layers) == 6
    output_shapes = model.compute_output_shape([(None, 32), (None, 32)])
    assert output_shapes[0].as_list() == [None, 64]
    assert output_shapes[1].as_list() == [None, 5]


def _two_branch_model():
    a = keras.layers.Input(shape=(32,), name="input_a")
    b = keras.layers.Input(shape=(32,), name="input_b")
    dense = keras.layers.Dense(16, name="dense_1")
    merged = keras.layers.concatenate([dense(a), dense(b)], name="merge")
    c = keras.layers.Dense(64, name="dense_2")(merged)
    d = keras.layers.Dense(5, name="dense_3")(c)
    return keras.models.Model(inputs=[a, b], outputs=[c, d], name="model")


def test_NetworkConstructionTest_test_multi_output_layer_output_names():
    inp = keras.layers.Input(name="inp", shape=(None,), dtype=tf.float32)

    class _MultiOutput(keras.layers.Layer):
        def call(self, x):
            return x + 1., x + 2.

    out = _MultiOutput(name="out")(inp)
    model = keras.models.Model(inp, out)
    assert model.output_names == ["out", "out_1"]
    first, second = model(tf.constant([[1.]]))
    assert (first.numpy(), second.numpy()) == ([[2.]], [[3.]])


def _assert_config_round_trip(model):
    """TF's get_config -> Model.from_config and to_json -> model_from_json, here also checked to give the same
    config back."""
    config = model.get_config()
    assert keras.models.Model.from_config(config).get_config() == config
    assert keras.models.model_from_json(model.to_json()).get_config() == config


def test_NetworkConstructionTest_test_recursion():
    model = _two_branch_model()
    e = keras.layers.Input(shape=(32,), name="input_e")
    f = keras.layers.Input(shape=(32,), name="input_f")
    assert len(model.inputs) == 2
    g, h = model([e, f])
    assert len(model.inputs) == 2
    assert g.shape.as_list() == [None, 64] and h.shape.as_list() == [None, 5]
    i = keras.layers.Dense(7, name="dense_4")(h)
    final_model = keras.models.Model(inputs=[e, f], outputs=[i, g], name="final")
    assert len(final_model.inputs) == 2
    assert len(final_model.outputs) == 2
    assert len(final_model.layers) == 4
    assert [layer.name for layer in final_model.layers][2:] == ["model", "dense_4"]
    shapes = final_model.compute_output_shape([(10, 32), (10, 32)])
    assert [s.as_list() for s in shapes] == [[10, 7], [10, 64]]
    outputs = final_model([np.random.random((10, 32)).astype(np.float32)] * 2)
    assert [x.shape.as_list() for x in outputs] == [[10, 7], [10, 64]]
    _assert_config_round_trip(final_model)


def test_NetworkConstructionTest_test_multi_input_multi_output_recursion():
    model = _two_branch_model()
    j, k = keras.layers.Input(shape=(32,), name="input_j"), keras.layers.Input(shape=(32,), name="input_k")
    _, n = model([j, k])
    o, p = keras.layers.Input(shape=(32,), name="input_o"), keras.layers.Input(shape=(32,), name="input_p")
    q, _ = model([o, p])
    assert n.shape.as_list() == [None, 5]
    assert q.shape.as_list() == [None, 64]
    s = keras.layers.concatenate([n, q], name="merge_nq")
    assert s.shape.as_list() == [None, 64 + 5]
    data = [np.random.random((10, 32)).astype(np.float32) for _ in range(4)]
    # TF 1.15 normalizes a one-element output list: the model returns the tensor
    assert keras.models.Model([j, k, o, p], [s])(data).shape.as_list() == [10, 69]
    assert keras.models.Model([j, k, o, p], s)(data).shape.as_list() == [10, 69]
    _assert_config_round_trip(keras.models.Model([j, k, o, p], [s]))


def test_NetworkConstructionTest_test_invalid_graphs():
    model = _two_branch_model()
    j = keras.layers.Dense(32)(keras.layers.Input(shape=(32,), name="input_j"))
    k = keras.layers.Input(shape=(32,), name="input_k")
    m, n = model([j, k])
    with pytest.raises(Exception):
        keras.models.Model([j, k], [m, n])
    j, k = keras.layers.Input(shape=(32,), name="input_j"), keras.layers.Input(shape=(32,), name="input_k")
    m, n = model([j, k])
    with pytest.raises(Exception):
        keras.models.Model([j], [m, n])
    keras.models.Model([j, k], [m, n, n])
    with pytest.raises(Exception):
        keras.models.Model([j, k, j], [m, n])
    with pytest.raises(Exception):
        keras.models.Model([j, k], [m, n, 0])


def test_NetworkConstructionTest_test_layer_sharing_at_heterogenous_depth():
    x_val = np.random.random((10, 5)).astype(np.float32)
    x = keras.layers.Input(shape=(5,))
    a = keras.layers.Dense(5, name="A")
    b = keras.layers.Dense(5, name="B")
    m = keras.models.Model(x, a(b(a(b(x)))))
    expected = a(b(a(b(tf.constant(x_val))))).numpy()
    np.testing.assert_allclose(m.predict(x_val), expected, atol=1e-6)
    m2 = keras.models.Model.from_config(m.get_config())
    m2.set_weights(m.get_weights())
    np.testing.assert_allclose(m2.predict(x_val), expected, atol=1e-6)


def test_NetworkConstructionTest_test_layer_sharing_at_heterogenous_depth_with_concat():
    input_layer = keras.layers.Input(shape=(16, 9, 3))
    a = keras.layers.Dense(3, name="dense_A")
    b = keras.layers.Dense(3, name="dense_B")
    c = keras.layers.Dense(3, name="dense_C")
    output = keras.layers.concatenate([b(a(input_layer)), a(c(input_layer))])
    m = keras.models.Model(inputs=input_layer, outputs=output)
    x_val = np.random.random((10, 16, 9, 3)).astype(np.float32)
    x = tf.constant(x_val)
    expected = tf.concat([b(a(x)), a(c(x))], axis=-1).numpy()
    np.testing.assert_allclose(m.predict(x_val), expected, atol=1e-6)
    m2 = keras.models.Model.from_config(m.get_config())
    m2.set_weights(m.get_weights())
    np.testing.assert_allclose(m2.predict(x_val), expected, atol=1e-6)


def test_NetworkConstructionTest_test_explicit_training_argument():
    a = keras.layers.Input(shape=(2,))
    base_model = keras.models.Model(a, keras.layers.Dropout(0.5)(a))
    a = keras.layers.Input(shape=(2,))
    model = keras.models.Model(a, base_model(a, training=False))
    x = np.ones((100, 2), np.float32)
    np.testing.assert_array_equal(model(x).numpy(), x)  # inference mode: the output is the input
    a = keras.layers.Input(shape=(2,))
    model = keras.models.Model(a, base_model(a, training=True))
    assert np.min(model.predict(x)) == 0.  # at least one unit was dropped
