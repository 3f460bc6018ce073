# From seed 001 (eager guide, Chinese translation), "Summary 以及 TensorBoard".
# A fragment: `logdir`, `iterations` and `loss` are not defined, `...` elides code (its
# indentation is aligned with the block so that it parses): run as written, TF 1.x stops at the
# undefined `logdir`.
# The guide's setup snippets ("Setup and basic usage"):
from __future__ import absolute_import, division, print_function
import tensorflow as tf
tf.enable_eager_execution()
tfe = tf.contrib.eager

global_step = tf.train.get_or_create_global_step()
writer = tf.contrib.summary.create_file_writer(logdir)
writer.set_as_default()

for _ in range(iterations):
  global_step.assign_add(1)
  # Must include a record_summaries method
  with tf.contrib.summary.record_summaries_every_n_global_steps(100):
    # your model code goes here
    tf.contrib.summary.scalar('loss', loss)
    ...
