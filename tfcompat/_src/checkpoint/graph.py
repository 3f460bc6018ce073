"""The object graph a checkpoint saves: which objects depend on which, under what local names, and the
checkpoint keys TF gives their variables.

Paths and keys are TF 1.15's (``tracking/util.py``): a breadth-first walk from the root names each
object by the first path that reaches it; a variable's value is saved under
``<path>/.ATTRIBUTES/VARIABLE_VALUE`` and an optimizer's slot for it under
``<variable path>/.OPTIMIZER_SLOT/<optimizer path>/<slot name>/.ATTRIBUTES/VARIABLE_VALUE``, with ``/``
in a local name escaped as ``.S`` and ``.`` as ``..``.  The graph itself is kept as a dict shaped like
TF's ``TrackableObjectGraph`` proto (``nodes`` of ``children``, ``attributes`` and ``slot_variables``),
so a graph read from a real TF checkpoint is matched against live objects by the same code.

Dependencies, per kind of object:
- tf.train.Checkpoint and tf.contrib.checkpoint structures: their attributes / elements;
- a Keras layer or subclassed model: the weights it made with ``add_weight`` (by that name), then its
  attributes holding layers, variables or lists/dicts of them (lists by index, dicts by key);
- a functional or Sequential model (built or not): ``layer_with_weights-N`` for its layers that have
  weights and ``layer-N`` for all of them, as TF 1.15's Network tracks them;
- a tf.train optimizer: its non-slot variables (``beta1_power``); a tf.keras one: ``iter`` and its
  hyperparameter variables; their slots are saved with the variables;
- a compiled model: also its ``optimizer``;
- a tfe.metrics metric: its variables, by the names it gave ``add_variable`` (``numer``, ``denom``).
"""

from ..eager.metrics import Metric as EagerMetric
from ..eager.variables import UnreadVariable, Variable
from ..keras.engine.base_layer import Layer
from ..training.optimizer import Optimizer
from .. import registry
from . import tracking

VARIABLE_VALUE = "VARIABLE_VALUE"
OBJECT_GRAPH_KEY = "_CHECKPOINTABLE_OBJECT_GRAPH"
_SKIPPED_LAYER_ATTRIBUTES = frozenset(("_initial_weights",))


def escape(name):
    return name.replace(".", "..").replace("/", ".S")


def variable_key(path):
    return "/".join(escape(part) for part in path) + f"/.ATTRIBUTES/{VARIABLE_VALUE}"


def is_variable(obj):
    return isinstance(obj, Variable) and not isinstance(obj, UnreadVariable)


def children(obj):
    """``[(local name, child)]``: the objects ``obj`` depends on, in TF's order (a child may repeat under
    several names)."""
    if is_variable(obj):
        return []
    if isinstance(obj, Layer):
        found = _layer_children(obj)
    elif isinstance(obj, Optimizer):
        found = _optimizer_children(obj)
    elif isinstance(obj, EagerMetric):
        found = list(tracking.weight_names(obj))
    elif hasattr(obj, "_checkpoint_children"):
        found = obj._checkpoint_children()
    elif isinstance(obj, (list, tuple)):
        found = [(str(index), value) for index, value in enumerate(obj)]
    elif isinstance(obj, dict):
        found = _dict_children(obj)
    else:
        return []
    return [(name, child) for name, child in found if is_trackable(child)]


def is_trackable(value):
    if is_variable(value) or isinstance(value, (Layer, Optimizer, EagerMetric)) \
            or hasattr(value, "_checkpoint_children"):
        return True
    if isinstance(value, (list, tuple)):
        return any(is_trackable(item) for item in value)
    if isinstance(value, dict):
        return any(is_trackable(item) for item in value.values())
    return False


def _dict_children(mapping):
    """A dict's trackable values by key; a trackable value under a non-string key cannot be saved (TF's
    _DictWrapper raises the same ValueError on save)."""
    for key, value in mapping.items():
        if not isinstance(key, str) and is_trackable(value):
            raise ValueError(f"Unable to save the object {mapping!r} (a dictionary wrapper constructed automatically "
                             f"on attribute assignment). The wrapped dictionary contains a non-string key which maps "
                             f"to a trackable object or mutable data structure.\n\nIf you don't need this "
                             f"dictionary checkpointed, wrap it in a non-trackable object; it will be subsequently "
                             f"ignored.")
    return list(mapping.items())


def _optimizer_children(optimizer):
    """A tf.train optimizer's non-slot variables (``beta1_power``); a tf.keras one's (OptimizerV2) ``iter``
    and hyperparameter variables (``learning_rate``, ``beta_1`` ...), in the order TF 1.15 makes them."""
    found = list(optimizer._non_slots.items())
    iterations = optimizer.__dict__.get("_iterations")
    if iterations is not None:
        found.append(("iter", iterations))
    hyper = optimizer.__dict__.get("_hyper") or {}
    return found + [(name, value) for name, value in sorted(hyper.items()) if is_variable(value)]


def _layer_children(layer):
    found = list(tracking.weight_names(layer))
    if layer._is_graph_network or isinstance(layer, registry.resolve("keras.Sequential")):
        with_weights = 0
        for index, sublayer in enumerate(layer._layers):
            if sublayer.weights:
                found.append((f"layer_with_weights-{with_weights}", sublayer))
                with_weights += 1
            found.append((f"layer-{index}", sublayer))
        optimizer = layer.__dict__.get("optimizer")  # set by compile
        if isinstance(optimizer, Optimizer):
            found.append(("optimizer", optimizer))
        return found
    tracked = layer._obj_reference_counts
    for name, value in layer.__dict__.items():
        if (id(value) in tracked or isinstance(value, Optimizer) and not name.startswith("_")) \
                and name not in _SKIPPED_LAYER_ATTRIBUTES and not tracking.is_no_dependency(layer, name) \
                and not any(name == known and value is child for known, child in found):
            found.append((name, value))
    return found


# --- saving: the graph of live objects ---------------------------------------------------------------

class ObjectGraph:
    """The live objects reachable from ``root``: node ids in breadth-first order, paths, checkpoint keys.

    ``nodes`` is the saved form (``TrackableObjectGraph``'s fields as a dict); ``variables`` maps each
    checkpoint key to its variable."""

    def __init__(self, root):
        self.objects = [root]
        self.paths = [()]
        self._ids = {id(root): 0}
        self.nodes = []
        self.variables = {}
        position = 0
        while position < len(self.objects):
            obj = self.objects[position]
            node = {"children": [], "attributes": [], "slot_variables": []}
            for name, child in children(obj):
                child_id = self._ids.get(id(child))
                if child_id is None:
                    child_id = self._add(child, self.paths[position] + (name,))
                node["children"].append({"node_id": child_id, "local_name": name})
            self.nodes.append(node)
            position += 1
        for node_id in range(len(self.objects)):
            if is_variable(self.objects[node_id]):
                self._add_attribute(node_id, variable_key(self.paths[node_id]))
        self._add_slots()

    def _add(self, obj, path):
        self._ids[id(obj)] = len(self.objects)
        self.objects.append(obj)
        self.paths.append(path)
        return len(self.objects) - 1

    def _add_attribute(self, node_id, key):
        variable = self.objects[node_id]
        self.nodes[node_id]["attributes"].append(
            {"name": VARIABLE_VALUE, "full_name": variable.name.rsplit(":", 1)[0], "checkpoint_key": key})
        self.variables[key] = variable

    def _add_slots(self):
        for optimizer_id, optimizer in enumerate(list(self.objects)):
            if not isinstance(optimizer, Optimizer):
                continue
            optimizer_path = "/".join(escape(part) for part in self.paths[optimizer_id])
            for slot_name in sorted(optimizer._slots):
                for variable_id, slot in optimizer._slots[slot_name].items():
                    original_id = self._node_of_variable_id(variable_id)
                    if original_id is None:
                        continue
                    prefix = "/".join(escape(part) for part in self.paths[original_id])
                    key = f"{prefix}/.OPTIMIZER_SLOT/{optimizer_path}/{escape(slot_name)}/.ATTRIBUTES/{VARIABLE_VALUE}"
                    slot_id = self._add(slot, ())
                    self.nodes.append({"children": [], "attributes": [], "slot_variables": []})
                    self._add_attribute(slot_id, key)
                    self.nodes[optimizer_id]["slot_variables"].append(
                        {"original_variable_node_id": original_id, "slot_name": slot_name,
                         "slot_variable_node_id": slot_id})

    def _node_of_variable_id(self, unique_id):
        if not hasattr(self, "_by_variable_id"):
            self._by_variable_id = {obj._unique_id: node_id for node_id, obj in enumerate(self.objects)
                                    if is_variable(obj)}
        return self._by_variable_id.get(unique_id)

    def saved(self):
        return {"nodes": self.nodes}


def list_objects(root):
    """Every object reachable from ``root``, root first (breadth first)."""
    return ObjectGraph(root).objects
