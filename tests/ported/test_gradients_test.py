"""Ported behaviours of tensorflow/python/ops/gradients_test.py (TF 1.15), eager mode, and the worked
examples of the TF 1.x API docstrings of the gradient API (``test_Docstring_<Symbol>_<n>``).

Almost all of gradients_test.py builds graphs and differentiates them with ``tf.gradients``, which
raises under eager execution. Where a test checks what a *custom gradient* or ``stop_gradient``
does, the same quantity is taken here with ``tf.GradientTape``, as TF 1.x eager code does; inside
custom ``grad_fn``s, TF's ``tf.gradients(out, [x, w], grad_ys=dy)`` becomes a tape recorded
around the forward computation. ``core_layers.dense`` / ``Dense`` (no tf.layers yet) become a
``tf.get_variable`` kernel and ``matmul``, or the small ``_Dense`` stand-in below.
HessianTest / HessianVectorProductTest compute the same Hessians with nested tapes
(``tf.hessians`` itself raises under eager, which is checked too). The custom_gradient tests not named
after a TF test check the rest of TF 1.15's ``_eager_mode_decorator``. The ``nested custom gradients``
and stable-softmax examples come from the later (TF 2.x) docstrings of the same functions.

Every test here also passes on real TensorFlow (2.21, ``tf.compat.v1`` eager, ``tfe`` names mapped to
``tensorflow.python.eager.backprop``), run by hand through a shim module standing in for tfcompat.

Left out:
* graph mode only (``tf.gradients`` / Session / placeholders / collections): all of GradientsTest
  (op types, colocation, aggregation methods, grad_ys on placeholders, stop_gradients= kwarg,
  while-loop switches, variable ref/graph-element gradients; the unconnected-gradients cases have
  tape twins in test_backprop_test.py), OnlyRealGradientsTest, ResourceCondTest,
  HessianTest.testHessianInvalidDimension (placeholders), IndexedSlicesToTensorTest.testWarnings
  (TF skips it on Python 3), CustomGradientTest.testRVGradientsDynamicCond and
  testCustomGradientErrorsWithNonResourceVariables (under eager every variable is a resource
  variable, so the error cannot occur).
* tf.function / Defun: FunctionGradientsTest, CustomGradientTest.testCustomGradientWithCapture,
  the 'Function' halves of the ragged tests.
* TF internals with no public TF 1.x name: GetDependentVariablesTest
  (custom_gradient.get_dependent_variables), PreventGradientTest (array_ops.prevent_gradient),
  TensorListGradientsTest (list_ops), HessianVectorProductTest's private
  ``_hessian_vector_product`` (its formula is computed with public ops instead).
* TF 2.x additions that TF 1.15's eager custom_gradient does not have: testCustomGradientClass
  (binding a decorated method), the RaggedTensor / quantized-dtype tests, and the input half of
  testCustomGradientStructuralInputOutput (TF 1.15 converts each positional argument to one
  tensor, so ``()`` arguments make it fail); its output half is kept. testKerasRecompute needs
  tf.keras. testCustomGradientVariablesKwonlyArgs is kept: TF 1.15 rejected a keyword-only
  ``variables``, a check TF 2 relaxed; accepting it breaks no TF 1.x program.
"""

import numpy as np
import pytest
from numpy.testing import assert_allclose, assert_array_equal

import tfcompat as tf

tfe = tf.contrib.eager


class _Dense:
    """Stand-in for ``tf.layers.Dense(units)``: kernel (and bias) variables made on the first call."""

    def __init__(self, units, use_bias=True, seed=0):
        self.units = units
        self.use_bias = use_bias
        self.seed = seed
        self.variables = []

    def __call__(self, inputs):
        if not self.variables:
            self._build(int(inputs.shape[-1]))
        outputs = tf.matmul(inputs, self.variables[0])
        return outputs + self.variables[1] if self.use_bias else outputs

    def _build(self, input_size):
        rng = np.random.RandomState(self.seed)
        self.variables.append(tf.Variable(rng.uniform(-1, 1, (input_size, self.units)).astype(np.float32)))
        if self.use_bias:
            self.variables.append(tf.Variable(np.zeros(self.units, np.float32)))


def _dense_kernel(name, inputs, units):
    """``core_layers.dense(inputs, units, use_bias=False)``'s kernel, made with tf.get_variable."""
    return tf.get_variable(name, shape=[int(inputs.shape[-1]), units],
                           initializer=tf.constant_initializer(0.5))


# --- CustomGradientTest ----------------------------------------------------------------------------

def test_CustomGradientTest_testCustomGradientTrivial():
    @tf.custom_gradient
    def MyIdentity(x):
        def Grad(dy):
            return [3 * dy]

        return x, Grad

    x = tf.constant(3.)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = MyIdentity(MyIdentity(x))
    assert tape.gradient(y, x).numpy() == 9.


def test_CustomGradientTest_testCustomGradient():
    @tf.custom_gradient
    def MyMultiply(x1, x2):
        result = x1 * x2

        def Grad(dy):
            # Switched the ordering here.
            return [dy * x1, dy * x2]

        return result, Grad

    x1 = tf.constant(3.)
    x2 = tf.constant(5.)
    with tf.GradientTape() as tape:
        tape.watch([x1, x2])
        y = MyMultiply(x1, x2)
    assert_array_equal([g.numpy() for g in tape.gradient(y, [x1, x2])], [3., 5.])


def test_CustomGradientTest_testCustomGradientErrors():
    @tf.custom_gradient
    def F(x):
        def Grad(_):
            raise RuntimeError("x")

        return x, Grad

    x = tf.constant(1.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = F(x)
    with pytest.raises(RuntimeError, match="x"):
        tape.gradient(y, x)


def test_CustomGradientTest_testCustomGradientWithVariables():
    kernels = []

    @tf.custom_gradient
    def F(x):
        with tf.GradientTape() as forward:
            forward.watch(x)
            kernels.append(_dense_kernel("dense/kernel", x, 3))
            out = tf.matmul(x, kernels[0])

        def Grad(out_grad, variables=None):
            assert len(variables) == 1
            assert variables[0] is kernels[0]
            grads = forward.gradient(out, [x, variables[0]], output_gradients=out_grad)
            return grads[0], [tf.ones((4, 3))]

        return out, Grad

    x = tf.ones((2, 4))
    with tf.variable_scope("f"), tf.GradientTape() as tape:
        tape.watch(x)
        y = F(x)
    grads = tape.gradient(y, [x, kernels[0]])
    for g in grads:
        assert g is not None
    assert_allclose(grads[0].numpy(), np.full((2, 4), 1.5, np.float32))
    assert tf.reduce_sum(grads[1]).numpy() == 12.


def test_CustomGradientTest_testCustomGradientWithVariablesNoFalsePositives():
    kernels = []

    def dense(x, units):
        kernels.append(_dense_kernel(f"dense_{len(kernels)}/kernel", x, units))
        return tf.matmul(x, kernels[-1])

    @tf.custom_gradient
    def F(x):
        with tf.GradientTape() as forward:
            forward.watch(x)
            out = dense(x, 3)

        def Grad(out_grad, variables=None):
            assert len(variables) == 1
            grads = forward.gradient(out, [x, variables[0]], output_gradients=out_grad)
            return grads[0], [tf.ones((3, 3))]

        return out, Grad

    with tf.variable_scope("f"), tf.GradientTape() as tape:
        a = tf.ones((2, 4))
        # Variables in these layers shouldn't be picked up by the decorator.
        b = dense(a, 3)
        c = dense(b, 3)
        x = dense(b, 3) + c
        # Only the variables used in F.
        y = F(x)
    assert len(kernels) == 4
    grads = tape.gradient(y, [x] + kernels)
    for g in grads:
        assert g is not None
    assert tf.reduce_sum(grads[-1]).numpy() == 9.


def test_CustomGradientTest_testCustomGradientWithVariablesEager():
    layer = _Dense(4, use_bias=False)

    @tf.custom_gradient
    def F(x):
        out = layer(x)

        def Grad(out_grad, variables=None):
            del out_grad
            assert len(variables) == 1
            return tf.ones((3, 2)), [tf.ones((2, 4))]

        return out, Grad

    x = tf.ones((3, 2)) + 2.
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = F(x)
    w, = layer.variables
    dx, dw = tape.gradient(y, [x, w])
    assert tf.reduce_sum(dx).numpy() == 6.
    assert tf.reduce_sum(dw).numpy() == 8.


@pytest.mark.parametrize("anonymous_varargs", [True, False])
def test_CustomGradientTest_testCustomGradientVariablesKwonlyArgs(anonymous_varargs):
    x_captured = tf.Variable(3.)  # Used by FuncMult

    @tf.custom_gradient
    def FuncMult(x):
        def ActualGrad(dy, variables):
            assert len(variables) == 1
            assert variables[0] is x_captured
            x_captured_grad = 5. * x * dy
            return 4. * x_captured * dy, [x_captured_grad]

        # GradMult takes "variables" as a keyword-only argument.
        if anonymous_varargs:
            def GradMult(dy, *, variables=None):
                return ActualGrad(dy, variables)
        else:
            def GradMult(*dys, variables=None):
                return ActualGrad(dys[0], variables)

        return x * x_captured, GradMult

    x = tf.Variable(6.)
    with tf.GradientTape(persistent=True) as g:
        y = FuncMult(x)
    assert g.gradient(y, x).numpy() == 4. * 3.
    assert g.gradient(y, x_captured).numpy() == 5. * 6.


def test_CustomGradientTest_testWithNumpyInputs():
    @tf.custom_gradient
    def F(x):
        out = x

        def Grad(_):
            return (None, None)

        return out, Grad

    x = np.ones((3, 2), dtype=np.float32)
    # TF's smoke test: numpy inputs are accepted.
    assert_array_equal(tf.convert_to_tensor(F(x)).numpy(), x)


def test_CustomGradientTest_testRecursiveCustomGradient():
    kernels = []

    @tf.custom_gradient
    def F(x):
        with tf.GradientTape() as forward:
            forward.watch(x)
            kernels.append(_dense_kernel("dense/kernel", x, 3))
            out = tf.matmul(x, kernels[0])

        def Grad(out_grad, variables=None):
            assert len(variables) == 1
            grads = forward.gradient(out, [x, variables[0]], output_gradients=out_grad)
            return grads[0], [tf.ones((4, 3))]

        return out, Grad

    @tf.custom_gradient
    def DoubleF(x):
        with tf.GradientTape() as forward:
            forward.watch(x)
            out = F(x)

        def Grad(out_grad, variables=None):
            assert len(variables) == 1
            grads = forward.gradient(out, [x, variables[0]], output_gradients=out_grad)
            return grads[0], [tf.ones((4, 3))]

        return out, Grad

    x = tf.ones((2, 4))
    with tf.variable_scope("f"), tf.GradientTape() as tape:
        tape.watch(x)
        y = DoubleF(x)
    assert len(kernels) == 1
    grads = tape.gradient(y, [x, kernels[0]])
    for g in grads:
        assert g is not None
    assert tf.reduce_sum(grads[1]).numpy() == 12.


@pytest.mark.parametrize("y_struct", [[None, ()], (None, (), [], (None, ((), None)))],
                         ids=["list", "nested_tuple"])
def test_CustomGradientTest_testCustomGradientStructuralInputOutput_outputs(y_struct):
    """The output half of TF's test: structured results, one dy per flattened result."""

    def Zeros(structure):
        return tf.nest.map_structure(lambda _: tf.zeros([], "float32"), structure)

    def GetStruct(structure):
        return tf.nest.map_structure(lambda _: None, structure)

    def MakeVjp(f, *x):
        with tf.GradientTape(persistent=True) as tape:
            tape.watch(tf.nest.flatten(x))
            y = f(*x)

        def Vjp(dy):
            return tape.gradient(y, x, output_gradients=dy)

        return y, Vjp

    @tf.custom_gradient
    def F(x):
        def Vjp(*dy):
            assert len(tf.nest.flatten(y_struct)) == len(tf.nest.flatten(dy))
            return tf.ones_like(x) * 2.

        return Zeros(y_struct), Vjp

    x = tf.constant(1.)
    y, vjp = MakeVjp(F, x)
    dx = vjp(Zeros(y_struct))
    assert GetStruct(y) == y_struct
    assert len(dx) == 1
    assert dx[0].numpy() == 2.


# --- custom_gradient under eager: the rest of TF 1.15's _eager_mode_decorator -------------------------

def test_custom_gradient_eager_none_gradient_for_an_input():
    @tf.custom_gradient
    def F(x1, x2):
        def Grad(dy):
            return dy * 2., None

        return x1 * x2, Grad

    a, b = tf.constant(3.), tf.constant(5.)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch([a, b])
        y = F(a, b)
    da, db = tape.gradient(y, [a, b])
    assert da.numpy() == 2.
    assert db is None
    assert tape.gradient(y, b, unconnected_gradients=tf.UnconnectedGradients.ZERO).numpy() == 0.


def test_custom_gradient_eager_grad_fn_without_variables_kwarg_raises():
    v = tf.Variable(2.)

    @tf.custom_gradient
    def F(x):
        def Grad(dy):
            return dy

        return x * v, Grad

    # Raised by the call itself, with or without a tape.
    with pytest.raises(TypeError, match="keyword argument 'variables'"):
        F(tf.constant(3.))


def test_custom_gradient_eager_grad_fn_with_var_keywords_gets_variables():
    v = tf.Variable(2.)

    @tf.custom_gradient
    def F(x):
        def Grad(dy, **kwargs):
            assert [var is v for var in kwargs["variables"]] == [True]
            return dy * v, [dy * x * 10.]

        return x * v, Grad

    x = tf.constant(3.)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = F(x)
    dx, dv = tape.gradient(y, [x, v])
    assert (dx.numpy(), dv.numpy()) == (2., 30.)


def test_custom_gradient_eager_variables_are_only_trainable_non_input_variables():
    frozen = tf.Variable(5., trainable=False)
    passed_in = tf.Variable(6.)

    @tf.custom_gradient
    def F(x):
        def Grad(dy):
            return dy * 7.

        return x * frozen, Grad

    # Neither a non-trainable variable nor a variable passed as an argument needs `variables`.
    x = tf.constant(2.)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = F(x)
    assert (y.numpy(), tape.gradient(y, x).numpy()) == (10., 7.)
    with tf.GradientTape() as tape:
        y = F(passed_in)
    assert (y.numpy(), tape.gradient(y, passed_in).numpy()) == (30., 7.)


def test_custom_gradient_eager_wrong_number_of_gradients():
    @tf.custom_gradient
    def F(x):
        def Grad(dy):
            return dy, dy

        return x * 1., Grad

    x = tf.constant(3.)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = F(x)
    with pytest.raises(ValueError, match=r"expected to return.*1.*gradients.*2.*instead"):
        tape.gradient(y, x)


def test_custom_gradient_eager_wrong_number_of_variable_gradients():
    v = tf.Variable(2.)

    @tf.custom_gradient
    def F(x):
        def Grad(dy, variables=None):
            return dy, []

        return x * v, Grad

    with tf.GradientTape() as tape:
        y = F(tf.constant(3.))
    with pytest.raises(ValueError, match="Must return gradient for each variable from @custom_gradient grad_fn"):
        tape.gradient(y, v)


def test_custom_gradient_eager_keyword_arguments_are_not_differentiated():
    @tf.custom_gradient
    def F(x, scale=None):
        def Grad(dy):
            return dy * scale

        return x * scale, Grad

    x, s = tf.constant(2.), tf.constant(4.)
    with tf.GradientTape() as tape:
        tape.watch([x, s])
        y = F(x, scale=s)
    dx, ds = tape.gradient(y, [x, s])
    assert (y.numpy(), dx.numpy(), ds) == (8., 4., None)


def test_custom_gradient_eager_dict_outputs_take_dys_in_flattened_order():
    @tf.custom_gradient
    def F(x):
        def Grad(da, db):  # nest.flatten orders a dict by key
            return da * 10. + db

        return {"b": x * 2., "a": x * 3.}, Grad

    x = tf.constant(2.)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        result = F(x)
    assert (result["a"].numpy(), result["b"].numpy()) == (6., 4.)
    # A result the target does not use gets a zero dy.
    assert tape.gradient(result["a"], x).numpy() == 10.
    assert tape.gradient(result["b"], x).numpy() == 1.


def test_custom_gradient_eager_outer_custom_gradient_hides_inner_one():
    calls = []

    @tf.custom_gradient
    def inner(x):
        def grad(dy):
            calls.append("inner")
            return dy * 2.

        return x * 1., grad

    @tf.custom_gradient
    def outer(x):
        def grad(dy):
            calls.append("outer")
            return dy * 3.

        return inner(x), grad

    x = tf.constant(1.)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = outer(x)
    assert tape.gradient(y, x).numpy() == 3.
    # outer's recorded op replaces everything inside it: inner's grad_fn never runs.
    assert calls == ["outer"]


def test_custom_gradient_eager_grad_fn_can_record_its_own_tape():
    # What TF's recompute_grad does: the grad_fn recomputes the forward pass under a new tape.
    @tf.custom_gradient
    def F(x):
        def grad(dy):
            with tf.GradientTape() as recompute:
                recompute.watch(x)
                y = x * x * x
            return dy * recompute.gradient(y, x)

        return x * x * x, grad

    x = tf.constant(2.)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = F(x)
    assert tape.gradient(y, x).numpy() == 12.


def test_custom_gradient_eager_second_order_through_grad_fn():
    @tf.custom_gradient
    def log1pexp(x):
        e = tf.exp(x)

        def grad(dy):
            return dy * (1 - 1 / (1 + e))

        return tf.math.log(1 + e), grad

    x = tf.constant([0., 2.])
    with tf.GradientTape() as g:
        g.watch(x)
        with tf.GradientTape() as gg:
            gg.watch(x)
            y = log1pexp(x)
        dy_dx = gg.gradient(y, x)
    # grad_fn's ops are recorded by the outer tape: d2y/dx2 = sigmoid'(x).
    assert_allclose(dy_dx.numpy(), [0.5, 0.8807971], rtol=1e-6)
    assert_allclose(g.gradient(dy_dx, x).numpy(), [0.25, 0.10499358], rtol=1e-5)


# --- StopGradientTest ------------------------------------------------------------------------------

def test_StopGradientTest_testStopGradient():
    inp = tf.constant(1.0, shape=[100, 32], name="in")
    with tf.GradientTape() as tape:
        tape.watch(inp)
        out = tf.stop_gradient(inp)
    assert tape.gradient(out, inp) is None


# --- HessianVectorProductTest / HessianTest (nested tapes; tf.hessians is graph-only) -------------

def _hessian(f, x):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        grad = inner.gradient(y, x)
    return outer.jacobian(grad, x)


def test_HessianVectorProductTest_testHessianVectorProduct():
    # The Hessian of f(x) = x^T A x is H = A + A^T.
    m = 4
    rng = np.random.RandomState([1, 2, 3])
    mat_value = rng.randn(m, m).astype("float32")
    v_value = rng.randn(m, 1).astype("float32")
    x_value = rng.randn(m, 1).astype("float32")
    hess_v_value = np.dot(mat_value + mat_value.T, v_value)

    mat, v, x = tf.constant(mat_value), tf.constant(v_value), tf.constant(x_value)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            mat_x = tf.matmul(mat, x, name="Ax")
            x_mat_x = tf.matmul(tf.transpose(x), mat_x, name="xAx")
        grad = inner.gradient(x_mat_x, x)
        # _hessian_vector_product's formula: d(grad . stop_gradient(v)) / dx.
        elemwise_product = grad * tf.stop_gradient(v)
    hess_v = outer.gradient(elemwise_product, x)
    assert_allclose(hess_v.numpy(), hess_v_value, rtol=1e-5, atol=1e-5)


def test_HessianTest_testHessian1D():
    m = 4
    rng = np.random.RandomState([1, 2, 3])
    mat_value = rng.randn(m, m).astype("float32")
    x_value = rng.randn(m).astype("float32")
    mat = tf.constant(mat_value)
    hess = _hessian(lambda x: tf.reduce_sum(x[:, None] * mat * x[None, :]), tf.constant(x_value))
    assert_allclose(hess.numpy(), mat_value + mat_value.T, rtol=1e-6, atol=1e-6)


def test_HessianTest_testHessian1D_multi():
    m, n = 4, 3
    rng = np.random.RandomState([1, 2, 3])
    mat_values = [rng.randn(m, m).astype("float32") for _ in range(n)]
    x_values = [rng.randn(m).astype("float32") for _ in range(n)]
    for mat_value, x_value in zip(mat_values, x_values):
        mat = tf.constant(mat_value)
        hess = _hessian(lambda x, mat=mat: tf.reduce_sum(x[:, None] * mat * x[None, :]), tf.constant(x_value))
        assert_allclose(hess.numpy(), mat_value + mat_value.T, rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize("m, n", [(3, 3), (3, 4)], ids=["testHessian2D_square_matrix",
                                                        "testHessian2D_non_square_matrix"])
def test_HessianTest_testHessian2D(m, n):
    # f(x) = 1/2 * sum(x^T x): the Hessian is a block identity.
    rng = np.random.RandomState([1, 2, 3])
    x_value = rng.randn(m, n).astype("float32")
    hess = _hessian(lambda x: tf.reduce_sum(tf.matmul(tf.transpose(x), x) * 0.5), tf.constant(x_value))
    hess_value = np.kron(np.eye(m), np.ones((n, n))).astype("float32")  # TF's np.bmat of blocks
    assert hess.shape.as_list() == [m, n, m, n]
    assert_allclose(hess.numpy().reshape((m * n, m * n)), hess_value)


def test_HessianTest_hessians_raises_under_eager():
    x = tf.constant(3.)
    with pytest.raises(RuntimeError, match="tf.gradients is not supported when eager execution is enabled"):
        tf.hessians(x * x, x)


# --- IndexedSlicesToTensorTest (math_ops._as_indexed_slices spelled with tf.IndexedSlices) ---------

def _as_indexed_slices(tensor, index_dtype=tf.int32):
    rows = int(tensor.shape[0])
    return tf.IndexedSlices(tensor, tf.range(rows, dtype=index_dtype), tf.shape(tensor))


def test_IndexedSlicesToTensorTest_testIndexedSlicesToTensor():
    np_val = np.random.rand(4, 4, 4, 4).astype(np.float32)
    c_sparse = _as_indexed_slices(tf.constant(np_val))
    assert_array_equal(c_sparse.dense_shape.numpy(), np_val.shape)
    c_dense = tf.multiply(c_sparse, 1.0)
    assert_allclose(c_dense.numpy(), np_val)


def test_IndexedSlicesToTensorTest_testIndexedSlicesToTensorList():
    numpy_list, dense_list, sparse_list = [], [], []
    for _ in range(3):
        np_val = np.random.rand(4, 4, 4, 4).astype(np.float32)
        c = tf.constant(np_val)
        numpy_list.append(np_val)
        dense_list.append(c)
        sparse_list.append(_as_indexed_slices(c))
    packed_dense = tf.stack(dense_list)
    packed_sparse = tf.stack(sparse_list)
    assert_allclose(packed_sparse.numpy(), packed_dense.numpy())
    assert_allclose(packed_dense.numpy(), np.stack(numpy_list))


def test_IndexedSlicesToTensorTest_testInt64Indices():
    np_val = np.random.rand(4, 4, 4, 4).astype(np.float32)
    c_sparse = _as_indexed_slices(tf.constant(np_val), index_dtype=tf.int64)
    assert c_sparse.indices.dtype == tf.int64
    assert_array_equal(c_sparse.dense_shape.numpy(), np_val.shape)
    assert_allclose(tf.multiply(c_sparse, 1.0).numpy(), np_val)


# --- VariablesGradientTest.testFnRecompute (eager half) -----------------------------------------

def _fn_variables_gradient(inputs, test_fn, vars_to_grad):
    test_fn_re = tf.recompute_grad(test_fn)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(vars_to_grad)
        out_re = test_fn_re(inputs, vars_to_grad)
        out = test_fn(inputs, vars_to_grad)
    return tape.gradient(out_re, vars_to_grad), tape.gradient(out, vars_to_grad)


def test_VariablesGradientTest_testFnRecompute():
    def TestFn(inputs, input_vars):
        return inputs * input_vars

    with tf.variable_scope("test", use_resource=True):
        test_var = tf.get_variable(name="test_var", shape=10, trainable=True)
        test_input = tf.constant(np.zeros((10, 10), dtype=np.float32))

        grads_re, grads = _fn_variables_gradient(test_input, TestFn, test_input)
        assert_allclose(grads_re.numpy(), grads.numpy())

        grads_re, grads = _fn_variables_gradient(test_input, TestFn, test_var)
        assert_allclose(grads_re.numpy(), grads.numpy())


# --- GradPassThroughTest (the eager test) ----------------------------------------------------------

def test_GradPassThroughTest_test_gradients_v2():
    x = tf.Variable(1.0, name="x")
    z = tf.Variable(3.0, name="z")

    # The assign op is not differentiable.
    with tf.GradientTape() as tape:
        y = x.assign(z ** 2)
    assert tape.gradient(y, z) is None

    # Wrapped with grad_pass_through, the assign forwards gradients to its input z**2.
    with tf.GradientTape() as tape:
        y = tf.grad_pass_through(x.assign)(z ** 2)
    assert_allclose(tape.gradient(y, z).numpy(), 6.0)

    # Variables the wrapped op reads get no gradient.
    with tf.GradientTape() as tape:
        y = tf.grad_pass_through(lambda v: x * v)(z)
    assert tape.gradient(y, x) is None


# --- Docstring examples: tf.GradientTape ----------------------------------------------------------

def test_Docstring_GradientTape_1():
    x = tf.constant(3.0)
    with tf.GradientTape() as g:
        g.watch(x)
        y = x * x
    assert g.gradient(y, x).numpy() == 6.0


def test_Docstring_GradientTape_2():
    x = tf.constant(3.0)
    with tf.GradientTape() as g:
        g.watch(x)
        with tf.GradientTape() as gg:
            gg.watch(x)
            y = x * x
        dy_dx = gg.gradient(y, x)
    d2y_dx2 = g.gradient(dy_dx, x)
    assert (dy_dx.numpy(), d2y_dx2.numpy()) == (6.0, 2.0)


def test_Docstring_GradientTape_3():
    x = tf.constant(3.0)
    with tf.GradientTape(persistent=True) as g:
        g.watch(x)
        y = x * x
        z = y * y
    assert g.gradient(z, x).numpy() == 108.0  # 4*x^3 at x = 3
    assert g.gradient(y, x).numpy() == 6.0
    del g


def test_Docstring_GradientTape_4():
    variable_a = tf.Variable(2.0)
    variable_b = tf.Variable(3.0)
    with tf.GradientTape(watch_accessed_variables=False) as tape:
        tape.watch(variable_a)
        y = variable_a ** 2  # Gradients will be available for `variable_a`.
        z = variable_b ** 3  # No gradients will be available: `variable_b` is not watched.
    assert list(tape.watched_variables()) == [variable_a]
    da, db = tape.gradient([y, z], [variable_a, variable_b])
    assert da.numpy() == 4.0
    assert db is None


def test_Docstring_GradientTape_5():
    a = _Dense(32, seed=1)
    b = _Dense(32, seed=2)
    inputs = tf.ones((2, 4))
    with tf.GradientTape(watch_accessed_variables=False) as tape:
        tape.watch(a.variables)  # `a` is not built yet: an empty list, the tape watches nothing.
        result = b(a(inputs))
    # a's variables exist now but were never watched: a list of Nones.
    assert tape.gradient(result, a.variables) == [None, None]


def test_Docstring_GradientTape_stop_recording_1():
    w = tf.Variable([1.0, 2.0])

    def compute_loss():
        return tf.reduce_sum(w * w)

    with tf.GradientTape(persistent=True) as t:
        loss = compute_loss()
        with t.stop_recording():
            # The gradient computation below is not traced, saving memory.
            grads = t.gradient(loss, [w])
        traced = t.gradient(loss, [w])
    assert_array_equal(grads[0].numpy(), [2.0, 4.0])
    assert t.gradient(grads[0], w) is None
    # Without stop_recording the gradient computation is traced (second derivatives).
    assert_array_equal(t.gradient(traced[0], w).numpy(), [2.0, 2.0])


def test_Docstring_GradientTape_reset_1():
    v = tf.Variable(3.0)

    def loss_fn():
        return v * v

    def other_loss_fn():
        return 5.0 * v

    with tf.GradientTape() as t:
        loss = loss_fn()
    with tf.GradientTape() as t:
        loss += other_loss_fn()
    first = t.gradient(loss, v)  # Only differentiates other_loss_fn, not loss_fn

    # The following is equivalent to the above
    with tf.GradientTape() as t:
        loss = loss_fn()
        t.reset()
        loss += other_loss_fn()
    second = t.gradient(loss, v)
    assert first.numpy() == second.numpy() == 5.0


@pytest.mark.parametrize("k, expected", [(1.0, None), (100.0, 6.0)])
def test_Docstring_GradientTape_reset_2(k, expected):
    v = tf.Variable(3.0)
    with tf.GradientTape() as t:
        loss = v * v
        if loss > k:
            t.reset()
    gradient = t.gradient(loss, v)
    assert (gradient if gradient is None else gradient.numpy()) == expected


def test_Docstring_GradientTape_jacobian_1():
    with tf.GradientTape() as g:
        x = tf.constant([1.0, 2.0])
        g.watch(x)
        y = x * x
    jacobian = g.jacobian(y, x)
    assert_array_equal(jacobian.numpy(), [[2., 0.], [0., 4.]])


def test_Docstring_GradientTape_batch_jacobian_1():
    with tf.GradientTape() as g:
        x = tf.constant([[1., 2.], [3., 4.]], dtype=tf.float32)
        g.watch(x)
        y = x * x
    batch_jacobian = g.batch_jacobian(y, x)
    assert_array_equal(batch_jacobian.numpy(), [[[2, 0], [0, 4]], [[6, 0], [0, 8]]])


# --- Docstring examples: tf.custom_gradient ----------------------------------------------------------

def test_Docstring_custom_gradient_1():
    def log1pexp(x):
        return tf.math.log(1 + tf.exp(x))

    x = tf.constant(100.)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = log1pexp(x)
    assert np.isnan(tape.gradient(y, x).numpy())  # "Will be NaN when evaluated."


def test_Docstring_custom_gradient_2():
    @tf.custom_gradient
    def log1pexp(x):
        e = tf.exp(x)

        def grad(dy):
            return dy * (1 - 1 / (1 + e))

        return tf.math.log(1 + e), grad

    x = tf.constant(100.)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = log1pexp(x)
    assert tape.gradient(y, x).numpy() == 1.0


def _op_with_custom_grad_grad():
    """The docstring's nested ``op`` made concrete: y = x^3, whose grad_fn has its own custom gradient."""

    @tf.custom_gradient
    def op(x):
        y = x * x * x

        @tf.custom_gradient
        def grad_fn(dy):
            gdy = dy * 3. * x * x

            def grad_grad_fn(ddy):  # Not the 2nd order gradient of op w.r.t. x.
                return ddy * 7.

            return gdy, grad_grad_fn

        return y, grad_fn

    return op


def test_Docstring_custom_gradient_3():
    op = _op_with_custom_grad_grad()
    x, dy = tf.constant(2.), tf.constant(1.)
    with tf.GradientTape() as g:
        g.watch(dy)
        with tf.GradientTape() as gg:
            gg.watch(x)
            y = op(x)
        dx = gg.gradient(y, x, output_gradients=dy)
    assert (y.numpy(), dx.numpy()) == (8., 12.)
    # grad_grad_fn is the gradient of grad_fn with respect to dy, not a derivative in x.
    assert g.gradient(dx, dy).numpy() == 7.


def test_Docstring_custom_gradient_3_dy_not_watched():
    op = _op_with_custom_grad_grad()
    x = tf.constant(2.)
    with tf.GradientTape() as g:
        g.watch(x)
        with tf.GradientTape() as gg:
            gg.watch(x)
            y = op(x)
        dx = gg.gradient(y, x)
    # grad_fn's input dy is no tape's source, so its op is not recorded and the tape sees through
    # it: d(3x^2)/dx = 6x.
    assert g.gradient(dx, x).numpy() == 12.


def test_Docstring_custom_gradient_4():
    def fused_op(x):  # a "fused" kernel: its x_grad output has no gradient of its own
        return x * x * x, tf.stop_gradient(3. * x * x)

    @tf.custom_gradient
    def op_with_fused_backprop(x):
        y, x_grad = fused_op(x)

        def first_order_gradient(dy):
            @tf.custom_gradient
            def first_order_custom(unused_x):
                def second_order_and_transpose(ddy):
                    return ddy * 6. * x

                return x_grad, second_order_and_transpose

            return dy * first_order_custom(x)

        return y, first_order_gradient

    x = tf.constant(2.)
    with tf.GradientTape() as g:
        g.watch(x)
        with tf.GradientTape() as gg:
            gg.watch(x)
            y = op_with_fused_backprop(x)
        dy_dx = gg.gradient(y, x)
    assert (y.numpy(), dy_dx.numpy(), g.gradient(dy_dx, x).numpy()) == (8., 12., 12.)


# --- Docstring examples: tfe gradient functions ------------------------------------------------------

def _f(x, y):
    # f(x, y) = (x ^ 3) * y - x * (y ^ 2)
    return x * x * x * y - x * y * y


def test_Docstring_gradients_function_1():
    grad_fn = tfe.gradients_function(_f)
    x = 2.0
    y = 3.0
    x_grad, y_grad = grad_fn(x, y)
    assert x_grad.numpy() == 3 * (2 ** 2) * 3 - 3 ** 2
    assert y_grad.numpy() == (2 ** 3) - 2 * 2 * 3

    gradgrad_fn = tfe.gradients_function(lambda x, y: grad_fn(x, y)[0])
    x_gradgrad = gradgrad_fn(x, y)[0]
    assert x_gradgrad.numpy() == 6 * 2 * 3

    ygrad_fn = tfe.gradients_function(_f, params=[1])
    (y_grad,) = ygrad_fn(x, y)
    assert y_grad.numpy() == (2 ** 3) - 2 * 2 * 3


def test_Docstring_value_and_gradients_function_1():
    val_grads_fn = tfe.value_and_gradients_function(_f)
    x = 2.0
    y = 3.0
    f_val, (x_grad, y_grad) = val_grads_fn(x, y)
    assert f_val.numpy() == (2 ** 3) * 3 - 2 * (3 ** 2)
    assert x_grad.numpy() == 3 * (2 ** 2) * 3 - 3 ** 2
    assert y_grad.numpy() == (2 ** 3) - 2 * 2 * 3

    val_ygrad_fn = tfe.value_and_gradients_function(_f, params=[1])
    f_val, (y_grad,) = val_ygrad_fn(x, y)
    assert f_val.numpy() == (2 ** 3) * 3 - 2 * (3 ** 2)
    assert y_grad.numpy() == (2 ** 3) - 2 * 2 * 3


def test_Docstring_make_vjp_1():
    def f(x):
        return x * x

    wrapped_fn = tfe.make_vjp(f)
    result, vjp = wrapped_fn(tf.constant(3.0))
    assert result.numpy() == 9.0
    # "the vjp function returns 6.0": one gradient per parameter, in a list.
    gradients = vjp()
    assert len(gradients) == 1
    assert gradients[0].numpy() == 6.0


def _linear_model_loss():
    """The docstrings' ``tf.layers.Dense(1)`` loss, with known weights, and its NumPy gradients."""
    layer = _Dense(1)
    x_value = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], np.float32)
    y_value = np.array([[10.0], [20.0]], np.float32)

    def loss(x, y):
        return tf.reduce_sum(tf.square(layer(x) - y))

    layer(tf.constant(x_value))  # build, then read the weights for the NumPy answer
    kernel, bias = [variable.numpy() for variable in layer.variables]
    error = x_value @ kernel + bias - y_value
    expected = {"loss": np.sum(error ** 2), "kernel": 2 * x_value.T @ error, "bias": 2 * error.sum(0)}
    return loss, layer, tf.constant(x_value), tf.constant(y_value), expected


def _apply_gradient_descent(grads_and_vars, learning_rate):
    """What ``GradientDescentOptimizer(learning_rate).apply_gradients`` does (no tf.train yet)."""
    for gradient, variable in grads_and_vars:
        variable.assign_sub(learning_rate * gradient)


def _check_grads_and_vars(grads_and_vars, layer, expected):
    assert [variable for _, variable in grads_and_vars] == layer.variables  # creation order
    assert_allclose(grads_and_vars[0][0].numpy(), expected["kernel"], rtol=1e-5)
    assert_allclose(grads_and_vars[1][0].numpy(), expected["bias"], rtol=1e-5)
    kernel_before = layer.variables[0].numpy()
    _apply_gradient_descent(grads_and_vars, 0.1)
    assert_allclose(layer.variables[0].numpy(), kernel_before - 0.1 * expected["kernel"], rtol=1e-5)


def test_Docstring_implicit_gradients_1():
    loss, layer, x, y, expected = _linear_model_loss()
    grad_fn = tfe.implicit_gradients(loss)
    grads_and_vars = grad_fn(x, y)
    _check_grads_and_vars(grads_and_vars, layer, expected)


def test_Docstring_implicit_value_and_gradients_1():
    loss, layer, x, y, expected = _linear_model_loss()
    val_grad_fn = tfe.implicit_value_and_gradients(loss)
    value, grads_and_vars = val_grad_fn(x, y)
    assert_allclose(value.numpy(), expected["loss"], rtol=1e-6)
    printed = "Value of loss: %s" % value  # noqa: UP031 - the docstring's print statement
    assert printed.startswith("Value of loss: tf.Tensor(")
    _check_grads_and_vars(grads_and_vars, layer, expected)


# --- Docstring examples: tf.stop_gradient ----------------------------------------------------------

def test_Docstring_stop_gradient_1():
    # "outputs its input tensor as-is" ... "pretend that the value was a constant".
    x = tf.constant([1.0, 2.0])
    v = tf.Variable(3.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        held = tf.stop_gradient(x * x)
        y = x * x + held
        z = tf.stop_gradient(v) * v
    assert held.dtype == tf.float32
    assert_array_equal(held.numpy(), [1.0, 4.0])
    dx, dv = tape.gradient([y, z], [x, v])
    assert_array_equal(dx.numpy(), [2.0, 4.0])
    assert dv.numpy() == 3.0


def test_Docstring_stop_gradient_2():
    """The softmax example of the same op's later docstring (TF >= 2.1)."""

    def softmax(x):
        numerator = tf.exp(x)
        denominator = tf.reduce_sum(numerator)
        return numerator / denominator

    def stable_softmax(x):
        z = x - tf.stop_gradient(tf.reduce_max(x))
        numerator = tf.exp(z)
        denominator = tf.reduce_sum(numerator)
        return numerator / denominator

    def value_and_gradient(fn, x_value):
        x = tf.constant(x_value)
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = fn(x)
            target = y[0] * 2.0 + y[1]
        return y.numpy(), tape.gradient(target, x).numpy()

    small = [1.0, 2.0, 2.0]  # the max is not unique
    naive_value, naive_gradient = value_and_gradient(softmax, small)
    stable_value, stable_gradient = value_and_gradient(stable_softmax, small)
    assert_allclose(stable_value, naive_value, rtol=1e-6)
    assert_allclose(stable_gradient, naive_gradient, rtol=1e-5, atol=1e-7)

    large = [1000.0, 1001.0, 1001.0]  # exp overflows without the shift
    assert np.isnan(value_and_gradient(softmax, large)[0]).all()
    stable_value, stable_gradient = value_and_gradient(stable_softmax, large)
    assert_allclose(stable_value, naive_value, rtol=1e-6)
    assert_allclose(stable_gradient, naive_gradient, rtol=1e-5, atol=1e-7)
