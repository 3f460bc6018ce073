"""The eager guide's gradient functions: tfe.gradients_function, higher-order gradients,
Python control flow inside differentiated code, and a custom gradient.

Run it with ``tfcompat run examples/gradients.py``.
"""
from __future__ import absolute_import, division, print_function

import tensorflow as tf
import tensorflow.contrib.eager as tfe

tf.enable_eager_execution()


def square(x):
    return tf.multiply(x, x)


grad = tfe.gradients_function(square)
print(square(3.))  # => 9.0
print(grad(3.))    # => [6.0]

# The second-order derivative of square:
gradgrad = tfe.gradients_function(lambda x: grad(x)[0])
print(gradgrad(3.))  # => [2.0]

# The third-order derivative will be None:
gradgradgrad = tfe.gradients_function(lambda x: gradgrad(x)[0])
print(gradgradgrad(3.))  # => [None]


# With flow control:
def abs(x):
    return x if x > 0. else -x


grad = tfe.gradients_function(abs)
print(grad(2.0))   # => [1.0]
print(grad(-2.0))  # => [-1.0]


def log1pexp(x):
    return tf.log(1 + tf.exp(x))


grad_log1pexp = tfe.gradients_function(log1pexp)
print(grad_log1pexp(0.))    # => [0.5]
print(grad_log1pexp(100.))  # => [nan]: exp(100) overflows float32


@tfe.custom_gradient
def log1pexp(x):
    e = tf.exp(x)

    def grad(dy):
        return dy * (1 - 1 / (1 + e))
    return tf.log(1 + e), grad


grad_log1pexp = tfe.gradients_function(log1pexp)
print(grad_log1pexp(0.))    # => [0.5]
print(grad_log1pexp(100.))  # => [1.0]: the custom gradient is stable

w = tf.Variable([[1.0]])
with tf.GradientTape() as tape:
    loss = w * w
print(tape.gradient(loss, [w]))  # => [[[2.]]]
