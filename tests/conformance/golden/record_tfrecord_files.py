"""Record golden TFRecord files from REAL TensorFlow (issue 11, item 2).

Run by hand in the throwaway TensorFlow virtualenv (never a dependency of tfcompat,
never run in CI), from the repository root:

    /tmp/tforacle/bin/python tests/conformance/golden/record_tfrecord_files.py

It writes, into tests/conformance/golden/tfrecord/, the same records written by TF's
``tf.io.TFRecordWriter`` with each of the ``FILES`` options (plain, ZLIB, GZIP, and GZIP
with a flush mode, a small input buffer, a level, a mem level and a window size), each
flushed once midway, and ``manifest.json``: the TF version, each file's options, where
the flush was, and the SHA-256 of each record; and the records written from a dataset by
``tf.data.experimental.TFRecordWriter`` (``DATASET_FILES``).  tests/test_data_readers.py takes
the records from ``records()`` here (this module imports TensorFlow only in ``main``),
checks them against the manifest, and checks that tfcompat writes byte-identical files
for them and reads these files back.
"""
import hashlib
import json
import os
import random

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "tfrecord")
# File name -> TFRecordOptions keywords.  Z_FULL_FLUSH is 3 in zlib.
FILES = {
    "plain.tfrecord": {},
    "zlib.tfrecord": {"compression_type": "ZLIB"},
    "gzip.tfrecord": {"compression_type": "GZIP"},
    "gzip_full_flush_buffer_1k.tfrecord": {"compression_type": "GZIP", "flush_mode": 3, "input_buffer_size": 1024},
    "gzip_level9_mem5_window10.tfrecord": {"compression_type": "GZIP", "compression_level": 9, "mem_level": 5,
                                           "window_bits": 10},
}
FLUSH_AFTER = 2  # writer.flush() after this record (by index), in every file
# File name -> compression type, written by tf.data.experimental.TFRecordWriter from a dataset of the records.
DATASET_FILES = {"dataset_writer_plain.tfrecord": "", "dataset_writer_gzip.tfrecord": "GZIP"}


def records():
    """Empty, short, binary, repetitive and incompressible records, past zlib's 32 KiB window."""
    rnd = random.Random(11)
    text = b"Gaily bedight, a gallant knight, in sunshine and in shadow, had journeyed long. "
    return [b"", b"a", b"Record 0 of file 0", bytes(range(256)), text * 500,
            bytes(rnd.randrange(256) for _ in range(5000)), b"\n\r\x00" * 7]


def main():
    import tensorflow as tf  # noqa: PLC0415 - the oracle only

    os.makedirs(OUT, exist_ok=True)
    data = records()
    for name, options in FILES.items():
        with tf.io.TFRecordWriter(os.path.join(OUT, name), options=tf.io.TFRecordOptions(**options)) as writer:
            for index, record in enumerate(data):
                writer.write(record)
                if index == FLUSH_AFTER:
                    writer.flush()
    for name, compression in DATASET_FILES.items():
        writer = tf.data.experimental.TFRecordWriter(os.path.join(OUT, name), compression)
        writer.write(tf.data.Dataset.from_tensor_slices(data))
    manifest = {"header": {"tensorflow": tf.__version__, "recorder": os.path.basename(__file__)},
                "files": FILES, "flush_after": FLUSH_AFTER, "dataset_files": DATASET_FILES,
                "record_sha256": [hashlib.sha256(record).hexdigest() for record in data]}
    with open(os.path.join(OUT, "manifest.json"), "w") as out:
        json.dump(manifest, out, indent=1)
        out.write("\n")


if __name__ == "__main__":
    main()
