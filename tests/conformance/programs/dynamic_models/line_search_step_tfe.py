# From seed 000 (TF 1.7 notebook), "Dynamic models" In [9], and seed 003, In [0]: a backtracking
# line search.  The documents only define it; the driver at the end calls it.
# The notebook's setup cells (In [1], In [6]):
from __future__ import absolute_import, division, print_function
import tensorflow as tf
tf.enable_eager_execution()
import tensorflow.contrib.eager as tfe

def line_search_step(fn, init_x, rate=1.0):
  with tfe.GradientTape() as tape:
    # Variables are automatically recorded, but manually watch a tensor
    tape.watch(init_x)
    value = fn(init_x)
  grad, = tape.gradient(value, [init_x])
  grad_norm = tf.reduce_sum(grad * grad)
  init_value = value
  while value > init_value - rate * grad_norm:
    x = init_x - rate * grad
    value = fn(x)
    rate /= 2.0
  return x, value

# Conformance driver (not in the document): one search on f(x) = x * x from x = 2 (gradient 4):
# rate 1 gives x = -2 (no decrease), rate 0.5 gives x = 0, accepted.
x, value = line_search_step(lambda x: x * x, tf.constant(2.0))
print(x, value)
