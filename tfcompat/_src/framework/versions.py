"""The TF version tfcompat emulates: tf.VERSION, tf.version.* and their TF 1.x siblings.

TF 1.x programs compare ``tf.__version__`` / ``tf.VERSION`` ("1.x" checks, minimum
versions), so these report TF 1.15.0, with the values TF 1.15.0's own ``tf.version``
documents.  tfcompat's own version is ``tfcompat.__tfcompat_version__``.
"""

from ..registry import FULL, PARTIAL, export_constant

VERSION = "1.15.0"
GIT_VERSION = "v1.15.0-rc3-22-g590d6ee"
COMPILER_VERSION = "7.3.1 20180303"
GRAPH_DEF_VERSION = 134
GRAPH_DEF_VERSION_MIN_CONSUMER = 0
GRAPH_DEF_VERSION_MIN_PRODUCER = 0

_BUILD_NOTE = ("TF 1.15.0's value, which programs print in bug reports; tfcompat is not built from TF's sources "
               "(its own version is tfcompat.__tfcompat_version__).")

for _name, _value, _note in [
        ("VERSION", VERSION, ""),
        ("GIT_VERSION", GIT_VERSION, _BUILD_NOTE),
        ("COMPILER_VERSION", COMPILER_VERSION, _BUILD_NOTE),
        ("GRAPH_DEF_VERSION", GRAPH_DEF_VERSION, ""),
        ("GRAPH_DEF_VERSION_MIN_CONSUMER", GRAPH_DEF_VERSION_MIN_CONSUMER, ""),
        ("GRAPH_DEF_VERSION_MIN_PRODUCER", GRAPH_DEF_VERSION_MIN_PRODUCER, "")]:
    for _path in (_name, f"version.{_name}"):
        export_constant(_path, _value, status=PARTIAL if _note else FULL, note=_note)
