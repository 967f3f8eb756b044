"""The notebooks as files: paired with their jupytext scripts, executed with outputs, no errors saved.

That every notebook executes top to bottom in quick mode, with no error cell, and exports
its figures is checked once, in the browser test (tests/browser), which runs each notebook
in JupyterLab; the headless runner (nbclient) that `make workbook` uses is tested on small
notebooks in tests/workbook/test_runner.py, test_freshness.py and test_stress.py.
"""
import nbformat
import pytest

from stoplib.workbook.runner import notebook_paths

NOTEBOOKS = notebook_paths()


def test_there_are_notebooks():
    assert NOTEBOOKS, "notebooks/ holds no NN_*.ipynb"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_the_committed_notebook_is_executed_without_errors_and_paired(path):
    nb = nbformat.read(path, as_version=4)
    code = [c for c in nb.cells if c.cell_type == "code" and c.source.strip()]
    assert code and all(c.get("execution_count") for c in code), f"{path.name}: a code cell was never executed"
    errors = [o for c in code for o in c.get("outputs", []) if o.get("output_type") == "error"]
    assert not errors, f"{path.name}: saved with an error output"
    assert path.with_suffix(".py").is_file(), f"{path.name} has no jupytext pair {path.with_suffix('.py').name}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_the_notebook_and_its_jupytext_script_hold_the_same_cells(path):
    import jupytext

    script = jupytext.read(path.with_suffix(".py"))
    nb = nbformat.read(path, as_version=4)
    pairs = [(c.cell_type, c.source.strip()) for c in nb.cells]
    assert [(c.cell_type, c.source.strip()) for c in script.cells] == pairs, \
        f"{path.name} and {path.with_suffix('.py').name} differ: run jupytext --sync {path}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_no_markdown_cell_has_an_emphasis_slip(path):
    """A star that is notation (τ*, V*) inside emphasis renders a stray asterisk: none in any Markdown cell.

    Markdown rendered from values goes through ``sl.prose.md`` / ``sl.caption``, which refuse such a text
    when the cell runs; this checks the cells written by hand.
    """
    from stoplib.workbook.prose import markdown_problems

    nb = nbformat.read(path, as_version=4)
    slips = [f"cell {i}: {problem}" for i, c in enumerate(nb.cells) if c.cell_type == "markdown"
             for problem in markdown_problems(c.source)]
    assert not slips, f"{path.name}: " + "; ".join(slips)
