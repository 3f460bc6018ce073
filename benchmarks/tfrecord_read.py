"""Read rate of a TFRecord file through tfcompat, on one core (issue 11: >= 100 MB/s).

    python benchmarks/tfrecord_read.py                       # a 100 MB file of 4 KB records
    python benchmarks/tfrecord_read.py --size-mb 10 --record-kb 1 --strict

Writes the file with tf.python_io.TFRecordWriter into a temporary directory, pins the process to
one CPU (where the OS allows), then times full passes of ``tf.data.TFRecordDataset`` (every record
a tf.string tensor, checksums verified) and of ``tf.python_io.tf_record_iterator``, and prints
MB/s (10**6 bytes of file per second) for each, the best of ``--repeats`` passes.  ``--strict``
exits with status 1 when the dataset reads slower than ``--target`` MB/s.
"""

import argparse
import os
import sys
import tempfile
import time

import numpy as np

import tfcompat as tf


def _write(path, size_bytes, record_bytes):
    rng = np.random.default_rng(0)
    record = rng.bytes(record_bytes)
    with tf.python_io.TFRecordWriter(path) as writer:
        for _ in range(max(1, size_bytes // record_bytes)):
            writer.write(record)


def _rate(function, path, repeats):
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        count = function(path)
        best = min(best, time.perf_counter() - start)
    return os.path.getsize(path) / best / 1e6, count


def _dataset_pass(path):
    count = 0
    for _ in tf.data.TFRecordDataset(path):
        count += 1
    return count


def _iterator_pass(path):
    return sum(1 for _ in tf.python_io.tf_record_iterator(path))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size-mb", type=float, default=100.0)
    parser.add_argument("--record-kb", type=float, default=4.0)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--target", type=float, default=100.0)
    parser.add_argument("--strict", action="store_true")
    parser.add_argument("--all-cpus", action="store_true", help="do not pin the process to one CPU")
    args = parser.parse_args(argv)
    if hasattr(os, "sched_setaffinity") and not args.all_cpus:
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
    with tempfile.TemporaryDirectory() as directory:
        path = os.path.join(directory, "records.tfrecord")
        _write(path, int(args.size_mb * 1e6), int(args.record_kb * 1024))
        size = os.path.getsize(path) / 1e6
        cpus = "all CPUs" if args.all_cpus else "one CPU"
        print(f"file: {size:.1f} MB, records of {args.record_kb:g} KB; {cpus}; best of {args.repeats}; "
              f"load average {os.getloadavg()[0]:.2f}")
        dataset_rate, count = _rate(_dataset_pass, path, args.repeats)
        iterator_rate, _ = _rate(_iterator_pass, path, args.repeats)
    print(f"tf.data.TFRecordDataset         {dataset_rate:8.1f} MB/s  ({count} records)")
    print(f"tf.python_io.tf_record_iterator {iterator_rate:8.1f} MB/s")
    passed = dataset_rate >= args.target
    print(f"target >= {args.target:g} MB/s: {'PASS' if passed else 'MISS'}")
    return 0 if passed or not args.strict else 1


if __name__ == "__main__":
    sys.exit(main())
