"""tfcompat's modules import one another without a circle.

The graph is read from the source with ``ast``: every ``import`` and ``from ... import``
counts, the ones inside functions (deferred imports) too, since a deferred import is
still a dependency, only hidden.  One kind of edge is left out: a module importing a
package it lives in (``tfcompat.alias`` imports ``tfcompat``), because Python has
always started importing that package before the module runs.
"""

import ast
from pathlib import Path

import tfcompat

PACKAGE_ROOT = Path(tfcompat.__file__).resolve().parent


def module_files():
    """Module name -> (path, is_package) for every module of tfcompat."""
    modules = {}
    for path in PACKAGE_ROOT.rglob("*.py"):
        parts = list(path.relative_to(PACKAGE_ROOT.parent).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        if is_package:
            parts.pop()
        modules[".".join(parts)] = (path, is_package)
    return modules


def imported_modules(name, path, is_package, modules):
    """The tfcompat modules that module ``name`` imports, anywhere in its source."""
    package = name if is_package else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name in modules)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[:len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module
            for alias in node.names:
                submodule = f"{target}.{alias.name}"
                if submodule in modules:
                    found.add(submodule)
                elif target in modules:
                    found.add(target)
    return {module for module in found if module != name and not name.startswith(module + ".")}


def import_graph():
    modules = module_files()
    return {name: imported_modules(name, path, is_package, modules) for name, (path, is_package) in modules.items()}


def find_cycle(graph):
    """One import circle as a list of modules (first == last), or None."""
    visiting, done = [], set()

    def visit(module):
        if module in visiting:
            return visiting[visiting.index(module):] + [module]
        if module in done:
            return None
        visiting.append(module)
        for dependency in sorted(graph[module]):
            cycle = visit(dependency)
            if cycle:
                return cycle
        visiting.pop()
        done.add(module)
        return None

    for module in sorted(graph):
        cycle = visit(module)
        if cycle:
            return cycle
    return None


def test_the_graph_sees_deferred_and_relative_imports(tmp_path):
    source = tmp_path / "example.py"
    source.write_text("from . import recording\n"
                      "def later():\n"
                      "    from ..ops.array_ops import gather\n"
                      "    import tfcompat._src.registry\n")
    modules = module_files()
    found = imported_modules("tfcompat._src.eager.example", source, False, modules)
    assert found == {"tfcompat._src.eager.recording", "tfcompat._src.ops.array_ops", "tfcompat._src.registry"}


def test_find_cycle_reports_a_circle():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_no_import_cycles():
    assert find_cycle(import_graph()) is None


def test_tape_variables_and_ops_meet_only_in_recording():
    graph = import_graph()
    tape = "tfcompat._src.eager.tape"
    for name, imported in graph.items():
        if name.startswith(("tfcompat._src.ops.", "tfcompat._src.eager.variables")):
            assert tape not in imported, name
    assert graph["tfcompat._src.eager.recording"] <= {"tfcompat._src.framework.context"}
