"""``from tensorflow.examples.tutorials.mnist import input_data`` through the alias: TF 1.x's reader
on small IDX files the test writes (gzipped and raw), its DataSet batches and epochs."""

import gzip
import struct
import subprocess
import sys

import numpy as np


def _idx_files(folder, count=12, gz=True):
    images = (np.arange(count * 28 * 28) % 256).astype(np.uint8).reshape(count, 28, 28)
    labels = (np.arange(count) % 10).astype(np.uint8)
    files = {"train-images-idx3-ubyte": struct.pack(">IIII", 2051, count, 28, 28) + images.tobytes(),
             "train-labels-idx1-ubyte": struct.pack(">II", 2049, count) + labels.tobytes(),
             "t10k-images-idx3-ubyte": struct.pack(">IIII", 2051, 3, 28, 28) + images[:3].tobytes(),
             "t10k-labels-idx1-ubyte": struct.pack(">II", 2049, 3) + labels[:3].tobytes()}
    for name, data in files.items():
        if gz:
            (folder / (name + ".gz")).write_bytes(gzip.compress(data))
        else:
            (folder / name).write_bytes(data)
    return images, labels


PROGRAM = """
import sys
import tensorflow as tf
from tensorflow.examples.tutorials.mnist import input_data
mnist = input_data.read_data_sets(sys.argv[1], one_hot={one_hot}, validation_size=2)
print(mnist.train.num_examples, mnist.validation.num_examples, mnist.test.num_examples)
print(mnist.train.images.shape, mnist.train.images.dtype, mnist.train.labels.shape)
for _ in range(3):
    xs, ys = mnist.train.next_batch(4)
print(xs.shape, ys.shape, mnist.train.epochs_completed)
"""


def _run(folder, one_hot):
    code = PROGRAM.format(one_hot=one_hot)
    prelude = "import tfcompat.alias; tfcompat.alias.install(force=True)\n"
    return subprocess.run([sys.executable, "-c", prelude + code, str(folder)], capture_output=True, text=True,
                          check=True).stdout


def test_read_data_sets_gzipped(tmp_path):
    _idx_files(tmp_path)
    out = _run(tmp_path, False).splitlines()
    assert out[:4] == [f"Extracting {tmp_path}/train-images-idx3-ubyte.gz",
                       f"Extracting {tmp_path}/train-labels-idx1-ubyte.gz",
                       f"Extracting {tmp_path}/t10k-images-idx3-ubyte.gz",
                       f"Extracting {tmp_path}/t10k-labels-idx1-ubyte.gz"]
    assert out[4:] == ["10 2 3", "(10, 784) float32 (10,)", "(4, 784) (4,) 1"]


def test_read_data_sets_raw_one_hot(tmp_path):
    _idx_files(tmp_path, gz=False)
    out = _run(tmp_path, True).splitlines()
    assert out[4:] == ["10 2 3", "(10, 784) float32 (10, 10)", "(4, 784) (4, 10) 1"]


def test_dataset_values_and_epochs():
    from tfcompat._src.data.mnist_input_data import DataSet
    images = np.arange(5 * 2 * 2).reshape(5, 2, 2, 1).astype(np.uint8)
    data = DataSet(images, np.arange(5), seed=1)
    assert data.images.max() == np.float32(19 / 255)
    seen = [label for _ in range(5) for label in data.next_batch(2, shuffle=False)[1]]
    assert seen == [0, 1, 2, 3, 4, 0, 1, 2, 3, 4]
    assert data.epochs_completed == 1  # TF counts an epoch when a batch runs past its end
