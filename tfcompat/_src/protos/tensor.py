"""TF's ``TensorProto`` (tensorflow/core/framework/tensor.proto, TF 1.15), the message behind
tf.io.serialize_tensor / parse_tensor and tf.make_tensor_proto / make_ndarray.  Proto3: the repeated
numeric fields are packed, as TF declares them, so the bytes are TF's.  The resource-handle and variant
fields (14, 15) are not declared: tfcompat never writes them, and parsing keeps them as unknown fields."""

from . import ProtoFile
from .framework import TENSOR_SHAPE, TYPES

TENSOR = ProtoFile("tensorflow/core/framework/tensor.proto", "tensorflow", messages={
    "TensorProto": [
        ("dtype", 1, "DataType"), ("tensor_shape", 2, "TensorShapeProto"), ("version_number", 3, "int32"),
        ("tensor_content", 4, "bytes"), ("half_val", 13, "repeated int32"), ("float_val", 5, "repeated float"),
        ("double_val", 6, "repeated double"), ("int_val", 7, "repeated int32"), ("string_val", 8, "repeated bytes"),
        ("scomplex_val", 9, "repeated float"), ("int64_val", 10, "repeated int64"), ("bool_val", 11, "repeated bool"),
        ("dcomplex_val", 12, "repeated double"), ("uint32_val", 16, "repeated uint32"),
        ("uint64_val", 17, "repeated uint64"),
    ],
}, dependencies=(TYPES, TENSOR_SHAPE))
