# From seed 004 (announcement post): log(1 + e^x) and its gradient, NaN at x = 100 (the
# comments give the values, the output is TF 1.x's print).
# The post's setup snippet (the post's text lost its code's indentation and some line
# breaks; restored):
import tensorflow as tf
import tensorflow.contrib.eager as tfe
tfe.enable_eager_execution()

def log1pexp(x):

  return tf.log(1 + tf.exp(x))

grad_log1pexp = tfe.gradients_function(log1pexp)

# The gradient computation works fine at x = 0.

print(grad_log1pexp(0.))

# [0.5]
# However it returns a `nan` at x = 100 due to numerical instability.

print(grad_log1pexp(100.))

# [nan]
