"""tfcompat's own version (the package's: ``tfcompat --version``, package metadata).

``tfcompat.__version__`` is the TF version tfcompat emulates, as TF programs expect;
this one is ``tfcompat.__tfcompat_version__``.  pyproject.toml reads it from here.
"""

__version__ = "0.1.0"
