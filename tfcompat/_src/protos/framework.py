"""TF's framework protos that other protos build on: ``DataType`` and ``TensorShapeProto``."""

from . import ProtoFile

_DATA_TYPES = (
    ("DT_INVALID", 0), ("DT_FLOAT", 1), ("DT_DOUBLE", 2), ("DT_INT32", 3), ("DT_UINT8", 4), ("DT_INT16", 5),
    ("DT_INT8", 6), ("DT_STRING", 7), ("DT_COMPLEX64", 8), ("DT_INT64", 9), ("DT_BOOL", 10), ("DT_QINT8", 11),
    ("DT_QUINT8", 12), ("DT_QINT32", 13), ("DT_BFLOAT16", 14), ("DT_QINT16", 15), ("DT_QUINT16", 16),
    ("DT_UINT16", 17), ("DT_COMPLEX128", 18), ("DT_HALF", 19), ("DT_RESOURCE", 20), ("DT_VARIANT", 21),
    ("DT_UINT32", 22), ("DT_UINT64", 23),
)

# tensorflow/core/framework/types.proto (TF 1.15): each type has a reference type 100 above it.
TYPES = ProtoFile("tensorflow/core/framework/types.proto", "tensorflow", messages={}, enums={
    "DataType": _DATA_TYPES + tuple((name + "_REF", number + 100) for name, number in _DATA_TYPES[1:]),
})

# tensorflow/core/framework/tensor_shape.proto
TENSOR_SHAPE = ProtoFile("tensorflow/core/framework/tensor_shape.proto", "tensorflow", messages={
    "TensorShapeProto": [("dim", 2, "repeated TensorShapeProto.Dim"), ("unknown_rank", 3, "bool")],
    "TensorShapeProto.Dim": [("size", 1, "int64"), ("name", 2, "string")],
})
