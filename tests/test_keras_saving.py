"""Whole-model Keras saving: Model.save / load_model in TF 1.15's HDF5 format, checked against files written by
real TF Keras (tests/conformance/golden/keras_h5/, recorded by record_keras_h5_files.py), get_config /
from_config / to_json, clone_model, and the errors for bad files and configs."""

import json
import os
import sys

import numpy as np
import pytest

import tfcompat as tf

h5py = pytest.importorskip("h5py")

DATA = os.path.join(os.path.dirname(__file__), "conformance", "golden", "keras_h5")
with open(os.path.join(DATA, "manifest.json")) as _f:
    MANIFEST = json.load(_f)
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "conformance", "golden"))
from record_keras_h5_files import MODELS, build, data  # noqa: E402

K = tf.keras


def _feed(inputs):
    inputs = [np.asarray(x, np.float32) for x in inputs]
    return inputs[0] if len(inputs) == 1 else inputs


# --- files written by TF's Keras ---------------------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(MODELS))
def test_loads_tf_keras_files_and_continues_training(name):
    record = MANIFEST["models"][name]
    K.backend.clear_session()
    model = K.models.load_model(os.path.join(DATA, name + ".h5"))
    inputs, targets = _feed(record["inputs"]), np.asarray(record["targets"], np.float32)
    np.testing.assert_allclose(model.predict(inputs), record["predictions"], rtol=1e-5, atol=1e-5)
    if "next_loss" not in record:
        assert getattr(model, "optimizer", None) is None  # saved uncompiled: loaded uncompiled
        return
    assert type(model.optimizer).__name__ == "Adam"
    assert int(model.optimizer.iterations.numpy()) == 2  # the optimizer state came back with the slots
    loss = float(np.ravel(model.train_on_batch(inputs, targets))[0])
    np.testing.assert_allclose(loss, record["next_loss"], rtol=1e-5)
    np.testing.assert_allclose(model.predict(inputs), record["next_predictions"], rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize("name", sorted(MODELS))
def test_tf_keras_reads_what_tfcompat_writes(name):
    """The committed from_tfcompat/ files: TF's Keras loaded them (the manifest's from_tfcompat record) and
    tfcompat loads them to the same outputs and the same next training step."""
    seen_by_tf = MANIFEST["from_tfcompat"][name]
    assert "error" not in seen_by_tf
    K.backend.clear_session()
    model = K.models.load_model(os.path.join(DATA, "from_tfcompat", name + ".h5"))
    inputs, targets = data(name)
    np.testing.assert_allclose(model.predict(_feed(inputs)), seen_by_tf["predictions"], rtol=1e-5, atol=1e-5)
    assert seen_by_tf["compiled"] == (MODELS[name][2] is not None)
    if seen_by_tf["compiled"]:
        loss = float(np.ravel(model.train_on_batch(_feed(inputs), targets))[0])
        np.testing.assert_allclose(loss, seen_by_tf["next_loss"], rtol=1e-5)
        np.testing.assert_allclose(model.predict(_feed(inputs)), seen_by_tf["next_predictions"], rtol=1e-4,
                                   atol=1e-5)


# What Keras after TF 1.15 writes differently (tf_keras 2.21, the oracle): keys TF 1.15's layers lack, the
# "Functional" class name, its metrics as Metric configs, a top_level_model_weights group and an RNN cell's
# name scope in weight names.
_NEWER_KEYS = {"optional", "groups", "trainable_model"}


def _normalized_oracle_config(config):
    if isinstance(config, dict):
        out = {k: _normalized_oracle_config(v) for k, v in config.items() if k not in _NEWER_KEYS}
        if out.get("class_name") == "Functional":
            out["class_name"] = "Model"
            out["config"].pop("trainable", None)
        return out
    if isinstance(config, list):
        return [_normalized_oracle_config(v) for v in config]
    return config


def _groups(f):
    names = []
    f.visit(names.append)
    return {n.replace("/lstm_cell/", "/") for n in names
            if "top_level_model_weights" not in n and not n.endswith("/lstm_cell")}


def _names(group):
    names = group.attrs["weight_names"]
    return [(n.decode() if isinstance(n, bytes) else n).replace("/lstm_cell/", "/") for n in names]


@pytest.mark.parametrize("name", sorted(MODELS))
def test_file_layout_matches_tf_keras(name, tmp_path):
    K.backend.clear_session()
    model = build(K, name)
    inputs, targets = data(name)
    compile_args = MODELS[name][2]
    if compile_args is not None:
        model.compile(optimizer=K.optimizers.Adam(0.01), **compile_args)
        model.train_on_batch(_feed(inputs), targets)
    path = str(tmp_path / "m.h5")
    model.save(path)
    with h5py.File(path, "r") as mine, h5py.File(os.path.join(DATA, name + ".h5"), "r") as theirs:
        assert sorted(mine.attrs) == sorted(theirs.attrs)
        assert _groups(mine) == _groups(theirs)
        assert json.loads(mine.attrs["model_config"]) == _normalized_oracle_config(
            json.loads(theirs.attrs["model_config"]))
        assert mine.attrs["keras_version"] == "2.2.4-tf" and mine.attrs["backend"] == "tensorflow"
        if compile_args is not None:
            training = json.loads(mine.attrs["training_config"])
            assert training == {"loss": "mse", "metrics": compile_args.get("metrics", []), "weighted_metrics": None,
                                "sample_weight_mode": None, "loss_weights": None,
                                "optimizer_config": json.loads(theirs.attrs["training_config"])["optimizer_config"]}
            assert _names(mine["optimizer_weights"]) == _names(theirs["optimizer_weights"])


# --- round trips -----------------------------------------------------------------------------------------

def _round_trip(model, tmp_path, **load_kwargs):
    path = str(tmp_path / "model.h5")
    model.save(path)
    return K.models.load_model(path, **load_kwargs)


def test_round_trip_of_layers_with_nested_configs(tmp_path):
    model = K.Sequential([K.layers.Bidirectional(K.layers.LSTM(3, return_sequences=True), input_shape=(5, 2)),
                          K.layers.TimeDistributed(K.layers.Dense(2)), K.layers.GRU(2),
                          K.layers.Dropout(0.5), K.layers.Dense(1, kernel_regularizer=K.regularizers.l2(0.1))])
    x = np.random.RandomState(0).uniform(size=(3, 5, 2)).astype(np.float32)
    loaded = _round_trip(model, tmp_path)
    np.testing.assert_allclose(loaded.predict(x), model.predict(x), rtol=1e-6)
    assert [type(layer).__name__ for layer in loaded.layers] == [type(layer).__name__ for layer in model.layers]


def test_shared_layers_and_nested_models(tmp_path):
    inner_input = K.Input((4,))
    inner = K.Model(inner_input, K.layers.Dense(3, name="inner_dense")(inner_input), name="inner")
    a, b = K.Input((4,), name="a"), K.Input((4,), name="b")
    shared = K.layers.Dense(4, name="shared")
    out = K.layers.add([inner(shared(a)), inner(shared(b))])
    model = K.Model([a, b], out)
    x = [np.ones((2, 4), np.float32), np.full((2, 4), 2.0, np.float32)]
    config = model.get_config()
    inbound = {layer["name"]: layer["inbound_nodes"] for layer in config["layers"]}
    assert inbound["shared"] == [[["a", 0, 0, {}]], [["b", 0, 0, {}]]]
    assert inbound["inner"] == [[["shared", 0, 0, {}]], [["shared", 1, 0, {}]]]
    assert config["input_layers"] == [["a", 0, 0], ["b", 0, 0]]
    assert config["output_layers"] == [["add", 0, 0]]
    loaded = _round_trip(model, tmp_path)
    np.testing.assert_allclose(loaded.predict(x), model.predict(x), rtol=1e-6)


def test_to_json_and_model_from_json():
    model = K.Sequential([K.layers.Dense(2, input_shape=(3,), activation="relu"), K.layers.Dense(1)])
    text = model.to_json()
    parsed = json.loads(text)
    assert parsed["class_name"] == "Sequential" and parsed["keras_version"] == "2.2.4-tf"
    assert parsed["backend"] == "tensorflow"
    assert [layer["class_name"] for layer in parsed["config"]["layers"]] == ["InputLayer", "Dense", "Dense"]
    clone = K.models.model_from_json(text)
    assert clone.get_config() == model.get_config()
    assert json.loads(model.to_json(indent=2)) == parsed
    assert K.models.model_from_config(json.loads(text)).get_config() == model.get_config()
    with pytest.raises(TypeError, match="expects a dictionary"):
        K.models.model_from_config([])


def test_to_yaml_without_pyyaml_raises_tf_import_error(monkeypatch):
    monkeypatch.setitem(sys.modules, "yaml", None)
    model = K.Sequential([K.layers.Dense(2, input_shape=(3,))])
    with pytest.raises(ImportError, match=r"Requires yaml module installed"):
        model.to_yaml()
    with pytest.raises(ImportError, match=r"Requires yaml module installed"):
        K.models.model_from_yaml("a: 1")


def test_custom_objects_and_unknown_layers(tmp_path):
    class Scale(K.layers.Layer):
        def __init__(self, factor=2.0, **kwargs):
            super().__init__(**kwargs)
            self.factor = factor

        def call(self, inputs):
            return inputs * self.factor

        def get_config(self):
            return {**super().get_config(), "factor": self.factor}

    model = K.Sequential([K.layers.Dense(2, input_shape=(3,)), Scale(3.0)])
    path = str(tmp_path / "custom.h5")
    model.save(path)
    with pytest.raises(ValueError, match="Unknown layer: Scale"):
        K.models.load_model(path)
    x = np.ones((1, 3), np.float32)
    loaded = K.models.load_model(path, custom_objects={"Scale": Scale})
    np.testing.assert_allclose(loaded.predict(x), model.predict(x))
    with K.utils.CustomObjectScope({"Scale": Scale}):
        assert K.models.load_model(path).layers[-1].factor == 3.0
    assert "Scale" not in K.utils.get_custom_objects()
    with pytest.raises(ValueError, match="Unknown layer: NoSuchLayer"):
        K.layers.deserialize({"class_name": "NoSuchLayer", "config": {}})


# --- errors ---------------------------------------------------------------------------------------------

def test_bad_files(tmp_path):
    plain = str(tmp_path / "plain.h5")
    with h5py.File(plain, "w") as f:
        f.create_dataset("x", data=np.arange(3))
    with pytest.raises(ValueError, match="No model found in config file."):
        K.models.load_model(plain)
    model = K.Sequential([K.layers.Dense(2, input_shape=(3,))])
    good = str(tmp_path / "good.h5")
    model.save(good)
    truncated = str(tmp_path / "truncated.h5")
    with open(good, "rb") as f:
        content = f.read()
    with open(truncated, "wb") as f:
        f.write(content[:len(content) // 2])
    with pytest.raises(tf.errors.DataLossError, match="truncated.h5"):
        K.models.load_model(truncated)
    text = str(tmp_path / "text.h5")
    with open(text, "w") as f:
        f.write("not hdf5")
    with pytest.raises(OSError, match="SavedModel file does not exist at"):
        K.models.load_model(text)
    with pytest.raises(OSError, match="SavedModel file does not exist at"):
        K.models.load_model(str(tmp_path / "missing.h5"))


def test_saved_model_format_and_subclassed_models(tmp_path):
    model = K.Sequential([K.layers.Dense(2, input_shape=(3,))])
    with pytest.raises(NotImplementedError, match="SavedModel"):
        model.save(str(tmp_path / "saved"), save_format="tf")

    class Subclassed(K.Model):
        def __init__(self):
            super().__init__()
            self.dense = K.layers.Dense(1)

        def call(self, inputs):
            return self.dense(inputs)

    sub = Subclassed()
    sub(np.ones((1, 2), np.float32))
    with pytest.raises(NotImplementedError, match="Saving the model to HDF5 format requires the model to be a "
                                                  "Functional model or a Sequential model"):
        sub.save(str(tmp_path / "sub.h5"))
    with pytest.raises(NotImplementedError):
        sub.get_config()


def test_without_h5py(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "h5py", None)
    model = K.Sequential([K.layers.Dense(2, input_shape=(3,))])
    with pytest.raises(ImportError, match="`save_model` requires h5py"):
        model.save(str(tmp_path / "m.h5"))


def test_overwrite_false_asks(monkeypatch, tmp_path, capsys):
    model = K.Sequential([K.layers.Dense(2, input_shape=(3,))])
    path = str(tmp_path / "m.h5")
    model.save(path)
    before = os.path.getmtime(path)
    answers = iter(["maybe", "n"])
    monkeypatch.setattr("builtins.input", lambda prompt: next(answers))
    model.save(path, overwrite=False)
    assert os.path.getmtime(path) == before
    monkeypatch.setattr("builtins.input", lambda prompt: "y")
    model.layers[0].kernel.assign(np.zeros((3, 2), np.float32))
    model.save(path, overwrite=False)
    assert "[TIP] Next time specify overwrite=True!" in capsys.readouterr().out
    assert not K.models.load_model(path).get_weights()[0].any()


def test_tf_train_optimizer_is_not_saved(tmp_path, caplog):
    model = K.Sequential([K.layers.Dense(2, input_shape=(3,))])
    model.compile(tf.train.AdadeltaOptimizer(0.1), loss="mse", metrics=["acc"])
    loaded = _round_trip(model, tmp_path)
    assert getattr(loaded, "optimizer", None) is None
    assert "TensorFlow optimizers do not make it possible to access optimizer attributes" in caplog.text
    with h5py.File(str(tmp_path / "model.h5"), "r") as f:
        assert "training_config" not in f.attrs and "optimizer_weights" not in f


def test_compile_false_and_include_optimizer_false(tmp_path):
    model = K.Sequential([K.layers.Dense(2, input_shape=(3,))])
    model.compile(K.optimizers.SGD(0.1), loss="mse")
    model.train_on_batch(np.ones((2, 3), np.float32), np.ones((2, 2), np.float32))
    assert getattr(_round_trip(model, tmp_path, compile=False), "optimizer", None) is None
    path = str(tmp_path / "no_opt.h5")
    K.models.save_model(model, path, include_optimizer=False)
    with h5py.File(path, "r") as f:
        assert "training_config" not in f.attrs and "optimizer_weights" not in f


# --- clone_model (TF 1.15's keras/models_test.py) -----------------------------------------------------------

def test_clone_model_has_new_weights_and_same_config():
    model = K.Sequential([K.layers.Dense(4, input_shape=(3,)), K.layers.BatchNormalization(), K.layers.Dense(2)])
    clone = K.models.clone_model(model)
    assert clone.get_config() == model.get_config()
    assert all(a is not b for a, b in zip(clone.weights, model.weights))
    assert not all(np.array_equal(a, b) for a, b in zip(clone.get_weights(), model.get_weights()))


def test_lambda_layers_save_tf_fields_and_refuse_bytecode_on_load(tmp_path):
    def double(x):
        return x * 2

    a = K.Input((3,))
    model = K.Model(a, K.layers.Lambda(double, arguments={})(a))
    config = model.get_config()["layers"][1]["config"]
    assert config["function_type"] == "lambda" and config["output_shape_type"] == "raw"
    assert config["module"] == __name__ and config["arguments"] == {}
    path = str(tmp_path / "lambda.h5")
    model.save(path)
    with pytest.raises(ValueError, match="holds its function as Python bytecode; tfcompat never runs code"):
        K.models.load_model(path)
    rebuilt = K.Model(a, K.layers.Lambda(double)(a))
    rebuilt.load_weights(path)  # the documented way back
    named = {**config, "function": "my_function", "function_type": "function"}
    assert K.layers.Lambda.from_config(named, custom_objects={"my_function": np.abs}).function is np.abs
