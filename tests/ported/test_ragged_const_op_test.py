"""Ports of TF 1.15's tensorflow/python/ops/ragged/ragged_const_op_test.py (RaggedConstOpTest), under eager
execution: assertRaggedEqual(rt, pylist) compares to_list() (numpy().tolist() for a dense result).  The two helper
tests run against tfcompat's own helpers (``_depths`` is TF's _find_scalar_and_max_depth, ``_inner_shape_of`` its
_default_inner_shape_for_pylist)."""

import pytest

import tfcompat as tf
from tfcompat._src.ops.ragged.ragged_ops import _depths, _inner_shape_of

D = tf.dtypes
P3 = [[[1, 2], [3, 4]], [], [[5, 6], [7, 8], [9, 0]]]
P4 = [[[[1, 2], [3, 4]], [[5, 6], [7, 8]]], [[[2, 4], [6, 8]], [[1, 5], [7, 9]]]]


@pytest.mark.parametrize("params", [
    dict(pylist=b"x", expected_shape=()),
    dict(pylist=[1, 2, 3], expected_shape=(3,)),
    dict(pylist=[[1, 2, 3], [4], [5, 6]], expected_shape=(3, None)),
    dict(pylist=[[1, 2, 3], [4, 5, 6], [7, 8, 9]], expected_shape=(3, None)),
    dict(pylist=P3, expected_shape=(3, None, None)),
    dict(pylist=P3, ragged_rank=1, expected_shape=(3, None, 2)),
    dict(pylist=P3, inner_shape=(2,), expected_shape=(3, None, 2)),
    dict(pylist=P3, ragged_rank=1, inner_shape=(2,), expected_shape=(3, None, 2)),
    dict(pylist=P4, expected_shape=(2, None, None, None)),
    dict(pylist=P4, ragged_rank=1, expected_shape=(2, None, 2, 2)),
    dict(pylist=P4, inner_shape=(2,), expected_shape=(2, None, None, 2)),
    dict(pylist=P4, inner_shape=(2, 2), expected_shape=(2, None, 2, 2)),
    dict(pylist=[], expected_shape=(0,)),
    dict(pylist=[[], [], []], expected_shape=(3, None)),
    dict(pylist=[[[], []], [], [[], [[]]]], expected_shape=(3, None, None, None)),
    dict(pylist=[], ragged_rank=1, expected_shape=(0, None)),
    dict(pylist=[], ragged_rank=2, expected_shape=(0, None, None)),
    dict(pylist=[], inner_shape=(0, 100, 20), expected_shape=(0, 100, 20)),
    dict(pylist=[], ragged_rank=1, inner_shape=(100, 20), expected_shape=(0, None, 100, 20)),
    dict(pylist=[], ragged_rank=2, inner_shape=(100, 20), expected_shape=(0, None, None, 100, 20)),
    dict(pylist=[[], [], []], ragged_rank=2, expected_shape=(3, None, None)),
    dict(pylist=[], inner_shape=(0,), expected_shape=(0,)),
    dict(pylist=[[]], inner_shape=(1, 0), expected_shape=(1, 0)),
    dict(pylist=[], expected_dtype=D.float32),
    dict(pylist=[[[], [[[]], []]]], expected_dtype=D.float32),
    dict(pylist=[[1, 2], [3], [4, 5, 6]], expected_dtype=D.int32),
    dict(pylist=[[1., 2.], [], [4., 5., 6.]], expected_dtype=D.float32),
    dict(pylist=[[1, 2], [3.], [4, 5, 6]], expected_dtype=D.float32),
    dict(pylist=[[b"a", b"b"], [b"c"]], expected_dtype=D.string),
    dict(pylist=[[True]], expected_dtype=D.bool),
    dict(pylist=[], dtype=D.float32),
    dict(pylist=[], dtype=D.string),
    dict(pylist=[[1, 2], [3], [4, 5, 6]], dtype=D.int64),
    dict(pylist=[[1, 2], [3], [4, 5, 6]], dtype=D.int32),
    dict(pylist=[[1, 2], [3], [4, 5, 6]], dtype=D.float32),
    dict(pylist=[[1., 2.], [3.], [4., 5., 6.]], dtype=D.float16),
    dict(pylist=[[1., 2.], [3.], [4., 5., 6.]], dtype=D.float32),
    dict(pylist=[[b"a", b"b"], [b"c"], [b"d", b"e", b"f"]], dtype=D.string),
])
def test_RaggedConstOpTest_testRaggedConst(params):
    pylist, dtype = params["pylist"], params.get("dtype")
    ragged_rank, inner_shape = params.get("ragged_rank"), params.get("inner_shape")
    rt = tf.ragged.constant(pylist, dtype=dtype, ragged_rank=ragged_rank, inner_shape=inner_shape)
    if dtype is not None:
        assert rt.dtype == dtype
    if "expected_dtype" in params:
        assert rt.dtype == params["expected_dtype"]
    if ragged_rank is not None:
        assert (rt.ragged_rank if isinstance(rt, tf.RaggedTensor) else 0) == ragged_rank
    if inner_shape is not None:
        if isinstance(rt, tf.RaggedTensor):
            assert rt.flat_values.shape.as_list()[1:] == list(inner_shape)
        else:
            assert rt.shape.as_list() == list(inner_shape)
    if "expected_shape" in params:
        assert tuple(rt.shape.as_list()) == params["expected_shape"]
    value = rt.to_list() if isinstance(rt, tf.RaggedTensor) else rt.numpy()
    assert (value.tolist() if hasattr(value, "tolist") else value) == pylist


@pytest.mark.parametrize("params", [
    dict(pylist=12, ragged_rank=1, exception=ValueError, message="Invalid pylist=12: incompatible with ragged_rank=1"),
    dict(pylist=12, inner_shape=(1,), exception=ValueError,
         message="Invalid pylist=12: incompatible with dim\\(inner_shape\\)=1"),
    dict(pylist=[[[1], [2]]], ragged_rank=-1, exception=ValueError, message="Invalid ragged_rank=-1: must be nonnegative"),
    dict(pylist=[[1, [2]]], exception=ValueError, message="all scalar values must have the same nesting depth"),
    dict(pylist=[[[1]], [[[2]]]], exception=ValueError, message="all scalar values must have the same nesting depth"),
    dict(pylist=[[1], [[]]], exception=ValueError,
         message="Invalid pylist=.*: empty list nesting is greater than scalar value nesting"),
    dict(pylist=[1, 2, 3], ragged_rank=1, exception=ValueError,
         message="pylist has scalar values depth 1, but ragged_rank=1 requires scalar value depth greater than 1"),
    dict(pylist=[[1, 2, 3], [4, 5, 6], [7, 8, 9]], ragged_rank=2, exception=ValueError,
         message="pylist has scalar values depth 2, but ragged_rank=2 requires scalar value depth greater than 2"),
    dict(pylist=[1, 2, 3], inner_shape=(1, 1), exception=TypeError, message=None),
    dict(pylist=[[[1, 2], [3, 4]], [[5, 6], [7, 8]]], inner_shape=(2, 2), ragged_rank=1, exception=ValueError,
         message="Invalid pylist=.*: incompatible with ragged_rank=1 and dim\\(inner_shape\\)=2"),
    dict(pylist=[[[1, 2], [3, 4]], [[5, 6], [7, 8, 9]]], ragged_rank=1, exception=ValueError,
         message="inner values have inconsistent shape"),
    dict(pylist=[[[], [[]]]], ragged_rank=1, exception=ValueError, message="inner values have inconsistent shape"),
])
def test_RaggedConstOpTest_testRaggedConstError(params):
    with pytest.raises(params["exception"], match=params["message"]):
        tf.ragged.constant(params["pylist"], ragged_rank=params.get("ragged_rank"),
                           inner_shape=params.get("inner_shape"))


@pytest.mark.parametrize("pylist, scalar_depth, max_depth", [
    (9, 0, 0), ([9], 1, 1), ([1, 2, 3], 1, 1), ([[1], [2]], 2, 2), ([[[1], [2]], [[3]]], 3, 3), ([], None, 1),
    ([[]], None, 2), ([[], [], []], None, 2), ([[[], []], [[], [[[]]]], []], None, 5),
])
def test_RaggedConstOpTest_testScalarAndMaxDepthHelper(pylist, scalar_depth, max_depth):
    assert _depths(pylist) == (scalar_depth, max_depth)


@pytest.mark.parametrize("pylist", [[1, [2]], [[1], 2], [[[[1]], []], [[2]]]])
def test_RaggedConstOpTest_testScalarAndMaxDepthHelper_errors(pylist):
    with pytest.raises(ValueError, match="all scalar values must have the same nesting depth"):
        _depths(pylist)


@pytest.mark.parametrize("pylist, ragged_rank, inner_shape", [
    ([[1], [2, 3]], 1, ()), ([[[1], [2]], [[3], [4], [5]]], 1, (1,)), ([[[1], [2]], [[3], [4], [5]]], 2, ()),
    ([[[[1, 2, 3], [4, 5, 6]], [[7, 8, 9], [2, 4, 6]]]], 1, (2, 3)),
    ([[[[1, 2, 3], [4, 5, 6]], [[7, 8, 9], [2, 4, 6]]]], 2, (3,)),
    ([[[[1, 2, 3], [4, 5, 6]], [[7, 8, 9], [2, 4, 6]]]], 3, ()),
])
def test_RaggedConstOpTest_testDefaultInnerShapeForPylistHelper(pylist, ragged_rank, inner_shape):
    assert _inner_shape_of(pylist, ragged_rank) == inner_shape


@pytest.mark.parametrize("pylist", [[[[1], [2, 3]]], [[[1], [[2]]]], [[[[1]], [2]]]])
def test_RaggedConstOpTest_testDefaultInnerShapeForPylistHelper_errors(pylist):
    with pytest.raises(ValueError, match="inner values have inconsistent shape"):
        _inner_shape_of(pylist, 1)
