"""tf.Print, tf.print, tf.switch_case and the edges of map_fn / case / py_func: the texts are
those real TensorFlow printed (tf.compat.v1 eager, checked by hand with the oracle)."""

import sys

import numpy as np
import pytest

import tfcompat as tf


def _stderr(capsys, function):
    function()
    return capsys.readouterr().err


@pytest.mark.parametrize("data, summarize, expected", [
    ([[1, 2, 3, 4], 2.5], None, "msg: [1 2 3...][2.5]"),
    ([[[1, 2], [3, 4]]], 10, "msg: [[1 2][3 4]]"),
    ([[[1, 2], [3, 4]]], 3, "msg: [[1 2][3...]...]"),
    ([[[1, 2], [3, 4]]], 1, "msg: [[1...]...]"),
    ([[[[1, 2], [3, 4]], [[5, 6], [7, 8]]]], 5, "msg: [[[1 2][3 4]][[5...]]...]"),
    ([[True], ["a"]], None, "msg: [1][a]"),
])
def test_Print_writes_message_then_data_to_stderr(capsys, data, summarize, expected):
    value = tf.constant([1, 2, 3, 4])
    result = tf.Print(value, [tf.constant(d) for d in data], message="msg: ", summarize=summarize)
    assert capsys.readouterr().err == expected + "\n"
    assert result is not value and result.numpy().tolist() == [1, 2, 3, 4]


def test_Print_floats_use_the_shortest_round_trip_text(capsys):
    data = [tf.constant(0.1), tf.constant(0.1, tf.float64), tf.constant(1 / 3.), tf.constant(1e20),
            tf.constant(float("nan"))]
    assert _stderr(capsys, lambda: tf.Print(1, data)) == "[0.1][0.1][0.333333343][1e+20][nan]\n"


def test_Print_first_n(capsys):
    for i in range(3):
        tf.Print(tf.constant(1), [tf.constant(i)], message="first_n test ", first_n=2)
    assert capsys.readouterr().err == "first_n test [0]\nfirst_n test [1]\n"


def test_Print_passes_gradients_through():
    x = tf.constant(3.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.Print(x * x, [x])
    assert tape.gradient(y, x).numpy() == 6.0


@pytest.mark.parametrize("make_inputs, kwargs, expected", [
    (lambda: [tf.constant([1.5, 2.0, 0.1])], {}, "[1.5 2 0.1]\n"),
    (lambda: [tf.constant(True), tf.constant([True, False])], {}, "1 [1 0]\n"),
    (lambda: [tf.constant(list(range(10)))], {}, "[0 1 2 ... 7 8 9]\n"),
    (lambda: [tf.constant([[1, 2], [3, 4]]), "x", 5, [1, tf.constant(2)], {"a": tf.constant(1.0)}], {},
     "[[1 2]\n [3 4]] x 5 [1, 2] {'a': 1}\n"),
    (lambda: [tf.constant(["ab", "c"]), tf.constant("s")], {}, '["ab" "c"] "s"\n'),
    (lambda: [tf.constant(0.1, tf.float64), tf.constant(1e-8)], {"sep": "|", "end": "!\n"}, "0.1|1e-08!\n"),
    (lambda: [tf.reshape(tf.range(30), [5, 6])], {"summarize": 2},
     "[[0 1 ... 4 5]\n [6 7 ... 10 11]\n ...\n [18 19 ... 22 23]\n [24 25 ... 28 29]]\n"),
    (lambda: [tf.constant([], tf.float32)], {}, "[]\n"),
    (lambda: [tf.constant([[True]]), tf.constant(1 / 3.), tf.constant(1 / 3., tf.float64), ["a", tf.constant("b")]],
     {}, "[[1]] 0.333333343 0.33333333333333331 ['a', \"b\"]\n"),
    (lambda: [tf.constant([[1, 2, 3], [4, 5, 6], [7, 8, 9]])], {"summarize": 1}, "[[1 ... 3]\n ...\n [7 ... 9]]\n"),
    (lambda: [tf.constant([1, 2, 3])], {"summarize": -1}, "[1 2 3]\n"),
])
def test_print_formats_as_tf(capsys, make_inputs, kwargs, expected):
    inputs = make_inputs()
    assert tf.print(*inputs, **kwargs) is None
    assert capsys.readouterr().err == expected


def test_print_output_streams(capsys, tmp_path):
    tf.print(tf.constant([1, 2]), output_stream=sys.stdout)
    assert capsys.readouterr().out == "[1 2]\n"
    path = tmp_path / "printed.txt"
    tf.print("a", tf.constant(1), output_stream=f"file://{path}")
    tf.print("b", output_stream=f"file://{path}")
    assert path.read_text() == "a 1\nb\n"


def test_print_rejects_unknown_keywords_and_streams():
    with pytest.raises(ValueError, match=r"Unrecognized keyword arguments for tf.print: \{'foo': 1\}"):
        tf.print("x", foo=1)
    with pytest.raises(ValueError, match="Unsupported output stream, logging level, or file.5"):
        tf.print("x", output_stream=5)


def test_switch_case():
    branches = [lambda: tf.constant(1), lambda: tf.constant(2)]
    assert int(tf.switch_case(tf.constant(0), branches)) == 1
    assert int(tf.switch_case(tf.constant(5), branches)) == 2  # out of range: the last branch
    assert int(tf.switch_case(tf.constant(-1), {0: branches[0], 1: branches[1]}, default=lambda: 9)) == 9
    with pytest.raises(ValueError, match="contiguous range"):
        tf.switch_case(tf.constant(0), {0: branches[0], 2: branches[1]})
    with pytest.raises(TypeError, match="int32 scalar"):
        tf.switch_case(tf.constant(0.5), branches)


def test_case_errors():
    t = tf.constant(True)
    with pytest.raises(TypeError, match="fns must be a list, tuple, or dict"):
        tf.case(5)
    with pytest.raises(TypeError, match="must be a 2-tuple"):
        tf.case([(t, lambda: 1, 3)])
    with pytest.raises(TypeError, match="pred must be Tensor of type bool"):
        tf.case([(tf.constant(1), lambda: 1)])
    with pytest.raises(TypeError, match="pred must be a Tensor, got: True"):
        tf.case([(True, lambda: 1)])
    with pytest.raises(TypeError, match="must be callable"):
        tf.case([(t, 1)])
    # The exclusive check names each condition "?" (TF 1.15 asks eager tensors for a name they lack).
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"exclusive=True: more than 1 conditions \(\?, \?\) evaluated as True:'\nTrue, True"):
        tf.case([(t, lambda: 1), (t, lambda: 2)], exclusive=True)


def test_case_unpacks_singletons_unless_strict():
    t = tf.constant(True)
    assert isinstance(tf.case([(t, lambda: [tf.constant(1)])]), tf.Tensor)
    assert isinstance(tf.case([(t, lambda: [tf.constant(1)])], strict=True), list)


def test_map_fn_errors_name_the_problem():
    with pytest.raises(tf.errors.InvalidArgumentError, match="TensorArray dtype is int32 but Op is trying to write "
                                                             "dtype float32"):
        tf.map_fn(lambda x: tf.cast(x, tf.float32), tf.constant([1, 2]))
    with pytest.raises(ValueError, match="Dimensions 2 and 3 are not compatible"):
        tf.map_fn(lambda x: x, (tf.constant([1, 2]), tf.constant([1, 2, 3])))
    with pytest.raises(ValueError, match=r"Incompatible shape for value \(\(2,\)\), expected \(\(1,\)\)"):
        tf.map_fn(lambda x: tf.range(x), tf.constant([1, 2]))
    with pytest.raises(tf.errors.InvalidArgumentError, match="Shapes of all inputs must match"):
        tf.map_fn(lambda x: tf.range(x), tf.constant([1, 2]), infer_shape=False)
    with pytest.raises(TypeError, match="fn must be callable"):
        tf.map_fn(5, tf.constant([1, 2]))
    with pytest.raises(tf.errors.OutOfRangeError, match="Tried to read from index 0 but array size is: 0"):
        tf.foldl(lambda a, x: a + x, tf.constant([], tf.int32))


def test_py_func_casts_results_to_Tout_and_counts_them():
    result = tf.py_func(lambda x: x * 2, [tf.constant([1.5])], tf.int32)
    assert result.dtype == tf.int32 and result.numpy().tolist() == [3]
    with pytest.raises(tf.errors.InvalidArgumentError, match="returns 2 values, but expects to see 1 values"):
        tf.py_func(lambda x: (x, x), [tf.constant([1.0])], tf.float32)
    with pytest.raises(tf.errors.InvalidArgumentError, match="Tensor conversion requested dtype int32"):
        tf.py_function(lambda x: x * 2, [tf.constant([1.0])], tf.int32)
    assert tf.py_func(lambda: "ab", [], tf.string).numpy() == b"ab"
    assert isinstance(tf.py_func(lambda x: np.float64(1.0), [tf.constant(1)], tf.float64).numpy(), np.float64)


def test_py_func_receives_numpy_arrays():
    seen = []
    tf.py_func(lambda a, b: seen.extend([a, b]) or a, [tf.constant(1.0), tf.constant(["x"])], tf.float32)
    assert all(type(value) is np.ndarray for value in seen)
    assert seen[0].dtype == np.float32 and seen[0].shape == ()


def test_contrib_eager_py_func_is_py_function():
    assert tf.contrib.eager.py_func is tf.py_function


def test_scan_results_keep_the_accumulator_dtype():
    with pytest.raises(tf.errors.InvalidArgumentError, match="TensorArray dtype is int32 but Op is trying to write "
                                                             "dtype float32"):
        tf.scan(lambda a, x: tf.cast(a, tf.float32), tf.constant([1, 2]))
    empty = tf.scan(lambda a, x: a + x, tf.constant([], tf.float32), initializer=tf.constant(0.))
    assert empty.dtype == tf.float32 and empty.shape.as_list() == [0]
