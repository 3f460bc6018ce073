# From seed 001 (eager guide, Chinese translation), "动态模型": a backtracking line search with
# tf.GradientTape.  The guide only defines it; the driver at the end calls it.
# The guide's setup snippets ("Setup and basic usage"):
from __future__ import absolute_import, division, print_function
import tensorflow as tf
tf.enable_eager_execution()
tfe = tf.contrib.eager

def line_search_step(fn, init_x, rate=1.0):
  with tf.GradientTape() as tape:
    # Variables are automatically recorded, but manually watch a tensor
    tape.watch(init_x)
    value = fn(init_x)
  grad = tape.gradient(value, init_x)
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
