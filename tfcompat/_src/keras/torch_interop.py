"""Moving a Keras model to torch one layer at a time (beyond TF): Keras layers as torch modules,
torch modules as Keras layers, each weight in one memory that both sides use (no copies).

``as_torch_module(layer)`` gives a ``torch.nn.Module`` whose parameters are the layer's trainable
weights and whose buffers are its non-trainable ones; ``TorchModuleLayer(module)`` gives a Keras
layer whose variables are the module's parameters (trainable when they require grad) and buffers.
A torch optimizer's in-place step and a ``tf.train`` optimizer's update then change the same
memory, so each side sees the other's writes.  A shared variable's reads are views of that live
memory, as torch parameters are, not TF's snapshots (``variables.share_storage``).
"""

import torch

from ..eager.variables import read_storage, reading_shared_tensors, share_storage, shared_tensor
from ..framework import dtypes
from ..framework.tensor import Tensor, convert, to_torch, wrap
from ..util import nest
from .engine.base_layer import Layer


def as_torch_module(layer):
    """A ``torch.nn.Module`` running the built Keras ``layer`` (or model) on torch tensors.

    Its parameters and buffers share the memory of the layer's variables; ``named_parameters()``
    follows the variables' names (``dense/kernel:0`` is ``dense.kernel``).  ``forward`` takes and
    returns torch tensors (nested structures too) and passes keyword arguments such as
    ``training=True`` to the layer; torch autograd records it back to the parameters.
    """
    if not isinstance(layer, Layer):
        raise TypeError(f"as_torch_module expects a tf.keras layer or model, got {type(layer).__name__}")
    if not layer.built:
        raise ValueError(f"Layer {layer.name} has no weights yet: call it on an input (or build it) "
                         "before as_torch_module")
    return _KerasModule(layer)


class _KerasModule(torch.nn.Module):
    def __init__(self, layer):
        super().__init__()
        self.layer = layer
        self._trainable = []  # the variables whose reads record torch autograd in forward
        for variable in layer.trainable_weights:
            self._register(variable, _shared_tensor(variable, as_parameter=True), _module_path(variable))
            self._trainable.append(variable)
        for variable in layer.non_trainable_weights:
            self._register(variable, _shared_tensor(variable, as_parameter=False), _module_path(variable))

    def _register(self, variable, tensor, path):
        *scopes, leaf = path
        module = self
        for scope in scopes:
            if scope not in module._modules:
                module.add_module(scope, torch.nn.Module())
            module = module._modules[scope]
        if leaf in module._parameters or leaf in module._buffers:
            raise ValueError(f"Two weights of layer {self.layer.name} map to the same torch name: {variable.name}")
        if isinstance(tensor, torch.nn.Parameter):
            module.register_parameter(leaf, tensor)
        else:
            module.register_buffer(leaf, tensor)

    def forward(self, *inputs, **kwargs):
        inputs = nest.map_structure(_to_tfcompat, inputs)
        with reading_shared_tensors(self._trainable):
            outputs = self.layer(*inputs, **kwargs)
        return nest.map_structure(lambda y: to_torch(y) if isinstance(y, Tensor) else y, outputs)

    def _apply(self, fn, *args, **kwargs):
        """``module.to(...)``, ``.cuda()``, ``.double()``: the variables follow the moved tensors."""
        super()._apply(fn, *args, **kwargs)
        variables = {".".join(_module_path(variable)): variable for variable in self.layer.weights}
        for name, tensor in [*self.named_parameters(), *self.named_buffers()]:
            share_storage(variables[name], tensor)
        return self

    def extra_repr(self):
        return f"layer={self.layer.name}"


def _shared_tensor(variable, as_parameter):
    """The torch tensor ``variable`` shares from now on: the one it shares already (a torch module's
    parameter, through TorchModuleLayer), else a copy of its storage, so that reads made before
    the sharing keep their values."""
    tensor = shared_tensor(variable)
    if tensor is None:
        tensor = read_storage(variable).clone()
    if as_parameter and not isinstance(tensor, torch.nn.Parameter):
        tensor = torch.nn.Parameter(tensor)  # the same memory
    share_storage(variable, tensor)
    return tensor


def _module_path(variable):
    """``my_model/dense/kernel:0`` -> ``["my_model", "dense", "kernel"]`` (dots are torch's separator)."""
    return variable.name.rpartition(":")[0].replace(".", "_").split("/")


def _to_tfcompat(value):
    return wrap(value) if isinstance(value, torch.Tensor) else value


class TorchModuleLayer(Layer):
    """A Keras layer that runs a ``torch.nn.Module``.

    On its first call the layer creates one variable per parameter of ``module`` (trainable when
    the parameter requires grad) and per buffer (non-trainable), named ``<layer>/<torch name>``
    with torch's dots as slashes, each sharing the memory of its torch tensor.  ``call`` runs
    ``module`` with ``torch.func.functional_call`` on the variables' values, so GradientTape
    differentiates through it; ``training`` sets the module's train/eval mode for the call.
    """

    def __init__(self, module, **kwargs):
        if not isinstance(module, torch.nn.Module):
            raise TypeError(f"TorchModuleLayer expects a torch.nn.Module, got {type(module).__name__}")
        tensors = [*module.parameters(), *module.buffers()]
        kwargs.setdefault("dtype", dtypes.as_dtype(tensors[0].dtype) if tensors else None)
        super().__init__(**kwargs)
        self._module = module
        self._parameter_variables = {}
        self._buffer_variables = {}

    @property
    def module(self):
        return self._module

    def build(self, input_shape):
        for name, parameter in self._module.named_parameters():
            self._parameter_variables[name] = self._shared_weight(name, parameter, parameter.requires_grad)
        for name, buffer in self._module.named_buffers():
            self._buffer_variables[name] = self._shared_weight(name, buffer, False)
        self.built = True

    def _shared_weight(self, name, tensor, trainable):
        variable = self.add_weight(name.replace(".", "/"), shape=tuple(tensor.shape),
                                   dtype=dtypes.as_dtype(tensor.dtype), trainable=trainable,
                                   initializer=lambda *args, **kwargs: wrap(tensor.detach()))
        share_storage(variable, tensor)
        return variable

    def call(self, inputs, training=None):
        values = {name: convert(variable) for name, variable in self._parameter_variables.items()}
        values.update((name, read_storage(variable)) for name, variable in self._buffer_variables.items())
        args = nest.map_structure(lambda x: convert(x) if isinstance(x, Tensor) else x, inputs)
        was_training = self._module.training
        self._module.train(training is True)
        try:
            outputs = torch.func.functional_call(self._module, values, (args,))
        finally:
            self._module.train(was_training)
        return nest.map_structure(_to_tfcompat, outputs)

    def compute_output_shape(self, input_shape):
        raise NotImplementedError(f"TorchModuleLayer {self.name} cannot infer its output shape without running "
                                  "the torch module: call it on a tensor instead")
