# From seed 000 (TF 1.7 notebook), "Use eager execution in a graph environment" In [33], and
# seed 003, In [38] ("RuntimeError: ignored": Colab hid the message): run where eager execution
# is already enabled, the graph code fails at tf.placeholder.
# The notebook's setup cells (In [1], In [6]):
from __future__ import absolute_import, division, print_function
import tensorflow as tf
tf.enable_eager_execution()
import tensorflow.contrib.eager as tfe

# In [33]:
import tensorflow as tf
def my_py_func(x):
  x = tf.matmul(x, x)  # You can use tf ops
  print(x)  # but it's eager!
  return x

with tf.Session() as sess:
  x = tf.placeholder(dtype=tf.float32)
  # Call eager function in graph!
  pf = tfe.py_func(my_py_func, [x], tf.float32)
  sess.run(pf, feed_dict={x: [[2.0]]})  # [[4.0]]
