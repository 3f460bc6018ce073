"""The tf.keras.datasets loaders whose Keras files hold pickles: cifar10 and cifar100 (pickled batch
dicts in Keras's tar.gz), imdb and reuters (.npz files of object arrays of word-index lists), as TF
1.15's Keras.  The pickles are read by ``dataset_files``, which runs no code they name.
"""

import json
import os

import numpy as np

from ..registry import PARTIAL, export
from ..util.user_warnings import warn
from .backend import image_data_format
from .dataset_files import load_npz, load_pickle
from .datasets import _ORIGIN, get_file

# --- CIFAR ---------------------------------------------------------------------------------------

_CIFAR_ORIGIN = "https://www.cs.toronto.edu/~kriz/"


def _load_batch(fpath, label_key="labels"):
    """(data [N, 3, 32, 32], labels) of one CIFAR batch file, a dict pickled by Python 2."""
    with open(fpath, "rb") as file:
        batch = load_pickle(file, encoding="bytes")
    if not isinstance(batch, dict) or b"data" not in batch or label_key.encode() not in batch:
        raise ValueError(f"{fpath} is not a CIFAR batch: it has no b'data' and b'{label_key}' entries")
    data = np.asarray(batch[b"data"])
    return data.reshape(data.shape[0], 3, 32, 32), batch[label_key.encode()]


def _cifar_result(x_train, y_train, x_test, y_test):
    y_train = np.reshape(y_train, (len(y_train), 1))
    y_test = np.reshape(y_test, (len(y_test), 1))
    if image_data_format() == "channels_last":
        x_train, x_test = x_train.transpose(0, 2, 3, 1), x_test.transpose(0, 2, 3, 1)
    return (x_train, y_train), (x_test, y_test)


@export("keras.datasets.cifar10.load_data", status=PARTIAL,
        note="cache_dir (a TF 2.x argument) is accepted; the five training batches may have any size "
             "(Keras's own are 10000 images each).")
def cifar10_load_data(cache_dir=None):
    """((x_train, y_train), (x_test, y_test)) of CIFAR-10: uint8 images [N, 32, 32, 3] (channels_last)."""
    path = get_file("cifar-10-batches-py", origin=_CIFAR_ORIGIN + "cifar-10-python.tar.gz",
                    untar=True, cache_dir=cache_dir)
    batches = [_load_batch(os.path.join(path, f"data_batch_{i}")) for i in range(1, 6)]
    x_train = np.concatenate([data for data, _ in batches]).astype(np.uint8, copy=False)
    y_train = np.concatenate([np.asarray(labels, np.uint8) for _, labels in batches])  # Keras fills uint8
    x_test, y_test = _load_batch(os.path.join(path, "test_batch"))
    # uint8 labels for both splits, as TF's docstring gives them (cifar100 keeps the int64 of its label lists)
    return _cifar_result(x_train, y_train, x_test.astype(np.uint8, copy=False), np.asarray(y_test, np.uint8))


@export("keras.datasets.cifar100.load_data", status=PARTIAL,
        note="cache_dir (a TF 2.x argument) is accepted.")
def cifar100_load_data(label_mode="fine", cache_dir=None):
    """CIFAR-100 with its 100 ``fine`` or 20 ``coarse`` labels: uint8 images [N, 32, 32, 3] (channels_last)."""
    if label_mode not in ["fine", "coarse"]:
        raise ValueError('`label_mode` must be one of `"fine"`, `"coarse"`.')
    path = get_file("cifar-100-python", origin=_CIFAR_ORIGIN + "cifar-100-python.tar.gz",
                    untar=True, cache_dir=cache_dir)
    x_train, y_train = _load_batch(os.path.join(path, "train"), label_key=label_mode + "_labels")
    x_test, y_test = _load_batch(os.path.join(path, "test"), label_key=label_mode + "_labels")
    return _cifar_result(x_train, y_train, x_test, y_test)


# --- word-index sequences (imdb, reuters) -----------------------------------------------------------

def _legacy_num_words(name, num_words, kwargs):
    if "nb_words" in kwargs:
        warn("The `nb_words` argument in `load_data` has been renamed `num_words`.")
        num_words = kwargs.pop("nb_words")
    if kwargs:
        raise TypeError(f"{name}: Unrecognized keyword arguments: {kwargs}")
    return num_words


def _shuffled(seed, *arrays):
    """``arrays`` in one permutation drawn as Keras does (it seeds NumPy's global generator)."""
    np.random.seed(seed)
    indices = np.arange(len(arrays[0]))
    np.random.shuffle(indices)
    return [array[indices] for array in arrays]


def _offset(xs, start_char, index_from):
    if start_char is not None:
        return [[start_char] + [int(w) + index_from for w in x] for x in xs]
    return [[int(w) + index_from for w in x] for x in xs]


def _shorter_than(maxlen, xs, labels):
    """Keras's _remove_long_seq: the sequences (and their labels) shorter than ``maxlen``."""
    kept = [(x, y) for x, y in zip(xs, labels) if len(x) < maxlen]
    return [x for x, _ in kept], np.array([y for _, y in kept], dtype=np.asarray(labels).dtype)


def _no_sequence_kept(maxlen):
    return ValueError(f"After filtering for sequences shorter than maxlen={maxlen}, no sequence was kept. "
                      "Increase maxlen.")


def _vocabulary(xs, num_words, skip_top, oov_char):
    """Words outside [skip_top, num_words) become ``oov_char`` (dropped when it is None); num_words
    defaults to the largest index, which Keras's half-open range then turns into ``oov_char`` too."""
    if not num_words:
        num_words = max(max(x) for x in xs)
    if oov_char is not None:
        return [[w if skip_top <= w < num_words else oov_char for w in x] for x in xs]
    return [[w for w in x if skip_top <= w < num_words] for x in xs]


def _sequences(lists):
    """A 1-D object array of the lists, as Keras's np.array of ragged lists gave under old NumPy."""
    array = np.empty(len(lists), dtype=object)
    array[:] = lists
    return array


@export("keras.datasets.imdb.load_data", status=PARTIAL,
        note="With maxlen, train and test are filtered separately (TF 2.x's fix); TF 1.15 filtered them "
             "together and split at the unfiltered train length, moving test reviews into train. cache_dir "
             "(a TF 2.x argument) is accepted.")
def imdb_load_data(path="imdb.npz", num_words=None, skip_top=0, maxlen=None, seed=113, start_char=1, oov_char=2,
                   index_from=3, cache_dir=None, **kwargs):
    """IMDB reviews as lists of word indices (object arrays) and their 0/1 sentiment labels."""
    num_words = _legacy_num_words("imdb.load_data", num_words, kwargs)
    path = get_file(path, origin=_ORIGIN + "imdb.npz", file_hash="599dadb1135973df5b59232a0e9a887c",
                    cache_dir=cache_dir)
    arrays = load_npz(path, ["x_train", "y_train", "x_test", "y_test"])
    x_train, y_train = _shuffled(seed, arrays["x_train"], arrays["y_train"])
    indices = np.arange(len(arrays["x_test"]))
    np.random.shuffle(indices)  # the test permutation continues the generator seeded for train
    x_test, y_test = arrays["x_test"][indices], arrays["y_test"][indices]
    x_train, x_test = _offset(x_train, start_char, index_from), _offset(x_test, start_char, index_from)
    if maxlen:
        x_train, y_train = _shorter_than(maxlen, x_train, y_train)
        x_test, y_test = _shorter_than(maxlen, x_test, y_test)
        if not x_train or not x_test:
            raise _no_sequence_kept(maxlen)
    xs = _vocabulary(x_train + x_test, num_words, skip_top, oov_char)
    split = len(x_train)
    return (_sequences(xs[:split]), np.array(y_train)), (_sequences(xs[split:]), np.array(y_test))


@export("keras.datasets.reuters.load_data", status=PARTIAL,
        note="cache_dir (a TF 2.x argument) is accepted.")
def reuters_load_data(path="reuters.npz", num_words=None, skip_top=0, maxlen=None, test_split=0.2, seed=113,
                      start_char=1, oov_char=2, index_from=3, cache_dir=None, **kwargs):
    """Reuters newswires as lists of word indices (object arrays) and their topic labels (46 topics)."""
    num_words = _legacy_num_words("reuters.load_data", num_words, kwargs)
    path = get_file(path, origin=_ORIGIN + "reuters.npz", file_hash="87aedbeb0cb229e378797a632c1997b6",
                    cache_dir=cache_dir)
    arrays = load_npz(path, ["x", "y"])
    xs, labels = _shuffled(seed, arrays["x"], arrays["y"])
    xs = _offset(xs, start_char, index_from)
    if maxlen:
        xs, labels = _shorter_than(maxlen, xs, labels)
        if not xs:
            raise _no_sequence_kept(maxlen)
    xs = _vocabulary(xs, num_words, skip_top, oov_char)
    split = int(len(xs) * (1 - test_split))
    return (_sequences(xs[:split]), np.array(labels[:split])), (_sequences(xs[split:]), np.array(labels[split:]))


def _word_index(path, name, file_hash):
    path = get_file(path, origin=_ORIGIN + name, file_hash=file_hash)
    with open(path, encoding="utf-8") as file:
        return json.load(file)


@export("keras.datasets.imdb.get_word_index")
def imdb_get_word_index(path="imdb_word_index.json"):
    """{word: index} of the IMDB reviews (index 1 is the most frequent word)."""
    return _word_index(path, "imdb_word_index.json", "bfafd718b763782e994055a2d397834f")


@export("keras.datasets.reuters.get_word_index")
def reuters_get_word_index(path="reuters_word_index.json"):
    """{word: index} of the Reuters newswires (index 1 is the most frequent word)."""
    return _word_index(path, "reuters_word_index.json", "4d44cc38712099c9e383dc6e5f11a921")
