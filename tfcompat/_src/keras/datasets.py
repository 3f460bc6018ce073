"""tf.keras.utils.get_file and the tf.keras.datasets loaders that read Keras's cached files
(mnist, fashion_mnist, boston_housing; the pickled ones are in datasets_pickled), as TF 1.15's Keras.

get_file keeps Keras's cache layout (``~/.keras/<cache_subdir>/<fname>``, ``/tmp/.keras`` when
that is not writable), downloads a missing file over HTTP(S) with a progress bar and a timeout
(never a hang), re-downloads a file whose hash differs, and, when a download cannot happen, uses
a present file with one warning, or raises an error naming the URL, the path looked at and how to
place the file there.  The loaders never unpickle: .npz files are read with allow_pickle=False.
"""

import gzip
import hashlib
import os
import sys
import time

import numpy as np

from ..registry import PARTIAL, export
from ..util.user_warnings import warn

_TIMEOUT_S = 30
_ORIGIN = "https://storage.googleapis.com/tensorflow/tf-keras-datasets/"


def _hash_file(path, algorithm, chunk_size=65535):
    hasher = hashlib.sha256() if algorithm == "sha256" else hashlib.md5()
    with open(path, "rb") as file:
        for chunk in iter(lambda: file.read(chunk_size), b""):
            hasher.update(chunk)
    return hasher.hexdigest()


def _algorithm(file_hash, hash_algorithm):
    if hash_algorithm == "sha256" or (hash_algorithm == "auto" and len(file_hash) == 64):
        return "sha256"
    return "md5"


def validate_file(fpath, file_hash, algorithm="auto"):
    """Whether the file at ``fpath`` has the hash ``file_hash`` (sha256 for 64 hex digits, else md5)."""
    return str(_hash_file(fpath, _algorithm(file_hash, algorithm))) == str(file_hash)


class _Progress:
    """Keras's download progress line: ``  8192/11490434 [..............................] - ETA: 3s``."""

    def __init__(self, total, width=30):
        self.total, self.stream, self.width, self.start = total, sys.stdout, width, time.time()

    def update(self, done):
        if self.total:
            filled = int(self.width * min(done / self.total, 1.0))
            bar = "=" * max(filled - 1, 0) + (">" if filled < self.width else "=") + "." * (self.width - filled)
            elapsed = time.time() - self.start
            eta = elapsed / done * (self.total - done) if done else 0
            digits = len(str(self.total))
            self.stream.write(f"\r{done:{digits}d}/{self.total} [{bar}] - ETA: {int(eta)}s")
        else:
            self.stream.write(f"\r{done} bytes")
        self.stream.flush()

    def finish(self):
        self.stream.write("\n")
        self.stream.flush()


def _download(origin, fpath):
    import urllib.request  # (http.client, email ...): on first download, not with tfcompat
    partial = fpath + ".part"
    try:
        with urllib.request.urlopen(origin, timeout=_TIMEOUT_S) as response, open(partial, "wb") as out:
            total = int(response.headers.get("Content-Length") or 0)
            progress, done = _Progress(total), 0
            while True:
                chunk = response.read(8192)
                if not chunk:
                    break
                out.write(chunk)
                done += len(chunk)
                progress.update(done)
            progress.finish()
        os.replace(partial, fpath)
    finally:
        if os.path.exists(partial):
            os.remove(partial)


def _fetch_error(origin, error):
    import urllib.error
    if isinstance(error, urllib.error.HTTPError):
        return f"URL fetch failure on {origin}: {error.code} -- {error.msg}"
    reason = getattr(error, "reason", error)
    return f"URL fetch failure on {origin}: {getattr(error, 'errno', None)} -- {reason}"


def _extract_archive(file_path, path, archive_format="auto"):
    import tarfile
    import zipfile
    formats = ["tar", "zip"] if archive_format == "auto" else (
        [archive_format] if isinstance(archive_format, str) else list(archive_format or []))
    for kind in formats:
        opener, is_archive = (tarfile.open, tarfile.is_tarfile) if kind == "tar" else (zipfile.ZipFile,
                                                                                         zipfile.is_zipfile)
        if is_archive(file_path):
            with opener(file_path) as archive:
                if kind == "tar":
                    archive.extractall(path, filter="data")
                else:
                    archive.extractall(path)
            return True
    return False


@export("keras.utils.get_file", status=PARTIAL,
        note="A failed download whose file is present uses that file with a warning; with no file it raises "
             "an error naming the URL and the path to place the file at.")
def get_file(fname=None, origin=None, untar=False, md5_hash=None, file_hash=None, cache_subdir="datasets",
             hash_algorithm="auto", extract=False, archive_format="auto", cache_dir=None):
    """The local path of ``fname``, downloaded from ``origin`` into Keras's cache when absent."""
    if fname is None or origin is None:
        raise ValueError('Please specify the "fname" and "origin" arguments.')
    base = os.path.expanduser(cache_dir or os.path.join("~", ".keras"))
    if not os.access(base, os.W_OK) and os.path.exists(base):
        base = os.path.join("/tmp", ".keras")
    datadir = os.path.join(base, cache_subdir)
    os.makedirs(datadir, exist_ok=True)
    if md5_hash is not None and file_hash is None:
        file_hash, hash_algorithm = md5_hash, "md5"
    untar_fpath = os.path.join(datadir, fname)
    fpath = untar_fpath + ".tar.gz" if untar else untar_fpath

    present = os.path.exists(fpath)
    download = not present
    if present and file_hash is not None and not validate_file(fpath, file_hash, hash_algorithm):
        algorithm = _algorithm(file_hash, hash_algorithm)
        print(f"A local file was found, but it seems to be incomplete or outdated because the {algorithm} file "
              f"hash does not match the original value of {file_hash} so we will re-download the data.")
        download = True
    if download:
        print("Downloading data from", origin)
        try:
            _download(origin, fpath)
        except (OSError, ValueError) as error:  # urllib's URLError is an OSError
            if present:
                warn(f"{fpath}: its hash does not match {file_hash} and the download failed "
                     f"({_fetch_error(origin, error)}); using the file that is there.")
            else:
                raise Exception(  # Keras raises a bare Exception here
                    f"{_fetch_error(origin, error)}. tfcompat looked for {fpath}: download {origin} and place it "
                    f"there (or pass cache_dir=) to use it offline.") from None
    if untar:
        if not os.path.exists(untar_fpath):
            _extract_archive(fpath, datadir, archive_format="tar")
        return untar_fpath
    if extract:
        _extract_archive(fpath, datadir, archive_format)
    return fpath


# --- loaders -------------------------------------------------------------------------------------

@export("keras.datasets.mnist.load_data")
def mnist_load_data(path="mnist.npz", cache_dir=None):
    """((x_train, y_train), (x_test, y_test)) of MNIST from Keras's ``mnist.npz``: uint8 images [N, 28, 28]."""
    path = get_file(path, origin=_ORIGIN + "mnist.npz", cache_dir=cache_dir,
                    file_hash="731c5ac602752760c8e48fbffcf8c3b850d9dc2a2aedcf2cc48468fc17b673d1")
    with np.load(path, allow_pickle=False) as data:
        return (data["x_train"], data["y_train"]), (data["x_test"], data["y_test"])


def _idx(path, offset):
    with gzip.open(path, "rb") as file:
        return np.frombuffer(file.read(), np.uint8, offset=offset)


@export("keras.datasets.fashion_mnist.load_data")
def fashion_mnist_load_data(cache_dir=None):
    """((x_train, y_train), (x_test, y_test)) of Fashion-MNIST from Keras's four gzipped IDX files."""
    dirname = os.path.join("datasets", "fashion-mnist")
    names = ["train-labels-idx1-ubyte.gz", "train-images-idx3-ubyte.gz", "t10k-labels-idx1-ubyte.gz",
             "t10k-images-idx3-ubyte.gz"]
    paths = [get_file(name, origin=_ORIGIN + "fashion-mnist/" + name, cache_subdir=dirname, cache_dir=cache_dir)
             for name in names]
    y_train, y_test = _idx(paths[0], 8), _idx(paths[2], 8)
    x_train = _idx(paths[1], 16).reshape(len(y_train), 28, 28)
    x_test = _idx(paths[3], 16).reshape(len(y_test), 28, 28)
    return (x_train, y_train), (x_test, y_test)


@export("keras.datasets.boston_housing.load_data")
def boston_housing_load_data(path="boston_housing.npz", test_split=0.2, seed=113, cache_dir=None):
    """((x_train, y_train), (x_test, y_test)) of the Boston housing data, shuffled with ``seed`` as Keras does."""
    if not 0 <= test_split < 1:
        raise AssertionError("test_split must be in [0, 1)")
    path = get_file(path, origin=_ORIGIN + "boston_housing.npz", cache_dir=cache_dir,
                    file_hash="f553886a1f8d56431e820c5b82552d9d95cfcb96d1e678153f8839538947dff5")
    with np.load(path, allow_pickle=False) as data:
        x, y = data["x"], data["y"]
    indices = np.arange(len(x))
    np.random.RandomState(seed).shuffle(indices)
    x, y = x[indices], y[indices]
    split = int(len(x) * (1 - test_split))
    return (np.array(x[:split]), np.array(y[:split])), (np.array(x[split:]), np.array(y[split:]))

