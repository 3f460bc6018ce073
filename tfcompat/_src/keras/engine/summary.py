"""Model.summary(): TF 1.15's table (keras/utils/layer_utils.py print_summary)."""

from ...util import nest
from .base_layer import _dedup


def _count(weights):
    total = 0
    for w in _dedup(weights):
        size = 1
        for d in w.shape.as_list():
            size *= d
        total += size
    return total


def _sequential_like(model):
    if type(model).__name__ == "Sequential" or not model._is_graph_network:
        return True
    nodes = []
    for depth_nodes in model._nodes_by_depth.values():
        if len(depth_nodes) > 1 or (len(depth_nodes) == 1 and len(nest.flatten(depth_nodes[0].inbound_layers)) > 1):
            return False
        nodes += depth_nodes
    for layer in model.layers:
        if sum(1 for node in layer._inbound_nodes if any(node is n for n in nodes)) > 1:
            return False
    return True


def print_summary(model, line_length=None, positions=None, print_fn=None):
    print_fn = print if print_fn is None else print_fn
    sequential_like = _sequential_like(model)
    if sequential_like:
        line_length = line_length or 65
        positions = positions or [.45, .85, 1.]
        to_display = ["Layer (type)", "Output Shape", "Param #"]
    else:
        line_length = line_length or 98
        positions = positions or [.33, .55, .67, 1.]
        to_display = ["Layer (type)", "Output Shape", "Param #", "Connected to"]
        relevant_nodes = [node for nodes in model._nodes_by_depth.values() for node in nodes]
    if positions[-1] <= 1:
        positions = [int(line_length * p) for p in positions]

    def print_row(fields):
        line = ""
        for i, field in enumerate(fields):
            if i > 0:
                line = line[:-1] + " "
            line += str(field)
            line = line[:positions[i]]
            line += " " * (positions[i] - len(line))
        print_fn(line)

    def output_shape(layer):
        try:
            return layer.output_shape
        except AttributeError:
            return "multiple"

    def connections(layer):
        found = []
        for node in layer._inbound_nodes:
            if relevant_nodes and not any(node is n for n in relevant_nodes):
                continue
            for inbound_layer, node_index, tensor_index, _ in node.iterate_inbound():
                found.append(f"{inbound_layer.name}[{node_index}][{tensor_index}]")
        return found

    print_fn(f'Model: "{model.name}"')
    print_fn("_" * line_length)
    print_row(to_display)
    print_fn("=" * line_length)
    layers = model.layers
    for i, layer in enumerate(layers):
        name = f"{layer.name} ({type(layer).__name__})"
        if sequential_like:
            print_row([name, output_shape(layer), layer.count_params()])
        else:
            inbound = connections(layer)
            print_row([name, output_shape(layer), layer.count_params(), inbound[0] if inbound else ""])
            for extra in inbound[1:]:
                print_row(["", "", "", extra])
        print_fn("=" * line_length if i == len(layers) - 1 else "_" * line_length)
    trainable_count = _count(model.trainable_weights)
    non_trainable_count = _count(model.non_trainable_weights)
    print_fn(f"Total params: {trainable_count + non_trainable_count:,}")
    print_fn(f"Trainable params: {trainable_count:,}")
    print_fn(f"Non-trainable params: {non_trainable_count:,}")
    print_fn("_" * line_length)
