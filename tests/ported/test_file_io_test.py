"""Ports of TF 1.15's tensorflow/python/lib/io/file_io_test.py (FileIoTest), through tf.gfile / tf.io.gfile."""

import os

import numpy as np
import pytest

import tfcompat as tf

gfile = tf.gfile


@pytest.fixture
def base_dir(tmp_path):
    path = os.path.join(str(tmp_path), "base_dir")
    gfile.MkDir(path)
    yield path
    if gfile.Exists(path):
        gfile.DeleteRecursively(path)


def test_FileIoTest_testEmptyFilename():
    f = gfile.GFile("", mode="r")
    with pytest.raises(tf.errors.NotFoundError):
        f.read()


def test_FileIoTest_testFileDoesntExist(base_dir):
    file_path = os.path.join(base_dir, "temp_file")
    assert not gfile.Exists(file_path)
    with pytest.raises(tf.errors.NotFoundError):
        gfile.GFile(file_path).read()


def test_FileIoTest_testWriteToString(base_dir):
    file_path = os.path.join(base_dir, "temp_file")
    gfile.GFile(file_path, "w").write("testing")
    assert gfile.Exists(file_path)
    assert gfile.GFile(file_path).read() == "testing"


def test_FileIoTest_testReadBinaryMode(base_dir):
    file_path = os.path.join(base_dir, "temp_file")
    gfile.GFile(file_path, "w").write("testing")
    with gfile.GFile(file_path, mode="rb") as f:
        assert f.read() == b"testing"


def test_FileIoTest_testWriteBinaryMode(base_dir):
    file_path = os.path.join(base_dir, "temp_file")
    gfile.GFile(file_path, "wb").write("testing")
    with gfile.GFile(file_path, mode="r") as f:
        assert f.read() == "testing"


def test_FileIoTest_testAppend(base_dir):
    file_path = os.path.join(base_dir, "temp_file")
    with gfile.GFile(file_path, mode="w") as f:
        f.write("begin\n")
    with gfile.GFile(file_path, mode="a") as f:
        f.write("a1\n")
    with gfile.GFile(file_path, mode="a") as f:
        f.write("a2\n")
    with gfile.GFile(file_path, mode="r") as f:
        assert f.read() == "begin\na1\na2\n"


def test_FileIoTest_testMultipleWrites(base_dir):
    file_path = os.path.join(base_dir, "temp_file")
    with gfile.GFile(file_path, mode="w") as f:
        f.write("line1\n")
        f.write("line2")
    assert gfile.GFile(file_path).read() == "line1\nline2"


def test_FileIoTest_testFileWriteBadMode(base_dir):
    file_path = os.path.join(base_dir, "temp_file")
    with pytest.raises(tf.errors.PermissionDeniedError):
        gfile.GFile(file_path, mode="r").write("testing")


def test_FileIoTest_testFileReadBadMode(base_dir):
    file_path = os.path.join(base_dir, "temp_file")
    gfile.GFile(file_path, mode="w").write("testing")
    assert gfile.Exists(file_path)
    with pytest.raises(tf.errors.PermissionDeniedError):
        gfile.GFile(file_path, mode="w").read()


def test_FileIoTest_testFileDelete(base_dir):
    file_path = os.path.join(base_dir, "temp_file")
    gfile.GFile(file_path, mode="w").write("testing")
    gfile.Remove(file_path)
    assert not gfile.Exists(file_path)


def test_FileIoTest_testFileDeleteFail(base_dir):
    with pytest.raises(tf.errors.NotFoundError):
        gfile.Remove(os.path.join(base_dir, "temp_file"))


def test_FileIoTest_testGetMatchingFiles(base_dir):
    dir_path = os.path.join(base_dir, "temp_dir")
    gfile.MkDir(dir_path)
    files = ["file1.txt", "file2.txt", "file3.txt", "file*.txt"]
    for name in files:
        gfile.GFile(os.path.join(dir_path, name), mode="w").write("testing")
    expected = [os.path.join(dir_path, name) for name in files]
    assert sorted(gfile.Glob(os.path.join(dir_path, "file*.txt"))) == sorted(expected)
    assert gfile.Glob(tuple()) == []
    subset = [os.path.join(dir_path, files[0]), os.path.join(dir_path, files[2])]
    assert sorted(gfile.Glob(subset)) == sorted(subset)
    gfile.DeleteRecursively(dir_path)
    assert not gfile.Exists(os.path.join(dir_path, "file3.txt"))


def test_FileIoTest_testGetMatchingFilesWhenParentDirContainsParantheses(base_dir):
    dir_path = os.path.join(base_dir, "dir_(special)")
    gfile.MkDir(dir_path)
    files = ["file1.txt", "file(2).txt"]
    for name in files:
        gfile.GFile(os.path.join(dir_path, name), mode="w").write("testing")
    assert sorted(gfile.Glob(os.path.join(dir_path, "*"))) == sorted(os.path.join(dir_path, n) for n in files)


def test_FileIoTest_testCreateRecursiveDir(base_dir):
    dir_path = os.path.join(base_dir, "temp_dir/temp_dir1/temp_dir2")
    gfile.MakeDirs(dir_path)
    gfile.MakeDirs(dir_path)  # repeat creation
    file_path = os.path.join(dir_path, "temp_file")
    gfile.GFile(file_path, mode="w").write("testing")
    assert gfile.Exists(file_path)
    gfile.DeleteRecursively(os.path.join(base_dir, "temp_dir"))
    assert not gfile.Exists(file_path)


def test_FileIoTest_testCopy(base_dir):
    file_path = os.path.join(base_dir, "temp_file")
    gfile.GFile(file_path, mode="w").write("testing")
    copy_path = os.path.join(base_dir, "copy_file")
    gfile.Copy(file_path, copy_path)
    assert gfile.Exists(copy_path)
    f = gfile.GFile(file_path, mode="r")
    assert f.read() == "testing"
    assert f.tell() == 7


def test_FileIoTest_testCopyOverwrite(base_dir):
    file_path = os.path.join(base_dir, "temp_file")
    gfile.GFile(file_path, mode="w").write("testing")
    copy_path = os.path.join(base_dir, "copy_file")
    gfile.GFile(copy_path, mode="w").write("copy")
    gfile.Copy(file_path, copy_path, overwrite=True)
    assert gfile.Exists(copy_path)
    assert gfile.GFile(copy_path, mode="r").read() == "testing"


def test_FileIoTest_testCopyOverwriteFalse(base_dir):
    file_path = os.path.join(base_dir, "temp_file")
    gfile.GFile(file_path, mode="w").write("testing")
    copy_path = os.path.join(base_dir, "copy_file")
    gfile.GFile(copy_path, mode="w").write("copy")
    with pytest.raises(tf.errors.AlreadyExistsError):
        gfile.Copy(file_path, copy_path, overwrite=False)


def test_FileIoTest_testRename(base_dir):
    file_path = os.path.join(base_dir, "temp_file")
    gfile.GFile(file_path, mode="w").write("testing")
    rename_path = os.path.join(base_dir, "rename_file")
    gfile.Rename(file_path, rename_path)
    assert gfile.Exists(rename_path)
    assert not gfile.Exists(file_path)


def test_FileIoTest_testRenameOverwrite(base_dir):
    file_path = os.path.join(base_dir, "temp_file")
    gfile.GFile(file_path, mode="w").write("testing")
    rename_path = os.path.join(base_dir, "rename_file")
    gfile.GFile(rename_path, mode="w").write("rename")
    gfile.Rename(file_path, rename_path, overwrite=True)
    assert gfile.Exists(rename_path)
    assert not gfile.Exists(file_path)


def test_FileIoTest_testRenameOverwriteFalse(base_dir):
    file_path = os.path.join(base_dir, "temp_file")
    gfile.GFile(file_path, mode="w").write("testing")
    rename_path = os.path.join(base_dir, "rename_file")
    gfile.GFile(rename_path, mode="w").write("rename")
    with pytest.raises(tf.errors.AlreadyExistsError):
        gfile.Rename(file_path, rename_path, overwrite=False)
    assert gfile.Exists(rename_path)
    assert gfile.Exists(file_path)


def test_FileIoTest_testDeleteRecursivelyFail(base_dir):
    with pytest.raises(tf.errors.NotFoundError):
        gfile.DeleteRecursively(os.path.join(base_dir, "temp_dir"))


def test_FileIoTest_testIsDirectory(base_dir):
    dir_path = os.path.join(base_dir, "test_dir")
    assert not gfile.IsDirectory(dir_path)
    gfile.MkDir(dir_path)
    assert gfile.IsDirectory(dir_path)
    file_path = os.path.join(dir_path, "test_file")
    gfile.GFile(file_path, mode="w").write("test")
    assert not gfile.IsDirectory(file_path)
    assert gfile.Stat(dir_path).is_directory


def test_FileIoTest_testListDirectory(base_dir):
    dir_path = os.path.join(base_dir, "test_dir")
    gfile.MkDir(dir_path)
    files = ["file1.txt", "file2.txt", "file3.txt"]
    for name in files:
        gfile.GFile(os.path.join(dir_path, name), mode="w").write("testing")
    subdir_path = os.path.join(dir_path, "sub_dir")
    gfile.MkDir(subdir_path)
    gfile.GFile(os.path.join(subdir_path, "file4.txt"), mode="w").write("testing")
    assert sorted(gfile.ListDirectory(dir_path)) == sorted(files + ["sub_dir"])


def test_FileIoTest_testListDirectoryFailure(base_dir):
    with pytest.raises(tf.errors.NotFoundError):
        gfile.ListDirectory(os.path.join(base_dir, "test_dir"))


def _setup_walk_directories(dir_path):
    gfile.MkDir(dir_path)
    gfile.GFile(os.path.join(dir_path, "file1.txt"), mode="w").write("testing")
    for name in ["subdir1_1", "subdir1_2", "subdir1_3"]:
        gfile.MkDir(os.path.join(dir_path, name))
    gfile.GFile(os.path.join(dir_path, "subdir1_1/file2.txt"), mode="w").write("testing")
    gfile.MkDir(os.path.join(dir_path, "subdir1_2/subdir2"))


def test_FileIoTest_testWalkInOrder(base_dir):
    dir_path = os.path.join(base_dir, "test_dir")
    _setup_walk_directories(dir_path)
    walked = list(gfile.Walk(dir_path, in_order=True))
    all_dirs = [w[0] for w in walked]
    assert sorted(all_dirs) == sorted([dir_path] + [os.path.join(dir_path, item) for item in
                                                    ["subdir1_1", "subdir1_2", "subdir1_2/subdir2", "subdir1_3"]])
    assert all_dirs[0] == dir_path
    assert all_dirs.index(os.path.join(dir_path, "subdir1_2")) < all_dirs.index(
        os.path.join(dir_path, "subdir1_2/subdir2"))
    assert sorted(walked[0][1]) == ["subdir1_1", "subdir1_2", "subdir1_3"]
    all_files = [w[2] for w in walked]
    assert sorted(all_files) == sorted([["file1.txt"], ["file2.txt"], [], [], []])
    assert all_files.index(["file1.txt"]) < all_files.index(["file2.txt"])


def test_FileIoTest_testWalkPostOrder(base_dir):
    dir_path = os.path.join(base_dir, "test_dir")
    _setup_walk_directories(dir_path)
    walked = list(gfile.Walk(dir_path, in_order=False))
    all_dirs = [w[0] for w in walked]
    assert all_dirs[4] == dir_path
    assert all_dirs.index(os.path.join(dir_path, "subdir1_2/subdir2")) < all_dirs.index(
        os.path.join(dir_path, "subdir1_2"))
    assert sorted(walked[4][1]) == ["subdir1_1", "subdir1_2", "subdir1_3"]
    all_files = [w[2] for w in walked]
    assert all_files.index(["file2.txt"]) < all_files.index(["file1.txt"])


def test_FileIoTest_testWalkFailure(base_dir):
    assert list(gfile.Walk(os.path.join(base_dir, "test_dir"))) == []


def test_FileIoTest_testStat(base_dir):
    file_path = os.path.join(base_dir, "temp_file")
    gfile.GFile(file_path, mode="w").write("testing")
    file_statistics = gfile.Stat(file_path)
    os_statistics = os.stat(file_path)
    assert file_statistics.length == 7
    assert int(os_statistics.st_mtime) == int(file_statistics.mtime_nsec / 1e9)
    assert not file_statistics.is_directory


def _written(base_dir, content="testing1\ntesting2\ntesting3\n\ntesting5"):
    f = gfile.GFile(os.path.join(base_dir, "temp_file"), mode="r+")
    with f:
        f.write(content)
    return f  # closed: reads reopen it, as TF's FileIO does


def test_FileIoTest_testReadLine(base_dir):
    f = _written(base_dir)
    assert f.size() == 36
    assert f.readline() == "testing1\n"
    assert f.readline() == "testing2\n"
    assert f.readline() == "testing3\n"
    assert f.readline() == "\n"
    assert f.readline() == "testing5"
    assert f.readline() == ""


def test_FileIoTest_testRead(base_dir):
    f = _written(base_dir)
    assert f.size() == 36
    assert f.read(9) == "testing1\n"
    assert f.read(9) == "testing2\n"
    assert f.read(1) == "t"
    assert f.read() == "esting3\n\ntesting5"


def test_FileIoTest_testReadErrorReacquiresGil(base_dir):
    f = _written(base_dir)
    with pytest.raises(tf.errors.InvalidArgumentError):
        f.read(-2)


def test_FileIoTest_testTell(base_dir):
    f = _written(base_dir)
    assert f.tell() == 0
    for line, position in [("testing1\n", 9), ("testing2\n", 18), ("testing3\n", 27), ("\n", 28),
                           ("testing5", 36), ("", 36)]:
        assert f.readline() == line
        assert f.tell() == position


def test_FileIoTest_testSeek(base_dir):
    f = _written(base_dir)
    assert f.readline() == "testing1\n"
    assert f.tell() == 9
    f.seek(18)
    assert f.tell() == 18
    assert f.readline() == "testing3\n"
    f.seek(9)
    assert f.tell() == 9
    assert f.readline() == "testing2\n"
    f.seek(0)
    assert f.tell() == 0
    assert f.readline() == "testing1\n"
    with pytest.raises(tf.errors.InvalidArgumentError):
        f.seek(-1)
    with pytest.raises(TypeError):
        f.seek()
    with pytest.raises(TypeError):
        f.seek(offset=0, position=0)
    f.seek(position=9)
    assert f.tell() == 9
    assert f.readline() == "testing2\n"


def test_FileIoTest_testSeekFromWhat(base_dir):
    f = _written(base_dir)
    assert f.readline() == "testing1\n"
    assert f.tell() == 9
    f.seek(9, 1)
    assert f.tell() == 18
    assert f.readline() == "testing3\n"
    f.seek(9, 0)
    assert f.tell() == 9
    assert f.readline() == "testing2\n"
    f.seek(-f.size(), 2)
    assert f.tell() == 0
    assert f.readline() == "testing1\n"
    with pytest.raises(tf.errors.InvalidArgumentError):
        f.seek(0, 3)


def test_FileIoTest_testReadingIterator(base_dir):
    file_path = os.path.join(base_dir, "temp_file")
    data = ["testing1\n", "testing2\n", "testing3\n", "\n", "testing5"]
    with gfile.GFile(file_path, mode="r+") as f:
        f.write("".join(data))
    assert list(f) == data


def test_FileIoTest_testReadlines(base_dir):
    file_path = os.path.join(base_dir, "temp_file")
    data = ["testing1\n", "testing2\n", "testing3\n", "\n", "testing5"]
    f = gfile.GFile(file_path, mode="r+")
    f.write("".join(data))
    f.flush()
    assert f.readlines() == data


def test_FileIoTest_testUTF8StringPath(base_dir):
    file_path = os.path.join(base_dir, "UTF8测试_file")
    gfile.GFile(file_path, "w").write("testing")
    with gfile.GFile(file_path, mode="rb") as f:
        assert f.read() == b"testing"


def test_FileIoTest_testEof(base_dir):
    file_path = os.path.join(base_dir, "temp_file")
    f = gfile.GFile(file_path, mode="r+")
    f.write("testing")
    f.flush()
    assert f.read(len("testing") + 1) == "testing"


def test_FileIoTest_testFileSeekableWithZip(base_dir):
    filename = os.path.join(base_dir, "a.npz")
    np.savez_compressed(filename, a=1, b=2)
    with gfile.GFile(filename, "rb") as f:
        info = np.load(f)
        assert {name: int(value) for name, value in info.items()} == {"a": 1, "b": 2}
