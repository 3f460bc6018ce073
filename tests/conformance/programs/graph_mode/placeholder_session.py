# From seed 002 (study notes, Chinese), "Eager 与 Graph": the graph version of the matmul
# (the notes' typos `tf.float.32` and `shape[1,1]` corrected so that it runs).
import tensorflow as tf  # (the notes' snippet leaves the import out)

# graph

x = tf.placeholder(tf.float32,shape=[1,1])
m = tf.matmul(x,x)
with tf.Session() as sess:
  print(sess.run(m, feed_dict={x: [[2.]]}))

# Will print [[4.]]
