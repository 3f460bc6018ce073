"""Ports of TF 1.15's tensorflow/python/kernel_tests/string_format_op_test.py (StringFormatOpTest),
under eager execution."""

import pytest

import tfcompat as tf

TEN_BY_TEN = ("[[0 1 2 ... 7 8 9]\n"
              " [10 11 12 ... 17 18 19]\n"
              " [20 21 22 ... 27 28 29]\n"
              " ...\n"
              " [70 71 72 ... 77 78 79]\n"
              " [80 81 82 ... 87 88 89]\n"
              " [90 91 92 ... 97 98 99]]")


def _format(*args, **kwargs):
    return tf.strings.format(*args, **kwargs).numpy().decode()


def _range_2d():
    return tf.reshape(tf.range(100), [10, 10])


def test_StringFormatOpTest_testFormatOneTensorOneDim():
    assert _format("{}", tf.range(10)) == "[0 1 2 ... 7 8 9]"
    assert _format("{}", [tf.range(10)]) == "[0 1 2 ... 7 8 9]"


def test_StringFormatOpTest_testFormatOneVariableScalar():
    assert _format("{}", [tf.Variable(3.34)]) == "3.34"


def test_StringFormatOpTest_testFormatOneVariableOneDim():
    assert _format("{}", [tf.Variable(tf.range(10))]) == "[0 1 2 ... 7 8 9]"


def test_StringFormatOpTest_testFormatTwoVariablesWithAssignAdd():
    var_one = tf.Variable(2.14)
    var_one.assign_add(1.0)
    var_two = tf.Variable(tf.range(10))
    assert _format("{}, {}", [var_one, var_two]) == "3.14, [0 1 2 ... 7 8 9]"


def test_StringFormatOpTest_testFormatOneTensorOneDimFloat():
    tensor = tf.constant([0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7])
    assert _format("{}", tensor) == "[0 0.1 0.2 ... 0.5 0.6 0.7]"


def test_StringFormatOpTest_testFormatOneTensorOneDimMatchesSummarize():
    assert _format("{}", tf.range(6), summarize=3) == "[0 1 2 3 4 5]"


def test_StringFormatOpTest_testFormatOneTensorOneDimVarySummarize():
    assert _format("{}", tf.range(6), summarize=-1) == "[0 1 2 3 4 5]"
    assert _format("{}", tf.range(6), summarize=1) == "[0 ... 5]"
    assert _format("{}", tf.range(6), summarize=2) == "[0 1 ... 4 5]"
    assert _format("{}", tf.range(6), summarize=10) == "[0 1 2 3 4 5]"


def test_StringFormatOpTest_testFormatOneTensorOneDimAlmostSummarize():
    assert _format("{}", tf.range(5), summarize=3) == "[0 1 2 3 4]"


def test_StringFormatOpTest_testFormatOneTensorTwoDimLessThanSummarize():
    assert _format("{}", tf.reshape(tf.range(4), [2, 2]), summarize=3) == "[[0 1]\n [2 3]]"


def test_StringFormatOpTest_testFormatOneTensorTwoDim():
    assert _format("{}", _range_2d()) == TEN_BY_TEN


def test_StringFormatOpTest_testFormatOneTensorTwoDimSummarizeTwo():
    expected = ("[[0 1 ... 8 9]\n"
                " [10 11 ... 18 19]\n"
                " ...\n"
                " [80 81 ... 88 89]\n"
                " [90 91 ... 98 99]]")
    assert _format("{}", _range_2d(), summarize=2) == expected


def _block(hundreds):
    """One 10x10 block of the 10x10x10 range as TF's test spells it out."""
    rows = [f"[{b} {b + 1} {b + 2} ... {b + 7} {b + 8} {b + 9}]" for b in
            (hundreds * 100 + 10 * r for r in (0, 1, 2))]
    rows += ["..."]
    rows += [f"[{b} {b + 1} {b + 2} ... {b + 7} {b + 8} {b + 9}]" for b in
             (hundreds * 100 + 10 * r for r in (7, 8, 9))]
    return "[" + "\n  ".join(rows) + "]"


def test_StringFormatOpTest_testFormatOneTensorThreeDim():
    blocks = [_block(h) for h in (0, 1, 2)] + ["..."] + [_block(h) for h in (7, 8, 9)]
    expected = "[" + "\n\n ".join(blocks) + "]"
    assert expected.startswith("[[[0 1 2 ... 7 8 9]\n  [10 11 12 ... 17 18 19]\n")
    assert "  [290 291 292 ... 297 298 299]]\n\n ...\n\n [[700 701 702 ... 707 708 709]\n" in expected
    assert _format("{}", tf.reshape(tf.range(1000), [10, 10, 10])) == expected


def test_StringFormatOpTest_testFormatOneTensorTemplatePrefix():
    assert _format("tensor summary: {}", _range_2d()) == "tensor summary: " + TEN_BY_TEN


def test_StringFormatOpTest_testFormatOneTensorTemplatePrefixAndSuffix():
    assert _format("tensor summary: {}, suffix", _range_2d()) == "tensor summary: " + TEN_BY_TEN + ", suffix"


def test_StringFormatOpTest_testFormatOneTensorTemplateSuffix():
    assert _format("{}, suffix", _range_2d()) == TEN_BY_TEN + ", suffix"


def test_StringFormatOpTest_testFormatNoTensor():
    assert _format("No tensor.", ()) == "No tensor."


def test_StringFormatOpTest_testFormatMultiTensor():
    tensor_one = _range_2d()
    tensor_two = tensor_one * 10
    expected = ("One: " + TEN_BY_TEN + ",\n"
                "Two: [[0 10 20 ... 70 80 90]\n"
                " [100 110 120 ... 170 180 190]\n"
                " [200 210 220 ... 270 280 290]\n"
                " ...\n"
                " [700 710 720 ... 770 780 790]\n"
                " [800 810 820 ... 870 880 890]\n"
                " [900 910 920 ... 970 980 990]]")
    assert _format("One: {},\nTwo: {}", (tensor_one, tensor_two)) == expected


def test_StringFormatOpTest_testFormatSummarizeOne():
    expected = "tensor summary: [[0 ... 9]\n ...\n [90 ... 99]]"
    assert _format("tensor summary: {}", _range_2d(), summarize=1) == expected


def test_StringFormatOpTest_testFormatSummarizeTwo():
    expected = ("tensor summary: [[0 1 ... 8 9]\n"
                " [10 11 ... 18 19]\n"
                " ...\n"
                " [80 81 ... 88 89]\n"
                " [90 91 ... 98 99]]")
    assert _format("tensor summary: {}", _range_2d(), summarize=2) == expected


def test_StringFormatOpTest_testFormatPlaceholder():
    assert _format("tensor summary: %t%", _range_2d(), placeholder="%t%") == "tensor summary: " + TEN_BY_TEN


def test_StringFormatOpTest_testTensorCountMustMatchPlaceholderCount():
    message = r"2 placeholder\(s\) in template does not match 1 tensor\(s\) provided as input"
    with pytest.raises(ValueError, match=message):
        tf.strings.format("{} {}", tf.range(10))
    with pytest.raises(ValueError, match=message):
        tf.strings.format("{} {}", [tf.range(10)])
    with pytest.raises(ValueError, match=r"1 placeholder\(s\) in template does not match 2 tensor\(s\) provided"):
        tf.strings.format("{}", (tf.range(10), tf.range(10)))
