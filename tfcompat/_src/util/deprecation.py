"""TF 1.x's deprecation notices (tensorflow/python/util/deprecation.py): the first call of a
deprecated function logs, through tf.logging,

    From <the caller's file>:<line>: <name> (from <TF module>) is deprecated and will be removed in a future version.
    Instructions for updating:
    <instructions>

once per function, as TF's ``warn_once`` does.  The caller is the first frame outside tfcompat.
"""

import sys

from ..platform import tf_logging

_PACKAGE = __name__.partition(".")[0]  # "tfcompat"
_warned = set()


def warn_deprecated(name, tf_module, instructions):
    """Log TF's notice for ``name`` (e.g. ``dense``, ``Network.__init__``) the first time only."""
    key = (tf_module, name)
    if key in _warned:
        return
    _warned.add(key)
    frame = sys._getframe(1)
    while frame is not None and frame.f_globals.get("__name__", "").partition(".")[0] == _PACKAGE:
        frame = frame.f_back
    where = f"{frame.f_code.co_filename}:{frame.f_lineno}" if frame is not None else "<unknown>:0"
    tf_logging.warning(f"From {where}: {name} (from {tf_module}) is deprecated and will be removed in a future "
                       f"version.\nInstructions for updating:\n{instructions}")
