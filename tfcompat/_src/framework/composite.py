"""The signal by which elementwise ops dispatch on composite tensors (tf.RaggedTensor), as TF 1.15's
ragged_dispatch makes tf.add, tf.math.log ... take RaggedTensors.

Converting a composite tensor to a dense one raises ``CompositeInput``, a TypeError that carries the
composite's ``dispatch(op, args, kwargs)``; an op that can run elementwise on the composite's flat values
catches it and returns ``dispatch``'s result.  Anything else sees the TypeError.  The check costs nothing
on the dense path: it lives in an except clause.
"""


class CompositeInput(TypeError):
    """A composite tensor met a dense conversion; ``dispatch(op, args, kwargs)`` runs ``op`` on it elementwise."""

    def __init__(self, message, dispatch):
        super().__init__(message)
        self.dispatch = dispatch
