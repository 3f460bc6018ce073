# From seed 004 (announcement post): its first snippet and `print(m)  # The 1x1 matrix [[4.]]`;
# seed 002 (study notes), "Eager 与 Graph", the eager half (the same x, m and print).
import tensorflow as tf

import tensorflow.contrib.eager as tfe

tfe.enable_eager_execution()

x = [[2.]]
m = tf.matmul(x, x)

print(m)

# The 1x1 matrix [[4.]]
