# From seed 004 (announcement post): a custom gradient for log(1 + e^x) (the comments give the
# values, the output is TF 1.x's print).  Seed 002 (study notes), "自定义梯度", copies this
# snippet with the decorator line and the indentation lost in its markdown.
# The post's setup snippet (the post's text lost its code's indentation and some line
# breaks; restored):
import tensorflow as tf
import tensorflow.contrib.eager as tfe
tfe.enable_eager_execution()

@tfe.custom_gradient

def log1pexp(x):

  e = tf.exp(x)

  def grad(dy):

    return dy * (1 - 1 / (1 + e))

  return tf.log(1 + e), grad

grad_log1pexp = tfe.gradients_function(log1pexp)

# Gradient at x = 0 works as before.

print(grad_log1pexp(0.))

# [0.5]
# And now gradient computation at x=100 works as well.

print(grad_log1pexp(100.))

# [1.0]
