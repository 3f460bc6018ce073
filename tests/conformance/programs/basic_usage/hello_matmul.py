# From seed 000 (TF 1.7 notebook), In [2], and seed 003 (Korean notebook), In [2] after
# tf.enable_eager_execution().  000 shows the old NumPy style "hello, [[ 4.]]".
from __future__ import absolute_import, division, print_function
import tensorflow as tf
tf.enable_eager_execution()

x = [[2.]]
m = tf.matmul(x, x)
print("hello, {}".format(m))  # => "hello, [[4.]]"
