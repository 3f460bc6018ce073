"""Every registered TF name is called as TF 1.x calls it: the same parameters, in the same
order, of the same kinds, with the same defaults, as the inventory's signature column
(``tfcompat/_api/*.tsv``). Deliberate differences are listed, each with its reason, in
``tests/signature_deviations.txt``; a listed name that starts to match fails, so the list
cannot go stale."""

import ast
import inspect
import re
from pathlib import Path

import pytest

import tfcompat
from tfcompat._src import registry

DEVIATIONS_FILE = Path(__file__).with_name("signature_deviations.txt")
API_DIR = Path(tfcompat.__file__).parent / "_api"

_OPEN, _CLOSE = "([{<", ")]}>"
# `<VariableSynchronization.AUTO: 0>`: an enum member, compared by its repr. Any other `<...>`
# default (`<object object>`, `<absl...FlagValues object>`) is an object TF prints by address:
# only its presence is compared.
_ENUM_REPR = re.compile(r"^<\w+(?:\.\w+)+: .*>$")
_VAR_POSITIONAL, _VAR_KEYWORD = inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD
_PREFIX = {_VAR_POSITIONAL: "*", _VAR_KEYWORD: "**"}


def _top_level(text, separators):
    """Indices of the characters of ``separators`` in ``text`` outside brackets and quotes."""
    depth, quote = 0, None
    for index, char in enumerate(text):
        if quote:
            quote = None if char == quote else quote
        elif depth == 0 and char in separators:
            yield index
        elif char in "'\"":
            quote = char
        elif char in _OPEN:
            depth += 1
        elif char in _CLOSE:
            depth -= 1


def _split(text, separator):
    cuts = [-1, *_top_level(text, separator), len(text)]
    return [text[start + 1:end].strip() for start, end in zip(cuts, cuts[1:])]


def parse_tf_signature(column):
    """``[(name, default text or None), ...]`` from the inventory's signature column, or None
    when it has none. The column is ``(a, b=1, *args, name: T = None, **kwargs) -> R`` (TF's
    ``inspect.signature``), or, in the hand-written contrib file, ``function (f, params=None) ...``."""
    match = re.match(r"^(?:class|function)?\s*\(", column.strip())
    if match is None:
        return None
    body = column.strip()[match.end():]
    body = body[:next(_top_level(body, ")"))]
    parameters = []
    for text in filter(None, _split(body, ",")):
        equals = next(_top_level(text, "="), None)
        head, default = (text, None) if equals is None else (text[:equals], text[equals + 1:].strip())
        colon = next(_top_level(head, ":"), None)  # an annotation
        parameters.append(((head if colon is None else head[:colon]).strip(), default))
    return parameters


def _signature(obj):
    """``inspect.signature(obj)``; for a class whose metaclass defines a pass-through ``__call__``
    (absl's flag parsers), its ``__init__``'s, as TF's inventory shows it."""
    signature = inspect.signature(obj)
    if isinstance(obj, type) and type(obj).__call__ is not type.__call__ and \
            [p.kind for p in signature.parameters.values()] in ([_VAR_POSITIONAL], [_VAR_POSITIONAL, _VAR_KEYWORD]):
        init = inspect.signature(obj.__init__)
        signature = init.replace(parameters=list(init.parameters.values())[1:])
    return signature


def own_signature(obj):
    """``[(name, default or inspect.Parameter.empty), ...]``, spelled as the inventory spells them."""
    P = inspect.Parameter
    parameters, previous = [], None
    for parameter in _signature(obj).parameters.values():
        if previous is P.POSITIONAL_ONLY and parameter.kind is not P.POSITIONAL_ONLY:
            parameters.append(("/", P.empty))
        if parameter.kind is P.KEYWORD_ONLY and previous not in (P.KEYWORD_ONLY, P.VAR_POSITIONAL):
            parameters.append(("*", P.empty))
        parameters.append((_PREFIX.get(parameter.kind, "") + parameter.name, parameter.default))
        previous = parameter.kind
    if previous is P.POSITIONAL_ONLY:
        parameters.append(("/", P.empty))
    return parameters


def same_default(tf_text, ours):
    if tf_text.startswith("<") and not _ENUM_REPR.match(tf_text):
        return True
    try:
        value = ast.literal_eval(tf_text)
    except (ValueError, SyntaxError):
        return repr(ours) == tf_text  # tf.float32, enum members
    return type(ours) in (bool, int, float, str, tuple, list, dict, type(None)) and value == ours and (
        isinstance(value, bool) == isinstance(ours, bool))


def differences(obj, tf_parameters):
    """What differs between ``obj``'s signature and TF's, as sentences; [] when they match."""
    ours = own_signature(obj)
    names, tf_names = [name for name, _ in ours], [name for name, _ in tf_parameters]
    if names != tf_names:
        return [f"parameters ({', '.join(names)}) != TF's ({', '.join(tf_names)})"]
    problems = []
    for (name, default), (_, tf_default) in zip(ours, tf_parameters):
        if (default is inspect.Parameter.empty) != (tf_default is None):
            theirs = "required" if tf_default is None else f"default {tf_default}"
            here = "required" if default is inspect.Parameter.empty else f"default {default!r}"
            problems.append(f"{name}: {theirs} in TF, {here} here")
        elif tf_default is not None and not same_default(tf_default, default):
            problems.append(f"{name}: default {default!r} != TF's {tf_default}")
    return problems


def read_inventory_signatures():
    signatures = {}
    for tsv in sorted(API_DIR.glob("*.tsv")):
        for line in tsv.read_text(encoding="utf-8").splitlines()[1:]:
            path, _, column = (line.split("\t") + [""])[:3]
            signatures[path[len("tf."):]] = column
    return signatures


def read_deviations():
    deviations = {}
    for number, line in enumerate(DEVIATIONS_FILE.read_text(encoding="utf-8").splitlines(), 1):
        if line.strip() and not line.startswith("#"):
            name, _, reason = line.partition("  ")
            assert reason.strip(), f"{DEVIATIONS_FILE.name}:{number}: `tf.name  reason`, the reason is missing"
            assert name.startswith("tf.") and name[3:] not in deviations, f"{DEVIATIONS_FILE.name}:{number}"
            deviations[name[3:]] = reason.strip()
    return deviations


INVENTORY = read_inventory_signatures()
DEVIATIONS = read_deviations()
COMPARED = {name: parse_tf_signature(INVENTORY[name]) for name, entry in sorted(registry.entries().items())
            if callable(entry.obj) and name in INVENTORY and parse_tf_signature(INVENTORY[name]) is not None}


def test_the_comparison_covers_the_registered_callables():
    # Every registered callable whose inventory row has a signature is compared: none is lost
    # to a signature column the parser does not read.
    unread = [name for name, entry in registry.entries().items()
              if callable(entry.obj) and INVENTORY.get(name, "").strip() and name not in COMPARED]
    assert unread == []
    assert len(COMPARED) > 600


def test_every_deviation_names_a_compared_tf_name():
    assert sorted(set(DEVIATIONS) - set(COMPARED)) == []


@pytest.mark.parametrize("name", sorted(COMPARED))
def test_signature_matches_tf1(name):
    problems = differences(registry.entries()[name].obj, COMPARED[name])
    if name in DEVIATIONS:
        assert problems, (f"tf.{name} now has TF 1.x's signature: delete its line from {DEVIATIONS_FILE.name} "
                          f"({DEVIATIONS[name]})")
    else:
        assert not problems, f"tf.{name}: " + "; ".join(problems)


@pytest.mark.parametrize("column, expected", [
    ("(features, name=None)", [("features", None), ("name", "None")]),
    ("(x: typing.Annotated[_any, ~TV_Cos_T], name=None) -> typing.Annotated[_any, ~TV_Cos_T]",
     [("x", None), ("name", "None")]),
    ("(a, b=(1, 2), *args, c: Dict[str, int] = {'k': 1}, **kwargs)",
     [("a", None), ("b", "(1, 2)"), ("*args", None), ("c", "{'k': 1}"), ("**kwargs", None)]),
    ("(flag_values=<absl.flags._flagvalues.FlagValues object>, s='a,b)')",
     [("flag_values", "<absl.flags._flagvalues.FlagValues object>"), ("s", "'a,b)'")]),
    ("function (f, params=None)  -> fn(*args) returning gradients", [("f", None), ("params", "None")]),
    ("class ()  [tracking base class]", []),
    ("constant = 1", None),
    ("", None),
])
def test_inventory_signature_parser(column, expected):
    assert parse_tf_signature(column) == expected


def test_differences_are_found():
    def ours(x, y, name="op", *, flag=True):
        pass

    assert differences(ours, [("x", None), ("y", None), ("name", "None"), ("*", None), ("flag", "True")]) == [
        "name: default 'op' != TF's None"]
    assert differences(ours, [("x1", None), ("x2", None), ("name", "None"), ("*", None), ("flag", "True")]) == [
        "parameters (x, y, name, *, flag) != TF's (x1, x2, name, *, flag)"]
    assert differences(ours, [("x", None), ("y", "None"), ("name", "'op'"), ("*", None), ("flag", "1")]) == [
        "y: default None in TF, required here", "flag: default True != TF's 1"]
    assert differences(ours, [("x", None), ("y", None), ("name", "<object object>"), ("*", None),
                              ("flag", "True")]) == []
