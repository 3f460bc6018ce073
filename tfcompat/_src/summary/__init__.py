"""tf.contrib.summary and tf.summary: TensorBoard event files written with the tensorboard package."""
