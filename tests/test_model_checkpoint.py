"""tf.keras.callbacks.ModelCheckpoint during fit: name formats, save_best_only, period, save_freq, whole models."""

import os

import numpy as np
import pytest

import tfcompat as tf

X = np.linspace(-1, 1, 32, dtype=np.float32).reshape(16, 2)
Y = (X[:, :1] * 2.0 - X[:, 1:]).astype(np.float32)


def _model():
    model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(2,))])
    model.compile(optimizer=tf.train.GradientDescentOptimizer(0.1), loss="mse")
    return model


def test_epoch_and_log_fields_in_the_name(tmp_path):
    model = _model()
    pattern = str(tmp_path / "w.{epoch:02d}-{loss:.3f}")
    history = model.fit(X, Y, epochs=3, batch_size=8, verbose=0,
                        callbacks=[tf.keras.callbacks.ModelCheckpoint(pattern, save_weights_only=True)])
    names = sorted(name for name in os.listdir(tmp_path) if name.endswith(".safetensors"))
    expected = [f"w.{epoch:02d}-{loss:.3f}.safetensors" for epoch, loss in zip((1, 2, 3), history.history["loss"])]
    assert names == expected
    fresh = _model()
    fresh.load_weights(str(tmp_path / expected[-1][:-len(".safetensors")]))
    for mine, theirs in zip(model.weights, fresh.weights):
        assert mine.numpy().tobytes() == theirs.numpy().tobytes()


def test_save_best_only_and_hdf5(tmp_path, capsys):
    model = _model()
    path = str(tmp_path / "best.h5")
    callback = tf.keras.callbacks.ModelCheckpoint(path, monitor="loss", save_best_only=True, save_weights_only=True,
                                                  verbose=1)
    model.fit(X, Y, epochs=2, batch_size=16, verbose=0, callbacks=[callback])
    printed = capsys.readouterr().out
    assert "Epoch 00001: loss improved from inf to" in printed and "saving model to " + path in printed
    assert os.path.exists(path) and callback.best < np.inf
    callback.best = -1.0  # nothing beats it now
    model.fit(X, Y, epochs=1, batch_size=16, verbose=0, callbacks=[callback])
    assert "loss did not improve from -1.00000" in capsys.readouterr().out


def test_period_and_save_freq(tmp_path):
    model = _model()
    model.fit(X, Y, epochs=4, batch_size=8, verbose=0, callbacks=[
        tf.keras.callbacks.ModelCheckpoint(str(tmp_path / "p{epoch}"), save_weights_only=True, period=2)])
    assert sorted(n for n in os.listdir(tmp_path) if n.endswith(".safetensors")) == ["p2.safetensors",
                                                                                        "p4.safetensors"]
    batches = tmp_path / "batches"
    model.fit(X, Y, epochs=1, batch_size=4, verbose=0, callbacks=[
        tf.keras.callbacks.ModelCheckpoint(str(batches / "b{epoch}"), save_weights_only=True, save_freq=8)])
    assert os.path.exists(str(batches / "b1.safetensors"))


def test_whole_model_by_default_and_weights_for_subclassed_models(tmp_path):
    model = _model()
    model.compile(optimizer=tf.keras.optimizers.Adam(0.01), loss="mse")
    path = str(tmp_path / "model.{epoch}.h5")
    model.fit(X, Y, epochs=2, batch_size=8, verbose=0, callbacks=[tf.keras.callbacks.ModelCheckpoint(path)])
    loaded = tf.keras.models.load_model(path.format(epoch=2))
    np.testing.assert_allclose(loaded.predict(X), model.predict(X))
    assert int(loaded.optimizer.iterations.numpy()) == 4

    class Subclassed(tf.keras.Model):
        def __init__(self):
            super().__init__()
            self.dense = tf.keras.layers.Dense(1)

        def call(self, inputs):
            return self.dense(inputs)

    sub = Subclassed()
    sub.compile(optimizer=tf.train.GradientDescentOptimizer(0.1), loss="mse")
    callback = tf.keras.callbacks.ModelCheckpoint(str(tmp_path / "sub"))
    sub.fit(X, Y, epochs=1, batch_size=8, verbose=0, callbacks=[callback])
    assert callback.save_weights_only and os.path.exists(str(tmp_path / "sub.safetensors"))


def test_bad_arguments():
    with pytest.raises(ValueError, match="Unrecognized save_freq"):
        tf.keras.callbacks.ModelCheckpoint("x", save_weights_only=True, save_freq="batch")
    assert tf.keras.callbacks.ModelCheckpoint("x", monitor="val_acc", save_weights_only=True).monitor_op is np.greater
