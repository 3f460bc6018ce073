"""tf.train's global step: an int64 scalar variable named ``global_step:0``, one per default graph.

TF 1.x eager keeps it in the default graph's GLOBAL_STEP collection (the one collection eager
variables join), so ``tf.reset_default_graph()`` forgets it; here it lives with the variable-scope
store that ``reset_default_graph`` replaces.
"""

import torch

from ..eager.variable_scope import _store
from ..eager.variables import Variable
from ..framework.tensor import Tensor, wrap
from ..registry import PARTIAL, export

_GRAPH_NOTE = "Eager execution has one default graph: a `graph` argument is accepted and ignored."


@export("train.get_global_step", status=PARTIAL, note=_GRAPH_NOTE)
def get_global_step(graph=None):
    """The global step variable, or None when there is none."""
    step = _store().global_step
    if step is not None:
        assert_global_step(step)
    return step


@export("train.create_global_step", status=PARTIAL, note=_GRAPH_NOTE)
def create_global_step(graph=None):
    """Create the global step: int64, 0, not trainable, ``global_step:0``, on the CPU as in TF."""
    if get_global_step(graph) is not None:
        raise ValueError('"global_step" already exists.')
    step = Variable(wrap(torch.zeros((), dtype=torch.int64)), trainable=False, name="global_step")
    step._name = "global_step:0"  # TF's get_variable ignores name scopes
    _store().global_step = step
    return step


@export("train.get_or_create_global_step", status=PARTIAL, note=_GRAPH_NOTE)
def get_or_create_global_step(graph=None):
    step = get_global_step(graph)
    return create_global_step(graph) if step is None else step


@export("train.global_step")
def global_step(sess, global_step_tensor):
    """The global step's value as a Python int (eager: read directly; ``sess`` is not used)."""
    if not isinstance(global_step_tensor, (Variable, Tensor)):
        raise TypeError(f"global_step_tensor must be a tf.Variable or tf.Tensor, got {global_step_tensor!r}")
    return int(global_step_tensor.numpy())


@export("train.assert_global_step")
def assert_global_step(global_step_tensor):
    """TF's checks: a variable or tensor, of an integer dtype, scalar."""
    if not isinstance(global_step_tensor, (Variable, Tensor)):
        raise TypeError(f'Existing "global_step" must be a Variable or Tensor: {global_step_tensor}.')
    if not global_step_tensor.dtype.base_dtype.is_integer:
        raise TypeError(f'Existing "global_step" does not have integer type: {global_step_tensor.dtype}')
    shape = global_step_tensor.get_shape()
    if shape.ndims != 0 and shape.is_fully_defined():
        raise TypeError(f'Existing "global_step" is not scalar: {shape}')

