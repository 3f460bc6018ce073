"""tfe.Network and tfe.Sequential as tf.contrib.eager had them (TF 1.5-1.15,
tensorflow/contrib/eager/python/network.py): a tf.layers layer made of the layers given to
``track_layer``, whose variables are named after the nesting of Networks.

An anonymous Network is named when it is first called, or when another Network tracks it, from
the counter that names layers (``mnist_model_1``); a tracked tf.layers layer that was named
anonymously is renamed from its Network's own counter (``dense_1``, ``dense_2``), so its
variables are ``mnist_model_1/dense_1/kernel:0``.  ``variables`` are the tracked layers'
variables in tracking order.  Constructing one logs TF's deprecation notice once.
"""

import collections
import inspect
import weakref

from ..eager import variable_scope as vs
from ..registry import PARTIAL, export
from ..util.deprecation import warn_deprecated
from . import base

_DEPRECATION = (
    "Please inherit from `tf.keras.Model`, and see its documentation for details. `tf.keras.Model` should be a "
    "drop-in replacement for `tfe.Network` in most cases, but note that `track_layer` is no longer necessary or "
    "supported. Instead, `Layer` instances are tracked on attribute assignment (see the section of "
    "`tf.keras.Model`'s documentation on subclassing). Since the output of `track_layer` is often assigned to an "
    "attribute anyway, most code can be ported by simply removing the `track_layer` calls.\n\n`tf.keras.Model` "
    "works with all TensorFlow `Layer` instances, including those from `tf.layers`, but switching to the "
    "`tf.keras.layers` versions along with the migration to `tf.keras.Model` is recommended, since it will "
    "preserve variable names. Feel free to import it with an alias to avoid excess typing :).")
_MODULE = "tensorflow.contrib.eager.python.network"


@export("contrib.eager.Network", status=PARTIAL,
        note="TF 1.x's tfe.Network (naming, track_layer, variables, get_layer); save/restore raise "
             "NotImplementedError: use tf.train.Checkpoint.")
class Network(base.Layer):
    """A composition of tf.layers layers registered with ``track_layer``."""

    def __init__(self, name=None):
        warn_deprecated("Network.__init__", _MODULE, _DEPRECATION)
        if isinstance(name, vs.VariableScope):
            raise ValueError("VariableScopes are not valid Network names.")
        if name is not None and "/" in name:
            raise ValueError("Forward slashes ('/') are not allowed in Network names.")
        super().__init__(name=name)
        self._sub_layer_name_uids = collections.Counter()
        self._first_parent = None  # a weak reference to the first parent, or False for a top-level network
        self._non_network_sublayers = []
        self._owned_layers = {}
        self._default_parent_variable_scope = vs.get_variable_scope()

    def _init_set_name(self, name, zero_based=True):
        # An anonymous Network is named later: when tracked by another Network or first called.
        self._name = name
        self._base_name = None

    def _finalize_name(self, parent_network):
        if not self._name:
            name_uid_map = parent_network._sub_layer_name_uids if parent_network else None
            avoid_names = parent_network._owned_layers if parent_network else None
            self._name, self._base_name = self._make_unique_name(name_uid_map=name_uid_map,
                                                                 avoid_names=avoid_names)
        if self._first_parent is None or (self._first_parent and self._first_parent() is None):
            self._first_parent = weakref.ref(parent_network) if parent_network else parent_network

    def _set_scope(self, scope=None):
        if self._scope is not None:
            return
        first_parent = self._first_parent() if self._first_parent else None
        if first_parent is None:
            self._finalize_name(parent_network=False)
        if scope is not None:
            raise ValueError("Networks may not be created with explicit scopes.")
        if first_parent:
            first_parent._set_scope()
            parent_scope = first_parent._scope
        else:
            parent_scope = self._default_parent_variable_scope
        with vs.variable_scope(parent_scope):
            with vs.variable_scope(None, use_resource=True, default_name=self._name) as scope:
                self._scope = scope
                self._check_scope_name(scope.name, first_parent)
        for sublayer in self._non_network_sublayers:
            self._set_scope_for_nonnetwork_sublayer(sublayer)

    def _check_scope_name(self, scope_name, first_parent):
        suffix_start = scope_name.rfind("/") + 1
        scope_suffix, scope_prefix = scope_name[suffix_start:], scope_name[:suffix_start]
        if scope_suffix != self._name:
            raise ValueError(f"A Network named '{self._name}' already exists (or a variable_scope was created with "
                             "this name). Names must be unique.")
        if first_parent and scope_prefix[:-1] != first_parent._scope.name:
            raise ValueError(f"Network variable names must match a nesting of sub-Network names. Expected prefix "
                             f"'{first_parent._scope.name}' from parent network, but got '{scope_prefix[:-1]}' "
                             f"when attempting to create a variable_scope for Network '{self._name}'. Likely an "
                             "explicit variable_scope was inserted into the nesting.")
        if not first_parent and scope_prefix:
            raise ValueError("Creating Networks inside named variable_scopes is currently not supported (to ensure "
                             "that variable names match the names of Networks in which they were first created). "
                             "To set options, try `with tf.variable_scope(''):`. If this limitation bothers you, "
                             "please file a feature request.")

    def _set_scope_for_nonnetwork_sublayer(self, sublayer):
        if sublayer._scope is not None:
            return
        parent = sublayer._first_parent() if getattr(sublayer, "_first_parent", None) else None
        if not parent:
            self._finalize_name(False)
            raise ValueError(f"The parent of a Layer added to Network {self.name} was garbage collected before the "
                             "Layer was built. If this limitation bothers you please, comment on "
                             "https://github.com/tensorflow/tensorflow/issues/14164.")
        parent._set_scope()
        with vs.variable_scope(parent._scope):
            with vs.variable_scope(None, use_resource=True, default_name=sublayer.name) as sub_scope:
                sublayer._scope = sub_scope

    @property
    def name(self):
        if self._name is None:
            raise ValueError("The network does not yet have a final name, but a name was requested for it. "
                             "Networks get a name when they are added to another Network via track_layer, or "
                             "when they are first called/built.")
        return self._name

    def track_layer(self, layer):
        """Register ``layer`` (a tf.layers layer) so its variables are this Network's; returns it."""
        if "_owned_layers" not in self.__dict__:
            raise RuntimeError("Need to call Network.__init__ before adding layers")
        if not isinstance(layer, base.Layer):
            raise TypeError(f"Network.track_layer() passed type {type(layer)}, not a tf.layers.Layer")
        if isinstance(layer, Network):
            layer._finalize_name(parent_network=self)
        elif not layer.built:
            first_parent = getattr(layer, "_first_parent", None)
            if first_parent is None or first_parent() is None:
                if layer._name != layer._base_name:
                    # Anonymously named: renamed from this Network's counter.
                    layer._name, layer._base_name = layer._make_unique_name(
                        name_uid_map=self._sub_layer_name_uids, avoid_names=self._owned_layers)
                layer._first_parent = weakref.ref(self)
            self._non_network_sublayers.append(layer)
        if not layer.built and layer._first_parent and self is layer._first_parent():
            if layer.name in self._owned_layers:
                if self._owned_layers[layer.name] is layer:
                    return layer
                raise ValueError(f"Attempt to add two Layers with the name '{layer.name}' to the same Network.")
            self._owned_layers[layer.name] = layer
        self._layers.append(layer)
        base.base_layer.structure_changed()
        return layer

    def get_layer(self, name=None, index=None):
        """A tracked layer by ``name`` (the first of that name) or by ``index`` (tracking order)."""
        if index is not None:
            if name is not None:
                raise ValueError("Exactly one of 'index' or 'name' must be provided")
            if len(self._layers) <= index:
                raise ValueError(f"Was asked to retrieve layer at index {index} but model only has "
                                 f"{len(self._layers)} layers.")
            return self._layers[index]
        if not name:
            raise ValueError("Provide either a layer name or layer index.")
        for layer in self._layers:
            if layer.name == name:
                return layer
        raise ValueError("No such layer: " + name)

    @property
    def weights(self):
        return [w for layer in self._layers for w in layer.weights]

    @property
    def trainable_weights(self):
        return [w for layer in self._layers for w in layer.trainable_weights]

    @property
    def non_trainable_weights(self):
        return [w for layer in self._layers for w in layer.non_trainable_weights]

    variables = weights
    trainable_variables = trainable_weights
    non_trainable_variables = non_trainable_weights

    @property
    def trainable(self):
        return True

    @trainable.setter
    def trainable(self, value):
        if not value:
            raise AttributeError("cannot mark Network as not trainable")

    @property
    def layers(self):
        return self._layers

    def add_variable(self, name, shape, dtype=None, initializer=None, regularizer=None, trainable=True,
                     constraint=None):
        raise RuntimeError("add_variable not supported in Network class yet. Please file an issue at "
                           "https://github.com/tensorflow/tensorflow/issues/new if this is important to you")

    def save(self, save_path, global_step=None, map_func=None):
        raise NotImplementedError("tfe.Network.save is not supported by tfcompat: save the Network's variables "
                                  "with tf.train.Checkpoint or tf.train.Saver.")

    def restore(self, save_path, map_func=None):
        raise NotImplementedError("tfe.Network.restore is not supported by tfcompat: restore the Network's "
                                  "variables with tf.train.Checkpoint or tf.train.Saver.")


@export("contrib.eager.Sequential", status=PARTIAL,
        note="TF 1.x's tfe.Sequential: layers and callables applied in order; save/restore as tfe.Network.")
class Sequential(Network):
    """A Network applying its layers (tracked) and callables (not tracked) in order."""

    def __init__(self, layers_funcs=None, name=None):
        warn_deprecated("Sequential.__init__", _MODULE, _DEPRECATION)
        super().__init__(name=name)
        self._layers_funcs = []
        if layers_funcs:
            for layer in layers_funcs:
                self.add(layer)

    def add(self, layer_func):
        if isinstance(layer_func, base.Layer):
            args = base.base_layer._CallSpec(type(layer_func).call).arg_names
            self.track_layer(layer_func)
        elif callable(layer_func):
            args = list(inspect.signature(layer_func).parameters)
        else:
            raise TypeError(f"Sequential.add() takes only tf.layers.Layer objects or callables; not '{layer_func}' "
                            f"of type {type(layer_func)}.")
        self._layers_funcs.append(("training" in args, layer_func))

    def call(self, inputs, training=None):
        """Call each Layer in the order they were added."""
        if training is None:
            for _, f in self._layers_funcs:
                inputs = f(inputs)
        else:
            for takes_training, f in self._layers_funcs:
                inputs = f(inputs, training=training) if takes_training else f(inputs)
        return inputs
