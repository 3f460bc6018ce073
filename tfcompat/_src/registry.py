"""The one registry of public TF names.

Implementation modules declare the TF 1.x names they serve with ``export``;
``build_namespaces`` then assembles the public modules (``tfcompat``,
``tfcompat.nn``, ``tfcompat.contrib.eager`` ...) from it, and the
compatibility matrix is generated from the same entries.  ``export`` returns
the object unchanged, so registration costs nothing per call.

A name whose object needs a slow third-party import (absl's flags) is declared
with ``export_lazy``: its namespace resolves it on first attribute access and
keeps it as a plain module attribute from then on, and ``entries()`` resolves
every lazy entry, so tests and the matrix see the real objects.
"""

import sys
import threading
import types
from dataclasses import dataclass
from pathlib import Path

FULL = "full"
PARTIAL = "partial"
UNSUPPORTED = "unsupported"

_API_DIR = Path(__file__).parent.parent / "_api"


@dataclass
class Entry:
    name: str  # dotted TF path without the leading "tf.", e.g. "nn.relu"
    obj: object
    status: str
    note: str


_ENTRIES: dict[str, Entry] = {}


def _add(name, obj, status, note):
    if name in _ENTRIES and _ENTRIES[name].obj is not obj:
        raise RuntimeError(f"tf.{name} is registered twice")
    if status == PARTIAL and not note:
        raise ValueError(f"tf.{name}: a partial entry needs a note")
    _ENTRIES[name] = Entry(name, obj, status, note)


def export(*names, status=FULL, note=""):
    """Decorator: ``obj`` serves the TF names ``names`` ("add", "math.add")."""

    def register(obj):
        for name in names:
            _add(name, obj, status, note)
        return obj

    return register


def export_constant(name, value, status=FULL, note=""):
    _add(name, value, status, note)


_LAZY: dict[str, object] = {}  # name -> loader, until the loader has run
_UNRESOLVED = object()  # the obj of a lazy entry until then
_LAZY_LOCK = threading.RLock()


def export_lazy(names, loader, status=FULL, note=""):
    """Declare the TF names ``names`` now; ``loader()`` gives their objects, ``{name: obj}``, on first use."""
    for name in names:
        _add(name, _UNRESOLVED, status, note)
        _LAZY[name] = loader


def resolve(name):
    """The object of the registered ``name``, running its lazy loader (once, for all its names) if needed."""
    if name in _LAZY:
        with _LAZY_LOCK:  # two threads' first uses run the loader once
            loader = _LAZY.get(name)
            if loader is not None:
                objects = loader()
                for lazy_name in [lazy_name for lazy_name, owner in _LAZY.items() if owner is loader]:
                    _ENTRIES[lazy_name].obj = objects[lazy_name]
                    del _LAZY[lazy_name]
    return _ENTRIES[name].obj


def unsupported(name, reason):
    """Declare a TF name that tfcompat deliberately does not provide."""
    _add(name, None, UNSUPPORTED, reason)


def entries():
    """Every registered name's Entry, lazy ones resolved."""
    for name in list(_LAZY):
        resolve(name)
    return dict(_ENTRIES)


class Namespace(types.ModuleType):
    """A public TF namespace; lazy names resolve on first access, unknown names raise a TF-aware AttributeError."""

    __tf_lazy__ = {}  # attribute -> registered name, for the lazy entries of this namespace

    def __getattr__(self, attr):
        return lazy_attribute(self, self.__tf_path__, attr)

    def __dir__(self):
        return sorted(set(super().__dir__()) | set(self.__tf_lazy__))


def lazy_attribute(module, namespace, attr):
    """``tf.<namespace>.<attr>`` missing from ``module``: a lazy entry, resolved and kept on ``module``,
    else the AttributeError."""
    name = module.__dict__.get("__tf_lazy__", {}).get(attr)
    if name is None:
        raise missing_attribute(namespace, attr)
    obj = resolve(name)
    setattr(module, attr, obj)
    return obj


def missing_attribute(namespace, attr):
    """The AttributeError for ``tf.<namespace>.<attr>``, which no registered name provides."""
    if attr.startswith("__"):
        return AttributeError(attr)
    tf_path = f"{namespace}.{attr}" if namespace else attr
    message = not_provided_message(tf_path)
    if message is None:
        module = f"tensorflow.{namespace}" if namespace else "tensorflow"
        return AttributeError(f"module '{module}' has no attribute '{attr}'")
    return naming_missing_tf_name(AttributeError(message), tf_path)


def naming_missing_tf_name(error, tf_path):
    """``error`` (for a TF name tfcompat lacks) marked with that name, ``error.tf_name = "tf.<tf_path>"``,
    which ``tfcompat run`` reports after the traceback."""
    error.tf_name = f"tf.{tf_path}"
    return error


def not_provided_message(tf_path):
    """Why tfcompat lacks ``tf.<tf_path>``, or None when that is no TF 1.x name tfcompat lacks.

    ``tf.X is not supported by tfcompat: <reason>`` for a name declared unsupported,
    ``tf.X is not supported by tfcompat yet`` for any other TF 1.x name or namespace
    (``tf.compat.v1.X`` is ``tf.X``); the same text for attribute access and for imports
    through the alias.
    """
    tf1_path = tf_path.removeprefix("compat.v1.")
    entry = _ENTRIES.get(tf1_path)
    if entry is not None and entry.status == UNSUPPORTED:
        return f"tf.{tf_path} is not supported by tfcompat: {entry.note}"
    if entry is None and is_tf1_name(tf1_path):
        return f"tf.{tf_path} is not supported by tfcompat yet"
    return None


# TF 1.x's tf.contrib modules (those of TF 1.5 to 1.15, from their tensorflow/contrib/__init__.py).
# The inventory lists the names of tf.contrib.eager and tf.contrib.summary only; a name inside
# any other of these modules counts as a TF 1.x name too.
TF1_CONTRIB_MODULES = frozenset("""
    autograph batching bayesflow checkpoint cloud cluster_resolver coder compiler constrained_optimization
    copy_graph crf cudnn_rnn data deprecated distribute distributions eager estimator factorization
    feature_column ffmpeg framework gan graph_editor grid_rnn image input_pipeline integrate keras
    kernel_methods labeled_tensor layers learn legacy_seq2seq linalg linear_optimizer lite lookup losses
    memory_stats metrics mixed_precision model_pruning nccl nn opt optimizer_v2 periodic_resample predictor
    proto quantization quantize receptive_field recurrent reduce_slice_ops remote_fused_graph resampler rnn
    rpc saved_model seq2seq signal slim solvers sparsemax specs staging stat_summarizer stateless summary
    tensor_forest tensorboard testing tfprof timeseries tpu training util
    """.split())


def is_tf1_name(tf_path):
    """Whether ``tf.<tf_path>`` is a TF 1.x name: an inventory symbol, a namespace above one,
    or a name in a TF 1.x contrib module whose names the inventory does not list."""
    return f"tf.{tf_path}" in tf_inventory() or tf_path in _inventory_namespaces() or in_unlisted_contrib(tf_path)


def in_unlisted_contrib(tf_path):
    """Whether ``tf.<tf_path>`` is, or is inside, a TF 1.x tf.contrib module the inventory does not list."""
    parts = tf_path.split(".", 2)
    return (len(parts) > 1 and parts[0] == "contrib" and parts[1] in TF1_CONTRIB_MODULES
            and f"contrib.{parts[1]}" not in _inventory_namespaces())


_inventory = None
_namespaces = None


def tf_inventory():
    """The TF 1.x symbol inventory: {"tf.nn.relu": kind, ...} (read on first use)."""
    global _inventory
    if _inventory is None:
        _inventory = {}
        for tsv in sorted(_API_DIR.glob("*.tsv")):
            for line in tsv.read_text(encoding="utf-8").splitlines()[1:]:
                path, kind = line.split("\t")[:2]
                _inventory[path] = kind
    return _inventory


def _inventory_namespaces():
    """Every namespace above an inventory symbol, without "tf.": {"nn", "contrib", "contrib.summary", ...}."""
    global _namespaces
    if _namespaces is None:
        _namespaces = {path[3:].rsplit(".", depth)[0]
                       for path in tf_inventory() for depth in range(1, path.count("."))}
    return _namespaces


def build_namespaces(root):
    """Attach every registered name to ``root`` and its sub-namespaces."""
    modules = {"": root}

    def namespace(path):
        if path not in modules:
            parent_path, _, leaf = path.rpartition(".")
            parent = namespace(parent_path)
            module = Namespace(f"{root.__name__}.{path}")
            module.__tf_path__ = path
            sys.modules[module.__name__] = module
            setattr(parent, leaf, module)
            modules[path] = module
        return modules[path]

    def attach(module, leaf, name, obj):
        if obj is _UNRESOLVED:
            module.__dict__.setdefault("__tf_lazy__", {})[leaf] = name
        else:
            setattr(module, leaf, obj)

    for name, entry in sorted(_ENTRIES.items()):
        if entry.status == UNSUPPORTED:
            continue
        path, _, leaf = name.rpartition(".")
        attach(namespace(path), leaf, name, entry.obj)
        if not name.startswith("compat."):
            # tf.compat.v1 is TF 1.x's own API again.
            attach(namespace(f"compat.v1.{path}".rstrip(".")), leaf, name, entry.obj)
    return modules
