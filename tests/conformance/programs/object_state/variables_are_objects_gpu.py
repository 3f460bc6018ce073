# From seed 001 (eager guide, Chinese translation), "变量即对象".  Prints nothing.
# On a machine without a GPU, tf.device("/gpu:0") warns and runs on the CPU.
# The guide's setup snippets ("Setup and basic usage"):
from __future__ import absolute_import, division, print_function
import tensorflow as tf
tf.enable_eager_execution()
tfe = tf.contrib.eager

with tf.device("gpu:0"):
  v = tf.Variable(tf.random_normal([1000, 1000]))
  v = None  # v no longer takes up GPU memory
