# From seed 003 (TF 1.7 notebook, Korean), In [9], with its printed output.
# The notebook's setup cells (In [0], In [2], In [3]):
from __future__ import absolute_import, division, print_function
import tensorflow as tf
tf.enable_eager_execution()
import tensorflow.contrib.eager as tfe

# With flow control:
def abs(x):
  return x if x > 0. else -x

grad = tfe.gradients_function(abs)

print(grad(3.))   # => [1.0]
print(grad(-3.))  # => [-1.0]
