"""tf.data.Options and its experimental option groups, ``Dataset.options()`` / ``with_options``.

Options are accepted, type-checked and merged as TF 1.15 does (a dataset's options are those
of its inputs merged with the ones ``with_options`` adds; a conflicting value raises
ValueError), but change nothing: tfcompat has no static optimizer or thread pools to tune.
"""

from ..registry import PARTIAL, export
from .dataset_ops import Dataset, implements

_NOTE = ("Accepted, type-checked and merged as TF 1.15 does (Dataset.options(), with_options); the options "
         "change nothing in how tfcompat runs a pipeline.")


def _option(name, kind, default_factory=None):
    """A property holding option ``name`` of type ``kind``: None until set, unless it has a default."""
    def getter(self):
        if name in self._options:
            return self._options[name]
        if default_factory is not None:
            self._options[name] = default_factory()
            return self._options[name]
        return None

    def setter(self, value):
        if not isinstance(value, kind):
            raise TypeError(f"Property \"{name}\" must be of type {kind}, got: {value!r} (type: {type(value)!r})")
        self._options[name] = value

    return property(getter, setter)


class OptionsBase:
    """Options are properties; setting a name that is not one raises AttributeError."""

    def __init__(self):
        object.__setattr__(self, "_options", {})

    def __eq__(self, other):
        if isinstance(other, self.__class__):
            return self._options == other._options
        return NotImplemented

    def __ne__(self, other):
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    __hash__ = None

    def __setattr__(self, name, value):
        if isinstance(getattr(type(self), name, None), property):
            object.__setattr__(self, name, value)
        else:
            raise AttributeError(f"Cannot set the property {name} on {type(self).__name__}.")


def merge_options(*options_list):
    """The options set in any of ``options_list``; an option set to two different values raises."""
    if not options_list:
        raise ValueError("At least one options should be provided")
    result_type = type(options_list[0])
    for options in options_list:
        if not isinstance(options, result_type):
            raise TypeError(f"Incompatible options type: {type(options)!r} vs {result_type!r}")
    if not isinstance(options_list[0], OptionsBase):
        raise TypeError("The inputs should inherit from `OptionsBase`")
    default_options, result = result_type(), result_type()
    for options in options_list:
        for name in list(options._options):
            this, that, default = getattr(result, name), getattr(options, name), getattr(default_options, name)
            if that == default:
                continue
            if this == default:
                setattr(result, name, that)
            elif isinstance(this, OptionsBase):
                setattr(result, name, merge_options(this, that))
            elif this != that:
                raise ValueError(f"Cannot merge incompatible values ({this!r} and {that!r}) of option: {name}")
    return result


@export("data.experimental.DistributeOptions", status=PARTIAL, note=_NOTE)
class DistributeOptions(OptionsBase):
    auto_shard = _option("auto_shard", bool, lambda: True)
    num_devices = _option("num_devices", int)


@export("data.experimental.OptimizationOptions", status=PARTIAL, note=_NOTE)
class OptimizationOptions(OptionsBase):
    apply_default_optimizations = _option("apply_default_optimizations", bool)
    autotune = _option("autotune", bool)
    autotune_buffers = _option("autotune_buffers", bool)
    autotune_cpu_budget = _option("autotune_cpu_budget", int)
    filter_fusion = _option("filter_fusion", bool)
    filter_with_random_uniform_fusion = _option("filter_with_random_uniform_fusion", bool)
    hoist_random_uniform = _option("hoist_random_uniform", bool)
    map_and_batch_fusion = _option("map_and_batch_fusion", bool)
    map_and_filter_fusion = _option("map_and_filter_fusion", bool)
    map_fusion = _option("map_fusion", bool)
    map_parallelization = _option("map_parallelization", bool)
    noop_elimination = _option("noop_elimination", bool)
    parallel_batch = _option("parallel_batch", bool)
    shuffle_and_repeat_fusion = _option("shuffle_and_repeat_fusion", bool)


@export("data.experimental.ThreadingOptions", status=PARTIAL, note=_NOTE)
class ThreadingOptions(OptionsBase):
    max_intra_op_parallelism = _option("max_intra_op_parallelism", int)
    private_threadpool_size = _option("private_threadpool_size", int)


@export("data.Options", status=PARTIAL,
        note=_NOTE + " TF 1.15's experimental_stats (StatsOptions) and OptimizationOptions.map_vectorization "
                     "are not provided.")
class Options(OptionsBase):
    experimental_deterministic = _option("experimental_deterministic", bool)
    experimental_distribute = _option("experimental_distribute", DistributeOptions, DistributeOptions)
    experimental_optimization = _option("experimental_optimization", OptimizationOptions, OptimizationOptions)
    experimental_slack = _option("experimental_slack", bool)
    experimental_threading = _option("experimental_threading", ThreadingOptions, ThreadingOptions)

    def merge(self, options):
        """These options merged with ``options`` (a conflicting value raises ValueError)."""
        return merge_options(self, options)


def _inputs(dataset):
    """The datasets ``dataset`` reads (not those its functions make)."""
    found = []
    for name in ("_input", "_first", "_second"):
        value = getattr(dataset, name, None)
        if isinstance(value, Dataset):
            found.append(value)
    for name in ("_leaves", "_inputs_list"):
        found.extend(item for item in getattr(dataset, name, ()) if isinstance(item, Dataset))
    return found


@implements("options")
def dataset_options(dataset):
    """The options set on ``dataset``'s inputs, merged: TF's recursion over inputs, walked with a stack
    (a pipeline may be a thousand datasets deep); an OptionsDataset already holds its inputs' options."""
    own = getattr(dataset, "_options_set", None)
    if own is not None:
        return own
    options, seen = Options(), set()
    stack = _inputs(dataset)[::-1]
    while stack:
        current = stack.pop()
        if id(current) in seen:
            continue
        seen.add(id(current))
        current_options = getattr(current, "_options_set", None)
        if current_options is not None:
            options = options.merge(current_options)
        else:
            stack.extend(_inputs(current)[::-1])
    return options


class OptionsDataset(Dataset):
    """The input, with ``options`` merged into its options."""

    def __init__(self, dataset, options):
        self._input = dataset
        self._options_set = dataset.options().merge(options)

    def _compute_spec(self):
        return self._input._spec

    def _elements(self):
        return self._input._elements()

    def _index_plan(self):
        return self._input._index_plan()


implements("with_options")(OptionsDataset)
