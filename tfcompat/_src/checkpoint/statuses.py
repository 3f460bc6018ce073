"""The status objects tf.train.Checkpoint.restore returns (TF 1.15's tracking/util.py) under eager
execution, where values are assigned by ``restore`` itself and the ops methods have nothing to run."""

from . import graph



class _Status:
    """What every restore status offers under eager execution (restores happen at once, so the ops
    methods have nothing to run)."""

    def expect_partial(self):
        return self

    def run_restore_ops(self, session=None):
        """Eager: the values were assigned by ``restore`` itself."""

    def initialize_or_restore(self, session=None):
        """Eager: every variable already holds its initial or restored value."""


class CheckpointLoadStatus(_Status):
    """The status of an object-based restore: which saved objects matched live ones."""

    def __init__(self, root, restoration):
        self._root = root
        self._restoration = restoration

    def assert_consumed(self):
        """AssertionError unless every saved object and value matched and was restored."""
        self.assert_existing_objects_matched()
        restoration = self._restoration
        for node_id, node in enumerate(restoration.nodes):
            holds_something = node.get("attributes") or node.get("children") or node.get("slot_variables")
            if node_id not in restoration.matched and holds_something:
                raise AssertionError(f"Unresolved object in checkpoint {_node_name(restoration, node_id)}: {node}")
        if restoration.unused_keys:
            raise AssertionError(f"Unused attributes in these objects (the attributes exist in the checkpoint but "
                                 f"were not restored): {sorted(restoration.unused_keys)}")
        return self

    def assert_existing_objects_matched(self):
        """AssertionError if a live object of the graph has no value in the checkpoint, or a matched one
        was not restored."""
        restoration = self._restoration
        for node_id, obj in restoration.matched.items():
            attributes = restoration.nodes[node_id].get("attributes")
            if attributes and node_id not in restoration.restored:
                raise AssertionError(f"Object not assigned a value from checkpoint: {obj}")
        matched = {id(obj) for obj in restoration.matched.values()}
        unmatched = [obj for obj in graph.list_objects(self._root)
                     if id(obj) not in matched and _has_state(obj)]
        if unmatched:
            raise AssertionError(f"Some Python objects were not bound to checkpointed values, likely due to changes "
                                 f"in the Python program: {unmatched}")
        return self

    def assert_nontrivial_match(self):
        """AssertionError if nothing but the root (and the save counter) matched."""
        for node_id, obj in self._restoration.matched.items():
            if node_id != 0 and obj is not getattr(self._root, "_save_counter", None):
                return self
        raise AssertionError(f"Nothing except the root object matched a checkpointed value. Typically this "
                             f"means that the checkpoint does not match the Python program. The following objects "
                             f"have no matching checkpointed value: {graph.list_objects(self._root)}")


def _has_state(obj):
    """Whether ``obj`` must match something (containers with nothing tracked in them need not)."""
    return graph.is_variable(obj) or bool(graph.children(obj))


def _node_name(restoration, node_id):
    names = {0: "(root)"}
    pending = [0]
    while pending:
        parent = pending.pop(0)
        for child in restoration.nodes[parent].get("children", ()):
            if child["node_id"] not in names:
                names[child["node_id"]] = (names[parent] + "." if parent else "") + child["local_name"]
                pending.append(child["node_id"])
    return names.get(node_id, f"(node {node_id})")


class InitializationOnlyStatus(_Status):
    """``restore(None)``: nothing is restored; every variable keeps its initial value."""

    def __init__(self, root):
        self._root = root

    def _nothing(self):
        raise AssertionError("No checkpoint specified (save_path=None); nothing is being restored.")

    def assert_consumed(self):
        self._nothing()

    def assert_existing_objects_matched(self):
        self._nothing()

    def assert_nontrivial_match(self):
        self._nothing()


class NameBasedSaverStatus(_Status):
    """The status of restoring a name-based checkpoint into an object graph."""

    def __init__(self, missing):
        self._missing = missing

    def assert_consumed(self):
        if self._missing:
            raise AssertionError(f"Object not restored: {self._missing[0]}")
        return self

    assert_existing_objects_matched = assert_nontrivial_match = assert_consumed


for _status in (CheckpointLoadStatus, InitializationOnlyStatus, NameBasedSaverStatus):
    _status.__module__ = "tensorflow.python.training.tracking.util"  # as TF 1.15 shows them in a notebook
