# From seed 003 (TF 1.7 notebook, Korean), "eager execution 해제 후 실행" In [5] (a fresh session
# without eager execution), with its output; seed 001, "在图环境中使用 eager execution 执行",
# has the same code (comments translated).
import tensorflow as tf
import tensorflow.contrib.eager as tfe

def my_py_func(x):
  x = tf.matmul(x, x)  # You can use tf ops
  print(x)  # but it's eager!
  return x

with tf.Session() as sess:
  x = tf.placeholder(dtype=tf.float32)
  # Call eager function in graph!
  pf = tfe.py_func(my_py_func, [x], tf.float32)
  sess.run(pf, feed_dict={x: [[2.0]]})  # [[4.0]]
