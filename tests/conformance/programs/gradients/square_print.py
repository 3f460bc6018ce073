# From seed 003 (TF 1.7 notebook, Korean), "Additional functions to compute gradients" In [6],
# with its printed output.
# The notebook's setup cells (In [0], In [2], In [3]):
from __future__ import absolute_import, division, print_function
import tensorflow as tf
tf.enable_eager_execution()
import tensorflow.contrib.eager as tfe

def square(x):
  return tf.multiply(x, x)

grad = tfe.gradients_function(square)

print(square(3.))  # => 9.0
print(grad(3.))    # => [6.0]
