"""Core ops and tensors against golden values recorded from real TensorFlow.

Cases and outcomes: every ``golden/*_goldens.json`` (each recorded by its own
``golden/record_*_goldens.py``, by hand, outside CI).  Known deviations are listed
with their reasons, as ``golden/<case id>``, in ``deviations_<device>.txt``; a
listed case that conforms fails, so the list cannot go stale.
"""

import json
from pathlib import Path

import pytest

import tfcompat as tf
from golden.compare import compare, run_code
from golden.deviations import check_conformance, deviations_of_kind

GOLDEN_DIR = Path(__file__).parent / "golden"
GOLDEN_FILES = sorted(GOLDEN_DIR.glob("*_goldens.json"))
CASES = [case for path in GOLDEN_FILES
         for case in json.loads(path.read_text(encoding="utf-8"))["cases"]]


def test_golden_files_are_found():
    assert GOLDEN_DIR / "core_goldens.json" in GOLDEN_FILES


def test_case_ids_are_unique_across_golden_files():
    ids = [case["id"] for case in CASES]
    assert sorted({i for i in ids if ids.count(i) > 1}) == []


def test_deviation_list_names_only_known_cases():
    known = {"golden/" + case["id"] for case in CASES}
    assert sorted(deviations_of_kind("golden/") - known) == []


@pytest.mark.parametrize("case", CASES, ids=[case["id"] for case in CASES])
def test_golden(case):
    kind, value = run_code(case["code"], tf)
    check_conformance("golden/" + case["id"], compare(case["outcome"], kind, value, tf), case["code"])
