"""tfcompat: TensorFlow 1.x eager programs, unchanged, on PyTorch.

``import tfcompat as tf`` gives the TF 1.x API; every public name below comes
from the registry in ``tfcompat._src.registry``.
"""

import sys as _sys

from ._src import registry as _registry
# Importing the implementation modules registers their TF names.
from ._src.framework import context as _context, dtypes as _dtypes, errors as _errors
from ._src.framework import tensor_shape as _tensor_shape, tensor as _tensor
from ._src.ops import (array_ops as _array_ops, linalg_ops as _linalg_ops, math_ops as _math_ops,
                       nn_ops as _nn_ops, random_ops as _random_ops, reduction_ops as _reduction_ops)
from ._src.ops import check_ops as _check_ops, string_ops as _string_ops
from ._src.ops import control_flow_ops as _control_flow_ops, init_ops as _init_ops
from ._src.framework import indexed_slices as _indexed_slices
from ._src.eager import backprop as _backprop, tape as _tape, variables as _variables
from ._src.eager import variable_scope as _variable_scope
from ._src.util import nest as _nest
from ._src import keras as _keras
from ._src.framework.tensor import from_torch, to_torch
from . import alias

__version__ = "0.1.0"

_registry.build_namespaces(_sys.modules[__name__])


def __getattr__(name):
    raise _registry.missing_attribute("", name)
