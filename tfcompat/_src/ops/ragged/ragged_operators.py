"""Elementwise work on RaggedTensors: the operators TF 1.15's ragged_operators.py binds (+ - * / // % **,
unary - abs ~, & | ^, < <= > >=) and tf.ragged.map_flat_values.

Both run the Tensor op on the flat values, so dtype rules and errors are the dense ones.  Two ragged
operands must share their row splits; a dense operand joins the flat values when it broadcasts
against one flat value (a scalar, or a tensor of the inner uniform dimensions).  TF's broadcasting
of a dense operand along the ragged dimensions is not supported (UnimplementedError).
"""

from ...framework import errors
from ...framework.composite import CompositeInput
from ...framework.constant_op import register_tensor_conversion_function
from ...framework.tensor import Tensor, convert, wrap
from ...registry import export
from .ragged_tensor import RaggedTensor, RaggedTensorValue, convert_values


def _same_splits(a, b, message="Condition x == y did not hold. Inputs must have identical ragged splits"):
    first, second = a.nested_row_splits, b.nested_row_splits
    if len(first) != len(second) or any(
            x._t.shape != y._t.shape or x._t.dtype != y._t.dtype or not bool((x._t == y._t.to(x._t.device)).all())
            for x, y in zip(first, second)):
        raise errors.InvalidArgumentError(None, None, message)


def _flat_operand(rt, other):
    """``other`` as an operand of ``rt``'s flat values."""
    if type(other) is RaggedTensor or isinstance(other, RaggedTensorValue):
        other = convert_values(other)
        _same_splits(rt, other)
        return other.flat_values
    if type(other) is Tensor or hasattr(other, "__len__") and not isinstance(other, (str, bytes)):
        dense = other if type(other) is Tensor else wrap(convert(other))
        if dense._t.ndim > rt.flat_values._t.ndim - 1:
            raise errors.UnimplementedError(None, None, "tfcompat: a dense operand of a RaggedTensor operator must "
                                                        "broadcast against one flat value (broadcasting along "
                                                        "ragged dimensions is not supported)")
        return dense
    return other


def _binary(name):
    def method(self, other):
        result = getattr(self.flat_values, name)(_flat_operand(self, other))
        if result is NotImplemented:
            return result
        return self.with_flat_values(result)

    method.__name__ = name
    return method


def _unary(name):
    def method(self):
        return self.with_flat_values(getattr(self.flat_values, name)())

    method.__name__ = name
    return method


for _name in ("add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "and", "or", "xor"):
    setattr(RaggedTensor, f"__{_name}__", _binary(f"__{_name}__"))
    setattr(RaggedTensor, f"__r{_name}__", _binary(f"__r{_name}__"))
for _name in ("lt", "le", "gt", "ge"):
    setattr(RaggedTensor, f"__{_name}__", _binary(f"__{_name}__"))
for _name in ("neg", "abs", "invert"):
    setattr(RaggedTensor, f"__{_name}__", _unary(f"__{_name}__"))
RaggedTensor.__div__ = RaggedTensor.__truediv__
RaggedTensor.__rdiv__ = RaggedTensor.__rtruediv__


def _elementwise(op, args, kwargs):
    """An elementwise tf.* op on RaggedTensor arguments (TF 1.15's ragged_dispatch): the op runs on the flat
    values; the other operands must share the row splits or broadcast against one flat value."""
    rt = next(arg for arg in args if type(arg) is RaggedTensor)
    flat = [_flat_operand(rt, arg) if arg is not rt else rt.flat_values for arg in args]
    return rt.with_flat_values(op(*flat, **kwargs))


def _ragged_conversion(value, dtype=None, name=None, as_ref=False):
    raise CompositeInput(f"Failed to convert object of type {type(value)} to Tensor. Contents: {value}. "
                         "A RaggedTensor is no dense tensor: use tf.ragged.map_flat_values(op, rt) or "
                         "rt.to_tensor()", _elementwise)


register_tensor_conversion_function(RaggedTensor, _ragged_conversion)


# --- map_flat_values -----------------------------------------------------------------------------------

def _replace_ragged(value, found):
    """``value`` with every RaggedTensor (in lists, tuples and dicts too) replaced by its flat values."""
    if type(value) is RaggedTensor:
        found.append(value)
        return value.flat_values
    if isinstance(value, RaggedTensorValue):
        return _replace_ragged(convert_values(value), found)
    if isinstance(value, (list, tuple)):
        return type(value)(_replace_ragged(item, found) for item in value)
    if isinstance(value, dict):
        return {key: _replace_ragged(item, found) for key, item in value.items()}
    return value


@export("ragged.map_flat_values")
def map_flat_values(op, *args, **kwargs):
    """``op`` applied to the flat values of the RaggedTensors among its arguments (which must share their
    row splits): a RaggedTensor with those splits and the op's result as flat values."""
    found = []
    args = _replace_ragged(args, found)
    kwargs = _replace_ragged(kwargs, found)
    if not found:
        return op(*args, **kwargs)
    for other in found[1:]:
        _same_splits(found[0], other, "Inputs must have identical ragged splits")
    result = op(*args, **kwargs)
    expected = found[0].flat_values._t.shape[0]
    if type(result) is not Tensor or result._t.ndim == 0 or result._t.shape[0] != expected:
        shape = result.shape if type(result) is Tensor else type(result).__name__
        raise ValueError("tf.ragged.map_flat_values requires that the output of `op` have the same "
                         "outer-dimension size as flat_values of any ragged inputs. "
                         f"(output shape: {shape}; expected outer dimension size: {expected})")
    return found[0].with_flat_values(result)
