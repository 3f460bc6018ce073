# From seed 003 (TF 1.7 notebook, Korean), "Summaries and TensorBoard" In [0].
# A fragment: `logdir`, `iterations` and `loss` are not defined, `...` elides code (its
# indentation is aligned with the block so that it parses): run as written, TF 1.x stops at the
# undefined `logdir`.
# The notebook's setup cells (In [0], In [2], In [3]):
from __future__ import absolute_import, division, print_function
import tensorflow as tf
tf.enable_eager_execution()
import tensorflow.contrib.eager as tfe

writer = tf.contrib.summary.create_file_writer(logdir)
global_step=tf.train.get_or_create_global_step()  # return global step var

writer.set_as_default()

for _ in range(iterations):
  global_step.assign_add(1)
  # Must include a record_summaries method
  with tf.contrib.summary.record_summaries_every_n_global_steps(100):
    # your model code goes here
    tf.contrib.summary.scalar('loss', loss)
    ...
