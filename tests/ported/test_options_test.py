"""Ported behaviours of TF's tensorflow/python/data/kernel_tests/options_test.py (eager mode), as TF
1.15 merges options: setting one option to two different values raises ValueError (TF 2.x later let
the outer value win).  The proto and graph round-trip cases are TF 2.x's and left out."""

import pytest

import tfcompat as tf
from _dataset_helpers import assert_dataset_produces

D = tf.data.Dataset


def test_OptionsTest_testOptionsDefault():
    assert D.range(0).options() == tf.data.Options()


def test_OptionsTest_testOptionsOnce():
    options = tf.data.Options()
    assert D.range(0).with_options(options).cache().options() == options


def test_OptionsTest_testOptionsTwiceSame():
    options = tf.data.Options()
    options.experimental_optimization.autotune = True
    assert D.range(0).with_options(options).with_options(options).options() == options


def test_OptionsTest_testOptionsTwiceDifferentOptions():
    options1, options2 = tf.data.Options(), tf.data.Options()
    options1.experimental_optimization.autotune = True
    options2.experimental_deterministic = False
    options = D.range(0).with_options(options1).with_options(options2).options()
    assert options.experimental_optimization.autotune is True
    assert options.experimental_deterministic is False


def test_OptionsTest_testOptionsTwiceDifferentError():
    options1, options2 = tf.data.Options(), tf.data.Options()
    options1.experimental_optimization.autotune = True
    options2.experimental_optimization.autotune = False
    with pytest.raises(ValueError, match="Cannot merge incompatible values"):
        D.range(0).with_options(options1).with_options(options2)


def test_OptionsTest_testOptionsMergeOptionsFromMultipleInputs():
    options1, options2 = tf.data.Options(), tf.data.Options()
    options1.experimental_optimization.autotune = True
    options2.experimental_deterministic = True
    ds = D.zip((D.range(0).with_options(options1), D.range(0).with_options(options2)))
    options = ds.options()
    assert options.experimental_optimization.autotune is True
    assert options.experimental_deterministic is True


def test_OptionsTest_testOptionsHaveDefaults():
    options1, options2 = tf.data.Options(), tf.data.Options()
    assert options1.experimental_optimization is not options2.experimental_optimization
    assert options1.experimental_threading is not options2.experimental_threading
    assert options1.experimental_optimization == tf.data.experimental.OptimizationOptions()
    assert options1.experimental_threading == tf.data.experimental.ThreadingOptions()


def test_OptionsTest_testNestedDataset():
    ds = D.from_tensors(0)
    result = ds
    for _ in range(999):
        result = result.concatenate(ds)
    assert_dataset_produces(result, [0] * 1000)
    assert int(tf.data.experimental.cardinality(result)) == 1000
    assert result.options() == tf.data.Options()
