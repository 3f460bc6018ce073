"""The ``tfcompat`` command: ``tfcompat run PROGRAM [ARGS...]``, ``tfcompat check PATH...``, ``tfcompat matrix``,
``tfcompat convert-checkpoint TF_CKPT OUT``.

``tfcompat PROGRAM [ARGS...]`` and ``python -m tfcompat PROGRAM [ARGS...]``
mean ``run``.  Each subcommand is one ``_<name>_command(parser)`` function in
``_COMMANDS``: it declares its arguments on ``parser`` and returns the handler
``handler(args) -> exit status``.
"""

import argparse
import os
import runpy
import sys

from . import __tfcompat_version__, __version__ as tf_version, alias
from ._src.tools import check, convert_checkpoint, matrix

_PROG = "tfcompat"


def _run_command(parser):
    parser.description = (
        "Run a TensorFlow 1.x program on tfcompat, as `python PROGRAM ARGS...` would run it, "
        "with `import tensorflow` resolving to tfcompat.")
    parser.add_argument("--force-alias", action="store_true",
                        help="alias `tensorflow` to tfcompat even when a real TensorFlow is installed")
    parser.usage = "%(prog)s [-h] [--force-alias] PROGRAM [ARGS...]"
    # PROGRAM is optional to argparse only so that its absence gets our message: argparse would
    # call the optional ARGS required too.
    parser.add_argument("program", metavar="PROGRAM", nargs="?",
                        help="the Python file (or directory/zip with __main__.py) to run")
    parser.add_argument("args", metavar="ARGS", nargs=argparse.REMAINDER,
                        help="arguments passed to the program (optional)")

    def run(args):
        if args.program is None:
            parser.error("PROGRAM, the Python file to run, is required (ARGS, its arguments, are optional)")
        return _run(args)
    return run


def _run(args):
    program = args.program
    if not os.path.exists(program):
        print(f"{_PROG} run: can't open file {program!r}: [Errno 2] No such file or directory", file=sys.stderr)
        return 2
    try:
        alias.install(force=args.force_alias)
    except alias.RealTensorFlowError as error:
        print(f"{_PROG} run: {error}", file=sys.stderr)
        return 2
    sys.argv = [program, *args.args]
    if os.path.isfile(program) and not getattr(sys.flags, "safe_path", False) and not sys.flags.isolated:
        # What `python PROGRAM` puts first on sys.path (runpy does it itself for a directory or zip).
        sys.path[0] = os.path.dirname(os.path.realpath(program))
    try:
        runpy.run_path(program, run_name="__main__")
    except SystemExit:
        raise
    except BaseException as error:  # noqa: BLE001 - report it as Python would, then exit
        return _report(program, error)
    return 0


# Exit status after Ctrl-C: what a shell reports for a program stopped by SIGINT (128 + 2).
_INTERRUPTED = 130


def _report(program, error):
    """Print the uncaught ``error`` as Python would, from the program's first frame on; the exit status."""
    user_tb = _user_traceback(error.__traceback__)
    if user_tb is None and not isinstance(error, (SyntaxError, KeyboardInterrupt)):
        # runpy's own refusal (a directory or zip without __main__.py): one line, as `python DIR` prints it.
        print(f"{_PROG} run: {error}", file=sys.stderr)
        return 1
    missing = _missing_tf_name(error)
    if missing or isinstance(error, KeyboardInterrupt):
        # Where the program stopped is the news, not tfcompat's (or torch's) frames below its call.
        _cut_at_tfcompat(user_tb)
        for chained in _chain(error)[1:]:
            _cut_at_tfcompat(chained.__traceback__)
    sys.excepthook(type(error), error.with_traceback(user_tb), user_tb)
    if isinstance(error, KeyboardInterrupt):
        return _INTERRUPTED
    if missing:
        print(f"{_PROG}: the program uses {missing}, which tfcompat does not provide; "
              f"`{_PROG} check {program}` lists every TF 1.x name it uses and tfcompat's support for each.",
              file=sys.stderr)
    return 1


_PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__)) + os.sep


def _cut_at_tfcompat(tb):
    """End the traceback ``tb`` at the last frame before the first one inside tfcompat."""
    while tb is not None and tb.tb_next is not None:
        if tb.tb_next.tb_frame.f_code.co_filename.startswith(_PACKAGE_DIR):
            tb.tb_next = None
        tb = tb.tb_next


def _chain(error):
    """``error`` and the exceptions it chains to (its cause or context, theirs ...), as Python prints them."""
    chain = []
    while error is not None and all(error is not seen for seen in chain):
        chain.append(error)
        error = error.__cause__ or (None if error.__suppress_context__ else error.__context__)
    return chain


def _missing_tf_name(error):
    """The TF name tfcompat lacks that ``error`` (or an exception it chains to) reports, or None."""
    return next((error.tf_name for error in _chain(error) if getattr(error, "tf_name", None)), None)


_LAUNCHER_MODULES = frozenset({__name__, "runpy"})


def _user_traceback(tb):
    """``tb`` without the leading frames of this module and runpy: the traceback starts in the program."""
    while tb is not None and tb.tb_frame.f_globals.get("__name__") in _LAUNCHER_MODULES:
        tb = tb.tb_next
    return tb


def _check_command(parser):
    parser.description = (
        "Report the TF 1.x symbols that Python files and Jupyter notebooks use (directories are searched for "
        "*.py and *.ipynb), tfcompat's support for each and where it is used. Exit status: 0 when all are "
        "supported (fully or partially), 1 when one is not or a file does not parse, 2 when a path is missing.")
    parser.add_argument("paths", metavar="PATH", nargs="+", help="a .py file, a .ipynb notebook or a directory")
    parser.add_argument("--json", action="store_true", help="print a machine-readable JSON report instead")
    return lambda args: check.check(args.paths, as_json=args.json)


def _matrix_command(parser):
    parser.description = (
        "Regenerate the compatibility matrix (compat_matrix/ of the source checkout) from the registry, "
        "the TF 1.x symbol inventory and a static scan of tests/, examples/ and the golden cases.")
    parser.add_argument("--output", metavar="DIR", help="write the matrix files to DIR instead of compat_matrix/")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit with status 1 when the files in the output folder are stale")
    return lambda args: matrix.run(output=args.output, check=args.check)


def _convert_checkpoint_command(parser):
    parser.description = (
        "Convert a TensorFlow checkpoint (TF_CKPT: the prefix of its .index and .data-* files) into a "
        "safetensors file that tf.train.Checkpoint restores and safetensors.torch.load_file reads.")
    parser.add_argument("tf_checkpoint", metavar="TF_CKPT", help="the checkpoint's prefix, e.g. model.ckpt-1000")
    parser.add_argument("output", metavar="OUT", help="the safetensors file to write, e.g. out.safetensors")
    return lambda args: convert_checkpoint.convert(args.tf_checkpoint, args.output)


_COMMANDS = {
    "run": (_run_command, "run a TF 1.x program with `import tensorflow` aliased to tfcompat"),
    "check": (_check_command, "report which TF 1.x symbols code uses and whether tfcompat supports them"),
    "matrix": (_matrix_command, "regenerate the compatibility matrix in compat_matrix/"),
    "convert-checkpoint": (_convert_checkpoint_command, "convert a TF checkpoint into a safetensors file"),
}


def _parser():
    parser = argparse.ArgumentParser(
        prog=_PROG,
        description="Run TensorFlow 1.x eager programs unchanged on PyTorch. "
                    f"`{_PROG} PROGRAM [ARGS...]` is short for `{_PROG} run PROGRAM [ARGS...]`.")
    parser.add_argument("--version", action="version",
                        version=f"%(prog)s {__tfcompat_version__} (TensorFlow {tf_version} API)")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name, (configure, summary) in _COMMANDS.items():
        subparser = subparsers.add_parser(name, help=summary)
        subparser.set_defaults(handler=configure(subparser))
    return parser


def main(argv=None):
    """Entry point of the ``tfcompat`` console script and ``python -m tfcompat``; returns the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] not in _COMMANDS and argv[0] not in ("-h", "--help", "--version"):
        argv.insert(0, "run")
    args = _parser().parse_args(argv)
    return args.handler(args)
