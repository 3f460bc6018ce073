"""Record whole-model Keras HDF5 files from REAL TensorFlow's Keras (TF 1.x Keras: tf_keras's v1 API).

Run by hand from the repository root, never in CI (TensorFlow is never a dependency of tfcompat):

    python tests/conformance/golden/record_keras_h5_files.py --tfcompat     # tfcompat's venv: writes
        keras_h5/from_tfcompat/*.h5, models saved by tfcompat's Model.save
    TF_USE_LEGACY_KERAS=1 /work/tforacle/bin/python tests/conformance/golden/record_keras_h5_files.py

The second (oracle) run builds the ``MODELS`` below with ``tf.compat.v1.keras`` in eager mode, compiles each
with Adam (or leaves it uncompiled), trains it for two steps on fixed data, saves it with ``model.save``
into ``keras_h5/<name>.h5`` and writes ``keras_h5/manifest.json``: per model its fixed inputs, targets,
``predict`` outputs, then the loss of one more ``train_on_batch`` step and the outputs after it.  It also
loads each tfcompat-written file with ``tf.keras.models.load_model`` and records its outputs (and what
happened, should loading fail) under ``from_tfcompat``.  tests/test_keras_saving.py loads the oracle's files
with tfcompat and checks the outputs, the next step's loss and outputs, and the files' layout.
"""
import json
import os
import sys

import numpy as np

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("TF_USE_LEGACY_KERAS", "1")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "keras_h5")
FROM_TFCOMPAT = os.path.join(OUT, "from_tfcompat")


def build(keras, name):
    """The model ``name`` built with the Keras module ``keras`` (tf.keras of the oracle or of tfcompat)."""
    layers = keras.layers
    if name == "sequential_dense_bn":
        return keras.Sequential([layers.Dense(8, activation="relu", input_shape=(4,)), layers.BatchNormalization(),
                                 layers.Dense(3)])
    if name == "sequential_conv":
        return keras.Sequential([layers.Conv2D(4, 3, activation="relu", input_shape=(6, 6, 2)),
                                 layers.MaxPooling2D(), layers.Flatten(), layers.Dense(2)])
    if name == "sequential_lstm":
        return keras.Sequential([layers.LSTM(5, input_shape=(4, 3)), layers.Dense(1)])
    if name in ("functional_concat", "functional_uncompiled"):
        a = keras.Input(shape=(3,), name="a")
        b = keras.Input(shape=(2,), name="b")
        hidden = layers.Dense(4, activation="tanh", name="hidden")(a)
        merged = layers.Concatenate(name="merged")([hidden, b])
        return keras.Model([a, b], layers.Dense(2, name="out")(merged), name="two_inputs")
    raise ValueError(name)


# name -> (input shapes without the batch, output size, compile arguments or None)
MODELS = {
    "sequential_dense_bn": ([(4,)], 3, {"loss": "mse", "metrics": ["mae"]}),
    "sequential_conv": ([(6, 6, 2)], 2, {"loss": "mse"}),
    "sequential_lstm": ([(4, 3)], 1, {"loss": "mse"}),
    "functional_concat": ([(3,), (2,)], 2, {"loss": "mse"}),
    "functional_uncompiled": ([(3,), (2,)], 2, None),
}
BATCH = 6


def data(name):
    shapes, units, _ = MODELS[name]
    rng = np.random.RandomState(sorted(MODELS).index(name))
    inputs = [rng.uniform(-1, 1, (BATCH,) + shape).astype("float32") for shape in shapes]
    targets = rng.uniform(-1, 1, (BATCH, units)).astype("float32")
    return inputs, targets


def _feed(inputs):
    return inputs[0] if len(inputs) == 1 else inputs


def _train(keras, model, compile_args, inputs, targets, steps):
    model.compile(optimizer=keras.optimizers.Adam(0.01), **compile_args)
    return [float(np.ravel(model.train_on_batch(_feed(inputs), targets))[0]) for _ in range(steps)]


def write_tfcompat_files():
    """The tfcompat side: the same models saved by tfcompat's Model.save (after two Adam steps)."""
    import tfcompat as tf  # noqa: PLC0415
    os.makedirs(FROM_TFCOMPAT, exist_ok=True)
    for name, (_, _, compile_args) in MODELS.items():
        tf.keras.backend.clear_session()
        model = build(tf.keras, name)
        inputs, targets = data(name)
        if compile_args is not None:
            _train(tf.keras, model, compile_args, inputs, targets, 2)
        model.save(os.path.join(FROM_TFCOMPAT, name + ".h5"))


def main():
    import tensorflow.compat.v1 as tf  # noqa: PLC0415 - the oracle only
    tf.disable_v2_behavior()
    tf.enable_eager_execution()
    keras = tf.keras
    os.makedirs(OUT, exist_ok=True)
    import tf_keras  # noqa: PLC0415
    manifest = {"tensorflow": tf.__version__, "keras": tf_keras.__version__, "models": {}, "from_tfcompat": {}}
    for name, (_, _, compile_args) in MODELS.items():
        keras.backend.clear_session()
        model = build(keras, name)
        inputs, targets = data(name)
        record = {"inputs": [x.tolist() for x in inputs], "targets": targets.tolist()}
        if compile_args is not None:
            record["train_losses"] = _train(keras, model, compile_args, inputs, targets, 2)
        model.save(os.path.join(OUT, name + ".h5"))
        record["predictions"] = np.asarray(model.predict(_feed(inputs))).tolist()
        if compile_args is not None:
            record["next_loss"] = float(np.ravel(model.train_on_batch(_feed(inputs), targets))[0])
            record["next_predictions"] = np.asarray(model.predict(_feed(inputs))).tolist()
        manifest["models"][name] = record
    for name in MODELS:
        path = os.path.join(FROM_TFCOMPAT, name + ".h5")
        if not os.path.exists(path):
            continue
        keras.backend.clear_session()
        inputs, targets = data(name)
        try:
            model = keras.models.load_model(path)
            loaded = {"predictions": np.asarray(model.predict(_feed(inputs))).tolist(),
                      "compiled": getattr(model, "optimizer", None) is not None}
            if loaded["compiled"]:
                loaded["next_loss"] = float(np.ravel(model.train_on_batch(_feed(inputs), targets))[0])
                loaded["next_predictions"] = np.asarray(model.predict(_feed(inputs))).tolist()
        except Exception as error:  # noqa: BLE001 - recorded as data
            loaded = {"error": f"{type(error).__name__}: {error}"}
        manifest["from_tfcompat"][name] = loaded
    with open(os.path.join(OUT, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=1, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    if "--tfcompat" in sys.argv:
        write_tfcompat_files()
    else:
        main()
