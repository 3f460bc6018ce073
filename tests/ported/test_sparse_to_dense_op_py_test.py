"""Ports of TF 1.15's tensorflow/python/kernel_tests/sparse_to_dense_op_py_test.py (SparseToDenseTest), eager:
shape-inference checks that TF's graph mode makes (ValueError) are the kernel's InvalidArgumentError here."""

import numpy as np
import pytest

import tfcompat as tf


def _SparseToDense(sparse_indices, output_size, sparse_values, default_value, validate_indices=True):
    return tf.sparse_to_dense(sparse_indices, output_size, sparse_values, default_value=default_value,
                              validate_indices=validate_indices)


def test_SparseToDenseTest_testInt():
    tf_ans = _SparseToDense([1, 3], [5], 1, 0)
    np.testing.assert_allclose(tf_ans.numpy(), np.array([0, 1, 0, 1, 0]).astype(np.int32))
    assert tf_ans.dtype == tf.int32


def test_SparseToDenseTest_testFloat():
    tf_ans = _SparseToDense([1, 3], [5], 1.0, 0.0)
    np.testing.assert_allclose(tf_ans.numpy(), np.array([0, 1, 0, 1, 0]).astype(np.float32))


def test_SparseToDenseTest_testString():
    tf_ans = _SparseToDense([1, 3], [5], "a", "b")
    assert tf_ans.numpy().tolist() == [b"b", b"a", b"b", b"a", b"b"]


def test_SparseToDenseTest_testSetValue():
    np.testing.assert_allclose(_SparseToDense([1, 3], [5], [1, 2], -1).numpy(), [-1, 1, -1, 2, -1])


def test_SparseToDenseTest_testSetSingleValue():
    np.testing.assert_allclose(_SparseToDense([1, 3], [5], 1, -1).numpy(), [-1, 1, -1, 1, -1])


def test_SparseToDenseTest_test2d():
    np_ans = np.array([[-1, -1, -1, -1], [-1, -1, -1, 1], [1, -1, -1, -1]]).astype(np.int32)
    np.testing.assert_allclose(_SparseToDense([[1, 3], [2, 0]], [3, 4], 1, -1).numpy(), np_ans)


def test_SparseToDenseTest_testZeroDefault():
    assert tf.sparse_to_dense(2, [4], 7).numpy().tolist() == [0, 0, 7, 0]


def test_SparseToDenseTest_test3d():
    np_ans = np.ones((3, 4, 2), dtype=np.int32) * -1
    np_ans[1, 3, 0] = 1
    np_ans[2, 0, 1] = 1
    np.testing.assert_allclose(_SparseToDense([[1, 3, 0], [2, 0, 1]], [3, 4, 2], 1, -1).numpy(), np_ans)


def test_SparseToDenseTest_testBadShape():
    with pytest.raises(tf.errors.InvalidArgumentError, match="must be rank 1"):
        _SparseToDense([1, 3], [[5], [3]], 1, -1)


def test_SparseToDenseTest_testBadValue():
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"sparse_values has incorrect shape \[2,1\], should be \[\] or \[2\]"):
        _SparseToDense([1, 3], [5], [[5], [3]], -1)


def test_SparseToDenseTest_testBadNumValues():
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"sparse_values has incorrect shape \[3\], should be \[\] or \[2\]"):
        _SparseToDense([1, 3], [5], [1, 2, 3], -1)


def test_SparseToDenseTest_testBadDefault():
    with pytest.raises(tf.errors.InvalidArgumentError, match="default_value should be a scalar"):
        _SparseToDense([1, 3], [5], [1, 2], [0])


def test_SparseToDenseTest_testOutOfBoundsIndicesWithWithoutValidation():
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"indices\[1\] = \[10\] is out of bounds: need 0 <= index < \[5\]"):
        _SparseToDense(sparse_indices=[[1], [10]], output_size=[5], sparse_values=[-1.0, 1.0], default_value=0.0)
    with pytest.raises(tf.errors.InvalidArgumentError, match="out of bounds"):
        _SparseToDense(sparse_indices=[[1], [10]], output_size=[5], sparse_values=[-1.0, 1.0], default_value=0.0,
                       validate_indices=False)


def test_SparseToDenseTest_testRepeatingIndicesWithWithoutValidation():
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"indices\[1\] = \[1\] is repeated"):
        _SparseToDense(sparse_indices=[[1], [1]], output_size=[5], sparse_values=[-1.0, 1.0], default_value=0.0)
    _SparseToDense(sparse_indices=[[1], [1]], output_size=[5], sparse_values=[-1.0, 1.0], default_value=0.0,
                   validate_indices=False)


def test_SparseToDenseTest_testUnsortedIndicesWithWithoutValidation():
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"indices\[1\] = \[1\] is out of order"):
        _SparseToDense(sparse_indices=[[2], [1]], output_size=[5], sparse_values=[-1.0, 1.0], default_value=0.0)
    _SparseToDense(sparse_indices=[[2], [1]], output_size=[5], sparse_values=[-1.0, 1.0], default_value=0.0,
                   validate_indices=False)


def test_SparseToDenseTest_testShapeInferenceKnownShape():
    output = tf.sparse_to_dense(tf.constant([[0, 0, 0]], tf.int64), [4, 5, 6], 1, 0)
    assert output.get_shape() == [4, 5, 6]
