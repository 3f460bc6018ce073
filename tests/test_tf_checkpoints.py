"""Checkpoints written by real TensorFlow (tests/data/tf_checkpoints/, recorded by
record_tf_checkpoints.py there) read and restored without TensorFlow: the reader API, object-based
restores of a Keras model with Adam's slots and beta powers, Keras save_weights files, a name-based Saver
checkpoint, init_from_checkpoint, the convert-checkpoint command, and damaged files."""

import json
import shutil
from pathlib import Path

import numpy as np
import pytest
from safetensors.torch import load_file

import tfcompat as tf
from tfcompat import cli

DATA = Path(__file__).parent / "data" / "tf_checkpoints"
EXPECTED = json.loads((DATA / "expected.json").read_text())
X = np.array([[0.5, -1.0], [2.0, 0.25], [-0.75, 1.5], [1.0, 1.0]], np.float32)
Y = np.array([[1.0], [-1.0], [0.5], [2.0]], np.float32)


def _prefix(name):
    return str(DATA / EXPECTED[name]["prefix"])


def _expected(name, key):
    entry = EXPECTED[name]["tensors"][key]
    return np.array(entry["values"], dtype=entry["dtype"]).reshape(entry["shape"])


def _keras_model():
    return tf.keras.Sequential([tf.keras.layers.Dense(3, activation="relu", input_shape=(2,)),
                                tf.keras.layers.BatchNormalization(),
                                tf.keras.layers.Dense(1)])


def _train_step(model, optimizer, step):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(tf.constant(X), training=True) - Y))
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables), global_step=step)
    return float(loss.numpy())


def test_reader_lists_tf_checkpoints_names_shapes_dtypes_and_values():
    prefix = _prefix("names")
    reader = tf.train.NewCheckpointReader(prefix)
    assert reader.get_variable_to_shape_map() == {key: value["shape"]
                                                  for key, value in EXPECTED["names"]["tensors"].items()}
    dtypes = reader.get_variable_to_dtype_map()
    assert {key: dtype.name for key, dtype in dtypes.items()} == {
        "counts": "int32", "dense/kernel": "float32", "flags": "bool", "global_step": "int64", "halves": "float16",
        "scalars/doubles": "float64"}
    for key in EXPECTED["names"]["tensors"]:
        value = reader.get_tensor(key)
        assert np.array_equal(value, _expected("names", key)) and value.dtype == _expected("names", key).dtype
    assert reader.has_tensor("counts") and not reader.has_tensor("nope")
    assert tf.train.list_variables(prefix) == sorted((k, v["shape"]) for k, v in EXPECTED["names"]["tensors"].items())
    assert tf.train.load_variable(prefix, "global_step:0") == 2 ** 40
    with pytest.raises(tf.errors.NotFoundError):
        reader.get_tensor("nope")


def test_object_graph_of_a_tf_checkpoint_is_a_trackable_object_graph_proto():
    reader = tf.train.load_checkpoint(_prefix("object"))
    from tfcompat._src.protos.checkpoint import TRACKABLE_OBJECT_GRAPH
    graph = TRACKABLE_OBJECT_GRAPH.TrackableObjectGraph.FromString(reader.get_tensor("_CHECKPOINTABLE_OBJECT_GRAPH"))
    root_children = {child.local_name for child in graph.nodes[0].children}
    assert {"model", "optimizer", "step", "save_counter"} <= root_children


def test_object_based_tf_checkpoint_restores_a_keras_model_and_adam_bit_exactly():
    model, optimizer = _keras_model(), tf.train.AdamOptimizer(0.05)
    step = tf.Variable(0, dtype=tf.int64)
    _train_step(model, optimizer, None)  # slots exist: restored at once
    checkpoint = tf.train.Checkpoint(model=model, optimizer=optimizer, step=step)
    checkpoint.restore(_prefix("object")).assert_consumed()
    base = "model/layer_with_weights-{}/{}/.ATTRIBUTES/VARIABLE_VALUE"
    layers = [(0, "kernel"), (0, "bias"), (1, "gamma"), (1, "beta"), (1, "moving_mean"), (1, "moving_variance"),
              (2, "kernel"), (2, "bias")]
    weights = {(0, "kernel"): model.layers[0].kernel, (0, "bias"): model.layers[0].bias,
               (1, "gamma"): model.layers[1].gamma, (1, "beta"): model.layers[1].beta,
               (1, "moving_mean"): model.layers[1].moving_mean, (1, "moving_variance"): model.layers[1].moving_variance,
               (2, "kernel"): model.layers[2].kernel, (2, "bias"): model.layers[2].bias}
    for index, name in layers:
        key = base.format(index, name)
        assert weights[index, name].numpy().tobytes() == _expected("object", key).tobytes(), key
        if weights[index, name].trainable:
            for slot in "mv":
                slot_key = key.replace("/.ATTRIBUTES", f"/.OPTIMIZER_SLOT/optimizer/{slot}/.ATTRIBUTES")
                assert optimizer.get_slot(weights[index, name], slot).numpy().tobytes() == \
                    _expected("object", slot_key).tobytes(), slot_key
    beta1_power, _ = optimizer._get_beta_accumulators()
    assert beta1_power.numpy() == _expected("object", "optimizer/beta1_power/.ATTRIBUTES/VARIABLE_VALUE")
    assert step.numpy() == 2 and checkpoint.save_counter.numpy() == 1


def test_resuming_training_from_a_tf_checkpoint_gives_tfs_next_step():
    model, optimizer = _keras_model(), tf.train.AdamOptimizer(0.05)
    step = tf.Variable(0, dtype=tf.int64)
    status = tf.train.Checkpoint(model=model, optimizer=optimizer, step=step).restore(_prefix("object"))
    loss = _train_step(model, optimizer, step)  # slots restored when the first step makes them
    status.assert_consumed()
    assert loss == pytest.approx(EXPECTED["object"]["next_loss"], rel=1e-6)
    weights = {f"{index}/{w.name.split('/')[-1].split(':')[0]}": w
               for index, layer in enumerate(model.layers) for w in layer.weights}
    assert weights.keys() == EXPECTED["object"]["next_weights"].keys()
    for name, expected in EXPECTED["object"]["next_weights"].items():
        np.testing.assert_allclose(weights[name].numpy().reshape(-1), expected, rtol=1e-5, atol=1e-6, err_msg=name)
    assert step.numpy() == 3


def test_keras_save_weights_tf_format_loads_into_an_unbuilt_model():
    class Unbuilt(tf.keras.Model):
        pass

    model = tf.keras.Sequential([tf.keras.layers.Dense(3, activation="relu"), tf.keras.layers.BatchNormalization(),
                                 tf.keras.layers.Dense(1)])
    status = model.load_weights(_prefix("weights"))
    model(tf.constant(X), training=False)  # built now: the weights take the saved values
    status.assert_consumed()
    for weight, key in zip([model.layers[0].kernel, model.layers[1].moving_variance, model.layers[2].bias],
                           ["layer_with_weights-0/kernel", "layer_with_weights-1/moving_variance",
                            "layer_with_weights-2/bias"]):
        assert weight.numpy().tobytes() == _expected("weights", key + "/.ATTRIBUTES/VARIABLE_VALUE").tobytes()
    assert Unbuilt  # a subclass with no layers matches nothing
    with pytest.raises(AssertionError, match="Nothing except the root"):
        Unbuilt().load_weights(_prefix("weights"))


def test_keras_h5_weights_written_by_tf_keras_load():
    model = _keras_model()
    model.load_weights(str(DATA / "out" / "weights" / "model_weights.h5"))
    for weight, key in zip([model.layers[0].kernel, model.layers[0].bias, model.layers[1].gamma,
                            model.layers[1].moving_mean, model.layers[2].kernel],
                           ["layer_with_weights-0/kernel", "layer_with_weights-0/bias", "layer_with_weights-1/gamma",
                            "layer_with_weights-1/moving_mean", "layer_with_weights-2/kernel"]):
        assert weight.numpy().tobytes() == _expected("weights", key + "/.ATTRIBUTES/VARIABLE_VALUE").tobytes()


def test_name_based_tf_checkpoint_restores_through_saver_and_init_from_checkpoint():
    kernel = tf.Variable(np.zeros((2, 3), np.float32), name="dense/kernel")
    flags = tf.Variable([False, False], name="flags")
    tf.train.Saver([kernel, flags]).restore(None, _prefix("names"))
    assert kernel.numpy().tobytes() == _expected("names", "dense/kernel").tobytes()
    assert flags.numpy().tolist() == [True, False]
    renamed = tf.Variable(np.zeros(3, np.int32), name="elsewhere")
    tf.train.init_from_checkpoint(_prefix("names"), {"counts": renamed})
    assert renamed.numpy().tolist() == [3, -4, 5]
    with pytest.raises(ValueError, match="Shape of variable"):
        tf.train.init_from_checkpoint(_prefix("names"), {"counts": tf.Variable(np.zeros(4, np.int32))})
    with pytest.raises(ValueError, match="is not found in"):
        tf.train.init_from_checkpoint(_prefix("names"), {"absent": renamed})
    doubles = tf.Variable(np.zeros(2, np.float32))
    with pytest.raises(tf.errors.InvalidArgumentError, match="dtype float64"):
        tf.train.init_from_checkpoint(_prefix("names"), {"scalars/doubles": doubles})
    assert doubles.numpy().tolist() == [0.0, 0.0]


def test_convert_checkpoint_command(tmp_path, capsys):
    out = tmp_path / "converted.safetensors"
    assert cli.main(["convert-checkpoint", _prefix("object"), str(out)]) == 0
    tensors = load_file(str(out))
    key = "model/layer_with_weights-0/kernel/.ATTRIBUTES/VARIABLE_VALUE"
    assert tensors[key].numpy().tobytes() == _expected("object", key).tobytes()
    assert "_CHECKPOINTABLE_OBJECT_GRAPH" not in tensors
    model, optimizer = _keras_model(), tf.train.AdamOptimizer(0.05)
    status = tf.train.Checkpoint(model=model, optimizer=optimizer, step=tf.Variable(0, dtype=tf.int64)).restore(
        str(tmp_path / "converted"))
    assert _train_step(model, optimizer, None) == pytest.approx(EXPECTED["object"]["next_loss"], rel=1e-6)
    status.assert_consumed()
    assert cli.main(["convert-checkpoint", str(tmp_path / "missing"), str(tmp_path / "x.safetensors")]) == 1
    assert "Failed to find any matching files" in capsys.readouterr().err


def _copy(name, tmp_path):
    source = Path(_prefix(name))
    for path in source.parent.glob(source.name + ".*"):
        shutil.copy(path, tmp_path / path.name)
    return str(tmp_path / source.name)


def test_damaged_tf_checkpoints_raise_data_loss_naming_the_file(tmp_path):
    prefix = _copy("names", tmp_path)
    index, data = Path(prefix + ".index"), Path(prefix + ".data-00000-of-00001")
    original_index, original_data = index.read_bytes(), data.read_bytes()
    values = _read_all(prefix)
    for position in range(len(original_data)):
        damaged = bytearray(original_data)
        damaged[position] ^= 0x10
        data.write_bytes(bytes(damaged))
        with pytest.raises(tf.errors.DataLossError, match="data-00000-of-00001"):
            _read_all(prefix)
    data.write_bytes(original_data)
    for position in range(len(original_index)):  # a flip is caught, or lands in the footer's padding
        damaged = bytearray(original_index)
        damaged[position] ^= 0x04
        index.write_bytes(bytes(damaged))
        try:
            read = _read_all(prefix)
        except (tf.errors.DataLossError, tf.errors.NotFoundError) as error:
            assert prefix in str(error)
        else:
            assert all(np.array_equal(read[name], values[name]) for name in values) and read.keys() == values.keys()
    index.write_bytes(original_index[:-5])
    with pytest.raises(tf.errors.DataLossError, match=r"\.index"):
        tf.train.list_variables(prefix)
    kernel = tf.Variable(np.zeros((2, 3), np.float32), name="dense/kernel")
    with pytest.raises(tf.errors.DataLossError):
        tf.train.Saver([kernel]).restore(None, prefix)
    assert kernel.numpy().tolist() == [[0.0] * 3] * 2


def _read_all(prefix):
    reader = tf.train.NewCheckpointReader(prefix)
    return {name: reader.get_tensor(name) for name in reader.get_variable_to_shape_map()}


def test_an_index_with_hundreds_of_prefix_compressed_keys():
    reader = tf.train.load_checkpoint(_prefix("many"))
    names = sorted(reader.get_variable_to_shape_map())
    assert names == sorted(EXPECTED["many"]["tensors"]) and len(names) == 300
    for name in names[::37]:
        assert reader.get_tensor(name) == _expected("many", name)


def _varint(value):
    out = bytearray()
    while True:
        out.append((value & 0x7F) | (0x80 if value > 0x7F else 0))
        value >>= 7
        if not value:
            return bytes(out)


def _block(entries, restart_interval=2):
    """A table block as LevelDB's BlockBuilder writes it (prefix-compressed keys, restart points)."""
    out, restarts, previous = bytearray(), [], b""
    for index, (key, value) in enumerate(entries):
        shared = 0
        if index % restart_interval:
            while shared < min(len(key), len(previous)) and key[shared] == previous[shared]:
                shared += 1
        else:
            restarts.append(len(out))
        out += _varint(shared) + _varint(len(key) - shared) + _varint(len(value)) + key[shared:] + value
        previous = key
    for restart in restarts:
        out += restart.to_bytes(4, "little")
    return bytes(out + len(restarts).to_bytes(4, "little"))


def _table(blocks):
    """An SSTable of several data blocks, an index block, an empty metaindex block and the footer."""
    from tfcompat._src.checkpoint.tf_bundle import masked_crc32c
    data, index_entries = bytearray(), []

    def append(block):
        handle = _varint(len(data)) + _varint(len(block))
        data.extend(block + b"\x00" + masked_crc32c(block + b"\x00").to_bytes(4, "little"))
        return handle

    for entries in blocks:
        index_entries.append((entries[-1][0], append(_block(entries))))
    metaindex = append(_block([]))
    index = append(_block(index_entries, restart_interval=1))
    footer = (metaindex + index).ljust(40, b"\x00") + (0xDB4775248B80FB57).to_bytes(8, "little")
    return bytes(data + footer)


def test_table_reader_reads_several_blocks_and_restart_points():
    from tfcompat._src.checkpoint.tf_bundle import _Corrupt, read_table
    blocks = [[(b"", b"header"), (b"alpha/1", b"a1"), (b"alpha/2", b"a2"), (b"alpha/23", b"")],
              [(b"beta", b"b" * 300), (b"beta/x", b"bx")], [(b"gamma" * 40, b"g")]]
    table = _table(blocks)
    assert read_table(table) == {key: value for entries in blocks for key, value in entries}
    damaged = bytearray(table)
    damaged[10] ^= 1
    with pytest.raises(_Corrupt, match="checksum"):
        read_table(bytes(damaged))
    with pytest.raises(_Corrupt, match="magic"):
        read_table(table[:-1] + b"\x00")


# --- partitioned and string variables (record_tf_partitioned_checkpoints.py) -------------------------

PARTITIONED = json.loads((DATA / "expected_partitioned.json").read_text())


def _partitioned_expected(name):
    entry = PARTITIONED["tensors"][name]
    if entry["dtype"] == "string":
        values = np.empty(len(entry["values"]), dtype=object)
        values[:] = [text.encode("latin-1") for text in entry["values"]]
        return values.reshape(entry["shape"])
    return np.array(entry["values"], dtype=entry["dtype"]).reshape(entry["shape"])


def test_partitioned_and_string_variables_read_whole_as_tfs_reader_shows_them():
    prefix = str(DATA / PARTITIONED["prefix"])
    assert [[name, shape] for name, shape in tf.train.list_variables(prefix)] == PARTITIONED["list_variables"]
    reader = tf.train.NewCheckpointReader(prefix)
    assert {name: dtype.name for name, dtype in reader.get_variable_to_dtype_map().items()} == {
        name: entry["dtype"] for name, entry in PARTITIONED["tensors"].items()}
    for name in PARTITIONED["tensors"]:
        value, expected = reader.get_tensor(name), _partitioned_expected(name)
        assert value.dtype == expected.dtype and value.shape == expected.shape
        assert value.tolist() == expected.tolist()
    assert tf.train.load_variable(prefix, "scope/weights:0").tolist() == _partitioned_expected("scope/weights").tolist()


def test_partitioned_and_string_variables_restore_by_name():
    prefix = str(DATA / PARTITIONED["prefix"])
    weights = tf.Variable(np.zeros((7, 3), np.float32), name="scope/weights")
    columns = tf.Variable(np.zeros((2, 5), np.int64), name="scope/columns")
    words = tf.Variable([[b"", b""], [b"", b""]], name="other/words")
    tf.train.Saver([weights, columns, words]).restore(None, prefix)
    for variable, name in ((weights, "scope/weights"), (columns, "scope/columns"), (words, "other/words")):
        assert variable.numpy().tolist() == _partitioned_expected(name).tolist()
    fresh = tf.Variable(np.zeros((7, 3), np.float32), name="scope/weights")
    status = tf.train.Checkpoint(w=fresh).restore(prefix)  # a name-based checkpoint through Checkpoint
    status.assert_consumed()
    assert fresh.numpy().tolist() == _partitioned_expected("scope/weights").tolist()


def test_a_missing_slice_of_a_partitioned_variable_is_data_loss(tmp_path):
    from tfcompat._src.checkpoint import tf_bundle

    prefix = str(DATA / PARTITIONED["prefix"])
    bundle = tf_bundle.Bundle(prefix)
    del bundle._parts[next(iter(bundle._parts))]
    with pytest.raises(tf.errors.DataLossError, match="slice"):
        bundle.numpy("scope/columns")


def test_ordered_code_signed_numbers_as_tfs_encoder():
    from tfcompat._src.checkpoint.tf_bundle import _ordered_signed, _ordered_unsigned

    # ordered_code_test.cc's values for WriteSignedNumIncreasing / WriteNumIncreasing
    assert {value: _ordered_signed(value) for value in (0, 1, 63, 64, -1, -64, -65, 8191, 8192)} == {
        0: b"\x80", 1: b"\x81", 63: b"\xbf", 64: b"\xc0\x40", -1: b"\x7f", -64: b"\x40", -65: b"\x3f\xbf",
        8191: b"\xdf\xff", 8192: b"\xe0\x20\x00"}
    assert _ordered_signed(2 ** 63 - 1) == b"\xff\xc0\x7f\xff\xff\xff\xff\xff\xff\xff"
    assert (_ordered_unsigned(0), _ordered_unsigned(2), _ordered_unsigned(256)) == (b"\x00", b"\x01\x02",
                                                                                      b"\x02\x01\x00")


def test_v1_format_checkpoints_are_refused_naming_the_format():
    prefix = str(DATA / "out" / "v1" / "model.ckpt")
    for read in (tf.train.NewCheckpointReader, tf.train.list_variables,
                 lambda path: tf.train.Saver([tf.Variable([0.0, 0.0], name="w")]).restore(None, path),
                 lambda path: tf.train.Checkpoint(w=tf.Variable([0.0, 0.0])).restore(path)):
        with pytest.raises(tf.errors.UnimplementedError, match="V1-format checkpoint"):
            read(prefix)


def test_convert_checkpoint_command_keeps_partitioned_and_string_variables(tmp_path):
    out = tmp_path / "converted.safetensors"
    assert cli.main(["convert-checkpoint", str(DATA / PARTITIONED["prefix"]), str(out)]) == 0
    prefix = str(tmp_path / "converted")
    assert [[name, shape] for name, shape in tf.train.list_variables(prefix)] == PARTITIONED["list_variables"]
    for name in PARTITIONED["tensors"]:
        assert tf.train.load_variable(prefix, name).tolist() == _partitioned_expected(name).tolist()
