"""Tests of model.py, written for TF 1.x."""
import numpy as np
import tensorflow as tf

import model


class ModelTest(tf.test.TestCase):

    def testDense(self):
        x = tf.constant([[1.0, -2.0]])
        kernel = tf.constant([[1.0, 2.0], [3.0, -4.0]])
        self.assertAllClose(model.dense(x, kernel, tf.constant([0.5, 0.5])), [[0.0, 10.5]])

    def testLoss(self):
        logits = tf.constant([[2.0, 0.0], [0.0, 2.0]])
        expected = np.log(1.0 + np.exp(-2.0))
        self.assertAllClose(self.evaluate(model.loss(logits, tf.constant([0, 1]))), expected, rtol=1e-6)

    def testLossGradient(self):
        logits = tf.constant([[2.0, 0.0]])
        labels = tf.constant([0])
        theoretical, numerical = tf.test.compute_gradient(lambda x: model.loss(x, labels), [logits])
        self.assertAllClose(theoretical, numerical, atol=1e-3)

    def testBadShapes(self):
        with self.assertRaisesOpError("Matrix size-incompatible|In\\[0\\] mismatch"):
            model.dense(tf.ones([1, 3]), tf.ones([2, 2]), tf.zeros([2]))


if __name__ == "__main__":
    tf.test.main()
