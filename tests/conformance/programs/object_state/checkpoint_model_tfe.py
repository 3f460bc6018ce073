# From seed 003 (TF 1.7 notebook, Korean), "Object-based saving" In [36] (the cell shows its
# last value), with the Model class of "Variables and optimizers" In [24].  The cell uses `os`,
# which the notebook imported in a cell it does not show.
# conformance: display=last
# The notebook's setup cells (In [0], In [2], In [3]):
from __future__ import absolute_import, division, print_function
import tensorflow as tf
tf.enable_eager_execution()
import tensorflow.contrib.eager as tfe
import os

class Model(tf.keras.Model):
  def __init__(self):
    super(Model, self).__init__()
    self.W = tfe.Variable(5., name='weight')
    self.B = tfe.Variable(10., name='bias')
  def predict(self, inputs):
    return inputs * self.W + self.B

# In [36]:
model = Model()
optimizer = tf.train.AdamOptimizer(learning_rate=0.001)
checkpoint_dir = './ckpt/'
checkpoint_prefix = os.path.join(checkpoint_dir, "ckpt")
root = tfe.Checkpoint(optimizer=optimizer,
                      model=model,
                      optimizer_step=tf.train.get_or_create_global_step())

root.save(file_prefix=checkpoint_prefix)
# or
root.restore(tf.train.latest_checkpoint(checkpoint_dir))
