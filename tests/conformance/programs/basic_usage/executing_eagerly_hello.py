# From seed 001 (eager guide, Chinese translation), "安装和基本用法": "run the following in an
# interactive Python interpreter"; the `# =>` comments are what the interpreter shows.
# conformance: display=each
from __future__ import absolute_import, division, print_function

import tensorflow as tf

tf.enable_eager_execution()

tf.executing_eagerly()        # => True

x = [[2.]]
m = tf.matmul(x, x)
print("hello, {}".format(m))  # => "hello, [[4.]]"
