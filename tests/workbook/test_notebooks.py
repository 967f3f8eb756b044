"""Every notebook really executes, top to bottom, in quick mode; an error cell fails."""
import pytest

from stoplib.workbook.runner import execute_notebook, notebook_paths

NOTEBOOKS = notebook_paths()


def test_there_are_notebooks():
    assert NOTEBOOKS, "notebooks/ holds no NN_*.ipynb"


@pytest.mark.notebook
@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_executes_in_quick_mode(path, tmp_path):
    nb = execute_notebook(path, quick=True, timeout=900, output_dir=tmp_path)
    errors = [o for c in nb.cells for o in c.get("outputs", []) if o.get("output_type") == "error"]
    assert not errors
    if path.stem.startswith("00_"):  # the index shows the chapters' figures; it draws none of its own
        return
    # quick mode still exports figures through the one helper
    assert list((tmp_path / "figures").glob(f"{path.stem}-*.png")), "notebook exported no figure"
