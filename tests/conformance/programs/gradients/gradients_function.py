# From seed 000 (TF 1.7 notebook), "Additional functions to compute gradients" In [10], and
# seed 001, "计算梯度的附加函数" (the same code).  001 is run in an interactive interpreter and
# writes what each expression shows as `# =>` comments; 000 shows the last one in full.
# conformance: display=each
# The notebook's setup cells (In [1], In [6]):
from __future__ import absolute_import, division, print_function
import tensorflow as tf
tf.enable_eager_execution()
import tensorflow.contrib.eager as tfe

def square(x):
  return tf.multiply(x, x)

grad = tfe.gradients_function(square)

square(3.)  # => 9.0
grad(3.)    # => [6.0]

# The second-order derivative of square:
gradgrad = tfe.gradients_function(lambda x: grad(x)[0])
gradgrad(3.)  # => [2.0]

# The third-order derivative is None:
gradgradgrad = tfe.gradients_function(lambda x: gradgrad(x)[0])
gradgradgrad(3.)  # => [None]

# With flow control:
def abs(x):
  return x if x > 0. else -x

grad = tfe.gradients_function(abs)

grad(3.)   # => [1.0]
grad(-3.)  # => [-1.0]
