"""Moving a TF 1.x Keras model to torch one layer at a time, with no copies of the weights.

Step 1: the hidden layer is already a torch module inside the Keras model (TorchModuleLayer),
trained by a tf.train optimizer.  Step 2: the whole model is a torch.nn.Module (as_torch_module)
trained by a torch optimizer; the Keras model sees torch's updates, since both use one memory.
"""

import tensorflow as tf
import torch

import tfcompat

tf.enable_eager_execution()
tf.set_random_seed(0)
torch.manual_seed(0)

# y = 3 x0 - 2 x1 + 1, plus noise.
x = tf.random_normal([256, 2])
y = tf.matmul(x, [[3.0], [-2.0]]) + 1.0 + tf.random_normal([256, 1], stddev=0.1)

model = tf.keras.Sequential([
    tfcompat.TorchModuleLayer(torch.nn.Linear(2, 16)),
    tf.keras.layers.Activation("tanh"),
    tf.keras.layers.Dense(1),
])
optimizer = tf.train.AdamOptimizer(0.05)
for step in range(200):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
print("Keras training, final loss: %.4f" % loss.numpy())

module = tfcompat.as_torch_module(model)
print([name for name, _ in module.named_parameters()])
torch_optimizer = torch.optim.SGD(module.parameters(), lr=0.05)
x_torch, y_torch = tfcompat.to_torch(x), tfcompat.to_torch(y)
for step in range(100):
    torch_optimizer.zero_grad()
    torch_loss = torch.nn.functional.mse_loss(module(x_torch), y_torch)
    torch_loss.backward()
    torch_optimizer.step()

with torch.no_grad():
    torch_loss = torch.nn.functional.mse_loss(module(x_torch), y_torch).item()
keras_loss = tf.reduce_mean(tf.square(model(x) - y)).numpy()
print("torch training, final loss: %.4f" % torch_loss)
print("Keras sees the same weights:", abs(keras_loss - torch_loss) < 1e-6)
