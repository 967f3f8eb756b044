"""Which committed notebooks are stale: a fingerprint of each notebook's inputs, kept beside it.

``make workbook`` re-executes only the notebooks whose inputs changed, and ``make test``
fails when a committed notebook is stale, naming it and what changed. A notebook's
*inputs* are

- its own cells (code and Markdown; outputs excluded);
- the stoplib code it runs: every module of :mod:`stoplib.workbook` and :mod:`stoplib.util`
  (every notebook uses them), of each game the notebook names in its code, and of each game
  those import (:mod:`stoplib.tenthousand` calls into :mod:`stoplib.race`);
- the committed files it reads while it runs (tables in ``data/``, figures, benchmark
  results, ``references.bib``), recorded during its last full-mode execution by a Python
  audit hook in its kernel (``sys.addaudithook``: every ``open`` of a file in the project),
  minus the files the notebook writes itself.

The fingerprints live in ``notebooks/stamps.json`` (one entry per notebook: the
SHA-256 of each input and of all of them together), written by the runner after a
successful full-mode execution. The mechanism is small on purpose (like
jupyter-cache's, which keys on code cells, plus the code and data a cell reads).

Examples
--------
>>> sorted(games_named("x = sl.redblack.value(3, 3)\\nfrom stoplib import holdem"))
['holdem', 'redblack']
"""
from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

from ..util.validate import check_path, check_str
from .config import project_root

__all__ = ["STAMPS", "GAMES", "AUDIT_SETUP", "AUDIT_REPORT", "games_named", "code_files", "fingerprint",
           "load_stamps", "record", "stale", "Staleness"]

#: The stamp file, relative to the project root.
STAMPS = "notebooks/stamps.json"
#: The game subpackages a notebook may name.
GAMES = ("redblack", "fields", "tenthousand", "cardcounter", "holdem", "race")
#: Folders (relative to the root) whose files count as a notebook's inputs when it reads them.
INPUT_FOLDERS = ("data", "figures", "benchmarks")
INPUT_FILES = ("references.bib",)
_GAME = re.compile(r"\b(" + "|".join(GAMES) + r")\b")
#: A game module's import of another game (``from ..race import``, ``stoplib.race``).
_IMPORT = re.compile(r"(?:\bfrom\s+\.\.+|\bstoplib\.)(" + "|".join(GAMES) + r")\b")

#: Run first in the kernel (never saved): record every file the notebook opens.
AUDIT_SETUP = """\
import os as _stoplib_os, sys as _stoplib_sys
_stoplib_io = {"read": set(), "write": set()}
def _stoplib_audit(event, args, _io=_stoplib_io, _os=_stoplib_os):
    if event != "open" or not args or not isinstance(args[0], (str, bytes, _os.PathLike)):
        return
    path = _os.fsdecode(args[0])
    mode, flags = (args[1] if len(args) > 1 else None), (args[2] if len(args) > 2 else 0)
    if isinstance(mode, str):
        writing = any(c in mode for c in "wax+")
    else:
        writing = bool((flags or 0) & (_os.O_WRONLY | _os.O_RDWR | _os.O_CREAT | _os.O_APPEND))
    _io["write" if writing else "read"].add(_os.path.abspath(path))
_stoplib_sys.addaudithook(_stoplib_audit)
"""
#: Run last in the kernel (never saved): print what was read and written.
AUDIT_REPORT = """\
import json as _stoplib_json
print("STOPLIB-IO " + _stoplib_json.dumps({k: sorted(v) for k, v in _stoplib_io.items()}))
"""


def _root(root) -> Path:
    """The project folder: this checkout, or a given folder that must exist."""
    return project_root() if root is None else check_path("root", root, must_exist=True, kind="dir")


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _cells_text(nb) -> str:
    return "\n\u241e\n".join(f"{c.cell_type}\n{c.source}" for c in nb.cells)


def games_named(code: str) -> set:
    """The games a notebook's code names (``sl.redblack``, ``from stoplib import holdem`` ...)."""
    check_str("code", code, 10**8)
    return set(_GAME.findall(code))


def code_files(games, root: Path | None = None) -> list[Path]:
    """The stoplib modules a notebook naming ``games`` runs: workbook, util, those games, the package root."""
    root = _root(root)
    package = root / "stoplib"
    folders = ["workbook", "util", *sorted(_with_imports(games, package))]
    files = [package / "__init__.py"] if (package / "__init__.py").is_file() else []
    for folder in folders:
        files += sorted(p for p in (package / folder).rglob("*.py") if "__pycache__" not in p.parts)
    return files


def _with_imports(games, package: Path) -> set:
    """``games`` and every game their modules import, and so on."""
    todo, seen = list(set(games)), set(games)
    while todo:
        for path in (package / todo.pop()).rglob("*.py"):
            if "__pycache__" in path.parts:
                continue
            for other in _IMPORT.findall(path.read_text(encoding="utf-8")):
                if other not in seen:
                    seen.add(other)
                    todo.append(other)
    return seen


def _rel(path: Path, root: Path) -> str:
    return path.resolve().relative_to(root.resolve()).as_posix()


def _is_input(path: str, root: Path) -> bool:
    try:
        rel = Path(path).resolve().relative_to(root.resolve())
    except ValueError:
        return False
    parts = rel.parts
    return bool(parts) and (parts[0] in INPUT_FOLDERS or rel.as_posix() in INPUT_FILES) and Path(path).is_file()


def fingerprint(notebook, inputs=(), root: Path | None = None) -> dict:
    """The SHA-256 of each input of ``notebook`` and of all of them together.

    Parameters
    ----------
    notebook : path
        The ``.ipynb`` file.
    inputs : sequence of str
        The data files it reads (relative to the root), as recorded by its last run.

    Returns
    -------
    dict
        ``{"total": sha, "files": {relative path: sha or "missing"}}``.
    """
    import nbformat

    root = _root(root)
    path = check_path("notebook", notebook, must_exist=True, kind="file")
    nb = nbformat.read(path, as_version=4)
    code = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    files = {"<cells>": _sha(_cells_text(nb).encode())}
    for module in code_files(games_named(code), root):
        files[_rel(module, root)] = _sha(module.read_bytes())
    for rel in sorted(set(inputs)):
        target = root / rel
        files[rel] = _sha(target.read_bytes()) if target.is_file() else "missing"
    total = _sha(json.dumps(files, sort_keys=True).encode())
    return {"total": total, "files": files}


def load_stamps(root: Path | None = None) -> dict:
    """The committed stamps (empty when none were written yet)."""
    root = _root(root)
    path = root / STAMPS
    if not path.is_file():
        return {}
    try:
        stamps = json.loads(path.read_text())
    except json.JSONDecodeError as exc:
        raise ValueError(f"{path} is not valid JSON ({exc}); rerun make workbook") from None
    if not isinstance(stamps, dict):
        raise ValueError(f"{path} must hold one object per notebook")
    return stamps


def record(notebook, io: dict, root: Path | None = None) -> dict:
    """After a full-mode run: store the notebook's inputs (read, not written by itself) and fingerprint."""
    root = _root(root)
    path = check_path("notebook", notebook, must_exist=True, kind="file")
    if not isinstance(io, dict):
        raise TypeError(f"io must be a dict with 'read' and 'write' lists, got {type(io).__name__}")
    written = {str(Path(p).resolve()) for p in io.get("write", [])}
    inputs = sorted({_rel(Path(p), root) for p in io.get("read", [])
                     if _is_input(p, root) and str(Path(p).resolve()) not in written})
    stamps = load_stamps(root)
    stamps[path.stem] = {"inputs": inputs, **fingerprint(path, inputs, root)}
    out = root / STAMPS
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(dict(sorted(stamps.items())), indent=1, sort_keys=True) + "\n")
    return stamps[path.stem]


class Staleness(str):
    """Why a notebook is stale (empty string: it is current)."""


def stale(notebook, root: Path | None = None) -> Staleness:
    """Whether ``notebook`` must be re-executed, and why (an empty string when it is current).

    Examples
    --------
    >>> from stoplib.workbook.runner import notebook_paths
    >>> isinstance(stale(notebook_paths()[0]), str)
    True
    """
    root = _root(root)
    path = check_path("notebook", notebook, must_exist=True, kind="file")
    stamp = load_stamps(root).get(path.stem)
    if stamp is None:
        return Staleness("never executed by the runner (no stamp)")
    now = fingerprint(path, stamp.get("inputs", []), root)
    if now["total"] == stamp.get("total"):
        return Staleness("")
    old = stamp.get("files", {})
    changed = sorted(k for k in set(old) | set(now["files"]) if old.get(k) != now["files"].get(k))
    shown = ", ".join(changed[:6]) + (f" and {len(changed) - 6} more" if len(changed) > 6 else "")
    return Staleness(f"changed since its last run: {shown}")
