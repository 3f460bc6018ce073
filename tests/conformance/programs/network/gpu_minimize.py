# From seed 002 (study notes, Chinese), "运用GPU训练", and seed 004 (announcement post): the
# training loop on the GPU with minimize(), after the documents' model and loss.  A fragment:
# `dataset` is not defined in either document: run as written, TF 1.x stops at it.
# On a machine without a GPU, tf.device("/gpu:0") warns and runs on the CPU.
import tensorflow as tf  # (the notes' snippets leave the imports out)
import tensorflow.contrib.eager as tfe
tfe.enable_eager_execution()

class MNISTModel(tfe.Network):
 def __init__(self):
   super(MNISTModel, self).__init__()
   self.layer1 = self.track_layer(tf.layers.Dense(units=10))
   self.layer2 = self.track_layer(tf.layers.Dense(units=10))
 def call(self, input):
   """Actually runs the model."""
   result = self.layer1(input)
   result = self.layer2(result)
   return result

model = MNISTModel()

def loss_function(model, x, y):
 y_ = model(x)
 return tf.nn.softmax_cross_entropy_with_logits(labels=y, logits=y_)

optimizer = tf.train.GradientDescentOptimizer(learning_rate=0.001)

with tf.device("/gpu:0"):
 for (x, y) in tfe.Iterator(dataset):
   optimizer.minimize(lambda: loss_function(model, x, y))
