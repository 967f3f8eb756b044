"""The panels as a dashboard: ``make app`` (Voilà serves one page per chapter: its panels and their captions, no code).

The app is generated from the chapters, so it never drifts from them. For each notebook
``notebooks/NN_*.ipynb`` that has panels, :func:`write_app` writes ``_app/NN_*.ipynb``
(git-ignored) holding

- the chapter's title;
- each panel cell as the chapter has it, with the Markdown that leads into it (from its last
  heading) and the caption after it (a Markdown cell starting ``**Figure.**`` or a code cell
  calling ``caption(...)``);
- before each panel, only the statements its code needs: a backward slice over the earlier code
  cells, statement by statement (a statement is kept when it binds, or changes, a name that a
  kept statement or a panel reads; ``assert``s, displays and saved tables are left out).

**Which cells are panels.** A panel cell is a code cell whose last statement calls a function of
a game's ``widgets`` module (the room where every game keeps its panels), however the notebook
imported it: ``from stoplib.<game> import widgets as w`` then ``w.f(...)``; ``import
stoplib.<game>.widgets as w``; ``from stoplib.<game>.widgets import f`` then ``f(...)``;
``sl.<game>.widgets.f(...)``; or a name assigned from such a call and shown last. The saved
outputs say the same thing a second way: a panel displays its static picture with the text
:data:`stoplib.workbook.panel.HINT`. In an executed notebook a cell is a panel when both say so;
a cell that shows a panel's picture but does not end with a widgets call makes :func:`chapter_app`
refuse the notebook, naming the cell, so that no panel is ever silently left out of the app.

Command line::

    python -m stoplib.workbook.app build            # write _app/ and list its pages
    python -m stoplib.workbook.app serve [--port N] # make app: write _app/ and serve it with Voilà on
                                                    # 127.0.0.1 (prints the URL; Ctrl-C stops it and
                                                    # its kernels)

Examples
--------
>>> cells = ["from stoplib.redblack import widgets as w\\nimport stoplib as sl\\nN = sl.pick(9, 3)",
...          "assert N > 0\\nv = sl.redblack.value(N, N)", "w.position_panel(N)"]
>>> [stmt for _, stmt in slice_statements(cells, [2])]
['from stoplib.redblack import widgets as w', 'import stoplib as sl', 'N = sl.pick(9, 3)']
"""
from __future__ import annotations

import argparse
import ast
import builtins
import os
import re
import socket
import sys
from dataclasses import dataclass, field
from pathlib import Path

from ..util.validate import check_int, check_path, check_str
from .config import project_root

__all__ = ["APP_DIR", "PanelCell", "ChapterApp", "panel_cells", "slice_statements", "chapter_app", "app_notebook",
           "write_app"]

#: The git-ignored folder the app's notebooks are written to, relative to the project root.
APP_DIR = "_app"
#: The text a panel's static picture carries (stoplib.workbook.panel.HINT): kept here as text so
#: that reading a notebook needs no ipywidgets.
_HINT_START = "A picture of an interactive panel"
_NOTEBOOK = re.compile(r"^[0-9][0-9]_[A-Za-z0-9_]+\.ipynb$")
_WIDGETS = re.compile(r"^stoplib\.([A-Za-z_][A-Za-z0-9_]*)\.widgets$")
_HEADING = re.compile(r"^#{1,6}\s", re.M)
_KNOWN = set(dir(builtins)) | {"display", "get_ipython", "__file__"}


@dataclass
class PanelCell:
    """One panel of a chapter.

    Attributes
    ----------
    index : int
        The cell's index in the notebook.
    source : str
        Its code, as the chapter has it.
    call : str
        The widgets function it calls (``stoplib.redblack.widgets.position_panel``).
    lead : str
        The Markdown leading into it (from the last heading of the Markdown just before it).
    caption : str
        A Markdown caption right after it (``**Figure.** ...``), or "".
    caption_code : str
        A code cell right after it that calls ``caption(...)``, or "".
    """

    index: int
    source: str
    call: str
    lead: str = ""
    caption: str = ""
    caption_code: str = ""


@dataclass
class ChapterApp:
    """A chapter's page of the app: its title, its panels and the code they need.

    Attributes
    ----------
    notebook : str
        The chapter's file name (``01_redblack_dp.ipynb``).
    title : str
        The chapter's title (its first heading).
    panels : list of PanelCell
    setup : list of (int, str)
        The statements the panels need, with the index of the cell each comes from, in order.
    kernelspec : dict
        The chapter's kernel.
    """

    notebook: str
    title: str
    panels: list = field(default_factory=list)
    setup: list = field(default_factory=list)
    kernelspec: dict = field(default_factory=dict)


# -- reading code ------------------------------------------------------------------------------

def _parse(source: str):
    """A cell's code as a module (IPython magics and shell lines blanked), or None if it does not parse."""
    lines = ["" if line.lstrip().startswith(("%", "!")) else line for line in source.splitlines()]
    try:
        return ast.parse("\n".join(lines))
    except SyntaxError:
        return None


def _bound(node) -> set:
    """Names a statement binds (assigns, defines, imports), at any depth."""
    names = set()
    for sub in ast.walk(node):
        if isinstance(sub, ast.Name) and isinstance(sub.ctx, (ast.Store, ast.Del)):
            names.add(sub.id)
        elif isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(sub.name)
        elif isinstance(sub, (ast.Import, ast.ImportFrom)):
            for alias in sub.names:
                names.add(alias.asname or alias.name.split(".")[0])
        elif isinstance(sub, ast.arg):
            names.add(sub.arg)
    return names


def _changed(node) -> set:
    """Names a statement changes in place: ``x[i] = ...``, ``x.a = ...``, ``x += ...``, ``x.sort()``."""
    names = set()

    def base(target):
        while isinstance(target, (ast.Subscript, ast.Attribute, ast.Starred)):
            target = target.value
        return target.id if isinstance(target, ast.Name) else None

    for sub in ast.walk(node):
        targets = []
        if isinstance(sub, ast.Assign):
            targets = sub.targets
        elif isinstance(sub, (ast.AugAssign, ast.AnnAssign)):
            targets = [sub.target]
        for target in targets:
            if isinstance(target, (ast.Subscript, ast.Attribute)):
                names.add(base(target))
    if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call) and isinstance(node.value.func, ast.Attribute):
        names.add(base(node.value.func.value))
    return {n for n in names if n}


def _read(node) -> set:
    """Names a statement reads from outside itself (a function's body included): the names it loads, less
    the builtins and the names bound in its own inner scopes (parameters, a function's locals,
    comprehension and lambda variables)."""
    loads = {sub.id for sub in ast.walk(node) if isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Load)}
    inner = set()
    for sub in ast.walk(node):
        if isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            inner |= {a.arg for a in ast.walk(sub.args) if isinstance(a, ast.arg)}
            if not isinstance(sub, ast.Lambda):
                inner |= {n.id for b in sub.body for n in ast.walk(b)
                          if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
        elif isinstance(sub, ast.comprehension):
            inner |= {n.id for n in ast.walk(sub.target) if isinstance(n, ast.Name)}
    return loads - inner - _KNOWN


def _lines(source: str, node) -> str:
    """The source lines of a top-level statement, its decorators included."""
    start = min([node.lineno] + [d.lineno for d in getattr(node, "decorator_list", [])])
    return "\n".join(source.splitlines()[start - 1:node.end_lineno])


def slice_statements(cells, targets) -> list:
    """The top-level statements of ``cells`` that the cells ``targets`` need, in order.

    Parameters
    ----------
    cells : list of str
        The code of each code cell, in order.
    targets : list of int
        Indices (into ``cells``) of the cells whose names must be defined: the panel cells.

    Returns
    -------
    list of (int, str)
        ``(cell index, statement source)`` of every statement, before the first target that
        needs it, that binds or changes a name a target or a kept statement reads. Statements
        of the target cells themselves are not listed.

    Raises
    ------
    ValueError
        When a target reads a name no earlier statement binds.
    """
    if isinstance(cells, (str, bytes)) or not isinstance(cells, (list, tuple)):
        raise TypeError(f"cells must be a list of code strings, got {type(cells).__name__}")
    for k, text in enumerate(cells):
        check_str(f"cells[{k}]", text, 10**7)
    if isinstance(targets, (str, bytes)) or not isinstance(targets, (list, tuple)):
        raise TypeError(f"targets must be a list of cell indices, got {type(targets).__name__}")
    targets = sorted({check_int("target", t, 0, len(cells) - 1) for t in targets}) if cells else []
    if not targets:
        raise ValueError("targets must name at least one cell of cells")
    statements = []                              # (cell, stmt node, source)
    for k, text in enumerate(cells):
        tree = _parse(text)
        for node in (tree.body if tree is not None else []):
            statements.append((k, node, _lines(text, node)))
    imported = set().union(*(_bound(n) for _, n, _ in statements if isinstance(n, (ast.Import, ast.ImportFrom))))
    keep = set()
    for target in reversed(targets):
        mine = [s for s in statements if s[0] == target]
        need = set().union(*(_read(n) for _, n, _ in mine)) - set().union(*(_bound(n) for _, n, _ in mine))
        for pos in range(len(statements) - 1, -1, -1):
            cell, node, _ = statements[pos]
            if cell >= target or cell in targets:
                continue
            binds, changes = _bound(node), _changed(node) - imported     # a module's call changes no value
            if need & (binds | changes):
                keep.add(pos)
                need = (need - binds) | _read(node) | (need & changes)
        missing = sorted(need - set().union(*(_bound(n) for c, n, _ in statements if c in targets and c < target)))
        if missing:
            raise ValueError(f"cell {target} reads {missing}, which no earlier statement binds")
    return [(statements[pos][0], statements[pos][2]) for pos in sorted(keep)]


# -- which cells are panels ----------------------------------------------------------------------

def _widget_names(trees) -> tuple[dict, dict, set]:
    """From the imports: alias -> widgets module, name -> widgets function, and the aliases of stoplib
    and of its game packages (alias -> dotted module)."""
    modules, functions, packages = {}, {}, {}
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for a in node.names:
                    if _WIDGETS.match(a.name) and a.asname:
                        modules[a.asname] = a.name
                    elif a.name.split(".")[0] == "stoplib":
                        packages[a.asname or "stoplib"] = a.name if a.asname else "stoplib"
            elif isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "stoplib":
                for a in node.names:
                    full = f"{node.module}.{a.name}"
                    if _WIDGETS.match(full):
                        modules[a.asname or a.name] = full
                    elif _WIDGETS.match(node.module):
                        functions[a.asname or a.name] = full
                    else:
                        packages[a.asname or a.name] = full
    return modules, functions, packages


def _dotted(node) -> list:
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        return [node.id] + list(reversed(parts))
    return []


def _widgets_call(call, names) -> str:
    """The widgets function ``call`` calls (dotted), or ""."""
    modules, functions, packages = names
    if not isinstance(call, ast.Call):
        return ""
    parts = _dotted(call.func)
    if len(parts) == 1 and parts[0] in functions:
        return functions[parts[0]]
    if len(parts) == 2 and parts[0] in modules:
        return f"{modules[parts[0]]}.{parts[1]}"
    if len(parts) >= 2 and parts[0] in packages:
        full = ".".join([packages[parts[0]]] + parts[1:])
        module, _, function = full.rpartition(".")
        if _WIDGETS.match(module):
            return full
    return ""


def _panel_call(tree, names) -> str:
    """The widgets function a cell's last statement shows (directly, or through a name it assigned)."""
    if tree is None or not tree.body or not isinstance(tree.body[-1], ast.Expr):
        return ""
    last = tree.body[-1].value
    if isinstance(last, ast.Name):
        for node in tree.body[:-1]:
            if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == last.id for t in node.targets):
                found = _widgets_call(node.value, names)
                if found:
                    return found
        return ""
    return _widgets_call(last, names)


def _is_caption(tree) -> bool:
    if tree is None or not tree.body or not isinstance(tree.body[-1], ast.Expr):
        return False
    call = tree.body[-1].value
    return isinstance(call, ast.Call) and (_dotted(call.func) or [""])[-1] == "caption"


def _shows_panel(cell) -> bool:
    for output in cell.get("outputs", []):
        text = output.get("data", {}).get("text/plain", "")
        text = "".join(text) if isinstance(text, list) else text
        if text.startswith(_HINT_START):
            return True
    return False


def _read_notebook(notebook):
    import nbformat

    path = check_path("notebook", notebook, must_exist=True, kind="file")
    return path, nbformat.read(str(path), as_version=4)


def panel_cells(notebook) -> list:
    """The panels of a notebook (:class:`PanelCell`), in order; see the module's rule."""
    return chapter_app(notebook).panels


def _lead(cells, index) -> str:
    """The Markdown just before cell ``index``, from its last heading on."""
    run = []
    k = index - 1
    while k >= 0 and cells[k].cell_type == "markdown":
        run.insert(0, cells[k].source)
        k -= 1
    text = "\n\n".join(run).strip()
    headings = list(_HEADING.finditer(text))
    return text[headings[-1].start():].strip() if headings else text


def chapter_app(notebook) -> ChapterApp:
    """A chapter's page of the app: its title, its panels (with lead and caption) and the code they need.

    Raises
    ------
    ValueError
        When a cell shows a panel's picture in its saved outputs but does not end with a call of a
        widgets function, or when a panel reads a name no earlier statement binds.
    """
    path, nb = _read_notebook(notebook)
    cells = nb.cells
    trees = {k: _parse(c.source) for k, c in enumerate(cells) if c.cell_type == "code"}
    names = _widget_names([t for t in trees.values() if t is not None])
    executed = any(c.get("outputs") for c in cells if c.cell_type == "code")
    panels = []
    for k, tree in trees.items():
        call = _panel_call(tree, names)
        shows = _shows_panel(cells[k])
        if executed and shows and not call:
            raise ValueError(f"{path.name}: cell {k} shows a panel but does not end with a call of a game's "
                             f"widgets function, so the app cannot pick it up: {cells[k].source[:80]!r}")
        if executed and call and not shows:      # a helper of the widgets module (a label, say), not a panel
            continue
        if call:
            panel = PanelCell(index=k, source=cells[k].source, call=call, lead=_lead(cells, k))
            after = cells[k + 1] if k + 1 < len(cells) else None
            if after is not None and after.cell_type == "markdown" and after.source.lstrip().startswith(
                    ("**Figure", "*Figure")):
                panel.caption = after.source.strip()
            elif after is not None and after.cell_type == "code" and _is_caption(trees.get(k + 1)):
                panel.caption_code = after.source
            panels.append(panel)
    code_index = [k for k in trees]
    sources = [cells[k].source for k in code_index]
    targets = [code_index.index(p.index) for p in panels]
    targets += [code_index.index(p.index + 1) for p in panels if p.caption_code]
    setup = [(code_index[c], text) for c, text in slice_statements(sources, targets)] if panels else []
    titles = [m for c in cells if c.cell_type == "markdown" for m in re.findall(r"^#\s+(.+)$", c.source, re.M)]
    title = titles[0].strip() if titles else path.stem
    return ChapterApp(notebook=path.name, title=title, panels=panels, setup=setup,
                      kernelspec=dict(nb.metadata.get("kernelspec", {})))


# -- the app's notebooks -------------------------------------------------------------------------

def app_notebook(chapter: ChapterApp):
    """The app's notebook of a chapter (an ``nbformat`` notebook): title, then in the chapter's order
    the statements the panels need and each panel with its lead and caption."""
    import nbformat

    if not isinstance(chapter, ChapterApp):
        raise TypeError(f"chapter must be a ChapterApp (from chapter_app), got {type(chapter).__name__}")
    if not chapter.panels:
        raise ValueError(f"{chapter.notebook} has no panels: the app has no page for it")
    v4 = nbformat.v4
    intro = (f"# {chapter.title}\n\nThe interactive panels of `notebooks/{chapter.notebook}`, each with the text that "
             "introduces it in the chapter. Values out of a control's range are refused with a message; "
             "**Save figure** writes the picture as PNG, SVG and PDF to `figures/`.")
    out = [v4.new_markdown_cell(intro)]
    events = [(k, 0, text) for k, text in chapter.setup] + [(p.index, 1, p) for p in chapter.panels]
    pending = []
    for _, kind, item in sorted(events, key=lambda e: (e[0], e[1])):
        if kind == 0:
            pending.append(item)
            continue
        if pending:
            out.append(v4.new_code_cell("\n".join(pending) + "\n_stoplib_app_ready = True"))
            pending = []
        if item.lead:
            out.append(v4.new_markdown_cell(item.lead))
        out.append(v4.new_code_cell(item.source))
        if item.caption:
            out.append(v4.new_markdown_cell(item.caption))
        if item.caption_code:
            out.append(v4.new_code_cell(item.caption_code))
    nb = v4.new_notebook(cells=out)
    nb.metadata["kernelspec"] = chapter.kernelspec or {"name": "python3", "display_name": "Python 3",
                                                       "language": "python"}
    nb.metadata["stoplib"] = {"generated_from": f"notebooks/{chapter.notebook}",
                              "panels": [p.call for p in chapter.panels]}
    return nb


def write_app(root: Path | None = None, out: Path | None = None) -> list:
    """Write the app's notebooks (one per chapter with panels) to ``out`` (default ``_app/``); return their paths.

    The folder is emptied of earlier app notebooks first, so a chapter that lost its panels loses its page.
    """
    import nbformat

    root = project_root() if root is None else check_path("root", root, must_exist=True, kind="dir")
    out = Path(root / APP_DIR if out is None else check_path("out", out, kind="dir"))
    notebooks = sorted(p for p in (root / "notebooks").glob("[0-9][0-9]_*.ipynb") if _NOTEBOOK.match(p.name))
    if not notebooks:
        raise ValueError(f"no notebooks/NN_*.ipynb in {root}")
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("[0-9][0-9]_*.ipynb"):
        old.unlink()
    written = []
    for path in notebooks:
        chapter = chapter_app(path)
        if chapter.panels:
            target = out / path.name
            nbformat.write(app_notebook(chapter), str(target))
            written.append(target)
    return written


# -- serving -------------------------------------------------------------------------------------

def _free_port(start: int) -> int:
    for port in [start] + list(range(start + 1, start + 50)) if start else [0]:
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return s.getsockname()[1]
    raise OSError(f"no free port from {start}")


def _announce(port: int, pages: list) -> None:
    """Print the app's address once Voilà accepts connections on it (from a thread)."""
    import time

    base = f"http://127.0.0.1:{port}/"
    for _ in range(1200):
        try:
            socket.create_connection(("127.0.0.1", port), 0.5).close()
            break
        except OSError:
            time.sleep(0.1)
    lines = [f"The stoplib app is running at {base} (a list of its pages); one page per chapter:"]
    lines += [f"  {base}voila/render/{page.name}" for page in pages] + ["Press Ctrl-C to stop it."]
    print("\n".join(lines), flush=True)


#: The JupyterLab extensions the app's pages load: the widget managers only (an extension built for
#: another JupyterLab, such as jupytext's, fails in Voila's page).
_EXTENSIONS = ("@jupyter-widgets/jupyterlab-manager", "@voila-dashboards/widgets-manager8",
               "@voila-dashboards/widgets-manager7")


def _serve(root: Path, out: Path, port: int, pages: list) -> int:
    """Voilà on 127.0.0.1 in this process; Ctrl-C (SIGINT) stops the server and shuts down its kernels.

    The page template ``app/voila/templates/stoplib`` (Voilà's lab template without its CDN
    style sheets) is found through ``JUPYTER_PATH``.
    """
    import signal
    import threading

    from voila.app import Voila

    class StoplibVoila(Voila):
        """Voilà with Ctrl-C handled as it handles SIGTERM: the event loop stops between two callbacks
        (a KeyboardInterrupt can land inside one and stall the shutdown on a busy machine), then every
        kernel is shut down."""

        def initialize(self, argv=None):
            super().initialize(argv)
            signal.signal(signal.SIGINT, self._handle_signal_stop)

    os.environ["JUPYTER_PATH"] = os.pathsep.join(p for p in (str(root / "app"), os.environ.get("JUPYTER_PATH"))
                                                 if p)
    port = _free_port(port)
    argv = [str(out), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1", "--Voila.port_retries=0",
            "--template=stoplib", "--theme=light", "--VoilaConfiguration.show_tracebacks=True",
            # a closed page leaves its kernel idle: shut it down after 10 minutes
            "--MappingKernelManager.cull_idle_timeout=600", "--MappingKernelManager.cull_interval=60"]
    argv += [f"--VoilaConfiguration.extension_allowlist={name}" for name in _EXTENSIONS]
    threading.Thread(target=_announce, args=(port, pages), daemon=True).start()
    StoplibVoila.launch_instance(argv=argv)
    print("The stoplib app has stopped.", flush=True)
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m stoplib.workbook.app", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    for name, text in (("build", "write the app's notebooks"), ("serve", "write them and serve them (make app)")):
        cmd = sub.add_parser(name, help=text)
        cmd.add_argument("--out", default=None, help=f"folder of the app's notebooks (default {APP_DIR}/)")
        if name == "serve":
            cmd.add_argument("--port", type=int, default=8866, help="first port to try (0: any free port)")
    args = parser.parse_args(argv)
    pages = write_app(out=args.out)
    out = Path(args.out) if args.out else project_root() / APP_DIR
    if args.command == "build":
        for page in pages:
            print(os.path.relpath(page, Path.cwd()))
        return 0
    check_int("port", args.port, 0, 65535)
    return _serve(project_root(), out.resolve(), args.port, pages)


if __name__ == "__main__":
    sys.exit(main())
