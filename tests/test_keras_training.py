"""Model.compile/fit/evaluate, tf.keras.callbacks and tf.keras.utils.Progbar: TF 1.15's printed lines
(timings masked), the callbacks' contract, inputs (arrays, tensors, datasets, generators), weights and
the batch methods.  The training trajectories themselves are checked against real TF by fit_goldens.json."""

import csv
import re

import numpy as np
import pytest

import tfcompat as tf


def _mse(y_true, y_pred):
    return tf.reduce_mean(tf.square(y_pred - y_true), axis=-1)


def _data(n=64):
    rng = np.random.RandomState(0)
    x = rng.uniform(-1.0, 1.0, (n, 4)).astype(np.float32)
    y = x.dot(np.array([[1.0], [-2.0], [0.5], [3.0]], np.float32)) + 0.25
    return x, y


def _model(units=1, optimizer=None, loss=_mse, metrics=None, activation=None):
    tf.keras.backend.clear_session()
    model = tf.keras.Sequential([tf.keras.layers.Dense(units, input_shape=(4,), activation=activation,
                                                       kernel_initializer="zeros")])
    model.compile(optimizer or tf.train.GradientDescentOptimizer(0.1), loss=loss, metrics=metrics or [])
    return model


def _masked(text):
    """The printed text with the dynamic display's backspaces resolved to lines and timings masked."""
    text = re.sub("\b+\r", "\n", text)
    text = re.sub(r"ETA: [0-9:]+s?", "ETA: {t}", text)
    return re.sub(r" - \d+s( \d+(us|ms|s)/(sample|step))?", " - {t}", text)


# --- Progbar ---------------------------------------------------------------------------------------

def test_progbar_verbose_1_lines(capsys):
    bar = tf.keras.utils.Progbar(100, interval=0.0)
    bar.update(32, [("loss", 1.0)])
    bar.update(100, [("loss", 0.5)])
    out = capsys.readouterr().out
    assert _masked(out).splitlines()[1:] == [
        " 32/100 [========>.....................] - ETA: {t} - loss: 1.0000",
        "100/100 [==============================] - {t} - loss: 0.6600"]  # (32 * 1.0 + 68 * 0.5) / 100


def test_progbar_stateful_metrics_are_shown_as_given(capsys):
    bar = tf.keras.utils.Progbar(10, interval=0.0, stateful_metrics=["acc"], unit_name="sample")
    bar.update(5, [("acc", 0.25)])
    bar.update(10, [("acc", 0.75)])
    assert _masked(capsys.readouterr().out).splitlines()[-1] == \
        "10/10 [==============================] - {t} - acc: 0.7500"


def test_progbar_small_values_use_exponent_and_verbose_2_prints_once(capsys):
    bar = tf.keras.utils.Progbar(4, verbose=2)
    bar.update(2, [("loss", 1e-5)])
    bar.update(4, [("loss", 1e-5)])
    assert _masked(capsys.readouterr().out) == "4/4 - {t} - loss: 1.0000e-05\n"


def test_progbar_unknown_target(capsys):
    bar = tf.keras.utils.Progbar(None, interval=0.0)
    bar.update(3)
    assert "      3/Unknown" in capsys.readouterr().out


# --- fit's printed lines ---------------------------------------------------------------------------

def test_fit_verbose_1_prints_tf1_lines(capsys):
    x, y = _data()
    _model().fit(x, y, epochs=2, batch_size=32, shuffle=False)
    lines = [line for line in _masked(capsys.readouterr().out).splitlines() if line]
    progress = r"32/64 \[==============>...............\] - ETA: \{t\} - loss: \d+\.\d{4}"
    lines = [line for line in lines if not re.fullmatch(progress, line)]  # shown at most every 0.05 s
    final = r"64/64 \[==============================\] - \{t\} - loss: \d+\.\d{4}"
    assert lines[:2] == ["Train on 64 samples", "Epoch 1/2"] and lines[3] == "Epoch 2/2" and len(lines) == 5
    assert re.fullmatch(final, lines[2]) and re.fullmatch(final, lines[4])


def test_fit_one_epoch_prints_no_epoch_line(capsys):
    x, y = _data()
    _model().fit(x, y, epochs=1, shuffle=False)
    lines = _masked(capsys.readouterr().out).splitlines()
    assert lines[0] == "Train on 64 samples"
    assert not any(line.startswith("Epoch") for line in lines)


def test_fit_verbose_2_prints_one_line_per_epoch_with_validation(capsys):
    x, y = _data()
    model = _model(metrics=[tf.keras.metrics.RootMeanSquaredError()])
    model.fit(x, y, epochs=2, batch_size=16, verbose=2, validation_split=0.25, shuffle=False)
    lines = _masked(capsys.readouterr().out).splitlines()
    assert lines[0] == "Train on 48 samples, validate on 16 samples"
    assert lines[1] == "Epoch 1/2"
    value = r"\d+\.\d{4}"
    assert re.fullmatch(rf"48/48 - \{{t\}} - loss: {value} - root_mean_squared_error: {value} - val_loss: {value} "
                        rf"- val_root_mean_squared_error: {value}", lines[2])
    assert lines[3] == "Epoch 2/2"
    assert len(lines) == 5


def test_fit_verbose_0_prints_nothing(capsys):
    x, y = _data()
    _model().fit(x, y, epochs=2, verbose=0)
    assert capsys.readouterr().out == ""


def test_fit_dataset_counts_steps(capsys):
    x, y = _data()
    dataset = tf.data.Dataset.from_tensor_slices((x, y)).batch(16)
    _model().fit(dataset, epochs=2)
    lines = [line for line in _masked(capsys.readouterr().out).splitlines() if line]
    assert lines[:2] == ["Train for None steps", "Epoch 1/2"]
    assert re.fullmatch(r"      4/Unknown - \{t\} - loss: \d+\.\d{4}", lines[-1])


def test_evaluate_verbose_1_prints_a_progbar(capsys):
    x, y = _data()
    model = _model()
    loss = model.evaluate(x, y, verbose=1)
    out = _masked(capsys.readouterr().out).splitlines()[-1]
    assert out == f"64/64 [==============================] - {{t}} - loss: {loss:.4f}"


# --- History and the loops' values -----------------------------------------------------------------

def test_history_loss_is_the_sample_weighted_mean_of_batch_losses():
    x, y = _data(40)
    model = _model()
    losses = []
    callback = tf.keras.callbacks.LambdaCallback(on_batch_end=lambda batch, logs: losses.append(
        (logs["loss"], logs["size"])))
    history = model.fit(x, y, epochs=1, batch_size=16, shuffle=False, verbose=0, callbacks=[callback])
    assert [size for _, size in losses] == [16, 16, 8]
    assert history.history["loss"][0] == pytest.approx(sum(v * s for v, s in losses) / 40)
    assert history.epoch == [0]
    assert model.history is history


def test_fit_matches_a_hand_written_tape_loop():
    x, y = _data(32)
    model = _model()
    model.fit(x, y, epochs=2, batch_size=8, shuffle=False, verbose=0)
    tf.keras.backend.clear_session()
    reference = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(4,), kernel_initializer="zeros")])
    optimizer = tf.train.GradientDescentOptimizer(0.1)
    for _ in range(2):
        for start in range(0, 32, 8):
            with tf.GradientTape() as tape:
                loss = tf.reduce_mean(_mse(tf.constant(y[start:start + 8]), reference(x[start:start + 8])))
            grads = tape.gradient(loss, reference.trainable_weights)
            optimizer.apply_gradients(zip(grads, reference.trainable_weights))
    for got, want in zip(model.get_weights(), reference.get_weights()):
        np.testing.assert_allclose(got, want, rtol=1e-6, atol=1e-7)


def test_train_on_batch_and_test_on_batch():
    x, y = _data(16)
    model = _model(metrics=[tf.keras.metrics.RootMeanSquaredError()])
    assert model.metrics_names == ["loss", "root_mean_squared_error"]
    loss, rmse = model.train_on_batch(x, y)
    assert rmse == pytest.approx(np.sqrt(loss), rel=1e-5)
    loss_after = model.test_on_batch(x, y)[0]
    assert loss_after < loss
    assert model.metrics[0].count.numpy() == 0  # reset_metrics=True


def test_sample_weight_and_class_weight_weight_the_loss():
    x, y = _data(8)
    model = _model()
    plain = model.test_on_batch(x, y)
    weighted = model.test_on_batch(x, y, sample_weight=np.full(8, 2.0, np.float32))
    assert weighted == pytest.approx(2 * plain, rel=1e-6)
    labels = np.array([[0], [1]] * 4, np.float32)
    zero_class = _model(activation="sigmoid")
    base = zero_class.test_on_batch(x, labels)
    data = zero_class._array_data(x, labels, None, {0: 1.0, 1: 3.0})
    np.testing.assert_allclose(data.weights.numpy(), [1.0, 3.0] * 4)
    assert base > 0


def test_generator_input_and_predict_generator():
    x, y = _data(32)
    model = _model()

    def batches():
        while True:
            for start in range(0, 32, 8):
                yield x[start:start + 8], y[start:start + 8]
    history = model.fit_generator(batches(), steps_per_epoch=4, epochs=2, verbose=0)
    assert len(history.history["loss"]) == 2
    predictions = model.predict_generator((x[i:i + 8] for i in range(0, 32, 8)), steps=4)
    np.testing.assert_allclose(predictions, model.predict(x), rtol=1e-6)
    assert model.evaluate_generator(batches(), steps=4) == pytest.approx(model.evaluate(x, y, verbose=0))


def test_predict_takes_a_dataset_and_a_generator_with_steps():
    """TF 1.15's Model.predict: a tf.data dataset (its elements' x; (x, y) pairs too) or a generator with
    ``steps`` gives the batches; both match predict on the arrays."""
    x, y = _data(32)
    model = _model(activation="tanh")
    model.fit(x, y, epochs=1, verbose=0)
    expected = model.predict(x)
    np.testing.assert_allclose(model.predict(tf.data.Dataset.from_tensor_slices(x).batch(8)), expected, rtol=1e-6)
    np.testing.assert_allclose(model.predict(tf.data.Dataset.from_tensor_slices((x, y)).batch(5)), expected,
                               rtol=1e-6)
    np.testing.assert_allclose(model.predict((x[i:i + 8] for i in range(0, 32, 8)), steps=4), expected, rtol=1e-6)
    assert model.predict((x[i:i + 8] for i in range(0, 32, 8)), steps=2).shape == (16, 1)


def test_predict_generator_needs_steps_and_streams_take_no_batch_size():
    x, _ = _data(8)
    model = _model()
    with pytest.raises(ValueError, match="`steps=None` is only valid for a generator based on the "
                                         "`keras.utils.Sequence` class"):
        model.predict(iter([x]))
    with pytest.raises(ValueError, match="The `batch_size` argument must not be specified for the given input type"):
        model.predict(tf.data.Dataset.from_tensor_slices(x).batch(4), batch_size=4)


def test_evaluate_verbose_2_prints_the_final_line_only(capsys):
    """TF 1.15's v2 loop gives evaluate a ProgbarLogger with the verbose given: verbose=2 writes one line when
    the target is reached (no bar), as fit's verbose=2 epoch line."""
    x, y = _data()
    model = _model(metrics=["mae"])
    loss, mae = model.evaluate(x, y, batch_size=16, verbose=2)
    assert _masked(capsys.readouterr().out) == f"64/64 - {{t}} - loss: {loss:.4f} - mean_absolute_error: {mae:.4f}\n"


def test_generator_without_steps_raises():
    x, y = _data(8)
    with pytest.raises(ValueError, match="`steps_per_epoch=None` is only valid for a generator based on the "
                                         "`keras.utils.Sequence` class"):
        _model().fit_generator(iter([(x, y)]), verbose=0)


def test_not_compiled_raises():
    tf.keras.backend.clear_session()
    model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(4,))])
    with pytest.raises(RuntimeError, match="You must compile your model before training/testing."):
        model.fit(*_data(4), verbose=0)


def test_mismatched_sample_counts_raise():
    x, y = _data(8)
    with pytest.raises(ValueError, match="Input arrays should have the same number of samples as target arrays"):
        _model().fit(x, y[:4], verbose=0)


def test_validation_split_too_large_raises():
    x, y = _data(1)
    with pytest.raises(ValueError, match="which is not sufficient to split it"):
        _model().fit(x, y, validation_split=0.1, verbose=0)


# --- callbacks -------------------------------------------------------------------------------------

def test_early_stopping_stops_and_restores():
    x, y = _data()
    model = _model(optimizer=tf.train.GradientDescentOptimizer(1e-9))
    stopper = tf.keras.callbacks.EarlyStopping(monitor="loss", min_delta=1.0, patience=1, verbose=1)
    history = model.fit(x, y, epochs=10, verbose=0, callbacks=[stopper])
    assert len(history.history["loss"]) == 2
    assert stopper.stopped_epoch == 1


def test_early_stopping_missing_monitor_warns_and_continues():
    x, y = _data()
    history = _model().fit(x, y, epochs=2, verbose=0, callbacks=[tf.keras.callbacks.EarlyStopping()])
    assert len(history.history["loss"]) == 2


def test_terminate_on_nan(capsys):
    x, y = _data(32)
    y[3] = np.nan
    history = _model().fit(x, y, epochs=3, batch_size=8, verbose=0,
                           callbacks=[tf.keras.callbacks.TerminateOnNaN()], shuffle=False)
    assert "Batch 0: Invalid loss, terminating training" in capsys.readouterr().out
    assert len(history.history["loss"]) == 1


def test_csv_logger_writes_one_row_per_epoch(tmp_path):
    x, y = _data()
    path = tmp_path / "log.csv"
    _model().fit(x, y, epochs=3, verbose=0, callbacks=[tf.keras.callbacks.CSVLogger(str(path))])
    rows = list(csv.reader(path.open()))
    assert rows[0] == ["epoch", "loss"]
    assert [row[0] for row in rows[1:]] == ["0", "1", "2"]
    _model().fit(x, y, epochs=1, verbose=0, callbacks=[tf.keras.callbacks.CSVLogger(str(path), append=True)])
    assert len(list(csv.reader(path.open()))) == 5  # no second header


def test_lambda_callback_hooks_in_order():
    x, y = _data(16)
    events = []
    callback = tf.keras.callbacks.LambdaCallback(
        on_train_begin=lambda logs: events.append("train_begin"),
        on_epoch_begin=lambda epoch, logs: events.append(f"epoch_begin {epoch}"),
        on_batch_begin=lambda batch, logs: events.append(f"batch_begin {batch} {logs['size']}"),
        on_batch_end=lambda batch, logs: events.append(f"batch_end {batch}"),
        on_epoch_end=lambda epoch, logs: events.append(f"epoch_end {epoch} {sorted(logs)}"),
        on_train_end=lambda logs: events.append("train_end"))
    _model().fit(x, y, epochs=1, batch_size=8, verbose=0, callbacks=[callback], validation_data=(x, y))
    assert events == ["train_begin", "epoch_begin 0", "batch_begin 0 8", "batch_end 0", "batch_begin 1 8",
                      "batch_end 1", "epoch_end 0 ['loss', 'val_loss']", "train_end"]


def test_callback_params():
    x, y = _data(20)
    seen = {}

    class Recorder(tf.keras.callbacks.Callback):
        def on_train_begin(self, logs=None):
            seen.update(self.params)
            seen["model"] = self.model
    model = _model()
    model.fit(x, y, epochs=2, batch_size=8, verbose=0, callbacks=[Recorder()])
    assert seen == {"batch_size": 8, "epochs": 2, "steps": 3, "samples": 20, "verbose": 0,
                    "do_validation": False, "metrics": ["loss"], "model": model}


def test_learning_rate_scheduler_needs_an_lr_attribute():
    x, y = _data(8)
    scheduler = tf.keras.callbacks.LearningRateScheduler(lambda epoch: 0.1)
    with pytest.raises(ValueError, match='Optimizer must have a "lr" attribute.'):
        _model().fit(x, y, verbose=0, callbacks=[scheduler])


def test_reduce_lr_on_plateau_refuses_factor_of_one():
    with pytest.raises(ValueError, match="ReduceLROnPlateau does not support a factor >= 1.0."):
        tf.keras.callbacks.ReduceLROnPlateau(factor=1.0)


def test_progbar_logger_bad_count_mode():
    with pytest.raises(ValueError, match="Unknown `count_mode`: rows"):
        tf.keras.callbacks.ProgbarLogger("rows")


def test_remote_monitor_is_declared_unsupported():
    with pytest.raises(AttributeError, match="tf.keras.callbacks.RemoteMonitor is not supported by tfcompat: "):
        tf.keras.callbacks.RemoteMonitor  # noqa: B018


# --- acceptance: a compile/fit/evaluate run prints TF 1.x's lines and reaches real TF's loss ------------

def test_compile_fit_evaluate_prints_tf1_lines_and_reaches_the_recorded_loss(capsys):
    """fit_goldens.json's fit_mse_gd run (recorded from TF), now with verbose=1: the epoch lines show the
    losses and metrics TF recorded, to the 4 decimals Keras prints."""
    import json
    from pathlib import Path
    golden = json.loads((Path(__file__).parent / "conformance/golden/fit_goldens.json").read_text())
    case = next(c for c in golden["cases"] if c["id"] == "fit_mse_gd")
    recorded = {item["items"][0]["value"]: item["items"][1]["values"] for item in case["outcome"]["items"][0]["items"]}
    namespace = {"tf": tf, "np": np}
    code = case["code"].replace("verbose=0", "verbose=1").splitlines()
    exec("\n".join(code[:-1]), namespace)  # the case without its last (reporting) line
    loss, mae = namespace["model"].evaluate(namespace["x"], namespace["y_reg"], verbose=2)
    lines = [line for line in _masked(capsys.readouterr().out).splitlines() if line]
    progress = r"(16|32|48)/64 \[[=>.]{30}\] - ETA: \{t\} - loss: \d+\.\d{4} - mean_absolute_error: \d+\.\d{4}"
    lines = [line for line in lines if not re.fullmatch(progress, line)]
    expected = ["Train on 64 samples"]
    for epoch in range(3):
        expected += [f"Epoch {epoch + 1}/3",
                     f"64/64 [==============================] - {{t}} - loss: {recorded['loss'][epoch]:.4f} - "
                     f"mean_absolute_error: {recorded['mean_absolute_error'][epoch]:.4f}"]
    expected.append(f"64/64 - {{t}} - loss: {loss:.4f} - mean_absolute_error: {mae:.4f}")  # evaluate, verbose=2
    assert lines == expected
    assert loss < recorded["loss"][-1]  # evaluated after the last update; the epoch loss averages during it


def test_an_output_mask_weights_the_compiled_loss_and_metrics():
    """TF 1.15's _prepare_total_loss: the output's Keras mask becomes the sample weight (times any given
    weights), and SUM_OVER_BATCH_SIZE still divides by every element.  Masked squared errors [1, -, -, 4]
    give 5 / 4; tf_keras 2.21 gives 2.5 because Keras 2.10's apply_valid_mask renormalises by the mask."""
    inputs = tf.keras.Input((2, 1))
    outputs = tf.keras.layers.Masking(mask_value=0)(inputs)
    outputs = tf.keras.layers.TimeDistributed(tf.keras.layers.Dense(1, kernel_initializer="ones"))(outputs)
    model = tf.keras.Model(inputs, outputs)
    model.compile(tf.train.GradientDescentOptimizer(0.01), "mse", metrics=["mae"])
    x = np.array([[[2.0], [0.0]], [[0.0], [3.0]]], np.float32)
    y = np.ones((2, 2, 1), np.float32)
    loss, mae = model.test_on_batch(x, y)
    assert loss == pytest.approx(1.25) and mae == pytest.approx(1.5)  # mae: (1 + 2) / 2 unmasked steps
    weighted = model.test_on_batch(x, y, sample_weight=np.array([1.0, 3.0], np.float32))
    assert weighted[0] == pytest.approx((1 + 3 * 4) / 4)
