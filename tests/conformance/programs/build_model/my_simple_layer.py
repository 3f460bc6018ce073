# From seed 001 (eager guide, Chinese translation), "构建模型": a custom Keras layer (the
# guide's comments translated).  It is only defined: prints nothing.
# The guide's setup snippets ("Setup and basic usage"):
from __future__ import absolute_import, division, print_function
import tensorflow as tf
tf.enable_eager_execution()
tfe = tf.contrib.eager

class MySimpleLayer(tf.keras.layers.Layer):
  def __init__(self, output_units):
    super(MySimpleLayer, self).__init__()
    self.output_units = output_units

  def build(self, input_shape):
    # The first time the layer is used, `build` is called: create the variables there so
    # that their shapes can depend on the input's shape.
    self.kernel = self.add_variable(
      "kernel", [input_shape[-1], self.output_units])

  def call(self, input):
    # Override call() rather than __call__ so that bookkeeping can be done.
    return tf.matmul(input, self.kernel)
