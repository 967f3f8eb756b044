"""Every sentence, caption, table and figure a notebook computes for its reader is shown.

Jupyter shows a cell's *last* expression and whatever the cell passes to ``display``; any other
value is thrown away without a word. A cell that builds ``md(...)`` and then calls ``print`` or
``display`` on something else loses the sentence (notebook 06 lost three lead-ins that way, and
07 its conclusion on iterated local search). This test reads the code of every notebook's cells
(Python's ``ast``, no execution) and names each value made by one of the workbook's reader-facing
helpers (:data:`stoplib.workbook.prose.READER_FACING`, plus any function the notebook defines that
returns one) that is

- an expression statement other than the cell's last top-level statement (or the last, silenced
  by a trailing ``;``), or inside a loop, branch or ``with`` block;
- passed to ``print``/``str``/``repr``/``format``, which show its Python repr, not its text;
- a part of a tuple, list or dict shown as the cell's result (Jupyter shows the container's repr);
- kept in a name that no later statement of the notebook reads.

One test per notebook, so a failure names the notebook and each offending cell.
"""
from __future__ import annotations

import ast
import importlib
import re

import nbformat
import pytest

from stoplib.workbook.prose import READER_FACING
from stoplib.workbook.runner import notebook_paths

NOTEBOOKS = notebook_paths()
#: Notebook cells that still failed a check here, in the committed notebook, while the notebook was
#: being rewritten under another issue (07: issue 27, 08: issue 28); the second phase of issue 29
#: fixes what remains and deletes the entries. Not strict, so that a rewrite committed meanwhile
#: does not fail the suite: an entry whose notebook passes shows as XPASS and is to be deleted.
#: ``(test, notebook): what fails``.
PENDING = {
}


def _per_notebook(test: str):
    """One parameter per notebook, named by it; a :data:`PENDING` one marked xfail with its cells."""
    return [pytest.param(p, id=p.stem, marks=[pytest.mark.xfail(strict=False, reason=PENDING[(test, p.stem)])]
                         if (test, p.stem) in PENDING else []) for p in NOTEBOOKS]


#: Calls that show a value's repr or turn it into a plain string.
_REPR = {"print", "str", "repr", "format"}


def _resolve(dotted: str):
    """The object named ``dotted`` (``package.module.attr.attr``), or None."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        try:
            for name in parts[cut:]:
                obj = getattr(obj, name)
        except AttributeError:
            return None
        return obj
    return None


def _helpers():
    found = {}
    for dotted in READER_FACING:
        obj = _resolve(dotted)
        assert obj is not None, f"READER_FACING names {dotted}, which does not exist"
        found[id(obj)] = dotted
    return found


HELPERS = _helpers()


def _code_cells(path):
    """``(cell number, source as Python, the source's last line)`` of every code cell."""
    from IPython.core.inputtransformer2 import TransformerManager

    nb = nbformat.read(path, as_version=4)
    transform = TransformerManager().transform_cell
    cells = []
    for number, cell in enumerate(nb.cells, 1):
        if cell.cell_type == "code" and cell.source.strip():
            cells.append((number, transform(cell.source), cell.source.rstrip().splitlines()[-1]))
    return cells


def _dotted(node, bindings):
    """``a.b.c`` of a Name/Attribute chain, its first name replaced by what it was bound to."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    head = bindings.get(node.id)
    if head is None:
        return None
    return ".".join([head, *reversed(parts)])


class _Notebook:
    """The names a notebook binds to modules and helpers, and the functions it defines that return one."""

    def __init__(self, trees):
        self.bindings = {}           # name -> dotted path of what it names
        self.own = set()             # names of the notebook's functions that return a reader-facing value
        self.loads = []              # (cell index, line, name) of every name read
        for _ in range(2):           # twice: a function may call another defined later
            for k, tree in enumerate(trees):
                self._bind(tree, k)
        for k, tree in enumerate(trees):
            for node in ast.walk(tree):
                if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
                    self.loads.append((k, node.lineno, node.id))

    def _bind(self, tree, k):
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.asname:
                        self.bindings[alias.asname] = alias.name
                    else:
                        self.bindings[alias.name.split(".")[0]] = alias.name.split(".")[0]
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                for alias in node.names:
                    self.bindings[alias.asname or alias.name] = f"{node.module}.{alias.name}"
            elif isinstance(node, ast.Assign) and len(node.targets) == 1:
                self._bind_assignment(node.targets[0], node.value)
            elif isinstance(node, (ast.FunctionDef, ast.Lambda)) and isinstance(node, ast.FunctionDef):
                returns = [n.value for n in ast.walk(node) if isinstance(n, ast.Return) and n.value is not None]
                if any(self.reader_facing(v) for v in returns):
                    self.own.add(node.name)

    def _bind_assignment(self, target, value):
        if isinstance(target, ast.Name) and isinstance(value, (ast.Name, ast.Attribute)):
            dotted = _dotted(value, self.bindings)
            if dotted is not None:
                self.bindings[target.id] = dotted
        elif isinstance(target, ast.Tuple) and isinstance(value, ast.Tuple) and \
                len(target.elts) == len(value.elts):
            for t, v in zip(target.elts, value.elts):
                self._bind_assignment(t, v)

    def reader_facing(self, node) -> bool:
        """Whether ``node`` evaluates to a value made for the reader."""
        if isinstance(node, ast.IfExp):
            return self.reader_facing(node.body) or self.reader_facing(node.orelse)
        if not isinstance(node, ast.Call):
            return False
        func = node.func
        if isinstance(func, ast.Name) and func.id in self.own:
            return True
        if isinstance(func, ast.Attribute) and self.reader_facing(func.value):
            return True              # a method of a table or a sentence: show_table(df).set_caption(...)
        dotted = _dotted(func, self.bindings)
        return dotted is not None and id(_resolve(dotted)) in HELPERS


def _problems(path) -> list[str]:
    cells = _code_cells(path)
    trees = [ast.parse(source) for _, source, _ in cells]
    nb = _Notebook(trees)
    found = []
    for k, ((number, _, last_line), tree) in enumerate(zip(cells, trees)):
        last = tree.body[-1] if tree.body else None

        def where(node, k=k, number=number):
            return f"cell {number}, line {node.lineno}"

        for node in ast.walk(tree):
            if isinstance(node, ast.Expr) and nb.reader_facing(node.value):
                if node is not last:
                    found.append(f"{where(node)}: `{ast.unparse(node)[:70]}` is computed and thrown away "
                                 "(not the cell's last expression, not displayed)")
                elif last_line.rstrip().endswith(";"):
                    found.append(f"{where(node)}: `{ast.unparse(node)[:70]}` is silenced by the trailing ';'")
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in _REPR:
                if any(nb.reader_facing(a) for a in node.args):
                    found.append(f"{where(node)}: `{ast.unparse(node)[:70]}` shows a Python repr, not the text")
            if isinstance(node, ast.Assign) and nb.reader_facing(node.value):
                names = [t.id for t in node.targets if isinstance(t, ast.Name)]
                for name in names:
                    read_later = any((j, line) > (k, node.lineno) and used == name for j, line, used in nb.loads)
                    if not read_later:
                        found.append(f"{where(node)}: `{name} = {ast.unparse(node.value)[:60]}` is never read, "
                                     "so never shown")
        if isinstance(last, ast.Expr) and isinstance(last.value, (ast.Tuple, ast.List, ast.Dict)):
            parts = last.value.values if isinstance(last.value, ast.Dict) else last.value.elts
            if any(nb.reader_facing(p) for p in parts):
                found.append(f"{where(last)}: a container of reader-facing values is shown as its Python repr")
    return found


def test_the_helpers_list_names_real_callables():
    assert len(HELPERS) == len(READER_FACING)


def test_the_checker_finds_each_kind_of_loss(tmp_path):
    """The checker itself, on a small notebook with one of each slip and one of each right way."""
    cells = [
        "import stoplib as sl\nfrom IPython.display import display\nmd = sl.prose.md",
        "md('lost')\nprint(1)",                                  # thrown away
        "display(md('shown'))\nmd('also shown')",                # right
        "print(sl.caption('a repr'))",                           # printed
        "unread = sl.show_table(df)",                            # never read
        "kept = md('x')\ndisplay(kept)",                         # right
        "for i in range(2):\n    md(f'{i}')",                    # in a loop
        "md('silenced');",                                       # silenced
        "sl.show_table(df).set_caption('c'), md('t')",           # a tuple
        "def lead(x):\n    return md(x)\n",
        "lead('lost too')\nx = 1",                               # the notebook's own helper
        "sl.verdicts.styler(t) if ok else md('none')",           # right: the last expression
    ]
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in cells])
    path = tmp_path / "01_demo.ipynb"
    nbformat.write(nb, str(path))
    found = _problems(path)
    cells_named = sorted({int(p.split(",")[0].split()[1]) for p in found})
    assert cells_named == [2, 4, 5, 7, 8, 9, 11], found


@pytest.mark.parametrize("path", _per_notebook("test_every_reader_facing_value_is_shown"))
def test_every_reader_facing_value_is_shown(path):
    found = _problems(path)
    assert not found, f"{path.name}:\n" + "\n".join(found)


#: What a Python value looks like when it is printed as code rather than shown to a reader.
_REPRS = (
    (re.compile(r"\b[A-Z]\w*\(\w+="), "a dataclass's repr"),
    (re.compile(r"\bFraction\(-?\d"), "a Fraction's repr"),
    (re.compile(r"\{\s*(-?\d+|'[^']*'|\"[^\"]*\")\s*:"), "a dict's repr"),
    (re.compile(r"\b(array|np\.\w+)\("), "a numpy repr"),
    (re.compile(r"\[None\b|\bNone[,\]]"), "a list holding None"),
    (re.compile(r"(:|=)\s*(True|False)\b"), "a Python bool"),
)
_CODE_SPAN = re.compile(r"`[^`]*`")


def _shown_texts(path):
    """``(cell number, kind, text)`` of every text a reader sees in the committed notebook: Markdown
    cells, Markdown results, printed text and plain-text results (code spans removed from Markdown)."""
    nb = nbformat.read(path, as_version=4)
    for number, cell in enumerate(nb.cells, 1):
        if cell.cell_type == "markdown":
            yield number, "Markdown", _CODE_SPAN.sub("", cell.source)
            continue
        for out in cell.get("outputs", []):
            if out.get("output_type") == "stream":
                yield number, "printed text", out.get("text", "")
            elif out.get("output_type") in ("execute_result", "display_data"):
                data = out.get("data", {})
                if "text/markdown" in data:
                    yield number, "Markdown result", _CODE_SPAN.sub("", data["text/markdown"])
                elif set(data) <= {"text/plain"}:
                    yield number, "plain-text result", data.get("text/plain", "")


def _reprs(path) -> list[str]:
    found = []
    for number, kind, text in _shown_texts(path):
        for pattern, what in _REPRS:
            hit = pattern.search(text)
            if hit:
                start = max(0, hit.start() - 30)
                found.append(f"cell {number} ({kind}): {what}: …{text[start:hit.end() + 30]!r}…")
    return found


def test_the_repr_check_finds_code_and_passes_prose():
    assert _REPRS[0][0].search("RecurrenceReport(V_max=8, n_games=45)")
    assert _REPRS[1][0].search("{0: Fraction(3, 7)}") and _REPRS[2][0].search("{'m5': 3.44}")
    assert _REPRS[4][0].search("board [None, 4, None]") and _REPRS[5][0].search("quick mode: False")
    prose = "Win(3, 2) = 5/6 (exact); V(26, 26) = 2.62; {s, r, m5} allowed; the board 3 · 4 · 15"
    assert not any(p.search(prose) for p, _ in _REPRS)


@pytest.mark.parametrize("path", _per_notebook("test_no_output_shows_python_code"))
def test_no_output_shows_python_code(path):
    """A reader sees sentences and tables, not ``Report(a=1, ...)``, ``{0: Fraction(3, 7)}`` or ``[None, 4]``."""
    found = _reprs(path)
    assert not found, f"{path.name}:\n" + "\n".join(found)


def _notebook_names(path) -> set:
    """The names a notebook's code binds at top level (variables and functions), two letters or more."""
    names = set()
    for _, source, _ in _code_cells(path):
        for node in ast.parse(source).body:
            targets = []
            if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            elif isinstance(node, ast.For):
                targets = [node.target]
            elif isinstance(node, ast.FunctionDef):
                names.add(node.name)
            for target in targets:
                names.update(n.id for n in ast.walk(target) if isinstance(n, ast.Name))
    attributes = set()              # the fields of the notebook's own results (res.draw_counts, pig.hold_table)
    for _, source, _ in _code_cells(path):
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in names:
                attributes.add(node.attr)
    names |= attributes - _public_names()
    return {n for n in names if len(n) > 1 and not n.startswith("_")}


def _public_names() -> set:
    """Every name in a public ``__all__`` of stoplib, and every public module's name: the API, which
    prose may name."""
    import pkgutil

    import stoplib

    found = set()
    for info in pkgutil.walk_packages(stoplib.__path__, "stoplib."):
        if any(part.startswith("_") for part in info.name.split(".")):
            continue
        module = importlib.import_module(info.name)
        found.add(info.name.rsplit(".", 1)[1])
        found.update(getattr(module, "__all__", ()))
    return found


@pytest.mark.parametrize("path", _per_notebook("test_no_variable_name_in_prose"))
def test_no_variable_name_in_prose(path):
    """The prose speaks of quantities, not of the notebook's variables (`N_ALL`, `hold_table`).

    A name the notebook's code binds may not appear in its Markdown cells or rendered sentences, in a
    code span or as a bare word with an underscore or in capitals.
    """
    names = _notebook_names(path)
    nb = nbformat.read(path, as_version=4)
    found = []
    for number, cell in enumerate(nb.cells, 1):
        texts = [cell.source] if cell.cell_type == "markdown" else [
            o["data"]["text/markdown"] for o in cell.get("outputs", [])
            if o.get("output_type") in ("execute_result", "display_data") and "text/markdown" in o.get("data", {})]
        for text in texts:
            spans = {s.strip("`").split("(")[0].split(".")[0] for s in _CODE_SPAN.findall(text)}
            bare = {w for w in re.findall(r"\b[A-Za-z_][A-Za-z0-9_]*\b", _CODE_SPAN.sub("", text))
                    if "_" in w.strip("_") or (w.isupper() and len(w) > 1 and "_" in w)}
            for name in sorted((spans | bare) & names):
                found.append(f"cell {number}: the variable name {name!r}")
    assert not found, f"{path.name}:\n" + "\n".join(found)
