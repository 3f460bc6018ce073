"""The benchmark workloads: each one TF 1.x eager user code next to idiomatic raw torch.

A workload is one ``Workload`` entry in ``WORKLOADS``.  Its two versions share
the same input data (NumPy arrays made by ``data(size)``) and each is a
*prepare* function ``prepare(data, size, device) -> run``: everything before
``run`` is setup (not timed); ``run()`` is the timed work and returns the
final result (a tfcompat Tensor / torch tensor, or a tuple of them), which
``run.py`` and the smoke test compare between the two versions.

The tfcompat versions are written exactly as a TF 1.x eager program would be
(``import tfcompat as tf``), with no knowledge of torch.  ``run.py`` calls a
tfcompat prepare function and its ``run`` inside ``with tf.device(...)`` only
when the device asked for is not tfcompat's default one, as a TF user would.
Each ``run`` ends by reading a value back (``.numpy()`` / ``.item()``) so no
work can be skipped or left queued.

Adding a workload is one entry at the bottom of this file: a ``data``
function, a tfcompat prepare function, a torch prepare function, and a
``Workload(...)`` with its target, also listed in the README's "Benchmarks" table.
"""

import dataclasses
import hashlib
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable, Optional

import numpy as np
import torch

import tfcompat as tf

ROOT = Path(__file__).resolve().parent.parent


@dataclasses.dataclass(frozen=True)
class Workload:
    """One benchmark: a tfcompat version and a raw torch version of the same work.

    ``kind`` is ``"ratio"`` (target: tfcompat median / torch median <= target)
    or ``"delta"`` (target: tfcompat median - torch median <= target seconds).
    ``sizes`` maps ``"full"`` and ``"smoke"`` to the size argument given to
    ``data`` and to both prepare functions.  ``on_device`` workloads run once
    per device (CPU, and CUDA when present); the others run once, on the host.
    """

    name: str
    description: str
    target: float
    sizes: dict
    data: Callable
    tf: Callable
    torch: Callable
    kind: str = "ratio"
    on_device: bool = True
    warmup: int = 2
    rtol: float = 1e-5
    atol: float = 1e-6


WORKLOADS = {}


def register(workload):
    if workload.name in WORKLOADS:
        raise ValueError(f"duplicate workload {workload.name!r}")
    WORKLOADS[workload.name] = workload
    return workload


# --- 1. small_ops: many tiny elementwise ops (per-op Python overhead) -------------------------

def _small_ops_data(steps):
    return {"x": np.array([[1.0, 2.0], [3.0, 4.0]], dtype=np.float32)}


def small_ops_tf(data, steps, device):
    x0 = tf.constant(data["x"])

    def run():
        x = x0
        for _ in range(steps):
            x = x * 0.5 + 1.0
        x.numpy()
        return x
    return run


def small_ops_torch(data, steps, device):
    x0 = torch.from_numpy(data["x"]).to(device)

    def run():
        x = x0
        for _ in range(steps):
            x = x * 0.5 + 1.0
        x.cpu().numpy()
        return x
    return run


register(Workload(
    name="small_ops",
    description="x = x * 0.5 + 1.0 on a 2x2 float32 tensor, 20k times (40k ops)",
    target=1.5, sizes={"full": 20_000, "smoke": 50},
    data=_small_ops_data, tf=small_ops_tf, torch=small_ops_torch))


# --- 2. matmul_chain: large matmuls (the wrapper must vanish next to the kernel) ----------------

def _matmul_chain_data(size):
    n, _ = size
    rng = np.random.default_rng(0)
    # An orthogonal matrix keeps the chain's values at the same scale however long it is.
    w, _ = np.linalg.qr(rng.standard_normal((n, n)))
    return {"x": rng.standard_normal((n, n)).astype(np.float32), "w": w.astype(np.float32)}


def matmul_chain_tf(data, size, device):
    _, steps = size
    x0 = tf.constant(data["x"])
    w = tf.constant(data["w"])

    def run():
        x = x0
        for _ in range(steps):
            x = tf.matmul(x, w)
        x[0, 0].numpy()
        return x
    return run


def matmul_chain_torch(data, size, device):
    _, steps = size
    x0 = torch.from_numpy(data["x"]).to(device)
    w = torch.from_numpy(data["w"]).to(device)

    def run():
        x = x0
        for _ in range(steps):
            x = torch.matmul(x, w)
        x[0, 0].item()
        return x
    return run


register(Workload(
    name="matmul_chain",
    description="20 chained 1000x1000 float32 matmuls (orthogonal w)",
    target=1.05, sizes={"full": (1000, 20), "smoke": (16, 3)},
    data=_matmul_chain_data, tf=matmul_chain_tf, torch=matmul_chain_torch,
    rtol=1e-4, atol=1e-5))


# --- 3. import: `import tfcompat` over `import torch`, fresh interpreters ------------------------

def _import_data(size):
    return {}


def _import_prepare(module):
    # Bytecode caching on for both sides, as for any installed package: torch's site-packages
    # already hold its .pyc files; tfcompat's are written by the warm-up run.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}

    def prepare(data, size, device):
        def run():
            completed = subprocess.run([sys.executable, "-c", f"import {module}"], cwd=ROOT,
                                       env=env, capture_output=True, text=True)
            if completed.returncode != 0:
                raise RuntimeError(f"`import {module}` failed:\n{completed.stderr}")
            return completed.returncode
        return run
    return prepare


register(Workload(
    name="import",
    description="wall time of `python -c 'import tfcompat'` over `python -c 'import torch'`",
    target=0.3, sizes={"full": None, "smoke": None}, kind="delta", on_device=False, warmup=1,
    data=_import_data, tf=_import_prepare("tfcompat"), torch=_import_prepare("torch")))


# --- 4. linear_regression: the eager guide's tape training loop ------------------------------------

def _linear_regression_data(size):
    points, _ = size
    rng = np.random.default_rng(0)
    inputs = rng.standard_normal(points).astype(np.float32)
    noise = rng.standard_normal(points).astype(np.float32)
    return {"inputs": inputs, "outputs": inputs * 3 + 2 + noise}


def linear_regression_tf(data, size, device):
    """The seed guide's loop: tape.gradient, then W.assign_sub(dW * learning_rate)."""
    _, steps = size
    training_inputs = tf.constant(data["inputs"])
    training_outputs = tf.constant(data["outputs"])
    learning_rate = 0.01

    def loss(weights, biases):
        error = training_inputs * weights + biases - training_outputs
        return tf.reduce_mean(tf.square(error))

    def run():
        W = tf.Variable(5.)
        B = tf.Variable(10.)
        for _ in range(steps):
            with tf.GradientTape() as tape:
                loss_value = loss(W, B)
            dW, dB = tape.gradient(loss_value, [W, B])
            W.assign_sub(dW * learning_rate)
            B.assign_sub(dB * learning_rate)
        result = tf.stack([W, B])
        result.numpy()
        return result
    return run


def linear_regression_torch(data, size, device):
    _, steps = size
    inputs = torch.from_numpy(data["inputs"]).to(device)
    outputs = torch.from_numpy(data["outputs"]).to(device)
    learning_rate = 0.01

    def run():
        w = torch.tensor(5., device=device, requires_grad=True)
        b = torch.tensor(10., device=device, requires_grad=True)
        for _ in range(steps):
            loss = torch.mean(torch.square(inputs * w + b - outputs))
            dw, db = torch.autograd.grad(loss, [w, b])
            with torch.no_grad():
                w -= dw * learning_rate
                b -= db * learning_rate
        result = torch.stack([w, b]).detach()
        result.cpu().numpy()
        return result
    return run


register(Workload(
    name="linear_regression",
    description="seed guide linear regression: 1000 points, 200 GradientTape steps with assign_sub",
    target=1.3, sizes={"full": (1000, 200), "smoke": (50, 5)},
    data=_linear_regression_data, tf=linear_regression_tf, torch=linear_regression_torch,
    rtol=1e-5, atol=1e-5))


# --- 5. dataset_shuffle_batch: a tf.data input pipeline against torch's DataLoader ----------------

def _dataset_data(examples):
    rng = np.random.default_rng(0)
    return {"x": rng.random((examples, 28, 28), dtype=np.float32),
            "y": rng.integers(0, 10, examples).astype(np.int64)}


def dataset_shuffle_batch_tf(data, examples, device):
    dataset = tf.data.Dataset.from_tensor_slices((data["x"], data["y"])).shuffle(examples).batch(32)

    def run():
        seen, label_sum = 0, tf.constant(0, tf.int64)
        for x, y in dataset:
            seen += x.shape[0].value
            label_sum += tf.reduce_sum(y)
        return tf.stack([tf.constant(seen, tf.int64), label_sum])
    return run


def dataset_shuffle_batch_torch(data, examples, device):
    from torch.utils.data import DataLoader, TensorDataset
    loader = DataLoader(TensorDataset(torch.from_numpy(data["x"]), torch.from_numpy(data["y"])),
                        batch_size=32, shuffle=True)

    def run():
        seen, label_sum = 0, torch.zeros((), dtype=torch.int64, device=device)
        for x, y in loader:
            x, y = x.to(device), y.to(device)
            seen += x.shape[0]
            label_sum += y.sum()
        return torch.stack([torch.tensor(seen, device=device), label_sum])
    return run


register(Workload(
    name="dataset_shuffle_batch",
    description="from_tensor_slices((x, y)).shuffle(60000).batch(32) over 60k 28x28 float32 examples, "
                "against DataLoader(TensorDataset, batch_size=32, shuffle=True)",
    target=1.3, sizes={"full": 60_000, "smoke": 100},
    data=_dataset_data, tf=dataset_shuffle_batch_tf, torch=dataset_shuffle_batch_torch, rtol=0, atol=0))


# --- 6. mnist_mlp: the seed's two-Dense Keras model, forward + backward through GradientTape ----------

def _mnist_mlp_data(size):
    """The model's inputs, one-hot targets and initial kernels for ``size[0]`` examples (one batch, or fit's epoch)."""
    batch = size[0]
    rng = np.random.default_rng(0)
    return {"x": rng.uniform(0, 1, (batch, 784)).astype(np.float32),
            "y": np.eye(10, dtype=np.float32)[rng.integers(0, 10, batch)],
            "w1": (rng.standard_normal((784, 10)) * 0.05).astype(np.float32),
            "w2": (rng.standard_normal((10, 10)) * 0.1).astype(np.float32)}


def _tf_sgd_steps(model, initial, x, y, steps, learning_rate=0.01):
    """The tfcompat side of the Keras training workloads, written as TF 1.x eager code: ``run()`` sets the
    weights to ``initial``, takes ``steps`` GradientTape steps of mean squared error with ``assign_sub``, and
    returns the model's output."""
    def run():
        model.set_weights(initial)
        for _ in range(steps):
            with tf.GradientTape() as tape:
                loss = tf.reduce_mean(tf.square(model(x) - y))
            grads = tape.gradient(loss, model.variables)
            for variable, grad in zip(model.variables, grads):
                variable.assign_sub(learning_rate * grad)
        result = model(x)
        result.numpy()
        return result
    return run


def _mnist_mlp_tf_model(data):
    """Inputs, targets, the seed's Sequential([Dense(10, input_shape=(784,)), Dense(10)]) and its initial weights."""
    x, y = tf.constant(data["x"]), tf.constant(data["y"])
    model = tf.keras.Sequential([tf.keras.layers.Dense(10, input_shape=(784,)), tf.keras.layers.Dense(10)])
    return x, y, model, [data["w1"], np.zeros(10, np.float32), data["w2"], np.zeros(10, np.float32)]


def _mnist_mlp_torch_model(data, device):
    """The same as torch.nn.Sequential of two Linear layers (kernels transposed to torch's [out, in])."""
    x, y = torch.from_numpy(data["x"]).to(device), torch.from_numpy(data["y"]).to(device)
    model = torch.nn.Sequential(torch.nn.Linear(784, 10), torch.nn.Linear(10, 10)).to(device)
    initial = [torch.from_numpy(data["w1"].T.copy()), torch.zeros(10), torch.from_numpy(data["w2"].T.copy()),
               torch.zeros(10)]
    return x, y, model, initial


def mnist_mlp_tf(data, size, device):
    """tf.keras.Sequential([Dense(10, input_shape=(784,)), Dense(10)]); each step a GradientTape over
    the mean squared error, then ``v.assign_sub(learning_rate * grad)`` for every variable."""
    _, steps = size
    x, y, model, initial = _mnist_mlp_tf_model(data)
    return _tf_sgd_steps(model, initial, x, y, steps)


def _torch_sgd_steps(model, initial, x, y, steps, learning_rate=0.01):
    """The torch side of the Keras training workloads: ``run()`` resets the parameters to ``initial``, takes
    ``steps`` steps of mean squared error with torch.autograd.grad and in-place updates, and returns the
    model's output."""
    parameters = list(model.parameters())

    def run():
        with torch.no_grad():
            for parameter, value in zip(parameters, initial):
                parameter.copy_(value)
        for _ in range(steps):
            loss = torch.mean(torch.square(model(x) - y))
            grads = torch.autograd.grad(loss, parameters)
            with torch.no_grad():
                for parameter, grad in zip(parameters, grads):
                    parameter -= learning_rate * grad
        with torch.no_grad():
            result = model(x)
        result.cpu().numpy()
        return result
    return run


def mnist_mlp_torch(data, size, device):
    _, steps = size
    x, y, model, initial = _mnist_mlp_torch_model(data, device)
    return _torch_sgd_steps(model, initial, x, y, steps)


register(Workload(
    name="mnist_mlp",
    description="seed MNIST-shaped Keras model (Dense(10) on 784 inputs, Dense(10)), batch 32: 200 GradientTape "
                "steps with assign_sub",
    target=1.15, sizes={"full": (32, 200), "smoke": (4, 3)},
    data=_mnist_mlp_data, tf=mnist_mlp_tf, torch=mnist_mlp_torch, rtol=1e-4, atol=1e-5))

# --- 7. small_cnn: Conv2D -> MaxPooling2D -> Conv2D -> Flatten -> Dense, forward + backward ----------------

def _small_cnn_data(size):
    batch, _ = size
    rng = np.random.default_rng(0)
    return {"x": rng.uniform(0, 1, (batch, 28, 28, 1)).astype(np.float32),
            "y": np.eye(10, dtype=np.float32)[rng.integers(0, 10, batch)],
            "k1": (rng.standard_normal((3, 3, 1, 32)) * 0.3).astype(np.float32),
            "k2": (rng.standard_normal((3, 3, 32, 64)) * 0.05).astype(np.float32),
            "w": (rng.standard_normal((11 * 11 * 64, 10)) * 0.01).astype(np.float32)}


def _small_cnn_initial(data):
    return [data["k1"], np.zeros(32, np.float32), data["k2"], np.zeros(64, np.float32), data["w"],
            np.zeros(10, np.float32)]


def small_cnn_tf(data, size, device):
    """tf.keras.Sequential([Conv2D(32, 3), MaxPooling2D(), Conv2D(64, 3), Flatten(), Dense(10)]) on NHWC
    images; each step a GradientTape over the mean squared error, then ``assign_sub`` per variable."""
    _, steps = size
    x, y = tf.constant(data["x"]), tf.constant(data["y"])
    model = tf.keras.Sequential([
        tf.keras.layers.Conv2D(32, 3, input_shape=(28, 28, 1)), tf.keras.layers.MaxPooling2D(),
        tf.keras.layers.Conv2D(64, 3), tf.keras.layers.Flatten(), tf.keras.layers.Dense(10)])
    initial = _small_cnn_initial(data)
    return _tf_sgd_steps(model, initial, x, y, steps)


def small_cnn_torch(data, size, device):
    """The idiomatic torch model: NCHW images, nn.Conv2d / nn.MaxPool2d / nn.Linear (the Dense kernel's
    rows reordered from Keras' HWC flattening to torch's CHW)."""
    _, steps = size
    x = torch.from_numpy(data["x"].transpose(0, 3, 1, 2).copy()).to(device)
    y = torch.from_numpy(data["y"]).to(device)
    model = torch.nn.Sequential(torch.nn.Conv2d(1, 32, 3), torch.nn.MaxPool2d(2), torch.nn.Conv2d(32, 64, 3),
                                torch.nn.Flatten(), torch.nn.Linear(11 * 11 * 64, 10)).to(device)
    k1, b1, k2, b2, w, b3 = _small_cnn_initial(data)
    dense = w.reshape(11, 11, 64, 10).transpose(2, 0, 1, 3).reshape(-1, 10).T
    initial = [torch.from_numpy(np.ascontiguousarray(value)) for value in
               (k1.transpose(3, 2, 0, 1), b1, k2.transpose(3, 2, 0, 1), b2, dense, b3)]
    return _torch_sgd_steps(model, initial, x, y, steps)


register(Workload(
    name="small_cnn",
    description="Keras CNN (Conv2D 32x3x3, MaxPooling2D, Conv2D 64x3x3, Flatten, Dense(10)) on 28x28x1 images, "
                "batch 64: 5 GradientTape steps with assign_sub, against an NCHW torch.nn.Sequential",
    target=1.15, sizes={"full": (64, 5), "smoke": (4, 1)},
    data=_small_cnn_data, tf=small_cnn_tf, torch=small_cnn_torch, rtol=1e-3, atol=1e-4))


# --- 8. mnist_adam: the same model trained by tf.train.AdamOptimizer vs torch.optim.Adam ----------

def _tf_optimizer_steps(model, initial, x, steps, make_optimizer, loss):
    """``run()`` for the tf.train optimizer workloads, as TF 1.x eager code: reset the weights, make the
    optimizer, then each step a GradientTape over ``loss(model)`` and ``apply_gradients(...,
    global_step=...)``; returns ``model(x)``."""
    def run():
        model.set_weights(initial)
        optimizer = make_optimizer()
        global_step = tf.Variable(0, dtype=tf.int64, trainable=False)
        for _ in range(steps):
            with tf.GradientTape() as tape:
                loss_value = loss(model)
            grads = tape.gradient(loss_value, model.variables)
            optimizer.apply_gradients(zip(grads, model.variables), global_step=global_step)
        result = model(x)
        result.numpy()
        return result
    return run


def _torch_optimizer_steps(model, initial, steps, make_optimizer, loss, x):
    """The torch side: reset the parameters, then ``zero_grad``/``backward``/``step`` of a torch.optim
    optimizer over ``loss(model)``; returns ``model(x)``."""
    parameters = list(model.parameters())

    def run():
        with torch.no_grad():
            for parameter, value in zip(parameters, initial):
                parameter.copy_(value)
        optimizer = make_optimizer(parameters)
        for _ in range(steps):
            optimizer.zero_grad()
            loss(model).backward()
            optimizer.step()
        with torch.no_grad():
            result = model(x)
        result.cpu().numpy()
        return result
    return run


def mnist_adam_tf(data, size, device):
    """The mnist_mlp model and loss; each step ``optimizer.apply_gradients(zip(grads, model.variables),
    global_step=...)`` with a ``tf.train.AdamOptimizer`` (TF 1.x's rule), made afresh for each run."""
    _, steps = size
    x, y, model, initial = _mnist_mlp_tf_model(data)

    def loss(model):
        return tf.reduce_mean(tf.square(model(x) - y))
    return _tf_optimizer_steps(model, initial, x, steps, lambda: tf.train.AdamOptimizer(0.001), loss)


def mnist_adam_torch(data, size, device):
    _, steps = size
    x, y, model, initial = _mnist_mlp_torch_model(data, device)
    return _torch_optimizer_steps(model, initial, steps, lambda parameters: torch.optim.Adam(parameters, lr=0.001),
                                  lambda model: torch.mean(torch.square(model(x) - y)), x)


register(Workload(
    name="mnist_adam",
    description="the mnist_mlp model trained 200 steps by tf.train.AdamOptimizer (apply_gradients with a global "
                "step) vs torch.optim.Adam",
    target=1.2, sizes={"full": (32, 200), "smoke": (4, 3)},
    # TF 1.x adds epsilon to sqrt(v) before the bias correction, torch after: results agree closely, not exactly
    data=_mnist_mlp_data, tf=mnist_adam_tf, torch=mnist_adam_torch, rtol=1e-3, atol=2e-4))


# --- 9. lstm: one LSTM(128) layer over 50 steps, forward + backward ---------------------------------

def _lstm_data(size):
    batch, time, features, units, _ = size
    rng = np.random.default_rng(0)
    return {"x": rng.uniform(-1, 1, (batch, time, features)).astype(np.float32),
            "y": rng.uniform(-0.5, 0.5, (batch, units)).astype(np.float32),
            "kernel": (rng.standard_normal((features, 4 * units)) * 0.1).astype(np.float32),
            "recurrent": (rng.standard_normal((units, 4 * units)) * 0.05).astype(np.float32),
            "bias": (rng.standard_normal(4 * units) * 0.1).astype(np.float32)}


def lstm_tf(data, size, device):
    """tf.keras.Sequential([LSTM(128, recurrent_activation='sigmoid')]) over [32, 50, 64] inputs (the
    activations torch's LSTM has, so tfcompat runs the fused kernel); each step a GradientTape over the
    mean squared error of the last output, then ``assign_sub``."""
    batch, time, features, units, steps = size
    x, y = tf.constant(data["x"]), tf.constant(data["y"])
    model = tf.keras.Sequential([tf.keras.layers.LSTM(units, recurrent_activation="sigmoid",
                                                      input_shape=(time, features))])
    return _tf_sgd_steps(model, [data["kernel"], data["recurrent"], data["bias"]], x, y, steps)


class _LastOutput(torch.nn.Module):
    """torch.nn.LSTM (batch first) returning the last step's output, as a Keras LSTM does."""

    def __init__(self, features, units):
        super().__init__()
        self.lstm = torch.nn.LSTM(features, units, batch_first=True)

    def forward(self, x):
        return self.lstm(x)[0][:, -1]


def lstm_torch(data, size, device):
    """The idiomatic torch.nn.LSTM; Keras's one bias is torch's ``bias_ih`` (``bias_hh`` stays zero and is
    not trained, so both sides train the same parameters)."""
    batch, time, features, units, steps = size
    x, y = torch.from_numpy(data["x"]).to(device), torch.from_numpy(data["y"]).to(device)
    model = _LastOutput(features, units).to(device)
    lstm = model.lstm
    with torch.no_grad():
        lstm.bias_hh_l0.zero_()
    lstm.bias_hh_l0.requires_grad_(False)
    parameters = [lstm.weight_ih_l0, lstm.weight_hh_l0, lstm.bias_ih_l0]
    initial = [torch.from_numpy(data["kernel"].T.copy()), torch.from_numpy(data["recurrent"].T.copy()),
               torch.from_numpy(data["bias"])]

    def run():
        with torch.no_grad():
            for parameter, value in zip(parameters, initial):
                parameter.copy_(value)
        for _ in range(steps):
            loss = torch.mean(torch.square(model(x) - y))
            grads = torch.autograd.grad(loss, parameters)
            with torch.no_grad():
                for parameter, grad in zip(parameters, grads):
                    parameter -= 0.01 * grad
        with torch.no_grad():
            result = model(x)
        result.cpu().numpy()
        return result
    return run


register(Workload(
    name="lstm",
    description="Keras LSTM(128, recurrent_activation='sigmoid') over 50 steps of [32, 64] inputs: 5 GradientTape "
                "steps with assign_sub, against torch.nn.LSTM",
    target=1.25, sizes={"full": (32, 50, 64, 128, 5), "smoke": (4, 3, 8, 6, 1)},
    data=_lstm_data, tf=lstm_tf, torch=lstm_torch, rtol=1e-4, atol=1e-5))


# --- 10. dataset_parallel_map: map(num_parallel_calls=4) on a function that releases the GIL ------------

def _parallel_map_data(size):
    count, kilobytes = size
    rng = np.random.default_rng(0)
    return {"blobs": [rng.bytes(kilobytes * 1024) for _ in range(count)]}


def _digest_row(blob):
    """SHA-256 rounds over one blob: hashlib releases the GIL, so threads run it in parallel."""
    digest = blob
    for _ in range(8):
        digest = hashlib.sha256(digest + blob).digest()
    return np.frombuffer(digest[:8], dtype=np.int64).copy()


def dataset_parallel_map_tf(data, size, device):
    dataset = tf.data.Dataset.from_tensor_slices(np.arange(len(data["blobs"]))).map(
        lambda i: tf.py_func(lambda k: _digest_row(data["blobs"][k]), [i], tf.int64), num_parallel_calls=4)

    def run():
        return tf.stack([row for row in dataset])
    return run


def dataset_parallel_map_torch(data, size, device):
    def run():  # the same function over the same rows in a plain Python loop: the sequential baseline
        return torch.stack([torch.from_numpy(_digest_row(blob)).to(device) for blob in data["blobs"]])
    return run


register(Workload(
    name="dataset_parallel_map",
    description="Dataset.map(py_func of hashlib SHA-256 rounds, num_parallel_calls=4) over 64 rows of 256 KB, "
                "against the same function in a sequential loop: the ratio is the parallel map's time share",
    target=0.8, sizes={"full": (64, 256), "smoke": (4, 1)}, on_device=False,
    data=_parallel_map_data, tf=dataset_parallel_map_tf, torch=dataset_parallel_map_torch, rtol=0, atol=0))


# --- 11. fit: the mnist_mlp model trained one epoch by Model.fit vs a plain torch loop ---------------

def fit_tf(data, size, device):
    """``model.compile(tf.train.GradientDescentOptimizer(0.01), loss='mse')`` then ``model.fit(x, y,
    batch_size=32, epochs=1, verbose=0, shuffle=False)`` on the mnist_mlp model, x and y given as tensors."""
    _, batch_size = size
    x, y, model, initial = _mnist_mlp_tf_model(data)
    model.compile(tf.train.GradientDescentOptimizer(0.01), loss="mse")

    def run():
        model.set_weights(initial)
        model.fit(x, y, batch_size=batch_size, epochs=1, verbose=0, shuffle=False)
        result = model(x[:batch_size])
        result.numpy()
        return result
    return run


def fit_torch(data, size, device):
    """The same epoch as a plain torch loop: slices of the tensors, mean squared error, backward and
    torch.optim.SGD (foreach) steps, reading each batch's loss back as fit's logs do."""
    _, batch_size = size
    x, y, model, initial = _mnist_mlp_torch_model(data, device)
    parameters = list(model.parameters())

    def run():
        with torch.no_grad():
            for parameter, value in zip(parameters, initial):
                parameter.copy_(value)
        optimizer = torch.optim.SGD(parameters, lr=0.01, foreach=True)
        for start in range(0, x.shape[0], batch_size):
            optimizer.zero_grad()
            loss = torch.mean(torch.square(model(x[start:start + batch_size]) - y[start:start + batch_size]))
            loss.backward()
            optimizer.step()
            loss.item()
        with torch.no_grad():
            result = model(x[:batch_size])
        result.cpu().numpy()
        return result
    return run


register(Workload(
    name="fit",
    description="the mnist_mlp model, model.fit for one epoch over 60,000 examples of 784 floats (batch 32, "
                "verbose 0, tf.train.GradientDescentOptimizer, 'mse') vs a plain torch loop with torch.optim.SGD",
    target=1.3, sizes={"full": (60000, 32), "smoke": (40, 8)}, warmup=1,
    data=_mnist_mlp_data, tf=fit_tf, torch=fit_torch, rtol=1e-4, atol=1e-5))


# --- 12. mnist_xent_sgd: the same model, tf.losses.sparse_softmax_cross_entropy + GradientDescent ----------

def mnist_xent_sgd_tf(data, size, device):
    """The mnist_mlp model; each step a GradientTape over ``tf.losses.sparse_softmax_cross_entropy`` of
    integer labels, then ``GradientDescentOptimizer(0.01).apply_gradients(..., global_step=...)``."""
    _, steps = size
    x, _, model, initial = _mnist_mlp_tf_model(data)
    labels = tf.constant(data["y"].argmax(1).astype(np.int32))

    def loss(model):
        return tf.losses.sparse_softmax_cross_entropy(labels, model(x))
    return _tf_optimizer_steps(model, initial, x, steps, lambda: tf.train.GradientDescentOptimizer(0.01), loss)


def mnist_xent_sgd_torch(data, size, device):
    _, steps = size
    x, y, model, initial = _mnist_mlp_torch_model(data, device)
    labels = y.argmax(1)
    return _torch_optimizer_steps(model, initial, steps, lambda parameters: torch.optim.SGD(parameters, lr=0.01),
                                  lambda model: torch.nn.functional.cross_entropy(model(x), labels), x)


register(Workload(
    name="mnist_xent_sgd",
    description="the mnist_mlp model trained 200 steps on tf.losses.sparse_softmax_cross_entropy by "
                "tf.train.GradientDescentOptimizer (apply_gradients with a global step) vs F.cross_entropy and "
                "torch.optim.SGD",
    target=1.15, sizes={"full": (32, 200), "smoke": (4, 3)},
    data=_mnist_mlp_data, tf=mnist_xent_sgd_tf, torch=mnist_xent_sgd_torch, rtol=1e-4, atol=1e-5))


# --- helpers shared by run.py and the smoke test ------------------------------------------------

def default_tf_device():
    """The torch device tfcompat places new tensors on when no tf.device() scope is active."""
    return torch.device("cuda:0") if torch.cuda.is_available() else torch.device("cpu")


def tf_device_name(device):
    """The TF device string for a torch device."""
    return "/gpu:0" if device.type == "cuda" else "/cpu:0"


def in_tf_device(function, device):
    """``function`` run under ``tf.device(...)`` when ``device`` is not tfcompat's default."""
    if device is None or device == default_tf_device():
        return function

    def scoped(*args):
        with tf.device(tf_device_name(device)):
            return function(*args)
    return scoped


def prepare_pair(workload, size_name, device):
    """The two ready-to-time ``run`` callables (tfcompat, torch) of ``workload``."""
    size = workload.sizes[size_name]
    data = workload.data(size)
    tf_run = in_tf_device(workload.tf, device)(data, size, device)
    return in_tf_device(tf_run, device), workload.torch(data, size, device)


def to_numpy(result):
    """A result (tfcompat Tensor, torch tensor, number, or a tuple/list of them) as NumPy."""
    if isinstance(result, (tuple, list)):
        return [to_numpy(r) for r in result]
    if isinstance(result, torch.Tensor):
        return result.detach().cpu().numpy()
    if isinstance(result, tf.Tensor):
        return np.asarray(result.numpy())
    return np.asarray(result)


def devices():
    """The devices device workloads run on: the CPU, and CUDA when torch sees one."""
    found = [torch.device("cpu")]
    if torch.cuda.is_available():
        found.append(torch.device("cuda:0"))
    return found


def timed(run, device: Optional[torch.device]):
    """(seconds, result) of one ``run()``, with CUDA synchronized before both clock reads."""
    cuda = device is not None and device.type == "cuda"
    if cuda:
        torch.cuda.synchronize(device)
    start = time.perf_counter()
    result = run()
    if cuda:
        torch.cuda.synchronize(device)
    return time.perf_counter() - start, result
