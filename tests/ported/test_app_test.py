"""Ported tensorflow/python/platform/app_test.py (TF 1.15): tf.app.run parses the flags it knows, passes
the other arguments on to main (found as ``__main__.main``) and exits with main's status.

TF's test is a program run as a test binary; here the same program runs through ``python -m tfcompat``.
"""

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

APP_TEST = '''\
import sys

import tensorflow as tf

FLAGS = tf.app.flags.FLAGS
tf.app.flags.DEFINE_boolean("myflag", False, "")


def main(argv):
    if len(argv) != 3:
        print("Length of argv was not 3: ", argv)
        sys.exit(-1)
    if argv[1] != "--passthrough":
        print("--passthrough argument not in argv")
        sys.exit(-1)
    if argv[2] != "extra":
        print("'extra' argument not in argv")
        sys.exit(-1)
    print("myflag", FLAGS.myflag)


if __name__ == "__main__":
    sys.argv.extend(["--myflag", "--passthrough", "extra"])
    tf.app.run()
'''


def test_app_test(tmp_path):
    (tmp_path / "app_test.py").write_text(APP_TEST)
    process = subprocess.run([sys.executable, "-m", "tfcompat", "app_test.py"], cwd=tmp_path, text=True,
                             capture_output=True, env=dict(os.environ, PYTHONPATH=str(REPO)), timeout=300)
    assert (process.returncode, process.stdout) == (0, "myflag True\n"), process.stdout + process.stderr
