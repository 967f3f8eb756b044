"""stoplib.workbook.app: which cells are panels, the code they need, and the app's notebooks (the app itself
is served and driven in Chromium by tests/browser/test_app.py)."""
import ast

import nbformat
import pytest

from stoplib.workbook import app, panel
from stoplib.workbook.config import project_root

NOTEBOOKS = sorted((project_root() / "notebooks").glob("[0-9][0-9]_*.ipynb"))
v4 = nbformat.v4


def _notebook(tmp_path, cells, name="01_demo.ipynb", panels=()):
    """A notebook of ("md" | "code", source) cells; the code cells listed in ``panels`` show a panel's picture."""
    nb = v4.new_notebook()
    for k, (kind, source) in enumerate(cells):
        if kind == "md":
            nb.cells.append(v4.new_markdown_cell(source))
        else:
            cell = v4.new_code_cell(source)
            if k in panels:
                cell.outputs = [v4.new_output("display_data", data={"text/plain": panel.HINT, "image/png": "iVBO"})]
            nb.cells.append(cell)
    path = tmp_path / name
    nbformat.write(nb, str(path))
    return path


def test_the_slice_keeps_what_the_panel_needs_and_nothing_else():
    cells = ["import numpy as np\nimport stoplib as sl\nfrom stoplib.redblack import widgets as w\nprint('hello')",
             "N = sl.pick(100, 10)\nassert N > 0\nvalues = np.zeros(N)\nvalues[0] = 1.0\nother = 5\nother",
             "_ = sl.save_table(None, 'x')\nvalues.sort()\n"
             "def scale(v):\n    k = [u for u in v]\n    return k * other\n",
             "w.refit_panel(scale(values))"]
    kept = [s for _, s in app.slice_statements(cells, [3])]
    assert kept == ["import numpy as np", "import stoplib as sl", "from stoplib.redblack import widgets as w",
                    "N = sl.pick(100, 10)", "values = np.zeros(N)", "values[0] = 1.0", "other = 5", "values.sort()",
                    "def scale(v):\n    k = [u for u in v]\n    return k * other"]


def test_the_slice_names_what_no_statement_defines():
    with pytest.raises(ValueError, match=r"cell 1 reads \['mystery', 'w'\]"):
        app.slice_statements(["x = 1", "w.panel(mystery, x)"], [1])
    with pytest.raises(TypeError):
        app.slice_statements("x = 1", [0])
    with pytest.raises(ValueError):
        app.slice_statements(["x = 1"], [3])


def test_panels_are_found_however_the_notebook_imports_its_widgets(tmp_path):
    cells = [("md", "# A chapter\n\nIntro."),
             ("code", "import stoplib as sl\nimport stoplib.fields.widgets as fw\n"
                      "from stoplib.holdem.widgets import search_panel as sp\nfrom stoplib import tenthousand as tt\n"
                      "from stoplib.redblack import widgets as rbw, plots"),
             ("md", "## Explore\n\nOld text.\n\n## Play\n\nMove the slider."), ("code", "rbw.position_panel()"),
             ("code", "fw.fields_widget(V=20)"), ("md", "**Figure.** The game."),
             ("code", "sp()"), ("code", "sl.cardcounter.widgets.counter_panel()"),
             ("code", "p = tt.widgets.dice_widget()\np"),
             ("code", "rbw.describe(3)"),                  # a helper of a widgets module: no panel shown
             ("code", "x = rbw.position_panel()"),         # not shown: not a panel
             ("code", "plots.plot_x()")]
    path = _notebook(tmp_path, cells, panels={3, 4, 6, 7, 8})
    chapter = app.chapter_app(path)
    assert chapter.title == "A chapter"
    assert [p.call for p in chapter.panels] == [
        "stoplib.redblack.widgets.position_panel", "stoplib.fields.widgets.fields_widget",
        "stoplib.holdem.widgets.search_panel", "stoplib.cardcounter.widgets.counter_panel",
        "stoplib.tenthousand.widgets.dice_widget"]
    assert chapter.panels[0].lead == "## Play\n\nMove the slider."
    assert chapter.panels[1].caption == "**Figure.** The game."
    assert app.panel_cells(path) == chapter.panels


def test_a_panel_the_app_cannot_pick_up_is_refused(tmp_path):
    path = _notebook(tmp_path, [("code", "from stoplib.redblack import widgets as w\nshow = w.position_panel"),
                                ("code", "show()")], panels={1})
    with pytest.raises(ValueError, match="cell 1 shows a panel"):
        app.chapter_app(path)


def test_the_app_notebook_holds_title_setup_leads_panels_and_captions_and_runs_nothing_else(tmp_path):
    cells = [("md", "# Title"), ("code", "import stoplib as sl\nfrom stoplib.redblack import widgets as w"),
             ("code", "N = sl.pick(50, 5)\nsl.show_table(None)"), ("md", "Lead one."), ("code", "w.a_panel(N)"),
             ("code", "sl.caption(f'The value at {N}.')"), ("code", "M = N + 1\nassert M"), ("code", "w.b_panel(M)")]
    chapter = app.chapter_app(_notebook(tmp_path, cells, panels={4, 7}))
    nb = app.app_notebook(chapter)
    kinds = [(c.cell_type, c.source) for c in nb.cells]
    assert kinds[0][0] == "markdown" and kinds[0][1].startswith("# Title")
    assert kinds[1:] == [
        ("code", "import stoplib as sl\nfrom stoplib.redblack import widgets as w\nN = sl.pick(50, 5)\n"
                 "_stoplib_app_ready = True"),
        ("markdown", "Lead one."), ("code", "w.a_panel(N)"), ("code", "sl.caption(f'The value at {N}.')"),
        ("code", "M = N + 1\n_stoplib_app_ready = True"), ("code", "w.b_panel(M)")]
    assert nb.metadata["stoplib"]["panels"] == ["stoplib.redblack.widgets.a_panel", "stoplib.redblack.widgets.b_panel"]
    with pytest.raises(ValueError, match="no panels"):
        app.app_notebook(app.chapter_app(_notebook(tmp_path, [("md", "# Empty")], name="02_x.ipynb")))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_every_panel_of_every_chapter_is_in_the_app(path):
    """Data-driven: each cell whose saved output is a panel's picture is one of the chapter's app panels,
    and the app notebook's code parses."""
    nb = nbformat.read(str(path), as_version=4)
    shown = [k for k, c in enumerate(nb.cells) if c.cell_type == "code" and any(
        "".join(o.get("data", {}).get("text/plain", "")) == panel.HINT for o in c.get("outputs", []))]
    chapter = app.chapter_app(path)
    assert [p.index for p in chapter.panels] == shown
    if shown:
        for cell in app.app_notebook(chapter).cells:
            if cell.cell_type == "code":
                ast.parse(cell.source)


def test_write_app_writes_one_page_per_chapter_with_panels(tmp_path):
    (tmp_path / "99_stale.ipynb").write_text("{}")
    pages = app.write_app(out=tmp_path)
    expected = [p.name for p in NOTEBOOKS if app.chapter_app(p).panels]
    assert [p.name for p in pages] == expected and sorted(p.name for p in tmp_path.iterdir()) == expected
    generated = nbformat.read(str(pages[0]), as_version=4)
    assert generated.metadata["stoplib"]["generated_from"] == f"notebooks/{pages[0].name}"
