# From seed 000 (TF 1.7 notebook), "Use objects for state" In [29] (the cell shows its last
# value); seed 001, "面向对象度量", has the same code.
# conformance: display=last
# The notebook's setup cells (In [1], In [6]):
from __future__ import absolute_import, division, print_function
import tensorflow as tf
tf.enable_eager_execution()
import tensorflow.contrib.eager as tfe

m = tfe.metrics.Mean("loss")
m(0)
m(5)
m.result()  # => 2.5
m([8, 9])
m.result()  # => 5.5
