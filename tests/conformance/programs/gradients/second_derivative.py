# From seed 003 (TF 1.7 notebook, Korean), In [7] (the cell shows its last value), after In [6].
# conformance: display=last
# The notebook's setup cells (In [0], In [2], In [3]):
from __future__ import absolute_import, division, print_function
import tensorflow as tf
tf.enable_eager_execution()
import tensorflow.contrib.eager as tfe

# In [6]:
def square(x):
  return tf.multiply(x, x)

grad = tfe.gradients_function(square)

print(square(3.))  # => 9.0
print(grad(3.))    # => [6.0]

# In [7]:
# The second-order derivative of square:
gradgrad = tfe.gradients_function(lambda x: grad(x)[0])
gradgrad(3.)  # => [2.0]
