"""tf.nest: nested structures of lists, tuples, namedtuples and dicts (dict leaves in sorted key order)."""

from collections.abc import Mapping

from ..registry import export


def _is_namedtuple(value):
    return isinstance(value, tuple) and hasattr(type(value), "_fields")


@export("nest.is_nested")
def is_nested(structure):
    kind = type(structure)
    nested = _nested_types.get(kind)
    if nested is None:
        nested = _nested_types[kind] = issubclass(kind, (list, tuple, Mapping))
    return nested


_nested_types = {list: True, tuple: True, dict: True}  # type -> is_nested, filled on first sight


_SEQUENCES = (list, tuple)


def _children(structure):
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
    return type(structure)(children)


@export("nest.pack_sequence_as")
def pack_sequence_as(structure, flat_sequence, expand_composites=False):
    """``flat_sequence`` poured back into the shape of ``structure``."""
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
    if is_nested(nest1) != is_nested(nest2):
        raise ValueError(f"The two structures don't have the same nested structure.\n\n"
                         f"First structure: {nest1}\n\nSecond structure: {nest2}")
    if not is_nested(nest1):
        return
    if check_types and type(nest1) is not type(nest2):
        raise TypeError(f"The two structures don't have the same sequence type. Input structure has type "
                        f"{type(nest1)!r}, while shallow structure has type {type(nest2)!r}.")
    if isinstance(nest1, Mapping) and set(nest1) != set(nest2):
        raise ValueError(f"The two dictionaries don't have the same set of keys. First structure has keys "
                         f"{sorted(nest1)}, while second structure has keys {sorted(nest2)}.")
    children1, children2 = _children(nest1), _children(nest2)
    if len(children1) != len(children2):
        raise ValueError(f"The two structures don't have the same number of elements.\n\n"
                         f"First structure: {nest1}\n\nSecond structure: {nest2}")
    for child1, child2 in zip(children1, children2):
        assert_same_structure(child1, child2, check_types)


@export("nest.map_structure")
def map_structure(func, *structure, **kwargs):
    if not callable(func):
        raise TypeError(f"func must be callable, got: {func}")
    if not structure:
        raise ValueError("Must provide at least one structure")
    check_types = kwargs.pop("check_types", True)
    kwargs.pop("expand_composites", None)
    if kwargs:
        raise ValueError(f"Only valid keyword arguments are `check_types` and `expand_composites`, not: {sorted(kwargs)}")
    for other in structure[1:]:
        assert_same_structure(structure[0], other, check_types)
    flat = [flatten(s) for s in structure]
    return pack_sequence_as(structure[0], [func(*leaves) for leaves in zip(*flat)])
