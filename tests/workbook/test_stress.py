"""The short stall test of CI: the smallest widget notebook, 3 times, with both cores loaded.

``make stress`` runs the long version (every widget notebook, 20 times each).
"""
import pytest

from stoplib.workbook.runner import notebook_paths
from stoplib.workbook.stress import stress

#: The smallest notebook with widget panels (fastest quick-mode run).
SMALLEST_WIDGET_NOTEBOOK = "04_increasing_fields"


@pytest.mark.notebook
def test_widget_notebook_reruns_never_stall_under_load(capsys):
    paths = [p for p in notebook_paths() if p.stem == SMALLEST_WIDGET_NOTEBOOK]
    assert paths, f"{SMALLEST_WIDGET_NOTEBOOK}.ipynb is missing"
    result = stress(paths, repeat=3, load=2, bound=240)
    assert result.ok, result.table() + "\n" + capsys.readouterr().out
    assert len(result.seconds[SMALLEST_WIDGET_NOTEBOOK]) == 3
