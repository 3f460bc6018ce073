"""tf.keras (TF 1.x Keras) on torch: engine, layers, backend, initializers and friends.

Importing this package registers every tf.keras name.
"""

from . import activations, backend, backend_math, constraints, initializers, regularizers, utils  # noqa: F401
from .engine import base_layer, input_layer, network, sequential  # noqa: F401
from .layers import advanced_activations, convolutional, core, embeddings, merge, normalization, pooling  # noqa: F401
