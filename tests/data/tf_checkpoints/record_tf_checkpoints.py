"""Records the TF checkpoints tests/test_tf_checkpoints.py reads, with real TensorFlow, by hand, outside CI:

    TF_USE_LEGACY_KERAS=1 /path/to/tf-venv/bin/python tests/data/tf_checkpoints/record_tf_checkpoints.py

(tensorflow 2.x + tf_keras, tf.compat.v1 under eager, as TF 1.x eager programs wrote them.)  Writes, next
to this script, TF's V2 checkpoint files (``.index`` + ``.data-00000-of-00001``), a Keras ``.h5`` weights
file and ``expected.json``:
every saved tensor's dtype, shape and values, and the loss and weights of one more training step.
"""

import json
import os
import shutil

os.environ.setdefault("TF_USE_LEGACY_KERAS", "1")

import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

v1 = tf.compat.v1
HERE = os.path.dirname(os.path.abspath(__file__))
X = np.array([[0.5, -1.0], [2.0, 0.25], [-0.75, 1.5], [1.0, 1.0]], np.float32)
Y = np.array([[1.0], [-1.0], [0.5], [2.0]], np.float32)


def keras_model():
    tf.keras.backend.clear_session()
    v1.set_random_seed(1)
    return tf.keras.Sequential([tf.keras.layers.Dense(3, activation="relu", input_shape=(2,)),
                                tf.keras.layers.BatchNormalization(),
                                tf.keras.layers.Dense(1)])


def train_step(model, optimizer, step):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(X, training=True) - Y))
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables), global_step=step)
    return float(loss.numpy())


def weight_key(layer_index, weight):
    """``<layer index>/<weight name>`` (``2/kernel``): how the test finds a weight in its own model."""
    return f"{layer_index}/{weight.name.split('/')[-1].split(':')[0]}"


def described(prefix):
    reader = tf.train.load_checkpoint(prefix)
    tensors = {}
    for name, dtype in sorted(reader.get_variable_to_dtype_map().items()):
        if name == "_CHECKPOINTABLE_OBJECT_GRAPH":
            continue
        value = reader.get_tensor(name)
        tensors[name] = {"dtype": dtype.name, "shape": list(np.shape(value)),
                         "values": np.asarray(value).reshape(-1).tolist()}
    return tensors


def main():
    out = os.path.join(HERE, "out")
    shutil.rmtree(out, ignore_errors=True)
    expected = {}

    # 1. object-based: a Keras model, Adam (slots, beta powers), the global step
    model, optimizer = keras_model(), v1.train.AdamOptimizer(0.05)
    step = v1.train.get_or_create_global_step()
    for _ in range(2):
        train_step(model, optimizer, step)
    checkpoint = v1.train.Checkpoint(model=model, optimizer=optimizer, step=step)
    prefix = checkpoint.save(os.path.join(out, "object", "ckpt"))
    next_loss = train_step(model, optimizer, step)
    expected["object"] = {"prefix": os.path.relpath(prefix, HERE), "tensors": described(prefix),
                          "next_loss": next_loss,
                          "next_weights": {weight_key(index, w): w.numpy().reshape(-1).tolist()
                                           for index, layer in enumerate(model.layers) for w in layer.weights}}

    # 2. Keras save_weights (TF format): the model is the root
    model = keras_model()
    train_step(model, v1.train.GradientDescentOptimizer(0.1), None)
    weights_prefix = os.path.join(out, "weights", "model_weights")
    model.save_weights(weights_prefix)
    model.save_weights(os.path.join(out, "weights", "model_weights.h5"))  # Keras's HDF5 layout, same values
    expected["weights"] = {"prefix": os.path.relpath(weights_prefix, HERE), "tensors": described(weights_prefix)}

    # 3. name-based: tf.train.Saver over variables of several dtypes
    variables = [tf.Variable(np.arange(6, dtype=np.float32).reshape(2, 3) / 7, name="dense/kernel"),
                 tf.Variable(np.array([1.5, -2.5], np.float64), name="scalars/doubles"),
                 tf.Variable(np.array([3, -4, 5], np.int32), name="counts"),
                 tf.Variable(np.int64(2 ** 40), name="global_step"),
                 tf.Variable(np.array([True, False]), name="flags"),
                 tf.Variable(np.array([1.0, 2.0], np.float16), name="halves")]
    saver = v1.train.Saver(var_list=variables)
    os.makedirs(os.path.join(out, "names"))
    saver_prefix = saver.save(None, os.path.join(out, "names", "model.ckpt"), global_step=7)
    expected["names"] = {"prefix": os.path.relpath(saver_prefix, HERE), "tensors": described(saver_prefix)}

    # 4. many variables: an index of several table blocks (TF's blocks hold about 4 KiB)
    many = [tf.Variable(np.float32(i) / 8, name=f"block_test/layer_{i:03d}/weights") for i in range(300)]
    os.makedirs(os.path.join(out, "many"))
    many_prefix = v1.train.Saver(var_list=many).save(None, os.path.join(out, "many", "many.ckpt"))
    expected["many"] = {"prefix": os.path.relpath(many_prefix, HERE), "tensors": described(many_prefix)}

    for name in os.listdir(out):  # the state files name absolute paths of this machine: not kept
        state = os.path.join(out, name, "checkpoint")
        if os.path.exists(state):
            os.remove(state)
    with open(os.path.join(HERE, "expected.json"), "w") as stream:
        json.dump(expected, stream, indent=1, sort_keys=True)
        stream.write("\n")


if __name__ == "__main__":
    main()
