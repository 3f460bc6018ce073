"""Record what REAL TensorFlow writes for summaries (issue 12, item 4).

Run by hand in the throwaway TensorFlow virtualenv (never a dependency of tfcompat, never
run in CI), from the repository root:

    /tmp/tforacle/bin/python tests/conformance/golden/record_summary_expected.py

It writes ``summary_expected.json`` next to it.  Two kinds of case, each a piece of code run
with ``tf`` (``tensorflow.compat.v1`` in eager mode), ``np`` and ``summary`` (TF 1.15's
``tf.contrib.summary``: TF 2.x keeps its functions in ``tensorflow.python.ops.summary_ops_v2``):

- ``V1_CASES``: an expression giving a TF 1.x ``tf.summary.*`` op's result under eager, a
  serialized ``Summary`` in a string tensor; recorded as the parsed proto (``MessageToDict``),
  or the error;
- ``CONTRIB_CASES``: statements run with a ``summary.create_file_writer`` writer as default;
  recorded as the value of ``result``, the events of the writer's event file (the proto without
  ``wall_time``), or the error.

TF 2.x cannot run TF 1.x's ``tf.summary.image`` eagerly (its ``bad_color`` attribute fails), so
images are recorded through ``summary.image``, whose converter TF 1.15's ``tf.summary.image`` kernel
shares.  PNG images are recorded as their decoded pixels (tfcompat's PNG encoder, Pillow, need not
compress as libpng does).  tests/test_summary_expected.py runs the same code on tfcompat and
compares, through ``normalize_event`` here (this module imports TensorFlow only in ``main``).
"""
import base64
import glob
import json
import os
import sys
import tempfile
import types

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "summary_expected.json")

_RAMP = "np.arange(24, dtype=np.float32).reshape(2, 2, 2, 3)"

V1_CASES = {
    "v1_scalar_float": "tf.summary.scalar('loss', 3.5)",
    "v1_scalar_int": "tf.summary.scalar('count', tf.constant(7))",
    "v1_scalar_float64": "tf.summary.scalar('x', tf.constant(0.1, tf.float64))",
    "v1_scalar_family": "tf.summary.scalar('loss', 1.0, family='train')",
    "v1_scalar_illegal_name": "tf.summary.scalar('my loss:0', 2.0)",
    "v1_scalar_vector": "tf.summary.scalar('v', [1.0, 2.0])",
    "v1_histogram": "tf.summary.histogram('h', [1.0, 2.0, 2.5, -3.0, 0.0, 1e-13, 100.0])",
    "v1_histogram_int": "tf.summary.histogram('h', tf.constant([[1, 2], [3, 4]]))",
    "v1_histogram_empty": "tf.summary.histogram('h', tf.zeros([0]))",
    "v1_histogram_single": "tf.summary.histogram('h', 5.0)",
    "v1_histogram_nan": "tf.summary.histogram('h', [1.0, float('nan')])",
    "v1_histogram_inf": "tf.summary.histogram('h', [1.0, float('inf')])",
    "v1_histogram_family": "tf.summary.histogram('w', [0.5, 0.25], family='layer')",
    "v1_scalar_string": "tf.summary.scalar('s', 'abc')",
    "v1_audio": "tf.summary.audio('snd', np.array([[0.0, 0.5, -0.5, 1.0, -1.0]], np.float32), 8000)",
    "v1_audio_stereo": ("tf.summary.audio('snd', np.linspace(-1, 1, 12, dtype=np.float32).reshape(2, 3, 2), 16000,"
                        " max_outputs=1)"),
    "v1_audio_rate_2_7": "tf.summary.audio('snd', np.ones([1, 2], np.float32), 2.7, max_outputs=1)",
    "v1_audio_rate_16000_5": "tf.summary.audio('snd', np.ones([1, 2], np.float32), 16000.5, max_outputs=1)",
    "v1_audio_rate_0_2": "tf.summary.audio('snd', np.ones([1, 2], np.float32), 0.2, max_outputs=1)",
    "v1_text": "tf.summary.text('notes', tf.constant('hello world'))",
    "v1_text_vector": "tf.summary.text('notes', tf.constant(['a', 'b']))",
    "v1_text_not_string": "tf.summary.text('notes', tf.constant(1.0))",
    "v1_tensor_summary": "tf.summary.tensor_summary('t', tf.constant([[1.0, 2.0]]))",
    "v1_merge": "tf.summary.merge([tf.summary.scalar('a', 1.0)])",
    "v1_merge_all": "tf.summary.merge_all()",
}

_CONTRIB_PRELUDE = "step = tf.train.get_or_create_global_step()\n"

CONTRIB_CASES = {
    "contrib_scalar": "result = summary.scalar('loss', 2.5, step=3)",
    "contrib_scalar_global_step": "step.assign(7)\nresult = summary.scalar('loss', 1.25)",
    "contrib_scalar_int": "result = summary.scalar('count', tf.constant(9, tf.int64), step=1)",
    "contrib_scalar_family_and_scope": (
        "with tf.name_scope('outer'):\n    result = summary.scalar('loss', 2.0, family='fam', step=1)"),
    "contrib_scalar_illegal_name": "result = summary.scalar('a b', 1.0, step=0)",
    "contrib_scalar_vector": "result = summary.scalar('v', [4.0, 5.0], step=0)",
    "contrib_histogram": "result = summary.histogram('h', [1.0, -2.0, 0.0, 3.5, 3.5], step=2)",
    "contrib_histogram_nan": "result = summary.histogram('h', [float('nan')], step=2)",
    "contrib_histogram_inf": "result = summary.histogram('h', [float('-inf')], step=2)",
    "contrib_histogram_empty": "result = summary.histogram('h', tf.zeros([0, 3]), step=2)",
    # summary.scalar of an empty tensor crashes TF's process (its kernel reads element 0): not recorded.
    "contrib_scalar_string": "result = summary.scalar('s', 'abc', step=0)",
    "contrib_scalar_bool": "result = summary.scalar('b', True, step=0)",
    "contrib_image_negative": f"result = summary.image('img', {_RAMP} - 10.0, max_images=1, step=1)",
    "contrib_image_unit": (
        "result = summary.image('img', np.linspace(0, 1, 8, dtype=np.float32).reshape(1, 2, 4, 1), step=1)"),
    "contrib_image_rgba": "result = summary.image('img', np.ones([1, 1, 2, 4], np.uint8) * 200, step=1)",
    "contrib_image_bad_rank": "result = summary.image('img', np.zeros([2, 2, 3], np.float32), step=1)",
    "contrib_image_bad_channels": "result = summary.image('img', np.zeros([1, 2, 2, 2], np.float32), step=1)",
    "contrib_audio_stereo": (
        "result = summary.audio('snd', np.linspace(-1, 1, 12, dtype=np.float32).reshape(2, 3, 2), 16000, 1,"
        " step=1)"),
    "contrib_image": f"result = summary.image('img', {_RAMP}, step=1)",
    "contrib_image_max_images": (
        "result = summary.image('img', np.zeros([5, 2, 2, 3], np.uint8), max_images=2, step=1)"),
    "contrib_image_bad_color": (
        "result = summary.image('img', np.array([[[[0.5], [float('inf')]]]], np.float32),"
        " bad_color=tf.constant([0], tf.uint8), max_images=1, step=1)"),
    "contrib_audio": "result = summary.audio('snd', np.array([[0.25, -0.25, 0.0]], np.float32), 22050, 3, step=4)",
    "contrib_generic": "result = summary.generic('t', tf.constant([[1, 2], [3, 4]]), step=5)",
    "contrib_generic_string": "result = summary.generic('s', tf.constant(['x', 'yz']), step=5)",
    "contrib_never_record": "with summary.never_record_summaries():\n    result = summary.scalar('loss', 1.0, step=1)",
    "contrib_every_n": (
        "results = []\n"
        "with summary.record_summaries_every_n_global_steps(2):\n"
        "    for i in range(5):\n"
        "        results.append(summary.scalar('loss', float(i)))\n"
        "        step.assign_add(1)\n"
        "result = results"),
    "contrib_every_n_explicit_step": (
        "counter = tf.Variable(0, dtype=tf.int64)\n"
        "results = []\n"
        "with summary.record_summaries_every_n_global_steps(3, counter):\n"
        "    for i in range(4):\n"
        "        results.append(summary.scalar('x', i, step=counter))\n"
        "        counter.assign_add(1)\n"
        "result = results"),
    "contrib_should_record_default": "result = summary.should_record_summaries()",
    "contrib_should_record_always": (
        "with summary.always_record_summaries():\n    result = summary.should_record_summaries()"),
    "contrib_all_summary_ops": "result = summary.all_summary_ops()",
    "contrib_initializer_op": "result = summary.summary_writer_initializer_op()",
    "contrib_eval_dir": "result = [summary.eval_dir('/m'), summary.eval_dir('/m', 'holdout')]",
}

# Whether a contrib case runs under always_record_summaries (most do; the recording-state cases do not).
NOT_RECORDING = {"contrib_never_record", "contrib_every_n", "contrib_every_n_explicit_step",
                 "contrib_should_record_default", "contrib_should_record_always"}


def normalize_summary(summary_dict, decode_png):
    """A Summary's dict (``MessageToDict``) with encoded PNG images replaced by their decoded pixels."""
    for value in summary_dict.get("value", ()):
        image = value.get("image")
        if image is not None and "encodedImageString" in image:
            image["pixels"] = decode_png(base64.b64decode(image.pop("encodedImageString")))
    return summary_dict


def normalize_event(event_dict, decode_png):
    """An Event's dict without its wall time, its summary normalized."""
    event_dict = {key: value for key, value in event_dict.items() if key != "wallTime"}
    if "summary" in event_dict:
        normalize_summary(event_dict["summary"], decode_png)
    return event_dict


def _error(error):
    return {"error": type(error).__name__, "message": str(error).split("\n")[0]}


def _value(result, tf):
    if result is None or isinstance(result, (bool, str, int, float)):
        return {"value": result}
    if isinstance(result, (list, tuple)):
        return {"list": [_value(item, tf) for item in result]}
    if tf.is_tensor(result):
        return {"tensor": result.numpy().tolist(), "dtype": result.dtype.name}
    return {"repr": repr(result)}


def main():
    import contextlib

    import tensorflow.compat.v1 as tf  # noqa: PLC0415 - the oracle only
    import numpy as np
    from google.protobuf import json_format
    from tensorflow.python.eager import context
    from tensorflow.python.ops import summary_ops_v2

    tf.disable_v2_behavior()
    tf.enable_eager_execution()
    summary = types.SimpleNamespace(**{name: getattr(summary_ops_v2, name) for name in (
        "always_record_summaries", "audio", "create_file_writer", "eval_dir", "flush", "generic", "histogram",
        "image", "import_event", "never_record_summaries", "record_summaries_every_n_global_steps", "scalar",
        "should_record_summaries", "summary_writer_initializer_op")})
    summary.all_summary_ops = summary_ops_v2.all_v2_summary_ops

    def decode_png(data):
        return tf.image.decode_png(data).numpy().tolist()

    @contextlib.contextmanager
    def no_writer():
        old = context.context().summary_writer
        context.context().summary_writer = None
        try:
            yield
        finally:
            context.context().summary_writer = old

    cases = {}
    for cid, code in V1_CASES.items():
        try:
            serialized = eval(code, {"tf": tf, "np": np})
            proto = tf.Summary.FromString(serialized.numpy())
            cases[cid] = {"code": code, "summary": normalize_summary(json_format.MessageToDict(proto), decode_png)}
        except Exception as error:  # noqa: BLE001 - the outcome is the error
            cases[cid] = {"code": code, **_error(error)}
    for cid, code in CONTRIB_CASES.items():
        tf.reset_default_graph()
        logdir = tempfile.mkdtemp()
        scope = {"tf": tf, "np": np, "summary": summary, "no_writer": no_writer}
        writer = summary.create_file_writer(logdir)
        outcome = {"code": code, "recording": cid not in NOT_RECORDING}
        try:
            with writer.as_default():
                recording = summary.always_record_summaries() if outcome["recording"] else contextlib.nullcontext()
                with recording:
                    exec(_CONTRIB_PRELUDE + code, scope)
            outcome.update(_value(scope["result"], tf))
        except Exception as error:  # noqa: BLE001
            outcome.update(_error(error))
        writer.close()
        (path,) = glob.glob(os.path.join(logdir, "events.out.tfevents.*"))
        events = [json_format.MessageToDict(event) for event in tf.train.summary_iterator(path)]
        outcome["file_version"] = events[0].get("fileVersion")
        outcome["events"] = [normalize_event(event, decode_png) for event in events[1:]]
        cases[cid] = outcome
    header = {"tensorflow": tf.VERSION, "numpy": np.__version__, "python": sys.version.split()[0]}
    with open(OUT, "w", encoding="utf-8") as f:
        json.dump({"header": header, "cases": cases}, f, indent=1, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    main()
