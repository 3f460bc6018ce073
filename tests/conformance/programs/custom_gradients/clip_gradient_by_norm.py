# From seed 000 (TF 1.7 notebook), "Custom gradients" In [11], and seed 001, "自定义梯度".
# It is only defined: prints nothing.
# The notebook's setup cells (In [1], In [6]):
from __future__ import absolute_import, division, print_function
import tensorflow as tf
tf.enable_eager_execution()
import tensorflow.contrib.eager as tfe

@tf.custom_gradient
def clip_gradient_by_norm(x, norm):
  y = tf.identity(x)
  def grad_fn(dresult):
    return [tf.clip_by_norm(dresult, norm), None]
  return y, grad_fn
