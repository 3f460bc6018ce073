"""InputSpec and the input checks a layer runs before it is built (TF 1.15's messages)."""

from ...framework import dtypes
from ...registry import export
from ...util import nest


@export("keras.layers.InputSpec")
class InputSpec:
    """The rank, dtype and axis sizes a layer expects of each input."""

    def __init__(self, dtype=None, shape=None, ndim=None, max_ndim=None, min_ndim=None, axes=None):
        self.dtype = dtypes.as_dtype(dtype).name if dtype is not None else None
        if shape is not None:
            self.ndim = len(shape)
            self.shape = shape
        else:
            self.ndim = ndim
            self.shape = None
        self.max_ndim = max_ndim
        self.min_ndim = min_ndim
        self.axes = axes or {}

    def __repr__(self):
        spec = [(f"dtype={self.dtype}") if self.dtype else "",
                (f"shape={self.shape}") if self.shape else "",
                (f"ndim={self.ndim}") if self.ndim else "",
                (f"max_ndim={self.max_ndim}") if self.max_ndim else "",
                (f"min_ndim={self.min_ndim}") if self.min_ndim else "",
                (f"axes={self.axes}") if self.axes else ""]
        return f"InputSpec({', '.join(x for x in spec if x)})"


def assert_input_compatibility(input_spec, inputs, layer_name):
    """Raise TF 1.15's ValueError when ``inputs`` do not match ``input_spec``."""
    if not input_spec:
        return
    inputs = nest.flatten(inputs)
    input_spec = nest.flatten(input_spec)
    if len(inputs) != len(input_spec):
        raise ValueError(f"Layer {layer_name} expects {len(input_spec)} inputs, but it received {len(inputs)} "
                         f"input tensors. Inputs received: {inputs}")
    for index, (x, spec) in enumerate(zip(inputs, input_spec)):
        if spec is None:
            continue
        prefix = f"Input {index} of layer {layer_name} is incompatible with the layer: "
        shape = x.shape
        ndim = shape.rank
        if spec.ndim is not None and ndim != spec.ndim:
            raise ValueError(f"{prefix}expected ndim={spec.ndim}, found ndim={ndim}. "
                             f"Full shape received: {shape.as_list()}")
        if spec.max_ndim is not None and ndim is not None and ndim > spec.max_ndim:
            raise ValueError(f"{prefix}expected max_ndim={spec.max_ndim}, found ndim={ndim}")
        if spec.min_ndim is not None and ndim is not None and ndim < spec.min_ndim:
            raise ValueError(f"{prefix}: expected min_ndim={spec.min_ndim}, found ndim={ndim}. "
                             f"Full shape received: {shape.as_list()}")
        if spec.dtype is not None and x.dtype.name != spec.dtype:
            raise ValueError(f"{prefix}expected dtype={spec.dtype}, found dtype={x.dtype}")
        if spec.axes and ndim is not None:
            sizes = shape.as_list()
            for axis, value in spec.axes.items():
                value = getattr(value, "value", value)
                if value is not None and sizes[int(axis)] not in {value, None}:
                    raise ValueError(f"{prefix}expected axis {axis} of input shape to have value {value} but "
                                     f"received input with shape {sizes}")
        if spec.shape is not None and ndim is not None:
            for spec_dim, dim in zip(spec.shape, shape.as_list()):
                if spec_dim is not None and dim is not None and spec_dim != dim:
                    raise ValueError(f"{prefix}expected shape={spec.shape}, found shape={tuple(shape.as_list())}")
