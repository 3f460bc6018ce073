"""The one home of TF's kernel dtype lists (tfcompat/_src/framework/kernel_dtypes.py)."""

import numpy as np
import pytest
import torch

import tfcompat as tf
from tfcompat._src.framework import kernel_dtypes

# Types TF's kernels list that have no torch twin (they admit nothing here).
_NO_TWIN = {"qint8", "quint8", "qint16", "quint16", "qint32", "variant"}
_LISTS = {name: value for name, value in vars(kernel_dtypes).items() if name.isupper() and isinstance(value, str)}


@pytest.mark.parametrize("name", sorted(_LISTS))
def test_every_list_names_real_tf_types_once(name):
    names = _LISTS[name].split(", ")
    assert len(names) == len(set(names)), f"{name} repeats a type"
    for type_name in names:  # a misspelt type would silently admit nothing
        assert type_name in _NO_TWIN or kernel_dtypes.dtypes_in(type_name), f"{name}: unknown type {type_name!r}"


def test_allowed_pairs_a_list_with_the_backing_dtypes_it_admits():
    text, kinds = kernel_dtypes.allowed(kernel_dtypes.ADD)
    assert text == kernel_dtypes.ADD
    assert torch.float16 in kinds and torch.int32 in kinds and np.dtype(object) in kinds
    assert torch.bool not in kinds and torch.uint16 not in kinds
    assert kernel_dtypes.dtypes_in(kernel_dtypes.SUM) >= {torch.float32, torch.complex128, torch.uint64}
    assert kernel_dtypes.FLOATING == {torch.float16, torch.bfloat16, torch.float32, torch.float64}
    assert kernel_dtypes.INDEX_DTYPES == {torch.int32, torch.int64}


def test_index_lists_are_named_for_their_kernels():
    # TopKV2's index_type and GatherV2's Tindices take int16; axis inputs (Tidx) do not.
    assert torch.int16 in kernel_dtypes.dtypes_in(kernel_dtypes.TOP_K_INDEX_OUTPUT)
    assert torch.int16 in kernel_dtypes.dtypes_in(kernel_dtypes.GATHER_INDICES)
    assert torch.int16 not in kernel_dtypes.INDEX_DTYPES
    assert tf.nn.top_k(tf.constant([3.0, 1.0]), index_type=tf.int16).indices.dtype == tf.int16
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"Value for attr 'Tidx' of int16 is not in the list of allowed values: int32, int64"):
        tf.reduce_sum(tf.constant([1.0]), axis=tf.constant(0, tf.int16))


def test_type_error_words_the_kernel_list():
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"Value for attr 'T' of int32 is not in the list of allowed values: "
                             r"bfloat16, half, float, double, complex64, complex128 \[Op:Sqrt\]"):
        tf.sqrt(tf.constant(4))
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"cannot compute LogicalAnd as input #0"):
        tf.logical_and(tf.constant(1), tf.constant(True))
