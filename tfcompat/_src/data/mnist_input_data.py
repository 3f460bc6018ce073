"""``tensorflow.examples.tutorials.mnist.input_data``: TF 1.x's MNIST tutorial reader.

``read_data_sets(train_dir, ...)`` reads the four IDX files (gzipped, or raw without the ``.gz``)
from ``train_dir``, downloading missing ones from ``source_url`` with Keras's get_file logic, prints
TF's "Extracting ..." lines, and returns TF's ``Datasets(train, validation, test)`` of ``DataSet``
objects (``images``, ``labels``, ``num_examples``, ``epochs_completed``, ``next_batch`` with TF's
shuffling and epoch rules).  Imported through the ``tensorflow`` alias (alias.py's legacy table).
"""

import collections
import gzip
import os

import numpy as np

from ..framework import dtypes
from ..framework.dtypes import as_dtype
from ..keras.datasets import get_file

DEFAULT_SOURCE_URL = "https://storage.googleapis.com/cvdf-datasets/mnist/"
_FILES = ("train-images-idx3-ubyte.gz", "train-labels-idx1-ubyte.gz", "t10k-images-idx3-ubyte.gz",
          "t10k-labels-idx1-ubyte.gz")

Datasets = collections.namedtuple("Datasets", ["train", "validation", "test"])


def _read32(stream):
    return int(np.frombuffer(stream.read(4), dtype=">u4")[0])


def _open(path):
    print("Extracting", path)
    return gzip.open(path, "rb") if path.endswith(".gz") else open(path, "rb")


def extract_images(path):
    """[N, rows, cols, 1] uint8 images of an IDX3 file (magic 2051)."""
    with _open(path) as stream:
        magic = _read32(stream)
        if magic != 2051:
            raise ValueError(f"Invalid magic number {magic} in MNIST image file: {path}")
        count, rows, cols = _read32(stream), _read32(stream), _read32(stream)
        data = np.frombuffer(stream.read(rows * cols * count), dtype=np.uint8)
        return data.reshape(count, rows, cols, 1)


def dense_to_one_hot(labels_dense, num_classes):
    one_hot = np.zeros((labels_dense.shape[0], num_classes))
    one_hot.flat[np.arange(labels_dense.shape[0]) * num_classes + labels_dense.ravel()] = 1
    return one_hot


def extract_labels(path, one_hot=False, num_classes=10):
    """[N] uint8 labels of an IDX1 file (magic 2049), or [N, num_classes] one-hot rows."""
    with _open(path) as stream:
        magic = _read32(stream)
        if magic != 2049:
            raise ValueError(f"Invalid magic number {magic} in MNIST label file: {path}")
        count = _read32(stream)
        labels = np.frombuffer(stream.read(count), dtype=np.uint8)
    return dense_to_one_hot(labels, num_classes) if one_hot else labels


class DataSet:
    """TF 1.x's MNIST DataSet: float32 images scaled to [0, 1] (or uint8), flattened when ``reshape``."""

    def __init__(self, images, labels, fake_data=False, one_hot=False, dtype=dtypes.float32, reshape=True,
                 seed=None):
        dtype = as_dtype(dtype)
        if dtype not in (dtypes.uint8, dtypes.float32):
            raise TypeError(f"Invalid image dtype {dtype!r}, expected uint8 or float32")
        self._rng = np.random.RandomState(seed)
        if fake_data:
            self._num_examples = 10000
            self.one_hot = one_hot
        else:
            if images.shape[0] != labels.shape[0]:
                raise AssertionError(f"images.shape: {images.shape} labels.shape: {labels.shape}")
            self._num_examples = images.shape[0]
            if reshape:
                images = images.reshape(images.shape[0], images.shape[1] * images.shape[2])
            if dtype == dtypes.float32:
                images = np.multiply(images.astype(np.float32), 1.0 / 255.0)
        self._images, self._labels = images, labels
        self._epochs_completed = 0
        self._index_in_epoch = 0

    images = property(lambda self: self._images)
    labels = property(lambda self: self._labels)
    num_examples = property(lambda self: self._num_examples)
    epochs_completed = property(lambda self: self._epochs_completed)

    def _shuffled(self):
        order = np.arange(self._num_examples)
        self._rng.shuffle(order)
        self._images, self._labels = self.images[order], self.labels[order]

    def next_batch(self, batch_size, fake_data=False, shuffle=True):
        """The next ``batch_size`` (images, labels); an epoch's last batch is completed from the next epoch."""
        if fake_data:
            fake_image = [1] * 784
            fake_label = [1] + [0] * 9 if self.one_hot else 0
            return [fake_image for _ in range(batch_size)], [fake_label for _ in range(batch_size)]
        start = self._index_in_epoch
        if self._epochs_completed == 0 and start == 0 and shuffle:
            self._shuffled()
        if start + batch_size > self._num_examples:
            self._epochs_completed += 1
            rest = self._num_examples - start
            images_rest, labels_rest = self._images[start:], self._labels[start:]
            if shuffle:
                self._shuffled()
            self._index_in_epoch = batch_size - rest
            end = self._index_in_epoch
            return (np.concatenate((images_rest, self._images[:end]), axis=0),
                    np.concatenate((labels_rest, self._labels[:end]), axis=0))
        self._index_in_epoch += batch_size
        return self._images[start:self._index_in_epoch], self._labels[start:self._index_in_epoch]


def _local_file(train_dir, name, source_url):
    """The file ``name`` in ``train_dir`` (or its ungzipped twin), downloaded when neither is there."""
    path = os.path.join(train_dir, name)
    raw = path[:-len(".gz")]
    if not os.path.exists(path) and os.path.exists(raw):
        return raw
    if not os.path.exists(path):
        directory = os.path.abspath(train_dir)
        return get_file(name, source_url + name, cache_subdir=os.path.basename(directory),
                        cache_dir=os.path.dirname(directory))
    return path


def read_data_sets(train_dir, fake_data=False, one_hot=False, dtype=dtypes.float32, reshape=True,
                   validation_size=5000, seed=None, source_url=DEFAULT_SOURCE_URL):
    """Datasets(train, validation, test) of MNIST read from ``train_dir``, as TF 1.x's tutorial reader."""
    if fake_data:
        def fake():
            return DataSet([], [], fake_data=True, one_hot=one_hot, dtype=dtype, seed=seed)
        return Datasets(train=fake(), validation=fake(), test=fake())
    source_url = source_url or DEFAULT_SOURCE_URL
    paths = [_local_file(train_dir, name, source_url) for name in _FILES]
    train_images = extract_images(paths[0])
    train_labels = extract_labels(paths[1], one_hot=one_hot)
    test_images = extract_images(paths[2])
    test_labels = extract_labels(paths[3], one_hot=one_hot)
    if not 0 <= validation_size <= len(train_images):
        raise ValueError(f"Validation size should be between 0 and {len(train_images)}. "
                         f"Received: {validation_size}.")
    options = dict(dtype=dtype, reshape=reshape, seed=seed)
    return Datasets(train=DataSet(train_images[validation_size:], train_labels[validation_size:], **options),
                    validation=DataSet(train_images[:validation_size], train_labels[:validation_size], **options),
                    test=DataSet(test_images, test_labels, **options))


def load_mnist(train_dir="MNIST-data"):
    return read_data_sets(train_dir)
