"""How an optimizer should update many variables per step: the per-step cost of each way.

    python benchmarks/variable_updates.py [--rounds 15] [--steps 300] [--device cpu|cuda] [--threads N] [--smoke]

The variables are those of a small MLP (784-128-128-64-32-10: five kernels and
five biases, 10 variables); each step applies ``v <- v - lr * g`` to all of them
with fixed gradients.  The ways compared:

* ``assign_sub``: TF 1.x user code, ``v.assign_sub(lr * g)`` per variable;
* ``replace, per variable``: a new storage tensor per variable (one torch op each);
* ``replace, foreach``: all new storages from one ``torch._foreach_add`` call
  (``variables.add_to_storages``, what tfcompat does);
* ``in place, per variable`` / ``in place, foreach``: ``add_`` / ``_foreach_add_``
  on the storages after checking that nothing else holds them (Python refcount
  and storage use count; a sound check would also need every read to hand out
  an alias, which costs more than measured here);
* ``torch.optim.SGD(foreach=True)``: raw torch's own step, the floor (not with ``--smoke``).

Each round times ``--steps`` steps of every way, in turn; the table shows the
median per-step time over the rounds.  It then runs the eager guide's training
loop (GradientTape forward pass, ``tape.gradient``, update) and counts the steps
where an in-place update would have been allowed: the loss tensor the loop keeps
holds the autograd graph, which holds the variables' storages.
"""

import argparse
import statistics
import sys
import time
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make `tfcompat` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import torch

import tfcompat as tf
from tfcompat._src.eager.variables import add_to_storages, read_storage, write_storage

LAYERS = (784, 128, 128, 64, 32, 10)
LEARNING_RATE = 0.01
TORCH_FLOOR = "torch.optim.SGD(foreach=True)"


def mlp_shapes(layers):
    shapes = []
    for fan_in, fan_out in zip(layers, layers[1:]):
        shapes += [(fan_in, fan_out), (fan_out,)]
    return shapes


def _holders(variable):
    """(Python references to the variable's storage tensor, storage use count)."""
    storage = read_storage(variable)
    return sys.getrefcount(storage), torch._C._storage_Use_Count(storage.untyped_storage()._cdata)


_UNSHARED = _holders(tf.Variable(0.0))  # a variable nothing else reads


def unshared(variable):
    """Whether only the variable holds its storage (the in-place ways' check)."""
    references, uses = _holders(variable)
    return references <= _UNSHARED[0] and uses <= _UNSHARED[1]


def ways(variables, gradients, torch_params):
    """The update ways by name; torch's SGD only when ``torch_params`` are given."""
    tf_gradients = [tf.from_torch(gradient) for gradient in gradients]

    def assign_sub():
        for variable, gradient in zip(variables, tf_gradients):
            variable.assign_sub(LEARNING_RATE * gradient)

    def replace_each():
        for variable, gradient in zip(variables, gradients):
            write_storage(variable, torch.add(read_storage(variable), gradient, alpha=-LEARNING_RATE))

    def replace_foreach():
        add_to_storages(variables, gradients, alpha=-LEARNING_RATE)

    def in_place_each():
        for variable, gradient in zip(variables, gradients):
            if not unshared(variable):
                raise RuntimeError("storage shared: the in-place way cannot run here")
            read_storage(variable).add_(gradient, alpha=-LEARNING_RATE)

    def in_place_foreach():
        if not all(unshared(variable) for variable in variables):
            raise RuntimeError("storage shared: the in-place way cannot run here")
        torch._foreach_add_([read_storage(variable) for variable in variables], gradients, alpha=-LEARNING_RATE)

    candidates = {"assign_sub (TF user code)": assign_sub, "replace, per variable": replace_each,
                  "replace, foreach (add_to_storages)": replace_foreach, "in place, per variable": in_place_each,
                  "in place, foreach": in_place_foreach}
    if torch_params:
        sgd = torch.optim.SGD(torch_params, lr=LEARNING_RATE, foreach=True)
        for param, gradient in zip(torch_params, gradients):
            param.grad = gradient.clone()
        candidates[TORCH_FLOOR] = sgd.step
    return candidates


def time_ways(variables, gradients, torch_params, rounds, steps, device):
    candidates = ways(variables, gradients, torch_params)
    per_step = {name: [] for name in candidates}
    for name, step in candidates.items():  # warm-up
        for _ in range(steps // 10 + 1):
            step()
    for _ in range(rounds):
        for name, step in candidates.items():
            synchronize(device)
            start = time.perf_counter()
            for _ in range(steps):
                step()
            synchronize(device)
            per_step[name].append((time.perf_counter() - start) / steps)
    return {name: statistics.median(times) for name, times in per_step.items()}


def synchronize(device):
    if device.type == "cuda":
        torch.cuda.synchronize()


def in_place_chances(variables, steps, device):
    """(steps where every storage was unshared at update time, steps) in the eager guide's loop."""
    kernels, biases = variables[0::2], variables[1::2]
    inputs = tf.random.normal((32, LAYERS[0]))
    labels = tf.one_hot(tf.range(32) % LAYERS[-1], LAYERS[-1])
    allowed = 0
    loss = None
    for _ in range(steps):
        with tf.GradientTape() as tape:
            activations = inputs
            for kernel, bias in zip(kernels, biases):
                activations = tf.nn.relu(tf.matmul(activations, kernel) + bias)
            loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits_v2(labels=labels, logits=activations))
        grads = tape.gradient(loss, variables)
        allowed += all(unshared(variable) for variable in variables)
        add_to_storages(variables, [tf.to_torch(grad) for grad in grads], alpha=-LEARNING_RATE)
    return allowed, steps


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--steps", type=int, default=300)
    parser.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    parser.add_argument("--threads", type=int, help="torch's intra-op threads (default: torch's own choice)")
    parser.add_argument("--smoke", action="store_true",
                        help="tiny run without torch's SGD (importing torch.optim takes seconds): checks the script")
    args = parser.parse_args(argv)
    rounds, steps = (2, 3) if args.smoke else (args.rounds, args.steps)
    device = torch.device(args.device)
    if args.threads:
        torch.set_num_threads(args.threads)
    generator = torch.Generator().manual_seed(0)
    shapes = mlp_shapes(LAYERS)
    initial = [torch.randn(shape, generator=generator).to(device) for shape in shapes]
    gradients = [torch.randn(shape, generator=generator).to(device) * 1e-3 for shape in shapes]
    with tf.device("/gpu:0" if device.type == "cuda" else "/cpu:0"):
        variables = [tf.Variable(tf.from_torch(value.clone())) for value in initial]
        torch_params = [] if args.smoke else [value.clone().requires_grad_() for value in initial]
        medians = time_ways(variables, gradients, torch_params, rounds, steps, device)
        allowed, total = in_place_chances(variables, steps, device)
    print(f"torch {torch.__version__}, device {device}, {torch.get_num_threads()} torch threads, "
          f"{len(shapes)} variables ({sum(value.numel() for value in initial):,} values), "
          f"median of {rounds} rounds of {steps} steps")
    width = max(map(len, medians))
    floor = medians.get(TORCH_FLOOR)
    for name, seconds in medians.items():
        versus = f"  {seconds / floor:5.2f}x torch SGD" if floor else ""
        print(f"  {name:<{width}}  {seconds * 1e6:8.1f} us/step{versus}")
    print(f"eager guide loop (loss kept alive): in-place update allowed in {allowed} of {total} steps")


if __name__ == "__main__":
    main()
