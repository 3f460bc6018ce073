"""Ported behaviours of tensorflow/python/training/warm_starting_util_test.py (TF 1.15), eager mode,
through the public tf.train.warm_start / tf.train.VocabInfo (TF's tests call the private
_warm_start_var_with_vocab; the values are theirs).  Variables come from tf.get_variable in a
tfe.EagerVariableStore, the store TF 1.15 eager finds names in."""

import os

import numpy as np
import pytest

import tfcompat as tf

tfe = tf.contrib.eager


def _write_vocab(directory, words, name):
    path = os.path.join(directory, name)
    with open(path, "w") as stream:
        stream.write("\n".join(words) + "\n")
    return path


def _create_prev_run_var(directory, name, initializer):
    variable = tf.Variable(np.asarray(initializer, np.float32), name=name)
    tf.train.Saver([variable]).save(None, os.path.join(directory, "model"))


def test_WarmStartingUtilTest_testWarmStartVarWithVocab(tmp_path):
    directory = str(tmp_path)
    prev_vocab_path = _write_vocab(directory, ["apple", "banana", "guava", "orange"], "old_vocab")
    _create_prev_run_var(directory, "fruit_weights", [[0.5], [1.0], [1.5], [2.0]])
    # new vocab with the elements in reverse order and one new element
    new_vocab_path = _write_vocab(directory, ["orange", "guava", "banana", "apple", "raspberry"], "new_vocab")
    with tfe.EagerVariableStore().as_default():
        fruit_weights = tf.get_variable("fruit_weights", initializer=[[0.0], [0.0], [0.0], [0.0], [0.0]])
        tf.train.warm_start(directory, vars_to_warm_start=None, var_name_to_vocab_info={
            "fruit_weights": tf.train.VocabInfo(new_vocab_path, 5, 0, prev_vocab_path)})
    np.testing.assert_allclose(fruit_weights.numpy(), [[2.0], [1.5], [1.0], [0.5], [0.0]])


def test_WarmStartingUtilTest_testWarmStartVarWithColumnVocab(tmp_path):
    directory = str(tmp_path)
    prev_vocab_path = _write_vocab(directory, ["apple", "orange"], "old_vocab")
    _create_prev_run_var(directory, "fruit_output_layer", [[0.5, 0.3], [1.0, 0.8], [1.5, 1.2], [2.0, 2.3]])
    new_vocab_path = _write_vocab(directory, ["orange", "apple", "banana"], "new_vocab")
    with tfe.EagerVariableStore().as_default():
        layer = tf.get_variable("fruit_output_layer", initializer=[[0.0] * 3] * 4)
        tf.train.warm_start(directory, vars_to_warm_start=[layer], var_name_to_vocab_info={
            "fruit_output_layer": tf.train.VocabInfo(new_vocab_path, 3, 0, prev_vocab_path, axis=1)})
    np.testing.assert_allclose(layer.numpy(), [[0.3, 0.5, 0.0], [0.8, 1.0, 0.0], [1.2, 1.5, 0.0], [2.3, 2.0, 0.0]])


def test_warm_start_vocab_sizes_oov_buckets_backup_initializer_and_renamed_variable(tmp_path):
    """Old and new vocabulary sizes, OOV buckets, a backup initializer and a renamed variable, with the
    values TF 2.21's tf.compat.v1.train.warm_start gives in graph mode (tests/data/tf_checkpoints/
    record_warm_start_values.py prints them)."""
    directory = str(tmp_path)
    old = _write_vocab(directory, ["apple", "banana", "guava", "orange"], "old")
    new = _write_vocab(directory, ["orange", "kiwi", "apple", "banana"], "new")
    weights = tf.Variable(np.array([[0.5, 0.1], [1.0, 1.1], [1.5, 1.6], [2.0, 2.1]], np.float32), name="fruit_weights")
    bias = tf.Variable(np.array([3.0, 4.0], np.float32), name="bias")
    tf.train.Saver([weights, bias]).save(None, os.path.join(directory, "model"))
    with tfe.EagerVariableStore().as_default():
        fruit = tf.get_variable("fruit_weights", initializer=np.zeros((6, 2), np.float32))
        new_bias = tf.get_variable("new_bias", initializer=[0.0, 0.0])
        info = tf.train.VocabInfo(new, 3, 3, old, old_vocab_size=3,
                                  backup_initializer=lambda shape, dtype=None, partition_info=None: tf.fill(shape, -7.0))
        tf.train.warm_start(directory, ".*", {"fruit_weights": info}, {"new_bias": "bias"})
    np.testing.assert_allclose(fruit.numpy(), [[-7.0, -7.0], [-7.0, -7.0], [0.5, 0.1], [-7.0, -7.0], [-7.0, -7.0],
                                               [-7.0, -7.0]])
    np.testing.assert_array_equal(new_bias.numpy(), [3.0, 4.0])


def test_warm_start_argument_errors_and_vocab_info_defaults(tmp_path):
    directory = str(tmp_path)
    _create_prev_run_var(directory, "x", [[1.0]])
    with tfe.EagerVariableStore().as_default():
        x = tf.get_variable("x", initializer=[[0.0]])
        with pytest.raises(ValueError, match="were not used"):
            tf.train.warm_start(directory, ".*", var_name_to_prev_var_name={"y": "x"})
        with pytest.raises(ValueError, match="must be all `Variable` or all `str`"):
            tf.train.warm_start(directory, [x, "x"])
        with pytest.raises(ValueError, match="must be a `list` or `str`"):
            tf.train.warm_start(directory, 3)
        tf.train.warm_start(directory, ["x"])
    assert x.numpy().tolist() == [[1.0]]
    with pytest.raises(ValueError, match="axis"):
        tf.train.VocabInfo("a", 1, 0, "b", axis=2)
    info = tf.train.VocabInfo("a", 1, 0, "b")
    assert (info.old_vocab_size, info.backup_initializer, info.axis) == (-1, None, 0)
    assert repr(info) == ("VocabInfo(new_vocab='a', new_vocab_size=1, num_oov_buckets=0, old_vocab='b', "
                          "old_vocab_size=-1, backup_initializer=None, axis=0)")
