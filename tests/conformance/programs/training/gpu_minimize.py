# From seed 001 (eager guide, Chinese translation), "训练模型": training on the GPU with
# minimize(), after the section's definitions.  Prints nothing.
# On a machine without a GPU, tf.device("/gpu:0") warns and runs on the CPU.
# `import dataset` is the guide's dataset.py (tensorflow/models official/mnist), which the
# reader downloads; the suite provides a small synthetic stand-in (fixtures/dataset.py), so
# the losses are random values.
# The guide's setup snippets ("Setup and basic usage"):
from __future__ import absolute_import, division, print_function
import tensorflow as tf
tf.enable_eager_execution()
tfe = tf.contrib.eager

class MNISTModel(tf.keras.Model):
  def __init__(self):
    super(MNISTModel, self).__init__()
    self.dense1 = tf.keras.layers.Dense(units=10)
    self.dense2 = tf.keras.layers.Dense(units=10)

  def call(self, input):
    """Run the model."""
    result = self.dense1(input)
    result = self.dense2(result)
    result = self.dense2(result)  # reuse variables from dense2 layer
    return result

model = MNISTModel()

# "训练模型":
import dataset  # download dataset.py file
dataset_train = dataset.train('./datasets').shuffle(60000).repeat(4).batch(32)

def loss(model, x, y):
  prediction = model(x)
  return tf.losses.sparse_softmax_cross_entropy(labels=y, logits=prediction)

optimizer = tf.train.GradientDescentOptimizer(learning_rate=0.001)

with tf.device("/gpu:0"):
  for (i, (x, y)) in enumerate(dataset_train):
    # minimize() is equivalent to the grad() and apply_gradients() calls.
    optimizer.minimize(lambda: loss(model, x, y),
                       global_step=tf.train.get_or_create_global_step())
