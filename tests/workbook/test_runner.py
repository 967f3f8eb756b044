"""stoplib.workbook.runner: headless execution that cannot stall, and clear failures."""
import nbformat
import pytest

from stoplib.workbook.runner import (POLL_SECONDS, NotebookError, cell_limit, execute_notebook,
                                     run_notebooks)


def _notebook(tmp_path, *sources, name="99_probe.ipynb"):
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell("# probe")] + [nbformat.v4.new_code_cell(s) for s in sources]
    path = tmp_path / name
    nbformat.write(nb, str(path))
    return path


def test_every_channel_wait_is_bounded_even_with_widgets(tmp_path):
    path = _notebook(
        tmp_path,
        "import ipywidgets as widgets",
        "panel = widgets.interactive(lambda n: print(n * n), n=widgets.IntSlider(value=3, min=0, max=9))\n"
        "display(panel)",
        "out = widgets.Output()\nwith out:\n    print('inside an Output widget')\ndisplay(out)",
    )
    log = []
    nb = execute_notebook(path, quick=True, timeout=120, output_dir=tmp_path, poll_log=log)
    assert log, "the client made no waits"
    assert all(t is not None and t <= POLL_SECONDS for _, t in log), sorted({t for _, t in log}, key=str)
    assert {channel for channel, _ in log} == {"shell_channel", "iopub_channel"}
    views = [o for c in nb.cells for o in c.get("outputs", [])
             if "application/vnd.jupyter.widget-view+json" in o.get("data", {})]
    assert len(views) == 2, "both widget panels were displayed"


def test_a_hanging_cell_fails_with_notebook_cell_and_first_line(tmp_path):
    path = _notebook(tmp_path, "x = 1", "import time\ntime.sleep(120)")
    with pytest.raises(NotebookError) as info:
        execute_notebook(path, quick=True, timeout=3, output_dir=tmp_path)
    message = str(info.value)
    assert "99_probe.ipynb" in message and "cell 3" in message and "import time" in message
    assert "limit of 3 s" in message
    assert info.value.cell_index == 3


def test_an_error_cell_names_its_cell(tmp_path):
    path = _notebook(tmp_path, "y = 2", "raise ValueError('boom')")
    with pytest.raises(NotebookError,
                       match=r"99_probe\.ipynb: cell 3 \(`raise ValueError\('boom'\)`\): ValueError: boom"):
        execute_notebook(path, quick=True, timeout=60, output_dir=tmp_path)


def test_run_notebooks_reports_progress_and_failures(tmp_path, capsys):
    good = _notebook(tmp_path, "a = 1", "b = 2", name="98_good.ipynb")
    bad = _notebook(tmp_path, "1 / 0", name="99_bad.ipynb")
    rows = run_notebooks([good, bad], quick=True, timeout=60, output_dir=tmp_path)
    assert [r.notebook for r in rows] == ["98_good", "99_bad"]
    assert rows[0].error == "" and "ZeroDivisionError" in rows[1].error
    assert "cell 2/2" in capsys.readouterr().out


def test_cell_limit_from_environment(monkeypatch):
    monkeypatch.setenv("STOPLIB_CELL_TIMEOUT", "42")
    assert cell_limit(True) == cell_limit(False) == 42
    monkeypatch.setenv("STOPLIB_CELL_TIMEOUT", "soon")
    with pytest.raises(ValueError, match="STOPLIB_CELL_TIMEOUT"):
        cell_limit(True)


def test_execute_notebook_checks_its_arguments(tmp_path):
    with pytest.raises(FileNotFoundError):
        execute_notebook(tmp_path / "none.ipynb")
    with pytest.raises(TypeError, match="quick"):
        execute_notebook(tmp_path / "none.ipynb", quick="yes")


def test_two_runs_of_the_same_notebook_save_the_same_bytes(tmp_path):
    """Styled tables (random ids, reprs with addresses), widgets (random model ids) and the cells'
    timestamps change from run to run; what the runner saves does not, so a rerun that computes
    the same results leaves git clean."""
    path = _notebook(
        tmp_path,
        "import pandas as pd, ipywidgets as widgets\nimport stoplib as sl",
        "sl.show_table(pd.DataFrame({'n_red': [26, 100], 'value': [2.62, 9.01]}))",
        "sl.verdicts.styler(sl.verdicts.table('01_demo', [sl.verdicts.row('c', '1', '1', 'agrees', headline=True)]))",
        "widgets.IntSlider(value=3)",
        "import time\nprint('before a pause')\ntime.sleep(1.5)\nprint('after it')",
    )
    saved = []
    for k in range(2):
        target = tmp_path / f"run{k}.ipynb"
        execute_notebook(path, quick=True, timeout=120, output_dir=tmp_path, save_to=target)
        saved.append(target.read_bytes())
    assert saved[0] == saved[1]
    text = saved[0].decode()
    assert " at 0x" not in text and '"execution"' not in text and 'id=\\"T_c3o0t0\\"' in text
    printed = nbformat.reads(text, as_version=4).cells[-1].outputs     # one stream, however the kernel split it
    assert [o.output_type for o in printed] == ["stream"] and printed[0].text == "before a pause\nafter it\n"
