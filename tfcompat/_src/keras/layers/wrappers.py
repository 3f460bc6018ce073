"""Layer wrappers (TF 1.15 keras/layers/wrappers.py): Wrapper, TimeDistributed, Bidirectional.

As in TF 1.15, TimeDistributed builds its layer outside any name scope of the layer's own
(``time_distributed/kernel:0``), and Bidirectional builds its copies inside ``forward_<name>`` and
``backward_<name>`` (``bidirectional/forward_lstm/kernel:0``).
"""

import torch

from ...framework import context
from ...framework.tensor import convert, wrap
from ...framework.tensor_shape import TensorShape
from ...registry import export
from ...util import nest
from ..engine.base_layer import Layer
from ..engine.input_spec import InputSpec
from ..engine.keras_tensor import KerasTensor
from .recurrent import RNN
from .recurrent_cells import StackedRNNCells


@export("keras.layers.Wrapper")
class Wrapper(Layer):
    """A layer that runs another layer (``self.layer``)."""

    def __init__(self, layer, **kwargs):
        if not isinstance(layer, Layer):
            raise ValueError(f"Please initialize `{type(self).__name__}` layer with a `Layer` instance. You passed: "
                             f"{layer}")
        super().__init__(**kwargs)
        self.layer = layer
        # TF 1.15's Wrapper.activity_regularizer is the wrapped layer's: applied to the wrapper's output
        object.__setattr__(self, "_activity_regularizer", getattr(layer, "_activity_regularizer", None))

    def build(self, input_shape=None):
        if not self.layer.built:
            self.layer.build(input_shape)
            self.layer.built = True
        self.built = True

    @property
    def activity_regularizer(self):
        layer = self.__dict__.get("layer")
        return getattr(layer, "activity_regularizer", None) if layer is not None else None

    @activity_regularizer.setter
    def activity_regularizer(self, value):
        pass  # the wrapped layer's is the one that counts

    def get_config(self):
        config = {"layer": {"class_name": type(self.layer).__name__, "config": self.layer.get_config()}}
        return {**super().get_config(), **config}

    @classmethod
    def from_config(cls, config, custom_objects=None):
        from ..saving.model_config import deserialize
        config = dict(config)
        layer = deserialize(config.pop("layer"), custom_objects=custom_objects)
        num_constants = config.pop("num_constants", 0)
        wrapper = cls(layer, **config)
        if num_constants:
            wrapper._num_constants = num_constants
        return wrapper


@export("keras.layers.TimeDistributed")
class TimeDistributed(Wrapper):
    """Applies ``layer`` to every time step (axis 1) of its input, as one batch of ``batch * time``."""

    def __init__(self, layer, **kwargs):
        super().__init__(layer, **kwargs)
        self.supports_masking = True

    def _child_shape(self, input_shape):
        dims = TensorShape(input_shape).as_list()
        return TensorShape([dims[0]] + dims[2:])

    def build(self, input_shape):
        input_shape = TensorShape(input_shape)
        if input_shape.rank is None or input_shape.rank < 3:
            raise ValueError("`TimeDistributed` Layer should be passed an `input_shape ` with at least 3 dimensions, "
                             f"received: {input_shape}")
        self.input_spec = InputSpec(shape=[None, None] + input_shape.as_list()[2:])
        super().build(self._child_shape(input_shape))

    def compute_output_shape(self, input_shape):
        dims = TensorShape(input_shape).as_list()
        child = TensorShape(self.layer.compute_output_shape(self._child_shape(input_shape))).as_list()
        return TensorShape([child[0], dims[1]] + child[1:])

    def call(self, inputs, training=None, mask=None):
        x = convert(inputs)
        if x.dim() < 3:
            raise ValueError("`TimeDistributed` Layer should be passed an `input_shape ` with at least 3 dimensions, "
                             f"received: {list(x.shape)}")
        batch, time = x.shape[0], x.shape[1]
        spec = self.layer._call_spec
        kwargs = {"training": training} if spec.expects_training and training is not None else {}
        if mask is not None and spec.names_mask:
            kwargs["mask"] = _merge_time(mask)
        y = convert(self.layer.call(_merge_time(inputs), **kwargs))
        return wrap(y.reshape((batch, time) + tuple(y.shape[1:])))

    def compute_mask(self, inputs, mask=None):
        """The wrapped layer's mask of each time step; where it gives none for a mask with more axes
        than (batch, time), the steps that have any unmasked entry (TF 1.15's TimeDistributed.compute_mask)."""
        layer = self.layer
        if mask is None and not layer._overrides_compute_mask:
            return None
        if not (layer.supports_masking or layer._overrides_compute_mask):
            return None
        x = convert(inputs)
        batch, time = x.shape[0], x.shape[1]
        inner = layer.compute_mask(_merge_time(inputs), None if mask is None else _merge_time(mask))
        if inner is None:
            given = None if mask is None else convert(mask)
            return wrap(given.any(-1)) if given is not None and given.dim() > 2 else None
        inner = convert(inner)
        return wrap(inner.reshape((batch, time) + tuple(inner.shape[1:])))


def _merge_time(value):
    """``value [batch, time, ...]`` as ``[batch * time, ...]``."""
    x = convert(value)
    return wrap(x.reshape((x.shape[0] * x.shape[1],) + tuple(x.shape[2:])))


def _recreated(layer, go_backwards):
    """A new layer with ``layer``'s configuration and fresh weights, running the other way when
    ``go_backwards`` is True (a plain RNN's cell is recreated from its own configuration)."""
    config = layer.get_config()
    if go_backwards:
        config["go_backwards"] = not config["go_backwards"]
    if type(layer) is RNN:
        config.pop("cell")
        num_constants = config.pop("num_constants", 0)
        copy = RNN(_recreated_cell(layer.cell), **config)
        object.__setattr__(copy, "_num_constants", num_constants)
        return copy
    return type(layer).from_config(config)


def _recreated_cell(cell):
    if isinstance(cell, StackedRNNCells):
        return StackedRNNCells([_recreated_cell(c) for c in cell.cells])
    return type(cell).from_config(cell.get_config())


_MERGE_MODES = ("sum", "mul", "ave", "concat", None)


def _split_extra(extra, num_constants):
    """(initial states, constants) from the inputs after the first."""
    if not num_constants:
        return list(extra), []
    return list(extra[:-num_constants]), list(extra[-num_constants:])


@export("keras.layers.Bidirectional")
class Bidirectional(Wrapper):
    """Runs an RNN forwards and a copy of it backwards, and merges their outputs (``merge_mode``:
    concat, sum, mul, ave, or None for the pair)."""

    def __init__(self, layer, merge_mode="concat", weights=None, backward_layer=None, **kwargs):
        if not isinstance(layer, Layer):
            raise ValueError(f"Please initialize `Bidirectional` layer with a `Layer` instance. You passed: {layer}")
        if backward_layer is not None and not isinstance(backward_layer, Layer):
            raise ValueError(f"`backward_layer` need to be a `Layer` instance. You passed: {backward_layer}")
        if merge_mode not in _MERGE_MODES:
            raise ValueError("Invalid merge mode. Merge mode should be one of "
                             '{"sum", "mul", "ave", "concat", None}')
        Layer.__init__(self, **kwargs)
        object.__setattr__(self, "layer", layer)  # the two copies are tracked, not the original
        self.forward_layer = _recreated(layer, go_backwards=False)
        self.backward_layer = _recreated(layer, go_backwards=True) if backward_layer is None else backward_layer
        self.forward_layer._name = "forward_" + self.forward_layer.name
        self.backward_layer._name = "backward_" + self.backward_layer.name
        self._verify_layer_config()
        for copy in (self.forward_layer, self.backward_layer):
            if getattr(copy, "zero_output_for_mask", None) is not None:
                copy.zero_output_for_mask = copy.return_sequences
        self.merge_mode = merge_mode
        if weights:
            half = len(weights) // 2
            self.forward_layer._initial_weights = weights[:half]
            self.backward_layer._initial_weights = weights[half:]
        self.stateful = layer.stateful
        self.return_sequences = layer.return_sequences
        self.return_state = layer.return_state
        self.supports_masking = True
        self._num_constants = 0

    def _verify_layer_config(self):
        forward, backward = self.forward_layer, self.backward_layer
        if forward.go_backwards == backward.go_backwards:
            raise ValueError("Forward layer and backward layer should have different `go_backwards` value."
                             f"forward_layer.go_backwards = {forward.go_backwards},"
                             f"backward_layer.go_backwards = {backward.go_backwards}")
        for attribute in ("stateful", "return_sequences", "return_state"):
            if getattr(forward, attribute) != getattr(backward, attribute):
                raise ValueError("Forward layer and backward layer are expected to have the same value for attribute "
                                 f"{attribute}, got {getattr(forward, attribute)} and {getattr(backward, attribute)}")

    def build(self, input_shape):
        if isinstance(input_shape, list) and input_shape and not isinstance(input_shape[0], (int, type(None))):
            input_shape = input_shape[0]
        for copy in (self.forward_layer, self.backward_layer):
            with context.name_scope(copy.name):
                copy.build(input_shape)
                copy.built = True
                if copy._initial_weights is not None:
                    copy.set_weights(copy._initial_weights)
                    copy._initial_weights = None
        self.built = True

    def compute_output_shape(self, input_shape):
        if isinstance(input_shape, list) and input_shape and not isinstance(input_shape[0], (int, type(None))):
            input_shape = input_shape[0]
        output_shape = self.forward_layer.compute_output_shape(input_shape)
        state_shapes = []
        if self.return_state:
            state_shapes = list(output_shape[1:]) * 2
            output_shape = output_shape[0]
        if self.merge_mode == "concat":
            dims = TensorShape(output_shape).as_list()
            dims[-1] = None if dims[-1] is None else dims[-1] * 2
            output_shape = TensorShape(dims)
        elif self.merge_mode is None:
            output_shape = [output_shape, output_shape]
        if self.return_state:
            return (output_shape if self.merge_mode is None else [output_shape]) + state_shapes
        return output_shape

    def __call__(self, inputs, initial_state=None, constants=None, **kwargs):
        """Keras tensors given as ``initial_state`` or ``constants`` join the inputs, as in RNN.__call__."""
        if isinstance(inputs, list) and initial_state is None and constants is None and len(inputs) > 1:
            initial_state, constants = _split_extra(inputs[1:], self._num_constants)
            inputs = inputs[0]
        if initial_state is not None and not isinstance(initial_state, list):
            raise ValueError("When passing `initial_state` to a Bidirectional RNN, the state should be a list "
                             f"containing the states of the underlying RNNs. Found: {initial_state}")
        initial_state = list(initial_state or [])
        constants = list(constants) if isinstance(constants, (list, tuple)) else [] if constants is None \
            else [constants]
        self._num_constants = len(constants)
        extra = initial_state + constants
        if any(type(x) is KerasTensor for x in nest.flatten(extra)):
            return super().__call__([inputs] + extra, **kwargs)
        if initial_state:
            kwargs["initial_state"] = initial_state
        if constants:
            kwargs["constants"] = constants
        return super().__call__(inputs, **kwargs)

    def call(self, inputs, training=None, mask=None, initial_state=None, constants=None):
        if isinstance(inputs, list):
            initial_state, constants = _split_extra(inputs[1:], self._num_constants)
            initial_state = initial_state or None
            constants = constants or None
            inputs = inputs[0]
        if isinstance(mask, list):
            mask = mask[0]
        kwargs = {}
        if training is not None:
            kwargs["training"] = training
        if mask is not None:
            kwargs["mask"] = mask
        if constants is not None:
            kwargs["constants"] = constants
        forward_state = backward_state = None
        if initial_state is not None:
            states = list(initial_state)
            if len(states) % 2:
                raise ValueError("When passing `initial_state` to a Bidirectional RNN, the state should be a list "
                                 f"containing the states of the underlying RNNs. Found: {initial_state}")
            half = len(states) // 2
            forward_state, backward_state = states[:half], states[half:]
        y = self.forward_layer(inputs, initial_state=forward_state, **kwargs)
        y_rev = self.backward_layer(inputs, initial_state=backward_state, **kwargs)
        states = []
        if self.return_state:
            states = list(y[1:]) + list(y_rev[1:])
            y, y_rev = y[0], y_rev[0]
        y, y_rev = convert(y), convert(y_rev)
        if self.return_sequences:
            time_axis = 0 if getattr(self.forward_layer, "time_major", False) else 1
            y_rev = y_rev.flip(time_axis)
        if self.merge_mode == "concat":
            output = wrap(torch.cat([y, y_rev], -1))
        elif self.merge_mode == "sum":
            output = wrap(y + y_rev)
        elif self.merge_mode == "ave":
            output = wrap((y + y_rev) / 2)
        elif self.merge_mode == "mul":
            output = wrap(y * y_rev)
        else:
            output = [wrap(y), wrap(y_rev)]
        if self.return_state:
            return (output if self.merge_mode is None else [output]) + states
        return output

    def compute_mask(self, inputs, mask):
        if isinstance(mask, list):
            mask = mask[0]
        output_mask = mask if self.return_sequences else None
        output_mask = [output_mask, output_mask] if self.merge_mode is None else output_mask
        if self.return_state:
            count = len(nest.flatten(self.forward_layer.cell.state_size)) * 2
            return (output_mask if self.merge_mode is None else [output_mask]) + [None] * count
        return output_mask

    def reset_states(self):
        self.forward_layer.reset_states()
        self.backward_layer.reset_states()

    def get_config(self):
        config = {"merge_mode": self.merge_mode}
        if self._num_constants:
            config["num_constants"] = self._num_constants
        return {**super().get_config(), **config}
