"""Ported behaviours of tensorflow/python/training/tracking/util_with_v1_optimizers_test.py (TF 1.15),
eager mode: deferred restoration (several restores waiting for one object, the newest value winning;
slots made at restore), and objects assigned to a tracked Keras model after ``restore``."""

import os

import numpy as np
import pytest

import tfcompat as tf


class MyModel(tf.keras.Model):
    """TF's test model: a named Dense and a list-held one."""

    def __init__(self):
        super().__init__()
        self._named_dense = tf.keras.layers.Dense(1, use_bias=True)
        self._second = tf.keras.layers.Dense(1, use_bias=False)

    def call(self, values):
        return self._second(self._named_dense(values))


def test_CheckpointingTests_testDeferredSlotRestoration(tmp_path):
    root = tf.train.Checkpoint()
    root.var = tf.Variable(0.0)
    optimizer = tf.train.AdamOptimizer(0.1)
    optimizer.minimize(root.var.read_value)
    root.var.assign(12.0)
    no_slots_path = root.save(os.path.join(tmp_path, "no_slots"))
    root.optimizer = optimizer
    root.var.assign(13.0)
    optimizer.get_slot(name="m", var=root.var).assign(14.0)
    slots_path = root.save(os.path.join(tmp_path, "with_slots"))
    new_root = tf.train.Checkpoint()
    # the slot-containing checkpoint (deferred), then at once the non-slot one (also deferred)
    slot_status = new_root.restore(slots_path)
    no_slot_status = new_root.restore(no_slots_path)
    with pytest.raises(AssertionError):
        no_slot_status.assert_consumed()
    new_root.var = tf.Variable(0.0)
    no_slot_status.assert_consumed()
    no_slot_status.run_restore_ops()
    assert new_root.var.numpy() == 12.0
    new_root.optimizer = tf.train.AdamOptimizer(0.1)
    slot_status.assert_existing_objects_matched()
    with pytest.raises(AssertionError, match="beta1_power"):
        slot_status.assert_consumed()
    assert new_root.var.numpy() == 12.0
    # slot variables are made with their restored values when executing eagerly
    assert new_root.optimizer.get_slot(name="m", var=new_root.var).numpy() == 14.0
    new_root.optimizer.minimize(new_root.var.read_value)
    slot_status.assert_consumed()


def test_CheckpointingTests_testDeferredRestorationUsageEager(tmp_path):
    num_training_steps = 10
    checkpoint_prefix = os.path.join(tmp_path, "ckpt")
    for training_continuation in range(3):
        model = MyModel()
        optimizer = tf.train.AdamOptimizer(0.001)
        step = tf.Variable(0, dtype=tf.int64, trainable=False)
        root = tf.train.Checkpoint(optimizer=optimizer, model=model, optimizer_step=step)
        root.restore(tf.train.latest_checkpoint(str(tmp_path)))
        for _ in range(num_training_steps):
            input_value = tf.constant([[3.0]])
            optimizer.minimize(lambda: model(input_value), global_step=root.optimizer_step)
        root.save(file_prefix=checkpoint_prefix)
        assert root.optimizer_step.numpy() == (training_continuation + 1) * num_training_steps


def test_CheckpointingTests_testSaveRestore_restore_on_create(tmp_path):
    """testSaveRestore's eager half: restore before the model exists; its variables, their slots (made at
    once) and the beta powers (made by the first step) take the saved values."""
    model = MyModel()
    optimizer = tf.train.AdamOptimizer(0.001)
    root = tf.train.Checkpoint(optimizer=optimizer, model=model)
    input_value = tf.constant([[3.0]])
    optimizer.minimize(lambda: model(input_value))
    model._named_dense.variables[1].assign([42.0])
    m_bias_slot = optimizer.get_slot(model._named_dense.variables[1], "m")
    m_bias_slot.assign([1.5])
    optimizer_variables = [v.numpy() for v in optimizer.variables()]
    save_path = root.save(file_prefix=os.path.join(tmp_path, "ckpt"))

    on_create_model = MyModel()
    on_create_optimizer = tf.train.AdamOptimizer(0.001, beta1=1.0, beta2=1.0)
    on_create_root = tf.train.Checkpoint(optimizer=on_create_optimizer, model=on_create_model)
    status = on_create_root.restore(save_path=save_path)
    status.assert_nontrivial_match()
    status.assert_existing_objects_matched()
    with pytest.raises(AssertionError):
        status.assert_consumed()
    on_create_model(tf.constant([[3.0]]))  # create variables
    assert on_create_root.save_counter.numpy() == 1
    np.testing.assert_array_equal(on_create_model._named_dense.variables[1].numpy(), [42.0])
    on_create_m_bias_slot = on_create_optimizer.get_slot(on_create_model._named_dense.variables[1], "m")
    status.assert_existing_objects_matched()
    with pytest.raises(AssertionError):
        status.assert_consumed()
    np.testing.assert_array_equal(on_create_m_bias_slot.numpy(), [1.5])
    dummy_var = tf.Variable([1.0])
    on_create_optimizer.minimize(loss=dummy_var.read_value)
    status.assert_existing_objects_matched()
    status.assert_consumed()
    beta1_power, beta2_power = on_create_optimizer._get_beta_accumulators()
    assert beta1_power.numpy() == optimizer_variables[0]
    assert beta2_power.numpy() == optimizer_variables[1]


class _Growing(tf.keras.Model):
    def __init__(self, complete=True):
        super().__init__()
        self.first = tf.keras.layers.Dense(2)
        if complete:
            self.second = tf.keras.layers.Dense(3)
            self.scale = tf.Variable([2.0, 3.0, 4.0])

    def call(self, x):
        return self.second(self.first(x)) * self.scale


def test_sublayer_and_variable_assigned_after_restore_take_their_saved_values(tmp_path):
    """TF restores an attribute assigned after restore (Layer.__setattr__ tracks it, and the deferred
    dependency waiting for its name binds to it): a variable at assignment, a layer's weights at build."""
    model = _Growing()
    model(np.ones((1, 2), np.float32))
    model.scale.assign([5.0, 6.0, 7.0])
    path = tf.train.Checkpoint(model=model).save(str(tmp_path / "ck"))
    later = _Growing(complete=False)
    status = tf.train.Checkpoint(model=later).restore(path)
    status.assert_existing_objects_matched()
    with pytest.raises(AssertionError):
        status.assert_consumed()
    later.scale = tf.Variable([0.0, 0.0, 0.0])
    np.testing.assert_array_equal(later.scale.numpy(), [5.0, 6.0, 7.0])
    later.second = tf.keras.layers.Dense(3)
    later(np.ones((1, 2), np.float32))
    for mine, saved in zip(later.weights, model.weights):
        np.testing.assert_array_equal(mine.numpy(), saved.numpy())
    status.assert_consumed()


def test_no_dependency_attribute_is_not_restored(tmp_path):
    model = _Growing()
    model(np.ones((1, 2), np.float32))
    path = tf.train.Checkpoint(model=model).save(str(tmp_path / "ck"))
    later = _Growing(complete=False)
    tf.train.Checkpoint(model=later).restore(path)
    later.scale = tf.contrib.checkpoint.NoDependency(tf.Variable([0.0, 0.0, 0.0]))
    np.testing.assert_array_equal(later.scale.numpy(), [0.0, 0.0, 0.0])


def test_list_elements_appended_after_restore_are_restored(tmp_path):
    variables = tf.contrib.checkpoint.List([tf.Variable(1.0), tf.Variable(2.0)])
    path = tf.train.Checkpoint(items=variables).save(str(tmp_path / "ck"))
    items = tf.contrib.checkpoint.List()
    status = tf.train.Checkpoint(items=items).restore(path)
    items.append(tf.Variable(0.0))
    items.extend([tf.Variable(0.0)])
    assert [v.numpy() for v in items] == [1.0, 2.0]
    status.assert_consumed()
    mapping = tf.contrib.checkpoint.Mapping(a=tf.Variable(3.0))
    path = tf.train.Checkpoint(m=mapping).save(str(tmp_path / "map"))
    later = tf.contrib.checkpoint.Mapping()
    tf.train.Checkpoint(m=later).restore(path)
    later["a"] = tf.Variable(0.0)
    assert later["a"].numpy() == 3.0
