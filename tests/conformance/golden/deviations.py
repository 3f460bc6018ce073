"""The conformance suite's expectation files: known deviations, one file per device.

``tests/conformance/deviations_<device>.txt`` lists every case of the whole suite
that does not conform on that device, one ``case_id  reason`` line each (``#``
starts a comment).  Case ids are prefixed by their kind: ``golden/<id>`` for a
recorded golden case, ``seed/<section>/<case>`` for a seed program.  A listed case
that conforms fails the run, so the lists cannot go stale.
"""

from pathlib import Path

import torch

CONFORMANCE_DIR = Path(__file__).resolve().parent.parent
DEVICE = "cuda" if torch.cuda.is_available() else "cpu"


def load_deviations(device=DEVICE):
    """{case id: reason} from the device's expectation file."""
    path = CONFORMANCE_DIR / f"deviations_{device}.txt"
    deviations = {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        case_id, _, reason = line.partition(" ")
        assert reason.strip(), f"{path.name}:{number}: {case_id} needs a reason"
        assert case_id not in deviations, f"{path.name}:{number}: {case_id} is listed twice"
        deviations[case_id] = reason.strip()
    return deviations


DEVIATIONS = load_deviations()


def deviations_of_kind(prefix):
    """The listed case ids that start with ``prefix`` (e.g. "golden/")."""
    return {case_id for case_id in DEVIATIONS if case_id.startswith(prefix)}


def check_conformance(case_id, problems, details=""):
    """Fail unless the case conforms, or is listed and does not (a listed case that conforms fails too)."""
    reason = DEVIATIONS.get(case_id)
    if reason is None:
        assert not problems, "\n".join(([details] if details else []) + problems)
    else:
        assert problems, f"{case_id} now conforms: remove it from deviations_{DEVICE}.txt ({reason})"
