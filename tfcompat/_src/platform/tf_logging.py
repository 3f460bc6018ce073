"""tf.logging: TF 1.x's Python logger named "tensorflow".

As in TF 1.15 (tensorflow/python/platform/tf_logging.py): on first use, and
only when the root logger has no handler, the "tensorflow" logger gets its own
stderr handler (stdout and level INFO in an interactive session) printing
``INFO:tensorflow:message``.  Under ``tf.app.run`` absl's handler is on the
root logger first, so records print in absl's format instead
(``I1126 14:20:29.123456 140213 script.py:12] message``).  Records name the
caller's file and line, not this module's.  The levels are Python's.

TF 1.14/1.15 also logged "The name tf.X is deprecated" warnings, which
tfcompat does not: there, a warning logged before tf.app.run gave the
"tensorflow" logger its own handler, and every later line printed twice
(``INFO:tensorflow:...`` and absl's line).  Here a program whose first
tf.logging call is inside ``main`` prints each line once, in absl's format.
"""

import logging
import sys
import threading
from logging import DEBUG, ERROR, FATAL, INFO, WARNING

import numpy as np

from ..registry import PARTIAL, export, export_constant

_logger = None
_logger_lock = threading.Lock()
_log_counts = {}


_OWN_FILES = frozenset({__file__, logging.addLevelName.__code__.co_filename})


def _caller_frame():
    """The innermost frame outside this module and Python's logging."""
    frame = sys._getframe(1)
    while frame is not None and frame.f_code.co_filename in _OWN_FILES:
        frame = frame.f_back
    return frame


def _find_caller(stack_info=False, stacklevel=1):
    frame = _caller_frame()
    if frame is None:
        return "(unknown file)", 0, "(unknown function)", None
    code = frame.f_code
    return code.co_filename, frame.f_lineno, code.co_name, None


def _interactive():
    return hasattr(sys, "ps1") or bool(sys.flags.interactive)


def _get_logger():
    global _logger
    if _logger is not None:
        return _logger
    with _logger_lock:
        if _logger is None:
            logger = logging.getLogger("tensorflow")
            logger.findCaller = _find_caller
            if not logging.getLogger().handlers:
                # A configured root logger (absl's under tf.app.run, the program's own) prints
                # the records already; a second handler would print them twice.
                target = sys.stderr
                if _interactive():
                    logger.setLevel(INFO)
                    target = sys.stdout
                handler = logging.StreamHandler(target)
                handler.setFormatter(logging.Formatter(logging.BASIC_FORMAT, None))
                logger.addHandler(handler)
            _logger = logger
    return _logger


@export("logging.log")
def log(level, msg, *args, **kwargs):
    _get_logger().log(level, msg, *args, **kwargs)


@export("logging.debug")
def debug(msg, *args, **kwargs):
    _get_logger().debug(msg, *args, **kwargs)


@export("logging.info")
def info(msg, *args, **kwargs):
    _get_logger().info(msg, *args, **kwargs)


@export("logging.warning", "logging.warn")
def warning(msg, *args, **kwargs):
    _get_logger().warning(msg, *args, **kwargs)


@export("logging.error")
def error(msg, *args, **kwargs):
    _get_logger().error(msg, *args, **kwargs)


@export("logging.fatal")
def fatal(msg, *args, **kwargs):
    """Log at FATAL; as in TF 1.x the program goes on."""
    _get_logger().fatal(msg, *args, **kwargs)


@export("logging.vlog")
def vlog(level, msg, *args, **kwargs):
    _get_logger().log(level, msg, *args, **kwargs)


@export("logging.TaskLevelStatusMessage")
def TaskLevelStatusMessage(msg):
    error(msg)


@export("logging.flush", status=PARTIAL,
        note="Flushes the handlers of the tensorflow logger; TF 1.15's raised NotImplementedError.")
def flush():
    for handler in _get_logger().handlers:
        handler.flush()


def _next_count(frame):
    """How many times the caller's line has logged through log_every_n/log_first_n before (0 first)."""
    token = (frame.f_code.co_filename, frame.f_lineno) if frame is not None else ("<unknown>", 0)
    count = _log_counts.get(token, -1) + 1
    _log_counts[token] = count
    return count


@export("logging.log_if")
def log_if(level, msg, condition, *args):
    if condition:
        vlog(level, msg, *args)


@export("logging.log_every_n")
def log_every_n(level, msg, n, *args):
    """Log the 1st, (n+1)th, (2n+1)th ... call from the same line."""
    if isinstance(n, np.generic):  # the count soon passes a narrow NumPy integer's range
        n = n.item()
    log_if(level, msg, not _next_count(_caller_frame()) % n, *args)


@export("logging.log_first_n")
def log_first_n(level, msg, n, *args):
    """Log the first ``n`` calls from the same line."""
    log_if(level, msg, _next_count(_caller_frame()) < n, *args)


@export("logging.get_verbosity")
def get_verbosity():
    return _get_logger().getEffectiveLevel()


@export("logging.set_verbosity")
def set_verbosity(v):
    _get_logger().setLevel(v)


for _name, _level in (("DEBUG", DEBUG), ("INFO", INFO), ("WARN", WARNING), ("ERROR", ERROR), ("FATAL", FATAL)):
    export_constant(f"logging.{_name}", _level)
