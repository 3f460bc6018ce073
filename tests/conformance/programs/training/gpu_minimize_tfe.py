# From seed 000 (TF 1.7 notebook), "Train a model": training on the GPU with minimize(),
# after In [15], In [24]-[26]'s definitions.  Prints nothing.
# On a machine without a GPU, tf.device("/gpu:0") warns and runs on the CPU.
# `import dataset` is the guide's dataset.py (tensorflow/models official/mnist), which the
# reader downloads; the suite provides a small synthetic stand-in (fixtures/dataset.py), so
# the losses are random values.
# The notebook's setup cells (In [1], In [6]):
from __future__ import absolute_import, division, print_function
import tensorflow as tf
tf.enable_eager_execution()
import tensorflow.contrib.eager as tfe

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

# In [24], In [25]:
import dataset  # download dataset.py file
dataset_train = dataset.train('./datasets').shuffle(60000).repeat(4).batch(32)

# In [26]'s definitions:
def loss(model, x, y):
  prediction = model(x)
  return tf.losses.sparse_softmax_cross_entropy(labels=y, logits=prediction)

optimizer = tf.train.GradientDescentOptimizer(learning_rate=0.001)

with tf.device("/gpu:0"):
  for (i, (x, y)) in enumerate(tfe.Iterator(dataset_train)):
    # minimize() is equivalent to the grad() and apply_gradients() calls.
    optimizer.minimize(lambda: loss(model, x, y),
                       global_step=tf.train.get_or_create_global_step())
