"""tf.layers.Layer as TF 1.15 has it (tensorflow/python/layers/base.py): a Keras layer whose
weights are made by ``tf.get_variable`` inside the layer's variable scope.

The scope is chosen on the first call (``variable_scope(None, default_name=<class in
snake_case>)``: ``dense``, ``dense_1`` ...), so weights are ``dense/kernel:0`` while the layer's
own ``name`` comes from the Keras name counter counting from 1 (the first Dense is ``dense_1``,
as TF 1.15 names it).  A ``_scope`` given to the constructor fixes the scope; ``_reuse=True``
uses the base name as is.  Attributes are not tracked (TF's legacy layers bypass Keras'
automatic tracking); inside ``keras_style_scope()`` a layer is a plain Keras layer instead.

Under eager execution a built layer never creates variables again, so its later calls skip the
variable scope (TF enters it with ``reuse=True`` and finds nothing to create), unless ``call``
takes ``scope``.
"""

import contextlib

from ..eager import variable_scope as vs
from ..eager.variables import VariableAggregation, VariableSynchronization
from ..framework import context, dtypes
from ..keras import backend
from ..keras.engine import base_layer
from ..keras.engine.input_spec import InputSpec
from ..registry import PARTIAL, export

export("layers.InputSpec")(InputSpec)

_keras_style = [False]


@export("layers.experimental.keras_style_scope")
@contextlib.contextmanager
def keras_style_scope():
    """tf.layers layers (and RNN cells) created inside are plain Keras layers: no variable scopes,
    and ``scope=``/``reuse=`` are refused."""
    previous = _keras_style[0]
    _keras_style[0] = True
    try:
        yield
    finally:
        _keras_style[0] = previous


@export("layers.experimental.set_keras_style")
def set_keras_style():
    """From now on, tf.layers layers and RNN cells are Keras-style (there is no way back)."""
    _keras_style[0] = True


@export("layers.Layer", status=PARTIAL,
        note="TF 1.15's legacy layer under eager execution (variables from tf.get_variable in the layer's "
             "variable scope); graph collections do not exist, `graph` raises as TF's does under eager.")
class Layer(base_layer.Layer):
    """Base class of the tf.layers layers: a Keras layer with variable-scope naming."""

    def __init__(self, trainable=True, name=None, dtype=None, **kwargs):
        scope = kwargs.pop("_scope", None)
        self._reuse = kwargs.pop("_reuse", None)
        kwargs.pop("autocast", None)
        super().__init__(trainable=trainable, name=name, dtype=dtype, **kwargs)
        if _keras_style[0]:
            if scope is not None:
                raise ValueError(f"scope argument not allowed when keras style layers are enabled, but saw: {scope}")
            if self._reuse is not None:
                raise ValueError("reuse argument not allowed when keras style layers are enabled, but saw: "
                                 f"{self._reuse}")
            self._keras_style = True
        else:
            self._keras_style = False
        self._call_has_scope_arg = "scope" in type(self)._call_spec.arg_names
        self._scope = None
        if scope:
            with vs.variable_scope(scope) as captured_scope:
                self._scope = captured_scope
        self._current_scope = None

    def __setattr__(self, name, value):
        # TF's legacy layers bypass Keras' automatic tracking of attributes.
        object.__setattr__(self, name, value)

    @property
    def graph(self):
        raise RuntimeError("Layer.graph not supported when executing eagerly.")

    def _init_set_name(self, name, zero_based=True):
        if isinstance(name, vs.VariableScope):
            base_name = name.name
            self._name, _ = self._make_unique_name()
        else:
            base_name = name
            self._name = name
        if not name:
            self._name, base_name = self._make_unique_name()
        self._base_name = base_name

    def _make_unique_name(self, name_uid_map=None, avoid_names=None, zero_based=False):
        """(unique name, base name): ``dense_1``, ``dense_2`` ... from the Keras name counter, or from
        ``name_uid_map`` (a Network's own counter)."""
        base_name = backend.to_snake_case(type(self).__name__)
        avoid_names = avoid_names or ()
        if name_uid_map is None:
            return backend.unique_object_name(base_name, zero_based=zero_based, avoid_names=avoid_names), base_name
        while True:
            name_uid_map[base_name] += 1
            proposed = f"{base_name}_{name_uid_map[base_name]}"
            if proposed not in avoid_names:
                return proposed, base_name

    @property
    def scope_name(self):
        if not self._scope:
            raise ValueError('No name available for layer scope because the layer "' + self._name + '" has not '
                             "been used yet. The scope name  is determined the first time the layer instance is "
                             "called. You must therefore call the layer before querying `scope_name`.")
        return self._scope.name

    def _name_scope(self):
        if self._keras_style:
            return super()._name_scope()
        return self._current_scope.original_name_scope

    def _set_scope(self, scope=None):
        if self._scope is None:
            if self._reuse:
                with vs.variable_scope(scope if scope is not None else self._base_name) as captured_scope:
                    self._scope = captured_scope
            else:
                with vs.variable_scope(scope, default_name=self._base_name) as captured_scope:
                    self._scope = captured_scope

    def add_weight(self, name, shape, dtype=None, initializer=None, regularizer=None, trainable=None,
                   constraint=None, use_resource=None, synchronization=VariableSynchronization.AUTO,
                   aggregation=VariableAggregation.NONE, partitioner=None, **kwargs):
        """A new variable ``<layer scope>/name`` made by tf.get_variable (the scope's initializer is
        the default), tracked by this layer."""
        for kwarg in kwargs:
            if kwarg != "experimental_autocast":
                raise TypeError("Unknown keyword argument:", kwarg)
        if self._keras_style:
            return super().add_weight(name=name, shape=shape, dtype=dtype, initializer=initializer,
                                      regularizer=regularizer, trainable=trainable and self.trainable,
                                      constraint=constraint, use_resource=use_resource, partitioner=partitioner)
        if synchronization == VariableSynchronization.ON_READ:
            if trainable:
                raise ValueError("Synchronization value can be set to VariableSynchronization.ON_READ only for "
                                 "non-trainable variables. You have specified trainable=True and "
                                 "synchronization=VariableSynchronization.ON_READ.")
            trainable = False
        elif trainable is None:
            trainable = True
        if dtype is None:
            dtype = self.dtype or dtypes.float32
        self._set_scope(None)
        reuse = self.built or self._reuse
        with vs.variable_scope(self._scope, reuse=reuse, auxiliary_name_scope=False) as scope:
            self._current_scope = scope
            with context.name_scope(self._name_scope()):
                if initializer is None:
                    initializer = scope.initializer
                return super().add_weight(name, shape, dtype=dtypes.as_dtype(dtype), initializer=initializer,
                                          regularizer=regularizer, trainable=trainable and self.trainable,
                                          constraint=constraint, partitioner=partitioner, use_resource=use_resource,
                                          synchronization=synchronization, aggregation=aggregation,
                                          getter=vs.get_variable)

    def __call__(self, inputs, *args, **kwargs):
        scope = kwargs.pop("scope", None)
        if self._keras_style:
            if scope is not None:
                raise ValueError(f"scope argument not allowed when keras style layers are enabled, but saw: {scope}")
            return super().__call__(inputs, *args, **kwargs)
        if self._first_call_done and not self._call_has_scope_arg:
            return super().__call__(inputs, *args, **kwargs)
        self._set_scope(scope)
        reuse = True if self.built else self._reuse
        with vs.variable_scope(self._scope, reuse=reuse, auxiliary_name_scope=False) as current:
            self._current_scope = current
            if self._call_has_scope_arg:
                kwargs["scope"] = current
            return super().__call__(inputs, *args, **kwargs)

    @property
    def _is_legacy_layer(self):
        return True
