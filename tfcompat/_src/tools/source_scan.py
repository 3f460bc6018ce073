"""Static scan of Python files and notebooks for uses of TF 1.x symbols.

A *use* is one textual reference to a TF name, resolved to its full ``tf.``
path: ``tf.nn.relu(x)``; ``nn.relu`` after ``nn = tf.nn``; ``Dense`` after
``from tensorflow.keras.layers import Dense`` (that import line is a use too).
An attribute chain resolves to its longest known prefix
(``tf.constant(1).numpy()`` uses ``tf.constant``); a chain under a namespace
that names nothing known is reported whole, as an unknown symbol (or a missing one inside a TF 1.x
contrib module whose names the inventory does not list, such as ``tf.contrib.layers``);
``tf.compat.v1.X`` is ``tf.X``; namespaces themselves and dunder attributes
(``tf.__version__``) are not uses.

Imports understood: ``import tensorflow [as tf]``, ``import tensorflow.X.Y as m``,
``from tensorflow[.X] import Y [as Z]``, ``import tfcompat as tf`` (tfcompat is
tensorflow; its own extras, such as ``tfcompat.to_torch``, are not TF uses), and
plain assignments of a TF module or symbol to a name (``layers = tf.keras.layers``).
Private ``tensorflow.python...`` imports are reported as written, at the import.
Aliases are tracked per file in source order, without regard to scopes.

Notebooks (``.ipynb``): code cells are scanned in order, sharing their aliases;
IPython lines (``%magic``, ``!shell``, ``?help``, ``name?``) become ``pass`` and ``%%`` cells
are skipped. A use in a notebook is located by its cell (1-based, counting every
cell, as the notebook shows them) and its line in that cell: ``demo.ipynb[cell 3]:2``.
"""

import ast
import json
import os
import pkgutil
from dataclasses import dataclass, field

from .. import registry

MISSING = "missing"
UNKNOWN = "unknown"
STATUSES = (registry.FULL, registry.PARTIAL, registry.UNSUPPORTED, MISSING, UNKNOWN)
SUPPORTED = frozenset({registry.FULL, registry.PARTIAL})

MISSING_NOTE = "not supported by tfcompat yet"
UNKNOWN_NOTE = "not a TF 1.x symbol"
PRIVATE_NOTE = "private TensorFlow module (tensorflow.python), not part of the TF 1.x API"

_PRIVATE_ROOT = "tensorflow.python"
_MODULE_ALIASES = {"tensorflow.contrib.eager.python.tfe": "tf.contrib.eager"}
_IPYTHON_PREFIXES = ("%", "!", "?")


@dataclass(frozen=True)
class Use:
    symbol: str  # "tf.nn.relu"; private TF as written ("tensorflow.python.eager.backprop")
    line: int
    cell: int | None = None  # notebooks: 1-based cell number

    def sort_key(self):
        return (self.cell or 0, self.line)

    def location(self, path):
        where = path if self.cell is None else f"{path}[cell {self.cell}]"
        return f"{where}:{self.line}"


@dataclass
class FileScan:
    path: str
    uses: list = field(default_factory=list)
    errors: list = field(default_factory=list)  # "PATH:LINE: problem", one per part that could not be scanned


class SymbolIndex:
    """The TF names a scan resolves references to, and their tfcompat status."""

    def __init__(self, inventory, entries, tfcompat_extras=frozenset()):
        self.inventory = inventory  # {"tf.nn.relu": "function", ...}
        self.entries = entries  # registry entries, keyed without "tf."
        known = set(inventory) | {f"tf.{name}" for name in entries}
        prefixes = {path[:dot] for path in known for dot in _dot_positions(path)}
        self.namespaces = ({path for path in known if inventory.get(path) == "module"}
                           | {path for path in prefixes if inventory.get(path, "contrib") == "contrib"})
        self.symbols = known - self.namespaces
        self._tfcompat_extras = tfcompat_extras

    @classmethod
    def of_tfcompat(cls, inventory=None):
        """The index of the installed tfcompat registry (against ``inventory``, default the registry's own)."""
        import tfcompat  # registers every implementation

        entries = registry.entries()
        inventory = registry.tf_inventory() if inventory is None else inventory
        tf_roots = {path.split(".")[1] for path in inventory} | {name.split(".")[0] for name in entries}
        own_names = {name for name in vars(tfcompat) if not name.startswith("_")}
        own_names |= {module.name for module in pkgutil.iter_modules(tfcompat.__path__)}
        return cls(inventory, entries, frozenset(own_names - tf_roots))

    def resolve(self, path):
        """The symbol a dotted reference uses, or None (a namespace, or not TF at all)."""
        parts = path.split(".")
        dunder = next((i for i, part in enumerate(parts) if part.startswith("__")), len(parts))
        parts = parts[:dunder]
        if parts[0] == "tfcompat":
            if len(parts) == 1 or parts[1].startswith("_") or parts[1] in self._tfcompat_extras:
                return None
            parts[0] = "tf"
        elif parts[0] != "tf":
            return ".".join(parts)  # private TensorFlow, as written
        if parts[1:3] == ["compat", "v1"]:
            del parts[1:3]  # tf.compat.v1 is the TF 1.x API again
        for end in range(len(parts), 0, -1):
            prefix = ".".join(parts[:end])
            if prefix in self.symbols:
                return prefix
            if prefix in self.namespaces:
                return None if end == len(parts) else ".".join(parts)
        return ".".join(parts)

    def status(self, symbol):
        """``(status, note)`` of a resolved symbol: a registry status, MISSING or UNKNOWN."""
        if not symbol.startswith("tf."):
            return UNKNOWN, PRIVATE_NOTE
        entry = self.entries.get(symbol[3:])
        if entry is not None:
            return entry.status, entry.note
        if symbol in self.inventory or registry.in_unlisted_contrib(symbol[3:]):
            return MISSING, MISSING_NOTE
        return UNKNOWN, UNKNOWN_NOTE


def _dot_positions(path):
    return [i for i, char in enumerate(path) if char == "."]


def _is_private(path):
    return path == _PRIVATE_ROOT or path.startswith(_PRIVATE_ROOT + ".")


def _module_path(module):
    """The dotted path an imported module stands for ("tf.contrib.eager"), or None when it is not TF."""
    if module in _MODULE_ALIASES:
        return _MODULE_ALIASES[module]
    root = module.partition(".")[0]
    if root == "tensorflow":
        return module if _is_private(module) else "tf" + module[len(root):]
    if root == "tfcompat":
        return module
    return None


class _UseFinder(ast.NodeVisitor):
    def __init__(self, index, aliases, cell=None):
        self._index = index
        self._aliases = aliases  # local name -> dotted path ("tf", "tf.keras.layers", "tfcompat")
        self._cell = cell
        self.uses = []

    def _use(self, path, node):
        symbol = self._index.resolve(path)
        if symbol is not None:
            self.uses.append(Use(symbol, node.lineno, self._cell))

    def _bind(self, name, path):
        if path is None or _is_private(path):
            self._aliases.pop(name, None)
        else:
            self._aliases[name] = path

    def _dotted(self, node):
        """``tf.nn.relu`` for a chain of attributes on an alias, else None."""
        attributes = []
        while isinstance(node, ast.Attribute):
            attributes.append(node.attr)
            node = node.value
        if not isinstance(node, ast.Name) or node.id not in self._aliases:
            return None
        return ".".join([self._aliases[node.id], *reversed(attributes)])

    def visit_Import(self, node):
        for alias in node.names:
            path = _module_path(alias.name)
            if alias.asname:
                self._bind(alias.asname, path)
            else:
                top = alias.name.partition(".")[0]
                self._bind(top, _module_path(top))
            if path is not None and _is_private(path):
                self._use(path, node)

    def visit_ImportFrom(self, node):
        for alias in node.names:
            if alias.name == "*":
                continue
            path = _module_path(f"{node.module}.{alias.name}") if node.module and not node.level else None
            self._bind(alias.asname or alias.name, path)
            if path is not None:
                self._use(path, node)

    def visit_Assign(self, node):
        self.visit(node.value)
        path = self._dotted(node.value)
        for target in node.targets:
            if isinstance(target, ast.Name):
                self._bind(target.id, path)
            else:
                for name in ast.walk(target):
                    if isinstance(name, ast.Name):
                        self._aliases.pop(name.id, None)
                self.visit(target)

    def visit_Attribute(self, node):
        path = self._dotted(node)
        if path is None:
            self.generic_visit(node)
        elif isinstance(node.ctx, ast.Load):
            self._use(path, node)

    def visit_Name(self, node):
        if isinstance(node.ctx, ast.Load) and node.id in self._aliases:
            self._use(self._aliases[node.id], node)


def _syntax_error(location, error):
    line = f":{error.lineno}" if getattr(error, "lineno", None) else ""
    message = getattr(error, "msg", None) or str(error)
    return f"{location}{line}: does not parse: {type(error).__name__}: {message}"


def _ipython_free(source):
    """Cell source with IPython-only lines made ``pass`` (line numbers kept); '' for a %% cell magic."""
    if source.lstrip().startswith("%%"):
        return ""
    lines = []
    for line in source.split("\n"):
        stripped = line.lstrip()
        ipython = stripped.startswith(_IPYTHON_PREFIXES) or stripped.rstrip().endswith("?")  # `tf.matmul?` is help
        lines.append(line[:len(line) - len(stripped)] + "pass" if ipython else line)
    return "\n".join(lines)


def _notebook_code_cells(text):
    """``(cell number, source)`` of each code cell of an nbformat 4 notebook; ValueError if it is not one."""
    notebook = json.loads(text)
    cells = notebook.get("cells") if isinstance(notebook, dict) else None
    if not isinstance(cells, list):
        raise ValueError("not a Jupyter notebook (nbformat 4): no list of cells")
    for number, cell in enumerate(cells, 1):
        if isinstance(cell, dict) and cell.get("cell_type") == "code":
            source = cell.get("source", "")
            yield number, "".join(source) if isinstance(source, list) else str(source)


class Scanner:
    """Scans sources against one SymbolIndex; each file is read and parsed once per Scanner."""

    def __init__(self, index):
        self.index = index
        self._files = {}

    def scan_code(self, code, aliases=None):
        """Uses in a piece of Python source; SyntaxError/ValueError if it does not parse."""
        return self._uses(ast.parse(code), dict(aliases or {}))

    def _uses(self, tree, aliases, cell=None):
        finder = _UseFinder(self.index, aliases, cell)
        finder.visit(tree)
        return finder.uses

    def scan_file(self, path):
        """A FileScan of a ``.py`` file (any other name but ``.ipynb`` is read as Python) or a notebook."""
        key = os.path.abspath(path)
        if key not in self._files:
            self._files[key] = self._scan(path)
        return self._files[key]

    def _scan(self, path):
        result = FileScan(path)
        try:
            with open(path, "rb") as file:
                data = file.read()
        except OSError as error:
            result.errors.append(f"{path}: cannot read: {error.strerror or error}")
            return result
        if path.endswith(".ipynb"):
            self._scan_notebook(data, result)
        else:
            try:
                result.uses = self._uses(ast.parse(data, filename=path), {})
            except (SyntaxError, ValueError) as error:
                result.errors.append(_syntax_error(path, error))
        return result

    def _scan_notebook(self, data, result):
        try:
            cells = list(_notebook_code_cells(data))
        except (ValueError, UnicodeDecodeError) as error:  # json.JSONDecodeError is a ValueError
            result.errors.append(f"{result.path}: not a readable notebook: {error}")
            return
        aliases = {}
        for number, source in cells:
            location = f"{result.path}[cell {number}]"
            try:
                tree = ast.parse(_ipython_free(source), filename=location)
            except (SyntaxError, ValueError) as error:
                result.errors.append(_syntax_error(location, error))
                continue
            result.uses.extend(self._uses(tree, aliases, number))


def python_files(root):
    """Every ``*.py`` and ``*.ipynb`` under ``root``, sorted, skipping hidden folders and ``__pycache__``."""
    found = []
    for folder, subfolders, names in os.walk(root):
        subfolders[:] = sorted(name for name in subfolders if not name.startswith(".") and name != "__pycache__")
        found.extend(os.path.join(folder, name) for name in sorted(names) if name.endswith((".py", ".ipynb")))
    return sorted(found)
