"""CsvDataset and make_csv_dataset beyond the goldens: shuffling, several files, compression,
quoted line breaks, type inference."""

import gzip

import numpy as np

import tfcompat as tf


def _write(path, text, compress=False):
    data = text.encode()
    path.write_bytes(gzip.compress(data) if compress else data)
    return str(path)


def test_shuffled_batches_hold_every_row_once_per_epoch(tmp_path):
    rows = "\n".join(f"{i},{i * 0.5}" for i in range(20))
    path = _write(tmp_path / "a.csv", "n,half\n" + rows + "\n")
    ds = tf.data.experimental.make_csv_dataset(path, 6, label_name="half", num_epochs=2, shuffle_seed=3)
    seen = [int(n) for features, _ in ds for n in features["n"].numpy()]
    assert sorted(seen) == sorted(list(range(20)) * 2)
    again = [int(n) for features, _ in tf.data.experimental.make_csv_dataset(
        path, 6, label_name="half", num_epochs=2, shuffle_seed=3) for n in features["n"].numpy()]
    assert again == seen  # a seed fixes the order


def test_several_files_interleaved_and_gzip(tmp_path):
    first = _write(tmp_path / "a.csv.gz", "k,v\n1,a\n2,b\n", compress=True)
    second = _write(tmp_path / "b.csv.gz", "k,v\n3,c\n", compress=True)
    ds = tf.data.experimental.make_csv_dataset(str(tmp_path / "*.csv.gz"), 10, shuffle=False, num_epochs=1,
                                               num_parallel_reads=2, compression_type="GZIP")
    (batch,) = list(ds)
    assert batch["k"].numpy().tolist() == [1, 3, 2]
    assert batch["v"].numpy().tolist() == [b"a", b"c", b"b"]
    assert {first, second} == set(tf.gfile.Glob(str(tmp_path / "*.gz")))


def test_inferred_types_widen_over_the_rows(tmp_path):
    path = _write(tmp_path / "t.csv", "a,b,c,d\n1,1,x,\n3000000000,2.5,y,\n")
    (batch,) = list(tf.data.experimental.make_csv_dataset(path, 2, shuffle=False, num_epochs=1))
    assert [batch[name].dtype for name in "abcd"] == [tf.int64, tf.float32, tf.string, tf.string]
    np.testing.assert_allclose(batch["b"].numpy(), [1.0, 2.5])


def test_quoted_fields_may_span_lines(tmp_path):
    path = _write(tmp_path / "q.csv", 'a,b\n"line one\nline two",2\n')
    elements = list(tf.data.experimental.CsvDataset(path, [[""], [0]], header=True))
    assert [(a.numpy(), b.numpy()) for a, b in elements] == [(b"line one\nline two", 2)]


def test_a_bad_field_is_reported_in_its_place(tmp_path):
    path = _write(tmp_path / "bad.csv", "1\nx\n3\n")
    iterator = iter(tf.data.experimental.CsvDataset(path, [[0]]))
    (value,) = iterator.next()  # a 1-tuple, as TF's
    assert value.numpy() == 1
    try:
        iterator.next()
    except tf.errors.InvalidArgumentError as error:
        assert "Field 0 in record is not a valid int32: x" in str(error)
    else:
        raise AssertionError("no error")
    (value,) = iterator.next()
    assert value.numpy() == 3
    rows = tf.data.experimental.make_csv_dataset(path, 5, column_names=["n"], column_defaults=[[0]], header=False,
                                                 shuffle=False, num_epochs=1, ignore_errors=True)
    assert [batch["n"].numpy().tolist() for batch in rows] == [[1, 3]]
