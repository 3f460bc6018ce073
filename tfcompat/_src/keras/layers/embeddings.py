"""Embedding (TF 1.15 keras/layers/embeddings.py): rows of an [input_dim, output_dim] table."""

import torch

from ...framework import dtypes
from ...framework.tensor import convert, wrap
from ...framework.tensor_shape import TensorShape
from ...ops import creation_ops, embedding_ops
from ...registry import export
from .. import constraints, initializers, regularizers
from ..engine.base_layer import Layer


@export("keras.layers.Embedding")
class Embedding(Layer):
    """Maps integer ids to rows of ``embeddings`` (uniform in [-0.05, 0.05] by default); with
    ``mask_zero`` id 0 is padding and compute_mask marks it."""

    def __init__(self, input_dim, output_dim, embeddings_initializer="uniform", embeddings_regularizer=None,
                 activity_regularizer=None, embeddings_constraint=None, mask_zero=False, input_length=None,
                 **kwargs):
        if "input_shape" not in kwargs:
            kwargs["input_shape"] = (input_length,) if input_length else (None,)
        dtype = kwargs.pop("dtype", None) or "float32"
        super().__init__(dtype=dtype, activity_regularizer=regularizers.get(activity_regularizer), **kwargs)
        self.input_dim = int(input_dim)
        self.output_dim = int(output_dim)
        self.embeddings_initializer = initializers.get(embeddings_initializer)
        self.embeddings_regularizer = regularizers.get(embeddings_regularizer)
        self.embeddings_constraint = constraints.get(embeddings_constraint)
        self.mask_zero = mask_zero
        self.supports_masking = mask_zero
        self.input_length = input_length

    def build(self, input_shape):
        self.embeddings = self.add_weight("embeddings", shape=(self.input_dim, self.output_dim),
                                          initializer=self.embeddings_initializer,
                                          regularizer=self.embeddings_regularizer,
                                          constraint=self.embeddings_constraint, dtype=self.dtype)
        self.built = True

    def call(self, inputs):
        ids = convert(inputs)
        if type(ids) is not torch.Tensor or (ids.dtype is not torch.int32 and ids.dtype is not torch.int64):
            inputs = creation_ops.cast(inputs, dtypes.int32)
        return embedding_ops.embedding_lookup(self.embeddings, inputs)

    def compute_mask(self, inputs, mask=None):
        if not self.mask_zero:
            return None
        return wrap(convert(inputs) != 0)

    def compute_output_shape(self, input_shape):
        input_shape = tuple(TensorShape(input_shape).as_list())
        if self.input_length is None:
            return TensorShape([*input_shape, self.output_dim])
        lengths = list(self.input_length) if isinstance(self.input_length, (list, tuple)) else [self.input_length]
        if len(lengths) != len(input_shape) - 1:
            raise ValueError(f'"input_length" is {self.input_length}, but received input has shape {input_shape}')
        for i, (given, actual) in enumerate(zip(lengths, input_shape[1:])):
            if given is not None and actual is not None and given != actual:
                raise ValueError(f'"input_length" is {self.input_length}, but received input has shape '
                                 f"{input_shape}")
            if given is None:
                lengths[i] = actual
        return TensorShape([input_shape[0], *lengths, self.output_dim])

    def get_config(self):
        config = {"input_dim": self.input_dim, "output_dim": self.output_dim,
                  "embeddings_initializer": initializers.serialize(self.embeddings_initializer),
                  "embeddings_regularizer": regularizers.serialize(self.embeddings_regularizer),
                  "activity_regularizer": regularizers.serialize(self.activity_regularizer),
                  "embeddings_constraint": constraints.serialize(self.embeddings_constraint),
                  "mask_zero": self.mask_zero, "input_length": self.input_length}
        return {**super().get_config(), **config}
