"""Keras's object (de)serialization by name: the one lookup that initializers, activations,
regularizers, constraints and layers share (TF's generic_utils.deserialize_keras_object)."""

import contextlib
import inspect

_custom_objects = {}


@contextlib.contextmanager
def custom_objects_added(*objects):
    """``_custom_objects`` with ``objects``' names added, restored afterwards (CustomObjectScope)."""
    backup = dict(_custom_objects)
    for table in objects:
        _custom_objects.update(table or {})
    try:
        yield
    finally:
        _custom_objects.clear()
        _custom_objects.update(backup)


def serialize_keras_object(instance):
    if instance is None:
        return None
    if hasattr(instance, "get_config"):
        return {"class_name": type(instance).__name__, "config": instance.get_config()}
    if hasattr(instance, "__name__"):
        return instance.__name__
    raise ValueError("Cannot serialize", instance)


def deserialize_keras_object(identifier, module_objects, custom_objects=None,
                             printable_module_name="object"):
    """The object a name or a ``{'class_name', 'config'}`` dict stands for (classes instantiated from
    the config; a named function returned as it is, called with the config when one is given)."""
    custom_objects = custom_objects or {}
    if isinstance(identifier, dict):
        if "class_name" not in identifier or "config" not in identifier:
            raise ValueError("Improper config format: " + str(identifier))
        class_name, config = identifier["class_name"], identifier["config"]
        cls = _lookup(class_name, module_objects, custom_objects, printable_module_name)
        if not hasattr(cls, "from_config"):
            return cls(**config)
        if _takes_custom_objects(cls.from_config):
            return cls.from_config(config, custom_objects={**_custom_objects, **custom_objects})
        with custom_objects_added(custom_objects):
            return cls.from_config(config)
    if isinstance(identifier, str):
        obj = _lookup(identifier, module_objects, custom_objects, printable_module_name)
        return obj() if isinstance(obj, type) else obj
    raise ValueError("Could not interpret serialized " + printable_module_name + ": " + str(identifier))


def _takes_custom_objects(from_config):
    try:
        return "custom_objects" in inspect.signature(from_config).parameters
    except (TypeError, ValueError):
        return False


def _lookup(name, module_objects, custom_objects, printable_module_name):
    for table in (custom_objects, _custom_objects, module_objects):
        if name in table:
            return table[name]
    raise ValueError("Unknown " + printable_module_name + ": " + name)


def get_from_identifier(identifier, deserialize, kind, tuple_error=False):
    """TF 1.x Keras's ``get`` of initializers, regularizers and constraints: None -> None; a config dict
    or a class name -> ``deserialize``d; a callable as it is.  TF's regularizers raised their error with
    the identifier as a second argument (``tuple_error``), the others with one message."""
    if identifier is None:
        return None
    if isinstance(identifier, dict):
        return deserialize(identifier)
    if isinstance(identifier, str):
        return deserialize({"class_name": identifier, "config": {}})
    if callable(identifier):
        return identifier
    message = f"Could not interpret {kind} identifier:"
    raise ValueError(message, identifier) if tuple_error else ValueError(f"{message} {identifier}")
