"""TF 1.x matrix ops: values vs NumPy, TF's dtypes and shapes, TF's error classes and messages."""

import numpy as np
import pytest

import tfcompat as tf

IAE = tf.errors.InvalidArgumentError
RNG = np.random.RandomState(0)


def rand(*shape, dtype=np.float32):
    return RNG.standard_normal(shape).astype(dtype)


def spd(n, batch=()):
    a = RNG.standard_normal(batch + (n, n))
    return (a @ np.swapaxes(a, -1, -2) + n * np.eye(n)).astype(np.float64)


# --- matmul ------------------------------------------------------------------------------------

def test_matmul_eager_guide_hello():
    # The TF eager guide: tf.matmul([[2.]], [[2.]]) -> "hello, [[4.]]".
    result = tf.matmul([[2.]], [[2.]])
    assert result.dtype == tf.float32 and result.shape.as_list() == [1, 1]
    np.testing.assert_array_equal(result.numpy(), [[4.]])
    assert "hello, {}".format(result.numpy()) == "hello, [[4.]]"


def test_matmul_values_and_dtypes():
    a, b = rand(3, 4), rand(4, 5)
    np.testing.assert_allclose(tf.matmul(a, b).numpy(), a @ b, rtol=1e-5, atol=1e-5)
    ints = tf.matmul([[1, 2]], [[3], [4]])
    assert ints.dtype == tf.int32 and ints.numpy().tolist() == [[11]]
    doubles = tf.matmul(a.astype(np.float64), b.astype(np.float64))
    assert doubles.dtype == tf.float64
    assert tf.linalg.matmul is tf.matmul


def test_matmul_transpose_and_adjoint():
    a, b = rand(4, 3), rand(5, 4)
    np.testing.assert_allclose(tf.matmul(a, b, transpose_a=True, transpose_b=True).numpy(),
                               a.T @ b.T, rtol=1e-5, atol=1e-5)
    x = tf.constant([[1 + 2j]], tf.complex64)
    y = tf.constant([[1 + 1j]], tf.complex64)
    np.testing.assert_allclose(tf.matmul(x, y, adjoint_a=True).numpy(), [[3 - 1j]])
    np.testing.assert_allclose(tf.matmul(x, y, transpose_a=True).numpy(), [[-1 + 3j]])
    with pytest.raises(ValueError, match="Only one of transpose_a and adjoint_a can be True"):
        tf.matmul(x, y, transpose_a=True, adjoint_a=True)


def test_matmul_rank_errors():
    with pytest.raises(IAE, match=r"^In\[0\] is not a matrix\. Instead it has shape \[2\] \[Op:MatMul\]$"):
        tf.matmul(tf.constant([1., 2.]), tf.constant([[1., 2.]]))
    with pytest.raises(IAE, match=r"^In\[0\] is not a matrix\. Instead it has shape \[\] \[Op:MatMul\]$"):
        tf.matmul(tf.constant(2.), tf.constant([[1.]]))
    with pytest.raises(IAE, match=r"^In\[1\] is not a matrix\. Instead it has shape \[3\] \[Op:MatMul\]$"):
        tf.matmul(rand(2, 3), rand(3))


def test_matmul_size_incompatible():
    with pytest.raises(IAE, match=r"^Matrix size-incompatible: In\[0\]: \[2,3\], In\[1\]: \[2,3\] \[Op:MatMul\]$"):
        tf.matmul(rand(2, 3), rand(2, 3))


def test_matmul_dtype_errors():
    with pytest.raises(IAE, match=r"^cannot compute MatMul as input #1\(zero-based\) was expected to be a "
                                  r"float tensor but is a double tensor \[Op:MatMul\]$"):
        tf.matmul(rand(2, 2), rand(2, 2, dtype=np.float64))
    # TF 1.x converts each matmul argument on its own: a Python int list is int32.
    with pytest.raises(IAE, match="expected to be a float tensor but is a int32 tensor"):
        tf.matmul(tf.constant([[1.]]), [[2]])
    with pytest.raises(IAE, match=r"Value for attr 'T' of bool is not in the list of allowed values.*\[Op:MatMul\]$"):
        tf.matmul([[True]], [[True]])


def test_batch_matmul_broadcasts_like_batchmatmulv2():
    a, b = rand(2, 1, 2, 3), rand(5, 3, 4)
    result = tf.matmul(a, b)
    assert result.shape.as_list() == [2, 5, 2, 4]
    np.testing.assert_allclose(result.numpy(), np.matmul(a, b), rtol=1e-5, atol=1e-5)
    c = rand(3, 4, 2)
    np.testing.assert_allclose(tf.matmul(c, c, transpose_a=True).numpy(),
                               np.swapaxes(c, -1, -2) @ c, rtol=1e-5, atol=1e-5)
    ones = np.ones((2, 4), np.float32)  # a rank-2 operand broadcasts against the batch
    assert tf.matmul(ones, c).shape.as_list() == [3, 2, 2]
    np.testing.assert_allclose(tf.matmul(ones, c).numpy(), ones @ c, rtol=1e-5, atol=1e-6)


def test_batch_matmul_errors():
    with pytest.raises(IAE, match=r"^In\[0\] mismatch In\[1\] shape: 3 vs\. 2: \[2,2,3\] \[2,2,3\] 0 0 "
                                  r"\[Op:BatchMatMulV2\]$"):
        tf.matmul(rand(2, 2, 3), rand(2, 2, 3))
    with pytest.raises(IAE, match=r"^In\[0\] and In\[1\] must have compatible batch dimensions: "
                                  r"\[2,2,3\] vs\. \[3,3,3\] \[Op:BatchMatMulV2\]$"):
        tf.matmul(rand(2, 2, 3), rand(3, 3, 3))
    with pytest.raises(IAE, match=r"^In\[1\] ndims must be >= 2: 1 \[Op:BatchMatMulV2\]$"):
        tf.matmul(rand(2, 2, 3), rand(3))


def test_matmul_operator():
    a, b = tf.constant(rand(2, 3)), tf.constant(rand(3, 2))
    np.testing.assert_allclose((a @ b).numpy(), a.numpy() @ b.numpy(), rtol=1e-5, atol=1e-5)
    # The other operand takes the tensor's dtype.
    left = tf.constant([[1.]]) @ [[2]]
    assert left.dtype == tf.float32 and left.numpy().tolist() == [[2.]]
    right = [[2]] @ tf.constant([[3.]])
    assert right.dtype == tf.float32 and right.numpy().tolist() == [[6.]]
    with pytest.raises(IAE, match="Matrix size-incompatible"):
        a @ a


def test_matmul_operator_converts_the_right_operand_with_a_dtype_hint():
    """TF 1.15's binary_op_wrapper: ``x @ y`` converts y with dtype_hint=x.dtype, so a value that
    does not fit x's dtype keeps its own and meets the kernel's dtype check; ``y @ x`` (the
    reflected wrapper) converts strictly. Messages as TensorFlow gives them."""
    mismatch = r"^cannot compute {} as input #1\(zero-based\) was expected to be a int32 tensor but is a {} tensor "
    with pytest.raises(IAE, match=mismatch.format("MatMul", "float") + r"\[Op:MatMul\]$"):
        tf.constant(1) @ 1.5
    with pytest.raises(IAE, match=mismatch.format("MatMul", "float")):
        tf.constant([[1]]) @ [[1.5]]
    with pytest.raises(IAE, match=mismatch.format("MatMul", "string")):
        tf.constant([[1]]) @ "a"
    with pytest.raises(IAE, match=mismatch.format("BatchMatMulV2", "float")):
        tf.ones([1, 1, 1], tf.int32) @ [[[1.5]]]
    with pytest.raises(IAE, match=mismatch.format("MatMul", "float")):
        tf.Variable([[1]]) @ [[1.5]]
    assert (tf.constant([[1]]) @ np.array([[1.5]])).numpy().tolist() == [[1]]  # NumPy floats fit int32
    with pytest.raises(TypeError, match=r"^Cannot convert \[\[1.5\]\] to EagerTensor of dtype int32$"):
        [[1.5]] @ tf.constant([[1]])


def test_matvec():
    a, v = rand(2, 3), rand(3)
    result = tf.linalg.matvec(a, v)
    assert result.shape.as_list() == [2]
    np.testing.assert_allclose(result.numpy(), a @ v, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(tf.linalg.matvec(a, rand(2) * 0 + 1, transpose_a=True).numpy(),
                               a.T @ np.ones(2), rtol=1e-5)


def test_sparse_matmul_returns_float32():
    result = tf.sparse_matmul(np.ones([2, 2], np.float32), tf.constant(np.ones([2, 2]), tf.bfloat16))
    assert result.dtype == tf.float32 and result.numpy().tolist() == [[2., 2.], [2., 2.]]
    with pytest.raises(IAE, match=r"Value for attr 'Ta' of double.*\[Op:SparseMatMul\]$"):
        tf.sparse_matmul(np.ones([2, 2]), np.ones([2, 2], np.float32))


# --- tensordot, einsum --------------------------------------------------------------------------

def test_tensordot():
    a, b = rand(2, 3, 4), rand(4, 3, 5)
    np.testing.assert_allclose(tf.tensordot(a, b, 1).numpy(), np.tensordot(a, b, 1), rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(tf.tensordot(a, b, [[1, 2], [1, 0]]).numpy(),
                               np.tensordot(a, b, [[1, 2], [1, 0]]), rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(tf.tensordot(a, b, [[-1], [0]]).numpy(), np.tensordot(a, b, [[2], [0]]),
                               rtol=1e-4, atol=1e-5)
    assert tf.tensordot(rand(2), rand(3), 0).shape.as_list() == [2, 3]
    assert tf.linalg.tensordot is tf.tensordot


def test_tensordot_errors():
    with pytest.raises(ValueError, match="'axes' must be at least 0"):
        tf.tensordot(rand(2, 3), rand(3, 4), -1)
    with pytest.raises(ValueError, match="'axes' must not be larger than the number of dimensions"):
        tf.tensordot(rand(2, 3), rand(3, 4), 3)
    with pytest.raises(ValueError, match="'axes' must be an integer or have length 2"):
        tf.tensordot(rand(2, 3), rand(3, 4), [[1], [0], [1]])
    with pytest.raises(ValueError, match="Different number of contraction axes 'a' and 'b', 1 != 2"):
        tf.tensordot(rand(2, 3), rand(3, 4), [[1], [0, 1]])
    with pytest.raises(IAE, match=r"^Matrix size-incompatible: In\[0\]: \[2,3\], In\[1\]: \[2,4\] \[Op:MatMul\]$"):
        tf.tensordot(rand(2, 3), rand(2, 4), 1)
    with pytest.raises(IAE, match="cannot compute MatMul as input #1"):
        tf.tensordot([[1, 2]], [[1., 2.]], [[1], [1]])


def test_tensordot_bad_axes():
    x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    # TF converts any other ``axes`` to an int32 tensor.
    with pytest.raises(ValueError, match="Tensor conversion requested dtype int32 for Tensor with dtype float32"):
        tf.tensordot(x, x, x)
    with pytest.raises(TypeError, match="Cannot convert 0.5 to EagerTensor of dtype int32"):
        tf.tensordot(x, x, 0.5)
    with pytest.raises(ValueError, match=r"Attempt to convert a value \(None\)"):
        tf.tensordot(x, x, None)
    # Out-of-range axes: TF gathers their sizes from the shape (GatherV2's message).
    with pytest.raises(IAE, match=r"^indices\[0\] = 2 is not in \[0, 2\) \[Op:GatherV2\]$"):
        tf.tensordot(x, x, [[2], [0]])
    with pytest.raises(ValueError, match="Different number of contraction axes 'a' and 'b', 2 != 1"):
        tf.tensordot(x, x, [[1, 2], [3]])
    with pytest.raises(IAE, match=r"^transpose expects a vector of size 2\. But input\(1\) is a vector of size 3"):
        tf.tensordot(x, x, [[0, 0], [0, 1]])
    with pytest.raises(IAE, match="Value for attr 'T' of string is not in the list of allowed values"):
        tf.tensordot(tf.constant(["a", "b"]), tf.constant(["a", "b"]), 1)
    np.testing.assert_array_equal(tf.tensordot(tf.constant(2.5), x, 0).numpy(), [[2.5, 5.0], [7.5, 10.0]])


def test_einsum():
    a, b = rand(2, 3), rand(3, 4)
    np.testing.assert_allclose(tf.einsum("ij,jk->ik", a, b).numpy(), a @ b, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(tf.einsum("ij->ji", a).numpy(), a.T)
    c = rand(5, 2, 3)
    np.testing.assert_allclose(tf.einsum("bij,jk->bik", c, b).numpy(), np.einsum("bij,jk->bik", c, b),
                               rtol=1e-5, atol=1e-5)
    assert tf.linalg.einsum is tf.einsum


def test_einsum_errors():
    with pytest.raises(ValueError, match=r'Got 1 arguments for equation "ij,jk->ik", expecting 2'):
        tf.einsum("ij,jk->ik", rand(2, 3))
    with pytest.raises(TypeError, match="invalid keyword arguments for this function: foo"):
        tf.einsum("ij->ji", rand(2, 3), foo=1)
    with pytest.raises(IAE, match=r"^Expected dimension 3 at axis 0 of the input shaped \[2,4\] but got "
                                  r"dimension 2 \[Op:Einsum\]$"):
        tf.einsum("ij,jk->ik", rand(2, 3), rand(2, 4))
    with pytest.raises(IAE, match=r"cannot compute Einsum as input #1\(zero-based\) was expected to be a "
                                  r"float tensor but is a double tensor"):
        tf.einsum("ij,jk->ik", rand(2, 3), rand(3, 4, dtype=np.float64))


def test_einsum_bad_equations():
    x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    for equation in (5, None, x, [[1, 2], [3]]):
        with pytest.raises(TypeError, match="Expected string for argument 'equation' not"):
            tf.einsum(equation, x)
    for equation in ("i+j", "i.j->i", "ij->i->j", ""):
        with pytest.raises(ValueError, match="Indices have incorrect format: "):
            tf.einsum(equation, x)
    with pytest.raises(ValueError, match="Output subscripts contain the label k not present in the input "
                                         "subscripts."):
        tf.einsum("ij->k", x)
    with pytest.raises(ValueError, match="Output subscripts contain a label appearing more than once: ij->ii"):
        tf.einsum("ij->ii", x)
    # Ranks are the Einsum kernel's checks; upper-case letters are labels too.
    with pytest.raises(IAE, match=r"^Expected input 0 to have rank 4 but got: 2 \[Op:Einsum\]$"):
        tf.einsum("SAME", x)
    with pytest.raises(IAE, match=r"^Expected input 0 to have rank 1 but got: 2 \[Op:Einsum\]$"):
        tf.einsum("i->i", x)
    with pytest.raises(IAE, match=r"^Expected input 0 to have rank at least 3 but got: 2 \[Op:Einsum\]$"):
        tf.einsum("...ijk->i", x)
    with pytest.raises(IAE, match="Value for attr 'T' of string is not in the list of allowed values"):
        tf.einsum("i->i", tf.constant(["a", "b"]))
    with pytest.raises(ValueError, match="Can't convert non-rectangular Python sequence to Tensor"):
        tf.einsum("i->i", [[1, 2], [3]])
    c = rand(2, 2, 3)
    np.testing.assert_allclose(tf.einsum("...ij->...ji", c).numpy(), np.swapaxes(c, -1, -2))


# --- transposes ---------------------------------------------------------------------------------

def test_matrix_transpose():
    x = rand(2, 3, 4)
    result = tf.matrix_transpose(x)
    assert result.shape.as_list() == [2, 4, 3]
    np.testing.assert_array_equal(result.numpy(), np.swapaxes(x, -1, -2))
    c = np.array([[1 + 1j, 2 - 1j]], np.complex64)
    np.testing.assert_array_equal(tf.linalg.transpose(c, conjugate=True).numpy(), c.conj().T)
    np.testing.assert_array_equal(tf.linalg.adjoint(c).numpy(), c.conj().T)
    np.testing.assert_array_equal(tf.linalg.matrix_transpose(c).numpy(), c.T)
    with pytest.raises(ValueError, match=r"^Argument 'a' should be a \(batch\) matrix, with rank >= 2\.  "
                                         r"Found: \(4,\)$"):
        tf.matrix_transpose(rand(4))


# --- inverse, determinant ---------------------------------------------------------------------------

def test_matrix_inverse():
    m = spd(3)
    np.testing.assert_allclose(tf.matrix_inverse(m).numpy(), np.linalg.inv(m), rtol=1e-10)
    n = rand(2, 3, 3) + 3 * np.eye(3, dtype=np.float32)
    np.testing.assert_allclose(tf.linalg.inv(n, adjoint=True).numpy(),
                               np.linalg.inv(np.swapaxes(n, -1, -2)), rtol=1e-4, atol=1e-5)
    assert tf.matrix_inverse([[2.]]).dtype == tf.float32


def test_matrix_inverse_errors():
    with pytest.raises(IAE, match=r"^Input is not invertible\. \[Op:MatrixInverse\]$"):
        tf.matrix_inverse([[1., 1.], [1., 1.]])
    with pytest.raises(IAE, match=r"^Input is not invertible\."):
        tf.matrix_inverse([[[1., 0.], [0., 1.]], [[1., 1.], [1., 1.]]])
    with pytest.raises(IAE, match=r"^Input matrix must be square\. \[Op:MatrixInverse\]$"):
        tf.matrix_inverse(rand(2, 3))
    with pytest.raises(IAE, match=r"^Value for attr 'T' of int32 is not in the list of allowed values: double, "
                                  r"float, half, complex64, complex128 \[Op:MatrixInverse\]$"):
        tf.matrix_inverse([[1, 2], [3, 4]])


def test_matrix_inverse_half():
    # MatrixInverse's kernel list includes half; the result stays float16.
    result = tf.matrix_inverse(tf.constant([[2.0, 0.0], [0.0, 4.0]], tf.float16))
    assert result.dtype == tf.float16
    np.testing.assert_array_equal(result.numpy(), np.array([[0.5, 0.0], [0.0, 0.25]], np.float16))


def test_matrix_determinant():
    np.testing.assert_allclose(tf.matrix_determinant([[1., 2.], [3., 4.]]).numpy(), -2., rtol=1e-6)
    assert tf.matrix_determinant([[1., 1.], [1., 1.]]).numpy() == 0.0
    batch = spd(3, (4,))
    np.testing.assert_allclose(tf.linalg.det(batch).numpy(), np.linalg.det(batch), rtol=1e-10)
    with pytest.raises(IAE, match=r"^Input matrix must be square\. \[Op:MatrixDeterminant\]$"):
        tf.matrix_determinant(rand(2, 3))
    with pytest.raises(IAE, match=r"^Input tensor 0 must have rank >= 2.*\[Op:MatrixDeterminant\]$"):
        tf.matrix_determinant(rand(3))


def test_slogdet_and_logdet():
    sign, log_abs = tf.linalg.slogdet([[1., 2.], [3., 4.]])
    assert sign.numpy() == -1.0 and sign.dtype == tf.float32
    np.testing.assert_allclose(log_abs.numpy(), np.log(2.), rtol=1e-6)
    result = tf.linalg.slogdet([[1., 2.], [3., 4.]])
    assert result.sign is result[0] and result.log_abs_determinant is result[1]
    np.testing.assert_allclose(tf.linalg.logdet([[2., 1.], [1., 2.]]).numpy(), np.log(3.), rtol=1e-6)
    c = tf.constant([[2 + 0j, 1j], [-1j, 3 + 0j]], tf.complex64)
    assert [t.dtype for t in tf.linalg.slogdet(c)] == [tf.complex64, tf.complex64]
    assert tf.linalg.logdet(c).dtype == tf.float32


# --- decompositions -----------------------------------------------------------------------------------

def test_cholesky():
    m = spd(4, (2,))
    factor = tf.cholesky(m).numpy()
    np.testing.assert_allclose(factor, np.linalg.cholesky(m), rtol=1e-10)
    assert np.allclose(np.triu(factor[0], 1), 0)
    assert tf.linalg.cholesky is tf.cholesky
    with pytest.raises(IAE, match=r"^Cholesky decomposition was not successful\. The input might not be "
                                  r"valid\. \[Op:Cholesky\]$"):
        tf.cholesky([[1., 2.], [2., 1.]])
    with pytest.raises(IAE, match=r"^Input matrix must be square\. \[Op:Cholesky\]$"):
        tf.cholesky(rand(2, 3))


def test_qr():
    x = rand(4, 3)
    q, r = tf.qr(x)
    assert q.shape.as_list() == [4, 3] and r.shape.as_list() == [3, 3]
    np.testing.assert_allclose((q.numpy() @ r.numpy()), x, rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(q.numpy().T @ q.numpy(), np.eye(3), atol=1e-5)
    assert np.allclose(np.tril(r.numpy(), -1), 0)
    full = tf.qr(x, full_matrices=True)
    assert full.q.shape.as_list() == [4, 4] and full.r.shape.as_list() == [4, 3]
    assert type(full).__name__ == "Qr"
    with pytest.raises(IAE, match=r"^Input tensor 0 must have rank >= 2.*\[Op:Qr\]$"):
        tf.qr(rand(3))


def test_svd():
    x = rand(4, 3)
    s, u, v = tf.svd(x)
    assert [t.shape.as_list() for t in (s, u, v)] == [[3], [4, 3], [3, 3]]
    np.testing.assert_allclose(s.numpy(), np.linalg.svd(x, compute_uv=False), rtol=1e-5)
    # v is not transposed: x = u diag(s) v^H.
    np.testing.assert_allclose(u.numpy() @ np.diag(s.numpy()) @ v.numpy().T, x, rtol=1e-4, atol=1e-5)
    s_full, u_full, v_full = tf.svd(x, full_matrices=True)
    assert u_full.shape.as_list() == [4, 4] and v_full.shape.as_list() == [3, 3]
    values = tf.svd(x, compute_uv=False)
    assert values.shape.as_list() == [3]
    c = tf.constant([[2 + 0j, 1j], [-1j, 3 + 0j]], tf.complex64)
    assert [t.dtype for t in tf.svd(c)] == [tf.float32, tf.complex64, tf.complex64]
    with pytest.raises(IAE, match=r"Value for attr 'T' of int32.*\[Op:Svd\]$"):
        tf.svd(np.ones([3, 3], np.int32))


def test_self_adjoint_eig():
    m = spd(3)
    e, v = tf.self_adjoint_eig(m)
    np.testing.assert_allclose(e.numpy(), np.linalg.eigvalsh(m), rtol=1e-10)
    np.testing.assert_allclose(v.numpy() @ np.diag(e.numpy()) @ v.numpy().T, m, rtol=1e-10)
    np.testing.assert_allclose(tf.linalg.eigvalsh(m).numpy(), np.linalg.eigvalsh(m), rtol=1e-10)
    assert tf.linalg.eigh is tf.self_adjoint_eig
    c = tf.constant([[2 + 0j, 1j], [-1j, 3 + 0j]], tf.complex64)
    assert [t.dtype for t in tf.self_adjoint_eig(c)] == [tf.complex64, tf.complex64]


def test_expm():
    np.testing.assert_allclose(tf.linalg.expm([[0., 1.], [0., 0.]]).numpy(), [[1., 1.], [0., 1.]], atol=1e-6)


# --- solves -------------------------------------------------------------------------------------------------

def test_matrix_solve():
    m, rhs = spd(3), RNG.standard_normal((3, 2))
    np.testing.assert_allclose(tf.matrix_solve(m, rhs).numpy(), np.linalg.solve(m, rhs), rtol=1e-10)
    a = m + np.triu(np.ones((3, 3)))
    np.testing.assert_allclose(tf.linalg.solve(a, rhs, adjoint=True).numpy(), np.linalg.solve(a.T, rhs),
                               rtol=1e-10)
    # A Python rhs takes the matrix's dtype.
    assert tf.matrix_solve(m, [[1.], [2.], [3.]]).dtype == tf.float64


def test_matrix_solve_errors():
    with pytest.raises(IAE, match=r"^Input matrix is not invertible\. \[Op:MatrixSolve\]$"):
        tf.matrix_solve([[1., 1.], [1., 1.]], [[1.], [1.]])
    with pytest.raises(IAE, match=r"^Input matrix and rhs are incompatible\. \[Op:MatrixSolve\]$"):
        tf.matrix_solve(np.eye(2, dtype=np.float32), np.ones([3, 1], np.float32))
    with pytest.raises(IAE, match=r"^All input tensors must have the same rank\. \[Op:MatrixSolve\]$"):
        tf.matrix_solve(np.eye(2, dtype=np.float32), np.ones([2], np.float32))
    with pytest.raises(IAE, match="expected to be a double tensor but is a float tensor"):
        tf.matrix_solve(tf.constant(np.eye(2)), tf.constant(np.ones([2, 1], np.float32)))


def test_matrix_triangular_solve():
    a = np.tril(spd(3))
    rhs = RNG.standard_normal((3, 2))
    full = a + np.triu(np.full((3, 3), 7.), 1)  # the other triangle is ignored
    np.testing.assert_allclose(tf.matrix_triangular_solve(full, rhs).numpy(), np.linalg.solve(a, rhs),
                               rtol=1e-10)
    np.testing.assert_allclose(tf.matrix_triangular_solve(full.T, rhs, lower=False).numpy(),
                               np.linalg.solve(a.T, rhs), rtol=1e-10)
    np.testing.assert_allclose(tf.linalg.triangular_solve(a, rhs, adjoint=True).numpy(),
                               np.linalg.solve(a.T, rhs), rtol=1e-10)
    np.testing.assert_allclose(tf.matrix_triangular_solve([[2., 0.], [1., 1.]], [[2.], [3.]]).numpy(),
                               [[1.], [2.]])


def test_cholesky_solve():
    m, rhs = spd(3), RNG.standard_normal((3, 1))
    chol = np.linalg.cholesky(m)
    np.testing.assert_allclose(tf.cholesky_solve(chol, rhs).numpy(), np.linalg.solve(m, rhs), rtol=1e-10)
    assert tf.linalg.cholesky_solve is tf.cholesky_solve


def test_lstsq():
    a, b = RNG.standard_normal((5, 3)), RNG.standard_normal((5, 2))
    expected = np.linalg.lstsq(a, b, rcond=None)[0]
    np.testing.assert_allclose(tf.matrix_solve_ls(a, b).numpy(), expected, rtol=1e-8)
    np.testing.assert_allclose(tf.linalg.lstsq(a, b, fast=False).numpy(), expected, rtol=1e-8)
    regularized = np.linalg.solve(a.T @ a + 0.5 * np.eye(3), a.T @ b)
    np.testing.assert_allclose(tf.matrix_solve_ls(a, b, l2_regularizer=0.5).numpy(), regularized, rtol=1e-8)
    np.testing.assert_allclose(tf.matrix_solve_ls(a, b, l2_regularizer=0.5, fast=False).numpy(),
                               regularized, rtol=1e-8)
    wide = np.array([[1., 0., 1.], [0., 1., 1.]])
    np.testing.assert_allclose(tf.matrix_solve_ls(wide, [[1.], [1.]]).numpy(), [[1 / 3], [1 / 3], [2 / 3]],
                               rtol=1e-8)


# --- cross ----------------------------------------------------------------------------------------------

def test_cross():
    np.testing.assert_array_equal(tf.cross([1., 0., 0.], [0., 1., 0.]).numpy(), [0., 0., 1.])
    a, b = rand(4, 3), rand(4, 3)
    np.testing.assert_allclose(tf.linalg.cross(a, b).numpy(), np.cross(a, b), rtol=1e-5, atol=1e-6)
    assert tf.cross([1, 0, 0], [0, 1, 0]).dtype == tf.int32
    with pytest.raises(TypeError, match=r"Cannot convert \[0\.0, 1\.0, 0\.0\] to EagerTensor of dtype int32"):
        tf.cross([1, 0, 0], [0., 1., 0.])
    with pytest.raises(IAE, match=r"^Both inputs must be of same shape: \[1,3\] vs\. \[3\] \[Op:Cross\]$"):
        tf.cross([[1., 0., 0.]], [0., 1., 0.])
    with pytest.raises(tf.errors.FailedPreconditionError,
                       match=r"^Cross-products are only defined for 3-element vectors\. \[Op:Cross\]$"):
        tf.cross([1., 0.], [0., 1.])


# --- diagonals, bands, trace -----------------------------------------------------------------------------

def test_diag_and_diag_part():
    result = tf.diag([1, 2])
    assert result.dtype == tf.int32 and result.numpy().tolist() == [[1, 0], [0, 2]]
    assert tf.diag([[1, 2], [3, 4]]).shape.as_list() == [2, 2, 2, 2]
    assert tf.diag_part([[1, 2], [3, 4]]).numpy().tolist() == [1, 4]
    np.testing.assert_array_equal(tf.diag_part(tf.diag([[1, 2], [3, 4]])).numpy(), [[1, 2], [3, 4]])
    assert tf.linalg.tensor_diag is tf.diag and tf.linalg.tensor_diag_part is tf.diag_part
    with pytest.raises(IAE, match=r"^Input must be at least rank 1, got 0 \[Op:Diag\]$"):
        tf.diag(1.)
    with pytest.raises(IAE, match=r"^Invalid shape \[2,3\]: dimensions 0 and 1 do not match\. \[Op:DiagPart\]$"):
        tf.diag_part(rand(2, 3))
    with pytest.raises(IAE, match=r"even and positive, got shape \[2,2,2\] \[Op:DiagPart\]$"):
        tf.diag_part(rand(2, 2, 2))


def test_trace():
    result = tf.trace([[1, 2], [3, 4]])
    assert result.dtype == tf.int32 and result.numpy() == 5
    assert tf.trace(np.array([[1, 2], [3, 4]], np.int64)).dtype == tf.int64
    np.testing.assert_array_equal(tf.trace(np.ones([2, 2, 3], np.float32)).numpy(), [2., 2.])
    assert tf.linalg.trace is tf.trace
    with pytest.raises(IAE, match=r"^input must be at least 2-dim, received shape: \[2\]"):
        tf.trace([1, 2])


def test_matrix_band_part_tf_doc_example():
    x = np.array([[0, 1, 2, 3], [-1, 0, 1, 2], [-2, -1, 0, 1], [-3, -2, -1, 0]], np.int32)
    assert tf.matrix_band_part(x, 1, -1).numpy().tolist() == \
        [[0, 1, 2, 3], [-1, 0, 1, 2], [0, -1, 0, 1], [0, 0, -1, 0]]
    assert tf.linalg.band_part(x, 2, 1).numpy().tolist() == \
        [[0, 1, 0, 0], [-1, 0, 1, 0], [-2, -1, 0, 1], [0, -2, -1, 0]]
    assert tf.matrix_band_part(np.ones([3, 3], np.float32), -2, 0).numpy().tolist() == \
        [[1., 0., 0.], [1., 1., 0.], [1., 1., 1.]]
    with pytest.raises(IAE, match=r"^num_lower must be negative or less or equal to number of rows \(4\) "
                                  r"got: 5 \[Op:MatrixBandPart\]$"):
        tf.matrix_band_part(x, 5, -1)
    with pytest.raises(IAE, match=r"^input must be at least 2-dim, received shape: \[4\] \[Op:MatrixBandPart\]$"):
        tf.matrix_band_part(np.ones(4, np.float32), 1, -1)


def test_matrix_diag_family():
    assert tf.matrix_diag([[1, 2], [3, 4]]).numpy().tolist() == [[[1, 0], [0, 2]], [[3, 0], [0, 4]]]
    assert tf.matrix_diag([1, 2], k=1).numpy().tolist() == [[0, 1, 0], [0, 0, 2], [0, 0, 0]]
    assert tf.matrix_diag([[1, 2, 3], [4, 5, 6]], k=(0, 1), num_rows=3, num_cols=4).numpy().tolist() == \
        [[4, 1, 0, 0], [0, 5, 2, 0], [0, 0, 6, 3]]
    assert tf.linalg.diag([1, 2], num_rows=3, padding_value=9).numpy().tolist() == [[1, 9], [9, 2], [9, 9]]
    x = np.arange(1, 13, dtype=np.int32).reshape(3, 4)
    assert tf.matrix_diag_part(x).numpy().tolist() == [1, 6, 11]
    assert tf.matrix_diag_part(x, k=(-1, 1)).numpy().tolist() == [[2, 7, 12], [1, 6, 11], [5, 10, 0]]
    assert tf.linalg.diag_part(x, k=1).numpy().tolist() == [2, 7, 12]
    assert tf.matrix_diag_part(np.ones([2, 3], np.float32)).numpy().tolist() == [1., 1.]
    result = tf.matrix_set_diag(np.zeros([2, 3], np.float32), [1., 2.])
    assert result.numpy().tolist() == [[1., 0., 0.], [0., 2., 0.]]
    assert tf.linalg.set_diag(np.zeros([3, 3], np.int32), [5, 6], k=1).numpy().tolist() == \
        [[0, 5, 0], [0, 0, 6], [0, 0, 0]]


def test_matrix_diag_alignment():
    # Recorded from TF for every ``align``; TF 1.15 (no ``align`` argument) packed LEFT_LEFT.
    x = np.arange(1, 13, dtype=np.int32).reshape(3, 4).T.copy()
    left = [[9, 0, 0], [5, 10, 0], [1, 6, 11], [2, 7, 12]]
    right = [[0, 0, 9], [0, 5, 10], [1, 6, 11], [2, 7, 12]]
    assert tf.linalg.diag_part(x, k=(-1, 2)).numpy().tolist() == left
    for align, expected in (("LEFT_LEFT", left), ("LEFT_RIGHT", left), ("RIGHT_LEFT", right),
                            ("RIGHT_RIGHT", right)):
        assert tf.linalg.diag_part(x, k=(-1, 2), align=align).numpy().tolist() == expected
    diagonals = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
    for align, expected in (("LEFT_LEFT", [[4, 1, 0], [7, 5, 2], [0, 8, 6], [0, 0, 9]]),
                            ("RIGHT_LEFT", [[4, 2, 0], [7, 5, 3], [0, 8, 6], [0, 0, 9]])):
        result = tf.linalg.diag(diagonals, k=(-1, 1), num_rows=4, num_cols=3, align=align)
        assert result.numpy().tolist() == expected


def test_matrix_diag_errors():
    with pytest.raises(IAE, match=r"^input must be at least 2-dim, received shape: \[3\]"):
        tf.matrix_diag_part(np.ones(3, np.float32))
    with pytest.raises(IAE, match=r"lower_diag_index must not be larger than upper_diag_index: 1 > 0"):
        tf.matrix_diag_part(np.ones([3, 4], np.float32), k=(1, 0))
    with pytest.raises(IAE, match=r"lower_diag_index is out of bound: 5\. It must be between -3 and 4"):
        tf.matrix_diag_part(np.ones([3, 4], np.float32), k=5)
    with pytest.raises(IAE, match=r"Input shape: \[2,3\]\nDiagonal shape: \[3\]\nExpected diagonal shape: \[2\]"):
        tf.matrix_set_diag(np.zeros([2, 3], np.float32), [1., 2., 3.])


def test_matrix_diag_bad_arguments():
    v = tf.constant([1.0, 2.0])
    with pytest.raises(IAE, match=r"^diag_index must be a scalar or vector, received shape: \[1,1\] "
                                  r"\[Op:MatrixDiagV2\]$"):
        tf.linalg.diag(v, k=[[1]])
    with pytest.raises(IAE, match="Expected diag_index to have at least 1 element"):
        tf.linalg.diag(v, k=[])
    with pytest.raises(IAE, match="diag_index must have only one or two elements, received 3 elements."):
        tf.linalg.diag(v, k=[0, 1, 2])
    with pytest.raises(TypeError, match="Cannot convert 0.5 to EagerTensor of dtype int32"):
        tf.linalg.diag(v, k=0.5)
    with pytest.raises(ValueError, match="Can't convert non-rectangular Python sequence to Tensor"):
        tf.linalg.diag(v, k=[[1, 2], [3]])
    with pytest.raises(ValueError, match="Tensor conversion requested dtype int32 for Tensor with dtype int64"):
        tf.linalg.diag(v, num_rows=tf.constant(2, tf.int64))
    with pytest.raises(IAE, match=r"^num_rows must be a scalar \[Op:MatrixDiagV2\]$"):
        tf.linalg.diag(v, num_rows=[3])
    with pytest.raises(IAE, match=r"^padding_value must be a scalar \[Op:MatrixDiagV2\]$"):
        tf.linalg.diag(v, padding_value=[1.0])
    with pytest.raises(IAE, match=r"cannot compute MatrixDiagV2 as input #4\(zero-based\) was expected to be "
                                  r"a float tensor but is a int32 tensor"):
        tf.linalg.diag(v, padding_value=tf.constant(1))
    with pytest.raises(IAE, match=r"diag_index must be a scalar or vector, received shape: \[0,3\] "
                                  r"\[Op:MatrixDiagPartV2\]"):
        tf.linalg.diag_part(tf.constant([[1.0, 2.0], [3.0, 4.0]]), k=tf.zeros([0, 3], tf.int32))


def test_band_part_bad_bounds():
    x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    with pytest.raises(IAE, match=r"^num_lower must be scalar, got shape \[2\] \[Op:MatrixBandPart\]$"):
        tf.linalg.band_part(x, tf.constant([1, 2]), 0)
    with pytest.raises(IAE, match="Value for attr 'Tindex' of float is not in the list of allowed values: "
                                  "int32, int64"):
        tf.linalg.band_part(x, tf.constant(1.5), 0)
    with pytest.raises(IAE, match=r"cannot compute MatrixBandPart as input #2\(zero-based\) was expected to be "
                                  r"a int32 tensor but is a int64 tensor"):
        tf.linalg.band_part(x, tf.constant(1), tf.constant(0, tf.int64))
    assert tf.linalg.band_part(x, tf.constant(0, tf.int64), 0).numpy().tolist() == [[1.0, 0.0], [0.0, 4.0]]
