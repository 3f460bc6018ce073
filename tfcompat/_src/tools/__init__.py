"""Developer tools behind ``tfcompat check`` and ``tfcompat matrix``: a static scan of TF 1.x code."""
