# From seed 000 (TF 1.7 eager guide notebook, Chinese), "安装和基本用法" In [1];
# seed 001 (eager guide, Chinese translation), "安装和基本用法"; seed 003 (Korean notebook),
# "Setup and basic usage" In [0] and In [2].  Prints nothing.
from __future__ import absolute_import, division, print_function
import tensorflow as tf
tf.enable_eager_execution()
