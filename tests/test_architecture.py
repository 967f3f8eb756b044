"""The package's shape: import contracts (import-linter) and public names only in notebooks."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_import_contracts_hold():
    """Layers (games > workbook > util), independent games, no cycles: see ``.importlinter``."""
    lint = Path(sys.executable).with_name("lint-imports")
    result = subprocess.run([str(lint), "--config", str(ROOT / ".importlinter")], cwd=ROOT,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert "BROKEN" not in result.stdout


def _notebook_code(path):
    import nbformat

    nb = nbformat.read(path, as_version=4)
    return "\n".join(c.source for c in nb.cells if c.cell_type == "code" and not c.source.lstrip().startswith("%"))


def _public(module, name):
    return not name.startswith("_") and name in getattr(module, "__all__", ())


def _resolve(node, aliases):
    """The stoplib object an attribute chain ``a.b.c`` starts from, and the names after it."""
    names = []
    while isinstance(node, __import__("ast").Attribute):
        names.append(node.attr)
        node = node.value
    if isinstance(node, __import__("ast").Name) and node.id in aliases:
        return aliases[node.id], list(reversed(names))
    return None, []


def test_notebooks_use_only_public_names():
    """Every stoplib name a notebook touches is public: listed in its module's ``__all__``."""
    import ast
    import importlib

    problems = []
    notebooks = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    assert notebooks
    for path in notebooks:
        tree = ast.parse(_notebook_code(path))
        aliases = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for a in node.names:
                    if a.name.split(".")[0] == "stoplib":
                        module = importlib.import_module(a.name)
                        if a.asname:
                            aliases[a.asname] = module
                        else:
                            aliases["stoplib"] = importlib.import_module("stoplib")
            elif isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "stoplib":
                module = importlib.import_module(node.module)
                for a in node.names:
                    obj = getattr(module, a.name, None)
                    if obj is None and not a.name.startswith("_"):
                        try:  # a room of the game (a public submodule)
                            obj = importlib.import_module(f"{node.module}.{a.name}")
                        except ImportError:
                            obj = None
                    is_module = hasattr(obj, "__path__") or type(obj).__name__ == "module"
                    if a.name.startswith("_") or not (is_module or _public(module, a.name)):
                        problems.append(f"{path.name}: from {node.module} import {a.name} (not public)")
                    if is_module:
                        aliases[a.asname or a.name] = obj
        for node in ast.walk(tree):
            if not isinstance(node, ast.Attribute) or isinstance(getattr(node, "ctx", None), ast.Store):
                continue
            start, names = _resolve(node, aliases)
            obj = start
            for name in names:
                if obj is None or type(obj).__name__ != "module":
                    break
                if not _public(obj, name):
                    problems.append(f"{path.name}: {obj.__name__}.{name} is not in {obj.__name__}.__all__")
                    break
                obj = getattr(obj, name, None)
    assert not problems, "\n".join(sorted(set(problems)))


def test_every_public_module_states_its_api():
    """Each public stoplib module has a docstring and an ``__all__`` whose names exist."""
    import importlib
    import pkgutil

    import stoplib

    missing = []
    for info in pkgutil.walk_packages(stoplib.__path__, "stoplib."):
        if any(part.startswith("_") for part in info.name.split(".")):
            continue
        module = importlib.import_module(info.name)
        if not (module.__doc__ or "").strip():
            missing.append(f"{info.name}: no docstring")
        names = getattr(module, "__all__", None)
        if names is None:
            missing.append(f"{info.name}: no __all__")
            continue
        missing += [f"{info.name}.__all__ names {n!r}, which does not exist" for n in names if not hasattr(module, n)]
        missing += [f"{info.name}.__all__ names the private {n!r}" for n in names if n.startswith("_")]
    assert not missing, "\n".join(missing)


def test_no_submodule_is_shadowed_by_a_function():
    """``import stoplib.holdem.search`` style names: a module name never equals a public name."""
    import importlib
    import pkgutil

    import stoplib

    clashes = []
    for info in pkgutil.walk_packages(stoplib.__path__, "stoplib."):
        parent_name, _, leaf = info.name.rpartition(".")
        parent = importlib.import_module(parent_name)
        obj = getattr(parent, leaf, None)
        if obj is not None and type(obj).__name__ != "module":
            clashes.append(f"{info.name} is shadowed by {parent_name}.{leaf} = {obj!r}")
    assert not clashes, "\n".join(clashes)


def test_no_module_is_much_longer_than_600_lines():
    long = [f"{p.relative_to(ROOT)}: {n} lines" for p in sorted((ROOT / "stoplib").rglob("*.py"))
            if (n := len(p.read_text().splitlines())) > 650]
    assert not long, "\n".join(long)


def test_ruff_finds_nothing():
    """The linter (pyproject's [tool.ruff]: pyflakes, pycodestyle, at most 60 statements a function)."""
    ruff = Path(sys.executable).with_name("ruff")
    result = subprocess.run([str(ruff), "check", "stoplib", "tests", "benchmarks"], cwd=ROOT,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-2000:]
