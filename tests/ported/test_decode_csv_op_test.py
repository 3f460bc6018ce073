"""Ports of TF 1.15's tensorflow/python/kernel_tests/decode_csv_op_test.py (DecodeCSVOpTest), in its
eager mode (run_all_in_graph_and_eager_modes)."""

import re

import numpy as np
import pytest

import tfcompat as tf


def _test(args, expected_out=None, expected_err_re=None):
    if expected_err_re is not None:
        with pytest.raises(tf.errors.OpError) as info:
            tf.decode_csv(**args)
        assert re.search(expected_err_re, str(info.value)), str(info.value)
        return
    out = [field.numpy() for field in tf.decode_csv(**args)]
    for i, field in enumerate(out):
        if field.dtype in (np.float32, np.float64):
            np.testing.assert_allclose(field, expected_out[i], rtol=1e-6)
        else:
            assert np.asarray(field).tolist() == np.asarray(expected_out[i], dtype=field.dtype).tolist()


def test_DecodeCSVOpTest_testSimple():
    _test({"records": ["1", "2", '"3"'], "record_defaults": [[1]]}, [[1, 2, 3]])


def test_DecodeCSVOpTest_testSimpleWithScalarDefaults():
    _test({"records": ["1,4", "2,5", "3,6"], "record_defaults": [1, 2]}, [[1, 2, 3], [4, 5, 6]])


def test_DecodeCSVOpTest_testSimpleWith2DDefaults():
    with pytest.raises(tf.errors.InvalidArgumentError, match="Each record default should be at most rank 1."):
        _test({"records": ["1", "2", "3"], "record_defaults": [[[0]]]}, [])


def test_DecodeCSVOpTest_testSimpleNoQuoteDelimiter():
    _test({"records": ["1", "2", '"3"'], "record_defaults": [[""]], "use_quote_delim": False},
          [[b"1", b"2", b'"3"']])


def test_DecodeCSVOpTest_testScalar():
    _test({"records": '1,""', "record_defaults": [[3], [4]]}, [1, 4])


def test_DecodeCSVOpTest_test2D():
    _test({"records": [["1", "2"], ['""', "4"]], "record_defaults": [[5]]}, [[[1, 2], [5, 4]]])


def test_DecodeCSVOpTest_test2DNoQuoteDelimiter():
    _test({"records": [["1", "2"], ['""', '"']], "record_defaults": [[""]], "use_quote_delim": False},
          [[[b"1", b"2"], [b'""', b'"']]])


def test_DecodeCSVOpTest_testDouble():
    _test({"records": ["1.0", "-1.79e+308", '"1.79e+308"'], "record_defaults": [np.array([], dtype=np.double)]},
          [[1.0, -1.79e+308, 1.79e+308]])


def test_DecodeCSVOpTest_testInt64():
    _test({"records": ["1", "2", '"2147483648"'], "record_defaults": [np.array([], dtype=np.int64)]},
          [[1, 2, 2147483648]])


def test_DecodeCSVOpTest_testComplexString():
    _test({"records": ['"1.0"', '"ab , c"', '"a\nbc"', '"ab""c"', " abc "], "record_defaults": [["1"]]},
          [[b"1.0", b"ab , c", b"a\nbc", b'ab"c', b" abc "]])


def test_DecodeCSVOpTest_testMultiRecords():
    _test({"records": ["1.0,4,aa", "0.2,5,bb", "3,6,cc"], "record_defaults": [[1.0], [1], ["aa"]]},
          [[1.0, 0.2, 3], [4, 5, 6], [b"aa", b"bb", b"cc"]])


def test_DecodeCSVOpTest_testNA():
    _test({"records": ["2.0,NA,aa", "NA,5,bb", "3,6,NA"], "record_defaults": [[0.0], [0], [""]], "na_value": "NA"},
          [[2.0, 0.0, 3], [0, 5, 6], [b"aa", b"bb", b""]])


def test_DecodeCSVOpTest_testWithDefaults():
    _test({"records": [",1,", "0.2,3,bcd", "3.0,,"], "record_defaults": [[1.0], [0], ["a"]]},
          [[1.0, 0.2, 3.0], [1, 3, 0], [b"a", b"bcd", b"a"]])


def test_DecodeCSVOpTest_testWithDefaultsAndNoQuoteDelimiter():
    _test({"records": [",1,", "0.2,3,bcd", '3.0,,"'], "record_defaults": [[1.0], [0], ["a"]],
           "use_quote_delim": False}, [[1.0, 0.2, 3.0], [1, 3, 0], [b"a", b"bcd", b"\""]])


def test_DecodeCSVOpTest_testWithTabDelim():
    _test({"records": ["1\t1", "0.2\t3", "3.0\t"], "record_defaults": [[1.0], [0]], "field_delim": "\t"},
          [[1.0, 0.2, 3.0], [1, 3, 0]])


def test_DecodeCSVOpTest_testWithoutDefaultsError():
    _test({"records": [",1", "0.2,3", "3.0,"], "record_defaults": [[1.0], np.array([], dtype=np.int32)]},
          expected_err_re="Field 1 is required but missing in record 2!")


def test_DecodeCSVOpTest_testWrongFieldIntError():
    _test({"records": [",1", "0.2,234a", "3.0,2"], "record_defaults": [[1.0], np.array([], dtype=np.int32)]},
          expected_err_re="Field 1 in record 1 is not a valid int32: 234a")


def test_DecodeCSVOpTest_testOutOfRangeError():
    _test({"records": ["1", "9999999999999999999999999", "3"], "record_defaults": [[1]]},
          expected_err_re="Field 0 in record 1 is not a valid int32: ")


def test_DecodeCSVOpTest_testWrongFieldFloatError():
    _test({"records": [",1", "0.2,2", "3.0adf,3"], "record_defaults": [[1.0], np.array([], dtype=np.int32)]},
          expected_err_re="Field 0 in record 2 is not a valid float: ")


def test_DecodeCSVOpTest_testWrongFieldStringError():
    _test({"records": ['"1,a,"', "0.22", 'a"bc'], "record_defaults": [["a"]]},
          expected_err_re="Unquoted fields cannot have quotes/CRLFs inside")


def test_DecodeCSVOpTest_testWrongDefaults():
    _test({"records": [",1", "0.2,2", "3.0adf,3"], "record_defaults": [[1.0]]},
          expected_err_re="Expect 1 fields but have 2 in record 0")


def test_DecodeCSVOpTest_testShortQuotedString():
    _test({"records": ["\""], "record_defaults": [["default"]]},
          expected_err_re="Quoted field has to end with quote followed.*")


def test_DecodeCSVOpTest_testSelectCols():
    _test({"records": [",,", "4,5,6"], "record_defaults": [[1], [2]], "select_cols": [0, 1]}, [[1, 4], [2, 5]])


def test_DecodeCSVOpTest_testSelectColsInclLast():
    _test({"records": [",,", "4,5,6"], "record_defaults": [[0], [1], [2]], "select_cols": [0, 1, 2]},
          [[0, 4], [1, 5], [2, 6]])


def test_DecodeCSVOpTest_testWrongSelectColsInclLast():
    _test({"records": [",,", "4,5,6"], "record_defaults": [[0], [1], [2]], "select_cols": [0, 1, 3]},
          expected_err_re="Expect 3 fields but have 2 in record 0")


def test_DecodeCSVOpTest_testWrongSelectColsLen():
    with pytest.raises(ValueError, match="Length of select_cols and record_defaults do not match."):
        _test({"records": ["1,2,3", "4,5,6"], "record_defaults": [[0], [0], [0]], "select_cols": [0]}, [])


def test_DecodeCSVOpTest_testWrongSelectColsSorting():
    with pytest.raises(ValueError, match="select_cols is not strictly increasing."):
        _test({"records": ["1,2,3"], "record_defaults": [[0], [1]], "select_cols": [1, 0]}, [])


def test_DecodeCSVOpTest_testWrongSelectColsIndicesNegative():
    with pytest.raises(ValueError, match="select_cols contains negative values."):
        _test({"records": ["1,2,3"], "record_defaults": [[0], [1]], "select_cols": [-1, 0]}, [])


def test_DecodeCSVOpTest_testWrongSelectColsIndicesTooHigh():
    _test({"records": ["1,2,3"], "record_defaults": [[0], [1]], "select_cols": [0, 3]},
          expected_err_re="Expect 2 fields but have 1 in record 0")
