"""Ports of TF 1.15's tensorflow/python/ops/ragged/string_ngrams_op_test.py (StringNgramsTest), under eager
execution: self.evaluate(op) is the op's value, compared through to_list() / numpy().

Not ported: test_unknown_rank_error (a tf.function input signature erases the rank; tfcompat is eager only).
"""

import pytest

import tfcompat as tf

DATA = [[b"aa", b"bb", b"cc", b"dd"], [b"ee", b"ff"]]
SHORT = [[b"a"], [b"b", b"c", b"d"], [b"e", b"f"]]


def _ngrams(data, **kwargs):
    return tf.strings.ngrams(tf.ragged.constant(data), **kwargs).to_list()


def test_StringNgramsTest_test_unpadded_ngrams():
    assert _ngrams(DATA, ngram_width=3, separator=b"|") == [[b"aa|bb|cc", b"bb|cc|dd"], []]


@pytest.mark.parametrize("widths", [(2, 3), [2, 3]])
def test_StringNgramsTest_test_tuple_multi_ngrams(widths):
    assert _ngrams(DATA, ngram_width=widths, separator=b"|") == [
        [b"aa|bb", b"bb|cc", b"cc|dd", b"aa|bb|cc", b"bb|cc|dd"], [b"ee|ff"]]


def test_StringNgramsTest_test_tuple_multi_ngrams_inverted_order():
    assert _ngrams(DATA, ngram_width=(3, 2), separator=b"|") == [
        [b"aa|bb|cc", b"bb|cc|dd", b"aa|bb", b"bb|cc", b"cc|dd"], [b"ee|ff"]]


def test_StringNgramsTest_test_list_multi_ngrams():
    assert _ngrams(DATA, ngram_width=[2, 3], separator=b"|") == [
        [b"aa|bb", b"bb|cc", b"cc|dd", b"aa|bb|cc", b"bb|cc|dd"], [b"ee|ff"]]


def test_StringNgramsTest_test_multi_ngram_ordering():
    assert _ngrams(DATA, ngram_width=[3, 2], separator=b"|") == [
        [b"aa|bb|cc", b"bb|cc|dd", b"aa|bb", b"bb|cc", b"cc|dd"], [b"ee|ff"]]


FULLY_PADDED = [[b"LP|LP|a", b"LP|a|RP", b"a|RP|RP"],
                [b"LP|LP|b", b"LP|b|c", b"b|c|d", b"c|d|RP", b"d|RP|RP"],
                [b"LP|LP|e", b"LP|e|f", b"e|f|RP", b"f|RP|RP"]]


def test_StringNgramsTest_test_fully_padded_ngrams():
    assert _ngrams(SHORT, ngram_width=3, separator=b"|", pad_values=(b"LP", b"RP")) == FULLY_PADDED


def test_StringNgramsTest_test_ngram_padding_size_cap():
    assert _ngrams(SHORT, ngram_width=3, separator=b"|", pad_values=(b"LP", b"RP"), padding_width=10) == FULLY_PADDED


def test_StringNgramsTest_test_singly_padded_ngrams():
    assert _ngrams(SHORT, ngram_width=5, separator=b"|", pad_values=(b"LP", b"RP"), padding_width=1) == [
        [], [b"LP|b|c|d|RP"], []]


def test_StringNgramsTest_test_singly_padded_ngrams_with_preserve_short():
    assert _ngrams(SHORT, ngram_width=5, separator=b"|", pad_values=(b"LP", b"RP"), padding_width=1,
                   preserve_short_sequences=True) == [[b"LP|a|RP"], [b"LP|b|c|d|RP"], [b"LP|e|f|RP"]]


def test_StringNgramsTest_test_singly_padded_multiple_ngrams():
    assert _ngrams(SHORT, ngram_width=(1, 5), separator=b"|", pad_values=(b"LP", b"RP"), padding_width=1) == [
        [b"a"], [b"b", b"c", b"d", b"LP|b|c|d|RP"], [b"e", b"f"]]


def test_StringNgramsTest_test_single_padding_string():
    assert _ngrams(SHORT, ngram_width=5, separator=b"|", pad_values=b"[PAD]", padding_width=1) == [
        [], [b"[PAD]|b|c|d|[PAD]"], []]


def test_StringNgramsTest_test_explicit_multiply_padded_ngrams():
    assert _ngrams([[b"a"]], ngram_width=5, separator=b"|", pad_values=(b"LP", b"RP"), padding_width=2) == [
        [b"LP|LP|a|RP|RP"]]


NESTED = [[[[b"aa", b"bb", b"cc", b"dd"]], [[b"ee", b"ff"]]]]


def test_StringNgramsTest_test_ragged_inputs_with_multiple_ragged_dimensions():
    assert _ngrams(NESTED, ngram_width=3, separator=b"|") == [[[[b"aa|bb|cc", b"bb|cc|dd"]], [[]]]]


def test_StringNgramsTest_test_ragged_inputs_with_multiple_ragged_dimensions_and_preserve():
    assert _ngrams(NESTED, ngram_width=3, separator=b"|", preserve_short_sequences=True) == [
        [[[b"aa|bb|cc", b"bb|cc|dd"]], [[b"ee|ff"]]]]


def test_StringNgramsTest_test_ragged_inputs_with_multiple_ragged_dimensions_bigrams():
    assert _ngrams(NESTED, ngram_width=2, separator=b"|") == [[[[b"aa|bb", b"bb|cc", b"cc|dd"]], [[b"ee|ff"]]]]


def test_StringNgramsTest_test_ragged_inputs_with_multiple_ragged_dimensions_and_multiple_ngrams():
    assert _ngrams(NESTED, ngram_width=(3, 4), separator=b"|") == [
        [[[b"aa|bb|cc", b"bb|cc|dd", b"aa|bb|cc|dd"]], [[]]]]


DENSE_EXPECTED = [[b"LP|LP|a", b"LP|a|z", b"a|z|RP", b"z|RP|RP"], [b"LP|LP|b", b"LP|b|", b"b||RP", b"|RP|RP"],
                  [b"LP|LP|e", b"LP|e|f", b"e|f|RP", b"f|RP|RP"]]


def test_StringNgramsTest_test_dense_input_rank_3():
    data = [[[b"a", b"z"], [b"b", b""]], [[b"b", b""], [b"e", b"f"]]]
    op = tf.strings.ngrams(tf.constant(data), ngram_width=3, separator=b"|", pad_values=(b"LP", b"RP"))
    assert isinstance(op, tf.Tensor)
    assert op.numpy().tolist() == [DENSE_EXPECTED[:2], [DENSE_EXPECTED[1], DENSE_EXPECTED[2]]]


def test_StringNgramsTest_test_dense_input():
    data = [[b"a", b"z"], [b"b", b""], [b"e", b"f"]]
    op = tf.strings.ngrams(tf.constant(data), ngram_width=3, separator=b"|", pad_values=(b"LP", b"RP"))
    assert isinstance(op, tf.Tensor)
    assert op.numpy().tolist() == DENSE_EXPECTED


def test_StringNgramsTest_test_input_list_input():
    data = [[b"a", b"z"], [b"b", b""], [b"e", b"f"]]
    op = tf.strings.ngrams(data, ngram_width=3, separator=b"|", pad_values=(b"LP", b"RP"))
    assert op.numpy().tolist() == DENSE_EXPECTED


def test_StringNgramsTest_test_vector_input():
    op = tf.strings.ngrams(tf.ragged.constant([b"a", b"z"]), ngram_width=3, separator=b"|", pad_values=(b"LP", b"RP"))
    assert op.numpy().tolist() == [b"LP|LP|a", b"LP|a|z", b"a|z|RP", b"z|RP|RP"]


def test_StringNgramsTest_test_dense_input_with_multiple_ngrams():
    assert _ngrams([[b"a", b"b", b"c", b"d"], [b"e", b"f", b"g", b"h"]], ngram_width=(1, 2, 3), separator=b"|") == [
        [b"a", b"b", b"c", b"d", b"a|b", b"b|c", b"c|d", b"a|b|c", b"b|c|d"],
        [b"e", b"f", b"g", b"h", b"e|f", b"f|g", b"g|h", b"e|f|g", b"f|g|h"]]


def test_StringNgramsTest_test_input_with_no_values():
    result = tf.strings.ngrams(tf.ragged.constant([[], [], []], dtype=tf.string), (1, 2))
    assert result.row_splits.numpy().tolist() == [0, 0, 0, 0]
    assert result.values.numpy().tolist() == []
    assert result.values.dtype == tf.string


@pytest.mark.parametrize("data, ngram_width, pad_values, padding_width, exception, error", [
    ([b"a", b"z"], 2, 5, None, TypeError, "pad_values must be a string, tuple of strings, or None."),
    ([b"a", b"z"], 2, [5, 3], None, TypeError, "pad_values must be a string, tuple of strings, or None."),
    ([b"a", b"z"], 2, "X", 0, ValueError, "padding_width must be greater than 0."),
    ([b"a", b"z"], 2, None, 1, ValueError, "pad_values must be provided if padding_width is set."),
    (b"hello", 2, "X", 1, ValueError, "Data must have rank>0"),
    ([b"hello", b"world"], [1, 2, -1], "X", 1, ValueError, "All ngram_widths must be greater than 0. Got .*"),
])
def test_StringNgramsTest_test_error(data, ngram_width, pad_values, padding_width, exception, error):
    with pytest.raises(exception, match=error):
        tf.strings.ngrams(data, ngram_width, " ", pad_values, padding_width, False)
