"""Dataset elements: tf.data's nesting rule, conversion in and out, and element specs.

Inside a pipeline an element is a nested structure (tuples, namedtuples, dicts)
whose leaves are backing values (torch tensors, object ndarrays for tf.string),
tf.SparseTensors or nested Datasets (``window``).  tf.data's nesting differs from ``tf.nest``:
a list is one tensor, not a structure (TF 1.x ``tf.data.util.nest``).
A spec is the same structure with a ``ComponentSpec`` (dtype, shape), a ``SparseSpec``
(a tf.SparseTensor leaf: its values' dtype, its dense shape) or a ``DatasetSpec`` at
each leaf.  This module knows no Dataset class: turning user values into elements,
where a Dataset may be a leaf, is ``elements.py``'s part.
"""


def is_structure(value):
    return isinstance(value, (tuple, dict))


def sorted_keys(mapping):
    try:
        return sorted(mapping)
    except TypeError:
        raise TypeError("nest only supports dicts with sortable keys.") from None


def flatten(value):
    """The leaves of ``value`` in tf.data's order (dict keys sorted)."""
    if isinstance(value, tuple):
        return [leaf for item in value for leaf in flatten(item)]
    if isinstance(value, dict):
        return [leaf for key in sorted_keys(value) for leaf in flatten(value[key])]
    return [value]


def map_structure(function, value):
    if isinstance(value, tuple):
        items = [map_structure(function, item) for item in value]
        return type(value)(*items) if hasattr(value, "_fields") else tuple(items)
    if isinstance(value, dict):
        return type(value)((key, map_structure(function, value[key])) for key in sorted_keys(value))
    return function(value)


def flatten_up_to(shallow, value):
    """``value`` flattened to ``shallow``'s leaves: whatever stands at a leaf of ``shallow`` (a shape
    written as a tuple, say) is one item.  TF's nest.flatten_up_to."""
    if isinstance(shallow, dict):
        if not isinstance(value, dict) or sorted(value) != sorted_keys(shallow):
            raise ValueError(f"The two structures don't have the same sequence type. Input structure has "
                             f"type {type(value)}, while shallow structure has type {type(shallow)}.")
        return [item for key in sorted_keys(shallow) for item in flatten_up_to(shallow[key], value[key])]
    if isinstance(shallow, tuple):
        if not isinstance(value, (tuple, list)) or len(value) != len(shallow):
            raise ValueError(f"The two structures don't have the same number of elements. "
                             f"First structure: {shallow}, second structure: {value}.")
        return [item for part, item_value in zip(shallow, value) for item in flatten_up_to(part, item_value)]
    return [value]


def pack_as(structure, leaves):
    """``leaves`` (a list) arranged as ``structure``."""
    iterator = iter(leaves)
    return map_structure(lambda _: next(iterator), structure)


# --- specs ---------------------------------------------------------------------------------------------

class ComponentSpec:
    """The dtype and (possibly partial) shape of one tensor component."""

    __slots__ = ("dtype", "shape")

    def __init__(self, dtype, shape):
        self.dtype, self.shape = dtype, shape

    def __eq__(self, other):
        return (isinstance(other, ComponentSpec) and other.dtype == self.dtype
                and _sizes(other.shape) == _sizes(self.shape))

    def __hash__(self):
        return hash(self.dtype)

    def __repr__(self):
        return f"ComponentSpec({self.dtype!r}, {self.shape})"

    def with_shape(self, shape):
        return ComponentSpec(self.dtype, shape)


class SparseSpec:
    """A tf.SparseTensor component: the dtype of its values and its (possibly partial) dense shape."""

    __slots__ = ("dtype", "shape")

    def __init__(self, dtype, shape):
        self.dtype, self.shape = dtype, shape

    def __eq__(self, other):
        return (isinstance(other, SparseSpec) and other.dtype == self.dtype
                and _sizes(other.shape) == _sizes(self.shape))

    def __hash__(self):
        return hash((SparseSpec, self.dtype))

    def __repr__(self):
        return f"SparseSpec({self.dtype!r}, {self.shape})"

    def with_shape(self, shape):
        return SparseSpec(self.dtype, shape)


def _sizes(shape):
    return None if shape.dims is None else tuple(shape.as_list())


class DatasetSpec:
    """The spec of a leaf that is itself a Dataset (``window``'s elements)."""

    __slots__ = ("spec",)

    def __init__(self, spec):
        self.spec = spec

    def __eq__(self, other):
        return isinstance(other, DatasetSpec) and other.spec == self.spec

    def __hash__(self):
        return hash(DatasetSpec)

    def __repr__(self):
        return f"DatasetSpec({self.spec!r})"


def is_leaf_spec(spec):
    return isinstance(spec, (ComponentSpec, SparseSpec, DatasetSpec))


def has_sparse(spec):
    return any(type(leaf) is SparseSpec for leaf in spec_leaves(spec))


def map_spec(function, spec):
    """function(leaf_spec) over a spec's leaves (or over output_types / output_shapes structures)."""
    if is_leaf_spec(spec):
        return function(spec)
    if isinstance(spec, tuple):
        items = [map_spec(function, item) for item in spec]
        return type(spec)(*items) if hasattr(spec, "_fields") else tuple(items)
    if isinstance(spec, dict):
        return type(spec)((key, map_spec(function, spec[key])) for key in sorted_keys(spec))
    return function(spec)


def spec_leaves(spec):
    leaves = []
    map_spec(leaves.append, spec)
    return leaves


def most_specific_compatible(first, second):
    """The spec that covers both (dims that differ become None), or None if they cannot join."""
    leaves_a, leaves_b = spec_leaves(first), spec_leaves(second)
    if len(leaves_a) != len(leaves_b):
        return None
    joined = []
    for a, b in zip(leaves_a, leaves_b):
        if isinstance(a, DatasetSpec) or isinstance(b, DatasetSpec):
            if not (isinstance(a, DatasetSpec) and isinstance(b, DatasetSpec)):
                return None
            inner = most_specific_compatible(a.spec, b.spec)
            if inner is None:
                return None
            joined.append(DatasetSpec(inner))
            continue
        if type(a) is not type(b) or a.dtype != b.dtype:
            return None
        joined.append(a.with_shape(a.shape.most_specific_compatible_shape(b.shape)))
    return pack_spec(first, joined)


def pack_spec(spec, leaves):
    iterator = iter(leaves)
    return map_spec(lambda _: next(iterator), spec)


def output_types(spec):
    return map_spec(lambda leaf: output_types(leaf.spec) if isinstance(leaf, DatasetSpec) else leaf.dtype, spec)


def output_shapes(spec):
    return map_spec(lambda leaf: output_shapes(leaf.spec) if isinstance(leaf, DatasetSpec) else leaf.shape, spec)


# --- failures ------------------------------------------------------------------------------------------

class Failed:
    """An element whose computation raised: TF's iterators report it at that position and go on,
    so the error travels down the pipeline as a value (``ignore_errors`` drops it)."""

    __slots__ = ("error",)

    def __init__(self, error):
        self.error = error
