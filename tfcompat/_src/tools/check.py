"""``tfcompat check PATH...``: which TF 1.x symbols a code base uses, and whether tfcompat supports them.

Exit status: 0 when every symbol used is supported (full or partial), 1 when
one is unsupported, missing or unknown or a file could not be scanned, 2 when
a path does not exist.
"""

import json
import os
import sys
from collections import Counter, defaultdict

from .source_scan import STATUSES, SUPPORTED, Scanner, SymbolIndex, python_files

_PROG = "tfcompat check"
EXIT_SUPPORTED, EXIT_NOT_SUPPORTED, EXIT_USAGE = 0, 1, 2


def check(paths, as_json=False, out=None, err=None):
    """Scan ``paths``, print the report to ``out`` and problems to ``err``; return the exit status."""
    out = out or sys.stdout
    err = err or sys.stderr
    files, missing = _collect(paths)
    for path in missing:
        print(f"{_PROG}: {path}: no such file or directory", file=err)
    scanner = Scanner(SymbolIndex.of_tfcompat())
    scans = [scanner.scan_file(path) for path in files]
    errors = [error for scan in scans for error in scan.errors]
    for error in errors:
        print(f"{_PROG}: {error}", file=err)
    report = _report(scans, scanner.index, missing, errors)
    if as_json:
        json.dump(report, out, indent=2)
        out.write("\n")
    else:
        _print_text(report, out)
    return report["exit_status"]


def _collect(paths):
    """(files to scan, paths that do not exist), in the order given, directories expanded."""
    files, missing = [], []
    for path in paths:
        if os.path.isdir(path):
            files.extend(python_files(path))
        elif os.path.exists(path):
            files.append(path)
        else:
            missing.append(path)
    return list(dict.fromkeys(files)), missing


def _report(scans, index, missing, errors):
    uses_by_symbol = defaultdict(list)
    for scan in scans:
        for use in sorted(scan.uses, key=lambda use: use.sort_key()):
            uses_by_symbol[use.symbol].append(_use_record(scan.path, use))
    symbols = []
    for symbol in sorted(uses_by_symbol):
        status, note = index.status(symbol)
        symbols.append({"symbol": symbol, "status": status, "note": note,
                        "supported": status in SUPPORTED, "uses": uses_by_symbol[symbol]})
    counts = Counter(entry["status"] for entry in symbols)
    summary = {"files": len(scans), "symbols": len(symbols),
               "uses": sum(len(entry["uses"]) for entry in symbols),
               "supported": sum(entry["supported"] for entry in symbols),
               **{status: counts[status] for status in STATUSES},
               "errors": len(errors), "missing_paths": len(missing)}
    return {"files": [scan.path for scan in scans], "missing_paths": missing, "errors": errors,
            "symbols": symbols, "summary": summary,
            "exit_status": _exit_status(symbols, missing, errors)}


def _use_record(path, use):
    record = {"path": path, "line": use.line, "location": use.location(path)}
    if use.cell is not None:
        record["cell"] = use.cell
    return record


def _exit_status(symbols, missing, errors):
    if missing:
        return EXIT_USAGE
    if errors or not all(entry["supported"] for entry in symbols):
        return EXIT_NOT_SUPPORTED
    return EXIT_SUPPORTED


def _print_text(report, out):
    """Symbols that are not supported first, then the supported ones; each with every place it is used."""
    ordered = sorted(report["symbols"], key=lambda entry: (entry["supported"], entry["symbol"]))
    for entry in ordered:
        note = f" - {entry['note']}" if entry["note"] else ""
        print(f"{entry['symbol']}: {entry['status']}{note}", file=out)
        print("    " + ", ".join(use["location"] for use in entry["uses"]), file=out)
    print(_summary_line(report["summary"]), file=out)


def _summary_line(summary):
    not_supported = summary["symbols"] - summary["supported"]
    line = (f"{summary['symbols']} TF symbols used {summary['uses']} times in {summary['files']} files: "
            f"{summary['supported']} supported ({summary['full']} full, {summary['partial']} partial), "
            f"{not_supported} not ({summary['unsupported']} unsupported, {summary['missing']} missing, "
            f"{summary['unknown']} unknown).")
    problems = summary["errors"] + summary["missing_paths"]
    return line + (f" {problems} scan problems (see stderr)." if problems else "")
