# From seed 003 (TF 1.7 notebook, Korean), "Object-oriented metrics" In [37], with its output.
# The notebook's setup cells (In [0], In [2], In [3]):
from __future__ import absolute_import, division, print_function
import tensorflow as tf
tf.enable_eager_execution()
import tensorflow.contrib.eager as tfe

m = tfe.metrics.Mean("loss")
m(0)
m(5)
print("m.result() : {}".format(m.result()))  # => 2.5
m([8, 9])
print("m.result() : {}".format(m.result()))  # => 5.5
