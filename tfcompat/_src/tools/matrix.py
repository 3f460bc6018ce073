"""``tfcompat matrix``: the compatibility matrix in ``compat_matrix/``, generated from the registry.

Rows are the TF 1.x symbols of the inventory (``compat_matrix/tf_*_symbols.tsv``;
namespaces are not rows) plus any registered name it lacks. A symbol's status
is its registry status, or "missing" when nothing registers it. The tests that
exercise a symbol are found statically: the ``test_*.py`` files and conformance
programs under ``tests/`` whose scan uses it, and the golden cases
(``tests/**/*_goldens.json``) whose ``code`` uses it. Conformance-tested means
exercised by something under ``tests/conformance/`` or ``tests/ported/``.
The output is deterministic: sorted, no timestamps, paths relative to the repository.
"""

import json
import sys
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path

from .. import registry
from .source_scan import MISSING, SUPPORTED, Scanner, SymbolIndex, python_files

_PROG = "tfcompat matrix"
MATRIX_DIR = "compat_matrix"
INVENTORY_GLOB = "tf_*_symbols.tsv"
SUMMARY_FILE = "README.md"
SYMBOLS_FILE = "symbols.tsv"
CONFORMANCE_DIRS = ("tests/conformance", "tests/ported")
CONFORMANCE_PROGRAMS = "tests/conformance/programs"
USAGE_DIRS = ("examples", CONFORMANCE_PROGRAMS)
NOT_TF1_STYLE = "tf.raw_ops"  # listed by the inventory, but not TF 1.x-style API
# Golden cases run their code with `tf` bound to TF and `tfe` to tf.contrib.eager.
GOLDEN_ALIASES = {"tf": "tf", "tfe": "tf.contrib.eager"}


@dataclass(frozen=True)
class Row:
    symbol: str
    kind: str
    status: str
    note: str
    test_files: tuple = ()  # paths under tests/
    golden_cases: int = 0
    conformance_tested: bool = False

    @property
    def implemented(self):
        return self.status in SUPPORTED


@dataclass(frozen=True)
class NamespaceSummary:
    namespace: str
    symbols: int
    implemented: int
    partial: int
    unsupported: int
    conformance_tested: int

    @property
    def missing(self):
        return self.symbols - self.implemented - self.unsupported


@dataclass(frozen=True)
class UsageShare:
    files: int
    uses: int
    supported_uses: int
    not_supported: tuple  # ((symbol, status, uses), ...), most used first


def namespace_of(symbol):
    """The summary group of a symbol: its namespace, cut to two levels below ``tf``."""
    return ".".join(symbol.split(".")[:-1][:3])


def summarize(rows, namespace=None):
    """One NamespaceSummary of ``rows`` (named ``namespace``)."""
    rows = list(rows)
    return NamespaceSummary(
        namespace=namespace,
        symbols=len(rows),
        implemented=sum(row.implemented for row in rows),
        partial=sum(row.status == registry.PARTIAL for row in rows),
        unsupported=sum(row.status == registry.UNSUPPORTED for row in rows),
        conformance_tested=sum(row.conformance_tested for row in rows))


def summarize_by_namespace(rows):
    groups = defaultdict(list)
    for row in rows:
        groups[namespace_of(row.symbol)].append(row)
    return [summarize(groups[name], name) for name in sorted(groups)]


def usage_share(uses_by_file, index):
    """How many of the TF symbol uses in ``{path: [Use, ...]}`` are of supported symbols."""
    counts = Counter(use.symbol for uses in uses_by_file.values() for use in uses)
    statuses = {symbol: index.status(symbol)[0] for symbol in counts}
    not_supported = sorted(((symbol, statuses[symbol], count) for symbol, count in counts.items()
                            if statuses[symbol] not in SUPPORTED), key=lambda item: (-item[2], item[0]))
    return UsageShare(files=len(uses_by_file), uses=sum(counts.values()),
                      supported_uses=sum(count for symbol, count in counts.items() if statuses[symbol] in SUPPORTED),
                      not_supported=tuple(not_supported))


def percent(part, whole):
    return f"{100 * part / whole:.1f}%" if whole else "-"


def repo_root():
    """The source checkout tfcompat runs from: the folder holding the ``tfcompat`` package."""
    import tfcompat

    return Path(tfcompat.__file__).resolve().parent.parent


def read_inventory(matrix_dir):
    """``{"tf.nn.relu": kind}`` from the inventory TSV files (path, kind, signature) in ``matrix_dir``."""
    inventory = {}
    for tsv in sorted(Path(matrix_dir).glob(INVENTORY_GLOB)):
        for line in tsv.read_text(encoding="utf-8").splitlines()[1:]:
            path, kind = line.split("\t")[:2]
            inventory[path] = kind
    return inventory


class _Exercise:
    """Which tests under ``tests/`` use each symbol, found by scanning them."""

    def __init__(self, root, scanner):
        self.test_files = defaultdict(set)  # symbol -> {path under tests/}
        self.golden_cases = Counter()  # symbol -> number of golden cases using it
        self.conformance = set()  # symbols exercised under CONFORMANCE_DIRS
        self._root = root
        self._scanner = scanner
        self._scan_test_files()
        self._scan_goldens()

    def _is_conformance(self, path):
        relative = path.relative_to(self._root).as_posix()
        return any(relative.startswith(folder + "/") for folder in CONFORMANCE_DIRS)

    def _scan_test_files(self):
        tests = self._root / "tests"
        programs = self._root / CONFORMANCE_PROGRAMS
        paths = set(tests.rglob("test_*.py")) | (set(programs.rglob("*.py")) if programs.is_dir() else set())
        for path in sorted(paths):
            symbols = {use.symbol for use in self._scanner.scan_file(str(path)).uses}
            name = path.relative_to(tests).as_posix()
            for symbol in symbols:
                self.test_files[symbol].add(name)
            if self._is_conformance(path):
                self.conformance |= symbols

    def _scan_goldens(self):
        for path in sorted((self._root / "tests").rglob("*_goldens.json")):
            conformance = self._is_conformance(path)
            for case in json.loads(path.read_text(encoding="utf-8")).get("cases", []):
                symbols = self._case_symbols(case.get("code", ""))
                self.golden_cases.update(symbols)
                if conformance:
                    self.conformance |= symbols

    def _case_symbols(self, code):
        try:
            return {use.symbol for use in self._scanner.scan_code(code, GOLDEN_ALIASES)}
        except (SyntaxError, ValueError):
            return set()  # the golden tests report a case that does not run; it exercises nothing here


def build_rows(inventory, index, exercise):
    kinds = {symbol: inventory.get(symbol, "-") for symbol in index.symbols}
    rows = []
    for symbol in sorted(kinds):
        status, note = index.status(symbol)
        note = "" if status == MISSING else " ".join(note.split())  # the status says it all
        rows.append(Row(symbol=symbol, kind=kinds[symbol], status=status, note=note,
                        test_files=tuple(sorted(exercise.test_files.get(symbol, ()))),
                        golden_cases=exercise.golden_cases[symbol],
                        conformance_tested=symbol in exercise.conformance))
    return rows


def generate(root):
    """``{file name: text}`` of the matrix for the checkout at ``root``."""
    root = Path(root)
    inventory = read_inventory(root / MATRIX_DIR)
    scanner = Scanner(SymbolIndex.of_tfcompat(inventory))
    rows = build_rows(inventory, scanner.index, _Exercise(root, scanner))
    usage = usage_share(_usage_scans(root, scanner), scanner.index)
    return {SUMMARY_FILE: _summary_markdown(rows, usage), SYMBOLS_FILE: _symbols_tsv(rows)}


def _usage_scans(root, scanner):
    uses_by_file = {}
    for folder in USAGE_DIRS:
        if (root / folder).is_dir():
            for path in python_files(str(root / folder)):
                uses_by_file[Path(path).relative_to(root).as_posix()] = scanner.scan_file(path).uses
    return uses_by_file


def _symbols_tsv(rows):
    lines = ["symbol\tkind\tstatus\tnote\tconformance_tested\tgolden_cases\ttest_files"]
    for row in rows:
        lines.append("\t".join([row.symbol, row.kind, row.status, row.note, "yes" if row.conformance_tested else "no",
                                str(row.golden_cases), ", ".join(row.test_files)]))
    return "\n".join(lines) + "\n"


_SUMMARY_HEAD = """\
# tfcompat compatibility matrix

Generated by `tfcompat matrix` from tfcompat's registry against the TF 1.x symbol
inventory in this folder (`tf_v1_symbols.tsv`, `tf_contrib_eager_symbols.tsv`).
Do not edit it: run `tfcompat matrix` to regenerate it; `tfcompat matrix --check`
and `tests/test_compat_matrix.py` fail while it is stale.

Status of a symbol: **full** (behaves as in TF 1.x), **partial** (works, with the
differences its note names), **unsupported** (deliberately not provided; the note
says why), **missing** (not implemented yet). Implemented = full + partial.
Conformance-tested = used by a test under `tests/conformance/` or `tests/ported/`
or by a golden case there. Namespaces are grouped two levels below `tf`.
"""

_SYMBOLS_HELP = """\
## Per symbol

`symbols.tsv`, one row per symbol: `symbol`, `kind` (inventory kind), `status`,
`note`, `conformance_tested` (yes/no), `golden_cases` (golden cases in
`tests/**/*_goldens.json` whose code uses it) and `test_files` (the `test_*.py`
files and conformance programs under `tests/` that use it, by static scan).
"""


def _summary_markdown(rows, usage):
    lines = [_SUMMARY_HEAD, "## By namespace", "",
             "| namespace | TF symbols | implemented | % | partial | unsupported | missing | conformance-tested |",
             "|---|---:|---:|---:|---:|---:|---:|---:|"]
    summaries = summarize_by_namespace(rows)
    tf1_style = [row for row in rows if namespace_of(row.symbol).split(".")[:2] != NOT_TF1_STYLE.split(".")]
    summaries += [summarize(tf1_style, f"**all but {NOT_TF1_STYLE}**"), summarize(rows, "**all**")]
    for summary in summaries:
        lines.append(f"| {summary.namespace} | {summary.symbols} | {summary.implemented} | "
                     f"{percent(summary.implemented, summary.symbols)} | {summary.partial} | {summary.unsupported} | "
                     f"{summary.missing} | {summary.conformance_tested} |")
    lines += ["", *_usage_markdown(usage), "", _SYMBOLS_HELP]
    return "\n".join(lines).rstrip("\n") + "\n"


def _usage_markdown(usage):
    lines = ["## Usage-weighted", "",
             (f"Of the {usage.uses} uses of TF symbols in `examples/` and `{CONFORMANCE_PROGRAMS}/` "
              f"({usage.files} files), {usage.supported_uses} ({percent(usage.supported_uses, usage.uses)}) "
              "are of supported symbols.")]
    if usage.not_supported:
        lines += ["", "Used there but not supported:", "", "| symbol | status | uses |", "|---|---|---:|"]
        lines += [f"| {symbol} | {status} | {count} |" for symbol, status, count in usage.not_supported]
    return lines


def run(output=None, check=False, out=None, err=None):
    """Write (or with ``check``, compare) the matrix; return the exit status."""
    out = out or sys.stdout
    err = err or sys.stderr
    root = repo_root()
    if not (root / "tests").is_dir() or not any((root / MATRIX_DIR).glob(INVENTORY_GLOB)):
        print(f"{_PROG}: needs a source checkout of tfcompat: no tests/ or {MATRIX_DIR}/{INVENTORY_GLOB} "
              f"in {root}", file=err)
        return 2
    output = Path(output) if output is not None else root / MATRIX_DIR
    files = generate(root)
    if check:
        return _check_up_to_date(files, output, out, err)
    output.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (output / name).write_text(text, encoding="utf-8")
        print(f"wrote {output / name}", file=out)
    return 0


def _check_up_to_date(files, output, out, err):
    stale = [name for name, text in files.items() if _read(output / name) != text]
    for name in stale:
        print(f"{_PROG}: {output / name} is stale; run `tfcompat matrix` to regenerate it", file=err)
    if not stale:
        print(f"{output} is up to date", file=out)
    return 1 if stale else 0


def _read(path):
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return None
