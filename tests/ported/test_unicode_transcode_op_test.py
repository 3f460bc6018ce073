"""Ports of TF 1.15's tensorflow/python/kernel_tests/unicode_transcode_op_test.py (UnicodeTranscodeOpTest), under
eager execution.  Graph-mode attr checks (test_invalid_error_policy_causes_errors, the output-encoding half of
test_invalid_encoding_causes_errors) raise ValueError at graph construction in TF; eagerly TF raises
InvalidArgumentError, which tfcompat does (recorded in ragged_goldens.json)."""

import pytest

import tfcompat as tf


def _transcode(strings, **kwargs):
    value = tf.strings.unicode_transcode(strings, **kwargs).numpy()
    return value.tolist() if hasattr(value, "tolist") else value


def test_UnicodeTranscodeOpTest_test_transcode_utf8_simple():
    strings = [[b"a", b"abc"], [b"ABC", b"DEF"]]
    for encoding in ["UTF-8", "ISO-8859-1", "US-ASCII"]:
        assert _transcode(strings, input_encoding=encoding, output_encoding="UTF-8", errors="replace",
                          replacement_char=ord(" "), replace_control_characters=False) == strings


def test_UnicodeTranscodeOpTest_test_transcode_utf16_to_utf8():
    strings = [b"\x00a\x00b\x20\xAC", b"\xD8\x01\xDC\x37"]
    assert _transcode(strings, input_encoding="UTF-16", output_encoding="UTF-8", errors="replace",
                      replacement_char=ord(" ")) == [s.decode("UTF-16-BE").encode("UTF-8") for s in strings]


def test_UnicodeTranscodeOpTest_test_transcode_bad_utf8():
    assert _transcode(b"\x00\xff", input_encoding="UTF-8", output_encoding="UTF-8", errors="replace",
                      replacement_char=ord(" "), replace_control_characters=True) == b"  "
    assert _transcode(b"\x00\xff", input_encoding="UTF-8", output_encoding="UTF-8", errors="replace",
                      replacement_char=ord(" "), replace_control_characters=False) == b"\x00 "


def test_UnicodeTranscodeOpTest_test_transcode_bad_utf8_with_some_good():
    assert _transcode(b"abc\xffabcdefg", input_encoding="UTF-8", output_encoding="UTF-8", errors="replace",
                      replacement_char=ord(" ")) == b"abc abcdefg"


def test_UnicodeTranscodeOpTest_test_transcode_bad_utf8_with_defaults():
    assert _transcode(b"\x00\xff", input_encoding="UTF-8", output_encoding="UTF-8") == b"\x00\xef\xbf\xbd"


def test_UnicodeTranscodeOpTest_test_transcode_bad_utf8_with_space_replacement():
    assert _transcode(b"\x00\xff", input_encoding="UTF-8", output_encoding="UTF-8",
                      replacement_char=ord(" ")) == b"\x00 "


@pytest.mark.parametrize("bad", [b"\x00\xff", b"\xffabcd"])
def test_UnicodeTranscodeOpTest_test_transcode_bad_utf8_with_strict_errors(bad):
    with pytest.raises(tf.errors.InvalidArgumentError, match="Invalid formatting on input string"):
        tf.strings.unicode_transcode(bad, input_encoding="UTF-8", output_encoding="UTF-8", errors="strict")


def test_UnicodeTranscodeOpTest_test_transcode_bad_utf8_with_elision_of_malformatting():
    assert _transcode(b"\x00\xff", input_encoding="UTF-8", output_encoding="UTF-8", errors="ignore") == b"\x00"


def test_UnicodeTranscodeOpTest_test_transcode_bad_utf8_with_elision_including_control_chars():
    assert _transcode(b"\x00\xff", input_encoding="UTF-8", output_encoding="UTF-8", errors="ignore",
                      replace_control_characters=True) == b""


def test_UnicodeTranscodeOpTest_test_transcode_bad_utf8_termination_with_defaults():
    assert _transcode(b"a\xf0", input_encoding="UTF-8", output_encoding="UTF-8") == b"a\xef\xbf\xbd"


def test_UnicodeTranscodeOpTest_test_transcode_utf8_with_replacement_char():
    strings = [b"a\xef\xbf\xbd"]
    assert _transcode(strings, input_encoding="UTF-8", output_encoding="UTF-8", errors="strict") == strings
    assert _transcode(strings, input_encoding="UTF-8", output_encoding="UTF-8", errors="replace",
                      replacement_char=ord("?")) == strings


@pytest.mark.parametrize("output", ["UTF-16-BE", "UTF-32-BE"])
def test_UnicodeTranscodeOpTest_test_transcode_utf8_to_utf16(output):
    strings = [b"ab\xe2\x82\xac", b"\xf0\x90\x90\xb7"]
    assert _transcode(strings, input_encoding="UTF-8", output_encoding=output, replacement_char=ord(" ")) == [
        s.decode("UTF-8").encode(output) for s in strings]


def test_UnicodeTranscodeOpTest_test_transcode_utf32_to_utf8():
    strings = [b"\x00\x00\x00a\x00\x00\x00b\x00\x00\x20\xAC", b"\x00\x01\x04\x37"]
    assert _transcode(strings, input_encoding="UTF-32", output_encoding="UTF-8", replacement_char=ord(" ")) == [
        s.decode("UTF-32-BE").encode("UTF-8") for s in strings]


def test_UnicodeTranscodeOpTest_test_transcode_ascii_with_shift_chars():
    strings = [b"\x0e\x0e", b"\x0f\x0f"]
    assert _transcode(strings, input_encoding="US-ASCII", output_encoding="UTF-8", replacement_char=ord(" ")) == strings


def test_UnicodeTranscodeOpTest_test_transcode_utf8_with_bom():
    bom_string = b"\xef\xbb\xbfabcdefg"
    assert _transcode(bom_string, input_encoding="UTF-8", output_encoding="UTF-8") == bom_string
    assert _transcode(bom_string, input_encoding="UTF-8", output_encoding="UTF-16-BE") == bom_string.decode(
        "UTF-8").encode("UTF-16-BE")


def test_UnicodeTranscodeOpTest_test_transcode_utf16_le_be_with_bom():
    assert _transcode(b"\xfe\xff\x00\x61", input_encoding="UTF-16-BE", output_encoding="UTF-8") == b"\xef\xbb\xbfa"
    assert _transcode(b"\xfe\xff\x00\x61", input_encoding="UTF-16-LE",
                      output_encoding="UTF-8") == b"\xef\xbf\xbe\xe6\x84\x80"
    assert _transcode(b"\xff\xfe\x61\x00", input_encoding="UTF-16-LE", output_encoding="UTF-8") == b"\xef\xbb\xbfa"


@pytest.mark.parametrize("string, input_encoding, expected", [
    (b"\xfe\xff\x00*", "UTF-16", b"*"), (b"\xff\xfe*\x00", "UTF-16", b"*"),
    (b"\xef\xbb\xbf*", "UTF-8", b"\xef\xbb\xbf*"), (b"\xfe\xff\x00*", "UTF-16-BE", b"\xef\xbb\xbf*"),
    (b"\xff\xfe*\x00", "UTF-16-LE", b"\xef\xbb\xbf*"), (b"\x00*", "UTF-16", b"*"),
    (b"<\xef\xbb\xbf>", "UTF-8", b"<\xef\xbb\xbf>"), (b"\x00<\xfe\xff\x00>", "UTF-16", b"<\xef\xbb\xbf>"),
    (b"\x00<\xfe\xff\x00>", "UTF-16-BE", b"<\xef\xbb\xbf>"), (b"<\x00\xff\xfe>\x00", "UTF-16-LE", b"<\xef\xbb\xbf>"),
    (b"\xfe\xff\x00<\xfe\xff\x00>", "UTF-16", b"<\xef\xbb\xbf>"),
    (b"\xff\xfe<\x00\xff\xfe>\x00", "UTF-16", b"<\xef\xbb\xbf>"),
])
def test_UnicodeTranscodeOpTest_test_bom_handling(string, input_encoding, expected):
    assert _transcode(string, input_encoding=input_encoding, output_encoding="UTF-8") == expected


def test_UnicodeTranscodeOpTest_test_invalid_encoding_causes_errors():
    strings = [[b"a", b"abc"], [b"ABC", b"DEF"]]
    with pytest.raises(tf.errors.InvalidArgumentError, match="Could not create converter for input encoding: invalid"):
        tf.strings.unicode_transcode(strings, input_encoding="invalid", output_encoding="UTF-8")


def test_UnicodeTranscodeOpTest_test_forwarding():
    inp = tf.substr(tf.constant([b"AbCdEfG", b"HiJkLmN"], tf.string), pos=0, len=5)
    assert _transcode(inp, input_encoding="UTF-8", output_encoding="UTF-8") == [b"AbCdE", b"HiJkL"]


def test_UnicodeTranscodeOpTest_test_cjk_encodings():
    cases = [([b"\x5c\x5c", b"\x8f\x70", b"\x83\x4f"], "shift_jis"), ([b"\xca\xf5"], "gb18030"),
             ([b"\xb3\x4e"], "big5"), ([b"\xc7\xd1\xb9\xce"], "euc_kr")]
    for strings, encoding in cases:
        assert _transcode(strings, input_encoding=encoding, output_encoding="UTF-8", replacement_char=ord(" ")) == [
            s.decode(encoding).encode("UTF-8") for s in strings]
