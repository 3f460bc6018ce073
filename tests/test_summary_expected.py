"""tfcompat's summaries against what real TensorFlow wrote for the same code.

The cases and TF's outcomes are in tests/conformance/golden/summary_expected.json, recorded by
record_summary_expected.py (its docstring says how).  Each case's code runs here with ``tf`` bound
to tfcompat and ``summary`` to ``tf.contrib.summary``; event files are read back with
TensorBoard's own reader (``event_file_loader``).
"""

import base64
import contextlib
import glob
import io
import json
import os
import re
import sys

import numpy as np
import pytest

import tfcompat as tf

pytest.importorskip("tensorboard")
from google.protobuf import json_format  # noqa: E402
from PIL import Image  # noqa: E402
from tensorboard.backend.event_processing import event_file_loader  # noqa: E402

GOLDEN = os.path.join(os.path.dirname(__file__), "conformance", "golden")
sys.path.insert(0, GOLDEN)
import record_summary_expected as recorder  # noqa: E402

with open(os.path.join(GOLDEN, "summary_expected.json"), encoding="utf-8") as _f:
    EXPECTED = json.load(_f)["cases"]

# Where TF 2.21 (the recorder) is not TF 1.15, tfcompat follows 1.15: case id -> what 1.15 does.
TF1_OUTCOMES = {
    # TF 1.15's should_record_summaries() defaults to False (TF 2.x's public default is True).
    "contrib_should_record_default": {"tensor": False, "dtype": "bool"},
    # TF 1.15 meant a ValueError here; under eager, formatting it read tensor.name and raised AttributeError.
    "v1_text_not_string": {"error": "ValueError",
                           "message": "Expected tensor notes to have dtype string, got <dtype: 'float32'>"},
}


def decode_png(data):
    return np.asarray(Image.open(io.BytesIO(data))).reshape(
        Image.open(io.BytesIO(data)).size[1], Image.open(io.BytesIO(data)).size[0], -1).tolist()


def message_core(message):
    message = re.sub(r"^\{\{function_node [^}]*\}\} ", "", message)
    return re.sub(r" \[Op:\w+\]$", "", message.split("\n")[0])


def outcome_of_error(error):
    return {"error": type(error).__name__, "message": str(error)}


def check_error(expected, error):
    assert type(error).__name__ == expected["error"]
    assert message_core(str(error)) == message_core(expected["message"])


def events_of(logdir):
    (path,) = glob.glob(os.path.join(logdir, "events.out.tfevents.*"))
    return [json_format.MessageToDict(event) for event in event_file_loader.LegacyEventFileLoader(path).Load()]


def value_outcome(result):
    if result is None or isinstance(result, (bool, str, int, float)):
        return {"value": result}
    if isinstance(result, (list, tuple)):
        return {"list": [value_outcome(item) for item in result]}
    return {"tensor": result.numpy().tolist(), "dtype": result.dtype.name}


@pytest.mark.parametrize("cid", sorted(cid for cid in EXPECTED if cid.startswith("v1_")))
def test_v1_summary_op_matches_tf(cid):
    expected = dict(EXPECTED[cid], **TF1_OUTCOMES.get(cid, {}))
    try:
        serialized = eval(expected["code"], {"tf": tf, "np": np})
    except Exception as error:  # noqa: BLE001 - compared with TF's error
        assert "error" in expected, f"TF returned a summary, tfcompat raised {error!r}"
        check_error(expected, error)
        return
    assert "error" not in expected, f"TF raised {expected['error']}: {expected['message']}"
    assert serialized.dtype == tf.string and serialized.shape.ndims == 0
    summary = json_format.MessageToDict(tf.Summary.FromString(serialized.numpy()))
    assert recorder.normalize_summary(summary, decode_png) == expected["summary"]


@pytest.mark.parametrize("cid", sorted(cid for cid in EXPECTED if cid.startswith("contrib_")))
def test_contrib_summary_matches_tf(cid, tmp_path):
    expected = dict(EXPECTED[cid], **TF1_OUTCOMES.get(cid, {}))
    tf.reset_default_graph()
    writer = tf.contrib.summary.create_file_writer(str(tmp_path))
    scope = {"tf": tf, "np": np, "summary": tf.contrib.summary}
    try:
        with writer.as_default():
            with tf.contrib.summary.always_record_summaries() if expected["recording"] else contextlib.nullcontext():
                exec(recorder._CONTRIB_PRELUDE + expected["code"], scope)
        outcome = value_outcome(scope["result"])
    except Exception as error:  # noqa: BLE001 - compared with TF's error
        assert "error" in expected, f"TF ran the case, tfcompat raised {error!r}"
        check_error(expected, error)
        outcome = None
    writer.close()
    if outcome is not None:
        assert "error" not in expected, f"TF raised {expected['error']}: {expected['message']}"
        for key in ("value", "list", "tensor", "dtype"):
            assert outcome.get(key) == expected.get(key), key
    events = events_of(str(tmp_path))
    assert events[0]["fileVersion"] == expected["file_version"]
    assert [recorder.normalize_event(event, decode_png) for event in events[1:]] == expected["events"]


def test_wav_bytes_are_tfs():
    """The audio cases above compare the WAV bytes exactly; this pins one by hand too."""
    data = base64.b64decode(EXPECTED["v1_audio"]["summary"]["value"][0]["audio"]["encodedAudioString"])
    assert data[:4] == b"RIFF" and data[8:16] == b"WAVEfmt " and len(data) == 44 + 2 * 5
