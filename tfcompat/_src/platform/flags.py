"""tf.flags and tf.app.flags: absl-py's flags, as TF 1.x re-exported them.

TF 1.x's flags module was ``absl.flags`` with two changes, both kept here:
DEFINE_string/boolean/bool/float/integer also accept the gflags-era keyword
names (``flag_name``, ``default_value``, ``docstring``), and ``FLAGS`` parses
``sys.argv`` on the first read of a flag value where absl's raises
``UnparsedFlagAccessError``.  The classes, exceptions and helpers are absl's
own objects, so ``except tf.flags.Error`` catches what absl raises; the
DEFINE functions are absl's behind a wrapper that first defines absl.logging's
flags (see ``_define_logging_flags``).

absl.flags (with xml.dom.minidom, tens of milliseconds) is imported on the
first use of a tf.flags name: the names are registered with ``export_lazy``,
and ``_load`` builds their objects then.
"""

import functools
import logging
import sys

from ..registry import export_lazy

_NAMESPACES = ("flags", "app.flags")

# absl.flags names TF 1.x re-exported unchanged.
_ABSL_NAMES = (
    "ArgumentParser", "ArgumentSerializer", "BaseListParser", "BooleanFlag", "BooleanParser",
    "CantOpenFlagFileError", "CsvListSerializer", "DuplicateFlagError", "EnumClassFlag",
    "EnumClassListSerializer", "EnumClassParser", "EnumClassSerializer", "EnumFlag", "EnumParser", "Error",
    "Flag", "FlagHolder", "FlagNameConflictsWithMethodError", "FlagValues", "FloatParser",
    "IllegalFlagValueError", "IntegerParser", "ListParser", "ListSerializer", "MultiEnumClassFlag",
    "MultiFlag", "UnparsedFlagAccessError", "UnrecognizedFlagError", "ValidationError",
    "WhitespaceSeparatedListParser", "adopt_module_key_flags", "declare_key_flag", "disclaim_key_flags",
    "doc_to_help", "flag_dict_to_args", "get_help_width", "mark_bool_flags_as_mutual_exclusive",
    "mark_flag_as_required", "mark_flags_as_mutual_exclusive", "mark_flags_as_required",
    "multi_flags_validator", "override_value", "register_multi_flags_validator", "register_validator",
    "set_default", "text_wrap", "validator",
)
# absl.flags' define functions; TF 1.x wrapped the first four to take the gflags-era keyword names.
_RENAMING_DEFINES = ("DEFINE_string", "DEFINE_boolean", "DEFINE_float", "DEFINE_integer")
_DEFINES = _RENAMING_DEFINES + (
    "DEFINE", "DEFINE_alias", "DEFINE_enum", "DEFINE_enum_class", "DEFINE_flag", "DEFINE_list", "DEFINE_multi",
    "DEFINE_multi_enum", "DEFINE_multi_enum_class", "DEFINE_multi_float", "DEFINE_multi_integer",
    "DEFINE_multi_string", "DEFINE_spaceseplist")

_RENAMED_ARGUMENTS = {"flag_name": "name", "default_value": "default", "docstring": "help"}

_logging_flags_defined = False


def _define_logging_flags():
    """Import absl.logging, which defines --verbosity, --log_dir ... on FLAGS, as importing TF 1.15 did.

    Done before the program's first flag definition or parse (not with tfcompat, to keep its import
    fast), so that a program defining one of these names fails at that definition, as under TF 1.15,
    rather than later inside tf.app.run.
    """
    global _logging_flags_defined
    if not _logging_flags_defined:
        import absl.logging  # noqa: F401 - importing it defines the flags

        _logging_flags_defined = True


def _define_function(define, renames):
    """``define`` (an absl DEFINE function), after absl's logging flags, optionally taking the old keyword names."""

    @functools.wraps(define)
    def wrapper(*args, **kwargs):
        if renames:
            old_names = [name for name in _RENAMED_ARGUMENTS if name in kwargs]
            for old_name in old_names:
                kwargs[_RENAMED_ARGUMENTS[old_name]] = kwargs.pop(old_name)
            if old_names:
                logging.warning("Use of the keyword argument names (flag_name, default_value, docstring) "
                                "is deprecated, please use (name, default, help) instead.")
        _define_logging_flags()
        return define(*args, **kwargs)

    return wrapper


class _FlagValuesWrapper:
    """TF 1.x's ``FLAGS``: absl's FlagValues, parsing ``sys.argv`` when a value is read before any parse."""

    def __init__(self, flag_values):
        self.__dict__["_wrapped"] = flag_values

    def __getattribute__(self, name):
        if name == "__dict__":
            return super().__getattribute__(name)
        return self.__dict__["_wrapped"].__getattribute__(name)

    def __getattr__(self, name):
        wrapped = self.__dict__["_wrapped"]
        if name.startswith("_"):  # Python's and inspect's own lookups (__signature__, _partialmethod)
            raise AttributeError(name)  # read no flag, so they parse nothing
        if not wrapped.is_parsed():
            _define_logging_flags()
            wrapped(sys.argv)
        return wrapped.__getattr__(name)

    def __setattr__(self, name, value):
        self.__dict__["_wrapped"].__setattr__(name, value)

    def __delattr__(self, name):
        self.__dict__["_wrapped"].__delattr__(name)

    def __dir__(self):
        return self.__dict__["_wrapped"].__dir__()

    def __getitem__(self, name):
        return self.__dict__["_wrapped"][name]

    def __setitem__(self, name, flag):
        self.__dict__["_wrapped"][name] = flag

    def __contains__(self, name):
        return name in self.__dict__["_wrapped"]

    def __len__(self):
        return len(self.__dict__["_wrapped"])

    def __iter__(self):
        return iter(self.__dict__["_wrapped"])

    def __str__(self):
        return str(self.__dict__["_wrapped"])

    def __call__(self, *args, **kwargs):
        _define_logging_flags()
        return self.__dict__["_wrapped"](*args, **kwargs)


def _load():
    """The objects of every tf.flags / tf.app.flags name, importing absl.flags."""
    from absl import flags as absl_flags

    # The wrappers define flags on the caller's behalf: absl must credit the
    # caller's module with them (key flags, --helpshort), not this one.
    absl_flags.disclaim_key_flags()
    objects = {name: getattr(absl_flags, name) for name in _ABSL_NAMES}
    objects.update((name, _define_function(getattr(absl_flags, name), name in _RENAMING_DEFINES)) for name in _DEFINES)
    objects["DEFINE_bool"] = objects["DEFINE_boolean"]
    objects["FLAGS"] = _FlagValuesWrapper(absl_flags.FLAGS)
    return {f"{namespace}.{name}": obj for namespace in _NAMESPACES for name, obj in objects.items()}


export_lazy([f"{namespace}.{name}" for namespace in _NAMESPACES
             for name in _ABSL_NAMES + _DEFINES + ("DEFINE_bool", "FLAGS")], _load)
