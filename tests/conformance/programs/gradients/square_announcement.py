# From seed 004 (announcement post): gradients_function of square and its second derivative
# (two consecutive snippets; the comments give the values, the output is TF 1.x's print).
# The post's setup snippet (the post's text lost its code's indentation and some line
# breaks; restored):
import tensorflow as tf
import tensorflow.contrib.eager as tfe
tfe.enable_eager_execution()

def square(x):

  return tf.multiply(x, x)

grad = tfe.gradients_function(square)

print(square(3.)) # [9.]
print(grad(3.)) # [6.]

gradgrad = tfe.gradients_function(lambda x: grad(x)[0])

print(gradgrad(3.)) # [2.]
