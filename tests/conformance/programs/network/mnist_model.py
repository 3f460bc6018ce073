# From seed 002 (study notes, Chinese), "建立模型", and seed 004 (announcement post, the class
# and the "blank input image" snippet): a tfe.Network of two tf.layers.Dense.  The documents
# show the output as comments; Dense's zero bias maps the zero image to zeros.
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
batch = tf.zeros([1, 1, 784])
print(batch.shape)
# (1, 1, 784)
result = model(batch)
print(result)
