"""Ported ModelCheckpoint behaviours of TF 1.15's tensorflow/python/keras/callbacks_test.py (eager mode):
whole-model saving (the default, ``save_weights_only=False``), ``save_best_only``, ``period``, ``save_freq``
and ``load_weights_on_restart``.  TF's 2-second sleeps between fits (for file systems whose modification
times have a one-second granularity) are left out: here the times are set with ``os.utime`` where it
matters.  The other callbacks' tests are not ported here."""

import os

import numpy as np
import pytest

import tfcompat as tf

keras = tf.keras
pytest.importorskip("h5py")


@pytest.fixture(autouse=True)
def fresh_session():
    keras.backend.clear_session()


def _data():
    rng = np.random.RandomState(1337)
    x_train, x_test = rng.random_sample((20, 3)).astype(np.float32), rng.random_sample((6, 3)).astype(np.float32)
    y_train = keras.utils.to_categorical(rng.randint(0, 2, 20), 2)
    y_test = keras.utils.to_categorical(rng.randint(0, 2, 6), 2)
    return x_train, y_train, x_test, y_test


def _small_mlp():
    model = keras.Sequential([keras.layers.Dense(5, activation="relu", input_dim=3),
                              keras.layers.Dense(2, activation="softmax")])
    model.compile(loss="categorical_crossentropy", optimizer="rmsprop", metrics=["acc"])
    return model


def test_KerasCallbacksTest_test_ModelCheckpoint(tmp_path):
    x_train, y_train, x_test, y_test = _data()
    model = _small_mlp()
    filepath = str(tmp_path / "checkpoint.h5")
    monitor = "val_loss"
    fit_kwargs = dict(batch_size=5, validation_data=(x_test, y_test), epochs=1, verbose=0)
    # cases 1-4: save_best_only with each mode; the default saves the whole model
    for save_best_only, mode, watched in ((False, "auto", monitor), (True, "min", monitor), (False, "min", monitor),
                                          (True, "max", "val_acc")):
        model.fit(x_train, y_train, callbacks=[keras.callbacks.ModelCheckpoint(
            filepath, monitor=watched, save_best_only=save_best_only, mode=mode)], **fit_kwargs)
        assert os.path.exists(filepath)
        os.remove(filepath)
    # a metric that is not available: no file
    model.fit(x_train, y_train, callbacks=[keras.callbacks.ModelCheckpoint(
        filepath, monitor="unknown", save_best_only=True)], **fit_kwargs)
    assert not os.path.exists(filepath)
    # case 5: period
    filepath = str(tmp_path / "checkpoint.{epoch:02d}.h5")
    model.fit(x_train, y_train, callbacks=[keras.callbacks.ModelCheckpoint(filepath, monitor=monitor, period=2)],
              **{**fit_kwargs, "epochs": 4})
    assert [os.path.exists(filepath.format(epoch=epoch)) for epoch in (1, 2, 3, 4)] == [False, True, False, True]
    # an unknown mode warns and is not an error
    keras.callbacks.ModelCheckpoint(filepath, monitor=monitor, mode="unknown")
    # case 7: an integer save_freq (samples), period ignored: 20 samples an epoch, a save every 30 samples
    filepath = str(tmp_path / "checkpoint.epoch{epoch:02d}.h5")
    model.fit(x_train, y_train, callbacks=[keras.callbacks.ModelCheckpoint(
        filepath, monitor=monitor, save_freq=30, period=100)], **{**fit_kwargs, "batch_size": 2, "epochs": 5})
    assert [os.path.exists(filepath.format(epoch=epoch)) for epoch in (1, 2, 3, 4, 5)] == \
        [False, True, True, False, True]
    # case 8: save_freq's valid and invalid values
    with pytest.raises(ValueError, match="Unrecognized save_freq"):
        keras.callbacks.ModelCheckpoint(filepath, save_freq="invalid_save_freq")
    keras.callbacks.ModelCheckpoint(filepath, save_freq="epoch")
    keras.callbacks.ModelCheckpoint(filepath, save_freq=3)


class _Bias(keras.layers.Layer):
    def build(self, input_shape):
        self.bias = self.add_variable("bias", (1,), initializer="zeros")

    def call(self, inputs):
        return inputs + self.bias


def _run_load_weights_on_restart_test_common_iterations(tmp_path):
    train_ds = tf.data.Dataset.from_tensor_slices(([[1.0]] * 16, [[0.0]] * 16)).batch(8, drop_remainder=True)
    model = keras.Sequential()
    model.add(_Bias(input_shape=(1,)))
    model.compile(loss="mae", optimizer=keras.optimizers.SGD(0.1), metrics=["mae"])
    filepath = str(tmp_path / "checkpoint.epoch{epoch:02d}.h5")
    initial_epochs = 3
    assert not os.path.exists(filepath)
    callback = keras.callbacks.ModelCheckpoint(filepath=filepath, save_weights_only=True)
    model.fit(train_ds, epochs=initial_epochs, callbacks=[callback], verbose=0)
    for epoch in range(initial_epochs):
        assert os.path.exists(filepath.format(epoch=epoch + 1))
        os.utime(filepath.format(epoch=epoch + 1), (1000 + epoch, 1000 + epoch))  # distinct, in epoch order
    assert not os.path.exists(filepath.format(epoch=initial_epochs + 1))
    assert callback._get_most_recently_modified_file_matching_pattern(filepath) == \
        filepath.format(epoch=initial_epochs)
    model.fit(train_ds, epochs=1, verbose=0)
    weights_after_one_more_epoch = model.get_weights()
    for epoch in range(initial_epochs):
        assert os.path.exists(filepath.format(epoch=epoch + 1))
    return model, train_ds, filepath, weights_after_one_more_epoch


def _load_weights_on_restart_true(tmp_path, save_weights_only):
    model, train_ds, filepath, weights_after_one_more_epoch = \
        _run_load_weights_on_restart_test_common_iterations(tmp_path)
    callback = keras.callbacks.ModelCheckpoint(filepath=filepath, save_weights_only=save_weights_only,
                                               load_weights_on_restart=True)
    model.fit(train_ds, epochs=1, callbacks=[callback], verbose=0)
    weights_after_model_restoring_and_one_more_epoch = model.get_weights()
    assert callback._get_most_recently_modified_file_matching_pattern(filepath) == filepath.format(epoch=1)
    model.fit(train_ds, epochs=1, verbose=0, callbacks=[keras.callbacks.ModelCheckpoint(
        filepath=filepath, save_weights_only=save_weights_only, load_weights_on_restart=True)])
    weights_with_one_final_extra_epoch = model.get_weights()
    # restored at the start of training: one epoch after the third equals one epoch after the restore
    np.testing.assert_allclose(weights_after_one_more_epoch, weights_after_model_restoring_and_one_more_epoch)
    assert not np.allclose(weights_after_one_more_epoch, weights_with_one_final_extra_epoch)


def _load_weights_on_restart_false(tmp_path, save_weights_only):
    model, train_ds, filepath, weights_after_one_more_epoch = \
        _run_load_weights_on_restart_test_common_iterations(tmp_path)
    model.fit(train_ds, epochs=1, verbose=0, callbacks=[keras.callbacks.ModelCheckpoint(
        filepath=filepath, save_weights_only=save_weights_only)])
    assert not np.allclose(weights_after_one_more_epoch, model.get_weights())


def test_KerasCallbacksTest_test_model_checkpoint_load_weights_on_restart_true_save_weights_only_true(tmp_path):
    _load_weights_on_restart_true(tmp_path, True)


def test_KerasCallbacksTest_test_model_checkpoint_load_weights_on_restart_true_save_weights_only_false(tmp_path):
    _load_weights_on_restart_true(tmp_path, False)


def test_KerasCallbacksTest_test_model_checkpoint_load_weights_on_restart_false_save_weights_only_true(tmp_path):
    _load_weights_on_restart_false(tmp_path, True)


def test_KerasCallbacksTest_test_model_checkpoint_load_weights_on_restart_false_save_weights_only_false(tmp_path):
    _load_weights_on_restart_false(tmp_path, False)


def test_KerasCallbacksTest_test_ModelCheckpoint_override_if_file_exist(tmp_path):
    model, train_ds, filepath, _ = _run_load_weights_on_restart_test_common_iterations(tmp_path)
    callback = keras.callbacks.ModelCheckpoint(filepath=filepath, save_weights_only=True)
    model.load_weights(callback._get_most_recently_modified_file_matching_pattern(filepath))
    weights_before_additional_fit = model.get_weights()
    model.fit(train_ds, epochs=1, callbacks=[callback], verbose=0)
    model.load_weights(callback._get_most_recently_modified_file_matching_pattern(filepath))
    assert not np.allclose(weights_before_additional_fit, model.get_weights())
