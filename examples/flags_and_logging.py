"""Fits x to the minimum of (x - 3)^2 by gradient descent: a TF 1.x script driven by tf.app.run.

Usage: flags_and_logging.py [--steps=N] [--learning_rate=R] [--name=NAME] [ARGS...]

The exit status is main's: 0 when the loss got below 1e-3, 1 otherwise.
"""
import tensorflow as tf

tf.enable_eager_execution()

flags = tf.app.flags
flags.DEFINE_integer("steps", 25, "How many gradient descent steps to take.")
flags.DEFINE_float("learning_rate", 0.2, "The step size.")
flags.DEFINE_string("name", "parabola", "A name for this run, used in the log.")
FLAGS = flags.FLAGS


def main(argv):
    tf.logging.set_verbosity(tf.logging.INFO)
    tf.logging.info("run %s: %d steps, learning rate %g, arguments %s",
                    FLAGS.name, FLAGS.steps, FLAGS.learning_rate, argv[1:])
    x = tf.Variable(0.0)
    for step in range(FLAGS.steps):
        with tf.GradientTape() as tape:
            loss = (x - 3.0) ** 2
        x.assign_sub(FLAGS.learning_rate * tape.gradient(loss, x))
        tf.logging.log_every_n(tf.logging.INFO, "step %d: loss = %.4f", 10, step, loss.numpy())
    loss = (x - 3.0) ** 2
    print("x = %.4f, loss = %.6f" % (x.numpy(), loss.numpy()))
    if loss.numpy() > 1e-3:
        tf.logging.error("run %s did not converge", FLAGS.name)
        return 1
    return 0


if __name__ == "__main__":
    tf.app.run(main)
