"""The seed documents' code snippets, run unchanged, print what the documents show.

Each ``programs/<section>/<case>.py`` is one distinct snippet of the seed documents
(the TF 1.x eager guide, its notebooks and the announcement post), as the document wrote it
(``import tensorflow as tf``), made self-contained with the definitions the document
gave before it; its first comment names the seed file(s) and section.  Next to it,
``<case>.out`` holds the expected output, compared by ``golden.compare.compare_printed``
(ids and addresses masked; markers for random values and errors: see its docstring).

Each program runs in this process (fast): the ``tensorflow`` alias installed, in a
fresh ``__main__`` module, in a temporary working directory, with stdout captured;
``sys.modules``, ``sys.path``, ``sys.argv`` and the alias are restored afterwards.
``tests/conformance/fixtures/`` is on ``sys.path`` while a program runs: it holds what
a document told its reader to provide (the MNIST ``dataset.py`` module, here a small
synthetic stand-in).

A program's header may hold directives, one ``# conformance: <directive>`` line each:

``display=last``  a notebook cell: the value of its last expression statement is shown,
                  as Jupyter shows it (``repr``; IPython's ``<module.Class at 0x...>`` for
                  objects without a ``__repr__``)
``display=each``  an interactive-interpreter session: every expression statement's value
                  that is not None is shown (documents that write ``expr  # => value``)

Programs that do not conform yet are listed as ``seed/<section>/<case>`` in
``deviations_<device>.txt``; a listed program that conforms fails the run.
"""

import ast
import contextlib
import io
import os
import re
import sys
import types
import warnings
from pathlib import Path

import pytest

import tfcompat
import tfcompat.alias
from golden.compare import compare_printed
from golden.deviations import check_conformance, deviations_of_kind

CONFORMANCE_DIR = Path(__file__).resolve().parent
PROGRAMS_DIR = CONFORMANCE_DIR / "programs"
FIXTURES_DIR = CONFORMANCE_DIR / "fixtures"
PROGRAMS = sorted(PROGRAMS_DIR.glob("*/*.py"))
_DIRECTIVE_RE = re.compile(r"^# conformance: (.+)$", re.MULTILINE)
_KNOWN_DIRECTIVES = {"display=last", "display=each"}


def case_id(path):
    return f"seed/{path.parent.name}/{path.stem}"


def directives(source):
    found = set(_DIRECTIVE_RE.findall(source))
    assert found <= _KNOWN_DIRECTIVES, f"unknown directives {sorted(found - _KNOWN_DIRECTIVES)}"
    return found


# --- running a program -------------------------------------------------------------------------

def _display_text(value):
    if type(value).__repr__ is object.__repr__:
        return f"<{type(value).__module__}.{type(value).__qualname__} at {hex(id(value))}>"
    return repr(value)


def _display(value):
    if value is not None:
        print(_display_text(value))


class _ShowExpressions(ast.NodeTransformer):
    """Wraps the chosen top-level expression statements in a call of ``__display__``."""

    def __init__(self, shown):
        self.shown = shown

    def visit_Module(self, module):
        expressions = [node for node in module.body if isinstance(node, ast.Expr)]
        chosen = expressions[-1:] if self.shown == "last" else expressions
        if self.shown == "last" and module.body[-1] not in chosen:
            chosen = []  # a notebook cell shows its last statement only when it is an expression
        for node in chosen:
            node.value = ast.Call(ast.Name("__display__", ast.Load()), [node.value], [])
        return ast.fix_missing_locations(module)


def compile_program(path, source, shown):
    tree = ast.parse(source, str(path))
    if shown:
        tree = _ShowExpressions(shown).visit(tree)
    return compile(tree, str(path), "exec")


def _fresh_tf_state():
    """A new interpreter's TF state: no Keras layer-name counters, no global step."""
    try:
        clear_session = tfcompat.keras.backend.clear_session
    except AttributeError:  # tf.keras arrives with a later issue
        return
    clear_session()


@contextlib.contextmanager
def _program_environment(path, workdir):
    """What ``tfcompat run PROGRAM`` sets up, undone afterwards."""
    alias_was_installed = tfcompat.alias.installed()
    saved_modules, saved_path, saved_argv = dict(sys.modules), list(sys.path), list(sys.argv)
    saved_cwd = os.getcwd()
    main = types.ModuleType("__main__")
    main.__file__ = str(path)
    tfcompat.alias.install()
    sys.modules["__main__"] = main
    sys.path[:0] = [str(path.parent), str(FIXTURES_DIR)]
    sys.argv = [str(path)]
    os.chdir(workdir)
    try:
        yield main
    finally:
        os.chdir(saved_cwd)
        sys.argv, sys.path[:] = saved_argv, saved_path
        if not alias_was_installed:
            tfcompat.alias.uninstall()
        for name in [name for name in sys.modules if name not in saved_modules and _is_fixture(sys.modules[name])]:
            del sys.modules[name]  # the next program imports its own dataset.py stand-in
        sys.modules["__main__"] = saved_modules["__main__"]


def _is_fixture(module):
    return str(getattr(module, "__file__", None) or "").startswith(str(FIXTURES_DIR))


def run_program(path, workdir):
    """(printed text, the exception it raised or None)."""
    source = path.read_text(encoding="utf-8")
    found = directives(source)
    shown = "last" if "display=last" in found else "each" if "display=each" in found else None
    code = compile_program(path, source, shown)
    printed, error = io.StringIO(), None
    _fresh_tf_state()
    with _program_environment(path, workdir) as main:
        main.__dict__["__display__"] = _display
        with contextlib.redirect_stdout(printed), warnings.catch_warnings():
            warnings.simplefilter("ignore")  # e.g. tf.device("/gpu:0") without a GPU: runs on the CPU
            try:
                exec(code, main.__dict__)
            except Exception as raised:  # noqa: BLE001 - the error is part of the outcome
                error = raised
    return printed.getvalue(), error


# --- the tests ---------------------------------------------------------------------------------

def test_every_program_has_expected_output_and_names_its_seed():
    for path in PROGRAMS:
        assert path.with_suffix(".out").is_file(), f"{path.relative_to(CONFORMANCE_DIR)} has no .out file"
        assert re.search(r"seed 00\d", path.read_text(encoding="utf-8")[:600]), f"{path.name} names no seed file"
    outputs = sorted(PROGRAMS_DIR.glob("*/*.out"))
    assert sorted(p.with_suffix(".py") for p in outputs) == PROGRAMS


def test_deviation_list_names_only_known_programs():
    assert sorted(deviations_of_kind("seed/") - {case_id(path) for path in PROGRAMS}) == []


def test_display_shows_the_last_expression_or_each():
    source = "1 + 1\nx = 3\nx\n[None]\nNone\n"
    for shown, expected in (("last", ""), ("each", "2\n3\n[None]\n")):
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            exec(compile_program(Path("cell.py"), source, shown), {"__display__": _display})
        assert printed.getvalue() == expected
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile_program(Path("cell.py"), "x = object()\nx", "last"), {"__display__": _display})
    assert re.fullmatch(r"<builtins\.object at 0x[0-9a-f]+>\n", printed.getvalue())


def test_printed_text_markers():
    expected = "<tf.Tensor: id=40, numpy=1.0>\nloss {{float 0.5..1.5}} at 0x1f\nW = {{float}} ({{any}})\n{{lines}}end\n"
    printed = "<tf.Tensor: id=7, numpy=1.0>\nloss 0.98 at 0x7f00\nW = -3e-05 (a b)\nx\ny\nend\n"
    assert compare_printed(expected, printed) == []
    assert compare_printed(expected, printed.replace("0.98", "1.75")) == [
        "printed 1.75, expected a value within [0.5, 1.5]"]
    assert compare_printed(expected, printed.replace("(a b)", "(a\nb)")) != []
    error = "{{error}} NameError: name 'data' is not defined\n"
    assert compare_printed("x\n" + error, "x\n", NameError("name 'data' is not defined")) == []
    assert compare_printed(error, "", AttributeError("tf.data is not supported")) == [
        "error class AttributeError != NameError",
        "message 'tf.data is not supported' lacks TF's \"name 'data' is not defined\""]
    assert compare_printed("", "", RuntimeError("boom")) == ["raised RuntimeError: boom"]
    assert compare_printed(error, "") == ["raised nothing; expected NameError: name 'data' is not defined"]


@pytest.mark.parametrize("path", PROGRAMS, ids=[case_id(path)[len("seed/"):] for path in PROGRAMS])
def test_seed_program(path, tmp_path):
    printed, error = run_program(path, tmp_path)
    expected = path.with_suffix(".out").read_text(encoding="utf-8")
    check_conformance(case_id(path), compare_printed(expected, printed, error), f"{case_id(path)} printed:\n{printed}")
