# From seed 002 (study notes, Chinese), "调用": start eager execution through tfe.  Prints nothing.
import tensorflow.contrib.eager as tfe
tfe.enable_eager_execution()
