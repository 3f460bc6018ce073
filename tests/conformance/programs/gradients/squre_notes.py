# From seed 002 (study notes, Chinese), "梯度": gradients_function and a second derivative
# (the notes' spelling `squre`).  The notes show no output: it is what TF 1.x prints.
import tensorflow as tf  # (the notes' snippets leave the imports out)
import tensorflow.contrib.eager as tfe
tfe.enable_eager_execution()

def squre(x):
	return tf.multiply(x,x)
grad = tfe.gradients_function(squre)
print(squre(3.))
print(grad(3.))
# 求二阶倒数
gradgrad = tfe.gradients_function(lambda x: grad(x)[0])
print(gradgrad(3.)) 
