# From seed 001 (eager guide, Chinese translation), "安装和基本用法": the tfe alias, after the
# guide's setup snippet.  Prints nothing.
from __future__ import absolute_import, division, print_function

import tensorflow as tf

tf.enable_eager_execution()

tfe = tf.contrib.eager
