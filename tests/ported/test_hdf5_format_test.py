"""Ported behaviours of TF 1.15's tensorflow/python/keras/saving/hdf5_format_test.py: whole-model saving
(TestWholeModelSaving, TestWholeModelSavingWithNesting) and save_weights' overwrite prompt
(TestWeightSavingAndLoadingTFFormat.test_tensorflow_format_overwrite), eager mode.  Left out: the
``preprocess_weights_for_loading`` conversions of Keras 1 / Theano files, Lambda layers' serialized
bytecode (tfcompat never runs code from a file), ``add_metric``, and the graph-mode-only methods
(test_sequential_model_saving_without_input_shape: a Sequential built by ``fit`` alone has no input shape to
save under eager execution)."""


import numpy as np
import pytest

import tfcompat as tf

keras = tf.keras
h5py = pytest.importorskip("h5py")


@pytest.fixture(autouse=True)
def fresh_session():
    keras.backend.clear_session()


def _rng():
    return np.random.RandomState(1337)


def test_TestWholeModelSaving_test_sequential_model_saving(tmp_path):
    model = keras.models.Sequential()
    model.add(keras.layers.Dense(2, input_shape=(3,)))
    model.add(keras.layers.RepeatVector(3))
    model.add(keras.layers.TimeDistributed(keras.layers.Dense(3)))
    model.compile(loss=keras.losses.MSE, optimizer=keras.optimizers.RMSprop(lr=0.0001),
                  metrics=[keras.metrics.categorical_accuracy,
                           keras.metrics.CategoricalCrossentropy(name="cce", label_smoothing=tf.constant(0.2))],
                  weighted_metrics=[keras.metrics.categorical_crossentropy,
                                    keras.metrics.CategoricalCrossentropy(name="cce",
                                                                          label_smoothing=tf.constant(0.2))],
                  sample_weight_mode="temporal")
    rng = _rng()
    x, y = rng.random_sample((1, 3)), rng.random_sample((1, 3, 3))
    model.train_on_batch(x, y)
    out = model.predict(x)
    fname = str(tmp_path / "model.h5")
    keras.models.save_model(model, fname)
    new_model = keras.models.load_model(fname)
    np.testing.assert_allclose(out, new_model.predict(x), atol=1e-05)
    # the new updates are the same with both models
    x, y = rng.random_sample((1, 3)), rng.random_sample((1, 3, 3))
    model.train_on_batch(x, y)
    new_model.train_on_batch(x, y)
    x, y = rng.random_sample((1, 3)), rng.random_sample((1, 3, 3))
    np.testing.assert_allclose(model.evaluate(x, y, verbose=0), new_model.evaluate(x, y, verbose=0), atol=0.001)
    np.testing.assert_allclose(model.predict(x), new_model.predict(x), atol=1e-03)


def test_TestWholeModelSaving_test_sequential_model_saving_without_compile(tmp_path):
    model = keras.models.Sequential()
    model.add(keras.layers.Dense(2, input_shape=(3,)))
    model.add(keras.layers.RepeatVector(3))
    model.add(keras.layers.TimeDistributed(keras.layers.Dense(3)))
    x = _rng().random_sample((1, 3))
    out = model.predict(x)
    fname = str(tmp_path / "model.h5")
    keras.models.save_model(model, fname)
    np.testing.assert_allclose(out, keras.models.load_model(fname).predict(x), atol=1e-05)


def test_TestWholeModelSaving_test_sequential_model_saving_2(tmp_path):
    class CustomOp(keras.optimizers.RMSprop):
        pass

    def custom_loss(y_true, y_pred):
        return keras.losses.mse(y_true, y_pred)

    model = keras.models.Sequential()
    model.add(keras.layers.Dense(2, input_shape=(3,)))
    model.add(keras.layers.Dense(3))
    model.compile(loss=custom_loss, optimizer=CustomOp(), metrics=["acc"])
    rng = _rng()
    x, y = rng.random_sample((1, 3)), rng.random_sample((1, 3))
    model.train_on_batch(x, y)
    out = model.predict(x)
    fname = str(tmp_path / "model.h5")
    keras.models.save_model(model, fname)
    model = keras.models.load_model(fname, custom_objects={"CustomOp": CustomOp, "custom_loss": custom_loss})
    np.testing.assert_allclose(out, model.predict(x), atol=1e-05)


def test_TestWholeModelSaving_test_functional_model_saving(tmp_path):
    inputs = keras.layers.Input(shape=(3,))
    x = keras.layers.Dense(2)(inputs)
    output = keras.layers.Dense(3)(x)
    model = keras.models.Model(inputs, output)
    model.compile(loss=keras.losses.MSE, optimizer=keras.optimizers.RMSprop(lr=0.0001),
                  metrics=[keras.metrics.categorical_accuracy, keras.metrics.CategoricalAccuracy()],
                  weighted_metrics=[keras.metrics.categorical_accuracy, keras.metrics.CategoricalAccuracy()])
    rng = _rng()
    x, y = rng.random_sample((1, 3)), rng.random_sample((1, 3))
    model.train_on_batch(x, y)
    out = model.predict(x)
    fname = str(tmp_path / "model.h5")
    keras.models.save_model(model, fname)
    np.testing.assert_allclose(out, keras.models.load_model(fname).predict(x), atol=1e-05)


def _two_dense_sequential():
    model = keras.models.Sequential()
    model.add(keras.layers.Dense(2, input_shape=(3,)))
    model.add(keras.layers.Dense(3))
    return model


def test_TestWholeModelSaving_test_saving_without_compilation(tmp_path):
    model = _two_dense_sequential()
    model.compile(loss="mse", optimizer="sgd", metrics=["acc"])
    fname = str(tmp_path / "model.h5")
    keras.models.save_model(model, fname)
    loaded = keras.models.load_model(fname)
    x = np.ones((2, 3), np.float32)
    np.testing.assert_array_equal(loaded.predict(x), model.predict(x))


def test_TestWholeModelSaving_test_saving_with_tf_optimizer(tmp_path):
    model = _two_dense_sequential()
    model.compile(loss="mse", optimizer=tf.train.AdadeltaOptimizer(0.1), metrics=["acc"])
    fname = str(tmp_path / "model.h5")
    keras.models.save_model(model, fname)
    loaded = keras.models.load_model(fname)
    x = np.ones((2, 3), np.float32)
    np.testing.assert_array_equal(loaded.predict(x), model.predict(x))


def test_TestWholeModelSaving_test_saving_model_with_long_layer_names(tmp_path):
    x = keras.Input(shape=(2,), name="input_" + ("x" * (2 ** 15)))
    f = x
    for i in range(4):
        f = keras.layers.Dense(2, name="dense_%d" % (i,))(f)
    model = keras.Model(inputs=[x], outputs=[f])
    model.compile("adam", loss=keras.losses.MeanSquaredError(), metrics=["acc"])
    rng = _rng()
    x, y = rng.random_sample((1, 2)), rng.random_sample((1, 2))
    model.train_on_batch(x, y)
    out = model.predict(x)
    fname = str(tmp_path / "model.h5")
    keras.models.save_model(model, fname)
    model = keras.models.load_model(fname)
    with h5py.File(fname, "r") as h5file:
        num_names_arrays = len([attr for attr in h5file["model_weights"].attrs if attr.startswith("layer_names")])
    assert num_names_arrays > 0  # the layer names were split into chunks
    np.testing.assert_allclose(out, model.predict(x), atol=1e-05)


def test_TestWholeModelSaving_test_saving_model_with_long_weights_names(tmp_path):
    x = keras.Input(shape=(2,), name="nested_model_input")
    f = x
    for i in range(4):
        f = keras.layers.Dense(2, name="nested_model_dense_%d" % (i,))(f)
    f = keras.layers.Dense(2, name="nested_model_output" + ("x" * (2 ** 14)))(f)
    nested_model = keras.Model(inputs=[x], outputs=[f], name="nested_model")
    x = keras.Input(shape=(2,), name="outer_model_input")
    f = keras.layers.Dense(2, name="outer_model_output")(nested_model(x))
    model = keras.Model(inputs=[x], outputs=[f])
    model.compile(loss="mse", optimizer="adam", metrics=["acc"])
    rng = _rng()
    x, y = rng.random_sample((1, 2)), rng.random_sample((1, 2))
    model.train_on_batch(x, y)
    out = model.predict(x)
    fname = str(tmp_path / "model.h5")
    keras.models.save_model(model, fname)
    model = keras.models.load_model(fname)
    with h5py.File(fname, "r") as h5file:
        num_weight_arrays = len([attr for attr in h5file["model_weights"]["nested_model"].attrs
                                 if attr.startswith("weight_names")])
    assert num_weight_arrays > 0
    np.testing.assert_allclose(out, model.predict(x), atol=1e-05)


def test_TestWholeModelSaving_test_model_saving_to_pre_created_h5py_file(tmp_path):
    inputs = keras.Input(shape=(3,))
    outputs = keras.layers.Dense(3)(keras.layers.Dense(2)(inputs))
    model = keras.Model(inputs, outputs)
    model.compile(loss=keras.losses.MSE, optimizer=keras.optimizers.Adam(),
                  metrics=[keras.metrics.categorical_accuracy, keras.metrics.CategoricalAccuracy()])
    rng = _rng()
    x, y = rng.random_sample((1, 3)), rng.random_sample((1, 3))
    model.train_on_batch(x, y)
    out = model.predict(x)
    fname = str(tmp_path / "model.h5")
    with h5py.File(fname, mode="w"):
        pass
    with h5py.File(fname, mode="r+") as h5file:
        keras.models.save_model(model, h5file)
        loaded_model = keras.models.load_model(h5file)
        out2 = loaded_model.predict(x)
    np.testing.assert_allclose(out, out2, atol=1e-05)
    # non-default options in h5
    with h5py.File("_", mode="w", driver="core", backing_store=False) as h5file:  # h5py 3 opens "r" by default
        keras.models.save_model(model, h5file)
        loaded_model = keras.models.load_model(h5file)
        out2 = loaded_model.predict(x)
    np.testing.assert_allclose(out, out2, atol=1e-05)


def test_TestWholeModelSaving_test_saving_constant_initializer_with_numpy(tmp_path):
    model = keras.models.Sequential()
    model.add(keras.layers.Dense(2, input_shape=(3,),
                                 kernel_initializer=keras.initializers.Constant(np.ones((3, 2)))))
    model.add(keras.layers.Dense(3))
    model.compile(loss="mse", optimizer="sgd", metrics=["acc"])
    fname = str(tmp_path / "model.h5")
    keras.models.save_model(model, fname)
    loaded = keras.models.load_model(fname)
    x = np.ones((2, 3), np.float32)
    np.testing.assert_array_equal(loaded.predict(x), model.predict(x))


def test_TestWholeModelSaving_test_primitive_attrs_contain_no_extraneous_strings(tmp_path):
    model = keras.models.Sequential()
    model.add(keras.layers.Dense(1, input_shape=[2]))
    fname = str(tmp_path / "model.h5")
    model.save(fname)
    with h5py.File(fname, "r") as h5file:
        assert __import__("re").match(r"^[\d]+\.[\d]+\.[\S]+$", h5file.attrs["keras_version"])


def _make_graph_network(input_size, output_size):
    inputs = keras.Input(input_size)
    x = keras.layers.Dense(8, activation="relu")(inputs)
    return keras.Model(inputs=inputs, outputs=keras.layers.Dense(output_size)(x))


def _make_sequential(input_size, output_size):
    del input_size
    return keras.Sequential([keras.layers.Dense(8, activation="relu"), keras.layers.Dense(output_size)])


def _make_sequential_built(input_size, output_size):
    model = _make_sequential(input_size, output_size)
    model.build((None, input_size))
    return model


def _make_sequential_graph_network(input_size, output_size):
    return keras.Sequential([keras.layers.InputLayer(input_size), keras.layers.Dense(8, activation="relu"),
                             keras.layers.Dense(output_size)])


def _make_sequential_input_shape(input_size, output_size):
    return keras.Sequential([keras.layers.Dense(8, activation="relu", input_shape=(input_size,)),
                             keras.layers.Dense(output_size)])


class _make_subclassed(keras.Model):  # noqa: N801 - TF's name
    def __init__(self, input_size, output_size):
        super().__init__()
        self._config = {"input_size": input_size, "output_size": output_size}
        self._hidden_layer = keras.layers.Dense(8, activation="relu", name="hidden")
        self._logits_layer = keras.layers.Dense(output_size, name="logits")

    def call(self, inputs):
        return self._logits_layer(self._hidden_layer(inputs))

    def get_config(self):
        return self._config

    @classmethod
    def from_config(cls, config):
        return cls(**config)


class _make_subclassed_built(_make_subclassed):  # noqa: N801 - TF's name
    def __init__(self, input_size, output_size):
        super().__init__(input_size, output_size)
        self.build((None, input_size))


@pytest.mark.parametrize("model_fn", [_make_graph_network, _make_sequential, _make_sequential_built,
                                      _make_sequential_graph_network, _make_sequential_input_shape,
                                      _make_subclassed, _make_subclassed_built])
def test_TestWholeModelSavingWithNesting_test_functional(model_fn, tmp_path):
    """A model that uses a nested model to share weights, saved and reloaded."""
    inputs = (keras.Input(shape=(4,), name="examples"), keras.Input(shape=(4,), name="neighbors"))
    base_model = model_fn(inputs[0].shape.as_list()[-1], 2)
    outputs = keras.layers.add([base_model(inputs[0]), base_model(inputs[1])])
    model = keras.Model(inputs=inputs, outputs=outputs)
    rng = np.random.RandomState(0)
    x = (rng.normal(size=(16, 4)).astype(np.float32), rng.normal(size=(16, 4)).astype(np.float32))
    predictions = model(x)
    model_path = str(tmp_path / "model.h5")
    model.save(model_path)
    del model
    loaded_model = keras.models.load_model(model_path, custom_objects={
        "_make_subclassed": _make_subclassed, "_make_subclassed_built": _make_subclassed_built}, compile=False)
    np.testing.assert_allclose(loaded_model(x).numpy(), predictions.numpy(), rtol=1e-6)


def test_TestWeightSavingAndLoadingTFFormat_test_tensorflow_format_overwrite(tmp_path, monkeypatch):
    class SubclassedModel(keras.Model):
        def __init__(self):
            super().__init__()
            self.x_layer = keras.layers.Dense(3)
            self.b_layer = keras.layers.Dense(1)

        def call(self, a):
            return self.b_layer(self.x_layer(a))

    model = SubclassedModel()
    prefix = str(tmp_path / "ckpt")
    model(tf.constant(_rng().random_sample((3, 2)), dtype=tf.float32))
    model.save_weights(prefix, save_format="tensorflow")
    model.save_weights(prefix, save_format="tensorflow", overwrite=True)

    def no_answer(prompt):
        raise EOFError()  # what input() raises on a closed stdin

    monkeypatch.setattr("builtins.input", no_answer)
    with pytest.raises(EOFError):  # indirectly: the user is prompted
        model.save_weights(prefix, save_format="tensorflow", overwrite=False)
