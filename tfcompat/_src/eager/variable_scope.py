"""tf.variable_scope and tf.get_variable as TF 1.x eager execution has them.

Under eager execution a variable store is not used: every ``get_variable``
call creates a new variable (``reuse`` changes nothing), named from the
variable scope only (name scopes do not apply).  A variable scope also opens a
name scope, nested in the current one; default names are made unique per
scope (``default``, ``default_1`` ...) until ``tf.reset_default_graph()``.
Scopes are per thread.
"""

import functools
import inspect
from collections import Counter

from ..framework import context, dtypes
from ..framework.tensor import convert, dtype_of, wrap
from ..framework.tensor_shape import TensorShape
from ..ops import init_ops
from ..platform import tf_logging
from ..registry import PARTIAL, export, export_constant
from .variables import Variable, VariableAggregation, VariableSynchronization

_state = context.state

AUTO_REUSE = "AUTO_REUSE"  # TF's _ReuseMode.AUTO_REUSE, printed by name
export_constant("AUTO_REUSE", AUTO_REUSE)


@export("VariableScope", status=PARTIAL,
        note="Eager semantics: get_variable always creates a new variable; regularizers, partitioners "
             "and caching devices are accepted and ignored.")
class VariableScope:
    """A variable scope: a name prefix and defaults for tf.get_variable."""

    def __init__(self, reuse, name="", initializer=None, regularizer=None, caching_device=None,
                 partitioner=None, custom_getter=None, name_scope="", dtype=dtypes.float32,
                 use_resource=None, constraint=None):
        self._name = name
        self._name_scope = name_scope
        self._reuse = reuse
        self._initializer = initializer
        self._regularizer = regularizer
        self._caching_device = caching_device
        self._partitioner = partitioner
        self._custom_getter = custom_getter
        self._dtype = dtype
        self._constraint = constraint

    name = property(lambda self: self._name)
    original_name_scope = property(lambda self: self._name_scope)
    reuse = property(lambda self: self._reuse)
    initializer = property(lambda self: self._initializer)
    regularizer = property(lambda self: self._regularizer)
    caching_device = property(lambda self: self._caching_device)
    partitioner = property(lambda self: self._partitioner)
    custom_getter = property(lambda self: self._custom_getter)
    dtype = property(lambda self: self._dtype)
    constraint = property(lambda self: self._constraint)
    use_resource = property(lambda self: True)  # eager variables are always resource variables

    def reuse_variables(self):
        self._reuse = True

    def set_initializer(self, initializer):
        self._initializer = initializer

    def set_dtype(self, dtype):
        self._dtype = dtype

    def set_regularizer(self, regularizer):
        self._regularizer = regularizer

    def set_caching_device(self, caching_device):
        self._caching_device = caching_device

    def set_partitioner(self, partitioner):
        self._partitioner = partitioner

    def set_custom_getter(self, custom_getter):
        self._custom_getter = custom_getter

    def set_use_resource(self, use_resource):
        pass  # always True under eager execution

    def get_variable(self, var_store, name, shape=None, dtype=None, initializer=None, regularizer=None,
                     reuse=None, trainable=None, collections=None, caching_device=None, partitioner=None,
                     validate_shape=True, use_resource=None, custom_getter=None, constraint=None,
                     synchronization=VariableSynchronization.AUTO, aggregation=VariableAggregation.NONE):
        return _get_variable(self, name, shape, dtype, initializer, trainable, validate_shape, custom_getter,
                             constraint, synchronization, aggregation)


class _ScopeStore:
    """This thread's current variable scope and how often each scope name was opened."""

    def __init__(self):
        self.current = VariableScope(False)
        self.counts = Counter()
        self.global_step = None  # tf.train's global step: TF keeps it in the default graph's collection

    def close_subscopes(self, name):
        for scope_name in list(self.counts):
            if not name or scope_name.startswith(name + "/"):
                self.counts[scope_name] = 0


def _store():
    store = getattr(_state, "variable_scope_store", None)
    if store is None:
        store = _state.variable_scope_store = _ScopeStore()
    return store


@export("get_variable_scope")
def get_variable_scope():
    return _store().current


@export("reset_default_graph", status=PARTIAL,
        note="Eager execution has no graph to reset: it resets the variable-scope name counts.")
def reset_default_graph():
    _state.variable_scope_store = _ScopeStore()


def _wrap_custom_getter(custom_getter, outer_getter):
    """``custom_getter`` calling the enclosing scope's getter, which calls the real one."""
    if outer_getter is None:
        return custom_getter

    def wrapped(getter, *args, **kwargs):
        return custom_getter(functools.partial(outer_getter, getter), *args, **kwargs)

    return wrapped


@export("variable_scope", status=PARTIAL,
        note="Eager semantics: scopes prefix names and set defaults; reuse has no effect, as in TF 1.x eager.")
class variable_scope:  # noqa: N801 - TF's name
    """``with tf.variable_scope("name"):`` prefixes variable names and sets get_variable defaults."""

    def __init__(self, name_or_scope, default_name=None, values=None, initializer=None, regularizer=None,
                 caching_device=None, partitioner=None, custom_getter=None, reuse=None, dtype=None,
                 use_resource=None, constraint=None, auxiliary_name_scope=True):
        if default_name is None and name_or_scope is None:
            raise TypeError("If default_name is None then name_or_scope is required")
        if reuse is False:
            reuse = None  # TF: False means inherit, like None
        if not (reuse is True or reuse is None or reuse is AUTO_REUSE):
            raise ValueError("The reuse parameter must be True or False or None.")
        if not isinstance(auxiliary_name_scope, bool):
            raise TypeError(f"The auxiliary_name_scope must be `True` or `False`, while get {auxiliary_name_scope}")
        if name_or_scope is not None and not isinstance(name_or_scope, (VariableScope, str)):
            raise TypeError("VariableScope: name_or_scope must be a string or VariableScope.")
        if custom_getter is not None and not callable(custom_getter):
            raise ValueError(f"Passed a custom_getter which is not callable: {custom_getter}")
        self._name_or_scope = name_or_scope
        self._default_name = default_name
        self._reuse = reuse
        self._auxiliary_name_scope = auxiliary_name_scope
        self._overrides = dict(initializer=initializer, regularizer=regularizer, caching_device=caching_device,
                               partitioner=partitioner, dtype=dtype, constraint=constraint)
        self._custom_getter = custom_getter
        self._exits = []

    def __enter__(self):
        store = _store()
        if self._name_or_scope is None and self._reuse:
            raise ValueError("reuse=True cannot be used without a name_or_scope")
        name_scope_manager = self._name_scope()
        name_scope = name_scope_manager.__enter__()
        previous, previous_counts = store.current, None
        if isinstance(self._name_or_scope, VariableScope):
            base, name = self._name_or_scope, self._name_or_scope.name
            original_name_scope = self._name_or_scope.original_name_scope
            previous_counts = Counter(store.counts)
        else:
            base = previous
            leaf = self._name_or_scope if self._name_or_scope is not None else _unique_name(self._default_name)
            name = f"{previous.name}/{leaf}" if previous.name else leaf
            original_name_scope = name_scope
        scope = self._new_scope(base, name, original_name_scope)
        store.counts[name] += 1
        store.current = scope
        self._exits.append((previous, previous_counts, scope, name_scope_manager))
        return scope

    def _name_scope(self):
        """The name scope this scope opens, nested in the current one (or the current one again)."""
        if isinstance(self._name_or_scope, VariableScope):
            leaf = self._name_or_scope.name.split("/")[-1]
        else:
            leaf = self._name_or_scope if self._name_or_scope is not None else self._default_name
        if not self._auxiliary_name_scope or not leaf:
            return context.name_scope(_state.name_scope)  # the current one (a name ending in / is absolute)
        return context.name_scope(leaf)

    def _new_scope(self, base, name, original_name_scope):
        values = {key: getattr(base, key) if value is None else value for key, value in self._overrides.items()}
        reuse = self._reuse or base.reuse
        custom_getter = (base.custom_getter if self._custom_getter is None
                         else _wrap_custom_getter(self._custom_getter, base.custom_getter))
        return VariableScope(reuse, name, custom_getter=custom_getter, name_scope=original_name_scope, **values)

    def __exit__(self, kind, value, traceback):
        store = _store()
        previous, previous_counts, scope, name_scope_manager = self._exits.pop()
        try:
            if store.current is not scope:
                raise RuntimeError("Improper nesting of variable_scope.")
            if previous_counts is not None:
                store.counts = previous_counts
            else:
                store.close_subscopes(scope.name)
            store.current = previous
        finally:
            name_scope_manager.__exit__(kind, value, traceback)


@export("variable_op_scope", status=PARTIAL,
        note="Eager semantics, as tf.variable_scope's: scopes prefix names and set defaults.")
def variable_op_scope(values, name_or_scope, default_name=None, initializer=None, regularizer=None,
                      caching_device=None, partitioner=None, custom_getter=None, reuse=None, dtype=None,
                      use_resource=None, constraint=None):
    """TF 1.x's deprecated spelling of ``variable_scope(name_or_scope, default_name, values)``."""
    tf_logging.warning("tf.variable_op_scope(values, name, default_name) is deprecated, "
                       "use tf.variable_scope(name, default_name, values)")
    return variable_scope(name_or_scope, default_name=default_name, values=values, initializer=initializer,
                          regularizer=regularizer, caching_device=caching_device, partitioner=partitioner,
                          custom_getter=custom_getter, reuse=reuse, dtype=dtype, use_resource=use_resource,
                          constraint=constraint)


def _unique_name(prefix):
    """``prefix``, or ``prefix_N`` when the current scope already opened that name."""
    store = _store()
    current = store.current.name
    name = f"{current}/{prefix}" if current else prefix
    if store.counts[name] == 0:
        return prefix
    index = 1
    while store.counts[f"{name}_{index}"] > 0:
        index += 1
    return f"{prefix}_{index}"


@export("get_variable", status=PARTIAL,
        note="Eager semantics: each call creates a new variable (no sharing, as in TF 1.x eager) except inside "
             "tfe.EagerVariableStore.as_default() or a tf.make_template, which share by name; "
             "regularizer, partitioner and caching_device are ignored.")
def get_variable(name, shape=None, dtype=None, initializer=None, regularizer=None, trainable=None,
                 collections=None, caching_device=None, partitioner=None, validate_shape=True,
                 use_resource=None, custom_getter=None, constraint=None,
                 synchronization=VariableSynchronization.AUTO, aggregation=VariableAggregation.NONE):
    """A new variable named ``scope/name``, initialized by ``initializer`` (TF 1.x defaults)."""
    return _get_variable(get_variable_scope(), name, shape, dtype, initializer, trainable, validate_shape,
                         custom_getter, constraint, synchronization, aggregation)


def _get_variable(scope, name, shape, dtype, initializer, trainable, validate_shape, custom_getter,
                  constraint, synchronization, aggregation):
    if custom_getter is not None and not callable(custom_getter):
        raise ValueError(f"Passed a custom_getter which is not callable: {custom_getter}")
    if dtype is not None and initializer is not None and not callable(initializer):
        initializer_dtype = dtype_of(convert(initializer))
        if initializer_dtype != dtypes.as_dtype(dtype):
            raise ValueError(f"Initializer type '{initializer_dtype}' and explicit dtype "
                             f"'{dtypes.as_dtype(dtype)}' don't match.")
    full_name = f"{scope.name}/{name}" if scope.name else name
    getter_arguments = dict(
        name=full_name, shape=shape, dtype=dtypes.as_dtype(dtype if dtype is not None else scope.dtype),
        initializer=initializer if initializer is not None else scope.initializer, regularizer=None,
        reuse=False, trainable=trainable, collections=None, caching_device=None, partitioner=None,
        validate_shape=validate_shape, use_resource=True, synchronization=synchronization,
        aggregation=aggregation)
    constraint = constraint if constraint is not None else scope.constraint
    custom_getter = custom_getter if custom_getter is not None else scope.custom_getter
    if custom_getter is None:
        return _create_variable(constraint=constraint, **getter_arguments)
    if _accepts(custom_getter, "constraint"):
        getter_arguments["constraint"] = constraint
    return custom_getter(functools.partial(_create_variable, constraint=constraint), **getter_arguments)


def _accepts(function, argument):
    try:
        parameters = inspect.signature(function).parameters.values()
    except (TypeError, ValueError):
        return False
    return any(p.name == argument or p.kind is p.VAR_KEYWORD for p in parameters)


def _create_variable(name, shape=None, dtype=dtypes.float32, initializer=None, regularizer=None, reuse=None,
                     trainable=None, collections=None, caching_device=None, partitioner=None,
                     validate_shape=True, use_resource=None, constraint=None,
                     synchronization=VariableSynchronization.AUTO, aggregation=VariableAggregation.NONE):
    """TF's true getter: a new variable called ``name`` (no name scope applies), or, while an
    EagerVariableStore is the default store, the variable of that name it holds."""
    shared = getattr(_state, "eager_variable_store", None)
    if shared is not None and name in shared:
        return _shared_variable(shared[name], name, shape, dtype)
    initial_value, variable_dtype = _initial_value(name, shape, dtypes.as_dtype(dtype), initializer)
    variable = Variable(initial_value, trainable=trainable, validate_shape=validate_shape, constraint=constraint,
                        synchronization=synchronization, aggregation=aggregation, dtype=variable_dtype)
    variable._name = f"{name}:0"
    if shared is not None:
        shared[name] = variable
    return variable


def _shared_variable(variable, name, shape, dtype):
    """``variable`` reused by get_variable: TF's checks of the requested shape and dtype."""
    if shape is not None and not TensorShape(shape).is_compatible_with(variable.shape):
        raise ValueError(f"Trying to share variable {name}, but specified shape {TensorShape(shape)} and found "
                         f"shape {variable.shape}.")
    if dtype is not None and dtypes.as_dtype(dtype) != variable.dtype:
        raise ValueError(f"Trying to share variable {name}, but specified dtype {dtypes.as_dtype(dtype).name} and "
                         f"found dtype {variable.dtype.name}.")
    return variable


def _initial_value(name, shape, dtype, initializer):
    """(initial value or a function making it, the variable's dtype or None to take the value's)."""
    if initializer is not None and not callable(initializer):
        if shape is not None:
            raise ValueError("If initializer is a constant, do not specify shape.")
        return wrap(convert(initializer)), None
    if initializer is None:
        if shape is None:
            raise ValueError(f"Variable {name} did not get an initializer, so its `shape` argument must be specified.")
        is_float = dtype.is_floating or dtype.is_complex
        initializer = init_ops.GlorotUniform(dtype=dtype) if is_float else init_ops.Zeros(dtype=dtype)
    if inspect.isclass(initializer):
        initializer = initializer(dtype=dtype)
    shape = None if shape is None else TensorShape(shape)
    if shape is not None and shape.rank is not None and not shape.is_fully_defined():
        raise ValueError(f"Shape of a new variable ({name}) must be fully defined, but instead was {shape}.")
    if shape is not None and shape.is_fully_defined():
        return lambda: initializer(shape.as_list(), dtype=dtype, partition_info=None), dtype
    if _takes_no_arguments(initializer):
        return initializer, None
    raise ValueError("The initializer passed is not valid. It should be a callable with no arguments and the "
                     "shape should not be provided or an instance of `tf.keras.initializers.*' and `shape` "
                     "should be fully defined.")


def _takes_no_arguments(function):
    try:
        parameters = inspect.signature(function).parameters.values()
    except (TypeError, ValueError):
        return False
    return all(p.default is not p.empty or p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD) for p in parameters)
