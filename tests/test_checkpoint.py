"""tf.train.Checkpoint, the state file, CheckpointManager, Saver, tfe.Saver, restore_variables_on_create:
object-graph keys as TF 1.15 names them, deferred restoration, round trips, statuses and errors."""

import json
import os

import numpy as np
import pytest
from safetensors import safe_open
from safetensors.torch import load_file, save_file

import tfcompat as tf

tfe = tf.contrib.eager


def _keys(path):
    return sorted(load_file(path + ".safetensors"))


class _Model(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.d1 = tf.keras.layers.Dense(2)
        self.bn = tf.keras.layers.BatchNormalization()
        self.lst = [tf.keras.layers.Dense(1)]
        self.v = tf.Variable(1.0)

    def call(self, x, training=None):
        return self.lst[0](self.bn(self.d1(x), training=training))


def _models():
    return _Model(), tf.keras.Sequential([tf.keras.layers.Dense(3, input_shape=(2,)), tf.keras.layers.Dropout(0.1),
                                          tf.keras.layers.Dense(1)])


def _train_step(model, sequential, optimizer):
    with tf.GradientTape() as tape:
        x = tf.constant([[1.0, 2.0], [3.0, -1.0]])
        loss = tf.reduce_sum(sequential(x, training=False)) + tf.reduce_sum(model(x, training=True))
    variables = sequential.trainable_variables + model.trainable_variables
    optimizer.apply_gradients(zip(tape.gradient(loss, variables), variables))
    return loss.numpy()


# TF 1.15's keys for this graph (recorded from tf.compat.v1 with tf_keras: same names, same paths)
_EXPECTED_KEYS = sorted(
    [f"m/{layer}/{weight}/.ATTRIBUTES/VARIABLE_VALUE" for layer, weight in
     [("bn", "beta"), ("bn", "gamma"), ("bn", "moving_mean"), ("bn", "moving_variance"), ("d1", "bias"),
      ("d1", "kernel"), ("lst/0", "bias"), ("lst/0", "kernel")]]
    + [f"m/{path}/.OPTIMIZER_SLOT/optimizer/{slot}/.ATTRIBUTES/VARIABLE_VALUE" for slot in "mv" for path in
       ["bn/beta", "bn/gamma", "d1/bias", "d1/kernel", "lst/0/bias", "lst/0/kernel"]]
    + [f"seq/layer_with_weights-{i}/{w}/.ATTRIBUTES/VARIABLE_VALUE" for i in (0, 1) for w in ("bias", "kernel")]
    + [f"seq/layer_with_weights-{i}/{w}/.OPTIMIZER_SLOT/optimizer/{slot}/.ATTRIBUTES/VARIABLE_VALUE"
       for i in (0, 1) for w in ("bias", "kernel") for slot in "mv"]
    + ["m/v/.ATTRIBUTES/VARIABLE_VALUE", "optimizer/beta1_power/.ATTRIBUTES/VARIABLE_VALUE",
       "optimizer/beta2_power/.ATTRIBUTES/VARIABLE_VALUE", "save_counter/.ATTRIBUTES/VARIABLE_VALUE",
       "step/.ATTRIBUTES/VARIABLE_VALUE"])


def test_checkpoint_keys_are_tf_1_15s(tmp_path):
    model, sequential = _models()
    optimizer = tf.train.AdamOptimizer(0.1)
    _train_step(model, sequential, optimizer)
    checkpoint = tf.train.Checkpoint(seq=sequential, m=model, optimizer=optimizer,
                                     step=tf.train.get_or_create_global_step())
    path = checkpoint.save(str(tmp_path / "ck"))
    assert path == str(tmp_path / "ck-1")
    assert _keys(path) == _EXPECTED_KEYS


def test_resuming_from_a_checkpoint_gives_the_uninterrupted_runs_next_loss(tmp_path):
    model, sequential = _models()
    optimizer = tf.train.AdamOptimizer(0.1)
    step = tf.train.get_or_create_global_step()
    checkpoint = tf.train.Checkpoint(seq=sequential, m=model, optimizer=optimizer, step=step)
    for _ in range(3):
        _train_step(model, sequential, optimizer)
    step.assign_add(3)
    checkpoint.save(str(tmp_path / "ck"))
    expected = [_train_step(model, sequential, optimizer) for _ in range(2)]
    # a fresh program: nothing built, no slots, restore first (deferred restoration)
    model2, sequential2 = _models()
    optimizer2 = tf.train.AdamOptimizer(0.1)
    step2 = tf.Variable(0, dtype=tf.int64)
    status = tf.train.Checkpoint(seq=sequential2, m=model2, optimizer=optimizer2, step=step2).restore(
        tf.train.latest_checkpoint(str(tmp_path)))
    assert step2.numpy() == 3
    resumed = [_train_step(model2, sequential2, optimizer2) for _ in range(2)]
    assert resumed == expected
    status.assert_consumed()
    status.assert_existing_objects_matched()
    status.assert_nontrivial_match()
    for a, b in zip(model.variables + sequential.variables, model2.variables + sequential2.variables):
        assert np.array_equal(a.numpy(), b.numpy()), a.name


def test_guide_variable_snippet(tmp_path):
    x = tfe.Variable(10.)
    checkpoint = tfe.Checkpoint(x=x)
    x.assign(2.)
    save_path = checkpoint.save(str(tmp_path) + "/")
    x.assign(11.)
    checkpoint.restore(save_path)
    assert x.numpy() == 2.0
    assert save_path == str(tmp_path) + "/-1"
    assert tf.train.latest_checkpoint(str(tmp_path)) == save_path


def test_state_file_text_and_relative_paths(tmp_path):
    checkpoint = tf.train.Checkpoint(v=tf.Variable(1.0))
    checkpoint.save(str(tmp_path / "ck"))
    path = checkpoint.save(str(tmp_path / "ck"))
    expected = 'model_checkpoint_path: "ck-2"\nall_model_checkpoint_paths: "ck-2"\n'
    assert (tmp_path / "checkpoint").read_text() == expected
    state = tf.train.get_checkpoint_state(str(tmp_path))
    assert state.model_checkpoint_path == path
    assert list(state.all_model_checkpoint_paths) == [path]
    assert checkpoint.save_counter.numpy() == 2 and checkpoint.save_counter.dtype == tf.int64


def test_update_checkpoint_state_escapes_and_reads_back(tmp_path):
    odd = str(tmp_path / 'we"ird\\näme')
    tf.train.update_checkpoint_state(str(tmp_path), odd, [str(tmp_path / "a"), odd],
                                     all_model_checkpoint_timestamps=[1.5, 2.25], last_preserved_timestamp=1.0)
    text = (tmp_path / "checkpoint").read_text()
    assert 'we\\"ird\\\\n\\303\\244me"' in text
    state = tf.train.get_checkpoint_state(str(tmp_path))
    assert state.model_checkpoint_path == odd
    assert list(state.all_model_checkpoint_paths) == [str(tmp_path / "a"), odd]
    assert list(state.all_model_checkpoint_timestamps) == [1.5, 2.25]
    assert state.last_preserved_timestamp == 1.0


def test_latest_checkpoint_none_without_state_or_files(tmp_path):
    assert tf.train.latest_checkpoint(str(tmp_path)) is None
    tf.train.update_checkpoint_state(str(tmp_path), str(tmp_path / "missing-1"))
    assert tf.train.latest_checkpoint(str(tmp_path)) is None
    (tmp_path / "checkpoint").write_text("not a proto {")
    assert tf.train.get_checkpoint_state(str(tmp_path)) is None


def test_generate_checkpoint_state_proto_appends_the_newest():
    state = tf.train.generate_checkpoint_state_proto("dir", "dir/ck-2", ["dir/ck-1"])
    assert state.model_checkpoint_path == "ck-2"
    assert list(state.all_model_checkpoint_paths) == ["ck-1", "ck-2"]
    with pytest.raises(ValueError):
        tf.train.generate_checkpoint_state_proto("dir", "ck", ["ck"], all_model_checkpoint_timestamps=[1.0, 2.0])


def test_restore_statuses(tmp_path):
    v, w = tf.Variable(1.0), tf.Variable(2.0)
    path = tf.train.Checkpoint(v=v, w=w).save(str(tmp_path / "ck"))
    partial = tf.train.Checkpoint(v=tf.Variable(0.0)).restore(path)
    partial.assert_existing_objects_matched()
    partial.assert_nontrivial_match()
    with pytest.raises(AssertionError, match="Unresolved object in checkpoint"):
        partial.assert_consumed()
    assert partial.expect_partial() is partial
    extra = tf.train.Checkpoint(v=tf.Variable(0.0), w=tf.Variable(0.0), z=tf.Variable(0.0)).restore(path)
    with pytest.raises(AssertionError, match="not bound to checkpointed values"):
        extra.assert_existing_objects_matched()
    unrelated = tf.train.Checkpoint(q=tf.Variable(0.0)).restore(path)
    with pytest.raises(AssertionError, match="Nothing except the root object matched"):
        unrelated.assert_nontrivial_match()
    none = tf.train.Checkpoint(v=v).restore(None)
    none.initialize_or_restore()
    none.run_restore_ops()
    with pytest.raises(AssertionError, match="No checkpoint specified"):
        none.assert_consumed()


def test_attributes_assigned_after_restore_are_restored(tmp_path):
    path = tf.train.Checkpoint(late=tf.Variable([1.0, 2.0])).save(str(tmp_path / "ck"))
    checkpoint = tf.train.Checkpoint()
    status = checkpoint.restore(path)
    checkpoint.late = tf.Variable([0.0, 0.0])
    assert checkpoint.late.numpy().tolist() == [1.0, 2.0]
    status.assert_consumed()


def test_contrib_checkpoint_structures(tmp_path):
    structures = tf.contrib.checkpoint
    root = tf.train.Checkpoint()
    root.items = structures.List([tf.Variable(1.0), tf.Variable(2.0)])
    root.table = structures.Mapping(a=tf.Variable(3.0))
    root.hidden = structures.NoDependency(tf.Variable(4.0))
    names = structures.UniqueNameTracker()
    first, second = names.track(tf.Variable(5.0), "x"), names.track(tf.Variable(6.0), "x")
    root.names = names
    path = root.save(str(tmp_path / "ck"))
    assert _keys(path) == sorted(["items/0/.ATTRIBUTES/VARIABLE_VALUE", "items/1/.ATTRIBUTES/VARIABLE_VALUE",
                                  "table/a/.ATTRIBUTES/VARIABLE_VALUE", "names/x/.ATTRIBUTES/VARIABLE_VALUE",
                                  "names/x_1/.ATTRIBUTES/VARIABLE_VALUE", "save_counter/.ATTRIBUTES/VARIABLE_VALUE"])
    assert isinstance(root.hidden, tf.Variable)
    for variable in (root.items[0], root.table["a"], first, second):
        variable.assign(0.0)
    root.restore(path).assert_consumed()
    assert [v.numpy() for v in (root.items[0], root.items[1], root.table["a"], first, second)] == [1, 2, 3, 5, 6]


def test_local_names_with_dots_and_slashes_are_escaped(tmp_path):
    root = tf.train.Checkpoint()
    root.m = tf.contrib.checkpoint.Mapping({"a.b/c": tf.Variable(1.0)})
    assert _keys(root.write(str(tmp_path / "ck"))) == ["m/a..b.Sc/.ATTRIBUTES/VARIABLE_VALUE"]


def test_write_does_not_count_or_record(tmp_path):
    checkpoint = tf.train.Checkpoint(v=tf.Variable(1.0))
    assert checkpoint.write(str(tmp_path / "plain")) == str(tmp_path / "plain")
    assert not (tmp_path / "checkpoint").exists()
    assert tf.train.checkpoint_exists(str(tmp_path / "plain"))


def test_checkpoint_rejects_non_trackables():
    with pytest.raises(ValueError, match="was expecting a trackable object"):
        tf.train.Checkpoint(x=3)


def test_restore_missing_path_is_not_found(tmp_path):
    with pytest.raises(tf.errors.NotFoundError, match="Failed to find any matching files"):
        tf.train.Checkpoint(v=tf.Variable(1.0)).restore(str(tmp_path / "nothing-1"))


def test_mismatched_shape_or_dtype_restores_nothing(tmp_path):
    path = tf.train.Checkpoint(a=tf.Variable(1.0), b=tf.Variable([1.0, 2.0])).save(str(tmp_path / "ck"))
    a, b = tf.Variable(5.0), tf.Variable([1.0, 2.0, 3.0])
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"b/\.ATTRIBUTES.*shape \(2,\).*shape \(3,\)"):
        tf.train.Checkpoint(a=a, b=b).restore(path)
    assert a.numpy() == 5.0
    c = tf.Variable(5, dtype=tf.int32)
    with pytest.raises(tf.errors.InvalidArgumentError, match="dtype float32.*dtype int32"):
        tf.train.Checkpoint(a=c).restore(path)
    assert str(tmp_path / "ck-1") in str(pytest.raises(tf.errors.InvalidArgumentError,
                                                       tf.train.Checkpoint(a=c).restore, path).value)


# --- CheckpointManager (TF 1.15's checkpoint_management_test asserts, in eager) --------------------------

def test_checkpoint_manager_keeps_max_to_keep(tmp_path):
    checkpoint = tf.train.Checkpoint(v=tf.Variable(0.0))
    manager = tf.train.CheckpointManager(checkpoint, str(tmp_path), max_to_keep=2)
    assert manager.latest_checkpoint is None
    paths = [manager.save() for _ in range(4)]
    assert paths == [str(tmp_path / f"ckpt-{i}") for i in range(1, 5)]
    assert manager.checkpoints == paths[2:]
    assert sorted(os.listdir(tmp_path)) == ["checkpoint", "ckpt-3.safetensors", "ckpt-4.safetensors"]
    state = tf.train.get_checkpoint_state(str(tmp_path))
    assert list(state.all_model_checkpoint_paths) == paths[2:]
    assert len(state.all_model_checkpoint_timestamps) == 2
    again = tf.train.CheckpointManager(checkpoint, str(tmp_path), max_to_keep=2)
    assert again.latest_checkpoint == paths[-1]
    assert manager.save(checkpoint_number=tf.constant(10)) == str(tmp_path / "ckpt-10")


def test_checkpoint_manager_checkpoint_name_and_keep_all(tmp_path):
    manager = tf.train.CheckpointManager(tf.train.Checkpoint(v=tf.Variable(0.0)), str(tmp_path), max_to_keep=None,
                                         checkpoint_name="model")
    for _ in range(3):
        manager.save()
    assert manager.checkpoints == [str(tmp_path / f"model-{i}") for i in (1, 2, 3)]
    with pytest.raises(ValueError, match="Expected a positive integer"):
        tf.train.CheckpointManager(tf.train.Checkpoint(), str(tmp_path), max_to_keep=0)


def test_checkpoint_manager_keep_checkpoint_every_n_hours(tmp_path, monkeypatch):
    clock = [10000.0]
    monkeypatch.setattr("tfcompat._src.checkpoint.management.time.time", lambda: clock[0])
    manager = tf.train.CheckpointManager(tf.train.Checkpoint(v=tf.Variable(0.0)), str(tmp_path), max_to_keep=2,
                                         keep_checkpoint_every_n_hours=1)
    manager.save()  # at 10000: less than an hour after the manager started (last preserved: 9999)
    clock[0] += 3600
    kept = manager.save()  # at 13600: an hour after the last preserved time
    for _ in range(2):
        clock[0] += 10
        manager.save()
    assert not tf.train.checkpoint_exists(str(tmp_path / "ckpt-1"))
    assert tf.train.checkpoint_exists(kept)  # past max_to_keep, but kept as the hourly one
    assert manager.checkpoints == [str(tmp_path / "ckpt-3"), str(tmp_path / "ckpt-4")]
    assert tf.train.get_checkpoint_state(str(tmp_path)).last_preserved_timestamp == 13600.0


# --- Saver, tfe.Saver, restore_variables_on_create --------------------------------------------------------

def test_saver_round_trip_and_max_to_keep(tmp_path):
    v, w = tf.Variable([1.0, 2.0], name="v"), tf.Variable(3, name="w")
    saver = tf.train.Saver([v, w], max_to_keep=2)
    paths = [saver.save(None, str(tmp_path / "model"), global_step=step) for step in range(4)]
    assert paths == [str(tmp_path / f"model-{i}") for i in range(4)]
    assert saver.last_checkpoints == paths[2:]
    assert _keys(paths[-1]) == ["v", "w"]
    assert not tf.train.checkpoint_exists(paths[0])
    v.assign([0.0, 0.0])
    saver.restore(None, tf.train.latest_checkpoint(str(tmp_path)))
    assert v.numpy().tolist() == [1.0, 2.0]
    named = tf.train.Saver({"renamed": v})
    named.save(None, str(tmp_path / "dict"))
    assert _keys(str(tmp_path / "dict")) == ["renamed"]
    recovered = tf.train.Saver([v, w])
    recovered.recover_last_checkpoints(paths)
    assert recovered.last_checkpoints == paths[2:]


def test_saver_errors(tmp_path):
    with pytest.raises(RuntimeError, match="`var_list` must specify a list or dict"):
        tf.train.Saver()
    with pytest.raises(ValueError, match="At least two variables have the same name: Variable"):
        tf.train.Saver([tf.Variable(1.0), tf.Variable(2.0)])
    saver = tf.train.Saver([tf.Variable(1.0, name="x")])
    with pytest.raises(ValueError, match="doesn't exist, can't save"):
        saver.save(None, str(tmp_path / "no" / "such" / "dir"))
    with pytest.raises(ValueError, match="not a valid checkpoint"):
        saver.restore(None, str(tmp_path / "nothing"))
    tf.train.Saver([tf.Variable(1.0, name="other")]).save(None, str(tmp_path / "other"))
    with pytest.raises(tf.errors.NotFoundError, match="Key x not found in checkpoint"):
        saver.restore(None, str(tmp_path / "other"))


def test_saver_reads_object_based_checkpoints_by_variable_name(tmp_path):
    v = tf.Variable(7.0, name="seven")
    path = tf.train.Checkpoint(anything=v).save(str(tmp_path / "ck"))
    v.assign(0.0)
    tf.train.Saver([v]).restore(None, path)
    assert v.numpy() == 7.0


def test_checkpoint_restores_name_based_checkpoints(tmp_path):
    v = tf.Variable(7.0, name="seven")
    tf.train.Saver([v]).save(None, str(tmp_path / "names"))
    v.assign(0.0)
    tf.train.Checkpoint(anything=v).restore(str(tmp_path / "names")).assert_consumed()
    assert v.numpy() == 7.0


def test_tfe_saver(tmp_path):
    v = tfe.Variable([1.0], name="v")
    saver = tfe.Saver([v])
    path = saver.save(str(tmp_path / "model"), global_step=tf.Variable(0, dtype=tf.int64))
    assert path == str(tmp_path / "model-0")
    v.assign([5.0])
    saver.restore(path)
    assert v.numpy().tolist() == [1.0]


def test_restore_variables_on_create(tmp_path):
    tf.train.Saver([tf.Variable([1.0, 2.0], name="net/w")]).save(None, str(tmp_path / "model"))
    with tfe.restore_variables_on_create(str(tmp_path / "model")):
        w = tf.Variable([0.0, 0.0], name="net/w")
        with pytest.raises(tf.errors.NotFoundError, match="absent not found in checkpoint"):
            tf.Variable(0.0, name="absent")
    assert w.numpy().tolist() == [1.0, 2.0]
    assert tf.Variable(3.0, name="net/w").numpy() == 3.0  # outside the block: not restored
    with tfe.restore_variables_on_create(str(tmp_path / "model"), map_func=lambda name: "net/" + name):
        assert tf.Variable([0.0, 0.0], name="w").numpy().tolist() == [1.0, 2.0]


def test_keras_optimizers_iterations_hyperparameters_and_slots(tmp_path):
    def build():
        model = tf.keras.Sequential([tf.keras.layers.Dense(2, input_shape=(3,))])
        model.compile(optimizer=tf.keras.optimizers.Adam(0.01), loss="mse")
        return model

    x, y = np.ones((4, 3), np.float32), np.zeros((4, 2), np.float32)
    model = build()
    model.fit(x, y, epochs=2, batch_size=2, verbose=0)
    model.save_weights(str(tmp_path / "w"))
    keys = _keys(str(tmp_path / "w"))
    assert {"optimizer/iter/.ATTRIBUTES/VARIABLE_VALUE", "optimizer/learning_rate/.ATTRIBUTES/VARIABLE_VALUE",
            "optimizer/beta_1/.ATTRIBUTES/VARIABLE_VALUE",
            "layer_with_weights-0/kernel/.OPTIMIZER_SLOT/optimizer/m/.ATTRIBUTES/VARIABLE_VALUE"} <= set(keys)
    expected = model.train_on_batch(x, y)
    fresh = build()
    status = fresh.load_weights(str(tmp_path / "w"))  # iter, hyperparameters and slots come with the first step
    assert fresh.train_on_batch(x, y) == expected
    status.assert_consumed()
    assert fresh.optimizer.iterations.numpy() == model.optimizer.iterations.numpy() == 5


def test_metrics_round_trip_bit_exactly(tmp_path):
    eager_mean, keras_mean = tfe.metrics.Mean(), tf.keras.metrics.Mean()
    accuracy = tf.keras.metrics.SparseCategoricalAccuracy()
    eager_mean(tf.constant([1.0, 2.0, 4.5]))
    keras_mean(tf.constant([3.0, 5.25]))
    accuracy(tf.constant([1, 0]), tf.constant([[0.1, 0.9], [0.8, 0.2]]))
    path = tf.train.Checkpoint(m=eager_mean, k=keras_mean, a=accuracy).save(str(tmp_path / "ck"))
    assert {"m/numer/.ATTRIBUTES/VARIABLE_VALUE", "m/denom/.ATTRIBUTES/VARIABLE_VALUE",
            "k/total/.ATTRIBUTES/VARIABLE_VALUE", "k/count/.ATTRIBUTES/VARIABLE_VALUE"} <= set(_keys(path))
    eager2, keras2 = tfe.metrics.Mean(), tf.keras.metrics.Mean()
    accuracy2 = tf.keras.metrics.SparseCategoricalAccuracy()
    status = tf.train.Checkpoint(m=eager2, k=keras2, a=accuracy2).restore(path)
    eager2(tf.constant([0.5]))  # the tfe metric makes its variables now: deferred restoration
    eager_mean(tf.constant([0.5]))
    status.assert_consumed()
    for mine, theirs in ((eager_mean, eager2), (keras_mean, keras2), (accuracy, accuracy2)):
        assert mine.result().numpy().tobytes() == theirs.result().numpy().tobytes()
    assert eager2.result().dtype == tf.float64


def test_rnn_model_round_trips_bit_exactly(tmp_path):
    """An LSTM (fused kernel) and a GRU (step loop) with their Adam slots: save, perturb, restore."""
    model = tf.keras.Sequential([tf.keras.layers.LSTM(4, return_sequences=True, recurrent_activation="sigmoid",
                                                      input_shape=(5, 3)),
                                 tf.keras.layers.GRU(2), tf.keras.layers.Dense(1)])
    optimizer = tf.train.AdamOptimizer(0.05)
    x = tf.random_normal([2, 5, 3])
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(model(x))
    optimizer.apply_gradients(zip(tape.gradient(loss, model.trainable_variables), model.trainable_variables))
    checkpoint = tf.train.Checkpoint(model=model, optimizer=optimizer)
    path = checkpoint.save(str(tmp_path / "rnn"))
    saved = [v.numpy() for v in model.variables + optimizer.variables()]
    for variable in model.variables + optimizer.variables():
        variable.assign(variable + tf.ones_like(variable))
    checkpoint.restore(path).assert_consumed()
    for before, variable in zip(saved, model.variables + optimizer.variables()):
        np.testing.assert_array_equal(variable.numpy(), before)


def test_checkpointable_saver_saves_and_restores_a_root(tmp_path):
    root = tf.contrib.checkpoint.Checkpointable()
    root.v = tf.Variable(3.0)
    saver = tfe.CheckpointableSaver(root)
    path = saver.save(str(tmp_path / "ck"), checkpoint_number=7)
    assert path == str(tmp_path / "ck-7")
    assert not os.path.exists(tmp_path / "checkpoint")  # no state file, as TF's CheckpointableSaver
    root.v.assign(5.0)
    saver.restore(path).assert_consumed()
    assert root.v.numpy() == 3.0
    with pytest.raises(AttributeError, match="save_network_checkpoint is not supported by tfcompat: TF 1.5-1.7"):
        tfe.save_network_checkpoint


def test_string_variables_round_trip_bit_exactly_and_load_with_plain_safetensors(tmp_path):
    words = tf.Variable([[b"a", b"b\x00c\xff"], [b"", "\u00e9".encode("utf-8")]])
    scalar, empty = tf.Variable(b"scalar"), tf.Variable(np.array([], dtype=object).astype(bytes))
    path = tf.train.Checkpoint(words=words, scalar=scalar, empty=empty).save(str(tmp_path / "ck"))
    raw = load_file(path + ".safetensors")  # plain safetensors: the bytes and the lengths
    key = "words/.ATTRIBUTES/VARIABLE_VALUE"
    assert raw[key].numpy().tobytes() == b"ab\x00c\xff\xc3\xa9"
    assert raw[key + ":string_lengths"].tolist() == [[1, 4], [0, 2]]
    fresh = tf.Variable([[b"x", b"x"], [b"x", b"x"]]), tf.Variable(b""), tf.Variable(np.array([b"q"])[:0])
    tf.train.Checkpoint(words=fresh[0], scalar=fresh[1], empty=fresh[2]).restore(path).assert_consumed()
    assert fresh[0].numpy().tolist() == words.numpy().tolist() and fresh[1].numpy() == b"scalar"
    assert fresh[2].numpy().shape == (0,)
    reader = tf.train.NewCheckpointReader(path)
    assert reader.get_variable_to_dtype_map()[key] == tf.string and reader.get_tensor(key).tolist() == \
        words.numpy().tolist()
    assert tf.train.load_variable(path, "scalar/.ATTRIBUTES/VARIABLE_VALUE") == b"scalar"
    saver_path = tf.train.Saver([words]).save(None, str(tmp_path / "names"))
    words.assign([[b"1", b"2"], [b"3", b"4"]])
    tf.train.Saver([words]).restore(None, saver_path)
    assert words.numpy().tolist() == [[b"a", b"b\x00c\xff"], [b"", b"\xc3\xa9"]]
    with pytest.raises(tf.errors.InvalidArgumentError, match="dtype string"):
        tf.train.Checkpoint(words=tf.Variable([[1.0, 2.0], [3.0, 4.0]])).restore(path)


def test_string_values_with_bad_lengths_are_data_loss(tmp_path):
    from tfcompat._src.checkpoint import file_format

    path = str(tmp_path / "bad")
    file_format.write(path, {"w": np.array([b"ab", b"c"], dtype=object)})
    contents = file_format.read(path)
    assert contents.tensors["w"].tolist() == [b"ab", b"c"]
    tensors = load_file(path + ".safetensors")
    tensors["w:string_lengths"] = tensors["w:string_lengths"] + 1
    with safe_open(path + ".safetensors", "pt") as stream:
        metadata = stream.metadata()
    metadata.pop("crc32c")
    metadata["crc32c"] = file_format._checksum(metadata, tensors)
    save_file(tensors, path + ".safetensors", metadata=metadata)
    with pytest.raises(tf.errors.DataLossError, match="string value w is malformed"):
        file_format.read(path)
    assert json.loads(metadata["strings"]) == ["w"]
