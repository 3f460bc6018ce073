"""tf.gfile and tf.io.gfile: TF 1.15's file API (tensorflow/python/lib/io/file_io.py) on local paths.

``MkDir`` of an existing path raises AlreadyExistsError ("<path>; File exists"), as TF 1.15's posix
CreateDir did (TF 2.x's create_dir returns quietly).

Failures are TF's error classes with its posix file system's messages ("<path>; No such file or
directory" is a NotFoundError, "file already exists" an AlreadyExistsError ...).  Paths may be
plain or ``file://``; any other scheme (``gs://``, ``hdfs://`` ...) raises UnimplementedError,
tfcompat having no file system for it.
"""

import errno
import glob as _glob
import os
import shutil

from ..framework import errors
from ..registry import export

_ERRNO_CLASSES = {
    errno.ENOENT: errors.NotFoundError,
    errno.EEXIST: errors.AlreadyExistsError,
    errno.EISDIR: errors.FailedPreconditionError,
    errno.ENOTDIR: errors.FailedPreconditionError,
    errno.ENOTEMPTY: errors.FailedPreconditionError,
    errno.EACCES: errors.PermissionDeniedError,
    errno.EPERM: errors.PermissionDeniedError,
    errno.EROFS: errors.PermissionDeniedError,
    errno.ENOSPC: errors.ResourceExhaustedError,
}


def _error(cls, message):
    return cls(None, None, message)


def io_error(path, error):
    """TF's IOError(name, errno): "<path>; <strerror>" in the class TF maps the errno to."""
    cls = _ERRNO_CLASSES.get(error.errno, errors.UnknownError)
    return _error(cls, f"{path}; {os.strerror(error.errno) if error.errno else error}")


def _local(path):
    """The local file system path of ``path`` (str, bytes or os.PathLike); other schemes raise."""
    if isinstance(path, bytes):
        path = path.decode("utf-8")
    elif isinstance(path, os.PathLike):
        path = os.fspath(path)
    if not isinstance(path, str):
        raise TypeError(f"Expected a file path (str or bytes), got {type(path).__name__}: {path!r}")
    scheme, separator, rest = path.partition("://")
    if not separator:
        return path
    if scheme == "file":
        return rest
    raise _error(errors.UnimplementedError, f"File system scheme '{scheme}' not implemented (file: '{path}'): "
                                            "tfcompat reads and writes local files only")


# --- GFile ---------------------------------------------------------------------------------------

_MODES = frozenset({"r", "w", "a", "r+", "w+", "a+"})


@export("gfile.GFile", "gfile.Open", "io.gfile.GFile")
class GFile:
    """A file with TF's GFile interface: opened on first use, text mode decodes UTF-8, ``write`` takes
    str or bytes in both modes, ``tell``/``seek``/``size`` count bytes."""

    def __init__(self, name, mode="r"):
        self.__name = name
        self.__path = _local(name)
        mode_text = str(mode)
        self.__binary = "b" in mode_text
        self.__mode = mode_text.replace("b", "")
        if self.__mode not in _MODES:
            raise _error(errors.InvalidArgumentError, "mode is not 'r' or 'w' or 'a' or 'r+' or 'w+' or 'a+'")
        self.__read_check = "r" in self.__mode or "+" in self.__mode
        self.__write_check = self.__mode != "r"
        self.__reader = None  # TF reads and writes through separate streams, each opened on first use
        self.__writer = None

    @property
    def name(self):
        return self.__name

    @property
    def mode(self):
        return self.__mode + ("b" if self.__binary else "")

    def __open(self, os_mode):
        try:
            return open(self.__path, os_mode)
        except OSError as error:
            raise io_error(self.__name, error) from None

    def __readable(self):
        if not self.__read_check:
            raise _error(errors.PermissionDeniedError, "File isn't open for reading")
        if self.__reader is None:
            self.__reader = self.__open("rb")
        return self.__reader

    def __writable(self):
        if not self.__write_check:
            raise _error(errors.PermissionDeniedError, "File isn't open for writing")
        if self.__writer is None:
            self.__writer = self.__open("ab" if "a" in self.__mode else "wb")
        return self.__writer

    def __text(self, data):
        return data if self.__binary else data.decode("utf-8")

    def size(self):
        """The file's length in bytes."""
        return stat(self.__name).length

    def write(self, file_content):
        """Writes ``file_content`` (str, encoded as UTF-8, or bytes)."""
        if isinstance(file_content, str):
            file_content = file_content.encode("utf-8")
        elif not isinstance(file_content, (bytes, bytearray, memoryview)):
            raise TypeError(f"Expected str or bytes to write, got {type(file_content).__name__}")
        writer = self.__writable()
        try:
            writer.write(file_content)
        except OSError as error:
            raise io_error(self.__name, error) from None

    def read(self, n=-1):
        """``n`` bytes (all the rest when ``n`` is -1), as str in text mode."""
        if n is None:
            n = -1
        if n < -1:
            raise _error(errors.InvalidArgumentError, f"read: n must be -1 (everything) or >= 0, not {n}")
        reader = self.__readable()
        try:
            return self.__text(reader.read(int(n)))
        except OSError as error:
            raise io_error(self.__name, error) from None

    def readline(self):
        reader = self.__readable()
        try:
            return self.__text(reader.readline())
        except OSError as error:
            raise io_error(self.__name, error) from None

    def readlines(self):
        return list(self)

    def seek(self, offset=None, whence=0, position=None):
        """Moves to byte ``offset`` (``position`` is its deprecated name) from ``whence`` (0, 1 or 2)."""
        if offset is None and position is None:
            raise TypeError("seek(): offset argument required")
        if offset is not None and position is not None:
            raise TypeError("seek(): offset and position may not be set simultaneously.")
        offset = position if offset is None else offset
        if whence not in (0, 1, 2):
            raise _error(errors.InvalidArgumentError,
                         f"Invalid whence argument: {whence}. Valid values are 0, 1, or 2.")
        reader = self.__readable()
        try:
            reader.seek(int(offset), whence)
        except (OSError, ValueError, OverflowError) as error:
            raise _error(errors.InvalidArgumentError, f"{self.__name}: cannot seek to {offset}: {error}") from None

    def tell(self):
        if self.__read_check:
            return self.__readable().tell()
        return self.__writable().tell()

    def flush(self):
        if self.__writer is not None:
            self.__writer.flush()

    def close(self):
        for stream in (self.__reader, self.__writer):
            if stream is not None:
                stream.close()
        self.__reader = self.__writer = None

    def seekable(self):
        return True

    def __iter__(self):
        return self

    def __next__(self):
        line = self.readline()
        if not line:
            raise StopIteration
        return line

    next = __next__

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


@export("gfile.FastGFile")
class FastGFile(GFile):
    """TF 1.x's deprecated FastGFile: the same file API as GFile."""


# --- paths ----------------------------------------------------------------------------------------

@export("io.gfile.exists")
def exists(path):
    return os.path.exists(_local(path))


@export("io.gfile.isdir")
def isdir(path):
    return os.path.isdir(_local(path))


class FileStatistics:
    """What Stat returns: ``length`` (bytes), ``mtime_nsec`` and ``is_directory``."""

    __slots__ = ("length", "mtime_nsec", "is_directory")

    def __init__(self, length, mtime_nsec, is_directory):
        self.length = length
        self.mtime_nsec = mtime_nsec
        self.is_directory = is_directory

    def __repr__(self):
        return f"FileStatistics(length={self.length}, mtime_nsec={self.mtime_nsec}, is_directory={self.is_directory})"


@export("io.gfile.stat")
def stat(path):
    try:
        result = os.stat(_local(path))
    except OSError as error:
        raise io_error(path, error) from None
    return FileStatistics(result.st_size, result.st_mtime_ns, os.path.isdir(_local(path)))


@export("io.gfile.join")
def join(path, *paths):
    return os.path.join(path, *paths)


@export("io.gfile.get_registered_schemes")
def get_registered_schemes():
    """The URI schemes tfcompat reads: local paths ("" and "file")."""
    return ["file", ""]


@export("io.gfile.listdir")
def listdir(path):
    local = _local(path)
    if not os.path.isdir(local):
        raise _error(errors.NotFoundError, f"Could not find directory {path}")
    try:
        return os.listdir(local)
    except OSError as error:
        raise io_error(path, error) from None


@export("gfile.Glob")
def Glob(filename):
    """The paths matching ``filename`` (a pattern, or a list of patterns whose matches are concatenated)."""
    patterns = filename if isinstance(filename, (list, tuple)) else [filename]
    matches = []
    for pattern in patterns:
        local = _local(pattern)
        prefix = pattern[:len(pattern) - len(local)] if isinstance(pattern, str) else ""
        matches += [prefix + match for match in _glob.glob(local, include_hidden=True)]
    return matches


@export("io.gfile.glob")
def glob(pattern):
    return Glob(pattern)


@export("gfile.Walk")
def Walk(top, in_order=True):
    """(directory, subdirectory names, file names) for ``top`` and each directory below it, parents first
    when ``in_order``; nothing when ``top`` is no directory."""
    return walk(top, topdown=in_order)


@export("io.gfile.walk")
def walk(top, topdown=True, onerror=None):
    local = _local(top)
    if not os.path.isdir(local):
        return
    try:
        names = listdir(top)
    except errors.NotFoundError as error:
        if onerror is not None:
            onerror(error)
        return
    subdirectories = [name for name in names if os.path.isdir(os.path.join(local, name))]
    files = [name for name in names if name not in subdirectories]
    if topdown:
        yield top, subdirectories, files
    for subdirectory in subdirectories:
        yield from walk(os.path.join(top, subdirectory), topdown, onerror)
    if not topdown:
        yield top, subdirectories, files


# --- changes -------------------------------------------------------------------------------------

@export("io.gfile.mkdir")
def mkdir(path):
    """Creates the directory ``path``; its parent must exist, and ``path`` must not (TF 1.15's CreateDir)."""
    try:
        os.mkdir(_local(path), 0o755)
    except OSError as error:
        raise io_error(path, error) from None


@export("io.gfile.makedirs")
def makedirs(path):
    """Creates ``path`` and its missing parents; an existing directory is fine."""
    local = _local(path)
    parent = local
    while parent and not os.path.exists(parent):
        parent = os.path.dirname(parent.rstrip("/"))
    if parent and not os.path.isdir(parent):
        raise _error(errors.FailedPreconditionError, f"{parent} is not a directory")
    try:
        os.makedirs(local, 0o755, exist_ok=True)
    except OSError as error:
        raise io_error(path, error) from None


@export("io.gfile.copy")
def copy(src, dst, overwrite=False):
    oldpath, newpath = src, dst
    old, new = _local(oldpath), _local(newpath)
    if not overwrite and os.path.exists(new):
        raise _error(errors.AlreadyExistsError, "file already exists")
    try:
        if os.path.isdir(old):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR))
        shutil.copyfile(old, new)
    except OSError as error:
        raise io_error(oldpath if not os.path.exists(old) or os.path.isdir(old) else newpath, error) from None


@export("io.gfile.rename")
def rename(src, dst, overwrite=False):
    oldname, newname = src, dst
    old, new = _local(oldname), _local(newname)
    if not overwrite and os.path.exists(new):
        raise _error(errors.AlreadyExistsError, "file already exists")
    try:
        os.rename(old, new)
    except OSError as error:
        raise io_error(oldname if not os.path.exists(old) else newname, error) from None


@export("io.gfile.remove")
def remove(path):
    """Deletes the file ``path`` (a directory is FailedPreconditionError, as TF's DeleteFile)."""
    try:
        os.unlink(_local(path))
    except OSError as error:
        raise io_error(path, error) from None


@export("io.gfile.rmtree")
def rmtree(path):
    """Deletes ``path``, a directory with everything below it or a single file."""
    local = _local(path)
    if not os.path.lexists(local):
        raise _error(errors.NotFoundError, f"{path} not found")
    try:
        if os.path.isdir(local) and not os.path.islink(local):
            shutil.rmtree(local)
        else:
            os.unlink(local)
    except OSError as error:
        raise io_error(path, error) from None


# --- TF 1.x's names (tf.gfile), whose parameters are named differently --------------------------

@export("gfile.Exists")
def Exists(filename):
    return exists(filename)


@export("gfile.IsDirectory")
def IsDirectory(dirname):
    return isdir(dirname)


@export("gfile.Stat")
def Stat(filename):
    return stat(filename)


@export("gfile.ListDirectory")
def ListDirectory(dirname):
    return listdir(dirname)


@export("gfile.MkDir")
def MkDir(dirname):
    return mkdir(dirname)


@export("gfile.MakeDirs")
def MakeDirs(dirname):
    return makedirs(dirname)


@export("gfile.Copy")
def Copy(oldpath, newpath, overwrite=False):
    return copy(oldpath, newpath, overwrite)


@export("gfile.Rename")
def Rename(oldname, newname, overwrite=False):
    return rename(oldname, newname, overwrite)


@export("gfile.Remove")
def Remove(filename):
    return remove(filename)


@export("gfile.DeleteRecursively")
def DeleteRecursively(dirname):
    return rmtree(dirname)
