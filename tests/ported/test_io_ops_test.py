"""Ports of TF 1.15's tensorflow/python/kernel_tests/io_ops_test.py (IoOpsTest): read_file, write_file and
matching_files, eager."""

import os
import tempfile

import tfcompat as tf


def test_IoOpsTest_testReadFile(tmp_path):
    for contents in ("", "Some contents", "Неки садржаји на српском"):
        contents = contents.encode("utf-8")
        with tempfile.NamedTemporaryFile(prefix="ReadFileTest", dir=tmp_path, delete=False) as temp:
            temp.write(contents)
        read = tf.io.read_file(temp.name)
        assert read.get_shape().as_list() == []
        assert read.numpy() == contents
        os.remove(temp.name)


def test_IoOpsTest_testWriteFile(tmp_path):
    for contents in ("", "Some contents"):
        contents = contents.encode("utf-8")
        with tempfile.NamedTemporaryFile(prefix="WriteFileTest", dir=tmp_path, delete=False) as temp:
            pass
        tf.io.write_file(temp.name, contents)
        with open(temp.name, "rb") as handle:
            assert handle.read() == contents
        os.remove(temp.name)


def test_IoOpsTest_testWriteFileCreateDir(tmp_path):
    for contents in ("", "Some contents"):
        contents = contents.encode("utf-8")
        subdir = os.path.join(tmp_path, "subdir1")
        filepath = os.path.join(subdir, "subdir2", "filename")
        tf.write_file(filepath, contents)
        with open(filepath, "rb") as handle:
            assert handle.read() == contents
        tf.io.gfile.rmtree(subdir)


def test_IoOpsTest_testMatchingFiles(tmp_path):
    cases = ["ABcDEF.GH", "ABzDEF.GH", "ABasdfjklDEF.GH", "AB3DEF.GH", "AB4DEF.GH", "ABDEF.GH", "XYZ"]
    files = [tempfile.NamedTemporaryFile(prefix=c, dir=tmp_path, delete=True) for c in cases]

    def subset(indices):
        return {files[i].name.encode() for i in indices}

    for f in files:  # exact matches, without wildcards
        assert tf.io.matching_files(f.name).numpy().tolist() == [f.name.encode()]
    directory_path = files[0].name[:files[0].name.find(cases[0])]
    pattern = directory_path + "AB%sDEF.GH*"
    assert set(tf.io.matching_files(pattern % "z").numpy()) == subset([1])
    assert set(tf.io.matching_files(pattern % "?").numpy()) == subset([0, 1, 3, 4])
    assert set(tf.io.matching_files(pattern % "*").numpy()) == subset([0, 1, 2, 3, 4, 5])
    assert set(tf.io.matching_files(pattern % "[cxz]").numpy()) == subset([0, 1])
    assert set(tf.io.matching_files(pattern % "[0-9]").numpy()) == subset([3, 4])
    assert list(tf.io.matching_files([]).numpy()) == []  # an empty list of patterns
    assert sorted(tf.io.matching_files([files[0].name, files[1].name, files[2].name]).numpy()) == \
        sorted(subset([0, 1, 2]))
    assert sorted(tf.matching_files([pattern % "?", directory_path + "X?Z*"]).numpy()) == \
        sorted(subset([0, 1, 3, 4, 6]))
    for f in files:
        f.close()
