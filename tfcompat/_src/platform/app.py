"""tf.app.run and tfe.run: absl's app.run with TF 1.x's flag parser, as TF 1.15 ran programs.

absl-py's ``app`` (and with it ``absl.logging``) is imported on the first
``run``: it installs absl's log handler on the root logger, so that
``tf.logging`` lines inside ``main`` print in absl's format, as under TF 1.x.
"""

import sys

from ..framework import context
from ..registry import export, resolve


def _parse_flags_tolerate_undef(argv):
    """Parse the flags tfcompat knows and pass every other argument on to ``main`` (absl would fail)."""
    return resolve("flags.FLAGS")(sys.argv if argv is None else argv, known_only=True)


@export("app.run")
def run(main=None, argv=None):
    """Parse the flags, call ``main(argv)`` with the arguments left over and exit with its return value."""
    from absl import app as absl_app

    main = main or sys.modules["__main__"].main
    absl_app.run(main=main, argv=argv, flags_parser=_parse_flags_tolerate_undef)


@export("contrib.eager.run")
def eager_run(main=None, argv=None):
    """tfe.run: enable eager execution, then run as ``tf.app.run``."""
    context.enable_eager_execution()
    run(main, argv)
