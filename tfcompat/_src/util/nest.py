"""tf.nest: nested structures of lists, tuples, namedtuples and dicts (dict leaves in sorted key order)."""

from collections.abc import Mapping, MappingView

from ..registry import export


def _is_namedtuple(value):
    return isinstance(value, tuple) and hasattr(type(value), "_fields")


@export("nest.is_nested")
def is_nested(seq):
    kind = type(seq)
    nested = _nested_types.get(kind)
    if nested is None:
        nested = _nested_types[kind] = issubclass(kind, (list, tuple, Mapping, MappingView))
    return nested


_nested_types = {list: True, tuple: True, dict: True}  # type -> is_nested, filled on first sight


_SEQUENCES = (list, tuple)


def _children(structure):
    """The items of a nested value in TF's order: dicts by sorted key, views and sequences as they iterate."""
    if isinstance(structure, Mapping):
        return [structure[key] for key in _sorted_keys(structure)]
    return list(structure)


def _sorted_keys(mapping):
    try:
        return sorted(mapping)
    except TypeError as error:
        raise TypeError("nest only supports dicts with sortable keys.") from error


@export("nest.flatten")
def flatten(structure, expand_composites=False):
    """The leaves of ``structure`` in TF's order; a leaf (including None) becomes ``[leaf]``."""
    if not is_nested(structure):
        return [structure]
    if type(structure) in _SEQUENCES and not any(map(is_nested, structure)):
        return list(structure)  # the common flat list of tensors
    leaves = []
    for child in _children(structure):
        leaves.extend(flatten(child))
    return leaves


def _rebuild(structure, children):
    if isinstance(structure, Mapping):
        rebuilt = dict(zip(_sorted_keys(structure), children))
        return type(structure)((key, rebuilt[key]) for key in structure)
    if _is_namedtuple(structure):
        return type(structure)(*children)
    if isinstance(structure, MappingView):
        return children
    return type(structure)(children)


@export("nest.pack_sequence_as")
def pack_sequence_as(structure, flat_sequence, expand_composites=False):
    """``flat_sequence`` poured back into the shape of ``structure``."""
    if not is_nested(flat_sequence):
        raise TypeError("flat_sequence must be a sequence")
    flat_sequence = list(flat_sequence)
    if type(structure) in _SEQUENCES and not any(map(is_nested, structure)) \
            and len(structure) == len(flat_sequence):
        return type(structure)(flat_sequence)  # the common flat list of tensors
    if not is_nested(structure):
        if len(flat_sequence) != 1:
            raise ValueError(f"Structure is a scalar but len(flat_sequence) == {len(flat_sequence)} > 1")
        return flat_sequence[0]
    expected = len(flatten(structure))
    if len(flat_sequence) != expected:
        raise ValueError(f"Could not pack sequence. Structure had {expected} elements, but "
                         f"flat_sequence had {len(flat_sequence)} elements.  Structure: {structure}, "
                         f"flat_sequence: {flat_sequence}.")
    packed, _ = _pack(structure, flat_sequence, 0)
    return packed


def _pack(structure, flat, start):
    if not is_nested(structure):
        return flat[start], start + 1
    children = []
    for child in _children(structure):
        packed, start = _pack(child, flat, start)
        children.append(packed)
    return _rebuild(structure, children), start


@export("nest.assert_same_structure")
def assert_same_structure(nest1, nest2, check_types=True, expand_composites=False):
    """Raise ValueError (TypeError for differing sequence types) unless the two nest alike."""
    difference = _structure_difference(nest1, nest2, check_types)
    if difference is not None:
        error, detail = difference
        raise error(f"The two structures don't have the same nested structure.\n\nFirst structure: "
                    f"{_describe(nest1)}\n\nSecond structure: {_describe(nest2)}\n\nMore specifically: {detail}\n"
                    f"Entire first structure:\n{_dots(nest1)}\nEntire second structure:\n{_dots(nest2)}")


def _describe(value):
    return f"type={type(value).__name__} str={value}"


class _Dot:
    """Prints as a bare dot: the leaves of a structure in TF's error messages."""

    def __repr__(self):
        return "."


def _dots(structure):
    return str(map_structure(lambda _: _Dot(), structure))


def _structure_difference(first, second, check_types):
    """(error class, TF's description) of the first place the two differ, walking as TF does; or None."""
    first_nested, second_nested = is_nested(first), is_nested(second)
    if first_nested != second_nested:
        sequence, other = (first, second) if first_nested else (second, first)
        return ValueError, (f'Substructure "{_describe(sequence)}" is a sequence, while substructure '
                            f'"{_describe(other)}" is not')
    if not first_nested:
        return None
    if check_types and not _same_sequence_type(first, second):
        return TypeError, (f"The two namedtuples don't have the same sequence type. First structure "
                           f"{_describe(first)} has type {type(first).__name__}, while second structure "
                           f"{_describe(second)} has type {type(second).__name__}")
    if isinstance(first, Mapping) and isinstance(second, Mapping) and set(first) != set(second):
        return ValueError, (f"The two dictionaries don't have the same set of keys. First structure has keys "
                            f"{_describe(_sorted_keys(first))}, while second structure has keys "
                            f"{_describe(_sorted_keys(second))}")
    first_children, second_children = _children(first), _children(second)
    for first_child, second_child in zip(first_children, second_children):
        difference = _structure_difference(first_child, second_child, check_types)
        if difference is not None:
            return difference
    if len(first_children) != len(second_children):
        return ValueError, (f"The two structures don't have the same number of elements. First structure: "
                            f"{_describe(first)}. Second structure: {_describe(second)}")
    return None


def _same_sequence_type(first, second):
    """TF's type check: namedtuples alike by name and fields; any two lists, any two mappings."""
    if _is_namedtuple(first) and _is_namedtuple(second):
        return type(first).__name__ == type(second).__name__ and first._fields == second._fields
    return (type(first) is type(second) or isinstance(first, list) and isinstance(second, list)
            or isinstance(first, Mapping) and isinstance(second, Mapping))


@export("nest.map_structure")
def map_structure(func, *structure, **kwargs):
    if not callable(func):
        raise TypeError(f"func must be callable, got: {func}")
    if not structure:
        raise ValueError("Must provide at least one structure")
    check_types = kwargs.pop("check_types", True)
    kwargs.pop("expand_composites", None)
    if kwargs:
        raise ValueError("Only valid keyword arguments are `check_types` and `expand_composites`, "
                         f"not: {sorted(kwargs)}")
    for other in structure[1:]:
        assert_same_structure(structure[0], other, check_types)
    flat = [flatten(s) for s in structure]
    return pack_sequence_as(structure[0], [func(*leaves) for leaves in zip(*flat)])
