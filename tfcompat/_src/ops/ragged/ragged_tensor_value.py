"""tf.ragged.RaggedTensorValue: a ragged tensor's NumPy components (what TF 1.x sessions returned)."""

import numpy as np

from ...registry import export


@export("ragged.RaggedTensorValue")
class RaggedTensorValue:
    """``values`` (an ndarray or another RaggedTensorValue) split into rows by the ndarray ``row_splits``."""

    def __init__(self, values, row_splits):
        if not (isinstance(row_splits, (np.ndarray, np.generic)) and row_splits.dtype in (np.int64, np.int32)
                and row_splits.ndim == 1):
            raise TypeError("row_splits must be a 1D int32 or int64 numpy array")
        if not isinstance(values, (np.ndarray, np.generic, RaggedTensorValue)):
            raise TypeError("values must be a numpy array or a RaggedTensorValue")
        if isinstance(values, RaggedTensorValue) and row_splits.dtype != values.row_splits.dtype:
            raise ValueError("row_splits and values.row_splits must have the same dtype")
        self._values = values
        self._row_splits = row_splits

    row_splits = property(lambda self: self._row_splits)
    values = property(lambda self: self._values)

    @property
    def dtype(self):
        return self._values.dtype

    @property
    def flat_values(self):
        values = self._values
        while isinstance(values, RaggedTensorValue):
            values = values.values
        return values

    @property
    def nested_row_splits(self):
        splits, value = [self._row_splits], self._values
        while isinstance(value, RaggedTensorValue):
            splits.append(value.row_splits)
            value = value.values
        return tuple(splits)

    @property
    def ragged_rank(self):
        return len(self.nested_row_splits)

    @property
    def shape(self):
        return (self._row_splits.shape[0] - 1, None) + tuple(self._values.shape[1:])

    def __str__(self):
        return f"<tf.RaggedTensorValue {self.to_list()}>"

    def __repr__(self):
        return f"tf.RaggedTensorValue(values={self._values!r}, row_splits={self._row_splits!r})"

    def to_list(self):
        values = self._values.to_list() if isinstance(self._values, RaggedTensorValue) else self._values.tolist()
        bounds = self._row_splits.tolist()
        return [values[start:limit] for start, limit in zip(bounds[:-1], bounds[1:])]
