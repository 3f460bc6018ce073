"""tf.losses (TF 1.x's losses_impl) and the squeeze rules Keras's losses share with it."""
