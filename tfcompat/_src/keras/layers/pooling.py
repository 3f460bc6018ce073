"""Pooling layers (TF 1.15 keras/layers/pooling.py): Max/AveragePooling1D/2D/3D and
GlobalAverage/GlobalMaxPooling1D/2D, on tf.nn's pooling kernels (TF's 'SAME' windows)."""

from ...framework import dtypes
from ...framework.tensor_shape import TensorShape
from ...ops import array_ops, creation_ops, pooling_ops, reduction_ops
from ...registry import export
from .. import backend
from ..engine.base_layer import Layer
from ..engine.input_spec import InputSpec
from .convolutional import _TF_FORMATS, _spatial_shape, _with_spatial, conv_output_length, normalize_padding, \
    normalize_tuple
from .core import _normalize_data_format


class _Pooling(Layer):
    """Pools windows of ``pool_size`` every ``strides`` (default: pool_size) steps."""

    _pool = None  # pooling_ops._max_pool or pooling_ops._avg_pool
    _op_name = None

    def __init__(self, n, pool_size, strides, padding="valid", data_format="channels_last", **kwargs):
        super().__init__(**kwargs)
        self.n = n
        if strides is None:
            strides = pool_size
        self.pool_size = normalize_tuple(pool_size, n, "pool_size")
        self.strides = normalize_tuple(strides, n, "strides")
        self.padding = normalize_padding(padding)
        self.data_format = _normalize_data_format(data_format)
        self.input_spec = InputSpec(ndim=n + 2)
        self._tf_format = _TF_FORMATS[self.data_format, n]

    def call(self, inputs):
        return type(self)._pool(self._op_name, inputs, self.pool_size, self.strides, self.padding.upper(),
                                self._tf_format, self.n)

    def compute_output_shape(self, input_shape):
        spatial = [conv_output_length(length, k, self.padding, s) for length, k, s in
                   zip(_spatial_shape(input_shape, self.data_format), self.pool_size, self.strides)]
        channel = 1 if self.data_format == "channels_first" else -1
        return _with_spatial(input_shape, self.data_format, spatial, TensorShape(input_shape)[channel].value)

    def get_config(self):
        config = {"pool_size": self.pool_size, "padding": self.padding, "strides": self.strides,
                  "data_format": self.data_format}
        return {**super().get_config(), **config}


def _pooling_class(kind, n, doc):
    pool = {"Max": pooling_ops._max_pool, "Average": pooling_ops._avg_pool}[kind]
    op_name = {"Max": "MaxPool", "Average": "AvgPool"}[kind] + ("3D" if n == 3 else "")
    default_size = (2, (2, 2), (2, 2, 2))[n - 1]
    default_format = "channels_last" if n == 1 else None

    def __init__(self, pool_size=default_size, strides=None, padding="valid", data_format=default_format, **kwargs):
        _Pooling.__init__(self, n, pool_size, strides, padding, data_format, **kwargs)

    name = f"{kind}Pooling{n}D"
    cls = type(name, (_Pooling,), {"__init__": __init__, "__doc__": doc, "_pool": staticmethod(pool),
                                    "_op_name": op_name, "__module__": __name__})
    cls.__qualname__ = name
    return export(f"keras.layers.{name}", f"keras.layers.{kind[:3] if kind == 'Max' else 'Avg'}Pool{n}D")(cls)


MaxPooling1D = _pooling_class("Max", 1, "Max pooling over the steps of [batch, steps, channels].")
MaxPooling2D = _pooling_class("Max", 2, "Max pooling over the rows and columns of images.")
MaxPooling3D = _pooling_class("Max", 3, "Max pooling over the three spatial dimensions of volumes.")
AveragePooling1D = _pooling_class("Average", 1, "Average pooling over the steps of [batch, steps, channels].")
AveragePooling2D = _pooling_class("Average", 2, "Average pooling over the rows and columns of images.")
AveragePooling3D = _pooling_class("Average", 3, "Average pooling over the three spatial dimensions of volumes.")


class _GlobalPooling(Layer):
    """Reduces all spatial dimensions (mean or max), keeping [batch, channels]."""

    _reduce = None

    def __init__(self, n, data_format, **kwargs):
        super().__init__(**kwargs)
        self.n = n
        self.data_format = _normalize_data_format(data_format)
        self.input_spec = InputSpec(ndim=n + 2)
        self._dims = tuple(range(2, n + 2)) if self.data_format == "channels_first" else tuple(range(1, n + 1))

    def call(self, inputs):
        return type(self)._reduce(inputs, self._dims)

    def compute_output_shape(self, input_shape):
        dims = TensorShape(input_shape).as_list()
        channel = dims[1] if self.data_format == "channels_first" else dims[-1]
        return TensorShape([dims[0], channel])

    def get_config(self):
        return {**super().get_config(), "data_format": self.data_format}


@export("keras.layers.GlobalAveragePooling1D", "keras.layers.GlobalAvgPool1D")
class GlobalAveragePooling1D(_GlobalPooling):
    """The mean over steps; with a mask (``call(x, mask=m)``), over the unmasked steps only."""

    _reduce = staticmethod(reduction_ops.reduce_mean)

    def __init__(self, data_format="channels_last", **kwargs):
        super().__init__(1, data_format, **kwargs)
        self.supports_masking = True

    def call(self, inputs, mask=None):
        if mask is None:
            return reduction_ops.reduce_mean(inputs, self._dims)
        steps = inputs.shape[self._dims[0]]
        shape = [-1, 1, steps] if self.data_format == "channels_first" else [-1, steps, 1]
        weights = array_ops.reshape(creation_ops.cast(mask, dtypes.as_dtype(backend.floatx())), shape)
        return reduction_ops.reduce_sum(inputs * weights, self._dims) / reduction_ops.reduce_sum(weights, self._dims)

    def compute_mask(self, inputs, mask=None):
        return None


@export("keras.layers.GlobalMaxPooling1D", "keras.layers.GlobalMaxPool1D")
class GlobalMaxPooling1D(_GlobalPooling):
    """The maximum over steps."""

    _reduce = staticmethod(reduction_ops.reduce_max)

    def __init__(self, data_format="channels_last", **kwargs):
        super().__init__(1, data_format, **kwargs)


@export("keras.layers.GlobalAveragePooling2D", "keras.layers.GlobalAvgPool2D")
class GlobalAveragePooling2D(_GlobalPooling):
    """The mean over rows and columns."""

    _reduce = staticmethod(reduction_ops.reduce_mean)

    def __init__(self, data_format=None, **kwargs):
        super().__init__(2, data_format, **kwargs)


@export("keras.layers.GlobalMaxPooling2D", "keras.layers.GlobalMaxPool2D")
class GlobalMaxPooling2D(_GlobalPooling):
    """The maximum over rows and columns."""

    _reduce = staticmethod(reduction_ops.reduce_max)

    def __init__(self, data_format=None, **kwargs):
        super().__init__(2, data_format, **kwargs)
