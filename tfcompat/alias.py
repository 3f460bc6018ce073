"""The ``tensorflow`` import alias: ``import tensorflow as tf`` gives tfcompat.

``install()`` puts a finder at the front of ``sys.meta_path`` that answers
every ``tensorflow`` / ``tensorflow.<path>`` import with the tfcompat module
object registered as ``tfcompat.<path>`` -- the same objects, so
``tf.contrib.eager is tfe`` holds however the program imported them.  Legacy
paths that TF 1.x programs spell out are mapped too
(``tensorflow.contrib.eager.python.tfe`` is ``tfcompat.contrib.eager``).

A real TensorFlow is never shadowed behind the user's back: when one is
importable, ``install()`` raises ``RealTensorFlowError`` unless called with
``force=True``.  ``uninstall()`` removes the finder and every
``tensorflow*`` entry of ``sys.modules`` the alias created (restoring a real
TensorFlow that ``install(force=True)`` had set aside).
"""

import importlib.abc
import importlib.machinery
import sys
import types

from ._src.registry import naming_missing_tf_name, not_provided_message

__all__ = ["install", "uninstall", "installed", "RealTensorFlowError"]

_ROOT = "tensorflow"
_PREFIX = _ROOT + "."
_OWN_PREFIX = "tfcompat."
_PACKAGE = __name__.rpartition(".")[0]  # tfcompat

# Module paths TF 1.x programs import that are not public TF namespaces.
# Value: the tfcompat module path it is (a string), or, for a package that
# only exists to hold one, {child: tfcompat module path or another legacy path}.
_LEGACY = {
    "contrib.eager.python": {"tfe": "contrib.eager"},
    "contrib.eager.python.tfe": "contrib.eager",
    "contrib.cudnn_rnn.python": {"layers": "contrib.cudnn_rnn.python.layers"},
    "contrib.cudnn_rnn.python.layers": {"cudnn_rnn": "contrib.cudnn_rnn"},
    "contrib.cudnn_rnn.python.layers.cudnn_rnn": "contrib.cudnn_rnn",
    # TF 1.x's MNIST tutorial reader (a tfcompat module of its own: "tfcompat." paths are imported as they are).
    "examples": {},
    "examples.tutorials": {},
    "examples.tutorials.mnist": {"input_data": "tfcompat._src.data.mnist_input_data"},
    "examples.tutorials.mnist.input_data": "tfcompat._src.data.mnist_input_data",
}

# tfcompat's own (non-TF) modules, never served as tensorflow.<name>.
_NOT_TF = frozenset({"alias", "cli", "__main__"})

# Module attributes the import system overwrites on a module it "loads"; the
# loader puts tfcompat's own values back so tfcompat's modules are unchanged.
_IMPORT_ATTRS = ("__spec__", "__loader__", "__package__")


def _tfcompat():
    """The tfcompat package, looked up when needed: tfcompat imports this module while it is
    being built, so this module does not import tfcompat back."""
    return sys.modules[_PACKAGE]


class RealTensorFlowError(RuntimeError):
    """A real TensorFlow is importable and install() was not forced."""


def _resolve(tf_path):
    """The tfcompat module serving ``tensorflow.<tf_path>``, or None."""
    parts = tf_path.split(".")
    if tf_path in _NOT_TF or any(part.startswith("_") for part in parts):
        return None
    module = sys.modules.get(f"tfcompat.{tf_path}")
    if isinstance(module, types.ModuleType):
        return module
    module = _tfcompat()
    for part in parts:
        module = module.__dict__.get(part)
        if not isinstance(module, types.ModuleType):
            return None
    return module


def _legacy_target(target):
    """A legacy table entry's module: a tfcompat namespace path, or a "tfcompat." module imported as is."""
    if target.startswith(_OWN_PREFIX):
        return importlib.import_module(target)
    return _resolve(target)


def _missing(fullname):
    """The error for ``import tensorflow.<path>`` when tfcompat has no such module."""
    tf_path = fullname[len(_PREFIX):]
    message = not_provided_message(tf_path)
    if message is not None:
        # A TF name tfcompat lacks: say so, also for ``from tensorflow import name``
        # (name=None keeps the import system from replacing this message).
        return naming_missing_tf_name(ModuleNotFoundError(message, name=None), tf_path)
    return ModuleNotFoundError(f"No module named '{fullname}'", name=fullname)


def _refuse_missing_tf_name(fullname, path):
    """``from tensorflow.contrib import layers`` imports ``tfcompat.contrib.layers`` once
    ``tfcompat.contrib`` has no ``layers``: raise the not-supported error for that TF name,
    unless a real tfcompat module of that name exists."""
    tf_path = fullname[len(_OWN_PREFIX):]
    message = not_provided_message(tf_path)
    if message is None or importlib.machinery.PathFinder.find_spec(fullname, path) is not None:
        return None
    raise naming_missing_tf_name(ModuleNotFoundError(message, name=None), tf_path)


class _AliasFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finder and loader for ``tensorflow`` and ``tensorflow.*``."""

    def __init__(self):
        self.loaded = {}        # sys.modules name -> module object handed out
        self.added_paths = []   # tfcompat modules given a __path__ so that they are packages
        self.set_aside = {}     # real tensorflow* modules moved out of sys.modules by force
        self._saved = {}        # module id -> its import attributes while it is being loaded
        self._legacy = {}       # legacy package modules, made once per installation

    # -- finder -----------------------------------------------------------
    def find_spec(self, fullname, path=None, target=None):
        if fullname.startswith(_OWN_PREFIX):
            return _refuse_missing_tf_name(fullname, path)
        if fullname != _ROOT and not fullname.startswith(_PREFIX):
            return None
        module = self._target(fullname)
        if module is None:
            raise _missing(fullname)
        return importlib.machinery.ModuleSpec(fullname, self, is_package=True)

    def _target(self, fullname):
        if fullname == _ROOT:
            return _tfcompat()
        tf_path = fullname[len(_PREFIX):]
        legacy = _LEGACY.get(tf_path)
        if legacy is None:
            return _resolve(tf_path)
        if isinstance(legacy, str):
            return _legacy_target(legacy)
        if tf_path not in self._legacy:
            package = types.ModuleType(fullname, f"TF 1.x's {fullname} package (tfcompat alias).")
            package.__path__ = []
            for child, target in legacy.items():
                setattr(package, child, self._target(_PREFIX + target) if target in _LEGACY else _legacy_target(target))
            self._legacy[tf_path] = package
        return self._legacy[tf_path]

    # -- loader -----------------------------------------------------------
    def create_module(self, spec):
        module = self._target(spec.name)
        self._saved[id(module)] = {name: module.__dict__[name] for name in _IMPORT_ATTRS
                                   if name in module.__dict__}
        if "__path__" not in module.__dict__:
            # The import system only looks for tensorflow.a.b inside a package.
            module.__path__ = []
            self.added_paths.append(module)
        return module

    def exec_module(self, module):
        name = module.__spec__.name  # the import system just set our spec
        saved = self._saved.pop(id(module), {})
        for attr in _IMPORT_ATTRS:
            if attr in saved:
                setattr(module, attr, saved[attr])
            else:
                module.__dict__.pop(attr, None)
        self.loaded[name] = module


_finder = None


def installed():
    """True when the alias is active."""
    return _finder is not None and _finder in sys.meta_path


def real_tensorflow_spec():
    """The spec of an importable TensorFlow that is not this alias, or None."""
    module = sys.modules.get(_ROOT)
    if module is not None and module is not _tfcompat():
        return getattr(module, "__spec__", None) or importlib.machinery.ModuleSpec(_ROOT, None)
    for finder in sys.meta_path:
        if isinstance(finder, _AliasFinder) or not hasattr(finder, "find_spec"):
            continue
        spec = finder.find_spec(_ROOT, None)
        if spec is not None and spec.origin is not None:  # (a bare "tensorflow" folder is no TensorFlow)
            return spec
    return None


def install(force=False):
    """Make ``import tensorflow`` (and ``tensorflow.*``) import tfcompat.

    Idempotent.  Raises ``RealTensorFlowError`` when a real TensorFlow is
    importable, unless ``force=True`` -- then the alias shadows it (and any
    of its modules already imported are set aside until ``uninstall()``).
    """
    global _finder
    if installed():
        return
    real = real_tensorflow_spec()
    if real is not None and not force:
        raise RealTensorFlowError(
            f"a real TensorFlow is importable ({real.origin}); tfcompat will not shadow it. "
            "Use tfcompat.alias.install(force=True) (`tfcompat run --force-alias`) to run on tfcompat anyway.")
    uninstall()  # a finder someone took off sys.meta_path: clean up after it first
    finder = _AliasFinder()
    for name in [name for name in sys.modules if name == _ROOT or name.startswith(_PREFIX)]:
        finder.set_aside[name] = sys.modules.pop(name)
    sys.meta_path.insert(0, finder)
    _finder = finder


def uninstall():
    """Remove the alias and the ``tensorflow*`` modules it put in ``sys.modules``."""
    global _finder
    finder, _finder = _finder, None
    if finder is None:
        return
    if finder in sys.meta_path:
        sys.meta_path.remove(finder)
    handed_out = {id(module) for module in finder.loaded.values()}
    for name in [name for name in sys.modules if name == _ROOT or name.startswith(_PREFIX)]:
        if id(sys.modules[name]) in handed_out:
            del sys.modules[name]
    for module in finder.added_paths:
        module.__dict__.pop("__path__", None)
    # Importing tensorflow.contrib.eager.python.tfe attached the legacy package to tfcompat.contrib.eager.
    legacy = {id(package) for package in finder._legacy.values()}
    for module in finder.loaded.values():
        for attr, value in list(module.__dict__.items()):
            if id(value) in legacy:
                delattr(module, attr)
    sys.modules.update(finder.set_aside)
