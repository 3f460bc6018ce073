"""tf.gfile / tf.io.gfile: TF's error classes and messages (recorded from TF 2.21's posix file system,
whose messages are TF 1.15's), text and binary modes, and unsupported schemes."""

import os

import pytest

import tfcompat as tf

gfile = tf.gfile


@pytest.fixture
def d(tmp_path):
    path = str(tmp_path / "x")
    gfile.MakeDirs(path + "/a/b")
    with gfile.GFile(path + "/f.txt", "w") as f:
        f.write("ab\ncd\n")
        f.write("é")
    return path


@pytest.mark.parametrize("call, cls, message", [
    (lambda d: gfile.GFile(d + "/nofile").read(), "NotFoundError", "{d}/nofile; No such file or directory"),
    (lambda d: gfile.Remove(d + "/nofile"), "NotFoundError", "{d}/nofile; No such file or directory"),
    (lambda d: gfile.Stat(d + "/nofile"), "NotFoundError", "{d}/nofile; No such file or directory"),
    (lambda d: gfile.ListDirectory(d + "/nofile"), "NotFoundError", "Could not find directory {d}/nofile"),
    (lambda d: gfile.ListDirectory(d + "/f.txt"), "NotFoundError", "Could not find directory {d}/f.txt"),
    (lambda d: gfile.DeleteRecursively(d + "/nofile"), "NotFoundError", "{d}/nofile not found"),
    (lambda d: gfile.Copy(d + "/nofile", d + "/h.txt"), "NotFoundError", "{d}/nofile; No such file or directory"),
    (lambda d: gfile.Copy(d + "/f.txt", d + "/f.txt"), "AlreadyExistsError", "file already exists"),
    (lambda d: gfile.Rename(d + "/nofile", d + "/k.txt"), "NotFoundError", "{d}/nofile; No such file or directory"),
    (lambda d: gfile.MakeDirs(d + "/f.txt"), "FailedPreconditionError", "{d}/f.txt is not a directory"),
    (lambda d: gfile.MakeDirs(d + "/f.txt/z"), "FailedPreconditionError", "{d}/f.txt is not a directory"),
    (lambda d: gfile.MkDir(d + "/nofile/z"), "NotFoundError", "{d}/nofile/z; No such file or directory"),
    (lambda d: gfile.MkDir(d), "AlreadyExistsError", "{d}; File exists"),  # TF 1.15 (TF 2.x returns)
    (lambda d: gfile.Remove(d), "FailedPreconditionError", "{d}; Is a directory"),
    (lambda d: gfile.GFile(d, "r").read(), "FailedPreconditionError", "{d}; Is a directory"),
    (lambda d: gfile.GFile(d + "/h.txt", "x"), "InvalidArgumentError",
     "mode is not 'r' or 'w' or 'a' or 'r+' or 'w+' or 'a+'"),
    (lambda d: gfile.GFile(d + "/f.txt", "r").write("a"), "PermissionDeniedError", "File isn't open for writing"),
    (lambda d: gfile.GFile(d + "/h.txt", "w").read(), "PermissionDeniedError", "File isn't open for reading"),
])
def test_errors_as_tf(d, call, cls, message):
    with pytest.raises(getattr(tf.errors, cls)) as info:
        call(d)
    assert str(info.value) == message.format(d=d)


def test_text_and_binary_reads(d):
    assert gfile.GFile(d + "/f.txt").read() == "ab\ncd\né"
    assert gfile.GFile(d + "/f.txt", "rb").read() == b"ab\ncd\n\xc3\xa9"
    assert list(gfile.GFile(d + "/f.txt")) == ["ab\n", "cd\n", "é"]
    assert list(gfile.GFile(d + "/f.txt", "rb")) == [b"ab\n", b"cd\n", b"\xc3\xa9"]
    assert gfile.GFile(d + "/f.txt").size() == 8
    assert gfile.GFile(d + "/f.txt").next() == "ab\n"
    assert gfile.Open is gfile.GFile and tf.io.gfile.GFile is gfile.GFile
    with gfile.FastGFile(d + "/f.txt", "rb") as f:
        assert f.read(2) == b"ab"


def test_writes_take_str_or_bytes_in_either_mode(d):
    gfile.GFile(d + "/bb", "wb").write("text")
    assert gfile.GFile(d + "/bb").read() == "text"
    gfile.GFile(d + "/bb", "w").write(b"bytes")
    assert gfile.GFile(d + "/bb").read() == "bytes"
    gfile.GFile(d + "/a.txt", "a").write(b"x")
    gfile.GFile(d + "/a.txt", "a").write("y")
    assert gfile.GFile(d + "/a.txt").read() == "xy"


def test_listing_walk_glob_stat(d):
    gfile.Copy(d + "/f.txt", d + "/g.txt")
    gfile.Copy(d + "/f.txt", d + "/g.txt", overwrite=True)
    gfile.Rename(d + "/g.txt", d + "/h.txt")
    assert sorted(gfile.ListDirectory(d)) == ["a", "f.txt", "h.txt"]
    assert sorted(gfile.Glob(d + "/*.txt")) == [d + "/f.txt", d + "/h.txt"]
    assert gfile.Glob(d + "/nofile/*") == []
    walked = list(gfile.Walk(d))
    assert [(top, subdirs, sorted(files)) for top, subdirs, files in walked] == [
        (d, ["a"], ["f.txt", "h.txt"]), (d + "/a", ["b"], []), (d + "/a/b", [], [])]
    assert [w[0] for w in gfile.Walk(d, in_order=False)] == [d + "/a/b", d + "/a", d]
    assert [w[0] for w in tf.io.gfile.walk(d, topdown=False)] == [d + "/a/b", d + "/a", d]
    assert list(gfile.Walk(d + "/nofile")) == []
    statistics = gfile.Stat(d + "/f.txt")
    assert (statistics.length, statistics.is_directory) == (8, False)
    assert statistics.mtime_nsec == os.stat(d + "/f.txt").st_mtime_ns
    assert gfile.Stat(d).is_directory
    assert not gfile.IsDirectory(d + "/f.txt") and gfile.IsDirectory("file://" + d)
    assert tf.io.gfile.join("a", "b", "/c") == "/c"
    gfile.DeleteRecursively(d + "/f.txt")
    gfile.DeleteRecursively(d)
    assert not gfile.Exists(d)


@pytest.mark.parametrize("call", [lambda: gfile.Exists("gs://bucket/x"), lambda: gfile.GFile("foo://b/x").read(),
                                  lambda: tf.io.gfile.listdir("hdfs://host/dir")])
def test_other_schemes_are_unimplemented(call):
    with pytest.raises(tf.errors.UnimplementedError, match=r"File system scheme '\w+' not implemented"):
        call()
