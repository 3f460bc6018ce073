"""tf.keras.datasets cifar10, cifar100, imdb and reuters on small files written in Keras's formats and
served from 127.0.0.1, and the restricted unpickler that reads them (a pickle naming anything but
NumPy's array callables raises and runs nothing).

Expected values follow Keras 2.2.4 / TF 1.15's loaders: np.random.seed(seed) then one shuffle of
arange(n) per split (imdb's test shuffle continues the train one); ``[start_char] + [w + index_from]``;
words outside [skip_top, num_words) become oov_char, num_words defaulting to the largest index.
"""

import functools
import http.server
import io
import os
import pickle
import struct
import tarfile
import threading
import zipfile

import numpy as np
import pytest

import tfcompat as tf
from tfcompat._src.keras.dataset_files import load_npz, load_pickle

_MODULE = "tfcompat._src.keras.datasets_pickled."


@pytest.fixture
def served(tmp_path, monkeypatch):
    """(folder served on 127.0.0.1, cache dir); the loaders' origins point at the server."""
    root = tmp_path / "served"
    root.mkdir()
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(root))
    handler.log_message = lambda *args: None
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{httpd.server_address[1]}/"
    monkeypatch.setattr(_MODULE + "_ORIGIN", url)
    monkeypatch.setattr(_MODULE + "_CIFAR_ORIGIN", url)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))  # get_word_index has no cache_dir: ~/.keras
    yield root, str(tmp_path / "cache")
    httpd.shutdown()
    httpd.server_close()


class _Payload:
    def __init__(self, marker):
        self.marker = marker

    def __reduce__(self):
        return os.system, (f"touch {self.marker}",)


def test_a_pickle_that_calls_os_system_raises_and_runs_nothing(tmp_path):
    marker = tmp_path / "ran"
    data = pickle.dumps({b"data": _Payload(marker)}, protocol=2)
    with pytest.raises(pickle.UnpicklingError, match=r"(posix|os)\.system is not allowed"):
        load_pickle(io.BytesIO(data))
    assert not marker.exists()


def test_only_latin1_text_to_bytes_is_allowed_from_codecs():
    evil = b"\x80\x02c_codecs\nencode\nq\x00X\x03\x00\x00\x00abcX\x06\x00\x00\x00base64\x86R."
    with pytest.raises(pickle.UnpicklingError, match="only latin1"):
        load_pickle(io.BytesIO(evil))


def test_array_pickles_of_every_protocol_load():
    array = np.arange(12, dtype=np.uint8).reshape(3, 4)
    for protocol in (2, 3, 4, 5):
        loaded = load_pickle(io.BytesIO(pickle.dumps({b"data": array, b"labels": [1, 2]}, protocol=protocol)))
        assert np.array_equal(loaded[b"data"], array) and loaded[b"labels"] == [1, 2]


def _npy(array_header_dtype, shape, payload):
    buffer = io.BytesIO()
    np.lib.format.write_array_header_1_0(
        buffer, {"descr": np.lib.format.dtype_to_descr(np.dtype(array_header_dtype)), "fortran_order": False,
                 "shape": shape})
    return buffer.getvalue() + payload


def test_an_npz_object_member_with_a_malicious_pickle_raises(tmp_path):
    marker = tmp_path / "ran"
    path = tmp_path / "bad.npz"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("x.npy", _npy(object, (1,), pickle.dumps(_Payload(marker), protocol=3)))
    with pytest.raises(pickle.UnpicklingError, match="system is not allowed"):
        load_npz(str(path), ["x"])
    assert not marker.exists()


def test_an_npz_member_whose_pickle_disagrees_with_its_header_raises(tmp_path):
    path = tmp_path / "odd.npz"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("x.npy", _npy(object, (5,), pickle.dumps(np.array([None, None], object), protocol=3)))
    with pytest.raises(ValueError, match="does not match its header"):
        load_npz(str(path), ["x"])


# --- CIFAR ---------------------------------------------------------------------------------------

class _Python2Pickler(pickle._Pickler):
    """Protocol 2 as Python 2's cPickle wrote Keras's CIFAR batches: bytes (py2 str) as (SHORT_)BINSTRING."""

    def save_bytes(self, obj):
        header = pickle.SHORT_BINSTRING + bytes([len(obj)]) if len(obj) < 256 else (
            pickle.BINSTRING + struct.pack("<i", len(obj)))
        self.write(header + obj)
        self.memoize(obj)

    dispatch = dict(pickle._Pickler.dispatch)
    dispatch[bytes] = save_bytes


def _python2_pickle(obj):
    buffer = io.BytesIO()
    _Python2Pickler(buffer, protocol=2).dump(obj)
    return buffer.getvalue()


def _tar_gz(folder, members):
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as archive:
        for name, data in members.items():
            info = tarfile.TarInfo(f"{folder}/{name}")
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    return buffer.getvalue()


def _images(count, start):
    return ((np.arange(count * 3072) + start) % 256).astype(np.uint8).reshape(count, 3072)


def test_cifar10_reads_the_batches_channels_last(served):
    root, cache = served
    batches = {f"data_batch_{i}": {b"batch_label": b"training batch", b"labels": [i, i + 1],
                                   b"data": _images(2, i), b"filenames": [b"a.png", b"b.png"]} for i in range(1, 6)}
    batches["test_batch"] = {b"labels": [9, 8, 7], b"data": _images(3, 100)}
    members = {name: _python2_pickle(batch) for name, batch in batches.items()}
    assert b"_codecs" not in members["test_batch"] and b"U\x04data" in members["test_batch"]
    (root / "cifar-10-python.tar.gz").write_bytes(_tar_gz("cifar-10-batches-py", members))
    (x_train, y_train), (x_test, y_test) = tf.keras.datasets.cifar10.load_data(cache_dir=cache)
    assert x_train.shape == (10, 32, 32, 3) and x_train.dtype == np.uint8
    assert y_train.shape == (10, 1) and y_train.dtype == np.uint8
    assert y_train[:, 0].tolist() == [1, 2, 2, 3, 3, 4, 4, 5, 5, 6]
    assert x_test.shape == (3, 32, 32, 3) and y_test[:, 0].tolist() == [9, 8, 7] and y_test.dtype == np.uint8
    # image 0 of batch 1: pixel (row 0, column 1) has its R, G, B at flat 1, 1025, 2049 (plus the start 1)
    assert x_train[0, 0, 1].tolist() == [2, 1026 % 256, 2050 % 256]
    assert np.array_equal(x_test[2], _images(3, 100)[2].reshape(3, 32, 32).transpose(1, 2, 0))


def test_cifar10_channels_first(served):
    root, cache = served
    members = {name: pickle.dumps({b"labels": [0], b"data": _images(1, 0)}, protocol=2)
               for name in [f"data_batch_{i}" for i in range(1, 6)] + ["test_batch"]}
    (root / "cifar-10-python.tar.gz").write_bytes(_tar_gz("cifar-10-batches-py", members))
    tf.keras.backend.set_image_data_format("channels_first")
    try:
        (x_train, _), (x_test, _) = tf.keras.datasets.cifar10.load_data(cache_dir=cache)
    finally:
        tf.keras.backend.set_image_data_format("channels_last")
    assert x_train.shape == (5, 3, 32, 32) and np.array_equal(x_test[0], _images(1, 0).reshape(3, 32, 32))


def test_cifar100_fine_and_coarse_labels(served):
    root, cache = served
    members = {"train": pickle.dumps({b"fine_labels": [42, 7], b"coarse_labels": [3, 19], b"data": _images(2, 5)}),
               "test": pickle.dumps({b"fine_labels": [99], b"coarse_labels": [0], b"data": _images(1, 9)})}
    (root / "cifar-100-python.tar.gz").write_bytes(_tar_gz("cifar-100-python", members))
    (x_train, y_fine), (x_test, y_test) = tf.keras.datasets.cifar100.load_data(cache_dir=cache)
    assert x_train.shape == (2, 32, 32, 3) and x_test.shape == (1, 32, 32, 3) and x_train.dtype == np.uint8
    assert y_fine.tolist() == [[42], [7]] and y_test.tolist() == [[99]] and y_fine.dtype == np.int64
    (_, y_coarse), (_, y_test) = tf.keras.datasets.cifar100.load_data(label_mode="coarse", cache_dir=cache)
    assert y_coarse.tolist() == [[3], [19]] and y_test.tolist() == [[0]]
    with pytest.raises(ValueError, match="label_mode"):
        tf.keras.datasets.cifar100.load_data(label_mode="medium", cache_dir=cache)


def test_cifar_batch_with_a_malicious_pickle_raises(served, tmp_path):
    root, cache = served
    marker = tmp_path / "ran"
    members = {"train": pickle.dumps({b"fine_labels": [1], b"data": _Payload(marker)}, protocol=2),
               "test": pickle.dumps({b"fine_labels": [1], b"data": _images(1, 0)}, protocol=2)}
    (root / "cifar-100-python.tar.gz").write_bytes(_tar_gz("cifar-100-python", members))
    with pytest.raises(pickle.UnpicklingError, match="system is not allowed"):
        tf.keras.datasets.cifar100.load_data(cache_dir=cache)
    assert not marker.exists()


# --- imdb and reuters ------------------------------------------------------------------------------

def _ragged(lists):
    array = np.empty(len(lists), dtype=object)
    array[:] = lists
    return array


def _write_npz(path, **arrays):
    buffer = io.BytesIO()
    np.savez(buffer, **arrays)
    path.write_bytes(buffer.getvalue())


_TRAIN = [[1, 2, 3], [4, 5], [6]]
_TEST = [[7, 8], [9]]


def _imdb_orders():
    """The orders Keras draws: one generator seeded once, train shuffled first, then test."""
    np.random.seed(113)
    train = np.arange(3)
    np.random.shuffle(train)
    test = np.arange(2)
    np.random.shuffle(test)
    return train.tolist(), test.tolist()


@pytest.fixture
def imdb(served):
    root, cache = served
    _write_npz(root / "imdb.npz", x_train=_ragged(_TRAIN), y_train=np.array([0, 1, 0]),
               x_test=_ragged(_TEST), y_test=np.array([1, 0]))
    return functools.partial(tf.keras.datasets.imdb.load_data, cache_dir=cache)


def _check(result, expected_train, expected_test):
    (x_train, y_train), (x_test, y_test) = result
    assert x_train.dtype == object and x_train.shape == (len(expected_train),)
    assert [list(x) for x in x_train] == [x for x, _ in expected_train]
    assert y_train.tolist() == [y for _, y in expected_train]
    assert [list(x) for x in x_test] == [x for x, _ in expected_test]
    assert y_test.tolist() == [y for _, y in expected_test]


def test_imdb_defaults_offset_by_index_from_and_the_largest_index_is_oov(imdb):
    # start_char 1, words + 3; num_words defaults to the largest index (12), which [0, 12) makes oov (2).
    train = {0: [1, 4, 5, 6], 1: [1, 7, 8], 2: [1, 9]}
    test = {0: [1, 10, 11], 1: [1, 2]}
    order_train, order_test = _imdb_orders()
    _check(imdb(), [(train[i], [0, 1, 0][i]) for i in order_train], [(test[i], [1, 0][i]) for i in order_test])


def test_imdb_num_words_and_skip_top(imdb):
    # keep [4, 7): the start char 1 and 7.. become 2
    train = {0: [2, 4, 5, 6], 1: [2, 2, 2], 2: [2, 2]}
    test = {0: [2, 2, 2], 1: [2, 2]}
    order_train, order_test = _imdb_orders()
    _check(imdb(num_words=7, skip_top=4), [(train[i], [0, 1, 0][i]) for i in order_train],
           [(test[i], [1, 0][i]) for i in order_test])


def test_imdb_maxlen_keeps_shorter_sequences(imdb):
    # len < 3 after the start char: train sample 2 ([1, 9]), test sample 1 ([1, 12] -> 12 is the largest: oov)
    _check(imdb(maxlen=3), [([1, 9], 0)], [([1, 2], 0)])
    with pytest.raises(ValueError, match="no sequence was kept"):
        imdb(maxlen=2)


def test_imdb_without_start_char_offset_or_oov(imdb):
    # words as stored; the largest (9) is outside [0, 9) and dropped
    train = {0: [1, 2, 3], 1: [4, 5], 2: [6]}
    test = {0: [7, 8], 1: []}
    order_train, order_test = _imdb_orders()
    _check(imdb(start_char=None, index_from=0, oov_char=None), [(train[i], [0, 1, 0][i]) for i in order_train],
           [(test[i], [1, 0][i]) for i in order_test])


def test_imdb_index_from_and_seed(imdb):
    np.random.seed(5)
    train = np.arange(3)
    np.random.shuffle(train)
    test = np.arange(2)
    np.random.shuffle(test)
    (x_train, y_train), (x_test, _) = imdb(seed=5, index_from=10, num_words=100)
    assert [list(x) for x in x_train] == [[1] + [w + 10 for w in _TRAIN[i]] for i in train]
    assert [list(x) for x in x_test] == [[1] + [w + 10 for w in _TEST[i]] for i in test]
    assert y_train.tolist() == [[0, 1, 0][i] for i in train]


def test_imdb_nb_words_and_unknown_arguments(imdb):
    with pytest.warns(UserWarning, match="renamed `num_words`"):
        (x_train, _), _ = imdb(nb_words=5)
    assert max(max(x) for x in x_train) < 5
    with pytest.raises(TypeError, match="Unrecognized keyword arguments"):
        imdb(words=5)


def test_imdb_with_a_malicious_object_array_raises(served, tmp_path):
    root, cache = served
    marker = tmp_path / "ran"
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name in ["x_train", "y_train", "x_test", "y_test"]:
            archive.writestr(name + ".npy", _npy(object, (1,), pickle.dumps(_Payload(marker), protocol=3)))
    (root / "imdb.npz").write_bytes(buffer.getvalue())
    with pytest.raises(pickle.UnpicklingError, match="system is not allowed"):
        tf.keras.datasets.imdb.load_data(cache_dir=cache)
    assert not marker.exists()


def test_reuters_reads_x_y_and_splits_with_test_split(served):
    root, cache = served
    xs = [[1, 2], [3], [4, 5, 6], [7], [8, 9]]
    labels = np.array([10, 11, 12, 13, 14])
    _write_npz(root / "reuters.npz", x=_ragged(xs), y=labels)
    np.random.seed(113)
    order = np.arange(5)
    np.random.shuffle(order)
    (x_train, y_train), (x_test, y_test) = tf.keras.datasets.reuters.load_data(cache_dir=cache, num_words=20)
    expected = [[1] + [w + 3 for w in xs[i]] for i in order]
    assert [list(x) for x in x_train] == expected[:4] and [list(x) for x in x_test] == expected[4:]
    assert y_train.tolist() == labels[order[:4]].tolist() and y_test.tolist() == labels[order[4:]].tolist()
    (x_train, y_train), (x_test, _) = tf.keras.datasets.reuters.load_data(cache_dir=cache, test_split=0.5, maxlen=3)
    short = [i for i in order if len(xs[i]) + 1 < 3]  # [1, w + 3] of one-word wires; the largest (10) is oov
    assert [list(x) for x in x_train] == [[1, xs[i][0] + 3 if xs[i][0] + 3 < 10 else 2] for i in short[:1]]
    assert len(x_test) == 1 and y_train.tolist() == labels[short[:1]].tolist()


def test_get_word_index_reads_the_json_into_the_keras_cache(served):
    root, _ = served
    (root / "imdb_word_index.json").write_text('{"the": 1, "and": 2}')
    (root / "reuters_word_index.json").write_text('{"said": 1}')
    assert tf.keras.datasets.imdb.get_word_index() == {"the": 1, "and": 2}
    assert tf.keras.datasets.reuters.get_word_index() == {"said": 1}
    assert os.path.exists(os.path.join(os.environ["HOME"], ".keras", "datasets", "imdb_word_index.json"))
