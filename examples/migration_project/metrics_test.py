"""A test file already moved to `import tfcompat as tf` (runs under plain `python -m unittest`)."""
import tfcompat as tf


class MetricsTest(tf.test.TestCase):

    def testAccuracy(self):
        predictions = tf.argmax(tf.constant([[0.1, 0.9], [0.8, 0.2], [0.3, 0.7]]), axis=1)
        correct = tf.cast(tf.equal(predictions, tf.constant([1, 0, 0], tf.int64)), tf.float32)
        self.assertAllClose(tf.reduce_mean(correct), 2.0 / 3.0)
        self.assertAllEqual(predictions, [1, 0, 1])


if __name__ == "__main__":
    tf.test.main()
