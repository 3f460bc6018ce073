# From seed 001 (eager guide, Chinese translation), "基于对象的保存方式": saving a model,
# optimizer and global step.  A fragment: `MyModel` is not defined (and the translation's
# typographic quotes around '/path/to/model_dir' are straightened so that it parses): run as
# written, TF 1.x stops at the undefined `MyModel`.
# The guide's setup snippets ("Setup and basic usage"):
from __future__ import absolute_import, division, print_function
import tensorflow as tf
tf.enable_eager_execution()
tfe = tf.contrib.eager

model = MyModel()
optimizer = tf.train.AdamOptimizer(learning_rate=0.001)
checkpoint_dir = '/path/to/model_dir'
checkpoint_prefix = os.path.join(checkpoint_dir, "ckpt")
root = tf.train.Checkpoint(optimizer=optimizer,
                           model=model,
                           optimizer_step=tf.train.get_or_create_global_step())

root.save(file_prefix=checkpoint_prefix)
# or
root.restore(tf.train.latest_checkpoint(checkpoint_dir))
