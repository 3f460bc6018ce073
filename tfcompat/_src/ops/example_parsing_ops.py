"""tf.parse_single_example, tf.parse_example and tf.parse_single_sequence_example over tf.train.Example
protos, with FixedLenFeature, VarLenFeature (a tf.SparseTensor), SparseFeature (a tf.SparseTensor built
from an index and a value feature) and FixedLenSequenceFeature.

Serialized protos are read by the protobuf runtime (``protos/example.py``); values, defaults,
shapes and the errors follow TF's fast parsing kernels (FastParseSingleExample, FastParseExample,
the sequence parser): the same classes, texts and output dtypes (float32, int64, string).
"""

import collections

import numpy as np
import torch

from ..framework import context, dtypes
from ..framework.dtypes import as_dtype
from ..framework.errors import attr_error, invalid_argument
from ..framework.sparse_tensor import components, from_components
from ..framework.tensor import convert, wrap
from ..framework.tensor_shape import shape_text
from ..data.sparse_components import batch as wrap_sparse_batch
from ..protos.example import EXAMPLE
from ..registry import PARTIAL, export
from .sparse_ops import reordered as reorder
from .string_ops import string_array, string_input

_PARSED_TYPES = (dtypes.float32, dtypes.int64, dtypes.string)
_KIND_DTYPES = {"bytes_list": dtypes.string, "float_list": dtypes.float32, "int64_list": dtypes.int64}
_TYPE_TEXT = {dtypes.float32: "float", dtypes.int64: "int64", dtypes.string: "string"}


# --- feature configurations ---------------------------------------------------------------------

@export("FixedLenFeature", "io.FixedLenFeature")
class FixedLenFeature(collections.namedtuple("FixedLenFeature", ["shape", "dtype", "default_value"])):
    """A feature of ``shape`` values of ``dtype``; ``default_value`` when an example lacks it."""

    def __new__(cls, shape, dtype, default_value=None):
        return super().__new__(cls, shape, dtype, default_value)


@export("VarLenFeature", "io.VarLenFeature")
class VarLenFeature(collections.namedtuple("VarLenFeature", ["dtype"])):
    """A feature of any number of values of ``dtype``, parsed into a tf.SparseTensor."""


@export("FixedLenSequenceFeature", "io.FixedLenSequenceFeature")
class FixedLenSequenceFeature(collections.namedtuple(
        "FixedLenSequenceFeature", ["shape", "dtype", "allow_missing", "default_value"])):
    """A sequence of items of ``shape`` values of ``dtype`` (a dense [length, *shape] tensor)."""

    def __new__(cls, shape, dtype, allow_missing=False, default_value=None):
        return super().__new__(cls, shape, dtype, allow_missing, default_value)


@export("SparseFeature", "io.SparseFeature")
class SparseFeature(collections.namedtuple("SparseFeature", ["index_key", "value_key", "dtype", "size",
                                                             "already_sorted"])):
    """A SparseTensor whose indices are read from ``index_key`` (one key per dimension, a list for several)
    and its values from ``value_key``; its dense shape is ``size`` (per dimension) after the batch's."""

    def __new__(cls, index_key, value_key, dtype, size, already_sorted=False):
        return super().__new__(cls, index_key, value_key, dtype, size, already_sorted)


class _Config:
    """One requested feature: its key, kind ("fixed", "varlen" or "sequence"), dtype, item shape and
    default values (a flat list, or None when required)."""

    __slots__ = ("key", "kind", "dtype", "shape", "default", "allow_missing")

    def __init__(self, key, kind, dtype, shape=(), default=None, allow_missing=False):
        self.key, self.kind, self.dtype, self.shape = key, kind, dtype, shape
        self.default, self.allow_missing = default, allow_missing

    @property
    def stride(self):
        return int(np.prod(self.shape, dtype=np.int64))


def _shape(shape):
    return tuple(int(size) for size in ([] if shape is None else ([shape] if np.ndim(shape) == 0 else shape)))


def _fixed_default(feature, dtype, shape):
    if feature.default_value is None:
        return None
    values = convert(feature.default_value, dtype)
    flat = values.reshape(-1)
    wanted = int(np.prod(shape, dtype=np.int64))
    if len(flat) != wanted:
        raise invalid_argument(f"Input to reshape is a tensor with {len(flat)} values, but the requested shape "
                               f"has {wanted}", "Reshape")
    return list(flat) if type(flat) is np.ndarray else flat.tolist()


def _configs(features, op, sequence_ok=True):
    """The _Configs of a {key: feature} dict, checked as TF's Python wrappers and kernels check them."""
    if not features:
        raise ValueError(f"Missing: features was {features}.")
    if not isinstance(features, dict):
        raise TypeError(f"features must be a dict of feature configurations, got {type(features).__name__}")
    configs = []
    for key in sorted(features):
        feature = features[key]
        if isinstance(feature, VarLenFeature):
            dtype = as_dtype(feature.dtype)
            if dtype not in _PARSED_TYPES:
                raise attr_error(op, "sparse_types", dtype, "float, int64, string")
            configs.append(_Config(key, "varlen", dtype))
            continue
        if not isinstance(feature, (FixedLenFeature, FixedLenSequenceFeature)):
            raise ValueError(f"Unsupported {type(feature).__name__} {feature}.")
        dtype = as_dtype(feature.dtype)
        if dtype not in _PARSED_TYPES:
            raise attr_error(op, "Tdense", dtype, "float, int64, string")
        if feature.shape is None:
            raise ValueError(f"Missing shape for feature {key}.")
        shape = _shape(feature.shape)
        if isinstance(feature, FixedLenFeature):
            configs.append(_Config(key, "fixed", dtype, shape, _fixed_default(feature, dtype, shape)))
            continue
        if not sequence_ok and not feature.allow_missing:
            raise ValueError("Unsupported: FixedLenSequenceFeature requires allow_missing to be True.")
        pad = None if feature.default_value is None else _fixed_default(
            FixedLenFeature((), dtype, feature.default_value), dtype, ())
        configs.append(_Config(key, "sequence", dtype, shape, pad, feature.allow_missing))
    return configs


# --- SparseFeature: parsed as VarLenFeatures, then merged (TF 1.15's _features_to_raw_params and
# _construct_sparse_tensors_for_sparse_features) ----------------------------------------------------

def _index_keys(feature):
    return [feature.index_key] if isinstance(feature.index_key, str) else list(feature.index_key)


def _check_sizes(feature, index_keys):
    if len(index_keys) == 1 and isinstance(feature.index_key, str):
        if not isinstance(feature.size, (int, np.integer)) or isinstance(feature.size, bool):
            raise TypeError(f"vocab_size has to be a Tensor or Python int. Found {type(feature.size)}")
        return [int(feature.size)]
    if not isinstance(feature.size, (list, tuple)) or len(feature.size) != len(index_keys) or not all(
            isinstance(size, (int, np.integer)) for size in feature.size):
        raise TypeError(f"vocab_size has to be a list of Tensors or Python ints. Found {type(feature.size)}")
    return [int(size) for size in feature.size]


def _add_raw(raw, key, dtype):
    existing = raw.get(key)
    if existing is None:
        raw[key] = VarLenFeature(dtype)
    elif isinstance(existing, VarLenFeature):
        if as_dtype(existing.dtype) != dtype:
            raise ValueError(f"Conflicting type {as_dtype(existing.dtype)} vs {dtype} for feature {key}.")
    else:
        dense = sorted(k for k, f in raw.items() if not isinstance(f, VarLenFeature))
        sparse = sorted({k for k, f in raw.items() if isinstance(f, VarLenFeature)} | {key})
        raise ValueError(f"Dense and sparse keys must not intersect; dense_keys: {dense}, sparse_keys: {sparse}, "
                         f"intersection: {set(dense) & set(sparse)}")


def _raw_features(features):
    """(features with each SparseFeature replaced by VarLenFeatures of its keys, {key: SparseFeature})."""
    if not isinstance(features, dict) or not any(isinstance(f, SparseFeature) for f in features.values()):
        return features, {}
    raw = {key: f for key, f in features.items() if not isinstance(f, SparseFeature)}
    sparse = {key: f for key, f in features.items() if isinstance(f, SparseFeature)}
    for key in sorted(sparse):
        feature = sparse[key]
        keys = _index_keys(feature)
        _check_sizes(feature, keys)
        for index_key in keys:
            _add_raw(raw, index_key, dtypes.int64)
        _add_raw(raw, feature.value_key, as_dtype(feature.dtype))
    return raw, sparse


def _merged(feature, outputs):
    """The SparseTensor of a SparseFeature from its parsed index and value SparseTensors."""
    keys = _index_keys(feature)
    ids = [components(outputs[key]) for key in keys]
    indices, values, value_shape = components(outputs[feature.value_key])
    for id_indices, _, _ in ids:
        if id_indices.shape[0] != values.shape[0]:
            raise ValueError(f"Dimensions {id_indices.shape[0]} and {values.shape[0]} are not compatible")
    batch_columns = ids[0][0][:, :-1]
    new_indices = torch.cat([batch_columns] + [id_values.unsqueeze(1).to(batch_columns.device)
                                               for _, id_values, _ in ids], 1)
    shape = ids[0][2][:-1] + _check_sizes(feature, keys)
    if not feature.already_sorted:
        new_indices, values = reorder(new_indices, values, shape)
    return from_components(new_indices, values, shape)


def _with_sparse_features(outputs, features, sparse_features):
    if not sparse_features:
        return outputs
    merged = {key: _merged(feature, outputs) for key, feature in sparse_features.items()}
    result = {key: value for key, value in outputs.items() if key in features}
    result.update(merged)
    return result


# --- one Example -------------------------------------------------------------------------------

def _decode(serialized, message):
    from google.protobuf.message import DecodeError
    try:
        return message.FromString(serialized)
    except DecodeError:
        raise invalid_argument("Could not parse example input, value: '"
                               f"{serialized.decode('utf-8', 'backslashreplace')}'") from None


def _values(feature):
    """(dtype, values) of a Feature proto; dtype None for a feature with no list set."""
    kind = feature.WhichOneof("kind")
    if kind is None:
        return None, []
    return _KIND_DTYPES[kind], list(getattr(feature, kind).value)


class _Where:
    """How a message names the place of a problem: single examples name the key only, batches the
    example name, key and index (TF's two parsing kernels)."""

    def __init__(self, name=None, index=None):
        self.name, self.index = name, index

    def key(self, key):
        if self.index is None:
            return f"Key: {key}.  "
        return f"Name: {self.name}, Key: {key}, Index: {self.index}.  "

    def prefix(self):
        return "" if self.index is None else f"Name: {self.name}, "


def _feature_values(config, feature_map, where):
    """The values of ``config``'s feature in one example's feature map, or None when it is missing."""
    if config.key not in feature_map:
        return None
    dtype, values = _values(feature_map[config.key])
    if dtype is None:
        return None
    if dtype != config.dtype:
        if config.kind == "varlen":
            detail = f"Expected type: {_TYPE_TEXT[config.dtype]}, Actual type: {_TYPE_TEXT[dtype]}"
        else:
            detail = f"Data type: {_TYPE_TEXT[dtype]} but expected type: {_TYPE_TEXT[config.dtype]}"
        raise invalid_argument(f"{where.key(config.key)}Data types don't match. {detail}")
    if config.kind == "fixed" and len(values) != config.stride:
        if where.index is None:
            kind = {dtypes.string: "bytes_list", dtypes.float32: "float_list", dtypes.int64: "int64_list"}[dtype]
            raise invalid_argument(f"{where.key(config.key)}Can't parse serialized Example: Some {kind} slice was "
                                   "not parsed.")
        raise invalid_argument(f"{where.key(config.key)}Number of {_TYPE_TEXT[dtype]} values != expected.  Values "
                               f"size: {len(values)} but output shape: {shape_text(config.shape)}")
    if config.kind == "sequence" and config.stride and len(values) % config.stride:
        raise invalid_argument(f"Error while parsing feature with key {config.key}: number of elements should be "
                               f"divisible by {config.stride}, found {len(values)} instead")
    return values


def _missing_fixed(config, where):
    if config.default is None:
        raise invalid_argument(f"{where.prefix()}Feature: {config.key} (data type: {_TYPE_TEXT[config.dtype]}) "
                               "is required but could not be found.")
    return config.default


def _backing(values, dtype, shape):
    if dtype == dtypes.string:
        return string_array(values, shape)
    array = np.array(values, dtype=dtype._numpy).reshape(shape)
    return torch.from_numpy(array).to(context.current_device())


def _int64_backing(rows, shape):
    return torch.tensor(rows, dtype=torch.int64, device=context.current_device()).reshape(shape)


def _sparse(rows, dtype, batch):
    """The SparseTensor of per-example value lists (``batch``: [B, max] with [b, j] indices, else [n])."""
    values = [value for row in rows for value in row]
    if batch:
        indices = [[b, j] for b, row in enumerate(rows) for j in range(len(row))]
        shape = [len(rows), max((len(row) for row in rows), default=0)]
    else:
        indices = [[j] for j in range(len(values))]
        shape = [len(values)]
    return from_components(_int64_backing(indices, (len(values), len(shape))),
                           _backing(values, dtype, (len(values),)), _int64_backing(shape, (len(shape),)))


def _padded(config, rows):
    """A FixedLenSequenceFeature over a batch: [B, max items, *shape], short rows padded."""
    length = max((len(row) // max(config.stride, 1) for row in rows), default=0)
    pad = config.default[0] if config.default else (b"" if config.dtype == dtypes.string else 0)
    flat = []
    for row in rows:
        flat += row + [pad] * (length * config.stride - len(row))
    return _backing(flat, config.dtype, (len(rows), length) + config.shape)


def _parse(serialized_items, names, configs, batch):
    """{key: output} for the serialized Examples (``batch``: outputs of parse_example, else one example's)."""
    columns = {config.key: [] for config in configs}
    for index, serialized in enumerate(serialized_items):
        example = _decode(serialized, EXAMPLE.Example)
        feature_map = example.features.feature
        where = _Where(names[index] if names is not None else "<unknown>", index) if batch else _Where()
        for config in configs:
            values = _feature_values(config, feature_map, where)
            if values is None:
                values = _missing_fixed(config, where) if config.kind == "fixed" else []
            columns[config.key].append(values)
    outputs = {}
    for config in configs:
        rows = columns[config.key]
        if config.kind == "varlen":
            outputs[config.key] = _sparse(rows, config.dtype, batch)
        elif config.kind == "fixed":
            shape = ((len(rows),) if batch else ()) + config.shape
            outputs[config.key] = wrap(_backing([v for row in rows for v in row], config.dtype, shape))
        elif batch:
            outputs[config.key] = wrap(_padded(config, rows))
        else:
            rows = rows[0]
            outputs[config.key] = wrap(_backing(rows, config.dtype, (len(rows) // max(config.stride, 1),)
                                                + config.shape))
    return outputs


# --- the public parsers ------------------------------------------------------------------------------

@export("parse_single_example", "io.parse_single_example")
def parse_single_example(serialized, features, name=None, example_names=None):
    """{key: tensor or SparseTensor} parsed from one serialized tf.train.Example (a scalar string)."""
    raw, sparse_features = _raw_features(features)
    configs = _configs(raw, "ParseSingleExample", sequence_ok=False)
    strings = string_input(serialized, "ParseSingleExample")
    if strings.ndim != 0:
        raise ValueError(f"Shape {tuple(strings.shape)} must have rank 0")
    return _with_sparse_features(_parse([strings.item()], None, configs, batch=False), features, sparse_features)


@export("parse_example", "io.parse_example")
def parse_example(serialized, features, name=None, example_names=None):
    """{key: batched tensor or SparseTensor} parsed from a vector of serialized tf.train.Examples."""
    raw, sparse_features = _raw_features(features)
    configs = _configs(raw, "ParseExample", sequence_ok=False)
    strings = string_input(serialized, "ParseExample")
    if strings.ndim != 1:
        raise ValueError(f"Shape {tuple(strings.shape)} must have rank 1")
    names = None
    if example_names is not None:
        names = [item.decode("utf-8", "replace") for item in string_input(example_names, "ParseExample").reshape(-1)]
        if names and len(names) != len(strings):
            raise invalid_argument(f"Expected len(names) == len(serialized), got {len(names)} vs. {len(strings)}",
                                   "ParseExample")
        names = names or None  # no names: "<unknown>" in messages
    return _with_sparse_features(_parse(list(strings), names, configs, batch=True), features, sparse_features)


def _sequence_values(config, feature_list, key):
    """The per-step value lists of a FeatureList proto, checked against ``config``."""
    rows = []
    for step, feature in enumerate(feature_list.feature):
        dtype, values = _values(feature)
        if dtype is not None and dtype != config.dtype:
            raise invalid_argument(f"Name: <unknown>, Feature list: {key}, Index: {step}.  Data types don't match. "
                                   f"Expected type: {_TYPE_TEXT[config.dtype]}")
        rows.append(values)
    if config.kind == "sequence":
        total = sum(len(row) for row in rows)
        if any(len(row) != config.stride for row in rows):
            raise invalid_argument(f"Feature list '{key}' has an unexpected number of values.  Total values size: "
                                   f"{total} is not consistent with output shape: "
                                   f"[?,{','.join(str(size) for size in config.shape)}]")
    return rows


@export("parse_single_sequence_example", "io.parse_single_sequence_example")
def parse_single_sequence_example(serialized, context_features=None, sequence_features=None, example_name=None,
                                  name=None):
    """(context {key: output}, sequence {key: output}) parsed from one serialized tf.train.SequenceExample."""
    if not context_features and not sequence_features:
        raise ValueError("Missing features.")
    strings = string_input(serialized, "ParseSingleSequenceExample")
    if strings.ndim != 0:
        raise ValueError(f"Shape {tuple(strings.shape)} must have rank 0")
    sequence_example = _decode(strings.item(), EXAMPLE.SequenceExample)
    context = {}
    if context_features:
        configs = _configs(context_features, "ParseSingleSequenceExample")
        for config in configs:
            if config.kind == "fixed" and config.key not in sequence_example.context.feature and config.default is None:
                raise invalid_argument(f"Name: {example_name or '<unknown>'}, Context feature '{config.key}' is "
                                       "required but could not be found.")
        serialized_context = EXAMPLE.Example(features=sequence_example.context).SerializeToString()
        context = _parse([serialized_context], None, configs, batch=False)
    sequence = {}
    for config in _configs(sequence_features, "ParseSingleSequenceExample") if sequence_features else []:
        lists = sequence_example.feature_lists.feature_list
        if config.key not in lists:
            if config.kind == "sequence" and not config.allow_missing:
                raise invalid_argument(f"Name: {example_name or '<unknown>'}, Feature list '{config.key}' is required "
                                       "but could not be found.  Did you mean to include it in "
                                       "feature_list_dense_missing_assumed_empty or feature_list_dense_defaults?")
            rows = []
        else:
            rows = _sequence_values(config, lists[config.key], config.key)
        if config.kind == "varlen":
            sequence[config.key] = _sparse(rows, config.dtype, batch=True)
        else:
            flat = [value for row in rows for value in row]
            sequence[config.key] = wrap(_backing(flat, config.dtype, (len(rows),) + config.shape))
    return context, sequence


# --- batches of SequenceExamples --------------------------------------------------------

def _stacked(backings, config, batch_shape):
    if backings:
        return np.stack(backings) if type(backings[0]) is np.ndarray else torch.stack(backings)
    return _backing([], config.dtype, batch_shape)


def _padded_steps(backings, config):
    """Per-example [steps, *shape] values padded with 0 (or "") to the batch's most steps."""
    longest = max((len(backing) for backing in backings), default=0)
    rows = []
    for backing in backings:
        missing = longest - len(backing)
        if missing:
            padding = _backing([b"" if config.dtype == dtypes.string else 0] * (missing * config.stride), config.dtype,
                               (missing,) + config.shape)
            backing = np.concatenate([backing, padding]) if type(backing) is np.ndarray else torch.cat(
                [backing, padding.to(backing.device)])
        rows.append(backing)
    return _stacked(rows, config, (0, 0) + config.shape)


def _batched(config, outputs, rank):
    """One feature's per-example outputs as the batch's output."""
    if config.kind == "varlen":
        if not outputs:
            return from_components(_int64_backing([], (0, rank + 1)), _backing([], config.dtype, (0,)),
                                   _int64_backing([0] * (rank + 1), (rank + 1,)))
        return wrap_sparse_batch(outputs)
    backings = [output._t for output in outputs]
    if config.kind == "sequence":
        return wrap(_padded_steps(backings, config))
    return wrap(_stacked(backings, config, (0,) + config.shape))


@export("io.parse_sequence_example")
def parse_sequence_example(serialized, context_features=None, sequence_features=None, example_names=None,
                           name=None):
    """(context, feature_lists, feature_list lengths) parsed from a vector of serialized SequenceExamples:
    each example parsed as tf.parse_single_sequence_example does, the results batched (dense sequences
    padded to the batch's most steps, whose per-example counts are the lengths)."""
    if not context_features and not sequence_features:
        raise ValueError("Both `context_features` and `sequence_features` argument are None, but at least one "
                         "should have values.")
    strings = string_input(serialized, "ParseSequenceExample")
    if strings.ndim != 1:
        raise ValueError(f"Shape {tuple(strings.shape)} must have rank 1")
    names = [None] * len(strings)
    if example_names is not None:
        given = [item.decode("utf-8", "replace") for item in string_input(example_names, "ParseSequenceExample")
                 .reshape(-1)]
        names = given or names
    parsed = [parse_single_sequence_example(item, context_features, sequence_features, example_name=example_name)
              for item, example_name in zip(strings, names)]
    context, sequence, lengths = {}, {}, {}
    for config in _configs(context_features, "ParseSequenceExample") if context_features else []:
        context[config.key] = _batched(config, [outputs[0][config.key] for outputs in parsed], 1)
    for config in _configs(sequence_features, "ParseSequenceExample") if sequence_features else []:
        outputs = [outputs[1][config.key] for outputs in parsed]
        sequence[config.key] = _batched(config, outputs, 2)
        if config.kind == "sequence":
            lengths[config.key] = wrap(_int64_backing([output._t.shape[0] for output in outputs], (len(outputs),)))
    return context, sequence, lengths


# --- JSON Examples ------------------------------------------------------------------------------

def _json_example(text):
    from google.protobuf import json_format
    try:
        return json_format.Parse(text, EXAMPLE.Example()).SerializeToString()
    except json_format.ParseError as error:
        raise invalid_argument(f"Error while parsing JSON: {error}", "DecodeJSONExample") from None


@export("decode_json_example", "io.decode_json_example", status=PARTIAL,
        note="The Examples are TF's; the bytes may differ (repeated numbers packed, map entries in another order), "
             "and a bad input's InvalidArgumentError carries the Python protobuf runtime's detail after TF's "
             "'Error while parsing JSON: '.")
def decode_json_example(json_examples, name=None):
    """Each JSON-encoded tf.train.Example (protobuf's JSON mapping) as its binary serialization."""
    strings = string_input(json_examples, "DecodeJSONExample")
    return wrap(string_array([_json_example(item) for item in strings.reshape(-1)], strings.shape))
