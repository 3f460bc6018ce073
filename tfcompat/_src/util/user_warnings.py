"""Warnings that tfcompat gives about a user's call point at the user's line.

``warnings.warn``'s fixed ``stacklevel`` counts frames, and the count differs by
path (a ``tf.device`` scope is entered through ``contextlib``; a helper may be
reached from several ops), so ``warn`` skips every tfcompat and ``contextlib``
frame instead.  It walks the stack only when it warns.
"""

import sys
import warnings

_PACKAGE = __name__.partition(".")[0]  # "tfcompat"
_LIBRARY_FRAMES = (_PACKAGE + ".", "contextlib")


def warn(message, category=UserWarning):
    """``warnings.warn(message, category)`` attributed to the first caller outside tfcompat."""
    frame, stacklevel = sys._getframe(1), 2
    while frame is not None and _is_library(frame.f_globals.get("__name__", "")):
        frame, stacklevel = frame.f_back, stacklevel + 1
    warnings.warn(message, category, stacklevel=stacklevel)


def _is_library(module_name):
    return module_name == _PACKAGE or module_name.startswith(_LIBRARY_FRAMES)
