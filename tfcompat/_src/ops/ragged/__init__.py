"""tf.RaggedTensor and tf.ragged: the class and its factories (``ragged_tensor.py``), dense and sparse
conversion (``ragged_conversion.py``), indexing (``ragged_getitem.py``), operators and elementwise ops
(``ragged_operators.py``), and the tf.ragged functions (``ragged_ops.py``), as TF 1.15 has them."""
