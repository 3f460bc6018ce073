"""The one comparison helper of the conformance suite.

``compare`` checks a golden case's outcome (see record_core_goldens.py) field by
field: error class and message, dtype, shape, values with a dtype-dependent
tolerance, printed text (TF 1.x repr with ids masked), Python/NumPy results,
variables (name, trainable), tf.IndexedSlices (values, indices, dense_shape)
and containers (list, tuple, dict) item by item.
``compare_printed`` checks what a seed program printed (and the error it raised)
against its expected text; the marker syntax is in its docstring.  Both return a
list of human-readable differences; an empty list means the case conforms.
"""

import ast
import difflib
import math
import re

import numpy as np

_ID_RE = re.compile(r"id=\d+")
_ADDR_RE = re.compile(r"0x[0-9a-fA-F]+")
# TF 2.x renamed a few kernels (AddV2, BatchMatMulV2 ...); tfcompat uses TF 1.x's names.
_V2_OP_RE = re.compile(r"\b([A-Z]\w*?)V[23]\b")
_TOLERANCE = {"float16": 1e-3, "bfloat16": 1e-2, "float32": 1e-5, "complex64": 1e-5}


def run_code(code, tf):
    """Exec all lines but the last, eval the last; returns ("value", v) or ("error", exc).

    The code sees ``tf``, ``np`` and ``tfe`` (``tf.contrib.eager``, as TF 1.x code binds it).
    """
    namespace = {"tf": tf, "np": np, "tfe": _contrib_eager(tf)}
    tree = ast.parse(code, mode="exec")
    last = tree.body[-1] if tree.body else None
    try:
        if isinstance(last, ast.Expr):
            exec(compile(ast.Module(body=tree.body[:-1], type_ignores=[]), "<case>", "exec"), namespace)
            return "value", eval(compile(ast.Expression(last.value), "<case>", "eval"), namespace)
        exec(compile(tree, "<case>", "exec"), namespace)
        return "value", _NO_VALUE
    except Exception as error:  # noqa: BLE001 - every error is an outcome to compare
        return "error", error


_NO_VALUE = object()


def _contrib_eager(tf):
    contrib = getattr(tf, "contrib", None)
    return getattr(contrib, "eager", None)


def normalize_message(text):
    """Masks what legitimately differs: addresses, TF 1.x tensor ids, TF 2.x kernel names."""
    text = _ID_RE.sub("", _ADDR_RE.sub("0x<ADDR>", text)).replace("<tf.Tensor: , ", "<tf.Tensor: ")
    text = _V2_OP_RE.sub(r"\1", text)
    return re.sub(r" \[Op:\w+\]( name: \S*)?$", "", text).strip()


def compare(expected, kind, actual, tf):
    """Differences between a recorded outcome and tfcompat's (kind, value)."""
    want = expected["kind"]
    if kind == "error":
        if want != "error":
            return [f"raised {type(actual).__name__}: {actual} (TF returned a {want})"]
        return _compare_error(expected, actual)
    if want == "error":
        return [f"returned {_describe(actual)}; TF raised {expected['error_class']}: {expected['message_core']}"]
    return _compare_value(expected, actual, tf)


def _describe(value):
    text = repr(value)
    return text if len(text) < 200 else text[:200] + "..."


def _compare_error(expected, error):
    problems = []
    if type(error).__name__ != expected["error_class"] and expected["error_class"] not in [
            k.__name__ for k in type(error).__mro__]:
        problems.append(f"error class {type(error).__name__} != {expected['error_class']}")
    want = normalize_message(expected["message_core"]).split("\n")[0]
    got = normalize_message(str(error))
    if want not in got:
        problems.append(f"message {got!r} lacks TF's {want!r}")
    return problems


def _compare_value(expected, value, tf):
    want = expected["kind"]
    if want == "none":
        return [] if value is _NO_VALUE else [f"returned {_describe(value)}, TF returned nothing"]
    if want == "variable":
        return _compare_variable(expected, value, tf)
    if want in ("tensor", "tensor_meta"):
        return _compare_tensor(expected, value, tf)
    if want == "indexed_slices":
        return _compare_indexed_slices(expected, value, tf)
    if want == "dict":
        return _compare_dict(expected, value, tf)
    if want == "python":
        if type(value).__name__ != expected["type"]:
            return [f"Python type {type(value).__name__} != {expected['type']}"]
        return _compare_values(expected["value"], _encode(value), None)
    if want == "numpy":
        array = np.asarray(value)
        problems = [] if type(value).__name__ == expected["type"] else [
            f"NumPy type {type(value).__name__} != {expected['type']}"]
        if str(array.dtype) != expected["dtype"]:
            problems.append(f"NumPy dtype {array.dtype} != {expected['dtype']}")
        return problems + _compare_values(expected["values"], _encode_array(array), str(array.dtype))
    if want in ("list", "tuple"):
        if not isinstance(value, (list, tuple)) or len(value) != len(expected["items"]):
            return [f"returned {_describe(value)}, TF returned a {want} of {len(expected['items'])}"]
        problems = []
        if "fields" in expected and list(getattr(value, "_fields", [])) != expected["fields"]:
            problems.append(f"fields {getattr(value, '_fields', None)} != {expected['fields']}")
        for i, (item_want, item) in enumerate(zip(expected["items"], value)):
            problems += [f"[{i}] {p}" for p in compare(item_want, "value", item, tf)]
        return problems
    if want == "object":
        problems = []
        for field, text in (("str", str(value)), ("repr", repr(value))):
            if normalize_message(text) != normalize_message(expected[field]):
                problems.append(f"{field} {text!r} != TF's {expected[field]!r}")
        return problems
    return [f"unknown outcome kind {want}"]


def _compare_variable(expected, value, tf):
    if not isinstance(value, tf.Variable):
        return [f"returned {_describe(value)}, TF returned a variable"]
    problems = []
    if value.name != expected["name"]:
        problems.append(f"variable name {value.name!r} != {expected['name']!r}")
    if "trainable" in expected and value.trainable != expected["trainable"]:
        problems.append(f"trainable {value.trainable} != {expected['trainable']}")
    return problems + _compare_tensor(expected, value, tf)


def _compare_indexed_slices(expected, value, tf):
    if not isinstance(value, tf.IndexedSlices):
        return [f"returned {_describe(value)}, TF returned an IndexedSlices"]
    problems = []
    for part in ("values", "indices", "dense_shape"):
        problems += [f"{part}: {p}" for p in compare(expected[part], "value", getattr(value, part), tf)]
    return problems


def _compare_dict(expected, value, tf):
    if not isinstance(value, dict) or sorted(map(str, value)) != sorted(expected["items"]):
        return [f"returned {_describe(value)}, TF returned a dict with keys {sorted(expected['items'])}"]
    problems = []
    for key, item in value.items():
        problems += [f"[{key!r}] {p}" for p in compare(expected["items"][str(key)], "value", item, tf)]
    return problems


def _compare_tensor(expected, value, tf):
    if not tf.is_tensor(value) or (expected["kind"] == "tensor" and isinstance(value, tf.Variable)):
        return [f"returned {_describe(value)}, TF returned a tensor"]
    problems = []
    dtype = value.dtype.base_dtype.name
    if dtype != expected["dtype"]:
        problems.append(f"dtype {dtype} != {expected['dtype']}")
    shape = value.shape.as_list()
    if shape != expected["shape"]:
        problems.append(f"shape {shape} != {expected['shape']}")
    if problems or expected["kind"] == "tensor_meta":
        return problems
    values = _encode_array(np.asarray(value.numpy()))
    problems += _compare_values(expected["values"], values, dtype)
    # Printed text is compared when the values are bit-identical; values that differ
    # within tolerance (last-ulp kernel differences) print differently by construction.
    if not problems and values == _exact(expected["values"]):
        if expected.get("str") is not None and str(value) != expected["str"]:
            problems.append(f"str {str(value)!r} != TF's {expected['str']!r}")
        if expected.get("repr_tf1") is not None and _ID_RE.sub("id=<ID>", repr(value)) != expected["repr_tf1"]:
            problems.append(f"repr {repr(value)!r} != TF 1.x's {expected['repr_tf1']!r}")
    return problems


def _encode(value):
    if isinstance(value, (bytes, np.bytes_)):
        return bytes(value).decode("utf-8", "backslashreplace")
    if isinstance(value, (complex, np.complexfloating)):
        return {"real": float(value.real), "imag": float(value.imag)}
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    if isinstance(value, (int, np.integer)):
        return int(value)
    if isinstance(value, (float, np.floating)):
        return float(value)
    return value


def _encode_array(array):
    if array.dtype.kind == "f":
        array = array.astype(np.float64)
    return _nest(array.tolist())


def _nest(value):
    if isinstance(value, list):
        return [_nest(v) for v in value]
    return _encode(value)


def _as_float(value):
    return float(value)


def _exact(values):
    """Recorded values decoded for an exact comparison ("nan" stays a string: nan != nan)."""
    if isinstance(values, list):
        return [_exact(v) for v in values]
    if values in ("inf", "-inf"):
        return float(values)
    return values


def _compare_values(want, got, dtype):
    if isinstance(want, list) or isinstance(got, list):
        if not (isinstance(want, list) and isinstance(got, list)) or len(want) != len(got):
            return [f"values {got!r:.200} != TF's {want!r:.200}"]
        for w, g in zip(want, got):
            problems = _compare_values(w, g, dtype)
            if problems:
                return [f"values {got!r:.300} != TF's {want!r:.300}"]
        return []
    if isinstance(want, dict):  # complex
        if not isinstance(got, dict):
            return [f"value {got!r} != TF's complex {want!r}"]
        return _compare_values(want["real"], got["real"], dtype) + _compare_values(want["imag"], got["imag"], dtype)
    if isinstance(want, bool) or isinstance(got, bool):
        return [] if want == got else [f"value {got!r} != TF's {want!r}"]
    if isinstance(want, (int, float, str)) and isinstance(got, (int, float)) and not (
            isinstance(want, str) and want not in ("nan", "inf", "-inf")):
        w, g = _as_float(want), float(got)
        if math.isnan(w) or math.isnan(g):
            return [] if math.isnan(w) and math.isnan(g) else [f"value {g!r} != TF's {w!r}"]
        tolerance = _TOLERANCE.get(dtype, 1e-12 if dtype in ("float64", "complex128") else 0)
        if w == g or (tolerance and math.isclose(w, g, rel_tol=tolerance, abs_tol=tolerance)):
            return []
        return [f"value {g!r} != TF's {w!r}"]
    return [] if want == got else [f"value {got!r} != TF's {want!r}"]


# --- printed text (seed programs) --------------------------------------------------------------

_FLOAT = r"[-+]?(?:(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|nan|inf)"
_MARKER_RE = re.compile(r"\{\{([^{}]*)\}\}")
_ERROR_MARKER = "{{error}} "


def compare_printed(expected, printed, error=None):
    """Differences between a program's expected output text and what it printed (and raised).

    Both texts are compared after masking what legitimately differs: tensor ids
    (``id=40``, ``id=<ID>``) and addresses (``0x7f1f7edc2e10``), so an expected
    file may keep the ids its document printed.  Markers in the expected text:

    ``{{float}}``          any float literal (``-0.806``, ``1e-05``, ``nan``): a random value
    ``{{float LO..HI}}``   a float literal within [LO, HI]: a random result whose range is known
    ``{{any}}``            any text within one line
    ``{{lines}}``          any text, across lines (also none)
    ``{{error}} Class: message``   the last line: the program raises ``Class`` (or a subclass)
                           with a message containing ``message``; without it, raising is a difference
    """
    body, want_error = _split_error(expected)
    problems = _compare_text(body, printed)
    if error is None:
        if want_error is not None:
            problems.append(f"raised nothing; expected {want_error['error_class']}: {want_error['message_core']}")
        return problems
    if want_error is None:
        return problems + [f"raised {type(error).__name__}: {error}"]
    return problems + _compare_error(want_error, error)


def _split_error(expected):
    lines = expected.splitlines(keepends=True)
    if not lines or not lines[-1].startswith(_ERROR_MARKER):
        return expected, None
    error_class, _, message = lines[-1][len(_ERROR_MARKER):].strip().partition(": ")
    return "".join(lines[:-1]), {"error_class": error_class, "message_core": message}


def _mask(text):
    return _ADDR_RE.sub("0x<ADDR>", _ID_RE.sub("id=<ID>", text.replace("id=<ID>", "id=0")))


def _compare_text(expected, printed):
    pattern, ranges = _text_pattern(_mask(expected))
    match = pattern.fullmatch(_mask(printed))
    if match is None:
        diff = difflib.unified_diff(expected.splitlines(), printed.splitlines(), "expected", "printed", lineterm="")
        return ["printed text differs:\n" + "\n".join(diff)]
    problems = []
    for group, (low, high) in ranges.items():
        value = float(match.group(group))
        if not low <= value <= high:
            problems.append(f"printed {match.group(group)}, expected a value within [{low}, {high}]")
    return problems


def _text_pattern(expected):
    """A regex for the expected text and {group name: (low, high)} for its ranged floats."""
    parts, ranges, position = [], {}, 0
    for index, marker in enumerate(_MARKER_RE.finditer(expected)):
        parts.append(re.escape(expected[position:marker.start()]))
        parts.append(_marker_pattern(marker.group(1).strip(), f"v{index}", ranges))
        position = marker.end()
    parts.append(re.escape(expected[position:]))
    return re.compile("".join(parts), re.DOTALL), ranges


def _marker_pattern(marker, group, ranges):
    if marker == "any":
        return r"[^\n]*?"
    if marker == "lines":
        return r".*?"
    if marker == "float":
        return _FLOAT
    kind, _, bounds = marker.partition(" ")
    low, separator, high = bounds.partition("..")
    if kind != "float" or not separator:
        raise ValueError(f"unknown marker {{{{{marker}}}}} in an expected output")
    ranges[group] = (float(low), float(high))
    return f"(?P<{group}>{_FLOAT})"
