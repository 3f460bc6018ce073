"""tf.image: codecs (``codecs.py``), resizing (``resize.py``), crops, flips and rotations
(``geometry.py``) and colour adjustments (``adjust.py``), on NHWC tensors as TF 1.x."""
