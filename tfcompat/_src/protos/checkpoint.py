"""TF's checkpoint protos: the tensor bundle's header and entries (the ``.index`` table of a V2
checkpoint), the object graph of object-based checkpoints, and the ``checkpoint`` state file's message.

Field numbers are TF 1.15's (tensorflow/core/protobuf/tensor_bundle.proto,
tensorflow/core/framework/{versions,tensor_slice}.proto,
tensorflow/core/protobuf/trackable_object_graph.proto,
tensorflow/python/training/checkpoint_state.proto).
"""

from . import ProtoFile
from .framework import TENSOR_SHAPE, TYPES

VERSIONS = ProtoFile("tensorflow/core/framework/versions.proto", "tensorflow", messages={
    "VersionDef": [("producer", 1, "int32"), ("min_consumer", 2, "int32"), ("bad_consumers", 3, "repeated int32")],
})

TENSOR_SLICE = ProtoFile("tensorflow/core/framework/tensor_slice.proto", "tensorflow", messages={
    "TensorSliceProto": [("extent", 1, "repeated TensorSliceProto.Extent")],
    "TensorSliceProto.Extent": [("start", 1, "int64"), ("length", 2, "int64", "has_length")],
})

# BundleHeaderProto.Endianness is nested in TF's file; the enum's values are what the wire carries.
TENSOR_BUNDLE = ProtoFile("tensorflow/core/protobuf/tensor_bundle.proto", "tensorflow", messages={
    "BundleHeaderProto": [("num_shards", 1, "int32"), ("endianness", 2, "Endianness"), ("version", 3, "VersionDef")],
    "BundleEntryProto": [("dtype", 1, "DataType"), ("shape", 2, "TensorShapeProto"), ("shard_id", 3, "int32"),
                         ("offset", 4, "int64"), ("size", 5, "int64"), ("crc32c", 6, "fixed32"),
                         ("slices", 7, "repeated TensorSliceProto")],
}, enums={"Endianness": (("LITTLE", 0), ("BIG", 1))}, dependencies=(TYPES, TENSOR_SHAPE, TENSOR_SLICE, VERSIONS))

TRACKABLE_OBJECT_GRAPH = ProtoFile("tensorflow/core/protobuf/trackable_object_graph.proto", "tensorflow", messages={
    "TrackableObjectGraph": [("nodes", 1, "repeated TrackableObjectGraph.TrackableObject")],
    "TrackableObjectGraph.TrackableObject": [
        ("children", 1, "repeated TrackableObjectGraph.TrackableObject.ObjectReference"),
        ("attributes", 2, "repeated TrackableObjectGraph.TrackableObject.SerializedTensor"),
        ("slot_variables", 3, "repeated TrackableObjectGraph.TrackableObject.SlotVariableReference")],
    "TrackableObjectGraph.TrackableObject.ObjectReference": [("node_id", 1, "int32"), ("local_name", 2, "string")],
    "TrackableObjectGraph.TrackableObject.SerializedTensor": [
        ("name", 1, "string"), ("full_name", 2, "string"), ("checkpoint_key", 3, "string"),
        ("optional_restore", 4, "bool")],
    "TrackableObjectGraph.TrackableObject.SlotVariableReference": [
        ("original_variable_node_id", 1, "int32"), ("slot_name", 2, "string"), ("slot_variable_node_id", 3, "int32")],
})

CHECKPOINT_STATE = ProtoFile("tensorflow/python/training/checkpoint_state.proto", "tensorflow", messages={
    "CheckpointState": [("model_checkpoint_path", 1, "string"), ("all_model_checkpoint_paths", 2, "repeated string"),
                        ("all_model_checkpoint_timestamps", 3, "repeated double"),
                        ("last_preserved_timestamp", 4, "double")],
})
