# From seed 001 (eager guide, Chinese translation), "基于对象的保存方式".  The translation writes
# tf.Checkpoint, a name TF 1.x does not have (it is tf.train.Checkpoint): run as written, TF 1.x
# raises AttributeError where the guide's comment promises 2.0.
# The guide's setup snippets ("Setup and basic usage"):
from __future__ import absolute_import, division, print_function
import tensorflow as tf
tf.enable_eager_execution()
tfe = tf.contrib.eager

x = tf.Variable(10.)

checkpoint = tf.Checkpoint(x=x)  # save as "x"

x.assign(2.)   # Assign a new value to the variables and save.
save_path = checkpoint.save('./ckpt/')

x.assign(11.)  # Change the variable after saving.

# Restore values from the checkpoint
checkpoint.restore(save_path)

print(x)  # => 2.0
