"""TF 1.x matrix ops: matmul, decompositions, solves, diagonals, bands (the matmul kernel,
shared with Tensor ``@``, lives in framework/tensor.py).

Inputs are converted the way TF 1.x converts them: ``tf.matmul`` converts each
argument on its own (so ``tf.matmul(float_tensor, [[2]])`` is a dtype error, as
in TF 1.x); the generated linalg ops give a Python argument the dtype of a
tensor argument.  Batch rules follow TF 1.15: BatchMatMulV2 broadcasts batch
dimensions; the LinearAlgebraOp kernels (solves) require equal outer dimensions.
"""

import collections
import math
import re

import numpy as np
import torch

from ..framework import dtypes
from ..framework.errors import FailedPreconditionError, attr_error, invalid_argument
from ..framework.kernel_dtypes import (LINALG as _LINALG_NAMES, MATMUL as _MATMUL_NAMES,
                                      MATRIX_INVERSE as _INVERSE_NAMES, REAL, SPARSE_MATMUL, dtypes_in)
from ..framework.tensor import (_INTS, _MATMUL_TYPES, _matmul, _matmul_error, _on_host, Tensor, convert,
                                dtype_mismatch, dtype_of, wrap)
from ..framework.tensor_shape import TensorShape, shape_text
from ..registry import export
from .arguments import check_size, matching

_LINALG_TYPES = dtypes_in(_LINALG_NAMES)
# MatrixInverse also takes half (TF's kernel list); torch inverts it in float32.
_INVERSE_TYPES = dtypes_in(_INVERSE_NAMES)


# --- matmul ------------------------------------------------------------------------------------------

@export("matmul", "linalg.matmul")
def matmul(a, b, transpose_a=False, transpose_b=False, adjoint_a=False, adjoint_b=False,
           a_is_sparse=False, b_is_sparse=False, name=None):
    """``a @ b`` over the last two dimensions, batch dimensions broadcast (BatchMatMulV2)."""
    if transpose_a and adjoint_a:
        raise ValueError("Only one of transpose_a and adjoint_a can be True.")
    if transpose_b and adjoint_b:
        raise ValueError("Only one of transpose_b and adjoint_b can be True.")
    return wrap(_matmul(convert(a), convert(b), transpose_a or adjoint_a, adjoint_a,
                        transpose_b or adjoint_b, adjoint_b))


@export("linalg.matvec")
def matvec(a, b, transpose_a=False, adjoint_a=False, a_is_sparse=False, b_is_sparse=False, name=None):
    """Matrix (batch) times vector (batch): ``matmul(a, b[..., None])[..., 0]``."""
    if transpose_a and adjoint_a:
        raise ValueError("Only one of transpose_a and adjoint_a can be True.")
    y = convert(b)
    column = y if type(y) is np.ndarray else y.unsqueeze(-1)
    return wrap(_matmul(convert(a), column, transpose_a or adjoint_a, adjoint_a).squeeze(-1))


@export("sparse_matmul")
def sparse_matmul(a, b, transpose_a=False, transpose_b=False, a_is_sparse=False, b_is_sparse=False,
                  name=None):
    """MatMul of float32/bfloat16 matrices with a float32 result (the sparsity hints are hints)."""
    x, y = convert(a), convert(b)
    for attr, value in (("Ta", x), ("Tb", y)):
        if type(value) is np.ndarray or value.dtype not in (torch.float32, torch.bfloat16):
            raise attr_error("SparseMatMul", attr, dtype_of(value), SPARSE_MATMUL)
        if value.dim() != 2:
            raise invalid_argument(f"{'ab'[attr == 'Tb']} is not a matrix", "SparseMatMul")
    x, y = x.float(), y.float()
    if (x.shape[0] if transpose_a else x.shape[1]) != (y.shape[1] if transpose_b else y.shape[0]):
        raise invalid_argument(f"Matrix size incompatible: a: {shape_text(x.shape)}, "
                               f"b: {shape_text(y.shape)}", "SparseMatMul")
    return wrap(_matmul(x, y, transpose_a, False, transpose_b, False))


# --- tensordot, einsum ---------------------------------------------------------------------------------

def _axis_list(axes):
    """Contraction axes given as an int, a list or a tensor (TF converts them to int32)."""
    return convert(axes, dtypes.int32).reshape(-1).tolist()


def _in_range(axes, rank):
    for index, axis in enumerate(axes):
        if not -rank <= axis < rank:  # TF gathers the axes' sizes from the shape
            raise invalid_argument(f"indices[{index}] = {axis} is not in [0, {rank})", "GatherV2")
    return [a + rank if a < 0 else a for a in axes]


def _tensordot_axes(axes, a, x, y):
    if not isinstance(axes, (int, np.integer, list, tuple)):
        axes = convert(axes, dtypes.int32).tolist()  # TF converts any other ``axes`` to an int32 tensor
    if isinstance(axes, (int, np.integer)):
        if axes < 0:
            raise ValueError("'axes' must be at least 0.")
        if axes > x.dim():
            raise ValueError(f"'axes' must not be larger than the number of dimensions of tensor {a}.")
        return list(range(x.dim() - axes, x.dim())), list(range(axes))
    if len(axes) != 2:
        raise ValueError("'axes' must be an integer or have length 2.")
    a_axes, b_axes = _axis_list(axes[0]), _axis_list(axes[1])
    if len(a_axes) != len(b_axes):
        raise ValueError(f"Different number of contraction axes 'a' and 'b', {len(a_axes)} != "
                         f"{len(b_axes)}.")
    return _in_range(a_axes, x.dim()), _in_range(b_axes, y.dim())


def _as_matrix(x, outer, inner):
    """``x`` with dims ``outer`` then ``inner``, reshaped to a matrix."""
    shape = x.shape
    if len(outer) + len(inner) != x.dim():  # a repeated axis: TF's transpose gets a wrong-sized perm
        raise invalid_argument(f"transpose expects a vector of size {x.dim()}. But input(1) is a vector "
                               f"of size {len(outer) + len(inner)}", "Transpose")
    return x.permute(outer + inner).reshape(math.prod(shape[d] for d in outer),
                                            math.prod(shape[d] for d in inner))


@export("tensordot", "linalg.tensordot")
def tensordot(a, b, axes, name=None):
    """Contract ``axes`` of ``a`` with those of ``b`` (TF's reshape-and-MatMul, same errors)."""
    x, y = convert(a), convert(b)
    if type(x) is np.ndarray or type(y) is np.ndarray:
        raise _matmul_error(x, y, False, False)
    a_axes, b_axes = _tensordot_axes(axes, wrap(x), x, y)
    free_a = [d for d in range(x.dim()) if d not in a_axes]
    free_b = [d for d in range(y.dim()) if d not in b_axes]
    product = _matmul(_as_matrix(x, free_a, a_axes), _as_matrix(y, b_axes, free_b))
    return wrap(product.reshape([x.shape[d] for d in free_a] + [y.shape[d] for d in free_b]))


_EINSUM_FORMAT = re.compile(r"^([a-zA-Z,.]+)(->[a-zA-Z.]*)?$")


def _einsum_terms(equation, count):
    """(equation without spaces, its input terms), after TF's Python checks of the equation."""
    if isinstance(equation, bytes):
        equation = equation.decode()
    if not isinstance(equation, str):
        raise TypeError(f"Expected string for argument 'equation' not {equation!r}.")
    equation = equation.replace(" ", "")
    match = _EINSUM_FORMAT.match(equation)
    if not match or any(term.replace("...", "", 1).count(".") for term in re.split("[,>-]", equation)):
        raise ValueError(f"Indices have incorrect format: {equation}")
    terms = match.group(1).split(",")
    if count != len(terms):
        raise ValueError(f'Got {count} arguments for equation "{equation}", expecting {len(terms)}')
    output = match.group(2)[2:] if match.group(2) else None
    if output is not None:
        for label in output.replace("...", ""):
            if label not in match.group(1):
                raise ValueError(f"Output subscripts contain the label {label} not present in the input "
                                 f"subscripts.")
            if output.count(label) > 1:
                raise ValueError(f"Output subscripts contain a label appearing more than once: {equation}")
    return equation, terms


def _einsum_error(terms, backings, output):
    """TF's Einsum kernel message for the first input whose rank or dimensions disagree, or for
    broadcast (ellipsis) dimensions that an explicit output without an ellipsis would drop."""
    if output is not None and "..." not in output:
        count = max([b.dim() - len(t.replace("...", "")) for t, b in zip(terms, backings) if "..." in t] or [0])
        if count > 0:
            return invalid_argument(f"Output contains {count} broadcasting dimension(s) but no ellipsis (...) "
                                    f"was found in the output subscripts.", "Einsum")
    seen = {}
    for index, (term, backing) in enumerate(zip(terms, backings)):
        labels = term.replace("...", "")
        if "..." in term and backing.dim() < len(labels):
            return invalid_argument(f"Expected input {index} to have rank at least {len(labels)} but got: "
                                    f"{backing.dim()}", "Einsum")
        if "..." not in term and backing.dim() != len(labels):
            return invalid_argument(f"Expected input {index} to have rank {len(labels)} but got: "
                                    f"{backing.dim()}", "Einsum")
        offset = term.find(".")
        for position, label in enumerate(labels):
            axis = position if offset < 0 or position < offset else backing.dim() - len(labels) + position
            size = backing.shape[axis]
            if seen.setdefault(label, size) != size:
                return invalid_argument(f"Expected dimension {seen[label]} at axis {axis} of the input "
                                        f"shaped {shape_text(backing.shape)} but got dimension {size}",
                                        "Einsum")
    return None


@export("einsum", "linalg.einsum")
def einsum(equation, *inputs, **kwargs):
    """Einstein summation over ``inputs`` (all of one dtype)."""
    kwargs.pop("name", None)
    if kwargs:
        raise TypeError("invalid keyword arguments for this function: " + ", ".join(sorted(kwargs)))
    equation, terms = _einsum_terms(equation, len(inputs))
    backings = [convert(v) for v in inputs]
    for index, backing in enumerate(backings):
        if type(backing) is np.ndarray or backing.dtype not in _MATMUL_TYPES:
            raise attr_error("Einsum", "T", dtype_of(backing), _MATMUL_NAMES)
        if backing.dtype is not backings[0].dtype:
            raise dtype_mismatch("Einsum", index, dtype_of(backings[0]), dtype_of(backing))
    error = _einsum_error(terms, backings, equation.split("->")[1] if "->" in equation else None)
    if error is not None:
        raise error
    try:
        return wrap(torch.einsum(equation, *backings))
    except RuntimeError:
        if backings and backings[0].is_cuda and backings[0].dtype in _INTS:
            return wrap(_on_host(lambda *b: torch.einsum(equation, *b), *backings))
        raise invalid_argument(f"Invalid einsum equation: {equation}, input shapes: "
                               + ", ".join(shape_text(b.shape) for b in backings), "Einsum") from None


# --- transposes ------------------------------------------------------------------------------------

def _swap_last(x, conjugate=False):
    if type(x) is np.ndarray:
        return np.swapaxes(x, -1, -2).copy()
    x = x.mT
    return x.conj_physical() if conjugate and x.is_complex() else x


@export("matrix_transpose", "linalg.matrix_transpose", "linalg.transpose")
def matrix_transpose(a, name="matrix_transpose", conjugate=False):
    """Swap the last two dimensions (conjugating complex values if ``conjugate``)."""
    x = convert(a)
    if x.ndim < 2:
        raise ValueError(f"Argument 'a' should be a (batch) matrix, with rank >= 2.  Found: "
                         f"{TensorShape(list(x.shape))}")
    return wrap(_swap_last(x, conjugate))


@export("linalg.adjoint")
def adjoint(matrix, name=None):
    """The conjugate transpose of the last two dimensions."""
    return matrix_transpose(matrix, conjugate=True)


# --- decompositions and solves --------------------------------------------------------------------------

def _linalg_input(value, op_name, square=True, backing=None, types=_LINALG_TYPES, names=_LINALG_NAMES):
    x = convert(value) if backing is None else backing
    if type(x) is np.ndarray or x.dtype not in types:
        raise attr_error(op_name, "T", dtype_of(x), names)
    if x.dim() < 2:
        raise invalid_argument("Input tensor 0 must have rank >= 2", op_name)
    if square and x.shape[-1] != x.shape[-2]:
        raise invalid_argument("Input matrix must be square.", op_name)
    return x


def _linalg_pair(op_name, matrix, rhs):
    """The checked (matrix, rhs) of a TF 1.x LinearAlgebraOp solve: same rank and outer dims."""
    x, y = matching((matrix, rhs), op_name)
    x = _linalg_input(None, op_name, backing=x)
    if y.dim() != x.dim():
        raise invalid_argument("All input tensors must have the same rank.", op_name)
    if y.shape[:-2] != x.shape[:-2]:
        raise invalid_argument("All input tensors must have the same outer dimensions.", op_name)
    if y.shape[-2] != x.shape[-2]:
        raise invalid_argument("Input matrix and rhs are incompatible.", op_name)
    return x, y


def _failed(info, message, op_name):
    if bool(torch.any(info != 0)):
        raise invalid_argument(message, op_name)


def _cholesky(x):
    factor, info = torch.linalg.cholesky_ex(x)
    _failed(info, "Cholesky decomposition was not successful. The input might not be valid.", "Cholesky")
    return factor


@export("cholesky", "linalg.cholesky")
def cholesky(input, name=None):
    """The lower-triangular Cholesky factor of each Hermitian positive-definite matrix."""
    return wrap(_cholesky(_linalg_input(input, "Cholesky")))


@export("cholesky_solve", "linalg.cholesky_solve")
def cholesky_solve(chol, rhs, name=None):
    """Solve ``A X = rhs`` given ``chol``, the Cholesky factor of ``A``."""
    factor, y = _linalg_pair("MatrixTriangularSolve", chol, rhs)
    return wrap(torch.cholesky_solve(y, factor))


@export("matrix_inverse", "linalg.inv")
def matrix_inverse(input, adjoint=False, name=None):
    """The inverse of each square matrix (of its adjoint when ``adjoint``)."""
    x = _linalg_input(input, "MatrixInverse", types=_INVERSE_TYPES, names=_INVERSE_NAMES)
    if adjoint:
        x = x.mH
    half = x.dtype is torch.float16
    inverse, info = torch.linalg.inv_ex(x.float() if half else x)
    _failed(info, "Input is not invertible.", "MatrixInverse")
    return wrap(inverse.half() if half else inverse)


@export("matrix_determinant", "linalg.det")
def matrix_determinant(input, name=None):
    """The determinant of each square matrix."""
    return wrap(torch.linalg.det(_linalg_input(input, "MatrixDeterminant")))


LogMatrixDeterminant = collections.namedtuple("LogMatrixDeterminant", ["sign", "log_abs_determinant"])


@export("linalg.slogdet")
def slogdet(input, name=None):
    """(sign, log |det|) of each square matrix, both of the input's dtype."""
    x = _linalg_input(input, "LogMatrixDeterminant")
    sign, log_abs = torch.linalg.slogdet(x)
    return LogMatrixDeterminant(wrap(sign), wrap(log_abs.to(x.dtype) if x.is_complex() else log_abs))


@export("linalg.logdet")
def logdet(matrix, name=None):
    """log det of each Hermitian positive-definite matrix, via its Cholesky factor."""
    factor = _cholesky(_linalg_input(matrix, "Cholesky"))
    return wrap(2.0 * torch.log(torch.diagonal(factor, 0, -2, -1).real).sum(-1))


Qr = collections.namedtuple("Qr", ["q", "r"])


@export("qr", "linalg.qr")
def qr(input, full_matrices=False, name=None):
    """(q, r) with q orthonormal columns and r upper triangular; full q when ``full_matrices``."""
    x = _linalg_input(input, "Qr", square=False)
    q, r = torch.linalg.qr(x, mode="complete" if full_matrices else "reduced")
    return Qr(wrap(q), wrap(r))


@export("svd", "linalg.svd")
def svd(tensor, full_matrices=False, compute_uv=True, name=None):
    """(s, u, v) with ``tensor = u @ diag(s) @ adjoint(v)`` (v is not transposed); s alone without uv."""
    x = _linalg_input(tensor, "Svd", square=False)
    if not compute_uv:
        return wrap(torch.linalg.svdvals(x))
    u, s, vh = torch.linalg.svd(x, full_matrices=full_matrices)
    return wrap(s), wrap(u), wrap(vh.mH.resolve_conj())


@export("self_adjoint_eig", "linalg.eigh")
def self_adjoint_eig(tensor, name=None):
    """(eigenvalues ascending, eigenvectors) of each self-adjoint matrix (its lower triangle)."""
    x = _linalg_input(tensor, "SelfAdjointEigV2")
    values, vectors = torch.linalg.eigh(x)
    return wrap(values.to(x.dtype)), wrap(vectors)


@export("self_adjoint_eigvals", "linalg.eigvalsh")
def self_adjoint_eigvals(tensor, name=None):
    """The eigenvalues (ascending) of each self-adjoint matrix."""
    x = _linalg_input(tensor, "SelfAdjointEigV2")
    return wrap(torch.linalg.eigvalsh(x).to(x.dtype))


@export("matrix_solve", "linalg.solve")
def matrix_solve(matrix, rhs, adjoint=False, name=None):
    """Solve ``matrix @ X = rhs`` (``adjoint(matrix) @ X = rhs`` when ``adjoint``)."""
    x, y = _linalg_pair("MatrixSolve", matrix, rhs)
    solution, info = torch.linalg.solve_ex(x.mH if adjoint else x, y)
    _failed(info, "Input matrix is not invertible.", "MatrixSolve")
    return wrap(solution)


@export("matrix_triangular_solve", "linalg.triangular_solve")
def matrix_triangular_solve(matrix, rhs, lower=True, adjoint=False, name=None):
    """Solve with the lower (or upper) triangle of ``matrix``; the other triangle is ignored."""
    x, y = _linalg_pair("MatrixTriangularSolve", matrix, rhs)
    if adjoint:
        return wrap(torch.linalg.solve_triangular(x.mH, y, upper=lower))
    return wrap(torch.linalg.solve_triangular(x, y, upper=not lower))


@export("matrix_solve_ls", "linalg.lstsq")
def matrix_solve_ls(matrix, rhs, l2_regularizer=0.0, fast=True, name=None):
    """Least-squares solutions; ``fast`` uses TF's regularized normal equations (Cholesky)."""
    x, y = matching((matrix, rhs), "MatrixSolveLs")
    x = _linalg_input(None, "MatrixSolveLs", square=False, backing=x)
    if y.dim() != x.dim() or y.shape[:-2] != x.shape[:-2] or y.shape[-2] != x.shape[-2]:
        raise invalid_argument("Input matrix and rhs are incompatible.", "MatrixSolveLs")
    l2 = float(l2_regularizer)
    rows, cols = x.shape[-2], x.shape[-1]
    if not fast:
        if l2:
            x = torch.cat([x, math.sqrt(l2) * torch.eye(cols, dtype=x.dtype, device=x.device)
                           .expand(*x.shape[:-2], cols, cols)], -2)
            y = torch.cat([y, y.new_zeros(*y.shape[:-2], cols, y.shape[-1])], -2)
        return wrap(torch.linalg.lstsq(x, y).solution)
    identity = torch.eye(min(rows, cols), dtype=x.dtype, device=x.device)
    if rows >= cols:  # (A^H A + l2 I) X = A^H rhs
        return wrap(torch.cholesky_solve(x.mH @ y, _cholesky(x.mH @ x + l2 * identity)))
    # X = A^H (A A^H + l2 I)^-1 rhs
    return wrap(x.mH @ torch.cholesky_solve(y, _cholesky(x @ x.mH + l2 * identity)))


@export("linalg.expm")
def expm(input, name=None):
    """The matrix exponential of each square matrix."""
    return wrap(torch.linalg.matrix_exp(_linalg_input(input, "MatrixExponential")))


@export("cross", "linalg.cross")
def cross(a, b, name=None):
    """Pairwise cross products of 3-vectors along the last dimension (no broadcasting)."""
    x, y = matching((a, b), "Cross")
    if type(x) is np.ndarray or x.dtype.is_complex or x.dtype is torch.bool:
        raise attr_error("Cross", "T", dtype_of(x), REAL)
    if x.shape != y.shape:
        raise invalid_argument(f"Both inputs must be of same shape: {shape_text(x.shape)} vs. "
                               f"{shape_text(y.shape)}", "Cross")
    if x.dim() < 1:
        raise invalid_argument(f"Input must be at least 1D{shape_text(x.shape)}", "Cross")
    if x.shape[-1] != 3:
        raise FailedPreconditionError(None, None, "Cross-products are only defined for 3-element "
                                      "vectors. [Op:Cross]")
    return wrap(torch.linalg.cross(x, y))


# --- diagonals, bands, trace ------------------------------------------------------------------------------

@export("diag", "linalg.tensor_diag")
def diag(diagonal, name=None):
    """A rank-2k tensor with ``diagonal`` (rank k) on its diagonal."""
    x = convert(diagonal)
    if type(x) is np.ndarray or x.dim() < 1:
        if type(x) is np.ndarray:
            raise attr_error("Diag", "T", dtype_of(x), _MATMUL_NAMES)
        raise invalid_argument(f"Input must be at least rank 1, got {x.dim()}", "Diag")
    check_size([*x.shape, *x.shape], "Diag", x.dtype)
    return wrap(torch.diag_embed(x.reshape(-1)).reshape(x.shape + x.shape))


@export("diag_part", "linalg.tensor_diag_part")
def diag_part(input, name=None):
    """The diagonal of a rank-2k tensor whose first k dims equal its last k."""
    x = convert(input)
    rank = x.ndim
    if rank == 0 or rank % 2:
        raise invalid_argument(f"The rank of the tensor should be even and positive, got shape "
                               f"{shape_text(x.shape)}", "DiagPart")
    half = rank // 2
    for i in range(half):
        if x.shape[i] != x.shape[i + half]:
            raise invalid_argument(f"Invalid shape {shape_text(x.shape)}: dimensions {i} and {i + half} do "
                                   f"not match.", "DiagPart")
    size = math.prod(x.shape[:half])
    return wrap(x.reshape(size, size).diagonal().reshape(x.shape[:half]))


@export("trace", "linalg.trace")
def trace(x, name=None):
    """The sum of each matrix's main diagonal (the last two dimensions)."""
    backing = convert(x)
    _require_matrix(backing, "MatrixDiagPartV2")
    return wrap(torch.diagonal(backing, 0, -2, -1).sum(-1, dtype=backing.dtype))


def _require_matrix(x, op_name):
    if type(x) is np.ndarray or x.dim() < 2:
        raise invalid_argument(f"input must be at least 2-dim, received shape: {shape_text(x.shape)}",
                               op_name)


@export("matrix_band_part", "linalg.band_part")
def matrix_band_part(input, num_lower, num_upper, name=None):
    """Keep ``num_lower`` subdiagonals and ``num_upper`` superdiagonals (negative: all), zero the rest."""
    x = convert(input)
    _require_matrix(x, "MatrixBandPart")
    # Tindex: the dtype of a tensor bound, else int64 (TF's default for Python ints).
    index_type = next((v.dtype for v in (num_lower, num_upper) if isinstance(v, Tensor)), dtypes.int64)
    if index_type not in (dtypes.int32, dtypes.int64):
        raise attr_error("MatrixBandPart", "Tindex", index_type)
    lower, upper = (_scalar_input(value, index_type, what, "MatrixBandPart", index,
                                  "{what} must be scalar, got shape {shape}")
                    for index, what, value in ((1, "num_lower", num_lower), (2, "num_upper", num_upper)))
    if lower > x.shape[-2]:
        raise invalid_argument(f"num_lower must be negative or less or equal to number of rows "
                               f"({x.shape[-2]}) got: {lower}", "MatrixBandPart")
    if upper > x.shape[-1]:
        raise invalid_argument(f"num_upper must be negative or less or equal to number of columns "
                               f"({x.shape[-1]}) got: {upper}", "MatrixBandPart")
    if lower >= 0:
        x = x.triu(-lower)
    if upper >= 0:
        x = x.tril(upper)
    return wrap(x)


# align -> (left-align superdiagonals, left-align subdiagonals).  TF 1.15 had no ``align`` and
# packed every diagonal to the left; ``align=None`` keeps that.
_ALIGN = {None: (True, True), "LEFT_LEFT": (True, True), "LEFT_RIGHT": (True, False),
          "RIGHT_LEFT": (False, True), "RIGHT_RIGHT": (False, False)}


def _op_input(value, dtype, index, op_name):
    """The backing of op input #``index`` of ``dtype``: a tensor of another dtype is TF's mismatch.

    ``index`` None: an argument TF's Python wrapper converts to ``dtype`` itself (ValueError).
    """
    if index is not None and isinstance(value, Tensor) and value.dtype != dtype:
        raise dtype_mismatch(op_name, index, dtype, value.dtype)
    return convert(value, dtype)


def _diag_range(k, op_name):
    """(low, high) from ``k``: an int32 scalar or a vector of one or two elements."""
    diag_index = convert(k, dtypes.int32)
    if diag_index.dim() > 1:
        raise invalid_argument(f"diag_index must be a scalar or vector, received shape: "
                               f"{shape_text(diag_index.shape)}", op_name)
    if diag_index.numel() == 0:
        raise invalid_argument("Expected diag_index to have at least 1 element", op_name)
    if diag_index.numel() > 2:
        raise invalid_argument(f"diag_index must have only one or two elements, received "
                               f"{diag_index.numel()} elements.", op_name)
    values = diag_index.reshape(-1).tolist()
    low, high = values[0], values[-1]
    if low > high:
        raise invalid_argument(f"lower_diag_index must not be larger than upper_diag_index: "
                               f"{low} > {high}", op_name)
    return low, high


def _scalar_input(value, dtype, what, op_name, index=None, message="{what} must be a scalar"):
    """The Python value of scalar op input #``index`` (``num_rows``, ``padding_value`` ...)."""
    backing = _op_input(value, dtype, index, op_name)
    if backing.ndim != 0:
        raise invalid_argument(message.format(what=what, shape=shape_text(backing.shape)), op_name)
    return backing.item()


def _diag_indices(rows, cols, low, high, align, device, op_name):
    """Packed (diagonal, position) and matrix (row, column) indices of diagonals ``low..high``."""
    for label, index in (("lower", low), ("upper", high)):
        if not (-rows < index < cols or index == 0):
            raise invalid_argument(f"{label}_diag_index is out of bound: {index}. It must be between "
                                   f"{-rows} and {cols}", op_name)
    if align not in _ALIGN:
        raise ValueError(f"align must be one of {sorted(a for a in _ALIGN if a)}, got {align!r}")
    left_super, left_sub = _ALIGN[align]
    max_len = min(rows + min(high, 0), cols - max(low, 0))
    parts = ([], [], [], [])
    for d in range(high, low - 1, -1):
        length = min(rows + min(0, d), cols - max(0, d))
        steps = torch.arange(length)
        left = left_super if d >= 0 else left_sub
        parts[0].append(torch.full((length,), high - d))
        parts[1].append(steps + (0 if left else max_len - length))
        parts[2].append(steps + max(-d, 0))
        parts[3].append(steps + max(d, 0))
    return max_len, [torch.cat(p).to(device) for p in parts]


def _fill(shape, padding_value, like, index, op_name):
    if like.dtype is torch.bool and type(padding_value) in (int, float):  # TF's op input converts 0 to False
        padding_value = bool(padding_value)
    value = _scalar_input(padding_value, dtype_of(like), "padding_value", op_name, index)
    return torch.full(shape, value, dtype=like.dtype, device=like.device) if value \
        else torch.zeros(shape, dtype=like.dtype, device=like.device)


@export("matrix_diag_part", "linalg.diag_part")
def matrix_diag_part(input, name="diag_part", k=0, padding_value=0, align=None):
    """Diagonals ``k`` (an int or a (low, high) band) of each matrix, packed and padded."""
    x = convert(input)
    op_name = "MatrixDiagPartV2"
    _require_matrix(x, op_name)
    low, high = _diag_range(k, op_name)
    max_len, (di, pi, ri, ci) = _diag_indices(x.shape[-2], x.shape[-1], low, high, align, x.device, op_name)
    out = _fill(x.shape[:-2] + (high - low + 1, max_len), padding_value, x, 2, op_name)
    out[..., di, pi] = x[..., ri, ci]
    return wrap(out.squeeze(-2) if low == high else out)


def _diagonals(d, low, high, op_name):
    """``d`` as [..., num_diags, max_len] (one diagonal gains its num_diags dimension)."""
    if type(d) is np.ndarray or d.dim() < 1:
        raise invalid_argument(f"diagonal must be at least 1-dim, received shape: {shape_text(d.shape)}",
                               op_name)
    if low == high:
        return d.unsqueeze(-2)
    if d.dim() < 2 or d.shape[-2] != high - low + 1:
        raise invalid_argument("The number of diagonals provided in the input does not match the "
                               "lower_diag_index and upper_diag_index range.", op_name)
    return d


@export("matrix_diag", "linalg.diag")
def matrix_diag(diagonal, name="diag", k=0, num_rows=-1, num_cols=-1, padding_value=0, align=None):
    """Matrices with ``diagonal`` as diagonals ``k``, everything else ``padding_value``."""
    op_name = "MatrixDiagV2"
    low, high = _diag_range(k, op_name)
    d = _diagonals(convert(diagonal), low, high, op_name)
    max_len = d.shape[-1]
    min_rows, min_cols = max_len - min(high, 0), max_len + max(low, 0)
    rows = _scalar_input(num_rows, dtypes.int32, "num_rows", op_name)
    cols = _scalar_input(num_cols, dtypes.int32, "num_cols", op_name)
    if rows == -1 and cols == -1:
        rows = cols = max(min_rows, min_cols)
    rows = min_rows if rows == -1 else rows
    cols = min_cols if cols == -1 else cols
    if rows < min_rows:
        raise invalid_argument("The number of rows is too small.", op_name)
    if cols < min_cols:
        raise invalid_argument("The number of columns is too small.", op_name)
    if rows != min_rows and cols != min_cols:
        raise invalid_argument("The number of rows or columns is not consistent with the specified "
                               "d_lower, d_upper, and diagonal.", op_name)
    check_size([*d.shape[:-2], rows, cols], op_name, d.dtype)
    _, (di, pi, ri, ci) = _diag_indices(rows, cols, low, high, align, d.device, op_name)
    out = _fill(d.shape[:-2] + (rows, cols), padding_value, d, 4, op_name)
    out[..., ri, ci] = d[..., di, pi]
    return wrap(out)


@export("matrix_set_diag", "linalg.set_diag")
def matrix_set_diag(input, diagonal, name="set_diag", k=0, align=None):
    """``input`` with diagonals ``k`` replaced by ``diagonal``."""
    op_name = "MatrixSetDiagV2"
    x, d = matching((input, diagonal), op_name)
    _require_matrix(x, op_name)
    low, high = _diag_range(k, op_name)
    max_len, (di, pi, ri, ci) = _diag_indices(x.shape[-2], x.shape[-1], low, high, align, x.device, op_name)
    expected = x.shape[:-2] + ((max_len,) if low == high else (high - low + 1, max_len))
    if type(d) is np.ndarray or d.shape != expected:
        raise invalid_argument(
            "Either first dimensions of diagonal don't match input.shape[:-2], or diagonal.shape[:-1] is "
            "not equal to the longests diagonal in range [lower_diag_index:upper_diag_index].\nInput "
            f"shape: {shape_text(x.shape)}\nDiagonal shape: {shape_text(d.shape)}\nExpected diagonal shape: "
            f"{shape_text(expected)}", op_name)
    out = x.clone()
    out[..., ri, ci] = _diagonals(d, low, high, op_name)[..., di, pi]
    return wrap(out)
