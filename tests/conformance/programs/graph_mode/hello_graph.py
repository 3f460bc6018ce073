# From seed 003 (TF 1.7 notebook, Korean), "기존 버전 (<= 1.6)" In [2]: the same code without
# tf.enable_eager_execution() builds a graph, and prints the symbolic tensor.
from __future__ import absolute_import, division, print_function

import tensorflow as tf

x = [[2.]]
m = tf.matmul(x, x)
print("hello, {}".format(m))  # => "hello, [[4.]]"
