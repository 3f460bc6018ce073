"""A TF 1.x program's surroundings: tf.app, tf.flags, tf.logging and tf.test (TF's tensorflow/python/platform)."""
