"""tfcompat: TensorFlow 1.x eager programs, unchanged, on PyTorch.

``import tfcompat as tf`` gives the TF 1.x API; every public name below comes
from the registry in ``tfcompat._src.registry``.  Importing an implementation
module registers its TF names, so every module under ``_src`` is imported here,
found by a sorted walk: a new module's names cannot go unregistered because
nobody listed it.  Only ``_src.tools`` (the command line's tools, which register
nothing; ``tfcompat.cli`` imports them) is left out.

``tfcompat.__version__`` is the TF version tfcompat emulates (TF programs
compare it); tfcompat's own version is ``tfcompat.__tfcompat_version__``.
"""

import importlib as _importlib
import pkgutil as _pkgutil
import sys as _sys

from . import _version
from ._src import registry as _registry

__tfcompat_version__ = _version.__version__

# Packages under _src that register no TF names and are not imported with tfcompat.
_NOT_IMPLEMENTATIONS = frozenset({"tfcompat._src.tools"})


def _import_implementations(package):
    for module in _pkgutil.iter_modules(package.__path__, package.__name__ + "."):
        if module.name not in _NOT_IMPLEMENTATIONS:
            imported = _importlib.import_module(module.name)
            if module.ispkg:
                _import_implementations(imported)


_import_implementations(_importlib.import_module("._src", __name__))

from ._src.framework.tensor import from_torch as from_torch, to_torch as to_torch  # noqa: E402
from ._src.keras.torch_interop import TorchModuleLayer as TorchModuleLayer, as_torch_module as as_torch_module  # noqa: E402,E501
from ._src.framework import versions as _versions  # noqa: E402
from . import alias as alias  # noqa: E402

__version__ = _versions.VERSION

_registry.build_namespaces(_sys.modules[__name__])


def __getattr__(name):
    return _registry.lazy_attribute(_sys.modules[__name__], "", name)
