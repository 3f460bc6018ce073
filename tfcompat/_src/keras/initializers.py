"""tf.keras.initializers (TF 1.x Keras): TF's init_ops under their Keras spellings, the Keras
variants of the random initializers (stddev / range 0.05 by default), and get/serialize."""

from ..framework import dtypes
from ..ops import init_ops
from ..registry import export
from .generic_utils import deserialize_keras_object, get_from_identifier, serialize_keras_object


@export("keras.initializers.RandomNormal", "keras.initializers.normal", "keras.initializers.random_normal")
class RandomNormal(init_ops.RandomNormal):
    """Normal values; Keras's default standard deviation is 0.05."""

    def __init__(self, mean=0.0, stddev=0.05, seed=None, dtype=dtypes.float32):
        super().__init__(mean=mean, stddev=stddev, seed=seed, dtype=dtype)


@export("keras.initializers.RandomUniform", "keras.initializers.uniform", "keras.initializers.random_uniform")
class RandomUniform(init_ops.RandomUniform):
    """Uniform values; Keras's default range is [-0.05, 0.05)."""

    def __init__(self, minval=-0.05, maxval=0.05, seed=None, dtype=dtypes.float32):
        super().__init__(minval=minval, maxval=maxval, seed=seed, dtype=dtype)


@export("keras.initializers.TruncatedNormal", "keras.initializers.truncated_normal")
class TruncatedNormal(init_ops.TruncatedNormal):
    """Truncated normal values; Keras's default standard deviation is 0.05."""

    def __init__(self, mean=0.0, stddev=0.05, seed=None, dtype=dtypes.float32):
        super().__init__(mean=mean, stddev=stddev, seed=seed, dtype=dtype)


for _name, _obj in (("lecun_normal", init_ops.lecun_normal), ("lecun_uniform", init_ops.lecun_uniform),
                    ("he_normal", init_ops.he_normal), ("he_uniform", init_ops.he_uniform)):
    export(f"keras.initializers.{_name}")(_obj)

_INITIALIZERS = {
    "Initializer": init_ops.Initializer,
    "Zeros": init_ops.Zeros, "zeros": init_ops.Zeros, "Ones": init_ops.Ones, "ones": init_ops.Ones,
    "zero": init_ops.Zeros, "one": init_ops.Ones,  # TF 1.15 keras.initializers aliases
    "Constant": init_ops.Constant, "constant": init_ops.Constant,
    "RandomNormal": RandomNormal, "normal": RandomNormal, "random_normal": RandomNormal,
    "RandomUniform": RandomUniform, "uniform": RandomUniform, "random_uniform": RandomUniform,
    "TruncatedNormal": TruncatedNormal, "truncated_normal": TruncatedNormal,
    "VarianceScaling": init_ops.VarianceScaling,
    "Orthogonal": init_ops.Orthogonal, "orthogonal": init_ops.Orthogonal,
    "Identity": init_ops.Identity, "identity": init_ops.Identity,
    "GlorotUniform": init_ops.GlorotUniform, "glorot_uniform": init_ops.GlorotUniform,
    "GlorotNormal": init_ops.GlorotNormal, "glorot_normal": init_ops.GlorotNormal,
    "lecun_normal": init_ops.lecun_normal, "lecun_uniform": init_ops.lecun_uniform,
    "he_normal": init_ops.he_normal, "he_uniform": init_ops.he_uniform,
}


@export("keras.initializers.serialize")
def serialize(initializer):
    return serialize_keras_object(initializer)


@export("keras.initializers.deserialize")
def deserialize(config, custom_objects=None):
    return deserialize_keras_object(config, _INITIALIZERS, custom_objects, "initializer")


@export("keras.initializers.get")
def get(identifier):
    """None -> None; a name ('glorot_uniform') or config dict -> a new initializer; a callable as it is."""
    return get_from_identifier(identifier, deserialize, "initializer")
