# From seed 004 (announcement post): control flow inside a differentiated function.
# The post's setup snippet (the post's text lost its code's indentation and some line
# breaks; restored):
import tensorflow as tf
import tensorflow.contrib.eager as tfe
tfe.enable_eager_execution()

def abs(x):

  return x if x > 0. else -x

grad = tfe.gradients_function(abs)

print(grad(2.0)) # [1.]
print(grad(-2.0)) # [-1.]
