"""tf.image: codecs (``codecs.py``, ``jpeg.py``), resizing (``resize.py``), crops, flips, rotations and padding
(``geometry.py``), colour adjustments (``adjust.py``), bounding boxes and non-max suppression (``boxes.py``),
sampled windows (``sampling.py``), patches (``patches.py``) and colour spaces, edges and quality metrics
(``quality.py``), on NHWC tensors as TF 1.x."""
