# From seed 000, In [6], and seed 003, In [3] ("tfe 모듈"): import the contrib.eager module.
# Prints nothing (003's notebook shows a TF deprecation warning on stderr).
import tensorflow.contrib.eager as tfe
