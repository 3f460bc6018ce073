"""Record golden values for Model.compile/fit/evaluate (issue 10, part 6) from REAL TensorFlow's v1 Keras.

Run by hand in the throwaway TensorFlow virtualenv with tf-keras (never a dependency of tfcompat,
never run in CI), from the repository root:

    PYTHONHASHSEED=0 /tmp/tforacle/bin/python tests/conformance/golden/record_fit_goldens.py

It writes tests/conformance/golden/fit_goldens.json next to this file.  Case ids start with ``fit_``.
Setup and format: record_keras_goldens.py's (tf_keras's v1 Keras, eager, ``clear_session()`` first),
whose case runner this recorder reuses.  Each case trains a small model with fixed initial weights on
fixed data, unshuffled (``shuffle=False``) and silently (``verbose=0``), and records the History's
values (loss and metrics per epoch, ``val_`` ones with validation data), ``evaluate`` and the
trained weights, so the training trajectory is compared step for step.  TF 1.15 named metrics given as
strings by TF 1.x's rule (``acc``, ``mean_absolute_error``); tf_keras keeps the string, so the recorder
renames them in the recorded names.  The progress lines are
checked against TF 1.15's format in tests/test_keras_training.py (tf_keras prints TF 2.x's).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import record_keras_goldens as keras_recorder  # noqa: E402  (sets TF_USE_LEGACY_KERAS=1 and TF 1.x eager)

core = keras_recorder.core
OUT = os.path.join(core.HERE, "fit_goldens.json")
CASES = []
CLEAR = "tf.keras.backend.clear_session()\n"

DATA = """
rng = np.random.RandomState(0)
x = rng.uniform(-1.0, 1.0, (64, 4)).astype(np.float32)
w_true = np.array([[1.0], [-2.0], [0.5], [3.0]], np.float32)
y_reg = x.dot(w_true) + 0.25
y_bin = (y_reg > 0.0).astype(np.float32)
y_cls = (np.digitize(y_reg[:, 0], [-1.5, 0.0, 1.5])).astype(np.int64)
y_hot = np.eye(4, dtype=np.float32)[y_cls]
sw = np.linspace(0.5, 1.5, 64).astype(np.float32)
"""
K4 = "tf.constant_initializer(np.linspace(-0.5, 0.5, 4 * {units}).reshape(4, {units}))"


def case(cid, code):
    CASES.append({"id": "fit_" + cid, "code": CLEAR + DATA.strip("\n") + "\n" + code.strip("\n")})


def dense(units, activation=None):
    act = f", activation='{activation}'" if activation else ""
    return (f"tf.keras.layers.Dense({units}, input_shape=(4,), kernel_initializer={K4.format(units=units)}, "
            f"bias_initializer='zeros'{act})")


# TF 1.15 named a metric given as a string by TF 1.x's rule ('accuracy' is `acc`, 'mae' is its function's name,
# `mean_absolute_error`, prefixed `val_` or with the output's name); tf_keras keeps the string: the recorded names
# are TF 1.15's.
TF1_NAMES = ("(lambda n: __import__('re').sub(r'(^|_)(accuracy|mae|mse)$', lambda m: m.group(1) + "
             "{'accuracy': 'acc', 'mae': 'mean_absolute_error', 'mse': 'mean_squared_error'}[m.group(2)], n))")
# Losses and metrics are float32 quantities averaged on the host (TF 1.15 under NumPy 1.x in float64, tf_keras under
# NumPy 2 in float32): they are recorded as float32 arrays, compared with float32's tolerance.
HISTORY = (f"(sorted(({TF1_NAMES}(k), np.float32(vs)) for k, vs in h.history.items()), "
           f"[{TF1_NAMES}(n) for n in model.metrics_names], [w for w in model.get_weights()])")
GD = "tf.train.GradientDescentOptimizer(0.1)"

for cid, layer, optimizer, loss, metrics, target, fit_args in [
    ("mse_gd", dense(1), GD, "'mse'", "['mae']", "y_reg", "epochs=3, batch_size=16"),
    ("mse_gd_default_batch", dense(1), GD, "'mean_squared_error'", "[]", "y_reg", "epochs=2"),
    ("mse_keras_sgd", dense(1), "tf.keras.optimizers.SGD(0.05, momentum=0.9)", "'mse'", "['mae']", "y_reg",
     "epochs=3, batch_size=10"),
    ("mse_adam_str", dense(1), "'adam'", "'mse'", "[]", "y_reg", "epochs=2, batch_size=8"),
    ("binary_acc", dense(1, "sigmoid"), GD, "'binary_crossentropy'", "['accuracy']", "y_bin",
     "epochs=3, batch_size=16"),
    ("categorical_acc", dense(4, "softmax"), "tf.train.AdamOptimizer(0.05)", "'categorical_crossentropy'",
     "['accuracy']", "y_hot", "epochs=3, batch_size=16"),
    ("sparse_acc", dense(4, "softmax"), "tf.train.AdamOptimizer(0.05)", "'sparse_categorical_crossentropy'",
     "['accuracy']", "y_cls", "epochs=3, batch_size=16"),
    ("sparse_acc_obj", dense(4), GD, "tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)",
     "[tf.keras.metrics.SparseCategoricalAccuracy()]", "y_cls", "epochs=2, batch_size=32"),
    ("validation_split", dense(1), GD, "'mse'", "['mae']", "y_reg", "epochs=2, batch_size=16, validation_split=0.25"),
    ("validation_data", dense(1), GD, "'mse'", "[]", "y_reg",
     "epochs=2, batch_size=16, validation_data=(x[:16], y_reg[:16])"),
    ("sample_weight", dense(1), GD, "'mse'", "[]", "y_reg", "epochs=2, batch_size=16, sample_weight=sw"),
    ("class_weight", dense(1, "sigmoid"), GD, "'binary_crossentropy'", "['accuracy']", "y_bin",
     "epochs=2, batch_size=16, class_weight={0: 1.0, 1: 3.0}"),
    ("initial_epoch", dense(1), GD, "'mse'", "[]", "y_reg", "epochs=3, batch_size=32, initial_epoch=1"),
    ("rmsprop_str", dense(1), "'rmsprop'", "'mae'", "['mse']", "y_reg", "epochs=2, batch_size=16"),
]:
    case(cid, f"""
model = tf.keras.Sequential([{layer}])
model.compile({optimizer}, loss={loss}, metrics={metrics})
h = model.fit(x, {target}, {fit_args}, shuffle=False, verbose=0)
{HISTORY}""")

case("evaluate", f"""
model = tf.keras.Sequential([{dense(1)}])
model.compile({GD}, loss='mse', metrics=['mae'])
model.fit(x, y_reg, epochs=2, batch_size=16, shuffle=False, verbose=0)
(np.float32(model.evaluate(x, y_reg, batch_size=20, verbose=0)),
 np.float32(model.evaluate(x, y_reg, verbose=0, sample_weight=sw)))""")
case("evaluate_loss_only", f"""
model = tf.keras.Sequential([{dense(1)}])
model.compile({GD}, loss='mse')
np.float32(model.evaluate(x, y_reg, verbose=0))""")
case("train_on_batch", f"""
model = tf.keras.Sequential([{dense(1)}])
model.compile({GD}, loss='mse', metrics=['mae'])
(np.float32(model.train_on_batch(x[:16], y_reg[:16])), np.float32(model.train_on_batch(x[16:32], y_reg[16:32])),
 np.float32(model.test_on_batch(x[:16], y_reg[:16])), model.get_weights())""")
case("dataset", f"""
model = tf.keras.Sequential([{dense(1)}])
model.compile({GD}, loss='mse', metrics=['mae'])
ds = tf.data.Dataset.from_tensor_slices((x, y_reg)).batch(16)
h = model.fit(ds, epochs=2, verbose=0)
{HISTORY}""")
case("dataset_steps", f"""
model = tf.keras.Sequential([{dense(1)}])
model.compile({GD}, loss='mse')
ds = tf.data.Dataset.from_tensor_slices((x, y_reg)).batch(16).repeat()
h = model.fit(ds, epochs=2, steps_per_epoch=3, verbose=0)
{HISTORY}""")
case("generator", f"""
model = tf.keras.Sequential([{dense(1)}])
model.compile({GD}, loss='mse')
def batches():
    while True:
        for i in range(0, 64, 16):
            yield x[i:i + 16], y_reg[i:i + 16]
h = model.fit_generator(batches(), steps_per_epoch=4, epochs=2, verbose=0)
{HISTORY}""")
case("functional_two_outputs", f"""
inputs = tf.keras.Input(shape=(4,))
a = tf.keras.layers.Dense(1, kernel_initializer={K4.format(units=1)}, name='a')(inputs)
b = tf.keras.layers.Dense(1, kernel_initializer={K4.format(units=1)}, name='b')(inputs)
model = tf.keras.Model(inputs, [a, b])
model.compile({GD}, loss=['mse', 'mae'], loss_weights=[1.0, 0.5], metrics=['mae'])
h = model.fit(x, [y_reg, y_reg * 0.5], epochs=2, batch_size=16, shuffle=False, verbose=0)
{HISTORY}""")
case("regularized", """
model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(4,), kernel_initializer='ones',
                                                   kernel_regularizer=tf.keras.regularizers.l2(0.1))])
model.compile(tf.train.GradientDescentOptimizer(0.1), loss='mse')
h = model.fit(x, y_reg, epochs=2, batch_size=16, shuffle=False, verbose=0)
(sorted((k, np.float32(vs)) for k, vs in h.history.items()), model.get_weights())""")
case("not_compiled", f"""
model = tf.keras.Sequential([{dense(1)}])
model.fit(x, y_reg, verbose=0)""")


def main():
    core.write_goldens(OUT, CASES, keras_recorder.run_case, r"fit_[a-z0-9_]+",
                       "tensorflow.compat.v1 with TF_USE_LEGACY_KERAS=1 (tf_keras v1 Keras); "
                       "disable_v2_behavior(); enable_eager_execution(); disable_tensor_equality()",
                       "record_fit_goldens.py")


if __name__ == "__main__":
    main()
