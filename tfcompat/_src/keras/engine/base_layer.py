"""tf.keras.layers.Layer with TF 1.x (1.15) Keras semantics under eager execution.

A layer is built on its first call (``build(input_shape)`` with the input's TensorShape), takes
its dtype from its first input, creates its weights as tf.Variables named inside its name
scope (``dense/kernel:0``; ``my_model/dense/kernel:0`` when built inside a model's call), and
tracks the layers and variables assigned to its attributes.  Weights are listed trainable
first, then non-trainable, each in creation order.

The call path is kept lean: whether ``call`` takes ``training``/``mask`` is worked out once
per class, and the name scope is entered only until the layer's first call has finished.
"""

import functools
import inspect
import threading

import numpy as np
import torch

from ...eager.variables import (UnreadVariable, Variable, VariableAggregation, VariableSynchronization, read_storage,
                                write_storage)
from ...framework import context, dtypes
from ...framework.tensor import Tensor, convert, dtype_of, wrap
from ...framework.tensor_shape import TensorShape
from ...checkpoint.tracking import attribute_assigned, unwrap_assignment, variable_created
from ...registry import PARTIAL, export
from ...util import nest
from .. import backend, constraints as constraints_module, initializers, regularizers
from .functional_call import call_symbolic, run_on_placeholders
from .input_spec import assert_input_compatibility
from .keras_tensor import KerasTensor

_ALLOWED_KWARGS = {"input_shape", "batch_input_shape", "batch_size", "weights", "activity_regularizer"}


class _CallContext(threading.local):
    """The outermost layer call in progress on this thread, and the training value it passes down."""

    in_call = False
    training = None


_call_context = _CallContext()
_pending_losses = [False]  # True while some layer holds losses added during a call
_structure_version = [0]  # bumped whenever any layer's weights or sub-layers change (weight list caches)


def structure_changed():
    _structure_version[0] += 1


class _CallSpec:
    """What a ``call`` signature accepts, worked out once per class."""

    __slots__ = ("expects_training", "expects_mask", "training_position", "mask_position", "accepts_kwargs",
                 "arg_names", "names_training", "names_mask")

    def __init__(self, call):
        parameters = list(inspect.signature(call).parameters.values())[1:]  # drop self
        names = [p.name for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
        self.arg_names = names
        self.names_training = "training" in names  # named in the signature (Sequential passes it then)
        self.names_mask = "mask" in names
        self.accepts_kwargs = any(p.kind is p.VAR_KEYWORD for p in parameters)
        self.expects_training = "training" in {p.name for p in parameters} or self.accepts_kwargs
        self.expects_mask = "mask" in {p.name for p in parameters} or self.accepts_kwargs
        # Index in ``args`` (after ``inputs``) where ``training`` may be passed positionally.
        self.training_position = names.index("training") - 1 if "training" in names[1:] else None
        self.mask_position = names.index("mask") - 1 if "mask" in names[1:] else None


def default(method):
    """Marks a base-class method that subclasses may override (TF's base_layer_utils.default)."""
    method._is_default = True
    return method


@export("keras.layers.Layer", status=PARTIAL,
        note="TF 1.x Keras layer under eager execution; `dynamic` is accepted and ignored.")
class Layer:
    """Base class of all Keras layers: ``call(inputs)`` holds the computation, ``build(input_shape)``
    creates the weights on the first call."""

    _sublayer_weights_first = False  # a Model lists its sub-layers' weights before its own
    _overrides_compute_mask = False
    _is_graph_network = False

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls._call_spec = _CallSpec(cls.call)
        cls._overrides_compute_mask = cls.compute_mask is not Layer.compute_mask

    def __init__(self, trainable=True, name=None, dtype=None, dynamic=False, **kwargs):
        for kwarg in kwargs:
            if kwarg not in _ALLOWED_KWARGS:
                raise TypeError("Keyword argument not understood:", kwarg)
        self._init_tracking()
        self._trainable = trainable
        self._stateful = False
        self.built = False
        self._first_call_done = False
        self.input_spec = None
        self.supports_masking = False
        self._dynamic = dynamic
        self._init_set_name(name)
        self._dtype = None if dtype is None else dtypes.as_dtype(dtype).name
        self._activity_regularizer = kwargs.pop("activity_regularizer", None)
        self._initial_weights = kwargs.get("weights")
        if "input_shape" in kwargs or "batch_input_shape" in kwargs:
            if "batch_input_shape" in kwargs:
                batch_input_shape = tuple(kwargs["batch_input_shape"])
            else:
                batch_input_shape = (kwargs.get("batch_size"),) + tuple(kwargs["input_shape"])
            self._batch_input_shape = batch_input_shape

    def _init_tracking(self):
        """The attribute tracking state; set before anything is assigned."""
        object.__setattr__(self, "_trainable_weights", [])
        object.__setattr__(self, "_non_trainable_weights", [])
        object.__setattr__(self, "_layers", [])
        object.__setattr__(self, "_obj_reference_counts", {})
        object.__setattr__(self, "_eager_losses", [])
        object.__setattr__(self, "_callable_losses", [])
        object.__setattr__(self, "_updates", [])
        object.__setattr__(self, "_inbound_nodes", [])
        object.__setattr__(self, "_outbound_nodes", [])

    def _init_set_name(self, name, zero_based=True):
        if not name:
            self._name = backend.unique_object_name(backend.to_snake_case(type(self).__name__),
                                                    zero_based=zero_based)
        elif isinstance(name, str):
            self._name = name
        else:
            raise TypeError(f"Expected `name` argument to be a string, but got: {name}")

    # --- the methods subclasses implement --------------------------------------------------------

    @default
    def build(self, input_shape):
        """Create the weights; called once, with the first input's TensorShape."""
        self.built = True

    def call(self, inputs, **kwargs):
        """The layer's computation (the identity here)."""
        return inputs

    @default
    def compute_output_shape(self, input_shape):
        """The output's shape for an input of ``input_shape``: worked out by running the layer."""
        return run_on_placeholders(self, input_shape)

    def compute_mask(self, inputs, mask=None):
        if not self.supports_masking:
            if mask is not None:
                for m in nest.flatten(mask):
                    if m is not None:
                        raise TypeError(f"Layer {self.name} does not support masking, but was passed an "
                                        "input_mask: " + str(mask))
            return None
        return mask

    def get_config(self):
        config = {"name": self.name, "trainable": self.trainable}
        if hasattr(self, "_batch_input_shape"):
            config["batch_input_shape"] = self._batch_input_shape
        config["dtype"] = self._dtype
        return config

    @classmethod
    def from_config(cls, config):
        return cls(**config)

    # --- calling ---------------------------------------------------------------------------------

    def __call__(self, inputs, *args, **kwargs):
        if type(inputs) is not Tensor:
            inputs = _convert_non_tensors(inputs)
            if any(type(x) is KerasTensor for x in nest.flatten(inputs)):
                return call_symbolic(self, inputs, args, kwargs)
        state = _call_context
        spec = self._call_spec
        if "training" in kwargs:
            training = kwargs["training"]
            if not spec.expects_training:
                kwargs = dict(kwargs)
                del kwargs["training"]
        elif spec.training_position is not None and len(args) > spec.training_position:
            training = args[spec.training_position]
        else:
            training = state.training
            if training is None and backend._session.learning_phase is not None:
                training = backend._session.learning_phase
            if training is not None and spec.expects_training:
                kwargs["training"] = training
        if "mask" in kwargs:
            input_masks = kwargs["mask"]
        elif spec.mask_position is not None and len(args) > spec.mask_position:
            input_masks = args[spec.mask_position]
        else:
            input_masks = getattr(inputs, "_keras_mask", None) if type(inputs) is Tensor else _input_masks(inputs)
            if input_masks is not None and spec.expects_mask:
                kwargs["mask"] = input_masks
        outer_in_call, outer_training = state.in_call, state.training
        if not outer_in_call and _pending_losses[0]:
            self._clear_losses()
        state.in_call, state.training = True, training
        try:
            if not self._first_call_done:
                outputs = self._first_call(inputs, args, kwargs)
            else:
                outputs = self.call(inputs, *args, **kwargs)
                if self._activity_regularizer is not None:
                    self._handle_activity_regularization(outputs)
            if input_masks is not None or self._overrides_compute_mask:
                self._set_mask_metadata(inputs, outputs, input_masks)
            return outputs
        finally:
            state.in_call, state.training = outer_in_call, outer_training

    def _set_mask_metadata(self, inputs, outputs, input_masks):
        """Each output's ``_keras_mask``: ``compute_mask`` of the inputs and their masks where the layer
        supports masking or computes masks of its own, else None (TF 1.15's _set_mask_metadata)."""
        flat_outputs = nest.flatten(outputs)
        if all(getattr(x, "_keras_mask", None) is not None for x in flat_outputs):
            return
        if self.supports_masking or self._overrides_compute_mask:
            masks = self.compute_mask(inputs, input_masks)
            flat_masks = [None] * len(flat_outputs) if masks is None else nest.flatten(masks)
        else:
            flat_masks = [None] * len(flat_outputs)
        for output, mask in zip(flat_outputs, flat_masks):
            try:
                output._keras_mask = mask
            except AttributeError:
                pass

    def apply(self, inputs, *args, **kwargs):
        """The layer called on ``inputs`` (TF 1.x's alias of __call__)."""
        return self.__call__(inputs, *args, **kwargs)

    def _first_call(self, inputs, args, kwargs):
        """A call before the layer has completed one: inside its name scope, building it first."""
        with context.name_scope(self._name_scope()):
            self._maybe_build(inputs)
            outputs = self.call(inputs, *args, **kwargs)
        if self._activity_regularizer is not None:
            self._handle_activity_regularization(outputs)
        self._first_call_done = True
        return outputs

    def _name_scope(self):
        return self.name

    def _maybe_build(self, inputs):
        if self.built:
            return
        assert_input_compatibility(self.input_spec, inputs, self.name)
        input_list = nest.flatten(inputs)
        if input_list and self._dtype is None:
            try:
                self._dtype = input_list[0].dtype.base_dtype.name
            except AttributeError:
                pass
        input_shapes = None
        if all(hasattr(x, "shape") for x in input_list):
            input_shapes = nest.map_structure(lambda x: TensorShape(x.shape), inputs)
        if not hasattr(self.build, "_is_default"):
            self.build(input_shapes)
        self.built = True
        if self._initial_weights is not None:
            self.set_weights(self._initial_weights)
            self._initial_weights = None

    def _handle_activity_regularization(self, outputs):
        for output in nest.flatten(outputs):
            activity_loss = convert(self._activity_regularizer(output))
            batch_size = convert(output).shape[0]
            self.add_loss(wrap(activity_loss / batch_size))

    # --- weights ---------------------------------------------------------------------------------

    def add_weight(self, name=None, shape=None, dtype=None, initializer=None, regularizer=None,
                   trainable=None, constraint=None, partitioner=None, use_resource=None,
                   synchronization=VariableSynchronization.AUTO, aggregation=VariableAggregation.NONE,
                   **kwargs):
        """A new variable ``<layer scope>/name`` of ``shape``, tracked by this layer."""
        for kwarg in kwargs:
            if kwarg not in ("getter", "collections", "experimental_autocast", "caching_device"):
                raise TypeError("Unknown keyword argument:", kwarg)
        getter = kwargs.pop("getter", None)
        shape = () if shape is None else shape
        dtype = dtypes.as_dtype(dtype if dtype is not None else self._dtype or backend.floatx())
        initializer = initializers.get(initializer)
        regularizer = regularizers.get(regularizer)
        constraint = constraints_module.get(constraint)
        if synchronization == VariableSynchronization.ON_READ:
            if trainable:
                raise ValueError("Synchronization value can be set to VariableSynchronization.ON_READ only "
                                 "for non-trainable variables. You have specified trainable=True and "
                                 "synchronization=VariableSynchronization.ON_READ.")
            trainable = False
        elif trainable is None:
            trainable = True
        if initializer is None:
            if dtype.is_floating:
                initializer = initializers.get("glorot_uniform")
            elif dtype.is_integer or dtype.is_unsigned or dtype.is_bool:
                initializer = initializers.get("zeros")
            else:
                raise ValueError(f"An initializer for variable {name} of type {dtype.base_dtype} is required "
                                 f"for layer {self.name}")
        if getter is not None:
            variable = getter(name=name, shape=shape, dtype=dtype, initializer=initializer,
                              trainable=trainable, constraint=constraint)
        else:
            variable = make_variable(name, shape, dtype, initializer, trainable, constraint)
        if regularizer is not None:
            self._handle_weight_regularization(variable.name[:variable.name.find(":")], variable, regularizer)
        (self._trainable_weights if trainable else self._non_trainable_weights).append(variable)
        structure_changed()
        variable_created(self, name, variable)  # checkpoints: the weight's name, a deferred restore
        return variable

    def add_variable(self, *args, **kwargs):
        """Alias of add_weight."""
        return self.add_weight(*args, **kwargs)

    def _handle_weight_regularization(self, name, variable, regularizer):
        def loss_for_variable(v):
            with context.name_scope(name + "/Regularizer"):
                return regularizer(v)

        self.add_loss(functools.partial(loss_for_variable, variable))

    @property
    def trainable(self):
        return self._trainable

    @trainable.setter
    def trainable(self, value):
        self._trainable = value
        for layer in self._sublayers():
            layer.trainable = value
        structure_changed()

    @property
    def trainable_weights(self):
        return list(self._weight_lists()[0])

    @property
    def non_trainable_weights(self):
        return list(self._weight_lists()[1])

    @property
    def weights(self):
        return list(self._weight_lists()[2])

    def _weight_lists(self):
        """(trainable, non-trainable, all) weights in TF 1.x order, cached until a layer changes (not
        cached while lists or dicts of layers, which can change unseen, are tracked)."""
        cache = self.__dict__.get("_weight_cache")
        if cache is not None and cache[0] == _structure_version[0]:
            return cache[1]
        sublayers = self._sublayers()
        if self._trainable:
            trainable = self._ordered(self._trainable_weights, [w for layer in sublayers
                                                                for w in layer._weight_lists()[0]])
            non_trainable = self._ordered(self._non_trainable_weights, [w for layer in sublayers
                                                                        for w in layer._weight_lists()[1]])
        else:
            trainable = []
            nested = [w for layer in sublayers for w in layer._weight_lists()[2]]
            non_trainable = self._ordered(self._trainable_weights + self._non_trainable_weights, nested)
        lists = (trainable, non_trainable, trainable + non_trainable)
        if self._static_structure():
            object.__setattr__(self, "_weight_cache", (_structure_version[0], lists))
        return lists

    def _ordered(self, own, nested):
        return _dedup(nested + own if self._sublayer_weights_first else own + nested)

    def _static_structure(self):
        """False while a tracked list or dict holds layers or is empty (layers may be added to it)."""
        for entry in self._layers:
            if isinstance(entry, Layer):
                if not entry._static_structure():
                    return False
            elif not entry or any(isinstance(item, Layer) for item in _flatten_trackables(entry)):
                return False
        return True

    variables = weights
    trainable_variables = trainable_weights
    non_trainable_variables = non_trainable_weights

    def get_weights(self):
        return [wrap(read_storage(w)).numpy() for w in self.weights]

    def set_weights(self, weights):
        params = self.weights
        if len(params) != len(weights):
            raise ValueError(f'You called `set_weights(weights)` on layer "{self.name}" with a  weight list of '
                             f"length {len(weights)}, but the layer was expecting {len(params)} weights. "
                             f"Provided weights: {str(weights)[:50]}...")
        for param, value in zip(params, weights):
            value = np.asarray(value)
            if tuple(param.shape.as_list()) != value.shape:
                raise ValueError(f"Layer weight shape {tuple(param.shape.as_list())} not compatible with provided "
                                 f"weight shape {value.shape}")
        for param, value in zip(params, weights):
            value = np.asarray(value, dtype=param.dtype.as_numpy_dtype)
            write_storage(param, _in_layout_of(read_storage(param), value))

    def count_params(self):
        if not self.built:
            if getattr(self, "_is_graph_network", False):
                self.built = True
            else:
                raise ValueError(f"You tried to call `count_params` on {self.name}, but the layer isn't built. "
                                 f"You can build it manually via: `{self.name}.build(batch_input_shape)`.")
        return int(sum(np.prod(w.shape.as_list()) for w in _dedup(self.weights)))

    # --- losses and updates ----------------------------------------------------------------------

    def add_loss(self, losses, inputs=None):
        """Add loss tensors, or zero-argument callables evaluated whenever ``losses`` is read."""
        for loss in nest.flatten(losses):
            if loss is None:
                continue
            if callable(loss):
                self._callable_losses.append(loss)
            else:
                self._eager_losses.append(loss if isinstance(loss, Tensor) else wrap(convert(loss)))
                _pending_losses[0] = True

    @property
    def losses(self):
        collected = list(self._eager_losses)
        for regularizer in self._callable_losses:
            loss = regularizer()
            if loss is not None:
                collected.append(loss)
        return collected + [loss for layer in self._sublayers() for loss in layer.losses]

    def _clear_losses(self):
        """Forget the losses of the previous call (the outermost call does this, as in TF)."""
        object.__setattr__(self, "_eager_losses", [])
        for layer in self._sublayers():
            layer._clear_losses()
        _pending_losses[0] = False

    def add_update(self, updates, inputs=None):
        """Under eager execution an update runs when it is added; callables are called."""
        for update in nest.flatten(updates):
            if callable(update):
                update()

    @property
    def updates(self):
        """Updates kept for later (none under eager execution: they run when added)."""
        updates = [u() if callable(u) else u for u in self._updates] if self._trainable or self._stateful else []
        return updates + [u for layer in self._sublayers() for u in layer.updates]

    def get_losses_for(self, inputs):
        return self.losses if inputs is None else []

    def get_updates_for(self, inputs):
        return []

    # --- attributes ------------------------------------------------------------------------------

    @property
    def name(self):
        return self._name

    @property
    def dtype(self):
        return self._dtype

    @property
    def dynamic(self):
        return self._dynamic

    @property
    def stateful(self):
        return self._stateful

    @stateful.setter
    def stateful(self, value):
        self._stateful = value

    @property
    def activity_regularizer(self):
        return self._activity_regularizer

    @activity_regularizer.setter
    def activity_regularizer(self, regularizer):
        self._activity_regularizer = regularizer

    @property
    def input_spec(self):
        return self._input_spec

    @input_spec.setter
    def input_spec(self, value):
        object.__setattr__(self, "_input_spec", value)

    @property
    def inbound_nodes(self):
        return self._inbound_nodes

    @property
    def outbound_nodes(self):
        return self._outbound_nodes

    def _single_node_attribute(self, attribute, what):
        if not self._inbound_nodes:
            raise AttributeError(f"Layer {self.name} is not connected, no input to return."
                                 if what == "input" else
                                 "The layer has never been called and thus has no defined " + what + ".")
        values = {str(getattr(node, attribute)) for node in self._inbound_nodes}
        if len(values) != 1 and attribute in ("input_shapes", "output_shapes"):
            raise AttributeError(f'The layer "{self.name}" has multiple inbound nodes, with different '
                                 f"{what}s. Hence the notion of \"{what}\" is ill-defined for the layer. "
                                 f"Use `get_{what}_at(node_index)` instead.")
        if len(self._inbound_nodes) > 1 and attribute not in ("input_shapes", "output_shapes"):
            raise AttributeError(f"Layer {self.name} has multiple inbound nodes, hence the notion of \"layer "
                                 f"{what}\" is ill-defined. Use `get_{what}_at(node_index)` instead.")
        return getattr(self._inbound_nodes[0], attribute)

    @property
    def input(self):
        return self._single_node_attribute("input_tensors", "input")

    @property
    def output(self):
        return self._single_node_attribute("output_tensors", "output")

    @property
    def input_shape(self):
        return self._single_node_attribute("input_shapes", "input shape")

    @property
    def output_shape(self):
        return self._single_node_attribute("output_shapes", "output shape")

    def _node_attribute_at(self, node_index, attribute, what):
        if not self._inbound_nodes:
            raise RuntimeError(f"The layer has never been called and thus has no defined {what}.")
        if not len(self._inbound_nodes) > node_index:
            raise ValueError(f"Asked to get {what} at node {node_index}, but the layer has only "
                             f"{len(self._inbound_nodes)} inbound nodes.")
        values = getattr(self._inbound_nodes[node_index], attribute)
        if isinstance(values, list) and len(values) == 1:
            return values[0]
        return values

    def get_input_at(self, node_index):
        return self._node_attribute_at(node_index, "input_tensors", "input")

    def get_output_at(self, node_index):
        return self._node_attribute_at(node_index, "output_tensors", "output")

    def get_input_shape_at(self, node_index):
        return self._node_attribute_at(node_index, "input_shapes", "input shape")

    def get_output_shape_at(self, node_index):
        return self._node_attribute_at(node_index, "output_shapes", "output shape")

    def get_input_mask_at(self, node_index):
        """The masks of the node's inputs: None (masks travel on eager tensors; symbolic Keras tensors carry none)."""
        inputs = self.get_input_at(node_index)
        return [None] * len(inputs) if isinstance(inputs, list) else None

    def get_output_mask_at(self, node_index):
        outputs = self.get_output_at(node_index)
        return [None] * len(outputs) if isinstance(outputs, list) else None

    # --- attribute tracking ----------------------------------------------------------------------

    def __setattr__(self, name, value):
        if getattr(self, "_is_graph_network", False) or hasattr(type(self), name):
            object.__setattr__(self, name, value)
            return
        value = unwrap_assignment(self, name, value)  # a NoDependency: its value, no checkpoint dependency
        counts = self.__dict__.get("_obj_reference_counts")
        if counts is None:  # assigned before Layer.__init__ ran
            self._before_init(value)
            self._init_tracking()
            counts = self._obj_reference_counts
        if name in self.__dict__:
            self._untrack(self.__dict__[name])
        object.__setattr__(self, name, value)
        self._track(value)
        attribute_assigned(self, name, value)  # restored now if a checkpoint waits for it

    def _before_init(self, value):
        """An attribute set before Layer.__init__ (a Model refuses layers there, as TF does)."""

    def __delattr__(self, name):
        existing = self.__dict__.get(name)
        object.__delattr__(self, name)
        if existing is not None and self.__dict__.get("_obj_reference_counts") is not None:
            self._untrack(existing)

    def _track(self, value):
        if not _is_trackable(value):
            return
        counts = self._obj_reference_counts
        counts[id(value)] = counts.get(id(value), 0) + 1
        for item in _flatten_trackables(value):
            if isinstance(item, Variable) and not isinstance(item, UnreadVariable):  # not assign()'s result
                if not any(item is w for w in self._trainable_weights + self._non_trainable_weights):
                    (self._trainable_weights if item.trainable else self._non_trainable_weights).append(item)
        if isinstance(value, Layer) or isinstance(value, (list, tuple, dict)):
            if not any(entry is value for entry in self._layers):
                self._layers.append(value)
        structure_changed()

    def _untrack(self, value):
        if not _is_trackable(value):
            return
        counts = self._obj_reference_counts
        key = id(value)
        if key not in counts:
            return
        counts[key] -= 1
        if counts[key] > 0:
            return
        del counts[key]
        self._layers[:] = [entry for entry in self._layers if entry is not value]
        for item in _flatten_trackables(value):
            if isinstance(item, Variable):
                for weights in (self._trainable_weights, self._non_trainable_weights):
                    weights[:] = [w for w in weights if w is not item]
        structure_changed()

    def _sublayers(self):
        """The layers tracked by this one, in assignment order (containers expanded), each once."""
        cache = self.__dict__.get("_sublayer_cache")
        if cache is not None and cache[0] == _structure_version[0]:
            return cache[1]
        found = self._find_sublayers()
        if self._static_structure():
            object.__setattr__(self, "_sublayer_cache", (_structure_version[0], found))
        return found

    def _find_sublayers(self):
        found = []
        for entry in self._layers:
            for item in ([entry] if isinstance(entry, Layer) else _flatten_trackables(entry)):
                if isinstance(item, Layer) and not any(item is f for f in found):
                    found.append(item)
        return found

    @property
    def submodules(self):
        found = []
        for layer in self._sublayers():
            found.append(layer)
            found.extend(layer.submodules)
        return found


def _input_masks(inputs):
    """The ``_keras_mask`` of each input (TF's _collect_input_masks), None when no input has one."""
    if not isinstance(inputs, (list, tuple, dict)):
        return None
    masks = nest.map_structure(lambda x: getattr(x, "_keras_mask", None), inputs)
    return None if all(m is None for m in nest.flatten(masks)) else masks


def _is_trackable(value):
    return isinstance(value, (Layer, Variable, list, tuple, dict))


def _flatten_trackables(value):
    """The layers and variables inside ``value`` (lists, tuples and dicts searched, dict keys sorted)."""
    if isinstance(value, (Layer, Variable)):
        return [value]
    if isinstance(value, dict):
        items = [value[key] for key in _sorted_keys(value)]
    elif isinstance(value, (list, tuple)):
        items = value
    else:
        return []
    return [found for item in items for found in _flatten_trackables(item)]


def _sorted_keys(mapping):
    try:
        return sorted(mapping)
    except TypeError:
        return list(mapping)


def _dedup(weights):
    seen = set()
    output = []
    for w in weights:
        if id(w) not in seen:
            seen.add(id(w))
            output.append(w)
    return output


def _convert_non_tensors(inputs):
    """NumPy arrays and Python numbers become tensors, as TF 1.x Layer.__call__ converts them."""
    if isinstance(inputs, (np.ndarray, float, int)):
        return wrap(convert(inputs))
    if isinstance(inputs, (list, tuple, dict)) and any(isinstance(x, (np.ndarray, float, int))
                                                       for x in nest.flatten(inputs)):
        return nest.map_structure(
            lambda x: wrap(convert(x)) if isinstance(x, (np.ndarray, float, int)) else x, inputs)
    return inputs


def _in_layout_of(storage, array):
    """A new torch tensor holding ``array``, with the dtype, device and memory layout of the torch
    tensor ``storage`` (a column-major kernel's new value is column-major too)."""
    return torch.empty_like(storage).copy_(convert(array, dtype_of(storage)))


def make_variable(name, shape, dtype, initializer, trainable, constraint):
    """A layer weight: ``initializer(shape, dtype)`` (or a value) in a tf.Variable named in the
    current name scope."""
    if initializer is not None and not callable(initializer):
        return Variable(initializer, trainable=trainable, name=name, constraint=constraint)
    if inspect.isclass(initializer):
        initializer = initializer()
    dims = TensorShape(shape).as_list()
    return Variable(lambda: initializer(dims, dtype=dtype), trainable=trainable, name=name, dtype=dtype,
                    constraint=constraint)
