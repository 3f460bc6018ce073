# From seed 000 (TF 1.7 notebook), "Eager execution works nicely with NumPy", In [4], with its
# printed output; seed 001, "安装和基本用法", has the same code (tf.constant over two lines).
from __future__ import absolute_import, division, print_function
import tensorflow as tf
tf.enable_eager_execution()

a = tf.constant([[1, 2],[3, 4]])
print(a)
# => tf.Tensor([[1 2][3 4]], shape=(2, 2), dtype=int32)

# Broadcasting support
b = tf.add(a, 1)
print(b)
# => tf.Tensor([[2 3][4 5]], shape=(2, 2), dtype=int32)

# Operator overloading is supported
print(a * b)
# => tf.Tensor([[ 2  6][12 20]], shape=(2, 2), dtype=int32)

# Use NumPy values
import numpy as np

c = np.multiply(a, b)
print(c)
# => [[ 2  6]
#     [12 20]]

# Obtain numpy value from a tensor:
print(a.numpy())
# => [[1 2]
#     [3 4]]
