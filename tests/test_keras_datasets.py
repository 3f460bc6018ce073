"""tf.keras.utils.get_file against a local HTTP server the test starts on 127.0.0.1, and the dataset
loaders on small files written in Keras's formats."""

import functools
import gzip
import hashlib
import http.server
import io
import os
import tarfile
import threading

import numpy as np
import pytest

import tfcompat as tf


@pytest.fixture
def server(tmp_path):
    root = tmp_path / "served"
    root.mkdir()
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(root))
    handler.log_message = lambda *args: None
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield root, f"http://127.0.0.1:{httpd.server_address[1]}/"
    httpd.shutdown()
    httpd.server_close()


def _sha256(data):
    return hashlib.sha256(data).hexdigest()


def test_get_file_downloads_into_the_keras_cache(server, tmp_path, capsys):
    root, url = server
    (root / "data.bin").write_bytes(b"x" * 20000)
    cache = str(tmp_path / "cache")
    path = tf.keras.utils.get_file("data.bin", url + "data.bin", cache_dir=cache, file_hash=_sha256(b"x" * 20000))
    assert path == os.path.join(cache, "datasets", "data.bin")
    assert open(path, "rb").read() == b"x" * 20000
    printed = capsys.readouterr().out
    assert "Downloading data from " + url + "data.bin" in printed and "20000/20000 [====" in printed
    (root / "data.bin").write_bytes(b"changed")  # a present file with the right hash is not fetched again
    assert open(tf.keras.utils.get_file("data.bin", url + "data.bin", cache_dir=cache), "rb").read() == b"x" * 20000


def test_a_file_with_another_hash_is_downloaded_again(server, tmp_path, capsys):
    root, url = server
    (root / "d.npz").write_bytes(b"new")
    cache = tmp_path / "cache"
    (cache / "datasets").mkdir(parents=True)
    (cache / "datasets" / "d.npz").write_bytes(b"old")
    path = tf.keras.utils.get_file("d.npz", url + "d.npz", cache_dir=str(cache), file_hash=_sha256(b"new"))
    assert open(path, "rb").read() == b"new"
    assert "hash does not match the original value" in capsys.readouterr().out


def test_offline_uses_a_present_file_with_one_warning(tmp_path):
    cache = tmp_path / "cache"
    (cache / "datasets").mkdir(parents=True)
    (cache / "datasets" / "d.npz").write_bytes(b"old")
    with pytest.warns(UserWarning, match="download failed"):
        path = tf.keras.utils.get_file("d.npz", "http://127.0.0.1:9/d.npz", cache_dir=str(cache),
                                       file_hash=_sha256(b"new"))
    assert open(path, "rb").read() == b"old"


def test_offline_without_the_file_names_url_and_path(tmp_path):
    with pytest.raises(Exception, match=r"URL fetch failure on http://127.0.0.1:9/none.npz.*looked for .*none.npz"):
        tf.keras.utils.get_file("none.npz", "http://127.0.0.1:9/none.npz", cache_dir=str(tmp_path))
    assert not os.path.exists(tmp_path / "datasets" / "none.npz")


def test_http_error_is_keras_message(server, tmp_path):
    _, url = server
    with pytest.raises(Exception, match="URL fetch failure on .*missing.bin: 404 -- "):
        tf.keras.utils.get_file("missing.bin", url + "missing.bin", cache_dir=str(tmp_path))


def test_untar_and_extract(server, tmp_path):
    root, url = server
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as archive:
        info = tarfile.TarInfo("folder/a.txt")
        info.size = 2
        archive.addfile(info, io.BytesIO(b"hi"))
    (root / "folder.tar.gz").write_bytes(buffer.getvalue())
    path = tf.keras.utils.get_file("folder", url + "folder.tar.gz", untar=True, cache_dir=str(tmp_path))
    assert path == os.path.join(str(tmp_path), "datasets", "folder")
    assert open(os.path.join(path, "a.txt"), "rb").read() == b"hi"


def _cache_with(tmp_path, name, data, subdir="datasets"):
    folder = tmp_path / "keras" / subdir
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_bytes(data)
    return str(tmp_path / "keras")


def test_mnist_reads_the_keras_npz(tmp_path, monkeypatch):
    rng = np.random.default_rng(0)
    arrays = {"x_train": rng.integers(0, 256, (5, 28, 28)).astype(np.uint8), "y_train": np.arange(5, dtype=np.uint8),
              "x_test": rng.integers(0, 256, (2, 28, 28)).astype(np.uint8), "y_test": np.arange(2, dtype=np.uint8)}
    buffer = io.BytesIO()
    np.savez(buffer, **arrays)
    cache = _cache_with(tmp_path, "mnist.npz", buffer.getvalue())
    # The file's hash is not Keras's: without network the present file is used, with a warning.
    monkeypatch.setattr("tfcompat._src.keras.datasets._ORIGIN", "http://127.0.0.1:9/")
    with pytest.warns(UserWarning):
        (x_train, y_train), (x_test, y_test) = tf.keras.datasets.mnist.load_data(cache_dir=cache)
    assert np.array_equal(x_train, arrays["x_train"]) and y_test.tolist() == [0, 1]


def test_fashion_mnist_reads_gzipped_idx(tmp_path):
    def idx(array, header):
        return gzip.compress(header + array.tobytes())
    images = np.arange(3 * 28 * 28, dtype=np.uint8).reshape(3, 28, 28)
    labels = np.array([4, 5, 6], np.uint8)
    for name, data in [("train-labels-idx1-ubyte.gz", idx(labels, b"\0" * 8)),
                       ("train-images-idx3-ubyte.gz", idx(images, b"\0" * 16)),
                       ("t10k-labels-idx1-ubyte.gz", idx(labels[:1], b"\0" * 8)),
                       ("t10k-images-idx3-ubyte.gz", idx(images[:1], b"\0" * 16))]:
        cache = _cache_with(tmp_path, name, data, os.path.join("datasets", "fashion-mnist"))
    (x_train, y_train), (x_test, y_test) = tf.keras.datasets.fashion_mnist.load_data(cache_dir=cache)
    assert x_train.shape == (3, 28, 28) and np.array_equal(x_train, images)
    assert y_train.tolist() == [4, 5, 6] and x_test.shape == (1, 28, 28)


def test_boston_housing_shuffles_with_the_seed(tmp_path, monkeypatch):
    x, y = np.arange(20, dtype=np.float64).reshape(10, 2), np.arange(10, dtype=np.float64)
    buffer = io.BytesIO()
    np.savez(buffer, x=x, y=y)
    cache = _cache_with(tmp_path, "boston_housing.npz", buffer.getvalue())
    monkeypatch.setattr("tfcompat._src.keras.datasets._ORIGIN", "http://127.0.0.1:9/")
    with pytest.warns(UserWarning):
        (x_train, y_train), (x_test, y_test) = tf.keras.datasets.boston_housing.load_data(cache_dir=cache)
    order = np.arange(10)
    np.random.RandomState(113).shuffle(order)
    assert y_train.tolist() == order[:8].tolist() and y_test.tolist() == order[8:].tolist()
    assert np.array_equal(x_train, x[order[:8]])
