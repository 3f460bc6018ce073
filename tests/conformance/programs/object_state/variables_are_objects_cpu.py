# From seed 003 (TF 1.7 notebook, Korean), "Variables are objects" In [0].  Prints nothing.
# The notebook's setup cells (In [0], In [2], In [3]):
from __future__ import absolute_import, division, print_function
import tensorflow as tf
tf.enable_eager_execution()
import tensorflow.contrib.eager as tfe

with tf.device("CPU:0"):
  v = tfe.Variable(tf.random_normal([1000, 1000]))
  v = None  # v no longer takes up GPU memory
