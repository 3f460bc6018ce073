"""Ported from TF 1.15's tensorflow/python/summary/summary_test.py (SummaryTest).

TF runs these in graph mode and evaluates the op; under eager execution the op's result is the
serialized Summary itself.  Asserts on ``op.name`` / ``op.type`` (graph nodes) are left out, and
testSummaryWithFamilyMetaGraphExport (meta graph export) is not ported.  Eager name scopes are
not uniquified, so testScalarSummaryWithFamily's second summary keeps the first one's tag (TF's
graph mode made it ``inner_1``).
"""

import pytest

import tfcompat as tf

pytest.importorskip("tensorboard")


def values_of(serialized):
    return tf.Summary.FromString(serialized.numpy()).value


def test_SummaryTest_testScalarSummary():
    i = tf.constant(3)
    with tf.name_scope("outer"):
        im = tf.summary.scalar("inner", i)
    values = values_of(im)
    assert len(values) == 1
    assert values[0].tag == "outer/inner"
    assert values[0].simple_value == 3.0


def test_SummaryTest_testScalarSummaryWithFamily():
    i = tf.constant(7)
    with tf.name_scope("outer"):
        im1 = tf.summary.scalar("inner", i, family="family")
        im2 = tf.summary.scalar("inner", i, family="family")
    for im in (im1, im2):
        values = values_of(im)
        assert len(values) == 1
        assert values[0].tag == "family/outer/family/inner"
        assert values[0].simple_value == 7.0


def test_SummaryTest_testSummarizingVariable():
    c = tf.constant(42.0)
    v = tf.Variable(c)
    values = values_of(tf.summary.scalar("summary", v))
    assert len(values) == 1
    assert values[0].tag == "summary"
    assert values[0].simple_value == 42.0


def test_SummaryTest_testImageSummary():
    i = tf.ones((5, 4, 4, 3))
    with tf.name_scope("outer"):
        im = tf.summary.image("inner", i, max_outputs=3)
    values = values_of(im)
    assert len(values) == 3
    assert sorted(v.tag for v in values) == sorted(f"outer/inner/image/{i}" for i in range(3))


def test_SummaryTest_testImageSummaryWithFamily():
    i = tf.ones((5, 2, 3, 1))
    with tf.name_scope("outer"):
        im = tf.summary.image("inner", i, max_outputs=3, family="family")
    values = values_of(im)
    assert len(values) == 3
    assert sorted(v.tag for v in values) == sorted(f"family/outer/family/inner/image/{i}" for i in range(3))


def test_SummaryTest_testHistogramSummary():
    i = tf.ones((5, 4, 4, 3))
    with tf.name_scope("outer"):
        summ_op = tf.summary.histogram("inner", i)
    values = values_of(summ_op)
    assert len(values) == 1
    assert values[0].tag == "outer/inner"


def test_SummaryTest_testHistogramSummaryWithFamily():
    i = tf.ones((5, 4, 4, 3))
    with tf.name_scope("outer"):
        summ_op = tf.summary.histogram("inner", i, family="family")
    values = values_of(summ_op)
    assert len(values) == 1
    assert values[0].tag == "family/outer/family/inner"


def test_SummaryTest_testHistogramSummaryTypes():
    for dtype in (tf.int8, tf.uint8, tf.int16, tf.int32, tf.float32, tf.float64):
        const = tf.constant(10, dtype=dtype)
        (value,) = values_of(tf.summary.histogram("h", const))
        assert value.tag == "h" and value.histo.num == 1 and value.histo.sum == 10.0


def test_SummaryTest_testAudioSummary():
    i = tf.ones((5, 3, 4))
    with tf.name_scope("outer"):
        aud = tf.summary.audio("inner", i, 0.2, max_outputs=3)
    values = values_of(aud)
    assert len(values) == 3
    assert sorted(v.tag for v in values) == sorted(f"outer/inner/audio/{i}" for i in range(3))


def test_SummaryTest_testAudioSummaryWithFamily():
    i = tf.ones((5, 3, 4))
    with tf.name_scope("outer"):
        aud = tf.summary.audio("inner", i, 0.2, max_outputs=3, family="family")
    values = values_of(aud)
    assert len(values) == 3
    assert sorted(v.tag for v in values) == sorted(f"family/outer/family/inner/audio/{i}" for i in range(3))


def test_SummaryTest_testTextSummary():
    with pytest.raises(ValueError):
        num = tf.constant(1)
        tf.summary.text("foo", num)
    # The API accepts vectors.
    arr = tf.constant(["one", "two", "three"])
    (value,) = values_of(tf.summary.text("foo", arr))
    assert value.metadata.plugin_data.plugin_name == "text"
    # the API accepts scalars
    (value,) = values_of(tf.summary.text("foo", tf.constant("one")))
    assert value.tensor.string_val == [b"one"]


def test_SummaryTest_testSummaryNameConversion():
    c = tf.constant(3)
    assert values_of(tf.summary.scalar("name with spaces", c))[0].tag == "name_with_spaces"
    s2 = tf.summary.scalar("name with many $#illegal^: characters!", c)
    assert values_of(s2)[0].tag == "name_with_many___illegal___characters_"
    s3 = tf.summary.scalar("/name/with/leading/slash", c)
    assert values_of(s3)[0].tag == "name/with/leading/slash"
