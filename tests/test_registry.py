"""The registry: public namespaces are assembled from it; unknown names fail clearly."""

import pytest

import tfcompat as tf
from tfcompat._src import registry


def test_every_registered_name_is_reachable_from_the_root_and_compat_v1():
    for name, entry in registry.entries().items():
        if entry.status == registry.UNSUPPORTED:
            continue
        for root in (tf, tf.compat.v1) if not name.startswith("compat.") else (tf,):
            obj = root
            for part in name.split("."):
                obj = getattr(obj, part)
            assert obj is entry.obj, name


# TF 1.x names the hand-written contrib inventory lacks: tfe re-exported backprop.make_vjp, and
# tf.contrib.data (TF 1.15's contrib/data/__init__.py) is not in it at all.
NAMES_MISSING_FROM_INVENTORY = {"contrib.eager.make_vjp"} | {f"contrib.data.{name}" for name in (
    "AUTOTUNE", "Dataset", "Iterator", "batch_and_drop_remainder", "enumerate_dataset", "get_single_element", "ignore_errors",
    "map_and_batch", "padded_batch_and_drop_remainder", "parallel_interleave", "shuffle_and_repeat", "unbatch")}


def test_registered_names_exist_in_the_tf1_inventory():
    inventory = registry.tf_inventory()
    unknown = [name for name in registry.entries() if f"tf.{name}" not in inventory]
    assert sorted(unknown) == sorted(NAMES_MISSING_FROM_INVENTORY)


def test_partial_entries_explain_themselves():
    for name, entry in registry.entries().items():
        if entry.status != registry.FULL:
            assert entry.note, name


def test_missing_tf_name_says_not_supported_yet():
    with pytest.raises(AttributeError, match=r"tf.Session is not supported by tfcompat yet"):
        tf.Session
    with pytest.raises(AttributeError, match="has no attribute 'no_such_thing'"):
        tf.no_such_thing


def test_namespaces_are_modules_in_sys_modules():
    import sys
    assert sys.modules["tfcompat.errors"] is tf.errors
    assert tf.errors.InvalidArgumentError.__mro__[1] is tf.errors.OpError
    assert issubclass(tf.errors.InvalidArgumentError, Exception)


def test_error_classes_carry_tf_attributes():
    error = tf.errors.InvalidArgumentError(None, None, "bad thing")
    assert error.message == "bad thing" and error.error_code == tf.errors.INVALID_ARGUMENT
    assert str(error) == "bad thing"
