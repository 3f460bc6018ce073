"""TF 1.x TensorShape and Dimension (a shape's entries are Dimension objects)."""

import numpy as np

from ..registry import export


def _value(other):
    """The int (or None) behind an int, Dimension or anything Dimension() accepts."""
    if other is None or type(other) is int:
        return other
    if isinstance(other, Dimension):
        return other._value
    return Dimension(other)._value


@export("Dimension")
class Dimension:
    """One entry of a TensorShape: a known size or None."""

    __slots__ = ("_value",)

    def __init__(self, value):
        if value is None:
            self._value = None
            return
        if isinstance(value, Dimension):
            value = value._value
        elif isinstance(value, (str, bytes, float, np.floating)):
            # TF 1.x reads numeric strings and integral floats: Dimension("12"), Dimension(12.0).
            try:
                number = int(value)
            except OverflowError:  # inf
                raise ValueError(f"Ambiguous dimension: {value}") from None
            if not isinstance(value, (str, bytes)) and number != value:
                raise ValueError(f"Ambiguous dimension: {value}")
            value = number
        try:
            self._value = int(value.__index__())
        except (AttributeError, TypeError):
            raise TypeError("Dimension value must be integer or None or have an __index__ method, "
                            f"got value '{value!r}' with type '{type(value)}'") from None
        if self._value < 0:
            raise ValueError(f"Dimension {self._value} must be >= 0")

    @property
    def value(self):
        return self._value

    def __repr__(self):
        return f"Dimension({self._value!r})"

    def __str__(self):
        return "?" if self._value is None else str(self._value)

    def __int__(self):
        return self._value

    def __index__(self):
        return self._value

    def __bool__(self):
        return bool(self._value)

    __hash__ = None  # TF 1.x: Dimension defines __eq__ and is unhashable

    def _compare(self, other, op):
        try:
            other = _value(other)
        except (TypeError, ValueError):
            return NotImplemented
        if self._value is None or other is None:
            return None
        return op(self._value, other)

    def __eq__(self, other):
        return self._compare(other, int.__eq__)

    def __ne__(self, other):
        return self._compare(other, int.__ne__)

    def __lt__(self, other):
        return self._compare(other, int.__lt__)

    def __le__(self, other):
        return self._compare(other, int.__le__)

    def __gt__(self, other):
        return self._compare(other, int.__gt__)

    def __ge__(self, other):
        return self._compare(other, int.__ge__)

    def _arith(self, other, op):
        try:
            other = _value(other)
        except (TypeError, ValueError):
            return NotImplemented
        if self._value is None or other is None:
            return Dimension(None)
        return Dimension(op(self._value, other))

    def __add__(self, other):
        return self._arith(other, int.__add__)

    def __radd__(self, other):
        return self._arith(other, int.__radd__)

    def __sub__(self, other):
        return self._arith(other, int.__sub__)

    def __rsub__(self, other):
        return self._arith(other, int.__rsub__)

    def __mul__(self, other):
        return self._arith(other, int.__mul__)

    def __rmul__(self, other):
        return self._arith(other, int.__rmul__)

    def __floordiv__(self, other):
        return self._arith(other, int.__floordiv__)

    def __rfloordiv__(self, other):
        return self._arith(other, int.__rfloordiv__)

    def __mod__(self, other):
        return self._arith(other, int.__mod__)

    def __rmod__(self, other):
        return self._arith(other, int.__rmod__)

    def __truediv__(self, other):
        raise TypeError("unsupported operand type(s) for /: 'Dimension' and "
                        f"'{type(other).__name__}', please use // instead")

    def __rtruediv__(self, other):
        raise TypeError(f"unsupported operand type(s) for /: '{type(other).__name__}' and "
                        "'Dimension', please use // instead")

    def is_compatible_with(self, other):
        other = as_dimension(other)
        return self._value is None or other._value is None or self._value == other._value

    def assert_is_compatible_with(self, other):
        if not self.is_compatible_with(other):
            raise ValueError(f"Dimensions {self} and {other} are not compatible")

    def merge_with(self, other):
        other = as_dimension(other)
        self.assert_is_compatible_with(other)
        return Dimension(self._value if self._value is not None else other._value)

    def __reduce__(self):
        return Dimension, (self._value,)


@export("compat.dimension_value", "dimension_value")
def dimension_value(dimension):
    """The int (or None) of a Dimension; plain values pass through."""
    if isinstance(dimension, Dimension):
        return dimension._value
    return dimension


@export("compat.dimension_at_index", "dimension_at_index")
def dimension_at_index(shape, index):
    if not isinstance(index, (int, Dimension)) or isinstance(index, bool):
        raise TypeError(f"dimension_at_index expects an integer index, got {index!r}")
    shape = as_shape(shape)
    if shape._dims is None:
        return Dimension(None)
    return shape._dims[index]


def as_dimension(value):
    return value if isinstance(value, Dimension) else Dimension(value)


@export("TensorShape")
class TensorShape:
    """The static shape of a tensor: a list of Dimensions, or unknown rank (None)."""

    __slots__ = ("_dims",)

    def __init__(self, dims):
        if dims is None:
            self._dims = None
        elif isinstance(dims, TensorShape):
            self._dims = dims._dims
        elif isinstance(dims, (str, bytes)):
            raise TypeError("A string has ambiguous TensorShape, please wrap in a list or convert to an "
                            f"int: {dims}")
        else:
            try:
                items = iter(dims)
            except TypeError:
                items = (dims,)
            self._dims = [as_dimension(d) for d in items]

    @classmethod
    def _from_sizes(cls, sizes):
        shape = cls.__new__(cls)
        shape._dims = [Dimension(s) for s in sizes]
        return shape

    @property
    def dims(self):
        return self._dims

    @property
    def ndims(self):
        return None if self._dims is None else len(self._dims)

    rank = ndims

    def as_list(self):
        if self._dims is None:
            raise ValueError("as_list() is not defined on an unknown TensorShape.")
        return [d._value for d in self._dims]

    def num_elements(self):
        if not self.is_fully_defined():
            return None
        n = 1
        for d in self._dims:
            n *= d._value
        return n

    def is_fully_defined(self):
        return self._dims is not None and all(d._value is not None for d in self._dims)

    def __len__(self):
        if self._dims is None:
            raise ValueError("Cannot take the length of shape with unknown rank.")
        return len(self._dims)

    def __bool__(self):
        return self._dims is not None

    def __iter__(self):
        if self._dims is None:
            raise ValueError("Cannot iterate over a shape with unknown rank.")
        return iter(self._dims)

    def __getitem__(self, key):
        if self._dims is None:
            if isinstance(key, slice):
                # TF 1.x: a bounded, non-negative slice of an unknown shape has the slice's rank.
                start = 0 if key.start is None else key.start
                if key.stop is None or start < 0 or key.stop < 0:
                    return TensorShape(None)
                return unknown_shape(key.stop - start)
            return Dimension(None)
        if isinstance(key, slice):
            return TensorShape(self._dims[key])
        return self._dims[key]

    def __eq__(self, other):
        """TF 1.x: Dimension by Dimension, so an unknown Dimension never equals another one."""
        try:
            other = as_shape(other)
        except TypeError:
            return NotImplemented
        return self._dims == other._dims

    def __ne__(self, other):
        try:
            other = as_shape(other)
        except TypeError:
            return NotImplemented
        if self._dims is None or other._dims is None:
            raise ValueError("The inequality of unknown TensorShapes is undefined.")
        return self._dims != other._dims

    def __hash__(self):
        return hash(None if self._dims is None else tuple(self.as_list()))

    def __repr__(self):
        if self._dims is None:
            return "TensorShape(None)"
        return f"TensorShape({self._dims!r})"

    def __str__(self):
        if self._dims is None:
            return "<unknown>"
        if len(self._dims) == 1:
            return f"({self._dims[0]},)"
        return "(" + ", ".join(str(d) for d in self._dims) + ")"

    def __add__(self, other):
        return self.concatenate(other)

    def __radd__(self, other):
        return as_shape(other).concatenate(self)

    def __reduce__(self):
        return TensorShape, (self._dims,)

    def concatenate(self, other):
        other = as_shape(other)
        if self._dims is None or other._dims is None:
            return TensorShape(None)
        return TensorShape(self._dims + other._dims)

    def is_compatible_with(self, other):
        other = as_shape(other)
        if self._dims is None or other._dims is None:
            return True
        return len(self._dims) == len(other._dims) and all(
            a.is_compatible_with(b) for a, b in zip(self._dims, other._dims))

    def assert_is_compatible_with(self, other):
        if not self.is_compatible_with(other):
            raise ValueError(f"Shapes {self} and {other} are incompatible")

    def most_specific_compatible_shape(self, other):
        """The shape whose known Dimensions are those ``self`` and ``other`` agree on."""
        other = as_shape(other)
        if self._dims is None or other._dims is None or len(self._dims) != len(other._dims):
            return TensorShape(None)
        return TensorShape([a if a._value is not None and a._value == b._value else None
                            for a, b in zip(self._dims, other._dims)])

    def merge_with(self, other):
        other = as_shape(other)
        if self._dims is None:
            return other
        if other._dims is None:
            return self
        if not self.is_compatible_with(other):
            raise ValueError(f"Shapes {self} and {other} are not compatible")
        return TensorShape([a.merge_with(b) for a, b in zip(self._dims, other._dims)])

    def with_rank(self, rank):
        if self._dims is None:
            return TensorShape([None] * rank)
        if len(self._dims) != rank:
            raise ValueError(f"Shape {self} must have rank {rank}")
        return self

    def with_rank_at_least(self, rank):
        if self._dims is not None and len(self._dims) < rank:
            raise ValueError(f"Shape {self} must have rank at least {rank}")
        return self

    def with_rank_at_most(self, rank):
        if self._dims is not None and len(self._dims) > rank:
            raise ValueError(f"Shape {self} must have rank at most {rank}")
        return self

    def assert_has_rank(self, rank):
        if self._dims is not None and len(self._dims) != rank:
            raise ValueError(f"Shape {self} must have rank {rank}")

    def assert_same_rank(self, other):
        other = as_shape(other)
        if self._dims is not None and other._dims is not None and len(self._dims) != len(other._dims):
            raise ValueError(f"Shapes {self} and {other} must have the same rank")

    def assert_is_fully_defined(self):
        if not self.is_fully_defined():
            raise ValueError(f"Shape {self} is not fully defined")

    def is_fully_defined_with(self, other):
        return self.is_fully_defined() and self == other

    def as_proto(self):
        raise NotImplementedError("TensorShape.as_proto: tfcompat has no protocol buffers")


def as_shape(shape):
    return shape if isinstance(shape, TensorShape) else TensorShape(shape)


def unknown_shape(rank=None, ndims=None):
    """A shape of unknown rank, or of known ``rank`` with every Dimension unknown."""
    rank = ndims if rank is None else rank
    return TensorShape(None if rank is None else [None] * rank)


def scalar():
    return TensorShape([])


def vector(length):
    return TensorShape([length])


def matrix(rows, cols):
    return TensorShape([rows, cols])


def shape_text(shape):
    """A shape as TF's kernels print it in messages: [2,3]."""
    return "[" + ",".join(str(d) for d in shape) + "]"


def shape_string(sizes):
    """TF's printed shape for a sequence of ints: "(2, 3)", "(2,)", "()"."""
    if len(sizes) == 1:
        return f"({sizes[0]},)"
    return "(" + ", ".join(map(str, sizes)) + ")"
