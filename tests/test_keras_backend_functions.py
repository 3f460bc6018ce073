"""tf.keras.backend's function, placeholder, print_tensor, set_session, dropout, random variables and
the CTC checks: what the goldens cannot record (callables, printed text, random draws, errors)."""

import numpy as np
import pytest

import tfcompat as tf
from tfcompat import errors

K = tf.keras.backend


def test_function_runs_the_functional_graph_and_returns_numpy():
    inputs = tf.keras.Input((3,))
    hidden = tf.keras.layers.Dense(2, kernel_initializer="ones", bias_initializer="zeros")(inputs)
    dropped = tf.keras.layers.Dropout(0.999, seed=1)(hidden)
    f = K.function([inputs, K.learning_phase()], [hidden, dropped])
    hidden_value, dropped_value = f([np.ones((4, 3), np.float32), 0])
    assert isinstance(hidden_value, np.ndarray)
    np.testing.assert_allclose(hidden_value, np.full((4, 2), 3.0))
    np.testing.assert_allclose(dropped_value, hidden_value)  # inference: no dropout
    _, trained = f([np.ones((4, 3)), 1])  # float64 values are cast to the input's dtype, as TF
    assert (trained == 0).mean() > 0.5  # training: dropout applies


def test_function_rejects_session_arguments_and_updates():
    inputs = tf.keras.Input((3,))
    with pytest.raises(ValueError, match="Session keyword arguments are not support during eager execution"):
        K.function([inputs], [inputs], fetches=[])
    with pytest.raises(ValueError, match="updates"):
        K.function([inputs], [inputs], updates=[(tf.Variable(1.0), 2.0)])


def test_placeholder_is_a_keras_input():
    x = K.placeholder(shape=(None, 3), name="features")
    assert K.is_keras_tensor(x)
    assert K.int_shape(x) == (None, 3)
    model = tf.keras.Model(x, tf.keras.layers.Dense(1, kernel_initializer="ones")(x))
    np.testing.assert_allclose(model(np.ones((2, 3), np.float32)).numpy(), [[3.0], [3.0]])
    with pytest.raises(ValueError, match="both sparse and ragged"):
        K.placeholder(shape=(2,), sparse=True, ragged=True)


def test_print_tensor_prints_to_stdout_and_returns_its_input(capsys):
    x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    assert K.print_tensor(x, message="x =") is x
    assert capsys.readouterr().out == "x = [[1 2]\n [3 4]]\n"


def test_set_session_keeps_the_session():
    session = object()
    K.set_session(session)
    from tfcompat._src.keras import backend_functions
    assert backend_functions._session_holder["session"] is session
    K.set_session(None)


def test_gradients_raise_under_eager_as_tf():
    with pytest.raises(RuntimeError, match="tf.gradients is not supported when eager execution is enabled"):
        K.gradients(tf.constant(1.0), [tf.Variable(1.0)])


def test_dropout_scales_the_kept_values():
    np.random.seed(0)
    y = K.dropout(tf.ones((100, 100)), 0.25).numpy()
    kept = y[y != 0]
    np.testing.assert_allclose(kept, 1 / 0.75, rtol=1e-6)
    assert 0.7 < kept.size / y.size < 0.8


def test_random_binomial_and_variables():
    tf.set_random_seed(1)
    draws = K.random_bernoulli((50, 40), p=0.3, seed=3).numpy()
    assert set(np.unique(draws)) <= {0.0, 1.0} and draws.dtype == np.float32
    assert 0.2 < draws.mean() < 0.4
    tf.set_random_seed(1)  # the seed rule: the same graph and op seeds replay the draws
    np.testing.assert_array_equal(draws, K.random_binomial((50, 40), p=0.3, seed=3).numpy())
    normal = K.random_normal_variable((3, 2), 0.0, 1.0, dtype="float64", name="noise")
    assert isinstance(normal, tf.Variable) and normal.dtype == tf.float64 and normal.name == "noise:0"
    uniform = K.random_uniform_variable((3, 2), -1.0, 1.0, seed=1)
    assert uniform.dtype == tf.float32 and np.all(np.abs(uniform.numpy()) <= 1.0)


def test_ctc_batch_cost_needs_enough_time():
    y_pred = tf.nn.softmax(tf.ones((1, 2, 4)))
    with pytest.raises(errors.InvalidArgumentError, match=r"Not enough time for target transition sequence "
                                                          r"\(required: 3, available: 2\)"):
        K.ctc_batch_cost(tf.constant([[1, 1]]), y_pred, tf.constant([[2]]), tf.constant([[2]]))
    with pytest.raises(errors.InvalidArgumentError, match="invalid label"):
        K.ctc_batch_cost(tf.constant([[3]]), y_pred, tf.constant([[2]]), tf.constant([[1]]))
    with pytest.raises(errors.InvalidArgumentError, match=r"sequence_length\(0\) <= 2"):
        K.ctc_batch_cost(tf.constant([[1]]), y_pred, tf.constant([[3]]), tf.constant([[1]]))


def test_ctc_batch_cost_gradient_reaches_the_predictions():
    logits = tf.Variable(np.linspace(-1, 1, 24).reshape(2, 4, 3).astype(np.float32))
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(K.ctc_batch_cost(tf.constant([[0, 1], [1, 0]]), tf.nn.softmax(logits),
                                              tf.constant([[4], [3]]), tf.constant([[2], [2]])))
    gradient = tape.gradient(loss, logits).numpy()
    assert np.all(np.isfinite(gradient)) and np.abs(gradient[1, 3]).max() == 0  # beyond input_length: no gradient


def test_rnn_nested_inputs_and_return_last_only():
    def step(inputs, states):
        a, b = inputs
        output = a + b + states[0]
        return output, [output]
    a, b = tf.ones((2, 3, 1)), tf.ones((2, 3, 1)) * 2.0
    last, outputs, states = K.rnn(step, (a, b), [tf.zeros((2, 1))], return_all_outputs=False)
    np.testing.assert_allclose(last.numpy(), np.full((2, 1), 9.0))
    assert outputs.shape.as_list() == [2, 1, 1]
    np.testing.assert_allclose(states[0].numpy(), last.numpy())


def test_rnn_needs_time_steps():
    with pytest.raises(ValueError, match="no time steps"):
        K.rnn(lambda x, s: (x, s), tf.ones((2, 0, 3)), [tf.zeros((2, 3))])
    with pytest.raises(ValueError, match="Unrolling requires a fixed number of timesteps."):
        K.rnn(lambda x, s: (x, s), tf.ones((2, 0, 3)), [tf.zeros((2, 3))], unroll=True)
