"""The protobuf declarations of ``_src/protos``: real messages with TF's field numbers, built lazily."""

import subprocess
import sys

import pytest

from tfcompat._src.protos import ProtoFile
from tfcompat._src.protos.framework import TENSOR_SHAPE, TYPES

FEATURE = ProtoFile("test/feature.proto", "tfcompat_test", messages={
    "FloatList": [("value", 1, "repeated float")],
    "Int64List": [("value", 1, "repeated int64")],
    "Feature": [("float_list", 2, "FloatList", "kind"), ("int64_list", 3, "Int64List", "kind")],
    "Features": [("feature", 1, "map<string, Feature>")],
    "Outer": [("inner", 1, "Outer.Inner")],
    "Outer.Inner": [("counts", 1, "map<string, int64>"), ("dtype", 2, "DataType"),
                    ("shape", 3, "TensorShapeProto")],
}, dependencies=(TYPES, TENSOR_SHAPE))


def test_wire_bytes_are_protobufs():
    shape = TENSOR_SHAPE.TensorShapeProto(dim=[TENSOR_SHAPE.TensorShapeProto.Dim(size=3, name="n")])
    assert shape.SerializeToString() == b"\x12\x05\x08\x03\x12\x01n"
    features = FEATURE.Features()
    features.feature["a"].float_list.value.extend([1.5, 2.0])
    # Field 1 map entry {key "a", value Feature{float_list (2) packed floats}}.
    assert features.SerializeToString().hex() == "0a110a0161120c120a0a080000c03f00000040"
    assert FEATURE.Features.FromString(features.SerializeToString()) == features


def test_oneof_map_nested_and_enum_fields():
    feature = FEATURE.Feature(int64_list=FEATURE.Int64List(value=[1, 2]))
    assert feature.WhichOneof("kind") == "int64_list"
    feature.float_list.value.append(1.0)
    assert feature.WhichOneof("kind") == "float_list"
    outer = FEATURE.Outer()
    outer.inner.counts["x"] = 4
    outer.inner.dtype = TYPES.DataType.DT_DOUBLE
    outer.inner.shape.dim.add(size=2)
    assert FEATURE.Outer.FromString(outer.SerializeToString()) == outer
    assert TYPES.DataType.Name(2) == "DT_DOUBLE" and TYPES.DataType.Value("DT_FLOAT_REF") == 101


def test_text_format_round_trip():
    from google.protobuf import text_format
    shape = text_format.Parse('dim { size: 7 } dim { size: -1 }', TENSOR_SHAPE.TensorShapeProto())
    assert [dim.size for dim in shape.dim] == [7, -1]


def test_unknown_name_raises_attribute_error():
    with pytest.raises(AttributeError, match="declares no message or enum 'Nope'"):
        FEATURE.Nope


def test_declarations_match_tensorboards_compiled_tf_protos():
    pytest.importorskip("tensorboard")
    from google.protobuf import descriptor_pb2
    from tensorboard.compat.proto import tensor_shape_pb2, types_pb2

    def as_proto(descriptor):
        proto = descriptor_pb2.DescriptorProto()
        descriptor.CopyToProto(proto)
        return [(f.name, f.number, f.label, f.type) for f in proto.field]

    ours, theirs = TENSOR_SHAPE.TensorShapeProto.DESCRIPTOR, tensor_shape_pb2.TensorShapeProto.DESCRIPTOR
    assert as_proto(ours) == as_proto(theirs)
    assert as_proto(ours.nested_types_by_name["Dim"]) == as_proto(theirs.nested_types_by_name["Dim"])
    theirs_types = {value.name: value.number for value in types_pb2.DataType.DESCRIPTOR.values}
    for value in TYPES.DataType.DESCRIPTOR.values:
        assert theirs_types[value.name] == value.number


def test_import_tfcompat_does_not_import_protobuf():
    code = "import sys, tfcompat; print('google.protobuf' in sys.modules)"
    assert subprocess.check_output([sys.executable, "-c", code], text=True).strip() == "False"
