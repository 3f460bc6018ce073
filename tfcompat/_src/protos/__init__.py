"""TF's protocol buffer messages, declared once as data and built by the protobuf runtime.

tfcompat has no protoc step.  A ``ProtoFile`` lists a ``.proto`` file's messages
and enums with TF's field numbers; on first use the protobuf runtime builds real
message classes from it (binary and text format, ``ParseFromString``,
``text_format``), so no wire encoding is written by hand.  The classes live in a
descriptor pool of tfcompat's own: TensorBoard or a real TensorFlow registering
the same ``tensorflow.*`` names in the default pool cannot clash with them.

A field is ``(name, number, type)`` or ``(name, number, type, oneof_name)``; its
type is a scalar (``"int64"``, ``"bytes"`` ...), a message or enum of this file or a
dependency by its short name (``"TensorShapeProto"``, nested ones as
``"TensorShapeProto.Dim"``),
``"repeated <type>"`` or ``"map<key_type, value_type>"``.  Messages are declared
outer before nested: ``{"TensorShapeProto": [...], "TensorShapeProto.Dim": [...]}``.
Nothing is built, and protobuf is not imported, until a message is first used.
"""

import functools
import threading

_SCALAR_TYPES = ("double", "float", "int64", "uint64", "int32", "fixed64", "fixed32", "bool", "string",
                 "bytes", "uint32", "sfixed32", "sfixed64", "sint32", "sint64")


_BUILD_LOCK = threading.RLock()  # a file is added to the pool once, whichever thread uses it first


@functools.cache
def _pool():
    from google.protobuf import descriptor_pool
    return descriptor_pool.DescriptorPool()


class ProtoFile:
    """One ``.proto`` file: ``FILE.MessageName`` is its message class, ``FILE.EnumName`` its enum."""

    def __init__(self, name, package, messages, enums=None, dependencies=()):
        self.name = name
        self.package = package
        self._messages = messages
        self._enums = enums or {}
        self._dependencies = tuple(dependencies)
        self._built = None

    def __getattr__(self, attribute):
        if attribute.startswith("_"):
            raise AttributeError(attribute)
        built = self._build()
        if attribute not in built:
            raise AttributeError(f"{self.name} declares no message or enum {attribute!r}")
        return built[attribute]

    def declared_types(self):
        """``{name: (full name, is_enum)}`` of the messages and enums of this file and its dependencies."""
        types = {}
        for dependency in self._dependencies:
            types.update(dependency.declared_types())
        types.update({name: (f".{self.package}.{name}", False) for name in self._messages})
        types.update({name: (f".{self.package}.{name}", True) for name in self._enums})
        return types

    def _build(self):
        with _BUILD_LOCK:
            if self._built is None:
                self._built = self._build_classes()
        return self._built

    def _build_classes(self):
        from google.protobuf import message_factory
        for dependency in self._dependencies:
            dependency._build()
        file_descriptor = _pool().Add(self._file_proto())
        built = {name: message_factory.GetMessageClass(file_descriptor.message_types_by_name[name])
                 for name in self._messages if "." not in name}
        for name, enum in file_descriptor.enum_types_by_name.items():
            built[name] = _Enum(enum)
        return built

    def _file_proto(self):
        from google.protobuf import descriptor_pb2
        file_proto = descriptor_pb2.FileDescriptorProto(
            name=self.name, package=self.package, syntax="proto3",
            dependency=[dependency.name for dependency in self._dependencies])
        for name, values in self._enums.items():
            file_proto.enum_type.add(name=name).value.extend(
                descriptor_pb2.EnumValueDescriptorProto(name=value, number=number) for value, number in values)
        message_protos = {}
        for name, fields in self._messages.items():
            outer, _, inner = name.rpartition(".")
            container = message_protos[outer].nested_type if outer else file_proto.message_type
            message_protos[name] = message = container.add(name=inner)
            for spec in fields:
                self._add_field(message, name, *spec)
        return file_proto

    def _add_field(self, message, message_name, name, number, type_text, oneof=None):
        from google.protobuf import descriptor_pb2
        field_proto = descriptor_pb2.FieldDescriptorProto
        field = message.field.add(name=name, number=number, label=field_proto.LABEL_OPTIONAL)
        if type_text.startswith("repeated "):
            field.label = field_proto.LABEL_REPEATED
            type_text = type_text[len("repeated "):]
        if type_text.startswith("map<"):
            field.label = field_proto.LABEL_REPEATED
            type_text = self._add_map_entry(message, message_name, name, type_text)
        self._set_type(field, type_text)
        if oneof is not None:
            oneof_names = [declared.name for declared in message.oneof_decl]
            if oneof not in oneof_names:
                message.oneof_decl.add(name=oneof)
                oneof_names.append(oneof)
            field.oneof_index = oneof_names.index(oneof)

    def _add_map_entry(self, message, message_name, field_name, type_text):
        key_type, value_type = (part.strip() for part in type_text[len("map<"):-1].split(","))
        entry_name = "".join(part.capitalize() for part in field_name.split("_")) + "Entry"
        entry = message.nested_type.add(name=entry_name)
        entry.options.map_entry = True
        entry_full_name = f"{message_name}.{entry_name}"
        self._add_field(entry, entry_full_name, "key", 1, key_type)
        self._add_field(entry, entry_full_name, "value", 2, value_type)
        return f".{self.package}.{entry_full_name}"

    def _set_type(self, field, type_text):
        from google.protobuf import descriptor_pb2
        field_proto = descriptor_pb2.FieldDescriptorProto
        if type_text in _SCALAR_TYPES:
            field.type = getattr(field_proto, "TYPE_" + type_text.upper())
            return
        if type_text.startswith("."):  # a map field's entry message, by its full name
            field.type_name, field.type = type_text, field_proto.TYPE_MESSAGE
            return
        if type_text not in self.declared_types():
            raise ValueError(f"{self.name}: no message or enum {type_text!r} in this file or its dependencies")
        full_name, is_enum = self.declared_types()[type_text]
        field.type_name = full_name
        field.type = field_proto.TYPE_ENUM if is_enum else field_proto.TYPE_MESSAGE


class _Enum:
    """A built enum: ``DataType.DT_FLOAT`` is 1, ``DataType.Name(1)`` is ``"DT_FLOAT"``."""

    def __init__(self, descriptor):
        self.DESCRIPTOR = descriptor
        for value in descriptor.values:
            setattr(self, value.name, value.number)

    def Name(self, number):  # noqa: N802 -- the protobuf enum wrappers' spelling
        return self.DESCRIPTOR.values_by_number[number].name

    def Value(self, name):  # noqa: N802
        return self.DESCRIPTOR.values_by_name[name].number
