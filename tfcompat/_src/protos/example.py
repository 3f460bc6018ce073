"""TF's Example protos (tensorflow/core/example/feature.proto and example.proto, TF 1.15), as
tf.train.Example, SequenceExample, Features, Feature, FeatureList(s), BytesList, FloatList, Int64List.

The classes are real protobuf messages with TF's field numbers (proto3: the float and int64 lists
are packed, as TF declares them), so their bytes are TF's.  They are built, and protobuf
imported, on first use of a tf.train name (``export_lazy``).
"""

from ..registry import export_lazy
from . import ProtoFile

FEATURE = ProtoFile("tensorflow/core/example/feature.proto", "tensorflow", messages={
    "BytesList": [("value", 1, "repeated bytes")],
    "FloatList": [("value", 1, "repeated float")],
    "Int64List": [("value", 1, "repeated int64")],
    "Feature": [("bytes_list", 1, "BytesList", "kind"), ("float_list", 2, "FloatList", "kind"),
                ("int64_list", 3, "Int64List", "kind")],
    "Features": [("feature", 1, "map<string, Feature>")],
    "FeatureList": [("feature", 1, "repeated Feature")],
    "FeatureLists": [("feature_list", 1, "map<string, FeatureList>")],
})

EXAMPLE = ProtoFile("tensorflow/core/example/example.proto", "tensorflow", messages={
    "Example": [("features", 1, "Features")],
    "SequenceExample": [("context", 1, "Features"), ("feature_lists", 2, "FeatureLists")],
}, dependencies=(FEATURE,))

_FEATURE_NAMES = ("BytesList", "FloatList", "Int64List", "Feature", "Features", "FeatureList", "FeatureLists")
_EXAMPLE_NAMES = ("Example", "SequenceExample")


def _load():
    objects = {f"train.{name}": getattr(FEATURE, name) for name in _FEATURE_NAMES}
    objects.update({f"train.{name}": getattr(EXAMPLE, name) for name in _EXAMPLE_NAMES})
    return objects


export_lazy([f"train.{name}" for name in _FEATURE_NAMES + _EXAMPLE_NAMES], _load)
