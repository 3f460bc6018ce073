# From seed 002 (study notes), "动态模型的构建可使用Python控制流", and seed 004 (announcement post):
# the Collatz conjecture with TF arithmetic.  Neither shows the output: it is what TF 1.x
# prints (a / 2 on an int32 tensor is a true division, float64 from the first step on).
import tensorflow as tf  # (the import of 004's first snippet; 002's snippet leaves it out)
import tensorflow.contrib.eager as tfe
tfe.enable_eager_execution()

a = tf.constant(12)
counter = 0
while not tf.equal(a, 1):
 if tf.equal(a % 2, 0):
   a = a / 2
 else:
   a = 3 * a + 1
 print(a)
