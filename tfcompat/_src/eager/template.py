"""tfe.EagerVariableStore and tf.make_template as TF 1.x eager execution has them.

Under eager execution tf.get_variable creates a new variable on every call; inside
``EagerVariableStore.as_default()`` it returns the store's variable of that name instead
(creating it the first time), as TF's variable store does with AUTO_REUSE. A template keeps
one store and one variable scope, so the variables its function creates on the first call
are the ones later calls use.
"""

import contextlib

from ..framework import context
from ..registry import PARTIAL, export
from .variable_scope import variable_scope
from .variables import Variable

_state = context.state


@export("contrib.eager.EagerVariableStore")
class EagerVariableStore:
    """The variables tf.get_variable creates (and shares, by name) while this store is the default."""

    def __init__(self, store=None):
        self._vars = {} if store is None else store._vars

    @contextlib.contextmanager
    def as_default(self):
        previous = getattr(_state, "eager_variable_store", None)
        _state.eager_variable_store = self._vars
        try:
            yield self
        finally:
            _state.eager_variable_store = previous

    def variables(self):
        return sorted(self._vars.values(), key=lambda variable: variable.name)

    def trainable_variables(self):
        return [variable for variable in self.variables() if variable.trainable]

    def non_trainable_variables(self):
        return [variable for variable in self.variables() if not variable.trainable]

    def copy(self):
        """A store holding new variables with this store's names, values and trainability."""
        new_store = EagerVariableStore()
        for key, variable in self._vars.items():
            copied = Variable(variable.read_value(), trainable=variable.trainable, dtype=variable.dtype)
            copied._name = variable.name
            new_store._vars[key] = copied
        return new_store


@export("make_template")
def make_template(name_, func_, create_scope_now_=False, unique_name_=None, custom_getter_=None, **kwargs):
    """``func_`` wrapped so that the variables it gets with tf.get_variable on its first call are
    shared by every later call; ``kwargs`` are passed to ``func_`` on each call."""
    if not callable(func_):
        raise ValueError(f"func_ must be callable, got {func_!r}")
    return Template(name_, func_, create_scope_now_, unique_name_, custom_getter_, kwargs)


@export("contrib.eager.make_template", status=PARTIAL,
        note="create_graph_function_=True would run func_ as a defun: the function runs eagerly on every call "
             "either way (see tf.contrib.eager.defun).")
def make_template_internal(name_, func_, create_scope_now_=False, unique_name_=None, custom_getter_=None,
                           create_graph_function_=False, **kwargs):
    """tfe.make_template: tf.make_template plus TF's create_graph_function_ flag."""
    return make_template(name_, func_, create_scope_now_, unique_name_, custom_getter_, **kwargs)


class Template:
    """A function whose tf.get_variable variables are created once and then reused."""

    def __init__(self, name, func, create_scope_now, unique_name, custom_getter, kwargs):
        if name is None:
            raise ValueError("name cannot be None.")
        if unique_name is not None:
            raise ValueError("unique_name_ cannot be used when eager exeuction is enabled.")  # TF's spelling
        self._name = name
        self._func = func
        self._custom_getter = custom_getter
        self._kwargs = kwargs
        self._store = None  # made on the first call: it shares an enclosing template's store
        self._variable_scope = None
        self._variables_created = False
        if create_scope_now:
            with self._open_scope():
                pass

    def _open_scope(self):
        if self._variable_scope is not None:
            return variable_scope(self._variable_scope, reuse=True)
        manager = variable_scope(None, default_name=self._name, custom_getter=self._custom_getter)
        return _Capturing(self, manager)

    def __call__(self, *args, **kwargs):
        arguments = dict(self._kwargs, **kwargs)
        if self._store is None:
            self._store = EagerVariableStore()
            enclosing = getattr(_state, "eager_variable_store", None)
            if enclosing is not None:  # a template called inside another one keeps its variables there
                self._store._vars = enclosing
        with self._open_scope(), self._store.as_default():
            if not self._variables_created:
                result = self._func(*args, **arguments)
                self._variables_created = True
                return result
            trainable_at_start = len(self.trainable_variables)
            result = self._func(*args, **arguments)
            if len(self.trainable_variables) != trainable_at_start:
                raise ValueError("Trainable variable created when calling a template after the first time, "
                                 "perhaps you used tf.Variable when you meant tf.get_variable: "
                                 f"{self.trainable_variables[trainable_at_start:]}")
            return result

    name = property(lambda self: self._name)
    func = property(lambda self: self._func)
    variable_scope = property(lambda self: self._variable_scope)
    variable_scope_name = property(lambda self: self._variable_scope.name if self._variable_scope else None)
    variables_created = property(lambda self: self._variables_created)

    @property
    def variables(self):
        """The variables made under this template's scope, in creation order (as TF's eager templates)."""
        if self._store is None or self._variable_scope is None:
            return []
        prefix = self._variable_scope.name + "/"
        return [variable for variable in self._store._vars.values() if variable.name.startswith(prefix)]

    @property
    def trainable_variables(self):
        return [variable for variable in self.variables if variable.trainable]

    @property
    def non_trainable_variables(self):
        return [variable for variable in self.variables if not variable.trainable]

    global_variables = variables
    local_variables = property(lambda self: [])

    @property
    def weights(self):
        return self.variables

    @property
    def trainable_weights(self):
        return self.trainable_variables

    @property
    def non_trainable_weights(self):
        return self.non_trainable_variables


class _Capturing:
    """Enters ``manager`` and keeps the scope it opens as ``template``'s scope."""

    def __init__(self, template, manager):
        self._template = template
        self._manager = manager

    def __enter__(self):
        scope = self._manager.__enter__()
        self._template._variable_scope = scope
        return scope

    def __exit__(self, *exc_info):
        return self._manager.__exit__(*exc_info)
